/* svgmap: printable SVG of a scenario's map and counters (svgmap.h). The drawing follows the
 * browser's (web/js/map.js, counters.js: the same colours, hexside marks and counter face), in
 * millimetres instead of screen units. */
#include "svgmap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../hex/hex.h"

#define SQ3 1.7320508075688772
#define PI 3.14159265358979323846
#define HEAD 20.0   /* mm for the title block above the map */
#define LINE 4.2    /* mm a line of the notes and legend */
#define NOTE_PT 2.8 /* mm: the notes' and legend's type */
#define LEGEND_MAX 24

struct colours {
	const char *fill, *edge, *ink;
};

static const struct {
	const char *name, *fill;
} terrain_colours[] = {
	{"clear", "#e9e3c6"}, {"woods", "#7da46a"},  {"town", "#c2a78c"},   {"vineyard", "#c7b8a0"},
	{"swamp", "#9cc0b0"}, {"brush", "#b2bd80"},  {"sea", "#86b7dc"},    {"aqueduct", "#9fc3d8"},
	{"closed", "#7b7b7b"}, {"fort", "#b58f86"},  {"rough", "#c8b58a"},  {"marsh", "#9cc0b0"},
	{"orchard", "#a8c47c"},
};

/* nation colours where the order of battle names one, else by the side's place */
static const struct {
	const char *nation;
	struct colours c;
} nation_colours[] = {
	{"russian", {"#cfd5b8", "#3d4a1f", "#1f2a0c"}}, {"british", {"#efc2b8", "#8a1c10", "#4a0d06"}},
	{"french", {"#c4d3ee", "#1f3f7a", "#0c1f45"}},  {"turkish", {"#f0e0a8", "#7a5a10", "#3f2d05"}},
	{"sardinian", {"#d8c8e8", "#4d2f7a", "#27163f"}},
};
static const struct colours side_colours[2] = {
	{"#c9d6ea", "#23406e", "#0f2342"},
	{"#e9c9b8", "#7a2a12", "#40160a"},
};

/* Hexside features in drawing order: how each is drawn (the browser's styles; widths in
 * hex radii) and its legend words. */
enum feat_how { ALONG, ACROSS, BRIDGE, REDOUBT }; /* centre to centre, on the hexside, ... */
static const struct feat {
	const char *name, *words, *stroke, *dash;
	double width;
	enum feat_how how;
} side_features[] = {
	{"road_major", "major road", "#5b4636", NULL, 0.13, ALONG},
	{"road_minor", "minor road", "#6d5643", NULL, 0.10, ALONG},
	{"track", "track", "#7a6552", "1.2 1", 0.07, ALONG},
	{"river", "river", "#2f6fb5", NULL, 0.20, ACROSS},
	{"stream", "stream", "#4c8fd0", NULL, 0.10, ACROSS},
	{"ford", "ford", "#9cc6ea", "0.8 0.8", 0.10, ACROSS},
	{"wall", "wall", "#333333", NULL, 0.10, ACROSS},
	{"ravine", "ravine", "#6b4a2f", "0.6 0.6", 0.13, ACROSS},
	{"bridge", "bridge", "#6a4b2b", NULL, 0.23, BRIDGE},
	{"redoubt", "redoubt (the tick inside)", "#7a1f1f", NULL, 0.17, REDOUBT},
};
#define NFEAT (sizeof side_features / sizeof side_features[0])

/* The frame of one drawing: the hex size, the map's top-left corner on the sheet, its columns
 * and rows. */
struct geo {
	double R, F;    /* corner radius, across the flats (F = sqrt 3 R) */
	double ox, oy;  /* the map's top-left corner on the sheet */
	int c0, c1, r0, r1;
};

static void centre(const struct geo *g, int h, double *x, double *y)
{
	int c = hex_col(h), r = hex_row(h);
	/* even-q (hex.h): even columns half a hex lower */
	*x = g->ox + g->R + 1.5 * g->R * (c - g->c0);
	*y = g->oy + g->F / 2 + g->F * (r - g->r0 + (c % 2 == 0 ? 0.5 : 0.0));
}

/* XML-escaped text. */
void svgmap_xput(FILE *f, const char *s)
{
	for (; s && *s; s++)
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
}

void svgmap_text(FILE *f, double x, double y, double size, const char *attrs, const char *t)
{
	fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\"%s%s>", x, y, size, attrs ? " " : "",
		attrs ? attrs : "");
	svgmap_xput(f, t);
	fputs("</text>\n", f);
}

/* svgmap_text() squeezed into width mm when it would be wider (sans-serif glyphs: about 0.6 of the
 * type size on average), so that a long unit id stays on its counter. */
static void fit_text(FILE *f, double x, double y, double size, double width, const char *attrs, const char *t)
{
	char fit[160];
	if (t && 0.6 * size * (double)strlen(t) > width) {
		snprintf(fit, sizeof fit, "textLength=\"%.2f\" lengthAdjust=\"spacingAndGlyphs\"%s%s", width,
			 attrs ? " " : "", attrs ? attrs : "");
		attrs = fit;
	}
	svgmap_text(f, x, y, size, attrs, t);
}

static const char *jstr(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static bool jhex(const json_t *v, int *h)
{
	const char *s = json_string_value(v);
	return s && hex_parse(s, h);
}

static const char *terrain_fill(const char *t)
{
	for (size_t i = 0; t && i < sizeof terrain_colours / sizeof terrain_colours[0]; i++)
		if (!strcmp(terrain_colours[i].name, t))
			return terrain_colours[i].fill;
	return "#dddddd";
}

static struct colours unit_colours(const json_t *scn, const json_t *u)
{
	const char *nation = jstr(u, "nation"), *side = jstr(u, "side");
	const json_t *sides = json_object_get(scn, "sides");
	for (size_t i = 0; nation && i < sizeof nation_colours / sizeof nation_colours[0]; i++)
		if (!strcmp(nation_colours[i].nation, nation))
			return nation_colours[i].c;
	return side_colours[side && json_string_value(json_array_get(sides, 1)) &&
				    !strcmp(side, json_string_value(json_array_get(sides, 1)))];
}

int svgmap_check_opts(const struct svgmap_opts *o, struct err *e)
{
	if (!(o->hex_mm >= SVGMAP_MM_MIN && o->hex_mm <= SVGMAP_MM_MAX))
		return err_set(e, NULL, 0, "a hex of %.1f mm: it must be %.0f to %.0f mm", o->hex_mm,
			       SVGMAP_MM_MIN, SVGMAP_MM_MAX);
	if (!(o->counter_mm >= SVGMAP_MM_MIN && o->counter_mm <= SVGMAP_MM_MAX))
		return err_set(e, NULL, 0, "a counter of %.1f mm: it must be %.0f to %.0f mm", o->counter_mm,
			       SVGMAP_MM_MIN, SVGMAP_MM_MAX);
	return 0;
}

void svgmap_opts_default(struct svgmap_opts *o)
{
	o->hex_mm = SVGMAP_HEX_MM;
	o->counter_mm = SVGMAP_COUNTER_MM;
}

/* One counter of side s mm centred at (x, y): the browser's face (side colour, NATO box, size,
 * id above, values below), the back with its red disruption stripe. where: small text on the
 * counter's left edge (the sheet's set-up hex or entry turn), or NULL. */
static void counter(FILE *f, const json_t *scn, const json_t *u, double x, double y, double s, bool back,
		    const char *where)
{
	struct colours c = unit_colours(scn, u);
	const char *type = jstr(u, "type"), *size = jstr(u, "size"), *id = jstr(u, "id");
	const char *face = back ? jstr(u, "back") : jstr(u, "front");
	double x0 = x - s / 2, y0 = y - s / 2, bx = x - s * 0.28, by = y0 + s * 0.37, bw = s * 0.56, bh = s * 0.28;
	double sw = s * 0.02;

	fprintf(f, "<g class=\"counter%s\" data-unit=\"", back ? " back" : "");
	svgmap_xput(f, id);
	fputs("\"><title>", f);
	svgmap_xput(f, jstr(u, "name"));
	fputs(" (", f);
	svgmap_xput(f, id);
	fprintf(f, ")%s</title>\n", back ? ", back (disrupted)" : "");
	fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" rx=\"%.2f\" fill=\"%s\" "
		   "stroke=\"%s\" stroke-width=\"%.2f\"/>\n",
		x0, y0, s, s, s * 0.05, c.fill, c.edge, sw * 1.5);
	if (back && !face) { /* a counter with one face: nothing on its back */
		fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\" text-anchor=\"middle\" fill=\"%s\">-</text>\n</g>\n",
			x, y + s * 0.1, s * 0.3, c.ink);
		return;
	}
	fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"none\" stroke=\"%s\" "
		   "stroke-width=\"%.2f\"/>\n",
		bx, by, bw, bh, c.ink, sw);
	if (type && (!strcmp(type, "inf") || !strcmp(type, "cav") || !strcmp(type, "hart")))
		fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" stroke-width=\"%.2f\"/>\n",
			bx, by + bh, bx + bw, by, c.ink, sw);
	if (type && !strcmp(type, "inf"))
		fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" stroke-width=\"%.2f\"/>\n",
			bx, by, bx + bw, by + bh, c.ink, sw);
	if (type && (!strcmp(type, "art") || !strcmp(type, "hart")))
		fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\"/>\n", x, by + bh / 2, s * 0.07, c.ink);
	fprintf(f, "<g font-family=\"sans-serif\" text-anchor=\"middle\" fill=\"%s\">\n", c.ink);
	if (size)
		svgmap_text(f, x, by - s * 0.02, s * 0.13, NULL, size);
	fit_text(f, x, y0 + s * 0.2, s * 0.15, s * 0.8, NULL, id);
	fit_text(f, x, y0 + s * 0.9, s * 0.2, s * 0.8, "font-weight=\"bold\"", face);
	if (where) {
		fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\" transform=\"rotate(-90 %.2f %.2f)\">", x0 + s * 0.11,
			y, s * 0.11, x0 + s * 0.11, y);
		svgmap_xput(f, where);
		fputs("</text>\n", f);
	}
	fputs("</g>\n", f);
	if (back)
		fprintf(f, "<rect class=\"dstripe\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#d02020\"/>\n",
			x0 + s * 0.88, y0, s * 0.12, s);
	fputs("</g>\n", f);
}

/* The hexside between adjacent a and b as a segment (the perpendicular bisector of their
 * centres, one side long); also its midpoint and the unit vector from a to b. */
struct edge {
	double x1, y1, x2, y2, mx, my, ux, uy;
};

static struct edge edge_of(const struct geo *g, int a, int b)
{
	double ax, ay, bx, by;
	struct edge e;
	centre(g, a, &ax, &ay);
	centre(g, b, &bx, &by);
	double dx = bx - ax, dy = by - ay, len = hypot(dx, dy);
	if (len <= 0)
		len = 1;
	e.mx = (ax + bx) / 2;
	e.my = (ay + by) / 2;
	e.ux = dx / len;
	e.uy = dy / len;
	e.x1 = e.mx - e.uy * g->R / 2;
	e.y1 = e.my + e.ux * g->R / 2;
	e.x2 = e.mx + e.uy * g->R / 2;
	e.y2 = e.my - e.ux * g->R / 2;
	return e;
}

void svgmap_line(FILE *f, double x1, double y1, double x2, double y2, const char *cls, const char *stroke,
		 double width, const char *dash)
{
	fprintf(f, "<line class=\"%s\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
		   "stroke-width=\"%.2f\" stroke-linecap=\"round\"%s%s%s/>\n",
		cls, x1, y1, x2, y2, stroke, width, dash ? " stroke-dasharray=\"" : "", dash ? dash : "",
		dash ? "\"" : "");
}

static bool has_feature(const json_t *fs, const char *name)
{
	size_t i;
	const json_t *v;
	json_array_foreach(fs, i, v)
		if (json_string_value(v) && !strcmp(json_string_value(v), name))
			return true;
	return false;
}

/* A slope's kind as slope_mark takes it, and its place in the legend after the features:
 * 0 gentle (or unnamed), 1 steep, 2 cliff. */
static size_t slope_kind(const json_t *sl)
{
	const char *kind = jstr(sl, "kind");
	return kind && !strcmp(kind, "cliff") ? 2 : kind && !strcmp(kind, "steep") ? 1 : 0;
}

/* A slope mark of kind k (0 gentle, 1 steep, 2 cliff) on segment e: the line with three
 * hachures pointing downhill, along the unit vector (ux, uy); R the hex radius. */
static void slope_mark(FILE *f, const struct edge *e, double ux, double uy, size_t k, double R)
{
	static const char *const kind[3] = {"gentle", "steep", "cliff"}, *const col[3] = {"#9a6a3c", "#6b3d1f", "#222222"};
	double tick = R * (k ? 0.23 : 0.13);
	fprintf(f, "<g class=\"slope %s\">\n", kind[k]);
	svgmap_line(f, e->x1, e->y1, e->x2, e->y2, "edge", col[k], R * (k ? 0.08 : 0.05), NULL);
	for (int i = 1; i <= 3; i++) {
		double t = i / 4.0, x = e->x1 + (e->x2 - e->x1) * t, y = e->y1 + (e->y2 - e->y1) * t;
		svgmap_line(f, x, y, x + ux * tick, y + uy * tick, "hachure", col[k], R * 0.05, NULL);
	}
	fputs("</g>\n", f);
}

/* A slope of the view ({"splash", "kind"}) on hexside e: hachures into the splash hex. */
static void slope(FILE *f, const struct geo *g, const struct edge *e, const json_t *sl)
{
	int splash;
	double sx, sy;
	if (!jhex(json_object_get(sl, "splash"), &splash))
		return;
	centre(g, splash, &sx, &sy);
	double dx = sx - e->mx, dy = sy - e->my, d = hypot(dx, dy);
	d = d > 0 ? d : 1;
	slope_mark(f, e, dx / d, dy / d, slope_kind(sl), g->R);
}

/* The slopes of a hexside of the view: its "slopes" list, or its one "slope". */
static size_t slopes_of(const json_t *hs, const json_t **out)
{
	const json_t *one = json_object_get(hs, "slope"), *list = json_object_get(hs, "slopes");
	size_t n = 0;
	if (one)
		out[n++] = one;
	for (size_t i = 0; !one && i < json_array_size(list) && n < 2; i++)
		out[n++] = json_array_get(list, i);
	return n;
}

/* One hexside of the view (map.hexsides[i]). */
static void hexside(FILE *f, const struct geo *g, const json_t *hs)
{
	int a, b;
	const json_t *fs = json_object_get(hs, "features"), *sl[2];
	if (!jhex(json_object_get(hs, "a"), &a) || !jhex(json_object_get(hs, "b"), &b) || !hex_adjacent(a, b))
		return;
	struct edge e = edge_of(g, a, b);
	double R = g->R, ax, ay, bx, by;
	centre(g, a, &ax, &ay);
	centre(g, b, &bx, &by);
	for (size_t k = 0; k < NFEAT; k++) {
		const struct feat *ft = &side_features[k];
		if (!has_feature(fs, ft->name))
			continue;
		if (ft->how == ALONG) {
			char cls[32];
			snprintf(cls, sizeof cls, "road %s", ft->name);
			svgmap_line(f, ax, ay, bx, by, cls, ft->stroke, R * ft->width, ft->dash);
		} else if (ft->how == ACROSS) {
			svgmap_line(f, e.x1, e.y1, e.x2, e.y2, ft->name, ft->stroke, R * ft->width, ft->dash);
		} else if (ft->how == BRIDGE) { /* a short deck across the water, along the centres */
			svgmap_line(f, e.mx - e.ux * R * 0.35, e.my - e.uy * R * 0.35, e.mx + e.ux * R * 0.35,
			     e.my + e.uy * R * 0.35, ft->name, ft->stroke, R * ft->width, NULL);
		} else { /* a redoubt: the hexside, and a tick into the work */
			int in = a;
			double ix, iy;
			jhex(json_object_get(hs, "inside"), &in);
			centre(g, in, &ix, &iy);
			double dx = ix - e.mx, dy = iy - e.my, d = hypot(dx, dy);
			d = d > 0 ? d : 1;
			svgmap_line(f, e.x1, e.y1, e.x2, e.y2, ft->name, ft->stroke, R * ft->width, NULL);
			svgmap_line(f, e.mx, e.my, e.mx + dx / d * R * 0.2, e.my + dy / d * R * 0.2, "redoubt-in", ft->stroke,
			     R * 0.1, NULL);
		}
	}
	for (size_t k = 0, n = slopes_of(hs, sl); k < n; k++)
		slope(f, g, &e, sl[k]);
}

/* What the legend lists: the terrains the map uses (first seen first), and which hexside
 * features (side_features' order) and slope kinds (gentle, steep, cliff after them). */
struct legend {
	const char *terrain[LEGEND_MAX];
	int nterrain;
	bool used[NFEAT + 3];
};

static void legend_scan(const json_t *map, struct legend *L)
{
	size_t i;
	const json_t *v, *sl[2];
	memset(L, 0, sizeof *L);
	json_array_foreach(json_object_get(map, "hexes"), i, v) {
		const char *t = jstr(v, "terrain");
		int k = 0;
		while (t && k < L->nterrain && strcmp(L->terrain[k], t))
			k++;
		if (t && k == L->nterrain && L->nterrain < LEGEND_MAX)
			L->terrain[L->nterrain++] = t;
	}
	json_array_foreach(json_object_get(map, "hexsides"), i, v) {
		for (size_t k = 0; k < NFEAT; k++)
			L->used[k] |= has_feature(json_object_get(v, "features"), side_features[k].name);
		for (size_t k = 0, n = slopes_of(v, sl); k < n; k++)
			L->used[NFEAT + slope_kind(sl[k])] = true;
	}
}

/* Draws the legend from y across W (f NULL: only measures); each entry a sample drawn as on the
 * map (g's hex size), then its words. Returns the y under its last line. */
static double legend(FILE *f, const struct legend *L, const struct geo *g, double W, double y)
{
	static const char *const slope_words[3] = {"gentle slope (hachures downhill)", "steep slope", "cliff"};
	double x = SVGMAP_MARGIN, R = g->R;
	if (f)
		fputs("<g class=\"legend\">\n", f);
	for (int k = 0; k < L->nterrain; k++) {
		double w = 8 + 1.6 * (double)strlen(L->terrain[k]);
		if (x + w > W - SVGMAP_MARGIN) {
			x = SVGMAP_MARGIN;
			y += LINE;
		}
		if (f) {
			fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"4\" height=\"3\" fill=\"%s\" stroke=\"#666666\" "
				   "stroke-width=\"0.15\"/>\n",
				x, y, terrain_fill(L->terrain[k]));
			svgmap_text(f, x + 5, y + 2.6, NOTE_PT, NULL, L->terrain[k]);
		}
		x += w;
	}
	x = SVGMAP_MARGIN;
	y += LINE;
	for (size_t k = 0; k < NFEAT + 3; k++) {
		const char *words = k < NFEAT ? side_features[k].words : slope_words[k - NFEAT];
		double w = 12 + 1.55 * (double)strlen(words);
		if (!L->used[k])
			continue;
		if (x + w > W - SVGMAP_MARGIN) {
			x = SVGMAP_MARGIN;
			y += LINE;
		}
		if (f && k < NFEAT) {
			const struct feat *ft = &side_features[k];
			svgmap_line(f, x, y + 1.5, x + 7, y + 1.5, ft->name, ft->stroke, R * ft->width, ft->dash);
			if (ft->how == REDOUBT)
				svgmap_line(f, x + 3.5, y + 1.5, x + 3.5, y + 1.5 + R * 0.2, "redoubt-in", ft->stroke, R * 0.1, NULL);
		} else if (f) { /* a slope falling south */
			struct edge e = {x, y + 1, x + 7, y + 1, x + 3.5, y + 1, 1, 0};
			slope_mark(f, &e, 0, 1, k - NFEAT, R);
		}
		if (f)
			svgmap_text(f, x + 9, y + 2.6, NOTE_PT, NULL, words);
		x += w;
	}
	if (f)
		fputs("</g>\n", f);
	return y + LINE;
}

/* The map's frame from the view: columns and rows, checked. */
static int map_frame(const json_t *map, struct geo *g, struct err *e)
{
	const json_t *cols = json_object_get(map, "cols"), *rows = json_object_get(map, "rows");
	if (!json_is_object(map) || json_array_size(cols) != 2 || json_array_size(rows) != 2)
		return err_set(e, NULL, 0, "the scenario has no map to draw");
	g->c0 = (int)json_integer_value(json_array_get(cols, 0));
	g->c1 = (int)json_integer_value(json_array_get(cols, 1));
	g->r0 = (int)json_integer_value(json_array_get(rows, 0));
	g->r1 = (int)json_integer_value(json_array_get(rows, 1));
	if (g->c0 < 0 || g->c1 < g->c0 || g->c1 > HEX_COL_MAX || g->r0 < 0 || g->r1 < g->r0 || g->r1 > HEX_ROW_MAX)
		return err_set(e, NULL, 0, "the map's columns %d-%d and rows %d-%d are not a hex frame", g->c0,
			       g->c1, g->r0, g->r1);
	return 0;
}

/* The document's start: a sheet of W x H mm, one unit of the drawing a millimetre. */
static void svg_open(FILE *f, double W, double H)
{
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.1fmm\" height=\"%.1fmm\" "
		   "viewBox=\"0 0 %.1f %.1f\" font-family=\"sans-serif\">\n"
		   "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		W, H, W, H);
}

/* The sheet's head: the title, what the sheet is, and under them a scale bar of 100 mm, so
 * that a print can be checked with a ruler. */
static void head(FILE *f, const char *title, const char *what)
{
	svgmap_text(f, SVGMAP_MARGIN, SVGMAP_MARGIN + 4, 5, "font-weight=\"bold\"", title);
	svgmap_text(f, SVGMAP_MARGIN, SVGMAP_MARGIN + 9.5, 3.2, "fill=\"#4a5568\"", what);
	svgmap_scale_bar(f, SVGMAP_MARGIN, SVGMAP_MARGIN + 15, 100, "100 mm: measure the print");
}

void svgmap_scale_bar(FILE *f, double x, double y, double len, const char *label)
{
	fprintf(f, "<g class=\"scale\"><line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"black\" "
		   "stroke-width=\"0.4\"/>\n",
		x, y, x + len, y);
	for (int k = 0; k <= (int)(len / 10); k++)
		fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"black\" stroke-width=\"0.3\"/>\n",
			x + 10 * k, y - (k % 5 ? 1.5 : 2.5), x + 10 * k, y);
	svgmap_text(f, x + len + 3, y + 1, 2.6, NULL, label);
	fputs("</g>\n", f);
}

/* The notes on reconstructed data, one a line from y; returns the y after them. */
static double notes(FILE *f, const json_t *scn, double y)
{
	const json_t *rec = json_object_get(scn, "reconstructed"), *v;
	size_t i;
	if (!json_array_size(rec))
		return y;
	svgmap_text(f, SVGMAP_MARGIN, y += LINE, NOTE_PT, "font-weight=\"bold\"",
	     "Reconstructed or decoded data, not the printed game's (docs/TABLES.md; replace it if you own the game):");
	json_array_foreach(rec, i, v)
		svgmap_text(f, SVGMAP_MARGIN + 3, y += LINE, NOTE_PT, NULL, json_string_value(v) ? json_string_value(v) : "");
	return y;
}

static size_t nnotes(const json_t *scn)
{
	size_t n = json_array_size(json_object_get(scn, "reconstructed"));
	return n ? n + 1 : 0;
}

/* The map hex of a unit of a position (json_state's units[i]): its hex when it is on the map,
 * else -1. */
static int unit_hex(const json_t *u)
{
	int h;
	const char *st = jstr(u, "state");
	if ((st && strcmp(st, "on")) || !jhex(json_object_get(u, "hex"), &h))
		return -1;
	return h;
}

/* The definition of unit id in the scenario view, or NULL. */
static const json_t *unit_def(const json_t *scn, const char *id)
{
	size_t i;
	const json_t *v;
	json_array_foreach(json_object_get(scn, "units"), i, v)
		if (id && jstr(v, "id") && !strcmp(jstr(v, "id"), id))
			return v;
	return NULL;
}

/* The units of state on the map: in each stack the units under the top first (in unit order),
 * then the top unit, each offset up and left of the one under it (as the browser). Two passes,
 * so that every top unit is painted last. Each unit's hex and definition are looked up once
 * (hex -1: not drawn). Returns 0, or -1 when out of memory. */
static int draw_units(FILE *f, const struct geo *g, const json_t *scn, const json_t *state)
{
	const json_t *units = json_object_get(state, "units"), *v;
	size_t i, n = json_array_size(units);
	double cs = g->F * 0.62;
	int *hex = malloc((n ? n : 1) * sizeof *hex);
	const json_t **def = malloc((n ? n : 1) * sizeof *def);
	if (!hex || !def) {
		free(hex);
		free(def);
		return -1;
	}
	json_array_foreach(units, i, v) {
		def[i] = unit_def(scn, jstr(v, "id"));
		hex[i] = def[i] ? unit_hex(v) : -1;
	}
	fputs("<g class=\"units\">\n", f);
	for (int pass = 0; pass < 2; pass++)
		json_array_foreach(units, i, v) {
			bool top = json_is_true(json_object_get(v, "top"));
			int stack = 0, under = 0; /* the stack; the units painted before this one in it */
			if (hex[i] < 0 || top != (pass == 1))
				continue;
			for (size_t j = 0; j < n; j++) {
				if (hex[j] != hex[i])
					continue;
				stack++;
				if (j != i && (top || (!json_is_true(json_object_get(json_array_get(units, j), "top")) && j < i)))
					under++;
			}
			double x, y, off = (stack - 1 - under) * -g->F * 0.06;
			centre(g, hex[i], &x, &y);
			counter(f, scn, def[i], x + off, y + off, cs, json_is_true(json_object_get(v, "disrupted")), NULL);
		}
	fputs("</g>\n", f);
	free(hex);
	free(def);
	return 0;
}

int svgmap_map(FILE *f, const char *title, const json_t *scn, const json_t *state,
	       const struct svgmap_opts *o, struct err *e)
{
	const json_t *map = json_object_get(scn, "map"), *hexes, *v;
	struct geo g;
	size_t i;
	struct legend L;

	if (svgmap_check_opts(o, e) != 0 || map_frame(map, &g, e) != 0)
		return -1;
	hexes = json_object_get(map, "hexes");
	if (!json_array_size(hexes))
		return err_set(e, NULL, 0, "the scenario's map has no hexes");
	g.F = o->hex_mm;
	g.R = g.F / SQ3;
	g.ox = SVGMAP_MARGIN;
	g.oy = SVGMAP_MARGIN + HEAD;
	int nc = g.c1 - g.c0 + 1, nr = g.r1 - g.r0 + 1;
	double mw = 1.5 * g.R * (nc - 1) + 2 * g.R, mh = g.F * (nr + 0.5);
	legend_scan(map, &L);
	double W = fmax(mw + 2 * SVGMAP_MARGIN, 230), legend_y = g.oy + mh + 4;
	double H = legend(NULL, &L, &g, W, legend_y) + LINE * (double)nnotes(scn) + SVGMAP_MARGIN;

	svg_open(f, W, H);
	char what[256], when[128] = "";
	if (state && jstr(state, "phase") && !strcmp(jstr(state, "phase"), "Game Over"))
		snprintf(when, sizeof when, " at the end of the game");
	else if (state && json_integer_value(json_object_get(state, "turn")) > 0)
		snprintf(when, sizeof when, " of Game-Turn %d, %s Player-Turn, %s Phase",
			 (int)json_integer_value(json_object_get(state, "turn")),
			 jstr(state, "phasing") ? jstr(state, "phasing") : "?", jstr(state, "phase") ? jstr(state, "phase") : "?");
	snprintf(what, sizeof what, "the map, hexes %02d%02d-%02d%02d, %.1f mm a hex across the flats%s%s", g.c0, g.r0,
		 g.c1, g.r1, o->hex_mm, state ? ", with the units" : "", when);
	head(f, title, what);

	fputs("<g class=\"terrain\" stroke=\"#666666\" stroke-width=\"0.15\">\n", f);
	json_array_foreach(hexes, i, v) {
		int h;
		double x, y;
		const char *t = jstr(v, "terrain");
		if (!jhex(json_object_get(v, "hex"), &h))
			continue;
		centre(&g, h, &x, &y);
		fputs("<polygon class=\"hex t-", f);
		svgmap_xput(f, t ? t : "clear");
		fprintf(f, "\" data-hex=\"%04d\" fill=\"%s\" points=\"", h, terrain_fill(t));
		for (int k = 0; k < 6; k++)
			fprintf(f, "%s%.2f,%.2f", k ? " " : "", x + g.R * cos(PI / 3 * k), y + g.R * sin(PI / 3 * k));
		fputs("\"/>\n", f);
	}
	fputs("</g>\n<g class=\"hexsides\">\n", f);
	json_array_foreach(json_object_get(map, "hexsides"), i, v)
		hexside(f, &g, v);
	fputs("</g>\n<g class=\"labels\" text-anchor=\"middle\" fill=\"#333333\">\n", f);
	json_array_foreach(hexes, i, v) {
		int h;
		double x, y;
		char num[8];
		if (!jhex(json_object_get(v, "hex"), &h))
			continue;
		centre(&g, h, &x, &y);
		hex_format(h, num);
		svgmap_text(f, x, y - g.F * 0.31, g.F * 0.13, NULL, num);
		if (json_is_true(json_object_get(v, "road")))
			fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#5b4636\"/>\n", x, y, g.R * 0.07);
	}
	json_array_foreach(json_object_get(map, "places"), i, v) {
		int h;
		double x, y;
		const char *name = jstr(v, "name");
		if (!name || !jhex(json_array_get(json_object_get(v, "hexes"), 0), &h))
			continue;
		centre(&g, h, &x, &y);
		svgmap_text(f, x, y + g.F * 0.42, g.F * 0.11, "class=\"place\" font-style=\"italic\"", name);
	}
	fputs("</g>\n", f);

	if (state && draw_units(f, &g, scn, state) != 0)
		return err_set(e, NULL, 0, "out of memory");

	/* the legend: terrain swatches, then the hexside marks the map uses; the notes */
	double y = legend(f, &L, &g, W, legend_y);
	fputs("<g class=\"notes\">\n", f);
	notes(f, scn, y - LINE + 3);
	fputs("</g>\n</svg>\n", f);
	return ferror(f) ? err_set(e, NULL, 0, "cannot write the map") : 0;
}

/* The place of a unit's side in sides (the scenario's "sides"), or the count of sides when it
 * names none of them. */
static size_t side_of(const json_t *u, const json_t *sides)
{
	const char *us = jstr(u, "side");
	size_t k = 0, n = json_array_size(sides);
	while (k < n && !(us && json_string_value(json_array_get(sides, k)) &&
			  !strcmp(us, json_string_value(json_array_get(sides, k)))))
		k++;
	return k;
}

/* Whether unit def u is a counter: not when the opening position (state, if known) has it
 * absent and it never enters (Inkerman's big guns, [24.1], leave play at set-up). */
static bool is_counter(const json_t *u, const json_t *state)
{
	size_t i;
	const json_t *v;
	const char *id = jstr(u, "id");
	if (!state || json_object_get(u, "enter"))
		return true;
	json_array_foreach(json_object_get(state, "units"), i, v)
		if (id && jstr(v, "id") && !strcmp(jstr(v, "id"), id))
			return !jstr(v, "state") || strcmp(jstr(v, "state"), "absent") != 0;
	return true;
}

#define HEADING 7.0 /* mm: a side's heading on the counter sheet */

/* The counter sheet's rows, for each side (then units of no named side) its heading and its
 * counters per_row a row; a malloc'd array in *out, its length returned (-1: out of memory). */
int svgmap_rows(const json_t *scn, const json_t *state, int per_row, struct svgmap_row **out)
{
	const json_t *units = json_object_get(scn, "units"), *sides = json_object_get(scn, "sides"), *v;
	size_t i, nside = json_array_size(sides);
	int n = 0;
	struct svgmap_row *r = malloc((2 * json_array_size(units) + nside + 1) * sizeof *r);
	if (!r)
		return -1;
	for (size_t sd = 0; sd <= nside; sd++) {
		int k = 0;
		json_array_foreach(units, i, v) {
			if (side_of(v, sides) != sd || !is_counter(v, state))
				continue;
			if (k == 0)
				r[n++] = (struct svgmap_row){sd, true, 0, 0};
			if (k % per_row == 0)
				r[n++] = (struct svgmap_row){sd, false, k, 0};
			r[n - 1].n++;
			k++;
		}
	}
	*out = r;
	return n;
}

double svgmap_row_height(const struct svgmap_row *r, double s)
{
	return r->heading ? HEADING : s * 1.25;
}

/* Draws rows from to to - 1 (sheet_rows' for state) from y, s mm a counter; returns the y
 * under them. */
double svgmap_draw_rows(FILE *f, const json_t *scn, const json_t *state, const struct svgmap_row *rows, int from,
			int to, double s, double y)
{
	const json_t *units = json_object_get(scn, "units"), *sides = json_object_get(scn, "sides"), *v;
	double pair = 2 * s + s * 0.4; /* front and back touching, then a gap */
	size_t i, nside = json_array_size(sides);

	for (int k = from; k < to; k++) {
		const struct svgmap_row *r = &rows[k];
		if (r->heading) {
			svgmap_text(f, SVGMAP_MARGIN, y + 4.5, 3.4, "font-weight=\"bold\"",
			     r->side < nside ? json_string_value(json_array_get(sides, r->side)) : "other units");
			y += HEADING;
			continue;
		}
		int idx = 0; /* the unit's place among its side's counters */
		json_array_foreach(units, i, v) {
			if (side_of(v, sides) != r->side || !is_counter(v, state))
				continue;
			if (idx >= r->first && idx < r->first + r->n) {
				const json_t *en = json_object_get(v, "enter");
				char where[48];
				int h;
				double x = SVGMAP_MARGIN + (idx - r->first) * pair + s / 2;
				if (jhex(json_object_get(v, "setup"), &h))
					snprintf(where, sizeof where, "%04d", h);
				else if (json_is_string(json_object_get(en, "condition"))) /* once its case's event */
					snprintf(where, sizeof where, "%s", json_string_value(json_object_get(en, "condition")));
				else if (json_integer_value(json_object_get(en, "turn")) > 0)
					snprintf(where, sizeof where, "turn %d", (int)json_integer_value(json_object_get(en, "turn")));
				else
					snprintf(where, sizeof where, "out of play");
				counter(f, scn, v, x, y + s / 2, s, false, where);
				counter(f, scn, v, x + s, y + s / 2, s, true, NULL);
			}
			idx++;
		}
		y += svgmap_row_height(r, s);
	}
	return y;
}

/* The pairs a row of s mm counters holds on a sheet W mm wide (at least one: then *W widens). */
int svgmap_pairs_per_row(double s, double *W)
{
	double pair = 2 * s + s * 0.4;
	int n = (int)((*W - 2 * SVGMAP_MARGIN + s * 0.4) / pair);
	if (n < 1) {
		n = 1;
		*W = pair + 2 * SVGMAP_MARGIN;
	}
	return n;
}

int svgmap_counters(FILE *f, const char *title, const json_t *scn, const json_t *state,
		    const struct svgmap_opts *o, struct err *e)
{
	double s = o->counter_mm, W = 190, H = SVGMAP_MARGIN + HEAD; /* 190 mm: fits A4 and US Letter */
	struct svgmap_row *rows;
	char what[200];
	int n;

	if (svgmap_check_opts(o, e) != 0)
		return -1;
	if (!json_array_size(json_object_get(scn, "units")))
		return err_set(e, NULL, 0, "the scenario has no units");
	if ((n = svgmap_rows(scn, state, svgmap_pairs_per_row(s, &W), &rows)) < 0)
		return err_set(e, NULL, 0, "out of memory");
	for (int k = 0; k < n; k++)
		H += svgmap_row_height(&rows[k], s);
	H += LINE * (double)nnotes(scn) + SVGMAP_MARGIN;
	svg_open(f, W, H);
	snprintf(what, sizeof what, "the counters, %.1f mm: front, then back (disrupted, [7.13]); "
		 "set-up hex or entry turn on the left edge", s);
	head(f, title, what);
	notes(f, scn, svgmap_draw_rows(f, scn, state, rows, 0, n, s, SVGMAP_MARGIN + HEAD) - LINE + 3);
	fputs("</svg>\n", f);
	free(rows);
	return ferror(f) ? err_set(e, NULL, 0, "cannot write the counter sheet") : 0;
}
