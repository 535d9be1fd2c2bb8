/* cmd_sim: `crimea sim`, Monte Carlo studies. N computer-vs-computer games of a scenario on J
 * threads (and K MPI ranks when built with `make MPI=1`); prints the distribution of victory
 * levels with Wilson intervals, victory points, game length and the historical outcome.
 * Game i always uses seed rng_mix(seed, i) and tallies are exact integer sums, so the output
 * is identical for any --jobs and any number of ranks. With --compare a second study (B) plays
 * the same deals with other players or optional rules, and simcmp.c reports the two paired. */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef CRIMEA_MPI
#include <mpi.h>
#endif

#include "../ai/ai.h"
#include "../ai/sim.h"
#include "../core/fsio.h"
#include "../games/quad/quad.h"
#include "../games/quad/qbattle.h"
#include "cli.h"
#include "simcmp.h"
#include "stopsig.h"

#define SIM_GAMES_MAX 1000000000LL /* -n */
#define SIM_LIST_MAX 10000000LL    /* -n with --list (per-game results are kept) */
#define SIM_JOBS_MAX 256
#define Z95 1.959963984540054      /* normal quantile of 0.975 */

static const char sim_help[] =
	"usage: crimea sim SCENARIO [-n N] [options]\n"
	"  Plays N games computer against computer and prints the distribution of victory\n"
	"  levels (95% Wilson intervals), victory points, game length, where the points go (each\n"
	"  item of the victory point schedule: mean, share of games it scored in, range) and the\n"
	"  historical outcome.\n"
	"  -n N              games to play (default 100)\n"
	"  --ai SIDE=PLAYER  the player of a side (default random for both; SIDE may be both):\n"
	"                    random, greedy, search, or search:N (N rollouts a decision; 60;\n"
	"                    Sevastopol: N/10 games of each greedy plan a player-turn, and N\n"
	"                    in all over a storm's or an assault's choices; CotLB: N/12\n"
	"                    rollouts of each greedy plan a player-turn);\n"
	"                    greedy:PLAN plays one of greedy's plans for the rule system\n"
	"                    throughout, for what-ifs of style (" AI_PLAN_LIST ")\n"
	"  --seed S          study seed (default 1); game i uses seed rng_mix(S, i)\n"
	"  --jobs J          worker threads (default 1); the output does not depend on J\n"
	"  --options LIST    optional rules, comma-separated: 11.27 (disrupted cavalry does not\n"
	"                    retreat before combat); Inkerman's 23.1 ... 28.2, groups 23-28, all\n"
	"  --compare SIDE=PLAYER\n"
	"                    also play study B on the same deals (game i of both from the same\n"
	"                    seed), with SIDE's player replaced (repeatable), and print the\n"
	"                    two side by side: each outcome's change with its paired 95%\n"
	"                    interval (Newcombe), the outcomes pair by pair, the points' and\n"
	"                    the length's changes (paired intervals), each score item's means\n"
	"  --compare-options LIST\n"
	"                    study B's optional rules (none, or as --options): what a rule does\n"
	"  --cap N           a game still not over after N actions is an error (default 200000)\n"
	"  --check           fuzz the rules: check the rule system's invariants after every\n"
	"                    action, and replay every game's record and verify its checksums\n"
	"  --json            print the study as one JSON object\n"
	"  --list            also list every game: index, seed, level, points, length\n"
	"  --svg FILE        write a bar chart of the victory levels (written atomically)\n"
	"  A progress bar with rate and time left goes to stderr when it is a terminal.\n"
	"  ^C (or SIGTERM, SIGHUP) stops the study once the games being played end, and prints\n"
	"  the results of the first K games (the same as -n K would), exit status 128 + the\n"
	"  signal; a second ^C stops at once.\n"
	"  Built with `make MPI=1`, `mpirun -np K crimea sim ...` shares the games among K ranks.\n"
	"  Exit status: 0, 1 if any game ended in error (no legal action, refused, cap, and with\n"
	"  --check a broken invariant or a record that does not replay), 2 usage.\n";

/* The battles as fought, for comparison. Sources: the seed's exclusive rules. */
static const struct {
	const char *scn;
	const char *outcome;   /* as the game would call it */
	const char *winner;    /* side name of the historical winner; "" a draw; NULL hypothetical */
	const char *note;
} history[] = {
	{"alma", "Allied victory", "allied",
	 "20 September 1854: the Allies carried the heights and the Russians withdrew toward "
	 "Sevastopol (seed: Alma [15.0] introduction, [24.0] designer's notes)"},
	{"balaclava", "Draw (a Russian failure)", "",
	 "25 October 1854: the Russian attempt on the Allied port of supply failed, but they held "
	 "the captured Causeway redoubts and guns; neither side won outright, so read it as a "
	 "draw-ish Russian failure (seed: Balaclava [15.0], [24.0])"},
	{"inkerman", "Allied victory", "allied",
	 "5 November 1854: the Allies brought up enough reinforcements to force the Russian army "
	 "to retire (seed: Inkerman [29.11] historical notes)"},
	{"inkerman-option", "none (a plan never tried)", NULL,
	 "the alternative Russian plan was rejected ([29.21]); the battle fought was an Allied "
	 "victory ([29.11])"},
	{"tchernaya", "Allied victory", "allied",
	 "15 August 1855: the French and Sardinians counter-attacked and drove the Russians from "
	 "the battlefield (seed: Tchernaya [19.21] historical notes)"},
	{"tchernaya-nonhistorical", "none (reserves never committed)", NULL,
	 "the Russian reserves were not committed in the battle ([19.3]); the battle fought was an "
	 "Allied victory ([19.21])"},
	{"sevastopol", "Allied Victory", "allied",
	 "8 September 1855 (the game's last Game-Turn): the French stormed the Malakoff, a major "
	 "bastion, and the Russians abandoned the south side; the British assault on the Great "
	 "Redan failed (general history: the seed omits its Historical Notes)"},
};

struct sim_args {
	const char *scn;
	int64_t n;
	uint64_t seed;
	int jobs;
	uint32_t options;
	long cap;
	bool json, list, check;
	const char *svg;
	const char *ai_arg[8];
	int nai;
	struct ai_player player[2];
	/* --compare, --compare-options: study B on the same deals (B's players: A's, with these
	 * sides replaced; B's optional rules: cmp_options when cmp_opts) */
	const char *cmp_arg[8]; /* (as many as ai_arg) */
	int ncmp;
	bool cmp_opts, compare;
	uint32_t cmp_options;
	struct ai_player cmp_player[2];
};

/* Shared by the worker threads of one process. */
struct shared {
	const struct sim_args *a;
	const struct scenario *s;
	int rank, nranks;
	atomic_llong next;       /* this rank's next game (sim_rank_game) */
	atomic_llong done;       /* games finished here */
	atomic_int finished;     /* workers finished */
	atomic_int failed;       /* a worker could not allocate */
	struct sim_game *list;   /* n entries with --list, else NULL */
};

/* Study B of a comparison (--compare): its players and options, and what it plays with. */
struct study_b {
	struct sim_cfg cfg;
	struct sim_stats st;
	struct sim_pair pair;     /* A's game i against B's */
};

struct worker {
	pthread_t t;
	struct shared *sh;
	struct sim_stats st;
	struct score_sheet sheet; /* scratch for each completed game's final sheet */
	struct study_b *b;        /* with --compare, else NULL */
};

static int rank0(void)
{
#ifdef CRIMEA_MPI
	int r = 0;
	MPI_Comm_rank(MPI_COMM_WORLD, &r);
	return r == 0;
#else
	return 1;
#endif
}

/* Usage errors: printed once (by rank 0), exit status 2. */
static int usage_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_err(const char *fmt, ...)
{
	va_list ap;

	if (rank0()) {
		fprintf(stderr, "crimea sim: ");
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		fprintf(stderr, "\nRun `crimea sim --help` for the options.\n");
	}
	return 2;
}

static int parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (!*s || *end || errno || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

static int parse_u64(const char *s, uint64_t *out)
{
	char *end;

	if (!*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	*out = strtoull(s, &end, 0);
	return (*end || errno) ? -1 : 0;
}

static int parse_options(const char *list, uint32_t *out)
{
	char buf[256], *tok, *save = NULL;

	if (strlen(list) >= sizeof buf)
		return usage_err("--options list too long: %s", list);
	snprintf(buf, sizeof buf, "%s", list);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		uint32_t bits = q_option_bits(tok); /* the quad rule ids, groups and "all" */
		if (!bits)
			return usage_err("unknown optional rule \"%s\" (11.27; Inkerman 23.1-28.2, groups 23-28, all)", tok);
		*out |= bits;
	}
	return 0;
}

static int parse_args(int argc, char **argv, struct sim_args *a)
{
	memset(a, 0, sizeof *a);
	a->n = 100;
	a->seed = 1;
	a->jobs = 1;
	a->cap = SIM_ACTION_CAP;
	for (int i = 1; i < argc; i++) {
		const char *o = argv[i];
		bool has = i + 1 < argc;
		int64_t v;
		if (!strcmp(o, "-n") || !strcmp(o, "--games")) {
			if (!has || parse_i64(argv[++i], 1, SIM_GAMES_MAX, &a->n) != 0)
				return usage_err("-n wants a number of games from 1 to 1000000000");
		} else if (!strcmp(o, "--seed")) {
			if (!has || parse_u64(argv[++i], &a->seed) != 0)
				return usage_err("--seed wants an unsigned 64-bit number");
		} else if (!strcmp(o, "--jobs") || !strcmp(o, "-j")) {
			if (!has || parse_i64(argv[++i], 1, SIM_JOBS_MAX, &v) != 0)
				return usage_err("--jobs wants a number of threads from 1 to 256");
			a->jobs = (int)v;
		} else if (!strcmp(o, "--cap")) {
			if (!has || parse_i64(argv[++i], 1, 1000000000, &v) != 0)
				return usage_err("--cap wants a number of actions from 1 to 1000000000");
			a->cap = (long)v;
		} else if (!strcmp(o, "--options") || !strcmp(o, "--option")) {
			if (!has)
				return usage_err("%s wants a list of optional rules (11.27, 24)", o);
			if (parse_options(argv[++i], &a->options) != 0)
				return 2;
		} else if (!strcmp(o, "--ai") || !strcmp(o, "--compare")) {
			bool ai = o[2] == 'a';
			const char **arg = ai ? a->ai_arg : a->cmp_arg;
			int *n = ai ? &a->nai : &a->ncmp;
			if (!has || !strchr(argv[i + 1], '='))
				return usage_err("%s wants SIDE=PLAYER, e.g. %s russian=%s", o, o, ai ? "random" : "greedy:cautious");
			if (*n == (int)(sizeof a->ai_arg / sizeof a->ai_arg[0]))
				return usage_err("too many %s", o);
			arg[(*n)++] = argv[++i];
		} else if (!strcmp(o, "--compare-options")) {
			if (!has)
				return usage_err("--compare-options wants a list of optional rules, or none");
			a->cmp_opts = true;
			if (strcmp(argv[++i], "none") && parse_options(argv[i], &a->cmp_options) != 0)
				return 2;
		} else if (!strcmp(o, "--svg")) {
			if (!has || !argv[i + 1][0])
				return usage_err("--svg wants a file name");
			a->svg = argv[++i];
		} else if (!strcmp(o, "--json")) {
			a->json = true;
		} else if (!strcmp(o, "--list")) {
			a->list = true;
		} else if (!strcmp(o, "--check")) {
			a->check = true;
		} else if (o[0] == '-' && o[1]) {
			return usage_err("unknown option %s", o);
		} else if (!a->scn) {
			a->scn = o;
		} else {
			return usage_err("unexpected argument %s (one scenario only)", o);
		}
	}
	if (!a->scn)
		return usage_err("which scenario? (see `crimea list`)");
	if (a->list && a->n > SIM_LIST_MAX)
		return usage_err("--list keeps every game: at most 10000000 games");
	a->compare = a->ncmp > 0 || a->cmp_opts;
	if (a->compare && (a->list || a->svg))
		return usage_err("%s does not go with --compare (run each study alone for it)", a->list ? "--list" : "--svg");
	return 0;
}

/* Resolves n SIDE=PLAYER arguments against the scenario's side names into player (which holds
 * the players of the sides they do not name). */
static int resolve_side_args(const char *const *arg, int n, const struct scenario *s, struct ai_player player[2])
{
	struct ai_player kind;

	for (int i = 0; i < n; i++) {
		char side[64];
		const char *eq = strchr(arg[i], '=');
		size_t len = (size_t)(eq - arg[i]);
		if (ai_player_parse(eq + 1, &kind) != 0 || kind.kind == AI_NONE) {
			if (rank0())
				fprintf(stderr, "crimea sim: unknown computer player \"%s\"; known: random, greedy, "
					"search, search:N (N rollouts a decision, 1 .. %d), greedy:PLAN (" AI_PLAN_LIST
					")\n", eq + 1, AI_SEARCH_BUDGET_MAX);
			return 2;
		}
		if (!ai_knows(kind.kind, s->rules)) {
			if (rank0())
				fprintf(stderr, "crimea sim: %s is a %s game: the %s player does not know it\n", s->id, s->rules->id, ai_name(kind.kind));
			return 2;
		}
		if (!ai_player_fits(&kind, s->rules)) {
			char list[256];
			if (rank0())
				fprintf(stderr, "crimea sim: %s is not one of greedy's plans for %s, a %s game (%s)\n", kind.plan, s->id,
					s->rules->id, ai_plan_list(s->rules, list, sizeof list));
			return 2;
		}
		snprintf(side, sizeof side, "%.*s", (int)(len < sizeof side ? len : sizeof side - 1), arg[i]);
		if (!strcmp(side, "both") || !strcmp(side, "all")) {
			player[0] = player[1] = kind;
			continue;
		}
		int k = !strcmp(side, s->side[0]) ? 0 : !strcmp(side, s->side[1]) ? 1 : -1;
		if (k < 0) {
			if (rank0())
				fprintf(stderr, "crimea sim: no side \"%s\" in %s (%s, %s or both)\n", side,
					s->id, s->side[0], s->side[1]);
			return 2;
		}
		player[k] = kind;
	}
	return 0;
}

/* Resolves --ai (random for a side it does not name) and --compare (A's player for a side it
 * does not name). */
static int resolve_players(struct sim_args *a, const struct scenario *s)
{
	struct ai_player rnd = {AI_RANDOM, AI_SEARCH_BUDGET, ""};
	int rc;

	a->player[0] = a->player[1] = rnd;
	if ((rc = resolve_side_args(a->ai_arg, a->nai, s, a->player)) != 0)
		return rc;
	a->cmp_player[0] = a->player[0];
	a->cmp_player[1] = a->player[1];
	if (!a->cmp_opts)
		a->cmp_options = a->options;
	return resolve_side_args(a->cmp_arg, a->ncmp, s, a->cmp_player);
}

static void *work(void *arg)
{
	struct worker *w = arg;
	struct shared *sh = w->sh;
	const struct sim_args *a = sh->a;
	struct game *g = malloc(sizeof *g);
	const struct rules *rl = sh->s->rules;
	struct sim_cfg cfg = {a->options, {a->player[0], a->player[1]}, a->cap, NULL, a->check, NULL};
	struct sim_game r, rb;
	struct study_b *b = w->b;

	cfg.memo = rl->memo_new ? rl->memo_new(sh->s) : NULL; /* NULL: slower, same results */
	cfg.ai_scratch = ai_scratch_new(sh->s); /* the same */
	if (b) { /* B's own memo and scratch: its options may differ from A's */
		b->cfg = (struct sim_cfg){a->cmp_options, {a->cmp_player[0], a->cmp_player[1]}, a->cap, NULL, a->check, NULL};
		b->cfg.memo = rl->memo_new ? rl->memo_new(sh->s) : NULL;
		b->cfg.ai_scratch = ai_scratch_new(sh->s);
	}
	if (!g) {
		if (cfg.memo)
			rl->memo_free(cfg.memo);
		ai_scratch_free(cfg.ai_scratch);
		if (b) {
			if (b->cfg.memo)
				rl->memo_free(b->cfg.memo);
			ai_scratch_free(b->cfg.ai_scratch);
		}
		atomic_store(&sh->failed, 1);
		atomic_fetch_add(&sh->finished, 1);
		return NULL;
	}
	for (;;) {
		/* a game at a time: a static interleave of ranks, a shared counter among this
		 * rank's threads (sim.h); once a stop is asked, no game is taken, and every game
		 * taken ends, so the games played are the first ones (asked only on one rank:
		 * sim_main arms the signals there alone) */
		if (stopsig_asked())
			break;
		int64_t i = sim_rank_game(atomic_fetch_add(&sh->next, 1), sh->rank, sh->nranks);
		if (i >= a->n)
			break;
		sim_play(sh->s, a->seed, i, &cfg, g, &r);
		sim_stats_add(&w->st, &r);
		if (r.status == SIM_OK && rl->score) { /* where the points went: the final sheet */
			struct result sr;
			rl->score(g, &w->sheet, &sr);
			sim_stats_add_sheet(&w->st, &w->sheet);
		}
		if (b) { /* the same deal, B's players and options */
			sim_play(sh->s, a->seed, i, &b->cfg, g, &rb);
			sim_stats_add(&b->st, &rb);
			if (rb.status == SIM_OK && rl->score) {
				struct result sr;
				rl->score(g, &w->sheet, &sr);
				sim_stats_add_sheet(&b->st, &w->sheet);
			}
			sim_pair_add(&b->pair, &r, &rb);
		}
		if (sh->list)
			sh->list[i] = r;
		atomic_fetch_add(&sh->done, 1);
	}
	free(g);
	if (cfg.memo)
		rl->memo_free(cfg.memo);
	ai_scratch_free(cfg.ai_scratch);
	if (b) {
		if (b->cfg.memo)
			rl->memo_free(b->cfg.memo);
		ai_scratch_free(b->cfg.ai_scratch);
	}
	atomic_fetch_add(&sh->finished, 1);
	return NULL;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void progress(int64_t done, int64_t total, double t0, int nranks)
{
	double el = now() - t0, rate = el > 0 ? (double)done / el : 0.0;
	int width = 30, fill = total ? (int)(width * done / total) : width;
	char bar[64], left[32];

	for (int i = 0; i < width; i++)
		bar[i] = i < fill ? '#' : '.';
	bar[width] = '\0';
	if (done >= total)
		snprintf(left, sizeof left, "done in %.1fs", el);
	else if (rate > 0) {
		double s = (double)(total - done) / rate;
		if (s >= 3600)
			snprintf(left, sizeof left, "%dh%02dm left", (int)(s / 3600), (int)(s / 60) % 60);
		else
			snprintf(left, sizeof left, "%dm%02ds left", (int)(s / 60), (int)s % 60);
	} else
		snprintf(left, sizeof left, "--");
	fprintf(stderr, "\r[%s] %" PRId64 "/%" PRId64 "%s %.1f games/s, %s   ", bar, done, total,
		nranks > 1 ? " (rank 0)" : "", rate, left);
	fflush(stderr);
}

/* Runs this process's share of the games on a->jobs threads; merges into *st (and with
 * --compare, study B's into *stb and the pairs into *pair). */
static int run_local(const struct sim_args *a, const struct scenario *s, int rank, int nranks,
		     struct sim_game *list, struct sim_stats *st, struct sim_stats *stb, struct sim_pair *pair)
{
	struct shared sh;
	struct worker *w = calloc((size_t)a->jobs, sizeof *w);
	struct study_b *bs = a->compare ? calloc((size_t)a->jobs, sizeof *bs) : NULL;
	int started = 0, rc = 0;
	int64_t total = sim_rank_games(a->n, rank, nranks);
	bool tty = rank == 0 && isatty(2);
	double t0 = now();

	if (!w || (a->compare && !bs)) {
		free(w);
		free(bs);
		return -1;
	}
	memset(&sh, 0, sizeof sh);
	sh.a = a;
	sh.s = s;
	sh.rank = rank;
	sh.nranks = nranks;
	sh.list = list;
	atomic_init(&sh.next, 0);
	atomic_init(&sh.done, 0);
	atomic_init(&sh.finished, 0);
	atomic_init(&sh.failed, 0);
	for (int i = 0; i < a->jobs; i++) {
		w[i].sh = &sh;
		sim_stats_init(&w[i].st);
		if (bs) {
			w[i].b = &bs[i];
			sim_stats_init(&bs[i].st);
			sim_pair_init(&bs[i].pair);
		}
		if (pthread_create(&w[i].t, NULL, work, &w[i]) != 0) {
			rc = -1;
			break;
		}
		started++;
	}
	if (tty && started == a->jobs) {
		while (atomic_load(&sh.finished) < started) {
			struct timespec d = {0, 200000000L};
			progress(atomic_load(&sh.done), total, t0, nranks);
			nanosleep(&d, NULL);
		}
		progress(atomic_load(&sh.done), total, t0, nranks);
		fputc('\n', stderr);
	}
	for (int i = 0; i < started; i++) {
		pthread_join(w[i].t, NULL);
		sim_stats_merge(st, &w[i].st);
		if (bs) {
			sim_stats_merge(stb, &bs[i].st);
			sim_pair_merge(pair, &bs[i].pair);
		}
	}
	if (started < a->jobs || atomic_load(&sh.failed))
		rc = -1;
	free(w);
	free(bs);
	return rc;
}

#ifdef CRIMEA_MPI
/* MPI_Reduce operator over whole struct sim_stats values: sim_stats_merge, which is exact,
 * associative and commutative, so the reduction order does not matter. */
static void stats_op(void *in, void *inout, int *len, MPI_Datatype *dt)
{
	const struct sim_stats *src = in;
	struct sim_stats *dst = inout;
	(void)dt;
	for (int i = 0; i < *len; i++)
		sim_stats_merge(&dst[i], &src[i]);
}

/* Combines every rank's tallies of st on rank 0. */
static int mpi_stats(struct sim_stats *st, int rank)
{
	MPI_Datatype t;
	MPI_Op op;
	struct sim_stats *sum = malloc(sizeof *sum);

	if (!sum)
		return -1;
	sim_stats_init(sum);
	MPI_Type_contiguous((int)sizeof *st, MPI_BYTE, &t);
	MPI_Type_commit(&t);
	MPI_Op_create(stats_op, 1, &op);
	MPI_Reduce(st, sum, 1, t, op, 0, MPI_COMM_WORLD);
	MPI_Op_free(&op);
	MPI_Type_free(&t);
	if (rank == 0)
		*st = *sum;
	free(sum);
	return 0;
}

/* Combines every rank's tallies (and --list rows; with --compare, study B's tallies and the
 * pairs, stb and pair not NULL) on rank 0. */
static int mpi_combine(struct sim_stats *st, struct sim_game *list, int64_t n, struct sim_stats *stb,
		       struct sim_pair *pair)
{
	int rank;

	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (mpi_stats(st, rank) != 0 || (stb && mpi_stats(stb, rank) != 0))
		return -1;
	if (pair) { /* every field an int64_t sum */
		_Static_assert(sizeof *pair % sizeof(int64_t) == 0, "sim_pair is int64_t sums");
		int cnt = (int)(sizeof *pair / sizeof(int64_t));
		if (rank == 0)
			MPI_Reduce(MPI_IN_PLACE, pair, cnt, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
		else
			MPI_Reduce(pair, NULL, cnt, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
	}
	if (list) {
		/* rows of games a rank did not play are all zero: OR-ing the bytes gathers them */
		unsigned char *p = (unsigned char *)list;
		size_t bytes = (size_t)n * sizeof *list, step = (size_t)1 << 30;
		for (size_t off = 0; off < bytes; off += step) {
			int cnt = (int)(bytes - off < step ? bytes - off : step);
			if (rank == 0)
				MPI_Reduce(MPI_IN_PLACE, p + off, cnt, MPI_BYTE, MPI_BOR, 0, MPI_COMM_WORLD);
			else
				MPI_Reduce(p + off, NULL, cnt, MPI_BYTE, MPI_BOR, 0, MPI_COMM_WORLD);
		}
	}
	return 0;
}
#endif

static const char *status_name(int st)
{
	switch (st) {
	case SIM_SETUP: return "set-up failed";
	case SIM_NO_ACTION: return "no legal action";
	case SIM_REFUSED: return "chosen action refused";
	case SIM_CAP: return "action cap reached";
	case SIM_INVARIANT: return "invariant broken";
	case SIM_REPLAY: return "record does not replay";
	default: return "ok";
	}
}

static int hist_find(const char *id)
{
	for (size_t i = 0; i < sizeof history / sizeof history[0]; i++)
		if (!strcmp(history[i].scn, id))
			return (int)i;
	return -1;
}

/* Wins of the historical winner (index 0, 1; 2 draws), or -1 when there is none to compare. */
static int hist_group(const struct scenario *s, int h)
{
	if (h < 0 || !history[h].winner)
		return -1;
	if (!history[h].winner[0])
		return 2;
	return !strcmp(history[h].winner, s->side[0]) ? 0 : !strcmp(history[h].winner, s->side[1]) ? 1 : -1;
}

/* Where the points go: each score sheet item's mean over the completed games, the share of
 * games in which it scored, and its least and greatest score in those, side by side. */
static void print_items(const struct scenario *s, const struct sim_stats *st)
{
	int64_t ok = st->status[SIM_OK];

	if (st->nitems == 0)
		return;
	printf("\nwhere the points go (the score sheets at the end; mean over all completed games,\n"
	       "min and max over the games in which the item scored)\n");
	printf("%-10s %8s %9s %6s %6s  %-8s %s\n", "side", "mean", "scored in", "min", "max", "case", "item");
	for (int i = 0; i < st->nitems; i++) {
		const struct sim_item *it = &st->item[i];
		char lo[16] = "-", hi[16] = "-";
		if (it->games) {
			snprintf(lo, sizeof lo, "%d", it->vp_min);
			snprintf(hi, sizeof hi, "%d", it->vp_max);
		}
		printf("%-10s %8.2f %8.1f%% %6s %6s  %-8s %s\n", s->side[it->side & 1], sim_mean(ok, it->vp_sum),
		       100.0 * sim_mean(ok, it->games), lo, hi, it->rule, it->item);
	}
	if (st->item_overflow)
		printf("(%" PRId64 " more sheet lines: too many items to tally)\n", st->item_overflow);
}

/* asked: the games asked for (a->n those played, fewer when the study was stopped) */
static void print_text(const struct sim_args *a, const struct scenario *s, const struct sim_stats *st,
		       const struct sim_game *list, int64_t asked)
{
	int64_t ok = st->status[SIM_OK];
	int h = hist_find(s->id), hg = hist_group(s, h);
	char opts[128]; /* every optional rule: 15 cases */
	double lo, hi;

	simcmp_options_text(a->options, opts, sizeof opts);
	if (list) {
		printf("%-8s %-20s %-26s %6s %6s %8s %6s\n", "game", "seed", "level", s->side[0], s->side[1],
		       "actions", "turns");
		for (int64_t i = 0; i < a->n; i++) {
			const struct sim_game *r = &list[i];
			printf("%-8" PRId64 " %-20" PRIu64 " %-26s %6d %6d %8d %6d\n", r->index, r->seed,
			       r->status == SIM_OK ? r->level : status_name(r->status), r->vp[0], r->vp[1],
			       r->actions, r->turns);
		}
		putchar('\n');
	}
	printf("%s: %s\n", s->id, s->title);
	char n0[AI_PLAYER_NAME_MAX], n1[AI_PLAYER_NAME_MAX];
	printf("%" PRId64 " games, seed %" PRIu64 ", %s %s, %s %s, optional rules %s\n", st->games, a->seed,
	       s->side[0], ai_player_name(&a->player[0], n0), s->side[1], ai_player_name(&a->player[1], n1), opts);
	printf("completed %" PRId64 ", errors %" PRId64 "\n", ok, st->games - ok);
	if (asked != a->n)
		printf("stopped: the first %" PRId64 " of the %" PRId64 " games asked for\n", a->n, asked);
	putchar('\n');

	printf("%-30s %8s %8s   %s\n", "victory level", "games", "share", "95% CI (Wilson)");
	for (int i = 0; i < st->nlevels; i++) {
		sim_wilson(st->lv[i].games, ok, Z95, &lo, &hi);
		printf("%-30s %8" PRId64 " %7.1f%%   [%5.1f%%, %5.1f%%]\n", st->lv[i].name, st->lv[i].games,
		       100.0 * sim_mean(ok, st->lv[i].games), 100.0 * lo, 100.0 * hi);
	}
	if (st->level_overflow)
		printf("%-30s %8" PRId64 "\n", "(other levels: too many)", st->level_overflow);
	printf("\n%-30s %8s %8s   %s\n", "winner", "games", "share", "95% CI (Wilson)");
	for (int k = 0; k < 3; k++) {
		char name[64];
		snprintf(name, sizeof name, "%s", k < 2 ? s->side[k] : "draw");
		sim_wilson(st->wins[k], ok, Z95, &lo, &hi);
		printf("%-30s %8" PRId64 " %7.1f%%   [%5.1f%%, %5.1f%%]\n", name, st->wins[k],
		       100.0 * sim_mean(ok, st->wins[k]), 100.0 * lo, 100.0 * hi);
	}
	printf("\n%-30s %8s %8s %8s %8s\n", "victory points", "mean", "sd", "min", "max");
	for (int k = 0; k < 2; k++)
		printf("%-30s %8.2f %8.2f %8d %8d\n", s->side[k], sim_mean(ok, st->vp_sum[k]),
		       sim_sd(ok, st->vp_sum[k], st->vp_sq[k]), st->vp_min[k], st->vp_max[k]);
	printf("\ngame length: %.1f actions (sd %.1f, min %d, max %d), %.2f player-turns (sd %.2f)\n",
	       sim_mean(ok, st->act_sum), sim_sd(ok, st->act_sum, st->act_sq), st->act_min, st->act_max,
	       sim_mean(ok, st->turn_sum), sim_sd(ok, st->turn_sum, st->turn_sq));
	print_items(s, st);
	if (h >= 0) {
		printf("\nhistorical outcome: %s\n  %s\n", history[h].outcome, history[h].note);
		if (hg >= 0) {
			sim_wilson(st->wins[hg], ok, Z95, &lo, &hi);
			printf("  simulated games with that outcome (%s): %.1f%% [%.1f%%, %.1f%%]\n",
			       hg < 2 ? s->side[hg] : "draw", 100.0 * sim_mean(ok, st->wins[hg]), 100.0 * lo,
			       100.0 * hi);
		}
	}
	if (st->games > ok) {
		printf("\nerrors:");
		for (int k = 1; k < SIM_NSTATUS; k++)
			if (st->status[k])
				printf(" %s %" PRId64 ";", status_name(k), st->status[k]);
		putchar('\n');
		for (int i = 0; i < st->nerr; i++)
			printf("  game %" PRId64 " (seed %" PRIu64 ", %d actions): %s\n", st->err[i].index,
			       st->err[i].seed, st->err[i].actions, st->err[i].why);
	}
}

/* Adds games, share and ci95 to o (a new object when o is NULL); returns o. */
static json_t *jshare(json_t *o, int64_t k, int64_t n)
{
	json_t *ci = json_array();
	double lo, hi;

	if (!o)
		o = json_object();
	sim_wilson(k, n, Z95, &lo, &hi);
	json_array_append_new(ci, json_real(lo));
	json_array_append_new(ci, json_real(hi));
	json_object_set_new(o, "games", json_integer(k));
	json_object_set_new(o, "share", json_real(sim_mean(n, k)));
	json_object_set_new(o, "ci95", ci);
	return o;
}

static int print_json(const struct sim_args *a, const struct scenario *s, const struct sim_stats *st,
		      const struct sim_game *list, int64_t asked)
{
	int64_t ok = st->status[SIM_OK];
	int h = hist_find(s->id), hg = hist_group(s, h);
	json_t *root = json_object(), *players = json_object();
	json_t *levels = json_array(), *winners = json_object(), *vp = json_object(), *len = json_object();
	json_t *errs = json_object(), *first = json_array();
	char n0[AI_PLAYER_NAME_MAX];

	json_object_set_new(root, "scenario", json_string(s->id));
	json_object_set_new(root, "title", json_string(s->title));
	json_object_set_new(root, "games", json_integer(st->games));
	json_object_set_new(root, "completed", json_integer(ok));
	if (asked != a->n) /* stopped by a signal: the first "games" of these */
		json_object_set_new(root, "asked", json_integer(asked));
	{
		/* a string keeps all 64 bits for readers whose numbers are doubles */
		char buf[32];
		snprintf(buf, sizeof buf, "%" PRIu64, a->seed);
		json_object_set_new(root, "seed", json_string(buf));
	}
	for (int k = 0; k < 2; k++)
		json_object_set_new(players, s->side[k], json_string(ai_player_name(&a->player[k], n0)));
	json_object_set_new(root, "players", players);
	json_object_set_new(root, "options", simcmp_options_json(a->options));
	for (int i = 0; i < st->nlevels; i++) {
		json_t *o = json_object();
		json_object_set_new(o, "level", json_string(st->lv[i].name));
		json_object_set_new(o, "winner", st->lv[i].winner < 0 ? json_null() : json_string(s->side[st->lv[i].winner]));
		json_array_append_new(levels, jshare(o, st->lv[i].games, ok));
	}
	json_object_set_new(root, "levels", levels);
	json_object_set_new(root, "level_overflow", json_integer(st->level_overflow));
	for (int k = 0; k < 3; k++)
		json_object_set_new(winners, k < 2 ? s->side[k] : "draw", jshare(NULL, st->wins[k], ok));
	json_object_set_new(root, "winners", winners);
	for (int k = 0; k < 2; k++) {
		json_t *o = json_object();
		json_object_set_new(o, "mean", json_real(sim_mean(ok, st->vp_sum[k])));
		json_object_set_new(o, "sd", json_real(sim_sd(ok, st->vp_sum[k], st->vp_sq[k])));
		json_object_set_new(o, "min", json_integer(st->vp_min[k]));
		json_object_set_new(o, "max", json_integer(st->vp_max[k]));
		json_object_set_new(vp, s->side[k], o);
	}
	json_object_set_new(root, "victory_points", vp);
	json_t *items = json_array();
	for (int i = 0; i < st->nitems; i++) {
		const struct sim_item *it = &st->item[i];
		json_t *o = json_object();
		json_object_set_new(o, "side", json_string(s->side[it->side & 1]));
		json_object_set_new(o, "rule", json_string(it->rule));
		json_object_set_new(o, "item", json_string(it->item));
		json_object_set_new(o, "points", json_integer(it->vp_sum));
		json_object_set_new(o, "mean", json_real(sim_mean(ok, it->vp_sum)));
		json_object_set_new(o, "min", it->games ? json_integer(it->vp_min) : json_null());
		json_object_set_new(o, "max", it->games ? json_integer(it->vp_max) : json_null());
		json_array_append_new(items, jshare(o, it->games, ok));
	}
	json_object_set_new(root, "score_items", items);
	json_object_set_new(root, "score_item_overflow", json_integer(st->item_overflow));
	json_object_set_new(len, "actions_mean", json_real(sim_mean(ok, st->act_sum)));
	json_object_set_new(len, "actions_sd", json_real(sim_sd(ok, st->act_sum, st->act_sq)));
	json_object_set_new(len, "actions_min", json_integer(st->act_min));
	json_object_set_new(len, "actions_max", json_integer(st->act_max));
	json_object_set_new(len, "player_turns_mean", json_real(sim_mean(ok, st->turn_sum)));
	json_object_set_new(len, "player_turns_sd", json_real(sim_sd(ok, st->turn_sum, st->turn_sq)));
	json_object_set_new(root, "length", len);
	if (h >= 0) {
		json_t *o = json_object();
		json_object_set_new(o, "outcome", json_string(history[h].outcome));
		json_object_set_new(o, "note", json_string(history[h].note));
		if (hg >= 0)
			json_object_set_new(o, "simulated", jshare(NULL, st->wins[hg], ok));
		json_object_set_new(root, "historical", o);
	}
	json_object_set_new(errs, "count", json_integer(st->games - ok));
	for (int k = 1; k < SIM_NSTATUS; k++)
		json_object_set_new(errs, status_name(k), json_integer(st->status[k]));
	for (int i = 0; i < st->nerr; i++) {
		json_t *o = json_object();
		char buf[32];
		snprintf(buf, sizeof buf, "%" PRIu64, st->err[i].seed);
		json_object_set_new(o, "game", json_integer(st->err[i].index));
		json_object_set_new(o, "seed", json_string(buf));
		json_object_set_new(o, "actions", json_integer(st->err[i].actions));
		json_object_set_new(o, "why", json_string(st->err[i].why));
		json_array_append_new(first, o);
	}
	json_object_set_new(errs, "first", first);
	json_object_set_new(root, "errors", errs);
	if (list) {
		json_t *arr = json_array();
		for (int64_t i = 0; i < a->n; i++) {
			json_t *o = json_object();
			char buf[32];
			snprintf(buf, sizeof buf, "%" PRIu64, list[i].seed);
			json_object_set_new(o, "game", json_integer(list[i].index));
			json_object_set_new(o, "seed", json_string(buf));
			json_object_set_new(o, "status", json_string(status_name(list[i].status)));
			json_object_set_new(o, "level", json_string(list[i].level));
			json_object_set_new(o, "vp", json_pack("[ii]", list[i].vp[0], list[i].vp[1]));
			json_object_set_new(o, "actions", json_integer(list[i].actions));
			json_object_set_new(o, "player_turns", json_integer(list[i].turns));
			json_array_append_new(arr, o);
		}
		json_object_set_new(root, "list", arr);
	}
	return simcmp_json_puts(root);
}

/* Appends XML-escaped text. */
static void svg_text(char *buf, size_t n, size_t *at, const char *t)
{
	for (; *t; t++) {
		const char *rep = *t == '&' ? "&amp;" : *t == '<' ? "&lt;" : *t == '>' ? "&gt;" : *t == '"' ? "&quot;" : NULL;
		char one[2] = {*t, '\0'};
		int w = snprintf(buf + *at, *at < n ? n - *at : 0, "%s", rep ? rep : one);
		*at += (size_t)w;
	}
}

static const char *colour_name(const char *rgb)
{
	return !strcmp(rgb, "#2f855a") ? "green" : !strcmp(rgb, "#2b6cb0") ? "blue" : "red";
}

#define SVG_OUT(...) (at += (size_t)snprintf(buf + at, at < cap ? cap - at : 0, __VA_ARGS__))

/* A horizontal bar chart of the victory levels with their 95% intervals, written atomically. */
static int write_svg(const char *path, const struct sim_args *a, const struct scenario *s,
		     const struct sim_stats *st)
{
	/* a side keeps its colour in every battle: Russians green, Allies blue, others by index */
	const char *colour[3] = {"#2b6cb0", "#9b2c2c", "#718096"};
	int64_t ok = st->status[SIM_OK];
	int rows = st->nlevels, W = 760, left = 250, bw = 400, rh = 30, top = 64;
	int H = top + rows * rh + 56;
	size_t cap = 8192 + (size_t)rows * 1024, at = 0;
	char *buf = malloc(cap), title[256], n0[AI_PLAYER_NAME_MAX], n1[AI_PLAYER_NAME_MAX];
	struct err e;
	int rc;

	if (!buf)
		return -1;
	for (int k = 0; k < 2; k++)
		if (!strcmp(s->side[k], "russian"))
			colour[k] = "#2f855a";
		else if (!strcmp(s->side[k], "allied"))
			colour[k] = "#2b6cb0";
	SVG_OUT("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"font-family=\"sans-serif\" font-size=\"13\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n", W, H, W, H);
	SVG_OUT("<text x=\"16\" y=\"26\" font-size=\"15\" font-weight=\"bold\">");
	svg_text(buf, cap, &at, s->title);
	snprintf(title, sizeof title, "%" PRId64 " games, %s %s against %s %s, seed %" PRIu64
		 "; whiskers: 95%% Wilson interval", ok, s->side[0], ai_player_name(&a->player[0], n0), s->side[1],
		 ai_player_name(&a->player[1], n1), a->seed);
	SVG_OUT("</text>\n<text x=\"16\" y=\"46\" fill=\"#4a5568\">");
	svg_text(buf, cap, &at, title);
	SVG_OUT("</text>\n");
	for (int pct = 0; pct <= 100; pct += 25) {
		int x = left + bw * pct / 100;
		SVG_OUT("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#e2e8f0\"/>\n"
			"<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#4a5568\">%d%%</text>\n",
			x, top - 6, x, top + rows * rh, x, top + rows * rh + 18, pct);
	}
	for (int i = 0; i < rows; i++) {
		const struct sim_level *l = &st->lv[i];
		double p = sim_mean(ok, l->games), lo, hi;
		int y = top + i * rh, g = l->winner == 0 ? 0 : l->winner == 1 ? 1 : 2;
		sim_wilson(l->games, ok, Z95, &lo, &hi);
		SVG_OUT("<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", left - 8, y + 19);
		svg_text(buf, cap, &at, l->name);
		SVG_OUT("</text>\n<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n", left, y + 5,
			bw * p, rh - 10, colour[g]);
		SVG_OUT("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"black\"/>\n"
			"<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"black\"/>\n"
			"<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"black\"/>\n",
			left + bw * lo, y + 15, left + bw * hi, y + 15, left + bw * lo, y + 10, left + bw * lo, y + 20,
			left + bw * hi, y + 10, left + bw * hi, y + 20);
		SVG_OUT("<text x=\"%d\" y=\"%d\">%.1f%% (%" PRId64 ")</text>\n", left + bw + 10, y + 19, 100.0 * p,
			l->games);
	}
	SVG_OUT("<text x=\"16\" y=\"%d\" fill=\"#4a5568\">", H - 12);
	snprintf(title, sizeof title, "bars: %s wins in %s, %s wins in %s, draws in grey; %" PRId64 " games in error",
		 s->side[0], colour_name(colour[0]), s->side[1], colour_name(colour[1]), st->games - ok);
	svg_text(buf, cap, &at, title);
	SVG_OUT("</text>\n</svg>\n");
	if (at >= cap) {
		free(buf);
		fprintf(stderr, "crimea sim: chart too large\n");
		return -1;
	}
	rc = fs_write_atomic(path, buf, at, &e);
	if (rc != 0)
		cli_print_err(&e);
	free(buf);
	return rc;
}

static int sim_main(int argc, char **argv, int rank, int nranks)
{
	struct sim_args a;
	struct scenario s;
	struct sim_stats *st = NULL, *stb = NULL;
	struct sim_pair pair;
	struct sim_game *list = NULL;
	struct stopsig stop = {0};
	int64_t asked;
	int rc;

	if ((rc = parse_args(argc, argv, &a)) != 0)
		return rc;
	if (cli_open(argv[0], a.scn, &s) != 0)
		return 1;
	if ((rc = resolve_players(&a, &s)) != 0)
		goto out;
	rc = 1;
	st = malloc(sizeof *st);
	if (!st)
		goto out;
	sim_stats_init(st);
	sim_pair_init(&pair);
	if (a.compare && !(stb = malloc(sizeof *stb)))
		goto out;
	if (stb)
		sim_stats_init(stb);
	if (a.list && !(list = calloc((size_t)a.n, sizeof *list))) {
		fprintf(stderr, "crimea sim: no memory for --list of %" PRId64 " games\n", a.n);
		goto out;
	}
	if (nranks == 1) /* (with several, each rank's games would not be the first K) */
		stopsig_arm(&stop, "\ncrimea sim: stopping once the games being played end (the same"
				   " again stops at once)\n");
	rc = run_local(&a, &s, rank, nranks, list, st, stb, &pair);
	stopsig_disarm(&stop);
	if (rc != 0) {
		rc = 1;
		fprintf(stderr, "crimea sim: could not start the worker threads\n");
		goto out;
	}
	rc = 1;
	asked = a.n;
	if (stopsig_asked()) { /* the games played are the first ones: report them as -n would */
		a.n = st->games;
		fprintf(stderr, "crimea sim: stopped by signal %d after %" PRId64 " of %" PRId64
			" games; the results are those of the first %" PRId64 " (as -n %" PRId64 ")\n",
			stopsig_asked(), a.n, asked, a.n, a.n);
	}
#ifdef CRIMEA_MPI
	if (mpi_combine(st, list, a.n, stb, stb ? &pair : NULL) != 0)
		goto out;
#endif
	if (rank != 0) {
		rc = 0;
		goto out;
	}
	sim_stats_finish(st);
	if (stb) {
		char n[2][2][AI_PLAYER_NAME_MAX];
		sim_stats_finish(stb);
		struct simcmp_study sa = {{ai_player_name(&a.player[0], n[0][0]), ai_player_name(&a.player[1], n[0][1])},
					  a.options, st};
		struct simcmp_study sb = {{ai_player_name(&a.cmp_player[0], n[1][0]),
					   ai_player_name(&a.cmp_player[1], n[1][1])}, a.cmp_options, stb};
		if (a.json) {
			if (simcmp_print_json(&s, a.seed, a.n, asked, &sa, &sb, &pair) != 0)
				goto out;
		} else
			simcmp_print_text(&s, a.seed, a.n, asked, &sa, &sb, &pair);
	} else if (a.json) {
		if (print_json(&a, &s, st, list, asked) != 0)
			goto out;
	} else
		print_text(&a, &s, st, list, asked);
	fflush(stdout);
	if (a.svg && write_svg(a.svg, &a, &s, st) != 0) /* (never with --compare) */
		goto out;
	bool clean = st->status[SIM_OK] == st->games && (!stb || stb->status[SIM_OK] == stb->games);
	rc = stopsig_asked() ? 128 + stopsig_asked() : clean ? 0 : 1;
out:
	free(list);
	free(st);
	free(stb);
	scenario_free(&s);
	return rc;
}

int cmd_sim(int argc, char **argv)
{
	int rank = 0, nranks = 1, rc;

#ifdef CRIMEA_MPI
	int provided;
	MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nranks);
#endif
	bool help = false;
	for (int i = 1; i < argc; i++)
		help |= !strcmp(argv[i], "--help") || !strcmp(argv[i], "-h");
	if (help) {
		if (rank == 0)
			fputs(sim_help, stdout);
		rc = 0;
	} else
		rc = sim_main(argc, argv, rank, nranks);
#ifdef CRIMEA_MPI
	MPI_Finalize();
#endif
	return rc;
}
