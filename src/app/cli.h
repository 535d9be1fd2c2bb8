/* cli: helpers shared by the crimea sub-commands. */
#ifndef CRIMEA_CLI_H
#define CRIMEA_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "../core/err.h"
#include "../games/rules.h"

void cli_print_errs(const struct errlist *l);
void cli_print_err(const struct err *e);
/* The referee commands' refusal of their options: "crimea referee: MESSAGE" on err; returns 2. */
int cli_fail(FILE *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An error as the commands print it ("crimea: file:line: message") on f. */
void cli_print_err_to(FILE *f, const struct err *e);
/* A whole number from lo to hi, all of s, into *out. */
bool cli_int(const char *s, int lo, int hi, int *out);
/* Prints text and returns true if argv holds --help or -h. */
bool cli_help(int argc, char **argv, const char *text);
/* The threads a computer player's search may think on where a person waits (play, serve):
 * CRIMEA_THREADS (1 .. AI_THREADS_MAX; anything else is reported on stderr and gives 1), else
 * the processors online, at most AI_THREADS_MAX. The choices are the same for any number. */
int cli_think_threads(void);
/* Loads a scenario by id or path; prints problems. */
int cli_open(const char *argv0, const char *name, struct scenario *s);
struct record;
/* Is what (a SCENARIO|RECORD.rec argument) a game record's path? */
bool cli_is_record(const char *what);
/* Loads the game record at path, opens its scenario into s, checks its "players" line (known
 * players, the scenario's sides: the same for play, replay, odds and show) and replays the
 * record into g (comparing every player-turn's checksum with verify). On failure prints the
 * error (file:line), frees what it opened (rec, s: freeing them again is harmless) and
 * returns -1. */
int cli_load_record(const char *argv0, const char *path, bool verify, struct record *rec, struct scenario *s,
		    struct game *g);

int cmd_los(int argc, char **argv);
int cmd_path(int argc, char **argv);
int cmd_odds(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_referee(int argc, char **argv);
/* crimea referee siege ...: Sevastopol's charts (cmd_siege.c) */
int cmd_referee_siege(int argc, char **argv);
/* crimea referee ulm ...: From Ulm to Waterloo's morale rules (cmd_ulm.c) */
int cmd_referee_ulm(int argc, char **argv);
/* The same two commands writing to out and err instead of the terminal (the server's
 * /api/referee/siege and /api/referee/ulm): argv as the command's ("crimea", "siege", WHAT,
 * options...). Returns the command's exit status: 0, 1 (refused by the rules), 2 (bad options). */
int referee_siege_io(int argc, char **argv, FILE *out, FILE *err);
int referee_ulm_io(int argc, char **argv, FILE *out, FILE *err);
int cmd_replay(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_sim(int argc, char **argv);

#endif
