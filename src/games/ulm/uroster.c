/* uroster: a From Ulm to Waterloo game kept for a referee (uroster.h). */
#include "uroster.h"

#include <stdio.h>
#include <string.h>

const char *const urost_quality_name[UROST_QUALITIES] = {"lancer", "militia", "second-line", "skirmisher"};
static const unsigned melee_flag[UROST_QUALITIES] = {UMEL_LANCER, UMEL_MILITIA, UMEL_SECOND_LINE, UMEL_SKIRMISHER};

int urost_find(const struct urost_game *g, const char *id)
{
	for (int i = 0; i < g->n; i++)
		if (!strcmp(g->u[i].id, id))
			return i;
	return -1;
}

unsigned urost_quality(const char *name)
{
	for (int k = 0; k < UROST_QUALITIES; k++)
		if (!strcmp(name, urost_quality_name[k]))
			return 1u << k;
	return 0;
}

unsigned urost_melee_flags(const struct urost_unit *u)
{
	unsigned fl = 0;
	for (int k = 0; k < UROST_QUALITIES; k++)
		if (u->q & (1u << k))
			fl |= melee_flag[k];
	return fl;
}

static bool id_ok(const char *s)
{
	size_t n = strlen(s);
	if (n < 1 || n >= UROST_ID_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
			return false;
	return true;
}

/* Why u cannot be in g (NULL when it can): the checks urost_add and urost_read share. */
static const char *unit_wrong(const struct urost_game *g, const struct umor_tab *mt, const struct umel_tab *lt,
			      const struct urost_unit *u, char *buf, size_t n)
{
	if (!id_ok(u->id))
		return "a unit's id is 1-24 of a-z, 0-9 and -";
	if (umel_type(lt, u->id) >= 0) {
		/* a melee's --attacker ID and --attacker TYPE:FIGURES would read alike */
		snprintf(buf, n, "a unit's id may not be a figure type (\"%s\")", u->id);
		return buf;
	}
	if (urost_find(g, u->id) >= 0) {
		snprintf(buf, n, "there is already a unit \"%s\"", u->id);
		return buf;
	}
	if (umor_class(mt, u->cls) < 0) {
		snprintf(buf, n, "no troop type \"%s\" on the Morale Evaluation Chart (crimea referee ulm --help)", u->cls);
		return buf;
	}
	if (umel_type(lt, u->type) < 0) {
		snprintf(buf, n, "no melee figure type \"%s\" (crimea referee ulm --help)", u->type);
		return buf;
	}
	if (u->original < 1 || u->original > UROST_FIGURES || u->figures < 0 || u->figures > u->original) {
		snprintf(buf, n, "a unit starts with 1 to %d figures and has from 0 to those now", UROST_FIGURES);
		return buf;
	}
	if (u->state < UM_GOOD || u->state >= UM_STATES)
		return "a unit's state is good, disorganized, fall-back or rout";
	if (g->n == UROST_UNITS) {
		snprintf(buf, n, "a game keeps at most %d units", UROST_UNITS);
		return buf;
	}
	return NULL;
}

int urost_add(struct urost_game *g, const struct umor_tab *mt, const struct umel_tab *lt, const struct urost_unit *u,
	      struct err *e)
{
	char buf[200];
	const char *why = unit_wrong(g, mt, lt, u, buf, sizeof buf);
	if (why)
		return err_set(e, NULL, 0, "%s", why);
	g->u[g->n++] = *u;
	return 0;
}

json_t *urost_json(const struct urost_game *g)
{
	json_t *root = json_object(), *units = json_array();
	if (!root || !units) {
		json_decref(root);
		json_decref(units);
		return NULL;
	}
	json_object_set_new(root, "format", json_string("crimea/1"));
	json_object_set_new(root, "kind", json_string("ulm-game"));
	for (int i = 0; i < g->n; i++) {
		const struct urost_unit *u = &g->u[i];
		json_t *q = json_array();
		for (int k = 0; q && k < UROST_QUALITIES; k++)
			if (u->q & (1u << k))
				json_array_append_new(q, json_string(urost_quality_name[k]));
		json_t *x = json_pack("{s:s, s:s, s:s, s:i, s:i, s:s}", "id", u->id, "class", u->cls, "type", u->type,
				      "original", u->original, "figures", u->figures, "state", umor_state_name[u->state]);
		if (x && u->perm)
			json_object_set_new(x, "permanent", json_integer(u->perm));
		if (x)
			json_object_set_new(x, "qualities", q ? q : json_array());
		json_array_append_new(units, x);
	}
	json_object_set_new(root, "units", units);
	return root;
}

int urost_read(struct urost_game *g, const struct umor_tab *mt, const struct umel_tab *lt, const struct jdoc *d,
	       struct errlist *errs)
{
	const json_t *root = d->root, *units, *x, *q, *qv;
	const char *s;
	size_t i, k;
	int before = errs->total;
	memset(g, 0, sizeof *g);
	if (!(s = jdoc_str(d, root, "kind", true, errs)) || strcmp(s, "ulm-game")) {
		jdoc_add(d, root, errs, "a referee's Ulm game file has \"kind\": \"ulm-game\"");
		return -1;
	}
	units = json_object_get(root, "units");
	if (!json_is_array(units)) {
		jdoc_add(d, root, errs, "a game file has a list \"units\"");
		return -1;
	}
	json_array_foreach(units, i, x) {
		struct urost_unit u = {0};
		char buf[200];
		const char *why;
		int bad = errs->total;
		if ((s = jdoc_str(d, x, "id", true, errs)))
			snprintf(u.id, sizeof u.id, "%s", strlen(s) < sizeof u.id ? s : "");
		if ((s = jdoc_str(d, x, "class", true, errs)))
			snprintf(u.cls, sizeof u.cls, "%s", s);
		if ((s = jdoc_str(d, x, "type", true, errs)))
			snprintf(u.type, sizeof u.type, "%s", s);
		u.original = jdoc_int(d, x, "original", 1, UROST_FIGURES, errs);
		u.figures = jdoc_int(d, x, "figures", 0, UROST_FIGURES, errs);
		if ((s = jdoc_str(d, x, "state", true, errs)) && (u.state = umor_state_named(s)) < 0) {
			jdoc_add(d, x, errs, "\"state\" is good, disorganized, fall-back or rout, not \"%s\"", s);
			u.state = UM_GOOD;
		}
		if (json_object_get(x, "permanent"))
			u.perm = jdoc_int(d, x, "permanent", -9, 0, errs);
		q = json_object_get(x, "qualities");
		if (q && !json_is_array(q))
			jdoc_add(d, x, errs, "\"qualities\" is a list");
		json_array_foreach(q, k, qv) {
			unsigned b = json_is_string(qv) ? urost_quality(json_string_value(qv)) : 0;
			if (!b)
				jdoc_add(d, qv, errs, "a quality is lancer, militia, second-line or skirmisher");
			u.q |= b;
		}
		if (errs->total != bad)
			continue;
		if ((why = unit_wrong(g, mt, lt, &u, buf, sizeof buf)))
			jdoc_add(d, x, errs, "%s", why);
		else
			g->u[g->n++] = u;
	}
	return errs->total == before ? 0 : -1;
}
