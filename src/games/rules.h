/* rules: the one interface every rule system implements, and the game that runs on it.
 * A rule system is a const struct of function pointers registered in rules_registry().
 * The game is a state machine: at every moment one side owes a decision; actions() lists the
 * legal ones; apply() checks and performs one, rolling dice from the game's own dice source
 * and emitting events that cite rule cases. The core does no I/O beyond loading data. */
#ifndef CRIMEA_RULES_H
#define CRIMEA_RULES_H

#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../core/dice.h"
#include "../core/err.h"
#include "../core/event.h"
#include "../core/jdoc.h"
#include "../core/rng.h"

#define ACTION_ARGS 24
#define ACTION_TEXT_MAX 256
/* The largest rule-system state: CotLB's (struct cros_game, 21.8 KB). A game's copies take only
 * its own rule system's state (rules->state_size, game_copy): quad's 4.4 KB. */
#define GAME_STATE_MAX 22016
#define SCN_ID_MAX 48
#define SCN_TITLE_MAX 128
#define SCN_PATH_MAX 1024
#define SIDE_NAME_MAX 16
#define DRAW_COLOR 1u /* rules->draw: colour the drawing with ANSI escapes */

/* A decision, structured; each rule system defines its kinds and arguments, and a text form
 * (`move 93suth 1417 1416`) used by terminals, records and tests. */
struct action {
	int16_t kind;
	int16_t n;               /* arguments used (actions() leaves the others unspecified) */
	int32_t arg[ACTION_ARGS];
};

/* The same action: kind, argument count (within ACTION_ARGS) and the arguments used; the
 * arguments past n are not compared (actions() leaves them unspecified). */
static inline bool action_same(const struct action *x, const struct action *y)
{
	if (x->kind != y->kind || x->n != y->n || x->n < 0 || x->n > ACTION_ARGS)
		return false;
	for (int i = 0; i < x->n; i++)
		if (x->arg[i] != y->arg[i])
			return false;
	return true;
}

struct result {
	bool over;
	int winner;       /* side index, or -1 for a draw */
	int vp[2];
	char level[160];  /* victory level, e.g. "Allied Marginal Victory" */
};

/* A score sheet: each side's victory points so far, item by item of the scenario's victory
 * point schedule, as the players would keep them on scratch paper. The lines of a side add
 * up to the points over() reports for it. */
#define SCORE_LINES_MAX 32
#define SCORE_WHAT_MAX 112
struct score_line {
	int side;                  /* side index */
	int vp;                    /* points; negative for points lost */
	int order;                 /* the item's place in the schedule as the rules read it */
	char rule[16];             /* the case of the schedule, e.g. "[23.22]" */
	char what[SCORE_WHAT_MAX]; /* e.g. "3 redoubt guns remaining, 6 each" */
	char item[SCORE_WHAT_MAX]; /* the item without this game's counts, the same in every game
				    * (what studies add up): "redoubt guns remaining, 6 each" */
};
struct score_sheet {
	int n;
	int items;                 /* items read, scoring or not (the next line's order) */
	struct score_line line[SCORE_LINES_MAX];
	/* the items of the schedule read that scored nothing (vp 0): what studies count as never
	 * scoring, which the sheet's lines leave out */
	int nzero;
	struct score_line zero[SCORE_LINES_MAX];
};

struct game;

/* What every scenario shares, whatever its rule system. */
struct scenario {
	const struct rules *rules;
	char id[SCN_ID_MAX];
	char title[SCN_TITLE_MAX];
	char path[SCN_PATH_MAX];
	char side[2][SIDE_NAME_MAX];
	uint64_t data_hash;  /* FNV-1a of every data file the scenario reads */
	void *data;          /* the rule system's own immutable scenario data */
};

struct rules {
	const char *id;
	const char *title;
	/* The bytes of struct game's st this rule system's state takes (at most GAME_STATE_MAX):
	 * what game_copy copies. */
	size_t state_size;
	/* Loads the rule system's part of a scenario file (already parsed as the common header);
	 * every problem goes to errs. Sets s->data, s->side, s->data_hash. */
	int (*load)(struct scenario *s, const struct jdoc *d, struct errlist *errs);
	void (*unload)(struct scenario *s);
	/* Puts the game in its starting state (g->scn, g->dice already set). */
	int (*setup)(struct game *g, struct err *e);
	/* Legal actions for the deciding side; writes at most max, returns how many there are. */
	int (*actions)(const struct game *g, struct action *out, int max);
	/* Checks and performs a; on refusal returns -1 with the rule case in e, state unchanged.
	 * Returns DICE_NEED when manual dice are needed (state then undefined: see game_apply). */
	int (*apply)(struct game *g, const struct action *a, struct evsink *ev, struct err *e);
	int (*to_act)(const struct game *g);       /* side index owing a decision, -1 if over */
	bool (*over)(const struct game *g, struct result *r);
	int (*format)(const struct game *g, const struct action *a, char *buf, size_t n);
	int (*parse)(const struct game *g, const char *text, struct action *a, struct err *e);
	uint64_t (*checksum)(const struct game *g);
	int (*player_turn)(const struct game *g);  /* count of completed player-turns */
	/* One line describing the position for the deciding side ("Turn 3, Allied Movement"). */
	void (*status)(const struct game *g, char *buf, size_t n);
	/* Optional front-end services (NULL when a rule system has no such notion). */
	/* Line of sight between two hex numbers: 1 clear, 0 blocked (why says where and which
	 * case), -1 bad input. */
	int (*los)(const struct game *g, int hex_a, int hex_b, char *why, size_t n);
	/* Cheapest legal path of a unit (by id) to a hex number, written as text. 0 or -1. */
	int (*path)(const struct game *g, const char *unit, int hex, char *out, size_t n, struct err *e);
	/* What a hex (a hex number) holds and what the map says of it: terrain, hexsides, the
	 * units top first with their state, the zones of control into it; as text. 0 or -1. */
	int (*hex_info)(const struct game *g, int hex, char *out, size_t n, struct err *e);
	/* Exact outcome probabilities of a proposed action, written as text. 0 or -1. */
	int (*odds)(const struct game *g, const struct action *a, char *out, size_t n, struct err *e);
	/* Orders of battle, special rules and data provenance, as text. */
	void (*describe)(const struct game *g, char *out, size_t n);
	/* Checks a "kind": "tables" file meant for this rule system (cell vocabulary etc.). */
	int (*check_tables)(const struct jdoc *d, struct errlist *errs);
	/* A terminal drawing of the map and units; flags: DRAW_COLOR for ANSI colours (a
	 * terminal that shows them), 0 for plain text. */
	void (*draw)(const struct game *g, char *out, size_t n, unsigned flags);
	/* For the HTTP server (docs/API.md); optional. Both return a new reference the caller
	 * owns (json_decref), or NULL when out of memory. json_scenario: an object with the
	 * scenario's "map", "units" (definitions), "reconstructed", "first" and "turns".
	 * json_state: an object with "turn", "last_turn", "phase", "phasing" and "units" as
	 * viewer_side (a side index, or -1 for a spectator) may see them. */
	json_t *(*json_scenario)(const struct scenario *s);
	json_t *(*json_state)(const struct game *g, int viewer_side);
	/* Optional: checks the rule system's invariants of a position (what must hold after any
	 * action, whatever the players did); 0, or -1 with what is wrong in why. */
	int (*check)(const struct game *g, char *why, size_t n);
	/* Optional: a uniformly random legal action (as if drawn uniformly from actions()) drawn
	 * with r, for random players, cheaper than listing every action. Returns 0 with *out, -1
	 * when there is no legal action, 1 when it cannot here (the caller lists and draws). */
	int (*sample)(const struct game *g, struct rng *r, struct action *out);
	/* Optional: a memo that makes actions() faster when a thread asks for the actions of
	 * many positions of one scenario (computer players, simulations). memo_new returns NULL
	 * when out of memory; the memo only remembers work whose inputs it can compare exactly,
	 * so it never changes what actions() returns. */
	void *(*memo_new)(const struct scenario *s);
	void (*memo_free)(void *memo);
	/* Optional: the score sheet of the position (as if the game ended now); *r as over()
	 * would fill it. */
	void (*score)(const struct game *g, struct score_sheet *sh, struct result *r);
	/* Optional: each unit of side (-1: both) where it stands, as text, for a rule system whose
	 * units have no place on a map json_state gives (the prompt's `units`). */
	void (*units)(const struct game *g, int side, char *out, size_t n);
};

struct game {
	const struct rules *rules;
	const struct scenario *scn;
	uint64_t seed;
	uint32_t options;   /* rule-system option bits */
	struct dice dice;
	struct rng ai;      /* AI stream: never consumed by rulings */
	/* What a computer player keeps from one of its decisions to the next in this game, for
	 * side k: search's plan for its player-turn (src/ai/search.c). Part of the game's value
	 * like the AI stream, not of the players' scratch (which is only ever a speed-up and may
	 * be shared by many games): copied with the game, cleared by game_init, written only by
	 * the players (ai_choose), never read by the rules. A front end that rebuilds a game
	 * from its record rebuilds it exactly as it rebuilds g->ai: serve stores both with each
	 * action (game_ai_get/game_ai_text, below) and puts them back as it replays (sg_step),
	 * and a game record keeps them in "ai" lines that rec_replay puts back (crimea play
	 * RECORD, replay, undo), so stream and plan are as they were. A record without them
	 * (made before they existed) leaves both as game_init made them (the stream from the
	 * seed, no plan: search chooses one at its next decision in its own player-turn). */
	struct ai_plan {
		bool set;   /* a plan was chosen (false after game_init) */
		int pturn;  /* the player-turn it was chosen in (rules->player_turn) */
		int plan;   /* the player's own index of the plan */
	} ai_plan[2];
	void *memo;         /* rules->memo_new's memo, or NULL (game_init); owned by the caller,
			     * used by one thread at a time; copies of the game share it */
	void *ai_scratch;   /* the computer players' scratch (ai_scratch_new in src/ai/ai.h), or
			     * NULL (game_init); owned by the caller, like memo */
	alignas(16) unsigned char st[GAME_STATE_MAX];
};


const struct rules *const *rules_registry(void);
const struct rules *rules_find(const char *id);

/* Loads a scenario file: common header, then the rule system's part. */
int scenario_load(struct scenario *s, const char *path, struct errlist *errs);
void scenario_free(struct scenario *s);

/* Starts a game. */
int game_init(struct game *g, const struct scenario *s, uint64_t seed, enum dice_mode mode,
	      uint32_t options, struct err *e);
/* The bytes of a game of rule system r that hold its value: the header and r's state
 * (rules->state_size of st; the whole buffer without r). game_copy copies src into dst: those
 * bytes, not the whole buffer. Use it, not assignment, where copies are many. */
static inline size_t game_bytes(const struct rules *r)
{
	return offsetof(struct game, st) +
	       (r && r->state_size <= sizeof ((struct game *)0)->st ? r->state_size : sizeof ((struct game *)0)->st);
}
static inline void game_copy(struct game *dst, const struct game *src)
{
	memcpy(dst, src, game_bytes(src->rules));
}
/* Applies an action atomically: on any refusal (including DICE_NEED) the game is unchanged.
 * dice (n of them) are fed first when the game uses manual dice. */
int game_apply(struct game *g, const struct action *a, const int *dice, int ndice,
	       struct evsink *ev, struct err *e);
/* game_apply without its safety copy, for a caller that took a from g's own actions() or
 * sample() and treats a refusal as a failure of the game (crimea sim): with DICE_RNG dice and
 * no events, a listed action is accepted as game_apply would accept it, with the same result.
 * A refusal leaves g as the rule system left it (its contract: unchanged but for the dice
 * stream, not checked here). Other dice modes take game_apply. Returns the rules' code. */
int game_apply_listed(struct game *g, const struct action *a, struct err *e);
int game_apply_text(struct game *g, const char *text, const int *dice, int ndice,
		    struct evsink *ev, struct err *e);
/* The computer players' part of a game's value: g->ai and g->ai_plan, what an action chosen
 * by a computer player leaves behind besides the action itself. A front end that rebuilds a
 * game from stored actions keeps it with each action and puts it back, instead of asking the
 * players to choose again (serve's store, docs/API.md "Storage"). As text: "ai1", the stream's
 * four words in hex, then each side's plan as set:pturn:plan; GAME_AI_TEXT_MAX bytes hold it.
 * game_ai_parse refuses (-1, e says why, *s unchanged) anything else. */
struct game_ai_state {
	struct rng ai;
	struct ai_plan plan[2];
};
#define GAME_AI_TEXT_MAX 128
/* The state game_init gives a game of this seed: the stream from the seed, no plan. */
void game_ai_start(struct game_ai_state *s, uint64_t seed);
void game_ai_get(const struct game *g, struct game_ai_state *s);
void game_ai_put(struct game *g, const struct game_ai_state *s);
/* Whether a and b are the same state (field by field: the struct has padding). */
bool game_ai_same(const struct game_ai_state *a, const struct game_ai_state *b);
void game_ai_text(const struct game_ai_state *s, char *out, size_t n);
int game_ai_parse(struct game_ai_state *s, const char *text, struct err *e);
/* The score sheet of g as text: each side's lines ("  allied  +24  [23.22] 4 redoubt guns
 * remaining, 6 each"), its total, then the result as it stands. 0, or -1 when the rule system
 * keeps no score sheet. */
int game_score_text(const struct game *g, char *out, size_t n);
/* The odds of a fire or melee a (rules->odds) in g, or, when g's phase does not allow it (a
 * scenario's set-up is a Movement Phase), in the first later phase of this player-turn or the
 * next that does, the units where they stand: worked out on a copy whose phases are ended at
 * once, so g does not change (dice that ending a phase rolls come from the copy's stream; with
 * manual dice the lookahead stops there). phase[pn] is then that phase's status ("Game-Turn 1
 * ..., Melee Phase"), or "" for g's own. 0, or -1 with e holding g's refusal followed by each
 * later phase's own. */
int game_odds_plan(const struct game *g, const struct action *a, char *out, size_t n, char *phase, size_t pn,
		   struct err *e);
/* Every item of a score sheet's schedule, scoring (sh->line) or not (sh->zero), side 0's then
 * side 1's, each in the rules' order: pointers into sh, at most max; their count. */
int score_schedule(const struct score_sheet *sh, const struct score_line **out, int max);
/* The scenario's victory point schedule as text, for a referee: every item of each side with
 * its case, in the rules' order, scoring now or not ("  allied   [23.22]  redoubt guns
 * remaining, 6 each (now +24)"), then the result as it stands. 0, or -1 when the rule system
 * keeps no score sheet. */
int game_schedule_text(const struct game *g, char *out, size_t n);

#endif
