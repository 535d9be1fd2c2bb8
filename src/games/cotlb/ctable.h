/* ctable: the miniatures table of a Charge of the Light Brigade scenario (its size, terrain, the
 * stands' bases and where each unit and commander starts or enters, read from a "table" data
 * file such as data/cotlb/balaclava-2014-table.json) and the rulings that depend on where units
 * stand: footprints by formation, placing a unit, ranges, arcs and lines of sight for fire, the
 * two-inch rules, brigade command radius, and a move's dice, terrain and path. Integer geometry
 * (src/plane); events cite the play sheet's sections. */
#ifndef CRIMEA_CTABLE_H
#define CRIMEA_CTABLE_H

#include <stdbool.h>

#include "../../core/err.h"
#include "../../core/event.h"
#include "../../core/jdoc.h"
#include "../../core/prov.h"
#include "../../plane/plane.h"
#include "croster.h"
#include "cref.h"
#include "ctab.h"

#define CTBL_FEATURES_MAX 64
#define CTBL_PTS_MAX 64
#define CTBL_ID_MAX 48
#define CTBL_TWO_INCHES (2 * PL_PER_INCH) /* [MOVE (i)], [Close Combat (a)] */

enum ctbl_kind {
	CK_GENTLE_HILL, CK_STEEP_HILL, CK_WOODS, CK_STREAM, CK_WALL, CK_TRENCH, CK_HOUSE, CK_REDOUBT, CK_ROAD,
	CK_TOWN, CK_KINDS
};
extern const char *const ctbl_kind_name[CK_KINDS];
enum ctbl_arm { CA_INFANTRY, CA_CAVALRY, CA_ARTILLERY, CA_ARMS };
extern const char *const ctbl_arm_name[CA_ARMS];

struct ctbl_feature {
	char id[CTBL_ID_MAX];
	char name[96];
	int kind;                /* enum ctbl_kind */
	bool closed;             /* an area (polygon), else a line (polyline) */
	struct pl_pt p[CTBL_PTS_MAX];
	int n;
	struct pl_pt lo, hi;     /* its bounding box, for quick rejections */
};

/* A troop type's stands on the table. */
struct ctbl_base {
	bool set;
	int arm;                 /* enum ctbl_arm */
	int32_t w, d;            /* a stand's frontage and depth, units */
	int weapon;              /* index into the sheet's weapons */
	int horse_weapon;        /* a horse battery's (artillery; -1 none) */
};

/* A scenario's restriction on some units' moves (THE ALLIES: "in static positions around
 * Balaclava", the Marines' "cannot move beyond immediate Balaclava defenses"; THE FRENCH ARMY:
 * "cannot move away from the base of Sapoune Ridge"): emplaced (no move, no limbering), or
 * kept within an area of the table. */
#define CTBL_RESTRICTS_MAX 8
struct ctbl_restrict {
	char name[96];           /* the area, as the events name it: "the immediate Balaclava defenses" */
	char cite[64];           /* the scenario's section, cited in refusals: "THE ALLIES" */
	bool emplaced;
	struct pl_pt p[CTBL_PTS_MAX]; /* the area (not emplaced) */
	int n;
};

struct ctbl {
	char file[ERR_FILE_MAX];
	char id[CTBL_ID_MAX], oob[CTBL_ID_MAX];
	char title[128];
	struct prov prov;        /* the table file's own provenance (its size, terrain and places) */
	int32_t width, depth;    /* units: x 0..width from the west edge, y 0..depth from the south */
	struct ctbl_feature f[CTBL_FEATURES_MAX];
	int nf;
	struct ctbl_base base[CTAB_UNITS_MAX]; /* by troop type */
	struct cros_pos start[CROS_UNITS_MAX], entry[CROS_UNITS_MAX];
	struct cros_pos cmdr_start[CROS_CMDRS_MAX], cmdr_entry[CROS_CMDRS_MAX];
	struct ctbl_restrict rs[CTBL_RESTRICTS_MAX];
	int nrs;
	signed char unit_rs[CROS_UNITS_MAX]; /* each unit's restriction (index into rs), -1 none */
};

/* Reads a table of the order of battle o on the sheet t from a parsed "kind": "table" file.
 * Every problem goes to errs as file:line: message (a unit placed twice, a point off the table,
 * a formation its arm cannot take, starting places too close to the enemy...). A unit with no
 * place starts off the table. 0 or -1. tb is large. */
int ctbl_load(struct ctbl *tb, const struct ctab *t, const struct cros_oob *o, const struct jdoc *d,
	      struct errlist *errs);
int ctbl_load_file(struct ctbl *tb, const struct ctab *t, const struct cros_oob *o, const char *path,
		   struct errlist *errs);

/* Whether unit i may end a move at p under its scenario restriction (struct ctbl_restrict): 0,
 * or -1 with the scenario's section in e. A unit with none may. */
int ctbl_restricted(const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g, int i,
		    const struct cros_pos *p, struct err *e);

/* Whether unit i's arm may take formation form [Formations (a)-(c)]. */
bool ctbl_form_ok(const struct ctbl *tb, const struct cros_oob *o, int i, int form);
/* Unit i's footprint at p as the game stands (its stands left, its formation's shape). */
void ctbl_footprint(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		    int i, const struct cros_pos *p, struct pl_rect *r);
/* Whether units i and j as they stand are within r units of each other (ctbl_gap <= r, most often
 * answered from their centres alone); false if either is off the table. */
bool ctbl_near(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g, int i,
	       int j, int32_t r);
/* The gap (units, rounded up) between units i and j as they stand; -1 if either is off the table. */
int32_t ctbl_gap(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		 int i, int j);

/* Sets up a new game on the table: the starting units and commanders where the table puts them. */
void ctbl_deploy(const struct ctbl *tb, const struct cros_oob *o, struct cros_game *g);
/* Whether unit i may stand at p: a formation of its arm, on the table, on no other unit, and not
 * within two inches of an enemy [MOVE (i)] (unless closer already, as after a close combat:
 * then no closer). 0, or -1 with e saying why. */
int ctbl_check(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
	       int i, const struct cros_pos *p, struct err *e);
/* The same without MOVE (i)'s 2": where a close combat's winner advances [Close Combat (f)]. */
int ctbl_check_close(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		     int i, const struct cros_pos *p, struct err *e);

/* The weapon unit f fires with (index into the sheet's weapons; a horse battery's own), or -1. */
int ctbl_weapon_of(const struct ctbl *tb, const struct cros_oob *o, int f);

/* What unit f sees of unit at when it fires. */
struct ctbl_sight {
	int32_t gap;             /* units between the nearest points */
	int inches;              /* the range as measured: gap in inches, rounded up */
	int weapon;              /* the firer's weapon (index into the sheet's weapons) */
	int band;                /* 0 short, 1 long, 2 out of range, -1 the weapon has no printed range */
	int stands;              /* dice: stands (a battery: gunners) with the target in arc and in sight */
	int pivot_stands;        /* the same within a 30-degree pivot, at -1 [Fire (g)] */
	int target;              /* enum ctab_target */
	bool cover;              /* [Fire (b)] */
	char blocked[128];       /* what blocks the line of sight when no stand sees the target */
};
/* Works out a volley's geometry and emits how (ev may be NULL). 0, or -1 with e (a unit off the
 * table, a unit firing at itself). */
int ctbl_sight(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
	       int f, int at, struct ctbl_sight *s, struct evsink *ev, struct err *e);

/* Fire priority [Fire (c)]: "1st charging enemy; 2nd firing at you; 3rd advancing on you; 4th
 * nearest enemy". For firer f, enemy unit j is charging it (it moved straight at f or attacked
 * it this turn), firing at it (it fired at f this turn or the last), advancing on it (it moved
 * this turn and stands nearer f than before its first move), or none of these (CF_NEAREST). */
enum ctbl_prio { CF_CHARGING = 1, CF_FIRING, CF_ADVANCING, CF_NEAREST };
extern const char *const ctbl_prio_name[CF_NEAREST + 1];
int ctbl_prio_rank(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		   int f, int j);
/* The enemy unit fire priority sends f's fire to: among the enemy units f can fire at (on the
 * table, in range, a stand bearing or one by a 30-degree pivot), the best rank, then the
 * nearest. Returns its index with its rank and gap, or -1 when f can fire at none. */
int ctbl_fire_priority(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		       int f, int *rank, int32_t *gap);
/* The same among the enemy units not in skip (bit j of skip[j / 32]; NULL: none): the next
 * target of a split fire [Fire (f)], skip holding those its volleys have fired at. */
int ctbl_fire_priority_skip(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			    const struct cros_game *g, int f, const uint32_t *skip, int *rank, int32_t *gap);

/* The reach (pl_rect_reach) of unit i's footprint with `figures` figures in formation form, as
 * ctbl_footprint makes it (the facing does not change it): how far from its centre any part of
 * it may lie. */
int64_t ctbl_reach_as(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, int i, int figures,
		      int form);

/* The units that changed between two rosters, as the memos of the listings read them (the fire
 * targets here, each unit's moves in cgame.c): each one's centre where it stood and where it
 * stands (those on the table with figures), and the larger of its two footprints' reaches. */
struct ctbl_change {
	int n;
	int u[CROS_UNITS_MAX], nat[CROS_UNITS_MAX];
	struct pl_pt at[CROS_UNITS_MAX][2];
	int64_t reach[CROS_UNITS_MAX];
};
/* Unit u, which was `was` with was_figures figures and is now `now` with now_figures, added to c. */
void ctbl_change_add(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, struct ctbl_change *c,
		     int u, const struct cros_pos *was, int was_figures, const struct cros_pos *now, int now_figures);
/* Whether change k stood or stands within `far` of p, centre to centre. */
bool ctbl_change_within(const struct ctbl_change *c, int k, struct pl_pt p, int64_t far);

/* What the fire priority found, remembered between listings of the actions (a game's rules memo,
 * rules->memo_new): for each firer, the enemy its priority names and the sight of it. An answer
 * is given again only while every input it was worked out from is the same (the firer's own state
 * and every unit it may read: each unit's figures, place, formation and what the priority ranks
 * by, within reach of its lines; the turn; the split fire's skip set), so the memo never changes
 * an answer; a game without one works each out afresh. */
struct ctbl_memo;
struct ctbl_memo *ctbl_memo_new(void);
void ctbl_memo_free(struct ctbl_memo *m);
/* The enemy unit f's fire priority names (ctbl_fire_priority_skip), and its sight into *s
 * (ctbl_sight, no events), or -1 when it names none or the sight fails. m may be NULL. */
int ctbl_fire_target(struct ctbl_memo *m, const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
		     const struct cros_game *g, int f, const uint32_t *skip, struct ctbl_sight *s);

/* The gap (units, rounded up) from the nearest point of unit i to its brigade commander; -1 when
 * either is off the table. */
int32_t ctbl_cmdr_gap(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      int i);
/* [BRIGADE COMMANDERS], [MORALE (a) 8] at the start of a turn: each unit on the table outside its
 * commander's radius (its commander on the table) draws a marker. Returns the markers drawn;
 * applies them through cros_mark. */
int ctbl_command(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, struct cros_game *g,
		 struct evsink *ev);
/* Where commander k would lead from: the middle of the units he commands that his radius holds
 * [BRIGADE COMMANDERS] (on the table, not routing, not artillery), the place whose farthest unit
 * (centre) is nearest, to within a few percent (CTBL_MIDDLE_STEPS steps); but where his radius
 * would hold more of their centres round one of them (a brigade spread wider than his radius),
 * that unit's centre (the first with the most). false when there are none. */
#define CTBL_MIDDLE_STEPS 48
bool ctbl_cmdr_middle(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      int k, struct pl_pt *out);
/* Whether commander k (on the table) may ride straight to `to`: on the table, and never within
 * 2" of an enemy unit on the way (nor nearer one he is already within 2" of) [MOVE (i)]. 0, or
 * -1 with the reason in e. */
int ctbl_cmdr_path(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		   int k, struct pl_pt to, struct err *e);

/* A move of unit i to p worked out: the MOVE Chart row and dice, the terrain crossed, the path.
 * kind: 0 a move (dice), 1 a change of formation or of facing by more than 30 degrees in place
 * (an action without dice [Side A Turn (a)]). */
struct ctbl_move {
	int kind;
	struct cref_move m;
	int32_t dist;            /* units, centre to centre */
	char terrain[96];        /* what the path crosses ("" none) */
	bool even_die;           /* by prolonge across walls, streams or high hills: the die must be
				  * even [MOVE (e)] (instead of the terrain's penalty) */
};
/* The farthest unit i could move straight toward `to` on its best dice in the open: its MOVE
 * Chart dice (one when unlimbered or going back or sideways [MOVE (c)], [MOVE (e)]) times six
 * less its markers' pips [MOVE Chart (f)]; units, 0 when it cannot move so (a square [MOVE (d)]). */
int32_t ctbl_move_reach(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
			int i, struct pl_pt to);
/* Where a unit at `now` moving toward p (dist away, in table units) stands k whole inches on:
 * p with its centre moved back along the line. */
struct cros_pos ctbl_short_of(const struct cros_pos *now, const struct cros_pos *p, int32_t dist, int k);
/* How far (whole inches) unit i goes toward p on dice d[n] that make only `inches` over the whole
 * path (mv, its plan, mv->dist beyond them): as far as they allow over the ground it crosses to
 * where it stops [MOVE Chart], [MOVE (a)]. A terrain penalty is for terrain on the way, and one
 * beyond the stop is not on it; so is the low die a pass through friends costs [MOVE (b)] (a
 * pivot's it pays however short): the farthest whole inch k along the line whose own path's roll
 * of the same dice is k or more. The roll only grows as the path shortens (it crosses less), so
 * such k are 0..K, and K is found by halving between `inches` (which qualifies) and the roll
 * with no penalty but the pivot's; a shorter path the table refuses (a friend on it) does not
 * qualify. */
int ctbl_move_short(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		    int i, const struct cros_pos *p, const struct ctbl_move *mv, const int *d, int n, int inches);
/* Where unit i comes on when it enters the table: its place of entry, or without one its set-up
 * place (the referee's `enter`, and a game's reinforcements). */
const struct cros_pos *ctbl_entry(const struct ctbl *tb, int i);
/* Feature f's middle: the mean of its points ((0, 0) without any). */
struct pl_pt ctbl_feature_middle(const struct ctbl *tb, int f);
/* The point of feature f that a unit at `from` makes for: a line's (a road's) nearest point, an
 * area's middle (the mean of its corners). */
struct pl_pt ctbl_place_point(const struct ctbl *tb, int f, struct pl_pt from);
/* Plans a move; refuses (-1, e) a square moving [MOVE (d)], a formation change with a move, a
 * pivot beyond 30 degrees with a move, an end place ctbl_check refuses, a path that comes within
 * two inches of an enemy [MOVE (i)] or crosses what the unit may not [MOVE Chart]. A change of
 * formation or facing in place is not a move: its footprint may come within 2" of an enemy (but
 * not onto a unit or off the table). */
int ctbl_move_plan(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		   int i, const struct cros_pos *p, struct ctbl_move *mv, struct evsink *ev, struct err *e);

/* A move of unit i along a road to (x, y) [the 2001 sheet's MOVE Chart, ROAD column]: the unit
 * stands within an inch of a road (kind road) and so does the end, on the same road; the path
 * follows the road between the two, each leg walked as a move is (friends passed through, no
 * enemy within 2"), in column (attack or march column) or limbered, taking no terrain's
 * penalty. *end: where it ends, facing along the road. Refused (-1, e) on a sheet without a road
 * column, off a road, in another formation, or where a move would be refused. */
#define CTBL_ROAD_NEAR PL_PER_INCH
int ctbl_road_plan(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		   int i, struct pl_pt to, struct cros_pos *end, struct ctbl_move *mv, struct evsink *ev, struct err *e);

/* Unit i in formation form where it stands, its front edge kept where it is (the new formation
 * forms behind its front rank). */
struct cros_pos ctbl_reform(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			    const struct cros_game *g, int i, int form);

/* [Side A Turn (c)] The enemy units that may react to unit i's command point move to p: each
 * enemy unit once, with the best it may do at some point of the move (sampled every inch). */
enum ctbl_react_kind { CR_FIRE, CR_TURN, CR_UNLIMBER, CR_CHARGE };
struct ctbl_react {
	int unit;
	int kind;                /* enum ctbl_react_kind */
	int dice;                /* CR_FIRE: stands (gunners) that bear */
	int band;                /* CR_FIRE: 0 short, 1 long */
	int32_t gap;             /* units, at the nearest point of the move */
	bool pivot;              /* CR_FIRE: the stands bear only with a pivot, at -1 [Fire (g)] */
};
int ctbl_reactions(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		   int i, const struct cros_pos *p, struct ctbl_react *out, int max);

/* [Side A Turn (c) 1] reaction fire "if at the correct angle and range at any time during the
 * command-point-using unit's activity such as movement": f's best sight of unit at as it moved
 * from `from` straight to where it stands now (sampled every inch, in its final facing and
 * formation): the most stands bearing, then the nearer band, then the least gap. *where: the
 * point chosen. 0, or -1 (e) as ctbl_sight; s->band 2 when out of range all the way. */
int ctbl_sight_along(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		     int f, int at, const struct cros_pos *from, struct ctbl_sight *s, struct cros_pos *where,
		     struct err *e);

/* Where unit i would stand moving straight at unit j (facing kept) as far as limit units allow
 * (-1: no limit), stopping 2" from it [MOVE (i)], [Close Combat (a)]; *dist the units moved. */
struct cros_pos ctbl_toward(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			    const struct cros_game *g, int i, int j, int32_t limit, int32_t *dist);

/* Unit i's move straight at enemy j as `move --toward` plans it [MOVE (a), (i)]: with the facing
 * and formation of *to (in: the unit's position as it would end; out: the planned end), the
 * whole way to 2" of j or, where the table refuses that (a friend or the unit's restriction at
 * its end, another enemy's 2" far along), as far as its best dice could go that way, or two
 * thirds or a third of that (of the whole way when that is nearer) ("Units need not move the
 * full distance"). *mv the plan, *dfull the whole way's length, *dplan the planned part's. true
 * when planned as a move; false when all are refused (*to then the last tried; e the first
 * refusal short of the whole way, or the whole way's when there is none). */
bool ctbl_toward_plan(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      int i, int j, struct cros_pos *to, struct ctbl_move *mv, int32_t *dfull, int32_t *dplan,
		      struct evsink *ev, struct err *e);
/* Part k (3, 2 or 1: all, two thirds or a third) of the way unit i's best dice could go straight at
 * enemy j (reach units; of the whole way, dfull, when that is nearer): the points ctbl_toward_plan
 * falls back on where the whole way is refused, and the listing of moves offers (cgame.c). Into
 * *to (ctbl_toward's) and *dist; false when the part is under an inch. */
bool ctbl_toward_part(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      int i, int j, int32_t reach, int32_t dfull, int k, struct cros_pos *to, int32_t *dist);

/* A withdrawal [Close Combat (g)] or a rout [MORALE (d)] of unit i, `inches` (the natural dice)
 * straight away from the nearest enemy, ignoring terrain, facing away, in its formation; from
 * several enemies within 2" (a close combat of several units), away from the middle of their
 * centres. */
struct ctbl_fall {
	int from;                /* the nearest enemy (-1: none on the table; then toward its own edge) */
	int others;              /* the other enemies within 2" it falls back from (from not given) */
	struct cros_pos to;      /* where it ends (to.on false: it leaves the table) */
	int passed[CROS_UNITS_MAX]; /* friendly units it passes through [MORALE (a) 4] */
	int npassed;
	int near[CROS_UNITS_MAX];   /* friendly units within 6" of its line of rout [MORALE (a) 3] */
	int nnear;
};
/* Works out where it ends, away from the enemy unit from (-1: the nearest, or the enemies within
 * 2" together), stopping before it
 * would come within 2" of another enemy and short, half an inch at a time, of ending on a unit;
 * and whom it disturbs. Changes nothing. 0, or -1 with e (a unit not on the table). */
int ctbl_fall_back(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		   int i, int from, int inches, bool rout, struct ctbl_fall *fb, struct evsink *ev, struct err *e);

/* [Modifiers (a), (b)] "double line (lines w/in 4" of each other)", Q&A 3 "two different units
 * in line ... within 4" (one behind the other)": whether units a and b, friends of one arm
 * (infantry or cavalry), both in line formation, facing within 45 degrees of each other, stand
 * one behind the other (the centre of one behind the other's frontage) with at most 4" between
 * their footprints. */
bool ctbl_double_line(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      int a, int b);
/* Q&A 3 "they are both involved": the place in units[n] (negative entries skipped) of a unit
 * within 2" of the enemy d in whose double line unit i charges as the second line, or -1. */
int ctbl_front_line(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		    int i, int d, const int *units, int n);

/* Close combat modifiers the table shows (formations, cover, crest, a charge from the rear,
 * standing cavalry): up to max keys of the sheet's modifiers for the attacker a (k 0) or the
 * defender d (k 1), each emitted with why; *rear set for a defender hit from its rear. */
int ctbl_cc_mods(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		 int a, int d, int k, const char **keys, int max, bool *rear, struct evsink *ev);

#endif
