/* umorale: From Ulm to Waterloo's morale rules (umorale.h). */
#include "umorale.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/prov.h"

const char *const umor_state_name[UM_STATES] = {"good", "disorganized", "fall-back", "rout"};
static const char *const col_name[UMOR_COLS] = {"guards", "elite", "light", "line", "militia"};

const json_t *umor_table(const struct jdoc *d, const char *id, struct errlist *errs)
{
	size_t i;
	const json_t *t;
	json_array_foreach(json_object_get(d->root, "tables"), i, t) {
		const char *tid = json_string_value(json_object_get(t, "id"));
		if (tid && !strcmp(tid, id)) {
			struct prov p;
			prov_read(d, t, true, &p, errs);
			return t;
		}
	}
	jdoc_add(d, d->root, errs, "missing table \"%s\"", id);
	return NULL;
}

bool umor_int(const char *s, int lo, int hi, int *v)
{
	char *end;
	long x;
	if (!s || !*s)
		return false;
	x = strtol(s[0] == '+' ? s + 1 : s, &end, 10);
	if (*end || x < lo || x > hi)
		return false;
	*v = (int)x;
	return true;
}

int umor_state_named(const char *name)
{
	for (int i = 0; i < UM_STATES; i++)
		if (!strcmp(name, umor_state_name[i]))
			return i;
	return -1;
}

/* A chart cell's state: "-" passes, else a state other than good by name. */
static int state_of(const char *s)
{
	int st = umor_state_named(s);
	return !strcmp(s, "-") ? UM_GOOD : st == UM_GOOD ? -1 : st;
}

int umor_load(struct umor_tab *t, const struct jdoc *d, struct errlist *errs)
{
	const json_t *tb, *r;
	const char *id = json_string_value(json_object_get(d->root, "id"));
	size_t i;
	int before = errs->total;
	memset(t, 0, sizeof *t);
	if (!id || strcmp(id, "ulm")) {
		jdoc_add(d, d->root, errs, "From Ulm to Waterloo's charts are a tables file with \"id\": \"ulm\"");
		return -1;
	}
	if ((tb = umor_table(d, "morale", errs))) {
		bool seen[7] = {false};
		json_array_foreach(json_object_get(tb, "rows"), i, r) {
			const char *k = json_string_value(json_object_get(r, "key"));
			const json_t *cells = json_object_get(r, "cells");
			int row = k ? atoi(k) : 0;
			if (!k || row < 2 || row > 8 || json_array_size(cells) != UMOR_COLS) {
				jdoc_add(d, r, errs, "a Morale Evaluation Chart row is a roll 2-8 with %d cells", UMOR_COLS);
				continue;
			}
			seen[row - 2] = true;
			for (int c = 0; c < UMOR_COLS; c++) {
				const json_t *x = json_array_get(cells, (size_t)c);
				int s = json_is_string(x) ? state_of(json_string_value(x)) : -1;
				if (s < 0)
					jdoc_add(d, x, errs, "a morale result is \"-\", \"disorganized\", \"fall-back\" or \"rout\"");
				t->cell[row - 2][c] = s < 0 ? 0 : s;
			}
		}
		for (int row = 0; row < 7; row++)
			if (!seen[row])
				jdoc_add(d, tb, errs, "the Morale Evaluation Chart needs a row %d", row + 2);
		/* a higher roll is never worse, in any column */
		for (int row = 1; row < 7; row++)
			for (int c = 0; c < UMOR_COLS; c++)
				if (t->cell[row][c] > t->cell[row - 1][c])
					jdoc_add(d, tb, errs, "the %s column is worse on %d than on %d", col_name[c], row + 2, row + 1);
	}
	if ((tb = umor_table(d, "classes", errs)))
		json_array_foreach(json_object_get(tb, "rows"), i, r) {
			const char *k = json_string_value(json_object_get(r, "key"));
			const json_t *cells = json_object_get(r, "cells");
			const char *v = json_string_value(json_array_get(cells, 0));
			const char *l10 = json_string_value(json_array_get(cells, 1)), *l50 = json_string_value(json_array_get(cells, 2));
			int col = -1;
			for (int c = 0; v && c < UMOR_COLS; c++)
				if (!strcmp(v, col_name[c]))
					col = c;
			if (!k || strlen(k) >= UMOR_KEY_MAX || col < 0 || t->ncls == UMOR_CLASSES || !l10 || !l50 ||
			    atoi(l10) > 0 || atoi(l50) > 0 || atoi(l10) < -9 || atoi(l50) < -9) {
				jdoc_add(d, r, errs, "a troop type names a chart column (guards, elite, light, line, militia) and "
					 "its two Loss of Effectiveness modifiers (\"-1\", \"-2\")");
				continue;
			}
			snprintf(t->cls[t->ncls], UMOR_KEY_MAX, "%s", k);
			t->cls_loss10[t->ncls] = atoi(l10);
			t->cls_loss50[t->ncls] = atoi(l50);
			t->cls_col[t->ncls++] = col;
		}
	if ((tb = umor_table(d, "modifiers", errs)))
		json_array_foreach(json_object_get(tb, "rows"), i, r) {
			const char *k = json_string_value(json_object_get(r, "key"));
			const json_t *cells = json_object_get(r, "cells");
			const char *v = json_string_value(json_array_get(cells, 0)), *c = json_string_value(json_array_get(cells, 1));
			int val = 0;
			if (!k || strlen(k) >= UMOR_KEY_MAX || !umor_int(v, -6, 6, &val) || !c || t->nmods == UMOR_MODS) {
				jdoc_add(d, r, errs, "a modifier is {\"key\", \"cells\": [value -6..+6, case, text]}");
				continue;
			}
			snprintf(t->mod[t->nmods], UMOR_KEY_MAX, "%s", k);
			snprintf(t->mod_case[t->nmods], sizeof t->mod_case[0], "%s", c);
			t->mod_value[t->nmods++] = val;
		}
	/* [Changing Orders C.3, C.5]: the seed's rows, and the reconstructed ones for the columns it
	 * does not name; a tables file without either (an older one) still serves the morale
	 * rulings (order-change then says what is missing) */
	t->oc_have = false;
	json_array_foreach(json_object_get(d->root, "tables"), i, r) {
		const char *tid = json_string_value(json_object_get(r, "id"));
		t->oc_have |= tid && !strncmp(tid, "order-change", 12);
	}
	for (int k = 0; k < 2 && t->oc_have; k++) {
		if (!(tb = umor_table(d, k ? "order-change-other" : "order-change", errs)))
			continue;
		json_array_foreach(json_object_get(tb, "rows"), i, r) {
			const char *key = json_string_value(json_object_get(r, "key"));
			const json_t *cells = json_object_get(r, "cells");
			const char *m = json_string_value(json_array_get(cells, 1));
			int col = -1, pass = 0, mor = 7;
			for (int c = 0; key && c < UMOR_COLS; c++)
				if (!strcmp(key, col_name[c]))
					col = c;
			if (col < 0 || !umor_int(json_string_value(json_array_get(cells, 0)), 0, 6, &pass) || !m ||
			    (strcmp(m, "-") && !umor_int(m, 1, 6, &mor)) || mor <= pass) {
				jdoc_add(d, r, errs, "an order change row is {\"key\": a chart column (guards, elite, light, line, "
					 "militia); \"cells\": [the highest die that permits the change 0-6, the lowest that calls "
					 "for a morale cast, above it, or \"-\"]}");
				continue;
			}
			if (t->oc_pass[col] || t->oc_morale[col]) {
				jdoc_add(d, r, errs, "the %s column's order change is given twice", col_name[col]);
				continue;
			}
			t->oc_pass[col] = pass;
			t->oc_morale[col] = mor;
			t->oc_reconstructed[col] = k == 1;
		}
	}
	for (int c = 0; c < UMOR_COLS && t->oc_have; c++)
		if (!t->oc_morale[c])
			jdoc_add(d, d->root, errs, "the order change tables need the %s column", col_name[c]);
	return errs->total == before ? 0 : -1;
}

int umor_load_file(struct umor_tab *t, const char *path, struct errlist *errs)
{
	struct jdoc d;
	if (jdoc_load_errs(&d, path, errs) != 0)
		return -1;
	int rc = umor_load(t, &d, errs);
	jdoc_free(&d);
	return rc;
}

int umor_class(const struct umor_tab *t, const char *key)
{
	for (int i = 0; i < t->ncls; i++)
		if (!strcmp(t->cls[i], key))
			return t->cls_col[i];
	return -1;
}

int umor_class_index(const struct umor_tab *t, const char *key)
{
	for (int i = 0; i < t->ncls; i++)
		if (!strcmp(t->cls[i], key))
			return i;
	return -1;
}

int umor_mod(const struct umor_tab *t, const char *key)
{
	for (int i = 0; i < t->nmods; i++)
		if (!strcmp(t->mod[i], key))
			return i;
	return -1;
}

int umor_chart(const struct umor_tab *t, int col, int modified)
{
	int row = modified < 2 ? 2 : modified > 8 ? 8 : modified;
	return t->cell[row - 2][col < 0 ? 0 : col >= UMOR_COLS ? UMOR_COLS - 1 : col];
}

/* The state after a check's chart result r. */
static int after(int state, bool contact, int r)
{
	if (r == UM_GOOD)
		return state;
	if (!contact)
		return state + 1 < UM_STATES ? state + 1 : UM_ROUT; /* C.2.e: one grade lost */
	return r > state ? r : state;                            /* C.3.b: as the chart says */
}

int umor_check(const struct umor_tab *t, int col, bool contact, int state, int mod, int d1, int d2,
	       double p[UM_STATES], struct evsink *ev)
{
	int dis = umor_mod(t, "disorganized"), fb = umor_mod(t, "fall-back");
	if (state == UM_DISORGANIZED && dis >= 0)
		mod += t->mod_value[dis]; /* E.3.c: a disorganized unit is -1 on morale */
	if (state == UM_FALL_BACK && fb >= 0)
		mod += t->mod_value[fb];  /* E.4.b: a fall back unit is -2 on morale */
	if (p) {
		for (int s = 0; s < UM_STATES; s++)
			p[s] = 0;
		for (int a = 1; a <= 6; a++)
			for (int b = 1; b <= 6; b++)
				p[after(state, contact, umor_chart(t, col, a + b + mod))] += 1.0 / 36;
	}
	if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
		return -1;
	{
		int r = umor_chart(t, col, d1 + d2 + mod), s = after(state, contact, r);
		struct event *x = ev_emit(ev, contact ? "[Morale C.3]" : "[Morale C.2]", "%s check, %s column: dice %d + %d %+d = %d: %s",
					  contact ? "contact" : "non-contact", col_name[col], d1, d2, mod, d1 + d2 + mod,
					  r == UM_GOOD ? "passes" : umor_state_name[r]);
		ev_die(x, d1);
		ev_die(x, d2);
		if (r != UM_GOOD)
			ev_emit(ev, contact ? "[Morale C.3.b]" : "[Morale C.2.e]", "the unit %s: %s -> %s",
				contact ? "follows the chart" : "loses one morale grade", umor_state_name[state], umor_state_name[s]);
		return s;
	}
}

int umor_rally(const struct umor_tab *t, int col, int mod, int d1, int d2, double *p, struct evsink *ev)
{
	int dis = umor_mod(t, "disorganized"), pass = 0;
	if (dis >= 0)
		mod += t->mod_value[dis]; /* E.3.c */
	for (int a = 1; a <= 6; a++)
		for (int b = 1; b <= 6; b++)
			pass += umor_chart(t, col, a + b + mod) == UM_GOOD;
	if (p)
		*p = pass / 36.0;
	if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
		return -1;
	{
		bool ok = umor_chart(t, col, d1 + d2 + mod) == UM_GOOD;
		struct event *x = ev_emit(ev, "[Morale E.2.b]", "rally, %s column: dice %d + %d %+d = %d: %s", col_name[col], d1, d2,
					  mod, d1 + d2 + mod, ok ? "passes: good morale at once"
					  : "fails: it stays disorganized and does not recover at the operation's end");
		ev_die(x, d1);
		ev_die(x, d2);
		return ok ? UM_GOOD : UM_DISORGANIZED;
	}
}

int umor_fire_check(const struct umor_tab *t, int cls, int original, int before, int lost, bool charging, int *mod,
		    bool *permanent, struct evsink *ev)
{
	bool tenth = lost > 0 && 10 * lost >= original;          /* D.2.a: of the original strength */
	bool half = 2 * (before - lost) < original;              /* D.2.c: more than 50% casualties */
	int l10 = t && cls >= 0 ? t->cls_loss10[cls] : -1, l50 = t && cls >= 0 ? t->cls_loss50[cls] : -2; /* [H.2] */
	*mod = 0;
	*permanent = false;
	if (!tenth && !(charging && lost > 0)) {
		ev_emit(ev, "[Morale D.2.a]", "%d of %d original figures lost: under 10%%, no check", lost, original);
		return 0;
	}
	if (tenth && half) {
		*mod = l50;
		*permanent = true;
		ev_emit(ev, "[Morale D.2.c]", "%d lost (10%% or more of %d) with more than 50%% casualties (%d left): a Loss of "
			"Effectiveness check at %d, permanent for every later check", lost, original, before - lost, l50);
	} else if (tenth) {
		*mod = l10;
		ev_emit(ev, "[Morale D.2.a]", "%d lost, 10%% or more of %d original figures: a Loss of Effectiveness check at %d",
			lost, original, l10);
	}
	if (charging && lost > 0)
		ev_emit(ev, "[Morale D.2.b]", "a charging unit that lost figures to fire checks%s", tenth ? " (the 10% -1 counts too)" : "");
	return 1;
}

int umor_order_change(const struct umor_tab *t, int col, int die, bool *morale, double *p_pass, double *p_morale,
		      struct evsink *ev)
{
	/* a tables file without the order change tables (an older one) rules nothing: no chances */
	int pass = t->oc_have ? t->oc_pass[col] : 0, mor = t->oc_have ? t->oc_morale[col] : 7;
	if (p_pass)
		*p_pass = pass / 6.0;
	if (p_morale)
		*p_morale = (7 - mor) / 6.0;
	if (morale)
		*morale = false;
	if (!t->oc_have || die < 1 || die > 6)
		return -1;
	bool ok = die <= pass, cast = die >= mor;
	struct event *x = ev_emit(ev, "[Changing Orders C.3]", "%s column%s: die %d: %s (1-%d permits it)", col_name[col],
				  t->oc_reconstructed[col] ? " (reconstructed, as the line)" : "", die,
				  ok ? "the change is permitted" : "no change: the unit tries to follow its orders (C.4)", pass);
	ev_die(x, die);
	if (cast)
		ev_emit(ev, "[Changing Orders C.5]", "a %d: the unit must also cast for morale", die);
	if (morale)
		*morale = cast;
	return ok;
}
