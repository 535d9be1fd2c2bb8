/* players: a game record's "players" line as computer players. The record (src/games) keeps
 * who plays each side as text and checks only its form; this is where the text is read as a
 * player (ai_seat_parse, src/ai) and written from one (ai_player_name), so that the games
 * layer need not know the computer players. */
#ifndef CRIMEA_PLAYERS_H
#define CRIMEA_PLAYERS_H

#include "../ai/ai.h"
#include "../core/err.h"
#include "../games/record.h"

/* The players of r's "players" line by side of s into out[2] ("human": AI_NONE, a person):
 * 1, or 0 when r has no such line (out untouched), or -1 with e set at file:(the line's line)
 * when it names a player that is none ("unknown player \"search:0\" for russian (...)", the
 * first such entry of the line) or a side s does not have (rec_players). */
int players_from_record(const struct record *r, const struct scenario *s, struct ai_player out[2],
			const char *file, struct err *e);
/* Sets r's "players" line to p[2], side by side of s (rec_set_players with their names).
 * 0, or -1 (the line left as it was) when a side's name cannot be written on it. */
int players_to_record(struct record *r, const struct scenario *s, const struct ai_player p[2]);

#endif
