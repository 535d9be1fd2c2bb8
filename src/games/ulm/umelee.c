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
const char *const umel_side_name[2] = {"attackers", "defenders"};

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
			if (!k || strlen(k) >= UMEL_KEY_MAX || !umor_int(v, -9, 9, &vul) || vul < 1 || arm < 0 ||
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
			if (m < 0 || !umor_int(v, -9, 9, &val) || !c || strlen(c) + 3 > sizeof t->mod_case[0]) {
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

static int figures(const struct umel_melee *m, int s)
{
	int f = 0;
	for (int k = 0; k < m->n[s]; k++)
		f += m->u[s][k].figures;
	return f;
}

/* Adds modifier x to side s's total (p->mod) and says so. */
static void add_mod(const struct umel_tab *t, struct umel_plan *p, int s, int x, const char *who, struct evsink *ev)
{
	p->mod[s] += t->mod[x];
	ev_emit(ev, t->mod_case[x], "%s: %+d to the %s' total (%s)", who, t->mod[x], umel_side_name[s], umel_mod_key[x]);
}

/* Checks the units, their qualities and the melee's numbers. */
static int check_units(const struct umel_tab *t, const struct umel_melee *m, struct err *e)
{
	bool square = false;
	for (int s = 0; s < 2; s++) {
		if (m->n[s] < 1 || m->n[s] > UMEL_UNITS)
			return err_set(e, NULL, 0, "a melee has 1 to %d %s", UMEL_UNITS, umel_side_name[s]);
		for (int k = 0; k < m->n[s]; k++) {
			const struct umel_unit *u = &m->u[s][k];
			if (u->type < 0 || u->type >= t->ntypes)
				return err_set(e, NULL, 0, "%s' unit %d has no figure type", umel_side_name[s], k + 1);
			if (u->figures < 1 || u->figures > UMEL_FIGURES)
				return err_set(e, NULL, 0, "a unit has 1 to %d figures in a melee", UMEL_FIGURES);
			if (u->state < UM_GOOD || u->state >= UM_STATES)
				return err_set(e, NULL, 0, "a unit's morale is good, disorganized, fall-back or rout");
			if (s == 1 && (u->fl & (UMEL_LANCER | UMEL_ENFILADE)))
				return err_set(e, NULL, 0, "defenders' unit %d: lancer and enfilade are attackers' qualities (Melee C.4, "
					       "D)", k + 1);
			if ((u->fl & (UMEL_LANCER | UMEL_TRAPPED)) && !arm_is(t, u, UA_HORSE))
				return err_set(e, NULL, 0, "%s' unit %d (%s): lancers and swerving cavalry are horse", umel_side_name[s], k + 1,
					       t->type[u->type]);
			if ((u->fl & UMEL_MILITIA) && (u->fl & UMEL_SECOND_LINE))
				return err_set(e, NULL, 0, "a unit is militia or second line troops, not both (second line troops "
					       "have militia capability in melee, Special Units H.2)");
			if ((u->fl & UMEL_BROKEN) && !(u->fl & UMEL_SQUARE))
				return err_set(e, NULL, 0, "broken is a square's");
			if (u->fl & UMEL_SQUARE) {
				if (s == 0 || k > 0)
					return err_set(e, NULL, 0, "[Inf v Cav B] a square defends: give it as the first defender (a "
						       "multibattalion square as one unit)");
				if (!arm_is(t, u, UA_FOOT))
					return err_set(e, NULL, 0, "[Inf v Cav B.1] a square is formed infantry");
				if (m->n[1] > 1)
					return err_set(e, NULL, 0, "[Inf v Cav B.4.b] a square defends alone: give a multibattalion "
						       "square as one unit with all its figures");
				square = !(u->fl & UMEL_BROKEN);
			}
		}
	}
	if (m->cast < 1 || m->cast > 99)
		return err_set(e, NULL, 0, "the cast is the melee's first, second, ... (1-99)");
	if (m->increment < 0 || m->increment > 9)
		return err_set(e, NULL, 0, "a Charge Increment is 0 to 9");
	if (m->protection < 0 || m->protection > 5)
		return err_set(e, NULL, 0, "protection is a construction's class, 1-4, or 5 for rubble");
	if (m->faces < 0 || m->faces > 4 || (m->faces && !square))
		return err_set(e, NULL, 0, "faces in contact (1-4) are an unbroken square's");
	if (square && m->protection)
		return err_set(e, NULL, 0, "[Inf v Cav B] a square is not in works or cover here: no --protection");
	if (m->stands < 0 || m->stands > UMEL_DICE || (m->stands && (m->protection < 1 || m->protection > 3)))
		return err_set(e, NULL, 0, "stands in contact (1-%d) are the attackers' of works (protection 1-3, "
			       "Constructions D.6.b)", UMEL_DICE);
	return 0;
}

/* The modifiers unit k of side s brings to its side's total (a routed unit casts no die and
 * brings none); dismounted: whether the -1 of dismounted troops against cavalry applies. */
static void unit_mods(const struct umel_tab *t, const struct umel_melee *m, struct umel_plan *p, int s, int k,
		      bool dismounted, bool formed_enemy, struct evsink *ev)
{
	const struct umel_unit *u = &m->u[s][k];
	char who[64];
	if (u->state == UM_ROUT)
		return;
	snprintf(who, sizeof who, "%s' unit %d (%s)", umel_side_name[s], k + 1, t->type[u->type]);
	if (dismounted)
		add_mod(t, p, s, UMM_DISMOUNTED, who, ev);
	if (u->fl & UMEL_MILITIA)
		add_mod(t, p, s, UMM_MILITIA, who, ev);
	if (u->fl & UMEL_SECOND_LINE)
		add_mod(t, p, s, UMM_SECOND_LINE, who, ev);
	if ((u->fl & UMEL_SKIRMISHER) && arm_is(t, u, UA_HORSE) && formed_enemy)
		add_mod(t, p, s, UMM_CAV_SKIRMISHER, who, ev);
	if (u->fl & UMEL_BROKEN)
		add_mod(t, p, s, UMM_BROKEN_SQUARE, who, ev);
	if (u->fl & UMEL_TRAPPED)
		add_mod(t, p, s, UMM_SWERVING, who, ev);
	if (u->fl & UMEL_ROUTE_MARCH)
		add_mod(t, p, s, UMM_ROUTE_MARCH, who, ev);
}

/* Whether attacking unit u may claim the increment: it charged, so it is in good order, not in
 * skirmish order and not route marching [Charges C.2.e, f, i]. */
static bool charger(const struct umel_unit *u)
{
	return u->state == UM_GOOD && !(u->fl & (UMEL_SKIRMISHER | UMEL_ROUTE_MARCH));
}

/* The increment [Melee B.7.c, C.2.d; Charges C.4], when one attacking unit may claim it (ok
 * says which may) in this cast. */
static void increment(const struct umel_melee *m, struct umel_plan *p, const bool ok[UMEL_UNITS], const char *rule,
		      const char *what, struct evsink *ev)
{
	bool any = false;
	for (int k = 0; k < m->n[0]; k++)
		any |= ok[k];
	if (m->increment <= 0)
		return;
	if (m->cast > 2)
		ev_emit(ev, "[Melee B.10]", "no increment after the second cast of a melee");
	else if (!any)
		ev_emit(ev, rule, "no attacking unit may claim the increment here (%s)", what);
	else {
		p->mod[0] += m->increment;
		ev_emit(ev, "[Melee C.2.d]", "the Charge Increment (one attacking unit's): %+d to the attackers' total",
			m->increment);
	}
}

/* Cavalry against an unbroken square [Inf v Cav C-E]. */
static int plan_square(const struct umel_tab *t, const struct umel_melee *m, struct umel_plan *p, bool formed[2],
		       struct evsink *ev, struct err *e)
{
	bool dis = m->u[1][0].state == UM_DISORGANIZED, ok[UMEL_UNITS] = {false};
	if (m->u[1][0].state >= UM_FALL_BACK)
		return err_set(e, NULL, 0, "[Inf v Cav B.5] a square that fails morale (fall back or rout) is no longer "
			       "a square");
	for (int k = 0; k < m->n[0]; k++) {
		const struct umel_unit *u = &m->u[0][k];
		if (!arm_is(t, u, UA_HORSE))
			return err_set(e, NULL, 0, "[Inf v Cav F.2] infantry attacking a square with cavalry: rule the infantry's "
				       "part as a melee of its own (2 dice, the vulnerability rules, winner and loser)");
		if (m->cast > 1 && !(u->fl & UMEL_TRAPPED))
			return err_set(e, NULL, 0, "[Inf v Cav E] cavalry swerve after their first cast against a square: only "
				       "cavalry unable to swerve (trapped) casts again");
		/* [D.10.a] lancers receive increment; [D.10.b] against a disorganized square the
		 * other cavalry too; [Charges C.5.b] only lancers against a square in good order */
		ok[k] = charger(u) && ((u->fl & UMEL_LANCER) || dis);
		p->dice[0]++;
		unit_mods(t, m, p, 0, k, false, formed[1], ev);
	}
	p->square = true;
	p->dice[1] = m->faces > 0 ? m->faces : 1;
	for (int k = 0; k < m->n[1]; k++)
		unit_mods(t, m, p, 1, k, false, formed[0], ev); /* [C.1] no infantry-vs-cavalry minuses */
	ev_emit(ev, "[Inf v Cav D.9]", "no cavalry broke into the square: one die a cavalry unit (%d), and %d for the "
		"square (a die a face in contact, D.12.b)", p->dice[0], p->dice[1]);
	increment(m, p, ok, "[Charges C.5.b]", "only lancers, or any cavalry against a disorganized square, in good order",
		  ev);
	ev_emit(ev, "[Inf v Cav D.11]", "one figure lost for each pip on the enemy's dice%s",
		m->n[0] > 1 ? "; the cavalry's losses shared in proportion to their figures (D.12.c)" : "");
	return 0;
}

/* Attackers against defenders in works or a building [Constructions D]: the defenders a die
 * each plus the works' factor, the attackers a die a stand in contact, no increment. */
static int plan_works(const struct umel_tab *t, const struct umel_melee *m, struct umel_plan *p, bool horse[2],
		      bool formed[2], struct evsink *ev, struct err *e)
{
	static const int which[3] = {UMM_PROT1, UMM_PROT2, UMM_PROT3};
	if (m->stands < 1)
		return err_set(e, NULL, 0, "[Constructions D.6.b] against works the attackers cast a die for each stand in "
			       "contact: give --stands N");
	p->dice[0] = m->stands;
	ev_emit(ev, "[Constructions D.6]", "the melee sequence with buildings and works: the attackers cast a die for each "
		"of their %d stand%s in contact (%d)", m->stands, m->stands == 1 ? "" : "s", p->dice[0]);
	for (int k = 0; k < m->n[0]; k++) {
		unit_mods(t, m, p, 0, k, horse[1] && !arm_is(t, &m->u[0][k], UA_HORSE), formed[1], ev);
		if (m->u[0][k].fl & (UMEL_ENFILADE | UMEL_LANCER))
			ev_emit(ev, "[Constructions D.6.b]", "attackers' unit %d: no bonus dice against works, a die a stand", k + 1);
	}
	for (int k = 0; k < m->n[1]; k++) {
		const struct umel_unit *u = &m->u[1][k];
		if (u->state == UM_ROUT)
			continue;
		p->dice[1]++;
		unit_mods(t, m, p, 1, k, horse[0] && !arm_is(t, u, UA_HORSE), formed[0], ev);
		add_mod(t, p, 1, which[m->protection - 1], "a defending unit in works", ev);
	}
	ev_emit(ev, "[Constructions D.6.a]", "the defenders cast a die a unit (%d), each with the works' factor", p->dice[1]);
	if (m->increment > 0)
		ev_emit(ev, "[Constructions D.6.b]", "attackers of works receive no increment");
	return 0;
}

/* Melee in the open or across cover [Melee B.7, C.2-C.4, D, E; Inf v Cav A; Constructions B]. */
static void plan_open(const struct umel_tab *t, const struct umel_melee *m, struct umel_plan *p, bool horse[2],
		      bool formed[2], struct evsink *ev)
{
	bool ok[UMEL_UNITS] = {false};
	for (int s = 0; s < 2; s++) {
		int lead = -1;
		/* [Melee B.7.a-b, C.2.c]: 2 dice for the first unit (the first in good order: a
		 * disorganized or falling back unit gets one die, Morale E.3.c, E.4.b; a routed one
		 * none, B.7.a), 1 for each other */
		for (int k = 0; k < m->n[s] && lead < 0; k++)
			if (m->u[s][k].state == UM_GOOD)
				lead = k;
		for (int k = 0; k < m->n[s]; k++) {
			const struct umel_unit *u = &m->u[s][k];
			char who[64];
			/* [Inf v Cav A.1-A.2] dismounted troops (foot, gunners) against cavalry: one die a
			 * unit, -1 */
			bool dism = horse[1 - s] && !arm_is(t, u, UA_HORSE) && !arm_is(t, u, UA_COMMAND);
			int d = u->state == UM_ROUT ? 0 : k == lead ? 2 : 1;
			snprintf(who, sizeof who, "%s' unit %d (%s)", umel_side_name[s], k + 1, t->type[u->type]);
			if (dism && d > 1) {
				d = 1;
				ev_emit(ev, "[Inf v Cav A.2]", "%s: dismounted troops against cavalry use one die a unit", who);
			}
			p->dice[s] += d;
			unit_mods(t, m, p, s, k, dism, formed[1 - s], ev);
			if (s == 1 && m->protection > 0 && u->state != UM_ROUT)
				add_mod(t, p, 1, m->protection == 5 ? UMM_RUBBLE : UMM_PROT4, "protected [Constructions B.1]", ev);
			if (s == 1)
				continue;
			/* [Inf v Cav A.3] dismounted troops against cavalry lose charge increments;
			 * [Constructions E.4] no charge over rubble */
			ok[k] = charger(u) && !dism && m->protection != 5;
			if (m->cast != 1)
				continue;
			if (dism && (u->fl & UMEL_ENFILADE)) { /* [Inf v Cav A.2]: one die a unit, whatever */
				ev_emit(ev, "[Inf v Cav A.2]", "%s: dismounted troops against cavalry use one die a unit, no enfilade die",
					who);
				continue;
			}
			/* [Melee C.2.b] bonus dice on the first cast only */
			if (u->fl & UMEL_ENFILADE) {
				/* [Melee E.5.b] skirmishers claim it only against skirmishers of their kind
				 * (cavalry skirmishers against infantry too) */
				bool claim = !(u->fl & UMEL_SKIRMISHER);
				for (int j = 0; !claim && j < m->n[1]; j++) {
					const struct umel_unit *v = &m->u[1][j];
					claim = arm_is(t, u, UA_HORSE) ? (v->fl & UMEL_SKIRMISHER) || arm_is(t, v, UA_FOOT)
						: (v->fl & UMEL_SKIRMISHER) && arm_is(t, v, UA_FOOT);
				}
				if (claim) {
					p->dice[s]++;
					ev_emit(ev, "[Melee C.4]", "%s: an extra die for enfilade or rear attack", who);
				} else {
					ev_emit(ev, "[Melee E.5.b]", "%s: skirmishers claim no enfilade die against these troops", who);
				}
				for (int j = 0; j < m->n[1]; j++)
					if (!strcmp(t->type[m->u[1][j].type], "cuirassier"))
						ev_emit(ev, "[Special Units I]", "cuirassiers with armour on the front only are not protected "
							"when meleed from the rear: their vulnerability is the referee's");
			}
			if (u->fl & UMEL_LANCER) {
				p->dice[s]++;
				ev_emit(ev, "[Melee D]", "%s: attacking lancers, an extra die on the first cast", who);
			}
		}
		ev_emit(ev, s ? "[Melee B.7.a]" : "[Melee B.7.b]", "the %s cast %d %s", umel_side_name[s], p->dice[s],
			p->dice[s] == 1 ? "die" : "dice");
	}
	increment(m, p, ok, horse[1] && !horse[0] ? "[Inf v Cav A.3]" : m->protection == 5 ? "[Constructions E.4]"
		  : "[Charges C.2]", horse[1] && !horse[0] ? "dismounted troops against cavalry lose charge increments"
		  : m->protection == 5 ? "no charge over rubble" : "a charger is in good order, formed, not route marching", ev);
	p->breakthrough = true;
}

int umel_plan(const struct umel_tab *t, const struct umel_melee *m, struct umel_plan *p, struct evsink *ev,
	      struct err *e)
{
	bool horse[2], formed[2];
	memset(p, 0, sizeof *p);
	if (check_units(t, m, e) != 0)
		return -1;
	for (int k = 0; k < m->n[0]; k++)
		if (m->u[0][k].state == UM_ROUT)
			return err_set(e, NULL, 0, "[Melee B.7] a routed unit does not attack");
	{
		int routed = 0;
		for (int k = 0; k < m->n[1]; k++)
			routed += m->u[1][k].state == UM_ROUT;
		if (routed == m->n[1])
			return err_set(e, NULL, 0, "[Morale E.5.c] a stand in rout is destroyed by contact with the enemy: no melee, "
				       "the routed defenders' stands in contact are removed");
	}
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
	if ((m->u[1][0].fl & UMEL_SQUARE) && !(m->u[1][0].fl & UMEL_BROKEN) && horse[0]) {
		if (plan_square(t, m, p, formed, ev, e) != 0)
			return -1;
	} else if (m->protection >= 1 && m->protection <= 3) {
		if (plan_works(t, m, p, horse, formed, ev, e) != 0)
			return -1;
	} else {
		plan_open(t, m, p, horse, formed, ev);
	}
	for (int k = 0; k < m->n[1]; k++)
		if (m->u[1][k].state == UM_ROUT) {
			ev_emit(ev, "[Morale E.5.c]", "defenders' unit %d is in rout: no die (B.7.a), and a stand in rout is "
				"destroyed by contact with the enemy", k + 1);
			break;
		}
	for (int s = 0; s < 2; s++) {
		int figs = figures(m, s);
		bool crews = true;
		if (p->dice[s] > UMEL_DICE)
			return err_set(e, NULL, 0, "the %s would cast %d dice; at most %d", umel_side_name[s], p->dice[s], UMEL_DICE);
		for (int k = 0; k < m->n[s]; k++) {
			crews &= arm_is(t, &m->u[s][k], UA_GUN);
			if (k > 0 && arm_is(t, &m->u[s][k], UA_GUN))
				ev_emit(ev, "[Melee F.1.b]", "gunners who stay to fire are the first casualties removed: list them "
					"first");
		}
		if (figs <= 2 || crews) {
			p->cap[s] = 2 * figs;
			ev_emit(ev, crews ? "[Melee F.1.b]" : "[Melee C.2.f]", "the %s (%d %s) kill at most %d a cast", umel_side_name[s],
				figs, crews ? "gunners" : figs == 1 ? "man" : "men", p->cap[s]);
		}
	}
	return 0;
}

/* Side s's total t kills, from the point of contact (against the cavalry attacking a square, in
 * proportion to their figures [Inf v Cav D.12.c]): lost[] by unit of the other side; returns
 * the figures lost. */
static int kills(const struct umel_tab *tb, const struct umel_melee *m, const struct umel_plan *p, int s, int total,
		 int lost[UMEL_UNITS])
{
	int o = 1 - s, all = 0;
	memset(lost, 0, sizeof(int) * UMEL_UNITS);
	if (p->square && o == 0) {
		int f = figures(m, 0), n = total < f ? total : f, rest;
		long rem[UMEL_UNITS];
		if (p->cap[s] > 0 && n > p->cap[s])
			n = p->cap[s];
		rest = n;
		for (int k = 0; k < m->n[0]; k++) {
			lost[k] = (int)((long)n * m->u[0][k].figures / f);
			rem[k] = (long)n * m->u[0][k].figures % f;
			rest -= lost[k];
		}
		while (rest-- > 0) { /* the largest remainders, the first unit on a tie */
			int best = 0;
			for (int k = 1; k < m->n[0]; k++)
				if (rem[k] > rem[best])
					best = k;
			lost[best]++;
			rem[best] = -1;
		}
		return n;
	}
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

/* A side's adjusted total: its dice's sum and modifiers, never below 0; a side that casts no
 * die kills nothing. */
static int total_of(const struct umel_plan *p, int s, int sum)
{
	return p->dice[s] > 0 && sum + p->mod[s] > 0 ? sum + p->mod[s] : 0;
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
			int d = dice[s][i] < 1 ? 1 : dice[s][i] > 6 ? 6 : dice[s][i]; /* (1-6 by contract) */
			sum += d;
			if (seen & 1 << d)
				r->doubles[s] = true;
			seen |= 1 << d;
			snprintf(list + at, sizeof list - at, "%s%d", i ? "," : "", d);
		}
		r->total[s] = total_of(p, s, sum);
		struct event *x = ev_emit(ev, p->square ? "[Inf v Cav D.11]" : "[Melee C.2.e]", "the %s cast %s: %d %+d = %d",
					  umel_side_name[s], p->dice[s] ? list : "no die", sum, p->dice[s] ? p->mod[s] : 0, r->total[s]);
		for (int i = 0; i < p->dice[s] && i < 4; i++)
			ev_die(x, dice[s][i]);
	}
	for (int s = 0; s < 2; s++) {
		int o = 1 - s;
		r->lost_all[o] = kills(t, m, p, s, r->total[s], r->lost[o]);
		for (int k = 0; k < m->n[o]; k++)
			if (r->lost[o][k] || k == 0)
				ev_emit(ev, p->square ? "[Inf v Cav D.11]" : "[Melee C.2.e]",
					"%s' unit %d (%s, vulnerability %d): %d of %d figures lost%s", umel_side_name[o], k + 1,
					t->type[m->u[o][k].type], p->square ? 1 : t->vul[m->u[o][k].type], r->lost[o][k],
					m->u[o][k].figures, r->lost[o][k] == m->u[o][k].figures ? ", eliminated" : "");
	}
	for (int s = 0; s < 2; s++) {
		bool wiped = r->lost_all[s] == figures(m, s);
		r->check[1 - s] = r->doubles[s] && !wiped && r->lost_all[1 - s] < figures(m, 1 - s);
		if (r->doubles[s] && wiped)
			ev_emit(ev, "[Melee C.2.g]", "the %s cast doubles but were eliminated: no check for them", umel_side_name[s]);
		else if (r->check[1 - s])
			ev_emit(ev, "[Melee C.2.g]", "the %s cast doubles: the %s check morale (contact) at once", umel_side_name[s],
				umel_side_name[1 - s]);
	}
	if (p->square) {
		r->loser = -1;
		ev_emit(ev, "[Inf v Cav E]", "the cavalry swerve half an operation's move and are disorganized; cavalry "
			"unable to swerve is -1 on morale and -2 on the melee die, and casts for morale before each melee cast "
			"(E.2)");
		return;
	}
	r->loser = r->lost_all[0] > r->lost_all[1] ? 0 : r->lost_all[1] > r->lost_all[0] ? 1 : -1;
	if (r->loser < 0)
		ev_emit(ev, "[Melee B.8.b]", "%d figures lost each: no loser, the melee continues (B.10)", r->lost_all[0]);
	else
		ev_emit(ev, "[Melee B.8.b]", "the %s lose the melee (%d figures to %d) and check morale as a contact check "
			"(B.9)%s", umel_side_name[r->loser], r->lost_all[r->loser], r->lost_all[1 - r->loser],
			r->loser == 0 ? "" : p->breakthrough ? "; the attackers may take breakthrough (B.12)"
			: "; no breakthrough from works (Constructions D.11)");
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
	/* each side's losses hang on the enemy's sum alone: work them out once a sum, not once a
	 * pair of sums */
	int kill[2][UMEL_DICE * 6 + 1], lost[UMEL_UNITS];
	for (int s = 0; s < 2; s++)
		for (int x = 0; x <= 6 * p->dice[s]; x++)
			kill[s][x] = kills(t, m, p, s, total_of(p, s, x), lost); /* what a sum x of side s kills */
	for (int a = 0; a <= 6 * p->dice[0]; a++)
		for (int b = 0; b <= 6 * p->dice[1]; b++) {
			double q = (d0[a][0] + d0[a][1]) * (d1[b][0] + d1[b][1]);
			int la = kill[1][b], lb = kill[0][a]; /* the attackers' and the defenders' losses */
			if (q == 0)
				continue;
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

int umel_square_min(const int *strength, int n)
{
	long total = 0;
	for (int k = 0; k < n; k++)
		total += strength[k];
	long pct = (3 * total + 4) / 5; /* 60%, rounded up: a minimum is met or not */
	return (int)(16L * n < pct ? 16L * n : pct);
}
