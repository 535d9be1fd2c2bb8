/* sroster: a game of Sevastopol, segment by segment (sroster.h). */
#include "sroster.h"

#include <stdio.h>
#include <string.h>

const char *const sros_seg_name[SS_SEGS] = {
	"Russian Field Army Intervention Segment [4.0 1A]", "Reinforcement/Replacement Segment [4.0 1B]",
	"Attrition Segment [4.0 1C]", "Ammunition Supply Segment [4.0 2A]", "Siege Battery Fire Segment [4.0 2B]",
	"Allied Siege Construction Segment [4.0 3A]", "Allied Operational Movement Segment [4.0 3B]",
	"Assault Phase [11.0]", "Russian Operational Movement Segment [4.0 4A]",
	"Russian Siege Construction Segment [4.0 4B]", "the game is over [19.0]"};

const char *const sros_where_name[SW_WHERES] = {"due", "map", "area", "supply", "bastion", "off", "routed",
						 "eliminated", "transit"};

static const char *const box_name[SN_NATIONS] = {"Balaclava", "Kameitch", "North Shore"};
static const char *const gun_name[SROS_GUNS] = {"siege gun", "mortar", "Lancaster"}; /* enum stab_gun */

static bool allied(int nation)
{
	return nation == SN_BRITISH || nation == SN_FRENCH;
}

static bool winter(const struct stab *t, const struct sros_game *g)
{
	return t->winter[g->turn - 1];
}

/* On the map or in a Supply Box: in play [7.12]. */
static bool in_play(const struct sros_unit *s)
{
	return s->where == SW_MAP || s->where == SW_AREA || s->where == SW_SUPPLY || s->where == SW_BASTION;
}

/* The Siege Area a nation's units start in or arrive at: its first area active from the start. */
static int home_area(const struct sob *o, int nation)
{
	for (int a = 0; a < o->na; a++)
		if (o->a[a].nation == nation && o->a[a].active == 1)
			return a;
	return -1;
}

static int french_right(const struct sob *o);
static int destination(const struct sob *o, const struct sros_game *g, int unit, int where, int box, bool placing,
		       int *transit, struct err *e);

/* The Russian area of bastion b (areas of the Russians in order: 1, 2). */
static int bastion_area(const struct sob *o, int b)
{
	int k = 0;
	for (int a = 0; a < o->na; a++)
		if (o->a[a].nation == SN_RUSSIAN && ++k == o->b[b].area)
			return a;
	return -1;
}

/* The Siege Area a unit is in (in an area, or a Russian in a bastion), or -1. */
static int unit_area(const struct sob *o, const struct sros_game *g, int i)
{
	if (g->s[i].where == SW_AREA)
		return g->s[i].box;
	if (g->s[i].where == SW_BASTION && o->u[i].nation == SN_RUSSIAN)
		return bastion_area(o, g->s[i].box);
	return -1;
}

int sros_engineer_unit(const struct sob *o, int nation)
{
	for (int i = 0; i < o->n; i++)
		if (o->u[i].nation == nation && o->u[i].kind == SK_ENGINEER)
			return i;
	return -1;
}

const char *sros_engineer_at(const struct sob *o, const struct sros_game *g, int nation, char *buf, size_t len)
{
	int eng = sros_engineer_unit(o, nation);
	const struct sros_unit *s;
	if (eng < 0) {
		snprintf(buf, len, "the %s have no engineer", stab_nation_name[nation]);
		return buf;
	}
	s = &g->s[eng];
	switch (s->where) {
	case SW_AREA:
		snprintf(buf, len, "%s is in the %s Siege Area", o->u[eng].name, o->a[s->box].id);
		break;
	case SW_TRANSIT: /* [10.25], [10.26] */
		snprintf(buf, len, "%s is on his way to the %s Siege Area (there in Game-Turn %d)", o->u[eng].name,
			 o->a[s->box].id, s->back);
		break;
	case SW_BASTION:
		snprintf(buf, len, "%s is in %s", o->u[eng].name, o->b[s->box].name);
		break;
	case SW_SUPPLY:
		snprintf(buf, len, "%s is in a Supply Box", o->u[eng].name);
		break;
	default:
		snprintf(buf, len, "%s is not in play (%s)", o->u[eng].name, sros_where_name[s->where]);
		break;
	}
	return buf;
}

int sros_unit(const struct sob *o, const char *id, struct err *e)
{
	int i = id ? sob_find(o, id) : -1;
	if (i < 0)
		return err_set(e, NULL, 0, "no unit \"%s\" in %s (crimea referee siege units)", id ? id : "", o->id);
	return i;
}

int sros_in_supply(const struct sob *o, const struct sros_game *g, int nation)
{
	int own = 0, french = 0;
	for (int i = 0; i < o->n; i++) {
		if (g->s[i].where != SW_SUPPLY || g->s[i].box != nation || o->u[i].kind != SK_INFANTRY || g->s[i].converted)
			continue; /* [8.11]: infantry units */
		if (o->u[i].nation == nation)
			own++;
		else if (nation == SN_BRITISH && o->u[i].nation == SN_FRENCH)
			french++;
	}
	return own + (french > 2 ? 2 : french); /* [8.15] */
}

void sros_new(const struct sob *o, const struct stab *t, struct sros_game *g)
{
	(void)t;
	memset(g, 0, sizeof *g);
	snprintf(g->oob, sizeof g->oob, "%s", o->id);
	g->turn = 1;
	g->seg = SS_INTERVENTION;
	g->cinc[0] = g->cinc[1] = -1;
	g->winner = -1;
	g->n = o->n;
	for (int b = 0; b < o->nb; b++)
		g->strength[b] = 3; /* [9.41] */
	for (int i = 0; i < o->n; i++) {
		const struct sob_unit *u = &o->u[i];
		struct sros_unit *s = &g->s[i];
		if (u->entry != 0) {
			s->where = SW_DUE;
			continue;
		}
		/* [3.3]: the Allies behind their start lines, engineers in their Siege Areas, the rest
		 * (the Russians, the Allied mortars and Lancaster in their firing boxes) on the map */
		if (u->kind == SK_ENGINEER ||
		    (allied(u->nation) && (u->kind == SK_INFANTRY || u->kind == SK_SIEGE || u->kind == SK_COMMANDER))) {
			s->where = SW_AREA;
			s->box = home_area(o, u->nation);
		} else {
			s->where = SW_MAP;
		}
		if (u->kind == SK_COMMANDER && allied(u->nation))
			g->cinc[u->nation] = i;
	}
}

/* --- the game file ------------------------------------------------------------------------ */

/* {"british", "french", "russian"}: the numbers v, or (v NULL) the booleans b; per_nation reads it. */
static json_t *nations_json(const int *v, const bool *b)
{
	json_t *x = json_object();
	for (int n = 0; x && n < SN_NATIONS; n++)
		json_object_set_new(x, stab_nation_name[n], v ? json_integer(v[n]) : json_boolean(b[n]));
	return x;
}

json_t *sros_game_json(const struct sob *o, const struct sros_game *g)
{
	json_t *root = json_object(), *units = json_array(), *bast = json_array(), *ammo = json_object(), *used = json_array(),
	       *brig = json_array();
	if (!root || !units || !bast || !ammo || !used || !brig)
		goto fail;
	for (int n = 0; n < SN_NATIONS; n++)
		json_object_set_new(ammo, stab_nation_name[n], json_pack("{s:i, s:i, s:i}", "siege", g->ammo[n][SG_SIEGE],
									  "mortar", g->ammo[n][SG_MORTAR], "lancaster",
									  g->ammo[n][SG_LANCASTER]));
	for (int b = 0; b < SB_BATTLES; b++)
		if (g->battle_used[b])
			json_array_append_new(used, json_string(stab_battle_name[b]));
	for (int k = 0; k < g->nbrigades; k++)
		json_array_append_new(brig, json_string(g->brigade[k]));
	for (int b = 0; b < o->nb; b++)
		json_array_append_new(bast, json_pack("{s:s, s:i, s:b, s:i}", "id", o->b[b].id, "strength", g->strength[b],
						      "captured", g->captured[b], "spent", g->spent_at[b]));
	for (int i = 0; i < g->n; i++) {
		const struct sros_unit *s = &g->s[i];
		json_t *u = json_pack("{s:s, s:s}", "id", o->u[i].id, "where", sros_where_name[s->where]);
		if (!u)
			goto fail;
		if (s->where == SW_AREA)
			json_object_set_new(u, "area", json_string(o->a[s->box].id));
		else if (s->where == SW_SUPPLY)
			json_object_set_new(u, "box", json_string(stab_nation_name[s->box]));
		else if (s->where == SW_BASTION)
			json_object_set_new(u, "bastion", json_string(o->b[s->box].id));
		else if (s->where == SW_OFF || s->where == SW_TRANSIT) {
			json_object_set_new(u, "back", json_integer(s->back));
			json_object_set_new(u, "area", json_string(o->a[s->box].id)); /* where it returns, or goes */
		}
		if (s->worked)
			json_object_set_new(u, "worked", json_true());
		if (s->active)
			json_object_set_new(u, "active", json_true());
		if (s->converted)
			json_object_set_new(u, "converted", json_true());
		if (s->retreated)
			json_object_set_new(u, "retreated", json_true());
		if (s->fired)
			json_object_set_new(u, "fired", json_true());
		if (s->limbered)
			json_object_set_new(u, "limbered", json_true());
		if (s->arrived)
			json_object_set_new(u, "arrived", json_true());
		json_array_append_new(units, u);
	}
	json_object_set_new(root, "format", json_string("crimea/1"));
	json_object_set_new(root, "kind", json_string("siege-game"));
	json_object_set_new(root, "oob", json_string(g->oob));
	json_object_set_new(root, "turn", json_integer(g->turn));
	json_object_set_new(root, "segment", json_integer(g->seg));
	json_object_set_new(root, "ammunition", ammo);
	json_object_set_new(root, "battles_used", used);
	json_object_set_new(root, "battle_turn", json_integer(g->battle_turn));
	json_object_set_new(root, "intervened", json_boolean(g->intervened));
	json_object_set_new(root, "british_no_rounds_through", json_integer(g->brit_no_ammo));
	json_object_set_new(root, "extra_replacements", json_integer(g->extra_repl));
	json_object_set_new(root, "to_take_off", json_integer(g->off_due));
	json_object_set_new(root, "construction_points", nations_json(g->cp, NULL));
	json_object_set_new(root, "engineer_bonus", nations_json(g->bonus, NULL));
	json_object_set_new(root, "engineer_rolled", nations_json(NULL, g->engineer_rolled));
	json_object_set_new(root, "replaced", nations_json(g->replaced, NULL));
	json_object_set_new(root, "attrition_done", nations_json(NULL, g->attrition_done));
	json_object_set_new(root, "russian_fired", json_boolean(g->russian_fired));
	json_object_set_new(root, "assault", json_boolean(g->assault));
	json_object_set_new(root, "impulse", json_integer(g->impulse));
	json_object_set_new(root, "brigades", brig);
	json_object_set_new(root, "guards_used", json_boolean(g->guards_used));
	json_object_set_new(root, "assault_lost", nations_json(g->assault_lost, NULL));
	json_object_set_new(root, "french_failed", json_boolean(g->french_failed));
	json_object_set_new(root, "converted_turn", json_integer(g->converted_turn));
	json_object_set_new(root, "linked", json_pack("[b, b]", g->linked[0], g->linked[1]));
	json_object_set_new(root, "right_held", json_boolean(g->right_held));
	json_object_set_new(root, "commanders", json_pack("{s:s, s:s}", "british",
							 g->cinc[SN_BRITISH] >= 0 ? o->u[g->cinc[SN_BRITISH]].id : "",
							 "french", g->cinc[SN_FRENCH] >= 0 ? o->u[g->cinc[SN_FRENCH]].id : ""));
	json_object_set_new(root, "winner", json_string(g->winner < 0 ? "" : g->winner == SN_RUSSIAN ? "russian" : "allied"));
	json_object_set_new(root, "bastions", bast);
	json_object_set_new(root, "units", units);
	return root;
fail:
	json_decref(root);
	json_decref(units);
	json_decref(bast);
	json_decref(ammo);
	json_decref(used);
	json_decref(brig);
	return NULL;
}

/* root[k], an object with a member a nation, or NULL (reported). */
static const json_t *nations(const struct jdoc *d, const json_t *root, const char *k, struct errlist *errs)
{
	const json_t *x = json_object_get(root, k);
	if (!json_is_object(x)) {
		jdoc_add(d, x ? x : root, errs, "\"%s\" must be an object of british, french and russian", k);
		return NULL;
	}
	return x;
}

/* Three whole numbers in lo..hi into v, or three booleans into b (v NULL), one a nation, from root[k]. */
static void per_nation(const struct jdoc *d, const json_t *root, const char *k, int lo, int hi, int *v, bool *b,
		       struct errlist *errs)
{
	const json_t *x = nations(d, root, k, errs);
	for (int n = 0; x && n < SN_NATIONS; n++)
		if (b)
			b[n] = jdoc_bool(d, x, stab_nation_name[n], errs);
		else
			v[n] = jdoc_int(d, x, stab_nation_name[n], lo, hi, errs);
}

static void read_unit_state(const struct sob *o, const struct jdoc *d, const json_t *x, struct sros_game *g,
			    struct errlist *errs)
{
	const char *id = jdoc_str(d, x, "id", true, errs), *w = jdoc_str(d, x, "where", true, errs);
	int i = id ? sob_find(o, id) : -1, where = -1;
	struct sros_unit *s;
	if (!id || !w)
		return;
	if (i < 0) {
		jdoc_add(d, x, errs, "no unit \"%s\" in the order of battle %s", id, o->id);
		return;
	}
	s = &g->s[i];
	if (s->where != -1) {
		jdoc_add(d, x, errs, "\"%s\" is here twice", id);
		return;
	}
	for (int k = 0; k < SW_WHERES; k++)
		if (!strcmp(w, sros_where_name[k]))
			where = k;
	if (where < 0) {
		jdoc_add(d, json_object_get(x, "where"), errs, "\"%s\": where is due, map, area, supply, bastion, off, routed, "
			 "eliminated or transit", w);
		return;
	}
	s->where = where;
	if (where == SW_AREA || where == SW_OFF || where == SW_TRANSIT) {
		const char *a = jdoc_str(d, x, "area", true, errs);
		s->box = a ? sob_area(o, a) : -1;
		if (a && s->box < 0)
			jdoc_add(d, json_object_get(x, "area"), errs, "no Siege Area \"%s\"", a);
	} else if (where == SW_SUPPLY) {
		const char *b = jdoc_str(d, x, "box", true, errs);
		s->box = sob_nation(b);
		if (b && s->box < 0)
			jdoc_add(d, json_object_get(x, "box"), errs, "\"%s\": a Supply Box is british, french or russian", b);
	} else if (where == SW_BASTION) {
		const char *b = jdoc_str(d, x, "bastion", true, errs);
		s->box = b ? sob_bastion(o, b) : -1;
		if (b && s->box < 0)
			jdoc_add(d, json_object_get(x, "bastion"), errs, "no bastion \"%s\"", b);
	}
	if (where == SW_OFF || where == SW_TRANSIT)
		s->back = jdoc_int(d, x, "back", 2, STAB_TURNS + 2, errs);
	if (s->box < 0)
		s->box = 0;
	s->worked = jdoc_bool(d, x, "worked", errs);
	s->active = jdoc_bool(d, x, "active", errs);
	s->converted = jdoc_bool(d, x, "converted", errs);
	s->retreated = jdoc_bool(d, x, "retreated", errs);
	s->fired = jdoc_bool(d, x, "fired", errs);
	s->limbered = jdoc_bool(d, x, "limbered", errs);
	s->arrived = jdoc_bool(d, x, "arrived", errs);
	{
		const struct sob_unit *u = &o->u[i];
		bool ally_inf = allied(u->nation) && u->kind == SK_INFANTRY;
		if ((s->converted && !u->marine_battery) || ((s->worked || s->active) && !ally_inf) ||
		    (s->limbered && !(allied(u->nation) && u->kind == SK_SIEGE)) ||
		    (s->fired && u->kind != SK_FIELD && !s->converted) || (s->retreated && u->kind != SK_INFANTRY) ||
		    (s->arrived && u->nation != SN_FRENCH) || (where == SW_TRANSIT && u->nation != SN_FRENCH))
			jdoc_add(d, x, errs, "%s: a flag or place its kind never has (converted: marine battery infantry; worked, "
				 "active: Allied infantry; limbered: an Allied siege gun; fired: a field battery; arrived, transit: "
				 "French)", id);
		if ((where == SW_AREA || where == SW_OFF || where == SW_TRANSIT) && s->box >= 0 && s->box < o->na &&
		    o->a[s->box].nation != u->nation)
			jdoc_add(d, x, errs, "%s is %s, in a Siege Area of the %s [10.16]", id, stab_nation_name[u->nation],
				 stab_nation_name[o->a[s->box].nation]);
		if (where != SW_DUE && u->entry > g->turn)
			jdoc_add(d, x, errs, "%s arrives in Game-Turn %d [6.3]: before it, it is \"due\"", id, u->entry);
		if (where == SW_DUE && u->entry == 0)
			jdoc_add(d, x, errs, "%s is on the map from the start: it is never \"due\"", id);
		else if (where == SW_DUE && u->entry > 0 &&
			 (u->entry < g->turn || (u->entry == g->turn && g->seg >= SS_REINFORCE)))
			jdoc_add(d, x, errs, "%s arrived in Game-Turn %d [6.14]: it is no longer \"due\"", id, u->entry);
	}
}

int sros_game_read(const struct sob *o, const struct jdoc *d, struct sros_game *g, struct errlist *errs)
{
	const json_t *r = d->root, *units = json_object_get(r, "units"), *bast = json_object_get(r, "bastions"), *x;
	const char *kind = json_string_value(json_object_get(r, "kind")), *oob = json_string_value(json_object_get(r, "oob"));
	const json_t *am = json_object_get(r, "ammunition"), *cm = json_object_get(r, "commanders");
	int before = errs->total;
	size_t i;
	memset(g, 0, sizeof *g);
	if (!kind || strcmp(kind, "siege-game") || !oob || strcmp(oob, o->id)) {
		jdoc_add(d, r, errs, "a Sevastopol game file has \"kind\": \"siege-game\" and \"oob\": \"%s\"", o->id);
		return -1;
	}
	snprintf(g->oob, sizeof g->oob, "%s", oob);
	g->turn = jdoc_int(d, r, "turn", 1, STAB_TURNS, errs);
	g->seg = jdoc_int(d, r, "segment", 0, SS_SEGS - 1, errs);
	if (!json_is_object(am)) {
		jdoc_add(d, am ? am : r, errs, "\"ammunition\": each nation's rounds");
	} else {
		for (int n = 0; n < SN_NATIONS; n++) {
			const json_t *a = json_object_get(am, stab_nation_name[n]);
			if (!json_is_object(a)) {
				jdoc_add(d, a ? a : am, errs, "\"%s\": {siege, mortar, lancaster}", stab_nation_name[n]);
				continue;
			}
			g->ammo[n][SG_SIEGE] = jdoc_int(d, a, "siege", 0, SROS_ROUNDS_MAX, errs);
			g->ammo[n][SG_MORTAR] = jdoc_int(d, a, "mortar", 0, SROS_ROUNDS_MAX, errs);
			g->ammo[n][SG_LANCASTER] = jdoc_int(d, a, "lancaster", 0, SROS_ROUNDS_MAX, errs);
		}
	}
	json_array_foreach(json_object_get(r, "battles_used"), i, x) {
		int b = -1;
		for (int k = 0; k < SB_BATTLES; k++)
			if (json_is_string(x) && !strcmp(json_string_value(x), stab_battle_name[k]))
				b = k;
		if (b < 0)
			jdoc_add(d, x, errs, "a battle is balaclava, inkerman or tchernaya");
		else
			g->battle_used[b] = true;
	}
	g->battle_turn = jdoc_int(d, r, "battle_turn", 0, STAB_TURNS, errs);
	g->intervened = jdoc_bool(d, r, "intervened", errs);
	g->brit_no_ammo = jdoc_int(d, r, "british_no_rounds_through", 0, STAB_TURNS + 9, errs);
	g->extra_repl = jdoc_int(d, r, "extra_replacements", 0, 9, errs);
	g->off_due = jdoc_int(d, r, "to_take_off", 0, 99, errs);
	per_nation(d, r, "construction_points", 0, 99, g->cp, NULL, errs);
	per_nation(d, r, "engineer_bonus", 0, 9, g->bonus, NULL, errs);
	per_nation(d, r, "engineer_rolled", 0, 0, NULL, g->engineer_rolled, errs);
	per_nation(d, r, "replaced", 0, 20, g->replaced, NULL, errs);
	per_nation(d, r, "attrition_done", 0, 0, NULL, g->attrition_done, errs);
	g->russian_fired = jdoc_bool(d, r, "russian_fired", errs);
	g->assault = jdoc_bool(d, r, "assault", errs);
	g->impulse = jdoc_int(d, r, "impulse", 0, 5, errs);
	json_array_foreach(json_object_get(r, "brigades"), i, x) {
		if (!json_is_string(x) || strlen(json_string_value(x)) >= sizeof g->brigade[0] || g->nbrigades == SROS_BRIGADES)
			jdoc_add(d, x, errs, "a brigade is a string of at most %zu characters (at most %d)",
				 sizeof g->brigade[0] - 1, SROS_BRIGADES);
		else
			snprintf(g->brigade[g->nbrigades++], sizeof g->brigade[0], "%s", json_string_value(x));
	}
	g->guards_used = jdoc_bool(d, r, "guards_used", errs);
	per_nation(d, r, "assault_lost", 0, 99, g->assault_lost, NULL, errs);
	g->french_failed = jdoc_bool(d, r, "french_failed", errs);
	g->converted_turn = json_object_get(r, "converted_turn") ? jdoc_int(d, r, "converted_turn", 0, STAB_TURNS, errs) : 0;
	if (json_object_get(r, "linked")) { /* absent in the first files: none */
		const json_t *l = json_object_get(r, "linked");
		if (!json_is_array(l) || json_array_size(l) != 2 || !json_is_boolean(json_array_get(l, 0)) ||
		    !json_is_boolean(json_array_get(l, 1)))
			jdoc_add(d, l ? l : r, errs, "\"linked\": [the French Left joined, the French Right joined] [9.5]");
		else
			for (int k = 0; k < 2; k++)
				g->linked[k] = json_is_true(json_array_get(l, (size_t)k));
	}
	g->right_held = jdoc_bool(d, r, "right_held", errs); /* absent: false, and set below if French stand there */
	for (int n = 0; n < 2; n++) {
		const char *c = json_string_value(json_object_get(cm, stab_nation_name[n]));
		g->cinc[n] = c ? sob_find(o, c) : -1;
		if (g->cinc[n] < 0 || o->u[g->cinc[n]].kind != SK_COMMANDER || o->u[g->cinc[n]].nation != n)
			jdoc_add(d, cm ? cm : r, errs, "\"commanders\": the %s commander-in-chief, a commander's id",
				 stab_nation_name[n]);
	}
	{
		const char *w = json_string_value(json_object_get(r, "winner"));
		g->winner = !w || !*w ? -1 : !strcmp(w, "russian") ? SN_RUSSIAN : !strcmp(w, "allied") ? SN_BRITISH : -2;
		if (g->winner == -2 || (g->seg == SS_OVER) != (g->winner >= 0))
			jdoc_add(d, r, errs, "\"winner\" is \"russian\" or \"allied\" once the game is over, else \"\"");
	}
	if (!json_is_array(bast) || json_array_size(bast) != (size_t)o->nb) {
		jdoc_add(d, bast ? bast : r, errs, "\"bastions\": the %d bastions", o->nb);
	} else {
		bool seen[SOB_BASTIONS] = {false};
		json_array_foreach(bast, i, x) {
			const char *id = json_string_value(json_object_get(x, "id"));
			int b = id ? sob_bastion(o, id) : -1;
			if (b < 0 || seen[b]) {
				jdoc_add(d, x, errs, b < 0 ? "no bastion \"%s\"" : "bastion \"%s\" is here twice", id ? id : "");
				continue;
			}
			seen[b] = true;
			g->strength[b] = jdoc_int(d, x, "strength", 0, 8, errs); /* [9.44], [8.91] */
			g->captured[b] = jdoc_bool(d, x, "captured", errs);
			g->spent_at[b] = jdoc_int(d, x, "spent", 0, 99, errs);
		}
	}
	g->n = o->n;
	for (int k = 0; k < o->n; k++)
		g->s[k].where = -1;
	json_array_foreach(units, i, x)
		read_unit_state(o, d, x, g, errs);
	for (int k = 0; k < o->n; k++)
		if (g->s[k].where == -1) {
			jdoc_add(d, units ? units : r, errs, "unit \"%s\" is missing", o->u[k].id);
			g->s[k].where = SW_DUE;
		} else if (o->u[k].nation == SN_FRENCH && g->s[k].where == SW_AREA && g->s[k].box == french_right(o)) {
			g->right_held = true; /* [6.12]: it has been held */
		}
	for (int n = 0; n < 2; n++)
		if (g->cinc[n] >= 0 && o->u[g->cinc[n]].kind == SK_COMMANDER &&
		    (g->s[g->cinc[n]].where == SW_DUE || g->s[g->cinc[n]].where == SW_ELIMINATED))
			jdoc_add(d, cm ? cm : r, errs, "the %s commander-in-chief %s is %s, not in command", stab_nation_name[n],
				 o->u[g->cinc[n]].id, sros_where_name[g->s[g->cinc[n]].where]);
	return errs->total == before ? 0 : -1;
}

/* --- the Sequence of Play ------------------------------------------------------------------ */

/* Replacements a nation may take this Game-Turn [6.2]. */
static int allowance(const struct sros_game *g, int nation)
{
	if (nation == SN_RUSSIAN)
		return 1 + g->extra_repl; /* [6.21], [5.23] */
	if (nation == SN_FRENCH)
		return 1;                 /* [6.22] */
	return g->turn >= 8 ? 1 : 0;      /* [6.23] from March 1855 */
}

/* Whether nation's commander-in-chief is still the one at the start (Raglan, Canrobert). */
static bool first_cinc(const struct sob *o, const struct sros_game *g, int nation)
{
	return g->cinc[nation] >= 0 && o->u[g->cinc[nation]].entry == 0;
}

static bool raglan_due(const struct sob *o, const struct sros_game *g)
{
	return g->seg == SS_REINFORCE && g->turn >= 14 && first_cinc(o, g, SN_BRITISH); /* [16.2] July I */
}

/* A commander of nation who comes by a rule, with brigades (0: any), not yet in command; or -1. */
static int successor(const struct sob *o, const struct sros_game *g, int nation, int brigades)
{
	for (int i = 0; i < o->n; i++)
		if (o->u[i].nation == nation && o->u[i].kind == SK_COMMANDER && o->u[i].entry == SOB_ENTRY_BY_RULE &&
		    (!brigades || o->u[i].brigades == brigades) && g->s[i].where == SW_DUE)
			return i;
	return -1;
}

/* next takes the command of nation's army from the commander-in-chief; the event says why. */
static void appoint(const struct sob *o, struct sros_game *g, int nation, int next, int die, struct evsink *ev)
{
	int was = g->cinc[nation];
	struct event *x;
	if (next == was || next < 0)
		return;
	g->s[next].where = SW_AREA;
	g->s[next].box = g->s[was].where == SW_AREA ? g->s[was].box : home_area(o, nation);
	g->s[was].where = SW_ELIMINATED;
	g->cinc[nation] = next;
	if (nation == SN_FRENCH)
		g->french_failed = false;
	if (die)
		x = ev_emit(ev, nation == SN_BRITISH ? "[16.2]" : "[16.3]", "die %d: %s succeeds %s, and activates %d brigades",
			    die, o->u[next].name, o->u[was].name, o->u[next].brigades);
	else
		x = ev_emit(ev, "[16.3]", "%s, the one not chosen before, succeeds %s, and activates %d brigades",
			    o->u[next].name, o->u[was].name, o->u[next].brigades);
	ev_die(x, die);
}

/* Whether any battle may be chosen this Game-Turn [5.1]. */
static bool may_intervene(const struct stab *t, const struct sros_game *g)
{
	if (winter(t, g) || g->intervened || (g->battle_turn && g->turn == g->battle_turn + 1))
		return false;
	for (int b = 0; b < SB_BATTLES; b++)
		if (!g->battle_used[b] && (b != SB_TCHERNAYA || g->turn >= 8))
			return true;
	return false;
}

const char *sros_duty(const struct sob *o, const struct stab *t, const struct sros_game *g, char *buf, size_t len)
{
	switch (g->seg) {
	case SS_INTERVENTION:
		if (g->off_due > 0) {
			snprintf(buf, len, "[5.22] take %d more Allied infantry unit%s of the British or French Right Siege Area off "
				 "the map (take-off --unit ID)", g->off_due, g->off_due == 1 ? "" : "s");
			return buf;
		}
		return NULL;
	case SS_REINFORCE:
		if (raglan_due(o, g)) {
			snprintf(buf, len, "[16.2] Lord Raglan has died: roll for his successor (commander --nation british --die D)");
			return buf;
		}
		if (g->french_failed && first_cinc(o, g, SN_FRENCH)) {
			snprintf(buf, len, "[16.3] the French commander-in-chief failed an assault: roll for his successor "
				 "(commander --nation french --die D)");
			return buf;
		}
		return NULL;
	case SS_ATTRITION:
		for (int n = 0; n < SN_NATIONS; n++)
			if (!g->attrition_done[n]) {
				snprintf(buf, len, "[7.11] roll the %s attrition (attrition --nation %s --die D [--units ...])",
					 stab_nation_name[n], stab_nation_name[n]);
				return buf;
			}
		return NULL;
	default:
		(void)t;
		return NULL;
	}
}

/* [8.17]: rounds accumulate without limit; the track (and the file) keep up to SROS_ROUNDS_MAX. */
static int add_rounds(int have, int more)
{
	return have + more > SROS_ROUNDS_MAX ? SROS_ROUNDS_MAX : have + more;
}

/* The start of a Game-Turn's segment: what the rules do on their own. */
static void enter(const struct sob *o, const struct stab *t, struct sros_game *g, struct evsink *ev)
{
	switch (g->seg) {
	case SS_REINFORCE:
		if (g->french_failed && !first_cinc(o, g, SN_FRENCH))
			appoint(o, g, SN_FRENCH, successor(o, g, SN_FRENCH, 0), 0, ev); /* [16.3]: the other, no die */
		for (int i = 0; i < o->n; i++) {
			struct sros_unit *s = &g->s[i];
			const struct sob_unit *u = &o->u[i];
			if (s->where == SW_DUE && u->entry == g->turn) {
				/* [6.11], [6.13]: the Allies behind their start line, mortars in their firing boxes,
				 * the Russians in their network; the owner may place them elsewhere this segment */
				bool area = allied(u->nation) && u->kind != SK_MORTAR;
				s->where = area ? SW_AREA : SW_MAP;
				s->box = area ? home_area(o, u->nation) : 0;
				ev_emit(ev, "[6.14]", "%s arrives (%s)%s", u->id, u->name,
					area ? ", behind its start line" : u->kind == SK_MORTAR ? ", in a Mortar Firing Box" : "");
			} else if (s->where == SW_ROUTED) {
				s->where = SW_MAP;
				ev_emit(ev, "[14.42]", "%s, routed last Game-Turn, returns to the Russian network", u->id);
			} else if (s->where == SW_OFF && s->back <= g->turn) {
				s->where = SW_AREA;
				s->back = 0;
				ev_emit(ev, "[5.22]", "%s returns to the %s Siege Area after its Game-Turn away", u->id,
					o->a[s->box].id);
			}
		}
		for (int n = 0; n < SN_NATIONS; n++) {
			int dead = 0, a = allowance(g, n);
			for (int i = 0; i < o->n; i++)
				dead += o->u[i].nation == n && o->u[i].kind == SK_INFANTRY && g->s[i].where == SW_ELIMINATED &&
					!o->u[i].marine;
			if (a)
				ev_emit(ev, n == SN_RUSSIAN ? "[6.21]" : n == SN_FRENCH ? "[6.22]" : "[6.23]",
					"%s: %d replacement%s this Game-Turn, %d eliminated infantry unit%s to return%s",
					stab_nation_name[n], a, a == 1 ? "" : "s", dead, dead == 1 ? "" : "s",
					dead ? " (replace --unit ID)" : ": none [6.24]");
		}
		break;
	case SS_ATTRITION:
		ev_emit(ev, "[7.0]", "Game-Turn %d (%s) is an attrition turn: each nation rolls%s", g->turn,
			t->turn[g->turn - 1], winter(t, g) ? ", +1 in winter [7.13]" : "");
		break;
	case SS_AMMUNITION:
		for (int n = 0; n < SN_NATIONS; n++) {
			const int *a = &t->ammo[g->turn - 1][3 * n];
			int have = sros_in_supply(o, g, n), siege = a[1] == STAB_NONE ? 0 : a[1], mortar = a[2] == STAB_NONE ? 0 : a[2];
			if (n == SN_BRITISH && g->turn <= g->brit_no_ammo) {
				ev_emit(ev, "[5.21]", "british: no artillery rounds this Game-Turn (Balaclava, through Game-Turn %d)",
					g->brit_no_ammo);
				continue;
			}
			if (!siege && !mortar) {
				ev_emit(ev, "[8.18]", "%s: no rounds due this Game-Turn", stab_nation_name[n]);
			} else if (have >= a[0]) {
				g->ammo[n][SG_SIEGE] = add_rounds(g->ammo[n][SG_SIEGE], siege);
				g->ammo[n][SG_MORTAR] = add_rounds(g->ammo[n][SG_MORTAR], mortar);
				if (n == SN_BRITISH) /* [8.18] note: mortar and Lancaster rounds */
					g->ammo[n][SG_LANCASTER] = add_rounds(g->ammo[n][SG_LANCASTER], mortar);
				struct event *x = ev_emit(ev, "[8.13]", "%s: %d unit%s in the %s Supply Box, %d needed: +%d siege gun, "
							  "+%d mortar%s rounds (now %d siege gun, %d mortar", stab_nation_name[n],
							  have, have == 1 ? "" : "s", box_name[n], a[0], siege, mortar,
							  n == SN_BRITISH ? " and Lancaster" : "", g->ammo[n][SG_SIEGE],
							  g->ammo[n][SG_MORTAR]);
				if (x)
					snprintf(x->text + strlen(x->text), sizeof x->text - strlen(x->text), n == SN_BRITISH ?
						 ", %d Lancaster)" : ")", g->ammo[n][SG_LANCASTER]);
			} else {
				ev_emit(ev, "[8.14]", "%s: %d unit%s in the %s Supply Box, %d needed: the %d siege gun and %d mortar "
					"rounds due are lost", stab_nation_name[n], have, have == 1 ? "" : "s", box_name[n], a[0],
					siege, mortar);
			}
		}
		break;
	case SS_ALLIED_MOVE:
		for (int i = 0; i < o->n; i++) {
			struct sros_unit *s = &g->s[i];
			if (s->limbered) {
				s->limbered = false;
				ev_emit(ev, "[10.0]", "%s, limbered, is unlimbered", o->u[i].id);
			}
			if (s->where == SW_TRANSIT && s->back <= g->turn) {
				s->where = SW_AREA;
				s->back = 0;
				s->arrived = true;
				if (s->box == french_right(o))
					g->right_held = true;
				ev_emit(ev, "[10.25]", "%s arrives in the %s Siege Area%s", o->u[i].id, o->a[s->box].id,
					s->box == french_right(o) ? ", behind the start line" : "");
			}
		}
		break;
	case SS_ALLIED_BUILD:
	case SS_RUSSIAN_BUILD: {
		int from = g->seg == SS_ALLIED_BUILD ? SN_BRITISH : SN_RUSSIAN, to = g->seg == SS_ALLIED_BUILD ? SN_FRENCH : SN_RUSSIAN;
		for (int n = from; n <= to; n++) {
			g->cp[n] = t->cp[g->turn - 1][n];
			g->bonus[n] = 0;
			g->engineer_rolled[n] = false;
			ev_emit(ev, "[9.12]", "%s: %d Construction Point%s (the Game-Turn Record Track); the engineer's die may add %d "
				"[9.2]%s", stab_nation_name[n], g->cp[n], g->cp[n] == 1 ? "" : "s",
				t->cp_star[g->turn - 1][n] ? 4 : 2, t->cp_star[g->turn - 1][n] ? " (* [9.23])" : "");
		}
		break;
	}
	default:
		break;
	}
}

/* The Game-Turn Indication Phase [4.0 5]: victory [19.0], or the next Game-Turn. */
static void end_turn(const struct sob *o, const struct stab *t, struct sros_game *g, struct evsink *ev)
{
	int major = 0, minor = 0;
	for (int b = 0; b < o->nb; b++)
		if (g->captured[b]) {
			major += o->b[b].major;
			minor += !o->b[b].major;
		}
	if (major + minor >= 2 && major >= 1) {
		g->seg = SS_OVER;
		g->winner = SN_BRITISH;
		ev_emit(ev, "[19.0]", "the Allies hold %d major and %d minor bastion%s: an Allied victory", major, minor,
			minor == 1 ? "" : "s");
		return;
	}
	if (g->turn == STAB_TURNS) {
		g->seg = SS_OVER;
		g->winner = SN_RUSSIAN;
		ev_emit(ev, "[19.0]", "the game ends after %s with %d major and %d minor bastion%s taken: a Russian victory",
			t->turn[g->turn - 1], major, minor, minor == 1 ? "" : "s");
		return;
	}
	g->turn++;
	g->intervened = false;
	g->russian_fired = false;
	g->assault = false;
	g->impulse = 0;
	g->nbrigades = 0;
	memset(g->brigade, 0, sizeof g->brigade);
	for (int n = 0; n < SN_NATIONS; n++) {
		g->replaced[n] = 0;
		g->attrition_done[n] = false;
		g->cp[n] = g->bonus[n] = 0;
		g->engineer_rolled[n] = false;
		g->assault_lost[n] = 0;
	}
	for (int b = 0; b < o->nb; b++)
		g->spent_at[b] = 0;
	for (int i = 0; i < o->n; i++)
		g->s[i].active = g->s[i].worked = g->s[i].arrived = false; /* [9.0], [10.11]: for its Game-Turn only */
	g->seg = SS_INTERVENTION;
	ev_emit(ev, "[4.0]", "Game-Turn %d, %s%s", g->turn, t->turn[g->turn - 1], winter(t, g) ? " (Winter [15.0])" : "");
}

/* Whether segment seg is played this Game-Turn. */
static bool played(const struct stab *t, const struct sros_game *g, int seg)
{
	switch (seg) {
	case SS_INTERVENTION:
		return may_intervene(t, g) || g->off_due > 0;
	case SS_ATTRITION:
		return t->attrition_turn[g->turn - 1];
	case SS_ALLIED_BUILD:
	case SS_RUSSIAN_BUILD:
		return !winter(t, g); /* [15.0] */
	case SS_ASSAULT:
		return g->assault && !winter(t, g);
	default:
		return true;
	}
}

int sros_next(const struct sob *o, const struct stab *t, struct sros_game *g, struct evsink *ev, struct err *e)
{
	char buf[256];
	const char *duty;
	if (g->seg == SS_OVER)
		return err_set(e, NULL, 0, "[19.0] the game is over: %s", g->winner == SN_RUSSIAN ? "a Russian victory" : "an Allied victory");
	if ((duty = sros_duty(o, t, g, buf, sizeof buf)))
		return err_set(e, NULL, 0, "%s", duty);
	if (g->seg == SS_ASSAULT && g->impulse < 5) {
		g->impulse++;
		for (int i = 0; i < o->n; i++)
			g->s[i].fired = false;
		ev_emit(ev, "[11.0]", "Assault Impulse %d of 5: Allied tactical movement, Russian field battery fire, Allied "
			"melee, Russian tactical movement, Russian melee [4.0]", g->impulse);
		return 0;
	}
	if (g->seg == SS_ASSAULT) {
		/* [11.21]: the assault ends; [16.3]: a French commander who lost four units has failed */
		for (int i = 0; i < o->n; i++)
			g->s[i].active = g->s[i].retreated = g->s[i].fired = false;
		ev_emit(ev, "[11.21]", "the assault ends: Allied units not garrisoning a captured bastion go back behind their "
			"start lines; garrison the four forwardmost parallels [10.5]");
		if (g->assault_lost[SN_FRENCH] >= 4 && g->cinc[SN_FRENCH] >= 0) {
			bool left = first_cinc(o, g, SN_FRENCH) || successor(o, g, SN_FRENCH, 0) >= 0;
			g->french_failed = left;
			ev_emit(ev, "[16.3]", "the French lost %d units: %s has failed, %s", g->assault_lost[SN_FRENCH],
				o->u[g->cinc[SN_FRENCH]].name, !left ? "but no one is left to replace him"
				: first_cinc(o, g, SN_FRENCH) ? "and is replaced next Game-Turn (a die)"
				: "and the one not chosen before replaces him next Game-Turn");
		}
	}
	do {
		if (g->seg == SS_RUSSIAN_BUILD) {
			end_turn(o, t, g, ev);
			if (g->seg == SS_OVER)
				return 0;
		} else {
			g->seg++;
		}
	} while (!played(t, g, g->seg));
	ev_emit(ev, "[4.0]", "Game-Turn %d (%s): %s", g->turn, t->turn[g->turn - 1], sros_seg_name[g->seg]);
	enter(o, t, g, ev);
	if (g->seg == SS_AMMUNITION) {
		/* nothing to choose: the Siege Battery Fire Segment follows */
		g->seg = SS_FIRE;
		ev_emit(ev, "[4.0]", "Game-Turn %d (%s): %s", g->turn, t->turn[g->turn - 1], sros_seg_name[g->seg]);
	}
	return 0;
}

static int need_seg(const struct sros_game *g, int seg, struct err *e)
{
	if (g->seg != seg)
		return err_set(e, NULL, 0, "[4.0] that is done in the %s; the game is in the %s", sros_seg_name[seg],
			       sros_seg_name[g->seg]);
	return 0;
}

/* --- the Planning Phase -------------------------------------------------------------------- */

int sros_intervene(const struct sob *o, const struct stab *t, struct sros_game *g, int battle, int die,
		   struct evsink *ev, struct err *e)
{
	int effect = STAB_NONE;
	(void)o;
	if (need_seg(g, SS_INTERVENTION, e) != 0)
		return -1;
	if (g->intervened)
		return err_set(e, NULL, 0, "[5.12] one battle a Game-Turn: this Game-Turn's is resolved");
	if (die < 1 || die > 6)
		return err_set(e, NULL, 0, "[5.0] roll the die for the battle (--die D)");
	if (sref_intervention(t, g->turn, battle, g->battle_used, g->battle_turn, die, &effect, ev, e) != 0)
		return -1;
	g->battle_used[battle] = true;
	g->battle_turn = g->turn;
	g->intervened = true;
	if (effect == STAB_NONE)
		return 0;
	if (battle == SB_BALACLAVA) {
		int from = g->brit_no_ammo >= g->turn ? g->brit_no_ammo : g->turn - 1;
		g->brit_no_ammo = from + effect;
	} else if (battle == SB_TCHERNAYA) {
		g->extra_repl += effect;
	} else {
		int can = 0;
		for (int i = 0; i < o->n; i++)
			can += o->u[i].kind == SK_INFANTRY && allied(o->u[i].nation) && g->s[i].where == SW_AREA &&
				(o->a[g->s[i].box].nation == SN_BRITISH || o->a[g->s[i].box].active > 1);
		g->off_due = effect < can ? effect : can;
		if (g->off_due < effect)
			ev_emit(ev, "[5.22]", "only %d Allied infantry units stand in the British and French Right Siege Areas: "
				"all go", can);
	}
	return 0;
}

int sros_take_off(const struct sob *o, struct sros_game *g, int unit, struct evsink *ev, struct err *e)
{
	struct sros_unit *s;
	if (unit < 0 || unit >= o->n)
		return err_set(e, NULL, 0, "no such unit");
	s = &g->s[unit];
	if (need_seg(g, SS_INTERVENTION, e) != 0)
		return -1;
	if (g->off_due <= 0)
		return err_set(e, NULL, 0, "[5.22] no Allied units are to leave the map");
	if (o->u[unit].kind != SK_INFANTRY || !allied(o->u[unit].nation) || s->where != SW_AREA ||
	    !(o->a[s->box].nation == SN_BRITISH || o->a[s->box].active > 1))
		return err_set(e, NULL, 0, "[5.3] %s is not Allied infantry in the British or French Right Siege Area",
			       o->u[unit].id);
	s->where = SW_OFF;
	s->back = g->turn + 1;
	g->off_due--;
	/* box keeps the area it returns to */
	ev_emit(ev, "[5.22]", "%s leaves the map for one Game-Turn (back in Game-Turn %d)%s", o->u[unit].id, s->back,
		g->off_due ? "" : ": the Inkerman diversion is complete");
	return 0;
}

int sros_link(const struct sob *o, struct sros_game *g, int area, bool broken, struct evsink *ev, struct err *e)
{
	int k = area == home_area(o, SN_FRENCH) ? 0 : area == french_right(o) ? 1 : -1;
	if (need_seg(g, broken ? SS_FIRE : SS_ALLIED_BUILD, e) != 0)
		return -1;
	if (k < 0)
		return err_set(e, NULL, 0, "[9.5] saps join the British Siege Area to a French one (french-left or french-right)");
	if (g->turn < o->a[area].active)
		return err_set(e, NULL, 0, "[9.31] the %s Siege Area is activated in Game-Turn %d", o->a[area].id,
			       o->a[area].active);
	if (g->linked[k] == !broken)
		return err_set(e, NULL, 0, "[9.5] the %s Siege Area is %s already", o->a[area].id, broken ? "cut off" : "joined");
	g->linked[k] = !broken;
	if (broken) {
		ev_emit(ev, "[8.95]", "a sap between the British and the %s Siege Areas is damaged: no unit moves through it "
			"until it is repaired (link --area %s, in the Allied Siege Construction Segment)", o->a[area].id,
			o->a[area].id);
		return 0;
	}
	ev_emit(ev, k ? "[9.52]" : "[9.51]", "saps join the British and the %s Siege Areas: %s", o->a[area].id,
		g->linked[0] && g->linked[1] ? "French units move between the areas at once, and from either to a Supply Box "
		"[10.21], [10.24]" : "French moves between the French areas take one Game-Turn [10.25]");
	return 0;
}

/* Whether unit i may be lost to attrition [7.12]. */
static bool attrition_eligible(const struct sob *o, const struct sros_game *g, int i, int nation)
{
	return o->u[i].nation == nation && o->u[i].kind == SK_INFANTRY && in_play(&g->s[i]) && !g->s[i].converted;
}

/* Checks units[n], the owner's choice of need units among those ok() accepts: refused
 * unless the list is exactly need distinct such units. */
static int choose(const struct sob *o, struct sros_game *g, const int *units, int n, int need,
		  bool (*ok)(const struct sob *, const struct sros_game *, int, int), int arg, const char *rule,
		  const char *what, struct err *e)
{
	if (n != need)
		return err_set(e, NULL, 0, "%s %d %s unit%s lost: name %s (--units ID,...)%s", rule, need, what,
			       need == 1 ? "" : "s", need == 1 ? "it" : "them", n ? "" : ", the owner's choice");
	for (int k = 0; k < n; k++) {
		if (units[k] < 0 || units[k] >= o->n || !ok(o, g, units[k], arg))
			return err_set(e, NULL, 0, "%s %s cannot be one of them", rule, units[k] >= 0 && units[k] < o->n ?
				       o->u[units[k]].id : "?");
		for (int j = 0; j < k; j++)
			if (units[j] == units[k])
				return err_set(e, NULL, 0, "%s is named twice", o->u[units[k]].id);
	}
	return 0;
}

int sros_attrition(const struct sob *o, const struct stab *t, struct sros_game *g, int nation, int die,
		   const int *units, int n, struct evsink *ev, struct err *e)
{
	int lost = 0, can = 0;
	double p[8];
	if (need_seg(g, SS_ATTRITION, e) != 0)
		return -1;
	if (nation < 0 || nation >= SN_NATIONS)
		return err_set(e, NULL, 0, "the nations are british, french and russian");
	if (g->attrition_done[nation])
		return err_set(e, NULL, 0, "[7.11] the %s attrition is rolled already", stab_nation_name[nation]);
	if (die < 1 || die > 6)
		return err_set(e, NULL, 0, "[7.0] roll the die (--die D)");
	if (sref_attrition(t, g->turn, nation, die, &lost, p, ev, e) != 0)
		return -1;
	for (int i = 0; i < o->n; i++)
		can += attrition_eligible(o, g, i, nation);
	if (choose(o, g, units, n, lost < can ? lost : can, attrition_eligible, nation, "[7.12]", stab_nation_name[nation],
		   e) != 0) {
		return -1; /* the ruling stands, told; nothing changes */
	}
	for (int k = 0; k < n; k++) {
		g->s[units[k]].where = SW_ELIMINATED;
		ev_emit(ev, "[7.12]", "%s is lost to disease and weather", o->u[units[k]].id);
	}
	g->attrition_done[nation] = true;
	return 0;
}

int sros_replace(const struct sob *o, struct sros_game *g, int unit, int where, int box, struct evsink *ev,
		 struct err *e)
{
	const struct sob_unit *u;
	if (unit < 0 || unit >= o->n)
		return err_set(e, NULL, 0, "no such unit");
	u = &o->u[unit];
	if (need_seg(g, SS_REINFORCE, e) != 0)
		return -1;
	if (where < SW_MAP || where > SW_BASTION)
		return err_set(e, NULL, 0, "a replacement goes to the map, a Siege Area, a Supply Box or a bastion");
	if (u->kind != SK_INFANTRY || g->s[unit].where != SW_ELIMINATED)
		return err_set(e, NULL, 0, "[6.15] only destroyed infantry returns as a replacement: %s is %s", u->id,
			       sros_where_name[g->s[unit].where]);
	if (u->marine)
		return err_set(e, NULL, 0, "[6.15] Russian marines are never replaced");
	if (u->nation == SN_BRITISH && !allowance(g, u->nation))
		return err_set(e, NULL, 0, "[6.23] British replacements begin in March 1855 (Game-Turn 8)");
	if (g->replaced[u->nation] >= allowance(g, u->nation))
		return err_set(e, NULL, 0, "[6.2] the %s have %d replacement%s this Game-Turn, taken", stab_nation_name[u->nation],
			       allowance(g, u->nation), allowance(g, u->nation) == 1 ? "" : "s");
	{
		int transit; /* [6.11]-[6.13]: where reinforcements arrive (a replacement never is in transit) */
		if (destination(o, g, unit, where, box, true, &transit, e) != 0)
			return -1;
	}
	g->s[unit].where = where;
	g->s[unit].box = box;
	g->replaced[u->nation]++;
	ev_emit(ev, u->nation == SN_RUSSIAN ? "[6.21]" : u->nation == SN_FRENCH ? "[6.22]" : "[6.23]",
		"%s returns as a replacement (%d of %d this Game-Turn)", u->id, g->replaced[u->nation], allowance(g, u->nation));
	return 0;
}

/* Whether this is Game-Turn 1's set-up (before the first ammunition) [3.3]. */
static bool setting_up(const struct sros_game *g)
{
	return g->turn == 1 && g->seg <= SS_ATTRITION;
}

/* The French area that is not the French Left (the one open from the start): the French Right. */
static int french_right(const struct sob *o)
{
	int left = home_area(o, SN_FRENCH);
	for (int a = 0; a < o->na; a++)
		if (o->a[a].nation == SN_FRENCH && a != left)
			return a;
	return -1;
}

/* Where unit may be put (placing: at the set-up or on arrival), or refused. *transit: the
 * Game-Turns a French move between the French areas takes [10.25], [10.26] (0: at once). */
static int destination(const struct sob *o, const struct sros_game *g, int unit, int where, int box, bool placing,
		       int *transit, struct err *e)
{
	const struct sob_unit *u = &o->u[unit];
	const struct sros_unit *s = &g->s[unit];
	bool gun = u->kind == SK_SIEGE || u->kind == SK_MORTAR || u->kind == SK_LANCASTER;
	bool field = u->kind == SK_FIELD || s->converted;
	int right = french_right(o);
	*transit = 0;
	if (allied(u->nation)) {
		bool box_gun = u->kind == SK_MORTAR || u->kind == SK_LANCASTER;
		if (box_gun ? where != SW_MAP : where == SW_MAP || where == SW_BASTION)
			return err_set(e, NULL, 0, box_gun ? "[3.3], [8.33] Allied mortars and the Lancaster stand in their firing "
				       "boxes (--to map)" : "[10.1] Allied units stand behind their start line, in the siegeworks "
				       "of a Siege Area or in a Supply Box");
		if (where == SW_AREA) {
			if (box < 0 || box >= o->na || o->a[box].nation != u->nation)
				return err_set(e, NULL, 0, "[10.16], [9.39] %s units deploy only in %s Siege Areas",
					       stab_nation_name[u->nation], stab_nation_name[u->nation]);
			if (g->turn < o->a[box].active)
				return err_set(e, NULL, 0, "[3.1], [10.27] the %s Siege Area is activated in Game-Turn %d", o->a[box].id,
					       o->a[box].active);
			if (placing && box == right && !g->right_held && g->turn > 1)
				return err_set(e, NULL, 0, "[6.12] French units arrive in the French Right Siege Area only once "
					       "French units have held it");
			if (!placing && s->where == SW_AREA && s->box != box && u->nation == SN_FRENCH &&
			    !(g->linked[0] && g->linked[1]))
				*transit = g->linked[0] || g->linked[1] ? 1 : 2; /* [10.25], [10.26] */
			if (!placing && s->where == SW_SUPPLY && box == right && !(g->linked[0] && g->linked[1]))
				return err_set(e, NULL, 0, "[10.21] until saps join both French areas to the British, units in a Supply "
					       "Box go to the French Left only");
		} else if (where == SW_SUPPLY) {
			if (gun || u->kind == SK_FIELD)
				return err_set(e, NULL, 0, "[10.2] infantry and leaders go to the Supply Boxes, not artillery");
			bool arriving = placing && !setting_up(g);
			if (box < 0 || box >= SN_NATIONS ||
			    (box != u->nation && !(u->nation == SN_FRENCH && box == SN_BRITISH && !arriving)))
				return err_set(e, NULL, 0, "[8.15], [10.2] %s units may not go to the %s Supply Box%s",
					       stab_nation_name[u->nation], box >= 0 && box < SN_NATIONS ? box_name[box] : "?",
					       u->nation == SN_BRITISH ? " (never the Kameitch)" : arriving
					       ? " (they arrive in their own [6.11])" : "");
			if (u->nation == SN_FRENCH && !placing && !(g->linked[0] && g->linked[1]) && s->where == SW_AREA &&
			    s->box == right)
				return err_set(e, NULL, 0, "[10.21] until saps join both French areas to the British, only French "
					       "units of the French Left go to a Supply Box");
		}
		return 0;
	}
	/* the Russians: siege guns and mortars in a bastion's firing box [3.3], [8.31]; the rest in
	 * their network, a bastion or the North Shore Supply Box [10.3], [10.31] */
	if ((u->kind == SK_SIEGE || u->kind == SK_MORTAR) && where != SW_BASTION)
		return err_set(e, NULL, 0, "[3.3], [8.31] Russian siege guns and mortars go into a bastion's firing box");
	if (where == SW_AREA && (u->kind != SK_ENGINEER || box < 0 || box >= o->na || o->a[box].nation != SN_RUSSIAN))
		return err_set(e, NULL, 0, "[9.2] only the engineer is placed in a Russian Siege Area (the others: the map, a "
			       "bastion or the Supply Box)");
	if (where == SW_SUPPLY && (box != SN_RUSSIAN || (u->kind != SK_INFANTRY && !field && u->kind != SK_ENGINEER)))
		return err_set(e, NULL, 0, "[10.3], [10.31] Russian infantry, field batteries and leaders go to the North Shore "
			       "Supply Box");
	if (where == SW_BASTION && (box < 0 || box >= o->nb || g->captured[box]))
		return err_set(e, NULL, 0, "[10.3] not into a captured bastion");
	if (where == SW_BASTION && (u->kind == SK_SIEGE || u->kind == SK_MORTAR))
		for (int i = 0; i < o->n; i++)
			if (i != unit && o->u[i].kind == u->kind && o->u[i].nation == SN_RUSSIAN && g->s[i].where == SW_BASTION &&
			    g->s[i].box == box)
				return err_set(e, NULL, 0, "[3.1] %s has one %s firing box, and %s is in it", o->b[box].name,
					       sob_kind_name[u->kind], o->u[i].id);
	return 0;
}

/* Whether sros_move may move unit to where/box now (0), or why not (-1, e); *transit as
 * destination()'s. Changes nothing. */
static int move_check(const struct sob *o, const struct sros_game *g, int unit, int where, int box, bool *placing,
		      int *transit, struct err *e)
{
	const struct sob_unit *u;
	const struct sros_unit *s;
	bool own;
	if (unit < 0 || unit >= o->n)
		return err_set(e, NULL, 0, "no such unit");
	u = &o->u[unit];
	s = &g->s[unit];
	*placing = setting_up(g) || (g->seg == SS_REINFORCE && u->entry == g->turn);
	own = u->nation == SN_RUSSIAN ? g->seg == SS_RUSSIAN_MOVE : g->seg == SS_ALLIED_MOVE;
	if (g->seg == SS_ASSAULT && u->nation == SN_RUSSIAN) {
		/* [12.3], [12.4]: Russian infantry between boxes, reserves and positions in the assault */
		if (u->kind != SK_INFANTRY || s->converted || (where != SW_MAP && where != SW_BASTION) || !in_play(s) ||
		    s->where == SW_SUPPLY)
			return err_set(e, NULL, 0, "[12.0] in the assault, Russian infantry moves between its boxes and bastions "
				       "(field batteries not at all)");
		own = true;
	}
	if (!*placing && !own)
		return err_set(e, NULL, 0, "[10.0] %s units move in their Operational Movement Segment (or are placed at the "
			       "set-up and on arrival); the game is in the %s", u->nation == SN_RUSSIAN ? "Russian" : "Allied",
			       sros_seg_name[g->seg]);
	if (!in_play(s))
		return err_set(e, NULL, 0, "%s is %s, not on the map", u->id, sros_where_name[s->where]);
	if (s->worked)
		return err_set(e, NULL, 0, "[10.11] %s built or repaired siegeworks this Game-Turn: it may not move", u->id);
	if (s->arrived)
		return err_set(e, NULL, 0, "[10.25] %s arrived from the other French area this segment: it stays behind the start "
			       "line", u->id);
	if (!*placing && (u->kind == SK_MORTAR || u->kind == SK_LANCASTER || (u->kind == SK_SIEGE && u->nation == SN_RUSSIAN)) &&
	    !(u->nation == SN_RUSSIAN && s->where != SW_BASTION)) /* a Russian gun not yet in a firing box deploys */
		return err_set(e, NULL, 0, "[10.0], [10.33] once deployed, mortars, the Lancaster battery and Russian siege "
			       "batteries never move");
	if (!*placing && s->where == SW_BASTION && allied(u->nation))
		return err_set(e, NULL, 0, "[11.22] %s garrisons %s for the rest of the game", u->id, o->b[s->box].name);
	if (where < SW_MAP || where > SW_BASTION)
		return err_set(e, NULL, 0, "a unit moves to the map, a Siege Area, a Supply Box or a bastion");
	if (destination(o, g, unit, where, box, *placing, transit, e) != 0)
		return -1;
	if (where == SW_SUPPLY && u->nation == SN_FRENCH && box == SN_BRITISH) {
		int french = 0;
		for (int i = 0; i < o->n; i++)
			french += i != unit && o->u[i].nation == SN_FRENCH && g->s[i].where == SW_SUPPLY && g->s[i].box == SN_BRITISH;
		if (french >= 2)
			return err_set(e, NULL, 0, "[8.15] at most two French units in the Balaclava Supply Box");
	}
	return 0;
}

int sros_move_check(const struct sob *o, const struct sros_game *g, int unit, int where, int box, struct err *e)
{
	bool placing;
	int transit;
	return move_check(o, g, unit, where, box, &placing, &transit, e);
}

int sros_move(const struct sob *o, const struct stab *t, struct sros_game *g, int unit, int where, int box,
	      struct evsink *ev, struct err *e)
{
	const struct sob_unit *u;
	struct sros_unit *s;
	bool placing;
	int transit;
	(void)t;
	if (move_check(o, g, unit, where, box, &placing, &transit, e) != 0)
		return -1;
	u = &o->u[unit];
	s = &g->s[unit];
	if (transit) {
		s->where = SW_TRANSIT;
		s->box = box;
		s->back = g->turn + transit;
		ev_emit(ev, transit == 1 ? "[10.25]" : "[10.26]", "%s leaves the map for the %s Siege Area: it arrives in the "
			"Allied Operational Movement Segment of Game-Turn %d (saps join %s French area%s to the British)", u->id,
			o->a[box].id, s->back, transit == 1 ? "one" : "no", transit == 1 ? "" : "s");
		return 0;
	}
	if (where == SW_AREA && box == french_right(o) && u->nation == SN_FRENCH)
		g->right_held = true;
	s->where = where;
	s->box = where == SW_MAP ? 0 : box;
	{
		char to[96];
		if (where == SW_AREA)
			snprintf(to, sizeof to, "the %s Siege Area", o->a[box].id);
		else if (where == SW_SUPPLY)
			snprintf(to, sizeof to, "the %s Supply Box", box_name[box]);
		else if (where == SW_BASTION)
			snprintf(to, sizeof to, "%s", o->b[box].name);
		else
			snprintf(to, sizeof to, "the map");
		ev_emit(ev, placing ? "[3.3]" : u->nation == SN_RUSSIAN ? "[10.3]" : "[10.1]", "%s %s %s", u->id,
			placing ? "is placed in" : "moves to", to);
	}
	if (u->kind == SK_SIEGE && allied(u->nation) && !placing) {
		s->limbered = true;
		ev_emit(ev, "[10.12]", "%s is limbered: it may not fire until the next Allied Operational Movement Segment "
			"unlimbers it [3.5]", u->id);
	}
	return 0;
}

/* --- the Siege Battery Phase --------------------------------------------------------------- */

static bool bastion_infantry(const struct sob *o, const struct sros_game *g, int i, int b)
{
	return o->u[i].nation == SN_RUSSIAN && o->u[i].kind == SK_INFANTRY && g->s[i].where == SW_BASTION &&
	       g->s[i].box == b && !g->s[i].converted;
}

static bool siegework_infantry(const struct sob *o, const struct sros_game *g, int i, int nation)
{
	(void)nation;
	return allied(o->u[i].nation) && o->u[i].kind == SK_INFANTRY && g->s[i].where == SW_AREA; /* [8.94] */
}

int sros_bombard(const struct sob *o, const struct stab *t, struct sros_game *g, const struct sros_round *r,
		 struct evsink *ev, struct err *e)
{
	struct stab_fire res;
	double p[STAB_FIRE_ROWS];
	int can = 0, need, nation, gun, kind;
	bool mamelon;
	if (need_seg(g, SS_FIRE, e) != 0)
		return -1;
	if (r->unit < 0 || r->unit >= o->n)
		return err_set(e, NULL, 0, "[8.3] name the battery that fires (--unit ID)");
	nation = o->u[r->unit].nation;
	kind = o->u[r->unit].kind;
	gun = kind == SK_SIEGE ? SG_SIEGE : kind == SK_MORTAR ? SG_MORTAR : kind == SK_LANCASTER ? SG_LANCASTER : -1;
	if (gun < 0)
		return err_set(e, NULL, 0, "[8.0] %s is not a siege gun, mortar or Lancaster battery (field batteries fire in "
			       "the Assault Phase [13.0])", o->u[r->unit].id);
	if (!in_play(&g->s[r->unit]))
		return err_set(e, NULL, 0, "[8.3] %s is not deployed (%s)", o->u[r->unit].id,
			       sros_where_name[g->s[r->unit].where]);
	if (nation == SN_RUSSIAN && (g->s[r->unit].where != SW_BASTION || g->captured[g->s[r->unit].box]))
		return err_set(e, NULL, 0, "[8.31] a Russian %s fires from a bastion's firing box (move it there at the set-up "
			       "or on arrival)", sob_kind_name[kind]);
	if (g->s[r->unit].limbered)
		return err_set(e, NULL, 0, "[8.32] %s moved, and is limbered until the Allied Operational Movement Segment "
			       "[3.5]", o->u[r->unit].id);
	if (allied(nation) && g->russian_fired)
		return err_set(e, NULL, 0, "[8.0] the Allies fire first: the Russians have fired, the Allies are done");
	if (g->ammo[nation][gun] < 1)
		return err_set(e, NULL, 0, "[8.16] no %s %s rounds are left on the Ammunition Supply Track",
			       stab_nation_name[nation], gun_name[gun]);
	if (allied(nation) ? r->bastion < 0 : r->bastion >= 0)
		return err_set(e, NULL, 0, allied(nation) ? "[8.42] Allied batteries fire at Russian bastions (--bastion ID)"
			       : "[8.41] Russian batteries fire at Allied saps and parallels (--sap)");
	if (r->bastion >= 0 && (r->bastion >= o->nb || g->captured[r->bastion]))
		return err_set(e, NULL, 0, "that bastion is in Allied hands");
	mamelon = r->bastion >= 0 && !strcmp(o->b[r->bastion].id, "mamelon");
	if (!r->die) {
		/* the odds before the roll, each distinct result of the column once: nothing changes */
		int st = r->bastion >= 0 ? g->strength[r->bastion] : -1, n;
		struct sref_fire_odds odds[STAB_FIRE_ROWS];
		if (sref_bombard(t, gun, r->yards, st, mamelon, 0, &res, p, NULL, e) != 0)
			return -1;
		n = sref_fire_outcomes(t, sref_fire_col(st, mamelon), p, odds);
		if (r->bastion < 0 && r->held_known)
			ev_emit(ev, "[8.94]", "the work fired at holds %d infantry unit%s: no more may be lost", r->held,
				r->held == 1 ? "" : "s");
		for (int k = 0; k < n; k++) {
			const struct stab_fire *c = &odds[k].cell;
			ev_emit(ev, "[8.99]", "%5.1f%%: %s%d level%s, %d infantry%s", 100 * odds[k].p, c->damaged ? "damaged, " : "",
				c->strength, c->strength == 1 ? "" : "s", c->infantry, c->dump ? ", an ammunition dump [8.98]" : "");
		}
		return 1;
	}
	if (r->die < 1 || r->die > 6)
		return err_set(e, NULL, 0, "dice are 1-6");
	if (sref_bombard(t, gun, r->yards, r->bastion >= 0 ? g->strength[r->bastion] : -1, mamelon, r->die, &res, p, ev,
			 e) != 0)
		return -1;
	for (int i = 0; i < o->n; i++)
		can += r->bastion >= 0 ? bastion_infantry(o, g, i, r->bastion) : siegework_infantry(o, g, i, 0);
	if (r->bastion < 0 && r->held_known && r->held < can) /* [8.94]: those in the work fired at */
		can = r->held > 0 ? r->held : 0;
	need = res.infantry < can ? res.infantry : can;
	if (r->bastion < 0 && r->held_known && need < res.infantry)
		ev_emit(ev, "[8.94]", "the work fired at holds %d infantry unit%s: %d lost", r->held, r->held == 1 ? "" : "s",
			need);
	if (choose(o, g, r->lost, r->nlost, need, r->bastion >= 0 ? bastion_infantry : siegework_infantry,
		   r->bastion, r->bastion >= 0 ? "[8.91]" : "[8.94]", r->bastion >= 0 ? "Russian infantry" : "Allied infantry",
		   e) != 0) {
		return -1;
	}
	g->ammo[nation][gun]--;
	if (!allied(nation))
		g->russian_fired = true;
	ev_emit(ev, "[8.0]", "%s %s rounds left: %d", stab_nation_name[nation], gun_name[gun], g->ammo[nation][gun]);
	if (r->bastion >= 0 && res.strength) {
		int was = g->strength[r->bastion];
		g->strength[r->bastion] = was > res.strength ? was - res.strength : 0; /* [8.91] never below zero */
		ev_emit(ev, "[8.91]", "%s: Strength Level %d -> %d", o->b[r->bastion].name, was, g->strength[r->bastion]);
	}
	for (int k = 0; k < r->nlost; k++) {
		g->s[r->lost[k]].where = SW_ELIMINATED;
		ev_emit(ev, r->bastion >= 0 ? "[8.91]" : "[8.94]", "%s is destroyed by the fire", o->u[r->lost[k]].id);
	}
	if (res.dump) {
		/* [8.98] (addenda: must): two rounds of the firing nation, the named kinds first */
		for (int k = 0; k < 2; k++) {
			int lose = -1;
			if (r->dump[k] >= 0 && r->dump[k] < SROS_GUNS && g->ammo[nation][r->dump[k]] > 0)
				lose = r->dump[k];
			for (int q = 0; lose < 0 && q < SROS_GUNS; q++) {
				int c = (gun + q) % SROS_GUNS;
				if (g->ammo[nation][c] > 0)
					lose = c;
			}
			if (lose < 0) {
				ev_emit(ev, "[8.98]", "no %s rounds are left to lose", stab_nation_name[nation]);
				break;
			}
			g->ammo[nation][lose]--;
			ev_emit(ev, "[8.98]", "an ammunition dump explodes: one %s %s round destroyed (%d left)",
				stab_nation_name[nation], gun_name[lose], g->ammo[nation][lose]);
		}
	}
	return 0;
}

/* --- construction -------------------------------------------------------------------------- */

int sros_engineer(const struct sob *o, const struct stab *t, struct sros_game *g, int nation, int die,
		  struct evsink *ev, struct err *e)
{
	int eng = sros_engineer_unit(o, nation);
	struct event *x;
	if (nation < 0 || nation >= SN_NATIONS)
		return err_set(e, NULL, 0, "the nations are british, french and russian");
	if (need_seg(g, nation == SN_RUSSIAN ? SS_RUSSIAN_BUILD : SS_ALLIED_BUILD, e) != 0)
		return -1;
	if (g->engineer_rolled[nation])
		return err_set(e, NULL, 0, "[9.2] the %s engineer's die is rolled once a Game-Turn", stab_nation_name[nation]);
	if (die < 1 || die > 6)
		return err_set(e, NULL, 0, "[9.2] roll the die (--die D)");
	if (eng < 0 || unit_area(o, g, eng) < 0)
		return err_set(e, NULL, 0, "[9.24] the %s engineer is not in a Siege Area", stab_nation_name[nation]);
	g->engineer_rolled[nation] = true;
	if (die <= o->u[eng].die) {
		g->bonus[nation] = t->cp_star[g->turn - 1][nation] ? 4 : o->u[eng].bonus;
		x = ev_emit(ev, nation == SN_RUSSIAN ? "[9.21]" : "[9.22]", "%s, die %d (1-%d): +%d Construction Points in the %s "
			    "Siege Area only%s", o->u[eng].name, die, o->u[eng].die, g->bonus[nation],
			    o->a[unit_area(o, g, eng)].id, t->cp_star[g->turn - 1][nation] ? " (* [9.23])" : "");
	} else {
		x = ev_emit(ev, nation == SN_RUSSIAN ? "[9.21]" : "[9.22]", "%s, die %d (1-%d to gain): no bonus",
			    o->u[eng].name, die, o->u[eng].die);
	}
	ev_die(x, die);
	return 0;
}

/* "4 left", with the engineer's bonus points still to spend. */
static const char *left(const struct sros_game *g, int nation, char *buf, size_t n)
{
	if (g->bonus[nation])
		snprintf(buf, n, "%d left, and %d of the engineer's bonus", g->cp[nation], g->bonus[nation]);
	else
		snprintf(buf, n, "%d left", g->cp[nation]);
	return buf;
}

/* Spends cost points of nation in area: the engineer's bonus there first, then the rest. */
static int spend(const struct sob *o, struct sros_game *g, int nation, int area, int cost, struct err *e)
{
	int eng = sros_engineer_unit(o, nation), bonus = eng >= 0 && unit_area(o, g, eng) == area ? g->bonus[nation] : 0;
	int from_bonus = cost < bonus ? cost : bonus;
	if (g->cp[nation] + bonus < cost)
		return err_set(e, NULL, 0, "[9.12] the %s have %d Construction Point%s left%s, not %d", stab_nation_name[nation],
			       g->cp[nation] + bonus, g->cp[nation] + bonus == 1 ? "" : "s",
			       g->bonus[nation] && !bonus ? " here (the engineer's bonus is for his Siege Area [9.21])" : "",
			       cost);
	g->bonus[nation] -= from_bonus;
	g->cp[nation] -= cost - from_bonus;
	return 0;
}

static bool digger(const struct sob *o, const struct sros_game *g, int i, int area)
{
	const struct sob_unit *u = &o->u[i];
	return u->kind == SK_INFANTRY && u->nation == o->a[area].nation && g->s[i].where == SW_AREA && g->s[i].box == area &&
	       !g->s[i].worked && !u->guards && !(u->nation == SN_BRITISH && !strcmp(u->division, "1")) && !g->s[i].active;
}

int sros_dig(const struct sob *o, struct sros_game *g, int nation, int area, int cost, bool repair, bool sap,
	     const int *units, int n, struct evsink *ev, struct err *e)
{
	int eng = sros_engineer_unit(o, nation), need = repair ? 1 : 2;
	char who[96] = "", lbuf[64], ebuf[128];
	if (need_seg(g, SS_ALLIED_BUILD, e) != 0)
		return -1;
	if (!allied(nation) || area < 0 || area >= o->na || o->a[area].nation != nation)
		return err_set(e, NULL, 0, "[9.13], [9.39] %s points build in a %s Siege Area", stab_nation_name[nation],
			       stab_nation_name[nation]);
	if (g->turn < o->a[area].active)
		return err_set(e, NULL, 0, "[9.31] the %s Siege Area is activated in Game-Turn %d", o->a[area].id,
			       o->a[area].active);
	if (repair)
		cost = 1; /* [9.14] */
	else if (eng < 0 || unit_area(o, g, eng) != area)
		return err_set(e, NULL, 0, "[9.24], [9.25] new %s siegeworks need the %s engineer in the %s Siege Area, and %s",
			       stab_nation_name[nation], stab_nation_name[nation], o->a[area].id,
			       sros_engineer_at(o, g, nation, ebuf, sizeof ebuf));
	if (n != need)
		return err_set(e, NULL, 0, "[9.37] %s needs %d infantry unit%s of the Siege Area (--units ID,...)",
			       repair ? "a repair" : "a new sap or parallel", need, need == 1 ? "" : "s");
	for (int k = 0; k < n; k++) {
		if (units[k] < 0 || units[k] >= o->n || !digger(o, g, units[k], area) || (k && units[k] == units[0]))
			return err_set(e, NULL, 0, "[9.38] %s may not dig here: it must be %s infantry in the %s Siege Area, not in a "
				       "Supply Box, not of the Guards or the British 1st Division, not digging already",
				       units[k] >= 0 && units[k] < o->n ? o->u[units[k]].id : "?", stab_nation_name[nation],
				       o->a[area].id);
	}
	if (spend(o, g, nation, area, cost, e) != 0)
		return -1;
	for (int k = 0; k < n; k++) {
		size_t at = strlen(who);
		g->s[units[k]].worked = true;
		snprintf(who + at, sizeof who - at, "%s%s", k ? " and " : "", o->u[units[k]].id);
	}
	ev_emit(ev, repair ? "[9.14]" : "[9.3]", "%s %s in the %s Siege Area for %d point%s (%s): %s dig%s, inverted, and "
		"stay there this Game-Turn [9.37]", stab_nation_name[nation], repair ? "repair a siegework" :
		sap ? "build a sap" : "build a parallel", o->a[area].id, cost, cost == 1 ? "" : "s",
		left(g, nation, lbuf, sizeof lbuf), who, n == 1 ? "s" : "");
	return 0;
}

int sros_fortify(const struct sob *o, struct sros_game *g, int bastion, int levels, bool upgrade, struct evsink *ev,
		 struct err *e)
{
	int was, cost, men = 0, eng = sros_engineer_unit(o, SN_RUSSIAN), area;
	char lbuf[64], ebuf[128];
	if (need_seg(g, SS_RUSSIAN_BUILD, e) != 0)
		return -1;
	if (bastion < 0 || bastion >= o->nb || levels < 1)
		return err_set(e, NULL, 0, "a bastion and a number of levels");
	if (g->captured[bastion])
		return err_set(e, NULL, 0, "%s is in Allied hands", o->b[bastion].name);
	was = g->strength[bastion];
	area = bastion_area(o, bastion);
	if (!upgrade && (was > 2 || was + levels > 3))
		return err_set(e, NULL, 0, "[9.15] a repair takes a bastion of Strength Level 0-2 up to 3 at most (%s is %d)",
			       o->b[bastion].name, was);
	if (upgrade && (was < 3 || was + levels > 8))
		return err_set(e, NULL, 0, "[9.16], [9.44] an upgrade takes a bastion of 3-7 up to 8 at most (%s is %d)",
			       o->b[bastion].name, was);
	if (upgrade && (eng < 0 || unit_area(o, g, eng) != area))
		return err_set(e, NULL, 0, "[9.24] an upgrade needs the engineer in the bastion's Siege Area (%s), and %s",
			       o->a[area].id, sros_engineer_at(o, g, SN_RUSSIAN, ebuf, sizeof ebuf));
	cost = upgrade ? 2 * levels : levels;
	for (int i = 0; i < o->n; i++)
		men += bastion_infantry(o, g, i, bastion);
	if (g->spent_at[bastion] + cost > men)
		return err_set(e, NULL, 0, "[9.42] each point spent on %s needs one infantry unit in it: %d there, %d spent "
			       "already, %d more asked", o->b[bastion].name, men, g->spent_at[bastion], cost);
	if (spend(o, g, SN_RUSSIAN, area, cost, e) != 0)
		return -1;
	g->spent_at[bastion] += cost;
	g->strength[bastion] = was + levels;
	ev_emit(ev, upgrade ? "[9.16]" : "[9.15]", "%s %s: Strength Level %d -> %d for %d point%s (%s)",
		o->b[bastion].name, upgrade ? "upgraded" : "repaired", was, g->strength[bastion], cost, cost == 1 ? "" : "s",
		left(g, SN_RUSSIAN, lbuf, sizeof lbuf));
	return 0;
}

/* --- the Assault Phase --------------------------------------------------------------------- */

int sros_assault(const struct sob *o, const struct stab *t, struct sros_game *g, const char *const *brigades, int n,
		 struct evsink *ev, struct err *e)
{
	int per[2] = {0, 0};
	bool guards = false;
	if (need_seg(g, SS_ALLIED_MOVE, e) != 0)
		return -1;
	if (winter(t, g))
		return err_set(e, NULL, 0, "[15.0] no Assault Phase in winter (%s)", t->turn[g->turn - 1]);
	if (g->assault)
		return err_set(e, NULL, 0, "[11.0] one Assault Phase a Game-Turn");
	if (n < 1 || n > SROS_BRIGADES)
		return err_set(e, NULL, 0, "[11.1] name the brigades that assault (--brigades B,...)");
	for (int k = 0; k < n; k++) {
		int nation = -1;
		bool g_ = false;
		bool here = false;
		for (int i = 0; i < o->n; i++)
			if (o->u[i].kind == SK_INFANTRY && allied(o->u[i].nation) && !strcmp(o->u[i].brigade, brigades[k])) {
				nation = o->u[i].nation;
				g_ = g_ || (o->u[i].guards && o->u[i].nation == SN_BRITISH);
				here = here || (g->s[i].where == SW_AREA && !g->s[i].worked);
			}
		if (nation < 0)
			return err_set(e, NULL, 0, "[11.1] no Allied brigade \"%s\" (crimea referee siege units --game F)", brigades[k]);
		if (!here)
			return err_set(e, NULL, 0, "[11.1] brigade %s has no unit on the map to assault (behind the start line or in "
				       "the siegeworks, not digging)", brigades[k]);
		for (int j = 0; j < k; j++)
			if (!strcmp(brigades[j], brigades[k]))
				return err_set(e, NULL, 0, "brigade %s is named twice", brigades[k]);
		per[nation]++;
		guards = guards || g_;
	}
	for (int nation = 0; nation < 2; nation++)
		if (g->cinc[nation] >= 0 && per[nation] > o->u[g->cinc[nation]].brigades)
			return err_set(e, NULL, 0, "[16.0] %s activates %d %s brigade%s, not %d", o->u[g->cinc[nation]].name,
				       o->u[g->cinc[nation]].brigades, stab_nation_name[nation],
				       o->u[g->cinc[nation]].brigades == 1 ? "" : "s", per[nation]);
	if (guards && g->guards_used)
		return err_set(e, NULL, 0, "[11.1] the British Guards Division is activated once per game, and it has been");
	g->assault = true;
	g->guards_used = g->guards_used || guards;
	g->nbrigades = n;
	memset(g->brigade, 0, sizeof g->brigade);
	for (int k = 0; k < n; k++)
		snprintf(g->brigade[k], sizeof g->brigade[k], "%s", brigades[k]);
	for (int i = 0; i < o->n; i++) {
		bool in = false;
		for (int k = 0; k < n; k++)
			in = in || !strcmp(o->u[i].brigade, brigades[k]);
		if (o->u[i].kind == SK_INFANTRY && g->s[i].where == SW_AREA && !g->s[i].worked && (in || o->u[i].naval))
			g->s[i].active = true; /* [11.1]: the Naval units free; [9.38]: not the diggers; [12.12]:
						* from the parallels, not the Supply Boxes */
	}
	g->seg = SS_ASSAULT;
	g->impulse = 1;
	ev_emit(ev, "[11.1]", "the Allies assault with %d British and %d French brigade%s%s; Assault Impulse 1 of 5", per[0],
		per[1], per[0] + per[1] == 1 ? "" : "s", guards ? " (the Guards' one assault)" : "");
	return 0;
}

int sros_casualty(const struct sob *o, struct sros_game *g, int unit, char effect, struct evsink *ev, struct err *e)
{
	const struct sob_unit *u;
	struct sros_unit *s;
	if (unit < 0 || unit >= o->n)
		return err_set(e, NULL, 0, "no such unit");
	u = &o->u[unit];
	s = &g->s[unit];
	if (need_seg(g, SS_ASSAULT, e) != 0)
		return -1;
	if (u->kind != SK_INFANTRY || s->converted || !in_play(s))
		return err_set(e, NULL, 0, "[14.4] only infantry on the map suffers morale effects (a field battery goes to its "
			       "Reserve Box [14.25])");
	if (allied(u->nation) && !s->active)
		return err_set(e, NULL, 0, "[11.1] %s was not activated for this assault", u->id);
	if (effect == 'E') {
		s->where = SW_ELIMINATED;
		s->active = false;
		g->assault_lost[u->nation]++;
		ev_emit(ev, "[14.41]", "%s is eliminated", u->id);
	} else if (effect == 'R' && u->nation == SN_RUSSIAN) {
		s->where = SW_ROUTED;
		ev_emit(ev, "[14.42]", "%s routs: off the map, back next Game-Turn (not a replacement)", u->id);
	} else if (effect == 'R') {
		s->active = false;
		ev_emit(ev, "[14.42]", "%s routs: behind its start line, and may not move again this Assault Phase", u->id);
	} else {
		return err_set(e, NULL, 0, "[14.4] a casualty is E (eliminated) or R (routed); retreats stay on the map");
	}
	return 0;
}

/* A Russian field battery: one of the four, or a Marine Battery become one [17.1]. */
static bool field_battery(const struct sob *o, const struct sros_game *g, int i)
{
	return o->u[i].kind == SK_FIELD || g->s[i].converted;
}

int sros_melee_mod(const struct sob *o, int i)
{
	const struct sob_unit *u = &o->u[i];
	return sref_melee_mod(u->nation == SN_RUSSIAN ? "russian" : u->nation == SN_BRITISH ? "british"
			      : u->zouave ? "zouave" : "french");
}

/* The morale roll of an affected unit i, with its modifier [14.3]: its effect applied, or
 * refused for want of the die. */
static int morale(const struct sob *o, const struct stab *t, struct sros_game *g, int i, int mod, int die,
		  char *effect, struct evsink *ev, struct err *e)
{
	struct sros_unit *s = &g->s[i];
	struct event *x;
	char eff;
	if (die < 1 || die > 6)
		return err_set(e, NULL, 0, "[14.24] %s is affected: roll its morale die (class %c, %+d)", o->u[i].id,
			       'A' + o->u[i].morale, mod);
	eff = *effect = sref_morale_effect(t, o->u[i].morale, die + mod);
	x = ev_emit(ev, "[14.36]", "%s, class %c: die %d %+d = %d: %s", o->u[i].id, 'A' + o->u[i].morale, die, mod, die + mod,
		    eff == 'E' ? "eliminated" : eff == 'R' ? "routed" : eff == '1' ? "retreats 1" : eff == '2' ? "retreats 2"
		    : "no effect");
	ev_die(x, die);
	if (eff == 'E') {
		s->where = SW_ELIMINATED;
		s->active = false;
		g->assault_lost[o->u[i].nation]++;
		ev_emit(ev, "[14.41]", "%s is eliminated for the rest of the game", o->u[i].id);
	} else if (eff == 'R' && o->u[i].nation == SN_RUSSIAN) {
		s->where = SW_ROUTED;
		ev_emit(ev, "[14.42]", "%s routs: off the map, back next Game-Turn", o->u[i].id);
	} else if (eff == 'R') {
		s->active = false;
		ev_emit(ev, "[14.42]", "%s routs: behind its start line, out of this Assault Phase", o->u[i].id);
	} else if (eff == '1' || eff == '2') {
		s->retreated = true;
		ev_emit(ev, o->u[i].nation == SN_RUSSIAN ? "[14.52]" : "[14.54]", "%s retreats %c (its owner moves it; -1 on "
			"its next morale roll this Assault Phase [14.34])", o->u[i].id, eff);
	}
	return 0;
}

/* "eliminated 16.7%, routed 33.3%, ..." for class cls at modifier mod, into buf. */
static const char *morale_odds(const struct stab *t, int cls, int mod, char *buf, size_t n)
{
	static const char order[] = "ER12-";
	static const char *const name[5] = {"eliminated", "routed", "retreat 1", "retreat 2", "no effect"};
	double p[5] = {0};
	size_t at = 0;
	for (int f = 1; f <= 6; f++) {
		const char *c = strchr(order, sref_morale_effect(t, cls, f + mod));
		if (c)
			p[c - order] += 1.0 / 6;
	}
	buf[0] = 0;
	for (int k = 0; k < 5 && at < n; k++)
		if (p[k] >= 0.0005)
			at += (size_t)snprintf(buf + at, n - at, "%s%s %.1f%%", at ? ", " : "", name[k], 100 * p[k]);
	return buf;
}

/* [14.32], [14.33]: the modifier counts for an attacker at the Assault Positions, not for one in
 * the bastion's positions (m->in_bastion: all of them; att_in[k]: attacker k). */
static int att_mod(const struct sros_melee *m, int k, int amod)
{
	return m->att_in[k] ? 0 : amod;
}

int sros_melee(const struct sob *o, const struct stab *t, struct sros_game *g, const struct sros_melee *m,
	       struct evsink *ev, struct err *e)
{
	int attack = 0, defence, col, mod, side, bastion = -1, amod, dmod;
	bool gun, hita, hitd;
	char r, deff = '-';
	struct event *x;
	if (need_seg(g, SS_ASSAULT, e) != 0)
		return -1;
	if (m->natt < 1 || m->natt > 6 || m->def < 0 || m->def >= o->n)
		return err_set(e, NULL, 0, "[14.13] one defender, and one to six attackers");
	gun = field_battery(o, g, m->def);
	if (!in_play(&g->s[m->def]) || (o->u[m->def].kind != SK_INFANTRY && !gun))
		return err_set(e, NULL, 0, "[14.1] %s is not infantry (or a Russian field battery) on the map", o->u[m->def].id);
	side = allied(o->u[m->def].nation);
	if (side ? !g->s[m->def].active : g->s[m->def].where != SW_BASTION)
		return err_set(e, NULL, 0, side ? "[14.12] %s takes no part in the assault" :
			       "[14.12] %s is not in a bastion's positions", o->u[m->def].id);
	if (g->s[m->def].where == SW_BASTION && o->u[m->def].nation == SN_RUSSIAN)
		bastion = g->s[m->def].box;
	for (int k = 0; k < m->natt; k++) {
		int i = m->att[k];
		if (i < 0 || i >= o->n || o->u[i].kind != SK_INFANTRY || field_battery(o, g, i) || !in_play(&g->s[i]) ||
		    allied(o->u[i].nation) == side)
			return err_set(e, NULL, 0, "[14.11] %s may not attack %s: infantry of the other side on the map attacks",
				       i >= 0 && i < o->n ? o->u[i].id : "?", o->u[m->def].id);
		if (allied(o->u[i].nation) && !g->s[i].active)
			return err_set(e, NULL, 0, "[11.1] %s was not activated for this assault", o->u[i].id);
		if (!allied(o->u[i].nation) && g->s[i].where != SW_BASTION)
			return err_set(e, NULL, 0, "[14.11] %s attacks from a bastion's positions or Reserve Box, not from %s",
				       o->u[i].id, sros_where_name[g->s[i].where]);
		for (int j = 0; j < k; j++)
			if (m->att[j] == i)
				return err_set(e, NULL, 0, "%s is named twice", o->u[i].id);
		attack += o->u[i].strength;
	}
	defence = gun ? 2 : o->u[m->def].strength; /* [14.17] */
	if ((col = sref_melee_col(attack, defence, e)) < 0)
		return -1;
	mod = sros_melee_mod(o, m->def);
	/* [14.32], [14.33]: Allied attackers from Assault Positions on a Russian in a bastion */
	amod = !side && bastion >= 0 && !m->in_bastion ? sref_morale_mod(g->strength[bastion], false) : 0;
	dmod = sref_morale_mod(-1, g->s[m->def].retreated);
	if (!m->die) {
		/* the odds before the roll: nothing changes */
		double pa = 0, pd = 0;
		char buf[160];
		for (int f = 1; f <= 6; f++) {
			char q = sref_melee_result(t, col, f + mod);
			pa += (q == 'A' || q == 'B') / 6.0;
			pd += (q == 'D' || q == 'B') / 6.0;
		}
		ev_emit(ev, "[14.26]", "%d to %d, the %s column, %+d [14.21]-[14.23]: the attackers affected %.1f%%, the "
			"defender %.1f%%", attack, defence, stab_crt_col[col], mod, 100 * pa, 100 * pd);
		for (int k = 0; k < m->natt; k++) {
			int i = m->att[k], am = att_mod(m, k, amod) + (g->s[i].retreated ? -1 : 0);
			ev_emit(ev, "[14.36]", "%s if affected (class %c, %+d): %s", o->u[i].id, 'A' + o->u[i].morale, am,
				morale_odds(t, o->u[i].morale, am, buf, sizeof buf));
		}
		if (gun)
			ev_emit(ev, "[14.25]", "%s if affected: to its Reserve Box, never eliminated", o->u[m->def].id);
		else
			ev_emit(ev, "[14.36]", "%s if affected (class %c, %+d): %s", o->u[m->def].id, 'A' + o->u[m->def].morale,
				dmod, morale_odds(t, o->u[m->def].morale, dmod, buf, sizeof buf));
		return 1;
	}
	if (m->die < 1 || m->die > 6)
		return err_set(e, NULL, 0, "dice are 1-6");
	r = sref_melee_result(t, col, m->die + mod);
	hita = r == 'A' || r == 'B';
	hitd = r == 'D' || r == 'B';
	x = ev_emit(ev, "[14.26]", "%d to %d, the %s column: die %d %+d = %d: %c, %s", attack, defence, stab_crt_col[col],
		    m->die, mod, m->die + mod, r, hita && hitd ? "both affected" : hitd ? "the defender affected"
		    : "the attackers affected");
	ev_die(x, m->die);
	/* every die first: a refusal changes nothing */
	for (int k = 0; hita && k < m->natt; k++)
		if (m->adie[k] < 1 || m->adie[k] > 6)
			return err_set(e, NULL, 0, "[14.24] the attackers are affected: roll each one's morale die (--attacker-dice "
				       "D,..; %s is class %c, %+d)", o->u[m->att[k]].id, 'A' + o->u[m->att[k]].morale,
				       att_mod(m, k, amod) + (g->s[m->att[k]].retreated ? -1 : 0));
	if (hitd && !gun && (m->ddie < 1 || m->ddie > 6))
		return err_set(e, NULL, 0, "[14.24] %s is affected: roll its morale die (--defender-die D; class %c, %+d)",
			       o->u[m->def].id, 'A' + o->u[m->def].morale, dmod);
	if (hitd && gun) {
		ev_emit(ev, "[14.25]", "%s, a field battery, goes to its bastion's Reserve Box: never eliminated", o->u[m->def].id);
		deff = 'R';
	} else if (hitd) {
		morale(o, t, g, m->def, dmod, m->ddie, &deff, ev, e);
	}
	for (int k = 0; hita && k < m->natt; k++) {
		char eff;
		morale(o, t, g, m->att[k], att_mod(m, k, amod) + (g->s[m->att[k]].retreated ? -1 : 0), m->adie[k], &eff, ev, e);
	}
	if (!hita && deff != '-') {
		bool russian = o->u[m->att[0]].nation == SN_RUSSIAN;
		ev_emit(ev, "[14.6]", "an attacker may advance into the position %s left%s%s", o->u[m->def].id,
			deff == '2' ? " (and another into the second it vacates [14.63])" : "",
			russian ? ", unless it is an Assault Position: a Russian unit never advances into one [14.65]" : "");
	}
	return 0;
}

int sros_battery(const struct sob *o, const struct stab *t, struct sros_game *g, const struct sros_fire *f,
		 struct evsink *ev, struct err *e)
{
	int shots, rm, mod, hits = 0;
	char eff = '-';
	if (need_seg(g, SS_ASSAULT, e) != 0)
		return -1;
	if (f->gun < 0 || f->gun >= o->n || f->target < 0 || f->target >= o->n || f->terrain < 0 || f->terrain > 2)
		return err_set(e, NULL, 0, "a field battery and a target");
	if (!field_battery(o, g, f->gun) || g->s[f->gun].where != SW_BASTION)
		return err_set(e, NULL, 0, "[13.0] %s is not a Russian field battery in a bastion's positions", o->u[f->gun].id);
	if (g->s[f->gun].fired)
		return err_set(e, NULL, 0, "[13.0] %s has fired in this Assault Impulse", o->u[f->gun].id);
	if (!allied(o->u[f->target].nation) || o->u[f->target].kind != SK_INFANTRY || !in_play(&g->s[f->target]) ||
	    !g->s[f->target].active)
		return err_set(e, NULL, 0, "[4.0], [13.0] field batteries fire at the assaulting units, not %s",
			       o->u[f->target].id);
	for (int k = 0; k < f->ndice && k < 3; k++)
		if (f->dice[k] < 1 || f->dice[k] > 6)
			return err_set(e, NULL, 0, "dice are 1-6");
	for (int k = 0; k < f->nmdice && k < 3; k++)
		if (f->mdice[k] < 1 || f->mdice[k] > 6)
			return err_set(e, NULL, 0, "dice are 1-6");
	if (f->ndice < 0 || f->ndice > 3 || f->nmdice < 0 || f->nmdice > 3)
		return err_set(e, NULL, 0, "at most three dice");
	if (f->yards < 1 || f->yards > 600)
		return err_set(e, NULL, 0, "[13.0] field batteries reach 600 yards (the rangefinder, centre to centre), not %d",
			       f->yards);
	if (sref_range_mod(t, f->yards, &rm, e) != 0)
		return -1;
	shots = 1 + f->terrain; /* [13.0]: twice into a depression, three times into a ravine */
	mod = rm + sros_melee_mod(o, f->target);
	if (!f->ndice) {
		/* the odds before the roll: nothing changes */
		double pd = 0;
		char buf[160];
		for (int k = 1; k <= 6; k++) {
			char q = sref_melee_result(t, 3, k + mod);
			pd += (q == 'D' || q == 'B') / 6.0;
		}
		ev_emit(ev, "[13.0]", "%s at %s, %d yards: %d shot%s on the 2-1 column, %+d: each affects the target %.1f%%",
			o->u[f->gun].id, o->u[f->target].id, f->yards, shots, shots == 1 ? "" : "s", mod, 100 * pd);
		ev_emit(ev, "[14.36]", "%s each time (class %c, %+d): %s", o->u[f->target].id, 'A' + o->u[f->target].morale,
			sref_morale_mod(-1, g->s[f->target].retreated), morale_odds(t, o->u[f->target].morale,
			sref_morale_mod(-1, g->s[f->target].retreated), buf, sizeof buf));
		return 1;
	}
	if (f->ndice != shots)
		return err_set(e, NULL, 0, "[13.0] %d shot%s (%s): roll %d di%s (--dice D,..), 2-1 column, %+d", shots,
			       shots == 1 ? "" : "s", f->terrain == 2 ? "a ravine" : f->terrain == 1 ? "a depression" : "open ground",
			       shots, shots == 1 ? "e" : "ce", mod);
	for (int k = 0; k < shots; k++) {
		char r = sref_melee_result(t, 3, f->dice[k] + mod); /* the 2-1 column */
		struct event *x = ev_emit(ev, "[13.0]", "%s at %s, %d yards, shot %d: die %d %+d = %d on the 2-1 column: %c, %s",
					  o->u[f->gun].id, o->u[f->target].id, f->yards, k + 1, f->dice[k], mod,
					  f->dice[k] + mod, r, r == 'D' || r == 'B' ? "the target affected"
					  : "no effect (the battery is never affected)");
		ev_die(x, f->dice[k]);
		hits += r == 'D' || r == 'B';
	}
	/* each shot that affects the target is a morale roll of its own, in order: an eliminated or
	 * routed target takes no more; after a retreat, -1 [14.34]. The rolls are counted first, so
	 * that a refusal for want of one changes nothing. */
	{
		bool ret = g->s[f->target].retreated;
		int need = 0;
		for (int k = 0; k < hits; k++) {
			char m;
			need = k + 1;
			if (k >= f->nmdice)
				break;
			m = sref_morale_effect(t, o->u[f->target].morale, f->mdice[k] + sref_morale_mod(-1, ret));
			if (m == 'E' || m == 'R')
				break;
			ret = ret || m == '1' || m == '2';
		}
		if (need > f->nmdice)
			return err_set(e, NULL, 0, "[14.24] %s is affected %d time%s: roll its morale die for each, in order "
				       "(--defender-dice D,..)", o->u[f->target].id, hits, hits == 1 ? "" : "s");
		for (int k = 0; k < need; k++)
			morale(o, t, g, f->target, sref_morale_mod(-1, g->s[f->target].retreated), f->mdice[k], &eff, ev, e);
		if (need < hits)
			ev_emit(ev, "[13.0]", "the target is %s: the battery's other shots find nothing",
				eff == 'E' ? "eliminated" : "routed");
	}
	g->s[f->gun].fired = true;
	return 0;
}

int sros_capture(const struct sob *o, struct sros_game *g, int bastion, const int garrison[3], struct evsink *ev,
		 struct err *e)
{
	if (need_seg(g, SS_ASSAULT, e) != 0)
		return -1;
	if (g->impulse != 5)
		return err_set(e, NULL, 0, "[11.31] a bastion is captured at the end of the fifth impulse (this is impulse %d)",
			       g->impulse);
	if (bastion < 0 || bastion >= o->nb || g->captured[bastion])
		return err_set(e, NULL, 0, "no such bastion in Russian hands");
	for (int k = 0; k < 3; k++) {
		int i = garrison[k];
		if (i < 0 || i >= o->n || !allied(o->u[i].nation) || o->u[i].kind != SK_INFANTRY || !g->s[i].active ||
		    !in_play(&g->s[i]) ||
		    (k && (i == garrison[0] || (k == 2 && i == garrison[1]))))
			return err_set(e, NULL, 0, "[11.31] three different activated Allied infantry units hold the bastion "
				       "(--garrison ID,ID,ID)");
	}
	g->captured[bastion] = true;
	for (int k = 0; k < 3; k++) {
		g->s[garrison[k]].where = SW_BASTION;
		g->s[garrison[k]].box = bastion;
		g->s[garrison[k]].active = false;
	}
	for (int i = 0; i < o->n; i++)
		if (o->u[i].nation == SN_RUSSIAN && g->s[i].where == SW_BASTION && g->s[i].box == bastion) {
			bool gun = o->u[i].kind == SK_SIEGE || o->u[i].kind == SK_MORTAR;
			g->s[i].where = gun ? SW_ELIMINATED : SW_MAP;
			if (gun)
				ev_emit(ev, "[10.33]", "%s, in the captured bastion's firing box and never moved, is lost", o->u[i].id);
			else
				ev_emit(ev, "[11.32]", "%s leaves the captured Reserve Box for a neighbouring box", o->u[i].id);
		}
	ev_emit(ev, "[11.31]", "%s is captured; %s, %s and %s garrison it for the rest of the game [11.22]",
		o->b[bastion].name, o->u[garrison[0]].id, o->u[garrison[1]].id, o->u[garrison[2]].id);
	return 0;
}

int sros_commander(const struct sob *o, struct sros_game *g, int nation, int die, struct evsink *ev, struct err *e)
{
	int next;
	if (need_seg(g, SS_REINFORCE, e) != 0)
		return -1;
	if (nation == SN_BRITISH ? !raglan_due(o, g) : nation == SN_FRENCH ? !(g->french_failed && first_cinc(o, g, nation))
	    : true)
		return err_set(e, NULL, 0, "[16.0] no %s commander-in-chief is to be rolled for now", nation >= 0 &&
			       nation < SN_NATIONS ? stab_nation_name[nation] : "");
	if (die < 1 || die > 6)
		return err_set(e, NULL, 0, "[16.0] roll the die (--die D)");
	if (nation == SN_BRITISH)
		next = successor(o, g, nation, die <= 4 ? 3 : 4); /* [16.2] 1-4 Simpson (3), 5-6 Campbell (4) */
	else
		next = successor(o, g, nation, die <= 4 ? 4 : 3); /* [16.3] 1-4 Pelissier (4), 5-6 Bosquet (3) */
	if (next < 0)
		return err_set(e, NULL, 0, "[16.0] the order of battle has no successor for that roll");
	appoint(o, g, nation, next, die, ev);
	return 0;
}

int sros_convert(const struct sob *o, struct sros_game *g, int unit, struct evsink *ev, struct err *e)
{
	if (unit < 0 || unit >= o->n)
		return err_set(e, NULL, 0, "no such unit");
	if (need_seg(g, SS_REINFORCE, e) != 0)
		return -1;
	if (!o->u[unit].marine_battery || g->s[unit].converted || !in_play(&g->s[unit]))
		return err_set(e, NULL, 0, "[17.1] only a Marine Battery Infantry unit on the map becomes a Marine Field Battery, "
			       "once");
	if (g->converted_turn == g->turn)
		return err_set(e, NULL, 0, "[17.1] one a Game-Turn");
	g->s[unit].converted = true;
	g->converted_turn = g->turn;
	ev_emit(ev, "[17.1]", "%s becomes a Marine Field Battery, and stays one", o->u[unit].id);
	return 0;
}
