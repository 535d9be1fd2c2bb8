/* dice: where a ruling's dice come from: the game's seeded RNG, or a manual feed of real dice
 * typed in by a referee. Every die used by the current action is remembered so that the game
 * record can keep it. */
#ifndef CRIMEA_DICE_H
#define CRIMEA_DICE_H

#include <stdbool.h>
#include <stdint.h>

#include "rng.h"

#define DICE_PER_ACTION 16

enum dice_mode { DICE_RNG = 0, DICE_MANUAL = 1 };

/* Returned by dice_roll when a manual die is needed and the feed is empty. */
#define DICE_NEED (-2)

struct dice {
	struct rng rng;                  /* the rules stream */
	uint8_t mode;                    /* enum dice_mode */
	uint8_t nfeed, pos;              /* manual dice queued for this action, next to use */
	uint8_t nused;                   /* dice used by the current action */
	uint8_t feed[DICE_PER_ACTION];
	uint8_t used[DICE_PER_ACTION];
};

void dice_init(struct dice *d, uint64_t seed, enum dice_mode mode);
/* Starts a new action: forgets the used list and any unused queued dice. */
void dice_begin(struct dice *d);
/* Queues a manual die (1..sides) for the current action. Returns 0, or -1 if the queue is full. */
int dice_feed(struct dice *d, int value);
/* Rolls one die with `sides` faces into *out: from the RNG, or from the manual feed.
 * Returns 0, or DICE_NEED when manual and nothing is queued, or -1 if a fed value is out of
 * range for this die. */
int dice_roll(struct dice *d, int sides, int *out);

#endif
