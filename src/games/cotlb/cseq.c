/* cseq: the sequence of play kept in a game (cseq.h). */
#include "cseq.h"

#include <stdio.h>
#include <string.h>

#include "ctable.h"

const char *const cseq_act_name[CSEQ_ACTS] = {
	"move", "move at an enemy", "change of formation", "unlimbering", "change of facing", "fire", "close combat",
	"rally", "reinforcement", "reinforcement in contact",
};
const char *const cseq_phase_name[CSEQ_PHASES] = {
	"no sequence kept", "initiative", "free action phase", "command point phase", "reaction phase",
	"close assault resolution",
};

static const char *const ordinal[] = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"};

static const char *nth(int k)
{
	return k >= 1 && k <= 8 ? ordinal[k - 1] : "next";
}

/* Side A of the half of the turn being played: the side that acts in its free action and
 * command point phases [Side A Turn]; in side B's turn the roles switch [Side B Turn (a)]. */
static int side_a(const struct cros_seq *s)
{
	return s->half ? 1 - s->first : s->first;
}

int cseq_acting(const struct cros_game *g)
{
	const struct cros_seq *s = &g->seq;
	if (s->phase == CSEQ_FREE || s->phase == CSEQ_COMMAND)
		return side_a(s);
	if (s->phase == CSEQ_REACTION)
		return 1 - side_a(s);
	return -1;
}

/* Whether a unit is marked in map (one of the sequence's per-unit arrays). */
static bool any_of(const struct cros_game *g, const unsigned char *map)
{
	for (int i = 0; i < g->n; i++)
		if (map[i])
			return true;
	return false;
}

/* The units marked in map, as a list for a refusal or the status: "kiev1, kiev2", or with at
 * (map holding 1 + the unit each is at) "kiev1 at 93rd, ..."; none when there are none. */
static void unit_list(const struct cros_oob *o, const struct cros_game *g, const unsigned char *map, bool at_unit,
		      const char *none, char *out, size_t n)
{
	size_t at = 0;
	out[0] = 0;
	for (int i = 0; i < g->n && at < n; i++)
		if (map[i])
			at += (size_t)snprintf(out + at, n - at, "%s%s%s%s", at ? ", " : "", o->u[i].id, at_unit ? " at " : "",
					       at_unit ? o->u[map[i] - 1].id : "");
	if (!out[0])
		snprintf(out, n, "%s", none);
}

/* The units that bought an action in this round ("kiev1, kiev2"). */
static void paid_list(const struct cros_oob *o, const struct cros_game *g, char *out, size_t n)
{
	unit_list(o, g, g->seq.paid, false, "none", out, n);
}

/* The close assaults to resolve ("kiev1 at 93rd, ..."). */
static void assault_list(const struct cros_oob *o, const struct cros_game *g, char *out, size_t n)
{
	unit_list(o, g, g->seq.assault, true, "none left", out, n);
}

/* The section of the k-th command point phase: (b) the first, (e) the second, (h) the later. */
static const char *round_case(int k)
{
	return k == 1 ? "[Side A Turn (b)]" : k == 2 ? "[Side A Turn (e)]" : "[Side A Turn (h)]";
}

/* The reaction phase of round k: side B's units may answer a unit that used a command point,
 * and only so [Side A Turn (c) 1-4]; side A's units do not act (a close assault is an action:
 * side A buys it in a command point phase, where it is ruled). Sets *mark: whether the action is
 * the unit's one reaction (or, for a reaction charge's close assault, completes it). */
static int may_react(const struct cros_oob *o, const struct cros_game *g, int i, int a, int target, int arm,
		     bool *mark, struct err *e)
{
	const struct cros_seq *s = &g->seq;
	const char *id = o->u[i].id;
	char who[512];
	*mark = false;
	if (o->u[i].side == side_a(s))
		return err_set(e, NULL, 0, "[Side A Turn (c)] the reaction phase is the %s side's: %s acts again in the next "
			       "command point phase (next)", o->side[1 - side_a(s)], id);
	paid_list(o, g, who, sizeof who);
	if (a == CSEQ_CHARGE)
		return err_set(e, NULL, 0, "[Side A Turn (c) 4] a reaction charge's close assault is resolved after the reaction "
			       "phase, with the command point phase's [Side A Turn (d)] (next)");
	if (s->acted[i])
		return err_set(e, NULL, 0, "[Side A Turn (c)] %s has reacted in this phase (%s): a unit reacts once", id,
			       cseq_act_name[s->acted[i] - 1]);
	*mark = true;
	switch (a) {
	case CSEQ_TURN:
		return 0; /* [Side A Turn (c) 2] turns in place in hopes of a shot later */
	case CSEQ_UNLIMBER:
		if (arm >= 0 && arm != CA_ARTILLERY)
			return err_set(e, NULL, 0, "[Side A Turn (c) 3] only artillery unlimbers in reaction");
		return 0;
	case CSEQ_FIRE:
		if (arm == CA_CAVALRY)
			return err_set(e, NULL, 0, "[Side A Turn (c) 1] infantry, dismounted cavalry and artillery fire in reaction, "
				       "not mounted cavalry (its reaction is a charge)");
		if (target < 0)
			return err_set(e, NULL, 0, "[Side A Turn (c) 1] reaction fire is at a unit that used a command point: name it "
				       "(--at ID; this round: %s)", who);
		if (!s->paid[target])
			return err_set(e, NULL, 0, "[Side A Turn (c) 1] reaction fire is only at a unit that used a command point, "
				       "not %s (this round: %s)", o->u[target].id, who);
		return 0;
	case CSEQ_MOVE_AT:
	case CSEQ_CHARGE:
		if (arm >= 0 && arm != CA_CAVALRY)
			return err_set(e, NULL, 0, "[Side A Turn (c) 4] only cavalry charges in reaction; %s may fire, turn in "
				       "place or unlimber", id);
		if (target < 0 || !s->paid[target])
			return err_set(e, NULL, 0, "[Side A Turn (c) 4] a reaction charge is at a unit that used a command point "
				       "(this round: %s)", who);
		return 0;
	case CSEQ_REINFORCE:
	case CSEQ_JOIN: {
		/* [Close Combat (b)] "the defending units being charged gets to react in the reaction
		 * phase ONLY if the attacker was using command point(s)" */
		int by = -1;
		for (int k = 0; target >= 0 && k < g->n && by < 0; k++)
			if (s->assault[k] == 1 + target && s->paid[k])
				by = k;
		int joined = 0;
		if (g->s[i].routing)
			return err_set(e, NULL, 0, "[MORALE (d)] %s is routing: its action is to try to regain its morale", id);
		if (a == CSEQ_REINFORCE && arm >= 0 && arm != CA_INFANTRY)
			return err_set(e, NULL, 0, "[Close Combat (b)] a double line is formed by infantry in line, not by %s", id);
		if (a == CSEQ_JOIN && arm == CA_ARTILLERY)
			return err_set(e, NULL, 0, "[Close Combat (b)] friendly infantry or cavalry reinforce a charged unit, not %s",
				       id);
		if (target < 0 || target == i || o->u[target].side != o->u[i].side || by < 0) {
			assault_list(o, g, who, sizeof who);
			return err_set(e, NULL, 0, "[Close Combat (b)] a unit reinforces a friend charged by an enemy that used "
				       "command points (this round's close assaults: %s)", who);
		}
		if (a == CSEQ_REINFORCE && s->reinf[target])
			return err_set(e, NULL, 0, "[Close Combat (b)] %s is reinforced already, by %s", o->u[target].id,
				       o->u[s->reinf[target] - 1].id);
		for (int k = 0; k < g->n; k++)
			joined += s->contact[k] == 1 + target;
		if (a == CSEQ_JOIN && joined >= CSEQ_JOIN_MAX)
			return err_set(e, NULL, 0, "[Close Combat (b)] %d units reinforce %s already: the most a close combat "
				       "holds", joined, o->u[target].id);
		return 0;
	}
	default:
		return err_set(e, NULL, 0, "[Side A Turn (c)] reaction is fire, a turn in place, unlimbering, a cavalry "
			       "charge or a reinforcement, not a %s", cseq_act_name[a]);
	}
}

/* The whole check; *mark: whether the action counts as the unit's action in the phase. */
static int may(const struct cros_oob *o, const struct cros_game *g, int i, int a, int target, int arm, bool ace,
	       int *cost, bool *mark, struct err *e)
{
	const struct cros_seq *s = &g->seq;
	const struct cros_state *u = &g->s[i];
	const char *id = o->u[i].id;
	int own;
	*cost = 0;
	*mark = false;
	if (a < 0 || a >= CSEQ_ACTS)
		return err_set(e, NULL, 0, "no such action");
	switch (s->phase) {
	case CSEQ_OFF:
		return 0;
	case CSEQ_INITIATIVE:
		return err_set(e, NULL, 0, "[Initiative (a)] turn %d starts with the initiative: roll it (initiative --dice A,B), "
			       "then next (--first SIDE: the winner's choice of who acts first)", g->turn);
	case CSEQ_REACTION:
		return may_react(o, g, i, a, target, arm, mark, e);
	case CSEQ_ASSAULT:
		/* [Side A Turn (d)]: the close assaults bought in the command point phase and the
		 * reaction charges' that connected, each once, at its target; a winner at twice the
		 * total fights on [Close Combat (f)] */
		if (a == CSEQ_CHARGE && target >= 0 && (s->assault[i] == 1 + target || s->locked[i] == 1 + target))
			return 0;
		{
			char who[512];
			assault_list(o, g, who, sizeof who);
			return err_set(e, NULL, 0, "[Side A Turn (d)] this phase resolves the close assaults declared (%s), each "
				       "once at its target, not %s's %s", who, id, cseq_act_name[a]);
		}
	default:
		break;
	}
	if (a == CSEQ_REINFORCE || a == CSEQ_JOIN)
		return err_set(e, NULL, 0, "[Close Combat (b)] a reinforcement is a reaction to a close assault bought with "
			       "command points, in the reaction phase after it, not in the %s", cseq_phase_name[s->phase]);
	if (o->u[i].side != side_a(s)) {
		if (s->phase == CSEQ_FREE)
			return err_set(e, NULL, 0, "[Side A Turn (a)] the free action phase is the %s side's: %s may not act in it (a "
				       "unit being charged may withdraw)", o->side[side_a(s)], id);
		return err_set(e, NULL, 0, "[Side A Turn (c)] the command point phase is the %s side's: %s reacts in the reaction "
			       "phase after it", o->side[side_a(s)], id);
	}
	if (a == CSEQ_CHARGE && target >= 0 && s->locked[i] == 1 + target)
		return 0; /* [Close Combat (f)] locked in combat: the same action goes on, unpaid */
	if (s->acted[i])
		return err_set(e, NULL, 0, "[Side A Turn (%s)] %s has taken its action in this phase (%s)%s", s->phase == CSEQ_FREE ? "a" : "b",
			       id, cseq_act_name[s->acted[i] - 1],
			       s->phase == CSEQ_FREE ? ": another costs a command point in the next phase (next)" : "");
	*mark = true;
	if (s->phase == CSEQ_FREE)
		return 0; /* [Side A Turn (a)] one action for each unit */
	/* [Side A Turn (b), (e), (h)]: the k-th command point phase's action costs k points */
	*cost = s->round;
	if (u->leader_back)
		return err_set(e, NULL, 0, "[Side A Turn (b)] %s's leader is dead: it takes no action with command points until "
			       "turn %d", id, u->leader_back);
	if (u->cp == CROS_CP_UNLIMITED) {
		if (a != CSEQ_MOVE && a != CSEQ_MOVE_AT)
			return err_set(e, NULL, 0, "[Command Points] Cossacks' unlimited command points are for movement only, not "
				       "a %s", cseq_act_name[a]);
		if (ace)
			return err_set(e, NULL, 0, "[Command Points] %s has unlimited command points (Cossacks): an Ace adds "
				       "nothing", id);
		return 0;
	}
	if (ace && !g->aces[o->u[i].side])
		return err_set(e, NULL, 0, "[Close Combat (h)] the %s side has no Ace (one comes with each battery's guns "
			       "captured)", o->side[o->u[i].side]);
	own = ace ? *cost - 1 : *cost;
	if (own > u->cp)
		return err_set(e, NULL, 0, "%s an action in the %s command point phase costs %d point%s; %s has %d "
			       "left%s", round_case(s->round), nth(s->round), *cost,
			       *cost == 1 ? "" : "s", id, u->cp, ace ? " and the Ace pays one" : "");
	return 0;
}

int cseq_split_left(const struct cros_game *g, int i)
{
	return i >= 0 && i < g->n ? g->seq.split[i] : 0;
}

bool cseq_split_fired(const struct cros_game *g, int i, int j)
{
	return i >= 0 && i < g->n && j >= 0 && j < g->n && (g->seq.split_at[i][j / 32] >> (j % 32) & 1u);
}

/* [Fire (f)] "Firing units may split fire consistent with fire priority": a volley d of a unit
 * whose split fire is open goes on with the same action (*more true: 0 or refused); a volley
 * that opens one is checked (*more false). Anything else: 0, *more false. */
static int split_check(const struct cros_oob *o, const struct cros_game *g, const struct cseq_do *d, bool *more,
		       struct err *e)
{
	const struct cros_seq *s = &g->seq;
	const int i = d->unit, left = s->split[i];
	const char *id = o->u[i].id;
	*more = d->act == CSEQ_FIRE && left > 0;
	if (*more) {
		if (d->target < 0)
			return err_set(e, NULL, 0, "[Fire (f)] %s's split fire names the unit its other stands fire at", id);
		if (cseq_split_fired(g, i, d->target))
			return err_set(e, NULL, 0, "[Fire (f)] %s has fired at %s in this action: its other %d stand%s at "
				       "another target", id, o->u[d->target].id, left, left == 1 ? " fires" : "s fire");
		if (d->stands > left)
			return err_set(e, NULL, 0, "[Fire (f)] %s has %d stand%s left to fire in its split fire, not %d", id, left,
				       left == 1 ? "" : "s", d->stands);
		return 0;
	}
	if (d->act != CSEQ_FIRE || !d->split)
		return 0;
	if (d->target < 0)
		return err_set(e, NULL, 0, "[Fire (f)] a split fire names the unit of the game its first stands fire at (--at ID)");
	if (s->phase == CSEQ_REACTION)
		return err_set(e, NULL, 0, "[Side A Turn (c) 1] each reacting shooter gets but one volley: no split fire in "
			       "reaction");
	if (d->stands < 1 || d->stands >= d->of)
		return err_set(e, NULL, 0, "[Fire (f)] a split fire fires some of %s's %d stands at this target (--stands N, "
			       "fewer than %d) and the others at another", id, d->of, d->of);
	return 0;
}

int cseq_may(const struct cros_oob *o, const struct cros_game *g, const struct cseq_do *d, int *cost, struct err *e)
{
	bool mark, more;
	if (d->unit < 0 || d->unit >= g->n)
		return err_set(e, NULL, 0, "no such unit");
	*cost = 0;
	if (g->seq.phase != CSEQ_OFF) {
		if (split_check(o, g, d, &more, e) != 0)
			return -1;
		if (more)
			return 0; /* [Fire (f)] the same action goes on, unpaid */
	}
	return may(o, g, d->unit, d->act, d->target, d->arm, d->ace, cost, &mark, e);
}

int cseq_done(const struct cros_oob *o, struct cros_game *g, const struct cseq_do *d, struct evsink *ev,
	      struct err *e)
{
	struct cros_seq *s = &g->seq;
	const int i = d->unit, a = d->act;
	const bool ace = d->ace;
	int cost, own;
	bool mark;
	bool more;
	if (d->unit < 0 || d->unit >= g->n)
		return err_set(e, NULL, 0, "no such unit");
	if (s->phase != CSEQ_OFF && split_check(o, g, d, &more, e) != 0)
		return -1;
	if (s->phase != CSEQ_OFF && more) {
		s->split[i] = (unsigned char)(s->split[i] - d->stands);
		s->split_at[i][d->target / 32] |= 1u << (d->target % 32);
		ev_emit(ev, "[Fire (f)]", "%s's split fire goes on: %d stand%s at %s, the same action%s", o->u[i].id, d->stands,
			d->stands == 1 ? "" : "s", o->u[d->target].id, s->split[i] ? "" : "; every stand has fired");
		if (s->split[i])
			ev_emit(ev, "[Fire (f)]", "%s has %d stand%s left to fire at another target", o->u[i].id, s->split[i],
				s->split[i] == 1 ? "" : "s");
		else /* closed: the action is over (what the game file keeps) */
			memset(s->split_at[i], 0, sizeof s->split_at[i]);
		return 0;
	}
	if (may(o, g, i, a, d->target, d->arm, ace, &cost, &mark, e) != 0)
		return -1;
	if (a == CSEQ_CHARGE && d->target >= 0 && s->locked[i] == 1 + d->target) {
		s->locked[i] = 0; /* fought again; another win at twice locks it again (cseq_lock) */
		ev_emit(ev, "[Close Combat (f)]", "%s stays locked in combat with %s: the same action", o->u[i].id,
			o->u[d->target].id);
		return 0;
	}
	if (s->phase == CSEQ_ASSAULT) {
		s->assault[i] = 0;
		ev_emit(ev, "[Side A Turn (d)]", "%s's close assault on %s is resolved", o->u[i].id, o->u[d->target].id);
		return 0;
	}
	if (s->phase == CSEQ_OFF || !mark)
		return 0;
	own = ace ? cost - 1 : cost;
	if (own > 0 && cros_spend(o, g, i, own, ev, e) != 0)
		return -1;
	if (ace && cost > 0 && cros_spend_ace(o, g, i, ev, e) != 0)
		return -1; /* (cseq_may checked both: not reached) */
	s->acted[i] = (unsigned char)(1 + a);
	s->aim[i] = (unsigned char)(d->target >= 0 && d->target < g->n ? 1 + d->target : 0);
	if (s->phase == CSEQ_COMMAND && a == CSEQ_CHARGE && d->target >= 0)
		cseq_declare(o, g, i, d->target, ev); /* resolved after the reaction phase [Side A Turn (d)] */
	if (s->phase == CSEQ_COMMAND) {
		s->paid[i] = 1;
		ev_emit(ev, round_case(s->round),
			"%s's %s is its action in the %s command point phase (%d point%s); the %s side may react to it", o->u[i].id,
			cseq_act_name[a], nth(s->round), cost, cost == 1 ? "" : "s", o->side[1 - side_a(s)]);
	} else if (s->phase == CSEQ_REACTION) {
		ev_emit(ev, "[Side A Turn (c)]", "%s's %s is its reaction in this phase", o->u[i].id, cseq_act_name[a]);
	} else {
		ev_emit(ev, "[Side A Turn (a)]", "%s's %s is its action in the free action phase", o->u[i].id, cseq_act_name[a]);
	}
	if (a == CSEQ_FIRE && d->split && d->target >= 0) {
		s->split[i] = (unsigned char)(d->of - d->stands);
		s->split_at[i][d->target / 32] |= 1u << (d->target % 32);
		ev_emit(ev, "[Fire (f)]", "%s splits its fire: %d of its %d stands at %s; the other %d fire at another target as "
			"the same action, in fire priority's order", o->u[i].id, d->stands, d->of, o->u[d->target].id, s->split[i]);
	}
	return 0;
}

void cseq_declare(const struct cros_oob *o, struct cros_game *g, int i, int j, struct evsink *ev)
{
	if (g->seq.phase == CSEQ_OFF || i < 0 || j < 0 || i >= g->n || j >= g->n)
		return;
	g->seq.assault[i] = (unsigned char)(1 + j);
	ev_emit(ev, "[Side A Turn (d)]", "%s's close assault on %s is resolved after the reaction phase", o->u[i].id,
		o->u[j].id);
}

void cseq_reinforce(const struct cros_oob *o, struct cros_game *g, int r, int d, struct evsink *ev)
{
	if (g->seq.phase != CSEQ_REACTION || r < 0 || d < 0 || r >= g->n || d >= g->n)
		return;
	g->seq.reinf[d] = (unsigned char)(1 + r);
	ev_emit(ev, "[Close Combat (b)]", "%s reinforces %s, forming a double line for the close assault on it", o->u[r].id,
		o->u[d].id);
}

void cseq_join(const struct cros_oob *o, struct cros_game *g, int r, int d, struct evsink *ev)
{
	if (g->seq.phase != CSEQ_REACTION || r < 0 || d < 0 || r >= g->n || d >= g->n)
		return;
	g->seq.contact[r] = (unsigned char)(1 + d);
	ev_emit(ev, "[Close Combat (b)]", "%s reinforces %s in contact with its attacker: it fights with it in the close "
		"assault", o->u[r].id, o->u[d].id);
}

int cseq_reinforced_by(const struct cros_game *g, int d)
{
	return d >= 0 && d < g->n && g->seq.reinf[d] ? g->seq.reinf[d] - 1 : -1;
}

void cseq_lock(const struct cros_oob *o, struct cros_game *g, int i, int j, struct evsink *ev)
{
	if (g->seq.phase == CSEQ_OFF || i < 0 || j < 0 || i >= g->n || j >= g->n)
		return;
	g->seq.locked[i] = (unsigned char)(1 + j);
	ev_emit(ev, "[Close Combat (f)]", "%s won at twice %s's total: it may stay locked in combat and fight it again in "
		"this phase after it withdraws (or advance onto its position)", o->u[i].id, o->u[j].id);
}

bool cseq_follows(const struct cros_game *g, int i, int j)
{
	return i >= 0 && j >= 0 && i < g->n && j < g->n && g->seq.locked[i] == 1 + j && g->s[j].fell_back == g->turn;
}

/* A phase ends: what its actions left open closes; with paid, the round's too. */
static void clear_phase(struct cros_game *g, bool paid)
{
	struct cros_seq *s = &g->seq;
	for (int i = 0; i < g->n; i++)
		g->s[i].beat = -1; /* [Close Combat (f)] the winner advances in its close combat's phase */
	memset(s->acted, 0, sizeof s->acted);
	memset(s->aim, 0, sizeof s->aim);
	memset(s->locked, 0, sizeof s->locked);
	memset(s->split, 0, sizeof s->split);
	memset(s->split_at, 0, sizeof s->split_at);
	if (paid) {
		memset(s->paid, 0, sizeof s->paid);
		memset(s->assault, 0, sizeof s->assault);
		memset(s->moved_from, 0, sizeof s->moved_from);
		memset(s->reinf, 0, sizeof s->reinf);
		memset(s->contact, 0, sizeof s->contact);
	}
}

void cseq_turn_begins(struct cros_game *g)
{
	struct cros_seq *s = &g->seq;
	if (s->phase == CSEQ_OFF)
		return;
	s->phase = CSEQ_INITIATIVE;
	s->first = -1;
	s->half = 0;
	s->round = 0;
	clear_phase(g, true);
}

void cseq_stop(struct cros_game *g, struct evsink *ev)
{
	memset(&g->seq, 0, sizeof g->seq);
	g->seq.first = -1;
	ev_emit(ev, "[Sequence]", "the game no longer keeps the sequence of play: the referee places every action");
}

static int end_half(const struct cros_oob *o, struct cros_game *g, struct evsink *ev);

/* The next command point phase [Side A Turn (e), (h)], at most CSEQ_ROUNDS_MAX in a half. */
static int next_command(const struct cros_oob *o, struct cros_game *g, struct evsink *ev)
{
	struct cros_seq *s = &g->seq;
	if (s->round >= CSEQ_ROUNDS_MAX)
		return end_half(o, g, ev); /* (what the game file keeps) */
	s->phase = CSEQ_COMMAND;
	s->round++;
	clear_phase(g, true);
	ev_emit(ev, round_case(s->round),
		"the %s side's %s command point phase: another action for %d points, any unit (next, with none taken, ends its turn)",
		o->side[side_a(s)], nth(s->round), s->round);
	return 0;
}

/* Side A takes no further command point phase [Side A Turn (i)]: side B's turn begins [Side B
 * Turn (a)], or after side B's the turn is over (1). */
static int end_half(const struct cros_oob *o, struct cros_game *g, struct evsink *ev)
{
	struct cros_seq *s = &g->seq;
	if (!s->half) {
		s->half = 1;
		s->round = 0;
		s->phase = CSEQ_FREE;
		clear_phase(g, true);
		ev_emit(ev, "[Side A Turn (i)]", "the %s side takes no further command point phase", o->side[s->first]);
		ev_emit(ev, "[Side B Turn (a)]", "the %s side's turn, its free action phase: side A and B switch roles",
			o->side[side_a(s)]);
		return 0;
	}
	ev_emit(ev, "[Side A Turn (i)]", "the %s side takes no further command point phase: turn %d is over",
		o->side[side_a(s)], g->turn);
	return 1;
}

int cseq_next(const struct cros_oob *o, struct cros_game *g, int first, struct evsink *ev, struct err *e)
{
	struct cros_seq *s = &g->seq;
	switch (s->phase) {
	case CSEQ_OFF:
		s->phase = CSEQ_INITIATIVE;
		cseq_turn_begins(g);
		ev_emit(ev, "[Initiative]", "the game keeps the sequence of play from turn %d's initiative", g->turn);
		return 0;
	case CSEQ_INITIATIVE:
		if (g->init_turn != g->turn || g->init_winner < 0)
			return err_set(e, NULL, 0, "[Initiative (a)] turn %d's initiative is not rolled yet (initiative --dice A,B)",
				       g->turn);
		if (first >= 0 && first != g->init_winner && first != 1 - g->init_winner)
			return err_set(e, NULL, 0, "no side %d", first);
		s->first = first >= 0 ? first : g->init_winner;
		s->half = 0;
		s->round = 0;
		s->phase = CSEQ_FREE;
		clear_phase(g, true);
		ev_emit(ev, "[Initiative (a)]", "the %s side won the initiative and sends the %s side first: side A", o->side[g->init_winner],
			o->side[s->first]);
		ev_emit(ev, "[Side A Turn (a)]", "the %s side's free action phase: one action for each unit; the %s side may only withdraw a "
			"unit being charged", o->side[s->first], o->side[1 - s->first]);
		return 0;
	case CSEQ_FREE:
		s->phase = CSEQ_COMMAND;
		s->round = 1;
		clear_phase(g, true);
		ev_emit(ev, "[Side A Turn (b)]", "the %s side's first command point phase: another action for 1 point (unless the "
			"unit's leader is dead)", o->side[side_a(s)]);
		return 0;
	case CSEQ_COMMAND:
		if (any_of(g, s->paid)) {
			s->phase = CSEQ_REACTION;
			clear_phase(g, false);
			ev_emit(ev, "[Side A Turn (c)]", "the %s side's reaction phase: against the units that used a command point, "
				"fire, a turn in place, unlimbering or a cavalry charge; then close assaults are resolved [Side A Turn (d)]",
				o->side[1 - side_a(s)]);
			return 0;
		}
		/* [Side A Turn (i)] no unit bought an action: side A declines further phases */
		return end_half(o, g, ev);
	case CSEQ_REACTION:
		if (any_of(g, s->assault)) {
			char who[512];
			s->phase = CSEQ_ASSAULT;
			clear_phase(g, false);
			assault_list(o, g, who, sizeof who);
			ev_emit(ev, "[Side A Turn (d)]", "the close assaults of the command point and reaction phases are resolved: %s",
				who);
			return 0;
		}
		return next_command(o, g, ev);
	case CSEQ_ASSAULT:
		for (int i = 0; i < g->n; i++)
			if (s->assault[i])
				ev_emit(ev, "[Side A Turn (d)]", "%s's close assault on %s was not resolved: it lapses", o->u[i].id,
					o->u[s->assault[i] - 1].id);
		return next_command(o, g, ev);
	default:
		return err_set(e, NULL, 0, "the game's sequence is in no phase");
	}
}

void cseq_status(const struct cros_oob *o, const struct cros_game *g, char *out, size_t n)
{
	const struct cros_seq *s = &g->seq;
	size_t at = 0;
	int acting = cseq_acting(g);
#define PUT(...)                                                                 \
	do {                                                                     \
		if (at < n)                                                      \
			at += (size_t)snprintf(out + at, n - at, __VA_ARGS__);   \
	} while (0)
	out[0] = 0;
	if (s->phase == CSEQ_OFF) {
		PUT("turn %d: the game keeps no sequence of play (next starts it at the initiative)\n", g->turn);
		return;
	}
	if (s->phase == CSEQ_INITIATIVE) {
		PUT("turn %d, initiative: each side rolls (initiative --dice A,B); the winner chooses who acts first "
		    "(next --first SIDE)\n", g->turn);
		return;
	}
	PUT("turn %d, the %s side's turn (side A: %s, sent first by %s), ", g->turn, o->side[side_a(s)], o->side[s->first],
	    o->side[g->init_winner >= 0 ? g->init_winner : s->first]);
	if (s->phase == CSEQ_FREE)
		PUT("free action phase [Side A Turn (a)]: one action for each %s unit\n", o->side[acting]);
	else if (s->phase == CSEQ_COMMAND)
		PUT("%s command point phase: an action costs %d point%s\n", nth(s->round), s->round, s->round == 1 ? "" : "s");
	else if (s->phase == CSEQ_REACTION)
		PUT("the %s side's reaction phase to the %s command point phase [Side A Turn (c)]\n", o->side[acting], nth(s->round));
	else
		PUT("the close assaults of the %s command point phase and its reactions are resolved [Side A Turn (d)]\n",
		    nth(s->round));
	if (s->phase == CSEQ_REACTION || s->phase == CSEQ_ASSAULT) {
		char who[512];
		assault_list(o, g, who, sizeof who);
		PUT("  close assaults to resolve after the reactions: %s\n", who);
	}
	if (s->phase == CSEQ_REACTION) {
		char who[512];
		paid_list(o, g, who, sizeof who);
		PUT("  used a command point (may be answered): %s\n", who);
	}
	for (int i = 0; i < g->n; i++) { /* [Close Combat (b)] the reinforcements of this round's close assaults */
		if (s->reinf[i])
			PUT("  %s is reinforced by %s as a double line [Close Combat (b)]\n", o->u[i].id, o->u[s->reinf[i] - 1].id);
		if (s->contact[i])
			PUT("  %s reinforces %s in contact with its attacker [Close Combat (b)]\n", o->u[i].id,
			    o->u[s->contact[i] - 1].id);
	}
	for (int k = 0; k < g->nheld; k++)
		PUT("  held until the reaction phase ends [Side A Turn (b)]: %s loses %d figure%s%s, %d marker%s\n",
		    o->u[g->held[k].unit].id, g->held[k].figures, g->held[k].figures == 1 ? "" : "s",
		    g->held[k].leader_killed ? " and its leader" : "", g->held[k].markers, g->held[k].markers == 1 ? "" : "s");
	for (int i = 0; i < g->n; i++)
		if (s->split[i]) {
			PUT("  split fire [Fire (f)]: %s has %d stand%s left to fire at another target (fired at", o->u[i].id,
			    s->split[i], s->split[i] == 1 ? "" : "s");
			for (int j = 0, k = 0; j < g->n; j++)
				if (cseq_split_fired(g, i, j))
					PUT("%s %s", k++ ? "," : "", o->u[j].id);
			PUT(")\n");
		}
	PUT("  acted:");
	{
		bool any = false;
		for (int i = 0; i < g->n; i++)
			if (s->acted[i]) {
				PUT(" %s (%s)", o->u[i].id, cseq_act_name[s->acted[i] - 1]);
				any = true;
			}
		PUT("%s\n", any ? "" : " none yet");
	}
#undef PUT
}
