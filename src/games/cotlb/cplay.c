/* cplay: a referee's command carried out on a Charge of the Light Brigade game (cplay.h). */
#include "cplay.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmove.h"

#define CPLAY_EVENTS 96

/* ---- the transcript and the result ------------------------------------------------------- */

void cplay_res_init(struct cplay_res *res, bool text_off)
{
	res->rc = 0;
	res->opt = false;
	res->msg[0] = 0;
	res->changed = res->ruled = res->rolled = false;
	res->want = (struct ref_want){.kind = RW_NONE};
	evsink_init(&res->changes, res->store, CPLAY_CHANGES);
	res->text.s = NULL;
	res->text.n = res->text.cap = 0;
	res->text.off = text_off;
}

/* The result made ready for another run of the same command (its text's buffer kept). */
static void res_reset(struct cplay_res *res)
{
	res->rc = 0;
	res->opt = false;
	res->msg[0] = 0;
	res->changed = res->ruled = false;
	res->want = (struct ref_want){.kind = RW_NONE};
	evsink_clear(&res->changes);
	/* (rolled is the whole rolled run's, kept) */
	res->text.n = 0;
	if (res->text.s)
		res->text.s[0] = 0;
}

void cplay_res_free(struct cplay_res *res)
{
	free(res->text.s);
	res->text.s = NULL;
	res->text.n = res->text.cap = 0;
}

__attribute__((format(printf, 2, 0))) static void vsay(struct cplay_res *res, const char *fmt, va_list ap)
{
	struct cplay_text *x = &res->text;
	va_list aq;
	int n;
	if (x->off)
		return;
	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	if (x->n + (size_t)n + 1 > x->cap) {
		size_t cap = x->cap ? x->cap : 1024;
		char *s;
		while (x->n + (size_t)n + 1 > cap)
			cap *= 2;
		if (!(s = realloc(x->s, cap))) {
			x->off = true; /* out of memory: the rest of the text is lost, never the game */
			return;
		}
		x->s = s;
		x->cap = cap;
	}
	vsnprintf(x->s + x->n, x->cap - x->n, fmt, ap);
	x->n += (size_t)n;
}

void cplay_say(struct cplay_res *res, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsay(res, fmt, ap);
	va_end(ap);
}

void cplay_say_events(struct cplay_res *res, const char *head, const struct evsink *ev)
{
	if (ev->n && head)
		cplay_say(res, "%s\n", head);
	for (int i = 0; i < ev->n; i++)
		cplay_say(res, "  %-22s %s\n", ev->ev[i].rule, ev->ev[i].text);
}

void cplay_say_out(struct cplay_res *res, const struct ref_out *o)
{
	for (int i = 0; i < o->nitems; i++) {
		const struct ref_item *it = &o->item[i];
		switch (it->kind) {
		case REF_HEAD:
			cplay_say(res, "%s\n", it->text);
			break;
		case REF_RULE:
			cplay_say(res, "  %-22s %s\n", it->rule, it->text);
			break;
		case REF_DIST: {
			const struct ref_dist *d = &o->dist[it->dist];
			cplay_say(res, "  %-26s", it->text);
			for (int k = 0; k <= d->n; k++)
				if (d->p[k] >= 0.0005)
					cplay_say(res, " %d:%5.1f%%", k, 100 * d->p[k]);
			cplay_say(res, "   (mean %.2f)\n", d->mean);
			break;
		}
		default:
			cplay_say(res, "  => %s\n", it->text);
			break;
		}
	}
}

__attribute__((format(printf, 4, 0))) static int vfail(struct cplay_res *res, int rc, bool opt, const char *fmt,
							   va_list ap)
{
	res->rc = rc;
	res->opt = opt;
	vsnprintf(res->msg, sizeof res->msg, fmt, ap);
	return rc;
}

int cplay_fail(struct cplay_res *res, int rc, bool opt, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(res, rc, opt, fmt, ap);
	va_end(ap);
	return rc;
}

int cplay_refuse(struct cplay_res *res, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(res, 1, false, fmt, ap);
	va_end(ap);
	return 1;
}

int cplay_bad(struct cplay_res *res, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(res, 2, true, fmt, ap);
	va_end(ap);
	return 2;
}

int cplay_refuse_err(struct cplay_res *res, const struct err *e)
{
	char buf[ERR_FILE_MAX + ERR_MSG_MAX + 32];
	err_format(e, buf, sizeof buf);
	return cplay_refuse(res, "%s", buf);
}

bool cplay_want(struct cplay_res *res, int kind, int n)
{
	if (res->want.kind == RW_NONE)
		res->want = (struct ref_want){.kind = kind, .n = n};
	return true;
}

int cplay_keep(struct cplay_res *res, const struct evsink *ev, bool ruled)
{
	res->changed = true;
	res->ruled = res->ruled || ruled;
	for (int i = 0; i < ev->n; i++) {
		struct event *x = ev_emit(&res->changes, ev->ev[i].rule, "%s", ev->ev[i].text);
		for (int k = 0; x && k < ev->ev[i].ndice; k++)
			ev_die(x, ev->ev[i].dice[k]);
	}
	return 0;
}

/* ---- the table's measures for fire and close combat --------------------------------------- */

/* fire --firer A --at B on a table: fills in what the table decides (weapon, stands, target
 * class, range, cover) where the request leaves it out, and says how. 0, or the refusal. */
/* What unit f sees of unit at for a volley, into s: from where it stands, or in a reaction phase
 * at the best point of at's move bought with points [Side A Turn (c) 1]. 0, or -1 with e. */
static int fire_sight(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      int f, int at, struct ctbl_sight *s, struct evsink *ev, struct err *e)
{
	if (g->seq.phase == CSEQ_REACTION && g->seq.moved_from[at].on) {
		/* "at the correct angle and range at any time during the command-point-using unit's
		 * activity such as movement": the best point of its move */
		struct cros_pos where;
		struct cros_game *h = malloc(sizeof *h);
		int rc;
		if (!h)
			return err_set(e, NULL, 0, "out of memory");
		if (ctbl_sight_along(t, tb, o, g, f, at, &g->seq.moved_from[at], s, &where, e) != 0) {
			free(h);
			return -1;
		}
		*h = *g;
		h->s[at].pos = where;
		if (where.c.x != g->s[at].pos.c.x || where.c.y != g->s[at].pos.c.y)
			ev_emit(ev, "[Side A Turn (c) 1]", "%s fires at %s as it passed (%.*f, %.*f) during its move: the best point "
				"of it", o->u[f].id, o->u[at].id, PL_IN(where.c.x), PL_IN(where.c.y));
		rc = ctbl_sight(t, tb, o, h, f, at, s, ev, e);
		free(h);
		return rc;
	}
	return ctbl_sight(t, tb, o, g, f, at, s, ev, e);
}

int cplay_fire_check(const struct cplay *c, const struct cros_game *g, int f, int at, bool pivot, struct err *e)
{
	struct ctbl_sight s;
	if (!c->tb || !g->s[f].pos.on || !g->s[at].pos.on)
		return err_set(e, NULL, 0, "not on the table");
	if (fire_sight(c->t, c->tb, c->o, g, f, at, &s, NULL, e) != 0)
		return -1;
	if (s.band == 2 || s.band == -1)
		return err_set(e, NULL, 0, s.band == 2 ? "[Fire (n)] beyond long range" : "[Fire (n)] no range printed");
	if (s.stands + (pivot ? s.pivot_stands : 0) < 1)
		return err_set(e, NULL, 0, "[Fire (i)] no stand bears");
	return 0;
}

/* fire --firer A --at B on a table: fills in what the table decides (weapon, stands, target
 * class, range, cover) where the request leaves it out, and says how. 0, or the refusal. */
static int table_fire(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      struct ref_req *q, struct cplay_res *res)
{
	struct event store[CPLAY_EVENTS];
	struct evsink ev;
	struct ctbl_sight s;
	struct err e;
	int f = cros_find(o, q->firer), at = cros_find(o, q->at);
	if (f < 0 || at < 0)
		return 0; /* a troop type, not a unit of the game: the referee measures */
	if (!g->s[f].pos.on || !g->s[at].pos.on)
		return cplay_bad(res, "%s is not on the table (place or enter it first)",
				g->s[f].pos.on ? o->u[at].id : o->u[f].id);
	evsink_init(&ev, store, CPLAY_EVENTS);
	if (fire_sight(t, tb, o, g, f, at, &s, &ev, &e) != 0)
		return cplay_bad(res, "%s", e.msg);
	/* [Fire (c)]: fire priority, ignored by reaction fire [Side A Turn (c) 1]; with the sequence
	 * of play kept, a volley against it is refused, else the referee is told */
	/* [Fire (f)]: a split fire's next volley, at the first in priority of the targets it has not
	 * fired at */
	if (g->seq.phase != CSEQ_REACTION && o->u[at].side != o->u[f].side) {
		int rank, mine = ctbl_prio_rank(t, tb, o, g, f, at), first;
		int32_t gap;
		const uint32_t *skip = cseq_split_left(g, f) ? g->seq.split_at[f] : NULL;
		if ((first = ctbl_fire_priority_skip(t, tb, o, g, f, skip, &rank, &gap)) >= 0 && first != at &&
		    (rank < mine || (rank == mine && gap < s.gap))) {
			if (g->seq.phase != CSEQ_OFF && q->dice.given) {
				cplay_say_events(res, "on the table:", &ev);
				return cplay_refuse(res, "[Fire (c)] fire priority: %s fires %s at %s (%s, %.*f\"), not %s (%s%s%.*f\")",
					o->u[f].id, skip ? "next" : "first", o->u[first].id, ctbl_prio_name[rank], PL_IN(gap), o->u[at].id,
					mine < CF_NEAREST ? ctbl_prio_name[mine] : "", mine < CF_NEAREST ? ", " : "", PL_IN(s.gap));
			}
			ev_emit(&ev, "[Fire (c)]", "fire priority names %s (%s, %.*f\") before %s", o->u[first].id, ctbl_prio_name[rank],
				PL_IN(gap), o->u[at].id);
		} else if (mine < CF_NEAREST) {
			ev_emit(&ev, "[Fire (c)]", "%s is %s: first in fire priority", o->u[at].id, ctbl_prio_name[mine]);
		}
	}
	cplay_say_events(res, "on the table:", &ev);
	if (!q->weapon[0])
		snprintf(q->weapon, sizeof q->weapon, "%s", t->weapon[s.weapon].key);
	if (!q->target[0])
		snprintf(q->target, sizeof q->target, "%s", ctab_target_name[s.target]);
	if (s.cover)
		q->cover = true;
	if (q->inches < 0 && !q->shrt && !q->lng) {
		if (s.band == 2) {
			return cplay_refuse(res, "[Fire (n)] %s is %.*f\" away, beyond %s's long range", o->u[at].id,
				PL_IN(s.gap), o->u[f].id);
		}
		if (s.band == -1) {
			return cplay_fail(res, 2, false, "[Fire (n)] the sheet prints no range for %s: give --short or --long",
				t->weapon[s.weapon].key);
		}
		q->inches = s.inches;
	}
	const int bear = s.stands + (q->pivot ? s.pivot_stands : 0); /* the stands that bear [Fire (i), (g)] */
	if (q->stands > bear) {
		return cplay_refuse(res, "[Fire (i)] %d stand%s of %s bear%s on %s%s, not %d", bear, bear == 1 ? "" : "s",
			o->u[f].id, bear == 1 ? "s" : "", o->u[at].id,
			!q->pivot && s.pivot_stands ? " (more with a pivot: --pivot, -1)" : "", q->stands);
	}
	if (!q->stands) {
		q->stands = bear;
		if (cseq_split_left(g, f) && q->stands > cseq_split_left(g, f)) {
			q->stands = cseq_split_left(g, f); /* [Fire (f)] the stands its split fire has left */
			cplay_say(res, "  %-22s %d of them fire: the stands %s's split fire has left\n", "[Fire (f)]", q->stands, o->u[f].id);
		}
		if (!q->stands) {
			return cplay_refuse(res, "[Fire (i)] no stand of %s can fire at %s%s%s", o->u[f].id, o->u[at].id,
				s.blocked[0] ? ": " : "", s.blocked[0] ? s.blocked
							: s.pivot_stands ? " without a pivot (--pivot: -1)" : " (outside every arc)");
		}
	}
	return 0;
}

/* The close combat modifiers the table shows for side k (0 the attacking unit a, 1 the defending
 * unit d) added to those sd names (each once), and the rear. */
static void add_cc_mods(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
			int a, int d, int k, struct ref_side *sd, struct evsink *ev)
{
	const char *keys[CTAB_MODS_MAX];
	bool rear;
	int n = ctbl_cc_mods(t, tb, o, g, a, d, k, keys, CTAB_MODS_MAX, &rear, ev);
	for (int i = 0; i < n; i++)
		ref_side_mod(sd, keys[i]);
	sd->rear = sd->rear || rear;
}

/* Removes the modifier key from those sd names; whether it was there. */
static bool drop_mod(struct ref_side *sd, const char *key)
{
	for (int i = 0; i < sd->nmods; i++)
		if (!strcmp(sd->mods[i], key)) {
			memmove(sd->mods[i], sd->mods[i + 1], (size_t)(sd->nmods - i - 1) * sizeof sd->mods[0]);
			sd->nmods--;
			return true;
		}
	return false;
}

/* melee between two units of the game on a table: the attacker must be within 2" [Close Combat
 * (a)]; adds the modifiers the table shows (formations, cover, crest, the rear, standing
 * cavalry) to those given. 0, or the refusal. */
static int table_melee(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		       struct ref_req *q, struct cplay_res *res)
{
	int a = cros_find(o, q->side[0].unit), d = cros_find(o, q->side[1].unit);
	struct event store[CPLAY_EVENTS];
	struct evsink ev;
	int32_t gap;
	/* the attacking units: the first, then those charging with it [Close Combat (a)] */
	int att[CREF_CC_UNITS], na = 0;
	struct ref_side *asd[CREF_CC_UNITS];
	bool near[CREF_CC_UNITS]; /* within 2" of the defender, or locked in combat with it */
	int32_t agap[CREF_CC_UNITS];
	if (a < 0 || d < 0)
		return 0; /* troop types, not units of the game */
	if (!g->s[d].pos.on || !g->s[a].pos.on)
		return cplay_bad(res, "%s is not on the table (place or enter it first)",
				g->s[a].pos.on ? o->u[d].id : o->u[a].id);
	att[na] = a;
	asd[na++] = &q->side[0];
	for (int i = 0; i < q->nalso[0] && na < CREF_CC_UNITS; i++) {
		int x = cros_find(o, q->also[0][i].unit);
		if (x < 0)
			return cplay_bad(res, "--attacker-also names a unit of the game on the table, not \"%s\"",
					q->also[0][i].unit);
		if (!g->s[x].pos.on)
			return cplay_bad(res, "%s is not on the table", o->u[x].id);
		if (o->u[x].side != o->u[a].side)
			return cplay_bad(res, "%s is not on %s's side: it cannot charge with it", o->u[x].id, o->u[a].id);
		att[na] = x;
		asd[na++] = &q->also[0][i];
	}
	/* [Close Combat (a)] within 2" of the enemy, or [Close Combat (f)] locked in combat with the
	 * loser as it withdraws (this turn): the winner follows it */
	for (int u = 0; u < na; u++) {
		agap[u] = ctbl_gap(t, tb, o, g, att[u], d);
		near[u] = agap[u] <= CTBL_TWO_INCHES || cseq_follows(g, att[u], d);
	}
	evsink_init(&ev, store, CPLAY_EVENTS);
	for (int u = 0; u < na; u++) {
		/* [Modifiers (a), (b)] Q&A 3: the second line of a double line with a unit within 2"
		 * charges with it ("both involved") */
		const int front = near[u] ? -1 : ctbl_front_line(t, tb, o, g, att[u], d, att, na);
		if (!near[u] && front < 0) {
			cplay_say_events(res, "on the table:", &ev);
			return cplay_refuse(res, "[Close Combat (a)] %s is %.*f\" from %s: a charge is declared only with some part of "
				"the unit within 2\" of the enemy%s", o->u[att[u]].id, PL_IN(agap[u]), o->u[d].id,
				na > 1 ? " (or as the second line of a double line with a unit that is)" : "");
		}
		if (front >= 0) {
			asd[u]->second = true;
			asd[u]->dl_with = 1 + front;
			ev_emit(&ev, "[Close Combat (a)]", "%s, %.*f\" from %s, charges as the second line of %s's double line "
				"(Q&A 3: both involved)", o->u[att[u]].id, PL_IN(agap[u]), o->u[d].id, o->u[att[front]].id);
		} else if (agap[u] > CTBL_TWO_INCHES)
			ev_emit(&ev, "[Close Combat (f)]", "%s stays locked in combat with %s as it withdraws", o->u[att[u]].id,
				o->u[d].id);
		else if (u == 0)
			ev_emit(&ev, "[Close Combat (a)]", "%s is %.*f\" from %s: it may charge", o->u[a].id, PL_IN(agap[u]),
				o->u[d].id);
		else
			ev_emit(&ev, "[Close Combat (a)]", "%s charges %s with %s (%.*f\")", o->u[att[u]].id, o->u[d].id, o->u[a].id,
				PL_IN(agap[u]));
		add_cc_mods(t, tb, o, g, att[u], d, 0, asd[u], &ev);
		if (u == 0)
			add_cc_mods(t, tb, o, g, a, d, 1, &q->side[1], &ev);
		/* [Modifiers (a), (b)] "double line (lines w/in 4" of each other)": two charging units
		 * in line, one behind the other, each take the double line's modifier */
		for (int v = 0; v < na; v++) {
			if (v == u || !ctbl_double_line(t, tb, o, g, att[u], att[v]))
				continue;
			bool cav = tb->base[o->u[att[u]].type].arm == CA_CAVALRY;
			if (!asd[u]->dl_with)
				asd[u]->dl_with = 1 + v;
			const char *key = cav ? "cavalry-double-line" : "infantry-double-line";
			if (cav)
				drop_mod(asd[u], "cavalry-line"); /* the double line's +2 instead of the line's +1 */
			if (ref_side_mod(asd[u], key))
				ev_emit(&ev, cav ? "[Modifiers (a)]" : "[Modifiers (b)]", "%s charges in double line with %s (lines "
					"within 4\" of each other): %s%s", o->u[att[u]].id, o->u[att[v]].id, key,
					cav ? ", in place of cavalry-line" : "");
			break;
		}
	}
	/* [Close Combat (b)] the units that fight with the defender: touching an attacking unit
	 * (within its 2"), or a reinforcement that came to contact the attacker in the reaction
	 * phase */
	for (int i = 0; i < q->nalso[1]; i++) {
		struct ref_side *sd = &q->also[1][i];
		int x = cros_find(o, sd->unit), by = a;
		if (x < 0)
			return cplay_bad(res, "--defender-also names a unit of the game on the table, not \"%s\"", sd->unit);
		if (o->u[x].side != o->u[d].side)
			return cplay_bad(res, "%s is not on %s's side: it cannot join its defence", o->u[x].id, o->u[d].id);
		if ((gap = ctbl_gap(t, tb, o, g, a, x)) < 0)
			return cplay_bad(res, "%s is not on the table", o->u[x].id);
		for (int u = 1; u < na; u++) {
			int32_t gy = ctbl_gap(t, tb, o, g, att[u], x);
			if (gy >= 0 && gy < gap) {
				gap = gy;
				by = att[u];
			}
		}
		if (gap > CTBL_TWO_INCHES && g->seq.contact[x] != 1 + d && g->seq.reinf[d] != 1 + x) {
			cplay_say_events(res, "on the table:", &ev);
			return cplay_refuse(res, "[Close Combat (b)] %s is %.*f\" from %s: a unit fights when it touches the enemy (within "
				"2\"), or reinforces the defender in the reaction phase", o->u[x].id, PL_IN(gap), o->u[by].id);
		}
		ev_emit(&ev, "[Close Combat (b)]", "%s fights with %s (%.*f\" from %s)", o->u[x].id, o->u[d].id, PL_IN(gap),
			o->u[by].id);
		add_cc_mods(t, tb, o, g, by, x, 1, sd, &ev);
	}
	cplay_say_events(res, "on the table:", &ev);
	return 0;
}


/* ---- the sequence of play and the rulings' effects --------------------------------------- */

/* A complete ruling between two units of the game (fire --firer A --at B, melee --attacker A
 * --defender B): what the enemy's fire priority will look at [Fire (c)]. Whether it was one. */
static bool note_units(const struct ref_req *q, const struct ref_out *out, const struct cros_oob *o,
		       struct cros_game *g)
{
	int a, b;
	if (out->pending[0])
		return false;
	if (!strcmp(q->what, "fire") && q->dice.given && (a = cros_find(o, q->firer)) >= 0 && (b = cros_find(o, q->at)) >= 0) {
		cros_note_fire(g, a, b);
		return true;
	}
	if (!strcmp(q->what, "melee") && out->charge_failed < 0 && q->side[0].dice.given && q->side[1].dice.given &&
	    out->cc_n[0] > 0 && out->cc_unit[0][0] >= 0 && (b = cros_find(o, q->side[1].unit)) >= 0) {
		/* every attacking unit that fought (one that failed its charge morale check withdrew) */
		for (int u = 0; u < out->cc_n[0]; u++) {
			if ((a = out->cc_unit[0][u]) < 0)
				continue;
			cros_note_charge(g, a, b);
			if (out->cc_winner == out->cc_unit[0][0])
				cros_note_beat(g, a, b); /* [Close Combat (f)] it may advance onto b's position */
			else
				g->s[a].beat = -1; /* (a locked combat lost: no advance from the win before it) */
		}
		return true;
	}
	return false;
}

/* A close assault in a command point phase [Side A Turn (b), (d)]: bought (its points paid) and
 * declared now, with --declare, then resolved with its dice after the reaction phase. A melee
 * with dice in the phase is refused, and --declare in another phase. 0, or the exit status. */
static int declare(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct cros_oob *o,
		   struct cros_game *g, bool asked, bool ace, const struct cseq_do *partner, int npartner, struct cplay_res *res)
{
	struct event store[16 * CREF_CC_UNITS];
	struct evsink ev;
	struct err e;
	struct cseq_do d[CREF_CC_UNITS] = {{.unit = cros_find(o, q->side[0].unit), .act = CSEQ_CHARGE,
					    .target = cros_find(o, q->side[1].unit), .arm = -1, .ace = ace}};
	int n = 1;
	if (g->seq.phase != CSEQ_COMMAND)
		return cplay_bad(res, "--declare is for a close assault bought in a command point phase [Side A Turn (d)]; "
				"this is the %s", cseq_phase_name[g->seq.phase]);
	if (!asked) {
		return cplay_refuse(res, "[Side A Turn (d)] a close assault bought in a command point phase is resolved after "
			"the reaction phase: declare it now (melee --attacker ID --defender ID --declare), roll it then");
	}
	if (d[0].unit < 0 || d[0].target < 0 || npartner < q->nalso[0])
		return cplay_bad(res, "--declare names the attacker%s and the defender by their ids in the game",
				q->nalso[0] ? "s" : "");
	for (int i = 0; i < npartner && n < CREF_CC_UNITS; i++)
		d[n++] = partner[i];
	evsink_init(&ev, store, 16 * CREF_CC_UNITS);
	bool near[CREF_CC_UNITS];
	for (int i = 0; i < n; i++) {
		int32_t gap = tb ? ctbl_gap(t, tb, o, g, d[i].unit, d[i].target) : 0;
		near[i] = gap >= 0 && gap <= CTBL_TWO_INCHES;
	}
	/* the units a second line may charge behind: those named, and those whose close assault on
	 * the same enemy was declared this round */
	int front[CREF_CC_UNITS + CROS_UNITS_MAX], nf = 0;
	for (int i = 0; i < n; i++)
		front[nf++] = d[i].unit;
	for (int x = 0; x < g->n; x++)
		if (g->seq.assault[x] == 1 + d[0].target)
			front[nf++] = x;
	for (int i = 0; i < n; i++) {
		/* the second line of a double line with a unit within 2" (Q&A 3) */
		const bool second = tb && !near[i] && ctbl_front_line(t, tb, o, g, d[i].unit, d[i].target, front, nf) >= 0;
		for (int j = 0; j < i; j++)
			if (d[j].unit == d[i].unit)
				return cplay_bad(res, "%s is named twice", o->u[d[i].unit].id);
		/* [Close Combat (a)] the units charging with the attacker: infantry or cavalry, its friends */
		if (n > 1 && t->unit[o->u[d[i].unit].type].fps == 1)
			return cplay_bad(res, "%s is a battery: infantry or cavalry charge [Close Combat (a)]", o->u[d[i].unit].id);
		if (i && o->u[d[i].unit].side != o->u[d[0].unit].side)
			return cplay_bad(res, "%s is not on %s's side: it cannot charge with it", o->u[d[i].unit].id,
					o->u[d[0].unit].id);
		if (tb) {
			d[i].arm = tb->base[o->u[d[i].unit].type].arm;
			if (!near[i] && !second) {
				return cplay_refuse(res, "[Close Combat (a)] %s is not within 2\" of %s: a charge is declared only with "
					"some part of the unit within 2\" of the enemy%s", o->u[d[i].unit].id, o->u[d[i].target].id,
					n > 1 ? " (or as the second line of a double line with a unit that is)" : "");
			}
		}
		/* each charging unit's action, paid; a refusal leaves the game as it was (not saved) */
		if (cseq_done(o, g, &d[i], &ev, &e) != 0) {
			return cplay_refuse(res, "%s", e.msg);
		}
	}
	return cplay_keep(res, &ev, false);
}

/* A complete ruling's effects put into the game, which is saved: sd (may be NULL) the ruling as
 * a unit's action in the sequence of play, partner[npartner] the actions of the units charging
 * with it; hold: a volley's results held until the reaction phase ends. */
static int apply(const struct cplay *c, const struct ref_out *out, struct cros_game *g, const struct cseq_do *sd,
		 const struct cseq_do *partner, int npartner, bool hold, struct cplay_res *res)
{
	const struct ctab *t = c->t;
	const struct cros_oob *o = c->o;
	struct event store[64 + 16 * REF_ALSO_MAX];
	struct evsink ev;
	struct err e;
	if (out->pending[0]) {
		cplay_say(res, "game %s: unchanged until the ruling is complete (%s)\n", c->name, out->pending);
		return 0;
	}
	evsink_init(&ev, store, 64 + 16 * REF_ALSO_MAX);
	/* the ruling as the units' actions in the sequence of play: paid and counted first (a
	 * refusal leaves the file as it was: nothing is saved) */
	for (int i = -1; sd && i < npartner; i++)
		if (cseq_done(o, g, i < 0 ? sd : &partner[i], &ev, &e) != 0) {
			return cplay_refuse(res, "%s (the game is unchanged)", e.msg);
		}
	/* [Close Combat (f)]: attackers that won at twice the defender's total may fight on: each
	 * attacking unit that fought */
	for (int i = -1; sd && sd->act == CSEQ_CHARGE && i < npartner; i++) {
		const struct cseq_do *x = i < 0 ? sd : &partner[i];
		bool fought = false;
		for (int u = 0; u < out->cc_n[0]; u++)
			fought = fought || out->cc_unit[0][u] == x->unit;
		if (fought && out->cc_n[0] > 0 && out->cc_winner == out->cc_unit[0][0] && x->target >= 0 &&
		    cref_cc_twice(out->cc_total))
			cseq_lock(o, g, x->unit, x->target, &ev);
	}
	if (out->cc_winner >= 0) {
		int side = o->u[out->cc_winner].side;
		g->cc_won[side]++;
		ev_emit(&ev, "[Initiative (a)]", "%s wins the close combat: +1 to the %s initiative next turn", o->u[out->cc_winner].id,
			o->side[side]);
	}
	if (out->ace_side >= 0)
		cros_gain_ace(o, g, out->ace_side, &ev);
	if (out->init_winner >= 0) {
		g->init_winner = out->init_winner;
		g->init_turn = g->turn;
		ev_emit(&ev, "[Initiative (a)]", "the %s won the initiative on turn %d: +1 next turn", o->side[out->init_winner],
			g->turn);
	}
	for (int k = 0; k < out->neff; k++) {
		const struct ref_effect *x = &out->eff[k];
		/* [Side A Turn (b)]: command and reaction fire take effect together */
		(hold ? cros_hold : cros_take)(t, o, g, x->unit, x->figures, x->markers, x->leader_killed, x->why, &ev);
		if (x->ammo_out) {
			g->s[x->unit].ammo_out = true;
			ev_emit(&ev, "[Command Points]", "%s is out of ammunition", o->u[x->unit].id);
		}
	}
	return cplay_keep(res, &ev, true);
}

/* Unit i's arm (enum ctbl_arm): the table's, or without one its troop type's on the sheet: a
 * battery counts its figures one by one (1 a stand), cavalry 2 a stand, infantry 4 [The Game
 * Itself]. */
static int arm_of(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, int i)
{
	int fps = t->unit[o->u[i].type].fps;
	if (tb)
		return tb->base[o->u[i].type].arm;
	return fps == 1 ? CA_ARTILLERY : fps == 2 ? CA_CAVALRY : CA_INFANTRY;
}

/* Whether unit r, which reinforced unit d in the reaction phase [Close Combat (b)], can no longer
 * do so when the close assault is resolved: destroyed or routing (the held fire of the command
 * point phase took effect after it reacted), or for a double line (line) on a table no longer
 * infantry in line within 4" of d in line. */
static bool reinforcer_gone(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			    const struct cros_game *g, int r, int d, bool line)
{
	int32_t gap;
	if (!g->s[r].figures || g->s[r].routing)
		return true;
	if (!tb || !line)
		return false;
	gap = ctbl_gap(t, tb, o, g, r, d);
	return gap < 0 || gap > 4 * PL_PER_INCH || g->s[r].pos.form != CF_LINE || g->s[d].pos.form != CF_LINE;
}

/* Adds unit j to those fighting with the defender in q, with the double line's modifier when
 * line; says so. Refused (1, said) when the close combat has no room for it. */
static int add_reinforcement(const struct cros_oob *o, struct ref_req *q, int j, int d, bool line, struct cplay_res *res)
{
	struct ref_side *x = NULL;
	for (int k = 0; k < q->nalso[1] && !x; k++)
		if (!strcmp(q->also[1][k].unit, o->u[j].id))
			x = &q->also[1][k];
	if (!x && ref_req_also(q, 1, o->u[j].id) != 0) {
		return cplay_refuse(res, "[Close Combat (b)] %s reinforced %s, and the close combat holds %d units a side: name "
			"fewer with --defender-also", o->u[j].id, o->u[d].id, CREF_CC_UNITS);
	}
	if (!x)
		x = &q->also[1][q->nalso[1] - 1];
	if (line)
		ref_side_mod(x, "infantry-double-line");
	cplay_say(res, "  %-22s %s reinforced %s %s: it fights with it\n", "[Close Combat (b)]", o->u[j].id, o->u[d].id,
	       line ? "as a double line (Q&A 3: \"they are both involved\")" : "in contact with its attacker");
	return 0;
}

/* [Close Combat (b)] a close assault (a at d) resolved in the close assault phase: the units that
 * reinforced d in the reaction phase fight with it, in contact or as a double line (both lines then
 * take the double line's modifier: Q&A 3, "Yes, they are both involved. That is the point of
 * double line"), unless they have gone since; without a table no other unit may be named to
 * fight with d. 0, or the exit status (said). */
static int assault_reinforcements(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
				  const struct cros_game *g, int a, int d, struct ref_req *q, struct cplay_res *res)
{
	int r = cseq_reinforced_by(g, d);
	(void)a;
	for (int k = 0; !tb && k < q->nalso[1]; k++) {
		int x = cros_find(o, q->also[1][k].unit);
		if (x < 0 || (g->seq.contact[x] != 1 + d && x != r)) {
			return cplay_refuse(res, "[Close Combat (b)] without a table, %s fights with %s in a close assault only as a "
				"reinforcement of the reaction phase (reinforce --unit ID --defender %s [--contact])", q->also[1][k].unit,
				o->u[d].id, o->u[d].id);
		}
	}
	if (r >= 0 && reinforcer_gone(t, tb, o, g, r, d, true)) {
		cplay_say(res, "  %-22s %s no longer forms a double line with %s: it fights alone\n", "[Close Combat (b)]", o->u[r].id,
		       o->u[d].id);
	} else if (r >= 0) {
		ref_side_mod(&q->side[1], "infantry-double-line");
		if (add_reinforcement(o, q, r, d, true, res) != 0)
			return 1;
	}
	for (int j = 0; j < o->n; j++) {
		if (g->seq.contact[j] != 1 + d)
			continue;
		if (reinforcer_gone(t, tb, o, g, j, d, false))
			cplay_say(res, "  %-22s %s no longer reinforces %s\n", "[Close Combat (b)]", o->u[j].id, o->u[d].id);
		else if (add_reinforcement(o, q, j, d, false, res) != 0)
			return 1;
	}
	return 0;
}

/* reinforce --unit R --defender D [--contact] [--die N], a reaction to a close assault on D bought
 * with command points [Close Combat (b)]: "friendly infantry or cavalry, if able to directly
 * contact the attacking unit by moving no more than 4 inches and passing a morale roll may
 * reinforce the defending unit" (--contact: R then fights with D), "and a friendly infantry in
 * line formation within 4 inches of defending infantry unit in line formation may, by passing a
 * morale test, reinforce the attacked unit thus forming a double line". sd: the reaction, allowed
 * by the sequence (NULL without the die). On a table the arms, formations and the 4" are
 * measured. 0, or the exit status. */
static int reinforce(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct cros_oob *o,
		     struct cros_game *g, bool contact, const struct cseq_do *sd, struct cplay_res *res)
{
	struct event store[16];
	struct evsink ev;
	struct cref_unit u;
	struct err e;
	int r = cros_find(o, q->unit), d = cros_find(o, q->side[1].unit), pass, a = -1;
	double p;
	if (r < 0 || d < 0)
		return cplay_bad(res, "reinforce names the reinforcing unit (--unit ID) and the charged unit (--defender ID) "
			    "by their ids in the game");
	if (g->seq.phase == CSEQ_OFF)
		return cplay_bad(res, "reinforce is a reaction of the sequence of play (next starts it); without it, give the "
			    "close combat --defender-mod infantry-double-line or --defender-also ID [Close Combat (b)]");
	if (tb && contact) {
		int arm = tb->base[o->u[r].type].arm;
		/* the attacker: where more than one charged D, the nearest to R of those that used
		 * command points (a reaction answers them; cseq_may checks it), as cact lists a contact
		 * with any */
		int32_t agap = -1;
		for (int k = 0; k < g->n; k++) {
			if (g->seq.assault[k] != 1 + d)
				continue;
			const int32_t gk = ctbl_gap(t, tb, o, g, r, k);
			if (a < 0 || (g->seq.paid[k] && !g->seq.paid[a]) ||
			    (g->seq.paid[k] == g->seq.paid[a] && gk >= 0 && (agap < 0 || gk < agap))) {
				a = k;
				agap = gk;
			}
		}
		if (arm != CA_INFANTRY && arm != CA_CAVALRY) {
			return cplay_refuse(res, "[Close Combat (b)] friendly infantry or cavalry reinforce a charged unit, not %s (%s)",
				o->u[r].id, ctbl_arm_name[arm]);
		}
		if (a >= 0 && agap < 0)
			return cplay_bad(res, "%s or %s is not on the table", o->u[r].id, o->u[a].id);
		if (a >= 0 && agap > 4 * PL_PER_INCH) {
			return cplay_refuse(res, "[Close Combat (b)] %s is %.*f\" from %s: it reinforces by moving no more than 4 inches "
				"to contact the attacker", o->u[r].id, PL_IN(agap), o->u[a].id);
		}
	} else if (!tb && arm_of(t, tb, o, d) != CA_INFANTRY) {
		return cplay_refuse(res, "[Close Combat (b)] a double line reinforces a charged infantry line, not %s", o->u[d].id);
	} else if (tb) {
		int32_t gap = ctbl_gap(t, tb, o, g, r, d);
		const int unit_[2] = {r, d};
		for (int k = 0; k < 2; k++)
			if (tb->base[o->u[unit_[k]].type].arm != CA_INFANTRY || g->s[unit_[k]].pos.form != CF_LINE) {
				return cplay_refuse(res, "[Close Combat (b)] a double line is infantry in line formation reinforcing "
					"infantry in line formation: %s is %s in %s", o->u[unit_[k]].id,
					ctbl_arm_name[tb->base[o->u[unit_[k]].type].arm], cros_form_name[g->s[unit_[k]].pos.form]);
			}
		if (gap < 0)
			return cplay_bad(res, "%s or %s is not on the table", o->u[r].id, o->u[d].id);
		if (gap > 4 * PL_PER_INCH) {
			return cplay_refuse(res, "[Close Combat (b)] %s is %.*f\" from %s: a double line is formed within 4 inches",
				o->u[r].id, PL_IN(gap), o->u[d].id);
		}
	}
	evsink_init(&ev, store, 16);
	cros_cref_unit(t, o, g, r, &u);
	pass = cref_morale(t, &u, false, q->die, &p, &ev);
	if (pass < 0) {
		cplay_want(res, RW_DIE, 1);
		cplay_say(res, "reinforce: %s passes its morale test %.1f%% of the time [Close Combat (b), MORALE (f)]; give --die\n",
		       o->u[r].id, 100 * p);
		return 0;
	}
	if (!sd)
		return cplay_bad(res, "reinforce is a reaction in the reaction phase (the game is in its %s)",
			    cseq_phase_name[g->seq.phase]);
	if (cseq_done(o, g, sd, &ev, &e) != 0) {
		return cplay_refuse(res, "%s (the game is unchanged)", e.msg);
	}
	if (pass && contact)
		cseq_join(o, g, r, d, &ev);
	else if (pass)
		cseq_reinforce(o, g, r, d, &ev);
	else
		ev_emit(&ev, "[Close Combat (b)]", "%s fails its morale test: it does not reinforce %s", o->u[r].id, o->u[d].id);
	return cplay_keep(res, &ev, false);
}

/* Whether a charge morale die of side k's units is given. */
static bool morale_rolled(const struct ref_req *q, int k)
{
	bool r = q->side[k].morale_die != 0;
	for (int i = 0; i < q->nalso[k]; i++)
		r = r || q->also[k][i].morale_die;
	return r;
}

/* The command as a unit's action in the sequence of play (cseq.h): true with d filled in; false
 * for a command that is no unit's action (a chart alone, a typed-in unit, a placement, an
 * arrival, a withdrawal or rout).
 * *complete: whether the command, as given, makes its ruling (dice given), so may change the
 * game; odds asked without dice are never refused. */
static bool seq_action(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct cplay_opts *x,
		       bool ace, const struct cplay_opts *so, const struct cros_oob *o, const struct cros_game *g,
		       struct cseq_do *d, bool *complete)
{
	int i = -1;
	d->target = -1;
	d->ace = ace;
	d->stands = d->of = 0;
	d->split = false;
	*complete = false;
	if (!strcmp(q->what, "fire") && q->firer[0]) {
		i = cros_find(o, q->firer);
		d->act = CSEQ_FIRE;
		d->target = q->at[0] ? cros_find(o, q->at) : -1;
		*complete = q->dice.given;
		if (i >= 0) { /* [Fire (f)] the volley's stands (0: not yet known, all that bear) */
			struct cref_unit u;
			cros_cref_unit(t, o, g, i, &u);
			d->of = ctab_stands(t, u.type, u.figures);
			d->stands = q->stands;
			d->split = so->split;
		}
	} else if (!strcmp(q->what, "melee") && q->side[0].unit[0]) {
		i = cros_find(o, q->side[0].unit);
		d->act = CSEQ_CHARGE;
		d->target = cros_find(o, q->side[1].unit);
		/* the close combat ruled, or its charge morale check rolled (a failure ends it) */
		*complete = (q->side[0].dice.given && q->side[1].dice.given) || morale_rolled(q, 0);
	} else if (!strcmp(q->what, "rally")) {
		i = cros_find(o, q->unit);
		d->act = CSEQ_RALLY;
		*complete = true;
	} else if (!strcmp(q->what, "reinforce")) {
		i = cros_find(o, q->unit);
		d->act = so->contact ? CSEQ_JOIN : CSEQ_REINFORCE;
		d->target = cros_find(o, q->side[1].unit);
		*complete = q->die != 0; /* the morale test rolled */
	} else if (tb && !strcmp(q->what, "move") && !q->row[0] && (i = cros_find(o, q->unit)) >= 0) {
		int form = x->formation[0] ? cros_form_of(x->formation) : g->s[i].pos.form;
		*complete = q->dice.given;
		if (x->toward[0]) {
			d->act = CSEQ_MOVE_AT;
			d->target = cros_find(o, x->toward);
		} else if ((x->has_x && x->x != g->s[i].pos.c.x) || (x->has_y && x->y != g->s[i].pos.c.y) || q->road) {
			d->act = CSEQ_MOVE;
		} else if (form >= 0 && form != g->s[i].pos.form) {
			d->act = form == CF_UNLIMBERED ? CSEQ_UNLIMBER : CSEQ_REFORM;
			*complete = true;
		} else if (x->facing >= 0 && x->facing != g->s[i].pos.facing) {
			d->act = CSEQ_TURN; /* a pivot of 30 degrees or less in place is a move of no inches [MOVE (b)] */
			*complete = true;
		} else {
			return false;
		}
	}
	if (i < 0)
		return false;
	d->unit = i;
	d->arm = arm_of(t, tb, o, i);
	return true;
}

/* melee --attacker-also: "Each charging unit" [Close Combat (a)] takes its own action, a charge
 * at the defender, as the first attacker's a0 does (no Ace: --ace pays for the first's). Into d,
 * the units of the game named; returns how many. */
static int partner_actions(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q,
			   const struct cros_oob *o, const struct cseq_do *a0, struct cseq_do *d)
{
	int n = 0;
	for (int i = 0; i < q->nalso[0]; i++) {
		int x = cros_find(o, q->also[0][i].unit);
		if (x < 0)
			continue;
		d[n] = *a0;
		d[n].unit = x;
		d[n].arm = arm_of(t, tb, o, x);
		d[n].ace = false;
		n++;
	}
	return n;
}

/* [Side A Turn (d)] a close assault (a at d) resolved in the close assault phase: the other units
 * whose close assaults on d were declared this round charge with a, "Total everything at once"
 * [Close Combat (c)]; each is added to q's attacking units when not named. 0, or 1 when the close
 * combat has no room for them (said). */
static int assault_partners(const struct cros_oob *o, const struct cros_game *g, int a, int d, struct ref_req *q,
			    struct cplay_res *res)
{
	for (int x = 0; x < g->n; x++) {
		bool named = x == a;
		if (g->seq.assault[x] != 1 + d)
			continue;
		for (int k = 0; k < q->nalso[0] && !named; k++)
			named = !strcmp(q->also[0][k].unit, o->u[x].id);
		/* gone since it was declared (the reaction fire, held until then, took effect) */
		const char *gone = !g->s[x].figures			  ? "destroyed"
				   : g->s[x].routing			  ? "routing"
				   : g->table[0] && !g->s[x].pos.on ? "off the table"
								      : NULL;
		if (gone && named) {
			return cplay_refuse(res, "[Side A Turn (d)] %s is %s: it does not charge", o->u[x].id, gone);
		}
		if (gone) {
			cplay_say(res, "  %-22s %s's close assault on %s was declared this round too, but it is %s: it does not charge\n",
			       "[Side A Turn (d)]", o->u[x].id, o->u[d].id, gone);
			continue;
		}
		if (named)
			continue;
		if (ref_req_also(q, 0, o->u[x].id) != 0) {
			return cplay_refuse(res, "[Close Combat (b)] %s's close assault on %s was declared too, and a close combat holds "
				"%d units a side", o->u[x].id, o->u[d].id, CREF_CC_UNITS);
		}
		cplay_say(res, "  %-22s %s's close assault on %s was declared this round too: it charges with %s\n", "[Side A Turn (d)]",
		       o->u[x].id, o->u[d].id, o->u[a].id);
	}
	return 0;
}

/* A new turn: leaders replaced [Leaders (a)], and on a table the command radius [Leaders (b)];
 * a game keeping the sequence of play is then at the turn's initiative. */
static void new_turn(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, struct cros_game *g,
		     struct evsink *ev)
{
	cros_next_turn(o, g, ev);
	if (tb)
		ctbl_command(t, tb, o, g, ev); /* [BRIGADE COMMANDERS] */
}

int cplay_side_named(const struct cros_oob *o, const char *name)
{
	for (int k = 0; k < 2; k++)
		if (!strcmp(name, o->side[k]))
			return k;
	return -1;
}

/* spend, rally, turn, phase --off, next: the roster and the sequence of play. sd: rally as the
 * unit's action in the sequence (NULL: none kept). */
static int roster_cmd(const struct cplay *c, const struct ref_req *q, struct cros_game *g, const struct cplay_opts *so,
		      const struct cseq_do *sd, struct cplay_res *res)
{
	const struct ctab *t = c->t;
	const struct ctbl *tb = c->tb;
	const struct cros_oob *o = c->o;
	struct event store[CROS_UNITS_MAX + 8];
	struct evsink ev;
	struct err e;
	int i = -1;
	evsink_init(&ev, store, CROS_UNITS_MAX + 8);
	if (!strcmp(q->what, "turn")) {
		new_turn(t, tb, o, g, &ev);
	} else if (!strcmp(q->what, "phase")) { /* --off */
		if (g->seq.phase == CSEQ_OFF)
			return cplay_bad(res, "%s keeps no sequence of play", c->name);
		cros_release(t, o, g, &ev);
		cseq_stop(g, &ev);
	} else if (!strcmp(q->what, "next")) {
		int first = -1, rc;
		if (so->first[0] && (first = cplay_side_named(o, so->first)) < 0)
			return cplay_bad(res, "--first names a side, %s or %s, not \"%s\"", o->side[0], o->side[1], so->first);
		if (first >= 0 && g->seq.phase != CSEQ_INITIATIVE)
			return cplay_bad(res, "--first is the initiative winner's choice, as the initiative phase ends");
		if (g->seq.phase == CSEQ_REACTION)
			cros_release(t, o, g, &ev); /* the reaction phase's end: held fire takes effect */
		if ((rc = cseq_next(o, g, first, &ev, &e)) < 0)
			return cplay_refuse_err(res, &e);
		if (rc == 1)
			new_turn(t, tb, o, g, &ev);
	} else {
		if (!q->unit[0] || (i = cros_find(o, q->unit)) < 0)
			return cplay_bad(res, "%s needs --unit, one of the game's units (crimea referee cotlb units --game %s)",
					 q->what, c->name);
		if (!strcmp(q->what, "spend")) {
			if (!so->points && !so->ace)
				return cplay_bad(res, "spend needs --points N (1 in the first command point phase, 2 in the second ...) "
						 "or --ace (one of the side's Aces for a command point; with --points N, one of the N)");
			/* an Ace pays one point; the rest, if any, from the unit's own */
			int own = so->ace && so->points ? so->points - 1 : so->points;
			if (own && cros_spend(o, g, i, own, &ev, &e) != 0)
				return cplay_refuse_err(res, &e);
			if (so->ace && cros_spend_ace(o, g, i, &ev, &e) != 0) {
				if (own && g->s[i].cp != CROS_CP_UNLIMITED)
					g->s[i].cp += own; /* refused whole: keep g as it was */
				return cplay_refuse_err(res, &e);
			}
		} else {
			int rc = cros_rally(t, o, g, i, q->die, &ev, &e);
			if (rc < 0 && !q->die && g->s[i].routing)
				cplay_want(res, RW_DIE, 1);
			if (rc < 0 || (sd && cseq_done(o, g, sd, &ev, &e) != 0))
				return cplay_refuse_err(res, &e);
		}
	}
	return cplay_keep(res, &ev, false);
}

bool cplay_is_table_cmd(const char *what)
{
	return !strcmp(what, "place") || !strcmp(what, "enter") || !strcmp(what, "move") || !strcmp(what, "withdraw") ||
	       !strcmp(what, "rout") || !strcmp(what, "advance");
}

/* What would go round a game's sequence of play (g keeps it): refused (the code), or 0 with the
 * command as a unit's action in it (*act, NULL: none) and those of the units charging with it
 * (pdo[*npdo]); a close assault declared in a command point phase is carried out here (*done). */
static int sequence(const struct cplay *c, struct cros_game *g, struct ref_req *q, const struct cplay_opts *x,
		    struct cseq_do *sdo, struct cseq_do **act, struct cseq_do *pdo, int *npdo, bool *done,
		    struct cplay_res *res)
{
	const struct ctab *t = c->t;
	const struct ctbl *tb = c->tb;
	const struct cros_oob *oob = c->o;
	bool complete;
	int cost, rc;
	struct err se;
	/* what would go round the sequence: the points an action pays itself, a new turn that
	 * skips the phases left, a typed-in unit against one of the game's */
	if (!strcmp(q->what, "spend") || !strcmp(q->what, "turn"))
		return cplay_bad(res, "%s keeps the sequence of play: %s", c->name,
				 !strcmp(q->what, "spend") ? "an action in a command point phase pays its points itself "
							     "(--ace: one of them with an Ace); phase --off stops keeping it"
							   : "next ends the phases left and starts the next turn; phase --off stops keeping it");
	if ((!strcmp(q->what, "save") || !strcmp(q->what, "leader")) && cros_find(oob, q->unit) >= 0)
		return cplay_bad(res, "%s keeps the sequence of play: a volley's saves and leader die come with it (fire "
				 "--firer ID --at ID --saves D,.. --leader D), a close combat's with melee; phase --off "
				 "gives %s back to the referee", c->name, q->what);
	if (!strcmp(q->what, "melee")) {
		int a = cros_find(oob, q->side[0].unit), d = cros_find(oob, q->side[1].unit);
		if (a >= 0 && d >= 0 && g->seq.phase == CSEQ_ASSAULT && g->seq.assault[a] == 1 + d &&
		    ((rc = assault_partners(oob, g, a, d, q, res)) != 0 ||
		     (rc = assault_reinforcements(t, tb, oob, g, a, d, q, res)) != 0))
			return rc;
		/* [Close Combat (f)] each attacking unit locked in combat with the defender */
		for (int u = 0; u <= q->nalso[0] && d >= 0; u++) {
			struct ref_side *rs = u ? &q->also[0][u - 1] : &q->side[0];
			int k = cros_find(oob, rs->unit);
			rs->locked = k >= 0 && g->seq.locked[k] == 1 + d;
		}
	}
	bool typed_also = false; /* a typed-in unit joining a game unit's side */
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < q->nalso[k]; i++)
			typed_also = typed_also || (cros_find(oob, q->also[k][i].unit) < 0) != (cros_find(oob, q->side[k].unit) < 0);
	if ((!strcmp(q->what, "fire") && q->at[0] && cros_find(oob, q->at) >= 0 && !q->firer[0]) ||
	    (!strcmp(q->what, "melee") &&
	     ((cros_find(oob, q->side[0].unit) >= 0) != (cros_find(oob, q->side[1].unit) >= 0) || typed_also)))
		return cplay_bad(res, "%s keeps the sequence of play: %s is between units of the game (%s)", c->name, q->what,
				 !strcmp(q->what, "fire") ? "--firer ID" : "--attacker ID --defender ID");
	if (!strcmp(q->what, "initiative") && q->dice.given && g->seq.phase != CSEQ_INITIATIVE)
		return cplay_refuse(res, "[Initiative (a)] turn %d's initiative is rolled at its start, and the game is past it "
				    "(crimea referee cotlb phase --game %s)", g->turn, c->name);
	if (!strcmp(q->what, "melee") &&
	    (x->declare || (g->seq.phase == CSEQ_COMMAND && (q->side[0].dice.given || q->side[1].dice.given ||
								morale_rolled(q, 0) || q->side[1].morale_die)))) {
		struct cseq_do a0 = {.act = CSEQ_CHARGE, .target = cros_find(oob, q->side[1].unit), .arm = -1};
		*npdo = partner_actions(t, tb, q, oob, &a0, pdo);
		*done = true;
		return declare(t, tb, q, oob, g, x->declare, x->ace, pdo, *npdo, res);
	}
	if (seq_action(t, tb, q, x, x->ace, x, oob, g, sdo, &complete)) {
		if (complete && cseq_may(oob, g, sdo, &cost, &se) != 0)
			return cplay_refuse(res, "%s", se.msg);
		if (complete && x->ace && !cost)
			return cplay_bad(res, "--ace pays a command point, and this %s costs none", cseq_phase_name[g->seq.phase]);
		if (complete)
			*act = sdo;
		/* [Close Combat (a)] each unit charging with the attacker: its own action */
		if (complete && sdo->act == CSEQ_CHARGE)
			*npdo = partner_actions(t, tb, q, oob, sdo, pdo);
		for (int i = 0; i < *npdo; i++)
			if (cseq_may(oob, g, &pdo[i], &cost, &se) != 0)
				return cplay_refuse(res, "%s", se.msg);
	}
	/* [Command Points]: a battery's snake eyes in a command point phase, and the enemy units
	 * that may react to a move bought with points */
	if (g->seq.phase == CSEQ_COMMAND)
		q->command_phase = true;
	return 0;
}

int cplay_run(const struct cplay *c, struct cros_game *g, struct ref_req *q, const struct cplay_opts *x,
	      struct ref_out *out, struct cplay_res *res)
{
	const struct ctab *t = c->t;
	const struct ctbl *tb = c->tb;
	const struct cros_oob *oob = c->o;
	struct cseq_do sdo, *act = NULL;  /* the command as a unit's action in the game's sequence of play */
	struct cseq_do pdo[REF_ALSO_MAX]; /* melee: the actions of the units charging with the attacker */
	int npdo = 0, rc;
	bool done = false;
	if (g) {
		q->oob = oob;
		q->game = g;
	}
	if (g && g->seq.phase != CSEQ_OFF &&
	    ((rc = sequence(c, g, q, x, &sdo, &act, pdo, &npdo, &done, res)) != 0 || done))
		return res->rc;
	/* move --row ... is the MOVE Chart alone; move on a game's table moves a unit */
	if (cplay_is_table_cmd(q->what) && !(!strcmp(q->what, "move") && (!g || q->row[0]))) {
		if (!tb)
			return cplay_bad(res, "%s needs --game FILE of a game on a table (new --oob ID --table ID --game FILE)",
					 q->what);
		return cmove_run(c, q, x, g, act, res);
	}
	if (tb && !strcmp(q->what, "fire") && q->firer[0] && q->at[0] && table_fire(t, tb, oob, g, q, res) != 0)
		return res->rc;
	if (act && act->act == CSEQ_FIRE) {
		/* [Fire (f)] a split fire's next volley fires the stands left, or those given */
		if (!q->stands && cseq_split_left(g, act->unit))
			q->stands = cseq_split_left(g, act->unit);
		act->stands = q->stands ? q->stands : act->of;
	}
	if (tb && !strcmp(q->what, "melee") && table_melee(t, tb, oob, g, q, res) != 0)
		return res->rc;
	if (!strcmp(q->what, "reinforce"))
		return g ? reinforce(t, tb, q, oob, g, x->contact, act, res)
			 : cplay_bad(res, "reinforce needs --game FILE, a game keeping the sequence of play");
	if (!strcmp(q->what, "spend") || !strcmp(q->what, "rally") || !strcmp(q->what, "turn") || !strcmp(q->what, "phase") ||
	    !strcmp(q->what, "next")) {
		if (!g)
			return cplay_bad(res, "%s needs --game FILE (crimea referee cotlb new --oob ID --game FILE starts one)",
					 q->what);
		return roster_cmd(c, q, g, x, act, res);
	}
	if (g && !strcmp(q->what, "initiative") && !q->won[0] && !q->won[1] && !q->cc[0] && !q->cc[1] && !q->out[0] &&
	    !q->out[1]) {
		/* [Initiative (a)]: the modifiers from what the game kept of last turn */
		cros_initiative(oob, g, q->won, q->cc, q->out);
		cplay_say(res, "from the game (turn %d): side A (%s) %s%d close combat%s won, %d unit%s fell back; side B (%s) "
			  "%s%d, %d\n", g->turn, oob->side[0], q->won[0] ? "won it last turn, " : "", q->cc[0],
			  q->cc[0] == 1 ? "" : "s", q->out[0], q->out[0] == 1 ? "" : "s", oob->side[1],
			  q->won[1] ? "won it last turn, " : "", q->cc[1], q->out[1]);
	}
	rc = ref_run(t, q, out);
	if (res->want.kind == RW_NONE)
		res->want = out->want;
	cplay_say_out(res, out);
	if (rc)
		return cplay_fail(res, rc, rc == 2, "%s", out->error);
	if (!g)
		return 0;
	/* [MOVE (h)]: a volley fired (its dice given) is a standing action for cavalry */
	int fi = q->firer[0] && q->dice.given && !out->pending[0] ? cros_find(oob, q->firer) : -1;
	bool stood = fi >= 0 && g->s[fi].moving;
	if (stood)
		g->s[fi].moving = false;
	bool noted = note_units(q, out, oob, g);
	/* a charge whose morale checks passed and whose close combat is not ruled yet is no action
	 * yet */
	if (act && act->act == CSEQ_CHARGE && out->charge_failed < 0 && !(q->side[0].dice.given && q->side[1].dice.given)) {
		act = NULL;
		npdo = 0;
	}
	if (out->neff || stood || act || noted ||
	    (!out->pending[0] && (out->cc_winner >= 0 || out->init_winner >= 0 || out->ace_side >= 0)))
		return apply(c, out, g, act, pdo, npdo,
			     !strcmp(q->what, "fire") && (g->seq.phase == CSEQ_COMMAND || g->seq.phase == CSEQ_REACTION), res);
	return 0;
}

int cplay_run_rolled(const struct cplay *c, struct cros_game *g, struct ref_req *q, const struct cplay_opts *x,
		     struct ref_out *out, struct cplay_res *res, struct rng *dice)
{
	struct cros_game *h = g ? malloc(sizeof *h) : NULL;
	struct ref_req *w = malloc(sizeof *w);
	struct rng r = *dice;
	int rc = 0;
	res->rolled = false;
	if ((g && !h) || !w) {
		free(h);
		free(w);
		return cplay_refuse(res, "out of memory");
	}
	*w = *q;
	/* each run on a fresh copy of the game, with the dice rolled so far: a ruling asks for one
	 * thing at a time (CPLAY_ROLLS bounds a ruling that would never be content) */
	for (int i = 0;; i++) {
		if (g)
			*h = *g;
		res_reset(res);
		rc = cplay_run(c, h, w, x, out, res);
		if (res->want.kind == RW_NONE || i == CPLAY_ROLLS)
			break;
		ref_want_roll(w, &res->want, &r);
		res->rolled = true;
	}
	if (!rc && res->want.kind != RW_NONE)
		rc = cplay_refuse(res, "the ruling still asks for dice after %d rolls", CPLAY_ROLLS);
	*q = *w;
	if (g) {
		q->game = g;
		if (!rc && res->changed)
			*g = *h;
	}
	if (!rc)
		*dice = r; /* every ruling made moves the stream on: each roll is the next */
	res->rolled = res->rolled && !rc;
	free(h);
	free(w);
	return rc;
}
