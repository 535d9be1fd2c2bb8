/* event: rulings with their rule case. */
#include "event.h"

#include <stdarg.h>
#include <stdio.h>

void evsink_init(struct evsink *s, struct event *storage, int cap)
{
	s->ev = storage;
	s->cap = cap;
	s->n = 0;
	s->dropped = 0;
}

void evsink_clear(struct evsink *s)
{
	s->n = 0;
	s->dropped = 0;
}

void evsink_back(struct evsink *s, int n)
{
	if (!s || n < 0 || n >= s->n + s->dropped)
		return;
	if (n < s->n) {
		s->n = n;
		s->dropped = 0;
	} else {
		s->dropped = n - s->n;
	}
}

struct event *ev_emit(struct evsink *s, const char *rule, const char *fmt, ...)
{
	struct event *e;
	va_list ap;

	if (!s)
		return NULL;
	if (s->n >= s->cap) {
		s->dropped++;
		return NULL;
	}
	e = &s->ev[s->n++];
	snprintf(e->rule, sizeof e->rule, "%s", rule ? rule : "");
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof e->text, fmt, ap);
	va_end(ap);
	e->ndice = 0;
	return e;
}

void ev_die(struct event *e, int die)
{
	if (e && e->ndice < 4)
		e->dice[e->ndice++] = die;
}
