/* referee: requests and answers of the Charge of the Light Brigade referee (referee.h). */
#include "referee.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REF_EVENTS 256

void ref_req_init(struct ref_req *q)
{
	memset(q, 0, sizeof *q);
	q->inches = -1;
	q->hits = -1;
	q->side[0].leaders = q->side[1].leaders = -1;
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < REF_ALSO_MAX; i++)
			q->also[k][i].leaders = -1;
}

int ref_req_also(struct ref_req *q, int k, const char *unit)
{
	if (k < 0 || k > 1 || q->nalso[k] >= REF_ALSO_MAX)
		return -1;
	snprintf(q->also[k][q->nalso[k]].unit, sizeof q->also[k][q->nalso[k]].unit, "%s", unit);
	q->nalso[k]++;
	return 0;
}

bool ref_side_mod(struct ref_side *s, const char *key)
{
	for (int i = 0; i < s->nmods; i++)
		if (!strcmp(s->mods[i], key))
			return false;
	if (s->nmods >= CTAB_MODS_MAX)
		return false;
	snprintf(s->mods[s->nmods++], sizeof s->mods[0], "%s", key);
	return true;
}

/* ---- the answer ------------------------------------------------------------------------ */

static struct ref_item *add(struct ref_out *o, int kind)
{
	struct ref_item *it;
	if (o->nitems == REF_ITEMS)
		return NULL;
	it = &o->item[o->nitems++];
	memset(it, 0, sizeof *it);
	it->kind = kind;
	return it;
}

__attribute__((format(printf, 3, 4))) static void addf(struct ref_out *o, int kind, const char *fmt, ...)
{
	struct ref_item *it = add(o, kind);
	va_list ap;
	if (!it)
		return;
	va_start(ap, fmt);
	vsnprintf(it->text, sizeof it->text, fmt, ap);
	va_end(ap);
}

static void add_events(struct ref_out *o, const struct evsink *ev)
{
	for (int i = 0; i < ev->n; i++) {
		struct ref_item *it = add(o, REF_RULE);
		if (!it)
			return;
		snprintf(it->rule, sizeof it->rule, "%s", ev->ev[i].rule);
		snprintf(it->text, sizeof it->text, "%s", ev->ev[i].text);
		it->ndice = ev->ev[i].ndice;
		memcpy(it->dice, ev->ev[i].dice, sizeof it->dice);
	}
}

/* A distribution p[0..n], trimmed of its tail of zeros. */
static void add_dist(struct ref_out *o, const char *label, const double *p, int n)
{
	struct ref_item *it;
	struct ref_dist *d;
	int last = 0;
	if (o->ndists == REF_DISTS || !(it = add(o, REF_DIST)))
		return;
	d = &o->dist[o->ndists];
	it->dist = o->ndists++;
	snprintf(it->text, sizeof it->text, "%s", label);
	d->mean = 0;
	for (int i = 0; i <= n && i <= CREF_HITS_MAX; i++) {
		d->p[i] = p[i];
		d->mean += i * p[i];
		if (p[i] > 0)
			last = i;
	}
	d->n = last;
}

__attribute__((format(printf, 2, 3))) static int bad(struct ref_out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(o->error, sizeof o->error, fmt, ap);
	va_end(ap);
	return 2;
}

static int refused(struct ref_out *o, const struct err *e)
{
	snprintf(o->error, sizeof o->error, "%s", e->msg);
	return 1;
}

/* ---- the request's parts --------------------------------------------------------------- */

static bool int_text(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (end == s || *end || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

/* The effect on roster unit i (a new one when it has none yet), or NULL when i is -1. */
static struct ref_effect *effect(struct ref_out *o, int i)
{
	if (i < 0)
		return NULL;
	for (int k = 0; k < o->neff; k++)
		if (o->eff[k].unit == i)
			return &o->eff[k];
	if (o->neff == REF_EFFECTS)
		return NULL;
	memset(&o->eff[o->neff], 0, sizeof o->eff[0]);
	o->eff[o->neff].unit = i;
	return &o->eff[o->neff++];
}

/* A wounded leader [Fire (e), 2001 sheet]: a morale event, a marker for unit i's effect. */
static void wound_marker(const struct ctab *t, int die, struct ref_out *o, int i)
{
	struct ref_effect *x;
	if (!cref_leader_wounded(t, die) || !(x = effect(o, i)))
		return;
	if (x->markers)
		snprintf(x->why + strlen(x->why), sizeof x->why - strlen(x->why), "; its leader wounded");
	else
		snprintf(x->why, sizeof x->why, "its leader wounded [MORALE]");
	x->markers++;
}

static void pending(struct ref_out *o, const char *what)
{
	if (!o->pending[0])
		snprintf(o->pending, sizeof o->pending, "%s", what);
}

/* The dice the ruling asks for next (the first it lacks wins). */
static void want(struct ref_out *o, int kind, int k, int u, int n)
{
	if (o->want.kind == RW_NONE)
		o->want = (struct ref_want){.kind = kind, .k = k, .u = u, .n = n};
}

void ref_want_roll(struct ref_req *q, const struct ref_want *w, struct rng *r)
{
	struct ref_dice *d = NULL;
	struct ref_side *sd = NULL;
	int *one = NULL;
	if (w->k >= 0 && w->k < 2 && w->u >= 0 && w->u <= REF_ALSO_MAX)
		sd = w->u ? &q->also[w->k][w->u - 1] : &q->side[w->k];
	switch (w->kind) {
	case RW_DICE: d = &q->dice; break;
	case RW_SAVES: d = &q->saves; break;
	case RW_SIDE_DICE: d = sd ? &sd->dice : NULL; break;
	case RW_SIDE_SAVES: d = sd ? &sd->saves : NULL; break;
	case RW_DIE: one = &q->die; break;
	case RW_LEADER: one = &q->leader; break;
	case RW_MORALE: one = sd ? &sd->morale_die : NULL; break;
	case RW_LEADER_DIE: one = sd ? &sd->leader_die : NULL; break;
	case RW_WINNER: one = &q->wdie; break;
	case RW_SPIKE: one = &q->spike_die; break;
	default: break;
	}
	if (one)
		*one = rng_d6(r);
	if (!d)
		return;
	int n = w->n < 0 ? 0 : w->n > CREF_HITS_MAX ? CREF_HITS_MAX : w->n;
	int keep = !d->given || w->fresh ? 0 : d->n < n ? d->n : n;
	for (int i = keep; i < n; i++)
		d->d[i] = rng_d6(r);
	d->n = n;
	d->given = true;
}

/* A unit: a roster unit's id (when q has a roster; *idx its index), or
 * TYPE[:FIGURES[:MARKERS]] (*idx -1). 0, or 2 (bad request) with o->error. */
static int unit_of(const struct ctab *t, const struct ref_req *q, const char *s, struct cref_unit *u, int *idx,
		   struct ref_out *o)
{
	char buf[REF_UNIT_MAX], *c1, *c2;
	memset(u, 0, sizeof *u);
	*idx = -1;
	if (q->oob && q->game && (*idx = cros_find(q->oob, s)) >= 0) {
		cros_cref_unit(t, q->oob, q->game, *idx, u);
		if (!u->figures)
			return bad(o, "%s is destroyed", s);
		return 0;
	}
	snprintf(buf, sizeof buf, "%s", s);
	if ((c1 = strchr(buf, ':')))
		*c1++ = 0;
	if ((c2 = c1 ? strchr(c1, ':') : NULL))
		*c2++ = 0;
	if ((u->type = ctab_unit(t, buf)) < 0)
		return bad(o, "no troop type or unit \"%s\" (the sheet lists the types: crimea referee cotlb sheet%s)", buf,
			   q->oob ? "; the game's units: crimea referee cotlb units --game FILE" : "");
	u->figures = 6 * t->unit[u->type].fps;
	u->leaders = t->unit[u->type].fps > 1; /* a regiment's leader stand; a battery has none */
	if (c1 && !int_text(c1, 1, CREF_FIG_MAX, &u->figures))
		return bad(o, "figures must be 1-%d, not \"%s\"", CREF_FIG_MAX, c1);
	if (c2 && !int_text(c2, 0, 12, &u->chits))
		return bad(o, "morale markers must be 0-12, not \"%s\"", c2);
	return 0;
}

static const char *need_range(int need)
{
	static const char *const r[] = {"", "1-6", "2-6", "3-6", "4-6", "5-6", "a 6", "no die"};
	return r[need < 1 ? 1 : need > 7 ? 7 : need];
}

/* ---- rulings --------------------------------------------------------------------------- */

/* The saves of hits possible hits on u: the ruling when dice are given, else the odds. */
static int saves_rest(const struct ctab *t, const struct cref_unit *u, int idx, int hits, const struct ref_dice *dice,
		      const char *who, int *rest, const struct ref_want *w, struct ref_out *o);

static int saves(const struct ctab *t, const struct cref_unit *u, int idx, int hits, const struct ref_dice *dice,
		 const char *who, const struct ref_want *w, struct ref_out *o)
{
	return saves_rest(t, u, idx, hits, dice, who, NULL, w, o);
}

/* saves(), and with rest (not NULL) the hits left once the unit has no figures: its side's next
 * unit takes them [Close Combat (d)] (0 when the dice are not given). w: the dice these are, as
 * the ruling asks for them (w->n: those of the request before them). */
static int saves_rest(const struct ctab *t, const struct cref_unit *u, int idx, int hits, const struct ref_dice *dice,
		      const char *who, int *rest, const struct ref_want *w, struct ref_out *o)
{
	struct event store[REF_EVENTS];
	struct evsink ev;
	struct err e;
	int used, cas, rc;
	bool dbl;
	const char *key = t->unit[u->type].key;
	struct ref_dice none = {true, 0, {0}};
	if (hits <= 0) {
		addf(o, REF_RESULT, "%s%sno possible hits: nothing to save", who, *who ? ": " : "");
		return 0;
	}
	/* no save possible (X, 2X) needs no die: the casualties are known */
	if (!dice->given && cref_save_roll(t, u, hits, NULL, 0, &used, &cas, NULL, &e) == 0)
		dice = &none;
	if (!dice->given) {
		pending(o, "the save dice");
		want(o, w->kind, w->k, w->u, w->n + hits);
		double p[CREF_FIG_MAX + 1];
		int need = cref_save_need(t, u, &dbl);
		cref_save_odds(t, u, hits, p, CREF_FIG_MAX);
		if (dbl)
			addf(o, REF_HEAD, "%s%s%s at %d figures: no save, each hit a double casualty (2X) [Save Table]", who,
			     *who ? " saves: " : "saves: ", key, u->figures);
		else if (need > 6)
			addf(o, REF_HEAD, "%s%s%s at %d figures: no save possible [Save Table]", who, *who ? " saves: " : "saves: ",
			     key, u->figures);
		else
			addf(o, REF_HEAD, "%s%s%s at %d figures saves on %s now (a die a possible hit) [Save Table]", who,
			     *who ? " saves: " : "saves: ", key, u->figures, need_range(need));
		add_dist(o, "figures lost", p, CREF_FIG_MAX);
		return 0;
	}
	evsink_init(&ev, store, REF_EVENTS);
	rc = cref_save_roll_rest(t, u, hits, dice->d, dice->n, &used, &cas, rest, &ev, &e);
	addf(o, REF_HEAD, "%s%s", who, *who ? " saves:" : "saves:");
	add_events(o, &ev);
	if (rc == 1) {
		snprintf(o->error, sizeof o->error, "[Save Table] %d save dice given; the saves need more", dice->n);
		want(o, w->kind, w->k, w->u, w->n + used);
		return 1;
	}
	if (rc < 0) {
		if (used < dice->n)
			want(o, w->kind, w->k, w->u, w->n + used); /* fewer: the dice past those used */
		return refused(o, &e);
	}
	addf(o, REF_RESULT, "%d figure%s lost", cas, cas == 1 ? "" : "s");
	{
		struct ref_effect *x = effect(o, idx);
		if (x)
			x->figures += cas;
	}
	return 0;
}

static int do_fire(const struct ctab *t, const struct ref_req *q, struct ref_out *o)
{
	struct cref_fire f = {0};
	struct cref_shot s;
	struct cref_unit at;
	struct err e;
	bool have_at = false;
	int rc, ati = -1, fi = -1;

	if (q->firer[0]) {
		struct cref_unit fu;
		if (!q->oob || (fi = cros_find(q->oob, q->firer)) < 0)
			return bad(o, "no unit \"%s\" in the game (a firer by id needs --game)", q->firer);
		if ((rc = unit_of(t, q, q->firer, &fu, &fi, o)) != 0)
			return rc;
		if (q->game->s[fi].ammo_out)
			return bad(o, "[Command Points] %s has used up its ammunition", q->firer);
		f.stands = q->stands ? q->stands : ctab_stands(t, fu.type, fu.figures);
		f.chits = fu.chits;
	} else {
		f.stands = q->stands;
		f.chits = q->markers;
	}
	if (!q->weapon[0] || !q->target[0] || !f.stands)
		return bad(o, "fire needs a weapon, the stands firing and a target");
	if ((f.weapon = ctab_weapon(t, q->weapon)) < 0)
		return bad(o, "no weapon \"%s\" (the sheet lists them: crimea referee cotlb sheet)", q->weapon);
	f.target = -1;
	for (int i = 0; i < CT_TARGETS; i++)
		if (!strcmp(q->target, ctab_target_name[i]))
			f.target = i;
	if (f.target < 0)
		return bad(o, "the target is line, column or enfilade, not \"%s\"", q->target);
	if ((q->inches >= 0) + q->shrt + q->lng != 1)
		return bad(o, "give the range once: inches, short or long");
	f.pivot = q->pivot;
	f.cover = q->cover;
	f.inches = q->inches;
	f.lng = q->lng;
	f.command_phase = q->command_phase;
	if (q->at[0]) {
		if ((rc = unit_of(t, q, q->at, &at, &ati, o)) != 0)
			return rc;
		have_at = true;
	}
	if (cref_shot(t, &f, &s, &e) != 0)
		return refused(o, &e);
	if (!q->dice.given) {
		want(o, RW_DICE, 0, 0, s.dice);
		double hits[CREF_DICE_MAX + 1], mk[CREF_DICE_MAX + 1], lead;
		cref_fire_odds(t, &f, hits, CREF_DICE_MAX, mk, CREF_DICE_MAX, &lead, &e);
		addf(o, REF_HEAD, "fire: %s, %d dice, at a %s%s, %s range%s: a possible hit on %s [Fire (a)%s]", q->weapon,
		     s.dice, q->target, f.cover ? " in cover" : "", s.lng ? "long" : "short", s.canister ? ", canister" : "",
		     need_range(s.need), s.lng ? ", halved [Fire (o)]" : "");
		add_dist(o, "possible hits", hits, CREF_DICE_MAX);
		add_dist(o, "morale markers [Fire (d)]", mk, CREF_DICE_MAX);
		if (t->leader_wound > t->leader_kill) {
			char lt[48];
			cref_leader_text(t, lt, sizeof lt);
			addf(o, REF_RESULT, "a possible leader kill %.1f%% (then a die: %s; killed %.1f%%, wounded %.1f%%) "
			     "[Fire (d), (e)]", 100 * lead, lt, 100 * lead * t->leader_kill / 6,
			     100 * lead * (t->leader_wound - t->leader_kill) / 6);
		} else {
			addf(o, REF_RESULT, "a possible leader kill %.1f%% (then a leader dies on 1-%d: %.1f%%) [Fire (d), (e)]",
			     100 * lead, t->leader_kill, 100 * lead * t->leader_kill / 6);
		}
		if (have_at) {
			double cas[CREF_FIG_MAX + 1] = {0}, c1[CREF_FIG_MAX + 1];
			for (int h = 0; h <= CREF_DICE_MAX; h++) {
				if (hits[h] == 0)
					continue;
				cref_save_odds(t, &at, h, c1, CREF_FIG_MAX);
				for (int c = 0; c <= CREF_FIG_MAX; c++)
					cas[c] += hits[h] * c1[c];
			}
			addf(o, REF_HEAD, "on %s (%d figures, %d marker%s), after saves [Save Table]:", t->unit[at.type].key,
			     at.figures, at.chits, at.chits == 1 ? "" : "s");
			add_dist(o, "figures lost", cas, CREF_FIG_MAX);
		}
		return 0;
	} else {
		struct event store[REF_EVENTS];
		struct evsink ev;
		struct cref_fire_out out;
		evsink_init(&ev, store, REF_EVENTS);
		if (cref_fire_roll(t, &f, q->dice.d, q->dice.n, &out, &ev, &e) != 0)
			return refused(o, &e);
		addf(o, REF_HEAD, "fire:");
		add_events(o, &ev);
		addf(o, REF_RESULT, "%d possible hit%s, %d morale marker%s%s%s", out.hits, out.hits == 1 ? "" : "s", out.markers,
		     out.markers == 1 ? "" : "s", out.leader_risk ? ", a possible leader kill" : "",
		     out.ammo_out ? ", the battery out of ammunition" : "");
		if (out.ammo_out && effect(o, fi))
			effect(o, fi)->ammo_out = true;
		if (out.markers && effect(o, ati)) {
			effect(o, ati)->markers += out.markers;
			snprintf(effect(o, ati)->why, sizeof o->eff[0].why, "two natural sixes [Fire (d)]");
		}
		if (out.leader_risk && have_at && !at.leaders) {
			struct ref_item *it = add(o, REF_RULE);
			if (it) {
				snprintf(it->rule, sizeof it->rule, "[Fire (d)]");
				snprintf(it->text, sizeof it->text, "the target has no leader with it (a battery, or its leader dead): "
					 "no leader at risk");
			}
		}
		if (out.leader_risk && (!have_at || at.leaders)) {
			if (q->leader) {
				evsink_clear(&ev);
				if (cref_leader_roll(t, q->leader, "the target's", &ev) && effect(o, ati))
					effect(o, ati)->leader_killed = true;
				wound_marker(t, q->leader, o, ati);
				add_events(o, &ev);
			} else {
				pending(o, "the leader's die (--leader)");
				want(o, RW_LEADER, 0, 0, 1);
			}
		}
		rc = 0;
		if (have_at) {
			struct cref_unit after = at;
			const struct ref_want w = {.kind = RW_SAVES};
			rc = saves(t, &at, ati, out.hits, &q->saves, "", &w, o);
			int wound = out.leader_risk && at.leaders && q->leader && cref_leader_wounded(t, q->leader);
			after.chits += out.markers + wound;
			if ((out.markers || wound) && cref_routs(t, &after)) {
				struct ref_item *it = add(o, REF_RULE);
				if (it) {
					snprintf(it->rule, sizeof it->rule, "[MORALE (c)]");
					snprintf(it->text, sizeof it->text,
						 "%s now has %d morale marker%s, as many as its stands%s: it ROUTS "
						 "(4 dice away from the enemy [MORALE (d)])",
						 t->unit[at.type].key, after.chits, after.chits == 1 ? "" : "s", t->rout_stands_only ? "" : " and leaders");
				}
			}
		}
		return rc;
	}
}

static int do_save(const struct ctab *t, const struct ref_req *q, struct ref_out *o)
{
	struct cref_unit u;
	int rc, i;
	if (!q->unit[0] || q->hits < 0)
		return bad(o, "save needs the unit and its possible hits");
	if ((rc = unit_of(t, q, q->unit, &u, &i, o)) != 0)
		return rc;
	const struct ref_want w = {.kind = RW_DICE};
	return saves(t, &u, i, q->hits, &q->dice, "", &w, o);
}

/* The units named on each side of a close combat: [k][0] the side's first unit (side[k]), then
 * those with it (also[k]); each one's request, its unit and its roster index (-1 a troop type),
 * and a name for the rulings' lines ("attacker", or "attacker ID" when the side has several). */
struct cc_named {
	int n[2];
	const struct ref_side *rq[2][CREF_CC_UNITS];
	struct cref_side sd[2][CREF_CC_UNITS];
	int ui[2][CREF_CC_UNITS];
	int stands[2][CREF_CC_UNITS]; /* stands (or gunners) without the leader stands */
	char who[2][CREF_CC_UNITS][REF_UNIT_MAX + 16];
};

/* A charge morale check's heading: whose, why (" (outnumbered ...)" or ""), its chance, and
 * without its die how to give it (opt: the option, "--attacker-morale-die"); given: the close
 * combat's dice are given (it is then ruled as if the check passed). */
static void charge_head(struct ref_out *o, const char *whose, const char *why, double p, bool rolled, const char *opt,
			bool given)
{
	addf(o, REF_HEAD, "the %s's charge morale check%s passes %.1f%% of the time [Close Combat (a)]%s%s%s", whose, why,
	     100 * p,
	     rolled ? "" : " (", rolled ? "" : opt,
	     rolled ? "" : given ? " D; not given, the close combat is ruled as if it passed)" : " D rules it)");
}

/* A unit (roster index i, -1 a troop type) that failed its charge morale check withdraws with a
 * marker [Close Combat (a), (g)]. */
static void charge_withdraws(struct ref_out *o, int i)
{
	struct ref_effect *x = effect(o, i);
	if (x) {
		x->markers += 1;
		snprintf(x->why, sizeof x->why, "a failed charge morale check [Close Combat (a), (g)]");
	}
}

/* [Close Combat (a)]: "Each charging unit rolls for morale ... If unsuccessful the attacking
 * unit withdraws as per case (g). If successful, the defending unit then rolls for morale only if
 * it is outnumbered two stands to one. If the defending unit fails morale it withdraws". With
 * their dice (--attacker-morale-die D,.., a die for each attacking unit; --defender-morale-die)
 * the checks are ruled: an attacking unit that fails withdraws with a marker [Close Combat (g)]
 * and does not fight (fights[u] false); when every one fails, or the defender fails, there is no
 * close combat (returns -1). The defender is outnumbered by the stands of the attacking units
 * that passed. Without the dice, their chances are given and the close combat is ruled as if
 * every check passed (a referee who rolled them with `morale`). 0, -1, or a status of bad(). */
static int charge_morale(const struct ctab *t, const struct ref_req *q, struct cc_named *m, bool *fights,
			 struct ref_out *o)
{
	int stands[2] = {0, 0}, given = 0, passed = 0, fresh = 0, locked = 0;
	int die[CREF_CC_UNITS] = {0}; /* each attacking unit's charge morale die (0 none) */
	bool standing = false, cav = false;
	for (int u = 0; u < m->n[0]; u++) {
		fights[u] = true;
		locked += m->rq[0][u]->locked;
		given += m->rq[0][u]->morale_die != 0;
	}
	fresh = m->n[0] - locked;
	/* the dice are the units' in order; with units locked in combat (a game's), the dice given
	 * in order are the fresh units' (--attacker-morale-die D,..: a die for each charging unit) */
	for (int u = 0, k = 0; u < m->n[0]; u++) {
		if (!locked)
			die[u] = m->rq[0][u]->morale_die;
		else if (!m->rq[0][u]->locked) {
			while (k < m->n[0] && !m->rq[0][k]->morale_die)
				k++;
			die[u] = k < m->n[0] ? m->rq[0][k++]->morale_die : 0;
		}
	}
	if (locked && given > fresh)
		return bad(o, "%d charge morale dice for %d unit%s charging anew: a unit locked in combat [Close Combat (f)] "
			   "makes no new charge and no morale check", given, fresh, fresh == 1 ? "" : "s");
	if (!fresh) {
		if (q->side[1].morale_die)
			return bad(o, "no morale checks: the attackers stay locked in combat [Close Combat (f)]");
		addf(o, REF_HEAD, "the attacker%s stay%s locked in combat [Close Combat (f)]: no new charge, no morale check",
		     m->n[0] > 1 ? "s" : "", m->n[0] > 1 ? "" : "s");
		return 0;
	}
	/* the attacking units' stands against the charged unit's own: its reinforcements [Close
	 * Combat (b)] come after the check [Close Combat (a)] */
	for (int u = 0; u < m->n[0]; u++)
		stands[0] += m->stands[0][u];
	stands[1] = m->stands[1][0];
	if (q->side[1].morale_die && stands[0] < 2 * stands[1])
		return bad(o, "the defender checks its morale only when outnumbered two stands to one [Close Combat (a)]: "
			   "%d stands against %d", stands[0], stands[1]);
	if (q->side[1].morale_die && given < fresh)
		return bad(o, "the defender checks its morale once the attacker has passed its own [Close Combat (a)]: give "
			   "--attacker-morale-die too%s", m->n[0] > 1 ? " (a die for each attacking unit, in order)" : "");
	for (int u = 0; u < m->n[0]; u++) {
		struct event store[8];
		struct evsink ev;
		const struct ref_side *rs = m->rq[0][u];
		double p;
		int r;
		if (rs->locked) {
			addf(o, REF_HEAD, "the %s stays locked in combat [Close Combat (f)]: no new charge, no morale check",
			     m->who[0][u]);
			passed++;
			continue;
		}
		evsink_init(&ev, store, 8);
		r = cref_morale(t, &m->sd[0][u].u, false, die[u], &p, &ev);
		charge_head(o, m->who[0][u], "", p, die[u] != 0, "--attacker-morale-die", q->side[0].dice.given);
		if (!die[u]) {
			want(o, RW_MORALE, 0, u, 1);
			passed++;
			continue;
		}
		add_events(o, &ev);
		if (r) {
			addf(o, REF_RESULT, "the %s passes its charge morale check", m->who[0][u]);
			passed++;
			continue;
		}
		addf(o, REF_RESULT, "the %s fails its morale check: it withdraws [Close Combat (g)]%s", m->who[0][u],
		     m->n[0] > 1 ? " and does not fight" : " and there is no close combat");
		charge_withdraws(o, m->ui[0][u]);
		fights[u] = false;
	}
	/* [Modifiers (a), (b)] a double line whose other line withdrew: the line within 2" fights
	 * on without the double line's modifier (cavalry's line +1 again); the second line, beyond
	 * 2", charged only with the first and does not fight */
	for (int u = 0; u < m->n[0]; u++) {
		const struct ref_side *rs = m->rq[0][u];
		int w = rs->dl_with - 1;
		if (!fights[u] || w < 0 || w >= m->n[0] || fights[w])
			continue;
		if (rs->second) {
			fights[u] = false;
			passed--;
			addf(o, REF_RESULT, "the %s charged as the second line of a double line with the %s, which withdrew: it does "
			     "not fight [Close Combat (a)]", m->who[0][u], m->who[0][w]);
			continue;
		}
		struct cref_side *sd = &m->sd[0][u];
		const bool cv = t->unit[sd->u.type].fps == 2;
		const int dl = ctab_mod(t, cv ? "cavalry-double-line" : "infantry-double-line"), ln = ctab_mod(t, "cavalry-line");
		for (int i = 0; i < sd->nmods; i++)
			if (sd->mods[i] == dl) {
				sd->mods[i] = cv && ln >= 0 ? ln : sd->mods[--sd->nmods];
				break;
			}
		addf(o, REF_RESULT, "the %s charges without its double line, the %s having withdrawn [Modifiers (%s)]", m->who[0][u],
		     m->who[0][w], cv ? "a" : "b");
	}
	if (!passed) {
		if (m->n[0] > 1)
			addf(o, REF_RESULT, "no attacking unit fights: there is no close combat");
		o->charge_failed = 0;
		return -1;
	}
	for (int u = 0; u < m->n[0]; u++)
		if (!fights[u])
			stands[0] -= m->stands[0][u];
	/* [MORALE (f)] -1 for standing cavalry attacked by cavalry: the defender standing (its
	 * standing-cavalry modifier), an attacking unit cavalry (two figures a stand, The Game
	 * Itself) */
	for (int i = 0; i < m->sd[1][0].nmods; i++)
		standing = standing || !strcmp(t->mod[m->sd[1][0].mods[i]].key, "standing-cavalry");
	for (int u = 0; u < m->n[0]; u++)
		cav = cav || (fights[u] && t->unit[m->sd[0][u].u.type].fps == 2);
	standing = standing && cav;
	if (stands[0] < 2 * stands[1]) {
		if (q->side[1].morale_die)
			addf(o, REF_RESULT, "the attacking units that passed have %d stands against %d: the defender is not "
			     "outnumbered two to one and does not check its morale", stands[0], stands[1]);
		return 0;
	}
	{
		struct event store[8];
		struct evsink ev;
		double p;
		int r;
		evsink_init(&ev, store, 8);
		r = cref_morale(t, &m->sd[1][0].u, standing, q->side[1].morale_die, &p, &ev);
		charge_head(o, "defender", " (outnumbered two stands to one)", p, q->side[1].morale_die != 0, "--defender-morale-die", q->side[0].dice.given);
		if (!q->side[1].morale_die) {
			want(o, RW_MORALE, 1, 0, 1);
			return 0;
		}
		add_events(o, &ev);
		if (r) {
			addf(o, REF_RESULT, "the defender passes its charge morale check");
			return 0;
		}
		addf(o, REF_RESULT, "the defender fails its morale check: it withdraws [Close Combat (g)] and there is no close "
		     "combat");
		charge_withdraws(o, m->ui[1][0]);
		o->charge_failed = 1;
		return -1;
	}
}

/* One unit of a close combat from its request (a unit of the game or a typed-in one). 0 or a
 * status of bad(). */
static int cc_side(const struct ctab *t, const struct ref_req *q, const struct ref_side *rs, struct cref_side *sd, int *ui,
		   struct ref_out *o)
{
	int rc;
	memset(sd, 0, sizeof *sd);
	if ((rc = unit_of(t, q, rs->unit, &sd->u, ui, o)) != 0)
		return rc;
	if (*ui >= 0 && q->game->s[*ui].routing)
		sd->routing = true;
	if (rs->leaders >= 0)
		sd->u.leaders = rs->leaders;
	for (int i = 0; i < rs->nmods; i++)
		if ((sd->mods[sd->nmods++] = ctab_mod(t, rs->mods[i])) < 0)
			return bad(o, "no close combat modifier \"%s\" (the sheet lists them: crimea referee cotlb sheet)", rs->mods[i]);
	sd->routing = sd->routing || rs->routing;
	sd->rear = rs->rear;
	return 0;
}

/* The saves of a side's units, its dice unit after unit (the first unit's first): each unit
 * takes the dice its saves use, the last all that are left. Returns as saves(). */
static int side_saves(const struct ctab *t, const struct cref_force *f, const int *ui, const int *hits,
		      const struct ref_dice *dice, const char *const *who, int k, struct ref_out *o)
{
	int at = 0, rc = 0, carry = 0;
	if (!dice->given && f->n > 1 && hits[0] >= 0) {
		/* the odds of each unit's losses, the hits a lost unit cannot take passed on */
		double side[CREF_FIG_MAX + 1], unit[CREF_CC_UNITS][CREF_FIG_MAX + 1];
		int total = 0, used, cas, rest = 0;
		bool need = false; /* a save die: else the losses are known without dice, ruled below */
		struct err e;
		for (int u = 0; u < f->n; u++) {
			total += hits[u];
			need = need || cref_save_roll_rest(t, &f->s[u]->u, hits[u] + rest, NULL, 0, &used, &cas, &rest, NULL, &e) == 1;
		}
		if (need && cref_force_cas(t, f, total, side, unit, &e) == 0) {
			pending(o, "the save dice");
			want(o, RW_SIDE_SAVES, k, 0, total);
			for (int u = 0; u < f->n; u++) {
				addf(o, REF_HEAD, "%s saves: %s at %d figures, %d of the side's %d possible hits and those a unit before it "
				     "cannot take [Save Table, Close Combat (d)]", who[u], t->unit[f->s[u]->u.type].key, f->s[u]->u.figures,
				     hits[u], total);
				add_dist(o, "figures lost", unit[u], CREF_FIG_MAX);
			}
			return 0;
		}
	}
	for (int u = 0; u < f->n; u++) {
		struct ref_dice slice = {dice->given, dice->n - at, {0}};
		int r, h = hits[u] + carry, *rest = u < f->n - 1 ? &carry : NULL;
		memcpy(slice.d, dice->d + at, (size_t)slice.n * sizeof slice.d[0]);
		if (hits[u] < 0)
			continue;
		if (dice->given && u < f->n - 1) {
			int used, cas, left;
			struct err e;
			cref_save_roll_rest(t, &f->s[u]->u, h, slice.d, slice.n, &used, &cas, &left, NULL, &e);
			if (used < slice.n)
				slice.n = used;
		}
		carry = 0;
		const struct ref_want w = {.kind = RW_SIDE_SAVES, .k = k, .n = at};
		if ((r = saves_rest(t, &f->s[u]->u, ui[u], h, &slice, who[u], rest, &w, o)) != 0 && !rc)
			rc = r;
		if (carry)
			addf(o, REF_RESULT, "%s has no figures left: the other %d possible hit%s pass to the next unit [Close Combat (d)]",
			     who[u], carry, carry == 1 ? "" : "s");
		at += slice.n;
	}
	return rc;
}

static int do_melee(const struct ctab *t, const struct ref_req *q, struct ref_out *o)
{
	static const char *const nm[2] = {"attacker", "defender"};
	static const char *const opt[2] = {"--attacker", "--defender"};
	struct cc_named *m = malloc(sizeof *m);
	struct cref_force f[2];
	struct err e;
	bool fights[CREF_CC_UNITS];
	int per[2], nd[2], rc = 0, off[2];
	/* the units that fight, in force order: their requests, roster indices and names */
	const struct ref_side *frq[2][CREF_CC_UNITS];
	int uiv[2][CREF_CC_UNITS];
	const char *whop[2][CREF_CC_UNITS];
	if (!m)
		return bad(o, "out of memory");
	if (!q->side[0].unit[0] || !q->side[1].unit[0]) {
		rc = bad(o, "melee needs the attacker and the defender");
		goto out;
	}
	for (int k = 0; k < 2; k++) {
		if (q->nalso[k] < 0 || q->nalso[k] > REF_ALSO_MAX) {
			rc = bad(o, "at most %d units %s", REF_ALSO_MAX, k ? "join the defender" : "charge with the attacker");
			goto out;
		}
		for (int i = q->nalso[k]; i < REF_ALSO_MAX; i++)
			if (q->also[k][i].leader_die || q->also[k][i].morale_die) {
				rc = bad(o, "%d %s dice for the %s's %d unit%s (%s-%s-die: a die for each, in order)", i + 2,
					 q->also[k][i].leader_die ? "leader" : "morale", nm[k], q->nalso[k] + 1,
					 q->nalso[k] ? "s" : "", opt[k], q->also[k][i].leader_die ? "leader" : "morale");
				goto out;
			}
	}
	for (int k = 0; k < 2; k++) {
		m->n[k] = 1 + q->nalso[k];
		for (int u = 0; u < m->n[k]; u++) {
			const struct ref_side *rs = u ? &q->also[k][u - 1] : &q->side[k];
			int x;
			m->rq[k][u] = rs;
			if ((rc = cc_side(t, q, rs, &m->sd[k][u], &m->ui[k][u], o)) != 0)
				goto out;
			x = m->ui[k][u];
			snprintf(m->who[k][u], sizeof m->who[k][u], "%s%s%.*s", nm[k], m->n[k] > 1 ? " " : "", REF_UNIT_MAX - 1,
				 m->n[k] > 1 ? rs->unit : "");
			if (!k && m->n[0] > 1 && t->unit[m->sd[k][u].u.type].fps == 1) {
				rc = bad(o, "%s is a battery: infantry or cavalry charge together [Close Combat (a)]", rs->unit);
				goto out;
			}
			/* [MORALE (d)] a routing unit's action is to regain its morale, not to charge */
			if (!k && m->n[0] > 1 && x >= 0 && q->game->s[x].routing) {
				rc = bad(o, "%s is routing: its action is to try to regain its morale, not to charge [MORALE (d)]",
					 rs->unit);
				goto out;
			}
			if (!u)
				continue;
			/* [Close Combat (b)] "friendly infantry or cavalry" join the defence; [Close Combat
			 * (a)] "Each charging unit": infantry or cavalry charge */
			if (t->unit[m->sd[k][u].u.type].fps == 1) {
				rc = bad(o, k ? "%s is a battery: infantry or cavalry join a close combat [Close Combat (b)]"
					      : "%s is a battery: infantry or cavalry charge [Close Combat (a)]", rs->unit);
				goto out;
			}
			if (q->oob && x >= 0 && m->ui[k][0] >= 0 && q->oob->u[x].side != q->oob->u[m->ui[k][0]].side) {
				rc = bad(o, "%s is not on %s's side: it cannot %s", rs->unit, q->side[k].unit,
					 k ? "join its defence" : "charge with it");
				goto out;
			}
		}
	}
	/* a side's units are all the game's or all typed in; the game's are friends of one another and
	 * enemies of the other side's */
	for (int k = 0; k < 2 && q->oob; k++) {
		int typed = 0;
		for (int u = 0; u < m->n[k]; u++) {
			int x = m->ui[k][u];
			typed += x < 0;
			for (int j = 0; x >= 0 && j < 2; j++)
				for (int v = 0; v < m->n[j]; v++) {
					int y = m->ui[j][v];
					if (y < 0 || y == x || (q->oob->u[x].side == q->oob->u[y].side) == (j == k))
						continue;
					rc = bad(o, j == k ? "%s and %s are on different sides: they cannot fight on one"
							   : "%s and %s are on the same side: they cannot fight each other",
						 m->rq[k][u]->unit, m->rq[j][v]->unit);
					goto out;
				}
		}
		if (typed && typed < m->n[k]) {
			rc = bad(o, "the %s's units are all units of the game or all typed in (TYPE[:FIGURES[:MARKERS]])", nm[k]);
			goto out;
		}
	}
	/* a unit of the game fights once, on one side */
	for (int k = 0; k < 2; k++)
		for (int u = 0; u < m->n[k]; u++)
			for (int j = 0; j <= k; j++)
				for (int v = 0; v < (j < k ? m->n[j] : u); v++)
					if (m->ui[k][u] >= 0 && m->ui[k][u] == m->ui[j][v]) {
						rc = bad(o, "%s is in the close combat already", m->rq[k][u]->unit);
						goto out;
					}
	if (q->initiative[0] && strcmp(q->initiative, "attacker") && strcmp(q->initiative, "defender")) {
		rc = bad(o, "the initiative is the attacker's or the defender's, not \"%s\"", q->initiative);
		goto out;
	}
	m->sd[0][0].initiative = !q->initiative[0] || !strcmp(q->initiative, "attacker");
	m->sd[1][0].initiative = !m->sd[0][0].initiative;
	for (int k = 0; k < 2; k++)
		for (int u = 0; u < m->n[k]; u++) {
			int d = cref_cc_dice(t, &m->sd[k][u], &per[k], &e);
			if (d < 0) {
				rc = refused(o, &e);
				goto out;
			}
			m->stands[k][u] = d - m->sd[k][u].u.leaders;
		}
	if ((rc = charge_morale(t, q, m, fights, o)) != 0) {
		rc = rc < 0 ? 0 : rc; /* a side failed: no close combat */
		goto out;
	}
	/* the side's initiative is its first unit's: an attacking unit that withdrew hands it on */
	for (int u = 0; u < m->n[0]; u++)
		if (fights[u]) {
			m->sd[0][u].initiative = m->sd[0][0].initiative;
			break;
		}
	/* the forces: every defending unit, the attacking units that passed their checks */
	for (int k = 0; k < 2; k++) {
		f[k].n = 0;
		for (int u = 0; u < m->n[k]; u++) {
			if (!k && !fights[u])
				continue;
			frq[k][f[k].n] = m->rq[k][u];
			uiv[k][f[k].n] = m->ui[k][u];
			whop[k][f[k].n] = m->who[k][u];
			f[k].s[f[k].n++] = &m->sd[k][u];
		}
		o->cc_n[k] = f[k].n;
		memcpy(o->cc_unit[k], uiv[k], (size_t)f[k].n * sizeof uiv[k][0]);
	}
	for (int k = 0; k < 2; k++)
		if ((nd[k] = cref_force_dice(t, &f[k], &off[k], &e)) < 0) {
			rc = refused(o, &e);
			goto out;
		}
	addf(o, REF_HEAD, "close combat: the %s has the initiative and wins ties [Modifiers (c)]",
	     nm[m->sd[0][0].initiative ? 0 : 1]);
	for (int k = 0; k < 2; k++)
		for (int u = 0; u < f[k].n; u++) {
			int d = cref_cc_dice(t, f[k].s[u], &per[k], &e), ld = f[k].s[u]->u.leaders;
			addf(o, REF_HEAD, "%s%s%s: %s, %d figures, %d di%s (%d stand%s, %d leader%s), %+d a die", nm[k],
			     u ? " joined by " : "", u ? frq[k][u]->unit : "", t->unit[f[k].s[u]->u.type].key,
			     f[k].s[u]->u.figures, d, d == 1 ? "e" : "ce", d - ld, d - ld == 1 ? "" : "s", ld, ld == 1 ? "" : "s",
			     per[k]);
		}
	for (int k = 0; k < 2; k++)
		if (f[k].n > 1)
			addf(o, REF_HEAD, "the %s's %d units fight as one side: %d dice, %+d in all [Close Combat (b), (c)]", nm[k],
			     f[k].n, nd[k], off[k]);
	if (!q->side[0].dice.given && !q->side[1].dice.given) {
		struct cref_cc_odds *od = malloc(sizeof *od);
		want(o, RW_SIDE_DICE, 0, 0, nd[0]);
		/* an attacking unit withdrew: the ruling changes the game once the close combat is
		 * ruled, its morale dice given again with the combat's (so its marker is counted once) */
		if (f[0].n < m->n[0])
			pending(o, "the close combat's dice (--attacker-dice, --defender-dice) with the same morale dice");
		double (*cu)[CREF_CC_UNITS][CREF_FIG_MAX + 1] = malloc(2 * sizeof *cu);
		if (!od || !cu) {
			rc = bad(o, "out of memory");
		} else if (cref_cc_odds_force(t, f, od, cu, &e) != 0) {
			rc = refused(o, &e);
		} else {
			addf(o, REF_RESULT, "the attacker wins %.1f%%, the defender %.1f%% [Close Combat (c)]", 100 * od->win[0],
			     100 * od->win[1]);
			o->cc_win[0] = od->win[0];
			o->cc_win[1] = od->win[1];
			for (int k = 0; k < 2; k++) {
				char lab[REF_UNIT_MAX + 64];
				snprintf(lab, sizeof lab, "%s possible hits", nm[k]);
				add_dist(o, lab, od->hits[k], CREF_HITS_MAX);
				for (int u = 0; u < f[k].n; u++) {
					snprintf(lab, sizeof lab, "%s figures lost", whop[k][u]);
					add_dist(o, lab, cu[k][u], CREF_FIG_MAX);
				}
				addf(o, REF_RESULT, "%s leader at risk %.1f%%", nm[k], 100 * od->leader[k]);
			}
		}
		free(od);
		free(cu);
		goto out;
	}
	{
		struct event store[REF_EVENTS];
		struct evsink ev;
		struct cref_cc_out out;
		struct cref_cc_units un;
		const int *d[2] = {q->side[0].dice.d, q->side[1].dice.d};
		int n[2] = {q->side[0].dice.n, q->side[1].dice.n};
		if (!q->side[0].dice.given || !q->side[1].dice.given) {
			for (int k = 0; k < 2; k++)
				if (!q->side[k].dice.given)
					want(o, RW_SIDE_DICE, k, 0, nd[k]);
			rc = bad(o, "give both sides' dice%s", f[0].n > 1 || f[1].n > 1 ? " (a side's: every unit's, in order)" : "");
			goto out;
		}
		evsink_init(&ev, store, REF_EVENTS);
		if (cref_cc_roll_force(t, f, d, n, q->wdie, &out, &un, &ev, &e) != 0) {
			rc = refused(o, &e);
			if (f[0].n < m->n[0])
				addf(o, REF_RESULT, "the attacking units that withdrew throw no dice: the attacker's are those of the "
				     "%d unit%s that fight%s", f[0].n, f[0].n == 1 ? "" : "s", f[0].n == 1 ? "s" : "");
			goto out;
		}
		add_events(o, &ev);
		o->cc_winner = uiv[out.winner][0]; /* -1 for a troop type: no roster to count it in */
		o->cc_total[0] = out.total[0];
		o->cc_total[1] = out.total[1];
		if (out.hits[out.winner] < 0)
			pending(o, "the winner's die (--winner-die)");
		if (out.hits[out.winner] < 0)
			want(o, RW_WINNER, 0, 0, 1);
		for (int k = 0; k < 2; k++) {
			int r;
			if (out.hits[k] < 0)
				continue;
			if ((r = side_saves(t, &f[k], uiv[k], un.hits[k], &q->side[k].saves, whop[k], k, o)) != 0 && !rc)
				rc = r;
		}
		/* MORALE (a) 5, 6: the loser, for losing and withdrawing; (a) 7: an attacker that wins
		 * against a battery */
		const int l = 1 - out.winner;
		const bool battery = t->unit[f[l].s[0]->u.type].fps == 1;
		struct ref_effect *x = effect(o, uiv[l][0]);
		if (battery) {
			/* Close Combat (h): the gunners run away; the guns are spiked or captured: the
			 * battery is out of the game whatever its saves; captured, the winner's side gains
			 * an Ace (a game needs the die to know which) */
			if (x)
				x->figures = q->game->s[uiv[l][0]].figures;
			if (q->spike_die) {
				evsink_clear(&ev);
				/* the Ace goes to the side that beat the battery: the winner's, or the battery's
				 * enemy when the winner is a troop type, not a unit */
				if (cref_spike(q->spike_die, &ev) == 0 && q->oob)
					o->ace_side = uiv[l][0] >= 0 ? 1 - q->oob->u[uiv[l][0]].side
					             : uiv[out.winner][0] >= 0 ? q->oob->u[uiv[out.winner][0]].side : -1;
				add_events(o, &ev);
			} else if (x) {
				pending(o, "the battery's die, spiked or captured (--spike-die)");
				want(o, RW_SPIKE, 0, 0, 1);
			}
		} else if (q->spike_die) {
			rc = bad(o, "--spike-die is a losing battery's die [Close Combat (h)]: the %s that lost is no battery",
				 nm[l]);
			goto out;
		}
		for (int u = battery ? 1 : 0; u < f[l].n; u++)
			if ((x = effect(o, uiv[l][u]))) {
				x->markers += 2;
				snprintf(x->why, sizeof x->why, "losing the close combat and withdrawing [MORALE (a) 5, 6]");
			}
		/* [Close Combat (h)] "An attacking unit which wins the close assault draws a morale
		 * chit": each attacking unit */
		for (int u = 0; out.winner == 0 && t->unit[f[1].s[0]->u.type].fps == 1 && u < f[0].n; u++)
			if ((x = effect(o, uiv[0][u]))) {
				x->markers += 1;
				snprintf(x->why, sizeof x->why, "winning against a battery [MORALE (a) 7]");
			}
		/* a unit has one leader: one die decides it, however many threes of sixes; with double
		 * losses each of the winner's units with a leader rolls */
		for (int k = 0; k < 2; k++)
			for (int u = 0; u < f[k].n; u++) {
				const struct ref_side *rs = frq[k][u];
				bool risk = k == l ? out.leader_risk[l] > 0 && u == un.leader_unit[l]
						   : out.winner_leaders && f[k].s[u]->u.leaders > 0;
				if (!risk)
					continue;
				if (!rs->leader_die) {
					char what[160];
					snprintf(what, sizeof what, m->n[k] > 1 ? "the %s's leader dice (%s-leader-die D,..: a die for each "
										  "of its units, in order)"
										: "the %s's leader die (%s-leader-die)",
						 nm[k], opt[k]);
					pending(o, what);
					for (int v = 0; v < m->n[k]; v++)
						if (m->rq[k][v] == rs)
							want(o, RW_LEADER_DIE, k, v, 1);
					continue;
				}
				evsink_clear(&ev);
				if (cref_leader_roll(t, rs->leader_die, whop[k][u], &ev) && (x = effect(o, uiv[k][u])))
					x->leader_killed = true;
				wound_marker(t, rs->leader_die, o, uiv[k][u]);
				add_events(o, &ev);
			}
	}
out:
	free(m);
	return rc;
}

static int do_morale(const struct ctab *t, const struct ref_req *q, struct ref_out *o)
{
	struct cref_unit u;
	struct event store[8];
	struct evsink ev;
	double p;
	int r, i;
	if (!q->unit[0])
		return bad(o, "morale needs the unit");
	if ((r = unit_of(t, q, q->unit, &u, &i, o)) != 0)
		return r;
	evsink_init(&ev, store, 8);
	r = cref_morale(t, &u, q->standing_cav, q->die, &p, &ev);
	addf(o, REF_HEAD, "morale check: %s passes %.1f%% of the time [MORALE (f)]", t->unit[u.type].key, 100 * p);
	if (r < 0)
		want(o, RW_DIE, 0, 0, 1);
	if (r >= 0) {
		add_events(o, &ev);
		addf(o, REF_RESULT, "%s", r ? "passes" : "fails");
	}
	return 0;
}

static int do_move(const struct ctab *t, const struct ref_req *q, struct ref_out *o)
{
	static const char *const ters[CT_TERRAINS] = {"gentle", "steep", "walls"};
	struct cref_move m = {0};
	struct err e;
	int nd;
	if (!q->row[0])
		return bad(o, "move needs the MOVE Chart row");
	if ((m.row = ctab_move(t, q->row)) < 0)
		return bad(o, "no MOVE Chart row \"%s\" (the sheet lists them: crimea referee cotlb sheet)", q->row);
	if (q->column + q->road + q->one_die > 1)
		return bad(o, "one of column, road or one die");
	m.form = q->road ? 2 : q->column;
	m.one_die = q->one_die;
	m.interpen = q->interpen;
	m.chits = q->markers;
	m.terrain = -1;
	if (q->terrain[0]) {
		for (int i = 0; i < CT_TERRAINS; i++)
			if (!strcmp(q->terrain, ters[i]))
				m.terrain = i;
		if (m.terrain < 0)
			return bad(o, "the terrain is gentle, steep or walls, not \"%s\"", q->terrain);
	}
	if (!(nd = cref_move_dice(t, &m, &e)))
		return refused(o, &e);
	if (!q->dice.given) {
		double dist[64];
		want(o, RW_DICE, 0, 0, nd);
		cref_move_odds(t, &m, dist, 63, &e);
		addf(o, REF_HEAD, "move: %s, %d di%s [MOVE Chart (a)]", q->row, nd, nd == 1 ? "e" : "ce");
		add_dist(o, "inches", dist, 63);
		return 0;
	} else {
		struct event store[16];
		struct evsink ev;
		int in;
		evsink_init(&ev, store, 16);
		if ((in = cref_move_roll(t, &m, q->dice.d, q->dice.n, &ev, &e)) < 0)
			return refused(o, &e);
		addf(o, REF_HEAD, "move:");
		add_events(o, &ev);
		addf(o, REF_RESULT, "up to %d inch%s", in, in == 1 ? "" : "es");
		return 0;
	}
}

static int do_initiative(const struct ctab *t, const struct ref_req *q, struct ref_out *o)
{
	struct event store[8];
	struct evsink ev;
	double p;
	int die[2] = {0, 0}, r;
	if (q->dice.given) {
		if (q->dice.n != 2)
			return bad(o, "initiative takes two dice, side A's and side B's");
		die[0] = q->dice.d[0];
		die[1] = q->dice.d[1];
	} else {
		want(o, RW_DICE, 0, 0, 2);
	}
	evsink_init(&ev, store, 8);
	r = cref_initiative(t, q->won, q->cc, q->out, die, &p, &ev);
	addf(o, REF_HEAD, "initiative: side A wins it %.1f%% of the time, side B %.1f%% (ties rolled again) [Initiative (a)]",
	     100 * p, 100 * (1 - p));
	if (r >= -1) {
		add_events(o, &ev);
		addf(o, REF_RESULT, "%s", r < 0 ? "a tie: roll again" : r ? "side B chooses who goes first" : "side A chooses who goes first");
		o->init_winner = r;
		if (r < 0) {
			want(o, RW_DICE, 0, 0, 2);
			o->want.fresh = true;
		}
	}
	return 0;
}

static int do_command(const struct ctab *t, const struct ref_req *q, struct ref_out *o)
{
	struct cref_unit u;
	struct event store[4];
	struct evsink ev;
	int r, i;
	if (!q->unit[0] || q->inches < 0)
		return bad(o, "command needs the unit and its distance in inches from its brigade commander");
	if ((r = unit_of(t, q, q->unit, &u, &i, o)) != 0)
		return r;
	evsink_init(&ev, store, 4);
	r = cref_command(t, u.type, q->inches, q->routing || (i >= 0 && q->game->s[i].routing), &ev);
	addf(o, REF_HEAD, "brigade command at the start of the turn:");
	add_events(o, &ev);
	addf(o, REF_RESULT, "%s", r ? "one morale marker" : "no marker");
	if (r && effect(o, i)) {
		effect(o, i)->markers += 1;
		snprintf(effect(o, i)->why, sizeof o->eff[0].why, "out of its brigade commander's radius [MORALE (a) 8]");
	}
	return 0;
}

static int do_leader(const struct ctab *t, const struct ref_req *q, struct ref_out *o)
{
	struct cref_unit u;
	struct event store[4];
	struct evsink ev;
	int r, i;
	if (!q->unit[0])
		return bad(o, "leader needs the unit whose leader is at risk");
	if ((r = unit_of(t, q, q->unit, &u, &i, o)) != 0)
		return r;
	if (i >= 0 && !u.leaders)
		return bad(o, "%s has no leader with it now", q->unit);
	if (t->leader_wound > t->leader_kill) {
		char lt[48];
		cref_leader_text(t, lt, sizeof lt);
		addf(o, REF_HEAD, "a leader at risk: %s, saved on %d-6 [Fire (e)] (%.1f%% killed, %.1f%% wounded)", lt,
		     t->leader_wound + 1, 100.0 * t->leader_kill / 6, 100.0 * (t->leader_wound - t->leader_kill) / 6);
	} else
		addf(o, REF_HEAD, "a leader at risk: killed on 1-%d, saved on %d-6 [Fire (e)] (%.1f%% killed)", t->leader_kill,
		     t->leader_kill + 1, 100.0 * t->leader_kill / 6);
	if (!q->die) {
		want(o, RW_DIE, 0, 0, 1);
		return 0;
	}
	evsink_init(&ev, store, 4);
	r = cref_leader_roll(t, q->die, t->unit[u.type].key, &ev);
	add_events(o, &ev);
	addf(o, REF_RESULT, "%s", r ? "the leader is dead" : cref_leader_wounded(t, q->die) ? "the leader is wounded: a morale "
	     "marker for his unit [MORALE]" : "the leader lives");
	if (r && effect(o, i))
		effect(o, i)->leader_killed = true;
	if (i >= 0)
		wound_marker(t, q->die, o, i);
	return 0;
}

int ref_run(const struct ctab *t, const struct ref_req *q, struct ref_out *o)
{
	o->want = (struct ref_want){.kind = RW_NONE};
	o->nitems = o->ndists = o->neff = 0;
	o->error[0] = o->pending[0] = 0;
	o->charge_failed = -1;
	o->cc_winner = o->init_winner = o->ace_side = -1;
	o->cc_win[0] = o->cc_win[1] = -1;
	o->cc_n[0] = o->cc_n[1] = 0;
	if (!strcmp(q->what, "fire"))
		return do_fire(t, q, o);
	if (!strcmp(q->what, "save"))
		return do_save(t, q, o);
	if (!strcmp(q->what, "melee"))
		return do_melee(t, q, o);
	if (!strcmp(q->what, "morale"))
		return do_morale(t, q, o);
	if (!strcmp(q->what, "move"))
		return do_move(t, q, o);
	if (!strcmp(q->what, "initiative"))
		return do_initiative(t, q, o);
	if (!strcmp(q->what, "command"))
		return do_command(t, q, o);
	if (!strcmp(q->what, "leader"))
		return do_leader(t, q, o);
	return bad(o, "no ruling \"%s\": fire, save, melee, morale, move, initiative, command or leader", q->what);
}

/* ---- JSON ------------------------------------------------------------------------------ */

static int jstr(const json_t *o, const char *k, char *out, size_t n, char *why, size_t wn)
{
	const json_t *v = json_object_get(o, k);
	if (!v)
		return 0;
	if (!json_is_string(v) || json_string_length(v) >= n) {
		snprintf(why, wn, "\"%s\" must be a string of at most %zu characters", k, n - 1);
		return -1;
	}
	snprintf(out, n, "%s", json_string_value(v));
	return 0;
}

static int jint(const json_t *o, const char *k, int lo, int hi, int *out, char *why, size_t wn)
{
	const json_t *v = json_object_get(o, k);
	if (!v)
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
		snprintf(why, wn, "\"%s\" must be a whole number from %d to %d", k, lo, hi);
		return -1;
	}
	*out = (int)json_integer_value(v);
	return 0;
}

static int jbool(const json_t *o, const char *k, bool *out, char *why, size_t wn)
{
	const json_t *v = json_object_get(o, k);
	if (!v)
		return 0;
	if (!json_is_boolean(v)) {
		snprintf(why, wn, "\"%s\" must be true or false", k);
		return -1;
	}
	*out = json_is_true(v);
	return 0;
}

static int jdice(const json_t *o, const char *k, struct ref_dice *d, char *why, size_t wn)
{
	const json_t *v = json_object_get(o, k), *x;
	size_t i;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_array(v) || json_array_size(v) > CREF_HITS_MAX) {
		snprintf(why, wn, "\"%s\" must be a list of at most %d dice", k, CREF_HITS_MAX);
		return -1;
	}
	json_array_foreach(v, i, x) {
		if (!json_is_integer(x) || json_integer_value(x) < 1 || json_integer_value(x) > 6) {
			snprintf(why, wn, "\"%s\": die %zu is not a whole number from 1 to 6", k, i + 1);
			return -1;
		}
		d->d[i] = (int)json_integer_value(x);
	}
	d->n = (int)json_array_size(v);
	d->given = true;
	return 0;
}

/* One side's unit of a close combat, the object v. */
static int jside_obj(const json_t *v, struct ref_side *s, char *why, size_t wn)
{
	const json_t *m, *x;
	size_t i;
	if (jstr(v, "unit", s->unit, sizeof s->unit, why, wn) || jint(v, "leaders", 0, 4, &s->leaders, why, wn) ||
	    jbool(v, "routing", &s->routing, why, wn) || jbool(v, "rear", &s->rear, why, wn) ||
	    jdice(v, "dice", &s->dice, why, wn) || jdice(v, "saves", &s->saves, why, wn) ||
	    jint(v, "leader_die", 1, 6, &s->leader_die, why, wn) || jint(v, "morale_die", 1, 6, &s->morale_die, why, wn))
		return -1;
	m = json_object_get(v, "mods");
	if (m) {
		if (!json_is_array(m) || json_array_size(m) > CTAB_MODS_MAX) {
			snprintf(why, wn, "\"mods\" must be a list of at most %d modifier keys", CTAB_MODS_MAX);
			return -1;
		}
		json_array_foreach(m, i, x) {
			if (!json_is_string(x) || json_string_length(x) >= CTAB_KEY_MAX) {
				snprintf(why, wn, "\"mods\": item %zu is not a modifier key", i + 1);
				return -1;
			}
			snprintf(s->mods[s->nmods++], CTAB_KEY_MAX, "%s", json_string_value(x));
		}
	}
	return 0;
}

static int jside(const json_t *o, const char *k, struct ref_side *s, char *why, size_t wn)
{
	const json_t *v = json_object_get(o, k);
	if (!v)
		return 0;
	if (!json_is_object(v)) {
		snprintf(why, wn, "\"%s\" must be an object", k);
		return -1;
	}
	return jside_obj(v, s, why, wn);
}

/* "attacker_also", "defender_also": the other units of side k [Close Combat (a), (b)], side
 * objects; an attacking unit may carry its own charge "morale_die". */
static int jalso(const json_t *o, struct ref_req *q, int k, char *why, size_t wn)
{
	static const char *const key[2] = {"attacker_also", "defender_also"};
	const json_t *v = json_object_get(o, key[k]), *x;
	size_t i;
	if (!v)
		return 0;
	if (!json_is_array(v) || json_array_size(v) > REF_ALSO_MAX) {
		snprintf(why, wn, "\"%s\" must be a list of at most %d units (objects as \"%s\")", key[k], REF_ALSO_MAX,
			 k ? "defender" : "attacker");
		return -1;
	}
	json_array_foreach(v, i, x) {
		if (!json_is_object(x)) {
			snprintf(why, wn, "\"%s\": item %zu must be an object", key[k], i + 1);
			return -1;
		}
		if (json_object_get(x, "dice") || json_object_get(x, "saves") || (k && json_object_get(x, "morale_die"))) {
			snprintf(why, wn, "\"%s\": item %zu: a unit's dice and saves follow the %s's in its \"dice\" and "
				 "\"saves\"%s", key[k], i + 1, k ? "defender" : "attacker",
				 k ? " (and a joined unit rolls no charge morale)" : "");
			return -1;
		}
		if (jside_obj(x, &q->also[k][i], why, wn))
			return -1;
		q->nalso[k] = (int)i + 1;
	}
	return 0;
}

int ref_req_json(const json_t *body, struct ref_req *q, char *why, size_t n)
{
	char band[8] = "", form[16] = "";
	ref_req_init(q);
	if (!json_is_object(body)) {
		snprintf(why, n, "the body must be a JSON object");
		return -1;
	}
	if (jstr(body, "what", q->what, sizeof q->what, why, n) || jstr(body, "weapon", q->weapon, sizeof q->weapon, why, n) ||
	    jstr(body, "target", q->target, sizeof q->target, why, n) || jstr(body, "at", q->at, sizeof q->at, why, n) ||
	    jint(body, "stands", 1, CREF_DICE_MAX, &q->stands, why, n) || jint(body, "markers", 0, 12, &q->markers, why, n) ||
	    jint(body, "inches", 0, 1000, &q->inches, why, n) || jbool(body, "pivot", &q->pivot, why, n) ||
	    jbool(body, "cover", &q->cover, why, n) || jstr(body, "band", band, sizeof band, why, n) ||
	    jstr(body, "unit", q->unit, sizeof q->unit, why, n) || jint(body, "hits", 0, CREF_HITS_MAX, &q->hits, why, n) ||
	    jbool(body, "standing_cavalry", &q->standing_cav, why, n) || jint(body, "die", 1, 6, &q->die, why, n) ||
	    jint(body, "leader", 1, 6, &q->leader, why, n) || jside(body, "attacker", &q->side[0], why, n) ||
	    jside(body, "defender", &q->side[1], why, n) || jalso(body, q, 0, why, n) || jalso(body, q, 1, why, n) ||
	    jstr(body, "initiative", q->initiative, sizeof q->initiative, why, n) ||
	    jint(body, "winner_die", 1, 6, &q->wdie, why, n) || jint(body, "spike_die", 1, 6, &q->spike_die, why, n) || jstr(body, "row", q->row, sizeof q->row, why, n) ||
	    jstr(body, "terrain", q->terrain, sizeof q->terrain, why, n) || jstr(body, "formation", form, sizeof form, why, n) ||
	    jbool(body, "interpenetration", &q->interpen, why, n) || jdice(body, "dice", &q->dice, why, n) ||
	    jdice(body, "saves", &q->saves, why, n) || jbool(body, "command_phase", &q->command_phase, why, n) ||
	    jbool(body, "routing", &q->routing, why, n))
		return -1;
	{
		/* initiative: "a" and "b", each {"won_last_turn", "close_combats_won", "withdrew_or_routed"} */
		static const char *const ab[2] = {"a", "b"};
		for (int k = 0; k < 2; k++) {
			const json_t *v = json_object_get(body, ab[k]);
			if (!v)
				continue;
			if (!json_is_object(v)) {
				snprintf(why, n, "\"%s\" must be an object", ab[k]);
				return -1;
			}
			if (jbool(v, "won_last_turn", &q->won[k], why, n) || jint(v, "close_combats_won", 0, 50, &q->cc[k], why, n) ||
			    jint(v, "withdrew_or_routed", 0, 50, &q->out[k], why, n))
				return -1;
		}
	}
	if (!q->what[0]) {
		snprintf(why, n, "\"what\" is missing: fire, save, melee, morale or move");
		return -1;
	}
	if (band[0] && strcmp(band, "short") && strcmp(band, "long")) {
		snprintf(why, n, "\"band\" is \"short\" or \"long\"");
		return -1;
	}
	q->shrt = !strcmp(band, "short");
	q->lng = !strcmp(band, "long");
	if (form[0] && strcmp(form, "line") && strcmp(form, "column") && strcmp(form, "road") && strcmp(form, "one-die")) {
		snprintf(why, n, "\"formation\" is \"line\", \"column\", \"road\" or \"one-die\"");
		return -1;
	}
	q->column = !strcmp(form, "column");
	q->road = !strcmp(form, "road");
	q->one_die = !strcmp(form, "one-die");
	return 0;
}

json_t *ref_out_json(const struct ref_out *o)
{
	static const char *const kinds[] = {"head", "rule", "dist", "result"};
	json_t *root = json_object(), *items = json_array();
	if (!root || !items) {
		json_decref(root);
		json_decref(items);
		return NULL;
	}
	json_object_set_new(root, "items", items);
	for (int i = 0; i < o->nitems; i++) {
		const struct ref_item *it = &o->item[i];
		json_t *j = json_object();
		if (!j)
			break;
		json_object_set_new(j, "kind", json_string(kinds[it->kind]));
		if (it->kind == REF_RULE) {
			json_object_set_new(j, "rule", json_string(it->rule));
			if (it->ndice) {
				json_t *dice = json_array();
				for (int k = 0; k < it->ndice && dice; k++)
					json_array_append_new(dice, json_integer(it->dice[k]));
				if (dice)
					json_object_set_new(j, "dice", dice);
			}
		}
		if (it->kind == REF_DIST) {
			const struct ref_dist *d = &o->dist[it->dist];
			json_t *p = json_array();
			json_object_set_new(j, "label", json_string(it->text));
			for (int k = 0; k <= d->n && p; k++)
				json_array_append_new(p, json_real(d->p[k]));
			if (p)
				json_object_set_new(j, "p", p);
			json_object_set_new(j, "mean", json_real(d->mean));
		} else {
			json_object_set_new(j, "text", json_string(it->text));
		}
		json_array_append_new(items, j);
	}
	return root;
}

json_t *ref_sheet_json(const struct ctab *t)
{
	static const char *const ters[CT_TERRAINS] = {"gentle", "steep", "walls"};
	json_t *root = json_object(), *a;
	if (!root)
		return NULL;
	json_object_set_new(root, "title", json_string(t->title));
	a = json_array();
	for (int i = 0; i < t->nweapons && a; i++) {
		const struct ctab_weapon *w = &t->weapon[i];
		json_array_append_new(a, json_pack("{s:s, s:s, s:o, s:b, s:b}", "key", w->key, "row", t->row_key[w->row],
						   "long", w->long_in ? json_integer(w->long_in) : json_null(),
						   "always_long", w->always_long, "canister", w->canister));
	}
	json_object_set_new(root, "weapons", a ? a : json_null());
	a = json_array();
	for (int i = 0; i < CT_TARGETS && a; i++)
		json_array_append_new(a, json_string(ctab_target_name[i]));
	json_object_set_new(root, "targets", a ? a : json_null());
	a = json_array();
	for (int i = 0; i < t->nunits && a; i++) {
		const struct ctab_unit *u = &t->unit[i];
		json_array_append_new(a, json_pack("{s:s, s:s, s:i, s:i, s:b}", "key", u->key, "save", t->save[u->save].key,
						   "figures_per_stand", u->fps, "morale", u->morale, "bonuses", u->bonuses));
	}
	json_object_set_new(root, "units", a ? a : json_null());
	a = json_array();
	for (int i = 0; i < t->nmods && a; i++)
		json_array_append_new(a, json_pack("{s:s, s:i, s:s, s:s}", "key", t->mod[i].key, "value", t->mod[i].value,
						   "case", t->mod[i].cite, "text", t->mod[i].text));
	json_object_set_new(root, "modifiers", a ? a : json_null());
	a = json_array();
	for (int i = 0; i < t->nmoves && a; i++)
		json_array_append_new(a, json_pack("{s:s, s:i, s:i, s:i}", "key", t->move[i].key, "line", t->move[i].dice[0],
						   "column", t->move[i].dice[1], "road", t->move[i].dice[2]));
	json_object_set_new(root, "moves", a ? a : json_null());
	a = json_array();
	for (int i = 0; i < CT_TERRAINS && a; i++)
		json_array_append_new(a, json_string(ters[i]));
	json_object_set_new(root, "terrains", a ? a : json_null());
	return root;
}
