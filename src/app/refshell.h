/* refshell: `crimea referee cotlb shell --game FILE`, a referee's session on one game: each line
 * is a `crimea referee cotlb` command without its first words or --game (`fire --firer 93rd
 * --at kiev1 --dice 6,5,1`), run on the game file as the command would run it. On a terminal
 * with line editing and tab completion of commands, options, unit and commander ids and
 * formations; from a pipe, plain lines (scripts and tests). */
#ifndef CRIMEA_REFSHELL_H
#define CRIMEA_REFSHELL_H

#include "../games/cotlb/croster.h"

/* Runs the session until "quit" or the end of the input; argv0 is the program's (for its data
 * directory). Returns 0, or 1 when any command failed (or out of memory). */
int rshell_run(const char *argv0, const char *gamepath, const struct cros_oob *o);

#endif
