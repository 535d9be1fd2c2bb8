/* qinkerman: the exclusive rules of Inkerman ([15.0]-[22.0], [29.0] with the errata):
 * movement allowances ([16.1]-[16.2]), Sevastopol and the Mamelon ([16.3]), exiting ([16.4]),
 * line of sight through woods and ravines ([17.0]), night and fog ([18.0]: allowances, fire,
 * rally, sighting ranges, spotted artillery), stacking, stacked melee and the regimental
 * morale bonus ([19.0]), skirmishers ([20.1], [20.2]) and their forming into battalions
 * ([20.3]), pickets ([21.0]), victory ([22.0], errata) and the scenarios' special rules
 * ([29.16]; [29.26] rules 4-7). The optional rules [23]-[28] are in qinkopt.c: the hooks
 * here call it (each qio_ function is a no-op unless its option bit is on). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qbattle.h"
#include "qmove.h"

struct ink {
	uint8_t ctrl[3];        /* [22.1] control of 1314, 2512, 2811: side + 1 */
	uint8_t vp_hexes;       /* [22.2] VP hexes scored (bit per hex) */
	uint8_t exit_vp;        /* [22.2] Russian exits' victory points */
	uint8_t pickets_lost;   /* [22.2] */
	uint8_t groups_free;    /* [29.16] groups released by an attack (bit per group) */
	uint8_t allied_free_turn; /* [29.26] rule 5: the Game-Turn Allied units may move (0: not yet) */
	uint8_t sighted_turns;  /* [29.26] rule 5: consecutive Game-Turns a Russian unit was sighted */
	uint8_t attacked;       /* [29.26] rule 5: a Russian unit attacked an Allied unit */
	uint8_t stack_free[2];  /* [29.26] rule 7: Game-Turn Soimonov's / Paulov's infantry may
				 * stack outside Sevastopol (0: not yet) */
};

#define AUX_SPOTTED 0x01  /* [18.55] artillery that fired at night or in fog */
#define AUX_MAYMOVE 0x02  /* [29.16] French units' die roll allows moving this Game-Turn */
#define AUX_FREED 0x04    /* [29.16] French units no longer roll */
#define AUX_EXITED 0x08   /* [16.44] exited, not eliminated */
#define AUX_MERGED 0x10   /* [20.33] a skirmisher counter now the battalion of two */
#define AUX_ABSORBED 0x20 /* [20.33] the other counter of that battalion (Q_ABSENT) */
#define AUX_HIT 0x40      /* [29.26] rule 6: attacked this Game-Turn */
#define AUX_HIT_PREV 0x80 /* [29.26] rule 6: attacked in the previous Game-Turn */
_Static_assert(sizeof(struct ink) <= 16, "qinkopt.c keeps its state after bs[16]");
#define ZONE_SEVASTOPOL 1 /* [16.33] */
#define ZONE_MAMELON 2    /* [16.34] */

static const int objectives[3] = {1314, 2512, 2811};                         /* errata [22.2] */
static const int vp_hexes[8] = {1823, 1824, 1924, 2415, 2515, 2516, 2615, 2524}; /* errata */
static const int mamelon[3] = {411, 511, 512};
static const char *const groups[3] = {"release_group_guards", "release_group_lightdiv",
				      "release_group_lightbde"};
/* q_udef.btags: the unit's "soimonov" and "paulov" tags and its groups[i] tag (BT_GROUP << i) */
#define BT_SOIMONOV 1u
#define BT_PAULOV 2u
#define BT_GROUP 4u

static struct ink *IS(struct game *g)
{
	return (struct ink *)(void *)q_st(g)->bs;
}

static const struct ink *CIS(const struct game *g)
{
	return (const struct ink *)(const void *)q_cst(g)->bs;
}

static bool tagged(const struct game *g, int u, uint32_t t)
{
	return (q_scn(g)->u[u].tags & t) != 0;
}

static bool nation(const struct game *g, int u, const char *n)
{
	return !strcmp(q_scn(g)->u[u].nation, n);
}

static bool option_scenario(const struct game *g)
{
	return strstr(g->scn->id, "option") != NULL;
}

/* [20.33] a skirmisher counter that formed a battalion is a battalion from then on. */
static bool skirm(const struct game *g, int u)
{
	return tagged(g, u, QT_SKIRMISHER) && !(q_cst(g)->u[u].aux & AUX_MERGED);
}

/* [20.33] the counter absorbed into formed battalion u, or -1. */
static int absorbed(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	if (!(st->u[u].aux & AUX_MERGED))
		return -1;
	for (int v = 0; v < s->nunits; v++)
		if (v != u && (st->u[v].aux & AUX_ABSORBED) && !strcmp(s->u[v].parent, s->u[u].parent) &&
		    s->u[v].side == s->u[u].side)
			return v;
	return -1;
}

/* [29.26] rule 7: the general ("soimonov" or "paulov", 0 or 1) of a Russian unit, or -1. */
static int general(const struct game *g, int u)
{
	unsigned b = q_scn(g)->u[u].btags; /* q_has_tag's answers, read at load */
	return (b & BT_SOIMONOV) ? 0 : (b & BT_PAULOV) ? 1 : -1;
}

/* [18.12] Game-Turns 1-6 Night, 7-11 Fog (errata [29.16]: Game-Turn 8 is the second
 * consecutive Fog Game-Turn), the rest Clear. */
static int night(const struct game *g)
{
	return q_cst(g)->turn <= 6;
}

static int fog_count(const struct game *g)
{
	int t = q_cst(g)->turn, o = qio_fog_count(g); /* [25.13] rolled weather */
	if (o >= 0)
		return o;
	return t >= 7 && t <= 11 ? t - 6 : 0;
}

static bool dark(const struct game *g)
{
	return night(g) || fog_count(g) > 0;
}

/* [18.52]-[18.54] sighting range in hexes; 0 means unlimited. */
static int sighting(const struct game *g)
{
	int f = fog_count(g);
	if (night(g))
		return 1;
	if (!f)
		return 0;
	return f <= 2 ? 1 : f == 3 ? 2 : f == 4 ? 4 : 7;
}

bool q_ink_dark(const struct game *g) { return dark(g); }
bool q_ink_night(const struct game *g) { return night(g) != 0; }
int q_ink_sighting(const struct game *g) { return sighting(g); }
bool q_ink_skirm(const struct game *g, int u) { return skirm(g, u); }
int q_ink_allied_free_turn(const struct game *g) { return CIS(g)->allied_free_turn; }
bool q_ink_option_scenario(const struct game *g) { return option_scenario(g); }

static int ink_prepare(struct q_scn *q)
{
	struct map *m = &q->map;
	for (int u = 0; u < q->nunits; u++) {
		q->u[u].btags = (uint8_t)((q_has_tag(q, u, "soimonov") ? BT_SOIMONOV : 0) |
					  (q_has_tag(q, u, "paulov") ? BT_PAULOV : 0));
		for (int i = 0; i < 3; i++)
			if (q_has_tag(q, u, groups[i]))
				q->u[u].btags |= (uint8_t)(BT_GROUP << i);
	}
	q->zone = calloc((size_t)m->n, 1);
	if (!q->zone)
		return -1;
	for (int i = 0; i < m->nplaces; i++)
		if (!strcmp(m->places[i].name, "Sevastopol"))
			for (int k = 0; k < m->places[i].nhexes; k++) {
				int idx = map_index(m, m->places[i].hexes[k]);
				if (idx >= 0)
					q->zone[idx] = ZONE_SEVASTOPOL;
			}
	for (int k = 0; k < 3; k++) {
		int idx = map_index(m, mamelon[k]);
		if (idx >= 0)
			q->zone[idx] = ZONE_MAMELON;
	}
	/* [16.32] units enter or leave Sevastopol and the Mamelon only along roads */
	for (int i = 0; i < m->n; i++)
		for (int d = 0; d < 6; d++) {
			int j = map_nb(m, i, d);
			if (j < 0 || q->zone[i] == q->zone[j])
				continue;
			if (map_side_features(m, i, d) & (SIDE_ROAD_MAJOR | SIDE_ROAD_MINOR | SIDE_TRACK))
				continue;
			for (int mc = 0; mc < Q_NMOVE; mc++)
				q->step[mc][i * 6 + d] = PATH_NOWAY;
		}
	return qio_prepare(q); /* after the tables are finished */
}

static void ink_setup(struct game *g)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct ink *k = IS(g);

	memset(k, 0, sizeof *k);
	for (int i = 0; i < 3; i++) {
		int idx = map_index(&s->map, objectives[i]), stk[Q_STACK_MAX];
		if (idx >= 0 && q_stack(g, idx, stk, Q_STACK_MAX) > 0)
			k->ctrl[i] = (uint8_t)(s->u[stk[0]].side + 1);
	}
	for (int u = 0; u < s->nunits; u++)
		if (tagged(g, u, QT_PICKET))
			st->u[u].layer = 0; /* [21.22] any British unit with a picket is on top */
	if (!option_scenario(g))
		k->allied_free_turn = 1;
	else
		for (int u = 0; u < s->nunits; u++) {
			int h = st->u[u].idx >= 0 ? map_hex(&s->map, st->u[u].idx) : -1;
			/* [29.26] rule 4: the two Allied guns on Home Ridge begin Spotted */
			if (s->u[u].side != q_russian(g) && (s->u[u].type == Q_ART || s->u[u].type == Q_HART) &&
			    (h == 2315 || h == 2414))
				st->u[u].aux |= AUX_SPOTTED;
		}
	qio_setup(g);
}

/* [16.31] only Russian units in Sevastopol and the Mamelon; [21.24] French units do not end
 * a phase in a picket hex. */
static bool ink_closed(const struct game *g, int u, int idx)
{
	const struct q_scn *s = q_scn(g);
	if (u < 0)
		return false; /* for everyone: nothing beyond the Standard Rules */
	if (s->zone[idx] && s->u[u].side != q_russian(g))
		return true;
	return qio_closed(g, u, idx);
}

/* [19.1] stacking. */
static int ink_stack_ok(const struct game *g, int u, int idx, const int *stack, int n)
{
	const struct q_scn *s = q_scn(g);
	int other = -1, count = 1;

	(void)idx;
	for (int i = 0; i < n; i++) {
		if (stack[i] == u)
			continue;
		if (s->u[stack[i]].side != s->u[u].side)
			return 0;
		other = stack[i];
		count++;
	}
	if (count == 1)
		return 1;
	if (count > 2)
		return 0; /* [19.11] and the Standard Rules refuse it */
	if (s->u[u].side == q_russian(g))
		return 1; /* [19.12] any two Russian units */
	const struct q_udef *a = &s->u[u], *b = &s->u[other];
	bool a_fr = nation(g, u, "french"), b_fr = nation(g, other, "french");
	if (a_fr != b_fr)
		return 0; /* [19.13] */
	if ((tagged(g, u, QT_PICKET) && a_fr) || (tagged(g, other, QT_PICKET) && a_fr))
		return 0; /* [21.24] */
	bool a_art = a->type == Q_ART || a->type == Q_HART, b_art = b->type == Q_ART || b->type == Q_HART;
	if (a_fr)
		return (a_art || b_art) ? 1 : 0; /* [19.14] */
	if (a_art || b_art)
		return 1; /* [19.15] */
	/* [19.16] a British skirmisher with any British unit but the Light Brigade */
	if ((skirm(g, u) && b->type != Q_CAV) || (skirm(g, other) && a->type != Q_CAV))
		return 1;
	return 0;
}

static int ink_ma(const struct game *g, int u, int base)
{
	/* [20.33] a formed battalion moves as a battalion: 7, halved when disrupted ([16.2]) */
	if (q_cst(g)->u[u].aux & AUX_MERGED)
		base = q_disrupted(g, u) ? 4 : 7;
	/* [16.15], [18.2] one less at night and in fog; the optional rules after */
	return qio_ma(g, u, base, dark(g));
}

/* [20.33] the formed battalion's strengths are the two counters' added together. */
static int ink_strength(const struct game *g, int u, bool melee, int base)
{
	const struct q_udef *d;
	int v = absorbed(g, u), k = q_disrupted(g, u) ? 1 : 0, x;
	if (v < 0)
		return qio_strength(g, u, melee, base);
	d = &q_scn(g)->u[v];
	x = melee ? d->melee[k] : d->fire[k];
	return qio_strength(g, u, melee, base + (x > 0 ? x : 0));
}

/* [20.33] "ignore parentheses around disrupted combat values" */
static bool ink_paren(const struct game *g, int u, bool melee, bool printed)
{
	(void)melee;
	return (q_cst(g)->u[u].aux & AUX_MERGED) ? false : printed;
}

/* [19.3] both units of a stack that attack in melee attack together, the same hexes. */
static int ink_melee_ok(const struct game *g, const struct action *a, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int nu = a->arg[0];
	for (int i = 0; i < nu && 1 + i < ACTION_ARGS; i++) {
		int u = a->arg[1 + i], stk[Q_STACK_MAX], n;
		if (u < 0 || u >= s->nunits || st->u[u].idx < 0)
			continue;
		n = q_stack(g, st->u[u].idx, stk, Q_STACK_MAX);
		for (int j = 0; j < n; j++) {
			int v = stk[j];
			bool in = false;
			for (int k = 0; k < nu && 1 + k < ACTION_ARGS; k++)
				in = in || a->arg[1 + k] == v;
			if (v != u && !in && s->u[v].side == s->u[u].side && (st->u[v].fl & QF_MELEED))
				return err_set(e, NULL, 0, "[19.3] %s and %s are stacked: if both attack they attack together, with combined strength (%s has already attacked)",
					       s->u[u].id, s->u[v].id, s->u[v].id);
		}
	}
	return qio_melee_ok(g, a, e);
}

/* [19.13] no British and French in one hex; [21.24] French units do not end a phase in a
 * picket hex; [29.26] rule 7 the Russian option scenario's stacking restrictions. */
static int ink_move_ok(const struct game *g, int u, int dest, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct ink *k = CIS(g);
	/* Russian units are limited only by [29.26] rule 7 (infantry, option scenario): skip the
	 * stack scan otherwise (this hook runs for every hex a unit can reach) */
	if (s->u[u].side == q_russian(g) && (!option_scenario(g) || s->u[u].type != Q_INF))
		return 0;
	int stk[Q_STACK_MAX], n = q_stack(g, dest, stk, Q_STACK_MAX), gen = general(g, u);
	for (int i = 0; i < n; i++) {
		int v = stk[i];
		if (v == u || s->u[v].side != s->u[u].side)
			continue;
		if (s->u[u].side != q_russian(g)) {
			if (nation(g, u, "french") && tagged(g, v, QT_PICKET))
				return err_set(e, NULL, 0, "[21.24] French units may not end a phase in a picket hex");
			if (nation(g, u, "french") != nation(g, v, "french"))
				return err_set(e, NULL, 0, "[19.13] British and French units may not end a phase in the same hex");
			continue;
		}
		if (!option_scenario(g) || gen < 0 || s->u[u].type != Q_INF || s->u[v].type != Q_INF)
			continue;
		if (k->stack_free[gen] && q_cst(g)->turn >= k->stack_free[gen])
			continue;
		if (gen == 0 && s->zone[dest] == ZONE_SEVASTOPOL)
			continue;
		return err_set(e, NULL, 0, "[29.26] 7: %s's infantry may not end a Movement Phase stacked with other infantry%s until the Game-Turn after they attack or three of them end a Movement Phase within three hexes of a British unit",
			       gen == 0 ? "Soimonov" : "Paulov", gen == 0 ? " outside Sevastopol" : "");
	}
	return qio_move_ok(g, u, dest, e);
}

/* [19.43] may u, a single unit retreating or displaced, end in idx stacked with the units
 * there now? The stacking rules of [19.1] (q_stack_ok through ink_stack_ok), [19.13] and
 * [21.24]; [29.26] rule 7 speaks of ending a Movement Phase and does not bind a retreat. */
static int ink_retreat_stack_ok(const struct game *g, int u, int idx)
{
	const struct q_scn *s = q_scn(g);
	int stk[Q_STACK_MAX], n = q_stack(g, idx, stk, Q_STACK_MAX);
	if (!q_stack_ok(g, u, idx))
		return 0;
	for (int i = 0; i < n; i++) {
		int v = stk[i];
		if (v == u || s->u[v].side != s->u[u].side || s->u[u].side == q_russian(g))
			continue;
		if (nation(g, u, "french") != nation(g, v, "french"))
			return 0; /* [19.13] */
		if (nation(g, u, "french") && tagged(g, v, QT_PICKET))
			return 0; /* [21.24] */
	}
	return 1;
}

static int ink_los_hex(const struct game *g, int idx)
{
	if (q_scn(g)->map.terrain[idx] == TER_WOODS || q_scn(g)->map.terrain[idx] == TER_BRUSH)
		return 0; /* [17.11] woods are clear for sighting */
	return -1;
}

static bool spotted_in(const struct game *g, int idx)
{
	const struct q_state *st = q_cst(g);
	for (int u = 0; u < q_scn(g)->nunits; u++)
		if (st->u[u].idx == idx && (st->u[u].aux & AUX_SPOTTED))
			return true;
	return false;
}

static int ink_los(const struct game *g, int from, int to, const struct line_step *st, int n,
		   char *why, size_t wn)
{
	const struct map *m = &q_scn(g)->map;
	int range = sighting(g), dist = hex_distance(map_hex(m, from), map_hex(m, to));

	(void)st;
	(void)n;
	if (range && dist > range && !spotted_in(g, to)) {
		snprintf(why, wn, "[18.5] beyond the %s sighting range of %d hex%s", night(g) ? "Night" : "Fog",
			 range, range == 1 ? "" : "es");
		return 0;
	}
	if (range && dist > range)
		snprintf(why, wn, "[18.55] spotted artillery");
	return q_los_ex(g, from, to, NULL, 0, LOSF_NOHOOK | LOSF_RAVINES, why, wn) ? 1 : 0;
}

static int ink_fire_shift(const struct game *g, int target, char *why, size_t n)
{
	int shift = 0, stk[Q_STACK_MAX];
	size_t l = 0;
	if (dark(g)) {
		shift--;
		l += (size_t)snprintf(why, n, " -1 %s [18.31];", night(g) ? "night" : "fog");
	}
	if (skirm(g, target) && q_stack(g, q_cst(g)->u[target].idx, stk, Q_STACK_MAX) == 1) {
		shift--;
		if (l < n)
			l += (size_t)snprintf(why + l, n - l, " -1 unstacked skirmisher [20.12];");
	}
	if (l < n)
		shift += qio_fire_shift(g, target, why + l, n - l);
	return shift;
}

/* [19.21]-[19.23], [20.11]: the bottom unit fires and is fired upon only when both are
 * artillery or both skirmishers. */
static int ink_targets(const struct game *g, int idx, int *out)
{
	const struct q_scn *s = q_scn(g);
	int stk[Q_STACK_MAX], n = q_stack(g, idx, stk, Q_STACK_MAX), o = qio_targets(g, idx, out);
	if (o >= 0)
		return o; /* [28.23] massed units are one target */
	if (n == 0)
		return 0;
	out[0] = stk[0];
	if (n >= 2) {
		bool art = (s->u[stk[0]].type == Q_ART || s->u[stk[0]].type == Q_HART) &&
			   (s->u[stk[1]].type == Q_ART || s->u[stk[1]].type == Q_HART);
		bool sk = skirm(g, stk[0]) && skirm(g, stk[1]);
		if (art || sk) {
			out[1] = stk[1];
			return 2;
		}
	}
	return 1;
}

static int ink_fire_from_bottom(const struct game *g, int u)
{
	int stk[Q_STACK_MAX], n = q_stack(g, q_cst(g)->u[u].idx, stk, Q_STACK_MAX);
	if (qio_fire_from_bottom(g, u) == 1)
		return 1; /* [28.22] massed: both units up front */
	return n >= 2 && stk[1] == u && skirm(g, u) && skirm(g, stk[0]);
}

static int ink_fire_group_ok(const struct game *g, const int *units, int n, struct err *e)
{
	/* [19.23] two stacked skirmishers may both fire, but not at the same unit */
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (q_cst(g)->u[units[i]].idx == q_cst(g)->u[units[j]].idx &&
			    skirm(g, units[i]) && skirm(g, units[j]) && !qio_massed_pair(g, units[i], units[j]))
				return err_set(e, NULL, 0, "[19.23] two stacked skirmishers may not fire at the same unit");
	return qio_fire_group_ok(g, units, n, e);
}

static int ink_morale(const struct game *g, int u, int base)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int stk[Q_STACK_MAX], n;

	/* [19.51] stacked battalions of one Russian regiment: +1 in fire and melee combat;
	 * [18.32], [19.52] never at night or in fog */
	base = qio_morale(g, u, base); /* [27.31] fatigue */
	if (s->u[u].side != q_russian(g) || s->u[u].type != Q_INF || !s->u[u].parent[0] || dark(g) ||
	    st->phase == QP_RALLY || st->u[u].idx < 0)
		return base;
	n = q_stack(g, st->u[u].idx, stk, Q_STACK_MAX);
	for (int i = 0; i < n; i++)
		if (stk[i] != u && s->u[stk[i]].type == Q_INF && !strcmp(s->u[stk[i]].parent, s->u[u].parent))
			return base + 1;
	return base;
}

static int ink_rally_mod(const struct game *g, int u, int std, char *why, size_t n)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int idx = st->u[u].idx, mod = 0;
	bool enemy = false, friend = false, enemy_sk = false, redoubt = false;

	(void)std;
	for (int d = 0; d < 6; d++) {
		int h = map_nb(&s->map, idx, d), stk[Q_STACK_MAX], k;
		if (map_redoubt_inside(&s->map, idx, d))
			redoubt = true;
		if (h < 0)
			continue;
		k = q_stack(g, h, stk, Q_STACK_MAX);
		for (int i = 0; i < k; i++) {
			if (q_disrupted(g, stk[i]))
				continue;
			if (s->u[stk[i]].side == s->u[u].side) {
				if (!skirm(g, stk[i]))
					friend = true; /* [20.21] */
			} else {
				/* [20.22] a skirmisher lowers the enemy's morale as any enemy does: it is
				 * [10.0]'s one +1, not another (docs/RULES.md) */
				enemy = true;
				if (skirm(g, stk[i]))
					enemy_sk = true;
			}
		}
	}
	if (dark(g)) {
		/* [18.41] ignore every other unit; [18.42] +1 */
		if (n)
			why[0] = '\0';
		q_why_add(why, n, true, night(g) ? "+1 night [18.42]" : "+1 fog [18.42]");
		q_why_add(why, n, redoubt, "-1 in a redoubt");
		return 1 - redoubt;
	}
	mod = enemy - friend - redoubt;
	if (n)
		why[0] = '\0';
	q_why_add(why, n, enemy && !enemy_sk, "+1 adjacent undisrupted enemy");
	q_why_add(why, n, enemy && enemy_sk, "+1 adjacent undisrupted enemy (skirmishers too [20.22])");
	q_why_add(why, n, friend, "-1 adjacent undisrupted friend (not a skirmisher [20.21])");
	q_why_add(why, n, redoubt, "-1 in a redoubt");
	return mod;
}

static int ink_may_rally(const struct game *g, int u, struct err *e)
{
	if (dark(g) && q_morale(g, u) <= 1)
		return err_set(e, NULL, 0, "[18.4] a disrupted unit with morale 1 may not rally at night or in fog");
	return 0;
}

static int release_turn(const struct game *g, int u)
{
	return qio_release_turn(g, u, q_scn(g)->u[u].release); /* parsed at load (qscn.c) */
}

static int ink_may_move(const struct game *g, int u, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct ink *k = CIS(g);
	int rt = release_turn(g, u);

	if (s->u[u].side != q_russian(g) && !k->allied_free_turn)
		return err_set(e, NULL, 0, "[29.26] 5: no Allied unit moves until a Russian unit attacks or is sighted two Game-Turns running");
	{
		int o = qio_may_move(g, u, e); /* [23.3], [24.36], [27.21] */
		if (o <= 0)
			return o;
	}
	if (rt && st->turn < rt) {
		for (int i = 0; i < 3; i++)
			if ((s->u[u].btags & (BT_GROUP << i)) && (k->groups_free & (1 << i)))
				return 0;
		return err_set(e, NULL, 0, "[29.16] %s may not move before Game-Turn %d", s->u[u].id, rt);
	}
	if ((s->u[u].tags & QT_RELEASE_ROLL) && !(st->u[u].aux & (AUX_MAYMOVE | AUX_FREED)) &&
	    !qio_release_roll_waived(g, u))
		return err_set(e, NULL, 0, "[29.16] the die did not let %s move this Game-Turn", s->u[u].id);
	return 0;
}

static int ink_may_enter(const struct game *g, int u, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct ink *k = CIS(g);
	/* [29.26] 5: Allied reinforcements keep their schedule relative to Game-Turn Eight */
	if (option_scenario(g) && s->u[u].side != q_russian(g)) {
		if (!k->allied_free_turn)
			return err_set(e, NULL, 0, "[29.26] 5: Allied reinforcements wait until the Allies may move");
		int due = qio_enter_turn(g, u, s->u[u].enter_turn) + (k->allied_free_turn - 8); /* [25.22] note */
		if (q_cst(g)->turn < due)
			return err_set(e, NULL, 0, "[29.26] 5: %s is due on Game-Turn %d", s->u[u].id, due);
	}
	return qio_may_enter(g, u, e);
}

static int ink_enter_turn(const struct game *g, int u, int printed)
{
	return qio_enter_turn(g, u, printed); /* [25.22] 4-7, [25.32] 5 */
}

static void ink_after_move(struct game *g, int u, struct evsink *ev)
{
	q_st(g)->u[u].aux &= (uint8_t)~AUX_SPOTTED; /* [18.55] spotted until it moves */
	qio_after_move(g, u, ev);
}

static void ink_after_action(struct game *g, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct ink *k = IS(g);
	int ru = q_russian(g);
	bool option = option_scenario(g); /* (asked once: it compares the scenario's name) */

	for (int u = 0; u < s->nunits; u++) {
		int idx = st->u[u].idx;
		/* (each rule below asks for one of these flags, which it does not change: a unit
		 * without them is passed over at once) */
		if (idx < 0 || !(st->u[u].fl & (QF_FIRED | QF_FIRED_AT | QF_MELEED)))
			continue;
		/* [18.55] artillery firing at night or in fog is spotted */
		if ((st->u[u].fl & QF_FIRED) && dark(g) && (s->u[u].type == Q_ART || s->u[u].type == Q_HART))
			st->u[u].aux |= AUX_SPOTTED;
		/* [29.16] a group attacked before its release turn is released */
		if (st->u[u].fl & (QF_FIRED_AT | QF_MELEED))
			for (int i = 0; i < 3; i++)
				if ((s->u[u].btags & (BT_GROUP << i)) && !(k->groups_free & (1 << i))) {
					k->groups_free |= (uint8_t)(1 << i);
					ev_emit(ev, "[29.16]", "%s is attacked: its group may move", s->u[u].id);
				}
		if (s->u[u].side != ru && (st->u[u].fl & (QF_FIRED_AT | QF_MELEED)) && !k->attacked &&
		    st->phasing == ru)
			k->attacked = 1;
		/* [29.26] rule 6: remember who was attacked this Game-Turn */
		if (s->u[u].side != ru && ((st->u[u].fl & QF_FIRED_AT) || ((st->u[u].fl & QF_MELEED) && st->phasing == ru)))
			st->u[u].aux |= AUX_HIT;
		/* [29.26] rule 7: a general's units attacked (Russian offensive fire or melee) */
		int gen = general(g, u);
		if (option && gen >= 0 && st->phasing == ru && !k->stack_free[gen] &&
		    ((st->phase == QP_OFFFIRE && (st->u[u].fl & QF_FIRED)) ||
		     (st->phase == QP_MELEE && (st->u[u].fl & QF_MELEED)))) {
			k->stack_free[gen] = (uint8_t)(st->turn + 1);
			ev_emit(ev, "[29.26]", "%s's units have attacked: rule 7 no longer binds them from Game-Turn %d",
				gen == 0 ? "Soimonov" : "Paulov", st->turn + 1);
			if (qio_event(g, 1) == 3 && !k->stack_free[1 - gen]) { /* [25.32] 3 contact made */
				k->stack_free[1 - gen] = k->stack_free[gen];
				ev_emit(ev, "[25.32]", "Contact made: %s's units are released from rule 7 too",
					gen == 0 ? "Paulov" : "Soimonov");
			}
		}
	}
	/* [22.1] control: the last side to move a unit into the hex */
	for (int i = 0; i < 3; i++) {
		int idx = map_index(&s->map, objectives[i]), stk[Q_STACK_MAX];
		if (idx >= 0 && q_stack(g, idx, stk, Q_STACK_MAX) > 0)
			k->ctrl[i] = (uint8_t)(s->u[stk[0]].side + 1);
	}
	qio_after_action(g, ev);
}

static void ink_on_melee(struct game *g, const int *att, int natt, struct evsink *ev)
{
	qio_on_melee(g, att, natt, ev);
}

static bool ink_exerts_zoc(const struct game *g, int u)
{
	return qio_exerts_zoc(g, u) != 0;
}

/* Without [26.2] and [27.1] every unit exerts a ZOC (ink_exerts_zoc: qio_exerts_zoc -1). */
static bool ink_exerts_zoc_static_in(const struct game *g)
{
	return qio_exerts_zoc_none(g);
}

static int ink_melee_strength(const struct game *g, int u, bool attacking, int base)
{
	return qio_melee_strength(g, u, attacking, base);
}

static void ink_on_removed(struct game *g, int u, int origin, bool retreated, struct evsink *ev)
{
	(void)origin;
	(void)ev;
	if (!retreated && tagged(g, u, QT_PICKET))
		IS(g)->pickets_lost++;
}

/* [29.26] 5: is any Russian unit sighted by an Allied unit? */
static bool russian_sighted(const struct game *g)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int ru = q_russian(g);
	for (int a = 0; a < s->nunits; a++) {
		if (st->u[a].idx < 0 || s->u[a].side == ru)
			continue;
		for (int r = 0; r < s->nunits; r++) /* (no reason needed: the memo may answer) */
			if (st->u[r].idx >= 0 && s->u[r].side == ru && q_los(g, st->u[a].idx, st->u[r].idx, NULL, 0))
				return true;
	}
	return false;
}

/* [20.31], [20.32] at the end of the Allied Rally Phase of a Clear Game-Turn, two undisrupted
 * skirmisher counters of one battalion stacked together become one unit: the top counter
 * stays (the battalion), the other leaves play ([20.33]). */
static void form_battalions(struct game *g, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	for (int u = 0; u < s->nunits; u++) {
		int stk[Q_STACK_MAX], n;
		if (!skirm(g, u) || tagged(g, u, QT_PICKET) || !s->u[u].parent[0] || st->u[u].idx < 0 ||
		    q_disrupted(g, u))
			continue;
		n = q_stack(g, st->u[u].idx, stk, Q_STACK_MAX);
		if (n < 2 || stk[0] != u)
			continue; /* the top counter forms the battalion */
		for (int i = 1; i < n; i++) {
			int v = stk[i];
			if (!skirm(g, v) || tagged(g, v, QT_PICKET) || q_disrupted(g, v) ||
			    strcmp(s->u[v].parent, s->u[u].parent) || s->u[v].side != s->u[u].side)
				continue;
			q_place(st, v, Q_ABSENT);
			st->u[v].aux |= AUX_ABSORBED;
			st->u[u].aux |= AUX_MERGED;
			ev_emit(ev, "[20.32]", "%s and %s form one battalion (%s: fire %d, melee %d, movement allowance 7)",
				s->u[u].id, s->u[v].id, s->u[u].id, q_fire(g, u), q_melee(g, u));
			break;
		}
	}
}

static void ink_end_phase(struct game *g, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct ink *k = IS(g);
	int ru = q_russian(g);

	qio_end_phase(g, ev);
	if (st->phase == QP_MOVE && st->phasing == ru) {
		/* [22.2] VP hexes: a Russian unit ending the Movement Phase with no Allied unit adjacent */
		for (int i = 0; i < 8; i++) {
			int idx = map_index(&s->map, vp_hexes[i]), stk[Q_STACK_MAX];
			if (idx < 0 || (k->vp_hexes & (1 << i)) || q_stack(g, idx, stk, Q_STACK_MAX) == 0 ||
			    s->u[stk[0]].side != ru)
				continue;
			bool allied_near = false;
			for (int d = 0; d < 6; d++) {
				int j = map_nb(&s->map, idx, d), st2[Q_STACK_MAX], n2;
				if (j < 0)
					continue;
				n2 = q_stack(g, j, st2, Q_STACK_MAX);
				for (int q = 0; q < n2; q++)
					if (s->u[st2[q]].side != ru)
						allied_near = true;
			}
			if (!allied_near) {
				k->vp_hexes |= (uint8_t)(1 << i);
				ev_emit(ev, "[22.2]", "a Russian unit holds %04d with no Allied unit adjacent: 1 victory point", vp_hexes[i]);
			}
		}
	}
	if (st->phase == QP_MOVE && st->phasing == ru && option_scenario(g)) {
		/* [29.26] rule 7: three of a general's units within three hexes of a British unit */
		for (int gen = 0; gen < 2; gen++) {
			int near = 0;
			if (k->stack_free[gen])
				continue;
			for (int u = 0; u < s->nunits; u++) {
				if (st->u[u].idx < 0 || general(g, u) != gen)
					continue;
				for (int v = 0; v < s->nunits; v++)
					if (st->u[v].idx >= 0 && nation(g, v, "british") &&
					    hex_distance(map_hex(&s->map, st->u[u].idx), map_hex(&s->map, st->u[v].idx)) <= 3) {
						near++;
						break;
					}
			}
			if (near >= 3) {
				k->stack_free[gen] = (uint8_t)(st->turn + 1);
				ev_emit(ev, "[29.26]", "%d of %s's units are within three hexes of a British unit: rule 7 no longer binds them from Game-Turn %d",
					near, gen == 0 ? "Soimonov" : "Paulov", st->turn + 1);
				if (qio_event(g, 1) == 3 && !k->stack_free[1 - gen]) /* [25.32] 3 */
					k->stack_free[1 - gen] = k->stack_free[gen];
			}
		}
	}
	if (st->phase == QP_RALLY && st->phasing != ru && !dark(g))
		form_battalions(g, ev);
	if (st->phase == QP_RALLY && st->phasing != s->first)
		for (int u = 0; u < s->nunits; u++) /* [29.26] rule 6: a new Game-Turn */
			if (s->u[u].side != ru)
				st->u[u].aux = (uint8_t)((st->u[u].aux & ~(AUX_HIT | AUX_HIT_PREV)) |
							 ((st->u[u].aux & AUX_HIT) ? AUX_HIT_PREV : 0));
	if (st->phase == QP_MOVE && st->phasing != ru) {
		/* [29.16] a rolling French unit adjacent to a later French unit is freed from the next turn */
		for (int u = 0; u < s->nunits; u++) {
			if (!(s->u[u].tags & QT_RELEASE_ROLL) || st->u[u].idx < 0 || (st->u[u].aux & AUX_FREED))
				continue;
			for (int v = 0; v < s->nunits; v++)
				if (v != u && nation(g, v, "french") && s->u[v].enter_turn >= 16 && st->u[v].idx >= 0 &&
				    hex_adjacent(map_hex(&s->map, st->u[u].idx), map_hex(&s->map, st->u[v].idx))) {
					st->u[u].aux |= AUX_FREED;
					ev_emit(ev, "[29.16]", "%s has joined the later French units: it moves freely from now on", s->u[u].id);
					break;
				}
		}
	}
	/* [29.26] 5: at the end of each Game-Turn, the Allies' release */
	if (option_scenario(g) && !k->allied_free_turn && st->phase == QP_RALLY && st->phasing != s->first) {
		k->sighted_turns = russian_sighted(g) ? (uint8_t)(k->sighted_turns + 1) : 0;
		if (k->attacked || k->sighted_turns >= 2) {
			k->allied_free_turn = (uint8_t)(st->turn + 1);
			ev_emit(ev, "[29.26]", "the Allies are alerted: their units may move from Game-Turn %d; reinforcements shift %+d Game-Turns",
				st->turn + 1, st->turn + 1 - 8);
		}
	}
}

static int ink_phase_start(struct game *g, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	int ru = q_russian(g);
	int orc = qio_phase_start(g, ev); /* weather, releases, dissolution ([25.13], [23.3], [26.1]) */

	if (orc != 0)
		return orc;
	if (st->phase == QP_RALLY && st->phasing != ru && option_scenario(g) &&
	    st->turn == IS(g)->allied_free_turn) {
		/* [29.26] rule 6: on the first Game-Turn the Allies may move, a disrupted unit not
		 * attacked in the previous Game-Turn that did not move recovers */
		for (int u = 0; u < s->nunits; u++)
			if (s->u[u].side != ru && st->u[u].idx >= 0 && q_disrupted(g, u) &&
			    !(st->u[u].fl & QF_MOVED) && !(st->u[u].aux & AUX_HIT_PREV)) {
				st->u[u].fl &= (uint16_t)~QF_DISRUPTED;
				ev_emit(ev, "[29.26]", "%s was neither attacked last Game-Turn nor moved: it is undisrupted (rule 6)", s->u[u].id);
			}
		return 0;
	}
	if (st->phase != QP_MOVE || st->phasing == ru)
		return 0;
	/* [29.16] each Game-Turn after entering, a die for each of the two French units: 1-3 moves */
	for (int u = 0; u < s->nunits; u++) {
		int die, rc;
		if (!(s->u[u].tags & QT_RELEASE_ROLL))
			continue;
		st->u[u].aux &= (uint8_t)~AUX_MAYMOVE;
		if (st->u[u].idx == Q_OFF) {
			st->u[u].aux |= AUX_MAYMOVE; /* the Game-Turn it enters it moves freely */
			continue;
		}
		if (st->u[u].idx < 0 || (st->u[u].aux & AUX_FREED))
			continue;
		rc = dice_roll(&g->dice, 6, &die);
		if (rc != 0)
			return rc;
		if (die <= 3)
			st->u[u].aux |= AUX_MAYMOVE;
		struct event *evp = ev_emit(ev, "[29.16]", "%s: die %d, %s this Game-Turn", s->u[u].id, die,
					    die <= 3 ? "it may move" : "it may not move");
		ev_die(evp, die);
	}
	return 0;
}

/* [16.4] exits: any unit, in its own Movement Phase, paying for an imaginary hex like the one
 * it leaves; never into the harbour row ([16.43]). */
static int exit_vp(const struct game *g, int idx, bool *can)
{
	const struct map *m = &q_scn(g)->map;
	int best = 0;
	*can = false;
	for (int d = 0; d < 6; d++) {
		int j = map_nb(m, idx, d), h;
		if (j >= 0 && (m->flags[j] & HEXF_ONMAP))
			continue;
		if (j >= 0) {
			h = map_hex(m, j);
			if (hex_row(h) == 0 && hex_col(h) <= 24)
				continue; /* [16.43] harbour */
			if (hex_row(h) == 26 && hex_col(h) >= 18 && hex_col(h) <= 22 && best < 1)
				best = 1; /* errata [22.2] 1826-2226 */
			if (hex_row(h) == 27 && hex_col(h) >= 23 && hex_col(h) <= 27)
				best = 2; /* errata [22.2] 2327-2727 */
		}
		*can = true;
	}
	return best;
}

static void ink_actions(const struct game *g, struct q_alist *l)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	qio_actions(g, l);
	if (st->phase != QP_MOVE || st->npend)
		return;
	for (int u = 0; u < s->nunits; u++) {
		bool can;
		/* (a unit leaves only from a hex at the map's edge, where exit_vp finds a neighbour
		 * off the map: the others are passed over without asking it) */
		if (st->u[u].idx < 0 || s->u[u].side != st->phasing || !s->at_edge[st->u[u].idx])
			continue;
		exit_vp(g, st->u[u].idx, &can); /* (at a map edge: rarer, and cheaper to ask first) */
		if (!can || q_can_move(g, u, NULL) != 0)
			continue;
		if (q_mp_left(g, u) >= s->tab.tec.hex[s->map.terrain[st->u[u].idx]][s->u[u].type]) {
			struct action a = {QA_EXIT, 1, {u}};
			q_push(l, &a);
		}
	}
}

static int ink_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	int u = a->arg[0], vp, cost;
	bool can;

	if (a->kind != QA_EXIT) {
		int o = qio_apply(g, a, ev, e);
		if (o != 1)
			return o;
		return err_set(e, NULL, 0, "no such action at Inkerman");
	}
	if (u < 0 || u >= s->nunits || st->phase != QP_MOVE || s->u[u].side != st->phasing || st->u[u].idx < 0)
		return err_set(e, NULL, 0, "[16.45] units exit only in their own Movement Phase");
	if (q_can_move(g, u, e) != 0)
		return -1;
	vp = exit_vp(g, st->u[u].idx, &can);
	if (!can)
		return err_set(e, NULL, 0, "[16.41] %s is not on a map edge it may leave by ([16.43]: not into the harbour)", s->u[u].id);
	cost = s->tab.tec.hex[s->map.terrain[st->u[u].idx]][s->u[u].type];
	if (cost >= QT_ROADONLY || q_mp_left(g, u) < cost)
		return err_set(e, NULL, 0, "[16.41] %s lacks the movement points to enter the imaginary hex", s->u[u].id);
	st->u[u].aux |= AUX_EXITED;
	q_place(st, u, Q_ELIM);
	if (s->u[u].side == q_russian(g)) {
		IS(g)->exit_vp = (uint8_t)(IS(g)->exit_vp + vp);
		qio_on_exit(g, u, vp); /* [27.22] exited reserves */
	}
	ev_emit(ev, "[16.4]", "%s exits the map%s", s->u[u].id,
		s->u[u].side == q_russian(g) && vp ? (vp == 2 ? " (2 victory points, [22.2])" : " (1 victory point, [22.2])") : "");
	return 0;
}

static void ink_victory(const struct game *g, struct result *r, struct score_sheet *sh)
{
	static const char *const places[3] = {"Lancaster Battery (1314)", "Barrier (2512)",
					      "Sandbag Battery (2811)"};
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct ink *k = CIS(g);
	int ru = q_russian(g), al = 1 - ru, vr, va, diff, held = 0;
	/* the schedules' items: [22.2] Allied melee points, artillery; [22.3] Russian battalions,
	 * artillery (4, 5 or 6 points) */
	int al_melee = 0, al_art = 0, ru_inf = 0, ru_art_vp = 0, ru_art = 0;
	bool skip_sandbag = false;
	const char *level;

	for (int u = 0; u < s->nunits; u++) {
		const struct q_udef *d = &s->u[u];
		if (st->u[u].idx != Q_ELIM || (st->u[u].aux & AUX_EXITED))
			continue;
		if (d->side == al) {
			if (tagged(g, u, QT_PICKET))
				continue;
			if (d->type == Q_ART || d->type == Q_HART)
				al_art++;
			else if (d->melee[0] > 0) {
				int v = absorbed(g, u); /* [20.33] a formed battalion is worth both counters */
				al_melee += d->melee[0] + (v >= 0 && s->u[v].melee[0] > 0 ? s->u[v].melee[0] : 0);
			}
		} else if (d->type == Q_INF) {
			ru_inf++;
		} else if (d->type == Q_ART) {
			bool lt = strstr(d->name, "Lt") || strstr(d->name, "Light"), pos = strstr(d->name, "Pos") != NULL;
			ru_art_vp += lt && pos ? 5 : pos ? 6 : 4;
			ru_art++;
		}
	}
	for (int i = 0; i < 8; i++)
		if (k->vp_hexes & (1 << i))
			held++;
	vr = al_melee + 3 * al_art + k->pickets_lost / 3 + k->exit_vp + held;
	va = ru_inf + ru_art_vp;
	if (sh) {
		q_sheet_add(sh, ru, al_melee, "[22.2]",
			    "melee strength points of Allied infantry and cavalry eliminated, 1 each",
			    "%d melee strength point%s of Allied infantry and cavalry eliminated, 1 each", al_melee,
			    al_melee == 1 ? "" : "s");
		q_sheet_add(sh, ru, k->pickets_lost / 3, "[22.2]", "pickets eliminated, 1 for every three",
			    "%d picket%s eliminated, 1 for every three",
			    k->pickets_lost, k->pickets_lost == 1 ? "" : "s");
		q_sheet_add(sh, ru, 3 * al_art, "[22.2]", "Allied artillery units eliminated, 3 each",
			    "%d Allied artillery unit%s eliminated, 3 each", al_art,
			    al_art == 1 ? "" : "s");
		q_sheet_add(sh, ru, k->exit_vp, "[22.2]", NULL, "Russian units exited, 1 or 2 each by where");
		q_sheet_add(sh, ru, held, "[22.2]",
			    "the hexes 1823 ... 2524 held with no Allied unit adjacent, 1 each",
			    "%d of the hexes 1823 ... 2524 held with no Allied unit adjacent, 1 each",
			    held);
		q_sheet_add(sh, al, ru_inf, "[22.3]", "Russian infantry battalions eliminated, 1 each",
			    "%d Russian infantry battalion%s eliminated, 1 each", ru_inf,
			    ru_inf == 1 ? "" : "s");
		q_sheet_add(sh, al, ru_art_vp, "[22.3]", "Russian artillery units eliminated, 4 to 6 each",
			    "%d Russian artillery unit%s eliminated, 4 to 6 each",
			    ru_art, ru_art == 1 ? "" : "s");
	}
	qio_victory(g, &vr, &va, &skip_sandbag, sh); /* [23.1], [27.21], [27.22] */
	for (int i = 0; i < 3; i++) {
		if (i == 2 && skip_sandbag)
			continue;
		if (k->ctrl[i] == ru + 1)
			vr += 2;
		else if (k->ctrl[i] == al + 1)
			va += 2;
		if (sh && k->ctrl[i])
			q_sheet_add(sh, k->ctrl[i] - 1, 2, k->ctrl[i] - 1 == ru ? "[22.2]" : "[22.3]", NULL,
				    "%s controlled", places[i]);
	}
	diff = vr - va;
	/* [22.41], [22.42] */
	if (vr < 9)
		level = "Allied Decisive Victory (the Russians scored under 9, [22.41])";
	else {
		level = diff >= 10 ? "Russian Decisive Victory" : diff >= 5 ? "Russian Tactical Victory"
			: diff >= 2 ? "Russian Marginal Victory" : diff >= -1 ? "Draw"
			: diff >= -4 ? "Allied Marginal Victory" : diff >= -9 ? "Allied Tactical Victory"
			: "Allied Decisive Victory";
		if (vr <= 11 && diff >= -4)
			level = "Allied Tactical Victory (the Russians scored only 9-11, [22.42])";
	}
	r->vp[ru] = vr;
	r->vp[al] = va;
	r->winner = !strncmp(level, "Draw", 4) ? -1 : !strncmp(level, "Russian", 7) ? ru : al;
	q_level_text(r->level, sizeof r->level, level, g->scn->side[ru], vr, g->scn->side[al], va, "");
}

static int ink_cav_disrupt_mp(const struct game *g, int u)
{
	return qio_cav_disrupt_mp(g, u);
}

const struct q_battle q_inkerman = {
	.id = "inkerman",
	.cav_disrupt_mp = ink_cav_disrupt_mp,
	.prepare = ink_prepare,
	.setup = ink_setup,
	.closed = ink_closed,
	.closed_static = true, /* to everyone: never (ink_closed) */
	.stack_ok = ink_stack_ok,
	.ma = ink_ma,
	.los_hex = ink_los_hex,
	.los_hex_static = true, /* terrain only */
	.los_lineless = true,   /* ink_los ignores the line */
	.los = ink_los,
	.fire_shift = ink_fire_shift,
	.targets = ink_targets,
	.fire_from_bottom = ink_fire_from_bottom,
	.fire_group_ok = ink_fire_group_ok,
	.fire_split = qio_fire_split,
	.fire_spent = qio_fire_spent,
	.retreat_together = qio_massed_pair, /* [28.23] */
	.retreat_stack_ok = ink_retreat_stack_ok, /* [19.42], [19.43] */
	.morale = ink_morale,
	.rally_mod = ink_rally_mod,
	.may_rally = ink_may_rally,
	.may_move = ink_may_move,
	.may_enter = ink_may_enter,
	.enter_turn = ink_enter_turn,
	.after_move = ink_after_move,
	.moved = qio_moved,
	.after_action = ink_after_action,
	.on_removed = ink_on_removed,
	.end_phase = ink_end_phase,
	.phase_start = ink_phase_start,
	.actions = ink_actions,
	.apply = ink_apply,
	.victory = ink_victory,
	.move_ok = ink_move_ok,
	.strength = ink_strength,
	.paren = ink_paren,
	.melee_ok = ink_melee_ok,
	.on_melee = ink_on_melee,
	.exerts_zoc = ink_exerts_zoc,
	.exerts_zoc_static_in = ink_exerts_zoc_static_in,
	.melee_strength = ink_melee_strength,
	.step_variant = qio_step_variant,
	.parse = qio_parse,
	.format = qio_format,
};
