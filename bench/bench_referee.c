/* bench_referee: how long a referee waits for the odds. The Charge of the Light Brigade sheet's
 * exact odds (src/games/cotlb/cref.c) of a volley, of saves, and of close combats from one stand
 * a side up to the largest the rulings take (24 dice a side), and Sevastopol's siege battery odds;
 * then what the Balaclava table (data/cotlb/balaclava-2014-table.json) measures: every volley
 * on the table, the reactions to a long move, a rout; and what every command on a Sevastopol
 * game costs: the charts and order of battle read, the game file written and read back; and
 * From Ulm to Waterloo's melee odds, from one unit a side to the most dice a side casts, and
 * canister's; milliseconds, the median of the repetitions (wall clock).
 *   build/bench/bench_referee [-r REPS]
 * Run from the repository root. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/cotlb/cact.h"
#include "games/cotlb/cref.h"
#include "games/cotlb/ctable.h"
#include "games/siege/sref.h"
#include "games/siege/sroster.h"
#include "games/ulm/ufire.h"
#include "games/ulm/umelee.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *t, int n)
{
	qsort(t, (size_t)n, sizeof *t, cmp_d);
	return t[n / 2];
}

int main(int argc, char **argv)
{
	static struct ctab t;
	static struct stab st;
	static struct cref_cc_odds od;
	struct errlist el;
	struct err e;
	int reps = 9;
	double tm[64];

	if (argc == 3 && !strcmp(argv[1], "-r"))
		reps = atoi(argv[2]);
	if (reps < 1 || reps > 64) {
		fprintf(stderr, "usage: bench_referee [-r REPS], 1 <= REPS <= 64\n");
		return 2;
	}
	errlist_init(&el);
	if (ctab_load_file(&t, "data/cotlb/sheet-2014.json", &el) != 0 || stab_load_file(&st, "data/siege/tables.json", &el) != 0) {
		fprintf(stderr, "bench_referee: run from the repository root (the data files do not load)\n");
		return 1;
	}
	printf("%-44s %10s\n", "odds of", "ms");
	{
		struct cref_fire f = {ctab_weapon(&t, "allied-foot-artillery"), 12, 0, false, CT_LINE, false, 3, false, false};
		double hits[CREF_DICE_MAX + 1], mk[CREF_DICE_MAX + 1], lead;
		for (int r = 0; r < reps; r++) {
			double t0 = now();
			cref_fire_odds(&t, &f, hits, CREF_DICE_MAX, mk, CREF_DICE_MAX, &lead, &e);
			tm[r] = (now() - t0) * 1e3;
		}
		printf("%-44s %10.4f\n", "a volley, 24 dice (canister)", median(tm, reps));
	}
	{
		struct cref_unit u = {ctab_unit(&t, "british-infantry"), 24, 1, 1};
		double cas[CREF_FIG_MAX + 1];
		for (int r = 0; r < reps; r++) {
			double t0 = now();
			cref_save_odds(&t, &u, 24, cas, CREF_FIG_MAX);
			tm[r] = (now() - t0) * 1e3;
		}
		printf("%-44s %10.4f\n", "24 saves, British infantry, 24 figures", median(tm, reps));
	}
	for (int stands = 1; stands <= 12; stands = stands < 6 ? 6 : 12) {
		/* a cavalry unit has 2 figures a stand: 12 stands are a double line's 24 figures */
		struct cref_side a = {{ctab_unit(&t, "british-cavalry"), 2 * stands > CREF_FIG_MAX ? CREF_FIG_MAX : 2 * stands, 0,
				       stands >= 6 ? 1 : 0},
				      {ctab_mod(&t, "cavalry-line")}, 1, false, false, true};
		struct cref_side b = {{ctab_unit(&t, "russian-infantry"), 4 * stands, 1, stands >= 6 ? 1 : 0}, {0}, 0, false, false,
				      false};
		char what[64];
		for (int r = 0; r < reps; r++) {
			double t0 = now();
			cref_cc_odds(&t, &a, &b, &od, &e);
			tm[r] = (now() - t0) * 1e3;
		}
		snprintf(what, sizeof what, "a close combat, %d stand%s a side%s", stands, stands == 1 ? "" : "s",
			 stands >= 6 ? " and leaders" : "");
		printf("%-44s %10.4f\n", what, median(tm, reps));
		if (stands == 12)
			break;
	}
	{
		/* 48 cavalry figures are 24 stands: the most dice a side the rulings take */
		struct cref_side a = {{ctab_unit(&t, "british-cavalry"), 48, 0, 0}, {0}, 0, false, false, true};
		struct cref_side b = {{ctab_unit(&t, "russian-cavalry"), 48, 0, 0}, {0}, 0, false, false, false};
		for (int r = 0; r < reps; r++) {
			double t0 = now();
			cref_cc_odds(&t, &a, &b, &od, &e);
			tm[r] = (now() - t0) * 1e3;
		}
		printf("%-44s %10.4f\n", "a close combat, 24 dice a side (the most)", median(tm, reps));
	}
	{
		/* sides of several units [Close Combat (a)-(d)]: a battalion charged and two more fighting
		 * with it (7 dice against 21); two battalions charging one that a second joins (14 to 14) */
		struct cref_side ru = {{ctab_unit(&t, "russian-infantry"), 24, 0, 1}, {0}, 0, false, false, true};
		struct cref_side ru2 = {{ctab_unit(&t, "russian-infantry"), 24, 0, 1}, {0}, 0, false, false, false};
		struct cref_side br = {{ctab_unit(&t, "british-infantry"), 24, 0, 1}, {0}, 0, false, false, false};
		struct cref_side tu = {{ctab_unit(&t, "turkish-infantry"), 24, 0, 1}, {0}, 0, false, false, false};
		const struct cref_force forces[2][2] = {{{1, {&ru}}, {3, {&br, &tu, &tu}}}, {{2, {&ru, &ru2}}, {2, {&br, &br}}}};
		static const char *const label[2] = {"a close combat, 1 unit against 3 (7 to 21)",
						     "a close combat, 2 units against 2 (14 to 14)"};
		static double cu[2][CREF_CC_UNITS][CREF_FIG_MAX + 1];
		for (int k = 0; k < 2; k++) {
			for (int r = 0; r < reps; r++) {
				double t0 = now();
				cref_cc_odds_force(&t, forces[k], &od, cu, &e);
				tm[r] = (now() - t0) * 1e3;
			}
			printf("%-44s %10.4f\n", label[k], median(tm, reps));
		}
	}
	{
		double p[STAB_FIRE_ROWS];
		struct stab_fire out;
		for (int r = 0; r < reps; r++) {
			double t0 = now();
			sref_bombard(&st, SG_SIEGE, 450, 6, false, 0, &out, p, NULL, &e);
			tm[r] = (now() - t0) * 1e3;
		}
		printf("%-44s %10.4f\n", "Sevastopol: a siege gun's round", median(tm, reps));
	}
	{
		/* the table: at the start of the NASHCON game, 60 units, 24 terrain features */
		struct cros_oob *o = malloc(sizeof *o);
		struct ctbl *tb = malloc(sizeof *tb);
		struct cros_game *g = malloc(sizeof *g);
		struct ctbl_react react[CROS_UNITS_MAX];
		struct ctbl_fall fb;
		int pairs = 0, az;
		if (!o || !tb || !g || cros_oob_load_file(o, &t, "data/cotlb/balaclava-2014.json", &el) != 0 ||
		    ctbl_load_file(tb, &t, o, "data/cotlb/balaclava-2014-table.json", &el) != 0) {
			fprintf(stderr, "bench_referee: the Balaclava table does not load\n");
			return 1;
		}
		cros_new(o, g);
		ctbl_deploy(tb, o, g);
		for (int r = 0; r < reps; r++) {
			double t0 = now();
			struct ctbl_sight s;
			pairs = 0;
			for (int i = 0; i < o->n; i++)
				for (int j = 0; j < o->n; j++)
					if (o->u[i].side != o->u[j].side && g->s[i].pos.on && g->s[j].pos.on &&
					    ctbl_sight(&t, tb, o, g, i, j, &s, NULL, &e) == 0)
						pairs++;
			tm[r] = (now() - t0) * 1e3;
		}
		printf("%-44s %10.4f\n", "table: every volley at the start", median(tm, reps));
		printf("%-44s %10.4f   (%d volleys)\n", "table: one volley", median(tm, reps) / pairs, pairs);
		az = cros_find(o, "azov1");
		for (int r = 0; r < reps; r++) {
			struct cros_pos p = g->s[az].pos;
			double t0 = now();
			p.c.x -= 120; /* 12" west */
			ctbl_reactions(&t, tb, o, g, az, &p, react, CROS_UNITS_MAX);
			tm[r] = (now() - t0) * 1e3;
		}
		printf("%-44s %10.4f\n", "table: the reactions to a 12\" move", median(tm, reps));
		for (int r = 0; r < reps; r++) {
			double t0 = now();
			ctbl_fall_back(&t, tb, o, g, az, -1, 24, true, &fb, NULL, &e);
			tm[r] = (now() - t0) * 1e3;
		}
		printf("%-44s %10.4f\n", "table: a 24\" rout", median(tm, reps));
		{
			/* every unit's actions at the start, no sequence kept (cact.c): fire priority for each */
			static struct cact acts[CACT_LIST_MAX];
			int na = 0;
			for (int r = 0; r < reps; r++) {
				double t0 = now();
				na = cact_list(NULL, &t, tb, o, g, -1, acts, CACT_LIST_MAX);
				tm[r] = (now() - t0) * 1e3;
			}
			printf("%-44s %10.4f   (%d actions)\n", "table: every unit's actions at the start", median(tm, reps), na);
		}
		free(o);
		free(tb);
		free(g);
	}
	{
		/* a Sevastopol game command: the charts and the order of battle read, the game read from
		 * its file and written back (what `crimea referee siege WHAT --game F` does around the
		 * ruling itself) */
		struct sob *o = malloc(sizeof *o);
		struct sros_game *g = malloc(sizeof *g);
		struct stab *t2 = malloc(sizeof *t2);
		if (!o || !g || !t2 || sob_load_file(o, "data/siege/sevastopol.json", &el) != 0)
			return 1;
		for (int r = 0; r < reps; r++) {
			double t0 = now();
			stab_load_file(t2, "data/siege/tables.json", &el);
			sob_load_file(o, "data/siege/sevastopol.json", &el);
			tm[r] = (now() - t0) * 1e3;
		}
		printf("%-44s %10.4f\n", "Sevastopol: charts and order of battle read", median(tm, reps));
		sros_new(o, &st, g);
		for (int r = 0; r < reps; r++) {
			double t0 = now();
			json_t *j = sros_game_json(o, g);
			char *txt = json_dumps(j, JSON_INDENT(1));
			struct jdoc d;
			json_decref(j);
			if (!txt || jdoc_parse(&d, "g.json", txt, strlen(txt), &e) != 0 || sros_game_read(o, &d, g, &el) != 0)
				return 1;
			jdoc_free(&d);
			free(txt);
			tm[r] = (now() - t0) * 1e3;
		}
		printf("%-44s %10.4f\n", "Sevastopol: a game file written and read", median(tm, reps));
		free(o);
		free(g);
		free(t2);
	}
	{
		static struct umel_tab ut;
		static struct ufire_tab ft;
		struct jdoc d;
		if (jdoc_load(&d, "data/ulm/tables.json", &e) != 0 || umel_load(&ut, &d, &el) != 0 || ufire_load(&ft, &d, &el) != 0)
			return 1;
		jdoc_free(&d);
		for (int n = 1; n <= UMEL_UNITS; n += UMEL_UNITS - 1) {
			/* n lancer units attacking enfilade (2 + (n - 1) + 2n dice) against n battalions */
			struct umel_melee m;
			struct umel_plan p;
			struct umel_odds o;
			char what[64];
			memset(&m, 0, sizeof m);
			m.cast = 1;
			m.n[0] = m.n[1] = n;
			for (int k = 0; k < n; k++) {
				m.u[0][k] = (struct umel_unit){umel_type(&ut, "light-horse"), 20, 0, UMEL_LANCER | UMEL_ENFILADE};
				m.u[1][k] = (struct umel_unit){umel_type(&ut, "infantry"), 30, 0, 0};
			}
			if (umel_plan(&ut, &m, &p, NULL, &e) != 0)
				return 1;
			for (int r = 0; r < reps; r++) {
				double t0 = now();
				umel_odds(&ut, &m, &p, &o);
				tm[r] = (now() - t0) * 1e3;
			}
			snprintf(what, sizeof what, "Ulm: a melee, %d dice to %d", p.dice[0], p.dice[1]);
			printf("%-44s %10.4f\n", what, median(tm, reps));
		}
		{
			struct ufire_canister c = {UG_HEAVY, 2, 0, 2, 30, false, true, false, true};
			double pr[UFIRE_MAX + 1];
			for (int r = 0; r < reps; r++) {
				double t0 = now();
				ufire_canister(&ft, &c, 0, 0, pr, NULL, &e);
				tm[r] = (now() - t0) * 1e3;
			}
			printf("%-44s %10.4f\n", "Ulm: canister", median(tm, reps));
		}
	}
	return 0;
}
