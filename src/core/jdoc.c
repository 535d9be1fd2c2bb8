/* jdoc: jansson documents with value line numbers.
 * jansson keeps no positions, so after a successful parse we walk the same text once more with
 * a tiny scanner that follows the parsed tree (object members by key, array items by index) and
 * records the line at which each value starts. The text is known to be valid JSON by then. */
#include "jdoc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsio.h"

struct scan {
	const char *p, *end;
	int line;
	struct jdoc *d;
	size_t cap;
	int depth;
};

static void skip_ws(struct scan *s)
{
	while (s->p < s->end) {
		char c = *s->p;
		if (c == '\n')
			s->line++;
		else if (c != ' ' && c != '\t' && c != '\r')
			return;
		s->p++;
	}
}

static int record(struct scan *s, const json_t *v, int line)
{
	if (!v || json_is_true(v) || json_is_false(v) || json_is_null(v))
		return 0;
	if (s->d->nlines == s->cap) {
		size_t ncap = s->cap ? s->cap * 2 : 256;
		struct jline *nl = realloc(s->d->lines, ncap * sizeof *nl);
		if (!nl)
			return -1;
		s->d->lines = nl;
		s->cap = ncap;
	}
	s->d->lines[s->d->nlines].v = v;
	s->d->lines[s->d->nlines].line = line;
	s->d->nlines++;
	return 0;
}

/* Skips a string token starting at '"'; copies its raw body (without quotes) into raw. */
static void skip_string(struct scan *s, const char **raw, size_t *rawlen)
{
	const char *start = ++s->p;
	while (s->p < s->end && *s->p != '"') {
		if (*s->p == '\\')
			s->p++;
		s->p++;
	}
	if (raw) {
		*raw = start;
		*rawlen = (size_t)(s->p - start);
	}
	if (s->p < s->end)
		s->p++;
}

static int scan_value(struct scan *s, const json_t *v);

static int scan_object(struct scan *s, const json_t *obj)
{
	char keybuf[512];

	s->p++; /* '{' */
	for (;;) {
		const char *raw;
		size_t rawlen;
		const json_t *child;

		skip_ws(s);
		if (s->p >= s->end || *s->p == '}')
			break;
		if (*s->p == ',') {
			s->p++;
			continue;
		}
		skip_string(s, &raw, &rawlen);
		if (memchr(raw, '\\', rawlen) || rawlen >= sizeof keybuf) {
			/* Escaped key: let jansson decode it. */
			json_t *k = json_loadb(raw - 1, rawlen + 2, JSON_DECODE_ANY, NULL);
			snprintf(keybuf, sizeof keybuf, "%s", k && json_is_string(k) ? json_string_value(k) : "");
			json_decref(k);
		} else {
			memcpy(keybuf, raw, rawlen);
			keybuf[rawlen] = '\0';
		}
		skip_ws(s);
		if (s->p < s->end && *s->p == ':')
			s->p++;
		child = json_object_get(obj, keybuf);
		if (scan_value(s, child) != 0)
			return -1;
	}
	if (s->p < s->end)
		s->p++;
	return 0;
}

static int scan_array(struct scan *s, const json_t *arr)
{
	size_t i = 0;

	s->p++; /* '[' */
	for (;;) {
		skip_ws(s);
		if (s->p >= s->end || *s->p == ']')
			break;
		if (*s->p == ',') {
			s->p++;
			continue;
		}
		if (scan_value(s, json_array_get(arr, i++)) != 0)
			return -1;
	}
	if (s->p < s->end)
		s->p++;
	return 0;
}

static int scan_value(struct scan *s, const json_t *v)
{
	int rc = 0;

	skip_ws(s);
	if (s->p >= s->end)
		return 0;
	if (record(s, v, s->line) != 0)
		return -1;
	if (++s->depth > 2048)
		return -1;
	switch (*s->p) {
	case '{':
		rc = scan_object(s, v);
		break;
	case '[':
		rc = scan_array(s, v);
		break;
	case '"':
		skip_string(s, NULL, NULL);
		break;
	default:
		/* a number or literal; always advance (the text has no NUL: see jdoc_parse) */
		do
			s->p++;
		while (s->p < s->end && *s->p && !strchr(",]} \t\r\n", *s->p));
	}
	s->depth--;
	return rc;
}

static int cmp_line(const void *a, const void *b)
{
	const struct jline *x = a, *y = b;
	uintptr_t px = (uintptr_t)x->v, py = (uintptr_t)y->v;
	return px < py ? -1 : px > py;
}

int jdoc_parse(struct jdoc *d, const char *file, const char *text, size_t len, struct err *e)
{
	json_error_t je;
	struct scan s;

	memset(d, 0, sizeof *d);
	snprintf(d->file, sizeof d->file, "%s", file);
	const char *nul = memchr(text, '\0', len);
	if (nul) {
		int line = 1;
		for (const char *q = text; q < nul; q++)
			line += *q == '\n';
		return err_set(e, file, line, "invalid JSON: a NUL byte in the text");
	}
	d->root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!d->root)
		return err_set(e, file, je.line > 0 ? je.line : 1, "invalid JSON: %s", je.text);
	if (!json_is_object(d->root)) {
		json_decref(d->root);
		d->root = NULL;
		return err_set(e, file, 1, "expected a JSON object at the top level");
	}
	s.p = text;
	s.end = text + len;
	s.line = 1;
	s.d = d;
	s.cap = 0;
	s.depth = 0;
	if (scan_value(&s, d->root) != 0) {
		jdoc_free(d);
		return err_set(e, file, 0, "out of memory or nesting too deep");
	}
	qsort(d->lines, d->nlines, sizeof *d->lines, cmp_line);
	return 0;
}

int jdoc_load(struct jdoc *d, const char *path, struct err *e)
{
	char *text;
	size_t len;
	int rc;

	memset(d, 0, sizeof *d);
	if (fs_read_all(path, &text, &len, e) != 0)
		return -1;
	rc = jdoc_parse(d, path, text, len, e);
	free(text);
	return rc;
}

int jdoc_load_errs(struct jdoc *d, const char *path, struct errlist *errs)
{
	struct err e;
	if (jdoc_load(d, path, &e) == 0)
		return 0;
	errlist_add(errs, &e);
	return -1;
}

void jdoc_free(struct jdoc *d)
{
	json_decref(d->root);
	free(d->lines);
	d->root = NULL;
	d->lines = NULL;
	d->nlines = 0;
}

int jdoc_line(const struct jdoc *d, const json_t *v)
{
	size_t lo = 0, hi = d->nlines;
	uintptr_t key = (uintptr_t)v;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		uintptr_t m = (uintptr_t)d->lines[mid].v;
		if (m == key)
			return d->lines[mid].line;
		if (m < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

int jdoc_err(const struct jdoc *d, const json_t *v, struct err *e, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	snprintf(e->file, sizeof e->file, "%s", d->file);
	e->line = v ? jdoc_line(d, v) : 0;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
	return -1;
}

void jdoc_add(const struct jdoc *d, const json_t *v, struct errlist *l, const char *fmt, ...)
{
	struct err e;
	va_list ap;

	snprintf(e.file, sizeof e.file, "%s", d->file);
	e.line = v ? jdoc_line(d, v) : 0;
	va_start(ap, fmt);
	vsnprintf(e.msg, sizeof e.msg, fmt, ap);
	va_end(ap);
	errlist_add(l, &e);
}

const char *jdoc_str(const struct jdoc *d, const json_t *obj, const char *k, bool need, struct errlist *errs)
{
	const json_t *v = json_object_get(obj, k);
	if (!v) {
		if (need)
			jdoc_add(d, obj, errs, "missing \"%s\"", k);
		return NULL;
	}
	if (!json_is_string(v)) {
		jdoc_add(d, v, errs, "\"%s\" must be a string", k);
		return NULL;
	}
	return json_string_value(v);
}

int jdoc_int(const struct jdoc *d, const json_t *obj, const char *k, int lo, int hi, struct errlist *errs)
{
	const json_t *v = json_object_get(obj, k);
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
		jdoc_add(d, v ? v : obj, errs, "\"%s\" must be a whole number from %d to %d", k, lo, hi);
		return lo;
	}
	return (int)json_integer_value(v);
}

bool jdoc_bool(const struct jdoc *d, const json_t *obj, const char *k, struct errlist *errs)
{
	const json_t *v = json_object_get(obj, k);
	if (v && !json_is_boolean(v))
		jdoc_add(d, v, errs, "\"%s\" must be true or false", k);
	return json_is_true(v);
}

double jdoc_num(const struct jdoc *d, const json_t *obj, const char *k, double lo, double hi, struct errlist *errs)
{
	const json_t *v = json_object_get(obj, k);
	double x = json_is_number(v) ? json_number_value(v) : lo - 1;
	if (!(x >= lo && x <= hi)) {
		jdoc_add(d, v ? v : obj, errs, "\"%s\" must be a number from %g to %g", k, lo, hi);
		return lo;
	}
	return x;
}
