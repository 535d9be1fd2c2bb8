/* Unit tests for the cases of the four battles' exclusive rules (Alma, Balaclava, Inkerman,
 * Tchernaya River) that no other test cites, each on the real scenario of data/quad/ with the
 * errata of 19 May 1978: actions listed, refused or applied with manual dice, the events'
 * cases, the score and the state after. Companion to test_battles.c (fixture: quadfix.h). */
#include "games/quad/qbattle.h"
#include "quadfix.h"

#define ALMA "data/quad/alma/scenario.json"
#define BALA "data/quad/balaclava/scenario.json"
#define INKH "data/quad/inkerman/historical.json"
#define INKO "data/quad/inkerman/option.json"
#define TCHE "data/quad/tchernaya/tchernaya.json"
#define TCHN "data/quad/tchernaya/tchernaya-nonhistorical.json"

static const struct q_scn *SCN(struct fx *f) { return q_scn(&f->g); }

static void hexname(struct fx *f, int idx, char *out)
{
	hex_format(map_hex(&SCN(f)->map, idx), out);
}

static struct result victory(struct fx *f)
{
	struct result r;
	memset(&r, 0, sizeof r);
	q_victory(&f->g, &r);
	return r;
}

static struct q_odds odds(struct fx *f, const char *text, bool melee)
{
	struct action a;
	struct q_odds o;
	if (f->g.rules->parse(&f->g, text, &a, &f->e) != 0)
		fail_msg("cannot parse \"%s\": %s", text, f->e.msg);
	int rc = melee ? q_melee_odds(&f->g, &a, &o, &f->e) : q_fire_odds(&f->g, &a, &o, &f->e);
	if (rc != 0)
		fail_msg("odds \"%s\": %s", text, f->e.msg);
	return o;
}

/* A hexside with no feature and no slope on either side. */
static bool plain_side(const struct map *m, int i, int d)
{
	return map_side_features(m, i, d) == 0 && !map_slope_into(m, i, d) && !map_slope_away(m, i, d);
}

static bool onmap(const struct map *m, int i)
{
	return i >= 0 && (m->flags[i] & HEXF_ONMAP);
}

/* "PREFIX HEX" (hex a map index) into buf. */
static const char *at(struct fx *f, char *buf, size_t n, const char *prefix, int idx)
{
	char hx[8];
	hexname(f, idx, hx);
	snprintf(buf, n, "%s %s", prefix, hx);
	return buf;
}

/* Places unit id in map index idx, as quadfix's place does with a hex number. */
static int put(struct fx *f, const char *id, int idx)
{
	int u = U(f, id);
	q_place(ST(f), u, idx);
	assert_true(ST(f)->u[u].idx == idx);
	ST(f)->u[u].fl = 0;
	ST(f)->u[u].layer = ++ST(f)->layer_next;
	return u;
}

/* Ends the Rally Phase of Game-Turn `turn` for the side that plays second, and returns the
 * phase the game is in after it (QP_OVER when the game has ended). */
static int after_last_rally(struct fx *f, int turn)
{
	int second = 1 - SCN(f)->first;
	set_turn(f, turn, second, QP_RALLY);
	ok(f, "end", 0);
	return ST(f)->phase;
}

/* ================================================================ Alma */

/* Alma [18.2] "No unit may enter any of the three hexes that comprise the Town of Bourliuk."
 * (1912, 2011, 2012: the map's closed town.) From a neighbour of each, neither side's infantry
 * is offered the step, and it is refused. */
static void test_alma_182_bourliuk(void **state)
{
	(void)state;
	static const char *const town[3] = {"1912", "2011", "2012"};
	static const char *const mover[2] = {"ru_mos_1w", "gb2_47"};
	struct fx *f = fx_new(ALMA, 0);
	const struct map *m = &SCN(f)->map;
	char t[64], pre[32];
	int tried = 0;
	for (int k = 0; k < 3; k++) {
		int b = IDX(f, town[k]);
		assert_int_equal(m->terrain[b], TER_CLOSED);
		for (int d = 0; d < 6; d++) {
			int n = map_nb(m, b, d);
			if (!onmap(m, n) || m->terrain[n] == TER_CLOSED)
				continue;
			for (int s = 0; s < 2; s++) {
				clear_all(f);
				put(f, mover[s], n);
				set_turn(f, 4, SCN(f)->u[U(f, mover[s])].side, QP_MOVE);
				snprintf(pre, sizeof pre, "move %s", mover[s]);
				at(f, t, sizeof t, pre, b);
				assert_false(listed(f, t));
				refused(f, t, 0, "[5.16]");
				assert_true(count_listed(f, pre) > 0); /* it may move elsewhere */
				tried++;
			}
		}
	}
	assert_true(tried >= 12);
	fx_free(f);
}

/* Alma [18.3] "Steep Slope hexes cost 2 Movement Points to enter, regardless of the hex from
 * which the moving unit is entering" (errata [5.25]: a hex with at least one Steep Slope
 * splash). Every clear Steep Slope hex entered across a hexside with no slope or feature costs
 * infantry 2 MP, against 1 for a clear hex without a splash; a Russian battalion's step into
 * one spends 2 of its 5. */
static void test_alma_183_steep_slope(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	const struct q_scn *s = SCN(f);
	const struct map *m = &s->map;
	const uint8_t *step = s->step[q_mclass(Q_INF, false)];
	int nsteep = 0, nflat = 0, from = -1, to = -1;
	for (int j = 0; j < m->n; j++) {
		if (!onmap(m, j) || m->terrain[j] != TER_CLEAR)
			continue;
		bool steep = false;
		for (int d = 0; d < 6; d++)
			steep = steep || map_slope_into(m, j, d) == SLOPE_STEEP;
		for (int d = 0; d < 6; d++) {
			int i = map_nb(m, j, d), back = (d + 3) % 6; /* i -> j is direction back */
			if (!onmap(m, i) || !plain_side(m, j, d) || map_nb(m, i, back) != j)
				continue;
			if (steep) {
				assert_int_equal(step[i * 6 + back], 4);
				nsteep++;
				if (from < 0 && m->terrain[i] == TER_CLEAR) {
					from = i;
					to = j;
				}
			} else {
				assert_int_equal(step[i * 6 + back], 2);
				nflat++;
			}
		}
	}
	assert_true(nsteep > 10 && nflat > 10 && from >= 0);
	char t[64];
	clear_all(f);
	put(f, "ru_mos_1w", from);
	set_turn(f, 4, side(f, "russian"), QP_MOVE);
	ok(f, at(f, t, sizeof t, "move ru_mos_1w", to), 0);
	assert_int_equal(UST(f, "ru_mos_1w")->mp, 4);
	need_event(f, "[5.0]", "(2 of 5 movement points spent)");
	fx_free(f);
}

/* Alma [16.13] "Parent Unit Designations have no effect on Melee." 44/3rd with 47/2nd (two
 * parents) and 44/3rd with 28/3rd (one), the same strengths and morale, attack MOS/1W from the
 * same hexes with the same die: the same row and result, the die unmodified ([16.1] would take
 * 2 from it in fire). */
static void test_alma_1613_melee_parents(void **state)
{
	(void)state;
	static const char *const second[2] = {"gb2_47", "gb3_28"};
	char result[2][256];
	int n1 = -1, n2 = -1;
	for (int k = 0; k < 2; k++) {
		struct fx *f = fx_new(ALMA, 0);
		const struct map *m = &SCN(f)->map;
		int tgt = IDX(f, "3010");
		if (n1 < 0)
			for (int d = 0; d < 6; d++) {
				int n = map_nb(m, tgt, d);
				if (!onmap(m, n) || !plain_side(m, tgt, d) || m->terrain[n] != TER_CLEAR)
					continue;
				if (n1 < 0)
					n1 = n;
				else if (n2 < 0)
					n2 = n;
			}
		assert_true(n1 >= 0 && n2 >= 0);
		clear_all(f);
		put(f, "ru_mos_1w", tgt);
		put(f, "gb3_44", n1);
		put(f, second[k], n2);
		assert_int_equal(SCN(f)->u[U(f, second[k])].melee[0], SCN(f)->u[U(f, "gb3_44")].melee[0]);
		assert_int_equal(SCN(f)->u[U(f, second[k])].morale[0], SCN(f)->u[U(f, "gb3_44")].morale[0]);
		set_turn(f, 4, side(f, "allied"), QP_MELEE);
		char t[64];
		snprintf(t, sizeof t, "melee gb3_44,%s > 3010", second[k]);
		ok(f, t, 3);
		result[k][0] = '\0';
		for (int i = 0; i < f->sink.n; i++)
			if (!strcmp(f->ev[i].rule, "[8.4]") && strstr(f->ev[i].text, "die "))
				snprintf(result[k], sizeof result[k], "%s", strstr(f->ev[i].text, "die "));
		need_sub(result[k], "die 3, row");
		fx_free(f);
	}
	assert_string_equal(result[0], result[1]);
}

/* Alma [19.31] "All Allied artillery units have a Movement Allowance of 3." [19.32] "All
 * Russian artillery units designated CB and FB have a Movement Allowance of 3." [19.33] "...
 * designated GR have a Movement Allowance of 2." [20.3] "All French infantry units have a
 * Movement Allowance of 4." A GR battery's move spends out of 2. */
static void test_alma_193_allowances(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	const struct q_scn *s = SCN(f);
	int ru = side(f, "russian"), nart[3] = {0, 0, 0}, nfr = 0;
	for (int u = 0; u < s->nunits; u++) {
		const struct q_udef *d = &s->u[u];
		if (d->type == Q_ART || d->type == Q_HART) {
			if (d->side != ru) {
				assert_int_equal(q_ma(&f->g, u), 3);
				nart[0]++;
			} else if (!strncmp(d->id, "ru_gr", 5)) {
				assert_int_equal(q_ma(&f->g, u), 2);
				nart[2]++;
			} else {
				assert_true(!strncmp(d->id, "ru_fb", 5) || !strncmp(d->id, "ru_cb", 5));
				assert_int_equal(q_ma(&f->g, u), 3);
				nart[1]++;
			}
		} else if (d->type == Q_INF && !strcmp(d->nation, "french")) {
			assert_int_equal(q_ma(&f->g, u), 4);
			nfr++;
		}
	}
	assert_true(nart[0] == 6 && nart[1] == 5 && nart[2] == 2 && nfr == 18);
	/* the GR batteries stand together in 2513: one moves one hex */
	const struct map *m = &s->map;
	int from = IDX(f, "2513"), to = -1;
	for (int d = 0; d < 6 && to < 0; d++) {
		int n = map_nb(m, from, d);
		if (onmap(m, n) && m->terrain[n] == TER_CLEAR && plain_side(m, from, d))
			to = n;
	}
	assert_true(to >= 0);
	char t[64];
	clear_all(f);
	put(f, "ru_gr1", from);
	set_turn(f, 4, ru, QP_MOVE);
	ok(f, at(f, t, sizeof t, "move ru_gr1", to), 0);
	need_event(f, "[5.0]", "(1 of 2 movement points spent)");
	fx_free(f);
}

/* Alma [22.2] "The reinforcements arrive on any Game-Turn the Allied Player wishes ...
 * Reinforcements enter one unit per hex through the following hexes: 2801, 2901, 3001, 2701,
 * and 3101. The reinforcements pay one Movement Point for entering the map and move normally on
 * the first and all subsequent turns of their arrival." On Game-Turn 7 each of the five is
 * offered exactly one entry, the five hexes between them; 21/4th enters paying 1 MP and may
 * move on. */
static void test_alma_222_reinforcements(void **state)
{
	(void)state;
	static const char *const ids[5] = {"gb4_21", "gb4_63", "gb4_45", "gb4_57", "gb4_20"};
	static const char *const hexes[5] = {"2801", "2901", "3001", "2701", "3101"};
	struct fx *f = fx_new(ALMA, 0);
	char t[64], pre[32];
	set_turn(f, 7, side(f, "allied"), QP_MOVE);
	for (int k = 0; k < 5; k++) {
		assert_int_equal(UST(f, ids[k])->idx, Q_OFF);
		snprintf(pre, sizeof pre, "enter %s ", ids[k]);
		assert_int_equal(count_listed(f, pre), 1);
		snprintf(t, sizeof t, "enter %s %s", ids[k], hexes[k]);
		assert_true(listed(f, t));
	}
	ok(f, "enter gb4_21 2801", 0);
	need_event(f, "[12.13]", "gb4_21 enters at 2801 paying 1 movement point");
	assert_int_equal(HEXOF(f, "gb4_21"), H("2801"));
	assert_int_equal(UST(f, "gb4_21")->mp, 2);
	assert_true(count_listed(f, "move gb4_21 ") > 0);
	fx_free(f);
}

/* Alma [22.2] "However when they do arrive they must all enter on the same Game-Turn": once
 * 21/4th has entered on Game-Turn 1 the phase may not end while the others could enter, and
 * none may enter on a later turn. */
static void test_alma_222_all_together(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	int al = side(f, "allied");
	set_turn(f, 1, al, QP_MOVE);
	ok(f, "enter gb4_21 2801", 0);
	refused(f, "end", 0, "[22.2]");
	assert_false(listed(f, "end"));
	ok(f, "enter gb4_63 2901", 0);
	ok(f, "enter gb4_45 3001", 0);
	ok(f, "enter gb4_57 2701", 0);
	refused(f, "end", 0, "[22.2] gb4_20 must enter this Game-Turn");
	ok(f, "enter gb4_20 3101", 0);
	ok(f, "end", 0);
	fx_free(f);
	/* one on Game-Turn 1, another on Game-Turn 3: refused */
	f = fx_new(ALMA, 0);
	set_turn(f, 1, al, QP_MOVE);
	ok(f, "enter gb4_21 2801", 0);
	set_turn(f, 3, al, QP_MOVE);
	refused(f, "enter gb4_63 2901", 0, "[22.2] the reinforcements must all enter on the same Game-Turn");
	assert_int_equal(count_listed(f, "enter gb4_63 "), 0);
	fx_free(f);
}

/* Alma [22.3] "The Allied Player is the First Player and goes first in every Game-Turn."
 * [22.4] "The game lasts twelve Game-Turns." */
static void test_alma_224_game_length(void **state)
{
	(void)state;
	struct fx *f = fx_new(ALMA, 0);
	int al = side(f, "allied");
	assert_int_equal(ST(f)->turn, 1);
	assert_int_equal(ST(f)->phasing, al);
	assert_int_equal(ST(f)->phase, QP_MOVE);
	assert_int_equal(after_last_rally(f, 5), QP_MOVE);
	assert_int_equal(ST(f)->turn, 6);
	assert_int_equal(ST(f)->phasing, al);
	assert_int_equal(after_last_rally(f, 11), QP_MOVE);
	assert_int_equal(ST(f)->turn, 12);
	assert_int_equal(after_last_rally(f, 12), QP_OVER);
	fx_free(f);
}

/* Alma [23.2] "subtracting the Russian Victory Point Total from the Allied Victory Point Total.
 * If the result is three or more, the Allied Player wins. If the result is equal to or less than
 * zero, the Russian Player wins. Any other result is a draw." On Game-Turn 1 the Russians have
 * no points; each Russian infantry unit eliminated is one Allied point ([23.11]). */
static void test_alma_232_judging(void **state)
{
	(void)state;
	static const char *const inf[3] = {"ru_bb_1w", "ru_bb_2w", "ru_mos_1w"};
	struct fx *f = fx_new(ALMA, 0);
	int al = side(f, "allied"), ru = side(f, "russian");
	struct result r = victory(f);
	assert_int_equal(r.vp[al], 0);
	assert_int_equal(r.vp[ru], 0);
	assert_int_equal(r.winner, ru);
	need_sub(r.level, "Russian victory");
	for (int k = 0; k < 3; k++) {
		q_place(ST(f), U(f, inf[k]), Q_ELIM);
		r = victory(f);
		assert_int_equal(r.vp[al] - r.vp[ru], k + 1);
		if (k + 1 < 3) {
			assert_int_equal(r.winner, -1);
			need_sub(r.level, "Draw");
		} else {
			assert_int_equal(r.winner, al);
			need_sub(r.level, "Allied victory");
		}
	}
	fx_free(f);
}

/* ================================================================ Balaclava */

/* Balaclava [16.41] "All Russian artillery units and the British Barker's artillery unit have
 * movement allowances of 3." [16.42] "All other artillery units (the Marine batteries and the
 * redoubt guns) are immobile; they have movement allowances of zero." */
static void test_bal_164_artillery_ma(void **state)
{
	(void)state;
	static const char *const three[8] = {"bty5lt", "bty7lt", "bty4pos", "bty6lt", "bty12h", "bty3don", "bty1pos16", "barker"};
	static const char *const zero[6] = {"marine1", "marine4", "gun4", "arabtabia", "gun2", "canrobt"};
	struct fx *f = fx_new(BALA, 0);
	int al = side(f, "allied");
	for (int k = 0; k < 8; k++)
		assert_int_equal(q_ma(&f->g, U(f, three[k])), 3);
	for (int k = 0; k < 6; k++)
		assert_int_equal(q_ma(&f->g, U(f, zero[k])), 0);
	set_turn(f, 3, al, QP_MOVE);
	assert_true(count_listed(f, "move barker ") > 0);
	for (int k = 0; k < 6; k++) {
		char pre[32];
		snprintf(pre, sizeof pre, "move %s ", zero[k]);
		assert_int_equal(count_listed(f, pre), 0);
	}
	refused(f, "move marine4 1721", 0, "[5.16], [5.19] [16.42] marine4 has a Movement Allowance of 0");
	fx_free(f);
}

/* Balaclava [17.1] Regular Reinforcements: "On Game-Turn Three (in hex 0108) French: 4 ChDAf/1
 * ...; On Game-Turn Four (in hex 0108) British: 42 BW/1 ...; On Game-Turn Five (in hex 0121)
 * British: 20/4 ...". Each is offered its hex from its Game-Turn, never before. */
static void test_bal_171_reinforcements(void **state)
{
	(void)state;
	static const struct {
		const char *id, *hex;
		int turn;
	} r[3] = {{"cda4_1", "0108", 3}, {"bw42", "0108", 4}, {"f20", "0121", 5}};
	struct fx *f = fx_new(BALA, 0);
	int al = side(f, "allied");
	char t[64], pre[32];
	for (int k = 0; k < 3; k++) {
		snprintf(pre, sizeof pre, "enter %s ", r[k].id);
		snprintf(t, sizeof t, "enter %s %s", r[k].id, r[k].hex);
		set_turn(f, r[k].turn - 1, al, QP_MOVE);
		assert_int_equal(count_listed(f, pre), 0);
		refused(f, t, 0, "is scheduled for Game-Turn");
		set_turn(f, r[k].turn, al, QP_MOVE);
		assert_true(listed(f, t));
	}
	ok(f, "enter f20 0121", 0);
	assert_int_equal(HEXOF(f, "f20"), H("0121"));
	fx_free(f);
}

/* Balaclava [17.22] "When Activated (between hexes 0101 and 0109, inclusive) French: 1 Zou/1/1
 * ...". A Russian battalion steps west of the 0400 column ([17.21] as corrected); in the next
 * Allied Movement Phase the Zouaves are offered entry through 0101-0109 and nowhere else. */
static void test_bal_1722_additional_entry(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	int ru = side(f, "russian"), al = side(f, "allied");
	char buf[ACTION_TEXT_MAX];
	place(f, "sous1", "0402");
	set_turn(f, 1, ru, QP_MOVE);
	ok(f, "move sous1 0302", 0);
	need_event(f, "[17.21]", "next Allied Movement Phase");
	ok(f, "end", 0);
	to_phase(f, QP_MOVE);
	assert_int_equal(ST(f)->phasing, al);
	int n = 0;
	list(f);
	for (int i = 0; i < f->nacts; i++) {
		act_text(f, i, buf, sizeof buf);
		if (strncmp(buf, "enter zou1_1 ", 13))
			continue;
		int h = H(buf + 13);
		assert_int_equal(hex_col(h), 1);
		assert_true(hex_row(h) >= 1 && hex_row(h) <= 9);
		n++;
	}
	assert_true(n >= 8);
	refused(f, "enter zou1_1 0110", 0, "[12.");
	ok(f, "enter zou1_1 0105", 0);
	assert_int_equal(HEXOF(f, "zou1_1"), H("0105"));
	fx_free(f);
}

/* Balaclava [22.13] "The Aqueduct has no effect on Fire Combat." Fire at Od/1 in the Aqueduct
 * hex 2506 is read on the same column as at Od/1 in a clear hex at the same range from the
 * same battalion. */
static void test_bal_2213_aqueduct_fire(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	const struct map *m = &SCN(f)->map;
	int aq = IDX(f, "2506"), fr = -1, open = -1;
	char t[64];
	assert_int_equal(m->terrain[aq], TER_AQUEDUCT);
	for (int d = 0; d < 6 && open < 0; d++) {
		int a = map_nb(m, aq, d);
		if (!onmap(m, a) || m->terrain[a] != TER_CLEAR || !plain_side(m, aq, d))
			continue;
		for (int e = 0; e < 6 && open < 0; e++) {
			int b = map_nb(m, a, e);
			if (b != aq && onmap(m, b) && m->terrain[b] == TER_CLEAR && plain_side(m, a, e)) {
				fr = a;
				open = b;
			}
		}
	}
	assert_true(open >= 0);
	clear_all(f);
	int u = put(f, "od1", aq);
	put(f, "suth93", fr);
	set_turn(f, 3, side(f, "allied"), QP_OFFFIRE);
	struct q_odds in = odds(f, at(f, t, sizeof t, "fire suth93 >", aq), false);
	q_place(ST(f), u, open);
	struct q_odds out = odds(f, at(f, t, sizeof t, "fire suth93 >", open), false);
	assert_int_equal(in.total_a, 5);
	assert_int_equal(in.total_a, out.total_a);
	assert_int_equal(in.column, out.column);
	fx_free(f);
}

/* Balaclava [16.1], [16.2] the set-up: 'Hexes designated "T" indicate that the unit is stacked
 * on top' (1312T 4 Militia, 1811T 3 Militia, 2012T 2 Militia, 2313T 1 Militia over the redoubt
 * guns; 1417T Barker's over the 93rd; 1920T 1 Marine over the Royal Marines). */
static void test_bal_161_setup_top(void **state)
{
	(void)state;
	static const struct {
		const char *top, *bottom, *hex;
	} t[6] = {{"mil4", "gun4", "1312"},     {"mil3", "arabtabia", "1811"}, {"mil2", "gun2", "2012"},
		  {"mil1", "canrobt", "2313"},  {"barker", "suth93", "1417"},  {"marine1", "rm", "1920"}};
	struct fx *f = fx_new(BALA, 0);
	for (int k = 0; k < 6; k++) {
		int stk[Q_STACK_MAX], idx = IDX(f, t[k].hex);
		assert_int_equal(q_stack(&f->g, idx, stk, Q_STACK_MAX), 2);
		assert_int_equal(stk[0], U(f, t[k].top));
		assert_int_equal(stk[1], U(f, t[k].bottom));
		assert_int_equal(q_top(&f->g, idx), U(f, t[k].top));
	}
	fx_free(f);
}

/* Balaclava [16.31] "The Russian Player is the First Player. His Player-Turn is first in every
 * Game-Turn." [16.32] "The game consists of twelve Game-Turns." */
static void test_bal_163_schedule(void **state)
{
	(void)state;
	struct fx *f = fx_new(BALA, 0);
	int ru = side(f, "russian");
	assert_int_equal(ST(f)->turn, 1);
	assert_int_equal(ST(f)->phasing, ru);
	assert_int_equal(after_last_rally(f, 6), QP_MOVE);
	assert_int_equal(ST(f)->turn, 7);
	assert_int_equal(ST(f)->phasing, ru);
	assert_int_equal(after_last_rally(f, 11), QP_MOVE);
	assert_int_equal(ST(f)->turn, 12);
	assert_int_equal(after_last_rally(f, 12), QP_OVER);
	fx_free(f);
}

/* ================================================================ Inkerman */

/* Inkerman [16.11]-[16.14] undisrupted allowances: Skirmisher 8, battalion 7, artillery 5,
 * cavalry 10 (the [16.2] table: disrupted 4, 4, 0, 5); [16.15] "All units have a Movement
 * Allowance of 1 less than their undisrupted or disrupted rate during a Night or Fog Game-Turn"
 * (the table: 7/3, 6/3, 4/0, 9/4). Option Scenario: Game-Turn 3 is Night, 9 Fog, 13 Clear. */
static void test_ink_161_allowances(void **state)
{
	(void)state;
	static const char *const ids[4] = {"b_a55", "b_cdsm", "b_2div_art1", "b_ltbde"};
	static const int clear[4][2] = {{8, 4}, {7, 4}, {5, 0}, {10, 5}};
	static const int dark[4][2] = {{7, 3}, {6, 3}, {4, 0}, {9, 4}};
	static const int turns[3] = {13, 3, 9};
	struct fx *f = fx_new(INKO, 0);
	for (int t = 0; t < 3; t++) {
		ST(f)->turn = (int16_t)turns[t];
		for (int k = 0; k < 4; k++) {
			int u = U(f, ids[k]);
			for (int dis = 0; dis < 2; dis++) {
				ST(f)->u[u].fl = (uint16_t)(dis ? QF_DISRUPTED : 0);
				assert_int_equal(q_ma(&f->g, u), t == 0 ? clear[k][dis] : dark[k][dis]);
			}
			ST(f)->u[u].fl = 0;
		}
	}
	/* a battalion's move spends out of 7 by day, 6 at night */
	clear_all(f);
	place(f, "r_tomsk1", "1020");
	set_turn(f, 13, side(f, "russian"), QP_MOVE);
	ok(f, "move r_tomsk1 1021", 0);
	need_event(f, "[5.0]", "of 7 movement points spent");
	place(f, "r_tomsk2", "1220");
	set_turn(f, 3, side(f, "russian"), QP_MOVE);
	ok(f, "move r_tomsk2 1221", 0);
	need_event(f, "[5.0]", "of 6 movement points spent");
	fx_free(f);
}

/* Inkerman [18.11] "Any Day Game-Turn not specified as Fog is considered Clear." [18.12]
 * "Game-Turns One through Six are Night Game-Turns. Game-Turns Seven through Eleven are Fog
 * Game-Turns." [18.51] Clear: sighting unlimited; [18.52] Night: 1 hex. Every Fog and Night
 * turn shifts fire one column left ([18.31]); a Clear one does not. */
static void test_ink_1812_night_fog(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKO, 0);
	char why[128];
	int tgt = U(f, "r_tomsk1");
	for (int t = 1; t <= 21; t++) {
		ST(f)->turn = (int16_t)t;
		assert_int_equal(q_ink_night(&f->g), t <= 6);
		assert_int_equal(q_ink_dark(&f->g), t <= 11);
		if (t <= 6)
			assert_int_equal(q_ink_sighting(&f->g), 1);
		if (t >= 12)
			assert_int_equal(q_ink_sighting(&f->g), 0);
		assert_int_equal(q_battle_fire_shift(&f->g, tgt, why, sizeof why), t <= 11 ? -1 : 0);
	}
	fx_free(f);
}

/* Inkerman [19.14] "Two French units may end a Phase stacked together in a hex only if one of
 * those units is the French artillery unit." Two French battalions may not share 2020; the
 * French battery may join one. */
static void test_ink_1914_french_stacking(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	clear_all(f);
	place(f, "f_2_algrns", "2020");
	assert_false(q_stack_ok(&f->g, U(f, "f_1_zouaves"), IDX(f, "2020")));
	assert_false(q_stack_ok(&f->g, U(f, "f_4chsr_afq"), IDX(f, "2020")));
	assert_true(q_stack_ok(&f->g, U(f, "f_pstn"), IDX(f, "2020")));
	place(f, "f_1_zouaves", "2021");
	place(f, "f_pstn", "1921");
	set_turn(f, 16, side(f, "allied"), QP_MOVE);
	assert_false(listed(f, "move f_1_zouaves 2020"));
	refused(f, "move f_1_zouaves 2020", 0, "[5.32]");
	ok(f, "move f_pstn 2020", 0);
	assert_int_equal(HEXOF(f, "f_pstn"), H("2020"));
	fx_free(f);
}

/* Inkerman [20.11] "A Skirmisher unit on the bottom of a stack may only fire or be fired upon
 * if the top unit is also a Skirmisher." Under the Coldstream Guards, a55/2 neither fires nor
 * is a target; under b55/2, a Skirmisher, it does both. */
static void test_ink_2011_bottom_skirmisher(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int al = side(f, "allied"), out[Q_STACK_MAX];
	clear_all(f);
	int sk = place(f, "b_a55", "0707");
	place(f, "b_cdsm", "0707");
	place(f, "r_tomsk1", "0706");
	set_turn(f, 15, al, QP_OFFFIRE);
	assert_int_equal(count_listed(f, "fire b_a55"), 0);
	refused(f, "fire b_a55 > 0706", 1, "[7.22]");
	assert_true(listed(f, "fire b_cdsm > 0706"));
	assert_int_equal(q_battle_targets(&f->g, IDX(f, "0707"), out), 1);
	assert_int_equal(out[0], U(f, "b_cdsm"));
	q_place(ST(f), U(f, "b_cdsm"), Q_ABSENT);
	place(f, "b_b55", "0707");
	assert_true(listed(f, "fire b_a55 > 0706"));
	assert_int_equal(q_battle_targets(&f->g, IDX(f, "0707"), out), 2);
	assert_true(out[0] == sk || out[1] == sk);
	fx_free(f);
}

/* Unit u, disrupted, alone at hex uh with nb alone at nbh, rolls die to rally in side's Rally
 * Phase of Game-Turn turn: whether it rallied. */
static bool rally_beside(struct fx *f, const char *u, const char *uh, const char *nb, const char *nbh, int turn,
			 int side_, int die)
{
	char cmd[64];
	clear_all(f);
	int k = place(f, u, uh);
	place(f, nb, nbh);
	ST(f)->u[k].fl |= QF_DISRUPTED;
	set_turn(f, turn, side_, QP_RALLY);
	snprintf(cmd, sizeof cmd, "rally %s", u);
	ok(f, cmd, die);
	return !q_disrupted(&f->g, k);
}

/* Inkerman [20.21] "Undisrupted Skirmishers do not raise Morale Ratings of stacked or adjacent
 * Friendly units 1 point in the Rally Phase." [20.22] "Undisrupted Skirmishers do lower
 * opposing adjacent units' Morale Ratings 1 point in the Rally Phase (exception: Night and Fog,
 * 18.4)." Rallies played with manual dice ([10.0]: die + modifiers <= morale). */
static void test_ink_2021_skirmisher_rally(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int al = side(f, "allied"), ru = side(f, "russian");
	/* the Coldstream Guards (morale 5), disrupted, with a friendly Skirmisher next to them: no
	 * help, a 6 fails; with a friendly battalion there instead, a 6 rallies */
	assert_false(rally_beside(f, "b_cdsm", "2020", "b_a55", "2021", 12, al, 6));
	assert_int_equal(q_morale(&f->g, U(f, "b_cdsm")), 5);
	assert_true(rally_beside(f, "b_cdsm", "2020", "b_gren", "2021", 12, al, 6));
	/* Tomsk/1 (morale 2), disrupted, next to an undisrupted British Skirmisher: by day a 2
	 * fails (+1, [10.0] and [20.22]); a 1 rallies, the skirmisher's +1 being [10.0]'s, not a
	 * second one (docs/RULES.md: [20.22] is [20.21]'s pair); in the fog the Skirmisher is
	 * ignored ([18.41]) and a 1 (+1 fog, [18.42]) rallies */
	assert_false(rally_beside(f, "r_tomsk1", "1010", "b_a55", "1011", 12, ru, 2));
	assert_int_equal(q_morale(&f->g, U(f, "r_tomsk1")), 2);
	need_event(f, "[10.0]", "r_tomsk1 fails to rally");
	need_event(f, "[10.0]", "skirmishers too [20.22]");
	assert_true(rally_beside(f, "r_tomsk1", "1010", "b_a55", "1011", 12, ru, 1));
	assert_true(rally_beside(f, "r_tomsk1", "1010", "b_a55", "1011", 10, ru, 1));
	fx_free(f);
}

/* Inkerman [21.21] "Pickets are immobile undisrupted British Skirmisher units. Note that
 * Pickets may never melee offensively." [21.25] "If a Picket is destroyed as a result of
 * Melee Combat, the Russian Player may execute an Advance After Combat into that hex as part of
 * that combat." Tomsk/1 attacks the picket in 1616 at 3-1 (die 5: defender disrupted, retreats
 * 1): the picket is eliminated ([21.23]) and Tomsk/1 advances into its hex. */
static void test_ink_2121_pickets(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int al = side(f, "allied"), ru = side(f, "russian");
	clear_all(f);
	int p = place(f, "b_picket_1616", "1616");
	place(f, "r_tomsk1", "1615");
	set_turn(f, 15, al, QP_MELEE);
	assert_int_equal(count_listed(f, "melee b_picket_1616"), 0);
	refused(f, "melee b_picket_1616 > 1615", 1, "[8.");
	set_turn(f, 15, al, QP_MOVE);
	assert_int_not_equal(q_can_move(&f->g, p, &f->e), 0);
	assert_int_equal(count_listed(f, "move b_picket_1616"), 0);
	/* the Russian attack */
	set_turn(f, 15, ru, QP_MOVE);
	assert_int_equal(count_listed(f, "move r_tomsk1 1616"), 0);
	set_turn(f, 15, ru, QP_MELEE);
	ok(f, "melee r_tomsk1 > 1616", 5);
	need_event(f, "[8.4]", "defender disrupted, retreats 1");
	assert_int_equal(ST(f)->u[p].idx, Q_ELIM);
	assert_true(listed(f, "advance r_tomsk1 1616"));
	ok(f, "advance r_tomsk1 1616", 0);
	assert_int_equal(HEXOF(f, "r_tomsk1"), H("1616"));
	fx_free(f);
	/* a retreat-only result (die 4) destroys the picket too ([21.23]), and [21.25] "the
	 * Russian Player may execute an Advance After Combat into that hex" as well */
	f = fx_new(INKH, 0);
	clear_all(f);
	p = place(f, "b_picket_1616", "1616");
	place(f, "r_tomsk1", "1615");
	set_turn(f, 15, ru, QP_MELEE);
	ok(f, "melee r_tomsk1 > 1616", 4);
	need_event(f, "[21.23]", "b_picket_1616 is eliminated");
	assert_int_equal(ST(f)->u[p].idx, Q_ELIM);
	assert_true(listed(f, "advance r_tomsk1 1616"));
	ok(f, "advance r_tomsk1 1616", 0);
	assert_int_equal(HEXOF(f, "r_tomsk1"), H("1616"));
	fx_free(f);
}

/* Inkerman [29.15] the Allied reinforcement schedule with the errata's entry hexes ("hexes 1826
 * and 2426 should be hexes 1825 and 2326"): a77/Lt and a88/Lt on Game-Turn Eight at 1825,
 * a19/Lt on Nine, the Fourth Division on Ten at 2326, the 181br and the two French battalions
 * on Eleven, the French group on Sixteen and the Chasseurs d'Afrique on Seventeen. */
static void test_ink_2915_reinforcements(void **state)
{
	(void)state;
	static const struct {
		const char *id, *hex;
		int turn;
	} r[8] = {{"b_a77lt", "1825", 8},  {"b_a19lt", "1825", 9},  {"b_20_4", "2326", 10},
		  {"b_181br", "2326", 11}, {"f_2_6line", "2326", 11}, {"b_a50_3", "1825", 12},
		  {"f_pstn", "2326", 16},  {"f_4chsr_afq", "2326", 17}};
	struct fx *f = fx_new(INKH, 0);
	int al = side(f, "allied");
	char t[64], pre[32];
	for (int k = 0; k < 8; k++) {
		snprintf(pre, sizeof pre, "enter %s ", r[k].id);
		snprintf(t, sizeof t, "enter %s %s", r[k].id, r[k].hex);
		if (r[k].turn > 8) {
			set_turn(f, r[k].turn - 1, al, QP_MOVE);
			assert_int_equal(count_listed(f, pre), 0);
		}
		set_turn(f, r[k].turn, al, QP_MOVE);
		assert_true(listed(f, t));
		assert_int_equal(count_listed(f, pre), 1);
	}
	set_turn(f, 8, al, QP_MOVE);
	ok(f, "enter b_a77lt 1825", 0);
	assert_int_equal(HEXOF(f, "b_a77lt"), H("1825"));
	fx_free(f);
}

/* Inkerman set-ups. [29.12] "All Russian units begin the game undisrupted"; [29.13] "The nine
 * units in hexes 2210, 2316, 2414, 2415, 2515, 2516, 2614, 2615, and 2624 begin the game in a
 * disrupted state. The remaining thirteen units start undisrupted"; [29.16] "The Scenario
 * begins on Game-Turn Eight and lasts through Game-Turn Twenty-one", "The Allied Player is the
 * First Player". Russian Option Scenario: [29.22] "All of Soimonov's units begin the game
 * undisrupted in Sevastopol ... None of General Paulov's units begin the Scenario on the map";
 * [29.23] as historical "except that the a30/2 infantry unit in hex 2210 and the artillery unit
 * in hex 2414 begin the Scenario undisrupted"; [29.24] "On Game-Turn Four (on 2901): Paulov's
 * units: All twenty-five"; [29.26] 1 "begins on Game-Turn One and lasts through Game-Turn
 * Twenty-one". */
static void test_ink_2913_setups(void **state)
{
	(void)state;
	static const int dis[9] = {2210, 2316, 2414, 2415, 2515, 2516, 2614, 2615, 2624};
	for (int sc = 0; sc < 2; sc++) {
		struct fx *f = fx_new(sc ? INKO : INKH, 0);
		const struct q_scn *s = SCN(f);
		int ru = side(f, "russian"), al = side(f, "allied"), nd = 0, nu = 0, npaulov = 0, nsoim = 0;
		for (int u = 0; u < s->nunits; u++) {
			int idx = ST(f)->u[u].idx;
			if (idx < 0)
				continue;
			if (s->u[u].side == ru) {
				assert_false(q_disrupted(&f->g, u));
				continue;
			}
			int h = map_hex(&s->map, idx);
			bool listed_hex = false;
			for (int k = 0; k < 9; k++)
				listed_hex = listed_hex || h == dis[k];
			if (sc && (h == 2210 || h == 2414))
				listed_hex = false; /* [29.23] */
			assert_int_equal(q_disrupted(&f->g, u) != 0, listed_hex);
			if (listed_hex)
				nd++;
			else if (!(s->u[u].tags & QT_PICKET))
				nu++;
		}
		assert_int_equal(nd, sc ? 7 : 9);
		assert_int_equal(nu, sc ? 15 : 13);
		assert_int_equal(ST(f)->turn, sc ? 1 : 8);
		assert_int_equal(ST(f)->phasing, al);
		if (sc) {
			for (int u = 0; u < s->nunits; u++) {
				if (q_has_tag(s, u, "soimonov") && !(s->u[u].tags & QT_BIG_GUN)) {
					assert_int_equal(s->zone[ST(f)->u[u].idx], 1); /* Sevastopol */
					nsoim++;
				}
				if (q_has_tag(s, u, "paulov")) {
					assert_int_equal(ST(f)->u[u].idx, Q_OFF);
					npaulov++;
				}
			}
			assert_int_equal(nsoim, 31);
			assert_int_equal(npaulov, 25);
			set_turn(f, 3, ru, QP_MOVE);
			assert_int_equal(count_listed(f, "enter r_yakutsk1 "), 0);
			set_turn(f, 4, ru, QP_MOVE);
			assert_true(listed(f, "enter r_yakutsk1 2901"));
		}
		assert_int_equal(after_last_rally(f, 20), QP_MOVE);
		assert_int_equal(ST(f)->turn, 21);
		assert_int_equal(after_last_rally(f, 21), QP_OVER);
		fx_free(f);
	}
}

/* Inkerman [16.42] "Once a unit is exited from the map, it may not return." [16.44] "Exited
 * units are not considered eliminated ... and are kept separate from eliminated units." Tomsk/1
 * exits at 2025: the Allies, who score one point for each Russian battalion eliminated
 * ([22.3]), gain nothing, as they do for Tomsk/2 eliminated; Tomsk/1 is never offered again. */
static void test_ink_1644_exited(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	int ru = side(f, "russian"), al = side(f, "allied");
	clear_all(f);
	place(f, "r_tomsk1", "2025");
	int before = victory(f).vp[al];
	set_turn(f, 12, ru, QP_MOVE);
	ok(f, "exit r_tomsk1", 0);
	assert_true(UST(f, "r_tomsk1")->idx < 0);
	assert_int_equal(victory(f).vp[al], before);
	q_place(ST(f), place(f, "r_tomsk2", "1010"), Q_ELIM);
	assert_int_equal(victory(f).vp[al], before + 1);
	set_turn(f, 13, ru, QP_MOVE);
	assert_int_equal(count_listed(f, "enter r_tomsk1"), 0);
	assert_int_equal(count_listed(f, "move r_tomsk1"), 0);
	assert_int_equal(count_listed(f, "exit r_tomsk1"), 0);
	fx_free(f);
}

/* Inkerman [19.41] "Stacked units may be retreated into separate hexes." [19.46] "Stacked units
 * are not required to Advance After Combat as a stack. A Player may advance the units into
 * different hexes or may advance either unit with the other remaining in its hex." Tomsk/1 and
 * Tomsk/2, stacked in 1010, drive the Skirmishers a55/2 and b55/2 out of 1011 (3-1, die 6:
 * defenders disrupted, retreat 2); each Skirmisher retreats on its own path to its own hex;
 * either Russian may advance, and Tomsk/2 does while Tomsk/1 stays (both advancing into 1011,
 * [19.45]: test_ink_1945_two_advance). */
static void test_ink_1946_stack_retreat_advance(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	clear_all(f);
	place(f, "b_b55", "1011");
	place(f, "b_a55", "1011");
	place(f, "r_tomsk1", "1010");
	place(f, "r_tomsk2", "1010");
	set_turn(f, 15, side(f, "russian"), QP_MELEE);
	ok(f, "melee r_tomsk1,r_tomsk2 > 1011", 6);
	need_event(f, "[8.4]", "die 6, row 8: defender disrupted, retreats 2");
	need_event(f, "[8.5]", "b_a55 must retreat 2 hexes");
	need_event(f, "[8.5]", "b_b55 must retreat 2 hexes");
	ok(f, "retreat b_b55 1112 1212", 0);
	assert_true(listed(f, "retreat b_a55 0912 0812"));
	ok(f, "retreat b_a55 0912 0812", 0);
	assert_int_equal(HEXOF(f, "b_b55"), H("1212"));
	assert_int_equal(HEXOF(f, "b_a55"), H("0812"));
	/* either may advance; one does, and [19.45] "up to two Friendly units ... into a hex
	 * vacated": the other may follow it (or stay) */
	assert_true(listed(f, "advance r_tomsk1 1011"));
	assert_true(listed(f, "advance r_tomsk2 1011"));
	ok(f, "advance r_tomsk2 1011", 0);
	assert_true(listed(f, "advance r_tomsk1 1011"));
	assert_true(listed(f, "end"));
	ok(f, "end", 0);
	assert_int_equal(ST(f)->npend, 0);
	assert_int_equal(HEXOF(f, "r_tomsk2"), H("1011"));
	assert_int_equal(HEXOF(f, "r_tomsk1"), H("1010"));
	fx_free(f);
}

/* Inkerman [19.45] "A Player may advance up to two Friendly units (which participated in the
 * melee attack) into a hex vacated as a result of Melee Combat": both Tomsk battalions advance
 * into 1011, the second after the first. */
static void test_ink_1945_two_advance(void **state)
{
	(void)state;
	struct fx *f = fx_new(INKH, 0);
	clear_all(f);
	place(f, "b_b55", "1011");
	place(f, "r_tomsk1", "1010");
	place(f, "r_tomsk2", "0911");
	set_turn(f, 15, side(f, "russian"), QP_MELEE);
	ok(f, "melee r_tomsk1,r_tomsk2 > 1011", 6);
	ok(f, "retreat b_b55 1112 1212", 0);
	ok(f, "advance r_tomsk1 1011", 0);
	assert_true(listed(f, "advance r_tomsk2 1011"));
	ok(f, "advance r_tomsk2 1011", 0);
	assert_int_equal(ST(f)->npend, 0); /* nobody left to advance: the decision ends */
	assert_int_equal(HEXOF(f, "r_tomsk1"), H("1011"));
	assert_int_equal(HEXOF(f, "r_tomsk2"), H("1011"));
	fx_free(f);
}

/* Inkerman [16.34] "The Mamelon is defined as the three hexes (0411, 0511, and 0512) in the
 * northwestern corner of the map encircled by Redoubt hexsides"; [16.31] "Only Russian units
 * may enter or exit Sevastopol or the Mamelon." Each of the three is closed to the Coldstream
 * Guards, open to a Russian battalion. */
static void test_ink_1634_mamelon(void **state)
{
	(void)state;
	static const char *const mam[3] = {"0411", "0511", "0512"};
	struct fx *f = fx_new(INKH, 0);
	for (int k = 0; k < 3; k++) {
		assert_true(q_battle_closed(&f->g, U(f, "b_cdsm"), IDX(f, mam[k])));
		assert_false(q_battle_closed(&f->g, U(f, "r_tomsk1"), IDX(f, mam[k])));
		assert_int_equal(SCN(f)->zone[IDX(f, mam[k])], 2);
	}
	/* their neighbours outside are open to both */
	const struct map *m = &SCN(f)->map;
	int open = 0;
	for (int k = 0; k < 3; k++)
		for (int d = 0; d < 6; d++) {
			int n = map_nb(m, IDX(f, mam[k]), d);
			if (!onmap(m, n) || SCN(f)->zone[n])
				continue;
			assert_false(q_battle_closed(&f->g, U(f, "b_cdsm"), n));
			open++;
		}
	assert_true(open > 0);
	fx_free(f);
}

/* ================================================================ Tchernaya River */

/* The first Aqueduct hex without a road (not a Bridge hex) from column 05 on, and a clear
 * neighbour of it across a plain hexside. */
static void tch_aqueduct(struct fx *f, int *aq, int *from)
{
	const struct map *m = &SCN(f)->map;
	*aq = *from = -1;
	for (int i = 0; i < m->n && *aq < 0; i++) {
		if (!onmap(m, i) || m->terrain[i] != TER_AQUEDUCT || hex_col(map_hex(m, i)) < 5 ||
		    (m->flags[i] & (HEXF_ROAD_MAJOR | HEXF_ROAD_MINOR | HEXF_TRACK)))
			continue;
		for (int d = 0; d < 6; d++) {
			int j = map_nb(m, i, d);
			if (onmap(m, j) && m->terrain[j] == TER_CLEAR && plain_side(m, i, d)) {
				*aq = i;
				*from = j;
				break;
			}
		}
	}
	assert_true(*aq >= 0 && *from >= 0);
}

/* Tchernaya [16.21] "It costs 3 Movement Points to enter an Aqueduct hex." [16.22] "Cavalry and
 * artillery units (horse artillery included) may never enter Aqueduct hexes" (but Bridge hexes,
 * which this one is not). */
static void test_tch_1621_aqueduct_entry(void **state)
{
	(void)state;
	static const char *const barred[3] = {"l_gdc_12", "3h_8_7", "26l_12"}; /* cav, art, hart */
	struct fx *f = fx_new(TCHE, 0);
	int aq, from, ru = side(f, "russian");
	char t[64];
	tch_aqueduct(f, &aq, &from);
	clear_all(f);
	put(f, "smol_7", from);
	set_turn(f, 6, ru, QP_MOVE);
	assert_true(listed(f, at(f, t, sizeof t, "move smol_7", aq)));
	ok(f, t, 0);
	assert_int_equal(UST(f, "smol_7")->idx, aq);
	assert_int_equal(UST(f, "smol_7")->mp, 6); /* 3 MP, in half points */
	need_event(f, "[5.0]", "(3 of 5 movement points spent)");
	for (int k = 0; k < 3; k++) {
		char pre[32];
		clear_all(f);
		put(f, barred[k], from);
		set_turn(f, 6, ru, QP_MOVE);
		snprintf(pre, sizeof pre, "move %s", barred[k]);
		at(f, t, sizeof t, pre, aq);
		assert_false(listed(f, t));
		refused(f, t, 0, "[5.16]");
	}
	fx_free(f);
}

/* Tchernaya [16.12] "Units defending in an Aqueduct hex defend with their printed Melee
 * strengths. Defending units are not affected by the Aqueduct." [16.13] "The Aqueduct has no
 * effect on Fire Combat." A French battalion meleeing Smol/7 (11 melee) in the Aqueduct meets
 * all 11 on the Clear line; its fire at Smol/7 there is read on the same column as at Smol/7 on
 * clear ground next to it. */
static void test_tch_1612_aqueduct_defence(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	const struct map *m = &SCN(f)->map;
	int aq, from, open = -1, al = side(f, "allied");
	char t[64];
	tch_aqueduct(f, &aq, &from);
	for (int d = 0; d < 6 && open < 0; d++) {
		int j = map_nb(m, from, d);
		if (j != aq && onmap(m, j) && m->terrain[j] == TER_CLEAR && plain_side(m, from, d))
			open = j;
	}
	assert_true(open >= 0);
	clear_all(f);
	int u = put(f, "smol_7", aq);
	put(f, "50l_2", from);
	set_turn(f, 6, al, QP_MELEE);
	struct q_odds o = odds(f, at(f, t, sizeof t, "melee 50l_2 >", aq), true);
	assert_int_equal(SCN(f)->u[u].melee[0], 11);
	assert_int_equal(o.total_d, 11); /* printed, not halved */
	assert_int_equal(o.terrain, QTM_CLEAR);
	set_turn(f, 6, al, QP_OFFFIRE);
	struct q_odds in = odds(f, at(f, t, sizeof t, "fire 50l_2 >", aq), false);
	q_place(ST(f), u, open);
	struct q_odds out = odds(f, at(f, t, sizeof t, "fire 50l_2 >", open), false);
	assert_int_equal(in.total_a, 6);
	assert_int_equal(in.total_a, out.total_a);
	assert_int_equal(in.column, out.column);
	fx_free(f);
}

/* Tchernaya [17.14] "When an Aqueduct hex is occupied by an engineer unit, that hex is
 * considered a Bridge hex"; [17.15] "Once an engineer unit is moved out of an Aqueduct hex,
 * that hex reverts to a normal Aqueduct hex." Smol/7 crosses into the engineer's hex for 1 MP;
 * once the engineer has moved out, the same step costs the Aqueduct's 3 MP again. */
static void test_tch_1715_engineer_leaves(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	int aq, from, ru = side(f, "russian");
	char t[64];
	tch_aqueduct(f, &aq, &from);
	clear_all(f);
	put(f, "1_2_12", aq);
	put(f, "smol_7", from);
	set_turn(f, 6, ru, QP_MOVE);
	ok(f, at(f, t, sizeof t, "move smol_7", aq), 0);
	assert_int_equal(UST(f, "smol_7")->idx, aq);
	assert_int_equal(UST(f, "smol_7")->mp, 2); /* 1 MP: a Bridge hex */
	fx_free(f);

	f = fx_new(TCHE, 0);
	clear_all(f);
	put(f, "1_2_12", aq);
	put(f, "smol_7", from);
	set_turn(f, 6, ru, QP_MOVE);
	ok(f, at(f, t, sizeof t, "move 1_2_12", from), 0); /* out of the Aqueduct hex */
	assert_int_equal(UST(f, "1_2_12")->idx, from);
	ok(f, at(f, t, sizeof t, "move smol_7", aq), 0);
	assert_int_equal(UST(f, "smol_7")->mp, 6); /* 3 MP: an Aqueduct hex again */
	need_event(f, "[5.0]", "smol_7 moves to");
	need_event(f, "[5.0]", "(3 of 5 movement points spent)");
	fx_free(f);
}

/* Tchernaya [17.12] "Engineers may never attack in either the Offensive Fire Phase or the
 * Melee Phase; they may only defend or engage in Defensive Fire." */
static void test_tch_1712_engineer_never_attacks(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	int aq, from, ru = side(f, "russian"), al = side(f, "allied");
	char t[64];
	tch_aqueduct(f, &aq, &from);
	clear_all(f);
	put(f, "1_2_12", from);
	put(f, "50l_2", aq);
	set_turn(f, 6, ru, QP_OFFFIRE);
	assert_int_equal(count_listed(f, "fire 1_2_12"), 0);
	refused(f, at(f, t, sizeof t, "fire 1_2_12 >", aq), 1, "[7.21]");
	set_turn(f, 6, ru, QP_MELEE);
	assert_int_equal(count_listed(f, "melee 1_2_12"), 0);
	refused(f, at(f, t, sizeof t, "melee 1_2_12 >", aq), 1, "[8.");
	/* in the Allied Player-Turn it fires defensively */
	set_turn(f, 6, al, QP_DEFFIRE);
	assert_true(listed(f, at(f, t, sizeof t, "fire 1_2_12 >", aq)));
	ok(f, t, 1);
	need_event(f, "[7.12]", "1_2_12 fires at");
	fx_free(f);
}

/* Tchernaya [18.11] "Garrisoned redoubts exert Zones of Control exactly as if they were
 * undisrupted units ... garrisoned redoubts may never participate in Offensive Fire or in a
 * Melee attack. They may only defend (they may engage in Defensive Fire in any direction)."
 * A Russian battalion stepping next to the Tractir bridgehead (2214) stops there and must
 * attack it in the Melee Phase; the garrison fires at it in the Defensive Fire Phase, never in
 * the Allies' Offensive Fire or Melee Phases. */
static void test_tch_1811_garrison_zoc_fire(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	int ru = side(f, "russian"), al = side(f, "allied");
	const struct q_scn *s = SCN(f);
	uint8_t *zoc = malloc((size_t)s->map.n);
	assert_non_null(zoc);
	clear_all(f);
	int g = place(f, "garrison_2214", "2214");
	place(f, "smol_7", "2212");
	q_zoc(&f->g, al, zoc);
	assert_true(zoc[IDX(f, "2213")] && zoc[IDX(f, "2114")] && zoc[IDX(f, "2314")]);
	free(zoc);
	set_turn(f, 6, ru, QP_MOVE);
	ok(f, "move smol_7 2213", 0);
	assert_true(UST(f, "smol_7")->fl & QF_STOPPED);
	refused(f, "move smol_7 2113", 0, "[5.13]");
	/* Defensive Fire in the Russian Player-Turn */
	set_turn(f, 6, ru, QP_DEFFIRE);
	assert_true(listed(f, "fire garrison_2214 > 2213"));
	ok(f, "fire garrison_2214 > 2213", 1);
	need_event(f, "[7.12]", "garrison_2214 fires at 2213");
	/* the Melee Phase: smol_7 is in its zone and must attack it ([8.1]) */
	set_turn(f, 6, ru, QP_MELEE);
	assert_true(listed(f, "melee smol_7 > 2214"));
	refused(f, "end", 0, "[8.1");
	/* never in the Allies' Offensive Fire or Melee Phases */
	ST(f)->u[g].fl = 0;
	UST(f, "smol_7")->fl = 0;
	set_turn(f, 6, al, QP_OFFFIRE);
	assert_int_equal(count_listed(f, "fire garrison_2214"), 0);
	refused(f, "fire garrison_2214 > 2213", 1, "[7.21]");
	set_turn(f, 6, al, QP_MELEE);
	assert_int_equal(count_listed(f, "melee garrison_2214"), 0);
	refused(f, "melee garrison_2214 > 2213", 1, "[8.");
	fx_free(f);
}

/* Tchernaya [18.12] "No units, whether Russian or Allied, may ever enter a garrisoned redoubt
 * hex unless that hex has a Destroyed marker on it, in which case it may be entered as if it
 * were a normal hex." [18.18] any adverse result destroys the garrison; [18.13] the hex is then
 * "a normal hex, with Redoubt hexsides", which [18.14] says are never destroyed. A French
 * battalion next to 2214 may not step into it; Smol/7 and Mhlw/7 melee it (die 5: defender
 * disrupted, retreats 1): destroyed, 2 Russian points, and Smol/7 advances into the hex, where
 * an Allied attack across the redoubt wall is read on the Town/Redoubt line. */
static void test_tch_1812_garrison_closed(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	int ru = side(f, "russian"), al = side(f, "allied");
	clear_all(f);
	place(f, "garrison_2214", "2214");
	place(f, "50l_2", "2115");
	set_turn(f, 6, al, QP_MOVE);
	assert_int_equal(count_listed(f, "move 50l_2 2214"), 0);
	refused(f, "move 50l_2 2214", 0, "[5.16]");
	q_place(ST(f), U(f, "50l_2"), Q_ABSENT);
	place(f, "smol_7", "2213");
	place(f, "mhlw_7", "2114");
	set_turn(f, 6, ru, QP_MELEE);
	int before = victory(f).vp[ru];
	ok(f, "melee smol_7,mhlw_7 > 2214", 5);
	need_event(f, "[8.4]", "defender disrupted, retreats 1");
	need_event(f, "[18.1]", "garrison_2214 is destroyed");
	assert_int_equal(UST(f, "garrison_2214")->idx, Q_ELIM);
	assert_int_equal(victory(f).vp[ru], before + 2); /* [19.11] a Destroyed marker */
	assert_true(listed(f, "advance smol_7 2214"));
	ok(f, "advance smol_7 2214", 0);
	assert_int_equal(HEXOF(f, "smol_7"), H("2214"));
	/* the redoubt hexsides stay ([18.14]) */
	place(f, "6l_2", "2314");
	set_turn(f, 7, al, QP_MELEE);
	ST(f)->u[U(f, "smol_7")].fl = 0;
	struct q_odds o = odds(f, "melee 6l_2 > 2214", true);
	assert_int_equal(o.terrain, QTM_FORT);
	fx_free(f);
	/* a retreat-only result (die 4) destroys it too ([18.18]): the attackers may advance into
	 * the vacated hex ([8.71], [18.13]) */
	f = fx_new(TCHE, 0);
	clear_all(f);
	place(f, "garrison_2214", "2214");
	place(f, "smol_7", "2213");
	place(f, "mhlw_7", "2114");
	set_turn(f, 6, ru, QP_MELEE);
	ok(f, "melee smol_7,mhlw_7 > 2214", 4);
	need_event(f, "[18.1]", "garrison_2214 is destroyed");
	assert_int_equal(UST(f, "garrison_2214")->idx, Q_ELIM);
	assert_true(listed(f, "advance mhlw_7 2214"));
	ok(f, "advance mhlw_7 2214", 0);
	assert_int_equal(HEXOF(f, "mhlw_7"), H("2214"));
	fx_free(f);
}

/* The Allied infantry unit in O, attacked from E, is owed a retreat of two hexes whose only
 * first step is G, garrison gid's hex (the two other hexes farther from E are in Russian
 * zones of control, [8.51]); then B beyond G. dir is the direction from O to G. Returns false
 * when the position cannot be built there, or when, without the garrison, the retreat would not
 * go through G. */
static bool tch_1815_try(const char *gid, int dir)
{
	struct fx *f = fx_new(TCHE, 0);
	const struct map *m = &SCN(f)->map;
	int ru = side(f, "russian"), G = UST(f, gid)->idx;
	int O = map_nb(m, G, (dir + 3) % 6), E = O >= 0 ? map_nb(m, O, (dir + 3) % 6) : -1;
	int B = map_nb(m, G, dir), S[2], X[2] = {-1, -1};
	bool ok_pos = onmap(m, O) && onmap(m, E) && onmap(m, B);
	static const char *const blk[2] = {"mhlw_7", "ch_vit_7"};
	S[0] = O >= 0 ? map_nb(m, O, (dir + 1) % 6) : -1;
	S[1] = O >= 0 ? map_nb(m, O, (dir + 5) % 6) : -1;
	for (int k = 0; k < 2 && ok_pos; k++) {
		ok_pos = onmap(m, S[k]);
		for (int d = 0; d < 6 && ok_pos && X[k] < 0; d++) {
			int x = map_nb(m, S[k], d);
			if (!onmap(m, x) || x == E || x == X[0] || q_hex_has_tag(&f->g, x, QT_GARRISON))
				continue;
			int hx = map_hex(m, x);
			if (hex_distance(hx, map_hex(m, G)) >= 2 && hex_distance(hx, map_hex(m, B)) >= 2 &&
			    hex_distance(hx, map_hex(m, O)) >= 2)
				X[k] = x;
		}
		ok_pos = ok_pos && X[k] >= 0;
	}
	int hexes[5] = {O, E, B, S[0], S[1]};
	for (int k = 0; k < 5 && ok_pos; k++)
		ok_pos = !q_hex_has_tag(&f->g, hexes[k], QT_GARRISON) && m->terrain[hexes[k]] != TER_TOWN;
	if (!ok_pos) {
		fx_free(f);
		return false;
	}
	clear_all(f);
	int u = put(f, "50l_2", O);
	put(f, "smol_7", E);
	put(f, blk[0], X[0]);
	put(f, blk[1], X[1]);
	set_turn(f, 6, ru, QP_MELEE);
	uint8_t *zoc = malloc((size_t)m->n);
	assert_non_null(zoc);
	q_zoc(&f->g, ru, zoc);
	ok_pos = zoc[S[0]] && zoc[S[1]] && !zoc[G] && !zoc[B];
	free(zoc);
	if (!ok_pos) {
		fx_free(f);
		return false;
	}
	struct game saved = f->g;
	/* without the garrison (as if destroyed): the retreat goes through G */
	q_owe_retreat(&f->g, u, 2, 0, -1, &f->sink, "[8.5]");
	q_settle(&f->g, &f->sink);
	bool via = false;
	if (ST(f)->npend == 0)
		via = ST(f)->u[u].idx >= 0 && hex_distance(map_hex(m, ST(f)->u[u].idx), map_hex(m, O)) == 2;
	else
		for (int i = 0; i < list(f); i++)
			via = via || (f->acts[i].kind == QA_RETREAT && f->acts[i].arg[1] == G);
	if (!via) {
		fx_free(f);
		return false;
	}
	/* with it: eliminated */
	f->g = saved;
	f->sink.n = 0;
	put(f, gid, G);
	q_owe_retreat(&f->g, u, 2, 0, -1, &f->sink, "[8.5]");
	q_settle(&f->g, &f->sink);
	assert_int_equal(ST(f)->npend, 0);
	assert_int_equal(ST(f)->u[u].idx, Q_ELIM);
	need_event(f, "[8.54]", "50l_2");
	assert_int_equal(UST(f, gid)->idx, G); /* never displaced */
	fx_free(f);
	return true;
}

/* Tchernaya [18.15] "Units forced to retreat through garrisoned redoubts are eliminated." */
static void test_tch_1815_retreat_through_garrison(void **state)
{
	(void)state;
	static const char *const gids[4] = {"garrison_2214", "garrison_2910", "garrison_3010", "garrison_3310"};
	bool done = false;
	for (int k = 0; k < 4 && !done; k++)
		for (int dir = 0; dir < 6 && !done; dir++)
			done = tch_1815_try(gids[k], dir);
	assert_true(done);
}

/* Tchernaya [18.17] "All garrisoned redoubts have Morale Ratings of 3 for purposes of Fire
 * Combat"; [18.18] "If the garrisoned redoubt suffers any adverse combat result, it is
 * destroyed". Smol/7 fires at 2214 with each die: a result of 3 or more (>= morale 3, [7.13])
 * destroys the garrison, a lower one leaves it. */
static void test_tch_1817_garrison_morale(void **state)
{
	(void)state;
	int destroyed = 0, held = 0;
	for (int die = 1; die <= 6; die++) {
		struct fx *f = fx_new(TCHE, 0);
		clear_all(f);
		place(f, "garrison_2214", "2214");
		place(f, "smol_7", "2213");
		set_turn(f, 6, side(f, "russian"), QP_OFFFIRE);
		struct q_odds o = odds(f, "fire smol_7 > 2214", false);
		int res = SCN(f)->tab.fire[die - 1][o.column];
		ok(f, "fire smol_7 > 2214", die);
		if (res >= 3) {
			assert_int_equal(UST(f, "garrison_2214")->idx, Q_ELIM);
			need_event(f, "[18.1]", "garrison_2214 is destroyed");
			destroyed++;
		} else {
			assert_int_equal(HEXOF(f, "garrison_2214"), H("2214"));
			assert_false(has_event(f, "[18.1]", NULL));
			held++;
		}
		fx_free(f);
	}
	assert_true(destroyed > 0 && held > 0);
}

/* Tchernaya [17.2] "All regular (non-horse) artillery units have a Movement Allowance of 4." */
static void test_tch_172_artillery_ma(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	int n = 0;
	for (int u = 0; u < SCN(f)->nunits; u++)
		if (SCN(f)->u[u].type == Q_ART) {
			assert_int_equal(q_ma(&f->g, u), 4);
			n++;
		}
	assert_true(n >= 20);
	/* a move spends out of 4 */
	clear_all(f);
	place(f, "3h_8_7", "2620");
	set_turn(f, 6, side(f, "russian"), QP_MOVE);
	ok(f, "move 3h_8_7 2621", 0);
	need_event(f, "[5.0]", "of 4 movement points spent");
	fx_free(f);
}

/* Tchernaya [19.11] Russian points: "Having a unit in hex 2215 at the end of the game 2; ...
 * in hex 3214 ... 5; For each undisrupted Russian unit south of the Aqueduct between hexrows
 * 0900 and 3300 (inclusive) 2"; [19.12] Allied points: 2215 2, 3214 5, "a unit in any of the
 * hexes of the town of Tchorgoun (hexes 3009, 3110, and 3209) ... 10". */
static void test_tch_1911_victory_hexes(void **state)
{
	(void)state;
	struct fx *f = fx_new(TCHE, 0);
	int ru = side(f, "russian"), al = side(f, "allied");
	clear_all(f);
	assert_int_equal(victory(f).vp[ru], 0);
	assert_int_equal(victory(f).vp[al], 0);
	int u = place(f, "smol_7", "2215"); /* the Tractir bridge: the Aqueduct itself, not south */
	assert_int_equal(victory(f).vp[ru], 2);
	q_place(ST(f), u, IDX(f, "3214"));   /* south of the Aqueduct too */
	assert_int_equal(victory(f).vp[ru], 5 + 2);
	ST(f)->u[u].fl |= QF_DISRUPTED;
	assert_int_equal(victory(f).vp[ru], 5);
	q_place(ST(f), u, IDX(f, "1520"));
	assert_int_equal(victory(f).vp[ru], 0); /* disrupted */
	ST(f)->u[u].fl = 0;
	assert_int_equal(victory(f).vp[ru], 2);
	q_place(ST(f), u, IDX(f, "3320")); /* hexrow 3300, inclusive */
	assert_int_equal(victory(f).vp[ru], 2);
	q_place(ST(f), u, IDX(f, "1510")); /* north of it */
	assert_int_equal(victory(f).vp[ru], 0);
	q_place(ST(f), u, IDX(f, "0820")); /* west of hexrow 0900 */
	assert_int_equal(victory(f).vp[ru], 0);
	q_place(ST(f), u, IDX(f, "3420")); /* east of hexrow 3300 */
	assert_int_equal(victory(f).vp[ru], 0);
	int a = place(f, "50l_2", "2215");
	assert_int_equal(victory(f).vp[al], 2);
	q_place(ST(f), a, IDX(f, "3214"));
	assert_int_equal(victory(f).vp[al], 5);
	for (int k = 0; k < 3; k++) {
		static const char *const town[3] = {"3009", "3110", "3209"};
		q_place(ST(f), a, IDX(f, town[k]));
		assert_int_equal(victory(f).vp[al], 10);
	}
	assert_int_equal(victory(f).vp[ru], 0);
	fx_free(f);
}

/* Tchernaya [18.23] "In all other situations, the town of Tchorgoun blocks Line of Sight
 * normally." From hexes near the town other than 2910 and 3010 ([18.21], errata [18.22]),
 * lines to 3306, 3307, 3308 and 3407 are blocked by a Tchorgoun hex, which never blocks them
 * from 2910 or 3010. */
static void test_tch_1823_tchorgoun_blocks(void **state)
{
	(void)state;
	static const char *const to[4] = {"3306", "3307", "3308", "3407"};
	struct fx *f = fx_new(TCHE, 0);
	const struct map *m = &SCN(f)->map;
	char why[256];
	int blocked_by_town = 0;
	for (int i = 0; i < m->n; i++) {
		int h = map_hex(m, i);
		if (!onmap(m, i) || hex_distance(h, H("3110")) > 3 || h == H("2910") || h == H("3010") ||
		    m->terrain[i] == TER_TOWN)
			continue;
		for (int k = 0; k < 4; k++) {
			char a[8];
			hexname(f, i, a);
			if (hex_distance(h, H(to[k])) < 2)
				continue;
			if (los(f, a, to[k], why, sizeof why) == 0 &&
			    (strstr(why, "3009") || strstr(why, "3110") || strstr(why, "3209")))
				blocked_by_town++;
		}
	}
	assert_true(blocked_by_town > 0);
	for (int k = 0; k < 4; k++)
		for (int s = 0; s < 2; s++)
			if (los(f, s ? "3010" : "2910", to[k], why, sizeof why) == 0) {
				assert_null(strstr(why, "3009"));
				assert_null(strstr(why, "3110"));
				assert_null(strstr(why, "3209"));
			}
	fx_free(f);
}

/* Tchernaya [19.33] the Non-Historical Scenario: "Same as Case 19.23 with the following
 * exceptions: A. All units of the Russian 4th and 5th Infantry Divisions may move normally on
 * the first turn. B. The length of the scenario is 10 Game-Turns." ([19.23] A: the Russian
 * Player is first; B: the historical game lasts 15.) [19.32] the same deployment. */
static void test_tch_1933_nonhistorical(void **state)
{
	(void)state;
	struct fx *h = fx_new(TCHE, 0), *n = fx_new(TCHN, 0);
	int ru = side(n, "russian"), al = side(n, "allied");
	assert_int_equal(ST(n)->turn, 1);
	assert_int_equal(ST(n)->phasing, ru);
	assert_int_equal(ST(h)->phasing, side(h, "russian"));
	assert_int_equal(ST(n)->phase, QP_MOVE);
	assert_int_equal(q_can_move(&n->g, U(n, "kost_5"), &n->e), 0);
	assert_true(count_listed(n, "move kost_5 ") > 0);
	assert_int_not_equal(q_can_move(&h->g, U(h, "kost_5"), &h->e), 0);
	need_sub(h->e.msg, "[19.23] C");
	assert_int_equal(count_listed(h, "move kost_5 "), 0);
	/* D still holds */
	set_turn(n, 2, al, QP_MOVE);
	assert_int_not_equal(q_can_move(&n->g, U(n, "14ch_1"), &n->e), 0);
	need_sub(n->e.msg, "[19.23] D");
	/* ten Game-Turns against fifteen */
	assert_int_equal(after_last_rally(n, 9), QP_MOVE);
	assert_int_equal(ST(n)->turn, 10);
	assert_int_equal(ST(n)->phasing, ru);
	assert_int_equal(after_last_rally(n, 10), QP_OVER);
	assert_int_equal(after_last_rally(h, 10), QP_MOVE);
	assert_int_equal(after_last_rally(h, 14), QP_MOVE);
	assert_int_equal(ST(h)->turn, 15);
	assert_int_equal(after_last_rally(h, 15), QP_OVER);
	/* [19.32] "Initial Deployment. Same as Case 19.22." */
	for (int u = 0; u < SCN(h)->nunits; u++) {
		int v = U(n, SCN(h)->u[u].id);
		assert_int_equal(SCN(n)->u[v].setup_hex, SCN(h)->u[u].setup_hex);
	}
	assert_int_equal(SCN(n)->nunits, SCN(h)->nunits);
	fx_free(h);
	fx_free(n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alma_182_bourliuk),
		cmocka_unit_test(test_alma_183_steep_slope),
		cmocka_unit_test(test_alma_1613_melee_parents),
		cmocka_unit_test(test_alma_193_allowances),
		cmocka_unit_test(test_alma_222_reinforcements),
		cmocka_unit_test(test_alma_222_all_together),
		cmocka_unit_test(test_alma_224_game_length),
		cmocka_unit_test(test_alma_232_judging),
		cmocka_unit_test(test_bal_164_artillery_ma),
		cmocka_unit_test(test_bal_171_reinforcements),
		cmocka_unit_test(test_bal_1722_additional_entry),
		cmocka_unit_test(test_bal_2213_aqueduct_fire),
		cmocka_unit_test(test_bal_161_setup_top),
		cmocka_unit_test(test_bal_163_schedule),
		cmocka_unit_test(test_ink_161_allowances),
		cmocka_unit_test(test_ink_1812_night_fog),
		cmocka_unit_test(test_ink_1914_french_stacking),
		cmocka_unit_test(test_ink_2011_bottom_skirmisher),
		cmocka_unit_test(test_ink_2021_skirmisher_rally),
		cmocka_unit_test(test_ink_2121_pickets),
		cmocka_unit_test(test_ink_2915_reinforcements),
		cmocka_unit_test(test_ink_2913_setups),
		cmocka_unit_test(test_ink_1644_exited),
		cmocka_unit_test(test_ink_1946_stack_retreat_advance),
		cmocka_unit_test(test_ink_1945_two_advance),
		cmocka_unit_test(test_ink_1634_mamelon),
		cmocka_unit_test(test_tch_1621_aqueduct_entry),
		cmocka_unit_test(test_tch_1612_aqueduct_defence),
		cmocka_unit_test(test_tch_1715_engineer_leaves),
		cmocka_unit_test(test_tch_1712_engineer_never_attacks),
		cmocka_unit_test(test_tch_1811_garrison_zoc_fire),
		cmocka_unit_test(test_tch_1812_garrison_closed),
		cmocka_unit_test(test_tch_1815_retreat_through_garrison),
		cmocka_unit_test(test_tch_1817_garrison_morale),
		cmocka_unit_test(test_tch_172_artillery_ma),
		cmocka_unit_test(test_tch_1911_victory_hexes),
		cmocka_unit_test(test_tch_1823_tchorgoun_blocks),
		cmocka_unit_test(test_tch_1933_nonhistorical),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
