/* referee: a referee's request on the Charge of the Light Brigade play sheet and its answer,
 * shared by `crimea referee cotlb` (options, text) and the server's /api/referee/cotlb (JSON).
 * The rulings themselves are src/games/cotlb/cref.c's; this module reads requests, checks the
 * sheet's keys, runs the ruling or the odds, and lays the answer out as a list of items. */
#ifndef CRIMEA_REFEREE_H
#define CRIMEA_REFEREE_H

#include <jansson.h>
#include <stdbool.h>

#include "../../core/rng.h"
#include "cref.h"
#include "croster.h"

#define REF_ITEMS 320
#define REF_DISTS 12
#define REF_TEXT_MAX 320
#define REF_UNIT_MAX 64
#define REF_ALSO_MAX (CREF_CC_UNITS - 1) /* units joining a side's first unit in a close combat */

/* Dice as given (given false: none, ask for the odds). */
struct ref_dice {
	bool given;
	int n;
	int d[CREF_HITS_MAX];
};

struct ref_side {
	char unit[REF_UNIT_MAX];     /* TYPE[:FIGURES[:MARKERS]] */
	char mods[CTAB_MODS_MAX][CTAB_KEY_MAX];
	int nmods;
	int leaders;                 /* -1: the troop type's default */
	bool routing, rear;
	struct ref_dice dice, saves;
	int leader_die;              /* its leader at risk [Close Combat (d), (e)]: 0 not rolled */
	int morale_die;              /* its charge morale check [Close Combat (a)]: 0 not rolled (an
				      * attacking unit's, or the charged unit's when outnumbered) */
	bool locked;                 /* an attacking unit that stays locked in combat with the defender
				      * [Close Combat (f)] (set from a game, never from a request): no new
				      * charge, no morale check */
	/* an attacking unit in double line with another (set from a game's table, never from a
	 * request): 1 + that unit's place among the attacking units (0: none), and whether it charges
	 * only as the second line (beyond 2" of the defender) [Modifiers (a), (b)] */
	int dl_with;
	bool second;
};

/* What the referee asks. Strings are copied in; every field has a "not given" value. */
struct ref_req {
	char what[16];               /* fire, save, melee, morale, move, initiative, command, sheet */
	/* fire */
	char weapon[CTAB_KEY_MAX], target[16], at[REF_UNIT_MAX];
	int stands, markers, inches; /* inches -1: not given */
	bool pivot, cover, shrt, lng, command_phase;
	/* initiative: [0] side A, [1] side B */
	bool won[2];
	int cc[2], out[2];
	/* command: the unit's distance from its brigade commander (-1: not given) */
	bool routing;
	/* save, morale */
	char unit[REF_UNIT_MAX];
	int hits;                    /* -1: not given */
	bool standing_cav;
	int die, leader;             /* 0: not given */
	/* melee: [0] attacker, [1] defender */
	struct ref_side side[2];
	/* melee: the other units of each side [Close Combat (b)]: [0] the units charging with the
	 * attacker ("Each charging unit rolls for morale"), [1] those fighting with the defender (a
	 * reinforcement, or a unit touching the attacker); their dice and saves follow the first
	 * unit's in side[k].dice and side[k].saves, unit after unit; each has its own modifiers and
	 * leader die, and an attacking unit its own charge morale die */
	struct ref_side also[2][REF_ALSO_MAX];
	int nalso[2];
	char initiative[16];         /* "" (the attacker), "attacker", "defender" */
	int wdie;                    /* 0: not rolled */
	int spike_die;               /* a losing battery's die [Close Combat (h)]: 0 not rolled */
	/* move */
	char row[CTAB_KEY_MAX], terrain[16];
	bool column, road, one_die, interpen;
	struct ref_dice dice, saves;
	/* a game's roster (borrowed, or NULL): a UNIT may then be a unit's id, taken as the
	 * roster has it, and the answer says what the ruling changes (ref_out.eff) */
	char firer[REF_UNIT_MAX];    /* fire: the firing unit's id (its stands and markers) */
	const struct cros_oob *oob;
	const struct cros_game *game;
};

enum ref_kind { REF_HEAD, REF_RULE, REF_DIST, REF_RESULT };

/* The dice a ruling asks for next, for a caller that rolls them itself (ref_want_roll; cplay's
 * rolled commands): which of the request's dice and how many in all. A ruling asks for one
 * thing at a time, the first it lacks; given those, it may ask for the next. */
enum ref_want_kind {
	RW_NONE,
	RW_DICE,       /* q->dice: n dice (a volley's, a move's, the initiative's, a save's) */
	RW_SAVES,      /* q->saves: n dice (a volley's saves) */
	RW_DIE,        /* q->die (a morale check, a leader at risk, a rally, a reinforcement's test) */
	RW_LEADER,     /* q->leader (a volley's leader at risk) */
	RW_SIDE_DICE,  /* q->side[k].dice: n dice (a close combat side's) */
	RW_SIDE_SAVES, /* q->side[k].saves: n dice */
	RW_MORALE,     /* the charge morale die of side k's unit u (0 side[k], else also[k][u - 1]) */
	RW_LEADER_DIE, /* the leader die of side k's unit u */
	RW_WINNER,     /* q->wdie */
	RW_SPIKE,      /* q->spike_die */
	RW_KINDS
};
struct ref_want {
	int kind;      /* enum ref_want_kind */
	int k, u;      /* the side and unit, where the kind has them */
	int n;         /* dice in all: those given kept (the first n of them), the rest rolled */
	bool fresh;    /* every one rolled anew (a tied initiative is rolled again) */
};

struct ref_item {
	int kind;                    /* enum ref_kind */
	char rule[EVENT_RULE_MAX];   /* REF_RULE: the section, "[Fire (o)]" */
	char text[REF_TEXT_MAX];     /* REF_DIST: the label */
	int dice[4], ndice;          /* REF_RULE: the dice shown with it */
	int dist;                    /* REF_DIST: index into dists */
};

struct ref_dist {
	int n;                       /* p[0..n] */
	double p[CREF_HITS_MAX + 1];
	double mean;
};

/* What a ruling does to a unit of the roster, once every die it needs is given. */
struct ref_effect {
	int unit;                    /* index in the roster */
	int figures;                 /* lost */
	int markers;                 /* gained */
	char why[64];                /* what the markers are for */
	bool leader_killed, ammo_out;
};
#define REF_EFFECTS 8

struct ref_out {
	struct ref_effect eff[REF_EFFECTS];
	int neff;
	char pending[160];           /* "" when the ruling is complete, else the dice it still needs */
	struct ref_item item[REF_ITEMS];
	int nitems;
	struct ref_dist dist[REF_DISTS];
	int ndists;
	char error[ERR_MSG_MAX];     /* when ref_run returns non-zero */
	int cc_winner;               /* a close combat ruled: the winner's index in the roster (-1 none) */
	double cc_win[2];            /* a close combat without its dice: the attacker's and the defender's
				      * chances of winning it [Close Combat (c)] (-1: not given) */
	int cc_total[2];             /* ... its attacker's and defender's totals [Close Combat (c)] */
	int ace_side;                /* a side (0, 1) of the roster that captured a battery's guns and
				      * gains an Ace [Close Combat (h)], -1 none */
	int init_winner;             /* an initiative ruled: the side that chooses, 0 (A) or 1 (B) (-1 none) */
	int charge_failed;           /* a charge's morale check failed [Close Combat (a)]: 0 every attacking
				      * unit, 1 the defender (it withdraws, no close combat), -1 none */
	/* a close combat ruled: the units that fought on each side, as roster indices (-1 a troop
	 * type), the first unit first; an attacking unit that failed its charge morale check and
	 * withdrew is not among them */
	int cc_n[2];
	int cc_unit[2][CREF_CC_UNITS];
	struct ref_want want;        /* the dice the ruling asks for next (kind RW_NONE: none) */
};

/* A request with nothing given. */
void ref_req_init(struct ref_req *q);
/* Adds a unit (its id or TYPE[:FIGURES[:MARKERS]], copied) to side k's in a close combat: 0 those
 * charging with the attacker, 1 those fighting with the defender [Close Combat (b)]. 0, or -1
 * when REF_ALSO_MAX are there. */
int ref_req_also(struct ref_req *q, int k, const char *unit);
/* Adds the modifier key to those s names, once (a full list takes no more). Whether it was
 * added. */
bool ref_side_mod(struct ref_side *s, const char *key);
/* Rolls what w asks for into q from r (n capped at CREF_HITS_MAX dice). */
void ref_want_roll(struct ref_req *q, const struct ref_want *w, struct rng *r);
/* Reads a JSON request body (docs/API.md "Referee") into q. 0, or -1 with why. */
int ref_req_json(const json_t *body, struct ref_req *q, char *why, size_t n);
/* Answers q on the sheet t into o (o is large: allocate it). Returns 0 with the answer; 2 for a
 * bad request (an unknown key, a missing or contradictory option: o->error says which); 1 when
 * the sheet refuses the ruling (o->error names the section; the items hold the ruling so far). */
int ref_run(const struct ctab *t, const struct ref_req *q, struct ref_out *o);
/* The answer as JSON: {"items": [...]} (docs/API.md). A new reference, or NULL. */
json_t *ref_out_json(const struct ref_out *o);
/* The sheet's keys for a front end's forms: weapons, targets, troop types, modifiers, MOVE
 * Chart rows and terrains. A new reference, or NULL. */
json_t *ref_sheet_json(const struct ctab *t);

#endif
