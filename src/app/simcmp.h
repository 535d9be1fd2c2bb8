/* simcmp: `crimea sim --compare`'s report: two studies on the same deals (study A as asked, B
 * with other players or optional rules), each outcome's change with its paired interval, the
 * outcomes pair by pair, the points' and the length's changes, and each score item's means.
 * Also the optional rules' names, which every study report prints. */
#ifndef CRIMEA_APP_SIMCMP_H
#define CRIMEA_APP_SIMCMP_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "../ai/sim.h"

/* One study of a comparison: who played each side (names as ai_player_name gives them), its
 * optional rules and its tallies (sim_stats_finish'ed). */
struct simcmp_study {
	const char *player[2];
	uint32_t options;
	const struct sim_stats *st;
};

/* Prints a study's JSON report as crimea sim prints every one (indented, keys in the order
 * made, reals to 6 digits) and drops the reference; -1 when it cannot be made. */
int simcmp_json_puts(json_t *root);
/* The optional rules of option bits o by their cases, comma-separated ("none" for none). */
void simcmp_options_text(uint32_t o, char *buf, size_t n);
/* The same as a JSON array of strings (a new reference). */
json_t *simcmp_options_json(uint32_t o);

/* Prints the comparison of a and b (games: the deals played; asked: the deals asked for, more
 * when the study was stopped). */
void simcmp_print_text(const struct scenario *s, uint64_t seed, int64_t games, int64_t asked,
		       const struct simcmp_study *a, const struct simcmp_study *b, const struct sim_pair *p);
/* The same as one JSON object on stdout; -1 when it cannot be made. */
int simcmp_print_json(const struct scenario *s, uint64_t seed, int64_t games, int64_t asked,
		      const struct simcmp_study *a, const struct simcmp_study *b, const struct sim_pair *p);

#endif
