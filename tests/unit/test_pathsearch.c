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
#include "core/jdoc.h"
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
 * define; returns path_search_prep's met. */
static int compare(const struct map *m, const struct path_query *q, const struct path_prep *prep,
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
	/* without a cost array: the same count, order and prev (b->r.prev is a's, checked) */
	int32_t *prev = malloc((size_t)m->n * sizeof *prev), *order = ob + m->n;
	struct path_result nc = {NULL, prev, b->r.qhex, b->r.qnext, 0};
	assert_non_null(prev);
	assert_int_equal(path_search_prep(prep, q, &nc, order), ra);
	for (int k = 0; k < ra; k++)
		if (order[k] != oa[k] || prev[order[k]] != b->r.prev[order[k]])
			fail_msg("start %d allowance %d, no cost: order[%d] %d vs %d, prev %d vs %d",
				 q->start, q->allowance, k, order[k], oa[k], prev[order[k]],
				 b->r.prev[order[k]]);
	assert_int_equal(path_search_prep(prep, q, &nc, NULL), ra); /* (order in scratch) */
	/* met 0: the search is the one without maps (the memo's free-field cache keeps it) */
	assert_int_equal(path_search_prep(prep, q, &nc, order), ra);
	if (!nc.met) {
		struct path_query fq = *q;
		int32_t *fprev = malloc((size_t)m->n * sizeof *fprev), *forder = ob;
		struct path_result fr = {NULL, fprev, b->r.qhex, b->r.qnext, 1};
		assert_non_null(fprev);
		fq.zoc = NULL;
		fq.blocked = NULL;
		assert_int_equal(path_search_prep(prep, &fq, &fr, forder), ra);
		assert_int_equal(fr.met, 0);
		for (int k = 0; k < ra; k++)
			if (forder[k] != order[k] || fprev[order[k]] != prev[order[k]])
				fail_msg("start %d allowance %d, met 0: order[%d] %d vs %d without maps",
					 q->start, q->allowance, k, order[k], forder[k]);
		free(fprev);
	}
	free(prev);
	return nc.met;
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
	long searches = 0, met[2] = {0, 0}; /* searches with both maps and units on them, by met */

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
			int mt = compare(m, &q, &prep, &a, &b, oa, ob);
			if (q.zoc && q.blocked && round % 12)
				met[mt]++;
			searches++;
		}
		path_prep_free(&prep);
	}
	assert_true(searches >= 9000);
	assert_true(met[0] >= 500 && met[1] >= 500); /* both kinds were checked */
	res_free(&a);
	res_free(&b);
	free(ob);
	free(oa);
	free(rstep);
	free(blocked);
	free(zoc);
	scenario_free(&s);
}

/* ---- path_sweep: the data-parallel search and its fallback ---- */

/* The canonical prev of a reached hex h other than the start (path.h), from the reference's
 * costs, the map's neighbours and the raw step table: the neighbour in the lowest direction
 * that may move into h at exactly h's cost; -2 if there is none. */
static int ref_canon_prev(const struct map *m, const struct path_query *q, const uint16_t *cost, int h)
{
	bool start_zoc = q->zoc && q->zoc[q->start];
	for (int d = 0; d < 6; d++) {
		int j = map_nb(m, h, d);
		if (j < 0 || cost[j] == PATH_UNREACHED)
			continue;
		if (j == q->start ? start_zoc && q->zoc[h] : q->zoc && q->zoc[j])
			continue;
		int s = q->step[j * 6 + (d + 3) % 6];
		if (s != PATH_NOWAY && cost[j] + s == cost[h])
			return j;
	}
	return -2;
}

/* Checks b's result of a path_sweep entry point against the reference's costs in a: the same
 * reached set and costs, the canonical prev (and a route from it back to the start that costs
 * what the hex costs), and the canonical order. */
static void check_sweep(const struct map *m, const struct path_query *q, const struct res *a,
			int ra, const struct res *b, int rb, const int32_t *order, const char *what)
{
	bool zero_cost = false;
	int32_t route[300];
	int k = 1;

	if (ra != rb)
		fail_msg("%s: start %d allowance %d: %d reached vs %d", what, q->start, q->allowance, rb, ra);
	for (int i = 0; i < m->n; i++) {
		if (a->r.cost[i] != b->r.cost[i])
			fail_msg("%s: start %d allowance %d: cost[%d] %d vs %d", what, q->start,
				 q->allowance, i, b->r.cost[i], a->r.cost[i]);
	}
	for (int i = 0; i < m->n * 6; i++)
		zero_cost |= q->step[i] == 0 && m->nb[i] >= 0;
	if (b->r.prev[q->start] != -1)
		fail_msg("%s: start %d: prev of the start %d", what, q->start, b->r.prev[q->start]);
	for (int i = 0; i < m->n; i++) {
		if (a->r.cost[i] == PATH_UNREACHED || i == q->start)
			continue;
		int want = ref_canon_prev(m, q, a->r.cost, i);
		if (zero_cost) /* prev is path_search_prep's (path.h) */
			want = a->r.prev[i];
		if (b->r.prev[i] != want)
			fail_msg("%s: start %d allowance %d: prev[%d] %d vs canonical %d", what, q->start,
				 q->allowance, i, b->r.prev[i], want);
		int len = path_route(&b->r, i, route, 300), sum = 0;
		assert_true(len >= 2 && route[0] == q->start && route[len - 1] == i);
		for (int s = 1; s < len; s++) {
			int d = 0;
			while (d < 6 && map_nb(m, route[s - 1], d) != route[s])
				d++;
			assert_true(d < 6);
			sum += q->step[route[s - 1] * 6 + d];
		}
		assert_int_equal(sum, a->r.cost[i]);
	}
	if (!order)
		return;
	if (order[0] != q->start)
		fail_msg("%s: start %d: order[0] %d", what, q->start, order[0]);
	/* the canonical order: the start, then by cost, then by index (a counting sort) */
	int cnt[PATH_MAX_ALLOWANCE + 2] = {0}, pos = 1;
	int32_t *want = malloc((size_t)m->n * sizeof *want);
	assert_non_null(want);
	for (int i = 0; i < m->n; i++)
		if (a->r.cost[i] != PATH_UNREACHED && i != q->start)
			cnt[a->r.cost[i]]++;
	for (int c = 0; c <= PATH_MAX_ALLOWANCE; c++) {
		int x = cnt[c];
		cnt[c] = pos;
		pos += x;
	}
	assert_int_equal(pos, rb);
	for (int i = 0; i < m->n; i++)
		if (a->r.cost[i] != PATH_UNREACHED && i != q->start)
			want[cnt[a->r.cost[i]]++] = i;
	for (k = 1; k < rb; k++)
		if (order[k] != want[k])
			fail_msg("%s: start %d allowance %d: order[%d] %d vs %d", what, q->start,
				 q->allowance, k, order[k], want[k]);
	free(want);
}

/* Counts of the queries the window answered and of those it left to the fallback. */
struct sweep_counts {
	long window, fallback;
};

/* Runs the reference, then path_sweep, path_sweep_window and path_sweep_general (each with and
 * without an order list), and checks each. */
static void compare_sweep(const struct map *m, const struct path_query *q,
			  const struct path_prep *prep, struct res *a, struct res *b, int32_t *ob,
			  struct sweep_counts *n)
{
	int ra = path_search_ref(m, q, &a->r), rb;
	int32_t *prev = b->r.prev, r1[300], r2[300];

	memset(b->r.prev, 0x55, (size_t)m->n * sizeof b->r.prev[0]);
	rb = path_sweep(prep, q, &b->r, ob);
	check_sweep(m, q, a, ra, b, rb, ob, "path_sweep");
	/* without prev: the same costs and order, and path_sweep_route gives the route of prev */
	b->r.prev = NULL;
	memset(b->r.cost, 0, (size_t)m->n * sizeof b->r.cost[0]);
	rb = path_sweep(prep, q, &b->r, NULL);
	b->r.prev = prev;
	check_sweep(m, q, a, ra, b, rb, NULL, "path_sweep (costs only)");
	b->r.prev = NULL;
	memset(b->r.cost, 0, (size_t)m->n * sizeof b->r.cost[0]);
	rb = path_sweep(prep, q, &b->r, ob + m->n);
	b->r.prev = prev;
	check_sweep(m, q, a, ra, b, rb, ob + m->n, "path_sweep (no prev)");
	for (int i = 0; i < m->n && prep->cmin > 0; i++) {
		if (a->r.cost[i] == PATH_UNREACHED)
			continue;
		int l1 = path_route(&b->r, i, r1, 300), l2 = path_sweep_route(prep, q, b->r.cost, i, r2, 300);
		if (l1 != l2 || memcmp(r1, r2, (size_t)l1 * sizeof r1[0]))
			fail_msg("start %d allowance %d: path_sweep_route to %d differs from prev's", q->start,
				 q->allowance, i);
	}
	assert_int_equal(path_sweep_route(prep, q, b->r.cost, q->start, r2, 0), -1);
	rb = path_sweep(prep, q, &b->r, NULL);
	check_sweep(m, q, a, ra, b, rb, NULL, "path_sweep (no order)");
	memset(b->r.cost, 0, (size_t)m->n * sizeof b->r.cost[0]);
	rb = path_sweep_general(prep, q, &b->r, ob);
	check_sweep(m, q, a, ra, b, rb, ob, "path_sweep_general");
	rb = path_sweep_general(prep, q, &b->r, NULL);
	check_sweep(m, q, a, ra, b, rb, NULL, "path_sweep_general (no order)");
	memset(b->r.cost, 0, (size_t)m->n * sizeof b->r.cost[0]);
	rb = path_sweep_window(prep, q, &b->r, ob);
	if (rb < 0) {
		n->fallback++;
		return;
	}
	n->window++;
	check_sweep(m, q, a, ra, b, rb, ob, "path_sweep_window");
}

/* A start: mostly on-map hexes, sometimes any index (the border, the corners). */
static int random_start(const struct map *m, uint64_t *rs)
{
	for (;;) {
		int i = below(rs, m->n);
		if ((m->flags[i] & HEXF_ONMAP) || below(rs, 4) == 0)
			return i;
	}
}

/* A random step table: mostly clear-terrain steps of 2, some roads (1), dearer hexes and
 * hexsides (per direction, so hexside costs differ from hex costs), prohibited steps, and
 * with zero_cost zero-cost steps too. */
static void random_steps(const struct map *m, uint64_t *rs, uint8_t *step, bool zero_cost)
{
	for (int i = 0; i < m->n * 6; i++) {
		int v = below(rs, 20);
		step[i] = (uint8_t)(v < 10 ? 2 : v < 12 ? 1 : v < 16 ? 3 + below(rs, 6) :
				    v < 19 ? PATH_NOWAY : zero_cost ? 0 : 2);
	}
}

/* Queries on map m with step table step: random starts, zones of control, blocked hexes and
 * allowances 0..16 (sometimes up to 40). */
static void sweep_queries(const struct map *m, const uint8_t *step, uint64_t *rs, int nq,
			  struct sweep_counts *cnt)
{
	int n = m->n;
	uint8_t *zoc = malloc((size_t)n), *blocked = malloc((size_t)n);
	int32_t *ob = malloc((size_t)n * 2 * sizeof *ob);
	struct path_prep prep;
	struct res a, b;

	assert_true(zoc && blocked && ob);
	res_alloc(&a, n);
	res_alloc(&b, n);
	assert_int_equal(path_prep_init(&prep, m, step), 0);
	for (int k = 0; k < nq; k++) {
		struct path_query q;
		if (k % 25 == 0)
			random_zoc(m, rs, zoc, blocked, below(rs, 1 + n / 20));
		q.step = step;
		q.start = random_start(m, rs);
		q.allowance = below(rs, 8) == 0 ? below(rs, 41) : below(rs, 17);
		q.zoc = k % 5 == 0 ? NULL : zoc;
		q.blocked = k % 7 == 0 ? NULL : blocked;
		if (q.zoc && below(rs, 3) == 0) /* often start in a zone of control */
			zoc[q.start] = 1;
		compare_sweep(m, &q, &prep, &a, &b, ob, cnt);
	}
	path_prep_free(&prep);
	res_free(&a);
	res_free(&b);
	free(ob);
	free(blocked);
	free(zoc);
}

/* Loads a blank map cols c0..c1, rows r0..r1 (row 00 and even first columns included). */
static void blank_map(struct map *m, int c0, int c1, int r0, int r1)
{
	char text[512];
	struct jdoc d;
	struct err e;
	struct errlist l;
	int len = snprintf(text, sizeof text,
			   "{ \"format\": \"crimea/1\", \"kind\": \"map\", \"id\": \"t\","
			   " \"cols\": [%d, %d], \"rows\": [%d, %d],"
			   " \"provenance\": { \"source\": \"reconstructed\", \"basis\": \"test\" } }",
			   c0, c1, r0, r1);
	assert_true(len > 0 && len < (int)sizeof text);
	if (jdoc_parse(&d, "t.json", text, (size_t)len, &e) != 0)
		fail_msg("blank map does not parse: %s", e.msg);
	errlist_init(&l);
	assert_int_equal(map_load(m, &d, &l), 0);
	jdoc_free(&d);
}

/* The quad step tables of a battle (each movement class) and random tables on its map. */
static void sweep_battle(const char *file, int tables, int nq, uint64_t *rs, struct sweep_counts *cnt)
{
	struct scenario s;
	struct errlist errs;

	errlist_init(&errs);
	assert_int_equal(scenario_load(&s, file, &errs), 0);
	const struct q_scn *qs = s.data;
	const struct map *m = &qs->map;
	uint8_t *step = malloc((size_t)m->n * 6);
	assert_non_null(step);
	for (int mc = 0; mc < Q_NMOVE; mc++)
		sweep_queries(m, qs->step[mc], rs, nq, cnt);
	for (int t = 0; t < tables; t++) {
		random_steps(m, rs, step, t & 1);
		sweep_queries(m, step, rs, nq, cnt);
	}
	free(step);
	scenario_free(&s);
}

static void test_sweep_quad(void **state)
{
	(void)state;
	struct sweep_counts cnt = {0, 0};
	uint64_t rs = 777;

	sweep_battle("data/quad/balaclava/scenario.json", 4, 400, &rs, &cnt);
	/* Inkerman's map has a row 00 */
	sweep_battle("data/quad/inkerman/historical.json", 2, 150, &rs, &cnt);
	print_message("path_sweep on Balaclava and Inkerman: %ld window, %ld fallback\n",
		      cnt.window, cnt.fallback);
	assert_true(cnt.window >= 4000 && cnt.fallback >= 300);
}

static void test_sweep_maps(void **state)
{
	(void)state;
	/* both parities of the first column, row 00, maps smaller than the window, a long one */
	static const int shapes[][4] = {{0, 12, 0, 9}, {1, 3, 1, 2}, {2, 40, 0, 30}, {5, 5, 0, 0},
					{3, 20, 1, 14}, {0, 1, 0, 40}};
	struct sweep_counts cnt = {0, 0};
	uint64_t rs = 4242;

	for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
		struct map m;
		memset(&m, 0, sizeof m);
		blank_map(&m, shapes[k][0], shapes[k][1], shapes[k][2], shapes[k][3]);
		uint8_t *step = malloc((size_t)m.n * 6);
		assert_non_null(step);
		for (int t = 0; t < 4; t++) {
			random_steps(&m, &rs, step, t == 3);
			sweep_queries(&m, step, &rs, 300, &cnt);
		}
		free(step);
		map_free(&m);
	}
	print_message("path_sweep on blank maps: %ld window, %ld fallback\n", cnt.window, cnt.fallback);
	assert_true(cnt.window >= 3000 && cnt.fallback >= 300);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_as_reference),
		cmocka_unit_test(test_sweep_quad),
		cmocka_unit_test(test_sweep_maps),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
