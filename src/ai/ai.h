/* ai: computer players. They see the game only through the rules interface (actions(),
 * apply() and read-only state), exactly as a human front end does. */
#ifndef CRIMEA_AI_H
#define CRIMEA_AI_H

#include "../games/rules.h"

enum ai_kind { AI_NONE, AI_RANDOM };

/* Parses "random"; returns -1 if unknown. */
int ai_parse(const char *name);
const char *ai_name(int kind);
/* Chooses an action for the deciding side into *out. Returns 0, or -1 if there is none.
 * Uses only g->ai for randomness, so rulings' dice are never disturbed. */
int ai_choose(int kind, struct game *g, struct action *out);

#endif
