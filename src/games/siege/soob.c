/* soob: reading Sevastopol's order of battle (soob.h; docs/FORMATS.md "Sevastopol's order of battle"). */
#include "soob.h"

#include <stdio.h>
#include <string.h>

#include "../../core/prov.h"

const char *const sob_kind_name[SK_KINDS] = {"infantry", "siege", "mortar", "lancaster", "field", "commander", "engineer"};

int sob_nation(const char *s)
{
	for (int n = 0; s && n < SN_NATIONS; n++)
		if (!strcmp(s, stab_nation_name[n]))
			return n;
	return -1;
}

/* A lowercase id of letters, digits and '-' that fits, copied into dst; else reported. */
static void read_id(const struct jdoc *d, const json_t *x, char dst[SOB_ID_MAX], struct errlist *errs)
{
	const char *s = jdoc_str(d, x, "id", true, errs);
	if (!s)
		return;
	if (!*s || strlen(s) >= SOB_ID_MAX || strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(s)) {
		jdoc_add(d, json_object_get(x, "id"), errs, "\"%s\": an id is 1-%d lowercase letters, digits and '-'", s,
			 SOB_ID_MAX - 1);
		return;
	}
	snprintf(dst, SOB_ID_MAX, "%s", s);
}

static void read_name(const struct jdoc *d, const json_t *x, char dst[SOB_NAME_MAX], struct errlist *errs)
{
	const char *s = jdoc_str(d, x, "name", true, errs);
	if (s && strlen(s) >= SOB_NAME_MAX)
		jdoc_add(d, json_object_get(x, "name"), errs, "a name is at most %d characters", SOB_NAME_MAX - 1);
	else if (s)
		snprintf(dst, SOB_NAME_MAX, "%s", s);
}

static void read_unit(const struct jdoc *d, const json_t *x, struct sob_unit *u, struct errlist *errs)
{
	const char *nation = jdoc_str(d, x, "nation", true, errs), *kind = jdoc_str(d, x, "kind", true, errs);
	memset(u, 0, sizeof *u);
	u->morale = -1;
	read_id(d, x, u->id, errs);
	read_name(d, x, u->name, errs);
	u->nation = sob_nation(nation);
	if (nation && u->nation < 0)
		jdoc_add(d, json_object_get(x, "nation"), errs, "\"%s\": the nation is british, french or russian", nation);
	u->kind = -1;
	for (int k = 0; kind && k < SK_KINDS; k++)
		if (!strcmp(kind, sob_kind_name[k]))
			u->kind = k;
	if (kind && u->kind < 0)
		jdoc_add(d, json_object_get(x, "kind"), errs, "\"%s\": the kind is infantry, siege, mortar, lancaster, field, "
			 "commander or engineer", kind);
	u->entry = jdoc_int(d, x, "entry", SOB_ENTRY_BY_RULE, STAB_TURNS, errs);
	u->marine = jdoc_bool(d, x, "marine", errs);
	u->marine_battery = jdoc_bool(d, x, "marine_battery", errs);
	u->naval = jdoc_bool(d, x, "naval", errs);
	u->zouave = jdoc_bool(d, x, "zouave", errs);
	u->guards = jdoc_bool(d, x, "guards", errs);
	if (u->entry == SOB_ENTRY_BY_RULE && u->kind != SK_COMMANDER)
		jdoc_add(d, x, errs, "only a commander-in-chief comes by a rule (\"entry\": -1) [16.2], [16.3]");
	if (u->kind == SK_INFANTRY) {
		const char *m = jdoc_str(d, x, "morale", true, errs);
		u->strength = jdoc_int(d, x, "strength", 1, 20, errs);
		if (m && (strlen(m) != 1 || m[0] < 'A' || m[0] > 'D'))
			jdoc_add(d, json_object_get(x, "morale"), errs, "\"%s\": a morale level is A, B, C or D [3.22]", m);
		else if (m)
			u->morale = m[0] - 'A';
		if (u->nation != SN_RUSSIAN) {
			const char *dv = jdoc_str(d, x, "division", true, errs), *bg = jdoc_str(d, x, "brigade", true, errs);
			if (dv && strlen(dv) < sizeof u->division)
				snprintf(u->division, sizeof u->division, "%s", dv);
			else if (dv)
				jdoc_add(d, json_object_get(x, "division"), errs, "a division is at most %zu characters",
					 sizeof u->division - 1);
			if (bg && strlen(bg) < sizeof u->brigade)
				snprintf(u->brigade, sizeof u->brigade, "%s", bg);
			else if (bg)
				jdoc_add(d, json_object_get(x, "brigade"), errs, "a brigade is at most %zu characters",
					 sizeof u->brigade - 1);
		}
	} else if (json_object_get(x, "strength") || json_object_get(x, "morale")) {
		jdoc_add(d, x, errs, "only infantry has a strength and a morale level (a field battery defends at 2 [14.17])");
	}
	if ((u->marine || u->marine_battery) && (u->nation != SN_RUSSIAN || u->kind != SK_INFANTRY))
		jdoc_add(d, x, errs, "marines and marine battery infantry are Russian infantry [6.15], [17.1]");
	if ((u->naval || u->zouave || u->guards) && (u->nation == SN_RUSSIAN || u->kind != SK_INFANTRY))
		jdoc_add(d, x, errs, "naval, zouave and guards units are Allied infantry");
	if (u->kind == SK_COMMANDER)
		u->brigades = jdoc_int(d, x, "brigades", 1, 9, errs);
	if (u->kind == SK_ENGINEER) {
		u->bonus = jdoc_int(d, x, "bonus", 1, 9, errs);
		u->die = jdoc_int(d, x, "die", 1, 6, errs);
	}
	if ((u->kind == SK_LANCASTER && u->nation != SN_BRITISH) || (u->kind == SK_FIELD && u->nation != SN_RUSSIAN))
		jdoc_add(d, x, errs, "the Lancaster battery is British, field batteries Russian [3.2]");
}

int sob_load(struct sob *o, const struct jdoc *d, struct errlist *errs)
{
	const json_t *units = json_object_get(d->root, "units"), *bast = json_object_get(d->root, "bastions"),
		     *areas = json_object_get(d->root, "areas"), *x;
	const char *rules = json_string_value(json_object_get(d->root, "rules"));
	int before = errs->total;
	size_t i;
	struct prov p;
	memset(o, 0, sizeof *o);
	if (!rules || strcmp(rules, "siege")) {
		jdoc_add(d, d->root, errs, "Sevastopol's order of battle has \"rules\": \"siege\"");
		return -1;
	}
	snprintf(o->id, sizeof o->id, "%s", json_string_value(json_object_get(d->root, "id")) ?
		 json_string_value(json_object_get(d->root, "id")) : "");
	snprintf(o->title, sizeof o->title, "%s", json_string_value(json_object_get(d->root, "title")) ?
		 json_string_value(json_object_get(d->root, "title")) : "");
	prov_read(d, d->root, true, &p, errs);
	/* "values": the provenance of the counters' strengths and morale levels, read as a block's */
	if (!json_is_object(json_object_get(d->root, "values"))) {
		jdoc_add(d, d->root, errs, "\"values\": the provenance of the counters' strengths and morale levels");
	} else {
		json_t *w = json_pack("{s:O}", "provenance", json_object_get(d->root, "values"));
		if (w)
			prov_read(d, w, true, &p, errs);
		json_decref(w);
	}
	if (!json_is_array(bast) || json_array_size(bast) != SOB_BASTIONS) {
		jdoc_add(d, bast ? bast : d->root, errs, "\"bastions\": the %d bastions of [19.0]", SOB_BASTIONS);
	} else {
		json_array_foreach(bast, i, x) {
			struct sob_bastion *b = &o->b[o->nb++];
			read_id(d, x, b->id, errs);
			read_name(d, x, b->name, errs);
			b->major = jdoc_bool(d, x, "major", errs);
			b->area = jdoc_int(d, x, "area", 1, 2, errs);
			b->positions = jdoc_int(d, x, "positions", 1, 20, errs);
			prov_read(d, x, true, &p, errs);
		}
	}
	if (!json_is_array(areas) || json_array_size(areas) != SOB_AREAS) {
		jdoc_add(d, areas ? areas : d->root, errs, "\"areas\": the %d Siege Areas of [3.1]", SOB_AREAS);
	} else {
		json_array_foreach(areas, i, x) {
			struct sob_area *a = &o->a[o->na++];
			const char *nat = jdoc_str(d, x, "nation", true, errs);
			read_id(d, x, a->id, errs);
			a->nation = sob_nation(nat);
			if (nat && a->nation < 0)
				jdoc_add(d, json_object_get(x, "nation"), errs, "\"%s\": british, french or russian", nat);
			a->active = jdoc_int(d, x, "active", 1, STAB_TURNS, errs);
			prov_read(d, x, true, &p, errs);
		}
	}
	if (!json_is_array(units) || !json_array_size(units)) {
		jdoc_add(d, units ? units : d->root, errs, "\"units\" must be a list of units");
		return -1;
	}
	json_array_foreach(units, i, x) {
		struct sob_unit *u;
		if (o->n == SOB_UNITS_MAX) {
			jdoc_add(d, x, errs, "more than %d units", SOB_UNITS_MAX);
			break;
		}
		u = &o->u[o->n];
		read_unit(d, x, u, errs);
		if (u->id[0] && (sob_find(o, u->id) >= 0 || sob_bastion(o, u->id) >= 0 || sob_area(o, u->id) >= 0))
			jdoc_add(d, x, errs, "\"%s\" is already an id here", u->id);
		o->n++;
	}
	/* [3.1]: each nation has a Siege Area open from the start, the Russians two; ids unique */
	for (int n = 0; n < SN_NATIONS && o->na == SOB_AREAS; n++) {
		int first = 0, count = 0;
		for (int a = 0; a < o->na; a++) {
			count += o->a[a].nation == n;
			first += o->a[a].nation == n && o->a[a].active == 1;
		}
		if (!first || (n == SN_RUSSIAN && count != 2) || (n == SN_FRENCH && count != 2))
			jdoc_add(d, areas, errs, "the %s have %s Siege Areas, one open from the start (\"active\": 1) [3.1]",
				 stab_nation_name[n], n == SN_BRITISH ? "their" : "two");
	}
	for (int a = 0; a < o->na; a++)
		for (int b = 0; b < o->nb; b++)
			if (!strcmp(o->a[a].id, o->b[b].id))
				jdoc_add(d, areas, errs, "\"%s\" is both a Siege Area and a bastion", o->a[a].id);
	for (int a = 0; a < o->na; a++)
		for (int k = 0; k < a; k++)
			if (!strcmp(o->a[a].id, o->a[k].id))
				jdoc_add(d, areas, errs, "Siege Area \"%s\" is here twice", o->a[a].id);
	for (int b = 0; b < o->nb; b++)
		for (int k = 0; k < b; k++)
			if (!strcmp(o->b[b].id, o->b[k].id))
				jdoc_add(d, bast, errs, "bastion \"%s\" is here twice", o->b[b].id);
	/* each nation has one engineer [9.2] and one commander-in-chief at the start [16.1] (the
	 * Russians none); ids unique across units, bastions and areas */
	for (int n = 0; n < SN_NATIONS; n++) {
		int eng = 0, cinc = 0;
		for (int k = 0; k < o->n; k++) {
			eng += o->u[k].nation == n && o->u[k].kind == SK_ENGINEER;
			cinc += o->u[k].nation == n && o->u[k].kind == SK_COMMANDER && o->u[k].entry == 0;
		}
		if (eng != 1 || cinc != (n == SN_RUSSIAN ? 0 : 1))
			jdoc_add(d, units, errs, "the %s have one engineer [9.2]%s", stab_nation_name[n],
				 n == SN_RUSSIAN ? " and no commander-in-chief" : " and one commander-in-chief at the start [16.1]");
	}
	return errs->total == before ? 0 : -1;
}

int sob_load_file(struct sob *o, const char *path, struct errlist *errs)
{
	struct jdoc d;
	if (jdoc_load_errs(&d, path, errs) != 0)
		return -1;
	int rc = sob_load(o, &d, errs);
	jdoc_free(&d);
	return rc;
}

int sob_find(const struct sob *o, const char *id)
{
	for (int i = 0; i < o->n; i++)
		if (!strcmp(o->u[i].id, id))
			return i;
	return -1;
}

int sob_bastion(const struct sob *o, const char *id)
{
	for (int i = 0; i < o->nb; i++)
		if (!strcmp(o->b[i].id, id))
			return i;
	return -1;
}

int sob_area(const struct sob *o, const char *id)
{
	for (int i = 0; i < o->na; i++)
		if (!strcmp(o->a[i].id, id))
			return i;
	return -1;
}
