/* path: Dijkstra over small integer costs with a bucket queue (Dial's algorithm).
 *
 * The results (reached count, every cost and prev, the order) are exactly those of the plain
 * algorithm kept in tests/unit/test_pathsearch.c: buckets are taken in increasing cost, each
 * bucket last in, first out, and a hex's prev is the first hex (in that order) that gave it its
 * final cost. What makes it fast (docs/PERFORMANCE.md):
 * - the search works on a byte distance per hex, initialised to allowance + 1, so one compare
 *   covers "cheaper than known" and "within the allowance" (and PATH_NOWAY, 255, never passes);
 *   the caller's cost array is written once per hex, when the hex is taken from its bucket;
 * - the buckets are lists threaded through the hexes themselves (next[hex]); when a queued hex
 *   gets cheaper it is unlinked from its old bucket (rare), so no stale entries are queued or
 *   skipped, and the order of the others is unchanged;
 * - path_search_prep reads a prepared table that packs neighbour index and step cost in one
 *   word per (hex, direction), built once per map and movement class. */
#include "path.h"
#include "pathsweep.h"

#include <stdlib.h>
#include <string.h>

#define IDX_MASK ((1u << (32 - PATH_W_SHIFT)) - 1)

/* Relaxes the step from i (cost c) to j at cost nc: the caller has checked nc < dist[j] (so
 * nc <= allowance). Unlinks j from the bucket it was queued in, if any. */
#define RELAX_TAIL(extra) \
	do { \
		if ((blocked && blocked[j]) || (extra)) \
			break; \
		if (old != (uint32_t)a1) { /* queued at cost old (> nc >= c): take it out of that bucket */ \
			int32_t *pp = &head[old]; \
			while (*pp != (int32_t)j) \
				pp = &next[*pp]; \
			*pp = next[j]; \
		} \
		dist[j] = (unsigned char)nc; \
		prev[j] = i; \
		next[j] = head[nc]; \
		head[nc] = (int32_t)j; \
	} while (0)

/* The common part of both searches, around the neighbour loop NEIGHBOURS(extra), which
 * relaxes every step out of i (cost c); extra is the [5.14] test of the start hex. */
#define SEARCH(NEIGHBOURS) \
	int32_t head[PATH_MAX_ALLOWANCE + 1]; \
	int allowance = q->allowance, reached = 1, start = q->start, a1; \
	const uint8_t *zoc = q->zoc, *blocked = q->blocked; \
	uint16_t *cost = r->cost; \
	int32_t *prev = r->prev, *next = r->qnext; \
	unsigned char *dist = (unsigned char *)r->qhex; \
	if (allowance > PATH_MAX_ALLOWANCE) \
		allowance = PATH_MAX_ALLOWANCE; \
	if (allowance < 0) \
		allowance = 0; \
	a1 = allowance + 1; \
	memset(cost, 0xFF, (size_t)n * sizeof cost[0]); \
	memset(dist, a1, (size_t)n); \
	for (int c = 0; c <= allowance; c++) \
		head[c] = -1; \
	cost[start] = 0; \
	dist[start] = 0; \
	prev[start] = -1; \
	if (order) \
		order[0] = start; \
	/* The start is expanded first, outside the buckets (it would be the first hex taken): \
	 * only its moves carry the [5.14] test, and its own zone of control does not stop it. */ \
	{ \
		const int c = 0, i = start; \
		bool start_zoc = zoc && zoc[start]; \
		/* [5.14] never directly from one controlled hex to another */ \
		NEIGHBOURS(start_zoc && zoc[j]); \
	} \
	for (int c = 0; c <= allowance; c++) { \
		while (head[c] >= 0) { \
			int i = head[c]; \
			head[c] = next[i]; \
			cost[i] = (uint16_t)c; \
			if (order) \
				order[reached] = i; \
			reached++; \
			/* [5.13] a unit stops on entering an enemy-controlled hex */ \
			if (zoc && zoc[i]) \
				continue; \
			NEIGHBOURS(0); \
		} \
	} \
	return reached

/* Neighbours from the map's lists and the step table (j < 0: off the index space). */
#define PLAIN_NEIGHBOURS(extra) \
	do { \
		const uint8_t *st = &step[i * 6]; \
		const int32_t *nb = &nbs[i * 6]; \
		PLAIN_STEP(0, extra); \
		PLAIN_STEP(1, extra); \
		PLAIN_STEP(2, extra); \
		PLAIN_STEP(3, extra); \
		PLAIN_STEP(4, extra); \
		PLAIN_STEP(5, extra); \
	} while (0)
#define PLAIN_STEP(d, extra) \
	do { \
		int jj = nb[d]; \
		uint32_t j = (uint32_t)jj, nc = (uint32_t)c + st[d], old; \
		if (jj < 0) \
			break; \
		old = dist[j]; \
		if (nc >= old) \
			break; \
		RELAX_TAIL(extra); \
	} while (0)

int path_search_order(const struct map *m, const struct path_query *q, struct path_result *r,
		      int32_t *order)
{
	const uint8_t *step = q->step;
	const int32_t *nbs = m->nb;
	const int n = m->n;
	SEARCH(PLAIN_NEIGHBOURS);
}

int path_search(const struct map *m, const struct path_query *q, struct path_result *r)
{
	return path_search_order(m, q, r, NULL);
}

/* Takes queued hex j out of its bucket (head[dist[j]]): rare (a hex reached again more
 * cheaply), so out of line; it reads j's bucket from dist itself, so that the steps keep no
 * copy of it for this path. */
static __attribute__((noinline)) void unqueue(int32_t *head, int32_t *next, const unsigned char *dist,
					      uint32_t j)
{
	int32_t *pp = &head[dist[j]];
	while (*pp != (int32_t)j)
		pp = &next[*pp];
	*pp = next[j];
}

/* path_search_prep's own loop. It gives what SEARCH gives (test_pathsearch compares them),
 * in fewer instructions a hex (~1 250 searches a random Balaclava game):
 * - the packed word holds the step cost in its low byte, so that a step is one load, one
 *   byte extract and one shift;
 * - the hexes reached are always written to an order list (the caller's, or scratch after
 *   the bytes the distances use), so the loop tests no pointer for it;
 * - a hex is not expanded when its cheapest step out (p->w's PATH_W_LEAST) is beyond the allowance
 *   left: in a search of ~10 half points about a third of the hexes reached are such;
 * - it is compiled four times (prep_zoc, prep_free and their _nc twins), with and without
 *   zones of control and the cost array, so that a search tests nothing per hex for what it
 *   does not use; a query without blocked hexes reads the prep's zeros (p->none) instead;
 * - its distances and buckets are biased by PATH_MAX_ALLOWANCE - allowance, so that the
 *   allowance is 254 and an unreached hex 255 (PATH_NOWAY) whatever the query: "queued" and
 *   "a step out within the allowance" compare with constants, and the loop keeps neither the
 *   allowance nor what is left of it in a register (it has too few: each value fewer saves
 *   a copy or a reload from the stack at every step). A step past the allowance, or with
 *   PATH_NOWAY, gives 255 or more and is refused by the same compare as before. */
#define PREP_STEP(d, extra) \
	do { \
		size_t x = wi[d]; \
		uint32_t nc = c + (uint32_t)(x & PATH_W_COST), old; \
		size_t j = x >> PATH_W_SHIFT; \
		old = dist[j]; \
		if (nc >= old) \
			break; \
		if (blocked[j] || (extra)) { \
			met = 1; \
			break; \
		} \
		if (old != PATH_NOWAY) /* queued at old (> nc >= c): take it out of that bucket */ \
			unqueue(head, next, dist, (uint32_t)j); \
		dist[j] = (unsigned char)nc; \
		prev[j] = (int32_t)i; \
		next[j] = head[nc]; \
		head[nc] = (int32_t)j; \
	} while (0)
#define PREP_NEIGHBOURS(extra) \
	do { \
		const uint32_t *wi = &w[(size_t)i * PATH_W_STRIDE]; \
		PREP_STEP(0, extra); \
		PREP_STEP(1, extra); \
		PREP_STEP(2, extra); \
		PREP_STEP(3, extra); \
		PREP_STEP(4, extra); \
		PREP_STEP(5, extra); \
	} while (0)
/* The body of the four searches: ZOC 1 when q->zoc is not NULL, COST 1 when r->cost is not. */
#define PREP_SEARCH(ZOC, COST) \
	int32_t head[PATH_NOWAY]; \
	const uint32_t *w = p->w; \
	const int n = p->n; \
	uint32_t bias; \
	int allowance = q->allowance, start = q->start, met = 0; \
	const uint8_t *zoc = q->zoc, *blocked = q->blocked ? q->blocked : p->none; \
	uint16_t *cost = r->cost; \
	int32_t *prev = r->prev, *next = r->qnext, *out = order; \
	unsigned char *dist = (unsigned char *)r->qhex; \
	if (allowance > PATH_MAX_ALLOWANCE) \
		allowance = PATH_MAX_ALLOWANCE; \
	if (allowance < 0) \
		allowance = 0; \
	bias = (uint32_t)(PATH_MAX_ALLOWANCE - allowance); \
	if (COST) \
		memset(cost, 0xFF, (size_t)n * sizeof cost[0]); \
	memset(dist, PATH_NOWAY, (size_t)n); \
	for (uint32_t c = bias; c <= PATH_MAX_ALLOWANCE; c++) \
		head[c] = -1; \
	if (COST) \
		cost[start] = 0; \
	dist[start] = (unsigned char)bias; \
	prev[start] = -1; \
	*out++ = start; \
	{ /* the start first, outside the buckets, with the [5.14] test (as SEARCH) */ \
		const uint32_t c = bias, i = (uint32_t)start; \
		bool start_zoc = ZOC && zoc[start]; \
		met = start_zoc; \
		NEIGHBOURS_OF_START; \
	} \
	for (uint32_t c = bias; c <= PATH_MAX_ALLOWANCE; c++) { \
		int32_t h; \
		while ((h = head[c]) >= 0) { \
			uint32_t i = (uint32_t)h; \
			head[c] = next[i]; \
			if (COST) \
				cost[i] = (uint16_t)(c - bias); \
			*out++ = h; \
			if (ZOC && zoc[i]) { /* [5.13] a unit stops on entering an enemy-controlled hex */ \
				met = 1; \
				continue; \
			} \
			if (c + w[(size_t)i * PATH_W_STRIDE + PATH_W_LEAST] > PATH_MAX_ALLOWANCE) \
				continue; /* no step out within the allowance */ \
			PREP_NEIGHBOURS(0); \
		} \
	} \
	r->met = met; \
	return (int)(out - order)

/* One search function per form: ZOC and COST as PREP_SEARCH's. */
#define PREP_FN(name, ZOC, COST) \
	static int name(const struct path_prep *p, const struct path_query *q, struct path_result *r, \
			int32_t *order) \
	{ \
		PREP_SEARCH(ZOC, COST); \
	}

#define NEIGHBOURS_OF_START PREP_NEIGHBOURS(start_zoc && zoc[j]) /* [5.14] */
PREP_FN(prep_zoc, 1, 1)
PREP_FN(prep_zoc_nc, 1, 0)
#undef NEIGHBOURS_OF_START

#define NEIGHBOURS_OF_START do { (void)start_zoc; PREP_NEIGHBOURS(0); } while (0)
PREP_FN(prep_free, 0, 1)
PREP_FN(prep_free_nc, 0, 0)
#undef NEIGHBOURS_OF_START

int path_search_prep(const struct path_prep *p, const struct path_query *q, struct path_result *r,
		     int32_t *order)
{
	/* without the caller's list, scratch: qhex's int32 entries after the n bytes of distances */
	int32_t *o = order ? order : r->qhex + p->n;
	if (!r->cost)
		return q->zoc ? prep_zoc_nc(p, q, r, o) : prep_free_nc(p, q, r, o);
	return q->zoc ? prep_zoc(p, q, r, o) : prep_free(p, q, r, o);
}

#undef PREP_FN
#undef PREP_SEARCH
#undef PREP_NEIGHBOURS
#undef PREP_STEP
#undef PLAIN_STEP
#undef PLAIN_NEIGHBOURS
#undef SEARCH
#undef RELAX_TAIL

int path_prep_init(struct path_prep *p, const struct map *m, const uint8_t *step)
{
	p->n = 0;
	p->step = NULL;
	p->w = NULL;
	p->none = NULL;
	p->in = NULL;
	if (m->n <= 0 || (uint32_t)m->n > IDX_MASK)
		return -1;
	p->w = calloc((size_t)m->n * PATH_W_STRIDE, sizeof p->w[0]);
	p->none = calloc((size_t)m->n, 1);
	if (!p->w || !p->none) {
		path_prep_free(p);
		return -1;
	}
	for (int i = 0; i < m->n * 6; i++) {
		int j = m->nb[i];
		uint32_t s = step[i], *wi = &p->w[(size_t)(i / 6) * PATH_W_STRIDE];
		if (j < 0) { /* off the index space: a prohibited step to the hex itself */
			j = i / 6;
			s = PATH_NOWAY;
		}
		wi[i % 6] = (uint32_t)j << PATH_W_SHIFT | s;
		if (i % 6 == 0 || s < wi[PATH_W_LEAST])
			wi[PATH_W_LEAST] = s;
	}
	if (path_sweep_prep_init(p, m, step) != 0) {
		path_prep_free(p);
		return -1;
	}
	p->n = m->n;
	p->step = step;
	return 0;
}

void path_prep_free(struct path_prep *p)
{
	free(p->w);
	free(p->none);
	free(p->in);
	p->w = NULL;
	p->none = NULL;
	p->in = NULL;
	p->n = 0;
	p->step = NULL;
}

int path_route_prev(const int32_t *prev, int idx, int *out, int max)
{
	int n = 0, i;

	for (i = idx; i >= 0 && n <= max; i = prev[i]) /* (bounded: a bad chain cannot loop) */
		n++;
	if (n > max)
		return -1;
	i = idx;
	for (int k = n - 1; k >= 0; k--) {
		out[k] = i;
		i = prev[i];
	}
	return n;
}

int path_route(const struct path_result *r, int idx, int *out, int max)
{
	if (r->cost[idx] == PATH_UNREACHED)
		return -1;
	return path_route_prev(r->prev, idx, out, max);
}
