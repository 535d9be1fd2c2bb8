/* svgbook: the map and counters on paper (svgbook.h). */
#include "svgbook.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct svgbook_paper papers[] = {
	{"a4", 210, 297}, {"a3", 297, 420}, {"letter", 215.9, 279.4}, {"legal", 215.9, 355.6},
};

const struct svgbook_paper *svgbook_paper(const char *name)
{
	for (size_t i = 0; name && i < sizeof papers / sizeof papers[0]; i++)
		if (!strcasecmp(papers[i].name, name)) /* A4 as well as a4 */
			return &papers[i];
	return NULL;
}

#define PAGE_MARGIN 8.0  /* mm left blank at each page edge (printers cannot print there) */
#define PAGE_LABEL 11.0  /* mm under the drawing for the page's label and check bar */
#define PAGE_OVERLAP 10.0

/* The pages of one orientation: how many a sheet of w x h mm needs along one side of the
 * printable length len, each overlapping the next by PAGE_OVERLAP. */
static int pages_along(double w, double len)
{
	return w <= len ? 1 : 1 + (int)ceil((w - len) / (len - PAGE_OVERLAP));
}

void svgbook_tiling(double w, double h, const struct svgbook_paper *p, struct svgbook_tiles *t)
{
	for (int land = 0; land < 2; land++) {
		struct svgbook_tiles c;
		c.page_w = land ? p->h : p->w;
		c.page_h = land ? p->w : p->h;
		c.tw = c.page_w - 2 * PAGE_MARGIN;
		c.th = c.page_h - 2 * PAGE_MARGIN - PAGE_LABEL;
		c.cols = pages_along(w, c.tw);
		c.rows = pages_along(h, c.th);
		c.step_x = c.tw - PAGE_OVERLAP;
		c.step_y = c.th - PAGE_OVERLAP;
		c.landscape = land;
		if (!land || c.rows * c.cols < t->rows * t->cols)
			*t = c;
	}
}

/* A page of the booklet: an SVG of the paper's size inside a section the print CSS breaks
 * after (page_open); page_close ends it with its label and a check bar of 50 mm. */
static void page_open(FILE *f, const struct svgbook_tiles *t, int page)
{
	fprintf(f, "<section class=\"page%s\" data-page=\"%d\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
		   "width=\"%.1fmm\" height=\"%.1fmm\" viewBox=\"0 0 %.1f %.1f\" font-family=\"sans-serif\">\n",
		t->landscape ? " landscape" : "", page, t->page_w, t->page_h, t->page_w, t->page_h);
}

static void page_close(FILE *f, const struct svgbook_tiles *t, const char *label)
{
	double y = t->page_h - PAGE_MARGIN - PAGE_LABEL;
	svgmap_text(f, PAGE_MARGIN, y + 4, 2.8, NULL, label);
	svgmap_scale_bar(f, PAGE_MARGIN, y + 8.5, 50, "50 mm: print at 100%, then check with a ruler");
	fputs("</svg></section>\n", f);
}

/* The inside of an SVG this module wrote: from after the <svg ...> start tag to before the
 * last </svg>; its width and height in mm. false when sheet is not such a document. */
static bool sheet_body(const char *sheet, size_t len, const char **body, size_t *n, double *w, double *h)
{
	const char *svg = strstr(sheet, "<svg "), *end = NULL, *p;
	if (!svg || sscanf(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%lfmm\" height=\"%lfmm\"", w, h) != 2)
		return false;
	*body = strchr(svg, '>');
	for (p = sheet; (p = strstr(p, "</svg>")) != NULL && p < sheet + len; p++)
		end = p;
	if (!*body || !end || end < *body)
		return false;
	(*body)++;
	*n = (size_t)(end - *body);
	return true;
}

int svgbook_print(FILE *f, const char *title, const json_t *scn, const json_t *map_state, const json_t *state,
		 const struct svgmap_opts *o, const struct svgbook_paper *p, struct err *e)
{
	const char *body;
	char *map = NULL;
	size_t n, map_len = 0;
	double w, h;
	struct svgbook_tiles t;
	char label[256];
	int page = 0, npages, nrows;
	struct svgmap_row *rows;

	if (svgbook_sheet(SVGBOOK_MAP, title, scn, map_state, NULL, o, NULL, &map, &map_len, e) != 0)
		return -1;
	if (!sheet_body(map, map_len, &body, &n, &w, &h)) { /* (cannot happen: svgmap_map wrote it) */
		free(map);
		return err_set(e, NULL, 0, "the map is not an SVG sheet");
	}
	svgbook_tiling(w, h, p, &t);
	/* the counter pages: the sheet's rows, as many a page as its drawing area holds */
	double cw = t.page_w, s = o->counter_mm;
	if ((nrows = svgmap_rows(scn, state, svgmap_pairs_per_row(s, &cw), &rows)) < 0) {
		free(map);
		return err_set(e, NULL, 0, "out of memory");
	}
	double area = t.page_h - 2 * PAGE_MARGIN - PAGE_LABEL - 8; /* under a title line */
	int cpages = 0;
	for (int k = 0; k < nrows;) {
		double y = 0;
		int k0 = k;
		while (k < nrows && (y + svgmap_row_height(&rows[k], s) <= area || k == k0))
			y += svgmap_row_height(&rows[k++], s);
		cpages++;
	}
	npages = t.rows * t.cols + cpages;

	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>", f);
	svgmap_xput(f, title);
	fprintf(f, ": map and counters to print</title>\n<style>\n"
		   "@page { size: %s%s; margin: 0 }\n"
		   "body { margin: 0 }\n"
		   ".page { display: block; page-break-after: always; break-after: page; overflow: hidden }\n"
		   ".page svg { display: block }\n"
		   "@media screen { body { background: #777 } .page { margin: 8px auto; width: fit-content; "
		   "box-shadow: 0 0 6px #0008 } }\n"
		   "</style></head><body>\n",
		p->name, t.landscape ? " landscape" : "");
	/* the map once, for every page to show its part of (use) */
	fputs("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" style=\"position:absolute\" "
	      "font-family=\"sans-serif\"><defs><g id=\"crimea-map\">\n", f);
	fwrite(body, 1, n, f);
	fputs("</g></defs></svg>\n", f);
	for (int r = 0; r < t.rows; r++)
		for (int c = 0; c < t.cols; c++) {
			double x0 = c * t.step_x, y0 = r * t.step_y;
			page_open(f, &t, ++page);
			fprintf(f, "<svg class=\"tile\" data-row=\"%d\" data-col=\"%d\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
				   "height=\"%.2f\" viewBox=\"%.2f %.2f %.2f %.2f\"><use href=\"#crimea-map\"/></svg>\n",
				r + 1, c + 1, PAGE_MARGIN, PAGE_MARGIN, t.tw, t.th, x0, y0, t.tw, t.th);
			/* where the next pages begin: trim there and lay this page over the next */
			if (c + 1 < t.cols)
				svgmap_line(f, PAGE_MARGIN + t.step_x, PAGE_MARGIN, PAGE_MARGIN + t.step_x, PAGE_MARGIN + t.th, "join",
				     "#555555", 0.25, "2 1.5");
			if (r + 1 < t.rows)
				svgmap_line(f, PAGE_MARGIN, PAGE_MARGIN + t.step_y, PAGE_MARGIN + t.tw, PAGE_MARGIN + t.step_y, "join",
				     "#555555", 0.25, "2 1.5");
			snprintf(label, sizeof label, "%s: map, page %d of %d, row %d of %d, column %d of %d%s", title, page,
				 npages, r + 1, t.rows, c + 1, t.cols,
				 t.rows * t.cols > 1 ? " (dashed: where the next pages begin)" : "");
			page_close(f, &t, label);
		}
	for (int k = 0; k < nrows;) {
		double y = PAGE_MARGIN + 8;
		int k0 = k;
		page_open(f, &t, ++page);
		snprintf(label, sizeof label, "%s: the counters, %.1f mm, front then back%s", title, s,
			 k0 > 0 ? " (continued)" : "");
		svgmap_text(f, PAGE_MARGIN, PAGE_MARGIN + 4, 3.6, "font-weight=\"bold\"", label);
		while (k < nrows && (y + svgmap_row_height(&rows[k], s) <= PAGE_MARGIN + 8 + area || k == k0))
			y += svgmap_row_height(&rows[k++], s);
		/* draw_rows works from SVGMAP_MARGIN; the page's margin differs, so shift the rows */
		fprintf(f, "<g transform=\"translate(%.2f 0)\">\n", PAGE_MARGIN - SVGMAP_MARGIN);
		svgmap_draw_rows(f, scn, state, rows, k0, k, s, PAGE_MARGIN + 8);
		fputs("</g>\n", f);
		snprintf(label, sizeof label, "%s: counters, page %d of %d; reconstructed values: see the map's notes", title,
			 page, npages);
		page_close(f, &t, label);
	}
	fputs("</body></html>\n", f);
	free(rows);
	free(map);
	return ferror(f) ? err_set(e, NULL, 0, "cannot write the booklet") : 0;
}

int svgbook_sheet(enum svgbook_kind kind, const char *title, const json_t *scn, const json_t *map_state,
		  const json_t *state, const struct svgmap_opts *o, const struct svgbook_paper *p, char **buf,
		  size_t *len, struct err *e)
{
	FILE *f;
	int rc;

	*buf = NULL;
	*len = 0;
	if (!(f = open_memstream(buf, len)))
		return err_set(e, NULL, 0, "out of memory");
	rc = kind == SVGBOOK_COUNTERS ? svgmap_counters(f, title, scn, state, o, e)
	     : kind == SVGBOOK_MAP    ? svgmap_map(f, title, scn, map_state, o, e)
				      : svgbook_print(f, title, scn, map_state, state, o, p, e);
	if (fclose(f) != 0 && rc == 0)
		rc = err_set(e, NULL, 0, "out of memory");
	if (rc != 0) {
		free(*buf);
		*buf = NULL;
	}
	return rc;
}
