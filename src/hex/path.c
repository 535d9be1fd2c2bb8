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

#define IDX_BITS 24
#define IDX_MASK ((1u << IDX_BITS) - 1)

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

/* Neighbours from a prepared table: one load per step. */
#define PREP_NEIGHBOURS(extra) \
	do { \
		const uint32_t *wi = &w[i * 6]; \
		PREP_STEP(0, extra); \
		PREP_STEP(1, extra); \
		PREP_STEP(2, extra); \
		PREP_STEP(3, extra); \
		PREP_STEP(4, extra); \
		PREP_STEP(5, extra); \
	} while (0)
#define PREP_STEP(d, extra) \
	do { \
		uint32_t x = wi[d], j = x & IDX_MASK, nc = (uint32_t)c + (x >> IDX_BITS), old; \
		old = dist[j]; \
		if (nc >= old) \
			break; \
		RELAX_TAIL(extra); \
	} while (0)

int path_search_prep(const struct path_prep *p, const struct path_query *q, struct path_result *r,
		     int32_t *order)
{
	const uint32_t *w = p->w;
	const int n = p->n;
	SEARCH(PREP_NEIGHBOURS);
}

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
	p->in = NULL;
	if (m->n <= 0 || (uint32_t)m->n > IDX_MASK)
		return -1;
	p->w = malloc((size_t)m->n * 6 * sizeof p->w[0]);
	if (!p->w)
		return -1;
	for (int i = 0; i < m->n * 6; i++) {
		int j = m->nb[i];
		uint32_t s = step[i];
		if (j < 0) { /* off the index space: a prohibited step to the hex itself */
			j = i / 6;
			s = PATH_NOWAY;
		}
		p->w[i] = (uint32_t)j | s << IDX_BITS;
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
	free(p->in);
	p->w = NULL;
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
