/* event: what a ruling tells the players. Each event names the rule case that produced it
 * ("[7.14]") and says what happened in words. The rules core emits events into a sink the
 * caller owns; a NULL sink discards them without formatting (fast simulations). */
#ifndef CRIMEA_EVENT_H
#define CRIMEA_EVENT_H

#include <stdbool.h>

#define EVENT_RULE_MAX 24
#define EVENT_TEXT_MAX 200

struct event {
	char rule[EVENT_RULE_MAX]; /* "[7.14]", or "" for bookkeeping */
	char text[EVENT_TEXT_MAX];
	int dice[4];               /* dice shown with this ruling */
	int ndice;
};

/* Caller-provided storage; events past cap are counted in `dropped`. */
struct evsink {
	struct event *ev;
	int cap, n, dropped;
};

void evsink_init(struct evsink *s, struct event *storage, int cap);
void evsink_clear(struct evsink *s);
/* Takes back the events emitted since the sink held n (ruled out after all); s may be NULL. */
void evsink_back(struct evsink *s, int n);
/* Emits one event. s may be NULL. Returns the stored event or NULL. */
struct event *ev_emit(struct evsink *s, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Attaches a die to an event returned by ev_emit (e may be NULL). */
void ev_die(struct event *e, int die);

#endif
