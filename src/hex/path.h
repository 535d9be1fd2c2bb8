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
	int32_t *qhex;  /* [n * 6 + 1] scratch (the search uses n bytes of it) */
	int32_t *qnext; /* [n * 6 + 1] scratch (the search uses n entries of it) */
};

/* A step table prepared for one map and one movement class: neighbour index and step cost
 * packed in one word per (hex, direction), so that the search makes one load per step. Built
 * once (at scenario load) by path_prep_init, immutable afterwards and shareable; it refers to
 * no other memory. */
struct path_prep {
	int n;                /* map->n */
	const uint8_t *step;  /* the table it was built from (only for identification) */
	uint32_t *w;          /* [n * 6]: neighbour index | step cost << 24 */
};

/* Runs the search. Returns the number of hexes reached (including the start). */
int path_search(const struct map *m, const struct path_query *q, struct path_result *r);
/* The same, also writing the hexes reached into order[n] (start first, in cost order), so
 * that callers need not scan the whole map. */
int path_search_order(const struct map *m, const struct path_query *q, struct path_result *r,
		      int32_t *order);
/* Builds p for map m and step table step[n * 6] (the contents are copied: a later change to
 * step is not seen). Returns 0, or -1 (out of memory, or a map of 2^24 indices or more; p is
 * then empty and path_search_order must be used). */
int path_prep_init(struct path_prep *p, const struct map *m, const uint8_t *step);
void path_prep_free(struct path_prep *p);
/* Exactly path_search_order(m, q, r, order) for the map and step table p was built from; q->step
 * is not read. */
int path_search_prep(const struct path_prep *p, const struct path_query *q, struct path_result *r,
		     int32_t *order);
/* Writes the cheapest path to idx (start first) into out; returns its length or -1. */
int path_route(const struct path_result *r, int idx, int *out, int max);
/* The same from a search's prev alone, for a hex known to be reached. */
int path_route_prev(const int32_t *prev, int idx, int *out, int max);

#endif
