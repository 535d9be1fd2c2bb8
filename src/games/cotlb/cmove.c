/* cmove: the table's commands that change a Charge of the Light Brigade game (cmove.h). */
#include "cmove.h"

#include <stdlib.h>
#include <string.h>

#define CMOVE_EVENTS 96

/* The position a command asks for: the unit's own, changed by the options. */
static struct cros_pos asked(const struct cros_pos *now, const struct cplay_opts *x, int *form_bad)
{
	struct cros_pos p = *now;
	*form_bad = 0;
	p.on = true;
	if (x->has_x)
		p.c.x = x->x;
	if (x->has_y)
		p.c.y = x->y;
	if (x->facing >= 0)
		p.facing = x->facing;
	if (x->formation[0] && (p.form = cros_form_of(x->formation)) < 0) {
		*form_bad = 1;
		p.form = now->form;
	}
	return p;
}

/* The move as the unit's action in the sequence of play (sd, may be NULL): paid and counted
 * before the game is saved; a reaction charge that fell short of its target's 2" draws a marker
 * [Side A Turn (c) 4]. 0, or 1 refused (said). */
static int seq_record(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, const struct cseq_do *sd,
		      bool fell_short, struct evsink *ev, struct cplay_res *res)
{
	struct err e;
	bool reacting = sd && g->seq.phase == CSEQ_REACTION && o->u[sd->unit].side == cseq_acting(g);
	if (!sd)
		return 0;
	if (cseq_done(o, g, sd, ev, &e) != 0) {
		cplay_say_events(res, NULL, ev);
		return cplay_refuse(res, "%s (the game is unchanged)", e.msg);
	}
	if (reacting && sd->act == CSEQ_MOVE_AT && fell_short)
		cros_mark(t, o, g, sd->unit, 1, "its reaction charge fell short of 2\" of its target [Side A Turn (c) 4]", ev);
	else if (reacting && sd->act == CSEQ_MOVE_AT && sd->target >= 0)
		cseq_declare(o, g, sd->unit, sd->target, ev); /* "a close assault resolved in next phase" */
	return 0;
}

/* The chance that move m's dice make need inches or more [MOVE (a)]. */
static double move_chance(const struct ctab *t, const struct cref_move *m, int need)
{
	double dist[64], p = 0;
	struct err e;
	cref_move_odds(t, m, dist, 63, &e);
	for (int k = need; k < 64; k++)
		p += dist[k];
	return p;
}

/* What the enemy's fire priority will look at [Fire (c)]: where unit i stood before its first
 * move of the turn, and the unit it moved straight at (charge_at, -1 none). */
static void note_move(struct cros_game *g, int i, int charge_at)
{
	cros_note_move(g, i);
	if (charge_at >= 0)
		cros_note_charge(g, i, charge_at);
}

static int do_move(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct cros_pos *p,
		   int i, const struct cros_oob *o, struct cros_game *g, struct evsink *ev, const struct cseq_do *sd,
		   bool fell_short, int charge_at, struct cplay_res *res)
{
	struct ctbl_move mv;
	struct err e;
	struct cros_pos road_end;
	int n, inches;
	/* --road: along a road, on the 2001 sheet's ROAD column; the road decides the path and the
	 * facing, so the move takes --x and --y alone */
	if (q->road ? ctbl_road_plan(t, tb, o, g, i, p->c, &road_end, &mv, ev, &e)
		    : ctbl_move_plan(t, tb, o, g, i, p, &mv, ev, &e)) {
		cplay_say_events(res, NULL, ev);
		return cplay_refuse(res, "%s", e.msg);
	}
	if (q->road)
		p = &road_end;
	if (mv.kind == 1) {
		/* a change in place, whatever the options said: the action the plan found */
		struct cseq_do here = {.unit = i, .target = -1, .arm = tb->base[o->u[i].type].arm, .ace = sd && sd->ace};
		here.act = p->form == g->s[i].pos.form ? CSEQ_TURN : p->form == CF_UNLIMBERED ? CSEQ_UNLIMBER : CSEQ_REFORM;
		if (seq_record(t, o, g, g->seq.phase != CSEQ_OFF ? &here : NULL, false, ev, res) != 0)
			return 1;
		note_move(g, i, -1);
		g->s[i].pos = *p;
		g->s[i].moving = false; /* a standing action [MOVE (h)] */
		return cplay_keep(res, ev, false);
	}
	if ((n = cref_move_dice(t, &mv.m, &e)) <= 0) {
		return cplay_refuse(res, "%s", e.msg);
	}
	if (!q->dice.given) {
		cplay_want(res, RW_DICE, n);
		double p_ok = 0;
		int need = (mv.dist + PL_PER_INCH - 1) / PL_PER_INCH;
		if (mv.even_die) {
			/* prolonge across: one die, which must be even [MOVE (e)] */
			for (int d = 2; d <= 6; d += 2) {
				struct evsink none;
				struct event one[8];
				evsink_init(&none, one, 8);
				if (cref_move_roll(t, &mv.m, &d, 1, &none, &e) >= need)
					p_ok += 1.0 / 6;
			}
		} else {
			p_ok = move_chance(t, &mv.m, need);
		}
		cplay_say_events(res, "move (no dice yet):", ev);
		cplay_say(res, "  => %d dice; the move needs %d\" (%.*f\"): %.1f%% to make it; give --dice\n", n, need,
		       PL_IN(mv.dist), 100 * p_ok);
		return 0;
	}
	if ((inches = cref_move_roll(t, &mv.m, q->dice.d, q->dice.n, ev, &e)) < 0) {
		cplay_say_events(res, NULL, ev);
		return cplay_refuse(res, "%s", e.msg);
	}
	/* [MOVE (e)]: guns by prolonge cross streams and high hills only on an even die */
	if (mv.even_die && q->dice.d[0] % 2) {
		cplay_say_events(res, "move:", ev);
		return cplay_refuse(res, "[MOVE (e)] %s by prolonge crosses %s only on an even die, not %d", o->u[i].id,
			mv.terrain, q->dice.d[0]);
	}
	if ((int32_t)inches * PL_PER_INCH < mv.dist) {
		cplay_say_events(res, "move:", ev);
		return cplay_refuse(res, "[MOVE (a)] %s rolled %d\" and the move is %.*f\": it may move up to %d\" on that line "
			"(units need not move the full distance)", o->u[i].id, inches, PL_IN(mv.dist), inches);
	}
	if (q->command_phase) {
		/* [Side A Turn (c)]: who may react to a move bought with command points */
		struct ctbl_react r[CROS_UNITS_MAX];
		int nr = ctbl_reactions(t, tb, o, g, i, p, r, CROS_UNITS_MAX);
		static const char *const what_r[] = {"fire", "turn in place to fire later", "unlimber", "charge"};
		static const char *const cite[] = {"[Side A Turn (c) 1]", "[Side A Turn (c) 2]", "[Side A Turn (c) 3]",
						   "[Side A Turn (c) 4]"};
		if (!nr)
			ev_emit(ev, "[Side A Turn (c)]", "no enemy unit may react to %s's move", o->u[i].id);
		for (int k = 0; k < nr; k++) {
			if (r[k].kind == CR_FIRE)
				ev_emit(ev, cite[r[k].kind], "%s may fire at %s: %d %s%s%s at %s range (nearest %.*f\")",
					o->u[r[k].unit].id, o->u[i].id, r[k].dice,
					tb->base[o->u[r[k].unit].type].arm == CA_ARTILLERY ? "gunner" : "stand",
					r[k].dice == 1 ? "" : "s", r[k].pivot ? " with a pivot (-1)" : "",
					r[k].band ? "long" : "short", PL_IN(r[k].gap));
			else
				ev_emit(ev, cite[r[k].kind], "%s may %s (nearest %.*f\")", o->u[r[k].unit].id, what_r[r[k].kind],
					PL_IN(r[k].gap));
		}
	}
	/* [MOVE (h)]: cavalry is moving when its last action was 4" or more forward (the move's
	 * part along the facing it started with) */
	{
		int32_t fx, fy;
		const struct cros_pos *was = &g->s[i].pos;
		int64_t ahead;
		pl_dir(was->facing, &fx, &fy);
		ahead = (((int64_t)p->c.x - was->c.x) * fx + ((int64_t)p->c.y - was->c.y) * fy) / PL_TRIG;
		if (q->road)
			ahead = mv.dist; /* a road's bends are forward all the way */
		g->s[i].moving = tb->base[o->u[i].type].arm == CA_CAVALRY && !mv.m.one_die && ahead >= 4 * PL_PER_INCH;
	}
	if (seq_record(t, o, g, sd, fell_short, ev, res) != 0)
		return 1;
	note_move(g, i, charge_at);
	if (sd && g->seq.phase == CSEQ_COMMAND)
		g->seq.moved_from[i] = g->s[i].pos; /* reaction fire may take it along the way [Side A Turn (c) 1] */
	g->s[i].pos = *p;
	if (g->s[i].moving)
		ev_emit(ev, "[MOVE (h)]", "%s is moving cavalry (4\" or more forward)", o->u[i].id);
	return cplay_keep(res, ev, false);
}

/* withdraw and rout: 4 dice straight away from the nearest enemy [Close Combat (g)], [MORALE (d)]. */
static int do_fall(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct cplay_opts *x, int i,
		   const struct cros_oob *o, struct cros_game *g, struct evsink *ev, struct cplay_res *res)
{
	bool rout = !strcmp(q->what, "rout");
	struct ctbl_fall fb;
	struct err e;
	int inches = 0, from = -1;
	if (!g->s[i].pos.on)
		return cplay_bad(res, "%s is not on the table", o->u[i].id);
	if (rout && !g->s[i].routing)
		return cplay_bad(res, "%s is not routing (a unit routs when its markers reach its stands [MORALE (c)])",
				o->u[i].id);
	if (x->toward[0])
		return cplay_bad(res, "%s takes --from (the enemy it falls back from), not --toward", q->what);
	if (x->from[0] && (from = cros_find(o, x->from)) < 0)
		return cplay_bad(res, "no unit \"%s\" (--from names the enemy it falls back from)", x->from);
	if (!rout && t->unit[o->u[i].type].fps == 1 && g->s[i].pos.form == CF_UNLIMBERED) {
		/* [Close Combat (g), (h)]: "if unit was unlimbered artillery as in case (h)": "if the
		 * artillery withdraws ... the gunners are deemed to have run away but the guns remain":
		 * spiked on 4-6, else captured, an Ace for the enemy; no dice of withdrawal */
		int side = o->u[i].side;
		if (!q->spike_die && cplay_want(res, RW_SPIKE, 1))
			return cplay_bad(res, "[Close Combat (h)] %s withdraws without its guns: give the battery's die, spiked "
					"or captured (--spike-die D)", o->u[i].id);
		ev_emit(ev, "[Close Combat (h)]", "%s withdraws: the gunners run away and the guns remain", o->u[i].id);
		if (cref_spike(q->spike_die, ev) == 0)
			cros_gain_ace(o, g, 1 - side, ev);
		cros_lose(t, o, g, i, g->s[i].figures, ev);
		g->s[i].moving = false;
		g->s[i].fell_back = g->turn; /* [Initiative (a)]: a withdrawing unit, -1 to its side */
		return cplay_keep(res, ev, false);
	}
	if (q->spike_die)
		return cplay_bad(res, "--spike-die is an unlimbered battery's die [Close Combat (h)]: %s is none", o->u[i].id);
	if ((!q->dice.given || q->dice.n != 4) && cplay_want(res, RW_DICE, 4))
		return cplay_bad(res, "%s needs --dice with the 4 dice thrown (natural: no markers, no terrain)", q->what);
	for (int k = 0; k < 4; k++)
		inches += q->dice.d[k];
	if (ctbl_fall_back(t, tb, o, g, i, from, inches, rout, &fb, ev, &e) != 0) {
		return cplay_refuse(res, "%s", e.msg);
	}
	g->s[i].pos = fb.to;
	g->s[i].moving = false;
	g->s[i].fell_back = g->turn; /* [Initiative (a)]: -1 to its side next turn */
	for (int k = 0; k < fb.npassed; k++)
		cros_mark(t, o, g, fb.passed[k], 1, rout ? "a friendly unit routs through it [MORALE (a) 3, 4]"
						       : "a friendly unit withdraws through it [MORALE (a) 4]", ev);
	for (int k = 0; k < fb.nnear; k++)
		cros_mark(t, o, g, fb.near[k], 1, "a friendly unit routs within 6\" along its line [MORALE (a) 3]", ev);
	if (!rout)
		ev_emit(ev, "[MORALE (a) 6]", "%s's own marker for withdrawing comes with the ruling that made it withdraw",
			o->u[i].id);
	return cplay_keep(res, ev, false);
}

/* advance: [Close Combat (f)] "Winning attacker can advance onto enemy-held position": unit i,
 * which won its close combat as the attacker in this phase (without the sequence: this turn),
 * moves its centre onto where the loser stood, keeping its facing and formation, once the loser
 * has gone (withdrawn, routed or destroyed). Part of the close combat, not an action; the 2" of
 * MOVE (i) does not hold (it is a close combat's), a unit's footprint and the table's edge do. */
int cmove_advance_check(const struct cplay *c, const struct cros_game *g, int i, struct err *e)
{
	const struct cros_oob *o = c->o;
	const struct cros_state *s = &g->s[i];
	struct cros_pos p = s->pos;
	int j = s->beat;
	if (j < 0 || s->beat_turn != g->turn)
		return err_set(e, NULL, 0, "[Close Combat (f)] %s has won no close combat as the attacker %s: only a winning "
			       "attacker advances onto the enemy's position, after the combat", o->u[i].id,
			       g->seq.phase != CSEQ_OFF ? "in this phase" : "this turn");
	if (g->s[j].figures && g->s[j].pos.on && g->s[j].pos.c.x == s->beat_at.c.x && g->s[j].pos.c.y == s->beat_at.c.y)
		return err_set(e, NULL, 0, "[Close Combat (g)] %s still stands where it lost: it withdraws first (withdraw --unit "
			       "%s --dice A,B,C,D)", o->u[j].id, o->u[j].id);
	p.c = s->beat_at.c;
	if (ctbl_check_close(c->t, c->tb, o, g, i, &p, e) != 0 || ctbl_restricted(c->tb, o, g, i, &p, e) != 0)
		return -1;
	return 0;
}

static int do_advance(const struct ctab *t, const struct ctbl *tb, const struct cplay_opts *x, int i,
		      const struct cros_oob *o, struct cros_game *g, struct evsink *ev, struct cplay_res *res)
{
	struct cros_state *s = &g->s[i];
	struct cros_pos p = s->pos;
	struct err e;
	int j = s->beat;
	if (x->has_x || x->has_y || x->facing >= 0 || x->formation[0] || x->toward[0] || x->from[0])
		return cplay_bad(res, "advance takes --unit alone: the winner goes onto the loser's position");
	const struct cplay c = {.t = t, .tb = tb, .o = o};
	if (!s->pos.on)
		return cplay_bad(res, "%s is not on the table", o->u[i].id);
	if (cmove_advance_check(&c, g, i, &e) != 0)
		return cplay_refuse(res, "%s", e.msg);
	p.c = s->beat_at.c;
	cros_note_move(g, i);
	s->pos = p;
	s->beat = -1;
	if (g->seq.locked[i]) /* the winner's option: advance, or stay locked in combat [Close Combat (f)] */
		ev_emit(ev, "[Close Combat (f)]", "%s advances instead of staying locked in combat with %s", o->u[i].id,
			o->u[g->seq.locked[i] - 1].id);
	g->seq.locked[i] = 0;
	ev_emit(ev, "[Close Combat (f)]", "%s advances onto %s's position (%.*f, %.*f), facing %d in %s: part of its close "
		"combat, not an action", o->u[i].id, o->u[j].id, PL_IN(p.c.x), PL_IN(p.c.y), p.facing, cros_form_name[p.form]);
	/* the other units that charged with it beat the same loser: its position is taken */
	for (int k = 0; k < g->n; k++)
		if (k != i && g->s[k].beat == j) {
			g->s[k].beat = -1;
			ev_emit(ev, "[Close Combat (f)]", "%s no longer advances onto %s's position: %s holds it", o->u[k].id,
				o->u[j].id, o->u[i].id);
		}
	return cplay_keep(res, ev, false);
}

/* A reinforcement's brigade commander comes on with the first of his units to enter, at his
 * place of entry (the table's "entries"; a reading: docs/RULES.md, "Brigade commanders move"). */
static void cmdr_enters(const struct ctbl *tb, const struct cros_oob *o, struct cros_game *g, int i, struct evsink *ev)
{
	const int k = o->u[i].commander;
	if (k < 0 || g->cmdr[k].on || !tb->cmdr_entry[k].on)
		return;
	g->cmdr[k] = tb->cmdr_entry[k];
	ev_emit(ev, "[Reinforcements]", "%s, %s's brigade commander, comes on with it at (%.*f, %.*f)", o->cmdr[k], o->u[i].id,
		PL_IN(g->cmdr[k].c.x), PL_IN(g->cmdr[k].c.y));
}

/* move --commander ID --x X --y Y [--dice A,B,C,D]: a brigade commander rides by the MOVE Chart's
 * Staff row (4 dice, no terrain penalty), straight, never within 2" of an enemy unit [MOVE (a),
 * (i)]. Not a unit's action: in a game that keeps the sequence of play, once a turn, in his
 * side's free action phase (a reading: docs/RULES.md, "Brigade commanders move"). */
static int cmdr_move(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct cplay_opts *x,
		     const struct cros_oob *o, struct cros_game *g, struct evsink *ev, struct cplay_res *res)
{
	const int k = cros_find_cmdr(o, x->commander);
	const struct cref_move m = {.row = ctab_move(t, "staff"), .form = 0, .terrain = -1};
	struct err e;
	int n, inches;
	if (k < 0)
		return cplay_bad(res, "no commander \"%s\" in the order of battle", x->commander);
	if (q->unit[0] || x->toward[0] || x->from[0] || x->facing >= 0 || x->formation[0] || q->road)
		return cplay_bad(res, "move --commander takes --x and --y (and --dice): a commander has no facing or formation");
	if (!x->has_x || !x->has_y)
		return cplay_bad(res, "move --commander needs --x and --y");
	if (m.row < 0)
		return cplay_refuse(res, "[MOVE Chart] %s has no Staff row", t->file);
	if (!g->cmdr[k].on)
		return cplay_bad(res, "%s is not on the table (place --commander puts him on)", o->cmdr[k]);
	if (g->seq.phase != CSEQ_OFF) {
		const int side = cros_cmdr_side(o, k);
		if (g->seq.phase != CSEQ_FREE || side != cseq_acting(g))
			return cplay_refuse(res, "[Side A Turn (a)] %s moves in the %s side's free action phase, not in this %s "
					    "phase", o->cmdr[k], side >= 0 ? o->side[side] : "his", cseq_phase_name[g->seq.phase]);
		if (g->cmdr_moved[k] == g->turn)
			return cplay_refuse(res, "[Side A Turn (a)] %s has moved this turn (once a turn)", o->cmdr[k]);
	}
	const struct pl_pt from = g->cmdr[k].c, to = {x->x, x->y};
	const int64_t dist = pl_isqrt(pl_d2(from, to));
	if (ctbl_cmdr_path(t, tb, o, g, k, to, &e) != 0)
		return cplay_refuse(res, "%s", e.msg);
	if ((n = cref_move_dice(t, &m, &e)) <= 0)
		return cplay_refuse(res, "%s", e.msg);
	if (!q->dice.given) {
		const int need = (int)((dist + PL_PER_INCH - 1) / PL_PER_INCH);
		const double p_ok = move_chance(t, &m, need);
		cplay_want(res, RW_DICE, n);
		cplay_say(res, "move (no dice yet):\n  => %s rides with the Staff row, %d dice; the move needs %d\" (%.*f\"): "
			  "%.1f%% to make it; give --dice\n", o->cmdr[k], n, need, PL_IN(dist), 100 * p_ok);
		return 0;
	}
	if ((inches = cref_move_roll(t, &m, q->dice.d, q->dice.n, ev, &e)) < 0) {
		cplay_say_events(res, NULL, ev);
		return cplay_refuse(res, "%s", e.msg);
	}
	if ((int64_t)inches * PL_PER_INCH < dist) {
		cplay_say_events(res, "move:", ev);
		return cplay_refuse(res, "[MOVE (a)] %s rolled %d\" and the move is %.*f\": he may ride up to %d\" on that line",
				    o->cmdr[k], inches, PL_IN(dist), inches);
	}
	g->cmdr[k].c = to;
	g->cmdr_moved[k] = (uint16_t)g->turn;
	ev_emit(ev, "[MOVE Chart]", "%s (Staff, no terrain penalty) rides %.*f\" to (%.*f, %.*f)", o->cmdr[k], PL_IN(dist),
		PL_IN(to.x), PL_IN(to.y));
	return cplay_keep(res, ev, false);
}

int cmove_run(const struct cplay *c, const struct ref_req *q, const struct cplay_opts *x, struct cros_game *g,
	      const struct cseq_do *sd, struct cplay_res *res)
{
	const struct ctab *t = c->t;
	const struct ctbl *tb = c->tb;
	const struct cros_oob *o = c->o;
	bool fell_short = false; /* move --toward stopped by its dice short of the target's 2" */
	int charge_at = -1;      /* move --toward: the enemy unit it moves straight at */
	struct event store[CMOVE_EVENTS];
	struct evsink ev;
	struct err e;
	struct cros_pos p;
	int i = -1, bad;
	evsink_init(&ev, store, CMOVE_EVENTS);
	if (q->unit[0] && (i = cros_find(o, q->unit)) < 0)
		return cplay_bad(res, "no unit \"%s\" in the game (crimea referee cotlb where --game %s)", q->unit, c->name);
	if (!strcmp(q->what, "place") && x->commander[0]) {
		int k = cros_find_cmdr(o, x->commander);
		if (k < 0)
			return cplay_bad(res, "no commander \"%s\" in the order of battle", x->commander);
		if (!x->has_x || !x->has_y)
			return cplay_bad(res, "place --commander needs --x and --y");
		if (x->x > tb->width || x->y > tb->depth)
			return cplay_bad(res, "(%.*f, %.*f) is off the table (%.0f\" x %.0f\")", PL_IN(x->x), PL_IN(x->y),
					(double)tb->width / PL_PER_INCH, (double)tb->depth / PL_PER_INCH);
		g->cmdr[k].on = true;
		g->cmdr[k].c.x = x->x;
		g->cmdr[k].c.y = x->y;
		ev_emit(&ev, "[Table]", "%s stands at (%.*f, %.*f)", o->cmdr[k], PL_IN(x->x), PL_IN(x->y));
		return cplay_keep(res, &ev, false);
	}
	if (!strcmp(q->what, "move") && x->commander[0])
		return cmdr_move(t, tb, q, x, o, g, &ev, res);
	if (i < 0)
		return cplay_bad(res, "%s needs --unit ID", q->what);
	if (!g->s[i].figures)
		return cplay_bad(res, "%s is destroyed", o->u[i].id);
	if (g->s[i].routing && !strcmp(q->what, "move"))
		return cplay_bad(res, "%s is routing: its action is to try to regain its morale (rally) or rout again "
				"[MORALE (d)]", o->u[i].id);
	if (!strcmp(q->what, "advance"))
		return do_advance(t, tb, x, i, o, g, &ev, res);
	g->s[i].beat = -1; /* a winner that moves otherwise gives up its advance [Close Combat (f)] */
	if (!strcmp(q->what, "withdraw") || !strcmp(q->what, "rout"))
		return do_fall(t, tb, q, x, i, o, g, &ev, res);
	if (!strcmp(q->what, "enter")) {
		if (g->s[i].pos.on)
			return cplay_bad(res, "%s is on the table already", o->u[i].id);
		p = asked(ctbl_entry(tb, i), x, &bad);
	} else {
		if (!strcmp(q->what, "move") && !g->s[i].pos.on)
			return cplay_bad(res, "%s is not on the table (enter or place it)", o->u[i].id);
		if (!strcmp(q->what, "place") && !g->s[i].pos.on && (!x->has_x || !x->has_y))
			return cplay_bad(res, "place needs --x and --y for a unit off the table");
		p = asked(&g->s[i].pos, x, &bad);
	}
	if (bad)
		return cplay_bad(res, "no formation \"%s\" (line, double-line, attack-column, march-column, square, limbered, "
			    "unlimbered)", x->formation);
	if (x->from[0] && strcmp(q->what, "withdraw") && strcmp(q->what, "rout"))
		return cplay_bad(res, "--from is for withdraw and rout (move takes --toward)");
	if (!strcmp(q->what, "move") && x->toward[0]) {
		int j = cros_find(o, x->toward);
		int32_t d, lim = -1, dfull = -1;
		if (j < 0 || !g->s[j].pos.on || o->u[j].side == o->u[i].side)
			return cplay_bad(res, "--toward names an enemy unit on the table, not \"%s\"", x->toward);
		if (x->has_x || x->has_y)
			return cplay_bad(res, "--toward takes the place of --x and --y");
		/* the move planned: the whole way to 2" of it, or, where the table refuses that (a friend
		 * or the unit's restriction at its end, another enemy's 2" far along), as far as its best
		 * dice could go that way ("Units need not move the full distance" [MOVE (a)]) */
		struct ctbl_move mv;
		struct evsink quiet;
		struct event one[16];
		struct cros_pos full = p;
		int32_t dplan;
		evsink_init(&quiet, one, 16);
		const bool planned = ctbl_toward_plan(t, tb, o, g, i, j, &full, &mv, &dfull, &dplan, &quiet, &e);
		int rolled = -1, go = 0;
		bool to_plan = false;
		if (q->dice.given) {
			/* as far as the dice allow: what they come to on this line */
			int inches;
			if (planned && (inches = rolled = cref_move_roll(t, &mv.m, q->dice.d, q->dice.n, &quiet, &e)) >= 0) {
				/* short of the whole way: as far as they allow over the ground crossed */
				if ((int64_t)inches * PL_PER_INCH < mv.dist)
					inches = go = ctbl_move_short(t, tb, o, g, i, &full, &mv, q->dice.d, q->dice.n, inches);
				else if (dplan < dfull)
					to_plan = true; /* beyond the part of the way planned: to its end */
				lim = inches * PL_PER_INCH;
			}
		}
		if (q->dice.given && lim == 0 && rolled > 0) {
			/* the dice go some way, but the unit may stop at no whole inch of it: why at 1" */
			struct ctbl_move m1;
			struct err why;
			const struct cros_pos at1 = ctbl_short_of(&g->s[i].pos, &full, mv.dist, 1);
			if (ctbl_move_plan(t, tb, o, g, i, &at1, &m1, NULL, &why) == 0)
				snprintf(why.msg, sizeof why.msg, "the ground's penalty takes it");
			return cplay_refuse(res, "[MOVE (a)] %s rolled %d\" toward %s, and may stop at no whole inch of that "
					    "(at 1\": %s): it may stand", o->u[i].id, rolled, o->u[j].id, why.msg);
		}
		if (q->dice.given && lim == 0)
			return cplay_refuse(res, "[MOVE (a)] %s's dice make no inch toward %s (the low die off, or the "
					    "ground's penalty): it may stand", o->u[i].id, o->u[j].id);
		if (lim < 0 && dplan < dfull)
			lim = dplan; /* no dice yet: the planned part of the way */
		if (go > 0) {
			/* the point ctbl_move_short found on the planned line (a point along the rounded
			 * bearing ctbl_toward takes may lie on other ground, where the dice come to less) */
			p.c = ctbl_short_of(&g->s[i].pos, &full, mv.dist, go).c;
			d = go * PL_PER_INCH;
		} else if (to_plan) {
			p.c = full.c;
			d = dplan;
		} else {
			struct cros_pos to = ctbl_toward(t, tb, o, g, i, j, lim, &d);
			p.c = to.c;
		}
		fell_short = lim >= 0 && dfull > d;
		charge_at = j;
		const char *how = lim >= 0 && dfull > d ? "(as far as the dice allow)" : "(to 2\" of it)";
		if (!q->dice.given && dplan < dfull) {
			/* no dice yet: the part of the way planned (ctbl_toward_plan), all its best dice's or less */
			struct cros_pos all;
			int32_t dall;
			how = ctbl_toward_part(t, tb, o, g, i, j, ctbl_move_reach(t, tb, o, g, i, g->s[j].pos.c), dfull, 3, &all,
					       &dall) && dall == dplan
				      ? "(as far as its best dice could go: the whole way is refused)"
				      : "(short of as far as its best dice could go: the whole way and that end are refused)";
		}
		ev_emit(&ev, "[MOVE (i)]", "%s moves straight at %s: %.*f\" %s", o->u[i].id, o->u[j].id, PL_IN(d), how);
	}
	if (!strcmp(q->what, "move") && !x->has_x && !x->has_y && !x->toward[0] && p.form != g->s[i].pos.form) {
		/* a change of formation keeps the front rank where it stands */
		struct cros_pos rf = ctbl_reform(t, tb, o, g, i, p.form);
		p.c = rf.c;
	}
	if (!strcmp(q->what, "move") && q->road && (x->facing >= 0 || x->formation[0] || x->toward[0] || !x->has_x || !x->has_y))
		return cplay_bad(res, "move --road takes --x and --y, where the unit leaves the road (the road gives the "
				"path and the facing)");
	if (!strcmp(q->what, "move"))
		return do_move(t, tb, q, &p, i, o, g, &ev, sd, fell_short, charge_at, res);
	if (ctbl_check(t, tb, o, g, i, &p, &e) != 0) {
		return cplay_refuse(res, "%s", e.msg);
	}
	g->s[i].pos = p;
	ev_emit(&ev, "[Table]", "%s %s (%.*f, %.*f) facing %d in %s", o->u[i].id,
		!strcmp(q->what, "enter") ? "enters the table at" : "is placed at", PL_IN(p.c.x), PL_IN(p.c.y), p.facing,
		cros_form_name[p.form]);
	if (!strcmp(q->what, "enter"))
		cmdr_enters(tb, o, g, i, &ev);
	return cplay_keep(res, &ev, false);
}

