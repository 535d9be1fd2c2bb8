/* cref: the referee's rulings of the Charge of the Light Brigade play sheet (cref.h). The
 * sections cited are the 2014 play sheet's headings and letters: Fire Chart (a)-(p), Save
 * Table, Close Combat (a)-(h), Modifiers to All Close Combat (a)-(j), MORALE (a)-(f), MOVE
 * Chart (a)-(i), and the scenario's Q&A 1-6 (docs/RULES.md "Charge of the Light Brigade"). */
#include "cref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CC_DICE_MAX 24 /* dice of one side in a close combat (a double line and its leaders) */

static int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static bool dice_ok(const int *d, int n, const char *what, struct err *e)
{
	for (int i = 0; i < n; i++)
		if (d[i] < 1 || d[i] > 6) {
			err_set(e, NULL, 0, "%s: die %d is %d; a die is 1-6", what, i + 1, d[i]);
			return false;
		}
	return true;
}

/* "4-6", or "a 6" for the least die that does it. */
static const char *need_text(int need, char *buf, size_t n)
{
	if (need >= 6)
		snprintf(buf, n, "a 6");
	else
		snprintf(buf, n, "%d-6", need);
	return buf;
}

/* "6 6 4 3" into buf. */
static void dice_text(const int *d, int n, char *buf, size_t sz)
{
	size_t at = 0;
	buf[0] = 0;
	for (int i = 0; i < n && at + 4 < sz; i++)
		at += (size_t)snprintf(buf + at, sz - at, "%s%d", i ? " " : "", d[i]);
}

/* The binomial distribution of n trials at p into out[0..n]. */
static void binomial(int n, double p, double *out)
{
	out[0] = 1;
	for (int k = 1; k <= n; k++)
		out[k] = 0;
	for (int i = 0; i < n; i++) {
		for (int k = i + 1; k >= 1; k--)
			out[k] = out[k] * (1 - p) + out[k - 1] * p;
		out[0] *= 1 - p;
	}
}

static const char *const target_text[CT_TARGETS] = {"a line", "a column", "an enfilade"};

/* ---- fire ------------------------------------------------------------------------------ */

int cref_shot(const struct ctab *t, const struct cref_fire *f, struct cref_shot *s, struct err *e)
{
	const struct ctab_weapon *w;
	int need;
	if (f->weapon < 0 || f->weapon >= t->nweapons)
		return err_set(e, NULL, 0, "no such weapon");
	w = &t->weapon[f->weapon];
	if (f->target < 0 || f->target >= CT_TARGETS)
		return err_set(e, NULL, 0, "no such target class");
	if (f->stands < 1 || f->stands > CREF_DICE_MAX / 2)
		return err_set(e, NULL, 0, "[Fire (a)] a volley is 1-%d stands or artillery figures, not %d",
			       CREF_DICE_MAX / 2, f->stands);
	if (f->chits < 0 || f->chits > 12)
		return err_set(e, NULL, 0, "morale markers must be 0-12, not %d", f->chits);
	memset(s, 0, sizeof *s);
	if (f->inches >= 0) {
		if (!w->long_in)
			return err_set(e, NULL, 0,
				       "[Fire (n)] the play sheet prints no range for %s fire: give the band (short "
				       "or long) instead of inches",
				       w->key);
		if (f->inches > w->long_in)
			return err_set(e, NULL, 0, "[Fire (n)] %d\" is beyond the long range of %s (%d\")", f->inches,
				       w->key, w->long_in);
		s->lng = 2 * f->inches > w->long_in; /* short range is half long range */
		s->canister = w->canister && f->inches <= 4;
	} else {
		s->lng = f->lng;
	}
	if (w->always_long)
		s->lng = true;
	need = (f->cover ? t->fire_cover : t->fire)[w->row][f->target];
	/* [MORALE (b)], [Fire (g)]: pips off each die; a modified die must still reach the cell */
	need += f->chits + (f->pivot ? 1 : 0);
	s->need = need > 6 ? CTAB_NEVER : need;
	s->dice = f->stands * (s->canister ? 2 : 1);
	return 0;
}

int cref_fire_roll(const struct ctab *t, const struct cref_fire *f, const int *dice, int n,
		   struct cref_fire_out *o, struct evsink *ev, struct err *e)
{
	struct cref_shot s;
	const struct ctab_weapon *w;
	char dt[4 * CREF_DICE_MAX + 8], nt[16];
	if (cref_shot(t, f, &s, e) != 0)
		return -1;
	if (n != s.dice)
		return err_set(e, NULL, 0, "%s%d %s thrown, not %d (a die a stand or artillery figure)",
			       s.canister ? "[Fire (p)] canister fires twice: " : "[Fire (a)] ", s.dice,
			       s.dice == 1 ? "die is" : "dice are", n);
	if (!dice_ok(dice, n, "fire", e))
		return -1;
	w = &t->weapon[f->weapon];
	memset(o, 0, sizeof *o);
	for (int i = 0; i < n; i++) {
		o->raw += dice[i] >= s.need;
		o->sixes += dice[i] == 6;
	}
	o->hits = s.lng ? (o->raw + 1) / 2 : o->raw;
	o->markers = o->sixes / 2;
	o->leader_risk = o->sixes >= 3;

	if (s.need > 6)
		ev_emit(ev, "[Fire (a)]", "%s at %s%s: no die can hit (%d on the chart, %d pip%s off each die)",
			w->key, target_text[f->target], f->cover ? " in cover" : "",
			(f->cover ? t->fire_cover : t->fire)[w->row][f->target], f->chits + (f->pivot ? 1 : 0),
			f->chits + f->pivot == 1 ? "" : "s");
	else
		ev_emit(ev, f->cover ? "[Fire (b)]" : "[Fire (a)]", "%s at %s%s: a possible hit on a natural %s%s",
			w->key, target_text[f->target], f->cover ? " in cover" : " in the open",
			need_text(s.need, nt, sizeof nt),
			f->chits || f->pivot ? " (pips off each die: morale markers [MORALE (b)], pivot [Fire (g)])" : "");
	if (s.canister)
		ev_emit(ev, "[Fire (p)]", "canister at %d\": each stand or figure fires twice", f->inches);
	dice_text(dice, n, dt, sizeof dt);
	ev_emit(ev, "[Fire (a)]", "%d %s: %s: %d possible hit%s", n, n == 1 ? "die" : "dice", dt, o->raw,
		o->raw == 1 ? "" : "s");
	if (s.lng)
		ev_emit(ev, "[Fire (o)]", "long range%s: half the possible hits, rounded up: %d", w->always_long
			? " (horse artillery always fires as at long range [Fire (n)])" : "", o->hits);
	if (o->markers)
		ev_emit(ev, "[Fire (d)]", "%d natural sixes: %d morale marker%s on the target (not halved at long range)",
			o->sixes, o->markers, o->markers == 1 ? "" : "s");
	if (o->leader_risk) {
		char lt[48];
		cref_leader_text(t, lt, sizeof lt);
		ev_emit(ev, "[Fire (d)]", "a third six: a possible leader kill; roll a die, %s [Fire (e)]", lt);
	}
	/* a battery is a weapon that fires canister */
	if (f->command_phase && w->canister && (o->ammo_out = cref_ammo_out(dice, n)))
		ev_emit(ev, "[Command Points]", "snake eyes in a command point phase: the battery has used up its ammunition");
	return 0;
}

int cref_fire_odds(const struct ctab *t, const struct cref_fire *f, double *hits, int hmax, double *markers,
		   int mmax, double *leader, struct err *e)
{
	struct cref_shot s;
	double raw[CREF_DICE_MAX + 1], six[CREF_DICE_MAX + 1];
	if (cref_shot(t, f, &s, e) != 0)
		return -1;
	binomial(s.dice, s.need > 6 ? 0.0 : (7 - s.need) / 6.0, raw);
	binomial(s.dice, 1 / 6.0, six);
	for (int h = 0; h <= hmax; h++)
		hits[h] = 0;
	for (int m = 0; m <= mmax; m++)
		markers[m] = 0;
	*leader = 0;
	for (int k = 0; k <= s.dice; k++) {
		hits[clampi(s.lng ? (k + 1) / 2 : k, 0, hmax)] += raw[k];
		markers[clampi(k / 2, 0, mmax)] += six[k];
		if (k >= 3)
			*leader += six[k];
	}
	return 0;
}

/* ---- saves and leaders ----------------------------------------------------------------- */

static int save_need_at(const struct ctab *t, const struct cref_unit *u, int figures, bool *dbl)
{
	const struct ctab_save *sv = &t->save[t->unit[u->type].save];
	int need = sv->need[ctab_save_col(ctab_stands(t, u->type, figures))];
	*dbl = need < 0;
	if (need < 0)
		return CTAB_NEVER;
	need += u->chits; /* the Save Table: one pip off each die a morale marker */
	return need > 6 ? CTAB_NEVER : need;
}

int cref_save_need(const struct ctab *t, const struct cref_unit *u, bool *dbl)
{
	return save_need_at(t, u, u->figures, dbl);
}

int cref_save_roll(const struct ctab *t, const struct cref_unit *u, int hits, const int *dice, int n, int *used,
		   int *casualties, struct evsink *ev, struct err *e)
{
	return cref_save_roll_rest(t, u, hits, dice, n, used, casualties, NULL, ev, e);
}

int cref_save_roll_rest(const struct ctab *t, const struct cref_unit *u, int hits, const int *dice, int n, int *used,
			int *casualties, int *rest, struct evsink *ev, struct err *e)
{
	int figs = u->figures, k = 0;
	if (rest)
		*rest = 0;
	const char *who = t->unit[u->type].key;
	*used = 0;
	*casualties = 0;
	if (!dice_ok(dice, n, "saves", e))
		return -1;
	for (int i = 0; i < hits; i++) {
		bool dbl;
		int stands = ctab_stands(t, u->type, figs), need;
		if (figs <= 0) {
			if (rest)
				*rest = hits - i;
			else
				ev_emit(ev, "[Casualties (b)]", "%s has no figures left: the other %d possible hit%s fall on nothing",
					who, hits - i, hits - i == 1 ? "" : "s");
			break;
		}
		need = save_need_at(t, u, figs, &dbl);
		if (dbl) {
			int c = figs < 2 ? figs : 2;
			figs -= c;
			ev_emit(ev, "[Save Table]", "hit %d: %s at %d stand%s, 2X: no save, a double casualty (%d figure%s)",
				i + 1, who, stands, stands == 1 ? "" : "s", c, c == 1 ? "" : "s");
			continue;
		}
		if (need > 6) {
			figs--;
			ev_emit(ev, "[Save Table]", "hit %d: %s at %d stand%s: no save possible (%s), a figure lost", i + 1,
				who, stands, stands == 1 ? "" : "s",
				t->save[t->unit[u->type].save].need[ctab_save_col(stands)] == CTAB_NEVER
					? "X"
					: "morale markers");
			continue;
		}
		if (k == n) {
			*used = k + 1;
			*casualties = u->figures - figs;
			return 1;
		}
		{
			struct event *x;
			int d = dice[k++];
			char nt[16];
			need_text(need, nt, sizeof nt);
			if (d >= need)
				x = ev_emit(ev, "[Save Table]", "hit %d: %s at %d stand%s saves on %s: die %d, saved", i + 1,
					    who, stands, stands == 1 ? "" : "s", nt, d);
			else {
				figs--;
				x = ev_emit(ev, "[Save Table]", "hit %d: %s at %d stand%s saves on %s: die %d, a figure lost",
					    i + 1, who, stands, stands == 1 ? "" : "s", nt, d);
			}
			ev_die(x, d);
		}
	}
	*used = k;
	*casualties = u->figures - figs;
	if (k < n)
		return err_set(e, NULL, 0, "[Save Table] %d save dice given, %d used: the other saves were not possible",
			       n, k);
	if (*casualties)
		ev_emit(ev, "[Casualties (b)]", "%s loses %d figure%s, %d left (%d stand%s): consolidate the losses on one stand",
			who, *casualties, *casualties == 1 ? "" : "s", figs, ctab_stands(t, u->type, figs),
			ctab_stands(t, u->type, figs) == 1 ? "" : "s");
	return 0;
}

/* One possible hit more on u: p[f], the chance it has f figures left (0..f0), into q: a save at the
 * stands f leaves (or 2X, two figures; X, one) [Save Table]. */
static void save_step(const struct ctab *t, const struct cref_unit *u, int f0, const double *p, double *q)
{
	for (int f = 0; f <= f0; f++)
		q[f] = 0;
	q[0] = p[0];
	for (int f = 1; f <= f0; f++) {
		bool dbl;
		int need;
		if (p[f] == 0)
			continue;
		need = save_need_at(t, u, f, &dbl);
		if (dbl) {
			q[f < 2 ? 0 : f - 2] += p[f];
		} else {
			double ps = need > 6 ? 0 : (7 - need) / 6.0;
			q[f] += p[f] * ps;
			q[f - 1] += p[f] * (1 - ps);
		}
	}
}

/* The casualties' distribution after each number of hits 0..hmax at once (one pass of the
 * save odds' recursion): cas[h * (CREF_FIG_MAX + 1) + c]. */
static void save_odds_all(const struct ctab *t, const struct cref_unit *u, int hmax, double *cas)
{
	double p[CREF_FIG_MAX + 1], q[CREF_FIG_MAX + 1];
	int f0 = clampi(u->figures, 0, CREF_FIG_MAX);
	for (int f = 0; f <= f0; f++)
		p[f] = f == f0;
	for (int h = 0; h <= hmax; h++) {
		double *row = cas + (size_t)h * (CREF_FIG_MAX + 1);
		for (int c = 0; c <= CREF_FIG_MAX; c++)
			row[c] = 0;
		for (int f = 0; f <= f0; f++)
			row[f0 - f] += p[f];
		if (h == hmax)
			break;
		save_step(t, u, f0, p, q);
		memcpy(p, q, sizeof p);
	}
}

void cref_save_odds(const struct ctab *t, const struct cref_unit *u, int hits, double *cas, int cmax)
{
	double p[CREF_FIG_MAX + 1], q[CREF_FIG_MAX + 1];
	int f0 = clampi(u->figures, 0, CREF_FIG_MAX);
	for (int f = 0; f <= f0; f++)
		p[f] = f == f0;
	for (int i = 0; i < hits; i++) {
		save_step(t, u, f0, p, q);
		memcpy(p, q, sizeof p);
	}
	for (int c = 0; c <= cmax; c++)
		cas[c] = 0;
	for (int f = 0; f <= f0; f++)
		cas[clampi(f0 - f, 0, cmax)] += p[f];
}

void cref_leader_text(const struct ctab *t, char *buf, size_t n)
{
	int k = t->leader_kill, w = t->leader_wound;
	char kill[16] = "", wound[24] = "";
	if (k)
		snprintf(kill, sizeof kill, k > 1 ? "1-%d kills" : "%d kills", k);
	if (w > k)
		snprintf(wound, sizeof wound, w > k + 1 ? "%d-%d wounds" : "%d wounds", k + 1, w);
	/* (a sheet whose leaders always save: "nothing kills") */
	snprintf(buf, n, "%s%s%s", kill, *kill && *wound ? ", " : "", *kill || *wound ? wound : "nothing kills");
}

bool cref_leader_wounded(const struct ctab *t, int die)
{
	return die > t->leader_kill && die <= t->leader_wound;
}

int cref_leader_roll(const struct ctab *t, int die, const char *whose, struct evsink *ev)
{
	struct event *x;
	int dead = die >= 1 && die <= t->leader_kill;
	if (dead)
		x = ev_emit(ev, "[Fire (e)]", "%s leader at risk, die %d: the leader is dead; a replacement is promoted two "
			    "turns later [Leaders (a)]", whose, die);
	else if (die <= t->leader_wound)
		x = ev_emit(ev, "[Fire (e)]", "%s leader at risk, die %d: wounded, not killed; a leader wounded is a morale "
			    "event: the unit takes a morale marker [MORALE]", whose, die);
	else
		x = ev_emit(ev, "[Fire (e)]", "%s leader at risk, die %d: saved (leaders save on %d-6)", whose, die,
			    (t->leader_wound > t->leader_kill ? t->leader_wound : t->leader_kill) + 1);
	ev_die(x, die);
	return dead;
}

bool cref_routs(const struct ctab *t, const struct cref_unit *u)
{
	/* [MORALE (c)]: stands (or gunners) and leaders; the 2001 sheet: the stands alone */
	return u->chits > 0 && u->chits >= ctab_stands(t, u->type, u->figures) + (t->rout_stands_only ? 0 : u->leaders);
}

/* ---- close combat ---------------------------------------------------------------------- */

int cref_cc_dice(const struct ctab *t, const struct cref_side *s, int *per_die, struct err *e)
{
	const struct ctab_unit *ut;
	int stands, mod = 0;
	if (s->u.type < 0 || s->u.type >= t->nunits)
		return err_set(e, NULL, 0, "no such troop type");
	ut = &t->unit[s->u.type];
	stands = ctab_stands(t, s->u.type, s->u.figures);
	if (stands < 1)
		return err_set(e, NULL, 0, "[Close Combat (c)] %s has no stands left to fight", ut->key);
	if (stands + s->u.leaders > CC_DICE_MAX || s->u.leaders < 0)
		return err_set(e, NULL, 0, "[Close Combat (c)] %d stands and %d leaders: at most %d dice a side", stands,
			       s->u.leaders, CC_DICE_MAX);
	for (int i = 0; i < s->nmods; i++) {
		const struct ctab_mod *m = &t->mod[s->mods[i]];
		if (m->value > 0 && !ut->bonuses)
			continue; /* Cossacks get no bonuses */
		mod += m->value;
	}
	mod += s->u.chits * t->chit_mod;
	if (s->routing)
		mod += t->routing_mod + (s->rear ? t->routing_rear_mod : 0);
	*per_die = mod;
	return stands + s->u.leaders;
}

static const char *const side_name[2] = {"attacker", "defender"};

int cref_force_dice(const struct ctab *t, const struct cref_force *f, int *offset, struct err *e)
{
	int n = 0, per;
	*offset = 0;
	if (f->n < 1 || f->n > CREF_CC_UNITS)
		return err_set(e, NULL, 0, "[Close Combat (b)] a side fights with 1 to %d units, not %d", CREF_CC_UNITS, f->n);
	for (int u = 0; u < f->n; u++) {
		int nd = cref_cc_dice(t, f->s[u], &per, e);
		if (nd < 0)
			return -1;
		n += nd;
		*offset += nd * per;
	}
	if (n > CREF_CC_FORCE_DICE)
		return err_set(e, NULL, 0, "[Close Combat (c)] %d dice: at most %d a side", n, CREF_CC_FORCE_DICE);
	return n;
}

/* The side's name in a ruling: "attacker", or with several units "attacker (2 units)". */
static const char *force_name(const struct cref_force *f, int k, char *buf, size_t n)
{
	if (f->n == 1)
		return side_name[k];
	snprintf(buf, n, "%s (%d units)", side_name[k], f->n);
	return buf;
}

int cref_cc_roll(const struct ctab *t, const struct cref_side *a, const struct cref_side *b, const int *const d[2],
		 const int n[2], int wdie, struct cref_cc_out *o, struct evsink *ev, struct err *e)
{
	const struct cref_force f[2] = {{1, {a}}, {1, {b}}};
	return cref_cc_roll_force(t, f, d, n, wdie, o, NULL, ev, e);
}

int cref_cc_roll_force(const struct ctab *t, const struct cref_force f[2], const int *const d[2], const int n[2],
		       int wdie, struct cref_cc_out *o, struct cref_cc_units *un, struct evsink *ev, struct err *e)
{
	int off[2], nd[2], w, l, h = 0, sixes = 0;
	char dt[4 * CREF_CC_FORCE_DICE + 8], nb[2][48];
	const char *nm[2];
	struct cref_cc_units scratch;
	memset(o, 0, sizeof *o);
	if (!un)
		un = &scratch;
	memset(un, 0, sizeof *un);
	for (int k = 0; k < 2; k++)
		if ((nd[k] = cref_force_dice(t, &f[k], &off[k], e)) < 0)
			return -1;
	if (f[0].s[0]->initiative == f[1].s[0]->initiative)
		return err_set(e, NULL, 0, "[Modifiers (c)] say which side has the initiative (it wins ties)");
	for (int k = 0; k < 2; k++) {
		nm[k] = force_name(&f[k], k, nb[k], sizeof nb[k]);
		if (n[k] != nd[k])
			return err_set(e, NULL, 0, "[Close Combat (c)] the %s throws %d dice (a die a stand and a leader "
				       "stand%s), not %d", nm[k], nd[k], f[k].n > 1 ? ", every unit's" : "", n[k]);
		if (!dice_ok(d[k], n[k], side_name[k], e))
			return -1;
	}
	if (wdie < 0 || wdie > 6)
		return err_set(e, NULL, 0, "[Close Combat (e)] the winner's die is 1-6, not %d", wdie);
	for (int k = 0; k < 2; k++) {
		int sum = 0, at = 0;
		for (int i = 0; i < n[k]; i++)
			sum += d[k][i];
		o->total[k] = sum + off[k];
		if (f[k].n == 1) {
			dice_text(d[k], n[k], dt, sizeof dt);
			ev_emit(ev, "[Close Combat (c)]", "%s, %s: %d di%s %s, %+d a die: total %d", side_name[k],
				t->unit[f[k].s[0]->u.type].key, n[k], n[k] == 1 ? "e" : "ce", dt, off[k] / (n[k] ? n[k] : 1),
				o->total[k]);
			continue;
		}
		for (int u = 0; u < f[k].n; u++) { /* each unit's dice and modifier, then the side's total */
			int per, m = cref_cc_dice(t, f[k].s[u], &per, e);
			dice_text(d[k] + at, m, dt, sizeof dt);
			ev_emit(ev, "[Close Combat (c)]", "%s, %s%s: %d di%s %s, %+d a die", side_name[k], t->unit[f[k].s[u]->u.type].key,
				u ? " (joined)" : "", m, m == 1 ? "e" : "ce", dt, per);
			at += m;
		}
		ev_emit(ev, "[Close Combat (c)]", "the %s's %d units together: total %d (everything at once)", side_name[k],
			f[k].n, o->total[k]);
	}
	if (o->total[0] != o->total[1])
		w = o->total[0] > o->total[1] ? 0 : 1;
	else {
		w = f[0].s[0]->initiative ? 0 : 1;
		ev_emit(ev, "[Modifiers (c)]", "a tie at %d: the initiative player's side, the %s, wins", o->total[0],
			side_name[w]);
	}
	l = 1 - w;
	o->winner = w;
	for (int i = 0; i < n[w]; i++) {
		if (d[w][i] <= 2)
			h += d[w][i];
		sixes += d[w][i] == 6;
	}
	o->hits[l] = h;
	/* the loser's leader at risk: the first of its units with one (a battery has none to lose) */
	un->leader_unit[0] = un->leader_unit[1] = -1;
	for (int u = f[l].n - 1; u >= 0; u--)
		if (f[l].s[u]->u.leaders > 0)
			un->leader_unit[l] = u;
	o->leader_risk[l] = un->leader_unit[l] >= 0 ? sixes / 3 : 0;
	ev_emit(ev, "[Close Combat (d)]", "the %s wins %d to %d; its natural 1s and 2s add up to %d possible hit%s on the %s "
		"(the pips are added [Q&A 5])", side_name[w], o->total[w], o->total[l], h, h == 1 ? "" : "s", side_name[l]);
	if (o->leader_risk[l])
		ev_emit(ev, "[Close Combat (d)]", "%d natural sixes: %d possible leader kill%s on the %s%s%s [Fire (e)]", sixes,
			o->leader_risk[l], o->leader_risk[l] == 1 ? "" : "s", side_name[l], f[l].n > 1 ? ", " : "",
			f[l].n > 1 ? t->unit[f[l].s[un->leader_unit[l]]->u.type].key : "");
	switch (wdie ? t->wloss[wdie - 1] : -1) {
	case -1:
		o->hits[w] = -1;
		ev_emit(ev, "[Close Combat (e)]", "the %s rolls a die for its own losses: 1 double the %s's, 2 the same, "
			"3-6 a third (rounded up)", side_name[w], side_name[l]);
		break;
	case CT_WL_THIRD:
		o->hits[w] = (h + 2) / 3;
		ev_emit(ev, "[Close Combat (e)]", "the winner's die %d: a third of the %s's %d, rounded up: %d possible hit%s "
			"on the %s", wdie, side_name[l], h, o->hits[w], o->hits[w] == 1 ? "" : "s", side_name[w]);
		break;
	case CT_WL_SAME:
		o->hits[w] = h;
		ev_emit(ev, "[Close Combat (e)]", "the winner's die %d: as many possible hits as the %s: %d on the %s", wdie,
			side_name[l], h, side_name[w]);
		break;
	default:
		o->hits[w] = 2 * h;
		for (int u = 0; u < f[w].n; u++)
			o->winner_leaders = o->winner_leaders || f[w].s[u]->u.leaders > 0;
		ev_emit(ev, "[Close Combat (e)]", "the winner's die %d: double losses, %d possible hit%s on the %s, and each "
			"of its leaders in the fight rolls for a possible casualty", wdie, o->hits[w],
			o->hits[w] == 1 ? "" : "s", side_name[w]);
		break;
	}
	for (int k = 0; k < 2; k++) {
		for (int u = 0; u < f[k].n; u++)
			un->hits[k][u] = o->hits[k] < 0 ? -1 : cref_share(o->hits[k], f[k].n, u);
		if (f[k].n > 1 && o->hits[k] > 0)
			ev_emit(ev, "[Close Combat (d)]", "the %s's %d possible hits are distributed throughout its units, one at a "
				"time from the first: %d on %s and %d on the others after it", side_name[k], o->hits[k],
				un->hits[k][0], t->unit[f[k].s[0]->u.type].key, o->hits[k] - un->hits[k][0]);
	}
	if (t->unit[f[l].s[0]->u.type].fps == 1) {
		ev_emit(ev, "[Close Combat (h)]", "the gunners run away and the guns remain: 4-6 on a die spikes them "
			"(removed); else they are captured and the winner gains an Ace for a later command point");
		if (w == 0)
			ev_emit(ev, "[Close Combat (h)]", "the attacker takes a morale chit for the disorder of moving "
				"through the guns [MORALE (a) 7]");
	}
	else
		ev_emit(ev, "[Close Combat (g)]", "the %s withdraws 4 dice inches (natural, ignoring terrain), facing away, "
			"in its formation, and takes two morale chits (losing, withdrawing)", side_name[l]);
	if (w == 0 && cref_cc_twice(o->total))
		ev_emit(ev, "[Close Combat (f)]", "the attacker's total is twice the defender's: it may stay locked in "
			"combat with the withdrawing enemy and fight another close combat");
	return 0;
}

/* The joint distribution of one side's dice: p[s][h][x], s the sum of the dice, h the pips of
 * its natural 1s and 2s, x its natural sixes up to 3 (3 = three or more). n dice. */
struct ccjoint {
	int n;
	double *p; /* (6n+1) x (2n+1) x 4 */
};
#define JIDX(j, s, h, x) ((((size_t)(s) * (size_t)(2 * (j)->n + 1)) + (size_t)(h)) * 4 + (size_t)(x))

static int joint_make(struct ccjoint *j, int n)
{
	size_t cells = (size_t)(6 * n + 1) * (size_t)(2 * n + 1) * 4;
	double *q;
	j->n = n;
	j->p = calloc(cells, sizeof *j->p);
	q = calloc(cells, sizeof *q);
	if (!j->p || !q) {
		free(j->p);
		free(q);
		return -1;
	}
	j->p[JIDX(j, 0, 0, 0)] = 1;
	for (int i = 0; i < n; i++) {
		double *swap;
		/* after i + 1 dice the sum is at most 6(i + 1): only those rows can be written */
		memset(q, 0, (size_t)(6 * (i + 1) + 1) * (size_t)(2 * n + 1) * 4 * sizeof *q);
		for (int s = 0; s <= 6 * i; s++)
			for (int h = 0; h <= 2 * i; h++)
				for (int x = 0; x < 4; x++) {
					double v = j->p[JIDX(j, s, h, x)];
					if (v == 0)
						continue;
					for (int f = 1; f <= 6; f++) {
						int h2 = h + (f <= 2 ? f : 0), x2 = f == 6 && x < 3 ? x + 1 : x;
						q[JIDX(j, s + f, h2, x2)] += v / 6;
					}
				}
		swap = j->p;
		j->p = q;
		q = swap;
	}
	free(q);
	return 0;
}

int cref_cc_odds(const struct ctab *t, const struct cref_side *a, const struct cref_side *b, struct cref_cc_odds *o,
		 struct err *e)
{
	const struct cref_force f[2] = {{1, {a}}, {1, {b}}};
	return cref_cc_odds_force(t, f, o, NULL, e);
}

/* The chance that u, taking possible hits one after another, has no figures left first after hit i
 * (death[i], i = 1..hmax; death[0] = 0): the save odds' recursion, as save_odds_all's. */
static void save_death(const struct ctab *t, const struct cref_unit *u, int hmax, double *death)
{
	double p[CREF_FIG_MAX + 1], q[CREF_FIG_MAX + 1];
	int f0 = clampi(u->figures, 0, CREF_FIG_MAX);
	for (int f = 0; f <= f0; f++)
		p[f] = f == f0;
	death[0] = 0;
	for (int h = 1; h <= hmax; h++) {
		save_step(t, u, f0, p, q);
		death[h] = q[0] - p[0];
		memcpy(p, q, sizeof p);
	}
}

/* What a side's casualties need, worked out once for the odds: each unit's casualties after
 * 0 .. hmax hits (save_odds_all) and, with several units, the hit that leaves it no figures
 * (save_death), and the scratch of the hand-on below. */
struct fcas {
	int hmax;
	double *cas[CREF_CC_UNITS], *death[CREF_CC_UNITS];
	double *st, *ns; /* (CREF_FIG_MAX + 1) x (hmax + 1): figures lost so far, hits handed on */
};

static void fcas_free(struct fcas *c)
{
	for (int u = 0; u < CREF_CC_UNITS; u++) {
		free(c->cas[u]);
		free(c->death[u]);
	}
	free(c->st);
	free(c->ns);
	memset(c, 0, sizeof *c);
}

static int fcas_make(const struct ctab *t, const struct cref_force *f, int hmax, struct fcas *c)
{
	size_t states = (size_t)(CREF_FIG_MAX + 1) * (size_t)(hmax + 1);
	memset(c, 0, sizeof *c);
	c->hmax = hmax;
	for (int u = 0; u < f->n; u++) {
		if (!(c->cas[u] = malloc((size_t)(hmax + 1) * (CREF_FIG_MAX + 1) * sizeof *c->cas[u])))
			goto nomem;
		save_odds_all(t, &f->s[u]->u, hmax, c->cas[u]);
		if (f->n > 1) {
			if (!(c->death[u] = malloc((size_t)(hmax + 1) * sizeof *c->death[u])))
				goto nomem;
			save_death(t, &f->s[u]->u, hmax, c->death[u]);
		}
	}
	if (f->n > 1 && (!(c->st = malloc(states * sizeof *c->st)) || !(c->ns = malloc(states * sizeof *c->ns))))
		goto nomem;
	return 0;
nomem:
	fcas_free(c);
	return -1;
}

/* A side's casualties after h possible hits, with weight p, into side (its figures lost in all,
 * clamped at CREF_FIG_MAX) and unit (each unit's; may be NULL). The hits are spread over its
 * units one at a time from the first (cref_share), and the hits a unit cannot take, once it has
 * no figures left, pass on to the next unit, "Distribute loses throughout" [Close Combat (d)]:
 * so the units are worked out in order, over what each leaves to the next. */
static void fcas_add(const struct cref_force *f, const struct fcas *c, int h, double p, double *side,
		     double (*unit)[CREF_FIG_MAX + 1])
{
	const int w = c->hmax + 1;
	double *st = c->st, *ns = c->ns;
	h = clampi(h, 0, c->hmax);
	if (f->n == 1) { /* one unit: its row is the side's */
		const double *row = c->cas[0] + (size_t)h * (CREF_FIG_MAX + 1);
		for (int x = 0; x <= CREF_FIG_MAX; x++) {
			side[x] += p * row[x];
			if (unit)
				unit[0][x] += p * row[x];
		}
		return;
	}
	memset(st, 0, (size_t)(CREF_FIG_MAX + 1) * (size_t)w * sizeof *st);
	st[0] = 1;
	for (int u = 0; u < f->n; u++) {
		const int f0 = clampi(f->s[u]->u.figures, 0, CREF_FIG_MAX);
		double *swap;
		memset(ns, 0, (size_t)(CREF_FIG_MAX + 1) * (size_t)w * sizeof *ns);
		for (int lost = 0; lost <= CREF_FIG_MAX; lost++)
			for (int rest = 0; rest < w; rest++) {
				double m = st[lost * w + rest];
				int k;
				const double *row;
				if (m == 0)
					continue;
				k = clampi(cref_share(h, f->n, u) + rest, 0, c->hmax);
				row = c->cas[u] + (size_t)k * (CREF_FIG_MAX + 1);
				for (int x = 0; x < f0; x++) { /* it keeps figures: nothing passes on */
					if (row[x] == 0)
						continue;
					ns[clampi(lost + x, 0, CREF_FIG_MAX) * w] += m * row[x];
					if (unit)
						unit[u][x] += p * m * row[x];
				}
				for (int i = 1; i <= k; i++) { /* none left after hit i: k - i pass on */
					double d = c->death[u][i];
					if (d == 0)
						continue;
					ns[clampi(lost + f0, 0, CREF_FIG_MAX) * w + (k - i)] += m * d;
					if (unit)
						unit[u][f0] += p * m * d;
				}
			}
		swap = st;
		st = ns;
		ns = swap;
	}
	for (int lost = 0; lost <= CREF_FIG_MAX; lost++)
		for (int rest = 0; rest < w; rest++)
			side[lost] += p * st[lost * w + rest]; /* (after the last unit: they fall on nothing) */
}

int cref_force_cas(const struct ctab *t, const struct cref_force *f, int h, double *side,
		   double (*unit)[CREF_FIG_MAX + 1], struct err *e)
{
	struct fcas c;
	if (f->n < 1 || f->n > CREF_CC_UNITS || h < 0 || h > CREF_HITS_MAX)
		return err_set(e, NULL, 0, "a side of 1 to %d units and 0 to %d hits", CREF_CC_UNITS, CREF_HITS_MAX);
	memset(side, 0, (CREF_FIG_MAX + 1) * sizeof *side);
	if (unit)
		memset(unit, 0, (size_t)f->n * sizeof unit[0]);
	if (fcas_make(t, f, h, &c) != 0)
		return err_set(e, NULL, 0, "out of memory");
	fcas_add(f, &c, h, 1, side, unit);
	fcas_free(&c);
	return 0;
}

int cref_cc_odds_force(const struct ctab *t, const struct cref_force f[2], struct cref_cc_odds *o,
		       double (*cas_unit)[CREF_CC_UNITS][CREF_FIG_MAX + 1], struct err *e)
{
	struct ccjoint j[2] = {{0, NULL}, {0, NULL}};
	int off[2], n[2], rc = -1;
	double *sum[2] = {NULL, NULL}; /* marginal of each side's sum of dice */
	struct fcas fc[2]; /* each side's casualties by hits */
	double (*win)[2 * CREF_CC_FORCE_DICE + 1] = NULL; /* win[k][h]: side k wins, h possible hits on the other */
	double lead[2] = {0, 0};
	bool leaders[2] = {false, false}; /* a side has a leader to lose */

	memset(o, 0, sizeof *o);
	memset(fc, 0, sizeof fc);
	if (cas_unit)
		memset(cas_unit, 0, 2 * sizeof cas_unit[0]);
	for (int k = 0; k < 2; k++)
		if ((n[k] = cref_force_dice(t, &f[k], &off[k], e)) < 0)
			return -1;
	if (f[0].s[0]->initiative == f[1].s[0]->initiative)
		return err_set(e, NULL, 0, "[Modifiers (c)] say which side has the initiative (it wins ties)");
	for (int k = 0; k < 2; k++)
		for (int u = 0; u < f[k].n; u++)
			leaders[k] = leaders[k] || f[k].s[u]->u.leaders > 0;
	win = calloc(2, sizeof *win);
	if (!win)
		goto nomem;
	for (int k = 0; k < 2; k++) {
		if (joint_make(&j[k], n[k]) != 0 || !(sum[k] = calloc((size_t)(6 * n[k] + 1), sizeof *sum[k])))
			goto nomem;
		for (int v = 0; v <= 6 * n[k]; v++)
			for (int h = 0; h <= 2 * n[k]; h++)
				for (int x = 0; x < 4; x++)
					sum[k][v] += j[k].p[JIDX(&j[k], v, h, x)];
	}
	for (int k = 0; k < 2; k++) {
		int other = 1 - k;
		for (int v = 0; v <= 6 * n[k]; v++) {
			int total = v + off[k];
			double pbeat = 0; /* the other side's total below ours, or equal when we hold the initiative */
			for (int u = 0; u <= 6 * n[other]; u++) {
				int ot = u + off[other];
				if (ot < total || (ot == total && f[k].s[0]->initiative))
					pbeat += sum[other][u];
			}
			if (pbeat == 0)
				continue;
			for (int h = 0; h <= 2 * n[k]; h++)
				for (int x = 0; x < 4; x++) {
					double pv = j[k].p[JIDX(&j[k], v, h, x)] * pbeat;
					win[k][h] += pv;
					if (x == 3 && leaders[other])
						lead[other] += pv;
				}
		}
	}
	/* each side's casualties after 0 .. 4 x the other side's dice hits (a winner's double losses) */
	for (int k = 0; k < 2; k++)
		if (fcas_make(t, &f[k], clampi(4 * n[1 - k], 0, CREF_HITS_MAX), &fc[k]) != 0)
			goto nomem;
	for (int k = 0; k < 2; k++) {
		int l = 1 - k;
		for (int h = 0; h <= 2 * n[k]; h++) {
			double ph = win[k][h];
			if (ph == 0)
				continue;
			o->win[k] += ph;
			o->hits[l][clampi(h, 0, CREF_HITS_MAX)] += ph;
			fcas_add(&f[l], &fc[l], h, ph, o->cas[l], cas_unit ? cas_unit[l] : NULL);
			for (int d = 1; d <= 6; d++) {
				int hw = t->wloss[d - 1] == CT_WL_THIRD ? (h + 2) / 3 : t->wloss[d - 1] == CT_WL_SAME ? h : 2 * h;
				o->hits[k][clampi(hw, 0, CREF_HITS_MAX)] += ph / 6;
				fcas_add(&f[k], &fc[k], hw, ph / 6, o->cas[k], cas_unit ? cas_unit[k] : NULL);
				if (t->wloss[d - 1] == CT_WL_DOUBLE && leaders[k])
					lead[k] += ph / 6;
			}
		}
	}
	o->leader[0] = lead[0];
	o->leader[1] = lead[1];
	rc = 0;
	goto out_free;
nomem:
	err_set(e, NULL, 0, "out of memory");
out_free:
	for (int k = 0; k < 2; k++) {
		free(j[k].p);
		free(sum[k]);
		fcas_free(&fc[k]);
	}
	free(win);
	return rc;
}

/* ---- the turn: initiative, command radius, ammunition --------------------------------- */

int cref_initiative(const struct ctab *t, const bool won[2], const int cc[2], const int out[2], const int die[2],
		    double *p, struct evsink *ev)
{
	static const char *const nm[2] = {"side A", "side B"};
	int mod[2], win = 0, tie = 0, v[2];
	for (int k = 0; k < 2; k++)
		mod[k] = (won[k] ? t->init_won : 0) + cc[k] * t->init_cc + out[k] * t->init_withdrew;
	for (int a = 1; a <= 6; a++)
		for (int b = 1; b <= 6; b++) {
			win += a + mod[0] > b + mod[1];
			tie += a + mod[0] == b + mod[1];
		}
	if (p)
		*p = tie == 36 ? 0.5 : (double)win / (36 - tie);
	if (die[0] < 1 || die[0] > 6 || die[1] < 1 || die[1] > 6)
		return -2;
	for (int k = 0; k < 2; k++) {
		struct event *x;
		v[k] = die[k] + mod[k];
		x = ev_emit(ev, "[Initiative (a)]", "%s: die %d %+d (%s%d close combat%s won, %d unit%s withdrew or routed) = %d",
			    nm[k], die[k], mod[k], won[k] ? "won last turn, " : "", cc[k], cc[k] == 1 ? "" : "s", out[k],
			    out[k] == 1 ? "" : "s", v[k]);
		ev_die(x, die[k]);
	}
	if (v[0] == v[1]) {
		ev_emit(ev, "[Initiative (a)]", "a tie at %d: roll again", v[0]);
		return -1;
	}
	ev_emit(ev, "[Initiative (a)]", "%s wins the initiative and chooses who acts first this turn", nm[v[0] > v[1] ? 0 : 1]);
	return v[0] > v[1] ? 0 : 1;
}

int cref_command(const struct ctab *t, int type, int inches, bool routing, struct evsink *ev)
{
	const struct ctab_unit *u = &t->unit[type];
	if (!u->radius || routing) {
		ev_emit(ev, "[MORALE (a) 8]", "%s: %s need not be within a brigade commander's radius", u->key,
			routing ? "routing units" : u->fps == 1 ? "artillery units" : "this sheet's units");
		return 0;
	}
	if (inches <= u->radius) {
		ev_emit(ev, "[BRIGADE COMMANDERS]", "%s: %d\" from its brigade commander, within %d\": in command", u->key,
			inches, u->radius);
		return 0;
	}
	ev_emit(ev, "[MORALE (a) 8]", "%s: %d\" from its brigade commander, beyond %d\": it draws a morale marker", u->key,
		inches, u->radius);
	return 1;
}

bool cref_ammo_out(const int *dice, int n)
{
	int ones = 0;
	for (int i = 0; i < n; i++)
		ones += dice[i] == 1;
	return ones >= 2;
}

/* ---- morale and movement --------------------------------------------------------------- */

int cref_morale(const struct ctab *t, const struct cref_unit *u, bool standing_cav, int die, double *p,
		struct evsink *ev)
{
	const struct ctab_unit *ut = &t->unit[u->type];
	int stands = ctab_stands(t, u->type, u->figures), pass = 0;
	int lead = t->morale_leader && u->leaders > 0 ? 1 : 0; /* the 2001 sheet counts the leader */
	int base = stands + lead - u->chits - (standing_cav ? 1 : 0);
	for (int f = 1; f <= 6; f++)
		pass += base + f >= ut->morale;
	if (p)
		*p = pass / 6.0;
	if (die < 1 || die > 6)
		return -1;
	{
		char chits[32] = "";
		int v = base + die;
		if (u->chits)
			snprintf(chits, sizeof chits, " - %d morale marker%s", u->chits, u->chits == 1 ? "" : "s");
		struct event *x = ev_emit(ev, "[MORALE (f)]",
					  "%s: %d %s%s%s + die %d%s%s = %d: %s (%d or better passes)", ut->key, stands,
					  ut->fps == 1 ? "figure" : "stand", stands == 1 ? "" : "s", lead ? " + the leader" : "", die, chits,
					  standing_cav ? " - 1 standing cavalry attacked by cavalry" : "", v,
					  v >= ut->morale ? "passes" : "fails", ut->morale);
		ev_die(x, die);
		return v >= ut->morale;
	}
}

/* cref_move's forms as the MOVE Chart's columns name them */
static const char *const move_form[3] = {"line", "column", "on a road"};

int cref_spike(int die, struct evsink *ev)
{
	if (die < 1 || die > 6)
		return -1;
	struct event *x = ev_emit(ev, "[Close Combat (h)]", "the battery's die %d: %s", die,
				  die >= 4 ? "the guns are spiked (removed)"
					   : "the guns are captured: the winner gains an Ace for a later command point");
	ev_die(x, die);
	return die >= 4;
}

int cref_move_dice(const struct ctab *t, const struct cref_move *m, struct err *e)
{
	const struct ctab_move *mv;
	int n;
	if (m->row < 0 || m->row >= t->nmoves)
		return err_set(e, NULL, 0, "no such MOVE Chart row"), 0;
	mv = &t->move[m->row];
	if (m->one_die)
		n = 1;
	else if (m->form == 2 && !t->move_road)
		return err_set(e, NULL, 0, "[MOVE Chart (a)] this sheet's MOVE Chart has no road column (the 2001 sheet has)"),
		       0;
	else if (m->form < 0 || m->form > 2)
		return err_set(e, NULL, 0, "no such MOVE Chart column"), 0;
	else if (!(n = mv->dice[m->form]))
		return err_set(e, NULL, 0, "[MOVE Chart (a)] %s has no dice %s", mv->key,
			       m->form == 2 ? "on a road" : m->form ? "in column" : "in line"),
		       0;
	if (m->terrain >= 0 && m->terrain < CT_TERRAINS && mv->terrain[m->terrain] == CT_PEN_NOCROSS)
		return err_set(e, NULL, 0, "[MOVE Chart] %s may not cross %s", mv->key,
			       m->terrain == CT_WALLS ? "walls or trenches" : "that terrain"),
		       0;
	if (m->chits < 0 || m->chits > 12)
		return err_set(e, NULL, 0, "morale markers must be 0-12"), 0;
	return n;
}

/* Inches moved by these dice (sorted copy), and what was taken off, into *why. */
static int move_inches(const struct ctab *t, const struct cref_move *m, const int *dice, int n, int *dropped_low,
		       int *dropped_high)
{
	int d[16], lo = 0, hi = n, sum = 0;
	for (int i = 0; i < n; i++) {
		int v = dice[i], k = i;
		while (k > 0 && d[k - 1] > v) {
			d[k] = d[k - 1];
			k--;
		}
		d[k] = v;
	}
	if (m->terrain >= 0 && m->terrain < CT_TERRAINS)
		switch (t->move[m->row].terrain[m->terrain]) {
		case CT_PEN_LOW: lo++; break;
		case CT_PEN_HIGH: hi--; break;
		case CT_PEN_2HIGH: hi -= 2; break;
		default: break;
		}
	if (m->interpen)
		lo++;
	if (hi < lo)
		hi = lo; /* a penalty cannot take off more dice than were thrown */
	if (lo > n)
		lo = hi = n;
	*dropped_low = lo;
	*dropped_high = n - hi;
	for (int i = lo; i < hi; i++)
		sum += d[i] - m->chits > 0 ? d[i] - m->chits : 0;
	return sum;
}

int cref_move_roll(const struct ctab *t, const struct cref_move *m, const int *dice, int n, struct evsink *ev,
		   struct err *e)
{
	int nd = cref_move_dice(t, m, e), lo, hi, in;
	char dt[64];
	if (!nd)
		return -1;
	if (n != nd)
		return err_set(e, NULL, 0, "[MOVE Chart (a)] %s moves with %d di%s here, not %d", t->move[m->row].key, nd,
			       nd == 1 ? "e" : "ce", n);
	if (!dice_ok(dice, n, "move", e))
		return -1;
	in = move_inches(t, m, dice, n, &lo, &hi);
	dt[0] = '\0';
	if (ev) /* (the move plans' sixes ask for the inches alone, many times a listing) */
		dice_text(dice, n, dt, sizeof dt);
	ev_emit(ev, m->one_die ? "[MOVE Chart (c)]" : "[MOVE Chart (a)]", "%s, %s: %d di%s: %s", t->move[m->row].key,
		m->one_die ? "one die (retrograde, about face, sideways, prolonge)" : move_form[m->form], n,
		n == 1 ? "e" : "ce", dt);
	if (lo || hi)
		ev_emit(ev, m->interpen ? "[MOVE Chart (b)]" : "[MOVE Chart]", "%d low and %d high di%s taken off (%s%s)", lo,
			hi, lo + hi == 1 ? "e" : "ce", m->terrain >= 0 ? "terrain" : "",
			m->interpen ? (m->terrain >= 0 ? ", interpenetration or pivot" : "interpenetration or pivot") : "");
	if (m->chits)
		ev_emit(ev, "[MOVE Chart (f)]", "%d pip%s off each die for morale markers", m->chits, m->chits == 1 ? "" : "s");
	ev_emit(ev, "[MOVE Chart (a)]", "moves up to %d inch%s (each pip an inch, the full distance or less, and no "
		"closer than 2\" to an enemy [MOVE (i)])", in, in == 1 ? "" : "es");
	return in;
}

int cref_move_odds(const struct ctab *t, const struct cref_move *m, double *dist, int dmax, struct err *e)
{
	int nd = cref_move_dice(t, m, e), d[16], total = 1, lo, hi;
	if (!nd)
		return -1;
	if (nd > 8)
		return err_set(e, NULL, 0, "at most 8 dice of movement");
	for (int i = 0; i <= dmax; i++)
		dist[i] = 0;
	for (int i = 0; i < nd; i++) {
		d[i] = 1;
		total *= 6;
	}
	for (int c = 0; c < total; c++) {
		int in = move_inches(t, m, d, nd, &lo, &hi);
		dist[clampi(in, 0, dmax)] += 1.0 / total;
		for (int i = 0; i < nd && ++d[i] > 6; i++)
			d[i] = 1;
	}
	return 0;
}
