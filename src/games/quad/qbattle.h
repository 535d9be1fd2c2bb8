/* qbattle: the exclusive rules of each battle, as hooks the standard rules call. A battle
 * supplies a const struct q_battle with the hooks it needs; a NULL hook means the Standard
 * Rules apply unchanged. Battle state lives in struct q_state (bs[] and each unit's aux). */
#ifndef CRIMEA_QBATTLE_H
#define CRIMEA_QBATTLE_H

#include "qcombat.h"

struct q_battle {
	const char *id;
	/* The case that gives some of its units a Movement Allowance of 0 (Balaclava's immobile
	 * guns, [16.42]), cited when one is moved; NULL: none. */
	const char *immobile_case;
	/* Builds the battle's static data at scenario load (q->zone); 0 or -1. */
	int (*prepare)(struct q_scn *q);
	void (*setup)(struct game *g);
	int (*may_move)(const struct game *g, int u, struct err *e);
	/* may_move's answer depends on the unit's definition (type, nation, tags) and the
	 * Game-Turn alone, never on the rest of the position: then, with ignores_zoc static too
	 * and the Standard Rules' allowance and steps, the memo keeps per-unit movement facts
	 * (q_battle_unit_moves, q_movers_begin), worked out again when the Game-Turn changes */
	bool may_move_static;
	int (*may_enter)(const struct game *g, int u, struct err *e);
	/* The Game-Turn reinforcement u is scheduled for, given the printed one (Inkerman [25.22]
	 * 4-7 and [25.32] 5: earlier arrivals); q_can_enter compares the turn with it. */
	int (*enter_turn)(const struct game *g, int u, int printed);
	int (*stack_ok)(const struct game *g, int u, int idx, const int *stack, int n);
	/* may_enter reads no more of the position than the rules state's head (the fields before
	 * the pending decisions, but st->moving) and stack_ok no more than that, u and the units
	 * of the stack: then the memo may keep the reinforcements' entries (q_entries_recall) */
	bool entries_local;
	/* the bytes of st->bs the battle's state takes (the size of its struct); the others stay
	 * zero. 0: not declared (every byte of bs may be in use) */
	size_t bs_used;
	int (*los_hex)(const struct game *g, int idx);
	/* los_hex reads the map only, never the position: then a line of sight traced without the
	 * los hook (LOSF_NOHOOK) depends on the map alone and the memo may keep it */
	bool los_hex_static;
	/* the los hook reads neither st nor n (q_los_ex may then hand it NULL, 0 without tracing
	 * the line, once it knows the line can be traced at all) */
	bool los_lineless;
	int (*los)(const struct game *g, int from, int to, const struct line_step *st, int n, char *why, size_t wn);
	int (*fire_from_bottom)(const struct game *g, int u);
	int (*art_range)(const struct game *g, int u);
	int (*fire_shift)(const struct game *g, int target, char *why, size_t n);
	int (*fire_die)(const struct game *g, const struct action *a, int die);
	/* Inkerman [28.1] split fire: the points each firer of a brings (use[i]) given its whole
	 * strength against the target (whole[i]); 0, -1 with the case, 1 no opinion. */
	int (*fire_split)(const struct game *g, const struct action *a, const int *whole, int *use, struct err *e);
	/* Do u and v, attacked in fire as one target, retreat together (Inkerman [28.23])? */
	bool (*retreat_together)(const struct game *g, int u, int v);
	/* Inkerman [19.42], [19.43]: with this hook a single unit retreating (or displaced) into
	 * the hex of one friendly unit forms a stack with it instead of displacing it, and one
	 * meeting a stack of two chooses to displace one unit or both as a stack. Returns 1 if u
	 * may end its retreat in idx stacked with the units there now (the stacking rules), 0 if
	 * not. NULL: the Standard Rules ([8.61]: every friendly unit in the way is displaced). */
	int (*retreat_stack_ok)(const struct game *g, int u, int idx);
	/* After fire action a (its firers already marked QF_FIRED): bookkeeping of strength left. */
	void (*fire_spent)(struct game *g, const struct action *a, const int *whole, const int *use, struct evsink *ev);
	int (*melee_strength)(const struct game *g, int u, bool attacking, int base);
	bool (*defends)(const struct game *g, int u);   /* takes part in melee defence */
	bool (*exerts_zoc)(const struct game *g, int u);
	/* exerts_zoc's answer depends on the unit's definition alone (its type, nation, tags),
	 * never on the position: then the enemy's zones of control depend on its units' hexes and
	 * disruptions alone, and the memo keeps them as it does without the hook */
	bool exerts_zoc_static;
	/* Optional: true when, in this game (its optional rules), exerts_zoc's answer depends on
	 * the unit's definition alone, as exerts_zoc_static says for every game (Inkerman without
	 * [26.2] and [27.1]) */
	bool (*exerts_zoc_static_in)(const struct game *g);
	/* The whole rally modifier, given the Standard Rules' one (why holds its text). */
	int (*rally_mod)(const struct game *g, int u, int std, char *why, size_t n);
	/* Movement allowance in whole MP, given the Standard Rules' one. */
	int (*ma)(const struct game *g, int u, int base);
	/* Units that may be fired upon in a hex (top first); -1 for the Standard Rules. */
	int (*targets)(const struct game *g, int idx, int *out);
	/* May these units fire together? 0 or -1 with the case. */
	int (*fire_group_ok)(const struct game *g, const int *units, int n, struct err *e);
	int (*may_rally)(const struct game *g, int u, struct err *e);
	int (*morale)(const struct game *g, int u, int base);
	void (*after_move)(struct game *g, int u, struct evsink *ev);
	/* After a move or entry action of u that entered `hexes` hexes (its path; the entry hex
	 * counts one); may roll dice (0 or DICE_NEED). Inkerman [26.1] dissolution. */
	int (*moved)(struct game *g, int u, int hexes, struct evsink *ev);
	void (*on_disrupt)(struct game *g, int u, struct evsink *ev);
	void (*on_melee)(struct game *g, const int *att, int natt, struct evsink *ev);
	void (*on_removed)(struct game *g, int u, int origin, bool retreated, struct evsink *ev);
	void (*after_action)(struct game *g, struct evsink *ev);
	void (*end_phase)(struct game *g, struct evsink *ev);
	void (*actions)(const struct game *g, struct q_alist *l);
	int (*apply)(struct game *g, const struct action *a, struct evsink *ev, struct err *e);
	/* Fills r; with sh (may be NULL) also the score sheet, line by line of the schedule. */
	void (*victory)(const struct game *g, struct result *r, struct score_sheet *sh);
	/* May u end a move from start (its hex at the start of the phase) in dest? */
	int (*move_ok)(const struct game *g, int u, int dest, struct err *e);
	/* At the start of each phase, after the phase changed; may roll dice (DICE_NEED). */
	int (*phase_start)(struct game *g, struct evsink *ev);
	/* u moves without regard to enemy zones of control (Alma [19.1] artillery). */
	bool (*ignores_zoc)(const struct game *g, int u);
	/* ignores_zoc's answer depends on the unit's definition alone (as exerts_zoc_static) */
	bool ignores_zoc_static;
	/* May the deciding side end the current phase? 0 or -1 with the case. */
	int (*may_end)(const struct game *g, struct err *e);
	/* Is idx closed to u (move, retreat, advance) beyond the Standard Rules? */
	bool (*closed)(const struct game *g, int u, int idx);
	/* closed(g, -1, idx), idx closed to everyone (which the enemy_blocked map asks of each
	 * hex a friendly unit stands in), holds exactly when a unit with one of closed_tags
	 * (enum q_tag) stands in idx, never with closed_tags 0; then the maps depend on the enemy
	 * units' and the tagged units' hexes and disruptions alone, and the memo keys them so */
	bool closed_static;
	uint32_t closed_tags;
	/* Half movement points whose expense disrupts cavalry unit u ([11.11]: 14, i.e. 7 MP). */
	int (*cav_disrupt_mp)(const struct game *g, int u);
	/* Adjusts a copy of u's step-cost table for the present position (engineer bridges). */
	void (*patch_steps)(const struct game *g, int u, uint8_t *step);
	/* Optional, with patch_steps: false when patch_steps would leave u's table as it is in
	 * the present position (q_battle_steps then hands out the scenario's own table, saving
	 * the copy; the searches give the same results with either). */
	bool (*patches)(const struct game *g, int u);
	/* Optional, instead of patch_steps where a battle's changes do not depend on the position
	 * (Inkerman's road rules): which precomputed table u moves by now: 0 the scenario's own,
	 * k >= 1 q_scn.vstep[k - 1] (built by prepare). */
	int (*step_variant)(const struct game *g, int u);
	/* u's fire (melee false) or melee (melee true) strength, given the printed one of its
	 * present side (Inkerman [20.33] skirmishers formed into a battalion). */
	int (*strength)(const struct game *g, int u, bool melee, int base);
	/* Is u's present fire (melee false) or melee strength parenthesised (defence only),
	 * given the printed mark? (Inkerman [20.33]: the formed battalion ignores them.) */
	bool (*paren)(const struct game *g, int u, bool melee, bool printed);
	/* May these units attack together in melee (action a, "melee U[,U] > H[,H]")? 0 or -1
	 * with the case (Inkerman [19.3]: both units of a stack attack together). */
	int (*melee_ok)(const struct game *g, const struct action *a, struct err *e);
	/* Text forms of the battle's own action kinds (kind >= QA_NKINDS): parse returns 0, -1
	 * with e set, or 1 when the first word is not one of the battle's; format returns 0 or
	 * -1 (Inkerman's optional rules: "bigfire", "ship", "march", "reserve", "mass"). */
	int (*parse)(const struct game *g, const char *const *tok, int nt, struct action *a, struct err *e);
	int (*format)(const struct game *g, const struct action *a, char *buf, size_t n);
};

extern const struct q_battle q_alma;
extern const struct q_battle q_balaclava;
extern const struct q_battle q_inkerman;
extern const struct q_battle q_tchernaya;

/* The battle of a scenario, by its id's first word; NULL for none (test scenarios). */
const struct q_battle *q_battle_find(const char *scenario_id);

/* Does the battle leave a unit's allowance and step table to the Standard Rules (no ma,
 * step_variant or patch_steps hook)? Then both depend on the unit's type and disruption
 * alone, and the movement listings and the memo's searches compute them inline (quad.c,
 * qmemo.c, qmove.c), asking only the may_move and ignores_zoc hooks, if any. */
static inline bool q_battle_std_moves(const struct q_battle *b)
{
	return !b || (!b->ma && !b->step_variant && !b->patch_steps);
}

/* Does whether a unit may move, its allowance, its step table and its subjection to zones of
 * control depend on the unit's own state and definition and the Game-Turn alone (the
 * Standard Rules' allowance and steps, and no may_move or ignores_zoc hook or only ones
 * declared static)? Then the memo keeps those facts per unit (qmemo.c, q_movers_begin). */
static inline bool q_battle_unit_moves(const struct q_battle *b)
{
	return q_battle_std_moves(b) &&
	       (!b || ((!b->may_move || b->may_move_static) && (!b->ignores_zoc || b->ignores_zoc_static)));
}

/* Do the reinforcements' entries (quad.c, list_entries) read no more of the position than the
 * rules state's head, the maps, the reinforcements' own states and the stacks in the map's
 * edge and scheduled entry hexes? True without the hooks they ask (or with entries_local)
 * and without the closed, enter_turn and ma hooks, which may read anything. */
static inline bool q_battle_entries_local(const struct q_battle *b)
{
	return !b || ((b->entries_local || (!b->may_enter && !b->stack_ok)) && !b->closed &&
		      !b->enter_turn && !b->ma);
}

/* Hooks without a counterpart in qcombat.h. The ones the engine asks in its loops are inline,
 * so that a battle without the hook costs no call. */
static inline int q_battle_morale(const struct game *g, int u, int base)
{
	const struct q_battle *b = q_scn(g)->ops;
	return b && b->morale ? b->morale(g, u, base) : base;
}

static inline int q_battle_moved(struct game *g, int u, int hexes, struct evsink *ev)
{
	const struct q_battle *b = q_scn(g)->ops;
	return b && b->moved ? b->moved(g, u, hexes, ev) : 0;
}

static inline int q_battle_move_ok(const struct game *g, int u, int dest, struct err *e)
{
	const struct q_battle *b = q_scn(g)->ops;
	return b && b->move_ok ? b->move_ok(g, u, dest, e) : 0;
}

static inline bool q_battle_exerts_zoc(const struct game *g, int u)
{
	const struct q_battle *b = q_scn(g)->ops;
	return b && b->exerts_zoc ? b->exerts_zoc(g, u) : true;
}

static inline bool q_battle_ignores_zoc(const struct game *g, int u)
{
	const struct q_battle *b = q_scn(g)->ops;
	return b && b->ignores_zoc ? b->ignores_zoc(g, u) : false;
}

static inline int q_battle_may_end(const struct game *g, struct err *e)
{
	const struct q_battle *b = q_scn(g)->ops;
	return b && b->may_end ? b->may_end(g, e) : 0;
}

static inline bool q_battle_closed(const struct game *g, int u, int idx)
{
	const struct q_battle *b = q_scn(g)->ops;
	return b && b->closed ? b->closed(g, u, idx) : false;
}

static inline int q_battle_ma(const struct game *g, int u, int base)
{
	const struct q_battle *b = q_scn(g)->ops;
	return b && b->ma ? b->ma(g, u, base) : base;
}

static inline int q_battle_targets(const struct game *g, int idx, int *out)
{
	const struct q_battle *b = q_scn(g)->ops;
	return b && b->targets ? b->targets(g, idx, out) : -1;
}

static inline int q_battle_strength(const struct game *g, int u, bool melee, int base)
{
	const struct q_battle *b = q_scn(g)->ops;
	return b && b->strength ? b->strength(g, u, melee, base) : base;
}

static inline bool q_battle_paren(const struct game *g, int u, bool melee, bool printed)
{
	const struct q_battle *b = q_scn(g)->ops;
	return b && b->paren ? b->paren(g, u, melee, printed) : printed;
}

void q_battle_setup(struct game *g);
bool q_battle_defends(const struct game *g, int u);
void q_battle_after_move(struct game *g, int u, struct evsink *ev);
void q_battle_on_disrupt(struct game *g, int u, struct evsink *ev);
void q_battle_on_melee(struct game *g, const int *att, int natt, struct evsink *ev);
void q_battle_on_removed(struct game *g, int u, int origin, bool retreated, struct evsink *ev);
void q_battle_after_action(struct game *g, struct evsink *ev);
void q_battle_end_phase(struct game *g, struct evsink *ev);
void q_battle_actions(const struct game *g, struct q_alist *l);
int q_battle_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e);
int q_battle_phase_start(struct game *g, struct evsink *ev);
int q_battle_cav_disrupt_mp(const struct game *g, int u);
int q_battle_fire_group_ok(const struct game *g, const int *units, int n, struct err *e);
int q_battle_melee_ok(const struct game *g, const struct action *a, struct err *e);
int q_battle_parse(const struct game *g, const char *const *tok, int nt, struct action *a, struct err *e);
int q_battle_format(const struct game *g, const struct action *a, char *buf, size_t n);
/* The step-cost table u moves with now: the scenario's, or scratch patched by the battle. */
const uint8_t *q_battle_steps(const struct game *g, int u, uint8_t *scratch);

/* ---- Inkerman: the optional rules [23.0]-[28.0] (qinkopt.c), switched by the Q_OPT_* bits
 * of quad.h. qinkerman.c's hooks call these; the battle state after struct ink (bs[0..15])
 * belongs to qinkopt.c. ---- */

/* The battle's own action kinds (after the Standard Rules' enum q_act). Their text forms are
 * parsed and formatted by the parse/format hooks above; until quad.c forwards unknown words
 * and kinds to those hooks (docs/RULES.md "Inkerman optional rules"), they are applied
 * through q_battle_apply and not listed to players. */
#define QA_BIGFIRE (QA_NKINDS + 0) /* "bigfire GUN HEX [GUN HEX...]" [24.1]: arg pairs (gun, hex) */
#define QA_SHIP (QA_NKINDS + 1)    /* "ship SHIP underway|moor|HEX" [24.33]-[24.36] */
#define QA_MARCH (QA_NKINDS + 2)   /* "march UNIT" enter or leave March Mode [27.1] */
#define QA_RESERVE (QA_NKINDS + 3) /* "reserve UNIT" name an Allied Reserve [27.21] */
#define QA_MASS (QA_NKINDS + 4)    /* "mass UNIT" UNIT and its stack-mate deploy en masse [28.21] */
#define QA_INK_NKINDS (QA_NKINDS + 5)

/* Steamship states [24.33]. */
enum qio_ship { QIO_MOORED, QIO_GETTING_UNDERWAY, QIO_UNDERWAY, QIO_MOORING };

/* Shared with qinkerman.c (defined there). */
bool q_ink_dark(const struct game *g);
bool q_ink_night(const struct game *g);
int q_ink_sighting(const struct game *g);      /* hexes; 0 unlimited */
bool q_ink_skirm(const struct game *g, int u); /* a skirmisher counter (not formed) */
int q_ink_allied_free_turn(const struct game *g);
bool q_ink_option_scenario(const struct game *g);

/* Defined in qinkopt.c. */
void qio_setup(struct game *g);
int qio_fog_count(const struct game *g);       /* consecutive Fog turns now, -1: rule off */
int qio_ma(const struct game *g, int u, int base, bool dark);
int qio_cav_disrupt_mp(const struct game *g, int u); /* [25.12] */
int qio_release_turn(const struct game *g, int u, int base);
int qio_may_move(const struct game *g, int u, struct err *e); /* 1: the standard check applies */
int qio_may_enter(const struct game *g, int u, struct err *e);
int qio_enter_turn(const struct game *g, int u, int printed); /* [25.22] 4-7, [25.32] 5 */
bool qio_release_roll_waived(const struct game *g, int u);
int qio_morale(const struct game *g, int u, int base);
int qio_strength(const struct game *g, int u, bool melee, int base);
int qio_melee_strength(const struct game *g, int u, bool attacking, int base);
int qio_exerts_zoc(const struct game *g, int u);  /* 0, 1, or -1 no opinion */
/* Does qio_exerts_zoc answer -1 for every unit in this game (neither [26.2] nor [27.1] in
 * play)? */
bool qio_exerts_zoc_none(const struct game *g);
int qio_fire_shift(const struct game *g, int target, char *why, size_t n);
int qio_targets(const struct game *g, int idx, int *out); /* -1: no opinion */
int qio_fire_from_bottom(const struct game *g, int u);    /* 1 allowed, -1 no opinion */
int qio_fire_group_ok(const struct game *g, const int *units, int n, struct err *e);
int qio_fire_split(const struct game *g, const struct action *a, const int *whole, int *use, struct err *e);
void qio_fire_spent(struct game *g, const struct action *a, const int *whole, const int *use, struct evsink *ev);
int qio_split_left(const struct game *g, int u); /* [28.1] points spent by the unit that split fire, -1 none */
bool qio_massed_pair(const struct game *g, int u, int v);
int qio_melee_ok(const struct game *g, const struct action *a, struct err *e);
int qio_move_ok(const struct game *g, int u, int dest, struct err *e);
bool qio_closed(const struct game *g, int u, int idx);
/* The step_variant hook; qio_prepare (Inkerman's prepare) builds the tables it names and
 * finds the Regimental Boxes. */
int qio_step_variant(const struct game *g, int u);
int qio_prepare(struct q_scn *q);
void qio_after_move(struct game *g, int u, struct evsink *ev);
int qio_moved(struct game *g, int u, int hexes, struct evsink *ev); /* [26.1] */
void qio_on_melee(struct game *g, const int *att, int natt, struct evsink *ev);
void qio_on_exit(struct game *g, int u, int vp);
void qio_after_action(struct game *g, struct evsink *ev);
void qio_end_phase(struct game *g, struct evsink *ev);
int qio_phase_start(struct game *g, struct evsink *ev);
void qio_actions(const struct game *g, struct q_alist *l);
int qio_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e); /* 1: not ours */
int qio_parse(const struct game *g, const char *const *tok, int nt, struct action *a, struct err *e);
int qio_format(const struct game *g, const struct action *a, char *buf, size_t n);
/* Victory adjustments [23.1], [27.21], [27.22]: adds to the Russian and Allied totals;
 * *skip_sandbag is set when [23.1] replaces the Sandbag Battery's 2 points. */
void qio_victory(const struct game *g, int *vr, int *va, bool *skip_sandbag, struct score_sheet *sh);
/* [24.14] the Effectiveness Rating of big gun (or steamship) u at map index target, -1 out
 * of range or not allowed (why says why). */
int qio_big_rating(const struct game *g, int u, int target, char *why, size_t n);
/* Odds of a big-gun declaration before any die: per unit attacked, its total rating and the
 * chance in sixths that it is disrupted/eliminated; text for crimea odds. */
int qio_bigfire_odds(const struct game *g, const struct action *a, char *out, size_t n, struct err *e);
/* State readers for views and tests. */
int qio_ship_state(const struct game *g, int u);  /* enum qio_ship, -1 not a steamship */
int qio_ship_hex(const struct game *g, int u);    /* map index */
int qio_fatigue_points(const struct game *g, int u);
bool qio_fatigued(const struct game *g, int u);
bool qio_march(const struct game *g, int u);
bool qio_reserve(const struct game *g, int u);
bool qio_massed(const struct game *g, int u);
int qio_box(const struct game *g, int u);        /* [23.2] Regimental Box index, -1 none */
const char *qio_box_name(const struct game *g, int box);
int qio_weather(const struct game *g);           /* 0 not rolled, 1 rain, 2 no rain */
int qio_event(const struct game *g, int russian_table); /* table row 1-7, 0 none */
int qio_sandbag_captures(const struct game *g, int side);
/* The option bits of a rule id ("23.1", "24", "24.3", "27", "all", "11.27"); 0 if unknown. */
uint32_t q_option_bits(const char *id);

#endif
