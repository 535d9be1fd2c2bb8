/* sgame: a game the server holds in memory (sgame.h). */
#include "sgame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

/* seed = the first 8 bytes, big-endian, of sha256(secret || entropy_1 || ... || entropy_k),
 * each entropy as the bytes its hex spells. */
static uint64_t derive_seed(const unsigned char secret[32], char entropy[][STORE_HEX_MAX], int n)
{
	crypto_hash_sha256_state h;
	unsigned char out[crypto_hash_sha256_BYTES], buf[64];
	uint64_t seed = 0;

	crypto_hash_sha256_init(&h);
	crypto_hash_sha256_update(&h, secret, 32);
	for (int i = 0; i < n; i++) {
		size_t bl = 0;
		if (sodium_hex2bin(buf, sizeof buf, entropy[i], strlen(entropy[i]), NULL, &bl, NULL) == 0)
			crypto_hash_sha256_update(&h, buf, bl);
	}
	crypto_hash_sha256_final(&h, out);
	for (int i = 0; i < 8; i++)
		seed = seed << 8 | out[i];
	return seed;
}

void sg_free(struct sgame *sg)
{
	if (!sg)
		return;
	rec_free(&sg->rec);
	free(sg->aist);
	free(sg->g);
	free(sg->ev);
	free(sg->evseq);
	free(sg);
}

static void push_event(struct sgame *sg, const struct event *e, int seq)
{
	int slot = (sg->evhead + sg->nev) % SRV_EVENTS_KEEP;
	if (sg->nev == SRV_EVENTS_KEEP) {
		slot = sg->evhead;
		sg->evhead = (sg->evhead + 1) % SRV_EVENTS_KEEP;
	} else {
		sg->nev++;
	}
	sg->ev[slot] = *e;
	sg->evseq[slot] = seq;
}

int sg_reset(struct sgame *sg, struct err *e)
{
	uint64_t seed = sg->meta.seed_fixed ? sg->meta.seed
					    : derive_seed(sg->meta.secret, sg->entropy, sg->nentropy);
	enum dice_mode dm = !strcmp(sg->meta.dice, "manual") ? DICE_MANUAL : DICE_RNG;
	if (game_init(sg->g, sg->scn, seed, dm, sg->options, e) != 0)
		return -1;
	rec_free(&sg->rec);
	rec_init(&sg->rec, sg->g);
	sg->seq = 0;
	sg->nev = sg->evhead = 0;
	return 0;
}

/* The store's text of nd dice ("4 2", "" for none). */
static void dice_text(const uint8_t *d, int nd, char *out, size_t n)
{
	size_t l = 0;
	out[0] = '\0';
	for (int i = 0; i < nd && l + 5 < n; i++)
		l += (size_t)snprintf(out + l, n - l, "%s%d", i ? " " : "", d[i]);
}

/* (the scenario's memo and scratch, made on first use: speed only, the same choices without) */
static void speed_up(struct sgame *sg, struct game *g)
{
	struct srv_speed *sp = sg->speed;
	if (!sp->memo && sg->scn->rules->memo_new)
		sp->memo = sg->scn->rules->memo_new(sg->scn);
	if (!sp->ai_scratch && (sp->ai_scratch = ai_scratch_new(sg->scn)) && sp->threads > 1)
		ai_scratch_threads(sp->ai_scratch, sp->threads); /* a shorter wait, the same choices */
	g->memo = sp->memo;
	g->ai_scratch = sp->ai_scratch;
}

int sg_think(struct sgame *sg, struct game *g, char text[ACTION_TEXT_MAX], struct game_ai_state *after,
	     struct err *e)
{
	struct action a;
	int side = g->rules->to_act(g);

	if (side < 0 || sg->ai[side].kind == AI_NONE)
		return err_set(e, NULL, 0, "no computer player is to act");
	speed_up(sg, g);
	int rc = ai_player_choose(&sg->ai[side], g, &a);
	if (rc == 0)
		g->rules->format(g, &a, text, ACTION_TEXT_MAX);
	g->memo = NULL; /* the caller's copy keeps neither: they are the scenario's */
	g->ai_scratch = NULL;
	if (rc != 0)
		return err_set(e, NULL, 0, "the computer player has no legal action (a rules bug)");
	if (after)
		game_ai_get(g, after);
	return 0;
}

int sg_hint(struct sgame *sg, struct game *g, const struct ai_player *p, char text[ACTION_TEXT_MAX], struct err *e)
{
	struct action a;
	int rc;
	speed_up(sg, g);
	rc = ai_player_hint(p, g, true, &a);
	if (rc == 0)
		g->rules->format(g, &a, text, ACTION_TEXT_MAX);
	g->memo = NULL; /* the caller's copy keeps neither: they are the scenario's */
	g->ai_scratch = NULL;
	return rc == 0 ? 0 : err_set(e, NULL, 0, "no legal action");
}

int sg_step(struct store *st, struct sgame *sg, const char *text, const int *dice, int nd,
	    const char *want_dice, const struct game_ai_state *known, struct evsink *sink, struct err *e)
{
	struct game *tmp;
	char chosen[ACTION_TEXT_MAX], dt[STORE_DICE_TEXT_MAX], status[16], ait[GAME_AI_TEXT_MAX];
	int side, pt, rc, evn = sink ? sink->n : 0;

	if (sg->seq >= sg->capaist) { /* room for this action's state before anything changes */
		int nc = sg->capaist ? sg->capaist * 2 : 256;
		struct game_ai_state *na = realloc(sg->aist, (size_t)nc * sizeof *na);
		if (!na)
			return err_set(e, NULL, 0, "out of memory");
		sg->aist = na;
		sg->capaist = nc;
	}
	if (!(tmp = malloc(sizeof *tmp)))
		return err_set(e, NULL, 0, "out of memory");
	*tmp = *sg->g;
	side = tmp->rules->to_act(tmp);
	if (!st && !known && side >= 0 && sg->ai[side].kind != AI_NONE) { /* a schema-1 replay */
		sg->ai_redrawn++;
		if (sg_think(sg, tmp, chosen, NULL, e) != 0) {
			free(tmp);
			return -1;
		}
		if (strcmp(text, chosen) && !sg->ai_warned) {
			fprintf(stderr, "crimea serve: game %s: the computer player now chooses \"%s\" where the store has \"%s\"\n",
				sg->meta.id, chosen, text);
			sg->ai_warned = true;
		}
	}
	pt = tmp->rules->player_turn(tmp);
	rc = game_apply_text(tmp, text, dice, tmp->dice.mode == DICE_MANUAL ? nd : 0, sink, e);
	if (rc != 0) {
		free(tmp);
		return rc;
	}
	if (known)
		game_ai_put(tmp, known);
	game_ai_get(tmp, &sg->aist[sg->seq]);
	dice_text(tmp->dice.used, tmp->dice.nused, dt, sizeof dt);
	snprintf(status, sizeof status, "%s", tmp->rules->over(tmp, NULL) ? "over" : "playing");
	if (!st && want_dice && tmp->dice.mode == DICE_RNG && strcmp(dt, want_dice)) {
		free(tmp);
		err_set(e, NULL, 0, "action %d \"%s\" rolled %s where the store has %s", sg->seq + 1, text,
			dt[0] ? dt : "no dice", want_dice[0] ? want_dice : "none");
		return SRV_DIVERGED;
	}
	if (st) {
		game_ai_text(&sg->aist[sg->seq], ait, sizeof ait);
		if (store_add_action(st, sg->meta.id, sg->seq + 1, text, dt, ait, !sg->meta.seed_fixed, tmp->seed,
				     status, e) != 0) {
			free(tmp);
			if (sink)
				sink->n = evn;
			return SRV_STORE_FAILED;
		}
	}
	*sg->g = *tmp;
	free(tmp);
	sg->meta.seed_fixed = true;
	sg->meta.seed = sg->g->seed;
	snprintf(sg->meta.status, sizeof sg->meta.status, "%s", status);
	rec_append(&sg->rec, sg->g, text, pt);
	sg->seq++;
	if (sink)
		for (int i = evn; i < sink->n; i++)
			push_event(sg, &sink->ev[i], sg->seq);
	sg->version++;
	return 0;
}

struct replay_ctx {
	struct sgame *sg;
	struct err *e;
	struct event *evs;
};

static int load_entropy(void *ctx, int seq, const char *hex)
{
	struct sgame *sg = ctx;
	(void)seq;
	if (sg->nentropy < SRV_ENTROPY_MAX)
		snprintf(sg->entropy[sg->nentropy++], STORE_HEX_MAX, "%s", hex);
	return 0;
}

static int parse_dice_text(const char *s, int *out)
{
	int n = 0;
	while (*s && n < DICE_PER_ACTION) {
		char *end;
		long v = strtol(s, &end, 10);
		if (end == s)
			break;
		out[n++] = (int)v;
		s = end;
	}
	return n;
}

/* Replays one stored action: its text, its dice, and the computer players' state after it
 * when known (ai_known) or stored (ai, game_ai_text; NULL before schema 2). A stored state that
 * does not read is reported once and the computer side chooses again, as before schema 2. */
static int replay_known(struct replay_ctx *R, int seq, const char *text, const char *dice, const char *ai,
			const struct game_ai_state *ai_known)
{
	struct evsink sink;
	struct game_ai_state st;
	struct err pe;
	int d[DICE_PER_ACTION], nd = parse_dice_text(dice, d);
	if (seq != R->sg->seq + 1) {
		err_set(R->e, NULL, 0, "action %d is missing from the store", R->sg->seq + 1);
		return 1;
	}
	if (!ai_known && ai) {
		if (game_ai_parse(&st, ai, &pe) == 0)
			ai_known = &st;
		else if (!R->sg->ai_warned) {
			fprintf(stderr, "crimea serve: game %s: action %d: %s; its computer players choose again\n",
				R->sg->meta.id, seq, pe.msg);
			R->sg->ai_warned = true;
		}
	}
	evsink_init(&sink, R->evs, SRV_EVENTS_STEP);
	if (sg_step(NULL, R->sg, text, d, nd, dice, ai_known, &sink, R->e) != 0)
		return 1;
	return 0;
}

static int replay_action(void *ctx, int seq, const char *text, const char *dice, const char *ai)
{
	return replay_known(ctx, seq, text, dice, ai, NULL);
}

int sg_replay_rec(struct sgame *sg, const struct record *r, const struct game_ai_state *ai, int n,
		  struct event *evbuf, struct err *e)
{
	char dt[STORE_DICE_TEXT_MAX];
	struct replay_ctx R = {sg, e, evbuf};
	if (sg_reset(sg, e) != 0)
		return -1;
	for (int i = 0; i < n; i++) {
		dice_text(r->act[i].dice, r->act[i].ndice, dt, sizeof dt);
		if (replay_known(&R, i + 1, r->act[i].text, dt, NULL, &ai[i]) != 0)
			return -1;
	}
	return 0;
}

struct sgame *sg_new(const struct scenario *scn, struct srv_speed *speed)
{
	struct sgame *sg = calloc(1, sizeof *sg);
	if (!sg)
		return NULL;
	sg->scn = scn;
	sg->speed = speed;
	sg->g = malloc(sizeof *sg->g);
	sg->ev = calloc(SRV_EVENTS_KEEP, sizeof *sg->ev);
	sg->evseq = calloc(SRV_EVENTS_KEEP, sizeof *sg->evseq);
	if (!sg->g || !sg->ev || !sg->evseq) {
		sg_free(sg);
		return NULL;
	}
	return sg;
}

int sg_load(struct store *st, struct sgame *sg, struct event *evbuf, struct err *e)
{
	struct replay_ctx R = {sg, e, evbuf};
	if (store_each_entropy(st, sg->meta.id, load_entropy, sg, e) != 0 || sg_reset(sg, e) != 0 ||
	    store_each_action(st, sg->meta.id, replay_action, &R, e) != 0)
		return -1;
	return 0;
}
