/* sassault: the Assault Phase of a Sevastopol game on the approaches' ground (spriv.h): the
 * brigades named go [11.1], each impulse's movement, field battery fire and melees [4.0], [12.0],
 * [13.0], [14.0], the capture of a bastion [11.31], and the parallels' garrison [10.5]. */
#include <stdio.h>
#include <string.h>

#include "sref.h"
#include "spriv.h"

/* Infantry of nation in play, not garrisoning a captured bastion: a sortie's losses [10.5]. */
static bool sortie_ok(const struct sob *o, const struct sros_game *g, int i, int nation)
{
	return o->u[i].nation == nation && o->u[i].kind == SK_INFANTRY && in_play(&g->s[i]) && g->s[i].where != SW_BASTION;
}

bool sp_assaulting(const struct sp_state *S, int i)
{
	return S->g.s[i].active && S->aim[i] >= 0 && S->dist[i] >= 0;
}

/* A Russian holding a position of bastion b (infantry or field battery; guns stand in their
 * firing boxes) [10.32]. */
static bool holds(const struct sob *o, const struct sp_state *S, int i, int b)
{
	const struct sros_unit *s = &S->g.s[i];
	return o->u[i].nation == SN_RUSSIAN && s->where == SW_BASTION && s->box == b && !(S->f[i] & SPF_RESERVE) &&
	       (o->u[i].kind == SK_INFANTRY || o->u[i].kind == SK_FIELD);
}

int sp_positions_taken(const struct sob *o, const struct sp_state *S, int b)
{
	int n = 0;
	for (int i = 0; i < o->n; i++)
		n += holds(o, S, i, b) || (sp_assaulting(S, i) && S->aim[i] == b && (S->f[i] & SPF_IN));
	return n;
}

bool sp_under_assault(const struct sob *o, const struct sp_state *S, int b)
{
	for (int i = 0; i < o->n; i++)
		if (sp_assaulting(S, i) && S->aim[i] == b)
			return true;
	return false;
}

/* [10.13], [12.21], [12.22]: a line's parallels hold two infantry units each, so of the units
 * going along approach k (way[i] == k) the strongest six start in its forward sound line, the
 * next six a line back, and so on, the rest behind the start line (which holds any number). The
 * owner's choice, made by the program: the strongest go in the first wave. Each comes on 150
 * yards an impulse, line to line [12.22] or over the top [12.15] alike. */
static void waves(const struct sp_scn *c, struct sp_state *S, int k, const int *way, struct evsink *ev)
{
	bool placed[SOB_UNITS_MAX] = {false};
	int front = front_yards(c, S, k) / SP_STEP, start = c->a[k].yards / SP_STEP;
	for (int rank = 0;; rank++) {
		int best = -1, line;
		for (int i = 0; i < c->o.n; i++)
			if (way[i] == k && !placed[i] && (best < 0 || sp_worth(&c->o, &S->g, i) > sp_worth(&c->o, &S->g, best)))
				best = i;
		if (best < 0)
			return;
		placed[best] = true;
		line = front + rank / SP_LINE_HOLDS;
		if (line <= front)
			continue;
		if (line >= start) {
			line = start;
			ev_emit(ev, "[10.13]", "%s goes from behind the start line, %d yards from %s: the works' lines ahead hold "
				"%d units each [12.21]", c->o.u[best].id, line * SP_STEP, c->o.b[c->a[k].bastion].name, SP_LINE_HOLDS);
		} else {
			ev_emit(ev, "[10.13]", "%s goes from a line of parallels %d yards from %s: the forward line's three "
				"parallels hold %d units [12.21]", c->o.u[best].id, line * SP_STEP, c->o.b[c->a[k].bastion].name,
				SP_LINE_HOLDS);
		}
		S->dist[best] = (int8_t)line;
	}
}

/* The brigades named go: sroster activates them [11.1]; each activated unit goes for its
 * brigade's bastion from its area's approach, if it has one in reach. 0, 1 when no brigade is
 * left to go, or -1 (e). */
int sp_launch(struct game *G, struct evsink *ev, struct err *e)
{
	const struct sp_scn *c = scn(G);
	struct sp_state *S = st(G);
	const char *names[SROS_BRIGADES];
	int first[2] = {-1, -1}, kept = 0, way[SOB_UNITS_MAX];
	/* a brigade named whose units all left the Siege Areas since goes nowhere [11.1] */
	for (int k = 0; k < S->nstorm; k++) {
		bool there = false;
		for (int i = 0; i < c->o.n && !there; i++)
			there = c->o.u[i].kind == SK_INFANTRY && !strcmp(c->o.u[i].brigade, c->br[S->storm_br[k]].name) &&
				S->g.s[i].where == SW_AREA && !S->g.s[i].worked;
		if (!there) {
			ev_emit(ev, "[11.1]", "brigade %s has no unit left in a Siege Area: it does not assault",
				c->br[S->storm_br[k]].name);
			continue;
		}
		S->storm_br[kept] = S->storm_br[k];
		S->storm_at[kept++] = S->storm_at[k];
	}
	S->nstorm = (uint8_t)kept;
	if (!kept)
		return 1;
	for (int k = 0; k < S->nstorm; k++) {
		names[k] = c->br[S->storm_br[k]].name;
		if (first[c->br[S->storm_br[k]].nation] < 0)
			first[c->br[S->storm_br[k]].nation] = S->storm_at[k];
	}
	if (sros_assault(&c->o, &c->t, &S->g, names, S->nstorm, ev, e) != 0)
		return -1;
	for (int i = 0; i < c->o.n; i++) {
		const struct sob_unit *u = &c->o.u[i];
		int b = -1, k;
		way[i] = -1;
		S->aim[i] = -1;
		S->dist[i] = -1;
		S->f[i] &= (uint8_t)~(SPF_IN | SPF_RESERVE | SPF_FOUGHT);
		if (!S->g.s[i].active)
			continue;
		for (int j = 0; j < S->nstorm; j++)
			if (!strcmp(c->br[S->storm_br[j]].name, u->brigade))
				b = S->storm_at[j];
		if (b < 0) /* the Naval units, free [11.1]: with their nation's first brigade, else any */
			b = first[u->nation] >= 0 ? first[u->nation] : first[!u->nation];
		k = approach(c, S, S->g.s[i].box, b);
		if (k < 0 || front_yards(c, S, k) > c->reach) {
			ev_emit(ev, "[11.0]", "%s, activated, has no way to %s from the %s Siege Area: it stays behind the start "
				"line", u->id, c->o.b[b].name, c->o.a[S->g.s[i].box].id);
			continue;
		}
		S->aim[i] = (int8_t)b;
		S->dist[i] = (int8_t)(front_yards(c, S, k) / SP_STEP);
		way[i] = k;
	}
	for (int k = 0; k < c->na; k++)
		waves(c, S, k, way, ev);
	/* Russians beyond a bastion's positions wait in its Reserve Box [10.32], the weakest */
	for (int b = 0; b < c->o.nb; b++) {
		int over = -c->o.b[b].positions;
		for (int i = 0; i < c->o.n; i++)
			over += holds(&c->o, S, i, b);
		while (over-- > 0) {
			int worst = -1;
			for (int i = 0; i < c->o.n; i++)
				if (holds(&c->o, S, i, b) && (worst < 0 || sp_worth(&c->o, &S->g, i) < sp_worth(&c->o, &S->g, worst)))
					worst = i;
			S->f[worst] |= SPF_RESERVE;
		}
	}
	S->step = IP_AMOVE;
	S->nstorm = 0;
	return 0;
}

/* [10.5]: each Siege Area's four forwardmost parallels need a unit each; else a sortie. */
void sp_garrison(struct game *G, struct evsink *ev)
{
	const struct sp_scn *c = scn(G);
	struct sp_state *S = st(G);
	for (int a = 0; a < c->o.na; a++) {
		int need, have = 0, lost[4], n, hurt = 4;
		if (!allied(c->o.a[a].nation) || !area_open(c, &S->g, a))
			continue;
		need = parallels(c, S, a) < 4 ? parallels(c, S, a) : 4;
		for (int i = 0; i < c->o.n; i++)
			have += c->o.u[i].kind == SK_INFANTRY && c->o.u[i].nation == c->o.a[a].nation &&
				S->g.s[i].where == SW_AREA && S->g.s[i].box == a;
		if (have >= need)
			continue;
		n = sp_pick(&c->o, &S->g, sortie_ok, c->o.a[a].nation, 4, lost);
		ev_emit(ev, "[10.5]", "the %s Siege Area's forwardmost parallels want %d unit%s and have %d: a Russian night "
			"sortie", c->o.a[a].id, need, need == 1 ? "" : "s", have);
		for (int k = 0; k < n; k++) {
			S->g.s[lost[k]].where = SW_ELIMINATED;
			S->g.s[lost[k]].active = false;
			ev_emit(ev, "[10.5]", "%s is eliminated", c->o.u[lost[k]].id);
		}
		while (hurt > 0) {
			int best = -1;
			for (int k = 0; k < c->na; k++)
				if (c->a[k].area == a && S->damaged[k] < works(S, k) &&
				    (best < 0 || works(S, k) - S->damaged[k] > works(S, best) - S->damaged[best]))
					best = k;
			if (best < 0)
				break;
			S->damaged[best]++;
			hurt--;
			ev_emit(ev, "[10.5]", "a work toward %s is damaged", c->o.b[c->a[best].bastion].name);
		}
	}
}

/* The assault ends after the fifth impulse (or when aborted): bastions held are captured
 * [11.31]; everyone else goes back [11.21], and the parallels want their garrison [10.5]. */
void sp_assault_end(struct game *G, bool aborted, struct evsink *ev)
{
	const struct sp_scn *c = scn(G);
	struct sp_state *S = st(G);
	struct err e;
	for (int b = 0; !aborted && b < c->o.nb; b++) {
		int in[SOB_UNITS_MAX], n = 0, russians = 0;
		for (int i = 0; i < c->o.n; i++) {
			russians += holds(&c->o, S, i, b);
			if (sp_assaulting(S, i) && S->aim[i] == b && (S->f[i] & SPF_IN))
				in[n++] = i;
		}
		if (n >= 3 && !russians) {
			int gar[3];
			for (int k = 0; k < 3; k++) { /* the strongest hold it */
				int best = k;
				for (int j = k + 1; j < n; j++)
					if (c->o.u[in[j]].strength > c->o.u[in[best]].strength)
						best = j;
				gar[k] = in[best];
				in[best] = in[k];
			}
			if (sros_capture(&c->o, &S->g, b, gar, ev, &e) == 0)
				for (int k = 0; k < c->na; k++)
					if (c->a[k].from == b)
						ev_emit(ev, "[8.82]", "%s is a start line for French works now: a sap may go out from "
							"it toward %s (%s:%s, %d yards)", c->o.b[b].name,
							c->o.b[c->a[k].bastion].name, c->o.b[b].id, c->o.b[c->a[k].bastion].id,
							c->a[k].yards);
		} else if (n) {
			ev_emit(ev, "[11.31]", "%s is not captured: %d Allied unit%s in its positions, %d Russian%s", c->o.b[b].name,
				n, n == 1 ? "" : "s", russians, russians == 1 ? "" : "s");
		}
	}
	S->g.impulse = 5;
	for (int i = 0; i < c->o.n; i++) {
		S->aim[i] = -1;
		S->dist[i] = -1;
		S->f[i] &= (uint8_t)~(SPF_IN | SPF_RESERVE | SPF_FOUGHT);
	}
	sp_next_seg(G, ev); /* sroster ends the Assault Phase [11.21] */
	if (S->g.seg != SS_OVER)
		sp_garrison(G, ev);
}

/* An assaulting unit pushed back steps of 150 yards: out of the bastion's positions, and no
 * farther than its own forward parallel, where a retreat ends [14.54], [14.55]. */
static void fall_back(const struct sp_scn *c, struct sp_state *S, int i, int steps)
{
	int k = approach(c, S, S->g.s[i].box, S->aim[i]), back = S->dist[i] + steps;
	int line = k >= 0 ? front_yards(c, S, k) / SP_STEP : back;
	S->f[i] &= (uint8_t)~SPF_IN;
	S->dist[i] = (int8_t)(back < line ? back : line > S->dist[i] ? line : S->dist[i]);
}

/* The attackers on defender d: of those that may attack it, the strongest first, up to six, and
 * no more than the best odds column they reach needs. */
static int attackers(const struct sp_scn *c, const struct sp_state *S, int d, int *att)
{
	const struct sob *o = &c->o;
	bool russian_def = o->u[d].nation == SN_RUSSIAN;
	int b = russian_def ? S->g.s[d].box : S->aim[d], n = 0, cand[SOB_UNITS_MAX], nc = 0;
	int reserve = -1;
	for (int i = 0; i < o->n; i++) {
		if (S->f[i] & SPF_FOUGHT)
			continue;
		if (russian_def ? sp_assaulting(S, i) && S->aim[i] == b && (S->dist[i] == 0 || (S->f[i] & SPF_IN))
		    : holds(o, S, i, b) && o->u[i].kind == SK_INFANTRY && !S->g.s[i].converted)
			cand[nc++] = i;
		/* [14.18]: an Allied unit in the positions may be attacked by one unit of the Reserve Box */
		else if (!russian_def && (S->f[d] & SPF_IN) && o->u[i].nation == SN_RUSSIAN && o->u[i].kind == SK_INFANTRY &&
			 !S->g.s[i].converted && S->g.s[i].where == SW_BASTION && S->g.s[i].box == b &&
			 (S->f[i] & SPF_RESERVE) && (reserve < 0 || o->u[i].strength > o->u[reserve].strength))
			reserve = i;
	}
	while (n < SP_MELEE_MAX && nc > 0) {
		int best = 0;
		for (int k = 1; k < nc; k++)
			if (o->u[cand[k]].strength > o->u[cand[best]].strength)
				best = k;
		att[n++] = cand[best];
		cand[best] = cand[--nc];
	}
	if (reserve >= 0 && n < SP_MELEE_MAX)
		att[n++] = reserve;
	{ /* [14.16] the owner's choice, made for him: the fewest of them that reach the best odds
	   * column all of them reach; the others stay free for another melee of the segment [14.15]
	   * and out of an A result's morale checks */
		struct err e;
		int def = sp_field_gun(o, &S->g, d) ? 2 : o->u[d].strength, all = 0, sum = 0, best;
		for (int k = 0; k < n; k++)
			all += o->u[att[k]].strength;
		best = sref_melee_col(all, def, &e);
		for (int k = 0; best >= 0 && k < n; k++) {
			sum += o->u[att[k]].strength;
			if (sref_melee_col(sum, def, &e) == best)
				return k + 1;
		}
	}
	return n;
}

bool sp_field_gun(const struct sob *o, const struct sros_game *g, int i)
{
	return o->u[i].kind == SK_FIELD || g->s[i].converted;
}

/* Whether melee on d may be fought now by the side to act. */
bool sp_melee_ok(const struct game *G, int d)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	int att[SP_MELEE_MAX], n, sum = 0;
	if (d < 0 || d >= c->o.n || (S->f[d] & SPF_FOUGHT))
		return false;
	if (S->step == IP_AMELEE ? !holds(&c->o, S, d, S->g.s[d].box) || !sp_under_assault(&c->o, S, S->g.s[d].box)
	    : S->step == IP_RMELEE ? !(sp_assaulting(S, d) && (S->dist[d] == 0 || (S->f[d] & SPF_IN))) : true)
		return false;
	if (!(n = attackers(c, S, d, att)))
		return false;
	for (int k = 0; k < n; k++)
		sum += c->o.u[att[k]].strength;
	return sref_melee_col(sum, sp_field_gun(&c->o, &S->g, d) ? 2 : c->o.u[d].strength, NULL) >= 0;
}

/* The melee on d as it would be fought now: its attackers, and which of them stand in the
 * bastion's positions ([14.32], [14.33] count only at the Assault Positions). Returns the
 * attack's strength. */
static int melee_setup(const struct sp_scn *c, const struct sp_state *S, int d, struct sros_melee *m)
{
	int sum = 0;
	memset(m, 0, sizeof *m);
	m->def = d;
	m->natt = attackers(c, S, d, m->att);
	for (int k = 0; k < m->natt; k++) {
		sum += c->o.u[m->att[k]].strength;
		m->att_in[k] = (S->f[m->att[k]] & SPF_IN) != 0;
	}
	return sum;
}

int sp_melee_odds(const struct game *G, int d, struct evsink *ev, struct err *e)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	struct sros_game copy;
	struct sros_melee m;
	memcpy(&copy, &S->g, sizeof copy);
	melee_setup(c, S, d, &m);
	return sros_melee(&c->o, &c->t, &copy, &m, ev, e) == 1 ? 0 : -1;
}

/* A melee [14.0] on d: the ruling is sroster's; the dice are rolled for the results the melee
 * table gives, and the ground follows: a Russian who retreats goes to the Reserve Box, an
 * Allied unit falls back, an attacker not affected advances into a position left [14.6]. */
int sp_melee(struct game *G, int d, struct evsink *ev, struct err *e)
{
	const struct sp_scn *c = scn(G);
	struct sp_state *S = st(G);
	const struct sob *o = &c->o;
	struct sros_melee m;
	char eff_a[SP_MELEE_MAX], eff_d = '-', r;
	int sum = melee_setup(c, S, d, &m), col, mod, amod = 0, b;
	bool gun = sp_field_gun(o, &S->g, d), hita, hitd, russian_def = o->u[d].nation == SN_RUSSIAN;
	if ((col = sref_melee_col(sum, gun ? 2 : o->u[d].strength, e)) < 0)
		return -1;
	mod = sros_melee_mod(o, d);
	m.die = sp_roll(G);
	r = sref_melee_result(&c->t, col, m.die + mod);
	hita = r == 'A' || r == 'B';
	hitd = r == 'D' || r == 'B';
	b = russian_def ? S->g.s[d].box : S->aim[d];
	if (russian_def)
		amod = sref_morale_mod(S->g.strength[b], false); /* [14.32], [14.33]: at the Assault Positions */
	for (int k = 0; k < m.natt; k++) {
		eff_a[k] = '-';
		if (hita) {
			m.adie[k] = sp_roll(G);
			eff_a[k] = sref_morale_effect(&c->t, o->u[m.att[k]].morale, m.adie[k] + (m.att_in[k] ? 0 : amod) +
						      (S->g.s[m.att[k]].retreated ? -1 : 0));
		}
	}
	if (hitd && gun) {
		eff_d = 'G';
	} else if (hitd) {
		m.ddie = sp_roll(G);
		eff_d = sref_morale_effect(&c->t, o->u[d].morale, m.ddie + sref_morale_mod(-1, S->g.s[d].retreated));
	}
	if (sros_melee(o, &c->t, &S->g, &m, ev, e) != 0)
		return -1;
	S->f[d] |= SPF_FOUGHT;
	for (int k = 0; k < m.natt; k++)
		S->f[m.att[k]] |= SPF_FOUGHT;
	/* the ground: who falls back where */
	for (int k = 0; k <= m.natt; k++) {
		int i = k < m.natt ? m.att[k] : d;
		char x = k < m.natt ? eff_a[k] : eff_d;
		if (x == '-')
			continue;
		if (o->u[i].nation == SN_RUSSIAN) {
			if (x == 'E' || x == 'R') /* gone from the bastion [14.41], [14.42] */
				S->f[i] &= (uint8_t)~SPF_RESERVE;
			else if (x == '1' || x == '2' || x == 'G') {
				S->f[i] |= SPF_RESERVE;
				ev_emit(ev, x == 'G' ? "[14.25]" : "[14.52]", "%s falls back into %s's Reserve Box", o->u[i].id,
					o->b[S->g.s[i].box].name);
			}
		} else if (x == '1' || x == '2') {
			fall_back(c, S, i, x - '0');
			ev_emit(ev, "[14.54]", "%s falls back: %d yards from %s", o->u[i].id, 150 * S->dist[i],
				o->b[S->aim[i]].name);
		} else {
			S->f[i] &= (uint8_t)~SPF_IN;
		}
	}
	if (russian_def && r == 'D' && eff_d != '-') {
		int best = -1;
		for (int k = 0; k < m.natt; k++)
			if (!(S->f[m.att[k]] & SPF_IN) && (best < 0 || o->u[m.att[k]].strength > o->u[best].strength))
				best = m.att[k];
		if (best >= 0 && sp_positions_taken(o, S, b) < o->b[b].positions) {
			S->f[best] |= SPF_IN;
			S->dist[best] = 0;
			ev_emit(ev, "[14.6]", "%s advances into the position %s left, in %s", o->u[best].id, o->u[d].id,
				o->b[b].name);
		}
	}
	return 0;
}

/* Field battery fire as it would be now: the range (150 yards a step, at the Assault Positions
 * or in the bastion 150) and the ground of the target's step (a depression 2 shots, a ravine 3). */
static void fire_setup(const struct sp_scn *c, const struct sp_state *S, int gun, int target, struct sros_fire *f)
{
	int k = approach(c, S, S->g.s[target].box, S->aim[target]);
	int step = k >= 0 ? c->a[k].steps - S->dist[target] : -1;
	memset(f, 0, sizeof *f);
	f->gun = gun;
	f->target = target;
	f->yards = (S->dist[target] > 1 ? S->dist[target] : 1) * SP_STEP;
	f->terrain = step >= 0 && step < c->a[k].steps ? (c->a[k].ground[step] == ST_DEPRESSION ? 1
							   : c->a[k].ground[step] == ST_RAVINE ? 2 : 0) : 0;
}

int sp_battery_odds(const struct game *G, int gun, int target, struct evsink *ev, struct err *e)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	struct sros_game copy;
	struct sros_fire f;
	memcpy(&copy, &S->g, sizeof copy);
	fire_setup(c, S, gun, target, &f);
	return sros_battery(&c->o, &c->t, &copy, &f, ev, e) == 1 ? 0 : -1;
}

/* Russian field battery fire [13.0] on an assaulting unit: the shots' dice, and a morale die for
 * each shot that affects it, in order, as sroster rules them. */
int sp_battery(struct game *G, int gun, int target, struct evsink *ev, struct err *e)
{
	const struct sp_scn *c = scn(G);
	struct sp_state *S = st(G);
	const struct sob *o = &c->o;
	struct sros_fire f;
	int b = S->aim[target], rm = 0, mod, hits = 0, back = 0;
	bool ret = S->g.s[target].retreated;
	fire_setup(c, S, gun, target, &f);
	if (sref_range_mod(&c->t, f.yards, &rm, e) != 0)
		return -1;
	mod = rm + sros_melee_mod(o, target);
	f.ndice = 1 + f.terrain;
	for (int s = 0; s < f.ndice; s++) {
		char q;
		f.dice[s] = sp_roll(G);
		q = sref_melee_result(&c->t, 3, f.dice[s] + mod);
		hits += q == 'D' || q == 'B';
	}
	for (int s = 0; s < hits; s++) {
		char m;
		f.mdice[f.nmdice++] = sp_roll(G);
		m = sref_morale_effect(&c->t, o->u[target].morale, f.mdice[s] + sref_morale_mod(-1, ret));
		if (m == 'E' || m == 'R')
			break;
		if (m == '1' || m == '2') {
			ret = true;
			back += m - '0';
		}
	}
	if (sros_battery(o, &c->t, &S->g, &f, ev, e) != 0)
		return -1;
	if (!S->g.s[target].active || !in_play(&S->g.s[target]))
		S->f[target] &= (uint8_t)~SPF_IN; /* eliminated or routed [14.41], [14.42] */
	else if (back) {
		fall_back(c, S, target, back);
		ev_emit(ev, "[14.54]", "%s falls back to %d yards from %s", o->u[target].id, 150 * S->dist[target],
			o->b[b].name);
	}
	return 0;
}

bool sp_fire_ok(const struct game *G, int gun, int target)
{
	const struct sp_scn *c = scn(G);
	const struct sp_state *S = cst(G);
	const struct sros_unit *s;
	if (gun < 0 || gun >= c->o.n || target < 0 || target >= c->o.n)
		return false;
	s = &S->g.s[gun];
	return S->g.seg == SS_ASSAULT && S->step == IP_RFIRE && sp_field_gun(&c->o, &S->g, gun) && s->where == SW_BASTION &&
	       !(S->f[gun] & SPF_RESERVE) && !s->fired && sp_assaulting(S, target) && S->aim[target] == s->box &&
	       S->dist[target] * SP_STEP <= 600;
}

/* The next step of the Assault Impulse, or the next impulse, or the assault's end. */
void sp_assault_next(struct game *G, struct evsink *ev)
{
	const struct sp_scn *c = scn(G);
	struct sp_state *S = st(G);
	struct err e;
	if (S->step < IP_RMELEE) {
		S->step++;
		if (S->step == IP_AMELEE || S->step == IP_RMELEE) /* [14.15]: once a Melee Segment */
			for (int i = 0; i < c->o.n; i++)
				S->f[i] &= (uint8_t)~SPF_FOUGHT;
		if (S->step == IP_RMOVE) /* [12.33], [12.34]: where each unit begins the segment */
			for (int i = 0; i < c->o.n; i++)
				S->f[i] &= (uint8_t)~SPF_TACTICAL;
		return;
	}
	if (S->g.impulse >= 5) {
		sp_assault_end(G, false, ev);
		return;
	}
	(void)sros_next(&c->o, &c->t, &S->g, ev, &e);
	S->step = IP_AMOVE;
}
