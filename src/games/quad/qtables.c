/* qtables: reading the quad tables from data/quad/tables.json (docs/FORMATS.md "Tables"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/prov.h"
#include "qtables.h"

void qt_defaults(struct q_tables *t)
{
	memset(t, 0, sizeof *t);
	memset(t->art, -1, sizeof t->art);
	memset(&t->tec, QT_NOWAY, sizeof t->tec);
	memset(t->big, -1, sizeof t->big);
}

struct tl {
	const struct jdoc *d;
	struct errlist *errs;
};

static const json_t *find_table(const json_t *tables, const char *id)
{
	size_t i;
	const json_t *t;
	json_array_foreach(tables, i, t)
		if (json_is_string(json_object_get(t, "id")) && !strcmp(json_string_value(json_object_get(t, "id")), id))
			return t;
	return NULL;
}

static const json_t *row_cells(const json_t *table, const char *key)
{
	size_t i;
	const json_t *r;
	json_array_foreach(json_object_get(table, "rows"), i, r)
		if (json_is_string(json_object_get(r, "key")) && !strcmp(json_string_value(json_object_get(r, "key")), key))
			return json_object_get(r, "cells");
	return NULL;
}

static const char *cell(const json_t *cells, size_t i)
{
	return json_string_value(json_array_get(cells, i));
}

/* Parses a cost: "2", "+2", "1/2", "1 1/2", "+0"; "no" -> QT_NOWAY, "road" -> QT_ROADONLY.
 * Result in half movement points. */
static bool parse_cost(const char *s, uint8_t *out)
{
	int a, b, c;
	if (!s)
		return false;
	if (!strcmp(s, "no")) {
		*out = QT_NOWAY;
		return true;
	}
	if (!strcmp(s, "road")) {
		*out = QT_ROADONLY;
		return true;
	}
	if (*s == '+')
		s++;
	if (sscanf(s, "%d %d/%d", &a, &b, &c) == 3 && c == 2 && b == 1 && a >= 0 && a < 100) {
		*out = (uint8_t)(a * 2 + 1);
		return true;
	}
	if (sscanf(s, "%d/%d", &b, &c) == 2 && c == 2 && b == 1 && !strchr(s, ' ')) {
		*out = 1;
		return true;
	}
	if (sscanf(s, "%d", &a) == 1 && a >= 0 && a < 100 && !strchr(s, '/')) {
		*out = (uint8_t)(a * 2);
		return true;
	}
	return false;
}

static const json_t *need_table(struct tl *L, const json_t *tables, const char *id,
				struct q_tables *t)
{
	const json_t *tb = find_table(tables, id);
	struct prov p;
	if (!tb) {
		jdoc_add(L->d, L->d->root, L->errs, "the quad rules need table \"%s\"", id);
		return NULL;
	}
	prov_read(L->d, tb, true, &p, L->errs);
	if (p.source != PROV_SEED && p.source != PROV_NONE && t->nrecon < 16)
		snprintf(t->recon[t->nrecon++], sizeof t->recon[0], "%s (%s)", id, prov_source_name(p.source));
	return tb;
}

static void load_fire(struct tl *L, const json_t *tables, struct q_tables *t)
{
	const json_t *tb = need_table(L, tables, "fire_crt", t);
	if (!tb)
		return;
	for (int die = 1; die <= QT_DIE; die++) {
		char key[16];
		snprintf(key, sizeof key, "%d", die);
		const json_t *cells = row_cells(tb, key);
		if (!cells || json_array_size(cells) != QT_FIRE_COLS) {
			jdoc_add(L->d, cells ? cells : tb, L->errs, "fire_crt: row \"%s\" needs %d cells", key, QT_FIRE_COLS);
			continue;
		}
		for (int c = 0; c < QT_FIRE_COLS; c++) {
			const char *s = cell(cells, (size_t)c);
			int v;
			if (s && !strcmp(s, "-"))
				v = 0;
			else if (!s || sscanf(s, "%d", &v) != 1 || v < 0 || v > 9) {
				jdoc_add(L->d, json_array_get(cells, (size_t)c), L->errs, "fire_crt: cell must be \"-\" or a number");
				continue;
			}
			t->fire[die - 1][c] = (int8_t)v;
		}
	}
}

/* Column header "3", "4+", "6-8" -> range bounds. */
static bool range_bounds(const char *h, int *lo, int *hi)
{
	int a, b;
	if (!h)
		return false;
	if (sscanf(h, "%d-%d", &a, &b) == 2) {
		*lo = a;
		*hi = b;
	} else if (sscanf(h, "%d", &a) == 1) {
		*lo = a;
		*hi = strchr(h, '+') ? QT_ART_RANGE - 1 : a;
	} else {
		return false;
	}
	return *lo >= 1 && *hi < QT_ART_RANGE && *lo <= *hi;
}

/* One row of a table by range bands (columns "3", "4+", "6-8"; cells "-" or 0..vmax) into
 * out[lo..hi] for each column's band; bands must lie within 1..nrange-1. A bad column ends
 * the row, a bad cell is skipped; both are reported where they are. */
static void range_row(struct tl *L, const char *id, const json_t *cols, const json_t *cells, int nrange,
		      int vmax, const char *what, int8_t *out)
{
	for (size_t c = 0; c < json_array_size(cols); c++) {
		int lo, hi, v;
		const char *s = cell(cells, c);
		if (!range_bounds(json_string_value(json_array_get(cols, c)), &lo, &hi) || hi >= nrange) {
			jdoc_add(L->d, json_array_get(cols, c), L->errs,
				 "%s: column must be a range within 1-%d such as 3, 4+ or 6-8", id, nrange - 1);
			break;
		}
		if (s && !strcmp(s, "-"))
			v = -1;
		else if (!s || sscanf(s, "%d", &v) != 1 || v < 0 || v > vmax) {
			jdoc_add(L->d, json_array_get(cells, c), L->errs, "%s: cell must be \"-\" or %s", id, what);
			continue;
		}
		for (int rg = lo; rg <= hi; rg++)
			out[rg] = (int8_t)v;
	}
}

static void load_art(struct tl *L, const json_t *tables, const char *id, struct q_tables *t,
		     bool required)
{
	const json_t *tb = required ? need_table(L, tables, id, t) : find_table(tables, id);
	const json_t *cols, *r;
	size_t i;

	if (!tb)
		return;
	cols = json_object_get(tb, "columns");
	json_array_foreach(json_object_get(tb, "rows"), i, r) {
		const char *k = json_string_value(json_object_get(r, "key"));
		const json_t *cells = json_object_get(r, "cells");
		if (!k || strlen(k) != 1 || k[0] < 'A' || k[0] > 'Z' || json_array_size(cells) != json_array_size(cols)) {
			jdoc_add(L->d, r, L->errs, "%s: rows need a class letter key and one cell per column", id);
			continue;
		}
		int cls = k[0] - 'A';
		t->art_defined[cls] = 1;
		range_row(L, id, cols, cells, QT_ART_RANGE, 20, "a strength", t->art[cls]);
	}
}

static void load_melee(struct tl *L, const json_t *tables, struct q_tables *t)
{
	static const char *const rows[QT_MELEE_TERRAIN] = {"town_redoubt_vineyard", "river_steep",
							  "woods_gentle_stream", "clear"};
	const json_t *tb = need_table(L, tables, "melee_odds", t);
	if (tb)
		for (int r = 0; r < QT_MELEE_TERRAIN; r++) {
			const json_t *cells = row_cells(tb, rows[r]);
			if (!cells || json_array_size(cells) != QT_MELEE_COLS) {
				jdoc_add(L->d, cells ? cells : tb, L->errs, "melee_odds: row \"%s\" needs %d cells", rows[r], QT_MELEE_COLS);
				continue;
			}
			for (int c = 0; c < QT_MELEE_COLS; c++) {
				int a, b;
				const char *s = cell(cells, (size_t)c);
				if (!s || sscanf(s, "%d-%d", &a, &b) != 2 || a < 1 || b < 1 || a > 20 || b > 20) {
					jdoc_add(L->d, json_array_get(cells, (size_t)c), L->errs, "melee_odds: cell must be a ratio such as 3-1");
					continue;
				}
				t->odds[r][c][0] = (uint8_t)a;
				t->odds[r][c][1] = (uint8_t)b;
			}
		}
	tb = need_table(L, tables, "melee_crt", t);
	if (!tb)
		return;
	for (int r = 0; r < QT_MELEE_ROWS; r++) {
		char key[16];
		snprintf(key, sizeof key, "%d", r + 1);
		const json_t *cells = row_cells(tb, key);
		if (!cells || json_array_size(cells) != QT_MELEE_COLS) {
			jdoc_add(L->d, cells ? cells : tb, L->errs, "melee_crt: row \"%s\" needs %d cells", key, QT_MELEE_COLS);
			continue;
		}
		for (int c = 0; c < QT_MELEE_COLS; c++) {
			const char *s = cell(cells, (size_t)c);
			struct qt_mres *m = &t->melee[r][c];
			memset(m, 0, sizeof *m);
			if (s && !strcmp(s, "-"))
				continue;
			if (!s || (s[0] != 'A' && s[0] != 'D') || s[1] != ':') {
				jdoc_add(L->d, json_array_get(cells, (size_t)c), L->errs,
					 "melee_crt: cell must be \"A:x\" or \"D:x\" with x one of E, R, 1, 2, 3 (optionally *)");
				continue;
			}
			m->who = s[0] == 'A' ? QTR_ATTACKER : QTR_DEFENDER;
			s += 2;
			if (*s == 'E') {
				m->elim = 1;
				s++;
			} else if (*s == 'R') {
				m->retreat = 1;
				s++;
			} else if (*s >= '1' && *s <= '3') {
				m->retreat = (uint8_t)(*s - '0');
				m->disrupt = 1;
				s++;
			} else {
				jdoc_add(L->d, json_array_get(cells, (size_t)c), L->errs, "melee_crt: unknown result");
				continue;
			}
			if (*s == '*') {
				m->star = 1;
				s++;
			}
			if (*s)
				jdoc_add(L->d, json_array_get(cells, (size_t)c), L->errs, "melee_crt: unknown result");
		}
	}
}

static void load_tec(struct tl *L, const json_t *tables, struct q_tables *t)
{
	static const char *const side_keys[QTS_COUNT] = {
		"road_major", "road_minor", "track", "steep_hex_along", "steep_woods_along",
		"gentle_up", "gentle_down", "steep_up", "steep_down", "ridge_gentle_gentle",
		"ridge_gentle_steep", "ridge_steep_steep", "river", "stream", "alma_river",
		"alma_stream", "bridge", "ford", "redoubt", "redoubt_road", "wall", "cliff", "ravine",
		"steep_hex_alma", "aqueduct_bridge",
	};
	const json_t *tb = need_table(L, tables, "tec", t);
	if (!tb)
		return;
	for (int k = 0; k < TER_COUNT + QTS_COUNT; k++) {
		const char *key = k < TER_COUNT ? terrain_name(k) : side_keys[k - TER_COUNT];
		uint8_t *dst = k < TER_COUNT ? t->tec.hex[k] : t->tec.side[k - TER_COUNT];
		const json_t *cells;
		if (k == TER_FORT)
			key = "sevastopol_mamelon";
		cells = row_cells(tb, key);
		if (!cells) {
			jdoc_add(L->d, tb, L->errs, "tec: missing row \"%s\"", key);
			continue;
		}
		for (int type = 0; type < 4; type++) {
			if (!parse_cost(cell(cells, (size_t)type), &dst[type]))
				jdoc_add(L->d, json_array_get(cells, (size_t)type), L->errs,
					 "tec: cost must be \"no\", \"road\", \"n\", \"+n\" or \"1/2\"");
			else if ((k < TER_COUNT || k - TER_COUNT <= QTS_TRACK) && dst[type] == 0)
				jdoc_add(L->d, json_array_get(cells, (size_t)type), L->errs,
					 "tec: entering a hex costs at least 1/2 movement point ([5.21])");
		}
	}
}

/* Inkerman [24.2] (optional): rows keyed sevastopol, mamelon_allied, steamship_moored,
 * steamship_moving, columns range bands "1", "5-6"... */
static void load_big(struct tl *L, const json_t *tables, const char *id, struct q_tables *t)
{
	static const char *const keys[4] = {"sevastopol", "mamelon_allied", "steamship_moored", "steamship_moving"};
	const json_t *tb = find_table(tables, id), *cols, *r;
	size_t i;

	if (!tb)
		return;
	cols = json_object_get(tb, "columns");
	json_array_foreach(json_object_get(tb, "rows"), i, r) {
		const char *k = json_string_value(json_object_get(r, "key"));
		const json_t *cells = json_object_get(r, "cells");
		int row = -1;
		for (int j = 0; j < 4; j++)
			if (k && !strcmp(k, keys[j]))
				row = j;
		if (row < 0 || json_array_size(cells) != json_array_size(cols)) {
			jdoc_add(L->d, r, L->errs, "%s: rows need a key (sevastopol, mamelon_allied, steamship_moored, steamship_moving) and one cell per column", id);
			continue;
		}
		range_row(L, id, cols, cells, QT_BIG_RANGE, 6, "a rating 0-6", t->big[row]);
	}
}

int qt_load(struct q_tables *t, const struct jdoc *d, struct errlist *errs)
{
	struct tl L = {d, errs};
	const json_t *v = json_object_get(d->root, "kind"), *tables;
	int before = errs->total;

	if (!json_is_string(v) || strcmp(json_string_value(v), "tables")) {
		jdoc_add(d, v ? v : d->root, errs, "\"kind\" must be \"tables\"");
		return -1;
	}
	tables = json_object_get(d->root, "tables");
	if (!json_is_array(tables)) {
		jdoc_add(d, tables ? tables : d->root, errs, "\"tables\" must be a list");
		return -1;
	}
	load_fire(&L, tables, t);
	load_art(&L, tables, "artillery", t, true);
	load_art(&L, tables, "artillery_alma_j", t, false);
	load_art(&L, tables, "artillery_inkerman", t, false);
	load_big(&L, tables, "big_gun", t);
	load_big(&L, tables, "big_gun_mamelon_allied", t);
	load_melee(&L, tables, t);
	load_tec(&L, tables, t);
	return errs->total == before ? 0 : -1;
}
