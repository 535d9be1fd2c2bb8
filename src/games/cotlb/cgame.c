/* cgame: Charge of the Light Brigade on the rule-system interface (cgame.h). */
#include "cgame.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/fsio.h"
#include "../../core/prov.h"
#include "cact.h"
#include "cmove.h"
#include "cplay.h"
#include "croster.h"
#include "cseq.h"
#include "ctable.h"

#define CG_LISTS_MAX 4
#define CG_ITEMS_MAX 32
#define CG_NEAREST 3      /* moves offered toward the nearest enemies */
#define CG_PLACES 2       /* moves offered toward the nearest places the side scores for */
#define CG_DENY 3         /* and toward the nearest places only the enemy scores for */
#define CG_NEAR_MAX 4     /* the most of either nearest_places gives */
#define CG_OBLIQUE 44     /* degrees off its facing of a move forward at the front arc's edge (oblique_moves) */
#define CG_DANGER 40      /* inches: an enemy this near offers a fall back (away_moves), the guns' long range */
#define CG_SETTLE_MAX 64  /* withdrawals and routs after one action (each moves a unit once) */
#define CG_ENTRY_SLIDE 24 /* inches along the edge a reinforcement looks for room beside its place */
#define CG_MOVES_MAX 16   /* a unit's moves in one listing (unit_moves: CG_NEAREST + 2 CG_NEAR_MAX + 2) */

enum cg_item_kind { CGV_HOLD, CGV_GUNS_TAKEN, CGV_GUNS_KEPT, CGV_STANDS };

/* A victory point item of the scenario [the scenario file's "victory"]. */
struct cg_item {
	int side;
	int vp;
	int kind;                 /* enum cg_item_kind */
	int feature;              /* CGV_HOLD: the table's feature */
	int32_t within;           /* CGV_HOLD: units */
	int unit;                 /* CGV_GUNS_*: the battery */
	char what[SCORE_WHAT_MAX];
};

/* A list of reinforcements that dice to arrive in order [the scenario file's "reinforcements"]. */
struct cg_list {
	char name[64];
	int need;                 /* a die of need or more arrives */
	int unit[CROS_UNITS_MAX];
	int n;
};

/* The scenario: the sheet, order of battle and table, and what the scenario file adds. */
struct cg_scn {
	struct ctab t;
	struct cros_oob o;
	struct ctbl tb;
	int turns;
	int from_turn;
	struct cg_list list[CG_LISTS_MAX];
	int nlists;
	struct cg_item item[CG_ITEMS_MAX];
	int nitems;
	int level_margin[2];      /* a major victory's lead, a minor's */
	char level_name[2][48];
	char provenance[3][1200]; /* the game's length, the reinforcements, the victory points */
};

/* The game: the roster and what the game keeps besides it. */
struct cg_state {
	struct cros_game g;
	uint32_t arrived[CROS_UNIT_WORDS]; /* reinforcements whose arrival die came up, not yet on the table */
	uint32_t entered[CROS_UNIT_WORDS]; /* reinforcements that have come on (one that left is gone) */
	uint8_t ended;
};
static_assert(sizeof(struct cg_state) <= GAME_STATE_MAX, "the CotLB state must fit struct game");

static const struct cg_scn *scn(const struct game *g)
{
	return g->scn->data;
}

static struct cg_state *st(struct game *g)
{
	return (struct cg_state *)(void *)g->st;
}

static const struct cg_state *cst(const struct game *g)
{
	return (const struct cg_state *)(const void *)g->st;
}

static struct cplay ctx(const struct game *g)
{
	const struct cg_scn *s = scn(g);
	return (struct cplay){.t = &s->t, .tb = &s->tb, .o = &s->o, .name = g->scn->id};
}

/* ---- the scenario ------------------------------------------------------------------------- */

static int side_of(const struct cg_scn *c, const char *name)
{
	for (int k = 0; k < 2; k++)
		if (!strcmp(name, c->o.side[k]))
			return k;
	return -1;
}

static void load_reinforcements(struct cg_scn *c, const struct jdoc *d, const json_t *r, struct errlist *errs)
{
	const json_t *lists = json_object_get(r, "lists"), *x, *u;
	size_t i, k;
	(void)prov_text(d, r, c->provenance[1], sizeof c->provenance[1], errs);
	c->from_turn = jdoc_int(d, r, "from_turn", 1, 99, errs);
	if (!json_is_array(lists)) {
		jdoc_add(d, r, errs, "\"lists\" is a list of reinforcement lists");
		return;
	}
	json_array_foreach(lists, i, x) {
		struct cg_list *l = &c->list[c->nlists];
		const char *name = jdoc_str(d, x, "name", true, errs);
		if (c->nlists == CG_LISTS_MAX) {
			jdoc_add(d, x, errs, "at most %d reinforcement lists", CG_LISTS_MAX);
			return;
		}
		snprintf(l->name, sizeof l->name, "%s", name ? name : "");
		l->need = jdoc_int(d, x, "need", 1, 6, errs);
		json_array_foreach(json_object_get(x, "units"), k, u) {
			int j = json_is_string(u) ? cros_find(&c->o, json_string_value(u)) : -1;
			if (j < 0 || !c->o.u[j].reinforcement)
				jdoc_add(d, u, errs, "a reinforcement list names reinforcements of the order of battle");
			else if (l->n < CROS_UNITS_MAX)
				l->unit[l->n++] = j;
		}
		c->nlists++;
	}
}

static void load_victory(struct cg_scn *c, const struct jdoc *d, const json_t *v, struct errlist *errs)
{
	const json_t *items = json_object_get(v, "items"), *levels = json_object_get(v, "levels"), *x;
	size_t i;
	(void)prov_text(d, v, c->provenance[2], sizeof c->provenance[2], errs);
	if (!json_is_array(items) || !json_is_array(levels) || json_array_size(levels) != 2) {
		jdoc_add(d, v, errs, "\"victory\" has \"items\" and two \"levels\" (a major victory's lead, then a minor's)");
		return;
	}
	json_array_foreach(items, i, x) {
		static const char *const kinds[] = {"hold", "guns-taken", "guns-kept", "stands"};
		struct cg_item *it = &c->item[c->nitems];
		const char *side = jdoc_str(d, x, "side", true, errs), *kind = jdoc_str(d, x, "kind", true, errs);
		const char *what = jdoc_str(d, x, "what", true, errs), *id;
		if (c->nitems == CG_ITEMS_MAX) {
			jdoc_add(d, x, errs, "at most %d victory point items", CG_ITEMS_MAX);
			return;
		}
		memset(it, 0, sizeof *it);
		it->side = side ? side_of(c, side) : -1;
		if (it->side < 0)
			jdoc_add(d, x, errs, "\"side\" is %s or %s", c->o.side[0], c->o.side[1]);
		it->vp = jdoc_int(d, x, "vp", 1, 999, errs);
		it->kind = -1;
		for (int k = 0; kind && k < 4; k++)
			if (!strcmp(kind, kinds[k]))
				it->kind = k;
		if (it->kind < 0)
			jdoc_add(d, x, errs, "\"kind\" is hold, guns-taken, guns-kept or stands");
		snprintf(it->what, sizeof it->what, "%s", what ? what : "");
		it->feature = it->unit = -1;
		if (it->kind == CGV_HOLD && (id = jdoc_str(d, x, "feature", true, errs))) {
			for (int f = 0; f < c->tb.nf; f++)
				if (!strcmp(c->tb.f[f].id, id))
					it->feature = f;
			if (it->feature < 0)
				jdoc_add(d, x, errs, "no feature \"%s\" on the table %s", id, c->tb.id);
			it->within = (int32_t)(jdoc_num(d, x, "within", 0, 24, errs) * PL_PER_INCH);
		}
		if ((it->kind == CGV_GUNS_TAKEN || it->kind == CGV_GUNS_KEPT) && (id = jdoc_str(d, x, "unit", true, errs)) &&
		    (it->unit = cros_find(&c->o, id)) < 0)
			jdoc_add(d, x, errs, "no unit \"%s\" in the order of battle", id);
		c->nitems++;
	}
	for (size_t k = 0; k < 2; k++) {
		const json_t *l = json_array_get(levels, k);
		const char *name = jdoc_str(d, l, "level", true, errs);
		c->level_margin[k] = jdoc_int(d, l, "margin", 1, 999, errs);
		snprintf(c->level_name[k], sizeof c->level_name[k], "%s", name ? name : "");
	}
	if (c->level_margin[1] > c->level_margin[0])
		jdoc_add(d, levels, errs, "a major victory's lead is at least a minor one's");
}

static int cg_load(struct scenario *s, const struct jdoc *d, struct errlist *errs)
{
	struct cg_scn *c = calloc(1, sizeof *c);
	const json_t *root = d->root;
	const char *sheet = jdoc_str(d, root, "sheet", true, errs), *oob = jdoc_str(d, root, "oob", true, errs);
	const char *table = jdoc_str(d, root, "table", true, errs);
	char path[SCN_PATH_MAX + 64];
	int before = errs->total;
	if (!c) {
		struct err e;
		err_set(&e, d->file, 0, "out of memory");
		errlist_add(errs, &e);
		return -1;
	}
	s->data_hash = fs_hash_file(FNV_OFFSET, d->file);
	if (!sheet || !oob || !table)
		goto fail;
	fs_rel_path(path, sizeof path, d->file, sheet);
	if (ctab_load_file(&c->t, path, errs) != 0)
		goto fail;
	s->data_hash = fs_hash_file(s->data_hash, path);
	fs_rel_path(path, sizeof path, d->file, oob);
	if (cros_oob_load_file(&c->o, &c->t, path, errs) != 0)
		goto fail;
	s->data_hash = fs_hash_file(s->data_hash, path);
	fs_rel_path(path, sizeof path, d->file, table);
	if (ctbl_load_file(&c->tb, &c->t, &c->o, path, errs) != 0)
		goto fail;
	s->data_hash = fs_hash_file(s->data_hash, path);
	for (int k = 0; k < 2; k++)
		snprintf(s->side[k], sizeof s->side[k], "%s", c->o.side[k]);
	c->turns = jdoc_int(d, root, "turns", 1, 99, errs);
	(void)prov_text(d, root, c->provenance[0], sizeof c->provenance[0], errs);
	if (json_object_get(root, "reinforcements"))
		load_reinforcements(c, d, json_object_get(root, "reinforcements"), errs);
	if (!json_object_get(root, "victory"))
		jdoc_add(d, root, errs, "missing \"victory\"");
	else
		load_victory(c, d, json_object_get(root, "victory"), errs);
	if (errs->total != before)
		goto fail;
	s->data = c;
	return 0;
fail:
	free(c);
	return -1;
}

static void cg_unload(struct scenario *s)
{
	free(s->data);
	s->data = NULL;
}

/* ---- carrying out a command with the game's dice ---------------------------------------- */

/* What a close combat's ruling says of who fought, won and failed (ref_out's). */
struct cg_cc {
	int cc_n[2], cc_unit[2][CREF_CC_UNITS];
	int cc_winner, charge_failed;
};

/* A command on the game's roster, its dice rolled from the game's rules stream; its changes go
 * to ev (the rulings too, when ruled); cc (may be NULL) gets a close combat's outcome. 0, or the
 * refusal (1, 2) with e. */
static int run_cc(struct game *G, struct ref_req *q, const struct cplay_opts *x, struct evsink *ev, struct cg_cc *cc,
		  struct err *e)
{
	const struct cplay c = ctx(G);
	struct cplay_res *res = malloc(sizeof *res);
	struct ref_out *out = malloc(sizeof *out);
	int rc;
	if (!res || !out) {
		free(res);
		free(out);
		return err_set(e, NULL, 0, "out of memory"), 1;
	}
	cplay_res_init(res, true);
	rc = cplay_run_rolled(&c, &st(G)->g, q, x, out, res, &G->dice.rng);
	/* [Close Combat (h)] a unit with too few points of its own pays one with its side's Ace */
	const int u = cros_find(c.o, q->unit[0] ? q->unit : q->firer[0] ? q->firer : q->side[0].unit);
	if (rc == 1 && !x->ace && u >= 0 && st(G)->g.aces[c.o->u[u].side] > 0 && st(G)->g.s[u].cp != CROS_CP_UNLIMITED &&
	    strstr(res->msg, "point")) {
		struct cplay_opts y = *x;
		y.ace = true;
		cplay_res_init(res, true);
		if (cplay_run_rolled(&c, &st(G)->g, q, &y, out, res, &G->dice.rng) == 0)
			rc = 0;
		else
			rc = 1;
	}
	if (cc) {
		memcpy(cc->cc_n, out->cc_n, sizeof cc->cc_n);
		memcpy(cc->cc_unit, out->cc_unit, sizeof cc->cc_unit);
		cc->cc_winner = out->cc_winner;
		cc->charge_failed = out->charge_failed;
	}
	if (rc) {
		err_set(e, NULL, 0, "%s", res->msg);
	} else if (ev) {
		for (int i = 0; res->ruled && i < out->nitems; i++)
			if (out->item[i].kind == REF_RULE) {
				struct event *v = ev_emit(ev, out->item[i].rule, "%s", out->item[i].text);
				for (int k = 0; v && k < out->item[i].ndice; k++)
					ev_die(v, out->item[i].dice[k]);
			}
		for (int i = 0; i < res->changes.n; i++)
			ev_emit(ev, res->changes.ev[i].rule, "%s", res->changes.ev[i].text);
	}
	cplay_res_free(res);
	free(res);
	free(out);
	return rc;
}

static int run(struct game *G, struct ref_req *q, const struct cplay_opts *x, struct evsink *ev, struct err *e)
{
	return run_cc(G, q, x, ev, NULL, e);
}

static void req(struct ref_req *q, const char *what)
{
	ref_req_init(q);
	snprintf(q->what, sizeof q->what, "%s", what);
}

static const char *uid(const struct game *G, int i)
{
	return scn(G)->o.u[i].id;
}

/* A request what for unit i (--unit ID). */
static void req_unit(struct ref_req *q, const char *what, const struct game *G, int i)
{
	req(q, what);
	snprintf(q->unit, sizeof q->unit, "%s", uid(G, i));
}

/* The referee's request of a volley (CG_FIRE: fire --firer --at [--pivot]) or a close combat
 * (CG_CHARGE, CG_RESOLVE: melee, attacker and defender), as applied and as its odds are asked. */
static void req_judged(struct ref_req *q, const struct game *G, const struct action *a)
{
	if (a->kind == CG_FIRE) {
		req(q, "fire");
		snprintf(q->firer, sizeof q->firer, "%s", uid(G, a->arg[0]));
		snprintf(q->at, sizeof q->at, "%s", uid(G, a->arg[1]));
		q->pivot = a->n > 2 && a->arg[2];
	} else {
		req(q, "melee");
		snprintf(q->side[0].unit, sizeof q->side[0].unit, "%s", uid(G, a->arg[0]));
		snprintf(q->side[1].unit, sizeof q->side[1].unit, "%s", uid(G, a->arg[1]));
	}
}

/* ---- what the rules make happen after an action ---------------------------------------- */

/* Unit i falls back (withdraw, or rout) from unit from (-1: the nearest enemy). */
static void fall_back(struct game *G, int i, int from, bool rout, struct evsink *ev)
{
	struct ref_req q;
	struct cplay_opts x = {.facing = -1};
	struct err e;
	const struct cros_game *g = &st(G)->g;
	req_unit(&q, rout ? "rout" : "withdraw", G, i);
	/* away from that enemy while it stands on the table; else from the nearest */
	if (from >= 0 && g->s[from].figures && g->s[from].pos.on && scn(G)->o.u[from].side != scn(G)->o.u[i].side)
		snprintf(x.from, sizeof x.from, "%s", uid(G, from));
	if (run(G, &q, &x, ev, &e) != 0)
		ev_emit(ev, rout ? "[MORALE (d)]" : "[Close Combat (g)]", "%s cannot fall back (%s): it stands", uid(G, i),
			e.msg);
}

/* Where arrived unit i comes on: its place of entry when that is clear (0 back, *p untouched),
 * else the nearest clear place along the table's edge, across its entry facing an inch at a
 * time to its right and then its left (the inches into *slid, the place into *p), or -1 with
 * none within CG_ENTRY_SLIDE inches (why in *e). The seed says only that the reinforcements
 * arrive by their roads; a careful referee brings a column on beside the unit that stands on
 * its road rather than holding it back a turn, as the Standard Rules of the quad games put a
 * unit whose entry hex is blocked on the nearest open edge hex [12.22] (docs/RULES.md). */
static int entry_place(const struct game *G, int i, struct cros_pos *p, int *slid, struct err *e)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	const struct cros_pos at = *ctbl_entry(&c->tb, i);
	struct err quiet;
	*slid = 0;
	if (ctbl_check(&c->t, &c->tb, &c->o, g, i, &at, e) == 0)
		return 0;
	for (int k = 1; k <= CG_ENTRY_SLIDE; k++)
		for (int side = 1; side >= -1; side -= 2) {
			struct cros_pos q = at;
			q.c = pl_offset(at.c, at.facing, 0, side * k * PL_PER_INCH);
			if (ctbl_check(&c->t, &c->tb, &c->o, g, i, &q, &quiet) == 0) {
				*p = q;
				*slid = k;
				return 0;
			}
		}
	return -1;
}

/* The reinforcements' arrival at a turn's start [the scenario's "reinforcements"]: each list's
 * next unit rolls its die, and one that arrived enters at its place, or beside it when a unit
 * stands there (entry_place). */
static void arrivals(struct game *G, struct evsink *ev)
{
	const struct cg_scn *c = scn(G);
	struct cg_state *s = st(G);
	if (s->g.turn < c->from_turn)
		return;
	for (int l = 0; l < c->nlists; l++) {
		const struct cg_list *L = &c->list[l];
		for (int k = 0; k < L->n; k++) {
			int i = L->unit[k], die;
			if (s->g.s[i].pos.on || !s->g.s[i].figures || (s->arrived[i / 32] >> (i % 32) & 1) ||
			    (s->entered[i / 32] >> (i % 32) & 1)) /* (one that has left the table is gone) */
				continue;
			die = rng_d6(&G->dice.rng);
			if (die < L->need) {
				ev_emit(ev, "[Reinforcements]", "%s's arrival die %d (%d-6 arrives): not yet", uid(G, i), die, L->need);
				break;
			}
			ev_emit(ev, "[Reinforcements]", "%s's arrival die %d (%d-6 arrives): it arrives", uid(G, i), die, L->need);
			s->arrived[i / 32] |= 1u << (i % 32);
		}
	}
	for (int i = 0; i < c->o.n; i++) {
		struct ref_req q;
		struct cplay_opts x = {.facing = -1};
		struct cros_pos p;
		struct err e;
		int slid;
		if (!(s->arrived[i / 32] >> (i % 32) & 1))
			continue;
		if (entry_place(G, i, &p, &slid, &e) != 0) {
			ev_emit(ev, "[Reinforcements]", "%s waits to enter: %s, and no room within %d\" of it along the edge",
				uid(G, i), e.msg, CG_ENTRY_SLIDE);
			continue;
		}
		if (slid) {
			x.has_x = x.has_y = true;
			x.x = p.c.x;
			x.y = p.c.y;
			ev_emit(ev, "[Reinforcements]", "%s's place of entry is taken: it comes on %d\" beside it, along the edge",
				uid(G, i), slid);
		}
		req_unit(&q, "enter", G, i);
		if (run(G, &q, &x, ev, &e) == 0) {
			s->arrived[i / 32] &= ~(1u << (i % 32));
			s->entered[i / 32] |= 1u << (i % 32);
		}
		else
			ev_emit(ev, "[Reinforcements]", "%s waits to enter: %s", uid(G, i), e.msg);
	}
}

/* What follows an action by itself, until nothing does: the units that must fall back doing so
 * (loser[k] away from from[k], -1 the nearest enemy), a new rout's four dice, the initiative
 * rolled at a turn's start (the reinforcements' arrival with it). before: the roster before the
 * action (which units were routing). */
static void settle(struct game *G, const struct cros_game *before, const int *loser, const int *from, int nloser,
		   struct evsink *ev)
{
	struct cg_state *s = st(G);
	const struct cg_scn *c = scn(G);
	for (int k = 0; k < nloser; k++) {
		int i = loser[k];
		if (s->g.s[i].figures && s->g.s[i].pos.on && !s->g.s[i].routing)
			fall_back(G, i, from[k], false, ev);
	}
	/* [MORALE (c), (d)] a unit that routs moves 4 dice away at once; its rout may rout others
	 * (each unit once an action) */
	bool routed[CROS_UNITS_MAX] = {false};
	for (int round = 0; round < CG_SETTLE_MAX; round++) {
		int i;
		for (i = 0; i < c->o.n; i++)
			if (s->g.s[i].routing && !before->s[i].routing && s->g.s[i].figures && s->g.s[i].pos.on && !routed[i])
				break;
		if (i == c->o.n)
			break;
		routed[i] = true;
		fall_back(G, i, -1, true, ev);
	}
	if (s->ended || s->g.seq.phase != CSEQ_INITIATIVE || (s->g.init_turn == s->g.turn && s->g.init_winner >= 0))
		return;
	/* a new turn: the reinforcements, then the initiative [Initiative (a)] */
	arrivals(G, ev);
	struct ref_req q;
	const struct cplay_opts x = {.facing = -1};
	struct err e;
	req(&q, "initiative");
	if (run(G, &q, &x, ev, &e) != 0)
		ev_emit(ev, "[Initiative (a)]", "the initiative cannot be rolled: %s", e.msg);
}

/* ---- the game ---------------------------------------------------------------------------- */

static int cg_setup(struct game *G, struct err *e)
{
	const struct cg_scn *c = scn(G);
	struct cg_state *s = st(G);
	struct event store[8];
	struct evsink ev;
	if (G->dice.mode != DICE_RNG)
		return err_set(e, NULL, 0, "the program rolls a Charge of the Light Brigade game's dice (its rulings ask for "
			       "many, each in turn): for real dice, crimea referee cotlb rules on them");
	memset(s, 0, sizeof *s);
	cros_new(&c->o, &s->g);
	snprintf(s->g.table, sizeof s->g.table, "%s", c->tb.id);
	ctbl_deploy(&c->tb, &c->o, &s->g);
	evsink_init(&ev, store, 8);
	if (cseq_next(&c->o, &s->g, -1, &ev, e) != 0) /* the sequence of play, from turn 1's initiative */
		return -1;
	settle(G, &s->g, NULL, NULL, 0, NULL);
	return 0;
}

static int side_a(const struct cros_game *g)
{
	return g->seq.half ? 1 - g->seq.first : g->seq.first;
}

static int cg_to_act(const struct game *G)
{
	const struct cg_state *s = cst(G);
	if (s->ended)
		return -1;
	switch (s->g.seq.phase) {
	case CSEQ_INITIATIVE:
		return s->g.init_turn == s->g.turn ? s->g.init_winner : -1;
	case CSEQ_ASSAULT:
		return side_a(&s->g);
	default:
		return cseq_acting(&s->g);
	}
}

static void put(struct action *out, int max, int *n, int kind, int a0, int a1, int a2, int nargs)
{
	if (*n < max) {
		struct action *a = &out[*n];
		a->kind = (int16_t)kind;
		a->n = (int16_t)nargs;
		a->arg[0] = a0;
		a->arg[1] = a1;
		a->arg[2] = a2;
	}
	(*n)++;
}

/* Whether unit i may change in place to p (a formation, a facing): the table's plan of it, with
 * no dice needed [MOVE (b)], [Formations]. */
static bool in_place_ok(const struct game *G, int i, struct cros_pos p)
{
	const struct cg_scn *c = scn(G);
	struct ctbl_move mv;
	struct err e;
	return ctbl_move_plan(&c->t, &c->tb, &c->o, &cst(G)->g, i, &p, &mv, NULL, &e) == 0 && mv.kind == 1;
}

/* Whether unit i's volley at j (with a pivot) can be fired as the table has it now. */
static bool fire_ok(const struct game *G, int i, int j, bool pivot)
{
	const struct cplay c = ctx(G);
	struct err e;
	return cplay_fire_check(&c, &cst(G)->g, i, j, pivot, &e) == 0;
}

/* Whether the close assaults declared on unit d can be resolved [Side A Turn (d)]: each charging
 * unit still within 2" of it [Close Combat (a)] (or the second line of a double line with one
 * that is), as the ruling measures them; else they lapse with the phase (held fire took stands
 * off an attacker's footprint, or the charged unit fell back since). */
static bool resolve_ok(const struct game *G, int d)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	int att[CROS_UNITS_MAX], na = 0;
	for (int x = 0; x < c->o.n; x++)
		if (g->seq.assault[x] == 1 + d && g->s[x].figures && !g->s[x].routing && g->s[x].pos.on)
			att[na++] = x;
	if (!na || !g->s[d].figures || !g->s[d].pos.on)
		return false;
	for (int k = 0; k < na; k++) {
		int32_t gap = ctbl_gap(&c->t, &c->tb, &c->o, g, att[k], d);
		if (gap > CTBL_TWO_INCHES && !cseq_follows(g, att[k], d) &&
		    ctbl_front_line(&c->t, &c->tb, &c->o, g, att[k], d, att, na) < 0)
			return false;
	}
	return true;
}

/* Keeps the max nearest of a list: out[n] (their distances d[n], nearest first) with v at
 * distance dv put in its place if it is among them (after those as near). Returns the new n. */
static int keep_nearest(int *out, int64_t *d, int n, int max, int v, int64_t dv)
{
	int k;
	if (n < max)
		k = n++;
	else if (dv >= d[max - 1])
		return n;
	else
		k = max - 1;
	while (k > 0 && d[k - 1] > dv) {
		d[k] = d[k - 1];
		out[k] = out[k - 1];
		k--;
	}
	d[k] = dv;
	out[k] = v;
	return n;
}

/* The enemies of unit i on the table, nearest first (at most max), beyond 2". */
static int nearest_enemies(const struct game *G, int i, int *out, int max)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	int64_t gap[CG_NEAREST];
	int n = 0;
	struct pl_rect fi;
	ctbl_footprint(&c->t, &c->tb, &c->o, g, i, &g->s[i].pos, &fi);
	for (int j = 0; j < c->o.n; j++) {
		struct pl_rect fj;
		int64_t dx, dy, d, near;
		if (c->o.u[j].side == c->o.u[i].side || !g->s[j].figures || !g->s[j].pos.on)
			continue;
		/* nearest by their centres; the footprints' gap measured only where it may be 2" */
		ctbl_footprint(&c->t, &c->tb, &c->o, g, j, &g->s[j].pos, &fj);
		dx = fi.c.x - fj.c.x;
		dy = fi.c.y - fj.c.y;
		d = dx * dx + dy * dy;
		near = CTBL_TWO_INCHES + fi.w + fi.d + fj.w + fj.d;
		if (d <= near * near && pl_rects_gap(&fi, &fj) <= CTBL_TWO_INCHES)
			continue;
		n = keep_nearest(out, gap, n, max, j, d);
	}
	return n;
}

/* Whether sixes on all the dice of move m would move the unit an inch at least (not where the
 * terrain's penalty, a pass through friends or a pivot take off its one die). */
static bool sixes_move(const struct cg_scn *c, const struct cref_move *m)
{
	struct err e;
	int six[CREF_HITS_MAX], nd;
	if ((nd = cref_move_dice(&c->t, m, &e)) <= 0 || nd > CREF_HITS_MAX)
		return false;
	for (int d = 0; d < nd; d++)
		six[d] = 6;
	return cref_move_roll(&c->t, m, six, nd, NULL, &e) > 0;
}

/* Whether unit i's move to `to` is one the table allows (ctbl_move_plan: a move, not a change in
 * place) and sixes on its dice would move it an inch at least (not where the terrain's penalty, a
 * pass through friends or a pivot take off its one die). Its dice may then fall short, and it
 * goes as far as they allow. */
static bool move_ok_e(const struct game *G, int i, const struct cros_pos *to, struct err *e)
{
	const struct cg_scn *c = scn(G);
	struct ctbl_move mv;
	if (ctbl_move_plan(&c->t, &c->tb, &c->o, &cst(G)->g, i, to, &mv, NULL, e) != 0)
		return false;
	if (mv.kind != 0)
		return err_set(e, NULL, 0, "not a move"), false;
	if (!sixes_move(c, &mv.m))
		return err_set(e, NULL, 0, "sixes on its dice would not move it an inch [MOVE Chart]"), false;
	return true;
}

static bool move_ok(const struct game *G, int i, const struct cros_pos *to)
{
	return move_ok_e(G, i, to, NULL); /* (no reason wanted: none written) */
}

/* Whether unit i's move straight at enemy j two thirds or a third of the way its best dice could
 * go (reach units; of the whole way when that is nearer) is one the table allows and sixes on its
 * dice would move it an inch: where a friend stands at the end of its best dice (the Heavy Brigade
 * behind No. 4's guns), move --toward plans one of these (ctbl_toward_part, as ctbl_toward_plan) and
 * the unit stops short of the friend [MOVE (a)]. */
static bool toward_short_ok(const struct game *G, int i, int j, int32_t reach)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	int32_t dfull, d;
	struct cros_pos to;
	(void)ctbl_toward(&c->t, &c->tb, &c->o, g, i, j, -1, &dfull);
	for (int k = 2; k >= 1; k--) {
		if (!ctbl_toward_part(&c->t, &c->tb, &c->o, g, i, j, reach, dfull, k, &to, &d))
			break;
		if (move_ok(G, i, &to))
			return true;
	}
	return false;
}

/* cgame_place_move, with why it cannot make for the place in e (NULL: no reason wanted): the
 * refusal of the move as far as its best dice could go, when no shorter stop is allowed either. */
static bool place_move(const struct game *G, int u, int f, struct cros_pos *to, struct err *e)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	if (u < 0 || u >= c->o.n || f < 0 || f >= c->tb.nf || !g->s[u].pos.on)
		return err_set(e, NULL, 0, "it is not on the table"), false;
	const struct cros_pos *now = &g->s[u].pos;
	const struct pl_pt at = ctbl_place_point(&c->tb, f, now->c);
	const int64_t d = pl_isqrt(pl_d2(now->c, at));
	const int64_t go = ctbl_move_reach(&c->t, &c->tb, &c->o, g, u, at), far = go < d ? go : d;
	struct err first;
	if (d < PL_PER_INCH || go < PL_PER_INCH)
		return err_set(e, NULL, 0, "it is there, or cannot move so"), false;
	/* as far as its best dice could go; where the table refuses that end (a friend standing
	 * there: the Heavy Brigade making for Redoubt No. 3 past No. 4's guns), two thirds or a
	 * third of it: units need not move the full distance [MOVE (a)] */
	for (int k = 3; k >= 1; k--) {
		const int64_t len = far * k / 3;
		if (len < PL_PER_INCH)
			break;
		*to = *now;
		if (len < d) {
			to->c.x = (int32_t)(now->c.x + (at.x - now->c.x) * len / d);
			to->c.y = (int32_t)(now->c.y + (at.y - now->c.y) * len / d);
		} else {
			to->c = at;
		}
		if (move_ok_e(G, u, to, k == 3 && e ? &first : NULL))
			return true;
	}
	if (!e)
		return false;
	return err_set(e, NULL, 0, "%s; nor may it stop two thirds or a third of the way", first.msg), false;
}

bool cgame_place_move(const struct game *G, int u, int f, struct cros_pos *to)
{
	return place_move(G, u, f, to, NULL);
}

/* Whether side scores for holding feature f (a "hold" item of its own). */
static bool side_holds_for(const struct cg_scn *c, int side, int f)
{
	for (int k = 0; k < c->nitems; k++)
		if (c->item[k].kind == CGV_HOLD && c->item[k].side == side && c->item[k].feature == f)
			return true;
	return false;
}

/* Whether item it names a place only side's enemy scores for holding (side denies it by standing
 * there): nearest_places' and cgame_denials' test. */
static bool denial_item(const struct cg_scn *c, int side, const struct cg_item *it)
{
	return it->kind == CGV_HOLD && it->side != side && !side_holds_for(c, side, it->feature);
}

/* The places nearest unit i (at most max, CG_NEAR_MAX at most) that it is not within, nearest
 * first, as table features into best; their count. own: those its side scores for holding (the
 * scenario's "hold" items); else those only the enemy scores for, which a unit denies the enemy
 * by standing there (a side holds a place where no enemy unit stands, holds). */
static int nearest_places(const struct game *G, int i, int *best, int max, bool own)
{
	const struct cg_scn *c = scn(G);
	const struct pl_pt me = cst(G)->g.s[i].pos.c;
	const int side = c->o.u[i].side;
	int nb = 0;
	int64_t bd[CG_NEAR_MAX];
	for (int k = 0; k < c->nitems; k++) {
		const struct cg_item *it = &c->item[k];
		if (own ? it->kind != CGV_HOLD || it->side != side : !denial_item(c, side, it))
			continue;
		const int64_t d2 = pl_d2(me, ctbl_place_point(&c->tb, it->feature, me));
		if (d2 <= (int64_t)it->within * it->within)
			continue;
		nb = keep_nearest(best, bd, nb, max < CG_NEAR_MAX ? max : CG_NEAR_MAX, it->feature, d2);
	}
	return nb;
}

/* The inches a middling throw of the dice of move m makes (5 3 2 for three dice, 5 4 3 2 for
 * four: about the mean), with the penalties for the ground, a pivot or a pass through friends
 * taken off as the dice would have them [MOVE Chart], [MOVE (b)]; -1 when the sheet has none. */
static int middling_inches(const struct cg_scn *c, const struct cref_move *m, int *dice, int *nd)
{
	static const int mid[6][6] = {{3}, {5, 2}, {5, 3, 2}, {5, 4, 3, 2}, {5, 4, 4, 3, 2}, {6, 5, 4, 3, 2, 1}};
	struct err e;
	const int n = cref_move_dice(&c->t, m, &e);
	if (n < 1 || n > 6)
		return -1;
	memcpy(dice, mid[n - 1], sizeof mid[0]);
	*nd = n;
	return cref_move_roll(&c->t, m, dice, n, NULL, &e);
}

/* cgame_move_lands with the units as roster g has them (the game's, or a copy changed to ask what
 * if; a move to a place is planned on the game's). */
static bool move_lands(const struct game *G, const struct cros_game *g, const struct action *a)
{
	const struct cg_scn *c = scn(G);
	const int i = a->arg[0];
	struct cros_pos to;
	struct ctbl_move mv;
	struct err e;
	int dice[6], nd = 0, go;
	bool planned = false;
	if (i < 0 || i >= c->o.n || !g->s[i].pos.on)
		return false;
	to = g->s[i].pos;
	switch (a->kind) {
	case CG_MOVE_AT: { /* as move --toward plans it */
		const int j = a->arg[1];
		int32_t dfull, dplan;
		if (j < 0 || j >= c->o.n || !g->s[j].pos.on ||
		    !ctbl_toward_plan(&c->t, &c->tb, &c->o, g, i, j, &to, &mv, &dfull, &dplan, NULL, &e))
			return false;
		planned = true;
		break;
	}
	case CG_MOVE_TO:
		if (a->arg[1] < 0 || a->arg[1] >= c->tb.nf || !cgame_place_move(G, i, a->arg[1], &to))
			return false;
		break;
	case CG_MOVE:
		to.c.x = a->arg[1];
		to.c.y = a->arg[2];
		if (a->n > 3 && a->arg[3] >= 0)
			to.facing = a->arg[3];
		break;
	default:
		return true;
	}
	if (!planned && (ctbl_move_plan(&c->t, &c->tb, &c->o, g, i, &to, &mv, NULL, &e) != 0 || mv.kind != 0))
		return false;
	if ((go = middling_inches(c, &mv.m, dice, &nd)) < 0)
		return false;
	if (go > 0 && (int64_t)go * PL_PER_INCH >= mv.dist)
		return true;
	/* short of the whole way: as far as the throw allows over the ground, where the unit may end
	 * (not on a friend) */
	const int k = ctbl_move_short(&c->t, &c->tb, &c->o, g, i, &to, &mv, dice, nd, go);
	struct ctbl_move m2;
	if (k < 1)
		return false;
	to = ctbl_short_of(&g->s[i].pos, &to, mv.dist, k);
	return ctbl_move_plan(&c->t, &c->tb, &c->o, g, i, &to, &m2, NULL, &e) == 0 && m2.kind == 0;
}

bool cgame_move_lands(const struct game *G, const struct action *a)
{
	return move_lands(G, &cst(G)->g, a);
}

bool cgame_fall_back_lands(const struct game *G, int i)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	int e[1];
	if (i < 0 || i >= c->o.n || !g->s[i].pos.on || nearest_enemies(G, i, e, 1) < 1)
		return false;
	/* the unit as it would stand turned about (a copy of the roster: no allocation in a game) */
	struct cros_game turned = *g;
	const struct pl_pt here = g->s[i].pos.c;
	const int away = pl_bearing(g->s[e[0]].pos.c, here);
	turned.s[i].pos.facing = away;
	/* the move away_moves would then offer: as far as its best dice could go, or two thirds or
	 * a third of it */
	const int32_t reach = ctbl_move_reach(&c->t, &c->tb, &c->o, &turned, i, pl_offset(here, away, 12 * PL_PER_INCH, 0));
	for (int k = 3; k >= 1; k--) {
		const struct pl_pt to = pl_offset(here, away, reach * k / 3, 0);
		const struct action mv = {CG_MOVE, 4, {i, to.x, to.y, away}};
		if (reach * k / 3 >= PL_PER_INCH && move_lands(G, &turned, &mv))
			return true;
	}
	return false;
}

/* Moves for unit i toward the places its side scores for holding (the scenario's "hold" items)
 * [MOVE (a)]: the CG_PLACES nearest whose distance it is not within (nearest_places), and the
 * CG_DENY nearest that only the enemy scores for; each when the move its best dice could make
 * that way is one the table allows (ctbl_move_plan) and sixes on them would move it (the dice
 * may then fall short, and it goes as far as they allow). */
static void place_moves(const struct game *G, int i, struct action *out, int max, int *n)
{
	int best[CG_PLACES + CG_DENY], nb = nearest_places(G, i, best, CG_PLACES, true);
	nb += nearest_places(G, i, best + nb, CG_DENY, false);
	for (int k = 0; k < nb; k++) {
		struct cros_pos to;
		if (cgame_place_move(G, i, best[k], &to))
			put(out, max, n, CG_MOVE_TO, i, best[k], 0, 2);
	}
}

/* Unit i's move along bearing `way`, to end facing `facing`, as far as its best dice could go that
 * way or, where the table refuses that end, two thirds or a third of it (move_ok): offered as
 * move U X Y FACING (CG_MOVE); the dice may fall short, and it goes as far as they allow. */
static void way_move(const struct game *G, int i, int way, int facing, struct action *out, int max, int *n)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	const struct cros_pos *now = &g->s[i].pos;
	const int32_t reach = ctbl_move_reach(&c->t, &c->tb, &c->o, g, i, pl_offset(now->c, way, 12 * PL_PER_INCH, 0));
	struct cros_pos to = *now;
	to.facing = facing;
	for (int k = 3; k >= 1; k--) {
		to.c = pl_offset(now->c, way, reach * k / 3, 0);
		if (reach * k / 3 >= PL_PER_INCH && move_ok(G, i, &to)) {
			if (*n < max)
				out[*n].arg[3] = to.facing;
			put(out, max, n, CG_MOVE, i, to.c.x, to.c.y, 4);
			return;
		}
	}
}

/* A unit whose nearest place lies outside its front arc, so that the straight move there goes back
 * or sideways on one die [MOVE (c)], and whose turn to face it in place its neighbours may block
 * (the Heavy Brigade's line beside I Troop at its set-up): a move forward at the arc's edge toward
 * the place, pivoting 30 degrees toward it as it goes (minus the low die [MOVE (b)]), as far as its
 * best dice could go or, where that end is refused, two thirds or a third of it (way_move). */
static void oblique_moves(const struct game *G, int i, struct action *out, int max, int *n)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	const struct cros_pos *now = &g->s[i].pos;
	int best[CG_PLACES];
	if (nearest_places(G, i, best, CG_PLACES, true) < 1)
		return;
	const struct pl_pt at = ctbl_place_point(&c->tb, best[0], now->c);
	if (pl_in_arc(now->c, now->facing, 45, at))
		return; /* straight there is forward */
	const int delta = pl_norm(pl_bearing(now->c, at) - now->facing), turn = delta < 180 ? 1 : -1;
	/* within the front arc [MOVE (c)] */
	way_move(G, i, pl_norm(now->facing + turn * CG_OBLIQUE), pl_norm(now->facing + turn * 30), out, max, n);
}

/* A move straight away from unit i's nearest enemy (e, within CG_DANGER inches), facing as it
 * faces: back on one die [MOVE (c)], or forward on all its dice once it has turned about (the turn
 * away is offered with the others, cg_actions), as far as its dice allow (way_move). A player
 * falls back from a place it cannot hold (the Turks in the redoubts) as a referee would let it. */
static void away_moves(const struct game *G, int i, int e, struct action *out, int max, int *n)
{
	const struct cros_pos *now = &cst(G)->g.s[i].pos;
	way_move(G, i, pl_bearing(cst(G)->g.s[e].pos.c, now->c), now->facing, out, max, n);
}

/* Whether enemy e stands within CG_DANGER inches of unit i, centre to centre: i is then offered a
 * fall back (away_moves) and a turn away from e. */
static bool in_danger(const struct game *G, int i, int e)
{
	const struct cros_game *g = &cst(G)->g;
	return pl_d2(g->s[i].pos.c, g->s[e].pos.c) <= (int64_t)CG_DANGER * PL_PER_INCH * CG_DANGER * PL_PER_INCH;
}

/* Whether commander k may ride now (his side's free action phase, once a turn [MOVE Chart:
 * Staff], docs/RULES.md) toward the middle of his units (ctbl_cmdr_middle, into *to): more
 * than an inch off, and his first inch that way clear of the enemy's 2" [MOVE (i)]. */
static bool lead_ok(const struct game *G, int k, struct pl_pt *to)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	const struct pl_pt at = g->cmdr[k].c;
	struct err e;
	if (g->seq.phase != CSEQ_FREE || cros_cmdr_side(&c->o, k) != cseq_acting(g) || !g->cmdr[k].on ||
	    g->cmdr_moved[k] == g->turn || !ctbl_cmdr_middle(&c->t, &c->tb, &c->o, g, k, to))
		return false;
	const int64_t d = pl_isqrt(pl_d2(at, *to));
	if (d < PL_PER_INCH)
		return false;
	const struct pl_pt inch = {(int32_t)(at.x + (to->x - at.x) * PL_PER_INCH / d),
				   (int32_t)(at.y + (to->y - at.y) * PL_PER_INCH / d)};
	return ctbl_cmdr_path(&c->t, &c->tb, &c->o, g, k, inch, &e) == 0;
}

/* Each brigade commander of side that may ride now, for the middle of his units (lead_ok). */
static void lead_actions(const struct game *G, int side, struct action *out, int max, int *n)
{
	const struct cg_scn *c = scn(G);
	for (int k = 0; k < c->o.ncmdrs; k++) {
		struct pl_pt to;
		if (cros_cmdr_side(&c->o, k) == side && lead_ok(G, k, &to))
			put(out, max, n, CG_LEAD, k, to.x, to.y, 3);
	}
}

/* A thread's rules memo (rules->memo_new): the table's (each firer's target, ctbl_memo) and each
 * unit's moves as last listed (moves_kept), with the roster they were listed on. */
struct cg_memo {
	struct ctbl_memo *fire;
	bool have;
	int turn;
	struct cros_state last[CROS_UNITS_MAX];
	struct cg_kept {
		bool known;
		int n, ne;
		int e[CG_NEAREST];
		struct action a[CG_MOVES_MAX];
	} mv[CROS_UNITS_MAX];
};

/* Unit i's moves as a listing offers them (its CACT_MOVE), into a[CG_MOVES_MAX]; their number. e
 * (ne): its nearest enemies (nearest_enemies). */
static int unit_moves(const struct game *G, int i, const int *e, int ne, struct action *a)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	int n = 0;
	/* straight at one of the nearest enemies, when the move as far as its best dice could go that
	 * way, or two thirds or a third of it, is one the table allows (move --toward plans no
	 * farther when the whole way is refused) */
	for (int j = 0; j < ne; j++) {
		int32_t d;
		const int32_t reach = ctbl_move_reach(&c->t, &c->tb, &c->o, g, i, g->s[e[j]].pos.c);
		const struct cros_pos to = ctbl_toward(&c->t, &c->tb, &c->o, g, i, e[j], reach, &d);
		if (reach > 0 && (move_ok(G, i, &to) || toward_short_ok(G, i, e[j], reach)))
			put(a, CG_MOVES_MAX, &n, CG_MOVE_AT, i, e[j], 0, 2);
	}
	place_moves(G, i, a, CG_MOVES_MAX, &n);
	oblique_moves(G, i, a, CG_MOVES_MAX, &n);
	if (ne > 0 && in_danger(G, i, e[0]))
		away_moves(G, i, e[0], a, CG_MOVES_MAX, &n);
	return n < CG_MOVES_MAX ? n : CG_MOVES_MAX;
}

/* The moves memo brought to the roster g: a unit's kept moves are forgotten when it changed, when
 * one of the enemies they were planned at changed, or when a unit that changed stood or stands
 * where one of its plans could have met it. Every plan of unit_moves runs in a straight line from
 * the unit's centre for at most its best dice (ctbl_move_reach from where it stands: no penalty
 * and no single die), and reads of other units only their footprints within 2" of the mover's
 * footprint on the way or at its end (ctbl_move_plan: passing through friends, standing on a
 * unit, coming within 2" of an enemy [MOVE (b)], [MOVE (i)]); so a unit whose centre stood and
 * stands farther than that, the two footprints' reaches and 2" cannot change them. Everything
 * is forgotten at a new turn. */
static void moves_sync(const struct game *G, struct cg_memo *m)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	bool changed[CROS_UNITS_MAX] = {false};
	struct ctbl_change ch = {.n = 0};
	if (!m->have || m->turn != g->turn) {
		for (int i = 0; i < c->o.n; i++)
			m->mv[i].known = false;
	} else {
		for (int u = 0; u < c->o.n; u++) {
			const struct cros_state *was = &m->last[u], *now = &g->s[u];
			if (memcmp(was, now, sizeof *was)) {
				ctbl_change_add(&c->t, &c->tb, &c->o, &ch, u, &was->pos, was->figures, &now->pos, now->figures);
				changed[u] = true;
			}
		}
		for (int i = 0; i < c->o.n && ch.n; i++) {
			struct cg_kept *k = &m->mv[i];
			if (!k->known)
				continue;
			bool keep = !changed[i] && g->s[i].pos.on && g->s[i].figures > 0;
			for (int j = 0; j < k->ne && keep; j++)
				keep = !changed[k->e[j]];
			const int64_t ri = keep ? ctbl_reach_as(&c->t, &c->tb, &c->o, i, g->s[i].figures, g->s[i].pos.form) : 0;
			const int64_t go = keep ? ctbl_move_reach(&c->t, &c->tb, &c->o, g, i, g->s[i].pos.c) : 0;
			for (int q = 0; q < ch.n && keep; q++)
				keep = !ctbl_change_within(&ch, q, g->s[i].pos.c, go + ri + ch.reach[q] + CTBL_TWO_INCHES + 2);
			k->known = keep;
		}
	}
	memcpy(m->last, g->s, (size_t)c->o.n * sizeof g->s[0]);
	m->turn = g->turn;
	m->have = true;
}

/* Unit i's moves (unit_moves) into a[]: the memo's while they hold (m NULL: worked out). */
static int moves_kept(const struct game *G, struct cg_memo *m, int i, struct action *a)
{
	int e[CG_NEAREST], ne = nearest_enemies(G, i, e, CG_NEAREST), n;
	struct cg_kept *k = m ? &m->mv[i] : NULL;
	if (k && k->known && k->ne == ne && !memcmp(k->e, e, (size_t)ne * sizeof e[0])) {
#ifdef CTBL_MEMO_VERIFY /* a check build: the moves kept must be those worked out again */
		struct action b[CG_MOVES_MAX];
		memset(b, 0, sizeof b);
		if (unit_moves(G, i, e, ne, b) != k->n || memcmp(b, k->a, (size_t)k->n * sizeof b[0]))
			abort();
#endif
		memcpy(a, k->a, (size_t)k->n * sizeof a[0]);
		return k->n;
	}
	memset(a, 0, CG_MOVES_MAX * sizeof a[0]);
	n = unit_moves(G, i, e, ne, a);
	if (k) {
		k->known = true;
		k->n = n;
		k->ne = ne;
		memcpy(k->e, e, sizeof e);
		memcpy(k->a, a, (size_t)n * sizeof a[0]);
	}
	return n;
}

static int cg_actions(const struct game *G, struct action *out, int max)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	int n = 0, side = cg_to_act(G);
	if (side < 0)
		return 0;
	if (g->seq.phase == CSEQ_INITIATIVE) {
		put(out, max, &n, CG_FIRST, g->init_winner, 0, 0, 1);
		put(out, max, &n, CG_FIRST, 1 - g->init_winner, 0, 0, 1);
		return n;
	}
	struct cact *a = malloc(CACT_LIST_MAX * sizeof *a);
	if (!a)
		return 0;
	struct cg_memo *memo = G->memo;
	if (memo)
		moves_sync(G, memo);
	int na = cact_list(memo ? memo->fire : NULL, &c->t, &c->tb, &c->o, g, -1, a, CACT_LIST_MAX);
	if (na > CACT_LIST_MAX)
		na = CACT_LIST_MAX;
	for (int k = 0; k < na; k++) {
		const struct cact *x = &a[k];
		int i = x->unit;
		if (x->kind == CACT_RESOLVE && g->seq.phase == CSEQ_ASSAULT && resolve_ok(G, x->target))
			put(out, max, &n, CG_RESOLVE, i, x->target, 0, 2);
		if (c->o.u[i].side != side)
			continue;
		switch (x->kind) {
		case CACT_FIRE:
			if (x->target >= 0 && x->band >= 0 && fire_ok(G, i, x->target, x->pivot))
				put(out, max, &n, CG_FIRE, i, x->target, x->pivot, 3);
			break;
		case CACT_CHARGE:
			put(out, max, &n, CG_CHARGE, i, x->target, 0, 2);
			break;
		case CACT_RESOLVE: /* (listed below, for either side's attacker) */
			break;
		case CACT_REACT_CHARGE:
			put(out, max, &n, CG_MOVE_AT, i, x->target, 0, 2);
			break;
		case CACT_MOVE: {
			struct action mine[CG_MOVES_MAX];
			const int k2 = moves_kept(G, memo, i, mine);
			for (int q = 0; q < k2; q++, n++)
				if (n < max)
					out[n] = mine[q];
			break;
		}
		case CACT_REFORM:
			for (int f = 0; f < CF_FORMS; f++)
				if (f != g->s[i].pos.form && ctbl_form_ok(&c->tb, &c->o, i, f) &&
				    in_place_ok(G, i, ctbl_reform(&c->t, &c->tb, &c->o, g, i, f)))
					put(out, max, &n, CG_REFORM, i, f, 0, 2);
			break;
		case CACT_UNLIMBER:
			if (in_place_ok(G, i, ctbl_reform(&c->t, &c->tb, &c->o, g, i, CF_UNLIMBERED)))
				put(out, max, &n, CG_REFORM, i, CF_UNLIMBERED, 0, 2);
			break;
		case CACT_TURN: {
			/* to face the nearest enemy, or the places its moves make for (place_moves): a move
			 * away or to the side has one die [MOVE (c)] */
			int e[1], ne = nearest_enemies(G, i, e, 1), pl[CG_PLACES], np = nearest_places(G, i, pl, CG_PLACES, true);
			int bear[2 + CG_PLACES], nbear = 0;
			if (ne > 0)
				bear[nbear++] = pl_bearing(g->s[i].pos.c, g->s[e[0]].pos.c);
			if (ne > 0 && in_danger(G, i, e[0]))
				bear[nbear++] = pl_bearing(g->s[e[0]].pos.c, g->s[i].pos.c); /* about, away from it */
			for (int j = 0; j < np; j++)
				bear[nbear++] = pl_bearing(g->s[i].pos.c, ctbl_place_point(&c->tb, pl[j], g->s[i].pos.c));
			for (int j = 0; j < nbear; j++) {
				int b = bear[j], d = pl_norm(b - g->s[i].pos.facing), dup = 0;
				struct cros_pos p = g->s[i].pos;
				p.facing = b;
				for (int k2 = 0; k2 < j; k2++)
					dup |= bear[k2] == b;
				if (!dup && d > 30 && d < 330 && in_place_ok(G, i, p)) /* more than 30 degrees: an action [Side A Turn (a)] */
					put(out, max, &n, CG_TURN, i, b, 0, 2);
			}
			break;
		}
		case CACT_RALLY:
			put(out, max, &n, CG_RALLY, i, 0, 0, 1);
			break;
		case CACT_REINFORCE:
			put(out, max, &n, CG_REINFORCE, i, x->target, 0, 2);
			break;
		case CACT_JOIN:
			put(out, max, &n, CG_JOIN, i, x->target, 0, 2);
			break;
		case CACT_ADVANCE: {
			const struct cplay cp = ctx(G);
			struct err e;
			if (cmove_advance_check(&cp, g, i, &e) == 0)
				put(out, max, &n, CG_ADVANCE, i, 0, 0, 1);
			break;
		}
		default:
			break;
		}
	}
	free(a);
	lead_actions(G, side, out, max, &n);
	put(out, max, &n, CG_END, 0, 0, 0, 0);
	return n;
}

/* Unit i's move (act, at target or -1) that did not happen, for why: it stands, its action taken
 * in the sequence of play [MOVE (a)], one of its points paid with its side's Ace when it has too
 * few [Close Combat (h)]. With m, the dice q rolled for move m are shown as the MOVE Chart reads
 * them: they are spent. 0, or -1 with e when the sequence refuses even that. */
static int stand(struct game *G, int i, int act, int target, int side, const char *why, const struct cref_move *m,
		 const struct ref_req *q, struct evsink *ev, struct err *e)
{
	const struct cg_scn *c = scn(G);
	struct cros_game *g = &st(G)->g;
	struct cseq_do d = {.unit = i, .act = act, .target = target, .arm = c->tb.base[c->o.u[i].type].arm};
	int cost;
	d.ace = cseq_may(&c->o, g, &d, &cost, e) != 0 && g->aces[side] > 0;
	if (cseq_done(&c->o, g, &d, ev, e) != 0)
		return -1;
	if (m) {
		struct err quiet; /* (dice the game rolled for m: read as they were) */
		(void)cref_move_roll(&c->t, m, q->dice.d, q->dice.n, ev, &quiet);
	}
	/* the referee's refusal, said once: its own "[MOVE (a)]" and "it may stand" are this event's */
	static const char own[] = "[MOVE (a)] ", may[] = ": it may stand";
	size_t len;
	if (!strncmp(why, own, sizeof own - 1))
		why += sizeof own - 1;
	len = strlen(why);
	if (len >= sizeof may - 1 && !strcmp(why + len - (sizeof may - 1), may))
		len -= sizeof may - 1;
	ev_emit(ev, "[MOVE (a)]", "%s does not move (%.*s): it stands", uid(G, i), (int)len, why);
	return 0;
}

/* move U X Y [FACING]: the table's plan of the move first (a destination it refuses is refused
 * before any die is rolled, so no refusal shows a die to come); then the dice, and the unit goes
 * as far as they allow along the line ("Units need not move the full distance" [MOVE (a)]); where
 * the table refuses the end they make (a friend there or in the way), it stops at the farthest
 * whole inch short of it where it may stand (ctbl_move_short); with none, it stands, its action
 * spent. */
static int move_to(struct game *G, const struct action *a, struct ref_req *q, struct cplay_opts *x, int side,
		   struct evsink *ev, struct err *e)
{
	const struct cg_scn *c = scn(G);
	struct cg_state *s = st(G);
	const int i = a->arg[0];
	const struct cros_pos *now = &s->g.s[i].pos;
	struct cros_pos p = *now;
	struct ctbl_move mv;
	int n, inches;
	bool nowhere = false; /* the dice go some way, but to no whole inch where the unit may stand */
	if (a->n < 3)
		return err_set(e, NULL, 0, "move U X Y [FACING]");
	if (s->g.s[i].routing || !now->on)
		return err_set(e, NULL, 0, "%s %s", uid(G, i), now->on ? "is routing: it rallies [MORALE (d)]" : "is not on the table");
	p.c.x = a->arg[1];
	p.c.y = a->arg[2];
	if (a->n > 3 && a->arg[3] >= 0)
		p.facing = a->arg[3];
	if (ctbl_move_plan(&c->t, &c->tb, &c->o, &s->g, i, &p, &mv, NULL, e) != 0)
		return -1;
	req_unit(q, "move", G, i);
	x->has_x = x->has_y = true;
	x->x = p.c.x;
	x->y = p.c.y;
	x->facing = a->n > 3 ? a->arg[3] : -1;
	if (mv.kind == 1 || (n = cref_move_dice(&c->t, &mv.m, e)) <= 0)
		return run(G, q, x, ev, e); /* a change in place: no dice */
	/* the dice, rolled now for good: the move is made with them, as far as they go */
	q->dice.given = true;
	q->dice.n = n < CREF_HITS_MAX ? n : CREF_HITS_MAX;
	for (int k = 0; k < q->dice.n; k++)
		q->dice.d[k] = rng_d6(&G->dice.rng);
	if ((inches = cref_move_roll(&c->t, &mv.m, q->dice.d, q->dice.n, NULL, e)) < 0)
		inches = 0;
	const int mark = ev ? ev->n + ev->dropped : 0; /* the notes below, taken back if it stands */
	if ((int64_t)inches * PL_PER_INCH < mv.dist) {
		const int full = inches;
		inches = ctbl_move_short(&c->t, &c->tb, &c->o, &s->g, i, &p, &mv, q->dice.d, q->dice.n, inches);
		if (inches == 0) {
			inches = full; /* no inch short of it either: it stands, refused as it is (below) */
			nowhere = full > 0;
		}
		const struct cros_pos stop = ctbl_short_of(now, &p, mv.dist, inches);
		x->x = stop.c.x;
		x->y = stop.c.y;
		if (inches > full)
			ev_emit(ev, "[MOVE Chart]", "%s's dice make %d\" over the whole %.*f\" to (%.*f, %.*f), and %d\" over the "
				"ground short of it: it goes %d\"", uid(G, i), full, PL_IN(mv.dist), PL_IN(p.c.x), PL_IN(p.c.y), inches,
				inches);
		else if (inches < full)
			ev_emit(ev, "[MOVE (a)]", "%s rolled %d\" of the %.*f\" to (%.*f, %.*f), where it may not stand (a friend "
				"there or in the way): it stops %d\" on, short of that (units need not move the full distance)",
				uid(G, i), full, PL_IN(mv.dist), PL_IN(p.c.x), PL_IN(p.c.y), inches);
		else
			ev_emit(ev, "[MOVE (a)]", "%s rolled %d\" of the %.*f\" to (%.*f, %.*f): it goes as far as that", uid(G, i),
				inches, PL_IN(mv.dist), PL_IN(p.c.x), PL_IN(p.c.y));
	}
	if (inches > 0 && run(G, q, x, ev, e) == 0)
		return 0;
	/* it stands: its action taken, the dice shown and spent */
	struct err e2;
	evsink_back(ev, mark);
	char why[sizeof e->msg + 64];
	snprintf(why, sizeof why, "%s%s", inches > 0 ? e->msg : "no inch on the dice",
		 nowhere ? "; nor may it stop at any whole inch short of that" : "");
	if (stand(G, i, CSEQ_MOVE, -1, side, why, &mv.m, q, ev, &e2) != 0)
		return err_set(e, NULL, 0, "%s", e2.msg);
	return 0;
}

/* move U toward T: the table plans the move at T first, as move --toward does; then the dice,
 * rolled here for good, and the unit goes as far as they allow that way [MOVE (a), (i)]. Where the
 * move is refused (no inch on the dice, a friend where it would stop, the table's edge, its
 * restriction), the unit stands, its action taken ("Units need not move the full distance"
 * [MOVE (a)]), and the dice that left it standing are shown and spent, as a referee's would be,
 * not thrown again for the next action. */
static int move_at(struct game *G, const struct action *a, struct ref_req *q, struct cplay_opts *x, int side,
		   const struct cros_game *before, struct evsink *ev, struct err *e)
{
	const struct cg_scn *c = scn(G);
	struct cg_state *s = st(G);
	const int i = a->arg[0], j = a->arg[1];
	struct cros_pos to;
	struct ctbl_move mv;
	int32_t dfull, dplan;
	struct err e2;
	int n = 0;
	if (a->n < 2 || i < 0 || i >= c->o.n || j < 0 || j >= c->o.n)
		return err_set(e, NULL, 0, "move U toward T");
	req_unit(q, "move", G, i);
	snprintf(x->toward, sizeof x->toward, "%s", uid(G, j));
	to = s->g.s[i].pos; /* (the plan keeps its formation and facing) */
	if (s->g.s[i].pos.on && s->g.s[j].pos.on &&
	    ctbl_toward_plan(&c->t, &c->tb, &c->o, &s->g, i, j, &to, &mv, &dfull, &dplan, NULL, &e2) &&
	    (n = cref_move_dice(&c->t, &mv.m, &e2)) > 0) {
		q->dice.given = true;
		q->dice.n = n < CREF_HITS_MAX ? n : CREF_HITS_MAX;
		for (int k = 0; k < q->dice.n; k++)
			q->dice.d[k] = rng_d6(&G->dice.rng);
	}
	if (run(G, q, x, ev, e) == 0)
		return 0;
	s->g = *before;
	if (stand(G, i, CSEQ_MOVE_AT, j, side, e->msg, n > 0 ? &mv.m : NULL, q, ev, &e2) != 0)
		return -1; /* (e: the move's refusal) */
	return 0;
}

/* lead K X Y: commander k rides for (X, Y) with the Staff row's dice, rolled now, as far as they
 * allow along the line, and short of where the enemy's 2" would stop him [MOVE (a), (i)]; with
 * no inch clear he stays, his move spent. */
static int lead(struct game *G, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct cg_scn *c = scn(G);
	struct cg_state *s = st(G);
	const int k = a->arg[0];
	const struct cref_move m = {.row = ctab_move(&c->t, "staff"), .form = 0, .terrain = -1};
	struct ref_req q;
	struct cplay_opts x = {.facing = -1};
	int nd, inches;
	if (a->n < 3 || k < 0 || k >= c->o.ncmdrs)
		return err_set(e, NULL, 0, "lead K X Y: no such commander");
	const struct pl_pt from = s->g.cmdr[k].c, to = {a->arg[1], a->arg[2]};
	if (s->g.seq.phase != CSEQ_FREE || cros_cmdr_side(&c->o, k) != cseq_acting(&s->g))
		return err_set(e, NULL, 0, "[Side A Turn (a)] %s rides in his side's free action phase", c->o.cmdr[k]);
	if (!s->g.cmdr[k].on || s->g.cmdr_moved[k] == s->g.turn)
		return err_set(e, NULL, 0, "%s %s", c->o.cmdr[k], s->g.cmdr[k].on ? "has moved this turn" : "is not on the table");
	if (to.x < 0 || to.y < 0 || to.x > c->tb.width || to.y > c->tb.depth)
		return err_set(e, NULL, 0, "(%.*f, %.*f) is off the table", PL_IN(to.x), PL_IN(to.y));
	const int64_t dist = pl_isqrt(pl_d2(from, to));
	if (dist < PL_PER_INCH)
		return err_set(e, NULL, 0, "%s is there already (within an inch)", c->o.cmdr[k]);
	if ((nd = cref_move_dice(&c->t, &m, e)) <= 0)
		return -1;
	req(&q, "move");
	snprintf(x.commander, sizeof x.commander, "%s", c->o.cmdr[k]);
	q.dice.given = true;
	q.dice.n = nd < CREF_HITS_MAX ? nd : CREF_HITS_MAX;
	for (int d = 0; d < q.dice.n; d++)
		q.dice.d[d] = rng_d6(&G->dice.rng);
	if ((inches = cref_move_roll(&c->t, &m, q.dice.d, q.dice.n, NULL, e)) < 0)
		inches = 0;
	int64_t go = (int64_t)inches * PL_PER_INCH < dist ? (int64_t)inches * PL_PER_INCH : dist;
	for (; go > 0; go -= PL_PER_INCH) {
		struct err quiet;
		x.x = (int32_t)(from.x + (to.x - from.x) * go / dist);
		x.y = (int32_t)(from.y + (to.y - from.y) * go / dist);
		if (ctbl_cmdr_path(&c->t, &c->tb, &c->o, &s->g, k, (struct pl_pt){x.x, x.y}, &quiet) == 0)
			break;
	}
	if (go <= 0) {
		struct err quiet;
		s->g.cmdr_moved[k] = (uint16_t)s->g.turn;
		(void)cref_move_roll(&c->t, &m, q.dice.d, q.dice.n, ev, &quiet); /* the dice, shown: spent */
		ev_emit(ev, "[MOVE (a)]", "%s rolled %d\" and has no inch clear toward (%.*f, %.*f): he stays", c->o.cmdr[k], inches,
			PL_IN(to.x), PL_IN(to.y));
		return 0;
	}
	x.has_x = x.has_y = true;
	if (go < dist)
		ev_emit(ev, "[MOVE (a)]", "%s rolled %d\" of the %.*f\" to (%.*f, %.*f): he rides as far as that", c->o.cmdr[k], inches,
			PL_IN(dist), PL_IN(to.x), PL_IN(to.y));
	return run(G, &q, &x, ev, e);
}

static bool unit_ok(const struct game *G, int i)
{
	return i >= 0 && i < scn(G)->o.n;
}

static int cg_apply(struct game *G, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct cg_scn *c = scn(G);
	struct cg_state *s = st(G);
	struct cros_game *before = malloc(sizeof *before);
	struct ref_req q;
	struct cplay_opts x = {.facing = -1};
	int side = cg_to_act(G), rc = 0, loser[CREF_CC_UNITS * 2], from[CREF_CC_UNITS * 2], nloser = 0;
	if (!before)
		return err_set(e, NULL, 0, "out of memory");
	*before = s->g;
	if (side < 0) {
		free(before);
		return err_set(e, NULL, 0, "the game is over");
	}
	/* the units an action names: the acting one, and for most the one it is at */
	const int units = a->kind == CG_FIRST || a->kind == CG_END || a->kind == CG_LEAD ? 0
			  : a->kind == CG_REFORM || a->kind == CG_TURN || a->kind == CG_MOVE || a->kind == CG_RALLY ||
				    a->kind == CG_ADVANCE
			      ? 1
			      : 2;
	for (int k = 0; k < units; k++)
		if (a->n <= k || !unit_ok(G, a->arg[k])) {
			free(before);
			return err_set(e, NULL, 0, "no such unit");
		}
	/* the acting side's own units act (a close assault of either side is resolved by side A) */
	if (units && a->kind != CG_RESOLVE && c->o.u[a->arg[0]].side != side) {
		free(before);
		return err_set(e, NULL, 0, "%s is not the %s side's: the %s side acts now", uid(G, a->arg[0]), c->o.side[side],
			       c->o.side[side]);
	}
	switch (a->kind) {
	case CG_END:
	case CG_FIRST:
		if ((a->kind == CG_FIRST) != (s->g.seq.phase == CSEQ_INITIATIVE) || (a->kind == CG_FIRST && (a->n != 1 || a->arg[0] < 0 || a->arg[0] > 1))) {
			rc = err_set(e, NULL, 0, s->g.seq.phase == CSEQ_INITIATIVE
						  ? "[Initiative (a)] the initiative's winner chooses who acts first (first SIDE)"
						  : "first is the initiative's winner's choice, at a turn's start");
			break;
		}
		req(&q, "next");
		if (a->kind == CG_FIRST)
			snprintf(x.first, sizeof x.first, "%s", c->o.side[a->arg[0]]);
		if ((rc = run(G, &q, &x, ev, e)) == 0 && s->g.turn > c->turns) {
			s->ended = 1;
			ev_emit(ev, "[Scenario]", "turn %d was the last: the game is over", c->turns);
		}
		break;
	case CG_FIRE:
		req_judged(&q, G, a);
		rc = run(G, &q, &x, ev, e);
		break;
	case CG_CHARGE:
	case CG_RESOLVE: {
		struct cg_cc cc;
		req_judged(&q, G, a);
		/* a close assault bought in a command point phase is declared, resolved after the
		 * reaction phase [Side A Turn (d)] */
		x.declare = a->kind == CG_CHARGE && s->g.seq.phase == CSEQ_COMMAND;
		if ((rc = run_cc(G, &q, &x, ev, &cc, e)) != 0 || x.declare)
			break;
		/* who falls back [Close Combat (a), (g)]: an attacking unit whose charge morale check
		 * failed (its marker: it did not fight) away from the defender, the defender that failed
		 * its own away from the attacker, the loser's units away from the winner */
		const bool fought = cc.cc_n[0] > 0 && cc.cc_n[1] > 0 && cc.charge_failed < 0;
		for (int u = 0; u <= q.nalso[0]; u++) {
			int i = cros_find(&c->o, u ? q.also[0][u - 1].unit : q.side[0].unit);
			bool in = false;
			for (int v = 0; fought && v < cc.cc_n[0]; v++)
				in = in || cc.cc_unit[0][v] == i;
			/* (a second line whose first withdrew does not fight, nor fall back: no marker) */
			if (i >= 0 && !in && s->g.s[i].markers > before->s[i].markers) {
				from[nloser] = a->arg[1];
				loser[nloser++] = i;
			}
		}
		if (cc.charge_failed == 1) {
			from[nloser] = a->arg[0];
			loser[nloser++] = a->arg[1];
		}
		if (fought && cc.cc_winner >= 0) {
			const int l = c->o.u[cc.cc_winner].side == c->o.u[cc.cc_unit[0][0]].side ? 1 : 0;
			for (int v = 0; v < cc.cc_n[l] && nloser < (int)(sizeof loser / sizeof loser[0]); v++)
				if (cc.cc_unit[l][v] >= 0) {
					from[nloser] = cc.cc_winner;
					loser[nloser++] = cc.cc_unit[l][v];
				}
		}
		break;
	}
	case CG_MOVE_AT:
		rc = move_at(G, a, &q, &x, side, before, ev, e);
		break;
	case CG_MOVE:
		if (a->n < 3) {
			rc = err_set(e, NULL, 0, "move U X Y [FACING]");
			break;
		}
		rc = move_to(G, a, &q, &x, side, ev, e);
		break;
	case CG_REFORM:
		if (a->n < 2 || a->arg[1] < 0 || a->arg[1] >= CF_FORMS) {
			rc = err_set(e, NULL, 0, "no such formation");
			break;
		}
		req_unit(&q, "move", G, a->arg[0]);
		snprintf(x.formation, sizeof x.formation, "%s", cros_form_name[a->arg[1]]);
		rc = run(G, &q, &x, ev, e);
		break;
	case CG_TURN:
		if (a->n < 2 || a->arg[1] < 0 || a->arg[1] > 359) {
			rc = err_set(e, NULL, 0, "a facing is 0 to 359 degrees");
			break;
		}
		req_unit(&q, "move", G, a->arg[0]);
		x.facing = a->arg[1];
		rc = run(G, &q, &x, ev, e);
		break;
	case CG_RALLY:
		req_unit(&q, "rally", G, a->arg[0]);
		rc = run(G, &q, &x, ev, e);
		/* [MORALE (d)] a routing unit that fails to pull a chit routs again */
		if (!rc && s->g.s[a->arg[0]].routing)
			before->s[a->arg[0]].routing = false;
		break;
	case CG_REINFORCE:
	case CG_JOIN:
		req_unit(&q, "reinforce", G, a->arg[0]);
		snprintf(q.side[1].unit, sizeof q.side[1].unit, "%s", uid(G, a->arg[1]));
		x.contact = a->kind == CG_JOIN;
		rc = run(G, &q, &x, ev, e);
		break;
	case CG_ADVANCE:
		req_unit(&q, "advance", G, a->arg[0]);
		rc = run(G, &q, &x, ev, e);
		break;
	case CG_MOVE_TO: {
		/* straight for the place, as far as its best dice could go; then move U X Y: the plan,
		 * the dice, as far as they allow [MOVE (a)] */
		struct cros_pos to;
		struct action b = {CG_MOVE, 3, {a->arg[0], 0, 0}};
		if (a->n < 2 || a->arg[1] < 0 || a->arg[1] >= c->tb.nf) {
			rc = err_set(e, NULL, 0, "no such place");
			break;
		}
		struct err why;
		if (!place_move(G, a->arg[0], a->arg[1], &to, &why)) {
			rc = err_set(e, NULL, 0, "[MOVE (a)] %s cannot make for %s: %s", uid(G, a->arg[0]), c->tb.f[a->arg[1]].id,
				     why.msg);
			break;
		}
		b.arg[1] = to.c.x;
		b.arg[2] = to.c.y;
		ev_emit(ev, "[MOVE (a)]", "%s makes for %s: toward (%.*f, %.*f)", uid(G, a->arg[0]), c->tb.f[a->arg[1]].name,
			PL_IN(to.c.x), PL_IN(to.c.y));
		rc = move_to(G, &b, &q, &x, side, ev, e);
		break;
	}
	case CG_LEAD:
		rc = lead(G, a, ev, e);
		break;
	default:
		rc = err_set(e, NULL, 0, "no such action");
	}
	if (rc) {
		s->g = *before;
		free(before);
		return -1;
	}
	settle(G, before, loser, from, nloser, ev);
	free(before);
	return 0;
}

/* ---- victory points ------------------------------------------------------------------------ */

/* The units of side k (not routing) inside feature f or within w of it. */
static int units_in(const struct game *G, int k, int f, int32_t w)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	const struct ctbl_feature *x = &c->tb.f[f];
	int n = 0;
	for (int i = 0; i < c->o.n; i++) {
		const struct cros_state *u = &g->s[i];
		bool in;
		if (c->o.u[i].side != k || !u->figures || !u->pos.on || u->routing)
			continue;
		in = (x->closed && pl_poly_has(x->p, x->n, u->pos.c));
		for (int p = 0; !in && p + 1 < x->n + (x->closed ? 1 : 0); p++)
			in = pl_seg_near(u->pos.c, x->p[p], x->p[(p + 1) % x->n], w);
		n += in;
	}
	return n;
}

/* Whether side k holds feature f: a unit of its own, not routing, inside it or within w of it,
 * and no enemy unit so. */
static bool holds(const struct game *G, int k, int f, int32_t w)
{
	return units_in(G, k, f, w) && !units_in(G, 1 - k, f, w);
}

int cgame_place_units(const struct game *g, int side, int f)
{
	const struct cg_scn *c = scn(g);
	for (int k = 0; k < c->nitems; k++)
		if (c->item[k].kind == CGV_HOLD && c->item[k].feature == f)
			return units_in(g, side, f, c->item[k].within);
	return 0;
}

/* Side k's stands destroyed of the enemy's (a battery's guns). */
static int stands_lost(const struct game *G, int k)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	int n = 0;
	for (int i = 0; i < c->o.n; i++)
		if (c->o.u[i].side == k)
			n += ctab_stands(&c->t, c->o.u[i].type, c->o.u[i].figures) - ctab_stands(&c->t, c->o.u[i].type, g->s[i].figures);
	return n;
}

/* The points as they stand into *r, and item by item into *sh unless it is NULL (cg_over's
 * question, asked at every decision, needs only the result). */
static void cg_score(const struct game *G, struct score_sheet *sh, struct result *r)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	if (sh)
		memset(sh, 0, sizeof *sh);
	memset(r, 0, sizeof *r);
	for (int k = 0; k < c->nitems; k++) {
		const struct cg_item *it = &c->item[k];
		struct score_line l;
		int n = 0;
		switch (it->kind) {
		case CGV_HOLD:
			n = holds(G, it->side, it->feature, it->within) ? 1 : 0;
			break;
		case CGV_GUNS_TAKEN:
			n = !g->s[it->unit].figures;
			break;
		case CGV_GUNS_KEPT:
			n = g->s[it->unit].figures > 0;
			break;
		default:
			n = stands_lost(G, 1 - it->side);
			break;
		}
		r->vp[it->side] += n * it->vp;
		if (!sh)
			continue;
		memset(&l, 0, sizeof l);
		l.side = it->side;
		l.order = sh->items++;
		snprintf(l.rule, sizeof l.rule, "[Victory]");
		snprintf(l.item, sizeof l.item, "%s", it->what);
		l.vp = n * it->vp;
		if (it->kind == CGV_STANDS)
			snprintf(l.what, sizeof l.what, "%d enemy stands destroyed, %d each", n, it->vp);
		else
			snprintf(l.what, sizeof l.what, "%s", it->what);
		if (l.vp && sh->n < SCORE_LINES_MAX)
			sh->line[sh->n++] = l;
		else if (!l.vp && sh->nzero < SCORE_LINES_MAX)
			sh->zero[sh->nzero++] = l;
	}
	int lead = r->vp[0] - r->vp[1], k = lead >= 0 ? 0 : 1, m = lead >= 0 ? lead : -lead;
	r->over = cst(G)->ended;
	r->winner = m >= c->level_margin[1] ? k : -1;
	if (m >= c->level_margin[0])
		snprintf(r->level, sizeof r->level, "%s %s", c->o.side[k], c->level_name[0]);
	else if (m >= c->level_margin[1])
		snprintf(r->level, sizeof r->level, "%s %s", c->o.side[k], c->level_name[1]);
	else
		snprintf(r->level, sizeof r->level, "Draw");
}

static bool cg_over(const struct game *G, struct result *r)
{
	struct result tmp;
	cg_score(G, NULL, r ? r : &tmp);
	return cst(G)->ended;
}

/* ---- text ---------------------------------------------------------------------------------- */

static const char *const kind_word[CG_KINDS] = {"end", "first", "fire", "charge", "resolve", "move", "move",
						"reform", "turn", "rally", "reinforce", "join", "advance", "move",
						"lead"};

static int cg_format(const struct game *G, const struct action *a, char *buf, size_t n)
{
	const struct cg_scn *c = scn(G);
	if (a->kind < 0 || a->kind >= CG_KINDS)
		return snprintf(buf, n, "?");
	switch (a->kind) {
	case CG_END:
		return snprintf(buf, n, "end");
	case CG_FIRST:
		return snprintf(buf, n, "first %s", a->arg[0] >= 0 && a->arg[0] < 2 ? c->o.side[a->arg[0]] : "?");
	case CG_FIRE:
		return snprintf(buf, n, "fire %s %s%s", uid(G, a->arg[0]), uid(G, a->arg[1]), a->n > 2 && a->arg[2] ? " pivot" : "");
	case CG_MOVE_AT:
		return snprintf(buf, n, "move %s toward %s", uid(G, a->arg[0]), uid(G, a->arg[1]));
	case CG_MOVE_TO:
		return snprintf(buf, n, "move %s to %s", uid(G, a->arg[0]),
				a->arg[1] >= 0 && a->arg[1] < c->tb.nf ? c->tb.f[a->arg[1]].id : "?");
	case CG_MOVE:
		if (a->n > 3 && a->arg[3] >= 0)
			return snprintf(buf, n, "move %s %.*f %.*f %d", uid(G, a->arg[0]), PL_IN(a->arg[1]), PL_IN(a->arg[2]), a->arg[3]);
		return snprintf(buf, n, "move %s %.*f %.*f", uid(G, a->arg[0]), PL_IN(a->arg[1]), PL_IN(a->arg[2]));
	case CG_LEAD:
		return snprintf(buf, n, "lead %s %.*f %.*f", a->arg[0] >= 0 && a->arg[0] < c->o.ncmdrs ? c->o.cmdr[a->arg[0]] : "?",
				PL_IN(a->arg[1]), PL_IN(a->arg[2]));
	case CG_REFORM:
		return snprintf(buf, n, "reform %s %s", uid(G, a->arg[0]), cros_form_name[a->arg[1]]);
	case CG_TURN:
		return snprintf(buf, n, "turn %s %d", uid(G, a->arg[0]), a->arg[1]);
	case CG_RALLY:
	case CG_ADVANCE:
		return snprintf(buf, n, "%s %s", kind_word[a->kind], uid(G, a->arg[0]));
	default:
		return snprintf(buf, n, "%s %s %s", kind_word[a->kind], uid(G, a->arg[0]), uid(G, a->arg[1]));
	}
}

/* Inches ("12", "12.5") as units into *out. */
static bool inches(const char *s, int32_t *out)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || *end || v < 0 || v > PL_COORD_MAX / PL_PER_INCH)
		return false;
	*out = (int32_t)(v * PL_PER_INCH + 0.5);
	return true;
}

static int cg_parse(const struct game *G, const char *text, struct action *a, struct err *e)
{
	const struct cg_scn *c = scn(G);
	char w[6][48];
	int nw = 0, u[2] = {-1, -1};
	const char *p = text;
	memset(a, 0, sizeof *a);
	while (*p && nw < 6) {
		int len = 0;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		while (p[len] && p[len] != ' ' && p[len] != '\t')
			len++;
		if (len >= (int)sizeof w[0])
			return err_set(e, NULL, 0, "\"%.*s\" is too long", len, p);
		memcpy(w[nw], p, (size_t)len);
		w[nw++][len] = 0;
		p += len;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	if (!nw || *p)
		return err_set(e, NULL, 0, "an action: end, first SIDE, fire U T [pivot], charge U T, resolve U T, move U toward T, "
			       "move U to PLACE, move U X Y [FACING], reform U FORMATION, turn U FACING, rally U, reinforce U D, join U D, advance U, "
			       "lead K [X Y]");
	for (int k = 1; k < nw && k < 3; k++)
		u[k - 1] = cros_find(&c->o, w[k]);
	if (!strcmp(w[0], "end") && nw == 1) {
		a->kind = CG_END;
		return 0;
	}
	if (!strcmp(w[0], "first") && nw == 2) {
		a->kind = CG_FIRST;
		a->n = 1;
		a->arg[0] = side_of(c, w[1]);
		return a->arg[0] < 0 ? err_set(e, NULL, 0, "no side \"%s\" (%s or %s)", w[1], c->o.side[0], c->o.side[1]) : 0;
	}
	if (!strcmp(w[0], "lead") && (nw == 2 || nw == 4)) {
		/* lead K [X Y]: a brigade commander rides (without X Y, for the middle of his units) */
		struct pl_pt to;
		a->kind = CG_LEAD;
		a->n = 3;
		if ((a->arg[0] = cros_find_cmdr(&c->o, w[1])) < 0)
			return err_set(e, NULL, 0, "no commander \"%s\" (show lists them)", w[1]);
		if (nw == 4)
			return !inches(w[2], &a->arg[1]) || !inches(w[3], &a->arg[2])
				       ? err_set(e, NULL, 0, "lead K X Y: X and Y in inches from the table's south-west corner")
				       : 0;
		if (!ctbl_cmdr_middle(&c->t, &c->tb, &c->o, &cst(G)->g, a->arg[0], &to))
			return err_set(e, NULL, 0, "%s has no unit on the table to lead (lead K X Y)", w[1]);
		a->arg[1] = to.x;
		a->arg[2] = to.y;
		return 0;
	}
	if (nw < 2)
		return err_set(e, NULL, 0, "%s names a unit", w[0]);
	if (u[0] < 0)
		return err_set(e, NULL, 0, "no unit \"%s\" (show lists them)", w[1]);
	a->arg[0] = u[0];
	a->n = 1;
	if ((!strcmp(w[0], "rally") || !strcmp(w[0], "advance")) && nw == 2) {
		a->kind = !strcmp(w[0], "rally") ? CG_RALLY : CG_ADVANCE;
		return 0;
	}
	if (!strcmp(w[0], "move") && nw == 4 && !strcmp(w[2], "toward")) {
		a->kind = CG_MOVE_AT;
		a->n = 2;
		a->arg[1] = cros_find(&c->o, w[3]);
		return a->arg[1] < 0 ? err_set(e, NULL, 0, "no unit \"%s\"", w[3]) : 0;
	}
	if (!strcmp(w[0], "move") && nw == 4 && !strcmp(w[2], "to")) {
		a->kind = CG_MOVE_TO;
		a->n = 2;
		a->arg[1] = -1;
		for (int k = 0; k < c->tb.nf; k++)
			if (!strcmp(c->tb.f[k].id, w[3]))
				a->arg[1] = k;
		return a->arg[1] < 0 ? err_set(e, NULL, 0, "no place \"%s\" on the table", w[3]) : 0;
	}
	if (!strcmp(w[0], "move") && (nw == 4 || nw == 5)) {
		int f = -1;
		a->kind = CG_MOVE;
		if (!inches(w[2], &a->arg[1]) || !inches(w[3], &a->arg[2]))
			return err_set(e, NULL, 0, "move U X Y [FACING]: X and Y in inches from the table's south-west corner");
		if (nw == 5) {
			char *end;
			long v = strtol(w[4], &end, 10);
			if (*end || v < 0 || v > 359)
				return err_set(e, NULL, 0, "a facing is 0 to 359 degrees");
			f = (int)v;
			a->n = 4;
			a->arg[3] = f;
		} else {
			a->n = 3;
		}
		return 0;
	}
	if (!strcmp(w[0], "reform") && nw == 3) {
		a->kind = CG_REFORM;
		a->n = 2;
		a->arg[1] = cros_form_of(w[2]);
		return a->arg[1] < 0 ? err_set(e, NULL, 0, "no formation \"%s\"", w[2]) : 0;
	}
	if (!strcmp(w[0], "turn") && nw == 3) {
		char *end;
		long v = strtol(w[2], &end, 10);
		a->kind = CG_TURN;
		a->n = 2;
		a->arg[1] = (int)v;
		return *end || v < 0 || v > 359 ? err_set(e, NULL, 0, "a facing is 0 to 359 degrees") : 0;
	}
	static const struct {
		const char *w;
		int kind;
	} two[] = {{"fire", CG_FIRE}, {"charge", CG_CHARGE}, {"resolve", CG_RESOLVE}, {"reinforce", CG_REINFORCE}, {"join", CG_JOIN}};
	for (size_t k = 0; k < sizeof two / sizeof two[0]; k++)
		if (!strcmp(w[0], two[k].w) && (nw == 3 || (nw == 4 && two[k].kind == CG_FIRE && !strcmp(w[3], "pivot")))) {
			a->kind = (int16_t)two[k].kind;
			a->n = two[k].kind == CG_FIRE ? 3 : 2;
			if (u[1] < 0)
				return err_set(e, NULL, 0, "no unit \"%s\"", w[2]);
			a->arg[1] = u[1];
			a->arg[2] = nw == 4;
			return 0;
		}
	return err_set(e, NULL, 0, "no action \"%s\" of %d words (end, first, fire, charge, resolve, move, reform, turn, rally, "
		       "reinforce, join, advance, lead)", w[0], nw);
}

static uint64_t mix(uint64_t h, int64_t v)
{
	return fnv1a64(h, &v, sizeof v);
}

static uint64_t mix_pos(uint64_t h, const struct cros_pos *p)
{
	h = mix(h, p->on);
	return p->on ? mix(mix(mix(mix(h, p->c.x), p->c.y), p->facing), p->form) : h;
}

/* Field by field (struct padding is not part of the game). */
static uint64_t cg_checksum(const struct game *G)
{
	const struct cg_state *s = cst(G);
	const struct cros_game *g = &s->g;
	uint64_t h = FNV_OFFSET;
	h = mix(mix(mix(mix(h, g->turn), g->init_winner), g->init_turn), s->ended);
	for (int k = 0; k < 2; k++)
		h = mix(mix(mix(h, g->cc_won[k]), g->last_cc_won[k]), g->aces[k]);
	for (int i = 0; i < g->n; i++) {
		const struct cros_state *u = &g->s[i];
		h = mix(mix(mix(mix(mix(mix(h, u->figures), u->markers), u->cp), u->routing), u->ammo_out), u->leader_back);
		h = mix(mix(mix(mix(mix(h, u->moving), u->fell_back), u->charged), u->fired), u->beat);
		h = mix_pos(mix_pos(mix_pos(h, &u->pos), &u->from), &u->beat_at);
		h = mix(mix(mix(mix(h, g->seq.acted[i]), g->seq.assault[i]), g->seq.locked[i]), g->seq.paid[i]);
		h = mix(mix(mix(h, g->seq.split[i]), g->seq.reinf[i]), g->seq.contact[i]);
	}
	h = mix(mix(mix(mix(h, g->seq.phase), g->seq.first), g->seq.half), g->seq.round);
	for (int k = 0; k < g->nheld; k++)
		h = mix(mix(mix(h, g->held[k].unit), g->held[k].figures), g->held[k].markers);
	for (int w = 0; w < CROS_UNIT_WORDS; w++)
		h = mix(mix(h, s->arrived[w]), s->entered[w]);
	for (int k = 0; k < 4; k++)
		h = mix(h, (int64_t)G->dice.rng.s[k]);
	for (int i = 0; i < g->n; i++) {
		const struct cros_state *u = &g->s[i];
		h = mix(mix(mix(mix(mix(h, u->charged_turn), u->fired_turn), u->from_turn), u->beat_turn), g->seq.aim[i]);
		h = mix_pos(h, &g->seq.moved_from[i]);
		for (int w = 0; w < CROS_UNIT_WORDS; w++)
			h = mix(h, g->seq.split_at[i][w]);
	}
	for (int k = 0; k < g->nheld; k++)
		h = mix(h, g->held[k].leader_killed);
	for (int k = 0; k < scn(G)->o.ncmdrs; k++)
		h = mix(mix_pos(h, &g->cmdr[k]), g->cmdr_moved[k]);
	return h;
}

static int cg_player_turn(const struct game *G)
{
	const struct cros_game *g = &cst(G)->g;
	return (g->turn - 1) * 2 + (g->seq.phase != CSEQ_INITIATIVE ? g->seq.half : 0);
}

static void cg_status(const struct game *G, char *buf, size_t n)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	int side = cg_to_act(G);
	if (cst(G)->ended) {
		snprintf(buf, n, "Turn %d of %d: the game is over", c->turns, c->turns);
		return;
	}
	if (g->seq.phase == CSEQ_ASSAULT)
		snprintf(buf, n, "Turn %d of %d, %s close assaults (round %d)", g->turn, c->turns, side >= 0 ? c->o.side[side] : "?",
			 g->seq.round);
	else if (g->seq.phase == CSEQ_INITIATIVE)
		snprintf(buf, n, "Turn %d of %d, initiative: %s chooses who acts first", g->turn, c->turns,
			 side >= 0 ? c->o.side[side] : "?");
	else
		snprintf(buf, n, "Turn %d of %d, %s %s", g->turn, c->turns, side >= 0 ? c->o.side[side] : "?",
			 cseq_phase_name[g->seq.phase]);
	if (g->seq.phase == CSEQ_COMMAND || g->seq.phase == CSEQ_REACTION) {
		size_t at = strlen(buf);
		snprintf(buf + at, n - at, " (round %d: %d point%s an action)", g->seq.round, g->seq.round,
			 g->seq.round == 1 ? "" : "s");
	}
}

#define PUT(...)                                                                 \
	do {                                                                     \
		if (at < n)                                                      \
			at += (size_t)snprintf(out + at, n - at, __VA_ARGS__);   \
	} while (0)

static void cg_draw(const struct game *G, char *out, size_t n, unsigned flags)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	size_t at = 0;
	char status[160];
	int w = 16; /* the unit column: the longest id, so that every row's columns line up */
	(void)flags;
	out[0] = 0;
	for (int i = 0; i < c->o.n; i++) {
		const int l = (int)strlen(c->o.u[i].id);
		w = l > w ? l : w;
	}
	cg_status(G, status, sizeof status);
	PUT("%s (table %s, %.0f\" x %.0f\")\n%s\n", c->o.title, c->tb.id, (double)c->tb.width / PL_PER_INCH,
	    (double)c->tb.depth / PL_PER_INCH, status);
	for (int k = 0; k < 2; k++) {
		PUT("\n%s%s\n  %-*s %6s %6s %4s  %-14s %7s %3s %3s\n", c->o.side[k], g->aces[k] ? " (Aces)" : "", w, "unit", "x", "y",
		    "face", "formation", "figures", "mk", "cp");
		for (int i = 0; i < c->o.n; i++) {
			const struct cros_state *u = &g->s[i];
			char cp[8];
			if (c->o.u[i].side != k)
				continue;
			snprintf(cp, sizeof cp, u->cp == CROS_CP_UNLIMITED ? "inf" : "%d", u->cp);
			const char *absent = cros_absent(&c->o, g, i);
			if (absent)
				PUT("  %-*s %s\n", w, c->o.u[i].id, absent);
			else
				PUT("  %-*s %6.*f %6.*f %4d  %-14s %3d/%-3d %3d %3s%s%s\n", w, c->o.u[i].id, PL_IN(u->pos.c.x),
				    PL_IN(u->pos.c.y), u->pos.facing, cros_form_name[u->pos.form], u->figures, c->o.u[i].figures,
				    u->markers, cp, u->routing ? " ROUTING" : "", g->seq.acted[i] ? " (acted)" : "");
		}
		PUT("  commanders:");
		for (int m = 0; m < c->o.ncmdrs; m++)
			if (cros_cmdr_side(&c->o, m) == k && g->cmdr[m].on)
				PUT(" %s (%.*f, %.*f)%s", c->o.cmdr[m], PL_IN(g->cmdr[m].c.x), PL_IN(g->cmdr[m].c.y),
				    g->cmdr_moved[m] == g->turn ? " (moved)" : "");
		PUT("\n");
	}
}

static void cg_describe(const struct game *G, char *out, size_t n)
{
	const struct cg_scn *c = scn(G);
	size_t at = 0;
	out[0] = 0;
	PUT("%s\nsheet: %s\norder of battle: %s (%d units)\ntable: %s (%s)\n", G->scn->title, c->t.title, c->o.title, c->o.n,
	    c->tb.title, c->tb.file);
	PUT("\nthe game's length: %d turns (%s)\n", c->turns, c->provenance[0]);
	PUT("\nreinforcements (%s):\n", c->provenance[1]);
	for (int l = 0; l < c->nlists; l++) {
		PUT("  %s, in order from turn %d, each on a die of %d-6:", c->list[l].name, c->from_turn, c->list[l].need);
		for (int k = 0; k < c->list[l].n; k++)
			PUT(" %s", c->o.u[c->list[l].unit[k]].id);
		PUT("\n");
	}
	PUT("\nvictory points (%s):\n", c->provenance[2]);
	for (int k = 0; k < c->nitems; k++)
		PUT("  %-8s %3d  %s\n", c->o.side[c->item[k].side], c->item[k].vp, c->item[k].what);
	PUT("  a lead of %d: %s; of %d: %s; less: a draw\n", c->level_margin[0], c->level_name[0], c->level_margin[1],
	    c->level_name[1]);
}

static int cg_check(const struct game *G, char *why, size_t n)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	if (g->turn < 1 || g->turn > c->turns + 1)
		return snprintf(why, n, "turn %d outside 1..%d", g->turn, c->turns + 1), -1;
	if (g->seq.phase <= CSEQ_OFF || g->seq.phase >= CSEQ_PHASES)
		return snprintf(why, n, "the sequence of play is in no phase"), -1;
	if ((g->turn > c->turns) != (cst(G)->ended != 0))
		return snprintf(why, n, "turn %d of %d, the game %sover", g->turn, c->turns, cst(G)->ended ? "" : "not "), -1;
	if (!cst(G)->ended && cg_to_act(G) < 0)
		return snprintf(why, n, "no side acts in the %s", cseq_phase_name[g->seq.phase]), -1;
	if (g->nheld < 0 || g->nheld > CROS_HELD_MAX || g->aces[0] < 0 || g->aces[1] < 0)
		return snprintf(why, n, "%d held results, aces %d and %d", g->nheld, g->aces[0], g->aces[1]), -1;
	for (int i = 0; i < c->o.n; i++) {
		const struct cros_state *u = &g->s[i];
		if (u->figures < 0 || u->figures > c->o.u[i].figures)
			return snprintf(why, n, "%s has %d figures of %d", c->o.u[i].id, u->figures, c->o.u[i].figures), -1;
		if (u->markers < 0)
			return snprintf(why, n, "%s has %d markers", c->o.u[i].id, u->markers), -1;
		if (u->cp != CROS_CP_UNLIMITED && (u->cp < 0 || u->cp > c->o.u[i].cp))
			return snprintf(why, n, "%s has %d command points of %d", c->o.u[i].id, u->cp, c->o.u[i].cp), -1;
		if (u->pos.on && (u->pos.c.x < 0 || u->pos.c.y < 0 || u->pos.c.x > c->tb.width || u->pos.c.y > c->tb.depth))
			return snprintf(why, n, "%s stands off the table", c->o.u[i].id), -1;
	}
	for (int k = 0; k < c->o.ncmdrs; k++) {
		const struct cros_pos *p = &g->cmdr[k];
		if (p->on && (p->c.x < 0 || p->c.y < 0 || p->c.x > c->tb.width || p->c.y > c->tb.depth))
			return snprintf(why, n, "%s stands off the table", c->o.cmdr[k]), -1;
		if (g->cmdr_moved[k] > g->turn)
			return snprintf(why, n, "%s moved on turn %d, after turn %d", c->o.cmdr[k], g->cmdr_moved[k], g->turn), -1;
	}
	return 0;
}

/* The chances of a volley or a close combat before the dice (rules->odds), as the referee's
 * sheet gives them (cplay_run without dice: the distribution of possible hits, markers and
 * figures lost, or each side's chance in the close combat), on a copy of the roster: the game
 * does not change. Only an action listed now has odds. */
static int cg_odds(const struct game *G, const struct action *a, char *out, size_t n, struct err *e)
{
	const struct cplay cp = ctx(G);
	struct action *list;
	struct cros_game *g;
	struct cplay_res *res;
	struct ref_out *o;
	struct ref_req q;
	struct cplay_opts x = {.facing = -1};
	int na, rc;
	bool listed = false;
	if (a->kind != CG_FIRE && a->kind != CG_CHARGE && a->kind != CG_RESOLVE)
		return err_set(e, NULL, 0, "odds are for a volley (fire), a charge or a close assault resolved");
	if (!(list = malloc(sizeof *list * (CACT_LIST_MAX + 2))))
		return err_set(e, NULL, 0, "out of memory");
	na = cg_actions(G, list, CACT_LIST_MAX + 2);
	for (int k = 0; k < na && !listed; k++)
		listed = action_same(&list[k], a);
	free(list);
	if (!listed)
		return err_set(e, NULL, 0, "not an action of the side to act now: odds are given for the actions listed");
	g = malloc(sizeof *g);
	res = malloc(sizeof *res);
	o = malloc(sizeof *o);
	if (!g || !res || !o) {
		free(g);
		free(res);
		free(o);
		return err_set(e, NULL, 0, "out of memory");
	}
	*g = cst(G)->g;
	req_judged(&q, G, a);
	cplay_res_init(res, false);
	rc = cplay_run(&cp, g, &q, &x, o, res);
	if (rc != 0)
		err_set(e, NULL, 0, "%s", res->msg);
	else
		snprintf(out, n, "%s", res->text.s ? res->text.s : "");
	cplay_res_free(res);
	free(res);
	free(o);
	free(g);
	return rc != 0 ? -1 : 0;
}

double cgame_charge_odds(const struct game *G, int att, int def)
{
	const struct cplay cp = ctx(G);
	const struct action a = {CG_CHARGE, 2, {att, def}};
	struct cros_game *g = malloc(sizeof *g);
	struct cplay_res *res = malloc(sizeof *res);
	struct ref_out *o = malloc(sizeof *o);
	struct ref_req q;
	struct cplay_opts x = {.facing = -1};
	double p = -1;
	if (g && res && o && unit_ok(G, att) && unit_ok(G, def)) {
		*g = cst(G)->g;
		req_judged(&q, G, &a);
		cplay_res_init(res, true);
		if (cplay_run(&cp, g, &q, &x, o, res) == 0)
			p = o->cc_win[0];
		cplay_res_free(res);
	}
	free(g);
	free(res);
	free(o);
	return p;
}

/* A point as [x, y] in table units (PL_PER_INCH an inch; x east, y north). */
static json_t *json_pt(struct pl_pt p)
{
	return json_pack("[ii]", (int)p.x, (int)p.y);
}

/* The table as the front ends draw it (docs/API.md, "table"): its size, its provenance, each
 * feature's outline and the places each side scores for holding. */
static json_t *json_table(const struct cg_scn *c)
{
	const struct ctbl *tb = &c->tb;
	json_t *t = json_object(), *fs = json_array(), *obj = json_array();
	if (!t || !fs || !obj) {
		json_decref(fs);
		json_decref(obj);
		return t;
	}
	json_object_set_new(t, "id", json_string(tb->id));
	json_object_set_new(t, "units_per_inch", json_integer(PL_PER_INCH));
	json_object_set_new(t, "width", json_integer(tb->width));
	json_object_set_new(t, "depth", json_integer(tb->depth));
	json_object_set_new(t, "source", json_string(prov_source_name(tb->prov.source)));
	json_object_set_new(t, "basis", json_string(tb->prov.basis));
	for (int k = 0; k < tb->nf; k++) {
		const struct ctbl_feature *f = &tb->f[k];
		json_t *pts = json_array();
		for (int i = 0; i < f->n; i++)
			json_array_append_new(pts, json_pt(f->p[i]));
		json_array_append_new(fs, json_pack("{s:s, s:s, s:s, s:b, s:o}", "id", f->id, "name", f->name, "kind",
						    ctbl_kind_name[f->kind], "closed", f->closed, "points", pts));
	}
	json_object_set_new(t, "features", fs);
	for (int k = 0; k < c->nitems; k++)
		if (c->item[k].kind == CGV_HOLD)
			json_array_append_new(obj, json_pack("{s:s, s:s, s:i, s:s}", "side", c->o.side[c->item[k].side],
							     "feature", tb->f[c->item[k].feature].id, "vp", c->item[k].vp,
							     "what", c->item[k].what));
	json_object_set_new(t, "objectives", obj);
	{ /* where each reinforcement comes on (its arrival dice: the scenario's "reinforcements") */
		json_t *en = json_array();
		for (int i = 0; en && i < c->o.n; i++)
			if (c->o.u[i].reinforcement && tb->entry[i].on)
				json_array_append_new(en, json_pack("{s:s, s:s, s:o}", "unit", c->o.u[i].id, "side",
								    c->o.side[c->o.u[i].side], "at", json_pt(tb->entry[i].c)));
		json_object_set_new(t, "entries", en);
	}
	return t;
}

/* For the server (docs/API.md): the game is shown as text ("board", the terminal's roster of
 * the units where they stand) beside a drawing of the table ("table" here, "pieces" in the
 * state). */
static json_t *cg_json_scenario(const struct scenario *sc)
{
	const struct cg_scn *c = sc->data;
	json_t *o = json_object(), *rec = json_array();
	if (!o || !rec)
		return o;
	json_object_set_new(o, "map", json_null());
	json_object_set_new(o, "view", json_string("text"));
	json_object_set_new(o, "units", json_array());
	json_object_set_new(o, "table", json_table(c));
	for (int k = 0; k < 3; k++)
		json_array_append_new(rec, json_string(c->provenance[k]));
	json_object_set_new(o, "reconstructed", rec);
	json_object_set_new(o, "first", json_null()); /* each turn's initiative decides */
	json_object_set_new(o, "first_turn", json_integer(1));
	json_object_set_new(o, "turns", json_integer(c->turns));
	return o;
}

/* The units on the table as the front ends draw them: each footprint's corners (front-left,
 * front-right, rear-right, rear-left, so the first two are its front), as the rules measure
 * it (ctbl_footprint), with what a player reads off the stands and markers. */
static json_t *json_pieces(const struct game *G)
{
	const struct cg_scn *c = scn(G);
	const struct cros_game *g = &cst(G)->g;
	json_t *a = json_array();
	for (int i = 0; a && i < c->o.n; i++) {
		const struct cros_state *u = &g->s[i];
		struct pl_rect r;
		struct pl_pt q[4];
		json_t *corners;
		if (!u->pos.on || u->figures <= 0)
			continue;
		const int w = ctbl_weapon_of(&c->tb, &c->o, i), cm = c->o.u[i].commander;
		const struct ctab_weapon *wp = w >= 0 ? &c->t.weapon[w] : NULL;
		json_t *p;
		ctbl_footprint(&c->t, &c->tb, &c->o, g, i, &u->pos, &r);
		pl_rect_corners(&r, q);
		corners = json_pack("[oooo]", json_pt(q[0]), json_pt(q[1]), json_pt(q[2]), json_pt(q[3]));
		p = json_pack("{s:s, s:s, s:s, s:s, s:i, s:o, s:o, s:i, s:i, s:i, s:b}", "id", c->o.u[i].id, "name",
			      c->o.u[i].name, "side", c->o.side[c->o.u[i].side], "formation", cros_form_name[u->pos.form],
			      "facing", u->pos.facing, "at", json_pt(u->pos.c), "corners", corners, "figures", u->figures,
			      "full", c->o.u[i].figures, "markers", u->markers, "routing", u->routing);
		/* what a player measures from it: its weapon's long range (short is half [Fire (n)];
		 * canister within 4" [Fire (p)]) and its brigade commander's radius [BRIGADE COMMANDERS] */
		json_object_set_new(p, "weapon", wp ? json_string(wp->key) : json_null());
		json_object_set_new(p, "long", json_integer(wp ? wp->long_in : 0));
		json_object_set_new(p, "canister", json_boolean(wp && wp->canister));
		json_object_set_new(p, "radius", json_integer(c->t.unit[c->o.u[i].type].radius));
		json_object_set_new(p, "commander", cm >= 0 && cm < c->o.ncmdrs ? json_string(c->o.cmdr[cm]) : json_null());
		json_array_append_new(a, p);
	}
	return a;
}

static json_t *cg_json_state(const struct game *G, int viewer_side)
{
	const struct cg_scn *c = scn(G);
	json_t *o = json_object(), *cmdrs = json_array();
	char *board = malloc(32768), status[160];
	int side = cg_to_act(G);
	/* the same for every viewer: a unit's command points, which the sheet keeps from the other
	 * player, are here the Q&A's for its nationality less what it was seen to spend, so a
	 * careful player knows them (docs/RULES.md, "The enemy's command points are shown") */
	(void)viewer_side;
	if (!o || !board || !cmdrs) {
		free(board);
		json_decref(cmdrs);
		return o;
	}
	cg_status(G, status, sizeof status);
	json_object_set_new(o, "turn", json_integer(cst(G)->g.turn));
	json_object_set_new(o, "last_turn", json_integer(c->turns));
	json_object_set_new(o, "phase", json_string(cseq_phase_name[cst(G)->g.seq.phase]));
	json_object_set_new(o, "phasing", side >= 0 ? json_string(c->o.side[side]) : json_null());
	json_object_set_new(o, "units", json_array());
	json_object_set_new(o, "pieces", json_pieces(G));
	for (int k = 0; k < c->o.ncmdrs; k++)
		if (cst(G)->g.cmdr[k].on)
			json_array_append_new(cmdrs, json_pack("{s:s, s:o}", "id", c->o.cmdr[k], "at",
							      json_pt(cst(G)->g.cmdr[k].c)));
	json_object_set_new(o, "commanders", cmdrs);
	cg_draw(G, board, 32768, 0);
	json_object_set_new(o, "board", json_string(board));
	free(board);
	return o;
}

const struct ctab *cgame_sheet(const struct game *g)
{
	return &scn(g)->t;
}

const struct ctbl *cgame_table(const struct game *g)
{
	return &scn(g)->tb;
}

const struct cros_oob *cgame_oob(const struct game *g)
{
	return &scn(g)->o;
}

const struct cros_game *cgame_roster(const struct game *g)
{
	return &cst(g)->g;
}

int cgame_objectives(const struct game *g, int side, int *out, int max)
{
	const struct cg_scn *c = scn(g);
	int n = 0;
	for (int k = 0; k < c->nitems; k++)
		if (c->item[k].side == side && c->item[k].kind == CGV_HOLD && n < max)
			out[n++] = c->item[k].feature;
	return n;
}

int cgame_denials(const struct game *g, int side, int *out, int max)
{
	const struct cg_scn *c = scn(g);
	int n = 0;
	for (int k = 0; k < c->nitems; k++)
		if (denial_item(c, side, &c->item[k]) && n < max)
			out[n++] = c->item[k].feature;
	return n;
}

bool cgame_guns_kept(const struct game *g, int side, int u)
{
	const struct cg_scn *c = scn(g);
	for (int k = 0; k < c->nitems; k++)
		if (c->item[k].side == side && c->item[k].kind == CGV_GUNS_KEPT && c->item[k].unit == u)
			return true;
	return false;
}

static void *cg_memo_new(const struct scenario *s)
{
	(void)s;
	struct cg_memo *m = calloc(1, sizeof *m);
	if (m && !(m->fire = ctbl_memo_new())) {
		free(m);
		m = NULL;
	}
	return m;
}

static void cg_memo_free(void *v)
{
	struct cg_memo *m = v;
	if (m)
		ctbl_memo_free(m->fire);
	free(m);
}

const struct rules cotlb_rules = {
	.id = "cotlb",
	.title = "Raybin's Charge of the Light Brigade (NASHCON 2014 Balaclava play sheet)",
	.state_size = sizeof(struct cg_state),
	.load = cg_load,
	.unload = cg_unload,
	.setup = cg_setup,
	.actions = cg_actions,
	.apply = cg_apply,
	.to_act = cg_to_act,
	.over = cg_over,
	.format = cg_format,
	.parse = cg_parse,
	.checksum = cg_checksum,
	.player_turn = cg_player_turn,
	.status = cg_status,
	.describe = cg_describe,
	.draw = cg_draw,
	.check = cg_check,
	.score = cg_score,
	.memo_new = cg_memo_new,
	.memo_free = cg_memo_free,
	.json_scenario = cg_json_scenario,
	.json_state = cg_json_state,
	.odds = cg_odds,
};
