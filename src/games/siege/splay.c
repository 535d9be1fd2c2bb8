/* splay: Sevastopol on the rule-system interface (splay.h). */
#include "splay.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/fsio.h"
#include "../../core/prov.h"
#include "spriv.h"
#include "sref.h"

int sp_roll(struct game *G)
{
	int d = 1;
	if (dice_roll(&G->dice, 6, &d) != 0)
		d = 1;
	return d;
}

/* ---- the scenario ------------------------------------------------------------------------- */

static int terrain_of(const char *s)
{
	for (int k = 0; s && k < ST_TERRAINS; k++)
		if (!strcmp(s, stab_terrain_name[k]))
			return k;
	return -1;
}

static void load_approaches(struct sp_scn *c, const struct jdoc *d, const json_t *v, struct errlist *errs)
{
	const json_t *list = json_object_get(v, "list"), *x;
	size_t i;
	(void)prov_text(d, v, c->provenance[1], sizeof c->provenance[1], errs);
	if (!json_is_array(list) || !json_array_size(list) || json_array_size(list) > SPLAY_APPROACHES) {
		jdoc_add(d, v, errs, "\"approaches\": \"list\" must be an array of 1-%d approaches", SPLAY_APPROACHES);
		return;
	}
	json_array_foreach(list, i, x) {
		struct splay_approach *a = &c->a[c->na];
		const char *area = jdoc_str(d, x, "area", true, errs), *b = jdoc_str(d, x, "bastion", true, errs);
		const char *from = jdoc_str(d, x, "from", false, errs);
		const json_t *ground = json_object_get(x, "ground"), *gv;
		size_t k;
		a->area = area ? sob_area(&c->o, area) : -1;
		a->bastion = b ? sob_bastion(&c->o, b) : -1;
		a->from = from ? sob_bastion(&c->o, from) : -1;
		if (from) { /* [8.82]: a captured bastion as a start line, for French works, two saps */
			int saps = 0;
			for (int j = 0; j < c->na; j++)
				saps += a->from >= 0 && c->a[j].from == a->from;
			if (a->from < 0)
				jdoc_add(d, x, errs, "\"from\": no bastion \"%s\" in the order of battle", from);
			else if (a->from == a->bastion)
				jdoc_add(d, x, errs, "\"from\": an approach from %s may not lead to it", from);
			else if (saps >= 2)
				jdoc_add(d, x, errs, "\"from\": two saps at most from %s ([8.82], [9.35]: a six-parallel line)", from);
			if (a->area >= 0 && c->o.a[a->area].nation != SN_FRENCH)
				jdoc_add(d, x, errs, "\"from\": works from a captured bastion are French ([8.82]), not the %s Siege Area's",
					 area);
		}
		a->yards = jdoc_int(d, x, "yards", 2 * SP_STEP, SP_STEP * (SPLAY_STEPS + 1), errs);
		if (area && (a->area < 0 || !allied(c->o.a[a->area].nation)))
			jdoc_add(d, x, errs, "\"area\": \"%s\" is not an Allied Siege Area of the order of battle", area);
		if (b && a->bastion < 0)
			jdoc_add(d, x, errs, "\"bastion\": no bastion \"%s\" in the order of battle", b);
		if (a->yards % SP_STEP)
			jdoc_add(d, x, errs, "\"yards\" must be a multiple of %d (the works' step)", SP_STEP);
		a->steps = a->yards / SP_STEP - 1;
		if (!json_is_array(ground) || (int)json_array_size(ground) != a->steps) {
			jdoc_add(d, x, errs, "\"ground\" must list the %d steps of 150 yards from the start line to 150 yards "
				 "short of the bastion", a->steps);
			continue;
		}
		json_array_foreach(ground, k, gv) {
			int t = terrain_of(json_string_value(gv));
			if (t < 0 || t == ST_START_LINE)
				jdoc_add(d, gv, errs, "ground is flat, hill or depression");
			else if (c->t.build_cost[t][0] == STAB_NONE) /* a ravine */
				jdoc_add(d, gv, errs, "an approach may not cross a %s: no parallel may stand there [9.6], and a sap "
					 "goes out only from a line of three parallels [9.32], [9.36] (ravines are crossed by "
					 "links [9.5])", json_string_value(gv));
			a->ground[k] = t < 0 || c->t.build_cost[t][0] == STAB_NONE ? ST_FLAT : t;
		}
		for (int j = 0; j < c->na; j++)
			if (c->a[j].area == a->area && c->a[j].bastion == a->bastion && c->a[j].from == a->from)
				jdoc_add(d, x, errs, "the approach from %s to %s is listed twice", from ? from : area ? area : "?",
					 b ? b : "?");
		c->na++;
	}
}

static void load_links(struct sp_scn *c, const struct jdoc *d, const json_t *v, struct errlist *errs)
{
	const json_t *list = json_object_get(v, "list"), *x;
	size_t i;
	(void)prov_text(d, v, c->provenance[2], sizeof c->provenance[2], errs);
	if (!json_is_array(list) || json_array_size(list) > SP_LINKS) {
		jdoc_add(d, v, errs, "\"links\": \"list\" must be an array of at most %d links", SP_LINKS);
		return;
	}
	json_array_foreach(list, i, x) {
		struct sp_link *l = &c->l[c->nl];
		const char *area = jdoc_str(d, x, "area", true, errs), *ground = jdoc_str(d, x, "ground", true, errs);
		const json_t *by = json_object_get(x, "by"), *bv;
		size_t k;
		l->area = area ? sob_area(&c->o, area) : -1;
		if (area && (l->area < 0 || c->o.a[l->area].nation != SN_FRENCH))
			jdoc_add(d, x, errs, "\"area\": a link joins a French Siege Area to the British (not \"%s\")", area);
		l->saps = jdoc_int(d, x, "saps", 1, 9, errs);
		l->ground = terrain_of(ground);
		if (ground && (l->ground < 0 || l->ground == ST_START_LINE))
			jdoc_add(d, x, errs, "\"ground\" is flat, hill, depression or ravine");
		if (!json_is_array(by) || !json_array_size(by))
			jdoc_add(d, x, errs, "\"by\" lists the nations that may dig it");
		json_array_foreach(by, k, bv) {
			int n = sob_nation(json_string_value(bv) ? json_string_value(bv) : "");
			if (!allied(n))
				jdoc_add(d, bv, errs, "a link is dug by \"british\" or \"french\"");
			else
				l->by[n] = true;
		}
		c->nl++;
	}
}

static void brigades(struct sp_scn *c)
{
	for (int i = 0; i < c->o.n; i++) {
		const struct sob_unit *u = &c->o.u[i];
		int k;
		c->ubr[i] = -1;
		if (u->kind != SK_INFANTRY || !allied(u->nation) || !u->brigade[0] || u->naval)
			continue; /* the Naval units go free with any assault [11.1] */
		for (k = 0; k < c->nbr && strcmp(c->br[k].name, u->brigade); k++)
			;
		if (k == c->nbr && c->nbr < (int)(sizeof c->br / sizeof c->br[0])) {
			size_t len = strnlen(u->brigade, sizeof c->br[0].name - 1); /* (snprintf: gcc sees c in both) */
			memcpy(c->br[c->nbr].name, u->brigade, len);
			c->br[c->nbr].name[len] = 0;
			c->br[c->nbr++].nation = u->nation;
		}
		c->ubr[i] = (int8_t)(k < c->nbr ? k : -1);
	}
}

static int sp_load(struct scenario *s, const struct jdoc *d, struct errlist *errs)
{
	struct sp_scn *c = calloc(1, sizeof *c);
	const json_t *root = d->root, *v;
	const char *oob = jdoc_str(d, root, "oob", true, errs), *tables = jdoc_str(d, root, "tables", true, errs);
	char path[SCN_PATH_MAX + 64];
	int before = errs->total;
	if (!c) {
		struct err e;
		err_set(&e, d->file, 0, "out of memory");
		errlist_add(errs, &e);
		return -1;
	}
	s->data_hash = fs_hash_file(FNV_OFFSET, d->file);
	if (!oob || !tables)
		goto fail;
	fs_rel_path(path, sizeof path, d->file, tables);
	if (stab_load_file(&c->t, path, errs) != 0)
		goto fail;
	s->data_hash = fs_hash_file(s->data_hash, path);
	fs_rel_path(path, sizeof path, d->file, oob);
	if (sob_load_file(&c->o, path, errs) != 0)
		goto fail;
	s->data_hash = fs_hash_file(s->data_hash, path);
	snprintf(s->side[SP_SIDE_RUSSIAN], sizeof s->side[0], "russian");
	snprintf(s->side[SP_SIDE_ALLIED], sizeof s->side[1], "allied");
	(void)prov_text(d, root, c->provenance[0], sizeof c->provenance[0], errs);
	if (!(v = json_object_get(root, "approaches")))
		jdoc_add(d, root, errs, "missing \"approaches\"");
	else
		load_approaches(c, d, v, errs);
	if ((v = json_object_get(root, "links")))
		load_links(c, d, v, errs);
	if (!(v = json_object_get(root, "assault"))) {
		jdoc_add(d, root, errs, "missing \"assault\"");
	} else {
		(void)prov_text(d, v, c->provenance[3], sizeof c->provenance[3], errs);
		c->reach = jdoc_int(d, v, "reach", SP_STEP, 5 * SP_STEP, errs);
	}
	brigades(c);
	if (errs->total != before)
		goto fail;
	s->data = c;
	return 0;
fail:
	free(c);
	return -1;
}

static void sp_unload(struct scenario *s)
{
	free(s->data);
	s->data = NULL;
}

/* ---- the abstract map --------------------------------------------------------------------- */

/* A unit's worth to its owner when losses are his choice: the program names the units it
 * would miss least (the weakest, then the poorest morale, those in a Supply Box last). */
int sp_worth(const struct sob *o, const struct sros_game *g, int i)
{
	return 100 * (g->s[i].where == SW_SUPPLY) + 4 * o->u[i].strength + (3 - o->u[i].morale);
}

/* Picks need units that ok(o, g, i, arg) accepts, least worth first; returns how many. */
int sp_pick(const struct sob *o, const struct sros_game *g, bool (*ok)(const struct sob *, const struct sros_game *,
	       int, int), int arg, int need, int *out)
{
	int n = 0;
	bool taken[SOB_UNITS_MAX] = {false};
	while (n < need) {
		int best = -1;
		for (int i = 0; i < o->n; i++)
			if (!taken[i] && ok(o, g, i, arg) && (best < 0 || sp_worth(o, g, i) < sp_worth(o, g, best)))
				best = i;
		if (best < 0)
			break;
		taken[best] = true;
		out[n++] = best;
	}
	return n;
}

static bool attrition_ok(const struct sob *o, const struct sros_game *g, int i, int nation)
{
	return o->u[i].nation == nation && o->u[i].kind == SK_INFANTRY && in_play(&g->s[i]) && !g->s[i].converted;
}

static bool digger_ok(const struct sob *o, const struct sros_game *g, int i, int area)
{
	const struct sob_unit *u = &o->u[i];
	return u->kind == SK_INFANTRY && u->nation == o->a[area].nation && g->s[i].where == SW_AREA && g->s[i].box == area &&
	       !g->s[i].worked && !u->guards && !(u->nation == SN_BRITISH && !strcmp(u->division, "1")) && !g->s[i].active;
}

static bool bastion_infantry(const struct sob *o, const struct sros_game *g, int i, int b)
{
	return o->u[i].nation == SN_RUSSIAN && o->u[i].kind == SK_INFANTRY && g->s[i].where == SW_BASTION &&
	       g->s[i].box == b && !g->s[i].converted;
}

/* Allied infantry in the siegeworks [8.94], those of area (arg) first: see pick_works. */
static bool works_infantry(const struct sob *o, const struct sros_game *g, int i, int area)
{
	return allied(o->u[i].nation) && o->u[i].kind == SK_INFANTRY && g->s[i].where == SW_AREA &&
	       (area < 0 || g->s[i].box == area);
}

/* ---- moving the game on ------------------------------------------------------------------- */

/* [8.81]: the Mamelon reads two columns higher (sroster's test, by id). */
static bool mamelon(const struct sob *o, int b)
{
	return b >= 0 && !strcmp(o->b[b].id, "mamelon");
}

static int gun_of(int kind)
{
	return kind == SK_SIEGE ? SG_SIEGE : kind == SK_MORTAR ? SG_MORTAR : kind == SK_LANCASTER ? SG_LANCASTER : -1;
}

static bool may_intervene(const struct sp_scn *c, const struct sros_game *g)
{
	int eff;
	if (g->intervened)
		return false;
	for (int b = 0; b < SB_BATTLES; b++)
		if (sref_intervention(&c->t, g->turn, b, g->battle_used, g->battle_turn, 1, &eff, NULL, NULL) == 0)
			return true;
	return false;
}

/* [7.0]: each nation's attrition, its die rolled, its losses named by the program. */
static void attrition(struct game *G, struct evsink *ev)
{
	const struct sp_scn *c = scn(G);
	struct sros_game *g = &st(G)->g;
	for (int n = 0; n < SN_NATIONS; n++) {
		int die = sp_roll(G), lost = 0, units[8], k;
		double p[8];
		struct err e;
		if (g->attrition_done[n])
			continue;
		if (sref_attrition(&c->t, g->turn, n, die, &lost, p, NULL, &e) != 0)
			lost = 0;
		k = sp_pick(&c->o, g, attrition_ok, n, lost < 8 ? lost : 8, units);
		if (sros_attrition(&c->o, &c->t, g, n, die, units, k, ev, &e) != 0)
			g->attrition_done[n] = true; /* cannot happen: the ruling's count is the one picked */
	}
}

/* [16.2], [16.3]: a commander-in-chief due is rolled for. */
static void commanders(struct game *G, struct evsink *ev)
{
	const struct sp_scn *c = scn(G);
	struct sros_game *g = &st(G)->g;
	char buf[256];
	struct err e;
	for (int n = 0; n < 2 && sros_duty(&c->o, &c->t, g, buf, sizeof buf); n++)
		(void)sros_commander(&c->o, g, n, sp_roll(G), ev, &e);
}

/* [9.2]: the engineers' dice, for those in a Siege Area. */
static void engineers(struct game *G, struct evsink *ev)
{
	const struct sp_scn *c = scn(G);
	struct sros_game *g = &st(G)->g;
	struct err e;
	for (int n = 0; n < SN_NATIONS; n++) {
		bool mine = g->seg == SS_RUSSIAN_BUILD ? n == SN_RUSSIAN : allied(n);
		if (!mine || g->engineer_rolled[n])
			continue;
		for (int i = 0; i < c->o.n; i++)
			if (c->o.u[i].nation == n && c->o.u[i].kind == SK_ENGINEER &&
			    (g->s[i].where == SW_AREA || g->s[i].where == SW_BASTION)) {
				(void)sros_engineer(&c->o, &c->t, g, n, sp_roll(G), ev, &e);
				break;
			}
	}
}

/* Ends the segment: sroster's next, then whatever the rules do by themselves, until a side has
 * a decision to make. */
void sp_next_seg(struct game *G, struct evsink *ev)
{
	const struct sp_scn *c = scn(G);
	struct sp_state *S = st(G);
	struct sros_game *g = &S->g;
	for (int guard = 0; guard < SP_SETTLE_MAX && g->seg != SS_OVER; guard++) {
		struct err e;
		if (g->seg == SS_ATTRITION)
			attrition(G, ev);
		if (sros_next(&c->o, &c->t, g, ev, &e) != 0)
			break; /* a duty the game could not do: cannot happen, sros_duty's are all done above */
		S->done = 0;
		memset(S->shot, 0, sizeof S->shot);
		for (int i = 0; i < c->o.n; i++)
			S->f[i] &= (uint8_t)~SPF_MOVED;
		if (S->turn_seen != g->turn) {
			S->turn_seen = (int8_t)g->turn;
			for (int i = 0; i < c->o.n; i++)
				S->f[i] &= (uint8_t)~SPF_SHIFTED;
		}
		switch (g->seg) {
		case SS_REINFORCE:
			commanders(G, ev);
			return;
		case SS_ATTRITION:
			continue;
		case SS_ALLIED_BUILD:
		case SS_RUSSIAN_BUILD:
			engineers(G, ev);
			return;
		case SS_INTERVENTION:
			if (g->off_due > 0 || may_intervene(c, g))
				return;
			continue;
		default:
			return;
		}
	}
}

static int sp_setup(struct game *G, struct err *e)
{
	const struct sp_scn *c = scn(G);
	struct sp_state *S = st(G);
	if (G->dice.mode != DICE_RNG)
		return err_set(e, NULL, 0, "the program rolls a Sevastopol game's dice (its segments ask for many, each in "
			       "turn): for real dice, crimea referee siege rules on them");
	memset(S, 0, sizeof *S);
	sros_new(&c->o, &c->t, &S->g);
	memset(S->aim, -1, sizeof S->aim);
	S->turn_seen = 1;
	if (!may_intervene(c, &S->g))
		sp_next_seg(G, NULL);
	return 0;
}

static int sp_to_act(const struct game *G)
{
	const struct sp_state *S = cst(G);
	const struct sros_game *g = &S->g;
	switch (g->seg) {
	case SS_OVER:
		return -1;
	case SS_INTERVENTION:
		return g->off_due > 0 ? SP_SIDE_ALLIED : SP_SIDE_RUSSIAN;
	case SS_REINFORCE:
	case SS_FIRE:
		return S->done & (1u << SP_SIDE_ALLIED) ? SP_SIDE_RUSSIAN : SP_SIDE_ALLIED;
	case SS_ALLIED_BUILD:
	case SS_ALLIED_MOVE:
		return SP_SIDE_ALLIED;
	case SS_ASSAULT:
		return S->step == IP_AMOVE || S->step == IP_AMELEE ? SP_SIDE_ALLIED : SP_SIDE_RUSSIAN;
	default:
		return SP_SIDE_RUSSIAN;
	}
}

/* ---- the assault -------------------------------------------------------------------------- */

static const char *const step_name[] = {"Allied Tactical Movement", "Russian Field Battery Fire", "Allied Melee",
					"Russian Tactical Movement", "Russian Melee"};

/* ---- the actions -------------------------------------------------------------------------- */

/* The places a unit may be moved or placed: the map, the Siege Areas, the Supply Boxes, the
 * bastions. */
static int places(const struct sob *o, int *out)
{
	int n = 0;
	out[n++] = SP_PLACE(SW_MAP, 0);
	for (int a = 0; a < o->na; a++)
		out[n++] = SP_PLACE(SW_AREA, a);
	for (int k = 0; k < SN_NATIONS; k++)
		out[n++] = SP_PLACE(SW_SUPPLY, k);
	for (int b = 0; b < o->nb; b++)
		out[n++] = SP_PLACE(SW_BASTION, b);
	return n;
}

static bool here(const struct sros_unit *s, int place)
{
	int w = place / 16, b = place % 16;
	return s->where == w && (w == SW_MAP || s->box == b);
}

/* The Allied infantry in approach k's forwardmost work, what a Russian round at it may destroy
 * [8.94]: a parallel's two at most [10.13], out of the garrison an area keeps in its works, its
 * four forwardmost parallels' [10.5] (the rest behind the start line), less those this segment's
 * fire destroyed already; a sap holds none [10.14] but the two who dug it the Game-Turn before,
 * who may not move until this one's movement [9.37], [10.11]. */
static int works_held(const struct game *G, int k)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	int area = c->a[k].area, in_area = 0, held;
	for (int i = 0; i < c->o.n; i++)
		in_area += works_infantry(&c->o, &S->g, i, area);
	if (S->work[k] == 1) {
		held = S->sap_turn[k] == S->g.turn - 1 ? 2 : 0;
	} else {
		held = parallels(c, S, area) < 4 ? parallels(c, S, area) : 4;
		held -= S->shot[area];
		held = held < 0 ? 0 : held < 2 ? held : 2;
	}
	return held < in_area ? held : in_area;
}

/* Yards a battery fires along approach k, and the gun's kind; -1 when it may not. */
static int bombard_yards(const struct game *G, int gun, int k)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	const struct sob_unit *u;
	const struct sros_unit *s;
	int kind, yards;
	if (gun < 0 || gun >= c->o.n || k < 0 || k >= c->na)
		return -1;
	u = &c->o.u[gun];
	s = &S->g.s[gun];
	kind = gun_of(u->kind);
	if (kind < 0 || !in_play(s) || s->limbered || S->g.ammo[u->nation][kind] < 1 || S->g.captured[c->a[k].bastion] ||
	    !area_open(c, &S->g, c->a[k].area) || !approach_open(c, &S->g, k))
		return -1;
	if (u->nation == SN_RUSSIAN) {
		if (s->where != SW_BASTION || s->box != c->a[k].bastion || !works(S, k))
			return -1;
		yards = works_yards(c, S, k);
	} else {
		if (S->g.russian_fired || c->o.a[c->a[k].area].nation != u->nation)
			return -1;
		if (u->kind == SK_SIEGE && !(s->where == SW_AREA && s->box == c->a[k].area))
			return -1;
		/* the mortars and the Lancaster stay in their firing boxes behind the start line: they
		 * fire along the start line's approaches, not one from a captured bastion [8.82] */
		if (u->kind != SK_SIEGE && c->a[k].from >= 0)
			return -1;
		/* [8.21]: a siege gun fires from its approach's forward sound line; the mortars and the
		 * Lancaster from their firing boxes behind the start line */
		yards = u->kind == SK_SIEGE ? front_yards(c, S, k) : c->a[k].yards;
	}
	{
		struct stab_fire res;
		double p[STAB_FIRE_ROWS];
		int strength = u->nation == SN_RUSSIAN ? -1 : S->g.strength[c->a[k].bastion];
		if (sref_bombard(&c->t, kind, yards, strength, u->nation != SN_RUSSIAN && mamelon(&c->o, c->a[k].bastion), 0,
				 &res, p, NULL, NULL) != 0)
			return -1;
	}
	return yards;
}

/* The cost of approach k's next work, or -1 when none may be dug there [9.3], [9.6]. */
static int dig_cost(const struct game *G, int k, bool *sap)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	int ground, cost;
	if (k < 0 || k >= c->na || S->depth[k] >= c->a[k].steps || area_damaged(c, S, c->a[k].area) ||
	    S->g.captured[c->a[k].bastion] || !approach_open(c, &S->g, k))
		return -1;
	ground = c->a[k].ground[S->depth[k]];
	*sap = S->work[k] == 0;
	cost = c->t.build_cost[ground][*sap ? 1 : 0];
	return cost == STAB_NONE ? -1 : cost;
}

static int engineer_area(const struct sob *o, const struct sros_game *g, int nation)
{
	int i = sros_engineer_unit(o, nation);
	return i >= 0 && g->s[i].where == SW_AREA ? g->s[i].box : -1;
}

static int diggers(const struct sob *o, const struct sros_game *g, int area, int need, int *out)
{
	return sp_pick(o, g, digger_ok, area, need, out);
}

/* Points nation has to spend in area: its own, and the engineer's bonus there. */
static int points(const struct sob *o, const struct sros_game *g, int nation, int area)
{
	return g->cp[nation] + (engineer_area(o, g, nation) == area ? g->bonus[nation] : 0);
}

static bool dig_ok(const struct game *G, int k, bool repair)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	int units[2], area, nation, cost;
	bool sap;
	if (k < 0 || k >= c->na || S->g.seg != SS_ALLIED_BUILD)
		return false;
	area = c->a[k].area;
	nation = c->o.a[area].nation;
	if (!area_open(c, &S->g, area))
		return false;
	if (repair) {
		cost = 1;
		if (!S->damaged[k])
			return false;
	} else {
		if ((cost = dig_cost(G, k, &sap)) < 0 || engineer_area(&c->o, &S->g, nation) != area)
			return false;
	}
	return points(&c->o, &S->g, nation, area) >= cost && diggers(&c->o, &S->g, area, repair ? 1 : 2, units) == (repair ? 1 : 2);
}

static int home(const struct sob *o, int nation)
{
	for (int a = 0; a < o->na; a++)
		if (o->a[a].nation == nation && o->a[a].active == 1)
			return a;
	return -1;
}

static bool link_ok(const struct game *G, int l, int nation)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	int area, units[2], cost;
	if (l < 0 || l >= c->nl || nation < 0 || nation > 1 || !c->l[l].by[nation] || S->g.seg != SS_ALLIED_BUILD ||
	    S->linked[l] >= c->l[l].saps || !area_open(c, &S->g, c->l[l].area))
		return false;
	area = home(&c->o, nation);
	cost = c->t.build_cost[c->l[l].ground][1];
	return area >= 0 && !area_damaged(c, S, area) && cost != STAB_NONE && engineer_area(&c->o, &S->g, nation) == area &&
	       points(&c->o, &S->g, nation, area) >= cost && diggers(&c->o, &S->g, area, 2, units) == 2;
}

/* Brigades named for the assault of each nation, and whether the Guards are among them. */
static void storm_count(const struct sp_scn *c, const struct sp_state *S, int per[2])
{
	per[0] = per[1] = 0;
	for (int k = 0; k < S->nstorm; k++)
		per[c->br[S->storm_br[k]].nation]++;
}

static bool storm_ok(const struct game *G, int br, int b)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	const struct sros_game *g = &S->g;
	int per[2], nation;
	bool guards = false, reach = false;
	if (br < 0 || br >= c->nbr || b < 0 || b >= c->o.nb || g->seg != SS_ALLIED_MOVE || g->assault || g->captured[b] ||
	    c->t.winter[g->turn - 1] || S->nstorm >= SROS_BRIGADES)
		return false;
	for (int k = 0; k < S->nstorm; k++)
		if (S->storm_br[k] == br)
			return false;
	nation = c->br[br].nation;
	storm_count(c, S, per);
	if (g->cinc[nation] < 0 || per[nation] >= c->o.u[g->cinc[nation]].brigades)
		return false;
	for (int i = 0; i < c->o.n; i++) {
		const struct sob_unit *u = &c->o.u[i];
		int k;
		if (c->ubr[i] != br)
			continue;
		guards = guards || (u->guards && u->nation == SN_BRITISH);
		if (g->s[i].where == SW_AREA && !g->s[i].worked && (k = approach(c, S, g->s[i].box, b)) >= 0 &&
		    front_yards(c, S, k) <= c->reach)
			reach = true;
	}
	return reach && !(guards && g->guards_used);
}

/* Whether action a is legal now: the one test actions() lists by and apply() checks. */
static bool legal(const struct game *G, const struct action *a)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	const struct sros_game *g = &S->g;
	const struct sob *o = &c->o;
	int side = sp_to_act(G), x = a->arg[0], y = a->arg[1];
	bool unit = x >= 0 && x < o->n;
	if (side < 0 || a->kind < 0 || a->kind >= SP_KINDS)
		return false;
	switch (a->kind) {
	case SP_END:
		return a->n == 0 && !(g->seg == SS_ASSAULT && S->step == IP_AMOVE) &&
		       !(g->seg == SS_INTERVENTION && g->off_due > 0);
	case SP_INTERVENE: {
		int eff;
		return a->n == 1 && g->seg == SS_INTERVENTION && !g->off_due && !g->intervened && x >= 0 && x < SB_BATTLES &&
		       sref_intervention(&c->t, g->turn, x, g->battle_used, g->battle_turn, 1, &eff, NULL, NULL) == 0;
	}
	case SP_TAKEOFF:
		return a->n == 1 && g->seg == SS_INTERVENTION && g->off_due > 0 && unit && o->u[x].kind == SK_INFANTRY &&
		       allied(o->u[x].nation) && g->s[x].where == SW_AREA &&
		       (o->a[g->s[x].box].nation == SN_BRITISH || o->a[g->s[x].box].active > 1);
	case SP_REPLACE: {
		struct sros_game copy;
		if (a->n != 2 || g->seg != SS_REINFORCE || !unit || side_of_nation(o->u[x].nation) != side ||
		    g->s[x].where != SW_ELIMINATED || y < 0 || y / 16 >= SW_WHERES)
			return false;
		memcpy(&copy, g, sizeof copy);
		return sros_replace(o, &copy, x, y / 16, y % 16, NULL, NULL) == 0;
	}
	case SP_CONVERT:
		return a->n == 1 && g->seg == SS_REINFORCE && side == SP_SIDE_RUSSIAN && unit && o->u[x].marine_battery &&
		       !g->s[x].converted && in_play(&g->s[x]) && g->converted_turn != g->turn;
	case SP_MOVE:
		return a->n == 2 && (g->seg == SS_REINFORCE || g->seg == SS_ALLIED_MOVE || g->seg == SS_RUSSIAN_MOVE) && unit &&
		       side_of_nation(o->u[x].nation) == side && !(S->f[x] & SPF_MOVED) && in_play(&g->s[x]) && y >= 0 &&
		       !here(&g->s[x], y) && sros_move_check(o, g, x, y / 16, y % 16, NULL) == 0;
	case SP_STORM:
		return a->n == 2 && storm_ok(G, x, y);
	case SP_BOMBARD:
		return a->n == 2 && g->seg == SS_FIRE && unit && side_of_nation(o->u[x].nation) == side &&
		       bombard_yards(G, x, y) >= 0;
	case SP_DIG:
	case SP_REPAIR:
		return a->n == 1 && dig_ok(G, x, a->kind == SP_REPAIR);
	case SP_LINK:
		return a->n == 2 && link_ok(G, x, y);
	case SP_FORTIFY: {
		struct sros_game copy;
		if (a->n != 1 || g->seg != SS_RUSSIAN_BUILD || x < 0 || x >= o->nb)
			return false;
		memcpy(&copy, g, sizeof copy);
		return sros_fortify(o, &copy, x, 1, g->strength[x] >= 3, NULL, NULL) == 0;
	}
	case SP_GO:
	case SP_ABORT:
		return a->n == 0 && g->seg == SS_ASSAULT && S->step == IP_AMOVE;
	case SP_FIRE:
		return a->n == 2 && sp_fire_ok(G, x, y);
	case SP_MELEE:
		return a->n == 1 && g->seg == SS_ASSAULT && sp_melee_ok(G, x);
	case SP_MAN:
		return a->n == 1 && g->seg == SS_ASSAULT && S->step == IP_RMOVE && unit && o->u[x].nation == SN_RUSSIAN &&
		       o->u[x].kind == SK_INFANTRY && !g->s[x].converted && g->s[x].where == SW_BASTION &&
		       (S->f[x] & SPF_RESERVE) && !(S->f[x] & SPF_TACTICAL) &&
		       sp_positions_taken(o, S, g->s[x].box) < o->b[g->s[x].box].positions;
	case SP_WITHDRAW: /* [12.33]; the game keeps no graph of a bastion's positions: each is taken
			   * as joined to the Reserve Box, as [12.34]'s manning takes it, so [12.35] stops none */
		return a->n == 1 && g->seg == SS_ASSAULT && S->step == IP_RMOVE && unit && o->u[x].nation == SN_RUSSIAN &&
		       o->u[x].kind == SK_INFANTRY && !g->s[x].converted && g->s[x].where == SW_BASTION &&
		       !(S->f[x] & (SPF_RESERVE | SPF_TACTICAL)) && sp_under_assault(o, S, g->s[x].box);
	case SP_RESERVE:
		return a->n == 2 && g->seg == SS_ASSAULT && S->step == IP_RMOVE && unit && o->u[x].nation == SN_RUSSIAN &&
		       o->u[x].kind == SK_INFANTRY && !g->s[x].converted &&
		       (g->s[x].where == SW_MAP || (g->s[x].where == SW_BASTION && (S->f[x] & SPF_RESERVE) && g->s[x].box != y)) &&
		       !(S->f[x] & SPF_SHIFTED) && y >= 0 && y < o->nb && sp_under_assault(o, S, y) &&
		       sros_move_check(o, g, x, SW_BASTION, y, NULL) == 0;
	default:
		return false;
	}
}

/* Puts the action if it is legal. */
static void offer(const struct game *G, struct action *out, int max, int *n, int kind, int a0, int a1, int nargs)
{
	struct action a = {.kind = (int16_t)kind, .n = (int16_t)nargs, .arg = {a0, a1}};
	if (!legal(G, &a))
		return;
	if (*n < max)
		out[*n] = a;
	(*n)++;
}

static int sp_actions(const struct game *G, struct action *out, int max)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	const struct sros_game *g = &S->g;
	const struct sob *o = &c->o;
	int n = 0, side = sp_to_act(G), pl[32], npl = places(o, pl);
	if (side < 0)
		return 0;
	switch (g->seg) {
	case SS_INTERVENTION:
		for (int i = 0; g->off_due > 0 && i < o->n; i++)
			offer(G, out, max, &n, SP_TAKEOFF, i, 0, 1);
		for (int b = 0; b < SB_BATTLES; b++)
			offer(G, out, max, &n, SP_INTERVENE, b, 0, 1);
		break;
	case SS_REINFORCE:
	case SS_ALLIED_MOVE:
	case SS_RUSSIAN_MOVE:
		for (int i = 0; i < o->n; i++) {
			if (side_of_nation(o->u[i].nation) != side)
				continue;
			if (g->s[i].where == SW_ELIMINATED)
				for (int k = 0; g->seg == SS_REINFORCE && k < npl; k++)
					offer(G, out, max, &n, SP_REPLACE, i, pl[k], 2);
			if (g->seg == SS_REINFORCE)
				offer(G, out, max, &n, SP_CONVERT, i, 0, 1);
			for (int k = 0; in_play(&g->s[i]) && !(S->f[i] & SPF_MOVED) && k < npl; k++)
				offer(G, out, max, &n, SP_MOVE, i, pl[k], 2);
		}
		for (int br = 0; g->seg == SS_ALLIED_MOVE && br < c->nbr; br++)
			for (int b = 0; b < o->nb; b++)
				offer(G, out, max, &n, SP_STORM, br, b, 2);
		break;
	case SS_FIRE:
		for (int i = 0; i < o->n; i++)
			for (int k = 0; side_of_nation(o->u[i].nation) == side && gun_of(o->u[i].kind) >= 0 && k < c->na; k++)
				offer(G, out, max, &n, SP_BOMBARD, i, k, 2);
		break;
	case SS_ALLIED_BUILD:
		for (int k = 0; k < c->na; k++) {
			offer(G, out, max, &n, SP_REPAIR, k, 0, 1);
			offer(G, out, max, &n, SP_DIG, k, 0, 1);
		}
		for (int l = 0; l < c->nl; l++)
			for (int nat = 0; nat < 2; nat++)
				offer(G, out, max, &n, SP_LINK, l, nat, 2);
		break;
	case SS_RUSSIAN_BUILD:
		for (int b = 0; b < o->nb; b++)
			offer(G, out, max, &n, SP_FORTIFY, b, 0, 1);
		break;
	case SS_ASSAULT:
		offer(G, out, max, &n, SP_GO, 0, 0, 0);
		offer(G, out, max, &n, SP_ABORT, 0, 0, 0);
		for (int i = 0; S->step == IP_RFIRE && i < o->n; i++)
			for (int t = 0; sp_field_gun(o, g, i) && t < o->n; t++)
				offer(G, out, max, &n, SP_FIRE, i, t, 2);
		for (int d = 0; (S->step == IP_AMELEE || S->step == IP_RMELEE) && d < o->n; d++)
			offer(G, out, max, &n, SP_MELEE, d, 0, 1);
		for (int i = 0; S->step == IP_RMOVE && i < o->n; i++) {
			offer(G, out, max, &n, SP_MAN, i, 0, 1);
			offer(G, out, max, &n, SP_WITHDRAW, i, 0, 1);
			for (int b = 0; (g->s[i].where == SW_MAP || g->s[i].where == SW_BASTION) && b < o->nb; b++)
				offer(G, out, max, &n, SP_RESERVE, i, b, 2);
		}
		break;
	default:
		break;
	}
	offer(G, out, max, &n, SP_END, 0, 0, 0);
	return n;
}

/* Why a is not legal now: sroster's refusal where it has one, else the case that forbids it.
 * Returns -1 with e. */
static int why_not(const struct game *G, const struct action *a, struct err *e)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	const struct sros_game *g = &S->g;
	const struct sob *o = &c->o;
	int side = sp_to_act(G), x = a->arg[0], y = a->arg[1];
	bool unit = a->n >= 1 && x >= 0 && x < o->n;
	static const char *const side_name[2] = {"russian", "allied"};
	bool unit_kind = a->kind == SP_TAKEOFF || a->kind == SP_REPLACE || a->kind == SP_CONVERT || a->kind == SP_MOVE ||
			 a->kind == SP_BOMBARD || a->kind == SP_FIRE || a->kind == SP_MAN || a->kind == SP_RESERVE ||
			 a->kind == SP_WITHDRAW;
	if (unit && unit_kind && side_of_nation(o->u[x].nation) != side && a->kind != SP_TAKEOFF)
		return err_set(e, NULL, 0, "%s is not the %s side's: the %s side acts now", o->u[x].id, side_name[side],
			       side_name[side]);
	switch (a->kind) {
	case SP_INTERVENE: {
		int eff;
		if (g->seg != SS_INTERVENTION)
			break;
		if (g->intervened)
			return err_set(e, NULL, 0, "[5.12] one battle a Game-Turn: this Game-Turn's is resolved");
		if (x >= 0 && x < SB_BATTLES &&
		    sref_intervention(&c->t, g->turn, x, g->battle_used, g->battle_turn, 1, &eff, NULL, e) != 0)
			return -1;
		break;
	}
	case SP_MOVE:
		if (!unit || !(g->seg == SS_REINFORCE || g->seg == SS_ALLIED_MOVE || g->seg == SS_RUSSIAN_MOVE))
			break;
		if (S->f[x] & SPF_MOVED)
			return err_set(e, NULL, 0, "[10.0] %s has moved in this segment", o->u[x].id);
		if (a->n == 2 && y >= 0 && here(&g->s[x], y))
			return err_set(e, NULL, 0, "%s is there already", o->u[x].id);
		if (a->n == 2 && y >= 0 && sros_move_check(o, g, x, y / 16, y % 16, e) != 0)
			return -1;
		break;
	case SP_REPLACE:
		if (unit && a->n == 2 && y >= 0 && y / 16 < SW_WHERES) {
			struct sros_game copy;
			memcpy(&copy, g, sizeof copy);
			if (sros_replace(o, &copy, x, y / 16, y % 16, NULL, e) != 0)
				return -1;
		}
		break;
	case SP_FORTIFY:
		if (g->seg == SS_RUSSIAN_BUILD && x >= 0 && x < o->nb) {
			struct sros_game copy;
			memcpy(&copy, g, sizeof copy);
			if (sros_fortify(o, &copy, x, 1, g->strength[x] >= 3, NULL, e) != 0)
				return -1;
		}
		break;
	case SP_DIG:
	case SP_REPAIR: {
		int area, nation;
		bool sap;
		if (g->seg != SS_ALLIED_BUILD || x < 0 || x >= c->na)
			break;
		area = c->a[x].area;
		nation = o->a[area].nation;
		if (!area_open(c, g, area))
			return err_set(e, NULL, 0, "[3.1], [9.31] the %s Siege Area is activated in Game-Turn %d", o->a[area].id,
				       o->a[area].active);
		if (!approach_open(c, g, x))
			return err_set(e, NULL, 0, "[8.82] saps go out from %s only once the Allies have captured it",
				       o->b[c->a[x].from].name);
		if (a->kind == SP_REPAIR && !S->damaged[x])
			return err_set(e, NULL, 0, "[9.14] no work toward %s is damaged", o->b[c->a[x].bastion].name);
		if (a->kind == SP_DIG && area_damaged(c, S, area))
			return err_set(e, NULL, 0, "[8.95], [9.3] the %s Siege Area has damaged works: repair them before any "
				       "new work there", o->a[area].id);
		if (a->kind == SP_DIG && S->depth[x] >= c->a[x].steps)
			return err_set(e, NULL, 0, "[9.3] the works toward %s stand 150 yards from it: no nearer",
				       o->b[c->a[x].bastion].name);
		if (a->kind == SP_DIG && dig_cost(G, x, &sap) < 0)
			return err_set(e, NULL, 0, "[9.6] no parallel in a ravine");
		if (a->kind == SP_DIG && engineer_area(o, g, nation) != area) {
			char at[128], how[96] = "";
			int eng = sros_engineer_unit(o, nation);
			if (eng >= 0 && g->s[eng].where == SW_AREA) /* he moves as infantry does [10.4] */
				snprintf(how, sizeof how, " (he moves in the Allied Operational Movement Segment: move %s %s)",
					 o->u[eng].id, o->a[area].id);
			return err_set(e, NULL, 0, "[9.24], [9.25] new %s siegeworks need the %s engineer in the %s Siege Area, "
				       "and %s%s", stab_nation_name[nation], stab_nation_name[nation], o->a[area].id,
				       sros_engineer_at(o, g, nation, at, sizeof at), how);
		}
		return err_set(e, NULL, 0, "[9.12], [9.37], [9.38] the %s have %d Construction Point%s for the %s Siege Area, "
			       "and a new work needs two infantry units there not digging already (a repair one)",
			       stab_nation_name[nation], points(o, g, nation, area), points(o, g, nation, area) == 1 ? "" : "s",
			       o->a[area].id);
	}
	case SP_BOMBARD:
		if (g->seg == SS_FIRE && unit && gun_of(o->u[x].kind) < 0)
			return err_set(e, NULL, 0, "[8.0] %s is not a siege gun, mortar or Lancaster battery", o->u[x].id);
		if (g->seg == SS_FIRE && unit && S->g.ammo[o->u[x].nation][gun_of(o->u[x].kind)] < 1)
			return err_set(e, NULL, 0, "[8.16] no %s rounds of that kind are left", stab_nation_name[o->u[x].nation]);
		if (g->seg == SS_FIRE && a->n > 1 && a->arg[1] >= 0 && a->arg[1] < c->na && c->a[a->arg[1]].from >= 0) {
			int k = a->arg[1];
			if (!approach_open(c, g, k))
				return err_set(e, NULL, 0, "[8.82] no works go out from %s until the Allies capture it",
					       o->b[c->a[k].from].name);
			if (unit && allied(o->u[x].nation) && o->u[x].kind != SK_SIEGE)
				return err_set(e, NULL, 0, "[8.82], [6.11] %s fires from its firing box behind the start line, "
					       "not along the works out from %s", o->u[x].id, o->b[c->a[k].from].name);
		}
		if (g->seg == SS_FIRE)
			return err_set(e, NULL, 0, "[8.3], [8.4], [8.63] %s may not fire along that approach (deployed, "
				       "unlimbered, its own nation's works, in range)", unit ? o->u[x].id : "?");
		break;
	case SP_MAN:
		if (g->seg == SS_ASSAULT && S->step == IP_RMOVE && unit && (S->f[x] & SPF_TACTICAL))
			return err_set(e, NULL, 0, "[12.34] %s did not begin this segment in the Reserve Box: it takes a "
				       "position in the next", o->u[x].id);
		break;
	case SP_WITHDRAW:
		if (g->seg != SS_ASSAULT || S->step != IP_RMOVE || !unit)
			break;
		if (S->f[x] & SPF_TACTICAL)
			return err_set(e, NULL, 0, "[12.33] %s has moved in this segment: only a unit that began it in a "
				       "position withdraws", o->u[x].id);
		if (o->u[x].kind != SK_INFANTRY || g->s[x].converted || g->s[x].where != SW_BASTION || (S->f[x] & SPF_RESERVE))
			return err_set(e, NULL, 0, "[12.33] %s holds no position of a bastion", o->u[x].id);
		return err_set(e, NULL, 0, "[12.33] %s is not under assault", o->b[g->s[x].box].name);
	case SP_STORM:
		if (g->seg == SS_ALLIED_MOVE)
			return err_set(e, NULL, 0, "[11.1], [16.0] that brigade may not assault that bastion now: it needs a unit "
				       "in a Siege Area whose works stand within %d yards of it, a brigade the commander-in-chief "
				       "may still activate, never in winter, the Guards once a game", c->reach);
		break;
	default:
		break;
	}
	if (g->seg == SS_ASSAULT)
		return err_set(e, NULL, 0, "[4.0] not in this step of the Assault Impulse (%s): actions lists what may be done",
			       step_name[S->step]);
	return err_set(e, NULL, 0, "[4.0] not in the %s (actions lists what may be done)", sros_seg_name[g->seg]);
}

static int do_end(struct game *G, struct evsink *ev, struct err *e)
{
	struct sp_state *S = st(G);
	int side = sp_to_act(G);
	switch (S->g.seg) {
	case SS_REINFORCE:
	case SS_FIRE:
		if (side == SP_SIDE_ALLIED) {
			S->done |= 1u << SP_SIDE_ALLIED;
			return 0;
		}
		break;
	case SS_ALLIED_MOVE:
		sp_garrison(G, ev);
		if (S->nstorm) {
			int rc = sp_launch(G, ev, e);
			S->nstorm = 0;
			if (rc < 0)
				return -1;
			if (rc == 0)
				return 0;
		}
		break;
	case SS_ASSAULT:
		sp_assault_next(G, ev);
		return 0;
	default:
		break;
	}
	sp_next_seg(G, ev);
	return 0;
}

static int sp_apply(struct game *G, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct sp_scn *c = scn(G);
	struct sp_state *S = st(G);
	struct sros_game *g = &S->g;
	const struct sob *o = &c->o;
	int rc = 0;
	if (sp_to_act(G) < 0)
		return err_set(e, NULL, 0, "[19.0] the game is over");
	if (!legal(G, a))
		return why_not(G, a, e);
	dice_begin(&G->dice);
	switch (a->kind) {
	case SP_END:
		rc = do_end(G, ev, e);
		break;
	case SP_INTERVENE:
		rc = sros_intervene(o, &c->t, g, a->arg[0], sp_roll(G), ev, e);
		if (rc == 0 && g->off_due == 0)
			sp_next_seg(G, ev);
		break;
	case SP_TAKEOFF:
		rc = sros_take_off(o, g, a->arg[0], ev, e);
		if (rc == 0 && g->off_due == 0)
			sp_next_seg(G, ev);
		break;
	case SP_REPLACE:
		rc = sros_replace(o, g, a->arg[0], a->arg[1] / 16, a->arg[1] % 16, ev, e);
		break;
	case SP_CONVERT:
		rc = sros_convert(o, g, a->arg[0], ev, e);
		break;
	case SP_MOVE:
		rc = sros_move(o, &c->t, g, a->arg[0], a->arg[1] / 16, a->arg[1] % 16, ev, e);
		if (rc == 0)
			S->f[a->arg[0]] |= SPF_MOVED;
		break;
	case SP_BOMBARD: {
		int gun = a->arg[0], k = a->arg[1], yards = bombard_yards(G, gun, k), kind = gun_of(o->u[gun].kind);
		bool russian = o->u[gun].nation == SN_RUSSIAN;
		struct sros_round r = {.unit = gun, .yards = yards, .bastion = russian ? -1 : c->a[k].bastion,
				       .die = sp_roll(G), .dump = {-1, -1}};
		struct stab_fire res;
		double p[STAB_FIRE_ROWS];
		if (sref_bombard(&c->t, kind, yards, russian ? -1 : g->strength[r.bastion], !russian && mamelon(o, r.bastion),
				 r.die, &res, p, NULL, e) != 0)
			return -1;
		if (russian) { /* [8.94]: those in the work fired at (works_held) */
			int area = c->a[k].area;
			r.held_known = true;
			r.held = works_held(G, k);
			r.nlost = sp_pick(o, g, works_infantry, area, res.infantry < r.held ? res.infantry : r.held, r.lost);
		} else
			r.nlost = sp_pick(o, g, bastion_infantry, r.bastion, res.infantry < 8 ? res.infantry : 8, r.lost);
		rc = sros_bombard(o, &c->t, g, &r, ev, e);
		if (rc == 0 && russian)
			S->shot[c->a[k].area] = (uint8_t)(S->shot[c->a[k].area] + r.nlost);
		if (rc == 0 && russian && res.damaged && S->damaged[k] < works(S, k)) {
			S->damaged[k]++;
			ev_emit(ev, "[8.95]", "a work toward %s is damaged: repair it before digging on [9.14]",
				o->b[c->a[k].bastion].name);
		}
		break;
	}
	case SP_DIG:
	case SP_REPAIR: {
		int k = a->arg[0], area = c->a[k].area, nation = o->a[area].nation, units[2];
		bool sap = false, repair = a->kind == SP_REPAIR;
		int cost = repair ? 1 : dig_cost(G, k, &sap);
		diggers(o, g, area, repair ? 1 : 2, units);
		rc = sros_dig(o, g, nation, area, cost, repair, sap, units, repair ? 1 : 2, ev, e);
		if (rc != 0)
			break;
		if (!repair && sap)
			S->sap_turn[k] = (int8_t)g->turn;
		if (repair) {
			S->damaged[k]--;
		} else if (++S->work[k] == 4) {
			S->work[k] = 0; /* a line of three parallels [9.35] (an approach crosses no ravine:
					 * load_approaches) */
			S->depth[k]++;
			ev_emit(ev, "[9.35]", "the works toward %s stand %d yards from it", o->b[c->a[k].bastion].name,
				c->a[k].yards - SP_STEP * S->depth[k]);
		}
		break;
	}
	case SP_LINK: {
		int l = a->arg[0], nation = a->arg[1], area = home(o, nation), units[2];
		diggers(o, g, area, 2, units);
		rc = sros_dig(o, g, nation, area, c->t.build_cost[c->l[l].ground][1], false, true, units, 2, ev, e);
		if (rc == 0 && ++S->linked[l] >= c->l[l].saps)
			rc = sros_link(o, g, c->l[l].area, false, ev, e);
		break;
	}
	case SP_STORM:
		S->storm_br[S->nstorm] = (int8_t)a->arg[0];
		S->storm_at[S->nstorm++] = (int8_t)a->arg[1];
		ev_emit(ev, "[11.1]", "brigade %s is to assault %s", c->br[a->arg[0]].name, o->b[a->arg[1]].name);
		break;
	case SP_FORTIFY:
		rc = sros_fortify(o, g, a->arg[0], 1, g->strength[a->arg[0]] >= 3, ev, e);
		break;
	case SP_GO:
		for (int i = 0; i < o->n; i++)
			if (sp_assaulting(S, i) && S->dist[i] > 0 && !(S->f[i] & SPF_IN)) {
				S->dist[i]--;
				if (S->dist[i])
					ev_emit(ev, "[12.15]", "%s goes forward 150 yards: %d yards from %s", o->u[i].id,
						150 * S->dist[i], o->b[S->aim[i]].name);
				else
					ev_emit(ev, "[12.13]", "%s goes forward 150 yards to the Assault Positions of %s", o->u[i].id,
						o->b[S->aim[i]].name);
			}
		/* [14.66]: a unit at the Assault Positions goes into an unoccupied Bastion Position */
		for (int i = 0; i < o->n; i++)
			if (sp_assaulting(S, i) && S->dist[i] == 0 && !(S->f[i] & SPF_IN) &&
			    sp_positions_taken(o, S, S->aim[i]) < o->b[S->aim[i]].positions) {
				S->f[i] |= SPF_IN;
				ev_emit(ev, "[14.66]", "%s goes into an unoccupied position of %s", o->u[i].id, o->b[S->aim[i]].name);
			}
		S->step = IP_RFIRE;
		break;
	case SP_ABORT:
		ev_emit(ev, "[11.23]", "the Allies abort the assault");
		sp_assault_end(G, true, ev);
		break;
	case SP_FIRE:
		rc = sp_battery(G, a->arg[0], a->arg[1], ev, e);
		break;
	case SP_MELEE:
		rc = sp_melee(G, a->arg[0], ev, e);
		break;
	case SP_MAN:
		S->f[a->arg[0]] &= (uint8_t)~SPF_RESERVE;
		S->f[a->arg[0]] |= SPF_TACTICAL;
		ev_emit(ev, "[12.34]", "%s goes from the Reserve Box into a position of %s", o->u[a->arg[0]].id,
			o->b[g->s[a->arg[0]].box].name);
		break;
	case SP_WITHDRAW:
		S->f[a->arg[0]] |= SPF_RESERVE | SPF_TACTICAL;
		ev_emit(ev, "[12.33]", "%s leaves its position of %s for the bastion's Reserve Box", o->u[a->arg[0]].id,
			o->b[g->s[a->arg[0]].box].name);
		break;
	case SP_RESERVE:
		rc = sros_move(o, &c->t, g, a->arg[0], SW_BASTION, a->arg[1], ev, e);
		if (rc == 0)
			S->f[a->arg[0]] |= SPF_RESERVE | SPF_SHIFTED | SPF_TACTICAL;
		break;
	default:
		return err_set(e, NULL, 0, "unknown action");
	}
	return rc;
}

/* ---- the end of the game ------------------------------------------------------------------ */

static bool sp_over(const struct game *G, struct result *r)
{
	const struct sp_scn *c = scn(G);
	const struct sros_game *g = &cst(G)->g;
	int major = 0, minor = 0;
	for (int b = 0; b < c->o.nb; b++)
		if (g->captured[b]) {
			major += c->o.b[b].major;
			minor += !c->o.b[b].major;
		}
	if (r) {
		memset(r, 0, sizeof *r);
		r->over = g->seg == SS_OVER;
		r->winner = !r->over ? -1 : g->winner == SN_RUSSIAN ? SP_SIDE_RUSSIAN : SP_SIDE_ALLIED;
		r->vp[SP_SIDE_ALLIED] = major + minor;
		r->vp[SP_SIDE_RUSSIAN] = c->o.nb - major - minor;
		snprintf(r->level, sizeof r->level, "%s [19.0]: %d major and %d minor bastion%s taken",
			 !r->over ? "Under way" : r->winner == SP_SIDE_ALLIED ? "Allied Victory" : "Russian Victory", major,
			 minor, minor == 1 ? "" : "s");
	}
	return g->seg == SS_OVER;
}

/* ---- text --------------------------------------------------------------------------------- */

static const char *const box_id[SN_NATIONS] = {"balaclava-box", "kameitch-box", "north-shore-box"};
static const char *const kind_word[SP_KINDS] = {"end", "intervene", "takeoff", "replace", "convert", "move",
						"bombard", "dig", "repair", "link", "storm", "fortify", "go", "abort",
						"fire", "melee", "man", "reserve", "withdraw"};

static void place_text(const struct sob *o, int place, char *buf, size_t n)
{
	int w = place / 16, b = place % 16;
	if (w == SW_AREA && b < o->na)
		snprintf(buf, n, "%s", o->a[b].id);
	else if (w == SW_SUPPLY && b < SN_NATIONS)
		snprintf(buf, n, "%s", box_id[b]);
	else if (w == SW_BASTION && b < o->nb)
		snprintf(buf, n, "%s", o->b[b].id);
	else
		snprintf(buf, n, "map");
}

static int place_of(const struct sob *o, const char *s)
{
	int k;
	if (!strcmp(s, "map"))
		return SP_PLACE(SW_MAP, 0);
	if ((k = sob_area(o, s)) >= 0)
		return SP_PLACE(SW_AREA, k);
	if ((k = sob_bastion(o, s)) >= 0)
		return SP_PLACE(SW_BASTION, k);
	for (k = 0; k < SN_NATIONS; k++)
		if (!strcmp(s, box_id[k]))
			return SP_PLACE(SW_SUPPLY, k);
	return -1;
}

/* Approach k's name in actions and drawings: "AREA:BASTION", or "FROM:BASTION" for works out
 * from a captured bastion ([8.82]: "mamelon:malakoff"). */
static int ap_name(const struct sp_scn *c, int k, char *buf, size_t n)
{
	const struct splay_approach *a = &c->a[k];
	return snprintf(buf, n, "%s:%s", a->from >= 0 ? c->o.b[a->from].id : c->o.a[a->area].id, c->o.b[a->bastion].id);
}

/* The approach named s ("AREA:BASTION" or "FROM:BASTION"), or -1. */
static int ap_find(const struct sp_scn *c, const char *s)
{
	char name[48];
	for (int k = 0; s && k < c->na; k++)
		if (ap_name(c, k, name, sizeof name) < (int)sizeof name && !strcmp(name, s))
			return k;
	return -1;
}

static int sp_format(const struct game *G, const struct action *a, char *buf, size_t n)
{
	const struct sp_scn *c = scn(G);
	const struct sob *o = &c->o;
	char p[48];
	int k = a->kind;
	if (k < 0 || k >= SP_KINDS)
		return snprintf(buf, n, "?");
	switch (k) {
	case SP_INTERVENE:
		return snprintf(buf, n, "intervene %s", a->arg[0] >= 0 && a->arg[0] < SB_BATTLES ?
				stab_battle_name[a->arg[0]] : "?");
	case SP_TAKEOFF:
	case SP_CONVERT:
	case SP_MELEE:
	case SP_MAN:
	case SP_WITHDRAW:
		return snprintf(buf, n, "%s %s", kind_word[k], o->u[a->arg[0]].id);
	case SP_REPLACE:
	case SP_MOVE:
		place_text(o, a->arg[1], p, sizeof p);
		return snprintf(buf, n, "%s %s %s", kind_word[k], o->u[a->arg[0]].id, p);
	case SP_BOMBARD:
		ap_name(c, a->arg[1], p, sizeof p);
		return snprintf(buf, n, "bombard %s %s", o->u[a->arg[0]].id, p);
	case SP_DIG:
	case SP_REPAIR:
		ap_name(c, a->arg[0], p, sizeof p);
		return snprintf(buf, n, "%s %s", kind_word[k], p);
	case SP_LINK:
		return snprintf(buf, n, "link %s %s", o->a[c->l[a->arg[0]].area].id, stab_nation_name[a->arg[1]]);
	case SP_STORM:
		return snprintf(buf, n, "storm %s %s", o->b[a->arg[1]].id, c->br[a->arg[0]].name);
	case SP_FORTIFY:
		return snprintf(buf, n, "fortify %s", o->b[a->arg[0]].id);
	case SP_FIRE:
		return snprintf(buf, n, "fire %s %s", o->u[a->arg[0]].id, o->u[a->arg[1]].id);
	case SP_RESERVE:
		return snprintf(buf, n, "reserve %s %s", o->u[a->arg[0]].id, o->b[a->arg[1]].id);
	default:
		return snprintf(buf, n, "%s", kind_word[k]);
	}
}

static int unit_arg(const struct sob *o, const char *s, struct err *e)
{
	int i = s ? sob_find(o, s) : -1;
	if (i < 0)
		err_set(e, NULL, 0, "no unit \"%s\" (the order of battle's ids: crimea show sevastopol)", s ? s : "");
	return i;
}

static int sp_parse(const struct game *G, const char *text, struct action *a, struct err *e)
{
	const struct sp_scn *c = scn(G);
	const struct sob *o = &c->o;
	char buf[ACTION_TEXT_MAX], *tok[4] = {NULL}, *save = NULL;
	int nt = 0, k;
	snprintf(buf, sizeof buf, "%s", text);
	for (char *t = strtok_r(buf, " \t", &save); t && nt < 4; t = strtok_r(NULL, " \t", &save))
		tok[nt++] = t;
	if (!nt)
		return err_set(e, NULL, 0, "an empty action");
	memset(a, 0, sizeof *a);
	for (k = 0; k < SP_KINDS && strcmp(tok[0], kind_word[k]); k++)
		;
	if (k == SP_KINDS)
		return err_set(e, NULL, 0, "unknown action \"%s\" (actions lists the legal ones)", tok[0]);
	a->kind = (int16_t)k;
	switch (k) {
	case SP_END:
	case SP_GO:
	case SP_ABORT:
		a->n = 0;
		return 0;
	case SP_INTERVENE:
		for (int b = 0; b < SB_BATTLES; b++)
			if (tok[1] && !strcmp(tok[1], stab_battle_name[b])) {
				a->n = 1;
				a->arg[0] = b;
				return 0;
			}
		return err_set(e, NULL, 0, "intervene balaclava, inkerman or tchernaya");
	case SP_TAKEOFF:
	case SP_CONVERT:
	case SP_MELEE:
	case SP_MAN:
	case SP_WITHDRAW:
		a->n = 1;
		return (a->arg[0] = unit_arg(o, tok[1], e)) < 0 ? -1 : 0;
	case SP_REPLACE:
	case SP_MOVE:
		a->n = 2;
		if ((a->arg[0] = unit_arg(o, tok[1], e)) < 0)
			return -1;
		if (!tok[2] || (a->arg[1] = place_of(o, tok[2])) < 0)
			return err_set(e, NULL, 0, "a place: map, a Siege Area, a bastion, or balaclava-box, kameitch-box, "
				       "north-shore-box");
		return 0;
	case SP_FIRE:
	case SP_RESERVE:
		a->n = 2;
		if ((a->arg[0] = unit_arg(o, tok[1], e)) < 0)
			return -1;
		if (k == SP_FIRE)
			return (a->arg[1] = unit_arg(o, tok[2], e)) < 0 ? -1 : 0;
		if (!tok[2] || (a->arg[1] = sob_bastion(o, tok[2])) < 0)
			return err_set(e, NULL, 0, "reserve U BASTION");
		return 0;
	case SP_BOMBARD:
	case SP_DIG:
	case SP_REPAIR: {
		const char *ap = k == SP_BOMBARD ? tok[2] : tok[1];
		int ak;
		if (k == SP_BOMBARD && (a->arg[0] = unit_arg(o, tok[1], e)) < 0)
			return -1;
		if ((ak = ap_find(c, ap)) < 0)
			return err_set(e, NULL, 0, "an approach: AREA:BASTION, e.g. british-center:great-redan (or "
				       "FROM:BASTION, works out from a captured bastion, e.g. mamelon:malakoff)");
		a->n = k == SP_BOMBARD ? 2 : 1;
		a->arg[k == SP_BOMBARD ? 1 : 0] = ak;
		return 0;
	}
	case SP_LINK:
		for (int l = 0; l < c->nl; l++)
			if (tok[1] && !strcmp(tok[1], o->a[c->l[l].area].id)) {
				int nat = tok[2] ? sob_nation(tok[2]) : -1;
				if (!allied(nat))
					return err_set(e, NULL, 0, "link AREA british|french");
				a->n = 2;
				a->arg[0] = l;
				a->arg[1] = nat;
				return 0;
			}
		return err_set(e, NULL, 0, "link french-left|french-right british|french");
	case SP_STORM:
		a->n = 2;
		if (!tok[1] || (a->arg[1] = sob_bastion(o, tok[1])) < 0)
			return err_set(e, NULL, 0, "storm BASTION BRIGADE");
		for (int br = 0; br < c->nbr; br++)
			if (tok[2] && !strcmp(tok[2], c->br[br].name)) {
				a->arg[0] = br;
				return 0;
			}
		return err_set(e, NULL, 0, "no Allied brigade \"%s\"", tok[2] ? tok[2] : "");
	case SP_FORTIFY:
		a->n = 1;
		if (!tok[1] || (a->arg[0] = sob_bastion(o, tok[1])) < 0)
			return err_set(e, NULL, 0, "fortify BASTION");
		return 0;
	default:
		return err_set(e, NULL, 0, "unknown action");
	}
}

static uint64_t sp_checksum(const struct game *G)
{
	return fnv1a64(FNV_OFFSET, G->st, sizeof(struct sp_state));
}

static int sp_player_turn(const struct game *G)
{
	const struct sros_game *g = &cst(G)->g;
	return 2 * (g->turn - 1) + (g->seg >= SS_RUSSIAN_MOVE);
}


static void sp_status(const struct game *G, char *buf, size_t n)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	const struct sros_game *g = &S->g;
	if (g->seg == SS_OVER) {
		struct result r;
		sp_over(G, &r);
		snprintf(buf, n, "Game over: %s", r.level);
	} else if (g->seg == SS_ASSAULT) {
		snprintf(buf, n, "Game-Turn %d (%s), Assault Impulse %d of 5, %s", g->turn, c->t.turn[g->turn - 1],
			 g->impulse, step_name[S->step]);
	} else {
		snprintf(buf, n, "Game-Turn %d (%s), %s", g->turn, c->t.turn[g->turn - 1], sros_seg_name[g->seg]);
	}
}

static size_t cat(char *out, size_t n, size_t at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static size_t cat(char *out, size_t n, size_t at, const char *fmt, ...)
{
	va_list ap;
	int k;
	if (at >= n)
		return at;
	va_start(ap, fmt);
	k = vsnprintf(out + at, n - at, fmt, ap);
	va_end(ap);
	return k < 0 ? at : at + (size_t)k;
}

/* Bastion b's Russians: *units its infantry and field batteries, *reserve its units in the
 * Reserve Box (the board's "held by", and the view's). */
static void bastion_held(const struct game *G, int b, int *units, int *reserve)
{
	const struct sob *o = &scn(G)->o;
	const struct sp_state *S = cst(G);
	*units = *reserve = 0;
	for (int i = 0; i < o->n; i++)
		if (o->u[i].nation == SN_RUSSIAN && S->g.s[i].where == SW_BASTION && S->g.s[i].box == b) {
			*units += o->u[i].kind == SK_INFANTRY || o->u[i].kind == SK_FIELD;
			*reserve += (S->f[i] & SPF_RESERVE) != 0;
		}
}

/* The position as a referee's sheet: the tracks, each bastion, each approach's works. */
static void sp_draw(const struct game *G, char *out, size_t n, unsigned flags)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	const struct sros_game *g = &S->g;
	const struct sob *o = &c->o;
	char line[160];
	size_t at = 0;
	(void)flags;
	out[0] = 0;
	sp_status(G, line, sizeof line);
	at = cat(out, n, at, "%s\n", line);
	for (int k = 0; k < SN_NATIONS; k++)
		at = cat(out, n, at, "%-8s rounds: %d siege gun, %d mortar%s; %d Construction Point%s; %d in the %s\n",
			 stab_nation_name[k], g->ammo[k][SG_SIEGE], g->ammo[k][SG_MORTAR],
			 k == SN_BRITISH ? "" : "", g->cp[k], g->cp[k] == 1 ? "" : "s", sros_in_supply(o, g, k), box_id[k]);
	at = cat(out, n, at, "bastion          level  held by\n");
	for (int b = 0; b < o->nb; b++) {
		int ru, res;
		bastion_held(G, b, &ru, &res);
		at = cat(out, n, at, "%-16s %5d  %s", o->b[b].id, g->strength[b], g->captured[b] ? "the Allies" : "");
		if (!g->captured[b])
			at = cat(out, n, at, "%d Russian unit%s (%d in reserve), %d positions", ru, ru == 1 ? "" : "s", res,
				 o->b[b].positions);
		at = cat(out, n, at, "%s\n", o->b[b].major ? " (major)" : "");
	}
	at = cat(out, n, at, "approach                        works          front  damaged\n");
	for (int k = 0; k < c->na; k++) {
		if (!approach_open(c, g, k))
			continue; /* [8.82] not a start line yet */
		ap_name(c, k, line, sizeof line);
		at = cat(out, n, at, "%-31s %2d lines +%d    %5d  %d\n", line, S->depth[k], S->work[k], front_yards(c, S, k),
			 S->damaged[k]);
	}
	for (int i = 0; g->seg == SS_ASSAULT && i < o->n; i++)
		if (sp_assaulting(S, i))
			at = cat(out, n, at, "  %s: %s, %d yards%s\n", o->u[i].id, o->b[S->aim[i]].id, 150 * S->dist[i],
				 S->f[i] & SPF_IN ? ", in its positions" : "");
}

static void sp_describe(const struct game *G, char *out, size_t n)
{
	const struct sp_scn *c = scn(G);
	static const char *const what[4] = {"The map", "The approaches", "The links", "The assault"};
	size_t at = 0;
	out[0] = 0;
	at = cat(out, n, at, "%s\nOrder of battle: %d units, %d bastions, %d Siege Areas (data/siege/sevastopol.json).\n",
		 G->scn->title, c->o.n, c->o.nb, c->o.na);
	for (int k = 0; k < 4; k++)
		at = cat(out, n, at, "%s (%s)\n", what[k], c->provenance[k]);
}

static int sp_check(const struct game *G, char *why, size_t n)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	const struct sob *o = &c->o;
	for (int k = 0; k < c->na; k++) {
		if (S->depth[k] > c->a[k].steps || S->work[k] > 3 || S->damaged[k] > works(S, k))
			return snprintf(why, n, "approach %d: %d lines, %d works, %d damaged", k, S->depth[k], S->work[k],
					S->damaged[k]), -1;
	}
	for (int i = 0; i < o->n; i++) {
		const struct sros_unit *s = &S->g.s[i];
		if ((S->f[i] & SPF_IN) && !(sp_assaulting(S, i) && s->where == SW_AREA))
			return snprintf(why, n, "%s holds a bastion position outside an assault", o->u[i].id), -1;
		if ((S->f[i] & SPF_RESERVE) && !(o->u[i].nation == SN_RUSSIAN && s->where == SW_BASTION))
			return snprintf(why, n, "%s is in a Reserve Box but not in a bastion", o->u[i].id), -1;
		if (sp_assaulting(S, i)) { /* between its bastion and its approach's start line: the first
					    * wave goes from the forward line, the next from the lines behind [12.21] */
			int k = approach(c, S, s->box, S->aim[i]);
			if (k < 0 || S->dist[i] < 0 || S->dist[i] * SP_STEP > c->a[k].yards)
				return snprintf(why, n, "%s stands %d yards from %s, behind its start line", o->u[i].id,
						SP_STEP * S->dist[i], o->b[S->aim[i]].id), -1;
		}
		if (s->where == SW_BASTION && allied(o->u[i].nation) && !S->g.captured[s->box])
			return snprintf(why, n, "%s is in a bastion the Allies have not taken", o->u[i].id), -1;
	}
	for (int b = 0; S->g.seg == SS_ASSAULT && b < o->nb; b++)
		if (sp_positions_taken(o, S, b) > o->b[b].positions && sp_under_assault(o, S, b))
			return snprintf(why, n, "%s: more units than positions", o->b[b].id), -1;
	return 0;
}

/* The events of a ruling's odds as lines of text. */
static void events_text(const struct evsink *ev, char *out, size_t n)
{
	size_t at = 0;
	out[0] = 0;
	for (int k = 0; k < ev->n; k++)
		at = cat(out, n, at, "%s %s\n", ev->ev[k].rule, ev->ev[k].text);
}

/* The chances of a round, a melee or a field battery's fire before the dice, as sroster gives
 * them (the referee's "before you roll"), on a copy: the game does not change. */
static int sp_odds(const struct game *G, const struct action *a, char *out, size_t n, struct err *e)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	struct event store[32];
	struct evsink ev;
	int rc;
	evsink_init(&ev, store, 32);
	switch (a->kind) {
	case SP_BOMBARD: {
		int gun = a->arg[0], k = a->arg[1], yards = bombard_yards(G, gun, k);
		struct sros_game copy;
		struct sros_round r = {.unit = gun, .yards = yards, .dump = {-1, -1}};
		if (yards < 0 || !legal(G, a))
			return why_not(G, a, e);
		r.bastion = c->o.u[gun].nation == SN_RUSSIAN ? -1 : c->a[k].bastion;
		if (r.bastion < 0) {
			r.held_known = true;
			r.held = works_held(G, k);
		}
		memcpy(&copy, &S->g, sizeof copy);
		ev_emit(&ev, "[8.5]", "%s at %d yards, %s", c->o.u[gun].id, yards, r.bastion >= 0 ? c->o.b[r.bastion].name
			: "the works of the approach");
		rc = sros_bombard(&c->o, &c->t, &copy, &r, &ev, e) == 1 ? 0 : -1;
		break;
	}
	case SP_MELEE:
		if (!legal(G, a))
			return why_not(G, a, e);
		rc = sp_melee_odds(G, a->arg[0], &ev, e);
		break;
	case SP_FIRE:
		if (!legal(G, a))
			return why_not(G, a, e);
		rc = sp_battery_odds(G, a->arg[0], a->arg[1], &ev, e);
		break;
	default:
		return err_set(e, NULL, 0, "odds are for a round (bombard), a melee or a field battery's fire");
	}
	if (rc == 0)
		events_text(&ev, out, n);
	return rc;
}

/* Each unit of side (-1 both) where it stands, place by place. */
static void sp_units(const struct game *G, int side, char *out, size_t n)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	const struct sros_game *g = &S->g;
	const struct sob *o = &c->o;
	size_t at = 0;
	int pl[32], npl = places(o, pl);
	static const char *const gone[] = {"due", "off the map", "routed", "eliminated", "in transit"};
	static const int gone_where[] = {SW_DUE, SW_OFF, SW_ROUTED, SW_ELIMINATED, SW_TRANSIT};
	out[0] = 0;
	for (int sd = 0; sd < 2; sd++) {
		if (side >= 0 && sd != side)
			continue;
		at = cat(out, n, at, "%s (* digging, ! in the assault, r in a Reserve Box):\n", G->scn->side[sd]);
		for (int k = 0; k < npl + 5; k++) {
			char name[48];
			size_t mark = at;
			int cnt = 0;
			if (k < npl)
				place_text(o, pl[k], name, sizeof name);
			else
				snprintf(name, sizeof name, "%s", gone[k - npl]);
			at = cat(out, n, at, "  %-16s", name);
			for (int i = 0; i < o->n; i++) {
				const struct sros_unit *u = &g->s[i];
				bool there = k < npl ? in_play(u) && (u->where == pl[k] / 16 && (u->where == SW_MAP || u->box == pl[k] % 16))
					     : u->where == gone_where[k - npl];
				if (side_of_nation(o->u[i].nation) != sd || !there || (k == npl && o->u[i].entry == SOB_ENTRY_BY_RULE))
					continue;
				at = cat(out, n, at, " %s", o->u[i].id);
				if (o->u[i].kind == SK_INFANTRY)
					at = cat(out, n, at, "(%d%c)", o->u[i].strength, 'A' + o->u[i].morale);
				at = cat(out, n, at, "%s%s%s", u->worked ? "*" : "", u->active ? "!" : "",
					 S->f[i] & SPF_RESERVE ? "r" : "");
				cnt++;
			}
			if (!cnt) { /* an empty place is left out */
				at = mark;
				out[at < n ? at : n - 1] = 0;
			} else {
				at = cat(out, n, at, "\n");
			}
		}
	}
}

/* The score sheet: the bastions taken [19.0] (the Allies need two, one of them major). */
static void sp_score(const struct game *G, struct score_sheet *sh, struct result *r)
{
	const struct sp_scn *c = scn(G);
	const struct sros_game *g = &cst(G)->g;
	memset(sh, 0, sizeof *sh);
	for (int b = 0; b < c->o.nb && sh->n < SCORE_LINES_MAX; b++) {
		struct score_line *l = &sh->line[sh->n++];
		l->side = g->captured[b] ? SP_SIDE_ALLIED : SP_SIDE_RUSSIAN;
		l->vp = 1;
		l->order = b;
		snprintf(l->rule, sizeof l->rule, "[19.0]");
		snprintf(l->what, sizeof l->what, "%s %s (%s)", c->o.b[b].name, g->captured[b] ? "captured" : "held",
			 c->o.b[b].major ? "major" : "minor");
		snprintf(l->item, sizeof l->item, "%s %s", c->o.b[b].name, g->captured[b] ? "captured" : "held");
	}
	sh->items = c->o.nb;
	sp_over(G, r);
}

/* The abstract map as the front ends draw it (docs/API.md, "siege"): the bastions, the Allied
 * Siege Areas and the approaches between them, each with its yards from its start line. */
static json_t *json_siege(const struct sp_scn *c)
{
	const struct sob *o = &c->o;
	json_t *m = json_object(), *bs = json_array(), *as = json_array(), *ap = json_array();
	if (!m || !bs || !as || !ap) {
		json_decref(bs);
		json_decref(as);
		json_decref(ap);
		return m;
	}
	for (int b = 0; b < o->nb; b++)
		json_array_append_new(bs, json_pack("{s:s, s:s, s:b, s:i}", "id", o->b[b].id, "name", o->b[b].name, "major",
						    o->b[b].major, "positions", o->b[b].positions));
	for (int a = 0; a < o->na; a++)
		if (o->a[a].nation != SN_RUSSIAN)
			json_array_append_new(as, json_pack("{s:s, s:s, s:i}", "id", o->a[a].id, "nation",
							    stab_nation_name[o->a[a].nation], "active", o->a[a].active));
	for (int k = 0; k < c->na; k++) {
		json_t *x = json_pack("{s:s, s:s, s:i, s:i}", "area", o->a[c->a[k].area].id, "bastion", o->b[c->a[k].bastion].id,
				      "yards", c->a[k].yards, "steps", c->a[k].steps);
		if (x && c->a[k].from >= 0) /* [8.82]: works out from a captured bastion */
			json_object_set_new(x, "from", json_string(o->b[c->a[k].from].id));
		json_array_append_new(ap, x);
	}
	json_object_set_new(m, "bastions", bs);
	json_object_set_new(m, "areas", as);
	json_object_set_new(m, "approaches", ap);
	return m;
}

/* The siege as it stands, in the order of json_siege's lists: each bastion's Strength Level,
 * whether it is taken, the Russians holding it and those of them in its Reserve Box; each
 * approach's front (yards from the bastion of its forward undamaged line), lines, works of the
 * next step and damaged works. */
static json_t *json_siege_state(const struct game *G)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	const struct sros_game *g = &S->g;
	const struct sob *o = &c->o;
	json_t *m = json_object(), *bs = json_array(), *ap = json_array();
	if (!m || !bs || !ap) {
		json_decref(bs);
		json_decref(ap);
		return m;
	}
	for (int b = 0; b < o->nb; b++) {
		int ru, res;
		bastion_held(G, b, &ru, &res);
		json_array_append_new(bs, json_pack("{s:s, s:i, s:b, s:i, s:i}", "id", o->b[b].id, "level", g->strength[b],
						    "captured", g->captured[b], "russians", ru, "reserve", res));
	}
	for (int k = 0; k < c->na; k++) {
		int depth, work, damaged, front = splay_works(G, k, &depth, &work, &damaged);
		json_array_append_new(ap, json_pack("{s:i, s:i, s:i, s:i, s:b}", "front", front, "lines", depth, "work", work,
						    "damaged", damaged, "open", splay_approach_open(G, k)));
	}
	json_object_set_new(m, "bastions", bs);
	json_object_set_new(m, "approaches", ap);
	return m;
}

/* For the server (docs/API.md): a Sevastopol game has no hex map: "map" is null and the
 * browser shows the game as text ("board", the terminal's drawing) with its actions, beside the
 * schematic of "siege". */
static json_t *sp_json_scenario(const struct scenario *sc)
{
	const struct sp_scn *c = sc->data;
	json_t *o = json_object(), *rec = json_array();
	if (!o || !rec)
		return o;
	json_object_set_new(o, "map", json_null());
	json_object_set_new(o, "view", json_string("text"));
	json_object_set_new(o, "units", json_array());
	json_object_set_new(o, "siege", json_siege(c));
	for (int k = 0; k < 4; k++)
		json_array_append_new(rec, json_string(c->provenance[k]));
	json_object_set_new(o, "reconstructed", rec);
	json_object_set_new(o, "first", json_string(sc->side[SP_SIDE_RUSSIAN]));
	json_object_set_new(o, "first_turn", json_integer(1));
	json_object_set_new(o, "turns", json_integer(STAB_TURNS));
	return o;
}

static json_t *sp_json_state(const struct game *G, int viewer_side)
{
	const struct sp_state *S = cst(G);
	json_t *o = json_object();
	char *board = malloc(16384);
	int side = sp_to_act(G);
	(void)viewer_side; /* no hidden information */
	if (!o || !board) {
		free(board);
		return o;
	}
	json_object_set_new(o, "turn", json_integer(S->g.turn));
	json_object_set_new(o, "last_turn", json_integer(STAB_TURNS));
	json_object_set_new(o, "phase", json_string(S->g.seg == SS_ASSAULT ? step_name[S->step] : sros_seg_name[S->g.seg]));
	json_object_set_new(o, "phasing", side >= 0 ? json_string(G->scn->side[side]) : json_null());
	json_object_set_new(o, "units", json_array());
	json_object_set_new(o, "siege", json_siege_state(G));
	sp_draw(G, board, 16384, 0);
	json_object_set_new(o, "board", json_string(board));
	sp_units(G, -1, board, 16384);
	json_object_set_new(o, "places", json_string(board));
	free(board);
	return o;
}

/* ---- the read-only view ------------------------------------------------------------------- */

const struct sob *splay_oob(const struct game *g)
{
	return &scn(g)->o;
}

const struct stab *splay_tables(const struct game *g)
{
	return &scn(g)->t;
}

const struct sros_game *splay_roster(const struct game *g)
{
	return &cst(g)->g;
}

int splay_napproaches(const struct game *g)
{
	return scn(g)->na;
}

const struct splay_approach *splay_approach(const struct game *g, int k)
{
	return k >= 0 && k < scn(g)->na ? &scn(g)->a[k] : NULL;
}

bool splay_approach_open(const struct game *g, int k)
{
	return k >= 0 && k < scn(g)->na && approach_open(scn(g), &cst(g)->g, k);
}

int splay_approach_name(const struct game *g, int k, char *buf, size_t n)
{
	return k >= 0 && k < scn(g)->na ? ap_name(scn(g), k, buf, n) : snprintf(buf, n, "?");
}

int splay_reach(const struct game *g)
{
	return scn(g)->reach;
}

int splay_works(const struct game *g, int k, int *depth, int *work, int *damaged)
{
	const struct sp_state *S = cst(g);
	*depth = S->depth[k];
	*work = S->work[k];
	*damaged = S->damaged[k];
	return front_yards(scn(g), S, k);
}

int splay_assault_unit(const struct game *g, int unit, int *aim, bool *in)
{
	const struct sp_state *S = cst(g);
	if (!sp_assaulting(S, unit))
		return -1;
	*aim = S->aim[unit];
	*in = (S->f[unit] & SPF_IN) != 0;
	return S->dist[unit];
}

bool splay_in_reserve(const struct game *g, int unit)
{
	return (cst(g)->f[unit] & SPF_RESERVE) != 0;
}

const char *splay_brigade(const struct game *g, int br)
{
	return br >= 0 && br < scn(g)->nbr ? scn(g)->br[br].name : NULL;
}

bool splay_named(const struct game *g, int unit)
{
	const struct sp_state *S = cst(g);
	for (int k = 0; k < S->nstorm; k++)
		if (scn(g)->ubr[unit] == S->storm_br[k])
			return true;
	return false;
}

const struct rules siege_rules = {
	.id = "siege",
	.title = "SPI's Sevastopol: The First Modern Siege (with the October 1979 addenda)",
	.state_size = sizeof(struct sp_state),
	.load = sp_load,
	.unload = sp_unload,
	.setup = sp_setup,
	.actions = sp_actions,
	.apply = sp_apply,
	.to_act = sp_to_act,
	.over = sp_over,
	.format = sp_format,
	.parse = sp_parse,
	.checksum = sp_checksum,
	.player_turn = sp_player_turn,
	.status = sp_status,
	.describe = sp_describe,
	.draw = sp_draw,
	.check = sp_check,
	.odds = sp_odds,
	.units = sp_units,
	.json_scenario = sp_json_scenario,
	.json_state = sp_json_state,
	.score = sp_score,
};
