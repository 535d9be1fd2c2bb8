/* pathsweep: internal interface between path.c and pathsweep.c (the data-parallel movement
 * search's prepared tables). Not for other modules: they use path.h. */
#ifndef CRIMEA_PATHSWEEP_H
#define CRIMEA_PATHSWEEP_H

#include "path.h"

/* Fills the sweep's part of p (h, cols, par0, hp, cmin, nboff, in) for map m and step table
 * step[n * 6]. Returns 0, or -1 if out of memory (p->in is then NULL). */
int path_sweep_prep_init(struct path_prep *p, const struct map *m, const uint8_t *step);

#endif
