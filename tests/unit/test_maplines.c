/* Unit tests for struct map_lines: map_lines_blocked counts exactly the blocking steps that
 * tracing hex_line and testing each intermediate step gives (a hex step blocks if its hex does,
 * a hexside step if both hexes do), on the Balaclava map with random blocking hexes, for every
 * pair of on-map hexes up to distance 16 from a sample of start hexes; and it refuses (-1)
 * lines outside the table. map_lines_blocked_at (map indices) returns exactly what
 * map_lines_blocked returns, for every pair of indices (border included) on every quad map and
 * on index spaces too short for the whole table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "games/quad/quad.h"
#include "games/rules.h"
#include "hex/map.h"

static int blocks(const struct map *m, const uint8_t *blk, int h)
{
	int i = map_index(m, h);
	return i >= 0 && blk[i];
}

static int traced(const struct map *m, const uint8_t *blk, int a, int b)
{
	struct line_step st[LINE_MAX_STEPS];
	int n = hex_line(a, b, st, LINE_MAX_STEPS), cnt = 0;
	assert_true(n >= 1);
	for (int i = 1; i < n - 1; i++) {
		if (st[i].kind == LINE_HEX)
			cnt += blocks(m, blk, st[i].hex);
		else if (st[i].kind == LINE_SIDE)
			cnt += blocks(m, blk, st[i].hex) && blocks(m, blk, st[i].other);
	}
	return cnt;
}

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static void test_same_as_traced(void **state)
{
	(void)state;
	struct scenario s;
	struct errlist errs;
	struct hex_lines hl;
	struct map_lines ml;
	uint64_t rs = 777;
	long lines = 0, refused = 0;

	errlist_init(&errs);
	assert_int_equal(scenario_load(&s, "data/quad/balaclava/scenario.json", &errs), 0);
	const struct map *m = &((const struct q_scn *)s.data)->map;
	uint8_t *blk = malloc((size_t)m->n);
	int *on = malloc((size_t)m->n * sizeof *on), non = 0;
	assert_true(blk && on);
	assert_int_equal(hex_lines_init(&hl, HEX_LINES_DIST), 0);
	assert_int_equal(map_lines_init(&ml, &hl, m), 0);
	for (int i = 0; i < m->n; i++)
		if (m->flags[i] & HEXF_ONMAP) {
			on[non++] = map_hex(m, i);
			/* an "inner" hex: lines between on-map hexes take map_lines_blocked_at's table */
			assert_in_range(ml.to[i] - ml.from[i], 0, 1);
		}
	for (int round = 0; round < 4; round++) {
		/* blocking density 1/2, 1/3, 1/4, 1/5: both sides of hexside steps block often */
		for (int i = 0; i < m->n; i++)
			blk[i] = rnd(&rs) % (uint64_t)(round + 2) == 0;
		for (int k = 0; k < non; k += 7) {
			int a = on[(k + round) % non];
			for (int t = 0; t < non; t++) {
				int b = on[t], d = hex_distance(a, b), got = map_lines_blocked(&ml, m, a, b, blk);
				if (d > HEX_LINES_DIST) {
					assert_int_equal(got, -1);
					refused++;
					continue;
				}
				if (got < 0) { /* allowed only if the line leaves the index space */
					refused++;
					continue;
				}
				if (got != traced(m, blk, a, b))
					fail_msg("%04d -> %04d: map_lines_blocked %d, traced %d", a, b, got,
						 traced(m, blk, a, b));
				assert_int_equal(map_lines_blocked_at(&ml, map_index(m, a), map_index(m, b), blk), got);
				lines++;
			}
		}
	}
	assert_true(lines > 100000);
	assert_true(refused > 0);
	map_lines_free(&ml);
	hex_lines_free(&hl);
	free(on);
	free(blk);
	scenario_free(&s);
}

static int in_numbering(const struct map *m, int idx)
{
	int c = idx / m->h + m->col0 - MAP_BORDER, r = idx % m->h + m->row0 - MAP_BORDER;
	return c >= 0 && c <= HEX_COL_MAX && r >= 0 && r <= HEX_ROW_MAX;
}

/* map_lines_blocked_at(a, b) == map_lines_blocked(map_hex(a), map_hex(b)) for every pair of
 * indices of m with random blocking hexes (-1 when either is outside the numbering); returns
 * how many lines were counted (not -1). */
static long same_as_hexes(const struct map *m, const struct hex_lines *hl, uint64_t *rs,
			  int check_traced)
{
	struct map_lines ml;
	uint8_t *blk = malloc((size_t)m->n);
	long fast = 0;

	assert_non_null(blk);
	assert_int_equal(map_lines_init(&ml, hl, m), 0);
	for (int i = 0; i < m->n; i++)
		blk[i] = rnd(rs) % 3 == 0;
	for (int a = 0; a < m->n; a++) {
		int ha = map_hex(m, a);
		for (int b = 0; b < m->n; b++) {
			int hb = map_hex(m, b), want = in_numbering(m, a) && in_numbering(m, b) ?
				map_lines_blocked(&ml, m, ha, hb, blk) : -1;
			int got = map_lines_blocked_at(&ml, a, b, blk);
			if (got != want)
				fail_msg("%s: %04d -> %04d (index %d -> %d): map_lines_blocked_at %d, map_lines_blocked %d",
					 m->id, ha, hb, a, b, got, want);
			if (check_traced && got >= 0 && got != traced(m, blk, ha, hb))
				fail_msg("%s: %04d -> %04d: map_lines_blocked_at %d, traced %d", m->id, ha, hb,
					 got, traced(m, blk, ha, hb));
			fast += got >= 0;
		}
	}
	map_lines_free(&ml);
	free(blk);
	return fast;
}

static void test_at_same_as_hexes(void **state)
{
	(void)state;
	static const char *const scn[] = {
		"data/quad/alma/scenario.json", "data/quad/balaclava/scenario.json",
		"data/quad/inkerman/historical.json", "data/quad/tchernaya/tchernaya.json",
	};
	struct hex_lines hl, hl5;
	uint64_t rs = 4242;

	assert_int_equal(hex_lines_init(&hl, HEX_LINES_DIST), 0);
	assert_int_equal(hex_lines_init(&hl5, 5), 0);
	for (size_t k = 0; k < sizeof scn / sizeof scn[0]; k++) {
		struct scenario s;
		struct errlist errs;
		errlist_init(&errs);
		assert_int_equal(scenario_load(&s, scn[k], &errs), 0);
		const struct map *m = &((const struct q_scn *)s.data)->map;
		assert_true(same_as_hexes(m, &hl, &rs, 0) > 100000);
		assert_true(same_as_hexes(m, &hl5, &rs, 0) > 10000);
		scenario_free(&s);
	}
	/* index spaces at the edges of the numbering, with either column parity first, and
	 * fewer rows than the longest line; every line counted is also checked against
	 * hex_line */
	static const int shape[][4] = { /* col0, col1, row0, row1 */
		{0, 30, 0, 5}, {1, 12, 3, 3}, {7, 20, 90, 99}, {80, 99, 40, 60}, {5, 5, 1, 20},
	};
	for (size_t k = 0; k < sizeof shape / sizeof shape[0]; k++) {
		struct map m;
		memset(&m, 0, sizeof m);
		snprintf(m.id, sizeof m.id, "synthetic%zu", k);
		m.col0 = shape[k][0];
		m.col1 = shape[k][1];
		m.row0 = shape[k][2];
		m.row1 = shape[k][3];
		m.w = m.col1 - m.col0 + 1 + 2 * MAP_BORDER;
		m.h = m.row1 - m.row0 + 1 + 2 * MAP_BORDER;
		m.n = m.w * m.h;
		assert_true(same_as_hexes(&m, &hl, &rs, 1) > 0);
	}
	hex_lines_free(&hl5);
	hex_lines_free(&hl);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_as_traced),
		cmocka_unit_test(test_at_same_as_hexes),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
