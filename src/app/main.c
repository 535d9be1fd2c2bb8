/* crimea: the command-line front end. Every sub-command is a thin layer over the library:
 * list, show, check, los, path, odds, play, replay. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../ai/ai.h"
#include "../core/fsio.h"
#include "../core/prov.h"
#include "../games/cotlb/cgame.h"
#include "../games/cotlb/croster.h"
#include "../games/cotlb/ctable.h"
#include "../games/cotlb/ctab.h"
#include "../games/siege/soob.h"
#include "../games/record.h"
#include "../games/siege/stab.h"
#include "../games/ulm/ufire.h"
#include "../games/ulm/umelee.h"
#include "../games/ulm/umorale.h"
#include "../hex/map.h"
#include "catalog.h"
#include "cli.h"
#include "reftable.h"
#include "svgbook.h"
#include "svgmap.h"

#define ULM_TITLE "From Ulm to Waterloo: Rules for Napoleonic Warfare 1800-1815 (2003)"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: crimea COMMAND [ARGS]\n"
		"\n"
		"  list [--json]                    scenarios and rule systems\n"
		"  show SCENARIO|RECORD [--map] [--svg FILE] [--counters FILE] [--print FILE.html]\n"
		"                                   orders of battle, reconstructed data, the map;\n"
		"                                   the map and counters to print (SVG, HTML booklet)\n"
		"  check FILE...                    validate scenario, map or tables files\n"
		"  los SCENARIO HEX HEX             line of sight, with the blocking hex or hexside\n"
		"  path SCENARIO UNIT HEX           cheapest legal path of a unit from its set-up hex\n"
		"  odds SCENARIO ACTION [--record FILE]\n"
		"                                   exact outcome probabilities of a fire or melee\n"
		"  play SCENARIO|RECORD [options]   play in the terminal (hot-seat, --ai, --dice manual)\n"
		"  replay RECORD [--verify]         re-run a game record; fail on any divergence\n"
		"  serve [--port N] [--db FILE]     HTTP server: JSON API and the browser client\n"
		"  sim SCENARIO -n N [options]      Monte Carlo: N computer games, victory distribution\n"
		"  referee cotlb WHAT [options]     Charge of the Light Brigade rulings for a referee:\n"
		"                                   fire, save, melee, morale, move (odds, or the dice)\n"
		"  referee siege WHAT [options]     Sevastopol's charts: attrition, intervention,\n"
		"                                   ammunition, bombard, melee, battery, morale\n"
		"  referee ulm WHAT [options]       From Ulm to Waterloo's rules: morale, fire-check, melee, square-break,\n"
		"                                   canister, order-change, square, breakthrough; a game (new, add, units)\n"
		"\n"
		"Run `crimea COMMAND --help` for a command's options.\n");
}

void cli_print_errs(const struct errlist *l)
{
	char buf[ERR_FILE_MAX + ERR_MSG_MAX + 32];
	for (int i = 0; i < l->n; i++) {
		err_format(&l->e[i], buf, sizeof buf);
		fprintf(stderr, "%s\n", buf);
	}
	if (l->total > l->n)
		fprintf(stderr, "... and %d more\n", l->total - l->n);
}

void cli_print_err(const struct err *e)
{
	cli_print_err_to(stderr, e);
}

int cli_fail(FILE *err, const char *fmt, ...)
{
	va_list ap;
	fprintf(err, "crimea referee: ");
	va_start(ap, fmt);
	vfprintf(err, fmt, ap);
	va_end(ap);
	fprintf(err, "\n");
	return 2;
}

void cli_print_err_to(FILE *f, const struct err *e)
{
	char buf[ERR_FILE_MAX + ERR_MSG_MAX + 32];
	err_format(e, buf, sizeof buf);
	fprintf(f, "crimea: %s\n", buf);
}

bool cli_int(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (end == s || *end || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

int cli_think_threads(void)
{
	const char *env = getenv("CRIMEA_THREADS");
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int n;
	if (env && *env) {
		if (cli_int(env, 1, AI_THREADS_MAX, &n))
			return n;
		fprintf(stderr, "crimea: CRIMEA_THREADS=\"%.20s\" is not a number of threads from 1 to %d; the computer"
			" players think on one\n", env, AI_THREADS_MAX);
		return 1;
	}
	return cores < 1 ? 1 : cores > AI_THREADS_MAX ? AI_THREADS_MAX : (int)cores;
}

bool cli_help(int argc, char **argv, const char *text)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(text, stdout);
			return true;
		}
	return false;
}

int cli_open(const char *argv0, const char *name, struct scenario *s)
{
	struct catalog *c = malloc(sizeof *c);
	struct errlist *errs = malloc(sizeof *errs);
	struct err e;
	int rc = -1;

	if (!c || !errs)
		goto out;
	errlist_init(errs);
	if (cat_load(c, argv0, &e) != 0) {
		cli_print_err(&e);
		goto out;
	}
	rc = cat_scenario(c, name, s, errs);
	if (rc != 0)
		cli_print_errs(errs);
out:
	free(c);
	free(errs);
	return rc;
}

/* What a rule system's referee tool adds beside the game the program runs, or NULL. */
static const char *referee_note(const struct rules *r)
{
	if (!strcmp(r->id, "cotlb"))
		return "; and the referee's sheet and table (crimea referee cotlb)";
	if (!strcmp(r->id, "siege"))
		return "; and the referee's charts and a game kept beside the printed map (crimea referee siege)";
	return NULL;
}

static int cmd_list(int argc, char **argv)
{
	struct catalog *c;
	struct err e;
	bool json = argc > 1 && !strcmp(argv[1], "--json");

	if (cli_help(argc, argv, "usage: crimea list [--json]\n  Lists the rule systems and every scenario in the data folder.\n"))
		return 0;
	c = malloc(sizeof *c);
	if (!c || cat_load(c, argv[0], &e) != 0) {
		if (c)
			cli_print_err(&e);
		free(c);
		return 1;
	}
	if (json) {
		json_t *root = json_object(), *rs = json_array(), *ss = json_array();
		for (const struct rules *const *r = rules_registry(); *r; r++) {
			json_t *o = json_object();
			json_object_set_new(o, "id", json_string((*r)->id));
			json_object_set_new(o, "title", json_string((*r)->title));
			if (referee_note(*r)) /* its referee's sheet besides the game */
				json_object_set_new(o, "referee", json_string(!strcmp((*r)->id, "cotlb") ? "crimea referee cotlb"
									     : "crimea referee siege"));
			json_array_append_new(rs, o);
		}
		for (int i = 0; i < c->n; i++) {
			json_t *o = json_object();
			json_object_set_new(o, "id", json_string(c->e[i].id));
			json_object_set_new(o, "title", json_string(c->e[i].title));
			json_object_set_new(o, "rules", json_string(c->e[i].rules));
			json_array_append_new(ss, o);
		}
		/* rule systems with a referee's sheet only, not (yet) a game the program runs */
		json_array_append_new(rs, json_pack("{s:s, s:s, s:s}", "id", "ulm", "title", ULM_TITLE, "referee",
						    "crimea referee ulm"));
		json_object_set_new(root, "rule_systems", rs);
		json_object_set_new(root, "scenarios", ss);
		char *txt = json_dumps(root, JSON_INDENT(2));
		puts(txt ? txt : "{}");
		free(txt);
		json_decref(root);
	} else {
		printf("Rule systems:\n");
		for (const struct rules *const *r = rules_registry(); *r; r++)
			printf("  %-8s %s%s\n", (*r)->id, (*r)->title, referee_note(*r) ? referee_note(*r) : "");
		printf("  %-8s %s: the morale, melee, canister, orders and breakthrough rules, and a game kept, for a referee (crimea referee ulm)\n", "ulm", ULM_TITLE);
		printf("\nScenarios (data: %s):\n", c->dir);
		for (int i = 0; i < c->n; i++)
			printf("  %-26s %-6s %s\n", c->e[i].id, c->e[i].rules, c->e[i].title);
	}
	free(c);
	return 0;
}

#define SHOW_USAGE "usage: crimea show SCENARIO|RECORD.rec [--map] [--svg FILE] [--counters FILE]\n" \
		   "                   [--print FILE.html [--paper a4|letter|a3|legal]] [--no-units]\n" \
		   "                   [--hex-mm MM] [--counter-mm MM]\n"

/* Draws one printable sheet (svgbook_sheet) into path, atomically: the map (the units of state
 * on it with units), the counter sheet, or the booklet of both on paper. 0, or -1 with the
 * reason printed. */
static int show_sheet(const char *path, enum svgbook_kind kind, const struct scenario *s, const json_t *scn,
		      const json_t *state, bool units, const struct svgmap_opts *o, const struct svgbook_paper *paper)
{
	static const char *const what[] = {"map", "counter sheet", "map and counters to print"};
	char *buf;
	size_t len;
	struct err e;
	int rc = svgbook_sheet(kind, s->title, scn, units ? state : NULL, state, o, paper, &buf, &len, &e);

	if (rc == 0)
		rc = fs_write_atomic(path, buf, len, &e);
	if (rc != 0) {
		char msg[ERR_FILE_MAX + ERR_MSG_MAX + 16];
		err_format(&e, msg, sizeof msg);
		if (e.file[0]) /* the write's error names the file itself */
			fprintf(stderr, "crimea show: %s\n", msg);
		else
			fprintf(stderr, "crimea show: %s: %s\n", path, msg);
	} else {
		printf("%s: the %s of %s (%zu bytes)\n", path, what[kind], s->id, len);
	}
	free(buf);
	return rc;
}

/* --hex-mm and --counter-mm: a size in millimetres (svgmap_map checks its range). */
static int parse_mm(const char *flag, const char *v, double *out)
{
	char *end;
	*out = v ? strtod(v, &end) : 0;
	if (!v || end == v || *end) {
		fprintf(stderr, "crimea show: %s wants a size in millimetres, e.g. %s 16\n", flag, flag);
		return -1;
	}
	return 0;
}

/* A Charge of the Light Brigade game's table as SVG, written atomically to path: the opening
 * position, or where a record left the units (reftable.c draws it, as for a referee's game). */
static int show_table(const char *path, const struct game *g)
{
	struct result res;
	if (rtab_svg_file(cgame_sheet(g), cgame_table(g), cgame_oob(g), cgame_roster(g), path) != 0)
		return 1;
	printf("%s: the table of %s, turn %d, %s\n", path, g->scn->id, cgame_roster(g)->turn,
	       g->rules->over(g, &res) ? "at the end of the game" : "the units where they stand");
	return 0;
}

static int cmd_show(int argc, char **argv)
{
	struct scenario s;
	struct game *g;
	struct err e;
	struct svgmap_opts so;
	char *buf;
	struct record rec;
	bool map_only = false, units = true, from_rec;
	const char *name = NULL, *svg = NULL, *counters = NULL, *print = NULL;
	const struct svgbook_paper *paper = svgbook_paper("a4");
	int rc = 0;

	if (cli_help(argc, argv, SHOW_USAGE
			       "  Orders of battle (values front/back, movement allowance, set-up or entry),\n"
			       "  the data that is reconstructed rather than printed, the victory point schedule\n"
			       "  (every item with its case, and what it would give now), and a drawing of the map\n"
			       "  with the units: the opening position, or after a game record the one it reached.\n"
			       "  --svg FILE        the map as SVG to print, at true size: terrain, hexsides,\n"
			       "                    hex numbers, places, the units where they stand, a\n"
			       "                    legend, a 100 mm scale bar and the reconstructed-data notes\n"
			       "                    (Charge of the Light Brigade: the table, 8 px an inch,\n"
			       "                    north up, with its terrain and the units on it)\n"
			       "  --no-units        the map without the units (to play on with counters)\n"
			       "  --counters FILE   every counter, front and back, as SVG to print and cut out\n"
			       "  --print FILE.html both on paper: the map cut over pages at true size (10 mm\n"
			       "                    overlaps, dashed lines where the next pages begin), then the\n"
			       "                    counters; print it from a browser at 100% (no fit to page)\n"
			       "  --paper NAME      the booklet's paper: a4 (default), letter, a3 or legal\n"
			       "  --hex-mm MM       a hex across the flats on the printed map (default 16)\n"
			       "  --counter-mm MM   a counter's side on the counter sheet (default 12.7)\n"
			       "  (the files are written atomically; with any of them, the text is not printed)\n"))
		return 0;
	svgmap_opts_default(&so);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--map")) {
			map_only = true;
		} else if (!strcmp(a, "--no-units")) {
			units = false;
		} else if (!strcmp(a, "--svg") || !strcmp(a, "--counters") || !strcmp(a, "--print")) {
			if (!v) {
				fprintf(stderr, "crimea show: %s wants a file name\n", a);
				return 2;
			}
			*(!strcmp(a, "--svg") ? &svg : !strcmp(a, "--counters") ? &counters : &print) = v;
			i++;
		} else if (!strcmp(a, "--paper")) {
			if (!(paper = svgbook_paper(v))) {
				fprintf(stderr, "crimea show: --paper wants a4, letter, a3 or legal\n");
				return 2;
			}
			i++;
		} else if (!strcmp(a, "--hex-mm") || !strcmp(a, "--counter-mm")) {
			if (parse_mm(a, v, !strcmp(a, "--hex-mm") ? &so.hex_mm : &so.counter_mm) != 0)
				return 2;
			i++;
		} else if (!name && a[0] != '-') {
			name = a;
		} else {
			fprintf(stderr, "crimea show: unexpected argument %s\n", a);
			return 2;
		}
	}
	if (!name) {
		fputs(SHOW_USAGE, stderr);
		return 2;
	}
	from_rec = cli_is_record(name);
	/* a scenario's opening position, or the position a game record reached */
	g = malloc(sizeof *g);
	buf = malloc(1 << 20);
	if (!g || !buf) {
		fprintf(stderr, "crimea show: out of memory\n");
		free(g);
		free(buf);
		return 1;
	}
	if (from_rec) {
		rc = cli_load_record(argv[0], name, false, &rec, &s, g);
	} else if ((rc = cli_open(argv[0], name, &s)) == 0 && (rc = game_init(g, &s, 1, DICE_RNG, 0, &e)) != 0) {
		cli_print_err(&e);
		scenario_free(&s);
	}
	if (rc != 0) {
		free(g);
		free(buf);
		return 1;
	}
	if ((svg || counters || print) && !strcmp(s.rules->id, "cotlb")) { /* a miniatures table, not a map */
		if (counters || print) {
			fprintf(stderr, "crimea show: %s is played with miniatures on a table: no counters or booklet to "
				"print (--svg draws the table)\n", s.id);
			rc = 1;
		} else {
			rc = show_table(svg, g);
		}
		goto out;
	}
	if (svg || counters || print) {
		/* the position's units (the set-up, or where the record left them) as the rule
		 * system shows them (json_state) */
		json_t *scn = cat_scenario_json(&s);
		json_t *state = s.rules->json_state ? s.rules->json_state(g, -1) : NULL;
		if (!scn) {
			fprintf(stderr, "crimea show: out of memory\n");
			rc = 1;
		}
		if (rc == 0 && svg && show_sheet(svg, SVGBOOK_MAP, &s, scn, state, units, &so, paper) != 0)
			rc = 1;
		if (rc == 0 && counters && show_sheet(counters, SVGBOOK_COUNTERS, &s, scn, state, units, &so, paper) != 0)
			rc = 1;
		if (rc == 0 && print && show_sheet(print, SVGBOOK_PRINT, &s, scn, state, units, &so, paper) != 0)
			rc = 1;
		json_decref(scn);
		json_decref(state);
		goto out;
	}
	if (!map_only && s.rules->describe) {
		s.rules->describe(g, buf, 1 << 20);
		fputs(buf, stdout);
		putchar('\n');
	}
	if (!map_only && game_schedule_text(g, buf, 1 << 20) == 0) { /* how the battle is won */
		fputs(buf, stdout);
		putchar('\n');
	}
	if (s.rules->draw) {
		s.rules->draw(g, buf, 1 << 20, 0);
		fputs(buf, stdout);
	}
out:
	if (from_rec)
		rec_free(&rec);
	free(buf);
	free(g);
	scenario_free(&s);
	return rc;
}

/* Checks one data file of any kind. Returns the number of problems. */
static int check_file(const char *path)
{
	struct errlist *errs = malloc(sizeof *errs);
	struct jdoc d;
	struct err e;
	int n = 0;
	const char *kind;

	if (!errs)
		return 1;
	errlist_init(errs);
	if (jdoc_load(&d, path, &e) != 0) {
		errlist_add(errs, &e);
		goto out;
	}
	kind = json_string_value(json_object_get(d.root, "kind"));
	if (!kind) {
		jdoc_add(&d, d.root, errs, "missing \"kind\" (map, scenario or tables)");
	} else if (!strcmp(kind, "map")) {
		struct map *m = malloc(sizeof *m);
		if (m && map_load(m, &d, errs) == 0)
			map_free(m);
		free(m);
	} else if (!strcmp(kind, "scenario")) {
		struct scenario s;
		if (scenario_load(&s, path, errs) == 0)
			scenario_free(&s);
	} else if (!strcmp(kind, "tables")) {
		const json_t *v = json_object_get(d.root, "format"), *tables, *t;
		size_t i;
		struct prov p;
		if (!json_is_string(v) || strcmp(json_string_value(v), "crimea/1"))
			jdoc_add(&d, v ? v : d.root, errs, "\"format\" must be \"crimea/1\"");
		tables = json_object_get(d.root, "tables");
		if (!json_is_array(tables))
			jdoc_add(&d, tables ? tables : d.root, errs, "\"tables\" must be a list");
		else
			json_array_foreach(tables, i, t) {
				const json_t *cols = json_object_get(t, "columns"), *rows = json_object_get(t, "rows"), *r;
				size_t j;
				if (!json_is_string(json_object_get(t, "id")))
					jdoc_add(&d, t, errs, "a table needs an \"id\"");
				prov_read(&d, t, true, &p, errs);
				if (!json_is_array(cols) || !json_is_array(rows)) {
					jdoc_add(&d, t, errs, "a table needs \"columns\" and \"rows\" lists");
					continue;
				}
				json_array_foreach(rows, j, r) {
					const json_t *cells = json_object_get(r, "cells");
					if (!json_is_string(json_object_get(r, "key")))
						jdoc_add(&d, r, errs, "a row needs a \"key\"");
					if (!json_is_array(cells) || json_array_size(cells) != json_array_size(cols))
						jdoc_add(&d, r, errs, "a row needs one cell per column (%zu)", json_array_size(cols));
				}
			}
		const json_t *id = json_object_get(d.root, "id");
		const struct rules *r = json_is_string(id) ? rules_find(json_string_value(id)) : NULL;
		if (r && r->check_tables)
			r->check_tables(&d, errs);
		if (json_is_string(id) && !strcmp(json_string_value(id), "ulm")) {
			/* From Ulm to Waterloo's morale, melee and canister rules (crimea referee ulm) */
			struct umor_tab *ut = malloc(sizeof *ut);
			struct umel_tab *mt = malloc(sizeof *mt);
			struct ufire_tab *ft = malloc(sizeof *ft);
			if (ut)
				umor_load(ut, &d, errs);
			if (mt)
				umel_load(mt, &d, errs);
			if (ft)
				ufire_load(ft, &d, errs);
			free(ut);
			free(mt);
			free(ft);
		}
		if (json_is_string(id) && !strcmp(json_string_value(id), "siege")) {
			/* Sevastopol's charts (crimea referee siege) */
			struct stab *st = malloc(sizeof *st);
			if (st)
				stab_load(st, &d, errs);
			free(st);
		}
		if (json_is_string(id) && !strcmp(json_string_value(id), "cotlb")) {
			/* the Charge of the Light Brigade play sheet (crimea referee cotlb) */
			struct ctab *sheet = malloc(sizeof *sheet);
			if (sheet)
				ctab_load(sheet, &d, errs);
			free(sheet);
		}
	} else if (!strcmp(kind, "oob") && json_is_string(json_object_get(d.root, "rules")) &&
		   !strcmp(json_string_value(json_object_get(d.root, "rules")), "siege")) {
		/* Sevastopol's order of battle (crimea referee siege new) */
		struct sob *o = malloc(sizeof *o);
		if (o)
			sob_load(o, &d, errs);
		free(o);
	} else if (!strcmp(kind, "oob")) {
		/* a Charge of the Light Brigade order of battle, checked against the data's play sheet */
		struct catalog *c = malloc(sizeof *c);
		struct ctab *sheet = malloc(sizeof *sheet);
		struct cros_oob *o = malloc(sizeof *o);
		char spath[SCN_PATH_MAX + 32];
		if (c && sheet && o && cat_load(c, "crimea", &e) == 0) {
			snprintf(spath, sizeof spath, "%s/cotlb/sheet-2014.json", c->dir);
			if (ctab_load_file(sheet, spath, errs) == 0)
				cros_oob_load(o, sheet, &d, errs);
		} else if (c && sheet && o) {
			errlist_add(errs, &e);
		}
		free(c);
		free(sheet);
		free(o);
	} else if (!strcmp(kind, "table")) {
		/* a Charge of the Light Brigade table, checked against its order of battle and the sheet */
		struct catalog *c = malloc(sizeof *c);
		struct ctab *sheet = malloc(sizeof *sheet);
		struct cros_oob *o = malloc(sizeof *o);
		struct ctbl *tb = malloc(sizeof *tb);
		const json_t *oob = json_object_get(d.root, "oob");
		char spath[SCN_PATH_MAX + 96];
		if (!json_is_string(oob) || strpbrk(json_string_value(oob), "/.")) {
			jdoc_add(&d, oob ? oob : d.root, errs, "a table names its order of battle (\"oob\": an id in data/cotlb)");
		} else if (c && sheet && o && tb && cat_load(c, "crimea", &e) == 0) {
			snprintf(spath, sizeof spath, "%s/cotlb/sheet-2014.json", c->dir);
			if (ctab_load_file(sheet, spath, errs) == 0) {
				snprintf(spath, sizeof spath, "%s/cotlb/%s.json", c->dir, json_string_value(oob));
				if (cros_oob_load_file(o, sheet, spath, errs) == 0)
					ctbl_load(tb, sheet, o, &d, errs);
			}
		} else if (c && sheet && o && tb) {
			errlist_add(errs, &e);
		}
		free(c);
		free(sheet);
		free(o);
		free(tb);
	} else {
		jdoc_add(&d, json_object_get(d.root, "kind"), errs, "unknown kind \"%s\" (map, scenario, tables, oob or table)",
			 kind);
	}
	jdoc_free(&d);
out:
	cli_print_errs(errs);
	n = errs->total;
	free(errs);
	return n;
}

static int cmd_check(int argc, char **argv)
{
	int bad = 0, files = 0;
	if (cli_help(argc, argv, "usage: crimea check FILE...\n"
			       "  Validates data files; every problem is printed as file:line: message.\n"
			       "  Exit status 1 if any file has a problem.\n"))
		return 0;
	for (int i = 1; i < argc; i++) {
		int n = check_file(argv[i]);
		files++;
		if (n)
			bad++;
		else
			printf("%s: ok\n", argv[i]);
	}
	if (!files) {
		fprintf(stderr, "usage: crimea check FILE...\n");
		return 2;
	}
	return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*fn)(int, char **);
	} cmds[] = {
		{"list", cmd_list}, {"show", cmd_show}, {"check", cmd_check}, {"los", cmd_los},
		{"path", cmd_path}, {"odds", cmd_odds}, {"play", cmd_play}, {"replay", cmd_replay},
		{"sim", cmd_sim}, {"serve", cmd_serve}, {"referee", cmd_referee},
	};

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (!strcmp(argv[1], cmds[i].name)) {
			argv[1] = argv[0];
			return cmds[i].fn(argc - 1, argv + 1);
		}
	fprintf(stderr, "crimea: unknown command \"%s\"\n", argv[1]);
	usage(stderr);
	return 2;
}
