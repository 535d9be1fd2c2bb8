/* greedy: a fast one-step player for the quad rule system. Combat, rally, retreat, advance
 * and battle-specific actions are judged by applying them to copies of the game (dice from a
 * stream derived from g->ai) and scoring the result with greedy_eval(); movement, where
 * hundreds of destinations are listed, is judged by a static score of the destination hex
 * (distance fields to the enemy and to the battle's objectives, enemy strength adjacent,
 * terrain). Reinforcements enter as soon as they may; a phase ends when nothing improves.
 * The positional score's terms are scaled by a posture (struct greedy_weights, ai.h): the
 * plain entry points use the defaults, which are greedy's play; search's plans pass others,
 * and with them combined fires built from the listed single ones (combined_fires).
 * The view of a position it scores from is gview.c's. Other rule systems get a uniform
 * choice. */
#include "gview.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../games/quad/qcombat.h"
#include "../games/cotlb/cgame.h"
#include "../games/siege/splay.h"
#include "../games/quad/quad.h"

#define W_VP 1.0          /* one victory point */
#define W_MATERIAL 0.6    /* one melee point on the map */
#define W_POS 0.15        /* positional score of one unit, in greedy_eval */
#define MOVE_MIN 0.05     /* a move must improve its unit's score by this much */
#define HOLD_BONUS 4.0    /* standing alone on an objective held for points */
#define CAV_BLOWN 1.5     /* a move that disrupts the cavalry making it */
#define CAV_BLOWN_CONTACT 6.0 /* and ends in contact: disrupted cavalry in melee is lost ([11.25]) */
#define CAV_BLOWN_RAIDER 4.0 /* and is a raider: it would ride on at half speed ([9.11]) */
#define GREEDY_POOL 24    /* candidates kept before the cavalry check */
#define ACT_MIN 0.02      /* a combat or other action must gain this much on average */
#define GUN_REACH 4.0     /* a Balaclava Russian gun where an enemy can reach contact next turn */
#define RAID_EXITED 6.0   /* worth of the first exit, before the second scores the 15 points */
#define FIRE_FULL 8       /* the fire table's last column ([7.42] "8+"): more adds nothing */
#define FIRE_GROUPS 4     /* combined fires built per target hex, at most */
#define WEST_SHUN 100.0   /* a Balaclava Russian west of the 0400 column before the French come */
#define CUT_HOLD 3.0      /* Alma Allies cutting the retreat: standing on the exit 2225 (half
			   * of it next to it) */

const struct greedy_weights greedy_default_weights = GREEDY_WEIGHTS_DEFAULT;

/* Alma's river banks (qalma.c, struct q_scn zone): the north bank is marked with this bit,
 * south hexes carry their depth from the river. */
#define ALMA_ZONE_NORTH 0x80

/* greedy's part of the players' scratch (ai.h): per side, a view built once (its static parts
 * kept for every position of the scenario) and the judges' view borrowing from it. */
struct greedy_scratch {
	const struct q_scn *s;
	struct gview v[2], w[2];
	bool built[2];
	int *queue; /* [map n] */
	struct dist_rows rows; /* for the judges' views; rows.d NULL if memory was short */
};

void greedy_scratch_free(struct greedy_scratch *gs)
{
	if (!gs)
		return;
	for (int k = 0; k < 2; k++)
		if (gs->built[k]) {
			gview_free(&gs->w[k]); /* before v, whose static parts it borrows */
			gview_free(&gs->v[k]);
		}
	free(gs->queue);
	free(gs->rows.d);
	free(gs->rows.have);
	free(gs->rows.tmp);
	free(gs->rows.queue);
	free(gs);
}

/* The scratch's views for side me of g (built on first need) in *v and *w, and its queue;
 * false when g has no scratch or memory is short (the caller builds its own). */
static bool scratch_views(const struct game *g, int me, struct gview **v, struct gview **w, int **queue)
{
	struct ai_scratch *x = ai_scratch_of(g);
	struct greedy_scratch *gs;

	if (!x || me < 0 || me > 1)
		return false;
	if (!x->greedy) {
		x->greedy = calloc(1, sizeof *x->greedy);
		if (!x->greedy)
			return false;
		size_t n = (size_t)q_scn(g)->map.n;
		struct dist_rows *dr = &x->greedy->rows;
		x->greedy->s = q_scn(g);
		x->greedy->queue = malloc(n * sizeof *x->greedy->queue);
		if (!x->greedy->queue) {
			greedy_scratch_free(x->greedy);
			x->greedy = NULL;
			return false;
		}
		dr->n = (int)n;
		dr->d = malloc(n * n);
		dr->have = calloc(n, 1);
		dr->tmp = malloc(n * sizeof *dr->tmp);
		dr->queue = malloc(n * sizeof *dr->queue);
		if (!dr->d || !dr->have || !dr->tmp || !dr->queue) { /* slower without, the same */
			free(dr->d);
			free(dr->have);
			free(dr->tmp);
			free(dr->queue);
			memset(dr, 0, sizeof *dr);
		}
	}
	gs = x->greedy;
	if (gs->s != q_scn(g))
		return false;
	if (!gs->built[me]) {
		if (gview_static(&gs->v[me], g, me) != 0)
			return false;
		if (gview_borrow(&gs->w[me], &gs->v[me]) != 0) {
			gview_free(&gs->v[me]);
			return false;
		}
		if (gs->rows.d)
			gs->w[me].rows = &gs->rows;
		gs->built[me] = true;
	}
	*v = &gs->v[me];
	*w = &gs->w[me];
	*queue = gs->queue;
	return true;
}

static bool is_exiter(const struct gview *v, int u)
{
	if (!v->dx)
		return false;
	for (int k = 0; k < EXIT_MAX; k++)
		if (v->exiter[k] == u)
			return true;
	return false;
}

/* How good it is for my unit u to stand in hex i (as if it stood there alone). */
static double unit_score(const struct gview *v, int u, int i)
{
	const struct q_scn *s = v->s;
	const struct game *g = v->g;
	double m = 0, sc = 0, ea = v->eadj[i], fa = v->fadj[i];
	int de = v->de[i], dob = v->dob[i];
	bool dis = q_disrupted(g, u);

	/* errata [17.21]: no move that brings on the French additional reinforcements. Against
	 * greedy's Allies, greedy's Russians with the cautious plan lose 4.9 points a game less
	 * over 400 deals (5.5 with other dice), and with greedy's own posture 3.1 (4.4): a
	 * third of their games brought them on. PERFORMANCE.md "Fifteenth session" */
	if (v->shun_west && hex_col(map_hex(&s->map, i)) < Q_BAL_TRIGGER_COLUMN)
		return -WEST_SHUN;
	if (is_exiter(v, u)) {
		/* for the exit, clear of the enemy (a raider lost is 15 points missed; a unit
		 * lost on its way out, a point to the Allies at Alma): never into contact, and out
		 * of close fire where it can */
		return -1.0 * v->dx[i] - (ea > 0 ? 6.0 : 0) - (de <= 2 ? 1.5 : 0);
	}
	const struct greedy_weights *wt = v->wt;
	sc += v->tv[i] * (v->attack ? 0.5 : 1.0) * wt->terrain;
	if (v->hold && v->obj[i] && v->mine[i] - (q_cst(g)->u[u].idx == i ? 1 : 0) == 0)
		sc += HOLD_BONUS * wt->hold; /* the only one of mine on an objective that scores while held */
	if (dis) {
		/* get clear of the enemy to rally ([10.0]) */
		sc += 0.4 * imin(de, 4);
		if (ea > 0)
			sc -= 3.0;
		return sc;
	}
	if (is_art(s, u)) {
		/* guns want the enemy in range but not in contact */
		sc -= 0.4 * fabs((double)(de - 3) - wt->art_back);
		if (v->battle == B_BALACLAVA) {
			/* a lost gun is 8 or 15 points ([23.2]), and guns forced to retreat are lost
			 * ([8.55]): out of reach, and never two in one hex */
			if (v->thr) {
				/* the Russians' guns: out of reach of the next Allied charge */
				int t = v->thr[i];
				if (t <= 1)
					sc -= GUN_REACH + imin(1 - t, 6);
				if (de < 4)
					sc -= 1.0 * (4 - de);
			} else if (de < 6) {
				sc -= 1.5 * (6 - de);
			}
			if (v->myart[i] - (q_cst(g)->u[u].idx == i ? 1 : 0) > 0)
				sc -= 3.0;
		}
		if (ea > 0)
			sc -= 2.0 + 0.3 * ea;
		if (v->nobj)
			sc -= 0.05 * imin(dob, 20);
		return sc;
	}
	if (v->alma_cross && !(s->zone[i] & ALMA_ZONE_NORTH))
		sc += 4.0;
	bool cutter = v->dcut && v->cutter[u];
	if (cutter) {
		/* the detachment: to the Russians' exit, and on it or next to it. No unit enters
		 * an enemy's hex ([5.12]), and one entering an enemy zone of control stops there
		 * ([5.13]), so a Russian unit cannot reach 2225 and exit in one move */
		int dc = v->dcut[i];
		sc -= wt->cut * imin(dc, 25);
		sc += dc == 0 ? CUT_HOLD : dc == 1 ? CUT_HOLD / 2 : 0;
	}
	if (v->dadj[i] > 0 || ea > 0) { /* the unit's melee strength, where it counts */
		/* [8.17] defence only */
		m = s->u[u].melee_paren[dis ? 1 : 0] ? 0 : q_melee(g, u);
	}
	if (v->dadj[i] > 0 && m > 0)
		sc += v->alma_cross ? 1.0 : 0.5; /* a disrupted enemy next door: fire and melee prey */
	if (cutter) {
		/* the exit's pull instead of the enemy's */
	} else if (v->attack) {
		sc -= (v->alma_cross ? 0.8 : 0.5) * wt->pull * imin(de, 15);
		if (v->nobj)
			sc -= 0.3 * wt->obj * imin(dob, 20) + (v->obj[i] ? -1.0 * wt->obj : 0);
	} else {
		if (v->nobj)
			sc -= 0.3 * wt->obj * imin(dob, 20) + (v->obj[i] ? -1.5 * wt->obj : 0);
		sc -= 0.1 * wt->pull * imin(de, 6);
	}
	if (ea > 0) {
		/* contact means melee ([8.11]): worth it when we outweigh what we touch */
		double odds = (m + 0.5 * fa) / ea;
		if (v->alma_cross)
			/* Alma's Allies seek contact at any odds: every Game-Turn before
			 * Preservation is a point to the Russians ([23.12]), only eliminated
			 * Russian infantry scores for the Allies and brings the trigger nearer
			 * ([23.11], [21.1]), and a melee forced on them ([8.12]) is how the
			 * heights are carried. Better odds still rank first. (Was 1.5, 0.8,
			 * -0.5 and -1.5 - 0.3 ea, which shunned poor odds: against greedy's
			 * Russians, greedy's Allies with search's plans 0 and 3 gain 2.2 and 3.0
			 * points a game over 400 deals, search 66-12-22 over 100 deals against
			 * 60-5-35; PERFORMANCE.md "Fourteenth session") */
			sc += odds >= 2 ? 2.0 : odds >= 1 ? 1.8 : odds >= 0.5 ? 1.5 : 1.0;
		else
			sc += odds >= 2 ? 1.5 : odds >= 1.5 ? 0.8 : odds >= 1 ? 0.0 : -1.5 - ea * 0.3;
		sc += wt->contact;
	}
	return sc;
}

/* Material value of a unit on the map. */
static double unit_worth(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	double w = s->u[u].melee[0] > 0 ? s->u[u].melee[0] : 1;
	if (is_art(s, u))
		w += 2;
	if (q_disrupted(g, u))
		w *= 0.6;
	return w;
}

static double eval_view(const struct gview *v)
{
	const struct game *g = v->g;
	const struct q_scn *s = v->s;
	const struct q_state *st = q_cst(g);
	double val;
	int me = v->me;

	val = W_VP * (v->vp[me] - v->vp[1 - me]); /* over() of v->g, read by gview_update */
	if (v->dx && v->battle == B_BALACLAVA && v->exits == 1)
		val += RAID_EXITED; /* half the raid is done */
	for (int u = 0; u < s->nunits; u++) {
		int i = st->u[u].idx;
		if (i < 0 || !(s->map.flags[i] & HEXF_ONMAP))
			continue;
		double w = unit_worth(g, u);
		if (s->u[u].side == me) {
			val += W_MATERIAL * w;
			val += W_POS * unit_score(v, u, i);
		} else {
			val -= W_MATERIAL * w;
		}
	}
	return val;
}

double greedy_eval(const struct game *g, int side)
{
	return greedy_eval_w(g, side, &greedy_default_weights);
}

double greedy_eval_w(const struct game *g, int side, const struct greedy_weights *wt)
{
	struct gview v;
	double val;

	struct gview *sv, *sw;
	int *queue;

	if (!is_quad(g)) {
		struct result r;
		g->rules->over(g, &r);
		return r.vp[side] - r.vp[1 - side];
	}
	if (scratch_views(g, side, &sv, &sw, &queue)) {
		sv->wt = wt;
		gview_update(sv, g, queue, true);
		return eval_view(sv);
	}
	if (gview_init(&v, g, side, wt) != 0)
		return 0;
	val = eval_view(&v);
	gview_free(&v);
	return val;
}

/* Mean gain of a over doing nothing, over `samples` dice streams derived from base. w is a
 * view of g's scenario for the deciding side (gview_static), queue its scratch: each result is
 * scored as greedy_eval would, without building a view again. */
static double judge(const struct game *g, const struct action *a, double before, uint64_t base,
		    int samples, struct game *tmp, struct gview *w, int *queue)
{
	double sum = 0;
	int ok = 0;
	for (int k = 0; k < samples; k++) {
		ai_copy(tmp, g, rng_mix(base, (uint64_t)k));
		if (ai_apply(tmp, a) != 0)
			continue;
		gview_update(w, tmp, queue, false);
		sum += eval_view(w) - before;
		ok++;
	}
	return ok ? sum / ok : -1e9;
}

static void keep_best(struct ai_cand *out, int k, int *nk, const struct action *a, double score)
{
	int pos = *nk < k ? *nk : k;
	if (*nk >= k && score <= out[k - 1].score)
		return;
	while (pos > 0 && out[pos - 1].score < score) {
		if (pos < k)
			out[pos] = out[pos - 1];
		pos--;
	}
	out[pos].a = *a;
	out[pos].score = score;
	if (*nk < k)
		(*nk)++;
}

/* Completes c, a fire whose nu firers are in c->arg[1..nu], as a fire at all their strength
 * (points 1: the whole) at map index t, the text form's layout. */
static void fire_at(struct action *c, int nu, int t)
{
	c->kind = QA_FIRE;
	c->arg[0] = nu;
	c->arg[1 + nu] = 1;
	c->arg[2 + nu] = t;
	c->n = (int16_t)(3 + nu);
}

/* The combined fires (posture combine, [7.11]: fire strengths at one hex are combined) built
 * from the single-unit fires actions() listed (list[n]), each judged like a listed fire and
 * kept in the pool. Per target hex: the units of one parent, strongest first until the
 * table's last column is reached (Alma [16.1]: mixing parents costs at least 2 on the die),
 * then every firer's strongest-first prefix that reaches it, then all of them (at most 8,
 * the action's limit); groups of one unit are the listed fires themselves. Ties keep the
 * group listed first, the one that spends fewest units. */
static void combined_fires(struct game *g, const struct action *list, int n, double before, uint64_t base,
			   int samples, struct game *tmp, struct gview *w, int *queue, struct ai_cand *pool,
			   int kk, int *nb)
{
	const struct q_scn *s = q_scn(g);
	int seen[Q_UNITS_MAX], nseen = 0; /* the target hexes done */

	for (int i = 0; i < n; i++) {
		const struct action *a = &list[i];
		bool done = false;
		if (a->kind != QA_FIRE || a->n != 4 || a->arg[0] != 1)
			continue;
		for (int k = 0; k < nseen && !done; k++)
			done = seen[k] == a->arg[3];
		if (done || nseen >= Q_UNITS_MAX)
			continue;
		int t = a->arg[3], fu[Q_UNITS_MAX], ff[Q_UNITS_MAX], nf = 0;
		seen[nseen++] = t;
		for (int j = i; j < n; j++) { /* the firers at t, strongest first (stable) */
			const struct action *b = &list[j];
			if (b->kind != QA_FIRE || b->n != 4 || b->arg[0] != 1 || b->arg[3] != t || nf >= Q_UNITS_MAX)
				continue;
			int f = q_fire_strength(g, b->arg[1], t, NULL), k = nf++;
			for (; k > 0 && ff[k - 1] < f; k--) {
				fu[k] = fu[k - 1];
				ff[k] = ff[k - 1];
			}
			fu[k] = b->arg[1];
			ff[k] = f;
		}
		if (nf < 2)
			continue;
		struct action grp[FIRE_GROUPS];
		int ng = 0;
		for (int p = 0; p < nf && ng < FIRE_GROUPS - 2; p++) { /* one parent's units */
			bool first = true;
			for (int q = 0; q < p; q++)
				if (!strcmp(s->u[fu[q]].parent, s->u[fu[p]].parent))
					first = false;
			if (!first || !s->u[fu[p]].parent[0])
				continue;
			struct action c = {QA_FIRE, 0, {0}};
			int tot = 0, nu = 0;
			for (int q = p; q < nf && nu < 8 && tot < FIRE_FULL; q++)
				if (!strcmp(s->u[fu[q]].parent, s->u[fu[p]].parent)) {
					c.arg[1 + nu++] = fu[q];
					tot += ff[q];
				}
			if (nu < 2)
				continue;
			fire_at(&c, nu, t);
			grp[ng++] = c;
		}
		for (int all = 0; all < 2; all++) { /* strongest first to the last column; then all */
			struct action c = {QA_FIRE, 0, {0}};
			int tot = 0, nu = 0;
			for (int q = 0; q < nf && nu < 8 && (all || tot < FIRE_FULL); q++) {
				c.arg[1 + nu++] = fu[q];
				tot += ff[q];
			}
			fire_at(&c, nu, t);
			bool dup = nu < 2;
			for (int k = 0; k < ng && !dup; k++)
				dup = action_same(&grp[k], &c);
			if (!dup)
				grp[ng++] = c;
		}
		for (int k = 0; k < ng; k++) {
			double sc = judge(g, &grp[k], before, base, samples, tmp, w, queue);
			if (sc < ACT_MIN)
				sc -= 0.5; /* as a listed fire: below "end" unless it gains */
			keep_best(pool, kk, nb, &grp[k], sc);
		}
	}
}

int greedy_candidates(struct game *g, struct ai_cand *out, int k, int samples)
{
	return greedy_candidates_w(g, out, k, samples, &greedy_default_weights);
}

int greedy_candidates_w(struct game *g, struct ai_cand *out, int k, int samples, const struct greedy_weights *wt)
{
	struct action *list;
	int n = ai_actions(g, &list), nk = 0, me;
	struct game *tmp = NULL;
	struct gview vv = {0}, ww = {0}, *vp = &vv, *wp = &ww;
	int *queue = NULL;
	struct ai_scratch *x = ai_scratch_of(g);
	bool scr;
	struct ai_cand best[GREEDY_POOL];
	int kk = GREEDY_POOL, nb = 0;

	if (n <= 0 || k < 1) {
		ai_actions_done(g, list);
		return 0;
	}
	if (n == 1 || !is_quad(g)) {
		for (int i = 0; i < k && i < n; i++) {
			int j = n == 1 ? 0 : (int)rng_below(&g->ai, (uint32_t)n);
			keep_best(out, k, &nk, &list[j], 0);
			if (n == 1)
				break;
		}
		ai_actions_done(g, list);
		return nk;
	}
	me = g->rules->to_act(g);
	scr = x && (tmp = ai_scratch_copy(x, 0)) && scratch_views(g, me, &vp, &wp, &queue);
	/* the posture before the update: its sector chooses the enemy distance field's sources
	 * (the scratch's view keeps the last decision's posture until then) */
	if (scr) {
		vp->wt = wt;
		gview_update(vp, g, queue, true);
	} else {
		tmp = malloc(sizeof *tmp);
		queue = malloc((size_t)q_scn(g)->map.n * sizeof *queue);
		if (!tmp || !queue || gview_init(vp, g, me, wt) != 0 || gview_borrow(wp, vp) != 0) {
			gview_free(vp); /* either may be built; a failed one is zeroed */
			gview_free(wp);
			free(queue);
			free(tmp);
			out[0].a = list[0];
			out[0].score = 0;
			ai_actions_done(g, list);
			return 1;
		}
	}
	struct gview *const v = vp; /* the decision's view; w: the judges' */
	struct gview *const w = wp;
	w->wt = wt; /* v has it since before its update */
	const struct q_state *st = q_cst(g);
	double before = eval_view(v);
	uint64_t base = rng_next(&g->ai);
	double cur_sc[Q_UNITS_MAX]; /* unit_score of a unit where it stands, once a decision */
	bool have_cur[Q_UNITS_MAX] = {false};
	/* a phase that may not end yet (an obligation, e.g. Alma [22.2]'s reinforcements all on
	 * one Game-Turn): a change of stack order ([5.37]) changes nothing, and chosen again and
	 * again would never end the phase, so it comes last */
	bool can_end = false;
	for (int i = 0; i < n && !can_end; i++)
		can_end = list[i].kind == QA_END;
	for (int i = 0; i < n; i++) {
		const struct action *a = &list[i];
		double sc;
		switch (a->kind) {
		case QA_END:
			sc = 0;
			break;
		case QA_MOVE: {
			int u = a->arg[0], dest = a->arg[a->n - 1];
			if (u < 0 || u >= Q_UNITS_MAX) { /* (never from actions(): not a unit) */
				sc = -1;
				break;
			}
			if (!have_cur[u]) {
				cur_sc[u] = unit_score(v, u, st->u[u].idx);
				have_cur[u] = true;
			}
			sc = unit_score(v, u, dest) - cur_sc[u];
			if (sc < MOVE_MIN)
				sc = -1; /* a move must improve */
			break;
		}
		case QA_EXIT:
			if (v->dx && (v->battle == B_BALACLAVA ? v->exits < 2 : v->owed > 0)) {
				/* the raid's exit, 15 points for two ([23.21]); Alma's Preservation,
				 * two a Game-Turn: 2 points off the Allies ([23.11]), and none off
				 * the Russians ([23.12]) */
				sc = 5;
				break;
			}
			sc = judge(g, a, before, base, 1, tmp, w, queue);
			break;
		case QA_ENTER:
			/* reinforcements enter on time ([12.0]); where: the best hex */
			sc = 10 + unit_score(v, a->arg[0], a->arg[a->n - 1]);
			break;
		default:
			if (a->kind == QA_TOP && !can_end) {
				sc = -1e9;
				break;
			}
			sc = judge(g, a, before, base, a->kind == QA_FIRE || a->kind == QA_MELEE ||
				   a->kind == QA_RALLY ? samples : 1, tmp, w, queue);
			if (a->kind != QA_RETREAT && a->kind != QA_ADVANCE && sc < ACT_MIN)
				sc -= 0.5; /* below "end" unless it must be done */
			break;
		}
		keep_best(best, kk, &nb, a, sc);
	}
	if (wt->combine && (st->phase == QP_DEFFIRE || st->phase == QP_OFFFIRE))
		combined_fires(g, list, n, before, base, samples, tmp, w, queue, best, kk, &nb);
	/* cavalry that spends too much of its allowance is disrupted ([11.11]; Inkerman [25.12]) when
	 * it ceases moving (q_cav_spent): a move of undisrupted cavalry is tried on a copy when it
	 * comes up for the top k */
	bool used[GREEDY_POOL] = {false}, tried[GREEDY_POOL] = {false};
	while (nk < k) {
		int b = -1;
		for (int i = 0; i < nb; i++)
			if (!used[i] && (b < 0 || best[i].score > best[b].score))
				b = i;
		if (b < 0)
			break;
		const struct action *a = &best[b].a;
		if (!tried[b] && a->kind == QA_MOVE && v->s->u[a->arg[0]].type == Q_CAV &&
		    !q_disrupted(g, a->arg[0])) {
			tried[b] = true;
			ai_copy(tmp, g, rng_mix(base, 99));
			if (ai_apply(tmp, a) == 0 && (q_disrupted(tmp, a->arg[0]) || q_cav_spent(tmp, a->arg[0]))) {
				best[b].score -= CAV_BLOWN + (v->eadj[a->arg[a->n - 1]] > 0 ? CAV_BLOWN_CONTACT : 0) +
						 (is_exiter(v, a->arg[0]) ? CAV_BLOWN_RAIDER : 0);
				if (best[b].score < MOVE_MIN)
					best[b].score = -1;
				continue;
			}
		}
		used[b] = true;
		out[nk++] = best[b];
	}
	if (!scr) {
		gview_free(w); /* before v, whose static parts it borrows */
		gview_free(v);
		free(queue);
		free(tmp);
	}
	ai_actions_done(g, list);
	return nk;
}

bool greedy_critical(const struct game *g, const struct ai_cand *c, int n)
{
	const struct q_scn *s;
	const struct q_state *st;

	if (n < 2 || !is_quad(g))
		return false;
	st = q_cst(g);
	if (st->phase != QP_MOVE || st->npend > 0)
		return true;
	s = q_scn(g);
	for (int k = 0; k < n; k++) {
		const struct action *a = &c[k].a;
		if (a->kind != QA_MOVE && a->kind != QA_ENTER)
			continue;
		int dest = a->arg[a->n - 1], me = s->u[a->arg[0]].side;
		for (int d = 0; d < 6; d++) {
			int j = map_nb(&s->map, dest, d), stk[Q_STACK_MAX];
			if (j >= 0 && q_stack(g, j, stk, Q_STACK_MAX) > 0 && s->u[stk[0]].side != me)
				return true;
		}
	}
	return false;
}

bool ai_knows(int kind, const struct rules *r)
{
	return kind == AI_SEARCH || kind == AI_GREEDY ? r == &quad_rules || r == &cotlb_rules || r == &siege_rules : true;
}

int greedy_choose(struct game *g, struct action *out, int samples)
{
	return greedy_choose_w(g, out, samples, &greedy_default_weights);
}

int greedy_choose_w(struct game *g, struct action *out, int samples, const struct greedy_weights *wt)
{
	struct ai_cand c;
	if (greedy_candidates_w(g, &c, 1, samples < 1 ? 1 : samples, wt) < 1)
		return -1;
	*out = c.a;
	return 0;
}
