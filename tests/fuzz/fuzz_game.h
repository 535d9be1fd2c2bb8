/* fuzz_game: invariant checks and short playouts for the targets that end with a playable game
 * (a fuzzed scenario or tables file that loaded, a replayed record, fuzzed action text).
 * What a rule system promises through struct rules, checked on whatever state we reach:
 *  - to_act() is -1, 0 or 1, and -1 exactly when over() says the game is over;
 *  - actions() returns the same count whatever max is, and writes at most max actions (checked
 *    in one position of four);
 *  - every listed action formats into text that parses back to the same action (checked on
 *    FZ_ROUNDTRIP_SAMPLE of them);
 *  - every listed action is accepted by game_apply (or asks for a die in manual mode): checked on
 *    FZ_APPLY_SAMPLE of them spread over the list (a move phase lists thousands);
 *  - status(), draw(), describe() stay within the buffer they are given (draw and describe
 *    in one position of four). */
#ifndef CRIMEA_FUZZ_GAME_H
#define CRIMEA_FUZZ_GAME_H

#include "fuzz_common.h"
#include "games/quad/quad.h"
#include "games/rules.h"

#define FZ_ACTIONS_MAX 4096
#define FZ_APPLY_SAMPLE 12
#define FZ_ROUNDTRIP_SAMPLE 64

/* Text views of the position, into buffers of exact size so ASan sees any overrun. */
static inline void fz_views(const struct game *g, bool heavy)
{
	static const size_t sizes[] = {1, 17, 200};
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		char *buf = malloc(sizes[i]);
		if (!buf)
			abort();
		g->rules->status(g, buf, sizes[i]);
		if (!memchr(buf, '\0', sizes[i]))
			fz_fail("status() left its %zu-byte buffer unterminated", sizes[i]);
		if (heavy && g->rules->draw) {
			g->rules->draw(g, buf, sizes[i], i & 1 ? DRAW_COLOR : 0);
			if (!memchr(buf, '\0', sizes[i]))
				fz_fail("draw() left its %zu-byte buffer unterminated", sizes[i]);
		}
		if (heavy && g->rules->hex_info) { /* (hexes on every quad map, and one off them) */
			static const int hexes[] = {101, 1010, 1811, 9999};
			for (size_t h = 0; h < sizeof hexes / sizeof *hexes; h++) {
				struct err e;
				if (g->rules->hex_info(g, hexes[h], buf, sizes[i], &e) == 0 &&
				    !memchr(buf, '\0', sizes[i]))
					fz_fail("hex_info() left its %zu-byte buffer unterminated", sizes[i]);
			}
		}
		free(buf);
	}
	if (heavy) {
		size_t n = 1 << 16;
		char *buf = malloc(n);
		if (!buf)
			abort();
		if (g->rules->draw)
			g->rules->draw(g, buf, n, DRAW_COLOR);
		if (g->rules->describe)
			g->rules->describe(g, buf, n);
		free(buf);
	}
}

/* Checks the invariants above on g, applying a sample of the legal actions if apply_some.
 * Returns the number of legal actions written to out (at most FZ_ACTIONS_MAX). */
static inline int fz_check_state(const struct game *g, struct action *out, bool apply_some)
{
	const struct rules *r = g->rules;
	int side = r->to_act(g);
	bool over = r->over(g, NULL);
	struct result res;
	char text[ACTION_TEXT_MAX];
	struct err e;

	if (side < -1 || side > 1)
		fz_fail("to_act() returned %d", side);
	if ((side == -1) != over)
		fz_fail("to_act() is %d but over() says %d", side, (int)over);
	memset(&res, 0, sizeof res);
	if (r->over(g, &res) != over)
		fz_fail("over() answers differently with a result");
	uint64_t pick = r->checksum(g);
	fz_views(g, apply_some && fz_mix(&pick) % 4 == 0);

	int n = r->actions(g, out, FZ_ACTIONS_MAX);
	if (n < 0)
		fz_fail("actions() returned %d", n);
	if (over && n != 0)
		fz_fail("the game is over but actions() lists %d", n);
	if (!over && n == 0)
		fz_fail("side %d owes a decision but actions() lists none", side);

	/* actions() counts them all but writes at most max; check the ones written */
	int total = n;
	if (n > FZ_ACTIONS_MAX)
		n = FZ_ACTIONS_MAX;
	/* the samples: every stride-th action from an offset that depends on the position */
	int stride = n / FZ_APPLY_SAMPLE + 1, off = (int)(fz_mix(&pick) % (uint64_t)stride);
	int stride2 = n / FZ_ROUNDTRIP_SAMPLE + 1, off2 = (int)(fz_mix(&pick) % (uint64_t)stride2);
	if (fz_mix(&pick) % 4 == 0) {
		/* a small, exactly sized buffer: the count must not change and nothing may spill */
		int small = n < 3 ? n : 3;
		struct action *few = malloc((size_t)(small ? small : 1) * sizeof *few);
		if (!few)
			abort();
		int n2 = r->actions(g, few, small);
		if (n2 != total)
			fz_fail("actions() counts %d with max %d but %d with max %d", n2, small, total, FZ_ACTIONS_MAX);
		for (int i = 0; i < small; i++)
			if (!action_same(&few[i], &out[i]))
				fz_fail("actions() lists a different action %d with a smaller max", i);
		free(few);
	}
	for (int i = 0; i < n; i++) {
		struct action back;
		if (i % stride2 != off2 && !(apply_some && i % stride == off))
			continue;
		if (r->format(g, &out[i], text, sizeof text) != 0)
			fz_fail("format() fails on legal action %d (kind %d)", i, out[i].kind);
		if (r->parse(g, text, &back, &e) != 0)
			fz_fail("legal action \"%s\" does not parse back: %s", text, e.msg);
		if (!action_same(&back, &out[i]))
			fz_fail("legal action \"%s\" parses back to a different action", text);
		if (apply_some && i % stride == off) {
			struct game tmp = *g;
			int rc = game_apply(&tmp, &out[i], NULL, 0, NULL, &e);
			if (rc != 0 && !(rc == DICE_NEED && g->dice.mode == DICE_MANUAL))
				fz_fail("legal action \"%s\" is refused (%d): %s", text, rc, e.msg);
		}
	}
	return n;
}

/* Plays up to steps legal actions chosen by seed, checking invariants at each state.
 * Manual-dice games are fed dice from the same generator. */
static inline void fz_playout(struct game *g, uint64_t seed, int steps, bool apply_all)
{
	struct action *acts = malloc(FZ_ACTIONS_MAX * sizeof *acts);
	struct err e;
	if (!acts)
		abort();
	for (int s = 0; s < steps; s++) {
		int n = fz_check_state(g, acts, apply_all && s == 0);
		if (n == 0)
			break;
		uint64_t x = fz_mix(&seed);
		int k = (int)(x % (uint64_t)n);
		int dice[DICE_PER_ACTION], nd = 0, rc;
		for (;;) {
			rc = game_apply(g, &acts[k], dice, nd, NULL, &e);
			if (rc != DICE_NEED || g->dice.mode != DICE_MANUAL || nd == DICE_PER_ACTION)
				break;
			dice[nd++] = 1 + (int)(fz_mix(&seed) % 6);
		}
		if (rc != 0) {
			char text[ACTION_TEXT_MAX];
			g->rules->format(g, &acts[k], text, sizeof text);
			fz_fail("legal action \"%s\" refused in playout (%d): %s", text, rc, e.msg);
		}
	}
	free(acts);
}

/* The balaclava battle laid out in the temp directory as in data/quad: DIR/tables.json,
 * DIR/balaclava/map.json, DIR/balaclava/scenario.json (which names "../tables.json").
 * Writes the scenario path to path. Files not listed in `skip` are copied from the repository. */
enum { FZ_SKIP_NONE = 0, FZ_SKIP_SCENARIO = 1, FZ_SKIP_TABLES = 2 };
static inline void fz_layout_balaclava(char *path, size_t n, int skip)
{
	char p[FZ_PATH_MAX];
	if (!(skip & FZ_SKIP_TABLES))
		fz_copy("data/quad/tables.json", fz_tmppath(p, sizeof p, "tables.json"));
	fz_mkdir(p, sizeof p, "balaclava");
	fz_copy("data/quad/balaclava/map.json", fz_tmppath(p, sizeof p, "balaclava/map.json"));
	fz_tmppath(path, n, "balaclava/scenario.json");
	if (!(skip & FZ_SKIP_SCENARIO))
		fz_copy("data/quad/balaclava/scenario.json", path);
}

/* Loads a scenario that must load (the repository's own data). */
static inline void fz_must_load(struct scenario *s, const char *path)
{
	struct errlist errs;
	errlist_init(&errs);
	if (scenario_load(s, path, &errs) != 0) {
		char buf[ERR_FILE_MAX + ERR_MSG_MAX + 32];
		for (int i = 0; i < errs.n; i++) {
			err_format(&errs.e[i], buf, sizeof buf);
			fprintf(stderr, "%s\n", buf);
		}
		fz_fail("the repository's scenario %s does not load", path);
	}
}

#endif
