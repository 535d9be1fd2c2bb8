/* qbattle: hooks through which the exclusive rules of each battle adjust the standard rules.
 * Each hook is small and cites its case; a battle without an exception returns "no opinion". */
#include <stdio.h>
#include <string.h>

#include "qmove.h"

static bool is_battle(const struct game *g, const char *name)
{
	return !strcmp(q_scn(g)->battle, name);
}

int q_battle_stack_ok(const struct game *g, int u, int idx, const int *stack, int n)
{
	const struct q_scn *s = q_scn(g);
	int cav_sp = 0, art = 0;

	(void)idx;
	/* Balaclava [21.0]: British cavalry may stack four strength points per hex, and an
	 * artillery or horse artillery unit may still join such a stack. */
	if (!is_battle(g, "balaclava") || s->u[u].type == Q_INF)
		return 0;
	if (s->u[u].type == Q_CAV) {
		if (strcmp(s->u[u].nation, "british"))
			return 0;
		cav_sp += q_melee(g, u);
	} else {
		art++;
	}
	for (int i = 0; i < n; i++) {
		int v = stack[i];
		if (v == u)
			continue;
		if (s->u[v].type == Q_CAV && !strcmp(s->u[v].nation, "british"))
			cav_sp += q_melee(g, v);
		else if (s->u[v].type == Q_ART || s->u[v].type == Q_HART)
			art++;
		else
			return 0;
	}
	return cav_sp <= 4 && art <= 1 ? 1 : 0;
}

/* ---- hooks with no exception yet default to the standard rules ---- */

#include "qcombat.h"

int q_battle_may_move(const struct game *g, int u, struct err *e)
{
	(void)g;
	(void)u;
	(void)e;
	return 0;
}

int q_battle_may_enter(const struct game *g, int u, struct err *e)
{
	(void)g;
	(void)u;
	(void)e;
	return 0;
}

int q_battle_los_hex(const struct game *g, int idx)
{
	/* Alma [18.42] b: Bourliuk, closed to units, still blocks sight as a town */
	if (q_scn(g)->map.terrain[idx] == TER_CLOSED)
		return 1;
	return -1;
}

int q_battle_los(const struct game *g, int from, int to, const struct line_step *st, int n,
		 char *why, size_t wn)
{
	(void)g;
	(void)from;
	(void)to;
	(void)st;
	(void)n;
	(void)why;
	(void)wn;
	return -1;
}

int q_battle_fire_from_bottom(const struct game *g, int u)
{
	/* Balaclava [18.1]: a redoubt gun on the bottom of its stack may still fire */
	return is_battle(g, "balaclava") && (q_scn(g)->u[u].tags & QT_REDOUBT_GUN) ? 1 : 0;
}

int q_battle_art_range(const struct game *g, int u)
{
	/* Balaclava errata [18.4]: the four redoubt guns reach 1 hex */
	return (q_scn(g)->u[u].tags & QT_REDOUBT_GUN) ? 1 : 0;
}

int q_battle_fire_shift(const struct game *g, int target, char *why, size_t n)
{
	(void)g;
	(void)target;
	if (n)
		why[0] = '\0';
	return 0;
}

int q_battle_fire_die(const struct game *g, const struct action *a, int die)
{
	(void)g;
	(void)a;
	return die;
}

int q_battle_melee_strength(const struct game *g, int u, bool attacking, int base)
{
	const struct q_scn *s = q_scn(g);
	int idx = q_cst(g)->u[u].idx;
	/* Balaclava [22.11], Tchernaya [16.11]: attacking out of an Aqueduct hex halves (down) */
	if (attacking && idx >= 0 && s->map.terrain[idx] == TER_AQUEDUCT)
		return base / 2;
	return base;
}

bool q_battle_exerts_zoc(const struct game *g, int u)
{
	const struct q_udef *d = &q_scn(g)->u[u];
	/* Alma [19.1]: artillery exerts no zone of control */
	if (is_battle(g, "alma") && (d->type == Q_ART || d->type == Q_HART))
		return false;
	return true;
}

int q_battle_rally_mod(const struct game *g, int u, char *why, size_t n)
{
	(void)g;
	(void)u;
	if (n)
		why[0] = '\0';
	return 0;
}

int q_battle_may_rally(const struct game *g, int u, struct err *e)
{
	(void)g;
	(void)u;
	(void)e;
	return 0;
}

void q_victory(const struct game *g, struct result *r)
{
	const struct q_state *st = q_cst(g);
	/* The Standard Rules leave victory to each battle's exclusive rules ([4.0]); until those
	 * are in, the tally is melee strength points eliminated, reported as such. */
	r->vp[0] = st->elim_melee[1];
	r->vp[1] = st->elim_melee[0];
	r->winner = r->vp[0] > r->vp[1] ? 0 : r->vp[1] > r->vp[0] ? 1 : -1;
	snprintf(r->level, sizeof r->level, "melee points eliminated %d-%d",
		 r->vp[0], r->vp[1]);
}
