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

/* ---- for svgbook.c, which lays the same drawings out on paper ---- */

#define SVGMAP_MARGIN 10.0 /* mm around a sheet's drawing */

/* XML-escaped text; a <text> element at (x, y) of type size mm (attrs: more attributes, or
 * NULL); a <line> (dash: a stroke-dasharray, or NULL). */
void svgmap_xput(FILE *f, const char *s);
void svgmap_text(FILE *f, double x, double y, double size, const char *attrs, const char *t);
void svgmap_line(FILE *f, double x1, double y1, double x2, double y2, const char *cls, const char *stroke,
		 double width, const char *dash);
/* A scale bar of len mm from (x, y), a tick every 10 mm (longer every 50), label after it: a
 * print is checked against it with a ruler. */
void svgmap_scale_bar(FILE *f, double x, double y, double len, const char *label);
/* 0, or -1 with *e set when a size of o is out of range. */
int svgmap_check_opts(const struct svgmap_opts *o, struct err *e);

/* A row of the counter sheet: a side's heading, or up to a row's pairs of its counters (the
 * side's counters first to first + n - 1, in the order of the view's units). */
struct svgmap_row {
	size_t side;
	bool heading;
	int first, n;
};
/* The pairs (front and back) a row of s mm counters holds on a sheet *W mm wide (at least one:
 * then *W widens). */
int svgmap_pairs_per_row(double s, double *W);
/* The counter sheet's rows for state (as svgmap_counters), per_row pairs a row: a malloc'd
 * array in *out, its length returned (-1: out of memory). */
int svgmap_rows(const json_t *scn, const json_t *state, int per_row, struct svgmap_row **out);
double svgmap_row_height(const struct svgmap_row *r, double s);
/* Draws rows from to to - 1 of svgmap_rows' for state from y, s mm a counter, from
 * SVGMAP_MARGIN on the left; returns the y under them. */
double svgmap_draw_rows(FILE *f, const json_t *scn, const json_t *state, const struct svgmap_row *rows, int from,
			int to, double s, double y);

#endif
