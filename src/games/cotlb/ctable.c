/* ctable: the miniatures table and the rulings on where units stand (ctable.h). */
#include "ctable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/prov.h"

const char *const ctbl_kind_name[CK_KINDS] = {
	"gentle-hill", "steep-hill", "woods", "stream", "wall", "trench", "house", "redoubt", "road", "town",
};
const char *const ctbl_arm_name[CA_ARMS] = {"infantry", "cavalry", "artillery"};

/* ---- loading ---------------------------------------------------------------------------- */

static int kind_of(const char *s)
{
	for (int i = 0; i < CK_KINDS; i++)
		if (!strcmp(s, ctbl_kind_name[i]))
			return i;
	return -1;
}

static bool is_area(int kind)
{
	return kind == CK_GENTLE_HILL || kind == CK_STEEP_HILL || kind == CK_WOODS || kind == CK_HOUSE ||
	       kind == CK_REDOUBT || kind == CK_TOWN;
}

/* x's "polygon" (closed) or "polyline" of points [x, y] in inches on the table into p (at
 * most CTBL_PTS_MAX), what for the error. 0 or -1 (errs). */
static int read_points(const struct ctbl *tb, const struct jdoc *d, const json_t *x, bool closed, const char *what,
		       struct pl_pt *p, int *n, struct errlist *errs)
{
	const json_t *pts = json_object_get(x, closed ? "polygon" : "polyline"), *pt;
	size_t k;
	*n = 0;
	if (!json_is_array(pts) || json_array_size(pts) < (closed ? 3u : 2u) || json_array_size(pts) > CTBL_PTS_MAX) {
		jdoc_add(d, pts ? pts : x, errs, "a %s has a \"%s\" of %d to %d points [x, y]", what,
			 closed ? "polygon" : "polyline", closed ? 3 : 2, CTBL_PTS_MAX);
		return -1;
	}
	json_array_foreach(pts, k, pt) {
		const json_t *a = json_array_get(pt, 0), *b = json_array_get(pt, 1);
		double px = json_is_number(a) ? json_number_value(a) : -1, py = json_is_number(b) ? json_number_value(b) : -1;
		if (!json_is_array(pt) || json_array_size(pt) != 2 || px < 0 || py < 0 || px * PL_PER_INCH > tb->width ||
		    py * PL_PER_INCH > tb->depth) {
			jdoc_add(d, pt, errs, "a point is [x, y] in inches on the table (0..%g, 0..%g)",
				 (double)tb->width / PL_PER_INCH, (double)tb->depth / PL_PER_INCH);
			*n = 0;
			return -1;
		}
		p[*n].x = pl_units(px);
		p[*n].y = pl_units(py);
		(*n)++;
	}
	return 0;
}

/* A "restrictions" item: {"units": [...], "emplaced": true | "polygon" and "name", "case",
 * "provenance"}. */
static void read_restrict(struct ctbl *tb, const struct cros_oob *o, const struct jdoc *d, const json_t *x,
			  struct errlist *errs)
{
	struct ctbl_restrict *r;
	const json_t *us = json_object_get(x, "units"), *u;
	const char *s;
	struct prov p;
	size_t k;
	if (tb->nrs == CTBL_RESTRICTS_MAX) {
		jdoc_add(d, x, errs, "more than %d restrictions", CTBL_RESTRICTS_MAX);
		return;
	}
	r = &tb->rs[tb->nrs];
	memset(r, 0, sizeof *r);
	prov_read(d, x, true, &p, errs);
	if ((s = jdoc_str(d, x, "case", true, errs)))
		snprintf(r->cite, sizeof r->cite, "%s", s);
	r->emplaced = json_object_get(x, "emplaced") && jdoc_bool(d, x, "emplaced", errs);
	if (!r->emplaced) {
		if ((s = jdoc_str(d, x, "name", true, errs)))
			snprintf(r->name, sizeof r->name, "%s", s);
		if (read_points(tb, d, x, true, "restriction", r->p, &r->n, errs) != 0)
			return;
	}
	if (!json_is_array(us) || !json_array_size(us)) {
		jdoc_add(d, us ? us : x, errs, "a restriction lists its \"units\"");
		return;
	}
	json_array_foreach(us, k, u) {
		int i = cros_find(o, json_string_value(u) ? json_string_value(u) : "");
		if (i < 0)
			jdoc_add(d, u, errs, "not a unit of %s", o->id);
		else if (tb->unit_rs[i] >= 0)
			jdoc_add(d, u, errs, "%s is restricted twice", o->u[i].id);
		else
			tb->unit_rs[i] = (signed char)tb->nrs;
	}
	tb->nrs++;
}

static void read_feature(struct ctbl *tb, const struct jdoc *d, const json_t *x, struct errlist *errs)
{
	struct ctbl_feature *f;
	const char *s;
	struct prov p;
	if (tb->nf == CTBL_FEATURES_MAX) {
		jdoc_add(d, x, errs, "more than %d features", CTBL_FEATURES_MAX);
		return;
	}
	f = &tb->f[tb->nf];
	memset(f, 0, sizeof *f);
	if ((s = jdoc_str(d, x, "id", true, errs)))
		snprintf(f->id, sizeof f->id, "%s", s);
	if ((s = jdoc_str(d, x, "name", false, errs)))
		snprintf(f->name, sizeof f->name, "%s", s);
	else
		memcpy(f->name, f->id, sizeof f->id); /* ids are shorter than names */
	prov_read(d, x, true, &p, errs);
	if (!(s = jdoc_str(d, x, "kind", true, errs)))
		return;
	if ((f->kind = kind_of(s)) < 0) {
		jdoc_add(d, x, errs, "no terrain kind \"%s\" (gentle-hill, steep-hill, woods, stream, wall, trench, house, "
			 "redoubt, road, town)", s);
		return;
	}
	f->closed = is_area(f->kind);
	if (read_points(tb, d, x, f->closed, s, f->p, &f->n, errs) != 0)
		return;
	for (int i = 0; i < tb->nf; i++)
		if (!strcmp(tb->f[i].id, f->id))
			jdoc_add(d, x, errs, "feature \"%s\" is listed twice", f->id);
	pl_box(f->p, f->n, &f->lo, &f->hi);
	tb->nf++;
}

static void read_base(struct ctbl *tb, const struct ctab *t, const struct jdoc *d, const json_t *x, struct errlist *errs)
{
	const char *s;
	int type, arm = -1;
	struct ctbl_base *b;
	if (!(s = jdoc_str(d, x, "type", true, errs)))
		return;
	if ((type = ctab_unit(t, s)) < 0) {
		jdoc_add(d, x, errs, "no troop type \"%s\" on the sheet", s);
		return;
	}
	b = &tb->base[type];
	if (b->set)
		jdoc_add(d, x, errs, "troop type \"%s\" is listed twice", s);
	b->set = true;
	if ((s = jdoc_str(d, x, "arm", true, errs))) {
		for (int i = 0; i < CA_ARMS; i++)
			if (!strcmp(s, ctbl_arm_name[i]))
				arm = i;
		if (arm < 0)
			jdoc_add(d, x, errs, "the arm is infantry, cavalry or artillery, not \"%s\"", s);
	}
	b->arm = arm < 0 ? CA_INFANTRY : arm;
	b->w = pl_units(jdoc_num(d, x, "width", 0.2, 12, errs));
	b->d = pl_units(jdoc_num(d, x, "depth", 0.2, 12, errs));
	b->weapon = b->horse_weapon = -1;
	if ((s = jdoc_str(d, x, "weapon", true, errs)) && (b->weapon = ctab_weapon(t, s)) < 0)
		jdoc_add(d, x, errs, "no weapon \"%s\" on the sheet", s);
	if ((s = jdoc_str(d, x, "horse_weapon", false, errs)) && (b->horse_weapon = ctab_weapon(t, s)) < 0)
		jdoc_add(d, x, errs, "no weapon \"%s\" on the sheet", s);
}

/* A deployment or entry item: a unit with its place, or a commander with his. */
static void read_place(struct ctbl *tb, const struct cros_oob *o, const struct jdoc *d, const json_t *x, bool entry,
		       bool *seen_u, bool *seen_c, const json_t **src, struct errlist *errs)
{
	const char *u = jdoc_str(d, x, "unit", false, errs), *c = jdoc_str(d, x, "commander", false, errs);
	struct cros_pos p = {0};
	if (!u == !c) {
		jdoc_add(d, x, errs, "a place names a \"unit\" or a \"commander\"");
		return;
	}
	cros_read_pos(d, x, u != NULL, &p, errs);
	if (p.c.x > tb->width || p.c.y > tb->depth)
		jdoc_add(d, x, errs, "(%.*f, %.*f) is off the table (%g\" x %g\")", PL_IN(p.c.x), PL_IN(p.c.y),
			 (double)tb->width / PL_PER_INCH, (double)tb->depth / PL_PER_INCH);
	if (u) {
		int i = cros_find(o, u);
		if (i < 0) {
			jdoc_add(d, x, errs, "\"%s\" is not a unit of %s", u, o->id);
			return;
		}
		if (seen_u[i])
			jdoc_add(d, x, errs, "unit \"%s\" is placed twice", u);
		else if (entry != o->u[i].reinforcement)
			jdoc_add(d, x, errs, "\"%s\" %s: it belongs in \"%s\"", u,
				 o->u[i].reinforcement ? "is a reinforcement" : "starts on the table",
				 o->u[i].reinforcement ? "entries" : "deployment");
		else if (!ctbl_form_ok(tb, o, i, p.form))
			jdoc_add(d, x, errs, "%s (%s) cannot be in %s [Formations]", u, ctbl_arm_name[tb->base[o->u[i].type].arm],
				 cros_form_name[p.form]);
		seen_u[i] = true;
		src[i] = x;
		(entry ? tb->entry : tb->start)[i] = p;
	} else {
		int k = cros_find_cmdr(o, c);
		if (k < 0) {
			jdoc_add(d, x, errs, "\"%s\" is not a commander of %s", c, o->id);
			return;
		}
		if (seen_c[k])
			jdoc_add(d, x, errs, "commander \"%s\" is placed twice", c);
		seen_c[k] = true;
		(entry ? tb->cmdr_entry : tb->cmdr_start)[k] = p;
	}
}

int ctbl_load(struct ctbl *tb, const struct ctab *t, const struct cros_oob *o, const struct jdoc *d,
	      struct errlist *errs)
{
	const json_t *root = d->root, *a, *x;
	const char *s;
	struct prov p;
	size_t k;
	int before = errs->total;
	bool seen_u[CROS_UNITS_MAX] = {false}, seen_c[CROS_CMDRS_MAX] = {false};
	const json_t *src[CROS_UNITS_MAX] = {NULL}; /* each unit's place, for the line of an error */

	memset(tb, 0, sizeof *tb);
	snprintf(tb->file, sizeof tb->file, "%s", d->file);
	if (!(s = jdoc_str(d, root, "kind", true, errs)) || strcmp(s, "table")) {
		jdoc_add(d, root, errs, "a table file has \"kind\": \"table\"");
		return -1;
	}
	if ((s = jdoc_str(d, root, "id", true, errs)))
		snprintf(tb->id, sizeof tb->id, "%s", s);
	if ((s = jdoc_str(d, root, "title", true, errs)))
		snprintf(tb->title, sizeof tb->title, "%s", s);
	if ((s = jdoc_str(d, root, "rules", true, errs)) && strcmp(s, "cotlb"))
		jdoc_add(d, root, errs, "a table of rules \"%s\", not \"cotlb\"", s);
	if ((s = jdoc_str(d, root, "oob", true, errs)) && strcmp(s, o->id))
		jdoc_add(d, root, errs, "a table of the order of battle \"%s\", not \"%s\"", s, o->id);
	snprintf(tb->oob, sizeof tb->oob, "%s", o->id);
	prov_read(d, root, true, &p, errs);
	tb->prov = p;
	tb->width = pl_units(jdoc_num(d, root, "width", 12, PL_COORD_MAX / PL_PER_INCH, errs));
	tb->depth = pl_units(jdoc_num(d, root, "depth", 12, PL_COORD_MAX / PL_PER_INCH, errs));

	a = json_object_get(root, "features");
	if (!json_is_array(a))
		jdoc_add(d, a ? a : root, errs, "\"features\" must be a list");
	json_array_foreach(a, k, x)
		read_feature(tb, d, x, errs);

	a = json_object_get(root, "bases");
	if (!json_is_object(a) || !json_is_array(json_object_get(a, "types"))) {
		jdoc_add(d, a ? a : root, errs, "\"bases\" is {\"provenance\", \"types\": [...]}");
	} else {
		prov_read(d, a, true, &p, errs);
		json_array_foreach(json_object_get(a, "types"), k, x)
			read_base(tb, t, d, x, errs);
	}
	for (int i = 0; i < o->n; i++)
		if (!tb->base[o->u[i].type].set) {
			jdoc_add(d, a ? a : root, errs, "no base for troop type \"%s\" (unit %s)", t->unit[o->u[i].type].key,
				 o->u[i].id);
			return -1;
		}

	memset(tb->unit_rs, -1, sizeof tb->unit_rs);
	a = json_object_get(root, "restrictions");
	if (a && !json_is_array(a))
		jdoc_add(d, a, errs, "\"restrictions\" must be a list");
	json_array_foreach(a, k, x)
		read_restrict(tb, o, d, x, errs);

	a = json_object_get(root, "deployment");
	if (!json_is_array(a))
		jdoc_add(d, a ? a : root, errs, "\"deployment\" must be a list");
	json_array_foreach(a, k, x)
		read_place(tb, o, d, x, false, seen_u, seen_c, src, errs);
	a = json_object_get(root, "entries");
	if (a && !json_is_array(a))
		jdoc_add(d, a, errs, "\"entries\" must be a list");
	json_array_foreach(a, k, x)
		read_place(tb, o, d, x, true, seen_u, seen_c, src, errs);
	/* a unit with no place starts off the table (the referee places it) */
	if (errs->total != before)
		return -1;
	/* the starting places themselves must be legal [MOVE (i)] */
	{
		struct cros_game *g = calloc(1, sizeof *g);
		struct err e;
		if (!g) {
			jdoc_add(d, root, errs, "out of memory");
			return -1;
		}
		cros_new(o, g);
		ctbl_deploy(tb, o, g);
		for (int i = 0; i < o->n; i++) {
			struct cros_pos at = g->s[i].pos;
			if (!at.on)
				continue;
			g->s[i].pos.on = false; /* as if arriving there: no "closer already" */
			if (ctbl_check(t, tb, o, g, i, &at, &e) != 0)
				jdoc_add(d, src[i] ? src[i] : root, errs, "%s's starting place: %s", o->u[i].id, e.msg);
			g->s[i].pos = at;
		}
		/* a unit kept within an area starts and enters in it */
		for (int i = 0; i < o->n; i++) {
			const struct ctbl_restrict *r = tb->unit_rs[i] >= 0 ? &tb->rs[tb->unit_rs[i]] : NULL;
			const struct cros_pos *at = o->u[i].reinforcement ? &tb->entry[i] : &tb->start[i];
			if (r && !r->emplaced && at->on && !pl_poly_has(r->p, r->n, at->c))
				jdoc_add(d, src[i] ? src[i] : root, errs, "%s starts outside %s, where it is kept [%s]", o->u[i].id,
					 r->name, r->cite);
		}
		free(g);
	}
	return errs->total == before ? 0 : -1;
}

int ctbl_load_file(struct ctbl *tb, const struct ctab *t, const struct cros_oob *o, const char *path,
		   struct errlist *errs)
{
	struct jdoc d;
	if (jdoc_load_errs(&d, path, errs) != 0)
		return -1;
	int rc = ctbl_load(tb, t, o, &d, errs);
	jdoc_free(&d);
	return rc;
}

/* ---- footprints and places -------------------------------------------------------------- */

bool ctbl_form_ok(const struct ctbl *tb, const struct cros_oob *o, int i, int form)
{
	switch (tb->base[o->u[i].type].arm) {
	case CA_INFANTRY:
		return form == CF_LINE || form == CF_DOUBLE || form == CF_ATTACK || form == CF_MARCH || form == CF_SQUARE;
	case CA_CAVALRY:
		return form == CF_LINE || form == CF_DOUBLE || form == CF_MARCH;
	default:
		return form == CF_LIMBERED || form == CF_UNLIMBERED;
	}
}

/* Stands across and deep in a formation of s stands. */
static void grid(int form, int s, int *across, int *deep)
{
	switch (form) {
	case CF_DOUBLE:
		*across = (s + 1) / 2;
		*deep = s > 1 ? 2 : 1;
		break;
	case CF_ATTACK: /* two stands wide [Formations (a)] */
		*across = s > 1 ? 2 : 1;
		*deep = (s + 1) / 2;
		break;
	case CF_MARCH: /* single file */
	case CF_LIMBERED:
		*across = 1;
		*deep = s;
		break;
	case CF_SQUARE: /* a hollow square: a ring of stands k on a side */
		*across = *deep = (s + 3) / 4 + 1;
		break;
	default: /* line, unlimbered guns */
		*across = s;
		*deep = 1;
	}
}

/* Unit i's stands with `figures` figures. */
static int stands_with(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, int i, int figures)
{
	int s;
	if (tb->base[o->u[i].type].arm == CA_ARTILLERY)
		return o->u[i].stands; /* the guns stay when gunners fall */
	s = ctab_stands(t, o->u[i].type, figures);
	return s < 1 ? 1 : s;
}

static int stands_of(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		     int i)
{
	return stands_with(t, tb, o, i, g->s[i].figures);
}

void ctbl_footprint(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		    int i, const struct cros_pos *p, struct pl_rect *r)
{
	const struct ctbl_base *b = &tb->base[o->u[i].type];
	int across, deep;
	grid(p->form, stands_of(t, tb, o, g, i), &across, &deep);
	r->c = p->c;
	r->facing = p->facing;
	r->w = across * b->w;
	r->d = deep * b->d;
}

int32_t ctbl_gap(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		 int i, int j)
{
	struct pl_rect a, b;
	if (!g->s[i].pos.on || !g->s[j].pos.on)
		return -1;
	ctbl_footprint(t, tb, o, g, i, &g->s[i].pos, &a);
	ctbl_footprint(t, tb, o, g, j, &g->s[j].pos, &b);
	return pl_rects_gap(&a, &b);
}

bool ctbl_near(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g, int i,
	       int j, int32_t r)
{
	struct pl_rect a, b;
	if (!g->s[i].pos.on || !g->s[j].pos.on)
		return false;
	ctbl_footprint(t, tb, o, g, i, &g->s[i].pos, &a);
	ctbl_footprint(t, tb, o, g, j, &g->s[j].pos, &b);
	return pl_rects_near(&a, &b, r);
}

void ctbl_deploy(const struct ctbl *tb, const struct cros_oob *o, struct cros_game *g)
{
	snprintf(g->table, sizeof g->table, "%s", tb->id);
	for (int i = 0; i < o->n; i++)
		g->s[i].pos = tb->start[i];
	for (int k = 0; k < o->ncmdrs; k++)
		g->cmdr[k] = tb->cmdr_start[k];
}

static bool on_table(const struct ctbl *tb, const struct pl_rect *r)
{
	struct pl_pt c[4];
	pl_rect_corners(r, c);
	for (int k = 0; k < 4; k++)
		if (c[k].x < 0 || c[k].y < 0 || c[k].x > tb->width || c[k].y > tb->depth)
			return false;
	return true;
}

static bool live(const struct cros_game *g, int j)
{
	return g->s[j].pos.on && g->s[j].figures > 0;
}

/* ctbl_check, with or without [MOVE (i)]'s two inches (a change of formation in place is not a move). */
static int check_at(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		    int i, const struct cros_pos *p, bool two_inches, struct err *e)
{
	struct pl_rect r, q, now;
	if (!ctbl_form_ok(tb, o, i, p->form))
		return err_set(e, NULL, 0, "[Formations] %s (%s) cannot be in %s", o->u[i].id,
			       ctbl_arm_name[tb->base[o->u[i].type].arm], cros_form_name[p->form]);
	struct pl_quad rq, qq;
	ctbl_footprint(t, tb, o, g, i, p, &r);
	if (!on_table(tb, &r))
		return err_set(e, NULL, 0, "%s at (%.*f, %.*f) would stand off the table", o->u[i].id,
			       PL_IN(p->c.x), PL_IN(p->c.y));
	if (g->s[i].pos.on)
		ctbl_footprint(t, tb, o, g, i, &g->s[i].pos, &now);
	pl_quad_of(&r, &rq);
	for (int j = 0; j < o->n; j++) {
		int32_t gap, was;
		if (j == i || !live(g, j))
			continue;
		ctbl_footprint(t, tb, o, g, j, &g->s[j].pos, &q);
		{
			/* too far for either test below (pl_rects_near's first refusal): no corners */
			const bool enemy2 = o->u[j].side != o->u[i].side && two_inches;
			const int64_t far = rq.reach + pl_rect_reach(&q) + (enemy2 ? CTBL_TWO_INCHES - 1 : 0);
			if (pl_d2(r.c, q.c) > far * far)
				continue;
		}
		pl_quad_of(&q, &qq);
		if (pl_quads_near(&rq, &qq, 0))
			return err_set(e, NULL, 0, "%s would stand on %s", o->u[i].id, o->u[j].id);
		/* the distance itself only for an enemy within 2" */
		if (o->u[j].side == o->u[i].side || !two_inches || !pl_quads_near(&rq, &qq, CTBL_TWO_INCHES - 1))
			continue;
		gap = pl_rects_gap(&r, &q);
		/* closer than 2": allowed only for a unit already that close, and no closer */
		was = g->s[i].pos.on ? pl_rects_gap(&now, &q) : CTBL_TWO_INCHES;
		if (gap < was)
			return err_set(e, NULL, 0,
				       "[MOVE (i)] %s would be %.*f\" from the enemy %s: no unit may move within 2\" of an "
				       "enemy (that is a close assault)",
				       o->u[i].id, PL_IN(gap), o->u[j].id);
	}
	return 0;
}

int ctbl_check(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
	       int i, const struct cros_pos *p, struct err *e)
{
	return check_at(t, tb, o, g, i, p, true, e);
}

int ctbl_check_close(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		     int i, const struct cros_pos *p, struct err *e)
{
	return check_at(t, tb, o, g, i, p, false, e);
}

/* ---- fire --------------------------------------------------------------------------------- */

/* The centre of stand k (front row first, left to right) of a footprint of across x deep stands. */
static struct pl_pt stand_at(const struct pl_rect *r, int across, int deep, int k)
{
	int32_t sw = r->w / across, sd = r->d / deep;
	int col = k % across, row = k / across;
	return pl_offset(r->c, r->facing, r->d / 2 - sd / 2 - row * sd, -r->w / 2 + sw / 2 + col * sw);
}

/* Whether any part of the target (corners c) lies within half degrees of the facing seen from s,
 * out to reach units: a corner inside the wedge, or one of its two edges crossing the target. */
static bool arc_meets(struct pl_pt s, int facing, int half, const struct pl_pt c[4], int32_t reach)
{
	for (int k = 0; k < 4; k++)
		if (pl_in_arc(s, facing, half, c[k]))
			return true;
	for (int side = -1; side <= 1; side += 2) {
		struct pl_pt end = pl_offset(s, facing + side * half, reach, 0);
		for (int k = 0; k < 4; k++)
			if (pl_segs_meet(s, end, c[k], c[(k + 1) % 4]))
				return true;
	}
	return false;
}

/* Every unit's footprint on the table, worked out once for the many lines of a volley. */
struct ctbl_feet {
	bool on[CROS_UNITS_MAX];
	struct pl_quad q[CROS_UNITS_MAX]; /* centre, corners, box and reach */
	int8_t turn[CROS_UNITS_MAX]; /* pl_quad_turn of the corners, worked out once for every line tried */
};

/* Unit j's footprint in ft, worked out again (after it moved). */
static void foot_of(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		    int j, struct ctbl_feet *ft)
{
	struct pl_rect r;
	if (!(ft->on[j] = live(g, j)))
		return;
	ctbl_footprint(t, tb, o, g, j, &g->s[j].pos, &r);
	pl_quad_of(&r, &ft->q[j]);
	ft->turn[j] = (int8_t)pl_quad_turn(ft->q[j].k);
}

static void feet_of(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		    struct ctbl_feet *ft)
{
	for (int j = 0; j < o->n; j++)
		foot_of(t, tb, o, g, j, ft);
}

/* Whether the segment ab's bounding box misses the box lo..hi (then it misses what is inside). */
static bool box_misses(struct pl_pt a, struct pl_pt b, struct pl_pt lo, struct pl_pt hi)
{
	return (a.x < lo.x && b.x < lo.x) || (a.x > hi.x && b.x > hi.x) || (a.y < lo.y && b.y < lo.y) ||
	       (a.y > hi.y && b.y > hi.y);
}

/* Where segments ab and cd cross (rounded to the unit), when they cross at a single point. */
static bool cross_point(struct pl_pt a, struct pl_pt b, struct pl_pt c, struct pl_pt d, struct pl_pt *p)
{
	int64_t rx = (int64_t)b.x - a.x, ry = (int64_t)b.y - a.y, sx = (int64_t)d.x - c.x, sy = (int64_t)d.y - c.y;
	int64_t den = rx * sy - ry * sx, tn;
	if (!den || !pl_segs_meet(a, b, c, d))
		return false;
	tn = ((int64_t)c.x - a.x) * sy - ((int64_t)c.y - a.y) * sx; /* t = tn / den along ab */
	p->x = a.x + (int32_t)(rx * tn / den);
	p->y = a.y + (int32_t)(ry * tn / den);
	return true;
}

/* A firer on a crest firing at a target below it [Fire (l)]: the hill, the target's corners and
 * their box grown by 6". */
struct ctbl_over {
	const struct ctbl_feature *hill;
	const struct pl_pt *c;
	struct pl_pt lo, hi;
};

/* Whether what has corners p (n, closed or not) and box lo..hi is lower than a crest firer (not
 * on its hill) and more than 6" from its target: it does not block [Fire (l)]. */
static bool fired_over(const struct ctbl_over *ov, const struct pl_pt *p, int n, bool closed, struct pl_pt lo,
		       struct pl_pt hi, struct pl_pt centre)
{
	if (!ov || pl_poly_has(ov->hill->p, ov->hill->n, centre))
		return false;
	if (hi.x < ov->lo.x || lo.x > ov->hi.x || hi.y < ov->lo.y || lo.y > ov->hi.y)
		return true;
	return !pl_shapes_near(p, n, closed, ov->c, 4, true, 6 * PL_PER_INCH);
}

/* What may stand in the way of the lines from firer f to target at: the other live units and the
 * features whose boxes meet the box of both footprints' corners (every line from a stand of the
 * firer to a point of the target lies inside that box, so nothing outside it can block one),
 * in roster and table order. */
struct ctbl_way {
	int nu, nf;
	int u[CROS_UNITS_MAX];
	int f[CTBL_FEATURES_MAX];
	/* for a crest firer, feature f[q] is lower and far from the target (fired_over): 1 yes, 0 no,
	 * -1 not yet asked (it hangs on the firer and target alone, not on the line) */
	int8_t over[CTBL_FEATURES_MAX];
};

static bool boxes_miss(struct pl_pt alo, struct pl_pt ahi, struct pl_pt blo, struct pl_pt bhi)
{
	return ahi.x < blo.x || alo.x > bhi.x || ahi.y < blo.y || alo.y > bhi.y;
}

static void way_of(const struct ctbl *tb, const struct cros_oob *o, const struct ctbl_feet *ft, int f, int at,
		   const struct pl_pt fc[4], const struct pl_pt tc[4], const struct ctbl_over *ov, struct ctbl_way *w)
{
	struct pl_pt k[8], lo, hi;
	for (int i = 0; i < 4; i++) {
		k[i] = fc[i];
		k[4 + i] = tc[i];
	}
	pl_box(k, 8, &lo, &hi);
	w->nu = w->nf = 0;
	for (int j = 0; j < o->n; j++) {
		struct pl_pt mid;
		if (j == f || j == at || !ft->on[j] || boxes_miss(ft->q[j].lo, ft->q[j].hi, lo, hi))
			continue;
		/* [Fire (l)] a unit a crest firer fires over blocks none of its lines */
		mid.x = (ft->q[j].k[0].x + ft->q[j].k[2].x) / 2;
		mid.y = (ft->q[j].k[0].y + ft->q[j].k[2].y) / 2;
		if (ov && fired_over(ov, ft->q[j].k, 4, true, ft->q[j].lo, ft->q[j].hi, mid))
			continue;
		w->u[w->nu++] = j;
	}
	for (int k2 = 0; k2 < tb->nf; k2++)
		if (!boxes_miss(tb->f[k2].lo, tb->f[k2].hi, lo, hi)) {
			w->over[w->nf] = -1;
			w->f[w->nf++] = k2;
		}
}

/* Whether unit j (on the way) stands across the line ab [Fire (j)]. Refused first when the line's
 * box misses the footprint's, or its centre lies farther from the line through a and b than any
 * corner may (|ab x ac| > reach |ab|, in squares: below 2^62 within PL_COORD_MAX); a line
 * passing beside a unit is most of those asked. */
static bool unit_blocks(const struct ctbl_feet *ft, int j, struct pl_pt a, struct pl_pt b)
{
	const struct pl_quad *q = &ft->q[j];
	if (box_misses(a, b, q->lo, q->hi))
		return false;
	const int64_t abx = (int64_t)b.x - a.x, aby = (int64_t)b.y - a.y;
	const int64_t cr = abx * ((int64_t)q->c.y - a.y) - aby * ((int64_t)q->c.x - a.x);
	if (cr * cr > q->reach * q->reach * (abx * abx + aby * aby))
		return false;
	return pl_seg_meets_convex(a, b, q->k, ft->turn[j]);
}

/* A blocker's name and why in buf, or "" when no name is wanted (buf NULL): either way not NULL,
 * the line is blocked. */
static const char *named(char *buf, size_t n, const char *name, const char *why)
{
	if (!buf)
		return "";
	snprintf(buf, n, "%s%s", name, why);
	return buf;
}

/* What blocks the line from a (on unit f) to b (on unit at), or NULL [Fire (j)-(l)]. ov: when
 * the firer stands on a crest above its target (else NULL). by (or NULL): the unit that blocks
 * it, when one does, is added to that set (what the memo's pairs hang on). */
static const char *blocker(const struct ctbl *tb, const struct cros_oob *o, const struct ctbl_feet *ft,
			   struct ctbl_way *w, int *last, struct pl_pt a, struct pl_pt b, const struct ctbl_over *ov,
			   char *buf, size_t n, uint32_t *by)
{
	/* whether the line is blocked does not hang on the order things are tried in, only which
	 * blocker is named: without a name wanted (buf NULL), the unit that blocked the last line
	 * first, as it most often blocks the next */
	if (!buf && *last >= 0 && unit_blocks(ft, w->u[*last], a, b)) {
		if (by)
			by[w->u[*last] / 32] |= 1u << (w->u[*last] % 32);
		return "";
	}
	for (int q = 0; q < w->nu; q++) {
		const int j = w->u[q];
		if (unit_blocks(ft, j, a, b)) {
			*last = q;
			if (by)
				by[j / 32] |= 1u << (j % 32);
			return named(buf, n, o->u[j].id, " stands in the way [Fire (j)]");
		}
	}
	for (int q = 0; q < w->nf; q++) {
		const struct ctbl_feature *x = &tb->f[w->f[q]];
		bool ain, bin;
		if (box_misses(a, b, x->lo, x->hi))
			continue;
		if (ov && x != ov->hill) {
			if (w->over[q] < 0)
				w->over[q] = fired_over(ov, x->p, x->n, x->closed, x->lo, x->hi, x->p[0]);
			if (w->over[q] && !pl_poly_has(x->p, x->n, a))
				continue;
		}
		if (!x->closed) {
			if (x->kind != CK_WALL)
				continue;
			for (int e = 0; e + 1 < x->n; e++)
				/* a wall blocks, except to and from units right behind it (they fire over it) */
				if (pl_segs_meet(a, b, x->p[e], x->p[e + 1]) &&
				    !pl_seg_near(a, x->p[e], x->p[e + 1], CTBL_TWO_INCHES) &&
				    !pl_seg_near(b, x->p[e], x->p[e + 1], CTBL_TWO_INCHES)) {
					return named(buf, n, x->name, " is in the way [Fire (j)]");
				}
			continue;
		}
		if (x->kind != CK_WOODS && x->kind != CK_HOUSE && x->kind != CK_TOWN && x->kind != CK_GENTLE_HILL &&
		    x->kind != CK_STEEP_HILL)
			continue;
		if (!pl_seg_meets_poly(a, b, x->p, x->n))
			continue;
		ain = pl_poly_has(x->p, x->n, a);
		bin = pl_poly_has(x->p, x->n, b);
		if (x->kind == CK_GENTLE_HILL || x->kind == CK_STEEP_HILL) {
			/* a unit on the hill sees over it; units behind it are hidden from those off it [Fire (l)] */
			if (ain || bin)
				continue;
			return named(buf, n, x->name, " is in the way [Fire (l)]");
		}
		if (x->kind == CK_WOODS) {
			/* [Fire (k)]: into or out of woods only at the edge; within them only within 6" */
			if (ain && bin && pl_d2(a, b) <= (int64_t)(6 * PL_PER_INCH) * (6 * PL_PER_INCH))
				continue;
			if (ain != bin) {
				/* at the edge: the line leaves the woods within 2" of the end inside them */
				struct pl_pt in = ain ? a : b, out = ain ? b : a;
				int64_t len2 = pl_d2(in, out);
				struct pl_pt at2 = in;
				if (len2 > (int64_t)CTBL_TWO_INCHES * CTBL_TWO_INCHES) {
					int64_t len = pl_isqrt(len2);
					at2.x = in.x + (int32_t)(((int64_t)out.x - in.x) * CTBL_TWO_INCHES / len);
					at2.y = in.y + (int32_t)(((int64_t)out.y - in.y) * CTBL_TWO_INCHES / len);
				}
				bool on_edge = false;
				for (int e2 = 0; e2 < x->n && !on_edge; e2++)
					on_edge = pl_seg_near(at2, x->p[e2], x->p[(e2 + 1) % x->n], 0);
				/* 2" inside, on the edge itself, still counts as at the edge */
				if ((!pl_poly_has(x->p, x->n, at2) || on_edge) &&
				    (on_edge || !pl_seg_meets_poly(at2, out, x->p, x->n)))
					continue;
			}
			return named(buf, n, x->name, " is in the way [Fire (k)]");
		}
		if (ain || bin)
			continue; /* units in a town or house fire out of it */
		return named(buf, n, x->name, " is in the way [Fire (j)]");
	}
	return NULL;
}

/* A wall, stream or trench across the line from the attacker to the defender, within 2" of the
 * defender: the defender is behind it [Modifiers (b)]. */
static const struct ctbl_feature *behind(const struct ctbl *tb, const struct pl_rect *dr, struct pl_pt from)
{
	struct pl_pt c[4];
	pl_rect_corners(dr, c);
	for (int k = 0; k < tb->nf; k++) {
		const struct ctbl_feature *x = &tb->f[k];
		if (x->kind != CK_WALL && x->kind != CK_STREAM && x->kind != CK_TRENCH)
			continue;
		for (int s = 0; s + 1 < x->n; s++)
			if (pl_segs_meet(from, dr->c, x->p[s], x->p[s + 1]) &&
			    pl_shapes_near(c, 4, true, &x->p[s], 2, false, CTBL_TWO_INCHES))
				return x;
	}
	return NULL;
}

/* [Fire (h)] "Double Line is two line formations within 4" of each other from axis of fire": a
 * line of the target's side, other than it, within 4" of it on the axis of fire (the line from the
 * firer's centre through the target's, carried on 4" past the target's far edge), or -1. */
static int fire_double_line(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			    const struct cros_game *g, int at, const struct pl_rect *fr, const struct pl_rect *tr)
{
	int64_t len = pl_isqrt(pl_d2(fr->c, tr->c));
	struct pl_pt end;
	if (g->s[at].pos.form != CF_LINE || len <= 0)
		return -1;
	/* past the target's centre by half its frontage or depth, whichever is more, and 4" */
	int64_t past = (tr->w > tr->d ? tr->w : tr->d) / 2 + 4 * PL_PER_INCH;
	end.x = (int32_t)(tr->c.x + (int64_t)(tr->c.x - fr->c.x) * past / len);
	end.y = (int32_t)(tr->c.y + (int64_t)(tr->c.y - fr->c.y) * past / len);
	for (int j = 0; j < o->n; j++) {
		struct pl_rect r;
		struct pl_pt c[4];
		if (j == at || !live(g, j) || o->u[j].side != o->u[at].side || g->s[j].pos.form != CF_LINE)
			continue;
		ctbl_footprint(t, tb, o, g, j, &g->s[j].pos, &r);
		if (pl_rects_gap(tr, &r) > 4 * PL_PER_INCH)
			continue;
		pl_rect_corners(&r, c);
		if (pl_seg_meets_poly(fr->c, end, c, 4))
			return j;
	}
	return -1;
}

/* [Fire (b)]: the target is in woods, a house, a town or a redoubt, or behind a wall, trench or
 * stream across the line of fire (as a defender is, behind()). */
static bool in_cover(const struct ctbl *tb, const struct pl_rect *tr, struct pl_pt from, char *why, size_t n)
{
	const struct ctbl_feature *x;
	for (int k = 0; k < tb->nf; k++) {
		x = &tb->f[k];
		if ((x->kind == CK_WOODS || x->kind == CK_HOUSE || x->kind == CK_TOWN || x->kind == CK_REDOUBT) &&
		    pl_poly_has(x->p, x->n, tr->c)) {
			snprintf(why, n, "in %s", x->name);
			return true;
		}
	}
	if ((x = behind(tb, tr, from))) {
		snprintf(why, n, "behind %s", x->name);
		return true;
	}
	return false;
}

int ctbl_weapon_of(const struct ctbl *tb, const struct cros_oob *o, int f)
{
	const struct ctbl_base *b = &tb->base[o->u[f].type];
	return b->arm == CA_ARTILLERY && o->u[f].horse && b->horse_weapon >= 0 ? b->horse_weapon : b->weapon;
}

/* Unit f's weapon's long range in units (ctbl_weapon_of), 0 when none is printed [Fire (n)]. */
static int32_t long_range(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, int f)
{
	const int w = ctbl_weapon_of(tb, o, f);
	return w >= 0 ? t->weapon[w].long_in * PL_PER_INCH : 0;
}

/* What an answer of sight() with any hangs on, besides the firer and target themselves and the
 * table's features: when a stand bears, the clear line it was found by (a to b), which stays
 * clear until some unit comes to stand across it; when none does, the units that blocked its
 * lines (by), since while they stand no unit that moves can clear one. */
struct ctbl_dep {
	bool clear;
	struct pl_pt a, b;
	uint32_t by[CROS_UNIT_WORDS];
};

/* ctbl_sight, with the live units' footprints worked out already (pre; NULL: when first needed),
 * and when any is true only as far as the first stand that bears: then s->stands +
 * s->pivot_stands > 0 says only that some stand bears, and the target class and cover are not
 * judged (the fire priority's question, asked of many enemies). dep (or NULL, and only with
 * any): what that answer hangs on. */
static int sight(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g, int f,
		 int at, struct ctbl_sight *s, struct evsink *ev, struct err *e, const struct ctbl_feet *pre, bool any,
		 struct ctbl_dep *dep)
{
	struct pl_rect fr, tr;
	struct pl_pt tc[4], aim[9];
	const struct ctbl_base *b = &tb->base[o->u[f].type];
	const struct cros_pos *tp = &g->s[at].pos;
	int across, deep, ns, seen = 0, pivot = 0, lng;
	char buf[128], why[128];
	int32_t reach;
	struct ctbl_feet own;
	const struct ctbl_feet *ft = pre;
	struct ctbl_way way = {.nu = 0, .nf = 0};
	int last = -1; /* on the way: the unit that blocked the last line, or -1 */
	bool have_way = false; /* what may block, worked out when a stand first needs a line */
	const struct ctbl_feature *crest = NULL;
	struct ctbl_over ov;

	memset(s, 0, sizeof *s);
	if (dep)
		memset(dep, 0, sizeof *dep);
	if (f == at)
		return err_set(e, NULL, 0, "a unit does not fire at itself");
	if (!live(g, f) || !live(g, at))
		return err_set(e, NULL, 0, "%s is not on the table", live(g, f) ? o->u[at].id : o->u[f].id);
	if (o->u[f].side == o->u[at].side)
		return err_set(e, NULL, 0, "%s and %s are on the same side", o->u[f].id, o->u[at].id);
	if (g->s[f].pos.form == CF_LIMBERED)
		return err_set(e, NULL, 0, "[Side A Turn (a)] %s is limbered: it must unlimber (an action) before it fires",
			       o->u[f].id);
	ctbl_footprint(t, tb, o, g, f, &g->s[f].pos, &fr);
	ctbl_footprint(t, tb, o, g, at, tp, &tr);
	s->weapon = ctbl_weapon_of(tb, o, f);
	s->gap = pl_rects_gap(&fr, &tr);
	s->inches = (s->gap + PL_PER_INCH - 1) / PL_PER_INCH;
	lng = t->weapon[s->weapon].long_in;
	s->band = !lng ? -1 : s->gap <= lng * PL_PER_INCH / 2 ? 0 : s->gap <= lng * PL_PER_INCH ? 1 : 2;
	if (s->band == -1)
		ev_emit(ev, "[Fire (n)]", "%s's weapon (%s) has no printed range", o->u[f].id, t->weapon[s->weapon].key);
	else
		ev_emit(ev, "[Fire (n)]", "%s (%s) to %s: %.*f\" (%d\"), %s (long range %d\")", o->u[f].id,
			t->weapon[s->weapon].key, o->u[at].id, PL_IN(s->gap), s->inches,
			s->band == 0 ? "short range" : s->band == 1 ? "long range" : "out of range", lng);

	/* the target class: a line or deployed guns; a column, double line or limbered guns; a
	 * square, or a line taken from its flank [Fire Chart] */
	s->target = tp->form == CF_SQUARE ? CT_ENFILADE
		    : (tp->form == CF_LINE || tp->form == CF_UNLIMBERED) ? CT_LINE
									: CT_COLUMN;
	if (s->target == CT_LINE) {
		/* the flank: the firer's centre beside the line's frontage, and outside the 45-degree front
		 * and rear arcs of its nearer end */
		int64_t lat;
		pl_local(tr.c, tp->facing, fr.c, NULL, &lat);
		if (lat > tr.w / 2 || -lat > tr.w / 2) {
			struct pl_pt end = pl_offset(tr.c, tp->facing, 0, lat > 0 ? tr.w / 2 : -(tr.w / 2));
			if (!pl_in_arc(end, tp->facing, 45, fr.c) && !pl_in_arc(end, tp->facing + 180, 45, fr.c)) {
				s->target = CT_ENFILADE;
				ev_emit(ev, "[Fire Chart]", "%s fires from %s's flank: an enfiladed line", o->u[f].id,
					o->u[at].id);
			}
		}
	}
	if (s->target == CT_LINE && !any) {
		int dl = fire_double_line(t, tb, o, g, at, &fr, &tr);
		if (dl >= 0) {
			s->target = CT_COLUMN;
			ev_emit(ev, "[Fire (h)]", "%s and %s are two lines within 4\" of each other on the axis of fire: a double "
				"line", o->u[at].id, o->u[dl].id);
		}
	}
	s->cover = !any && in_cover(tb, &tr, fr.c, why, sizeof why);
	if (s->cover)
		ev_emit(ev, "[Fire (b)]", "%s is %s: in cover", o->u[at].id, why);

	/* each stand: the target in its arc (45 either side [Fire (i)]; 75 with a pivot [Fire (g)]) and
	 * a clear line to some point of it (its corners, edge middles or centre) */
	pl_rect_corners(&tr, tc);
	for (int k = 0; k < 4; k++) {
		aim[k] = tc[k];
		aim[4 + k].x = (tc[k].x + tc[(k + 1) % 4].x) / 2;
		aim[4 + k].y = (tc[k].y + tc[(k + 1) % 4].y) / 2;
	}
	aim[8] = tr.c;
	ns = stands_of(t, tb, o, g, f);
	grid(g->s[f].pos.form, ns, &across, &deep);
	/* [Fire (l)]: a firer on a hill's crest, its target off that hill, fires over lower units */
	for (int k = 0; k < tb->nf && !crest; k++)
		if ((tb->f[k].kind == CK_GENTLE_HILL || tb->f[k].kind == CK_STEEP_HILL) &&
		    pl_poly_has(tb->f[k].p, tb->f[k].n, fr.c) && !pl_poly_has(tb->f[k].p, tb->f[k].n, tr.c))
			crest = &tb->f[k];
	if (crest) {
		ov.hill = crest;
		ov.c = tc; /* the target's corners, above */
		pl_box(tc, 4, &ov.lo, &ov.hi);
		ov.lo.x -= 6 * PL_PER_INCH;
		ov.lo.y -= 6 * PL_PER_INCH;
		ov.hi.x += 6 * PL_PER_INCH;
		ov.hi.y += 6 * PL_PER_INCH;
	}
	if (crest)
		ev_emit(ev, "[Fire (l)]", "%s fires from a crest: only what stands within 6\" of %s blocks its fire",
			o->u[f].id, o->u[at].id);
	reach = (lng ? lng : 10) * PL_PER_INCH + fr.d + tr.w + tr.d;
	buf[0] = '\0';
	s->blocked[0] = '\0';
	/* a square faces every way: the stands of the face toward the target fire, from its centre */
	for (int k = 0; k < (g->s[f].pos.form == CF_SQUARE ? 1 : ns); k++) {
		bool sq = g->s[f].pos.form == CF_SQUARE;
		struct pl_pt sp = sq ? fr.c : stand_at(&fr, across, deep, k);
		bool in45 = sq || arc_meets(sp, fr.facing, 45, tc, reach);
		bool in75 = in45 || arc_meets(sp, fr.facing, 75, tc, reach);
		bool clear = false;
		if (!in75)
			continue;
		if (!have_way) {
			struct pl_pt fc[4];
			if (!ft) {
				feet_of(t, tb, o, g, &own);
				ft = &own;
			}
			pl_rect_corners(&fr, fc);
			way_of(tb, o, ft, f, at, fc, tc, crest ? &ov : NULL, &way);
			have_way = true;
		}
		/* lines only to points of the target inside the stand's arc: the nine aim points within
		 * it, and where the arc's edges cross the target's edges; within 45 degrees first, then
		 * (a pivot) within 75 */
		for (int pass = in45 ? 0 : 1; pass < 2 && !clear; pass++) {
			struct pl_pt pts[9 + 8];
			int np = 0, half = sq ? 180 : pass == 0 ? 45 : 75;
			if (pass == 1 && sq)
				break;
			for (int a = 0; a < 9; a++)
				if (sq || pl_in_arc(sp, fr.facing, half, aim[a]))
					pts[np++] = aim[a];
			for (int side = -1; !sq && side <= 1; side += 2) {
				struct pl_pt end = pl_offset(sp, fr.facing + side * half, reach, 0);
				for (int c = 0; c < 4; c++)
					if (cross_point(sp, end, tc[c], tc[(c + 1) % 4], &pts[np]))
						np++;
			}
			for (int a = 0; a < np && !clear; a++) {
				/* the first blocked line's reason is told; the rest need only a yes or no */
				const bool tell = !any && !s->blocked[0];
				const char *why_not = blocker(tb, o, ft, &way, &last, sp, pts[a], crest ? &ov : NULL,
							      tell ? buf : NULL, sizeof buf, dep ? dep->by : NULL);
				if (!why_not) {
					clear = true;
					if (dep) {
						dep->clear = true;
						dep->a = sp;
						dep->b = pts[a];
					}
				}
				else if (!s->blocked[0] && why_not[0]) /* ("" when no name was wanted) */
					snprintf(s->blocked, sizeof s->blocked, "%s", why_not);
			}
			if (clear && pass == 1)
				in45 = false; /* seen only with a pivot */
		}
		if (!clear)
			continue;
		if (in45)
			seen += g->s[f].pos.form == CF_SQUARE ? (ns + 3) / 4 : 1;
		else
			pivot++;
		if (any)
			break; /* one stand bears: enough for the question asked */
	}
	if (b->arm == CA_ARTILLERY) {
		/* a battery throws a die a gunner [Fire (a)]: the gunners of the guns that bear */
		int fig = g->s[f].figures;
		s->stands = (fig * seen + ns - 1) / ns;
		s->pivot_stands = (fig * (seen + pivot) + ns - 1) / ns - s->stands;
	} else {
		s->stands = seen;
		s->pivot_stands = pivot;
	}
	if (seen || pivot) {
		s->blocked[0] = '\0';
		ev_emit(ev, "[Fire (i)]", "%d %s of %s bear on %s within 45 degrees%s", s->stands,
			b->arm == CA_ARTILLERY ? "gunners" : "stands", o->u[f].id, o->u[at].id, "");
		if (pivot)
			ev_emit(ev, "[Fire (g)]", "%d more would bear by pivoting up to 30 degrees, at -1", s->pivot_stands);
	} else {
		ev_emit(ev, "[Fire (i)]", "no stand of %s can fire at %s%s%s", o->u[f].id, o->u[at].id, s->blocked[0] ? ": " : "",
			s->blocked[0] ? s->blocked : " (outside every stand's arc)");
	}
	return 0;
}

int ctbl_sight(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
	       int f, int at, struct ctbl_sight *s, struct evsink *ev, struct err *e)
{
	return sight(t, tb, o, g, f, at, s, ev, e, NULL, false, NULL);
}

const char *const ctbl_prio_name[CF_NEAREST + 1] = {
	"", "charging it", "firing at it", "advancing on it", "the nearest enemy",
};

/* ctbl_prio_rank, with the gap between f and j now (ctbl_gap) known already (gap >= 0) or not (-1). */
static int prio_rank(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		     int f, int j, int32_t gap)
{
	const struct cros_state *s = &g->s[j];
	if (s->charged == f && s->charged_turn == g->turn)
		return CF_CHARGING;
	if (s->fired == f && s->fired_turn && s->fired_turn >= g->turn - 1)
		return CF_FIRING;
	if (s->from_turn == g->turn && s->from.on && g->s[f].pos.on && s->pos.on) {
		struct pl_rect a, was;
		ctbl_footprint(t, tb, o, g, f, &g->s[f].pos, &a);
		ctbl_footprint(t, tb, o, g, j, &s->from, &was);
		if ((gap >= 0 ? gap : ctbl_gap(t, tb, o, g, f, j)) < pl_rects_gap(&a, &was))
			return CF_ADVANCING;
	}
	return CF_NEAREST;
}

int ctbl_prio_rank(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		   int f, int j)
{
	return prio_rank(t, tb, o, g, f, j, -1);
}

int ctbl_fire_priority(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		       int f, int *rank, int32_t *gap)
{
	return ctbl_fire_priority_skip(t, tb, o, g, f, NULL, rank, gap);
}

/* The inputs of a fire priority and its sight, unit by unit (KEY_PER a unit), and the turn. */
#define KEY_PER 16
#define KEY_MAX (CROS_UNITS_MAX * KEY_PER + 2)

/* Whether a stand of one unit bears on another (sight() with any), kept with what that hangs
 * on (struct ctbl_dep): PAIR_BEARS and the clear line, or PAIR_HIDDEN and the units that blocked
 * (none: out of range, or no sight at all, which hang on the two units alone). */
enum { PAIR_UNKNOWN, PAIR_BEARS, PAIR_HIDDEN };
struct ctbl_pair {
	uint8_t state;
	bool gap_known; /* gap: the gap between the two footprints, while neither unit changes */
	int32_t gap;
	struct pl_pt a, b;
	uint32_t by[CROS_UNIT_WORDS];
};

struct ctbl_memo {
	int nkey; /* 0: nothing remembered */
	int32_t key[KEY_MAX];
	bool known[CROS_UNITS_MAX];
	uint32_t skip[CROS_UNITS_MAX][CROS_UNIT_WORDS];
	int target[CROS_UNITS_MAX];
	struct ctbl_sight sight[CROS_UNITS_MAX];
	/* firer by target: the fire priority's lines of sight, which outlive most changes to the
	 * table (a unit that moves upsets only the lines it may cross or the blocks it made) */
	struct ctbl_pair pair[CROS_UNITS_MAX][CROS_UNITS_MAX];
};

/* The enemies unit f might fire at, with their rank and gap, in the order the priority takes
 * them: by rank, then gap, then roster order (the first of equals wins). */
struct prio_cand {
	int j, rank;
	int32_t gap;
};

static int prio_cmp(const void *pa, const void *pb)
{
	const struct prio_cand *a = pa, *b = pb;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if (a->gap != b->gap)
		return a->gap < b->gap ? -1 : 1;
	return (a->j > b->j) - (a->j < b->j);
}

/* Whether a stand of f bears on j within range (the fire priority's question): the memo's pair
 * while it holds (m NULL: worked out), with the footprints worked out once a priority (*have). */
static bool bears(struct ctbl_memo *m, const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
		  const struct cros_game *g, int f, int j, struct ctbl_feet *ft, bool *have)
{
	struct ctbl_pair *p = m ? &m->pair[f][j] : NULL;
	struct ctbl_sight s;
	struct ctbl_dep dep;
	struct err e;
	bool yes;
	if (p && p->state != PAIR_UNKNOWN) {
#ifdef CTBL_MEMO_VERIFY /* a check build: every pair kept must be the one worked out again */
		if (bears(NULL, t, tb, o, g, f, j, ft, have) != (p->state == PAIR_BEARS))
			abort();
#endif
		return p->state == PAIR_BEARS;
	}
	if (!*have) {
		feet_of(t, tb, o, g, ft); /* once for every line of sight asked in a priority */
		*have = true;
	}
	yes = sight(t, tb, o, g, f, j, &s, NULL, &e, ft, true, &dep) == 0 && s.band != 2 && s.stands + s.pivot_stands > 0;
	if (p) {
		/* bears: the clear line; hidden with a clear line (out of range), or without a stand in
		 * its arc, or no sight at all: the two units alone; else the units that blocked */
		p->state = yes ? PAIR_BEARS : PAIR_HIDDEN;
		p->a = dep.a;
		p->b = dep.b;
		if (dep.clear)
			memset(p->by, 0, sizeof p->by);
		else
			memcpy(p->by, dep.by, sizeof p->by);
	}
	return yes;
}

/* ctbl_fire_priority_skip, its lines of sight kept in m (or NULL). */
static int priority(struct ctbl_memo *m, const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
		    const struct cros_game *g, int f, const uint32_t *skip, int *rank, int32_t *gap)
{
	struct prio_cand c[CROS_UNITS_MAX];
	struct ctbl_feet ft;
	bool have = false;
	struct pl_rect fr;
	int n = 0;
	*rank = CF_NEAREST + 1;
	*gap = 0;
	if (!live(g, f))
		return -1;
	/* the rank and gap first (cheap), then the lines of sight (dear) in priority order: the first
	 * enemy some stand sees is the one the priority names, so the rest need no sight */
	ctbl_footprint(t, tb, o, g, f, &g->s[f].pos, &fr);
	const int64_t lng = long_range(t, tb, o, f);
	for (int j = 0; j < o->n; j++) {
		struct pl_rect tr;
		int64_t dx, dy, far;
		if (o->u[j].side == o->u[f].side || !live(g, j) || (skip && (skip[j / 32] >> (j % 32) & 1u)))
			continue;
		ctbl_footprint(t, tb, o, g, j, &g->s[j].pos, &tr);
		/* beyond range (band 2, as ctbl_sight measures it): the centres farther apart than the
		 * range and both footprints' extents, or the gap more than the range; no printed range,
		 * never */
		dx = fr.c.x - tr.c.x;
		dy = fr.c.y - tr.c.y;
		far = lng + fr.w + fr.d + tr.w + tr.d;
		if (lng && dx * dx + dy * dy > far * far)
			continue;
		/* as ctbl_sight measures it (kept while neither unit changes) */
		if (m && m->pair[f][j].gap_known) {
			c[n].gap = m->pair[f][j].gap;
		} else {
			c[n].gap = pl_rects_gap(&fr, &tr);
			if (m) {
				m->pair[f][j].gap = c[n].gap;
				m->pair[f][j].gap_known = true;
			}
		}
		if (lng && c[n].gap > lng)
			continue;
		c[n].j = j;
		c[n].rank = prio_rank(t, tb, o, g, f, j, c[n].gap);
		n++;
	}
	if (!n)
		return -1;
	qsort(c, (size_t)n, sizeof c[0], prio_cmp);
	for (int k = 0; k < n; k++) {
		if (!bears(m, t, tb, o, g, f, c[k].j, &ft, &have))
			continue;
		*rank = c[k].rank;
		*gap = c[k].gap; /* (the gap sight measures) */
		return c[k].j;
	}
	return -1;
}

int ctbl_fire_priority_skip(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			    const struct cros_game *g, int f, const uint32_t *skip, int *rank, int32_t *gap)
{
	return priority(NULL, t, tb, o, g, f, skip, rank, gap);
}

struct ctbl_memo *ctbl_memo_new(void)
{
	return calloc(1, sizeof(struct ctbl_memo));
}

void ctbl_memo_free(struct ctbl_memo *m)
{
	free(m);
}

static int put_pos(int32_t *k, const struct cros_pos *p)
{
	k[0] = p->on;
	k[1] = p->c.x;
	k[2] = p->c.y;
	k[3] = p->facing;
	k[4] = p->form;
	return 5;
}

/* The key of g: what ctbl_fire_priority_skip and ctbl_sight read of the game besides the
 * scenario (each unit's figures and place for the footprints and lines, and what ctbl_prio_rank
 * ranks by), into k; returns its length. */
static int memo_key(const struct cros_oob *o, const struct cros_game *g, int32_t *k)
{
	int n = 0;
	k[n++] = o->n;
	k[n++] = g->turn;
	for (int i = 0; i < o->n; i++) {
		const struct cros_state *u = &g->s[i];
		int32_t *q = k + n;
		int m = 0;
		q[m++] = u->figures;
		m += put_pos(q + m, &u->pos);
		q[m++] = u->charged;
		q[m++] = u->charged_turn;
		q[m++] = u->fired;
		q[m++] = u->fired_turn;
		m += put_pos(q + m, &u->from);
		q[m++] = u->from_turn;
		n += m;
	}
	return n;
}

int64_t ctbl_reach_as(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, int i, int figures,
		      int form)
{
	const struct ctbl_base *b = &tb->base[o->u[i].type];
	struct pl_rect r = {{0, 0}, 0, 0, 0};
	int across, deep;
	grid(form, stands_with(t, tb, o, i, figures), &across, &deep);
	r.w = across * b->w;
	r.d = deep * b->d;
	return pl_rect_reach(&r);
}

void ctbl_change_add(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, struct ctbl_change *c,
		     int u, const struct cros_pos *was, int was_figures, const struct cros_pos *now, int now_figures)
{
	const int k = c->n++;
	c->u[k] = u;
	c->nat[k] = 0;
	c->reach[k] = 0;
	if (was->on && was_figures > 0) {
		c->at[k][c->nat[k]++] = was->c;
		c->reach[k] = ctbl_reach_as(t, tb, o, u, was_figures, was->form);
	}
	if (now->on && now_figures > 0) {
		const int64_t r = ctbl_reach_as(t, tb, o, u, now_figures, now->form);
		c->at[k][c->nat[k]++] = now->c;
		c->reach[k] = r > c->reach[k] ? r : c->reach[k];
	}
}

bool ctbl_change_within(const struct ctbl_change *c, int k, struct pl_pt p, int64_t far)
{
	for (int a = 0; a < c->nat[k]; a++)
		if (pl_d2(p, c->at[k][a]) <= far * far)
			return true;
	return false;
}

/* The memo's pairs (whether a stand of one unit bears on another) that a change to unit u's
 * figures or place may alter, forgotten: u's own, as firer and as target (their gaps too); a
 * hidden pair u blocked a line of; and, where u stands now, a pair whose clear line its box
 * meets (it may stand across it). The other changes (charges, fire, the turn) touch the
 * priority's ranks, never a line. */
static void forget_pairs(struct ctbl_memo *m, const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			 const struct cros_game *g, int u)
{
	const uint32_t bit = 1u << (u % 32);
	const bool on = live(g, u);
	struct pl_quad q;
	if (on) {
		struct pl_rect r;
		ctbl_footprint(t, tb, o, g, u, &g->s[u].pos, &r);
		pl_quad_of(&r, &q);
	}
	for (int v = 0; v < o->n; v++) {
		m->pair[u][v].state = m->pair[v][u].state = PAIR_UNKNOWN;
		m->pair[u][v].gap_known = m->pair[v][u].gap_known = false;
	}
	for (int f = 0; f < o->n; f++) {
		struct ctbl_pair *p = m->pair[f];
		for (int j = 0; j < o->n; j++)
			if ((p[j].state == PAIR_HIDDEN && (p[j].by[u / 32] & bit)) ||
			    (p[j].state == PAIR_BEARS && on && !box_misses(p[j].a, p[j].b, q.lo, q.hi)))
				p[j].state = PAIR_UNKNOWN;
	}
}

/* The memo's answers that the change from the position it keeps (m->key) to g (key, nk long)
 * may alter, forgotten; the rest still hold. What firer f's answer reads of other units: the
 * enemies within its long range (candidates, and their priority ranks: each one's own state),
 * and the units that may stand across a line from one of its stands to a point of a candidate,
 * or within 6" of one (a double line [Fire (h)], what a crest firer fires over [Fire (l)]).
 * Every such line lies within lng + rf + 2 * rmax of f's centre (rf f's reach, rmax the
 * largest unit's, lng the range: a candidate's footprint comes within lng of f's), so a unit
 * whose centre stood and stands farther from f than that, its own reach and 6" cannot change
 * f's answer. Forgotten: every answer when the turn or roster size changed (the ranks count
 * turns), a changed unit's own, one without a printed range (no such bound), and one within
 * that distance of a changed unit where it stood or stands (live). */
static void memo_forget(struct ctbl_memo *m, const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			const struct cros_game *g, const int32_t *key, int nk)
{
	struct ctbl_change ch = {.n = 0};
	bool changed[CROS_UNITS_MAX] = {false};
	int64_t rmax = 0;
	if (nk != m->nkey || key[0] != m->key[0]) {
		memset(m->known, 0, sizeof m->known);
		memset(m->pair, 0, sizeof m->pair);
		return;
	}
	for (int u = 0; u < o->n; u++) {
		const int32_t *was = m->key + 2 + u * KEY_PER, *now = key + 2 + u * KEY_PER;
		if (live(g, u)) {
			const int64_t r = ctbl_reach_as(t, tb, o, u, g->s[u].figures, g->s[u].pos.form);
			rmax = r > rmax ? r : rmax;
		}
		if (!memcmp(was, now, KEY_PER * sizeof *was))
			continue;
		/* (put_pos's order in memo_key: figures, then on, x, y, facing, form: the footprint) */
		if (memcmp(was, now, 6 * sizeof *was))
			forget_pairs(m, t, tb, o, g, u);
		const struct cros_pos at = {was[1] != 0, {was[2], was[3]}, was[4], was[5]};
		ctbl_change_add(t, tb, o, &ch, u, &at, was[0], &g->s[u].pos, g->s[u].figures);
		rmax = ch.reach[ch.n - 1] > rmax ? ch.reach[ch.n - 1] : rmax;
		changed[u] = true;
	}
	if (key[1] != m->key[1]) { /* a new turn: the ranks count turns */
		memset(m->known, 0, sizeof m->known);
		return;
	}
	for (int f = 0; f < o->n; f++) {
		if (!m->known[f])
			continue;
		const int64_t lng = long_range(t, tb, o, f);
		bool keep = lng > 0 && live(g, f) && !changed[f];
		const int64_t rf = keep ? ctbl_reach_as(t, tb, o, f, g->s[f].figures, g->s[f].pos.form) : 0;
		for (int k = 0; k < ch.n && keep; k++)
			keep = !ctbl_change_within(&ch, k, g->s[f].pos.c, lng + rf + 2 * rmax + ch.reach[k] + 6 * PL_PER_INCH + 2);
		m->known[f] = keep;
	}
}

int ctbl_fire_target(struct ctbl_memo *m, const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
		     const struct cros_game *g, int f, const uint32_t *skip, struct ctbl_sight *s)
{
	int32_t key[KEY_MAX];
	uint32_t sk[CROS_UNIT_WORDS] = {0};
	int rank, j, nk;
	int32_t gap;
	struct err e;
	if (skip)
		memcpy(sk, skip, sizeof sk);
	if (m) {
		nk = memo_key(o, g, key);
		if (nk != m->nkey || memcmp(key, m->key, (size_t)nk * sizeof key[0])) {
			memo_forget(m, t, tb, o, g, key, nk);
			memcpy(m->key, key, (size_t)nk * sizeof key[0]);
			m->nkey = nk;
		}
		if (m->known[f] && !memcmp(m->skip[f], sk, sizeof sk)) {
#ifdef CTBL_MEMO_VERIFY /* a check build: every answer kept must be the one worked out again */
			struct ctbl_sight s2;
			int j2 = ctbl_fire_target(NULL, t, tb, o, g, f, skip, &s2);
			if (j2 != m->target[f] || (j2 >= 0 && memcmp(&s2, &m->sight[f], sizeof s2)))
				abort();
#endif
			*s = m->sight[f];
			return m->target[f];
		}
	}
	if ((j = priority(m, t, tb, o, g, f, skip, &rank, &gap)) >= 0 && ctbl_sight(t, tb, o, g, f, j, s, NULL, &e) != 0)
		j = -1;
	if (m) {
		m->known[f] = true;
		memcpy(m->skip[f], sk, sizeof sk);
		m->target[f] = j;
		if (j >= 0)
			m->sight[f] = *s;
	}
	return j;
}

/* ---- command ------------------------------------------------------------------------------ */

/* The gap from point p to unit j's footprint. */
static int32_t point_gap(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
			 int j, struct pl_pt p)
{
	struct pl_rect r;
	struct pl_pt c[4];
	ctbl_footprint(t, tb, o, g, j, &g->s[j].pos, &r);
	pl_rect_corners(&r, c);
	return pl_shapes_gap(c, 4, true, &p, 1, false);
}

int32_t ctbl_cmdr_gap(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      int i)
{
	const struct cros_pos *c = &g->cmdr[o->u[i].commander];
	if (!live(g, i) || !c->on)
		return -1;
	return point_gap(t, tb, o, g, i, c->c);
}

int ctbl_command(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, struct cros_game *g,
		 struct evsink *ev)
{
	int drawn = 0, in = 0;
	for (int i = 0; i < o->n; i++) {
		int32_t gap = ctbl_cmdr_gap(t, tb, o, g, i);
		if (gap < 0 || !t->unit[o->u[i].type].radius)
			continue;
		/* a portion of the unit within the radius: the nearest point, in whole inches up */
		if (cref_command(t, o->u[i].type, (gap + PL_PER_INCH - 1) / PL_PER_INCH, g->s[i].routing, NULL)) {
			ev_emit(ev, "[BRIGADE COMMANDERS]", "%s is %.*f\" from %s, beyond %d\"", o->u[i].id,
				PL_IN(gap), o->cmdr[o->u[i].commander], t->unit[o->u[i].type].radius);
			cros_mark(t, o, g, i, 1, "outside its brigade commander's radius [MORALE (a) 8]", ev);
			drawn++;
		} else if (!g->s[i].routing) {
			in++;
		}
	}
	ev_emit(ev, "[BRIGADE COMMANDERS]", "%d unit%s on the table within their brigade commander's radius, %d beyond",
		in, in == 1 ? "" : "s", drawn);
	return drawn;
}

/* How many of the units mine[n] have their centres within their radius of p. */
static int cmdr_covers(const struct ctab *t, const struct cros_oob *o, const struct cros_game *g, const int *mine, int n,
		       struct pl_pt p)
{
	int c = 0;
	for (int m = 0; m < n; m++) {
		const int64_t r = (int64_t)t->unit[o->u[mine[m]].type].radius * PL_PER_INCH;
		c += pl_d2(p, g->s[mine[m]].pos.c) <= r * r;
	}
	return c;
}

bool ctbl_cmdr_middle(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      int k, struct pl_pt *out)
{
	int mine[CROS_UNITS_MAX], n = 0;
	int64_t x = 0, y = 0;
	(void)tb;
	for (int i = 0; i < o->n; i++)
		if (o->u[i].commander == k && live(g, i) && !g->s[i].routing && t->unit[o->u[i].type].radius) {
			mine[n++] = i;
			x += g->s[i].pos.c.x;
			y += g->s[i].pos.c.y;
		}
	if (!n)
		return false;
	/* from their mean, a step toward the farthest, shorter each time (Badoiu and Clarkson):
	 * near the centre of the smallest circle round their centres, where the farthest of his
	 * units is nearest him */
	x /= n;
	y /= n;
	for (int step = 1; step <= CTBL_MIDDLE_STEPS; step++) {
		int64_t far = -1;
		struct pl_pt f = {0, 0};
		for (int m = 0; m < n; m++) {
			const int64_t d = pl_d2((struct pl_pt){(int32_t)x, (int32_t)y}, g->s[mine[m]].pos.c);
			if (d > far) {
				far = d;
				f = g->s[mine[m]].pos.c;
			}
		}
		x += (f.x - x) / (step + 1);
		y += (f.y - y) / (step + 1);
	}
	/* where his radius holds more of them than there (a brigade spread wider than his radius):
	 * the centre of the unit with the most of them within his radius of it */
	struct pl_pt best = {(int32_t)x, (int32_t)y};
	int most = cmdr_covers(t, o, g, mine, n, best);
	for (int m = 0; m < n; m++) {
		const int c = cmdr_covers(t, o, g, mine, n, g->s[mine[m]].pos.c);
		if (c > most) {
			most = c;
			best = g->s[mine[m]].pos.c;
		}
	}
	*out = best;
	return true;
}

int ctbl_cmdr_path(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		   int k, struct pl_pt to, struct err *e)
{
	const struct pl_pt from = g->cmdr[k].c;
	const int side = cros_cmdr_side(o, k);
	const int64_t len = pl_isqrt(pl_d2(from, to));
	const int steps = (int)(len / (PL_PER_INCH / 2)) + 1;
	if (!g->cmdr[k].on)
		return err_set(e, NULL, 0, "%s is not on the table", o->cmdr[k]);
	if (to.x < 0 || to.y < 0 || to.x > tb->width || to.y > tb->depth)
		return err_set(e, NULL, 0, "(%.*f, %.*f) is off the table", PL_IN(to.x), PL_IN(to.y));
	for (int j = 0; j < o->n; j++) {
		if (o->u[j].side == side || !live(g, j))
			continue;
		/* [MOVE (i)] checked every half inch, as a unit's path is */
		const int32_t start = point_gap(t, tb, o, g, j, from);
		const int32_t floor = start < CTBL_TWO_INCHES ? start : CTBL_TWO_INCHES;
		for (int s = 1; s <= steps; s++) {
			struct pl_pt p = {(int32_t)(from.x + (to.x - from.x) * (int64_t)s / steps),
					  (int32_t)(from.y + (to.y - from.y) * (int64_t)s / steps)};
			const int32_t gap = point_gap(t, tb, o, g, j, p);
			if (gap < floor)
				return err_set(e, NULL, 0, "[MOVE (i)] %s would come within %.*f\" of %s at (%.*f, %.*f): no closer "
					       "than 2\"", o->cmdr[k], PL_IN(gap), o->u[j].id, PL_IN(p.x), PL_IN(p.y));
		}
	}
	return 0;
}

/* ---- movement ----------------------------------------------------------------------------- */

static int64_t road_near(const struct ctbl_feature *x, struct pl_pt p, int *seg, struct pl_pt *at);

static int move_row(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, int i)
{
	int arm = tb->base[o->u[i].type].arm;
	const char *key = arm == CA_INFANTRY ? "infantry" : arm == CA_CAVALRY ? "cavalry"
						     : o->u[i].horse	? "horse-guns"
									: "foot-guns";
	return ctab_move(t, key);
}

/* The MOVE Chart's terrain class of a feature the path meets (-1: none). */
static int terrain_class(int kind)
{
	switch (kind) {
	case CK_GENTLE_HILL:
		return CT_GENTLE;
	case CK_STEEP_HILL:
	case CK_WOODS:
	case CK_STREAM:
		return CT_STEEP;
	case CK_WALL:
	case CK_TRENCH:
	case CK_REDOUBT:
		return CT_WALLS;
	default:
		return -1;
	}
}

/* The length from a to b, units, rounded up. */
static int32_t leg_len(struct pl_pt a, struct pl_pt b)
{
	int64_t d2 = pl_d2(a, b);
	int32_t d = (int32_t)pl_isqrt(d2);
	return (int64_t)d * d < d2 ? d + 1 : d; /* rounded up */
}

/* The other units' footprints into fp, and each enemy's limit (2", or less for one already
 * closer to unit i where it stands at from) into limit: worked out once for every step of a move. */
static void others(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		   int i, const struct cros_pos *from, struct pl_rect *fp, int32_t *limit)
{
	struct pl_rect r0;
	ctbl_footprint(t, tb, o, g, i, from, &r0);
	for (int j = 0; j < o->n; j++) {
		if (j == i || !live(g, j))
			continue;
		ctbl_footprint(t, tb, o, g, j, &g->s[j].pos, &fp[j]);
		if (o->u[j].side != o->u[i].side) {
			int32_t was = pl_rects_near(&r0, &fp[j], CTBL_TWO_INCHES - 1) ? pl_rects_gap(&r0, &fp[j])
										      : CTBL_TWO_INCHES;
			limit[j] = was < CTBL_TWO_INCHES ? was : CTBL_TWO_INCHES;
		}
	}
}

/* Steps unit i from a to b every half inch, facing facing, in p's formation: passing through a
 * friend sets mv->m.interpen [MOVE (b)]; coming within an enemy's limit refuses [MOVE (i)]. */
static int walk(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		int i, const struct cros_pos *p, struct pl_pt a, struct pl_pt b, int facing, const struct pl_rect *fp,
		const int32_t *limit, struct ctbl_move *mv, struct evsink *ev, struct err *e)
{
	int steps = leg_len(a, b) / (PL_PER_INCH / 2) + 1; /* every half inch */
	struct pl_rect r;
	struct pl_quad rq, fq[CROS_UNITS_MAX]; /* r prepared (the same footprint at every step, moved
						* along), and the footprints it may come near */
	bool may[CROS_UNITS_MAX];
	int nmay = 0;
	{
		/* the units the path may come near: each step's footprint is centred on the line a-b
		 * (to within a unit's rounding), its size the same, and pl_rects_near refuses a pair
		 * whose centres lie farther apart than their reaches and the gap; a unit farther from
		 * the line than that is passed over at every step (the rulings are the same) */
		struct cros_pos q = *p;
		q.c = a;
		q.facing = facing;
		ctbl_footprint(t, tb, o, g, i, &q, &r);
		pl_quad_of(&r, &rq);
		const int64_t reach = rq.reach + 2;
		for (int j = 0; j < o->n; j++) {
			const bool friend = o->u[j].side == o->u[i].side;
			may[j] = j != i && live(g, j) && (friend || limit[j] > 0);
			if (may[j]) {
				const int64_t far = reach + pl_rect_reach(&fp[j]) + (friend ? 0 : limit[j] - 1);
				may[j] = pl_seg_near(fp[j].c, a, b, (int32_t)far);
				nmay += may[j];
				if (may[j])
					pl_quad_of(&fp[j], &fq[j]);
			}
		}
	}
	for (int k = 0; k <= steps && nmay; k++) {
		struct pl_pt c;
		c.x = a.x + (int32_t)(((int64_t)b.x - a.x) * k / steps);
		c.y = a.y + (int32_t)(((int64_t)b.y - a.y) * k / steps);
		r.c = c;
		pl_quad_move(&rq, c);
		for (int j = 0; j < o->n; j++) {
			if (!may[j])
				continue;
			if (o->u[j].side == o->u[i].side) {
				if (!mv->m.interpen && pl_quads_near(&rq, &fq[j], 0)) {
					mv->m.interpen = true;
					ev_emit(ev, "[MOVE (b)]", "%s passes through %s: minus the low die", o->u[i].id,
						o->u[j].id);
				}
			} else if (limit[j] > 0 && pl_quads_near(&rq, &fq[j], limit[j] - 1)) {
				return err_set(e, NULL, 0, "[MOVE (i)] on the way %s would come %.*f\" from the enemy %s: no "
					       "unit may move within 2\" of an enemy (that is a close assault)",
					       o->u[i].id, PL_IN(pl_rects_gap(&r, &fp[j])), o->u[j].id);
			}
		}
	}
	return 0;
}

/* What every move plan starts with: mv cleared (no terrain yet), and unit i on the table. */
int ctbl_restricted(const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g, int i,
		    const struct cros_pos *p, struct err *e)
{
	const struct ctbl_restrict *r = tb->unit_rs[i] >= 0 ? &tb->rs[tb->unit_rs[i]] : NULL;
	const struct cros_pos *from = &g->s[i].pos;
	if (!r)
		return 0;
	if (r->emplaced && (p->c.x != from->c.x || p->c.y != from->c.y || p->form != from->form))
		return err_set(e, NULL, 0, "[%s] %s is emplaced: it may turn in place, but not move or limber", r->cite,
			       o->u[i].id);
	if (!r->emplaced && !pl_poly_has(r->p, r->n, p->c))
		return err_set(e, NULL, 0, "[%s] %s may not move beyond %s: (%.*f, %.*f) is outside it", r->cite, o->u[i].id,
			       r->name, PL_IN(p->c.x), PL_IN(p->c.y));
	return 0;
}

static int plan_begin(const struct cros_oob *o, const struct cros_game *g, int i, struct ctbl_move *mv, struct err *e)
{
	memset(mv, 0, sizeof *mv);
	mv->m.terrain = -1;
	if (!live(g, i))
		return err_set(e, NULL, 0, "%s is not on the table (place it first)", o->u[i].id);
	return 0;
}

/* The MOVE Chart's row and column for unit i moving straight to `to`, its markers, and one die
 * when it is unlimbered (by prolonge [MOVE (e)]) or goes back or sideways [MOVE (c)]; the terrain
 * and the pivot are the path's (m->terrain -1, m->interpen false). -1: no row for it. */
static int move_chart(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      int i, struct pl_pt to, struct cref_move *m)
{
	const struct cros_pos *from = &g->s[i].pos;
	const int arm = tb->base[o->u[i].type].arm;
	memset(m, 0, sizeof *m);
	m->terrain = -1;
	if ((m->row = move_row(t, tb, o, i)) < 0)
		return -1;
	m->form = from->form == CF_ATTACK || from->form == CF_MARCH || (from->form == CF_LIMBERED && arm != CA_ARTILLERY);
	if (arm == CA_ARTILLERY && t->move[m->row].dice[m->form] == 0)
		m->form = 0;
	m->chits = g->s[i].markers;
	m->one_die = from->form == CF_UNLIMBERED ||
		     ((to.x != from->c.x || to.y != from->c.y) && !pl_in_arc(from->c, from->facing, 45, to));
	return 0;
}

int32_t ctbl_move_reach(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
			int i, struct pl_pt to)
{
	struct cref_move m;
	struct err e;
	int n, pips = 6 - g->s[i].markers;
	if (!live(g, i) || g->s[i].pos.form == CF_SQUARE || move_chart(t, tb, o, g, i, to, &m) != 0 ||
	    (n = cref_move_dice(t, &m, &e)) <= 0 || pips <= 0)
		return 0;
	return (int32_t)n * pips * PL_PER_INCH;
}

const struct cros_pos *ctbl_entry(const struct ctbl *tb, int i)
{
	return tb->entry[i].on ? &tb->entry[i] : &tb->start[i];
}

struct pl_pt ctbl_feature_middle(const struct ctbl *tb, int f)
{
	const struct ctbl_feature *x = &tb->f[f];
	int64_t sx = 0, sy = 0;
	for (int k = 0; k < x->n; k++) {
		sx += x->p[k].x;
		sy += x->p[k].y;
	}
	return (struct pl_pt){(int32_t)(sx / (x->n ? x->n : 1)), (int32_t)(sy / (x->n ? x->n : 1))};
}

struct pl_pt ctbl_place_point(const struct ctbl *tb, int f, struct pl_pt from)
{
	const struct ctbl_feature *x = &tb->f[f];
	struct pl_pt at = from;
	int seg;
	if (!x->closed && x->n >= 2)
		road_near(x, from, &seg, &at);
	else if (x->n > 0)
		at = ctbl_feature_middle(tb, f);
	return at;
}

struct cros_pos ctbl_short_of(const struct cros_pos *now, const struct cros_pos *p, int32_t dist, int k)
{
	const int64_t go = (int64_t)k * PL_PER_INCH;
	struct cros_pos to = *p;
	to.c.x = (int32_t)(now->c.x + (int64_t)(p->c.x - now->c.x) * go / dist);
	to.c.y = (int32_t)(now->c.y + (int64_t)(p->c.y - now->c.y) * go / dist);
	return to;
}

int ctbl_move_short(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		    int i, const struct cros_pos *p, const struct ctbl_move *mv, const int *d, int n, int inches)
{
	const struct cros_pos *now = &g->s[i].pos;
	struct cref_move open = mv->m;
	struct err e;
	open.terrain = -1;
	open.interpen = p->facing != now->facing; /* a pivot's low die is lost however short [MOVE (b)] */
	int lo = inches, hi = cref_move_roll(t, &open, d, n, NULL, &e);
	if ((int64_t)hi * PL_PER_INCH >= mv->dist)
		hi = (int)((mv->dist - 1) / PL_PER_INCH); /* (the whole way was found short) */
	while (lo < hi) {
		const int k = lo + (hi - lo + 1) / 2;
		const struct cros_pos to = ctbl_short_of(now, p, mv->dist, k);
		struct ctbl_move m2;
		if (ctbl_move_plan(t, tb, o, g, i, &to, &m2, NULL, &e) == 0 && m2.kind == 0 &&
		    cref_move_roll(t, &m2.m, d, n, NULL, &e) >= k)
			lo = k;
		else
			hi = k - 1;
	}
	/* where the dice's own end is refused (a friend there or in the way), the farthest whole inch
	 * short of it where the unit may stand: it need not move the full distance [MOVE (a)] */
	if (lo > inches)
		return lo; /* (planned above) */
	for (; lo > 0; lo--) {
		const struct cros_pos to = ctbl_short_of(now, p, mv->dist, lo);
		struct ctbl_move m2;
		/* (the dice read again for that move: one that grazes a friend the whole way's half-inch
		 * steps missed loses the low die [MOVE (b)]) */
		if (ctbl_move_plan(t, tb, o, g, i, &to, &m2, NULL, &e) == 0 && m2.kind == 0 &&
		    cref_move_roll(t, &m2.m, d, n, NULL, &e) >= lo)
			return lo;
	}
	return 0;
}

int ctbl_move_plan(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		   int i, const struct cros_pos *p, struct ctbl_move *mv, struct evsink *ev, struct err *e)
{
	const struct cros_pos *from = &g->s[i].pos;
	int turn, worst = -1;
	int64_t d2;
	struct pl_rect fp[CROS_UNITS_MAX];
	int32_t limit[CROS_UNITS_MAX];

	if (plan_begin(o, g, i, mv, e) != 0 || ctbl_restricted(tb, o, g, i, p, e) != 0)
		return -1;
	d2 = pl_d2(from->c, p->c);
	mv->dist = (int32_t)pl_isqrt(d2);
	if ((int64_t)mv->dist * mv->dist < d2)
		mv->dist++; /* rounded up */
	turn = pl_norm(p->facing - from->facing);
	if (turn > 180)
		turn = 360 - turn;
	if (p->form != from->form || (turn > 30 && mv->dist == 0)) {
		struct cros_pos rf = ctbl_reform(t, tb, o, g, i, p->form);
		/* in place: the same centre, or the front rank kept (ctbl_reform) */
		if (mv->dist > 0 && !(p->form != from->form && p->c.x == rf.c.x && p->c.y == rf.c.y))
			return err_set(e, NULL, 0, "[Side A Turn (a)] changing formation is an action of its own: %s "
				       "cannot move in the same action", o->u[i].id);
		/* not a move: the new footprint may not come closer to an enemy within 2" */
		if (ctbl_check(t, tb, o, g, i, p, e) != 0)
			return -1;
		mv->kind = 1;
		mv->dist = 0;
		ev_emit(ev, "[Side A Turn (a)]", "%s %s: its action", o->u[i].id,
			p->form != from->form ? "changes formation" : "changes facing by more than 30 degrees");
		return 0;
	}
	if (ctbl_check(t, tb, o, g, i, p, e) != 0)
		return -1;
	if (turn > 30)
		return err_set(e, NULL, 0, "[MOVE (b)] %s may pivot up to 30 degrees as it moves, not %d (changing facing "
			       "is an action of its own)", o->u[i].id, turn);
	if (from->form == CF_SQUARE)
		return err_set(e, NULL, 0, "[MOVE (d)] squares cannot move");
	if (move_chart(t, tb, o, g, i, p->c, &mv->m) != 0)
		return err_set(e, NULL, 0, "the MOVE Chart has no row for %s", o->u[i].id);
	mv->m.interpen = turn > 0;
	if (turn > 0)
		ev_emit(ev, "[MOVE (b)]", "%s pivots %d degrees: minus the low die", o->u[i].id, turn);
	if (from->form == CF_UNLIMBERED)
		ev_emit(ev, "[MOVE (e)]", "%s is unlimbered: it moves by prolonge, one die", o->u[i].id);
	else if (mv->m.one_die)
		ev_emit(ev, "[MOVE (c)]", "%s moves back or sideways: one die", o->u[i].id);
	/* along the path: interpenetration, enemies, terrain */
	others(t, tb, o, g, i, from, fp, limit);
	if (walk(t, tb, o, g, i, p, from->c, p->c, from->facing, fp, limit, mv, ev, e) != 0)
		return -1;
	for (int k = 0; k < tb->nf; k++) {
		const struct ctbl_feature *x = &tb->f[k];
		int c = terrain_class(x->kind);
		bool meets = false;
		if (c < 0 || box_misses(from->c, p->c, x->lo, x->hi))
			continue; /* (nothing of the path comes within the feature's box) */
		if (x->closed) {
			/* entering or leaving the area, or crossing it */
			bool a = pl_poly_has(x->p, x->n, from->c), b = pl_poly_has(x->p, x->n, p->c);
			meets = a || b || pl_seg_meets_poly(from->c, p->c, x->p, x->n);
			if (x->kind == CK_REDOUBT)
				meets = a != b || (!a && pl_seg_meets_poly(from->c, p->c, x->p, x->n));
		} else {
			for (int s = 0; s + 1 < x->n && !meets; s++)
				meets = pl_segs_meet(from->c, p->c, x->p[s], x->p[s + 1]);
		}
		if (!meets)
			continue;
		{
			size_t at = strlen(mv->terrain);
			snprintf(mv->terrain + at, sizeof mv->terrain - at, "%s%s", at ? ", " : "", x->name);
		}
		if (from->form == CF_UNLIMBERED) {
			/* [MOVE (e)]: prolonge is its own rule, one die, and an even one to cross walls,
			 * streams or high hills; read as taking the place of the MOVE Chart's penalties
			 * (with them one die would often leave nothing, and (e) would say nothing) */
			if ((x->kind == CK_WALL || x->kind == CK_TRENCH || x->kind == CK_REDOUBT || x->kind == CK_STREAM ||
			     x->kind == CK_STEEP_HILL) && !mv->even_die) {
				ev_emit(ev, "[MOVE (e)]", "%s by prolonge crosses %s: only on an even die", o->u[i].id, x->name);
				mv->even_die = true;
			}
			continue;
		}
		if (worst < 0 || t->move[mv->m.row].terrain[c] > t->move[mv->m.row].terrain[worst])
			worst = c;
	}
	mv->m.terrain = worst;
	if (worst >= 0) {
		ev_emit(ev, "[MOVE Chart]", "%s's path crosses %s: the %s penalty", o->u[i].id, mv->terrain,
			worst == CT_GENTLE ? "gentle slope" : worst == CT_STEEP ? "steep hill, stream or woods" : "walls or trenches");
		if (t->move[mv->m.row].terrain[worst] == CT_PEN_NOCROSS)
			return err_set(e, NULL, 0, "[MOVE Chart] %s may not cross %s", o->u[i].id, mv->terrain);
	}
	ev_emit(ev, "[MOVE (a)]", "%s moves %.*f\"", o->u[i].id, PL_IN(mv->dist));
	return 0;
}

/* The nearest point of polyline x to p: its segment (seg, from point seg to seg + 1), the point,
 * and the squared distance. */
static int64_t road_near(const struct ctbl_feature *x, struct pl_pt p, int *seg, struct pl_pt *at)
{
	int64_t best = -1;
	for (int k = 0; k + 1 < x->n; k++) {
		struct pl_pt c = pl_seg_closest(p, x->p[k], x->p[k + 1]);
		int64_t d2 = pl_d2(p, c);
		if (best < 0 || d2 < best) {
			best = d2;
			*seg = k;
			*at = c;
		}
	}
	return best;
}


/* The path along road x from a to b, each within reach of it: onto the road, along it vertex by
 * vertex (downstream or up, whichever way b lies), off it. Waypoints into way (*n of them, at
 * most x->n + 3); the road's bearing where the path joins it and where it leaves it; returns the
 * length (units, each leg rounded up). */
static int32_t road_path(const struct ctbl_feature *x, struct pl_pt a, struct pl_pt b, struct pl_pt *way, int *n,
			 int *join, int *leave)
{
	int sa, sb, m = 0;
	struct pl_pt pa, pb;
	int32_t len = 0;
	road_near(x, a, &sa, &pa);
	road_near(x, b, &sb, &pb);
	bool down = sa < sb || (sa == sb && pl_d2(x->p[sa], pa) <= pl_d2(x->p[sa], pb));
	way[m++] = a;
	way[m++] = pa;
	for (int k = sa + 1; down && k <= sb; k++)
		way[m++] = x->p[k];
	for (int k = sa; !down && k > sb; k--)
		way[m++] = x->p[k];
	way[m++] = pb;
	way[m++] = b;
	*n = m;
	/* the road's own bearings, not a rounded leg's */
	*join = down ? pl_bearing(x->p[sa], x->p[sa + 1]) : pl_bearing(x->p[sa + 1], x->p[sa]);
	*leave = down ? pl_bearing(x->p[sb], x->p[sb + 1]) : pl_bearing(x->p[sb + 1], x->p[sb]);
	for (int k = 0; k + 1 < m; k++)
		len += leg_len(way[k], way[k + 1]);
	return len;
}

int ctbl_road_plan(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		   int i, struct pl_pt to, struct cros_pos *end, struct ctbl_move *mv, struct evsink *ev, struct err *e)
{
	const struct cros_pos *from = &g->s[i].pos;
	const struct ctbl_feature *road = NULL;
	struct pl_pt way[CTBL_PTS_MAX + 4], w[CTBL_PTS_MAX + 4];
	int nway = 0, join = 0, leave = 0, turn;
	int64_t near = (int64_t)CTBL_ROAD_NEAR * CTBL_ROAD_NEAR;
	int32_t best = -1;
	struct pl_rect fp[CROS_UNITS_MAX];
	int32_t limit[CROS_UNITS_MAX];

	if (plan_begin(o, g, i, mv, e) != 0)
		return -1;
	if (!t->move_road)
		return err_set(e, NULL, 0, "[MOVE Chart (a)] this sheet's MOVE Chart has no road column (the 2001 sheet has)");
	if (from->form != CF_ATTACK && from->form != CF_MARCH && from->form != CF_LIMBERED)
		return err_set(e, NULL, 0, "[MOVE Chart (a)] %s moves by road in column or limbered, not in %s", o->u[i].id,
			       cros_form_name[from->form]);
	/* of the roads both ends are within an inch of, the one whose path is shortest */
	for (int k = 0; k < tb->nf; k++) {
		const struct ctbl_feature *x = &tb->f[k];
		int a, b, n, jn, lv;
		struct pl_pt pa, pb;
		if (x->kind != CK_ROAD || x->closed || x->n < 2 || road_near(x, from->c, &a, &pa) > near ||
		    road_near(x, to, &b, &pb) > near)
			continue;
		int32_t len = road_path(x, from->c, to, w, &n, &jn, &lv);
		if (best >= 0 && len >= best)
			continue;
		best = len;
		road = x;
		nway = n;
		join = jn;
		leave = lv;
		memcpy(way, w, sizeof way[0] * (size_t)n);
	}
	if (!road)
		return err_set(e, NULL, 0, "[MOVE Chart (a)] a road move starts and ends within an inch of the same road (a "
			       "junction is two moves): %s and (%.*f, %.*f) are not", o->u[i].id, PL_IN(to.x), PL_IN(to.y));
	*end = *from;
	end->c = to;
	end->facing = leave; /* along the road where it leaves it */
	if (ctbl_restricted(tb, o, g, i, end, e) != 0)
		return -1;
	if ((mv->m.row = move_row(t, tb, o, i)) < 0)
		return err_set(e, NULL, 0, "the MOVE Chart has no row for %s", o->u[i].id);
	mv->m.form = 2;
	mv->m.chits = g->s[i].markers;
	/* [MOVE (c)]: a column that takes the road back or sideways (more than 45 degrees from its
	 * facing) is retrograde or about face: one die */
	turn = pl_norm(join - from->facing);
	if (turn > 180)
		turn = 360 - turn;
	if (turn > 45) {
		mv->m.one_die = true;
		ev_emit(ev, "[MOVE (c)]", "%s takes the road %d degrees from its facing, back or sideways: one die", o->u[i].id,
			turn);
	}
	others(t, tb, o, g, i, from, fp, limit);
	for (int k = 0; k + 1 < nway; k++) {
		int32_t d = leg_len(way[k], way[k + 1]);
		if (!d)
			continue;
		mv->dist += d;
		if (walk(t, tb, o, g, i, end, way[k], way[k + 1], pl_bearing(way[k], way[k + 1]), fp, limit, mv, ev, e) != 0)
			return -1;
	}
	if (ctbl_check(t, tb, o, g, i, end, e) != 0)
		return -1;
	ev_emit(ev, "[MOVE Chart (a)]", "%s moves by road along the %s: %.*f\" (%s; no terrain penalty on the road)",
		o->u[i].id, road->name, PL_IN(mv->dist), mv->m.one_die ? "one die" : "the road's dice");
	return 0;
}

/* ---- falling back, and close combat ------------------------------------------------------- */

int ctbl_fall_back(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		   int i, int from, int inches, bool rout, struct ctbl_fall *fb, struct evsink *ev, struct err *e)
{
	const struct cros_pos *p = &g->s[i].pos;
	int32_t best = -1, dist = inches * PL_PER_INCH, gap0[CROS_UNITS_MAX];
	int away;
	struct pl_rect r, r0, fp[CROS_UNITS_MAX]; /* the others' footprints, for every step */

	memset(fb, 0, sizeof *fb);
	fb->from = from;
	if (!live(g, i))
		return err_set(e, NULL, 0, "%s is not on the table", o->u[i].id);
	if (from >= 0 && (!live(g, from) || o->u[from].side == o->u[i].side))
		return err_set(e, NULL, 0, "%s is not an enemy unit on the table", o->u[from].id);
	for (int j = 0; j < o->n && from < 0; j++) {
		int32_t gap;
		if (o->u[j].side == o->u[i].side || !live(g, j))
			continue;
		gap = ctbl_gap(t, tb, o, g, i, j);
		if (best < 0 || gap < best) {
			best = gap;
			fb->from = j;
		}
	}
	/* [Close Combat (g)] "Unit faces away from enemy": with several enemies within 2" (those it
	 * fought), away from the middle of their centres */
	struct pl_pt mid = fb->from >= 0 ? g->s[fb->from].pos.c : p->c;
	if (from < 0 && fb->from >= 0 && best <= CTBL_TWO_INCHES) {
		int64_t sx = 0, sy = 0;
		int n = 0;
		for (int j = 0; j < o->n; j++)
			if (o->u[j].side != o->u[i].side && live(g, j) && ctbl_gap(t, tb, o, g, i, j) <= CTBL_TWO_INCHES) {
				sx += g->s[j].pos.c.x;
				sy += g->s[j].pos.c.y;
				n++;
			}
		/* (enemies all round, their middle on its own centre: away from the nearest) */
		if (n > 1 && pl_d2((struct pl_pt){(int32_t)(sx / n), (int32_t)(sy / n)}, p->c) >=
				     (int64_t)PL_PER_INCH * PL_PER_INCH) {
			mid.x = (int32_t)(sx / n);
			mid.y = (int32_t)(sy / n);
			fb->others = n - 1;
		}
	}
	away = fb->from >= 0 && (mid.x != p->c.x || mid.y != p->c.y) ? pl_bearing(mid, p->c) : pl_norm(p->facing + 180);
	fb->to = *p;
	fb->to.facing = away;
	/* it stops before it would come within 2" of another enemy (closer than it was) */
	ctbl_footprint(t, tb, o, g, i, p, &r0);
	for (int j = 0; j < o->n; j++)
		if (live(g, j) && j != i) {
			ctbl_footprint(t, tb, o, g, j, &g->s[j].pos, &fp[j]);
			if (o->u[j].side != o->u[i].side)
				gap0[j] = pl_rects_gap(&r0, &fp[j]);
		}
	for (int32_t k = PL_PER_INCH / 2; k <= dist; k += PL_PER_INCH / 2) {
		struct cros_pos s = fb->to;
		int stop = -1;
		s.c = pl_offset(p->c, away, k, 0);
		ctbl_footprint(t, tb, o, g, i, &s, &r);
		if (!on_table(tb, &r))
			break;
		for (int j = 0; j < o->n && stop < 0; j++) {
			int32_t gap;
			if (!live(g, j) || j == i || o->u[j].side == o->u[i].side)
				continue;
			/* closer than 2" and closer than it was */
			gap = gap0[j] < CTBL_TWO_INCHES ? gap0[j] : CTBL_TWO_INCHES;
			if (gap > 0 && pl_rects_near(&r, &fp[j], gap - 1))
				stop = j;
		}
		if (stop >= 0) {
			ev_emit(ev, rout ? "[MORALE (d)]" : "[Close Combat (g)]", "%s stops %.*f\" on, short of %s [MOVE (i)]",
				o->u[i].id, PL_IN(k - PL_PER_INCH / 2), o->u[stop].id);
			dist = k - PL_PER_INCH / 2;
			break;
		}
	}
	/* stop short of ending on another unit, half an inch at a time */
	for (; dist >= 0; dist -= PL_PER_INCH / 2) {
		bool clash = false;
		fb->to.c = pl_offset(p->c, away, dist, 0);
		ctbl_footprint(t, tb, o, g, i, &fb->to, &r);
		if (!on_table(tb, &r)) {
			fb->to.on = false;
			break;
		}
		for (int j = 0; j < o->n && !clash; j++)
			clash = j != i && live(g, j) && pl_rects_near(&r, &fp[j], 0);
		if (!clash)
			break;
	}
	if (dist < 0) {
		fb->to = *p;
		dist = 0;
	}
	/* whom it passes through, and (a rout) who sees it go by within 6" */
	for (int j = 0; j < o->n; j++) {
		bool through = false, near = false;
		if (j == i || !live(g, j) || o->u[j].side != o->u[i].side)
			continue;
		/* the routing unit's footprint every half inch of its way */
		for (int32_t k = PL_PER_INCH / 2; k <= dist && !through; k += PL_PER_INCH / 2) {
			struct cros_pos s = fb->to;
			s.c = pl_offset(p->c, away, k, 0);
			ctbl_footprint(t, tb, o, g, i, &s, &r);
			through = pl_rects_near(&r, &fp[j], 0);
			near = near || pl_rects_near(&r, &fp[j], 6 * PL_PER_INCH);
		}
		if (through)
			fb->passed[fb->npassed++] = j;
		else if (rout && near)
			fb->near[fb->nnear++] = j;
	}
	char others[64] = "";
	if (fb->others)
		snprintf(others, sizeof others, fb->others == 1 ? " and the other enemy within 2\""
							: " and the other %d enemies within 2\"", fb->others);
	if (!fb->to.on)
		ev_emit(ev, rout ? "[MORALE (d)]" : "[Close Combat (g)]", "%s %s %d\" away from %s%s and leaves the table",
			o->u[i].id, rout ? "routs" : "withdraws", inches, fb->from >= 0 ? o->u[fb->from].id : "the enemy",
			others);
	else
		ev_emit(ev, rout ? "[MORALE (d)]" : "[Close Combat (g)]",
			"%s %s %.*f\" (of %d\") away from %s%s to (%.*f, %.*f), facing %d, in %s", o->u[i].id,
			rout ? "routs" : "withdraws", PL_IN(dist), inches,
			fb->from >= 0 ? o->u[fb->from].id : "the enemy", others, PL_IN(fb->to.c.x),
			PL_IN(fb->to.c.y), fb->to.facing, cros_form_name[fb->to.form]);
	return 0;
}

static bool is_russian(const struct ctab *t, const struct cros_oob *o, int i)
{
	return !strncmp(t->unit[o->u[i].type].key, "russian-", 8);
}

/* Whether the centre of b lies behind or before a's frontage: within half a's width of a's axis,
 * and off its footprint's depth. */
static bool behind_frontage(const struct pl_rect *a, const struct pl_rect *b)
{
	int64_t ahead, lat;
	pl_local(a->c, a->facing, b->c, &ahead, &lat);
	return lat <= a->w / 2 && -lat <= a->w / 2 && (ahead > a->d / 2 || -ahead > a->d / 2);
}

bool ctbl_double_line(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      int a, int b)
{
	struct pl_rect ra, rb;
	int arm, turn;
	if (a == b || a < 0 || b < 0 || !live(g, a) || !live(g, b) || o->u[a].side != o->u[b].side)
		return false;
	arm = tb->base[o->u[a].type].arm;
	if ((arm != CA_INFANTRY && arm != CA_CAVALRY) || tb->base[o->u[b].type].arm != arm ||
	    g->s[a].pos.form != CF_LINE || g->s[b].pos.form != CF_LINE)
		return false;
	turn = pl_norm(g->s[a].pos.facing - g->s[b].pos.facing);
	if (turn > 45 && turn < 315)
		return false;
	ctbl_footprint(t, tb, o, g, a, &g->s[a].pos, &ra);
	ctbl_footprint(t, tb, o, g, b, &g->s[b].pos, &rb);
	return pl_rects_gap(&ra, &rb) <= 4 * PL_PER_INCH && (behind_frontage(&ra, &rb) || behind_frontage(&rb, &ra));
}

int ctbl_front_line(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		    int i, int d, const int *units, int n)
{
	for (int v = 0; v < n; v++) {
		int32_t gap = units[v] >= 0 ? ctbl_gap(t, tb, o, g, units[v], d) : -1;
		if (gap >= 0 && gap <= CTBL_TWO_INCHES && ctbl_double_line(t, tb, o, g, i, units[v]))
			return v;
	}
	return -1;
}

int ctbl_cc_mods(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		 int a, int d, int k, const char **keys, int max, bool *rear, struct evsink *ev)
{
	int u = k ? d : a, other = k ? a : d, n = 0;
	const struct cros_pos *p = &g->s[u].pos, *q = &g->s[other].pos;
	int arm = tb->base[o->u[u].type].arm, oarm = tb->base[o->u[other].type].arm;
	const char *why[CTAB_MODS_MAX];
#define MOD(key, text)                                                                                         \
	do {                                                                                                   \
		if (n < max) {                                                                                 \
			why[n] = (text);                                                                       \
			keys[n++] = (key);                                                                     \
		}                                                                                              \
	} while (0)
	*rear = false;
	if (!live(g, u) || !live(g, other))
		return 0;
	if (arm == CA_CAVALRY && (k == 0 || g->s[u].moving)) {
		if (p->form == CF_DOUBLE)
			MOD("cavalry-double-line", "cavalry charging in double line");
		else if (p->form == CF_LINE)
			MOD("cavalry-line", "cavalry charging in line");
	}
	if (arm == CA_CAVALRY && k == 1 && !g->s[u].moving)
		MOD("standing-cavalry", "its last action was not 4\" or more forward [MOVE (h)]");
	if (arm == CA_INFANTRY) {
		if (p->form == CF_DOUBLE)
			MOD("infantry-double-line", "infantry in double line");
		else if (p->form == CF_SQUARE)
			MOD("square", "infantry in square");
		else if (p->form == CF_ATTACK && !is_russian(t, o, u))
			MOD("allied-attack-column", "an allied attack column");
		else if (p->form == CF_ATTACK && k == 0 && oarm != CA_CAVALRY && pl_in_arc(p->c, p->facing, 45, q->c) &&
			 pl_in_arc(q->c, q->facing, 45, p->c))
			MOD("russian-attack-column", "a Russian attack column striking straight on");
		if (o->u[u].guard)
			MOD("guard", "guard infantry");
	}
	/* (b) "British heavy brigade attacking cavalry" (the order of battle says which units are) */
	if (k == 0 && o->u[u].heavy_brigade && oarm == CA_CAVALRY)
		MOD("heavy-brigade", "the British Heavy Brigade attacking cavalry");
	if (p->form == CF_MARCH)
		MOD("march-column", "in march column"); /* (i): "units in March Column", any arm */
	if (arm == CA_ARTILLERY)
		MOD(p->form == CF_LIMBERED ? "limbered-artillery" : "unlimbered-artillery",
		    p->form == CF_LIMBERED ? "limbered artillery" : "unlimbered artillery");
	if (k == 1) {
		struct pl_rect dr;
		const struct ctbl_feature *x;
		ctbl_footprint(t, tb, o, g, u, p, &dr);
		if ((x = behind(tb, &dr, q->c)))
			MOD("cover", x->name);
		else
			for (int f = 0; f < tb->nf; f++)
				if (tb->f[f].kind == CK_REDOUBT && pl_poly_has(tb->f[f].p, tb->f[f].n, p->c) &&
				    !pl_poly_has(tb->f[f].p, tb->f[f].n, q->c)) {
					MOD("cover", tb->f[f].name); /* a redoubt's parapet is its wall */
					break;
				}
		for (int f = 0; f < tb->nf; f++)
			if (tb->f[f].kind == CK_STEEP_HILL && pl_poly_has(tb->f[f].p, tb->f[f].n, p->c) &&
			    !pl_poly_has(tb->f[f].p, tb->f[f].n, q->c)) {
				MOD("crest", tb->f[f].name);
				break;
			}
		if (p->form != CF_SQUARE && pl_in_arc(p->c, p->facing + 180, 45, q->c)) { /* a square has no rear */
			*rear = true;
			ev_emit(ev, "[Modifiers (e)]", "%s is hit from the rear: the attacker comes from behind it", o->u[u].id);
		}
	}
#undef MOD
	for (int i = 0; i < n; i++) {
		int m = ctab_mod(t, keys[i]);
		char rule[24];
		snprintf(rule, sizeof rule, "[Modifiers %s]", m >= 0 ? t->mod[m].cite : "");
		ev_emit(ev, rule, "%s: %s (%s %+d)", o->u[u].id, why[i], keys[i], m >= 0 ? t->mod[m].value : 0);
	}
	return n;
}

struct cros_pos ctbl_toward(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			    const struct cros_game *g, int i, int j, int32_t limit, int32_t *dist)
{
	const struct cros_pos *p = &g->s[i].pos;
	struct cros_pos q = *p;
	struct pl_rect r, tr;
	int32_t lo = 0, hi;
	int dir;
	*dist = 0;
	if (!live(g, i) || !live(g, j) || (p->c.x == g->s[j].pos.c.x && p->c.y == g->s[j].pos.c.y))
		return q;
	dir = pl_bearing(p->c, g->s[j].pos.c);
	ctbl_footprint(t, tb, o, g, j, &g->s[j].pos, &tr);
	hi = (int32_t)pl_isqrt(pl_d2(p->c, g->s[j].pos.c)) + 1;
	if (limit >= 0 && hi > limit)
		hi = limit;
	/* the farthest whole unit with the gap still 2" or more (the gap only shrinks on the way) */
	while (lo < hi) {
		int32_t mid = lo + (hi - lo + 1) / 2;
		q.c = pl_offset(p->c, dir, mid, 0);
		ctbl_footprint(t, tb, o, g, i, &q, &r);
		if (!pl_rects_near(&r, &tr, CTBL_TWO_INCHES - 1))
			lo = mid;
		else
			hi = mid - 1;
	}
	/* the point is rounded to the twentieth: off the line's axis it may lie a twentieth farther
	 * than lo, and a move is measured rounded up (ctbl_move_plan); keep it within the dice */
	while (limit >= 0 && lo > 0) {
		int64_t d2;
		int32_t d;
		q.c = pl_offset(p->c, dir, lo, 0);
		d2 = pl_d2(p->c, q.c);
		d = (int32_t)pl_isqrt(d2);
		if ((int64_t)d * d < d2)
			d++;
		if (d <= limit)
			break;
		lo--;
	}
	q.c = pl_offset(p->c, dir, lo, 0);
	*dist = lo;
	return q;
}

bool ctbl_toward_part(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      int i, int j, int32_t reach, int32_t dfull, int k, struct cros_pos *to, int32_t *dist)
{
	const int32_t far = reach < dfull ? reach : dfull, lim = (int32_t)((int64_t)far * k / 3);
	if (far <= 0 || lim < PL_PER_INCH)
		return false;
	*to = ctbl_toward(t, tb, o, g, i, j, lim, dist);
	return true;
}

bool ctbl_toward_plan(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		      int i, int j, struct cros_pos *to, struct ctbl_move *mv, int32_t *dfull, int32_t *dplan,
		      struct evsink *ev, struct err *e)
{
	to->c = ctbl_toward(t, tb, o, g, i, j, -1, dfull).c;
	*dplan = *dfull;
	if (ctbl_move_plan(t, tb, o, g, i, to, mv, ev, e) == 0 && mv->kind == 0)
		return true;
	const int32_t reach = ctbl_move_reach(t, tb, o, g, i, g->s[j].pos.c);
	/* as far as its best dice could go, then two thirds and a third of that (of the whole way
	 * when that is nearer): the first refusal is the one told */
	for (int k = reach < *dfull ? 3 : 2; k >= 1; k--) {
		struct cros_pos part;
		struct err later;
		if (!ctbl_toward_part(t, tb, o, g, i, j, reach, *dfull, k, &part, dplan))
			break;
		to->c = part.c;
		if (ctbl_move_plan(t, tb, o, g, i, to, mv, ev, k == 3 ? e : &later) == 0 && mv->kind == 0)
			return true;
	}
	return false;
}

/* Whether sight a is better for the firer than b [Side A Turn (c) 1]: more stands bearing, a
 * nearer band in range, a smaller gap. */
static bool sight_better(const struct ctbl_sight *a, const struct ctbl_sight *b)
{
	bool ina = a->band == 0 || a->band == 1, inb = b->band == 0 || b->band == 1;
	if (ina != inb)
		return ina;
	if (a->stands != b->stands)
		return a->stands > b->stands;
	if (a->band != b->band)
		return a->band < b->band;
	return a->gap < b->gap;
}

int ctbl_sight_along(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		     int f, int at, const struct cros_pos *from, struct ctbl_sight *s, struct cros_pos *where,
		     struct err *e)
{
	struct cros_game *h;
	const struct cros_pos to = g->s[at].pos;
	struct ctbl_feet ft;
	int steps;
	if (where)
		*where = to;
	if (ctbl_sight(t, tb, o, g, f, at, s, NULL, e) != 0)
		return -1;
	if (!from->on || !(h = malloc(sizeof *h)))
		return 0; /* (out of memory: the sight where it stands, never more than the rules allow) */
	*h = *g;
	feet_of(t, tb, o, h, &ft); /* once: only the target's moves along the way */
	steps = (int)(pl_isqrt(pl_d2(from->c, to.c)) / PL_PER_INCH) + 1;
	for (int k = 0; k < steps; k++) { /* k == steps is where it stands: s already */
		struct ctbl_sight x;
		struct err ignored;
		struct cros_pos p = to;
		p.c.x = from->c.x + (int32_t)(((int64_t)to.c.x - from->c.x) * k / steps);
		p.c.y = from->c.y + (int32_t)(((int64_t)to.c.y - from->c.y) * k / steps);
		h->s[at].pos = p;
		foot_of(t, tb, o, h, at, &ft);
		if (sight(t, tb, o, h, f, at, &x, NULL, &ignored, &ft, false, NULL) == 0 && sight_better(&x, s)) {
			*s = x;
			if (where)
				*where = p;
		}
	}
	free(h);
	return 0;
}

int ctbl_reactions(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o, const struct cros_game *g,
		   int i, const struct cros_pos *p, struct ctbl_react *out, int max)
{
	struct cros_game *h = malloc(sizeof *h);
	const struct cros_pos from = g->s[i].pos;
	struct ctbl_feet ft;
	int n = 0, steps;
	int64_t d2;
	if (!h || !live(g, i))
		goto out;
	*h = *g;
	feet_of(t, tb, o, h, &ft); /* once: only the mover's moves along its way (below) */
	d2 = pl_d2(from.c, p->c);
	steps = (int)(pl_isqrt(d2) / PL_PER_INCH) + 1;
	for (int j = 0; j < o->n; j++) {
		struct ctbl_react best = {j, -1, 0, 0, -1, false};
		int arm = tb->base[o->u[j].type].arm;
		int reach = 0;
		const int32_t lng = long_range(t, tb, o, j);
		if (o->u[j].side == o->u[i].side || !live(g, j) || g->s[j].routing)
			continue;
		if (arm == CA_CAVALRY) {
			/* a reaction charge's reach: its dice at their most, less a pip a die for each
			 * marker [MOVE (f)], and the 2" of a charge */
			int row = ctab_move(t, "cavalry");
			reach = row >= 0 ? (6 - g->s[j].markers) * t->move[row].dice[g->s[j].pos.form == CF_MARCH] + 2 : 0;
		}
		for (int k = 0; k <= steps; k++) {
			struct ctbl_sight s;
			struct err e;
			struct cros_pos at = *p;
			int32_t gap;
			at.c.x = from.c.x + (int32_t)(((int64_t)p->c.x - from.c.x) * k / steps);
			at.c.y = from.c.y + (int32_t)(((int64_t)p->c.y - from.c.y) * k / steps);
			h->s[i].pos = at;
			foot_of(t, tb, o, h, i, &ft);
			gap = ctbl_gap(t, tb, o, h, j, i);
			if (best.gap < 0 || gap < best.gap)
				best.gap = gap;
			if (arm == CA_CAVALRY) {
				/* a reaction charge: the mover within 45 degrees of its front and within reach
				 * [Side A Turn (c) 4] */
				if (pl_in_arc(g->s[j].pos.c, g->s[j].pos.facing, 45, at.c) && gap <= reach * PL_PER_INCH)
					best.kind = CR_CHARGE;
				continue;
			}
			if (arm == CA_ARTILLERY && g->s[j].pos.form == CF_LIMBERED) {
				int w = tb->base[o->u[j].type].weapon;
				if (w >= 0 && gap <= t->weapon[w].long_in * PL_PER_INCH && best.kind < 0)
					best.kind = CR_UNLIMBER; /* [Side A Turn (c) 3] */
				continue;
			}
			/* out of range (the gap sight measures, beyond the long range or none printed): no
			 * line need be traced */
			if (g->s[j].ammo_out || !lng || gap > lng ||
			    sight(t, tb, o, h, j, i, &s, NULL, &e, &ft, false, NULL) != 0 || s.band < 0 || s.band > 1)
				continue;
			/* [Side A Turn (c) 1], with a pivot at -1 when only a pivot brings stands to bear [Fire
			 * (g)]: the most stands, those without a pivot first */
			const int dice = s.stands ? s.stands : s.pivot_stands;
			const bool pv = !s.stands;
			if (dice > 0 &&
			    (best.kind != CR_FIRE || (best.pivot && !pv) || (best.pivot == pv && dice > best.dice))) {
				best.kind = CR_FIRE;
				best.dice = dice;
				best.band = s.band;
				best.pivot = pv;
			} else if (best.kind < 0 && !s.blocked[0]) {
				best.kind = CR_TURN; /* in range, not at the angle: it may turn [Side A Turn (c) 2] */
			}
		}
		if (best.kind >= 0 && n < max)
			out[n++] = best;
	}
out:
	free(h);
	return n;
}

struct cros_pos ctbl_reform(const struct ctab *t, const struct ctbl *tb, const struct cros_oob *o,
			    const struct cros_game *g, int i, int form)
{
	struct cros_pos p = g->s[i].pos;
	struct pl_rect was, now;
	ctbl_footprint(t, tb, o, g, i, &p, &was);
	p.form = form;
	ctbl_footprint(t, tb, o, g, i, &p, &now);
	p.c = pl_offset(p.c, p.facing, was.d / 2 - now.d / 2, 0);
	return p;
}
