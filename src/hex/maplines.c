/* maplines: line-of-sight shapes as map-index offsets (map.h).
 *
 * Every shape becomes a record of int16 words in ml->rec:
 *   [0] number of groups of four hex offsets
 *   [1] how many of those offsets are padding (offset 0, the start hex: subtracted at the end)
 *   [2] number of hexside pairs
 *   [3] the shape's hex distance
 *   then 4 * [0] hex offsets, then [2] pairs of offsets.
 * Words 0..3 of rec are no record, so that 0 in ml->tab means "no shape".
 *
 * map_lines_blocked_at's table. With pos(idx) = column * S + row (S = h + hl->dist, so that
 * pos(b) - pos(a) gives the column and row offsets back unambiguously for every offset a
 * shape can have), key = 2 * (pos(b) - pos(a)) + parity of a's column = to[b] - from[a], and
 * tab[key + span] is the record of the shape with that offset and parity (0 if none). An index
 * is "inner" when it is in the numbering and neither in the top nor the bottom row of the part
 * of the index space that is: a line between two inner hexes touches only hexes of that part
 * (its columns lie between the ends' and its rows at most one row beyond theirs, and only when
 * both ends lie on one row at the edge), so its shape is exactly hex_line's and fits. from[] and
 * to[] of other indices are far apart, so that their keys fall outside the table. */
#include <stdlib.h>
#include <string.h>

#include "map.h"

#define REC_HEAD 4
#define FAR (1 << 29) /* from[] of a hex that is not inner; to[] is 3 * FAR */

/* Writes shape sh's record to rec; returns its length in words. */
static int rec_build(int16_t *rec, const struct hex_lines *hl, const struct hex_shape *sh, int h,
		     int dist)
{
	const struct hex_shape_step *s = &hl->step[sh->first];
	int nh = 0, ns = 0, ng, len;

	for (int i = 1; i < sh->n - 1; i++) {
		if (s[i].kind == LINE_HEX)
			nh++;
		else if (s[i].kind == LINE_SIDE && (s[i].flags & HEX_SHAPE_OTHER))
			ns++; /* a vertex, or a side whose far hex is off the numbering, is left out */
	}
	ng = (nh + 3) / 4;
	rec[0] = (int16_t)ng;
	rec[1] = (int16_t)(4 * ng - nh);
	rec[2] = (int16_t)ns;
	rec[3] = (int16_t)dist;
	len = REC_HEAD;
	for (int i = 1; i < sh->n - 1; i++)
		if (s[i].kind == LINE_HEX)
			rec[len++] = (int16_t)(s[i].col * h + s[i].row);
	while (len < REC_HEAD + 4 * ng)
		rec[len++] = 0;
	for (int i = 1; i < sh->n - 1; i++)
		if (s[i].kind == LINE_SIDE && (s[i].flags & HEX_SHAPE_OTHER)) {
			rec[len++] = (int16_t)(s[i].col * h + s[i].row);
			rec[len++] = (int16_t)(s[i].ocol * h + s[i].orow);
		}
	return len;
}

/* The count for record r from the start hex's blk entry base. */
static inline int rec_count(const int16_t *r, const uint8_t *base)
{
	const int16_t *o = r + REC_HEAD;
	int cnt = 0;

	for (int g = r[0]; g > 0; g--, o += 4)
		cnt += base[o[0]] + base[o[1]] + base[o[2]] + base[o[3]];
	for (int k = r[2]; k > 0; k--, o += 2)
		cnt += base[o[0]] & base[o[1]];
	return cnt - r[1] * base[0];
}

static int cube_dist(int q, int r)
{
	int d = abs(q) > abs(r) ? abs(q) : abs(r);
	return d > abs(q + r) ? d : abs(q + r);
}

int map_lines_init(struct map_lines *ml, const struct hex_lines *hl, const struct map *m)
{
	int nshapes = 2 * hl->width * hl->width, len = REC_HEAD, w = hl->width;
	int stride = m->h + hl->dist;
	size_t cap = REC_HEAD + (size_t)nshapes * (REC_HEAD + 3) + 2 * (size_t)hl->nsteps;

	memset(ml, 0, sizeof *ml);
	ml->hl = hl;
	ml->h = m->h;
	ml->w = m->w;
	ml->col0 = m->col0;
	ml->row0 = m->row0;
	/* where a line's hexes must lie: the index space and the numbering */
	ml->clo = MAP_BORDER - m->col0 > 0 ? MAP_BORDER - m->col0 : 0;
	ml->chi = HEX_COL_MAX - m->col0 + MAP_BORDER < m->w - 1 ? HEX_COL_MAX - m->col0 + MAP_BORDER : m->w - 1;
	ml->rlo = MAP_BORDER - m->row0 > 0 ? MAP_BORDER - m->row0 : 0;
	ml->rhi = HEX_ROW_MAX - m->row0 + MAP_BORDER < m->h - 1 ? HEX_ROW_MAX - m->row0 + MAP_BORDER : m->h - 1;
	ml->span = 2 * (hl->dist * stride + hl->dist) + 1;
	ml->first = malloc((size_t)nshapes * sizeof ml->first[0]);
	ml->rec = malloc(cap * sizeof ml->rec[0]);
	ml->tab = calloc((size_t)(2 * ml->span + 1), sizeof ml->tab[0]);
	ml->from = malloc((m->n > 0 ? (size_t)m->n : 1) * sizeof ml->from[0]);
	ml->to = malloc((m->n > 0 ? (size_t)m->n : 1) * sizeof ml->to[0]);
	if (!ml->first || !ml->rec || !ml->tab || !ml->from || !ml->to ||
	    (hl->dist + 1) * (m->h + 1) > 32767 || m->w * stride > FAR / 4) {
		map_lines_free(ml);
		return -1;
	}
	memset(ml->rec, 0, REC_HEAD * sizeof ml->rec[0]);
	for (int k = 0; k < nshapes; k++) {
		const struct hex_shape *sh = &hl->shape[k];
		const struct hex_shape_step *end = &hl->step[sh->first + sh->n - 1]; /* b */
		int p = k / (w * w), d = cube_dist(k / w % w - hl->dist, k % w - hl->dist);
		ml->first[k] = 0;
		if (d > hl->dist)
			continue; /* not a shape */
		ml->first[k] = (uint32_t)len;
		ml->tab[ml->span + 2 * (end->col * stride + end->row) + p] = (uint32_t)len;
		len += rec_build(ml->rec + len, hl, sh, m->h, d);
	}
	for (int idx = 0; idx < m->n; idx++) {
		int c = idx / m->h, r = idx % m->h, p = (c + m->col0 - MAP_BORDER) & 1;
		if (c >= ml->clo && c <= ml->chi && r > ml->rlo && r < ml->rhi) {
			ml->from[idx] = 2 * (c * stride + r) - p;
			ml->to[idx] = 2 * (c * stride + r);
		} else {
			ml->from[idx] = FAR;
			ml->to[idx] = 3 * FAR;
		}
	}
	return 0;
}

void map_lines_free(struct map_lines *ml)
{
	free(ml->first);
	free(ml->rec);
	free(ml->tab);
	free(ml->from);
	free(ml->to);
	ml->first = NULL;
	ml->rec = NULL;
	ml->tab = NULL;
	ml->from = NULL;
	ml->to = NULL;
}

/* a and b as index-space columns and rows (any values) */
static int blocked_cr(const struct map_lines *ml, int ca, int ra, int cb, int rb,
		      const uint8_t *blk)
{
	const struct hex_lines *hl = ml->hl;
	const struct hex_shape *sh;
	int c0 = ml->col0 - MAP_BORDER, r0 = ml->row0 - MAP_BORDER;

	if (ca + c0 < 0 || ca + c0 > HEX_COL_MAX || ra + r0 < 0 || ra + r0 > HEX_ROW_MAX ||
	    cb + c0 < 0 || cb + c0 > HEX_COL_MAX || rb + r0 < 0 || rb + r0 > HEX_ROW_MAX)
		return -1; /* not hexes of the numbering */
	sh = hex_lines_shape(hl, hex_make(ca + c0, ra + r0), hex_make(cb + c0, rb + r0));
	if (!sh || ca + sh->col_lo < ml->clo || ca + sh->col_hi > ml->chi ||
	    ra + sh->row_lo < ml->rlo || ra + sh->row_hi > ml->rhi)
		return -1;
	return rec_count(ml->rec + ml->first[sh - hl->shape], blk + ca * ml->h + ra);
}

int map_lines_blocked(const struct map_lines *ml, const struct map *m, int a, int b,
		      const uint8_t *blk)
{
	(void)m; /* ml holds what it needs of m */
	if (a < 0 || b < 0 || a > 9999 || b > 9999)
		return -1;
	return blocked_cr(ml, hex_col(a) - ml->col0 + MAP_BORDER, hex_row(a) - ml->row0 + MAP_BORDER,
			  hex_col(b) - ml->col0 + MAP_BORDER, hex_row(b) - ml->row0 + MAP_BORDER, blk);
}

__attribute__((noinline, cold)) static int blocked_at_slow(const struct map_lines *ml, int a,
							    int b, const uint8_t *blk)
{
	return blocked_cr(ml, a / ml->h, a % ml->h, b / ml->h, b % ml->h, blk);
}

int map_lines_blocked_at(const struct map_lines *ml, int a, int b, const uint8_t *blk)
{
	unsigned key = (unsigned)(ml->to[b] - ml->from[a] + ml->span), e;

	if (key > 2 * (unsigned)ml->span || (e = ml->tab[key]) == 0)
		return blocked_at_slow(ml, a, b, blk);
	return rec_count(ml->rec + e, blk + a);
}
