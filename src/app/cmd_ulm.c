/* cmd_ulm: `crimea referee ulm WHAT ...`, From Ulm to Waterloo's rules for a referee: a morale
 * check on the Morale Evaluation Chart (odds, or the ruling from the two dice), whether fire
 * losses call for one, a melee cast, cavalry breaking into a square, canister, changing orders
 * and a square's minimum. The rulings are src/games/ulm/umorale.c's, umelee.c's and ufire.c's.
 * Exit 0, 1 for a rule's refusal (its case first), 2 for bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/ulm/ubreak.h"
#include "../games/ulm/ufire.h"
#include "../games/ulm/umelee.h"
#include "../games/ulm/umorale.h"
#include "catalog.h"
#include "cli.h"
#include "ulmgame.h"

static const char ulm_usage[] =
	"usage: crimea referee ulm WHAT [--tables FILE] [options]\n"
	"  From Ulm to Waterloo's morale, melee, canister and orders rules (its small-arms, artillery,\n"
	"  movement and charge increment charts are not in the rules text):\n"
	"  morale     --class TYPE [--contact] [--state good|disorganized|fall-back] [--mod KEY].. [--plus N]\n"
	"             [--dice A,B]     (TYPE: guards, command, cuirassiers, grenadiers, hussars, sappers,\n"
	"             artillery, light-infantry, other-horse, train, line-infantry, militia, second-line;\n"
	"             KEY: command, guard-retreating, general-retreating, extra-attacker (each attacker\n"
	"             after the first, to -3), route-march, square-vs-cavalry, commander-killed,\n"
	"             swerving-trapped; the state's minus is added: disorganized -1, fall back -2)\n"
	"             --rally with --state disorganized: a rally (passing: good; failing: no worse)\n"
	"             --observing TYPE [--in-works]: a unit within 6\" of a routing unit of TYPE (no check for\n"
	"             a higher rating or in works, Morale D.4)\n"
	"  fire-check --original N --before N --lost N [--charging] [--class TYPE]\n"
	"             (whether fire losses call a check, and its Loss of Effectiveness minus)\n"
	"  melee      --attacker UNIT [--attacker UNIT].. --defender UNIT [--defender UNIT]..\n"
	"             [--cast N] [--increment N] [--protection 1-4|rubble] [--stands N] [--faces N]\n"
	"             [--attacker-dice D,..] [--defender-dice D,..]   (one cast; without dice, its odds)\n"
	"             UNIT: TYPE:FIGURES[:QUALITY,..], the unit at the point of contact first; TYPE:\n"
	"             infantry, artillery (its crew), train, grenadier, sapper, light-infantry,\n"
	"             guard-infantry, light-guard-infantry, light-horse, dragoon, cuirassier, commander;\n"
	"             QUALITY: disorganized, fall-back, rout, lancer, enfilade, militia, second-line,\n"
	"             skirmisher, square, broken (a square the cavalry broke into), trapped (swerving\n"
	"             cavalry unable to move), route-march. --cast: the melee's first (bonus dice), ...;\n"
	"             --increment: the attacker's Charge Increment from your chart (casts 1-2);\n"
	"             --protection: the defender's works (class 1-3: Constructions D's melee, the\n"
	"             attackers a die for each of their --stands in contact), cover (4) or rubble;\n"
	"             --faces: a square's faces in contact; --attacker-class/--defender-class TYPE\n"
	"             [--attacker-morale-dice A,B[,C,D]]..: the contact checks the cast calls for\n"
	"  square-break [--disorganized] [--dice A,B]   (cavalry breaking into a square)\n"
	"  order-change --class TYPE [--die D] [--end-charge]   (one die to change a unit's orders)\n"
	"  square     --battalions N[,N..] [--figures N [--disorganized N]]   (the figures a square needs)\n"
	"  breakthrough (--won | --fell-back) [--defender] [--move-used] [--charged] [--cavalry] [--casts N]\n"
	"             [--class TYPE [--die D]]   (after a melee: breakthrough, its bonus operation, the order\n"
	"             change more than two casts call for)\n"
	"  canister   --gun light|howitzer|field|heavy --inches N [--figures N] [--protection 1-4|rubble]\n"
	"             [--square]\n"
	"             [--dispersed] [--state good|disorganized] [--suppressed] [--militia [--militia-die D]]\n"
	"             [--die D] [--original N [--class TYPE] [--charging]]   (one discharge: the figures\n"
	"             eliminated, or their odds without the die; with --original, the target's figures\n"
	"             at the start, and --figures, its figures now, whether it checks morale [Morale D.2];\n"
	"             --figures: the target's now, the most it can lose; --dispersed: skirmishers, crews,\n"
	"             single figures; --militia: a militia gun past its first shot)\n"
	"  A game kept in a file (the units' figures and states carried from ruling to ruling):\n"
	"  new --game F [--force]; add --game F --id ID --class TYPE --type FIGURE-TYPE --figures N\n"
	"             [--original N] [--state S] [--quality lancer,militia,second-line,skirmisher];\n"
	"  units --game F; log --game F; set --game F --unit ID [--figures N] [--state S];\n"
	"  shell --game F (a command a line, without crimea referee ulm and --game; tab completes);\n"
	"  morale --game F --unit ID ..., fire-check --game F --unit ID --lost N, breakthrough --game F\n"
	"             --unit ID ..., canister --game F\n"
	"             --at ID ..., melee --game F --attacker ID[:QUALITY,..] --defender ID ...: the\n"
	"             unit's facts from the game, the ruling from the dice written back\n";

static void events(FILE *out, const struct evsink *ev)
{
	for (int i = 0; i < ev->n; i++)
		fprintf(out, "  %-16s %s\n", ev->ev[i].rule, ev->ev[i].text);
	if (ev->dropped)
		fprintf(out, "  (%d more rulings not shown)\n", ev->dropped);
}

int cmd_referee_ulm(int argc, char **argv)
{
	if (cli_help(argc, argv, ulm_usage))
		return 0;
	if (ulmg_is_cmd(argc, argv))
		return ulmg_run(argc, argv, stdout, stderr);
	return referee_ulm_io(argc, argv, stdout, stderr);
}

/* Loads the tables file (--tables FILE, or the installed data/ulm/tables.json) once and reads
 * into each of mor, mel and fire that is not NULL; -1 with every problem on err. */
int ulm_load_tables(const char *tables, const char *argv0, FILE *err, struct umor_tab *mor, struct umel_tab *mel,
		    struct ufire_tab *fire)
{
	char path[SCN_PATH_MAX + 64];
	struct errlist *errs = malloc(sizeof *errs);
	struct jdoc d;
	struct err e;
	int rc = 0;
	if (!errs)
		return -1;
	errlist_init(errs);
	if (tables)
		snprintf(path, sizeof path, "%s", tables);
	else if (cat_data_file(argv0, "ulm/tables.json", path, sizeof path, &e) != 0)
		errlist_add(errs, &e);
	if (!errs->total) {
		if (jdoc_load(&d, path, &e) != 0) {
			errlist_add(errs, &e);
		} else {
			if (mor)
				umor_load(mor, &d, errs);
			if (mel)
				umel_load(mel, &d, errs);
			if (fire)
				ufire_load(fire, &d, errs);
			jdoc_free(&d);
		}
	}
	if (errs->total) {
		for (int i = 0; i < errs->n; i++)
			cli_print_err_to(err, &errs->e[i]);
		rc = -1;
	}
	free(errs);
	return rc;
}

/* A melee unit TYPE:FIGURES[:QUALITY,..] into u; 0, or -1 with the reason on err. */
static int melee_unit(const struct umel_tab *t, const char *spec, struct umel_unit *u, FILE *err)
{
	static const struct {
		const char *name;
		unsigned fl;
		int state;
	} q[] = {{"good", 0, UM_GOOD}, {"disorganized", 0, UM_DISORGANIZED}, {"fall-back", 0, UM_FALL_BACK},
		 {"rout", 0, UM_ROUT}, {"lancer", UMEL_LANCER, -1}, {"enfilade", UMEL_ENFILADE, -1},
		 {"militia", UMEL_MILITIA, -1}, {"second-line", UMEL_SECOND_LINE, -1},
		 {"skirmisher", UMEL_SKIRMISHER, -1}, {"square", UMEL_SQUARE, -1}, {"broken", UMEL_SQUARE | UMEL_BROKEN, -1},
		 {"trapped", UMEL_TRAPPED, -1}, {"route-march", UMEL_ROUTE_MARCH, -1}};
	char buf[160], *type, *figs, *quals, *tok, *save = NULL;
	int states = 0;
	memset(u, 0, sizeof *u);
	if (strlen(spec) >= sizeof buf) {
		cli_fail(err, "a unit is TYPE:FIGURES[:QUALITY,..] (crimea referee ulm --help)");
		return -1;
	}
	snprintf(buf, sizeof buf, "%s", spec);
	type = buf;
	figs = strchr(buf, ':');
	if (!figs) {
		cli_fail(err, "a unit is TYPE:FIGURES[:QUALITY,..], such as infantry:30:disorganized (not \"%s\")", spec);
		return -1;
	}
	*figs++ = 0;
	quals = strchr(figs, ':');
	if (quals)
		*quals++ = 0;
	if ((u->type = umel_type(t, type)) < 0) {
		char keys[400] = "";
		for (int k = 0; k < t->ntypes; k++) {
			size_t at = strlen(keys);
			snprintf(keys + at, sizeof keys - at, "%s%s", k ? ", " : "", t->type[k]);
		}
		cli_fail(err, "no figure type \"%s\" (%s)", type, keys);
		return -1;
	}
	if (!cli_int(figs, 1, UMEL_FIGURES, &u->figures)) {
		cli_fail(err, "a unit has 1 to %d figures in the melee (not \"%s\")", UMEL_FIGURES, figs);
		return -1;
	}
	for (tok = quals ? strtok_r(quals, ",", &save) : NULL; tok; tok = strtok_r(NULL, ",", &save)) {
		size_t k;
		for (k = 0; k < sizeof q / sizeof q[0] && strcmp(tok, q[k].name); k++)
			;
		if (k == sizeof q / sizeof q[0]) {
			cli_fail(err, "no quality \"%s\" (disorganized, fall-back, rout, lancer, enfilade, militia, second-line, "
				 "skirmisher, square, broken, trapped, route-march)", tok);
			return -1;
		}
		if (q[k].state >= 0 && states++) {
			cli_fail(err, "a unit has one morale state (good, disorganized, fall-back or rout), not \"%s\" too", tok);
			return -1;
		}
		u->fl |= q[k].fl;
		if (q[k].state >= 0)
			u->state = q[k].state;
	}
	return 0;
}

/* A list "N,N,.." of whole numbers lo..hi into out (at most max of them): their count, or -1
 * when s is not such a list (a sign, a space, an empty item, a trailing comma, too many). */
static int int_list(const char *s, int lo, int hi, int *out, int max)
{
	int k = 0;
	const char *c = s;
	while (*c) {
		char *end;
		long v = strtol(c, &end, 10);
		if (end == c || *c < '0' || *c > '9' || v < lo || v > hi || k == max)
			return -1;
		out[k++] = (int)v;
		c = end;
		if (*c == ',' && c[1])
			c++;
		else if (*c)
			return -1;
	}
	return k;
}

/* A list of dice "D,D,.." into d; false unless it is exactly n dice 1-6. */
static bool dice_list(const char *s, int *d, int n)
{
	return int_list(s, 1, 6, d, n) == n;
}

/* An order change [Changing Orders C] of a unit of troop type cls with die (0: its odds), under
 * the heading head: the ruling printed; *ok the change's result (1 permitted, 0 not, -1 no die).
 * 0, or the exit status of a refusal (said on err). */
static int order_change(const struct umor_tab *t, const char *cls, int die, const char *head, FILE *out, FILE *err,
			int *ok)
{
	struct event store[8];
	struct evsink ev;
	int col = cls ? umor_class(t, cls) : -1;
	double pp, pm;
	bool cast;
	if (!cls)
		return cli_fail(err, "order-change needs --class, a troop type of the chart (crimea referee ulm --help)");
	if (col < 0)
		return cli_fail(err, "no troop type \"%s\" (crimea referee ulm --help)", cls);
	if (!t->oc_have)
		return cli_fail(err, "this tables file has no order-change table (Changing Orders C)");
	evsink_init(&ev, store, 8);
	*ok = umor_order_change(t, col, die, &cast, &pp, &pm, &ev);
	fprintf(out, "%s, %s: permitted %.1f%%, a morale cast %.1f%%%s\n", head, cls, 100 * pp, 100 * pm,
		t->oc_reconstructed[col] ? " (a reconstructed row: the rule names militia, line and guard only)" : "");
	events(out, &ev);
	return 0;
}

/* `crimea referee ulm breakthrough ...`: after a separate melee [BREAKTHROUGH & FURTHER ACTION];
 * with --class and --die, the order change B.1.d calls for after more than two casts. */
static int ulm_break_io(int argc, char **argv, FILE *out, FILE *err)
{
	struct ubrk_in in = {.casts = 1};
	struct ubrk_out o;
	struct event store[12];
	struct evsink ev;
	const char *tables = NULL, *cls = NULL;
	int die = 0, rc = 0;
	for (int i = 3; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		bool *flag = !strcmp(a, "--defender") ? &in.defender : !strcmp(a, "--won") ? &in.won
			   : !strcmp(a, "--fell-back") ? &in.fell_back : !strcmp(a, "--move-used") ? &in.move_used
			   : !strcmp(a, "--charged") ? &in.charged : !strcmp(a, "--cavalry") ? &in.cavalry : NULL;
		if (flag) {
			*flag = true;
			continue;
		}
		if (!v)
			return cli_fail(err, "%s needs a value (crimea referee ulm --help)", a);
		i++;
		if (!strcmp(a, "--tables"))
			tables = v;
		else if (!strcmp(a, "--class"))
			cls = v;
		else if (!strcmp(a, "--casts")) {
			if (!cli_int(v, 1, 99, &in.casts))
				return cli_fail(err, "--casts is the melee's casts, 1-99");
		} else if (!strcmp(a, "--die")) {
			if (!cli_int(v, 1, 6, &die))
				return cli_fail(err, "--die is a die, 1-6");
		} else
			return cli_fail(err, "unknown option \"%s\" (crimea referee ulm --help)", a);
	}
	if (in.won && in.fell_back)
		return cli_fail(err, "--won or --fell-back: the melee was won, or the enemy's fall back disrupted it");
	if (die && !cls)
		return cli_fail(err, "--die is the order change's [B.1.d]: give the unit's --class too");
	evsink_init(&ev, store, 12);
	ubrk_rule(&in, &o, &ev);
	if (cls) { /* the order change B.1.d calls for, ruled before the breakthrough it allows */
		struct umor_tab *t = malloc(sizeof *t);
		int ok = -1;
		char head[96];
		if (!t)
			return 1;
		if (ulm_load_tables(tables, argv[0], err, t, NULL, NULL) != 0) {
			free(t);
			return 1;
		}
		snprintf(head, sizeof head, "the order change first [Breakthrough B.1.d; Changing Orders C], %d casts", in.casts);
		if (umor_class(t, cls) < 0 || (o.allowed && o.order_change))
			rc = order_change(t, cls, die, head, out, err, &ok);
		free(t);
		if (rc)
			return rc;
		if (ok == 0) {
			fprintf(out, "  => no breakthrough: the order change failed\n");
			return 0;
		}
		if (ok < 0 && o.allowed && o.order_change) {
			fprintf(out, "  => breakthrough once the order change succeeds (--die D)\n");
			return 0;
		}
	}
	fprintf(out, "breakthrough [BREAKTHROUGH & FURTHER ACTION]:\n");
	events(out, &ev);
	if (!o.allowed)
		fprintf(out, "  => no breakthrough\n");
	else
		fprintf(out, "  => breakthrough%s%s\n", o.order_change && !cls ? ", once an order change succeeds (order-change, or --class and --die)" : "",
			o.bonus ? ", with the bonus operation" : "");
	return rc;
}

/* `crimea referee ulm order-change ...` and `square ...` */
static int ulm_orders_io(int argc, char **argv, FILE *out, FILE *err)
{
	struct umor_tab *t;
	const char *tables = NULL, *cls = NULL;
	int die = 0, rc = 0, strength[16], nb = 0, figures = -1, dis = -1;
	bool square = !strcmp(argv[2], "square"), end_charge = false;

	for (int i = 3; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!square && !strcmp(a, "--end-charge")) {
			end_charge = true;
			continue;
		}
		if (!v)
			return cli_fail(err, "%s needs a value (crimea referee ulm --help)", a);
		i++;
		if (!square && !strcmp(a, "--tables"))
			tables = v;
		else if (square && !strcmp(a, "--tables"))
			return cli_fail(err, "square reads no tables (Inf v Cav B.4 is arithmetic)");
		else if (!square && !strcmp(a, "--class"))
			cls = v;
		else if (!square && !strcmp(a, "--die")) {
			if (!cli_int(v, 1, 6, &die))
				return cli_fail(err, "--die is a die, 1-6");
		} else if (square && !strcmp(a, "--battalions")) {
			if ((nb = int_list(v, 1, 999, strength, 16)) < 1)
				return cli_fail(err, "--battalions is each battalion's figures at the start, such as 36,30 (at "
						 "most 16)");
		} else if (square && (!strcmp(a, "--figures") || !strcmp(a, "--disorganized"))) {
			if (!cli_int(v, 0, 99999, a[2] == 'f' ? &figures : &dis))
				return cli_fail(err, "%s is a number of figures", a);
		} else
			return cli_fail(err, "unknown option \"%s\" (crimea referee ulm --help)", a);
	}
	if (square) {
		int total = 0;
		if (!nb)
			return cli_fail(err, "square needs --battalions N[,N..]: each battalion's figures at the start of the game");
		for (int k = 0; k < nb; k++)
			total += strength[k];
		if (dis >= 0 && figures < 0)
			return cli_fail(err, "--disorganized needs --figures, the square's figures now");
		if (figures > total)
			return cli_fail(err, "--figures is the square's figures now, no more than its battalions' %d at the start", total);
		if (dis > figures)
			return cli_fail(err, "--disorganized is the figures of the disorganized battalions, no more than --figures");
		int min = umel_square_min(strength, nb), sum = 0;
		for (int k = 0; k < nb; k++)
			sum += umel_square_min(&strength[k], 1);
		fprintf(out, "a square of %d battalion%s needs at least %d figures [Inf v Cav B.4.%s]\n", nb, nb == 1 ? "" : "s",
			min, nb == 1 ? "a" : "b");
		if (nb > 1 && sum != min)
			fprintf(out, "  (the rule's example: 16 a battalion or 60%% of the total, whichever is less; its sentence, the "
				"battalions' own minimums added, would give %d)\n", sum);
		if (figures >= 0)
			fprintf(out, "  %d figures: %s\n", figures, figures >= min ? "enough to form or keep the square"
				: "too few: it cannot form, and a square that falls below is no longer one");
		if (dis >= 0 && figures >= min)
			fprintf(out, "  [Inf v Cav B.3] %d of %d figures disorganized: the square is %s\n", dis, figures,
				2 * dis >= figures ? "disorganized for morale and fire (half or more)" : "in good order");
		fprintf(out, "  [Inf v Cav B.1-B.2] only formed infantry; no battalion in fall back or rout\n");
		return 0;
	}
	if (!(t = malloc(sizeof *t)))
		return 1;
	if (ulm_load_tables(tables, argv[0], err, t, NULL, NULL) != 0) {
		rc = 1;
		goto out;
	}
	{
		int ok = -1;
		if ((rc = order_change(t, cls, die, "an order change [Changing Orders C]", out, err, &ok)) != 0)
			goto out;
		if (end_charge && ok != 0)
			fprintf(out, "  [Changing Orders B.8] %sthe charge (or attack) ends: the unit is disorganized for the rest of "
				"the turn and the first operation of the next\n", ok == 1 ? "" : "if the change is permitted, ");
	}
out:
	free(t);
	return rc;
}

/* `crimea referee ulm canister ...` */
static int ulm_canister_io(int argc, char **argv, FILE *out, FILE *err, struct ulm_ruled *r)
{
	struct ufire_tab *t;
	struct ufire_canister c;
	struct event store[16];
	struct evsink ev;
	struct err e;
	const char *tables = NULL, *state = "good", *cls = NULL;
	double p[UFIRE_MAX + 1];
	int die = 0, mdie = 0, rc = 0, f, original = 0;
	bool charging = false;
	struct umor_tab *mt = NULL;

	memset(&c, 0, sizeof c);
	c.gun = -1;
	c.inches = -1;
	for (int i = 3; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--square"))
			c.square = true;
		else if (!strcmp(a, "--dispersed"))
			c.dispersed = true;
		else if (!strcmp(a, "--suppressed"))
			c.suppressed = true;
		else if (!strcmp(a, "--militia"))
			c.militia = true;
		else if (!strcmp(a, "--charging"))
			charging = true;
		else if (!v)
			return cli_fail(err, "%s needs a value (crimea referee ulm --help)", a);
		else if (i++, !strcmp(a, "--tables"))
			tables = v;
		else if (!strcmp(a, "--gun")) {
			if ((c.gun = ufire_gun(v)) < 0)
				return cli_fail(err, "--gun is light (3-6 pounders, horse guns, prolongs), howitzer, field (6-9 pounders) "
						"or heavy (12 pounders)");
		} else if (!strcmp(a, "--inches")) {
			if (!cli_int(v, 0, 999, &c.inches))
				return cli_fail(err, "--inches is the range to the nearest target stand, 0-999");
		} else if (!strcmp(a, "--figures")) {
			if (!cli_int(v, 1, 10000, &c.figures))
				return cli_fail(err, "--figures is the target's figures, 1-10000");
		} else if (!strcmp(a, "--original")) {
			if (!cli_int(v, 1, 10000, &original))
				return cli_fail(err, "--original is the target's figures at the start of the game, 1-10000");
		} else if (!strcmp(a, "--class")) {
			cls = v;
		} else if (!strcmp(a, "--protection")) {
			if (!strcmp(v, "rubble"))
				c.protection = 5;
			else if (!cli_int(v, 1, 4, &c.protection))
				return cli_fail(err, "--protection is the target's works or cover, class 1-4, or rubble (the greatest that "
						"applies)");
		} else if (!strcmp(a, "--state"))
			state = v;
		else if (!strcmp(a, "--die") || !strcmp(a, "--militia-die")) {
			if (!cli_int(v, 1, 6, a[2] == 'd' ? &die : &mdie))
				return cli_fail(err, "%s is a die, 1-6", a);
		} else
			return cli_fail(err, "unknown option \"%s\" (crimea referee ulm --help)", a);
	}
	c.state = umor_state_named(state);
	if (c.state < 0)
		return cli_fail(err, "--state is the battery's morale: good, disorganized, fall-back or rout");
	if (c.gun < 0 || c.inches < 0)
		return cli_fail(err, "canister needs --gun light|field|heavy and --inches N");
	if (mdie && !c.militia)
		return cli_fail(err, "--militia-die is a militia gun's cast (--militia)");
	if (c.militia && (die || c.square) && !mdie)
		return cli_fail(err, "[Special Units F] a militia gun past its first shot casts before firing: give --militia-die "
			   "too");
	if (c.square && die)
		return cli_fail(err, "[Fire C.3.e] against a square canister always causes maximum casualties: no die is rolled");
	if ((original || cls || charging) && (!original || !c.figures || c.figures > original))
		return cli_fail(err, "the target's morale check [Morale D.2] needs --original and --figures (its figures now, "
			   "no more than the original)");
	t = malloc(sizeof *t);
	mt = original ? malloc(sizeof *mt) : NULL;
	if (!t || (original && !mt)) {
		free(t);
		free(mt);
		return 1;
	}
	if (ulm_load_tables(tables, argv[0], err, mt, NULL, t) != 0) {
		rc = 1;
		goto out;
	}
	if (cls && umor_class_index(mt, cls) < 0) {
		rc = cli_fail(err, "no troop type \"%s\" (crimea referee ulm --help)", cls);
		goto out;
	}
	evsink_init(&ev, store, 16);
	f = ufire_canister(t, &c, die, mdie, p, &ev, &e);
	if (f == -1) {
		cli_print_err_to(err, &e);
		rc = e.msg[0] == '[' ? 1 : 2; /* a rule's refusal (its case first), or input that is no discharge */
		goto out;
	}
	fprintf(out, "canister [Fire C.10], %s gun at %d inches:", ufire_gun_name[c.gun], c.inches);
	{
		double mean = 0;
		for (int k = 0; k <= UFIRE_MAX; k++) {
			if (p[k] >= 0.0005)
				fprintf(out, "  %d %.1f%%", k, 100 * p[k]);
			mean += k * p[k];
		}
		fprintf(out, "  (figures; mean %.2f)\n", mean);
	}
	events(out, &ev);
	if (f >= 0 && r) {
		r->made = true;
		r->lost = f;
	}
	if (f >= 0 && original) {
		/* [Morale D.2]: whether the target's losses call for a Loss of Effectiveness check */
		int mod;
		bool perm;
		evsink_clear(&ev);
		int chk = umor_fire_check(mt, cls ? umor_class_index(mt, cls) : -1, original, c.figures, f, charging, &mod, &perm,
					  &ev);
		if (r)
			r->perm = chk && perm ? mod : 0;
		events(out, &ev);
		fprintf(out, "  => %d figure%s eliminated; ", f, f == 1 ? "" : "s");
		if (chk)
			fprintf(out, "the target checks morale (non-contact) at %+d%s\n", mod, perm ? " (permanent)" : "");
		else
			fprintf(out, "no morale check\n");
	} else if (f >= 0) {
		fprintf(out, "  => %d figure%s eliminated%s\n", f, f == 1 ? "" : "s",
			f > 0 ? " (with --original N the target's morale check too)" : "");
	}
out:
	free(t);
	free(mt);
	return rc;
}

/* The contact morale checks a cast calls for [Melee B.9, C.2.g; Morale D.3]: for each side
 * given its troop type (mcls), the enemy's doubles' check first, then the loser's, each on the
 * state of its unit at the point of contact, with an unbroken square's +2 against cavalry
 * [Inf v Cav C.2] and works' morale factor for the defenders [Constructions A]; the odds, or
 * with the side's dice (mdice: a pair a check) the rulings. */
static int melee_checks(const struct umor_tab *mt, const struct umel_tab *t, const struct umel_melee *m,
			const struct umel_plan *p, const struct umel_result *r, const char *const mcls[2],
			const char *const mdice[2], int final[2], FILE *out, FILE *err)
{
	for (int s = 0; s < 2; s++) {
		final[s] = -1; /* the state the side's checks left its unit at the point of contact in */
		int owed = (r->check[s] ? 1 : 0) + (r->loser == s ? 1 : 0), d[4] = {0, 0, 0, 0}, nd = 0;
		if (!owed || !mcls[s])
			continue;
		if (mdice[s]) {
			nd = int_list(mdice[s], 1, 6, d, 4);
			if (nd != 2 * owed)
				return cli_fail(err, "the %s owe %d morale check%s: --%s-morale-dice gives %d dice, a pair a check%s",
						umel_side_name[s], owed, owed == 1 ? "" : "s", s ? "defender" : "attacker", 2 * owed,
						owed == 2 ? " (the doubles' first, then the loser's)" : "");
		}
		int col = umor_class(mt, mcls[s]), st = m->u[s][0].state, mod = 0;
		if (s == 1 && p->square) {
			int sq = umor_mod(mt, "square-vs-cavalry");
			mod += sq >= 0 ? mt->mod_value[sq] : 0; /* [Inf v Cav C.2] */
		}
		if (s == 1 && m->protection >= 1 && m->protection <= 4)
			mod += 5 - m->protection; /* [Constructions A.1.c-A.4.c]: raises defender morale by 4 to 1 */
		if (!(s == 1 && p->square) && t->arm[m->u[s][0].type] != UA_HORSE && t->arm[m->u[s][0].type] != UA_COMMAND) {
			bool horse = false; /* [Inf v Cav A.1]: dismounted troops against cavalry, -1 on any roll */
			for (int k = 0; k < m->n[1 - s]; k++)
				horse |= t->arm[m->u[1 - s][k].type] == UA_HORSE;
			mod -= horse;
		}
		if (m->u[s][0].fl & UMEL_ROUTE_MARCH) {
			int rm = umor_mod(mt, "route-march"); /* [Route March D.5.c] */
			mod += rm >= 0 ? mt->mod_value[rm] : 0;
		}
		for (int k = 0; k < owed; k++) {
			struct event store[4];
			struct evsink ev;
			double pr[UM_STATES];
			bool doubles = r->check[s] && k == 0;
			evsink_init(&ev, store, 4);
			int ns = umor_check(mt, col, true, st, mod, nd ? d[2 * k] : 0, nd ? d[2 * k + 1] : 0, pr, &ev);
			fprintf(out, "the %s' contact check for %s [%s], %s, %s, %+d:", umel_side_name[s],
				doubles ? "the enemy's doubles" : "losing the melee", doubles ? "Melee C.2.g" : "Melee B.9", mcls[s],
				umor_state_name[st], mod);
			for (int x = 0; x < UM_STATES; x++)
				if (pr[x] >= 0.0005)
					fprintf(out, "  %s %.1f%%", umor_state_name[x], 100 * pr[x]);
			fprintf(out, "\n");
			events(out, &ev);
			if (ns >= 0)
				st = ns; /* the next check starts from the state this one left */
		}
		if (nd)
			final[s] = st;
	}
	return 0;
}

/* `crimea referee ulm melee|square-break ...` */
static int ulm_melee_io(int argc, char **argv, FILE *out, FILE *err, struct ulm_ruled *ruled)
{
	struct umel_tab *t = NULL;
	struct umel_melee m;
	struct umel_plan p;
	struct event store[160];
	struct evsink ev;
	struct err e;
	const char *tables = NULL, *adice = NULL, *ddice = NULL, *bdice = NULL;
	const char *specs[2][UMEL_UNITS], *mcls[2] = {NULL, NULL}, *mdice[2] = {NULL, NULL};
	bool dis = false, square = !strcmp(argv[2], "square-break");
	int rc = 0;
	struct umor_tab *mt = NULL;

	memset(&m, 0, sizeof m);
	m.cast = 1;
	for (int i = 3; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (square && !strcmp(a, "--disorganized")) {
			dis = true;
			continue;
		}
		if (!v)
			return cli_fail(err, "%s needs a value (crimea referee ulm --help)", a);
		i++;
		if (!square && !strcmp(a, "--tables"))
			tables = v;
		else if (square && !strcmp(a, "--dice"))
			bdice = v;
		else if (square)
			return cli_fail(err, "unknown option \"%s\" for square-break (--disorganized, --dice A,B)", a);
		else if (!strcmp(a, "--attacker") || !strcmp(a, "--defender")) {
			int s = a[2] == 'd';
			if (m.n[s] == UMEL_UNITS)
				return cli_fail(err, "at most %d units a side in one melee", UMEL_UNITS);
			specs[s][m.n[s]++] = v;
		} else if (!strcmp(a, "--cast")) {
			if (!cli_int(v, 1, 99, &m.cast))
				return cli_fail(err, "--cast is the melee's first, second, ... cast: 1-99");
		} else if (!strcmp(a, "--increment")) {
			if (!cli_int(v, 0, 9, &m.increment))
				return cli_fail(err, "--increment is the Charge Increment your chart gives, 0-9");
		} else if (!strcmp(a, "--protection")) {
			if (!strcmp(v, "rubble"))
				m.protection = 5;
			else if (!cli_int(v, 1, 4, &m.protection))
				return cli_fail(err, "--protection is the defender's works, class 1-4, or rubble");
		} else if (!strcmp(a, "--faces")) {
			if (!cli_int(v, 1, 4, &m.faces))
				return cli_fail(err, "--faces is a square's faces in contact, 1-4");
		} else if (!strcmp(a, "--stands")) {
			if (!cli_int(v, 1, UMEL_DICE, &m.stands))
				return cli_fail(err, "--stands is the attackers' stands in contact with the works, 1-%d", UMEL_DICE);
		} else if (!strcmp(a, "--attacker-dice"))
			adice = v;
		else if (!strcmp(a, "--defender-dice"))
			ddice = v;
		else if (!strcmp(a, "--attacker-class") || !strcmp(a, "--defender-class"))
			mcls[a[2] == 'd'] = v;
		else if (!strcmp(a, "--attacker-morale-dice") || !strcmp(a, "--defender-morale-dice"))
			mdice[a[2] == 'd'] = v;
		else
			return cli_fail(err, "unknown option \"%s\" (crimea referee ulm --help)", a);
	}
	for (int s = 0; s < 2; s++)
		if (mdice[s] && !mcls[s])
			return cli_fail(err, "--%s-morale-dice needs --%s-class, the troop type for the chart", s ? "defender" : "attacker",
					s ? "defender" : "attacker");
	evsink_init(&ev, store, (int)(sizeof store / sizeof store[0]));
	if (square) {
		int d[2] = {0, 0};
		if (bdice && !dice_list(bdice, d, 2))
			return cli_fail(err, "--dice is two dice, such as 6,6");
		double pr = umel_square_break(dis, 0, 0, NULL);
		fprintf(out, "cavalry against a %s square [Inf v Cav D.7]: breaks in %.1f%%\n", dis ? "disorganized" : "good",
			100 * pr);
		if (bdice)
			umel_square_break(dis, d[0], d[1], &ev);
		events(out, &ev);
		return 0;
	}
	if (!m.n[0] || !m.n[1])
		return cli_fail(err, "melee needs --attacker UNIT and --defender UNIT (crimea referee ulm --help)");
	if (!!adice != !!ddice)
		return cli_fail(err, "give both sides' dice (--attacker-dice and --defender-dice), or neither for the odds");
	if (!(t = malloc(sizeof *t)) || ((mcls[0] || mcls[1]) && !(mt = malloc(sizeof *mt)))) {
		free(t);
		return 1;
	}
	if (ulm_load_tables(tables, argv[0], err, mt, t, NULL) != 0) {
		rc = 1;
		goto out;
	}
	for (int s = 0; s < 2; s++)
		if (mcls[s] && umor_class(mt, mcls[s]) < 0) {
			rc = cli_fail(err, "no troop type \"%s\" (crimea referee ulm --help)", mcls[s]);
			goto out;
		}
	for (int s = 0; s < 2; s++)
		for (int k = 0; k < m.n[s]; k++)
			if (melee_unit(t, specs[s][k], &m.u[s][k], err) != 0) {
				rc = 2;
				goto out;
			}
	if (umel_plan(t, &m, &p, &ev, &e) != 0) {
		cli_print_err_to(err, &e);
		rc = e.msg[0] == '[' ? 1 : 2; /* a rule's refusal (its case first), or input that is no melee */
		goto out;
	}
	fprintf(out, "melee, cast %d:\n", m.cast);
	events(out, &ev);
	evsink_clear(&ev);
	if (!adice) {
		struct umel_odds o;
		umel_odds(t, &m, &p, &o);
		if (p.square)
			fprintf(out, "  no loser: the cavalry swerve [Inf v Cav E]\n");
		else
			fprintf(out, "  attackers lose %.1f%%  defenders lose %.1f%%  no loser %.1f%%\n", 100 * o.lose[0],
				100 * o.lose[1], 100 * o.none);
		fprintf(out, "  figures lost on average: attackers %.2f, defenders %.2f\n", o.mean_lost[0], o.mean_lost[1]);
		fprintf(out, "  a morale check for the enemy's doubles [Melee C.2.g]: attackers %.1f%%, defenders %.1f%%\n",
			100 * o.check[0], 100 * o.check[1]);
		if (o.wiped[0] >= 0.0005 || o.wiped[1] >= 0.0005)
			fprintf(out, "  every figure lost: attackers %.1f%%, defenders %.1f%%\n", 100 * o.wiped[0], 100 * o.wiped[1]);
	} else {
		int d[2][UMEL_DICE];
		const int *dp[2] = {d[0], d[1]};
		struct umel_result r;
		if (!dice_list(adice, d[0], p.dice[0]) || !dice_list(ddice, d[1], p.dice[1])) {
			rc = cli_fail(err, "the attackers cast %d %s and the defenders %d: --attacker-dice and --defender-dice "
				      "give that many dice 1-6, such as 4,2", p.dice[0], p.dice[0] == 1 ? "die" : "dice", p.dice[1]);
			goto out;
		}
		umel_cast(t, &m, &p, dp, &r, &ev);
		events(out, &ev);
		if (r.loser >= 0)
			fprintf(out, "  => the %s lose the melee: a contact morale check%s\n", r.loser ? "defenders" : "attackers",
				mcls[r.loser] ? "" : " (crimea referee ulm morale --contact, or --attacker-class/--defender-class)");
		else if (!p.square)
			fprintf(out, "  => no loser: cast again (--cast %d)\n", m.cast + 1);
		int final[2];
		if (melee_checks(mt, t, &m, &p, &r, mcls, mdice, final, out, err) != 0) {
			rc = 2;
		} else if (ruled) {
			ruled->made = true;
			memcpy(ruled->mlost, r.lost, sizeof r.lost);
			memcpy(ruled->mstate, final, sizeof final);
		}
	}
out:
	free(t);
	free(mt);
	return rc;
}

int referee_ulm_io(int argc, char **argv, FILE *out, FILE *err)
{
	return referee_ulm_rule(argc, argv, out, err, NULL);
}

int referee_ulm_rule(int argc, char **argv, FILE *out, FILE *err, struct ulm_ruled *r)
{
	struct umor_tab *t;
	struct event store[16];
	struct evsink ev;
	const char *tables = NULL, *cls = NULL, *state = "good", *mods[UMOR_MODS];
	int nmods = 0, plus = 0, d[2] = {0, 0}, original = 0, before = -1, lost = -1, rc = 0;
	bool contact = false, charging = false, rally = false, in_works = false;
	const char *observing = NULL;

	if (argc < 3) {
		fputs(ulm_usage, err);
		return 2;
	}
	if (!strcmp(argv[2], "melee") || !strcmp(argv[2], "square-break"))
		return ulm_melee_io(argc, argv, out, err, r);
	if (!strcmp(argv[2], "canister"))
		return ulm_canister_io(argc, argv, out, err, r);
	if (!strcmp(argv[2], "order-change") || !strcmp(argv[2], "square"))
		return ulm_orders_io(argc, argv, out, err);
	if (!strcmp(argv[2], "breakthrough"))
		return ulm_break_io(argc, argv, out, err);
	for (int i = 3; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--contact"))
			contact = true;
		else if (!strcmp(a, "--rally"))
			rally = true;
		else if (!strcmp(a, "--charging"))
			charging = true;
		else if (!strcmp(a, "--in-works"))
			in_works = true;
		else if (!v)
			return cli_fail(err, "%s needs a value (crimea referee ulm --help)", a);
		else if (!strcmp(a, "--tables"))
			tables = v, i++;
		else if (!strcmp(a, "--observing"))
			observing = v, i++;
		else if (!strcmp(a, "--class"))
			cls = v, i++;
		else if (!strcmp(a, "--state"))
			state = v, i++;
		else if (!strcmp(a, "--mod")) {
			if (nmods == UMOR_MODS)
				return cli_fail(err, "too many modifiers");
			mods[nmods++] = v, i++;
		} else if (!strcmp(a, "--plus")) {
			/* (-19..19: a game's permanent minus is added to the referee's own) */
			if (!cli_int(v, -19, 19, &plus))
				return cli_fail(err, "--plus is a whole number from -19 to 19");
			i++;
		} else if (!strcmp(a, "--dice")) {
			if (!dice_list(v, d, 2))
				return cli_fail(err, "--dice is two dice, such as 3,4");
			i++;
		} else if (!strcmp(a, "--original") || !strcmp(a, "--before") || !strcmp(a, "--lost")) {
			int *dst = a[2] == 'o' ? &original : a[2] == 'b' ? &before : &lost;
			if (!cli_int(v, 0, 10000, dst))
				return cli_fail(err, "%s is a number of figures", a);
			i++;
		} else {
			return cli_fail(err, "unknown option \"%s\" (crimea referee ulm --help)", a);
		}
	}
	evsink_init(&ev, store, 16);
	if (strcmp(argv[2], "fire-check") && strcmp(argv[2], "morale"))
		return cli_fail(err, "no ruling \"%s\": morale, fire-check, melee, square-break, canister, order-change, square or "
				"breakthrough", argv[2]);
	if (!(t = malloc(sizeof *t)))
		return 1;
	if (ulm_load_tables(tables, argv[0], err, t, NULL, NULL) != 0) {
		rc = 1;
		goto out;
	}
	if ((observing || in_works) && (rally || !strcmp(argv[2], "fire-check"))) {
		rc = cli_fail(err, "--observing and --in-works are for a morale check on observing a rout (Morale D.4)");
		goto out;
	}
	if (!strcmp(argv[2], "fire-check")) {
		int mod, ci = cls ? umor_class_index(t, cls) : -1;
		bool perm;
		if (original < 1 || before < 0 || lost < 0 || before > original || lost > before) {
			rc = cli_fail(err, "fire-check needs --original, --before and --lost figures (lost <= before <= original)");
			goto out;
		}
		if (cls && ci < 0) {
			rc = cli_fail(err, "no troop type \"%s\" (crimea referee ulm --help)", cls);
			goto out;
		}
		rc = umor_fire_check(t, ci, original, before, lost, charging, &mod, &perm, &ev);
		if (r) {
			r->made = true;
			r->lost = lost;
			r->perm = rc && perm ? mod : 0;
		}
		fprintf(out, "fire losses [Morale D.2]:\n");
		events(out, &ev);
		if (rc)
			fprintf(out, "  => a non-contact morale check at %+d%s\n", mod, perm ? " (permanent)" : "");
		else
			fprintf(out, "  => no check\n");
		rc = 0;
		goto out;
	}
	{
		int col = cls ? umor_class(t, cls) : -1, st = -1, mod = plus;
		double p[UM_STATES];
		if ((st = umor_state_named(state)) == UM_ROUT)
			st = -1; /* (a routed unit does not check) */
		if (col < 0) {
			rc = cli_fail(err, "morale needs --class, a troop type of the chart (crimea referee ulm --help)");
			goto out;
		}
		if (st < 0) {
			rc = cli_fail(err, "--state is good, disorganized or fall-back");
			goto out;
		}
		int extra = 0;
		for (int i = 0; i < nmods; i++) {
			int m = umor_mod(t, mods[i]);
			if (!strcmp(mods[i], "disorganized") || !strcmp(mods[i], "fall-back")) {
				rc = cli_fail(err, "a disorganized or falling back unit's minus comes with --state");
				goto out;
			}
			/* Melee B.4.a: -1 for two attacking units ... -3 for four or more */
			if (!strcmp(mods[i], "extra-attacker") && ++extra > 3)
				continue;
			if (m < 0) {
				char keys[512] = "";
				for (int k = 0; k < t->nmods; k++) {
					size_t at = strlen(keys);
					if (strcmp(t->mod[k], "disorganized") && strcmp(t->mod[k], "fall-back"))
						snprintf(keys + at, sizeof keys - at, "%s%s", at ? ", " : "", t->mod[k]);
				}
				rc = cli_fail(err, "no modifier \"%s\" (%s; the Loss of Effectiveness minus comes from fire-check, as "
					   "--plus)", mods[i], keys);
				goto out;
			}
			mod += t->mod_value[m];
		}
		if (rally) {
			double pr;
			if (st != UM_DISORGANIZED || contact) {
				rc = cli_fail(err, "[Morale E.2.b] a rally is a disorganized unit's (--state disorganized), not a contact check");
				goto out;
			}
			int ns = umor_rally(t, col, mod, d[0], d[1], &pr, &ev);
			if (r && ns >= 0) {
				r->made = true;
				r->state = ns;
			}
			fprintf(out, "rally [Morale E.2.b], %s, disorganized, %+d: passes %.1f%%\n", cls, mod, 100 * pr);
			events(out, &ev);
			goto out;
		}
		if (observing || in_works) {
			/* [Morale D.4]: a unit within 6" of a routing one checks (non-contact), unless its
			 * morale rating is higher (a column to the left on the chart) or it is in works */
			int rc2 = observing ? umor_class(t, observing) : -1;
			if (!observing || rc2 < 0 || contact) {
				rc = cli_fail(err, "[Morale D.4] --observing TYPE: the routing unit's troop type, for a non-contact check "
					      "(--in-works with it)");
				goto out;
			}
			if (in_works || col < rc2) {
				fprintf(out, "observing a rout [Morale D.4], %s near routing %s: no check (%s)\n", cls, observing,
					in_works ? "a unit in works or a building, D.4.c"
						 : "a unit of higher morale rating, D.4.b");
				goto out;
			}
			fprintf(out, "observing a rout [Morale D.4.a], %s within 6\" of routing %s: a non-contact check\n", cls,
				observing);
			/* [Morale C.4.b-c]: a routing Guard unit (for non-Guard units) or general is retreating */
			int gr = umor_mod(t, "guard-retreating"), gen = umor_mod(t, "general-retreating");
			if (!strcmp(observing, "guards") && strcmp(cls, "guards") && gr >= 0) {
				mod += t->mod_value[gr];
				fprintf(out, "  [Morale C.4.b] a non-Guard unit near a retreating Guard unit: %+d\n", t->mod_value[gr]);
			} else if (!strcmp(observing, "command") && gen >= 0) {
				mod += t->mod_value[gen];
				fprintf(out, "  [Morale C.4.c] near a retreating general: %+d\n", t->mod_value[gen]);
			}
		}
		int ns = umor_check(t, col, contact, st, mod, d[0], d[1], p, &ev);
		if (r && ns >= 0) {
			r->made = true;
			r->state = ns;
		}
		fprintf(out, "%s morale check [Morale C.%d], %s, %s, %+d:", contact ? "contact" : "non-contact", contact ? 3 : 2, cls, state,
		       mod);
		for (int s = 0; s < UM_STATES; s++)
			if (p[s] >= 0.0005)
				fprintf(out, "  %s %.1f%%", umor_state_name[s], 100 * p[s]);
		fprintf(out, "\n");
		events(out, &ev);
	}
out:
	free(t);
	return rc;
}
