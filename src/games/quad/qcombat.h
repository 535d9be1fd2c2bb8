/* qcombat: the phases after movement: fire ([7.0]) with line of sight ([7.3]), melee ([8.0])
 * with retreats, displacement and advances ([8.5]-[8.7]), cavalry retreat before combat
 * ([11.26]), rally ([10.0]); and the movement-phase actions (qmove.c). */
#ifndef CRIMEA_QCOMBAT_H
#define CRIMEA_QCOMBAT_H

#include "quad.h"

struct q_alist;

/* Movement phase (qmove.c). e may be NULL for a yes/no test. */
int q_can_move(const struct game *g, int u, struct err *e);
int q_can_enter(const struct game *g, int u, struct err *e);
int q_move_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e);
int q_enter_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e);
/* The last unit moved ceases moving ([5.18]): cavalry that expended 7 or more movement
 * points is disrupted ([11.11]). Called as the Movement Phase ends, before the battle's rules. */
void q_move_cease(struct game *g, struct evsink *ev);
/* Will u, undisrupted cavalry, be disrupted by [11.11] when it ceases moving (it has spent the
 * points that disrupt it)? */
bool q_cav_spent(const struct game *g, int u);
/* The Movement Phase's end: cavalry that entered woods off a road is disrupted ([11.12]). */
void q_move_finish(struct game *g, struct evsink *ev);

/* Line of sight ([7.3]): true if u's hex `from` sees `to`. When blocked and why is not NULL,
 * writes the blocking hex or hexside and the case. */
bool q_los(const struct game *g, int from, int to, char *why, size_t n);
/* As q_los, with the hexes in clear[] (map indices) never blocking, and without the battle's
 * line-of-sight hook (for the hooks themselves). */
#define LOSF_NOHOOK 1  /* do not consult the battle's line-of-sight hook */
#define LOSF_RAVINES 2 /* Inkerman [17.2] ravines */
bool q_los_ex(const struct game *g, int from, int to, const int *clear, int nclear, int flags,
	      char *why, size_t n);

/* Fire. */
void q_fire_actions(const struct game *g, struct q_alist *l);
/* Rejection sampling tries before a sampler gives up (returns 1: the caller lists and draws;
 * a mixture of two uniform draws over the same actions is still uniform). */
#define Q_SAMPLE_TRIES 64
/* A uniformly random action of a fire phase without a pending decision, as if drawn from
 * actions(): the fires q_fire_actions lists, and the nother other actions (the battle's and
 * the end of the phase, which the caller lists). Every firer's candidates are counted from
 * the cheap tests alone (position, [7.22], range), one drawn uniformly, and kept when
 * fire_plan accepts it; accepted candidates are exactly the listed fires, each once. 0 with
 * *out, -1 when there is no action, 1 after Q_SAMPLE_TRIES rejections. */
int q_fire_sample(const struct game *g, struct rng *r, const struct action *other, int nother,
		  struct action *out);
int q_fire_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e);
/* The fire strength u would bring against map index target (0 if it cannot fire at it). */
int q_fire_strength(const struct game *g, int u, int target, struct err *e);

/* Odds before dice: the probability (in sixths of the six die faces) of every outcome. */
struct q_odds {
	int column;          /* fire: column index after shifts; melee: odds column */
	bool below;          /* melee: worse odds than the first column, read on it (errata [8.4]) */
	int terrain;         /* melee: enum qt_mterrain */
	int row_base;        /* melee: attacker morale - 1 */
	int total_a, total_d;
	char outcome[6][96]; /* per die face 1..6, the result in words */
};
int q_fire_odds(const struct game *g, const struct action *a, struct q_odds *o, struct err *e);
int q_melee_odds(const struct game *g, const struct action *a, struct q_odds *o, struct err *e);

/* Melee. */
void q_melee_actions(const struct game *g, struct q_alist *l);
/* A uniformly random action of a Melee Phase without a pending decision, as if drawn from
 * actions(): a candidate attack of the listing (before melee_plan) or the end, drawn
 * uniformly and kept when legal; the end's [8.11] test asks melee_plan only of the attacks
 * on owed hexes. 0 with *out, -1 when there is no action, 1 after Q_SAMPLE_TRIES rejections
 * or with more candidates than the [8.11] test scans. */
int q_melee_sample(const struct game *g, struct rng *r, struct action *out);
int q_melee_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e);

/* Cavalry retreat before combat ([11.26]). */
bool q_cav_retreat_possible(const struct game *g);
void q_cavretreat_actions(const struct game *g, struct q_alist *l);
int q_cavretreat_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e);

/* Rally. */
void q_rally_actions(const struct game *g, struct q_alist *l);
/* A uniformly random action of a Rally Phase without a pending decision, drawn as
 * rng_below over actions() would draw it (the rallies in unit order, then the end) without
 * listing them: 0 with *out, -1 when there is no action. */
int q_rally_sample(const struct game *g, struct rng *r, struct action *out);
int q_rally_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e);

/* Pending decisions (retreat paths, advances). */
int q_pending_actions(const struct game *g, struct action *out, int max);
int q_pending_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e);
const char *q_pending_text(const struct game *g);

/* May the deciding side end the current phase now? */
int q_may_end_phase(const struct game *g, struct err *e);
/* In the Melee Phase, with acts the n melee actions q_melee_actions just listed (written of
 * them stored): q_may_end_phase(g, NULL) == 0 without listing them again. */
bool q_may_end_melee_listed(const struct game *g, const struct action *acts, int n, int written);

/* Removes u from play; counts its melee points for victory ([2.4] strengths). */
void q_eliminate(struct game *g, int u, struct evsink *ev, const char *rule, const char *why);
/* Disrupts u: flips it, or eliminates it when its back is blank ([9.0]). */
void q_disrupt(struct game *g, int u, struct evsink *ev, const char *rule);

/* Owes a retreat of `hexes` by u (decided by its owner): [7.15], [8.5]. was_disrupted: u was
 * disrupted before the combat that retreats it (horse artillery then cannot move, [9.12]; an
 * undisrupted one always may, [8.55]). feeds: index of the advance pending that records the
 * path of retreat, or -1. */
void q_owe_retreat(struct game *g, int u, int hexes, bool was_disrupted, int feeds, struct evsink *ev,
		   const char *rule);

/* Pushes a new owed decision (zeroed, feeds -1); NULL if the stack is full. */
struct q_pend *q_push_pend(struct game *g);
/* Resolves owed decisions that leave no choice (one option or none). */
void q_settle(struct game *g, struct evsink *ev);

/* Exclusive-rule hooks for combat and line of sight (qbattle.c). "-1" means no opinion. */
int q_battle_los_hex(const struct game *g, int idx);            /* 1 blocks, 0 clear */
int q_battle_los(const struct game *g, int from, int to, const struct line_step *st, int n,
		 char *why, size_t wn);                               /* 1 seen, 0 blocked */
int q_battle_fire_from_bottom(const struct game *g, int u);     /* 1 allowed */
int q_battle_art_range(const struct game *g, int u);            /* max range, 0 none */
int q_battle_fire_shift(const struct game *g, int target, char *why, size_t n);
int q_battle_fire_die(const struct game *g, const struct action *a, int die); /* modified die */
/* [28.1] the points each firer of a brings (use), given its whole strength (whole): 0, -1
 * refused with the case, 1 no opinion (every firer its whole strength, no allotments). */
int q_battle_fire_split(const struct game *g, const struct action *a, const int *whole, int *use,
			struct err *e);
/* Do u and v, attacked as one target, retreat together as a stack (Inkerman [28.23])? */
bool q_battle_retreat_together(const struct game *g, int u, int v);
/* Inkerman [19.42], [19.43]: may u end a retreat stacked with the units in idx? 1 yes, 0 no,
 * -1 the battle has no such rule (the Standard Rules displace every friendly unit). */
int q_battle_retreat_stack_ok(const struct game *g, int u, int idx);
/* After fire action a is resolved, its firers marked fired: [28.1] strength left fires on. */
void q_battle_fire_spent(struct game *g, const struct action *a, const int *whole, const int *use,
			 struct evsink *ev);
int q_battle_melee_strength(const struct game *g, int u, bool attacking, int base);
int q_battle_rally_mod(const struct game *g, int u, int std, char *why, size_t n);
int q_battle_may_rally(const struct game *g, int u, struct err *e);

/* Victory: fills r from the battle's victory conditions (qbattle.c). */
void q_victory(const struct game *g, struct result *r);
/* The same with the score sheet of the position (the rules' score). */
void q_score(const struct game *g, struct score_sheet *sh, struct result *r);
/* Adds a line to sh: side's vp points under rule, described by fmt (printf); item names it
 * without the game's counts (NULL: fmt has none, the text is the item). Nothing when sh is
 * NULL; with vp 0 the line goes to the items that scored nothing (sh->zero), since the sheet
 * lists what scores; a full list keeps its first lines. */
void q_sheet_add(struct score_sheet *sh, int side, int vp, const char *rule, const char *item,
		 const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* The victory level text "LEVEL (SIDE0 V0, SIDE1 V1)TAIL" into out[n], byte for byte what
 * snprintf(out, n, "%s (%s %d, %s %d)%s", ...) writes, without printf's cost (greedy asks for
 * the result of every outcome it judges). */
void q_level_text(char *out, size_t n, const char *level, const char *s0, int v0, const char *s1,
		  int v1, const char *tail);
/* The same with the margin first: "LEVEL (+M: SIDE0 V0, SIDE1 V1)TAIL", byte for byte
 * snprintf(out, n, "%s (%+d: %s %d, %s %d)%s", ...) (Tchernaya [19.24]). */
void q_level_text_margin(char *out, size_t n, const char *level, int margin, const char *s0, int v0,
			 const char *s1, int v1, const char *tail);

/* Front-end services (qview.c). */
int q_view_los(const struct game *g, int ha, int hb, char *why, size_t n);
int q_view_path(const struct game *g, const char *unit, int hex, char *out, size_t n, struct err *e);
int q_view_odds(const struct game *g, const struct action *a, char *out, size_t n, struct err *e);
int q_view_hex(const struct game *g, int hex, char *out, size_t n, struct err *e);
void q_view_describe(const struct game *g, char *out, size_t n);
void q_view_draw(const struct game *g, char *out, size_t n, unsigned flags);

/* A growing list of actions: stores up to max, counts all. */
struct q_alist {
	struct action *out;
	int max, n;
};
void q_push(struct q_alist *l, const struct action *a);

#endif
