/* Unit tests for struct map_lines: map_lines_blocked counts exactly the blocking steps that
 * tracing hex_line and testing each intermediate step gives (a hex step blocks if its hex does,
 * a hexside step if both hexes do), on the Balaclava map with random blocking hexes, for every
 * pair of on-map hexes up to distance 16 from a sample of start hexes; and it refuses (-1)
 * lines outside the table. */
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
		if (m->flags[i] & HEXF_ONMAP)
			on[non++] = map_hex(m, i);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_as_traced),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
