/* sref: Sevastopol's chart rulings (sref.h). */
#include "sref.h"

#include <stdio.h>
#include <string.h>

static int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

int sref_attrition(const struct stab *t, int turn, int nation, int die, int *lost, double p[8], struct evsink *ev,
		   struct err *e)
{
	int mod = 0;
	char why[96] = "";
	if (turn < 1 || turn > STAB_TURNS)
		return err_set(e, NULL, 0, "a Game-Turn is 1-%d, not %d", STAB_TURNS, turn);
	if (nation < 0 || nation >= SN_NATIONS)
		return err_set(e, NULL, 0, "no such nation");
	if (!t->attrition_turn[turn - 1]) {
		char list[64] = "";
		for (int i = 0; i < STAB_TURNS; i++)
			if (t->attrition_turn[i]) {
				size_t at = strlen(list);
				snprintf(list + at, sizeof list - at, "%s%d", at ? ", " : "", i + 1);
			}
		return err_set(e, NULL, 0, "[7.0] no attrition in Game-Turn %d (%s): only in Game-Turns %s", turn,
			       t->turn[turn - 1], list);
	}
	if (t->winter[turn - 1]) {
		mod += 1; /* [7.13] */
		strcat(why, " +1 winter [7.13]");
	}
	if (nation == SN_BRITISH && turn >= 8) {
		mod -= 1; /* [7.14], addenda: Game-Turns 8 through 18 */
		strcat(why, " -1 Florence Nightingale [7.14]");
	}
	if (nation == SN_FRENCH && turn == 13) {
		mod += 1; /* [7.15] */
		strcat(why, " +1 June 1855 [7.15]");
	}
	for (int k = 0; k < 8; k++)
		p[k] = 0;
	for (int f = 1; f <= 6; f++)
		p[clampi(t->attrition[clampi(f + mod, 0, 7)][nation], 0, 7)] += 1.0 / 6;
	if (die < 1 || die > 6)
		return 0;
	*lost = t->attrition[clampi(die + mod, 0, 7)][nation];
	{
		struct event *x = ev_emit(ev, "[7.2]", "%s attrition, Game-Turn %d (%s): die %d%s = %d: %d infantry unit%s lost "
					  "(the owner chooses which [7.12])", stab_nation_name[nation], turn, t->turn[turn - 1],
					  die, why, clampi(die + mod, 0, 7), *lost, *lost == 1 ? "" : "s");
		ev_die(x, die);
	}
	return 0;
}

int sref_intervention(const struct stab *t, int turn, int battle, const bool used[SB_BATTLES], int last, int die,
		      int *effect, struct evsink *ev, struct err *e)
{
	if (turn < 1 || turn > STAB_TURNS)
		return err_set(e, NULL, 0, "a Game-Turn is 1-%d, not %d", STAB_TURNS, turn);
	if (battle < 0 || battle >= SB_BATTLES)
		return err_set(e, NULL, 0, "the battles are balaclava, inkerman and tchernaya");
	if (t->winter[turn - 1])
		return err_set(e, NULL, 0, "[5.13] no field army intervention in winter (%s)", t->turn[turn - 1]);
	if (used[battle])
		return err_set(e, NULL, 0, "[5.11] %s has been chosen before: each battle once", stab_battle_name[battle]);
	if (battle == SB_TCHERNAYA && turn < 8)
		return err_set(e, NULL, 0, "[5.12] Tchernaya may not be chosen before the March 1855 Game-Turn (8)");
	if (last > turn)
		return err_set(e, NULL, 0, "the last intervention (%d) cannot come after this Game-Turn (%d)", last, turn);
	if (last && turn == last)
		return err_set(e, NULL, 0, "[5.12] no more than one battle in a Game-Turn (one was chosen in %d)", last);
	if (last && turn == last + 1)
		return err_set(e, NULL, 0, "[5.14] no intervention on two consecutive Game-Turns (the last was %d)", last);
	if (die < 1 || die > 6)
		return 0;
	*effect = t->intervention[die - 1][battle];
	{
		struct event *x;
		if (*effect == STAB_NONE)
			x = ev_emit(ev, "[5.3]", "%s, die %d: no effect", stab_battle_name[battle], die);
		else if (battle == SB_BALACLAVA)
			x = ev_emit(ev, "[5.3]", "balaclava, die %d: the British receive no artillery rounds for %d Game-Turn%s [5.21]",
				    die, *effect, *effect == 1 ? "" : "s");
		else if (battle == SB_INKERMAN)
			x = ev_emit(ev, "[5.3]", "inkerman, die %d: %d Allied infantry units leave the map for one Game-Turn, from "
				    "the British and French Right Siege Areas [5.22]", die, *effect);
		else
			x = ev_emit(ev, "[5.3]", "tchernaya, die %d: %d more Russian replacement unit%s each Game-Turn for the rest "
				    "of the game [5.23]", die, *effect, *effect == 1 ? "" : "s");
		ev_die(x, die);
	}
	return 0;
}

void sref_ammunition(const struct stab *t, int turn, const int units[SN_NATIONS], struct evsink *ev)
{
	static const char *const kind[SN_NATIONS][2] = {
		{"siege gun", "mortar rounds and as many Lancaster"}, {"siege gun", "mortar"}, {"siege gun", "mortar"}};
	if (turn < 1 || turn > STAB_TURNS)
		return;
	for (int n = 0; n < SN_NATIONS; n++) {
		const int *a = &t->ammo[turn - 1][3 * n];
		int siege = a[1] == STAB_NONE ? 0 : a[1], mortar = a[2] == STAB_NONE ? 0 : a[2];
		const char *box = n == SN_BRITISH ? "Balaclava" : n == SN_FRENCH ? "Kameitch" : "North Shore";
		if (units[n] < 0)
			ev_emit(ev, "[8.18]", "%s, Game-Turn %d (%s): %d siege gun and %d %s rounds due, with %d unit%s in the %s "
				"Supply Box", stab_nation_name[n], turn, t->turn[turn - 1], siege, mortar, kind[n][1], a[0],
				a[0] == 1 ? "" : "s", box);
		else if (units[n] >= a[0])
			ev_emit(ev, "[8.13]", "%s: %d units in the %s Supply Box, %d needed: +%d %s and +%d %s rounds",
				stab_nation_name[n], units[n], box, a[0], siege, kind[n][0], mortar, kind[n][1]);
		else
			ev_emit(ev, "[8.14]", "%s: %d units in the %s Supply Box, %d needed: the %d %s and %d %s rounds due are lost",
				stab_nation_name[n], units[n], box, a[0], siege, kind[n][0], mortar, kind[n][1]);
	}
}

int sref_range_mod(const struct stab *t, int yards, int *mod, struct err *e)
{
	for (int i = 0; i < t->nranges; i++)
		if (yards <= t->range_to[i]) {
			*mod = t->range_mod[i];
			return 0;
		}
	return err_set(e, NULL, 0, "[8.63] %d yards is past the rangefinder's last band (%d yards)", yards,
		       t->nranges ? t->range_to[t->nranges - 1] : 0);
}

/* The table row a gun's modified die reads, or -1 off the table (clamped to its first or last). */
static int fire_row(const struct stab *t, int gun, int modified)
{
	const int *dies = gun == SG_SIEGE ? t->fire_siege : t->fire_mortar;
	int lo = -1, hi = -1;
	for (int r = 0; r < STAB_FIRE_ROWS; r++)
		if (dies[r] != STAB_NONE) {
			if (lo < 0)
				lo = r;
			hi = r;
			if (dies[r] == modified)
				return r;
		}
	if (lo < 0)
		return -1;
	return modified < dies[lo] ? lo : hi;
}

int sref_fire_col(int strength, bool mamelon)
{
	if (strength < 0)
		return 0;
	if (mamelon)
		strength = strength + 2 > 8 ? 8 : strength + 2; /* [8.81] */
	if (strength >= 7)
		return 1;
	if (strength >= 5)
		return 2;
	if (strength >= 3)
		return 3;
	if (strength >= 1)
		return 4;
	return 5;
}

int sref_fire_outcomes(const struct stab *t, int col, const double p[STAB_FIRE_ROWS],
		       struct sref_fire_odds out[STAB_FIRE_ROWS])
{
	bool done[STAB_FIRE_ROWS] = {false};
	int n = 0;
	for (int r = 0; r < STAB_FIRE_ROWS; r++) {
		const struct stab_fire *c = &t->fire[r][col];
		if (done[r] || p[r] < 0.0005)
			continue;
		out[n].cell = *c;
		out[n].p = 0;
		for (int q = r; q < STAB_FIRE_ROWS; q++)
			if (!done[q] && !memcmp(&t->fire[q][col], c, sizeof *c)) {
				out[n].p += p[q];
				done[q] = true;
			}
		n++;
	}
	return n;
}

int sref_bombard(const struct stab *t, int gun, int yards, int strength, bool mamelon, int die, struct stab_fire *out,
		 double p[STAB_FIRE_ROWS], struct evsink *ev, struct err *e)
{
	static const char *const gname[3] = {"siege gun", "mortar", "Lancaster Battery"};
	static const char *const cname[STAB_FIRE_COLS] = {"a parallel or sap", "bastion 8-7", "bastion 6-5", "bastion 4-3",
							  "bastion 2-1", "bastion 0"};
	int mod = 0, col;
	if (gun < SG_SIEGE || gun > SG_LANCASTER)
		return err_set(e, NULL, 0, "the guns are siege, mortar and lancaster");
	if (strength < -1 || strength > 8)
		return err_set(e, NULL, 0, "a bastion's strength is 0-8 (or a sap or parallel)");
	if (gun == SG_LANCASTER && strength < 0)
		return err_set(e, NULL, 0, "[8.42] the Lancaster Battery is Allied: it fires at Russian bastions, not at saps or "
			       "parallels [8.41]");
	if (gun == SG_SIEGE && yards > 1200)
		return err_set(e, NULL, 0, "[8.63] siege guns reach 1200 yards, not %d", yards);
	if (gun == SG_MORTAR && yards > 1200)
		yards = 1200; /* [8.62] */
	if (gun != SG_LANCASTER && sref_range_mod(t, yards, &mod, e) != 0)
		return -1;
	col = sref_fire_col(strength, mamelon);
	for (int r = 0; r < STAB_FIRE_ROWS; r++)
		p[r] = 0;
	for (int f = 1; f <= 6; f++) {
		int r = fire_row(t, gun == SG_SIEGE ? SG_SIEGE : SG_MORTAR, f + mod);
		if (r >= 0)
			p[r] += 1.0 / 6;
	}
	if (die < 1 || die > 6)
		return 0;
	{
		int r = fire_row(t, gun == SG_SIEGE ? SG_SIEGE : SG_MORTAR, die + mod);
		struct event *x;
		if (r < 0)
			return err_set(e, NULL, 0, "the Siege Battery Fire Table has no rows for this gun");
		*out = t->fire[r][col];
		x = ev_emit(ev, gun == SG_LANCASTER ? "[8.61]" : "[8.5]", "%s at %s%s: die %d %+d (%s) = %d", gname[gun],
			    cname[col], mamelon && strength >= 0 ? " (the Mamelon, two higher [8.81])" : "", die, mod,
			    gun == SG_LANCASTER ? "range never counts" : "range", die + mod);
		ev_die(x, die);
		if (!out->strength && !out->damaged && !out->infantry)
			ev_emit(ev, "[8.99]", "no effect");
		if (out->infantry && strength < 0)
			ev_emit(ev, "[8.94]", "%d infantry unit%s in the siegework destroyed", out->infantry,
				out->infantry == 1 ? "" : "s");
		else if (out->infantry)
			ev_emit(ev, "[8.91]", "%d infantry unit%s destroyed in the bastion's positions%s", out->infantry,
				out->infantry == 1 ? "" : "s",
				gun != SG_SIEGE ? "; none there: in its Reserve Box [8.72], [8.92]"
				: col == 5 ? "; at strength 0 the Reserve Box's units count as in the bastion [8.92]" : "");
		if (out->damaged && strength < 0)
			ev_emit(ev, "[8.95]", "the siegework is damaged: turn it over; it must be repaired before building on in that "
				"Siege Area; its artillery is limbered behind the Start Line [8.96], its surviving infantry falls back "
				"[8.97]");
		else if (out->damaged)
			ev_emit(ev, "[8.99]", "the cell reads D, a siegework's result, against a bastion: the scan doubts this row; "
				"read your printed chart for the strength lost");
		if (out->strength)
			ev_emit(ev, "[8.91]", "the bastion loses %d strength level%s (never below 0)", out->strength,
				out->strength == 1 ? "" : "s");
		if (out->dump)
			ev_emit(ev, "[8.98]", "an ammunition dump explodes: the firing player must destroy two of his rounds, of any "
				"type, of the firing unit's nationality (addenda)");
	}
	return 0;
}

int sref_melee_col(int attack, int defence, struct err *e)
{
	if (attack < 1 || defence < 1)
		return err_set(e, NULL, 0, "strengths are 1 or more");
	if (attack >= defence) {
		int r = attack / defence; /* rounded off in the defender's favour [14.0]: 13-4 is 3-1 */
		return 1 + (r > 6 ? 6 : r);
	}
	if (2 * attack >= defence)
		return 1;
	if (3 * attack >= defence)
		return 0;
	return err_set(e, NULL, 0, "[14.26] %d to %d is worse than 1-3, the table's lowest column", attack, defence);
}

int sref_melee_mod(const char *defender)
{
	if (!strcmp(defender, "russian"))
		return 1; /* [14.21] */
	if (!strcmp(defender, "zouave") || !strcmp(defender, "british") || !strcmp(defender, "english"))
		return -2; /* [14.23] */
	if (!strcmp(defender, "french"))
		return -1; /* [14.22] */
	return 0;
}

char sref_melee_result(const struct stab *t, int col, int modified)
{
	return t->melee[clampi(modified, STAB_ROW_MIN, STAB_ROW_MAX) - STAB_ROW_MIN][clampi(col, 0, STAB_CRT_COLS - 1)];
}

int sref_morale_mod(int attacked, bool retreated)
{
	int mod = 0;
	if (attacked >= 4)
		mod -= 2; /* [14.32] */
	else if (attacked >= 2)
		mod -= 1; /* [14.33] */
	if (retreated)
		mod -= 1; /* [14.34] */
	return mod;   /* [14.35]: cumulative */
}

char sref_morale_effect(const struct stab *t, int cls, int modified)
{
	return t->morale[clampi(modified, STAB_ROW_MIN, STAB_ROW_MAX) - STAB_ROW_MIN][clampi(cls, 0, 3)];
}
