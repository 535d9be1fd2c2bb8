/* siegegame: `crimea referee siege WHAT --game F`, a game of Sevastopol kept in a file
 * (siegegame.c). */
#ifndef CRIMEA_SIEGEGAME_H
#define CRIMEA_SIEGEGAME_H

#include <stdbool.h>
#include <stdio.h>

/* Whether argv (crimea referee siege WHAT ...) is a game command: `new`, or any with --game. */
bool siege_game_cmd(int argc, char **argv);
/* Runs it, with the charts at tables (NULL: the data's). 0 done, 1 refused, 2 bad options. */
int siege_game_io(int argc, char **argv, const char *tables, FILE *out, FILE *err);

#endif
