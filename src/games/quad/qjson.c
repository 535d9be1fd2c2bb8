/* qjson: the quad rule system's JSON views for the HTTP server (docs/API.md): the scenario
 * (map, unit definitions, reconstructed data) and the state of a game (turn, phase, units).
 * Read-only; no I/O. Every function returns a new jansson reference the caller owns. */
#include <stdio.h>
#include <string.h>

#include "quad.h"

static const char *const phase_names[] = {
	"Movement", "Defensive Fire", "Cavalry Retreat", "Offensive Fire", "Melee", "Rally", "Game Over",
};

static json_t *hex_json(int h)
{
	char buf[8];
	if (h == HEX_NONE)
		return json_null();
	hex_format(h, buf);
	return json_string(buf);
}

static const char *slope_name(int k)
{
	static const char *const n[] = {"none", "gentle", "steep", "cliff"};
	return k >= 0 && k <= SLOPE_CLIFF ? n[k] : "none";
}

static json_t *slope_json(int splash, int kind)
{
	json_t *o = json_object();
	json_object_set_new(o, "splash", hex_json(splash));
	json_object_set_new(o, "kind", json_string(slope_name(kind)));
	return o;
}

/* One hexside with a feature or a slope: {"a", "b", "features", "slope"|"slopes", ...}. */
static json_t *side_json(const struct map *m, int idx, int dir)
{
	static const struct {
		unsigned flag;
		const char *name;
	} feat[] = {
		{SIDE_RIVER, "river"}, {SIDE_STREAM, "stream"}, {SIDE_BRIDGE, "bridge"},
		{SIDE_FORD, "ford"}, {SIDE_WALL, "wall"}, {SIDE_RAVINE, "ravine"},
		{SIDE_ROAD_MAJOR, "road_major"}, {SIDE_ROAD_MINOR, "road_minor"},
		{SIDE_TRACK, "track"}, {SIDE_REDOUBT, "redoubt"},
	};
	const struct map_side *s = &m->side[idx * 3 + dir];
	int a = map_hex(m, idx), nb = map_nb(m, idx, dir);
	int b = nb >= 0 ? map_hex(m, nb) : hex_neighbor(a, dir);
	json_t *o, *fs;

	if (!s->features && !s->slope_here && !s->slope_there)
		return NULL;
	o = json_object();
	fs = json_array();
	json_object_set_new(o, "a", hex_json(a));
	json_object_set_new(o, "b", hex_json(b));
	for (size_t i = 0; i < sizeof feat / sizeof feat[0]; i++)
		if (s->features & feat[i].flag)
			json_array_append_new(fs, json_string(feat[i].name));
	json_object_set_new(o, "features", fs);
	if (s->slope_here && s->slope_there) {
		json_t *sl = json_array();
		json_array_append_new(sl, slope_json(a, s->slope_here));
		json_array_append_new(sl, slope_json(b, s->slope_there));
		json_object_set_new(o, "slopes", sl);
	} else if (s->slope_here) {
		json_object_set_new(o, "slope", slope_json(a, s->slope_here));
	} else if (s->slope_there) {
		json_object_set_new(o, "slope", slope_json(b, s->slope_there));
	}
	if (s->features & SIDE_REDOUBT)
		json_object_set_new(o, "inside", hex_json(s->redoubt_inside_here ? a : b));
	return o;
}

static json_t *hexlist_json(const int *hexes, int n)
{
	json_t *l = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(l, hex_json(hexes[i]));
	return l;
}

static json_t *map_json(const struct map *m)
{
	json_t *o = json_object(), *hexes = json_array(), *sides = json_array(), *places = json_array(),
	       *edges = json_array();

	json_object_set_new(o, "id", json_string(m->id));
	json_object_set_new(o, "title", json_string(m->title));
	json_object_set_new(o, "cols", json_pack("[ii]", m->col0, m->col1));
	json_object_set_new(o, "rows", json_pack("[ii]", m->row0, m->row1));
	/* hexes column by column, rows north to south: a stable order */
	for (int c = m->col0; c <= m->col1; c++)
		for (int r = m->row0; r <= m->row1; r++) {
			int h = hex_make(c, r), idx = map_index(m, h);
			if (idx < 0 || !(m->flags[idx] & HEXF_ONMAP))
				continue;
			json_t *x = json_object();
			json_object_set_new(x, "hex", hex_json(h));
			json_object_set_new(x, "terrain", json_string(terrain_name(m->terrain[idx])));
			json_object_set_new(x, "road", json_boolean(m->flags[idx] &
								    (HEXF_ROAD_MAJOR | HEXF_ROAD_MINOR | HEXF_TRACK)));
			json_array_append_new(hexes, x);
		}
	/* hexsides are stored on the hex on their north side (directions N, NE, SE) */
	for (int idx = 0; idx < m->n; idx++) {
		if (!(m->flags[idx] & (HEXF_ONMAP | HEXF_OFFMAP)))
			continue;
		for (int dir = HEX_N; dir <= HEX_SE; dir++) {
			json_t *s = side_json(m, idx, dir);
			if (s)
				json_array_append_new(sides, s);
		}
	}
	for (int i = 0; i < m->nplaces; i++) {
		json_t *p = json_object();
		json_object_set_new(p, "name", json_string(m->places[i].name));
		json_object_set_new(p, "hexes", hexlist_json(m->places[i].hexes, m->places[i].nhexes));
		json_array_append_new(places, p);
	}
	for (int i = 0; i < m->nedges; i++) {
		json_t *p = json_object();
		json_object_set_new(p, "name", json_string(m->edges[i].name));
		json_object_set_new(p, "hexes", hexlist_json(m->edges[i].hexes, m->edges[i].nhexes));
		json_array_append_new(edges, p);
	}
	json_object_set_new(o, "hexes", hexes);
	json_object_set_new(o, "hexsides", sides);
	json_object_set_new(o, "places", places);
	json_object_set_new(o, "edges", edges);
	return o;
}

static json_t *udef_json(const struct scenario *sc, const struct q_scn *s, const struct q_udef *d)
{
	static const char *const types[] = {"inf", "cav", "art", "hart"};
	static const char *const sizes[] = {NULL, "I", "II", "III", "X"};
	json_t *o = json_object(), *tags = json_array();
	char buf[32], tt[sizeof d->tagtext], *save = NULL;

	json_object_set_new(o, "id", json_string(d->id));
	json_object_set_new(o, "name", json_string(d->name));
	json_object_set_new(o, "side", json_string(sc->side[d->side]));
	json_object_set_new(o, "nation", json_string(d->nation));
	json_object_set_new(o, "type", json_string(d->type < Q_NTYPES ? types[d->type] : "inf"));
	json_object_set_new(o, "size", d->size >= 1 && d->size <= 4 ? json_string(sizes[d->size]) : json_null());
	q_face_text(d, 0, buf, sizeof buf);
	json_object_set_new(o, "front", json_string(buf));
	if (d->has_back) {
		q_face_text(d, 1, buf, sizeof buf);
		json_object_set_new(o, "back", json_string(buf));
	} else {
		json_object_set_new(o, "back", json_null());
	}
	json_object_set_new(o, "ma", json_integer(d->ma));
	snprintf(tt, sizeof tt, "%s", d->tagtext);
	for (char *t = strtok_r(tt, " ", &save); t; t = strtok_r(NULL, " ", &save))
		json_array_append_new(tags, json_string(t));
	json_object_set_new(o, "tags", tags);
	json_object_set_new(o, "setup", hex_json(d->setup_hex));
	if (d->setup_hex == HEX_NONE && d->enter_turn > 0) {
		json_t *en = json_object();
		json_object_set_new(en, "turn", json_integer(d->enter_turn));
		if (d->trigger[0]) { /* only when the case's event happens; turn: the earliest */
			char c[16];
			snprintf(c, sizeof c, "[%s]", d->trigger);
			json_object_set_new(en, "condition", json_string(c));
		}
		json_object_set_new(en, "hex", hex_json(d->enter_hex));
		json_object_set_new(en, "edge", d->enter_edge >= 0 && d->enter_edge < s->map.nedges
						       ? json_string(s->map.edges[d->enter_edge].name)
						       : json_null());
		json_object_set_new(o, "enter", en);
	}
	return o;
}

json_t *q_json_scenario(const struct scenario *sc)
{
	const struct q_scn *s = sc->data;
	json_t *o = json_object(), *units = json_array(), *rec = json_array();

	if (!o || !s)
		return o;
	json_object_set_new(o, "map", map_json(&s->map));
	for (int u = 0; u < s->nunits; u++)
		json_array_append_new(units, udef_json(sc, s, &s->u[u]));
	json_object_set_new(o, "units", units);
	for (int i = 0; i < s->nprov; i++)
		json_array_append_new(rec, json_string(s->prov_note[i]));
	json_object_set_new(o, "reconstructed", rec);
	json_object_set_new(o, "first", json_string(sc->side[s->first]));
	json_object_set_new(o, "first_turn", json_integer(s->first_turn));
	json_object_set_new(o, "turns", json_integer(s->turns));
	return o;
}

json_t *q_json_state(const struct game *g, int viewer_side)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	json_t *o = json_object(), *units = json_array();

	(void)viewer_side; /* quad has no hidden information */
	json_object_set_new(o, "turn", json_integer(st->turn));
	json_object_set_new(o, "last_turn", json_integer(s->turns));
	json_object_set_new(o, "phase", json_string(st->phase <= QP_OVER ? phase_names[st->phase] : "?"));
	json_object_set_new(o, "phasing", json_string(g->scn->side[st->phasing & 1]));
	for (int u = 0; u < s->nunits; u++) {
		const struct q_ust *us = &st->u[u];
		json_t *x = json_object();
		bool top = false;
		json_object_set_new(x, "id", json_string(s->u[u].id));
		if (us->idx >= 0) {
			int stk[Q_STACK_MAX];
			top = q_stack(g, us->idx, stk, Q_STACK_MAX) > 0 && stk[0] == u;
			json_object_set_new(x, "hex", hex_json(map_hex(&s->map, us->idx)));
			json_object_set_new(x, "state", json_string("on"));
		} else {
			json_object_set_new(x, "hex", json_null());
			json_object_set_new(x, "state", json_string(us->idx == Q_OFF ? "off"
								    : us->idx == Q_ELIM ? "eliminated"
											: "absent"));
		}
		json_object_set_new(x, "disrupted", json_boolean(us->fl & QF_DISRUPTED));
		json_object_set_new(x, "top", json_boolean(top));
		json_array_append_new(units, x);
	}
	json_object_set_new(o, "units", units);
	return o;
}
