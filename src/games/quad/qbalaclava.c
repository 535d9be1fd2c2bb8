/* qbalaclava: the exclusive rules of Balaclava ([15.0]-[23.0] and the errata): the French
 * additional reinforcements' trigger ([17.21] errata), the four redoubts' guns, their capture
 * and spiking ([18.0], errata [18.2]-[18.4]), fatigue ([19.0]), demoralization ([20.0]),
 * British cavalry stacking ([21.0]), and the victory point schedule ([23.0], errata [23.21]).
 * The Aqueduct ([22.0]) is terrain: its costs are in the tec table and its melee halving in
 * qbattle.c. */
#include <stdio.h>
#include <string.h>

#include "qbattle.h"
#include "qmove.h"

/* Battle state in q_state.bs. */
struct bal {
	uint8_t triggered;    /* [17.21] Russian units went west of the 0400 column */
	uint8_t trig_pturn;   /* the player-turn in which it happened */
	uint8_t exited;       /* [23.21] Russian units exited at 2025 */
	uint8_t captured;     /* [18.2] redoubt guns captured */
	uint8_t last_occ[3];  /* [23.22] last side to occupy 0714, 1114, 1312 (side + 1) */
	uint8_t pad;
	int16_t brit_elim;    /* [20.0] non-parenthesised melee points of British units eliminated */
};

/* Unit aux: fatigue level in the low nibble ([19.0]); flags for units removed from play. */
#define AUX_LEVEL 0x0f
#define AUX_EXPOSED 0x10  /* redoubt gun whose companion was forced out by combat [18.2] */
#define AUX_SPIKED 0x20   /* [18.3] */
#define AUX_CAPTURED 0x40 /* [18.2] */
#define AUX_EXITED 0x80   /* [23.21] */

static const int east_redoubts[3] = {1811, 2012, 2313}; /* [23.21] */
static const int west_redoubts[3] = {714, 1114, 1312};  /* [23.22] */
#define EXIT_HEX 2025                                    /* errata [23.21] */

static struct bal *BS(struct game *g)
{
	return (struct bal *)(void *)q_st(g)->bs;
}

static const struct bal *CBS(const struct game *g)
{
	return (const struct bal *)(const void *)q_cst(g)->bs;
}

static bool nation(const struct game *g, int u, const char *n)
{
	return !strcmp(q_scn(g)->u[u].nation, n);
}

static bool fatigue_unit(const struct game *g, int u)
{
	return (q_scn(g)->u[u].tags & QT_FATIGUE) != 0;
}

static bool is_gun(const struct game *g, int u)
{
	return (q_scn(g)->u[u].tags & QT_REDOUBT_GUN) != 0;
}

/* At load: the redoubt guns (units tagged QT_REDOUBT_GUN) in unit order, the western
 * redoubts' map indices (bhex[0..2]) and the exit hex's (bhex[3]), for bal_after_action and
 * bal_actions. */
static int bal_prepare(struct q_scn *q)
{
	q->nbunit = 0;
	for (int u = 0; u < q->nunits; u++)
		if (q->u[u].tags & QT_REDOUBT_GUN)
			q->bunit[q->nbunit++] = (int16_t)u;
	for (int i = 0; i < 3; i++)
		q->bhex[i] = map_index(&q->map, west_redoubts[i]);
	q->bhex[3] = map_index(&q->map, EXIT_HEX);
	return 0;
}

static void bal_setup(struct game *g)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct bal *b = BS(g);

	memset(b, 0, sizeof *b);
	for (int u = 0; u < s->nunits; u++)
		if (fatigue_unit(g, u)) /* [19.0] initial fatigue level = morale */
			st->u[u].aux = (uint8_t)(s->u[u].morale[0] & AUX_LEVEL);
	for (int i = 0; i < 3; i++) {
		int idx = map_index(&s->map, west_redoubts[i]), stk[Q_STACK_MAX];
		int n = idx >= 0 ? q_stack(g, idx, stk, Q_STACK_MAX) : 0;
		if (n > 0)
			b->last_occ[i] = (uint8_t)(s->u[stk[0]].side + 1);
	}
}

/* [19.0] one step of fatigue; at zero the unit is disrupted for the rest of the game. */
static void tire(struct game *g, int u, const char *why, struct evsink *ev)
{
	struct q_ust *us = &q_st(g)->u[u];
	int level = us->aux & AUX_LEVEL;

	if (!fatigue_unit(g, u) || level == 0 || us->idx < 0)
		return;
	level--;
	us->aux = (uint8_t)((us->aux & ~AUX_LEVEL) | level);
	ev_emit(ev, "[19.0]", "%s tires (%s): fatigue level %d", q_scn(g)->u[u].id, why, level);
	if (level == 0) {
		ev_emit(ev, "[19.0]", "%s is fatigued: disrupted for the rest of the game", q_scn(g)->u[u].id);
		q_disrupt(g, u, ev, "[19.0]");
	}
}

static int bal_may_enter(const struct game *g, int u, struct err *e)
{
	const struct bal *b = CBS(g);
	if (!(q_scn(g)->u[u].tags & QT_FRENCH_ADDITIONAL))
		return 0;
	if (!b->triggered)
		return err_set(e, NULL, 0, "[17.21] the French additional reinforcements enter only after a Russian unit moves west of the 0400 column");
	if (q_cst(g)->pturn <= b->trig_pturn)
		return err_set(e, NULL, 0, "[17.21] they enter in the next Allied Movement Phase");
	return 0;
}

static int bal_stack_ok(const struct game *g, int u, int idx, const int *stack, int n)
{
	const struct q_scn *s = q_scn(g);
	int cav_sp = 0, art = 0;

	(void)idx;
	/* [21.0] British cavalry may stack four strength points per hex, and an artillery or
	 * horse artillery unit may still join such a stack. */
	if (s->u[u].type == Q_INF)
		return 0;
	if (s->u[u].type == Q_CAV) {
		if (!nation(g, u, "british"))
			return 0;
		cav_sp += q_melee(g, u);
	} else {
		art++;
	}
	for (int i = 0; i < n; i++) {
		int v = stack[i];
		if (v == u)
			continue;
		if (s->u[v].type == Q_CAV && nation(g, v, "british"))
			cav_sp += q_melee(g, v);
		else if (s->u[v].type == Q_ART || s->u[v].type == Q_HART)
			art++;
		else
			return 0;
	}
	return cav_sp <= 4 && art <= 1 ? 1 : 0;
}

static int bal_fire_from_bottom(const struct game *g, int u)
{
	return is_gun(g, u) ? 1 : 0; /* [18.1] */
}

static int bal_art_range(const struct game *g, int u)
{
	return is_gun(g, u) ? 1 : 0; /* errata [18.4] */
}

static bool bal_defends(const struct game *g, int u)
{
	int stk[Q_STACK_MAX], n;
	if (!is_gun(g, u))
		return true;
	n = q_stack(g, q_cst(g)->u[u].idx, stk, Q_STACK_MAX);
	return n < 2 || stk[0] == u; /* [18.1] not attacked on the bottom of the stack */
}

static int bal_may_rally(const struct game *g, int u, struct err *e)
{
	if (fatigue_unit(g, u) && (q_cst(g)->u[u].aux & AUX_LEVEL) == 0)
		return err_set(e, NULL, 0, "[19.0] %s is fatigued and may not be rallied", q_scn(g)->u[u].id);
	return 0;
}

static int bal_morale(const struct game *g, int u, int base)
{
	/* [20.0] demoralized British units use half their morale, rounded up */
	if (CBS(g)->brit_elim > 22 && nation(g, u, "british"))
		return (base + 1) / 2;
	return base;
}

static void bal_after_move(struct game *g, int u, struct evsink *ev)
{
	struct bal *b = BS(g);
	const struct q_scn *s = q_scn(g);
	int idx = q_st(g)->u[u].idx;

	if (!b->triggered && s->u[u].side == q_russian(g) && idx >= 0 &&
	    hex_col(map_hex(&s->map, idx)) < Q_BAL_TRIGGER_COLUMN) {
		b->triggered = 1;
		b->trig_pturn = (uint8_t)q_st(g)->pturn;
		ev_emit(ev, "[17.21]", "a Russian unit is west of the 0400 column: the French additional reinforcements will enter in the next Allied Movement Phase");
	}
}

static void bal_on_disrupt(struct game *g, int u, struct evsink *ev)
{
	tire(g, u, "disrupted", ev);
}

static void bal_on_melee(struct game *g, const int *att, int natt, struct evsink *ev)
{
	for (int i = 0; i < natt; i++)
		tire(g, att[i], "melee attack", ev);
}

static void bal_on_removed(struct game *g, int u, int origin, bool retreated, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	const struct q_udef *d = &s->u[u];
	int stk[Q_STACK_MAX], n;

	(void)ev;
	if (!retreated && nation(g, u, "british") && !d->melee_paren[0] && d->melee[0] > 0 &&
	    !(st->u[u].aux & (AUX_EXITED | AUX_SPIKED | AUX_CAPTURED)))
		BS(g)->brit_elim = (int16_t)(BS(g)->brit_elim + d->melee[0]);
	/* [18.2] the unit stacked with a redoubt gun forced out by combat */
	n = q_stack(g, origin, stk, Q_STACK_MAX);
	for (int i = 0; i < n; i++)
		if (is_gun(g, stk[i]) && stk[i] != u)
			st->u[stk[i]].aux |= AUX_EXPOSED;
}

/* [18.2] capture of exposed guns, and the last occupants of the western redoubts. */
static void bal_after_action(struct game *g, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct bal *b = BS(g);
	int russian = q_russian(g);
	uint8_t zoc[Q_NMAX]; /* maps over Q_NMAX are refused at load */
	bool have_zoc = false; /* computed only when a gun is exposed: this runs after every action */

	for (int k = 0; k < s->nbunit; k++) { /* the redoubt guns, in unit order (bal_prepare) */
		int u = s->bunit[k], idx = st->u[u].idx;
		if (!(st->u[u].aux & AUX_EXPOSED) || idx < 0)
			continue;
		if (q_hex_has_other(st, idx, u)) {
			st->u[u].aux &= (uint8_t)~AUX_EXPOSED; /* a friend is back with it */
			continue;
		}
		if (!have_zoc) {
			q_zoc(g, russian, zoc);
			have_zoc = true;
		}
		if (!zoc[idx] || st->npend > 0)
			continue;
		st->u[u].aux |= AUX_CAPTURED;
		q_place(st, u, Q_ELIM);
		b->captured++;
		ev_emit(ev, "[18.2]", "the Russians capture the redoubt gun %s (3 victory points)", s->u[u].id);
		/* errata [18.2]: one Russian unit exerting a ZOC into the hex may advance into it */
		struct q_pend *p = q_push_pend(g);
		if (p) {
			p->kind = QPEND_ADVANCE;
			p->side = (uint8_t)russian;
			p->npath = 1;
			p->path[0] = (int16_t)idx;
			for (int v = 0; v < s->nunits && p->nunits < 6; v++)
				if (s->u[v].side == russian && st->u[v].idx >= 0 && !q_disrupted(g, v) &&
				    q_battle_exerts_zoc(g, v) &&
				    hex_adjacent(map_hex(&s->map, st->u[v].idx), map_hex(&s->map, idx)))
					p->units[p->nunits++] = (int16_t)v;
			if (p->nunits == 0)
				st->npend--;
		}
	}
	for (int i = 0; i < 3; i++) {
		int idx = s->bhex[i], top = idx >= 0 ? q_top(g, idx) : -1; /* west_redoubts[i] */
		if (top >= 0)
			b->last_occ[i] = (uint8_t)(s->u[top].side + 1);
	}
}

static void bal_end_phase(struct game *g, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);

	if (st->phase != QP_MOVE)
		return;
	/* [19.0] moving its full Movement Allowance tires a unit (its present allowance: halved
	 * when disrupted, [9.11]) */
	for (int u = 0; u < s->nunits; u++)
		if (fatigue_unit(g, u) && (st->u[u].fl & QF_MOVED) && st->u[u].idx >= 0 &&
		    q_ma(g, u) > 0 && st->u[u].mp >= q_ma(g, u) * 2)
			tire(g, u, "moved its full allowance", ev);
}

static void bal_actions(const struct game *g, struct q_alist *l)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int russian = q_russian(g), exit_idx = s->bhex[3]; /* EXIT_HEX */

	if (st->phase != QP_MOVE || st->npend)
		return;
	if (st->phasing != russian) { /* [18.3] the phasing side's redoubt guns on the map */
		for (int k = 0; k < s->nbunit; k++) {
			int u = s->bunit[k];
			if (s->u[u].side == st->phasing && st->u[u].idx >= 0) {
				struct action a = {QA_SPIKE, 1, {u}};
				q_push(l, &a);
			}
		}
		return;
	}
	if (exit_idx < 0)
		return;
	/* errata [23.21] the Russian units in the exit hex, in unit order */
	int here[Q_UNITS_MAX], n = 0;
	for (int v = q_occ_first(st, exit_idx); v >= 0; v = q_occ_next(st, v, exit_idx))
		if (s->u[v].side == st->phasing)
			here[n++] = v;
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && here[j] < here[j - 1]; j--) {
			int t = here[j];
			here[j] = here[j - 1];
			here[j - 1] = t;
		}
	for (int i = 0; i < n; i++)
		if (q_can_move(g, here[i], NULL) == 0 && q_mp_left(g, here[i]) >= 2) {
			struct action a = {QA_EXIT, 1, {here[i]}};
			q_push(l, &a);
		}
}

static int bal_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	int u = a->arg[0], russian = q_russian(g);

	if (a->kind != QA_SPIKE && a->kind != QA_EXIT)
		return err_set(e, NULL, 0, "[8.5] no retreat is owed now");
	if (u < 0 || u >= s->nunits)
		return err_set(e, NULL, 0, "no such unit");
	if (st->phase != QP_MOVE || s->u[u].side != st->phasing || st->u[u].idx < 0)
		return err_set(e, NULL, 0, "[%s] only in the owner's Movement Phase, for a unit on the map",
			       a->kind == QA_SPIKE ? "18.3" : "23.21");
	if (a->kind == QA_SPIKE) {
		if (st->phasing == russian || !is_gun(g, u))
			return err_set(e, NULL, 0, "[18.3] the Allied Player spikes his own redoubt guns only");
		st->u[u].aux |= AUX_SPIKED;
		q_place(st, u, Q_ELIM);
		ev_emit(ev, "[18.3]", "the Allies spike and remove the redoubt gun %s", s->u[u].id);
		return 0;
	}
	if (st->phasing != russian || st->u[u].idx != map_index(&s->map, EXIT_HEX))
		return err_set(e, NULL, 0, "[23.21] Russian units exit the map at 2025 (errata) only");
	if (q_can_move(g, u, e) != 0)
		return -1;
	if (q_mp_left(g, u) < 2)
		return err_set(e, NULL, 0, "[23.21] %s has no movement points left to leave the map", s->u[u].id);
	st->u[u].aux |= AUX_EXITED;
	q_place(st, u, Q_ELIM);
	BS(g)->exited++;
	ev_emit(ev, "[23.21]", "%s exits the map at 2025 to raid Balaclava", s->u[u].id);
	return 0;
}

static bool occupies_all(const struct game *g, const int *hexes, int side)
{
	const struct q_scn *s = q_scn(g);
	for (int i = 0; i < 3; i++) {
		int idx = map_index(&s->map, hexes[i]), stk[Q_STACK_MAX];
		if (idx < 0 || q_stack(g, idx, stk, Q_STACK_MAX) == 0 || s->u[stk[0]].side != side)
			return false;
	}
	return true;
}

static void bal_victory(const struct game *g, struct result *r, struct score_sheet *sh)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct bal *b = CBS(g);
	int russian = q_russian(g), allied = 1 - russian, vr, va;
	/* the schedule's items: [23.21] Allied melee points (British cavalry's count twice),
	 * British artillery; [23.22] redoubt guns remaining, Russian melee points, artillery */
	int al_melee = 0, uk_cav = 0, uk_art = 0, guns = 0, ru_melee = 0, ru_art = 0;

	for (int u = 0; u < s->nunits; u++) {
		const struct q_udef *d = &s->u[u];
		int idx = st->u[u].idx;
		if (idx >= 0) {
			if (is_gun(g, u))
				guns++; /* [23.22] redoubt guns remaining */
			continue;
		}
		if (idx != Q_ELIM || (st->u[u].aux & (AUX_EXITED | AUX_SPIKED | AUX_CAPTURED)))
			continue; /* not eliminated, or removed from play otherwise */
		int m = d->melee_paren[0] ? 0 : d->melee[0];
		if (d->side == allied) {
			if (d->type == Q_CAV && nation(g, u, "british"))
				uk_cav += m;
			else if (d->type == Q_INF || d->type == Q_CAV)
				al_melee += m;
			else if (nation(g, u, "british") && !is_gun(g, u))
				uk_art++;
		} else {
			if (d->type == Q_INF || d->type == Q_CAV)
				ru_melee += m;
			else
				ru_art++;
		}
	}
	bool raid = b->exited >= 2, east = occupies_all(g, east_redoubts, russian), west = true;
	for (int i = 0; i < 3; i++)
		if (b->last_occ[i] != allied + 1)
			west = false;
	vr = al_melee + 2 * uk_cav + 8 * uk_art + 3 * b->captured + (raid ? 15 : 0) + (east ? 30 : 0);
	va = 6 * guns + ru_melee + 15 * ru_art + (west ? 30 : 0);
	if (sh) {
		q_sheet_add(sh, russian, al_melee, "[23.21]",
			    "melee strength points of Allied infantry and French cavalry eliminated, 1 each",
			    "%d melee strength point%s of Allied infantry and French cavalry eliminated, 1 each", al_melee,
			    al_melee == 1 ? "" : "s");
		q_sheet_add(sh, russian, 2 * uk_cav, "[23.21]",
			    "melee strength points of British cavalry eliminated, 2 each",
			    "%d melee strength point%s of British cavalry eliminated, 2 each", uk_cav,
			    uk_cav == 1 ? "" : "s");
		q_sheet_add(sh, russian, 8 * uk_art, "[23.21]",
			    "British artillery units eliminated, 8 each", "%d British artillery unit%s eliminated, 8 each",
			    uk_art, uk_art == 1 ? "" : "s");
		q_sheet_add(sh, russian, 3 * b->captured, "[23.21]", "redoubt guns captured, 3 each",
			    "%d redoubt gun%s captured, 3 each",
			    b->captured, b->captured == 1 ? "" : "s");
		q_sheet_add(sh, russian, raid ? 15 : 0, "[23.21]",
			    "two or more units exited at 2025 to raid Balaclava", "%d units exited at 2025 to raid Balaclava",
			    b->exited);
		q_sheet_add(sh, russian, east ? 30 : 0, "[23.21]", NULL,
			    "the three easternmost redoubt hexes (1811, 2012, 2313) occupied");
		q_sheet_add(sh, allied, 6 * guns, "[23.22]", "redoubt guns remaining, 6 each",
			    "%d redoubt gun%s remaining, 6 each", guns,
			    guns == 1 ? "" : "s");
		q_sheet_add(sh, allied, ru_melee, "[23.22]",
			    "melee strength points of Russian infantry and cavalry eliminated, 1 each",
			    "%d melee strength point%s of Russian infantry and cavalry eliminated, 1 each", ru_melee,
			    ru_melee == 1 ? "" : "s");
		q_sheet_add(sh, allied, 15 * ru_art, "[23.22]",
			    "Russian artillery units eliminated, 15 each", "%d Russian artillery unit%s eliminated, 15 each",
			    ru_art, ru_art == 1 ? "" : "s");
		q_sheet_add(sh, allied, west ? 30 : 0, "[23.22]", NULL,
			    "the three westernmost redoubt hexes (0714, 1114, 1312) occupied or last occupied");
	}
	r->vp[russian] = vr;
	r->vp[allied] = va;
	/* [23.1] a difference under fifty points is a draw */
	if (vr - va >= 50)
		r->winner = russian;
	else if (va - vr >= 50)
		r->winner = allied;
	else
		r->winner = -1;
	q_level_text(r->level, sizeof r->level,
		     r->winner < 0 ? "Draw" : r->winner == russian ? "Russian victory" : "Allied victory",
		     g->scn->side[russian], vr, g->scn->side[allied], va, " [23.1]");
}

const struct q_battle q_balaclava = {
	.id = "balaclava",
	.immobile_case = "[16.42]",
	.prepare = bal_prepare,
	.setup = bal_setup,
	.may_enter = bal_may_enter,
	.stack_ok = bal_stack_ok,
	.entries_local = true, /* bal_may_enter: bs and pturn; bal_stack_ok: u and the stack */
	.bs_used = sizeof(struct bal),
	.fire_from_bottom = bal_fire_from_bottom,
	.art_range = bal_art_range,
	.defends = bal_defends,
	.may_rally = bal_may_rally,
	.morale = bal_morale,
	.after_move = bal_after_move,
	.on_disrupt = bal_on_disrupt,
	.on_melee = bal_on_melee,
	.on_removed = bal_on_removed,
	.after_action = bal_after_action,
	.end_phase = bal_end_phase,
	.actions = bal_actions,
	.apply = bal_apply,
	.victory = bal_victory,
};
