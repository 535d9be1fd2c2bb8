/* fuzz_action: the quad rule system's action parser and game_apply on fuzzed action text,
 * played on the real balaclava scenario.
 *
 * Input: lines of text. An optional first line "@N" starts from snapshot N (positions reached
 * in LLVMFuzzerInitialize by a seeded playout of legal actions, so that fire, melee, retreat
 * and rally phases are reachable); a line "manual" switches the game to manual dice. Other lines:
 *   ACTION [; dice N N ...]   parse with rules->parse; if it parses, game_apply it (the dice are
 *                             fed in manual mode)
 *   ?odds ACTION              rules->odds
 *   ?los A B                  rules->los with two integers
 *   ?path UNIT HEX            rules->path
 *   ?complete LINE            the play prompt's tab completion (src/app/complete.c) of LINE:
 *                             the candidates sorted, each once, each a word that extends the
 *                             line's last word, where it says the word starts; g unchanged
 * Checked: a refused action leaves the game byte-for-byte unchanged and says why; an action
 * that parses formats into text that parses back to it; the final position keeps the
 * invariants of fuzz_game.h, every legal action included. */
#include "fuzz_game.h"

#include "app/complete.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FZ_SNAPS 24
#define FZ_SNAP_EVERY 20
#define FZ_LINES_MAX 64

struct fz_act_ctx {
	struct scenario scn;
	struct game snap[FZ_SNAPS];
	int nsnap;
	struct game g, before;
	struct action acts[FZ_ACTIONS_MAX];
	struct event ev[64];
	char out[1 << 14];
};
static struct fz_act_ctx ctx;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char path[FZ_PATH_MAX];
	struct err e;
	uint64_t seed = 20261130;
	(void)argc;
	(void)argv;
	fz_layout_balaclava(path, sizeof path, FZ_SKIP_NONE);
	fz_must_load(&ctx.scn, path);
	if (game_init(&ctx.g, &ctx.scn, 1, DICE_RNG, 0, &e) != 0)
		fz_fail("balaclava does not start: %s", e.msg);
	/* snapshots along a seeded playout; "end" is chosen one time in four when it is legal so
	 * that the turn advances through every phase */
	for (int step = 0; ctx.nsnap < FZ_SNAPS; step++) {
		if (step % FZ_SNAP_EVERY == 0) {
			if (getenv("FUZZ_VERBOSE")) {
				char st[256];
				ctx.g.rules->status(&ctx.g, st, sizeof st);
				fprintf(stderr, "snapshot @%d: %s\n", ctx.nsnap, st);
			}
			ctx.snap[ctx.nsnap++] = ctx.g;
		}
		int n = ctx.g.rules->actions(&ctx.g, ctx.acts, FZ_ACTIONS_MAX);
		if (n <= 0)
			break;
		if (n > FZ_ACTIONS_MAX)
			n = FZ_ACTIONS_MAX;
		int k = (int)(fz_mix(&seed) % (uint64_t)n);
		if (ctx.acts[n - 1].kind == 0 && fz_mix(&seed) % 4 == 0)
			k = n - 1;
		if (game_apply(&ctx.g, &ctx.acts[k], NULL, 0, NULL, &e) != 0)
			fz_fail("snapshot playout: legal action refused: %s", e.msg);
	}
	return 0;
}

/* Splits "ACTION ; dice N N" into the action text (line is cut at ';') and the dice. */
static int split_dice(char *line, int *dice)
{
	char *semi = strchr(line, ';'), *save = NULL;
	int nd = 0;
	if (!semi)
		return 0;
	*semi = '\0';
	for (char *t = strtok_r(semi + 1, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
		if (!strcmp(t, "dice"))
			continue;
		if (nd == DICE_PER_ACTION)
			break;
		dice[nd++] = (int)strtol(t, NULL, 10);
	}
	return nd;
}

static void roundtrip(const struct game *g, const struct action *a)
{
	char text[ACTION_TEXT_MAX];
	struct action back;
	struct err e;
	if (g->rules->format(g, a, text, sizeof text) != 0)
		return; /* too long to print: the text came from the parser, so allow it */
	if (g->rules->parse(g, text, &back, &e) != 0)
		fz_fail("parsed action formats as \"%s\", which does not parse: %s", text, e.msg);
	if (!action_same(&back, a))
		fz_fail("parsed action formats as \"%s\", which parses to a different action", text);
}

static void one_line(struct game *g, char *line, struct evsink *ev)
{
	const struct rules *r = g->rules;
	struct action a;
	struct err e;
	int dice[DICE_PER_ACTION];

	memset(&e, 0, sizeof e);
	if (!strncmp(line, "?complete ", 10)) {
		static struct complete_list L;
		const char *text = line + 10;
		ctx.before = *g;
		if (complete_line(g, text, &L) < 0)
			return; /* (out of memory) */
		if (memcmp(&ctx.before, g, sizeof *g))
			fz_fail("complete_line changed the game");
		if (L.n < 0 || L.n > COMPLETE_MAX || L.start > strlen(text))
			fz_fail("complete_line: %d candidates from offset %zu of a %zu-byte line", L.n, L.start,
				strlen(text));
		for (int k = 0; k < L.n; k++) {
			size_t wl = strnlen(L.word[k], COMPLETE_WORD);
			if (wl == COMPLETE_WORD || strncmp(L.word[k], text + L.start, strlen(text + L.start)) ||
			    (k && strcmp(L.word[k - 1], L.word[k]) >= 0) || strchr(L.word[k], ' '))
				fz_fail("complete_line: candidate %d \"%.64s\" of \"%s\"", k, L.word[k], text);
		}
		return;
	}
	if (!strncmp(line, "?odds ", 6)) {
		if (r->odds && r->parse(g, line + 6, &a, &e) == 0)
			r->odds(g, &a, ctx.out, sizeof ctx.out, &e);
		return;
	}
	if (!strncmp(line, "?los ", 5)) {
		char *end;
		long x = strtol(line + 5, &end, 10), y = strtol(end, NULL, 10);
		if (r->los)
			r->los(g, (int)x, (int)y, ctx.out, 80);
		return;
	}
	if (!strncmp(line, "?path ", 6)) {
		char *sp = strchr(line + 6, ' ');
		if (sp && r->path) {
			*sp = '\0';
			r->path(g, line + 6, (int)strtol(sp + 1, NULL, 10), ctx.out, 200, &e);
		}
		return;
	}
	int nd = split_dice(line, dice);
	if (r->parse(g, line, &a, &e) != 0) {
		if (!e.msg[0])
			fz_fail("parse refused \"%s\" without saying why", line);
		return;
	}
	if (a.n < 0 || a.n > ACTION_ARGS)
		fz_fail("parse made an action with %d arguments", a.n);
	roundtrip(g, &a);
	ctx.before = *g;
	memset(&e, 0, sizeof e);
	int rc = game_apply(g, &a, dice, g->dice.mode == DICE_MANUAL ? nd : 0, ev, &e);
	if (rc != 0) {
		if (!e.msg[0])
			fz_fail("game_apply refused \"%s\" (%d) without saying why", line, rc);
		if (memcmp(&ctx.before, g, sizeof *g))
			fz_fail("game_apply refused \"%s\" but changed the game", line);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fz_strndup(data, size), *save = NULL;
	struct evsink ev;
	int nlines = 0;
	bool first = true;

	ctx.g = ctx.snap[0];
	evsink_init(&ev, ctx.ev, (int)(sizeof ctx.ev / sizeof *ctx.ev));
	for (char *line = strtok_r(text, "\n", &save); line && nlines < FZ_LINES_MAX;
	     line = strtok_r(NULL, "\n", &save), nlines++) {
		if (first && line[0] == '@') {
			ctx.g = ctx.snap[(unsigned long)strtol(line + 1, NULL, 10) % (unsigned long)ctx.nsnap];
			first = false;
			continue;
		}
		first = false;
		if (!strcmp(line, "manual")) {
			ctx.g.dice.mode = DICE_MANUAL;
			continue;
		}
		one_line(&ctx.g, line, &ev);
		if (ev.n > ev.cap / 2)
			evsink_clear(&ev);
	}
	fz_check_state(&ctx.g, ctx.acts, true);
	free(text);
	return 0;
}
