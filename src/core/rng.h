/* rng: seeded pseudo-random numbers (xoshiro256**, seeded by splitmix64).
 * The state lives in the caller (inside struct game); there is no global RNG. */
#ifndef CRIMEA_RNG_H
#define CRIMEA_RNG_H

#include <stdint.h>

/* Independent streams derived from one seed. */
enum rng_stream { RNG_RULES = 1, RNG_AI = 2, RNG_COSMETIC = 3 };

struct rng {
	uint64_t s[4];
};

/* Seeds r for stream `stream` of `seed`; (seed, stream) pairs give unrelated sequences. */
void rng_init(struct rng *r, uint64_t seed, uint64_t stream);
uint64_t rng_next(struct rng *r);
/* Uniform integer in [0, n), n >= 1, without modulo bias (rejection sampling). */
uint32_t rng_below(struct rng *r, uint32_t n);
/* One six-sided die, 1..6. */
int rng_d6(struct rng *r);
/* Mixes two 64-bit values into one seed (splitmix64 finaliser); used for per-game seeds. */
uint64_t rng_mix(uint64_t a, uint64_t b);

#endif
