/* plane: continuous tabletop geometry for the miniatures rules: points in twentieths of an inch,
 * compass facings in whole degrees, oriented rectangles (a unit's footprint), polygons and
 * polylines (terrain), arcs of fire and distances. Every predicate a ruling depends on is exact
 * integer arithmetic (no floating point, no libm), so two machines always rule alike; doubles
 * appear only in reading inches (pl_units) and printing them (PL_IN). */
#ifndef CRIMEA_PLANE_H
#define CRIMEA_PLANE_H

#include <stdbool.h>
#include <stdint.h>

#define PL_PER_INCH 20        /* coordinates are twentieths of an inch: a 1.5" base's half is whole */
#define PL_COORD_MAX 10000    /* |x|, |y| at most this (500"): keeps every product in int64 */
#define PL_TRIG 10000         /* pl_dir's unit vectors have this length */

/* A point: x east, y north, in units of 1/PL_PER_INCH inch. */
struct pl_pt {
	int32_t x, y;
};

/* An oriented rectangle: centre c, facing (compass degrees, 0 north = +y, 90 east = +x),
 * w across the facing (frontage) and d along it (depth), both in units and > 0. */
struct pl_rect {
	struct pl_pt c;
	int facing;
	int32_t w, d;
};

/* A facing brought into 0..359. */
int pl_norm(int deg);
/* The unit vector of a compass facing, PL_TRIG long (rounded from sin/cos to 4 places, a
 * fixed table). */
void pl_dir(int deg, int32_t *dx, int32_t *dy);
/* The corners of r: front-left, front-right, rear-right, rear-left (seen along the facing). */
void pl_rect_corners(const struct pl_rect *r, struct pl_pt out[4]);
/* A point moved by `ahead` along a facing and `right` across it (units). */
struct pl_pt pl_offset(struct pl_pt p, int facing, int32_t ahead, int32_t right);
/* Where q lies from p seen along a facing (pl_offset's converse): *ahead along it, *right across
 * it (units, each truncated toward zero; either may be NULL). */
void pl_local(struct pl_pt p, int facing, struct pl_pt q, int64_t *ahead, int64_t *right);

/* The squared distance between two points (units squared). */
int64_t pl_d2(struct pl_pt a, struct pl_pt b);
/* The whole square root of v >= 0, rounded down (exact, no floating point). */
int64_t pl_isqrt(int64_t v);
/* Inches (>= 0) as the nearest whole unit. */
static inline int32_t pl_units(double inches)
{
	return (int32_t)(inches * PL_PER_INCH + 0.5);
}
/* The bounding box lo..hi of n >= 1 points. */
void pl_box(const struct pl_pt *p, int n, struct pl_pt *lo, struct pl_pt *hi);
/* printf arguments for a length in units as exact inches with "%.*f": one decimal when that is
 * exact, else two (twentieths: 8.5, 33.55). */
#define PL_IN(u) ((int32_t)(u) * 10 % PL_PER_INCH ? 2 : 1), ((double)(u) / PL_PER_INCH)
/* Whether the distance from p to the segment ab is at most r (units). */
bool pl_seg_near(struct pl_pt p, struct pl_pt a, struct pl_pt b, int32_t r);
/* The point of segment ab nearest p (rounded to the nearest unit). */
struct pl_pt pl_seg_closest(struct pl_pt p, struct pl_pt a, struct pl_pt b);
/* Whether segments ab and cd meet (touching counts). */
bool pl_segs_meet(struct pl_pt a, struct pl_pt b, struct pl_pt c, struct pl_pt d);
/* Whether p is inside the polygon (n >= 3 vertices, either winding); a point on an edge counts. */
bool pl_poly_has(const struct pl_pt *poly, int n, struct pl_pt p);
/* Whether the segment ab meets the polygon (crosses an edge or lies inside). */
bool pl_seg_meets_poly(struct pl_pt a, struct pl_pt b, const struct pl_pt *poly, int n);
/* The same for a quadrilateral (a footprint's corners), by separating lines when it is strictly
 * convex (about half the work), else as pl_seg_meets_poly. */
bool pl_seg_meets_quad(struct pl_pt a, struct pl_pt b, const struct pl_pt q[4]);
/* q's turn: 1 or -1 when it is strictly convex (its corners all turning that way), else 0. */
int pl_quad_turn(const struct pl_pt q[4]);
/* pl_seg_meets_quad with q's turn w (pl_quad_turn) worked out already, for a quad asked about
 * many times. */
bool pl_seg_meets_convex(struct pl_pt a, struct pl_pt b, const struct pl_pt q[4], int w);
/* Whether the polylines or polygons p (n points) and q (m points) come within r units of each
 * other; closed says each is a polygon (its last point joined to its first, its inside counts)
 * rather than a polyline. */
bool pl_shapes_near(const struct pl_pt *p, int n, bool p_closed, const struct pl_pt *q, int m, bool q_closed,
		    int32_t r);
/* The least distance between two shapes (as pl_shapes_near) in whole units, rounded up: the
 * least r for which pl_shapes_near holds (0 when they meet). */
int32_t pl_shapes_gap(const struct pl_pt *p, int n, bool p_closed, const struct pl_pt *q, int m, bool q_closed);
/* Whether two rectangles come within r units of each other (0: they touch or overlap). */
bool pl_rects_near(const struct pl_rect *a, const struct pl_rect *b, int32_t r);
/* A bound on r's centre-to-corner distance: pl_rects_near(a, b, r) is false whenever the
 * centres lie farther apart than pl_rect_reach(a) + pl_rect_reach(b) + r. */
int64_t pl_rect_reach(const struct pl_rect *r);
/* The least distance between two rectangles, as pl_shapes_gap. */
int32_t pl_rects_gap(const struct pl_rect *a, const struct pl_rect *b);

/* A rectangle prepared for many nearness tests: its centre, corners (pl_rect_corners), their
 * bounding box and its reach (pl_rect_reach), worked out once. */
struct pl_quad {
	struct pl_pt c, k[4], lo, hi;
	int64_t reach;
};
/* r prepared into q. */
void pl_quad_of(const struct pl_rect *r, struct pl_quad *q);
/* q moved so that its centre is c: the same as pl_quad_of of the rectangle moved there (a
 * rectangle's corners are its centre plus offsets that hang on its facing and size alone). */
void pl_quad_move(struct pl_quad *q, struct pl_pt c);
/* pl_rects_near of the rectangles a and b were prepared from, the same answer for less work. */
bool pl_quads_near(const struct pl_quad *a, const struct pl_quad *b, int32_t r);

/* Whether t lies within half degrees (0..90) either side of the facing seen from o [an arc of
 * fire]; t == o counts. Exact: compares cross and dot products against the fixed sine table. */
bool pl_in_arc(struct pl_pt o, int facing, int half, struct pl_pt t);
/* The facing (0..359) that looks from a to b most nearly, by the fixed table (a != b). */
int pl_bearing(struct pl_pt a, struct pl_pt b);

#endif
