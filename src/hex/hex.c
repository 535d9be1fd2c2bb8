/* hex: SPI XXYY hex numbers, even-q layout, cube-coordinate geometry and exact lines. */
#include "hex.h"

#include <stdint.h>
#include <stdlib.h>

bool hex_parse(const char *s, int *h)
{
	for (int i = 0; i < 4; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	if (s[4] != '\0')
		return false;
	*h = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
	return true;
}

void hex_format(int h, char out[8])
{
	int col = hex_col(h), row = hex_row(h);
	out[0] = (char)('0' + col / 10 % 10);
	out[1] = (char)('0' + col % 10);
	out[2] = (char)('0' + row / 10 % 10);
	out[3] = (char)('0' + row % 10);
	out[4] = '\0';
}

/* even-q: q = col, r = row - (col + (col & 1)) / 2. */
struct cube hex_to_cube(int h)
{
	struct cube c;
	int col = hex_col(h), row = hex_row(h);
	c.q = col;
	c.r = row - (col + (col & 1)) / 2;
	c.s = -c.q - c.r;
	return c;
}

int hex_from_cube(struct cube c)
{
	int col = c.q;
	int row = c.r + (col + (col & 1)) / 2;
	if (col < 0 || col > HEX_COL_MAX || row < 0 || row > HEX_ROW_MAX)
		return HEX_NONE;
	return hex_make(col, row);
}

/* Cube offsets for N, NE, SE, S, SW, NW (flat-topped). */
static const int dq[6] = {0, 1, 1, 0, -1, -1};
static const int dr[6] = {-1, -1, 0, 1, 1, 0};

int hex_neighbor(int h, int d)
{
	struct cube c = hex_to_cube(h);
	c.q += dq[d];
	c.r += dr[d];
	c.s = -c.q - c.r;
	return hex_from_cube(c);
}

int hex_dir_to(int a, int b)
{
	struct cube x = hex_to_cube(a), y = hex_to_cube(b);
	for (int d = 0; d < 6; d++)
		if (y.q - x.q == dq[d] && y.r - x.r == dr[d])
			return d;
	return -1;
}

bool hex_adjacent(int a, int b)
{
	return hex_dir_to(a, b) >= 0;
}

int hex_distance(int a, int b)
{
	return hex_cube_distance(hex_to_cube(a), hex_to_cube(b));
}

/* ---- exact lines ----
 * A point P(t) = A + t (B - A), t in [0, 1], lies in the closed hexagon of hex H iff, with
 * d = P - H in cube coordinates, |dq - dr| <= 1, |dr - ds| <= 1 and |ds - dq| <= 1 (the Voronoi
 * cell of H among its six neighbours; equality means the point is on the hexside shared with
 * the neighbour in that direction). Each of the six half-plane conditions is linear in t, so
 * the part of the line inside H is an interval [lo, hi]. With t = T / den (den = 3 * N, N the
 * hex distance) every bound is an exact rational; we compare with cross-multiplication. */

struct frac {
	int64_t n, d; /* d > 0 */
};

static int fcmp(struct frac a, struct frac b)
{
	int64_t x = a.n * b.d, y = b.n * a.d;
	return x < y ? -1 : x > y;
}

struct cand {
	int hex;
	struct frac lo, hi;
	int side_dir; /* direction of a hexside the line runs along (tight constraint), or -1 */
};

/* Constraint k in {0,1,2}: u = dq - dr, dr - ds, ds - dq (d dotted with the NE, S, NW vectors).
 * Neighbour direction where u == +1 or u == -1 is on that hexside. */
static const int pair_dir_pos[3] = {HEX_NE, HEX_S, HEX_NW}; /* u = +1 side */
static const int pair_dir_neg[3] = {HEX_SW, HEX_N, HEX_SE}; /* u = -1 side */

static bool hex_interval(struct cube a, struct cube dlt, int hq, int hr, struct cand *c)
{
	int hs = -hq - hr;
	int a0[3], dd[3];
	struct frac lo = {0, 1}, hi = {1, 1};

	/* d(t) = (A - H) + t * D */
	int aq = a.q - hq, ar = a.r - hr, as = a.s - hs;
	a0[0] = aq - ar;
	dd[0] = dlt.q - dlt.r;
	a0[1] = ar - as;
	dd[1] = dlt.r - dlt.s;
	a0[2] = as - aq;
	dd[2] = dlt.s - dlt.q;
	c->side_dir = -1;
	for (int k = 0; k < 3; k++) {
		if (dd[k] == 0) {
			if (a0[k] > 1 || a0[k] < -1)
				return false;
			if (a0[k] == 1)
				c->side_dir = pair_dir_pos[k];
			else if (a0[k] == -1)
				c->side_dir = pair_dir_neg[k];
			continue;
		}
		/* -1 <= a0 + t dd <= 1 */
		struct frac t1 = {-1 - a0[k], dd[k]}, t2 = {1 - a0[k], dd[k]};
		if (dd[k] < 0) {
			struct frac tmp = {-t2.n, -t2.d};
			t2.n = -t1.n;
			t2.d = -t1.d;
			t1 = tmp;
		}
		if (fcmp(t1, lo) > 0)
			lo = t1;
		if (fcmp(t2, hi) < 0)
			hi = t2;
	}
	if (fcmp(lo, hi) > 0)
		return false;
	c->lo = lo;
	c->hi = hi;
	return true;
}

static int cand_cmp(const void *x, const void *y)
{
	const struct cand *a = x, *b = y;
	int c = fcmp(a->lo, b->lo);
	if (c)
		return c;
	c = fcmp(a->hi, b->hi);
	if (c)
		return c;
	return a->hex - b->hex;
}

#define LINE_CAND_MAX 1024

int hex_line(int a, int b, struct line_step *out, int max)
{
	struct cube ca, cb, dlt;
	struct cand cands[LINE_CAND_MAX];
	int nc = 0, n = 0, dist;

	if (a < 0 || b < 0 || a == HEX_NONE || b == HEX_NONE)
		return -1;
	ca = hex_to_cube(a);
	cb = hex_to_cube(b);
	dlt.q = cb.q - ca.q;
	dlt.r = cb.r - ca.r;
	dlt.s = cb.s - ca.s;
	dist = hex_distance(a, b);
	if (7 * (dist + 1) > LINE_CAND_MAX)
		return -1; /* each of the dist + 1 samples adds at most 7 candidates */
	/* Candidates: hexes near the sampled centres of the standard line drawing. Every hex the
	 * segment touches lies within distance 1 of some sample's nearest hex. */
	for (int i = 0; i <= dist; i++) {
		/* nearest hex to A + i/dist * D, by rounding in cube space (scaled by dist) */
		int base_q, base_r;
		if (dist == 0) {
			base_q = ca.q;
			base_r = ca.r;
		} else {
			int64_t nq = (int64_t)ca.q * dist + (int64_t)dlt.q * i;
			int64_t nr = (int64_t)ca.r * dist + (int64_t)dlt.r * i;
			/* floor division toward -inf of (2n + dist) / (2 dist): round half up */
			int64_t den = 2 * (int64_t)dist;
			int64_t xq = 2 * nq + dist, xr = 2 * nr + dist;
			base_q = (int)(xq >= 0 ? xq / den : -((-xq + den - 1) / den));
			base_r = (int)(xr >= 0 ? xr / den : -((-xr + den - 1) / den));
		}
		for (int k = -1; k < 6; k++) {
			int hq = base_q + (k >= 0 ? dq[k] : 0);
			int hr = base_r + (k >= 0 ? dr[k] : 0);
			struct cand c;
			bool dup = false;
			for (int j = 0; j < nc; j++) {
				struct cube cc = hex_to_cube(cands[j].hex);
				if (cc.q == hq && cc.r == hr) {
					dup = true;
					break;
				}
			}
			if (dup)
				continue;
			if (!hex_interval(ca, dlt, hq, hr, &c))
				continue;
			struct cube hc = {hq, hr, -hq - hr};
			c.hex = hex_from_cube(hc);
			if (c.hex == HEX_NONE)
				continue; /* touches a hex outside the numbering (row or column -1) */
			cands[nc++] = c;
		}
	}
	qsort(cands, (size_t)nc, sizeof cands[0], cand_cmp);

	/* Emit in order. A degenerate interval is a vertex touch (or the line's end point lying on
	 * an edge, which cannot happen for centre-to-centre lines). A proper interval with a tight
	 * constraint runs along a hexside: it pairs with the neighbour across that side. */
	int last_hex = HEX_NONE;
	for (int i = 0; i < nc; i++) {
		struct cand *c = &cands[i];
		bool point;
		struct line_step st;

		if (c->hex == HEX_NONE)
			continue; /* consumed as the partner of an earlier step */
		point = fcmp(c->lo, c->hi) == 0;

		if (point) {
			/* Touches at one point: a vertex. Pair it with another point candidate at the
			 * same t (the two hexes the line grazes there). */
			st.kind = LINE_VERTEX;
			st.hex = c->hex;
			st.other = HEX_NONE;
			st.from = HEX_NONE;
			for (int j = i + 1; j < nc; j++) {
				if (fcmp(cands[j].lo, c->lo) != 0)
					break;
				if (fcmp(cands[j].lo, cands[j].hi) == 0) {
					st.other = cands[j].hex;
					/* remove j by marking */
					cands[j].hex = HEX_NONE;
					break;
				}
			}
		} else if (c->side_dir >= 0) {
			int nb = hex_neighbor(c->hex, c->side_dir);
			st.kind = LINE_SIDE;
			st.hex = c->hex;
			st.other = nb;
			st.from = HEX_NONE;
			for (int j = i + 1; j < nc; j++)
				if (cands[j].hex == nb)
					cands[j].hex = HEX_NONE;
		} else {
			st.kind = LINE_HEX;
			st.hex = c->hex;
			st.other = HEX_NONE;
			st.from = HEX_NONE;
			/* Entered across a hexside if the previous interior hex is adjacent and the
			 * previous step ended exactly where this one starts. */
			if (last_hex != HEX_NONE && hex_adjacent(last_hex, c->hex) && n > 0 &&
			    out[n - 1].kind == LINE_HEX)
				st.from = last_hex;
			last_hex = c->hex;
		}
		if (n >= max)
			return -1;
		out[n++] = st;
	}
	return n;
}

/* ---- precomputed lines ----
 * Each shape is hex_line's result from a base hex in the middle of the numbering (column 50
 * or 49 for the two parities, row 50), stored as offsets. Translating by a cube vector with an
 * even q changes every hex number by the same amount, so the order of hex_line's candidates
 * (their tie-break compares hex numbers) and hence its result carry over to any start hex of
 * the same column parity, as long as no hex of the line leaves the numbering. */

static const int lines_base[2] = {5050, 4950};

static struct hex_shape *shape_at(const struct hex_lines *hl, int parity, int offq, int offr)
{
	int w = hl->width;
	return &hl->shape[(parity * w + offq + hl->dist) * w + offr + hl->dist];
}

static int shape_add(struct hex_lines *hl, int *cap, int parity, int offq, int offr)
{
	struct line_step st[LINE_MAX_STEPS];
	struct hex_shape *sh = shape_at(hl, parity, offq, offr);
	int a = lines_base[parity], ca = hex_col(a), ra = hex_row(a);
	struct cube c = hex_to_cube(a);
	int b, n;

	c.q += offq;
	c.r += offr;
	c.s = -c.q - c.r;
	b = hex_from_cube(c);
	n = hex_line(a, b, st, LINE_MAX_STEPS);
	if (b == HEX_NONE || n < 0)
		return -1;
	if (hl->nsteps + n > *cap) {
		int ncap = *cap * 2 > hl->nsteps + n ? *cap * 2 : hl->nsteps + n;
		struct hex_shape_step *p = realloc(hl->step, (size_t)ncap * sizeof *p);
		if (!p)
			return -1;
		hl->step = p;
		*cap = ncap;
	}
	sh->first = (unsigned)hl->nsteps;
	sh->n = (unsigned short)n;
	sh->col_lo = sh->row_lo = 0;
	sh->col_hi = sh->row_hi = 0;
	for (int i = 0; i < n; i++) {
		struct hex_shape_step *s = &hl->step[hl->nsteps++];
		int h[3] = {st[i].hex, st[i].other, st[i].from};
		signed char *col[3] = {&s->col, &s->ocol, &s->fcol}, *row[3] = {&s->row, &s->orow, &s->frow};
		s->kind = (signed char)st[i].kind;
		s->flags = (signed char)((st[i].other != HEX_NONE ? HEX_SHAPE_OTHER : 0) |
					 (st[i].from != HEX_NONE ? HEX_SHAPE_FROM : 0));
		for (int k = 0; k < 3; k++) {
			int dc = h[k] == HEX_NONE ? 0 : hex_col(h[k]) - ca;
			int dw = h[k] == HEX_NONE ? 0 : hex_row(h[k]) - ra;
			*col[k] = (signed char)dc;
			*row[k] = (signed char)dw;
			if (dc < sh->col_lo)
				sh->col_lo = (signed char)dc;
			if (dc > sh->col_hi)
				sh->col_hi = (signed char)dc;
			if (dw < sh->row_lo)
				sh->row_lo = (signed char)dw;
			if (dw > sh->row_hi)
				sh->row_hi = (signed char)dw;
		}
	}
	return 0;
}

int hex_lines_init(struct hex_lines *hl, int dist)
{
	int cap = 0;

	hl->dist = dist;
	hl->width = 2 * dist + 1;
	hl->shape = NULL;
	hl->step = NULL;
	hl->nsteps = 0;
	if (dist < 0 || dist > HEX_LINES_DIST_MAX)
		return -1;
	hl->shape = calloc((size_t)(2 * hl->width * hl->width), sizeof *hl->shape);
	if (!hl->shape)
		goto fail;
	for (int p = 0; p < 2; p++)
		for (int offq = -dist; offq <= dist; offq++)
			for (int offr = -dist; offr <= dist; offr++) {
				int ds = -offq - offr;
				if (abs(ds) > dist)
					continue; /* beyond dist: left empty, never looked up */
				if (shape_add(hl, &cap, p, offq, offr) != 0)
					goto fail;
			}
	return 0;
fail:
	hex_lines_free(hl);
	return -1;
}

void hex_lines_free(struct hex_lines *hl)
{
	free(hl->shape);
	free(hl->step);
	hl->shape = NULL;
	hl->step = NULL;
	hl->nsteps = 0;
}

const struct hex_shape *hex_lines_shape(const struct hex_lines *hl, int a, int b)
{
	int ca, cb, offq, offr;

	if (a < 0 || b < 0 || a > 9999 || b > 9999)
		return NULL;
	/* cube offset b - a without hex_to_cube's divisions: q = col, r = row - (col + (col & 1)) / 2 */
	ca = hex_col(a);
	cb = hex_col(b);
	offq = cb - ca;
	offr = (hex_row(b) - hex_row(a)) - ((cb + (cb & 1)) - (ca + (ca & 1))) / 2;
	if (abs(offq) > hl->dist || abs(offr) > hl->dist || abs(offq + offr) > hl->dist)
		return NULL;
	return shape_at(hl, ca & 1, offq, offr);
}

int hex_lines_trace(const struct hex_lines *hl, int a, int b, struct line_step *out, int max)
{
	const struct hex_shape *sh = hex_lines_shape(hl, a, b);
	const struct hex_shape_step *s;
	int ca = hex_col(a), ra = hex_row(a);

	if (!sh || ca + sh->col_lo < 0 || ca + sh->col_hi > HEX_COL_MAX || ra + sh->row_lo < 0 ||
	    ra + sh->row_hi > HEX_ROW_MAX)
		return hex_line(a, b, out, max); /* not in the table, or near the numbering's edge */
	if (sh->n > max)
		return -1;
	s = &hl->step[sh->first];
	for (int i = 0; i < sh->n; i++) {
		out[i].kind = s[i].kind;
		out[i].hex = a + s[i].col * 100 + s[i].row;
		out[i].other = s[i].flags & HEX_SHAPE_OTHER ? a + s[i].ocol * 100 + s[i].orow : HEX_NONE;
		out[i].from = s[i].flags & HEX_SHAPE_FROM ? a + s[i].fcol * 100 + s[i].frow : HEX_NONE;
	}
	return sh->n;
}
