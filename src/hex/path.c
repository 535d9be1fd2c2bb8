/* path: Dijkstra over small integer costs with a bucket queue (Dial's algorithm). */
#include "path.h"

#include <string.h>

int path_search(const struct map *m, const struct path_query *q, struct path_result *r)
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
	/* Queue entries are pooled: a hex may sit in several buckets after its cost improves;
	 * only the entry matching its final cost is expanded. At most one entry per relaxation. */
	r->qhex[ne] = q->start;
	r->qnext[ne] = -1;
	head[0] = ne++;
	for (int c = 0; c <= allowance; c++) {
		while (head[c] >= 0) {
			int e = head[c], i = r->qhex[e];
			head[c] = r->qnext[e];
			if (r->cost[i] != c)
				continue; /* stale entry */
			reached++;
			/* [5.13] a unit stops on entering an enemy-controlled hex */
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
				/* [5.14] never directly from one controlled hex to another */
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
