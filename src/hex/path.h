/* path: movement-cost search over a map (Dijkstra with a bucket queue; costs are small
 * integers). The rule system supplies the costs and legality as tables, so the search itself
 * knows no rules: step costs per (hex, direction), enemy-controlled hexes and blocked hexes.
 * Zones of control follow the common hex-wargame convention the quad rules use ([5.13],
 * [5.14]): entering a controlled hex ends the move; a unit that starts in one may leave it only
 * into a hex that is not controlled. */
#ifndef CRIMEA_PATH_H
#define CRIMEA_PATH_H

#include <stdint.h>

#include "map.h"

#define PATH_NOWAY 0xFF          /* step cost: prohibited */
#define PATH_UNREACHED 0xFFFF
#define PATH_MAX_ALLOWANCE 254

struct path_query {
	const uint8_t *step;    /* [n * 6]: cost of moving from idx in dir, or PATH_NOWAY */
	const uint8_t *zoc;     /* [n]: nonzero if enemy-controlled; may be NULL */
	const uint8_t *blocked; /* [n]: nonzero if the hex may not be entered; may be NULL */
	int start;              /* index */
	int allowance;          /* in the same units as step (quad: half movement points) */
};

/* Caller-provided result and scratch storage, each sized for map->n hexes. */
struct path_result {
	uint16_t *cost; /* [n] least cost to reach, PATH_UNREACHED if not reachable */
	int32_t *prev;  /* [n] previous index on a cheapest path, -1 at the start; unspecified
			 * for hexes not reached */
	int32_t *qhex;  /* [n * 6 + 1] scratch (the search uses n bytes of it; path_search_prep
			 * without an order list n entries more, after those bytes) */
	int32_t *qnext; /* [n * 6 + 1] scratch (the search uses n entries of it) */
	/* set by path_search_prep: 0 when every read it made of q->zoc and q->blocked gave 0
	 * (the start and every hex taken not controlled, no step refused by a blocked hex), so
	 * that the search was the one it makes with neither map; else 1 */
	int met;
};

/* A step table prepared for one map and one movement class: neighbour index and step cost
 * packed in one word per (hex, direction), so that the search makes one load per step. Built
 * once (at scenario load) by path_prep_init, immutable afterwards and shareable; it refers to
 * no other memory. */
#define PATH_W_SHIFT 8    /* struct path_prep's packed word: index above, cost in the low byte */
#define PATH_W_COST 0xFFu
#define PATH_W_STRIDE 8   /* words a hex in struct path_prep's w */
#define PATH_W_LEAST 6    /* the word after a hex's six steps: its least step cost */
struct path_prep {
	int n;                /* map->n */
	const uint8_t *step;  /* the table it was built from (only for identification) */
	uint32_t *w;          /* [n * PATH_W_STRIDE]: for hex i, w[i * PATH_W_STRIDE + d] is the
			       * step in direction d (d < 6): neighbour index << PATH_W_SHIFT | step
			       * cost; w[i * PATH_W_STRIDE + PATH_W_LEAST] the least step cost out of
			       * i (PATH_NOWAY: none), next to the steps so that the search finds it
			       * from the same address; the last word 0 */
	uint8_t *none;        /* [n] zeros: the blocked hexes of a query without them, so that
			       * path_search_prep's steps test no pointer */
	/* For path_sweep (pathsweep.c): the map's index space with a padding of unenterable
	 * hexes around it, column-major like the index (index = column * h + row). */
	int h, cols;          /* map->h, map->w */
	int par0;             /* parity of the printed column of index column 0 (even-q layout) */
	int hp;               /* bytes per padded column */
	int cmin;             /* least step cost other than PATH_NOWAY (PATH_NOWAY if none) */
	int rlo, rhi;         /* the first and last index rows with a hex a move can enter */
	int32_t nboff[2][8];  /* index offset to the neighbour in each direction, by the parity of
			       * the printed column; [6] and [7] are 0 */
	int32_t prevoff[16];  /* the same at [8 * parity + 6 - direction] (pathsweep.c, find_dirs) */
	uint8_t *in;          /* [6][padded hexes]: in[d] is the cost of entering each hex from its
			       * neighbour in direction d (PATH_NOWAY if prohibited or no neighbour) */
};

/* Runs the search. Returns the number of hexes reached (including the start). */
int path_search(const struct map *m, const struct path_query *q, struct path_result *r);
/* The same, also writing the hexes reached into order[n] (start first, in cost order), so
 * that callers need not scan the whole map. */
int path_search_order(const struct map *m, const struct path_query *q, struct path_result *r,
		      int32_t *order);
/* Builds p for map m and step table step[n * 6] (the contents are copied: a later change to
 * step is not seen): the packed table (32 n bytes) and path_sweep's entry costs (6 (w + 32)
 * (h + 32) bytes). Returns 0, or -1 (out of memory, or a map of 2^24 indices or more; p is
 * then empty and path_search_order must be used). */
int path_prep_init(struct path_prep *p, const struct map *m, const uint8_t *step);
void path_prep_free(struct path_prep *p);
/* Exactly path_search_order(m, q, r, order) for the map and step table p was built from; q->step
 * is not read. r->cost may be NULL: then no cost is written (the order and prev are the
 * same). */
int path_search_prep(const struct path_prep *p, const struct path_query *q, struct path_result *r,
		     int32_t *order);
/* ---- the data-parallel search (pathsweep.c) ----
 * The same reached set and costs as path_search_prep, found by a different algorithm: a
 * relaxation of a whole column of a 32 x 16 window around the start at once (SSE2 byte
 * vectors; a portable scalar version of the same steps without SSE2), column after column
 * until no move improves any hex. It has no branch that depends on a hex, so unlike the bucket
 * search it does not pay for mispredicted branches. When the reach could leave the window (a
 * long allowance, cheap roads, zero-cost steps) it runs path_search_prep instead and rewrites
 * prev and order into the same canonical form, so that the results never depend on which way
 * was taken:
 * - cost[]: the least cost of every hex, PATH_UNREACHED if not reached (as path_search);
 * - prev[h] for a reached h other than the start: the neighbour j of h in the lowest direction
 *   (HEX_N = 0 ... HEX_NW = 5, as seen from h) from which h is entered at its least cost, that is
 *   j is reached, the move j -> h is allowed (j is not enemy-controlled unless it is the start;
 *   not from a controlled start into a controlled hex; h not blocked) and cost[j] + step(j -> h)
 *   == cost[h]; prev[start] = -1. (path_search's prev depends on its queue's tie-breaking.)
 *   With zero-cost steps in the table that rule could make cycles: such a table always takes
 *   the fallback, and prev is then path_search_prep's;
 * - order[] (if not NULL): the start, then the other reached hexes by cost ascending, then by
 *   index ascending.
 * q->step is not read; r->qhex and r->qnext are used only by the fallback. Returns the number of
 * hexes reached. */
int path_sweep(const struct path_prep *p, const struct path_query *q, struct path_result *r,
	       int32_t *order);
/* r->prev may be NULL: then no prev is written (the window search skips finding them), and
 * path_sweep_route gives the route to any hex when one is wanted. */
/* The route to idx (start first) from a path_sweep's cost[] for the same query, by the
 * canonical prev above; its length, or -1 (idx not reached, max too small, or a step table
 * with zero-cost steps). */
int path_sweep_route(const struct path_prep *p, const struct path_query *q, const uint16_t *cost,
		     int idx, int *out, int max);
/* The window search alone: -1 (nothing written) if the reach might leave the window. */
int path_sweep_window(const struct path_prep *p, const struct path_query *q,
		      struct path_result *r, int32_t *order);
/* The fallback alone: path_search_prep with prev and order made canonical as above. */
int path_sweep_general(const struct path_prep *p, const struct path_query *q,
		       struct path_result *r, int32_t *order);

/* Writes the cheapest path to idx (start first) into out; returns its length or -1. */
int path_route(const struct path_result *r, int idx, int *out, int max);
/* The same from a search's prev alone, for a hex known to be reached. */
int path_route_prev(const int32_t *prev, int idx, int *out, int max);

#endif
