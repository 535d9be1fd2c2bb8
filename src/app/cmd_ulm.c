/* cmd_ulm: `crimea referee ulm WHAT ...`, From Ulm to Waterloo's morale rules for a referee: a
 * morale check on the Morale Evaluation Chart (odds, or the ruling from the two dice) and whether
 * fire losses call for one. The rulings are src/games/ulm/umorale.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/ulm/umorale.h"
#include "catalog.h"
#include "cli.h"

static const char ulm_usage[] =
	"usage: crimea referee ulm WHAT [--tables FILE] [options]\n"
	"  From Ulm to Waterloo's morale rules (its other charts are not in the rules text):\n"
	"  morale     --class TYPE [--contact] [--state good|disorganized|fall-back] [--mod KEY].. [--plus N]\n"
	"             [--dice A,B]     (TYPE: guards, command, cuirassiers, grenadiers, hussars, sappers,\n"
	"             artillery, light-infantry, other-horse, train, line-infantry, militia, second-line;\n"
	"             KEY: command, guard-retreating, general-retreating, extra-attacker (each attacker\n"
	"             after the first, to -3), route-march, square-vs-cavalry, commander-killed,\n"
	"             swerving-trapped; the state's minus is added: disorganized -1, fall back -2)\n"
	"             --rally with --state disorganized: a rally (passing: good; failing: no worse)\n"
	"  fire-check --original N --before N --lost N [--charging] [--class TYPE]\n"
	"             (whether fire losses call a check, and its Loss of Effectiveness minus)\n";

static void events(FILE *out, const struct evsink *ev)
{
	for (int i = 0; i < ev->n; i++)
		fprintf(out, "  %-16s %s\n", ev->ev[i].rule, ev->ev[i].text);
}

int cmd_referee_ulm(int argc, char **argv)
{
	if (cli_help(argc, argv, ulm_usage))
		return 0;
	return referee_ulm_io(argc, argv, stdout, stderr);
}

int referee_ulm_io(int argc, char **argv, FILE *out, FILE *err)
{
	struct umor_tab *t;
	struct errlist *errs;
	struct event store[16];
	struct evsink ev;
	const char *tables = NULL, *cls = NULL, *state = "good", *mods[UMOR_MODS];
	char path[SCN_PATH_MAX + 64];
	int nmods = 0, plus = 0, d[2] = {0, 0}, original = 0, before = -1, lost = -1, rc = 0;
	bool contact = false, charging = false, rally = false;

	if (argc < 3) {
		fputs(ulm_usage, err);
		return 2;
	}
	for (int i = 3; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--contact"))
			contact = true;
		else if (!strcmp(a, "--rally"))
			rally = true;
		else if (!strcmp(a, "--charging"))
			charging = true;
		else if (!v)
			return cli_fail(err, "%s needs a value (crimea referee ulm --help)", a);
		else if (!strcmp(a, "--tables"))
			tables = v, i++;
		else if (!strcmp(a, "--class"))
			cls = v, i++;
		else if (!strcmp(a, "--state"))
			state = v, i++;
		else if (!strcmp(a, "--mod")) {
			if (nmods == UMOR_MODS)
				return cli_fail(err, "too many modifiers");
			mods[nmods++] = v, i++;
		} else if (!strcmp(a, "--plus")) {
			if (!cli_int(v, -9, 9, &plus))
				return cli_fail(err, "--plus is a whole number from -9 to 9");
			i++;
		} else if (!strcmp(a, "--dice")) {
			if (sscanf(v, "%d,%d", &d[0], &d[1]) != 2 || d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6)
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
		return cli_fail(err, "no ruling \"%s\": morale or fire-check", argv[2]);
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
		if (cat_data_file(argv[0], "ulm/tables.json", path, sizeof path, &e) != 0) {
			cli_print_err_to(err, &e);
			free(t);
			free(errs);
			return 1;
		}
	}
	if (umor_load_file(t, path, errs) != 0) {
		for (int i = 0; i < errs->n; i++)
			cli_print_err_to(err, &errs->e[i]);
		rc = 1;
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
		for (int s = 0; s < UM_STATES - 1; s++)
			if (!strcmp(state, umor_state_name[s]))
				st = s;
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
			umor_rally(t, col, mod, d[0], d[1], &pr, &ev);
			fprintf(out, "rally [Morale E.2.b], %s, disorganized, %+d: passes %.1f%%\n", cls, mod, 100 * pr);
			events(out, &ev);
			goto out;
		}
		umor_check(t, col, contact, st, mod, d[0], d[1], p, &ev);
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
	free(errs);
	return rc;
}
