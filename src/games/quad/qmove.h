/* qmove: movement helpers shared by the quad modules. */
#ifndef CRIMEA_QMOVE_H
#define CRIMEA_QMOVE_H

#include "quad.h"

/* Scratch for one movement search, sized for the largest map; lives on the caller's stack. */
#define Q_NMAX 2048
struct q_work {
	uint16_t cost[Q_NMAX];
	int32_t prev[Q_NMAX];
	int32_t qhex[Q_NMAX * 6 + 1];
	int32_t qnext[Q_NMAX * 6 + 1];
	uint8_t zoc[Q_NMAX];
	uint8_t blocked[Q_NMAX];
	uint8_t steps[Q_NMAX * 6]; /* a patched step-cost table (qbattle.c) */
	int32_t order[Q_NMAX];     /* the hexes reached, in cost order */
	/* set by q_search_prepare: the memo's generation of the maps zoc and blocked were made
	 * from or kept as (q_prep_gen), 0 none; so that q_reach_begin knows them without
	 * comparing them (callers do not change zoc or blocked between the two) */
	uint32_t prep_gen;
};
/* path_search_order on s's map, through the packed table when q->step is one of s's
 * unpatched class tables (same result, faster). */
int q_path_search(const struct q_scn *s, const struct path_query *q, struct path_result *r,
		  int32_t *order);
/* Fills w->zoc (the enemy's zones of control) and w->blocked for a unit of side. */
void q_search_prepare(const struct game *g, int side, struct q_work *w);
/* The same for a w whose zoc, blocked and prep_gen only q_search_prepare(_kept) writes (the
 * memo's, q_memo_work): maps it holds already are not copied again. */
void q_search_prepare_kept(const struct game *g, int side, struct q_work *w);
/* Runs the movement search for unit u into w; returns hexes reached. */
int q_search(const struct game *g, int u, struct q_work *w);
/* The same, reusing w->zoc and w->blocked from an earlier search for a unit of the same side
 * in the same position (they depend only on the side and the position). */
int q_search_again(const struct game *g, int u, struct q_work *w);

/* Does actions() list an entry for reinforcement u now ([12.1]; quad.c)? For a battle's rule
 * that obliges an entry, so that the obligation never asks for one the listing lacks. */
bool q_entry_listed(const struct game *g, int u);
/* Half movement points left to unit u this phase. */
int q_mp_left(const struct game *g, int u);
/* May unit u end a phase in map index idx ([5.3] and exclusive exceptions)? */
bool q_stack_ok(const struct game *g, int u, int idx);
/* The case a refused stack breaks ([5.32], [5.34], [5.38], or [5.3] for an exclusive rule). */
const char *q_stack_rule(const struct game *g, int u, int idx);
/* Does a major or minor road cross a hexside of idx into a hex off the map (q_scn.entry_road)? */
bool q_entry_road(const struct map *m, int idx);
/* [12.13] entry cost (half MP) at idx with k units entered there before it this phase. */
int q_entry_cost(const struct game *g, int u, int idx, int k);
/* Entry hexes open to reinforcement u now ([12.1], [12.22]); zoc is scratch [map n]. */
int q_entry_hexes(const struct game *g, int u, int *out, int max, uint8_t *zoc);
/* The same with the enemy's zones of control already in zoc. */
int q_entry_hexes_zoc(const struct game *g, int u, int *out, int max, const uint8_t *zoc);
bool q_edge_hex(const struct map *m, int idx);
/* Exclusive-rule movement permissions (qbattle.c): 0 allowed, -1 refused with the case. */
int q_battle_may_move(const struct game *g, int u, struct err *e);
int q_battle_may_enter(const struct game *g, int u, struct err *e);
/* The Game-Turn reinforcement u is due, given its printed turn (the battle may move it). */
int q_battle_enter_turn(const struct game *g, int u, int printed);
/* Exclusive-rule stacking exception: 1 allow, 0 no opinion. */
int q_battle_stack_ok(const struct game *g, int u, int idx, const int *stack, int n);

#endif
