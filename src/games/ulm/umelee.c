/* umelee: From Ulm to Waterloo's melee for a referee (umelee.h). */
#include "umelee.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "umorale.h"

const char *const umel_mod_key[UMM_MODS] = {"protection-1", "protection-2", "protection-3", "protection-4", "rubble",
					     "militia", "second-line", "cavalry-skirmisher", "dismounted", "broken-square",
					     "swerving-trapped", "route-march"};
const char *const umel_arm_name[UA_ARMS] = {"foot", "horse", "gun", "command"};
static const char *const side_name[2] = {"attackers", "defenders"};

/* A whole number from -9 to 9 in s ("+4", "-2", "3"); 0 and false when it is not one. */
static bool small_int(const char *s, int *v)
{
	char *end;
	long x;
	if (!s || !*s)
		return false;
	x = strtol(s[0] == '+' ? s + 1 : s, &end, 10);
	if (*end || x < -9 || x > 9)
		return false;
	*v = (int)x;
	return true;
}

int umel_load(struct umel_tab *t, const struct jdoc *d, struct errlist *errs)
{
	const json_t *tb, *r;
	size_t i;
	int before = errs->total;
	memset(t, 0, sizeof *t);
	if ((tb = umor_table(d, "melee-vulnerability", errs)))
		json_array_foreach(json_object_get(tb, "rows"), i, r) {
			const char *k = json_string_value(json_object_get(r, "key"));
			const json_t *cells = json_object_get(r, "cells");
			const char *v = json_string_value(json_array_get(cells, 0)), *a = json_string_value(json_array_get(cells, 1));
			int vul = 0, arm = -1;
			for (int x = 0; a && x < UA_ARMS; x++)
				if (!strcmp(a, umel_arm_name[x]))
					arm = x;
			if (!k || strlen(k) >= UMEL_KEY_MAX || !small_int(v, &vul) || vul < 1 || arm < 0 ||
			    t->ntypes == UMEL_TYPES) {
				jdoc_add(d, r, errs, "a figure type is {\"key\", \"cells\": [the die roll that kills a figure, 1-9; "
					 "its arm: foot, horse, gun or command]} (at most %d)", UMEL_TYPES);
				continue;
			}
			if (umel_type(t, k) >= 0) {
				jdoc_add(d, r, errs, "figure type \"%s\" twice", k);
				continue;
			}
			snprintf(t->type[t->ntypes], UMEL_KEY_MAX, "%s", k);
			t->vul[t->ntypes] = vul;
			t->arm[t->ntypes++] = arm;
		}
	if ((tb = umor_table(d, "melee-modifiers", errs))) {
		bool seen[UMM_MODS] = {false};
		json_array_foreach(json_object_get(tb, "rows"), i, r) {
			const char *k = json_string_value(json_object_get(r, "key"));
			const json_t *cells = json_object_get(r, "cells");
			const char *v = json_string_value(json_array_get(cells, 0)), *c = json_string_value(json_array_get(cells, 1));
			int m = -1, val = 0;
			for (int x = 0; k && x < UMM_MODS; x++)
				if (!strcmp(k, umel_mod_key[x]))
					m = x;
			if (m < 0 || !small_int(v, &val) || !c || strlen(c) + 3 > sizeof t->mod_case[0]) {
				jdoc_add(d, r, errs, "a melee modifier is {\"key\": one of protection-1..4, rubble, militia, second-line, "
					 "cavalry-skirmisher, dismounted, broken-square, swerving-trapped, route-march; \"cells\": [value -9..+9, case (at most %d "
					 "characters), text]}", (int)sizeof t->mod_case[0] - 3);
				continue;
			}
			/* protection helps the protected, the others hinder [Constructions A; Special Units E.1...] */
			if ((m <= UMM_RUBBLE) != (val > 0))
				jdoc_add(d, r, errs, "%s is %s", k, m <= UMM_RUBBLE ? "a plus (it protects)" : "a minus");
			seen[m] = true;
			t->mod[m] = val;
			snprintf(t->mod_case[m], sizeof t->mod_case[m], "[%s]", c);
		}
		for (int m = 0; m < UMM_MODS; m++)
			if (!seen[m])
				jdoc_add(d, tb, errs, "the melee modifiers need \"%s\"", umel_mod_key[m]);
		/* stronger works protect no less [Constructions A.1-A.4] */
		for (int m = UMM_PROT1; m < UMM_PROT4; m++)
			if (seen[m] && seen[m + 1] && t->mod[m] < t->mod[m + 1])
				jdoc_add(d, tb, errs, "%s protects less than %s", umel_mod_key[m], umel_mod_key[m + 1]);
	}
	return errs->total == before ? 0 : -1;
}

int umel_load_file(struct umel_tab *t, const char *path, struct errlist *errs)
{
	struct jdoc d;
	struct err e;
	int rc;
	if (jdoc_load(&d, path, &e) != 0) {
		errlist_add(errs, &e);
		return -1;
	}
	rc = umel_load(t, &d, errs);
	jdoc_free(&d);
	return rc;
}

int umel_type(const struct umel_tab *t, const char *key)
{
	for (int i = 0; i < t->ntypes; i++)
		if (!strcmp(t->type[i], key))
			return i;
	return -1;
}

static bool arm_is(const struct umel_tab *t, const struct umel_unit *u, int arm)
{
	return t->arm[u->type] == arm;
}

/* Whether side s has a unit of arm, or (arm -1) a formed unit (not in skirmish order). */
static bool side_has(const struct umel_tab *t, const struct umel_melee *m, int s, int arm)
{
	for (int k = 0; k < m->n[s]; k++)
		if (arm < 0 ? !(m->u[s][k].fl & UMEL_SKIRMISHER) : arm_is(t, &m->u[s][k], arm))
			return true;
	return false;
}

/* Adds modifier x to side s's total (p->mod) and says so. */
static void add_mod(const struct umel_tab *t, struct umel_plan *p, int s, int x, const char *who, struct evsink *ev)
{
	p->mod[s] += t->mod[x];
	ev_emit(ev, t->mod_case[x], "%s: %+d to the %s' total (%s)", who, t->mod[x], side_name[s], umel_mod_key[x]);
}

/* Checks the units and the melee's numbers. */
static int check_units(const struct umel_tab *t, const struct umel_melee *m, struct err *e)
{
	for (int s = 0; s < 2; s++) {
		if (m->n[s] < 1 || m->n[s] > UMEL_UNITS)
			return err_set(e, NULL, 0, "a melee has 1 to %d %s", UMEL_UNITS, side_name[s]);
		for (int k = 0; k < m->n[s]; k++) {
			const struct umel_unit *u = &m->u[s][k];
			if (u->type < 0 || u->type >= t->ntypes)
				return err_set(e, NULL, 0, "%s' unit %d has no figure type", side_name[s], k + 1);
			if (u->figures < 1 || u->figures > UMEL_FIGURES)
				return err_set(e, NULL, 0, "a unit has 1 to %d figures in a melee", UMEL_FIGURES);
			if (u->state < UM_GOOD || u->state >= UM_STATES)
				return err_set(e, NULL, 0, "a unit's morale is good, disorganized, fall-back or rout");
		}
	}
	if (m->cast < 1 || m->cast > 99)
		return err_set(e, NULL, 0, "the cast is the melee's first, second, ... (1-99)");
	if (m->increment < 0 || m->increment > 9)
		return err_set(e, NULL, 0, "a Charge Increment is 0 to 9");
	if (m->protection < 0 || m->protection > 5)
		return err_set(e, NULL, 0, "protection is a construction's class, 1-4, or 5 for rubble");
	if (m->faces < 0 || m->faces > 4)
		return err_set(e, NULL, 0, "a square has 1 to 4 faces in contact");
	return 0;
}

/* Cavalry against an unbroken square [Inf v Cav D.9-D.12]. */
static int plan_square(const struct umel_tab *t, const struct umel_melee *m, struct umel_plan *p, struct evsink *ev,
		       struct err *e)
{
	bool lancers = false, dis = m->u[1][0].state == UM_DISORGANIZED;
	for (int k = 0; k < m->n[1]; k++)
		if (m->u[1][k].state >= UM_FALL_BACK)
			return err_set(e, NULL, 0, "[Inf v Cav B.5] a square that fails morale (fall back or rout) is no longer "
				       "a square");
	for (int k = 0; k < m->n[0]; k++) {
		const struct umel_unit *u = &m->u[0][k];
		if (!arm_is(t, u, UA_HORSE))
			return err_set(e, NULL, 0, "[Inf v Cav F.2] infantry attacking a square with cavalry: rule the infantry's "
				       "part as a melee of its own (2 dice, the vulnerability rules, winner and loser)");
		lancers |= (u->fl & UMEL_LANCER) != 0;
		if (u->fl & UMEL_TRAPPED)
			add_mod(t, p, 0, UMM_SWERVING, "swerving cavalry unable to move", ev);
	}
	p->square = true;
	p->dice[0] = m->n[0];
	p->dice[1] = m->faces > 0 ? m->faces : 1;
	ev_emit(ev, "[Inf v Cav D.9]", "no cavalry broke into the square: one die a unit; %d cavalry unit%s, %d die for the "
		"square (a die a face in contact, D.12.b)", m->n[0], m->n[0] == 1 ? "" : "s", p->dice[1]);
	if (m->increment > 0 && (lancers || dis)) {
		p->mod[0] += m->increment;
		ev_emit(ev, lancers ? "[Inf v Cav D.10.a]" : "[Inf v Cav D.10.b]", "%s: the Charge Increment, %+d",
			lancers ? "lancers receive increment" : "the square is disorganized: the cavalry's die plus increment",
			m->increment);
	} else if (m->increment > 0) {
		ev_emit(ev, "[Charges C.5.b]", "only lancers receive increment against a square in good order: none");
	}
	ev_emit(ev, "[Inf v Cav D.11]", "one figure lost for each pip on the enemy's dice");
	return 0;
}

int umel_plan(const struct umel_tab *t, const struct umel_melee *m, struct umel_plan *p, struct evsink *ev,
	      struct err *e)
{
	bool square, horse[2], formed[2];
	memset(p, 0, sizeof *p);
	if (check_units(t, m, e) != 0)
		return -1;
	for (int k = 0; k < m->n[0]; k++)
		if (m->u[0][k].state == UM_ROUT)
			return err_set(e, NULL, 0, "[Melee B.7] a routed unit does not attack");
	square = (m->u[1][0].fl & UMEL_SQUARE) && !(m->u[1][0].fl & UMEL_BROKEN) && side_has(t, m, 0, UA_HORSE);
	if (square)
		return plan_square(t, m, p, ev, e);
	for (int s = 0; s < 2; s++) {
		horse[s] = side_has(t, m, s, UA_HORSE);
		formed[s] = side_has(t, m, s, -1);
	}
	/* [Melee E.2]: infantry skirmishers without protection are eliminated on contact with formed
	 * units, not meleed; protected ones, and skirmishers against skirmishers, melee as formed
	 * [E.4]; skirmishers attacking enfilade melee as usual [E.5.b] */
	for (int s = 0; s < 2; s++)
		for (int k = 0; k < m->n[s]; k++) {
			const struct umel_unit *u = &m->u[s][k];
			bool prot = s == 1 && m->protection > 0;
			if ((u->fl & UMEL_SKIRMISHER) && arm_is(t, u, UA_FOOT) && !prot && formed[1 - s] &&
			    !(s == 0 && (u->fl & UMEL_ENFILADE)))
				return err_set(e, NULL, 0, "[Melee E.2] infantry skirmishers without protection are eliminated "
					       "automatically on contact with formed units: not a melee (they may fire first, "
					       "E.2.c)");
		}
	for (int s = 0; s < 2; s++) {
		for (int k = 0; k < m->n[s]; k++) {
			const struct umel_unit *u = &m->u[s][k];
			char who[64];
			int d;
			snprintf(who, sizeof who, "%s' unit %d (%s)", side_name[s], k + 1, t->type[u->type]);
			/* [Melee B.7.a-b, C.2.a-c]: 2 dice for the first unit, 1 for each other; [Morale
			 * E.3.c, E.4.b] one die disorganized or falling back; [B.7.a] none in rout */
			d = u->state == UM_ROUT ? 0 : u->state != UM_GOOD || k > 0 ? 1 : 2;
			/* [Inf v Cav A.1-A.2] dismounted troops (not an unbroken square) against cavalry: one
			 * die a unit, -1 */
			if (horse[1 - s] && (arm_is(t, u, UA_FOOT) || arm_is(t, u, UA_GUN)) && d > 1) {
				d = 1;
				ev_emit(ev, "[Inf v Cav A.2]", "%s: dismounted troops against cavalry use one die a unit", who);
			}
			p->dice[s] += d;
			if (horse[1 - s] && (arm_is(t, u, UA_FOOT) || arm_is(t, u, UA_GUN)) && u->state != UM_ROUT)
				add_mod(t, p, s, UMM_DISMOUNTED, who, ev);
			if (u->fl & UMEL_MILITIA)
				add_mod(t, p, s, UMM_MILITIA, who, ev);
			if (u->fl & UMEL_SECOND_LINE)
				add_mod(t, p, s, UMM_SECOND_LINE, who, ev);
			if ((u->fl & UMEL_SKIRMISHER) && arm_is(t, u, UA_HORSE) && formed[1 - s])
				add_mod(t, p, s, UMM_CAV_SKIRMISHER, who, ev);
			if (u->fl & UMEL_BROKEN)
				add_mod(t, p, s, UMM_BROKEN_SQUARE, who, ev);
			if (u->fl & UMEL_TRAPPED)
				add_mod(t, p, s, UMM_SWERVING, who, ev);
			if (u->fl & UMEL_ROUTE_MARCH)
				add_mod(t, p, s, UMM_ROUTE_MARCH, who, ev);
			if (s == 1 || m->cast != 1)
				continue;
			/* [Melee C.2.b] bonus dice on the first cast only */
			if (u->fl & UMEL_ENFILADE) {
				/* [Melee E.5.b] skirmishers claim it only against skirmishers of their kind
				 * (cavalry skirmishers against infantry too) */
				bool ok = !(u->fl & UMEL_SKIRMISHER);
				for (int j = 0; !ok && j < m->n[1]; j++) {
					const struct umel_unit *v = &m->u[1][j];
					ok = arm_is(t, u, UA_HORSE) ? (v->fl & UMEL_SKIRMISHER) || arm_is(t, v, UA_FOOT)
						: (v->fl & UMEL_SKIRMISHER) && arm_is(t, v, UA_FOOT);
				}
				if (ok) {
					p->dice[s]++;
					ev_emit(ev, "[Melee C.4]", "%s: an extra die for enfilade or rear attack", who);
				} else {
					ev_emit(ev, "[Melee E.5.b]", "%s: skirmishers claim no enfilade die against these troops", who);
				}
			}
			if ((u->fl & UMEL_LANCER) && arm_is(t, u, UA_HORSE)) {
				p->dice[s]++;
				ev_emit(ev, "[Melee D]", "%s: attacking lancers, an extra die on the first cast", who);
			}
		}
		ev_emit(ev, s ? "[Melee B.7.a]" : "[Melee B.7.b]", "the %s cast %d %s", side_name[s], p->dice[s],
			p->dice[s] == 1 ? "die" : "dice");
	}
	/* [Melee B.7.c, C.2.d; Charges C.4]: the increment, on the first two casts only */
	if (m->increment > 0) {
		if (m->cast > 2)
			ev_emit(ev, "[Melee B.10]", "no increment after the second cast of a melee");
		else if (horse[1] && !horse[0])
			ev_emit(ev, "[Inf v Cav A.3]", "dismounted troops against cavalry lose charge increments");
		else {
			p->mod[0] += m->increment;
			ev_emit(ev, "[Melee C.2.d]", "the Charge Increment (one attacking unit's): %+d to the attackers' total",
				m->increment);
		}
	}
	if (m->protection > 0) {
		static const int which[5] = {UMM_PROT1, UMM_PROT2, UMM_PROT3, UMM_PROT4, UMM_RUBBLE};
		add_mod(t, p, 1, which[m->protection - 1], "protected [Constructions B.1]", ev);
	}
	for (int s = 0; s < 2; s++) {
		int figs = 0;
		bool crews = true;
		if (p->dice[s] > UMEL_DICE)
			return err_set(e, NULL, 0, "the %s would cast %d dice; at most %d", side_name[s], p->dice[s], UMEL_DICE);
		for (int k = 0; k < m->n[s]; k++) {
			figs += m->u[s][k].figures;
			crews &= arm_is(t, &m->u[s][k], UA_GUN);
		}
		if (figs <= 2 || crews) {
			p->cap[s] = 2 * figs;
			ev_emit(ev, crews ? "[Melee F.1.b]" : "[Melee C.2.f]", "the %s (%d %s) kill at most %d a cast", side_name[s],
				figs, crews ? "gunners" : figs == 1 ? "man" : "men", p->cap[s]);
		}
	}
	return 0;
}

/* Side s's total t kills, from the point of contact: lost[] by unit of the other side; returns
 * the figures lost. */
static int kills(const struct umel_tab *tb, const struct umel_melee *m, const struct umel_plan *p, int s, int total,
		 int lost[UMEL_UNITS])
{
	int o = 1 - s, all = 0;
	memset(lost, 0, sizeof(int) * UMEL_UNITS);
	for (int k = 0; k < m->n[o]; k++) {
		int v = p->square ? 1 : tb->vul[m->u[o][k].type], n = total / v;
		if (n > m->u[o][k].figures)
			n = m->u[o][k].figures;
		lost[k] = n;
		total -= n * v;
		all += n;
		if (n < m->u[o][k].figures)
			break; /* the next unit loses figures only once this one is gone */
	}
	if (p->cap[s] > 0 && all > p->cap[s]) { /* [C.2.f, F.1.b]: the last figures are spared */
		int over = all - p->cap[s];
		for (int k = m->n[o] - 1; k >= 0 && over > 0; k--) {
			int c = lost[k] < over ? lost[k] : over;
			lost[k] -= c;
			over -= c;
		}
		all = p->cap[s];
	}
	return all;
}

static int figures(const struct umel_melee *m, int s)
{
	int f = 0;
	for (int k = 0; k < m->n[s]; k++)
		f += m->u[s][k].figures;
	return f;
}

void umel_cast(const struct umel_tab *t, const struct umel_melee *m, const struct umel_plan *p,
	       const int *const dice[2], struct umel_result *r, struct evsink *ev)
{
	memset(r, 0, sizeof *r);
	for (int s = 0; s < 2; s++) {
		int sum = 0, seen = 0;
		char list[UMEL_DICE * 3 + 1] = "";
		for (int i = 0; i < p->dice[s]; i++) {
			size_t at = strlen(list);
			sum += dice[s][i];
			if (seen & 1 << dice[s][i])
				r->doubles[s] = true;
			seen |= 1 << dice[s][i];
			snprintf(list + at, sizeof list - at, "%s%d", i ? "," : "", dice[s][i]);
		}
		r->total[s] = sum + p->mod[s] > 0 ? sum + p->mod[s] : 0;
		struct event *x = ev_emit(ev, p->square ? "[Inf v Cav D.11]" : "[Melee C.2.e]", "the %s cast %s: %d %+d = %d",
					  side_name[s], p->dice[s] ? list : "no die", sum, p->mod[s], r->total[s]);
		for (int i = 0; i < p->dice[s] && i < 4; i++)
			ev_die(x, dice[s][i]);
	}
	for (int s = 0; s < 2; s++) {
		int o = 1 - s;
		r->lost_all[o] = kills(t, m, p, s, r->total[s], r->lost[o]);
		for (int k = 0; k < m->n[o]; k++)
			if (r->lost[o][k] || k == 0)
				ev_emit(ev, p->square ? "[Inf v Cav D.11]" : "[Melee C.2.e]",
					"%s' unit %d (%s, vulnerability %d): %d of %d figures lost%s", side_name[o], k + 1,
					t->type[m->u[o][k].type], p->square ? 1 : t->vul[m->u[o][k].type], r->lost[o][k],
					m->u[o][k].figures, r->lost[o][k] == m->u[o][k].figures ? ", eliminated" : "");
	}
	for (int s = 0; s < 2; s++) {
		bool wiped = r->lost_all[s] == figures(m, s);
		r->check[1 - s] = r->doubles[s] && !wiped && r->lost_all[1 - s] < figures(m, 1 - s);
		if (r->doubles[s] && wiped)
			ev_emit(ev, "[Melee C.2.g]", "the %s cast doubles but were eliminated: no check for them", side_name[s]);
		else if (r->check[1 - s])
			ev_emit(ev, "[Melee C.2.g]", "the %s cast doubles: the %s check morale (contact) at once", side_name[s],
				side_name[1 - s]);
	}
	if (p->square) {
		r->loser = -1;
		ev_emit(ev, "[Inf v Cav E]", "the cavalry swerve half an operation's move and are disorganized");
		return;
	}
	r->loser = r->lost_all[0] > r->lost_all[1] ? 0 : r->lost_all[1] > r->lost_all[0] ? 1 : -1;
	if (r->loser < 0)
		ev_emit(ev, "[Melee B.8.b]", "%d figures lost each: no loser, the melee continues (B.10)", r->lost_all[0]);
	else
		ev_emit(ev, "[Melee B.8.b]", "the %s lose the melee (%d figures to %d) and check morale as a contact check (B.9); "
			"the %s may take breakthrough (B.12)", side_name[r->loser], r->lost_all[r->loser], r->lost_all[1 - r->loser],
			side_name[1 - r->loser]);
}

/* The chance of each (sum, doubles) of n dice: dist[sum][dbl]. */
static void dice_dist(int n, double dist[UMEL_DICE * 6 + 1][2])
{
	/* walk the dice keeping which faces were seen: (sum, seen faces, doubles) */
	static const int W = UMEL_DICE * 6 + 1;
	double (*cur)[64][2] = calloc((size_t)W, sizeof *cur), (*nxt)[64][2] = calloc((size_t)W, sizeof *nxt);
	memset(dist, 0, sizeof(double) * (size_t)W * 2);
	if (!cur || !nxt) {
		free(cur);
		free(nxt);
		return;
	}
	cur[0][0][0] = 1;
	for (int i = 0; i < n; i++) {
		memset(nxt, 0, sizeof *nxt * (size_t)W);
		for (int sum = 0; sum <= 6 * i; sum++)
			for (int seen = 0; seen < 64; seen++)
				for (int dbl = 0; dbl < 2; dbl++) {
					double q = cur[sum][seen][dbl];
					if (q == 0)
						continue;
					for (int f = 0; f < 6; f++) {
						int d2 = dbl || (seen >> f & 1);
						nxt[sum + f + 1][seen | 1 << f][d2] += q / 6;
					}
				}
		double (*sw)[64][2] = cur;
		cur = nxt;
		nxt = sw;
	}
	for (int sum = 0; sum <= 6 * n; sum++)
		for (int seen = 0; seen < 64; seen++)
			for (int dbl = 0; dbl < 2; dbl++)
				dist[sum][dbl] += cur[sum][seen][dbl];
	free(cur);
	free(nxt);
}

void umel_odds(const struct umel_tab *t, const struct umel_melee *m, const struct umel_plan *p, struct umel_odds *o)
{
	static const int W = UMEL_DICE * 6 + 1;
	double (*d0)[2] = calloc((size_t)W, sizeof *d0), (*d1)[2] = calloc((size_t)W, sizeof *d1);
	int f[2] = {figures(m, 0), figures(m, 1)};
	memset(o, 0, sizeof *o);
	if (!d0 || !d1) {
		free(d0);
		free(d1);
		return;
	}
	dice_dist(p->dice[0], d0);
	dice_dist(p->dice[1], d1);
	for (int a = 0; a <= 6 * p->dice[0]; a++)
		for (int b = 0; b <= 6 * p->dice[1]; b++) {
			double q = (d0[a][0] + d0[a][1]) * (d1[b][0] + d1[b][1]);
			int lost[UMEL_UNITS], ta, tb, la, lb;
			if (q == 0)
				continue;
			ta = a + p->mod[0] > 0 ? a + p->mod[0] : 0;
			tb = b + p->mod[1] > 0 ? b + p->mod[1] : 0;
			lb = kills(t, m, p, 0, ta, lost); /* the defenders' losses */
			la = kills(t, m, p, 1, tb, lost);
			o->mean_lost[0] += q * la;
			o->mean_lost[1] += q * lb;
			if (la == f[0])
				o->wiped[0] += q;
			if (lb == f[1])
				o->wiped[1] += q;
			if (!p->square) {
				if (la > lb)
					o->lose[0] += q;
				else if (lb > la)
					o->lose[1] += q;
				else
					o->none += q;
			}
			/* [C.2.g] doubles force a check unless the caster was eliminated (or the enemy is) */
			if (la < f[0] && lb < f[1]) {
				o->check[1] += d0[a][1] * (d1[b][0] + d1[b][1]);
				o->check[0] += d1[b][1] * (d0[a][0] + d0[a][1]);
			}
		}
	free(d0);
	free(d1);
}

double umel_square_break(bool disorganized, int d1, int d2, struct evsink *ev)
{
	int need = disorganized ? 11 : 12;
	if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
		return (13 - need) * (double)(13 - need + 1) / 2 / 36; /* 12: 1/36; 11-12: 3/36 */
	struct event *x = ev_emit(ev, disorganized ? "[Inf v Cav D.7.b]" : "[Inf v Cav D.7.a]",
				  "a %s square breaks on %s: dice %d + %d = %d: %s", disorganized ? "disorganized" : "good",
				  disorganized ? "11 or 12" : "12", d1, d2, d1 + d2,
				  d1 + d2 >= need ? "the cavalry break in (D.8: the square loses its capabilities and is -2 on "
						    "any die cast this operation)" : "the square holds");
	ev_die(x, d1);
	ev_die(x, d2);
	return d1 + d2 >= need;
}
