/* refshell: a referee's session on one game file (refshell.h). */
#include "refshell.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "prompt.h"

#define RSHELL_LINE 1024
#define RSHELL_ARGS 64

static const char *const cotlb_commands[] = {
	"actions", "advance", "command", "enter", "fire", "help", "initiative", "leader", "log", "melee", "morale", "move", "next", "phase",
	"place", "quit", "rally", "reinforce", "rout", "save", "sheet", "spend", "table", "turn", "units", "where", "withdraw", NULL,
};
static const char *const cotlb_options[] = {
	"--at", "--attacker", "--attacker-dice", "--attacker-leader-die", "--attacker-mod", "--attacker-saves",
	"--command-phase", "--commander", "--cover", "--defender", "--defender-dice", "--defender-leader-die",
	"--defender-mod", "--defender-saves", "--dice", "--die", "--facing", "--firer", "--formation", "--from",
	"--hits", "--inches", "--initiative", "--leader", "--long", "--markers", "--pivot", "--points", "--saves",
	"--short", "--side", "--spike-die", "--stands", "--svg", "--target", "--toward", "--unit", "--weapon", "--winner-die",
	"--ace", "--road", "--first", "--off", "--declare", "--split", "--attacker-morale-die", "--defender-morale-die",
	"--attacker-also", "--defender-also", "--contact", "--x", "--y", "--roll", NULL,
};
/* (sheet takes the game: it lists the sheet the game is played on) */
static const char *const cotlb_no_game[] = {"new", NULL};
static const char *const unit_options[] = {"--unit", "--firer", "--at", "--attacker", "--defender", "--toward",
					    "--from", "--attacker-also", "--defender-also", NULL};

static bool in(const char *const *list, const char *w)
{
	for (int i = 0; list[i]; i++)
		if (!strcmp(list[i], w))
			return true;
	return false;
}

void rshell_offer(struct complete_list *out, const char *word, const char *prefix)
{
	if (strncmp(word, prefix, strlen(prefix)) || strlen(word) >= COMPLETE_WORD)
		return;
	for (int i = 0; i < out->n; i++)
		if (!strcmp(out->word[i], word))
			return;
	if (out->n == COMPLETE_MAX) {
		out->more = 1;
		return;
	}
	snprintf(out->word[out->n++], COMPLETE_WORD, "%s", word);
}

static int by_word(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* What a Charge of the Light Brigade option takes: after a unit option the game's units, after
 * --commander its commanders, after --formation the formations, after --target the classes. */
static void cotlb_values(const void *ctx, const char *prev, const char *word, struct complete_list *out)
{
	const struct cros_oob *o = ctx;
	if (in(unit_options, prev)) {
		for (int i = 0; i < o->n; i++)
			rshell_offer(out, o->u[i].id, word);
	} else if (!strcmp(prev, "--commander")) {
		for (int i = 0; i < o->ncmdrs; i++)
			rshell_offer(out, o->cmdr[i], word);
	} else if (!strcmp(prev, "--formation")) {
		for (int i = 0; i < CF_FORMS; i++)
			rshell_offer(out, cros_form_name[i], word);
	} else if (!strcmp(prev, "--first") || !strcmp(prev, "--side")) {
		rshell_offer(out, o->side[0], word);
		rshell_offer(out, o->side[1], word);
	} else if (!strcmp(prev, "--target")) {
		rshell_offer(out, "line", word);
		rshell_offer(out, "column", word);
		rshell_offer(out, "enfilade", word);
	}
}

void rshell_cotlb(const struct cros_oob *o, struct rshell_spec *s)
{
	*s = (struct rshell_spec){.sys = "cotlb", .title = o->title, .commands = cotlb_commands, .options = cotlb_options,
				  .no_game = cotlb_no_game, .values = cotlb_values, .ctx = o};
}

/* The candidates for the last word of line: a command first; after an option what it takes;
 * a word starting with "-" the options. */
static int complete_ref(void *ctx, const char *line, struct complete_list *out)
{
	const struct rshell_spec *s = ctx;
	const char *last = strrchr(line, ' '), *word = last ? last + 1 : line;
	char prev[COMPLETE_WORD] = "";
	int nwords = 0;
	memset(out, 0, sizeof *out);
	out->start = (size_t)(word - line);
	for (const char *p = line; p < word;) {
		size_t k;
		while (*p == ' ')
			p++;
		if (p >= word)
			break;
		k = strcspn(p, " ");
		snprintf(prev, sizeof prev, "%.*s", (int)(k < COMPLETE_WORD - 1 ? k : COMPLETE_WORD - 1), p);
		nwords++;
		p += k;
	}
	if (!nwords) {
		for (int i = 0; s->commands[i]; i++)
			rshell_offer(out, s->commands[i], word);
	} else if (*prev == '-' && *word != '-') {
		s->values(s->ctx, prev, word, out);
	} else if (*word == '-') {
		for (int i = 0; s->options[i]; i++)
			rshell_offer(out, s->options[i], word);
	}
	qsort(out->word, (size_t)out->n, sizeof out->word[0], by_word);
	return out->n;
}

int rshell_run(const char *argv0, const char *gamepath, const struct rshell_spec *s)
{
	struct prompt *p = prompt_new("crimea", complete_ref, (void *)(uintptr_t)s, NULL);
	char line[RSHELL_LINE];
	bool editing;
	int failed = 0;
	if (!p)
		return 1;
	editing = prompt_editing(p);
	if (editing)
		printf("%s, game %s: a command a line (help, quit; tab completes)\n", s->title, gamepath);
	/* from a pipe no prompt: the output is the commands' own */
	int got;
	while ((got = prompt_read(p, editing ? "referee> " : "", true, line, sizeof line)) >= 0) {
		if (got > 0) { /* refused whole */
			fprintf(stderr, "crimea: a line of at most %d characters\n", RSHELL_LINE - 1);
			failed = 1;
			continue;
		}
		char copy[RSHELL_LINE], *argv[RSHELL_ARGS + 8], *save = NULL, *w;
		char a0[1024], a1[16], ag[] = "--game", at[] = "--tables";
		char gp[1024], tp[1024];
		int argc = 0;
		if (!line[0] || line[0] == '#')
			continue;
		if (!strcmp(line, "quit") || !strcmp(line, "exit"))
			break;
		snprintf(copy, sizeof copy, "%s", line);
		snprintf(gp, sizeof gp, "%s", gamepath);
		snprintf(a0, sizeof a0, "%s", argv0); /* the program's own: its data directory */
		snprintf(a1, sizeof a1, "%s", s->sys);
		argv[argc++] = a0;
		argv[argc++] = a1;
		if (!strcmp(line, "help") || !strncmp(line, "help ", 5)) {
			char h[] = "--help";
			argv[argc++] = h;
			argv[argc] = NULL;
			cmd_referee(argc, argv);
			continue;
		}
		if (s->tables && strstr(line, "--tables")) {
			fprintf(stderr, "crimea: the session's tables are %s (--tables is not given here)\n", s->tables);
			failed = 1;
			continue;
		}
		if (strstr(line, "--game")) {
			fprintf(stderr, "crimea: the session's game is %s (--game is not given here)\n", gamepath);
			failed = 1;
			continue;
		}
		for (w = strtok_r(copy, " \t", &save); w && argc < RSHELL_ARGS; w = strtok_r(NULL, " \t", &save))
			argv[argc++] = w;
		if (w) {
			fprintf(stderr, "crimea: a line of at most %d words\n", RSHELL_ARGS - 2);
			failed = 1;
			continue;
		}
		if (!strcmp(argv[2], "shell")) {
			fprintf(stderr, "crimea: already in a session on %s\n", gamepath);
			failed = 1;
			continue;
		}
		if (!in(s->no_game, argv[2])) {
			argv[argc++] = ag;
			argv[argc++] = gp;
		}
		if (s->tables) { /* the session's own tables, for every command */
			snprintf(tp, sizeof tp, "%s", s->tables);
			argv[argc++] = at;
			argv[argc++] = tp;
		}
		argv[argc] = NULL;
		fflush(stdout);
		if (cmd_referee(argc, argv) != 0)
			failed = 1;
		fflush(stdout);
		fflush(stderr);
	}
	prompt_free(p);
	return failed;
}
