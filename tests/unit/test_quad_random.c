/* Random play of every real quad scenario (data/quad), several seeds each: legal actions
 * chosen at random (a local rng over rules->actions) until the game ends, with invariants
 * checked after every action:
 *   - at most Q_STACK_MAX units in a hex, never units of both sides in one hex ([5.34]);
 *   - a game not over always has at least one legal action;
 *   - every listed action applies without refusal (all of them are tried, each on a copy of
 *     the game, every CHECK_EVERY actions and at every change of phase);
 *   - no unit fires twice, and no unit is fired upon twice, in one fire phase ([7.23], [7.24]);
 *   - the game ends by its turn limit ([4.0]);
 *   - the score sheet adds up to over()'s points at every change of phase and at the end.
 * "end" is chosen with a fixed extra chance when it is legal, so that phases do not drag on,
 * and a fire or melee half the time one is open, so that games have fights; otherwise every
 * listed action is equally likely. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/quad/qcombat.h"
#include "games/quad/qmove.h"
#include "games/quad/quad.h"
#include "games/rules.h"

#define NACT 8192
#ifndef SEEDS
#define SEEDS 3 /* override with -DSEEDS=N for a longer soak */
#endif
#define CHECK_EVERY 7
#define MAX_STEPS 60000
#define END_ODDS 8  /* "end" is taken 1 time in END_ODDS when legal, besides its uniform share */
#define MAX_TRY 400 /* listed actions tried per check (all of them when fewer) */

struct scn_case {
	const char *path;
	const char *name;
};

static const struct scn_case cases[] = {
	{"data/quad/alma/scenario.json", "alma"},
	{"data/quad/balaclava/scenario.json", "balaclava"},
	{"data/quad/inkerman/historical.json", "inkerman"},
	{"data/quad/inkerman/option.json", "inkerman-option"},
	{"data/quad/tchernaya/tchernaya.json", "tchernaya"},
	{"data/quad/tchernaya/tchernaya-nonhistorical.json", "tchernaya-nonhistorical"},
};

struct run {
	struct scenario s;
	struct game g;
	struct game tmp;
	struct action acts[NACT];
	struct rng pick;
	/* who fired / was fired upon in the current fire phase */
	uint8_t fired[Q_UNITS_MAX], fired_at[Q_UNITS_MAX];
	int phase_key;
	long tried, steps;
	long kinds[QA_NKINDS + 1]; /* the last slot counts a battle's own actions (Inkerman [24]-[28]) */
};

static void describe(const struct run *r, char *buf, size_t n)
{
	r->g.rules->status(&r->g, buf, n);
}

/* [5.34], Q_STACK_MAX. */
static void check_stacks(struct run *r, const char *name, uint64_t seed)
{
	const struct q_scn *s = q_scn(&r->g);
	const struct q_state *st = q_cst(&r->g);
	int hexes[Q_UNITS_MAX], nh = 0;

	if (!q_occ_ok(st, s->nunits)) /* every move went through q_place */
		fail_msg("%s seed %llu: the occupancy index disagrees with the units' hexes", name,
			 (unsigned long long)seed);
	for (int u = 0; u < s->nunits; u++) {
		int i = st->u[u].idx, k = 0, side_mix = 0;
		if (i < 0)
			continue;
		bool seen = false;
		for (int j = 0; j < nh; j++)
			if (hexes[j] == i)
				seen = true;
		if (seen)
			continue;
		hexes[nh++] = i;
		for (int v = 0; v < s->nunits; v++)
			if (st->u[v].idx == i) {
				k++;
				if (s->u[v].side != s->u[u].side)
					side_mix = 1;
			}
		if (k > Q_STACK_MAX || side_mix) {
			char buf[256];
			describe(r, buf, sizeof buf);
			fail_msg("%s seed %llu: hex %04d holds %d units%s (%s)", name, (unsigned long long)seed,
				 map_hex(&s->map, i), k, side_mix ? " of both sides" : "", buf);
		}
	}
}

/* [5.32], [5.33], [5.38] (with the exceptions the engine knows, q_stack_ok) at the end of
 * every phase, for every unit that is no longer in its set-up hex: retreats, displacements,
 * advances and moves must all leave legal stacks. (Set-up stacks are the scenario's: Inkerman
 * [19.0] and Tchernaya [17.11] allow some that the standard rules do not.) */
static void check_phase_stacking(struct run *r, const char *name, uint64_t seed)
{
	const struct q_scn *s = q_scn(&r->g);
	const struct q_state *st = q_cst(&r->g);
	for (int u = 0; u < s->nunits; u++) {
		int i = st->u[u].idx;
		if (i < 0 || (s->u[u].setup_hex != HEX_NONE && i == map_index(&s->map, s->u[u].setup_hex)))
			continue;
		if (!(s->map.flags[i] & HEXF_ONMAP))
			continue;
		if (!q_stack_ok(&r->g, u, i)) {
			char buf[256];
			describe(r, buf, sizeof buf);
			fail_msg("%s seed %llu: %s ends a phase in an illegal stack in %04d [5.3] (%s)", name,
				 (unsigned long long)seed, s->u[u].id, map_hex(&s->map, i), buf);
		}
	}
}

/* Every listed action must apply to a copy of the game. */
static void check_all_apply(struct run *r, int n, const char *name, uint64_t seed)
{
	int lim = n < NACT ? n : NACT, step = 1;
	if (lim > MAX_TRY)
		step = (lim + MAX_TRY - 1) / MAX_TRY; /* an even sample across the whole list */
	for (int i = (int)rng_below(&r->pick, (uint32_t)step); i < lim; i += step) {
		struct err e;
		r->tmp = r->g;
		memset(&e, 0, sizeof e);
		r->tried++;
		if (game_apply(&r->tmp, &r->acts[i], NULL, 0, NULL, &e) != 0) {
			char t[ACTION_TEXT_MAX], buf[256];
			r->g.rules->format(&r->g, &r->acts[i], t, sizeof t);
			describe(r, buf, sizeof buf);
			fail_msg("%s seed %llu: listed action \"%s\" refused: %s (%s)", name,
				 (unsigned long long)seed, t, e.msg, buf);
		}
	}
}

/* [7.23], [7.24] bookkeeping independent of the engine's own flags. */
static void note_fire(struct run *r, const struct action *a, const char *name, uint64_t seed)
{
	const struct q_state *st = q_cst(&r->g);
	int key = st->pturn * 8 + st->phase;
	if (key != r->phase_key) {
		memset(r->fired, 0, sizeof r->fired);
		memset(r->fired_at, 0, sizeof r->fired_at);
		r->phase_key = key;
	}
	if (a->kind != QA_FIRE)
		return;
	int nu = a->arg[0];
	for (int i = 0; i < nu; i++) {
		int u = a->arg[1 + i];
		if (r->fired[u])
			fail_msg("%s seed %llu: %s fires twice in one phase [7.24]", name,
				 (unsigned long long)seed, q_scn(&r->g)->u[u].id);
		r->fired[u] = 1;
	}
}

/* Units newly marked as fired upon by the last action must not have been fired upon before in
 * this phase. */
static void after_fire(struct run *r, const struct game *before, const char *name, uint64_t seed)
{
	const struct q_state *b = q_cst(before), *st = q_cst(&r->g);
	for (int u = 0; u < q_scn(&r->g)->nunits; u++)
		if (!(b->u[u].fl & QF_FIRED_AT) && (st->u[u].fl & QF_FIRED_AT)) {
			if (r->fired_at[u])
				fail_msg("%s seed %llu: %s fired upon twice in one phase [7.23]", name,
					 (unsigned long long)seed, q_scn(&r->g)->u[u].id);
			r->fired_at[u] = 1;
		}
}

static void play(struct run *r, const struct scn_case *c, uint64_t seed, uint32_t options,
		 long *actions_out)
{
	struct err e;
	int last_phase = -1, last_pturn = -1;
	static struct game before;

	if (game_init(&r->g, &r->s, seed, DICE_RNG, options, &e) != 0)
		fail_msg("%s: game_init: %s", c->name, e.msg);
	rng_init(&r->pick, seed, RNG_COSMETIC);
	r->phase_key = -1;
	r->steps = 0;
	for (;;) {
		const struct q_state *st = q_cst(&r->g);
		check_stacks(r, c->name, seed);
		if (r->g.rules->over(&r->g, NULL))
			break;
		assert_true(r->g.rules->to_act(&r->g) >= 0);
		int n = r->g.rules->actions(&r->g, r->acts, NACT);
		if (n < 1) {
			char buf[256];
			describe(r, buf, sizeof buf);
			fail_msg("%s seed %llu: no legal action but the game is not over (%s)", c->name,
				 (unsigned long long)seed, buf);
		}
		if (n > NACT)
			n = NACT;
		if (last_phase >= 0 && (st->phase != last_phase || (int)st->pturn != last_pturn)) {
			check_phase_stacking(r, c->name, seed);
			check_score(&r->g); /* the score sheet adds up to over()'s points */
		}
		if (r->steps % CHECK_EVERY == 0 || st->phase != last_phase || (int)st->pturn != last_pturn)
			check_all_apply(r, n, c->name, seed);
		last_phase = st->phase;
		last_pturn = st->pturn;
		/* choose: "end" with weight n/3 when legal, anything else uniformly */
		int end = -1;
		for (int i = 0; i < n; i++)
			if (r->acts[i].kind == QA_END)
				end = i;
		int k, ncombat = 0;
		for (int i = 0; i < n; i++)
			if (r->acts[i].kind == QA_FIRE || r->acts[i].kind == QA_MELEE)
				ncombat++;
		if (end >= 0 && rng_below(&r->pick, END_ODDS) == 0) {
			k = end;
		} else if (ncombat > 0 && rng_below(&r->pick, 2) == 0) {
			/* a combat, half the time one is open: more fights, retreats and advances */
			int want = (int)rng_below(&r->pick, (uint32_t)ncombat);
			for (k = 0; k < n; k++)
				if ((r->acts[k].kind == QA_FIRE || r->acts[k].kind == QA_MELEE) && want-- == 0)
					break;
		} else {
			k = (int)rng_below(&r->pick, (uint32_t)n);
		}
		note_fire(r, &r->acts[k], c->name, seed);
		before = r->g;
		if (game_apply(&r->g, &r->acts[k], NULL, 0, NULL, &e) != 0) {
			char t[ACTION_TEXT_MAX];
			r->g.rules->format(&r->g, &r->acts[k], t, sizeof t);
			fail_msg("%s seed %llu: chosen action \"%s\" refused: %s", c->name,
				 (unsigned long long)seed, t, e.msg);
		}
		after_fire(r, &before, c->name, seed);
		r->kinds[r->acts[k].kind < QA_NKINDS ? r->acts[k].kind : QA_NKINDS]++;
		if (++r->steps > MAX_STEPS)
			fail_msg("%s seed %llu: no end after %d actions", c->name, (unsigned long long)seed, MAX_STEPS);
	}
	check_score(&r->g);
	/* [4.0] the game ends after its last Game-Turn: two player-turns a Game-Turn */
	const struct q_scn *s = q_scn(&r->g);
	assert_int_equal(r->g.rules->player_turn(&r->g), 2 * (s->turns - s->first_turn + 1));
	assert_int_equal(r->g.rules->actions(&r->g, r->acts, NACT), 0);
	assert_int_equal(r->g.rules->to_act(&r->g), -1);
	*actions_out += r->steps;
}

static void run_case(const struct scn_case *c)
{
	struct run *r = calloc(1, sizeof *r);
	struct errlist errs;
	long actions = 0;

	assert_non_null(r);
	errlist_init(&errs);
	if (scenario_load(&r->s, c->path, &errs) != 0) {
		char buf[1024];
		if (errs.n)
			err_format(&errs.e[0], buf, sizeof buf);
		fail_msg("cannot load %s: %s", c->path, errs.n ? buf : "?");
	}
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		uint32_t options = (seed & 1 ? Q_OPT_11_27 : 0) | (seed & 2 ? Q_OPT_24 : 0);
		play(r, c, 1000 + seed, options, &actions);
	}
	print_message("%s: %d games, %ld actions (move %ld, enter %ld, fire %ld, melee %ld, retreat %ld, "
		      "advance %ld, rally %ld), %ld listed actions tried on copies\n", c->name, SEEDS, actions,
		      r->kinds[QA_MOVE], r->kinds[QA_ENTER], r->kinds[QA_FIRE], r->kinds[QA_MELEE],
		      r->kinds[QA_RETREAT], r->kinds[QA_ADVANCE], r->kinds[QA_RALLY], r->tried);
	scenario_free(&r->s);
	free(r);
}

static void test_alma(void **state) { (void)state; run_case(&cases[0]); }
static void test_balaclava(void **state) { (void)state; run_case(&cases[1]); }
static void test_inkerman(void **state) { (void)state; run_case(&cases[2]); }
static void test_inkerman_option(void **state) { (void)state; run_case(&cases[3]); }
static void test_tchernaya(void **state) { (void)state; run_case(&cases[4]); }
static void test_tchernaya_nonhistorical(void **state) { (void)state; run_case(&cases[5]); }

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alma),
		cmocka_unit_test(test_balaclava),
		cmocka_unit_test(test_inkerman),
		cmocka_unit_test(test_inkerman_option),
		cmocka_unit_test(test_tchernaya),
		cmocka_unit_test(test_tchernaya_nonhistorical),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
