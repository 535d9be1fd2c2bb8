/* Unit tests for src/app/svgmap.c and svgbook.c, the printable map, counter sheet and booklet
 * (`crimea show --svg`, `--counters`, `--print`), on small hand-made scenario views:
 * - the hex polygons read back from the SVG: one per hex of the view, regular hexagons of the
 *   size asked for, whose centres are one hex apart exactly for the neighbours hex.c names in
 *   every direction, from both kinds of column (the even-q layout of hex.h), N straight up;
 * - a hexside's river on the shared edge, a road from centre to centre, text XML-escaped;
 * - the units of a position: a stack paints its top unit last, a disrupted unit shows its back;
 * - the counter sheet: each counter front and back, "-" for a missing back, a unit absent from
 *   the opening position that never enters left out, the notes on reconstructed data shown;
 * - the sheet's size in millimetres, and the errors (no map, a size out of range);
 * - the booklet: pages that cover a sheet of any size with 10 mm overlaps and no page to
 *   spare, in the orientation needing fewer; every page of the map and of the counters in the
 *   HTML, each tile showing its own part of the map drawn once, every counter once. */
#include "testutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/svgbook.h"
#include "app/svgmap.h"
#include "hex/hex.h"

/* A 4 x 3 view: columns 01-04, rows 01-03, the hexes clear but 0202 woods; a river between
 * 0202 and 0203, a major road 0101-0201; a place whose name needs escaping; units a (top) and b
 * stacked in 0302, c disrupted in 0101, d absent and never entering, e entering on turn 3. */
static json_t *view(void)
{
	json_t *hexes = json_array();
	for (int c = 1; c <= 4; c++)
		for (int r = 1; r <= 3; r++) {
			char id[16];
			snprintf(id, sizeof id, "%02d%02d", c, r);
			json_array_append_new(hexes, json_pack("{sssssb}", "hex", id, "terrain",
							       c == 2 && r == 2 ? "woods" : "clear", "road", 0));
		}
	json_t *scn = json_pack(
		"{s:{s:[ii],s:[ii],s:o,s:[{s:s,s:s,s:[s]},{s:s,s:s,s:[s]}],s:[{s:s,s:[s]}]},"
		"s:[{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s},{s:s,s:s,s:s,s:s,s:s,s:s,s:n,s:s},"
		"{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s},{s:s,s:s,s:s,s:s,s:s,s:s,s:n,s:s},"
		"{s:s,s:s,s:s,s:s,s:s,s:s,s:n,s:n,s:{s:i}}],"
		"s:[s],s:[ss]}",
		"map", "cols", 1, 4, "rows", 1, 3, "hexes", hexes, "hexsides", "a", "0202", "b", "0203", "features",
		"river", "a", "0101", "b", "0201", "features", "road_major", "places", "name", "Fort <A> & \"B\"",
		"hexes", "0303",
		"units", "id", "a", "name", "Alpha", "side", "russian", "nation", "russian", "type", "inf", "front",
		"2-3-2", "back", "1-3-2", "setup", "0302",
		"id", "b", "name", "Bravo", "side", "russian", "nation", "russian", "type", "art", "front", "C-[1]-3",
		"back", "setup", "0302",
		"id", "c", "name", "Charlie", "side", "allied", "nation", "british", "type", "cav", "front", "0-2-5",
		"back", "0-1-5", "setup", "0101",
		"id", "d", "name", "Delta", "side", "allied", "nation", "british", "type", "art", "front", "9-9-9",
		"back", "setup", "0404",
		"id", "e", "name", "Echo", "side", "allied", "nation", "french", "type", "inf", "front", "4-4-3",
		"back", "setup", "enter", "turn", 3,
		"reconstructed", "map: reconstructed", "sides", "russian", "allied");
	return scn;
}

/* The opening position's units as json_state gives them. */
static json_t *position(void)
{
	return json_pack("{s:[{s:s,s:s,s:s,s:b,s:b},{s:s,s:s,s:s,s:b,s:b},{s:s,s:s,s:s,s:b,s:b},"
			 "{s:s,s:n,s:s,s:b,s:b},{s:s,s:n,s:s,s:b,s:b}]}",
			 "units", "id", "a", "hex", "0302", "state", "on", "disrupted", 0, "top", 1, "id", "b", "hex",
			 "0302", "state", "on", "disrupted", 0, "top", 0, "id", "c", "hex", "0101", "state", "on",
			 "disrupted", 1, "top", 1, "id", "d", "hex", "state", "absent", "disrupted", 0, "top", 0,
			 "id", "e", "hex", "state", "absent", "disrupted", 0, "top", 0);
}

/* Runs a drawing into a string (NUL-terminated, the caller frees it); its return in *rc. */
static char *draw(bool counters, const json_t *scn, const json_t *state, const struct svgmap_opts *o, int *rc,
		  struct err *e)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	*rc = counters ? svgmap_counters(f, "Test & <map>", scn, state, o, e)
		       : svgmap_map(f, "Test & <map>", scn, state, o, e);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static int count(const char *s, const char *what)
{
	int n = 0;
	for (const char *p = s; (p = strstr(p, what)) != NULL; p += strlen(what))
		n++;
	return n;
}

/* The centre of hex h's polygon in the SVG (the mean of its six corners); false if absent.
 * Checks that the six corners are at radius R from it. */
static bool hex_centre(const char *svg, int h, double R, double *x, double *y)
{
	char key[32];
	double px[6], py[6];
	snprintf(key, sizeof key, "data-hex=\"%04d\"", h);
	const char *p = strstr(svg, key);
	if (!p)
		return false;
	p = strstr(p, "points=\"");
	assert_non_null(p);
	p += strlen("points=\"");
	*x = *y = 0;
	for (int k = 0; k < 6; k++) {
		char *end;
		px[k] = strtod(p, &end);
		assert_true(*end == ',');
		py[k] = strtod(end + 1, &end);
		p = end;
		*x += px[k] / 6;
		*y += py[k] / 6;
	}
	for (int k = 0; k < 6; k++)
		assert_true(fabs(hypot(px[k] - *x, py[k] - *y) - R) < 0.02);
	return true;
}

static void test_svgmap_hexes(void **state)
{
	(void)state;
	json_t *scn = view();
	struct svgmap_opts o;
	struct err e;
	int rc;
	svgmap_opts_default(&o);
	o.hex_mm = 20;
	char *svg = draw(false, scn, NULL, &o, &rc, &e);
	assert_int_equal(rc, 0);
	assert_int_equal(count(svg, "<polygon class=\"hex "), 12);
	assert_int_equal(count(svg, "class=\"hex t-woods\" data-hex=\"0202\""), 1);
	double R = 20 / sqrt(3.0);
	/* from an odd and an even column, every direction: the neighbour hex.c names is one hex
	 * (20 mm) away at the direction's angle, clockwise from straight up */
	const int from[2] = {302, 202};
	for (int k = 0; k < 2; k++)
		for (int d = 0; d < HEX_NDIRS; d++) {
			double x0, y0, x1, y1;
			int nb = hex_neighbor(from[k], d);
			assert_true(hex_centre(svg, from[k], R, &x0, &y0));
			assert_true(hex_centre(svg, nb, R, &x1, &y1));
			assert_true(fabs(hypot(x1 - x0, y1 - y0) - 20) < 0.02);
			double a = atan2(x1 - x0, -(y1 - y0)) * 180 / 3.14159265358979323846; /* 0 up, clockwise */
			if (a < 0)
				a += 360;
			assert_true(fabs(a - 60.0 * d) < 0.1);
		}
	/* the heading escaped, no units without a position, the sheet in millimetres */
	assert_non_null(strstr(svg, "Test &amp; &lt;map&gt;"));
	assert_non_null(strstr(svg, "Fort &lt;A&gt; &amp; &quot;B&quot;"));
	assert_null(strstr(svg, "<A>"));
	assert_int_equal(count(svg, "class=\"counter"), 0);
	assert_non_null(strstr(svg, "mm\" height=\""));
	assert_non_null(strstr(svg, "map: reconstructed"));
	free(svg);
	json_decref(scn);
}

static void test_svgmap_hexsides(void **state)
{
	(void)state;
	json_t *scn = view();
	struct svgmap_opts o;
	struct err e;
	int rc;
	double ax, ay, bx, by, x1, y1, x2, y2, R = SVGMAP_HEX_MM / sqrt(3.0);
	svgmap_opts_default(&o);
	char *svg = draw(false, scn, NULL, &o, &rc, &e);
	assert_int_equal(rc, 0);
	/* the river: the edge shared by 0202 and 0203, one side (R) long, centred between them */
	const char *p = strstr(svg, "<line class=\"river\"");
	assert_non_null(p);
	assert_int_equal(sscanf(p, "<line class=\"river\" x1=\"%lf\" y1=\"%lf\" x2=\"%lf\" y2=\"%lf\"", &x1, &y1, &x2, &y2),
			 4);
	assert_true(hex_centre(svg, 202, R, &ax, &ay));
	assert_true(hex_centre(svg, 203, R, &bx, &by));
	assert_true(fabs(hypot(x2 - x1, y2 - y1) - R) < 0.02);
	assert_true(fabs((x1 + x2) / 2 - (ax + bx) / 2) < 0.02 && fabs((y1 + y2) / 2 - (ay + by) / 2) < 0.02);
	/* the road: from centre to centre */
	p = strstr(svg, "<line class=\"road road_major\"");
	assert_non_null(p);
	assert_int_equal(sscanf(p, "<line class=\"road road_major\" x1=\"%lf\" y1=\"%lf\" x2=\"%lf\" y2=\"%lf\"", &x1, &y1,
				&x2, &y2),
			 4);
	assert_true(hex_centre(svg, 101, R, &ax, &ay));
	assert_true(hex_centre(svg, 201, R, &bx, &by));
	assert_true(fabs(x1 - ax) < 0.02 && fabs(y1 - ay) < 0.02 && fabs(x2 - bx) < 0.02 && fabs(y2 - by) < 0.02);
	/* the legend names what the map uses, and only that */
	assert_non_null(strstr(svg, ">river</text>"));
	assert_non_null(strstr(svg, ">major road</text>"));
	assert_non_null(strstr(svg, ">woods</text>"));
	assert_null(strstr(svg, ">ford</text>"));
	assert_null(strstr(svg, ">town</text>"));
	free(svg);
	json_decref(scn);
}

static void test_svgmap_units(void **state)
{
	(void)state;
	json_t *scn = view(), *pos = position();
	struct svgmap_opts o;
	struct err e;
	int rc;
	svgmap_opts_default(&o);
	char *svg = draw(false, scn, pos, &o, &rc, &e);
	assert_int_equal(rc, 0);
	/* three units on the map; the absent ones not */
	assert_int_equal(count(svg, "<g class=\"counter"), 3);
	assert_null(strstr(svg, "data-unit=\"d\""));
	assert_null(strstr(svg, "data-unit=\"e\""));
	/* a (top) is painted after b, though listed before it */
	const char *a = strstr(svg, "data-unit=\"a\""), *b = strstr(svg, "data-unit=\"b\"");
	assert_non_null(a);
	assert_non_null(b);
	assert_true(b < a);
	/* c is disrupted: its back (and stripe), not its front */
	const char *c = strstr(svg, "data-unit=\"c\"");
	assert_non_null(c);
	assert_non_null(strstr(c, ">0-1-5<"));
	assert_null(strstr(svg, ">0-2-5<"));
	assert_int_equal(count(svg, "class=\"dstripe\""), 1);
	free(svg);
	json_decref(pos);
	json_decref(scn);
}

/* A reinforcement that waits for an event (enter.condition, Balaclava's [17.21] French) is
 * labelled with the case, not with its earliest turn. */
static void test_svgmap_counter_condition(void **state)
{
	(void)state;
	json_t *scn = view(), *pos = position();
	struct svgmap_opts o;
	struct err e;
	int rc;
	json_object_set_new(json_object_get(json_array_get(json_object_get(scn, "units"), 4), "enter"), "condition",
			    json_string("[17.21]"));
	svgmap_opts_default(&o);
	char *svg = draw(true, scn, pos, &o, &rc, &e);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(svg, ">[17.21]<"));
	assert_null(strstr(svg, ">turn 3<"));
	free(svg);
	json_decref(pos);
	json_decref(scn);
}

static void test_svgmap_counters(void **state)
{
	(void)state;
	json_t *scn = view(), *pos = position();
	struct svgmap_opts o;
	struct err e;
	int rc;
	svgmap_opts_default(&o);
	char *svg = draw(true, scn, pos, &o, &rc, &e);
	assert_int_equal(rc, 0);
	/* a, b, c and e front and back; d never enters and is left out */
	assert_int_equal(count(svg, "<g class=\"counter\""), 4);
	assert_int_equal(count(svg, "<g class=\"counter back\""), 4);
	assert_null(strstr(svg, "data-unit=\"d\""));
	assert_non_null(strstr(svg, ">2-3-2<"));
	assert_non_null(strstr(svg, ">1-3-2<"));
	/* b and e have no back: "-" on it, and no stripe; the others' backs are striped */
	assert_int_equal(count(svg, ">-</text>"), 2);
	assert_int_equal(count(svg, "class=\"dstripe\""), 2);
	/* where each starts, the sides' headings in the scenario's order, the notes */
	assert_non_null(strstr(svg, ">0302<"));
	assert_non_null(strstr(svg, ">turn 3<"));
	const char *ru = strstr(svg, ">russian<"), *al = strstr(svg, ">allied<");
	assert_non_null(ru);
	assert_non_null(al);
	assert_true(ru < al);
	assert_non_null(strstr(svg, "map: reconstructed"));
	/* without a position every unit is a counter */
	free(svg);
	svg = draw(true, scn, NULL, &o, &rc, &e);
	assert_int_equal(rc, 0);
	assert_int_equal(count(svg, "<g class=\"counter\""), 5);
	free(svg);
	json_decref(pos);
	json_decref(scn);
}

static void test_svgmap_errors(void **state)
{
	(void)state;
	json_t *scn = view(), *none = json_object();
	struct svgmap_opts o;
	struct err e;
	int rc;
	svgmap_opts_default(&o);
	free(draw(false, none, NULL, &o, &rc, &e));
	assert_int_equal(rc, -1);
	assert_non_null(strstr(e.msg, "no map"));
	free(draw(true, none, NULL, &o, &rc, &e));
	assert_int_equal(rc, -1);
	assert_non_null(strstr(e.msg, "no units"));
	o.hex_mm = 100;
	free(draw(false, scn, NULL, &o, &rc, &e));
	assert_int_equal(rc, -1);
	assert_non_null(strstr(e.msg, "a hex of 100.0 mm"));
	svgmap_opts_default(&o);
	o.counter_mm = 1;
	free(draw(true, scn, NULL, &o, &rc, &e));
	assert_int_equal(rc, -1);
	assert_non_null(strstr(e.msg, "a counter of 1.0 mm"));
	/* a frame that is no hex frame */
	json_object_set_new(json_object_get(scn, "map"), "cols", json_pack("[ii]", 5, 2));
	svgmap_opts_default(&o);
	free(draw(false, scn, NULL, &o, &rc, &e));
	assert_int_equal(rc, -1);
	assert_non_null(strstr(e.msg, "not a hex frame"));
	json_decref(none);
	json_decref(scn);
}

static void test_svgmap_tiling(void **state)
{
	(void)state;
	static const char *const names[] = {"a4", "letter", "a3", "legal"};
	for (size_t k = 0; k < 4; k++) {
		const struct svgbook_paper *p = svgbook_paper(names[k]);
		assert_non_null(p);
		for (double w = 20; w < 1200; w += 37.3)
			for (double h = 20; h < 1200; h += 41.9) {
				struct svgbook_tiles t;
				svgbook_tiling(w, h, p, &t);
				/* the last page reaches the sheet's edge; one page fewer would not */
				assert_true((t.cols - 1) * t.step_x + t.tw >= w - 1e-9);
				assert_true((t.rows - 1) * t.step_y + t.th >= h - 1e-9);
				assert_true(t.cols == 1 || (t.cols - 2) * t.step_x + t.tw < w);
				assert_true(t.rows == 1 || (t.rows - 2) * t.step_y + t.th < h);
				assert_true(fabs(t.tw - t.step_x - 10) < 1e-9 && fabs(t.th - t.step_y - 10) < 1e-9);
				assert_true(t.page_w == (t.landscape ? p->h : p->w) && t.tw < t.page_w && t.th < t.page_h);
				/* no fewer pages in either orientation: the least n pages of printable
				 * length len, each overlapping the next by 10, that reach w */
				int n[2] = {1, 1};
				for (int land = 0; land < 2; land++) {
					double pw = (land ? p->h : p->w) - 16, ph = (land ? p->w : p->h) - 27;
					int c = 1, r = 1;
					while ((c - 1) * (pw - 10) + pw < w)
						c++;
					while ((r - 1) * (ph - 10) + ph < h)
						r++;
					n[land] = r * c;
				}
				assert_int_equal(t.rows * t.cols, n[0] < n[1] ? n[0] : n[1]);
				assert_true(t.landscape == (n[1] < n[0]));
			}
	}
	assert_null(svgbook_paper("a5"));
	assert_ptr_equal(svgbook_paper("A4"), svgbook_paper("a4"));
	assert_ptr_equal(svgbook_paper("Letter"), svgbook_paper("letter"));
	assert_null(svgbook_paper(NULL));
}

static void test_svgmap_print(void **state)
{
	(void)state;
	json_t *scn = view(), *pos = position();
	struct svgmap_opts o;
	struct svgbook_tiles t;
	struct err e;
	int rc;
	double w, h;
	svgmap_opts_default(&o);
	o.hex_mm = 60; /* a 4 x 3 map of big hexes: more than one A4 page */
	char *map = draw(false, scn, pos, &o, &rc, &e), *buf = NULL;
	assert_int_equal(rc, 0);
	assert_int_equal(sscanf(strstr(map, "<svg "), "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%lfmm\" height=\"%lfmm\"",
				&w, &h),
			 2);
	const struct svgbook_paper *a4 = svgbook_paper("a4");
	svgbook_tiling(w, h, a4, &t);
	assert_true(t.rows * t.cols > 1);
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_int_equal(svgbook_print(f, "Test", scn, pos, pos, &o, a4, &e), 0);
	assert_int_equal(fclose(f), 0);
	/* the map's pages, then one of counters (four pairs fit one page) */
	int pages = t.rows * t.cols + 1;
	assert_int_equal(count(buf, "<section class=\"page"), pages);
	assert_int_equal(count(buf, "<g id=\"crimea-map\">"), 1);
	assert_int_equal(count(buf, "<use href=\"#crimea-map\"/>"), t.rows * t.cols);
	char want[160];
	for (int r = 0; r < t.rows; r++)
		for (int c = 0; c < t.cols; c++) {
			snprintf(want, sizeof want, "data-row=\"%d\" data-col=\"%d\"", r + 1, c + 1);
			const char *tile = strstr(buf, want);
			assert_non_null(tile);
			snprintf(want, sizeof want, "viewBox=\"%.2f %.2f %.2f %.2f\"", c * t.step_x, r * t.step_y, t.tw, t.th);
			assert_non_null(strstr(tile, want));
		}
	snprintf(want, sizeof want, "page %d of %d", pages, pages);
	assert_non_null(strstr(buf, want));
	assert_non_null(strstr(buf, "@page { size: a4"));
	/* the counters once each, d (never in play) not */
	const char *sheet = strstr(buf, "the counters, 12.7 mm");
	assert_non_null(sheet);
	assert_int_equal(count(sheet, "<g class=\"counter\""), 4);
	assert_null(strstr(sheet, "data-unit=\"d\""));
	/* the map's own body once, its units among it */
	assert_non_null(strstr(strstr(buf, "<g id=\"crimea-map\">"), "data-unit=\"a\""));
	free(buf);
	/* a map it cannot draw: refused */
	json_t *none = json_pack("{s[]}", "units");
	f = open_memstream(&buf, &len);
	assert_int_equal(svgbook_print(f, "Test", none, NULL, NULL, &o, a4, &e), -1);
	assert_int_equal(fclose(f), 0);
	assert_non_null(strstr(e.msg, "no map"));
	free(buf);
	json_decref(none);
	free(map);
	json_decref(pos);
	json_decref(scn);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_svgmap_hexes),
		cmocka_unit_test(test_svgmap_hexsides),
		cmocka_unit_test(test_svgmap_units),
		cmocka_unit_test(test_svgmap_counters),
		cmocka_unit_test(test_svgmap_counter_condition),
		cmocka_unit_test(test_svgmap_errors),
		cmocka_unit_test(test_svgmap_tiling),
		cmocka_unit_test(test_svgmap_print),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
