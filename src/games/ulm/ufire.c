/* ufire: From Ulm to Waterloo's canister fire for a referee (ufire.h). */
#include "ufire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "umorale.h"

const char *const ufire_gun_name[UG_GUNS] = {"light", "howitzer", "field", "heavy"};
const char *const ufire_mod_key[UFM_MODS] = {"protection-1", "protection-2", "protection-3", "protection-4", "rubble",
					     "suppressed"};

int ufire_gun(const char *name)
{
	for (int g = 0; name && g < UG_GUNS; g++)
		if (!strcmp(name, ufire_gun_name[g]))
			return g;
	return -1;
}

int ufire_load(struct ufire_tab *t, const struct jdoc *d, struct errlist *errs)
{
	const json_t *tb, *r;
	size_t i;
	int before = errs->total;
	memset(t, 0, sizeof *t);
	if ((tb = umor_table(d, "canister", errs))) {
		bool seen[UG_GUNS] = {false};
		json_array_foreach(json_object_get(tb, "rows"), i, r) {
			const json_t *cells = json_object_get(r, "cells");
			int g = ufire_gun(json_string_value(json_object_get(r, "key"))), range, base;
			if (g < 0 || !umor_int(json_string_value(json_array_get(cells, 0)), 1, 99, &range) ||
			    !umor_int(json_string_value(json_array_get(cells, 1)), 0, UFIRE_BASE_MAX, &base)) {
				jdoc_add(d, r, errs, "a canister row is {\"key\": light, howitzer, field or heavy; \"cells\": [range in "
					 "inches 1-99, casualties added to the die 0-%d]}", UFIRE_BASE_MAX);
				continue;
			}
			seen[g] = true;
			t->range[g] = range;
			t->base[g] = base;
		}
		for (int g = 0; g < UG_GUNS; g++)
			if (!seen[g])
				jdoc_add(d, tb, errs, "the canister table needs \"%s\"", ufire_gun_name[g]);
		/* a heavier gun reaches no less and kills no fewer [Fire C.10.b-c] */
		for (int g = 1; g < UG_GUNS; g++)
			if (seen[g] && seen[g - 1] && (t->range[g] < t->range[g - 1] || t->base[g] < t->base[g - 1]))
				jdoc_add(d, tb, errs, "%s guns reach or kill less than %s guns", ufire_gun_name[g], ufire_gun_name[g - 1]);
	}
	if ((tb = umor_table(d, "fire-modifiers", errs))) {
		bool seen[UFM_MODS] = {false};
		json_array_foreach(json_object_get(tb, "rows"), i, r) {
			const char *k = json_string_value(json_object_get(r, "key"));
			const json_t *cells = json_object_get(r, "cells");
			const char *c = json_string_value(json_array_get(cells, 1));
			int m = -1, val;
			for (int x = 0; k && x < UFM_MODS; x++)
				if (!strcmp(k, ufire_mod_key[x]))
					m = x;
			if (m < 0 || !umor_int(json_string_value(json_array_get(cells, 0)), -9, -1, &val) || !c ||
			    strlen(c) + 3 > sizeof t->mod_case[0]) {
				jdoc_add(d, r, errs, "a fire modifier is {\"key\": protection-1..4, rubble or suppressed; \"cells\": [a minus, "
					 "-1..-9; case (at most %d characters); text]}", (int)sizeof t->mod_case[0] - 3);
				continue;
			}
			seen[m] = true;
			t->mod[m] = val;
			snprintf(t->mod_case[m], sizeof t->mod_case[m], "[%s]", c);
		}
		for (int m = 0; m < UFM_MODS; m++)
			if (!seen[m])
				jdoc_add(d, tb, errs, "the fire modifiers need \"%s\"", ufire_mod_key[m]);
		/* stronger works protect no less [Constructions A.1-A.4] */
		for (int m = UFM_PROT1; m < UFM_PROT4; m++)
			if (seen[m] && seen[m + 1] && t->mod[m] > t->mod[m + 1])
				jdoc_add(d, tb, errs, "%s protects less than %s", ufire_mod_key[m], ufire_mod_key[m + 1]);
	}
	return errs->total == before ? 0 : -1;
}

/* The figures a die gives, after the modifiers, the battery's disorganization, dispersal, point
 * blank range and the target's size; st (may be NULL) each step's count: the kills, then after
 * each of those four. */
static int figures_of(const struct ufire_tab *t, const struct ufire_canister *c, int mod, int die, int st[5])
{
	int k = die + t->base[c->gun] + mod, x[5];
	x[0] = k < 0 ? 0 : k;
	x[1] = c->state == UM_DISORGANIZED ? x[0] / 2 : x[0];        /* [Fire A.6.a, Morale E.3.c]: half, rounded down */
	x[2] = c->dispersed && c->inches > 3 ? x[1] / 2 : x[1];      /* [Fire A.5.b-c]: two kills a figure */
	x[3] = c->inches <= 2 ? x[2] + x[2] / 2 : x[2];              /* [Fire A.9]: half again, fractions lost */
	x[4] = c->figures > 0 && x[3] > c->figures ? c->figures : x[3];
	if (x[4] > UFIRE_MAX)
		x[4] = UFIRE_MAX; /* (the loader keeps a gun's number within it) */
	if (st)
		memcpy(st, x, sizeof x);
	return x[4];
}

int ufire_canister(const struct ufire_tab *t, const struct ufire_canister *c, int die, int mdie,
		   double p[UFIRE_MAX + 1], struct evsink *ev, struct err *e)
{
	int mod = 0, f;
	if (c->gun < 0 || c->gun >= UG_GUNS)
		return err_set(e, NULL, 0, "a gun is light, field or heavy");
	if (c->inches < 0 || c->inches > 999 || c->protection < 0 || c->protection > 5 || c->figures < 0 ||
	    c->figures > 10000 || c->state < UM_GOOD || c->state >= UM_STATES)
		return err_set(e, NULL, 0, "canister: inches 0-999, protection 0-5, figures 0-10000");
	if (c->square && (c->dispersed || c->protection))
		return err_set(e, NULL, 0, "[Fire C.3.e] a square is formed and in the open: canister always causes its "
			       "maximum casualties (no dispersal, no protection)");
	if (c->state >= UM_FALL_BACK)
		return err_set(e, NULL, 0, "[Fire A.6.b] a battery in fall back or rout may not fire");
	if (c->inches > t->range[c->gun])
		return err_set(e, NULL, 0, "[Fire C.10.b] %d inches is beyond %s guns' canister range, %d inches", c->inches,
			       ufire_gun_name[c->gun], t->range[c->gun]);
	ev_emit(ev, "[Fire C.10.c]", "%s guns at %d inches: one die plus %d", ufire_gun_name[c->gun], c->inches, t->base[c->gun]);
	if (c->square)
		ev_emit(ev, "[Fire C.3.e]", "against a square canister always causes maximum casualties: no die, 6 plus %d",
			t->base[c->gun]);
	if (c->protection > 0) {
		int x = UFM_PROT1 + c->protection - 1; /* (5: UFM_RUBBLE) */
		mod += t->mod[x];
		ev_emit(ev, t->mod_case[x], "the target is protected (%s): %+d", ufire_mod_key[x], t->mod[x]);
	}
	if (c->suppressed) {
		mod += t->mod[UFM_SUPPRESSED];
		ev_emit(ev, t->mod_case[UFM_SUPPRESSED], "a battery suppressed earlier: %+d on fire for the rest of the game",
			t->mod[UFM_SUPPRESSED]);
	}
	if (c->state == UM_DISORGANIZED)
		ev_emit(ev, "[Fire A.6.a]", "a disorganized battery fires at half effect, rounded down");
	if (c->dispersed)
		ev_emit(ev, c->inches > 3 ? "[Fire A.5.b]" : "[Fire A.5.c]", "%s", c->inches > 3
			? "a dispersed target: two kills a figure, fractions lost"
			: "within 3 inches the target is not dispersed");
	if (c->inches <= 2)
		ev_emit(ev, "[Fire A.9]", "point blank (within 2 inches): half again the figures eliminated, fractions lost");
	if (p) {
		memset(p, 0, sizeof(double) * (UFIRE_MAX + 1));
		double fire = c->militia ? 4.0 / 6 : 1; /* [Special Units F]: 6 misfires, 5 is late */
		if (c->militia)
			p[0] += 2.0 / 6;
		for (int d = 1; d <= 6; d++)
			if (!c->square || d == 6)
				p[figures_of(t, c, mod, d, NULL)] += fire / (c->square ? 1 : 6);
	}
	if (c->militia) {
		if (mdie < 1 || mdie > 6)
			return -2;
		struct event *x = ev_emit(ev, "[Special Units F]", "the militia gun's cast: %d: %s", mdie,
					  mdie == 6 ? "it misfires: the round is spent to no effect"
					  : mdie == 5 ? "it is not loaded in time: it fires an operation later"
						      : "it fires");
		ev_die(x, mdie);
		if (mdie >= 5)
			return 0;
	}
	if (c->square)
		die = 6;
	if (die < 1 || die > 6)
		return -2;
	int st[5];
	char steps[120] = "";
	f = figures_of(t, c, mod, die, st);
	if (st[1] != st[0])
		snprintf(steps, sizeof steps, ", halved %d", st[1]);
	if (st[2] != st[1])
		snprintf(steps + strlen(steps), sizeof steps - strlen(steps), ", two a figure %d", st[2]);
	if (st[3] != st[2])
		snprintf(steps + strlen(steps), sizeof steps - strlen(steps), ", half again %d", st[3]);
	if (st[4] != st[3])
		snprintf(steps + strlen(steps), sizeof steps - strlen(steps), ", no more than the target's %d", st[4]);
	struct event *x = ev_emit(ev, "[Fire C.10.c]", "%s %d %+d %+d = %d kills%s: %d figure%s eliminated",
				  c->square ? "the maximum:" : "die", die, t->base[c->gun], mod, st[0], steps, f, f == 1 ? "" : "s");
	if (!c->square)
		ev_die(x, die);
	ev_emit(ev, "[Fire C.10.a]", "casualties come starting nearest the firer");
	return f;
}
