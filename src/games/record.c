/* record: game records as text (docs/FORMATS.md "Game record"). */
#include "record.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fsio.h"

void rec_init(struct record *r, const struct game *g)
{
	memset(r, 0, sizeof *r);
	snprintf(r->rules, sizeof r->rules, "%s", g->rules->id);
	snprintf(r->scenario, sizeof r->scenario, "%s", g->scn->id);
	r->data_hash = g->scn->data_hash;
	r->seed = g->seed;
	r->dice_mode = g->dice.mode;
	r->options = g->options;
}

void rec_free(struct record *r)
{
	free(r->act);
	free(r->chk);
	r->act = NULL;
	r->chk = NULL;
	r->nact = r->nchk = 0;
}

/* Can name stand as a side on the "players" line (not empty, no blank or '=')? */
static bool side_word(const char *name)
{
	return *name && !strpbrk(name, " \t=");
}

/* Can name stand as a player on the "players" line (not empty, no blank, '=' or '#', shorter
 * than REC_PLAYER_MAX)? What the name means is not the record's to know. */
static bool player_word(const char *name)
{
	return *name && !strpbrk(name, " \t=#") && strlen(name) < REC_PLAYER_MAX;
}

int rec_set_players(struct record *r, const struct scenario *s, const char *const player[2])
{
	for (int k = 0; k < 2; k++)
		if (!side_word(s->side[k]) || !player_word(player[k]))
			return -1;
	for (int k = 0; k < 2; k++) {
		snprintf(r->seat[k].side, sizeof r->seat[k].side, "%s", s->side[k]);
		snprintf(r->seat[k].player, sizeof r->seat[k].player, "%s", player[k]);
	}
	r->nseat = 2;
	r->seat_line = 0;
	return 0;
}

int rec_players(const struct record *r, const struct scenario *s, const char *out[2], const char *file,
		struct err *e)
{
	const char *p[2] = {NULL, NULL};

	if (r->nseat == 0)
		return 0;
	for (int i = 0; i < r->nseat; i++) {
		const char *side = r->seat[i].side;
		int k = !strcmp(side, s->side[0]) ? 0 : !strcmp(side, s->side[1]) ? 1 : -1;
		if (k < 0)
			return err_set(e, file, r->seat_line, "the \"players\" line names a side \"%s\"; %s's sides are %s and %s",
				       side, s->id, s->side[0], s->side[1]);
		p[k] = r->seat[i].player;
	}
	if (!p[0] || !p[1]) /* rec_load takes two distinct sides only; a mended struct may not */
		return err_set(e, file, r->seat_line, "the \"players\" line does not name both sides (%s and %s)",
			       s->side[0], s->side[1]);
	out[0] = p[0];
	out[1] = p[1];
	return 1;
}

static int add_action(struct record *r, struct rec_action **out)
{
	if (r->nact == r->capact) {
		int ncap = r->capact ? r->capact * 2 : 64;
		struct rec_action *na = realloc(r->act, (size_t)ncap * sizeof *na);
		if (!na)
			return -1;
		r->act = na;
		r->capact = ncap;
	}
	*out = &r->act[r->nact++];
	memset(*out, 0, sizeof **out);
	return 0;
}

static int add_check(struct record *r, int pturn, uint64_t sum, int after, int line)
{
	if (r->nchk == r->capchk) {
		int ncap = r->capchk ? r->capchk * 2 : 32;
		struct rec_check *nc = realloc(r->chk, (size_t)ncap * sizeof *nc);
		if (!nc)
			return -1;
		r->chk = nc;
		r->capchk = ncap;
	}
	r->chk[r->nchk].pturn = pturn;
	r->chk[r->nchk].sum = sum;
	r->chk[r->nchk].after = after;
	r->chk[r->nchk].line = line;
	r->nchk++;
	return 0;
}

int rec_append(struct record *r, const struct game *g, const char *text, int pturn_before)
{
	struct rec_action *a;
	if (add_action(r, &a) != 0)
		return -1;
	snprintf(a->text, sizeof a->text, "%s", text);
	a->ndice = g->dice.nused;
	memcpy(a->dice, g->dice.used, sizeof a->dice);
	game_ai_get(g, &a->ai);
	a->has_ai = true;
	int pt = g->rules->player_turn(g);
	if (pt != pturn_before || g->rules->over(g, NULL))
		return add_check(r, pt, g->rules->checksum(g), r->nact, 0);
	return 0;
}

int rec_save(const struct record *r, const char *path, struct err *e)
{
	/* Worst case per action: "action " + text + " ; dice" + 16 dice of up to 3 digits and a
	 * space, + newline; then "ai " + the state's text + newline. */
	size_t cap = 1024 + (size_t)r->nact * (ACTION_TEXT_MAX + 16 + DICE_PER_ACTION * 4 + 4 + GAME_AI_TEXT_MAX) +
		     (size_t)r->nchk * 48, len = 0;
	char *buf = malloc(cap), ait[GAME_AI_TEXT_MAX];
	struct game_ai_state replayed; /* the computer players' state a replay has reached */
	int ci = 0, rc;

	if (!buf)
		return err_set(e, path, 0, "out of memory");
#define OUT(...)                                                              \
	do {                                                                  \
		int w_ = snprintf(buf + len, len < cap ? cap - len : 0, __VA_ARGS__); \
		if (w_ > 0)                                                   \
			len += (size_t)w_;                                    \
	} while (0)
	OUT("crimea-record %d\n", REC_VERSION);
	OUT("rules %s\nscenario %s\ndata %016" PRIx64 "\nseed %" PRIu64 "\n", r->rules, r->scenario,
	    r->data_hash, r->seed);
	OUT("dice %s\n", r->dice_mode == DICE_MANUAL ? "manual" : "rng");
	OUT("options %" PRIu32 "\n", r->options);
	if (r->nseat) {
		OUT("players");
		for (int k = 0; k < r->nseat; k++)
			OUT(" %s=%s", r->seat[k].side, r->seat[k].player);
		OUT("\n");
	}
	game_ai_start(&replayed, r->seed);
	for (int i = 0; i <= r->nact; i++) {
		while (ci < r->nchk && r->chk[ci].after == i) {
			OUT("check %d %016" PRIx64 "\n", r->chk[ci].pturn, r->chk[ci].sum);
			ci++;
		}
		if (i == r->nact)
			break;
		OUT("action %s", r->act[i].text);
		if (r->act[i].ndice) {
			OUT(" ; dice");
			for (int k = 0; k < r->act[i].ndice; k++)
				OUT(" %d", r->act[i].dice[k]);
		}
		OUT("\n");
		if (r->act[i].has_ai && !game_ai_same(&r->act[i].ai, &replayed)) {
			game_ai_text(&r->act[i].ai, ait, sizeof ait);
			OUT("ai %s\n", ait);
			replayed = r->act[i].ai;
		}
	}
#undef OUT
	if (len >= cap) {
		free(buf);
		return err_set(e, path, 0, "record too large to write");
	}
	rc = fs_write_atomic(path, buf, len, e);
	free(buf);
	return rc;
}

/* An "ai" line (text: what follows "ai "): the computer players' state after the record's
 * last action so far. 0, or -1 with e set at path:ln. */
static int load_ai(struct record *r, const char *text, const char *path, int ln, struct err *e)
{
	struct rec_action *a = r->nact ? &r->act[r->nact - 1] : NULL;
	struct err pe;

	if (!a)
		return err_set(e, path, ln, "an \"ai\" line before any action (it is the computer players' state after"
			       " the action above it)");
	if (a->has_ai)
		return err_set(e, path, ln, "a second \"ai\" line for action %d", r->nact);
	if (game_ai_parse(&a->ai, text, &pe) != 0)
		return err_set(e, path, ln, "bad \"ai\" line: %s; without the line the game replays, but its"
			       " computer players continue from an older state", pe.msg);
	a->has_ai = true;
	return 0;
}

/* The "players" line (text: what follows "players ", cut into words here): SIDE=PLAYER for
 * each of the two sides, in any order, before the first action. The sides are matched to the
 * scenario by rec_players; PLAYER is checked for its form only (player_word), its meaning is
 * the caller's (src/app/players.c). 0, or -1 with e set at path:ln. */
static int load_players(struct record *r, char *text, const char *path, int ln, struct err *e)
{
	char *save = NULL;
	int n = 0;

	if (r->nact)
		return err_set(e, path, ln, "a \"players\" line after the first action (it belongs to the header,"
			       " above the actions)");
	if (r->seat_line)
		return err_set(e, path, ln, "a second \"players\" line (the first is line %d)", r->seat_line);
	for (char *tok = strtok_r(text, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		char *eq = strchr(tok, '=');
		struct rec_seat *st;
		if (n == 2)
			return err_set(e, path, ln, "the \"players\" line names more than two sides");
		st = &r->seat[n];
		if (!eq || eq == tok || (size_t)(eq - tok) >= sizeof st->side)
			return err_set(e, path, ln, "bad \"players\" entry \"%s\" (SIDE=PLAYER)", tok);
		*eq = '\0';
		if (!player_word(eq + 1))
			return err_set(e, path, ln, "bad player \"%s\" for %s on the \"players\" line (a name of 1 to"
				       " %d characters, no '=' or '#')", eq + 1, tok, REC_PLAYER_MAX - 1);
		for (int i = 0; i < n; i++)
			if (!strcmp(r->seat[i].side, tok))
				return err_set(e, path, ln, "side \"%s\" is named twice on the \"players\" line", tok);
		snprintf(st->side, sizeof st->side, "%s", tok);
		snprintf(st->player, sizeof st->player, "%s", eq + 1);
		n++;
	}
	if (n != 2)
		return err_set(e, path, ln, "the \"players\" line names %d side%s: it names both, SIDE=PLAYER each",
			       n, n == 1 ? "" : "s");
	r->nseat = 2;
	r->seat_line = ln;
	return 0;
}

int rec_load(struct record *r, const char *path, struct err *e)
{
	char *text, *line, *save = NULL;
	size_t len;
	int ln = 0, last = 0, rc = -1;
	bool header = false, have[5] = {false};

	memset(r, 0, sizeof *r);
	if (fs_read_all(path, &text, &len, e) != 0)
		return -1;
	if (memchr(text, '\0', len)) {
		err_set(e, path, 1, "not a text file");
		goto out;
	}
	for (char *p = text; p; ) {
		char *nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		line = p;
		p = nl ? nl + 1 : NULL;
		ln++;
		size_t l = strlen(line);
		while (l && (line[l - 1] == '\r' || line[l - 1] == ' ' || line[l - 1] == '\t'))
			line[--l] = '\0';
		while (*line == ' ' || *line == '\t')
			line++;
		if (!*line || *line == '#')
			continue;
		last = ln;
		if (!header) {
			int v;
			if (sscanf(line, "crimea-record %d", &v) != 1) {
				err_set(e, path, ln, "not a crimea game record (first line must be \"crimea-record %d\")", REC_VERSION);
				goto out;
			}
			if (v != REC_VERSION) {
				err_set(e, path, ln, "record format version %d is not supported (this program reads %d)", v, REC_VERSION);
				goto out;
			}
			header = true;
			continue;
		}
		char *sp = strchr(line, ' ');
		char *arg = sp ? sp + 1 : line + strlen(line);
		size_t kl = sp ? (size_t)(sp - line) : strlen(line);
#define KEY(k) (kl == strlen(k) && !strncmp(line, k, kl))
		if (KEY("rules")) {
			snprintf(r->rules, sizeof r->rules, "%s", arg);
			have[0] = true;
		} else if (KEY("scenario")) {
			snprintf(r->scenario, sizeof r->scenario, "%s", arg);
			have[1] = true;
		} else if (KEY("data")) {
			char *end;
			r->data_hash = strtoull(arg, &end, 16);
			if (!*arg || *end) {
				err_set(e, path, ln, "bad data hash \"%s\"", arg);
				goto out;
			}
			have[2] = true;
		} else if (KEY("seed")) {
			char *end;
			r->seed = strtoull(arg, &end, 10);
			if (!*arg || *end) {
				err_set(e, path, ln, "bad seed \"%s\"", arg);
				goto out;
			}
			have[3] = true;
		} else if (KEY("dice")) {
			if (!strcmp(arg, "rng"))
				r->dice_mode = DICE_RNG;
			else if (!strcmp(arg, "manual"))
				r->dice_mode = DICE_MANUAL;
			else {
				err_set(e, path, ln, "dice must be rng or manual");
				goto out;
			}
			have[4] = true;
		} else if (KEY("options")) {
			char *end;
			unsigned long v = strtoul(arg, &end, 10);
			r->options = (uint32_t)v;
			if (!*arg || *end || *arg == '-' || v > 0xffffffffUL) {
				err_set(e, path, ln, "bad options \"%s\"", arg);
				goto out;
			}
		} else if (KEY("action")) {
			struct rec_action *a;
			char *semi = strchr(arg, ';');
			if (add_action(r, &a) != 0) {
				err_set(e, path, ln, "out of memory");
				goto out;
			}
			a->line = ln;
			if (semi) {
				char *d = semi + 1, *tok;
				*semi = '\0';
				while (*d == ' ')
					d++;
				if (strncmp(d, "dice", 4)) {
					err_set(e, path, ln, "expected \"; dice N...\" after the action");
					goto out;
				}
				for (tok = strtok_r(d + 4, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
					char *end;
					long v = strtol(tok, &end, 10);
					if (*end || v < 1 || v > 255 || a->ndice >= DICE_PER_ACTION) {
						err_set(e, path, ln, "bad die \"%s\"", tok);
						goto out;
					}
					a->dice[a->ndice++] = (uint8_t)v;
				}
			}
			size_t al = strlen(arg);
			while (al && arg[al - 1] == ' ')
				arg[--al] = '\0';
			if (al == 0 || al >= sizeof a->text) {
				err_set(e, path, ln, "empty or too long action");
				goto out;
			}
			memcpy(a->text, arg, al + 1);
		} else if (KEY("players")) {
			if (load_players(r, arg, path, ln, e) != 0)
				goto out;
		} else if (KEY("ai")) {
			if (load_ai(r, arg, path, ln, e) != 0)
				goto out;
		} else if (KEY("check")) {
			int pt;
			char hexs[32], *end;
			uint64_t sum;
			if (sscanf(arg, "%d %31s", &pt, hexs) != 2 || pt < 0) {
				err_set(e, path, ln, "expected \"check PLAYER-TURN HASH\"");
				goto out;
			}
			sum = strtoull(hexs, &end, 16);
			if (*end || strlen(hexs) != 16) {
				err_set(e, path, ln, "bad checksum \"%s\" (16 hex digits)", hexs);
				goto out;
			}
			if (add_check(r, pt, sum, r->nact, ln) != 0) {
				err_set(e, path, ln, "out of memory");
				goto out;
			}
		} else {
			err_set(e, path, ln, "unknown record line \"%.*s\"", (int)kl, line);
			goto out;
		}
#undef KEY
	}
	if (!header) {
		err_set(e, path, 1, "empty record");
		goto out;
	}
	for (int i = 0; i < 5; i++)
		if (!have[i]) {
			static const char *const names[] = {"rules", "scenario", "data", "seed", "dice"};
			err_set(e, path, last, "the record has no \"%s\" line", names[i]);
			goto out;
		}
	rc = 0;
out:
	free(text);
	if (rc != 0)
		rec_free(r);
	return rc;
}

int rec_replay(const struct record *r, const struct scenario *s, struct game *g, bool verify,
	       const char *file, struct err *e)
{
	return rec_replay_steps(r, s, g, verify, file, e, NULL, NULL);
}

int rec_replay_steps(const struct record *r, const struct scenario *s, struct game *g, bool verify,
		     const char *file, struct err *e, rec_step_fn fn, void *ctx)
{
	struct event *evs = NULL; /* (only for fn: a replay for its result formats no ruling) */
	struct evsink sink;
	char status[256];
	int ci = 0, rc = -1;

	if (strcmp(r->rules, s->rules->id) || strcmp(r->scenario, s->id))
		return err_set(e, file, 0, "record is for %s/%s, not %s/%s", r->rules, r->scenario,
			       s->rules->id, s->id);
	if (r->data_hash != s->data_hash)
		return err_set(e, file, 0, "record made with scenario data %016" PRIx64 ", this data is %016" PRIx64
			       " (the scenario, map or tables changed)", r->data_hash, s->data_hash);
	const char *who[2];
	if (rec_players(r, s, who, file, e) < 0) /* who plays does not change the game; a wrong side is a bad record */
		return -1;
	if (game_init(g, s, r->seed, (enum dice_mode)r->dice_mode, r->options, e) != 0)
		return -1;
	if (fn && !(evs = malloc(REC_STEP_EVENTS * sizeof *evs)))
		return err_set(e, file, 0, "out of memory");
	for (int i = 0; i <= r->nact; i++) {
		while (ci < r->nchk && r->chk[ci].after == i) {
			if (verify) {
				uint64_t sum = g->rules->checksum(g);
				int pt = g->rules->player_turn(g);
				if (sum != r->chk[ci].sum || pt != r->chk[ci].pturn) {
					err_set(e, file, r->chk[ci].line,
						"state diverges after action %d (%s): player-turn %d checksum %016" PRIx64
						", the record says player-turn %d %016" PRIx64,
						i, i > 0 ? r->act[i - 1].text : "start", pt, sum, r->chk[ci].pturn, r->chk[ci].sum);
					goto out;
				}
			}
			ci++;
		}
		if (i == r->nact)
			break;
		const struct rec_action *a = &r->act[i];
		int dice[DICE_PER_ACTION], side = g->rules->to_act(g);
		struct err ae;
		for (int k = 0; k < a->ndice; k++)
			dice[k] = a->dice[k];
		if (fn) {
			g->rules->status(g, status, sizeof status);
			evsink_init(&sink, evs, REC_STEP_EVENTS);
		}
		if (game_apply_text(g, a->text, dice, r->dice_mode == DICE_MANUAL ? a->ndice : 0, fn ? &sink : NULL,
				    &ae) != 0) {
			err_set(e, file, a->line, "action %d \"%s\" is refused: %s", i + 1, a->text, ae.msg);
			goto out;
		}
		if (a->has_ai) /* the players continue from where they were, not from the seed */
			game_ai_put(g, &a->ai);
		if (verify && r->dice_mode == DICE_RNG && a->ndice) {
			if (a->ndice != g->dice.nused || memcmp(a->dice, g->dice.used, a->ndice)) {
				err_set(e, file, a->line, "action %d \"%s\": the dice differ from the record", i + 1, a->text);
				goto out;
			}
		}
		if (fn) {
			struct rec_step st = {i, a, side, status, &sink, g};
			fn(ctx, &st);
		}
	}
	rc = 0;
out:
	free(evs);
	return rc;
}
