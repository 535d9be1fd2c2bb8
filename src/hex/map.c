/* map: hex maps and their loader. */
#include "map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/prov.h"

static const char *const terrain_names[TER_COUNT] = {
	"clear", "woods", "town", "vineyard", "swamp", "brush", "sea", "aqueduct", "closed", "fort",
};

const char *terrain_name(int t)
{
	return t >= 0 && t < TER_COUNT ? terrain_names[t] : "?";
}

int terrain_parse(const char *s)
{
	for (int i = 0; i < TER_COUNT; i++)
		if (!strcmp(s, terrain_names[i]))
			return i;
	return -1;
}

int map_index(const struct map *m, int h)
{
	int c, r;
	if (h < 0)
		return -1;
	c = hex_col(h) - m->col0 + MAP_BORDER;
	r = hex_row(h) - m->row0 + MAP_BORDER;
	if (c < 0 || c >= m->w || r < 0 || r >= m->h)
		return -1;
	return c * m->h + r;
}

int map_hex(const struct map *m, int idx)
{
	return hex_make(idx / m->h + m->col0 - MAP_BORDER, idx % m->h + m->row0 - MAP_BORDER);
}

bool map_on(const struct map *m, int h)
{
	int i = map_index(m, h);
	return i >= 0 && (m->flags[i] & HEXF_ONMAP);
}

const struct map_side *map_side_at(const struct map *m, int idx, int dir, bool *owner_is_idx)
{
	if (dir < 3) {
		*owner_is_idx = true;
		return &m->side[idx * 3 + dir];
	}
	int nb = map_nb(m, idx, dir);
	*owner_is_idx = false;
	if (nb < 0)
		return NULL;
	return &m->side[nb * 3 + (dir - 3)];
}

unsigned map_side_features(const struct map *m, int idx, int dir)
{
	bool own;
	const struct map_side *s = map_side_at(m, idx, dir, &own);
	return s ? s->features : 0;
}

int map_slope_into(const struct map *m, int idx, int dir)
{
	bool own;
	const struct map_side *s = map_side_at(m, idx, dir, &own);
	if (!s)
		return SLOPE_NONE;
	return own ? s->slope_here : s->slope_there;
}

int map_slope_away(const struct map *m, int idx, int dir)
{
	bool own;
	const struct map_side *s = map_side_at(m, idx, dir, &own);
	if (!s)
		return SLOPE_NONE;
	return own ? s->slope_there : s->slope_here;
}

bool map_redoubt_inside(const struct map *m, int idx, int dir)
{
	bool own;
	const struct map_side *s = map_side_at(m, idx, dir, &own);
	if (!s || !(s->features & SIDE_REDOUBT))
		return false;
	return own ? s->redoubt_inside_here : !s->redoubt_inside_here;
}

const struct map_place *map_place_at(const struct map *m, int h)
{
	for (int i = 0; i < m->nplaces; i++)
		for (int j = 0; j < m->places[i].nhexes; j++)
			if (m->places[i].hexes[j] == h)
				return &m->places[i];
	return NULL;
}

const struct map_edge *map_edge_named(const struct map *m, const char *name)
{
	for (int i = 0; i < m->nedges; i++)
		if (!strcmp(m->edges[i].name, name))
			return &m->edges[i];
	return NULL;
}

int hexlist_parse(const char *s, int *out, int max)
{
	char a[8], b[8];
	const char *dash = strchr(s, '-');
	int ha, hb, n = 0;

	if (!dash) {
		if (!hex_parse(s, &ha))
			return -1;
		if (max < 1)
			return -2;
		out[0] = ha;
		return 1;
	}
	if (dash - s != 4 || strlen(dash + 1) != 4)
		return -1;
	memcpy(a, s, 4);
	a[4] = '\0';
	memcpy(b, dash + 1, 5);
	if (!hex_parse(a, &ha) || !hex_parse(b, &hb))
		return -1;
	if (hex_col(ha) == hex_col(hb)) {
		int r0 = hex_row(ha), r1 = hex_row(hb), step = r0 <= r1 ? 1 : -1;
		for (int r = r0;; r += step) {
			if (n >= max)
				return -2;
			out[n++] = hex_make(hex_col(ha), r);
			if (r == r1)
				break;
		}
	} else if (hex_row(ha) == hex_row(hb)) {
		int c0 = hex_col(ha), c1 = hex_col(hb), step = c0 <= c1 ? 1 : -1;
		for (int c = c0;; c += step) {
			if (n >= max)
				return -2;
			out[n++] = hex_make(c, hex_row(ha));
			if (c == c1)
				break;
		}
	} else {
		return -1;
	}
	return n;
}

/* ---- loader ---- */

struct ld {
	struct map *m;
	const struct jdoc *d;
	struct errlist *errs;
};

#define bad(L, v, ...) jdoc_add((L)->d, v, (L)->errs, __VA_ARGS__)

#define HEXBUF 256

/* Parses a hex or range string v; checks every hex is inside the map's index space (and on
 * the map when onmap). Returns count or -1 after reporting. */
static int hexes_of(struct ld *L, const json_t *v, int *out, int max, bool onmap)
{
	const char *s = json_string_value(v);
	int n;

	if (!s) {
		bad(L, v, "%s%s", "expected a hex number string \"XXYY\" or range \"XXYY-XXYY\"", "");
		return -1;
	}
	n = hexlist_parse(s, out, max);
	if (n == -2) {
		bad(L, v, "range \"%s\" is too long%s", s, "");
		return -1;
	}
	if (n < 0) {
		bad(L, v, "bad hex or range \"%s\" (want \"XXYY\" or \"XXYY-XXYY\" along one column or row)%s", s, "");
		return -1;
	}
	for (int i = 0; i < n; i++) {
		int idx = map_index(L->m, out[i]);
		char hx[8];
		hex_format(out[i], hx);
		if (idx < 0 || (onmap && !(L->m->flags[idx] & HEXF_ONMAP))) {
			bad(L, v, "hex %s is off the map%s", hx, "");
			return -1;
		}
	}
	return n;
}

static const json_t *need(struct ld *L, const json_t *obj, const char *key, int type)
{
	const json_t *v = json_object_get(obj, key);
	if (!v) {
		bad(L, obj, "missing \"%s\"%s", key, "");
		return NULL;
	}
	if ((int)json_typeof(v) != type && !(type == JSON_INTEGER && json_is_integer(v))) {
		static const char *const tn[] = {"an object", "a list", "a string", "an integer",
						 "a number", "true", "false", "null"};
		bad(L, v, "\"%s\" must be %s", key, tn[type]);
		return NULL;
	}
	return v;
}

static bool pair_range(struct ld *L, const json_t *obj, const char *key, int *lo, int *hi)
{
	const json_t *v = need(L, obj, key, JSON_ARRAY);
	if (!v)
		return false;
	if (json_array_size(v) != 2 || !json_is_integer(json_array_get(v, 0)) ||
	    !json_is_integer(json_array_get(v, 1))) {
		bad(L, v, "\"%s\" must be [first, last]%s", key, "");
		return false;
	}
	*lo = (int)json_integer_value(json_array_get(v, 0));
	*hi = (int)json_integer_value(json_array_get(v, 1));
	if (*lo < 0 || *hi > 99 || *lo > *hi) {
		bad(L, v, "\"%s\" must satisfy 0 <= first <= last <= 99%s", key, "");
		return false;
	}
	return true;
}

/* Parses "AAAA/BBBB" into two adjacent on-map-or-border hexes. */
static bool side_of(struct ld *L, const json_t *v, int *a, int *b)
{
	const char *s = json_string_value(v);
	char x[8], y[8];

	if (!s || strlen(s) != 9 || s[4] != '/') {
		bad(L, v, "expected a hexside \"AAAA/BBBB\", got %s%s", s ? s : "a non-string", "");
		return false;
	}
	memcpy(x, s, 4);
	x[4] = '\0';
	memcpy(y, s + 5, 5);
	if (!hex_parse(x, a) || !hex_parse(y, b)) {
		bad(L, v, "bad hexside \"%s\"%s", s, "");
		return false;
	}
	if (!hex_adjacent(*a, *b)) {
		bad(L, v, "hexside \"%s\": %s are not adjacent", s, "the two hexes");
		return false;
	}
	if (map_index(L->m, *a) < 0 || map_index(L->m, *b) < 0 ||
	    (!map_on(L->m, *a) && !map_on(L->m, *b))) {
		bad(L, v, "hexside \"%s\" is off the map%s", s, "");
		return false;
	}
	return true;
}

static struct map_side *side_rec(struct map *m, int a, int b, bool *own_a)
{
	int ia = map_index(m, a), dir = hex_dir_to(a, b);
	if (dir < 3) {
		*own_a = true;
		return &m->side[ia * 3 + dir];
	}
	*own_a = false;
	return &m->side[map_index(m, b) * 3 + (dir - 3)];
}

static const struct {
	const char *name;
	int slope;      /* directional slope kind, or 0 */
	unsigned flag;  /* plain feature */
	int path;       /* 1 for path features */
	unsigned hexflag;
} side_types[] = {
	{"gentle", SLOPE_GENTLE, 0, 0, 0},
	{"steep", SLOPE_STEEP, 0, 0, 0},
	{"cliff", SLOPE_CLIFF, 0, 0, 0},
	{"redoubt", 0, SIDE_REDOUBT, 0, 0},
	{"river", 0, SIDE_RIVER, 0, 0},
	{"stream", 0, SIDE_STREAM, 0, 0},
	{"bridge", 0, SIDE_BRIDGE, 0, 0},
	{"ford", 0, SIDE_FORD, 0, 0},
	{"wall", 0, SIDE_WALL, 0, 0},
	{"ravine", 0, SIDE_RAVINE, 0, 0},
	{"road_major", 0, SIDE_ROAD_MAJOR, 1, HEXF_ROAD_MAJOR},
	{"road_minor", 0, SIDE_ROAD_MINOR, 1, HEXF_ROAD_MINOR},
	{"track", 0, SIDE_TRACK, 1, HEXF_TRACK},
};

static void load_side_block(struct ld *L, const json_t *blk)
{
	const json_t *type = need(L, blk, "type", JSON_STRING), *list, *v;
	struct prov p;
	size_t i;
	int k = -1;

	prov_read(L->d, blk, false, &p, L->errs);
	if (!type)
		return;
	for (size_t t = 0; t < sizeof side_types / sizeof side_types[0]; t++)
		if (!strcmp(json_string_value(type), side_types[t].name))
			k = (int)t;
	if (k < 0) {
		bad(L, type, "unknown hexside feature \"%s\"%s", json_string_value(type),
		    " (gentle, steep, cliff, redoubt, river, stream, bridge, ford, wall, ravine, road_major, road_minor, track)");
		return;
	}
	if (side_types[k].path) {
		list = need(L, blk, "paths", JSON_ARRAY);
		if (!list)
			return;
		json_array_foreach(list, i, v) {
			const char *s = json_string_value(v);
			int prev = HEX_NONE;
			if (!s) {
				bad(L, v, "expected a path \"AAAA>BBBB>...\"");
				continue;
			}
			for (const char *q = s; *q;) {
				char hx[8];
				int h;
				size_t len = strcspn(q, ">");
				if (len != 4) {
					bad(L, v, "bad path \"%s\"%s", s, "");
					break;
				}
				memcpy(hx, q, 4);
				hx[4] = '\0';
				if (!hex_parse(hx, &h) || map_index(L->m, h) < 0) {
					bad(L, v, "path \"%s\": bad or off-map hex %s", s, hx);
					break;
				}
				if (prev != HEX_NONE) {
					bool own;
					char ph[8];
					if (!hex_adjacent(prev, h)) {
						hex_format(prev, ph);
						bad(L, v, "path step %s>%s: hexes not adjacent", ph, hx);
						break;
					}
					side_rec(L->m, prev, h, &own)->features |= (uint16_t)side_types[k].flag;
				}
				L->m->flags[map_index(L->m, h)] |= (uint8_t)side_types[k].hexflag;
				prev = h;
				q += len;
				if (*q == '>')
					q++;
			}
		}
		return;
	}
	list = need(L, blk, "sides", JSON_ARRAY);
	if (!list)
		return;
	json_array_foreach(list, i, v) {
		int a, b;
		bool own_a;
		struct map_side *s;
		if (!side_of(L, v, &a, &b))
			continue;
		s = side_rec(L->m, a, b, &own_a);
		if (side_types[k].slope) {
			/* "HIGH/SPLASH": the splash (downhill) side is b */
			uint8_t *slot = own_a ? &s->slope_there : &s->slope_here;
			if (*slot)
				bad(L, v, "hexside \"%s\" already has a slope on that side%s",
				    json_string_value(v), "");
			*slot = (uint8_t)side_types[k].slope;
		} else {
			s->features |= (uint16_t)side_types[k].flag;
			if (side_types[k].flag == SIDE_REDOUBT)
				s->redoubt_inside_here = own_a ? 1 : 0; /* "INSIDE/SPLASH" */
		}
	}
}

static void load_named(struct ld *L, const json_t *arr, bool edges)
{
	size_t i, j;
	const json_t *blk, *v;

	if (!json_is_array(arr)) {
		bad(L, arr, "\"%s\" must be a list%s", edges ? "edges" : "places", "");
		return;
	}
	json_array_foreach(arr, i, blk) {
		const json_t *name = need(L, blk, "name", JSON_STRING);
		const json_t *hexes = need(L, blk, "hexes", JSON_ARRAY);
		char *dst;
		int *out, *count, cap;
		if (!name || !hexes)
			continue;
		if (edges) {
			if (L->m->nedges >= MAP_EDGES_MAX) {
				bad(L, blk, "too many edges (at most %d)", MAP_EDGES_MAX);
				return;
			}
			struct map_edge *e = &L->m->edges[L->m->nedges++];
			dst = e->name;
			out = e->hexes;
			count = &e->nhexes;
			cap = MAP_EDGE_HEXES;
		} else {
			if (L->m->nplaces >= MAP_PLACES_MAX) {
				bad(L, blk, "too many places (at most %d)", MAP_PLACES_MAX);
				return;
			}
			struct map_place *p = &L->m->places[L->m->nplaces++];
			dst = p->name;
			out = p->hexes;
			count = &p->nhexes;
			cap = MAP_PLACE_HEXES;
		}
		snprintf(dst, MAP_NAME_MAX, "%s", json_string_value(name));
		*count = 0;
		json_array_foreach(hexes, j, v) {
			int buf[HEXBUF];
			int n = hexes_of(L, v, buf, HEXBUF, false);
			for (int k = 0; k < n; k++) {
				if (*count >= cap) {
					bad(L, v, "too many hexes in \"%s\"%s", json_string_value(name), "");
					break;
				}
				out[(*count)++] = buf[k];
			}
		}
	}
}

int map_load(struct map *m, const struct jdoc *d, struct errlist *errs)
{
	struct ld L = {m, d, errs};
	const json_t *root = d->root, *v, *blk;
	int before = errs->total, def = TER_CLEAR;
	struct prov p;
	size_t i, j;

	memset(m, 0, sizeof *m);
	v = json_object_get(root, "format");
	if (!json_is_string(v) || strcmp(json_string_value(v), "crimea/1"))
		bad(&L, v ? v : root, "\"format\" must be \"crimea/1\"%s%s", "", "");
	v = json_object_get(root, "kind");
	if (!json_is_string(v) || strcmp(json_string_value(v), "map")) {
		bad(&L, v ? v : root, "\"kind\" must be \"map\"%s%s", "", "");
		return -1;
	}
	v = need(&L, root, "id", JSON_STRING);
	if (v)
		snprintf(m->id, sizeof m->id, "%s", json_string_value(v));
	v = json_object_get(root, "title");
	if (json_is_string(v))
		snprintf(m->title, sizeof m->title, "%s", json_string_value(v));
	v = json_object_get(root, "scale_m");
	m->scale_m = json_is_integer(v) ? (int)json_integer_value(v) : 0;
	prov_read(d, root, true, &p, errs);
	if (!pair_range(&L, root, "cols", &m->col0, &m->col1) ||
	    !pair_range(&L, root, "rows", &m->row0, &m->row1))
		return -1;
	m->w = m->col1 - m->col0 + 1 + 2 * MAP_BORDER;
	m->h = m->row1 - m->row0 + 1 + 2 * MAP_BORDER;
	m->n = m->w * m->h;
	m->terrain = calloc((size_t)m->n, 1);
	m->flags = calloc((size_t)m->n, 1);
	m->side = calloc((size_t)m->n * 3, sizeof *m->side);
	m->nb = malloc((size_t)m->n * 6 * sizeof *m->nb);
	m->cube = malloc((size_t)m->n * sizeof *m->cube);
	if (!m->terrain || !m->flags || !m->side || !m->nb || !m->cube) {
		struct err e;
		err_set(&e, d->file, 0, "out of memory");
		errlist_add(errs, &e);
		map_free(m);
		return -1;
	}
	for (int idx = 0; idx < m->n; idx++) {
		/* Neighbours in index space (even-q offsets by the real column's parity), so that
		 * border slots with negative column or row numbers still work. */
		static const int dcol[6] = {0, 1, 1, 0, -1, -1};
		static const int drow[2][6] = {{-1, 0, 1, 1, 1, 0}, {-1, -1, 0, 1, 0, -1}};
		int ci = idx / m->h, ri = idx % m->h;
		int c = ci + m->col0 - MAP_BORDER, r = ri + m->row0 - MAP_BORDER;
		m->cube[idx] = hex_to_cube(map_hex(m, idx));
		if (c >= m->col0 && c <= m->col1 && r >= m->row0 && r <= m->row1) {
			m->flags[idx] = HEXF_ONMAP;
			m->nonmap++;
		}
		for (int dir = 0; dir < 6; dir++) {
			int nc = ci + dcol[dir], nr = ri + drow[c & 1][dir];
			m->nb[idx * 6 + dir] = (nc < 0 || nc >= m->w || nr < 0 || nr >= m->h) ? -1 : nc * m->h + nr;
		}
	}
	v = json_object_get(root, "default");
	if (v) {
		def = json_is_string(v) ? terrain_parse(json_string_value(v)) : -1;
		if (def < 0) {
			bad(&L, v, "unknown terrain \"%s\"%s", json_is_string(v) ? json_string_value(v) : "?", "");
			def = TER_CLEAR;
		}
	}
	for (int idx = 0; idx < m->n; idx++)
		m->terrain[idx] = (uint8_t)def;
	v = json_object_get(root, "terrain");
	if (v && !json_is_array(v))
		bad(&L, v, "\"terrain\" must be a list of blocks%s%s", "", "");
	else if (v)
		json_array_foreach(v, i, blk) {
			const json_t *type = need(&L, blk, "type", JSON_STRING);
			const json_t *hexes = need(&L, blk, "hexes", JSON_ARRAY), *hv;
			int t;
			prov_read(d, blk, false, &p, errs);
			if (!type || !hexes)
				continue;
			t = terrain_parse(json_string_value(type));
			if (t < 0) {
				bad(&L, type, "unknown terrain \"%s\"%s", json_string_value(type),
				    " (clear, woods, town, vineyard, swamp, brush, sea, aqueduct, closed, fort)");
				continue;
			}
			json_array_foreach(hexes, j, hv) {
				int buf[HEXBUF];
				int n = hexes_of(&L, hv, buf, HEXBUF, true);
				for (int k = 0; k < n; k++)
					m->terrain[map_index(m, buf[k])] = (uint8_t)t;
			}
		}
	v = json_object_get(root, "offmap");
	if (v && !json_is_array(v))
		bad(&L, v, "\"offmap\" must be a list of hexes%s%s", "", "");
	else if (v)
		json_array_foreach(v, i, blk) {
			int buf[HEXBUF];
			int n = hexes_of(&L, blk, buf, HEXBUF, false);
			for (int k = 0; k < n; k++) {
				int idx = map_index(m, buf[k]);
				/* an imaginary hex inside the map's rectangle cuts a stepped edge */
				if (m->flags[idx] & HEXF_ONMAP)
					m->nonmap--;
				m->flags[idx] = (uint8_t)((m->flags[idx] & ~HEXF_ONMAP) | HEXF_OFFMAP);
			}
		}
	v = json_object_get(root, "hexsides");
	if (v && !json_is_array(v))
		bad(&L, v, "\"hexsides\" must be a list of blocks%s%s", "", "");
	else if (v)
		json_array_foreach(v, i, blk) {
			if (!json_is_object(blk)) {
				bad(&L, blk, "hexside block must be an object%s%s", "", "");
				continue;
			}
			load_side_block(&L, blk);
		}
	v = json_object_get(root, "places");
	if (v)
		load_named(&L, v, false);
	v = json_object_get(root, "edges");
	if (v)
		load_named(&L, v, true);
	if (errs->total != before) {
		map_free(m);
		return -1;
	}
	return 0;
}

void map_free(struct map *m)
{
	free(m->terrain);
	free(m->flags);
	free(m->side);
	free(m->nb);
	free(m->cube);
	m->terrain = m->flags = NULL;
	m->side = NULL;
	m->nb = NULL;
	m->cube = NULL;
}
