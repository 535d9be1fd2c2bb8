/* fuzz_record: rec_load (src/games/record.h) of a fuzzed game record, then, when it loads,
 * rec_replay with verify on the real balaclava scenario (loaded once). A replay that stops
 * at a checksum or dice divergence is run again without verify so that the actions after it are
 * exercised too. The record's data hash is replaced by the scenario's before replaying: the
 * hash test is one comparison, and skipping it keeps the seed records useful when the data
 * files change. A replay that succeeds must leave a game that keeps the fuzz_game.h
 * invariants, with the computer players' state of the record's last "ai" line (or the seed's
 * when it has none), and whose "players" line, if any, names the scenario's two sides
 * (rec_players), each with a player's name of the line's form (a word, no '=' or '#': what
 * the name means is src/app's, not built here). Every refusal must come with an error
 * message. */
#include "fuzz_game.h"
#include "games/record.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct fz_rec_ctx {
	struct scenario scn;
	char rec[FZ_PATH_MAX];
	struct game g;
	struct action acts[FZ_ACTIONS_MAX];
};
static struct fz_rec_ctx ctx;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char path[FZ_PATH_MAX];
	(void)argc;
	(void)argv;
	fz_layout_balaclava(path, sizeof path, FZ_SKIP_NONE);
	fz_must_load(&ctx.scn, path);
	fz_tmppath(ctx.rec, sizeof ctx.rec, "fuzz.rec");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct record r;
	struct err e;

	fz_write(ctx.rec, data, size);
	memset(&e, 0, sizeof e);
	if (rec_load(&r, ctx.rec, &e) != 0) {
		if (!e.msg[0])
			fz_fail("rec_load failed without saying why");
		if (r.act || r.chk)
			fz_fail("rec_load failed but kept its arrays");
		return 0;
	}
	if (r.nact < 0 || r.nchk < 0 || r.nact > r.capact || r.nchk > r.capchk)
		fz_fail("record counts %d/%d %d/%d", r.nact, r.capact, r.nchk, r.capchk);
	r.data_hash = ctx.scn.data_hash;
	memset(&e, 0, sizeof e);
	int rc = rec_replay(&r, &ctx.scn, &ctx.g, true, ctx.rec, &e);
	if (rc != 0 && !e.msg[0])
		fz_fail("rec_replay failed without saying why");
	if (rc != 0 && (strstr(e.msg, "diverges") || strstr(e.msg, "dice differ"))) {
		memset(&e, 0, sizeof e);
		rc = rec_replay(&r, &ctx.scn, &ctx.g, false, ctx.rec, &e);
		if (rc != 0 && !e.msg[0])
			fz_fail("rec_replay failed without saying why");
	}
	if (rc == 0) {
		struct game_ai_state want, got;
		game_ai_start(&want, r.seed);
		for (int i = 0; i < r.nact; i++)
			if (r.act[i].has_ai)
				want = r.act[i].ai;
		game_ai_get(&ctx.g, &got);
		if (!game_ai_same(&want, &got))
			fz_fail("the replay left the computer players' state of neither the last ai line nor the seed");
		const char *who[2];
		if (rec_players(&r, &ctx.scn, who, ctx.rec, &e) != (r.nseat ? 1 : 0))
			fz_fail("a replayed record's players line does not name the scenario's sides");
		for (int k = 0; r.nseat && k < 2; k++)
			if (!who[k][0] || strlen(who[k]) >= REC_PLAYER_MAX || strpbrk(who[k], " \t=#"))
				fz_fail("a replayed record's players line has a player's name of the wrong form");
		fz_check_state(&ctx.g, ctx.acts, false);
	}
	rec_free(&r);
	return 0;
}
