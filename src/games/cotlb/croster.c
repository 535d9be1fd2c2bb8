/* croster: a Charge of the Light Brigade game's roster (croster.h). */
#include "croster.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/prov.h"
#include "cseq.h"

/* ---- the order of battle --------------------------------------------------------------- */

static bool id_ok(const char *s)
{
	size_t n = strlen(s);
	if (!n || n >= CROS_ID_MAX)
		return false;
	return strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == n;
}

const char *const cros_form_name[CF_FORMS] = {
	"line", "double-line", "attack-column", "march-column", "square", "limbered", "unlimbered",
};

int cros_form_of(const char *s)
{
	for (int i = 0; i < CF_FORMS; i++)
		if (!strcmp(s, cros_form_name[i]))
			return i;
	return -1;
}

int cros_find(const struct cros_oob *o, const char *id)
{
	for (int i = 0; i < o->n; i++)
		if (!strcmp(o->u[i].id, id))
			return i;
	return -1;
}

int cros_find_cmdr(const struct cros_oob *o, const char *id)
{
	for (int i = 0; i < o->ncmdrs; i++)
		if (!strcmp(o->cmdr[i], id))
			return i;
	return -1;
}

int cros_cmdr_side(const struct cros_oob *o, int k)
{
	for (int i = 0; i < o->n; i++)
		if (o->u[i].commander == k)
			return o->u[i].side;
	return -1;
}

const char *cros_absent(const struct cros_oob *o, const struct cros_game *g, int i)
{
	const struct cros_state *u = &g->s[i];
	return !u->figures			     ? "destroyed"
	       : u->pos.on			     ? NULL
	       : u->fell_back			     ? "left the table" /* [MORALE (d)], [Close Combat (g)] */
	       : o->u[i].reinforcement		     ? "not arrived"
						     : "off the table";
}

int cros_oob_load(struct cros_oob *o, const struct ctab *t, const struct jdoc *d, struct errlist *errs)
{
	const json_t *root = d->root, *sides, *cmdrs, *units, *cp, *x;
	const char *s;
	size_t i;
	int before = errs->total;
	struct prov p;

	memset(o, 0, sizeof *o);
	if (!(s = jdoc_str(d, root, "kind", true, errs)) || strcmp(s, "oob") ||
	    !(s = jdoc_str(d, root, "rules", true, errs)) || strcmp(s, "cotlb")) {
		jdoc_add(d, root, errs, "an order of battle has \"kind\": \"oob\" and \"rules\": \"cotlb\"");
		return -1;
	}
	if ((s = jdoc_str(d, root, "id", true, errs)))
		snprintf(o->id, sizeof o->id, "%s", s);
	if ((s = jdoc_str(d, root, "title", true, errs)))
		snprintf(o->title, sizeof o->title, "%s", s);
	prov_read(d, root, true, &p, errs);
	sides = json_object_get(root, "sides");
	if (!json_is_array(sides) || json_array_size(sides) != 2 || !json_is_string(json_array_get(sides, 0)) ||
	    !json_is_string(json_array_get(sides, 1))) {
		jdoc_add(d, sides ? sides : root, errs, "\"sides\" must be two names");
		return -1;
	}
	for (int k = 0; k < 2; k++)
		snprintf(o->side[k], sizeof o->side[k], "%s", json_string_value(json_array_get(sides, (size_t)k)));
	cp = json_object_get(root, "command_points");
	if (!json_is_object(cp))
		jdoc_add(d, cp ? cp : root, errs, "\"command_points\" must be an object (by nation) with its provenance");
	else
		prov_read(d, cp, true, &p, errs);
	cmdrs = json_object_get(root, "commanders");
	if (!json_is_array(cmdrs)) {
		jdoc_add(d, cmdrs ? cmdrs : root, errs, "\"commanders\" must be a list");
		return -1;
	}
	json_array_foreach(cmdrs, i, x) {
		if (o->ncmdrs == CROS_CMDRS_MAX) {
			jdoc_add(d, x, errs, "more than %d commanders", CROS_CMDRS_MAX);
			break;
		}
		if (!(s = jdoc_str(d, x, "id", true, errs)))
			continue;
		if (!id_ok(s) || cros_find_cmdr(o, s) >= 0) {
			jdoc_add(d, x, errs, "commander id \"%s\" must be new, 1-%d of a-z 0-9 -", s, CROS_ID_MAX - 1);
			continue;
		}
		snprintf(o->cmdr[o->ncmdrs++], CROS_ID_MAX, "%s", s);
	}
	units = json_object_get(root, "units");
	if (!json_is_array(units)) {
		jdoc_add(d, units ? units : root, errs, "\"units\" must be a list");
		return -1;
	}
	json_array_foreach(units, i, x) {
		struct cros_unit *u;
		const json_t *c;
		if (o->n == CROS_UNITS_MAX) {
			jdoc_add(d, x, errs, "more than %d units", CROS_UNITS_MAX);
			break;
		}
		u = &o->u[o->n];
		memset(u, 0, sizeof *u);
		if (!(s = jdoc_str(d, x, "id", true, errs)))
			continue;
		if (!id_ok(s) || cros_find(o, s) >= 0) {
			jdoc_add(d, x, errs, "unit id \"%s\" must be new, 1-%d of a-z 0-9 -", s, CROS_ID_MAX - 1);
			continue;
		}
		snprintf(u->id, sizeof u->id, "%s", s);
		if ((s = jdoc_str(d, x, "name", true, errs)))
			snprintf(u->name, sizeof u->name, "%s", s);
		u->side = -1;
		if ((s = jdoc_str(d, x, "side", true, errs))) {
			for (int k = 0; k < 2; k++)
				if (!strcmp(s, o->side[k]))
					u->side = k;
			if (u->side < 0)
				jdoc_add(d, json_object_get(x, "side"), errs, "\"%s\" is not one of the sides", s);
		}
		if ((s = jdoc_str(d, x, "type", true, errs)) && (u->type = ctab_unit(t, s)) < 0)
			jdoc_add(d, json_object_get(x, "type"), errs, "\"%s\" is not a troop type of the sheet (%s)", s, t->file);
		if (u->type < 0)
			u->type = 0;
		u->stands = jdoc_int(d, x, "stands", 1, 12, errs);
		u->figures = jdoc_int(d, x, "figures", 1, CREF_FIG_MAX, errs);
		if (ctab_stands(t, u->type, u->figures) > (t->unit[u->type].fps == 1 ? 2 * u->stands : u->stands))
			jdoc_add(d, x, errs, "%d figures do not fit on %d stands", u->figures, u->stands);
		c = json_object_get(x, "command_points");
		if (json_is_string(c) && !strcmp(json_string_value(c), "unlimited"))
			u->cp = CROS_CP_UNLIMITED;
		else
			u->cp = jdoc_int(d, x, "command_points", 0, 99, errs);
		if ((s = jdoc_str(d, x, "commander", true, errs)) && (u->commander = cros_find_cmdr(o, s)) < 0)
			jdoc_add(d, json_object_get(x, "commander"), errs, "\"%s\" is not one of the commanders", s);
		if ((s = jdoc_str(d, x, "arrival", true, errs))) {
			if (strcmp(s, "start") && strcmp(s, "reinforcement"))
				jdoc_add(d, json_object_get(x, "arrival"), errs, "\"arrival\" is \"start\" or \"reinforcement\"");
			u->reinforcement = !strcmp(s, "reinforcement");
		}
		u->guard = jdoc_bool(d, x, "guard", errs);
		u->horse = jdoc_bool(d, x, "horse", errs);
		u->heavy_brigade = jdoc_bool(d, x, "heavy_brigade", errs);
		if ((s = jdoc_str(d, x, "restriction", false, errs)))
			snprintf(u->restriction, sizeof u->restriction, "%s", s);
		if (json_object_get(x, "provenance"))
			prov_read(d, x, false, &p, errs);
		o->n++;
	}
	return errs->total == before ? 0 : -1;
}

int cros_oob_load_file(struct cros_oob *o, const struct ctab *t, const char *path, struct errlist *errs)
{
	struct jdoc d;
	if (jdoc_load_errs(&d, path, errs) != 0)
		return -1;
	int rc = cros_oob_load(o, t, &d, errs);
	jdoc_free(&d);
	return rc;
}

/* ---- the game -------------------------------------------------------------------------- */

void cros_new(const struct cros_oob *o, struct cros_game *g)
{
	memset(g, 0, sizeof *g);
	snprintf(g->oob, sizeof g->oob, "%s", o->id);
	g->turn = 1;
	g->n = o->n;
	g->init_winner = -1;
	g->seq.first = -1;
	for (int i = 0; i < o->n; i++) {
		g->s[i].figures = o->u[i].figures;
		g->s[i].cp = o->u[i].cp;
		g->s[i].charged = g->s[i].fired = g->s[i].beat = -1;
	}
}

void cros_take(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, int i, int figures, int markers,
	       bool leader_killed, const char *why, struct evsink *ev)
{
	cros_lose(t, o, g, i, figures, ev);
	if (leader_killed)
		cros_leader_killed(t, o, g, i, ev);
	cros_mark(t, o, g, i, markers, why, ev);
}

/* A held result applied. */
static void apply_held(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, const struct cros_held *h,
		       struct evsink *ev)
{
	cros_take(t, o, g, h->unit, h->figures, h->markers, h->leader_killed, h->why, ev);
}

void cros_hold(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, int i, int figures, int markers,
	       bool leader_killed, const char *why, struct evsink *ev)
{
	struct cros_held h = {.unit = i, .figures = figures, .markers = markers, .leader_killed = leader_killed};
	snprintf(h.why, sizeof h.why, "%s", why ? why : "");
	if (!figures && !markers && !leader_killed)
		return;
	if (g->nheld == CROS_HELD_MAX) {
		ev_emit(ev, "[Side A Turn (b)]", "%d results held already: this one is applied now", CROS_HELD_MAX);
		apply_held(t, o, g, &h, ev);
		return;
	}
	g->held[g->nheld++] = h;
	ev_emit(ev, "[Side A Turn (b)]", "held until the reaction phase ends: %s loses %d figure%s%s, %d marker%s", o->u[i].id,
		figures, figures == 1 ? "" : "s", leader_killed ? " and its leader" : "", markers, markers == 1 ? "" : "s");
}

void cros_release(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, struct evsink *ev)
{
	if (g->nheld)
		ev_emit(ev, "[Side A Turn (b)]", "the command and reaction fire, simultaneous, takes effect");
	for (int k = 0; k < g->nheld; k++)
		apply_held(t, o, g, &g->held[k], ev);
	g->nheld = 0;
}

void cros_note_charge(struct cros_game *g, int i, int j)
{
	g->s[i].charged = j;
	g->s[i].charged_turn = g->turn;
}

void cros_note_fire(struct cros_game *g, int i, int j)
{
	g->s[i].fired = j;
	g->s[i].fired_turn = g->turn;
}

void cros_note_beat(struct cros_game *g, int i, int j)
{
	g->s[i].beat = g->s[j].pos.on ? j : -1;
	g->s[i].beat_turn = g->turn;
	g->s[i].beat_at = g->s[j].pos;
}

void cros_note_move(struct cros_game *g, int i)
{
	if (g->s[i].from_turn == g->turn || !g->s[i].pos.on)
		return;
	g->s[i].from = g->s[i].pos;
	g->s[i].from_turn = g->turn;
}

/* The sequence's phases and actions as the game file names them. */
static const char *const seq_key[CSEQ_PHASES] = {"off", "initiative", "free", "command", "reaction", "assault"};
static const char *const seq_act_key[CSEQ_ACTS] = {"move", "move-at", "reform", "unlimber", "turn", "fire", "charge",
						  "rally", "reinforce", "join"};

static int key_of(const char *const *keys, int n, const char *s)
{
	for (int k = 0; s && k < n; k++)
		if (!strcmp(keys[k], s))
			return k;
	return -1;
}

/* A sequence's map of a unit's id to another unit's id (what) into out[unit] = 1 + the other. */
static void read_unit_map(const struct cros_oob *o, const struct jdoc *d, json_t *x, const char *what,
			  unsigned char *out, struct errlist *errs)
{
	const char *k;
	json_t *v;
	if (x && !json_is_object(x))
		jdoc_add(d, x, errs, "\"%s\" maps a unit's id to another unit's", what);
	json_object_foreach(x, k, v) {
		int u = cros_find(o, k), at = cros_find(o, json_string_value(v) ? json_string_value(v) : "");
		if (u < 0 || at < 0)
			jdoc_add(d, x, errs, "\"%s\": \"%s\" is not a unit of the game with another", what, k);
		else
			out[u] = (unsigned char)(1 + at);
	}
}

/* The sequence's "split" [Fire (f)]: {"UNIT": {"left": N, "at": ["UNIT", ...]}} into q. */
static void read_split(const struct ctab *t, const struct cros_oob *o, const struct jdoc *d, json_t *x,
		       const struct cros_game *g, struct cros_seq *q, struct errlist *errs)
{
	/* side A of the half being played (cseq.c's side_a): the side whose units fire in its phases */
	const int side_a = q->first < 0 ? -1 : q->half ? 1 - q->first : q->first;
	const char *k;
	json_t *v, *w;
	size_t n;
	if (x && !json_is_object(x))
		jdoc_add(d, x, errs, "\"split\" maps a unit's id to its split fire {\"left\", \"at\"}");
	json_object_foreach(x, k, v) {
		int u = cros_find(o, k), left;
		json_t *at = json_object_get(v, "at");
		if (u < 0 || !json_is_object(v)) {
			jdoc_add(d, x, errs, "\"split\": \"%s\" is not a unit of the game with its split fire", k);
			continue;
		}
		if (q->phase != CSEQ_FREE && q->phase != CSEQ_COMMAND)
			jdoc_add(d, v, errs, "a split fire is open only in a free action or command point phase [Fire (f)]");
		left = jdoc_int(d, v, "left", 1, CREF_DICE_MAX, errs);
		q->split[u] = (unsigned char)(left > 0 ? left : 0);
		/* what the sequence could have opened: side A's unit, its action a volley, stands left of
		 * its own after at least one fired */
		if (q->acted[u] != 1 + CSEQ_FIRE || o->u[u].side != side_a ||
		    left >= ctab_stands(t, o->u[u].type, g->s[u].figures))
			jdoc_add(d, v, errs, "\"split\": %s's split fire is a volley of side A's unit that fired some of its "
				 "stands in this phase (\"acted\": fire), with fewer left than its stands", k);
		if (!json_is_array(at) || !json_array_size(at))
			jdoc_add(d, v, errs, "\"at\": the units %s's split fire has fired at", k);
		json_array_foreach(at, n, w) {
			int j = cros_find(o, json_string_value(w) ? json_string_value(w) : "");
			if (j < 0)
				jdoc_add(d, w, errs, "\"at\": not a unit of the game");
			else
				q->split_at[u][j / 32] |= 1u << (j % 32);
		}
	}
}

/* The game file's "sequence" (cros_game_json) into g->seq. */
static void read_seq(const struct ctab *t, const struct cros_oob *o, const struct jdoc *d, const json_t *x,
		     struct cros_game *g, struct errlist *errs)
{
	struct cros_seq *q = &g->seq;
	json_t *acted = json_object_get(x, "acted"), *paid = json_object_get(x, "paid"), *v;
	const char *s = jdoc_str(d, x, "phase", true, errs), *k;
	size_t i;
	q->phase = key_of(seq_key, CSEQ_PHASES, s);
	if (s && q->phase <= CSEQ_OFF) {
		jdoc_add(d, x, errs, "\"phase\" is initiative, free, command, reaction or assault, not \"%s\"", s);
		q->phase = CSEQ_OFF;
		return;
	}
	q->first = -1;
	if ((s = jdoc_str(d, x, "first", false, errs))) {
		q->first = !strcmp(s, o->side[0]) ? 0 : !strcmp(s, o->side[1]) ? 1 : -1;
		if (q->first < 0)
			jdoc_add(d, x, errs, "\"first\" is a side, %s or %s, not \"%s\"", o->side[0], o->side[1], s);
	} else if (q->phase > CSEQ_INITIATIVE) {
		jdoc_add(d, x, errs, "\"first\": the side that acts first this turn");
	}
	q->half = jdoc_int(d, x, "half", 0, 1, errs);
	q->round = jdoc_int(d, x, "round", 0, CSEQ_ROUNDS_MAX, errs);
	if ((q->phase == CSEQ_COMMAND || q->phase == CSEQ_REACTION || q->phase == CSEQ_ASSAULT) && q->round < 1)
		jdoc_add(d, x, errs, "a command point or reaction phase has a \"round\" from 1");
	if (acted && !json_is_object(acted))
		jdoc_add(d, acted, errs, "\"acted\" maps a unit's id to its action");
	json_object_foreach(acted, k, v) {
		int u = cros_find(o, k), a = key_of(seq_act_key, CSEQ_ACTS, json_string_value(v));
		if (u < 0 || a < 0)
			jdoc_add(d, acted, errs, "\"acted\": \"%s\" is not a unit of the game with an action (move, move-at, "
				 "reform, unlimber, turn, fire, charge, rally)", k);
		else
			q->acted[u] = (unsigned char)(1 + a);
	}
	read_unit_map(o, d, json_object_get(x, "aim"), "aim", q->aim, errs);
	read_unit_map(o, d, json_object_get(x, "locked"), "locked", q->locked, errs);
	read_unit_map(o, d, json_object_get(x, "assault"), "assault", q->assault, errs);
	read_unit_map(o, d, json_object_get(x, "reinforced"), "reinforced", q->reinf, errs);
	read_unit_map(o, d, json_object_get(x, "joined"), "joined", q->contact, errs);
	read_split(t, o, d, json_object_get(x, "split"), g, q, errs);
	if (json_object_get(x, "moved") && !json_is_object(json_object_get(x, "moved")))
		jdoc_add(d, x, errs, "\"moved\" maps a unit's id to where it stood before its move {\"x\", \"y\", \"facing\", "
			 "\"formation\"}");
	if ((json_object_size(json_object_get(x, "reinforced")) || json_object_size(json_object_get(x, "joined"))) &&
	    q->phase != CSEQ_REACTION && q->phase != CSEQ_ASSAULT)
		jdoc_add(d, x, errs, "reinforcements [Close Combat (b)] are kept in a reaction or close assault phase only");
	/* what the sequence could have kept: a friend of the charged unit, no battery, three at most */
	for (int r = 0; r < o->n; r++) {
		int to = q->contact[r] - 1, n = 0;
		for (int y = 0; to >= 0 && y < o->n; y++)
			n += q->contact[y] == 1 + to;
		if (to >= 0 && (o->u[r].side != o->u[to].side || r == to || t->unit[o->u[r].type].fps == 1 || n > CSEQ_JOIN_MAX))
			jdoc_add(d, x, errs, "\"joined\": %s reinforces a charged friend in contact (infantry or cavalry, at most %d "
				 "a unit), not %s", o->u[r].id, CSEQ_JOIN_MAX, o->u[to].id);
		if (q->reinf[r] && (o->u[q->reinf[r] - 1].side != o->u[r].side || q->reinf[r] - 1 == r))
			jdoc_add(d, x, errs, "\"reinforced\": %s is reinforced by a friend, not %s", o->u[r].id,
				 o->u[q->reinf[r] - 1].id);
	}
	json_object_foreach(json_object_get(x, "moved"), k, v) {
		int u = cros_find(o, k);
		if (u < 0)
			jdoc_add(d, v, errs, "\"moved\": \"%s\" is not a unit of the game", k);
		else
			cros_read_pos(d, v, true, &q->moved_from[u], errs);
	}
	if (paid && !json_is_array(paid))
		jdoc_add(d, paid, errs, "\"paid\" is a list of units' ids");
	json_array_foreach(paid, i, v) {
		int u = cros_find(o, json_string_value(v) ? json_string_value(v) : "");
		if (u < 0)
			jdoc_add(d, v, errs, "\"paid\": not a unit of the game");
		else
			q->paid[u] = 1;
	}
}

/* A position as the game file has it, {"x", "y", "facing", "formation"} (inches), with the unit
 * it is about ("at", unless NULL) and the turn (unless 0) first. A new reference or NULL. */
static json_t *pos_json(const struct cros_pos *p, const char *at, int turn)
{
	json_t *x = json_object();
	if (at)
		json_object_set_new(x, "at", json_string(at));
	if (turn)
		json_object_set_new(x, "turn", json_integer(turn));
	json_object_set_new(x, "x", json_real((double)p->c.x / PL_PER_INCH));
	json_object_set_new(x, "y", json_real((double)p->c.y / PL_PER_INCH));
	json_object_set_new(x, "facing", json_integer(p->facing));
	json_object_set_new(x, "formation", json_string(cros_form_name[p->form]));
	return x;
}

void cros_dice_text(const struct rng *r, char *out, size_t n)
{
	snprintf(out, n, "d1 %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64, r->s[0], r->s[1], r->s[2], r->s[3]);
}

int cros_dice_parse(struct rng *r, const char *text)
{
	uint64_t s[4];
	int used = 0;
	if (strncmp(text, "d1 ", 3) ||
	    sscanf(text + 3, "%16" SCNx64 " %16" SCNx64 " %16" SCNx64 " %16" SCNx64 "%n", &s[0], &s[1], &s[2], &s[3], &used) != 4 ||
	    text[3 + used] || (!s[0] && !s[1] && !s[2] && !s[3]))
		return -1;
	memcpy(r->s, s, sizeof s);
	return 0;
}

json_t *cros_game_json(const struct cros_oob *o, const struct cros_game *g)
{
	json_t *root = json_object(), *units = json_array();
	if (!root || !units) {
		json_decref(root);
		json_decref(units);
		return NULL;
	}
	json_object_set_new(root, "format", json_string("crimea/1"));
	json_object_set_new(root, "kind", json_string("cotlb-game"));
	json_object_set_new(root, "oob", json_string(g->oob));
	if (g->aces[0] || g->aces[1])
		json_object_set_new(root, "aces", json_pack("[i,i]", g->aces[0], g->aces[1]));
	if (g->sheet[0]) /* beside the oob: what the game is of, before what it holds */
		json_object_set_new(root, "sheet", json_string(g->sheet));
	json_object_set_new(root, "turn", json_integer(g->turn));
	if (g->has_dice) {
		char dt[CROS_DICE_TEXT_MAX];
		cros_dice_text(&g->dice, dt, sizeof dt);
		json_object_set_new(root, "dice", json_string(dt));
	}
	for (int i = 0; i < g->n; i++) {
		const struct cros_state *s = &g->s[i];
		json_t *u = json_pack("{s:s, s:i, s:i, s:o, s:b, s:b, s:i}", "id", o->u[i].id, "figures", s->figures,
				      "markers", s->markers, "cp",
				      s->cp == CROS_CP_UNLIMITED ? json_string("unlimited") : json_integer(s->cp), "routing",
				      s->routing, "ammo_out", s->ammo_out, "leader_back", s->leader_back);
		if (!u) {
			json_decref(root);
			json_decref(units);
			return NULL;
		}
		if (s->moving)
			json_object_set_new(u, "moving", json_true());
		if (s->fell_back)
			json_object_set_new(u, "fell_back", json_integer(s->fell_back));
		if (s->charged >= 0)
			json_object_set_new(u, "charged", json_pack("{s:s, s:i}", "at", o->u[s->charged].id, "turn", s->charged_turn));
		if (s->fired >= 0)
			json_object_set_new(u, "fired", json_pack("{s:s, s:i}", "at", o->u[s->fired].id, "turn", s->fired_turn));
		if (s->from_turn && s->from.on)
			json_object_set_new(u, "from", pos_json(&s->from, NULL, s->from_turn));
		if (s->beat >= 0 && s->beat_at.on)
			json_object_set_new(u, "beat", pos_json(&s->beat_at, o->u[s->beat].id, s->beat_turn));
		if (s->pos.on)
			json_object_set_new(u, "at", pos_json(&s->pos, NULL, 0));
		json_array_append_new(units, u);
	}
	json_object_set_new(root, "units", units);
	json_object_set_new(root, "initiative", json_pack("{s:i, s:i, s:[i,i], s:[i,i]}", "winner", g->init_winner, "turn",
							  g->init_turn, "close_combats_won", g->cc_won[0], g->cc_won[1],
							  "last_close_combats_won", g->last_cc_won[0], g->last_cc_won[1]));
	if (g->nheld) {
		json_t *hs = json_array();
		for (int k = 0; hs && k < g->nheld; k++) {
			const struct cros_held *h = &g->held[k];
			json_array_append_new(hs, json_pack("{s:s, s:i, s:i, s:b, s:s}", "unit", o->u[h->unit].id, "figures",
							    h->figures, "markers", h->markers, "leader_killed", h->leader_killed,
							    "why", h->why));
		}
		json_object_set_new(root, "held", hs);
	}
	if (g->seq.phase != CSEQ_OFF) {
		const struct cros_seq *q = &g->seq;
		json_t *sq = json_pack("{s:s, s:i, s:i}", "phase", seq_key[q->phase], "half", q->half, "round", q->round);
		json_t *acted = json_object(), *paid = json_array(), *aim = json_object(), *locked = json_object();
		json_t *assault = json_object(), *split = json_object(), *moved = json_object(), *reinf = json_object();
		json_t *joined = json_object();
		if (!sq || !acted || !paid || !aim || !locked || !assault || !split || !moved || !reinf || !joined) {
			json_decref(joined);
			json_decref(reinf);
			json_decref(moved);
			json_decref(split);
			json_decref(assault);
			json_decref(sq);
			json_decref(acted);
			json_decref(paid);
			json_decref(aim);
			json_decref(locked);
			json_decref(root); /* holds the units */
			return NULL;
		}
		if (q->first >= 0)
			json_object_set_new(sq, "first", json_string(o->side[q->first]));
		for (int i = 0; i < g->n; i++) {
			if (q->acted[i])
				json_object_set_new(acted, o->u[i].id, json_string(seq_act_key[q->acted[i] - 1]));
			if (q->aim[i])
				json_object_set_new(aim, o->u[i].id, json_string(o->u[q->aim[i] - 1].id));
			if (q->locked[i])
				json_object_set_new(locked, o->u[i].id, json_string(o->u[q->locked[i] - 1].id));
			if (q->assault[i])
				json_object_set_new(assault, o->u[i].id, json_string(o->u[q->assault[i] - 1].id));
			if (q->paid[i])
				json_array_append_new(paid, json_string(o->u[i].id));
			if (q->contact[i])
				json_object_set_new(joined, o->u[i].id, json_string(o->u[q->contact[i] - 1].id));
			if (q->reinf[i])
				json_object_set_new(reinf, o->u[i].id, json_string(o->u[q->reinf[i] - 1].id));
			if (q->moved_from[i].on)
				json_object_set_new(moved, o->u[i].id, pos_json(&q->moved_from[i], NULL, 0));
			if (q->split[i]) {
				json_t *at = json_array();
				for (int j = 0; at && j < g->n; j++)
					if (q->split_at[i][j / 32] >> (j % 32) & 1u)
						json_array_append_new(at, json_string(o->u[j].id));
				json_object_set_new(split, o->u[i].id, json_pack("{s:i, s:o}", "left", q->split[i], "at", at));
			}
		}
		json_object_set_new(sq, "acted", acted);
		json_object_set_new(sq, "paid", paid);
		json_object_set_new(sq, "aim", aim);
		json_object_set_new(sq, "locked", locked);
		json_object_set_new(sq, "assault", assault);
		json_object_set_new(sq, "split", split);
		json_object_set_new(sq, "moved", moved);
		json_object_set_new(sq, "reinforced", reinf);
		json_object_set_new(sq, "joined", joined);
		json_object_set_new(root, "sequence", sq);
	}
	if (g->table[0]) {
		json_t *cs = json_array();
		json_object_set_new(root, "table", json_string(g->table));
		for (int i = 0; cs && i < o->ncmdrs; i++)
			if (g->cmdr[i].on)
			{
				json_t *c = json_pack("{s:s, s:f, s:f}", "id", o->cmdr[i], "x",
						      (double)g->cmdr[i].c.x / PL_PER_INCH, "y",
						      (double)g->cmdr[i].c.y / PL_PER_INCH);
				if (c && g->cmdr_moved[i])
					json_object_set_new(c, "moved", json_integer(g->cmdr_moved[i]));
				json_array_append_new(cs, c);
			}
		json_object_set_new(root, "commanders", cs);
	}
	return root;
}

int32_t cros_inches(const struct jdoc *d, const json_t *obj, const char *k, struct errlist *errs)
{
	return pl_units(jdoc_num(d, obj, k, 0, PL_COORD_MAX / PL_PER_INCH, errs));
}

/* {"x", "y"} and, for a unit, "facing" and "formation". */
void cros_read_pos(const struct jdoc *d, const json_t *x, bool unit, struct cros_pos *p, struct errlist *errs)
{
	const char *f;
	if (!json_is_object(x)) {
		jdoc_add(d, x, errs, "a position is {\"x\", \"y\"%s}", unit ? ", \"facing\", \"formation\"" : "");
		return;
	}
	p->on = true;
	p->c.x = cros_inches(d, x, "x", errs);
	p->c.y = cros_inches(d, x, "y", errs);
	if (!unit)
		return;
	p->facing = jdoc_int(d, x, "facing", 0, 359, errs);
	if ((f = jdoc_str(d, x, "formation", true, errs)) && (p->form = cros_form_of(f)) < 0) {
		jdoc_add(d, x, errs, "no formation \"%s\" (line, double-line, attack-column, march-column, square, "
			 "limbered, unlimbered)", f);
		p->form = CF_LINE;
	}
}

/* A unit's "charged" or "fired": {"at": an id of the order of battle, "turn"} (absent: -1, 0). */
static void read_note(const struct cros_oob *o, const struct jdoc *d, const json_t *x, int *unit, int *turn,
		      struct errlist *errs)
{
	const char *s;
	*unit = -1;
	*turn = 0;
	if (!x)
		return;
	if ((s = jdoc_str(d, x, "at", true, errs)) && (*unit = cros_find(o, s)) < 0)
		jdoc_add(d, x, errs, "\"%s\" is not a unit of the order of battle", s);
	*turn = jdoc_int(d, x, "turn", 1, 999, errs);
}

int cros_game_read(const struct cros_oob *o, const struct ctab *t, const struct jdoc *d, struct cros_game *g,
		   struct errlist *errs)
{
	const json_t *root = d->root, *units, *cmdrs, *x, *from;
	const char *s;
	size_t i;
	int before = errs->total;
	bool seen[CROS_UNITS_MAX] = {false};

	cros_new(o, g);
	if (!(s = jdoc_str(d, root, "kind", true, errs)) || strcmp(s, "cotlb-game")) {
		jdoc_add(d, root, errs, "a referee's game file has \"kind\": \"cotlb-game\"");
		return -1;
	}
	if (!(s = jdoc_str(d, root, "oob", true, errs)) || strcmp(s, o->id)) {
		jdoc_add(d, root, errs, "this game is of the order of battle \"%s\", not \"%s\"", s ? s : "", o->id);
		return -1;
	}
	g->turn = jdoc_int(d, root, "turn", 1, 999, errs);
	units = json_object_get(root, "units");
	if (!json_is_array(units)) {
		jdoc_add(d, units ? units : root, errs, "\"units\" must be a list");
		return -1;
	}
	json_array_foreach(units, i, x) {
		struct cros_state *st;
		const json_t *cp;
		int k;
		if (!(s = jdoc_str(d, x, "id", true, errs)))
			continue;
		if ((k = cros_find(o, s)) < 0 || seen[k]) {
			jdoc_add(d, x, errs, "\"%s\" is %s", s, k < 0 ? "not a unit of the order of battle" : "listed twice");
			continue;
		}
		seen[k] = true;
		st = &g->s[k];
		st->figures = jdoc_int(d, x, "figures", 0, o->u[k].figures, errs);
		st->markers = jdoc_int(d, x, "markers", 0, 99, errs);
		cp = json_object_get(x, "cp");
		if (o->u[k].cp == CROS_CP_UNLIMITED) {
			if (!json_is_string(cp) || strcmp(json_string_value(cp), "unlimited"))
				jdoc_add(d, cp ? cp : x, errs, "%s's command points are \"unlimited\"", s);
			st->cp = CROS_CP_UNLIMITED;
		} else {
			st->cp = jdoc_int(d, x, "cp", 0, o->u[k].cp, errs);
		}
		st->routing = jdoc_bool(d, x, "routing", errs);
		st->ammo_out = jdoc_bool(d, x, "ammo_out", errs);
		st->leader_back = jdoc_int(d, x, "leader_back", 0, 999, errs);
		st->moving = jdoc_bool(d, x, "moving", errs);
		if (json_object_get(x, "fell_back"))
			st->fell_back = jdoc_int(d, x, "fell_back", 0, 999, errs);
		if (json_object_get(x, "at"))
			cros_read_pos(d, json_object_get(x, "at"), true, &st->pos, errs);
		read_note(o, d, json_object_get(x, "charged"), &st->charged, &st->charged_turn, errs);
		read_note(o, d, json_object_get(x, "fired"), &st->fired, &st->fired_turn, errs);
		if ((from = json_object_get(x, "beat"))) {
			read_note(o, d, from, &st->beat, &st->beat_turn, errs);
			cros_read_pos(d, from, true, &st->beat_at, errs);
		}
		if ((from = json_object_get(x, "from"))) {
			cros_read_pos(d, from, true, &st->from, errs);
			st->from_turn = jdoc_int(d, from, "turn", 1, 999, errs);
		}
	}
	if ((x = json_object_get(root, "dice"))) {
		g->has_dice = json_is_string(x) && cros_dice_parse(&g->dice, json_string_value(x)) == 0;
		if (!g->has_dice)
			jdoc_add(d, x, errs, "\"dice\" is the game's dice stream, \"d1\" and four words in hex");
	}
	if ((x = json_object_get(root, "aces"))) {
		for (int k = 0; k < 2; k++) {
			const json_t *v = json_array_get(x, (size_t)k);
			json_int_t n = json_is_integer(v) ? json_integer_value(v) : -1;
			g->aces[k] = n >= 0 && n <= 99 ? (int)n : -1;
			if (!json_is_array(x) || json_array_size(x) != 2 || g->aces[k] < 0) {
				jdoc_add(d, x, errs, "\"aces\" is each side's Aces, two counts from 0 to 99");
				g->aces[0] = g->aces[1] = 0;
				break;
			}
		}
	}
	if ((x = json_object_get(root, "initiative"))) {
		const json_t *a = json_object_get(x, "close_combats_won"), *b = json_object_get(x, "last_close_combats_won");
		g->init_winner = jdoc_int(d, x, "winner", -1, 1, errs);
		g->init_turn = jdoc_int(d, x, "turn", 0, 999, errs);
		if (!json_is_array(a) || json_array_size(a) != 2 || !json_is_array(b) || json_array_size(b) != 2) {
			jdoc_add(d, x, errs, "\"initiative\" has two-number lists \"close_combats_won\" and \"last_close_combats_won\"");
		} else {
			for (int k = 0; k < 2; k++) {
				g->cc_won[k] = (int)json_integer_value(json_array_get(a, (size_t)k));
				g->last_cc_won[k] = (int)json_integer_value(json_array_get(b, (size_t)k));
				if (g->cc_won[k] < 0 || g->cc_won[k] > 999 || g->last_cc_won[k] < 0 || g->last_cc_won[k] > 999)
					jdoc_add(d, x, errs, "close combats won are counts from 0 to 999");
			}
		}
	}
	if ((x = json_object_get(root, "sequence")))
		read_seq(t, o, d, x, g, errs);
	if ((x = json_object_get(root, "held"))) {
		const json_t *h;
		if (!json_is_array(x) || json_array_size(x) > CROS_HELD_MAX)
			jdoc_add(d, x, errs, "\"held\" is a list of at most %d results", CROS_HELD_MAX);
		else
			json_array_foreach(x, i, h) {
				struct cros_held *r = &g->held[g->nheld];
				const char *id = jdoc_str(d, h, "unit", true, errs), *why = jdoc_str(d, h, "why", false, errs);
				if (!id)
					continue;
				if ((r->unit = cros_find(o, id)) < 0) {
					jdoc_add(d, h, errs, "\"%s\" is not a unit of the order of battle", id);
					continue;
				}
				r->figures = jdoc_int(d, h, "figures", 0, o->u[r->unit].figures, errs);
				r->markers = jdoc_int(d, h, "markers", 0, 99, errs);
				r->leader_killed = json_object_get(h, "leader_killed") && jdoc_bool(d, h, "leader_killed", errs);
				snprintf(r->why, sizeof r->why, "%s", why ? why : "");
				g->nheld++;
			}
		/* held until a reaction phase ends: a game elsewhere could never apply them */
		if (g->nheld && g->seq.phase != CSEQ_COMMAND && g->seq.phase != CSEQ_REACTION)
			jdoc_add(d, x, errs, "\"held\" results wait for a reaction phase's end: a game in no command point or "
				 "reaction phase holds none");
	}
	if ((s = jdoc_str(d, root, "table", false, errs)))
		snprintf(g->table, sizeof g->table, "%s", s);
	if ((s = jdoc_str(d, root, "sheet", false, errs)))
		snprintf(g->sheet, sizeof g->sheet, "%s", s);
	for (int k = 0; k < o->n; k++)
		if (!seen[k])
			jdoc_add(d, units, errs, "unit \"%s\" is missing", o->u[k].id);
	cmdrs = json_object_get(root, "commanders");
	if (cmdrs && !json_is_array(cmdrs))
		jdoc_add(d, cmdrs, errs, "\"commanders\" must be a list");
	json_array_foreach(cmdrs, i, x) {
		int k = (s = jdoc_str(d, x, "id", true, errs)) ? cros_find_cmdr(o, s) : -1;
		if (k < 0 && s)
			jdoc_add(d, x, errs, "\"%s\" is not a commander of the order of battle", s);
		else if (k >= 0) {
			cros_read_pos(d, x, false, &g->cmdr[k], errs);
			if (json_object_get(x, "moved"))
				g->cmdr_moved[k] = (uint16_t)jdoc_int(d, x, "moved", 0, 999, errs);
		}
	}
	(void)t;
	return errs->total == before ? 0 : -1;
}

void cros_cref_unit(const struct ctab *t, const struct cros_oob *o, const struct cros_game *g, int i,
		    struct cref_unit *u)
{
	memset(u, 0, sizeof *u);
	u->type = o->u[i].type;
	u->figures = g->s[i].figures;
	u->chits = g->s[i].markers;
	u->leaders = t->unit[u->type].fps > 1 && !g->s[i].leader_back;
}

/* MORALE (c): markers as many as the stands (or gunners) and leader: the unit routs. */
static void rout_check(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, int i, struct evsink *ev)
{
	struct cref_unit u;
	if (g->s[i].routing || !g->s[i].figures)
		return;
	cros_cref_unit(t, o, g, i, &u);
	if (cref_routs(t, &u)) {
		g->s[i].routing = true;
		g->s[i].fell_back = g->turn;
		ev_emit(ev, "[MORALE (c)]", "%s's %d marker%s reach%s its stands%s: it ROUTS, 4 dice away from the enemy "
			"[MORALE (d)]", o->u[i].id, g->s[i].markers, g->s[i].markers == 1 ? "" : "s",
			g->s[i].markers == 1 ? "es" : "", t->rout_stands_only ? "" : " and leader");
	}
}

void cros_lose(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, int i, int figures,
	       struct evsink *ev)
{
	struct cros_state *s = &g->s[i];
	if (figures > s->figures)
		figures = s->figures;
	if (figures <= 0) /* none, or a unit already destroyed (two volleys held for one phase's end) */
		return;
	s->figures -= figures;
	if (!s->figures)
		ev_emit(ev, "[Casualties (b)]", "%s loses its last %d figure%s: it is destroyed", o->u[i].id, figures,
			figures == 1 ? "" : "s");
	else
		ev_emit(ev, "[Casualties (b)]", "%s loses %d figure%s: %d left on %d stand%s", o->u[i].id, figures,
			figures == 1 ? "" : "s", s->figures, ctab_stands(t, o->u[i].type, s->figures),
			ctab_stands(t, o->u[i].type, s->figures) == 1 ? "" : "s");
	rout_check(t, o, g, i, ev); /* fewer stands, the same markers */
}

void cros_mark(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, int i, int markers,
	       const char *why, struct evsink *ev)
{
	struct cros_state *s = &g->s[i];
	if (markers <= 0 || !s->figures)
		return;
	s->markers += markers;
	ev_emit(ev, "[MORALE (a)]", "%s takes %d morale marker%s (%s): %d now", o->u[i].id, markers, markers == 1 ? "" : "s",
		why, s->markers);
	rout_check(t, o, g, i, ev);
}

void cros_leader_killed(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, int i,
			struct evsink *ev)
{
	struct cros_state *s = &g->s[i];
	if (s->leader_back)
		return;
	s->leader_back = g->turn + CROS_LEADER_TURNS;
	ev_emit(ev, "[Fire (e)]", "%s's leader is dead; his replacement takes command on turn %d [Leaders (a)]", o->u[i].id,
		s->leader_back);
	if (t->replacement_half_cp && s->cp != CROS_CP_UNLIMITED) {
		/* [Leader Casualty] (the 2001 sheet): the points are written under the leader figure,
		 * and his replacement comes "with 1/2 comm. pts (round up)": half of what was left */
		int was = s->cp;
		s->cp = (s->cp + 1) / 2;
		ev_emit(ev, "[Leader Casualty]", "his replacement has half the command points, rounded up: %d of %d", s->cp,
			was);
	}
	cros_mark(t, o, g, i, 1, "its leader killed [MORALE (a) 2]", ev);
}

void cros_gain_ace(const struct cros_oob *o, struct cros_game *g, int side, struct evsink *ev)
{
	if (g->aces[side] >= 99)
		return;
	g->aces[side]++;
	ev_emit(ev, "[Close Combat (h)]", "the %s side captures the guns and gains an Ace for a later command point: %d now",
		o->side[side], g->aces[side]);
}

int cros_spend_ace(const struct cros_oob *o, struct cros_game *g, int i, struct evsink *ev, struct err *e)
{
	int side = o->u[i].side;
	if (!g->s[i].figures)
		return err_set(e, NULL, 0, "[Command Points] %s is out of the game", o->u[i].id);
	if (g->s[i].cp == CROS_CP_UNLIMITED)
		return err_set(e, NULL, 0, "[Command Points] %s has unlimited command points (Cossacks): an Ace adds nothing",
			       o->u[i].id);
	if (g->s[i].leader_back)
		return err_set(e, NULL, 0, "[Command Points] %s's leader is dead: it may not use command points until turn %d",
			       o->u[i].id, g->s[i].leader_back);
	if (!g->aces[side])
		return err_set(e, NULL, 0, "[Close Combat (h)] the %s side has no Ace (one comes with each battery's guns "
			       "captured)", o->side[side]);
	g->aces[side]--;
	ev_emit(ev, "[Close Combat (h)]", "%s uses an Ace of the %s side for a command point: %d left", o->u[i].id, o->side[side],
		g->aces[side]);
	return 0;
}

int cros_spend(const struct cros_oob *o, struct cros_game *g, int i, int points, struct evsink *ev, struct err *e)
{
	struct cros_state *s = &g->s[i];
	if (points < 1 || points > 99)
		return err_set(e, NULL, 0, "[Command Points] a phase costs 1, 2, 3 ... points, not %d", points);
	if (s->leader_back)
		return err_set(e, NULL, 0, "[Command Points] %s's leader is dead: it may not use command points until turn %d",
			       o->u[i].id, s->leader_back);
	if (s->cp == CROS_CP_UNLIMITED) {
		ev_emit(ev, "[Command Points]", "%s: Cossacks have unlimited command points, for movement only", o->u[i].id);
		return 0;
	}
	if (points > s->cp)
		return err_set(e, NULL, 0, "[Command Points] %s has %d command point%s left, not %d", o->u[i].id, s->cp,
			       s->cp == 1 ? "" : "s", points);
	s->cp -= points;
	ev_emit(ev, "[Command Points]", "%s spends %d command point%s: %d left", o->u[i].id, points, points == 1 ? "" : "s",
		s->cp);
	return 0;
}

int cros_rally(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, int i, int die, struct evsink *ev,
	       struct err *e)
{
	struct cros_state *s = &g->s[i];
	struct cref_unit u;
	int pass;
	if (!s->markers)
		return err_set(e, NULL, 0, "[MORALE (e)] %s has no morale marker to remove", o->u[i].id);
	if (!s->routing) {
		s->markers--;
		ev_emit(ev, "[MORALE (e)]", "%s removes a morale marker as its action: %d left", o->u[i].id, s->markers);
		return 0;
	}
	if (die < 1 || die > 6)
		return err_set(e, NULL, 0, "[MORALE (e)] %s is routing: it must pass a morale check to pull a marker "
			       "(give the die)", o->u[i].id);
	cros_cref_unit(t, o, g, i, &u);
	pass = cref_morale(t, &u, false, die, NULL, ev);
	if (pass) {
		s->markers--;
		s->routing = false;
		ev_emit(ev, "[MORALE (d)]", "%s regains its morale: a marker removed (%d left), it stops routing", o->u[i].id,
			s->markers);
	} else {
		ev_emit(ev, "[MORALE (d)]", "%s fails to regain its morale: it routs again, 4 dice away from the enemy",
			o->u[i].id);
	}
	return pass;
}

void cros_initiative(const struct cros_oob *o, const struct cros_game *g, bool won[2], int cc[2], int out[2])
{
	for (int k = 0; k < 2; k++) {
		won[k] = g->init_winner == k && g->init_turn == g->turn - 1;
		cc[k] = g->last_cc_won[k];
		out[k] = 0;
	}
	for (int i = 0; i < o->n; i++)
		if (g->s[i].fell_back && g->s[i].fell_back == g->turn - 1)
			out[o->u[i].side]++;
}

void cros_next_turn(const struct cros_oob *o, struct cros_game *g, struct evsink *ev)
{
	g->turn++;
	for (int k = 0; k < 2; k++) {
		g->last_cc_won[k] = g->cc_won[k];
		g->cc_won[k] = 0;
	}
	ev_emit(ev, "[Initiative (a)]", "turn %d: each side rolls for the initiative", g->turn);
	for (int i = 0; i < g->n; i++)
		if (g->s[i].leader_back && g->s[i].leader_back <= g->turn) {
			g->s[i].leader_back = 0;
			ev_emit(ev, "[Leaders (a)]", "%s's replacement leader takes command", o->u[i].id);
		}
	cseq_turn_begins(g);
}
