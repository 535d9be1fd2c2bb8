/* croster: a Charge of the Light Brigade game's roster for the referee: the order of battle of a
 * scenario (data/cotlb/balaclava-2014.json, "kind": "oob") and each unit's state as the game
 * goes (figures left, morale markers, command points, routing, its leader), kept in a game
 * file the referee's rulings update. Where each unit and commander stands, when the game has a
 * table, is kept here too; ctable.c rules on it. */
#ifndef CRIMEA_CROSTER_H
#define CRIMEA_CROSTER_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../core/err.h"
#include "../../core/event.h"
#include "../../core/jdoc.h"
#include "../../core/rng.h"
#include "../../plane/plane.h"
#include "ctab.h"
#include "cref.h"

#define CROS_UNITS_MAX 96
#define CROS_UNIT_WORDS ((CROS_UNITS_MAX + 31) / 32) /* a set of units as bits */
#define CROS_CMDRS_MAX 48
#define CROS_ID_MAX 25
#define CROS_NAME_MAX 96
#define CROS_CP_UNLIMITED -1
#define CROS_LEADER_TURNS 2 /* a killed leader is replaced two turns later [Fire (e)] */

struct cros_unit {
	char id[CROS_ID_MAX];
	char name[CROS_NAME_MAX];
	int side;                /* 0 or 1, the order of "sides" */
	int type;                /* troop type: index into the sheet's units */
	int stands, figures;     /* at full strength */
	int cp;                  /* command points, or CROS_CP_UNLIMITED (Cossacks: movement only) */
	int commander;           /* index into commanders */
	bool reinforcement, guard, horse;
	bool heavy_brigade;      /* "British heavy brigade attacking cavalry" +1 [Modifiers (b)] */
	char restriction[CROS_NAME_MAX]; /* "" or what the scenario forbids it */
};

struct cros_oob {
	char id[48];
	char title[128];
	char side[2][16];
	char cmdr[CROS_CMDRS_MAX][CROS_ID_MAX];
	int ncmdrs;
	struct cros_unit u[CROS_UNITS_MAX];
	int n;
};

/* Formations [Formations (a)-(c)]. */
enum cros_form { CF_LINE, CF_DOUBLE, CF_ATTACK, CF_MARCH, CF_SQUARE, CF_LIMBERED, CF_UNLIMBERED, CF_FORMS };
extern const char *const cros_form_name[CF_FORMS];
/* The formation named s, or -1. */
int cros_form_of(const char *s);

/* Where a unit (its centre, facing and formation) or a commander (c alone) stands on the table. */
struct cros_pos {
	bool on;                 /* false: not on the table (not arrived, or off it) */
	struct pl_pt c;
	int facing;              /* compass degrees 0..359 */
	int form;                /* enum cros_form */
};

/* Inches at obj's member k (a number, 0..PL_COORD_MAX units) as units; problems to errs. */
int32_t cros_inches(const struct jdoc *d, const json_t *obj, const char *k, struct errlist *errs);
/* A position {"x", "y"} (inches) and, for a unit, "facing" and "formation", into p (p->on set). */
void cros_read_pos(const struct jdoc *d, const json_t *x, bool unit, struct cros_pos *p, struct errlist *errs);

/* One unit as the game stands. */
struct cros_state {
	int figures;             /* left (0: destroyed) */
	int markers;
	int cp;                  /* left, or CROS_CP_UNLIMITED */
	bool routing;
	bool ammo_out;           /* a battery that has used up its ammunition */
	int leader_back;         /* 0: its leader is with it; else the turn its replacement comes */
	struct cros_pos pos;
	bool moving;             /* cavalry whose last action was 4" or more forward [MOVE (h)] */
	int fell_back;           /* the last turn it withdrew or routed (0: never) [Initiative (a)] */
	/* what the enemy's fire priority looks at [Fire (c)]: the unit it last charged (moved
	 * straight at, or attacked in close combat) and last fired at, each with the turn (-1, 0:
	 * none), and where it stood before its first move of turn from_turn (0: not moved) */
	int charged, charged_turn;
	int fired, fired_turn;
	struct cros_pos from;
	int from_turn;
	/* [Close Combat (f)] "Winning attacker can advance onto enemy-held position": the enemy it
	 * last beat in a close combat as the attacker (-1: none), the turn, and where that enemy
	 * stood then; cleared by the advance and, with the sequence kept, at the phase's end */
	int beat, beat_turn;
	struct cros_pos beat_at;
};

/* The sequence of play as the game keeps it (cseq.c) [Initiative], [Side A Turn], [Side B Turn]. */
enum cseq_phase { CSEQ_OFF, CSEQ_INITIATIVE, CSEQ_FREE, CSEQ_COMMAND, CSEQ_REACTION, CSEQ_ASSAULT, CSEQ_PHASES };
struct cros_seq {
	int phase;               /* enum cseq_phase; CSEQ_OFF: the game keeps no sequence (the referee's) */
	int first;               /* side A this turn, the side the initiative's winner sent first; -1
				  * before it is chosen */
	int half;                /* 0: side A's turn; 1: side B's (the roles switch) */
	int round;               /* the command point phase (1, 2, ...; its cost in points), or the one a
				  * reaction phase answers; 0 in a free action phase */
	unsigned char acted[CROS_UNITS_MAX]; /* 1 + the enum cseq_act the unit took in this phase, or 0 */
	unsigned char aim[CROS_UNITS_MAX];   /* 1 + the unit that action was at, or 0 */
	unsigned char assault[CROS_UNITS_MAX]; /* 1 + the enemy its close assault, bought in the command
						* point phase or a reaction charge's, is at: resolved after
						* the reaction phase [Side A Turn (d)], or 0 */
	unsigned char locked[CROS_UNITS_MAX]; /* 1 + the enemy a winner at twice its total may fight
					       * again in this phase [Close Combat (f)], or 0 */
	unsigned char paid[CROS_UNITS_MAX];  /* bought an action with points in this round: what the
					      * reaction phase may answer */
	/* [Fire (f)] a split fire: the stands (dice) of unit i still to fire in its action, at other
	 * targets (0: none open), and the units its volleys have fired at (bit j of word j / 32) */
	unsigned char split[CROS_UNITS_MAX];
	uint32_t split_at[CROS_UNITS_MAX][CROS_UNIT_WORDS];
	/* [Side A Turn (c) 1] where a unit stood before its move bought with points in this round
	 * (on false: none): reaction fire may take it "at any time during" the move */
	struct cros_pos moved_from[CROS_UNITS_MAX];
	unsigned char reinf[CROS_UNITS_MAX]; /* 1 + the unit reinforcing it as a double line in this
					      * round's close assault on it [Close Combat (b)], or 0 */
	unsigned char contact[CROS_UNITS_MAX]; /* 1 + the charged friend a unit reinforces by coming
						* to contact its attacker [Close Combat (b)], or 0 */
};

/* A volley's result held until the reaction phase ends [Side A Turn (b)]: "Results of fire are
 * held until Side B gets any reaction shots"; command and reaction fire are simultaneous. */
#define CROS_HELD_MAX 64
struct cros_held {
	int unit;
	int figures;             /* lost */
	int markers;             /* gained */
	bool leader_killed;
	char why[64];            /* what the markers are for */
};

struct cros_game {
	char oob[48];
	char table[256];         /* "" when the game keeps no positions; else the table id or path */
	char sheet[256];         /* the play sheet it was started on, as given ("2001", a path); ""
				  * for the 2014 sheet (and every file from before the field) */
	int turn;
	/* [Initiative (a)]: who won it and on which turn (-1, 0: not yet), and each side's close
	 * combats won this turn and the turn before */
	int init_winner, init_turn;
	int cc_won[2], last_cc_won[2];
	int aces[2];             /* each side's Aces, one a battery's guns it captured [Close Combat (h)] */
	struct cros_pos cmdr[CROS_CMDRS_MAX];
	uint16_t cmdr_moved[CROS_CMDRS_MAX]; /* the turn commander k last moved, 0 none: once a turn, in his
					 * side's free action phase [MOVE Chart: Staff] (docs/RULES.md) */
	struct cros_state s[CROS_UNITS_MAX];
	int n;
	struct cros_seq seq;
	struct cros_held held[CROS_HELD_MAX];
	int nheld;
	/* the dice the program rolls for the referee (referee ... --roll): a seeded stream, kept
	 * with the game so that every roll is the next of one sequence [the game file's "dice"] */
	bool has_dice;
	struct rng dice;
};

/* Reads an order of battle on the sheet t. Problems go to errs (file:line). 0 or -1. */
int cros_oob_load(struct cros_oob *o, const struct ctab *t, const struct jdoc *d, struct errlist *errs);
int cros_oob_load_file(struct cros_oob *o, const struct ctab *t, const char *path, struct errlist *errs);
/* A unit's index by id, or -1. */
int cros_find(const struct cros_oob *o, const char *id);
/* A commander's index by id, or -1. */
int cros_find_cmdr(const struct cros_oob *o, const char *id);
/* The side of commander k: his units' (the first he commands), or -1 when he commands none. */
int cros_cmdr_side(const struct cros_oob *o, int k);

/* Why unit i is not on the table, for a roster: "destroyed" (no figure left), "left the table"
 * (it routed or withdrew off it), "not arrived" (a reinforcement yet to come) or "off the table"
 * (a unit not placed yet); NULL when it stands on the table. */
const char *cros_absent(const struct cros_oob *o, const struct cros_game *g, int i);

/* The game's dice stream (has_dice) as text, "d1" and its four words in hex (CROS_DICE_TEXT_MAX
 * bytes hold it), and read back: 0, or -1 when text is not one. */
#define CROS_DICE_TEXT_MAX 80
void cros_dice_text(const struct rng *r, char *out, size_t n);
int cros_dice_parse(struct rng *r, const char *text);
/* A new game: turn 1, every unit at full strength, no markers, its command points. */
void cros_new(const struct cros_oob *o, struct cros_game *g);
/* The game file: {"format", "kind": "cotlb-game", "oob", ["table"], ["sheet"], "turn", ["held"], "units": [{"id",
 * "figures", "markers", "cp", "routing", "ammo_out", "leader_back", ["at": {"x", "y", "facing",
 * "formation"}]}], ["commanders": [{"id", "x", "y", ["moved"]}]]}; x and y in inches. A new reference or
 * NULL. */
json_t *cros_game_json(const struct cros_oob *o, const struct cros_game *g);
/* Reads a game file of the order of battle o; every unit of o must be in it once. 0 or -1. */
int cros_game_read(const struct cros_oob *o, const struct ctab *t, const struct jdoc *d, struct cros_game *g,
		   struct errlist *errs);

/* Unit i as the rulings see it: its troop type, figures, markers and leader stands (none while
 * its leader is dead, none for a battery). */
void cros_cref_unit(const struct ctab *t, const struct cros_oob *o, const struct cros_game *g, int i,
		    struct cref_unit *u);

/* Changes, each emitting what it did with its section. */
void cros_lose(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, int i, int figures,
	       struct evsink *ev);
/* Adds markers; a unit whose markers reach its stands and leader routs [MORALE (c)]. */
void cros_mark(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, int i, int markers,
	       const char *why, struct evsink *ev);
/* Its leader is killed: replaced CROS_LEADER_TURNS turns later; a marker [MORALE (a) 2]. */
void cros_leader_killed(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, int i,
			struct evsink *ev);
/* Spends points [Command Points]: refused (-1, e) beyond what is left or without a leader. */
int cros_spend(const struct cros_oob *o, struct cros_game *g, int i, int points, struct evsink *ev, struct err *e);
/* The side (0, 1) captures a battery's guns and gains an Ace [Close Combat (h)] (at most 99). */
void cros_gain_ace(const struct cros_oob *o, struct cros_game *g, int side, struct evsink *ev);
/* Spends one of its side's Aces for unit i's command point [Close Combat (h)]: refused (-1, e)
 * when the side has none or the unit's leader is dead. */
int cros_spend_ace(const struct cros_oob *o, struct cros_game *g, int i, struct evsink *ev, struct err *e);
/* Removes a marker as the unit's action [MORALE (e)]: automatic, or for a routing unit a morale
 * check with die (0: refused, e asks for it); a routing unit that passes stops routing. */
int cros_rally(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, int i, int die, struct evsink *ev,
	       struct err *e);
/* Initiative (a)'s modifiers for this turn from the game: won[k] side k won it last turn,
 * cc[k] its close combats won last turn, out[k] its units that withdrew or routed last turn. */
void cros_initiative(const struct cros_oob *o, const struct cros_game *g, bool won[2], int cc[2], int out[2]);
/* A ruling's result on unit i applied: figures lost, its leader killed, markers (why they come). */
void cros_take(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, int i, int figures, int markers,
	       bool leader_killed, const char *why, struct evsink *ev);
/* Holds a volley's result on unit i until cros_release [Side A Turn (b)]; with no room left it
 * is applied at once (cros_take), so nothing is ever lost. */
void cros_hold(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, int i, int figures, int markers,
	       bool leader_killed, const char *why, struct evsink *ev);
/* Applies every held result, in the order held, and forgets them. */
void cros_release(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, struct evsink *ev);

/* What fire priority looks at [Fire (c)]: unit i charges unit j (a move straight at it, or a
 * close combat as its attacker), fires at unit j, or is about to move (where it stood before its
 * first move of the turn is kept). */
void cros_note_charge(struct cros_game *g, int i, int j);
void cros_note_fire(struct cros_game *g, int i, int j);
void cros_note_move(struct cros_game *g, int i);
/* Unit i, attacking, has won its close combat with unit j [Close Combat (f)]: where j stands now
 * is the position i may advance onto (kept only while j is on the table). */
void cros_note_beat(struct cros_game *g, int i, int j);

/* The next turn: replacement leaders whose turn has come take command [Leaders (a)]; a game
 * that keeps the sequence of play is at the new turn's initiative. */
void cros_next_turn(const struct cros_oob *o, struct cros_game *g, struct evsink *ev);

#endif
