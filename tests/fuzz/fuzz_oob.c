/* fuzz_oob: the Charge of the Light Brigade order of battle loader (cros_oob_load, what
 * `crimea check` and `crimea referee cotlb new` read) on fuzzed JSON, on the real play sheet.
 * An order of battle that loads must make a game whose file reads back exactly what was
 * written, and the roster's changes must keep every unit's figures and markers in bounds; a
 * sequence of play run through its phases must pay what it allows and refuse what it does not
 * (cseq), and read back too. */
#include "fuzz_common.h"
#include "core/jdoc.h"
#include "games/cotlb/cact.h"
#include "games/cotlb/croster.h"
#include "games/cotlb/cseq.h"
#include "games/cotlb/ctable.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct ctab fz_sheet; /* loaded once; read only */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char path[FZ_PATH_MAX];
	struct errlist errs;
	(void)argc;
	(void)argv;
	snprintf(path, sizeof path, "%s/data/cotlb/sheet-2014.json", fz_root());
	errlist_init(&errs);
	if (ctab_load_file(&fz_sheet, path, &errs) != 0)
		fz_fail("the play sheet %s does not load", path);
	return 0;
}

/* [Fire (f)] a split fire in a free action or command point phase: the first of side A's units
 * that has not acted fires some of its stands (by step) at the first enemy, then the
 * rest at another enemy, if there is one: the opening paid once as its action, the rest unpaid,
 * never twice at one target, and closed when every stand has fired. */
static void split_fire(const struct cros_oob *o, struct cros_game *g, int step)
{
	int a = cseq_acting(g), u = -1, t1 = -1, t2 = -1, cost, cp;
	struct err e;
	if (g->seq.phase != CSEQ_FREE && g->seq.phase != CSEQ_COMMAND)
		return;
	for (int i = 0; i < o->n; i++) {
		if (o->u[i].side == a && !g->seq.acted[i] && u < 0)
			u = i;
		if (o->u[i].side != a && t1 >= 0 && t2 < 0)
			t2 = i;
		if (o->u[i].side != a && t1 < 0)
			t1 = i;
	}
	if (u < 0 || t1 < 0)
		return;
	const int of = ctab_stands(&fz_sheet, o->u[u].type, g->s[u].figures);
	if (of < 2)
		return; /* one stand: nothing to split */
	struct cseq_do d = {.unit = u, .act = CSEQ_FIRE, .target = t1, .arm = -1, .stands = 1 + step % (of - 1), .of = of,
			    .split = true};
	if (cseq_may(o, g, &d, &cost, &e) != 0)
		return; /* (no points left, a dead leader) */
	cp = g->s[u].cp;
	if (cseq_done(o, g, &d, NULL, &e) != 0)
		fz_fail("an allowed split fire was refused: %s", e.msg);
	if (cseq_split_left(g, u) != d.of - d.stands || !cseq_split_fired(g, u, t1))
		fz_fail("%s's split fire: %d stands left of %d after %d", o->u[u].id, cseq_split_left(g, u), d.of, d.stands);
	if (cseq_may(o, g, &d, &cost, &e) == 0)
		fz_fail("%s's split fire could fire at %s twice", o->u[u].id, o->u[t1].id);
	if (t2 < 0)
		return;
	cp = cp == CROS_CP_UNLIMITED ? cp : g->s[u].cp;
	d.target = t2;
	d.split = false;
	d.stands = cseq_split_left(g, u) + 1;
	if (cseq_may(o, g, &d, &cost, &e) == 0)
		fz_fail("%s's split fire fired more stands than it had left", o->u[u].id);
	d.stands--;
	if (cseq_may(o, g, &d, &cost, &e) != 0 || cost || cseq_done(o, g, &d, NULL, &e) != 0 || g->s[u].cp != cp ||
	    cseq_split_left(g, u))
		fz_fail("%s's split fire did not go on unpaid to its end: %s", o->u[u].id, e.msg);
}

/* [Side A Turn (d)], [Close Combat (b)] a close assault and its reinforcements: in a command point
 * phase side A's first unit that has not acted declares one on the first enemy; in the reaction
 * phase after it, the charged unit's friends that have not acted reinforce it, one in contact and
 * one as a double line, each a reaction kept in the game. */
static void assault_round(const struct cros_oob *o, struct cros_game *g)
{
	int a = cseq_acting(g), cost;
	struct err e;
	if (g->seq.phase == CSEQ_COMMAND) {
		int t = -1;
		for (int i = 0; i < o->n && t < 0; i++)
			if (o->u[i].side != a)
				t = i;
		for (int u = 0; u < o->n && t >= 0; u++) {
			struct cseq_do d = {.unit = u, .act = CSEQ_CHARGE, .target = t, .arm = -1};
			if (o->u[u].side != a || g->seq.acted[u] || cseq_may(o, g, &d, &cost, &e) != 0)
				continue;
			if (cseq_done(o, g, &d, NULL, &e) != 0)
				fz_fail("an allowed close assault was refused: %s", e.msg);
			break;
		}
		return;
	}
	if (g->seq.phase != CSEQ_REACTION)
		return;
	for (int k = 0; k < o->n; k++) {
		int dd = g->seq.assault[k] - 1, tried = 0;
		if (dd < 0 || !g->seq.paid[k])
			continue;
		for (int r = 0; r < o->n && tried < 2; r++) {
			const int fps = fz_sheet.unit[o->u[r].type].fps; /* the arm, as a game without a table reads it */
			struct cseq_do d = {.unit = r, .act = tried ? CSEQ_REINFORCE : CSEQ_JOIN, .target = dd,
					    .arm = fps == 1 ? CA_ARTILLERY : fps == 2 ? CA_CAVALRY : CA_INFANTRY};
			if (r == dd || o->u[r].side != o->u[dd].side || g->seq.acted[r] || g->s[r].routing)
				continue;
			tried++;
			if (cseq_may(o, g, &d, &cost, &e) != 0)
				continue; /* (reinforced already) */
			if (cost || cseq_done(o, g, &d, NULL, &e) != 0)
				fz_fail("%s's reinforcement of %s: cost %d, %s", o->u[r].id, o->u[dd].id, cost, e.msg);
			if (d.act == CSEQ_JOIN)
				cseq_join(o, g, r, dd, NULL);
			else
				cseq_reinforce(o, g, r, dd, NULL);
			if ((d.act == CSEQ_JOIN && g->seq.contact[r] != 1 + dd) ||
			    (d.act == CSEQ_REINFORCE && cseq_reinforced_by(g, dd) != r))
				fz_fail("%s's reinforcement of %s was not kept", o->u[r].id, o->u[dd].id);
			if (cseq_may(o, g, &d, &cost, &e) == 0)
				fz_fail("%s could reinforce twice in a phase", o->u[r].id);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct cros_oob o;
	static struct cros_game g, back;
	static struct errlist errs;
	struct jdoc d;
	struct err e;
	json_t *j;
	char *txt;
	int rc;

	if (jdoc_parse(&d, "oob.json", (const char *)data, size, &e) != 0)
		return 0;
	errlist_init(&errs);
	rc = cros_oob_load(&o, &fz_sheet, &d, &errs);
	jdoc_free(&d);
	if (rc != 0) {
		if (!errs.total)
			fz_fail("an order of battle refused without a reason");
		return 0;
	}
	if (errs.total)
		fz_fail("cros_oob_load returned 0 with %d errors", errs.total);
	cros_new(&o, &g);
	for (int i = 0; i < o.n; i++) {
		cros_mark(&fz_sheet, &o, &g, i, 1 + i % 3, "fuzz", NULL);
		cros_lose(&fz_sheet, &o, &g, i, i % 5, NULL);
		if (i % 4 == 0)
			cros_leader_killed(&fz_sheet, &o, &g, i, NULL);
		cros_spend(&o, &g, i, 1, NULL, &e);
		if (i % 2)
			cros_note_fire(&g, i, (i + 1) % o.n); /* what fire priority reads, kept in the file */
		if (i % 3 == 1)
			cros_note_charge(&g, i, (i + 2) % o.n);
		if (i % 4 == 1) /* a volley's result held [Side A Turn (b)], kept in the file */
			cros_hold(&fz_sheet, &o, &g, i, i % 3 <= o.u[i].figures ? i % 3 : 0, 1, i % 8 == 1, "fuzz", NULL);
		cros_rally(&fz_sheet, &o, &g, i, 1 + i % 6, NULL, &e);
		if (g.s[i].figures < 0 || g.s[i].figures > o.u[i].figures || g.s[i].markers < 0)
			fz_fail("unit %s: %d figures of %d, %d markers", o.u[i].id, g.s[i].figures, o.u[i].figures,
				g.s[i].markers);
	}
	cros_next_turn(&o, &g, NULL);
	/* the sequence of play: started, the initiative given to side 1, then phases with every
	 * third unit trying an action; an allowed action is recorded and paid, never below zero */
	if (cseq_next(&o, &g, -1, NULL, &e) != 0 || g.seq.phase != CSEQ_INITIATIVE)
		fz_fail("the sequence did not start at the initiative");
	if (cseq_next(&o, &g, -1, NULL, &e) == 0)
		fz_fail("the initiative phase ended before the initiative was rolled");
	g.init_winner = 1;
	g.init_turn = g.turn;
	for (int step = 0; step < 10; step++) {
		int r = cseq_next(&o, &g, step ? -1 : 0, NULL, &e);
		if (r < 0)
			fz_fail("phase %d did not end: %s", g.seq.phase, e.msg);
		if (r == 1) { /* the turn is over: the next one starts at its initiative */
			cros_next_turn(&o, &g, NULL);
			if (g.seq.phase != CSEQ_INITIATIVE)
				fz_fail("a new turn did not start at its initiative");
			break;
		}
		split_fire(&o, &g, step);
		assault_round(&o, &g);
		/* what the units may do (cact.c, no table): each action the sequence allows, by the side
		 * that acts (the close assault phase: the assaults declared), at the round's cost */
		{
			static struct cact a[CACT_LIST_MAX];
			int n = cact_list(NULL, &fz_sheet, NULL, &o, &g, -1, a, CACT_LIST_MAX);
			for (int k = 0; k < n && k < CACT_LIST_MAX; k++) {
				const struct cact *x = &a[k];
				if (x->unit < 0 || x->unit >= o.n || !g.s[x->unit].figures || x->target >= o.n)
					fz_fail("action %d: unit %d, target %d", k, x->unit, x->target);
				if (g.seq.phase == CSEQ_ASSAULT ? x->kind != CACT_RESOLVE && x->kind != CACT_CHARGE
								: o.u[x->unit].side != cseq_acting(&g))
					fz_fail("%s's %s out of its phase", o.u[x->unit].id, cact_kind_name[x->kind]);
				if (x->cost < 0 || x->cost > (g.seq.phase == CSEQ_COMMAND ? g.seq.round : 0))
					fz_fail("%s's %s costs %d in round %d", o.u[x->unit].id, cact_kind_name[x->kind], x->cost,
						g.seq.round);
			}
		}
		for (int i = step % 3; i < o.n; i += 3) {
			struct cseq_do sd = {.unit = i, .act = (i + step) % CSEQ_ACTS, .target = (i + 1) % o.n,
					     .arm = i % 4 - 1, .ace = false};
			int cost, cp = g.s[i].cp;
			if (cseq_may(&o, &g, &sd, &cost, &e) != 0)
				continue;
			if (g.seq.phase != CSEQ_OFF && g.seq.phase != CSEQ_ASSAULT && o.u[i].side != cseq_acting(&g))
				fz_fail("%s acted out of its side's phase", o.u[i].id);
			if (cseq_done(&o, &g, &sd, NULL, &e) != 0)
				fz_fail("an allowed action was refused: %s", e.msg);
			/* [Close Combat (b)] a reinforcement that passed its test, kept in the file */
			if (sd.act == CSEQ_REINFORCE)
				cseq_reinforce(&o, &g, i, sd.target, NULL);
			if (sd.act == CSEQ_JOIN)
				cseq_join(&o, &g, i, sd.target, NULL);
			if ((sd.act == CSEQ_REINFORCE && cseq_reinforced_by(&g, sd.target) != i) ||
			    (sd.act == CSEQ_JOIN && g.seq.contact[i] != 1 + sd.target))
				fz_fail("%s's reinforcement of %s was not kept", o.u[i].id, o.u[sd.target].id);
			if (cp != CROS_CP_UNLIMITED && g.s[i].cp != cp - cost)
				fz_fail("%s paid %d, not %d", o.u[i].id, cp - g.s[i].cp, cost);
			if (cseq_may(&o, &g, &sd, &cost, &e) == 0)
				fz_fail("%s could act twice in a phase", o.u[i].id);
		}
	}
	/* results are held only in a command point or reaction phase (the game file refuses them
	 * elsewhere): ended anywhere else, they take effect, as `next` and `phase --off` apply them */
	if (g.seq.phase != CSEQ_COMMAND && g.seq.phase != CSEQ_REACTION) {
		cros_release(&fz_sheet, &o, &g, NULL);
		if (g.nheld)
			fz_fail("%d results still held after their release", g.nheld);
	}
	j = cros_game_json(&o, &g);
	if (!j)
		fz_fail("a game of a loaded order of battle did not become JSON");
	txt = json_dumps(j, 0);
	json_decref(j);
	if (!txt)
		return 0;
	if (jdoc_parse(&d, "game.json", txt, strlen(txt), &e) != 0)
		fz_fail("the game file does not parse: %s", e.msg);
	errlist_init(&errs);
	if (cros_game_read(&o, &fz_sheet, &d, &back, &errs) != 0)
		fz_fail("the game file does not read back: %s", errs.n ? errs.e[0].msg : "?");
	jdoc_free(&d);
	free(txt);
	if (back.turn != g.turn || memcmp(back.s, g.s, sizeof g.s[0] * (size_t)o.n) ||
	    memcmp(&back.seq, &g.seq, sizeof g.seq) || back.nheld != g.nheld ||
	    memcmp(back.held, g.held, sizeof g.held[0] * (size_t)g.nheld))
		fz_fail("the game file read back differs from what was written");
	return 0;
}
