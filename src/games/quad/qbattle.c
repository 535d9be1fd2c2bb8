/* qbattle: dispatch of the exclusive-rule hooks to the scenario's battle; where a battle has
 * no hook, the Standard Rules apply unchanged. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "qbattle.h"
#include "qmove.h"

static const struct q_battle *const battles[] = {&q_alma, &q_balaclava, &q_inkerman, &q_tchernaya, NULL};

const struct q_battle *q_battle_find(const char *scenario_id)
{
	for (int i = 0; battles[i]; i++) {
		size_t l = strlen(battles[i]->id);
		if (!strncmp(scenario_id, battles[i]->id, l) && (scenario_id[l] == '\0' || scenario_id[l] == '-'))
			return battles[i];
	}
	return NULL;
}

static const struct q_battle *B(const struct game *g)
{
	return q_scn(g)->ops;
}

#define HOOK(name) (B(g) && B(g)->name)

void q_battle_setup(struct game *g)
{
	if (HOOK(setup))
		B(g)->setup(g);
}

int q_battle_may_move(const struct game *g, int u, struct err *e)
{
	return HOOK(may_move) ? B(g)->may_move(g, u, e) : 0;
}

int q_battle_may_enter(const struct game *g, int u, struct err *e)
{
	return HOOK(may_enter) ? B(g)->may_enter(g, u, e) : 0;
}

int q_battle_enter_turn(const struct game *g, int u, int printed)
{
	return HOOK(enter_turn) ? B(g)->enter_turn(g, u, printed) : printed;
}

int q_battle_fire_split(const struct game *g, const struct action *a, const int *whole, int *use,
			struct err *e)
{
	return HOOK(fire_split) ? B(g)->fire_split(g, a, whole, use, e) : 1;
}

bool q_battle_retreat_together(const struct game *g, int u, int v)
{
	return HOOK(retreat_together) && B(g)->retreat_together(g, u, v);
}

int q_battle_retreat_stack_ok(const struct game *g, int u, int idx)
{
	return HOOK(retreat_stack_ok) ? B(g)->retreat_stack_ok(g, u, idx) : -1;
}

void q_battle_fire_spent(struct game *g, const struct action *a, const int *whole, const int *use,
			 struct evsink *ev)
{
	if (HOOK(fire_spent))
		B(g)->fire_spent(g, a, whole, use, ev);
}

int q_battle_stack_ok(const struct game *g, int u, int idx, const int *stack, int n)
{
	return HOOK(stack_ok) ? B(g)->stack_ok(g, u, idx, stack, n) : 0;
}

int q_battle_los_hex(const struct game *g, int idx)
{
	if (HOOK(los_hex))
		return B(g)->los_hex(g, idx);
	/* Alma [18.42] b: Bourliuk, closed to units, still blocks sight as a town */
	if (q_scn(g)->map.terrain[idx] == TER_CLOSED)
		return 1;
	return -1;
}

int q_battle_los(const struct game *g, int from, int to, const struct line_step *st, int n,
		 char *why, size_t wn)
{
	return HOOK(los) ? B(g)->los(g, from, to, st, n, why, wn) : -1;
}

int q_battle_fire_from_bottom(const struct game *g, int u)
{
	return HOOK(fire_from_bottom) ? B(g)->fire_from_bottom(g, u) : 0;
}

int q_battle_art_range(const struct game *g, int u)
{
	return HOOK(art_range) ? B(g)->art_range(g, u) : 0;
}

int q_battle_fire_shift(const struct game *g, int target, char *why, size_t n)
{
	if (n)
		why[0] = '\0';
	return HOOK(fire_shift) ? B(g)->fire_shift(g, target, why, n) : 0;
}

int q_battle_fire_die(const struct game *g, const struct action *a, int die)
{
	return HOOK(fire_die) ? B(g)->fire_die(g, a, die) : die;
}

int q_battle_melee_strength(const struct game *g, int u, bool attacking, int base)
{
	const struct q_scn *s = q_scn(g);
	int idx = q_cst(g)->u[u].idx;
	if (HOOK(melee_strength))
		return B(g)->melee_strength(g, u, attacking, base);
	/* Balaclava [22.11], Tchernaya [16.11]: attacking out of an Aqueduct hex halves (down) */
	if (attacking && idx >= 0 && s->map.terrain[idx] == TER_AQUEDUCT && !map_bridge_hex(&s->map, idx))
		return base / 2; /* Tchernaya [16.14]: an Aqueduct hex with a bridge is a Bridge hex */
	return base;
}

bool q_battle_defends(const struct game *g, int u)
{
	return HOOK(defends) ? B(g)->defends(g, u) : true;
}

int q_battle_rally_mod(const struct game *g, int u, int std, char *why, size_t n)
{
	return HOOK(rally_mod) ? B(g)->rally_mod(g, u, std, why, n) : std;
}

int q_battle_fire_group_ok(const struct game *g, const int *units, int n, struct err *e)
{
	return HOOK(fire_group_ok) ? B(g)->fire_group_ok(g, units, n, e) : 0;
}

int q_battle_may_rally(const struct game *g, int u, struct err *e)
{
	return HOOK(may_rally) ? B(g)->may_rally(g, u, e) : 0;
}

void q_battle_after_move(struct game *g, int u, struct evsink *ev)
{
	if (HOOK(after_move))
		B(g)->after_move(g, u, ev);
}

void q_battle_on_disrupt(struct game *g, int u, struct evsink *ev)
{
	if (HOOK(on_disrupt))
		B(g)->on_disrupt(g, u, ev);
}

void q_battle_on_melee(struct game *g, const int *att, int natt, struct evsink *ev)
{
	if (HOOK(on_melee))
		B(g)->on_melee(g, att, natt, ev);
}

void q_battle_on_removed(struct game *g, int u, int origin, bool retreated, struct evsink *ev)
{
	if (HOOK(on_removed))
		B(g)->on_removed(g, u, origin, retreated, ev);
}

void q_battle_after_action(struct game *g, struct evsink *ev)
{
	if (HOOK(after_action))
		B(g)->after_action(g, ev);
}

void q_battle_end_phase(struct game *g, struct evsink *ev)
{
	if (HOOK(end_phase))
		B(g)->end_phase(g, ev);
}

void q_battle_actions(const struct game *g, struct q_alist *l)
{
	if (HOOK(actions))
		B(g)->actions(g, l);
}

int q_battle_apply(struct game *g, const struct action *a, struct evsink *ev, struct err *e)
{
	if (HOOK(apply))
		return B(g)->apply(g, a, ev, e);
	return err_set(e, NULL, 0, "this battle has no such action");
}

int q_battle_phase_start(struct game *g, struct evsink *ev)
{
	return HOOK(phase_start) ? B(g)->phase_start(g, ev) : 0;
}

int q_battle_cav_disrupt_mp(const struct game *g, int u)
{
	return HOOK(cav_disrupt_mp) ? B(g)->cav_disrupt_mp(g, u) : 14; /* [11.11] 7 MP */
}

int q_battle_melee_ok(const struct game *g, const struct action *a, struct err *e)
{
	return HOOK(melee_ok) ? B(g)->melee_ok(g, a, e) : 0;
}

int q_battle_parse(const struct game *g, const char *const *tok, int nt, struct action *a, struct err *e)
{
	return HOOK(parse) ? B(g)->parse(g, tok, nt, a, e) : 1;
}

int q_battle_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	return HOOK(format) ? B(g)->format(g, a, buf, n) : -1;
}

const uint8_t *q_battle_steps(const struct game *g, int u, uint8_t *scratch)
{
	const struct q_scn *s = q_scn(g);
	int mc = q_mclass(s->u[u].type, q_disrupted(g, u));
	const uint8_t *base = s->step[mc];
	if (HOOK(step_variant)) {
		int v = B(g)->step_variant(g, u);
		return v > 0 && v <= Q_NVARIANT && s->vstep[v - 1][mc] ? s->vstep[v - 1][mc] : base;
	}
	if (!HOOK(patch_steps) || !scratch || (HOOK(patches) && !B(g)->patches(g, u)))
		return base;
	memcpy(scratch, base, (size_t)s->map.n * 6);
	B(g)->patch_steps(g, u, scratch);
	return scratch;
}

struct lvl_buf {
	char *out;
	size_t n, len; /* len: characters the whole text needs so far (as snprintf counts) */
};

static void lvl_put(struct lvl_buf *b, const char *t, size_t tl)
{
	if (b->n && b->len < b->n - 1) {
		size_t room = b->n - 1 - b->len;
		memcpy(b->out + b->len, t, tl < room ? tl : room);
	}
	b->len += tl;
}

static void lvl_str(struct lvl_buf *b, const char *t)
{
	lvl_put(b, t, strlen(t));
}

static void lvl_int(struct lvl_buf *b, int v)
{
	char tmp[16];
	int k = sizeof tmp;
	unsigned x = v < 0 ? 0u - (unsigned)v : (unsigned)v;
	do {
		tmp[--k] = (char)('0' + x % 10);
		x /= 10;
	} while (x);
	if (v < 0)
		tmp[--k] = '-';
	lvl_put(b, tmp + k, sizeof tmp - (size_t)k);
}

/* Both level texts; with_margin: the "%+d: " of q_level_text_margin. */
static void level_text(char *out, size_t n, const char *level, bool with_margin, int margin,
		       const char *s0, int v0, const char *s1, int v1, const char *tail)
{
	struct lvl_buf b = {out, n, 0};
	lvl_str(&b, level);
	lvl_put(&b, " (", 2);
	if (with_margin) {
		if (margin >= 0)
			lvl_put(&b, "+", 1);
		lvl_int(&b, margin);
		lvl_put(&b, ": ", 2);
	}
	lvl_str(&b, s0);
	lvl_put(&b, " ", 1);
	lvl_int(&b, v0);
	lvl_put(&b, ", ", 2);
	lvl_str(&b, s1);
	lvl_put(&b, " ", 1);
	lvl_int(&b, v1);
	lvl_put(&b, ")", 1);
	lvl_str(&b, tail);
	if (n)
		out[b.len < n ? b.len : n - 1] = '\0';
}

void q_level_text(char *out, size_t n, const char *level, const char *s0, int v0, const char *s1,
		  int v1, const char *tail)
{
	level_text(out, n, level, false, 0, s0, v0, s1, v1, tail);
}

void q_level_text_margin(char *out, size_t n, const char *level, int margin, const char *s0, int v0,
			 const char *s1, int v1, const char *tail)
{
	level_text(out, n, level, true, margin, s0, v0, s1, v1, tail);
}

void q_sheet_add(struct score_sheet *sh, int side, int vp, const char *rule, const char *item,
		 const char *fmt, ...)
{
	struct score_line *l;
	va_list ap;

	if (!sh)
		return;
	int order = sh->items++;
	if (vp == 0 ? sh->nzero >= SCORE_LINES_MAX : sh->n >= SCORE_LINES_MAX)
		return;
	l = vp == 0 ? &sh->zero[sh->nzero++] : &sh->line[sh->n++];
	l->side = side;
	l->vp = vp;
	l->order = order;
	snprintf(l->rule, sizeof l->rule, "%s", rule);
	va_start(ap, fmt);
	vsnprintf(l->what, sizeof l->what, fmt, ap);
	va_end(ap);
	snprintf(l->item, sizeof l->item, "%s", item ? item : l->what);
}

static void victory(const struct game *g, struct result *r, struct score_sheet *sh)
{
	const struct q_state *st = q_cst(g);
	if (HOOK(victory)) {
		B(g)->victory(g, r, sh);
		return;
	}
	/* No exclusive rules (a test scenario): report melee strength points eliminated. */
	r->vp[0] = st->elim_melee[1];
	r->vp[1] = st->elim_melee[0];
	for (int side = 0; side < 2; side++)
		q_sheet_add(sh, side, r->vp[side], "[2.4]", NULL, "enemy melee strength points eliminated");
	r->winner = r->vp[0] > r->vp[1] ? 0 : r->vp[1] > r->vp[0] ? 1 : -1;
	snprintf(r->level, sizeof r->level, "melee points eliminated %d-%d", r->vp[0], r->vp[1]);
}

void q_victory(const struct game *g, struct result *r)
{
	victory(g, r, NULL);
}

void q_score(const struct game *g, struct score_sheet *sh, struct result *r)
{
	sh->n = 0;
	sh->items = 0;
	sh->nzero = 0;
	memset(r, 0, sizeof *r);
	r->over = q_cst(g)->phase == QP_OVER;
	victory(g, r, sh);
}
