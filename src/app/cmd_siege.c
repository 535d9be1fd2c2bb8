/* cmd_siege: `crimea referee siege WHAT ...`, Sevastopol's charts for a referee who has the
 * printed map and counters and rolls real dice: the chance of every outcome before the roll, and
 * the ruling from the die, each line with its case. The rulings are src/games/siege/sref.c's;
 * this file reads options and prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/siege/sref.h"
#include "catalog.h"
#include "cli.h"
#include "siegegame.h"

static const char siege_usage[] =
	"usage: crimea referee siege WHAT [--tables FILE] [options]\n"
	"  SPI's Sevastopol (1979, with the Art of Siege addenda) for a referee with the printed map:\n"
	"  without --die the chance of each outcome; with the die rolled, the ruling, each line citing\n"
	"  its case.\n"
	"\n"
	"  attrition    --turn N --nation british|french|russian [--die D]\n"
	"  intervention --turn N --battle balaclava|inkerman|tchernaya [--used B,..] [--last N] [--die D]\n"
	"  ammunition   --turn N [--british N] [--french N] [--russian N]   (units in the Supply Box)\n"
	"  bombard      --gun siege|mortar|lancaster --yards N (--sap | --bastion STRENGTH [--mamelon]) [--die D]\n"
	"  melee        --attack N --defence N --defender russian|field-battery|french|zouave|british|other [--die D]\n"
	"               [--attacker-class A-D,..] [--defender-class A-D] [--morale-mod N] [--attacker-morale-die D,..]\n"
	"               [--defender-morale-die D]\n"
	"  battery      --yards N --defender french|zouave|british|other [--depression | --ravine] [--die D,..]\n"
	"               [--defender-class A-D] [--morale-mod N] [--defender-morale-die D]\n"
	"  morale       --class A-D [--attacked-strength N] [--retreated] [--mod N] [--die D]\n"
	"  (melee takes --attacked-strength for the attackers' morale rolls [14.32], and\n"
	"  --attacker-retreated, --defender-retreated [14.34]; battery --defender-retreated)\n"
	"\n"
	"  A game kept segment by segment (the printed map on the table):\n"
	"  new          --game F [--force]            Game-Turn 1, the set-up [3.3]\n"
	"  status|units|log --game F [--nation N]     the tracks, the bastions, what is due; the units\n"
	"  shell        --game F                      a command a line on the game, tab completion\n"
	"  next         --game F                      end the segment [4.0]\n"
	"  move         --game F --unit ID --to map|supply[:NATION]|AREA|BASTION   [3.3], [10.0]\n"
	"  intervention --game F --battle B --die D   and take-off --unit ID [5.0]\n"
	"  replace      --game F --unit ID --to PLACE [6.2]\n"
	"  attrition    --game F --nation N --die D [--units ID,..]   the owner names the losses [7.12]\n"
	"  bombard      --game F --unit BATTERY --yards Y (--bastion ID | --sap [--held N]) --die D\n"
	"               [--units ID,..] [--dump GUN,GUN]   [8.0]\n"
	"  engineer     --game F --nation N --die D [9.2]\n"
	"  dig          --game F --nation N --area ID (--sap|--parallel) --terrain T --units ID,ID\n"
	"               | --repair --units ID   [9.3]\n"
	"  link         --game F --area french-left|french-right [--broken]   saps join it to the British [9.5]\n"
	"               (--broken: Russian fire damaged one [8.95])\n"
	"  repair|upgrade --game F --bastion ID [--levels N]   [9.4]\n"
	"  assault      --game F --brigades B,..      [11.1]; casualty --unit ID --effect E|R [14.4];\n"
	"  melee        --game F --attackers ID,.. --defender ID --die D [--attacker-dice D,..]\n"
	"               [--defender-die D] [--in-bastion]   strengths, classes, modifiers from the game [14.0]\n"
	"  battery      --game F --unit FIELD --at ID --yards N [--depression|--ravine] --dice D,..\n"
	"               [--defender-dice D,..]   Russian field battery fire [13.0]\n"
	"               capture --bastion ID --garrison ID,ID,ID [11.3]\n"
	"  commander    --game F --nation N --die D [16.2], [16.3]; convert --unit ID [17.1]\n";

struct sopt {
	const char *what, *nation, *battle, *used, *gun, *defender;
	int turn, die, last, yards, bastion, attack, defence, mod, cls[2], mdie[2], units[SN_NATIONS];
	bool sap, mamelon, depression, ravine, retreated, aretreated, dretreated;
	int attacked;         /* the strength of the bastion the unit attacked [14.32], -1 none */
	int amod, dmod;       /* the attackers' and the defender's morale modifiers [14.32]-[14.35] */
	int dice[3], ndice;
	int mdice[3], nmdie;  /* the defender's morale dice, a shot each */
	int acls[6], nacls;   /* each attacking unit's morale class (--attacker-class B,C) */
	int adice[6], nadie;  /* and its morale die (--attacker-morale-die 4,2) */
};

static void events(FILE *out, const struct evsink *ev)
{
	for (int i = 0; i < ev->n; i++)
		fprintf(out, "  %-10s %s\n", ev->ev[i].rule, ev->ev[i].text);
}

static const char *effect_text(char c)
{
	switch (c) {
	case 'E': return "eliminated [14.41]";
	case 'R': return "routed [14.42]";
	case '1': return "retreats 1 [14.43]";
	case '2': return "retreats 2 [14.43]";
	default: return "no effect";
	}
}

/* The chance of each morale effect for class cls at modifier mod: "eliminated 33.3% ...". */
static void morale_odds(FILE *out, const struct stab *t, int cls, int mod, const char *who)
{
	static const char order[] = "ER12-";
	double p[5] = {0};
	for (int f = 1; f <= 6; f++) {
		const char *c = strchr(order, sref_morale_effect(t, cls, f + mod));
		if (c)
			p[c - order] += 1.0 / 6;
	}
	fprintf(out, "  %-10s %s, class %c, %+d:", "[14.36]", who, 'A' + cls, mod);
	for (int k = 0; k < 5; k++)
		if (p[k] >= 0.0005)
			fprintf(out, "  %s %.1f%%", k < 4 ? (const char *[]){"eliminated", "routed", "retreat 1", "retreat 2"}[k] : "none",
			       100 * p[k]);
	fprintf(out, "\n");
}

/* A morale roll for an affected unit: the ruling with its die, else its odds. */
static void morale_roll(FILE *out, const struct stab *t, int cls, int mod, int die, const char *who)
{
	if (cls < 0) {
		fprintf(out, "  %-10s %s rolls on the Morale Effects Table (give its class for the odds)\n", "[14.24]", who);
		return;
	}
	if (!die) {
		morale_odds(out, t, cls, mod, who);
		return;
	}
	fprintf(out, "  %-10s %s, class %c: die %d %+d = %d: %s\n", "[14.36]", who, 'A' + cls, die, mod, die + mod,
	       effect_text(sref_morale_effect(t, cls, die + mod)));
}

static int do_melee(FILE *out, FILE *err, const struct stab *t, const struct sopt *o, bool battery)
{
	struct err e;
	bool fieldgun = o->defender && !strcmp(o->defender, "field-battery"); /* [14.17] */
	int col, mod = fieldgun ? sref_melee_mod("russian") : sref_melee_mod(o->defender ? o->defender : "other");
	double pa = 0, pd = 0;
	if (!o->defender)
		return cli_fail(err, "%s needs --defender (russian, field-battery, french, zouave, british or other)", o->what);
	if (fieldgun && (battery || o->defence != 2))
		return cli_fail(err, "[14.17] a Russian field battery is attacked in melee only, and defends at a strength of 2 "
			     "(--defence 2)");
	if (battery) {
		int rm;
		if (o->yards < 1 || o->yards > 600)
			return cli_fail(err, "[13.0] field batteries fire at 600 yards or less; --yards 1-600");
		if (sref_range_mod(t, o->yards, &rm, &e) != 0) {
			cli_print_err_to(err, &e);
			return 1;
		}
		if (!strcmp(o->defender, "russian"))
			return cli_fail(err, "[13.0] Russian field batteries fire at Allied units");
		col = 3; /* the 2-1 column [13.0] */
		mod += rm;
		fprintf(out, "field battery fire [13.0] at %d yards (%+d range [8.5]) on the 2-1 column, %+d for the target "
		       "[14.22], [14.23]: %d shot%s%s\n", o->yards, rm, sref_melee_mod(o->defender),
		       o->ravine ? 3 : o->depression ? 2 : 1, o->ravine || o->depression ? "s" : "",
		       o->ravine ? " (a ravine)" : o->depression ? " (a depression)" : "");
	} else {
		if ((col = sref_melee_col(o->attack, o->defence, &e)) < 0) {
			cli_print_err_to(err, &e);
			return 1;
		}
		fprintf(out, "melee [14.0]: %d to %d, the %s column (rounded in the defender's favour), %+d for a %s defender "
		       "[14.21]-[14.23]\n", o->attack, o->defence, stab_crt_col[col], mod, o->defender);
	}
	for (int f = 1; f <= 6; f++) {
		char r = sref_melee_result(t, col, f + mod);
		if (r == 'A' || r == 'B')
			pa += 1.0 / 6;
		if (r == 'D' || r == 'B')
			pd += 1.0 / 6;
	}
	if (!o->ndice) {
		if (battery)
			fprintf(out, "  %-10s each shot: the target affected %.1f%% (the battery never is [13.0])\n", "[14.26]", 100 * pd);
		else
			fprintf(out, "  %-10s the attacker affected %.1f%%, the defender %.1f%%\n", "[14.26]", 100 * pa, 100 * pd);
		for (int u = 0; !battery && u < o->nacls; u++) {
			char who[64];
			snprintf(who, sizeof who, o->nacls > 1 ? "attacking unit %d, if affected" : "each attacking unit, if affected",
				 u + 1);
			morale_odds(out, t, o->acls[u], o->amod, who);
		}
		if (o->cls[1] >= 0)
			morale_odds(out, t, o->cls[1], o->dmod, battery ? "the target, each time it is affected" : "the defender, if affected");
		return 0;
	}
	{
		int shots = battery ? (o->ravine ? 3 : o->depression ? 2 : 1) : 1, hitd = 0;
		bool hita = false;
		if (o->ndice != shots)
			return cli_fail(err, "%d di%s for %d shot%s", o->ndice, o->ndice == 1 ? "e" : "ce", shots, shots == 1 ? "" : "s");
		for (int k = 0; k < shots; k++) {
			char r = sref_melee_result(t, col, o->dice[k] + mod);
			bool d = r == 'D' || r == 'B', a = !battery && (r == 'A' || r == 'B');
			fprintf(out, "  %-10s die %d %+d = %d: %c, %s\n", "[14.26]", o->dice[k], mod, o->dice[k] + mod, r,
			       d && a ? "both affected" : d ? "the defender affected" : a ? "the attacker affected" : "no effect");
			hitd += d;
			hita = hita || a;
		}
		/* [14.0]: each affected attacking unit rolls its own die, on its own class */
		for (int u = 0; hita && u < (o->nacls > o->nadie ? o->nacls : o->nadie > 0 ? o->nadie : 1); u++) {
			char who[48];
			int n = o->nacls > o->nadie ? o->nacls : o->nadie;
			snprintf(who, sizeof who, n > 1 ? "attacking unit %d" : "the attacking unit", u + 1);
			morale_roll(out, t, o->nacls ? o->acls[u < o->nacls ? u : o->nacls - 1] : -1, o->amod,
				    u < o->nadie ? o->adice[u] : 0, n > 1 ? who : "each attacking unit");
		}
		if (hitd && fieldgun) {
			fprintf(out, "  %-10s the field battery is placed in its bastion's Reserve Box: never eliminated, no morale "
				"roll (the gunners ran away)\n", "[14.25]");
			hitd = 0;
		}
		/* each shot that affects the target is a morale roll of its own [13.0], [14.24], in order:
		 * an eliminated or routed target takes no more; a retreat is -1 on the next [14.34] */
		for (int k = 0, extra = 0; k < hitd; k++) {
			int die = k < o->nmdie ? o->mdice[k] : 0;
			char eff;
			morale_roll(out, t, o->cls[1], o->dmod + extra, die,
				    hitd > 1 ? "the defender (a roll a shot that affected it)" : "the defender");
			if (!die || o->cls[1] < 0)
				continue;
			eff = sref_morale_effect(t, o->cls[1], die + o->dmod + extra);
			if (eff == 'E' || eff == 'R') {
				if (k + 1 < hitd)
					fprintf(out, "  %-10s the target is %s: the battery's other shots find nothing\n", "[14.4]",
						eff == 'E' ? "eliminated" : "routed");
				break;
			}
			if (eff == '1' || eff == '2')
				extra -= 1; /* [14.34] */
		}
		if (!hita && !hitd && !fieldgun)
			fprintf(out, "  => no unit affected\n");
	}
	return 0;
}

static int run(FILE *out, FILE *err, const struct stab *t, struct sopt *o)
{
	struct event store[32];
	struct evsink ev;
	struct err e;
	evsink_init(&ev, store, 32);
	if (!strcmp(o->what, "attrition")) {
		double p[8];
		int n = -1, lost = 0;
		for (int k = 0; k < SN_NATIONS; k++)
			if (o->nation && !strcmp(o->nation, stab_nation_name[k]))
				n = k;
		if (n < 0 || !o->turn)
			return cli_fail(err, "attrition needs --turn N and --nation british|french|russian");
		if (sref_attrition(t, o->turn, n, o->die, &lost, p, &ev, &e) != 0) {
			cli_print_err_to(err, &e);
			return 1;
		}
		fprintf(out, "attrition [7.0], %s, Game-Turn %d (%s):", o->nation, o->turn, t->turn[o->turn - 1]);
		for (int k = 0; k < 8; k++)
			if (p[k] >= 0.0005)
				fprintf(out, "  %d lost %.1f%%", k, 100 * p[k]);
		fprintf(out, "\n");
		events(out, &ev);
		return 0;
	}
	if (!strcmp(o->what, "intervention")) {
		bool used[SB_BATTLES] = {false};
		int b = -1, eff;
		for (int k = 0; k < SB_BATTLES; k++) {
			if (o->battle && !strcmp(o->battle, stab_battle_name[k]))
				b = k;
			if (o->used && strstr(o->used, stab_battle_name[k]))
				used[k] = true;
		}
		if (b < 0 || !o->turn)
			return cli_fail(err, "intervention needs --turn N and --battle balaclava|inkerman|tchernaya");
		if (sref_intervention(t, o->turn, b, used, o->last, o->die, &eff, &ev, &e) != 0) {
			cli_print_err_to(err, &e);
			return 1;
		}
		fprintf(out, "field army intervention [5.0], %s, Game-Turn %d (%s):", o->battle, o->turn, t->turn[o->turn - 1]);
		for (int f = 1; f <= 6; f++) {
			int x = t->intervention[f - 1][b];
			if (x == STAB_NONE)
				fprintf(out, "  %d: -", f);
			else
				fprintf(out, "  %d: %d", f, x);
		}
		fprintf(out, "\n");
		events(out, &ev);
		return 0;
	}
	if (!strcmp(o->what, "ammunition")) {
		if (o->turn < 1 || o->turn > STAB_TURNS)
			return cli_fail(err, "ammunition needs --turn 1-%d", STAB_TURNS);
		sref_ammunition(t, o->turn, o->units, &ev);
		fprintf(out, "ammunition [8.1], Game-Turn %d (%s):\n", o->turn, t->turn[o->turn - 1]);
		events(out, &ev);
		return 0;
	}
	if (!strcmp(o->what, "bombard")) {
		double p[STAB_FIRE_ROWS];
		struct stab_fire res;
		int gun = !o->gun ? -1 : !strcmp(o->gun, "siege") ? SG_SIEGE : !strcmp(o->gun, "mortar") ? SG_MORTAR
			: !strcmp(o->gun, "lancaster") ? SG_LANCASTER : -1;
		int strength = o->sap ? -1 : o->bastion;
		if (gun < 0 || (!o->sap && o->bastion < 0) || (gun != SG_LANCASTER && o->yards < 1))
			return cli_fail(err, "bombard needs --gun siege|mortar|lancaster, --yards N and --sap or --bastion STRENGTH");
		if (sref_bombard(t, gun, o->yards, strength, o->mamelon, o->die, &res, p, &ev, &e) != 0) {
			cli_print_err_to(err, &e);
			return 1;
		}
		fprintf(out, "siege battery fire [8.0]: the chance of each result [8.99]:\n");
		{
			struct sref_fire_odds res_odds[STAB_FIRE_ROWS];
			int n = sref_fire_outcomes(t, sref_fire_col(strength, o->mamelon), p, res_odds);
			for (int k = 0; k < n; k++) {
				const struct stab_fire *c = &res_odds[k].cell;
				fprintf(out, "  %5.1f%%  ", 100 * res_odds[k].p);
				if (!c->damaged && !c->strength && !c->infantry)
					fprintf(out, "no effect");
				else if (c->damaged && strength >= 0)
					fprintf(out, "D (a siegework's result: the scan doubts this row; read the printed chart)");
				else if (c->damaged)
					fprintf(out, "the siegework damaged");
				else
					fprintf(out, "%d strength level%s lost", c->strength, c->strength == 1 ? "" : "s");
				if (c->infantry)
					fprintf(out, ", %d infantry unit%s destroyed", c->infantry, c->infantry == 1 ? "" : "s");
				fprintf(out, "%s\n", c->dump ? ", an ammunition dump explodes" : "");
			}
		}
		events(out, &ev);
		return 0;
	}
	if (!strcmp(o->what, "melee"))
		return do_melee(out, err, t, o, false);
	if (!strcmp(o->what, "battery"))
		return do_melee(out, err, t, o, true);
	if (!strcmp(o->what, "morale")) {
		if (o->cls[1] < 0)
			return cli_fail(err, "morale needs --class A-D");
		morale_roll(out, t, o->cls[1], o->mod + sref_morale_mod(o->attacked, o->retreated), o->die, "the unit");
		return 0;
	}
	return cli_fail(err, "no ruling \"%s\": attrition, intervention, ammunition, bombard, melee, battery or morale", o->what);
}

static bool class_arg(const char *s, int *out)
{
	if (strlen(s) != 1 || s[0] < 'A' || s[0] > 'D')
		return false;
	*out = s[0] - 'A';
	return true;
}

int cmd_referee_siege(int argc, char **argv)
{
	if (cli_help(argc, argv, siege_usage))
		return 0;
	return referee_siege_io(argc, argv, stdout, stderr);
}

int referee_siege_io(int argc, char **argv, FILE *out, FILE *err)
{
	struct sopt o;
	struct stab *t;
	const char *tables = NULL;
	char path[SCN_PATH_MAX + 64];
	struct errlist *errs;
	int rc;

	if (argc < 3) {
		fputs(siege_usage, err);
		return 2;
	}
	if (siege_game_cmd(argc, argv)) {
		for (int i = 3; i + 1 < argc; i++)
			if (!strcmp(argv[i], "--tables"))
				tables = argv[i + 1];
		return siege_game_io(argc, argv, tables, out, err);
	}
	memset(&o, 0, sizeof o);
	o.what = argv[2];
	o.bastion = -1;
	o.attacked = -1;
	o.cls[0] = o.cls[1] = -1;
	for (int k = 0; k < SN_NATIONS; k++)
		o.units[k] = -1;
	for (int i = 3; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		int *num = NULL, lo = 0, hi = 0;
		if (!strcmp(a, "--sap"))
			o.sap = true;
		else if (!strcmp(a, "--mamelon"))
			o.mamelon = true;
		else if (!strcmp(a, "--depression"))
			o.depression = true;
		else if (!strcmp(a, "--ravine"))
			o.ravine = true;
		else if (!strcmp(a, "--retreated"))
			o.retreated = true;
		else if (!strcmp(a, "--attacker-retreated"))
			o.aretreated = true;
		else if (!strcmp(a, "--defender-retreated"))
			o.dretreated = true;
		else if (!v)
			return cli_fail(err, "%s needs a value (crimea referee siege --help)", a);
		else if (!strcmp(a, "--tables"))
			tables = v, i++;
		else if (!strcmp(a, "--nation"))
			o.nation = v, i++;
		else if (!strcmp(a, "--battle"))
			o.battle = v, i++;
		else if (!strcmp(a, "--used"))
			o.used = v, i++;
		else if (!strcmp(a, "--gun"))
			o.gun = v, i++;
		else if (!strcmp(a, "--defender"))
			o.defender = v, i++;
		else if (!strcmp(a, "--attacker-class") || !strcmp(a, "--attacker-morale-die")) {
			/* a list, a unit each: B,C or 4,2 */
			bool cls = !strcmp(a, "--attacker-class");
			for (const char *p = v; *p; p++) {
				if (*p == ',')
					continue;
				if (cls ? (*p < 'A' || *p > 'D') : (*p < '1' || *p > '6'))
					return cli_fail(err, "%s: %s, a unit each, such as %s", a, cls ? "classes A-D" : "dice 1-6",
						     cls ? "B,C" : "4,2");
				if ((cls ? o.nacls : o.nadie) == 6)
					return cli_fail(err, "%s: at most 6 attacking units", a);
				if (cls)
					o.acls[o.nacls++] = *p - 'A';
				else
					o.adice[o.nadie++] = *p - '0';
			}
			i++;
		} else if (!strcmp(a, "--defender-class") || !strcmp(a, "--class")) {
			if (!class_arg(v, &o.cls[1]))
				return cli_fail(err, "%s is a morale class, A to D", a);
			i++;
		} else if (!strcmp(a, "--die") && strchr(v, ',')) {
			for (const char *p = v; *p && o.ndice < 3; p++)
				if (*p >= '1' && *p <= '6')
					o.dice[o.ndice++] = *p - '0';
				else if (*p != ',')
					return cli_fail(err, "--die: dice 1-6, such as 4,2");
			i++;
		} else {
			if (!strcmp(a, "--turn"))
				num = &o.turn, lo = 1, hi = STAB_TURNS;
			else if (!strcmp(a, "--die"))
				num = &o.die, lo = 1, hi = 6;
			else if (!strcmp(a, "--last"))
				num = &o.last, lo = 1, hi = STAB_TURNS;
			else if (!strcmp(a, "--yards"))
				num = &o.yards, lo = 1, hi = 5000;
			else if (!strcmp(a, "--bastion"))
				num = &o.bastion, lo = 0, hi = 8;
			else if (!strcmp(a, "--attacked-strength"))
				num = &o.attacked, lo = 0, hi = 8;
			else if (!strcmp(a, "--attack"))
				num = &o.attack, lo = 1, hi = 200;
			else if (!strcmp(a, "--defence") || !strcmp(a, "--defense"))
				num = &o.defence, lo = 1, hi = 200;
			else if (!strcmp(a, "--morale-mod") || !strcmp(a, "--mod"))
				num = &o.mod, lo = -9, hi = 9;
			else if (!strcmp(a, "--defender-morale-die") && strchr(v, ',')) {
				for (const char *p = v; *p && o.nmdie < 3; p++)
					if (*p >= '1' && *p <= '6')
						o.mdice[o.nmdie++] = *p - '0';
					else if (*p != ',')
						return cli_fail(err, "--defender-morale-die: dice 1-6, such as 4,2");
				i++;
				continue;
			} else if (!strcmp(a, "--defender-morale-die"))
				num = &o.mdie[1], lo = 1, hi = 6;
			else if (!strcmp(a, "--british"))
				num = &o.units[SN_BRITISH], lo = 0, hi = 99;
			else if (!strcmp(a, "--french"))
				num = &o.units[SN_FRENCH], lo = 0, hi = 99;
			else if (!strcmp(a, "--russian"))
				num = &o.units[SN_RUSSIAN], lo = 0, hi = 99;
			else
				return cli_fail(err, "unknown option \"%s\" (crimea referee siege --help)", a);
			if (!cli_int(v, lo, hi, num))
				return cli_fail(err, "%s wants a whole number from %d to %d", a, lo, hi);
			i++;
		}
	}
	if (o.die && !o.ndice) {
		o.dice[0] = o.die;
		o.ndice = 1;
	}
	/* [14.32]-[14.35]: each side's own: the bastion attacked counts for the units in Assault
	 * Positions that attacked it (the attackers), a retreat for the unit that made it */
	if (!strcmp(o.what, "battery") && o.attacked >= 0)
		return cli_fail(err, "[14.32] a field battery's target took part in no attack: --attacked-strength is for melee "
			     "and morale");
	if ((!strcmp(o.what, "melee") || !strcmp(o.what, "battery")) && o.retreated)
		return cli_fail(err, "say whose retreat: --attacker-retreated or --defender-retreated");
	if (o.sap && (o.bastion >= 0 || o.mamelon))
		return cli_fail(err, "a sap or parallel, or a bastion (the Mamelon is a bastion), not both");
	o.amod = o.mod + sref_morale_mod(o.attacked, o.aretreated);
	o.dmod = o.mod + sref_morale_mod(-1, o.dretreated);
	if (o.mdie[1] && !o.nmdie) {
		o.mdice[0] = o.mdie[1];
		o.nmdie = 1;
	}
	if (!strcmp(o.what, "melee") || !strcmp(o.what, "battery")) {
		if (!strcmp(o.what, "melee") && (!o.attack || !o.defence))
			return cli_fail(err, "melee needs --attack and --defence strengths");
	}
	t = malloc(sizeof *t);
	errs = malloc(sizeof *errs);
	if (!t || !errs) {
		free(t);
		free(errs);
		return 1;
	}
	errlist_init(errs);
	if (tables) {
		snprintf(path, sizeof path, "%s", tables);
	} else {
		struct err e;
		if (cat_data_file(argv[0], "siege/tables.json", path, sizeof path, &e) != 0) {
			cli_print_err_to(err, &e);
			free(t);
			free(errs);
			return 1;
		}
	}
	if (stab_load_file(t, path, errs) != 0) {
		for (int i = 0; i < errs->n; i++)
			cli_print_err_to(err, &errs->e[i]);
		rc = 1;
	} else {
		rc = run(out, err, t, &o);
	}
	free(t);
	free(errs);
	return rc;
}
