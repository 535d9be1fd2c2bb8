/* qmemo: a per-thread memo of movement searches, so that listing the moves of a position does
 * not search again for units whose search inputs have not changed since the last listing
 * (in a Movement Phase, every unit but the one that just moved). */
#ifndef CRIMEA_QMEMO_H
#define CRIMEA_QMEMO_H

#include "qmove.h"

/* The rules' memo_new/memo_free (rules.h). */
void *q_memo_new(const struct scenario *s);
void q_memo_free(void *memo);

/* Hexes unit u (of the phasing side) can reach, in search order (its own hex first); returns
 * the count and points *order at them. w->zoc and w->blocked must hold the enemy zones of
 * control and blocked hexes for u's side (q_search fills them). Uses g->memo when it is
 * bound to g's scenario: a remembered search is reused only when every input of the search
 * (start hex, allowance, step-cost table, zones of control or none, blocked hexes) is
 * byte-for-byte the same, so the result is always the search's own. With the memo, the hexes
 * stay in place until the next q_reach of the same unit; without, until the next q_reach. */
int q_reach(const struct game *g, int u, struct q_work *w, const int32_t **order);
/* The cheapest path of u to map index dest (start first) into out, as path_route gives it
 * after u's search: its length, or -1 when dest is not reached or the path is longer than max.
 * w prepared as for q_reach (and q_reach_begin called for this position). */
int q_reach_route(const struct game *g, int u, struct q_work *w, int dest, int *out, int max);
/* Tells q_reach_route where the hex a sampler just drew a move to stands in its unit's hexes
 * (q_reach's order): a hint only, which q_reach_route checks (order[k] is the destination)
 * before it takes it, so that applying the move need not scan the unit's hexes for it. */
void q_reach_hint(const struct game *g, int k);
/* How many searches a memo (q_memo_new's) has taken from its free-field cache (q_reach):
 * for tests, which must see the cache used. */
unsigned long q_memo_ff_hits(const void *memo);
/* Is g->memo a memo of g's scenario (so that q_reach keeps every unit's hexes apart)? */
bool q_memo_on(const struct game *g);
/* q_search_prepare's maps from the memo: when they were remembered for side and for the same
 * positions and disruptions of the enemy's units (all they depend on when the battle has no
 * ZOC or closed-hex hook), copies them into zoc and blocked (unless have, not 0, says zoc and
 * blocked hold that generation of them already, q_prep_gen) and returns true. q_prep_keep
 * remembers them. */
bool q_prep_recall(const struct game *g, int side, uint8_t *zoc, uint8_t *blocked, uint32_t have);
/* The memo's own scratch for the Movement Phase sampler (NULL without the memo): its maps
 * stay from one decision to the next, so q_search_prepare_kept need not copy them again. */
struct q_work *q_memo_work(const struct game *g);
/* A second such scratch for applying a move, lent to one caller at a time: NULL without the
 * memo or while lent (a nested move then uses its own); q_memo_work_give takes it back (any
 * other w is ignored). Whoever writes its zoc or blocked otherwise sets its prep_gen to 0. */
struct q_work *q_memo_work_take(const struct game *g);
void q_memo_work_give(const struct game *g, struct q_work *w);
void q_prep_keep(const struct game *g, int side, const uint8_t *zoc, const uint8_t *blocked);
/* The generation of the maps q_prep_recall and q_prep_keep hold (each q_prep_keep makes a new
 * one), 0 without the memo: maps copied from or kept as generation k equal those the memo
 * holds while q_prep_gen is still k. */
uint32_t q_prep_gen(const struct game *g);
/* hex_line(ha, hb, out, max) exactly (the same steps and return value, hex.h), from the memo's
 * precomputed lines when the game has a memo (every line up to Q_LINES_DIST, the longest fire
 * range: built once with the memo, some milliseconds), else traced. */
#define Q_LINES_DIST QT_ART_RANGE /* longer than every fire range (1..11); longer lines are traced */
int q_line_trace(const struct game *g, int ha, int hb, struct line_step *out, int max);
/* q_los(g, from, to, NULL, 0): whether the line of sight is clear. When the battle has no
 * line-of-sight hook the answer depends on the map alone, and the memo keeps it per pair. */
bool q_los_quick(const struct game *g, int from, int to);
/* q_los_ex(g, from, to, NULL, 0, flags, NULL, 0) for flags LOSF_NOHOOK with or without
 * LOSF_RAVINES, remembered per pair when the battle's los_hex hook is absent or static
 * (the answer is then the map's alone): 1 clear, 0 blocked, -1 not known (q_los_nohook_keep
 * remembers an answer). */
int q_los_nohook_recall(const struct game *g, int from, int to, int flags);
void q_los_nohook_keep(const struct game *g, int from, int to, int flags, bool clear);
/* Whether hex_line between the hexes of from and to succeeds (its steps fit LINE_MAX_STEPS):
 * 1 or 0, remembered per pair where the memo keeps LOSF_NOHOOK lines; -1 not known. */
int q_line_ok_recall(const struct game *g, int from, int to);
void q_line_ok_keep(const struct game *g, int from, int to, bool ok);
/* q_pending_actions's options, remembered for the last position they were listed for (the
 * rules state, but for the derived occupancy index, and the game options byte for byte the
 * same), so that applying one, which lists them again to check it, does not work them out
 * twice: q_pend_recall writes them into out[max] and returns their count, or -1 when they are
 * not known; q_pend_keep remembers n (at most Q_PEND_KEEP) listed for g. */
#define Q_PEND_KEEP 256
int q_pend_recall(const struct game *g, struct action *out, int max);
void q_pend_keep(const struct game *g, const struct action *acts, int n);
/* The Melee Phase's end judged open ([8.11]: no attack owed that a legal attack could make)
 * by the sampler for a position, remembered so that applying the end it drew need not list
 * the attacks again: q_endok_recall is true when q_endok_keep was told of g's rules state
 * (but the occupancy index) and options byte for byte, and nothing else since. */
bool q_endok_recall(const struct game *g);
void q_endok_keep(const struct game *g);
/* The plan a sampler made for the action it drew (qfire.c's struct fire_plan, as bytes, at
 * most Q_PLAN_MAX), remembered so that applying that action need not plan it again:
 * q_plan_recall copies it into plan and returns true when q_plan_keep was last told of the
 * same action (kind and arguments), n, and g's rules state (but the occupancy index) and
 * options byte for byte. */
#define Q_PLAN_MAX 512
bool q_plan_recall(const struct game *g, const struct action *a, void *plan, size_t n);
void q_plan_keep(const struct game *g, const struct action *a, const void *plan, size_t n);
/* The Movement Phase sampler's facts, kept across the phase so that a decision asks only
 * about the units that changed: for each unit u of the phasing side, how many hexes other
 * than its own it may be drawn to (q_reach's count less one; 0 when may_move_quick refuses
 * it). Without the battle's movement hooks, or with static ones (q_battle_unit_moves), the
 * permission and the search's inputs read nothing but u's own state and definition, the
 * Game-Turn, st->moving ([5.18]) and the maps, so a fact stays true while those bytes do.
 * After q_search_prepare and q_reach_begin for the position, q_movers_begin writes into
 * todo[Q_UNITS_MAX] the units whose facts are not known (state bytes changed, st->moving
 * changed to or from them, search made again, another side or Game-Turn, maps changed) and
 * returns their count, or -1 without the memo or with other hooks (nothing
 * kept); the caller works each out and tells q_mover_keep (after q_reach, for cand > 0),
 * which returns the unit's map index when its fact was last kept (before this one; the
 * caller reads it only when *all is false: unset after *all).
 * q_movers then gives the facts by place in sideu[phasing], and q_mover_order u's hexes
 * (q_reach's order, own hex first). *all is set when todo holds every unit of the side (no
 * fact was known). q_movers_total is the sum of q_movers' counts, and
 * q_movers_blocks[b] the sum of those of places b * Q_MV_BLK to b * Q_MV_BLK + Q_MV_BLK - 1
 * (so that a draw skips most units a block at a time).
 * q_mover_topbits holds the caller's flags that [5.37] lets a unit of the phasing side be put
 * on top of its stack, kept with the facts, as bits by place in sideu[phasing] (bit k % 64 of
 * word k / 64; q_mover_pos gives each unit's place), so that the few set are found without
 * visiting every unit: they change only in the hexes a todo unit left or entered (no enemy
 * unit shares a phasing unit's hex in a Movement Phase, [5.34]); the caller writes them
 * through q_mover_topbits_w. */
int q_movers_begin(const struct game *g, int16_t *todo, bool *all);
int q_mover_keep(const struct game *g, int u, int cand);
const int16_t *q_movers(const struct game *g);
uint32_t q_movers_total(const struct game *g);
#define Q_MV_BLK 8
const uint32_t *q_movers_blocks(const struct game *g);
const uint64_t *q_mover_topbits(const struct game *g);
uint64_t *q_mover_topbits_w(const struct game *g);
const int16_t *q_mover_pos(const struct game *g);
const int32_t *q_mover_order(const struct game *g, int u);
/* The reinforcements' entries ([12.1]) listed for a position, kept so that the next decision
 * of the Movement Phase does not work them out again. When q_battle_entries_local they
 * depend on the rules state's head but layer_next and st->moving, w's maps (the enemy's
 * zones of control, and the hexes holding an enemy unit), the reinforcements' states and the
 * phasing side's units in the hexes the units that may enter now may enter or test (their
 * edge; their scheduled hex, and every edge hex when it gave no entry, [12.22]).
 * q_entries_recall returns the kept (unit, map index) pairs and sets *n, or NULL when they are
 * not known for g and w's maps (q_search_prepare's; the same generation saves comparing
 * them); a hit also takes the position's unit states as the kept ones (they differ only
 * where the entries do not look). q_entries_keep remembers the n (unit, map index) pairs
 * pairs[2n] (the lister's records: a negative index is the lister's own mark) for g and
 * w (n -1 or more than Q_ENT_KEEP: none kept), the units elig[nelig] being those that may
 * enter now. movers: the memo's Movement Phase facts are this position's (q_movers_begin
 * and the keeps after it just ran for g): q_movers_begin then tells whether the phasing
 * side's changes since the last decision touch the entries, and no unit is compared. */
#define Q_ENT_KEEP 256
const int16_t *q_entries_recall(const struct game *g, const struct q_work *w, bool movers, int *n);
void q_entries_keep(const struct game *g, const struct q_work *w, bool movers,
		    const int16_t *pairs, int n, const int16_t *elig, int nelig);
/* Declares that w->zoc and w->blocked were just recomputed (for a new position). */
void q_reach_begin(const struct game *g, const struct q_work *w);

#endif
