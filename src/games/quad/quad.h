/* quad: the SPI Crimean War QuadriGame Standard Rules ([1.0]-[13.0], errata of 19 May 1978)
 * behind the common rules interface. The exclusive rules of each battle are hooks the standard
 * rules call (qbattle.c). This header exposes the scenario and state layouts to the other quad
 * modules, to the tests and to read-only views. */
#ifndef CRIMEA_QUAD_H
#define CRIMEA_QUAD_H

#include <stdbool.h>
#include <stdint.h>

#include "../../core/prov.h"
#include "../../hex/map.h"
#include "../../hex/path.h"
#include "../rules.h"
#include "qtables.h"

extern const struct rules quad_rules;

#define Q_UNITS_MAX 192
#define Q_PARENT_END 0xFF /* struct q_udef parent_first, parent_next: none */
#define Q_ID_MAX 24
#define Q_NAME_MAX 32
/* The most units one hex can hold. Stacking limits are checked by rule; this is storage, and
 * must hold the largest legal stack: the Tchernaya's, where the four engineers never count
 * ([17.11]) and join a stack of two, six units; Balaclava's [21.0] allows five (four one-point
 * Light Brigade regiments and a gun). */
#define Q_STACK_MAX 6
#define Q_TURNS_MAX 60

enum q_type { Q_INF, Q_CAV, Q_ART, Q_HART, Q_NTYPES };

/* Movement classes: a type, and whether disrupted (no road benefit, [9.14]). */
#define Q_NMOVE (Q_NTYPES * 2)
#define Q_NVARIANT 2 /* a battle's precomputed step-table variants (q_scn.vstep) */
#define Q_BPLACE_MAX 16 /* a battle's own places (q_scn.bplace) */
#define Q_BHEX_MAX 4    /* a battle's own hexes (q_scn.bhex) */
static inline int q_mclass(int type, bool disrupted) { return type * 2 + (disrupted ? 1 : 0); }

enum q_tag {
	QT_SKIRMISHER = 1u << 0,
	QT_ENGINEER = 1u << 1,
	QT_REDOUBT_GUN = 1u << 2,
	QT_FATIGUE = 1u << 3,
	QT_ZOUAVE = 1u << 4,
	QT_PICKET = 1u << 5,
	QT_BIG_GUN = 1u << 6,
	QT_STEAMSHIP = 1u << 7,
	QT_FRENCH_ADDITIONAL = 1u << 8,
	QT_OPTIONAL24 = 1u << 9,
	QT_HOLD_C = 1u << 10,     /* Tchernaya [19.23] movement holds */
	QT_HOLD_D = 1u << 11,
	QT_HOLD_E = 1u << 12,
	QT_GARRISON = 1u << 13,   /* Tchernaya garrisoned redoubt */
	QT_ENTER_TOGETHER = 1u << 14, /* Alma [22.2] reinforcements all on one turn */
	QT_RELEASE_ROLL = 1u << 15,   /* Inkerman [29.16] moves only when its release die allows */
};

/* One counter as printed: [0] front (undisrupted), [1] back (disrupted). */
struct q_udef {
	char id[Q_ID_MAX];
	char name[Q_NAME_MAX];
	char nation[16];
	char parent[Q_ID_MAX];
	char trigger[12];     /* a reinforcement that waits for an event: the case that brings it
			       * on ("17.21", data's "trigger"), its enter_turn the earliest; or "" */
	uint8_t side;         /* index into scenario->side */
	uint8_t type;         /* enum q_type */
	uint8_t size;         /* 0 unknown, 1 I, 2 II, 3 III, 4 X */
	uint8_t has_back;     /* 0: the back is blank, disruption eliminates ([9.0]) */
	int8_t fire[2];       /* fire strength; -1 none; artillery uses cls instead */
	int8_t melee[2];
	int8_t morale[2];
	uint8_t fire_paren[2];  /* [7.21] parenthesised: defensive fire only */
	uint8_t melee_paren[2]; /* [8.17] bracketed: defence only */
	char cls[2];          /* artillery class letter ([7.41]), 0 if none */
	uint8_t ma;           /* movement allowance in whole MP */
	int16_t setup_hex;    /* HEX_NONE for reinforcements */
	uint8_t top;
	uint8_t start_disrupted;
	int8_t enter_turn;    /* 0 if not a reinforcement */
	int16_t enter_hex;    /* HEX_NONE if entering along an edge */
	int8_t enter_edge;    /* map edge index, or -1 */
	uint32_t tags;        /* enum q_tag */
	uint8_t btags;        /* the battle's own bits for its tags, set by its prepare (Inkerman:
			       * qinkerman.c's BT_*), so that hooks need not search tagtext */
	uint8_t parent_first; /* the first unit (index) of the same side with this parent, and */
	uint8_t parent_next;  /* the next one after this unit; Q_PARENT_END at the end, both
			       * Q_PARENT_END without a parent (in what was padding: the same size) */
	int release;          /* N of a "release_N" tag (Inkerman [29.16]), else 0 */
	char tagtext[128];    /* every tag, space separated (exclusive rules read the rest) */
	int prov_source;      /* enum prov_source of the block the unit came from */
};

struct q_battle;

struct q_scn {
	const struct q_battle *ops; /* the battle's exclusive rules, or NULL */
	struct map map;
	struct q_tables tab;
	int first;            /* side index of the First Player */
	int turns;            /* the last Game-Turn */
	int first_turn;       /* the first Game-Turn played (Inkerman's historical game starts on 8) */
	int nunits;
	struct q_udef u[Q_UNITS_MAX];
	/* each side's units in unit order (made at load), for loops over one side's units */
	int16_t sideu[2][Q_UNITS_MAX];
	int nsideu[2];
	/* each side's reinforcements (a scheduled Game-Turn, enter_turn > 0) in unit order */
	int16_t sider[2][Q_UNITS_MAX];
	int nsider[2];
	/* Step costs per movement class, in half movement points (PATH_NOWAY = prohibited),
	 * computed once from the map and the Terrain Effects Chart. */
	uint8_t *step[Q_NMOVE];
	struct path_prep prep[Q_NMOVE]; /* the same tables packed for path_search_prep */
	/* A battle's position-independent variants of the step tables, built once by its prepare
	 * (Inkerman: all roads minor [27.15], all roads major [25.12]); NULL where unused. The
	 * step_variant hook says which one a unit moves by, so that no search copies and patches
	 * a 6 KB table (and the memo compares pointers, not copies). */
	uint8_t *vstep[Q_NVARIANT][Q_NMOVE];
	struct path_prep vprep[Q_NVARIANT][Q_NMOVE]; /* the same packed (when vstep is set) */
	/* [n]: bit d set when a zone of control extends from the hex to its neighbour in
	 * direction d ([6.14]: an on-map neighbour, not across an unbridged river or a cliff). */
	uint8_t *zoc_dirs;
	/* [n * 8]: for hex i, zoc_nb[i * 8] the number of bits in zoc_dirs[i] and from
	 * zoc_nb[i * 8 + 1] the neighbours they name, in direction order, so that q_zoc marks a
	 * unit's zone without finding them */
	int16_t *zoc_nb;
	/* [n]: 1 when a major or minor road crosses a hexside of the hex into a hex off the map
	 * (q_entry_cost's hypothetical road, [12.13]), computed at load */
	uint8_t *entry_road;
	int32_t *edge;        /* [nedge] the on-map hexes at the map's edge, by index ([12.22]) */
	int nedge;
	uint8_t *at_edge;     /* [n]: 1 for those hexes (q_edge_hex), 0 for the others */
	char battle[16];      /* "alma", "balaclava", "inkerman", "tchernaya" or "" */
	int russian;          /* the Russian side as the battles' rules name it: 0 when the
			       * scenario's first side is "russian", else 1 (worked out at load, so
			       * that hooks run after every action compare no strings) */
	uint8_t *zone;        /* [map n] the battle's static map zones (Alma: river banks), or NULL */
	/* The battle's own places, as indices into map.places in map order, found by its prepare
	 * (Inkerman: the Regimental Boxes, [23.21]), so that rules need not search places by name */
	int16_t bplace[Q_BPLACE_MAX];
	int nbplace;
	/* The battle's own units and hexes (map indices, -1 off the map), found by its prepare
	 * (Balaclava: the redoubt guns and the western redoubts, [18.2], [23.22]), so that a hook
	 * run after every action need not scan every unit or look hexes up */
	int16_t bunit[Q_UNITS_MAX];
	int nbunit;
	int16_t bunit2[Q_UNITS_MAX]; /* a second such list (Tchernaya: the units a [19.23] hold binds) */
	int nbunit2;
	int32_t bhex[Q_BHEX_MAX];
	int nprov;            /* reconstructed/decoded blocks, listed by crimea show */
	char prov_note[24][160];
};

enum q_phase {
	QP_MOVE, QP_DEFFIRE, QP_CAVRETREAT, QP_OFFFIRE, QP_MELEE, QP_RALLY, QP_OVER
};

/* Unit state flags. */
enum q_ufl {
	QF_RALLY_TRIED = 1 << 8, /* tried to rally this rally phase ([10.0]: once) */
	QF_CAVRET = 1 << 9,      /* retreated before combat this phase ([11.26]) */
	QF_WOODS = 1 << 10,      /* cavalry entered woods off-road this move ([11.12]) */
	QF_DISRUPTED = 1 << 0,
	QF_MOVED = 1 << 1,      /* moved this player-turn */
	QF_FIRED = 1 << 2,      /* fired this fire phase ([7.24]) */
	QF_FIRED_AT = 1 << 3,   /* fired upon this fire phase ([7.23]) */
	QF_MELEED = 1 << 4,     /* attacked or was attacked this melee phase ([8.14]) */
	QF_NOFIRE = 1 << 5,     /* artillery that moved: no fire until the flag clears ([7.28]) */
	QF_STOPPED = 1 << 6,    /* entered an enemy ZOC: may not move again this turn ([5.13]) */
	QF_ADVANCED = 1 << 7,   /* advanced after combat ([8.75]) */
};

#define Q_OFF (-1)   /* not yet on the map (reinforcement) */
#define Q_ELIM (-2)  /* eliminated or removed from play */
#define Q_ABSENT (-3) /* not in this game (an optional rule's unit with that rule off) */
#define Q_OCC_BUCKETS 256 /* occupancy index buckets (a power of two) */
#define Q_OCC_NONE 0xFF /* (unit indices are below Q_UNITS_MAX < 255) */

struct q_ust {
	int16_t idx;     /* map index, Q_OFF or Q_ELIM */
	uint16_t fl;     /* enum q_ufl */
	uint16_t layer;  /* higher is on top of the stack */
	uint8_t mp;      /* half movement points spent this movement phase */
	uint8_t nofire_pt; /* player-turn through which [7.28] forbids fire */
	uint8_t aux;     /* for the battle's exclusive rules (e.g. Balaclava fatigue [19.0]) */
};

/* A decision owed in the middle of a phase: a retreat path ([8.5], [7.16]), a displacement
 * ([8.6]) or an advance after combat ([8.7]). Kept as a stack; the top is decided first. */
enum q_pend_kind { QPEND_RETREAT, QPEND_ADVANCE };
#define Q_PEND_MAX 16
#define Q_PATH_MAX 8
struct q_pend {
	uint8_t kind;
	uint8_t side;      /* who decides */
	int16_t unit;      /* retreat: the unit */
	uint8_t hexes;     /* retreat: hexes to retreat */
	uint8_t star;      /* retreat: the result carried '*' */
	uint8_t displace;  /* retreat: this is a displacement ([8.61]), one hex */
	uint8_t chosen;    /* retreat: path[0..plen) already chosen; npath hexes done before a
			    * displacement paused it ([8.61]: the owner places the displaced unit) */
	uint8_t plen;
	uint8_t npath;     /* advance: path of retreat; retreat: hexes already retreated */
	int16_t path[Q_PATH_MAX];
	uint8_t nunits;    /* advance: attackers that may advance */
	int16_t units[6];
	int16_t origin;    /* retreat: combat position; advance: for the retreat that feeds it */
	int8_t feeds;      /* retreat: index of the advance pend this retreat records into, or -1 */
};

struct q_state {
	int16_t turn;        /* game-turn, 1-based */
	uint8_t phasing;     /* side index */
	uint8_t phase;       /* enum q_phase */
	uint16_t pturn;      /* player-turns completed */
	uint16_t layer_next;
	int16_t vp[2];
	int16_t moving;      /* the unit whose move is in progress ([5.18]), or -1 */
	uint8_t npend;
	uint8_t nent;        /* [12.13] entry hexes used this player-turn, and units per hex */
	int16_t ent_idx[8];
	uint8_t ent_cnt[8];
	int16_t elim_melee[2]; /* melee strength points eliminated, per owning side */
	uint8_t bs[1024];       /* the battle's own state (qalma.c, qbalaclava.c, ...; Inkerman's
				* optional rules keep per-unit bytes here, qinkopt.c) */
	struct q_pend pend[Q_PEND_MAX];
	struct q_ust u[Q_UNITS_MAX];
	/* Derived, kept last and outside the checksum: which units stand in which hex, so that a
	 * stack is found without scanning every unit. Buckets by map index; chains through
	 * occ_next; Q_OCC_NONE ends a chain. Only q_place() writes it (and u[].idx). */
	uint8_t occ_head[Q_OCC_BUCKETS];
	uint8_t occ_next[Q_UNITS_MAX];
};

static inline const struct q_scn *q_scn(const struct game *g) { return g->scn->data; }
/* The Russian side's index as the battles' rules name it (q_scn.russian, worked out at load). */
static inline int q_russian(const struct game *g) { return q_scn(g)->russian; }
static inline struct q_state *q_st(struct game *g) { return (struct q_state *)(void *)g->st; }
static inline const struct q_state *q_cst(const struct game *g)
{
	return (const struct q_state *)(const void *)g->st;
}
/* Is unit u disrupted ([9.0])? (inline: the rules and the samplers ask it in their loops) */
static inline bool q_disrupted(const struct game *g, int u)
{
	return q_cst(g)->u[u].fl & QF_DISRUPTED;
}

/* Action kinds and their text forms. */
enum q_act {
	QA_END,      /* "end": finish the current phase (or decision) */
	QA_MOVE,     /* "move UNIT HEX [HEX...]": path (first hex = where it stands) or destination */
	QA_ENTER,    /* "enter UNIT HEX [HEX...]": a reinforcement enters at HEX */
	QA_FIRE,     /* "fire UNIT[,UNIT] > HEX" */
	QA_MELEE,    /* "melee UNIT[,UNIT] > HEX[,HEX]" */
	QA_RETREAT,  /* "retreat UNIT HEX [HEX...]" */
	QA_ADVANCE,  /* "advance UNIT HEX [HEX...]" */
	QA_RALLY,    /* "rally UNIT" */
	QA_EXIT,     /* "exit UNIT": leave the map where a battle allows it */
	QA_SPIKE,    /* "spike UNIT": Balaclava [18.3] remove a redoubt gun */
	QA_TOP,      /* "top UNIT": put a unit on top of its stack ([5.37]) */
	QA_NKINDS
};

/* Current values of a unit (front or back as its state says). */
int q_fire(const struct game *g, int u);
int q_melee(const struct game *g, int u);
int q_morale(const struct game *g, int u);
int q_ma(const struct game *g, int u); /* whole MP, after [5.19]/[9.11] halving */
/* q_ma before the battle's ma hook: the printed allowance ma of a unit of type type, halved
 * when disrupted. */
static inline int q_ma_std(int ma, int type, bool disrupted)
{
	if (!disrupted)
		return ma;
	if (type == Q_ART || type == Q_HART)
		return 0;          /* [5.19], [9.12] disrupted artillery never moves */
	return (ma + 1) / 2;       /* [5.19], [9.11] halved, fractions rounded up */
}
bool q_on_map(const struct game *g, int u);
int q_unit_find(const struct q_scn *s, const char *id);
/* Face k (0 front, 1 back) of a counter as printed on it, "5-3-5" style: fire (an artillery
 * class letter, "-" for none, parenthesised when printed so), melee (bracketed likewise), morale. */
void q_face_text(const struct q_udef *d, int k, char *buf, size_t n);
/* Half movement points (the engine's unit) as a player reads them: "2", "2.5"; returns buf. */
#define Q_MP_TEXT_MAX 16
const char *q_mp_text(int halves, char buf[Q_MP_TEXT_MAX]);
/* The ids of units[n] for an event, "uk1, uk2": as many as fit in n bytes with room left
 * for " and N more", which then ends the list. */
void q_ids_text(const struct q_scn *s, const int *units, int nu, char *buf, size_t n);
/* Appends reason to the list in why[n] when cond holds: "+1 adjacent undisrupted enemy; -1 in
 * a redoubt" (the reasons of a die modifier, for its event). Nothing when n is 0 (no words
 * wanted). */
void q_why_add(char *why, size_t n, bool cond, const char *reason);
/* Does unit u carry tag `tag` (any tag of the data file, known or not)? */
bool q_has_tag(const struct q_scn *s, int u, const char *tag);
/* Units in the hex with map index idx (top first; equal layers by unit order); returns count,
 * at most max (the lowest-numbered units when a stack holds more). */
int q_stack(const struct game *g, int idx, int *out, int max);
/* Puts unit u at map index idx (or Q_OFF, Q_ELIM, Q_ABSENT): the one way to change a unit's
 * position, because it keeps the occupancy index. q_occ_reset empties the index with every
 * one of the nunits units at Q_OFF; q_occ_ok checks the index against the positions (tests). */
void q_place(struct q_state *st, int u, int idx);
/* Does a unit not of side stand in map index idx (>= 0)? Does a unit with any of the tags
 * (enum q_tag bits)? One walk of the occupancy chain, without building the stack. */
bool q_hex_has_foe(const struct game *g, int idx, int side);
bool q_hex_has_tag(const struct game *g, int idx, uint32_t tags);
/* Does a unit other than u stand in map index idx (>= 0)? The same walk. */
static inline bool q_hex_has_other(const struct q_state *st, int idx, int u)
{
	for (int v = st->occ_head[idx & (Q_OCC_BUCKETS - 1)]; v != Q_OCC_NONE; v = st->occ_next[v])
		if (v != u && st->u[v].idx == idx)
			return true;
	return false;
}
/* The units in map index idx (>= 0) in the occupancy chain's order (not the stack's: for
 * questions about the set of units in a hex, which never holds more than a stack may):
 * for (int v = q_occ_first(st, idx); v >= 0; v = q_occ_next(st, v, idx)). */
static inline int q_occ_next(const struct q_state *st, int v, int idx)
{
	for (v = st->occ_next[v]; v != Q_OCC_NONE; v = st->occ_next[v])
		if (st->u[v].idx == idx)
			return v;
	return -1;
}
static inline int q_occ_first(const struct q_state *st, int idx)
{
	int v = st->occ_head[idx & (Q_OCC_BUCKETS - 1)];
	if (v == Q_OCC_NONE)
		return -1;
	return st->u[v].idx == idx ? v : q_occ_next(st, v, idx);
}
/* The top unit of map index idx (>= 0), as q_stack's out[0] with max Q_STACK_MAX, or -1 when
 * the hex is empty: without building and sorting the stack. */
static inline int q_top(const struct game *g, int idx)
{
	const struct q_state *st = q_cst(g);
	int top = -1, n = 0, stk[Q_STACK_MAX];
	/* stack_sort's order: the highest layer on top, equal layers by unit order */
	for (int v = q_occ_first(st, idx); v >= 0; v = q_occ_next(st, v, idx), n++)
		if (top < 0 || st->u[v].layer > st->u[top].layer ||
		    (st->u[v].layer == st->u[top].layer && v < top))
			top = v;
	if (n > Q_STACK_MAX) /* (never in play: q_stack keeps the lowest-numbered units) */
		return q_stack(g, idx, stk, Q_STACK_MAX) > 0 ? stk[0] : -1;
	return top;
}
void q_occ_reset(struct q_state *st, int nunits);
bool q_occ_ok(const struct q_state *st, int nunits);
/* Marks the hexes controlled by side's undisrupted units ([6.1]) into zoc[n]. */
void q_zoc(const struct game *g, int side, uint8_t *zoc);
/* Computes q_scn.zoc_dirs for a map (at load). */
void q_zoc_dirs(const struct map *m, uint8_t *dirs);
/* Computes q_scn.zoc_nb ([n * 8]) from the map and zoc_dirs (at load). */
void q_zoc_nbs(const struct map *m, const uint8_t *dirs, int16_t *nbs);

/* Movement: fills res for unit u from its hex (caller provides result storage). */
int q_move_search(const struct game *g, int u, struct path_result *res, uint8_t *zoc,
		  uint8_t *blocked, uint8_t *steps, int32_t *order);
/* As q_move_search with zoc and blocked already computed for u's side. order (may be NULL)
 * receives the hexes reached in cost order. */
int q_move_search_with(const struct game *g, int u, struct path_result *res, const uint8_t *zoc,
		       const uint8_t *blocked, uint8_t *steps, int32_t *order);

/* Game options (struct game .options). */
#define Q_OPT_11_27 (1u << 0) /* [11.27] disrupted cavalry may not retreat before combat */
#define Q_OPT_24 (1u << 1)    /* Inkerman [24] the Big Guns (its units are absent without it) */
/* Inkerman optional rules [23]-[28] (qinkopt.c): one bit per rule, groups as masks. */
#define Q_OPT_23_1 (1u << 2)  /* [23.1] variable Sandbag Battery value */
#define Q_OPT_23_2 (1u << 3)  /* [23.2] variable arrangement of Russian regiments */
#define Q_OPT_23_3 (1u << 4)  /* [23.3] variable release of Russian regiments */
#define Q_OPT_25_1 (1u << 5)  /* [25.1] weather */
#define Q_OPT_25_2 (1u << 6)  /* [25.2] Allied random events */
#define Q_OPT_25_3 (1u << 7)  /* [25.3] Russian random events */
#define Q_OPT_26_1 (1u << 8)  /* [26.1] disruption caused by movement */
#define Q_OPT_26_2 (1u << 9)  /* [26.2] skirmishers' and pickets' zone of influence */
#define Q_OPT_27_1 (1u << 10) /* [27.1] march mode */
#define Q_OPT_27_2 (1u << 11) /* [27.2] reserves */
#define Q_OPT_27_3 (1u << 12) /* [27.3] fatigue */
#define Q_OPT_28_1 (1u << 13) /* [28.1] splitting fire */
#define Q_OPT_28_2 (1u << 14) /* [28.2] massed fire */
#define Q_OPT_G23 (Q_OPT_23_1 | Q_OPT_23_2 | Q_OPT_23_3)
#define Q_OPT_G24 Q_OPT_24
#define Q_OPT_G25 (Q_OPT_25_1 | Q_OPT_25_2 | Q_OPT_25_3)
#define Q_OPT_G26 (Q_OPT_26_1 | Q_OPT_26_2)
#define Q_OPT_G27 (Q_OPT_27_1 | Q_OPT_27_2 | Q_OPT_27_3)
#define Q_OPT_G28 (Q_OPT_28_1 | Q_OPT_28_2)
#define Q_OPT_INKERMAN (Q_OPT_G23 | Q_OPT_G24 | Q_OPT_G25 | Q_OPT_G26 | Q_OPT_G27 | Q_OPT_G28)

/* Sequence of play (quad.c). */
int q_deciding(const struct game *g);

/* Alma's Russian Preservation (qalma.c), as a player sees it: the trigger die is rolled in
 * the open and the exits are on the table. Units exit through Q_ALMA_EXIT_HEX (errata [21.2]);
 * q_alma_exits_owed is -1 when the game is not Alma or Preservation is not triggered, else
 * how many more units must exit this Game-Turn for the two that take 2 points off the Allies
 * ([23.11]) and spare the Russians a point ([23.12]): 2, 1 or 0. */
#define Q_ALMA_EXIT_HEX 2225
int q_alma_exits_owed(const struct game *g);

/* Balaclava's French additional reinforcements (qbalaclava.c, errata [17.21]): they enter in
 * the Allied Movement Phase after a Russian unit moves to a hex west of this hex column
 * (column 03 and lower). */
#define Q_BAL_TRIGGER_COLUMN 4

/* JSON views for the HTTP server (qjson.c; see struct rules). */
json_t *q_json_scenario(const struct scenario *s);
json_t *q_json_state(const struct game *g, int viewer_side);

/* Scenario loading (qscn.c). */
int q_scn_load(struct scenario *s, const struct jdoc *d, struct errlist *errs);
void q_scn_unload(struct scenario *s);
int q_setup(struct game *g, struct err *e);

#endif
