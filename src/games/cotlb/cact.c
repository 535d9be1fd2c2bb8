/* cact: the actions units of a Charge of the Light Brigade game may take now (cact.h). Each
 * candidate is put to the sequence of play (cseq_may: the phase, the side, the unit's one action,
 * its points) and, on a table, to the table's geometry (ctable.c): what fire priority names, who
 * is within 2", who may react to a unit that used a command point. */
#include "cact.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cseq.h"

const char *const cact_kind_name[CACT_KINDS] = {
	"fire", "charge", "resolve", "reaction charge", "move", "reform", "turn", "unlimber", "rally", "reinforce",
	"join", "advance",
};

struct list {
	struct cact *out;
	int max, n;
};

/* What the table measured for an action: a volley's stands (with a pivot or not) and band, and
 * the gap; NONE when nothing was. */
struct measure {
	int stands, band;
	bool pivot;
	int32_t gap;
};
static const struct measure NONE = {0, -1, false, -1};

/* Adds the action when the sequence allows it (its cost from the sequence). */
static void offer(const struct cros_oob *o, const struct cros_game *g, struct list *l, int kind, int act, int arm,
		  int unit, int target, struct measure m)
{
	struct cseq_do d = {.unit = unit, .act = act, .target = target, .arm = arm};
	struct err e;
	int cost = 0;
	if (act >= 0 && cseq_may(o, g, &d, &cost, &e) != 0) {
		/* [Close Combat (h)] too few points of its own: one of them an Ace, when its side has one */
		d.ace = true;
		if (!g->aces[o->u[unit].side] || cseq_may(o, g, &d, &cost, &e) != 0)
			return;
	}
	if (l->n < l->max)
		l->out[l->n] = (struct cact){.kind = kind, .unit = unit, .target = target, .cost = cost, .stands = m.stands,
					     .band = m.band, .pivot = m.pivot, .ace = d.ace, .gap = m.gap};
	l->n++;
}

/* Whether unit i may charge enemy j as the charge itself is judged (cplay.c): within 2" [Close
 * Combat (a)], or following it as it withdraws [Close Combat (f)] (cseq_follows); without a
 * table, the referee measures. */
static bool in_reach(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		     int i, int j)
{
	return !tb || cseq_follows(g, i, j) || ctbl_near(t, tb, o, g, i, j, CTBL_TWO_INCHES);
}

/* A volley's measure from its sight: the stands that bear, else those a pivot brings [Fire (g)]. */
static struct measure volley(const struct ctbl_sight *s, int most)
{
	const int n = s->stands ? s->stands : s->pivot_stands;
	return (struct measure){n < most ? n : most, s->band, !s->stands && s->pivot_stands, s->gap};
}

static bool live(const struct cros_game *g, const struct ctbl *tb, int i)
{
	return g->s[i].figures > 0 && (!tb || g->s[i].pos.on);
}

/* [Side A Turn (c)] the reactions, on a table, of the reacting units (unit, or every one when
 * -1): what ctbl_reactions finds each may do against each enemy unit that used a command point
 * this round, along that unit's move when it moved (one search a mover, for every unit). */
static void reactions(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      int unit, struct list *l)
{
	struct cros_game *h = malloc(sizeof *h);
	struct ctbl_react r[CROS_UNITS_MAX];
	unsigned char once[CROS_UNITS_MAX] = {0}; /* a turn or unlimbering listed for the unit: it is one action */
	if (!h)
		return;
	for (int m = 0; m < g->n; m++) {
		int n;
		if (!g->seq.paid[m] || o->u[m].side == cseq_acting(g) || !live(g, tb, m))
			continue;
		*h = *g;
		if (g->seq.moved_from[m].on)
			h->s[m].pos = g->seq.moved_from[m]; /* "at any time during" its move */
		n = ctbl_reactions(t, tb, o, h, m, &g->s[m].pos, r, CROS_UNITS_MAX);
		for (int k = 0; k < n && k < CROS_UNITS_MAX; k++) {
			const struct measure s = {r[k].dice, r[k].band, r[k].pivot, r[k].gap};
			const int i = r[k].unit, arm = tb->base[o->u[i].type].arm;
			if ((unit >= 0 && i != unit) || g->seq.acted[i] || g->s[i].routing || o->u[i].side != cseq_acting(g))
				continue;
			if (r[k].kind == CR_FIRE)
				offer(o, g, l, CACT_FIRE, CSEQ_FIRE, arm, i, m, s);
			else if (r[k].kind == CR_CHARGE)
				offer(o, g, l, CACT_REACT_CHARGE, CSEQ_MOVE_AT, arm, i, m, s);
			else if (r[k].kind == CR_UNLIMBER && !(once[i] & 1)) {
				once[i] |= 1;
				offer(o, g, l, CACT_UNLIMBER, CSEQ_UNLIMBER, arm, i, -1, NONE);
			} else if (r[k].kind == CR_TURN && !(once[i] & 2)) {
				once[i] |= 2;
				offer(o, g, l, CACT_TURN, CSEQ_TURN, arm, i, -1, NONE);
			}
		}
	}
	free(h);
}

/* [Close Combat (b)] unit i reinforcing each friend charged this round by a unit that used
 * command points: as a double line (infantry in line within 4" of a charged infantry line), or
 * in contact (within 4" of its attacker). Without a table, cseq_may alone decides. */
static void reinforcements(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			   const struct cros_game *g, int i, int arm, struct list *l)
{
	for (int a = 0; a < g->n; a++) {
		int d = g->seq.assault[a] - 1;
		bool line = true, contact = true;
		if (d < 0 || d == i || !g->seq.paid[a] || o->u[d].side != o->u[i].side)
			continue;
		if (tb) {
			int32_t gd = ctbl_gap(t, tb, o, g, i, d), ga = ctbl_gap(t, tb, o, g, i, a);
			line = gd >= 0 && gd <= 4 * PL_PER_INCH && g->s[i].pos.form == CF_LINE && g->s[d].pos.form == CF_LINE &&
			       tb->base[o->u[d].type].arm == CA_INFANTRY;
			contact = ga >= 0 && ga <= 4 * PL_PER_INCH;
		}
		if (line)
			offer(o, g, l, CACT_REINFORCE, CSEQ_REINFORCE, arm, i, d, NONE);
		if (contact)
			offer(o, g, l, CACT_JOIN, CSEQ_JOIN, arm, i, d, NONE);
	}
}

/* Unit i's actions in its free action or command point phase, or with no sequence kept. */
static void own_phase(struct ctbl_memo *m, const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
		      const struct cros_game *g, int i, int arm, struct list *l)
{
	const struct cros_state *u = &g->s[i];
	if (u->routing) {
		offer(o, g, l, CACT_RALLY, CSEQ_RALLY, arm, i, -1, NONE); /* [MORALE (d)] or rout again */
		return;
	}
	/* [Fire (c)] the target fire priority names ([Fire (f)] the next of a split fire) */
	if (!u->ammo_out && !(tb && u->pos.form == CF_LIMBERED)) {
		if (tb) {
			int j;
			struct ctbl_sight s;
			const uint32_t *skip = cseq_split_left(g, i) ? g->seq.split_at[i] : NULL;
			if ((j = ctbl_fire_target(m, t, tb, o, g, i, skip, &s)) >= 0) {
				/* [Fire (f)] at most the stands a split fire has left */
				offer(o, g, l, CACT_FIRE, CSEQ_FIRE, arm, i, j, volley(&s, skip ? cseq_split_left(g, i) : INT_MAX));
			}
		} else {
			offer(o, g, l, CACT_FIRE, CSEQ_FIRE, arm, i, -1, NONE);
		}
	}
	/* [Close Combat (a)] a charge at an enemy within 2", or [Close Combat (f)] locked with one */
	if (arm != CA_ARTILLERY) {
		if (tb) {
			for (int j = 0; j < g->n; j++) {
				struct measure s = NONE;
				if (o->u[j].side == o->u[i].side || !live(g, tb, j))
					continue;
				/* within 2" (a quick test first: most enemies are far) */
				if (!in_reach(t, tb, o, g, i, j))
					continue;
				s.gap = ctbl_gap(t, tb, o, g, i, j);
				offer(o, g, l, CACT_CHARGE, CSEQ_CHARGE, arm, i, j, s);
			}
		} else {
			offer(o, g, l, CACT_CHARGE, CSEQ_CHARGE, arm, i, -1, NONE);
		}
	}
	/* moves and changes of formation are measured on the table (without one the referee moves
	 * the figures); an emplaced unit only turns in place (its restriction) */
	if (tb) {
		const bool emplaced = tb->unit_rs[i] >= 0 && tb->rs[tb->unit_rs[i]].emplaced;
		if (!emplaced && u->pos.form != CF_SQUARE) /* [MOVE (d)] squares cannot move */
			offer(o, g, l, CACT_MOVE, CSEQ_MOVE, arm, i, -1, NONE);
		if (!emplaced)
			offer(o, g, l, CACT_REFORM, CSEQ_REFORM, arm, i, -1, NONE);
		offer(o, g, l, CACT_TURN, CSEQ_TURN, arm, i, -1, NONE); /* more than 30 degrees [Side A Turn (a)] */
	}
	if (u->markers > 0)
		offer(o, g, l, CACT_RALLY, CSEQ_RALLY, arm, i, -1, NONE);
}

int cact_list(struct ctbl_memo *memo, const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
	      const struct cros_game *g, int unit, struct cact *out, int max)
{
	struct list l = {out, max, 0};
	const int phase = g->seq.phase, side = cseq_acting(g);
	if (phase == CSEQ_REACTION && tb)
		reactions(t, tb, o, g, unit, &l);
	for (int i = 0; i < g->n; i++) {
		const struct cros_state *u = &g->s[i];
		int arm;
		if ((unit >= 0 && i != unit) || !live(g, tb, i))
			continue;
		/* the arm: the table's, or the troop type's on the sheet (a battery counts its figures one
		 * by one, cavalry 2 a stand, infantry 4), as the commands take it */
		arm = tb ? tb->base[o->u[i].type].arm
			 : t->unit[o->u[i].type].fps == 1 ? CA_ARTILLERY : t->unit[o->u[i].type].fps == 2 ? CA_CAVALRY : CA_INFANTRY;
		/* [Close Combat (f)] an advance onto the beaten enemy's position, once it has gone: part
		 * of the close combat, in its phase (without the sequence, its turn) */
		if (tb && u->beat >= 0 && u->beat_turn == g->turn) {
			const struct cros_state *b = &g->s[u->beat];
			if (!b->figures || !b->pos.on || b->pos.c.x != u->beat_at.c.x || b->pos.c.y != u->beat_at.c.y)
				offer(o, g, &l, CACT_ADVANCE, -1, arm, i, u->beat, NONE);
		}
		switch (phase) {
		case CSEQ_INITIATIVE:
			break;
		case CSEQ_ASSAULT:
			/* [Side A Turn (d)] the close assaults declared, and the locked combats, of a unit not
			 * routing at an enemy still there (held fire took effect at the reaction phase's end) */
			for (int j = 0; j < g->n && !u->routing; j++)
				if ((g->seq.assault[i] == 1 + j || (g->seq.locked[i] == 1 + j && in_reach(t, tb, o, g, i, j))) &&
				    live(g, tb, j))
					offer(o, g, &l, g->seq.assault[i] == 1 + j ? CACT_RESOLVE : CACT_CHARGE, CSEQ_CHARGE, arm, i, j,
					      NONE);
			break;
		case CSEQ_REACTION:
			if (o->u[i].side != side || g->seq.acted[i] || u->routing)
				break;
			if (!tb)
				for (int m = 0; m < g->n; m++)
					if (g->seq.paid[m] && o->u[m].side != o->u[i].side)
						offer(o, g, &l, CACT_FIRE, CSEQ_FIRE, arm, i, m, NONE);
			reinforcements(t, tb, o, g, i, arm, &l);
			break;
		default: /* the free action and command point phases, or no sequence kept */
			if (phase != CSEQ_OFF && o->u[i].side != side)
				break;
			own_phase(memo, t, tb, o, g, i, arm, &l);
			break;
		}
	}
	return l.n;
}
