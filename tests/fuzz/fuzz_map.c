/* fuzz_map: jdoc_parse then map_load (src/hex/map.h) on arbitrary bytes.
 * A map that loads is queried everywhere: every hex of its index space, every neighbour and
 * hexside, places and edges; then freed (ASan's leak check covers map_free and the failure path,
 * which must free the map itself). */
#include "fuzz_common.h"
#include "core/jdoc.h"
#include "hex/map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void query(const struct map *m)
{
	if (m->w <= 0 || m->h <= 0 || m->n != m->w * m->h)
		fz_fail("map index space %dx%d n=%d", m->w, m->h, m->n);
	int onmap = 0;
	for (int idx = 0; idx < m->n; idx++) {
		int h = map_hex(m, idx);
		if (m->flags[idx] & HEXF_ONMAP) {
			if (map_index(m, h) != idx || !map_on(m, h))
				fz_fail("map_index(map_hex(%d)) = %d", idx, map_index(m, h));
			onmap++;
			map_place_at(m, h);
			for (int dir = 0; dir < 6; dir++) {
				bool own;
				int nb = map_nb(m, idx, dir);
				if (nb < 0 || nb >= m->n)
					fz_fail("on-map hex %04d has neighbour index %d in dir %d", h, nb, dir);
				map_side_at(m, idx, dir, &own);
				map_side_features(m, idx, dir);
				map_slope_into(m, idx, dir);
				map_slope_away(m, idx, dir);
				map_redoubt_inside(m, idx, dir);
			}
		}
	}
	if (onmap != m->nonmap)
		fz_fail("map says %d playable hexes, %d found", m->nonmap, onmap);
	for (int i = 0; i < m->nedges; i++)
		if (map_edge_named(m, m->edges[i].name) == NULL)
			fz_fail("edge \"%s\" not found by name", m->edges[i].name);
	map_index(m, -1);
	map_index(m, 9999);
	map_on(m, 0);
	map_place_at(m, 101);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct jdoc d;
	struct err e;
	struct errlist errs;
	struct map m;

	if (jdoc_parse(&d, "map.json", (const char *)data, size, &e) != 0)
		return 0;
	errlist_init(&errs);
	memset(&m, 0, sizeof m);
	int rc = map_load(&m, &d, &errs);
	if (rc == 0) {
		if (errs.total != 0)
			fz_fail("map_load returned 0 with %d errors", errs.total);
		query(&m);
		map_free(&m);
	} else if (errs.total == 0) {
		fz_fail("map_load failed without saying why");
	}
	jdoc_free(&d);
	return 0;
}
