/* map: a hex map: terrain per hex, features per hexside, named places and edges.
 * Loaded from a "kind": "map" data file (docs/FORMATS.md); immutable once loaded and shared by
 * every game played on it. Hexes are addressed by a dense index for speed; map_index() and
 * map_hex() convert. The index space includes a border of MAP_BORDER hexes around the map so
 * that every on-map hex has six valid neighbour indices. */
#ifndef CRIMEA_MAP_H
#define CRIMEA_MAP_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/err.h"
#include "../core/jdoc.h"
#include "hex.h"

#define MAP_BORDER 2
#define MAP_ID_MAX 32
#define MAP_NAME_MAX 96
#define MAP_PLACES_MAX 128
#define MAP_PLACE_HEXES 64
#define MAP_EDGES_MAX 16
#define MAP_EDGE_HEXES 128

enum terrain {
	TER_CLEAR, TER_WOODS, TER_TOWN, TER_VINEYARD, TER_SWAMP, TER_BRUSH, TER_SEA,
	TER_AQUEDUCT, TER_CLOSED, TER_FORT, TER_COUNT
};

/* Slope kinds: the splash (downhill) side of a hexside carries the slope. */
enum slope { SLOPE_NONE, SLOPE_GENTLE, SLOPE_STEEP, SLOPE_CLIFF };

/* Plain hexside features (bit flags). */
enum side_feature {
	SIDE_RIVER = 1 << 0,
	SIDE_STREAM = 1 << 1,
	SIDE_BRIDGE = 1 << 2,
	SIDE_FORD = 1 << 3,
	SIDE_WALL = 1 << 4,
	SIDE_RAVINE = 1 << 5,
	SIDE_ROAD_MAJOR = 1 << 6,
	SIDE_ROAD_MINOR = 1 << 7,
	SIDE_TRACK = 1 << 8,
	SIDE_REDOUBT = 1 << 9,
};

/* Hex flags. */
enum hex_flag {
	HEXF_ONMAP = 1 << 0,  /* a playable hex */
	HEXF_OFFMAP = 1 << 1, /* an imaginary off-map hex the rules name (exits) */
	HEXF_ROAD_MAJOR = 1 << 2,
	HEXF_ROAD_MINOR = 1 << 3,
	HEXF_TRACK = 1 << 4,
};

struct map_place {
	char name[MAP_NAME_MAX];
	int hexes[MAP_PLACE_HEXES];
	int nhexes;
};

struct map_edge {
	char name[MAP_NAME_MAX];
	int hexes[MAP_EDGE_HEXES];
	int nhexes;
};

/* Per hexside data, stored on the hex on its north side for directions N, NE, SE
 * (HEX_N, HEX_NE, HEX_SE); other directions are looked up on the neighbour. */
struct map_side {
	uint16_t features;   /* enum side_feature */
	uint8_t slope_here;  /* enum slope whose splash is in the owning hex */
	uint8_t slope_there; /* enum slope whose splash is in the neighbour */
	uint8_t redoubt_inside_here; /* for SIDE_REDOUBT: 1 if the owning hex is inside */
};

struct map {
	char id[MAP_ID_MAX];
	char title[MAP_NAME_MAX];
	int col0, col1, row0, row1; /* inclusive */
	int w, h;                   /* index space: columns and rows including the border */
	int n;                      /* w * h */
	int scale_m;
	uint8_t *terrain;           /* [n] enum terrain */
	uint8_t *flags;             /* [n] enum hex_flag */
	struct map_side *side;      /* [n * 3] */
	int32_t *nb;                /* [n * 6] neighbour index or -1 */
	struct cube *cube;          /* [n] hex_to_cube(map_hex(idx)) of every index, border ones
	                             * too (distances without the hex-number arithmetic) */
	struct map_place places[MAP_PLACES_MAX];
	int nplaces;
	struct map_edge edges[MAP_EDGES_MAX];
	int nedges;
	int nonmap;                 /* number of playable hexes */
};

/* Loads a map from a parsed document. Problems are appended to errs (every one found);
 * returns 0 if there were none. On failure the map is freed. */
int map_load(struct map *m, const struct jdoc *d, struct errlist *errs);
void map_free(struct map *m);

/* Index of hex h (in the map's index space), or -1 if outside it. */
int map_index(const struct map *m, int h);
int map_hex(const struct map *m, int idx);
bool map_on(const struct map *m, int h); /* a playable hex */

static inline int map_nb(const struct map *m, int idx, int dir) { return m->nb[idx * 6 + dir]; }
/* The direction from idx to its neighbour j, or -1 when j is not one. */
static inline int map_dir_to(const struct map *m, int idx, int j)
{
	for (int d = 0; d < 6; d++)
		if (map_nb(m, idx, d) == j)
			return d;
	return -1;
}
/* A Bridge hex: an Aqueduct hex a road crosses (Tchernaya [16.14], errata [13.0]). */
static inline bool map_bridge_hex(const struct map *m, int idx)
{
	return m->terrain[idx] == TER_AQUEDUCT && (m->flags[idx] & (HEXF_ROAD_MAJOR | HEXF_ROAD_MINOR | HEXF_TRACK));
}
/* hex_to_cube(map_hex(m, idx)), from the table built with the map. */
static inline struct cube map_cube(const struct map *m, int idx) { return m->cube[idx]; }
/* The hexside record between idx and its neighbour in dir, and whether the owner is idx. */
const struct map_side *map_side_at(const struct map *m, int idx, int dir, bool *owner_is_idx);
/* Hexside features between hex indices a and its neighbour in dir. */
unsigned map_side_features(const struct map *m, int idx, int dir);
/* The slope whose splash lies on idx's side (the downhill side) of the hexside in dir, and the
 * slope whose splash lies on the far side. */
int map_slope_into(const struct map *m, int idx, int dir);  /* splash on idx: idx is downhill */
int map_slope_away(const struct map *m, int idx, int dir);  /* splash on far side: idx uphill */
/* Redoubt: true if the hexside in dir is a redoubt hexside and idx is its inside. */
bool map_redoubt_inside(const struct map *m, int idx, int dir);

const struct map_place *map_place_at(const struct map *m, int h);
const struct map_edge *map_edge_named(const struct map *m, const char *name);

const char *terrain_name(int t);
int terrain_parse(const char *s); /* -1 if unknown */

/* ---- lines of sight over one map ----
 * The shapes of a struct hex_lines with their steps turned into offsets in this map's index
 * space (index = column * h + row) and reduced to what can block a line of sight: the
 * intermediate LINE_HEX steps (one hex) and LINE_SIDE steps (both hexes; [7.36]-style). Vertex
 * passages, the end hexes and sides whose far hex is outside the numbering are left out.
 * Built once per map (e.g. at scenario load), immutable, owned by the caller; it refers to the
 * hex_lines it was built from. */
struct map_lines {
	const struct hex_lines *hl;
	int h, w, col0, row0;  /* the map's */
	int clo, chi, rlo, rhi; /* index-space columns and rows inside the numbering (inclusive) */
	uint32_t *first;       /* [number of shapes]: the shape's record in rec (maplines.c) */
	int16_t *rec;          /* per shape: index offsets of its hex steps and hexside pairs */
	/* map_lines_blocked_at's look-up (maplines.c): tab[to[b] - from[a] + span] */
	int32_t *from, *to;    /* [n] */
	uint32_t *tab;         /* [2 * span + 1]: a record in rec, or 0 */
	int span;
};

int map_lines_init(struct map_lines *ml, const struct hex_lines *hl, const struct map *m);
void map_lines_free(struct map_lines *ml);
/* How many of the line a -> b's intermediate steps block, given blk[idx] = 1 for a hex that
 * blocks (0 otherwise; only those two values): a hex step if its hex blocks, a hexside step if
 * both hexes do. Hexes a and b are hex numbers on m. The same count as tracing hex_line(a, b)
 * and testing each step; returns -1 if the line is not in the table (farther than hl->dist,
 * or leaving the index space or the numbering), when the caller must trace it with hex_line. */
int map_lines_blocked(const struct map_lines *ml, const struct map *m, int a, int b,
		      const uint8_t *blk);
/* The same for map indices a and b, both in [0, m->n): exactly
 * map_lines_blocked(ml, m, map_hex(m, a), map_hex(m, b), blk) when both are hexes of the
 * numbering (columns and rows 00..99), and -1 otherwise. A line up to hl->dist between hexes
 * that are not on the top or bottom row of the index space or the numbering (every on-map hex
 * of a map not touching row 00 or 99) takes two loads, one table look-up and no range check;
 * the others take map_lines_blocked's way. */
int map_lines_blocked_at(const struct map_lines *ml, int a, int b, const uint8_t *blk);

/* Parses "AAAA" or a range "AAAA-BBBB" (same column or same row) into out; returns the count
 * or -1 (malformed) or -2 (too many for max). */
int hexlist_parse(const char *s, int *out, int max);

#endif
