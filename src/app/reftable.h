/* reftable: `crimea referee cotlb` on a game that keeps a table (src/games/cotlb/ctable.c): the
 * table loaded, and its views (table, where); the commands that change the game are
 * src/games/cotlb/cplay.c's and cmove.c's. */
#ifndef CRIMEA_REFTABLE_H
#define CRIMEA_REFTABLE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "../games/cotlb/cseq.h"
#include "../games/cotlb/ctable.h"
#include "../games/cotlb/referee.h"

/* Loads table id (data/cotlb/ID.json, or a path) of order of battle o into tb (large). 0 or -1
 * (said). */
int rtab_load(const char *argv0, const char *id, const struct ctab *t, const struct cros_oob *o, struct ctbl *tb);
/* Whether data/cotlb/ID.json exists (the default table of an order of battle is OOB-table). */
bool rtab_exists(const char *argv0, const char *id);
/* The table as SVG, 8 px an inch, north up: its terrain, every unit on it (its front edge heavy,
 * data-unit its id) and the commanders (`referee cotlb table --svg`, `crimea show
 * cotlb-balaclava --svg`, a game's map.svg). rtab_svg: into *buf (malloc'd, *len bytes), 0 or -1
 * out of memory; rtab_svg_file: written atomically to path, 0 or 1 (said). */
int rtab_svg(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
	     char **buf, size_t *len);
int rtab_svg_file(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		  const char *path);
/* The table's views: table (its terrain; svg non-empty: drawn there) and where (every unit, or
 * q->unit and what it can fire at). 0, or the exit status (said). */
int rtab_view(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const char *svg,
	      const struct cros_oob *o, const struct cros_game *g, const char *path);

/* cmd_referee.c's game file and log, shared with the table commands. */
int ref_save_game(const char *path, const struct cros_oob *o, const struct cros_game *g, json_t *log);
void ref_print_events(const char *head, const struct evsink *ev);
void ref_log_add(json_t *log, int turn, const char *what, const struct ref_out *out, const struct evsink *changes);
/* A change to the game kept: the log's entry (what was asked, out's rulings (may be NULL), ev's
 * changes), the file saved atomically, then the changes printed. 0, or 1 when it cannot save. */
int ref_record(const char *path, const struct cros_oob *o, const struct cros_game *g, json_t *log, const char *what,
	       const struct ref_out *out, const struct evsink *ev);

#endif
