/* complete: what the word being typed at `crimea play`'s prompt may become (tab completion).
 * The candidates come from the game itself, through the common rule-system interface: the
 * prompt's own commands, and the next word of every legal action's text form whose earlier
 * words are the ones typed ("move " offers the units that may move, "move sous1 " their
 * hexes), so any rule system gets it and it never offers an illegal action. */
#ifndef CRIMEA_COMPLETE_H
#define CRIMEA_COMPLETE_H

#include <stddef.h>

#include "../games/rules.h"

#define COMPLETE_MAX 512  /* candidates kept (a Movement Phase's units, one unit's hexes) */
#define COMPLETE_WORD 64  /* bytes a candidate may take, with its NUL */

struct complete_list {
	int n;        /* candidates kept in word[], sorted, each once */
	int more;     /* nonzero when candidates were left out (more than COMPLETE_MAX) */
	size_t start; /* where the word being completed begins in the line */
	char word[COMPLETE_MAX][COMPLETE_WORD];
};

/* The prompt's commands (besides actions), in the order help lists them; NULL-terminated. */
extern const char *const complete_commands[];

/* Fills out with the candidates for the last word of line (the text before the cursor; a
 * line ending in a space completes a new, empty word): the first word from the commands and
 * the legal actions' first words; after "actions" a unit the legal actions name; after "hint"
 * a computer player (random, greedy, greedy:PLAN, search); after "units" a side; after "odds"
 * an action whose odds can be given, in this phase or a later one of this player-turn (or
 * the next, when this one has none), as game_odds_plan looks ahead; otherwise the next word
 * of the legal actions that begin with the words typed. g is not changed. Returns out->n, or
 * -1 when out of memory (out->n is then 0). */
int complete_line(const struct game *g, const char *line, struct complete_list *out);

/* The longest prefix every candidate shares, into buf[n]; its length. */
size_t complete_common(const struct complete_list *l, char *buf, size_t n);

#endif
