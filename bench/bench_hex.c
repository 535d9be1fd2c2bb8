/* bench_hex: wall-clock and instruction-count benchmarks of the hex layer: hex distance, exact
 * lines, a line-of-sight trace over a real map's terrain and the movement search with zones of
 * control. `bench_hex` prints ns/op (median of several repetitions) and ops/s; `bench_hex
 * callgrind` runs a fixed number of operations per benchmark for
 *   valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out build/bench/bench_hex callgrind
 * (bench/callgrind.sh turns that into instructions per operation). Run from the repository root:
 * the data is read from data/quad/balaclava. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/quad/quad.h"
#include "games/rules.h"
#include "hex/hex.h"
#include "hex/map.h"
#include "hex/path.h"

#define SCN_PATH "data/quad/balaclava/scenario.json"
#define NPAIRS 4096     /* hex pairs per benchmark, distances 1..LINE_DIST cycling */
#define LINE_DIST 11    /* target (a): lines of up to 11 hexes */
#define NENEMY 6        /* enemy units whose zones of control the searches meet */
#define REPS 9          /* timed repetitions; the median is reported */
#define TARGET_NS 20e6  /* aim for about 20 ms per repetition */
#define CG_OPS 4096     /* operations per benchmark in callgrind mode */

/* A small deterministic generator (xorshift64*); state passed explicitly. */
static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static int rnd_below(uint64_t *s, int n)
{
	return (int)(rnd(s) >> 33) % n;
}

struct bench {
	const struct map *m;
	const struct hex_lines *hl;
	const struct map_lines *ml;
	uint8_t *blk;              /* [n]: 1 if the hex blocks a line of sight (woods, town) */
	int pa[2][NPAIRS], pb[2][NPAIRS]; /* on-map pairs: [0] at distances 1..11, [1] at 11 */
	int xa[2][NPAIRS], xb[2][NPAIRS]; /* the same pairs as map indices */
	const int *a, *b;          /* the set the running benchmark uses */
	const int *ia, *ib;        /* and as map indices */
	int *starts;               /* map indices the searches start from */
	int nstarts;
	uint8_t *zoc, *blocked;    /* [n] */
	const uint8_t *step_inf, *step_cav;
	struct path_prep prep_inf, prep_cav; /* the same tables, prepared */
	struct path_result res;
	int32_t *order;            /* [n] */
	long reached;              /* sum of hexes reached, for the report */
	long ops_reached;
};

typedef long (*bench_fn)(struct bench *b, long ops);

/* Every benchmark runs in its own function (named in callgrind's output): the bodies below are
 * inlined into one noinline instance per pair set. */
#define ALWAYS_INLINE __attribute__((always_inline)) inline
#define INSTANCES(f) \
	__attribute__((noinline)) static long f##_mixed(struct bench *b, long ops) { return f(b, ops); } \
	__attribute__((noinline)) static long f##_d11(struct bench *b, long ops) { return f(b, ops); }

/* Terrain that blocks a line of sight in the quad rules ([7.35]): woods and town. */
static int blocks(const struct map *m, int h)
{
	int i = map_index(m, h);
	return i >= 0 && (m->terrain[i] == TER_WOODS || m->terrain[i] == TER_TOWN);
}

/* The terrain check of a LOS trace: intermediate interior hexes that block, and hexsides
 * whose both hexes block ([7.36]). Walks the whole line (the worst case: a clear line). */
static long check_terrain(const struct map *m, const struct line_step *st, int n)
{
	long blocked = 0;
	for (int i = 1; i < n - 1; i++) {
		if (st[i].kind == LINE_HEX)
			blocked += blocks(m, st[i].hex);
		else if (st[i].kind == LINE_SIDE)
			blocked += blocks(m, st[i].hex) && blocks(m, st[i].other);
	}
	return blocked;
}

ALWAYS_INLINE static long run_distance(struct bench *b, long ops)
{
	long sum = 0;
	for (long k = 0; k < ops; k++) {
		int i = (int)(k % NPAIRS);
		sum += hex_distance(b->a[i], b->b[i]);
	}
	return sum;
}

ALWAYS_INLINE static long run_line(struct bench *b, long ops)
{
	struct line_step st[LINE_MAX_STEPS];
	long sum = 0;
	for (long k = 0; k < ops; k++) {
		int i = (int)(k % NPAIRS);
		sum += hex_line(b->a[i], b->b[i], st, LINE_MAX_STEPS);
	}
	return sum;
}

ALWAYS_INLINE static long run_los(struct bench *b, long ops)
{
	struct line_step st[LINE_MAX_STEPS];
	long sum = 0;
	for (long k = 0; k < ops; k++) {
		int i = (int)(k % NPAIRS);
		int n = hex_line(b->a[i], b->b[i], st, LINE_MAX_STEPS);
		sum += check_terrain(b->m, st, n);
	}
	return sum;
}

/* What a rule system that owns a struct hex_lines does: no copy, no hex numbers; the shape's
 * column/row offsets become map-index offsets (index = column * m->h + row). */
ALWAYS_INLINE static long run_los_shape(struct bench *b, long ops)
{
	const struct map *m = b->m;
	const uint8_t *ter = m->terrain;
	long sum = 0;
	for (long k = 0; k < ops; k++) {
		int i = (int)(k % NPAIRS), a = b->a[i];
		const struct hex_shape *sh = hex_lines_shape(b->hl, a, b->b[i]);
		int ia = map_index(m, a), ca = hex_col(a) - m->col0 + MAP_BORDER;
		int ra = hex_row(a) - m->row0 + MAP_BORDER;
		if (!sh || ca + sh->col_lo < 0 || ca + sh->col_hi >= m->w || ra + sh->row_lo < 0 ||
		    ra + sh->row_hi >= m->h) {
			sum--; /* a rule system would fall back to hex_line here */
			continue;
		}
		const struct hex_shape_step *s = &b->hl->step[sh->first];
		for (int j = 1; j < sh->n - 1; j++) {
			int t = ter[ia + s[j].col * m->h + s[j].row];
			int bl = t == TER_WOODS || t == TER_TOWN;
			if (s[j].kind == LINE_SIDE) {
				int u = ter[ia + s[j].ocol * m->h + s[j].orow];
				sum += bl && (u == TER_WOODS || u == TER_TOWN);
			} else if (s[j].kind == LINE_HEX) {
				sum += bl;
			}
		}
	}
	return sum;
}

/* With struct map_lines and a "blocks" byte per map index (what a rule system builds once):
 * one load per hex, no terrain decoding. Same count as run_los_shape. */
ALWAYS_INLINE static long run_los_maplines(struct bench *b, long ops)
{
	long sum = 0;
	for (long k = 0; k < ops; k++) {
		int i = (int)(k % NPAIRS);
		sum += map_lines_blocked(b->ml, b->m, b->a[i], b->b[i], b->blk);
	}
	return sum;
}

/* The same from map indices (map_lines_blocked_at): one table look-up, no range check. */
ALWAYS_INLINE static long run_los_maplines_at(struct bench *b, long ops)
{
	long sum = 0;
	for (long k = 0; k < ops; k++) {
		int i = (int)(k % NPAIRS);
		sum += map_lines_blocked_at(b->ml, b->ia[i], b->ib[i], b->blk);
	}
	return sum;
}

ALWAYS_INLINE static long run_lines(struct bench *b, long ops)
{
	struct line_step st[LINE_MAX_STEPS];
	long sum = 0;
	for (long k = 0; k < ops; k++) {
		int i = (int)(k % NPAIRS);
		sum += hex_lines_trace(b->hl, b->a[i], b->b[i], st, LINE_MAX_STEPS);
	}
	return sum;
}

ALWAYS_INLINE static long run_los_lines(struct bench *b, long ops)
{
	struct line_step st[LINE_MAX_STEPS];
	long sum = 0;
	for (long k = 0; k < ops; k++) {
		int i = (int)(k % NPAIRS);
		int n = hex_lines_trace(b->hl, b->a[i], b->b[i], st, LINE_MAX_STEPS);
		sum += check_terrain(b->m, st, n);
	}
	return sum;
}

INSTANCES(run_line)
INSTANCES(run_los)
INSTANCES(run_lines)
INSTANCES(run_los_lines)
INSTANCES(run_los_shape)
INSTANCES(run_los_maplines)
INSTANCES(run_los_maplines_at)

__attribute__((noinline)) static long run_distance_mixed(struct bench *b, long ops)
{
	return run_distance(b, ops);
}

/* The benchmark's query for a step table and allowance (start set per operation). */
static struct path_query bench_query(const struct bench *b, const uint8_t *step, int allowance)
{
	struct path_query q = {step, b->zoc, b->blocked, 0, allowance};
	return q;
}

static long search(struct bench *b, long ops, const uint8_t *step, int allowance)
{
	struct path_query q = bench_query(b, step, allowance);
	long sum = 0;
	for (long k = 0; k < ops; k++) {
		q.start = b->starts[k % b->nstarts];
		sum += path_search(b->m, &q, &b->res);
	}
	b->reached += sum;
	b->ops_reached += ops;
	return sum;
}

static long search_prep(struct bench *b, long ops, const struct path_prep *p, int allowance)
{
	struct path_query q = bench_query(b, p->step, allowance);
	long sum = 0;
	for (long k = 0; k < ops; k++) {
		q.start = b->starts[k % b->nstarts];
		sum += path_search_prep(p, &q, &b->res, NULL);
	}
	b->reached += sum;
	b->ops_reached += ops;
	return sum;
}

/* path_sweep (the data-parallel search), with or without the order list and prev. */
static long search_sweep(struct bench *b, long ops, const struct path_prep *p, int allowance,
			 int32_t *order, bool prev)
{
	struct path_query q = bench_query(b, p->step, allowance);
	struct path_result r = b->res;
	long sum = 0;
	if (!prev)
		r.prev = NULL;
	for (long k = 0; k < ops; k++) {
		q.start = b->starts[k % b->nstarts];
		sum += path_sweep(p, &q, &r, order);
	}
	b->reached += sum;
	b->ops_reached += ops;
	return sum;
}

/* The share of b's starts that path_sweep_window cannot answer (the fallback's). */
static double sweep_fallback(struct bench *b, const struct path_prep *p, int allowance)
{
	struct path_query q = bench_query(b, p->step, allowance);
	long miss = 0;
	for (int k = 0; k < b->nstarts; k++) {
		q.start = b->starts[k];
		miss += path_sweep_window(p, &q, &b->res, NULL) < 0;
	}
	return (double)miss / b->nstarts;
}

/* Target (b): infantry, allowance 6 MP = 12 half-MP. */
__attribute__((noinline)) static long run_path12(struct bench *b, long ops)
{
	return search(b, ops, b->step_inf, 12);
}

/* For scale: cavalry, 8 MP = 16 half-MP ([5.19]). */
__attribute__((noinline)) static long run_path16(struct bench *b, long ops)
{
	return search(b, ops, b->step_cav, 16);
}

/* The same with the prepared tables (path_search_prep, what the quad rules use). */
__attribute__((noinline)) static long run_prep12(struct bench *b, long ops)
{
	return search_prep(b, ops, &b->prep_inf, 12);
}

__attribute__((noinline)) static long run_prep16(struct bench *b, long ops)
{
	return search_prep(b, ops, &b->prep_cav, 16);
}

__attribute__((noinline)) static long run_sweep12(struct bench *b, long ops)
{
	return search_sweep(b, ops, &b->prep_inf, 12, NULL, true);
}

__attribute__((noinline)) static long run_sweep16(struct bench *b, long ops)
{
	return search_sweep(b, ops, &b->prep_cav, 16, NULL, true);
}

/* Without prev (costs and the reached set; path_sweep_route finds a route when wanted). */
__attribute__((noinline)) static long run_sweep12n(struct bench *b, long ops)
{
	return search_sweep(b, ops, &b->prep_inf, 12, NULL, false);
}

__attribute__((noinline)) static long run_sweep16n(struct bench *b, long ops)
{
	return search_sweep(b, ops, &b->prep_cav, 16, NULL, false);
}

/* With the order list, as the quad rules call it. */
__attribute__((noinline)) static long run_sweep12o(struct bench *b, long ops)
{
	return search_sweep(b, ops, &b->prep_inf, 12, b->order, true);
}

__attribute__((noinline)) static long run_prep12o(struct bench *b, long ops)
{
	struct path_query q;
	long sum = 0;
	q.step = b->prep_inf.step;
	q.zoc = b->zoc;
	q.blocked = b->blocked;
	q.allowance = 12;
	for (long k = 0; k < ops; k++) {
		q.start = b->starts[k % b->nstarts];
		sum += path_search_prep(&b->prep_inf, &q, &b->res, b->order);
	}
	b->reached += sum;
	b->ops_reached += ops;
	return sum;
}

static const struct {
	const char *name;
	bench_fn fn;
	const char *fname;
	int set; /* pair set: 0 distances 1..11, 1 distance 11 */
	const char *target;
} benches[] = {
#define B(name, fn, set, target) {name, fn, #fn, set, target}
	B("hex_distance", run_distance_mixed, 0, "-"),
	B("hex_line d=1..11", run_line_mixed, 0, "-"),
	B("hex_line d=11", run_line_d11, 1, "-"),
	B("los_trace (hex_line) d=1..11", run_los_mixed, 0, "< 20 ns"),
	B("los_trace (hex_line) d=11", run_los_d11, 1, "< 20 ns"),
	B("hex_lines_trace d=1..11", run_lines_mixed, 0, "-"),
	B("hex_lines_trace d=11", run_lines_d11, 1, "-"),
	B("los_trace (hex_lines) d=1..11", run_los_lines_mixed, 0, "< 20 ns"),
	B("los_trace (hex_lines) d=11", run_los_lines_d11, 1, "< 20 ns"),
	B("los_trace (shape) d=1..11", run_los_shape_mixed, 0, "< 20 ns"),
	B("los_trace (shape) d=11", run_los_shape_d11, 1, "< 20 ns"),
	B("los_trace (map_lines) d=1..11", run_los_maplines_mixed, 0, "< 20 ns"),
	B("los_trace (map_lines) d=11", run_los_maplines_d11, 1, "< 20 ns"),
	B("los_trace (map_lines_at) d=1..11", run_los_maplines_at_mixed, 0, "< 20 ns"),
	B("los_trace (map_lines_at) d=11", run_los_maplines_at_d11, 1, "< 20 ns"),
	B("path_search inf a=12 zoc", run_path12, 0, "< 500 ns"),
	B("path_search cav a=16 zoc", run_path16, 0, "-"),
	B("path_search_prep inf a=12 zoc", run_prep12, 0, "< 500 ns"),
	B("path_search_prep cav a=16 zoc", run_prep16, 0, "-"),
	B("path_sweep inf a=12 zoc", run_sweep12, 0, "< 500 ns"),
	B("path_sweep cav a=16 zoc", run_sweep16, 0, "-"),
	B("path_sweep inf a=12 zoc no prev", run_sweep12n, 0, "< 500 ns"),
	B("path_sweep cav a=16 zoc no prev", run_sweep16n, 0, "-"),
	B("path_search_prep inf a=12 +order", run_prep12o, 0, "-"),
	B("path_sweep inf a=12 zoc +order", run_sweep12o, 0, "< 500 ns"),
#undef B
};
#define NBENCH ((int)(sizeof benches / sizeof benches[0]))

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int dcmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

/* Median ns per operation over REPS repetitions of a batch sized to about TARGET_NS; *best gets
 * the fastest repetition (a shared machine's load shows as a gap between the two). */
static double measure(struct bench *b, bench_fn fn, volatile long *sink, double *best)
{
	double t[REPS], t0, dt;
	long ops = 1024;

	for (;;) { /* calibrate */
		t0 = now_ns();
		*sink += fn(b, ops);
		dt = now_ns() - t0;
		if (dt > TARGET_NS / 4 || ops > (1L << 40))
			break;
		ops *= 2;
	}
	ops = (long)((double)ops * TARGET_NS / (dt > 1 ? dt : 1)) + 1;
	for (int r = 0; r < REPS; r++) {
		t0 = now_ns();
		*sink += fn(b, ops);
		t[r] = (now_ns() - t0) / (double)ops;
	}
	qsort(t, REPS, sizeof t[0], dcmp);
	*best = t[0];
	return t[REPS / 2];
}

/* On-map pairs by rejection sampling: set 0 at distances 1..LINE_DIST cycling, set 1 all at
 * LINE_DIST. */
static void make_pairs(struct bench *b, const int *on, int non, uint64_t *rs)
{
	for (int set = 0; set < 2; set++)
		for (int i = 0; i < NPAIRS; i++) {
			int want = set ? LINE_DIST : 1 + i % LINE_DIST;
			for (;;) {
				int a = on[rnd_below(rs, non)], c = on[rnd_below(rs, non)];
				if (hex_distance(a, c) == want) {
					b->pa[set][i] = a;
					b->pb[set][i] = c;
					b->xa[set][i] = map_index(b->m, a);
					b->xb[set][i] = map_index(b->m, c);
					break;
				}
			}
		}
}

/* NENEMY enemy units spread over the map's middle: their hexes are blocked, they and their
 * neighbours are enemy-controlled (the quad convention, [5.11]). Searches start from every
 * other on-map hex. */
static void make_zoc(struct bench *b, const int *on, int non, uint64_t *rs)
{
	const struct map *m = b->m;
	for (int k = 0; k < NENEMY; k++) {
		int i = map_index(m, on[non / 4 + rnd_below(rs, non / 2)]);
		b->blocked[i] = 1;
		b->zoc[i] = 1;
		for (int d = 0; d < 6; d++)
			if (map_nb(m, i, d) >= 0)
				b->zoc[map_nb(m, i, d)] = 1;
	}
	b->nstarts = 0;
	for (int k = 0; k < non; k++) {
		int i = map_index(m, on[k]);
		if (!b->blocked[i])
			b->starts[b->nstarts++] = i;
	}
}

int main(int argc, char **argv)
{
	struct scenario s;
	struct errlist errs;
	struct bench b;
	struct hex_lines *hl;
	struct map_lines ml;
	uint64_t rs = 0x9E3779B97F4A7C15ULL;
	volatile long sink = 0;
	int *on, non = 0, rc = 1;
	int cg = argc > 1 && !strcmp(argv[1], "callgrind");

	memset(&b, 0, sizeof b);
	errlist_init(&errs);
	if (scenario_load(&s, SCN_PATH, &errs) != 0) {
		char buf[512];
		err_format(&errs.e[0], buf, sizeof buf);
		fprintf(stderr, "bench_hex: %s (run from the repository root)\n", buf);
		return 1;
	}
	const struct q_scn *q = s.data;
	const struct map *m = &q->map;
	size_t n = (size_t)m->n;
	b.m = m;
	b.step_inf = q->step[q_mclass(Q_INF, false)];
	b.step_cav = q->step[q_mclass(Q_CAV, false)];
	if (path_prep_init(&b.prep_inf, m, b.step_inf) != 0 ||
	    path_prep_init(&b.prep_cav, m, b.step_cav) != 0) {
		fprintf(stderr, "bench_hex: path_prep_init failed\n");
		scenario_free(&s);
		return 1;
	}
	hl = malloc(sizeof *hl);
	on = malloc(n * sizeof *on);
	b.starts = malloc(n * sizeof *b.starts);
	b.zoc = calloc(n, 1);
	b.blocked = calloc(n, 1);
	b.res.cost = malloc(n * sizeof *b.res.cost);
	b.res.prev = malloc(n * sizeof *b.res.prev);
	b.res.qhex = malloc((n * 6 + 1) * sizeof *b.res.qhex);
	b.res.qnext = malloc((n * 6 + 1) * sizeof *b.res.qnext);
	b.order = malloc(n * sizeof *b.order);
	if (!b.order || !hl || !on || !b.starts || !b.zoc || !b.blocked || !b.res.cost || !b.res.prev ||
	    !b.res.qhex || !b.res.qnext) {
		fprintf(stderr, "bench_hex: out of memory\n");
		goto out;
	}
	if (hex_lines_init(hl, HEX_LINES_DIST) != 0) {
		fprintf(stderr, "bench_hex: hex_lines_init failed\n");
		goto out;
	}
	b.hl = hl;
	b.blk = calloc(n, 1);
	if (!b.blk || map_lines_init(&ml, hl, m) != 0) {
		fprintf(stderr, "bench_hex: map_lines_init failed\n");
		goto out;
	}
	b.ml = &ml;
	for (int i = 0; i < m->n; i++)
		b.blk[i] = m->terrain[i] == TER_WOODS || m->terrain[i] == TER_TOWN;
	for (int i = 0; i < m->n; i++)
		if (m->flags[i] & HEXF_ONMAP)
			on[non++] = map_hex(m, i);
	make_pairs(&b, on, non, &rs);
	make_zoc(&b, on, non, &rs);

	if (cg) {
		/* Fixed work per benchmark; each runs in its own function so that callgrind's
		 * inclusive counts divide by CG_OPS. */
		for (int k = 0; k < NBENCH; k++) {
			b.a = b.pa[benches[k].set];
			b.b = b.pb[benches[k].set];
			b.ia = b.xa[benches[k].set];
			b.ib = b.xb[benches[k].set];
			sink += benches[k].fn(&b, CG_OPS);
			printf("%s\t%s\t%d\n", benches[k].fname, benches[k].name, CG_OPS);
		}
		rc = 0;
		goto out;
	}
	printf("map %s: %d on-map hexes; %d search starts, %d enemy units; median of %d runs\n",
	       m->id, non, b.nstarts, NENEMY, REPS);
	printf("%-32s %10s %10s %14s  %s\n", "benchmark", "ns/op", "best", "ops/s", "target");
	for (int k = 0; k < NBENCH; k++) {
		b.reached = b.ops_reached = 0;
		b.a = b.pa[benches[k].set];
		b.b = b.pb[benches[k].set];
		b.ia = b.xa[benches[k].set];
		b.ib = b.xb[benches[k].set];
		double best, ns = measure(&b, benches[k].fn, &sink, &best);
		printf("%-32s %10.1f %10.1f %14.0f  %s", benches[k].name, ns, best, 1e9 / ns,
		       benches[k].target);
		if (b.ops_reached)
			printf("  (%.1f hexes reached/search)", (double)b.reached / (double)b.ops_reached);
		printf("\n");
	}
	printf("path_sweep: the window answers %.1f%% of the infantry searches (a=12), %.1f%% of the "
	       "cavalry ones (a=16); the others take the fallback\n",
	       100 * (1 - sweep_fallback(&b, &b.prep_inf, 12)), 100 * (1 - sweep_fallback(&b, &b.prep_cav, 16)));
	rc = 0;
out:
	free(b.order);
	free(b.res.qnext);
	free(b.res.qhex);
	free(b.res.prev);
	free(b.res.cost);
	free(b.blocked);
	free(b.zoc);
	free(b.starts);
	free(on);
	if (b.ml)
		map_lines_free(&ml);
	free(b.blk);
	path_prep_free(&b.prep_cav);
	path_prep_free(&b.prep_inf);
	if (b.hl)
		hex_lines_free(hl);
	free(hl);
	scenario_free(&s);
	return rc;
}
