/* ulmgame: a From Ulm to Waterloo game kept in a file for a referee (ulmgame.h). The units are
 * src/games/ulm/uroster.c's; the rulings are cmd_ulm.c's stateless ones, called with the
 * unit's facts in place of the options a referee would type, and their results written back
 * atomically with a log line. */
#include "ulmgame.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/fsio.h"
#include "../games/ulm/uroster.h"
#include "cli.h"
#include "refshell.h"

#define ARGS_MAX 96

static const char *const game_cmds[] = {"new", "add", "set", "units", "log", "shell", NULL};

bool ulmg_is_cmd(int argc, char **argv)
{
	if (argc < 3)
		return false;
	for (int i = 0; game_cmds[i]; i++)
		if (!strcmp(argv[2], game_cmds[i]))
			return true;
	for (int i = 3; i < argc; i++)
		if (!strcmp(argv[i], "--game"))
			return true;
	return false;
}

/* Everything one command needs, freed together. */
struct ctx {
	struct umor_tab mt;
	struct umel_tab lt;
	struct urost_game g;
	json_t *log;
	char tables[1024]; /* the tables file the game was started with ("": the installed one) */
};

/* The game file d's units (against c's tables) and log into c; every problem said on err. */
static int read_game(const struct jdoc *d, struct ctx *c, FILE *err)
{
	struct errlist *errs = malloc(sizeof *errs);
	int rc;
	if (!errs)
		return -1;
	errlist_init(errs);
	rc = urost_read(&c->g, &c->mt, &c->lt, d, errs);
	json_t *l = json_object_get(d->root, "log"), *x;
	size_t li;
	if (l && !json_is_array(l)) {
		jdoc_add(d, l, errs, "\"log\" must be a list");
		rc = -1;
	}
	json_array_foreach(l, li, x) {
		json_t *ch = json_object_get(x, "changes"), *y;
		size_t k;
		bool ok = json_is_string(json_object_get(x, "what")) && json_is_array(ch);
		json_array_foreach(ch, k, y)
			ok &= json_is_string(y);
		if (!ok) {
			jdoc_add(d, x, errs, "a log entry is {\"what\": the command, \"changes\": [a line each]}");
			rc = -1;
		}
	}
	c->log = l && json_is_array(l) ? json_deep_copy(l) : json_array();
	for (int i = 0; i < errs->n; i++)
		cli_print_err_to(err, &errs->e[i]);
	free(errs);
	return c->log ? rc : -1;
}

/* Writes the game and its log atomically. */
static int save_game(const char *path, const struct ctx *c, FILE *err)
{
	json_t *j = urost_json(&c->g);
	char *txt;
	struct err e;
	int rc = -1;
	if (j && c->log)
		json_object_set(j, "log", c->log);
	if (j && c->tables[0])
		json_object_set_new(j, "tables", json_string(c->tables));
	txt = j ? json_dumps(j, JSON_INDENT(1)) : NULL;
	json_decref(j);
	if (!txt) {
		fprintf(err, "crimea referee: out of memory\n");
		return -1;
	}
	if (fs_write_atomic(path, txt, strlen(txt), &e) != 0)
		cli_print_err_to(err, &e);
	else
		rc = 0;
	free(txt);
	return rc;
}

/* The command's words without --game FILE, for the log. */
static void words(int argc, char **argv, char *buf, size_t n)
{
	buf[0] = 0;
	for (int i = 2; i < argc; i++) {
		size_t at = strlen(buf);
		if (!strcmp(argv[i], "--game") && i + 1 < argc) {
			i++;
			continue;
		}
		snprintf(buf + at, n - at, "%s%s", at ? " " : "", argv[i]);
	}
}

/* Appends a log entry: what was typed and what it changed (a line each). */
static void log_add(struct ctx *c, const char *what, const char *changes)
{
	json_t *ch = json_array();
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", changes);
	for (char *save = NULL, *l = strtok_r(buf, "\n", &save); l && ch; l = strtok_r(NULL, "\n", &save))
		json_array_append_new(ch, json_string(l));
	json_array_append_new(c->log, json_pack("{s:s, s:o}", "what", what, "changes", ch ? ch : json_array()));
}

static void print_units(const struct ctx *c, FILE *out)
{
	fprintf(out, "%-24s %-16s %-20s %9s  %s\n", "unit", "troop type", "figure type", "figures", "state");
	for (int i = 0; i < c->g.n; i++) {
		const struct urost_unit *u = &c->g.u[i];
		char q[80] = "";
		for (int k = 0; k < UROST_QUALITIES; k++)
			if (u->q & (1u << k)) {
				size_t at = strlen(q);
				snprintf(q + at, sizeof q - at, "%s%s", at ? ", " : "  (", urost_quality_name[k]);
			}
		if (q[0])
			strcat(q, ")");
		fprintf(out, "%-24s %-16s %-20s %4d/%-4d  %s%s%s\n", u->id, u->cls, u->type, u->figures, u->original,
			u->figures ? umor_state_name[u->state] : "gone", u->figures && u->original > 0 &&
			2 * u->figures < u->original ? ", past 50% lost" : "", q);
	}
	if (!c->g.n)
		fprintf(out, "(no units yet: crimea referee ulm add --game FILE --id ID --class TYPE --type FIGURE-TYPE "
			     "--figures N)\n");
}

static void print_log(const struct ctx *c, FILE *out)
{
	size_t i, k;
	json_t *x, *l;
	json_array_foreach(c->log, i, x) {
		fprintf(out, "%zu. %s\n", i + 1, json_string_value(json_object_get(x, "what")));
		json_array_foreach(json_object_get(x, "changes"), k, l)
			fprintf(out, "   %s\n", json_string_value(l));
	}
	if (!json_array_size(c->log))
		fprintf(out, "(nothing ruled yet)\n");
}

/* add / set: a unit's facts from the options; set changes only what is given. */
static int unit_opts(int argc, char **argv, struct urost_unit *u, bool set, FILE *err)
{
	bool orig = false;
	for (int i = 3; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--game") || !strcmp(a, "--tables") || (set && !strcmp(a, "--unit"))) {
			i++;
			continue;
		}
		if (!v)
			return cli_fail(err, "%s needs a value (crimea referee ulm --help)", a);
		i++;
		if (!set && !strcmp(a, "--id"))
			snprintf(u->id, sizeof u->id, "%s", strlen(v) < sizeof u->id ? v : "");
		else if (!set && !strcmp(a, "--class"))
			snprintf(u->cls, sizeof u->cls, "%s", v);
		else if (!set && !strcmp(a, "--type"))
			snprintf(u->type, sizeof u->type, "%s", v);
		else if (!strcmp(a, "--figures") || !strcmp(a, "--original")) {
			int n;
			if (!cli_int(v, set && a[2] == 'f' ? 0 : 1, UROST_FIGURES, &n))
				return cli_fail(err, "%s is a number of figures, up to %d", a, UROST_FIGURES);
			if (a[2] == 'f')
				u->figures = n;
			else
				u->original = n, orig = true;
		} else if (!strcmp(a, "--state")) {
			if ((u->state = umor_state_named(v)) < 0)
				return cli_fail(err, "--state is good, disorganized, fall-back or rout");
		} else if (!set && !strcmp(a, "--quality")) {
			char buf[128], *save = NULL;
			snprintf(buf, sizeof buf, "%s", v);
			for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
				unsigned b = urost_quality(t);
				if (!b)
					return cli_fail(err, "no quality \"%s\" (lancer, militia, second-line, skirmisher)", t);
				u->q |= b;
			}
		} else {
			return cli_fail(err, "unknown option \"%s\" for %s (crimea referee ulm --help)", a, argv[2]);
		}
	}
	if (!set && !orig)
		u->original = u->figures;
	return 0;
}

/* The option value after name in argv, or NULL. */
static const char *opt(int argc, char **argv, const char *name)
{
	for (int i = 3; i + 1 < argc; i++)
		if (!strcmp(argv[i], name))
			return argv[i + 1];
	return NULL;
}

/* A melee cast among the game's units: each --attacker/--defender ID[:QUALITY,..] naming a unit
 * of the game becomes TYPE:FIGURES:STATE[,its qualities][,QUALITY,..] (units typed as
 * TYPE:FIGURES stay the referee's own), each side's troop type for its contact checks comes
 * from its unit at the point of contact, and a cast ruled from the dice takes each unit's
 * losses off its figures and leaves it in the state its checks gave. */
static int rule_melee(int argc, char **argv, const char *path, struct ctx *c, FILE *out, FILE *err)
{
	char *nargv[ARGS_MAX], spec[2][UMEL_UNITS][160], what[512], changes[1024] = "";
	int nargc = 0, n[2] = {0, 0}, unit[2][UMEL_UNITS], games = 0, rc;
	bool given_class[2] = {false, false}, used[UROST_UNITS] = {false};
	struct ulm_ruled r = {0};
	if (argc + 8 > ARGS_MAX)
		return cli_fail(err, "too many options");
	for (int i = 0; i < argc; i++) {
		int s = i >= 3 && i + 1 < argc ? (!strcmp(argv[i], "--attacker") ? 0 : !strcmp(argv[i], "--defender") ? 1 : -1) : -1;
		if (i >= 3 && !strcmp(argv[i], "--game")) {
			i++;
			continue;
		}
		if (i >= 3 && (!strcmp(argv[i], "--attacker-class") || !strcmp(argv[i], "--defender-class")))
			given_class[argv[i][2] == 'd'] = true; /* checked below: only for a typed-in first unit */
		nargv[nargc++] = argv[i];
		if (s < 0)
			continue;
		if (n[s] == UMEL_UNITS)
			return cli_fail(err, "at most %d units a side", UMEL_UNITS);
		const char *v = argv[++i], *colon = strchr(v, ':');
		char id[UROST_ID_MAX];
		size_t len = colon ? (size_t)(colon - v) : strlen(v);
		int k = -1;
		if (len < sizeof id) {
			memcpy(id, v, len);
			id[len] = 0;
			k = urost_find(&c->g, id);
		}
		unit[s][n[s]] = k;
		if (k < 0) { /* TYPE:FIGURES[:..], the referee's own */
			if (!colon)
				return cli_fail(err, "no unit \"%s\" in %s (crimea referee ulm units --game %s), nor a unit "
					   "TYPE:FIGURES", v, path, path);
			nargv[nargc++] = argv[i];
			n[s]++;
			continue;
		}
		if (used[k])
			return cli_fail(err, "%s is in this melee once, on one side", c->g.u[k].id);
		used[k] = true;
		struct urost_unit *u = &c->g.u[k];
		char *sp = spec[s][n[s]];
		if (!u->figures)
			return cli_fail(err, "%s has no figures left", u->id);
		snprintf(sp, 160, "%s:%d:%s", u->type, u->figures, umor_state_name[u->state]);
		for (int q = 0; q < UROST_QUALITIES; q++)
			if (u->q & (1u << q)) {
				size_t at = strlen(sp);
				snprintf(sp + at, 160 - at, ",%s", urost_quality_name[q]);
			}
		if (colon) {
			size_t at = strlen(sp);
			snprintf(sp + at, 160 - at, ",%s", colon + 1);
		}
		nargv[nargc++] = sp;
		if (!n[s]) { /* the unit at the point of contact checks for its side */
			nargv[nargc++] = s ? "--defender-class" : "--attacker-class";
			nargv[nargc++] = u->cls;
		}
		n[s]++;
		games++;
	}
	if (c->tables[0] && !opt(argc, argv, "--tables")) { /* the game's own tables */
		nargv[nargc++] = "--tables";
		nargv[nargc++] = c->tables;
	}
	nargv[nargc] = NULL;
	if (!games)
		return cli_fail(err, "melee --game %s: name a game's unit (--attacker ID or --defender ID; crimea referee ulm "
			   "units --game %s)", path, path);
	for (int s = 0; s < 2; s++)
		if (given_class[s] && n[s] && unit[s][0] >= 0)
			return cli_fail(err, "--%s-class: the game gives its unit at the point of contact's (%s)",
				   s ? "defender" : "attacker", c->g.u[unit[s][0]].cls);
	rc = referee_ulm_rule(nargc, nargv, out, err, &r);
	if (rc != 0 || !r.made)
		return rc;
	for (int s = 0; s < 2; s++)
		for (int j = 0; j < n[s]; j++) {
			struct urost_unit *u = unit[s][j] >= 0 ? &c->g.u[unit[s][j]] : NULL;
			size_t at = strlen(changes);
			if (!u)
				continue;
			int lost = r.mlost[s][j] < u->figures ? r.mlost[s][j] : u->figures, was = u->state;
			u->figures -= lost;
			if (j == 0 && r.mstate[s] >= 0)
				u->state = r.mstate[s];
			snprintf(changes + at, sizeof changes - at, "%s loses %d figure%s: %d of %d left%s", u->id, lost,
				 lost == 1 ? "" : "s", u->figures, u->original, u->figures ? "" : " (gone)");
			at = strlen(changes);
			if (u->state != was)
				snprintf(changes + at, sizeof changes - at, "; %s -> %s", umor_state_name[was],
					 umor_state_name[u->state]);
			at = strlen(changes);
			snprintf(changes + at, sizeof changes - at, "\n");
		}
	words(argc, argv, what, sizeof what);
	log_add(c, what, changes);
	if (save_game(path, c, err) != 0)
		return 1;
	fprintf(out, "game %s:\n", path);
	for (char *save = NULL, *l = strtok_r(changes, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		fprintf(out, "  %s\n", l);
	return 0;
}

/* A ruling on one of the game's units: argv with --game F and --unit/--at ID taken out and the
 * unit's facts put in; the result written back. */
static int rule_on(int argc, char **argv, const char *path, struct ctx *c, FILE *out, FILE *err)
{
	static const char *const taken[][4] = {
		/* the ruling, the option naming the unit, the options the game gives instead */
		{"morale", "--unit", "--class", "--state"},
		{"fire-check", "--unit", "--original", "--before"},
		{"canister", "--at", "--figures", "--original"},
		{"breakthrough", "--unit", "--class", "--cavalry"},
	};
	char *nargv[ARGS_MAX], num[2][16], what[512], state[16], plus[16];
	int uplus = 0;
	int k, nargc = 0, i, rc;
	const char *id;
	struct urost_unit *u;
	struct ulm_ruled r = {0};
	if (!strcmp(argv[2], "melee"))
		return rule_melee(argc, argv, path, c, out, err);
	for (k = 0; k < 4 && strcmp(argv[2], taken[k][0]); k++)
		;
	if (k == 4)
		return cli_fail(err, "%s with --game: the game's units are ruled by morale --unit ID, fire-check --unit ID "
			   "--lost N, canister --at ID, breakthrough --unit ID and melee --attacker ID --defender ID", argv[2]);
	if (!(id = opt(argc, argv, taken[k][1])))
		return cli_fail(err, "%s --game FILE needs %s ID, one of the game's units (crimea referee ulm units --game %s)",
			   argv[2], taken[k][1], path);
	if ((i = urost_find(&c->g, id)) < 0)
		return cli_fail(err, "no unit \"%s\" in %s (crimea referee ulm units --game %s)", id, path, path);
	u = &c->g.u[i];
	if (!u->figures)
		return cli_fail(err, "%s has no figures left", u->id);
	if (argc + 8 > ARGS_MAX)
		return cli_fail(err, "too many options");
	for (i = 0; i < argc; i++) {
		if (i >= 3 && (!strcmp(argv[i], "--game") || !strcmp(argv[i], taken[k][1]))) {
			i++;
			continue;
		}
		if (k == 0 && i >= 3 && !strcmp(argv[i], "--plus") && i + 1 < argc) {
			/* the referee's own plus, to which the game adds the unit's permanent minus */
			if (!cli_int(argv[i + 1], -9, 9, &uplus))
				return cli_fail(err, "--plus is a whole number from -9 to 9 (the game adds the unit's permanent "
					   "minus to it)");
			i++;
			continue;
		}
		if (i >= 3 && (!strcmp(argv[i], taken[k][2]) || !strcmp(argv[i], taken[k][3]) ||
			       (k > 0 && !strcmp(argv[i], "--class"))))
			return cli_fail(err, "%s: the game gives %s's (crimea referee ulm set --game %s --unit %s ... changes it)",
				   argv[i], u->id, path, u->id);
		nargv[nargc++] = argv[i];
	}
	snprintf(num[0], sizeof num[0], "%d", u->original);
	snprintf(num[1], sizeof num[1], "%d", u->figures);
	if (k == 0) { /* the chart's troop type and the unit's state */
		if (u->state == UM_ROUT)
			return cli_fail(err, "[Morale C.1] %s is routing: a routed unit does not check morale", u->id);
		nargv[nargc++] = "--class";
		nargv[nargc++] = u->cls;
		snprintf(state, sizeof state, "%s", umor_state_name[u->state]);
		nargv[nargc++] = "--state";
		nargv[nargc++] = state;
		snprintf(plus, sizeof plus, "%d", uplus + u->perm);
		nargv[nargc++] = "--plus";
		nargv[nargc++] = plus;
		if (u->perm)
			fprintf(out, "[Morale D.2.c] %s is past 50%% casualties: the game adds its permanent %d%s\n", u->id, u->perm,
				uplus ? " to --plus" : "");
	} else if (k == 3) { /* breakthrough: its troop type (an order change) and whether it is cavalry */
		int ty = umel_type(&c->lt, u->type);
		nargv[nargc++] = "--class";
		nargv[nargc++] = u->cls;
		if (ty >= 0 && c->lt.arm[ty] == UA_HORSE)
			nargv[nargc++] = "--cavalry";
	} else { /* the figures at the start and now; the Loss of Effectiveness by troop type */
		nargv[nargc++] = "--original";
		nargv[nargc++] = num[0];
		nargv[nargc++] = k == 1 ? "--before" : "--figures";
		nargv[nargc++] = num[1];
		nargv[nargc++] = "--class";
		nargv[nargc++] = u->cls;
	}
	if (c->tables[0] && !opt(argc, argv, "--tables")) { /* the game's own tables */
		nargv[nargc++] = "--tables";
		nargv[nargc++] = c->tables;
	}
	nargv[nargc] = NULL;
	rc = referee_ulm_rule(nargc, nargv, out, err, &r);
	if (rc != 0 || !r.made)
		return rc; /* odds, or a refusal: the game is unchanged */
	char changes[256];
	if (k == 0) {
		if (r.state == u->state)
			snprintf(changes, sizeof changes, "%s stays %s", u->id, umor_state_name[u->state]);
		else
			snprintf(changes, sizeof changes, "%s: %s -> %s", u->id, umor_state_name[u->state], umor_state_name[r.state]);
		u->state = r.state;
	} else {
		int lost = r.lost < u->figures ? r.lost : u->figures;
		snprintf(changes, sizeof changes, "%s loses %d figure%s: %d of %d left%s", u->id, lost, lost == 1 ? "" : "s",
			 u->figures - lost, u->original, u->figures == lost ? " (gone)" : "");
		u->figures -= lost;
		if (r.perm && !u->perm) {
			/* [Morale D.2.c]: from now on the game adds it to every check of the unit */
			size_t at = strlen(changes);
			u->perm = r.perm;
			snprintf(changes + at, sizeof changes - at, "; a permanent %d to its morale checks, the game's from now on "
				 "(morale --unit %s without it)", u->perm, u->id);
		}
	}
	words(argc, argv, what, sizeof what);
	log_add(c, what, changes);
	if (save_game(path, c, err) != 0)
		return 1;
	fprintf(out, "game %s: %s\n", path, changes);
	return 0;
}

/* `shell --game F`: a session on the game (refshell.c), completing the game's units (read
 * again at each completion, so units added in the session are offered), the chart's troop
 * types, the melee's figure types, states, guns and qualities. */
static const char *const shell_commands[] = {
	"add", "canister", "fire-check", "help", "log", "melee", "morale", "order-change", "quit", "set", "square",
	"square-break", "units", NULL,
};
static const char *const shell_options[] = {
	"--at", "--attacker", "--attacker-dice", "--attacker-morale-dice", "--cast", "--charging", "--class", "--contact",
	"--defender", "--defender-dice", "--defender-morale-dice", "--dice", "--die", "--disorganized", "--dispersed",
	"--faces", "--figures", "--gun", "--id", "--in-works", "--increment", "--inches", "--lost", "--militia",
	"--militia-die", "--mod", "--observing", "--original", "--plus", "--protection", "--quality", "--rally",
	"--square", "--stands", "--state", "--suppressed", "--type", "--unit", NULL,
};
/* the stateless rulings that take no --game, and new */
static const char *const shell_no_game[] = {"new", "order-change", "square", "square-break", NULL};

struct shell_ctx {
	const char *path;
	const struct umor_tab *mt;
	const struct umel_tab *lt;
};

static void shell_values(const void *ctx, const char *prev, const char *word, struct complete_list *out)
{
	const struct shell_ctx *sc = ctx;
	if (!strcmp(prev, "--unit") || !strcmp(prev, "--at") || !strcmp(prev, "--attacker") ||
	    !strcmp(prev, "--defender")) {
		static struct urost_game g; /* one session, one thread */
		struct errlist *errs = malloc(sizeof *errs);
		struct jdoc d;
		struct err e;
		if (errs && jdoc_load(&d, sc->path, &e) == 0) {
			errlist_init(errs);
			if (urost_read(&g, sc->mt, sc->lt, &d, errs) == 0)
				for (int i = 0; i < g.n; i++)
					rshell_offer(out, g.u[i].id, word);
			jdoc_free(&d);
		}
		free(errs);
	} else if (!strcmp(prev, "--class") || !strcmp(prev, "--observing")) {
		for (int i = 0; i < sc->mt->ncls; i++)
			rshell_offer(out, sc->mt->cls[i], word);
	} else if (!strcmp(prev, "--type")) {
		for (int i = 0; i < sc->lt->ntypes; i++)
			rshell_offer(out, sc->lt->type[i], word);
	} else if (!strcmp(prev, "--state")) {
		for (int i = 0; i < UM_STATES; i++)
			rshell_offer(out, umor_state_name[i], word);
	} else if (!strcmp(prev, "--gun")) {
		for (int i = 0; i < UG_GUNS; i++)
			rshell_offer(out, ufire_gun_name[i], word);
	} else if (!strcmp(prev, "--quality")) {
		for (int i = 0; i < UROST_QUALITIES; i++)
			rshell_offer(out, urost_quality_name[i], word);
	} else if (!strcmp(prev, "--mod")) {
		for (int i = 0; i < sc->mt->nmods; i++)
			rshell_offer(out, sc->mt->mod[i], word);
	}
}

/* Whether two tables files are one (both resolved; "" and NULL: the installed one, as given). */
static bool same_tables(const char *a, const char *b)
{
	if (!a || !a[0] || !b || !b[0])
		return (!a || !a[0]) && (!b || !b[0]);
	return fs_same_file(a, b);
}

int ulmg_run(int argc, char **argv, FILE *out, FILE *err)
{
	const char *path = opt(argc, argv, "--game"), *tables = opt(argc, argv, "--tables");
	struct ctx *c;
	struct jdoc d = {0}; /* the game file, read once: its tables first, then its units */
	struct err e;
	int rc = 0;
	if (!path)
		return cli_fail(err, "%s needs --game FILE (crimea referee ulm new --game FILE starts one)", argv[2]);
	if (!(c = calloc(1, sizeof *c)))
		return 1;
	if (!strcmp(argv[2], "new")) {
		/* kept as an absolute path, so that the game plays from any directory */
		if (tables && fs_abs_path(tables, c->tables, sizeof c->tables) != 0) {
			rc = cli_fail(err, "--tables %s: no such file, or a path too long to keep", tables);
			goto out;
		}
	} else {
		/* a game is ruled on the tables it was started with */
		if (jdoc_load(&d, path, &e) != 0) {
			cli_print_err_to(err, &e);
			rc = 1;
			goto out;
		}
		const char *kept = json_string_value(json_object_get(d.root, "tables"));
		snprintf(c->tables, sizeof c->tables, "%s", kept ? kept : "");
		if (tables && !same_tables(tables, c->tables)) {
			rc = cli_fail(err, "%s was started on %s: --tables %s would rule it on others", path,
				      c->tables[0] ? c->tables : "the installed tables", tables);
			goto out;
		}
		tables = c->tables[0] ? c->tables : NULL;
	}
	if (ulm_load_tables(tables, argv[0], err, &c->mt, &c->lt, NULL) != 0) {
		rc = 1;
		goto out;
	}
	if (!strcmp(argv[2], "new")) {
		struct stat st;
		bool force = false;
		for (int i = 3; i < argc; i++) {
			if (!strcmp(argv[i], "--force"))
				force = true;
			else if (!strcmp(argv[i], "--game") || !strcmp(argv[i], "--tables"))
				i++;
			else {
				rc = cli_fail(err, "unknown option \"%s\" for new (crimea referee ulm --help)", argv[i]);
				goto out;
			}
		}
		if (!force && stat(path, &st) == 0) {
			rc = cli_fail(err, "%s exists: a new game would replace it (--force to do so)", path);
			goto out;
		}
		if (!(c->log = json_array()) || save_game(path, c, err) != 0) {
			rc = 1;
			goto out;
		}
		fprintf(out, "%s: a new From Ulm to Waterloo game (add its units: crimea referee ulm add --game %s --id ID "
			     "--class TYPE --type FIGURE-TYPE --figures N)\n", path, path);
		goto out;
	}
	if (read_game(&d, c, err) != 0) {
		rc = 1;
		goto out;
	}
	if (!strcmp(argv[2], "shell")) {
		struct shell_ctx sc = {.path = path, .mt = &c->mt, .lt = &c->lt};
		struct rshell_spec spec = {.sys = "ulm", .title = "From Ulm to Waterloo", .commands = shell_commands,
					   .options = shell_options, .no_game = shell_no_game, .values = shell_values,
					   .ctx = &sc, .tables = tables};
		rc = rshell_run(argv[0], path, &spec);
	} else if (!strcmp(argv[2], "units")) {
		print_units(c, out);
	} else if (!strcmp(argv[2], "log")) {
		print_log(c, out);
	} else if (!strcmp(argv[2], "add") || !strcmp(argv[2], "set")) {
		bool set = argv[2][0] == 's';
		struct urost_unit u = {0}, *was = NULL;
		char what[512], changes[256];
		if (set) {
			const char *id = opt(argc, argv, "--unit");
			int i = id ? urost_find(&c->g, id) : -1;
			if (i < 0) {
				rc = cli_fail(err, "set needs --unit ID, one of the game's units (crimea referee ulm units --game %s)", path);
				goto out;
			}
			was = &c->g.u[i];
			u = *was;
		}
		if ((rc = unit_opts(argc, argv, &u, set, err)) != 0)
			goto out;
		if (set) {
			if (u.figures > u.original) {
				rc = cli_fail(err, "%s has at most its %d figures at the start", u.id, u.original);
				goto out;
			}
			snprintf(changes, sizeof changes, "%s set: %d of %d figures, %s (was %d, %s)", u.id, u.figures, u.original,
				 umor_state_name[u.state], was->figures, umor_state_name[was->state]);
			*was = u;
		} else {
			if (!u.figures) {
				rc = cli_fail(err, "add needs --id ID --class TYPE --type FIGURE-TYPE --figures N");
				goto out;
			}
			if (urost_add(&c->g, &c->mt, &c->lt, &u, &e) != 0) {
				rc = cli_fail(err, "%s", e.msg);
				goto out;
			}
			snprintf(changes, sizeof changes, "%s added: %s, %s, %d figures, %s", u.id, u.cls, u.type, u.figures,
				 umor_state_name[u.state]);
		}
		words(argc, argv, what, sizeof what);
		log_add(c, what, changes);
		if (save_game(path, c, err) != 0) {
			rc = 1;
			goto out;
		}
		fprintf(out, "game %s: %s\n", path, changes);
	} else {
		rc = rule_on(argc, argv, path, c, out, err);
	}
out:
	jdoc_free(&d);
	json_decref(c->log);
	free(c);
	return rc;
}
