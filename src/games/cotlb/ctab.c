/* ctab: reading the Charge of the Light Brigade play sheet (docs/FORMATS.md "Tables"). */
#include "ctab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/prov.h"

const char *const ctab_target_name[CT_TARGETS] = {"line", "column", "enfilade"};

struct rd {
	const struct jdoc *d;
	struct errlist *errs;
	const json_t *tables;
};

static const json_t *find_table(const struct rd *R, const char *id, bool need)
{
	size_t i;
	const json_t *t;
	json_array_foreach(R->tables, i, t) {
		const char *tid = json_string_value(json_object_get(t, "id"));
		if (tid && !strcmp(tid, id)) {
			struct prov p;
			prov_read(R->d, t, true, &p, R->errs);
			if (!json_is_array(json_object_get(t, "columns")) || !json_is_array(json_object_get(t, "rows"))) {
				jdoc_add(R->d, t, R->errs, "table \"%s\" needs \"columns\" and \"rows\" lists", id);
				return NULL;
			}
			return t;
		}
	}
	if (need)
		jdoc_add(R->d, R->tables, R->errs, "missing table \"%s\"", id);
	return NULL;
}

/* The index of column name in table t, or -1 (reported). */
static int column(const struct rd *R, const json_t *t, const char *name)
{
	size_t i;
	const json_t *c;
	json_array_foreach(json_object_get(t, "columns"), i, c)
		if (json_is_string(c) && !strcmp(json_string_value(c), name))
			return (int)i;
	jdoc_add(R->d, t, R->errs, "table \"%s\" needs a column \"%s\"",
		 json_string_value(json_object_get(t, "id")), name);
	return -1;
}

/* Row r's cell at column i as a string, or NULL (reported). */
static const char *cellat(const struct rd *R, const json_t *r, int i)
{
	const json_t *cells = json_object_get(r, "cells"), *c;
	if (!json_is_array(cells)) {
		jdoc_add(R->d, r, R->errs, "a row needs a \"cells\" list");
		return NULL;
	}
	c = json_array_get(cells, (size_t)i);
	if (!json_is_string(c)) {
		jdoc_add(R->d, c ? c : r, R->errs, "cell %d must be a string", i + 1);
		return NULL;
	}
	return json_string_value(c);
}

static const json_t *cellv(const json_t *r, int i)
{
	const json_t *c = json_array_get(json_object_get(r, "cells"), (size_t)i);
	return c ? c : r;
}

/* The row keyed key, or NULL (reported when need). */
static const json_t *row(const struct rd *R, const json_t *t, const char *key, bool need)
{
	size_t i;
	const json_t *r;
	json_array_foreach(json_object_get(t, "rows"), i, r) {
		const char *k = json_string_value(json_object_get(r, "key"));
		if (k && !strcmp(k, key))
			return r;
	}
	if (need)
		jdoc_add(R->d, t, R->errs, "table \"%s\" needs a row \"%s\"", json_string_value(json_object_get(t, "id")),
			 key);
	return NULL;
}

static bool copy_key(const struct rd *R, const json_t *r, char *out)
{
	const char *k = json_string_value(json_object_get(r, "key"));
	if (!k || !*k || strlen(k) >= CTAB_KEY_MAX) {
		jdoc_add(R->d, r, R->errs, "a row needs a \"key\" of 1-%d characters", CTAB_KEY_MAX - 1);
		return false;
	}
	snprintf(out, CTAB_KEY_MAX, "%s", k);
	return true;
}

/* A Fire Chart cell: "4-6", "5,6", "5-6" or "6": the least die that hits. */
static bool parse_hit(const char *s, int *out)
{
	int lo, hi;
	char tail;
	if (sscanf(s, "%d-%d%c", &lo, &hi, &tail) == 2 && hi == 6 && lo >= 1 && lo <= 6) {
		*out = lo;
		return true;
	}
	if (sscanf(s, "%d,%d%c", &lo, &hi, &tail) == 2 && lo == 5 && hi == 6) {
		*out = 5;
		return true;
	}
	if (sscanf(s, "%d%c", &lo, &tail) == 1 && lo == 6) {
		*out = 6;
		return true;
	}
	if (!strcmp(s, "-")) {
		*out = CTAB_NEVER;
		return true;
	}
	return false;
}

/* A small integer cell, optionally signed. */
static bool parse_int(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (end == s || *end || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

static bool parse_yes(const char *s, bool *out)
{
	if (!strcmp(s, "yes") || !strcmp(s, "no")) {
		*out = !strcmp(s, "yes");
		return true;
	}
	return false;
}

static void load_fire(const struct rd *R, struct ctab *t)
{
	static const char *const ids[2] = {"fire", "fire_cover"};
	for (int k = 0; k < 2; k++) {
		const json_t *tb = find_table(R, ids[k], true);
		size_t i;
		const json_t *r;
		int col[CT_TARGETS];
		if (!tb)
			continue;
		for (int c = 0; c < CT_TARGETS; c++)
			col[c] = column(R, tb, ctab_target_name[c]);
		if (json_array_size(json_object_get(tb, "rows")) != 3) {
			jdoc_add(R->d, tb, R->errs, "table \"%s\" needs three rows, one a weapon group", ids[k]);
			continue;
		}
		json_array_foreach(json_object_get(tb, "rows"), i, r) {
			char key[CTAB_KEY_MAX];
			if (!copy_key(R, r, key))
				continue;
			if (k == 0)
				memcpy(t->row_key[i], key, sizeof key);
			else if (strcmp(key, t->row_key[i]))
				jdoc_add(R->d, r, R->errs, "row %zu of \"fire_cover\" must be \"%s\", as in \"fire\"", i + 1,
					 t->row_key[i]);
			for (int c = 0; c < CT_TARGETS; c++) {
				const char *s = col[c] >= 0 ? cellat(R, r, col[c]) : NULL;
				int *dst = k ? &t->fire_cover[i][c] : &t->fire[i][c];
				if (s && !parse_hit(s, dst))
					jdoc_add(R->d, cellv(r, col[c]), R->errs,
						 "\"%s\" is not a Fire Chart cell (\"4-6\", \"5,6\", \"6\" or \"-\")", s);
			}
		}
	}
	/* [Fire (b)]: cover never makes a hit easier */
	for (int i = 0; i < 3; i++)
		for (int c = 0; c < CT_TARGETS; c++)
			if (t->fire_cover[i][c] && t->fire[i][c] && t->fire_cover[i][c] < t->fire[i][c]) {
				const json_t *tb = find_table(R, "fire_cover", false);
				jdoc_add(R->d, tb ? tb : R->tables, R->errs,
					 "fire_cover %s/%s hits on %d, more easily than in the open (%d)", t->row_key[i],
					 ctab_target_name[c], t->fire_cover[i][c], t->fire[i][c]);
			}
}

static int fire_row(const struct ctab *t, const char *key)
{
	for (int i = 0; i < 3; i++)
		if (!strcmp(t->row_key[i], key))
			return i;
	return -1;
}

static void load_weapons(const struct rd *R, struct ctab *t)
{
	const json_t *tb = find_table(R, "weapons", true), *r;
	size_t i;
	int c_row, c_long, c_always, c_can;
	if (!tb)
		return;
	c_row = column(R, tb, "row");
	c_long = column(R, tb, "long");
	c_always = column(R, tb, "always_long");
	c_can = column(R, tb, "canister");
	if (c_row < 0 || c_long < 0 || c_always < 0 || c_can < 0)
		return;
	json_array_foreach(json_object_get(tb, "rows"), i, r) {
		struct ctab_weapon *w;
		const char *s;
		if (t->nweapons == CTAB_WEAPONS_MAX) {
			jdoc_add(R->d, r, R->errs, "more than %d weapons", CTAB_WEAPONS_MAX);
			return;
		}
		w = &t->weapon[t->nweapons];
		if (!copy_key(R, r, w->key))
			continue;
		if ((s = cellat(R, r, c_row)) && (w->row = fire_row(t, s)) < 0)
			jdoc_add(R->d, cellv(r, c_row), R->errs, "\"%s\" is not a row of the table \"fire\"", s);
		if ((s = cellat(R, r, c_long)) && strcmp(s, "-") && !parse_int(s, 1, 1000, &w->long_in))
			jdoc_add(R->d, cellv(r, c_long), R->errs, "long range must be inches (1-1000) or \"-\", not \"%s\"", s);
		if ((s = cellat(R, r, c_always)) && !parse_yes(s, &w->always_long))
			jdoc_add(R->d, cellv(r, c_always), R->errs, "\"always_long\" must be \"yes\" or \"no\"");
		if ((s = cellat(R, r, c_can)) && !parse_yes(s, &w->canister))
			jdoc_add(R->d, cellv(r, c_can), R->errs, "\"canister\" must be \"yes\" or \"no\"");
		if (ctab_weapon(t, w->key) >= 0)
			jdoc_add(R->d, r, R->errs, "weapon \"%s\" twice", w->key);
		t->nweapons++;
	}
}

static void load_saves(const struct rd *R, struct ctab *t)
{
	static const char *const cols[CTAB_COLS] = {"6", "5", "4", "3", "2", "1"};
	const json_t *tb = find_table(R, "save", true), *r;
	size_t i;
	int col[CTAB_COLS];
	if (!tb)
		return;
	for (int c = 0; c < CTAB_COLS; c++)
		if ((col[c] = column(R, tb, cols[c])) < 0)
			return;
	json_array_foreach(json_object_get(tb, "rows"), i, r) {
		struct ctab_save *sv;
		if (t->nsaves == CTAB_SAVES_MAX) {
			jdoc_add(R->d, r, R->errs, "more than %d Save Table rows", CTAB_SAVES_MAX);
			return;
		}
		sv = &t->save[t->nsaves];
		if (!copy_key(R, r, sv->key))
			continue;
		for (int c = 0; c < CTAB_COLS; c++) {
			const char *s = cellat(R, r, col[c]);
			if (!s)
				continue;
			if (!strcmp(s, "X"))
				sv->need[c] = CTAB_NEVER;
			else if (!strcmp(s, "2X"))
				sv->need[c] = -1;
			else if (!parse_int(s, 2, 6, &sv->need[c]))
				jdoc_add(R->d, cellv(r, col[c]), R->errs,
					 "\"%s\" is not a Save Table cell (the least die that saves, 2-6; \"X\"; \"2X\")", s);
		}
		/* fewer stands never save more easily (2X counts as worse than X) */
		for (int c = 1; c < CTAB_COLS; c++) {
			int a = sv->need[c - 1] < 0 ? 8 : sv->need[c - 1], b = sv->need[c] < 0 ? 8 : sv->need[c];
			if (b < a)
				jdoc_add(R->d, cellv(r, col[c]), R->errs,
					 "%s saves more easily with %s stands than with %s", sv->key, cols[c], cols[c - 1]);
		}
		t->nsaves++;
	}
}

static int save_row(const struct ctab *t, const char *key)
{
	for (int i = 0; i < t->nsaves; i++)
		if (!strcmp(t->save[i].key, key))
			return i;
	return -1;
}

static void load_units(const struct rd *R, struct ctab *t)
{
	const json_t *tb = find_table(R, "units", true), *r;
	size_t i;
	int c_save, c_fps, c_mor, c_bon, c_rad;
	if (!tb)
		return;
	c_save = column(R, tb, "save");
	c_fps = column(R, tb, "figures_per_stand");
	c_mor = column(R, tb, "morale");
	c_bon = column(R, tb, "bonuses");
	c_rad = column(R, tb, "radius");
	if (c_save < 0 || c_fps < 0 || c_mor < 0 || c_bon < 0 || c_rad < 0)
		return;
	json_array_foreach(json_object_get(tb, "rows"), i, r) {
		struct ctab_unit *u;
		const char *s;
		if (t->nunits == CTAB_UNITS_MAX) {
			jdoc_add(R->d, r, R->errs, "more than %d troop types", CTAB_UNITS_MAX);
			return;
		}
		u = &t->unit[t->nunits];
		if (!copy_key(R, r, u->key))
			continue;
		if ((s = cellat(R, r, c_save)) && (u->save = save_row(t, s)) < 0)
			jdoc_add(R->d, cellv(r, c_save), R->errs, "\"%s\" is not a row of the table \"save\"", s);
		if ((s = cellat(R, r, c_fps)) && !parse_int(s, 1, 8, &u->fps))
			jdoc_add(R->d, cellv(r, c_fps), R->errs, "figures a stand must be 1-8, not \"%s\"", s);
		if ((s = cellat(R, r, c_mor)) && !parse_int(s, 2, 20, &u->morale))
			jdoc_add(R->d, cellv(r, c_mor), R->errs, "the morale check must be a number (2-20), not \"%s\"", s);
		if ((s = cellat(R, r, c_bon)) && !parse_yes(s, &u->bonuses))
			jdoc_add(R->d, cellv(r, c_bon), R->errs, "\"bonuses\" must be \"yes\" or \"no\"");
		if ((s = cellat(R, r, c_rad)) && strcmp(s, "-") && !parse_int(s, 1, 1000, &u->radius))
			jdoc_add(R->d, cellv(r, c_rad), R->errs, "the command radius is inches (1-1000) or \"-\", not \"%s\"", s);
		if (ctab_unit(t, u->key) >= 0)
			jdoc_add(R->d, r, R->errs, "troop type \"%s\" twice", u->key);
		t->nunits++;
	}
}

static void load_dice_rows(const struct rd *R, struct ctab *t)
{
	static const char *const cols[6] = {"1", "2", "3", "4", "5", "6"};
	const json_t *tb = find_table(R, "leader", true), *r;
	t->leader_kill = t->leader_wound = 0;
	if (tb && (r = row(R, tb, "result", true))) {
		bool wounded = false, saved = false;
		for (int f = 0; f < 6; f++) {
			int c = column(R, tb, cols[f]);
			const char *s = c >= 0 ? cellat(R, r, c) : NULL;
			if (!s)
				continue;
			if (!strcmp(s, "killed") && !wounded && !saved)
				t->leader_kill = f + 1;
			else if (!strcmp(s, "wounded") && !saved) {
				t->leader_wound = f + 1;
				wounded = true;
			} else if (!strcmp(s, "saved"))
				saved = true;
			else
				jdoc_add(R->d, cellv(r, c), R->errs,
					 "leader cells are \"killed\" on the low dice, then any \"wounded\", then \"saved\"; "
					 "not \"%s\" here", s);
		}
	}
	/* optional: whether a morale check counts the leader with the stands (2001: "stands (or
	 * artillery men) including the leader plus one die"; 2014: stands plus one die) */
	t->morale_leader = t->rout_stands_only = false;
	if ((tb = find_table(R, "morale_check", false))) {
		/* row leader: does the check count him; row rout: does the rout threshold [MORALE (c)] */
		for (int k = 0; k < 2; k++) {
			int c = column(R, tb, "counts");
			const char *s;
			if (!(r = row(R, tb, k ? "rout" : "leader", k == 0)) || c < 0 || !(s = cellat(R, r, c)))
				continue;
			if (strcmp(s, "yes") && strcmp(s, "no"))
				jdoc_add(R->d, cellv(r, c), R->errs, "whether the %s counts the leader is \"yes\" or \"no\"",
					 k ? "rout threshold" : "morale check");
			else if (k)
				t->rout_stands_only = !strcmp(s, "no");
			else
				t->morale_leader = !strcmp(s, "yes");
		}
	}
	if ((tb = find_table(R, "leader_replacement", false))) {
		/* the 2001 sheet: "If killed, new leader after second turn with 1/2 comm. pts (round up)" */
		int c = column(R, tb, "command_points");
		const char *s;
		if ((r = row(R, tb, "replacement", true)) && c >= 0 && (s = cellat(R, r, c))) {
			if (strcmp(s, "half") && strcmp(s, "all"))
				jdoc_add(R->d, cellv(r, c), R->errs, "a replacement leader's command points are \"half\" or \"all\"");
			t->replacement_half_cp = !strcmp(s, "half");
		}
	}
	tb = find_table(R, "winner_losses", true);
	if (tb && (r = row(R, tb, "losses", true)))
		for (int f = 0; f < 6; f++) {
			int c = column(R, tb, cols[f]);
			const char *s = c >= 0 ? cellat(R, r, c) : NULL;
			if (!s)
				continue;
			if (!strcmp(s, "third"))
				t->wloss[f] = CT_WL_THIRD;
			else if (!strcmp(s, "same"))
				t->wloss[f] = CT_WL_SAME;
			else if (!strcmp(s, "double"))
				t->wloss[f] = CT_WL_DOUBLE;
			else
				jdoc_add(R->d, cellv(r, c), R->errs, "\"%s\" is not \"third\", \"same\" or \"double\"", s);
		}
}

/* Reads a value/case/text modifier row into m. */
static bool read_mod(const struct rd *R, const json_t *tb, const json_t *r, struct ctab_mod *m)
{
	int cv = column(R, tb, "value"), cc = column(R, tb, "case"), ct = column(R, tb, "text");
	const char *v, *c, *x;
	if (cv < 0 || cc < 0 || ct < 0 || !copy_key(R, r, m->key))
		return false;
	v = cellat(R, r, cv);
	c = cellat(R, r, cc);
	x = cellat(R, r, ct);
	if (!v || !c || !x)
		return false;
	if (!parse_int(v, -6, 6, &m->value)) {
		jdoc_add(R->d, cellv(r, cv), R->errs, "a modifier is a number from -6 to +6, not \"%s\"", v);
		return false;
	}
	snprintf(m->cite, sizeof m->cite, "%s", c);
	snprintf(m->text, sizeof m->text, "%s", x);
	return true;
}

static void load_mods(const struct rd *R, struct ctab *t)
{
	const json_t *tb = find_table(R, "close_combat_modifiers", true), *r;
	size_t i;
	struct ctab_mod m;
	if (tb)
		json_array_foreach(json_object_get(tb, "rows"), i, r) {
			if (t->nmods == CTAB_MODS_MAX) {
				jdoc_add(R->d, r, R->errs, "more than %d close combat modifiers", CTAB_MODS_MAX);
				break;
			}
			if (!read_mod(R, tb, r, &m))
				continue;
			if (ctab_mod(t, m.key) >= 0)
				jdoc_add(R->d, r, R->errs, "modifier \"%s\" twice", m.key);
			t->mod[t->nmods++] = m;
		}
	tb = find_table(R, "initiative", true);
	if (tb) {
		static const char *const keys[3] = {"won-last-turn", "close-combat-won", "withdrew-or-routed"};
		int *dst[3] = {&t->init_won, &t->init_cc, &t->init_withdrew};
		for (int k = 0; k < 3; k++)
			if ((r = row(R, tb, keys[k], true)) && read_mod(R, tb, r, &m))
				*dst[k] = m.value;
	}
	tb = find_table(R, "close_combat_states", true);
	if (tb) {
		static const char *const keys[3] = {"chit", "routing", "routing-rear"};
		int *dst[3] = {&t->chit_mod, &t->routing_mod, &t->routing_rear_mod};
		for (int k = 0; k < 3; k++)
			if ((r = row(R, tb, keys[k], true)) && read_mod(R, tb, r, &m))
				*dst[k] = m.value;
	}
}

static void load_moves(const struct rd *R, struct ctab *t)
{
	static const char *const forms[3] = {"line", "column", "road"};
	static const char *const ters[CT_TERRAINS] = {"gentle", "steep", "walls"};
	static const char *const pens[] = {"none", "low", "high", "2high", "nocross"};
	const json_t *tb = find_table(R, "move", true), *tt = find_table(R, "move_terrain", true), *r;
	size_t i;
	int col[3] = {0, 0, -1}, tcol[CT_TERRAINS];
	size_t ci;
	const json_t *c;
	if (!tb || !tt)
		return;
	for (int k = 0; k < 2; k++)
		if ((col[k] = column(R, tb, forms[k])) < 0)
			return;
	/* the road column is optional: the 2001 sheet prints one, the 2014 sheet none */
	json_array_foreach(json_object_get(tb, "columns"), ci, c)
		if (json_is_string(c) && !strcmp(json_string_value(c), forms[2]))
			col[2] = (int)ci;
	t->move_road = col[2] >= 0;
	for (int k = 0; k < CT_TERRAINS; k++)
		if ((tcol[k] = column(R, tt, ters[k])) < 0)
			return;
	json_array_foreach(json_object_get(tb, "rows"), i, r) {
		struct ctab_move *mv;
		const json_t *tr;
		if (t->nmoves == CTAB_MOVES_MAX) {
			jdoc_add(R->d, r, R->errs, "more than %d MOVE Chart rows", CTAB_MOVES_MAX);
			return;
		}
		mv = &t->move[t->nmoves];
		if (!copy_key(R, r, mv->key))
			continue;
		for (int k = 0; k < 3; k++) {
			const char *s = col[k] < 0 ? NULL : cellat(R, r, col[k]);
			if (s && strcmp(s, "-") && !parse_int(s, 1, 8, &mv->dice[k]))
				jdoc_add(R->d, cellv(r, col[k]), R->errs, "dice of movement must be 1-8 or \"-\", not \"%s\"", s);
		}
		if (!(tr = row(R, tt, mv->key, true)))
			continue;
		for (int k = 0; k < CT_TERRAINS; k++) {
			const char *s = cellat(R, tr, tcol[k]);
			int p = -1;
			for (int j = 0; s && j < (int)(sizeof pens / sizeof pens[0]); j++)
				if (!strcmp(s, pens[j]))
					p = j;
			if (s && p < 0)
				jdoc_add(R->d, cellv(tr, tcol[k]), R->errs,
					 "\"%s\" is not a terrain penalty (none, low, high, 2high, nocross)", s);
			mv->terrain[k] = p < 0 ? CT_PEN_NONE : p;
		}
		t->nmoves++;
	}
}

int ctab_load(struct ctab *t, const struct jdoc *d, struct errlist *errs)
{
	struct rd R = {d, errs, json_object_get(d->root, "tables")};
	const char *id = json_string_value(json_object_get(d->root, "id"));
	const char *title = json_string_value(json_object_get(d->root, "title"));
	int before = errs->total;

	memset(t, 0, sizeof *t);
	snprintf(t->file, sizeof t->file, "%s", d->file);
	snprintf(t->title, sizeof t->title, "%s", title ? title : "Charge of the Light Brigade play sheet");
	if (!id || strcmp(id, "cotlb")) {
		jdoc_add(d, d->root, errs, "a play sheet is a tables file with \"id\": \"cotlb\"");
		return -1;
	}
	if (!json_is_array(R.tables)) {
		jdoc_add(d, d->root, errs, "\"tables\" must be a list");
		return -1;
	}
	load_fire(&R, t);
	load_weapons(&R, t);
	load_saves(&R, t);
	load_units(&R, t);
	load_dice_rows(&R, t);
	load_mods(&R, t);
	load_moves(&R, t);
	return errs->total == before ? 0 : -1;
}

int ctab_load_file(struct ctab *t, const char *path, struct errlist *errs)
{
	struct jdoc d;
	if (jdoc_load_errs(&d, path, errs) != 0)
		return -1;
	int rc = ctab_load(t, &d, errs);
	jdoc_free(&d);
	return rc;
}

#define LOOKUP(fn, arr, n)                                                                                     \
	int fn(const struct ctab *t, const char *key)                                                          \
	{                                                                                                      \
		for (int i = 0; i < t->n; i++)                                                                 \
			if (!strcmp(t->arr[i].key, key))                                                       \
				return i;                                                                      \
		return -1;                                                                                     \
	}
LOOKUP(ctab_weapon, weapon, nweapons)
LOOKUP(ctab_unit, unit, nunits)
LOOKUP(ctab_mod, mod, nmods)
LOOKUP(ctab_move, move, nmoves)

int ctab_save_col(int stands)
{
	return stands >= CTAB_COLS ? 0 : CTAB_COLS - (stands < 1 ? 1 : stands);
}

int ctab_stands(const struct ctab *t, int unit, int figures)
{
	int fps = t->unit[unit].fps;
	return figures <= 0 ? 0 : (figures + fps - 1) / fps;
}
