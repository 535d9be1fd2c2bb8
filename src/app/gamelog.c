/* gamelog: a game record told action by action, with every ruling and its case. */
#include "gamelog.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct glog {
	const struct scenario *s;
	char *text;
	size_t len, cap;
	int nomem;      /* an append failed: the text is incomplete */
	char last[256]; /* the status last written */
};

static void put(struct glog *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct glog *L, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		int k;
		va_start(ap, fmt);
		k = vsnprintf(L->text + L->len, L->cap - L->len, fmt, ap);
		va_end(ap);
		if (k < 0) {
			L->nomem = 1;
			return;
		}
		if ((size_t)k < L->cap - L->len) {
			L->len += (size_t)k;
			return;
		}
		size_t cap = (L->cap + (size_t)k + 1) * 2;
		char *t = realloc(L->text, cap);
		if (!t) {
			L->nomem = 1;
			return;
		}
		L->text = t;
		L->cap = cap;
	}
}

/* rec_replay_steps' callback: the status when it changes, the action, its rulings. */
static void step(void *ctx, const struct rec_step *st)
{
	struct glog *L = ctx;
	if (strcmp(L->last, st->status)) {
		snprintf(L->last, sizeof L->last, "%s", st->status);
		put(L, "%s\n", st->status);
	}
	put(L, "  %d. %s: %s\n", st->i + 1, st->side >= 0 ? L->s->side[st->side] : "-", st->a->text);
	for (int i = 0; i < st->ev->n; i++) {
		const struct event *e = &st->ev->ev[i];
		put(L, "       %s%s%s\n", e->rule, e->rule[0] ? " " : "", e->text);
	}
	if (st->ev->dropped)
		put(L, "       (%d more rulings)\n", st->ev->dropped);
}

int glog_text(const struct record *r, const struct scenario *s, char **out, size_t *len, struct err *e)
{
	struct glog L = {s, NULL, 0, 0, 0, ""};
	struct game *g = malloc(sizeof *g);
	int rc = -1;

	*out = NULL;
	*len = 0;
	if (!g || !(L.text = malloc(L.cap = 4096))) {
		err_set(e, NULL, 0, "out of memory");
		goto out;
	}
	L.text[0] = '\0';
	if (rec_replay_steps(r, s, g, false, NULL, e, step, &L) != 0)
		goto out;
	if (L.nomem) {
		err_set(e, NULL, 0, "out of memory");
		goto out;
	}
	*out = L.text;
	*len = L.len;
	L.text = NULL;
	rc = 0;
out:
	free(L.text);
	free(g);
	return rc;
}
