/* cmd_referee: `crimea referee cotlb WHAT ...`, the Charge of the Light Brigade play sheet for a
 * referee at a table of miniatures: fire, saves, close combat, morale checks and movement, as
 * exact odds before anyone rolls and as a ruling (each line with its section) from the dice
 * rolled. The rulings are src/games/cotlb/cref.c's; this file reads options and prints. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/fsio.h"
#include "../games/cotlb/cact.h"
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
	"\n"
	"  A game's roster (the units' figures, markers, command points, leaders), kept in a file\n"
	"  that every complete ruling updates; UNIT may then be a unit's id, and fire --firer ID:\n"
	"  new --oob balaclava-2014 --game FILE [--force]   a new game of an order of battle\n"
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

/* The answer as text: headings, rulings under their section, distributions on one line
 * ("0:  1.6% 1: 32.8% ...", entries under 0.05% left out), results after "=>". */
static void print_out(const struct ref_out *o)
{
	for (int i = 0; i < o->nitems; i++) {
		const struct ref_item *it = &o->item[i];
		switch (it->kind) {
		case REF_HEAD:
			printf("%s\n", it->text);
			break;
		case REF_RULE:
			printf("  %-22s %s\n", it->rule, it->text);
			break;
		case REF_DIST: {
			const struct ref_dist *d = &o->dist[it->dist];
			printf("  %-26s", it->text);
			for (int k = 0; k <= d->n; k++)
				if (d->p[k] >= 0.0005)
					printf(" %d:%5.1f%%", k, 100 * d->p[k]);
			printf("   (mean %.2f)\n", d->mean);
			break;
		}
		default:
			printf("  => %s\n", it->text);
			break;
		}
	}
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

/* A complete ruling between two units of the game (fire --firer A --at B, melee --attacker A
 * --defender B): what the enemy's fire priority will look at [Fire (c)]. Whether it was one. */
static bool note_units(const struct ref_req *q, const struct ref_out *out, const struct cros_oob *o,
		       struct cros_game *g)
{
	int a, b;
	if (out->pending[0])
		return false;
	if (!strcmp(q->what, "fire") && q->dice.given && (a = cros_find(o, q->firer)) >= 0 && (b = cros_find(o, q->at)) >= 0) {
		cros_note_fire(g, a, b);
		return true;
	}
	if (!strcmp(q->what, "melee") && out->charge_failed < 0 && q->side[0].dice.given && q->side[1].dice.given &&
	    out->cc_n[0] > 0 && out->cc_unit[0][0] >= 0 && (b = cros_find(o, q->side[1].unit)) >= 0) {
		/* every attacking unit that fought (one that failed its charge morale check withdrew) */
		for (int u = 0; u < out->cc_n[0]; u++) {
			if ((a = out->cc_unit[0][u]) < 0)
				continue;
			cros_note_charge(g, a, b);
			if (out->cc_winner == out->cc_unit[0][0])
				cros_note_beat(g, a, b); /* [Close Combat (f)] it may advance onto b's position */
			else
				g->s[a].beat = -1; /* (a locked combat lost: no advance from the win before it) */
		}
		return true;
	}
	return false;
}

/* A close assault in a command point phase [Side A Turn (b), (d)]: bought (its points paid) and
 * declared now, with --declare, then resolved with its dice after the reaction phase. A melee
 * with dice in the phase is refused, and --declare in another phase. 0, or the exit status. */
static int declare(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct cros_oob *o,
		   struct cros_game *g, const char *path, json_t *log, const char *what, bool asked, bool ace,
		   const struct cseq_do *partner, int npartner)
{
	struct event store[16 * CREF_CC_UNITS];
	struct evsink ev;
	struct err e;
	struct cseq_do d[CREF_CC_UNITS] = {{.unit = cros_find(o, q->side[0].unit), .act = CSEQ_CHARGE,
					    .target = cros_find(o, q->side[1].unit), .arm = -1, .ace = ace}};
	int n = 1;
	if (g->seq.phase != CSEQ_COMMAND)
		return cli_fail(stderr, "--declare is for a close assault bought in a command point phase [Side A Turn (d)]; "
				"this is the %s", cseq_phase_name[g->seq.phase]);
	if (!asked) {
		fprintf(stderr, "crimea: [Side A Turn (d)] a close assault bought in a command point phase is resolved after "
			"the reaction phase: declare it now (melee --attacker ID --defender ID --declare), roll it then\n");
		return 1;
	}
	if (d[0].unit < 0 || d[0].target < 0 || npartner < q->nalso[0])
		return cli_fail(stderr, "--declare names the attacker%s and the defender by their ids in the game",
				q->nalso[0] ? "s" : "");
	for (int i = 0; i < npartner && n < CREF_CC_UNITS; i++)
		d[n++] = partner[i];
	evsink_init(&ev, store, 16 * CREF_CC_UNITS);
	bool near[CREF_CC_UNITS];
	for (int i = 0; i < n; i++) {
		int32_t gap = tb ? ctbl_gap(t, tb, o, g, d[i].unit, d[i].target) : 0;
		near[i] = gap >= 0 && gap <= CTBL_TWO_INCHES;
	}
	/* the units a second line may charge behind: those named, and those whose close assault on
	 * the same enemy was declared this round */
	int front[CREF_CC_UNITS + CROS_UNITS_MAX], nf = 0;
	for (int i = 0; i < n; i++)
		front[nf++] = d[i].unit;
	for (int x = 0; x < g->n; x++)
		if (g->seq.assault[x] == 1 + d[0].target)
			front[nf++] = x;
	for (int i = 0; i < n; i++) {
		/* the second line of a double line with a unit within 2" (Q&A 3) */
		const bool second = tb && !near[i] && ctbl_front_line(t, tb, o, g, d[i].unit, d[i].target, front, nf) >= 0;
		for (int j = 0; j < i; j++)
			if (d[j].unit == d[i].unit)
				return cli_fail(stderr, "%s is named twice", o->u[d[i].unit].id);
		/* [Close Combat (a)] the units charging with the attacker: infantry or cavalry, its friends */
		if (n > 1 && t->unit[o->u[d[i].unit].type].fps == 1)
			return cli_fail(stderr, "%s is a battery: infantry or cavalry charge [Close Combat (a)]", o->u[d[i].unit].id);
		if (i && o->u[d[i].unit].side != o->u[d[0].unit].side)
			return cli_fail(stderr, "%s is not on %s's side: it cannot charge with it", o->u[d[i].unit].id,
					o->u[d[0].unit].id);
		if (tb) {
			d[i].arm = tb->base[o->u[d[i].unit].type].arm;
			if (!near[i] && !second) {
				fprintf(stderr, "crimea: [Close Combat (a)] %s is not within 2\" of %s: a charge is declared only with "
					"some part of the unit within 2\" of the enemy%s\n", o->u[d[i].unit].id, o->u[d[i].target].id,
					n > 1 ? " (or as the second line of a double line with a unit that is)" : "");
				return 1;
			}
		}
		/* each charging unit's action, paid; a refusal leaves the game as it was (not saved) */
		if (cseq_done(o, g, &d[i], &ev, &e) != 0) {
			fprintf(stderr, "crimea: %s\n", e.msg);
			return 1;
		}
	}
	return ref_record(path, o, g, log, what, NULL, &ev);
}

/* A complete ruling's effects put into the game, which is saved: sd (may be NULL) the ruling as
 * a unit's action in the sequence of play, partner[npartner] the actions of the units charging
 * with it; hold: a volley's results held until the reaction phase ends. */
static int apply(const struct ctab *t, const struct ref_out *out, const struct cros_oob *o, struct cros_game *g,
		 const char *path, json_t *log, const char *what, const struct cseq_do *sd, const struct cseq_do *partner,
		 int npartner, bool hold)
{
	struct event store[64 + 16 * REF_ALSO_MAX];
	struct evsink ev;
	struct err e;
	if (out->pending[0]) {
		printf("game %s: unchanged until the ruling is complete (%s)\n", path, out->pending);
		return 0;
	}
	evsink_init(&ev, store, 64 + 16 * REF_ALSO_MAX);
	/* the ruling as the units' actions in the sequence of play: paid and counted first (a
	 * refusal leaves the file as it was: nothing is saved) */
	for (int i = -1; sd && i < npartner; i++)
		if (cseq_done(o, g, i < 0 ? sd : &partner[i], &ev, &e) != 0) {
			fprintf(stderr, "crimea: %s (the game is unchanged)\n", e.msg);
			return 1;
		}
	/* [Close Combat (f)]: attackers that won at twice the defender's total may fight on: each
	 * attacking unit that fought */
	for (int i = -1; sd && sd->act == CSEQ_CHARGE && i < npartner; i++) {
		const struct cseq_do *x = i < 0 ? sd : &partner[i];
		bool fought = false;
		for (int u = 0; u < out->cc_n[0]; u++)
			fought = fought || out->cc_unit[0][u] == x->unit;
		if (fought && out->cc_n[0] > 0 && out->cc_winner == out->cc_unit[0][0] && x->target >= 0 &&
		    cref_cc_twice(out->cc_total))
			cseq_lock(o, g, x->unit, x->target, &ev);
	}
	if (out->cc_winner >= 0) {
		int side = o->u[out->cc_winner].side;
		g->cc_won[side]++;
		ev_emit(&ev, "[Initiative (a)]", "%s wins the close combat: +1 to the %s initiative next turn", o->u[out->cc_winner].id,
			o->side[side]);
	}
	if (out->ace_side >= 0)
		cros_gain_ace(o, g, out->ace_side, &ev);
	if (out->init_winner >= 0) {
		g->init_winner = out->init_winner;
		g->init_turn = g->turn;
		ev_emit(&ev, "[Initiative (a)]", "the %s won the initiative on turn %d: +1 next turn", o->side[out->init_winner],
			g->turn);
	}
	for (int k = 0; k < out->neff; k++) {
		const struct ref_effect *x = &out->eff[k];
		/* [Side A Turn (b)]: command and reaction fire take effect together */
		(hold ? cros_hold : cros_take)(t, o, g, x->unit, x->figures, x->markers, x->leader_killed, x->why, &ev);
		if (x->ammo_out) {
			g->s[x->unit].ammo_out = true;
			ev_emit(&ev, "[Command Points]", "%s is out of ammunition", o->u[x->unit].id);
		}
	}
	return ref_record(path, o, g, log, what, out, &ev);
}

/* Unit i's arm (enum ctbl_arm): the table's, or without one its troop type's on the sheet: a
 * battery counts its figures one by one (1 a stand), cavalry 2 a stand, infantry 4 [The Game
 * Itself]. */
static int arm_of(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, int i)
{
	int fps = t->unit[o->u[i].type].fps;
	if (tb)
		return tb->base[o->u[i].type].arm;
	return fps == 1 ? CA_ARTILLERY : fps == 2 ? CA_CAVALRY : CA_INFANTRY;
}

/* Whether unit r, which reinforced unit d in the reaction phase [Close Combat (b)], can no longer
 * do so when the close assault is resolved: destroyed or routing (the held fire of the command
 * point phase took effect after it reacted), or for a double line (line) on a table no longer
 * infantry in line within 4" of d in line. */
static bool reinforcer_gone(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			    const struct cros_game *g, int r, int d, bool line)
{
	int32_t gap;
	if (!g->s[r].figures || g->s[r].routing)
		return true;
	if (!tb || !line)
		return false;
	gap = ctbl_gap(t, tb, o, g, r, d);
	return gap < 0 || gap > 4 * PL_PER_INCH || g->s[r].pos.form != CF_LINE || g->s[d].pos.form != CF_LINE;
}

/* Adds unit j to those fighting with the defender in q, with the double line's modifier when
 * line; says so. Refused (1, said) when the close combat has no room for it. */
static int add_reinforcement(const struct cros_oob *o, struct ref_req *q, int j, int d, bool line)
{
	struct ref_side *x = NULL;
	for (int k = 0; k < q->nalso[1] && !x; k++)
		if (!strcmp(q->also[1][k].unit, o->u[j].id))
			x = &q->also[1][k];
	if (!x && ref_req_also(q, 1, o->u[j].id) != 0) {
		fprintf(stderr, "crimea: [Close Combat (b)] %s reinforced %s, and the close combat holds %d units a side: name "
			"fewer with --defender-also\n", o->u[j].id, o->u[d].id, CREF_CC_UNITS);
		return 1;
	}
	if (!x)
		x = &q->also[1][q->nalso[1] - 1];
	if (line)
		ref_side_mod(x, "infantry-double-line");
	printf("  %-22s %s reinforced %s %s: it fights with it\n", "[Close Combat (b)]", o->u[j].id, o->u[d].id,
	       line ? "as a double line (Q&A 3: \"they are both involved\")" : "in contact with its attacker");
	return 0;
}

/* [Close Combat (b)] a close assault (a at d) resolved in the close assault phase: the units that
 * reinforced d in the reaction phase fight with it, in contact or as a double line (both lines then
 * take the double line's modifier: Q&A 3, "Yes, they are both involved. That is the point of
 * double line"), unless they have gone since; without a table no other unit may be named to
 * fight with d. 0, or the exit status (said). */
static int assault_reinforcements(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
				  const struct cros_game *g, int a, int d, struct ref_req *q)
{
	int r = cseq_reinforced_by(g, d);
	(void)a;
	for (int k = 0; !tb && k < q->nalso[1]; k++) {
		int x = cros_find(o, q->also[1][k].unit);
		if (x < 0 || (g->seq.contact[x] != 1 + d && x != r)) {
			fprintf(stderr, "crimea: [Close Combat (b)] without a table, %s fights with %s in a close assault only as a "
				"reinforcement of the reaction phase (reinforce --unit ID --defender %s [--contact])\n", q->also[1][k].unit,
				o->u[d].id, o->u[d].id);
			return 1;
		}
	}
	if (r >= 0 && reinforcer_gone(t, tb, o, g, r, d, true)) {
		printf("  %-22s %s no longer forms a double line with %s: it fights alone\n", "[Close Combat (b)]", o->u[r].id,
		       o->u[d].id);
	} else if (r >= 0) {
		ref_side_mod(&q->side[1], "infantry-double-line");
		if (add_reinforcement(o, q, r, d, true) != 0)
			return 1;
	}
	for (int j = 0; j < o->n; j++) {
		if (g->seq.contact[j] != 1 + d)
			continue;
		if (reinforcer_gone(t, tb, o, g, j, d, false))
			printf("  %-22s %s no longer reinforces %s\n", "[Close Combat (b)]", o->u[j].id, o->u[d].id);
		else if (add_reinforcement(o, q, j, d, false) != 0)
			return 1;
	}
	return 0;
}

/* reinforce --unit R --defender D [--contact] [--die N], a reaction to a close assault on D bought
 * with command points [Close Combat (b)]: "friendly infantry or cavalry, if able to directly
 * contact the attacking unit by moving no more than 4 inches and passing a morale roll may
 * reinforce the defending unit" (--contact: R then fights with D), "and a friendly infantry in
 * line formation within 4 inches of defending infantry unit in line formation may, by passing a
 * morale test, reinforce the attacked unit thus forming a double line". sd: the reaction, allowed
 * by the sequence (NULL without the die). On a table the arms, formations and the 4" are
 * measured. 0, or the exit status. */
static int reinforce(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct cros_oob *o,
		     struct cros_game *g, const char *path, json_t *log, const char *what, bool contact,
		     const struct cseq_do *sd)
{
	struct event store[16];
	struct evsink ev;
	struct cref_unit u;
	struct err e;
	int r = cros_find(o, q->unit), d = cros_find(o, q->side[1].unit), pass, a = -1;
	double p;
	if (r < 0 || d < 0)
		return cli_fail(stderr, "reinforce names the reinforcing unit (--unit ID) and the charged unit (--defender ID) "
			    "by their ids in the game");
	if (g->seq.phase == CSEQ_OFF)
		return cli_fail(stderr, "reinforce is a reaction of the sequence of play (next starts it); without it, give the "
			    "close combat --defender-mod infantry-double-line or --defender-also ID [Close Combat (b)]");
	for (int k = 0; k < g->n && a < 0; k++)
		if (g->seq.assault[k] == 1 + d)
			a = k; /* the attacker (cseq_may checks it used command points) */
	if (tb && contact) {
		int arm = tb->base[o->u[r].type].arm;
		int32_t gap = a >= 0 ? ctbl_gap(t, tb, o, g, r, a) : -1;
		if (arm != CA_INFANTRY && arm != CA_CAVALRY) {
			fprintf(stderr, "crimea: [Close Combat (b)] friendly infantry or cavalry reinforce a charged unit, not %s (%s)\n",
				o->u[r].id, ctbl_arm_name[arm]);
			return 1;
		}
		if (a >= 0 && gap < 0)
			return cli_fail(stderr, "%s or %s is not on the table", o->u[r].id, o->u[a].id);
		if (a >= 0 && gap > 4 * PL_PER_INCH) {
			fprintf(stderr, "crimea: [Close Combat (b)] %s is %.*f\" from %s: it reinforces by moving no more than 4 inches "
				"to contact the attacker\n", o->u[r].id, PL_IN(gap), o->u[a].id);
			return 1;
		}
	} else if (!tb && arm_of(t, tb, o, d) != CA_INFANTRY) {
		fprintf(stderr, "crimea: [Close Combat (b)] a double line reinforces a charged infantry line, not %s\n", o->u[d].id);
		return 1;
	} else if (tb) {
		int32_t gap = ctbl_gap(t, tb, o, g, r, d);
		const int unit_[2] = {r, d};
		for (int k = 0; k < 2; k++)
			if (tb->base[o->u[unit_[k]].type].arm != CA_INFANTRY || g->s[unit_[k]].pos.form != CF_LINE) {
				fprintf(stderr, "crimea: [Close Combat (b)] a double line is infantry in line formation reinforcing "
					"infantry in line formation: %s is %s in %s\n", o->u[unit_[k]].id,
					ctbl_arm_name[tb->base[o->u[unit_[k]].type].arm], cros_form_name[g->s[unit_[k]].pos.form]);
				return 1;
			}
		if (gap < 0)
			return cli_fail(stderr, "%s or %s is not on the table", o->u[r].id, o->u[d].id);
		if (gap > 4 * PL_PER_INCH) {
			fprintf(stderr, "crimea: [Close Combat (b)] %s is %.*f\" from %s: a double line is formed within 4 inches\n",
				o->u[r].id, PL_IN(gap), o->u[d].id);
			return 1;
		}
	}
	evsink_init(&ev, store, 16);
	cros_cref_unit(t, o, g, r, &u);
	pass = cref_morale(t, &u, false, q->die, &p, &ev);
	if (pass < 0) {
		printf("reinforce: %s passes its morale test %.1f%% of the time [Close Combat (b), MORALE (f)]; give --die\n",
		       o->u[r].id, 100 * p);
		return 0;
	}
	if (!sd)
		return cli_fail(stderr, "reinforce is a reaction in the reaction phase (the game is in its %s)",
			    cseq_phase_name[g->seq.phase]);
	if (cseq_done(o, g, sd, &ev, &e) != 0) {
		fprintf(stderr, "crimea: %s (the game is unchanged)\n", e.msg);
		return 1;
	}
	if (pass && contact)
		cseq_join(o, g, r, d, &ev);
	else if (pass)
		cseq_reinforce(o, g, r, d, &ev);
	else
		ev_emit(&ev, "[Close Combat (b)]", "%s fails its morale test: it does not reinforce %s", o->u[r].id, o->u[d].id);
	return ref_record(path, o, g, log, what, NULL, &ev);
}

/* units, spend, rally, turn: the roster itself. */
/* The sequence commands' options: next --first SIDE, phase --off. */
struct rseq_opts {
	char first[SIDE_NAME_MAX];
	bool off;
	bool declare; /* melee --declare: a close assault bought in a command point phase [Side A Turn (d)] */
	bool split;   /* fire --split: the firer's other stands fire at another target, the same action [Fire (f)] */
	bool contact; /* reinforce --contact: in contact with the attacker, not as a double line [Close Combat (b)] */
};

/* Whether a charge morale die of side k's units is given. */
static bool morale_rolled(const struct ref_req *q, int k)
{
	bool r = q->side[k].morale_die != 0;
	for (int i = 0; i < q->nalso[k]; i++)
		r = r || q->also[k][i].morale_die;
	return r;
}

/* The command as a unit's action in the sequence of play (cseq.h): true with d filled in; false
 * for a command that is no unit's action (a chart alone, a typed-in unit, a placement, an
 * arrival, a withdrawal or rout).
 * *complete: whether the command, as given, makes its ruling (dice given), so may change the
 * game; odds asked without dice are never refused. */
static bool seq_action(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct rtab_opts *x,
		       bool ace, const struct rseq_opts *so, const struct cros_oob *o, const struct cros_game *g,
		       struct cseq_do *d, bool *complete)
{
	int i = -1;
	d->target = -1;
	d->ace = ace;
	d->stands = d->of = 0;
	d->split = false;
	*complete = false;
	if (!strcmp(q->what, "fire") && q->firer[0]) {
		i = cros_find(o, q->firer);
		d->act = CSEQ_FIRE;
		d->target = q->at[0] ? cros_find(o, q->at) : -1;
		*complete = q->dice.given;
		if (i >= 0) { /* [Fire (f)] the volley's stands (0: not yet known, all that bear) */
			struct cref_unit u;
			cros_cref_unit(t, o, g, i, &u);
			d->of = ctab_stands(t, u.type, u.figures);
			d->stands = q->stands;
			d->split = so->split;
		}
	} else if (!strcmp(q->what, "melee") && q->side[0].unit[0]) {
		i = cros_find(o, q->side[0].unit);
		d->act = CSEQ_CHARGE;
		d->target = cros_find(o, q->side[1].unit);
		/* the close combat ruled, or its charge morale check rolled (a failure ends it) */
		*complete = (q->side[0].dice.given && q->side[1].dice.given) || morale_rolled(q, 0);
	} else if (!strcmp(q->what, "rally")) {
		i = cros_find(o, q->unit);
		d->act = CSEQ_RALLY;
		*complete = true;
	} else if (!strcmp(q->what, "reinforce")) {
		i = cros_find(o, q->unit);
		d->act = so->contact ? CSEQ_JOIN : CSEQ_REINFORCE;
		d->target = cros_find(o, q->side[1].unit);
		*complete = q->die != 0; /* the morale test rolled */
	} else if (tb && !strcmp(q->what, "move") && !q->row[0] && (i = cros_find(o, q->unit)) >= 0) {
		int form = x->formation[0] ? cros_form_of(x->formation) : g->s[i].pos.form;
		*complete = q->dice.given;
		if (x->toward[0]) {
			d->act = CSEQ_MOVE_AT;
			d->target = cros_find(o, x->toward);
		} else if ((x->has_x && x->x != g->s[i].pos.c.x) || (x->has_y && x->y != g->s[i].pos.c.y) || q->road) {
			d->act = CSEQ_MOVE;
		} else if (form >= 0 && form != g->s[i].pos.form) {
			d->act = form == CF_UNLIMBERED ? CSEQ_UNLIMBER : CSEQ_REFORM;
			*complete = true;
		} else if (x->facing >= 0 && x->facing != g->s[i].pos.facing) {
			d->act = CSEQ_TURN; /* a pivot of 30 degrees or less in place is a move of no inches [MOVE (b)] */
			*complete = true;
		} else {
			return false;
		}
	}
	if (i < 0)
		return false;
	d->unit = i;
	d->arm = arm_of(t, tb, o, i);
	return true;
}

/* melee --attacker-also: "Each charging unit" [Close Combat (a)] takes its own action, a charge
 * at the defender, as the first attacker's a0 does (no Ace: --ace pays for the first's). Into d,
 * the units of the game named; returns how many. */
static int partner_actions(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q,
			   const struct cros_oob *o, const struct cseq_do *a0, struct cseq_do *d)
{
	int n = 0;
	for (int i = 0; i < q->nalso[0]; i++) {
		int x = cros_find(o, q->also[0][i].unit);
		if (x < 0)
			continue;
		d[n] = *a0;
		d[n].unit = x;
		d[n].arm = arm_of(t, tb, o, x);
		d[n].ace = false;
		n++;
	}
	return n;
}

/* [Side A Turn (d)] a close assault (a at d) resolved in the close assault phase: the other units
 * whose close assaults on d were declared this round charge with a, "Total everything at once"
 * [Close Combat (c)]; each is added to q's attacking units when not named. 0, or 1 when the close
 * combat has no room for them (said). */
static int assault_partners(const struct cros_oob *o, const struct cros_game *g, int a, int d, struct ref_req *q)
{
	for (int x = 0; x < g->n; x++) {
		bool named = x == a;
		if (g->seq.assault[x] != 1 + d)
			continue;
		for (int k = 0; k < q->nalso[0] && !named; k++)
			named = !strcmp(q->also[0][k].unit, o->u[x].id);
		/* gone since it was declared (the reaction fire, held until then, took effect) */
		const char *gone = !g->s[x].figures			  ? "destroyed"
				   : g->s[x].routing			  ? "routing"
				   : g->table[0] && !g->s[x].pos.on ? "off the table"
								      : NULL;
		if (gone && named) {
			fprintf(stderr, "crimea: [Side A Turn (d)] %s is %s: it does not charge\n", o->u[x].id, gone);
			return 1;
		}
		if (gone) {
			printf("  %-22s %s's close assault on %s was declared this round too, but it is %s: it does not charge\n",
			       "[Side A Turn (d)]", o->u[x].id, o->u[d].id, gone);
			continue;
		}
		if (named)
			continue;
		if (ref_req_also(q, 0, o->u[x].id) != 0) {
			fprintf(stderr, "crimea: [Close Combat (b)] %s's close assault on %s was declared too, and a close combat holds "
				"%d units a side\n", o->u[x].id, o->u[d].id, CREF_CC_UNITS);
			return 1;
		}
		printf("  %-22s %s's close assault on %s was declared this round too: it charges with %s\n", "[Side A Turn (d)]",
		       o->u[x].id, o->u[d].id, o->u[a].id);
	}
	return 0;
}

/* A new turn: leaders replaced [Leaders (a)], and on a table the command radius [Leaders (b)];
 * a game keeping the sequence of play is then at the turn's initiative. */
static void new_turn(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, struct cros_game *g,
		     struct evsink *ev)
{
	cros_next_turn(o, g, ev);
	if (tb)
		rtab_turn(t, tb, o, g, ev);
}

static int side_named(const struct cros_oob *o, const char *name)
{
	for (int k = 0; k < 2; k++)
		if (!strcmp(name, o->side[k]))
			return k;
	return -1;
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
	if (sidename && (side = side_named(o, sidename)) < 0) {
		free(a);
		return cli_fail(stderr, "no side \"%s\" (%s or %s)", sidename, o->side[0], o->side[1]);
	}
	int all = cact_list(t, tb, o, g, unit, a, CACT_LIST_MAX);
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

/* units, spend, rally, turn, phase, next: the roster and the sequence of play. sd: rally as the
 * unit's action in the sequence (NULL: none kept). */
static int roster_cmd(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct cros_oob *o,
		      struct cros_game *g, const char *path, const char *sidename, int points, bool ace, json_t *log,
		      const char *what, const struct rseq_opts *so, const struct cseq_do *sd)
{
	struct event store[CROS_UNITS_MAX + 8];
	struct evsink ev;
	struct err e;
	int i = -1, side = -1;
	if (!path)
		return cli_fail(stderr, "%s needs --game FILE (crimea referee cotlb new --oob ID --game FILE starts one)", q->what);
	evsink_init(&ev, store, CROS_UNITS_MAX + 8);
	if (!strcmp(q->what, "phase") && !so->off) {
		char buf[2048];
		cseq_status(o, g, buf, sizeof buf);
		fputs(buf, stdout);
		return 0;
	}
	if (!strcmp(q->what, "actions"))
		return print_actions(t, tb, q, o, g, sidename);
	if (!strcmp(q->what, "units")) {
		if (sidename) {
			side = side_named(o, sidename);
			if (side < 0)
				return cli_fail(stderr, "no side \"%s\" (%s or %s)", sidename, o->side[0], o->side[1]);
		}
		print_units(t, o, g, side);
		return 0;
	}
	if (!strcmp(q->what, "log")) {
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
	if (!strcmp(q->what, "turn")) {
		new_turn(t, tb, o, g, &ev);
	} else if (!strcmp(q->what, "phase")) { /* --off */
		if (g->seq.phase == CSEQ_OFF)
			return cli_fail(stderr, "%s keeps no sequence of play", path);
		cros_release(t, o, g, &ev);
		cseq_stop(g, &ev);
	} else if (!strcmp(q->what, "next")) {
		int first = -1, r;
		if (so->first[0] && (first = side_named(o, so->first)) < 0)
			return cli_fail(stderr, "--first names a side, %s or %s, not \"%s\"", o->side[0], o->side[1], so->first);
		if (first >= 0 && g->seq.phase != CSEQ_INITIATIVE)
			return cli_fail(stderr, "--first is the initiative winner's choice, as the initiative phase ends");
		if (g->seq.phase == CSEQ_REACTION)
			cros_release(t, o, g, &ev); /* the reaction phase's end: held fire takes effect */
		if ((r = cseq_next(o, g, first, &ev, &e)) < 0) {
			cli_print_err(&e);
			return 1;
		}
		if (r == 1)
			new_turn(t, tb, o, g, &ev);
	} else {
		if (!q->unit[0] || (i = cros_find(o, q->unit)) < 0)
			return cli_fail(stderr, "%s needs --unit, one of the game's units (crimea referee cotlb units --game %s)", q->what,
				    path);
		if (!strcmp(q->what, "spend")) {
			if (!points && !ace)
				return cli_fail(stderr, "spend needs --points N (1 in the first command point phase, 2 in the second ...) "
					    "or --ace (one of the side's Aces for a command point; with --points N, one of the N)");
			/* an Ace pays one point; the rest, if any, from the unit's own */
			int own = ace && points ? points - 1 : points;
			if (own && cros_spend(o, g, i, own, &ev, &e) != 0) {
				cli_print_err(&e);
				return 1;
			}
			if (ace && cros_spend_ace(o, g, i, &ev, &e) != 0) {
				if (own && g->s[i].cp != CROS_CP_UNLIMITED)
					g->s[i].cp += own; /* refused whole: nothing is saved, but keep g as it was */
				cli_print_err(&e);
				return 1;
			}
		} else {
			int r = cros_rally(t, o, g, i, q->die, &ev, &e);
			if (r < 0 || (sd && cseq_done(o, g, sd, &ev, &e) != 0)) {
				cli_print_err(&e);
				return 1;
			}
		}
	}
	return ref_record(path, o, g, log, what, NULL, &ev);
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
	struct rtab_opts tx = {.facing = -1};
	struct rseq_opts so = {.off = false};
	struct cseq_do sdo, *act = NULL; /* the command as a unit's action in the game's sequence of play */
	struct cseq_do pdo[REF_ALSO_MAX]; /* melee: the actions of the units charging with the attacker */
	int npdo = 0;
	int rc = 2, points = 0;
	bool force = false, ace = false;
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
			STR(tx.svg);
		else if (!strcmp(a, "--toward"))
			STR(tx.toward);
		else if (!strcmp(a, "--from"))
			STR(tx.from);
		else if (!strcmp(a, "--points"))
			NUM(points, 1, 99);
		else if (!strcmp(a, "--force"))
			force = true;
		else if (!strcmp(a, "--first"))
			STR(so.first);
		else if (!strcmp(a, "--off"))
			so.off = true;
		else if (!strcmp(a, "--declare"))
			so.declare = true;
		else if (!strcmp(a, "--split"))
			so.split = true;
		else if (!strcmp(a, "--contact"))
			so.contact = true;
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
			ace = true;
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
	if (so.declare && strcmp(q->what, "melee")) {
		rc = cli_fail(stderr, "--declare is for melee");
		goto out_free;
	}
	if (so.split && (strcmp(q->what, "fire") || !q->firer[0] || !gamepath || !q->stands)) {
		rc = cli_fail(stderr, "--split is for fire --game FILE --firer ID --at ID --stands N: N of the firer's stands fire "
			      "at this target, the others at another in the same action [Fire (f)]");
		goto out_free;
	}
	if ((so.off && strcmp(q->what, "phase")) || (so.first[0] && strcmp(q->what, "next"))) {
		rc = cli_fail(stderr, "%s is for %s", so.off ? "--off" : "--first", so.off ? "phase" : "next");
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
	if (q->game && game->seq.phase != CSEQ_OFF) {
		bool complete;
		int cost;
		struct err se;
		/* what would go round the sequence: the points an action pays itself, a new turn that
		 * skips the phases left, a typed-in unit against one of the game's */
		if (!strcmp(q->what, "spend") || !strcmp(q->what, "turn")) {
			rc = cli_fail(stderr, "%s keeps the sequence of play: %s", gamepath,
				      !strcmp(q->what, "spend") ? "an action in a command point phase pays its points itself "
								  "(--ace: one of them with an Ace); phase --off stops keeping it"
								: "next ends the phases left and starts the next turn; phase --off stops keeping it");
			goto out_free;
		}
		if ((!strcmp(q->what, "save") || !strcmp(q->what, "leader")) && cros_find(oob, q->unit) >= 0) {
			rc = cli_fail(stderr, "%s keeps the sequence of play: a volley's saves and leader die come with it (fire "
				      "--firer ID --at ID --saves D,.. --leader D), a close combat's with melee; phase --off "
				      "gives %s back to the referee", gamepath, q->what);
			goto out_free;
		}
		if (!strcmp(q->what, "melee")) {
			int a = cros_find(oob, q->side[0].unit), d = cros_find(oob, q->side[1].unit);
			if (a >= 0 && d >= 0 && game->seq.phase == CSEQ_ASSAULT && game->seq.assault[a] == 1 + d &&
			    ((rc = assault_partners(oob, game, a, d, q)) != 0 ||
			     (rc = assault_reinforcements(t, tb, oob, game, a, d, q)) != 0))
				goto out_free;
			/* [Close Combat (f)] each attacking unit locked in combat with the defender */
			for (int u = 0; u <= q->nalso[0] && d >= 0; u++) {
				struct ref_side *rs = u ? &q->also[0][u - 1] : &q->side[0];
				int x = cros_find(oob, rs->unit);
				rs->locked = x >= 0 && game->seq.locked[x] == 1 + d;
			}
		}
		bool typed_also = false; /* a typed-in unit joining a game unit's side */
		for (int k = 0; k < 2; k++)
			for (int i = 0; i < q->nalso[k]; i++)
				typed_also = typed_also ||
					     (cros_find(oob, q->also[k][i].unit) < 0) != (cros_find(oob, q->side[k].unit) < 0);
		if ((!strcmp(q->what, "fire") && q->at[0] && cros_find(oob, q->at) >= 0 && !q->firer[0]) ||
		    (!strcmp(q->what, "melee") &&
		     ((cros_find(oob, q->side[0].unit) >= 0) != (cros_find(oob, q->side[1].unit) >= 0) || typed_also))) {
			rc = cli_fail(stderr, "%s keeps the sequence of play: %s is between units of the game (%s)", gamepath, q->what,
				      !strcmp(q->what, "fire") ? "--firer ID" : "--attacker ID --defender ID");
			goto out_free;
		}
		if (!strcmp(q->what, "initiative") && q->dice.given && game->seq.phase != CSEQ_INITIATIVE) {
			fprintf(stderr, "crimea: [Initiative (a)] turn %d's initiative is rolled at its start, and the game is past it "
				"(crimea referee cotlb phase --game %s)\n", game->turn, gamepath);
			rc = 1;
			goto out_free;
		}
		if (!strcmp(q->what, "melee") &&
		    (so.declare || (game->seq.phase == CSEQ_COMMAND && (q->side[0].dice.given || q->side[1].dice.given ||
									morale_rolled(q, 0) || q->side[1].morale_die)))) {
			struct cseq_do a0 = {.act = CSEQ_CHARGE, .target = cros_find(oob, q->side[1].unit), .arm = -1};
			npdo = partner_actions(t, tb, q, oob, &a0, pdo);
			rc = declare(t, tb, q, oob, game, gamepath, log, what, so.declare, ace, pdo, npdo);
			goto out_free;
		}
		if (seq_action(t, tb, q, &tx, ace, &so, oob, game, &sdo, &complete)) {
			if (complete && cseq_may(oob, game, &sdo, &cost, &se) != 0) {
				fprintf(stderr, "crimea: %s\n", se.msg); /* refused by the rules: 1 */
				rc = 1;
				goto out_free;
			}
			if (complete && ace && !cost) {
				rc = cli_fail(stderr, "--ace pays a command point, and this %s costs none", cseq_phase_name[game->seq.phase]);
				goto out_free;
			}
			if (complete)
				act = &sdo;
			/* [Close Combat (a)] each unit charging with the attacker: its own action */
			if (complete && sdo.act == CSEQ_CHARGE)
				npdo = partner_actions(t, tb, q, oob, &sdo, pdo);
			for (int i = 0; i < npdo; i++)
				if (cseq_may(oob, game, &pdo[i], &cost, &se) != 0) {
					fprintf(stderr, "crimea: %s\n", se.msg);
					rc = 1;
					goto out_free;
				}
		}
		/* [Command Points]: a battery's snake eyes in a command point phase, and the enemy
		 * units that may react to a move bought with points */
		if (game->seq.phase == CSEQ_COMMAND)
			q->command_phase = true;
	}
	if (!strcmp(q->what, "shell")) {
		struct rshell_spec spec;
		rshell_cotlb(oob, &spec);
		rc = gamepath ? rshell_run(argv[0], gamepath, &spec)
			      : cli_fail(stderr, "shell needs --game FILE (crimea referee cotlb new --oob ID --game FILE)");
		goto out_free;
	}
	/* move --row ... is the MOVE Chart alone; move on a game's table moves a unit */
	if (rtab_is_cmd(q->what) && !(!strcmp(q->what, "move") && (!gamepath || q->row[0]))) {
		if (!tb)
			rc = cli_fail(stderr, "%s needs --game FILE of a game on a table (new --oob ID --table ID --game FILE)",
				      q->what);
		else
			rc = rtab_cmd(t, tb, q, &tx, oob, game, gamepath, log, what, act);
		goto out_free;
	}
	if (tb && !strcmp(q->what, "fire") && q->firer[0] && q->at[0] && (rc = rtab_fire(t, tb, oob, game, q)) != 0)
		goto out_free;
	if (act && act->act == CSEQ_FIRE) {
		/* [Fire (f)] a split fire's next volley fires the stands left, or those given */
		if (!q->stands && cseq_split_left(game, act->unit))
			q->stands = cseq_split_left(game, act->unit);
		act->stands = q->stands ? q->stands : act->of;
	}
	if (tb && !strcmp(q->what, "melee") && (rc = rtab_melee(t, tb, oob, game, q)) != 0)
		goto out_free;
	if (!strcmp(q->what, "reinforce")) {
		rc = gamepath ? reinforce(t, tb, q, oob, game, gamepath, log, what, so.contact, act)
			      : cli_fail(stderr, "reinforce needs --game FILE, a game keeping the sequence of play");
		goto out_free;
	}
	if (!strcmp(q->what, "units") || !strcmp(q->what, "actions") || !strcmp(q->what, "spend") || !strcmp(q->what, "rally") ||
	    !strcmp(q->what, "turn") || !strcmp(q->what, "log") || !strcmp(q->what, "phase") || !strcmp(q->what, "next")) {
		rc = roster_cmd(t, tb, q, oob, game, gamepath, sidename, points, ace, log, what, &so, act);
		goto out_free;
	}
	if (gamepath && !strcmp(q->what, "initiative") && !q->won[0] && !q->won[1] && !q->cc[0] && !q->cc[1] &&
	    !q->out[0] && !q->out[1]) {
		/* [Initiative (a)]: the modifiers from what the game kept of last turn */
		cros_initiative(oob, game, q->won, q->cc, q->out);
		printf("from the game (turn %d): side A (%s) %s%d close combat%s won, %d unit%s fell back; side B (%s) %s%d, %d\n",
		       game->turn, oob->side[0], q->won[0] ? "won it last turn, " : "", q->cc[0], q->cc[0] == 1 ? "" : "s",
		       q->out[0], q->out[0] == 1 ? "" : "s", oob->side[1], q->won[1] ? "won it last turn, " : "", q->cc[1],
		       q->out[1]);
	}
	rc = ref_run(t, q, out);
	print_out(out);
	fflush(stdout);
	if (rc == 2)
		fprintf(stderr, "crimea referee: %s\n", out->error);
	else if (rc == 1)
		fprintf(stderr, "crimea: %s\n", out->error);
	else if (gamepath) {
		/* [MOVE (h)]: a volley fired (its dice given) is a standing action for cavalry */
		int fi = q->firer[0] && q->dice.given && !out->pending[0] ? cros_find(oob, q->firer) : -1;
		bool stood = fi >= 0 && game->s[fi].moving;
		if (stood)
			game->s[fi].moving = false;
		bool noted = note_units(q, out, oob, game);
		/* a charge whose morale checks passed and whose close combat is not ruled yet is no
		 * action yet */
		if (act && act->act == CSEQ_CHARGE && out->charge_failed < 0 &&
		    !(q->side[0].dice.given && q->side[1].dice.given)) {
			act = NULL;
			npdo = 0;
		}
		if (out->neff || stood || act || noted ||
		    (!out->pending[0] && (out->cc_winner >= 0 || out->init_winner >= 0 || out->ace_side >= 0)))
			rc = apply(t, out, oob, game, gamepath, log, what, act, pdo, npdo,
				   !strcmp(q->what, "fire") &&
					   (game->seq.phase == CSEQ_COMMAND || game->seq.phase == CSEQ_REACTION));
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
