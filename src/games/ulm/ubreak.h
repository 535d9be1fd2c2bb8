/* ubreak: From Ulm to Waterloo's breakthrough and further action after a melee (BREAKTHROUGH &
 * FURTHER ACTION A-E) for a referee: whether a unit may take breakthrough, whether it must first
 * secure an order change, whether it earns the bonus operation, and what follows. The rules are
 * conditions, not tables: nothing here is read from data. */
#ifndef CRIMEA_UBREAK_H
#define CRIMEA_UBREAK_H

#include <stdbool.h>

#include "../../core/event.h"

/* The unit after its separate melee, as the referee describes it. */
struct ubrk_in {
	bool defender;   /* it defended (only an attacker takes breakthrough [B.1.a]) */
	bool won;        /* it won a completed separate melee [B.1.c] */
	bool fell_back;  /* ... or forced a morale fall back that disrupted the melee [B.1.c] */
	bool move_used;  /* it has used its entire move allowance [B.1.b] */
	bool charged;    /* it charged or charged-if-charged [C.1.a] */
	bool cavalry;    /* [D] */
	int casts;       /* the melee's casts, 1.. [B.1.d] */
};

struct ubrk_out {
	bool allowed;      /* it may take breakthrough */
	bool order_change; /* ... once it secures an order change [B.1.d] */
	bool bonus;        /* the bonus operation [C] */
};

/* Rules on it, each condition with its case; returns out->allowed. */
bool ubrk_rule(const struct ubrk_in *in, struct ubrk_out *out, struct evsink *ev);

#endif
