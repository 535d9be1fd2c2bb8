/* hex: SPI hex numbering and hex-grid geometry.
 * A hex is its printed number as an int, XXYY = column * 100 + row: columns run west to east,
 * rows north to south. The layout is "even-q" (flat-topped hexes, even columns half a hex
 * lower): an even column's side neighbours are at rows r and r+1, an odd column's at r-1 and r.
 * The worked examples of [5.25], [5.26], [19.24], [24.15] and the Alma errata to [18.4] fix this.
 * Geometry is done in cube coordinates (q, r, s) with q + r + s = 0. */
#ifndef CRIMEA_HEX_H
#define CRIMEA_HEX_H

#include <stdbool.h>

/* Directions, clockwise from north. */
enum hex_dir { HEX_N, HEX_NE, HEX_SE, HEX_S, HEX_SW, HEX_NW, HEX_NDIRS };

#define HEX_NONE (-1)
#define HEX_COL_MAX 99
#define HEX_ROW_MAX 99

struct cube {
	int q, r, s;
};

static inline int hex_make(int col, int row) { return col * 100 + row; }
static inline int hex_col(int h) { return h / 100; }
static inline int hex_row(int h) { return h % 100; }
static inline int hex_dir_opposite(int d) { return (d + 3) % 6; }

/* Parses exactly four digits "XXYY". Returns true and sets *h. */
bool hex_parse(const char *s, int *h);
/* Writes "XXYY" (5 bytes with NUL). */
void hex_format(int h, char out[8]);

struct cube hex_to_cube(int h);
/* The distance between two hexes given in cube coordinates (hex_distance uses it). */
static inline int hex_cube_distance(struct cube x, struct cube y)
{
	int q = x.q - y.q, r = x.r - y.r, s = x.s - y.s;
	q = q < 0 ? -q : q;
	r = r < 0 ? -r : r;
	s = s < 0 ? -s : s;
	int m = q > r ? q : r;
	return m > s ? m : s;
}
int hex_from_cube(struct cube c); /* HEX_NONE if outside 00..99 */

/* The neighbour of h in direction d, or HEX_NONE off the numbering (column/row < 0 or > 99). */
int hex_neighbor(int h, int d);
/* Direction from a to an adjacent b, or -1 if they are not adjacent. */
int hex_dir_to(int a, int b);
bool hex_adjacent(int a, int b);
int hex_distance(int a, int b);

/* ---- lines between hex centres ----
 * A line from the centre of a to the centre of b, traced exactly (integer arithmetic).
 * Each step is one of:
 *   LINE_HEX    the line passes through the interior of `hex`;
 *   LINE_SIDE   the line runs along the hexside between `hex` and `other` ([7.36]: both count);
 *   LINE_VERTEX the line passes through a vertex shared by three hexes, going from one into
 *               another and touching the third, `hex`, at that point only (`other` is
 *               HEX_NONE).
 * A hex outside the numbering (row or column -1) that the line touches is left out; a
 * LINE_SIDE whose far hex lies there has `other` HEX_NONE.
 * Steps come in order from a to b; the first is a itself and the last is b. For each LINE_HEX
 * step after the first, `from` is the hex whose hexside the line crossed to enter it
 * (HEX_NONE if it entered through a vertex or along a hexside). */
enum line_kind { LINE_HEX, LINE_SIDE, LINE_VERTEX };

struct line_step {
	int kind;  /* enum line_kind */
	int hex;
	int other; /* LINE_SIDE, LINE_VERTEX: the second hex */
	int from;  /* LINE_HEX: hex across the crossed hexside, or HEX_NONE */
};

#define LINE_MAX_STEPS 256

/* Traces the line a -> b into out (capacity max). Returns the number of steps, or -1 if max is
 * too small or either hex is invalid. */
int hex_line(int a, int b, struct line_step *out, int max);

/* ---- precomputed lines ----
 * Lines are translation-invariant: the line a -> b depends only on the cube offset b - a and,
 * because hex numbers are even-q offset coordinates, on the parity of a's column. A
 * struct hex_lines holds hex_line's result for every offset up to a distance, for both
 * parities, as column/row offsets from a; a scenario or map builds one and shares it (it is
 * immutable once built). Invariant: a shape's steps are exactly what hex_line returns for a
 * line with that offset whose hexes all lie inside the numbering (columns and rows 00..99). */
#define HEX_LINES_DIST 16     /* a useful default: longer than any fire range */
#define HEX_LINES_DIST_MAX 30

enum { HEX_SHAPE_OTHER = 1, HEX_SHAPE_FROM = 2 };

/* One step of a shape: kind as enum line_kind; hex, other and from as column and row offsets
 * from the line's start hex; flags says whether other and from are hexes (else HEX_NONE). */
struct hex_shape_step {
	signed char kind, flags, col, row, ocol, orow, fcol, frow;
};

struct hex_shape {
	unsigned first;              /* index of the first step in hex_lines.step */
	unsigned short n;            /* number of steps */
	signed char col_lo, col_hi;  /* range of column offsets of every hex, other and from */
	signed char row_lo, row_hi;  /* range of row offsets */
};

struct hex_lines {
	int dist;                    /* every offset up to this hex distance is held */
	int width;                   /* 2 * dist + 1 */
	struct hex_shape *shape;     /* [2][width][width]: parity of a's column, dq + dist, dr + dist */
	struct hex_shape_step *step; /* every shape's steps */
	int nsteps;
};

/* Builds the shapes of every line up to distance dist (0..HEX_LINES_DIST_MAX) into hl, which
 * the caller owns and releases with hex_lines_free (0.2 MB and some tens of milliseconds, once,
 * for HEX_LINES_DIST). Returns 0, or -1 (dist out of range, out of memory; hl is then empty). */
int hex_lines_init(struct hex_lines *hl, int dist);
void hex_lines_free(struct hex_lines *hl);

/* The shape of the line a -> b (offsets from a), or NULL if a or b is not a hex number
 * 0000..9999 or they are more than hl->dist apart. The pointer is into hl. */
const struct hex_shape *hex_lines_shape(const struct hex_lines *hl, int a, int b);

/* Exactly hex_line(a, b, out, max) (same return value, same steps), from the table when the
 * line is in it and else by calling hex_line. */
int hex_lines_trace(const struct hex_lines *hl, int a, int b, struct line_step *out, int max);

#endif
