/* Unit tests for hex geometry: numbering, adjacency (the worked examples fix even-q),
 * distance and exact lines (the Alma errata to [18.4]). */
#include "testutil.h"

static void test_parse_format(void **state)
{
	(void)state;
	int h;
	char buf[8];
	assert_true(hex_parse("0714", &h));
	assert_int_equal(h, 714);
	hex_format(h, buf);
	assert_string_equal(buf, "0714");
	assert_false(hex_parse("714", &h));
	assert_false(hex_parse("07a4", &h));
	assert_false(hex_parse("07145", &h));
	assert_true(hex_parse("2400", &h)); /* row 00: Inkerman's harbour half hexes */
	assert_int_equal(hex_row(h), 0);
}

/* [5.25] and [5.26]: the examples move 0715->0814->0914, 0715->0815->0915, 0714->0814->0815,
 * 0614->0715->0716->0816: each step is between adjacent hexes; so are the hexes the [19.24] and
 * [24.15] examples make fire at each other or share a blast. */
static void test_adjacency_examples(void **state)
{
	(void)state;
	static const char *const pairs[][2] = {
		{"0715", "0814"}, {"0814", "0914"}, {"0715", "0815"}, {"0815", "0915"},
		{"0714", "0814"}, {"0814", "0815"}, {"0614", "0715"}, {"0715", "0716"},
		{"0716", "0816"},
		/* [19.24]: skirmishers in 0707 and 0807 fire at 0806; units in 0806 and 0706 fire at 0707 */
		{"0707", "0806"}, {"0807", "0806"}, {"0706", "0707"}, {"0806", "0707"},
		/* [24.15]: big-gun blasts on 0703 and 0903 both reach their neighbour 0803 */
		{"0703", "0803"}, {"0903", "0803"},
	};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
		assert_true(hex_adjacent(H(pairs[i][0]), H(pairs[i][1])));
	/* odd column: side neighbours at r-1 and r; even column: r and r+1 */
	assert_true(hex_adjacent(H("0714"), H("0813")));
	assert_false(hex_adjacent(H("0714"), H("0815")));
	assert_true(hex_adjacent(H("0814"), H("0915")));
	assert_false(hex_adjacent(H("0814"), H("0913")));
}

static void test_neighbors_roundtrip(void **state)
{
	(void)state;
	for (int c = 1; c < 40; c++)
		for (int r = 1; r < 30; r++) {
			int h = hex_make(c, r);
			for (int d = 0; d < 6; d++) {
				int n = hex_neighbor(h, d);
				assert_int_equal(hex_distance(h, n), 1);
				assert_int_equal(hex_neighbor(n, hex_dir_opposite(d)), h);
				assert_int_equal(hex_dir_to(h, n), d);
			}
		}
	assert_int_equal(hex_neighbor(H("0100"), HEX_N), HEX_NONE);
}

static void test_distance(void **state)
{
	(void)state;
	assert_int_equal(hex_distance(H("2106"), H("2309")), 4);
	assert_int_equal(hex_distance(H("0101"), H("0101")), 0);
	assert_int_equal(hex_distance(H("0101"), H("0110")), 9);
	assert_int_equal(hex_distance(H("0101"), H("1001")), 9);
	assert_int_equal(hex_distance(H("1010"), H("1512")), 5);
}

/* Alma errata [18.4]: the line 2106-2309 runs along hexsides 2107/2206 and 2208/2308 and
 * bisects 2207. */
static void test_alma_errata_line(void **state)
{
	(void)state;
	struct line_step st[LINE_MAX_STEPS];
	int n = hex_line(H("2106"), H("2309"), st, LINE_MAX_STEPS);
	assert_int_equal(n, 5);
	assert_int_equal(st[0].kind, LINE_HEX);
	assert_int_equal(st[0].hex, H("2106"));
	assert_int_equal(st[1].kind, LINE_SIDE);
	assert_true((st[1].hex == H("2107") && st[1].other == H("2206")) ||
		    (st[1].hex == H("2206") && st[1].other == H("2107")));
	assert_int_equal(st[2].kind, LINE_HEX);
	assert_int_equal(st[2].hex, H("2207"));
	assert_int_equal(st[3].kind, LINE_SIDE);
	assert_true((st[3].hex == H("2208") && st[3].other == H("2308")) ||
		    (st[3].hex == H("2308") && st[3].other == H("2208")));
	assert_int_equal(st[4].hex, H("2309"));
}

static void test_line_straight_and_vertex(void **state)
{
	(void)state;
	struct line_step st[LINE_MAX_STEPS];
	int n = hex_line(H("1001"), H("1006"), st, LINE_MAX_STEPS);
	assert_int_equal(n, 6);
	for (int i = 0; i < n; i++) {
		assert_int_equal(st[i].kind, LINE_HEX);
		assert_int_equal(st[i].hex, hex_make(10, 1 + i));
		if (i)
			assert_int_equal(st[i].from, hex_make(10, i));
	}
	/* 1010 -> 1512 passes exactly through two vertices */
	n = hex_line(H("1010"), H("1512"), st, LINE_MAX_STEPS);
	int vertices = 0;
	for (int i = 0; i < n; i++)
		vertices += st[i].kind == LINE_VERTEX;
	assert_int_equal(vertices, 2);
	assert_int_equal(st[0].hex, H("1010"));
	assert_int_equal(st[n - 1].hex, H("1512"));
}

/* Every line is connected: consecutive interior hexes are adjacent, and the line is
 * symmetric in the hexes it touches. */
static void test_line_properties(void **state)
{
	(void)state;
	struct line_step a[LINE_MAX_STEPS], b[LINE_MAX_STEPS];
	for (int x = 0; x < 400; x++) {
		int h1 = hex_make(5 + x % 13, 5 + (x * 7) % 11), h2 = hex_make(5 + (x * 3) % 17, 5 + (x * 5) % 13);
		int na = hex_line(h1, h2, a, LINE_MAX_STEPS), nb = hex_line(h2, h1, b, LINE_MAX_STEPS);
		assert_true(na >= 1);
		assert_int_equal(na, nb);
		int touched_a = 0, touched_b = 0;
		for (int i = 0; i < na; i++) {
			touched_a += a[i].hex + (a[i].other > 0 ? a[i].other : 0);
			touched_b += b[i].hex + (b[i].other > 0 ? b[i].other : 0);
		}
		assert_int_equal(touched_a, touched_b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_format),
		cmocka_unit_test(test_adjacency_examples),
		cmocka_unit_test(test_neighbors_roundtrip),
		cmocka_unit_test(test_distance),
		cmocka_unit_test(test_alma_errata_line),
		cmocka_unit_test(test_line_straight_and_vertex),
		cmocka_unit_test(test_line_properties),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
