/* path: Dijkstra over small integer costs with a bucket queue (Dial's algorithm). */
#include "path.h"

#include <string.h>

/* Relaxes the edge i -> j (direction d) at cost c + step: records the improvement and queues j.
 * The conditions are all conjunctive and free of side effects; their order is for speed only. */
#define RELAX(extra) \
	do { \
		int j = nb[d], nc = c + st[d]; \
		/* PATH_NOWAY (255) exceeds every allowance (<= 254): one test covers both */ \
		if (nc > allowance || j < 0 || nc >= cost[j]) \
			break; \
		if ((blocked && blocked[j]) || (extra)) \
			break; \
		cost[j] = (uint16_t)nc; \
		prev[j] = i; \
		qhex[ne] = j; \
		qnext[ne] = head[nc]; \
		head[nc] = ne++; \
	} while (0)

int path_search(const struct map *m, const struct path_query *q, struct path_result *r)
{
	return path_search_order(m, q, r, NULL);
}

int path_search_order(const struct map *m, const struct path_query *q, struct path_result *r,
		      int32_t *order)
{
	int32_t head[PATH_MAX_ALLOWANCE + 1];
	int allowance = q->allowance, reached = 1, ne = 0, start = q->start;
	/* Locals, so that the compiler need not reload them after each store through r. */
	const uint8_t *step = q->step, *zoc = q->zoc, *blocked = q->blocked;
	const int32_t *nbs = m->nb;
	uint16_t *cost = r->cost;
	int32_t *prev = r->prev, *qhex = r->qhex, *qnext = r->qnext;

	if (allowance > PATH_MAX_ALLOWANCE)
		allowance = PATH_MAX_ALLOWANCE;
	if (allowance < 0)
		allowance = 0;
	memset(cost, 0xFF, (size_t)m->n * sizeof cost[0]);
	for (int c = 0; c <= allowance; c++)
		head[c] = -1;
	cost[start] = 0;
	prev[start] = -1;
	if (order)
		order[0] = start;
	/* The start is expanded first, outside the queue (it would be the first entry taken): only
	 * its moves carry the [5.14] test, and its own zone of control does not stop it. */
	{
		const int c = 0, i = start;
		const uint8_t *st = &step[i * 6];
		const int32_t *nb = &nbs[i * 6];
		bool start_zoc = zoc && zoc[start];
		for (int d = 0; d < 6; d++) /* [5.14] never directly from one controlled hex to another */
			RELAX(start_zoc && zoc[j]);
	}
	/* Queue entries are pooled: a hex may sit in several buckets after its cost improves;
	 * only the entry matching its final cost is expanded. At most one entry per relaxation. */
	for (int c = 0; c <= allowance; c++) {
		while (head[c] >= 0) {
			int e = head[c], i = qhex[e];
			head[c] = qnext[e];
			if (cost[i] != c)
				continue; /* stale entry */
			if (order)
				order[reached] = i;
			reached++;
			/* [5.13] a unit stops on entering an enemy-controlled hex */
			if (zoc && zoc[i])
				continue;
			const uint8_t *st = &step[i * 6];
			const int32_t *nb = &nbs[i * 6];
			for (int d = 0; d < 6; d++)
				RELAX(0);
		}
	}
	return reached;
}

#undef RELAX

int path_route(const struct path_result *r, int idx, int *out, int max)
{
	int n = 0, i;

	if (r->cost[idx] == PATH_UNREACHED)
		return -1;
	for (i = idx; i >= 0; i = r->prev[i])
		n++;
	if (n > max)
		return -1;
	i = idx;
	for (int k = n - 1; k >= 0; k--) {
		out[k] = i;
		i = r->prev[i];
	}
	return n;
}
