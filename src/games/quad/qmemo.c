/* qmemo: the movement-search memo (qmemo.h). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "qbattle.h"
#include "qmemo.h"

#define Q_MEMO_RUNS 8
/* the rules state's head as the entries read it (q_entries_recall): all of it before the
 * pending decisions but layer_next and st->moving, which every move changes */
#define Q_ENT_HEAD (offsetof(struct q_state, layer_next) + \
		    (offsetof(struct q_state, moving) - offsetof(struct q_state, vp)) + \
		    (offsetof(struct q_state, pend) - offsetof(struct q_state, npend)))
#define Q_ENT_BLOCK 8 /* units compared at once */
#define Q_MV_DIRTY 16
/* The free-field reach cache (q_reach, ff_find): searches of allowance below FF_AMAX, in a
 * pool of FF_POOL words that is emptied when full. */
#define FF_AMAX 32
#define FF_POOL ((size_t)1 << 19)

struct q_memo_ent {
	int32_t len;      /* hexes reached, or -1: nothing remembered */
	int16_t start;
	uint8_t allowance;
	uint8_t zocless;  /* searched without zones of control ([13.0]-style exemptions) */
	const uint8_t *step; /* the step table searched with; NULL: the copy in steps */
};

/* A position as the memo's kept decisions key it: the rules state's bytes before the derived
 * occupancy index (Q_PEND_KEY of them) and the game's options. Of those bytes pos_is and pos_set
 * read two runs (struct q_memo's pos_end): the head to the end of the bytes of bs the battle
 * uses, and the pending decisions to the last unit of the scenario; the others (the rest of
 * bs, the unit states past the scenario's units) are zero in every position (q_setup_game
 * zeroes the state and nothing writes them; Q_OCC_VERIFY checks), so equal runs mean equal
 * bytes. */
struct pos_key {
	uint32_t opt;
	unsigned char *st; /* [Q_PEND_KEY], its runs at their offsets in the state */
};

struct q_memo {
	const struct q_scn *scn; /* the scenario it is bound to */
	const struct scenario *sc; /* (its rules' scenario, whose data scn is: memo_of compares
				    * it, one load fewer than scn a call) */
	int n, nunits;
	bool snap;               /* zoc and blocked hold the inputs of the remembered searches */
	uint32_t snap_gen;       /* zoc and blocked equal prep_zoc and prep_blocked of this
				  * generation (0: not known) */
	uint8_t *zoc, *blocked;  /* [n] */
	struct q_memo_ent *e;    /* [nunits] */
	int32_t *order;          /* [nunits * n] */
	int32_t *prev;           /* [nunits * n]: the search's prev, for the hexes reached */
	uint8_t *steps;          /* [nunits * n * 6]: a unit's patched step table, when it had one */
	/* q_search_prepare's last maps and what they were computed from (q_prep_recall): side, and
	 * per unit its map index and disruption (prep_key); prep_side -1 when none is kept, or
	 * always when the battle's hooks make the maps depend on more */
	int prep_side;
	/* prep_plain: the maps depend on the units' bytes alone (prep_plain) in every game;
	 * prep_plain_in: they do in a game whose exerts_zoc_static_in says so */
	bool prep_plain, prep_plain_in;
	uint32_t prep_opt;       /* the game's options when the maps were kept: whether the key is
				  * hook_key's may depend on them (exerts_zoc_static_in) */
	uint32_t prep_gen;       /* q_prep_gen: incremented by q_prep_keep (never 0 after it) */
	uint16_t *prep_key;      /* [nku[prep_side]] key_of each unit of ku[prep_side]; with
				  * the battle's hooks, prep_nkey entries made by hook_key */
	uint16_t *hkey;          /* [nunits]: hook_key's last key (q_prep_recall, q_prep_keep) */
	int prep_nkey, hkey_n, hkey_side; /* hkey_n -1: no key waiting for q_prep_keep */
	/* with the battle's hooks: the position at which the kept maps were last made or found
	 * to hold (prep_pos_ok), so that at the same position (a move sampled, then applied)
	 * q_prep_recall needs no hook_key: the hooks read the position and the options alone */
	struct pos_key prep_pos;
	bool prep_pos_ok;
	int16_t foe[2][Q_UNITS_MAX]; /* the units not of side 0, of side 1, in unit order */
	int nfoe[2];
	/* foe[side] as runs of consecutive unit numbers: run k is units run[side][k][0] to
	 * run[side][k][1] - 1; nrun[side] 0 when they take more than Q_MEMO_RUNS runs */
	int16_t run[2][Q_MEMO_RUNS][2];
	int nrun[2];
	/* the units whose states the maps for side read (q_search_prepare): foe[side] and, with
	 * the battle's closed_static hook, side's own units with one of its closed_tags; in unit
	 * order, and as runs (krun, nkrun as run and nrun) */
	int16_t ku[2][Q_UNITS_MAX];
	int nku[2];
	int16_t krun[2][Q_MEMO_RUNS][2];
	int nkrun[2];
	/* without the battle's hooks: the unit states (struct q_ust, bytes) of ku[prep_side]'s
	 * runs when the maps were kept or last recalled; equal bytes mean an equal key (key_of
	 * reads them alone), so q_prep_recall compares them first, a few wide compares */
	struct q_ust *prep_ust;  /* [nunits] */
	uint8_t *prep_zoc, *prep_blocked; /* [n] */
	uint8_t *los_nh;         /* [n * n] LOSF_NOHOOK lines: bits 0-1 without LOSF_RAVINES,
				  * 2-3 with (0 unknown, 1 clear, 2 blocked), 4-5 whether hex_line
				  * succeeds (q_line_ok_*); NULL unless the battle's los_hex hook
				  * is absent or static */
	struct hex_lines lines;  /* every line up to Q_LINES_DIST, traced once (q_line_trace) */
	bool have_lines;         /* false: memory was short, lines are traced each time */
	uint8_t *los;            /* [n * n] q_los(from, to): 0 unknown, 1 clear, 2 blocked; NULL
				  * when the battle has a line-of-sight hook (it may read the state) */
	/* the last pending decision's options (q_pend_recall): pend_n of them in pend_acts, listed
	 * for the position pend; pend_n -1 when none is kept */
	int pend_n;
	struct pos_key pend;
	struct action *pend_acts; /* [Q_PEND_KEEP] */
	/* the last Melee Phase position the sampler drew the end in (q_endok_recall); endok_on
	 * when kept */
	bool endok_on;
	struct pos_key endok;
	/* the plan of the last action a sampler drew (q_plan_recall): for the action plan_act in
	 * the position plan_pos, plan_n bytes in plan (0: none) */
	size_t plan_n;
	struct pos_key plan_pos;
	struct action plan_act;
	unsigned char plan[Q_PLAN_MAX];
	/* the Movement Phase sampler's facts (q_movers_begin): for each unit of side mv_side
	 * (mv_side -1: none kept), how many hexes other than its own it may be drawn to
	 * (mv_cand, by its place in sideu[mv_side]), kept with its state bytes (mv_ust) and
	 * st->moving (mv_moving); a fact is ok (mv_ok) until the unit's search e[u] is made again,
	 * which lists it in mv_dirty (or sets mv_all when the list is full or every entry is
	 * dropped), so that an ok fact with hexes always describes e[u]'s */
	int mv_side, mv_moving, mv_ndirty, mv_turn; /* mv_turn: the Game-Turn of the facts */
	/* mv_epoch: counts q_movers_begin's calls (never 0); ent_epoch == mv_epoch when the kept
	 * entries are known to hold for the phasing side's unit states in mv_ust (q_movers_begin
	 * found no change the entries read), so that q_entries_recall need not compare them */
	uint32_t mv_epoch, ent_epoch;
	bool mv_all;
	struct q_ust *mv_ust;    /* [nunits] */
	int16_t *mv_cand;        /* [nunits] */
	int16_t *mv_pos;         /* [nunits]: u's place in sideu of its side */
	uint8_t *mv_ok;          /* [nunits] */
	uint64_t mv_top[(Q_UNITS_MAX + 63) / 64]; /* [5.37] may be put on top (q_mover_topbits),
						   * by place in sideu[mv_side] */
	uint32_t mv_total;       /* the sum of mv_cand over the side (q_movers_total) */
	uint32_t mv_blk[(Q_UNITS_MAX + Q_MV_BLK - 1) / Q_MV_BLK]; /* the sums of mv_cand by
						   * Q_MV_BLK places (q_movers_blocks) */
	int16_t mv_dirty[Q_MV_DIRTY];
	/* the reinforcements' entries (q_entries_recall): ent_n (unit, map index) pairs in
	 * ent_list, listed for the head bytes ent_head (the runs ent_run), the unit
	 * states ent_ust, the maps
	 * of generation ent_gen and the options ent_opt; ent_n -1 when none are kept. ent_watch
	 * marks the hexes whose stacks they read (qmemo.h), ent_reinf the reinforcements */
	int ent_n;
	size_t ent_bs_end;       /* where the battle's bytes of bs end (q_battle.bs_used) */
	size_t pos_end;          /* where the scenario's unit states end (struct pos_key) */
	uint32_t ent_opt, ent_gen; /* ent_gen: q_prep_gen of ent_maps when known, else 0 */
	uint8_t *ent_maps;       /* [2 n]: the enemy's zones of control, then the blocked hexes */
	unsigned char ent_head[Q_ENT_HEAD];
	struct q_ust *ent_ust;   /* [nunits] */
	int16_t *ent_list;       /* [2 * Q_ENT_KEEP] */
	uint8_t *ent_watch;      /* [n] */
	uint8_t *ent_reinf;      /* [nunits] */
	/* The free-field reach cache. Without the battle's movement hooks a search reads the
	 * position only through the enemy's zones of control and the blocked hexes; a search that
	 * meets neither (no hex it reaches is controlled or blocked) is the same search as on an
	 * empty field, a function of its movement class, start and allowance alone, which units
	 * ask again and again over a study. ff_slot[(class * n + start) * FF_AMAX + allowance]
	 * is 1 + the offset in ff_pool of such a search (0: none): a word len | wlo << 16 |
	 * nwin << 32, then nwin words of its hexes as bits (words wlo.. of a map-sized bit set),
	 * then len uint16 hexes in search order and len uint16 prevs (ff_hw words) (ff_find,
	 * ff_keep). The window comes first so that ff_find's test reads the word it has just
	 * read and the few after it, mostly one cache line: a lookup's misses are most of the
	 * time q_reach takes (perf, fiftieth session). zb is the
	 * snapshot's maps as bits, made with it (nw words). ff_slot NULL: no cache (a map of
	 * more than 65 535 hexes). 1 000 random Balaclava games fill 2.8 MB of the 4 MB pool.
	 * ff_bits (nw words, all zero between two ff_keep) is where ff_keep sets a search's bits
	 * before it copies their window. */
	uint64_t *zb, *ff_bits;
	int nw;
	uint32_t *ff_slot;
	uint64_t *ff_pool;
	size_t ff_used;
	unsigned long ff_hits;   /* searches taken from the cache (q_memo_ff_hits) */
	int route_hint;          /* q_reach_hint's place (0: none) */
	struct q_work *work;     /* the Movement Phase sampler's scratch (q_memo_work) */
	struct q_work *work2;    /* a move's scratch (q_memo_work_take), lent when not busy */
	bool work_busy;
};

#define Q_PEND_KEY offsetof(struct q_state, occ_head)

/* Is g the position k was set to (pos_set)? m: the memo k is part of. */
static inline bool pos_is(const struct q_memo *m, const struct pos_key *k, const struct game *g)
{
	const size_t pend = offsetof(struct q_state, pend);
#ifdef Q_OCC_VERIFY /* debug builds: the bytes left out are zero */
	for (size_t i = m->ent_bs_end; i < pend; i++)
		if (g->st[i])
			abort();
	for (size_t i = m->pos_end; i < Q_PEND_KEY; i++)
		if (g->st[i])
			abort();
#endif
	return k->opt == g->options && !memcmp(k->st, g->st, m->ent_bs_end) &&
	       !memcmp(k->st + pend, g->st + pend, m->pos_end - pend);
}

static inline void pos_set(const struct q_memo *m, struct pos_key *k, const struct game *g)
{
	const size_t pend = offsetof(struct q_state, pend);
	memcpy(k->st, g->st, m->ent_bs_end);
	memcpy(k->st + pend, g->st + pend, m->pos_end - pend);
	k->opt = g->options;
}

/* Units list[n] (in unit order) as runs of consecutive unit numbers: run k is units
 * run[k][0] to run[k][1] - 1. Returns their count, 0 when they take more than Q_MEMO_RUNS. */
static int runs_of(const int16_t *list, int n, int16_t run[][2])
{
	int nr = 0;
	for (int k = 0; k < n; k++) {
		int u = list[k];
		if (nr > 0 && run[nr - 1][1] == u)
			run[nr - 1][1] = (int16_t)(u + 1);
		else if (nr == Q_MEMO_RUNS)
			return 0; /* too scattered: compare keys only */
		else {
			run[nr][0] = (int16_t)u;
			run[nr++][1] = (int16_t)(u + 1);
		}
	}
	return nr;
}

void *q_memo_new(const struct scenario *sc)
{
	const struct q_scn *s = sc->data;
	size_t n = (size_t)s->map.n, nu = (size_t)s->nunits;
	struct q_memo *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->scn = s;
	m->sc = sc;
	m->n = s->map.n;
	m->nunits = s->nunits;
	m->zoc = malloc(n);
	m->blocked = malloc(n);
	m->e = malloc(nu * sizeof *m->e);
	m->order = malloc(nu * n * sizeof *m->order);
	m->prev = malloc(nu * n * sizeof *m->prev);
	m->steps = malloc(nu * n * 6);
	m->prep_side = -1;
	const struct q_battle *b = s->ops;
	bool cl = !b || !b->closed || b->closed_static;
	m->prep_plain = cl && (!b || !b->exerts_zoc || b->exerts_zoc_static);
	m->prep_plain_in = cl && !m->prep_plain && b->exerts_zoc_static_in;
	uint32_t ctags = s->ops && s->ops->closed && s->ops->closed_static ? s->ops->closed_tags : 0;
	for (int u = 0; u < s->nunits; u++)
		for (int side = 0; side < 2; side++) {
			if (s->u[u].side != side)
				m->foe[side][m->nfoe[side]++] = (int16_t)u;
			if (s->u[u].side != side || (s->u[u].tags & ctags))
				m->ku[side][m->nku[side]++] = (int16_t)u;
		}
	for (int side = 0; side < 2; side++) {
		m->nrun[side] = runs_of(m->foe[side], m->nfoe[side], m->run[side]);
		m->nkrun[side] = runs_of(m->ku[side], m->nku[side], m->krun[side]);
	}
	m->prep_ust = malloc(nu * sizeof *m->prep_ust + 1);
	m->prep_key = malloc(nu * sizeof *m->prep_key + 1);
	m->hkey = malloc(nu * sizeof *m->hkey + 1);
	m->hkey_n = -1;
	m->prep_zoc = malloc(n);
	m->prep_blocked = malloc(n);
	m->pend_n = -1;
	m->pend.st = malloc(Q_PEND_KEY);
	m->endok.st = malloc(Q_PEND_KEY);
	m->plan_pos.st = malloc(Q_PEND_KEY);
	m->prep_pos.st = malloc(Q_PEND_KEY);
	m->plan_n = 0;
	m->pend_acts = malloc(Q_PEND_KEEP * sizeof *m->pend_acts);
	m->mv_side = -1;
	m->mv_epoch = 1;
	m->mv_ust = calloc(nu + 1, sizeof *m->mv_ust);
	m->mv_cand = calloc(nu + 1, sizeof *m->mv_cand);
	m->mv_pos = calloc(nu + 1, sizeof *m->mv_pos);
	m->mv_ok = calloc(nu + 1, 1);
	m->nw = (int)((n + 63) / 64);
	m->zb = calloc((size_t)m->nw, sizeof *m->zb);
	m->ff_bits = calloc((size_t)m->nw, sizeof *m->ff_bits);
	if (n <= 0xFFFF) { /* (pages never asked for stay untouched) */
		m->ff_slot = calloc((size_t)Q_NMOVE * n * FF_AMAX, sizeof *m->ff_slot);
		m->ff_pool = malloc(FF_POOL * sizeof *m->ff_pool);
		if (!m->ff_slot || !m->ff_pool) { /* run without the cache */
			free(m->ff_slot);
			free(m->ff_pool);
			m->ff_slot = NULL;
			m->ff_pool = NULL;
		}
	}
	m->have_lines = hex_lines_init(&m->lines, Q_LINES_DIST) == 0; /* else slower, the same */
	m->work = malloc(sizeof *m->work);
	m->work2 = malloc(sizeof *m->work2);
	if (m->work)
		m->work->prep_gen = 0; /* its maps: none yet */
	if (m->work2)
		m->work2->prep_gen = 0;
	m->ent_n = -1;
	m->ent_bs_end = s->ops && s->ops->bs_used ? offsetof(struct q_state, bs) + s->ops->bs_used
						  : offsetof(struct q_state, pend);
	m->pos_end = offsetof(struct q_state, u) + nu * sizeof(struct q_ust);
	m->ent_ust = calloc(nu + 1, sizeof *m->ent_ust);
	m->ent_list = malloc(2 * Q_ENT_KEEP * sizeof *m->ent_list);
	m->ent_watch = calloc(n + 1, 1);
	m->ent_maps = malloc(2 * n + 1);
	m->ent_reinf = calloc(nu + 1, 1);
	for (int u = 0; m->ent_reinf && u < s->nunits; u++)
		m->ent_reinf[u] = s->u[u].enter_turn != 0;
	if (m->mv_pos)
		for (int side = 0; side < 2; side++)
			for (int k = 0; k < s->nsideu[side]; k++)
				m->mv_pos[s->sideu[side][k]] = (int16_t)k;
	/* whole lines of sight depend on the map alone without the battle's hooks; lines traced
	 * without the los hook, when the per-hex hook is absent or reads the map only */
	bool los_map = !s->ops || (!s->ops->los && !s->ops->los_hex);
	bool nh_map = !los_map && (!s->ops->los_hex || s->ops->los_hex_static);
	if (los_map)
		m->los = calloc(n * n, 1); /* (touched only where asked: pages stay unused) */
	if (nh_map)
		m->los_nh = calloc(n * n, 1);
	if (!m->zoc || !m->blocked || !m->e || !m->order || !m->prev || !m->steps || !m->prep_key ||
	    !m->prep_ust ||
	    !m->hkey || !m->prep_zoc || !m->prep_blocked || !m->pend.st || !m->endok.st || !m->plan_pos.st || !m->prep_pos.st || !m->pend_acts || !m->mv_ust ||
	    !m->mv_cand || !m->mv_pos || !m->mv_ok || !m->ent_ust || !m->ent_list ||
	    !m->ent_watch || !m->ent_reinf || !m->ent_maps || !m->work || !m->work2 || !m->zb || !m->ff_bits ||
	    (los_map && !m->los) || (nh_map && !m->los_nh)) {
		q_memo_free(m);
		return NULL;
	}
	for (size_t u = 0; u < nu; u++)
		m->e[u].len = -1;
	return m;
}

void q_memo_free(void *memo)
{
	struct q_memo *m = memo;
	if (!m)
		return;
	free(m->zoc);
	free(m->blocked);
	free(m->e);
	free(m->order);
	free(m->prev);
	free(m->steps);
	free(m->los);
	free(m->los_nh);
	if (m->have_lines)
		hex_lines_free(&m->lines);
	free(m->prep_key);
	free(m->prep_ust);
	free(m->hkey);
	free(m->prep_zoc);
	free(m->prep_blocked);
	free(m->pend.st);
	free(m->endok.st);
	free(m->plan_pos.st);
	free(m->prep_pos.st);
	free(m->pend_acts);
	free(m->mv_ust);
	free(m->mv_cand);
	free(m->mv_pos);
	free(m->mv_ok);
	free(m->ent_ust);
	free(m->ent_list);
	free(m->ent_watch);
	free(m->ent_maps);
	free(m->zb);
	free(m->ff_bits);
	free(m->ff_slot);
	free(m->ff_pool);
	free(m->work);
	free(m->work2);
	free(m->ent_reinf);
	free(m);
}

static struct q_memo *memo_of(const struct game *g)
{
	struct q_memo *m = g->memo;
	return m && m->sc == g->scn ? m : NULL;
}

bool q_memo_on(const struct game *g)
{
	return memo_of(g) != NULL;
}

/* Bytes p[0..8) as a word, p[k] in bits 8k..8k+7 (one load where the machine is
 * little-endian). */
static inline uint64_t bytes8(const uint8_t *p)
{
	uint64_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(&x, p, sizeof x);
#else
	for (int k = 0; k < 8; k++)
		x |= (uint64_t)p[k] << (8 * k);
#endif
	return x;
}

/* The snapshot's maps as bits (struct q_memo's zb): bit i set when hex i is controlled or
 * blocked. Eight hexes at a time: a byte's high bit set when the byte is not 0, then the
 * eight high bits gathered by one multiply (byte k to bit k). */
static void snap_bits(struct q_memo *m)
{
	const uint64_t lo7 = 0x7F7F7F7F7F7F7F7Full, hi = 0x8080808080808080ull;
	int i = 0;
	memset(m->zb, 0, (size_t)m->nw * sizeof *m->zb);
	for (; i + 8 <= m->n; i += 8) {
		uint64_t x = bytes8(m->zoc + i) | bytes8(m->blocked + i);
		x = (((x & lo7) + lo7) | x) & hi;
		m->zb[i / 64] |= ((x >> 7) * 0x0102040810204080ull >> 56) << (i % 64);
	}
	for (; i < m->n; i++)
		if (m->zoc[i] | m->blocked[i])
			m->zb[i / 64] |= (uint64_t)1 << (i % 64);
}

/* q_reach_begin when w's maps are not known to be the snapshot's by their generation (out of
 * line, so that the common case costs no stack frame): compares them, or takes them as the new
 * snapshot. gen_now: w's maps are the memo's prep maps of generation prep_gen. */
__attribute__((noinline)) static void reach_begin_maps(struct q_memo *m, const struct q_work *w,
							bool gen_now)
{
	size_t n = (size_t)m->n;
	if (m->snap && !memcmp(m->zoc, w->zoc, n) && !memcmp(m->blocked, w->blocked, n)) {
		m->snap_gen = gen_now ? w->prep_gen : 0;
		return;
	}
	memcpy(m->zoc, w->zoc, n);
	memcpy(m->blocked, w->blocked, n);
	snap_bits(m);
	m->snap = true;
	m->snap_gen = gen_now ? w->prep_gen : 0;
	for (int u = 0; u < m->nunits; u++)
		m->e[u].len = -1;
	m->mv_all = true; /* every sampler fact described an entry just dropped */
}

void q_reach_begin(const struct game *g, const struct q_work *w)
{
	struct q_memo *m = memo_of(g);
	if (!m)
		return;
	/* w's maps are the memo's prep maps of generation prep_gen (q_search_prepare), still
	 * held; the snapshot was taken from them: the three are equal, no need to compare */
	bool gen_now = w->prep_gen != 0 && w->prep_gen == m->prep_gen;
	if (m->snap && gen_now && m->snap_gen == w->prep_gen) {
#ifdef Q_OCC_VERIFY /* debug builds: the shortcut must agree with the comparison */
		if (memcmp(m->zoc, w->zoc, (size_t)m->n) || memcmp(m->blocked, w->blocked, (size_t)m->n))
			abort();
#endif
		return;
	}
	reach_begin_maps(m, w, gen_now);
}

/* The maps depend on the enemy's positions and disruptions alone unless the battle has a hook that
 * decides from the position who exerts a ZOC (one that reads the unit's definition alone,
 * q_battle.exerts_zoc_static, adds nothing to the key) or which hexes are closed (one that
 * closes a hex to everyone by the tags of the units there, q_battle.closed_static, adds the
 * tagged units' positions: m->ku), or one static in this game (exerts_zoc_static_in).
 * (The scenario's part worked out once, q_memo_new: m->prep_plain, prep_plain_in.) */
static inline bool prep_plain(const struct q_memo *m, const struct game *g)
{
	return m->prep_plain || (m->prep_plain_in && q_scn(g)->ops->exerts_zoc_static_in(g));
}

/* Without those hooks only the enemy's units and the tagged ones count (q_zoc of the enemy
 * side, enemy_blocked): the key holds their map indices and disruptions (m->ku[side]). */
static uint16_t key_of(const struct q_state *st, int u)
{
	/* idx >= Q_ABSENT (-3) and < Q_NMAX: 12 bits after +4 */
	return (uint16_t)((st->u[u].idx + 4) | ((st->u[u].fl & QF_DISRUPTED) ? 0x8000 : 0));
}

/* With the battle's ZOC or closed-hex hooks, the key also holds their answers where q_zoc and
 * enemy_blocked ask them: for each enemy unit key_of, with 0x4000 when it is on the map,
 * undisrupted and exerts a ZOC; then, with a closed-hex hook, for each of side's own units
 * its map index + 4 when it stands in a hex closed to everyone (which blocks it), else 0
 * (with a closed_static hook instead key_of each own tagged unit, m->ku[side]). */
static int hook_key(const struct q_memo *m, const struct game *g, int side, uint16_t *key)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	bool ex = s->ops && s->ops->exerts_zoc, cl = s->ops && s->ops->closed && !s->ops->closed_static;
	int n = 0;
	for (int k = 0; k < s->nsideu[1 - side]; k++) {
		int u = s->sideu[1 - side][k];
		uint16_t v = key_of(st, u);
		if (ex && st->u[u].idx >= 0 && !(st->u[u].fl & QF_DISRUPTED) && q_battle_exerts_zoc(g, u))
			v |= 0x4000;
		key[n++] = v;
	}
	for (int k = 0; k < m->nku[side]; k++) /* (the tagged units of side, if any) */
		if (s->u[m->ku[side][k]].side == side)
			key[n++] = key_of(st, m->ku[side][k]);
	if (cl)
		for (int k = 0; k < s->nsideu[side]; k++) {
			int idx = st->u[s->sideu[side][k]].idx;
			key[n++] = (uint16_t)(idx >= 0 && q_battle_closed(g, -1, idx) ? idx + 4 : 0);
		}
	return n;
}

/* Are the unit states of ku[side] (side's foes and tagged units) byte for byte those kept in
 * prep_ust (for the key kept in prep_key)? false when not known (scattered units). */
static bool ust_same(const struct q_memo *m, const struct q_state *st, int side)
{
	if (!m->nkrun[side])
		return false;
	for (int k = 0; k < m->nkrun[side]; k++) {
		int lo = m->krun[side][k][0], hi = m->krun[side][k][1];
		if (memcmp(&st->u[lo], &m->prep_ust[lo], (size_t)(hi - lo) * sizeof st->u[0]))
			return false;
	}
	return true;
}

static void ust_keep(struct q_memo *m, const struct q_state *st, int side)
{
	for (int k = 0; k < m->nkrun[side]; k++) {
		int lo = m->krun[side][k][0], hi = m->krun[side][k][1];
		memcpy(&m->prep_ust[lo], &st->u[lo], (size_t)(hi - lo) * sizeof st->u[0]);
	}
}

bool q_prep_recall(const struct game *g, int side, uint8_t *zoc, uint8_t *blocked, uint32_t have)
{
	struct q_memo *m = memo_of(g);
	const struct q_state *st = q_cst(g);
	if (!m || m->prep_opt != g->options)
		return false;
	if (!prep_plain(m, g) && !(m->prep_pos_ok && m->prep_side == side && pos_is(m, &m->prep_pos, g))) {
		m->hkey_n = hook_key(m, g, side, m->hkey); /* (q_prep_keep keeps it on a miss) */
		m->hkey_side = side;
		if (m->prep_side != side || m->hkey_n != m->prep_nkey ||
		    memcmp(m->hkey, m->prep_key, (size_t)m->hkey_n * sizeof m->hkey[0]))
			return false;
		m->hkey_n = -1; /* a hit: nothing for q_prep_keep */
		pos_set(m, &m->prep_pos, g);
		m->prep_pos_ok = true;
	} else if (!prep_plain(m, g)) {
#ifdef Q_OCC_VERIFY /* debug builds: the same position must give the same key */
		uint16_t key[Q_UNITS_MAX]; /* (hook_key writes one entry a unit at most) */
		int nk = hook_key(m, g, side, key);
		if (nk != m->prep_nkey || memcmp(key, m->prep_key, (size_t)nk * sizeof *key))
			abort();
#endif
	} else {
		if (m->prep_side != side)
			return false;
		if (!ust_same(m, st, side)) {
			for (int k = 0; k < m->nku[side]; k++)
				if (key_of(st, m->ku[side][k]) != m->prep_key[k])
					return false;
			ust_keep(m, st, side); /* the same key: remember these bytes instead */
		}
#ifdef Q_OCC_VERIFY /* debug builds: equal bytes must mean an equal key */
		for (int k = 0; k < m->nku[side]; k++)
			if (key_of(st, m->ku[side][k]) != m->prep_key[k])
				abort();
#endif
	}
	if (have && have == m->prep_gen) { /* zoc and blocked hold them already */
#ifdef Q_OCC_VERIFY /* debug builds: they must */
		if (memcmp(zoc, m->prep_zoc, (size_t)m->n) || memcmp(blocked, m->prep_blocked, (size_t)m->n))
			abort();
#endif
		return true;
	}
	memcpy(zoc, m->prep_zoc, (size_t)m->n);
	memcpy(blocked, m->prep_blocked, (size_t)m->n);
	return true;
}

struct q_work *q_memo_work(const struct game *g)
{
	struct q_memo *m = memo_of(g);
	return m ? m->work : NULL;
}

struct q_work *q_memo_work_take(const struct game *g)
{
	struct q_memo *m = memo_of(g);
	if (!m || m->work_busy)
		return NULL;
	m->work_busy = true;
	return m->work2;
}

void q_memo_work_give(const struct game *g, struct q_work *w)
{
	struct q_memo *m = memo_of(g);
	if (m && w == m->work2)
		m->work_busy = false;
}

void q_prep_keep(const struct game *g, int side, const uint8_t *zoc, const uint8_t *blocked)
{
	struct q_memo *m = memo_of(g);
	if (!m)
		return;
	if (!prep_plain(m, g)) {
		/* the key q_search_prepare's q_prep_recall just made for this position and side
		 * (nothing changes the game between the two), or made afresh */
		if (m->hkey_n >= 0 && m->hkey_side == side) {
			memcpy(m->prep_key, m->hkey, (size_t)m->hkey_n * sizeof m->hkey[0]);
			m->prep_nkey = m->hkey_n;
		} else {
			m->prep_nkey = hook_key(m, g, side, m->prep_key);
		}
		m->hkey_n = -1;
		pos_set(m, &m->prep_pos, g);
		m->prep_pos_ok = true;
	} else {
		for (int k = 0; k < m->nku[side]; k++)
			m->prep_key[k] = key_of(q_cst(g), m->ku[side][k]);
		ust_keep(m, q_cst(g), side);
	}
	memcpy(m->prep_zoc, zoc, (size_t)m->n);
	memcpy(m->prep_blocked, blocked, (size_t)m->n);
	m->prep_side = side;
	m->prep_opt = g->options;
	if (++m->prep_gen == 0) /* (wrapped: 0 means none) */
		m->prep_gen = 1;
}

int q_pend_recall(const struct game *g, struct action *out, int max)
{
	struct q_memo *m = memo_of(g);
	if (!m || m->pend_n < 0 || !pos_is(m, &m->pend, g))
		return -1;
	memcpy(out, m->pend_acts, (size_t)(m->pend_n < max ? m->pend_n : max) * sizeof *out);
	return m->pend_n;
}

void q_pend_keep(const struct game *g, const struct action *acts, int n)
{
	struct q_memo *m = memo_of(g);
	if (!m)
		return;
	if (n < 0 || n > Q_PEND_KEEP) {
		m->pend_n = -1;
		return;
	}
	pos_set(m, &m->pend, g);
	memcpy(m->pend_acts, acts, (size_t)n * sizeof *acts);
	m->pend_n = n;
}

bool q_endok_recall(const struct game *g)
{
	struct q_memo *m = memo_of(g);
	return m && m->endok_on && pos_is(m, &m->endok, g);
}

void q_endok_keep(const struct game *g)
{
	struct q_memo *m = memo_of(g);
	if (!m)
		return;
	pos_set(m, &m->endok, g);
	m->endok_on = true;
}

bool q_plan_recall(const struct game *g, const struct action *a, void *plan, size_t n)
{
	struct q_memo *m = memo_of(g);
	if (!m || m->plan_n != n || !action_same(a, &m->plan_act) || !pos_is(m, &m->plan_pos, g))
		return false;
	memcpy(plan, m->plan, n);
	return true;
}

void q_plan_keep(const struct game *g, const struct action *a, const void *plan, size_t n)
{
	struct q_memo *m = memo_of(g);
	if (!m)
		return;
	m->plan_n = 0;
	if (n == 0 || n > Q_PLAN_MAX || a->n < 0 || a->n > ACTION_ARGS)
		return;
	pos_set(m, &m->plan_pos, g);
	memcpy(m->plan, plan, n);
	m->plan_act = *a;
	m->plan_n = n;
}

uint32_t q_prep_gen(const struct game *g)
{
	struct q_memo *m = memo_of(g);
	return m ? m->prep_gen : 0;
}

int q_line_trace(const struct game *g, int ha, int hb, struct line_step *out, int max)
{
	struct q_memo *m = memo_of(g);
	return m && m->have_lines ? hex_lines_trace(&m->lines, ha, hb, out, max) : hex_line(ha, hb, out, max);
}

int q_los_nohook_recall(const struct game *g, int from, int to, int flags)
{
	struct q_memo *m = memo_of(g);
	int sh = (flags & LOSF_RAVINES) ? 2 : 0, c;
	if (!m || !m->los_nh || (flags & ~(LOSF_NOHOOK | LOSF_RAVINES)) || !(flags & LOSF_NOHOOK))
		return -1;
	c = (m->los_nh[(size_t)from * (size_t)m->n + (size_t)to] >> sh) & 3;
	return c == 0 ? -1 : c == 1;
}

void q_los_nohook_keep(const struct game *g, int from, int to, int flags, bool clear)
{
	struct q_memo *m = memo_of(g);
	int sh = (flags & LOSF_RAVINES) ? 2 : 0;
	if (!m || !m->los_nh || (flags & ~(LOSF_NOHOOK | LOSF_RAVINES)) || !(flags & LOSF_NOHOOK))
		return;
	m->los_nh[(size_t)from * (size_t)m->n + (size_t)to] |= (uint8_t)((clear ? 1 : 2) << sh);
}

int q_line_ok_recall(const struct game *g, int from, int to)
{
	struct q_memo *m = memo_of(g);
	int c;
	if (!m || !m->los_nh)
		return -1;
	c = (m->los_nh[(size_t)from * (size_t)m->n + (size_t)to] >> 4) & 3;
	return c == 0 ? -1 : c == 1;
}

void q_line_ok_keep(const struct game *g, int from, int to, bool ok)
{
	struct q_memo *m = memo_of(g);
	if (m && m->los_nh)
		m->los_nh[(size_t)from * (size_t)m->n + (size_t)to] |= (uint8_t)((ok ? 1 : 2) << 4);
}

bool q_los_quick(const struct game *g, int from, int to)
{
	struct q_memo *m = memo_of(g);
	uint8_t *c;
	if (!m || !m->los)
		return q_los(g, from, to, NULL, 0);
	c = &m->los[(size_t)from * (size_t)m->n + (size_t)to];
	if (!*c)
		*c = q_los(g, from, to, NULL, 0) ? 1 : 2;
	return *c == 1;
}

/* u's search query: step table, zones of control, start and allowance (w's maps). Returns
 * the movement class whose unpatched table q->step is when it knows it (without the
 * battle's movement hooks), else -1. */
static int reach_query(const struct game *g, int u, struct q_work *w, struct path_query *q)
{
	const struct q_scn *s = q_scn(g);
	const struct q_ust *us = &q_cst(g)->u[u];

	q->blocked = w->blocked;
	q->start = us->idx;
	if (q_battle_std_moves(s->ops)) {
		/* q_battle_steps and q_mp_left without the battle's hooks; the ignores_zoc hook
		 * asked direct */
		bool dis = (us->fl & QF_DISRUPTED) != 0;
		int left = q_ma_std(s->u[u].ma, s->u[u].type, dis) * 2 - us->mp;
		int mc = q_mclass(s->u[u].type, dis);
		q->step = s->step[mc];
		q->zoc = s->ops && s->ops->ignores_zoc && s->ops->ignores_zoc(g, u) ? NULL : w->zoc;
		q->allowance = left > 0 ? left : 0;
		return mc;
	}
	q->step = q_battle_steps(g, u, w->steps);
	q->zoc = q_battle_ignores_zoc(g, u) ? NULL : w->zoc;
	q->allowance = q_mp_left(g, u);
	return -1;
}

/* The cache's slot of class mc's free-field search for q (struct q_memo's ff_slot); the cache
 * must be on and q's allowance below FF_AMAX. */
static inline uint32_t *ff_slot_of(const struct q_memo *m, int mc, const struct path_query *q)
{
	return &m->ff_slot[((size_t)mc * (size_t)m->n + (size_t)q->start) * FF_AMAX + (size_t)q->allowance];
}

/* The words a kept search's hexes and prevs take in the pool (len uint16 of each). */
static inline size_t ff_hw(int len)
{
	return ((size_t)len * 4 + 7) / 8;
}

/* The free-field search of class mc for q (struct q_memo's ff_slot) when the snapshot's
 * maps do not touch it, else NULL. Such a search is the search q itself would make: it
 * reads zoc[i] of each hex i it takes and blocked[j] of each hex j it gives a cost to, all
 * hexes it reaches; on an empty field each read gives 0, and with no bit of those hexes in
 * zb they give 0 on these maps too, so both searches take the same steps in the same order
 * (the same hexes, order and prevs; the least-step prune reads the class alone). */
static const uint64_t *ff_find(const struct q_memo *m, int mc, const struct path_query *q)
{
	if (!m->ff_slot || q->allowance >= FF_AMAX)
		return NULL;
	uint32_t off = *ff_slot_of(m, mc, q);
	if (!off)
		return NULL;
	const uint64_t *h = m->ff_pool + off - 1;
	int wlo = (int)(h[0] >> 16 & 0xFFFF), nwin = (int)(h[0] >> 32 & 0xFFFF);
	const uint64_t *win = h + 1;
	for (int k = 0; k < nwin; k++)
		if (win[k] & m->zb[wlo + k])
			return NULL;
	return h;
}

/* Writes the search h (ff_find) as path_search_prep would: its hexes into order, their prevs
 * into prev; returns its count. */
static int ff_take(const uint64_t *h, int32_t *order, int32_t *prev)
{
	int len = (int)(h[0] & 0xFFFF), nwin = (int)(h[0] >> 32 & 0xFFFF);
	const uint16_t *o = (const uint16_t *)(h + 1 + nwin), *pv = o + len;
	order[0] = o[0];
	prev[o[0]] = -1;
	for (int k = 1; k < len; k++) {
		order[k] = o[k];
		prev[o[k]] = pv[k];
	}
	return len;
}

/* Keeps the search just made for q (len hexes in order, prevs in prev) as class mc's free-field
 * search, when none is kept and it met neither zones of control nor blocked hexes (path_result's
 * met 0: every read of the maps gave what an empty field gives, ff_find). The hexes and prevs
 * are copied (past the room of the widest window, the map's nw words), and the hexes' bits set
 * in ff_bits, in one pass; the window (the words from the first to the last with a bit) is then
 * moved in after the header, leaving ff_bits clear again, and the hexes and prevs down after
 * it. */
static void ff_keep(struct q_memo *m, int mc, const struct path_query *q, const int32_t *order,
		    const int32_t *prev, int len)
{
	if (!m->ff_slot || q->allowance >= FF_AMAX)
		return;
	uint32_t *slot = ff_slot_of(m, mc, q);
	if (*slot)
		return;
	size_t hw = ff_hw(len);
	if (m->ff_used + 1 + hw + (size_t)m->nw > FF_POOL) { /* full: start again (rare: a study's working set fits) */
		memset(m->ff_slot, 0, (size_t)Q_NMOVE * (size_t)m->n * FF_AMAX * sizeof *m->ff_slot);
		m->ff_used = 0;
	}
	uint64_t *h = m->ff_pool + m->ff_used, *bits = m->ff_bits;
	uint16_t *o = (uint16_t *)(h + 1 + m->nw), *pv = o + len;
	o[0] = (uint16_t)order[0];
	pv[0] = 0;
	bits[(uint32_t)order[0] / 64] |= (uint64_t)1 << ((uint32_t)order[0] % 64);
	for (int k = 1; k < len; k++) {
		uint32_t i = (uint32_t)order[k]; /* (unsigned: / and % are shifts and masks) */
		o[k] = (uint16_t)i;
		pv[k] = (uint16_t)prev[i];
		bits[i / 64] |= (uint64_t)1 << (i % 64);
	}
	int wlo = 0, whi = m->nw - 1; /* (the start's word has a bit: both stop there at worst) */
	while (!bits[wlo])
		wlo++;
	while (!bits[whi])
		whi--;
	int nwin = whi - wlo + 1;
	uint64_t *win = h + 1;
	for (int k = 0; k < nwin; k++) { /* (a few words: no call) */
		win[k] = bits[wlo + k];
		bits[wlo + k] = 0;
	}
	memmove(h + 1 + nwin, o, hw * sizeof *h);
	h[0] = (uint64_t)len | (uint64_t)wlo << 16 | (uint64_t)nwin << 32;
	*slot = (uint32_t)(m->ff_used + 1);
	m->ff_used += 1 + hw + (size_t)nwin;
}

#ifdef Q_OCC_VERIFY
/* debug builds: a search taken from the cache must be the one q makes */
static void ff_verify(const struct path_query *q, const struct path_prep *pp, struct q_work *w,
		      const int32_t *order, const int32_t *prev, int len)
{
	struct path_result r = {NULL, w->prev, w->qhex, w->qnext, 0};
	if (path_search_prep(pp, q, &r, w->order) != len || memcmp(w->order, order, (size_t)len * sizeof *order))
		abort();
	for (int k = 0; k < len; k++)
		if (w->prev[order[k]] != prev[order[k]])
			abort();
}
#endif

int q_reach(const struct game *g, int u, struct q_work *w, const int32_t **order)
{
	const struct q_scn *s = q_scn(g);
	struct q_memo *m = memo_of(g);
	struct path_query q;

	int mc = reach_query(g, u, w, &q);
	if (!m || !m->snap) {
		struct path_result r = {w->cost, w->prev, w->qhex, w->qnext, 0};
		*order = w->order;
		return q_path_search(s, &q, &r, w->order);
	}
	/* the memo's answer first (asked ~15 times a decision, nearly always there): nothing
	 * else is set up before it is known to be missing */
	struct q_memo_ent *e = &m->e[u];
	bool patched = q.step == w->steps;
	size_t tab = (size_t)s->map.n * 6;
	uint8_t *copy = m->steps + (size_t)u * tab;
	int32_t *mine = m->order + (size_t)u * (size_t)m->n;
	if (e->len >= 0 && e->start == q.start && e->allowance == q.allowance &&
	    e->zocless == (q.zoc == NULL) &&
	    (patched ? e->step == NULL && !memcmp(copy, q.step, tab) : e->step == q.step)) {
		*order = mine;
		return e->len;
	}
	/* the search writes prev straight into u's row (for q_reach_route): it writes prev only
	 * for hexes it reaches, so the row's other entries (stale) are never followed; nothing
	 * reads the costs (w->cost is left alone where the search can skip them) */
	/* (with the class known, its packed table is the one q_path_search would find; with the
	 * battle's movement hooks an unpatched class table is found here the way it finds it,
	 * and mc becomes that class for the free-field cache) */
	const struct path_prep *pp = mc >= 0 && s->prep[mc].w ? &s->prep[mc] : NULL;
	for (int k = 0; k < Q_NMOVE && !pp; k++)
		if (q.step == s->step[k] && s->prep[k].w) {
			pp = &s->prep[k];
			mc = k;
		}
	struct path_result r = {pp ? NULL : w->cost, m->prev + (size_t)u * (size_t)m->n, w->qhex,
				w->qnext, 0};
	if (m->mv_ok[u]) { /* its sampler fact described the hexes about to be replaced */
		m->mv_ok[u] = 0;
		if (m->mv_ndirty < Q_MV_DIRTY)
			m->mv_dirty[m->mv_ndirty++] = (int16_t)u;
		else
			m->mv_all = true;
	}
	/* with a class's packed table (the maps are the snapshot's), the free-field cache first */
	const uint64_t *ff = pp ? ff_find(m, mc, &q) : NULL;
	if (ff) {
		m->ff_hits++;
		e->len = ff_take(ff, mine, r.prev);
#ifdef Q_OCC_VERIFY
		ff_verify(&q, pp, w, mine, r.prev, e->len);
#endif
	} else {
		e->len = pp ? path_search_prep(pp, &q, &r, mine) : q_path_search(s, &q, &r, mine);
		if (pp && !r.met)
			ff_keep(m, mc, &q, mine, r.prev, e->len);
	}
	e->start = (int16_t)q.start;
	e->allowance = (uint8_t)q.allowance;
	e->zocless = q.zoc == NULL;
	e->step = patched ? NULL : q.step;
	if (patched)
		memcpy(copy, q.step, tab);
	*order = mine;
	return e->len;
}

int q_reach_route(const struct game *g, int u, struct q_work *w, int dest, int *out, int max)
{
	const int32_t *order;
	int len = q_reach(g, u, w, &order), i;
	struct q_memo *m = memo_of(g);
	const int32_t *prev;

	if (!m || !m->snap) { /* the search just ran into w */
		struct path_result r = {w->cost, w->prev, w->qhex, w->qnext, 0};
		return path_route(&r, dest, out, max);
	}
	prev = m->prev + (size_t)u * (size_t)m->n;
	i = m->route_hint; /* (checked: the order holds exactly the hexes reached) */
	m->route_hint = 0;
	if (i <= 0 || i >= len || order[i] != dest)
		for (i = 0; i < len && order[i] != dest; i++)
			;
#ifdef Q_OCC_VERIFY /* debug builds: a hint taken is the scan's answer (each hex once) */
	for (int j = 0; j < len && j < i; j++)
		if (order[j] == dest)
			abort();
#endif
	return i == len ? -1 : path_route_prev(prev, dest, out, max); /* -1: not reached */
}

unsigned long q_memo_ff_hits(const void *memo)
{
	const struct q_memo *m = memo;
	return m ? m->ff_hits : 0;
}

void q_reach_hint(const struct game *g, int k)
{
	struct q_memo *m = memo_of(g);
	if (m)
		m->route_hint = k;
}

/* Whether two unit states differ in a byte: for the 10 bytes of a struct q_ust, one 8-byte and
 * one 2-byte compare inline instead of a call of memcmp. */
static inline bool ust_differ(const struct q_ust *a, const struct q_ust *b)
{
	if (sizeof *a != 10)
		return memcmp(a, b, sizeof *a) != 0;
	uint64_t x, y;
	uint16_t p, q;
	memcpy(&x, a, 8);
	memcpy(&y, b, 8);
	memcpy(&p, (const unsigned char *)a + 8, 2);
	memcpy(&q, (const unsigned char *)b + 8, 2);
	return x != y || p != q;
}

/* Adds to todo[*n] the units of runs lo..hi whose state bytes differ from mv_ust: compared in
 * blocks of 8 units first (one unit moves per decision). */
static void mv_diff(const struct q_memo *m, const struct q_state *st, int lo, int hi,
		    int16_t *todo, int *n)
{
	for (int b = lo; b < hi; b += 8) {
		int e = b + 8 < hi ? b + 8 : hi;
		if (!memcmp(&st->u[b], &m->mv_ust[b], (size_t)(e - b) * sizeof st->u[0]))
			continue;
		for (int u = b; u < e; u++)
			if (ust_differ(&st->u[u], &m->mv_ust[u]))
				todo[(*n)++] = (int16_t)u;
	}
}

static bool ent_unread(const struct q_memo *m, int v, const struct q_ust *was, const struct q_ust *now);

/* The next epoch of q_movers_begin (0 is skipped: ent_epoch 0 means none). */
static uint32_t mv_next(uint32_t e)
{
	return e + 1 ? e + 1 : 1;
}

int q_movers_begin(const struct game *g, int16_t *todo, bool *all)
{
	struct q_memo *m = memo_of(g);
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int p = st->phasing, n = 0, foe = 1 - p; /* the phasing side's units are foe[1 - p] */
	if (!m || !m->snap || !q_battle_unit_moves(s->ops))
		return -1;
	/* everything again, also when the Game-Turn changed under a static may_move hook (which
	 * may read it: Alma [20.1]) */
	if (m->mv_side != p || m->mv_all || !m->nrun[foe] ||
	    (m->mv_turn != st->turn && s->ops && s->ops->may_move)) {
		for (int k = 0; k < s->nsideu[p]; k++) {
			todo[n++] = s->sideu[p][k];
			m->mv_ok[s->sideu[p][k]] = 0;
		}
		memset(m->mv_top, 0, sizeof m->mv_top);
		memset(m->mv_cand, 0, (size_t)s->nsideu[p] * sizeof m->mv_cand[0]);
		m->mv_total = 0;
		memset(m->mv_blk, 0, sizeof m->mv_blk);
		m->mv_side = p;
		m->mv_turn = st->turn;
		m->mv_all = false;
		m->mv_ndirty = 0;
		m->mv_moving = st->moving;
		m->mv_epoch = mv_next(m->mv_epoch); /* (the entries, if kept, are compared) */
		*all = true;
		return n;
	}
	*all = false;
	/* units whose search was made again elsewhere, whose state changed, and the units that
	 * stopped or started being the unit in mid-move ([5.18]); a unit twice costs time only */
	for (int k = 0; k < m->mv_ndirty; k++)
		if (s->u[m->mv_dirty[k]].side == p)
			todo[n++] = m->mv_dirty[k];
	m->mv_ndirty = 0;
	for (int k = 0; k < m->nrun[foe]; k++)
		mv_diff(m, st, m->run[foe][k][0], m->run[foe][k][1], todo, &n);
	if (m->mv_moving != st->moving) {
		if (m->mv_moving >= 0 && s->u[m->mv_moving].side == p)
			todo[n++] = (int16_t)m->mv_moving;
		if (st->moving >= 0 && s->u[st->moving].side == p)
			todo[n++] = st->moving;
		m->mv_moving = st->moving;
	}
	/* the entries known for the kept states hold for these too when no change is one they
	 * read (mv_ust still holds the kept states of todo) */
	bool ent_ok = m->ent_epoch == m->mv_epoch;
	for (int k = 0; k < n; k++) {
		m->mv_ok[todo[k]] = 0;
		ent_ok = ent_ok && ent_unread(m, todo[k], &m->mv_ust[todo[k]], &st->u[todo[k]]);
	}
	m->mv_epoch = mv_next(m->mv_epoch);
	if (ent_ok)
		m->ent_epoch = m->mv_epoch;
	return n;
}

int q_mover_keep(const struct game *g, int u, int cand)
{
	struct q_memo *m = memo_of(g);
	if (!m)
		return -1;
	int was = m->mv_ust[u].idx;
	memcpy(&m->mv_ust[u], &q_cst(g)->u[u], sizeof m->mv_ust[u]);
	m->mv_total += (uint32_t)cand - (uint32_t)m->mv_cand[m->mv_pos[u]]; /* (modulo 2^32) */
	m->mv_blk[m->mv_pos[u] / Q_MV_BLK] += (uint32_t)cand - (uint32_t)m->mv_cand[m->mv_pos[u]];
	m->mv_cand[m->mv_pos[u]] = (int16_t)cand;
	m->mv_ok[u] = 1;
#ifdef Q_OCC_VERIFY /* debug builds: a fact with hexes must be u's search, of this position */
	if (cand > 0 && m->e[u].len != cand + 1)
		abort();
#endif
	return was;
}

uint64_t *q_mover_topbits_w(const struct game *g)
{
	return memo_of(g)->mv_top;
}

const int16_t *q_mover_pos(const struct game *g)
{
	return memo_of(g)->mv_pos;
}

const uint64_t *q_mover_topbits(const struct game *g)
{
	return memo_of(g)->mv_top;
}

uint32_t q_movers_total(const struct game *g)
{
	return memo_of(g)->mv_total;
}

const uint32_t *q_movers_blocks(const struct game *g)
{
	return memo_of(g)->mv_blk;
}

const int16_t *q_movers(const struct game *g)
{
	return memo_of(g)->mv_cand;
}

const int32_t *q_mover_order(const struct game *g, int u)
{
	struct q_memo *m = memo_of(g);
	return m->order + (size_t)u * (size_t)m->n;
}

/* The runs of the rules state's head the entries read: all of it before the pending
 * decisions but layer_next and st->moving, which every move changes, and the bytes of bs the
 * battle does not use (q_battle.bs_used: the last run's end is m->ent_bs_end). */
static const size_t ent_run[4][2] = {
	{0, offsetof(struct q_state, layer_next)},
	{offsetof(struct q_state, vp), offsetof(struct q_state, moving)},
	{offsetof(struct q_state, npend), offsetof(struct q_state, bs)},
	{offsetof(struct q_state, bs), 0},
};

/* Run r of the head: its length in g's memo m. */
static size_t ent_run_len(const struct q_memo *m, int r)
{
	return (r == 3 ? m->ent_bs_end : ent_run[r][1]) - ent_run[r][0];
}

/* Is the change of unit v's state (kept as was) one the entries cannot have read? Not a
 * reinforcement off the map before or now (of one on the map they read only that), and in a
 * watched hex neither before nor now. */
static bool ent_unread(const struct q_memo *m, int v, const struct q_ust *was, const struct q_ust *now)
{
	return (!m->ent_reinf[v] || (was->idx != Q_OFF && now->idx != Q_OFF)) &&
	       (was->idx < 0 || !m->ent_watch[was->idx]) && (now->idx < 0 || !m->ent_watch[now->idx]);
}

/* Are w's maps those kept with the entries? The same generation of q_search_prepare's maps
 * (not 0) means the same maps; otherwise they are compared (and their generation taken). */
static bool ent_maps_same(struct q_memo *m, const struct q_work *w)
{
	if (!w->prep_gen || w->prep_gen != m->ent_gen) {
		if (memcmp(w->zoc, m->ent_maps, (size_t)m->n) ||
		    memcmp(w->blocked, m->ent_maps + m->n, (size_t)m->n))
			return false;
		m->ent_gen = w->prep_gen;
	}
#ifdef Q_OCC_VERIFY /* debug builds: the same generation must mean the same maps */
	if (memcmp(w->zoc, m->ent_maps, (size_t)m->n) || memcmp(w->blocked, m->ent_maps + m->n, (size_t)m->n))
		abort();
#endif
	return true;
}

/* Adds to changed[*nc] the units lo..hi - 1 whose state differs from the kept one; false when
 * the entries may have read the change (ent_unread). */
static bool ent_diff(struct q_memo *m, const struct q_state *st, int lo, int hi, int16_t *changed,
		     int *nc)
{
	for (int b = lo; b < hi; b += Q_ENT_BLOCK) { /* a block at a time: one unit moves a decision */
		int e = b + Q_ENT_BLOCK < hi ? b + Q_ENT_BLOCK : hi;
		if (!memcmp(&st->u[b], &m->ent_ust[b], (size_t)(e - b) * sizeof st->u[0]))
			continue;
		for (int v = b; v < e; v++) {
			if (!ust_differ(&st->u[v], &m->ent_ust[v]))
				continue;
			if (!ent_unread(m, v, &m->ent_ust[v], &st->u[v]))
				return false;
			changed[(*nc)++] = (int16_t)v;
		}
	}
	return true;
}

const int16_t *q_entries_recall(const struct game *g, const struct q_work *w, bool movers, int *n)
{
	struct q_memo *m = memo_of(g);
	const struct q_state *st = q_cst(g);
	const unsigned char *b = g->st, *k;
	int16_t changed[Q_UNITS_MAX];
	int nc = 0, foe = 1 - st->phasing; /* the phasing side's units are foe[1 - phasing] */
	if (!m || m->ent_n < 0 || m->ent_opt != g->options || !ent_maps_same(m, w))
		return NULL;
	k = m->ent_head;
	for (int r = 0; r < 4; k += ent_run_len(m, r), r++)
		if (memcmp(k, b + ent_run[r][0], ent_run_len(m, r)))
			return NULL;
#ifdef Q_OCC_VERIFY /* debug builds: the bytes of bs the battle does not use stay zero */
	for (size_t i = m->ent_bs_end; i < offsetof(struct q_state, pend); i++)
		if (b[i])
			abort();
#endif
	/* the phasing side's units (the other side's count only by their presence in a hex, which
	 * is w->blocked: entry_blocked and q_stack_ok refuse any hex holding one, [5.34]); known
	 * when q_movers_begin found them unchanged where the entries look */
	if (movers && m->ent_epoch == m->mv_epoch) {
		*n = m->ent_n;
		return m->ent_list;
	}
	if (!m->nrun[foe] && !ent_diff(m, st, 0, m->nunits, changed, &nc))
		return NULL;
	for (int r = 0; r < m->nrun[foe]; r++)
		if (!ent_diff(m, st, m->run[foe][r][0], m->run[foe][r][1], changed, &nc))
			return NULL;
	for (int i = 0; i < nc; i++)
		m->ent_ust[changed[i]] = st->u[changed[i]];
	*n = m->ent_n;
	return m->ent_list;
}

/* Marks in ent_watch the hexes whose stacks the entries of elig[nelig] read
 * (q_entry_hexes_zoc, q_stack_ok): a unit's edge; its scheduled hex, and every edge hex
 * when none of the kept entries is its own at that hex ([12.22] then looked further). */
static void ent_mark(struct q_memo *m, const int16_t *elig, int nelig)
{
	const struct q_scn *s = m->scn;
	const struct map *mp = &s->map;
	bool edges = false;
	memset(m->ent_watch, 0, (size_t)m->n);
	for (int i = 0; i < nelig; i++) {
		const struct q_udef *d = &s->u[elig[i]];
		if (d->enter_edge >= 0) {
			const struct map_edge *e = &mp->edges[d->enter_edge];
			for (int h = 0; h < e->nhexes; h++) {
				int idx = map_index(mp, e->hexes[h]);
				if (idx >= 0)
					m->ent_watch[idx] = 1;
			}
			continue;
		}
		int want = map_index(mp, d->enter_hex), k;
		if (want >= 0)
			m->ent_watch[want] = 1;
		for (k = 0; k < m->ent_n; k++)
			if (m->ent_list[2 * k] == elig[i] &&
			    (m->ent_list[2 * k + 1] == want || m->ent_list[2 * k + 1] == -1 - want))
				break; /* (an entry at want, or through it when friends fill it) */
		edges = edges || k == m->ent_n;
	}
	if (edges) { /* (the pointers read once: the bytes stored may alias them) */
		uint8_t *watch = m->ent_watch;
		const int32_t *edge = s->edge;
		for (int e = 0, ne = s->nedge; e < ne; e++)
			watch[edge[e]] = 1;
	}
}

void q_entries_keep(const struct game *g, const struct q_work *w, bool movers,
		    const int16_t *pairs, int n, const int16_t *elig, int nelig)
{
	struct q_memo *m = memo_of(g);
	unsigned char *k;
	if (!m)
		return;
	m->ent_epoch = 0;
	if (n < 0 || n > Q_ENT_KEEP) {
		m->ent_n = -1;
		return;
	}
	memcpy(m->ent_list, pairs, (size_t)n * 2 * sizeof *pairs);
	m->ent_n = n;
	k = m->ent_head;
	for (int r = 0; r < 4; k += ent_run_len(m, r), r++)
		memcpy(k, g->st + ent_run[r][0], ent_run_len(m, r));
	memcpy(m->ent_ust, q_cst(g)->u, (size_t)m->nunits * sizeof m->ent_ust[0]);
	ent_mark(m, elig, nelig);
	memcpy(m->ent_maps, w->zoc, (size_t)m->n);
	memcpy(m->ent_maps + m->n, w->blocked, (size_t)m->n);
	m->ent_gen = w->prep_gen;
	m->ent_opt = g->options;
	if (movers && m->mv_side == q_cst(g)->phasing)
		m->ent_epoch = m->mv_epoch;
}
