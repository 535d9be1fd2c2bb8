/* refshell: a referee's session on one game file, `crimea referee cotlb shell --game FILE` or
 * `crimea referee siege shell --game FILE`: each line is a `crimea referee SYSTEM` command
 * without its first words or --game (`fire --firer 93rd --at kiev1 --dice 6,5,1`), run on the
 * game file as the command would run it. On a terminal with line editing and tab completion of
 * commands, options and what each option takes (unit ids, places...); from a pipe, plain lines
 * (scripts and tests). */
#ifndef CRIMEA_REFSHELL_H
#define CRIMEA_REFSHELL_H

#include "../games/cotlb/croster.h"
#include "complete.h"

/* What a session knows of its rule system. */
struct rshell_spec {
	const char *sys;                   /* argv[1] of its commands: "cotlb", "siege" */
	const char *title;                 /* the game's, for the greeting */
	const char *const *commands;       /* the first words, NULL-terminated */
	const char *const *options;        /* every option, NULL-terminated */
	const char *const *no_game;        /* commands that take no --game (NULL-terminated) */
	const char *tables;                /* a --tables FILE every command is given, or NULL */
	/* offers (rshell_offer) what option prev takes that starts with word; ctx its data */
	void (*values)(const void *ctx, const char *prev, const char *word, struct complete_list *out);
	const void *ctx;
};

/* Adds word to out if it starts with prefix (once). */
void rshell_offer(struct complete_list *out, const char *word, const char *prefix);

/* Runs the session until "quit" or the end of the input; argv0 is the program's (for its data
 * directory). Returns 0, or 1 when any command failed (or out of memory). */
int rshell_run(const char *argv0, const char *gamepath, const struct rshell_spec *s);

/* The Charge of the Light Brigade session's spec, on order of battle o. */
void rshell_cotlb(const struct cros_oob *o, struct rshell_spec *s);

#endif
