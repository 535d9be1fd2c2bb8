/* fuzz_jdoc: jdoc_parse (src/core/jdoc.h) on arbitrary bytes.
 * Besides "no crash, no leak, no UB", checks that a document that parses has a source line for
 * every value that is not a shared singleton (true/false/null), within the text's line count,
 * and that jdoc_err/jdoc_add report that line. */
#include "fuzz_common.h"
#include "core/jdoc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct walk {
	const struct jdoc *d;
	int maxline;
	struct errlist *errs;
};

static void walk(struct walk *w, const json_t *v)
{
	if (json_is_true(v) || json_is_false(v) || json_is_null(v))
		return;
	int line = jdoc_line(w->d, v);
	if (line < 1 || line > w->maxline)
		fz_fail("value of type %d has line %d (text has %d lines)", (int)json_typeof(v), line, w->maxline);
	struct err e;
	if (jdoc_err(w->d, v, &e, "at %d", line) != -1 || e.line != line)
		fz_fail("jdoc_err reports line %d for a value at line %d", e.line, line);
	if (w->errs->total < 2 * ERRLIST_MAX)
		jdoc_add(w->d, v, w->errs, "value at %d", line);
	if (json_is_object(v)) {
		const char *k;
		const json_t *c;
		json_object_foreach((json_t *)(uintptr_t)v, k, c)
			walk(w, c);
	} else if (json_is_array(v)) {
		for (size_t i = 0; i < json_array_size(v); i++)
			walk(w, json_array_get(v, i));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct jdoc d;
	struct err e;
	struct errlist errs;

	if (jdoc_parse(&d, "fuzz.json", (const char *)data, size, &e) != 0) {
		if (d.root || d.lines)
			fz_fail("jdoc_parse failed but left a document behind");
		if (e.line < 0 || !memchr(e.msg, '\0', sizeof e.msg))
			fz_fail("bad error report");
		return 0;
	}
	int lines = 1;
	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n';
	errlist_init(&errs);
	struct walk w = {&d, lines, &errs};
	walk(&w, d.root);
	char buf[ERR_FILE_MAX + ERR_MSG_MAX + 32];
	for (int i = 0; i < errs.n; i++)
		err_format(&errs.e[i], buf, sizeof buf);
	jdoc_free(&d);
	return 0;
}
