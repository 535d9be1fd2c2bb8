/* simcmp: the report of two studies on the same deals (simcmp.h). */
#include "simcmp.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/quad/qbattle.h"

#define Z95 1.959963984540054 /* normal quantile of 0.975 */

/* Every optional rule by its case, for printing a study's options. */
static const char *const rule_ids[] = {
	"11.27", "23.1", "23.2", "23.3", "24", "25.1", "25.2", "25.3", "26.1", "26.2",
	"27.1", "27.2", "27.3", "28.1", "28.2",
};
#define NRULE_IDS (sizeof rule_ids / sizeof rule_ids[0])

void simcmp_options_text(uint32_t o, char *buf, size_t n)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < NRULE_IDS; i++)
		if (o & q_option_bits(rule_ids[i]))
			at += (size_t)snprintf(buf + at, at < n ? n - at : 0, "%s%s", at ? "," : "", rule_ids[i]);
	if (!buf[0])
		snprintf(buf, n, "none");
}

json_t *simcmp_options_json(uint32_t o)
{
	json_t *arr = json_array();
	for (size_t i = 0; i < NRULE_IDS; i++)
		if (o & q_option_bits(rule_ids[i]))
			json_array_append_new(arr, json_string(rule_ids[i]));
	return arr;
}

/* The name of outcome k (0, 1: that side won; 2: a draw). */
static const char *outcome_name(const struct scenario *s, int k)
{
	return k < 2 ? s->side[k] : "draw";
}

/* Pairs with outcome k in A (in_b false) or in B. */
static int64_t outcome_pairs(const struct sim_pair *p, int k, bool in_b)
{
	int64_t n = 0;
	for (int i = 0; i < 3; i++)
		n += in_b ? p->trans[i][k] : p->trans[k][i];
	return n;
}

/* Study x's item like it (side, case, text), or NULL. */
static const struct sim_item *item_like(const struct sim_stats *x, const struct sim_item *it)
{
	for (int i = 0; i < x->nitems; i++)
		if (x->item[i].side == it->side && !strcmp(x->item[i].rule, it->rule) &&
		    !strcmp(x->item[i].item, it->item))
			return &x->item[i];
	return NULL;
}

/* Calls fn for every score item of a, then those only b has: with its tally in a and in b
 * (either NULL where the study never listed it). */
static void each_item(const struct simcmp_study *a, const struct simcmp_study *b,
		      void (*fn)(void *ctx, const struct sim_item *ia, const struct sim_item *ib), void *ctx)
{
	for (int i = 0; i < a->st->nitems; i++)
		fn(ctx, &a->st->item[i], item_like(b->st, &a->st->item[i]));
	for (int i = 0; i < b->st->nitems; i++)
		if (!item_like(a->st, &b->st->item[i]))
			fn(ctx, NULL, &b->st->item[i]);
}

/* An item's mean over a study's completed games (0 where it was not listed). */
static double item_mean(const struct simcmp_study *x, const struct sim_item *it)
{
	return it ? sim_mean(x->st->status[SIM_OK], it->vp_sum) : 0.0;
}

struct item_print {
	const struct scenario *s;
	const struct simcmp_study *a, *b;
	json_t *arr; /* JSON: the array filled, else NULL (text) */
};

static void item_out(void *ctx, const struct sim_item *ia, const struct sim_item *ib)
{
	const struct item_print *ip = ctx;
	const struct sim_item *it = ia ? ia : ib;
	double ma = item_mean(ip->a, ia), mb = item_mean(ip->b, ib);
	if (ip->arr) {
		json_t *o = json_object();
		json_object_set_new(o, "side", json_string(ip->s->side[it->side & 1]));
		json_object_set_new(o, "rule", json_string(it->rule));
		json_object_set_new(o, "item", json_string(it->item));
		json_object_set_new(o, "a_mean", json_real(ma));
		json_object_set_new(o, "b_mean", json_real(mb));
		json_object_set_new(o, "diff", json_real(mb - ma));
		json_array_append_new(ip->arr, o);
		return;
	}
	printf("%-10s %8.2f %8.2f %+9.2f  %-8s %s\n", ip->s->side[it->side & 1], ma, mb, mb - ma, it->rule, it->item);
}

void simcmp_print_text(const struct scenario *s, uint64_t seed, int64_t games, int64_t asked,
		       const struct simcmp_study *a, const struct simcmp_study *b, const struct sim_pair *p)
{
	const struct simcmp_study *ab[2] = {a, b};
	double lo, hi, d;
	char opts[128], row[64]; /* (opts: every optional rule, 15 cases) */

	printf("%s: %s\n", s->id, s->title);
	printf("%" PRId64 " deals, seed %" PRIu64 ": game i of A and game i of B start from the same seed, "
	       "rng_mix(%" PRIu64 ", i)\n", games, seed, seed);
	for (int k = 0; k < 2; k++) {
		simcmp_options_text(ab[k]->options, opts, sizeof opts);
		printf("  %c: %s %s, %s %s, optional rules %s\n", "AB"[k], s->side[0], ab[k]->player[0], s->side[1],
		       ab[k]->player[1], opts);
	}
	printf("compared %" PRId64 " pairs (both games completed); errors: A %" PRId64 ", B %" PRId64 "\n", p->n,
	       a->st->games - a->st->status[SIM_OK], b->st->games - b->st->status[SIM_OK]);
	if (asked != games)
		printf("stopped: the first %" PRId64 " of the %" PRId64 " deals asked for\n", games, asked);

	printf("\n%-30s %8s %8s %8s   %s\n", "outcome (over the pairs)", "A", "B", "B - A", "95% CI (paired, Newcombe)");
	for (int k = 0; k < 3; k++) {
		d = sim_pair_share_diff(p, k, Z95, &lo, &hi);
		snprintf(row, sizeof row, k < 2 ? "%s wins" : "%s", outcome_name(s, k));
		printf("%-30s %7.1f%% %7.1f%% %+7.1f%%   [%+6.1f%%, %+6.1f%%]\n", row,
		       100.0 * sim_mean(p->n, outcome_pairs(p, k, false)), 100.0 * sim_mean(p->n, outcome_pairs(p, k, true)),
		       100.0 * d, 100.0 * lo, 100.0 * hi);
	}
	printf("\n%-30s", "pairs: outcome in A (rows), B");
	for (int j = 0; j < 3; j++)
		printf(" %10s", outcome_name(s, j));
	putchar('\n');
	for (int i = 0; i < 3; i++) {
		printf("%-30s", outcome_name(s, i));
		for (int j = 0; j < 3; j++)
			printf(" %10" PRId64, p->trans[i][j]);
		putchar('\n');
	}

	printf("\n%-30s %8s %8s %8s   %s\n", "victory points (mean)", "A", "B", "B - A", "95% CI (paired)");
	for (int k = 0; k < 3; k++) {
		double ma, mb;
		if (k < 2) {
			ma = sim_mean(a->st->status[SIM_OK], a->st->vp_sum[k]);
			mb = sim_mean(b->st->status[SIM_OK], b->st->vp_sum[k]);
			d = sim_pair_mean_ci(p->n, p->dvp_sum[k], p->dvp_sq[k], Z95, &lo, &hi);
			snprintf(row, sizeof row, "%s", s->side[k]);
		} else {
			ma = sim_mean(a->st->status[SIM_OK], a->st->vp_sum[0] - a->st->vp_sum[1]);
			mb = sim_mean(b->st->status[SIM_OK], b->st->vp_sum[0] - b->st->vp_sum[1]);
			d = sim_pair_mean_ci(p->n, p->dm_sum, p->dm_sq, Z95, &lo, &hi);
			snprintf(row, sizeof row, "margin (%s - %s)", s->side[0], s->side[1]);
		}
		printf("%-30s %8.2f %8.2f %+8.2f   [%+.2f, %+.2f]\n", row, ma, mb, d, lo, hi);
	}
	d = sim_pair_mean_ci(p->n, p->dact_sum, p->dact_sq, Z95, &lo, &hi);
	printf("%-30s %8.1f %8.1f %+8.1f   [%+.1f, %+.1f]\n", "game length (actions)",
	       sim_mean(a->st->status[SIM_OK], a->st->act_sum), sim_mean(b->st->status[SIM_OK], b->st->act_sum), d, lo, hi);

	if (a->st->nitems || b->st->nitems) {
		struct item_print ip = {s, a, b, NULL};
		printf("\nwhere the points go: each item's mean over the completed games of A and of B\n");
		printf("%-10s %8s %8s %9s  %-8s %s\n", "side", "A", "B", "B - A", "case", "item");
		each_item(a, b, item_out, &ip);
	}
}

/* A study's players, options, completed games and errors. */
static json_t *study_json(const struct scenario *s, const struct simcmp_study *x)
{
	json_t *o = json_object(), *pl = json_object();
	for (int k = 0; k < 2; k++)
		json_object_set_new(pl, s->side[k], json_string(x->player[k]));
	json_object_set_new(o, "players", pl);
	json_object_set_new(o, "options", simcmp_options_json(x->options));
	json_object_set_new(o, "completed", json_integer(x->st->status[SIM_OK]));
	json_object_set_new(o, "errors", json_integer(x->st->games - x->st->status[SIM_OK]));
	return o;
}

/* {"a_mean", "b_mean", "diff", "ci95"} */
static json_t *diff_json(double ma, double mb, double d, double lo, double hi)
{
	json_t *o = json_object();
	json_object_set_new(o, "a_mean", json_real(ma));
	json_object_set_new(o, "b_mean", json_real(mb));
	json_object_set_new(o, "diff", json_real(d));
	json_object_set_new(o, "ci95", json_pack("[ff]", lo, hi));
	return o;
}

int simcmp_print_json(const struct scenario *s, uint64_t seed, int64_t games, int64_t asked,
		      const struct simcmp_study *a, const struct simcmp_study *b, const struct sim_pair *p)
{
	json_t *root = json_object(), *outs = json_array(), *trans = json_object(), *vp = json_object();
	double lo, hi, d;
	char buf[32];

	json_object_set_new(root, "scenario", json_string(s->id));
	json_object_set_new(root, "title", json_string(s->title));
	json_object_set_new(root, "games", json_integer(games));
	if (asked != games)
		json_object_set_new(root, "asked", json_integer(asked));
	snprintf(buf, sizeof buf, "%" PRIu64, seed); /* a string keeps all 64 bits */
	json_object_set_new(root, "seed", json_string(buf));
	json_object_set_new(root, "a", study_json(s, a));
	json_object_set_new(root, "b", study_json(s, b));
	json_object_set_new(root, "pairs", json_integer(p->n));
	for (int k = 0; k < 3; k++) {
		json_t *o = json_object(), *row = json_object();
		d = sim_pair_share_diff(p, k, Z95, &lo, &hi);
		json_object_set_new(o, "outcome", json_string(outcome_name(s, k)));
		json_object_set_new(o, "a_share", json_real(sim_mean(p->n, outcome_pairs(p, k, false))));
		json_object_set_new(o, "b_share", json_real(sim_mean(p->n, outcome_pairs(p, k, true))));
		json_object_set_new(o, "diff", json_real(d));
		json_object_set_new(o, "ci95", json_pack("[ff]", lo, hi));
		json_array_append_new(outs, o);
		for (int j = 0; j < 3; j++)
			json_object_set_new(row, outcome_name(s, j), json_integer(p->trans[k][j]));
		json_object_set_new(trans, outcome_name(s, k), row);
	}
	json_object_set_new(root, "outcomes", outs);
	json_object_set_new(root, "transitions", trans);
	for (int k = 0; k < 2; k++) {
		d = sim_pair_mean_ci(p->n, p->dvp_sum[k], p->dvp_sq[k], Z95, &lo, &hi);
		json_object_set_new(vp, s->side[k], diff_json(sim_mean(a->st->status[SIM_OK], a->st->vp_sum[k]),
							      sim_mean(b->st->status[SIM_OK], b->st->vp_sum[k]), d, lo, hi));
	}
	d = sim_pair_mean_ci(p->n, p->dm_sum, p->dm_sq, Z95, &lo, &hi);
	json_object_set_new(vp, "margin", diff_json(sim_mean(a->st->status[SIM_OK], a->st->vp_sum[0] - a->st->vp_sum[1]),
						    sim_mean(b->st->status[SIM_OK], b->st->vp_sum[0] - b->st->vp_sum[1]), d, lo, hi));
	json_object_set_new(root, "victory_points", vp);
	d = sim_pair_mean_ci(p->n, p->dact_sum, p->dact_sq, Z95, &lo, &hi);
	json_object_set_new(root, "actions", diff_json(sim_mean(a->st->status[SIM_OK], a->st->act_sum),
						       sim_mean(b->st->status[SIM_OK], b->st->act_sum), d, lo, hi));
	struct item_print ip = {s, a, b, json_array()};
	each_item(a, b, item_out, &ip);
	json_object_set_new(root, "score_items", ip.arr);
	return simcmp_json_puts(root);
}

int simcmp_json_puts(json_t *root)
{
	char *txt = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
	json_decref(root);
	if (!txt)
		return -1;
	puts(txt);
	free(txt);
	return 0;
}
