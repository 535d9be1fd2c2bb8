/* Unit tests for src/hex/map.c (map files: terrain, hexsides, roads, places, edges, off-map
 * hexes, neighbour indices, errors with their lines) and src/hex/path.c (movement search with
 * hand-made step tables: costs, prohibited steps, blocked hexes, zones of control [5.13]
 * [5.14], routes, allowance). Maps come from tests/data/maps. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jdoc.h"
#include "hex/map.h"
#include "hex/path.h"

/* Loads tests/data/maps/NAME into *m, failing the test with every error on a problem. */
static void load_map(struct map *m, const char *name)
{
	char path[256];
	struct jdoc d;
	struct err e;
	struct errlist *l = malloc(sizeof *l);

	assert_non_null(l);
	snprintf(path, sizeof path, "tests/data/maps/%s", name);
	if (jdoc_load(&d, path, &e) != 0)
		fail_msg("%s:%d: %s", e.file, e.line, e.msg);
	errlist_init(l);
	if (map_load(m, &d, l) != 0) {
		for (int i = 0; i < l->n; i++)
			print_error("%s:%d: %s\n", l->e[i].file, l->e[i].line, l->e[i].msg);
		fail_msg("%s: %d errors", path, l->total);
	}
	jdoc_free(&d);
	free(l);
}

static int IDX(const struct map *m, const char *hex)
{
	int i = map_index(m, H(hex));
	assert_true(i >= 0);
	return i;
}

static int DIR(const char *a, const char *b)
{
	int d = hex_dir_to(H(a), H(b));
	assert_true(d >= 0);
	return d;
}

/* ---- loading ---- */

static void test_map_basics(void **state)
{
	(void)state;
	struct map m;
	load_map(&m, "small.json");
	assert_string_equal(m.id, "small");
	assert_string_equal(m.title, "Unit-test map");
	assert_int_equal(m.scale_m, 200);
	assert_int_equal(m.col0, 1);
	assert_int_equal(m.col1, 6);
	assert_int_equal(m.row0, 1);
	assert_int_equal(m.row1, 5);
	assert_int_equal(m.w, 6 + 2 * MAP_BORDER);
	assert_int_equal(m.h, 5 + 2 * MAP_BORDER);
	assert_int_equal(m.n, m.w * m.h);
	/* 30 hexes in the rectangle, 0605 cut out by "offmap" */
	assert_int_equal(m.nonmap, 29);
	for (int c = 1; c <= 6; c++)
		for (int r = 1; r <= 5; r++)
			assert_int_equal(map_on(&m, hex_make(c, r)), !(c == 6 && r == 5));
	assert_false(map_on(&m, H("0100")));
	assert_false(map_on(&m, H("0701")));
	assert_false(map_on(&m, H("9999")));
	assert_int_equal(map_index(&m, H("9999")), -1);
	assert_int_equal(map_index(&m, -5), -1);
	/* index <-> hex round trip over the index space (border slots with a negative column or
	 * row have no hex number) */
	int trips = 0;
	for (int i = 0; i < m.n; i++) {
		int c = i / m.h + m.col0 - MAP_BORDER, r = i % m.h + m.row0 - MAP_BORDER;
		if (c < 0 || r < 0)
			continue;
		assert_int_equal(map_hex(&m, i), hex_make(c, r));
		assert_int_equal(map_index(&m, map_hex(&m, i)), i);
		trips++;
	}
	assert_int_equal(trips, (m.w - 1) * (m.h - 1));
	map_free(&m);
	map_free(&m); /* idempotent */
}

static void test_map_terrain(void **state)
{
	(void)state;
	struct map m;
	load_map(&m, "small.json");
	/* default */
	assert_int_equal(m.terrain[IDX(&m, "0101")], TER_BRUSH);
	assert_int_equal(m.terrain[IDX(&m, "0105")], TER_BRUSH);
	assert_int_equal(m.terrain[IDX(&m, "0502")], TER_BRUSH);
	/* a range along a column: 0102-0104 */
	assert_int_equal(m.terrain[IDX(&m, "0102")], TER_WOODS);
	assert_int_equal(m.terrain[IDX(&m, "0103")], TER_WOODS);
	assert_int_equal(m.terrain[IDX(&m, "0104")], TER_WOODS);
	/* a range along a row: 0205-0505 (0305 overridden by the later swamp block) */
	assert_int_equal(m.terrain[IDX(&m, "0205")], TER_TOWN);
	assert_int_equal(m.terrain[IDX(&m, "0305")], TER_SWAMP);
	assert_int_equal(m.terrain[IDX(&m, "0405")], TER_TOWN);
	assert_int_equal(m.terrain[IDX(&m, "0505")], TER_TOWN);
	assert_int_equal(m.terrain[IDX(&m, "0601")], TER_SWAMP);
	/* a range written high to low: 0404-0401 */
	for (int r = 1; r <= 4; r++)
		assert_int_equal(m.terrain[map_index(&m, hex_make(4, r))], TER_CLEAR);
	/* names */
	for (int t = 0; t < TER_COUNT; t++)
		assert_int_equal(terrain_parse(terrain_name(t)), t);
	assert_int_equal(terrain_parse("forest"), -1);
	assert_string_equal(terrain_name(TER_COUNT), "?");
	map_free(&m);
}

static void test_map_hexsides(void **state)
{
	(void)state;
	struct map m;
	int a, b;
	load_map(&m, "small.json");

	/* plain features, seen from both sides */
	a = IDX(&m, "0202");
	b = IDX(&m, "0302");
	assert_int_equal(map_side_features(&m, a, DIR("0202", "0302")), SIDE_RIVER);
	assert_int_equal(map_side_features(&m, b, DIR("0302", "0202")), SIDE_RIVER);
	assert_int_equal(map_side_features(&m, IDX(&m, "0402"), DIR("0402", "0302")),
			 SIDE_STREAM | SIDE_BRIDGE);
	assert_int_equal(map_side_features(&m, IDX(&m, "0601"), DIR("0601", "0501")), SIDE_WALL);
	assert_int_equal(map_side_features(&m, IDX(&m, "0501"), DIR("0501", "0601")), SIDE_WALL);
	/* the other hexsides of 0202 are plain */
	for (int d = 0; d < 6; d++)
		if (d != DIR("0202", "0302"))
			assert_int_equal(map_side_features(&m, a, d), 0);
	assert_int_equal(map_slope_into(&m, a, DIR("0202", "0302")), SLOPE_NONE);
	assert_false(map_redoubt_inside(&m, a, DIR("0202", "0302")));

	/* cliff "0403/0503": 0403 is uphill, the splash is in 0503 (0403 owns the record) */
	a = IDX(&m, "0403");
	b = IDX(&m, "0503");
	assert_int_equal(map_slope_away(&m, a, DIR("0403", "0503")), SLOPE_CLIFF);
	assert_int_equal(map_slope_into(&m, a, DIR("0403", "0503")), SLOPE_NONE);
	assert_int_equal(map_slope_into(&m, b, DIR("0503", "0403")), SLOPE_CLIFF);
	assert_int_equal(map_slope_away(&m, b, DIR("0503", "0403")), SLOPE_NONE);
	assert_int_equal(map_side_features(&m, a, DIR("0403", "0503")), 0);

	/* gentle "0502/0401": 0502 uphill, splash 0401 (the record is 0401's) */
	a = IDX(&m, "0502");
	b = IDX(&m, "0401");
	assert_true(DIR("0502", "0401") >= 3);
	assert_int_equal(map_slope_away(&m, a, DIR("0502", "0401")), SLOPE_GENTLE);
	assert_int_equal(map_slope_into(&m, a, DIR("0502", "0401")), SLOPE_NONE);
	assert_int_equal(map_slope_into(&m, b, DIR("0401", "0502")), SLOPE_GENTLE);
	assert_int_equal(map_slope_away(&m, b, DIR("0401", "0502")), SLOPE_NONE);

	/* a ridge: "0303/0304" steep (splash 0304) and "0304/0303" gentle (splash 0303) */
	a = IDX(&m, "0303");
	b = IDX(&m, "0304");
	assert_int_equal(map_slope_into(&m, b, DIR("0304", "0303")), SLOPE_STEEP);
	assert_int_equal(map_slope_away(&m, b, DIR("0304", "0303")), SLOPE_GENTLE);
	assert_int_equal(map_slope_into(&m, a, DIR("0303", "0304")), SLOPE_GENTLE);
	assert_int_equal(map_slope_away(&m, a, DIR("0303", "0304")), SLOPE_STEEP);

	/* redoubt hexsides "INSIDE/OUTSIDE" with 0203 inside; the three cases cover 0203 owning
	 * the record (NE), and the neighbour owning it (S: 0204's N; NW: 0103's SE) */
	a = IDX(&m, "0203");
	static const char *const outside[] = {"0103", "0204", "0303"};
	for (int i = 0; i < 3; i++) {
		int d = DIR("0203", outside[i]);
		b = IDX(&m, outside[i]);
		assert_true(map_side_features(&m, a, d) & SIDE_REDOUBT);
		assert_true(map_side_features(&m, b, hex_dir_opposite(d)) & SIDE_REDOUBT);
		assert_true(map_redoubt_inside(&m, a, d));
		assert_false(map_redoubt_inside(&m, b, hex_dir_opposite(d)));
	}
	/* 0203's other hexsides are not redoubts */
	assert_false(map_redoubt_inside(&m, a, DIR("0203", "0202")));

	/* map_side_at: owner of N, NE, SE is the hex itself */
	bool own;
	assert_non_null(map_side_at(&m, a, HEX_NE, &own));
	assert_true(own);
	assert_non_null(map_side_at(&m, a, HEX_SW, &own));
	assert_false(own);
	map_free(&m);
}

static void test_map_roads(void **state)
{
	(void)state;
	struct map m;
	static const char *const road[] = {"0101", "0201", "0301", "0401"};
	static const char *const track[] = {"0604", "0603", "0602"};
	load_map(&m, "small.json");
	for (int i = 0; i < 4; i++) {
		int idx = IDX(&m, road[i]);
		assert_true(m.flags[idx] & HEXF_ROAD_MAJOR);
		assert_false(m.flags[idx] & (HEXF_ROAD_MINOR | HEXF_TRACK));
		if (i > 0) {
			int d = DIR(road[i - 1], road[i]);
			assert_int_equal(map_side_features(&m, IDX(&m, road[i - 1]), d), SIDE_ROAD_MAJOR);
			assert_int_equal(map_side_features(&m, idx, hex_dir_opposite(d)), SIDE_ROAD_MAJOR);
		}
	}
	/* hexsides next to the road but not on it */
	assert_int_equal(map_side_features(&m, IDX(&m, "0101"), DIR("0101", "0102")), 0);
	assert_int_equal(map_side_features(&m, IDX(&m, "0201"), DIR("0201", "0202")), 0);
	assert_false(m.flags[IDX(&m, "0501")] & HEXF_ROAD_MAJOR);
	for (int i = 0; i < 3; i++) {
		assert_true(m.flags[IDX(&m, track[i])] & HEXF_TRACK);
		if (i > 0)
			assert_int_equal(map_side_features(&m, IDX(&m, track[i]), DIR(track[i], track[i - 1])),
					 SIDE_TRACK);
	}
	assert_false(m.flags[IDX(&m, "0601")] & HEXF_TRACK);
	map_free(&m);
}

static void test_map_places_edges_offmap(void **state)
{
	(void)state;
	struct map m;
	const struct map_place *p;
	const struct map_edge *e;
	load_map(&m, "small.json");
	assert_int_equal(m.nplaces, 2);
	p = map_place_at(&m, H("0305"));
	assert_non_null(p);
	assert_string_equal(p->name, "Village");
	assert_int_equal(p->nhexes, 2);
	assert_ptr_equal(map_place_at(&m, H("0205")), p);
	p = map_place_at(&m, H("0303"));
	assert_non_null(p);
	assert_string_equal(p->name, "Hill");
	assert_null(map_place_at(&m, H("0101")));

	assert_int_equal(m.nedges, 2);
	e = map_edge_named(&m, "west");
	assert_non_null(e);
	assert_int_equal(e->nhexes, 5);
	for (int r = 1; r <= 5; r++)
		assert_int_equal(e->hexes[r - 1], hex_make(1, r));
	e = map_edge_named(&m, "exit");
	assert_non_null(e);
	assert_int_equal(e->nhexes, 1);
	assert_int_equal(e->hexes[0], H("0705"));
	assert_null(map_edge_named(&m, "north"));

	/* offmap: 0605 (inside the rectangle) is cut from the map; 0705 (outside) is an
	 * imaginary hex the rules may name */
	assert_false(m.flags[IDX(&m, "0605")] & HEXF_ONMAP);
	assert_true(m.flags[IDX(&m, "0605")] & HEXF_OFFMAP);
	assert_false(map_on(&m, H("0605")));
	assert_true(m.flags[IDX(&m, "0705")] & HEXF_OFFMAP);
	assert_false(m.flags[IDX(&m, "0705")] & HEXF_ONMAP);
	assert_false(m.flags[IDX(&m, "0604")] & HEXF_OFFMAP);
	assert_true(map_on(&m, H("0604")));
	map_free(&m);
}

/* map_nb agrees with hex_neighbor for every on-map hex, on maps with and without row 0. */
static void check_neighbours(const struct map *m)
{
	int checked = 0;
	for (int i = 0; i < m->n; i++) {
		int h = map_hex(m, i);
		if (!(m->flags[i] & HEXF_ONMAP))
			continue;
		for (int d = 0; d < 6; d++) {
			int nb = map_nb(m, i, d), hn = hex_neighbor(h, d);
			/* MAP_BORDER >= 1: every on-map hex has six neighbour slots */
			assert_true(nb >= 0);
			assert_int_equal(map_nb(m, nb, hex_dir_opposite(d)), i);
			if (hn != HEX_NONE) {
				assert_int_equal(map_hex(m, nb), hn);
				assert_int_equal(map_index(m, hn), nb);
			}
			checked++;
		}
	}
	assert_int_equal(checked, m->nonmap * 6);
	/* slots on the outer ring of the index space have missing neighbours, never wrong ones */
	for (int i = 0; i < m->n; i++)
		for (int d = 0; d < 6; d++) {
			int nb = map_nb(m, i, d);
			assert_true(nb >= -1 && nb < m->n);
			if (nb >= 0)
				assert_int_equal(map_nb(m, nb, hex_dir_opposite(d)), i);
		}
}

static void test_map_neighbours(void **state)
{
	(void)state;
	static const char *const files[] = {"small.json", "corridor.json", "field.json", "row0.json"};
	for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
		struct map m;
		load_map(&m, files[f]);
		check_neighbours(&m);
		/* the cube table is hex_to_cube of every index's hex number, border ones too; on the
		 * map its distances are hex_distance's */
		for (int i = 0; i < m.n; i++) {
			struct cube c = hex_to_cube(map_hex(&m, i)), t = map_cube(&m, i);
			assert_true(c.q == t.q && c.r == t.r && c.s == t.s);
			for (int j = 0; j < m.n; j += 7)
				if ((m.flags[i] & HEXF_ONMAP) && (m.flags[j] & HEXF_ONMAP))
					assert_int_equal(hex_cube_distance(t, map_cube(&m, j)),
							 hex_distance(map_hex(&m, i), map_hex(&m, j)));
		}
		map_free(&m);
	}
}

static void test_map_row0(void **state)
{
	(void)state;
	struct map m;
	load_map(&m, "row0.json");
	assert_int_equal(m.nonmap, 9);
	assert_true(map_on(&m, H("0100")));
	assert_true(map_on(&m, H("0302")));
	assert_int_equal(m.terrain[IDX(&m, "0200")], TER_SEA);
	assert_int_equal(m.terrain[IDX(&m, "0201")], TER_CLEAR);
	/* the slot north of 0100 is in the border (hex_neighbor has no number for it) */
	int nb = map_nb(&m, IDX(&m, "0100"), HEX_N);
	assert_true(nb >= 0);
	assert_false(m.flags[nb] & HEXF_ONMAP);
	assert_int_equal(hex_neighbor(H("0100"), HEX_N), HEX_NONE);
	map_free(&m);
}

static void test_hexlist_parse(void **state)
{
	(void)state;
	int out[16];
	assert_int_equal(hexlist_parse("0714", out, 16), 1);
	assert_int_equal(out[0], 714);
	assert_int_equal(hexlist_parse("0203-0206", out, 16), 4);
	assert_int_equal(out[3], 206);
	assert_int_equal(hexlist_parse("0514-0214", out, 16), 4);
	assert_int_equal(out[0], 514);
	assert_int_equal(out[3], 214);
	assert_int_equal(hexlist_parse("0203-0203", out, 16), 1);
	assert_int_equal(hexlist_parse("0203-0305", out, 16), -1);
	assert_int_equal(hexlist_parse("203-0305", out, 16), -1);
	assert_int_equal(hexlist_parse("0203-", out, 16), -1);
	assert_int_equal(hexlist_parse("0203-02066", out, 16), -1);
	assert_int_equal(hexlist_parse("", out, 16), -1);
	assert_int_equal(hexlist_parse("0101-0199", out, 16), -2);
	assert_int_equal(hexlist_parse("0101", out, 0), -2);
}

/* ---- errors, each with its line ---- */

/* Joins lines with '\n' (line i of the document is lines[i - 1]), parses and loads the map.
 * Returns map_load's result; errors go to l. */
static int load_lines(const char *const *lines, size_t n, struct errlist *l, struct map *m)
{
	char text[4096];
	size_t len = 0;
	struct jdoc d;
	struct err e;
	int rc;

	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(text + len, sizeof text - len, "%s\n", lines[i]);
	assert_true(len < sizeof text);
	if (jdoc_parse(&d, "bad.json", text, len, &e) != 0)
		fail_msg("test document does not parse: %d: %s", e.line, e.msg);
	errlist_init(l);
	rc = map_load(m, &d, l);
	jdoc_free(&d);
	if (rc != 0) {
		/* a failed load frees the map */
		assert_null(m->terrain);
		assert_null(m->nb);
	} else {
		map_free(m);
	}
	return rc;
}

#define HEAD \
	"{", \
	"  \"format\": \"crimea/1\", \"kind\": \"map\", \"id\": \"bad\",", \
	"  \"cols\": [1, 6], \"rows\": [1, 5],", \
	"  \"provenance\": { \"source\": \"reconstructed\", \"basis\": \"test\" },"

struct bad_case {
	const char *name;
	const char *const *lines;
	size_t n;
	int line;         /* expected line of the (first) error */
	const char *word; /* a word the message must contain */
};

static const char *const bad_terrain[] = {
	HEAD,
	"  \"terrain\": [",
	"    { \"type\": \"woods\", \"hexes\": [\"0101\"] },",
	"    { \"type\": \"forest\",",           /* 7 */
	"      \"hexes\": [\"0102\"] }",
	"  ]",
	"}",
};
static const char *const bad_default[] = {
	HEAD,
	"  \"default\":",
	"     \"jungle\"",                        /* 6 */
	"}",
};
static const char *const bad_feature[] = {
	HEAD,
	"  \"hexsides\": [",
	"    { \"type\": \"river\", \"sides\": [\"0202/0302\"] },",
	"    { \"sides\": [\"0101/0102\"],",
	"      \"type\": \"hedge\" }",            /* 8 */
	"  ]",
	"}",
};
static const char *const bad_offmap_hex[] = {
	HEAD,
	"  \"terrain\": [",
	"    { \"type\": \"woods\", \"hexes\": [\"0101\",",
	"       \"0909\"] }",                     /* 7 */
	"  ]",
	"}",
};
static const char *const bad_offmap_range[] = {
	HEAD,
	"  \"terrain\": [",
	"    { \"type\": \"woods\", \"hexes\": [",
	"       \"0103-0107\"] }",                /* 7: 0106 and 0107 are off the map */
	"  ]",
	"}",
};
static const char *const bad_side_nonadjacent[] = {
	HEAD,
	"  \"hexsides\": [",
	"    { \"type\": \"river\", \"sides\": [\"0202/0302\",",
	"      \"0202/0204\"] }",                 /* 7 */
	"  ]",
	"}",
};
static const char *const bad_side_offmap[] = {
	HEAD,
	"  \"hexsides\": [",
	"    { \"type\": \"wall\", \"sides\": [",
	"      \"0901/0902\"] }",                 /* 7 */
	"  ]",
	"}",
};
static const char *const bad_side_syntax[] = {
	HEAD,
	"  \"hexsides\": [",
	"    { \"type\": \"steep\", \"sides\": [\"0202-0302\"] }", /* 6 */
	"  ]",
	"}",
};
static const char *const bad_slope_twice[] = {
	HEAD,
	"  \"hexsides\": [",
	"    { \"type\": \"steep\", \"sides\": [\"0303/0304\"] },",
	"    { \"type\": \"gentle\", \"sides\": [\"0304/0303\",",
	"        \"0303/0304\"] }",              /* 8: a second slope with the same splash */
	"  ]",
	"}",
};
static const char *const bad_range[] = {
	HEAD,
	"  \"terrain\": [",
	"    { \"type\": \"town\",",
	"      \"hexes\": [\"0102\", \"0203-0305\"] }", /* 7 */
	"  ]",
	"}",
};
static const char *const bad_hexstring[] = {
	HEAD,
	"  \"places\": [",
	"    { \"name\": \"x\", \"hexes\": [\"12a4\"] }", /* 6 */
	"  ]",
	"}",
};
static const char *const bad_path[] = {
	HEAD,
	"  \"hexsides\": [",
	"    { \"type\": \"road_minor\", \"paths\": [",
	"      \"0101>0201\",",
	"      \"0201>0202>0204\"",               /* 8 */
	"    ] }",
	"  ]",
	"}",
};
static const char *const bad_path_syntax[] = {
	HEAD,
	"  \"hexsides\": [",
	"    { \"type\": \"track\", \"paths\": [\"0101>>0201\"] }", /* 6 */
	"  ]",
	"}",
};
static const char *const bad_missing_prov[] = {
	"{",                                      /* 1 */
	"  \"format\": \"crimea/1\", \"kind\": \"map\", \"id\": \"bad\",",
	"  \"cols\": [1, 6], \"rows\": [1, 5]",
	"}",
};
static const char *const bad_block_prov[] = {
	HEAD,
	"  \"terrain\": [",
	"    { \"type\": \"woods\", \"hexes\": [\"0101\"],",
	"      \"provenance\": { \"source\": \"seed\" } }", /* 7: seed without case */
	"  ]",
	"}",
};
static const char *const bad_kind[] = {
	"{",
	"  \"format\": \"crimea/1\",",
	"  \"kind\": \"scenario\", \"id\": \"bad\",", /* 3 */
	"  \"cols\": [1, 6], \"rows\": [1, 5]",
	"}",
};
static const char *const bad_format[] = {
	"{",
	"  \"format\": \"crimea/2\",",             /* 2 */
	"  \"kind\": \"map\", \"id\": \"bad\",",
	"  \"cols\": [1, 6], \"rows\": [1, 5],",
	"  \"provenance\": { \"source\": \"seed\", \"case\": \"[1]\" }",
	"}",
};
static const char *const bad_cols[] = {
	"{",
	"  \"format\": \"crimea/1\", \"kind\": \"map\", \"id\": \"bad\",",
	"  \"provenance\": { \"source\": \"seed\", \"case\": \"[1]\" },",
	"  \"cols\": [6, 1],",                     /* 4 */
	"  \"rows\": [1, 5]",
	"}",
};

#define CASE(arr, line, word) {#arr, arr, sizeof arr / sizeof arr[0], line, word}

static void test_map_errors(void **state)
{
	(void)state;
	static const struct bad_case cases[] = {
		CASE(bad_terrain, 7, "forest"),
		CASE(bad_default, 6, "jungle"),
		CASE(bad_feature, 8, "hedge"),
		CASE(bad_offmap_hex, 7, "0909"),
		CASE(bad_offmap_range, 7, "0106"),
		CASE(bad_side_nonadjacent, 7, "adjacent"),
		CASE(bad_side_offmap, 7, "off the map"),
		CASE(bad_side_syntax, 6, "0202-0302"),
		CASE(bad_slope_twice, 8, "already"),
		CASE(bad_range, 7, "0203-0305"),
		CASE(bad_hexstring, 6, "12a4"),
		CASE(bad_path, 8, "0202>0204"),
		CASE(bad_path_syntax, 6, "0101>>0201"),
		CASE(bad_missing_prov, 1, "provenance"),
		CASE(bad_block_prov, 7, "case"),
		CASE(bad_kind, 3, "kind"),
		CASE(bad_format, 2, "format"),
		CASE(bad_cols, 4, "cols"),
	};
	struct errlist *l = malloc(sizeof *l);
	assert_non_null(l);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct map m;
		int rc = load_lines(cases[i].lines, cases[i].n, l, &m);
		if (rc == 0 || l->n < 1)
			fail_msg("%s: loaded without error", cases[i].name);
		if (l->total != 1 || l->e[0].line != cases[i].line || !strstr(l->e[0].msg, cases[i].word) ||
		    strcmp(l->e[0].file, "bad.json"))
			fail_msg("%s: got %d error(s), first %s:%d: %s; want one at line %d mentioning %s",
				 cases[i].name, l->total, l->e[0].file, l->e[0].line, l->e[0].msg,
				 cases[i].line, cases[i].word);
	}
	free(l);
}

/* Every problem is reported, not just the first. */
static void test_map_all_errors(void **state)
{
	(void)state;
	static const char *const lines[] = {
		HEAD,
		"  \"default\": \"clear\",",
		"  \"terrain\": [",
		"    { \"type\": \"forest\", \"hexes\": [\"0101\"] },", /* 7 */
		"    { \"type\": \"woods\", \"hexes\": [\"0808\"] }",   /* 8 */
		"  ],",
		"  \"hexsides\": [",
		"    { \"type\": \"river\", \"sides\": [\"0101/0303\"] },", /* 11 */
		"    { \"type\": \"moat\", \"sides\": [\"0101/0102\"] }",   /* 12 */
		"  ],",
		"  \"edges\": [ { \"name\": \"w\", \"hexes\": [\"0101-0999\"] } ]", /* 14 */
		"}",
	};
	static const int want[] = {7, 8, 11, 12, 14};
	struct errlist *l = malloc(sizeof *l);
	struct map m;
	assert_non_null(l);
	assert_int_equal(load_lines(lines, sizeof lines / sizeof lines[0], l, &m), -1);
	assert_int_equal(l->total, 5);
	for (int i = 0; i < 5; i++)
		assert_int_equal(l->e[i].line, want[i]);
	free(l);
}

/* ---- path search ---- */

struct pbuf {
	uint8_t *step, *zoc, *blocked;
	struct path_result r;
};

/* Step tables: cost `cost` into any on-map hex (woods_cost into woods), PATH_NOWAY elsewhere. */
static void pbuf_init(struct pbuf *b, const struct map *m, int cost, int woods_cost)
{
	b->step = malloc((size_t)m->n * 6);
	b->zoc = calloc((size_t)m->n, 1);
	b->blocked = calloc((size_t)m->n, 1);
	b->r.cost = malloc((size_t)m->n * sizeof *b->r.cost);
	b->r.prev = malloc((size_t)m->n * sizeof *b->r.prev);
	b->r.qhex = malloc(((size_t)m->n * 6 + 1) * sizeof *b->r.qhex);
	b->r.qnext = malloc(((size_t)m->n * 6 + 1) * sizeof *b->r.qnext);
	assert_true(b->step && b->zoc && b->blocked && b->r.cost && b->r.prev && b->r.qhex && b->r.qnext);
	for (int i = 0; i < m->n; i++)
		for (int d = 0; d < 6; d++) {
			int j = map_nb(m, i, d);
			uint8_t c = PATH_NOWAY;
			if (j >= 0 && (m->flags[j] & HEXF_ONMAP))
				c = (uint8_t)(m->terrain[j] == TER_WOODS ? woods_cost : cost);
			b->step[i * 6 + d] = c;
		}
}

static void pbuf_free(struct pbuf *b)
{
	free(b->step);
	free(b->zoc);
	free(b->blocked);
	free(b->r.cost);
	free(b->r.prev);
	free(b->r.qhex);
	free(b->r.qnext);
}

static int search(const struct map *m, struct pbuf *b, const char *start, int allowance, bool zoc,
		  bool blocked)
{
	struct path_query q = {b->step, zoc ? b->zoc : NULL, blocked ? b->blocked : NULL,
			       map_index(m, H(start)), allowance};
	return path_search(m, &q, &b->r);
}

static int COST(const struct map *m, const struct pbuf *b, const char *hex)
{
	return b->r.cost[IDX(m, hex)];
}

/* Checks that the route to hex is a chain of adjacent hexes whose step costs add up. */
static int check_route(const struct map *m, const struct pbuf *b, const char *start, const char *hex,
		       int *route, int max)
{
	int n = path_route(&b->r, IDX(m, hex), route, max), sum = 0;
	assert_true(n >= 1);
	assert_int_equal(route[0], IDX(m, start));
	assert_int_equal(route[n - 1], IDX(m, hex));
	for (int k = 1; k < n; k++) {
		int d = hex_dir_to(map_hex(m, route[k - 1]), map_hex(m, route[k]));
		assert_true(d >= 0);
		assert_int_equal(map_nb(m, route[k - 1], d), route[k]);
		sum += b->step[route[k - 1] * 6 + d];
	}
	assert_int_equal(sum, b->r.cost[IDX(m, hex)]);
	return n;
}

static void test_path_costs(void **state)
{
	(void)state;
	struct map m;
	struct pbuf b;
	int route[64];
	load_map(&m, "field.json");
	pbuf_init(&b, &m, 2, 2);

	/* uniform cost 2: cost is twice the distance, up to the allowance */
	int n = search(&m, &b, "0303", 6, false, false), within = 0;
	for (int c = 1; c <= 6; c++)
		for (int r = 1; r <= 5; r++) {
			int h = hex_make(c, r), dist = hex_distance(H("0303"), h);
			int cost = b.r.cost[map_index(&m, h)];
			if (dist <= 3) {
				assert_int_equal(cost, 2 * dist);
				within++;
			} else {
				assert_int_equal(cost, PATH_UNREACHED);
			}
		}
	assert_int_equal(n, within);
	/* never off the map */
	for (int i = 0; i < m.n; i++)
		if (!(m.flags[i] & HEXF_ONMAP))
			assert_int_equal(b.r.cost[i], PATH_UNREACHED);
	assert_int_equal(b.r.prev[IDX(&m, "0303")], -1);
	assert_int_equal(check_route(&m, &b, "0303", "0303", route, 64), 1);
	assert_int_equal(check_route(&m, &b, "0303", "0105", route, 64), 4);
	assert_int_equal(path_route(&b.r, IDX(&m, "0105"), route, 3), -1);  /* too small */
	/* allowance 4: two hexes out */
	search(&m, &b, "0303", 4, false, false);
	assert_int_equal(hex_distance(H("0303"), H("0105")), 3);
	assert_int_equal(COST(&m, &b, "0105"), PATH_UNREACHED);
	assert_int_equal(path_route(&b.r, IDX(&m, "0105"), route, 64), -1); /* unreached */

	/* allowance 0: only the start */
	assert_int_equal(search(&m, &b, "0303", 0, false, false), 1);
	assert_int_equal(COST(&m, &b, "0303"), 0);
	assert_int_equal(COST(&m, &b, "0302"), PATH_UNREACHED);
	/* an allowance over the maximum is clamped, not overflowed */
	assert_int_equal(search(&m, &b, "0303", 100000, false, false), m.nonmap);
	assert_int_equal(search(&m, &b, "0303", -3, false, false), 1);
	pbuf_free(&b);
	map_free(&m);
}

/* Woods cost 8, clear 2: from 0203 to 0403 the way through the wood (0303) costs 10, the
 * detour round its south end (0204, 0305, 0404) costs 8. */
static void test_path_cheapest_route(void **state)
{
	(void)state;
	struct map m;
	struct pbuf b;
	int route[64];
	static const char *const want[] = {"0203", "0204", "0305", "0404", "0403"};
	load_map(&m, "field.json");
	pbuf_init(&b, &m, 2, 8);
	search(&m, &b, "0203", 20, false, false);
	assert_int_equal(COST(&m, &b, "0403"), 8);
	assert_int_equal(COST(&m, &b, "0303"), 8);
	assert_int_equal(check_route(&m, &b, "0203", "0403", route, 64), 5);
	for (int k = 0; k < 5; k++)
		assert_int_equal(map_hex(&m, route[k]), H(want[k]));
	/* allowance: 7 is one short */
	search(&m, &b, "0203", 7, false, false);
	assert_int_equal(COST(&m, &b, "0403"), PATH_UNREACHED);
	assert_int_equal(COST(&m, &b, "0404"), 6);
	search(&m, &b, "0203", 8, false, false);
	assert_int_equal(COST(&m, &b, "0403"), 8);
	pbuf_free(&b);
	map_free(&m);
}

static void test_path_prohibited_blocked(void **state)
{
	(void)state;
	struct map m;
	struct pbuf b;
	int route[64];
	load_map(&m, "field.json");
	pbuf_init(&b, &m, 2, 2);

	/* prohibited: no step into 0303 from any side */
	int x = IDX(&m, "0303");
	for (int d = 0; d < 6; d++)
		b.step[map_nb(&m, x, d) * 6 + hex_dir_opposite(d)] = PATH_NOWAY;
	search(&m, &b, "0302", 20, false, false);
	assert_int_equal(COST(&m, &b, "0303"), PATH_UNREACHED);
	assert_int_equal(COST(&m, &b, "0304"), 6); /* round it: 0302 > 0402 > 0403 > 0304 */
	check_route(&m, &b, "0302", "0304", route, 64);
	/* ... but leaving 0303 is still allowed */
	search(&m, &b, "0303", 20, false, false);
	assert_int_equal(COST(&m, &b, "0302"), 2);

	/* one prohibited direction only: 0302 -> 0303 (e.g. a cliff); the way back is open */
	pbuf_free(&b);
	pbuf_init(&b, &m, 2, 2);
	b.step[IDX(&m, "0302") * 6 + DIR("0302", "0303")] = PATH_NOWAY;
	search(&m, &b, "0302", 20, false, false);
	assert_int_equal(COST(&m, &b, "0303"), 4);
	search(&m, &b, "0303", 20, false, false);
	assert_int_equal(COST(&m, &b, "0302"), 2);

	/* blocked hexes may not be entered: a wall across row 3 except at 0603 */
	pbuf_free(&b);
	pbuf_init(&b, &m, 2, 2);
	for (int c = 1; c <= 5; c++)
		b.blocked[map_index(&m, hex_make(c, 3))] = 1;
	search(&m, &b, "0101", 60, false, true);
	for (int c = 1; c <= 5; c++)
		assert_int_equal(b.r.cost[map_index(&m, hex_make(c, 3))], PATH_UNREACHED);
	assert_true(COST(&m, &b, "0105") != PATH_UNREACHED);
	int n = check_route(&m, &b, "0101", "0105", route, 64);
	bool via_gap = false;
	for (int k = 0; k < n; k++)
		via_gap |= map_hex(&m, route[k]) == H("0603");
	assert_true(via_gap);
	/* blocked table ignored when not passed */
	search(&m, &b, "0101", 60, false, false);
	assert_int_equal(COST(&m, &b, "0105"), 8);
	pbuf_free(&b);
	map_free(&m);
}

/* [5.13]: entering an enemy-controlled hex ends movement. On a one-row corridor 0101..0601,
 * ZOC on 0301 stops everything there. */
static void test_path_zoc_stops(void **state)
{
	(void)state;
	struct map m;
	struct pbuf b;
	load_map(&m, "corridor.json");
	assert_int_equal(m.nonmap, 6);
	pbuf_init(&b, &m, 2, 2);
	b.zoc[IDX(&m, "0301")] = 1;
	assert_int_equal(search(&m, &b, "0101", 50, true, false), 3);
	assert_int_equal(COST(&m, &b, "0201"), 2);
	assert_int_equal(COST(&m, &b, "0301"), 4);
	assert_int_equal(COST(&m, &b, "0401"), PATH_UNREACHED);
	assert_int_equal(COST(&m, &b, "0601"), PATH_UNREACHED);
	/* without the zoc table the corridor is open */
	assert_int_equal(search(&m, &b, "0101", 50, false, false), 6);
	assert_int_equal(COST(&m, &b, "0601"), 10);
	/* starting in ZOC with a free hex ahead: the unit may leave ([5.14]) */
	b.zoc[IDX(&m, "0101")] = 1;
	b.zoc[IDX(&m, "0301")] = 0;
	assert_int_equal(search(&m, &b, "0101", 50, true, false), 6);
	/* ... but not straight into the next controlled hex */
	b.zoc[IDX(&m, "0201")] = 1;
	assert_int_equal(search(&m, &b, "0101", 50, true, false), 1);
	pbuf_free(&b);
	map_free(&m);
}

/* [5.14]: a unit starting in an enemy-controlled hex (0303) may not move directly into another
 * (0302, 0202); it may leave to a free hex (0402) and from there enter a controlled hex. */
static void test_path_zoc_start(void **state)
{
	(void)state;
	struct map m;
	struct pbuf b;
	int route[64];
	load_map(&m, "field.json");
	pbuf_init(&b, &m, 2, 2);
	b.zoc[IDX(&m, "0303")] = 1;
	b.zoc[IDX(&m, "0302")] = 1;
	b.zoc[IDX(&m, "0202")] = 1;
	search(&m, &b, "0303", 20, true, false);
	/* free neighbours: one step */
	assert_int_equal(COST(&m, &b, "0402"), 2);
	assert_int_equal(COST(&m, &b, "0203"), 2);
	assert_int_equal(b.r.prev[IDX(&m, "0402")], IDX(&m, "0303"));
	/* controlled neighbours: two steps, never directly from the start */
	assert_int_equal(COST(&m, &b, "0302"), 4);
	assert_int_equal(COST(&m, &b, "0202"), 4);
	assert_true(b.r.prev[IDX(&m, "0302")] != IDX(&m, "0303"));
	assert_true(b.r.prev[IDX(&m, "0202")] != IDX(&m, "0303"));
	assert_int_equal(b.zoc[b.r.prev[IDX(&m, "0302")]], 0);
	check_route(&m, &b, "0303", "0302", route, 64);
	/* movement stops in 0302: nothing is reached through it */
	for (int i = 0; i < m.n; i++)
		if (b.r.cost[i] != PATH_UNREACHED && b.r.prev[i] >= 0)
			assert_int_equal(b.zoc[b.r.prev[i]] == 0 || b.r.prev[i] == IDX(&m, "0303"), 1);
	/* 0301 lies beyond 0302 but is reached around it: 0303 > 0402 > 0401 > 0301 */
	assert_int_equal(COST(&m, &b, "0301"), 6);
	assert_int_equal(check_route(&m, &b, "0303", "0301", route, 64), 4);

	/* a unit starting on a free hex enters a controlled one directly and stops there */
	search(&m, &b, "0402", 20, true, false);
	assert_int_equal(COST(&m, &b, "0302"), 2);
	assert_int_equal(COST(&m, &b, "0303"), 2);
	assert_int_equal(COST(&m, &b, "0202"), 8); /* not through 0302 or 0303: four steps round */
	pbuf_free(&b);
	map_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_map_basics),
		cmocka_unit_test(test_map_terrain),
		cmocka_unit_test(test_map_hexsides),
		cmocka_unit_test(test_map_roads),
		cmocka_unit_test(test_map_places_edges_offmap),
		cmocka_unit_test(test_map_neighbours),
		cmocka_unit_test(test_map_row0),
		cmocka_unit_test(test_hexlist_parse),
		cmocka_unit_test(test_map_errors),
		cmocka_unit_test(test_map_all_errors),
		cmocka_unit_test(test_path_costs),
		cmocka_unit_test(test_path_cheapest_route),
		cmocka_unit_test(test_path_prohibited_blocked),
		cmocka_unit_test(test_path_zoc_stops),
		cmocka_unit_test(test_path_zoc_start),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
