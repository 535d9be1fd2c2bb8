/* testutil: shared helpers for the cmocka unit tests. */
#ifndef CRIMEA_TESTUTIL_H
#define CRIMEA_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "games/rules.h"
#include "hex/hex.h"

/* The text of the file at path with old, which must occur in it exactly once, replaced by
 * new (for tests of a loader's errors on a variant of a real data file); *line (may be NULL)
 * the line where old stood. The caller frees the result. */
static inline char *test_variant(const char *path, const char *old, const char *new, int *line)
{
	FILE *f = fopen(path, "rb");
	size_t lo = strlen(old), ln = strlen(new), len;
	char *text, *at, *v;
	long n;
	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n > 0);
	rewind(f);
	len = (size_t)n;
	text = malloc(len + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, len, f), len);
	text[len] = 0;
	fclose(f);
	at = strstr(text, old);
	if (!at || strstr(at + 1, old))
		fail_msg("\"%s\" is not in %s exactly once", old, path);
	if (line) {
		*line = 1;
		for (const char *p = text; p < at; p++)
			*line += *p == '\n';
	}
	v = malloc(len - lo + ln + 1);
	assert_non_null(v);
	memcpy(v, text, (size_t)(at - text));
	memcpy(v + (at - text), new, ln);
	memcpy(v + (at - text) + ln, at + lo, len - (size_t)(at - text) - lo + 1);
	free(text);
	return v;
}

/* The same variant parsed into d (the caller frees it with jdoc_free), named path for its
 * errors; a variant that is not JSON fails the test. */
static inline void test_variant_doc(struct jdoc *d, const char *path, const char *old, const char *new, int *line)
{
	char *v = test_variant(path, old, new, line);
	struct err e;
	if (jdoc_parse(d, path, v, strlen(v), &e) != 0)
		fail_msg("the variant does not parse: %s", e.msg);
	free(v);
}

/* Which tests of a binary run, from the environment (cmocka's patterns, '*' and '?'):
 * CRIMEA_TEST_ONLY runs those that match, CRIMEA_TEST_SKIP skips those that match.
 * tests/run-unit.sh uses them to run one long test as a job of its own; by hand:
 * CRIMEA_TEST_ONLY=test_search_plans build/tests/test_ai. Call before the group runs. */
static inline void test_filters_from_env(void)
{
	const char *only = getenv("CRIMEA_TEST_ONLY"), *skip = getenv("CRIMEA_TEST_SKIP");
	if (only && *only)
		cmocka_set_test_filter(only);
	if (skip && *skip)
		cmocka_set_skip_filter(skip);
}

/* Loads the scenario at path into s for a fixture's setup: 0, or -1 after printing every error
 * (file:line: message). */
static inline int load_scenario(struct scenario *s, const char *path)
{
	struct errlist *l = malloc(sizeof *l);
	int rc = -1;
	if (!l)
		return -1;
	errlist_init(l);
	if (scenario_load(s, path, l) == 0)
		rc = 0;
	else
		for (int i = 0; i < l->n; i++)
			print_error("%s:%d: %s\n", l->e[i].file, l->e[i].line, l->e[i].msg);
	free(l);
	return rc;
}

/* "XXYY" -> hex number, failing the test on a typo. */
static inline int H(const char *s)
{
	int h = -1;
	assert_true(hex_parse(s, &h));
	return h;
}

/* The score sheet agrees with over(): every line scores for a side, cites a case and says
 * what; each side's lines add up to its points; the result is over()'s. Returns the sheet. */
static inline struct score_sheet check_score(const struct game *g)
{
	struct score_sheet sh;
	struct result r, o;
	int sum[2] = {0, 0};

	memset(&o, 0, sizeof o);
	g->rules->over(g, &o);
	assert_non_null(g->rules->score);
	g->rules->score(g, &sh, &r);
	assert_in_range(sh.n, 0, SCORE_LINES_MAX);
	for (int i = 0; i < sh.n; i++) {
		assert_in_range(sh.line[i].side, 0, 1);
		assert_true(sh.line[i].vp != 0);
		assert_true(sh.line[i].rule[0] == '[' && sh.line[i].what[0] && sh.line[i].item[0]);
		assert_true(i == 0 || sh.line[i].order > sh.line[i - 1].order); /* the schedule's order */
		sum[sh.line[i].side] += sh.line[i].vp;
	}
	/* the items that scored nothing: named, in order, and with the scoring ones every item read */
	assert_in_range(sh.nzero, 0, SCORE_LINES_MAX);
	for (int i = 0; i < sh.nzero; i++) {
		assert_true(sh.zero[i].vp == 0 && sh.zero[i].rule[0] == '[' && sh.zero[i].item[0]);
		assert_true(i == 0 || sh.zero[i].order > sh.zero[i - 1].order);
	}
	assert_int_equal(sh.n + sh.nzero, sh.items);
	if (sum[0] != o.vp[0] || sum[1] != o.vp[1])
		fail_msg("the score sheet adds up to %d and %d, over() says %d and %d (%s)", sum[0], sum[1],
			 o.vp[0], o.vp[1], o.level);
	assert_int_equal(r.winner, o.winner);
	assert_int_equal(r.over, o.over);
	assert_string_equal(r.level, o.level);
	return sh;
}

/* The line of sh citing rule whose text contains what, or NULL. */
static inline const struct score_line *score_find(const struct score_sheet *sh, const char *rule,
						  const char *what)
{
	for (int i = 0; i < sh->n; i++)
		if (!strcmp(sh->line[i].rule, rule) && strstr(sh->line[i].what, what))
			return &sh->line[i];
	return NULL;
}

#endif
