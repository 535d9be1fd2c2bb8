/* serve: `crimea serve`, the HTTP server (docs/API.md): the JSON API over libmicrohttpd, the
 * static browser client from web/, server-sent events, computer players, verifiable dice
 * (libsodium), and the SQLite store (store.c). The server owns one struct game per live game,
 * rebuilt at start-up by replaying each game's stored actions. One mutex guards every game and
 * the store; computer players think outside it, on a copy of their game (srv_ai_turn); MHD
 * runs a thread per connection so that event streams may block.
 *
 * The request bodies are parsed by srvparse.c; the games in memory, their store and replay are
 * sgame.c's; this file is the HTTP side: routing, the JSON documents, events and files. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <jansson.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <sodium.h>
#include <sys/socket.h>

#include "../ai/ai.h"
#include "../core/fsio.h"
#include "../games/record.h"
#include "../hex/hex.h"
#include "catalog.h"
#include "cli.h"
#include "gamelog.h"
#include "players.h"
#include "../games/cotlb/cgame.h"
#include "../games/cotlb/referee.h"
#include "sgame.h"
#include "srvparse.h"
#include "store.h"
#include "svgbook.h"
#include "reftable.h"
#include "svgmap.h"

#define SRV_SSE_KEEPALIVE 15      /* seconds between keep-alive comments */
#define SRV_AI_STEPS_MAX 100000   /* guard against a rules bug that never hands back */

struct srv {
	pthread_mutex_t mu;
	pthread_cond_t cv;            /* broadcast when any game's version changes, or stopping */
	bool stopping;
	struct store *store;
	struct scenario *scn;         /* owned, immutable once loaded */
	char **scn_json;              /* the scenario detail documents, dumped */
	json_t **scn_view;            /* the same documents (cat_scenario_json), kept for the list's
				       * "first" and "turns" and for the printable sheets */
	int nscn;
	struct srv_speed *speed;      /* owned, one a scenario */
	int resumed, resumed_actions, resumed_redrawn; /* what start-up replayed (load_game) */
	struct sgame **games;
	int ngames, capgames;
	char webdir[PATH_MAX];        /* realpath, or "" when there is none */
	char tmpdir[PATH_MAX];
	struct event *evbuf;          /* SRV_EVENTS_STEP, scratch under mu */
	struct ctab *sheet;           /* the Charge of the Light Brigade play sheet for
				       * /api/referee/cotlb, immutable once loaded; NULL: not served */
};

/* Per-connection state: the body being received. */
struct sconn {
	char *body;
	size_t len, cap;
	bool too_big;
};

/* ---- small helpers ---- */

static void hex_of(const unsigned char *in, size_t n, char *out)
{
	sodium_bin2hex(out, 2 * n + 1, in, n);
}

static void random_hex(char *out, size_t bytes)
{
	unsigned char b[32];
	randombytes_buf(b, bytes);
	hex_of(b, bytes, out);
}

/* The bracketed rule case at the start or inside a refusal ("[7.23] ..."), or "". */
static void rule_of(const char *msg, char *out, size_t n)
{
	out[0] = '\0';
	for (const char *p = strchr(msg, '['); p; p = strchr(p + 1, '[')) {
		const char *q = p + 1;
		while ((*q >= '0' && *q <= '9') || *q == '.')
			q++;
		if (*q == ']' && q > p + 1 && p[1] >= '0' && p[1] <= '9') {
			snprintf(out, n, "%.*s", (int)(q - p + 1), p);
			return;
		}
	}
}

static const struct scenario *find_scn(const struct srv *S, const char *id, int *index)
{
	for (int i = 0; i < S->nscn; i++)
		if (!strcmp(S->scn[i].id, id)) {
			if (index)
				*index = i;
			return &S->scn[i];
		}
	return NULL;
}

static struct sgame *find_game(const struct srv *S, const char *id)
{
	for (int i = 0; i < S->ngames; i++)
		if (!strcmp(S->games[i]->meta.id, id))
			return S->games[i];
	return NULL;
}

static int side_index(const struct scenario *s, const char *name)
{
	for (int k = 0; k < 2; k++)
		if (!strcmp(s->side[k], name))
			return k;
	return -1;
}

/* The seat a token holds: 0 or 1 for a side, 2 for the spectator, -1 for none. Compares in
 * constant time for tokens of the right length. */
static int seat_of(const struct sgame *sg, const char *token)
{
	size_t l = token ? strlen(token) : 0;
	if (!l)
		return -1;
	for (int i = 0; i < sg->nseat; i++) {
		const struct store_seat *t = &sg->seat[i];
		if (!t->token[0] || strlen(t->token) != l || sodium_memcmp(t->token, token, l) != 0)
			continue;
		if (!strcmp(t->side, "spectator"))
			return 2;
		return side_index(sg->scn, t->side);
	}
	return -1;
}

static uint32_t option_bits(const char *opts_json, char *bad_opt, size_t n)
{
	json_t *a = json_loads(opts_json, 0, NULL), *v;
	uint32_t bits = 0;
	size_t i;
	json_array_foreach(a, i, v) {
		const char *o = json_string_value(v);
		if (o && !strcmp(o, "11.27"))
			bits |= 1u; /* the quad option bit the terminal's --option 11.27 sets */
		else if (bad_opt)
			snprintf(bad_opt, n, "%s", o ? o : "?");
	}
	json_decref(a);
	return bits;
}

/* ---- games in memory ---- */

static json_t *event_json(const struct event *e, int seq)
{
	json_t *o = json_object(), *d = json_array();
	json_object_set_new(o, "seq", json_integer(seq));
	json_object_set_new(o, "rule", json_string(e->rule));
	json_object_set_new(o, "text", json_string(e->text));
	for (int i = 0; i < e->ndice && i < 4; i++)
		json_array_append_new(d, json_integer(e->dice[i]));
	json_object_set_new(o, "dice", d);
	return o;
}

static int add_game(struct srv *S, struct sgame *sg)
{
	if (S->ngames == S->capgames) {
		int nc = S->capgames ? S->capgames * 2 : 16;
		struct sgame **ng = realloc(S->games, (size_t)nc * sizeof *ng);
		if (!ng)
			return -1;
		S->games = ng;
		S->capgames = nc;
	}
	S->games[S->ngames++] = sg;
	return 0;
}

/* Resumes one stored game by replaying its actions. */
static int load_game(void *ctx, const char *id)
{
	struct srv *S = ctx;
	struct store_game meta;
	struct store_seat seats[SRV_SEATS];
	struct err e;
	int nseats;
	const struct scenario *scn;
	struct sgame *sg;

	if (store_get(S->store, id, &meta, seats, SRV_SEATS, &nseats, &e) != 0) {
		fprintf(stderr, "crimea serve: game %s not resumed: %s\n", id, e.msg);
		return 0;
	}
	scn = find_scn(S, meta.scenario, NULL);
	if (!scn) {
		fprintf(stderr, "crimea serve: game %s not resumed: no scenario %s\n", id, meta.scenario);
		return 0;
	}
	if (!(sg = sg_new(scn, &S->speed[scn - S->scn])))
		return -1;
	sg->meta = meta;
	sg->nseat = nseats;
	memcpy(sg->seat, seats, sizeof seats);
	sg->options = option_bits(meta.options, NULL, 0);
	for (int i = 0; i < nseats; i++) {
		int k = side_index(scn, seats[i].side);
		struct ai_player p;
		if (k >= 0 && ai_player_parse(seats[i].kind, &p) == 0 && p.kind != AI_NONE)
			sg->ai[k] = p;
	}
	if (sg_load(S->store, sg, S->evbuf, &e) != 0) {
		fprintf(stderr, "crimea serve: game %s not resumed: after %d actions: %s\n", id, sg->seq, e.msg);
		sg_free(sg);
		return 0;
	}
	if (add_game(S, sg) != 0) {
		sg_free(sg);
		return -1;
	}
	S->resumed++;
	S->resumed_actions += sg->seq;
	S->resumed_redrawn += sg->ai_redrawn;
	return 0;
}

/* ---- JSON documents ---- */

static json_t *game_json(const struct sgame *sg, int viewer)
{
	const struct game *g = sg->g;
	json_t *o = g->rules->json_state ? g->rules->json_state(g, viewer < 2 ? viewer : -1) : json_object();
	json_t *evs = json_array(), *ai = json_object();
	struct result r;
	char status[256];
	int side = g->rules->to_act(g);

	if (!o)
		return NULL;
	json_object_set_new(o, "id", json_string(sg->meta.id));
	json_object_set_new(o, "scenario", json_string(sg->scn->id));
	json_object_set_new(o, "mode", json_string(sg->meta.mode));
	json_object_set_new(o, "dice", json_string(sg->meta.dice));
	json_object_set_new(o, "sides", json_pack("[ss]", sg->scn->side[0], sg->scn->side[1]));
	for (int k = 0; k < 2; k++) {
		char name[AI_PLAYER_NAME_MAX];
		if (sg->ai[k].kind != AI_NONE)
			json_object_set_new(ai, sg->scn->side[k], json_string(ai_player_name(&sg->ai[k], name)));
	}
	json_object_set_new(o, "ai", ai);
	json_object_set_new(o, "viewer", viewer == 2 ? json_string("spectator")
					 : viewer >= 0 ? json_string(sg->scn->side[viewer]) : json_null());
	json_object_set_new(o, "status", json_string(sg->meta.status));
	/* the action taken last, by either side (the game screens mark what it named) */
	json_object_set_new(o, "last_action", sg->rec.nact > 0 ? json_string(sg->rec.act[sg->rec.nact - 1].text) : json_null());
	json_object_set_new(o, "to_act", side >= 0 ? json_string(sg->scn->side[side]) : json_null());
	g->rules->status(g, status, sizeof status);
	json_object_set_new(o, "status_text", json_string(status));
	if (g->rules->over(g, &r)) {
		json_t *res = json_object(), *vp = json_object();
		json_object_set_new(res, "winner", r.winner >= 0 && r.winner < 2 ? json_string(sg->scn->side[r.winner]) : json_null());
		json_object_set_new(res, "level", json_string(r.level));
		for (int k = 0; k < 2; k++)
			json_object_set_new(vp, sg->scn->side[k], json_integer(r.vp[k]));
		json_object_set_new(res, "vp", vp);
		json_object_set_new(o, "result", res);
	} else {
		json_object_set_new(o, "result", json_null());
	}
	if (g->rules->score) { /* the score sheet: public, as the players' scratch paper is */
		struct score_sheet *sh = malloc(sizeof *sh);
		struct result sr;
		if (sh) {
			json_t *score = json_object(), *lines = json_array(), *vp = json_object();
			int tot[2] = {0, 0};
			g->rules->score(g, sh, &sr);
			for (int i = 0; i < sh->n; i++) {
				const struct score_line *l = &sh->line[i];
				json_array_append_new(lines, json_pack("{s:s, s:i, s:s, s:s}", "side", sg->scn->side[l->side & 1],
								     "vp", l->vp, "rule", l->rule, "what", l->what));
				tot[l->side & 1] += l->vp;
			}
			for (int k = 0; k < 2; k++)
				json_object_set_new(vp, sg->scn->side[k], json_integer(tot[k]));
			json_object_set_new(score, "vp", vp);
			json_object_set_new(score, "level", json_string(sr.level));
			json_object_set_new(score, "lines", lines);
			/* the whole schedule, items scoring nothing yet too: what is worth points */
			const struct score_line *item[2 * SCORE_LINES_MAX];
			json_t *sched = json_array();
			for (int k = 0, m = score_schedule(sh, item, 2 * SCORE_LINES_MAX); k < m; k++)
				json_array_append_new(sched, json_pack("{s:s, s:s, s:s, s:i}", "side", sg->scn->side[item[k]->side & 1],
								     "rule", item[k]->rule, "item",
								     item[k]->item[0] ? item[k]->item : item[k]->what, "vp", item[k]->vp));
			json_object_set_new(score, "schedule", sched);
			json_object_set_new(o, "score", score);
			free(sh);
		}
	}
	for (int i = 0; i < sg->nev; i++) {
		int slot = (sg->evhead + i) % SRV_EVENTS_KEEP;
		json_array_append_new(evs, event_json(&sg->ev[slot], sg->evseq[slot]));
	}
	json_object_set_new(o, "events", evs);
	json_object_set_new(o, "seq", json_integer(sg->seq));
	json_object_set_new(o, "commitment", json_string(sg->meta.commitment));
	return o;
}

/* ---- the computer players ---- */

/* Lets the computer players of sg act while one of them is to act, each action stored,
 * broadcast and pushed to evs (a JSON array; may be NULL) as a person's is. Called with S->mu
 * held, and returns with it held; the thinking runs without it, on a copy of the game and
 * under the scenario's lock (sg->speed->mu), so that other games, readers and event streams
 * are not held up by a search that may take seconds a decision. The choice is applied only
 * if the game did not change meanwhile (its version), else thought again; only one request at
 * a time plays a game's computer players (sg->thinking). */
static void srv_ai_turn(struct srv *S, struct sgame *sg, json_t *evs)
{
	struct game *copy = malloc(sizeof *copy);
	char text[ACTION_TEXT_MAX];
	struct game_ai_state after;
	struct evsink sink;
	struct err e;

	if (!copy) {
		fprintf(stderr, "crimea serve: game %s: the computer player stops: out of memory\n", sg->meta.id);
		return;
	}
	if (sg->thinking) {
		free(copy);
		return;
	}
	sg->thinking = true;
	for (int steps = 0; steps < SRV_AI_STEPS_MAX && !S->stopping; steps++) {
		int side = sg->g->rules->to_act(sg->g), rc;
		unsigned long version = sg->version;
		if (side < 0 || sg->ai[side].kind == AI_NONE)
			break;
		*copy = *sg->g;
		pthread_mutex_unlock(&S->mu);
		pthread_mutex_lock(&sg->speed->mu);
		rc = sg_think(sg, copy, text, &after, &e);
		pthread_mutex_unlock(&sg->speed->mu);
		pthread_mutex_lock(&S->mu);
		if (rc == 0 && sg->version != version)
			continue; /* the game changed while its player thought: think again */
		evsink_init(&sink, S->evbuf, SRV_EVENTS_STEP);
		if (rc == 0)
			rc = sg_step(S->store, sg, text, NULL, 0, NULL, &after, &sink, &e);
		if (rc != 0) {
			fprintf(stderr, "crimea serve: game %s: the computer player stops: %s\n", sg->meta.id, e.msg);
			break;
		}
		for (int i = 0; evs && i < sink.n; i++)
			json_array_append_new(evs, event_json(&sink.ev[i], sg->seq));
		pthread_cond_broadcast(&S->cv);
	}
	sg->thinking = false;
	free(copy);
}

/* ---- HTTP responses ---- */

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, char *text, size_t len,
				 const char *type)
{
	/* text is malloc'd and passed to MHD, which frees it */
	struct MHD_Response *r = MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
	enum MHD_Result rc;
	if (!r) {
		free(text);
		return MHD_NO;
	}
	MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	rc = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return rc;
}

/* Sends body (stolen reference) as JSON. */
static enum MHD_Result send_json(struct MHD_Connection *c, unsigned status, json_t *body)
{
	char *txt = body ? json_dumps(body, JSON_COMPACT) : NULL;
	json_decref(body);
	if (!txt) {
		static const char oom[] = "{\"error\": \"out of memory\"}";
		txt = malloc(sizeof oom);
		if (!txt)
			return MHD_NO;
		memcpy(txt, oom, sizeof oom);
		status = 500;
	}
	return send_text(c, status, txt, strlen(txt), "application/json");
}

static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status, const char *msg, const char *rule)
{
	json_t *o = json_object();
	json_object_set_new(o, "error", json_string(msg));
	if (rule && rule[0])
		json_object_set_new(o, "rule", json_string(rule));
	return send_json(c, status, o);
}

/* A refusal of the rules: 422 with the case cited in the message. */
static enum MHD_Result send_refusal(struct MHD_Connection *c, const struct err *e)
{
	char rule[EVENT_RULE_MAX];
	rule_of(e->msg, rule, sizeof rule);
	return send_error(c, 422, e->msg, rule);
}

/* ---- API handlers (called with S->mu held) ---- */

static enum MHD_Result api_scenarios(struct srv *S, struct MHD_Connection *c)
{
	json_t *l = json_array();
	for (int i = 0; i < S->nscn; i++) {
		const struct scenario *s = &S->scn[i];
		json_t *o = json_object();
		json_object_set_new(o, "id", json_string(s->id));
		json_object_set_new(o, "title", json_string(s->title));
		json_object_set_new(o, "rules", json_string(s->rules->id));
		json_object_set_new(o, "sides", json_pack("[ss]", s->side[0], s->side[1]));
		json_object_set(o, "first", json_object_get(S->scn_view[i], "first") ? json_object_get(S->scn_view[i], "first") : json_null());
		json_object_set(o, "turns", json_object_get(S->scn_view[i], "turns") ? json_object_get(S->scn_view[i], "turns") : json_null());
		if (json_object_get(S->scn_view[i], "view")) /* "text": no hex map, shown as text */
			json_object_set(o, "view", json_object_get(S->scn_view[i], "view"));
		json_array_append_new(l, o);
	}
	return send_json(c, 200, l);
}

static enum MHD_Result api_scenario(struct srv *S, struct MHD_Connection *c, const char *id)
{
	int i;
	char *txt;
	if (!find_scn(S, id, &i))
		return send_error(c, 404, "no such scenario", NULL);
	txt = strdup(S->scn_json[i]);
	if (!txt)
		return MHD_NO;
	return send_text(c, 200, txt, strlen(txt), "application/json");
}

static enum MHD_Result api_list_games(struct srv *S, struct MHD_Connection *c)
{
	json_t *l = json_array();
	for (int i = 0; i < S->ngames; i++) {
		const struct sgame *sg = S->games[i];
		const struct game *g = sg->g;
		json_t *o = json_object(), *st = g->rules->json_state ? g->rules->json_state(g, -1) : NULL;
		int side = g->rules->to_act(g);
		json_object_set_new(o, "id", json_string(sg->meta.id));
		json_object_set_new(o, "scenario", json_string(sg->scn->id));
		json_object_set_new(o, "mode", json_string(sg->meta.mode));
		json_object_set_new(o, "status", json_string(sg->meta.status));
		json_object_set(o, "turn", json_object_get(st, "turn") ? json_object_get(st, "turn") : json_null());
		json_object_set_new(o, "to_act", side >= 0 ? json_string(sg->scn->side[side]) : json_null());
		json_object_set_new(o, "created", json_integer(sg->meta.created));
		json_decref(st);
		json_array_append_new(l, o);
	}
	return send_json(c, 200, l);
}

static enum MHD_Result api_create(struct srv *S, struct MHD_Connection *c, const struct sconn *k)
{
	struct srv_create q;
	char why[256], badopt[SRV_OPT_MAX] = "";
	const struct scenario *scn;
	struct sgame *sg;
	struct err e;
	unsigned char hash[crypto_hash_sha256_BYTES];
	json_t *opts = json_array(), *resp, *seats;
	char *otxt;

	if (srv_parse_create_body(k->body, k->len, &q, why, sizeof why) != 0) {
		json_decref(opts);
		return send_error(c, 400, why, NULL);
	}
	if (!q.mode[0])
		snprintf(q.mode, sizeof q.mode, "hotseat");
	if (!q.dice[0])
		snprintf(q.dice, sizeof q.dice, "rng");
	if (!(scn = find_scn(S, q.scenario, NULL))) {
		json_decref(opts);
		return send_error(c, 404, "no such scenario", NULL);
	}
	if (strcmp(q.mode, "hotseat") && strcmp(q.mode, "ai") && strcmp(q.mode, "remote")) {
		json_decref(opts);
		return send_error(c, 400, "\"mode\" must be hotseat, ai or remote", NULL);
	}
	if (strcmp(q.dice, "rng") && strcmp(q.dice, "manual")) {
		json_decref(opts);
		return send_error(c, 400, "\"dice\" must be rng or manual", NULL);
	}
	for (int i = 0; i < q.nopt; i++)
		json_array_append_new(opts, json_string(q.opt[i]));
	otxt = json_dumps(opts, JSON_COMPACT);
	json_decref(opts);
	if (!otxt)
		return send_error(c, 500, "out of memory", NULL);
	if (!(sg = sg_new(scn, &S->speed[scn - S->scn]))) {
		free(otxt);
		return send_error(c, 500, "out of memory", NULL);
	}
	snprintf(sg->meta.options, sizeof sg->meta.options, "%s", otxt);
	free(otxt);
	sg->options = option_bits(sg->meta.options, badopt, sizeof badopt);
	if (badopt[0]) {
		snprintf(why, sizeof why, "unknown option \"%s\" (11.27)", badopt);
		goto bad_request;
	}
	if (!strcmp(q.mode, "ai") != (q.nai > 0)) {
		snprintf(why, sizeof why, "%s", q.nai ? "\"ai\" is for mode \"ai\"" : "mode \"ai\" needs \"ai\": {\"SIDE\": \"random\"}");
		goto bad_request;
	}
	for (int i = 0; i < q.nai; i++) {
		int side = side_index(scn, q.ai[i].side);
		struct ai_player p;
		if (side < 0 || ai_player_parse(q.ai[i].name, &p) != 0 || p.kind == AI_NONE ||
		    p.budget > SRV_SEARCH_BUDGET_MAX) {
			char list[128];
			snprintf(why, sizeof why, "\"ai\": sides are %s and %s, players: random, greedy, search, "
				 "search:N (1 <= N <= %d) or greedy:PLAN (%s)", scn->side[0], scn->side[1], SRV_SEARCH_BUDGET_MAX,
				 ai_plan_list(scn->rules, list, sizeof list));
			goto bad_request;
		}
		if (!ai_player_fits(&p, scn->rules)) {
			char list[128];
			snprintf(why, sizeof why, "\"ai\": the %s player does not play %s (a %s game)%s%s", q.ai[i].name, scn->id,
				 scn->rules->id, p.plan[0] ? ": greedy's plans for it: " : "",
				 p.plan[0] ? ai_plan_list(scn->rules, list, sizeof list) : "");
			goto bad_request;
		}
		sg->ai[side] = p;
	}
	if (sg->ai[0].kind != AI_NONE && sg->ai[1].kind != AI_NONE) {
		snprintf(why, sizeof why, "at least one side must be played by a person (crimea sim plays both)");
		goto bad_request;
	}
	if (q.nai && !strcmp(q.dice, "manual")) {
		snprintf(why, sizeof why, "computer players need \"dice\": \"rng\"");
		goto bad_request;
	}
	/* identity, secret, commitment, seats */
	snprintf(sg->meta.id, 3, "g_");
	random_hex(sg->meta.id + 2, 8);
	snprintf(sg->meta.scenario, sizeof sg->meta.scenario, "%s", scn->id);
	snprintf(sg->meta.mode, sizeof sg->meta.mode, "%s", q.mode);
	snprintf(sg->meta.dice, sizeof sg->meta.dice, "%s", q.dice);
	snprintf(sg->meta.status, sizeof sg->meta.status, "playing");
	sg->meta.created = (int64_t)time(NULL);
	randombytes_buf(sg->meta.secret, sizeof sg->meta.secret);
	crypto_hash_sha256(hash, sg->meta.secret, sizeof sg->meta.secret);
	hex_of(hash, sizeof hash, sg->meta.commitment);
	sg->meta.seed_given = sg->meta.seed_fixed = q.has_seed;
	sg->meta.seed = q.seed;
	for (int sd = 0; sd < 2; sd++) {
		struct store_seat *t = &sg->seat[sg->nseat++];
		snprintf(t->side, sizeof t->side, "%s", scn->side[sd]);
		if (sg->ai[sd].kind != AI_NONE) {
			char name[AI_PLAYER_NAME_MAX];
			snprintf(t->kind, sizeof t->kind, "%s", ai_player_name(&sg->ai[sd], name));
		} else {
			snprintf(t->kind, sizeof t->kind, "human");
			random_hex(t->token, 16);
		}
	}
	struct store_seat *spec = &sg->seat[sg->nseat++];
	snprintf(spec->side, sizeof spec->side, "spectator");
	snprintf(spec->kind, sizeof spec->kind, "spectator");
	random_hex(spec->token, 16);
	if (sg_reset(sg, &e) != 0) {
		sg_free(sg);
		return send_error(c, 500, e.msg, NULL);
	}
	if (store_create(S->store, &sg->meta, sg->seat, sg->nseat, &e) != 0) {
		fprintf(stderr, "crimea serve: %s\n", e.msg);
		sg_free(sg);
		return send_error(c, 500, "the game store refused the new game", NULL);
	}
	if (add_game(S, sg) != 0) {
		sg_free(sg);
		return send_error(c, 500, "out of memory", NULL);
	}
	srv_ai_turn(S, sg, NULL);
	resp = json_object();
	seats = json_object();
	json_object_set_new(resp, "id", json_string(sg->meta.id));
	for (int sd = 0; sd < 2; sd++)
		if (sg->seat[sd].token[0])
			json_object_set_new(seats, sg->seat[sd].side, json_string(sg->seat[sd].token));
	json_object_set_new(resp, "seats", seats);
	json_object_set_new(resp, "spectator", json_string(spec->token));
	json_object_set_new(resp, "commitment", json_string(sg->meta.commitment));
	return send_json(c, 201, resp);

bad_request:
	sg_free(sg);
	return send_error(c, 400, why, NULL);
}

/* GET /api/games/{id}?at=N: the position after the first N actions (a replay viewer's step),
 * with the events of action N. Past positions show nothing the players have not seen. */
static enum MHD_Result api_get_game_at(struct MHD_Connection *c, struct sgame *sg, int viewer, const char *at)
{
	char *end;
	long n = strtol(at, &end, 10);
	struct game *g;
	struct record r;
	struct err e;
	struct event evs[256];
	struct evsink sink;
	json_t *o, *jev;

	if (!*at || *end || n < 0 || n > sg->rec.nact)
		return send_error(c, 400, "\"at\" must be an action count from 0 to the game's", NULL);
	g = malloc(sizeof *g);
	if (!g)
		return send_error(c, 500, "out of memory", NULL);
	r = sg->rec;
	r.nact = n > 0 ? (int)n - 1 : 0;
	r.nchk = 0;
	evsink_init(&sink, evs, 256);
	int dice[DICE_PER_ACTION], nd = 0;
	if (n > 0 && sg->rec.dice_mode == DICE_MANUAL) /* manual dice: feed the recorded ones */
		for (nd = 0; nd < sg->rec.act[n - 1].ndice; nd++)
			dice[nd] = sg->rec.act[n - 1].dice[nd];
	if (rec_replay(&r, sg->scn, g, false, NULL, &e) != 0 ||
	    (n > 0 && game_apply_text(g, sg->rec.act[n - 1].text, dice, nd, &sink, &e) != 0)) {
		free(g);
		return send_error(c, 500, e.msg, NULL);
	}
	o = g->rules->json_state ? g->rules->json_state(g, viewer < 2 ? viewer : -1) : json_object();
	if (!o) {
		free(g);
		return send_error(c, 500, "out of memory", NULL);
	}
	jev = json_array();
	for (int i = 0; i < sink.n; i++)
		json_array_append_new(jev, event_json(&sink.ev[i], (int)n));
	json_object_set_new(o, "id", json_string(sg->meta.id));
	json_object_set_new(o, "at", json_integer(n));
	json_object_set_new(o, "of", json_integer(sg->rec.nact));
	json_object_set_new(o, "action", n > 0 ? json_string(sg->rec.act[n - 1].text) : json_null());
	json_object_set_new(o, "events", jev);
	free(g);
	return send_json(c, 200, o);
}

static enum MHD_Result api_get_game(struct MHD_Connection *c, struct sgame *sg, int viewer)
{
	const char *at = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "at");
	if (viewer < 0)
		return send_error(c, 403, "a seat or spectator token is needed", NULL);
	if (at)
		return api_get_game_at(c, sg, viewer, at);
	return send_json(c, 200, game_json(sg, viewer));
}

static enum MHD_Result api_actions(struct MHD_Connection *c, struct sgame *sg, int viewer)
{
	struct game *g = sg->g;
	int side = g->rules->to_act(g), cap = 1024, n;
	struct action *a;
	json_t *o, *l;
	char buf[ACTION_TEXT_MAX];

	if (viewer < 0 || (side >= 0 && viewer != side))
		return send_error(c, 403, "only the side to act may list its actions", NULL);
	o = json_object();
	l = json_array();
	json_object_set_new(o, "side", side >= 0 ? json_string(sg->scn->side[side]) : json_null());
	if (side >= 0) {
		a = malloc((size_t)cap * sizeof *a);
		n = a ? g->rules->actions(g, a, cap) : 0;
		if (a && n > cap) {
			struct action *big = realloc(a, (size_t)n * sizeof *a);
			if (big) {
				a = big;
				cap = n;
				n = g->rules->actions(g, a, cap);
			} else {
				n = cap;
			}
		}
		for (int i = 0; i < n && i < cap; i++) {
			g->rules->format(g, &a[i], buf, sizeof buf);
			json_array_append_new(l, json_string(buf));
		}
		free(a);
	}
	json_object_set_new(o, "actions", l);
	return send_json(c, 200, o);
}

static enum MHD_Result api_act(struct srv *S, struct MHD_Connection *c, struct sgame *sg, const struct srv_req *q)
{
	struct evsink sink;
	struct err e;
	int side = sg->g->rules->to_act(sg->g), viewer = seat_of(sg, q->token), rc;
	json_t *o, *evs;

	if (!q->has_action)
		return send_error(c, 400, "\"action\" is missing", NULL);
	if (side < 0)
		return send_error(c, 422, "[4.0] the game is over", "[4.0]");
	if (viewer != side || sg->ai[side].kind != AI_NONE)
		return send_error(c, 403, "the token is not the seat of the side to act", NULL);
	evsink_init(&sink, S->evbuf, SRV_EVENTS_STEP);
	int first = sg->seq + 1;
	rc = sg_step(S->store, sg, q->action, q->dice, q->ndice, NULL, NULL, &sink, &e);
	if (rc == DICE_NEED) {
		o = json_object();
		json_object_set_new(o, "error", json_string("a die is needed"));
		json_object_set_new(o, "need_dice", json_true());
		return send_json(c, 422, o);
	}
	if (rc == SRV_STORE_FAILED) {
		fprintf(stderr, "crimea serve: %s\n", e.msg);
		return send_error(c, 500, "the game store failed; the action was not taken", NULL);
	}
	if (rc != 0)
		return send_refusal(c, &e);
	evs = json_array();
	for (int i = 0; i < sink.n; i++)
		json_array_append_new(evs, event_json(&sink.ev[i], first));
	pthread_cond_broadcast(&S->cv);
	/* the computer players answer; their events follow, each with its own seq */
	srv_ai_turn(S, sg, evs);
	o = json_object();
	json_object_set_new(o, "events", evs);
	json_object_set_new(o, "game", game_json(sg, viewer));
	return send_json(c, 200, o);
}

/* Parses the text of the odds hook ("  2/6 ( 33.3%) die 1,2  result") into outcomes. */
static json_t *odds_outcomes(const char *text)
{
	json_t *l = json_array();
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		int k, used = 0;
		char dice[64];
		if (sscanf(p, " %d/6 (%*[^)]) die %63s %n", &k, dice, &used) < 2 || used == 0)
			continue;
		const char *res = p + used, *nl = strchr(res, '\n');
		json_t *o = json_object(), *d = json_array();
		char pbuf[16];
		snprintf(pbuf, sizeof pbuf, "%d/6", k);
		json_object_set_new(o, "p", json_string(pbuf));
		for (char *t = dice; *t;) {
			char *end;
			long v = strtol(t, &end, 10);
			if (end == t)
				break;
			json_array_append_new(d, json_integer(v));
			t = *end == ',' ? end + 1 : end;
		}
		json_object_set_new(o, "dice", d);
		json_object_set_new(o, "result", json_stringn(res, nl ? (size_t)(nl - res) : strlen(res)));
		json_array_append_new(l, o);
	}
	return l;
}

static enum MHD_Result api_odds(struct MHD_Connection *c, struct sgame *sg, const struct srv_req *q)
{
	const struct game *g = sg->g;
	struct action a;
	struct err e;
	char out[4096], phase[256];
	json_t *o;

	if (seat_of(sg, q->token) < 0)
		return send_error(c, 403, "a seat or spectator token is needed", NULL);
	if (!q->has_action)
		return send_error(c, 400, "\"action\" is missing", NULL);
	if (!g->rules->odds)
		return send_error(c, 422, "this rule system computes no odds", NULL);
	out[0] = '\0';
	/* in this phase, or planned for the phase ahead that allows it ("ahead" names it) */
	if (g->rules->parse(g, q->action, &a, &e) != 0 ||
	    game_odds_plan(g, &a, out, sizeof out, phase, sizeof phase, &e) != 0)
		return send_refusal(c, &e);
	o = json_object();
	if (phase[0])
		json_object_set_new(o, "ahead", json_string(phase));
	json_object_set_new(o, "text", json_string(out));
	json_object_set_new(o, "outcomes", odds_outcomes(out));
	return send_json(c, 200, o);
}

/* POST .../hint: what a computer player would play now as the side to act (greedy unless the
 * body names one: random, greedy:PLAN, search or search:N up to the server's budget), the
 * game unchanged (ai_player_hint). Only the seat to act asks. The player thinks on a copy
 * without the server's lock, as a computer player's turn does (srv_ai_turn): search takes
 * seconds; if the game changed meanwhile (an undo, the other browser) the hint is refused,
 * 409, to be asked again. */
static enum MHD_Result api_hint(struct srv *S, struct MHD_Connection *c, struct sgame *sg, const struct srv_req *q)
{
	const struct game *g = sg->g;
	int side = g->rules->to_act(g), viewer = seat_of(sg, q->token), rc;
	unsigned long version = sg->version;
	struct ai_player p;
	struct game *copy;
	struct err e;
	char text[ACTION_TEXT_MAX], name[AI_PLAYER_NAME_MAX];
	json_t *o;

	if (side < 0)
		return send_error(c, 422, "[4.0] the game is over", "[4.0]");
	if (viewer != side || sg->ai[side].kind != AI_NONE)
		return send_error(c, 403, "only the seat to act may ask for a hint", NULL);
	if (ai_player_parse(q->has_player ? q->player : "greedy", &p) != 0 ||
	    (p.kind == AI_SEARCH && p.budget > SRV_SEARCH_BUDGET_MAX))
		return send_error(c, 400, "\"player\" is random, greedy, greedy:PLAN (" AI_PLAN_LIST
				  "), search or search:N with N at most 200", NULL);
	if (!ai_player_fits(&p, g->rules))
		return send_error(c, 422, "that computer player does not play this game", NULL);
	if (!(copy = malloc(sizeof *copy)))
		return send_error(c, 500, "out of memory", NULL);
	game_copy(copy, g);
	pthread_mutex_unlock(&S->mu);
	pthread_mutex_lock(&sg->speed->mu);
	rc = sg_hint(sg, copy, &p, text, &e);
	pthread_mutex_unlock(&sg->speed->mu);
	pthread_mutex_lock(&S->mu);
	free(copy);
	if (sg->version != version)
		return send_error(c, 409, "the game changed while the hint was worked out: ask again", NULL);
	if (rc != 0)
		return send_error(c, 422, e.msg, NULL);
	o = json_object();
	json_object_set_new(o, "action", json_string(text));
	json_object_set_new(o, "player", json_string(ai_player_name(&p, name)));
	return send_json(c, 200, o);
}

/* A Charge of the Light Brigade game's table as it stands (reftable.c's drawing): its map.svg. */
static enum MHD_Result send_table(struct MHD_Connection *c, const struct game *g)
{
	char *buf = NULL;
	size_t len = 0;
	if (rtab_svg(cgame_sheet(g), cgame_table(g), cgame_oob(g), cgame_roster(g), &buf, &len) != 0)
		return send_error(c, 500, "out of memory", NULL);
	return send_text(c, 200, buf, len, "image/svg+xml"); /* MHD frees buf */
}

/* The printable map of position g of scenario sc (scn: its view, scn_view; state: the rule
 * system's json_state of the position), the counter sheet, or the booklet of both on the paper the request names (a4 when none), at the default
 * sizes (svgbook_sheet): what `crimea show --svg/--counters/--print` writes. A Charge of the
 * Light Brigade game's map.svg is its table; it has no counters or booklet. */
static enum MHD_Result send_sheet(struct MHD_Connection *c, const struct scenario *sc, const json_t *scn,
				  const json_t *state, enum svgbook_kind kind, const struct game *g)
{
	const char *pname = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "paper");
	const struct svgbook_paper *paper = svgbook_paper(pname ? pname : "a4");
	struct svgmap_opts o;
	struct err e;
	char *buf;
	size_t len;

	if (kind == SVGBOOK_PRINT && !paper)
		return send_error(c, 400, "\"paper\" must be a4, letter, a3 or legal", NULL);
	if (!strcmp(sc->rules->id, "cotlb"))
		return kind == SVGBOOK_MAP ? send_table(c, g)
					   : send_error(c, 422, "this game is played with miniatures on a table: no counters or booklet "
							"to print (map.svg draws the table)", NULL);
	if (!json_is_object(json_object_get(scn, "map")))
		return send_error(c, 422, "this game has no map to print (it is shown as text)", NULL);
	svgmap_opts_default(&o);
	if (svgbook_sheet(kind, sc->title, scn, state, state, &o, paper, &buf, &len, &e) != 0)
		return send_error(c, 500, e.msg, NULL);
	return send_text(c, 200, buf, len, kind == SVGBOOK_PRINT ? "text/html; charset=utf-8" : "image/svg+xml");
}

/* The sheet a request's last path part names (map.svg, counters.svg, print.html), or -1. */
static int sheet_of(const char *what)
{
	return !strcmp(what, "map.svg")        ? SVGBOOK_MAP
	       : !strcmp(what, "counters.svg") ? SVGBOOK_COUNTERS
	       : !strcmp(what, "print.html")   ? SVGBOOK_PRINT
					       : -1;
}

/* GET /api/games/{id}/map.svg, counters.svg and print.html?paper=P: the game as it stands. */
static enum MHD_Result api_sheet(struct srv *S, struct MHD_Connection *c, struct sgame *sg, int viewer,
				 enum svgbook_kind kind)
{
	if (viewer < 0)
		return send_error(c, 403, "a seat or spectator token is needed", NULL);
	json_t *state = sg->g->rules->json_state ? sg->g->rules->json_state(sg->g, viewer < 2 ? viewer : -1) : NULL;
	enum MHD_Result r = send_sheet(c, sg->scn, S->scn_view[sg->scn - S->scn], state, kind, sg->g);
	json_decref(state);
	return r;
}

/* GET /api/scenarios/{id}/map.svg, counters.svg and print.html?paper=P: the scenario's
 * opening position, to print before a game (no token). */
static enum MHD_Result api_scn_sheet(struct srv *S, struct MHD_Connection *c, const char *id, enum svgbook_kind kind)
{
	int i;
	const struct scenario *sc = find_scn(S, id, &i);
	struct err e;
	if (!sc)
		return send_error(c, 404, "no such scenario", NULL);
	struct game *g = malloc(sizeof *g);
	if (!g || game_init(g, sc, 1, DICE_RNG, 0, &e) != 0) {
		free(g);
		return send_error(c, 500, "cannot set the scenario up", NULL);
	}
	json_t *state = g->rules->json_state ? g->rules->json_state(g, -1) : NULL;
	enum MHD_Result r = send_sheet(c, sc, S->scn_view[i], state, kind, g);
	json_decref(state);
	free(g);
	return r;
}

/* GET /api/games/{id}/hex/{HHHH}: the rules' words on a hex (hex_info): terrain, hexsides,
 * the stack, zones of control. Any seat or spectator token; the rules hide nothing in it
 * that the game's own GET would not show. */
static enum MHD_Result api_hex(struct MHD_Connection *c, struct sgame *sg, int viewer, const char *hx)
{
	struct game *g = sg->g;
	struct err e;
	int h;
	if (viewer < 0)
		return send_error(c, 403, "a seat or spectator token is needed", NULL);
	if (!g->rules->hex_info)
		return send_error(c, 422, "this rule system describes no hexes", NULL);
	if (!hex_parse(hx, &h))
		return send_error(c, 400, "a hex is four digits, XXYY", NULL);
	char *out = malloc(16384);
	if (!out)
		return send_error(c, 500, "out of memory", NULL);
	if (g->rules->hex_info(g, h, out, 16384, &e) != 0) {
		free(out);
		return send_error(c, 404, e.msg, NULL);
	}
	json_t *o = json_object();
	json_object_set_new(o, "hex", json_string(hx));
	json_object_set_new(o, "text", json_string(out));
	free(out);
	return send_json(c, 200, o);
}

static enum MHD_Result api_undo(struct srv *S, struct MHD_Connection *c, struct sgame *sg, const struct srv_req *q)
{
	int side = sg->g->rules->to_act(sg->g), viewer = seat_of(sg, q->token), n = sg->seq;
	struct err e;

	if (viewer < 0 || viewer > 1 || viewer != side)
		return send_error(c, 403, "only the side to act may undo", NULL);
	if (n == 0)
		return send_error(c, 422, "nothing to undo", NULL);
	if (sg->rec.act[n - 1].ndice)
		return send_error(c, 422, "undo stops at a die roll", NULL);
	/* replay all but the last action from a copy of the actions and of the computer players'
	 * state after each (the replay rebuilds sg->rec and sg->aist; the players do not choose
	 * again, so an undo costs the rules' time only) */
	struct record r = {0};
	struct game_ai_state *ai = malloc((size_t)n * sizeof *ai);
	struct err e2;
	if (!ai || !(r.act = malloc((size_t)n * sizeof *r.act))) {
		free(ai);
		return send_error(c, 500, "out of memory", NULL);
	}
	memcpy(r.act, sg->rec.act, (size_t)n * sizeof *r.act);
	memcpy(ai, sg->aist, (size_t)n * sizeof *ai);
	r.nact = n;
	bool refused = sg_replay_rec(sg, &r, ai, n - 1, S->evbuf, &e) != 0;
	if (refused || sg->g->rules->to_act(sg->g) != side ||
	    store_undo(S->store, sg->meta.id, n, sg->g->rules->over(sg->g, NULL) ? "over" : "playing", &e2) != 0) {
		bool changed = !refused && sg->g->rules->to_act(sg->g) != side;
		/* put the game back exactly as it was */
		if (sg_replay_rec(sg, &r, ai, n, S->evbuf, &e2) != 0)
			fprintf(stderr, "crimea serve: game %s: cannot restore after a refused undo: %s\n", sg->meta.id, e2.msg);
		free(r.act);
		free(ai);
		if (!refused && !changed) {
			fprintf(stderr, "crimea serve: %s\n", e2.msg);
			return send_error(c, 500, "the game store failed", NULL);
		}
		return send_error(c, 422, changed ? "undo stops where the deciding side changed" : e.msg, NULL);
	}
	free(r.act);
	free(ai);
	snprintf(sg->meta.status, sizeof sg->meta.status, "%s", sg->g->rules->over(sg->g, NULL) ? "over" : "playing");
	sg->version++;
	pthread_cond_broadcast(&S->cv);
	return send_json(c, 200, game_json(sg, viewer));
}

/* Is the dice seed (which the record holds) safe to show? */
static bool record_visible(const struct sgame *sg)
{
	return sg->meta.seed_given || !strcmp(sg->meta.dice, "manual") || !strcmp(sg->meta.status, "over");
}

static enum MHD_Result api_record(struct srv *S, struct MHD_Connection *c, struct sgame *sg, int viewer)
{
	char path[PATH_MAX + 64], *text;
	size_t len;
	struct err e;
	struct record r = sg->rec; /* shares the game's arrays, only read by rec_save */

	if (viewer < 0)
		return send_error(c, 403, "a seat or spectator token is needed", NULL);
	if (!record_visible(sg))
		return send_error(c, 403, "the record holds the dice seed: it is shown once the game is over", NULL);
	/* the game's players, so that "crimea play RECORD.rec" goes on with them, no --ai needed
	 * (a scenario whose side names cannot be written keeps the record without the line) */
	(void)players_to_record(&r, sg->scn, sg->ai);
	snprintf(path, sizeof path, "%s/%s.rec", S->tmpdir, sg->meta.id);
	if (rec_save(&r, path, &e) != 0 || fs_read_all(path, &text, &len, &e) != 0) {
		unlink(path);
		return send_error(c, 500, e.msg, NULL);
	}
	unlink(path);
	return send_text(c, 200, text, len, "text/plain; charset=utf-8");
}

/* GET .../log: the game told action by action with every ruling and its case (what
 * `crimea replay --log` prints of its record), as text: public, like the rulings the game
 * screen shows. */
static enum MHD_Result api_log(struct MHD_Connection *c, struct sgame *sg, int viewer)
{
	char *text;
	size_t len;
	struct err e;

	if (viewer < 0)
		return send_error(c, 403, "a seat or spectator token is needed", NULL);
	if (glog_text(&sg->rec, sg->scn, &text, &len, &e) != 0)
		return send_error(c, 500, e.msg, NULL);
	return send_text(c, 200, text, len, "text/plain; charset=utf-8");
}

static enum MHD_Result api_entropy(struct srv *S, struct MHD_Connection *c, struct sgame *sg, const struct srv_req *q)
{
	int viewer = seat_of(sg, q->token);
	struct err e;
	json_t *o;

	if (viewer < 0 || viewer > 1)
		return send_error(c, 403, "only a player's seat may add entropy", NULL);
	if (!q->has_entropy)
		return send_error(c, 400, "\"entropy\" is missing", NULL);
	if (sg->meta.seed_fixed)
		return send_error(c, 422, sg->meta.seed_given ? "the creator fixed the seed: entropy is not used"
							      : "entropy is closed: the seed was fixed by the first action", NULL);
	if (sg->nentropy >= SRV_ENTROPY_MAX)
		return send_error(c, 422, "enough entropy (16 contributions)", NULL);
	if (store_add_entropy(S->store, sg->meta.id, sg->nentropy + 1, sg->scn->side[viewer], q->entropy, &e) != 0) {
		fprintf(stderr, "crimea serve: %s\n", e.msg);
		return send_error(c, 500, "the game store failed", NULL);
	}
	snprintf(sg->entropy[sg->nentropy++], STORE_HEX_MAX, "%s", q->entropy);
	for (char *p = sg->entropy[sg->nentropy - 1]; *p; p++)
		if (*p >= 'A' && *p <= 'F')
			*p = (char)(*p - 'A' + 'a');
	if (sg_reset(sg, &e) != 0)
		return send_error(c, 500, e.msg, NULL);
	o = json_object();
	json_object_set_new(o, "entropy", json_integer(sg->nentropy));
	json_object_set_new(o, "commitment", json_string(sg->meta.commitment));
	return send_json(c, 200, o);
}

static enum MHD_Result api_reveal(struct MHD_Connection *c, struct sgame *sg)
{
	char secret[65], seed[24];
	json_t *o, *l;
	if (strcmp(sg->meta.status, "over"))
		return send_error(c, 403, "the secret is revealed once the game is over", NULL);
	hex_of(sg->meta.secret, sizeof sg->meta.secret, secret);
	snprintf(seed, sizeof seed, "%" PRIu64, sg->g->seed);
	o = json_object();
	l = json_array();
	json_object_set_new(o, "secret", json_string(secret));
	json_object_set_new(o, "commitment", json_string(sg->meta.commitment));
	for (int i = 0; i < sg->nentropy; i++)
		json_array_append_new(l, json_string(sg->entropy[i]));
	json_object_set_new(o, "entropy", l);
	json_object_set_new(o, "seed", json_string(seed));
	json_object_set_new(o, "seed_source", json_string(sg->meta.seed_given ? "creator" : "commitment"));
	return send_json(c, 200, o);
}

/* ---- server-sent events ---- */

struct sse {
	struct srv *S;
	struct sgame *sg;
	unsigned long version;
	bool hello;
};

static ssize_t sse_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct sse *x = cls;
	struct srv *S = x->S;
	int n = 0;
	(void)pos;

	if (max < 64)
		return 0;
	pthread_mutex_lock(&S->mu);
	if (!x->hello) {
		x->hello = true;
		pthread_mutex_unlock(&S->mu);
		return snprintf(buf, max, "retry: 2000\n: crimea %s\n\n", x->sg->meta.id);
	}
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += SRV_SSE_KEEPALIVE;
	while (!S->stopping && x->version == x->sg->version) {
		if (pthread_cond_timedwait(&S->cv, &S->mu, &until) == ETIMEDOUT)
			break;
	}
	if (S->stopping) {
		pthread_mutex_unlock(&S->mu);
		return MHD_CONTENT_READER_END_OF_STREAM;
	}
	if (x->version != x->sg->version) {
		x->version = x->sg->version;
		n = snprintf(buf, max, "event: update\ndata: {\"seq\": %d}\n\n", x->sg->seq);
	} else {
		n = snprintf(buf, max, ": keep-alive\n\n");
	}
	pthread_mutex_unlock(&S->mu);
	return n;
}

static void sse_free(void *cls)
{
	free(cls);
}

static enum MHD_Result api_events(struct srv *S, struct MHD_Connection *c, struct sgame *sg, int viewer)
{
	struct sse *x;
	struct MHD_Response *r;
	enum MHD_Result rc;

	if (viewer < 0)
		return send_error(c, 403, "a seat or spectator token is needed", NULL);
	if (!(x = calloc(1, sizeof *x)))
		return MHD_NO;
	x->S = S;
	x->sg = sg;
	x->version = sg->version;
	r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 1024, sse_read, x, sse_free);
	if (!r) {
		free(x);
		return MHD_NO;
	}
	MHD_add_response_header(r, "Content-Type", "text/event-stream");
	MHD_add_response_header(r, "Cache-Control", "no-cache");
	rc = MHD_queue_response(c, 200, r);
	MHD_destroy_response(r);
	return rc;
}

/* ---- static files ---- */

static const char *content_type(const char *path)
{
	static const struct {
		const char *ext, *type;
	} t[] = {
		{".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
		{".mjs", "text/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
		{".svg", "image/svg+xml"}, {".png", "image/png"}, {".json", "application/json"},
		{".ico", "image/x-icon"}, {".txt", "text/plain; charset=utf-8"},
	};
	size_t l = strlen(path);
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		size_t el = strlen(t[i].ext);
		if (l > el && !strcmp(path + l - el, t[i].ext))
			return t[i].type;
	}
	return "application/octet-stream";
}

/* A safe relative path: segments of [A-Za-z0-9._-] not starting with '.', no empty segment. */
static bool safe_path(const char *p)
{
	if (*p != '/')
		return false;
	for (p++;;) {
		const char *seg = p;
		if (*p == '.' || *p == '/' || *p == '\0')
			return false;
		while (*p && *p != '/') {
			char ch = *p;
			if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
			      ch == '.' || ch == '_' || ch == '-'))
				return false;
			p++;
		}
		if (p - seg > 255)
			return false;
		if (!*p)
			return true;
		p++;
	}
}

static enum MHD_Result serve_file(struct srv *S, struct MHD_Connection *c, const char *url)
{
	char full[PATH_MAX * 2], real[PATH_MAX];
	struct stat st;
	size_t wl = strlen(S->webdir);
	int fd;
	struct MHD_Response *r;
	enum MHD_Result rc;

	if (!strcmp(url, "/"))
		url = "/index.html";
	if (!S->webdir[0] || !safe_path(url) || strlen(url) > PATH_MAX)
		return send_error(c, 404, "not found", NULL);
	snprintf(full, sizeof full, "%s%s", S->webdir, url);
	if (!realpath(full, real) || strncmp(real, S->webdir, wl) || real[wl] != '/' ||
	    stat(real, &st) != 0 || !S_ISREG(st.st_mode))
		return send_error(c, 404, "not found", NULL);
	fd = open(real, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return send_error(c, 404, "not found", NULL);
	r = MHD_create_response_from_fd((size_t)st.st_size, fd);
	if (!r) {
		close(fd);
		return MHD_NO;
	}
	MHD_add_response_header(r, "Content-Type", content_type(real));
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Cache-Control", "no-cache");
	rc = MHD_queue_response(c, 200, r);
	MHD_destroy_response(r);
	return rc;
}

/* GET /api/referee/cotlb: the play sheet's keys; POST: a ruling or its odds (docs/API.md
 * "Referee"). The sheet is immutable, so this needs nothing of the games. */
static enum MHD_Result api_referee(struct srv *S, struct MHD_Connection *c, bool post, const struct sconn *k)
{
	struct ref_req *q;
	struct ref_out *o;
	json_t *body, *resp;
	json_error_t jerr;
	char why[256];
	int rc;

	if (!S->sheet)
		return send_error(c, 404, "this server has no referee's sheet (data/cotlb/sheet-2014.json)", NULL);
	if (!post)
		return send_json(c, 200, ref_sheet_json(S->sheet));
	if (!k->body || !(body = json_loadb(k->body, k->len, JSON_REJECT_DUPLICATES, &jerr)))
		return send_error(c, 400, "the body must be a JSON object", NULL);
	q = malloc(sizeof *q);
	o = malloc(sizeof *o);
	if (!q || !o) {
		free(q);
		free(o);
		json_decref(body);
		return send_error(c, 500, "out of memory", NULL);
	}
	rc = ref_req_json(body, q, why, sizeof why);
	json_decref(body);
	if (rc != 0) {
		free(q);
		free(o);
		return send_error(c, 400, why, NULL);
	}
	rc = ref_run(S->sheet, q, o);
	resp = ref_out_json(o);
	if (rc != 0 && resp) {
		char rule[EVENT_RULE_MAX] = "";
		const char *end = o->error[0] == '[' ? strchr(o->error, ']') : NULL;
		/* the sheet's sections are named, not numbered: "[Fire (n)] ..." */
		if (end && (size_t)(end - o->error) < sizeof rule - 1)
			snprintf(rule, sizeof rule, "%.*s", (int)(end - o->error + 1), o->error);
		json_object_set_new(resp, "error", json_string(o->error));
		if (rule[0])
			json_object_set_new(resp, "rule", json_string(rule));
	}
	free(q);
	free(o);
	return send_json(c, rc == 0 ? 200 : rc == 1 ? 422 : 400, resp);
}

/* POST /api/referee/siege and /api/referee/ulm: {"args": [words]}, the words of `crimea referee
 * siege|ulm ...` after the system's name; the answer is the command's own text (docs/API.md
 * "Referee"). The client may not name a file on the server (--tables, --game, new). */
#define REF_ARGS_MAX 40
static enum MHD_Result api_referee_cmd(struct MHD_Connection *c, const char *sys, const struct sconn *k)
{
	json_t *body, *args, *x, *resp;
	json_error_t jerr;
	char *argv[REF_ARGS_MAX + 3], *obuf = NULL, *ebuf = NULL;
	char words[REF_ARGS_MAX + 2][72]; /* argv's own copies (the command may not change jansson's) */
	size_t olen = 0, elen = 0, i;
	FILE *out, *err;
	int argc = 0, rc;

	if (!k->body || !(body = json_loadb(k->body, k->len, JSON_REJECT_DUPLICATES, &jerr)))
		return send_error(c, 400, "the body must be a JSON object", NULL);
	args = json_object_get(body, "args");
	if (!json_is_array(args) || !json_array_size(args) || json_array_size(args) > REF_ARGS_MAX) {
		json_decref(body);
		return send_error(c, 400, "\"args\" must be a list of 1 to 40 words, the command's after the system", NULL);
	}
	snprintf(words[0], sizeof words[0], "crimea");
	snprintf(words[1], sizeof words[1], "%s", sys);
	argv[argc] = words[argc];
	argc++;
	argv[argc] = words[argc];
	argc++;
	json_array_foreach(args, i, x) {
		const char *w = json_string_value(x);
		if (!w || json_string_length(x) > 64 || !strncmp(w, "--tables", 8) || !strncmp(w, "--help", 6) ||
		    !strncmp(w, "--game", 6) || (i == 0 && !strcmp(w, "new"))) {
			json_decref(body);
			return send_error(c, 400, "each word is a string of at most 64 characters, and neither --tables, --help nor a "
					  "game file (--game, new: the command line's)", NULL);
		}
		snprintf(words[argc], sizeof words[argc], "%s", w);
		argv[argc] = words[argc];
		argc++;
	}
	argv[argc] = NULL;
	out = open_memstream(&obuf, &olen);
	err = open_memstream(&ebuf, &elen);
	if (!out || !err) {
		if (out)
			fclose(out);
		if (err)
			fclose(err);
		free(obuf);
		free(ebuf);
		json_decref(body);
		return send_error(c, 500, "out of memory", NULL);
	}
	rc = !strcmp(sys, "siege") ? referee_siege_io(argc, argv, out, err) : referee_ulm_io(argc, argv, out, err);
	fclose(out);
	fclose(err);
	json_decref(body);
	resp = json_pack("{s:s}", "text", obuf ? obuf : "");
	if (resp && rc != 0) {
		char rule[EVENT_RULE_MAX];
		rule_of(ebuf ? ebuf : "", rule, sizeof rule);
		json_object_set_new(resp, "error", json_string(ebuf && *ebuf ? ebuf : "refused"));
		if (rule[0])
			json_object_set_new(resp, "rule", json_string(rule));
	}
	free(obuf);
	free(ebuf);
	return send_json(c, rc == 0 ? 200 : rc == 1 ? 422 : 400, resp);
}

/* ---- routing ---- */

/* Splits "ID/what" (after /api/games/ or /api/scenarios/) into id and what ("" when absent).
 * Returns false if malformed. */
static bool split_id_url(const char *rest, char *id, size_t idn, const char **what)
{
	const char *sl = strchr(rest, '/');
	size_t l = sl ? (size_t)(sl - rest) : strlen(rest);
	if (l == 0 || l >= idn)
		return false;
	memcpy(id, rest, l);
	id[l] = '\0';
	*what = sl ? sl + 1 : "";
	return true;
}

static enum MHD_Result route_api(struct srv *S, struct MHD_Connection *c, const char *url, const char *method,
				 const struct sconn *k)
{
	bool get = !strcmp(method, "GET") || !strcmp(method, "HEAD"), post = !strcmp(method, "POST");
	char id[STORE_ID_MAX], why[256];
	const char *what;
	struct sgame *sg;
	struct srv_req q;

	if (!strcmp(url, "/api/scenarios"))
		return get ? api_scenarios(S, c) : send_error(c, 405, "use GET", NULL);
	if (!strncmp(url, "/api/scenarios/", 15)) {
		if (!get)
			return send_error(c, 405, "use GET", NULL);
		char sid[SCN_ID_MAX];
		if (!split_id_url(url + 15, sid, sizeof sid, &what))
			return send_error(c, 404, "no such scenario", NULL);
		if (!*what)
			return api_scenario(S, c, sid);
		if (sheet_of(what) >= 0)
			return api_scn_sheet(S, c, sid, (enum svgbook_kind)sheet_of(what));
		return send_error(c, 404, "no such endpoint", NULL);
	}
	if (!strcmp(url, "/api/referee/siege") || !strcmp(url, "/api/referee/ulm")) {
		if (!post)
			return send_error(c, 405, "use POST", NULL);
		return api_referee_cmd(c, url + 13, k);
	}
	if (!strcmp(url, "/api/referee/cotlb")) {
		if (!get && !post)
			return send_error(c, 405, "use GET or POST", NULL);
		return api_referee(S, c, post, k);
	}
	if (!strcmp(url, "/api/games")) {
		if (get)
			return api_list_games(S, c);
		if (post)
			return api_create(S, c, k);
		return send_error(c, 405, "use GET or POST", NULL);
	}
	if (strncmp(url, "/api/games/", 11) || !split_id_url(url + 11, id, sizeof id, &what))
		return send_error(c, 404, "no such endpoint", NULL);
	if (!(sg = find_game(S, id)))
		return send_error(c, 404, "no such game", NULL);
	if (get) {
		const char *tok = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
		int viewer = seat_of(sg, tok);
		if (!*what)
			return api_get_game(c, sg, viewer);
		if (!strcmp(what, "actions"))
			return api_actions(c, sg, viewer);
		if (!strcmp(what, "record"))
			return api_record(S, c, sg, viewer);
		if (!strcmp(what, "log"))
			return api_log(c, sg, viewer);
		if (!strcmp(what, "events"))
			return api_events(S, c, sg, viewer);
		if (!strcmp(what, "reveal"))
			return api_reveal(c, sg);
		if (!strncmp(what, "hex/", 4))
			return api_hex(c, sg, viewer, what + 4);
		if (sheet_of(what) >= 0)
			return api_sheet(S, c, sg, viewer, (enum svgbook_kind)sheet_of(what));
		if (!strcmp(what, "odds") || !strcmp(what, "hint") || !strcmp(what, "undo") || !strcmp(what, "entropy"))
			return send_error(c, 405, "use POST", NULL);
		return send_error(c, 404, "no such endpoint", NULL);
	}
	if (!post)
		return send_error(c, 405, "use GET or POST", NULL);
	if (strcmp(what, "actions") && strcmp(what, "odds") && strcmp(what, "hint") && strcmp(what, "undo") &&
	    strcmp(what, "entropy"))
		return send_error(c, !*what || !strcmp(what, "record") || !strcmp(what, "log") || !strcmp(what, "events") ||
					     !strcmp(what, "reveal") || !strncmp(what, "hex/", 4) ||
					     sheet_of(what) >= 0 ? 405 : 404,
				  "no such endpoint for POST", NULL);
	if (srv_parse_action_body(k->body, k->len, &q, why, sizeof why) != 0)
		return send_error(c, 400, why, NULL);
	if (!q.has_token)
		return send_error(c, 403, "\"token\" is missing", NULL);
	if (!strcmp(what, "actions"))
		return api_act(S, c, sg, &q);
	if (!strcmp(what, "odds"))
		return api_odds(c, sg, &q);
	if (!strcmp(what, "hint"))
		return api_hint(S, c, sg, &q);
	if (!strcmp(what, "undo"))
		return api_undo(S, c, sg, &q);
	return api_entropy(S, c, sg, &q);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
				  const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
	struct srv *S = cls;
	struct sconn *k = *con_cls;
	enum MHD_Result rc;
	(void)version;

	if (!k) {
		const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
		if (!(k = calloc(1, sizeof *k)))
			return MHD_NO;
		*con_cls = k;
		if (cl && strtoull(cl, NULL, 10) > SRV_BODY_MAX) {
			k->too_big = true;
			return send_error(c, 413, "the body is larger than 64 KiB", NULL);
		}
		return MHD_YES;
	}
	if (*upload_size) {
		if (!k->too_big && k->len + *upload_size <= SRV_BODY_MAX) {
			if (k->len + *upload_size + 1 > k->cap) {
				size_t nc = k->len + *upload_size + 1 + 4096;
				char *nb = realloc(k->body, nc);
				if (!nb)
					return MHD_NO;
				k->body = nb;
				k->cap = nc;
			}
			memcpy(k->body + k->len, upload, *upload_size);
			k->len += *upload_size;
			k->body[k->len] = '\0';
		} else {
			k->too_big = true;
		}
		*upload_size = 0;
		return MHD_YES;
	}
	if (k->too_big)
		return send_error(c, 413, "the body is larger than 64 KiB", NULL);
	if (strncmp(url, "/api/", 5) && strcmp(url, "/api")) {
		if (strcmp(method, "GET") && strcmp(method, "HEAD"))
			return send_error(c, 405, "use GET", NULL);
		return serve_file(S, c, url);
	}
	pthread_mutex_lock(&S->mu);
	rc = route_api(S, c, url, method, k);
	pthread_mutex_unlock(&S->mu);
	return rc;
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
	struct sconn *k = *con_cls;
	(void)cls;
	(void)c;
	(void)toe;
	if (k) {
		free(k->body);
		free(k);
		*con_cls = NULL;
	}
}

/* ---- start-up ---- */

static const char serve_help[] =
	"usage: crimea serve [--listen ADDR] [--port N] [--db FILE] [--web DIR]\n"
	"  HTTP server for the browser client and the JSON API (docs/API.md).\n"
	"  --listen ADDR   address to listen on (default 127.0.0.1; an IPv6 address works too)\n"
	"  --port N        port (default 8080; 0 picks a free one, printed when ready)\n"
	"  --db FILE       the SQLite game store (default ./crimea.db); games resume from it\n"
	"  --web DIR       the static client (default ./web)\n"
	"  Stops cleanly on SIGINT or SIGTERM.\n";

/* The referee's play sheet from the data directory, when there is one (a data directory
 * without it serves the games alone; a broken one says why and is not served). */
static void load_sheet(struct srv *S, const char *dir, struct errlist *errs)
{
	char path[SCN_PATH_MAX + 64];
	struct stat st;
	snprintf(path, sizeof path, "%s/cotlb/sheet-2014.json", dir);
	if (stat(path, &st) != 0)
		return;
	if (!(S->sheet = malloc(sizeof *S->sheet)))
		return;
	errlist_init(errs);
	if (ctab_load_file(S->sheet, path, errs) != 0) {
		fprintf(stderr, "crimea serve: the referee's sheet %s not served:\n", path);
		cli_print_errs(errs);
		free(S->sheet);
		S->sheet = NULL;
	}
}

static int load_scenarios(struct srv *S, const char *argv0)
{
	struct catalog *cat = malloc(sizeof *cat);
	struct errlist *errs = malloc(sizeof *errs);
	struct err e;
	int rc = -1, threads = cli_think_threads();

	if (!cat || !errs)
		goto out;
	if (cat_load(cat, argv0, &e) != 0) {
		cli_print_err(&e);
		goto out;
	}
	S->scn = calloc((size_t)cat->n + 1, sizeof *S->scn);
	S->scn_json = calloc((size_t)cat->n + 1, sizeof *S->scn_json);
	S->scn_view = calloc((size_t)cat->n + 1, sizeof *S->scn_view);
	S->speed = calloc((size_t)cat->n + 1, sizeof *S->speed);
	if (!S->scn || !S->scn_json || !S->scn_view || !S->speed)
		goto out;
	for (int i = 0; i < cat->n; i++) {
		struct scenario *s = &S->scn[S->nscn];
		errlist_init(errs);
		if (cat_scenario(cat, cat->e[i].id, s, errs) != 0) {
			fprintf(stderr, "crimea serve: scenario %s not served:\n", cat->e[i].id);
			cli_print_errs(errs);
			continue;
		}
		if (!s->rules->json_scenario || !s->rules->json_state) {
			/* the browser shows a game from these: a rule system without them is not served */
			scenario_free(s);
			continue;
		}
		json_t *d = cat_scenario_json(s);
		if (!d) {
			scenario_free(s);
			continue;
		}
		S->scn_json[S->nscn] = json_dumps(d, JSON_COMPACT);
		if (!S->scn_json[S->nscn]) {
			json_decref(d);
			scenario_free(s);
			continue;
		}
		S->scn_view[S->nscn] = d;
		pthread_mutex_init(&S->speed[S->nscn].mu, NULL);
		S->speed[S->nscn].threads = threads;
		S->nscn++;
	}
	load_sheet(S, cat->dir, errs);
	rc = 0;
out:
	free(cat);
	free(errs);
	return rc;
}

static void srv_free(struct srv *S)
{
	for (int i = 0; i < S->ngames; i++)
		sg_free(S->games[i]);
	free(S->games);
	for (int i = 0; i < S->nscn; i++) {
		if (S->speed && S->speed[i].memo)
			S->scn[i].rules->memo_free(S->speed[i].memo);
		if (S->speed) {
			ai_scratch_free(S->speed[i].ai_scratch);
			pthread_mutex_destroy(&S->speed[i].mu);
		}
		scenario_free(&S->scn[i]);
		free(S->scn_json[i]);
		json_decref(S->scn_view[i]);
	}
	free(S->scn_view);
	free(S->speed);
	free(S->scn);
	free(S->scn_json);
	store_close(S->store);
	free(S->evbuf);
	free(S->sheet);
	if (S->tmpdir[0])
		rmdir(S->tmpdir);
	pthread_mutex_destroy(&S->mu);
	pthread_cond_destroy(&S->cv);
	free(S);
}

int cmd_serve(int argc, char **argv)
{
	const char *listen = "127.0.0.1", *db = "./crimea.db", *web = "./web";
	long port = 8080;
	struct srv *S;
	struct err e;
	struct MHD_Daemon *d = NULL;
	struct sockaddr_in a4;
	struct sockaddr_in6 a6;
	struct sockaddr *addr;
	bool v6;
	sigset_t sigs;
	int sig, rc = 1;

	if (cli_help(argc, argv, serve_help))
		return 0;
	for (int i = 1; i < argc; i++) {
		if (i + 1 < argc && !strcmp(argv[i], "--listen"))
			listen = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--port")) {
			char *end;
			port = strtol(argv[++i], &end, 10);
			if (*end || port < 0 || port > 65535) {
				fprintf(stderr, "crimea serve: bad port %s\n", argv[i]);
				return 2;
			}
		} else if (i + 1 < argc && !strcmp(argv[i], "--db"))
			db = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--web"))
			web = argv[++i];
		else {
			fprintf(stderr, "crimea serve: unexpected argument %s\n%s", argv[i], serve_help);
			return 2;
		}
	}
	if (!strcmp(listen, "localhost"))
		listen = "127.0.0.1";
	v6 = strchr(listen, ':') != NULL;
	memset(&a4, 0, sizeof a4);
	memset(&a6, 0, sizeof a6);
	a4.sin_family = AF_INET;
	a4.sin_port = htons((uint16_t)port);
	a6.sin6_family = AF_INET6;
	a6.sin6_port = htons((uint16_t)port);
	if (v6 ? inet_pton(AF_INET6, listen, &a6.sin6_addr) != 1 : inet_pton(AF_INET, listen, &a4.sin_addr) != 1) {
		fprintf(stderr, "crimea serve: --listen needs a numeric address (127.0.0.1, ::1), not %s\n", listen);
		return 2;
	}
	addr = v6 ? (struct sockaddr *)&a6 : (struct sockaddr *)&a4;
	if (sodium_init() < 0) {
		fprintf(stderr, "crimea serve: libsodium cannot start\n");
		return 1;
	}
	if (!(S = calloc(1, sizeof *S)))
		return 1;
	pthread_mutex_init(&S->mu, NULL);
	pthread_cond_init(&S->cv, NULL);
	S->evbuf = calloc(SRV_EVENTS_STEP, sizeof *S->evbuf);
	if (!S->evbuf)
		goto out;
	if (!realpath(web, S->webdir)) {
		fprintf(stderr, "crimea serve: no web client at %s (the API is served; / is not)\n", web);
		S->webdir[0] = '\0';
	}
	snprintf(S->tmpdir, sizeof S->tmpdir, "%s/crimea-serve.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(S->tmpdir)) {
		fprintf(stderr, "crimea serve: cannot create a temporary directory: %s\n", strerror(errno));
		S->tmpdir[0] = '\0';
		goto out;
	}
	if (load_scenarios(S, argv[0]) != 0)
		goto out;
	if (store_open(&S->store, db, &e) != 0) {
		cli_print_err(&e);
		goto out;
	}
	if (store_each_game(S->store, load_game, S, &e) != 0) {
		fprintf(stderr, "crimea serve: cannot resume the stored games\n");
		goto out;
	}
	if (S->resumed)
		fprintf(stderr, "crimea serve: resumed %d game%s: %d actions replayed, %d computer choices made again"
				" (actions stored before schema 2 keep no computer players' state)\n",
			S->resumed, S->resumed == 1 ? "" : "s", S->resumed_actions, S->resumed_redrawn);
	/* SIGINT and SIGTERM are taken by sigwait below; every thread inherits the mask. */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &sigs, NULL);
	signal(SIGPIPE, SIG_IGN);
	d = MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG |
				     (v6 ? MHD_USE_IPv6 : 0),
			     (uint16_t)port, NULL, NULL, on_request, S, MHD_OPTION_SOCK_ADDR, addr,
			     MHD_OPTION_NOTIFY_COMPLETED, on_completed, S, MHD_OPTION_CONNECTION_LIMIT, 256u,
			     MHD_OPTION_CONNECTION_TIMEOUT, 120u, MHD_OPTION_END);
	if (!d) {
		fprintf(stderr, "crimea serve: cannot listen on %s port %ld: %s\n", listen, port, strerror(errno));
		goto out;
	}
	{
		const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
		unsigned p = info ? info->port : (unsigned)port;
		printf("crimea: serving http://%s%s%s:%u/\n", v6 ? "[" : "", listen, v6 ? "]" : "", p);
		fflush(stdout);
	}
	if (sigwait(&sigs, &sig) == 0)
		fprintf(stderr, "crimea serve: %s, stopping\n", sig == SIGINT ? "interrupted" : "terminated");
	pthread_mutex_lock(&S->mu);
	S->stopping = true;
	pthread_cond_broadcast(&S->cv);
	pthread_mutex_unlock(&S->mu);
	MHD_stop_daemon(d);
	rc = 0;
out:
	srv_free(S);
	return rc;
}

