/* spriv: what splay.c (the Sevastopol game) and sassault.c (its assaults) share: the scenario's
 * map kept as data, the game's state beside sroster's, and the helpers both use. Private to the
 * two: nothing else includes it. */
#ifndef CRIMEA_SPRIV_H
#define CRIMEA_SPRIV_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "../rules.h"
#include "soob.h"
#include "splay.h"
#include "sroster.h"
#include "stab.h"

#define SP_LINKS 2
#define SP_STEP 150               /* yards: tactical movement's step [12.15], the works' step */
#define SP_LINE_HOLDS 6           /* infantry a line of works holds: three parallels [9.35], two a
				   * parallel [10.13] */
#define SP_MELEE_MAX 6            /* attackers in one melee [14.13] */
#define SP_SETTLE_MAX 64          /* segments the game may pass by itself after one action */
#define SP_SIDE_RUSSIAN 0
#define SP_SIDE_ALLIED 1
#define SP_PLACE(w, b) ((w) * 16 + (b))

/* Per-unit flags kept beside sroster's game. */
enum {
	SPF_MOVED = 1,    /* moved or placed in this segment [10.0] */
	SPF_IN = 2,       /* an assaulting Allied unit in a Bastion Position [11.31] */
	SPF_RESERVE = 4,  /* a Russian in its bastion's Reserve Box, not holding a position [10.32] */
	SPF_FOUGHT = 8,   /* attacked or was attacked in this impulse's melee segment [14.15] */
	SPF_SHIFTED = 16, /* a Russian moved to a Reserve Box in an assault this Game-Turn [12.42] */
	SPF_TACTICAL = 32, /* a Russian moved in this Russian Tactical Movement Segment (into or out of a
			    * position, or into a Reserve Box): it did not begin the segment where it
			    * stands, so it neither withdraws [12.33] nor takes a position [12.34] */
};

/* The steps of an Assault Impulse [4.0]. */
enum sp_step { IP_AMOVE, IP_RFIRE, IP_AMELEE, IP_RMOVE, IP_RMELEE };

/* A link: saps joining the British start line to a French one [9.5]. */
struct sp_link {
	int area;                 /* the French Siege Area joined */
	int saps;                 /* saps it takes */
	int ground;               /* enum stab_terrain */
	bool by[2];               /* may be dug by the British, the French */
};

struct sp_brigade {
	char name[16];
	int nation;
};

/* The scenario: the order of battle and charts, and the map kept as data. */
struct sp_scn {
	struct sob o;
	struct stab t;
	struct splay_approach a[SPLAY_APPROACHES];
	int na;
	struct sp_link l[SP_LINKS];
	int nl;
	int reach;                /* yards an assault may start from [11.0] */
	struct sp_brigade br[64]; /* the Allied brigades [11.1] */
	int nbr;
	int8_t ubr[SOB_UNITS_MAX]; /* each unit's brigade (index of br), or -1 */
	char provenance[4][1400];
};

/* The game: sroster's, and what the abstract map keeps beside it. */
struct sp_state {
	struct sros_game g;
	uint8_t depth[SPLAY_APPROACHES];   /* lines complete along each approach */
	uint8_t work[SPLAY_APPROACHES];    /* works of the next step: 0, 1 the sap, 2-3 its parallels */
	uint8_t damaged[SPLAY_APPROACHES]; /* damaged works, the forwardmost */
	uint8_t linked[SP_LINKS];          /* saps of each link dug */
	uint8_t done;                      /* sides done with this segment (bit 1 << side) */
	uint8_t step;                      /* enum sp_step, in an Assault Impulse */
	uint8_t nstorm;                    /* brigades named for the assault */
	int8_t storm_br[SROS_BRIGADES];    /* their brigade (index of sp_scn.br) */
	int8_t storm_at[SROS_BRIGADES];    /* and bastion */
	uint8_t f[SOB_UNITS_MAX];          /* SPF_* */
	int8_t dist[SOB_UNITS_MAX];        /* an assaulting unit's steps from its bastion */
	int8_t aim[SOB_UNITS_MAX];         /* its bastion, or -1 */
	int8_t turn_seen;                  /* the Game-Turn the SPF_SHIFTED flags belong to */
	uint8_t shot[SOB_AREAS];           /* infantry of each area's works lost to this segment's fire */
	int8_t sap_turn[SPLAY_APPROACHES]; /* the Game-Turn each approach's last sap was dug */
};
static_assert(sizeof(struct sp_state) <= GAME_STATE_MAX, "the Sevastopol state must fit struct game");

static inline const struct sp_scn *scn(const struct game *g)
{
	return g->scn->data;
}

static inline struct sp_state *st(struct game *g)
{
	return (struct sp_state *)(void *)g->st;
}

static inline const struct sp_state *cst(const struct game *g)
{
	return (const struct sp_state *)(const void *)g->st;
}

static inline bool allied(int nation)
{
	return nation == SN_BRITISH || nation == SN_FRENCH;
}

static inline int side_of_nation(int nation)
{
	return allied(nation) ? SP_SIDE_ALLIED : SP_SIDE_RUSSIAN;
}

static inline bool in_play(const struct sros_unit *s)
{
	return s->where == SW_MAP || s->where == SW_AREA || s->where == SW_SUPPLY || s->where == SW_BASTION;
}

static inline int works(const struct sp_state *S, int k)
{
	return 4 * S->depth[k] + S->work[k];
}

/* Lines whose works are all sound: the forwardmost works are the damaged ones. */
static inline int sound_depth(const struct sp_state *S, int k)
{
	int w = works(S, k) - S->damaged[k];
	return w > 0 ? w / 4 : 0;
}

/* Yards from approach k's bastion to its forward sound line (the start line when none). */
static inline int front_yards(const struct sp_scn *c, const struct sp_state *S, int k)
{
	return c->a[k].yards - SP_STEP * sound_depth(S, k);
}

/* Yards from the bastion to approach k's forwardmost work (a sap juts a step out). */
static inline int works_yards(const struct sp_scn *c, const struct sp_state *S, int k)
{
	return c->a[k].yards - SP_STEP * (S->depth[k] + (S->work[k] > 0));
}

/* Approach k is a start line held: always, or once its bastion is captured ([8.82]). */
static inline bool approach_open(const struct sp_scn *c, const struct sros_game *g, int k)
{
	return c->a[k].from < 0 || g->captured[c->a[k].from];
}

/* The approach from area to bastion that an assault takes, or -1: of those open, the one whose
 * forward sound line stands nearest the bastion (the first of equals). The works do not change
 * during an assault, so it is the same approach for all of it. */
static inline int approach(const struct sp_scn *c, const struct sp_state *S, int area, int bastion)
{
	int best = -1;
	for (int k = 0; k < c->na; k++)
		if (c->a[k].area == area && c->a[k].bastion == bastion && approach_open(c, &S->g, k) &&
		    (best < 0 || front_yards(c, S, k) < front_yards(c, S, best)))
			best = k;
	return best;
}

static inline bool area_open(const struct sp_scn *c, const struct sros_game *g, int area)
{
	return g->turn >= c->o.a[area].active;
}

/* Sound works of approach k: the forwardmost are the damaged ones. */
static inline int sound_works(const struct sp_state *S, int k)
{
	int w = works(S, k) - S->damaged[k];
	return w > 0 ? w : 0;
}

/* Undamaged parallels of an area's works [10.5] (addenda: undamaged): three a line, and those
 * of the step under way. */
static inline int parallels(const struct sp_scn *c, const struct sp_state *S, int area)
{
	int n = 0;
	for (int k = 0; k < c->na; k++)
		if (c->a[k].area == area) {
			int w = sound_works(S, k);
			n += 3 * (w / 4) + (w % 4 > 1 ? w % 4 - 1 : 0);
		}
	return n;
}

/* Damaged works in an area: repaired before any new work there [8.95], [9.3]. */
static inline bool area_damaged(const struct sp_scn *c, const struct sp_state *S, int area)
{
	for (int k = 0; k < c->na; k++)
		if (c->a[k].area == area && S->damaged[k])
			return true;
	return false;
}

/* ---- splay.c ---- */

/* A die for a ruling, from the game's dice. */
int sp_roll(struct game *G);
/* A unit's worth to its owner when losses are his choice (least first). */
int sp_worth(const struct sob *o, const struct sros_game *g, int i);
/* Picks need units that ok(o, g, i, arg) accepts, least worth first, into out; how many. */
int sp_pick(const struct sob *o, const struct sros_game *g, bool (*ok)(const struct sob *, const struct sros_game *,
	    int, int), int arg, int need, int *out);
/* Ends the segment and passes those with nothing to decide. */
void sp_next_seg(struct game *G, struct evsink *ev);

/* ---- sassault.c: the Assault Phase on the approaches' ground [11.0]-[14.6] ---- */

/* Unit i is in this assault: activated, going for a bastion. */
bool sp_assaulting(const struct sp_state *S, int i);
/* Bastion b's positions taken, by Russians holding them and Allied units in them [10.32]. */
int sp_positions_taken(const struct sob *o, const struct sp_state *S, int b);
bool sp_under_assault(const struct sob *o, const struct sp_state *S, int b);
/* A Russian field battery (or a Marine Battery become one [17.1]). */
bool sp_field_gun(const struct sob *o, const struct sros_game *g, int i);
/* The brigades named go [11.1]: 0, 1 when none is left to go, -1 (e). */
int sp_launch(struct game *G, struct evsink *ev, struct err *e);
/* [10.5]: the parallels' garrison, or a night sortie. */
void sp_garrison(struct game *G, struct evsink *ev);
/* The assault ends: captures [11.31] unless aborted [11.23], then [11.21], [10.5]. */
void sp_assault_end(struct game *G, bool aborted, struct evsink *ev);
/* The next step of the impulse, the next impulse, or the end. */
void sp_assault_next(struct game *G, struct evsink *ev);
bool sp_melee_ok(const struct game *G, int d);
/* The odds of the melee on d, or of gun's fire at target, as sroster gives them before the roll:
 * events into ev; 0, or -1 (e). */
int sp_melee_odds(const struct game *G, int d, struct evsink *ev, struct err *e);
int sp_battery_odds(const struct game *G, int gun, int target, struct evsink *ev, struct err *e);
int sp_melee(struct game *G, int d, struct evsink *ev, struct err *e);
bool sp_fire_ok(const struct game *G, int gun, int target);
int sp_battery(struct game *G, int gun, int target, struct evsink *ev, struct err *e);

#endif
