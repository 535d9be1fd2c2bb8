/* reftable: the referee's table commands and the geometry other commands take from a game's
 * table (reftable.h). */
#include "reftable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/fsio.h"
#include "../core/prov.h"
#include "catalog.h"
#include "cli.h"
#include "svgmap.h"


static int table_path(const char *argv0, const char *id, char *path, size_t n)
{
	char dir[SCN_PATH_MAX + 16];
	struct err e;
	if (strchr(id, '/') || strstr(id, ".json")) {
		snprintf(path, n, "%s", id);
		return 0;
	}
	if (cat_data_file(argv0, "cotlb", dir, sizeof dir, &e) != 0) {
		cli_print_err(&e);
		return -1;
	}
	snprintf(path, n, "%s/%s.json", dir, id);
	return 0;
}

int rtab_load(const char *argv0, const char *id, const struct ctab *t, const struct cros_oob *o, struct ctbl *tb)
{
	char path[SCN_PATH_MAX + 96];
	struct errlist *errs;
	int rc;
	if (table_path(argv0, id, path, sizeof path) != 0)
		return -1;
	if (!(errs = malloc(sizeof *errs)))
		return -1;
	errlist_init(errs);
	rc = ctbl_load_file(tb, t, o, path, errs);
	cli_print_errs(errs);
	free(errs);
	return rc;
}

bool rtab_exists(const char *argv0, const char *id)
{
	char dir[SCN_PATH_MAX + 16], path[SCN_PATH_MAX + 96];
	struct err e;
	struct stat st;
	if (cat_data_file(argv0, "cotlb", dir, sizeof dir, &e) != 0)
		return false;
	snprintf(path, sizeof path, "%s/%s.json", dir, id);
	return stat(path, &st) == 0;
}

static double in_of(int32_t units)
{
	return (double)units / PL_PER_INCH;
}

/* The table itself: its size, where it comes from, its terrain. */
static void print_table(const struct ctbl *tb)
{
	printf("%s (%s)\n%.0f\" x %.0f\": x from the west edge, y from the south edge, facings in compass degrees\n",
	       tb->title, tb->file, in_of(tb->width), in_of(tb->depth));
	printf("reconstructed: the scenario prints no table; see the file's provenance\n\nterrain\n");
	for (int k = 0; k < tb->nf; k++) {
		const struct ctbl_feature *f = &tb->f[k];
		printf("  %-20s %-12s %s, %d points from (%.*f, %.*f)\n", f->id, ctbl_kind_name[f->kind], f->name, f->n,
		       PL_IN(f->p[0].x), PL_IN(f->p[0].y));
	}
}

/* Every unit on the table, or one unit and what is near it. */
static void print_where(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			const struct cros_game *g, int only)
{
	printf("%s, turn %d, on %s\n", o->title, g->turn, tb->id);
	for (int side = 0; side < 2; side++) {
		if (only >= 0 && o->u[only].side != side)
			continue;
		printf("\n%s\n  %-18s %7s %7s %6s  %-14s %s\n", o->side[side], "unit", "x", "y", "facing", "formation",
		       "nearest enemy");
		for (int i = 0; i < o->n; i++) {
			const struct cros_pos *p = &g->s[i].pos;
			int32_t best = -1;
			int bj = -1;
			if (o->u[i].side != side || (only >= 0 && i != only))
				continue;
			const char *absent = cros_absent(o, g, i);
			if (absent) {
				printf("  %-18s %s%s\n", o->u[i].id, absent, !strcmp(absent, "not arrived") ? " (enter)" : "");
				continue;
			}
			for (int j = 0; j < o->n; j++) {
				int32_t gap;
				if (o->u[j].side == side || (gap = ctbl_gap(t, tb, o, g, i, j)) < 0 || !g->s[j].figures)
					continue;
				if (best < 0 || gap < best) {
					best = gap;
					bj = j;
				}
			}
			printf("  %-18s %7.*f %7.*f %6d  %-14s", o->u[i].id, PL_IN(p->c.x), PL_IN(p->c.y), p->facing,
			       cros_form_name[p->form]);
			if (bj >= 0)
				printf(" %s %.*f\"%s", o->u[bj].id, PL_IN(best), best <= CTBL_TWO_INCHES ? " (may charge)" : "");
			printf("\n");
		}
	}
	if (only < 0) {
		printf("\ncommanders\n");
		for (int k = 0; k < o->ncmdrs; k++)
			if (g->cmdr[k].on)
				printf("  %-18s %7.*f %7.*f\n", o->cmdr[k], PL_IN(g->cmdr[k].c.x), PL_IN(g->cmdr[k].c.y));
		return;
	}
	/* one unit: every enemy within 40", with what a volley would be */
	printf("\nenemies within 40\" of %s\n", o->u[only].id);
	for (int j = 0; j < o->n; j++) {
		struct ctbl_sight s;
		struct err e;
		int32_t gap = ctbl_gap(t, tb, o, g, only, j);
		if (o->u[j].side == o->u[only].side || gap < 0 || gap > 40 * PL_PER_INCH || !g->s[j].figures)
			continue;
		if (ctbl_sight(t, tb, o, g, only, j, &s, NULL, &e) != 0) {
			printf("  %-18s %5.*f\"  %sno fire: %s\n", o->u[j].id, PL_IN(gap), gap <= CTBL_TWO_INCHES ? "may charge; " : "",
			       e.msg);
			continue;
		}
		printf("  %-18s %5.*f\"  %s", o->u[j].id, PL_IN(gap), gap <= CTBL_TWO_INCHES ? "may charge; " : "");
		if (s.band == 2)
			printf("out of range\n");
		else if (!s.stands && !s.pivot_stands)
			printf("no fire: %s\n", s.blocked[0] ? s.blocked : "outside its arc");
		else if (!s.stands)
			printf("only with a pivot: %d %s at -1 [Fire (g)]\n", s.pivot_stands,
			       tb->base[o->u[only].type].arm == CA_ARTILLERY ? "gunners" : "stands");
		else
			printf("%d %s at a %s%s%s%s\n", s.stands, tb->base[o->u[only].type].arm == CA_ARTILLERY ? "gunners" : "stands",
			       ctab_target_name[s.target], s.cover ? " in cover" : "",
			       s.band == 0 ? ", short range" : s.band == 1 ? ", long range" : "",
			       s.pivot_stands ? " (more with a pivot)" : "");
	}
	{
		int rank, first;
		int32_t gap;
		int left = cseq_split_left(g, only);
		if ((first = ctbl_fire_priority_skip(t, tb, o, g, only, left ? g->seq.split_at[only] : NULL, &rank, &gap)) >= 0)
			printf("fire priority [Fire (c)]: %s %s (%s, %.*f\")\n", o->u[first].id, left ? "next" : "first",
			       ctbl_prio_name[rank], PL_IN(gap));
		if (left)
			printf("split fire [Fire (f)]: %d stand%s left to fire at a target not yet fired at\n", left,
			       left == 1 ? "" : "s");
	}
	{
		int r = t->unit[o->u[only].type].radius;
		int32_t gap = ctbl_cmdr_gap(t, tb, o, g, only);
		if (gap >= 0 && r) {
			printf("\nits commander %s: %.*f\" (radius %d\") [BRIGADE COMMANDERS]\n", o->cmdr[o->u[only].commander],
			       PL_IN(gap), r);
		}
	}
}

/* ---- the table as SVG ------------------------------------------------------------------- */

#define SVG_PX 8 /* pixels an inch */

static const char *const kind_fill[CK_KINDS] = {
	"#e3d6a8", "#c4a77a", "#8fb878", "none", "none", "none", "#b5654f", "#9c8a62", "none", "#d6b9a8",
};
static const char *const kind_stroke[CK_KINDS] = {
	"#b8a870", "#8c6f44", "#4f7a3c", "#4a7fc0", "#555555", "#6b5533", "#7a3a2a", "#5a4a2a", "#c8b070", "#9a7a6a",
};

static void svg_pts(FILE *f, const struct ctbl *tb, const struct pl_pt *p, int n)
{
	for (int k = 0; k < n; k++)
		fprintf(f, "%s%.1f,%.1f", k ? " " : "", (double)p[k].x * SVG_PX / PL_PER_INCH,
			(double)(tb->depth - p[k].y) * SVG_PX / PL_PER_INCH);
}

/* Draws the table, its terrain, every unit on it (its front edge heavy) and the commanders. */
static void draw(FILE *f, const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g)
{
	static const char *const side_fill[2] = {"#5b7f4a", "#b84a3a"};
	double w = (double)tb->width * SVG_PX / PL_PER_INCH, h = (double)tb->depth * SVG_PX / PL_PER_INCH;
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
		"font-family=\"sans-serif\" font-size=\"9\">\n", w, h + 16, w, h + 16);
	fputs("<title>", f);
	svgmap_xput(f, o->title);
	fprintf(f, ", turn %d (table ", g->turn);
	svgmap_xput(f, tb->id);
	fprintf(f, ", %s)</title>\n", prov_source_name(tb->prov.source));
	fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#eef0dc\" stroke=\"#333\"/>\n", w, h);
	for (int pass = 0; pass < 2; pass++) /* areas under lines */
		for (int k = 0; k < tb->nf; k++) {
			const struct ctbl_feature *x = &tb->f[k];
			if (x->closed != (pass == 0))
				continue;
			fprintf(f, "<%s points=\"", x->closed ? "polygon" : "polyline");
			svg_pts(f, tb, x->p, x->n);
			fprintf(f, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"%s data-feature=\"", kind_fill[x->kind],
				kind_stroke[x->kind], x->closed ? "1" : x->kind == CK_ROAD ? "3" : "2",
				x->kind == CK_TRENCH ? " stroke-dasharray=\"4 2\"" : "");
			svgmap_xput(f, x->id);
			fputs("\"><title>", f);
			svgmap_xput(f, x->name);
			fprintf(f, " (%s)</title></%s>\n", ctbl_kind_name[x->kind], x->closed ? "polygon" : "polyline");
		}
	for (int i = 0; i < o->n; i++) {
		struct pl_rect r;
		struct pl_pt c[4];
		if (!g->s[i].pos.on || !g->s[i].figures)
			continue;
		ctbl_footprint(t, tb, o, g, i, &g->s[i].pos, &r);
		pl_rect_corners(&r, c);
		fprintf(f, "<polygon points=\"");
		svg_pts(f, tb, c, 4);
		fprintf(f, "\" fill=\"%s\" fill-opacity=\"%s\" stroke=\"#222\" stroke-width=\"0.6\" data-unit=\"",
			side_fill[o->u[i].side], g->s[i].routing ? "0.35" : "0.85");
		svgmap_xput(f, o->u[i].id);
		fputs("\"><title>", f);
		svgmap_xput(f, o->u[i].id);
		fprintf(f, ": %s, %d figures, %d markers%s</title></polygon>\n", cros_form_name[g->s[i].pos.form],
			g->s[i].figures, g->s[i].markers, g->s[i].routing ? ", routing" : "");
		fprintf(f, "<polyline points=\"");
		svg_pts(f, tb, c, 2);
		fprintf(f, "\" stroke=\"#000\" stroke-width=\"2\"/>\n");
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", (double)r.c.x * SVG_PX / PL_PER_INCH,
			(double)(tb->depth - r.c.y) * SVG_PX / PL_PER_INCH - 6);
		svgmap_xput(f, o->u[i].id);
		fputs("</text>\n", f);
	}
	for (int k = 0; k < o->ncmdrs; k++) {
		if (!g->cmdr[k].on)
			continue;
		fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#fff\" stroke=\"#000\"><title>",
			(double)g->cmdr[k].c.x * SVG_PX / PL_PER_INCH, (double)(tb->depth - g->cmdr[k].c.y) * SVG_PX / PL_PER_INCH);
		svgmap_xput(f, o->cmdr[k]);
		fputs("</title></circle>\n", f);
	}
	fprintf(f, "<text x=\"4\" y=\"%.0f\">", h + 12);
	svgmap_xput(f, o->title);
	fprintf(f, ", turn %d. Table ", g->turn);
	svgmap_xput(f, tb->id);
	fprintf(f, " (%s). Grid: none; 1\" = %d px; north up.</text>\n", prov_source_name(tb->prov.source), SVG_PX);
	fprintf(f, "</svg>\n");
}

int rtab_svg(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
	     char **buf, size_t *len)
{
	FILE *f = open_memstream(buf, len);
	if (!f)
		return -1;
	draw(f, t, tb, o, g);
	if (fclose(f) != 0) {
		free(*buf);
		*buf = NULL;
		return -1;
	}
	return 0;
}

int rtab_svg_file(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		  const char *path)
{
	char *buf = NULL;
	size_t len = 0;
	struct err e;
	int rc;
	if (rtab_svg(t, tb, o, g, &buf, &len) != 0)
		return cli_fail(stderr, "out of memory");
	rc = fs_write_atomic(path, buf, len, &e);
	free(buf);
	if (rc != 0) {
		cli_print_err(&e);
		return 1;
	}
	return 0;
}

int rtab_view(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const char *svg,
	      const struct cros_oob *o, const struct cros_game *g, const char *path)
{
	int i = -1;
	if (!strcmp(q->what, "table")) {
		if (svg[0]) {
			int rc = rtab_svg_file(t, tb, o, g, svg);
			if (rc == 0)
				printf("%s: the table, turn %d\n", svg, g->turn);
			return rc;
		}
		print_table(tb);
		return 0;
	}
	if (q->unit[0] && (i = cros_find(o, q->unit)) < 0)
		return cli_fail(stderr, "no unit \"%s\" in the game (crimea referee cotlb where --game %s)", q->unit, path);
	print_where(t, tb, o, g, i);
	return 0;
}
