/* sroster: a game of Sevastopol kept for the players and their referee: the Sequence of Play
 * [4.0] segment by segment, the Game-Turn Record Track (reinforcements [6.3], replacements
 * [6.2], attrition [7.0], winter [15.0]), the Ammunition Supply Track [8.1], Construction Points
 * [9.1], bastion Strength Levels [9.4], field army interventions [5.0], commanders [16.0], and
 * where each unit is as far as the rules need it: on the map, in a Supply Box, a bastion, a
 * Siege Area, or out of play. The map itself (siegeworks, positions, ranges) stays on the table;
 * the referee tells the program what happened there (a yard count, a bastion captured).
 * Every change emits events citing its case; a refused change leaves the game as it was (after a
 * die, ev may hold its ruling, and the refusal says what more it needs). The rulings that take a
 * die (bombard, melee, battery) give the odds instead when it is not rolled yet (die 0), return 1
 * and change nothing. */
#ifndef CRIMEA_SROSTER_H
#define CRIMEA_SROSTER_H

#include <jansson.h>
#include <stdbool.h>

#include "../../core/err.h"
#include "../../core/event.h"
#include "../../core/jdoc.h"
#include "soob.h"
#include "sref.h"
#include "stab.h"

/* The Sequence of Play [4.0]: a game is always in one of these. */
enum sros_seg {
	SS_INTERVENTION,   /* 1A Russian Field Army Intervention Segment [5.0] */
	SS_REINFORCE,      /* 1B Reinforcement/Replacement Segment [6.0] */
	SS_ATTRITION,      /* 1C Attrition Segment [7.0] */
	SS_AMMUNITION,     /* 2A Ammunition Supply Segment [8.1] */
	SS_FIRE,           /* 2B Siege Battery Fire Segment [8.0] */
	SS_ALLIED_BUILD,   /* 3A Allied Siege Construction Segment [9.0] */
	SS_ALLIED_MOVE,    /* 3B Allied Operational Movement Segment [10.0] */
	SS_ASSAULT,        /* the Assault Phase, when the Allies announce one [11.0] */
	SS_RUSSIAN_MOVE,   /* 4A Russian Operational Movement Segment [10.3] */
	SS_RUSSIAN_BUILD,  /* 4B Russian Siege Construction Segment [9.4] */
	SS_OVER,           /* the game is over [19.0] */
	SS_SEGS
};
extern const char *const sros_seg_name[SS_SEGS];

/* Where a unit is. */
enum sros_where {
	SW_DUE,        /* a reinforcement not yet arrived, or a commander not yet in command */
	SW_MAP,        /* on the map: the Russian movement network, an Allied firing box... */
	SW_AREA,       /* in a Siege Area (behind the start line, the siegeworks): box = area */
	SW_SUPPLY,     /* in a Supply Box: box = the nation whose box (SN_BRITISH: Balaclava) */
	SW_BASTION,    /* in a bastion's positions or its Reserve Box: box = bastion */
	SW_OFF,        /* taken off by an Inkerman intervention until Game-Turn back [5.3] */
	SW_ROUTED,     /* a routed Russian unit, back next Game-Turn [14.42] */
	SW_ELIMINATED, /* destroyed; infantry may come back as a replacement [6.15] */
	SW_TRANSIT,    /* French between their Siege Areas: box = where to, back = the Game-Turn [10.25] */
	SW_WHERES
};
extern const char *const sros_where_name[SW_WHERES];

struct sros_unit {
	int where;               /* enum sros_where */
	int box;                 /* the area, nation or bastion of SW_AREA, SW_SUPPLY, SW_BASTION; the
				  * area SW_OFF returns to */
	int back;                /* SW_OFF: the Game-Turn it returns */
	bool worked;             /* built or repaired this Game-Turn (inverted) [9.37] */
	bool active;             /* activated for this Game-Turn's assault [11.1] */
	bool converted;          /* a Marine Battery Infantry unit become a field battery [17.1] */
	bool retreated;          /* retreated once in this Assault Phase [14.34] */
	bool fired;              /* a field battery that fired in this Assault Impulse [13.0] */
	bool limbered;           /* an Allied siege gun moved since its side's last movement [3.5] */
	bool arrived;            /* came from the other French area this Game-Turn: stays put [10.25] */
};

#define SROS_GUNS 3          /* enum stab_gun: siege, mortar, Lancaster rounds [8.1] */
#define SROS_ROUNDS_MAX 9999 /* rounds kept on the track, a nation and kind */
#define SROS_BRIGADES 12

struct sros_game {
	char oob[48];
	int turn;                /* 1..18 */
	int seg;                 /* enum sros_seg */
	int ammo[SN_NATIONS][SROS_GUNS];
	bool battle_used[SB_BATTLES];
	int battle_turn;         /* the last intervention's Game-Turn (0: none) [5.14] */
	bool intervened;         /* this Game-Turn's intervention is resolved */
	int brit_no_ammo;        /* [5.3] Balaclava: the British get no rounds through this Game-Turn */
	int extra_repl;          /* [5.3] Tchernaya: more Russian replacements a Game-Turn */
	int off_due;             /* [5.3] Inkerman: Allied infantry still to be taken off */
	int strength[SOB_BASTIONS];
	bool captured[SOB_BASTIONS];
	int cp[SN_NATIONS];      /* Construction Points left this Game-Turn [9.12] */
	int bonus[SN_NATIONS];   /* the engineer's bonus points left, for his Siege Area only [9.21] */
	bool engineer_rolled[SN_NATIONS];
	int spent_at[SOB_BASTIONS]; /* Russian points spent at each bastion this Game-Turn [9.42] */
	int replaced[SN_NATIONS];   /* replacements taken this Game-Turn [6.2] */
	bool attrition_done[SN_NATIONS];
	bool russian_fired;      /* [8.0] the Allies fire first */
	bool assault;            /* an Assault Phase announced this Game-Turn [11.0] */
	int impulse;             /* its impulse, 1..5 */
	char brigade[SROS_BRIGADES][16]; /* the brigades activated [11.1] */
	int nbrigades;
	bool guards_used;        /* the British Guards Division activated once per game [11.1] */
	int assault_lost[SN_NATIONS]; /* infantry eliminated in this Game-Turn's assault [16.3] */
	bool french_failed;      /* the French commander failed an assault: replaced next Game-Turn [16.3] */
	int converted_turn;      /* the last Game-Turn a Marine Battery became a field battery [17.1] */
	bool linked[2];          /* saps join the British Siege Area to the French Left, the French Right [9.5] */
	bool right_held;         /* French units have stood in the French Right Siege Area [6.12] */
	int cinc[2];             /* the British and French commanders-in-chief (unit indices) */
	int winner;              /* SS_OVER: SN_RUSSIAN, or SN_BRITISH for the Allies */
	struct sros_unit s[SOB_UNITS_MAX];
	int n;
};

/* A new game: Game-Turn 1 (Oct I), at its first segment; every at-start unit where [3.3] puts it
 * (British infantry in the British Siege Area, French in the French Left, Russians in their
 * network; artillery and engineers on the map), bastions at Strength Level 3 [9.41]. */
void sros_new(const struct sob *o, const struct stab *t, struct sros_game *g);
/* The game file ("kind": "siege-game", docs/FORMATS.md); a new reference or NULL. */
json_t *sros_game_json(const struct sob *o, const struct sros_game *g);
/* Reads a game file of order of battle o. 0 or -1 (problems to errs). */
int sros_game_read(const struct sob *o, const struct jdoc *d, struct sros_game *g, struct errlist *errs);

/* Ends the current segment and begins the next that applies, doing what the rules do on their
 * own (reinforcements arrive, ammunition comes in, points are due, ...). Refused (-1, e) while
 * the segment has a duty left (an attrition roll, units to take off, the garrison of a captured
 * bastion...). */
int sros_next(const struct sob *o, const struct stab *t, struct sros_game *g, struct evsink *ev, struct err *e);

/* A unit's index by id, refused with a message when unknown. */
int sros_unit(const struct sob *o, const char *id, struct err *e);

/* [5.0]: the Russians choose battle and roll die (segment 1A). */
int sros_intervene(const struct sob *o, const struct stab *t, struct sros_game *g, int battle, int die,
		   struct evsink *ev, struct err *e);
/* [7.0]: nation's attrition die (segment 1C); the owner's choice of the infantry lost, units[n]
 * (fewer when fewer are lost; exactly the number lost when enough are eligible). */
int sros_attrition(const struct sob *o, const struct stab *t, struct sros_game *g, int nation, int die,
		   const int *units, int n, struct evsink *ev, struct err *e);
/* [6.1]-[6.2]: an eliminated infantry unit returns as a replacement (segment 1B), to where (an
 * area, a Supply Box...). */
int sros_replace(const struct sob *o, struct sros_game *g, int unit, int where, int box, struct evsink *ev,
		 struct err *e);
/* [10.0]: operational movement of unit to where/box, in its side's movement segment (or set-up
 * placement in segment 1B of Game-Turn 1 and for a reinforcement in 1B). */
int sros_move(const struct sob *o, const struct stab *t, struct sros_game *g, int unit, int where, int box,
	      struct evsink *ev, struct err *e);
/* Whether sros_move would move unit to where/box now: 0, or the refusal (-1, e). Changes nothing. */
int sros_move_check(const struct sob *o, const struct sros_game *g, int unit, int where, int box, struct err *e);
/* [9.5]: the saps joining the British Siege Area to the French area (segment 3A) are complete,
 * as the referee reads the map; French units then move between the areas by [10.24]. broken:
 * Russian fire damaged one of them (segment 2B) [8.95]: the areas are cut off until repaired. */
int sros_link(const struct sob *o, struct sros_game *g, int area, bool broken, struct evsink *ev, struct err *e);
/* [5.3] Inkerman: one Allied infantry unit of the British or French Right Siege Area off the map
 * for one Game-Turn (segment 1A, after the roll). */
int sros_take_off(const struct sob *o, struct sros_game *g, int unit, struct evsink *ev, struct err *e);

/* A round of siege battery fire [8.0] (segment 2B): unit (a siege gun, mortar or Lancaster
 * battery, deployed to fire [8.3]) at yards, at bastion (or -1: a sap or parallel); the die. The
 * infantry destroyed are the owner's choice, lost[nlost]; an ammunition dump's two rounds come
 * from dump[2] (guns, enum stab_gun; -1: the firing gun's, then others) [8.98]. */
struct sros_round {
	int unit, yards, bastion, die;
	int lost[8], nlost;
	int dump[2];
	/* held_known: the siegework fired at holds held Allied infantry units (the map's reading:
	 * at most two in a parallel [10.13], none in a sap [10.14]), the most it may lose [8.94];
	 * else any Allied infantry in the siegeworks may be named */
	bool held_known;
	int held;
};
int sros_bombard(const struct sob *o, const struct stab *t, struct sros_game *g, const struct sros_round *r,
		 struct evsink *ev, struct err *e);

/* [9.2]: nation's engineer die this Game-Turn (segments 3A and 4B). */
int sros_engineer(const struct sob *o, const struct stab *t, struct sros_game *g, int nation, int die,
		  struct evsink *ev, struct err *e);
/* [9.3], [9.6]: the Allies build (or repair) a sap (or a parallel) in area, costing cost points,
 * with the infantry units[n] who dig it (two to build, one to repair [9.37]). */
int sros_dig(const struct sob *o, struct sros_game *g, int nation, int area, int cost, bool repair, bool sap,
	     const int *units, int n, struct evsink *ev, struct err *e);
/* [9.4]: the Russians repair (to 3) or upgrade (to 8) bastion by levels. */
int sros_fortify(const struct sob *o, struct sros_game *g, int bastion, int levels, bool upgrade, struct evsink *ev,
		 struct err *e);

/* [11.1]: the Allies announce an assault with brigades[n] (in segment 3B; never in winter). */
int sros_assault(const struct sob *o, const struct stab *t, struct sros_game *g, const char *const *brigades, int n, struct evsink *ev,
		 struct err *e);
/* [14.4]: a melee's result on unit: 'E' eliminated, 'R' routed (segment: the Assault Phase). */
int sros_casualty(const struct sob *o, struct sros_game *g, int unit, char effect, struct evsink *ev,
		  struct err *e);
/* A melee [14.0]: attackers att[natt] (infantry of one side, each in a position connected to the
 * defender's: the referee's reading of the map) on def, with the die; the morale dice of the
 * affected units, adie[k] for att[k] and ddie for the defender (0: not rolled yet: the combat is
 * ruled, and refused for want of them). in_bastion: the Allied attackers stand in Bastion
 * Positions, not Assault Positions ([14.32], [14.33] do not count). Eliminations, routs and
 * retreats go into the game; where a unit retreats or advances is the referee's [14.5], [14.6]. */
struct sros_melee {
	int att[6], natt, def, die;
	int adie[6], ddie;
	bool in_bastion;
	bool att_in[6];          /* attacker k stands in a Bastion Position (the others at Assault Positions) */
};
/* [14.21]-[14.23]: the die's modifier of a melee (or field battery fire) on unit i. */
int sros_melee_mod(const struct sob *o, int i);
int sros_melee(const struct sob *o, const struct stab *t, struct sros_game *g, const struct sros_melee *m,
	       struct evsink *ev, struct err *e);
/* Russian field battery fire [13.0]: gun (a field battery in a bastion) at target (Allied
 * infantry) at yards (600 at most); into a depression 2 shots, a ravine 3 (terrain 0, 1, 2), a
 * die a shot, and a morale die for each shot that affects the target, in order. */
struct sros_fire {
	int gun, target, yards, terrain;
	int dice[3], ndice;
	int mdice[3], nmdice;
};
int sros_battery(const struct sob *o, const struct stab *t, struct sros_game *g, const struct sros_fire *f,
		 struct evsink *ev, struct err *e);
/* [11.3]: at the end of the fifth impulse, bastion is captured; garrison[3] stay there [11.22]. */
int sros_capture(const struct sob *o, struct sros_game *g, int bastion, const int garrison[3], struct evsink *ev,
		 struct err *e);
/* [16.2], [16.3]: the die for a new commander-in-chief (segment 1B when due). */
int sros_commander(const struct sob *o, struct sros_game *g, int nation, int die, struct evsink *ev, struct err *e);
/* [17.1]: a Marine Battery Infantry unit becomes a Marine Field Battery (segment 1B). */
int sros_convert(const struct sob *o, struct sros_game *g, int unit, struct evsink *ev, struct err *e);

/* What a duty left in this segment is, or NULL when next may go on. */
const char *sros_duty(const struct sob *o, const struct stab *t, const struct sros_game *g, char *buf, size_t len);
/* Nation's engineer (its unit index), or -1 [9.2]. */
int sros_engineer_unit(const struct sob *o, int nation);
/* Where nation's engineer is, for a refusal that needs him elsewhere [9.24], [9.25]: "Bizot is
 * in the french-left Siege Area", "Bizot is on his way to the french-right Siege Area (there in
 * Game-Turn 10)", "Todleben is in Mamelon". Returns buf. */
const char *sros_engineer_at(const struct sob *o, const struct sros_game *g, int nation, char *buf, size_t len);
/* Units of nation in its Supply Box (French units in the Balaclava box count for the British, at
 * most two [8.15]). */
int sros_in_supply(const struct sob *o, const struct sros_game *g, int nation);

#endif
