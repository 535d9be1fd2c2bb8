/* pathsweep: the data-parallel movement search (path.h, path_sweep).
 *
 * The search works on a window of 16 x 16 hexes around the start: 16 index columns (the start's
 * column is window column 7 or 8, chosen so that window column 0 has an even printed column)
 * and 16 rows (the start's row is window row 7). Each window column is one 16-byte vector, one
 * byte per row. A hex's byte is its remaining allowance plus one, rem = allowance + 1 - cost,
 * so that 0 means "not reached" and a move is a saturating subtraction: rem(j) - step, which
 * becomes 0 (not reached) when the step costs more than what is left, and for PATH_NOWAY.
 *
 * One pass relaxes every window hex from its six neighbours at once:
 *   rem[h] = max(rem[h], max over d of (src[nb(h, d)] - in[d][h])) & enterable[h]
 * where src = rem & leave is 0 for a hex a move may not continue from (an enemy-controlled hex,
 * [5.13], and the start, whose own moves are made once before the passes because they carry the
 * [5.14] test) and in[d][h] is the prepared cost of entering h from its neighbour in direction d.
 * In the even-q layout the neighbour in direction d of a hex in window column k is in column k,
 * k + 1 or k - 1, one row up, level or one row down depending on d and on the parity of k: a
 * byte shift of that column's vector. Passes alternate left to right and right to left, each
 * using the columns already updated (Gauss-Seidel), until a pass changes nothing. Every value is
 * the remaining allowance of a real path and the fixed point has every move relaxed, so it is
 * the least cost of every hex within the window. The result is the whole map's if no path can
 * leave the window: no hex on its rim that a move may continue from has more than the cheapest
 * step left. Otherwise path_sweep takes path_sweep_general's way.
 *
 * prev is then found the same way (per column, the lowest direction whose move gives exactly
 * the hex's value), and cost, prev and order are written from the reached hexes only. */
#include "pathsweep.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define WIN 16      /* window columns and rows (one SSE2 vector) */
#define WIN_ROW 7   /* the start's window row */
#define PAD 8       /* padding around the index space in the prepared tables */

static const int dcol[6] = {0, 1, 1, 0, -1, -1};
static const int drow[2][6] = {{-1, 0, 1, 1, 1, 0}, {-1, -1, 0, 1, 0, -1}}; /* [parity][d] */

/* ---- 16 bytes at once: SSE2, or the same operations on byte arrays ---- */
#if defined(__SSE2__)
typedef __m128i v16;
static inline v16 v_load(const uint8_t *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }
static inline void v_store(uint8_t *p, v16 a) { _mm_storeu_si128((__m128i *)(void *)p, a); }
static inline v16 v_zero(void) { return _mm_setzero_si128(); }
static inline v16 v_set(uint8_t x) { return _mm_set1_epi8((char)x); }
static inline v16 v_max(v16 a, v16 b) { return _mm_max_epu8(a, b); }
static inline v16 v_min(v16 a, v16 b) { return _mm_min_epu8(a, b); }
static inline v16 v_subs(v16 a, v16 b) { return _mm_subs_epu8(a, b); }
static inline v16 v_and(v16 a, v16 b) { return _mm_and_si128(a, b); }
static inline v16 v_or(v16 a, v16 b) { return _mm_or_si128(a, b); }
static inline v16 v_xor(v16 a, v16 b) { return _mm_xor_si128(a, b); }
static inline v16 v_eq(v16 a, v16 b) { return _mm_cmpeq_epi8(a, b); } /* 0xFF where equal */
/* lane r gets lane r - 1 (the hex one row up), lane 0 gets 0 */
static inline v16 v_up(v16 a) { return _mm_slli_si128(a, 1); }
/* lane r gets lane r + 1 (the hex one row down), lane 15 gets 0 */
static inline v16 v_down(v16 a) { return _mm_srli_si128(a, 1); }
/* bit r set where lane r is nonzero */
static inline unsigned v_nonzero(v16 a) { return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, _mm_setzero_si128())) & 0xFFFFu; }
#else
typedef struct {
	uint8_t b[WIN];
} v16;
static inline v16 v_load(const uint8_t *p) { v16 r; memcpy(r.b, p, WIN); return r; }
static inline void v_store(uint8_t *p, v16 a) { memcpy(p, a.b, WIN); }
static inline v16 v_zero(void) { v16 r; memset(r.b, 0, WIN); return r; }
static inline v16 v_set(uint8_t x) { v16 r; memset(r.b, x, WIN); return r; }
#define V_LANES(expr) do { v16 r_; for (int i = 0; i < WIN; i++) r_.b[i] = (uint8_t)(expr); return r_; } while (0)
static inline v16 v_max(v16 a, v16 b) { V_LANES(a.b[i] > b.b[i] ? a.b[i] : b.b[i]); }
static inline v16 v_min(v16 a, v16 b) { V_LANES(a.b[i] < b.b[i] ? a.b[i] : b.b[i]); }
static inline v16 v_subs(v16 a, v16 b) { V_LANES(a.b[i] > b.b[i] ? a.b[i] - b.b[i] : 0); }
static inline v16 v_and(v16 a, v16 b) { V_LANES(a.b[i] & b.b[i]); }
static inline v16 v_or(v16 a, v16 b) { V_LANES(a.b[i] | b.b[i]); }
static inline v16 v_xor(v16 a, v16 b) { V_LANES(a.b[i] ^ b.b[i]); }
static inline v16 v_eq(v16 a, v16 b) { V_LANES(a.b[i] == b.b[i] ? 0xFF : 0); }
static inline v16 v_up(v16 a) { V_LANES(i > 0 ? a.b[i - 1] : 0); }
static inline v16 v_down(v16 a) { V_LANES(i < WIN - 1 ? a.b[i + 1] : 0); }
#undef V_LANES
static inline unsigned v_nonzero(v16 a)
{
	unsigned m = 0;
	for (int i = 0; i < WIN; i++)
		m |= (a.b[i] != 0) << i;
	return m;
}
#endif

/* ---- prepared tables ---- */

int path_sweep_prep_init(struct path_prep *p, const struct map *m, const uint8_t *step)
{
	int hp = m->h + 2 * PAD, plane = (m->w + 2 * PAD) * hp;

	p->h = m->h;
	p->cols = m->w;
	p->par0 = (m->col0 - MAP_BORDER) & 1;
	p->hp = hp;
	p->cmin = PATH_NOWAY;
	for (int i = 0; i < m->n * 6; i++)
		if (m->nb[i] >= 0 && step[i] < p->cmin)
			p->cmin = step[i];
	for (int par = 0; par < 2; par++) {
		for (int d = 0; d < 6; d++)
			p->nboff[par][d] = dcol[d] * m->h + drow[par][d];
		p->nboff[par][6] = p->nboff[par][7] = 0;
	}
	p->in = malloc((size_t)plane * 6);
	if (!p->in)
		return -1;
	memset(p->in, PATH_NOWAY, (size_t)plane * 6);
	for (int i = 0; i < m->n; i++) {
		int at = (i / m->h + PAD) * hp + i % m->h + PAD;
		for (int d = 0; d < 6; d++) {
			int j = m->nb[i * 6 + d];
			if (j >= 0) /* entering i from j, its neighbour in direction d */
				p->in[d * plane + at] = step[j * 6 + (d + 3) % 6];
		}
	}
	return 0;
}

/* ---- the window search ---- */

struct sweep {
	v16 rem[WIN + 2];   /* [1 + k]: window column k's remaining allowance + 1; [0], [WIN + 1]
			     * stay 0 (outside the window: not reached) */
	v16 src[WIN + 2];   /* the same & leave: what moves may continue from */
	v16 leave[WIN];     /* 0xFF where a move may continue: not controlled, not the start */
	v16 enter[WIN];     /* 0xFF where the hex may be entered: not blocked */
	v16 dir[WIN];       /* the direction of prev (6: none yet) */
	const uint8_t *in0; /* the prepared in[] of window column 0, row 0, direction 0 */
	int hp, plane;      /* column and direction strides of in[] */
	int base;           /* index of window column 0, row 0 (maybe outside the index space) */
	int ks;             /* the start's window column */
};

/* The value each of the six moves into window column k gives its hexes (before the
 * enterable mask), from the src vectors of columns k - 1, k and k + 1. odd is k & 1, the
 * parity of the printed column (window column 0 is even). */
static inline void col_moves(const struct sweep *s, int k, int odd, v16 l, v16 c, v16 r, v16 mv[6])
{
	const uint8_t *in = s->in0 + k * s->hp;
	int pl = s->plane;

	mv[0] = v_subs(v_up(c), v_load(in));           /* from the north neighbour */
	mv[3] = v_subs(v_down(c), v_load(in + 3 * pl)); /* from the south neighbour */
	if (odd) { /* odd printed column: the side neighbours are at rows r - 1 and r */
		mv[1] = v_subs(v_up(r), v_load(in + pl));
		mv[2] = v_subs(r, v_load(in + 2 * pl));
		mv[4] = v_subs(l, v_load(in + 4 * pl));
		mv[5] = v_subs(v_up(l), v_load(in + 5 * pl));
	} else { /* even: at rows r and r + 1 */
		mv[1] = v_subs(r, v_load(in + pl));
		mv[2] = v_subs(v_down(r), v_load(in + 2 * pl));
		mv[4] = v_subs(v_down(l), v_load(in + 4 * pl));
		mv[5] = v_subs(l, v_load(in + 5 * pl));
	}
}

/* Relaxes window column k from its neighbours' current src; returns what changed (nonzero
 * bytes). */
static inline v16 relax(struct sweep *s, int k, int odd)
{
	v16 mv[6], old = s->rem[k + 1], nw;

	col_moves(s, k, odd, s->src[k], s->src[k + 1], s->src[k + 2], mv);
	nw = v_max(v_max(v_max(mv[0], mv[1]), v_max(mv[2], mv[3])), v_max(mv[4], mv[5]));
	nw = v_max(old, v_and(nw, s->enter[k]));
	s->rem[k + 1] = nw;
	s->src[k + 1] = v_and(nw, s->leave[k]);
	return v_xor(nw, old);
}

/* Passes until nothing changes: left to right, then right to left, and so on. */
static void relax_all(struct sweep *s)
{
	for (;;) {
		v16 ch = v_zero();
		for (int k = 0; k < WIN; k += 2) {
			ch = v_or(ch, relax(s, k, 0));
			ch = v_or(ch, relax(s, k + 1, 1));
		}
		if (!v_nonzero(ch))
			return;
		ch = v_zero();
		for (int k = WIN - 2; k >= 0; k -= 2) {
			ch = v_or(ch, relax(s, k + 1, 1));
			ch = v_or(ch, relax(s, k, 0));
		}
		if (!v_nonzero(ch))
			return;
	}
}

/* 16 bytes of a[] from index off, with 0 for indices outside [0, n). */
static v16 load_clipped(const uint8_t *a, int off, int n)
{
	uint8_t b[WIN];

	if (off >= 0 && off + WIN <= n)
		return v_load(a + off);
	for (int i = 0; i < WIN; i++)
		b[i] = off + i >= 0 && off + i < n ? a[off + i] : 0;
	return v_load(b);
}

/* Fills the leave and enter masks of every window column from q's zoc and blocked. Hexes
 * outside the index space get arbitrary masks: nothing ever enters them (their in[] is
 * PATH_NOWAY). */
static void load_masks(struct sweep *s, const struct path_prep *p, const struct path_query *q)
{
	v16 ones = v_set(0xFF), zero = v_zero();
	int n = p->n;

	for (int k = 0; k < WIN; k++) {
		int off = s->base + k * p->h;
		s->leave[k] = q->zoc ? v_eq(load_clipped(q->zoc, off, n), zero) : ones;
		s->enter[k] = q->blocked ? v_eq(load_clipped(q->blocked, off, n), zero) : ones;
	}
	/* the start's own moves are made by start_moves */
	((uint8_t *)&s->leave[s->ks])[WIN_ROW] = 0;
}

/* A byte of a window vector array. */
static inline uint8_t *cell(v16 *a, int k, int row)
{
	return (uint8_t *)&a[k] + row;
}

static inline uint8_t cell_at(const v16 *a, int k, int row)
{
	return ((const uint8_t *)&a[k])[row];
}

/* Window column and row of the start's neighbour in direction e. */
static inline void start_nb(const struct sweep *s, int e, int *k, int *row)
{
	*k = s->ks + dcol[e];
	*row = WIN_ROW + drow[s->ks & 1][e];
}

/* The value the start's move in direction e gives (0 if it is not allowed): the cost of
 * entering the neighbour from the start, unless the neighbour is blocked or, from a controlled
 * start, controlled ([5.14]). */
static int start_move(const struct sweep *s, int e, int a1, bool start_zoc)
{
	int k, row;
	start_nb(s, e, &k, &row);
	int cost = s->in0[(e + 3) % 6 * s->plane + k * s->hp + row];
	int ok = cell_at(s->enter, k, row) && (!start_zoc || cell_at(s->leave, k, row));
	return ok && a1 > cost ? a1 - cost : 0;
}

/* Finds each window hex's prev direction: the lowest direction whose move gives exactly its
 * value (from the final src, so not from the start), then the start's moves. */
static void find_dirs(struct sweep *s, int a1, bool start_zoc)
{
	v16 mv[6];

	for (int k = 0; k < WIN; k++) {
		v16 rem = s->rem[k + 1], dir = v_set(6);
		col_moves(s, k, k & 1, s->src[k], s->src[k + 1], s->src[k + 2], mv);
		for (int d = 0; d < 6; d++) /* d where the move gives rem, else 0xFF */
			dir = v_min(dir, v_or(v_set((uint8_t)d), v_xor(v_eq(mv[d], rem), v_set(0xFF))));
		s->dir[k] = dir;
	}
	for (int e = 0; e < 6; e++) {
		int k, row, v = start_move(s, e, a1, start_zoc);
		start_nb(s, e, &k, &row);
		uint8_t *dj = cell(s->dir, k, row);
		if (v && v == cell_at(s->rem, k + 1, row) && (e + 3) % 6 < *dj)
			*dj = (uint8_t)((e + 3) % 6);
	}
}

/* Whether a path might leave the window: a hex on its rim that a move may continue from with
 * more than the cheapest step left. */
static bool leaks(const struct sweep *s, int cmin)
{
	v16 rim = v_or(s->src[1], s->src[WIN]);
	uint8_t ends[WIN] = {0};

	ends[0] = ends[WIN - 1] = 0xFF;
	v16 em = v_load(ends);
	for (int k = 1; k < WIN - 1; k++)
		rim = v_or(rim, v_and(s->src[k + 1], em));
	return v_nonzero(v_subs(rim, v_set((uint8_t)cmin))) != 0;
}

/* Writes cost, prev and order from the window; returns the number of hexes reached. */
static int write_out(const struct sweep *s, const struct path_prep *p, int a1, int start,
		     struct path_result *r, int32_t *order)
{
	int32_t list[WIN * WIN];
	uint8_t lc[WIN * WIN];
	int nr = 0, cnt[PATH_MAX_ALLOWANCE + 2];
	const uint8_t *rem = (const uint8_t *)&s->rem[1], *dir = (const uint8_t *)s->dir;

	memset(r->cost, 0xFF, (size_t)p->n * sizeof r->cost[0]);
	for (int k = 0; k < WIN; k++) {
		unsigned m = v_nonzero(s->rem[k + 1]);
		if (k == s->ks)
			m &= ~(1u << WIN_ROW); /* the start is written below */
		const int32_t *off = p->nboff[k & 1]; /* window column 0 is even in print */
		while (m) {
			int row = __builtin_ctz(m), c = k * WIN + row, idx = s->base + k * p->h + row;
			m &= m - 1;
			lc[nr] = (uint8_t)(a1 - rem[c]);
			list[nr++] = idx;
			r->cost[idx] = (uint16_t)(a1 - rem[c]);
			r->prev[idx] = idx + off[dir[c]];
		}
	}
	r->cost[start] = 0;
	r->prev[start] = -1;
	if (order) { /* counting sort by cost; the list is in index order */
		int a = a1 - 1;
		memset(cnt, 0, (size_t)(a + 1) * sizeof cnt[0]);
		for (int i = 0; i < nr; i++)
			cnt[lc[i]]++;
		for (int c = 0, pos = 1; c <= a; c++) {
			int x = cnt[c];
			cnt[c] = pos;
			pos += x;
		}
		order[0] = start;
		for (int i = 0; i < nr; i++)
			order[cnt[lc[i]]++] = list[i];
	}
	return nr + 1;
}

static int clamp_allowance(int a)
{
	return a > PATH_MAX_ALLOWANCE ? PATH_MAX_ALLOWANCE : a < 0 ? 0 : a;
}

int path_sweep_window(const struct path_prep *p, const struct path_query *q,
		      struct path_result *r, int32_t *order)
{
	struct sweep s;
	int a1 = clamp_allowance(q->allowance) + 1, cs = q->start / p->h, rs = q->start % p->h;
	int c0 = cs - 7; /* window column 0, even in print */
	bool start_zoc = q->zoc && q->zoc[q->start];

	if (p->cmin == 0) /* prev needs a rule of its own (path.h) */
		return -1;
	if ((c0 + p->par0) & 1)
		c0--;
	s.ks = cs - c0;
	s.hp = p->hp;
	s.plane = (p->cols + 2 * PAD) * p->hp;
	s.base = c0 * p->h + rs - WIN_ROW;
	s.in0 = p->in + (c0 + PAD) * p->hp + rs - WIN_ROW + PAD;
	load_masks(&s, p, q);
	for (int k = 0; k < WIN + 2; k++)
		s.rem[k] = s.src[k] = v_zero();
	*cell(s.rem, s.ks + 1, WIN_ROW) = (uint8_t)a1;
	for (int e = 0; e < 6; e++) { /* the start's moves, with [5.14] */
		int k, row;
		start_nb(&s, e, &k, &row);
		*cell(s.rem, k + 1, row) = (uint8_t)start_move(&s, e, a1, start_zoc);
		s.src[k + 1] = v_and(s.rem[k + 1], s.leave[k]);
	}
	relax_all(&s);
	if (leaks(&s, p->cmin))
		return -1;
	find_dirs(&s, a1, start_zoc);
	return write_out(&s, p, a1, q->start, r, order);
}

/* ---- the fallback: the bucket search, made canonical ---- */

/* Whether the move j -> h (j the neighbour of h in direction d) gives h its cost: j reached and
 * a move may continue from it, the step allowed and exact. */
static bool gives(const struct path_prep *p, const struct path_query *q, const uint16_t *cost,
		  int h, int d, bool start_zoc)
{
	int j = h + p->nboff[((h / p->h) + p->par0) & 1][d];
	uint32_t x = p->w[h * 6 + d], s;

	if ((int)(x & 0xFFFFFFu) != j || cost[j] == PATH_UNREACHED)
		return false; /* no neighbour there (the packed table points to h itself) */
	if (j == q->start ? start_zoc && q->zoc[h] : q->zoc && q->zoc[j])
		return false;
	s = p->w[j * 6 + (d + 3) % 6] >> 24;
	return s != PATH_NOWAY && cost[j] + s == cost[h];
}

/* Sorts the reached list (already in cost order, the start first) by index within each cost. */
static void sort_ties(int32_t *list, int nr, const uint16_t *cost)
{
	for (int i = 2; i < nr; i++) {
		int32_t x = list[i];
		int k = i;
		while (k > 1 && cost[list[k - 1]] == cost[x] && list[k - 1] > x) {
			list[k] = list[k - 1];
			k--;
		}
		list[k] = x;
	}
}

int path_sweep_general(const struct path_prep *p, const struct path_query *q,
		       struct path_result *r, int32_t *order)
{
	/* without the caller's order, the list goes into the scratch past the search's part */
	int32_t *list = order ? order : r->qhex + p->n;
	int nr = path_search_prep(p, q, r, list);
	bool start_zoc = q->zoc && q->zoc[q->start];

	for (int i = 1; i < nr && p->cmin > 0; i++) {
		int h = list[i], d = 0;
		while (d < 5 && !gives(p, q, r->cost, h, d, start_zoc))
			d++;
		r->prev[h] = h + p->nboff[((h / p->h) + p->par0) & 1][d];
	}
	if (order)
		sort_ties(order, nr, r->cost);
	return nr;
}

int path_sweep(const struct path_prep *p, const struct path_query *q, struct path_result *r,
	       int32_t *order)
{
	int nr = p->cmin > 0 ? path_sweep_window(p, q, r, order) : -1;
	return nr >= 0 ? nr : path_sweep_general(p, q, r, order);
}
