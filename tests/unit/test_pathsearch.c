/* Unit tests for path_search: the optimised searches (path_search, path_search_order and
 * path_search_prep with a prepared table) give exactly the results (reached count, every cost,
 * every prev on a reached hex, and the order hexes are reached in) of the plain Dial's algorithm
 * they replaced, kept here as the reference, on the Balaclava map with the quad step tables and
 * with random ones (including zero-cost steps), random zones of control, blocked hexes and
 * allowances. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "games/quad/quad.h"
#include "games/rules.h"
#include "hex/path.h"

/* The original path_search (commit 4185829), verbatim but for its name. */
static int path_search_ref(const struct map *m, const struct path_query *q, struct path_result *r)
{
	int32_t head[PATH_MAX_ALLOWANCE + 1];
	int allowance = q->allowance, reached = 0, ne = 0;
	bool start_zoc = q->zoc && q->zoc[q->start];

	if (allowance > PATH_MAX_ALLOWANCE)
		allowance = PATH_MAX_ALLOWANCE;
	if (allowance < 0)
		allowance = 0;
	memset(r->cost, 0xFF, (size_t)m->n * sizeof r->cost[0]);
	for (int c = 0; c <= allowance; c++)
		head[c] = -1;
	r->cost[q->start] = 0;
	r->prev[q->start] = -1;
	r->qhex[ne] = q->start;
	r->qnext[ne] = -1;
	head[0] = ne++;
	for (int c = 0; c <= allowance; c++) {
		while (head[c] >= 0) {
			int e = head[c], i = r->qhex[e];
			head[c] = r->qnext[e];
			if (r->cost[i] != c)
				continue;
			reached++;
			if (q->zoc && q->zoc[i] && i != q->start)
				continue;
			const uint8_t *st = &q->step[i * 6];
			const int32_t *nb = &m->nb[i * 6];
			for (int d = 0; d < 6; d++) {
				int j = nb[d], nc;
				if (j < 0 || st[d] == PATH_NOWAY)
					continue;
				if (q->blocked && q->blocked[j])
					continue;
				if (start_zoc && i == q->start && q->zoc[j])
					continue;
				nc = c + st[d];
				if (nc > allowance || nc >= r->cost[j])
					continue;
				r->cost[j] = (uint16_t)nc;
				r->prev[j] = i;
				r->qhex[ne] = j;
				r->qnext[ne] = head[nc];
				head[nc] = ne++;
			}
		}
	}
	return reached;
}

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static int below(uint64_t *s, int n)
{
	return (int)(rnd(s) >> 33) % n;
}

struct res {
	struct path_result r;
};

static void res_alloc(struct res *x, int n)
{
	x->r.cost = calloc((size_t)n, sizeof *x->r.cost);
	x->r.prev = calloc((size_t)n, sizeof *x->r.prev);
	x->r.qhex = calloc((size_t)n * 6 + 1, sizeof *x->r.qhex);
	x->r.qnext = calloc((size_t)n * 6 + 1, sizeof *x->r.qnext);
	assert_true(x->r.cost && x->r.prev && x->r.qhex && x->r.qnext);
}

static void res_free(struct res *x)
{
	free(x->r.cost);
	free(x->r.prev);
	free(x->r.qhex);
	free(x->r.qnext);
}

static void same_result(const struct map *m, const struct path_query *q, const struct res *a,
			const struct res *b, const char *what)
{
	for (int i = 0; i < m->n; i++) {
		if (a->r.cost[i] != b->r.cost[i])
			fail_msg("%s: start %d allowance %d: cost[%d] %d vs %d", what, q->start,
				 q->allowance, i, a->r.cost[i], b->r.cost[i]);
		if (a->r.cost[i] != PATH_UNREACHED && a->r.prev[i] != b->r.prev[i])
			fail_msg("%s: start %d allowance %d: prev[%d] %d vs %d", what, q->start,
				 q->allowance, i, a->r.prev[i], b->r.prev[i]);
	}
}

/* The order the reference reaches hexes in: the order it takes them from the queue, which is
 * the order of their final costs, ties by the queue's last in, first out. Recomputed from a
 * second reference run that records it. */
static int ref_order(const struct map *m, const struct path_query *q, struct res *x, int32_t *order)
{
	int32_t head[PATH_MAX_ALLOWANCE + 1];
	int allowance = q->allowance, reached = 0, ne = 0;
	bool start_zoc = q->zoc && q->zoc[q->start];
	struct path_result *r = &x->r;

	if (allowance > PATH_MAX_ALLOWANCE)
		allowance = PATH_MAX_ALLOWANCE;
	if (allowance < 0)
		allowance = 0;
	memset(r->cost, 0xFF, (size_t)m->n * sizeof r->cost[0]);
	for (int c = 0; c <= allowance; c++)
		head[c] = -1;
	r->cost[q->start] = 0;
	r->qhex[ne] = q->start;
	r->qnext[ne] = -1;
	head[0] = ne++;
	for (int c = 0; c <= allowance; c++) {
		while (head[c] >= 0) {
			int e = head[c], i = r->qhex[e];
			head[c] = r->qnext[e];
			if (r->cost[i] != c)
				continue;
			order[reached++] = i;
			if (q->zoc && q->zoc[i] && i != q->start)
				continue;
			for (int d = 0; d < 6; d++) {
				int j = m->nb[i * 6 + d], nc;
				uint8_t s = q->step[i * 6 + d];
				if (j < 0 || s == PATH_NOWAY || (q->blocked && q->blocked[j]))
					continue;
				if (start_zoc && i == q->start && q->zoc[j])
					continue;
				nc = c + s;
				if (nc > allowance || nc >= r->cost[j])
					continue;
				r->cost[j] = (uint16_t)nc;
				r->qhex[ne] = j;
				r->qnext[ne] = head[nc];
				head[nc] = ne++;
			}
		}
	}
	return reached;
}

/* Runs the reference and the three optimised entry points and compares everything they
 * define. */
static void compare(const struct map *m, const struct path_query *q, const struct path_prep *prep,
		    struct res *a, struct res *b, int32_t *oa, int32_t *ob)
{
	int ra = path_search_ref(m, q, &a->r), rb = path_search(m, q, &b->r);
	assert_int_equal(ra, rb);
	same_result(m, q, a, b, "path_search");
	rb = path_search_order(m, q, &b->r, ob);
	assert_int_equal(ra, rb);
	same_result(m, q, a, b, "path_search_order");
	memset(b->r.cost, 0, (size_t)m->n * sizeof b->r.cost[0]);
	rb = path_search_prep(prep, q, &b->r, ob + m->n);
	assert_int_equal(ra, rb);
	same_result(m, q, a, b, "path_search_prep");
	assert_int_equal(ref_order(m, q, a, oa), ra);
	for (int k = 0; k < ra; k++) {
		if (oa[k] != ob[k] || oa[k] != ob[m->n + k])
			fail_msg("start %d allowance %d: order[%d] %d vs %d, %d", q->start, q->allowance,
				 k, oa[k], ob[k], ob[m->n + k]);
	}
}

static void random_zoc(const struct map *m, uint64_t *rs, uint8_t *zoc, uint8_t *blocked, int units)
{
	memset(zoc, 0, (size_t)m->n);
	memset(blocked, 0, (size_t)m->n);
	for (int k = 0; k < units; k++) {
		int i = below(rs, m->n);
		blocked[i] = 1;
		zoc[i] = 1;
		for (int d = 0; d < 6; d++)
			if (map_nb(m, i, d) >= 0)
				zoc[map_nb(m, i, d)] = 1;
	}
}

static void test_same_as_reference(void **state)
{
	(void)state;
	struct scenario s;
	struct errlist errs;
	struct res a, b;
	uint64_t rs = 12345;
	long searches = 0;

	errlist_init(&errs);
	assert_int_equal(scenario_load(&s, "data/quad/balaclava/scenario.json", &errs), 0);
	const struct q_scn *qs = s.data;
	const struct map *m = &qs->map;
	int n = m->n;
	uint8_t *zoc = malloc((size_t)n), *blocked = malloc((size_t)n);
	uint8_t *rstep = malloc((size_t)n * 6);
	int32_t *oa = malloc((size_t)n * sizeof *oa), *ob = malloc((size_t)n * 2 * sizeof *ob);
	struct path_prep prep;
	assert_true(zoc && blocked && rstep && oa && ob);
	res_alloc(&a, n);
	res_alloc(&b, n);

	for (int round = 0; round < 60; round++) {
		struct path_query q;
		/* the quad tables for each movement class, then random tables with zero costs */
		if (round < 2 * Q_NMOVE) {
			q.step = qs->step[round % Q_NMOVE];
		} else {
			for (int i = 0; i < n * 6; i++) {
				int v = below(&rs, 12);
				rstep[i] = (uint8_t)(v >= 9 ? PATH_NOWAY : v);
			}
			q.step = rstep;
		}
		assert_int_equal(path_prep_init(&prep, m, q.step), 0);
		random_zoc(m, &rs, zoc, blocked, round % 12);
		for (int k = 0; k < 150; k++) {
			q.start = below(&rs, n);
			q.allowance = below(&rs, 10) == 0 ? below(&rs, 300) - 20 : below(&rs, 30);
			q.zoc = round % 3 == 0 ? NULL : zoc;
			q.blocked = round % 4 == 1 ? NULL : blocked;
			compare(m, &q, &prep, &a, &b, oa, ob);
			searches++;
		}
		path_prep_free(&prep);
	}
	assert_true(searches >= 9000);
	res_free(&a);
	res_free(&b);
	free(ob);
	free(oa);
	free(rstep);
	free(blocked);
	free(zoc);
	scenario_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_as_reference),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
