/* maplines: line-of-sight shapes as map-index offsets (map.h). */
#include <stdlib.h>

#include "map.h"

int map_lines_init(struct map_lines *ml, const struct hex_lines *hl, const struct map *m)
{
	int nshapes = 2 * hl->width * hl->width, npairs = 0;

	ml->hl = hl;
	ml->h = m->h;
	ml->first = malloc((size_t)nshapes * sizeof ml->first[0]);
	ml->n = malloc((size_t)nshapes);
	ml->off = malloc((size_t)(hl->nsteps > 0 ? hl->nsteps : 1) * 2 * sizeof ml->off[0]);
	if (!ml->first || !ml->n || !ml->off) {
		map_lines_free(ml);
		return -1;
	}
	for (int k = 0; k < nshapes; k++) {
		const struct hex_shape *sh = &hl->shape[k];
		const struct hex_shape_step *s = &hl->step[sh->first];
		int cnt = 0;
		ml->first[k] = (uint32_t)npairs;
		for (int i = 1; i < sh->n - 1; i++) {
			int o1 = s[i].col * m->h + s[i].row, o2;
			if (s[i].kind == LINE_HEX)
				o2 = o1;
			else if (s[i].kind == LINE_SIDE && (s[i].flags & HEX_SHAPE_OTHER))
				o2 = s[i].ocol * m->h + s[i].orow;
			else
				continue; /* a vertex, or a side whose far hex is off the numbering */
			ml->off[2 * npairs] = o1;
			ml->off[2 * npairs + 1] = o2;
			npairs++;
			cnt++;
		}
		ml->n[k] = (uint8_t)cnt; /* at most 2 * HEX_LINES_DIST_MAX + 1 steps */
	}
	return 0;
}

void map_lines_free(struct map_lines *ml)
{
	free(ml->first);
	free(ml->n);
	free(ml->off);
	ml->first = NULL;
	ml->n = NULL;
	ml->off = NULL;
}

int map_lines_blocked(const struct map_lines *ml, const struct map *m, int a, int b,
		      const uint8_t *blk)
{
	const struct hex_shape *sh = hex_lines_shape(ml->hl, a, b);
	int ca, ra, k, cnt = 0;
	const int32_t *o;
	const uint8_t *base;

	if (!sh)
		return -1;
	ca = hex_col(a) - m->col0 + MAP_BORDER;
	ra = hex_row(a) - m->row0 + MAP_BORDER;
	if (ca + sh->col_lo < 0 || ca + sh->col_hi >= m->w || ra + sh->row_lo < 0 ||
	    ra + sh->row_hi >= m->h)
		return -1;
	k = (int)(sh - ml->hl->shape);
	o = &ml->off[2 * ml->first[k]];
	base = blk + ca * m->h + ra;
	for (int i = 0; i < ml->n[k]; i++)
		cnt += base[o[2 * i]] & base[o[2 * i + 1]];
	return cnt;
}
