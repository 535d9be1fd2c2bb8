/* cgreedy: the greedy computer player for Charge of the Light Brigade games (src/games/cotlb/
 * cgame.c). It sees the game as a person does, through its legal actions and the roster and
 * table (cgame's read-only view), and takes the action that scores best by what it does at once:
 * a volley by the stands that fire and the range, a charge by its chance of winning as the sheet
 * gives it before the dice and what the target is (guns to take, a unit routing), a move by how
 * much nearer it brings the unit to the places its side scores for holding (less where it would
 * leave its brigade commander's radius, or a place it alone keeps: keeps_place; a place another
 * friend keeps with no enemy near draws no one: to_own_objective; off its front arc, on one die,
 * less), a change of formation by what is near (unlimber within
 * range, form square against cavalry, line to fire; column for a long march with no enemy near and
 * line again as one comes: marches; guns its side scores for keeping limber and fall
 * back where the enemy outnumbers them: guns_at_risk), a rally by the markers it clears, a brigade
 * commander's ride by his units toward his radius's edge, a turn in place by what it then faces
 * (the nearest enemy off its front, a place it would then move to); and ends a phase when nothing
 * is worth what it costs (a command point phase's points grow with its round). A move it would choose that
 * a middling throw would leave standing is worth less (cgame_move_lands). Under the "withdraw"
 * plan a unit the enemy outnumbers falls back: it turns about, where it would then get away
 * (cgame_fall_back_lands), and moves away from its nearest enemy. In a command point phase an
 * action costs what the enemy's reaction fire on the unit may take (reaction_cost). No lookahead,
 * no dice rolled: a baseline that plays the scenario's objectives, for the
 * random player to be measured against. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../games/cotlb/cgame.h"
#include "../games/cotlb/croster.h"
#include "../games/cotlb/cseq.h"
#include "../games/cotlb/ctable.h"
#include "ai.h"

#define CG_OBJ_MAX 16
#define CG_SCORED 1024 /* actions whose scores are kept for a second look */
#define CG_TRIES 16    /* moves looked at again for a middling throw (cgame_move_lands) */
#define CG_STANDS 2.0  /* what a move that would leave the unit standing loses */
#define CG_FALL 3.0    /* what falling back is worth to a unit outnumbered (a plan's fall) */
#define CG_THREAT 24   /* inches: a place kept with no enemy stand this near is secure (find_keepers) */
#define CG_GUNS_RISK 1.5 /* the enemy's stands near to the side's: guns to save (guns_at_risk) */
#define CG_LIMBER 4.5  /* what limbering guns at risk to fall back is worth */
#define CG_DENY 1.0    /* a place only the enemy scores for, threatened: above one of the side's */
#define CG_MARCH 3.3   /* what forming column for a long march is worth: above a march's move (3.0) */
#define CG_FAR 30      /* inches: a unit with no enemy this near, and its places as far, marches */
#define CG_FILE 14     /* inches: cavalry forms march column with no friend this near (its file's length) */
#define CG_DEPLOY 24   /* inches: cavalry in march column with an enemy this near forms line */
#define CG_REACT 0.3   /* what each enemy stand that may fire in reaction costs an action bought with
			* points (reaction_cost) */

/* Greedy's plans: the default, and those the search player (csearch, psearch.c) weighs against it
 * by rollouts. Each shifts the scores of a few kinds of action, for either side. */
const struct cgreedy_plan cgreedy_plans[CGREEDY_PLANS] = {
	/* name      charge fire advance spend fall */
	{"default", 0, 0, 1.0, 0, 0},
	{"attack", 3, 0, 1.5, -1, 0},     /* charge at worse odds; close in; spend more points */
	{"hold", -2, 1, 0.3, 0, 0},       /* stand and fire where the side is */
	{"rush", 0, -0.5, 2.5, -1, 0},    /* make for the places the side scores for holding */
	{"steady", -4, 0.5, 1.0, 1, 0},   /* charge only at long odds; keep the command points */
	{"withdraw", -2, 0.5, 0.5, 0, 1.5}, /* fall back from where the enemy outnumbers the side */
};

struct view {
	const struct game *G;    /* for the odds of a charge, as a player asks them (cgame_charge_odds) */
	const struct cgreedy_plan *p;
	const struct ctab *t;
	const struct ctbl *tb;
	const struct cros_oob *o;
	const struct cros_game *g;
	int side;
	struct pl_pt obj[CG_OBJ_MAX]; /* the side's places to hold: each feature's middle */
	int feat[CG_OBJ_MAX];         /* and the features themselves */
	int keeper[CG_OBJ_MAX];       /* the unit that keeps each (keeps_place), -1 none */
	bool secure[CG_OBJ_MAX];      /* kept, and no enemy within CG_THREAT inches */
	int nobj;
	int deny[CG_OBJ_MAX];         /* the places only the enemy scores for (cgame_denials) */
	int ndeny;
	bool answers[CROS_UNITS_MAX]; /* in a command point phase, the enemy units that may fire on a
				       * unit of the side bought an action this round (reaction_cost) */
};

static double inches(int64_t units)
{
	return (double)units / PL_PER_INCH;
}

static double dist(struct pl_pt a, struct pl_pt b)
{
	return inches((int64_t)sqrt((double)(a.x - b.x) * (a.x - b.x) + (double)(a.y - b.y) * (a.y - b.y)));
}

static int arm(const struct view *v, int i)
{
	return v->tb->base[v->o->u[i].type].arm;
}

static int stands(const struct view *v, int i)
{
	return ctab_stands(v->t, v->o->u[i].type, v->g->s[i].figures);
}

/* The nearest of the side's places to p, inches (a large number without any). */
static double to_objective(const struct view *v, struct pl_pt p)
{
	double best = 1e9;
	for (int k = 0; k < v->nobj; k++) {
		double d = dist(p, v->obj[k]);
		if (d < best)
			best = d;
	}
	return best;
}

/* The stands of the units of side `side` (not routing) whose centres are within r inches of p,
 * unit skip left out. */
static int stands_near(const struct view *v, int side, struct pl_pt p, double r, int skip)
{
	int n = 0;
	for (int j = 0; j < v->o->n; j++)
		if (j != skip && v->o->u[j].side == side && v->g->s[j].figures && v->g->s[j].pos.on &&
		    !v->g->s[j].routing && dist(p, v->g->s[j].pos.c) <= r)
			n += stands(v, j);
	return n;
}

/* The unit of the side that keeps each of its places: the first of the order of battle (not
 * routing) whose centre is within 4" of the place's middle, -1 none. The others beside it are
 * free to go on: I Troop beside Redoubt No. 4's guns, in the seed-1 greedy game, stood limbered in
 * the valley from turn 9 and held the Heavy Brigade behind it. */
static void find_keepers(struct view *v)
{
	const struct cros_game *g = v->g;
	for (int k = 0; k < v->nobj; k++) {
		v->keeper[k] = -1;
		for (int j = 0; j < v->o->n && v->keeper[k] < 0; j++)
			if (v->o->u[j].side == v->side && g->s[j].figures && g->s[j].pos.on && !g->s[j].routing &&
			    dist(g->s[j].pos.c, v->obj[k]) < 4)
				v->keeper[k] = j;
		v->secure[k] = v->keeper[k] >= 0 && stands_near(v, 1 - v->side, v->obj[k], CG_THREAT, -1) == 0;
	}
}

/* Whether unit i keeps one of the side's places (find_keepers). */
static bool keeps_place(const struct view *v, int i)
{
	for (int k = 0; k < v->nobj; k++)
		if (v->keeper[k] == i)
			return true;
	return false;
}

/* The nearest to p of the side's places that unit i is to make for, inches: those no other friend
 * keeps securely (a large number without any). A place a friend keeps with no enemy near draws no
 * one else to it; one the enemy threatens (the Turks' redoubts at the set-up) still does. */
static double to_own_objective(const struct view *v, int i, struct pl_pt p)
{
	double best = 1e9;
	for (int k = 0; k < v->nobj; k++) {
		double d;
		if (v->secure[k] && v->keeper[k] != i)
			continue;
		if ((d = dist(p, v->obj[k])) < best)
			best = d;
	}
	return best;
}

/* Whether facings a and b (degrees) are within 2 of each other. */
static bool near_bearing(int a, int b)
{
	return abs(pl_norm(a - b + 180) - 180) <= 2;
}

/* Whether a friend of unit i (i left out) holds the place whose point is `at`: stands within 4"
 * and no enemy's. */
static bool friend_holds(const struct view *v, int i, struct pl_pt at)
{
	return stands_near(v, v->side, at, 4, i) > 0 && stands_near(v, 1 - v->side, at, 4, -1) == 0;
}

/* The point of the side's place that bearing b from unit i faces (cgame's turns to face a
 * place), into *at; false when b faces none. */
static bool faced_place(const struct view *v, int i, int b, struct pl_pt *at)
{
	const struct pl_pt here = v->g->s[i].pos.c;
	for (int k = 0; k < v->nobj; k++) {
		*at = ctbl_place_point(v->tb, v->feat[k], here);
		if (near_bearing(b, pl_bearing(here, *at)))
			return true;
	}
	return false;
}

/* Whether unit i would turn to face the side's place at `at` to move there: not where a friend
 * holds it, nor guns unlimbered (greedy does not limber them), nor a unit that faces another
 * place, not held, already (else two places would have it turn from one to the other). */
static bool turn_to_place(const struct view *v, int i, struct pl_pt at)
{
	const struct cros_pos *p = &v->g->s[i].pos;
	if (friend_holds(v, i, at) || p->form == CF_UNLIMBERED)
		return false;
	for (int k = 0; k < v->nobj; k++) {
		const struct pl_pt o = ctbl_place_point(v->tb, v->feat[k], p->c);
		if (dist(p->c, o) >= 4 && pl_in_arc(p->c, p->facing, 45, o) && !friend_holds(v, i, o))
			return false;
	}
	return true;
}

/* The nearest enemy of unit i on the table (-1 none) and its distance between centres. */
static int nearest_enemy(const struct view *v, int i, double *d)
{
	int best = -1;
	*d = 1e9;
	for (int j = 0; j < v->o->n; j++) {
		double x;
		if (v->o->u[j].side == v->o->u[i].side || !v->g->s[j].figures || !v->g->s[j].pos.on)
			continue;
		if ((x = dist(v->g->s[i].pos.c, v->g->s[j].pos.c)) < *d) {
			*d = x;
			best = j;
		}
	}
	return best;
}

static double long_range(const struct view *v, int i)
{
	const struct ctbl_base *b = &v->tb->base[v->o->u[i].type];
	const int w = b->arm == CA_ARTILLERY && v->o->u[i].horse && b->horse_weapon >= 0 ? b->horse_weapon : b->weapon;
	return v->t->weapon[w].long_in;
}

/* What it costs unit i, now within its brigade commander's radius, to move toward `to`: where
 * about half its best dice would take it is beyond the radius and the 7" or so its commander
 * rides a turn, it draws a marker at the next turn's start [BRIGADE COMMANDERS]. */
static double radius_cost(const struct view *v, int i, struct pl_pt to)
{
	const struct cros_game *g = v->g;
	const int k = v->o->u[i].commander, r = v->t->unit[v->o->u[i].type].radius;
	if (k < 0 || !r || !g->cmdr[k].on)
		return 0;
	const struct pl_pt here = g->s[i].pos.c, at = g->cmdr[k].c;
	const double far = dist(here, to), go = inches(ctbl_move_reach(v->t, v->tb, v->o, g, i, to)) / 2;
	if (dist(here, at) > r || far < 1)
		return 0;
	const double f = go < far ? go / far : 1;
	const struct pl_pt end = {(int32_t)(here.x + (to.x - here.x) * f), (int32_t)(here.y + (to.y - here.y) * f)};
	return dist(end, at) > r + 7 ? 0.6 : 0;
}

/* What unit i's move straight at enemy j is worth (CG_MOVE_AT): most when
 * j stands nearer the side's places than i (it moves toward them); not for guns, which fire where
 * they stand, nor for a foot unit holding a place already. */
static double move_at_score(const struct view *v, int i, int j)
{
	const struct cros_game *g = v->g;
	const double now = to_own_objective(v, i, g->s[i].pos.c), there = to_objective(v, g->s[j].pos.c);
	double s = 1.0 + 2.0 * v->p->advance * (now - there) / (now > 1 ? now : 1);
	if (arm(v, i) == CA_ARTILLERY)
		s -= 1.5;
	if (now < 4 && arm(v, i) != CA_CAVALRY && keeps_place(v, i))
		s -= 1.5;
	if (!pl_in_arc(g->s[i].pos.c, g->s[i].pos.facing, 45, g->s[j].pos.c))
		s -= 1.0; /* back or sideways, one die [MOVE (c)]: better to face it first, as a move to a place */
	return s;
}

/* What a place far inches off is worth to a plan that advances by `advance`: most within 12". */
static double place_worth(double advance, double far)
{
	return 1.0 + 1.5 * advance * (far < 12 ? 1.0 : 12 / far);
}

/* What making for a place far inches off is worth (CG_MOVE_TO, and CG_TURN to face it): its
 * place_worth under the plan; and, with no enemy within 24" (clear), a place 12" or more off is
 * worth a first command point round's point at least (2.5 ends that round): the reinforcements
 * march up. */
static double place_score(const struct view *v, double far, bool clear)
{
	const double s = place_worth(v->p->advance, far);
	return far >= 12 && clear && s < 3.0 ? 3.0 : s;
}

/* Whether the enemy's stands (not routing) within 32" of unit i (a gun's long range and a
 * column's move) outnumber the side's within 10", its own counted, by `ratio` or more. */
static bool outnumbered_by(const struct view *v, int i, double ratio)
{
	const struct pl_pt here = v->g->s[i].pos.c;
	const int foes = stands_near(v, 1 - v->side, here, 32, -1), mine = stands_near(v, v->side, here, 10, -1);
	return foes >= ratio * (mine ? mine : 1);
}

/* Whether unit i is guns its side scores for keeping to the end (cgame_guns_kept: the Turkish
 * guns in the redoubts, for the Allies) that the enemy outnumbers CG_GUNS_RISK to one or more
 * where they stand. They limber and fall back rather than be taken where they stand, in every
 * plan: guns taken score for the enemy as guns kept do for the side. */
static bool guns_at_risk(const struct view *v, int i)
{
	return arm(v, i) == CA_ARTILLERY && cgame_guns_kept(v->G, v->side, i) && outnumbered_by(v, i, CG_GUNS_RISK);
}

/* Whether unit i should fall back: under the plan, where the enemy outnumbers it by the plan's
 * ratio or more (the default never does: its units hold where they are); in every plan, guns at
 * risk (guns_at_risk). */
static bool falls_back(const struct view *v, int i)
{
	return (v->p->fall > 0 && outnumbered_by(v, i, v->p->fall)) || guns_at_risk(v, i);
}

/* Whether unit i, in line with its nearest enemy d inches off, is to form column for a march:
 * foot or horse with no enemy within CG_FAR inches and the nearest place it makes for as far or
 * farther, not keeping a place nor falling back. A column moves on a die more than a line
 * [MOVE Chart (a)]: cavalry 4 to 3, infantry 3 to 2; so the brigades far off come up sooner,
 * and with markers or on a slope, where each die makes little, the more so (the Light Brigade,
 * out of Cardigan's radius on the Causeway's slope, crept an inch a move in line). Infantry
 * forms attack column (no march column's -2 in close combat [Close Combat (i)]); cavalry march
 * column, and line again when an enemy comes within CG_DEPLOY inches. */
static bool marches(const struct view *v, int i, double d)
{
	const int a = arm(v, i);
	const struct cros_pos *p = &v->g->s[i].pos;
	return (a == CA_INFANTRY || (a == CA_CAVALRY && !stands_near(v, v->side, p->c, CG_FILE, i))) &&
	       (p->form == CF_LINE || p->form == CF_DOUBLE) && d >= CG_FAR && !keeps_place(v, i) && !falls_back(v, i) &&
	       to_own_objective(v, i, p->c) >= CG_FAR;
}

/* Whether feature f is a place only the enemy scores for (view's deny). */
static bool is_denial(const struct view *v, int f)
{
	for (int k = 0; k < v->ndeny; k++)
		if (v->deny[k] == f)
			return true;
	return false;
}

/* What unit i's move toward place f, which only the enemy scores for, is worth: the side denies
 * it the enemy by a unit standing there (a place is held where no enemy unit stands [Victory]):
 * worth more than making for a place of the side's where an enemy unit (not routing) is within
 * CG_THREAT inches of it, no friend stands there yet and i keeps no place; little otherwise.
 * The greedy Allies that saw only their redoubts let the Russians walk into Balaclava and onto
 * the Col road, 20 points each, in 3-6% of games. */
static double deny_score(const struct view *v, int i, int f, double far)
{
	const struct cros_game *g = v->g;
	double near = 1e9;
	if (cgame_place_units(v->G, v->side, f) || keeps_place(v, i))
		return 0.3; /* a friend denies it already; or the unit keeps one of the side's places
			     * (Redoubt No. 4's guns went for the Col road and gave up the redoubt) */
	for (int j = 0; j < v->o->n; j++)
		if (v->o->u[j].side != v->side && g->s[j].figures && g->s[j].pos.on && !g->s[j].routing) {
			const double d = dist(g->s[j].pos.c, ctbl_place_point(v->tb, f, g->s[j].pos.c));
			near = d < near ? d : near;
		}
	if (near > CG_THREAT)
		return 0.2;
	return place_worth(1.0, far) + CG_DENY; /* in every plan as in the default: the search's plans
						  * that advance less left Balaclava to the Russians */
}

/* Whether unit i stands within its brigade commander's radius (or needs none: guns, a unit
 * without one), so that a marker it rallies off stays off [BRIGADE COMMANDERS]. Each marker takes
 * a pip off each of its move dice [MOVE Chart (f)]: the Light Brigade, 2 markers on it once
 * Cardigan reached it, went on an inch or two a move to the game's end rather than rally. With no
 * enemy within CG_THREAT inches it rallies first (rallies). */
static bool in_radius(const struct view *v, int i)
{
	const int k = v->o->u[i].commander, r = v->t->unit[v->o->u[i].type].radius;
	return k < 0 || !r || (v->g->cmdr[k].on && dist(v->g->s[i].pos.c, v->g->cmdr[k].c) <= r);
}

/* Whether enemy unit j may fire on unit i where both stand, as far as greedy reckons it: j not
 * routing, within j's long range and 75 degrees of its front (a pivot's arc [Fire (g)]), guns
 * unlimbered; sight (a crest, a unit between) is not looked at. */
static bool may_fire_on(const struct view *v, int j, int i)
{
	const struct cros_game *g = v->g;
	const double r = long_range(v, j);
	return g->s[j].figures && g->s[j].pos.on && !g->s[j].routing && r > 0 &&
	       (arm(v, j) != CA_ARTILLERY || g->s[j].pos.form == CF_UNLIMBERED) && dist(g->s[j].pos.c, g->s[i].pos.c) <= r &&
	       pl_in_arc(g->s[j].pos.c, g->s[j].pos.facing, 75, g->s[i].pos.c);
}

/* What an action of unit i bought with command points invites: the enemy's reaction phase
 * answers each unit that used a command point, every enemy unit once, with fire among the rest
 * [Side A Turn (b), (c)]. CG_REACT for each stand of each enemy unit that may fire on i (half at
 * long range) and may answer no friend already bought an action this round (it reacts once, and
 * would anyway). A free action draws none. The greedy Turks that moved off the Causeway in the
 * first command point phase drew all three batteries before them. Against a greedy without the
 * cost, over 100 deals of seeds 2026 and 2027, either side with it gains 2.6-4.5 points. */
static double reaction_cost(const struct view *v, int i)
{
	const struct cros_game *g = v->g;
	double x = 0;
	for (int j = 0; j < v->o->n; j++)
		if (v->o->u[j].side != v->side && !v->answers[j] && may_fire_on(v, j, i))
			x += stands(v, j) * (dist(g->s[j].pos.c, g->s[i].pos.c) <= long_range(v, j) / 2 ? 1.0 : 0.5);
	return CG_REACT * x;
}

/* The view's answers: each enemy unit that may fire on a unit of the side bought an action this
 * round (its reaction would come anyway, whatever else the side buys). The unit scored is never
 * one of those: a unit acts once a phase. */
static void find_answers(struct view *v)
{
	const struct cros_game *g = v->g;
	memset(v->answers, 0, sizeof v->answers);
	if (g->seq.phase != CSEQ_COMMAND)
		return;
	for (int j = 0; j < v->o->n; j++)
		for (int k = 0; k < v->o->n && v->o->u[j].side != v->side && !v->answers[j]; k++)
			v->answers[j] = g->seq.paid[k] && v->o->u[k].side == v->side && g->s[k].figures && may_fire_on(v, j, k);
}

static double action_score(const struct view *v, const struct action *a);

/* An action's score (action_score), less what it invites when bought with points
 * (reaction_cost): not for a unit routing, whose rally is its only way back, nor one falling back
 * (falls_back: guns at risk, a plan's withdrawal), which leaves the enemy's reach, where staying
 * would draw its fire in its own turn as well. */
static double score(const struct view *v, const struct action *a)
{
	const double s = action_score(v, a);
	if (v->g->seq.phase != CSEQ_COMMAND)
		return s;
	switch (a->kind) {
	case CG_MOVE_TO:
	case CG_MOVE_AT:
	case CG_MOVE:
	case CG_FIRE:
	case CG_REFORM:
	case CG_TURN:
	case CG_RALLY:
	case CG_CHARGE: {
		const int i = a->arg[0];
		const double cost = reaction_cost(v, i); /* mostly 0: the rest only then */
		return cost > 0 && !v->g->s[i].routing && !falls_back(v, i) ? s - cost : s;
	}
	default:
		return s;
	}
}

static double action_score(const struct view *v, const struct action *a)
{
	const struct cros_game *g = v->g;
	const int i = a->arg[0], j = a->n > 1 ? a->arg[1] : -1;
	double d;
	switch (a->kind) {
	case CG_FIRST:
		return a->arg[0] == v->side ? 1 : 0; /* act first */
	case CG_END:
		/* a command point phase's action costs its round in points; the reaction phase's
		 * answers are free shots */
		return g->seq.phase == CSEQ_COMMAND ? 1.5 + g->seq.round + v->p->spend
		       : g->seq.phase == CSEQ_ASSAULT ? 0
						    : 0.6;
	case CG_FIRE: {
		double range = long_range(v, i), gap = dist(g->s[i].pos.c, g->s[j].pos.c);
		double s = 1.5 + 0.35 * stands(v, i) * (range > 0 && gap <= range / 2 ? 1.0 : 0.5);
		return s * (arm(v, j) == CA_ARTILLERY ? 1.2 : 1.0) + 0.3 * g->s[j].markers + v->p->fire;
	}
	case CG_CHARGE: {
		/* by the chance of winning, as the sheet gives it before the dice (the table's
		 * modifiers, the markers, the saves: cgame_charge_odds); by the stands on each side
		 * where it is not given */
		const double p = cgame_charge_odds(v->G, i, j);
		double s;
		if (p >= 0) {
			s = 10.0 * (p - 0.55);
		} else {
			const int mine = stands(v, i), theirs = stands(v, j) ? stands(v, j) : 1;
			s = 4.0 * ((double)mine / theirs - 1.1) + 0.7 * (g->s[j].markers - g->s[i].markers);
			if (arm(v, i) == CA_CAVALRY && g->s[j].pos.form == CF_SQUARE)
				s -= 8;
		}
		if (g->s[j].routing)
			s += 4;
		if (arm(v, j) == CA_ARTILLERY && g->s[j].pos.form == CF_UNLIMBERED)
			s += 3; /* guns to take [Close Combat (h)] */
		return s + v->p->charge;
	}
	case CG_RESOLVE:
		return 8;
	case CG_REINFORCE:
	case CG_JOIN:
		return 3;
	case CG_ADVANCE:
		return 2;
	case CG_RALLY:
		if (g->s[i].routing)
			return 6;
		if (g->s[i].markers && in_radius(v, i) && (nearest_enemy(v, i, &d) < 0 || d > CG_THREAT))
			return CG_MARCH + 0.1 * g->s[i].markers; /* before marching on (rallies) */
		return 0.8 + 0.8 * g->s[i].markers;
	case CG_MOVE_AT:
		return move_at_score(v, i, j) - radius_cost(v, i, g->s[j].pos.c);
	case CG_MOVE_TO: {
		/* toward a place of the side's: worth most where no friend holds it yet and the unit
		 * is near it (reinforcements far off march up, but a move at an enemy near the places
		 * comes first) */
		const struct pl_pt here = g->s[i].pos.c, at = ctbl_place_point(v->tb, j, here);
		const double far = dist(here, at);
		if (is_denial(v, j))
			return deny_score(v, i, j, far);
		if (friend_holds(v, i, at))
			return 0.3; /* held by a friend */
		if (keeps_place(v, i)) { /* holding a place already */
			const double s = place_score(v, far, false);
			return arm(v, i) != CA_CAVALRY ? s - 1.5 : s;
		}
		double s = place_score(v, far, nearest_enemy(v, i, &d) < 0 || d > 24) - radius_cost(v, i, at);
		if (!pl_in_arc(here, g->s[i].pos.facing, 45, at))
			s -= 1.0; /* back or sideways, one die [MOVE (c)]: better to face it first (CG_TURN) */
		return s;
	}
	case CG_MOVE: {
		/* forward at its front arc's edge toward a place it cannot move to straight but on one
		 * die (cgame's oblique move): as a move there would score, a little less, and only
		 * where it brings the unit nearer the side's places */
		const struct pl_pt here = g->s[i].pos.c, to = {a->arg[1], a->arg[2]};
		const double now = to_own_objective(v, i, here);
		const int e = nearest_enemy(v, i, &d);
		if (e >= 0 && dist(to, g->s[e].pos.c) > d + 1 && falls_back(v, i))
			return CG_FALL; /* away from the nearest enemy (cgame's fall back) */
		if (to_own_objective(v, i, to) > now - 1)
			return 0;
		return place_score(v, now, e < 0 || d > 24) - 0.2 - radius_cost(v, i, to);
	}
	case CG_REFORM: {
		const int f = a->arg[1], e = nearest_enemy(v, i, &d);
		if (guns_at_risk(v, i))
			return f == CF_LIMBERED ? CG_LIMBER : -1;
		if (arm(v, i) == CA_ARTILLERY)
			return f == CF_UNLIMBERED ? (e >= 0 && d <= long_range(v, i) + 6 ? 3.5 : 0.5) : -1;
		if (f == CF_SQUARE)
			return e >= 0 && d <= 8 && arm(v, e) == CA_CAVALRY && arm(v, i) == CA_INFANTRY ? 4 : -3;
		if (marches(v, i, d) && f == (arm(v, i) == CA_CAVALRY ? CF_MARCH : CF_ATTACK))
			return CG_MARCH;
		if (f == CF_MARCH)
			return e >= 0 && d < 30 ? -3 : 0.2;
		if (f == CF_LINE && g->s[i].pos.form == CF_MARCH && arm(v, i) == CA_CAVALRY)
			return e >= 0 && d < CG_DEPLOY ? CG_MARCH + 0.2 : 0.3; /* deploy to charge [Close Combat (i)] */
		if (f == CF_LINE)
			return e >= 0 && d <= 16 ? 1.6 : 0.3;
		return 0.1;
	}
	case CG_TURN: {
		/* cgame offers a turn to face its nearest enemy (by the footprints' centres, which
		 * may not be this view's nearest), away from it when it is near, and to face the
		 * places the unit's moves make for */
		const struct pl_pt here = g->s[i].pos.c;
		const int e = nearest_enemy(v, i, &d), b = a->arg[1];
		struct pl_pt at;
		if (e < 0 || !near_bearing(b, pl_bearing(here, g->s[e].pos.c))) {
			if (e >= 0 && near_bearing(b, pl_bearing(g->s[e].pos.c, here)))
				/* about, away from it, to fall back on all its dice; not otherwise, nor
				 * guns unlimbered (greedy limbers only guns at risk, guns_at_risk: the others
				 * stand and fire), nor where the ground behind would hold it (the marines on
				 * their heights) */
				return falls_back(v, i) && g->s[i].pos.form != CF_UNLIMBERED && cgame_fall_back_lands(v->G, i)
					       ? CG_FALL - 0.1
					       : 0;
			const bool placed = faced_place(v, i, b, &at);
			if (placed || e < 0) {
				/* to face a place of the side's: as a move there forward would score, a
				 * little less; only away from the enemy, and not where it would not move
				 * there (turn_to_place) */
				const double far = to_own_objective(v, i, here);
				return (e >= 0 && d <= 24) || far < 4 || (placed && !turn_to_place(v, i, at))
					       ? 0
					       : place_score(v, far, true) - 0.3;
			}
		}
		/* to face an enemy: worth an action where the nearest is within reach and not in the
		 * unit's front already, 45 degrees either side (else two enemies about as near would
		 * have it turn from one to the other each phase) */
		const double reach = long_range(v, i) + 4;
		return d <= reach && !pl_in_arc(here, g->s[i].pos.facing, 45, g->s[e].pos.c) ? 1.4 : 0.1;
	}
	case CG_LEAD: {
		/* a brigade commander rides for the middle of his units: free (no unit's action), so
		 * after the units' own actions, and worth a little more the more of them are toward
		 * the edge of his radius [BRIGADE COMMANDERS] */
		const struct pl_pt at = g->cmdr[i].c, to = {a->arg[1], a->arg[2]};
		int out = 0;
		for (int u = 0; u < v->o->n; u++) {
			const int r = v->t->unit[v->o->u[u].type].radius;
			if (v->o->u[u].commander == i && r && g->s[u].figures && g->s[u].pos.on && !g->s[u].routing &&
			    dist(at, g->s[u].pos.c) > 0.75 * r)
				out++;
		}
		return out ? 0.7 + 0.05 * (out < 6 ? out : 6) : dist(at, to) > 3 ? 0.65 : 0;
	}
	default:
		return 0;
	}
}

int cgreedy_choose(struct game *g, struct action *out)
{
	return cgreedy_choose_plan(g, out, 0);
}

/* Greedy's view of game g for the side to act, under plan. */
static void view_init(struct view *v, const struct game *g, int plan)
{
	*v = (struct view){.G = g, .p = &cgreedy_plans[plan >= 0 && plan < CGREEDY_PLANS ? plan : 0],
			   .t = cgame_sheet(g), .tb = cgame_table(g), .o = cgame_oob(g), .g = cgame_roster(g)};
	v->side = g->rules->to_act(g);
	v->nobj = cgame_objectives(g, v->side, v->feat, CG_OBJ_MAX);
	for (int k = 0; k < v->nobj; k++)
		v->obj[k] = ctbl_feature_middle(v->tb, v->feat[k]);
	v->ndeny = cgame_denials(g, v->side, v->deny, CG_OBJ_MAX);
	find_keepers(v);
	find_answers(v);
}

double cgreedy_score(const struct game *g, const struct action *a, int plan)
{
	struct view v;
	view_init(&v, g, plan);
	return score(&v, a);
}

int cgreedy_choose_plan(struct game *g, struct action *out, int plan)
{
	struct view v;
	struct action *list;
	int n = ai_actions(g, &list), best = -1;
	double top = -1e18, sc[CG_SCORED];
	if (n <= 0) {
		ai_actions_done(g, list);
		return -1;
	}
	view_init(&v, g, plan);
	for (int k = 0; k < n; k++) {
		/* ties broken at random, from the game's AI stream */
		double s = score(&v, &list[k]) + 1e-3 * (double)rng_below(&g->ai, 1000) / 1000;
		if (k < CG_SCORED)
			sc[k] = s;
		if (s > top) {
			top = s;
			best = k;
		}
	}
	/* a move a middling throw would leave standing (a friend where it would end, the low die
	 * and the ground's penalty taking all) is worth less: the next best is looked at, up to
	 * CG_TRIES times (each look plans the move; with 4, a phase whose four best were moves at an
	 * enemy behind a friend took the fifth unlooked at, and seed 1 had 49 moves stand, not 5) */
	for (int t = 0; t < CG_TRIES && n <= CG_SCORED; t++) {
		const int kind = list[best].kind;
		if ((kind != CG_MOVE_AT && kind != CG_MOVE_TO && kind != CG_MOVE) || cgame_move_lands(g, &list[best]))
			break;
		sc[best] -= CG_STANDS;
		top = -1e18;
		for (int k = 0; k < n; k++)
			if (sc[k] > top) {
				top = sc[k];
				best = k;
			}
	}
	*out = list[best];
	ai_actions_done(g, list);
	return 0;
}
