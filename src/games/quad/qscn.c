/* qscn: loading a quad scenario (orders of battle, map, tables) and its movement tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/fsio.h"
#include "qbattle.h"
#include "qmove.h"

/* Parses a strength: number, "(n)" parenthesised, or a class letter for artillery. */
static bool strength(const json_t *v, int8_t *val, uint8_t *paren, char *cls)
{
	*paren = 0;
	if (json_is_integer(v)) {
		json_int_t x = json_integer_value(v);
		if (x < 0 || x > 99)
			return false;
		*val = (int8_t)x;
		return true;
	}
	if (json_is_string(v)) {
		const char *s = json_string_value(v);
		int x;
		if (cls && strlen(s) == 1 && s[0] >= 'A' && s[0] <= 'Z') {
			*cls = s[0];
			*val = -1;
			return true;
		}
		if (sscanf(s, "(%d)", &x) == 1 && x >= 0 && x <= 99) {
			*val = (int8_t)x;
			*paren = 1;
			return true;
		}
		if (cls && sscanf(s, "(%c)", cls) == 1 && *cls >= 'A' && *cls <= 'Z') {
			*val = -1;
			*paren = 1;
			return true;
		}
	}
	return false;
}

static bool side_values(const struct jdoc *d, const json_t *v, struct q_udef *u, int k,
			struct errlist *errs)
{
	char cls = 0;
	if (!json_is_array(v) || json_array_size(v) != 3) {
		jdoc_add(d, v, errs, "counter values must be [fire, melee, morale]");
		return false;
	}
	if (!strength(json_array_get(v, 0), &u->fire[k], &u->fire_paren[k], &cls)) {
		jdoc_add(d, json_array_get(v, 0), errs, "bad fire strength (number, \"(n)\" or artillery class letter)");
		return false;
	}
	u->cls[k] = cls;
	if (!strength(json_array_get(v, 1), &u->melee[k], &u->melee_paren[k], NULL)) {
		jdoc_add(d, json_array_get(v, 1), errs, "bad melee strength (number or \"(n)\")");
		return false;
	}
	const json_t *mo = json_array_get(v, 2);
	if (!json_is_integer(mo) || json_integer_value(mo) < 0 || json_integer_value(mo) > 9) {
		jdoc_add(d, mo, errs, "bad morale rating (0-9)");
		return false;
	}
	u->morale[k] = (int8_t)json_integer_value(mo);
	return true;
}

static const struct {
	const char *name;
	uint32_t bit;
} tag_names[] = {
	{"skirmisher", QT_SKIRMISHER}, {"engineer", QT_ENGINEER}, {"redoubt_gun", QT_REDOUBT_GUN},
	{"fatigue", QT_FATIGUE}, {"zouave", QT_ZOUAVE}, {"picket", QT_PICKET},
	{"big_gun", QT_BIG_GUN}, {"steamship", QT_STEAMSHIP},
	{"french_additional", QT_FRENCH_ADDITIONAL}, {"optional24", QT_OPTIONAL24},
	{"hold_c", QT_HOLD_C}, {"hold_d", QT_HOLD_D}, {"hold_e", QT_HOLD_E},
	{"garrison", QT_GARRISON}, {"enter_together", QT_ENTER_TOGETHER},
	{"release_roll", QT_RELEASE_ROLL},
};

static int side_index(const struct scenario *s, const char *name)
{
	for (int i = 0; i < 2; i++)
		if (!strcmp(s->side[i], name))
			return i;
	return -1;
}

_Static_assert(Q_UNITS_MAX <= Q_PARENT_END, "unit indices fit q_udef parent_first and parent_next");

static void load_unit(struct scenario *s, struct q_scn *q, const struct jdoc *d, const json_t *uj,
		      int side, int prov_source, struct errlist *errs)
{
	struct q_udef *u;
	const json_t *v;
	const char *str;

	if (!json_is_object(uj)) {
		jdoc_add(d, uj, errs, "a unit must be an object");
		return;
	}
	if (q->nunits >= Q_UNITS_MAX) {
		jdoc_add(d, uj, errs, "too many units (at most %d)", Q_UNITS_MAX);
		return;
	}
	u = &q->u[q->nunits];
	memset(u, 0, sizeof *u);
	u->side = (uint8_t)side;
	u->setup_hex = HEX_NONE;
	u->enter_hex = HEX_NONE;
	u->enter_edge = -1;
	u->prov_source = prov_source;
	v = json_object_get(uj, "id");
	str = json_string_value(v);
	if (!str || !*str || strlen(str) >= Q_ID_MAX || strspn(str, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(str)) {
		jdoc_add(d, v ? v : uj, errs, "unit needs an \"id\" of [a-z0-9_], at most %d characters", Q_ID_MAX - 1);
		return;
	}
	if (q_unit_find(q, str) >= 0) {
		jdoc_add(d, v, errs, "unit id \"%s\" is used twice", str);
		return;
	}
	snprintf(u->id, sizeof u->id, "%s", str);
	v = json_object_get(uj, "name");
	snprintf(u->name, sizeof u->name, "%s", json_is_string(v) ? json_string_value(v) : u->id);
	v = json_object_get(uj, "nation");
	if (json_is_string(v))
		snprintf(u->nation, sizeof u->nation, "%s", json_string_value(v));
	v = json_object_get(uj, "parent");
	if (json_is_string(v))
		snprintf(u->parent, sizeof u->parent, "%s", json_string_value(v));
	v = json_object_get(uj, "type");
	str = json_string_value(v);
	if (str && !strcmp(str, "inf"))
		u->type = Q_INF;
	else if (str && !strcmp(str, "cav"))
		u->type = Q_CAV;
	else if (str && !strcmp(str, "art"))
		u->type = Q_ART;
	else if (str && !strcmp(str, "hart"))
		u->type = Q_HART;
	else {
		jdoc_add(d, v ? v : uj, errs, "unit %s: \"type\" must be inf, cav, art or hart", u->id);
		return;
	}
	v = json_object_get(uj, "size");
	if (json_is_string(v)) {
		static const char *const sz[] = {"I", "II", "III", "X"};
		for (int i = 0; i < 4; i++)
			if (!strcmp(json_string_value(v), sz[i]))
				u->size = (uint8_t)(i + 1);
		if (!u->size)
			jdoc_add(d, v, errs, "unit %s: \"size\" must be I, II, III or X", u->id);
	}
	if (!side_values(d, json_object_get(uj, "front") ? json_object_get(uj, "front") : uj, u, 0, errs))
		return;
	v = json_object_get(uj, "back");
	if (v && !json_is_null(v)) {
		if (!side_values(d, v, u, 1, errs))
			return;
		u->has_back = 1;
	}
	v = json_object_get(uj, "ma");
	if (v) {
		if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 99)
			jdoc_add(d, v, errs, "unit %s: \"ma\" must be 0-99", u->id);
		else
			u->ma = (uint8_t)json_integer_value(v);
	} else {
		static const uint8_t def_ma[Q_NTYPES] = {5, 8, 0, 7}; /* [5.19] */
		u->ma = def_ma[u->type];
		if (u->type == Q_ART)
			jdoc_add(d, uj, errs, "artillery unit %s needs \"ma\" (the exclusive rules give it, [5.19])", u->id);
	}
	v = json_object_get(uj, "tags");
	if (v) {
		size_t i;
		const json_t *t;
		if (!json_is_array(v))
			jdoc_add(d, v, errs, "\"tags\" must be a list of strings");
		else
			json_array_foreach(v, i, t) {
				const char *ts = json_string_value(t);
				if (!ts || !*ts || strspn(ts, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(ts)) {
					jdoc_add(d, t, errs, "a unit tag must be a string of [a-z0-9_]");
					continue;
				}
				for (size_t k = 0; k < sizeof tag_names / sizeof tag_names[0]; k++)
					if (!strcmp(ts, tag_names[k].name))
						u->tags |= tag_names[k].bit;
				size_t tl = strlen(u->tagtext);
				if (tl + strlen(ts) + 2 >= sizeof u->tagtext)
					jdoc_add(d, t, errs, "too many tags on unit %s", u->id);
				else
					snprintf(u->tagtext + tl, sizeof u->tagtext - tl, "%s%s ", tl ? "" : " ", ts);
			}
		/* "release_N" (Inkerman [29.16]): the first "release_" tag, if a number follows */
		const char *rt = strstr(u->tagtext, " release_");
		int rn;
		if (rt && sscanf(rt, " release_%d", &rn) == 1)
			u->release = rn;
	}
	if ((u->type == Q_ART || u->type == Q_HART) && !u->cls[0] && !(u->tags & QT_BIG_GUN))
		jdoc_add(d, uj, errs, "artillery unit %s needs a class letter as its fire strength ([7.41])", u->id);
	const json_t *hex = json_object_get(uj, "hex"), *enter = json_object_get(uj, "enter");
	if ((hex != NULL) == (enter != NULL)) {
		jdoc_add(d, uj, errs, "unit %s needs exactly one of \"hex\" (set-up) and \"enter\" (reinforcement)", u->id);
		return;
	}
	if (hex) {
		int h;
		if (!json_is_string(hex) || !hex_parse(json_string_value(hex), &h)) {
			jdoc_add(d, hex, errs, "unit %s: bad hex", u->id);
			return;
		}
		int hi = map_index(&q->map, h);
		bool offmap_ok = (u->tags & QT_BIG_GUN) && hi >= 0 && (q->map.flags[hi] & HEXF_OFFMAP);
		if (!map_on(&q->map, h) && !offmap_ok) {
			jdoc_add(d, hex, errs, "unit %s: hex %s is off the map", u->id, json_string_value(hex));
			return;
		}
		u->setup_hex = (int16_t)h;
		v = json_object_get(uj, "top");
		u->top = json_is_true(v);
		v = json_object_get(uj, "disrupted");
		u->start_disrupted = json_is_true(v);
	} else {
		const json_t *turn = json_object_get(enter, "turn"), *eh = json_object_get(enter, "hex"),
			     *edge = json_object_get(enter, "edge");
		if (!json_is_object(enter) || !json_is_integer(turn) || json_integer_value(turn) < 1 ||
		    json_integer_value(turn) > Q_TURNS_MAX) {
			jdoc_add(d, enter, errs, "unit %s: \"enter\" needs a \"turn\" (1-%d)", u->id, Q_TURNS_MAX);
			return;
		}
		u->enter_turn = (int8_t)json_integer_value(turn);
		v = json_object_get(uj, "trigger");
		if (v) {
			const char *tr = json_string_value(v);
			if (!tr || !tr[0] || strlen(tr) >= sizeof u->trigger || strspn(tr, "0123456789.") != strlen(tr)) {
				jdoc_add(d, v, errs, "unit %s: \"trigger\" is the rule case that brings it on, such as \"17.21\"",
					 u->id);
				return;
			}
			snprintf(u->trigger, sizeof u->trigger, "%s", tr);
		}
		if (eh) {
			int h;
			if (!json_is_string(eh) || !hex_parse(json_string_value(eh), &h) || !map_on(&q->map, h)) {
				jdoc_add(d, eh, errs, "unit %s: entry hex must be a hex on the map", u->id);
				return;
			}
			u->enter_hex = (int16_t)h;
		} else if (edge) {
			const struct map_edge *me = json_is_string(edge) ? map_edge_named(&q->map, json_string_value(edge)) : NULL;
			if (!me) {
				jdoc_add(d, edge, errs, "unit %s: no map edge named %s", u->id,
					 json_is_string(edge) ? json_string_value(edge) : "?");
				return;
			}
			u->enter_edge = (int8_t)(me - q->map.edges);
		} else {
			jdoc_add(d, enter, errs, "unit %s: \"enter\" needs a \"hex\" or an \"edge\"", u->id);
			return;
		}
	}
	(void)s;
	/* the units of a side's parent ([16.1], [17.11]): a chain in unit order, so that rules
	 * asking about a parent visit its units alone, without comparing names */
	u->parent_first = u->parent_next = Q_PARENT_END;
	if (u->parent[0]) {
		int me = q->nunits;
		u->parent_first = (uint8_t)me;
		for (int k = me - 1; k >= 0; k--)
			if (q->u[k].side == u->side && !strcmp(q->u[k].parent, u->parent)) {
				u->parent_first = q->u[k].parent_first;
				q->u[k].parent_next = (uint8_t)me; /* (the chain's last so far) */
				break;
			}
	}
	q->nunits++;
}

static bool steep_hex(const struct map *m, int i)
{
	for (int d = 0; d < 6; d++)
		if (map_slope_into(m, i, d) == SLOPE_STEEP)
			return true; /* errata [5.25]: a hex with at least one steep splash */
	return false;
}

static int add_cost(int cost, uint8_t c)
{
	if (c == QT_NOWAY || c == QT_ROADONLY || cost == PATH_NOWAY)
		return PATH_NOWAY;
	return cost + c;
}

/* Movement cost from hex index i in direction dir, for movement class mc ([5.2], [13.0]).
 * Costs come from the tec table in half movement points. */
static uint8_t step_cost(const struct q_scn *q, int i, int dir, int mc)
{
	const struct map *m = &q->map;
	const struct qt_tec *t = &q->tab.tec;
	int j = map_nb(m, i, dir), type = mc / 2, cost;
	bool disrupted = mc & 1, alma = !strcmp(q->battle, "alma");
	unsigned f, roadf;
	uint8_t hc;

	if (j < 0 || !(m->flags[j] & HEXF_ONMAP) || !(m->flags[i] & HEXF_ONMAP))
		return PATH_NOWAY;
	f = map_side_features(m, i, dir);
	roadf = f & (SIDE_ROAD_MAJOR | SIDE_ROAD_MINOR | SIDE_TRACK);
	hc = t->hex[m->terrain[j]][type];
	if (map_bridge_hex(m, j)) {
		/* An Aqueduct hex a road crosses is a Bridge hex (Tchernaya [16.14]); errata [13.0] 2b,
		 * [16.22]: cavalry and artillery enter it from any direction (off its road, the
		 * aqueduct_bridge row), but never disrupted (errata [13.0]: eliminated instead) */
		if (disrupted && type != Q_INF)
			return PATH_NOWAY;
		hc = t->side[QTS_AQUEDUCT_BRIDGE][type];
	}
	if (hc == QT_NOWAY)
		return PATH_NOWAY;
	if (hc == QT_ROADONLY) {
		/* [13.0] swamp, aqueduct: cavalry and artillery only along a road (an Aqueduct hex a
		 * road enters is a Bridge hex, above) */
		if (!roadf || disrupted)
			return PATH_NOWAY;
		hc = t->hex[m->terrain[j]][Q_INF];
	}
	/* [13.0] a road hex entered through a road hexside costs the road rate; [9.14]
	 * disrupted units never benefit. The road rate replaces hex and hexside costs (the road
	 * is the way over the slope, bridge or redoubt gate): see docs/RULES.md. */
	if (roadf && !disrupted) {
		if (f & SIDE_ROAD_MAJOR)
			return t->side[QTS_ROAD_MAJOR][type];
		if (f & SIDE_ROAD_MINOR)
			return t->side[QTS_ROAD_MINOR][type];
		return t->side[QTS_TRACK][type];
	}
	cost = hc;
	int up = map_slope_away(m, i, dir);   /* splash on the far side: i is uphill, moving down */
	int down = map_slope_into(m, i, dir); /* splash on i: moving up */
	if (alma && steep_hex(m, j) && t->side[QTS_STEEP_HEX_ALMA][type] > cost)
		cost = t->side[QTS_STEEP_HEX_ALMA][type]; /* Alma [18.3] */
	/* [5.25] along a steep slope: both hexes steep-slope hexes, no slope crossed, and a
	 * common uphill neighbour whose steep hexsides splash into both. */
	if (!up && !down && !alma && steep_hex(m, i) && steep_hex(m, j)) {
		for (int k = 0; k < 6; k++) {
			int c = map_nb(m, i, k), dcj = -1;
			if (c < 0)
				continue;
			for (int kk = 0; kk < 6; kk++)
				if (map_nb(m, j, kk) == c)
					dcj = kk;
			if (dcj >= 0 && map_slope_into(m, i, k) == SLOPE_STEEP &&
			    map_slope_into(m, j, dcj) == SLOPE_STEEP) {
				int along = m->terrain[j] == TER_WOODS ? t->side[QTS_STEEP_ALONG_WOODS][type]
								       : t->side[QTS_STEEP_ALONG][type];
				if (along > cost)
					cost = along; /* never cheaper than the hex itself (an aqueduct) */
				break;
			}
		}
	}
	if (up == SLOPE_CLIFF || down == SLOPE_CLIFF)
		cost = add_cost(cost, t->side[QTS_CLIFF][type]);
	else if (up && down) { /* [5.27] ridge: every unit pays, infantry too */
		int s = (up == SLOPE_STEEP) + (down == SLOPE_STEEP);
		cost = add_cost(cost, t->side[s == 0 ? QTS_RIDGE_GG : s == 1 ? QTS_RIDGE_GS : QTS_RIDGE_SS][type]);
	} else if (down) /* [5.23], [5.24] uphill */
		cost = add_cost(cost, t->side[down == SLOPE_STEEP ? QTS_STEEP_UP : QTS_GENTLE_UP][type]);
	else if (up) /* [5.26] downhill: infantry pays one less */
		cost = add_cost(cost, t->side[up == SLOPE_STEEP ? QTS_STEEP_DOWN : QTS_GENTLE_DOWN][type]);
	if (f & SIDE_BRIDGE)
		cost = add_cost(cost, t->side[QTS_BRIDGE][type]);
	else if (f & SIDE_FORD)
		cost = add_cost(cost, t->side[QTS_FORD][type]);
	else if (f & SIDE_RIVER) /* Alma [17.2] with errata */
		cost = add_cost(cost, t->side[alma ? QTS_ALMA_RIVER : QTS_RIVER][type]);
	else if (f & SIDE_STREAM)
		cost = add_cost(cost, t->side[alma ? QTS_ALMA_STREAM : QTS_STREAM][type]);
	if (f & SIDE_REDOUBT) /* [11.13]: the wall is crossed at its gate where a road runs through
				 it, even by a disrupted unit, which has no road rate ([9.14]) */
		cost = add_cost(cost, t->side[roadf ? QTS_REDOUBT_ROAD : QTS_REDOUBT][type]);
	if (f & SIDE_WALL)
		cost = add_cost(cost, t->side[QTS_WALL][type]);
	if (f & SIDE_RAVINE)
		cost = add_cost(cost, t->side[QTS_RAVINE][type]);
	return cost >= PATH_NOWAY ? PATH_NOWAY : (uint8_t)cost;
}

static void build_steps(struct q_scn *q)
{
	int n = q->map.n;
	for (int mc = 0; mc < Q_NMOVE; mc++)
		for (int i = 0; i < n; i++)
			for (int dir = 0; dir < 6; dir++)
				q->step[mc][i * 6 + dir] = step_cost(q, i, dir, mc);
}

static void note_prov(struct q_scn *q, const char *what, const struct prov *p)
{
	if (p->source == PROV_SEED || p->source == PROV_NONE || q->nprov >= 24)
		return;
	snprintf(q->prov_note[q->nprov++], sizeof q->prov_note[0], "%s: %s", what,
		 prov_source_name(p->source));
}

int q_scn_load(struct scenario *s, const struct jdoc *d, struct errlist *errs)
{
	struct q_scn *q = calloc(1, sizeof *q);
	const json_t *root = d->root, *v, *blk, *uj;
	char path[SCN_PATH_MAX];
	struct jdoc md, td;
	struct err e;
	struct prov p;
	int before = errs->total;
	size_t i, j;

	if (!q) {
		err_set(&e, d->file, 0, "out of memory");
		errlist_add(errs, &e);
		return -1;
	}
	s->data = q;
	s->data_hash = fs_hash_file(FNV_OFFSET, d->file);
	prov_read(d, root, false, &p, errs);
	v = json_object_get(root, "sides");
	if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_string(json_array_get(v, 0)) ||
	    !json_is_string(json_array_get(v, 1))) {
		jdoc_add(d, v ? v : root, errs, "\"sides\" must be a list of two side names");
		goto fail;
	}
	for (int k = 0; k < 2; k++)
		snprintf(s->side[k], sizeof s->side[k], "%s", json_string_value(json_array_get(v, (size_t)k)));
	q->russian = strcmp(s->side[0], "russian") ? 1 : 0;
	v = json_object_get(root, "first");
	q->first = json_is_string(v) ? side_index(s, json_string_value(v)) : -1;
	if (q->first < 0)
		jdoc_add(d, v ? v : root, errs, "\"first\" must name one of the two sides");
	v = json_object_get(root, "turns");
	if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > Q_TURNS_MAX)
		jdoc_add(d, v ? v : root, errs, "\"turns\" must be 1-%d", Q_TURNS_MAX);
	else
		q->turns = (int)json_integer_value(v);
	q->first_turn = 1;
	v = json_object_get(root, "first_turn");
	if (v && (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > Q_TURNS_MAX))
		jdoc_add(d, v, errs, "\"first_turn\" must be 1-%d", Q_TURNS_MAX);
	else if (v)
		q->first_turn = (int)json_integer_value(v);
	/* "turns" counts the Game-Turns played */
	q->turns = q->first_turn + q->turns - 1;
	for (size_t k = 0; k + 1 < sizeof q->battle && s->id[k]; k++)
		q->battle[k] = s->id[k];
	for (char *c = q->battle; *c; c++)
		if (*c == '-')
			*c = '\0';
	q->ops = q_battle_find(s->id);
	/* the map */
	v = json_object_get(root, "map");
	if (!json_is_string(v)) {
		jdoc_add(d, v ? v : root, errs, "\"map\" must name the map file");
		goto fail;
	}
	fs_rel_path(path, sizeof path, d->file, json_string_value(v));
	if (jdoc_load(&md, path, &e) != 0) {
		errlist_add(errs, &e);
		goto fail;
	}
	s->data_hash = fs_hash_file(s->data_hash, path);
	if (map_load(&q->map, &md, errs) != 0) {
		jdoc_free(&md);
		goto fail;
	}
	if (q->map.n > Q_NMAX) {
		jdoc_add(&md, md.root, errs, "map too large: %d hex slots with the border, at most %d", q->map.n, Q_NMAX);
		jdoc_free(&md);
		goto fail;
	}
	prov_read(&md, md.root, false, &p, errs);
	note_prov(q, "map", &p);
	jdoc_free(&md);
	/* the tables */
	qt_defaults(&q->tab);
	v = json_object_get(root, "tables");
	if (v) {
		if (!json_is_string(v)) {
			jdoc_add(d, v, errs, "\"tables\" must name the tables file");
			goto fail;
		}
		fs_rel_path(path, sizeof path, d->file, json_string_value(v));
		if (jdoc_load(&td, path, &e) != 0) {
			errlist_add(errs, &e);
			goto fail;
		}
		s->data_hash = fs_hash_file(s->data_hash, path);
		qt_load(&q->tab, &td, errs);
		jdoc_free(&td);
		for (int k = 0; k < q->tab.nrecon && q->nprov < 24; k++) {
			char name[sizeof q->tab.recon[0]];
			memcpy(name, q->tab.recon[k], sizeof name);
			snprintf(q->prov_note[q->nprov++], sizeof q->prov_note[0], "table %s", name);
		}
	}
	/* the orders of battle */
	v = json_object_get(root, "oob");
	if (!json_is_array(v)) {
		jdoc_add(d, v ? v : root, errs, "\"oob\" must be a list of blocks");
		goto fail;
	}
	json_array_foreach(v, i, blk) {
		const json_t *sv = json_object_get(blk, "side"), *units = json_object_get(blk, "units");
		int side = json_is_string(sv) ? side_index(s, json_string_value(sv)) : -1;
		char what[64];
		if (side < 0) {
			jdoc_add(d, sv ? sv : blk, errs, "oob block: \"side\" must name one of the two sides");
			continue;
		}
		if (!json_is_array(units)) {
			jdoc_add(d, units ? units : blk, errs, "oob block: \"units\" must be a list");
			continue;
		}
		prov_read(d, blk, true, &p, errs);
		snprintf(what, sizeof what, "order of battle (%s, %zu units)", s->side[side], json_array_size(units));
		note_prov(q, what, &p);
		json_array_foreach(units, j, uj)
			load_unit(s, q, d, uj, side, p.source, errs);
	}
	if (errs->total != before)
		goto fail;
	/* a set-up stack never holds more units than the storage allows */
	for (int a = 0; a < q->nunits; a++) {
		int n = 1;
		for (int b = 0; b < q->nunits; b++)
			if (b != a && q->u[b].setup_hex != HEX_NONE && q->u[b].setup_hex == q->u[a].setup_hex)
				n++;
		if (q->u[a].setup_hex != HEX_NONE && n > Q_STACK_MAX) {
			err_set(&e, d->file, 0, "hex %04d holds %d units at set-up (at most %d)", q->u[a].setup_hex, n, Q_STACK_MAX);
			errlist_add(errs, &e);
			goto fail;
		}
		for (int b = 0; b < q->nunits; b++)
			if (q->u[b].setup_hex != HEX_NONE && q->u[b].setup_hex == q->u[a].setup_hex &&
			    q->u[b].side != q->u[a].side) {
				err_set(&e, d->file, 0, "units %s and %s of opposing sides set up in the same hex %04d ([5.34])",
					q->u[a].id, q->u[b].id, q->u[a].setup_hex);
				errlist_add(errs, &e);
				goto fail;
			}
	}
	for (int mc = 0; mc < Q_NMOVE; mc++) {
		q->step[mc] = malloc((size_t)q->map.n * 6);
		if (!q->step[mc]) {
			err_set(&e, d->file, 0, "out of memory");
			errlist_add(errs, &e);
			goto fail;
		}
	}
	build_steps(q);
	if (q->ops && q->ops->prepare && q->ops->prepare(q) != 0) {
		err_set(&e, d->file, 0, "out of memory");
		errlist_add(errs, &e);
		goto fail;
	}
	q->nsideu[0] = q->nsideu[1] = q->nsider[0] = q->nsider[1] = 0;
	for (int u = 0; u < q->nunits; u++)
		if (q->u[u].side < 2) {
			int sd = q->u[u].side;
			q->sideu[sd][q->nsideu[sd]++] = (int16_t)u;
			if (q->u[u].enter_turn)
				q->sider[sd][q->nsider[sd]++] = (int16_t)u;
		}
	/* after prepare: the battle may add features to the map and change the step tables */
	for (int mc = 0; mc < Q_NMOVE; mc++) {
		bool fail = path_prep_init(&q->prep[mc], &q->map, q->step[mc]) != 0;
		for (int k = 0; k < Q_NVARIANT; k++)
			if (q->vstep[k][mc] && path_prep_init(&q->vprep[k][mc], &q->map, q->vstep[k][mc]) != 0)
				fail = true;
		if (fail) {
			err_set(&e, d->file, 0, "out of memory");
			errlist_add(errs, &e);
			goto fail;
		}
	}
	q->zoc_dirs = malloc((size_t)q->map.n);
	q->zoc_nb = malloc((size_t)q->map.n * 8 * sizeof *q->zoc_nb);
	if (!q->zoc_dirs || !q->zoc_nb) {
		err_set(&e, d->file, 0, "out of memory");
		errlist_add(errs, &e);
		goto fail;
	}
	q_zoc_dirs(&q->map, q->zoc_dirs);
	q_zoc_nbs(&q->map, q->zoc_dirs, q->zoc_nb);
	q->entry_road = malloc((size_t)q->map.n);
	if (!q->entry_road) {
		err_set(&e, d->file, 0, "out of memory");
		errlist_add(errs, &e);
		goto fail;
	}
	for (int k = 0; k < q->map.n; k++)
		q->entry_road[k] = q_entry_road(&q->map, k);
	q->edge = malloc((size_t)q->map.n * sizeof *q->edge);
	q->at_edge = calloc((size_t)q->map.n, 1);
	if (!q->edge || !q->at_edge) {
		err_set(&e, d->file, 0, "out of memory");
		errlist_add(errs, &e);
		goto fail;
	}
	for (int k = 0; k < q->map.n; k++)
		if (q_edge_hex(&q->map, k)) {
			q->edge[q->nedge++] = k;
			q->at_edge[k] = 1;
		}
	return 0;
fail:
	q_scn_unload(s);
	return -1;
}

void q_scn_unload(struct scenario *s)
{
	struct q_scn *q = s->data;
	if (!q)
		return;
	for (int mc = 0; mc < Q_NMOVE; mc++) {
		free(q->step[mc]);
		path_prep_free(&q->prep[mc]);
		for (int v = 0; v < Q_NVARIANT; v++) {
			free(q->vstep[v][mc]);
			path_prep_free(&q->vprep[v][mc]);
		}
	}
	free(q->zoc_dirs);
	free(q->zoc_nb);
	free(q->entry_road);
	free(q->at_edge);
	free(q->edge);
	free(q->zone);
	map_free(&q->map);
	free(q);
	s->data = NULL;
}
