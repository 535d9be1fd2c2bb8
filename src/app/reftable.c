/* reftable: the referee's table commands and the geometry other commands take from a game's
 * table (reftable.h). */
#include "reftable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/fsio.h"
#include "../core/prov.h"
#include "catalog.h"
#include "cli.h"

#define RTAB_EVENTS 96

static int table_path(const char *argv0, const char *id, char *path, size_t n)
{
	char dir[SCN_PATH_MAX + 16];
	struct err e;
	if (strchr(id, '/') || strstr(id, ".json")) {
		snprintf(path, n, "%s", id);
		return 0;
	}
	if (cat_data_file(argv0, "cotlb", dir, sizeof dir, &e) != 0) {
		cli_print_err(&e);
		return -1;
	}
	snprintf(path, n, "%s/%s.json", dir, id);
	return 0;
}

int rtab_load(const char *argv0, const char *id, const struct ctab *t, const struct cros_oob *o, struct ctbl *tb)
{
	char path[SCN_PATH_MAX + 96];
	struct errlist *errs;
	int rc;
	if (table_path(argv0, id, path, sizeof path) != 0)
		return -1;
	if (!(errs = malloc(sizeof *errs)))
		return -1;
	errlist_init(errs);
	rc = ctbl_load_file(tb, t, o, path, errs);
	cli_print_errs(errs);
	free(errs);
	return rc;
}

bool rtab_exists(const char *argv0, const char *id)
{
	char dir[SCN_PATH_MAX + 16], path[SCN_PATH_MAX + 96];
	struct err e;
	struct stat st;
	if (cat_data_file(argv0, "cotlb", dir, sizeof dir, &e) != 0)
		return false;
	snprintf(path, sizeof path, "%s/%s.json", dir, id);
	return stat(path, &st) == 0;
}

bool rtab_is_cmd(const char *what)
{
	return !strcmp(what, "place") || !strcmp(what, "enter") || !strcmp(what, "where") || !strcmp(what, "move") ||
	       !strcmp(what, "table") || !strcmp(what, "withdraw") || !strcmp(what, "rout") || !strcmp(what, "advance");
}

static double in_of(int32_t units)
{
	return (double)units / PL_PER_INCH;
}

/* The table itself: its size, where it comes from, its terrain. */
static void print_table(const struct ctbl *tb)
{
	printf("%s (%s)\n%.0f\" x %.0f\": x from the west edge, y from the south edge, facings in compass degrees\n",
	       tb->title, tb->file, in_of(tb->width), in_of(tb->depth));
	printf("reconstructed: the scenario prints no table; see the file's provenance\n\nterrain\n");
	for (int k = 0; k < tb->nf; k++) {
		const struct ctbl_feature *f = &tb->f[k];
		printf("  %-20s %-12s %s, %d points from (%.*f, %.*f)\n", f->id, ctbl_kind_name[f->kind], f->name, f->n,
		       PL_IN(f->p[0].x), PL_IN(f->p[0].y));
	}
}

/* Every unit on the table, or one unit and what is near it. */
static void print_where(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			const struct cros_game *g, int only)
{
	printf("%s, turn %d, on %s\n", o->title, g->turn, tb->id);
	for (int side = 0; side < 2; side++) {
		if (only >= 0 && o->u[only].side != side)
			continue;
		printf("\n%s\n  %-18s %7s %7s %6s  %-14s %s\n", o->side[side], "unit", "x", "y", "facing", "formation",
		       "nearest enemy");
		for (int i = 0; i < o->n; i++) {
			const struct cros_pos *p = &g->s[i].pos;
			int32_t best = -1;
			int bj = -1;
			if (o->u[i].side != side || (only >= 0 && i != only))
				continue;
			if (!p->on || !g->s[i].figures) {
				printf("  %-18s %s\n", o->u[i].id, !g->s[i].figures ? "destroyed"
								 : o->u[i].reinforcement ? "not arrived (enter)"
											 : "off the table");
				continue;
			}
			for (int j = 0; j < o->n; j++) {
				int32_t gap;
				if (o->u[j].side == side || (gap = ctbl_gap(t, tb, o, g, i, j)) < 0 || !g->s[j].figures)
					continue;
				if (best < 0 || gap < best) {
					best = gap;
					bj = j;
				}
			}
			printf("  %-18s %7.*f %7.*f %6d  %-14s", o->u[i].id, PL_IN(p->c.x), PL_IN(p->c.y), p->facing,
			       cros_form_name[p->form]);
			if (bj >= 0)
				printf(" %s %.*f\"%s", o->u[bj].id, PL_IN(best), best <= CTBL_TWO_INCHES ? " (may charge)" : "");
			printf("\n");
		}
	}
	if (only < 0) {
		printf("\ncommanders\n");
		for (int k = 0; k < o->ncmdrs; k++)
			if (g->cmdr[k].on)
				printf("  %-18s %7.*f %7.*f\n", o->cmdr[k], PL_IN(g->cmdr[k].c.x), PL_IN(g->cmdr[k].c.y));
		return;
	}
	/* one unit: every enemy within 40", with what a volley would be */
	printf("\nenemies within 40\" of %s\n", o->u[only].id);
	for (int j = 0; j < o->n; j++) {
		struct ctbl_sight s;
		struct err e;
		int32_t gap = ctbl_gap(t, tb, o, g, only, j);
		if (o->u[j].side == o->u[only].side || gap < 0 || gap > 40 * PL_PER_INCH || !g->s[j].figures)
			continue;
		if (ctbl_sight(t, tb, o, g, only, j, &s, NULL, &e) != 0) {
			printf("  %-18s %5.*f\"  %sno fire: %s\n", o->u[j].id, PL_IN(gap), gap <= CTBL_TWO_INCHES ? "may charge; " : "",
			       e.msg);
			continue;
		}
		printf("  %-18s %5.*f\"  %s", o->u[j].id, PL_IN(gap), gap <= CTBL_TWO_INCHES ? "may charge; " : "");
		if (s.band == 2)
			printf("out of range\n");
		else if (!s.stands && !s.pivot_stands)
			printf("no fire: %s\n", s.blocked[0] ? s.blocked : "outside its arc");
		else if (!s.stands)
			printf("only with a pivot: %d %s at -1 [Fire (g)]\n", s.pivot_stands,
			       tb->base[o->u[only].type].arm == CA_ARTILLERY ? "gunners" : "stands");
		else
			printf("%d %s at a %s%s%s%s\n", s.stands, tb->base[o->u[only].type].arm == CA_ARTILLERY ? "gunners" : "stands",
			       ctab_target_name[s.target], s.cover ? " in cover" : "",
			       s.band == 0 ? ", short range" : s.band == 1 ? ", long range" : "",
			       s.pivot_stands ? " (more with a pivot)" : "");
	}
	{
		int rank, first;
		int32_t gap;
		int left = cseq_split_left(g, only);
		if ((first = ctbl_fire_priority_skip(t, tb, o, g, only, left ? g->seq.split_at[only] : NULL, &rank, &gap)) >= 0)
			printf("fire priority [Fire (c)]: %s %s (%s, %.*f\")\n", o->u[first].id, left ? "next" : "first",
			       ctbl_prio_name[rank], PL_IN(gap));
		if (left)
			printf("split fire [Fire (f)]: %d stand%s left to fire at a target not yet fired at\n", left,
			       left == 1 ? "" : "s");
	}
	{
		int r = t->unit[o->u[only].type].radius;
		int32_t gap = ctbl_cmdr_gap(t, tb, o, g, only);
		if (gap >= 0 && r) {
			printf("\nits commander %s: %.*f\" (radius %d\") [BRIGADE COMMANDERS]\n", o->cmdr[o->u[only].commander],
			       PL_IN(gap), r);
		}
	}
}

/* ---- the table as SVG ------------------------------------------------------------------- */

#define SVG_PX 8 /* pixels an inch */

static const char *const kind_fill[CK_KINDS] = {
	"#e3d6a8", "#c4a77a", "#8fb878", "none", "none", "none", "#b5654f", "#9c8a62", "none", "#d6b9a8",
};
static const char *const kind_stroke[CK_KINDS] = {
	"#b8a870", "#8c6f44", "#4f7a3c", "#4a7fc0", "#555555", "#6b5533", "#7a3a2a", "#5a4a2a", "#c8b070", "#9a7a6a",
};

static void svg_pts(FILE *f, const struct ctbl *tb, const struct pl_pt *p, int n)
{
	for (int k = 0; k < n; k++)
		fprintf(f, "%s%.1f,%.1f", k ? " " : "", (double)p[k].x * SVG_PX / PL_PER_INCH,
			(double)(tb->depth - p[k].y) * SVG_PX / PL_PER_INCH);
}

/* Draws the table, its terrain, every unit on it (its front edge heavy) and the commanders. */
static int table_svg(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		     const char *path)
{
	static const char *const side_fill[2] = {"#5b7f4a", "#b84a3a"};
	char *buf = NULL;
	size_t len = 0;
	struct err e;
	FILE *f = open_memstream(&buf, &len);
	double w = (double)tb->width * SVG_PX / PL_PER_INCH, h = (double)tb->depth * SVG_PX / PL_PER_INCH;
	int rc;
	if (!f)
		return cli_fail(stderr, "out of memory");
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
		"font-family=\"sans-serif\" font-size=\"9\">\n", w, h + 16, w, h + 16);
	fprintf(f, "<title>%s, turn %d (table %s, reconstructed)</title>\n", o->title, g->turn, tb->id);
	fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#eef0dc\" stroke=\"#333\"/>\n", w, h);
	for (int pass = 0; pass < 2; pass++) /* areas under lines */
		for (int k = 0; k < tb->nf; k++) {
			const struct ctbl_feature *x = &tb->f[k];
			if (x->closed != (pass == 0))
				continue;
			fprintf(f, "<%s points=\"", x->closed ? "polygon" : "polyline");
			svg_pts(f, tb, x->p, x->n);
			fprintf(f, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"%s><title>%s (%s)</title></%s>\n",
				kind_fill[x->kind], kind_stroke[x->kind], x->closed ? "1" : x->kind == CK_ROAD ? "3" : "2",
				x->kind == CK_TRENCH ? " stroke-dasharray=\"4 2\"" : "", x->name, ctbl_kind_name[x->kind],
				x->closed ? "polygon" : "polyline");
		}
	for (int i = 0; i < o->n; i++) {
		struct pl_rect r;
		struct pl_pt c[4];
		if (!g->s[i].pos.on || !g->s[i].figures)
			continue;
		ctbl_footprint(t, tb, o, g, i, &g->s[i].pos, &r);
		pl_rect_corners(&r, c);
		fprintf(f, "<polygon points=\"");
		svg_pts(f, tb, c, 4);
		fprintf(f, "\" fill=\"%s\" fill-opacity=\"%s\" stroke=\"#222\" stroke-width=\"0.6\"><title>%s: %s, %d figures, "
			"%d markers%s</title></polygon>\n", side_fill[o->u[i].side], g->s[i].routing ? "0.35" : "0.85", o->u[i].id,
			cros_form_name[g->s[i].pos.form], g->s[i].figures, g->s[i].markers, g->s[i].routing ? ", routing" : "");
		fprintf(f, "<polyline points=\"");
		svg_pts(f, tb, c, 2);
		fprintf(f, "\" stroke=\"#000\" stroke-width=\"2\"/>\n");
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
			(double)r.c.x * SVG_PX / PL_PER_INCH, (double)(tb->depth - r.c.y) * SVG_PX / PL_PER_INCH - 6, o->u[i].id);
	}
	for (int k = 0; k < o->ncmdrs; k++) {
		if (!g->cmdr[k].on)
			continue;
		fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#fff\" stroke=\"#000\"><title>%s</title></circle>\n",
			(double)g->cmdr[k].c.x * SVG_PX / PL_PER_INCH, (double)(tb->depth - g->cmdr[k].c.y) * SVG_PX / PL_PER_INCH,
			o->cmdr[k]);
	}
	fprintf(f, "<text x=\"4\" y=\"%.0f\">%s, turn %d. Table %s (reconstructed). Grid: none; 1\" = %d px; north up.</text>\n",
		h + 12, o->title, g->turn, tb->id, SVG_PX);
	fprintf(f, "</svg>\n");
	if (fclose(f) != 0) {
		free(buf);
		return cli_fail(stderr, "out of memory");
	}
	rc = fs_write_atomic(path, buf, len, &e);
	free(buf);
	if (rc != 0) {
		cli_print_err(&e);
		return 1;
	}
	printf("%s: the table, turn %d\n", path, g->turn);
	return 0;
}

/* The position a command asks for: the unit's own, changed by the options. */
static struct cros_pos asked(const struct cros_pos *now, const struct rtab_opts *x, int *form_bad)
{
	struct cros_pos p = *now;
	*form_bad = 0;
	p.on = true;
	if (x->has_x)
		p.c.x = x->x;
	if (x->has_y)
		p.c.y = x->y;
	if (x->facing >= 0)
		p.facing = x->facing;
	if (x->formation[0] && (p.form = cros_form_of(x->formation)) < 0) {
		*form_bad = 1;
		p.form = now->form;
	}
	return p;
}

/* The move as the unit's action in the sequence of play (sd, may be NULL): paid and counted
 * before the game is saved; a reaction charge that fell short of its target's 2" draws a marker
 * [Side A Turn (c) 4]. 0, or 1 refused (said). */
static int seq_record(const struct ctab *t, const struct cros_oob *o, struct cros_game *g, const struct cseq_do *sd,
		      bool fell_short, struct evsink *ev)
{
	struct err e;
	bool reacting = sd && g->seq.phase == CSEQ_REACTION && o->u[sd->unit].side == cseq_acting(g);
	if (!sd)
		return 0;
	if (cseq_done(o, g, sd, ev, &e) != 0) {
		ref_print_events(NULL, ev);
		fprintf(stderr, "crimea: %s (the game is unchanged)\n", e.msg);
		return 1;
	}
	if (reacting && sd->act == CSEQ_MOVE_AT && fell_short)
		cros_mark(t, o, g, sd->unit, 1, "its reaction charge fell short of 2\" of its target [Side A Turn (c) 4]", ev);
	else if (reacting && sd->act == CSEQ_MOVE_AT && sd->target >= 0)
		cseq_declare(o, g, sd->unit, sd->target, ev); /* "a close assault resolved in next phase" */
	return 0;
}

/* What the enemy's fire priority will look at [Fire (c)]: where unit i stood before its first
 * move of the turn, and the unit it moved straight at (charge_at, -1 none). */
static void note_move(struct cros_game *g, int i, int charge_at)
{
	cros_note_move(g, i);
	if (charge_at >= 0)
		cros_note_charge(g, i, charge_at);
}

static int do_move(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct cros_pos *p,
		   int i, const struct cros_oob *o, struct cros_game *g, const char *path, json_t *log, const char *what,
		   struct evsink *ev, const struct cseq_do *sd, bool fell_short, int charge_at)
{
	struct ctbl_move mv;
	struct err e;
	struct cros_pos road_end;
	int n, inches;
	/* --road: along a road, on the 2001 sheet's ROAD column; the road decides the path and the
	 * facing, so the move takes --x and --y alone */
	if (q->road ? ctbl_road_plan(t, tb, o, g, i, p->c, &road_end, &mv, ev, &e)
		    : ctbl_move_plan(t, tb, o, g, i, p, &mv, ev, &e)) {
		ref_print_events(NULL, ev);
		fprintf(stderr, "crimea: %s\n", e.msg);
		return 1;
	}
	if (q->road)
		p = &road_end;
	if (mv.kind == 1) {
		/* a change in place, whatever the options said: the action the plan found */
		struct cseq_do here = {.unit = i, .target = -1, .arm = tb->base[o->u[i].type].arm, .ace = sd && sd->ace};
		here.act = p->form == g->s[i].pos.form ? CSEQ_TURN : p->form == CF_UNLIMBERED ? CSEQ_UNLIMBER : CSEQ_REFORM;
		if (seq_record(t, o, g, g->seq.phase != CSEQ_OFF ? &here : NULL, false, ev) != 0)
			return 1;
		note_move(g, i, -1);
		g->s[i].pos = *p;
		g->s[i].moving = false; /* a standing action [MOVE (h)] */
		return ref_record(path, o, g, log, what, NULL, ev);
	}
	if ((n = cref_move_dice(t, &mv.m, &e)) <= 0) {
		fprintf(stderr, "crimea: %s\n", e.msg);
		return 1;
	}
	if (!q->dice.given) {
		double dist[64];
		double p_ok = 0;
		int need = (mv.dist + PL_PER_INCH - 1) / PL_PER_INCH;
		if (mv.even_die) {
			/* prolonge across: one die, which must be even [MOVE (e)] */
			for (int d = 2; d <= 6; d += 2) {
				struct evsink none;
				struct event one[8];
				evsink_init(&none, one, 8);
				if (cref_move_roll(t, &mv.m, &d, 1, &none, &e) >= need)
					p_ok += 1.0 / 6;
			}
		} else {
			cref_move_odds(t, &mv.m, dist, 63, &e);
			for (int k = need; k < 64; k++)
				p_ok += dist[k];
		}
		ref_print_events("move (no dice yet):", ev);
		printf("  => %d dice; the move needs %d\" (%.*f\"): %.1f%% to make it; give --dice\n", n, need,
		       PL_IN(mv.dist), 100 * p_ok);
		return 0;
	}
	if ((inches = cref_move_roll(t, &mv.m, q->dice.d, q->dice.n, ev, &e)) < 0) {
		ref_print_events(NULL, ev);
		fprintf(stderr, "crimea: %s\n", e.msg);
		return 1;
	}
	/* [MOVE (e)]: guns by prolonge cross streams and high hills only on an even die */
	if (mv.even_die && q->dice.d[0] % 2) {
		ref_print_events("move:", ev);
		fprintf(stderr, "crimea: [MOVE (e)] %s by prolonge crosses %s only on an even die, not %d\n", o->u[i].id,
			mv.terrain, q->dice.d[0]);
		return 1;
	}
	if ((int32_t)inches * PL_PER_INCH < mv.dist) {
		ref_print_events("move:", ev);
		fprintf(stderr, "crimea: [MOVE (a)] %s rolled %d\" and the move is %.*f\": it may move up to %d\" on that line "
			"(units need not move the full distance)\n", o->u[i].id, inches, PL_IN(mv.dist), inches);
		return 1;
	}
	if (q->command_phase) {
		/* [Side A Turn (c)]: who may react to a move bought with command points */
		struct ctbl_react r[CROS_UNITS_MAX];
		int nr = ctbl_reactions(t, tb, o, g, i, p, r, CROS_UNITS_MAX);
		static const char *const what_r[] = {"fire", "turn in place to fire later", "unlimber", "charge"};
		static const char *const cite[] = {"[Side A Turn (c) 1]", "[Side A Turn (c) 2]", "[Side A Turn (c) 3]",
						   "[Side A Turn (c) 4]"};
		if (!nr)
			ev_emit(ev, "[Side A Turn (c)]", "no enemy unit may react to %s's move", o->u[i].id);
		for (int k = 0; k < nr; k++) {
			if (r[k].kind == CR_FIRE)
				ev_emit(ev, cite[r[k].kind], "%s may fire at %s: %d %s%s at %s range (nearest %.*f\")",
					o->u[r[k].unit].id, o->u[i].id, r[k].dice,
					tb->base[o->u[r[k].unit].type].arm == CA_ARTILLERY ? "gunners" : "stands",
					r[k].pivot ? " with a pivot (-1)" : "", r[k].band ? "long" : "short", PL_IN(r[k].gap));
			else
				ev_emit(ev, cite[r[k].kind], "%s may %s (nearest %.*f\")", o->u[r[k].unit].id, what_r[r[k].kind],
					PL_IN(r[k].gap));
		}
	}
	/* [MOVE (h)]: cavalry is moving when its last action was 4" or more forward (the move's
	 * part along the facing it started with) */
	{
		int32_t fx, fy;
		const struct cros_pos *was = &g->s[i].pos;
		int64_t ahead;
		pl_dir(was->facing, &fx, &fy);
		ahead = (((int64_t)p->c.x - was->c.x) * fx + ((int64_t)p->c.y - was->c.y) * fy) / PL_TRIG;
		if (q->road)
			ahead = mv.dist; /* a road's bends are forward all the way */
		g->s[i].moving = tb->base[o->u[i].type].arm == CA_CAVALRY && !mv.m.one_die && ahead >= 4 * PL_PER_INCH;
	}
	if (seq_record(t, o, g, sd, fell_short, ev) != 0)
		return 1;
	note_move(g, i, charge_at);
	if (sd && g->seq.phase == CSEQ_COMMAND)
		g->seq.moved_from[i] = g->s[i].pos; /* reaction fire may take it along the way [Side A Turn (c) 1] */
	g->s[i].pos = *p;
	if (g->s[i].moving)
		ev_emit(ev, "[MOVE (h)]", "%s is moving cavalry (4\" or more forward)", o->u[i].id);
	return ref_record(path, o, g, log, what, NULL, ev);
}

/* withdraw and rout: 4 dice straight away from the nearest enemy [Close Combat (g)], [MORALE (d)]. */
static int do_fall(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct rtab_opts *x, int i,
		   const struct cros_oob *o, struct cros_game *g, const char *path, json_t *log, const char *what,
		   struct evsink *ev)
{
	bool rout = !strcmp(q->what, "rout");
	struct ctbl_fall fb;
	struct err e;
	int inches = 0, from = -1;
	if (!g->s[i].pos.on)
		return cli_fail(stderr, "%s is not on the table", o->u[i].id);
	if (rout && !g->s[i].routing)
		return cli_fail(stderr, "%s is not routing (a unit routs when its markers reach its stands [MORALE (c)])",
				o->u[i].id);
	if (x->toward[0])
		return cli_fail(stderr, "%s takes --from (the enemy it falls back from), not --toward", q->what);
	if (x->from[0] && (from = cros_find(o, x->from)) < 0)
		return cli_fail(stderr, "no unit \"%s\" (--from names the enemy it falls back from)", x->from);
	if (!rout && t->unit[o->u[i].type].fps == 1 && g->s[i].pos.form == CF_UNLIMBERED) {
		/* [Close Combat (g), (h)]: "if unit was unlimbered artillery as in case (h)": "if the
		 * artillery withdraws ... the gunners are deemed to have run away but the guns remain":
		 * spiked on 4-6, else captured, an Ace for the enemy; no dice of withdrawal */
		int side = o->u[i].side;
		if (!q->spike_die)
			return cli_fail(stderr, "[Close Combat (h)] %s withdraws without its guns: give the battery's die, spiked "
					"or captured (--spike-die D)", o->u[i].id);
		ev_emit(ev, "[Close Combat (h)]", "%s withdraws: the gunners run away and the guns remain", o->u[i].id);
		if (cref_spike(q->spike_die, ev) == 0)
			cros_gain_ace(o, g, 1 - side, ev);
		cros_lose(t, o, g, i, g->s[i].figures, ev);
		g->s[i].moving = false;
		g->s[i].fell_back = g->turn; /* [Initiative (a)]: a withdrawing unit, -1 to its side */
		return ref_record(path, o, g, log, what, NULL, ev);
	}
	if (q->spike_die)
		return cli_fail(stderr, "--spike-die is an unlimbered battery's die [Close Combat (h)]: %s is none", o->u[i].id);
	if (!q->dice.given || q->dice.n != 4)
		return cli_fail(stderr, "%s needs --dice with the 4 dice thrown (natural: no markers, no terrain)", q->what);
	for (int k = 0; k < 4; k++)
		inches += q->dice.d[k];
	if (ctbl_fall_back(t, tb, o, g, i, from, inches, rout, &fb, ev, &e) != 0) {
		fprintf(stderr, "crimea: %s\n", e.msg);
		return 1;
	}
	g->s[i].pos = fb.to;
	g->s[i].moving = false;
	g->s[i].fell_back = g->turn; /* [Initiative (a)]: -1 to its side next turn */
	for (int k = 0; k < fb.npassed; k++)
		cros_mark(t, o, g, fb.passed[k], 1, rout ? "a friendly unit routs through it [MORALE (a) 3, 4]"
						       : "a friendly unit withdraws through it [MORALE (a) 4]", ev);
	for (int k = 0; k < fb.nnear; k++)
		cros_mark(t, o, g, fb.near[k], 1, "a friendly unit routs within 6\" along its line [MORALE (a) 3]", ev);
	if (!rout)
		ev_emit(ev, "[MORALE (a) 6]", "%s's own marker for withdrawing comes with the ruling that made it withdraw",
			o->u[i].id);
	return ref_record(path, o, g, log, what, NULL, ev);
}

/* advance: [Close Combat (f)] "Winning attacker can advance onto enemy-held position": unit i,
 * which won its close combat as the attacker in this phase (without the sequence: this turn),
 * moves its centre onto where the loser stood, keeping its facing and formation, once the loser
 * has gone (withdrawn, routed or destroyed). Part of the close combat, not an action; the 2" of
 * MOVE (i) does not hold (it is a close combat's), a unit's footprint and the table's edge do. */
static int do_advance(const struct ctab *t, const struct ctbl *tb, const struct rtab_opts *x, int i,
		      const struct cros_oob *o, struct cros_game *g, const char *path, json_t *log, const char *what,
		      struct evsink *ev)
{
	struct cros_state *s = &g->s[i];
	struct cros_pos p = s->pos;
	struct err e;
	int j = s->beat;
	if (x->has_x || x->has_y || x->facing >= 0 || x->formation[0] || x->toward[0] || x->from[0])
		return cli_fail(stderr, "advance takes --unit alone: the winner goes onto the loser's position");
	if (!s->pos.on)
		return cli_fail(stderr, "%s is not on the table", o->u[i].id);
	if (j < 0 || s->beat_turn != g->turn)
	{
		fprintf(stderr, "crimea: [Close Combat (f)] %s has won no close combat as the attacker %s: only a winning "
			"attacker advances onto the enemy's position, after the combat\n", o->u[i].id,
			g->seq.phase != CSEQ_OFF ? "in this phase" : "this turn");
		return 1;
	}
	if (g->s[j].figures && g->s[j].pos.on && g->s[j].pos.c.x == s->beat_at.c.x && g->s[j].pos.c.y == s->beat_at.c.y)
	{
		fprintf(stderr, "crimea: [Close Combat (g)] %s still stands where it lost: it withdraws first (withdraw --unit "
			"%s --dice A,B,C,D)\n", o->u[j].id, o->u[j].id);
		return 1;
	}
	p.c = s->beat_at.c;
	if (ctbl_check_close(t, tb, o, g, i, &p, &e) != 0 || ctbl_restricted(tb, o, g, i, &p, &e) != 0) {
		fprintf(stderr, "crimea: %s\n", e.msg);
		return 1;
	}
	cros_note_move(g, i);
	s->pos = p;
	s->beat = -1;
	if (g->seq.locked[i]) /* the winner's option: advance, or stay locked in combat [Close Combat (f)] */
		ev_emit(ev, "[Close Combat (f)]", "%s advances instead of staying locked in combat with %s", o->u[i].id,
			o->u[g->seq.locked[i] - 1].id);
	g->seq.locked[i] = 0;
	ev_emit(ev, "[Close Combat (f)]", "%s advances onto %s's position (%.*f, %.*f), facing %d in %s: part of its close "
		"combat, not an action", o->u[i].id, o->u[j].id, PL_IN(p.c.x), PL_IN(p.c.y), p.facing, cros_form_name[p.form]);
	/* the other units that charged with it beat the same loser: its position is taken */
	for (int k = 0; k < g->n; k++)
		if (k != i && g->s[k].beat == j) {
			g->s[k].beat = -1;
			ev_emit(ev, "[Close Combat (f)]", "%s no longer advances onto %s's position: %s holds it", o->u[k].id,
				o->u[j].id, o->u[i].id);
		}
	return ref_record(path, o, g, log, what, NULL, ev);
}

int rtab_cmd(const struct ctab *t, const struct ctbl *tb, const struct ref_req *q, const struct rtab_opts *x,
	     const struct cros_oob *o, struct cros_game *g, const char *path, json_t *log, const char *what,
	     const struct cseq_do *sd)
{
	bool fell_short = false; /* move --toward stopped by its dice short of the target's 2" */
	int charge_at = -1;      /* move --toward: the enemy unit it moves straight at */
	struct event store[RTAB_EVENTS];
	struct evsink ev;
	struct err e;
	struct cros_pos p;
	int i = -1, bad;
	evsink_init(&ev, store, RTAB_EVENTS);
	if (!strcmp(q->what, "table")) {
		if (x->svg[0])
			return table_svg(t, tb, o, g, x->svg);
		print_table(tb);
		return 0;
	}
	if (q->unit[0] && (i = cros_find(o, q->unit)) < 0)
		return cli_fail(stderr, "no unit \"%s\" in the game (crimea referee cotlb where --game %s)", q->unit, path);
	if (!strcmp(q->what, "where")) {
		print_where(t, tb, o, g, i);
		return 0;
	}
	if (!strcmp(q->what, "place") && x->commander[0]) {
		int k = cros_find_cmdr(o, x->commander);
		if (k < 0)
			return cli_fail(stderr, "no commander \"%s\" in the order of battle", x->commander);
		if (!x->has_x || !x->has_y)
			return cli_fail(stderr, "place --commander needs --x and --y");
		if (x->x > tb->width || x->y > tb->depth)
			return cli_fail(stderr, "(%.*f, %.*f) is off the table (%.0f\" x %.0f\")", PL_IN(x->x), PL_IN(x->y),
					in_of(tb->width), in_of(tb->depth));
		g->cmdr[k].on = true;
		g->cmdr[k].c.x = x->x;
		g->cmdr[k].c.y = x->y;
		ev_emit(&ev, "[Table]", "%s stands at (%.*f, %.*f)", o->cmdr[k], PL_IN(x->x), PL_IN(x->y));
		return ref_record(path, o, g, log, what, NULL, &ev);
	}
	if (i < 0)
		return cli_fail(stderr, "%s needs --unit ID", q->what);
	if (!g->s[i].figures)
		return cli_fail(stderr, "%s is destroyed", o->u[i].id);
	if (g->s[i].routing && !strcmp(q->what, "move"))
		return cli_fail(stderr, "%s is routing: its action is to try to regain its morale (rally) or rout again "
				"[MORALE (d)]", o->u[i].id);
	if (!strcmp(q->what, "advance"))
		return do_advance(t, tb, x, i, o, g, path, log, what, &ev);
	g->s[i].beat = -1; /* a winner that moves otherwise gives up its advance [Close Combat (f)] */
	if (!strcmp(q->what, "withdraw") || !strcmp(q->what, "rout"))
		return do_fall(t, tb, q, x, i, o, g, path, log, what, &ev);
	if (!strcmp(q->what, "enter")) {
		if (g->s[i].pos.on)
			return cli_fail(stderr, "%s is on the table already", o->u[i].id);
		p = asked(tb->entry[i].on ? &tb->entry[i] : &tb->start[i], x, &bad);
	} else {
		if (!strcmp(q->what, "move") && !g->s[i].pos.on)
			return cli_fail(stderr, "%s is not on the table (enter or place it)", o->u[i].id);
		if (!strcmp(q->what, "place") && !g->s[i].pos.on && (!x->has_x || !x->has_y))
			return cli_fail(stderr, "place needs --x and --y for a unit off the table");
		p = asked(&g->s[i].pos, x, &bad);
	}
	if (bad)
		return cli_fail(stderr, "no formation \"%s\" (line, double-line, attack-column, march-column, square, limbered, "
			    "unlimbered)", x->formation);
	if (x->from[0] && strcmp(q->what, "withdraw") && strcmp(q->what, "rout"))
		return cli_fail(stderr, "--from is for withdraw and rout (move takes --toward)");
	if (!strcmp(q->what, "move") && x->toward[0]) {
		int j = cros_find(o, x->toward);
		int32_t d, lim = -1, dfull = -1;
		if (j < 0 || !g->s[j].pos.on || o->u[j].side == o->u[i].side)
			return cli_fail(stderr, "--toward names an enemy unit on the table, not \"%s\"", x->toward);
		if (x->has_x || x->has_y)
			return cli_fail(stderr, "--toward takes the place of --x and --y");
		if (q->dice.given) {
			/* as far as the dice allow: what they come to on this line */
			struct ctbl_move mv;
			struct cros_pos full = ctbl_toward(t, tb, o, g, i, j, -1, &dfull);
			struct evsink quiet;
			struct event one[16];
			int inches;
			full.facing = p.facing;
			full.form = p.form;
			evsink_init(&quiet, one, 16);
			if (ctbl_move_plan(t, tb, o, g, i, &full, &mv, &quiet, &e) == 0 && mv.kind == 0 &&
			    (inches = cref_move_roll(t, &mv.m, q->dice.d, q->dice.n, &quiet, &e)) >= 0)
				lim = inches * PL_PER_INCH;
		}
		{
			struct cros_pos to = ctbl_toward(t, tb, o, g, i, j, lim, &d);
			p.c = to.c;
		}
		fell_short = lim >= 0 && dfull > d;
		charge_at = j;
		ev_emit(&ev, "[MOVE (i)]", "%s moves straight at %s: %.*f\" %s", o->u[i].id, o->u[j].id, PL_IN(d),
			lim >= 0 && dfull > d ? "(as far as the dice allow)" : "(to 2\" of it)");
	}
	if (!strcmp(q->what, "move") && !x->has_x && !x->has_y && !x->toward[0] && p.form != g->s[i].pos.form) {
		/* a change of formation keeps the front rank where it stands */
		struct cros_pos r = ctbl_reform(t, tb, o, g, i, p.form);
		p.c = r.c;
	}
	if (!strcmp(q->what, "move") && q->road && (x->facing >= 0 || x->formation[0] || x->toward[0] || !x->has_x || !x->has_y))
		return cli_fail(stderr, "move --road takes --x and --y, where the unit leaves the road (the road gives the "
				"path and the facing)");
	if (!strcmp(q->what, "move"))
		return do_move(t, tb, q, &p, i, o, g, path, log, what, &ev, sd, fell_short, charge_at);
	if (ctbl_check(t, tb, o, g, i, &p, &e) != 0) {
		fprintf(stderr, "crimea: %s\n", e.msg);
		return 1;
	}
	g->s[i].pos = p;
	ev_emit(&ev, "[Table]", "%s %s (%.*f, %.*f) facing %d in %s", o->u[i].id,
		!strcmp(q->what, "enter") ? "enters the table at" : "is placed at", PL_IN(p.c.x), PL_IN(p.c.y), p.facing,
		cros_form_name[p.form]);
	return ref_record(path, o, g, log, what, NULL, &ev);
}

int rtab_fire(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
	      struct ref_req *q)
{
	struct event store[RTAB_EVENTS];
	struct evsink ev;
	struct ctbl_sight s;
	struct err e;
	int f = cros_find(o, q->firer), at = cros_find(o, q->at), rc;
	if (f < 0 || at < 0)
		return 0; /* a troop type, not a unit of the game: the referee measures */
	if (!g->s[f].pos.on || !g->s[at].pos.on)
		return cli_fail(stderr, "%s is not on the table (place or enter it first)",
				g->s[f].pos.on ? o->u[at].id : o->u[f].id);
	evsink_init(&ev, store, RTAB_EVENTS);
	if (g->seq.phase == CSEQ_REACTION && g->seq.moved_from[at].on) {
		/* [Side A Turn (c) 1] "at the correct angle and range at any time during the command-
		 * point-using unit's activity such as movement": the best point of its move */
		struct cros_pos where;
		struct cros_game *h = malloc(sizeof *h);
		if (!h)
			return cli_fail(stderr, "out of memory");
		if (ctbl_sight_along(t, tb, o, g, f, at, &g->seq.moved_from[at], &s, &where, &e) != 0) {
			free(h);
			return cli_fail(stderr, "%s", e.msg);
		}
		*h = *g;
		h->s[at].pos = where;
		if (where.c.x != g->s[at].pos.c.x || where.c.y != g->s[at].pos.c.y)
			ev_emit(&ev, "[Side A Turn (c) 1]", "%s fires at %s as it passed (%.*f, %.*f) during its move: the best point "
				"of it", o->u[f].id, o->u[at].id, PL_IN(where.c.x), PL_IN(where.c.y));
		rc = ctbl_sight(t, tb, o, h, f, at, &s, &ev, &e);
		free(h);
		if (rc != 0)
			return cli_fail(stderr, "%s", e.msg);
	} else if (ctbl_sight(t, tb, o, g, f, at, &s, &ev, &e) != 0) {
		return cli_fail(stderr, "%s", e.msg);
	}
	/* [Fire (c)]: fire priority, ignored by reaction fire [Side A Turn (c) 1]; with the sequence
	 * of play kept, a volley against it is refused, else the referee is told */
	/* [Fire (f)]: a split fire's next volley, at the first in priority of the targets it has not
	 * fired at */
	if (g->seq.phase != CSEQ_REACTION && o->u[at].side != o->u[f].side) {
		int rank, mine = ctbl_prio_rank(t, tb, o, g, f, at), first;
		int32_t gap;
		const uint32_t *skip = cseq_split_left(g, f) ? g->seq.split_at[f] : NULL;
		if ((first = ctbl_fire_priority_skip(t, tb, o, g, f, skip, &rank, &gap)) >= 0 && first != at &&
		    (rank < mine || (rank == mine && gap < s.gap))) {
			if (g->seq.phase != CSEQ_OFF && q->dice.given) {
				ref_print_events("on the table:", &ev);
				fprintf(stderr, "crimea: [Fire (c)] fire priority: %s fires %s at %s (%s, %.*f\"), not %s (%s%s%.*f\")\n",
					o->u[f].id, skip ? "next" : "first", o->u[first].id, ctbl_prio_name[rank], PL_IN(gap), o->u[at].id,
					mine < CF_NEAREST ? ctbl_prio_name[mine] : "", mine < CF_NEAREST ? ", " : "", PL_IN(s.gap));
				return 1;
			}
			ev_emit(&ev, "[Fire (c)]", "fire priority names %s (%s, %.*f\") before %s", o->u[first].id, ctbl_prio_name[rank],
				PL_IN(gap), o->u[at].id);
		} else if (mine < CF_NEAREST) {
			ev_emit(&ev, "[Fire (c)]", "%s is %s: first in fire priority", o->u[at].id, ctbl_prio_name[mine]);
		}
	}
	ref_print_events("on the table:", &ev);
	if (!q->weapon[0])
		snprintf(q->weapon, sizeof q->weapon, "%s", t->weapon[s.weapon].key);
	if (!q->target[0])
		snprintf(q->target, sizeof q->target, "%s", ctab_target_name[s.target]);
	if (s.cover)
		q->cover = true;
	if (q->inches < 0 && !q->shrt && !q->lng) {
		if (s.band == 2) {
			fprintf(stderr, "crimea: [Fire (n)] %s is %.*f\" away, beyond %s's long range\n", o->u[at].id,
				PL_IN(s.gap), o->u[f].id);
			return 1;
		}
		if (s.band == -1) {
			fprintf(stderr, "crimea: [Fire (n)] the sheet prints no range for %s: give --short or --long\n",
				t->weapon[s.weapon].key);
			return 2;
		}
		q->inches = s.inches;
	}
	const int bear = s.stands + (q->pivot ? s.pivot_stands : 0); /* the stands that bear [Fire (i), (g)] */
	if (q->stands > bear) {
		fprintf(stderr, "crimea: [Fire (i)] %d stand%s of %s bear%s on %s%s, not %d\n", bear, bear == 1 ? "" : "s",
			o->u[f].id, bear == 1 ? "s" : "", o->u[at].id,
			!q->pivot && s.pivot_stands ? " (more with a pivot: --pivot, -1)" : "", q->stands);
		return 1;
	}
	if (!q->stands) {
		q->stands = bear;
		if (cseq_split_left(g, f) && q->stands > cseq_split_left(g, f)) {
			q->stands = cseq_split_left(g, f); /* [Fire (f)] the stands its split fire has left */
			printf("  %-22s %d of them fire: the stands %s's split fire has left\n", "[Fire (f)]", q->stands, o->u[f].id);
		}
		if (!q->stands) {
			fprintf(stderr, "crimea: [Fire (i)] no stand of %s can fire at %s%s%s\n", o->u[f].id, o->u[at].id,
				s.blocked[0] ? ": " : "", s.blocked[0] ? s.blocked
							: s.pivot_stands ? " without a pivot (--pivot: -1)" : " (outside every arc)");
			return 1;
		}
	}
	return 0;
}

/* The close combat modifiers the table shows for side k (0 the attacking unit a, 1 the defending
 * unit d) added to those sd names (each once), and the rear. */
static void add_cc_mods(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
			int a, int d, int k, struct ref_side *sd, struct evsink *ev)
{
	const char *keys[CTAB_MODS_MAX];
	bool rear;
	int n = ctbl_cc_mods(t, tb, o, g, a, d, k, keys, CTAB_MODS_MAX, &rear, ev);
	for (int i = 0; i < n; i++)
		ref_side_mod(sd, keys[i]);
	sd->rear = sd->rear || rear;
}

/* Removes the modifier key from those sd names; whether it was there. */
static bool drop_mod(struct ref_side *sd, const char *key)
{
	for (int i = 0; i < sd->nmods; i++)
		if (!strcmp(sd->mods[i], key)) {
			memmove(sd->mods[i], sd->mods[i + 1], (size_t)(sd->nmods - i - 1) * sizeof sd->mods[0]);
			sd->nmods--;
			return true;
		}
	return false;
}

int rtab_melee(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
	       struct ref_req *q)
{
	int a = cros_find(o, q->side[0].unit), d = cros_find(o, q->side[1].unit);
	struct event store[RTAB_EVENTS];
	struct evsink ev;
	int32_t gap;
	/* the attacking units: the first, then those charging with it [Close Combat (a)] */
	int att[CREF_CC_UNITS], na = 0;
	struct ref_side *asd[CREF_CC_UNITS];
	bool near[CREF_CC_UNITS]; /* within 2" of the defender, or locked in combat with it */
	int32_t agap[CREF_CC_UNITS];
	if (a < 0 || d < 0)
		return 0; /* troop types, not units of the game */
	if (!g->s[d].pos.on || !g->s[a].pos.on)
		return cli_fail(stderr, "%s is not on the table (place or enter it first)",
				g->s[a].pos.on ? o->u[d].id : o->u[a].id);
	att[na] = a;
	asd[na++] = &q->side[0];
	for (int i = 0; i < q->nalso[0] && na < CREF_CC_UNITS; i++) {
		int x = cros_find(o, q->also[0][i].unit);
		if (x < 0)
			return cli_fail(stderr, "--attacker-also names a unit of the game on the table, not \"%s\"",
					q->also[0][i].unit);
		if (!g->s[x].pos.on)
			return cli_fail(stderr, "%s is not on the table", o->u[x].id);
		if (o->u[x].side != o->u[a].side)
			return cli_fail(stderr, "%s is not on %s's side: it cannot charge with it", o->u[x].id, o->u[a].id);
		att[na] = x;
		asd[na++] = &q->also[0][i];
	}
	/* [Close Combat (a)] within 2" of the enemy, or [Close Combat (f)] locked in combat with the
	 * loser as it withdraws (this turn): the winner follows it */
	for (int u = 0; u < na; u++) {
		agap[u] = ctbl_gap(t, tb, o, g, att[u], d);
		near[u] = agap[u] <= CTBL_TWO_INCHES || (g->seq.locked[att[u]] == 1 + d && g->s[d].fell_back == g->turn);
	}
	evsink_init(&ev, store, RTAB_EVENTS);
	for (int u = 0; u < na; u++) {
		/* [Modifiers (a), (b)] Q&A 3: the second line of a double line with a unit within 2"
		 * charges with it ("both involved") */
		const int front = near[u] ? -1 : ctbl_front_line(t, tb, o, g, att[u], d, att, na);
		if (!near[u] && front < 0) {
			ref_print_events("on the table:", &ev);
			fprintf(stderr, "crimea: [Close Combat (a)] %s is %.*f\" from %s: a charge is declared only with some part of "
				"the unit within 2\" of the enemy%s\n", o->u[att[u]].id, PL_IN(agap[u]), o->u[d].id,
				na > 1 ? " (or as the second line of a double line with a unit that is)" : "");
			return 1;
		}
		if (front >= 0) {
			asd[u]->second = true;
			asd[u]->dl_with = 1 + front;
			ev_emit(&ev, "[Close Combat (a)]", "%s, %.*f\" from %s, charges as the second line of %s's double line "
				"(Q&A 3: both involved)", o->u[att[u]].id, PL_IN(agap[u]), o->u[d].id, o->u[att[front]].id);
		} else if (agap[u] > CTBL_TWO_INCHES)
			ev_emit(&ev, "[Close Combat (f)]", "%s stays locked in combat with %s as it withdraws", o->u[att[u]].id,
				o->u[d].id);
		else if (u == 0)
			ev_emit(&ev, "[Close Combat (a)]", "%s is %.*f\" from %s: it may charge", o->u[a].id, PL_IN(agap[u]),
				o->u[d].id);
		else
			ev_emit(&ev, "[Close Combat (a)]", "%s charges %s with %s (%.*f\")", o->u[att[u]].id, o->u[d].id, o->u[a].id,
				PL_IN(agap[u]));
		add_cc_mods(t, tb, o, g, att[u], d, 0, asd[u], &ev);
		if (u == 0)
			add_cc_mods(t, tb, o, g, a, d, 1, &q->side[1], &ev);
		/* [Modifiers (a), (b)] "double line (lines w/in 4" of each other)": two charging units
		 * in line, one behind the other, each take the double line's modifier */
		for (int v = 0; v < na; v++) {
			if (v == u || !ctbl_double_line(t, tb, o, g, att[u], att[v]))
				continue;
			bool cav = tb->base[o->u[att[u]].type].arm == CA_CAVALRY;
			if (!asd[u]->dl_with)
				asd[u]->dl_with = 1 + v;
			const char *key = cav ? "cavalry-double-line" : "infantry-double-line";
			if (cav)
				drop_mod(asd[u], "cavalry-line"); /* the double line's +2 instead of the line's +1 */
			if (ref_side_mod(asd[u], key))
				ev_emit(&ev, cav ? "[Modifiers (a)]" : "[Modifiers (b)]", "%s charges in double line with %s (lines "
					"within 4\" of each other): %s%s", o->u[att[u]].id, o->u[att[v]].id, key,
					cav ? ", in place of cavalry-line" : "");
			break;
		}
	}
	/* [Close Combat (b)] the units that fight with the defender: touching an attacking unit
	 * (within its 2"), or a reinforcement that came to contact the attacker in the reaction
	 * phase */
	for (int i = 0; i < q->nalso[1]; i++) {
		struct ref_side *sd = &q->also[1][i];
		int x = cros_find(o, sd->unit), by = a;
		if (x < 0)
			return cli_fail(stderr, "--defender-also names a unit of the game on the table, not \"%s\"", sd->unit);
		if (o->u[x].side != o->u[d].side)
			return cli_fail(stderr, "%s is not on %s's side: it cannot join its defence", o->u[x].id, o->u[d].id);
		if ((gap = ctbl_gap(t, tb, o, g, a, x)) < 0)
			return cli_fail(stderr, "%s is not on the table", o->u[x].id);
		for (int u = 1; u < na; u++) {
			int32_t gy = ctbl_gap(t, tb, o, g, att[u], x);
			if (gy >= 0 && gy < gap) {
				gap = gy;
				by = att[u];
			}
		}
		if (gap > CTBL_TWO_INCHES && g->seq.contact[x] != 1 + d && g->seq.reinf[d] != 1 + x) {
			ref_print_events("on the table:", &ev);
			fprintf(stderr, "crimea: [Close Combat (b)] %s is %.*f\" from %s: a unit fights when it touches the enemy (within "
				"2\"), or reinforces the defender in the reaction phase\n", o->u[x].id, PL_IN(gap), o->u[by].id);
			return 1;
		}
		ev_emit(&ev, "[Close Combat (b)]", "%s fights with %s (%.*f\" from %s)", o->u[x].id, o->u[d].id, PL_IN(gap),
			o->u[by].id);
		add_cc_mods(t, tb, o, g, by, x, 1, sd, &ev);
	}
	ref_print_events("on the table:", &ev);
	return 0;
}

void rtab_turn(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, struct cros_game *g,
	       struct evsink *ev)
{
	ctbl_command(t, tb, o, g, ev);
}
