/* plane: tabletop geometry in integer twentieths of an inch (see plane.h). Magnitudes: coordinates
 * are within PL_COORD_MAX (10^4), so differences are within 2*10^4, cross and dot products of
 * two differences within 8*10^8 and their squares within 6.4*10^17 < 2^63. */
#include "plane.h"

#include <math.h>
#include <stdlib.h>

/* round(PL_TRIG * sin(d degrees)), d = 0..90: a fixed table, so no libm in any ruling. */
static const int16_t sin_tab[91] = {
	0,    175,  349,  523,  698,  872,  1045, 1219, 1392, 1564, 1736, 1908, 2079, 2250, 2419, 2588,
	2756, 2924, 3090, 3256, 3420, 3584, 3746, 3907, 4067, 4226, 4384, 4540, 4695, 4848, 5000, 5150,
	5299, 5446, 5592, 5736, 5878, 6018, 6157, 6293, 6428, 6561, 6691, 6820, 6947, 7071, 7193, 7314,
	7431, 7547, 7660, 7771, 7880, 7986, 8090, 8192, 8290, 8387, 8480, 8572, 8660, 8746, 8829, 8910,
	8988, 9063, 9135, 9205, 9272, 9336, 9397, 9455, 9511, 9563, 9613, 9659, 9703, 9744, 9781, 9816,
	9848, 9877, 9903, 9925, 9945, 9962, 9976, 9986, 9994, 9998, 10000,
};

int pl_norm(int deg)
{
	if (deg >= 0 && deg < 360)
		return deg; /* (nearly every facing asked for: no division) */
	int d = deg % 360;
	return d < 0 ? d + 360 : d;
}

static int32_t sin_deg(int deg)
{
	int d = pl_norm(deg);
	if (d <= 90)
		return sin_tab[d];
	if (d <= 180)
		return sin_tab[180 - d];
	if (d <= 270)
		return -sin_tab[d - 180];
	return -sin_tab[360 - d];
}

void pl_dir(int deg, int32_t *dx, int32_t *dy)
{
	/* compass: 0 is north (+y), 90 east (+x) */
	*dx = sin_deg(deg);
	*dy = sin_deg(deg + 90);
}

/* n / PL_TRIG rounded half away from zero. */
static int32_t trig_div(int64_t n)
{
	int64_t h = PL_TRIG / 2;
	return (int32_t)(n >= 0 ? (n + h) / PL_TRIG : -((-n + h) / PL_TRIG));
}

/* pl_offset with the facing's unit vector (fx, fy) already looked up; right of a facing
 * (fx, fy) is (fy, -fx). */
static struct pl_pt offset_dir(struct pl_pt p, int32_t fx, int32_t fy, int32_t ahead, int32_t right)
{
	struct pl_pt q = {
		p.x + trig_div((int64_t)ahead * fx + (int64_t)right * fy),
		p.y + trig_div((int64_t)ahead * fy - (int64_t)right * fx),
	};
	return q;
}

struct pl_pt pl_offset(struct pl_pt p, int facing, int32_t ahead, int32_t right)
{
	int32_t fx, fy;
	pl_dir(facing, &fx, &fy);
	return offset_dir(p, fx, fy, ahead, right);
}

void pl_local(struct pl_pt p, int facing, struct pl_pt q, int64_t *ahead, int64_t *right)
{
	int32_t fx, fy, rx, ry;
	const int64_t dx = (int64_t)q.x - p.x, dy = (int64_t)q.y - p.y;
	pl_dir(facing, &fx, &fy);
	pl_dir(facing + 90, &rx, &ry);
	if (ahead)
		*ahead = (dx * fx + dy * fy) / PL_TRIG;
	if (right)
		*right = (dx * rx + dy * ry) / PL_TRIG;
}

void pl_rect_corners(const struct pl_rect *r, struct pl_pt out[4])
{
	/* four offsets along one facing: its vector looked up once (a footprint's corners are
	 * asked for in every nearness and sight test of the tabletop games) */
	int32_t hw = r->w / 2, hd = r->d / 2, fx, fy;
	pl_dir(r->facing, &fx, &fy);
	out[0] = offset_dir(r->c, fx, fy, hd, -hw);
	out[1] = offset_dir(r->c, fx, fy, hd, r->w - hw);
	out[2] = offset_dir(r->c, fx, fy, hd - r->d, r->w - hw);
	out[3] = offset_dir(r->c, fx, fy, hd - r->d, -hw);
}

int64_t pl_d2(struct pl_pt a, struct pl_pt b)
{
	int64_t dx = (int64_t)a.x - b.x, dy = (int64_t)a.y - b.y;
	return dx * dx + dy * dy;
}

int64_t pl_isqrt(int64_t v)
{
	int64_t r = 0, bit = (int64_t)1 << 62;
	if (v <= 0)
		return 0;
	while (bit > v)
		bit >>= 2;
	while (bit) {
		if (v >= r + bit) {
			v -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return r;
}

void pl_box(const struct pl_pt *p, int n, struct pl_pt *lo, struct pl_pt *hi)
{
	*lo = *hi = p[0];
	for (int k = 1; k < n; k++) {
		lo->x = p[k].x < lo->x ? p[k].x : lo->x;
		lo->y = p[k].y < lo->y ? p[k].y : lo->y;
		hi->x = p[k].x > hi->x ? p[k].x : hi->x;
		hi->y = p[k].y > hi->y ? p[k].y : hi->y;
	}
}

static int64_t cross3(struct pl_pt o, struct pl_pt a, struct pl_pt b)
{
	return ((int64_t)a.x - o.x) * ((int64_t)b.y - o.y) - ((int64_t)a.y - o.y) * ((int64_t)b.x - o.x);
}

static int sgn(int64_t v)
{
	return (v > 0) - (v < 0);
}

bool pl_seg_near(struct pl_pt p, struct pl_pt a, struct pl_pt b, int32_t r)
{
	int64_t r2 = (int64_t)r * r;
	int64_t abx = (int64_t)b.x - a.x, aby = (int64_t)b.y - a.y;
	int64_t apx = (int64_t)p.x - a.x, apy = (int64_t)p.y - a.y;
	int64_t t = apx * abx + apy * aby, len2 = abx * abx + aby * aby;
	if (t <= 0 || len2 == 0)
		return pl_d2(p, a) <= r2;
	if (t >= len2)
		return pl_d2(p, b) <= r2;
	int64_t c = abx * apy - aby * apx;
	/* distance^2 = c^2 / len2; c^2 and r2 * len2 both fit (see the file's header) */
	return c * c <= r2 * len2;
}

struct pl_pt pl_seg_closest(struct pl_pt p, struct pl_pt a, struct pl_pt b)
{
	int64_t abx = (int64_t)b.x - a.x, aby = (int64_t)b.y - a.y;
	int64_t t = ((int64_t)p.x - a.x) * abx + ((int64_t)p.y - a.y) * aby, len2 = abx * abx + aby * aby;
	if (t <= 0 || len2 == 0)
		return a;
	if (t >= len2)
		return b;
	/* a + ab * t / len2, rounded half away from zero (products fit: see the file's header) */
	int64_t nx = abx * t, ny = aby * t;
	struct pl_pt r = {a.x + (int32_t)((nx + (nx >= 0 ? len2 / 2 : -len2 / 2)) / len2),
			  a.y + (int32_t)((ny + (ny >= 0 ? len2 / 2 : -len2 / 2)) / len2)};
	return r;
}

static bool on_seg(struct pl_pt a, struct pl_pt b, struct pl_pt p)
{
	return (p.x >= (a.x < b.x ? a.x : b.x)) && (p.x <= (a.x > b.x ? a.x : b.x)) &&
	       (p.y >= (a.y < b.y ? a.y : b.y)) && (p.y <= (a.y > b.y ? a.y : b.y));
}

bool pl_segs_meet(struct pl_pt a, struct pl_pt b, struct pl_pt c, struct pl_pt d)
{
	/* (one segment strictly to one side of the other's line: no meeting, and no need of the
	 * other two products; most pairs asked are such) */
	const int d1 = sgn(cross3(c, d, a)), d2 = sgn(cross3(c, d, b));
	if (d1 * d2 > 0)
		return false;
	const int d3 = sgn(cross3(a, b, c)), d4 = sgn(cross3(a, b, d));
	if (d3 * d4 > 0)
		return false;
	if (d1 * d2 < 0 && d3 * d4 < 0)
		return true;
	return (d1 == 0 && on_seg(c, d, a)) || (d2 == 0 && on_seg(c, d, b)) || (d3 == 0 && on_seg(a, b, c)) ||
	       (d4 == 0 && on_seg(a, b, d));
}

bool pl_poly_has(const struct pl_pt *poly, int n, struct pl_pt p)
{
	bool in = false;
	for (int i = 0, j = n - 1; i < n; j = i++) {
		struct pl_pt a = poly[j], b = poly[i];
		if (cross3(a, b, p) == 0 && on_seg(a, b, p))
			return true;
		/* crossing number: edges that straddle p's horizontal line, crossing to its right */
		if ((a.y > p.y) != (b.y > p.y)) {
			int64_t c = cross3(a, b, p);
			if ((b.y > a.y) ? c > 0 : c < 0)
				in = !in;
		}
	}
	return in;
}

bool pl_seg_meets_poly(struct pl_pt a, struct pl_pt b, const struct pl_pt *poly, int n)
{
	if (pl_poly_has(poly, n, a) || pl_poly_has(poly, n, b))
		return true;
	for (int i = 0, j = n - 1; i < n; j = i++)
		if (pl_segs_meet(a, b, poly[j], poly[i]))
			return true;
	return false;
}

int pl_quad_turn(const struct pl_pt q[4])
{
	int w = sgn(cross3(q[0], q[1], q[2]));
	for (int i = 1; i < 4; i++)
		if (!w || sgn(cross3(q[i], q[(i + 1) % 4], q[(i + 2) % 4])) != w)
			return 0;
	return w;
}

bool pl_seg_meets_quad(struct pl_pt a, struct pl_pt b, const struct pl_pt q[4])
{
	return pl_seg_meets_convex(a, b, q, pl_quad_turn(q));
}

bool pl_seg_meets_convex(struct pl_pt a, struct pl_pt b, const struct pl_pt q[4], int w)
{
	if (!w)
		return pl_seg_meets_poly(a, b, q, 4); /* not strictly convex */
	/* two closed convex shapes are apart exactly when one of their edges' lines parts them:
	 * both ends of ab strictly outside an edge of q, or q strictly to one side of ab's line */
	for (int i = 0; i < 4; i++)
		if (w * sgn(cross3(q[i], q[(i + 1) % 4], a)) < 0 && w * sgn(cross3(q[i], q[(i + 1) % 4], b)) < 0)
			return false;
	int pos = 0, neg = 0;
	for (int i = 0; i < 4; i++) {
		int c = sgn(cross3(a, b, q[i]));
		pos += c > 0;
		neg += c < 0;
	}
	return pos != 4 && neg != 4;
}

bool pl_shapes_near(const struct pl_pt *p, int n, bool p_closed, const struct pl_pt *q, int m, bool q_closed,
		    int32_t r)
{
	if (q_closed && n > 0 && m >= 3 && pl_poly_has(q, m, p[0]))
		return true;
	if (p_closed && m > 0 && n >= 3 && pl_poly_has(p, n, q[0]))
		return true;
	int pe = p_closed && n >= 3 ? n : n - 1, qe = q_closed && m >= 3 ? m : m - 1;
	if (n == 1 || m == 1) {
		/* a lone point: its distance to the other's edges (or to its point) */
		const struct pl_pt *s = n == 1 ? q : p;
		int se = n == 1 ? qe : pe, sn = n == 1 ? m : n;
		struct pl_pt pt = n == 1 ? p[0] : q[0];
		if (sn == 1)
			return pl_d2(pt, s[0]) <= (int64_t)r * r;
		for (int i = 0; i < se; i++)
			if (pl_seg_near(pt, s[i], s[(i + 1) % sn], r))
				return true;
		return false;
	}
	/* two segments that do not meet are nearest at an end of one of them: every pair of edges
	 * is tested for meeting, then every vertex against every edge of the other shape (each such
	 * pair once, though each vertex ends two edges); within 0 a vertex is near an edge only on
	 * it, and then the edges meet already */
	for (int i = 0; i < pe; i++)
		for (int j = 0; j < qe; j++)
			if (pl_segs_meet(p[i], p[(i + 1) % n], q[j], q[(j + 1) % m]))
				return true;
	if (r == 0)
		return false;
	for (int v = 0; v < n; v++)
		for (int j = 0; j < qe; j++)
			if (pl_seg_near(p[v], q[j], q[(j + 1) % m], r))
				return true;
	for (int w = 0; w < m; w++)
		for (int i = 0; i < pe; i++)
			if (pl_seg_near(q[w], p[i], p[(i + 1) % n], r))
				return true;
	return false;
}

/* A distance no corner of r lies beyond from its centre: a corner is offset by at most
 * ahead + right + 1 in each coordinate (the trig table's vectors are at most PL_TRIG long in
 * each, and rounding adds a half), so by at most 1.5 times that in all. */
int64_t pl_rect_reach(const struct pl_rect *r)
{
	int64_t w = r->w < 0 ? -(int64_t)r->w : r->w, d = r->d < 0 ? -(int64_t)r->d : r->d;
	return 3 * (w / 2 + d / 2 + 3) / 2 + 1;
}

bool pl_rects_near(const struct pl_rect *a, const struct pl_rect *b, int32_t r)
{
	struct pl_quad qa, qb;
	const int64_t far = pl_rect_reach(a) + pl_rect_reach(b) + (r > 0 ? r : 0);
	if (pl_d2(a->c, b->c) > far * far)
		return false; /* the centres too far apart for any corner to come near: no corners */
	pl_quad_of(a, &qa);
	pl_quad_of(b, &qb);
	return pl_quads_near(&qa, &qb, r);
}

void pl_quad_of(const struct pl_rect *r, struct pl_quad *q)
{
	q->c = r->c;
	pl_rect_corners(r, q->k);
	pl_box(q->k, 4, &q->lo, &q->hi);
	q->reach = pl_rect_reach(r);
}

void pl_quad_move(struct pl_quad *q, struct pl_pt c)
{
	const int32_t dx = c.x - q->c.x, dy = c.y - q->c.y;
	for (int k = 0; k < 4; k++) {
		q->k[k].x += dx;
		q->k[k].y += dy;
	}
	q->lo.x += dx;
	q->lo.y += dy;
	q->hi.x += dx;
	q->hi.y += dy;
	q->c = c;
}

bool pl_quads_near(const struct pl_quad *a, const struct pl_quad *b, int32_t r)
{
	/* refused when the centres lie too far apart for any corner to come near, or the boxes
	 * farther apart than r along x or y (pl_shapes_near takes r by its square) */
	const int64_t far = a->reach + b->reach + (r > 0 ? r : 0), m = r < 0 ? -(int64_t)r : r;
	if (pl_d2(a->c, b->c) > far * far)
		return false;
	if (a->lo.x > b->hi.x + m || b->lo.x > a->hi.x + m || a->lo.y > b->hi.y + m || b->lo.y > a->hi.y + m)
		return false;
	return pl_shapes_near(a->k, 4, true, b->k, 4, true, r);
}

/* The least q for which pl_seg_near(p, a, b, r) holds exactly when r * r >= q, by its cases: an
 * end's squared distance, or (c^2 <= r^2 * len2 for whole r) ceil(c^2 / len2). */
static int64_t seg_reach2(struct pl_pt p, struct pl_pt a, struct pl_pt b)
{
	int64_t abx = (int64_t)b.x - a.x, aby = (int64_t)b.y - a.y;
	int64_t apx = (int64_t)p.x - a.x, apy = (int64_t)p.y - a.y;
	int64_t t = apx * abx + apy * aby, len2 = abx * abx + aby * aby;
	if (t <= 0 || len2 == 0)
		return pl_d2(p, a);
	if (t >= len2)
		return pl_d2(p, b);
	int64_t c = abx * apy - aby * apx;
	return (c * c + len2 - 1) / len2;
}

int32_t pl_shapes_gap(const struct pl_pt *p, int n, bool p_closed, const struct pl_pt *q, int m, bool q_closed)
{
	/* the least r at which pl_shapes_near holds: each of its tests holds once r * r reaches some
	 * q, so the least whole r with r * r >= the least q (a search over r, reckoned directly: the
	 * same answer for some 30 times fewer tests), capped as a search up to 4 * PL_COORD_MAX
	 * would be */
	const int64_t cap = 4 * (int64_t)PL_COORD_MAX;
	int64_t best = INT64_MAX, r;
	if (pl_shapes_near(p, n, p_closed, q, m, q_closed, 0))
		return 0;
	int pe = p_closed && n >= 3 ? n : n - 1, qe = q_closed && m >= 3 ? m : m - 1;
	if (n == 1 || m == 1) {
		const struct pl_pt *s = n == 1 ? q : p;
		int se = n == 1 ? qe : pe, sn = n == 1 ? m : n;
		struct pl_pt pt = n == 1 ? p[0] : q[0];
		if (sn == 1)
			best = pl_d2(pt, s[0]);
		for (int i = 0; sn != 1 && i < se; i++) {
			int64_t x = seg_reach2(pt, s[i], s[(i + 1) % sn]);
			best = x < best ? x : best;
		}
	} else {
		/* each vertex against each edge of the other shape, once (pl_shapes_near's pairs) */
		for (int v = 0; v < n; v++)
			for (int j = 0; j < qe; j++) {
				const int64_t x = seg_reach2(p[v], q[j], q[(j + 1) % m]);
				best = x < best ? x : best;
			}
		for (int w = 0; w < m; w++)
			for (int i = 0; i < pe; i++) {
				const int64_t x = seg_reach2(q[w], p[i], p[(i + 1) % n]);
				best = x < best ? x : best;
			}
	}
	if (best >= cap * cap)
		return (int32_t)cap;
	r = pl_isqrt(best);
	return (int32_t)(r * r < best ? r + 1 : r);
}

int32_t pl_rects_gap(const struct pl_rect *a, const struct pl_rect *b)
{
	struct pl_pt pa[4], pb[4];
	pl_rect_corners(a, pa);
	pl_rect_corners(b, pb);
	return pl_shapes_gap(pa, 4, true, pb, 4, true);
}

bool pl_in_arc(struct pl_pt o, int facing, int half, struct pl_pt t)
{
	if (t.x == o.x && t.y == o.y)
		return true;
	if (half < 0)
		return false;
	if (half > 90)
		half = 90;
	int32_t fx, fy;
	pl_dir(facing, &fx, &fy);
	int64_t vx = (int64_t)t.x - o.x, vy = (int64_t)t.y - o.y;
	int64_t dot = vx * fx + vy * fy, cr = llabs(vx * fy - vy * fx);
	/* the angle is atan2(cr, dot); it is at most half when cr cos(half) <= dot sin(half) */
	return cr * sin_tab[90 - half] <= dot * sin_tab[half];
}

int pl_bearing(struct pl_pt a, struct pl_pt b)
{
	/* the whole degree whose table direction makes the least angle with ab: the least
	 * |cross|/dot with dot > 0, the lowest degree on a tie. The table's directions are within
	 * a few ten-thousandths of a degree of the true ones, so that degree lies within a degree
	 * of ab's true bearing: atan2 only says where to look (three degrees either side), and the
	 * table's integer products decide, the same on any machine. */
	int best = 0;
	int64_t bc = 0, bd = -1; /* best |cross| and dot */
	const int64_t vx = (int64_t)b.x - a.x, vy = (int64_t)b.y - a.y;
	if (!vx && !vy)
		return 0;
	const int mid = (int)lround(atan2((double)vx, (double)vy) * (180.0 / 3.14159265358979323846));
	for (int k = -3; k <= 3; k++) {
		const int d = pl_norm(mid + k);
		int32_t fx, fy;
		pl_dir(d, &fx, &fy);
		int64_t dot = vx * fx + vy * fy, cr = llabs(vx * fy - vy * fx);
		if (dot <= 0)
			continue;
		if (bd < 0 || cr * bd < bc * dot || (cr * bd == bc * dot && d < best)) {
			best = d;
			bc = cr;
			bd = dot;
		}
	}
	return best;
}
