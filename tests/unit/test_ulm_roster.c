/* Unit tests for src/games/ulm/uroster.c: a From Ulm to Waterloo game kept for a referee, its
 * units checked against the tables, and its file read back as written, every problem at its
 * line. */
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

#include "core/jdoc.h"
#include "games/ulm/uroster.h"

#define TABLES "data/ulm/tables.json"

struct tabs {
	struct umor_tab mt;
	struct umel_tab lt;
};

static const struct tabs *tabs(void)
{
	static struct tabs t;
	static int loaded;
	if (!loaded) {
		struct errlist *l = malloc(sizeof *l);
		struct jdoc d;
		struct err e;
		assert_non_null(l);
		errlist_init(l);
		assert_int_equal(jdoc_load(&d, TABLES, &e), 0);
		assert_int_equal(umor_load(&t.mt, &d, l), 0);
		assert_int_equal(umel_load(&t.lt, &d, l), 0);
		jdoc_free(&d);
		free(l);
		loaded = 1;
	}
	return &t;
}

static struct urost_unit unit(const char *id, const char *cls, const char *type, int figures)
{
	struct urost_unit u = {0};
	snprintf(u.id, sizeof u.id, "%s", id);
	snprintf(u.cls, sizeof u.cls, "%s", cls);
	snprintf(u.type, sizeof u.type, "%s", type);
	u.original = u.figures = figures;
	return u;
}

/* add checks every fact: the id, the chart's troop type, the melee's figure type, the figures,
 * and one unit an id */
static void test_add(void **state)
{
	(void)state;
	static struct urost_game g;
	const struct tabs *t = tabs();
	struct err e;
	struct urost_unit u = unit("1-line", "line-infantry", "infantry", 30), bad;
	assert_int_equal(urost_add(&g, &t->mt, &t->lt, &u, &e), 0);
	assert_int_equal(urost_find(&g, "1-line"), 0);
	assert_int_equal(urost_add(&g, &t->mt, &t->lt, &u, &e), -1);
	assert_non_null(strstr(e.msg, "already"));
	bad = unit("2-line", "line", "infantry", 30);
	assert_int_equal(urost_add(&g, &t->mt, &t->lt, &bad, &e), -1);
	assert_non_null(strstr(e.msg, "troop type \"line\""));
	bad = unit("2-line", "line-infantry", "foot", 30);
	assert_int_equal(urost_add(&g, &t->mt, &t->lt, &bad, &e), -1);
	assert_non_null(strstr(e.msg, "figure type \"foot\""));
	/* an id that is a figure type would read as a typed-in melee unit */
	bad = unit("dragoon", "other-horse", "dragoon", 24);
	assert_int_equal(urost_add(&g, &t->mt, &t->lt, &bad, &e), -1);
	assert_non_null(strstr(e.msg, "may not be a figure type"));
	bad = unit("2 Line", "line-infantry", "infantry", 30);
	assert_int_equal(urost_add(&g, &t->mt, &t->lt, &bad, &e), -1);
	bad = unit("2-line", "line-infantry", "infantry", 30);
	bad.figures = 31;
	assert_int_equal(urost_add(&g, &t->mt, &t->lt, &bad, &e), -1);
	assert_int_equal(g.n, 1);
}

/* the lasting qualities reach the melee as its flags of the same names */
static void test_qualities(void **state)
{
	(void)state;
	struct urost_unit u = unit("uhlans", "other-horse", "light-horse", 16);
	u.q = urost_quality("lancer") | urost_quality("militia");
	assert_int_equal(urost_quality("square"), 0);
	assert_int_equal(urost_melee_flags(&u), UMEL_LANCER | UMEL_MILITIA);
	u.q = urost_quality("second-line") | urost_quality("skirmisher");
	assert_int_equal(urost_melee_flags(&u), UMEL_SECOND_LINE | UMEL_SKIRMISHER);
}

/* the file reads back what was written; a broken one says where */
static void test_file(void **state)
{
	(void)state;
	static struct urost_game g, back;
	const struct tabs *t = tabs();
	struct urost_unit a = unit("1-line", "line-infantry", "infantry", 30), b = unit("uhlans", "other-horse", "light-horse", 16);
	struct errlist *l = malloc(sizeof *l);
	struct jdoc d;
	struct err e;
	char *txt, *broken;
	assert_non_null(l);
	a.figures = 12;
	a.state = UM_FALL_BACK;
	a.perm = -2;
	b.q = urost_quality("lancer");
	assert_int_equal(urost_add(&g, &t->mt, &t->lt, &a, &e), 0);
	assert_int_equal(urost_add(&g, &t->mt, &t->lt, &b, &e), 0);
	json_t *j = urost_json(&g);
	assert_non_null(j);
	txt = json_dumps(j, JSON_INDENT(1));
	json_decref(j);
	assert_non_null(txt);
	assert_int_equal(jdoc_parse(&d, "u.json", txt, strlen(txt), &e), 0);
	errlist_init(l);
	assert_int_equal(urost_read(&back, &t->mt, &t->lt, &d, l), 0);
	jdoc_free(&d);
	assert_int_equal(back.n, 2);
	assert_memory_equal(&back.u[0], &g.u[0], sizeof g.u[0]);
	assert_memory_equal(&back.u[1], &g.u[1], sizeof g.u[1]);
	/* a unit with more figures than it started with, and a state that is none, each at its line */
	broken = strdup(txt);
	assert_non_null(broken);
	char *f = strstr(broken, "\"figures\": 12");
	assert_non_null(f);
	memcpy(f, "\"figures\": 99", 13);
	char *s = strstr(broken, "fall-back");
	assert_non_null(s);
	memcpy(s, "fall-bak ", 9);
	assert_int_equal(jdoc_parse(&d, "u.json", broken, strlen(broken), &e), 0);
	errlist_init(l);
	assert_int_equal(urost_read(&back, &t->mt, &t->lt, &d, l), -1);
	jdoc_free(&d);
	assert_true(l->n >= 1);
	assert_true(l->e[0].line > 1);
	assert_non_null(strstr(l->e[0].msg, "fall-bak"));
	free(broken);
	free(txt);
	free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_add),
		cmocka_unit_test(test_qualities),
		cmocka_unit_test(test_file),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
