/* roll: the search players' batches of rollouts, on one thread or several.
 *
 * A batch is n candidates x reps rollouts. Rollout r of every candidate plays on a copy of the
 * game whose dice come from rng_mix(base, r) (common random numbers), so each rollout's score
 * depends only on (candidate, r), never on which thread played it or when. The scores land in
 * their own slots and the caller sums them in its own order: a batch gives the same numbers
 * on any number of threads, and so the same game.
 *
 * With a scratch set to more than one thread (ai_scratch_threads), the calling thread and
 * threads - 1 started for the batch take rollouts in turn from a shared counter. Each started
 * thread plays on its own copy of the game with its own rules memo and scratch (a memo and a
 * scratch serve one thread at a time), kept in the scratch from batch to batch so that the
 * memo's searches carry over as they do for the calling thread. */
#include "ai.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

/* A started thread's own memory (one per extra thread, made on first need). */
struct ai_helper {
	void *memo;            /* the rules' memo (rules->memo_new), or NULL */
	struct ai_scratch *x;  /* its players' scratch (one thread: helpers start no helpers) */
	struct game *c;        /* the copy it plays on */
};

struct batch {
	const struct game *g;
	uint64_t base;
	int n, reps;
	ai_roll_fn fn;
	void *ctx;
	double *out;
	atomic_int next;
};

/* Takes the batch's rollouts one by one until none is left, on copy c with memo and scratch x. */
static void take(struct batch *b, struct game *c, void *memo, struct ai_scratch *x)
{
	for (;;) {
		int k = atomic_fetch_add_explicit(&b->next, 1, memory_order_relaxed);
		if (k >= b->n * b->reps)
			return;
		ai_copy(c, b->g, rng_mix(b->base, (uint64_t)(k % b->reps)));
		c->memo = memo;
		c->ai_scratch = x;
		b->out[k] = b->fn(b->ctx, c, k / b->reps);
	}
}

struct worker {
	struct batch *b;
	struct ai_helper *h;
};

static void *work(void *arg)
{
	struct worker *w = arg;
	take(w->b, w->h->c, w->h->memo, w->h->x);
	return NULL;
}

/* Frees helper h's memory (of a scratch whose rules are rl) and clears it. */
static void helper_free(const struct rules *rl, struct ai_helper *h)
{
	ai_scratch_free(h->x);
	if (h->memo)
		rl->memo_free(h->memo);
	free(h->c);
	*h = (struct ai_helper){0};
}

/* The scratch's first k helpers, made if missing; how many there are (fewer when out of
 * memory: a batch then runs on fewer threads, with the same result). */
static int helpers(struct ai_scratch *x, int k)
{
	const struct rules *rl = x->scn->rules;
	if (!x->help && !(x->help = calloc((size_t)AI_THREADS_MAX, sizeof *x->help)))
		return 0;
	for (int i = 0; i < k; i++) {
		struct ai_helper *h = &x->help[i];
		if (h->c)
			continue;
		h->x = ai_scratch_new(x->scn);
		h->memo = rl->memo_new ? rl->memo_new(x->scn) : NULL;
		h->c = malloc(sizeof *h->c);
		if (!h->x || !h->c || (rl->memo_new && !h->memo)) { /* out of memory: stop here */
			helper_free(rl, h);
			return i;
		}
	}
	return k;
}

void ai_helpers_free(struct ai_scratch *x)
{
	if (!x->help)
		return;
	for (int i = 0; i < AI_THREADS_MAX; i++)
		if (x->help[i].c)
			helper_free(x->scn->rules, &x->help[i]);
	free(x->help);
	x->help = NULL;
}

int ai_scratch_helpers(const struct ai_scratch *x)
{
	int k = 0;
	while (x && x->help && k < AI_THREADS_MAX && x->help[k].c)
		k++;
	return k;
}

int ai_scratch_threads(struct ai_scratch *x, int n)
{
	if (!x || n < 1 || n > AI_THREADS_MAX)
		return -1;
	x->threads = n;
	return 0;
}

void ai_rollouts(const struct game *g, struct game *c, uint64_t base, int n, int reps, ai_roll_fn fn, void *ctx,
		 double *out)
{
	struct ai_scratch *x = ai_scratch_of(g);
	struct batch b = {g, base, n, reps, fn, ctx, out, 0};
	pthread_t th[AI_THREADS_MAX];
	struct worker w[AI_THREADS_MAX];
	int want = x && x->threads > 1 ? x->threads - 1 : 0, started = 0;

	if (n < 1 || reps < 1)
		return;
	if (want > n * reps - 1)
		want = n * reps - 1;
	if (want > 0)
		want = helpers(x, want);
	for (int i = 0; i < want; i++) {
		w[i] = (struct worker){&b, &x->help[i]};
		if (pthread_create(&th[i], NULL, work, &w[i]) != 0)
			break; /* fewer threads: the same result */
		started++;
	}
	take(&b, c, g->memo, g->ai_scratch);
	for (int i = 0; i < started; i++)
		pthread_join(th[i], NULL);
}
