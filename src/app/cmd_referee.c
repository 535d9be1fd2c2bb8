/* cmd_referee: `crimea referee cotlb WHAT ...`, the Charge of the Light Brigade play sheet for a
 * referee at a table of miniatures: fire, saves, close combat, morale checks and movement, as
 * exact odds before anyone rolls and as a ruling (each line with its section) from the dice
 * rolled. The rulings are src/games/cotlb/cref.c's; this file reads options and prints. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/fsio.h"
#include "../games/cotlb/cact.h"
#include "../games/cotlb/cplay.h"
#include "catalog.h"
#include "cli.h"
#include "../games/cotlb/referee.h"
#include "reftable.h"
#include "refshell.h"

static const char ref_usage[] =
	"usage: crimea referee cotlb WHAT [--sheet FILE|2014|2001] [options]   (Sevastopol: crimea referee siege --help)\n"
	"  Raybin's Charge of the Light Brigade play sheet (NASHCON 2014 Balaclava version) for a\n"
	"  referee: without dice, the exact odds; with the dice rolled, the ruling, each line citing\n"
	"  the sheet's section. A unit is TYPE[:FIGURES[:MARKERS]] (figures left, a battery's\n"
	"  gunners; 6 full stands by default). Dice are listed as 6,5,1,...\n"
	"\n"
	"  fire   --weapon W --stands N --target line|column|enfilade (--inches N | --short | --long)\n"
	"         [--cover] [--markers N] [--pivot] [--command-phase] [--at UNIT] [--dice D,..]\n"
	"         [--saves D,..] [--leader D]\n"
	"         [--split]   (a game keeping the sequence, with --firer and --stands N: N stands fire\n"
	"         here, the others at another target by the next fire, the same action [Fire (f)])\n"
	"  save   --unit UNIT --hits N [--dice D,..]\n"
	"  melee  --attacker UNIT --defender UNIT [--initiative attacker|defender]\n"
	"         [--attacker-mod KEY].. [--defender-mod KEY].. [--attacker-leaders N] [--defender-leaders N]\n"
	"         [--attacker-routing] [--defender-routing] [--attacker-rear] [--defender-rear]\n"
	"         [--attacker-dice D,..] [--defender-dice D,..] [--winner-die D]\n"
	"         [--attacker-saves D,..] [--defender-saves D,..] [--attacker-leader-die D] [--defender-leader-die D]\n"
	"         [--defender-also UNIT]..   (units that fight with the defender [Close Combat (b)]: their\n"
	"         dice and saves follow the defender's, unit after unit; --defender-leader-die D,.. one each)\n"
	"         [--attacker-also UNIT]..   (units charging with the attacker [Close Combat (a)], the same\n"
	"         way; --attacker-morale-die D,.. and --attacker-leader-die D,.. one each, in order)\n"
	"         [--declare]   (a game keeping the sequence: a close assault bought in a command point\n"
	"         phase is declared, then ruled after the reaction phase [Side A Turn (d)])\n"
	"         [--attacker-morale-die D] [--defender-morale-die D]   (the charge's morale checks, the\n"
	"         defender's only when outnumbered two stands to one: a failure withdraws, no combat)\n"
	"         [--spike-die D]   (a battery that loses: 4-6 spiked, else captured for an Ace; also\n"
	"         withdraw --game FILE --unit BATTERY --spike-die D for an unlimbered battery)\n"
	"  morale --unit UNIT [--standing-cavalry] [--die D]\n"
	"  move   --row ROW [--column | --road | --one-die] [--terrain gentle|steep|walls] [--interpenetration]\n"
	"         [--markers N] [--dice D,..]\n"
	"  initiative [--a-won] [--a-combats N] [--a-withdrawn N] [--b-won] [--b-combats N]\n"
	"         [--b-withdrawn N] [--dice A,B]\n"
	"  command --unit UNIT --inches N [--routing]   (a unit's distance from its brigade commander)\n"
	"  leader --unit UNIT [--die D]                a leader at risk\n"
	"  sheet  the weapons, troop types, close combat modifiers and MOVE Chart rows, by key\n"
	"  --roll  any command: the program rolls the dice the ruling asks for and are not given (a\n"
	"         game's from the dice stream kept in its file, every roll the next of one sequence\n"
	"         and kept in the game's log; without --game, from --seed S or a fresh seed)\n"
	"\n"
	"  A game's roster (the units' figures, markers, command points, leaders), kept in a file\n"
	"  that every complete ruling updates; UNIT may then be a unit's id, and fire --firer ID:\n"
	"  new --oob balaclava-2014 --game FILE [--force] [--seed S]   a new game of an order of battle\n"
	"         (--seed: its dice stream for --roll; else a fresh one)\n"
	"  units --game FILE [--side SIDE]                 every unit as it stands\n"
	"  actions --game FILE [--unit ID] [--side SIDE]   what the units may do now, as the sequence of\n"
	"         play and the table allow: whom each fires at (fire priority), charges (within 2\"),\n"
	"         reacts to or reinforces, its moves, rallies and advances, and what each costs\n"
	"  spend --game FILE --unit ID --points N | --ace  command points [Command Points], or an Ace\n"
	"  rally --game FILE --unit ID [--die D]           remove a marker [MORALE (e)]\n"
	"  turn --game FILE                                the next turn (leaders replaced)\n"
	"  log --game FILE                                 every ruling that changed the game, turn by turn\n"
	"  next --game FILE [--first SIDE]                 the sequence of play: the next phase (on a game\n"
	"         without it, starts it at this turn's initiative; --first: the initiative winner's\n"
	"         choice of who acts first). The game then refuses an action out of its phase and\n"
	"         counts each unit's one action a phase; an action in the k-th command point phase\n"
	"         pays k points (--ace: one of them with an Ace) [Side A Turn (a)-(i)], [Side B Turn]\n"
	"  phase --game FILE [--off]                       where the sequence stands; --off: stop keeping it\n"
	"  shell --game FILE                               a session on the game: a command a line, without\n"
	"         crimea referee cotlb and --game (tab completes commands, options and unit ids)\n"
	"\n"
	"  A game on a table (new --table ID; balaclava-2014 has balaclava-2014-table, reconstructed)\n"
	"  keeps where each unit stands (x, y in inches from the south-west corner, facing in compass\n"
	"  degrees, formation); fire --firer A --at B then takes the range, the stands that bear, the\n"
	"  target class and cover from the table, melee checks the 2\", and turn the command radius:\n"
	"  table --game FILE [--svg FILE]                  the table's size and terrain; --svg draws it\n"
	"  where --game FILE [--unit ID]                   where units stand; one unit: what it can fire at\n"
	"  place --game FILE (--unit ID | --commander ID) --x X --y Y [--facing D] [--formation F]\n"
	"  enter --game FILE --unit ID [--x X --y Y ...]   a reinforcement arrives at its entry\n"
	"  move --game FILE --unit ID [--x X] [--y Y] [--facing D] [--formation F] [--dice D,..]\n"
	"         a move by the MOVE Chart (terrain, pivot, back or sideways, 2\" from the enemy), or a\n"
	"         change of formation or facing in place; --toward ID instead of --x/--y: straight at\n"
	"         that enemy, as far as the dice allow, stopping 2\" from it (where a charge starts);\n"
	"         --command-phase: the enemy units that may react to the move [Side A Turn (c)]\n"
	"  move --game FILE --commander ID --x X --y Y [--dice A,B,C,D]   a brigade commander rides\n"
	"         by the Staff row (4 dice, no terrain penalty, not within 2\" of the enemy); with the\n"
	"         sequence of play once a turn, in his side's free action phase\n"
	"  withdraw --game FILE --unit ID --dice A,B,C,D [--from ID]   4 dice straight away from the\n"
	"         enemy it fought (--from; else the nearest), facing away, stopping short of the 2\" of\n"
	"         other enemies [Close Combat (g)]; friends passed through take a marker\n"
	"  reinforce --game FILE --unit ID --defender ID [--contact] [--die D]   a reaction to a close assault\n"
	"         bought with points: infantry in line within 4\" of a charged infantry line forms a double\n"
	"         line with it; --contact: infantry or cavalry within 4\" of the attacker fights with the\n"
	"         charged unit; each on a morale test [Close Combat (b)]\n"
	"  advance --game FILE --unit ID                   a winning attacker onto the loser's position once\n"
	"         it has gone, in the close combat's phase (this turn without the sequence) [Close Combat (f)]\n"
	"  rout --game FILE --unit ID --dice A,B,C,D       the same for a routing unit [MORALE (d)];\n"
	"         friends within 6\" of its line take a marker [MORALE (a) 3]\n";

/* A whole number from 0 to 2^64 - 1, all of s. */
static bool parse_seed(const char *s, uint64_t *out)
{
	char *end;
	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end)
		return false;
	*out = (uint64_t)v;
	return true;
}

/* A seed no one chose: the system's random bytes (or the clock and the process, without them). */
static uint64_t fresh_seed(void)
{
	uint64_t s = 0;
	FILE *f = fopen("/dev/urandom", "rb");
	if (!f || fread(&s, sizeof s, 1, f) != 1) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		s = rng_mix((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec, (uint64_t)getpid());
	}
	if (f)
		fclose(f);
	return s;
}

/* "6,5,1" into d; false on anything else. */
static bool parse_dice(const char *s, struct ref_dice *d)
{
	const char *p = s;
	d->n = 0;
	d->given = true;
	while (*p) {
		char *end;
		long v = strtol(p, &end, 10);
		if (end == p || v < 1 || v > 6 || d->n == CREF_HITS_MAX)
			return false;
		d->d[d->n++] = (int)v;
		p = end;
		if (*p == ',')
			p++;
		else if (*p)
			return false;
	}
	return true;
}

/* Inches (such as 41.5) into units; false on anything else. */
static bool parse_inches(const char *s, int32_t *out)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || *end || !(v >= 0 && v * PL_PER_INCH <= PL_COORD_MAX))
		return false;
	*out = pl_units(v);
	return true;
}

static void copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src);
}

/* The data directory's cotlb folder into dir. 0 or -1 (said). */
static int cotlb_dir(const char *argv0, char *dir, size_t n)
{
	struct err e;
	if (cat_data_file(argv0, "cotlb", dir, n, &e) != 0) {
		cli_print_err(&e);
		return -1;
	}
	return 0;
}

/* The play sheet --sheet names: "2014" (also NULL or ""), "2001" (the data's two printings)
 * or a file's path. */
static int sheet_path(const char *argv0, const char *name, char *path, size_t n)
{
	char dir[SCN_PATH_MAX + 16];
	if (!name || !name[0] || !strcmp(name, "2014") || !strcmp(name, "2001")) {
		if (cotlb_dir(argv0, dir, sizeof dir) != 0)
			return -1;
		snprintf(path, n, "%s/sheet-%s.json", dir, name && name[0] ? name : "2014");
	} else {
		snprintf(path, n, "%s", name);
	}
	return 0;
}

/* Whether two --sheet names are the same sheet: the same file once resolved (a file that is
 * not there: the same name). */
static bool same_sheet(const char *argv0, const char *a, const char *b)
{
	char pa[SCN_PATH_MAX + 64], pb[SCN_PATH_MAX + 64];
	return sheet_path(argv0, a, pa, sizeof pa) == 0 && sheet_path(argv0, b, pb, sizeof pb) == 0 && fs_same_file(pa, pb);
}

/* What a new game keeps of --sheet name (a sheet that loaded): "" for the 2014 sheet, "2001"
 * for the data's 2001 sheet, else the file's absolute path (a game is played from any
 * directory). 0, or -1 when the path does not fit. */
static int sheet_kept_as(const char *argv0, const char *name, char *out, size_t n)
{
	out[0] = 0;
	if (!name || same_sheet(argv0, name, "2014"))
		return 0;
	if (same_sheet(argv0, name, "2001"))
		return snprintf(out, n, "2001") < (int)n ? 0 : -1;
	return fs_abs_path(name, out, n);
}

static int load_sheet(const char *argv0, const char *name, struct ctab *t)
{
	struct errlist *errs = malloc(sizeof *errs);
	char path[SCN_PATH_MAX + 64];
	int rc;
	if (!errs)
		return -1;
	errlist_init(errs);
	if (sheet_path(argv0, name, path, sizeof path) != 0) {
		free(errs);
		return -1;
	}
	rc = ctab_load_file(t, path, errs);
	cli_print_errs(errs);
	free(errs);
	return rc;
}

/* An order of battle by id (data/cotlb/ID.json) or path. 0 or -1 (said). */
static int load_oob(const char *argv0, const char *name, const struct ctab *t, struct cros_oob *o)
{
	struct errlist *errs = malloc(sizeof *errs);
	char path[SCN_PATH_MAX + 96], dir[SCN_PATH_MAX + 16];
	int rc;
	if (!errs)
		return -1;
	errlist_init(errs);
	if (strchr(name, '/') || strstr(name, ".json")) {
		snprintf(path, sizeof path, "%s", name);
	} else {
		if (cotlb_dir(argv0, dir, sizeof dir) != 0) {
			free(errs);
			return -1;
		}
		snprintf(path, sizeof path, "%s/%s.json", dir, name);
	}
	rc = cros_oob_load_file(o, t, path, errs);
	cli_print_errs(errs);
	free(errs);
	return rc;
}

/* Reads a game file d and its order of battle, and its log (*log: a new reference, an empty
 * list when the file has none). 0 or -1 (said). */
static int read_game(const char *argv0, const struct jdoc *d, const struct ctab *t, struct cros_oob *o,
		     struct cros_game *g, json_t **log)
{
	struct errlist *errs = malloc(sizeof *errs);
	const char *oob;
	int rc = -1;
	if (!errs)
		return -1;
	errlist_init(errs);
	oob = json_string_value(json_object_get(d->root, "oob"));
	if (!oob) {
		jdoc_add(d, d->root, errs, "a referee's game file names its order of battle (\"oob\")");
	} else if (load_oob(argv0, oob, t, o) == 0) {
		rc = cros_game_read(o, t, d, g, errs);
	}
	{
		json_t *l = json_object_get(d->root, "log");
		if (l && !json_is_array(l)) {
			jdoc_add(d, l, errs, "\"log\" must be a list");
			rc = -1;
		}
		*log = l ? json_deep_copy(l) : json_array();
	}
	cli_print_errs(errs);
	free(errs);
	return rc;
}

/* Writes the game, with its log (borrowed; may be NULL), atomically. */
int ref_save_game(const char *path, const struct cros_oob *o, const struct cros_game *g, json_t *log)
{
	json_t *j = cros_game_json(o, g);
	char *txt;
	if (j && log)
		json_object_set(j, "log", log);
	txt = j ? json_dumps(j, JSON_INDENT(1) | JSON_REAL_PRECISION(8)) : NULL; /* 41.55, not 41.549999999999997 */
	struct err e;
	int rc = -1;
	json_decref(j);
	if (!txt) {
		fprintf(stderr, "crimea referee: out of memory\n");
		return -1;
	}
	if (fs_write_atomic(path, txt, strlen(txt), &e) != 0)
		cli_print_err(&e);
	else
		rc = 0;
	free(txt);
	return rc;
}

void ref_print_events(const char *head, const struct evsink *ev)
{
	if (ev->n && head)
		printf("%s\n", head);
	for (int i = 0; i < ev->n; i++)
		printf("  %-22s %s\n", ev->ev[i].rule, ev->ev[i].text);
}

/* The roster: every unit of side (-1 both) with its figures, stands, markers, points, state. */
static void print_units(const struct ctab *t, const struct cros_oob *o, const struct cros_game *g, int side)
{
	printf("%s, turn %d\n", o->title, g->turn);
	for (int k = 0; k < 2; k++) {
		if (side >= 0 && k != side)
			continue;
		if (g->aces[k])
			printf("\n%s: %d Ace%s (captured guns: a command point each, spend --ace) [Close Combat (h)]", o->side[k],
			       g->aces[k], g->aces[k] == 1 ? "" : "s");
		printf("\n%s\n  %-18s %-18s %8s %6s %7s %4s  %s\n", o->side[k], "unit", "type", "figures", "stands", "markers",
		       "cp", "state");
		for (int i = 0; i < o->n; i++) {
			const struct cros_unit *u = &o->u[i];
			const struct cros_state *st = &g->s[i];
			char cp[8], state[96] = "";
			if (u->side != k)
				continue;
			if (st->cp == CROS_CP_UNLIMITED)
				snprintf(cp, sizeof cp, "inf");
			else
				snprintf(cp, sizeof cp, "%d", st->cp);
			snprintf(state, sizeof state, "%s%s%s%s", !st->figures ? "destroyed " : st->routing ? "ROUTING " : "",
				 st->leader_back ? "leader dead " : "", st->ammo_out ? "no ammunition " : "",
				 u->reinforcement ? "(reinforcement)" : "");
			if (st->leader_back) {
				char *p = strstr(state, "leader dead ");
				if (p)
					snprintf(p, sizeof state - (size_t)(p - state), "leader back turn %d %s", st->leader_back,
						 u->reinforcement ? "(reinforcement)" : "");
			}
			/* a battery's stands are its guns, two gunners each, not its figures */
			int stands = t->unit[u->type].fps == 1 ? (st->figures * u->stands + u->figures - 1) / u->figures
							      : ctab_stands(t, u->type, st->figures);
			printf("  %-18s %-18s %4d/%-3d %6d %7d %4s  %s\n", u->id, t->unit[u->type].key, st->figures, u->figures,
			       stands, st->markers, cp, state);
		}
	}
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
	printf("\nMOVE Chart rows (--row): dice in line, in column%s\n", t->move_road ? ", on a road (--road)" : "");
	for (int i = 0; i < t->nmoves; i++) {
		printf("  %-24s %d %d", t->move[i].key, t->move[i].dice[0], t->move[i].dice[1]);
		if (t->move_road)
			printf(" %d", t->move[i].dice[2]);
		printf("\n");
	}
	return 0;
}

/* Appends to the game's log what was asked (the command's words), the rulings made (out, may
 * be NULL) and what changed in the roster. */
void ref_log_add(json_t *log, int turn, const char *what, const struct ref_out *out, const struct evsink *changes)
{
	json_t *e = json_object(), *r = json_array(), *c = json_array();
	if (!log || !e || !r || !c) {
		json_decref(e);
		json_decref(r);
		json_decref(c);
		return;
	}
	for (int i = 0; out && i < out->nitems; i++)
		if (out->item[i].kind == REF_RULE)
			json_array_append_new(r, json_pack("{s:s, s:s}", "rule", out->item[i].rule, "text", out->item[i].text));
	for (int i = 0; i < changes->n; i++)
		json_array_append_new(c, json_pack("{s:s, s:s}", "rule", changes->ev[i].rule, "text", changes->ev[i].text));
	json_object_set_new(e, "turn", json_integer(turn));
	json_object_set_new(e, "what", json_string(what));
	json_object_set_new(e, "rulings", r);
	json_object_set_new(e, "changes", c);
	json_array_append_new(log, e);
}

int ref_record(const char *path, const struct cros_oob *o, const struct cros_game *g, json_t *log, const char *what,
	       const struct ref_out *out, const struct evsink *ev)
{
	char head[SCN_PATH_MAX + 32];
	ref_log_add(log, g->turn, what, out, ev);
	if (ref_save_game(path, o, g, log) != 0)
		return 1;
	snprintf(head, sizeof head, "game %s, turn %d:", path, g->turn);
	ref_print_events(head, ev);
	return 0;
}

/* actions --game F [--unit ID] [--side SIDE]: what the units may do now (cact.c), a line an
 * action: the unit, the action, what it is at, and its cost or what the table measured. */
static int print_actions(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct cros_oob *o,
			 const struct cros_game *g, const char *sidename)
{
	struct cact *a = malloc(CACT_LIST_MAX * sizeof *a);
	int unit = -1, side = -1, n, shown = 0;
	if (!a)
		return cli_fail(stderr, "out of memory");
	if (q->unit[0] && (unit = cros_find(o, q->unit)) < 0) {
		free(a);
		return cli_fail(stderr, "no unit \"%s\" in the game (units --game FILE lists them)", q->unit);
	}
	if (sidename && (side = cplay_side_named(o, sidename)) < 0) {
		free(a);
		return cli_fail(stderr, "no side \"%s\" (%s or %s)", sidename, o->side[0], o->side[1]);
	}
	int all = cact_list(NULL, t, tb, o, g, unit, a, CACT_LIST_MAX);
	n = all > CACT_LIST_MAX ? CACT_LIST_MAX : all;
	if (g->seq.phase == CSEQ_OFF)
		printf("turn %d (no sequence of play kept: what each unit may do as its action)\n", g->turn);
	else if (g->seq.phase == CSEQ_INITIATIVE)
		printf("turn %d, initiative: no unit acts until it is rolled (initiative --dice A,B, then next) [Initiative (a)]\n",
		       g->turn);
	else
		printf("turn %d, %s%s%s\n", g->turn, cseq_acting(g) >= 0 ? o->side[cseq_acting(g)] : "",
		       cseq_acting(g) >= 0 ? " side's " : "", cseq_phase_name[g->seq.phase]);
	for (int k = 0; k < n; k++) {
		char tgt[CROS_ID_MAX + 8] = "", more[96] = "";
		size_t m = 0;
		if (side >= 0 && o->u[a[k].unit].side != side)
			continue;
		if (a[k].target >= 0)
			snprintf(tgt, sizeof tgt, "%s %s", a[k].kind == CACT_REINFORCE || a[k].kind == CACT_JOIN ? "for" : "at",
				 o->u[a[k].target].id);
		if (a[k].kind == CACT_FIRE && a[k].stands)
			m += (size_t)snprintf(more + m, sizeof more - m, "%d stand%s%s, %s, ", a[k].stands,
					      a[k].stands == 1 ? "" : "s", a[k].pivot ? " with a pivot (-1)" : "",
					      a[k].band < 0 ? "range not printed" : a[k].band ? "long range" : "short range");
		if (a[k].gap >= 0)
			m += (size_t)snprintf(more + m, sizeof more - m, "%.*f\", ", PL_IN(a[k].gap));
		if (g->seq.phase == CSEQ_OFF)
			more[m >= 2 ? m - 2 : 0] = 0; /* no points without the sequence: drop the last ", " */
		else if (!a[k].cost)
			snprintf(more + m, sizeof more - m, "no points");
		else
			snprintf(more + m, sizeof more - m, "%d point%s%s", a[k].cost, a[k].cost == 1 ? "" : "s",
				 a[k].ace ? " (one an Ace: --ace)" : "");
		printf("  %-22s %-16s %-18s %s\n", o->u[a[k].unit].id, cact_kind_name[a[k].kind], tgt, more);
		shown++;
	}
	if (!shown)
		printf("  none\n");
	if (all > n)
		printf("  and %d more (name a unit: --unit ID)\n", all - n);
	free(a);
	return 0;
}

/* units, actions, log, phase (without --off): what the game shows, changing nothing. */
static int view_cmd(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct cros_oob *o,
		    const struct cros_game *g, const char *sidename, json_t *log)
{
	int side = -1;
	if (!strcmp(q->what, "phase")) {
		char buf[2048];
		cseq_status(o, g, buf, sizeof buf);
		fputs(buf, stdout);
		return 0;
	}
	if (!strcmp(q->what, "actions"))
		return print_actions(t, tb, q, o, g, sidename);
	if (!strcmp(q->what, "units")) {
		if (sidename) {
			side = cplay_side_named(o, sidename);
			if (side < 0)
				return cli_fail(stderr, "no side \"%s\" (%s or %s)", sidename, o->side[0], o->side[1]);
		}
		print_units(t, o, g, side);
		return 0;
	}
	size_t n, k;
	json_t *x, *y;
	printf("%s, the referee's log\n", o->title);
	json_array_foreach(log, n, x) {
		printf("\nturn %d: %s\n", (int)json_integer_value(json_object_get(x, "turn")),
		       json_string_value(json_object_get(x, "what")) ? json_string_value(json_object_get(x, "what")) : "");
		json_array_foreach(json_object_get(x, "rulings"), k, y)
			printf("  %-22s %s\n", json_string_value(json_object_get(y, "rule")),
			       json_string_value(json_object_get(y, "text")));
		json_array_foreach(json_object_get(x, "changes"), k, y)
			printf("  => %-19s %s\n", json_string_value(json_object_get(y, "rule")),
			       json_string_value(json_object_get(y, "text")));
	}
	return 0;
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
	struct ref_req *q = NULL;
	struct ref_out *out = NULL;
	struct ctab *t = NULL;
	struct cros_oob *oob = NULL;
	struct cros_game *game = NULL;
	const char *sheet = NULL, *gamepath = NULL, *oobname = NULL, *sidename = NULL, *tablename = NULL;
	struct jdoc gdoc = {0};  /* the game file (not for new), read once: its sheet, then the game */
	struct ctbl *tb = NULL;
	struct cplay_opts tx = {.facing = -1};
	char svg[256] = ""; /* table --svg FILE */
	int rc = 2;
	bool force = false, roll = false, has_seed = false;
	uint64_t seed = 0;
	json_t *log = NULL;
	char what[512] = "";

	if (argc >= 2 && !strcmp(argv[1], "siege"))
		return cmd_referee_siege(argc, argv);
	if (argc >= 2 && !strcmp(argv[1], "ulm"))
		return cmd_referee_ulm(argc, argv);
	if (cli_help(argc, argv, ref_usage))
		return 0;
	if (argc < 3 || strcmp(argv[1], "cotlb")) {
		if (argc >= 2 && strcmp(argv[1], "cotlb"))
			fputs("crimea referee: the referee's sheets are cotlb, siege and ulm (crimea referee siege --help, "
			      "crimea referee ulm --help)\n", stderr);
		fputs(ref_usage, stderr);
		return 2;
	}
	q = malloc(sizeof *q);
	out = malloc(sizeof *out);
	t = malloc(sizeof *t);
	if (!q || !out || !t) {
		rc = 1;
		goto out_free;
	}
	ref_req_init(q);
	copy(q->what, sizeof q->what, argv[2]);
	for (int i = 3; i < argc; i++) {
		const char *a = argv[i], *v = NULL;
		int side = !strncmp(a, "--attacker", 10) ? 0 : !strncmp(a, "--defender", 10) ? 1 : -1;
		const char *rest = side >= 0 ? a + 10 : "";
		struct ref_side *sd = side >= 0 ? &q->side[side] : NULL;
#define NEED(x)                                                                                                \
	do {                                                                                                   \
		if (!(v = val(argc, argv, &i))) {                                                              \
			rc = cli_fail(stderr, "%s needs a value", a);                                              \
			goto out_free;                                                                         \
		}                                                                                              \
		x;                                                                                             \
	} while (0)
#define NUM(dst, lo, hi)                                                                                       \
	NEED(if (!cli_int(v, lo, hi, &(dst))) {                                                                \
		rc = cli_fail(stderr, "%s wants a whole number from %d to %d", a, lo, hi);                                 \
		goto out_free;                                                                                 \
	})
#define STR(dst) NEED(copy(dst, sizeof dst, v))
#define DICE(dst)                                                                                              \
	NEED(if (!parse_dice(v, &(dst))) {                                                                     \
		rc = cli_fail(stderr, "%s wants dice such as 6,5,1", a);                                                   \
		goto out_free;                                                                                 \
	})
		if (!strcmp(a, "--sheet"))
			NEED(sheet = v);
		else if (!strcmp(a, "--game"))
			NEED(gamepath = v);
		else if (!strcmp(a, "--oob"))
			NEED(oobname = v);
		else if (!strcmp(a, "--side"))
			NEED(sidename = v);
		else if (!strcmp(a, "--firer"))
			STR(q->firer);
		else if (!strcmp(a, "--table"))
			NEED(tablename = v);
		else if (!strcmp(a, "--x") || !strcmp(a, "--y"))
			NEED(if (!parse_inches(v, a[2] == 'x' ? &tx.x : &tx.y)) {
				rc = cli_fail(stderr, "%s wants inches from 0 to %d, such as 41.5", a, PL_COORD_MAX / PL_PER_INCH);
				goto out_free;
			} else if (a[2] == 'x') tx.has_x = true; else tx.has_y = true);
		else if (!strcmp(a, "--facing"))
			NUM(tx.facing, 0, 359);
		else if (!strcmp(a, "--formation"))
			STR(tx.formation);
		else if (!strcmp(a, "--commander"))
			STR(tx.commander);
		else if (!strcmp(a, "--svg"))
			STR(svg);
		else if (!strcmp(a, "--toward"))
			STR(tx.toward);
		else if (!strcmp(a, "--from"))
			STR(tx.from);
		else if (!strcmp(a, "--points"))
			NUM(tx.points, 1, 99);
		else if (!strcmp(a, "--force"))
			force = true;
		else if (!strcmp(a, "--roll"))
			roll = true;
		else if (!strcmp(a, "--seed"))
			NEED(if (!parse_seed(v, &seed)) {
				rc = cli_fail(stderr, "--seed wants a whole number from 0 to 18446744073709551615");
				goto out_free;
			} else has_seed = true);
		else if (!strcmp(a, "--first"))
			STR(tx.first);
		else if (!strcmp(a, "--off"))
			tx.off = true;
		else if (!strcmp(a, "--declare"))
			tx.declare = true;
		else if (!strcmp(a, "--split"))
			tx.split = true;
		else if (!strcmp(a, "--contact"))
			tx.contact = true;
		else if (!strcmp(a, "--weapon"))
			STR(q->weapon);
		else if (!strcmp(a, "--target"))
			STR(q->target);
		else if (!strcmp(a, "--at"))
			STR(q->at);
		else if (!strcmp(a, "--stands"))
			NUM(q->stands, 1, CREF_DICE_MAX);
		else if (!strcmp(a, "--markers"))
			NUM(q->markers, 0, 12);
		else if (!strcmp(a, "--inches"))
			NUM(q->inches, 0, 1000);
		else if (!strcmp(a, "--hits"))
			NUM(q->hits, 0, CREF_HITS_MAX);
		else if (!strcmp(a, "--leader"))
			NUM(q->leader, 1, 6);
		else if (!strcmp(a, "--winner-die"))
			NUM(q->wdie, 1, 6);
		else if (!strcmp(a, "--spike-die"))
			NUM(q->spike_die, 1, 6);
		else if (!strcmp(a, "--ace"))
			tx.ace = true;
		else if (!strcmp(a, "--die"))
			NUM(q->die, 1, 6);
		else if (!strcmp(a, "--pivot"))
			q->pivot = true;
		else if (!strcmp(a, "--cover"))
			q->cover = true;
		else if (!strcmp(a, "--short"))
			q->shrt = true;
		else if (!strcmp(a, "--long"))
			q->lng = true;
		else if (!strcmp(a, "--unit"))
			STR(q->unit);
		else if (!strcmp(a, "--initiative"))
			STR(q->initiative);
		else if (!strcmp(a, "--standing-cavalry"))
			q->standing_cav = true;
		else if (!strcmp(a, "--row"))
			STR(q->row);
		else if (!strcmp(a, "--terrain"))
			STR(q->terrain);
		else if (!strcmp(a, "--column"))
			q->column = true;
		else if (!strcmp(a, "--road"))
			q->road = true;
		else if (!strcmp(a, "--one-die"))
			q->one_die = true;
		else if (!strcmp(a, "--interpenetration"))
			q->interpen = true;
		else if (!strcmp(a, "--dice"))
			DICE(q->dice);
		else if (!strcmp(a, "--command-phase"))
			q->command_phase = true;
		else if (!strcmp(a, "--routing"))
			q->routing = true;
		else if (!strcmp(a, "--a-won") || !strcmp(a, "--b-won"))
			q->won[a[2] == 'b'] = true;
		else if (!strcmp(a, "--a-combats") || !strcmp(a, "--b-combats"))
			NUM(q->cc[a[2] == 'b'], 0, 50);
		else if (!strcmp(a, "--a-withdrawn") || !strcmp(a, "--b-withdrawn"))
			NUM(q->out[a[2] == 'b'], 0, 50);
		else if (!strcmp(a, "--saves"))
			DICE(q->saves);
		else if (sd && !*rest)
			STR(sd->unit);
		else if (sd && !strcmp(rest, "-mod")) {
			if (sd->nmods == CTAB_MODS_MAX) {
				rc = cli_fail(stderr, "too many modifiers");
				goto out_free;
			}
			STR(sd->mods[sd->nmods]);
			sd->nmods++;
		} else if (sd && !strcmp(rest, "-leaders"))
			NUM(sd->leaders, 0, 4);
		else if (sd && !strcmp(rest, "-routing"))
			sd->routing = true;
		else if (sd && !strcmp(rest, "-rear"))
			sd->rear = true;
		else if (sd && !strcmp(rest, "-dice"))
			DICE(sd->dice);
		else if (sd && !strcmp(rest, "-saves"))
			DICE(sd->saves);
		else if (sd && !strcmp(rest, "-also")) {
			if (q->nalso[side] == REF_ALSO_MAX) {
				rc = cli_fail(stderr, "at most %d units %s", REF_ALSO_MAX,
					      side ? "join the defender" : "charge with the attacker");
				goto out_free;
			}
			STR(q->also[side][q->nalso[side]].unit);
			q->nalso[side]++;
		} else if (sd && (!strcmp(rest, "-leader-die") || (!side && !strcmp(rest, "-morale-die")))) {
			/* a die for each of the side's units, in order: its first unit's, then those with it
			 * (the attacker's charge morale check: each charging unit's [Close Combat (a)]) */
			struct ref_dice ld;
			bool leader = !strcmp(rest, "-leader-die");
			DICE(ld);
			if (ld.n > CREF_CC_UNITS) {
				rc = cli_fail(stderr, "%s wants a die for each of the %s's units, in order", a,
					      side ? "defender" : "attacker");
				goto out_free;
			}
			*(leader ? &sd->leader_die : &sd->morale_die) = ld.d[0];
			for (int k = 1; k < ld.n; k++)
				*(leader ? &q->also[side][k - 1].leader_die : &q->also[side][k - 1].morale_die) = ld.d[k];
		}
		else if (sd && !strcmp(rest, "-morale-die"))
			NUM(sd->morale_die, 1, 6);
		else {
			rc = cli_fail(stderr, "unknown option \"%s\" (crimea referee --help)", a);
			goto out_free;
		}
#undef DICE
#undef STR
#undef NUM
#undef NEED
	}
	if (tx.declare && strcmp(q->what, "melee")) {
		rc = cli_fail(stderr, "--declare is for melee");
		goto out_free;
	}
	if (tx.split && (strcmp(q->what, "fire") || !q->firer[0] || !gamepath || !q->stands)) {
		rc = cli_fail(stderr, "--split is for fire --game FILE --firer ID --at ID --stands N: N of the firer's stands fire "
			      "at this target, the others at another in the same action [Fire (f)]");
		goto out_free;
	}
	if ((tx.off && strcmp(q->what, "phase")) || (tx.first[0] && strcmp(q->what, "next"))) {
		rc = cli_fail(stderr, "%s is for %s", tx.off ? "--off" : "--first", tx.off ? "phase" : "next");
		goto out_free;
	}
	/* a game is ruled on the sheet it was started on [the game file's "sheet"] */
	if (gamepath && strcmp(q->what, "new")) {
		struct err ge;
		if (jdoc_load(&gdoc, gamepath, &ge) != 0) {
			cli_print_err(&ge);
			rc = 1;
			goto out_free;
		}
		const char *was = json_string_value(json_object_get(gdoc.root, "sheet"));
		if (sheet && !same_sheet(argv[0], sheet, was ? was : "")) {
			rc = cli_fail(stderr, "%s was started on the %s sheet: --sheet %s would rule it on another (a new game "
				      "starts on another sheet)", gamepath, was && was[0] ? was : "2014", sheet);
			goto out_free;
		}
		if (!sheet && was && was[0])
			sheet = was; /* lives as long as gdoc */
	}
	if (sheet && strlen(sheet) >= sizeof game->sheet) {
		rc = cli_fail(stderr, "--sheet: a path of at most %zu characters", sizeof game->sheet - 1);
		goto out_free;
	}
	if (load_sheet(argv[0], sheet, t) != 0) {
		rc = 1;
		goto out_free;
	}
	if (!strcmp(q->what, "sheet")) {
		rc = do_sheet(t);
		goto out_free;
	}
	if (!(oob = malloc(sizeof *oob)) || !(game = malloc(sizeof *game))) {
		rc = 1;
		goto out_free;
	}
	if (!strcmp(q->what, "new")) {
		struct stat st;
		if (!oobname || !gamepath) {
			rc = cli_fail(stderr, "new needs --oob ID (an order of battle: balaclava-2014) and --game FILE");
			goto out_free;
		}
		if (!force && stat(gamepath, &st) == 0) {
			rc = cli_fail(stderr, "%s exists: a new game would replace it (--force to do so)", gamepath);
			goto out_free;
		}
		if (load_oob(argv[0], oobname, t, oob) != 0) {
			rc = 1;
			goto out_free;
		}
		cros_new(oob, game);
		/* the dice the program rolls for the referee (--roll), one stream for the game */
		rng_init(&game->dice, has_seed ? seed : fresh_seed(), RNG_RULES);
		game->has_dice = true;
		if (sheet_kept_as(argv[0], sheet, game->sheet, sizeof game->sheet) != 0) {
			rc = cli_fail(stderr, "--sheet: a path of at most %zu characters", sizeof game->sheet - 1);
			goto out_free;
		}
		{
			char deftable[CTBL_ID_MAX + 8];
			snprintf(deftable, sizeof deftable, "%s-table", oob->id);
			if (!tablename && rtab_exists(argv[0], deftable))
				tablename = deftable;
			if (tablename && strcmp(tablename, "none")) {
				if (!(tb = malloc(sizeof *tb)) || rtab_load(argv[0], tablename, t, oob, tb) != 0) {
					rc = 1;
					goto out_free;
				}
				ctbl_deploy(tb, oob, game);
				snprintf(game->table, sizeof game->table, "%s", tablename); /* as given: an id or a path */
			}
		}
		if (ref_save_game(gamepath, oob, game, NULL) != 0) {
			rc = 1;
			goto out_free;
		}
		printf("%s: a new game of %s (%d units)%s%s%s%s\n", gamepath, oob->title, oob->n, tb ? ", on the table " : "",
		       tb ? game->table : "", game->sheet[0] ? ", ruled on the sheet " : "", game->sheet);
		rc = 0;
		goto out_free;
	}
	if (gamepath) {
		if (read_game(argv[0], &gdoc, t, oob, game, &log) != 0) {
			rc = 1;
			goto out_free;
		}
		/* the command's words, for the log: what the referee asked */
		for (int i = 2; i < argc; i++) {
			size_t at = strlen(what);
			if (!strcmp(argv[i], "--game") && i + 1 < argc) {
				i++;
				continue;
			}
			snprintf(what + at, sizeof what - at, "%s%s", at ? " " : "", argv[i]);
		}
		q->oob = oob;
		q->game = game;
		if (game->table[0] && (!(tb = malloc(sizeof *tb)) || rtab_load(argv[0], game->table, t, oob, tb) != 0)) {
			rc = 1;
			goto out_free;
		}
	}
	if (!strcmp(q->what, "shell")) {
		struct rshell_spec spec;
		rshell_cotlb(oob, &spec);
		rc = gamepath ? rshell_run(argv[0], gamepath, &spec)
			      : cli_fail(stderr, "shell needs --game FILE (crimea referee cotlb new --oob ID --game FILE)");
		goto out_free;
	}
	if (!strcmp(q->what, "table") || !strcmp(q->what, "where")) {
		rc = tb ? rtab_view(t, tb, q, svg, oob, game, gamepath)
			: cli_fail(stderr, "%s needs --game FILE of a game on a table (new --oob ID --table ID --game FILE)",
				   q->what);
		goto out_free;
	}
	if (!strcmp(q->what, "units") || !strcmp(q->what, "actions") || !strcmp(q->what, "log") ||
	    (!strcmp(q->what, "phase") && !tx.off)) {
		rc = gamepath ? view_cmd(t, tb, q, oob, game, sidename, log)
			      : cli_fail(stderr, "%s needs --game FILE (crimea referee cotlb new --oob ID --game FILE starts one)",
					 q->what);
		goto out_free;
	}
	/* everything else: the command carried out (src/games/cotlb/cplay.c), then shown, and the
	 * game kept when it changed */
	{
		const struct cplay c = {.t = t, .tb = tb, .o = oob, .name = gamepath};
		struct cplay_res *res = malloc(sizeof *res);
		if (!res) {
			rc = 1;
			goto out_free;
		}
		cplay_res_init(res, false);
		if (has_seed && (!roll || (gamepath && game->has_dice))) {
			rc = cli_fail(stderr, "--seed starts a dice stream: new --seed S, or --roll without --game (or on a game "
				      "file from before --roll)%s", gamepath && game->has_dice ? "; this game has its own" : "");
			cplay_res_free(res);
			free(res);
			goto out_free;
		}
		if (roll) {
			/* the program rolls the dice the ruling asks for: a game's from its own stream (a
			 * game file from before --roll gets one now, kept at once so that asking again
			 * rolls the same dice), a ruling on the sheet alone from --seed or a fresh seed */
			struct rng one;
			if (gamepath && !game->has_dice) {
				rng_init(&game->dice, has_seed ? seed : fresh_seed(), RNG_RULES);
				game->has_dice = true;
				if (ref_save_game(gamepath, oob, game, log) != 0) {
					cplay_res_free(res);
					free(res);
					rc = 1;
					goto out_free;
				}
			}
			if (!gamepath)
				rng_init(&one, has_seed ? seed : fresh_seed(), RNG_RULES);
			rc = cplay_run_rolled(&c, gamepath ? game : NULL, q, &tx, out, res, gamepath ? &game->dice : &one);
		} else {
			rc = cplay_run(&c, gamepath ? game : NULL, q, &tx, out, res);
		}
		if (res->text.n)
			fwrite(res->text.s, 1, res->text.n, stdout);
		fflush(stdout);
		if (rc)
			fprintf(stderr, "%s: %s\n", res->opt ? "crimea referee" : "crimea", res->msg);
		else if (res->changed)
			rc = ref_record(gamepath, oob, game, log, what, res->ruled ? out : NULL, &res->changes);
		else if (gamepath && res->rolled) /* the stream moved on: kept, the ruling in the log */
			rc = ref_record(gamepath, oob, game, log, what, out, &res->changes);
		cplay_res_free(res);
		free(res);
	}
out_free:
	json_decref(log);
	jdoc_free(&gdoc);
	free(q);
	free(out);
	free(t);
	free(oob);
	free(game);
	free(tb);
	return rc;
}
