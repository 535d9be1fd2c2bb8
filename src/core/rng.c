/* rng: xoshiro256** (Blackman & Vigna) seeded through splitmix64. */
#include "rng.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t rng_mix(uint64_t a, uint64_t b)
{
	uint64_t x = a ^ (b * 0xd1b54a32d192ed03ULL);
	return splitmix64(&x);
}

void rng_init(struct rng *r, uint64_t seed, uint64_t stream)
{
	uint64_t x = rng_mix(seed, stream + 0x632be59bd9b4e019ULL);
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint32_t rng_below(struct rng *r, uint32_t n)
{
	/* Reject the top partial block of 2^32 so every residue is equally likely. */
	uint32_t limit = (uint32_t)(0x100000000ULL - (0x100000000ULL % n));
	for (;;) {
		uint32_t x = (uint32_t)(rng_next(r) >> 32);
		if (limit == 0 || x < limit)
			return x % n;
	}
}

int rng_d6(struct rng *r)
{
	return (int)rng_below(r, 6) + 1;
}
