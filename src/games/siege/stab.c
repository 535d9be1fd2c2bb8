/* stab: reading Sevastopol's charts (stab.h; docs/FORMATS.md "Tables"). */
#include "stab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/prov.h"

const char *const stab_crt_col[STAB_CRT_COLS] = {"1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"};
const char *const stab_nation_name[SN_NATIONS] = {"british", "french", "russian"};
const char *const stab_battle_name[SB_BATTLES] = {"balaclava", "inkerman", "tchernaya"};
const char *const stab_terrain_name[ST_TERRAINS] = {"flat", "hill", "depression", "ravine", "start-line"};

struct rd {
	const struct jdoc *d;
	struct errlist *errs;
	const json_t *tables;
};

static const json_t *table(const struct rd *R, const char *id)
{
	size_t i;
	const json_t *t;
	json_array_foreach(R->tables, i, t) {
		const char *tid = json_string_value(json_object_get(t, "id"));
		if (tid && !strcmp(tid, id)) {
			struct prov p;
			prov_read(R->d, t, true, &p, R->errs);
			return t;
		}
	}
	jdoc_add(R->d, R->tables, R->errs, "missing table \"%s\"", id);
	return NULL;
}

/* The cell of row key at column col, or NULL (reported). */
static const char *cell(const struct rd *R, const json_t *t, const char *key, const char *col, const json_t **where)
{
	const json_t *cols = json_object_get(t, "columns"), *rows = json_object_get(t, "rows"), *r, *c;
	size_t i, ci = (size_t)-1;
	json_array_foreach(cols, i, c)
		if (json_is_string(c) && !strcmp(json_string_value(c), col))
			ci = i;
	if (ci == (size_t)-1) {
		jdoc_add(R->d, t, R->errs, "table \"%s\" needs a column \"%s\"", json_string_value(json_object_get(t, "id")), col);
		return NULL;
	}
	json_array_foreach(rows, i, r) {
		const char *k = json_string_value(json_object_get(r, "key"));
		if (k && !strcmp(k, key)) {
			c = json_array_get(json_object_get(r, "cells"), ci);
			*where = c ? c : r;
			if (!json_is_string(c)) {
				jdoc_add(R->d, *where, R->errs, "the cell %s/%s must be a string", key, col);
				return NULL;
			}
			return json_string_value(c);
		}
	}
	jdoc_add(R->d, t, R->errs, "table \"%s\" needs a row \"%s\"", json_string_value(json_object_get(t, "id")), key);
	return NULL;
}

/* A whole number in lo..hi, or "-" (STAB_NONE) when dash. */
static bool num(const char *s, int lo, int hi, bool dash, int *out)
{
	char *end;
	long v;
	if (dash && !strcmp(s, "-")) {
		*out = STAB_NONE;
		return true;
	}
	v = strtol(s, &end, 10);
	if (end == s || *end || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

#define NUMCELL(tb, key, col, lo, hi, dash, dst)                                                               \
	do {                                                                                                   \
		const json_t *w_ = NULL;                                                                       \
		const char *s_ = cell(R, tb, key, col, &w_);                                                   \
		if (s_ && !num(s_, lo, hi, dash, dst))                                                         \
			jdoc_add(R->d, w_, R->errs, "\"%s\" is not a number %d-%d%s", s_, lo, hi, dash ? " or \"-\"" : ""); \
	} while (0)

static void load_turns(const struct rd *R, struct stab *t)
{
	const json_t *tb = table(R, "turns");
	for (int i = 0; tb && i < STAB_TURNS; i++) {
		char key[12];
		const json_t *w = NULL;
		const char *s;
		snprintf(key, sizeof key, "%d", i + 1);
		if ((s = cell(R, tb, key, "name", &w)))
			snprintf(t->turn[i], sizeof t->turn[i], "%s", s);
		if ((s = cell(R, tb, key, "winter", &w)))
			t->winter[i] = !strcmp(s, "yes");
		if ((s = cell(R, tb, key, "attrition", &w)))
			t->attrition_turn[i] = !strcmp(s, "yes");
	}
}

/* [9.12], [9.23]: "4", or "6*" when the engineer's bonus is 4 that Game-Turn. */
static void load_construction(const struct rd *R, struct stab *t)
{
	const json_t *tb = table(R, "construction");
	for (int i = 0; tb && i < STAB_TURNS; i++) {
		char key[12], buf[8];
		snprintf(key, sizeof key, "%d", i + 1);
		for (int n = 0; n < SN_NATIONS; n++) {
			const json_t *w = NULL;
			const char *s = cell(R, tb, key, stab_nation_name[n], &w);
			size_t len;
			if (!s)
				continue;
			len = strlen(s);
			t->cp_star[i][n] = len > 0 && s[len - 1] == '*';
			snprintf(buf, sizeof buf, "%.*s", (int)(t->cp_star[i][n] ? len - 1 : len), s);
			if (len >= sizeof buf || !num(buf, 0, 99, false, &t->cp[i][n]))
				jdoc_add(R->d, w, R->errs, "\"%s\" is not Construction Points 0-99 (a * after them: the engineer's "
					 "bonus is 4)", s);
			else if (t->winter[i] && t->cp[i][n])
				jdoc_add(R->d, w, R->errs, "[9.17] no Construction Points in a Winter Game-Turn");
		}
	}
}

static void load_costs(const struct rd *R, struct stab *t)
{
	const json_t *tb = table(R, "construction_cost");
	for (int r = 0; tb && r < ST_TERRAINS; r++) {
		NUMCELL(tb, stab_terrain_name[r], "parallel", 1, 20, true, &t->build_cost[r][0]);
		NUMCELL(tb, stab_terrain_name[r], "sap", 1, 20, true, &t->build_cost[r][1]);
	}
}

static void load_small(const struct rd *R, struct stab *t)
{
	static const char *const ammo_cols[9] = {"british_units", "british_siege", "british_mortar",
						 "french_units", "french_siege", "french_mortar",
						 "russian_units", "russian_siege", "russian_mortar"};
	const json_t *tb = table(R, "attrition");
	for (int r = 0; tb && r < 8; r++) {
		char key[12];
		snprintf(key, sizeof key, "%d", r);
		for (int n = 0; n < SN_NATIONS; n++)
			NUMCELL(tb, key, stab_nation_name[n], 0, 20, false, &t->attrition[r][n]);
	}
	tb = table(R, "intervention");
	for (int r = 0; tb && r < 6; r++) {
		char key[12];
		snprintf(key, sizeof key, "%d", r + 1);
		for (int b = 0; b < SB_BATTLES; b++)
			NUMCELL(tb, key, stab_battle_name[b], 0, 50, true, &t->intervention[r][b]);
	}
	tb = table(R, "ammunition");
	for (int r = 0; tb && r < STAB_TURNS; r++) {
		char key[12];
		snprintf(key, sizeof key, "%d", r + 1);
		for (int c = 0; c < 9; c++)
			NUMCELL(tb, key, ammo_cols[c], 0, 99, true, &t->ammo[r][c]);
	}
}

/* "1/2*", "D/1", "-/-" */
static bool fire_cell(const char *s, struct stab_fire *f)
{
	const char *sl = strchr(s, '/');
	memset(f, 0, sizeof *f);
	if (!sl)
		return false;
	if (s[0] == 'D' && sl == s + 1)
		f->damaged = true;
	else if (s[0] == '-' && sl == s + 1)
		f->strength = 0;
	else if (s[0] >= '1' && s[0] <= '9' && sl == s + 1)
		f->strength = s[0] - '0';
	else
		return false;
	if (sl[1] == '-')
		f->infantry = 0;
	else if (sl[1] >= '1' && sl[1] <= '9')
		f->infantry = sl[1] - '0';
	else
		return false;
	if (sl[2] == '*' && !sl[3])
		f->dump = true;
	else if (sl[2])
		return false;
	return true;
}

static void load_fire(const struct rd *R, struct stab *t)
{
	static const char *const cols[STAB_FIRE_COLS] = {"sap", "8-7", "6-5", "4-3", "2-1", "0"};
	const json_t *tb = table(R, "siege_fire");
	for (int r = 0; tb && r < STAB_FIRE_ROWS; r++) {
		char key[12];
		snprintf(key, sizeof key, "%d", r);
		NUMCELL(tb, key, "siege", -9, 20, true, &t->fire_siege[r]);
		NUMCELL(tb, key, "mortar", -9, 20, true, &t->fire_mortar[r]);
		for (int c = 0; c < STAB_FIRE_COLS; c++) {
			const json_t *w = NULL;
			const char *s = cell(R, tb, key, cols[c], &w);
			if (s && !fire_cell(s, &t->fire[r][c]))
				jdoc_add(R->d, w, R->errs, "\"%s\" is not a Siege Battery Fire cell (\"1/2\", \"D/1\", \"-/-\", a * for "
					 "an ammunition dump)", s);
		}
	}
	/* each die a gun reads names one row, rising with the die */
	for (int r = 1; tb && r < STAB_FIRE_ROWS; r++)
		if ((t->fire_siege[r] != STAB_NONE && t->fire_siege[r - 1] != STAB_NONE && t->fire_siege[r] != t->fire_siege[r - 1] + 1) ||
		    (t->fire_mortar[r] != STAB_NONE && t->fire_mortar[r - 1] != STAB_NONE && t->fire_mortar[r] != t->fire_mortar[r - 1] + 1))
			jdoc_add(R->d, tb, R->errs, "siege_fire row %d: the dice must rise one a row", r);
}

static void load_range(const struct rd *R, struct stab *t)
{
	const json_t *tb = table(R, "range"), *r;
	size_t i;
	if (!tb)
		return;
	json_array_foreach(json_object_get(tb, "rows"), i, r) {
		const char *k = json_string_value(json_object_get(r, "key"));
		const char *v = json_string_value(json_array_get(json_object_get(r, "cells"), 0));
		if (t->nranges == STAB_RANGES) {
			jdoc_add(R->d, r, R->errs, "more than %d range bands", STAB_RANGES);
			return;
		}
		if (!k || !v || !num(k, 1, 5000, false, &t->range_to[t->nranges]) ||
		    !num(v[0] == '+' ? v + 1 : v, -9, 9, false, &t->range_mod[t->nranges])) {
			jdoc_add(R->d, r, R->errs, "a range band is {\"key\": yards, \"cells\": [modifier]}");
			continue;
		}
		if (t->nranges && (t->range_to[t->nranges] <= t->range_to[t->nranges - 1] ||
				   t->range_mod[t->nranges] > t->range_mod[t->nranges - 1]))
			jdoc_add(R->d, r, R->errs, "range bands must rise in yards, and their modifiers never rise with range");
		t->nranges++;
	}
}

static void load_crt(const struct rd *R, struct stab *t)
{
	static const char *const mcols[4] = {"A", "B", "C", "D"};
	const json_t *tb = table(R, "melee"), *mt = table(R, "morale");
	for (int r = STAB_ROW_MIN; r <= STAB_ROW_MAX; r++) {
		char key[12];
		snprintf(key, sizeof key, "%d", r);
		for (int c = 0; tb && c < STAB_CRT_COLS; c++) {
			const json_t *w = NULL;
			const char *s = cell(R, tb, key, stab_crt_col[c], &w);
			if (s && (strlen(s) != 1 || !strchr("ADB", s[0])))
				jdoc_add(R->d, w, R->errs, "\"%s\" is not a melee result (A, D or B)", s);
			else if (s)
				t->melee[r - STAB_ROW_MIN][c] = s[0];
		}
		for (int c = 0; mt && c < 4; c++) {
			const json_t *w = NULL;
			const char *s = cell(R, mt, key, mcols[c], &w);
			if (s && (strlen(s) != 1 || !strchr("ER12-", s[0])))
				jdoc_add(R->d, w, R->errs, "\"%s\" is not a morale effect (E, R, 1, 2 or -)", s);
			else if (s)
				t->morale[r - STAB_ROW_MIN][c] = s[0];
		}
	}
}

int stab_load(struct stab *t, const struct jdoc *d, struct errlist *errs)
{
	struct rd R = {d, errs, json_object_get(d->root, "tables")};
	const char *id = json_string_value(json_object_get(d->root, "id"));
	int before = errs->total;
	memset(t, 0, sizeof *t);
	snprintf(t->file, sizeof t->file, "%s", d->file);
	if (!id || strcmp(id, "siege") || !json_is_array(R.tables)) {
		jdoc_add(d, d->root, errs, "Sevastopol's charts are a tables file with \"id\": \"siege\" and a \"tables\" list");
		return -1;
	}
	load_turns(&R, t);
	load_construction(&R, t);
	load_costs(&R, t);
	load_small(&R, t);
	load_fire(&R, t);
	load_range(&R, t);
	load_crt(&R, t);
	return errs->total == before ? 0 : -1;
}

int stab_load_file(struct stab *t, const char *path, struct errlist *errs)
{
	struct jdoc d;
	if (jdoc_load_errs(&d, path, errs) != 0)
		return -1;
	int rc = stab_load(t, &d, errs);
	jdoc_free(&d);
	return rc;
}
