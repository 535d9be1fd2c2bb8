/* quad: the sequence of play ([4.0]) as a state machine, the action text forms, and the
 * rules interface. Movement lives in qmove.c, fire in qfire.c, melee in qmelee.c. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/fsio.h"
#include "qbattle.h"
#include "qmemo.h"
#include "qmove.h"

static const char *const phase_names[] = {
	"Movement", "Defensive Fire", "Cavalry Retreat", "Offensive Fire", "Melee", "Rally", "Game Over",
};

static const char *const act_names[QA_NKINDS] = {
	"end", "move", "enter", "fire", "melee", "retreat", "advance", "rally", "exit", "spike", "top",
};

int q_deciding(const struct game *g)
{
	const struct q_state *st = q_cst(g);
	if (st->phase == QP_OVER)
		return -1;
	if (st->npend > 0)
		return st->pend[st->npend - 1].side;
	if (st->phase == QP_DEFFIRE || st->phase == QP_CAVRETREAT)
		return 1 - st->phasing;
	return st->phasing;
}

static int q_to_act(const struct game *g)
{
	return q_deciding(g);
}

static_assert(sizeof(struct q_state) <= GAME_STATE_MAX, "the quad state must fit struct game");
/* issue 6: a game state of at most 8 KB, copied in under 100 ns (game_copy copies this much) */
static_assert(sizeof(struct q_state) <= 8192 - offsetof(struct game, st), "the quad state must stay small to copy");

static int q_setup_game(struct game *g, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);

	memset(st, 0, sizeof *st);
	if (s->nunits > Q_UNITS_MAX)
		return err_set(e, NULL, 0, "too many units");
	q_occ_reset(st, s->nunits);
	st->turn = (int16_t)s->first_turn;
	st->phasing = (uint8_t)s->first;
	st->phase = QP_MOVE;
	st->layer_next = 2; /* above the set-up layers (1 bottom, 2 top) */
	for (int u = 0; u < s->nunits; u++) {
		const struct q_udef *d = &s->u[u];
		q_place(st, u, Q_OFF);
		if ((d->tags & QT_OPTIONAL24) && !(g->options & Q_OPT_24)) {
			q_place(st, u, Q_ABSENT);
			continue;
		}
		if (d->setup_hex != HEX_NONE) {
			q_place(st, u, map_index(&s->map, d->setup_hex));
			st->u[u].layer = d->top ? 2 : 1;
			if (d->start_disrupted)
				st->u[u].fl |= QF_DISRUPTED;
		}
	}
	st->moving = -1;
	q_battle_setup(g);
	return 0;
}

/* ---- phase advance ---- */

static void clear_phase_flags(struct game *g, uint16_t mask)
{
	struct q_state *st = q_st(g);
	for (int u = 0; u < q_scn(g)->nunits; u++)
		st->u[u].fl &= (uint16_t)~mask;
}

static int end_phase(struct game *g, struct evsink *ev)
{
	struct q_state *st = q_st(g);
	const struct q_scn *s = q_scn(g);

	if (st->phase == QP_MOVE)
		q_move_cease(g, ev); /* the last unit moved ceases moving, before the battle's rules look */
	q_battle_end_phase(g, ev);
	switch (st->phase) {
	case QP_MOVE:
		q_move_finish(g, ev);
		st->phase = QP_DEFFIRE;
		clear_phase_flags(g, QF_FIRED | QF_FIRED_AT);
		break;
	case QP_DEFFIRE:
		st->phase = q_cav_retreat_possible(g) ? QP_CAVRETREAT : QP_OFFFIRE;
		if (st->phase == QP_OFFFIRE)
			clear_phase_flags(g, QF_FIRED | QF_FIRED_AT);
		break;
	case QP_CAVRETREAT:
		st->phase = QP_OFFFIRE;
		clear_phase_flags(g, QF_FIRED | QF_FIRED_AT);
		break;
	case QP_OFFFIRE:
		st->phase = QP_MELEE;
		clear_phase_flags(g, QF_MELEED | QF_ADVANCED);
		break;
	case QP_MELEE:
		st->phase = QP_RALLY;
		break;
	case QP_RALLY:
		st->pturn++;
		clear_phase_flags(g, QF_MOVED | QF_STOPPED | QF_RALLY_TRIED);
		for (int u = 0; u < s->nunits; u++)
			st->u[u].mp = 0;
		st->nent = 0;
		if (st->phasing != s->first) {
			/* [4.0] C: Game-Turn Record Interphase */
			if (st->turn >= s->turns) {
				st->phase = QP_OVER;
				ev_emit(ev, "[4.0]", "The last Game-Turn is over");
				return 0;
			}
			st->turn++;
		}
		st->phasing = (uint8_t)(1 - st->phasing);
		st->phase = QP_MOVE;
		st->moving = -1;
		ev_emit(ev, "[4.0]", "Game-Turn %d: %s Player-Turn", st->turn,
			g->scn->side[st->phasing]);
		return q_battle_phase_start(g, ev);
	default:
		return 0;
	}
	ev_emit(ev, "[4.0]", "%s Phase (%s)", phase_names[st->phase], g->scn->side[q_deciding(g)]);
	return q_battle_phase_start(g, ev);
}

/* ---- text forms ---- */

static int fmt_hex(const struct game *g, int idx, char *out)
{
	hex_format(map_hex(&q_scn(g)->map, idx), out);
	return 0;
}

static int q_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	const struct q_scn *s = q_scn(g);
	size_t len = 0;
	char hx[8];

	if (a->kind >= QA_NKINDS)
		return q_battle_format(g, a, buf, n); /* a battle's own actions (Inkerman [24]-[28]) */

#define PUT(...)                                                                 \
	do {                                                                     \
		int w_ = snprintf(buf + len, len < n ? n - len : 0, __VA_ARGS__); \
		if (w_ > 0)                                                      \
			len += (size_t)w_;                                       \
	} while (0)

	if (a->kind < 0) /* (kinds past the standard ones went to the battle above) */
		return -1;
	PUT("%s", act_names[a->kind]);
	switch (a->kind) {
	case QA_MOVE:
	case QA_ENTER:
	case QA_RETREAT:
	case QA_ADVANCE:
		PUT(" %s", s->u[a->arg[0]].id);
		for (int i = 1; i < a->n; i++) {
			fmt_hex(g, a->arg[i], hx);
			PUT(" %s", hx);
		}
		break;
	case QA_RALLY:
	case QA_EXIT:
	case QA_SPIKE:
	case QA_TOP:
		PUT(" %s", s->u[a->arg[0]].id);
		break;
	case QA_FIRE:
	case QA_MELEE: {
		/* arg: nunits, units..., ntargets, target hexes... */
		int nu = a->arg[0];
		bool split = a->kind == QA_FIRE && a->n >= 3 + 2 * nu; /* [28.1] allotments follow */
		for (int i = 0; i < nu; i++) {
			PUT("%s%s", i ? "," : " ", s->u[a->arg[1 + i]].id);
			if (split && a->arg[3 + nu + i] > 0)
				PUT(":%d", (int)a->arg[3 + nu + i]);
		}
		PUT(" >");
		int nt = a->arg[1 + nu];
		for (int i = 0; i < nt; i++) {
			fmt_hex(g, a->arg[2 + nu + i], hx);
			PUT("%s%s", i ? "," : " ", hx);
		}
		break;
	}
	default:
		break;
	}
#undef PUT
	return len < n ? 0 : -1;
}

static int parse_hex(const struct game *g, const char *tok, int *idx, struct err *e)
{
	int h;
	if (!hex_parse(tok, &h))
		return err_set(e, NULL, 0, "\"%s\" is not a hex number (XXYY)", tok);
	*idx = map_index(&q_scn(g)->map, h);
	if (*idx < 0 || !map_on(&q_scn(g)->map, h))
		return err_set(e, NULL, 0, "hex %s is not on the map", tok);
	return 0;
}

static int parse_unit(const struct game *g, const char *tok, int *u, struct err *e)
{
	*u = q_unit_find(q_scn(g), tok);
	if (*u < 0)
		return err_set(e, NULL, 0, "no unit \"%s\" in this scenario", tok);
	return 0;
}

static int q_parse(const struct game *g, const char *text, struct action *a, struct err *e)
{
	char buf[ACTION_TEXT_MAX], *tok[ACTION_ARGS + 4], *save = NULL;
	int nt = 0;

	memset(a, 0, sizeof *a);
	if (strlen(text) >= sizeof buf)
		return err_set(e, NULL, 0, "action text too long");
	strcpy(buf, text);
	for (char *t = strtok_r(buf, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save)) {
		if (nt >= ACTION_ARGS + 3)
			return err_set(e, NULL, 0, "too many words in the action");
		tok[nt++] = t;
	}
	if (nt == 0)
		return err_set(e, NULL, 0, "empty action");
	a->kind = -1;
	for (int k = 0; k < QA_NKINDS; k++)
		if (!strcmp(tok[0], act_names[k]))
			a->kind = (int16_t)k;
	switch (a->kind) {
	case QA_END:
		if (nt != 1)
			return err_set(e, NULL, 0, "usage: end");
		return 0;
	case QA_RALLY:
	case QA_EXIT:
	case QA_SPIKE:
	case QA_TOP:
		if (nt != 2)
			return err_set(e, NULL, 0, "usage: %s UNIT", tok[0]);
		a->n = 1;
		return parse_unit(g, tok[1], &a->arg[0], e);
	case QA_MOVE:
	case QA_ENTER:
	case QA_RETREAT:
	case QA_ADVANCE:
		if (nt < 3 && !(a->kind == QA_ADVANCE && nt == 2))
			return err_set(e, NULL, 0, "usage: %s UNIT HEX [HEX...]", tok[0]);
		if (nt > ACTION_ARGS)
			return err_set(e, NULL, 0, "path too long");
		if (parse_unit(g, tok[1], &a->arg[0], e))
			return -1;
		for (int i = 2; i < nt; i++)
			if (parse_hex(g, tok[i], &a->arg[i - 1], e))
				return -1;
		a->n = (int16_t)(nt - 1);
		return 0;
	case QA_FIRE:
	case QA_MELEE: {
		int nu = 0, ntg = 0;
		char *s2 = NULL;
		if (nt != 4 || strcmp(tok[2], ">"))
			return err_set(e, NULL, 0, "usage: %s UNIT[,UNIT...] > HEX%s", tok[0],
				       a->kind == QA_MELEE ? "[,HEX...]" : "");
		int tmp[ACTION_ARGS], th[ACTION_ARGS], allot[8] = {0};
		bool split = false;
		for (char *t = strtok_r(tok[1], ",", &s2); t; t = strtok_r(NULL, ",", &s2)) {
			char *colon = strchr(t, ':');
			if (nu >= 8)
				return err_set(e, NULL, 0, "too many units");
			if (colon && a->kind == QA_FIRE) { /* [28.1] "UNIT:POINTS" allots part of its strength */
				char *end = NULL;
				long k = strtol(colon + 1, &end, 10);
				*colon = '\0';
				if (end == colon + 1 || *end || k < 1 || k > 99)
					return err_set(e, NULL, 0, "[28.11] \"%s:%s\": allot at least 1 fire strength point", t, colon + 1);
				allot[nu] = (int)k;
				split = true;
			}
			if (parse_unit(g, t, &tmp[nu++], e))
				return -1;
		}
		s2 = NULL;
		for (char *t = strtok_r(tok[3], ",", &s2); t; t = strtok_r(NULL, ",", &s2)) {
			if (ntg >= 6)
				return err_set(e, NULL, 0, "too many target hexes");
			if (parse_hex(g, t, &th[ntg++], e))
				return -1;
		}
		if (a->kind == QA_FIRE && ntg != 1)
			return err_set(e, NULL, 0, "[7.11] fire is at one hex");
		a->arg[0] = nu;
		for (int i = 0; i < nu; i++)
			a->arg[1 + i] = tmp[i];
		a->arg[1 + nu] = ntg;
		for (int i = 0; i < ntg; i++)
			a->arg[2 + nu + i] = th[i];
		a->n = (int16_t)(2 + nu + ntg);
		if (split) { /* [28.1] the allotments after the target, 0 = the whole strength */
			for (int i = 0; i < nu; i++)
				a->arg[3 + nu + i] = allot[i];
			a->n = (int16_t)(3 + 2 * nu);
		}
		return 0;
	}
	default: {
		int rc = q_battle_parse(g, (const char *const *)tok, nt, a, e); /* a battle's own */
		if (rc != 1)
			return rc;
		return err_set(e, NULL, 0, "unknown action \"%s\" (end, move, enter, fire, melee, retreat, advance, rally, exit, spike, top)", tok[0]);
	}
	}
}

/* ---- actions ---- */

void q_push(struct q_alist *l, const struct action *a)
{
	if (l->n < l->max)
		l->out[l->n] = *a;
	l->n++;
}

/* May unit u end its move in map index i (reached by its search)? occupied: a unit is there. */
static bool move_dest_ok(const struct game *g, int u, int i, bool occupied)
{
	if (occupied ? !q_stack_ok(g, u, i) : q_battle_closed(g, u, i))
		return false;
	return q_battle_move_ok(g, u, i, NULL) == 0;
}

static void push_move(struct q_alist *l, int kind, int u, int i)
{
	if (l->n < l->max) { /* only the arguments in use are written (rules.h) */
		struct action *a = &l->out[l->n];
		a->kind = (int16_t)kind;
		a->n = 2;
		a->arg[0] = u;
		a->arg[1] = i;
	}
	l->n++;
}

/* [12.12], [5.31], [5.32]: u may pay the entry cost c at entry hex e but may not stay there (its
 * friends fill it): it enters through e, and the listing offers each neighbour it may step on to
 * and stop in, as "enter u e next" (a hex further on is then a move, the unit still moving). Not
 * when e is in an enemy zone of control: it would stop there ([12.21]). The steps and the stop
 * are q_enter_apply's (follow's) own tests. */
static void entries_through(const struct game *g, struct q_alist *l, struct q_work *w, int u, int e,
			    int c, int ma2)
{
	const struct q_scn *s = q_scn(g);
	if (w->zoc[e] && !q_battle_ignores_zoc(g, u))
		return;
	const uint8_t *steps = q_battle_steps(g, u, w->steps);
	for (int d = 0; d < 6; d++) {
		int j = map_nb(&s->map, e, d);
		if (j < 0 || !(s->map.flags[j] & HEXF_ONMAP) || w->blocked[j] || steps[e * 6 + d] == PATH_NOWAY ||
		    c + steps[e * 6 + d] > ma2 || !move_dest_ok(g, u, j, q_occ_first(q_cst(g), j) >= 0))
			continue;
		if (l->n < l->max) {
			struct action *a = &l->out[l->n];
			a->kind = QA_ENTER;
			a->n = 3;
			a->arg[0] = u;
			a->arg[1] = e;
			a->arg[2] = j;
		}
		l->n++;
	}
}

/* What the memo keeps of a listing's entries (entries_listed): n pairs in p (n past
 * Q_ENT_KEEP: too many, none kept). */
struct q_erec {
	int16_t p[2 * Q_ENT_KEEP];
	int n;
};

static inline void erec_put(struct q_erec *r, int u, int hex)
{
	if (!r)
		return;
	if (r->n < Q_ENT_KEEP) {
		r->p[2 * r->n] = (int16_t)u;
		r->p[2 * r->n + 1] = (int16_t)hex;
	}
	r->n++;
}

/* The units that entered at map index e this Movement Phase ([12.13]'s k). */
static int entered_at(const struct q_state *st, int e)
{
	for (int j = 0; j < st->nent; j++)
		if (st->ent_idx[j] == e)
			return st->ent_cnt[j];
	return 0;
}

/* entries_through at e for u, its cost and allowance worked out (a kept "through" record). */
static void entries_through_at(const struct game *g, struct q_alist *l, struct q_work *w, int u, int e)
{
	entries_through(g, l, w, u, e, q_entry_cost(g, u, e, entered_at(q_cst(g), e)), q_ma(g, u) * 2);
}

/* [12.1] reinforcements' entries, worked out; w->zoc is prepared on first need. The units that
 * may enter now go to elig[*nelig] (for the memo), unless elig is NULL. only: one unit's
 * entries, or -1 for every unit's. rec (may be NULL) gets what the memo keeps: a (unit, hex)
 * entry as that pair, and entries through a full hex e (entries_through, whose actions hang on
 * e's neighbours too) as (unit, -1 - e), worked out again at each recall. */
static void entries_listed(const struct game *g, struct q_alist *l, struct q_work *w, bool *prepared,
			   int16_t *elig, int *nelig, int only, struct q_erec *rec)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);

	/* q_entry_hexes_zoc depends on the unit only through its side (the phasing side's, for
	 * all of them), its edge and its scheduled hex: units sharing those share the answer */
	enum { KEEP = 8 };
	int keyed[KEEP][2], kept_n[KEEP], kept[KEEP][MAP_EDGE_HEXES], nkeep = 0;

	for (int ku = 0; ku < s->nsider[st->phasing]; ku++) { /* the phasing side's reinforcements */
		int u = s->sider[st->phasing][ku];
		int hexes_buf[MAP_EDGE_HEXES], *hexes = hexes_buf, n, kk;
		if (only >= 0 && u != only)
			continue;
		/* q_can_enter's own first tests, inline: off the map, and (without the battle's
		 * enter_turn hook, whose answer is then the printed turn) not due yet */
		if (st->u[u].idx != Q_OFF ||
		    (!(s->ops && s->ops->enter_turn) && st->turn < s->u[u].enter_turn) ||
		    q_can_enter(g, u, NULL) != 0)
			continue;
		if (!*prepared) {
			q_search_prepare(g, st->phasing, w);
			q_reach_begin(g, w);
			*prepared = true;
		}
		if (elig)
			elig[(*nelig)++] = (int16_t)u;
		for (kk = 0; kk < nkeep; kk++)
			if (keyed[kk][0] == s->u[u].enter_edge && keyed[kk][1] == s->u[u].enter_hex)
				break;
		if (kk < nkeep) {
			hexes = kept[kk];
			n = kept_n[kk];
		} else {
			n = q_entry_hexes_zoc(g, u, hexes, MAP_EDGE_HEXES, w->zoc);
			if (nkeep < KEEP) {
				keyed[nkeep][0] = s->u[u].enter_edge;
				keyed[nkeep][1] = s->u[u].enter_hex;
				kept_n[nkeep] = n;
				memcpy(kept[nkeep++], hexes, (size_t)n * sizeof *hexes);
			}
		}
		int ma2 = q_ma(g, u) * 2; /* (nothing in the loop changes it) */
		for (int i = 0; i < n; i++) {
			int c = q_entry_cost(g, u, hexes[i], entered_at(st, hexes[i]));
			if (c == PATH_NOWAY || c > ma2)
				continue;
			if (q_stack_ok(g, u, hexes[i])) {
				push_move(l, QA_ENTER, u, hexes[i]);
				erec_put(rec, u, hexes[i]);
			} else {
				entries_through(g, l, w, u, hexes[i], c, ma2);
				erec_put(rec, u, -1 - hexes[i]);
			}
		}
	}
}

bool q_entry_listed(const struct game *g, int u)
{
	struct q_work wbuf; /* on the stack: no heap use inside a game */
	struct action acts[8];
	struct q_alist l = {acts, 8, 0};
	bool prepared = false;
	entries_listed(g, &l, &wbuf, &prepared, NULL, NULL, u, NULL);
	return l.n > 0;
}

#ifdef Q_OCC_VERIFY
/* debug builds: kept entries must be those worked out again (w prepared) */
static void entries_verify(const struct game *g, struct q_work *w, const int16_t *kept, int n)
{
	struct action acts[Q_ENT_KEEP];
	struct q_alist t = {acts, Q_ENT_KEEP, 0};
	struct q_erec r = {{0}, 0};
	bool prepared = true;
	entries_listed(g, &t, w, &prepared, NULL, NULL, -1, &r);
	if (r.n != n)
		abort();
	for (int k = 0; k < n; k++)
		if (r.p[2 * k] != kept[2 * k] || r.p[2 * k + 1] != kept[2 * k + 1])
			abort();
}
#endif

/* [12.1] reinforcements' entries; w->zoc is prepared on first need. When the maps are already
 * prepared and the battle's hooks allow it (q_battle_entries_local), from the memo: in a
 * Movement Phase they change only when a unit enters or an edge hex's stack changes, and
 * working them out cost ~1.5 M instructions a random Balaclava game. movers: the memo's
 * Movement Phase facts are this position's (movers_known), which saves comparing units. */
static void list_entries(const struct game *g, struct q_alist *l, struct q_work *w, bool *prepared,
			 bool movers)
{
	int n;
	bool memo = *prepared && q_battle_entries_local(q_scn(g)->ops);
	const int16_t *kept = memo ? q_entries_recall(g, w, movers, &n) : NULL;
	if (kept) {
#ifdef Q_OCC_VERIFY
		entries_verify(g, w, kept, n);
#endif
		for (int k = 0; k < n; k++)
			if (kept[2 * k + 1] >= 0)
				push_move(l, QA_ENTER, kept[2 * k], kept[2 * k + 1]);
			else
				entries_through_at(g, l, w, kept[2 * k], -1 - kept[2 * k + 1]);
		return;
	}
	int16_t elig[Q_UNITS_MAX];
	int nelig = 0;
	struct q_erec r;
	r.n = 0;
	entries_listed(g, l, w, prepared, memo ? elig : NULL, &nelig, -1, memo ? &r : NULL);
	if (memo)
		q_entries_keep(g, w, movers, r.p, r.n <= Q_ENT_KEEP ? r.n : -1, elig, nelig);
}

/* The rest of q_can_move (may_move_quick) with the battle's may_move or allowance hooks:
 * q_ma asked once, or inline without its hook (q_battle_std_moves); the may_move hook direct.
 * (Out of line: may_move_quick stays small enough to be inlined in the samplers' loops.) */
__attribute__((noinline)) static bool may_move_hooked(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int ma = q_battle_std_moves(s->ops)
		 ? q_ma_std(s->u[u].ma, s->u[u].type, (st->u[u].fl & QF_DISRUPTED) != 0)
		 : q_ma(g, u);
	return ma != 0 && ma * 2 - st->u[u].mp > 0 && (!s->ops->may_move || s->ops->may_move(g, u, NULL) == 0);
}

/* q_can_move(g, u, NULL) == 0, inline, its cheapest refusals (side, on the map, [5.13],
 * [5.18]) tested first. */
static inline bool may_move_quick(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	unsigned fl = st->u[u].fl;
	int ma;
	if (s->u[u].side != st->phasing || st->u[u].idx < 0 || (fl & QF_STOPPED) ||
	    ((fl & QF_MOVED) && st->moving != u))
		return false;
	if (s->ops && (s->ops->may_move || !q_battle_std_moves(s->ops)))
		return may_move_hooked(g, u);
	ma = q_ma_std(s->u[u].ma, s->u[u].type, (fl & QF_DISRUPTED) != 0); /* q_ma without hooks */
	return ma * 2 - st->u[u].mp > 0;
}

static void list_moves(const struct game *g, struct q_alist *l)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	struct q_work wbuf, *w = &wbuf; /* on the stack: no heap use inside a game */
	uint8_t occ[Q_NMAX];
	bool prepared = false;
	/* without the battle's closed-hex and destination hooks an empty hex is always open */
	bool plain = !s->ops || (!s->ops->closed && !s->ops->move_ok);

	/* occupancy, so that empty hexes skip the stacking rules */
	memset(occ, 0, (size_t)s->map.n);
	for (int u = 0; u < s->nunits; u++)
		if (st->u[u].idx >= 0)
			occ[st->u[u].idx] = 1;
	for (int ku = 0; ku < s->nsideu[st->phasing]; ku++) { /* the phasing side's units */
		int u = s->sideu[st->phasing][ku];
		const int32_t *order;
		if (!may_move_quick(g, u))
			continue;
		/* every moving unit is the phasing side's: enemy ZOC and blocked hexes are shared */
		if (!prepared) {
			q_search_prepare(g, st->phasing, w);
			q_reach_begin(g, w);
			prepared = true;
		}
		int reached = q_reach(g, u, w, &order);
		for (int k = 1; k < reached; k++) /* order[0] is the unit's own hex */
			if (occ[order[k]] ? move_dest_ok(g, u, order[k], true)
					  : plain || move_dest_ok(g, u, order[k], false))
				push_move(l, QA_MOVE, u, order[k]);
	}
	list_entries(g, l, w, &prepared, false);
}

/* [5.37] a stack may be rearranged at no cost in its owner's Movement Phase. */
static int may_top(const struct game *g, int u, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);

	if (st->phase != QP_MOVE || st->npend || s->u[u].side != st->phasing || st->u[u].idx < 0)
		return err_set(e, NULL, 0, "[5.37] a stack is rearranged in its owner's Movement Phase");
	/* (q_hex_has_other and q_top answer without building and sorting the stack) */
	if (!q_hex_has_other(st, st->u[u].idx, u) || q_top(g, st->u[u].idx) == u)
		return err_set(e, NULL, 0, "[5.37] %s is not under another unit", s->u[u].id);
	if (s->u[u].tags & QT_PICKET)
		return err_set(e, NULL, 0, "[21.22] a unit stacked with a picket is always on top");
	return 0;
}

/* may_top(g, u, NULL) == 0 in the phasing side's Movement Phase with no decision pending
 * (list_tops has tested the rest): u shares its hex, is not on top and is not a picket.
 * (list_tops keeps its own copy of the test: through this one it compiles ~10% slower.) */
static inline bool may_top_quick(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	return st->u[u].idx >= 0 && q_hex_has_other(st, st->u[u].idx, u) &&
	       q_top(g, st->u[u].idx) != u && !(s->u[u].tags & QT_PICKET);
}

static void list_tops(const struct game *g, struct q_alist *l)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);

	if (st->phase != QP_MOVE || st->npend)
		return; /* may_top's first test, for every unit */
	for (int ku = 0; ku < s->nsideu[st->phasing]; ku++) { /* the phasing side's units */
		int u = s->sideu[st->phasing][ku];
		/* may_top's other tests, inline (a call per unit costs ~8% of a random Balaclava
		 * game): u shares its hex, is not on top and is not a picket */
		if (st->u[u].idx >= 0 && q_hex_has_other(st, st->u[u].idx, u) &&
		    q_top(g, st->u[u].idx) != u && !(s->u[u].tags & QT_PICKET)) {
			struct action a = {QA_TOP, 1, {u}};
			q_push(l, &a);
		}
	}
}

static int q_actions(const struct game *g, struct action *out, int max)
{
	const struct q_state *st = q_cst(g);
	struct q_alist l = {out, max, 0};
	struct action end = {QA_END, 0, {0}};

	if (st->phase == QP_OVER)
		return 0;
	if (st->npend > 0)
		return q_pending_actions(g, out, max);
	switch (st->phase) {
	case QP_MOVE:
		list_moves(g, &l);
		list_tops(g, &l);
		q_battle_actions(g, &l);
		break;
	case QP_DEFFIRE:
	case QP_OFFFIRE:
		q_fire_actions(g, &l);
		q_battle_actions(g, &l);
		break;
	case QP_CAVRETREAT:
		q_cavretreat_actions(g, &l);
		break;
	case QP_MELEE:
		q_melee_actions(g, &l);
		/* [8.11] whether an attack is owed is read from the list just made */
		if (q_may_end_melee_listed(g, out, l.n, l.n < l.max ? l.n : l.max))
			q_push(&l, &end);
		return l.n;
	case QP_RALLY:
		q_rally_actions(g, &l);
		break;
	default:
		break;
	}
	if (q_may_end_phase(g, NULL) == 0)
		q_push(&l, &end);
	return l.n;
}

/* room for every other action of a Balaclava Movement Phase (up to ~85 with its
 * reinforcements' entries: with 64, ~15 decisions a game fell back to listing every move) */
#define Q_SAMPLE_OTHERS 256

/* A Movement Phase's other actions (entries, tops, the battle's, the end) into l. topbits:
 * the memo's [5.37] flags by place in sideu (movers_known), or NULL to test every unit. */
static void list_others(const struct game *g, struct q_alist *l, struct q_work *w, bool *prepared,
			const uint64_t *topbits)
{
	list_entries(g, l, w, prepared, topbits != NULL);
	if (!topbits) {
		list_tops(g, l);
	} else { /* list_tops from the memo's flags, in the same order */
		const struct q_scn *s = q_scn(g);
		const struct q_state *st = q_cst(g);
		const int16_t *su = s->sideu[st->phasing];
		for (int b = 0; b * 64 < s->nsideu[st->phasing]; b++)
			for (uint64_t x = topbits[b]; x; x &= x - 1) {
				struct action a = {QA_TOP, 1, {su[b * 64 + __builtin_ctzll(x)]}};
				q_push(l, &a);
			}
	}
	q_battle_actions(g, l);
	if (q_may_end_phase(g, NULL) == 0) {
		struct action end = {QA_END, 0, {0}};
		q_push(l, &end);
	}
}

/* Sets or clears bit k of the memo's [5.37] flags (q_mover_topbits). */
static inline void set_top(uint64_t *bits, int k, bool on)
{
	uint32_t x = (uint32_t)k; /* (unsigned: / and % are a shift and a mask) */
	uint64_t bit = (uint64_t)1 << (x % 64);
	if (on)
		bits[x / 64] |= bit;
	else
		bits[x / 64] &= ~bit;
}

/* Brings the memo's per-unit facts (q_movers_begin) up to this position, working out only
 * the units it does not know; false without them (no memo, or the battle's movement hooks).
 * w holds this position's maps (q_search_prepare, q_reach_begin). */
static bool movers_known(const struct game *g, struct q_work *w)
{
	const struct q_state *st = q_cst(g);
	int16_t todo[Q_UNITS_MAX];
	bool all;
	int n = q_movers_begin(g, todo, &all);
	if (n < 0)
		return false;
	uint64_t *top = q_mover_topbits_w(g);
	const int16_t *pos = q_mover_pos(g);
	for (int k = 0; k < n; k++) {
		int u = todo[k], reached = 0, was;
		const int32_t *order;
		if (may_move_quick(g, u))
			reached = q_reach(g, u, w, &order);
		was = q_mover_keep(g, u, reached > 1 ? reached - 1 : 0);
		/* [5.37] its own (even off the map now), and the stacks it left and joined */
		set_top(top, pos[u], may_top_quick(g, u));
		if (!all)
			for (int h = 0; h < 2; h++) {
				int i = h ? st->u[u].idx : was;
				if (i >= 0 && (h == 0 || i != was))
					for (int v = q_occ_first(st, i); v >= 0; v = q_occ_next(st, v, i))
						if (q_scn(g)->u[v].side == st->phasing) /* (places are the side's) */
							set_top(top, pos[v], may_top_quick(g, v));
			}
	}
#ifdef Q_OCC_VERIFY /* debug builds: every kept fact must be the one worked out again */
	const struct q_scn *s = q_scn(g);
	const int16_t *c = q_movers(g);
	const uint64_t *topbits = q_mover_topbits(g);
	uint32_t total = 0;
	for (int ku = 0; ku < s->nsideu[st->phasing]; ku++)
		if (((topbits[ku / 64] >> (ku % 64)) & 1) != may_top_quick(g, s->sideu[st->phasing][ku]))
			abort();
	for (int ku = 0; ku < s->nsideu[st->phasing]; ku++) {
		int u = s->sideu[st->phasing][ku], reached = 0;
		const int32_t *order = NULL;
		if (may_move_quick(g, u))
			reached = q_reach(g, u, w, &order);
		if (c[ku] != (reached > 1 ? reached - 1 : 0) ||
		    (c[ku] > 0 && order != q_mover_order(g, u)))
			abort();
		total += (uint32_t)c[ku];
	}
	if (total != q_movers_total(g))
		abort();
	const uint32_t *blk = q_movers_blocks(g);
	for (int b = 0; b * Q_MV_BLK < s->nsideu[st->phasing]; b++) {
		uint32_t sum = 0;
		for (int ku = b * Q_MV_BLK; ku < b * Q_MV_BLK + Q_MV_BLK && ku < s->nsideu[st->phasing]; ku++)
			sum += (uint32_t)c[ku];
		if (sum != blk[b])
			abort();
	}
#endif
	return true;
}

/* The samplers' accepted draw: "move u to map index i" into out; returns 0. */
static int drawn_move(struct action *out, int u, int i)
{
	memset(out, 0, sizeof *out);
	out->kind = QA_MOVE;
	out->n = 2;
	out->arg[0] = u;
	out->arg[1] = i;
	return 0;
}

/* The draw both Movement Phase samplers make: total candidates, the other actions
 * other[nother] first, then for each j < nc the cand[j] hexes (but its own) unit[j]'s search
 * reached; a candidate drawn uniformly is returned if legal and otherwise drawn again. The
 * hexes come from order[j], or with order NULL from the memo's facts (q_mover_order, and blk
 * the sums of cand by Q_MV_BLK, q_movers_blocks); without the memo the drawn unit is searched
 * again (order[j] was overwritten by later searches). Returns 0 with *out, 1 after
 * Q_SAMPLE_TRIES rejections. */
static int draw_moves(const struct game *g, struct rng *r, struct q_work *w, uint32_t total,
		      const struct action *other, int nother, const int16_t *unit,
		      const int16_t *cand, const uint32_t *blk, const int32_t **order,
		      struct action *out)
{
	bool kept = q_memo_on(g);
	for (int t = 0; t < Q_SAMPLE_TRIES; t++) {
		uint32_t k = rng_below(r, total);
		int j = 0;
		const int32_t *hexes;
		if (k < (uint32_t)nother) {
			*out = other[k];
			return 0;
		}
		k -= (uint32_t)nother;
		if (blk) /* the block of units that holds k first */
			for (int b = 0; k >= blk[b]; b++) {
				k -= blk[b];
				j += Q_MV_BLK;
			}
		while (k >= (uint32_t)cand[j])
			k -= (uint32_t)cand[j++];
		int u = unit[j], i;
		if (!order)
			hexes = q_mover_order(g, u);
		else if (!kept)
			q_reach(g, u, w, &hexes);
		else
			hexes = order[j];
		i = hexes[k + 1]; /* hexes[0] is the unit's own hex */
		if (move_dest_ok(g, u, i, q_occ_first(q_cst(g), i) >= 0)) { /* (occupied?) */
			q_reach_hint(g, (int)k + 1); /* (applying it finds i there) */
			return drawn_move(out, u, i);
		}
	}
	return 1;
}

/* sample_moves with the memo's facts (movers_known): the same draw, without asking every
 * unit. The candidates are drawn in the same order (the other actions, then each unit's
 * hexes in sideu order), so the games are those of the full computation. */
static int sample_known(const struct game *g, struct rng *r, struct q_work *w, struct action *out)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	struct action other[Q_SAMPLE_OTHERS];
	struct q_alist l = {other, Q_SAMPLE_OTHERS, 0};
	const int16_t *cand = q_movers(g);
	bool prepared = true;
	uint32_t total;

	list_others(g, &l, w, &prepared, q_mover_topbits(g));
	if (l.n > Q_SAMPLE_OTHERS)
		return 1;
	total = (uint32_t)l.n + q_movers_total(g);
	if (total == 0)
		return -1;
	return draw_moves(g, r, w, total, other, l.n, s->sideu[st->phasing], cand, q_movers_blocks(g),
			  NULL, out);
}

/* A uniformly random legal action of a Movement Phase without enumerating every move:
 * rejection sampling. Candidates are every other action (entries, tops, the battle's, end),
 * listed exactly, plus every (unit, hex its search reached); a candidate drawn uniformly is
 * returned if legal and otherwise drawn again. Accepted candidates are exactly actions()'s,
 * each once, so the result is uniform over actions(). With the memo every unit's search is
 * kept; without, a drawn unit is searched again (same result, more time), so the draw never
 * depends on the memo. Returns 1 to ask the caller to enumerate instead (too many other
 * actions, or too many rejections: a mixture of two uniform draws is still uniform). */
static int sample_moves(const struct game *g, struct rng *r, struct action *out)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	struct q_work wbuf, *w = &wbuf;
	struct action other[Q_SAMPLE_OTHERS];
	struct q_alist l = {other, Q_SAMPLE_OTHERS, 0};
	const int32_t *order[Q_UNITS_MAX];
	int16_t unit[Q_UNITS_MAX], cand[Q_UNITS_MAX];
	int nu = 0;
	bool prepared = false, kept = q_memo_on(g);
	uint32_t total;

	/* with the memo and without the battle's movement hooks (or with static ones,
	 * q_battle_unit_moves) the memo keeps facts per unit (movers_known), for the maps of this
	 * position: tell it them. (With the hooks nothing is kept, and the maps are prepared only
	 * if some unit may move or enter, as before: q_prep_recall's hook key costs Inkerman and
	 * the Tchernaya ~1% a game.) */
	if (kept && q_battle_unit_moves(s->ops)) {
		w = q_memo_work(g); /* its maps stay from the last decision when they still hold */
		q_search_prepare_kept(g, st->phasing, w);
		q_reach_begin(g, w);
		prepared = true;
		if (movers_known(g, w))
			return sample_known(g, r, w, out);
	}
	for (int ku = 0; ku < s->nsideu[st->phasing]; ku++) { /* the phasing side's units */
		int u = s->sideu[st->phasing][ku];
		if (!may_move_quick(g, u))
			continue;
		if (!prepared) {
			q_search_prepare(g, st->phasing, w);
			q_reach_begin(g, w);
			prepared = true;
		}
		int reached = q_reach(g, u, w, &order[nu]);
		if (reached > 1) {
			unit[nu] = (int16_t)u;
			cand[nu++] = (int16_t)(reached - 1); /* order[0] is the unit's own hex */
		}
	}
	list_others(g, &l, w, &prepared, NULL);
	if (l.n > Q_SAMPLE_OTHERS)
		return 1;
	total = (uint32_t)l.n;
	for (int k = 0; k < nu; k++)
		total += (uint32_t)cand[k];
	if (total == 0)
		return -1;
	return draw_moves(g, r, w, total, other, l.n, unit, cand, NULL, order, out);
}

/* Invariants of every reachable position (crimea sim --check). */
static int q_check(const struct game *g, char *why, size_t n)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);

	if (st->phase > QP_OVER || st->phasing > 1 || st->npend > Q_PEND_MAX ||
	    st->turn < s->first_turn || st->turn > s->turns + 1) {
		snprintf(why, n, "phase %d, phasing %d, %d pending, turn %d out of range", st->phase,
			 st->phasing, st->npend, st->turn);
		return -1;
	}
	if (!q_occ_ok(st, s->nunits)) {
		snprintf(why, n, "the occupancy index disagrees with the units' hexes");
		return -1;
	}
	for (int u = 0; u < s->nunits; u++) {
		int i = st->u[u].idx, stk[Q_UNITS_MAX], k;
		if (i < Q_ABSENT || i >= s->map.n) {
			snprintf(why, n, "%s stands at map index %d", s->u[u].id, i);
			return -1;
		}
		if (i < 0)
			continue;
		k = q_stack(g, i, stk, Q_UNITS_MAX);
		if (k > Q_STACK_MAX) { /* [5.38] and the exclusive rules' larger stacks */
			snprintf(why, n, "%d units in %04d", k, map_hex(&s->map, i));
			return -1;
		}
		for (int j = 0; j < k; j++)
			if (s->u[stk[j]].side != s->u[u].side) {
				snprintf(why, n, "[5.34] %s and %s share %04d", s->u[u].id, s->u[stk[j]].id,
					 map_hex(&s->map, i));
				return -1;
			}
	}
	return 0;
}

/* A fire phase's other actions (the battle's, the end) and a fire drawn with them. */
static int sample_fire(const struct game *g, struct rng *r, struct action *out)
{
	struct action other[Q_SAMPLE_OTHERS];
	struct q_alist l = {other, Q_SAMPLE_OTHERS, 0};
	q_battle_actions(g, &l);
	if (q_may_end_phase(g, NULL) == 0) {
		struct action end = {QA_END, 0, {0}};
		q_push(&l, &end);
	}
	if (l.n > Q_SAMPLE_OTHERS)
		return 1;
	return q_fire_sample(g, r, other, l.n, out);
}

static int q_sample(const struct game *g, struct rng *r, struct action *out)
{
	const struct q_state *st = q_cst(g);
	if (st->npend > 0)
		return 1;
	switch (st->phase) {
	case QP_MOVE:
		return sample_moves(g, r, out);
	case QP_DEFFIRE:
	case QP_OFFFIRE:
		return sample_fire(g, r, out);
	case QP_MELEE:
		return q_melee_sample(g, r, out);
	case QP_RALLY:
		return q_rally_sample(g, r, out);
	default:
		return 1;
	}
}

static int apply_one(struct game *g, const struct action *a, struct evsink *ev, struct err *e);

static int q_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	int rc = apply_one(g, a, ev, e);
	if (rc == 0 && q_st(g)->phase != QP_OVER)
		q_battle_after_action(g, ev);
	return rc;
}

static int apply_one(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	struct q_state *st = q_st(g);

	if (st->phase == QP_OVER)
		return err_set(e, NULL, 0, "[4.0] the game is over");
	if (st->npend > 0)
		return q_pending_apply(g, a, ev, e);
	switch (a->kind) {
	case QA_END:
		if (q_may_end_phase(g, e) != 0)
			return -1;
		return end_phase(g, ev);
	case QA_MOVE:
		if (st->phase != QP_MOVE)
			return err_set(e, NULL, 0, "[5.11] units move only in their own Movement Phase");
		return q_move_apply(g, a, ev, e);
	case QA_ENTER:
		if (st->phase != QP_MOVE)
			return err_set(e, NULL, 0, "[12.0] reinforcements enter in the owner's Movement Phase");
		return q_enter_apply(g, a, ev, e);
	case QA_FIRE:
		return q_fire_apply(g, a, ev, e);
	case QA_MELEE:
		return q_melee_apply(g, a, ev, e);
	case QA_RETREAT:
		if (st->phase == QP_CAVRETREAT)
			return q_cavretreat_apply(g, a, ev, e);
		if (st->phase == QP_DEFFIRE && q_scn(g)->ops && q_scn(g)->ops->apply)
			return q_battle_apply(g, a, ev, e);
		return err_set(e, NULL, 0, "[8.5] no retreat is owed now");
	case QA_ADVANCE:
		return err_set(e, NULL, 0, "[8.7] no advance is open now");
	case QA_RALLY:
		return q_rally_apply(g, a, ev, e);
	case QA_EXIT:
	case QA_SPIKE:
		return q_battle_apply(g, a, ev, e);
	case QA_TOP:
		if (a->arg[0] < 0 || a->arg[0] >= q_scn(g)->nunits || may_top(g, a->arg[0], e) != 0)
			return -1;
		st->u[a->arg[0]].layer = ++st->layer_next;
		ev_emit(ev, "[5.37]", "%s is put on top of its stack", q_scn(g)->u[a->arg[0]].id);
		return 0;
	default:
		if (a->kind >= QA_NKINDS)
			return q_battle_apply(g, a, ev, e);
		return err_set(e, NULL, 0, "unknown action");
	}
}

static bool q_over(const struct game *g, struct result *r)
{
	const struct q_state *st = q_cst(g);
	if (r) {
		memset(r, 0, sizeof *r);
		r->over = st->phase == QP_OVER;
		q_victory(g, r);
	}
	return st->phase == QP_OVER;
}

static uint64_t q_checksum(const struct game *g)
{
	/* the occupancy index is derived from the positions and kept out of the checksum */
	uint64_t h = fnv1a64(FNV_OFFSET, g->st, offsetof(struct q_state, occ_head));
	return fnv1a64(h, &g->dice.rng, sizeof g->dice.rng);
}

static int q_player_turn(const struct game *g)
{
	return q_cst(g)->pturn;
}

static void q_status(const struct game *g, char *buf, size_t n)
{
	const struct q_state *st = q_cst(g);
	if (st->phase == QP_OVER) {
		snprintf(buf, n, "Game over after Game-Turn %d", st->turn);
		return;
	}
	snprintf(buf, n, "Game-Turn %d (last %d), %s Player-Turn, %s Phase%s%s", st->turn,
		 q_scn(g)->turns, g->scn->side[st->phasing], phase_names[st->phase],
		 st->npend ? ": " : "", st->npend ? q_pending_text(g) : "");
}

static int q_check_tables(const struct jdoc *d, struct errlist *errs)
{
	struct q_tables *t = malloc(sizeof *t);
	int rc;
	if (!t)
		return -1;
	qt_defaults(t);
	rc = qt_load(t, d, errs);
	free(t);
	return rc;
}

const struct rules quad_rules = {
	.id = "quad",
	.title = "SPI Crimean War QuadriGame (Standard Rules, errata of 19 May 1978)",
	.state_size = sizeof(struct q_state),
	.load = q_scn_load,
	.unload = q_scn_unload,
	.check = q_check,
	.sample = q_sample,
	.memo_new = q_memo_new,
	.memo_free = q_memo_free,
	.setup = q_setup_game,
	.actions = q_actions,
	.apply = q_apply,
	.to_act = q_to_act,
	.over = q_over,
	.format = q_format,
	.parse = q_parse,
	.checksum = q_checksum,
	.player_turn = q_player_turn,
	.status = q_status,
	.score = q_score,
	.los = q_view_los,
	.path = q_view_path,
	.odds = q_view_odds,
	.describe = q_view_describe,
	.draw = q_view_draw,
	.hex_info = q_view_hex,
	.check_tables = q_check_tables,
	.json_scenario = q_json_scenario,
	.json_state = q_json_state,
};
