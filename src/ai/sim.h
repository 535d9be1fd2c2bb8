/* sim: Monte Carlo play. Plays one game to its end with given computer players, and
 * aggregates outcomes into integer tallies whose merge is exact, associative and commutative,
 * so a study gives the same numbers however its games are split across threads or processes.
 * No I/O, no clock, no threads: the front end (crimea sim) schedules the games. */
#ifndef CRIMEA_SIM_H
#define CRIMEA_SIM_H

#include <stdbool.h>
#include <stdint.h>

#include "../games/rules.h"
#include "ai.h"

#define SIM_LEVEL_MAX 64       /* a victory level's name, NUL included */
#define SIM_WHY_MAX 160        /* what went wrong in an erroneous game */
#define SIM_LEVELS 24          /* distinct victory levels tallied per study */
#define SIM_ERRS_KEPT 8        /* erroneous games described (lowest game indices) */
#define SIM_ACTION_CAP 200000L /* default hard cap on actions per game */

enum sim_status {
	SIM_OK = 0,     /* the game ended */
	SIM_SETUP,      /* game_init failed */
	SIM_NO_ACTION,  /* the deciding side had no legal action (a rules or AI bug) */
	SIM_REFUSED,    /* apply() refused the action a player chose from actions() */
	SIM_CAP,        /* still not over after the cap on actions */
	SIM_INVARIANT,  /* --check: the rule system's invariants failed after an action */
	SIM_REPLAY,     /* --check: the game's record did not replay to the same states */
	SIM_NSTATUS
};

/* One game's outcome. A flat value, zero-filled by sim_play, so arrays of it can be combined
 * bytewise (games that were not played stay all zero). */
struct sim_game {
	int64_t index;              /* game number in the study, 0-based */
	uint64_t seed;              /* the game's own seed, sim_seed(study seed, index) */
	int32_t status;             /* enum sim_status */
	int32_t winner;             /* side index, -1 for a draw */
	int32_t vp[2];              /* victory points by side index */
	int32_t actions;            /* actions applied */
	int32_t turns;              /* completed player-turns (rules->player_turn) */
	int32_t played;             /* 1 once filled */
	char level[SIM_LEVEL_MAX];  /* victory level without its points: "Allied victory" */
	char why[SIM_WHY_MAX];      /* status other than SIM_OK: what and where */
};

struct sim_level {
	char name[SIM_LEVEL_MAX];
	int32_t winner;             /* the winner of the first game seen at this level (-1 draw) */
	int32_t pad;
	int64_t games;
	int64_t margin;             /* sum over its games of vp[0] - vp[1] (for ordering) */
};

/* A score sheet item's tally (rules.h, struct score_line) over the completed games: keyed by
 * side, case and item text, so the same item of every game adds up. */
#define SIM_ITEMS 40
struct sim_item {
	char item[SCORE_WHAT_MAX];
	char rule[16];
	int32_t side;
	int32_t order;              /* the least place in a sheet it was read at (for ordering) */
	int64_t games;              /* completed games in which it scored (points not 0) */
	int64_t vp_sum;             /* its points over those games */
	int32_t vp_min, vp_max;     /* over the games in which it scored */
};

/* Tallies of a set of games. Invariant: every field is a sum, minimum, maximum or a set
 * union over the games added, so merging is exact and order-independent. After
 * sim_stats_finish the levels are in canonical order (see there). */
struct sim_stats {
	int64_t games;              /* added, erroneous ones included */
	int64_t status[SIM_NSTATUS];/* games per status; status[SIM_OK] completed */
	int64_t wins[3];            /* completed games won by side 0, side 1; [2] drawn */
	int64_t vp_sum[2], vp_sq[2];
	int32_t vp_min[2], vp_max[2];
	int64_t act_sum, act_sq, turn_sum, turn_sq;
	int32_t act_min, act_max;
	int64_t level_overflow;     /* completed games whose level found no free slot */
	int32_t nlevels, nerr;
	struct sim_level lv[SIM_LEVELS];
	struct sim_game err[SIM_ERRS_KEPT]; /* erroneous games, lowest indices, sorted */
	/* where the points go: the score sheets of the completed games (sim_stats_add_sheet) */
	int32_t nitems, pad;
	int64_t item_overflow;      /* sheet lines that found no free slot */
	struct sim_item item[SIM_ITEMS];
};

/* The seed of game i of a study seeded with seed: rng_mix(seed, i). */
uint64_t sim_seed(uint64_t seed, int64_t i);

/* Copies a victory level into out without its points and rule case: the text before the
 * first " (" or " [" ("Draw (russian 22, allied 46) [23.1]" -> "Draw"). */
void sim_level_name(const char *level, char *out, size_t n);

/* How the games of a study are played. */
struct sim_cfg {
	uint32_t options;   /* rule-system option bits */
	struct ai_player player[2]; /* by side (ai.h) */
	long cap;           /* a game still not over after cap actions is an error */
	void *memo;         /* the rules' memo for this thread (rules->memo_new), or NULL */
	bool check;         /* the rule system's invariants after every action, and the game's
			     * record replayed and verified at the end (the fuzz of issue 6) */
	struct ai_scratch *ai_scratch; /* the players' scratch for this thread (ai_scratch_new),
				    * or NULL (slower, same results) */
};

/* The games of a study spread over nranks processes (MPI ranks; 1 without MPI): rank r plays
 * the game indices r, r + nranks, r + 2 nranks, ... (a static interleave, a game at a time, so
 * that no rank plays more than one game more than another). sim_rank_game is the index of
 * rank's k-th game (n or more: it has no k-th), sim_rank_games how many of the n it plays.
 * The threads of a rank take the next k from a shared counter, also a game at a time, so that
 * slow players (search) keep every thread busy until the last games. */
int64_t sim_rank_game(int64_t k, int rank, int nranks);
int64_t sim_rank_games(int64_t n, int rank, int nranks);

/* Plays game `index` of a study of scenario s seeded with study_seed: game_init with
 * sim_seed(study_seed, index) and cfg->options, then cfg->player[side] chooses every decision
 * of that side until over() or cfg->cap actions. g is caller-owned scratch.
 * Fills *out (zeroed first). Returns 0 when the game ended, -1 otherwise (out->status and
 * out->why say why). Reentrant: games on different g may run at once on one s. */
int sim_play(const struct scenario *s, uint64_t study_seed, int64_t index,
	     const struct sim_cfg *cfg, struct game *g, struct sim_game *out);

void sim_stats_init(struct sim_stats *st);
/* Adds one game's outcome. */
void sim_stats_add(struct sim_stats *st, const struct sim_game *r);
/* Adds a completed game's score sheet (its final position's, rules->score) to the items. */
void sim_stats_add_sheet(struct sim_stats *st, const struct score_sheet *sh);
/* Adds every tally of src into dst (src unchanged). Exact, associative, commutative. */
void sim_stats_merge(struct sim_stats *dst, const struct sim_stats *src);
/* Puts the levels in canonical order: side 0's wins, draws, side 1's wins; within each,
 * by mean margin vp[0] - vp[1] (decisive wins of side 0 first, of side 1 last), then name;
 * and the items by side, then their place in the sheet, case and text. */
void sim_stats_finish(struct sim_stats *st);

/* Mean and sample standard deviation from a count, sum and sum of squares (0 when n < 2). */
double sim_mean(int64_t n, int64_t sum);
double sim_sd(int64_t n, int64_t sum, int64_t sq);
/* Wilson score interval of k successes in n trials at normal quantile z (1.959964 for 95%). */
void sim_wilson(int64_t k, int64_t n, double z, double *lo, double *hi);

/* Paired tallies of two studies on the same deals (crimea sim --compare): game i of study A
 * and game i of study B start from the same seed, sim_seed(seed, i), with other players or
 * optional rules. Only pairs both completed are added. Every field is a sum, so merging is
 * exact and order-independent, as sim_stats'. Outcomes are indexed 0, 1 (the side that won)
 * and 2 (a draw). */
struct sim_pair {
	int64_t n;                  /* pairs added */
	int64_t trans[3][3];        /* pairs with outcome i in A and j in B */
	int64_t dvp_sum[2], dvp_sq[2]; /* B's points less A's, by side */
	int64_t dm_sum, dm_sq;      /* B's margin (vp[0] - vp[1]) less A's */
	int64_t dact_sum, dact_sq;  /* B's actions less A's */
};

void sim_pair_init(struct sim_pair *p);
/* Adds game i of A and of B; nothing unless both completed (status SIM_OK). */
void sim_pair_add(struct sim_pair *p, const struct sim_game *a, const struct sim_game *b);
void sim_pair_merge(struct sim_pair *dst, const struct sim_pair *src);
/* The change in the share of outcome k from A to B (B's share less A's) over the pairs, and its
 * interval at normal quantile z by Newcombe's method 10 for paired proportions (Wilson
 * intervals of the two shares, joined through the pairs' correlation): in [-1, 1]; with no
 * pairs 0 and [-1, 1]. */
double sim_pair_share_diff(const struct sim_pair *p, int k, double z, double *lo, double *hi);
/* A mean of paired differences (n, sum, sum of squares) and its normal interval at z: the mean
 * plus or minus z standard errors (for the tens of games or more of a study). */
double sim_pair_mean_ci(int64_t n, int64_t sum, int64_t sq, double z, double *lo, double *hi);

#endif
