/* dice: RNG or manual dice, with a per-action log. */
#include "dice.h"

#include <string.h>

void dice_init(struct dice *d, uint64_t seed, enum dice_mode mode)
{
	memset(d, 0, sizeof *d);
	rng_init(&d->rng, seed, RNG_RULES);
	d->mode = (uint8_t)mode;
}

void dice_begin(struct dice *d)
{
	d->nfeed = 0;
	d->pos = 0;
	d->nused = 0;
}

int dice_feed(struct dice *d, int value)
{
	if (d->nfeed >= DICE_PER_ACTION || value < 1 || value > 255)
		return -1;
	d->feed[d->nfeed++] = (uint8_t)value;
	return 0;
}

int dice_roll(struct dice *d, int sides, int *out)
{
	int v;

	if (d->nused >= DICE_PER_ACTION)
		return -1;
	if (d->mode == DICE_MANUAL) {
		if (d->pos >= d->nfeed)
			return DICE_NEED;
		v = d->feed[d->pos];
		if (v < 1 || v > sides)
			return -1;
		d->pos++;
	} else {
		v = (int)rng_below(&d->rng, (uint32_t)sides) + 1;
	}
	d->used[d->nused++] = (uint8_t)v;
	*out = v;
	return 0;
}
