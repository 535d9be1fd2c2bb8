/* qinkopt: the fourteen optional rules of Inkerman ([23.0]-[28.0] with the errata of 19 May
 * 1978), each switched by its own option bit (quad.h Q_OPT_23_1 ... Q_OPT_28_2):
 *   [23.1] Sandbag Battery worth its captures; [23.2] Russian regiments rearranged among the
 *   Regimental Boxes of their commander (drawn from the rules dice at set-up); [23.3] variable
 *   release of Paulov's groups and Soimonov's regiments;
 *   [24] the Big Guns (Sevastopol, the Mamelon, the two steamships, the Allied siege guns);
 *   [25] weather of the night and fog by the Weather Determinant, Allied and Russian random
 *   events; [26.1] dissolution by movement at night and in fog (errata: hexes moved minus the
 *   sighting range), [26.2] skirmishers' zone of influence;
 *   [27.1] march mode, [27.2] reserves (errata: a third Russian regiment), [27.3] fatigue
 *   (errata: cavalry fatigue each Game-Turn it moves); [28.1] split fire ("fire U:3,V > HEX",
 *   through qfire.c's fire_split/fire_spent hooks), [28.2] massed fire. qinkerman.c's hooks call the qio_ functions;
 * each does nothing unless its option is on. State: struct io in q_state.bs after struct ink.
 * Choices the rules leave to a player before play ([23.2] arrangement, [27.22] Russian
 * reserves) are drawn from the game's rules dice at set-up, so a record replays them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "qbattle.h"
#include "qmove.h"

#define NBOX 15 /* Regimental Boxes: 4 bits per unit */

struct io {
	uint8_t weather;        /* [25.11] 0 not rolled, 1 Rain, 2 No Rain */
	uint8_t ev[2];          /* [25.22] Allied row, [25.32] Russian row (1-7), 0 none */
	uint8_t killed;         /* Russian event 1, Option Scenario: 1 Soimonov, 2 Paulov killed */
	uint8_t fog_run;        /* [25.14] consecutive Fog Game-Turns including this one */
	uint8_t wx_turn;        /* the last Game-Turn whose weather is known */
	uint8_t sand_ctrl;      /* [23.1] side + 1 controlling 2811 */
	uint8_t sand_caps[2];   /* [23.1] captures and recaptures per side */
	uint8_t paulov_rel[2];  /* [23.3] Game-Turn each of Paulov's groups was released */
	uint8_t paulov_tries[2];
	uint8_t soim_rel[NBOX + 1]; /* [23.3] Game-Turn each of Soimonov's boxes was released */
	uint8_t shell_turn;     /* [25.32] 1: two of Paulov's artillery ended a Movement Phase on Shell Hill */
	uint8_t ship_state[2];  /* [24.33] enum qio_ship */
	int16_t ship_idx[2];    /* [24.34] where each steamship is */
	uint8_t bigfired;       /* [24.12] bit per side: declared this fire phase */
	uint8_t reserve_melee;  /* [27.21] a Reserve attacked in the present melee */
	uint8_t extra_vp[2];    /* [27.21], [27.22] extra victory points earned in play: [side] */
	uint8_t of[Q_UNITS_MAX];  /* per unit: OF_* */
	uint8_t fp[Q_UNITS_MAX];  /* [27.33] fatigue points; FP_FATIGUED once Fatigued */
	uint8_t mv[Q_UNITS_MAX];  /* low 4 bits: hexes moved this Movement Phase [26.1]; high 4 bits: Regimental Box + 1 */
	int16_t pos[Q_UNITS_MAX]; /* position after the last action (moves, eliminations) */
	int16_t diss_owed;        /* [26.1] unit + 1 whose dissolution roll is owed when it ceases moving */
	int16_t split_u;          /* [28.12] unit + 1 that split its fire and has points left this Fire Phase */
	uint8_t split_spent;      /* [28.11] the points it has fired so far */
};

_Static_assert(16 + sizeof(struct io) <= sizeof(((struct q_state *)0)->bs), "struct io fits q_state.bs");

#define OF_MARCH 0x01       /* [27.1] in March Mode */
#define OF_MARCH_START 0x02 /* began this Movement Phase in March Mode ([27.13] A) */
#define OF_BROKE 0x04       /* [27.33] not in March Mode at some moment of this Game-Turn */
#define OF_RESERVE 0x08     /* [27.2] */
#define OF_NEWRES 0x10      /* [27.21] named Reserve this Movement Phase: does not move */
#define OF_MASSED 0x20      /* [28.21] */
#define OF_FIRED_SEEN 0x40  /* QF_FIRED already accounted for (fatigue, reserve attacks) */
#define OF_MOVED_T 0x80     /* moved in its Movement Phase this Game-Turn ([27.33]) */
#define FP_FATIGUED 0x80

static struct io *IO(struct game *g)
{
	return (struct io *)(void *)(q_st(g)->bs + 16);
}

static const struct io *CIO(const struct game *g)
{
	return (const struct io *)(const void *)(q_cst(g)->bs + 16);
}

static bool on(const struct game *g, uint32_t bit)
{
	return (g->options & bit) != 0 && q_scn(g)->ops == &q_inkerman;
}

static bool is_art(const struct q_scn *s, int u)
{
	return s->u[u].type == Q_ART || s->u[u].type == Q_HART;
}

static bool nation(const struct game *g, int u, const char *n)
{
	return !strcmp(q_scn(g)->u[u].nation, n);
}

static int idx_of(const struct game *g, int hex)
{
	return map_index(&q_scn(g)->map, hex);
}

static int hex_of(const struct game *g, int idx)
{
	return map_hex(&q_scn(g)->map, idx);
}

/* A die for set-up choices (no action is open yet): the rules stream, so replays agree. */
static int setup_die(struct game *g)
{
	return rng_d6(&g->dice.rng);
}

/* ---- Regimental Boxes [23.21] (map places "Regimental Box [23.2]: Name ... (Commander)") ---- */

#define BOX_PREFIX "Regimental Box [23.2]: "

/* The place of box b (0-based among the boxes, in map order: found at load by
 * qio_prepare), or NULL. */
static const struct map_place *box_place(const struct game *g, int b)
{
	const struct q_scn *s = q_scn(g);
	return b >= 0 && b < s->nbplace ? &s->map.places[s->bplace[b]] : NULL;
}

static int nboxes(const struct game *g)
{
	int n = q_scn(g)->nbplace;
	return n < NBOX ? n : NBOX;
}

/* Does box b's name start with regiment name reg (case-insensitive)? */
static bool box_is(const struct game *g, int b, const char *reg)
{
	const struct map_place *p = box_place(g, b);
	return p && !strncasecmp(p->name + strlen(BOX_PREFIX), reg, strlen(reg));
}

static bool box_commander(const struct game *g, int b, const char *who)
{
	const struct map_place *p = box_place(g, b);
	char tag[24];
	snprintf(tag, sizeof tag, "(%s)", who);
	return p && strstr(p->name, tag) != NULL;
}

const char *qio_box_name(const struct game *g, int b)
{
	const struct map_place *p = box_place(g, b);
	return p ? p->name + strlen(BOX_PREFIX) : "";
}

int qio_box(const struct game *g, int u)
{
	return (CIO(g)->mv[u] >> 4) - 1;
}

static bool unit_in_box(const struct game *g, int u, const char *reg)
{
	int b = qio_box(g, u);
	return b >= 0 && box_is(g, b, reg);
}

/* The box a regiment starts in, by name. */
static int regiment_box(const struct game *g, const char *reg)
{
	for (int b = 0; b < nboxes(g); b++)
		if (box_is(g, b, reg))
			return b;
	return -1;
}

/* ---- readers ---- */

int qio_ship_state(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	int k = 0;
	for (int v = 0; v < s->nunits; v++)
		if (s->u[v].tags & QT_STEAMSHIP) {
			if (v == u)
				return k < 2 ? CIO(g)->ship_state[k] : -1;
			k++;
		}
	return -1;
}

static int ship_no(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	int k = 0;
	for (int v = 0; v < s->nunits && k < 2; v++)
		if (s->u[v].tags & QT_STEAMSHIP) {
			if (v == u)
				return k;
			k++;
		}
	return -1;
}

int qio_ship_hex(const struct game *g, int u)
{
	int k = ship_no(g, u);
	return k < 0 ? -1 : CIO(g)->ship_idx[k];
}

int qio_fatigue_points(const struct game *g, int u) { return CIO(g)->fp[u] & 0x7F; }
bool qio_march(const struct game *g, int u) { return (CIO(g)->of[u] & OF_MARCH) != 0; }
bool qio_reserve(const struct game *g, int u) { return (CIO(g)->of[u] & OF_RESERVE) != 0; }
bool qio_massed(const struct game *g, int u) { return (CIO(g)->of[u] & OF_MASSED) != 0; }
int qio_weather(const struct game *g) { return CIO(g)->weather; }
int qio_event(const struct game *g, int russian_table) { return CIO(g)->ev[russian_table ? 1 : 0]; }
int qio_sandbag_captures(const struct game *g, int side) { return CIO(g)->sand_caps[side & 1]; }

static bool no_rain(const struct game *g) { return CIO(g)->weather == 2; }

/* [25.32] results, by scenario. */
static bool ev_ru(const struct game *g, int a, int b, int c)
{
	int r = CIO(g)->ev[1];
	return r && (r == a || r == b || r == c);
}
static bool soimonov_not_killed(const struct game *g) { return ev_ru(g, 4, 6, 7) && !q_ink_option_scenario(g); }
static bool paulov_hurries(const struct game *g) { return ev_ru(g, 5, 6, 0); }
static bool general_killed(const struct game *g) { return ev_ru(g, 1, 0, 0); }

/* [27.32] without March Mode, British and Russian units are Fatigued from Game-Turn 19
 * (Paulov's from 18 if he hurried); [27.33] with it, from 10 Fatigue Points. */
bool qio_fatigued(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	if (!on(g, Q_OPT_27_3))
		return false;
	if (on(g, Q_OPT_27_1))
		return (CIO(g)->fp[u] & FP_FATIGUED) != 0;
	if (nation(g, u, "french") || (s->u[u].tags & (QT_BIG_GUN | QT_STEAMSHIP)))
		return false;
	if (on(g, Q_OPT_25_3) && paulov_hurries(g) && q_has_tag(s, u, "paulov"))
		return q_cst(g)->turn >= 18;
	return q_cst(g)->turn >= 19;
}

/* ---- set-up ---- */

/* [23.2]: each regiment of a commander drawn into one of his boxes; its battalions into the
 * box's places in a drawn order. Box b's places are the set-up hexes of the regiment printed
 * there (two units may share one). */
static void arrange(struct game *g, const char *who)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct io *o = IO(g);
	int boxes[NBOX], nb = 0, perm[NBOX];
	for (int b = 0; b < nboxes(g); b++)
		if (box_commander(g, b, who))
			boxes[nb++] = b;
	for (int i = 0; i < nb; i++)
		perm[i] = boxes[i];
	for (int i = nb - 1; i > 0; i--) { /* Fisher-Yates with dice */
		int j = (int)rng_below(&g->dice.rng, (uint32_t)(i + 1)), t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	/* regiment printed in boxes[i] moves into perm[i]: only boxes with the same number of
	 * battalions swap places (all Russian regiments have four, [23.21]) */
	int16_t slots[NBOX][8];
	int nslots[NBOX] = {0};
	for (int i = 0; i < nb; i++) {
		const char *reg = qio_box_name(g, boxes[i]);
		for (int u = 0; u < s->nunits; u++) {
			size_t l = strlen(s->u[u].parent);
			if (s->u[u].side == q_russian(g) && l && !strncasecmp(reg, s->u[u].parent, l) &&
			    s->u[u].setup_hex != HEX_NONE && nslots[i] < 8)
				slots[i][nslots[i]++] = (int16_t)idx_of(g, s->u[u].setup_hex);
		}
	}
	for (int i = 0; i < nb; i++) {
		int to = -1;
		for (int k = 0; k < nb; k++)
			if (boxes[k] == perm[i])
				to = k;
		const char *reg = qio_box_name(g, boxes[i]);
		int n = 0, us[8];
		for (int u = 0; u < s->nunits && n < 8; u++) {
			size_t l = strlen(s->u[u].parent);
			if (s->u[u].side == q_russian(g) && l && !strncasecmp(reg, s->u[u].parent, l) &&
			    s->u[u].setup_hex != HEX_NONE)
				us[n++] = u;
		}
		if (to < 0 || nslots[to] != n)
			to = i; /* a box of another size keeps its regiment */
		int16_t sl[8];
		memcpy(sl, slots[to], sizeof sl);
		for (int k = n - 1; k > 0; k--) {
			int j = (int)rng_below(&g->dice.rng, (uint32_t)(k + 1));
			int16_t t = sl[k];
			sl[k] = sl[j];
			sl[j] = t;
		}
		for (int k = 0; k < n; k++) {
			q_place(st, us[k], sl[k]);
			o->mv[us[k]] = (uint8_t)((boxes[to] + 1) << 4);
		}
	}
}

/* Box membership as printed: a regiment's box by name; a rifle battalion set up in a box
 * ([23.33]: the 6th Rifle Battalion with the Kolivansk box). */
static void boxes_as_printed(struct game *g)
{
	const struct q_scn *s = q_scn(g);
	struct io *o = IO(g);
	for (int u = 0; u < s->nunits; u++) {
		int b = -1;
		if (s->u[u].side != q_russian(g) || s->u[u].setup_hex == HEX_NONE)
			continue;
		if (s->u[u].parent[0])
			b = regiment_box(g, s->u[u].parent);
		else if (s->u[u].type == Q_INF)
			for (int k = 0; k < nboxes(g) && b < 0; k++) {
				const struct map_place *p = box_place(g, k);
				for (int h = 0; h < p->nhexes; h++)
					if (p->hexes[h] == s->u[u].setup_hex)
						b = k;
			}
		if (b >= 0)
			o->mv[u] = (uint8_t)((b + 1) << 4);
	}
}

/* [25.14] the weather of Game-Turn t (a Day turn), given the run of Fog before it. */
static void roll_weather(struct io *o, int t, int die)
{
	int prev_dark = t - 1 <= 6 || o->fog_run > 0;
	int wd = die + 6 + (o->weather == 1) + prev_dark;
	o->fog_run = wd >= t ? (uint8_t)(o->fog_run + 1) : 0;
	if (wd >= t && t - 1 <= 6)
		o->fog_run = 1; /* the first Fog after Night */
	o->wx_turn = (uint8_t)t;
}

/* [27.22] the Russian reserves: n regiments of a commander, drawn. */
static void draw_reserves(struct game *g, const char *who, int n)
{
	const struct q_scn *s = q_scn(g);
	struct io *o = IO(g);
	char regs[12][Q_ID_MAX];
	int nr = 0;
	for (int u = 0; u < s->nunits; u++) {
		bool seen = false;
		if (!q_has_tag(s, u, who) || !s->u[u].parent[0] || s->u[u].type != Q_INF)
			continue;
		for (int i = 0; i < nr; i++)
			seen = seen || !strcmp(regs[i], s->u[u].parent);
		if (!seen && nr < 12)
			snprintf(regs[nr++], Q_ID_MAX, "%s", s->u[u].parent);
	}
	for (int k = 0; k < n && nr > 0; k++) {
		int j = (int)rng_below(&g->dice.rng, (uint32_t)nr);
		for (int u = 0; u < s->nunits; u++)
			if (q_has_tag(s, u, who) && !strcmp(s->u[u].parent, regs[j]))
				o->of[u] |= OF_RESERVE;
		memmove(regs[j], regs[nr - 1], sizeof regs[0]);
		nr--;
	}
}

void qio_setup(struct game *g)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct io *o = IO(g);

	memset(o, 0, sizeof *o);
	if (s->ops != &q_inkerman || !(g->options & Q_OPT_INKERMAN))
		return;
	boxes_as_printed(g);
	if (on(g, Q_OPT_23_2)) {
		arrange(g, "Soimonov");
		arrange(g, "Paulov");
	}
	/* [24.34] big guns are no counters: out of the units' play, positions kept here */
	for (int u = 0, k = 0; u < s->nunits; u++)
		if (s->u[u].tags & QT_BIG_GUN) {
			if (st->u[u].idx >= 0 && (s->u[u].tags & QT_STEAMSHIP) && k < 2) {
				o->ship_idx[k] = st->u[u].idx;
				o->ship_state[k++] = q_has_tag(s, u, "moored") ? QIO_MOORED : QIO_UNDERWAY;
			}
			if (st->u[u].idx >= 0)
				q_place(st, u, Q_ABSENT);
		}
	if (on(g, Q_OPT_25_1)) {
		o->weather = setup_die(g) <= 2 ? 2 : 1; /* [25.11] */
		for (int t = 7; t <= st->turn; t++)    /* [25.13] the turns up to the first played */
			roll_weather(o, t, setup_die(g));
	}
	if (on(g, Q_OPT_25_2))
		o->ev[0] = (uint8_t)(setup_die(g) + (no_rain(g) ? 1 : 0)); /* [25.21] */
	if (on(g, Q_OPT_25_3)) {
		o->ev[1] = (uint8_t)(setup_die(g) + (no_rain(g) ? 1 : 0)); /* [25.31] */
		if (o->ev[1] == 1 && q_ink_option_scenario(g))
			o->killed = setup_die(g) <= 3 ? 1 : 2;
	}
	/* [25.22] 2, Option Scenario: the Light Division on the map begins disrupted */
	if (o->ev[0] == 2 && q_ink_option_scenario(g))
		for (int u = 0; u < s->nunits; u++)
			if (st->u[u].idx >= 0 && !strcmp(s->u[u].parent, "lt"))
				st->u[u].fl |= QF_DISRUPTED;
	if (on(g, Q_OPT_27_2)) {
		draw_reserves(g, "soimonov", o->killed == 1 ? 3 : 2); /* errata [27.2] */
		draw_reserves(g, "paulov", o->killed == 2 ? 3 : 2);
	}
	if (on(g, Q_OPT_27_3) && on(g, Q_OPT_27_1) && paulov_hurries(g))
		for (int u = 0; u < s->nunits; u++)
			if (q_has_tag(s, u, "paulov"))
				o->fp[u] = 1; /* [27.33] */
	if (on(g, Q_OPT_23_1)) {
		int i = idx_of(g, 2811), stk[Q_STACK_MAX];
		if (i >= 0 && q_stack(g, i, stk, Q_STACK_MAX) > 0) {
			o->sand_ctrl = (uint8_t)(s->u[stk[0]].side + 1);
			o->sand_caps[s->u[stk[0]].side] = 1; /* the first control is a capture */
		}
	}
	for (int u = 0; u < s->nunits; u++)
		o->pos[u] = st->u[u].idx;
}

/* ---- weather, movement allowance, roads ---- */

int qio_fog_count(const struct game *g)
{
	if (!on(g, Q_OPT_25_1))
		return -1;
	if (q_cst(g)->turn <= 6)
		return 0;
	return CIO(g)->fog_run;
}

int qio_cav_disrupt_mp(const struct game *g, int u)
{
	(void)u;
	/* [25.12] after a night without rain cavalry is disrupted only at 10 or 11 MP */
	return on(g, Q_OPT_25_1) && no_rain(g) ? 20 : 14;
}

int qio_ma(const struct game *g, int u, int base, bool dark)
{
	const struct q_scn *s = q_scn(g);
	int b = base;
	if (!(g->options & Q_OPT_INKERMAN) || s->ops != &q_inkerman)
		return dark && b > 0 ? b - 1 : b;
	if (on(g, Q_OPT_25_1) && no_rain(g) && (s->u[u].type == Q_CAV || is_art(s, u)) && b > 0)
		b++; /* [25.12] */
	if (dark && b > 0 && !on(g, Q_OPT_26_1))
		b--; /* [26.1]: Night/Fog allowances equal the Clear ones */
	if (on(g, Q_OPT_27_1) && (CIO(g)->of[u] & OF_MARCH_START) && q_cst(g)->turn >= 7)
		return 8; /* [27.13] A (leaving March Mode costs 7 of the 8) */
	if (qio_fatigued(g, u) && b > 0)
		b--; /* [27.31] */
	return b;
}

/* The two road rules as table transforms of a type ty's step table: all roads minor ([27.15],
 * infantry out of March Mode) or all roads major ([25.12], Day turns in fine weather). */
enum { ROADS_MINOR = 1, ROADS_MAJOR = 2 };

static void roads_as(const struct q_scn *s, int ty, int how, uint8_t *step)
{
	const struct map *m = &s->map;
	uint8_t major = s->tab.tec.side[QTS_ROAD_MAJOR][ty];
	uint8_t minor = s->tab.tec.side[QTS_ROAD_MINOR][ty];
	uint8_t track = s->tab.tec.side[QTS_TRACK][ty];

	for (int i = 0; i < m->n; i++)
		for (int d = 0; d < 6; d++) {
			unsigned f = map_side_features(m, i, d);
			uint8_t *c = &step[i * 6 + d];
			if (*c == PATH_NOWAY || !(f & (SIDE_ROAD_MAJOR | SIDE_ROAD_MINOR | SIDE_TRACK)))
				continue;
			if (how == ROADS_MINOR) {
				if ((f & SIDE_ROAD_MAJOR) && *c == major)
					*c = minor; /* [27.15] all roads are minor roads */
			} else if (!(f & SIDE_ROAD_MAJOR) && ((f & SIDE_ROAD_MINOR) ? *c == minor : *c == track)) {
				*c = major; /* [25.12] all roads are Major Roads on Day turns */
			}
		}
}

/* The step_variant hook: which road rule u moves by now: 0 none (a disrupted unit keeps the
 * Terrain Effects Chart's roads), ROADS_MINOR or ROADS_MAJOR (q_scn.vstep[0], [1]). */
int qio_step_variant(const struct game *g, int u)
{
	bool wx = on(g, Q_OPT_25_1) && no_rain(g) && q_cst(g)->turn >= 7;
	bool mm = on(g, Q_OPT_27_1) && q_scn(g)->u[u].type == Q_INF;

	if (q_disrupted(g, u))
		return 0;
	if (mm && !(CIO(g)->of[u] & OF_MARCH))
		return ROADS_MINOR; /* [27.15] outranks [25.12] */
	return wx ? ROADS_MAJOR : 0;
}

int qio_prepare(struct q_scn *q)
{
	q->nbplace = 0;
	for (int i = 0; i < q->map.nplaces && q->nbplace < Q_BPLACE_MAX; i++)
		if (!strncmp(q->map.places[i].name, BOX_PREFIX, strlen(BOX_PREFIX)))
			q->bplace[q->nbplace++] = (int16_t)i;
	/* only for units in good order: a disrupted unit's table is never changed (qio_step_variant) */
	for (int ty = 0; ty < Q_NTYPES; ty++) {
		int mc = q_mclass(ty, false);
		for (int v = 0; v < Q_NVARIANT; v++) {
			q->vstep[v][mc] = malloc((size_t)q->map.n * 6);
			if (!q->vstep[v][mc])
				return -1;
			memcpy(q->vstep[v][mc], q->step[mc], (size_t)q->map.n * 6);
			roads_as(q, ty, v == 0 ? ROADS_MINOR : ROADS_MAJOR, q->vstep[v][mc]);
		}
	}
	return 0;
}

/* ---- releases ---- */

static const char *const vsub[4] = {"vladimir", "susdal", "uglitz", "butirsk"};

static int vsub_of(const struct game *g, int u)
{
	for (int i = 0; i < 4; i++)
		if (unit_in_box(g, u, vsub[i]))
			return i;
	return -1;
}

/* [27.22] historical, [25.32] 1 and 4: the Game-Turn the Vladimir...Butirsk boxes are
 * released by these rules; 0 none; 255 never until the event's condition. */
static int vsub_turn(const struct game *g, int i)
{
	static const int not_killed[4] = {11, 12, 12, 13};
	const struct io *o = CIO(g);
	if (q_ink_option_scenario(g))
		return 0;
	if (on(g, Q_OPT_25_3) && general_killed(g))
		return o->shell_turn ? o->shell_turn + 2 : 255;
	if (on(g, Q_OPT_27_2))
		return on(g, Q_OPT_25_3) && soimonov_not_killed(g) ? 10 : 11;
	if (on(g, Q_OPT_25_3) && soimonov_not_killed(g))
		return not_killed[i];
	return 0;
}

int qio_release_turn(const struct game *g, int u, int base)
{
	const struct q_scn *s = q_scn(g);
	int i;
	if (!(g->options & Q_OPT_INKERMAN) || s->u[u].side != q_russian(g) || !base ||
	    q_ink_option_scenario(g))
		return base;
	i = vsub_of(g, u);
	if (i >= 0 && vsub_turn(g, i))
		return vsub_turn(g, i);
	if (on(g, Q_OPT_25_3) && paulov_hurries(g) && q_has_tag(s, u, "paulov"))
		return base - 1; /* [25.32] 5 */
	return base;
}

static int paulov_group(const struct game *g, int u)
{
	return unit_in_box(g, u, "borodino") || unit_in_box(g, u, "tarutin") ? 0 : 1;
}

int qio_may_move(const struct game *g, int u, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct io *o = CIO(g);
	int t = q_cst(g)->turn;
	if (!(g->options & Q_OPT_INKERMAN) || s->ops != &q_inkerman)
		return 1;
	if (o->of[u] & OF_NEWRES)
		return err_set(e, NULL, 0, "[27.21] %s was named a Reserve this Movement Phase and may not move", s->u[u].id);
	if (!on(g, Q_OPT_23_3) || q_ink_option_scenario(g) || s->u[u].side != q_russian(g))
		return 1;
	if (q_has_tag(s, u, "paulov")) { /* [23.32] */
		int gr = paulov_group(g, u);
		if (o->paulov_rel[gr] && t >= o->paulov_rel[gr])
			return 0;
		return err_set(e, NULL, 0, "[23.32] Paulov's %s Group is not yet released", gr ? "Second" : "First");
	}
	if (!q_has_tag(s, u, "soimonov"))
		return 1;
	if (unit_in_box(g, u, "tomsk") || unit_in_box(g, u, "katerinburg") || qio_box(g, u) < 0)
		return 0; /* [23.33] */
	if (unit_in_box(g, u, "kolivansk"))
		return t >= 9 ? 0 : err_set(e, NULL, 0, "[23.33] the Kolivansk box is released on Game-Turn Nine");
	int i = vsub_of(g, u), vt = i >= 0 ? vsub_turn(g, i) : 0;
	if (i < 0)
		return 1;
	if (vt == 255)
		return err_set(e, NULL, 0, "[25.32] 1: Soimonov is killed: %s waits until two Game-Turns after two of Paulov's artillery end a Movement Phase on Shell Hill", s->u[u].id);
	if ((vt && t >= vt) || (o->soim_rel[qio_box(g, u)] && t >= o->soim_rel[qio_box(g, u)]) || t >= 16)
		return 0;
	return err_set(e, NULL, 0, "[23.33] the %s box is not yet released", vsub[i]);
}

int qio_may_enter(const struct game *g, int u, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	/* [25.22] 2, Historical: Codrington asleep, every Allied reinforcement one turn late */
	if (on(g, Q_OPT_25_2) && CIO(g)->ev[0] == 2 && !q_ink_option_scenario(g) &&
	    s->u[u].side != q_russian(g) && q_cst(g)->turn < s->u[u].enter_turn + 1)
		return err_set(e, NULL, 0, "[25.22] 2 Codrington asleep: %s arrives on Game-Turn %d", s->u[u].id,
			       s->u[u].enter_turn + 1);
	return 0;
}

/* [25.22] 4-7 and [25.32] 5, Option Scenario: earlier arrivals. The French group of
 * [25.22] 4 is the four infantry units and the artillery unit printed for Game-Turn 16 (the
 * cavalry of Game-Turn 17 is not of it); 6 is the 181br. In the Russian Option Scenario the
 * Allied "scheduled" turn is the one [29.26] rule 5 shifts (ink_may_enter adds the shift to
 * this). */
int qio_enter_turn(const struct game *g, int u, int printed)
{
	const struct q_scn *s = q_scn(g);
	const struct io *o = CIO(g);
	int t = printed;
	if (!printed || s->ops != &q_inkerman)
		return printed;
	if (on(g, Q_OPT_25_2) && s->u[u].side != q_russian(g)) {
		int ev = o->ev[0];
		if ((ev == 4 || ev == 5 || ev == 7) && nation(g, u, "french") && printed == 16 && s->u[u].type != Q_CAV)
			t -= 3; /* [25.22] 4 Canrobert's offer of help accepted */
		if ((ev == 6 || ev == 7) && !strcmp(s->u[u].id, "b_181br"))
			t -= 1; /* [25.22] 6 order for artillery not misdirected */
	}
	if (on(g, Q_OPT_25_3) && q_ink_option_scenario(g) && paulov_hurries(g) && q_has_tag(s, u, "paulov"))
		t = 3; /* [25.32] 5 Option Scenario: Paulov's units enter on Game-Turn 3 */
	return t;
}

bool qio_release_roll_waived(const struct game *g, int u)
{
	(void)u; /* [25.22] 3 and 5: the 6th of the Line and the 7th Leger move freely */
	return on(g, Q_OPT_25_2) && (CIO(g)->ev[0] == 3 || CIO(g)->ev[0] == 5);
}

/* ---- combat values ---- */

int qio_morale(const struct game *g, int u, int base)
{
	return qio_fatigued(g, u) && base > 0 ? base - 1 : base; /* [27.31] */
}

static int partner(const struct game *g, int u)
{
	const struct q_state *st = q_cst(g);
	const struct io *o = CIO(g);
	if (!(o->of[u] & OF_MASSED) || st->u[u].idx < 0)
		return -1;
	for (int v = 0; v < q_scn(g)->nunits; v++)
		if (v != u && st->u[v].idx == st->u[u].idx && (o->of[v] & OF_MASSED))
			return v;
	return -1;
}

bool qio_massed_pair(const struct game *g, int u, int v)
{
	return on(g, Q_OPT_28_2) && partner(g, u) == v;
}

int qio_strength(const struct game *g, int u, bool melee, int base)
{
	int p;
	if (melee || !on(g, Q_OPT_28_2) || base <= 0)
		return base;
	p = partner(g, u);
	return p >= 0 && u > p ? base - 1 : base; /* [28.22] the two strengths less one */
}

int qio_melee_strength(const struct game *g, int u, bool attacking, int base)
{
	const struct q_udef *d = &q_scn(g)->u[u];
	if (!attacking && on(g, Q_OPT_27_1) && (CIO(g)->of[u] & OF_MARCH))
		return d->melee[1] > 0 ? d->melee[1] : 0; /* [27.14] C */
	return base;
}

int qio_exerts_zoc(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int stk[Q_STACK_MAX];
	if (on(g, Q_OPT_27_1) && (CIO(g)->of[u] & OF_MARCH))
		return 0; /* [27.14] A */
	/* [26.2] a Zone of Influence: Russians need not stop, but must still attack in melee */
	if (on(g, Q_OPT_26_2) && q_ink_dark(g) && st->phase == QP_MOVE && s->u[u].side != q_russian(g) &&
	    (s->u[u].tags & QT_SKIRMISHER) && (q_ink_skirm(g, u) || (s->u[u].tags & QT_PICKET)) &&
	    !q_disrupted(g, u) && st->u[u].idx >= 0 && q_stack(g, st->u[u].idx, stk, Q_STACK_MAX) == 1)
		return 0;
	return -1;
}

bool qio_exerts_zoc_none(const struct game *g)
{
	return !on(g, Q_OPT_27_1) && !on(g, Q_OPT_26_2); /* qio_exerts_zoc's two refusals */
}

int qio_fire_shift(const struct game *g, int target, char *why, size_t n)
{
	int sh = 0;
	size_t l = 0;
	if (on(g, Q_OPT_27_1) && (CIO(g)->of[target] & OF_MARCH)) {
		sh++;
		l += (size_t)snprintf(why, n, " +1 march mode [27.14];");
	}
	if (on(g, Q_OPT_28_2) && partner(g, target) >= 0) {
		sh++;
		if (l < n)
			snprintf(why + l, n - l, " +1 massed units [28.23];");
	}
	return sh;
}

int qio_targets(const struct game *g, int idx, int *out)
{
	int stk[Q_STACK_MAX], n;
	if (!on(g, Q_OPT_28_2))
		return -1;
	n = q_stack(g, idx, stk, Q_STACK_MAX);
	if (n >= 2 && partner(g, stk[0]) == stk[1]) {
		out[0] = stk[0]; /* [28.23] one target, morale compared separately */
		out[1] = stk[1];
		return 2;
	}
	return -1;
}

int qio_fire_from_bottom(const struct game *g, int u)
{
	return on(g, Q_OPT_28_2) && partner(g, u) >= 0 ? 1 : -1; /* [28.21] both up front */
}

int qio_fire_group_ok(const struct game *g, const int *units, int n, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	for (int i = 0; i < n; i++) {
		int p;
		if (on(g, Q_OPT_27_1) && (CIO(g)->of[units[i]] & OF_MARCH))
			return err_set(e, NULL, 0, "[27.14] D %s is in March Mode and may not fire", s->u[units[i]].id);
		if (!on(g, Q_OPT_28_2) || (p = partner(g, units[i])) < 0)
			continue;
		bool with = false;
		for (int j = 0; j < n; j++)
			with = with || units[j] == p;
		if (!with)
			return err_set(e, NULL, 0, "[28.22] %s and %s are massed: they fire as one unit", s->u[units[i]].id, s->u[p].id);
	}
	return 0;
}

/* ---- [28.1] split fire ---- */

/* Has u points left from a split ([28.11])? The unit that split, or, when a massed pair split
 * ([28.22]), either unit of the pair. */
static bool split_holder(const struct game *g, int u)
{
	int sp = CIO(g)->split_u - 1;
	return sp >= 0 && (sp == u || (on(g, Q_OPT_28_2) && partner(g, sp) == u));
}

int qio_split_left(const struct game *g, int u)
{
	return split_holder(g, u) ? CIO(g)->split_spent : -1;
}

/* The firing units of action a: each firer's group leader (its index in the action), a massed
 * pair ([28.22]) being one unit whose leader is the member listed first. */
static void fire_groups(const struct game *g, const struct action *a, int *lead)
{
	int nu = a->arg[0];
	for (int i = 0; i < nu; i++) {
		int p = on(g, Q_OPT_28_2) ? partner(g, a->arg[1 + i]) : -1;
		lead[i] = i;
		for (int j = 0; j < i; j++)
			if (a->arg[1 + j] == p)
				lead[i] = j;
	}
}

/* [28.11] each firer brings its allotment (at least 1, never more than it has left), or all it
 * has left; [28.12] only one unit splits in an attack, and none besides the unit that split
 * before when that one takes part. At most one unit of the firing side has points left at any
 * time (it fires in the next attack or forfeits them), so that unit and its spent points are
 * the whole state. Artillery: the points left against a target are its strength at that range
 * less the points already fired (a reading). [28.22] a massed pair "fire attacks as one unit"
 * and may split fire: the pair is one firing unit for [28.11]/[28.12], its strength the
 * massed one (the sum less one); its allotment is the sum of those written on its members
 * ("fire U:3,V" brings 3), and without any it brings all the pair has left. */
int qio_fire_split(const struct game *g, const struct action *a, const int *whole, int *use, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct io *o = CIO(g);
	int nu = a->arg[0], splitter = -1, nsplit = 0, lead[8];
	bool allotted = a->n >= 3 + 2 * nu, sp_in = false;

	if (!on(g, Q_OPT_28_1))
		return 1;
	if (nu > 8)
		return 1;
	fire_groups(g, a, lead);
	for (int i = 0; i < nu; i++) {
		if (lead[i] != i)
			continue;
		int u = a->arg[1 + i], m = -1, wg = whole[i], k = allotted ? a->arg[3 + nu + i] : 0, avail;
		bool held = split_holder(g, u);
		for (int j = i + 1; j < nu; j++)
			if (lead[j] == i) {
				m = j;
				wg += whole[j];
				k += allotted ? a->arg[3 + nu + j] : 0;
			}
		avail = wg - (held ? o->split_spent : 0);
		if (held) {
			sp_in = true;
			if (avail < 1)
				return err_set(e, NULL, 0, "[28.11] %s%s%s has fired %d points of its %d against that target: none left",
					       s->u[u].id, m >= 0 ? " with " : "", m >= 0 ? s->u[a->arg[1 + m]].id : "",
					       o->split_spent, wg);
		}
		if (k > avail) {
			if (m >= 0)
				return err_set(e, NULL, 0, "[28.22] %s and %s are massed and fire as one unit: they have only %d fire strength points to allot",
					       s->u[u].id, s->u[a->arg[1 + m]].id, avail);
			return err_set(e, NULL, 0, "[28.11] %s has only %d fire strength points to allot", s->u[u].id, avail);
		}
		int take = k > 0 ? k : avail;
		use[i] = take < whole[i] ? take : whole[i];
		if (m >= 0)
			use[m] = take - use[i];
		if (k > 0 && k < avail) {
			nsplit++;
			splitter = u;
		}
	}
	if (nsplit > 1)
		return err_set(e, NULL, 0, "[28.12] only one unit may split fire in any fire attack");
	if (nsplit == 1 && sp_in && !split_holder(g, splitter))
		return err_set(e, NULL, 0, "[28.12] %s split its fire and takes part in this attack: no other unit may split fire in it",
			       s->u[o->split_u - 1].id);
	return 0;
}

void qio_fire_spent(struct game *g, const struct action *a, const int *whole, const int *use, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct io *o = IO(g);
	int nu = a->arg[0], sp = o->split_u - 1, spent = o->split_spent, spp, lead[8];
	bool sp_in = false;

	if (!on(g, Q_OPT_28_1) || nu > 8)
		return;
	spp = sp >= 0 && on(g, Q_OPT_28_2) ? partner(g, sp) : -1;
	for (int i = 0; i < nu; i++)
		sp_in = sp_in || (sp >= 0 && split_holder(g, a->arg[1 + i]));
	if (sp >= 0 && !sp_in) {
		st->u[sp].fl |= QF_FIRED;
		if (spp >= 0)
			st->u[spp].fl |= QF_FIRED;
		ev_emit(ev, "[28.12]", "%s%s%s split %s fire and %s not take part in this attack: %s remaining fire strength is lost",
			s->u[sp].id, spp >= 0 ? " and " : "", spp >= 0 ? s->u[spp].id : "", spp >= 0 ? "their" : "its",
			spp >= 0 ? "do" : "does", spp >= 0 ? "their" : "its");
	}
	fire_groups(g, a, lead);
	o->split_u = 0;
	o->split_spent = 0;
	for (int i = 0; i < nu; i++) {
		if (lead[i] != i)
			continue;
		int u = a->arg[1 + i], m = -1, wg = whole[i], ug = use[i];
		for (int j = i + 1; j < nu; j++)
			if (lead[j] == i) {
				m = j;
				wg += whole[j];
				ug += use[j];
			}
		bool held = sp >= 0 && (u == sp || u == spp);
		int before = held ? spent : 0, avail = wg - before;
		if (ug >= avail)
			continue;
		st->u[u].fl &= (uint16_t)~QF_FIRED; /* [28.11] it may fire again this phase */
		o->split_u = (int16_t)(u + 1);
		o->split_spent = (uint8_t)(before + ug);
		if (m < 0) {
			ev_emit(ev, "[28.11]", "%s splits its fire: %d of its %d points here, %d left (it fires in the next attack or loses them, [28.12])",
				s->u[u].id, ug, avail, avail - ug);
			continue;
		}
		st->u[a->arg[1 + m]].fl &= (uint16_t)~QF_FIRED;
		ev_emit(ev, "[28.22]", "%s and %s, massed, split their fire ([28.1]): %d of their %d points here, %d left (they fire in the next attack or lose them, [28.12])",
			s->u[u].id, s->u[a->arg[1 + m]].id, ug, avail, avail - ug);
	}
}

int qio_melee_ok(const struct game *g, const struct action *a, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	int nu = a->arg[0];
	if (!on(g, Q_OPT_27_1))
		return 0;
	for (int i = 0; i < nu && 1 + i < ACTION_ARGS; i++) {
		int u = a->arg[1 + i];
		if (u >= 0 && u < s->nunits && (CIO(g)->of[u] & OF_MARCH))
			return err_set(e, NULL, 0, "[27.14] D %s is in March Mode and may not attack in melee", s->u[u].id);
	}
	return 0;
}

static bool undisrupted_enemy_next(const struct game *g, int u, int idx)
{
	const struct q_scn *s = q_scn(g);
	for (int d = 0; d < 6; d++) {
		int j = map_nb(&s->map, idx, d), stk[Q_STACK_MAX], n;
		if (j < 0)
			continue;
		n = q_stack(g, j, stk, Q_STACK_MAX);
		for (int k = 0; k < n; k++)
			if (s->u[stk[k]].side != s->u[u].side && !q_disrupted(g, stk[k]))
				return true;
	}
	return false;
}

int qio_move_ok(const struct game *g, int u, int dest, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	int stk[Q_STACK_MAX], n;
	if (!on(g, Q_OPT_27_1) || !(CIO(g)->of[u] & OF_MARCH))
		return 0;
	n = q_stack(g, dest, stk, Q_STACK_MAX);
	for (int k = 0; k < n; k++)
		if (stk[k] != u && s->u[stk[k]].type == Q_INF && (CIO(g)->of[stk[k]] & OF_MARCH))
			return err_set(e, NULL, 0, "[27.14] B two infantry units in March Mode may not end a Movement Phase stacked");
	return 0;
}

bool qio_closed(const struct game *g, int u, int idx)
{
	/* [27.14] F: a unit in March Mode may not move adjacent to undisrupted enemy units */
	return on(g, Q_OPT_27_1) && q_cst(g)->phase == QP_MOVE && (CIO(g)->of[u] & OF_MARCH) &&
	       q_scn(g)->u[u].side == q_cst(g)->phasing && undisrupted_enemy_next(g, u, idx);
}

/* ---- movement bookkeeping ---- */

/* [27.33] Fatigue Points accumulate (Russian Option Scenario: from the Allies' alert). */
static bool fp_counting(const struct game *g)
{
	int f;
	if (!q_ink_option_scenario(g))
		return true;
	f = q_ink_allied_free_turn(g);
	return f && q_cst(g)->turn >= f;
}

static void add_fp(struct io *o, int u, int k)
{
	int v = (o->fp[u] & 0x7F) + k;
	if (v < 0)
		v = 0;
	if (v > 0x7F)
		v = 0x7F;
	o->fp[u] = (uint8_t)((o->fp[u] & FP_FATIGUED) | v);
}

/* [26.1] dissolution (errata: the hexes moved minus the sighting range), rolled once when an
 * undisrupted infantry unit ceases moving: when another unit moves (qio_moved) or the Movement
 * Phase ends (qio_phase_start). "Hexes moved" are the hexes it entered in its Movement Phase
 * while not in March Mode (a path that doubles back counts every hex). The die comes from the
 * dice interface, so manual dice supply it (DICE_NEED until given). */
static int dissolution(struct game *g, int u, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	const struct io *o = CIO(g);
	int range = q_ink_sighting(g), moved = o->mv[u] & 0x0F, p, die, rc;

	if (!range || s->u[u].type != Q_INF || q_disrupted(g, u) || (o->of[u] & OF_MARCH) || q_cst(g)->u[u].idx < 0)
		return 0;
	p = moved - range;
	if (p <= 0)
		return 0;
	if (p >= 6) {
		ev_emit(ev, "[26.1]", "%s moved %d hexes, sighting %d: dissolution %d, disrupted", s->u[u].id, moved, range, p);
		q_disrupt(g, u, ev, "[26.1]");
		return 0;
	}
	if ((rc = dice_roll(&g->dice, 6, &die)) != 0)
		return rc;
	struct event *e = ev_emit(ev, "[26.1]", "%s moved %d hexes, sighting %d: dissolution %d, die %d%s", s->u[u].id,
				  moved, range, p, die, die <= p ? ": disrupted" : "");
	ev_die(e, die);
	if (die <= p)
		q_disrupt(g, u, ev, "[26.1]");
	return 0;
}

/* The unit whose [26.1] roll is owed ceased moving: roll for it. */
static int dissolution_owed(struct game *g, struct evsink *ev)
{
	struct io *o = IO(g);
	int u = o->diss_owed - 1;
	o->diss_owed = 0;
	return u >= 0 && on(g, Q_OPT_26_1) ? dissolution(g, u, ev) : 0;
}

int qio_moved(struct game *g, int u, int hexes, struct evsink *ev)
{
	struct io *o = IO(g);
	int rc, h;

	if (!on(g, Q_OPT_26_1) || q_cst(g)->phase != QP_MOVE)
		return 0;
	if (o->diss_owed && o->diss_owed - 1 != u && (rc = dissolution_owed(g, ev)) != 0)
		return rc; /* [5.18] another unit moves: the last one has ceased moving */
	if (o->of[u] & OF_MARCH)
		return 0; /* [27.13] D */
	h = (o->mv[u] & 0x0F) + hexes;
	o->mv[u] = (uint8_t)((o->mv[u] & 0xF0) | (h > 15 ? 15 : h));
	o->diss_owed = (int16_t)(u + 1);
	return 0;
}

void qio_after_move(struct game *g, int u, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct io *o = IO(g);
	int from = o->pos[u], now = st->u[u].idx;

	(void)ev;
	if (!(g->options & Q_OPT_INKERMAN) || s->ops != &q_inkerman || now < 0)
		return;
	if (on(g, Q_OPT_27_3) && on(g, Q_OPT_27_1)) {
		if (!(o->of[u] & OF_MOVED_T) && (is_art(s, u) || s->u[u].type == Q_CAV) && fp_counting(g))
			add_fp(o, u, 1); /* [27.33] artillery per move; errata: cavalry per Game-Turn moved */
		if (from == Q_OFF && nation(g, u, "french"))
			add_fp(o, u, -2); /* [27.33] the French on entering */
	}
	o->of[u] |= OF_MOVED_T;
	o->pos[u] = (int16_t)now;
}

void qio_on_melee(struct game *g, const int *att, int natt, struct evsink *ev)
{
	(void)ev;
	if (!on(g, Q_OPT_27_2))
		return;
	for (int i = 0; i < natt; i++)
		if (att[i] >= 0 && (CIO(g)->of[att[i]] & OF_RESERVE))
			IO(g)->reserve_melee = 1;
}

void qio_on_exit(struct game *g, int u, int vp)
{
	/* [27.22] an exited Russian Reserve is worth double */
	if (on(g, Q_OPT_27_2) && (CIO(g)->of[u] & OF_RESERVE))
		IO(g)->extra_vp[q_russian(g)] = (uint8_t)(IO(g)->extra_vp[q_russian(g)] + vp);
}

/* Victory points of a Russian unit eliminated ([22.2], as qinkerman.c counts them). */
static int russian_unit_vp(const struct game *g, int u)
{
	const struct q_udef *d = &q_scn(g)->u[u];
	if (d->type == Q_INF)
		return 1;
	if (d->type == Q_ART) {
		bool lt = strstr(d->name, "Lt") || strstr(d->name, "Light"), pos = strstr(d->name, "Pos") != NULL;
		return lt && pos ? 5 : pos ? 6 : 4;
	}
	return 0;
}

void qio_after_action(struct game *g, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct io *o = IO(g);
	int ru = q_russian(g), al = 1 - ru;
	bool reserve_fired = false;

	if (!(g->options & Q_OPT_INKERMAN) || s->ops != &q_inkerman)
		return;
	/* the firers of this action: QF_FIRED not yet seen */
	for (int u = 0; u < s->nunits; u++)
		if (((st->u[u].fl & QF_FIRED) || split_holder(g, u)) && !(o->of[u] & OF_FIRED_SEEN)) { /* [28.11] a splitter fired */
			o->of[u] |= OF_FIRED_SEEN;
			if (o->of[u] & OF_RESERVE)
				reserve_fired = true;
			if (on(g, Q_OPT_27_3) && on(g, Q_OPT_27_1) && is_art(s, u) && fp_counting(g))
				add_fp(o, u, 1); /* [27.33] artillery: a point each time it fires */
		}
	for (int u = 0; u < s->nunits; u++) {
		int idx = st->u[u].idx;
		/* [27.21] a Russian unit destroyed by an attack with a Reserve: double */
		if (on(g, Q_OPT_27_2) && o->pos[u] >= 0 && idx == Q_ELIM && s->u[u].side == ru &&
		    ((st->phase == QP_MELEE && o->reserve_melee) || ((st->phase == QP_DEFFIRE || st->phase == QP_OFFFIRE) && reserve_fired))) {
			o->extra_vp[al] = (uint8_t)(o->extra_vp[al] + russian_unit_vp(g, u));
			ev_emit(ev, "[27.21]", "%s was destroyed by an attack with an Allied Reserve: double victory points", s->u[u].id);
		}
		/* [27.12] a unit in March Mode attacked leaves it after the combat (its retreats and
		 * advances included: the zones of control of owed retreats must not change) */
		if ((o->of[u] & OF_MARCH) && (st->u[u].fl & (QF_FIRED_AT | QF_MELEED)) && idx >= 0 && !st->npend) {
			o->of[u] &= (uint8_t)~OF_MARCH;
			ev_emit(ev, "[27.12]", "%s was attacked and leaves March Mode", s->u[u].id);
		}
		if (!(o->of[u] & OF_MARCH))
			o->of[u] |= OF_BROKE;
		if (idx < 0)
			o->of[u] &= (uint8_t)~(OF_MARCH | OF_MASSED);
		if ((o->of[u] & OF_MASSED) && idx != o->pos[u] && o->pos[u] >= 0) {
			o->of[u] &= (uint8_t)~OF_MASSED; /* [28.21] it left the hex (a retreat together too) */
			ev_emit(ev, "[28.21]", "%s left its hex and is no longer massed", s->u[u].id);
		}
		o->pos[u] = (int16_t)idx;
	}
	o->reserve_melee = 0;
	/* [28.21] massed until one of the two leaves the hex */
	for (int u = 0; u < s->nunits; u++)
		if ((o->of[u] & OF_MASSED) && partner(g, u) < 0) {
			o->of[u] &= (uint8_t)~OF_MASSED;
			if (st->u[u].idx >= 0)
				ev_emit(ev, "[28.21]", "%s is no longer massed", s->u[u].id);
		}
	/* [23.1] captures and recaptures of the Sandbag Battery */
	if (on(g, Q_OPT_23_1)) {
		int i = idx_of(g, 2811), stk[Q_STACK_MAX];
		if (i >= 0 && q_stack(g, i, stk, Q_STACK_MAX) > 0 && o->sand_ctrl != s->u[stk[0]].side + 1) {
			int sd = s->u[stk[0]].side;
			o->sand_ctrl = (uint8_t)(sd + 1);
			o->sand_caps[sd]++;
			ev_emit(ev, "[23.1]", "the %s take the Sandbag Battery (%s %d)", g->scn->side[sd],
				o->sand_caps[sd] == 1 ? "capture" : "captures and recaptures", o->sand_caps[sd]);
		}
	}
}

/* [27.33] the end of a Game-Turn: Fatigue Points. */
static void fatigue_turn(struct game *g)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct io *o = IO(g);
	uint8_t add[Q_UNITS_MAX];

	memset(add, 0, sizeof add);
	for (int u = 0; u < s->nunits; u++) {
		int idx = st->u[u].idx;
		if (s->u[u].tags & QT_BIG_GUN)
			continue;
		if (idx == Q_OFF && s->u[u].side != q_russian(g))
			add[u] = 1; /* British and French not yet entered */
		else if (idx >= 0 && s->u[u].type == Q_INF && (o->of[u] & OF_BROKE))
			add[u] = 1;
	}
	/* a Russian regiment shares its points (not the rifle battalions) */
	for (int u = 0; u < s->nunits; u++) {
		if (!add[u] || s->u[u].side != q_russian(g) || !s->u[u].parent[0] || st->u[u].idx < 0)
			continue;
		for (int v = 0; v < s->nunits; v++)
			if (st->u[v].idx >= 0 && !strcmp(s->u[v].parent, s->u[u].parent) && s->u[v].side == s->u[u].side)
				add[v] = add[v] ? add[v] : 2;
	}
	for (int u = 0; u < s->nunits; u++)
		if (add[u])
			add_fp(o, u, 1);
}

void qio_end_phase(struct game *g, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct io *o = IO(g);
	int ru = q_russian(g);

	(void)ev;
	if (!(g->options & Q_OPT_INKERMAN) || s->ops != &q_inkerman)
		return;
	if (st->phase == QP_MOVE) {
		for (int u = 0; u < s->nunits; u++)
			o->of[u] &= (uint8_t)~OF_NEWRES;
		/* [25.32] 1 historical: two of Paulov's artillery end a Russian Movement Phase on Shell Hill */
		if (st->phasing == ru && on(g, Q_OPT_25_3) && general_killed(g) && !o->shell_turn) {
			int n = 0;
			for (int u = 0; u < s->nunits; u++)
				if (st->u[u].idx >= 0 && is_art(s, u) && q_has_tag(s, u, "paulov"))
					for (int i = 0; i < s->map.nplaces; i++)
						if (!strcmp(s->map.places[i].name, "Shell Hill"))
							for (int h = 0; h < s->map.places[i].nhexes; h++)
								n += s->map.places[i].hexes[h] == hex_of(g, st->u[u].idx);
			if (n >= 2) {
				o->shell_turn = (uint8_t)st->turn;
				ev_emit(ev, "[25.32]", "two of Paulov's artillery units are on Shell Hill: Vladimir, Susdal, Uglitz and Butirsk may move from Game-Turn %d", st->turn + 2);
			}
		}
	}
	if (st->phase == QP_RALLY && st->phasing != s->first) { /* the end of a Game-Turn */
		if (on(g, Q_OPT_27_3) && on(g, Q_OPT_27_1) && fp_counting(g))
			fatigue_turn(g);
		for (int u = 0; u < s->nunits; u++)
			o->of[u] = (uint8_t)(o->of[u] & ~(OF_BROKE | OF_MOVED_T));
	}
}

/* [24.33] a new Game-Turn: Getting Underway becomes Underway, Mooring becomes Moored. */
static void ships_turn(struct game *g, struct evsink *ev)
{
	struct io *o = IO(g);
	for (int k = 0; k < 2; k++) {
		if (o->ship_state[k] == QIO_GETTING_UNDERWAY)
			o->ship_state[k] = QIO_UNDERWAY;
		else if (o->ship_state[k] == QIO_MOORING) {
			o->ship_state[k] = QIO_MOORED;
			ev_emit(ev, "[24.33]", "a steamship is moored");
		}
	}
}

static int roll(struct game *g, int *die)
{
	return dice_roll(&g->dice, 6, die);
}

/* [23.32], [23.33] release rolls at the start of the Russian Movement Phase. */
static int release_rolls(struct game *g, struct evsink *ev)
{
	struct q_state *st = q_st(g);
	struct io *o = IO(g);
	int t = st->turn, die, rc;
	struct event *e;

	for (int gr = 0; gr < 2; gr++) {
		bool may = gr == 0 ? t >= 9 : o->paulov_rel[0] && t > o->paulov_rel[0];
		if (o->paulov_rel[gr] || !may)
			continue;
		int range = 3 + o->paulov_tries[gr];
		if (on(g, Q_OPT_25_3) && paulov_hurries(g))
			range = 6; /* [25.32] 5: the roll succeeds */
		if (range >= 6) {
			o->paulov_rel[gr] = (uint8_t)t;
			ev_emit(ev, "[23.32]", "Paulov's %s Group is released", gr ? "Second" : "First");
			continue;
		}
		if ((rc = roll(g, &die)) != 0)
			return rc;
		if (die <= range)
			o->paulov_rel[gr] = (uint8_t)t;
		else
			o->paulov_tries[gr]++;
		e = ev_emit(ev, "[23.32]", "Paulov's %s Group: die %d against 1-%d: %s", gr ? "Second" : "First", die, range,
			    die <= range ? "released" : "not released");
		ev_die(e, die);
	}
	/* [23.33] the easternmost unreleased of Vladimir, Susdal, Uglitz, Butirsk, 1-3 */
	if (t >= 11 && t < 16) {
		for (int i = 0; i < 4; i++) {
			int b = regiment_box(g, vsub[i]), vt = vsub_turn(g, i);
			if (b < 0 || o->soim_rel[b] || vt == 255 || (vt && t >= vt))
				continue;
			if ((rc = roll(g, &die)) != 0)
				return rc;
			if (die <= 3)
				o->soim_rel[b] = (uint8_t)t;
			e = ev_emit(ev, "[23.33]", "the %s box: die %d: %s", vsub[i], die, die <= 3 ? "released" : "not released");
			ev_die(e, die);
			break;
		}
	}
	return 0;
}

int qio_phase_start(struct game *g, struct evsink *ev)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct io *o = IO(g);
	int rc, die;

	if (!(g->options & Q_OPT_INKERMAN) || s->ops != &q_inkerman)
		return 0;
	if (st->phase == QP_DEFFIRE && o->diss_owed && (rc = dissolution_owed(g, ev)) != 0)
		return rc; /* [26.1] the Movement Phase is over: the last unit moved has ceased moving */
	if (st->phase == QP_DEFFIRE || st->phase == QP_OFFFIRE) {
		o->split_u = 0; /* [28.12] points not fired by the end of a Fire Phase are lost */
		o->split_spent = 0;
		o->bigfired = 0;
		for (int u = 0; u < s->nunits; u++)
			o->of[u] &= (uint8_t)~OF_FIRED_SEEN;
	}
	if (st->phase != QP_MOVE)
		return 0;
	if (st->phasing == s->first && o->wx_turn != st->turn) { /* a new Game-Turn */
		if (on(g, Q_OPT_25_1) && st->turn >= 7) {
			if ((rc = roll(g, &die)) != 0)
				return rc;
			int prev_dark = st->turn - 1 <= 6 || o->fog_run > 0;
			int wd = die + 6 + (o->weather == 1) + prev_dark;
			roll_weather(o, st->turn, die);
			struct event *e = ev_emit(ev, "[25.14]", "Weather Determinant %d (die %d + 6%s%s): Game-Turn %d is %s",
						  wd, die, o->weather == 1 ? " +1 rain" : "",
						  prev_dark ? " +1 after Night or Fog" : "", st->turn, o->fog_run ? "Fog" : "Clear");
			ev_die(e, die);
		}
		o->wx_turn = (uint8_t)st->turn;
		ships_turn(g, ev);
		if (on(g, Q_OPT_27_3) && on(g, Q_OPT_27_1))
			for (int u = 0; u < s->nunits; u++)
				if ((o->fp[u] & 0x7F) >= 10 && !(o->fp[u] & FP_FATIGUED)) {
					o->fp[u] |= FP_FATIGUED;
					ev_emit(ev, "[27.33]", "%s has %d Fatigue Points: Fatigued", s->u[u].id, o->fp[u] & 0x7F);
				}
	}
	o->diss_owed = 0;
	for (int u = 0; u < s->nunits; u++) {
		o->mv[u] &= 0xF0;
		o->of[u] = (uint8_t)((o->of[u] & ~OF_MARCH_START) | ((o->of[u] & OF_MARCH) ? OF_MARCH_START : 0));
	}
	if (st->phasing == q_russian(g) && on(g, Q_OPT_23_3) && !q_ink_option_scenario(g))
		return release_rolls(g, ev);
	return 0;
}

/* ---- [24] the Big Guns ---- */

static bool is_sea(const struct game *g, int idx)
{
	int h;
	if (idx < 0 || q_scn(g)->map.terrain[idx] != TER_SEA)
		return false;
	h = hex_of(g, idx);
	return h != 2300 && h != 2400; /* errata [24.35] */
}

/* The hex a big gun fires from (a steamship: where it is). */
static int gun_idx(const struct game *g, int u)
{
	const struct q_scn *s = q_scn(g);
	if (s->u[u].tags & QT_STEAMSHIP)
		return qio_ship_hex(g, u);
	return idx_of(g, s->u[u].setup_hex);
}

int qio_big_rating(const struct game *g, int u, int target, char *why, size_t n)
{
	const struct q_scn *s = q_scn(g);
	int from = gun_idx(g, u), range, row, sight = q_ink_sighting(g), r;
	bool allied = s->u[u].side != q_russian(g);

	if (!(s->u[u].tags & QT_BIG_GUN) || from < 0 || target < 0) {
		snprintf(why, n, "not a Big Gun");
		return -1;
	}
	range = hex_distance(hex_of(g, from), hex_of(g, target)) + (allied ? 1 : 0); /* [24.4] */
	if (s->u[u].tags & QT_STEAMSHIP)
		row = qio_ship_state(g, u) == QIO_MOORED ? QTB_STEAM_MOORED : QTB_STEAM_MOVING; /* [24.33] */
	else
		row = q_has_tag(s, u, "bg_sevastopol") ? QTB_SEVASTOPOL : QTB_MAMELON_ALLIED;
	if (range < 1 || range >= QT_BIG_RANGE || (r = s->tab.big[row][range]) < 0) {
		snprintf(why, n, "[24.2] out of range (%d)", range);
		return -1;
	}
	if (allied) {
		if (sight && range > sight) { /* [24.4] night and fog limit the sighting */
			snprintf(why, n, "[24.4] beyond the sighting range of %d", sight);
			return -1;
		}
	} else if (!q_los(g, from, target, why, n)) {
		return -1; /* [24.12] */
	}
	return r;
}

/* Rating on every hex of a declaration (a->arg pairs gun, hex): [24.13]-[24.14]. */
struct blast {
	int n;
	int idx[14 * 7];
	int r[14 * 7];
};

/* The conditions of a Big Gun declaration that depend on the phase alone ([24.11], [24.12]). */
static int blast_phase(const struct game *g, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct io *o = CIO(g);
	int side = q_deciding(g);

	if (!on(g, Q_OPT_24))
		return err_set(e, NULL, 0, "[24.0] the Big Guns are an optional rule not in this game");
	if (st->phase != QP_DEFFIRE && st->phase != QP_OFFFIRE)
		return err_set(e, NULL, 0, "[24.11] Big Guns fire in the Offensive and Defensive Fire Phases");
	if (o->bigfired & (1 << side))
		return err_set(e, NULL, 0, "[24.12] all Big Gun attacks of a Fire Phase are declared together, once");
	for (int u = 0; u < s->nunits; u++)
		if (s->u[u].side == side && ((st->u[u].fl & QF_FIRED) || split_holder(g, u)))
			return err_set(e, NULL, 0, "[24.11] Big Gun attacks are made before regular Fire Combat");
	return 0;
}

/* The rest of a declaration's checks, and its plan ([24.12]-[24.14]), once blast_phase passed. */
static int blast_guns(const struct game *g, const struct action *a, struct blast *b, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	int side = q_deciding(g), np = a->n / 2, dh[14], dr[14], nd = 0, k;
	char why[160];

	memset(b, 0, sizeof *b);
	if (np < 1 || np > 14 || a->n % 2)
		return err_set(e, NULL, 0, "usage: bigfire GUN HEX [GUN HEX...]");
	for (int i = 0; i < np; i++) {
		int u = a->arg[2 * i], t = a->arg[2 * i + 1], stk[Q_STACK_MAX], r, ns;
		if (u < 0 || u >= s->nunits || !(s->u[u].tags & QT_BIG_GUN) || s->u[u].side != side)
			return err_set(e, NULL, 0, "[24.1] %s is not one of your Big Guns", u >= 0 && u < s->nunits ? s->u[u].id : "?");
		for (int j = 0; j < i; j++)
			if (a->arg[2 * j] == u)
				return err_set(e, NULL, 0, "[24.11] %s fires once a Fire Phase", s->u[u].id);
		ns = t >= 0 && t < s->map.n ? q_stack(g, t, stk, Q_STACK_MAX) : 0;
		if (ns == 0 || s->u[stk[0]].side == side)
			return err_set(e, NULL, 0, "[24.12] only Enemy-occupied hexes may be designated");
		r = qio_big_rating(g, u, t, why, sizeof why);
		if (r < 0)
			return err_set(e, NULL, 0, "%s cannot fire at %04d: %s", s->u[u].id, hex_of(g, t), why);
		for (k = 0; k < nd && dh[k] != t; k++)
			;
		if (k == nd) {
			dh[nd] = t;
			dr[nd++] = 0;
		}
		dr[k] += r; /* [24.14] the ratings of the guns on one hex add */
	}
	for (int j = 0; j < nd; j++)
		for (int d = -1; d < 6; d++) {
			int h = d < 0 ? dh[j] : map_nb(&s->map, dh[j], d);
			if (h < 0 || !(s->map.flags[h] & HEXF_ONMAP))
				continue;
			for (k = 0; k < b->n && b->idx[k] != h; k++)
				;
			if (k == b->n) {
				b->idx[b->n] = h;
				b->r[b->n++] = 0;
			}
			b->r[k] += d < 0 ? dr[j] : dr[j] - 1; /* [24.14] one less on the adjacent hexes */
		}
	{
		int rolls = 0;
		for (k = 0; k < b->n; k++) {
			int stk[Q_STACK_MAX], ns = q_stack(g, b->idx[k], stk, Q_STACK_MAX);
			for (int i = 0; i < ns; i++) {
				int tot = b->r[k] + (q_disrupted(g, stk[i]) ? 1 : 0);
				rolls += tot > 0 && tot < 6;
			}
		}
		if (rolls > DICE_PER_ACTION)
			return err_set(e, NULL, 0, "[24.13] this declaration needs %d dice, more than one action may roll (%d): declare fewer Big Guns at once",
				       rolls, DICE_PER_ACTION);
	}
	return 0;
}

static int blast_plan(const struct game *g, const struct action *a, struct blast *b, struct err *e)
{
	memset(b, 0, sizeof *b);
	return blast_phase(g, e) != 0 ? -1 : blast_guns(g, a, b, e);
}

int qio_bigfire_odds(const struct game *g, const struct action *a, char *out, size_t n, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	struct blast b;
	size_t l = 0;
	if (blast_plan(g, a, &b, e) != 0)
		return -1;
	out[0] = '\0';
	for (int k = 0; k < b.n; k++) {
		int stk[Q_STACK_MAX], ns = q_stack(g, b.idx[k], stk, Q_STACK_MAX);
		for (int i = 0; i < ns && l < n; i++) {
			int u = stk[i], tot = b.r[k] + (q_disrupted(g, stk[i]) ? 1 : 0), p = tot < 0 ? 0 : tot > 6 ? 6 : tot;
			l += (size_t)snprintf(out + l, n - l, "%s%04d %s (%s): rating %d, %d/6 %s\n", "", hex_of(g, b.idx[k]),
					      s->u[u].id, g->scn->side[s->u[u].side], tot, p,
					      q_disrupted(g, u) ? "eliminated" : "disrupted");
		}
	}
	return 0;
}

static int bigfire_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	struct blast b;
	int side = q_deciding(g);

	if (blast_plan(g, a, &b, e) != 0)
		return -1;
	for (int i = 0; i < a->n / 2; i++)
		ev_emit(ev, "[24.12]", "%s designates %04d", s->u[a->arg[2 * i]].id, hex_of(g, a->arg[2 * i + 1]));
	for (int k = 0; k < b.n; k++) {
		int stk[Q_STACK_MAX], ns = q_stack(g, b.idx[k], stk, Q_STACK_MAX);
		for (int i = 0; i < ns; i++) {
			int u = stk[i], dis = q_disrupted(g, u), tot = b.r[k] + dis, die = 0, rc;
			if (tot <= 0) {
				ev_emit(ev, "[24.14]", "%s in %04d: rating %d, no effect", s->u[u].id, hex_of(g, b.idx[k]), tot);
				continue;
			}
			if (tot < 6 && (rc = roll(g, &die)) != 0)
				return rc;
			struct event *ep = ev_emit(ev, "[24.15]", "%s in %04d: rating %d%s, %s%s", s->u[u].id, hex_of(g, b.idx[k]),
						   tot, dis ? " (+1 disrupted)" : "", tot >= 6 ? "no roll needed" : "die ",
						   tot >= 6 ? "" : (char[2]){(char)('0' + die), 0});
			if (die)
				ev_die(ep, die);
			if (die > tot)
				continue;
			if (dis)
				q_eliminate(g, u, ev, "[24.15]", "a disrupted unit hit by the Big Guns");
			else
				q_disrupt(g, u, ev, "[24.15]"); /* in place: no retreat */
		}
	}
	IO(g)->bigfired |= (uint8_t)(1 << side);
	return 0;
}

static int ship_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	struct io *o = IO(g);
	int u = a->arg[0], op = a->arg[1], k = u >= 0 && u < s->nunits ? ship_no(g, u) : -1;
	int ru = q_russian(g);

	if (!on(g, Q_OPT_24) || k < 0)
		return err_set(e, NULL, 0, "[24.33] not a steamship");
	if (q_deciding(g) != ru || st->npend)
		return err_set(e, NULL, 0, "[24.36] the Russian Player handles the steamships");
	if (op == 0 || op == 1) {
		if (st->phase != QP_MOVE || st->phasing != ru)
			return err_set(e, NULL, 0, "[24.36] getting underway and mooring are declared in the Russian Movement Phase");
		if (op == 0 && o->ship_state[k] != QIO_MOORED)
			return err_set(e, NULL, 0, "[24.33] %s is not moored", s->u[u].id);
		if (op == 1 && o->ship_state[k] != QIO_UNDERWAY && o->ship_state[k] != QIO_GETTING_UNDERWAY)
			return err_set(e, NULL, 0, "[24.33] %s is not moving", s->u[u].id);
		o->ship_state[k] = op == 0 ? QIO_GETTING_UNDERWAY : QIO_MOORING;
		ev_emit(ev, "[24.33]", "%s is %s (it fires on the Steamship-Moving row this Game-Turn)", s->u[u].id,
			op == 0 ? "getting underway" : "mooring");
		return 0;
	}
	/* [24.36] an underway steamship is named in any all-sea hex, in the Movement Phases and
	 * before the Russian Big Guns fire */
	if (o->ship_state[k] != QIO_UNDERWAY)
		return err_set(e, NULL, 0, "[24.33] %s must be underway to move", s->u[u].id);
	if (st->phase != QP_MOVE && st->phase != QP_DEFFIRE && st->phase != QP_OFFFIRE)
		return err_set(e, NULL, 0, "[24.36] a steamship moves in the Movement Phases (named before it fires)");
	if (o->bigfired & (1 << ru))
		return err_set(e, NULL, 0, "[24.36] the Russian Big Guns have fired this phase");
	if (!is_sea(g, a->arg[2]))
		return err_set(e, NULL, 0, "[24.35] steamships enter only All-Sea hexes (errata: not 2300 or 2400)");
	if (o->ship_idx[1 - k] == a->arg[2])
		return err_set(e, NULL, 0, "[24.34] both steamships may never be in the same hex");
	o->ship_idx[k] = (int16_t)a->arg[2];
	ev_emit(ev, "[24.36]", "%s steams to %04d", s->u[u].id, hex_of(g, a->arg[2]));
	return 0;
}

/* ---- [27.1] march mode, [27.21] reserves, [28.21] massed ---- */

static int march_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	struct q_state *st = q_st(g);
	struct io *o = IO(g);
	int u = a->arg[0], cost;
	bool in;

	if (!on(g, Q_OPT_27_1))
		return err_set(e, NULL, 0, "[27.1] March Mode is an optional rule not in this game");
	if (u < 0 || u >= s->nunits || st->phase != QP_MOVE || st->npend || s->u[u].side != st->phasing || st->u[u].idx < 0)
		return err_set(e, NULL, 0, "[27.11] March Mode is entered or left in the unit's Movement Phase");
	in = (o->of[u] & OF_MARCH) != 0;
	if (s->u[u].type != Q_INF || (!in && q_disrupted(g, u)))
		return err_set(e, NULL, 0, "[27.12] only undisrupted infantry enter March Mode");
	if (q_can_move(g, u, e) != 0 && q_mp_left(g, u) > 0)
		return -1;
	cost = in ? 14 : 8; /* [27.12] 7 and 4 Movement Points, in halves */
	if (q_mp_left(g, u) < cost)
		return err_set(e, NULL, 0, "[27.12] %s needs %d Movement Points to %s March Mode (%d left)", s->u[u].id, cost / 2,
			       in ? "leave" : "enter", q_mp_left(g, u) / 2);
	st->u[u].mp = (uint8_t)(st->u[u].mp + cost);
	/* either way it was not in March Mode for the whole Game-Turn ([27.33]) */
	o->of[u] = (uint8_t)(in ? (o->of[u] & ~OF_MARCH) | OF_BROKE : o->of[u] | OF_MARCH | OF_BROKE);
	ev_emit(ev, "[27.12]", "%s %s March Mode (%d Movement Points)", s->u[u].id, in ? "leaves" : "enters", cost / 2);
	return 0;
}

static int reserve_ok(const struct game *g, int u, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int ru = q_russian(g), n = 0;
	if (!on(g, Q_OPT_27_2))
		return err_set(e, NULL, 0, "[27.2] Reserves are an optional rule not in this game");
	if (u < 0 || u >= s->nunits || st->phase != QP_MOVE || st->npend || st->phasing == ru || s->u[u].side == ru ||
	    st->u[u].idx < 0 || (s->u[u].tags & QT_BIG_GUN))
		return err_set(e, NULL, 0, "[27.21] the Allied Player names Reserves among his units on the map at the beginning of his Movement Phase");
	for (int v = 0; v < s->nunits; v++) {
		if (s->u[v].side != ru && (st->u[v].fl & QF_MOVED))
			return err_set(e, NULL, 0, "[27.21] Reserves are named at the beginning of the Movement Phase");
		if (s->u[v].side != ru && st->u[v].idx >= 0 && (CIO(g)->of[v] & OF_RESERVE))
			n++;
		if (s->u[v].side == ru && st->u[v].idx >= 0 &&
		    hex_distance(hex_of(g, st->u[v].idx), hex_of(g, st->u[u].idx)) <= 4)
			return err_set(e, NULL, 0, "[27.21] %s is within four hexes of a Russian unit", s->u[u].id);
	}
	if (CIO(g)->of[u] & OF_RESERVE)
		return err_set(e, NULL, 0, "[27.21] %s is already a Reserve", s->u[u].id);
	if (n >= 3)
		return err_set(e, NULL, 0, "[27.21] no more than three units in Reserve at a time");
	return 0;
}

/* The listing's form of reserve_ok: which units may be named Reserves now, into ok[nunits].
 * The same conditions, with those that do not depend on the unit asked once ([27.21]: the
 * beginning of the Allied Movement Phase, at most three at a time) and the Russian units'
 * hexes gathered once for the four-hex test. Returns whether any may. */
static bool reserve_list(const struct game *g, bool *ok)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int ru = q_russian(g), n = 0, nr = 0, rh[Q_UNITS_MAX];
	bool any = false;

	if (!on(g, Q_OPT_27_2) || st->phase != QP_MOVE || st->npend || st->phasing == ru)
		return false;
	for (int v = 0; v < s->nunits; v++) {
		if (s->u[v].side != ru && (st->u[v].fl & QF_MOVED))
			return false;
		if (s->u[v].side != ru && st->u[v].idx >= 0 && (CIO(g)->of[v] & OF_RESERVE))
			n++;
		if (s->u[v].side == ru && st->u[v].idx >= 0)
			rh[nr++] = hex_of(g, st->u[v].idx);
	}
	if (n >= 3)
		return false;
	for (int u = 0; u < s->nunits; u++) {
		ok[u] = s->u[u].side != ru && st->u[u].idx >= 0 && !(s->u[u].tags & QT_BIG_GUN) &&
			!(CIO(g)->of[u] & OF_RESERVE);
		for (int k = 0; ok[u] && k < nr; k++)
			if (hex_distance(rh[k], hex_of(g, st->u[u].idx)) <= 4)
				ok[u] = false;
		any |= ok[u];
	}
	return any;
}

static int mass_ok(const struct game *g, int u, int *other, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int stk[Q_STACK_MAX], n;
	if (!on(g, Q_OPT_28_2))
		return err_set(e, NULL, 0, "[28.2] Massed Fire is an optional rule not in this game");
	if (u < 0 || u >= s->nunits || st->phase != QP_MOVE || st->npend || s->u[u].side != st->phasing || st->u[u].idx < 0)
		return err_set(e, NULL, 0, "[28.21] units deploy en masse in their owner's Movement Phase");
	n = q_stack(g, st->u[u].idx, stk, Q_STACK_MAX);
	if (n != 2 || s->u[stk[0]].side != s->u[stk[1]].side)
		return err_set(e, NULL, 0, "[28.21] two stacked units deploy en masse");
	*other = stk[0] == u ? stk[1] : stk[0];
	if (CIO(g)->of[u] & OF_MASSED)
		return err_set(e, NULL, 0, "[28.21] %s is already massed", s->u[u].id);
	for (int i = 0; i < 2; i++)
		if ((s->u[stk[i]].tags & QT_SKIRMISHER) && !q_ink_skirm(g, stk[i]))
			return err_set(e, NULL, 0, "[28.21] not for skirmishers formed into battalions");
	return 0;
}

int qio_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	const struct q_scn *s = q_scn(g);
	int other;
	switch (a->kind) {
	case QA_BIGFIRE:
		return bigfire_apply(g, a, ev, e);
	case QA_SHIP:
		return ship_apply(g, a, ev, e);
	case QA_MARCH:
		return march_apply(g, a, ev, e);
	case QA_RESERVE:
		if (reserve_ok(g, a->arg[0], e) != 0)
			return -1;
		IO(g)->of[a->arg[0]] |= OF_RESERVE | OF_NEWRES;
		ev_emit(ev, "[27.21]", "%s is named a Reserve (it does not move this phase)", s->u[a->arg[0]].id);
		return 0;
	case QA_MASS:
		if (mass_ok(g, a->arg[0], &other, e) != 0)
			return -1;
		IO(g)->of[a->arg[0]] |= OF_MASSED;
		IO(g)->of[other] |= OF_MASSED;
		ev_emit(ev, "[28.21]", "%s and %s deploy to fire en masse", s->u[a->arg[0]].id, s->u[other].id);
		return 0;
	default:
		return 1;
	}
}

/* The battle's actions are listed only where the action text can carry them (quad.c
 * forwards the words to the parse/format hooks). */
static bool listable(const struct game *g)
{
	struct action a = {QA_MARCH, 1, {0}};
	char buf[64];
	return g->rules->format(g, &a, buf, sizeof buf) == 0;
}

void qio_actions(const struct game *g, struct q_alist *l)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	int side = q_deciding(g), ru = q_russian(g);

	if (!(g->options & Q_OPT_INKERMAN) || s->ops != &q_inkerman || st->npend || !listable(g))
		return;
	if (st->phase == QP_MOVE) {
		bool resv[Q_UNITS_MAX], anyresv = reserve_list(g, resv);
		for (int u = 0; u < s->nunits; u++) {
			struct action a = {QA_MARCH, 1, {u}};
			int other;
			if (on(g, Q_OPT_27_1) && s->u[u].side == side && st->u[u].idx >= 0 && s->u[u].type == Q_INF &&
			    q_mp_left(g, u) >= ((CIO(g)->of[u] & OF_MARCH) ? 14 : 8) && !(st->u[u].fl & QF_STOPPED) &&
			    ((CIO(g)->of[u] & OF_MARCH) || !q_disrupted(g, u)) && q_can_move(g, u, NULL) == 0)
				q_push(l, &a);
			a.kind = QA_RESERVE;
			if (anyresv && resv[u]) /* reserve_ok(g, u, NULL) == 0 */
				q_push(l, &a);
#ifdef Q_OCC_VERIFY /* debug builds (make asan): the listing's form agrees with the rule's */
			if ((anyresv && resv[u]) != (reserve_ok(g, u, NULL) == 0))
				abort();
#endif
			a.kind = QA_MASS;
			if (mass_ok(g, u, &other, NULL) == 0 && u < other)
				q_push(l, &a);
			if (on(g, Q_OPT_24) && (s->u[u].tags & QT_STEAMSHIP) && side == ru) {
				struct action b = {QA_SHIP, 3, {u, 0, 0}};
				b.arg[1] = qio_ship_state(g, u) == QIO_MOORED ? 0 : 1;
				if (qio_ship_state(g, u) != QIO_MOORING)
					q_push(l, &b);
			}
		}
	}
	if ((st->phase == QP_DEFFIRE || st->phase == QP_OFFFIRE) && on(g, Q_OPT_28_2)) {
		/* [28.22] a massed pair fires as one unit (q_fire_actions lists single units only):
		 * its whole strength at each target, and with [28.1] one split at half of it */
		for (int u = 0; u < s->nunits; u++) {
			int p = partner(g, u);
			if (p < u || s->u[u].side != side)
				continue;
			for (int v = 0; v < s->nunits; v++) {
				int t = st->u[v].idx, stk[Q_STACK_MAX];
				struct action a = {QA_FIRE, 5, {2, u, p, 1, t}};
				struct q_odds od;
				if (t < 0 || s->u[v].side == side || q_stack(g, t, stk, Q_STACK_MAX) < 1 || stk[0] != v ||
				    q_fire_odds(g, &a, &od, NULL) != 0)
					continue;
				q_push(l, &a);
				struct action half = {QA_FIRE, 7, {2, u, p, 1, t, (od.total_a + 1) / 2, 0}};
				if (on(g, Q_OPT_28_1) && od.total_a >= 2 && q_fire_odds(g, &half, &od, NULL) == 0)
					q_push(l, &half);
			}
		}
	}
	if ((st->phase == QP_DEFFIRE || st->phase == QP_OFFFIRE) && on(g, Q_OPT_24) && blast_phase(g, NULL) == 0) {
		/* one gun at one hex (several at once through the text form); the phase's conditions
		 * were asked once, above: blast_guns is blast_plan after them */
		for (int u = 0; u < s->nunits; u++) {
			if (!(s->u[u].tags & QT_BIG_GUN) || s->u[u].side != side)
				continue;
			for (int v = 0; v < s->nunits; v++) {
				int t = st->u[v].idx, stk[Q_STACK_MAX];
				struct action a = {QA_BIGFIRE, 2, {u, t}};
				struct blast b;
				if (t < 0 || s->u[v].side == side || q_stack(g, t, stk, Q_STACK_MAX) < 1 || stk[0] != v)
					continue;
				if (blast_guns(g, &a, &b, NULL) == 0)
					q_push(l, &a);
			}
		}
	}
}

/* ---- text forms ---- */

static int parse_unit(const struct game *g, const char *tok, int *u, struct err *e)
{
	*u = q_unit_find(q_scn(g), tok);
	return *u < 0 ? err_set(e, NULL, 0, "no unit \"%s\" in this scenario", tok) : 0;
}

static int parse_idx(const struct game *g, const char *tok, int *idx, struct err *e)
{
	int h;
	if (!hex_parse(tok, &h) || (*idx = idx_of(g, h)) < 0)
		return err_set(e, NULL, 0, "\"%s\" is not a hex of this map", tok);
	return 0;
}

int qio_parse(const struct game *g, const char *const *tok, int nt, struct action *a, struct err *e)
{
	memset(a, 0, sizeof *a);
	if (!strcmp(tok[0], "bigfire")) {
		a->kind = QA_BIGFIRE;
		if (nt < 3 || (nt - 1) % 2 || nt - 1 > ACTION_ARGS)
			return err_set(e, NULL, 0, "usage: bigfire GUN HEX [GUN HEX...]");
		for (int i = 1; i + 1 < nt; i += 2)
			if (parse_unit(g, tok[i], &a->arg[i - 1], e) || parse_idx(g, tok[i + 1], &a->arg[i], e))
				return -1;
		a->n = (int16_t)(nt - 1);
		return 0;
	}
	if (!strcmp(tok[0], "ship")) {
		a->kind = QA_SHIP;
		a->n = 3;
		if (nt != 3)
			return err_set(e, NULL, 0, "usage: ship SHIP underway|moor|HEX");
		if (parse_unit(g, tok[1], &a->arg[0], e))
			return -1;
		if (!strcmp(tok[2], "underway"))
			a->arg[1] = 0;
		else if (!strcmp(tok[2], "moor"))
			a->arg[1] = 1;
		else {
			a->arg[1] = 2;
			return parse_idx(g, tok[2], &a->arg[2], e);
		}
		return 0;
	}
	if (!strcmp(tok[0], "march") || !strcmp(tok[0], "reserve") || !strcmp(tok[0], "mass")) {
		a->kind = (int16_t)(tok[0][0] == 'r' ? QA_RESERVE : tok[0][1] == 'a' && tok[0][2] == 'r' ? QA_MARCH : QA_MASS);
		a->n = 1;
		if (nt != 2)
			return err_set(e, NULL, 0, "usage: %s UNIT", tok[0]);
		return parse_unit(g, tok[1], &a->arg[0], e);
	}
	return 1;
}

int qio_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	const struct q_scn *s = q_scn(g);
	size_t l = 0;
	int w;
#define OK_UNIT(x) ((x) >= 0 && (x) < s->nunits)
	switch (a->kind) {
	case QA_BIGFIRE:
		w = snprintf(buf, n, "bigfire");
		l = w > 0 ? (size_t)w : 0;
		for (int i = 0; i + 1 < a->n && l < n; i += 2) {
			if (!OK_UNIT(a->arg[i]) || a->arg[i + 1] < 0)
				return -1;
			w = snprintf(buf + l, n - l, " %s %04d", s->u[a->arg[i]].id, hex_of(g, a->arg[i + 1]));
			l += w > 0 ? (size_t)w : 0;
		}
		break;
	case QA_SHIP:
		if (!OK_UNIT(a->arg[0]))
			return -1;
		if (a->arg[1] == 2)
			l = (size_t)snprintf(buf, n, "ship %s %04d", s->u[a->arg[0]].id, hex_of(g, a->arg[2]));
		else
			l = (size_t)snprintf(buf, n, "ship %s %s", s->u[a->arg[0]].id, a->arg[1] ? "moor" : "underway");
		break;
	case QA_MARCH:
	case QA_RESERVE:
	case QA_MASS:
		if (!OK_UNIT(a->arg[0]))
			return -1;
		l = (size_t)snprintf(buf, n, "%s %s", a->kind == QA_MARCH ? "march" : a->kind == QA_RESERVE ? "reserve" : "mass",
				     s->u[a->arg[0]].id);
		break;
	default:
		return -1;
	}
#undef OK_UNIT
	return l < n ? 0 : -1;
}

/* ---- victory ---- */

void qio_victory(const struct game *g, int *vr, int *va, bool *skip_sandbag, struct score_sheet *sh)
{
	const struct q_scn *s = q_scn(g);
	const struct q_state *st = q_cst(g);
	const struct io *o = CIO(g);
	int ru = q_russian(g), al = 1 - ru;
	int res_vp[2] = {0, 0}, res_gone[2] = {0, 0}, res_dis[2] = {0, 0};

	if (!(g->options & Q_OPT_INKERMAN) || s->ops != &q_inkerman)
		return;
	if (on(g, Q_OPT_23_1)) { /* [23.1] the controller scores his captures and recaptures */
		*skip_sandbag = true;
		if (o->sand_ctrl) {
			int side = o->sand_ctrl - 1, caps = o->sand_caps[side];
			*(side == ru ? vr : va) += caps;
			q_sheet_add(sh, side, caps, "[23.1]",
				    "Sandbag Battery (2811) controlled: its captures and recaptures, 1 each",
				    "Sandbag Battery (2811) controlled: %d capture%s and recapture%s", caps,
				    caps == 1 ? "" : "s", caps == 1 ? "" : "s");
		}
	}
	if (!on(g, Q_OPT_27_2))
		return;
	*vr += o->extra_vp[ru];
	*va += o->extra_vp[al];
	q_sheet_add(sh, ru, o->extra_vp[ru], "[27.22]", NULL, "Russian reserves exited, their exit points doubled");
	q_sheet_add(sh, al, o->extra_vp[al], "[27.21]", NULL, "Russian units destroyed by attacks with Allied reserves, their points doubled");
	for (int u = 0; u < s->nunits; u++) {
		const struct q_udef *d = &s->u[u];
		if (!(o->of[u] & OF_RESERVE))
			continue;
		bool gone = st->u[u].idx == Q_ELIM && !(st->u[u].aux & 0x08 /* AUX_EXITED */);
		int side = d->side == al ? ru : al, v = 0; /* who scores */
		if (d->side == al) { /* [27.21] */
			if (gone)
				v = is_art(s, u) ? 3 : d->melee[0] > 0 ? d->melee[0] : 0;
			else if (st->u[u].idx >= 0 && q_disrupted(g, u))
				v = 1;
		} else { /* [27.22] */
			if (gone)
				v = 1; /* 2 instead of the 1 of [22.2] */
			else if (st->u[u].idx >= 0 && q_disrupted(g, u))
				v = 1;
		}
		*(side == ru ? vr : va) += v;
		res_vp[side] += v;
		if (v && gone)
			res_gone[side]++;
		else if (v)
			res_dis[side]++;
	}
	q_sheet_add(sh, ru, res_vp[ru], "[27.21]",
		    "Allied reserves destroyed (their points again) or disrupted (1 each)",
		    "Allied reserves: %d destroyed (their points again), %d disrupted (1 each)", res_gone[ru],
		    res_dis[ru]);
	q_sheet_add(sh, al, res_vp[al], "[27.22]",
		    "Russian reserves destroyed (a second point each) or disrupted (1 each)",
		    "Russian reserves: %d destroyed (a second point each), %d disrupted (1 each)", res_gone[al],
		    res_dis[al]);
}

/* ---- option ids ---- */

uint32_t q_option_bits(const char *id)
{
	static const struct {
		const char *id;
		uint32_t bits;
	} ids[] = {
		{"11.27", Q_OPT_11_27}, {"23", Q_OPT_G23}, {"23.1", Q_OPT_23_1}, {"23.2", Q_OPT_23_2},
		{"23.3", Q_OPT_23_3}, {"24", Q_OPT_G24}, {"24.1", Q_OPT_24}, {"24.2", Q_OPT_24},
		{"24.3", Q_OPT_24}, {"24.4", Q_OPT_24}, {"25", Q_OPT_G25}, {"25.1", Q_OPT_25_1},
		{"25.2", Q_OPT_25_2}, {"25.3", Q_OPT_25_3}, {"26", Q_OPT_G26}, {"26.1", Q_OPT_26_1},
		{"26.2", Q_OPT_26_2}, {"27", Q_OPT_G27}, {"27.1", Q_OPT_27_1}, {"27.2", Q_OPT_27_2},
		{"27.3", Q_OPT_27_3}, {"28", Q_OPT_G28}, {"28.1", Q_OPT_28_1}, {"28.2", Q_OPT_28_2},
		{"all", Q_OPT_INKERMAN},
	};
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
		if (!strcmp(id, ids[i].id))
			return ids[i].bits;
	return 0;
}
