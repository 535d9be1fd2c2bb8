/* pathsweep: the data-parallel movement search (path.h, path_sweep).
 *
 * The search works on a window of 32 x 16 hexes around the start: 32 index columns (the start's
 * column is window column 15 or 16, chosen so that window column 0 has an even printed column)
 * and 16 rows (the start's row is window row 7, unless the window is moved to leave out rows no
 * move can enter). Each window column is one 16-byte vector, one byte per row. A hex's byte is
 * its remaining allowance plus one, rem = allowance + 1 - cost, so that 0 means "not reached"
 * and a move is a saturating subtraction, rem(j) - step, which becomes 0 (not reached) when the
 * step costs more than what is left, and for PATH_NOWAY (255).
 *
 * Relaxing window column k updates all its hexes at once:
 *   rem[h] = max(rem[h], max over the 4 side directions d of (src[nb(h, d)] - in[d][h]))
 * (0 where h is blocked), then closes the column under its own moves: down over 1, 2, 4 and 8
 * rows, then up, the cost of a run of 2^l moves built by doubling from the single moves'. src =
 * rem, but 0 where a move may not continue (an enemy-controlled hex, [5.13]); in[d][h] is the
 * prepared cost of entering h from its neighbour in direction d. In the even-q layout the side
 * neighbours of window column k are in columns k - 1 and k + 1, at the same row or one row up
 * or down depending on d and on the parity of k: byte shifts of those columns' vectors. The
 * start's own moves are made once, before, because they carry the [5.14] test.
 *
 * Which columns to relax: the start's three, then a column is checked against a neighbour that
 * changed since it was last relaxed (do the two moves from there give any of its hexes more?)
 * and relaxed only if so; checks against the east run right to left, those against the west
 * left to right, so that a change crosses the window in one pass either way. Every value is
 * the remaining allowance of a real path and at the end no move improves any hex, so each is
 * the least cost within the window. It is the whole map's if no path can leave the window: no
 * hex on its rim that a move may continue from has more than the cheapest step left; at the
 * first such hex the search stops and path_sweep takes path_sweep_general's way.
 *
 * prev is found the same way (per column, the lowest direction whose single move gives exactly
 * the hex's value), and cost, prev and order are written from the reached hexes only (cost[] is
 * first set to PATH_UNREACHED everywhere). Everything but that output has no branch that depends
 * on a hex, which is what this search is for: the bucket search's time went mostly to
 * mispredicted branches (docs/PERFORMANCE.md). */
#include "pathsweep.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__) && !defined(PATH_SWEEP_SCALAR)
#include <emmintrin.h>
#endif

#define WR 16       /* window rows (one SSE2 vector) */
#define WC 32       /* window columns */
#define WIN_ROW 7   /* the start's window row, unless the window is moved to fit the map */
#define WIN_COL 15  /* the start's window column, or 16 */
#define PADR 16     /* padding rows and columns around the index space in the prepared tables */
#define PADC 16

static const int dcol[6] = {0, 1, 1, 0, -1, -1};
static const int drow[2][6] = {{-1, 0, 1, 1, 1, 0}, {-1, -1, 0, 1, 0, -1}}; /* [parity][d] */

/* ---- 16 bytes at once: SSE2, or the same operations on byte arrays ---- */
#if defined(__SSE2__) && !defined(PATH_SWEEP_SCALAR)
typedef __m128i v16;
static inline v16 v_load(const uint8_t *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }
static inline v16 v_zero(void) { return _mm_setzero_si128(); }
static inline v16 v_set(uint8_t x) { return _mm_set1_epi8((char)x); }
static inline v16 v_max(v16 a, v16 b) { return _mm_max_epu8(a, b); }
static inline v16 v_subs(v16 a, v16 b) { return _mm_subs_epu8(a, b); } /* saturating at 0 */
static inline v16 v_adds(v16 a, v16 b) { return _mm_adds_epu8(a, b); } /* saturating at 255 */
static inline v16 v_and(v16 a, v16 b) { return _mm_and_si128(a, b); }
static inline v16 v_andnot(v16 m, v16 a) { return _mm_andnot_si128(m, a); } /* a & ~m */
static inline v16 v_or(v16 a, v16 b) { return _mm_or_si128(a, b); }
static inline v16 v_xor(v16 a, v16 b) { return _mm_xor_si128(a, b); }
static inline v16 v_eq(v16 a, v16 b) { return _mm_cmpeq_epi8(a, b); } /* 0xFF where equal */
/* lane r gets lane r - n (the hex n rows up), lanes 0 .. n - 1 get 0 (n a constant) */
#define v_upn(a, n) _mm_slli_si128((a), (n))
/* lane r gets lane r + n (the hex n rows down), the last n lanes get 0 */
#define v_downn(a, n) _mm_srli_si128((a), (n))
/* bit r set where lane r is nonzero */
static inline unsigned v_nonzero(v16 a)
{
	return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, _mm_setzero_si128())) & 0xFFFFu;
}
#else
typedef struct {
	uint8_t b[WR];
} v16;
static inline v16 v_load(const uint8_t *p) { v16 r; memcpy(r.b, p, WR); return r; }
static inline v16 v_zero(void) { v16 r; memset(r.b, 0, WR); return r; }
static inline v16 v_set(uint8_t x) { v16 r; memset(r.b, x, WR); return r; }
#define V_LANES(expr) do { v16 r_; for (int i = 0; i < WR; i++) r_.b[i] = (uint8_t)(expr); return r_; } while (0)
static inline v16 v_max(v16 a, v16 b) { V_LANES(a.b[i] > b.b[i] ? a.b[i] : b.b[i]); }
static inline v16 v_subs(v16 a, v16 b) { V_LANES(a.b[i] > b.b[i] ? a.b[i] - b.b[i] : 0); }
static inline v16 v_adds(v16 a, v16 b) { V_LANES(a.b[i] + b.b[i] > 255 ? 255 : a.b[i] + b.b[i]); }
static inline v16 v_and(v16 a, v16 b) { V_LANES(a.b[i] & b.b[i]); }
static inline v16 v_andnot(v16 m, v16 a) { V_LANES(a.b[i] & ~m.b[i]); }
static inline v16 v_or(v16 a, v16 b) { V_LANES(a.b[i] | b.b[i]); }
static inline v16 v_xor(v16 a, v16 b) { V_LANES(a.b[i] ^ b.b[i]); }
static inline v16 v_eq(v16 a, v16 b) { V_LANES(a.b[i] == b.b[i] ? 0xFF : 0); }
static inline v16 v_upn(v16 a, int n) { V_LANES(i >= n ? a.b[i - n] : 0); }
static inline v16 v_downn(v16 a, int n) { V_LANES(i + n < WR ? a.b[i + n] : 0); }
#undef V_LANES
static inline unsigned v_nonzero(v16 a)
{
	unsigned m = 0;
	for (int i = 0; i < WR; i++)
		m |= (unsigned)(a.b[i] != 0) << i;
	return m;
}
#endif
#define v_up(a) v_upn(a, 1)
#define v_down(a) v_downn(a, 1)

/* ---- prepared tables ---- */

int path_sweep_prep_init(struct path_prep *p, const struct map *m, const uint8_t *step)
{
	int hp = m->h + 2 * PADR, plane = (m->w + 2 * PADC) * hp;

	p->h = m->h;
	p->cols = m->w;
	p->par0 = (m->col0 - MAP_BORDER) & 1;
	p->hp = hp;
	p->cmin = PATH_NOWAY;
	for (int i = 0; i < m->n * 6; i++)
		if (m->nb[i] >= 0 && step[i] < p->cmin)
			p->cmin = step[i];
	for (int par = 0; par < 2; par++) {
		for (int d = 0; d < 6; d++) {
			p->nboff[par][d] = dcol[d] * m->h + drow[par][d];
			p->prevoff[par * 8 + 6 - d] = p->nboff[par][d];
		}
		p->nboff[par][6] = p->nboff[par][7] = 0;
		p->prevoff[par * 8] = p->prevoff[par * 8 + 7] = 0;
	}
	p->in = malloc((size_t)plane * 6);
	if (!p->in)
		return -1;
	memset(p->in, PATH_NOWAY, (size_t)plane * 6);
	p->rlo = m->h;
	p->rhi = -1;
	for (int i = 0; i < m->n; i++) {
		int at = (i / m->h + PADC) * hp + i % m->h + PADR;
		for (int d = 0; d < 6; d++) {
			int j = m->nb[i * 6 + d];
			if (j < 0) /* entering i from j, its neighbour in direction d */
				continue;
			p->in[d * plane + at] = step[j * 6 + (d + 3) % 6];
			if (step[j * 6 + (d + 3) % 6] != PATH_NOWAY) {
				p->rlo = i % m->h < p->rlo ? i % m->h : p->rlo;
				p->rhi = i % m->h > p->rhi ? i % m->h : p->rhi;
			}
		}
	}
	return 0;
}

/* ---- the window search ---- */

struct sweep {
	v16 rem[WC + 2];    /* [1 + k]: window column k's remaining allowance + 1; [0], [WC + 1]
			     * stay 0 (outside the window: not reached) */
	v16 src[WC + 2];    /* the same & leave: what moves may continue from */
	v16 stay[WC];       /* 0xFF where a move may not continue: a controlled hex */
	v16 shut[WC];       /* 0xFF where the hex may not be entered: blocked */
	v16 dir[WC];        /* prev as find_dirs codes it */
	const uint8_t *in0; /* the prepared in[] of window column 0, row 0, direction 0 */
	int hp, plane;      /* column and direction strides of in[] */
	int base;           /* index of window column 0, row 0 (maybe outside the index space) */
	int ks, kr;         /* the start's window column and row */
	v16 rim;            /* 0xFF in the rows whose hexes have neighbours beyond the window */
	v16 cmin;           /* the least step cost */
	bool leak;          /* a path might leave the window */
	int smv[6];         /* the value of the start's move in each direction (0: none) */
	uint64_t seen;      /* columns whose masks are set up (the others are not reached) */
};

/* 16 bytes of a[] from index off, with 0 for indices outside [0, n). */
static v16 load_clipped_slow(const uint8_t *a, int off, int n)
{
	uint8_t b[WR];

	if (off + WR <= 0 || off >= n)
		return v_zero();
	for (int i = 0; i < WR; i++)
		b[i] = off + i >= 0 && off + i < n ? a[off + i] : 0;
	return v_load(b);
}

static inline v16 load_clipped(const uint8_t *a, int off, int n)
{
	return off >= 0 && off + WR <= n ? v_load(a + off) : load_clipped_slow(a, off, n);
}

/* Sets up window column k's masks from q's zoc and blocked. Hexes outside the index space get
 * arbitrary masks: nothing enters them (their in[] is PATH_NOWAY). The start needs nothing of
 * its own: if it is controlled no move continues from it here (start_moves makes its moves,
 * with [5.14]); if not, the moves from it here are the ones start_moves made. */
static void col_setup(struct sweep *s, const struct path_prep *p, const struct path_query *q, int k)
{
	v16 ones = v_set(0xFF), zero = v_zero();
	int off = s->base + k * p->h;

	s->stay[k] = q->zoc ? v_xor(v_eq(load_clipped(q->zoc, off, p->n), zero), ones) : zero;
	s->shut[k] = q->blocked ? v_xor(v_eq(load_clipped(q->blocked, off, p->n), zero), ones) : zero;
	s->seen |= (uint64_t)1 << k;
}

/* The value the moves from the neighbouring columns give window column k's hexes (before the
 * enterable mask), from their src vectors l (k - 1) and r (k + 1); odd is k & 1, the parity of
 * the printed column (window column 0 is even). mv[1], [2], [4], [5] are written. */
static inline void side_moves(const struct sweep *s, int k, int odd, v16 l, v16 r, v16 mv[6])
{
	const uint8_t *in = s->in0 + k * s->hp;
	int pl = s->plane;

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

/* Relaxes window column k: the moves from its neighbouring columns, then its closure along
 * the column: moves down over 1, 2, 4 and 8 rows, then up (every run of moves along the column
 * is one of those or two or more in a row), with the costs of each run built by doubling from
 * the single moves' (PATH_NOWAY where a hex of the run may not be left or entered). Returns
 * whether anything changed. */
static inline bool relax(struct sweep *s, int k)
{
	const uint8_t *in = s->in0 + k * s->hp;
	v16 mv[6], old = s->rem[k + 1], stay = s->stay[k], shut = s->shut[k], v, e;

	side_moves(s, k, k & 1, s->src[k], s->src[k + 2], mv);
	v = v_max(v_max(mv[1], mv[2]), v_max(mv[4], mv[5]));
	v = v_max(old, v_andnot(shut, v));
	e = v_or(v_or(v_load(in), shut), v_up(stay)); /* down: enter r from r - 1 */
	v = v_max(v, v_subs(v_upn(v, 1), e));
	e = v_adds(e, v_upn(e, 1));
	v = v_max(v, v_subs(v_upn(v, 2), e));
	e = v_adds(e, v_upn(e, 2));
	v = v_max(v, v_subs(v_upn(v, 4), e));
	e = v_adds(e, v_upn(e, 4));
	v = v_max(v, v_subs(v_upn(v, 8), e));
	e = v_or(v_or(v_load(in + 3 * s->plane), shut), v_down(stay)); /* up: from r + 1 */
	v = v_max(v, v_subs(v_downn(v, 1), e));
	e = v_adds(e, v_downn(e, 1));
	v = v_max(v, v_subs(v_downn(v, 2), e));
	e = v_adds(e, v_downn(e, 2));
	v = v_max(v, v_subs(v_downn(v, 4), e));
	e = v_adds(e, v_downn(e, 4));
	v = v_max(v, v_subs(v_downn(v, 8), e));
	s->rem[k + 1] = v;
	s->src[k + 1] = v_andnot(stay, v);
	return v_nonzero(v_xor(v, old)) != 0;
}

/* Whether a move from window column k + 1 (east: k's NE and SE neighbours) or, with west, from
 * column k - 1 (SW, NW) would give some hex of column k more than it has. */
static inline bool improves(const struct sweep *s, int k, bool west)
{
	const uint8_t *in = s->in0 + k * s->hp;
	int pl = s->plane;
	v16 a, b;

	if (west) {
		v16 l = s->src[k];
		a = v_subs(k & 1 ? l : v_down(l), v_load(in + 4 * pl));
		b = v_subs(k & 1 ? v_up(l) : l, v_load(in + 5 * pl));
	} else {
		v16 r = s->src[k + 2];
		a = v_subs(k & 1 ? v_up(r) : r, v_load(in + pl));
		b = v_subs(k & 1 ? r : v_down(r), v_load(in + 2 * pl));
	}
	return v_nonzero(v_subs(v_andnot(s->shut[k], v_max(a, b)), s->rem[k + 1])) != 0;
}

/* The bookkeeping of the passes: column k is relaxed against both neighbours; if it changed,
 * its neighbours must be checked against it. */
struct todo {
	uint64_t east;  /* columns to check against their east neighbour */
	uint64_t west;  /* against their west neighbour */
};

static inline void relax_col(struct sweep *s, const struct path_prep *p,
			     const struct path_query *q, int k, struct todo *t)
{
	const uint64_t all = ((uint64_t)1 << WC) - 1;

	if (!(s->seen >> k & 1))
		col_setup(s, p, q, k);
	uint64_t ch = 0 - (uint64_t)relax(s, k), bit = (uint64_t)1 << k;
	t->east = (t->east & ~bit) | (bit >> 1 & ch);
	t->west = (t->west & ~bit) | (bit << 1 & all & ch);
	/* a hex on the rim that a move may continue from with more than the cheapest step left:
	 * a path might leave the window (the first and last columns are all rim) */
	v16 rim = v_or(s->rim, v_set((uint8_t)-(k == 0 || k == WC - 1)));
	s->leak |= v_nonzero(v_subs(v_and(s->src[k + 1], rim), s->cmin)) != 0;
}

/* Relaxes the start's columns, then checks columns against the neighbours that changed since
 * they were relaxed, relaxing those a move from there improves: passes right to left over the
 * checks against the east, then left to right over those against the west (so that a change
 * spreads across the window in one pass either way), until no check is left. */
static void relax_all(struct sweep *s, const struct path_prep *p, const struct path_query *q)
{
	/* the start's moves reached columns ks - 1 .. ks + 1: their outer neighbours must look */
	struct todo t = {(uint64_t)1 << (s->ks - 2), (uint64_t)1 << (s->ks + 2)};
	uint64_t x;

	relax_col(s, p, q, s->ks, &t);
	relax_col(s, p, q, s->ks + 1, &t);
	relax_col(s, p, q, s->ks - 1, &t);
	while ((t.east | t.west) && !s->leak) {
		for (int k = WC - 1; k >= 0 && (x = t.east & (((uint64_t)2 << k) - 1)) != 0; k--) {
			k = 63 - __builtin_clzll(x);
			t.east &= ~((uint64_t)1 << k);
			if (!(s->seen >> k & 1))
				col_setup(s, p, q, k);
			if (improves(s, k, false))
				relax_col(s, p, q, k, &t);
		}
		for (int k = 0; (x = t.west >> k) != 0; k++) { /* (k < WC: t.west has WC bits) */
			k += __builtin_ctzll(x);
			t.west &= ~((uint64_t)1 << k);
			if (!(s->seen >> k & 1))
				col_setup(s, p, q, k);
			if (improves(s, k, true))
				relax_col(s, p, q, k, &t);
		}
	}
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
	*row = s->kr + drow[s->ks & 1][e];
}

/* Makes the start's moves (before the passes: the start is no source in them), with [5.14]:
 * not into a blocked hex, nor from a controlled start into a controlled hex. Keeps each
 * move's value in s->smv for find_dirs. */
static void start_moves(struct sweep *s, int a1, bool start_zoc)
{
	static const int opp[6] = {3, 4, 5, 0, 1, 2};

	*cell(s->rem, s->ks + 1, s->kr) = (uint8_t)a1;
	for (int e = 0; e < 6; e++) {
		int k, row;
		start_nb(s, e, &k, &row);
		int cost = s->in0[opp[e] * s->plane + k * s->hp + row];
		int ok = !cell_at(s->shut, k, row) && (!start_zoc || !cell_at(s->stay, k, row));
		s->smv[e] = ok && a1 > cost ? a1 - cost : 0;
		*cell(s->rem, k + 1, row) = (uint8_t)s->smv[e];
	}
	for (int k = s->ks - 1; k <= s->ks + 1; k++)
		s->src[k + 1] = v_andnot(s->stay[k], s->rem[k + 1]);
}

/* The prev of each window hex as a byte: 8 * parity of its column + 6 - d, for d the lowest
 * direction whose single move gives exactly its value (from the final src, so not from the
 * start: the start's moves are looked at after), 8 * parity + 0 if none. The lowest d is the
 * highest 6 - d, so that one max per direction picks it. p->prevoff[] turns the byte into the
 * index offset of prev. */
static void find_dirs(struct sweep *s)
{
	v16 mv[6];

	for (uint64_t m = s->seen; m; m &= m - 1) {
		int k = __builtin_ctzll(m);
		v16 rem = s->rem[k + 1], c = s->src[k + 1], code;
		const uint8_t *in = s->in0 + k * s->hp;
		side_moves(s, k, k & 1, s->src[k], s->src[k + 2], mv);
		mv[0] = v_subs(v_up(c), v_load(in));
		mv[3] = v_subs(v_down(c), v_load(in + 3 * s->plane));
		code = v_max(v_and(v_eq(mv[0], rem), v_set(6)), v_and(v_eq(mv[1], rem), v_set(5)));
		code = v_max(code, v_max(v_and(v_eq(mv[2], rem), v_set(4)), v_and(v_eq(mv[3], rem), v_set(3))));
		code = v_max(code, v_max(v_and(v_eq(mv[4], rem), v_set(2)), v_and(v_eq(mv[5], rem), v_set(1))));
		s->dir[k] = v_or(code, v_set((uint8_t)((k & 1) * 8)));
	}
	for (int e = 0; e < 6; e++) {
		int k, row, de = (e + 3) % 6;
		start_nb(s, e, &k, &row);
		uint8_t *dj = cell(s->dir, k, row);
		if (s->smv[e] && s->smv[e] == cell_at(s->rem, k + 1, row) && 6 - de > (*dj & 7))
			*dj = (uint8_t)((*dj & 8) | (6 - de));
	}
}

/* Writes cost and prev (if r->prev) of the reached hexes other than the start, given as bits
 * (window column k, row i: bit 16 k + i, four columns a word, so that the loops end once per
 * word rather than once per column); with list, also their indices and costs there, in index
 * order, and the number of each cost in cnt[]. Returns their number. */
static inline int write_hexes(const struct sweep *s, const struct path_prep *p, int a1,
			      const uint64_t *word, struct path_result *r, int32_t *list,
			      uint8_t *lc, int *cnt)
{
	uint16_t *restrict cost = r->cost;
	int32_t *restrict prev = r->prev;
	int nr = 0;

	for (int w = 0; w < WC / 4; w++) {
		const uint8_t *rw = (const uint8_t *)&s->rem[1 + 4 * w], *dw = (const uint8_t *)&s->dir[4 * w];
		int col[4]; /* the index of row 0 of each of the word's columns */
		for (int j = 0; j < 4; j++)
			col[j] = s->base + (4 * w + j) * p->h;
		for (uint64_t m = word[w]; m; m &= m - 1) {
			unsigned b = (unsigned)__builtin_ctzll(m), j = b / WR;
			int idx = col[j] + (int)(b % WR), x = a1 - rw[b];
			cost[idx] = (uint16_t)x;
			if (prev)
				prev[idx] = idx + p->prevoff[dw[b]];
			if (list) {
				lc[nr] = (uint8_t)x;
				list[nr] = idx;
				cnt[x]++;
			}
			nr++;
		}
	}
	return nr;
}

/* Writes the costs of window column k, whose hexes have indices idx .. idx + 15, into cost[] at
 * once (PATH_UNREACHED where not reached). Only when those indices are in the index space and
 * the map's columns have 16 rows or more, so that the lanes beyond the column's ends (hexes of
 * the next or previous column) lie outside the window's rows and are not reached either. */
static inline void write_costs(uint16_t *cost, int idx, v16 rem, v16 a1)
{
#if defined(__SSE2__) && !defined(PATH_SWEEP_SCALAR)
	v16 none = v_eq(rem, v_zero()), c = v_or(v_subs(a1, rem), none);
	_mm_storeu_si128((__m128i *)(void *)(cost + idx), _mm_unpacklo_epi8(c, none));
	_mm_storeu_si128((__m128i *)(void *)(cost + idx + 8), _mm_unpackhi_epi8(c, none));
#else
	for (int i = 0; i < WR; i++)
		cost[idx + i] = rem.b[i] ? (uint16_t)(a1.b[i] - rem.b[i]) : PATH_UNREACHED;
#endif
}

/* Writes cost only (no prev, no order), a column at a time where write_costs can; returns the
 * number of hexes reached. */
static int write_costs_only(const struct sweep *s, const struct path_prep *p, int a1,
			    struct path_result *r)
{
	v16 va = v_set((uint8_t)a1);
	int nr = 0;

	for (uint64_t sm = s->seen; sm; sm &= sm - 1) {
		int k = __builtin_ctzll(sm), idx = s->base + k * p->h;
		unsigned m = v_nonzero(s->rem[k + 1]);
		nr += __builtin_popcount(m);
		if (p->h >= WR && idx >= 0 && idx + WR <= p->n) {
			write_costs(r->cost, idx, s->rem[k + 1], va);
			continue;
		}
		for (const uint8_t *rk = (const uint8_t *)&s->rem[k + 1]; m; m &= m - 1) {
			int row = __builtin_ctz(m);
			r->cost[idx + row] = (uint16_t)(a1 - rk[row]);
		}
	}
	return nr;
}

/* Writes cost, prev (if r->prev) and order (if not NULL) from the window; returns the number
 * of hexes reached. */
static int write_out(const struct sweep *s, const struct path_prep *p, int a1, int start,
		     struct path_result *r, int32_t *order)
{
	int32_t list[WC * WR];
	uint8_t lc[WC * WR];
	uint64_t word[WC / 4] = {0};
	int nr, cnt[PATH_MAX_ALLOWANCE + 2];

	memset(r->cost, 0xFF, (size_t)p->n * sizeof r->cost[0]);
	if (!order && !r->prev)
		return write_costs_only(s, p, a1, r);
	for (uint64_t sm = s->seen; sm; sm &= sm - 1) {
		int k = __builtin_ctzll(sm);
		word[k / 4] |= (uint64_t)v_nonzero(s->rem[k + 1]) << (k % 4 * WR);
	}
	word[s->ks / 4] &= ~((uint64_t)1 << (s->ks % 4 * WR + s->kr)); /* the start: below */
	if (order) {
		memset(cnt, 0, (size_t)a1 * sizeof cnt[0]);
		nr = write_hexes(s, p, a1, word, r, list, lc, cnt);
	} else {
		nr = write_hexes(s, p, a1, word, r, NULL, NULL, NULL);
	}
	r->cost[start] = 0;
	if (r->prev)
		r->prev[start] = -1;
	if (order) { /* counting sort by cost (cnt counted above); the list is in index order */
		for (int c = 0, pos = 1; c < a1; c++) {
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

/* The window's first row (index space): 7 rows above the start, but moved to leave out rows
 * no move can enter when the map ends nearer (so that the rows it holds are the useful ones),
 * and always with a row above and below the start. */
static int first_row(const struct path_prep *p, int rs)
{
	int r0 = rs - WIN_ROW;

	if (r0 > p->rhi - (WR - 1))
		r0 = p->rhi - (WR - 1);
	if (r0 < p->rlo)
		r0 = p->rlo;
	return r0 < rs - (WR - 2) ? rs - (WR - 2) : r0 > rs - 1 ? rs - 1 : r0;
}

int path_sweep_window(const struct path_prep *p, const struct path_query *q,
		      struct path_result *r, int32_t *order)
{
	struct sweep s;
	int a = clamp_allowance(q->allowance), cs = q->start / p->h, rs = q->start % p->h;
	int c0 = cs - WIN_COL, r0 = first_row(p, rs), reach; /* window column 0, even in print */
	bool start_zoc = q->zoc && q->zoc[q->start];
	uint8_t rim[WR] = {0};

	if (p->cmin == 0) /* prev needs a rule of its own (path.h) */
		return -1;
	if ((c0 + p->par0) & 1)
		c0--;
	s.ks = cs - c0;
	s.kr = rs - r0;
	s.hp = p->hp;
	s.plane = (p->cols + 2 * PADC) * p->hp;
	s.base = c0 * p->h + r0;
	s.in0 = p->in + (c0 + PADC) * p->hp + r0 + PADR;
	s.seen = 0;
	s.leak = false;
	s.cmin = v_set((uint8_t)p->cmin);
	/* the first and last rows have neighbours beyond the window unless no move enters those */
	rim[0] = r0 > p->rlo ? 0xFF : 0;
	rim[WR - 1] = r0 + WR - 1 < p->rhi ? 0xFF : 0;
	s.rim = v_load(rim);
	for (int k = 0; k < WC + 2; k++)
		s.rem[k] = s.src[k] = v_zero();
	/* set up the columns the search will likely reach at two per step (the others when they
	 * are first looked at; window column 0 is 15 or 16 columns away) */
	reach = a / 2 < 1 ? 1 : a / 2 > 7 ? 7 : a / 2;
	for (int k = s.ks - reach; k <= s.ks + reach; k++)
		col_setup(&s, p, q, k);
	start_moves(&s, a + 1, start_zoc);
	relax_all(&s, p, q);
	if (s.leak)
		return -1;
	if (r->prev)
		find_dirs(&s);
	return write_out(&s, p, a + 1, q->start, r, order);
}

/* ---- the fallback: the bucket search, made canonical ---- */

/* Whether the move j -> h (j = h + off, h's neighbour in direction d) gives h its cost: j
 * reached and a move may continue from it, the step allowed and exact. */
static inline bool gives(const struct path_prep *p, const struct path_query *q,
			 const uint16_t *cost, int h, int d, int off, bool start_zoc)
{
	int j = h + off;
	uint32_t s;

	if ((int)(p->w[h * PATH_W_STRIDE + d] >> PATH_W_SHIFT) != j || cost[j] == PATH_UNREACHED)
		return false; /* no neighbour there (the packed table points to h itself) */
	if (j == q->start ? start_zoc && q->zoc[h] : q->zoc && q->zoc[j])
		return false;
	s = p->w[j * PATH_W_STRIDE + (d + 3) % 6] & PATH_W_COST;
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

/* The canonical prev of reached hex h (not the start): the neighbour in the lowest direction
 * that gives h its cost. */
static int canon_prev(const struct path_prep *p, const struct path_query *q, const uint16_t *cost,
		      int h, bool start_zoc)
{
	const int32_t *off = p->nboff[((h / p->h) + p->par0) & 1];
	int d = 0;

	while (d < 5 && !gives(p, q, cost, h, d, off[d], start_zoc))
		d++;
	return h + off[d];
}

int path_sweep_general(const struct path_prep *p, const struct path_query *q,
		       struct path_result *r, int32_t *order)
{
	/* the search's own list, and prev if the caller wants none, go into the scratch past the
	 * part the search uses (n bytes of qhex) */
	int32_t *list = order ? order : r->qhex + p->n;
	struct path_result rr = *r;
	bool start_zoc = q->zoc && q->zoc[q->start];

	if (!r->prev)
		rr.prev = r->qhex + 2 * p->n;
	int nr = path_search_prep(p, q, &rr, list);
	for (int i = 1; i < nr && p->cmin > 0 && r->prev; i++)
		r->prev[list[i]] = canon_prev(p, q, r->cost, list[i], start_zoc);
	if (order)
		sort_ties(order, nr, r->cost);
	return nr;
}

int path_sweep(const struct path_prep *p, const struct path_query *q, struct path_result *r,
	       int32_t *order)
{
	int nr = path_sweep_window(p, q, r, order);
	return nr >= 0 ? nr : path_sweep_general(p, q, r, order);
}

int path_sweep_route(const struct path_prep *p, const struct path_query *q, const uint16_t *cost,
		     int idx, int *out, int max)
{
	bool start_zoc = q->zoc && q->zoc[q->start];
	int n = 0;

	if (idx < 0 || idx >= p->n || cost[idx] == PATH_UNREACHED || p->cmin == 0)
		return -1;
	/* backwards from idx (each step to a cheaper hex: no cycle), then reversed */
	for (int h = idx; n < max; h = canon_prev(p, q, cost, h, start_zoc)) {
		out[n++] = h;
		if (h == q->start)
			break;
	}
	if (n == 0 || out[n - 1] != q->start)
		return -1; /* max too small */
	for (int i = 0, j = n - 1; i < j; i++, j--) {
		int t = out[i];
		out[i] = out[j];
		out[j] = t;
	}
	return n;
}
