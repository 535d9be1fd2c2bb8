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

/* ---- a booklet to print: the map over pages at true size, then the counters ---- */

/* A paper size, portrait, in mm. */
struct svgmap_paper {
	const char *name;
	double w, h;
};

/* The paper named (a4, a3, letter, legal), or NULL. */
const struct svgmap_paper *svgmap_paper(const char *name);

/* How a sheet of w x h mm is cut into pages of a paper: rows x cols pages, each showing tw x th
 * mm of it (the page less blank margins of 8 mm and 11 mm for its label), page (r, c) (from 0)
 * the part
 * from (c step_x, r step_y), so that neighbours overlap by tw - step_x (10 mm); the
 * orientation that needs fewer pages (portrait on a tie). */
struct svgmap_tiles {
	int rows, cols;
	bool landscape;
	double page_w, page_h, tw, th, step_x, step_y;
};
void svgmap_tiling(double w, double h, const struct svgmap_paper *p, struct svgmap_tiles *t);

/* An HTML booklet to print on paper p from a browser at 100%: one page a section (the print
 * CSS sets the paper and breaks after each), first the map (svgmap_map's, with map_state's
 * units) cut as svgmap_tiling says, each page with its place, dashed lines where the next
 * pages begin and a 50 mm check bar; then the counter sheet (svgmap_counters' with state)
 * over as many pages as it needs. Returns 0 or -1 with *e set. */
int svgmap_print(FILE *f, const char *title, const json_t *scn, const json_t *map_state, const json_t *state,
		 const struct svgmap_opts *o, const struct svgmap_paper *p, struct err *e);

#endif
