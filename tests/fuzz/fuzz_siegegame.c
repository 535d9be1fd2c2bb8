/* fuzz_siegegame: a Sevastopol game file (sros_game_read, what every `crimea referee siege
 * ... --game F` reads) on fuzzed JSON, against the real charts and order of battle. A file that
 * reads is played on: the input's last 16 bytes pick commands (next, move, bombard, dig,
 * fortify, attrition, assault...) with their arguments, and after each the game must hold its
 * invariants (every count within its bounds, every place a real one) and write a file that
 * reads back as the same game; a command refused leaves the game exactly as it was. */
#include "fuzz_common.h"

#include <string.h>

#include "core/jdoc.h"
#include "games/siege/sroster.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct stab fz_tables; /* loaded once; read only */
static struct sob fz_oob;     /* loaded once; read only */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char path[FZ_PATH_MAX];
	struct errlist errs;
	(void)argc;
	(void)argv;
	errlist_init(&errs);
	snprintf(path, sizeof path, "%s/data/siege/tables.json", fz_root());
	if (stab_load_file(&fz_tables, path, &errs) != 0)
		fz_fail("the charts %s do not load", path);
	snprintf(path, sizeof path, "%s/data/siege/sevastopol.json", fz_root());
	if (sob_load_file(&fz_oob, path, &errs) != 0)
		fz_fail("the order of battle %s does not load", path);
	return 0;
}

static void invariants(const struct sob *o, const struct sros_game *g)
{
	if (g->turn < 1 || g->turn > STAB_TURNS || g->seg < 0 || g->seg >= SS_SEGS)
		fz_fail("turn %d segment %d", g->turn, g->seg);
	for (int n = 0; n < SN_NATIONS; n++) {
		for (int k = 0; k < SROS_GUNS; k++)
			if (g->ammo[n][k] < 0)
				fz_fail("negative rounds");
		if (g->cp[n] < 0 || g->bonus[n] < 0 || g->replaced[n] < 0)
			fz_fail("negative points or replacements");
	}
	for (int b = 0; b < o->nb; b++)
		if (g->strength[b] < 0 || g->strength[b] > 8)
			fz_fail("bastion %s at %d", o->b[b].id, g->strength[b]);
	for (int i = 0; i < o->n; i++) {
		const struct sros_unit *s = &g->s[i];
		if (s->where < 0 || s->where >= SW_WHERES)
			fz_fail("unit %s nowhere", o->u[i].id);
		if ((s->where == SW_AREA || s->where == SW_OFF || s->where == SW_TRANSIT) && (s->box < 0 || s->box >= o->na))
			fz_fail("unit %s in no area", o->u[i].id);
		if (s->where == SW_SUPPLY && (s->box < 0 || s->box >= SN_NATIONS))
			fz_fail("unit %s in no box", o->u[i].id);
		if (s->where == SW_BASTION && (s->box < 0 || s->box >= o->nb))
			fz_fail("unit %s in no bastion", o->u[i].id);
	}
	for (int n = 0; n < 2; n++)
		if (g->cinc[n] < 0 || g->cinc[n] >= o->n || o->u[g->cinc[n]].kind != SK_COMMANDER)
			fz_fail("no %s commander-in-chief", stab_nation_name[n]);
	if (g->off_due < 0 || g->impulse < 0 || g->impulse > 5)
		fz_fail("off_due %d impulse %d", g->off_due, g->impulse);
}

/* The game written and read back must be the same game. */
static void round_trip(const struct sob *o, const struct sros_game *g)
{
	static struct sros_game back;
	struct errlist errs;
	struct jdoc d;
	struct err e;
	json_t *j = sros_game_json(o, g);
	char *txt = j ? json_dumps(j, 0) : NULL;
	json_decref(j);
	if (!txt)
		fz_fail("the game does not write");
	if (jdoc_parse(&d, "g.json", txt, strlen(txt), &e) != 0)
		fz_fail("the written game does not parse: %s", e.msg);
	errlist_init(&errs);
	if (sros_game_read(o, &d, &back, &errs) != 0)
		fz_fail("the written game does not read: %d: %s", errs.e[0].line, errs.e[0].msg);
	jdoc_free(&d);
	free(txt);
	for (int i = 0; i < o->n; i++) /* a box means nothing where it is not read */
		if (g->s[i].where != SW_AREA && g->s[i].where != SW_SUPPLY && g->s[i].where != SW_BASTION &&
		    g->s[i].where != SW_OFF && g->s[i].where != SW_TRANSIT && (back.s[i].box != g->s[i].box || back.s[i].back != g->s[i].back)) {
			back.s[i].box = g->s[i].box;
			back.s[i].back = g->s[i].back;
		}
	if (memcmp(&back, g, sizeof back) != 0)
		fz_fail("the game read back differs from the game written");
}

/* A refused command leaves the game as it was. */
#define CALL(expr)                                                                                             \
	do {                                                                                                   \
		memcpy(&before, &g, sizeof g);                                                                 \
		if ((expr) < 0 && memcmp(&before, &g, sizeof g) != 0)                                          \
			fz_fail("a refused command changed the game: %s", #expr);                              \
	} while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct sros_game g, before;
	static struct errlist errs;
	const struct sob *o = &fz_oob;
	const struct stab *t = &fz_tables;
	struct jdoc d;
	struct err e;
	struct event store[64];
	struct evsink ev;
	uint8_t k[16] = {0};
	int rc;

	if (jdoc_parse(&d, "game.json", (const char *)data, size, &e) != 0)
		return 0;
	errlist_init(&errs);
	rc = sros_game_read(o, &d, &g, &errs);
	jdoc_free(&d);
	if (rc != 0) {
		if (!errs.total)
			fz_fail("sros_game_read failed without saying why");
		return 0;
	}
	/* a file that reads may still be a game no play reaches (a unit in two minds); what
	 * matters is that play on it stays within bounds and writes what it reads */
	for (int i = 0; i < o->n; i++)
		if (g.s[i].where == SW_SUPPLY && g.s[i].box < 0)
			fz_fail("a box the reader let through");
	invariants(o, &g);
	round_trip(o, &g);
	memcpy(k, data + (size > 16 ? size - 16 : 0), size < 16 ? size : 16);
	evsink_init(&ev, store, 64);
	for (int step = 0; step + 2 < 16; step += 3) {
		int a = k[step + 1], b = k[step + 2], unit = (a * 7 + b) % o->n, die = 1 + b % 6;
		evsink_clear(&ev);
		switch (k[step] % 17) {
		case 0:
		case 1:
			CALL(sros_next(o, t, &g, &ev, &e));
			break;
		case 2: {
			static const int where[4] = {SW_MAP, SW_AREA, SW_SUPPLY, SW_BASTION};
			int w = where[a % 4], box = w == SW_AREA ? b % o->na : w == SW_SUPPLY ? b % SN_NATIONS : b % o->nb;
			CALL(sros_move(o, t, &g, unit, w, box, &ev, &e));
			break;
		}
		case 3: {
			struct sros_round r = {.unit = unit, .yards = 1 + a * 5,
					       .bastion = o->u[unit].nation == SN_RUSSIAN ? -1 : b % o->nb, .die = die,
					       .nlost = b % 3, .dump = {a % 3, -1}};
			for (int q = 0; q < r.nlost; q++)
				r.lost[q] = (unit + q * 11) % o->n;
			CALL(sros_bombard(o, t, &g, &r, &ev, &e));
			break;
		}
		case 4:
			CALL(sros_engineer(o, t, &g, a % SN_NATIONS, die, &ev, &e));
			break;
		case 5: {
			int units[2] = {unit, (unit + 1) % o->n};
			CALL(sros_dig(o, &g, a % 2, b % o->na, 2 + 2 * (a & 1), b & 1, a & 2, units, 1 + (b & 2) / 2, &ev, &e));
			break;
		}
		case 6:
			CALL(sros_fortify(o, &g, a % o->nb, 1 + b % 4, b & 1, &ev, &e));
			break;
		case 7: {
			int units[3] = {unit, (unit + 3) % o->n, (unit + 5) % o->n};
			CALL(sros_attrition(o, t, &g, a % SN_NATIONS, die, units, b % 4, &ev, &e));
			break;
		}
		case 8:
			CALL(sros_replace(o, &g, unit, b & 1 ? SW_AREA : SW_SUPPLY, b & 1 ? a % o->na : a % SN_NATIONS, &ev, &e));
			break;
		case 9:
			CALL(sros_intervene(o, t, &g, a % SB_BATTLES, die, &ev, &e));
			CALL(sros_take_off(o, &g, unit, &ev, &e));
			break;
		case 10: {
			const char *br[2] = {o->u[unit].brigade, o->u[(unit + b) % o->n].brigade};
			CALL(sros_assault(o, t, &g, br, 1 + (a & 1), &ev, &e));
			break;
		}
		case 11:
			CALL(sros_casualty(o, &g, unit, b & 1 ? 'E' : 'R', &ev, &e));
			break;
		case 12: {
			int gar[3] = {unit, (unit + 1) % o->n, (unit + 2) % o->n};
			CALL(sros_capture(o, &g, a % o->nb, gar, &ev, &e));
			break;
		}
		case 13: {
			struct sros_melee m = {.att = {unit, (unit + 7) % o->n}, .natt = 1 + (a & 1), .def = (a * 3 + b) % o->n,
					       .die = die, .adie = {1 + a % 6, 1 + (a / 6) % 6}, .ddie = (b / 6) % 7,
					       .in_bastion = b & 64};
			CALL(sros_melee(o, t, &g, &m, &ev, &e));
			break;
		}
		case 14: {
			struct sros_fire fi = {.gun = unit, .target = (unit + b) % o->n, .yards = 1 + a * 3, .terrain = b % 3,
					       .dice = {die, 1 + a % 6, 1 + b % 6}, .ndice = 1 + b % 3,
					       .mdice = {1 + (a / 3) % 6, 1 + (b / 3) % 6, die}, .nmdice = a % 4};
			CALL(sros_battery(o, t, &g, &fi, &ev, &e));
			break;
		}
		case 15:
			CALL(sros_link(o, &g, b % o->na, a & 1, &ev, &e));
			break;
		default:
			CALL(sros_commander(o, &g, a % 2, die, &ev, &e));
			CALL(sros_convert(o, &g, unit, &ev, &e));
			break;
		}
		invariants(o, &g);
		round_trip(o, &g);
		if (g.seg == SS_OVER)
			break;
	}
	return 0;
}
