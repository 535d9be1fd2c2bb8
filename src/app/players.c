/* players: a game record's "players" line read and written as computer players. */
#include "players.h"

#include <string.h>

/* every name ai_player_name writes has room on the line */
_Static_assert(AI_PLAYER_NAME_MAX <= REC_PLAYER_MAX, "a player's name must fit a record's players line");

int players_from_record(const struct record *r, const struct scenario *s, struct ai_player out[2],
			const char *file, struct err *e)
{
	const char *name[2];
	struct ai_player p;
	int rc;

	/* in the line's order, so that the error names its first bad entry */
	for (int i = 0; i < r->nseat; i++)
		if (ai_seat_parse(r->seat[i].player, &p) != 0)
			return err_set(e, file, r->seat_line, "unknown player \"%s\" for %s (human, random, greedy,"
				       " search, search:N with 1 <= N <= %d, or greedy:PLAN)", r->seat[i].player, r->seat[i].side,
				       AI_SEARCH_BUDGET_MAX);
	rc = rec_players(r, s, name, file, e);
	if (rc <= 0)
		return rc;
	for (int k = 0; k < 2; k++)
		(void)ai_seat_parse(name[k], &out[k]); /* every name parsed above */
	return 1;
}

int players_to_record(struct record *r, const struct scenario *s, const struct ai_player p[2])
{
	char buf[2][AI_PLAYER_NAME_MAX];
	const char *name[2] = {ai_player_name(&p[0], buf[0]), ai_player_name(&p[1], buf[1])};

	return rec_set_players(r, s, name);
}
