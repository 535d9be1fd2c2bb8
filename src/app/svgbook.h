/* svgbook: a scenario's map and counters (svgmap.h) laid out on paper, as an HTML booklet to
 * print from a browser at 100% (`crimea show --print`, GET .../print.html): the map cut over
 * pages at true size with overlaps, then the counter sheet over as many pages as it needs. HTML
 * rather than PDF: a browser prints a page a section at the size the CSS names, and no PDF
 * library is among the project's dependencies. No I/O but the FILE written to. */
#ifndef CRIMEA_SVGBOOK_H
#define CRIMEA_SVGBOOK_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

#include "../core/err.h"
#include "svgmap.h"

/* A paper size, portrait, in mm. */
struct svgbook_paper {
	const char *name;
	double w, h;
};

/* The paper named (a4, a3, letter, legal, in either case), or NULL. */
const struct svgbook_paper *svgbook_paper(const char *name);

/* How a sheet of w x h mm is cut into pages of a paper: rows x cols pages, each showing tw x th
 * mm of it (the page less blank margins of 8 mm and 11 mm for its label), page (r, c) (from 0)
 * the part from (c step_x, r step_y), so that neighbours overlap by tw - step_x (10 mm); the
 * orientation that needs fewer pages (portrait on a tie). */
struct svgbook_tiles {
	int rows, cols;
	bool landscape;
	double page_w, page_h, tw, th, step_x, step_y;
};
void svgbook_tiling(double w, double h, const struct svgbook_paper *p, struct svgbook_tiles *t);

/* The booklet on paper p: one page a section (the print CSS sets the paper and breaks after
 * each), first the map (svgmap_map's, with map_state's units) cut as svgbook_tiling says, each
 * page with its place, dashed lines where the next pages begin and a 50 mm check bar; then the
 * counter sheet (svgmap_counters' with state) over as many pages as it needs, never cutting a
 * counter. Returns 0 or -1 with *e set. */
int svgbook_print(FILE *f, const char *title, const json_t *scn, const json_t *map_state, const json_t *state,
		  const struct svgmap_opts *o, const struct svgbook_paper *p, struct err *e);

/* What svgbook_sheet draws: the map, the counter sheet, or the booklet of both. */
enum svgbook_kind { SVGBOOK_MAP, SVGBOOK_COUNTERS, SVGBOOK_PRINT };

/* One sheet drawn into memory, for a file or an HTTP answer: the map (svgmap_map with
 * map_state's units), the counter sheet (svgmap_counters with state) or the booklet
 * (svgbook_print on paper p, which only it reads). *buf is malloc'd (the caller frees it),
 * *len bytes. 0, or -1 with *e set and *buf NULL. */
int svgbook_sheet(enum svgbook_kind kind, const char *title, const json_t *scn, const json_t *map_state,
		  const json_t *state, const struct svgmap_opts *o, const struct svgbook_paper *p, char **buf,
		  size_t *len, struct err *e);

#endif
