/* Unit tests for src/plane/plane.c: facings, footprints, distances, crossings, polygons and arcs
 * of fire, each against hand-worked cases and against a floating-point reference on many random
 * shapes (away from the boundary, where rounding could differ). */
#include "testutil.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "plane/plane.h"

static struct pl_pt P(int32_t x, int32_t y)
{
	struct pl_pt p = {x, y};
	return p;
}

static void test_dir_and_corners(void **state)
{
	(void)state;
	int32_t x, y;
	pl_dir(0, &x, &y);
	assert_int_equal(x, 0);
	assert_int_equal(y, PL_TRIG);
	pl_dir(90, &x, &y);
	assert_int_equal(x, PL_TRIG);
	assert_int_equal(y, 0);
	pl_dir(180, &x, &y);
	assert_int_equal(x, 0);
	assert_int_equal(y, -PL_TRIG);
	pl_dir(-90, &x, &y);
	assert_int_equal(x, -PL_TRIG);
	assert_int_equal(y, 0);
	pl_dir(45, &x, &y);
	assert_int_equal(x, 7071);
	assert_int_equal(y, 7071);
	assert_int_equal(pl_norm(-30), 330);
	for (int64_t v = 0; v < 5000; v++) {
		int64_t r = pl_isqrt(v);
		assert_true(r * r <= v && (r + 1) * (r + 1) > v);
	}
	assert_int_equal(pl_isqrt((int64_t)3037000499 * 3037000499), 3037000499);
	assert_int_equal(pl_isqrt((int64_t)3037000499 * 3037000499 - 1), 3037000498);
	assert_int_equal(pl_norm(725), 5);

	/* a 90 x 15 rectangle facing north at (500, 200), in units: an odd depth gives the front the
	 * smaller half (7 ahead, 8 behind) */
	struct pl_rect r = {P(500, 200), 0, 90, 15};
	struct pl_pt c[4];
	pl_rect_corners(&r, c);
	assert_int_equal(c[0].x, 455); /* front-left */
	assert_int_equal(c[0].y, 207);
	assert_int_equal(c[1].x, 545); /* front-right */
	assert_int_equal(c[1].y, 207);
	assert_int_equal(c[2].x, 545);
	assert_int_equal(c[2].y, 192);
	assert_int_equal(c[3].x, 455);
	assert_int_equal(c[3].y, 192);
	/* facing east: the front is on the +x side and front-left is to the north */
	r.facing = 90;
	pl_rect_corners(&r, c);
	assert_int_equal(c[0].x, 507);
	assert_int_equal(c[0].y, 245);
	assert_int_equal(c[2].x, 492);
	assert_int_equal(c[2].y, 155);
	struct pl_pt o = pl_offset(P(0, 0), 90, 100, 20);
	assert_int_equal(o.x, 100);
	assert_int_equal(o.y, -20);
	/* and back: where o lies from the origin seen facing east */
	int64_t ahead, right;
	pl_local(P(0, 0), 90, o, &ahead, &right);
	assert_int_equal(ahead, 100);
	assert_int_equal(right, 20);
	pl_local(P(10, 10), 225, P(10, 10), &ahead, NULL);
	assert_int_equal(ahead, 0);
}

/* the nearest point of a segment: the foot of the perpendicular, or an end */
static void test_seg_closest(void **state)
{
	(void)state;
	struct pl_pt a = {0, 0}, b = {100, 0}, c = {100, 100};
	struct pl_pt r = pl_seg_closest((struct pl_pt){40, 30}, a, b);
	assert_true(r.x == 40 && r.y == 0);
	r = pl_seg_closest((struct pl_pt){-20, 5}, a, b);
	assert_true(r.x == 0 && r.y == 0);
	r = pl_seg_closest((struct pl_pt){130, -7}, a, b);
	assert_true(r.x == 100 && r.y == 0);
	r = pl_seg_closest((struct pl_pt){100, 0}, a, c); /* onto the diagonal: (50, 50) */
	assert_true(r.x == 50 && r.y == 50);
	r = pl_seg_closest((struct pl_pt){3, 4}, a, a); /* a point */
	assert_true(r.x == 0 && r.y == 0);
}

static void test_segments_and_polygons(void **state)
{
	(void)state;
	/* p is 3 units above the middle of ab */
	assert_true(pl_seg_near(P(5, 3), P(0, 0), P(10, 0), 3));
	assert_false(pl_seg_near(P(5, 3), P(0, 0), P(10, 0), 2));
	/* beyond an end: the distance to the end (3-4-5) */
	assert_true(pl_seg_near(P(13, 4), P(0, 0), P(10, 0), 5));
	assert_false(pl_seg_near(P(13, 4), P(0, 0), P(10, 0), 4));
	/* a degenerate segment is a point */
	assert_true(pl_seg_near(P(3, 4), P(0, 0), P(0, 0), 5));

	assert_true(pl_segs_meet(P(0, 0), P(10, 10), P(0, 10), P(10, 0)));
	assert_true(pl_segs_meet(P(0, 0), P(10, 0), P(10, 0), P(10, 5))); /* touching at an end */
	assert_true(pl_segs_meet(P(0, 0), P(10, 0), P(5, 0), P(20, 0)));  /* overlapping on a line */
	assert_false(pl_segs_meet(P(0, 0), P(10, 0), P(11, 0), P(20, 0)));
	assert_false(pl_segs_meet(P(0, 0), P(10, 0), P(0, 1), P(10, 1)));

	/* a concave "C": its mouth is outside */
	const struct pl_pt c[8] = {P(0, 0), P(30, 0), P(30, 10), P(10, 10), P(10, 20), P(30, 20), P(30, 30), P(0, 30)};
	assert_true(pl_poly_has(c, 8, P(5, 15)));
	assert_false(pl_poly_has(c, 8, P(20, 15)));
	assert_true(pl_poly_has(c, 8, P(20, 10)));  /* on an edge */
	assert_true(pl_poly_has(c, 8, P(30, 30)));  /* a vertex */
	assert_false(pl_poly_has(c, 8, P(31, 5)));
	/* through the mouth without touching, and across the back */
	assert_false(pl_seg_meets_poly(P(20, 15), P(40, 15), c, 8));
	assert_true(pl_seg_meets_poly(P(-5, 15), P(5, 15), c, 8));
	assert_true(pl_seg_meets_poly(P(-5, 15), P(40, 15), c, 8));
}

static void test_rect_gaps(void **state)
{
	(void)state;
	struct pl_rect a = {P(500, 200), 0, 90, 16}, b = {P(500, 242), 180, 90, 16};
	/* fronts 8 units ahead of centres 42 apart: a gap of 26 units */
	assert_int_equal(pl_rects_gap(&a, &b), 26);
	assert_true(pl_rects_near(&a, &b, 26));
	assert_false(pl_rects_near(&a, &b, 25));
	/* an odd depth: the front gets the smaller half (7 of 15) */
	a.d = 15;
	assert_int_equal(pl_rects_gap(&a, &b), 27);
	b.c.y = 210;
	assert_int_equal(pl_rects_gap(&a, &b), 0);
	/* one inside the other */
	struct pl_rect big = {P(500, 200), 30, 400, 400}, small = {P(510, 190), 77, 10, 10};
	assert_int_equal(pl_rects_gap(&big, &small), 0);
	/* a corner turned toward a flat side: 45-degree square's corner at 7.07 x 10 / 2 */
	struct pl_rect d = {P(0, 0), 45, 100, 100}, f = {P(0, 200), 0, 100, 100};
	/* d's corner reaches y = 70.7 (rounded to 71), f's rear edge is at y = 150 */
	assert_int_equal(pl_rects_gap(&d, &f), 79);
}

static void test_arcs(void **state)
{
	(void)state;
	struct pl_pt o = P(0, 0);
	assert_true(pl_in_arc(o, 0, 45, P(100, 100)));   /* exactly 45 degrees */
	assert_true(pl_in_arc(o, 0, 45, P(100, 101)));
	assert_false(pl_in_arc(o, 0, 45, P(101, 100)));
	assert_true(pl_in_arc(o, 0, 45, P(-100, 100)));
	assert_false(pl_in_arc(o, 0, 45, P(0, -100)));
	assert_true(pl_in_arc(o, 0, 90, P(100, 0)));
	assert_false(pl_in_arc(o, 0, 90, P(100, -1)));
	assert_true(pl_in_arc(o, 90, 45, P(100, -99)));
	assert_true(pl_in_arc(o, 200, 0, P(-3420, -9397)));  /* on the line of a 200-degree facing */
	/* 75 degrees: 45 and a 30-degree pivot [Fire (g)] */
	assert_true(pl_in_arc(o, 0, 75, P(100, 30)));     /* 73.3 degrees */
	assert_false(pl_in_arc(o, 0, 75, P(100, 25)));    /* 76.0 degrees */
	assert_int_equal(pl_bearing(o, P(10, 0)), 90);
	assert_int_equal(pl_bearing(o, P(0, -5)), 180);
	assert_int_equal(pl_bearing(o, P(-7, -7)), 225);
	assert_int_equal(pl_bearing(o, P(0, 9)), 0);
	assert_int_equal(pl_bearing(o, P(-100, 173)), 330);
}

/* A small deterministic generator for the random cases. */
static uint64_t lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005u + 1442695040888963407u;
	return *s >> 33;
}

static int32_t rnd(uint64_t *s, int32_t lo, int32_t hi)
{
	return lo + (int32_t)(lcg(s) % (uint64_t)(hi - lo + 1));
}

static double seg_dist(double px, double py, double ax, double ay, double bx, double by)
{
	double dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
	double t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return hypot(px - ax - t * dx, py - ay - t * dy);
}

static void test_against_reference(void **state)
{
	(void)state;
	uint64_t s = 12345;
	int checked = 0;
	for (int i = 0; i < 20000; i++) {
		struct pl_rect a = {P(rnd(&s, -1500, 1500), rnd(&s, -1500, 1500)), rnd(&s, 0, 359), rnd(&s, 5, 150),
				    rnd(&s, 5, 150)};
		struct pl_rect b = {P(rnd(&s, -1500, 1500), rnd(&s, -1500, 1500)), rnd(&s, 0, 359), rnd(&s, 5, 150),
				    rnd(&s, 5, 150)};
		struct pl_pt ca[4], cb[4];
		pl_rect_corners(&a, ca);
		pl_rect_corners(&b, cb);
		/* the reference: least vertex-edge distance, 0 if one has a vertex of the other or the
		 * edges cross (checked with the exact predicates, which the cases above test) */
		double ref = 1e18;
		bool meet = false;
		for (int k = 0; k < 4; k++)
			for (int j = 0; j < 4; j++) {
				ref = fmin(ref, seg_dist(ca[k].x, ca[k].y, cb[j].x, cb[j].y, cb[(j + 1) % 4].x,
							 cb[(j + 1) % 4].y));
				ref = fmin(ref, seg_dist(cb[k].x, cb[k].y, ca[j].x, ca[j].y, ca[(j + 1) % 4].x,
							 ca[(j + 1) % 4].y));
				meet = meet || pl_segs_meet(ca[k], ca[(k + 1) % 4], cb[j], cb[(j + 1) % 4]);
			}
		meet = meet || pl_poly_has(ca, 4, cb[0]) || pl_poly_has(cb, 4, ca[0]);
		int32_t gap = pl_rects_gap(&a, &b);
		if (meet) {
			assert_int_equal(gap, 0);
			continue;
		}
		if (fabs(ref - round(ref)) < 1e-6)
			continue; /* an exact whole distance: ceil is exact only in integers */
		assert_int_equal(gap, (int32_t)ceil(ref));
		/* the arc: compare against atan2 away from the edge */
		double ang = atan2(cb[0].x - a.c.x, cb[0].y - a.c.y) * 180.0 / 3.14159265358979323846 - a.facing;
		ang = fmod(fabs(fmod(ang, 360.0) + 540.0), 360.0) - 180.0;
		if (fabs(fabs(ang) - 45.0) > 0.05) {
			assert_int_equal(pl_in_arc(a.c, a.facing, 45, cb[0]), fabs(ang) <= 45.0);
			checked++;
		}
	}
	assert_true(checked > 5000);
}

/* pl_shapes_gap is, by its contract, the least r at which pl_shapes_near holds: near at the gap
 * and not one unit less, for shapes of every kind (points, open lines, closed polygons) and size,
 * up to the table's corners. */
static void test_gap_is_least_near(void **state)
{
	(void)state;
	uint64_t s = 777;
	for (int i = 0; i < 20000; i++) {
		struct pl_pt p[6], q[6];
		int n = rnd(&s, 1, 6), m = rnd(&s, 1, 6), span = i % 3 == 0 ? 9000 : i % 3 == 1 ? 800 : 60;
		bool pc = rnd(&s, 0, 1), qc = rnd(&s, 0, 1);
		for (int k = 0; k < n; k++)
			p[k] = P(rnd(&s, -span, span), rnd(&s, -span, span));
		for (int k = 0; k < m; k++)
			q[k] = P(rnd(&s, -span, span), rnd(&s, -span, span));
		int32_t gap = pl_shapes_gap(p, n, pc, q, m, qc);
		assert_true(gap >= 0);
		assert_true(pl_shapes_near(p, n, pc, q, m, qc, gap));
		if (gap > 0)
			assert_false(pl_shapes_near(p, n, pc, q, m, qc, gap - 1));
	}
}

/* pl_seg_meets_quad answers as pl_seg_meets_poly on footprints of every size and turn, with
 * segments that cross, touch, lie inside or miss them, and on degenerate quadrilaterals. */
static void test_seg_meets_quad(void **state)
{
	(void)state;
	uint64_t s = 4242;
	int meets = 0, misses = 0;
	for (int i = 0; i < 200000; i++) {
		struct pl_rect r = {P(rnd(&s, -20, 20), rnd(&s, -20, 20)), rnd(&s, 0, 359), rnd(&s, 0, 40), rnd(&s, 0, 40)};
		struct pl_pt q[4], a = P(rnd(&s, -40, 40), rnd(&s, -40, 40)), b = P(rnd(&s, -40, 40), rnd(&s, -40, 40));
		pl_rect_corners(&r, q);
		if (i % 7 == 0)
			b = a;
		if (i % 11 == 0)
			a = q[rnd(&s, 0, 3)];
		bool want = pl_seg_meets_poly(a, b, q, 4);
		const int w = pl_quad_turn(q);
		assert_int_equal(pl_seg_meets_quad(a, b, q), want);
		assert_int_equal(pl_seg_meets_convex(a, b, q, w), want); /* the turn worked out once */
		if (r.w >= 4 && r.d >= 4)
			assert_int_not_equal(w, 0); /* a footprint of some size is strictly convex */
		if (r.w == 0)
			assert_int_equal(w, 0); /* a footprint of no width is not */
		meets += want;
		misses += !want;
	}
	assert_true(meets > 20000 && misses > 20000);
}

/* A prepared rectangle (pl_quad) answers as the rectangle does: pl_quads_near is pl_rects_near,
 * and a quad moved (pl_quad_move) is the quad of the rectangle moved there, corners, box and
 * all, for rectangles of every size, turn and distance. */
static void test_quads_agree(void **state)
{
	(void)state;
	uint64_t s = 4242;
	int near = 0, far = 0;
	for (int i = 0; i < 200000; i++) {
		struct pl_rect a = {P(rnd(&s, -300, 300), rnd(&s, -300, 300)), rnd(&s, 0, 359), rnd(&s, 0, 200), rnd(&s, 0, 200)};
		struct pl_rect b = {P(rnd(&s, -300, 300), rnd(&s, -300, 300)), rnd(&s, 0, 359), rnd(&s, 0, 200), rnd(&s, 0, 200)};
		struct pl_quad qa, qb, moved;
		const int32_t r = rnd(&s, -5, 120);
		pl_quad_of(&a, &qa);
		pl_quad_of(&b, &qb);
		const bool want = pl_rects_near(&a, &b, r);
		assert_int_equal(pl_quads_near(&qa, &qb, r), want);
		near += want;
		far += !want;
		/* moved: the quad of a rectangle moved there */
		struct pl_rect a2 = a;
		a2.c = P(rnd(&s, -300, 300), rnd(&s, -300, 300));
		moved = qa;
		pl_quad_move(&moved, a2.c);
		pl_quad_of(&a2, &qa);
		assert_memory_equal(&moved, &qa, sizeof qa);
	}
	assert_true(near > 20000 && far > 20000);
}

/* pl_rects_near's quick rejection by centres never rejects rectangles that are near: it agrees
 * with pl_shapes_near on their corners, for rectangles of every size, turn and distance, near
 * the limit and far from it. */
/* pl_bearing as it was first written, over all 360 degrees: the least |cross|/dot with dot > 0,
 * the lowest degree on a tie. */
static int bearing_all(struct pl_pt a, struct pl_pt b)
{
	int best = 0;
	int64_t bc = 0, bd = -1;
	const int64_t vx = (int64_t)b.x - a.x, vy = (int64_t)b.y - a.y;
	for (int d = 0; d < 360; d++) {
		int32_t fx, fy;
		pl_dir(d, &fx, &fy);
		const int64_t dot = vx * fx + vy * fy, cr = llabs(vx * fy - vy * fx);
		if (dot <= 0)
			continue;
		if (bd < 0 || cr * bd < bc * dot) {
			best = d;
			bc = cr;
			bd = dot;
		}
	}
	return best;
}

/* pl_bearing looks only near atan2's answer: the same degree as the search over all 360, for
 * vectors short and long, on the axes, and on each whole degree's table direction and halfway
 * between two (where a tie falls). */
static void test_bearing_agrees(void **state)
{
	(void)state;
	uint64_t s = 360;
	const struct pl_pt o = P(0, 0);
	for (int i = 0; i < 100000; i++) {
		const int32_t m = i % 3 == 0 ? 5 : i % 3 == 1 ? 400 : PL_COORD_MAX;
		const struct pl_pt a = P(rnd(&s, -m, m), rnd(&s, -m, m)), b = P(rnd(&s, -m, m), rnd(&s, -m, m));
		assert_int_equal(pl_bearing(a, b), bearing_all(a, b));
	}
	for (int d = 0; d < 360; d++) {
		int32_t fx, fy, gx, gy;
		pl_dir(d, &fx, &fy);
		pl_dir(d + 1, &gx, &gy);
		assert_int_equal(pl_bearing(o, P(fx, fy)), bearing_all(o, P(fx, fy)));
		assert_int_equal(pl_bearing(o, P(fx + gx, fy + gy)), bearing_all(o, P(fx + gx, fy + gy)));
		assert_int_equal(pl_bearing(o, P(fx / 100, fy / 100)), bearing_all(o, P(fx / 100, fy / 100)));
	}
	assert_int_equal(pl_bearing(o, o), 0);
}

static void test_rects_near_agrees(void **state)
{
	(void)state;
	uint64_t s = 99;
	int near = 0, far = 0;
	for (int i = 0; i < 200000; i++) {
		struct pl_rect a = {P(rnd(&s, -300, 300), rnd(&s, -300, 300)), rnd(&s, 0, 359), rnd(&s, 0, 200), rnd(&s, 0, 200)};
		struct pl_rect b = {P(rnd(&s, -300, 300), rnd(&s, -300, 300)), rnd(&s, 0, 359), rnd(&s, 0, 200), rnd(&s, 0, 200)};
		struct pl_pt ca[4], cb[4];
		int32_t r = rnd(&s, 0, 120);
		pl_rect_corners(&a, ca);
		pl_rect_corners(&b, cb);
		bool want = pl_shapes_near(ca, 4, true, cb, 4, true, r);
		assert_int_equal(pl_rects_near(&a, &b, r), want);
		/* pl_rect_reach bounds it: never near with the centres farther apart than that */
		const int64_t reach = pl_rect_reach(&a) + pl_rect_reach(&b) + r;
		if (want)
			assert_true(pl_d2(a.c, b.c) <= reach * reach);
		/* the corners, one facing's vector for all four, are the four offsets from the centre */
		assert_true(ca[0].x == pl_offset(a.c, a.facing, a.d / 2, -(a.w / 2)).x &&
			    ca[0].y == pl_offset(a.c, a.facing, a.d / 2, -(a.w / 2)).y);
		assert_true(ca[2].x == pl_offset(a.c, a.facing, a.d / 2 - a.d, a.w - a.w / 2).x &&
			    ca[2].y == pl_offset(a.c, a.facing, a.d / 2 - a.d, a.w - a.w / 2).y);
		near += want;
		far += !want;
	}
	assert_true(near > 20000 && far > 20000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dir_and_corners),
		cmocka_unit_test(test_seg_closest),
		cmocka_unit_test(test_segments_and_polygons),
		cmocka_unit_test(test_rect_gaps),
		cmocka_unit_test(test_arcs),
		cmocka_unit_test(test_against_reference),
		cmocka_unit_test(test_gap_is_least_near),
		cmocka_unit_test(test_seg_meets_quad),
		cmocka_unit_test(test_rects_near_agrees),
		cmocka_unit_test(test_quads_agree),
		cmocka_unit_test(test_bearing_agrees),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
