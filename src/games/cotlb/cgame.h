/* cgame: Raybin's Charge of the Light Brigade as a game the program runs, on the rule-system
 * interface (rules.h): a scenario file names the play sheet, the order of battle and the table
 * (data/cotlb/balaclava-2014-scenario.json), and adds what the seed leaves to the players, each
 * reconstructed with its provenance: the game's length, the reinforcements' arrival dice and the
 * victory points. Every action is a referee's command carried out by cplay.c with the dice it
 * asks for rolled from the game's dice; what the rules make happen after it (a loser's
 * withdrawal, a rout, the next turn's initiative, the reinforcements' arrival) the game does by
 * itself. Players, human or computer, choose among actions(): each unit's fire, charges, moves
 * toward an enemy or toward a place its side scores for, forward at its front arc's edge or back
 * from an enemy near it, changes of formation and facing, rallies, reactions and advances, its
 * brigade commanders' rides, and the end of the phase. */
#ifndef CRIMEA_CGAME_H
#define CRIMEA_CGAME_H

#include "../rules.h"

extern const struct rules cotlb_rules;

struct ctab;
struct ctbl;
struct cros_oob;
struct cros_game;
struct cros_pos;
/* A game's read-only view for computer players: the sheet, table, order of battle, the roster as
 * it stands, and the scenario's objectives (features of the table a side scores for holding:
 * out[k] feature indices of side k's "hold" items, *n[k] of them). */
const struct ctab *cgame_sheet(const struct game *g);
const struct ctbl *cgame_table(const struct game *g);
const struct cros_oob *cgame_oob(const struct game *g);
const struct cros_game *cgame_roster(const struct game *g);
int cgame_objectives(const struct game *g, int side, int *out, int max);
/* The places only the enemy of side scores for holding (its "hold" items on features side's do
 * not name: Kadikoi, Balaclava and the Col road for the Allies), which side denies by standing
 * there: out[k] feature indices, their count. */
int cgame_denials(const struct game *g, int side, int *out, int max);
/* The units of side (not routing) that stand on place f: inside it or within the distance its
 * "hold" item gives (a side holds a place where it has such a unit and the enemy none); 0 for a
 * feature no item names. */
int cgame_place_units(const struct game *g, int side, int f);
/* Whether the scenario scores side for keeping unit u's guns to the end (a "guns-kept" item: the
 * Turkish guns in the redoubts for the Allies at Balaclava). */
bool cgame_guns_kept(const struct game *g, int side, int u);
/* Where "move U to PLACE" (CG_MOVE_TO) would plan unit u's move toward feature f: its position
 * with the centre moved straight toward the place's point (ctbl_place_point) by as much as
 * its best dice could take it (ctbl_move_reach), or all the way when that is nearer. false
 * when it cannot go that way (no reach, or already there). */
bool cgame_place_move(const struct game *g, int u, int f, struct cros_pos *to);
/* Whether move action a (CG_MOVE_AT, CG_MOVE_TO, CG_MOVE) planned as the game would make it
 * moves its unit an inch at least on a middling throw (5 3 2 for three dice): the penalties of
 * the ground, a pivot and a pass through friends off, and the end short of the whole way one the
 * unit may stand on (not a friend's place). true for other kinds. Read only: a player weighs with
 * it how likely a move is to leave the unit standing, its action spent [MOVE (a)]. */
bool cgame_move_lands(const struct game *g, const struct action *a);
/* Whether unit i, turned about to face straight away from its nearest enemy (the turn cgame
 * offers a unit in danger), would then fall back: the move away as cgame would offer it lands on
 * a middling throw (cgame_move_lands). Read only; false without an enemy on the table. */
bool cgame_fall_back_lands(const struct game *g, int i);
/* The chance that unit att, charging unit def now, wins the close combat, as the referee's sheet
 * gives it before the dice (`odds charge`: the table's modifiers, the saves; every charge morale
 * check passed) [Close Combat (c)]; -1 when there is no such close combat now. On a copy: the game
 * does not change. */
double cgame_charge_odds(const struct game *g, int att, int def);

/* Action kinds (struct action.kind); the arguments are unit indices of the order of battle. */
enum cgame_act {
	CG_END,       /* end the phase [Side A Turn]: "end" */
	CG_FIRST,     /* the initiative's winner sends side arg[0] first: "first russian" */
	CG_FIRE,      /* unit arg[0] fires at arg[1], arg[2] 1 with a pivot: "fire U T" ("fire U T pivot") */
	CG_CHARGE,    /* arg[0] charges arg[1] [Close Combat (a)]: "charge U T" */
	CG_RESOLVE,   /* the close assault of arg[0] on arg[1] resolved [Side A Turn (d)]: "resolve U T" */
	CG_MOVE_AT,   /* arg[0] moves straight at enemy arg[1], as far as the dice allow: "move U toward T"
		       * (a reaction charge in the reaction phase) */
	CG_MOVE,      /* arg[0] moves to (arg[1], arg[2]) units, facing arg[3] (-1 its own): "move U X Y [F]" */
	CG_REFORM,    /* arg[0] takes formation arg[1]: "reform U line" */
	CG_TURN,      /* arg[0] turns in place to face arg[1] degrees: "turn U 90" */
	CG_RALLY,     /* arg[0] removes a marker, or tries to stop routing: "rally U" */
	CG_REINFORCE, /* arg[0] reinforces charged arg[1] as a double line: "reinforce U D" */
	CG_JOIN,      /* arg[0] reinforces arg[1] in contact with its attacker: "join U D" */
	CG_ADVANCE,   /* arg[0], a winning attacker, advances onto the loser's place: "advance U" */
	CG_MOVE_TO,   /* arg[0] moves straight for the table's feature arg[1] (a place its side scores
		       * for), as far as its best dice could take it and then as far as the dice allow:
		       * "move U to PLACE" (cgame_place_move) */
	CG_LEAD,      /* brigade commander arg[0] (an index of the order of battle's commanders) rides for
		       * (arg[1], arg[2]) units, as far as the Staff row's dice allow: "lead K X Y" ("lead
		       * K": for the middle of his units, ctbl_cmdr_middle) */
	CG_KINDS
};

#endif
