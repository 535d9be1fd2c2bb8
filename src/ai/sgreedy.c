/* sgreedy: the greedy computer player for Sevastopol games (src/games/siege/splay.c). It sees
 * the game as a person does, through its legal actions and the game's read-only view (the roster,
 * the charts, the approaches and their works), and takes the action that scores best by what it
 * does at once. The Allies pick for each Siege Area the approach whose bastion is nearest (a
 * major one first) and spend their points, rounds and assaults there: every round at the
 * bastions they approach, every point on the works toward them (repairs first), Supply Boxes kept
 * manned for the rounds due, the parallels garrisoned [10.5], and an assault with every brigade
 * they may activate as soon as the works stand within an assault's reach (the scenario's 750
 * yards) of a bastion battered to Strength Level 2 or less or thinly held (or the siege is near
 * its end): waiting for the works to close in costs more men to the Russian guns [8.94] than it
 * saves. The Russians keep their guns in the firing boxes, their bastions garrisoned by the
 * threat against them (works that may be within reach after the Allies' next Construction
 * Segment), but a battered bastion only two strong between assaults, the rest waiting on the map
 * out of the Allied guns' fire [8.91], [8.92] until an assault brings them in; the North Shore
 * box manned, every round at the nearest works, every point on the threatened bastions, a field
 * army sent whenever one may go, and in an assault their reserves in the positions and their
 * melees where the odds are fair. No lookahead, no dice rolled. */
#include <stdlib.h>
#include <string.h>

#include "../games/siege/soob.h"
#include "../games/siege/splay.h"
#include "../games/siege/sref.h"
#include "../games/siege/sroster.h"
#include "../games/siege/stab.h"
#include "ai.h"

#define STEP 150 /* yards: a line of works, as far as the Allies dig in a Game-Turn [9.35] */
#define THIN 2   /* a bastion's Strength Level at or under which its garrison is shot to pieces
		  * [8.91], [8.92]: it keeps two between assaults, and the rest wait on the map */

/* Greedy's plans: the default, and those the search player (ssearch.c) weighs against it by
 * rollouts. Each is a whole style of play for either side; a side reads its own fields. */
const struct sgreedy_plan sgreedy_plans[SGREEDY_PLANS] = {
	/* name     near level late major hold intervene */
	{"default", 750, 2, 3, 300, 0, 1}, /* storm once in reach (at most the scenario's reach) */
	{"bold", 450, 3, 4, 300, 1, 1},    /* close to 450 yards first; more men where the works
					    * close in */
	{"patient", 300, 1, 1, 300, 2, 1}, /* close to 300 yards and storm a ruined bastion only;
					    * thick garrisons */
	{"near", 300, 2, 3, 0, -1, 0},     /* the nearest bastion, major or not, from 300 yards;
					    * thin garrisons; no field army sent */
	{"late", 150, 8, 3, 300, 3, 1},    /* storm from the last parallel whatever the level; the
					    * threatened bastions packed */
};

struct view {
	const struct game *G;
	const struct sgreedy_plan *p;
	const struct sob *o;
	const struct stab *t;
	const struct sros_game *g;
	int side;              /* 0 the Russians, 1 the Allies */
	int focus[SOB_AREAS];  /* each Allied area's approach to work on, or -1 */
	int front[SPLAY_APPROACHES];
	int threat[SOB_BASTIONS]; /* yards of the nearest works to each bastion */
	int garrison[SOB_AREAS];  /* infantry each Allied area keeps for its parallels [10.5] */
	int reach;                /* yards within which works let an assault be announced */
	int danger;               /* yards of works that threaten a bastion: within reach after the
				   * Allies' next Construction Segment, which comes before the
				   * Russians move again [4.0] */
	int near;                 /* yards within which the Allies storm (the plan's, at most reach) */
};

/* Units due in nation's Supply Box for this Game-Turn's or the next's rounds [8.18]. */
static int supply_need(const struct view *v, int nation)
{
	int need = 0;
	for (int t = v->g->turn; t <= v->g->turn + 1 && t <= STAB_TURNS; t++) {
		int u = v->t->ammo[t - 1][3 * nation];
		if (u != STAB_NONE && u > need)
			need = u;
	}
	return need;
}

static int count_where(const struct view *v, int nation, int where, int box)
{
	int n = 0;
	for (int i = 0; i < v->o->n; i++)
		n += v->o->u[i].nation == nation && v->o->u[i].kind == SK_INFANTRY && v->g->s[i].where == where &&
		     (where == SW_MAP || v->g->s[i].box == box);
	return n;
}

/* Russian infantry wanted in bastion b: two, more as the works close in, but only two in a
 * battered bastion between assaults (THIN). */
static int garrison_want(const struct view *v, int b)
{
	int want = 2;
	if (v->g->strength[b] <= THIN && !v->g->assault)
		return want;
	if (v->threat[b] <= v->danger)
		want += 3 + v->p->hold;
	if (v->threat[b] <= 300)
		want += 3;
	return want < v->o->b[b].positions ? want : v->o->b[b].positions;
}

static int russians_in(const struct view *v, int b)
{
	return count_where(v, SN_RUSSIAN, SW_BASTION, b);
}

/* Allied infantry wanted in area a: the parallels' garrison [10.5] and the diggers where the
 * nation's engineer is (new works need him [9.24]), the garrison alone elsewhere. */
static int area_want(const struct view *v, int a)
{
	int nation = v->o->a[a].nation;
	for (int i = 0; i < v->o->n; i++)
		if (v->o->u[i].nation == nation && v->o->u[i].kind == SK_ENGINEER &&
		    !(v->g->s[i].where == SW_AREA && v->g->s[i].box == a))
			return v->garrison[a] + 1;
	return nation == SN_BRITISH ? 10 : 14;
}

static int move_score(const struct view *v, int i, int place)
{
	const struct sob_unit *u = &v->o->u[i];
	const struct sros_unit *s = &v->g->s[i];
	int where = place / 16, box = place % 16;
	if (u->nation == SN_RUSSIAN) {
		if (u->kind == SK_SIEGE || u->kind == SK_MORTAR) /* into a firing box, the most threatened */
			return where == SW_BASTION ? 50 + (v->threat[box] < 1500 ? (1500 - v->threat[box]) / 50 : 0) : 0;
		if (u->kind != SK_INFANTRY && u->kind != SK_FIELD)
			return 0;
		if (where == SW_SUPPLY) { /* infantry fetches the rounds [8.13] (sroster's count) */
			int have = sros_in_supply(v->o, v->g, SN_RUSSIAN);
			return u->kind == SK_INFANTRY && !s->converted && have < supply_need(v, SN_RUSSIAN) ? 30 : -5;
		}
		if (s->where == SW_SUPPLY && sros_in_supply(v->o, v->g, SN_RUSSIAN) <= supply_need(v, SN_RUSSIAN))
			return -5;
		if (where == SW_BASTION) {
			int lack = garrison_want(v, box) - russians_in(v, box);
			if (u->kind == SK_FIELD) /* a field battery where the works are nearest */
				return v->threat[box] <= v->danger && s->where != SW_BASTION ? 20 : -1;
			if (s->where == SW_BASTION && garrison_want(v, s->box) >= russians_in(v, s->box))
				return -1;
			return lack > 0 ? 10 + lack : -1;
		}
		if (where == SW_MAP && s->where == SW_BASTION)
			return russians_in(v, s->box) > garrison_want(v, s->box) ? 2 : -1;
		return -1;
	}
	/* the Allies */
	if (u->kind != SK_INFANTRY || splay_named(v->G, i)) /* a brigade named for the assault stays */
		return -1;
	if (s->where == SW_AREA && where != SW_AREA &&
	    count_where(v, u->nation, SW_AREA, s->box) <= v->garrison[s->box] + 1) /* [10.5] */
		return -10;
	if (where == SW_SUPPLY) {
		int nation = box, have = count_where(v, nation, SW_SUPPLY, nation);
		if (nation == SN_BRITISH && u->nation == SN_FRENCH)
			return -1;
		/* the Guards and the British 1st Division may not dig [9.38]: they fetch the rounds */
		return have < supply_need(v, nation) ? 20 + (u->guards || !strcmp(u->division, "1") ? 5 : 0) : -5;
	}
	if (where == SW_AREA) {
		int have = count_where(v, u->nation, SW_AREA, box);
		if (s->where != SW_AREA && have < v->garrison[box]) /* short of its parallels' garrison: */
			return 25;                                    /* a night sortie else [10.5] */
		if (s->where == SW_SUPPLY &&
		    count_where(v, u->nation, SW_SUPPLY, u->nation) <= supply_need(v, u->nation))
			return -5;
		if (s->where == SW_AREA) /* between areas: only toward an area short of men */
			return have < area_want(v, box) && count_where(v, u->nation, SW_AREA, s->box) > area_want(v, s->box) ? 3 : -1;
		return have < area_want(v, box) ? 8 : 1;
	}
	return -1;
}

/* The attack a melee on d would bring: each side's strength, up to six attackers. */
static int odds_col(const struct view *v, int d)
{
	const struct sob *o = v->o;
	int top[6] = {0}, b, sum = 0;
	bool russian_def = o->u[d].nation == SN_RUSSIAN, reserve_used = false;
	struct err e;
	if (russian_def) {
		b = v->g->s[d].box;
	} else {
		bool in;
		if (splay_assault_unit(v->G, d, &b, &in) < 0)
			return -1;
	}
	for (int i = 0; i < o->n; i++) {
		int aim = -1, dist;
		bool in = false;
		if (russian_def) {
			dist = splay_assault_unit(v->G, i, &aim, &in);
			if (dist < 0 || aim != b || (dist > 0 && !in))
				continue;
		} else if (!(o->u[i].nation == SN_RUSSIAN && o->u[i].kind == SK_INFANTRY && v->g->s[i].where == SW_BASTION &&
			     v->g->s[i].box == b && !v->g->s[i].converted)) {
			continue;
		} else if (splay_in_reserve(v->G, i)) { /* [14.18]: one of the Reserve Box, on a unit in the positions */
			int daim;
			bool din = false;
			(void)splay_assault_unit(v->G, d, &daim, &din);
			if (!din || reserve_used)
				continue;
			reserve_used = true;
		}
		for (int k = 0; k < 6; k++)
			if (o->u[i].strength > top[k]) {
				memmove(top + k + 1, top + k, sizeof top[0] * (size_t)(5 - k));
				top[k] = o->u[i].strength;
				break;
			}
	}
	for (int k = 0; k < 6; k++)
		sum += top[k];
	return sref_melee_col(sum, o->u[d].kind == SK_FIELD || v->g->s[d].converted ? 2 : o->u[d].strength, &e);
}

static int score(const struct view *v, const struct action *a)
{
	const struct sros_game *g = v->g;
	const struct sob *o = v->o;
	switch (a->kind) {
	case SP_END:
		return 0;
	case SP_INTERVENE: /* Inkerman takes men from the works, Balaclava the British rounds */
		if (!v->p->intervene)
			return -1;
		return a->arg[0] == SB_INKERMAN ? 30 : a->arg[0] == SB_BALACLAVA ? 20 : 10;
	case SP_TAKEOFF:
		return 1;
	case SP_REPLACE: {
		int where = a->arg[1] / 16;
		if (o->u[a->arg[0]].nation == SN_RUSSIAN)
			return where == SW_BASTION ? 5 + garrison_want(v, a->arg[1] % 16) - russians_in(v, a->arg[1] % 16)
			       : where == SW_MAP ? 4 : 1;
		if (where == SW_AREA)
			return 5 + (count_where(v, o->u[a->arg[0]].nation, SW_AREA, a->arg[1] % 16) <
				    v->garrison[a->arg[1] % 16] + 2 ? 5 : 0);
		return where == SW_SUPPLY ? 3 : 1;
	}
	case SP_CONVERT:
		return 5;
	case SP_MOVE:
		return move_score(v, a->arg[0], a->arg[1]);
	case SP_BOMBARD: {
		const struct splay_approach *ap = splay_approach(v->G, a->arg[1]);
		if (o->u[a->arg[0]].nation == SN_RUSSIAN) /* at the works nearest the bastion */
			return 10 + (2000 - v->front[a->arg[1]]) / 100;
		/* at the bastions approached, the weakest first */
		return 10 + (v->focus[ap->area] == a->arg[1] ? 20 : 0) + (8 - g->strength[ap->bastion]) +
		       (2000 - v->front[a->arg[1]]) / 200;
	}
	case SP_REPAIR:
		return 40;
	case SP_DIG: {
		const struct splay_approach *ap = splay_approach(v->G, a->arg[0]);
		return v->focus[ap->area] == a->arg[0] ? 30 : 5;
	}
	case SP_LINK:
		return 2;
	case SP_STORM: {
		const struct splay_approach *best = NULL;
		int b = a->arg[1], k;
		for (k = 0; k < splay_napproaches(v->G); k++) {
			const struct splay_approach *ap = splay_approach(v->G, k);
			if (ap->bastion == b && v->focus[ap->area] == k && v->front[k] <= v->near)
				best = ap;
		}
		if (!best)
			return -1;
		{ /* the brigade's units that reach, and those named already for the bastion: three must
		   * hold the positions [11.31] */
			const char *name = splay_brigade(v->G, a->arg[0]);
			int mine = 0, named = 0;
			for (int i = 0; i < o->n; i++) {
				int ak;
				if (o->u[i].kind != SK_INFANTRY || g->s[i].where != SW_AREA || g->s[i].worked)
					continue;
				for (ak = 0; ak < splay_napproaches(v->G); ak++)
					if (splay_approach(v->G, ak)->area == g->s[i].box && splay_approach(v->G, ak)->bastion == b &&
					    v->front[ak] <= v->near && splay_approach_open(v->G, ak))
						break;
				if (ak == splay_napproaches(v->G))
					continue;
				mine += name && !strcmp(o->u[i].brigade, name);
				named += splay_named(v->G, i);
			}
			if (mine < 2 || mine + named < 3)
				return -1;
		}
		/* a battered bastion, a thinly held one (two Russians or fewer), or the siege's last turns */
		return g->strength[b] <= v->p->storm_level || russians_in(v, b) <= 2 || g->turn > STAB_TURNS - v->p->storm_late
		       ? 50 : -1;
	}
	case SP_FORTIFY: {
		int b = a->arg[0];
		if (g->strength[b] < 3)
			return 40;
		return v->threat[b] <= v->danger ? 20 + (v->danger - v->threat[b]) / 50 : -1;
	}
	case SP_GO:
		return 10;
	case SP_ABORT:
		return 0;
	case SP_FIRE:
		return 10;
	case SP_MELEE: {
		int col = odds_col(v, a->arg[0]);
		if (o->u[a->arg[0]].nation == SN_RUSSIAN) /* the Allies clear the positions: any fair fight */
			return col >= 2 ? 10 + col : -1;
		{
			int aim;
			bool in = false;
			(void)splay_assault_unit(v->G, a->arg[0], &aim, &in);
			return col >= (in ? 2 : 3) ? 10 + col + 5 * in : -1;
		}
	}
	case SP_MAN:
		return 20;
	case SP_RESERVE:
		return 10;
	default:
		return -1;
	}
}

int sgreedy_choose(struct game *G, struct action *out)
{
	return sgreedy_choose_plan(G, out, 0);
}

int sgreedy_choose_plan(struct game *G, struct action *out, int plan)
{
	struct view v = {.G = G, .o = splay_oob(G), .t = splay_tables(G), .g = splay_roster(G),
			 .p = &sgreedy_plans[plan >= 0 && plan < SGREEDY_PLANS ? plan : 0]};
	struct action *list;
	int n = ai_actions(G, &list), best = -1, na = splay_napproaches(G);
	double top = -1e18;
	if (n <= 0) {
		ai_actions_done(G, list);
		return -1;
	}
	v.side = G->rules->to_act(G);
	v.reach = splay_reach(G);
	v.danger = v.reach + STEP;
	v.near = v.p->storm_near < v.reach ? v.p->storm_near : v.reach;
	for (int b = 0; b < SOB_BASTIONS; b++)
		v.threat[b] = 99999;
	for (int a = 0; a < SOB_AREAS; a++) {
		v.focus[a] = -1;
		v.garrison[a] = 0;
	}
	for (int k = 0; k < na; k++) {
		const struct splay_approach *ap = splay_approach(G, k);
		int depth, work, damaged, best_k, w;
		v.front[k] = splay_works(G, k, &depth, &work, &damaged);
		w = 4 * depth + work - damaged; /* the undamaged parallels want a unit each, four at most [10.5] */
		v.garrison[ap->area] += w > 0 ? 3 * (w / 4) + (w % 4 > 1 ? w % 4 - 1 : 0) : 0;
		if (v.garrison[ap->area] > 4)
			v.garrison[ap->area] = 4;
		if ((depth || work) && v.front[k] < v.threat[ap->bastion])
			v.threat[ap->bastion] = v.front[k];
		if (v.g->captured[ap->bastion] || v.g->turn < v.o->a[ap->area].active || !splay_approach_open(G, k))
			continue; /* (closed: works out from a bastion not yet captured, [8.82]) */
		/* each area's nearest bastion, a major one first (two bastions, one major, win [19.0]) */
		best_k = v.focus[ap->area];
		if (best_k < 0 || v.front[k] - v.p->major_pull * v.o->b[ap->bastion].major <
				      v.front[best_k] - v.p->major_pull * v.o->b[splay_approach(G, best_k)->bastion].major)
			v.focus[ap->area] = k;
	}
	for (int k = 0; k < n; k++) {
		/* ties broken at random, from the game's AI stream */
		double s = score(&v, &list[k]) + 1e-3 * (double)rng_below(&G->ai, 1000) / 1000;
		if (s > top) {
			top = s;
			best = k;
		}
	}
	*out = list[best];
	ai_actions_done(G, list);
	return 0;
}
