/* reftable: `crimea referee cotlb` on a game that keeps a table (src/games/cotlb/ctable.c):
 * the table commands (place, enter, where, move, table) and the geometry the other commands
 * take from it: fire's range, arc, target class and cover, close combat's two inches, and the
 * brigade command radius at a new turn. */
#ifndef CRIMEA_REFTABLE_H
#define CRIMEA_REFTABLE_H

#include <jansson.h>
#include <stdbool.h>

#include "../games/cotlb/cseq.h"
#include "../games/cotlb/ctable.h"
#include "../games/cotlb/referee.h"

/* The table options of a command. */
struct rtab_opts {
	bool has_x, has_y;
	int32_t x, y;             /* units */
	int facing;               /* -1: as it was */
	char formation[16];       /* "": as it was */
	char commander[CROS_ID_MAX];
	char svg[256];            /* table --svg FILE: draw it there */
	char toward[CROS_ID_MAX]; /* move --toward ID: straight at that unit, to 2" of it */
	char from[CROS_ID_MAX];   /* withdraw, rout --from ID: away from that unit */
};

/* Loads table id (data/cotlb/ID.json, or a path) of order of battle o into tb (large). 0 or -1
 * (said). */
int rtab_load(const char *argv0, const char *id, const struct ctab *t, const struct cros_oob *o, struct ctbl *tb);
/* Whether data/cotlb/ID.json exists (the default table of an order of battle is OOB-table). */
bool rtab_exists(const char *argv0, const char *id);
/* Whether what is one of the table commands. */
bool rtab_is_cmd(const char *what);
/* Runs a table command (place, enter, where, move, withdraw, rout, table) on the game at path; saves it when it
 * changes. sd: the move as the unit's action in the game's sequence of play (cseq.h), recorded
 * with it, or NULL when the game keeps no sequence or the move is no action. Exit status: 0, 1
 * refused by the rules, 2 bad options. */
int rtab_cmd(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct rtab_opts *x,
	     const struct cros_oob *o, struct cros_game *g, const char *path, json_t *log, const char *what,
	     const struct cseq_do *sd);
/* fire --firer A --at B on a table: fills in what the table decides (weapon, stands, target
 * class, range, cover) where the request leaves it out, and prints how. 0, or the exit status. */
int rtab_fire(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
	      struct ref_req *q);
/* melee between two units of the game on a table: the attacker must be within 2" [Close Combat
 * (a)]; adds the modifiers the table shows (formations, cover, crest, the rear, standing
 * cavalry) to those given. 0, or the exit status. */
int rtab_melee(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
	       struct ref_req *q);
/* At a new turn, [BRIGADE COMMANDERS]: markers for units outside their commander's radius. */
void rtab_turn(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, struct cros_game *g,
	       struct evsink *ev);

/* cmd_referee.c's game file and log, shared with the table commands. */
int ref_save_game(const char *path, const struct cros_oob *o, const struct cros_game *g, json_t *log);
void ref_print_events(const char *head, const struct evsink *ev);
void ref_log_add(json_t *log, int turn, const char *what, const struct ref_out *out, const struct evsink *changes);
/* A change to the game kept: the log's entry (what was asked, out's rulings (may be NULL), ev's
 * changes), the file saved atomically, then the changes printed. 0, or 1 when it cannot save. */
int ref_record(const char *path, const struct cros_oob *o, const struct cros_game *g, json_t *log, const char *what,
	       const struct ref_out *out, const struct evsink *ev);

#endif
