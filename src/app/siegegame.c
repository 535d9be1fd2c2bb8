/* siegegame: `crimea referee siege WHAT --game F`, a game of Sevastopol kept in a file: the
 * Sequence of Play, the tracks and every unit's place as far as the rules need it
 * (src/games/siege/sroster.c rules; this file reads options, loads, prints and saves). Every
 * change is saved atomically with a log of what was asked and what it did; a refused change
 * leaves the file as it was. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/fsio.h"
#include "../games/siege/sroster.h"
#include "catalog.h"
#include "cli.h"
#include "refshell.h"
#include "siegegame.h"

#define OPTS_MAX 16

struct gopt {
	const char *key[OPTS_MAX], *val[OPTS_MAX];
	int n;
	bool sap, parallel, repair, force, in_bastion, depression, ravine, broken;
};

static const char *opt(const struct gopt *o, const char *key)
{
	for (int i = 0; i < o->n; i++)
		if (!strcmp(o->key[i], key))
			return o->val[i];
	return NULL;
}

/* A whole number option in lo..hi; *out untouched when absent. -1: said on err. */
static int opt_int(FILE *err, const struct gopt *o, const char *key, int lo, int hi, int *out)
{
	const char *v = opt(o, key);
	if (v && !cli_int(v, lo, hi, out)) {
		cli_fail(err, "--%s wants a whole number from %d to %d", key, lo, hi);
		return -1;
	}
	return 0;
}

struct ctx {
	FILE *out, *err;
	struct stab *t;
	struct sob *o;
	struct sros_game *g;
	json_t *log;
	const char *path;
};

static void print_events(FILE *out, const struct evsink *ev)
{
	for (int i = 0; i < ev->n; i++)
		fprintf(out, "  %-9s %s\n", ev->ev[i].rule, ev->ev[i].text);
}

static int save(struct ctx *c, const char *what, const struct evsink *ev)
{
	json_t *j = sros_game_json(c->o, c->g), *entry = json_object(), *ch = json_array();
	char *txt;
	struct err e;
	int rc = -1;
	if (j && entry && ch && c->log) {
		for (int i = 0; i < ev->n; i++)
			json_array_append_new(ch, json_pack("{s:s, s:s}", "rule", ev->ev[i].rule, "text", ev->ev[i].text));
		json_object_set_new(entry, "turn", json_integer(c->g->turn));
		json_t *w = json_string(what);
		json_object_set_new(entry, "what", w ? w : json_string("(not UTF-8)"));
		json_object_set_new(entry, "changes", ch);
		json_array_append_new(c->log, entry);
		entry = ch = NULL;
		json_object_set(j, "log", c->log);
	}
	json_decref(entry);
	json_decref(ch);
	txt = j ? json_dumps(j, JSON_INDENT(1)) : NULL;
	json_decref(j);
	if (!txt) {
		fprintf(c->err, "crimea referee: out of memory\n");
		return -1;
	}
	if (fs_write_atomic(c->path, txt, strlen(txt), &e) != 0)
		cli_print_err_to(c->err, &e);
	else
		rc = 0;
	free(txt);
	return rc;
}

/* A list of unit ids "a,b,c" into idx (at most max); -1 said. */
static int unit_list(struct ctx *c, const char *s, int *idx, int max, int *n)
{
	char buf[512], *save_ = NULL;
	*n = 0;
	if (!s)
		return 0;
	if (strlen(s) >= sizeof buf)
		return cli_fail(c->err, "too long a list of units"), -1;
	snprintf(buf, sizeof buf, "%s", s);
	for (char *p = strtok_r(buf, ",", &save_); p; p = strtok_r(NULL, ",", &save_)) {
		struct err e;
		int i = sros_unit(c->o, p, &e);
		if (i < 0) {
			cli_print_err_to(c->err, &e);
			return -1;
		}
		if (*n == max)
			return cli_fail(c->err, "at most %d units", max), -1;
		idx[(*n)++] = i;
	}
	return 0;
}

/* "map", "supply" (the unit's own box), "supply:NATION", "area:ID", "bastion:ID", or a bare area
 * or bastion id. -1 said. */
static int place(struct ctx *c, const char *s, int unit, int *where, int *box)
{
	const char *colon = s ? strchr(s, ':') : NULL;
	const char *name = colon ? colon + 1 : s;
	if (!s)
		return cli_fail(c->err, "--to map|supply|supply:NATION|AREA|BASTION"), -1;
	*box = 0;
	if (!strcmp(s, "map")) {
		*where = SW_MAP;
	} else if (!strncmp(s, "supply", 6) && (!s[6] || colon)) {
		*where = SW_SUPPLY;
		*box = colon ? sob_nation(name) : c->o->u[unit].nation;
		if (*box < 0)
			return cli_fail(c->err, "a Supply Box is supply:british (Balaclava), supply:french (Kameitch) or "
					"supply:russian (North Shore)"), -1;
	} else if ((!colon || !strncmp(s, "area:", 5)) && sob_area(c->o, name) >= 0) {
		*where = SW_AREA;
		*box = sob_area(c->o, name);
	} else if ((!colon || !strncmp(s, "bastion:", 8)) && sob_bastion(c->o, name) >= 0) {
		*where = SW_BASTION;
		*box = sob_bastion(c->o, name);
	} else {
		char areas[160] = "", bast[200] = "";
		for (int a = 0; a < c->o->na; a++)
			snprintf(areas + strlen(areas), sizeof areas - strlen(areas), "%s%s", a ? ", " : "", c->o->a[a].id);
		for (int b = 0; b < c->o->nb; b++)
			snprintf(bast + strlen(bast), sizeof bast - strlen(bast), "%s%s", b ? ", " : "", c->o->b[b].id);
		return cli_fail(c->err, "no place \"%s\": map, supply[:NATION], a Siege Area (%s) or a bastion (%s)", s, areas,
				bast), -1;
	}
	return 0;
}

static const char *place_text(const struct sob *o, const struct sros_game *g, int i, char *buf, size_t n)
{
	const struct sros_unit *s = &g->s[i];
	switch (s->where) {
	case SW_AREA: snprintf(buf, n, "%s", o->a[s->box].id); break;
	case SW_SUPPLY: snprintf(buf, n, "supply:%s", stab_nation_name[s->box]); break;
	case SW_BASTION: snprintf(buf, n, "%s", o->b[s->box].id); break;
	case SW_OFF: snprintf(buf, n, "off until %d", s->back); break;
	case SW_TRANSIT: snprintf(buf, n, "to %s, %d", o->a[s->box].id, s->back); break;
	case SW_DUE:
		if (o->u[i].entry > 0)
			snprintf(buf, n, "due %d", o->u[i].entry);
		else
			snprintf(buf, n, "by rule [16.0]");
		break;
	default: snprintf(buf, n, "%s", sros_where_name[s->where]); break;
	}
	return buf;
}

static void print_status(struct ctx *c)
{
	const struct stab *t = c->t;
	const struct sob *o = c->o;
	const struct sros_game *g = c->g;
	char buf[256];
	const char *duty;
	fprintf(c->out, "%s\nGame-Turn %d of %d, %s%s: %s\n", o->title, g->turn, STAB_TURNS, t->turn[g->turn - 1],
		t->winter[g->turn - 1] ? " (Winter)" : "", sros_seg_name[g->seg]);
	if (g->seg == SS_OVER)
		fprintf(c->out, "  %s\n", g->winner == SN_RUSSIAN ? "a Russian victory [19.0]" : "an Allied victory [19.0]");
	else if ((duty = sros_duty(o, t, g, buf, sizeof buf)))
		fprintf(c->out, "  to do: %s\n", duty);
	else if (g->seg == SS_ASSAULT)
		fprintf(c->out, "  Assault Impulse %d of 5\n", g->impulse);
	{
		/* [3.3]: the Russian siege guns and mortar go into a bastion's firing box */
		int left = 0;
		for (int i = 0; i < o->n; i++)
			if (o->u[i].nation == SN_RUSSIAN && (o->u[i].kind == SK_SIEGE || o->u[i].kind == SK_MORTAR) &&
			    g->s[i].where == SW_MAP)
				fprintf(c->out, "%s%s", left++ ? ", " : "  to place in a bastion's firing box [3.3]: ", o->u[i].id);
		if (left)
			fprintf(c->out, "\n");
	}
	fprintf(c->out, "\nAmmunition [8.1]   siege  mortar  Lancaster\n");
	for (int n = 0; n < SN_NATIONS; n++) {
		fprintf(c->out, "  %-16s %5d %7d", stab_nation_name[n], g->ammo[n][SG_SIEGE], g->ammo[n][SG_MORTAR]);
		if (n == SN_BRITISH)
			fprintf(c->out, " %10d", g->ammo[n][SG_LANCASTER]);
		fprintf(c->out, "   (%d in the Supply Box)\n", sros_in_supply(o, g, n));
	}
	if (g->seg == SS_ALLIED_BUILD || g->seg == SS_RUSSIAN_BUILD) {
		fprintf(c->out, "\nConstruction Points [9.1]\n");
		for (int n = 0; n < SN_NATIONS; n++)
			if ((n == SN_RUSSIAN) == (g->seg == SS_RUSSIAN_BUILD))
				fprintf(c->out, "  %-16s %d left, engineer's bonus %d%s\n", stab_nation_name[n], g->cp[n], g->bonus[n],
					g->engineer_rolled[n] ? "" : " (not rolled)");
	}
	fprintf(c->out, "\nBastions [9.4]      level\n");
	for (int b = 0; b < o->nb; b++) {
		int men = 0;
		for (int i = 0; i < o->n; i++)
			men += o->u[i].nation == SN_RUSSIAN && o->u[i].kind == SK_INFANTRY && !g->s[i].converted &&
			       g->s[i].where == SW_BASTION && g->s[i].box == b;
		fprintf(c->out, "  %-16s %5d   %s, %d Russian infantry%s\n", o->b[b].name, g->strength[b],
			o->b[b].major ? "major" : "minor", men, g->captured[b] ? ", CAPTURED" : "");
	}
	fprintf(c->out, "\nInterventions [5.0]: ");
	{
		int k = 0;
		for (int b = 0; b < SB_BATTLES; b++)
			if (g->battle_used[b])
				fprintf(c->out, "%s%s", k++ ? ", " : "", stab_battle_name[b]);
		fprintf(c->out, "%s", k ? "" : "none");
		if (g->battle_turn)
			fprintf(c->out, " (last in Game-Turn %d)", g->battle_turn);
		if (g->brit_no_ammo >= g->turn)
			fprintf(c->out, "; no British rounds through Game-Turn %d", g->brit_no_ammo);
		if (g->extra_repl)
			fprintf(c->out, "; +%d Russian replacements a Game-Turn", g->extra_repl);
		fprintf(c->out, "\n");
	}
	fprintf(c->out, "Commanders-in-chief [16.0]: %s (%d brigades), %s (%d brigades)\n",
		g->cinc[0] >= 0 ? o->u[g->cinc[0]].name : "-", g->cinc[0] >= 0 ? o->u[g->cinc[0]].brigades : 0,
		g->cinc[1] >= 0 ? o->u[g->cinc[1]].name : "-", g->cinc[1] >= 0 ? o->u[g->cinc[1]].brigades : 0);
}

static void print_units(struct ctx *c, int nation)
{
	const struct sob *o = c->o;
	const struct sros_game *g = c->g;
	for (int n = 0; n < SN_NATIONS; n++) {
		int in = 0, out = 0;
		if (nation >= 0 && n != nation)
			continue;
		fprintf(c->out, "%s\n  %-22s %-10s %-8s %3s %s  %-16s %s\n", stab_nation_name[n], "unit", "kind", "brigade", "str",
			"ml", "where", "name");
		for (int i = 0; i < o->n; i++) {
			const struct sob_unit *u = &o->u[i];
			char buf[64], str[8] = "";
			if (u->nation != n)
				continue;
			if (u->kind == SK_INFANTRY)
				snprintf(str, sizeof str, "%d", u->strength);
			fprintf(c->out, "  %-22s %-10s %-8s %3s %c   %-16s %s%s%s%s\n", u->id,
				g->s[i].converted ? "field" : sob_kind_name[u->kind], u->brigade, str,
				u->morale >= 0 ? 'A' + u->morale : ' ', place_text(o, g, i, buf, sizeof buf), u->name,
				g->s[i].worked ? " (digging)" : "", g->s[i].active ? " (assaulting)" : "",
				i == g->cinc[0] || i == g->cinc[1] ? " (in command)" : "");
			if (g->s[i].where == SW_ELIMINATED)
				out++;
			else if (g->s[i].where != SW_DUE)
				in++;
		}
		fprintf(c->out, "  %d in play, %d eliminated\n\n", in, out);
	}
}

/* Up to three dice "4,2,6" of option key into d; -1 said. */
static int dice_list(struct ctx *c, const struct gopt *go, const char *key, int d[3], int *n)
{
	const char *v = opt(go, key);
	*n = 0;
	for (; v && *v; v += v[1] ? 2 : 1) {
		if (*v < '1' || *v > '6' || (v[1] && v[1] != ',') || *n == 3)
			return cli_fail(c->err, "--%s: up to three dice 1-6, such as 4,2", key), -1;
		d[(*n)++] = *v - '0';
	}
	return 0;
}

static int nation_opt(struct ctx *c, const struct gopt *o, bool need, int *n)
{
	const char *v = opt(o, "nation");
	*n = sob_nation(v);
	if ((v || need) && *n < 0)
		return cli_fail(c->err, "--nation british|french|russian"), -1;
	return 0;
}

static bool known_option(const char *a);

/* Runs one game command on a loaded game; 0 done (and saved), 1 refused, 2 bad options. */
static int run(struct ctx *c, const char *what, const struct gopt *go, const char *words)
{
	struct event store[96];
	struct evsink ev;
	struct err e = {0};
	int rc = -2, unit = -1, nation = -1, die = 0;
	const char *uid = opt(go, "unit");
	evsink_init(&ev, store, 96);
	if (uid && (unit = sros_unit(c->o, uid, &e)) < 0) {
		cli_print_err_to(c->err, &e);
		return 1;
	}
	if (opt_int(c->err, go, "die", 1, 6, &die) != 0 || nation_opt(c, go, false, &nation) != 0)
		return 2;
	if (!strcmp(what, "status")) {
		print_status(c);
		return 0;
	}
	if (!strcmp(what, "units")) {
		print_units(c, nation);
		return 0;
	}
	if (!strcmp(what, "log")) {
		size_t i;
		json_t *x;
		json_array_foreach(c->log, i, x) {
			size_t k;
			json_t *ch;
			const char *w = json_string_value(json_object_get(x, "what"));
			fprintf(c->out, "Game-Turn %lld: %s\n", (long long)json_integer_value(json_object_get(x, "turn")),
				w ? w : "?");
			json_array_foreach(json_object_get(x, "changes"), k, ch)
				fprintf(c->out, "  %-9s %s\n", json_string_value(json_object_get(ch, "rule")),
					json_string_value(json_object_get(ch, "text")));
		}
		return 0;
	}
	if (!strcmp(what, "next")) {
		rc = sros_next(c->o, c->t, c->g, &ev, &e);
	} else if (!strcmp(what, "intervention")) {
		const char *b = opt(go, "battle");
		int battle = -1;
		for (int k = 0; b && k < SB_BATTLES; k++)
			if (!strcmp(b, stab_battle_name[k]))
				battle = k;
		if (battle < 0)
			return cli_fail(c->err, "intervention needs --battle balaclava|inkerman|tchernaya and --die D");
		rc = sros_intervene(c->o, c->t, c->g, battle, die, &ev, &e);
	} else if (!strcmp(what, "take-off")) {
		if (unit < 0)
			return cli_fail(c->err, "take-off needs --unit ID");
		rc = sros_take_off(c->o, c->g, unit, &ev, &e);
	} else if (!strcmp(what, "attrition")) {
		int units[64], n = 0;
		if (nation < 0)
			return cli_fail(c->err, "attrition needs --nation british|french|russian and --die D");
		if (unit_list(c, opt(go, "units"), units, 64, &n) != 0)
			return 2;
		rc = sros_attrition(c->o, c->t, c->g, nation, die, units, n, &ev, &e);
	} else if (!strcmp(what, "replace") || !strcmp(what, "move")) {
		int where, box;
		if (unit < 0)
			return cli_fail(c->err, "%s needs --unit ID and --to PLACE", what);
		if (place(c, opt(go, "to"), unit, &where, &box) != 0)
			return 2;
		rc = what[0] == 'r' ? sros_replace(c->o, c->g, unit, where, box, &ev, &e)
				    : sros_move(c->o, c->t, c->g, unit, where, box, &ev, &e);
	} else if (!strcmp(what, "bombard")) {
		struct sros_round r = {.unit = unit, .bastion = -1, .die = die, .dump = {-1, -1}};
		const char *b = opt(go, "bastion"), *dump = opt(go, "dump");
		if (unit < 0 || (!b && !go->sap) || (b && go->sap))
			return cli_fail(c->err, "bombard needs --unit BATTERY, --yards N, --bastion ID or --sap, and --die D");
		if (opt_int(c->err, go, "yards", 1, 5000, &r.yards) != 0)
			return 2;
		if (!r.yards && c->o->u[unit].kind != SK_LANCASTER)
			return cli_fail(c->err, "[8.5] --yards: the rangefinder's reading");
		if (b && (r.bastion = sob_bastion(c->o, b)) < 0)
			return cli_fail(c->err, "no bastion \"%s\"", b);
		for (int k = 0; dump && k < 2; k++) {
			const char *p = k ? strchr(dump, ',') : dump;
			if (!p)
				break;
			p += k;
			r.dump[k] = !strncmp(p, "siege", 5) ? SG_SIEGE : !strncmp(p, "mortar", 6) ? SG_MORTAR
				: !strncmp(p, "lancaster", 9) ? SG_LANCASTER : -1;
		}
		if (opt(go, "held")) { /* [8.94]: the infantry the sap or parallel fired at holds */
			if (!go->sap)
				return cli_fail(c->err, "[8.94] --held counts the units in the sap or parallel fired at (--sap)");
			if (opt_int(c->err, go, "held", 0, 2, &r.held) != 0)
				return 2;
			r.held_known = true;
		}
		if (unit_list(c, opt(go, "units"), r.lost, 8, &r.nlost) != 0)
			return 2;
		rc = sros_bombard(c->o, c->t, c->g, &r, &ev, &e);
	} else if (!strcmp(what, "engineer")) {
		if (nation < 0)
			return cli_fail(c->err, "engineer needs --nation and --die D");
		rc = sros_engineer(c->o, c->t, c->g, nation, die, &ev, &e);
	} else if (!strcmp(what, "dig")) {
		int units[2], n = 0, cost = 0, area = sob_area(c->o, opt(go, "area") ? opt(go, "area") : "");
		const char *ter = opt(go, "terrain");
		if (nation < 0 || area < 0 || (!go->repair && go->sap == go->parallel))
			return cli_fail(c->err, "dig needs --nation, --area ID, --sap or --parallel (with --terrain) or --repair, and "
					"--units ID,ID");
		if (!go->repair) {
			int k = -1;
			for (int q = 0; q < ST_TERRAINS; q++)
				if (ter && !strcmp(ter, stab_terrain_name[q]))
					k = q;
			if (k < 0)
				return cli_fail(c->err, "--terrain flat|hill|depression|ravine|start-line [9.6]");
			cost = c->t->build_cost[k][go->sap ? 1 : 0];
			if (cost == STAB_NONE)
				return cli_fail(c->err, "[9.6] no %s may be built on %s ground", go->sap ? "sap" : "parallel", ter);
		}
		if (unit_list(c, opt(go, "units"), units, 2, &n) != 0)
			return 2;
		rc = sros_dig(c->o, c->g, nation, area, cost, go->repair, go->sap, units, n, &ev, &e);
	} else if (!strcmp(what, "link")) {
		int area = sob_area(c->o, opt(go, "area") ? opt(go, "area") : "");
		if (area < 0)
			return cli_fail(c->err, "link needs --area french-left|french-right: the saps joining it to the British "
					"Siege Area are complete [9.5]");
		rc = sros_link(c->o, c->g, area, go->broken, &ev, &e);
	} else if (!strcmp(what, "repair") || !strcmp(what, "upgrade")) {
		int levels = 1, b = sob_bastion(c->o, opt(go, "bastion") ? opt(go, "bastion") : "");
		if (b < 0)
			return cli_fail(c->err, "%s needs --bastion ID [--levels N]", what);
		if (opt_int(c->err, go, "levels", 1, 8, &levels) != 0)
			return 2;
		rc = sros_fortify(c->o, c->g, b, levels, what[0] == 'u', &ev, &e);
	} else if (!strcmp(what, "assault")) {
		char buf[256], *sv = NULL;
		const char *list[SROS_BRIGADES];
		int n = 0;
		if (!opt(go, "brigades") || strlen(opt(go, "brigades")) >= sizeof buf)
			return cli_fail(c->err, "assault needs --brigades B,B,... (the brigade column of `units`)");
		snprintf(buf, sizeof buf, "%s", opt(go, "brigades"));
		for (char *p = strtok_r(buf, ",", &sv); p && n < SROS_BRIGADES; p = strtok_r(NULL, ",", &sv))
			list[n++] = p;
		rc = sros_assault(c->o, c->t, c->g, list, n, &ev, &e);
	} else if (!strcmp(what, "melee")) {
		struct sros_melee m = {.def = -1, .die = die, .in_bastion = go->in_bastion};
		const char *d = opt(go, "defender"), *ad = opt(go, "attacker-dice");
		if (unit_list(c, opt(go, "attackers"), m.att, 6, &m.natt) != 0)
			return 2;
		if (!m.natt || !d)
			return cli_fail(c->err, "melee needs --attackers ID,.. --defender ID --die D [--attacker-dice D,..] "
					"[--defender-die D] [--in-bastion]");
		if ((m.def = sros_unit(c->o, d, &e)) < 0) {
			cli_print_err_to(c->err, &e);
			return 1;
		}
		for (int k = 0; ad && *ad && k < 6; k++) {
			if (*ad < '1' || *ad > '6' || (ad[1] && ad[1] != ','))
				return cli_fail(c->err, "--attacker-dice: a die 1-6 an attacker, in their order: 4,2");
			m.adie[k] = *ad - '0';
			ad += ad[1] ? 2 : 1;
		}
		if (opt_int(c->err, go, "defender-die", 1, 6, &m.ddie) != 0)
			return 2;
		rc = sros_melee(c->o, c->t, c->g, &m, &ev, &e);
	} else if (!strcmp(what, "battery")) {
		struct sros_fire f = {.gun = unit, .target = -1, .terrain = go->ravine ? 2 : go->depression ? 1 : 0};
		const char *at = opt(go, "at");
		if (unit < 0 || !at || (go->ravine && go->depression))
			return cli_fail(c->err, "battery needs --unit FIELD-BATTERY --at ID --yards N [--depression | --ravine] "
					"--dice D,.. [--defender-dice D,..]");
		if ((f.target = sros_unit(c->o, at, &e)) < 0) {
			cli_print_err_to(c->err, &e);
			return 1;
		}
		if (opt_int(c->err, go, "yards", 1, 5000, &f.yards) != 0 || dice_list(c, go, "dice", f.dice, &f.ndice) != 0 ||
		    dice_list(c, go, "defender-dice", f.mdice, &f.nmdice) != 0)
			return 2;
		rc = sros_battery(c->o, c->t, c->g, &f, &ev, &e);
	} else if (!strcmp(what, "casualty")) {
		const char *eff = opt(go, "effect");
		if (unit < 0 || !eff || strlen(eff) != 1)
			return cli_fail(c->err, "casualty needs --unit ID and --effect E|R");
		rc = sros_casualty(c->o, c->g, unit, eff[0], &ev, &e);
	} else if (!strcmp(what, "capture")) {
		int gar[3], n = 0, b = sob_bastion(c->o, opt(go, "bastion") ? opt(go, "bastion") : "");
		if (b < 0)
			return cli_fail(c->err, "capture needs --bastion ID and --garrison ID,ID,ID");
		if (unit_list(c, opt(go, "garrison"), gar, 3, &n) != 0)
			return 2;
		if (n != 3)
			return cli_fail(c->err, "[11.22] three units garrison a captured bastion: --garrison ID,ID,ID");
		rc = sros_capture(c->o, c->g, b, gar, &ev, &e);
	} else if (!strcmp(what, "commander")) {
		if (nation < 0)
			return cli_fail(c->err, "commander needs --nation british|french and --die D");
		rc = sros_commander(c->o, c->g, nation, die, &ev, &e);
	} else if (!strcmp(what, "convert")) {
		if (unit < 0)
			return cli_fail(c->err, "convert needs --unit ID (a Marine Battery Infantry unit)");
		rc = sros_convert(c->o, c->g, unit, &ev, &e);
	} else {
		return cli_fail(c->err, "no game command \"%s\" (crimea referee siege --help)", what);
	}
	print_events(c->out, &ev); /* a refusal may follow a ruling: the die's result, and what it asks */
	if (rc == 1)
		return 0; /* the odds before the roll: nothing changed, nothing to save */
	if (rc != 0) {
		cli_print_err_to(c->err, &e);
		return 1;
	}
	return save(c, words, &ev) == 0 ? 0 : 1;
}

static const char *const shell_commands[] = {
	"assault", "attrition", "battery", "bombard", "capture", "casualty", "commander", "convert", "dig", "engineer", "help",
	"intervention", "link", "log", "melee", "move", "next", "quit", "repair", "replace", "status", "take-off", "units",
	"upgrade", NULL,
};
static const char *const shell_options[] = {
	"--area", "--attacker-dice", "--attackers", "--bastion", "--battle", "--brigades", "--defender", "--defender-die",
	"--at", "--depression", "--dice", "--defender-dice", "--ravine",
	"--die", "--dump", "--effect", "--garrison", "--held", "--in-bastion", "--levels", "--nation", "--parallel",
	"--repair", "--sap", "--terrain", "--to", "--unit", "--units", "--yards", "--broken", NULL,
};
static const char *const shell_no_game[] = {"new", NULL};


/* An option that takes a value, of some game command. */
static bool known_option(const char *a)
{
	static const char *const flags[] = {"--sap", "--parallel", "--repair", "--in-bastion", "--depression", "--ravine",
					    "--broken", NULL};
	for (int i = 0; shell_options[i]; i++)
		if (!strcmp(shell_options[i], a)) {
			for (int k = 0; flags[k]; k++)
				if (!strcmp(flags[k], a))
					return false;
			return true;
		}
	return false;
}

/* Offers item after what word has up to its last comma (a list's next item). */
static void offer_item(struct complete_list *out, const char *word, const char *item)
{
	const char *comma = strrchr(word, ',');
	char buf[COMPLETE_WORD];
	int head = comma ? (int)(comma - word) + 1 : 0;
	if (snprintf(buf, sizeof buf, "%.*s%s", head, word, item) < (int)sizeof buf)
		rshell_offer(out, buf, word);
}

/* What a Sevastopol option takes: units (lists too), places, bastions, areas, nations... */
static void shell_values(const void *ctx, const char *prev, const char *word, struct complete_list *out)
{
	const struct sob *o = ctx;
	static const char *const guns[] = {"siege", "mortar", "lancaster"};
	if (!strcmp(prev, "--unit") || !strcmp(prev, "--units") || !strcmp(prev, "--attackers") ||
	    !strcmp(prev, "--defender") || !strcmp(prev, "--garrison") || !strcmp(prev, "--at")) {
		for (int i = 0; i < o->n; i++)
			offer_item(out, word, o->u[i].id);
	} else if (!strcmp(prev, "--to") || !strcmp(prev, "--bastion") || !strcmp(prev, "--area")) {
		if (!strcmp(prev, "--to")) {
			rshell_offer(out, "map", word);
			rshell_offer(out, "supply", word);
			for (int n = 0; n < SN_NATIONS; n++) {
				char b[32];
				snprintf(b, sizeof b, "supply:%s", stab_nation_name[n]);
				rshell_offer(out, b, word);
			}
		}
		for (int b = 0; prev[2] != 'a' && b < o->nb; b++)
			rshell_offer(out, o->b[b].id, word);
		for (int a = 0; prev[2] != 'b' && a < o->na; a++)
			rshell_offer(out, o->a[a].id, word);
	} else if (!strcmp(prev, "--nation")) {
		for (int n = 0; n < SN_NATIONS; n++)
			rshell_offer(out, stab_nation_name[n], word);
	} else if (!strcmp(prev, "--battle")) {
		for (int b = 0; b < SB_BATTLES; b++)
			rshell_offer(out, stab_battle_name[b], word);
	} else if (!strcmp(prev, "--dump")) {
		for (int k = 0; k < 3; k++)
			offer_item(out, word, guns[k]);
	} else if (!strcmp(prev, "--terrain")) {
		for (int k = 0; k < ST_TERRAINS; k++)
			rshell_offer(out, stab_terrain_name[k], word);
	} else if (!strcmp(prev, "--effect")) {
		rshell_offer(out, "E", word);
		rshell_offer(out, "R", word);
	} else if (!strcmp(prev, "--brigades")) {
		for (int i = 0; i < o->n; i++)
			if (o->u[i].brigade[0])
				offer_item(out, word, o->u[i].brigade);
	}
}

/* Loads the game at path (its order of battle from the data, by id). */
static int load(struct ctx *c, const char *argv0, const char *path)
{
	struct errlist *errs = malloc(sizeof *errs);
	struct jdoc d;
	struct err e;
	char op[SCN_PATH_MAX + 64];
	int rc = -1;
	if (!errs)
		return -1;
	errlist_init(errs);
	if (jdoc_load(&d, path, &e) != 0) {
		cli_print_err_to(c->err, &e);
		free(errs);
		return -1;
	}
	{
		const char *oob = json_string_value(json_object_get(d.root, "oob"));
		char rel[96];
		if (!oob || strpbrk(oob, "/.") || strlen(oob) > 40) {
			jdoc_add(&d, d.root, errs, "a Sevastopol game file names its order of battle (\"oob\": an id in data/siege)");
		} else {
			snprintf(rel, sizeof rel, "siege/%s.json", oob);
			if (cat_data_file(argv0, rel, op, sizeof op, &e) != 0)
				errlist_add(errs, &e);
			else if (sob_load_file(c->o, op, errs) == 0)
				rc = sros_game_read(c->o, &d, c->g, errs);
		}
	}
	{
		json_t *l = json_object_get(d.root, "log");
		if (l && !json_is_array(l)) {
			jdoc_add(&d, l, errs, "\"log\" must be a list");
			rc = -1;
		}
		c->log = l ? json_deep_copy(l) : json_array();
	}
	for (int i = 0; i < errs->n; i++)
		cli_print_err_to(c->err, &errs->e[i]);
	jdoc_free(&d);
	free(errs);
	return rc;
}

bool siege_game_cmd(int argc, char **argv)
{
	for (int i = 3; i < argc; i++)
		if (!strcmp(argv[i], "--game"))
			return true;
	return argc >= 3 && !strcmp(argv[2], "new");
}

int siege_game_io(int argc, char **argv, const char *tables, FILE *out, FILE *err)
{
	struct gopt go = {0};
	struct ctx c = {.out = out, .err = err};
	const char *what = argv[2], *game = NULL;
	char words[512] = "", path[SCN_PATH_MAX + 64];
	struct errlist *errs;
	int rc = 2;
	for (int i = 2; i < argc; i++) {
		size_t at = strlen(words);
		snprintf(words + at, sizeof words - at, "%s%s", at ? " " : "", argv[i]);
	}
	for (int i = 3; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--sap"))
			go.sap = true;
		else if (!strcmp(a, "--parallel"))
			go.parallel = true;
		else if (!strcmp(a, "--repair"))
			go.repair = true;
		else if (!strcmp(a, "--force"))
			go.force = true;
		else if (!strcmp(a, "--in-bastion"))
			go.in_bastion = true;
		else if (!strcmp(a, "--depression"))
			go.depression = true;
		else if (!strcmp(a, "--ravine"))
			go.ravine = true;
		else if (!strcmp(a, "--broken"))
			go.broken = true;
		else if (strncmp(a, "--", 2) || i + 1 == argc)
			return cli_fail(err, "%s: options are --NAME VALUE (crimea referee siege --help)", a);
		else if (!strcmp(a, "--game"))
			game = argv[++i];
		else if (!strcmp(a, "--tables"))
			i++;
		else if (go.n == OPTS_MAX)
			return cli_fail(err, "too many options");
		else if (!known_option(a))
			return cli_fail(err, "unknown option \"%s\" (crimea referee siege --help)", a);
		else {
			go.key[go.n] = a + 2;
			go.val[go.n++] = argv[++i];
		}
	}
	if (!game)
		return cli_fail(err, "%s needs --game FILE", what);
	c.path = game;
	c.t = malloc(sizeof *c.t);
	c.o = malloc(sizeof *c.o);
	c.g = malloc(sizeof *c.g);
	errs = malloc(sizeof *errs);
	if (!c.t || !c.o || !c.g || !errs)
		goto out;
	errlist_init(errs);
	{
		struct err e;
		if (tables)
			snprintf(path, sizeof path, "%s", tables);
		else if (cat_data_file(argv[0], "siege/tables.json", path, sizeof path, &e) != 0) {
			cli_print_err_to(err, &e);
			rc = 1;
			goto out;
		}
		if (stab_load_file(c.t, path, errs) != 0) {
			for (int i = 0; i < errs->n; i++)
				cli_print_err_to(err, &errs->e[i]);
			rc = 1;
			goto out;
		}
	}
	if (!strcmp(what, "new")) {
		struct err e;
		struct stat st;
		struct evsink ev;
		struct event store[4];
		if (!go.force && stat(game, &st) == 0) {
			rc = cli_fail(err, "%s exists: --force to replace it", game);
			goto out;
		}
		if (cat_data_file(argv[0], "siege/sevastopol.json", path, sizeof path, &e) != 0) {
			cli_print_err_to(err, &e);
			rc = 1;
			goto out;
		}
		if (sob_load_file(c.o, path, errs) != 0) {
			for (int i = 0; i < errs->n; i++)
				cli_print_err_to(err, &errs->e[i]);
			rc = 1;
			goto out;
		}
		sros_new(c.o, c.t, c.g);
		c.log = json_array();
		evsink_init(&ev, store, 4);
		ev_emit(&ev, "[3.3]", "a new game of %s: Game-Turn 1, %s", c.o->title, c.t->turn[0]);
		print_events(out, &ev);
		rc = save(&c, words, &ev) == 0 ? 0 : 1;
		if (!rc)
			fprintf(out, "game written to %s (crimea referee siege status --game %s)\n", game, game);
		goto out;
	}
	if (load(&c, argv[0], game) != 0) {
		rc = 1;
		goto out;
	}
	if (!strcmp(what, "shell")) {
		struct rshell_spec spec = {.sys = "siege", .title = c.o->title, .commands = shell_commands,
					   .options = shell_options, .no_game = shell_no_game, .values = shell_values,
					   .ctx = c.o};
		rc = rshell_run(argv[0], game, &spec);
		goto out;
	}
	rc = run(&c, what, &go, words);
out:
	json_decref(c.log);
	free(c.t);
	free(c.o);
	free(c.g);
	free(errs);
	return rc;
}
