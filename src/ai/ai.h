/* ai: computer players. They see the game only through the rules interface (actions(),
 * apply() and read-only state), exactly as a human front end does. Every player draws its
 * randomness from g->ai only, and tries actions on copies of the game, so rulings' dice are
 * never disturbed.
 *   random  uniform over the legal actions;
 *   greedy  one-step heuristic (greedy.c): scores each legal action by its effect on a
 *           position evaluation (victory points, material, threats, objectives);
 *   search  a plan for each of its player-turns (greedy with one of a few postures, each
 *           judged by rollouts of greedy for both sides to the end of the game), then
 *           greedy's best few candidates under that plan, each judged by rollouts to the end
 *           of the player-turn played by greedy on copies (search.c). */
#ifndef CRIMEA_AI_H
#define CRIMEA_AI_H

#include "../games/rules.h"

enum ai_kind { AI_NONE, AI_RANDOM, AI_GREEDY, AI_SEARCH, AI_NKINDS };

/* Rollouts per decision of the search player when ai_choose is used ("search"). 60, not the
 * 20 of the first eight sessions: on the same deals 60 was at least as strong at every seat
 * measured and much stronger where 20 fell short of the strength target (the Alma Allies 15-21
 * -> 26-9 over 40 deals, docs/PERFORMANCE.md "Ninth session: search's budget"), for about
 * three times the thinking. */
#define AI_SEARCH_BUDGET 60
/* The largest budget a player spec may ask for ("search:N"). */
#define AI_SEARCH_BUDGET_MAX 100000
#define AI_THREADS_MAX 16 /* threads a search player's rollouts may run on (ai_scratch_threads) */
/* Room for a player spec's name ("search:100000", "greedy:" and a plan name, and its NUL). */
#define AI_PLAYER_NAME_MAX 16

/* A computer player as the front ends name it: the kind, for search its rollouts per
 * decision ("search:40"; plain "search" has AI_SEARCH_BUDGET), and for greedy a plan
 * ("greedy:cautious": greedy playing one of search's plans throughout, for studies of how a
 * battle falls with the players' style; plain "greedy" is greedy's own). A plan is one of the
 * game's rule system's (ai_plan_name): the quad games' postures, Sevastopol's and Charge of the
 * Light Brigade's greedy plans. The budget is an iteration count, not a time, so that a game is
 * the same on any machine. */
#define AI_PLAN_NAME_MAX 9 /* a plan's name and its NUL: "cautious" */
struct ai_player {
	int kind;   /* enum ai_kind; AI_NONE for a seat a person plays */
	int budget; /* search rollouts per decision, 1 .. AI_SEARCH_BUDGET_MAX */
	char plan[AI_PLAN_NAME_MAX]; /* greedy: "", its own play; else the plan it plays */
};

/* Search's plans (search.c), the postures greedy may also play: their number, their names as
 * the front ends list them, and the name a player spec gives plan p, NULL when p is not one
 * (search.c). ai_posture_parse: the plan of a name, or -1. */
#define AI_POSTURES 7
#define AI_POSTURE_LIST "combine, attack, cautious, hold, west, centre, east"
const char *ai_posture_name(int p);
int ai_posture_parse(const char *name);

/* Parses "random", "greedy" or "search"; returns -1 if unknown. */
int ai_parse(const char *name);
/* "random", "greedy", "search", or "human" for AI_NONE and anything unknown. Static string. */
const char *ai_name(int kind);
/* Chooses an action for the deciding side into *out. Returns 0, or -1 if there is none.
 * Uses only g->ai for randomness (it advances g->ai and may write g->ai_plan, search's plan
 * for its player-turn, and nothing else in g), so rulings' dice are never disturbed. */
int ai_choose(int kind, struct game *g, struct action *out);
/* Whether computer player kind plays games of rule system r: random plays every one; greedy the
 * quad games (greedy.c, from gview.c's view), Charge of the Light Brigade's (cgreedy.c) and
 * Sevastopol's (sgreedy.c); search every one of those (search.c; psearch.c's csearch and
 * ssearch). */
bool ai_knows(int kind, const struct rules *r);
/* The greedy player of a Charge of the Light Brigade game (cgreedy.c). 0, or -1 without a legal
 * action. */
int cgreedy_choose(struct game *g, struct action *out);
/* Its plans: added to the score of a charge, of a volley and of ending a command point phase
 * (> 0 keeps points), a factor on a move's pull toward the side's places, and how far the enemy
 * must outnumber a unit for it to fall back. */
#define CGREEDY_PLANS 6
struct cgreedy_plan {
	const char *name;
	double charge, fire, advance, spend;
	double fall; /* a unit falls back where the enemy outnumbers the side this many times (0 never) */
};
extern const struct cgreedy_plan cgreedy_plans[CGREEDY_PLANS];
/* Greedy with plan (an index of cgreedy_plans; 0 the default, as cgreedy_choose). */
int cgreedy_choose_plan(struct game *g, struct action *out, int plan);
/* What greedy with plan scores legal action a at once, for the side to act (before its second
 * look at moves a middling throw would leave standing, and without its tie-breaking noise): how
 * it weighs one action against another, for tests and for a person asking why. */
double cgreedy_score(const struct game *g, const struct action *a, int plan);
/* The greedy player of a Sevastopol game (sgreedy.c). 0, or -1 without a legal action. */
int sgreedy_choose(struct game *g, struct action *out);
/* Its plans: the yards the works must stand within to storm, the Strength Level at or under
 * which a bastion is stormed, the last Game-Turns when any level will do, the yards a major
 * bastion counts nearer in choosing where to dig, the Russian infantry more in each threatened
 * bastion, and whether the Russians send a field army. */
#define SGREEDY_PLANS 5
struct sgreedy_plan {
	const char *name;
	int storm_near, storm_level, storm_late, major_pull, hold, intervene;
};
extern const struct sgreedy_plan sgreedy_plans[SGREEDY_PLANS];
/* Greedy with plan (an index of sgreedy_plans; 0 the default). */
int sgreedy_choose_plan(struct game *g, struct action *out, int plan);
/* The portfolio search (psearch.c): at the first decision of each of its player-turns, each of
 * a greedy player's plans is played budget / (2 x plans) times (at least once) against the
 * default greedy, on common dice, to the end of the game or, with a horizon, until that many
 * player-turns after this one have ended; the best is kept in g->ai_plan for the player-turn.
 * A decision k->tactical names is then weighed action by action: each of its candidates applied
 * and played out as above, budget / candidates times. 0, or -1 without a legal action. */
struct psearch_kind {
	int plans;
	int (*choose)(struct game *g, struct action *out, int plan); /* greedy with a plan */
	int horizon;      /* player-turns played past this one; 0: to the end of the game */
	double vp_weight; /* a rollout's score: 1 for a win, and this x the margin */
	/* the candidates cand[max] of a decision searched action by action, out of its n legal
	 * actions list, with plan the player-turn's plan; returns how many (0 or 1: greedy's choice
	 * with the plan stands). NULL: no decision is */
	int (*tactical)(struct game *g, int plan, const struct action *list, int n, struct action *cand, int max);
};
int psearch_choose(const struct psearch_kind *k, struct game *g, struct action *out, int budget);
/* The search player of a Sevastopol game: greedy's plans (sgreedy_plans) played to the end, and
 * the storms and an assault's decisions weighed action by action. */
int ssearch_choose(struct game *g, struct action *out, int budget);
/* The search player of a Charge of the Light Brigade game: greedy's plans (cgreedy_plans), each
 * rollout this player-turn and the next three, scored by the victory points as they stand. */
int csearch_choose(struct game *g, struct action *out, int budget);
/* As ai_choose, with the search player's rollouts per decision given (budget >= 1; other
 * players ignore it). */
int ai_choose_budget(int kind, struct game *g, struct action *out, int budget);

/* The plans greedy may play in a game of rule system r ("greedy:PLAN"): plan p's name, NULL
 * past the last (none for a rule system without plans); the plan of a name, or -1; and the
 * names as a list ("combine, attack, ...") in buf[n], "none" when it has none. */
const char *ai_plan_name(const struct rules *r, int p);
int ai_plan_parse(const struct rules *r, const char *name);
const char *ai_plan_list(const struct rules *r, char *buf, size_t n);
/* Whether p plays games of rule system r: its kind knows them, and its plan, if any, is one
 * of r's. */
bool ai_player_fits(const struct ai_player *p, const struct rules *r);
/* Every rule system's plans, for usage texts. */
#define AI_PLAN_LIST                                                                                 \
	"quad: " AI_POSTURE_LIST "; siege: default, bold, patient, near, late; cotlb: default, attack, " \
	"hold, rush, steady, withdraw"

/* Parses "random", "greedy", "greedy:PLAN" (a plan of any rule system: ai_plan_name), "search"
 * or "search:N" (1 <= N <= AI_SEARCH_BUDGET_MAX) into *p. Returns 0, or -1 (unknown player,
 * plan or bad budget; *p untouched). Whether the plan is the game's: ai_player_fits. */
int ai_player_parse(const char *spec, struct ai_player *p);
/* Who plays a seat: "human" (kind AI_NONE, a person) or a computer player as
 * ai_player_parse takes it. 0, or -1 (*p untouched). */
int ai_seat_parse(const char *spec, struct ai_player *p);
/* The spec that parses back to *p ("greedy", "greedy:cautious", "search", "search:40";
 * "human" for AI_NONE), written into buf[AI_PLAYER_NAME_MAX]; returns buf. */
const char *ai_player_name(const struct ai_player *p, char *buf);
/* ai_choose_budget with p's kind and budget; greedy with a plan plays it (a plan not of g's
 * rule system: greedy's own). */
int ai_player_choose(const struct ai_player *p, struct game *g, struct action *out);
/* A hint for the side to act: what p would choose in g if it took the seat now, g unchanged
 * (chosen on a copy, so g's AI stream and plans do not advance: asking again gives the same
 * answer, and a game with a hint asked replays as one without). The copy uses g's memo and
 * scratch when share is true (one thread), none otherwise (a server thread that may not
 * touch what another thread uses: slower, the same choice). Returns 0, or -1 if there is no
 * legal action. */
int ai_player_hint(const struct ai_player *p, const struct game *g, bool share, struct action *out);

/* The computer players' scratch: memory they reuse from decision to decision instead of
 * allocating it at each (the action list, greedy's views and distance tables, the copies of the
 * game they try actions on). One per thread and scenario, made and freed by whoever owns the
 * game, as the rules' memo is, and put in g->ai_scratch; copies of the game share it. A game
 * without one (g->ai_scratch NULL) gets exactly the same choices, more slowly. Nothing a
 * player remembers about one game lives here (search's plan is in the game, g->ai_plan), so
 * one scratch may serve many games in turn (serve shares one among a scenario's games).
 * ai_scratch_new returns NULL when out of memory; ai_scratch_free(NULL) does nothing. */
struct ai_scratch *ai_scratch_new(const struct scenario *s);
void ai_scratch_free(struct ai_scratch *x);
/* Makes the scratch's action list hold at least n actions now, rather than growing (doubling)
 * the first time a decision lists more than it holds: after that, games allocate nothing
 * (test_noalloc). 0, or -1 when out of memory or the list is handed out. */
int ai_scratch_reserve(struct ai_scratch *x, int n);
/* Lets the search players' rollouts run on up to n threads (1 .. AI_THREADS_MAX; 1 when a
 * scratch is made): the thread that asks and n - 1 started for each batch of rollouts, each
 * with its own copy of the game, rules memo and scratch, made on first need and kept in x.
 * Every choice is the same for any n (roll.c); only the wait is shorter. A front end where a
 * person waits for the computer sets it to the machine's cores; a study that plays its games
 * on many threads leaves it at 1. 0, or -1 for a bad n (x unchanged). */
int ai_scratch_threads(struct ai_scratch *x, int n);

/* ---- shared by the players (ai.c, greedy.c, search.c); not for front ends ---- */

struct greedy_scratch; /* greedy.c's part of the scratch */
struct ai_helper;      /* roll.c: a started thread's memory */

struct ai_scratch {
	const struct scenario *scn;   /* the scenario it serves */
	struct action *list;          /* ai_actions' buffer of cap actions, or NULL */
	int cap;
	bool list_busy;               /* handed out by ai_actions, not yet back */
	struct game *copy[2];         /* [0] greedy's trial copies, [1] search's rollouts; or NULL */
	struct greedy_scratch *greedy;
	int threads;                  /* ai_scratch_threads (0 as made: one) */
	struct ai_helper *help;       /* [AI_THREADS_MAX] the started threads' memory (roll.c), or NULL */
};

/* A search player's batch of rollouts (roll.c): for each candidate j < n and r < reps, a copy
 * of g whose dice and AI stream come from rng_mix(base, r) (ai_copy), on which fn(ctx, copy,
 * j) plays and scores; the score goes to out[j * reps + r]. The copies are c on the calling
 * thread and the scratch's own on the others (ai_scratch_threads); fn must read ctx only and
 * may change the copy it is given alone. The scores are the same on any number of threads. */
typedef double (*ai_roll_fn)(void *ctx, struct game *c, int j);
void ai_rollouts(const struct game *g, struct game *c, uint64_t base, int n, int reps, ai_roll_fn fn, void *ctx,
		 double *out);
/* How many started threads' memories the scratch holds (made by the batches so far). */
int ai_scratch_helpers(const struct ai_scratch *x);
/* Frees the scratch's started threads' memory (ai_scratch_free does). */
void ai_helpers_free(struct ai_scratch *x);

/* g's scratch, or NULL when it has none or it serves another scenario. */
struct ai_scratch *ai_scratch_of(const struct game *g);
/* The scratch's copy k (0 or 1), made on first need; NULL when out of memory. */
struct game *ai_scratch_copy(struct ai_scratch *x, int k);
void greedy_scratch_free(struct greedy_scratch *gs);

/* The legal actions of g into *out (the scratch's buffer when g has a scratch whose buffer is
 * free, otherwise a malloc'd array); returns the count, or -1 (out of memory; *out is then
 * NULL). Hand the list back with ai_actions_done. */
int ai_actions(const struct game *g, struct action **out);
/* Gives back a list from ai_actions of g (frees it if it was malloc'd). NULL does nothing. */
void ai_actions_done(const struct game *g, struct action *list);
/* Applies a on a copy-safe path: game_apply without events; returns its code. */
int ai_apply(struct game *g, const struct action *a);
/* Makes c a copy of g whose rulings roll from a private stream derived from seed (whatever
 * g's dice mode), and whose AI stream is derived from it too. */
void ai_copy(struct game *c, const struct game *g, uint64_t seed);

/* A candidate decision and its score (higher is better for the deciding side). */
struct ai_cand {
	struct action a;
	double score;
};

#define GREEDY_SAMPLES 4 /* dice samples per fire, melee or rally judged by greedy */

/* Greedy's posture: factors and offsets on the terms of its positional score of a unit (the
 * movement it prefers, and through greedy_eval the positions it prefers). The defaults
 * (GREEDY_WEIGHTS_DEFAULT, greedy_default_weights) are greedy's own play exactly; search's
 * plans are greedy with other weights. */
struct greedy_weights {
	double pull;     /* x the pull toward the nearest enemy (1) */
	double contact;  /* added to the score of a hex in contact with the enemy (0): > 0 accepts
			  * worse odds, < 0 keeps out of contact */
	double obj;      /* x the pull toward the battle's objectives (1) */
	double art_back; /* hexes beyond 3 from the enemy that guns want to stand (0) */
	double hold;     /* x the bonus for holding an objective alone (1) */
	double terrain;  /* x the value of defensive terrain (1) */
	int sector;      /* 0: pull toward every enemy unit; 1, 2, 3: only toward those in the
			  * first, second or last third of the columns the enemy stands in */
	int combine;     /* 0: judges the single-unit fires actions() lists (greedy's play);
			  * 1: also combined fires at a hex ([7.11]) built from them (search's) */
	double cut;      /* Alma Allies: x the pull, per step, of a detachment toward Russian
			  * Preservation's exit 2225 ([21.2] errata; [24.0]: "cut off their
			  * retreat"), instead of its pull toward the enemy; 0: none (greedy's) */
	int cutters;     /* with cut: the detachment, that many undisrupted infantry units, the
			  * nearest to the exit */
};
#define GREEDY_WEIGHTS_DEFAULT {1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0, 0, 0.0, 0}
extern const struct greedy_weights greedy_default_weights;

/* Greedy's choice; samples: dice samples per combat judged (>= 1). 0 or -1 (no action). */
int greedy_choose(struct game *g, struct action *out, int samples);
/* Greedy's k best candidates, best first, into out[k]; returns how many (0 when there is no
 * legal action). score is greedy's estimate of the gain over doing nothing. */
int greedy_candidates(struct game *g, struct ai_cand *out, int k, int samples);
/* The same three with the posture wt (the plain ones use greedy_default_weights). */
int greedy_candidates_w(struct game *g, struct ai_cand *out, int k, int samples, const struct greedy_weights *wt);
int greedy_choose_w(struct game *g, struct action *out, int samples, const struct greedy_weights *wt);
double greedy_eval_w(const struct game *g, int side, const struct greedy_weights *wt);
/* The position from side's point of view: victory-point margin, material, threats and
 * progress toward objectives (higher is better). Reads the state only. */
double greedy_eval(const struct game *g, int side);

/* Is the decision among these candidates worth a search: any phase but movement, and
 * movement when a candidate moves or enters into contact with the enemy. */
bool greedy_critical(const struct game *g, const struct ai_cand *c, int n);

/* Search's choice with `budget` rollouts in all (>= 1). 0 or -1. */
int search_choose(struct game *g, struct action *out, int budget);
/* The weights of search's plan p, 0 <= p < AI_POSTURES (ai_posture_name). */
const struct greedy_weights *search_plan(int p);
/* The player-turn search's move rollouts from g play to (they stop when it begins): the next
 * one, or 0 (the end of the game) in a quad battle's last Game-Turn, so that the side moving
 * first in it sees the enemy's last reply and every rollout there is scored by its result. */
int search_rollout_end(const struct game *g);

#endif
