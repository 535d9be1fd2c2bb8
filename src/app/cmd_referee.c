/* cmd_referee: `crimea referee cotlb WHAT ...`, the Charge of the Light Brigade play sheet for a
 * referee at a table of miniatures: fire, saves, close combat, morale checks and movement, as
 * exact odds before anyone rolls and as a ruling (each line with its section) from the dice
 * rolled. The rulings are src/games/cotlb/cref.c's; this file reads options and prints. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/cotlb/cref.h"
#include "catalog.h"
#include "cli.h"

#define REF_EVENTS 256

static const char ref_usage[] =
	"usage: crimea referee cotlb WHAT [--sheet FILE|2014] [options]\n"
	"  Raybin's Charge of the Light Brigade play sheet (NASHCON 2014 Balaclava version) for a\n"
	"  referee: without dice, the exact odds; with the dice rolled, the ruling, each line citing\n"
	"  the sheet's section. A unit is TYPE[:FIGURES[:MARKERS]] (figures left, a battery's\n"
	"  gunners; 6 full stands by default). Dice are listed as 6,5,1,...\n"
	"\n"
	"  fire   --weapon W --stands N --target line|column|enfilade (--inches N | --short | --long)\n"
	"         [--cover] [--markers N] [--pivot] [--at UNIT] [--dice D,..] [--saves D,..] [--leader D]\n"
	"  save   --unit UNIT --hits N [--dice D,..]\n"
	"  melee  --attacker UNIT --defender UNIT [--initiative attacker|defender]\n"
	"         [--attacker-mod KEY].. [--defender-mod KEY].. [--attacker-leaders N] [--defender-leaders N]\n"
	"         [--attacker-routing] [--defender-routing] [--attacker-rear] [--defender-rear]\n"
	"         [--attacker-dice D,..] [--defender-dice D,..] [--winner-die D]\n"
	"         [--attacker-saves D,..] [--defender-saves D,..]\n"
	"  morale --unit UNIT [--standing-cavalry] [--die D]\n"
	"  move   --row ROW [--column | --one-die] [--terrain gentle|steep|walls] [--interpenetration]\n"
	"         [--markers N] [--dice D,..]\n"
	"  sheet  the weapons, troop types, close combat modifiers and MOVE Chart rows, by key\n";

struct refopt {
	const char *sheet;
	const char *what;
	/* fire */
	const char *weapon, *target, *at;
	int stands, markers, inches;
	bool pivot, cover, shrt, lng;
	/* units */
	const char *unit, *side[2];
	const char *mods[2][CTAB_MODS_MAX];
	int nmods[2], leaders[2];
	bool routing[2], rear[2];
	const char *initiative;
	int hits;
	bool standing_cav;
	/* move */
	const char *row, *terrain;
	bool column, one_die, interpen;
	/* dice */
	const char *dice, *saves, *cdice[2], *csaves[2];
	int leader, wdie, die;
};

__attribute__((format(printf, 1, 2))) static int fail(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "crimea referee: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	return 2;
}

static bool int_arg(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (end == s || *end || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

/* "6,5,1" into d (at most max); -1 on anything else. */
static int parse_dice(const char *s, int *d, int max)
{
	int n = 0;
	const char *p = s;
	while (*p) {
		char *end;
		long v = strtol(p, &end, 10);
		if (end == p || v < 1 || v > 6 || n == max)
			return -1;
		d[n++] = (int)v;
		p = end;
		if (*p == ',')
			p++;
		else if (*p)
			return -1;
	}
	return n;
}

/* TYPE[:FIGURES[:MARKERS]] */
static int parse_unit(const struct ctab *t, const char *s, struct cref_unit *u)
{
	char buf[96], *c1, *c2;
	memset(u, 0, sizeof *u);
	snprintf(buf, sizeof buf, "%s", s);
	c1 = strchr(buf, ':');
	if (c1)
		*c1++ = 0;
	c2 = c1 ? strchr(c1, ':') : NULL;
	if (c2)
		*c2++ = 0;
	if ((u->type = ctab_unit(t, buf)) < 0) {
		fprintf(stderr, "crimea referee: no troop type \"%s\" (crimea referee cotlb sheet lists them)\n", buf);
		return -1;
	}
	u->figures = 6 * t->unit[u->type].fps;
	u->leaders = t->unit[u->type].fps > 1; /* a regiment's leader stand; a battery has none */
	if (c1 && !int_arg(c1, 1, CREF_FIG_MAX, &u->figures)) {
		fprintf(stderr, "crimea referee: figures must be 1-%d, not \"%s\"\n", CREF_FIG_MAX, c1);
		return -1;
	}
	if (c2 && !int_arg(c2, 0, 12, &u->chits)) {
		fprintf(stderr, "crimea referee: morale markers must be 0-12, not \"%s\"\n", c2);
		return -1;
	}
	return 0;
}

static void print_events(const struct evsink *ev)
{
	for (int i = 0; i < ev->n; i++)
		printf("  %-22s %s\n", ev->ev[i].rule, ev->ev[i].text);
}

/* A distribution, one line: "0 31.2%  1 40.0%  ..." (entries under 0.05% left out). */
static void print_dist(const char *label, const double *p, int n)
{
	int last = 0;
	double mean = 0;
	for (int i = 0; i <= n; i++) {
		if (p[i] >= 0.0005)
			last = i;
		mean += i * p[i];
	}
	printf("  %-26s", label);
	for (int i = 0; i <= last; i++)
		if (p[i] >= 0.0005)
			printf(" %d:%5.1f%%", i, 100 * p[i]);
	printf("   (mean %.2f)\n", mean);
}

static int load_sheet(const char *argv0, const char *name, struct ctab *t)
{
	struct errlist *errs = malloc(sizeof *errs);
	char path[SCN_PATH_MAX + 64];
	int rc;
	if (!errs)
		return -1;
	errlist_init(errs);
	if (!name || !strcmp(name, "2014")) {
		struct catalog *c = malloc(sizeof *c);
		struct err e;
		if (!c || cat_load(c, argv0, &e) != 0) {
			if (c)
				cli_print_err(&e);
			free(c);
			free(errs);
			return -1;
		}
		snprintf(path, sizeof path, "%s/cotlb/sheet-2014.json", c->dir);
		free(c);
	} else {
		snprintf(path, sizeof path, "%s", name);
	}
	rc = ctab_load_file(t, path, errs);
	cli_print_errs(errs);
	free(errs);
	return rc;
}

static int do_sheet(const struct ctab *t)
{
	printf("%s\n(%s)\n\nweapons (--weapon): Fire Chart row, long range\n", t->title, t->file);
	for (int i = 0; i < t->nweapons; i++) {
		const struct ctab_weapon *w = &t->weapon[i];
		printf("  %-24s %-8s ", w->key, t->row_key[w->row]);
		if (w->long_in)
			printf("%d\"%s%s\n", w->long_in, w->always_long ? ", always long" : "", w->canister ? ", canister" : "");
		else
			printf("no range printed (say --short or --long)\n");
	}
	printf("\ntroop types (UNIT): Save Table row, figures a stand, morale check\n");
	for (int i = 0; i < t->nunits; i++) {
		const struct ctab_unit *u = &t->unit[i];
		printf("  %-24s %-18s %d  %d+%s\n", u->key, t->save[u->save].key, u->fps, u->morale,
		       u->bonuses ? "" : "  (no close combat bonuses)");
	}
	printf("\nclose combat modifiers (--attacker-mod, --defender-mod), a die each\n");
	for (int i = 0; i < t->nmods; i++)
		printf("  %-24s %+d %-4s %s\n", t->mod[i].key, t->mod[i].value, t->mod[i].cite, t->mod[i].text);
	printf("\nMOVE Chart rows (--row): dice in line, in column\n");
	for (int i = 0; i < t->nmoves; i++)
		printf("  %-24s %d %d\n", t->move[i].key, t->move[i].dice[0], t->move[i].dice[1]);
	return 0;
}

/* The saves of hits possible hits on u: the ruling when dice are given, else the odds. */
static int saves(const struct ctab *t, const struct cref_unit *u, int hits, const char *dicearg, const char *flag)
{
	struct event store[REF_EVENTS];
	struct evsink ev;
	struct err e;
	int d[CREF_HITS_MAX], n = 0, used, cas, rc;
	bool dbl;
	if (hits <= 0)
		return 0;
	if (dicearg && (n = parse_dice(dicearg, d, CREF_HITS_MAX)) < 0)
		return fail("%s must be dice such as 5,2,6", flag);
	if (!dicearg) {
		double p[CREF_FIG_MAX + 1];
		int need = cref_save_need(t, u, &dbl);
		cref_save_odds(t, u, hits, p, CREF_FIG_MAX);
		if (dbl)
			printf("saves: %s at %d figures: no save, each hit a double casualty (2X) [Save Table]\n",
			       t->unit[u->type].key, u->figures);
		else if (need > 6)
			printf("saves: %s at %d figures: no save possible [Save Table]\n", t->unit[u->type].key, u->figures);
		else
			printf("saves: %s at %d figures saves on %d-6 now (roll a die a possible hit, %s) [Save Table]\n",
			       t->unit[u->type].key, u->figures, need, flag);
		print_dist("figures lost", p, CREF_FIG_MAX);
		return 0;
	}
	evsink_init(&ev, store, REF_EVENTS);
	rc = cref_save_roll(t, u, hits, d, n, &used, &cas, &ev, &e);
	printf("saves:\n");
	print_events(&ev);
	if (rc == 1) {
		fflush(stdout);
		fprintf(stderr, "crimea referee: %d save dice given; the ruling needs more (%s)\n", n, flag);
		return 1;
	}
	if (rc < 0) {
		fflush(stdout);
		cli_print_err(&e);
		return 1;
	}
	printf("  => %d figure%s lost\n", cas, cas == 1 ? "" : "s");
	return 0;
}

static int do_fire(const struct ctab *t, const struct refopt *o)
{
	struct cref_fire f = {0};
	struct cref_shot s;
	struct cref_unit at;
	struct err e;
	bool have_at = false;

	if (!o->weapon || !o->target || !o->stands)
		return fail("%s", "fire needs --weapon, --stands and --target");
	if ((f.weapon = ctab_weapon(t, o->weapon)) < 0)
		return fail("no weapon \"%s\" (crimea referee cotlb sheet lists them)", o->weapon);
	f.target = -1;
	for (int i = 0; i < CT_TARGETS; i++)
		if (!strcmp(o->target, ctab_target_name[i]))
			f.target = i;
	if (f.target < 0)
		return fail("--target is line, column or enfilade, not \"%s\"", o->target);
	if ((o->inches >= 0) + o->shrt + o->lng != 1)
		return fail("%s", "give the range: --inches N, --short or --long");
	f.stands = o->stands;
	f.chits = o->markers;
	f.pivot = o->pivot;
	f.cover = o->cover;
	f.inches = o->inches;
	f.lng = o->lng;
	if (o->at) {
		if (parse_unit(t, o->at, &at) != 0)
			return 2;
		have_at = true;
	}
	if (cref_shot(t, &f, &s, &e) != 0) {
		cli_print_err(&e);
		return 1;
	}
	if (!o->dice) {
		double hits[CREF_DICE_MAX + 1], mk[CREF_DICE_MAX + 1], lead;
		cref_fire_odds(t, &f, hits, CREF_DICE_MAX, mk, CREF_DICE_MAX, &lead, &e);
		printf("fire: %s, %d dice, at a %s%s, %s range%s: a possible hit on %s [Fire (a)%s]\n", o->weapon, s.dice,
		       o->target, f.cover ? " in cover" : "", s.lng ? "long" : "short", s.canister ? ", canister" : "",
		       s.need > 6 ? "no die" : s.need == 6 ? "a 6" : s.need == 5 ? "5-6" : s.need == 4 ? "4-6" : s.need == 3 ? "3-6" : "2-6",
		       s.lng ? ", halved [Fire (o)]" : "");
		print_dist("possible hits", hits, CREF_DICE_MAX);
		print_dist("morale markers [Fire (d)]", mk, CREF_DICE_MAX);
		printf("  %-26s %.1f%% (then a leader dies on 1-%d: %.1f%%) [Fire (d), (e)]\n", "possible leader kill",
		       100 * lead, t->leader_kill, 100 * lead * t->leader_kill / 6);
		if (have_at) {
			double cas[CREF_FIG_MAX + 1] = {0}, c1[CREF_FIG_MAX + 1];
			for (int h = 0; h <= CREF_DICE_MAX; h++) {
				if (hits[h] == 0)
					continue;
				cref_save_odds(t, &at, h, c1, CREF_FIG_MAX);
				for (int c = 0; c <= CREF_FIG_MAX; c++)
					cas[c] += hits[h] * c1[c];
			}
			printf("  on %s (%d figures, %d marker%s), after saves [Save Table]:\n", t->unit[at.type].key, at.figures,
			       at.chits, at.chits == 1 ? "" : "s");
			print_dist("figures lost", cas, CREF_FIG_MAX);
		}
		return 0;
	} else {
		struct event store[REF_EVENTS];
		struct evsink ev;
		struct cref_fire_out out;
		int d[CREF_DICE_MAX], n = parse_dice(o->dice, d, CREF_DICE_MAX), rc = 0;
		if (n < 0)
			return fail("%s", "--dice must be dice such as 6,5,1");
		evsink_init(&ev, store, REF_EVENTS);
		if (cref_fire_roll(t, &f, d, n, &out, &ev, &e) != 0) {
			cli_print_err(&e);
			return 1;
		}
		printf("fire:\n");
		print_events(&ev);
		printf("  => %d possible hit%s, %d morale marker%s%s\n", out.hits, out.hits == 1 ? "" : "s", out.markers,
		       out.markers == 1 ? "" : "s", out.leader_risk ? ", a possible leader kill" : "");
		if (out.leader_risk && o->leader) {
			evsink_clear(&ev);
			cref_leader_roll(t, o->leader, "the target's", &ev);
			print_events(&ev);
		}
		if (have_at) {
			struct cref_unit after = at;
			rc = saves(t, &at, out.hits, o->saves, "--saves");
			after.chits += out.markers;
			if (out.markers && cref_routs(t, &after))
				printf("  [MORALE (c)]           %s now has %d morale markers, as many as its stands and leaders: "
				       "it ROUTS (4 dice away from the enemy [MORALE (d)])\n", t->unit[at.type].key, after.chits);
		}
		return rc;
	}
}

static int do_save(const struct ctab *t, const struct refopt *o)
{
	struct cref_unit u;
	if (!o->unit || o->hits < 0)
		return fail("%s", "save needs --unit and --hits");
	if (parse_unit(t, o->unit, &u) != 0)
		return 2;
	if (!o->hits) {
		printf("no possible hits, nothing to save\n");
		return 0;
	}
	return saves(t, &u, o->hits, o->dice, "--dice");
}

static int do_melee(const struct ctab *t, const struct refopt *o)
{
	static const char *const nm[2] = {"attacker", "defender"};
	struct cref_side sd[2];
	struct err e;
	int per[2], nd[2];
	memset(sd, 0, sizeof sd);
	if (!o->side[0] || !o->side[1])
		return fail("%s", "melee needs --attacker and --defender");
	for (int k = 0; k < 2; k++) {
		if (parse_unit(t, o->side[k], &sd[k].u) != 0)
			return 2;
		if (o->leaders[k] >= 0)
			sd[k].u.leaders = o->leaders[k];
		for (int i = 0; i < o->nmods[k]; i++)
			if ((sd[k].mods[sd[k].nmods++] = ctab_mod(t, o->mods[k][i])) < 0)
				return fail("no close combat modifier \"%s\" (crimea referee cotlb sheet lists them)", o->mods[k][i]);
		sd[k].routing = o->routing[k];
		sd[k].rear = o->rear[k];
	}
	if (o->initiative && strcmp(o->initiative, "attacker") && strcmp(o->initiative, "defender"))
		return fail("--initiative is attacker or defender, not \"%s\"", o->initiative);
	sd[0].initiative = !o->initiative || !strcmp(o->initiative, "attacker");
	sd[1].initiative = !sd[0].initiative;
	for (int k = 0; k < 2; k++)
		if ((nd[k] = cref_cc_dice(t, &sd[k], &per[k], &e)) < 0) {
			cli_print_err(&e);
			return 1;
		}
	printf("close combat: the %s has the initiative and wins ties [Modifiers (c)]%s\n", nm[sd[0].initiative ? 0 : 1],
	       o->initiative ? "" : " (--initiative to change)");
	for (int k = 0; k < 2; k++)
		printf("  %s: %s, %d figures, %d di%s (%d stand%s, %d leader%s), %+d a die\n", nm[k], t->unit[sd[k].u.type].key,
		       sd[k].u.figures, nd[k], nd[k] == 1 ? "e" : "ce", nd[k] - sd[k].u.leaders, nd[k] - sd[k].u.leaders == 1 ? "" : "s",
		       sd[k].u.leaders, sd[k].u.leaders == 1 ? "" : "s", per[k]);
	if (!o->cdice[0] && !o->cdice[1]) {
		struct cref_cc_odds *od = malloc(sizeof *od);
		if (!od)
			return 1;
		if (cref_cc_odds(t, &sd[0], &sd[1], od, &e) != 0) {
			cli_print_err(&e);
			free(od);
			return 1;
		}
		printf("  the attacker wins %.1f%%, the defender %.1f%% [Close Combat (c)]\n", 100 * od->win[0],
		       100 * od->win[1]);
		for (int k = 0; k < 2; k++) {
			char lab[64];
			snprintf(lab, sizeof lab, "%s possible hits", nm[k]);
			print_dist(lab, od->hits[k], CREF_HITS_MAX);
			snprintf(lab, sizeof lab, "%s figures lost", nm[k]);
			print_dist(lab, od->cas[k], CREF_FIG_MAX);
			printf("  %-26s %.1f%%\n", k ? "defender leader at risk" : "attacker leader at risk", 100 * od->leader[k]);
		}
		free(od);
		return 0;
	} else {
		struct event store[REF_EVENTS];
		struct evsink ev;
		struct cref_cc_out out;
		int da[CREF_DICE_MAX], db[CREF_DICE_MAX], n[2];
		const int *d[2] = {da, db};
		int rc = 0;
		if (!o->cdice[0] || !o->cdice[1])
			return fail("%s", "give both sides' dice (--attacker-dice and --defender-dice)");
		if ((n[0] = parse_dice(o->cdice[0], da, CREF_DICE_MAX)) < 0 ||
		    (n[1] = parse_dice(o->cdice[1], db, CREF_DICE_MAX)) < 0)
			return fail("%s", "dice such as 6,5,1");
		evsink_init(&ev, store, REF_EVENTS);
		if (cref_cc_roll(t, &sd[0], &sd[1], d, n, o->wdie, &out, &ev, &e) != 0) {
			cli_print_err(&e);
			return 1;
		}
		print_events(&ev);
		for (int k = 0; k < 2; k++) {
			int r;
			if (out.hits[k] < 0)
				continue;
			printf("%s, ", nm[k]);
			r = saves(t, &sd[k].u, out.hits[k], o->csaves[k], k ? "--defender-saves" : "--attacker-saves");
			if (out.hits[k] == 0)
				printf("%s: no possible hits\n", nm[k]);
			if (r)
				rc = r;
		}
		return rc;
	}
}

static int do_morale(const struct ctab *t, const struct refopt *o)
{
	struct cref_unit u;
	struct event store[8];
	struct evsink ev;
	double p;
	int r;
	if (!o->unit)
		return fail("%s", "morale needs --unit");
	if (parse_unit(t, o->unit, &u) != 0)
		return 2;
	evsink_init(&ev, store, 8);
	r = cref_morale(t, &u, o->standing_cav, o->die, &p, &ev);
	printf("morale check: %s passes %.1f%% of the time [MORALE (f)]\n", t->unit[u.type].key, 100 * p);
	if (r >= 0) {
		print_events(&ev);
		printf("  => %s\n", r ? "passes" : "fails");
	}
	return 0;
}

static int do_move(const struct ctab *t, const struct refopt *o)
{
	struct cref_move m = {0};
	struct err e;
	int nd;
	static const char *const ters[CT_TERRAINS] = {"gentle", "steep", "walls"};
	if (!o->row)
		return fail("%s", "move needs --row");
	if ((m.row = ctab_move(t, o->row)) < 0)
		return fail("no MOVE Chart row \"%s\" (crimea referee cotlb sheet lists them)", o->row);
	m.form = o->column;
	m.one_die = o->one_die;
	m.interpen = o->interpen;
	m.chits = o->markers;
	m.terrain = -1;
	if (o->terrain) {
		for (int i = 0; i < CT_TERRAINS; i++)
			if (!strcmp(o->terrain, ters[i]))
				m.terrain = i;
		if (m.terrain < 0)
			return fail("--terrain is gentle, steep or walls, not \"%s\"", o->terrain);
	}
	if (!(nd = cref_move_dice(t, &m, &e))) {
		cli_print_err(&e);
		return 1;
	}
	if (!o->dice) {
		double dist[64];
		cref_move_odds(t, &m, dist, 63, &e);
		printf("move: %s, %d di%s [MOVE Chart (a)]\n", o->row, nd, nd == 1 ? "e" : "ce");
		print_dist("inches", dist, 63);
		return 0;
	} else {
		struct event store[16];
		struct evsink ev;
		int d[16], n = parse_dice(o->dice, d, 16), in;
		if (n < 0)
			return fail("%s", "--dice must be dice such as 6,5,1");
		evsink_init(&ev, store, 16);
		if ((in = cref_move_roll(t, &m, d, n, &ev, &e)) < 0) {
			cli_print_err(&e);
			return 1;
		}
		printf("move:\n");
		print_events(&ev);
		printf("  => up to %d inch%s\n", in, in == 1 ? "" : "es");
		return 0;
	}
}

/* The value of option argv[i] (advancing i), or NULL when it is missing. */
static const char *val(int argc, char **argv, int *i)
{
	if (*i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

int cmd_referee(int argc, char **argv)
{
	struct refopt o;
	struct ctab *t;
	int rc;

	if (cli_help(argc, argv, ref_usage))
		return 0;
	memset(&o, 0, sizeof o);
	o.inches = -1;
	o.hits = -1;
	o.leaders[0] = o.leaders[1] = -1;
	if (argc < 3 || strcmp(argv[1], "cotlb")) {
		fputs(argc >= 2 && strcmp(argv[1], "cotlb") ? "crimea referee: only the cotlb rule system has a referee's "
							       "sheet so far\n" : "", stderr);
		fputs(ref_usage, stderr);
		return 2;
	}
	o.what = argv[2];
	for (int i = 3; i < argc; i++) {
		const char *a = argv[i], *v = NULL;
		int side = !strncmp(a, "--attacker", 10) ? 0 : !strncmp(a, "--defender", 10) ? 1 : -1;
		const char *rest = side >= 0 ? a + 10 : NULL;
#define NEED(x)                                                                                                \
	do {                                                                                                   \
		if (!(v = val(argc, argv, &i)))                                                                \
			return fail("%s needs a value", a);                                                    \
		x;                                                                                             \
	} while (0)
#define NUM(dst, lo, hi)                                                                                       \
	NEED(if (!int_arg(v, lo, hi, &(dst))) return fail("%s wants a number here", a))
		if (!strcmp(a, "--sheet"))
			NEED(o.sheet = v);
		else if (!strcmp(a, "--weapon"))
			NEED(o.weapon = v);
		else if (!strcmp(a, "--target"))
			NEED(o.target = v);
		else if (!strcmp(a, "--at"))
			NEED(o.at = v);
		else if (!strcmp(a, "--stands"))
			NUM(o.stands, 1, CREF_DICE_MAX);
		else if (!strcmp(a, "--markers"))
			NUM(o.markers, 0, 12);
		else if (!strcmp(a, "--inches"))
			NUM(o.inches, 0, 1000);
		else if (!strcmp(a, "--hits"))
			NUM(o.hits, 0, CREF_HITS_MAX);
		else if (!strcmp(a, "--leader"))
			NUM(o.leader, 1, 6);
		else if (!strcmp(a, "--winner-die"))
			NUM(o.wdie, 1, 6);
		else if (!strcmp(a, "--die"))
			NUM(o.die, 1, 6);
		else if (!strcmp(a, "--pivot"))
			o.pivot = true;
		else if (!strcmp(a, "--cover"))
			o.cover = true;
		else if (!strcmp(a, "--short"))
			o.shrt = true;
		else if (!strcmp(a, "--long"))
			o.lng = true;
		else if (!strcmp(a, "--unit"))
			NEED(o.unit = v);
		else if (!strcmp(a, "--initiative"))
			NEED(o.initiative = v);
		else if (!strcmp(a, "--standing-cavalry"))
			o.standing_cav = true;
		else if (!strcmp(a, "--row"))
			NEED(o.row = v);
		else if (!strcmp(a, "--terrain"))
			NEED(o.terrain = v);
		else if (!strcmp(a, "--column"))
			o.column = true;
		else if (!strcmp(a, "--one-die"))
			o.one_die = true;
		else if (!strcmp(a, "--interpenetration"))
			o.interpen = true;
		else if (!strcmp(a, "--dice"))
			NEED(o.dice = v);
		else if (!strcmp(a, "--saves"))
			NEED(o.saves = v);
		else if (side >= 0 && !*rest)
			NEED(o.side[side] = v);
		else if (side >= 0 && !strcmp(rest, "-mod")) {
			if (o.nmods[side] == CTAB_MODS_MAX)
				return fail("%s", "too many modifiers");
			NEED(o.mods[side][o.nmods[side]++] = v);
		} else if (side >= 0 && !strcmp(rest, "-leaders"))
			NUM(o.leaders[side], 0, 4);
		else if (side >= 0 && !strcmp(rest, "-routing"))
			o.routing[side] = true;
		else if (side >= 0 && !strcmp(rest, "-rear"))
			o.rear[side] = true;
		else if (side >= 0 && !strcmp(rest, "-dice"))
			NEED(o.cdice[side] = v);
		else if (side >= 0 && !strcmp(rest, "-saves"))
			NEED(o.csaves[side] = v);
		else
			return fail("unknown option \"%s\" (crimea referee --help)", a);
#undef NUM
#undef NEED
	}
	t = malloc(sizeof *t);
	if (!t)
		return 1;
	if (load_sheet(argv[0], o.sheet, t) != 0) {
		free(t);
		return 1;
	}
	if (!strcmp(o.what, "fire"))
		rc = do_fire(t, &o);
	else if (!strcmp(o.what, "save"))
		rc = do_save(t, &o);
	else if (!strcmp(o.what, "melee"))
		rc = do_melee(t, &o);
	else if (!strcmp(o.what, "morale"))
		rc = do_morale(t, &o);
	else if (!strcmp(o.what, "move"))
		rc = do_move(t, &o);
	else if (!strcmp(o.what, "sheet"))
		rc = do_sheet(t);
	else
		rc = fail("no ruling \"%s\": fire, save, melee, morale, move or sheet", o.what);
	free(t);
	return rc;
}
