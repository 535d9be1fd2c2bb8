/* svgmap: a scenario's map and counters as printable SVG (`crimea show SCENARIO --svg FILE`,
 * `--counters FILE`), drawn from the rule system's JSON view of the scenario (docs/API.md,
 * GET /api/scenarios/{id}: map.cols, map.rows, map.hexes, map.hexsides, map.places, units,
 * reconstructed), the same data the browser draws, so that a referee can print the battlefield
 * and the counters and play on a table with real dice.
 *
 * Sizes are in millimetres (the SVG's width and height say "mm"), so that the file prints at
 * the size asked for: a hex of hex_mm across the flats, a counter of counter_mm square. Every
 * sheet carries the scenario's notes on reconstructed data, so a reconstruction is never shown
 * as the published map. No I/O but the FILE written to. */
#ifndef CRIMEA_SVGMAP_H
#define CRIMEA_SVGMAP_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

#include "../core/err.h"

#define SVGMAP_HEX_MM 16.0     /* default: room for half-inch counters */
#define SVGMAP_COUNTER_MM 12.7 /* default: half an inch */
#define SVGMAP_MM_MIN 4.0      /* the smallest hex or counter drawn: text stays legible */
#define SVGMAP_MM_MAX 60.0

struct svgmap_opts {
	double hex_mm;     /* a hex across the flats */
	double counter_mm; /* a counter's side (the counter sheet) */
};

void svgmap_opts_default(struct svgmap_opts *o);

/* The map of scn (title its heading): terrain, hexside features, hex numbers, named places, a
 * legend of what the map uses, and the scenario's reconstructed-data notes. With state (the
 * rule system's json_state of a position, or NULL) the units on the map as the browser draws
 * them: each stack with its top unit uppermost, a disrupted unit on its back. Hex polygons
 * carry data-hex, counters data-unit. Returns 0, or -1 with *e set (a view without a usable
 * map, a size out of range). */
int svgmap_map(FILE *f, const char *title, const json_t *scn, const json_t *state,
	       const struct svgmap_opts *o, struct err *e);

/* A sheet of every unit of scn, front and back side by side (the back with the disruption
 * stripe of the browser's counters; "-" when the counter has no back), grouped by side, each
 * with its set-up hex or entry turn, to cut out and play with. With state (the opening
 * position's json_state, or NULL) a unit absent from it that never enters is left out: it is
 * no counter (Inkerman's big guns). Returns 0 or -1 with *e set. */
int svgmap_counters(FILE *f, const char *title, const json_t *scn, const json_t *state,
		    const struct svgmap_opts *o, struct err *e);

#endif
