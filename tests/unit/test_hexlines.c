/* Unit tests for precomputed lines (struct hex_lines): hex_lines_trace returns exactly what
 * hex_line returns, for every offset up to distance 16 from start hexes of both column parities,
 * in the middle of the numbering and against its edges (where the table defers to hex_line). */
#include <stdlib.h>

#include "testutil.h"

#define DIST 16

static void assert_same_line(const struct hex_lines *hl, int a, int b)
{
	struct line_step x[LINE_MAX_STEPS], y[LINE_MAX_STEPS];
	int n = hex_line(a, b, x, LINE_MAX_STEPS);
	int k = hex_lines_trace(hl, a, b, y, LINE_MAX_STEPS);

	if (n != k)
		fail_msg("%04d -> %04d: hex_line %d steps, hex_lines_trace %d", a, b, n, k);
	for (int i = 0; i < n; i++)
		if (x[i].kind != y[i].kind || x[i].hex != y[i].hex || x[i].other != y[i].other ||
		    x[i].from != y[i].from)
			fail_msg("%04d -> %04d step %d: hex_line {%d %d %d %d}, hex_lines_trace {%d %d %d %d}",
				 a, b, i, x[i].kind, x[i].hex, x[i].other, x[i].from, y[i].kind, y[i].hex,
				 y[i].other, y[i].from);
	/* too small an output: both refuse */
	if (n > 0) {
		assert_int_equal(hex_line(a, b, x, n - 1), -1);
		assert_int_equal(hex_lines_trace(hl, a, b, y, n - 1), -1);
	}
}

static void test_equal_to_hex_line(void **state)
{
	(void)state;
	static const int cols[] = {0, 1, 2, 3, 10, 11, 16, 17, 48, 49, 50, 51, 82, 83, 96, 97, 98, 99};
	static const int rows[] = {0, 1, 2, 9, 50, 90, 97, 98, 99};
	struct hex_lines hl;
	long compared = 0;

	assert_int_equal(hex_lines_init(&hl, DIST), 0);
	for (size_t ci = 0; ci < sizeof cols / sizeof cols[0]; ci++)
		for (size_t ri = 0; ri < sizeof rows / sizeof rows[0]; ri++) {
			int a = hex_make(cols[ci], rows[ri]);
			struct cube ca = hex_to_cube(a);
			for (int dq = -DIST; dq <= DIST; dq++)
				for (int dr = -DIST; dr <= DIST; dr++) {
					struct cube cb = {ca.q + dq, ca.r + dr, 0};
					cb.s = -cb.q - cb.r;
					if (abs(dq + dr) > DIST)
						continue;
					int b = hex_from_cube(cb);
					if (b == HEX_NONE)
						continue; /* off the numbering: not a hex number */
					assert_same_line(&hl, a, b);
					compared++;
				}
		}
	assert_true(compared > 50000); /* about 72 000 */
	hex_lines_free(&hl);
}

/* Beyond the table, invalid hexes: hex_lines_trace still answers as hex_line does. */
static void test_outside_table(void **state)
{
	(void)state;
	struct hex_lines hl;
	struct line_step st[LINE_MAX_STEPS];

	assert_int_equal(hex_lines_init(&hl, 4), 0);
	assert_same_line(&hl, H("1010"), H("1015")); /* distance 5 > 4 */
	assert_same_line(&hl, H("1010"), H("3040"));
	assert_same_line(&hl, H("0000"), H("9999"));
	assert_null(hex_lines_shape(&hl, H("1010"), H("1015")));
	assert_non_null(hex_lines_shape(&hl, H("1010"), H("1014")));
	assert_null(hex_lines_shape(&hl, -1, H("1010")));
	assert_null(hex_lines_shape(&hl, H("1010"), 10000));
	assert_int_equal(hex_lines_trace(&hl, HEX_NONE, H("1010"), st, LINE_MAX_STEPS), -1);
	assert_int_equal(hex_lines_trace(&hl, H("1010"), -5, st, LINE_MAX_STEPS), -1);
	assert_int_equal(hex_lines_trace(&hl, 12345, 12346, st, LINE_MAX_STEPS),
			 hex_line(12345, 12346, st, LINE_MAX_STEPS));
	hex_lines_free(&hl);
	hex_lines_free(&hl); /* idempotent */
}

/* The shape's offsets give the same hexes as the trace; its bounds hold every hex. */
static void test_shape(void **state)
{
	(void)state;
	struct hex_lines hl;
	struct line_step st[LINE_MAX_STEPS];
	int a = H("2114"), b = H("2710");

	assert_int_equal(hex_lines_init(&hl, 8), 0);
	const struct hex_shape *sh = hex_lines_shape(&hl, a, b);
	assert_non_null(sh);
	int n = hex_lines_trace(&hl, a, b, st, LINE_MAX_STEPS);
	assert_int_equal(n, sh->n);
	for (int i = 0; i < n; i++) {
		const struct hex_shape_step *s = &hl.step[sh->first + i];
		assert_int_equal(s->kind, st[i].kind);
		assert_int_equal(hex_make(hex_col(a) + s->col, hex_row(a) + s->row), st[i].hex);
		assert_true(s->col >= sh->col_lo && s->col <= sh->col_hi);
		assert_true(s->row >= sh->row_lo && s->row <= sh->row_hi);
		if (s->flags & HEX_SHAPE_OTHER)
			assert_int_equal(hex_make(hex_col(a) + s->ocol, hex_row(a) + s->orow), st[i].other);
		else
			assert_int_equal(st[i].other, HEX_NONE);
	}
	assert_int_equal(st[0].hex, a);
	assert_int_equal(st[n - 1].hex, b);
	hex_lines_free(&hl);
}

static void test_init_limits(void **state)
{
	(void)state;
	struct hex_lines hl;
	assert_int_equal(hex_lines_init(&hl, -1), -1);
	assert_int_equal(hex_lines_init(&hl, HEX_LINES_DIST_MAX + 1), -1);
	assert_int_equal(hex_lines_init(&hl, 0), 0);
	assert_same_line(&hl, H("1010"), H("1010"));
	assert_same_line(&hl, H("1010"), H("1011"));
	hex_lines_free(&hl);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_equal_to_hex_line),
		cmocka_unit_test(test_outside_table),
		cmocka_unit_test(test_shape),
		cmocka_unit_test(test_init_limits),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
