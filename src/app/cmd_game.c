/* cmd_game: the sub-commands that run a game: play (terminal), replay, los, path, odds. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../ai/ai.h"
#include "../games/quad/qbattle.h"
#include "../games/record.h"
#include "../hex/hex.h"
#include "cli.h"
#include "gamelog.h"
#include "players.h"
#include "prompt.h"
#include "stopsig.h"

#define EVMAX 256

static void print_events(const struct evsink *s)
{
	for (int i = 0; i < s->n; i++) {
		const struct event *e = &s->ev[i];
		printf("  %s%s%s\n", e->rule, e->rule[0] ? " " : "", e->text);
	}
	if (s->dropped)
		printf("  (%d more events)\n", s->dropped);
}

/* (cli.h) */
int cli_load_record(const char *argv0, const char *path, bool verify, struct record *rec, struct scenario *s,
		    struct game *g)
{
	struct err e;
	struct ai_player who[2];

	if (rec_load(rec, path, &e) != 0) { /* frees rec itself */
		cli_print_err(&e);
		return -1;
	}
	if (cli_open(argv0, rec->scenario, s) != 0) {
		rec_free(rec);
		return -1;
	}
	if (players_from_record(rec, s, who, path, &e) < 0 || rec_replay(rec, s, g, verify, path, &e) != 0) {
		cli_print_err(&e);
		scenario_free(s);
		rec_free(rec);
		return -1;
	}
	return 0;
}

/* (cli.h) */
bool cli_is_record(const char *what)
{
	size_t l = strlen(what);
	return l > 4 && !strcmp(what + l - 4, ".rec");
}

static int open_game(const char *argv0, const char *what, uint64_t seed, enum dice_mode dm,
		     uint32_t options, struct scenario *s, struct game *g, struct record *rec)
{
	struct err e;

	if (cli_is_record(what))
		return cli_load_record(argv0, what, true, rec, s, g);
	if (cli_open(argv0, what, s) != 0)
		return -1;
	if (game_init(g, s, seed, dm, options, &e) != 0) {
		cli_print_err(&e);
		return -1;
	}
	rec_init(rec, g);
	return 0;
}

static int parse_seed(const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	*out = strtoull(s, &end, 10);
	return (*s && !*end && !errno) ? 0 : -1;
}

static const char play_help[] =
	"usage: crimea play SCENARIO|RECORD.rec [options]\n"
	"  (a RECORD.rec resumes the game with the players it names, who go on where they were;\n"
	"  any --ai replaces them all: a side it does not name is then a person's. The record\n"
	"  keeps its seed, dice and optional rules: --seed, --dice and --option are refused)\n"
	"  --seed N            dice seed (default 1; the same seed and actions replay exactly)\n"
	"  --dice manual       ask for every die (a referee's real dice); the record keeps them\n"
	"  --ai SIDE=PLAYER    let the computer play a side, or both (PLAYER: random, greedy,\n"
	"                      search, or search:N, N rollouts a decision: more is stronger and\n"
	"                      slower; 60; in a Sevastopol game N/10 games of each greedy plan a\n"
	"                      player-turn, and N in all over a storm's or an assault's choices;\n"
	"                      in a CotLB game N/12 rollouts of each greedy plan a player-turn),\n"
	"                      greedy:PLAN (greedy with one of its plans for the\n"
	"                      game's rule system: " AI_PLAN_LIST "),\n"
	"                      or human\n"
	"                      (a person plays it)\n"
	"  --save FILE.rec     keep the game record there, rewritten atomically after every action\n"
	"                      of a person's; a computer player's are written with the next of\n"
	"                      these: the end of its player-turn, a second after the last write,\n"
	"                      a person's turn to act, the game's end; ^C (or SIGTERM, SIGHUP)\n"
	"                      while the computer plays stops after its action, the save\n"
	"                      written (a second ^C stops at once)\n"
	"  --option ID         an optional rule (repeatable; or a comma list): 11.27; Inkerman\n"
	"                      23.1 ... 28.2, a group 23 ... 28, or all (docs/RULES.md)\n"
	"  --until-over        with computer players for both sides (--ai, or a record's): play to\n"
	"                      the end without a prompt\n"
	"Commands at the prompt: an action (move UNIT HEX, fire UNIT > HEX, melee U1,U2 > HEX,\n"
	"retreat UNIT HEX..., advance UNIT HEX..., rally UNIT, enter UNIT HEX, end; in a Charge of\n"
	"the Light Brigade game: first SIDE, fire U T [pivot], charge U T, resolve U T, move U toward T,\n"
	"move U X Y [FACING], reform U FORMATION, turn U FACING, rally U, reinforce U D, join U D,\n"
	"advance U, end; in a Sevastopol game: intervene BATTLE, takeoff U, replace U PLACE, convert U,\n"
	"move U PLACE (PLACE: map, a Siege Area, a bastion, balaclava-box, kameitch-box,\n"
	"north-shore-box), bombard U AREA:BASTION, dig AREA:BASTION, repair AREA:BASTION,\n"
	"link AREA NATION, storm BASTION BRIGADE, fortify BASTION, and in an assault go, abort,\n"
	"fire U T, melee T, man U, withdraw U, reserve U BASTION; end), or\n"
	"  actions [UNIT] | odds ACTION | hint [PLAYER] | map | hex HEX | units [SIDE] | show |\n"
	"  status | score | schedule | log | undo | save [FILE] | help | quit\n"
	"  (hex: its terrain, hexsides, units and zones of control; units: each unit where it\n"
	"  stands, disrupted ones marked, those to enter and those gone; log: the game so far,\n"
	"  action by action with every ruling (as crimea replay --log); score: each side's victory\n"
	"  points so far, line by line of the schedule; schedule: every item of it, scoring or\n"
	"  not, with its case; odds: the chances of a fire or melee, in a later phase if this\n"
	"  one does not allow it, the units where they stand; hint: what a computer player,\n"
	"  greedy unless named (search, search:20, greedy:cautious ...), would play now, the game\n"
	"  unchanged)\n"
	"On a terminal the tab key completes what you type from the legal actions (\"mo\" tab:\n"
	"\"move \"; tab again: the units that may move; a unit, tab: its hexes), and the up\n"
	"arrow brings back earlier lines, of this game and earlier ones (^R searches them; they\n"
	"are kept in $CRIMEA_HISTORY, else ~/.crimea_history).\n"
	"Search thinks on every processor (CRIMEA_THREADS=N: N of them, 1 to 16), choosing what it\n"
	"would on one.\n";

struct session {
	const char *argv0;
	struct scenario s;
	struct game g;
	struct record rec;
	struct ai_player ai[2]; /* kind AI_NONE: a person plays the side */
	const char *save;
	struct prompt *prompt;  /* the person's lines (and dice) */
	bool unsaved;           /* actions in the record that the save file does not have yet */
	struct timespec saved;  /* when the save file was last written (CLOCK_MONOTONIC) */
	struct stopsig stop;    /* with a save file, a signal in the computer's play stops it
				 * after its action, the save written (armed only then: a person
				 * asked has every action in the save already) */
};

static int save_rec(struct session *S, const char *path)
{
	struct err e;
	if (rec_save(&S->rec, path, &e) != 0) {
		cli_print_err(&e);
		return -1;
	}
	if (S->save && path == S->save) {
		S->unsaved = false;
		clock_gettime(CLOCK_MONOTONIC, &S->saved);
	}
	return 0;
}

/* Writes the save file (--save) if it lacks actions of the record: at once when now, else only
 * once a second has passed since its last write. A person's action is written at once. A
 * computer player's waits for the end of its player-turn, a person's turn or the game's end
 * (now), or that second: each write is a whole record made safe on disk (fsync), and a game of
 * computer players would spend most of its time writing (some 1,200 writes and 4.5 s for a
 * random Balaclava game whose play takes 0.08 s). A crash loses no more than that second, or
 * that player-turn, of the computer's play; the file is never torn. */
static void keep_save(struct session *S, bool now)
{
	struct timespec t;
	if (!S->save || !S->unsaved)
		return;
	if (!now) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - S->saved.tv_sec) * 1000000000L + (t.tv_nsec - S->saved.tv_nsec) < 1000000000L)
			return;
	}
	save_rec(S, S->save);
}

/* Before a person is asked (for an action or a die): the computer's actions written, and a
 * stop signal back to what it did, since the save now has every action. */
static void person_asked(struct session *S)
{
	keep_save(S, true);
	stopsig_disarm(&S->stop);
}

/* Before a manual die: the odds of the action about to roll (a fire or melee), die by die, so
 * that the table's referee reads the result off the roll at once; nothing for other rolls. */
static void dice_odds(const struct game *g, const char *text)
{
	struct action a;
	struct err e;
	char *buf = malloc(16384);
	if (buf && g->rules->odds && g->rules->parse(g, text, &a, &e) == 0 &&
	    g->rules->odds(g, &a, buf, 16384, &e) == 0)
		printf("what the die decides:\n%s", buf);
	free(buf);
}

/* Applies text; with manual dice asks for each die the action needs and reads it from the
 * input, a terminal or not (a referee's script or another program may pipe the dice in with
 * the actions). Returns 0 on success. */
static int do_action(struct session *S, const char *text, bool person)
{
	struct game *g = &S->g;
	struct event evs[EVMAX];
	struct evsink sink;
	struct err e;
	int dice[DICE_PER_ACTION], nd = 0, pt = g->rules->player_turn(g), rc;

	evsink_init(&sink, evs, EVMAX);
	for (;;) {
		rc = game_apply_text(g, text, dice, nd, &sink, &e);
		if (rc != DICE_NEED)
			break;
		if (nd >= DICE_PER_ACTION) { /* (a rules bug: no action takes more) */
			fprintf(stderr, "crimea: \"%s\" asks for more than %d dice\n", text, DICE_PER_ACTION);
			return -1;
		}
		if (nd == 0) { /* what each die would do, for the referee to check and announce */
			dice_odds(g, text);
			person_asked(S);
		}
		char ask[ACTION_TEXT_MAX + 32], line[64];
		snprintf(ask, sizeof ask, "die %d for \"%s\"? ", nd + 1, text);
		if (prompt_read(S->prompt, ask, false, line, sizeof line) < 0) {
			fprintf(stderr, "\ncrimea: the input ended before die %d for \"%s\" was given\n", nd + 1, text);
			return -1;
		}
		int v = atoi(line);
		if (v < 1 || v > 6) {
			printf("a die is 1-6\n");
			continue;
		}
		dice[nd++] = v;
	}
	if (rc != 0) {
		printf("refused: %s\n", e.msg);
		return -1;
	}
	print_events(&sink);
	rec_append(&S->rec, g, text, pt);
	S->unsaved = true;
	keep_save(S, person || g->rules->player_turn(g) != pt);
	return 0;
}

/* Whether text names unit (a whole word), for `actions UNIT`. */
static bool names_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
		bool start = p == text || p[-1] == ' ' || p[-1] == ',';
		bool end = p[n] == '\0' || p[n] == ' ' || p[n] == ',';
		if (start && end)
			return true;
	}
	return false;
}

static int cmp_text(const void *x, const void *y)
{
	return strcmp(x, y);
}

/* Prints the legal actions (those naming only, when not NULL). Consecutive ones that differ
 * only in their last word ("move sous1 0502", "move sous1 0503", ...) are printed as one
 * line, "move sous1 HEX   where HEX is one of: 0502 0503 ...", so that a Movement Phase's
 * hundreds of moves read unit by unit. */
static void list_actions(struct game *g, const char *only)
{
	int cap = 4096;
	if (only && !only[0])
		only = NULL; /* "actions " with nothing after it: all of them */
	struct action *a = malloc((size_t)cap * sizeof *a);
	char (*text)[ACTION_TEXT_MAX] = malloc((size_t)cap * sizeof *text);
	int n;
	if (!a || !text) {
		free(a);
		free(text);
		return;
	}
	n = g->rules->actions(g, a, cap);
	int m = 0;
	for (int i = 0; i < n && i < cap; i++) {
		g->rules->format(g, &a[i], text[m], sizeof text[m]);
		if (!only || names_word(text[m], only))
			m++;
	}
	for (int i = 0; i < m;) {
		const char *last = strrchr(text[i], ' ');
		size_t plen = last ? (size_t)(last - text[i]) : 0;
		int j = i + 1;
		if (last && memchr(text[i], ' ', plen)) /* (a prefix of two words or more) */
			while (j < m && strlen(text[j]) > plen && !strncmp(text[j], text[i], plen + 1) &&
			       !strchr(text[j] + plen + 1, ' '))
				j++;
		if (j - i < 3) { /* one or two: as they are */
			for (; i < j; i++)
				printf("  %s\n", text[i]);
			continue;
		}
		bool hexes = true;
		for (int k = i; k < j; k++) {
			int h;
			if (!hex_parse(text[k] + plen + 1, &h))
				hexes = false;
		}
		const char *what = hexes ? "HEX" : "X";
		int col = printf("  %.*s %s   where %s is one of:", (int)plen, text[i], what, what);
		/* in order (hex numbers: by column, then row), so that a hex is found at a glance */
		for (int k = i; k < j; k++)
			memmove(text[k], text[k] + plen + 1, strlen(text[k] + plen + 1) + 1);
		qsort(text[i], (size_t)(j - i), sizeof text[i], cmp_text);
		for (int k = i; k < j; k++) {
			const char *w = text[k];
			if (col + 1 + (int)strlen(w) > 96)
				col = printf("\n     ") - 1;
			col += printf(" %s", w);
		}
		printf("\n");
		i = j;
	}
	if (only)
		printf("(%d legal action%s name %s, of %d)\n", m, m == 1 ? "" : "s", only, n);
	else
		printf("(%d legal action%s)\n", n, n == 1 ? "" : "s");
	if (n > cap)
		printf("(only the first %d are listed)\n", cap);
	free(text);
	free(a);
}

static int undo(struct session *S)
{
	struct err e;
	if (S->rec.nact == 0) {
		printf("nothing to undo\n");
		return -1;
	}
	struct rec_action *last = &S->rec.act[S->rec.nact - 1];
	if (last->ndice) {
		printf("undo stops at a die roll (DESIGN: undo back to the last die roll)\n");
		return -1;
	}
	/* replay all but the last action; refuse if the deciding side changed */
	struct game *g2 = malloc(sizeof *g2);
	struct record r2 = S->rec;
	if (!g2)
		return -1;
	r2.nact--;
	while (r2.nchk > 0 && r2.chk[r2.nchk - 1].after > r2.nact)
		r2.nchk--;
	if (rec_replay(&r2, &S->s, g2, false, NULL, &e) != 0) {
		cli_print_err(&e);
		free(g2);
		return -1;
	}
	if (g2->rules->to_act(g2) != S->g.rules->to_act(&S->g)) {
		printf("undo stops where the deciding side changed\n");
		free(g2);
		return -1;
	}
	g2->memo = S->g.memo; /* the computer players' memo stays with the session */
	g2->ai_scratch = S->g.ai_scratch; /* and their scratch */
	S->g = *g2;
	S->rec.nact = r2.nact;
	S->rec.nchk = r2.nchk;
	free(g2);
	printf("undone: %s\n", last->text);
	if (S->save)
		save_rec(S, S->save);
	return 0;
}

/* --ai SIDE=PLAYER (all of them; checked when read): each side named, or both, gets its
 * player; a side not named is a person's. 0, or -1 after saying which side is unknown. */
static int match_ai(struct session *S, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		char tmp[64], *eq;
		int side = -1;
		if (strcmp(argv[i], "--ai") || i + 1 >= argc)
			continue;
		snprintf(tmp, sizeof tmp, "%s", argv[i + 1]);
		eq = strchr(tmp, '=');
		if (!eq)
			continue;
		*eq = '\0';
		for (int k = 0; k < 2; k++)
			if (!strcmp(tmp, S->s.side[k]))
				side = k;
		if (!strcmp(tmp, "both") || !strcmp(tmp, "all")) { /* as crimea sim takes it */
			(void)ai_seat_parse(eq + 1, &S->ai[0]); /* checked when read */
			S->ai[1] = S->ai[0];
			continue;
		}
		if (side < 0) {
			fprintf(stderr, "crimea play: no side \"%s\" (%s, %s or both)\n", tmp, S->s.side[0], S->s.side[1]);
			return -1;
		}
		(void)ai_seat_parse(eq + 1, &S->ai[side]); /* checked when read */
	}
	for (int k = 0; k < 2; k++)
		if (S->ai[k].plan[0] && !ai_player_fits(&S->ai[k], S->s.rules)) { /* (a plan is greedy's: it knows them all) */
			char list[256];
			fprintf(stderr, "crimea play: %s is not one of greedy's plans for %s, a %s game (%s)\n", S->ai[k].plan,
				S->s.id, S->s.rules->id, ai_plan_list(S->s.rules, list, sizeof list));
			return -1;
		}
	for (int k = 0; k < 2; k++)
		if (!ai_knows(S->ai[k].kind, S->s.rules)) {
			fprintf(stderr, "crimea play: %s is a %s game: the %s player does not know it\n",
				S->s.id, S->s.rules->id, ai_name(S->ai[k].kind));
			return -1;
		}
	return 0;
}

/* Without --ai: the players of the record's "players" line, if it has one (cli_load_record has
 * checked it), said on stderr so that the user knows who moves; otherwise both sides are
 * people's, as before records said who played. 0, or -1 (cannot happen after cli_load_record). */
static int record_players(struct session *S, const char *what)
{
	struct err e;
	char who[2][AI_PLAYER_NAME_MAX];
	int rc = players_from_record(&S->rec, &S->s, S->ai, what, &e);

	if (rc < 0) {
		cli_print_err(&e);
		return -1;
	}
	if (rc > 0)
		fprintf(stderr, "crimea play: resuming with %s=%s %s=%s (from the record; give --ai to change)\n",
			S->s.side[0], ai_player_name(&S->ai[0], who[0]), S->s.side[1], ai_player_name(&S->ai[1], who[1]));
	return 0;
}

/* Prints odds as game_odds_plan gives them: the phase they are for on a line first, when not
 * this one's. */
static void print_odds(const char *phase, const char *odds)
{
	if (phase[0])
		printf("%s:\n", phase);
	fputs(odds, stdout);
}

/* The prompt's odds of text: in the action's own phase, or planned ahead (game_odds_plan). */
static void odds_prompt(const struct game *g, const char *text, char *buf, size_t n)
{
	struct action a;
	struct err e;
	char phase[256];

	if (g->rules->parse(g, text, &a, &e) != 0 || game_odds_plan(g, &a, buf, n, phase, sizeof phase, &e) != 0)
		printf("%s\n", e.msg);
	else
		print_odds(phase, buf);
}

/* o's string member k, or "" */
static const char *jstr(const json_t *o, const char *k)
{
	const char *v = json_string_value(json_object_get(o, k));
	return v ? v : "";
}

/* One side's units for the prompt's units (side: a side name), from the rules' JSON views:
 * each unit on the map with its name, type, values (its back when disrupted) and hex, then
 * those still to enter (with their Game-Turn), those out of play (eliminated, exited) and
 * those not in this game (left out by an optional rule, or waiting for an event). */
static void units_of_side(const json_t *defs, const json_t *state, const char *side)
{
	static const char *const group[3][2] = {{"off", "to enter"},
						 {"eliminated", "out of play (eliminated or exited)"},
						 {"absent", "not in this game now"}};
	const json_t *units = json_object_get(state, "units");
	size_t i;
	json_t *d;
	int on = 0;

	printf("%s:\n", side);
	json_array_foreach(defs, i, d) {
		const json_t *u = json_array_get(units, i); /* (both in the scenario's order) */
		if (strcmp(jstr(d, "side"), side) || strcmp(jstr(u, "state"), "on"))
			continue;
		bool dis = json_is_true(json_object_get(u, "disrupted"));
		printf("  %-12s %-22s %-5s %-9s %s%s\n", jstr(d, "id"), jstr(d, "name"), jstr(d, "type"),
		       jstr(d, dis ? "back" : "front"), jstr(u, "hex"), dis ? "  disrupted" : "");
		on++;
	}
	printf("  (%d on the map)\n", on);
	for (int k = 0; k < 3; k++) {
		int col = 0;
		json_array_foreach(defs, i, d) {
			const json_t *u = json_array_get(units, i), *en = json_object_get(d, "enter");
			char one[64];
			if (strcmp(jstr(d, "side"), side) || strcmp(jstr(u, "state"), group[k][0]))
				continue;
			if (!col)
				col = printf("  %s:", group[k][1]);
			if (k == 0 && en && jstr(en, "condition")[0])
				snprintf(one, sizeof one, " %s (once %s is met)", jstr(d, "id"), jstr(en, "condition"));
			else if (k == 0 && en)
				snprintf(one, sizeof one, " %s (turn %d)", jstr(d, "id"),
					 (int)json_integer_value(json_object_get(en, "turn")));
			else
				snprintf(one, sizeof one, " %s", jstr(d, "id"));
			if (col + (int)strlen(one) > 96)
				col = printf("\n   ") - 1;
			col += printf("%s", one);
		}
		if (col)
			printf("\n");
	}
}

/* The prompt's units [SIDE]: every unit of each side (or of the one named) where it stands. */
static void units_prompt(const struct session *S, const char *side)
{
	const struct game *g = &S->g;
	json_t *scn, *state;

	if (!g->rules->units && (!g->rules->json_scenario || !g->rules->json_state)) {
		printf("this rule system lists no units\n");
		return;
	}
	if (side[0] && strcmp(side, S->s.side[0]) && strcmp(side, S->s.side[1])) {
		printf("units [SIDE]: SIDE is %s or %s\n", S->s.side[0], S->s.side[1]);
		return;
	}
	if (g->rules->units) {
		char *buf = malloc(65536);
		if (!buf) {
			printf("out of memory\n");
			return;
		}
		g->rules->units(g, !side[0] ? -1 : !strcmp(side, S->s.side[0]) ? 0 : 1, buf, 65536);
		fputs(buf, stdout);
		free(buf);
		return;
	}
	scn = g->rules->json_scenario(&S->s);
	if (scn && !json_is_object(json_object_get(scn, "map"))) { /* shown as text: show draws them */
		printf("the units stand where show draws them\n");
		json_decref(scn);
		return;
	}
	state = g->rules->json_state(g, -1);
	if (scn && state)
		for (int k = 0; k < 2; k++)
			if (!side[0] || !strcmp(side, S->s.side[k]))
				units_of_side(json_object_get(scn, "units"), state, S->s.side[k]);
	json_decref(scn);
	json_decref(state);
}

/* The prompt's hint: what a computer player (who: a player spec, greedy by default) would
 * play now as the side to act; the game does not change (ai_player_hint). */
static void hint(const struct game *g, const char *who)
{
	struct ai_player p;
	struct action a;
	char text[ACTION_TEXT_MAX], name[AI_PLAYER_NAME_MAX];

	if (ai_player_parse(who, &p) != 0) {
		printf("hint [PLAYER]: PLAYER is random, greedy, greedy:PLAN (%s), search or search:N\n",
		       AI_PLAN_LIST);
		return;
	}
	if (!ai_knows(p.kind, g->rules)) {
		printf("hint: the %s player does not know this game (hint greedy, or random, plays it)\n", ai_name(p.kind));
		return;
	}
	if (ai_player_hint(&p, g, true, &a) != 0) {
		printf("no legal action\n");
		return;
	}
	g->rules->format(g, &a, text, sizeof text);
	printf("%s would play: %s\n", ai_player_name(&p, name), text);
}

/* Where the prompt keeps its history: $CRIMEA_HISTORY ("" for nowhere), else
 * $HOME/.crimea_history; into buf[n]. */
static const char *history_path(char *buf, size_t n)
{
	const char *env = getenv("CRIMEA_HISTORY"), *home = getenv("HOME");
	if (env)
		snprintf(buf, n, "%s", env);
	else if (home && home[0])
		snprintf(buf, n, "%s/.crimea_history", home);
	else
		buf[0] = '\0';
	return buf;
}

/* The map's drawing flags: colours at a terminal, unless NO_COLOR is set (no-color.org). */
static unsigned map_flags(const struct session *S)
{
	const char *no = getenv("NO_COLOR");
	return prompt_editing(S->prompt) && !(no && no[0]) ? DRAW_COLOR : 0;
}

/* The prompt's completion (prompt_complete_fn): candidates from the game at ctx. */
static int complete_game(void *ctx, const char *line, struct complete_list *out)
{
	return complete_line(ctx, line, out);
}

int cmd_play(int argc, char **argv)
{
	struct session *S = calloc(1, sizeof *S);
	uint64_t seed = 1;
	enum dice_mode dm = DICE_RNG;
	uint32_t options = 0;
	const char *what = NULL;
	bool until_over = false, ai_given = false;
	const char *fixed = NULL; /* the last of --seed, --dice, --option given (a new game's) */
	int rc = 1;
	char *buf = NULL, hist[1024];

	if (!S)
		return 1;
	if (cli_help(argc, argv, play_help)) {
		free(S);
		return 0;
	}
	S->argv0 = argv[0];
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
			fixed = argv[i];
			if (parse_seed(argv[++i], &seed) != 0) {
				fprintf(stderr, "crimea play: bad seed %s\n", argv[i]);
				goto out;
			}
		} else if (!strcmp(argv[i], "--dice") && i + 1 < argc) {
			fixed = argv[i++];
			if (!strcmp(argv[i], "manual"))
				dm = DICE_MANUAL;
			else if (strcmp(argv[i], "rng")) {
				fprintf(stderr, "crimea play: --dice is manual or rng\n");
				goto out;
			}
		} else if (!strcmp(argv[i], "--ai") && i + 1 < argc) {
			const char *eq = strchr(argv[++i], '=');
			struct ai_player p;
			if (!eq || ai_seat_parse(eq + 1, &p) != 0) {
				fprintf(stderr, "crimea play: --ai SIDE=PLAYER (PLAYER: random, greedy, search, "
					"search:N with 1 <= N <= %d, greedy:PLAN with PLAN one of " AI_PLAN_LIST
					", or human)\n", AI_SEARCH_BUDGET_MAX);
				goto out;
			}
			ai_given = true; /* the side is matched once the scenario is loaded (match_ai) */
		} else if (!strcmp(argv[i], "--save") && i + 1 < argc) {
			S->save = argv[++i];
		} else if (!strcmp(argv[i], "--option") && i + 1 < argc) {
			char list[128], *save = NULL;
			fixed = argv[i];
			snprintf(list, sizeof list, "%s", argv[++i]);
			for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
				uint32_t b = q_option_bits(t);
				if (!b) {
					fprintf(stderr, "crimea play: unknown option %s (11.27, 23.1 ... 28.2, 23 ... 28, all)\n", t);
					goto out;
				}
				options |= b;
			}
		} else if (!strcmp(argv[i], "--until-over")) {
			until_over = true;
		} else if (argv[i][0] != '-' && !what) {
			what = argv[i];
		} else {
			fprintf(stderr, "crimea play: unexpected argument %s\n%s", argv[i], play_help);
			goto out;
		}
	}
	if (!what) {
		fputs(play_help, stderr);
		goto out;
	}
	if (fixed && cli_is_record(what)) {
		/* a record replays with its own seed, dice and options; taking others silently
		 * would play a game its record does not describe */
		fprintf(stderr, "crimea play: %s applies to a new game; %s keeps its own seed, dice and optional rules\n",
			fixed, what);
		goto out;
	}
	if (open_game(argv[0], what, seed, dm, options, &S->s, &S->g, &S->rec) != 0)
		goto out;
	/* speeds the computer players' look at many positions; changes no choice (test_quad_sample) */
	S->g.memo = S->s.rules->memo_new ? S->s.rules->memo_new(&S->s) : NULL;
	S->g.ai_scratch = ai_scratch_new(&S->s); /* the same: NULL is slower, not different */
	if (S->g.ai_scratch) /* search thinks on the machine's cores while a person waits: the same choices */
		ai_scratch_threads(S->g.ai_scratch, cli_think_threads());
	if (ai_given ? match_ai(S, argc, argv) != 0 : record_players(S, what) != 0)
		goto out;
	/* the record keeps who plays now, so that resuming it needs no --ai */
	if (players_to_record(&S->rec, &S->s, S->ai) != 0)
		fprintf(stderr, "crimea play: the side names of %s cannot be written on a \"players\" line; the record"
			" will not say who played\n", S->s.id);
	buf = malloc(1 << 20);
	S->prompt = prompt_new("crimea", complete_game, &S->g, history_path(hist, sizeof hist));
	if (!buf || !S->prompt)
		goto out;
	clock_gettime(CLOCK_MONOTONIC, &S->saved); /* a second from now, at the latest, the first write */
	if (!until_over) {
		S->g.rules->draw(&S->g, buf, 1 << 20, map_flags(S));
		fputs(buf, stdout);
	}
	for (;;) {
		struct result res;
		char status[256], ask[sizeof status + SIDE_NAME_MAX + 16], line[1024];
		struct game *g = &S->g;
		if (g->rules->over(g, &res)) {
			printf("Game over: %s\n", res.level);
			if (game_score_text(g, buf, 1 << 20) == 0)
				fputs(buf, stdout); /* how the points were won */
			rc = 0;
			break;
		}
		int side = g->rules->to_act(g);
		if (stopsig_asked())
			break;
		if (side >= 0 && S->ai[side].kind != AI_NONE) {
			struct action a;
			char text[ACTION_TEXT_MAX], who[AI_PLAYER_NAME_MAX];
			if (S->save)
				stopsig_arm(&S->stop, "\ncrimea: stopping after the computer's action, once the"
						      " save has it (the same again stops at once)\n");
			if (ai_player_choose(&S->ai[side], g, &a) != 0) {
				fprintf(stderr, "crimea: no legal action for %s (a rules bug)\n", S->s.side[side]);
				break;
			}
			g->rules->format(g, &a, text, sizeof text);
			if (!until_over)
				printf("%s (%s): %s\n", S->s.side[side], ai_player_name(&S->ai[side], who), text);
			if (do_action(S, text, false) != 0)
				break;
			continue;
		}
		person_asked(S);
		if (stopsig_asked()) /* (a signal just before the disarm) */
			break;
		g->rules->status(g, status, sizeof status);
		snprintf(ask, sizeof ask, "%s [%s to act]> ", status, side >= 0 ? S->s.side[side] : "-");
		int got = prompt_read(S->prompt, ask, true, line, sizeof line);
		if (got < 0) {
			rc = 0;
			putchar('\n');
			break;
		}
		if (got > 0) {
			fprintf(stderr, "crimea: a line of at most %zu characters\n", sizeof line - 1);
			continue;
		}
		if (!line[0])
			continue;
		if (!strcmp(line, "quit") || !strcmp(line, "q")) {
			rc = 0;
			break;
		} else if (!strcmp(line, "help") || !strcmp(line, "?")) {
			fputs(play_help, stdout);
		} else if (!strcmp(line, "actions") || !strcmp(line, "a")) {
			list_actions(g, NULL);
		} else if (!strncmp(line, "actions ", 8)) {
			list_actions(g, line + 8);
		} else if (!strcmp(line, "map")) {
			g->rules->draw(g, buf, 1 << 20, map_flags(S));
			fputs(buf, stdout);
		} else if (!strncmp(line, "hex ", 4) && g->rules->hex_info) {
			struct err e;
			int h;
			if (!hex_parse(line + 4, &h))
				printf("\"%s\" is not a hex number (XXYY)\n", line + 4);
			else if (g->rules->hex_info(g, h, buf, 1 << 20, &e) != 0)
				printf("%s\n", e.msg);
			else
				fputs(buf, stdout);
		} else if (!strcmp(line, "show")) {
			g->rules->describe(g, buf, 1 << 20);
			fputs(buf, stdout);
		} else if (!strcmp(line, "status")) {
			printf("%s\n", status);
		} else if (!strcmp(line, "schedule")) {
			if (game_schedule_text(g, buf, 1 << 20) == 0)
				fputs(buf, stdout);
			else
				printf("this rule system keeps no score sheet\n");
		} else if (!strcmp(line, "score")) {
			if (game_score_text(g, buf, 1 << 20) == 0)
				fputs(buf, stdout);
			else
				printf("this rule system keeps no score sheet\n");
		} else if (!strcmp(line, "undo")) {
			undo(S);
		} else if (!strncmp(line, "save", 4)) {
			const char *p = line[4] == ' ' ? line + 5 : S->save;
			if (!p)
				printf("save FILE.rec\n");
			else if (save_rec(S, p) == 0)
				printf("saved %s\n", p);
		} else if (!strncmp(line, "odds ", 5)) {
			odds_prompt(g, line + 5, buf, 1 << 20);
		} else if (!strcmp(line, "log")) {
			struct err e;
			char *text;
			size_t len;
			if (glog_text(&S->rec, &S->s, &text, &len, &e) != 0) {
				printf("%s\n", e.msg);
			} else {
				fwrite(text, 1, len, stdout);
				free(text);
			}
		} else if (!strcmp(line, "units") || !strncmp(line, "units ", 6)) {
			units_prompt(S, line[5] ? line + 6 : "");
		} else if (!strcmp(line, "hint") || !strncmp(line, "hint ", 5)) {
			hint(g, line[4] ? line + 5 : "greedy");
		} else {
			do_action(S, line, true);
		}
	}
	keep_save(S, true); /* a computer player's last actions: the game over, or stopped */
	stopsig_disarm(&S->stop);
	if (stopsig_asked()) {
		int sig = stopsig_asked();
		if (S->save && !S->unsaved)
			fprintf(stderr, "crimea: stopped by signal %d; %s has all %d actions\n", sig, S->save, S->rec.nact);
		rc = 128 + sig; /* as the shell reports a process the signal stopped */
	}
out:
	free(buf);
	prompt_free(S->prompt);
	rec_free(&S->rec);
	if (S->g.memo)
		S->s.rules->memo_free(S->g.memo);
	ai_scratch_free(S->g.ai_scratch);
	scenario_free(&S->s);
	free(S);
	return rc;
}

int cmd_replay(int argc, char **argv)
{
	struct record rec;
	struct scenario s;
	struct game *g;
	bool verify = false, score = false, log = false;
	const char *path = NULL;
	int rc = 1;

	if (cli_help(argc, argv, "usage: crimea replay RECORD.rec [--verify] [--score] [--log]\n"
			       "  Re-runs a game record from its seed and actions. With --verify, compares the\n"
			       "  state checksum after every player-turn and stops with exit status 1 at the\n"
			       "  first divergence, naming the action. With --score, prints the score sheet of\n"
			       "  the position reached (each side's victory points item by item, with the case).\n"
			       "  With --log, prints the game as it went: each phase as it begins, each action\n"
			       "  numbered with the side that took it, and under it every ruling with its case\n"
			       "  and dice (to review a game, or to post it).\n"))
		return 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--verify"))
			verify = true;
		else if (!strcmp(argv[i], "--score"))
			score = true;
		else if (!strcmp(argv[i], "--log"))
			log = true;
		else if (!path)
			path = argv[i];
		else {
			fprintf(stderr, "crimea replay: unexpected argument %s\n", argv[i]);
			return 2;
		}
	}
	if (!path) {
		fprintf(stderr, "usage: crimea replay RECORD.rec [--verify] [--score] [--log]\n");
		return 2;
	}
	g = malloc(sizeof *g);
	if (!g) {
		fprintf(stderr, "crimea replay: out of memory\n");
		return 1;
	}
	if (cli_load_record(argv[0], path, verify, &rec, &s, g) == 0) {
		char status[256];
		struct result r;
		if (log) { /* the same game again, told action by action (the record is known good) */
			struct err e;
			char *text;
			size_t len;
			if (glog_text(&rec, &s, &text, &len, &e) != 0) {
				cli_print_err(&e);
				scenario_free(&s);
				rec_free(&rec);
				free(g);
				return 1;
			}
			fwrite(text, 1, len, stdout);
			free(text);
		}
		g->rules->status(g, status, sizeof status);
		printf("%s: %d actions, %d player-turn checks%s; %s\n", path, rec.nact, rec.nchk,
		       verify ? " verified" : "", status);
		if (g->rules->over(g, &r))
			printf("result: %s\n", r.level);
		char sheet[8192];
		if (score && game_score_text(g, sheet, sizeof sheet) == 0)
			fputs(sheet, stdout);
		scenario_free(&s);
		rec_free(&rec);
		rc = 0;
	}
	free(g);
	return rc;
}

/* A game at the scenario's start, for queries. */
static int query_game(const char *argv0, const char *name, struct scenario *s, struct game **g)
{
	struct err e;
	if (cli_open(argv0, name, s) != 0)
		return -1;
	*g = malloc(sizeof **g);
	if (!*g || game_init(*g, s, 1, DICE_RNG, 0, &e) != 0) {
		free(*g);
		scenario_free(s);
		return -1;
	}
	return 0;
}

int cmd_los(int argc, char **argv)
{
	struct scenario s;
	struct game *g;
	int a, b, r;
	char why[256];

	if (cli_help(argc, argv, "usage: crimea los SCENARIO HEX HEX\n"
			       "  Line of sight between two hexes ([7.3]); when blocked, the hex or hexside that\n"
			       "  blocks and the rule case. Exit status 0 clear, 3 blocked.\n"))
		return 0;
	if (argc != 4 || !hex_parse(argv[2], &a) || !hex_parse(argv[3], &b)) {
		fprintf(stderr, "usage: crimea los SCENARIO HEX HEX (hexes as XXYY)\n");
		return 2;
	}
	if (query_game(argv[0], argv[1], &s, &g) != 0)
		return 1;
	r = s.rules->los ? s.rules->los(g, a, b, why, sizeof why) : -1;
	if (r < 0)
		fprintf(stderr, "crimea los: %s\n", why);
	else if (r)
		printf("%s -> %s: clear\n", argv[2], argv[3]);
	else
		printf("%s -> %s: blocked: %s\n", argv[2], argv[3], why);
	/* the trace, for a referee who wants to see it */
	if (r >= 0) {
		struct line_step st[LINE_MAX_STEPS];
		int n = hex_line(a, b, st, LINE_MAX_STEPS);
		printf("line:");
		for (int i = 0; i < n; i++) {
			char x[8], y[8];
			hex_format(st[i].hex, x);
			if (st[i].kind == LINE_HEX)
				printf(" %s", x);
			else if (st[i].kind == LINE_SIDE) {
				hex_format(st[i].other, y);
				printf(" [%s|%s]", x, y);
			} else
				printf(" (touches %s)", x);
		}
		printf("\n");
	}
	free(g);
	scenario_free(&s);
	return r < 0 ? 1 : r ? 0 : 3;
}

int cmd_path(int argc, char **argv)
{
	struct scenario s;
	struct game *g;
	struct err e;
	int h, rc;
	char out[4096];

	if (cli_help(argc, argv, "usage: crimea path SCENARIO UNIT HEX\n"
			       "  The cheapest legal path for UNIT from where it stands at set-up to HEX in one\n"
			       "  Movement Phase, with the cost of each hex ([5.0], [6.0], [13.0]).\n"))
		return 0;
	if (argc != 4 || !hex_parse(argv[3], &h)) {
		fprintf(stderr, "usage: crimea path SCENARIO UNIT HEX\n");
		return 2;
	}
	if (query_game(argv[0], argv[1], &s, &g) != 0)
		return 1;
	rc = s.rules->path ? s.rules->path(g, argv[2], h, out, sizeof out, &e) : -1;
	if (rc == 0)
		fputs(out, stdout);
	else
		cli_print_err(&e);
	free(g);
	scenario_free(&s);
	return rc == 0 ? 0 : 1;
}

int cmd_odds(int argc, char **argv)
{
	struct scenario s;
	struct game *g = NULL;
	struct record rec;
	struct action a;
	struct err e;
	const char *name = NULL, *action = NULL, *recpath = NULL;
	char out[4096], phase[256];
	int rc = 1;

	if (cli_help(argc, argv, "usage: crimea odds SCENARIO \"ACTION\" [--record FILE.rec]\n"
			       "  Exact probability of every outcome of a proposed fire or melee, by enumerating\n"
			       "  the die, after a game record, or in the scenario's opening position; when the\n"
			       "  position's phase does not allow the action (the set-up is a Movement Phase),\n"
			       "  in the first later phase of this player-turn or the next that does, named on\n"
			       "  the first line, the units where they stand.\n"))
		return 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--record") && i + 1 < argc)
			recpath = argv[++i];
		else if (!name)
			name = argv[i];
		else if (!action)
			action = argv[i];
	}
	if (!name || !action) {
		fprintf(stderr, "usage: crimea odds SCENARIO \"ACTION\" [--record FILE.rec]\n");
		return 2;
	}
	if (recpath) {
		g = malloc(sizeof *g);
		if (!g || cli_load_record(argv[0], recpath, false, &rec, &s, g) != 0) {
			if (!g)
				fprintf(stderr, "crimea odds: out of memory\n");
			free(g);
			return 1;
		}
	} else if (query_game(argv[0], name, &s, &g) != 0) {
		return 1;
	}
	if (!s.rules->odds) {
		fprintf(stderr, "crimea odds: the %s rule system gives no odds before the roll\n", s.rules->id);
		goto out;
	}
	if (s.rules->parse(g, action, &a, &e) != 0) {
		cli_print_err(&e);
		goto out;
	}
	if (game_odds_plan(g, &a, out, sizeof out, phase, sizeof phase, &e) != 0) {
		cli_print_err(&e);
		goto out;
	}
	print_odds(phase, out);
	rc = 0;
out:
	if (recpath)
		rec_free(&rec);
	free(g);
	scenario_free(&s);
	return rc;
}
