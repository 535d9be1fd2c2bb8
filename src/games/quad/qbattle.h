/* qbattle: the exclusive rules of each battle, as hooks the standard rules call. A battle
 * supplies a const struct q_battle with the hooks it needs; a NULL hook means the Standard
 * Rules apply unchanged. Battle state lives in struct q_state (bs[] and each unit's aux). */
#ifndef CRIMEA_QBATTLE_H
#define CRIMEA_QBATTLE_H

#include "qcombat.h"

struct q_battle {
	const char *id;
	/* Builds the battle's static data at scenario load (q->zone); 0 or -1. */
	int (*prepare)(struct q_scn *q);
	void (*setup)(struct game *g);
	int (*may_move)(const struct game *g, int u, struct err *e);
	int (*may_enter)(const struct game *g, int u, struct err *e);
	int (*stack_ok)(const struct game *g, int u, int idx, const int *stack, int n);
	int (*los_hex)(const struct game *g, int idx);
	int (*los)(const struct game *g, int from, int to, const struct line_step *st, int n, char *why, size_t wn);
	int (*fire_from_bottom)(const struct game *g, int u);
	int (*art_range)(const struct game *g, int u);
	int (*fire_shift)(const struct game *g, int target, char *why, size_t n);
	int (*fire_die)(const struct game *g, const struct action *a, int die);
	int (*melee_strength)(const struct game *g, int u, bool attacking, int base);
	bool (*defends)(const struct game *g, int u);   /* takes part in melee defence */
	bool (*exerts_zoc)(const struct game *g, int u);
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
	void (*on_disrupt)(struct game *g, int u, struct evsink *ev);
	void (*on_melee)(struct game *g, const int *att, int natt, struct evsink *ev);
	void (*on_removed)(struct game *g, int u, int origin, bool retreated, struct evsink *ev);
	void (*after_action)(struct game *g, struct evsink *ev);
	void (*end_phase)(struct game *g, struct evsink *ev);
	void (*actions)(const struct game *g, struct q_alist *l);
	int (*apply)(struct game *g, const struct action *a, struct evsink *ev, struct err *e);
	void (*victory)(const struct game *g, struct result *r);
	/* May u end a move from start (its hex at the start of the phase) in dest? */
	int (*move_ok)(const struct game *g, int u, int dest, struct err *e);
	/* At the start of each phase, after the phase changed; may roll dice (DICE_NEED). */
	int (*phase_start)(struct game *g, struct evsink *ev);
	/* u moves without regard to enemy zones of control (Alma [19.1] artillery). */
	bool (*ignores_zoc)(const struct game *g, int u);
	/* May the deciding side end the current phase? 0 or -1 with the case. */
	int (*may_end)(const struct game *g, struct err *e);
	/* Is idx closed to u (move, retreat, advance) beyond the Standard Rules? */
	bool (*closed)(const struct game *g, int u, int idx);
	/* Adjusts a copy of u's step-cost table for the present position (engineer bridges). */
	void (*patch_steps)(const struct game *g, int u, uint8_t *step);
	/* u's fire (melee false) or melee (melee true) strength, given the printed one of its
	 * present side (Inkerman [20.33] skirmishers formed into a battalion). */
	int (*strength)(const struct game *g, int u, bool melee, int base);
	/* Is u's present fire (melee false) or melee strength parenthesised (defence only),
	 * given the printed mark? (Inkerman [20.33]: the formed battalion ignores them.) */
	bool (*paren)(const struct game *g, int u, bool melee, bool printed);
	/* May these units attack together in melee (action a, "melee U[,U] > H[,H]")? 0 or -1
	 * with the case (Inkerman [19.3]: both units of a stack attack together). */
	int (*melee_ok)(const struct game *g, const struct action *a, struct err *e);
};

extern const struct q_battle q_alma;
extern const struct q_battle q_balaclava;
extern const struct q_battle q_inkerman;
extern const struct q_battle q_tchernaya;

/* The battle of a scenario, by its id's first word; NULL for none (test scenarios). */
const struct q_battle *q_battle_find(const char *scenario_id);

/* Hooks without a counterpart in qcombat.h. */
void q_battle_setup(struct game *g);
int q_battle_morale(const struct game *g, int u, int base);
bool q_battle_defends(const struct game *g, int u);
void q_battle_after_move(struct game *g, int u, struct evsink *ev);
void q_battle_on_disrupt(struct game *g, int u, struct evsink *ev);
void q_battle_on_melee(struct game *g, const int *att, int natt, struct evsink *ev);
void q_battle_on_removed(struct game *g, int u, int origin, bool retreated, struct evsink *ev);
void q_battle_after_action(struct game *g, struct evsink *ev);
void q_battle_end_phase(struct game *g, struct evsink *ev);
void q_battle_actions(const struct game *g, struct q_alist *l);
int q_battle_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e);
int q_battle_move_ok(const struct game *g, int u, int dest, struct err *e);
int q_battle_phase_start(struct game *g, struct evsink *ev);
bool q_battle_ignores_zoc(const struct game *g, int u);
int q_battle_may_end(const struct game *g, struct err *e);
bool q_battle_closed(const struct game *g, int u, int idx);
int q_battle_ma(const struct game *g, int u, int base);
int q_battle_targets(const struct game *g, int idx, int *out);
int q_battle_fire_group_ok(const struct game *g, const int *units, int n, struct err *e);
int q_battle_strength(const struct game *g, int u, bool melee, int base);
bool q_battle_paren(const struct game *g, int u, bool melee, bool printed);
int q_battle_melee_ok(const struct game *g, const struct action *a, struct err *e);
/* The step-cost table u moves with now: the scenario's, or scratch patched by the battle. */
const uint8_t *q_battle_steps(const struct game *g, int u, uint8_t *scratch);

#endif
