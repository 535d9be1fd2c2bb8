/* gamelog: a game record told as text for a reader: each phase as it begins, each action
 * numbered with the side that took it, and under it every ruling with its case and dice
 * (crimea replay --log, GET /api/games/{id}/log). */
#ifndef CRIMEA_GAMELOG_H
#define CRIMEA_GAMELOG_H

#include <stddef.h>

#include "../games/record.h"

/* The log of record r played on scenario s, replayed afresh (r is not changed): into *out,
 * malloc'd and NUL-terminated, owned by the caller; its length in *len. 0, or -1 with e set
 * (a refused action, at its number; out of memory), *out then NULL. */
int glog_text(const struct record *r, const struct scenario *s, char **out, size_t *len, struct err *e);

#endif
