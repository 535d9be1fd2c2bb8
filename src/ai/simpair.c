/* simpair: paired tallies of two studies on the same deals, and their intervals (sim.h). */
#include "sim.h"

#include <math.h>
#include <string.h>

void sim_pair_init(struct sim_pair *p)
{
	memset(p, 0, sizeof *p);
}

static int outcome(const struct sim_game *r)
{
	return r->winner == 0 ? 0 : r->winner == 1 ? 1 : 2;
}

void sim_pair_add(struct sim_pair *p, const struct sim_game *a, const struct sim_game *b)
{
	if (a->status != SIM_OK || b->status != SIM_OK)
		return;
	p->n++;
	p->trans[outcome(a)][outcome(b)]++;
	for (int s = 0; s < 2; s++) {
		int64_t d = (int64_t)b->vp[s] - a->vp[s];
		p->dvp_sum[s] += d;
		p->dvp_sq[s] += d * d;
	}
	int64_t dm = ((int64_t)b->vp[0] - b->vp[1]) - ((int64_t)a->vp[0] - a->vp[1]);
	p->dm_sum += dm;
	p->dm_sq += dm * dm;
	int64_t da = (int64_t)b->actions - a->actions;
	p->dact_sum += da;
	p->dact_sq += da * da;
}

void sim_pair_merge(struct sim_pair *dst, const struct sim_pair *src)
{
	dst->n += src->n;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			dst->trans[i][j] += src->trans[i][j];
	for (int s = 0; s < 2; s++) {
		dst->dvp_sum[s] += src->dvp_sum[s];
		dst->dvp_sq[s] += src->dvp_sq[s];
	}
	dst->dm_sum += src->dm_sum;
	dst->dm_sq += src->dm_sq;
	dst->dact_sum += src->dact_sum;
	dst->dact_sq += src->dact_sq;
}

/* Newcombe (1998, Statistics in Medicine 17:2635), method 10: for pairs counted as both (e),
 * A only (f), B only (g) and neither (h) having the outcome, the interval of pB - pA built
 * from the Wilson intervals of pA and pB, joined through the 2x2 table's phi coefficient. */
double sim_pair_share_diff(const struct sim_pair *p, int k, double z, double *lo, double *hi)
{
	int64_t e = 0, f = 0, g = 0, h = 0;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			int64_t c = p->trans[i][j];
			if (i == k && j == k)
				e += c;
			else if (i == k)
				f += c;
			else if (j == k)
				g += c;
			else
				h += c;
		}
	if (p->n <= 0) {
		*lo = -1.0;
		*hi = 1.0;
		return 0.0;
	}
	double n = (double)p->n, pa = (double)(e + f) / n, pb = (double)(e + g) / n, la, ua, lb, ub;
	sim_wilson(e + f, p->n, z, &la, &ua);
	sim_wilson(e + g, p->n, z, &lb, &ub);
	/* phi, as method 10 has it: a positive association less n / 2 (none when that is not
	 * positive), a negative one as it is; 0 when a margin of the 2x2 table is empty */
	double den = (double)(e + f) * (double)(g + h) * (double)(e + g) * (double)(f + h), phi = 0.0;
	double assoc = (double)e * (double)h - (double)f * (double)g;
	assoc = assoc > n / 2 ? assoc - n / 2 : assoc < 0 ? assoc : 0.0;
	if (den > 0)
		phi = assoc / sqrt(den);
	/* theta = pa - pb: [theta - delta, theta + eps]; ours is its negative */
	double dl = pa - la, du = ua - pa, el = pb - lb, eu = ub - pb;
	double delta = dl * dl - 2.0 * phi * dl * eu + eu * eu;
	double eps = du * du - 2.0 * phi * du * el + el * el;
	delta = sqrt(delta > 0 ? delta : 0);
	eps = sqrt(eps > 0 ? eps : 0);
	double d = pb - pa;
	*lo = d - eps;
	*hi = d + delta;
	if (*lo < -1.0)
		*lo = -1.0;
	if (*hi > 1.0)
		*hi = 1.0;
	return d;
}

double sim_pair_mean_ci(int64_t n, int64_t sum, int64_t sq, double z, double *lo, double *hi)
{
	double m = sim_mean(n, sum), se = n > 1 ? sim_sd(n, sum, sq) / sqrt((double)n) : 0.0;
	*lo = m - z * se;
	*hi = m + z * se;
	return m;
}
