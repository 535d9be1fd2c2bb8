/* splay: SPI's Sevastopol as a game the program runs, on the rule-system interface (rules.h).
 * A scenario file (data/siege/sevastopol-scenario.json) names the order of battle and the charts
 * and keeps the printed map, which the seed lacks, as reconstructed data: approaches (from each
 * Allied Siege Area toward a bastion, the yards and the ground step by step of 150 yards), the
 * saps that join the start lines, and how far an assault reaches. The game keeps sroster's game
 * (the sequence of play, the tracks, every unit's place) and, beside it, the works dug along each
 * approach and the assault's ground: how far each attacking unit stands from its bastion, who
 * holds the bastion's positions and who waits in its Reserve Box. Every ruling is sroster's,
 * with the dice rolled from the game's dice; what the rules make happen by themselves (attrition,
 * ammunition, the engineers' dice, a new commander) the game does, and where the owner chooses
 * losses or diggers the program chooses for him (docs/RULES.md "Sevastopol, the game the program
 * runs"). Players choose among actions(): interventions, replacements, placements and moves,
 * siege battery rounds, works, assaults, and in an assault's impulses field battery fire, melees
 * and the Russian reserves' moves. */
#ifndef CRIMEA_SPLAY_H
#define CRIMEA_SPLAY_H

#include "../rules.h"

extern const struct rules siege_rules;

struct sob;
struct stab;
struct sros_game;

/* Action kinds (struct action.kind). Units, bastions and approaches are indices of the order
 * of battle and the scenario; a place is where * 16 + box (enum sros_where). */
enum splay_act {
	SP_END,       /* the side is done with this segment or step: "end" */
	SP_INTERVENE, /* the Russians send a field army, arg[0] the battle [5.0]: "intervene inkerman" */
	SP_TAKEOFF,   /* an Allied unit arg[0] leaves for Inkerman [5.22]: "takeoff U" */
	SP_REPLACE,   /* eliminated infantry arg[0] returns at place arg[1] [6.2]: "replace U PLACE" */
	SP_CONVERT,   /* a Marine Battery arg[0] becomes a field battery [17.1]: "convert U" */
	SP_MOVE,      /* arg[0] moves (or is placed) to place arg[1] [10.0], [3.3]: "move U PLACE" */
	SP_BOMBARD,   /* battery arg[0] fires a round along approach arg[1] [8.0]: "bombard U AREA:BASTION" */
	SP_DIG,       /* the next sap or parallel of approach arg[0] [9.3]: "dig AREA:BASTION" */
	SP_REPAIR,    /* a damaged work of approach arg[0] repaired [9.14]: "repair AREA:BASTION" */
	SP_LINK,      /* a sap of link arg[0] by nation arg[1] [9.5]: "link french-left british" */
	SP_STORM,     /* brigade arg[0] (a unit of it) to assault bastion arg[1] [11.1]: "storm BASTION BRIGADE" */
	SP_FORTIFY,   /* bastion arg[0] repaired or upgraded a level [9.4]: "fortify BASTION" */
	SP_GO,        /* the assaulting units go forward this impulse [12.1]: "go" */
	SP_ABORT,     /* the Allies abort the assault [11.23]: "abort" */
	SP_FIRE,      /* field battery arg[0] fires at arg[1] [13.0]: "fire U T" */
	SP_MELEE,     /* the side's units attack arg[0] [14.0]: "melee T" */
	SP_MAN,       /* a Russian in its bastion's Reserve Box arg[0] takes a position [12.34]: "man U" */
	SP_RESERVE,   /* a Russian arg[0] goes to the Reserve Box of bastion arg[1] [12.4]: "reserve U BASTION" */
	SP_WITHDRAW,  /* a Russian holding a position, arg[0], goes into its bastion's Reserve Box [12.33]:
		       * "withdraw U" */
	SP_KINDS
};

/* An approach of the scenario: from Allied Siege Area area toward bastion bastion, yards from
 * the start line, steps of 150 yards (the works stop 150 yards short), ground[k] the terrain
 * (enum stab_terrain) of step k from the start line. from: -1, or the bastion whose capture
 * makes it a start line for the area's saps ([8.82]: the Mamelon's two), the approach closed
 * until then (splay_approach_open). */
#define SPLAY_APPROACHES 16
#define SPLAY_STEPS 16
struct splay_approach {
	int area, bastion, yards, steps, from;
	int ground[SPLAY_STEPS];
};

/* A game's read-only view for computer players. */
const struct sob *splay_oob(const struct game *g);
const struct stab *splay_tables(const struct game *g);
const struct sros_game *splay_roster(const struct game *g);
int splay_napproaches(const struct game *g);
const struct splay_approach *splay_approach(const struct game *g, int k);
/* Approach k's works: lines complete (*depth) and works of the next step (*work: 0 none, 1 its
 * sap, 2-3 parallels of it), damaged works (*damaged); returns the yards from the bastion of its
 * forward undamaged line (the start line's yards when it has none). */
int splay_works(const struct game *g, int k, int *depth, int *work, int *damaged);
/* Approach k may be dug, fired along and gone over from now (its start line held, [8.82]). */
bool splay_approach_open(const struct game *g, int k);
/* Approach k as actions name it: "AREA:BASTION", or "FROM:BASTION" for one from a bastion. */
int splay_approach_name(const struct game *g, int k, char *buf, size_t n);
/* The farthest yards from a bastion at which works let an assault be announced (the scenario's
 * reach: five impulses of 150 yards). */
int splay_reach(const struct game *g);
/* An assaulting Allied unit's distance from its bastion in steps of 150 yards (0: at the
 * Assault Positions), its bastion (*aim), and whether it holds a Bastion Position (*in); -1
 * when it is not in the assault. */
int splay_assault_unit(const struct game *g, int unit, int *aim, bool *in);
/* A Russian unit in a bastion's Reserve Box (not holding a position). */
bool splay_in_reserve(const struct game *g, int unit);
/* The name of brigade br (SP_STORM's arg[0]), or NULL; whether unit's brigade is named for the
 * assault the Allied Operational Movement Segment's end launches. */
const char *splay_brigade(const struct game *g, int br);
bool splay_named(const struct game *g, int unit);

#endif
