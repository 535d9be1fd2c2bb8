/* catalog: finding data files: the data directory and every scenario in it. */
#ifndef CRIMEA_CATALOG_H
#define CRIMEA_CATALOG_H

#include <jansson.h>

#include "../games/rules.h"

#define CAT_MAX 64

struct cat_entry {
	char id[SCN_ID_MAX];
	char title[SCN_TITLE_MAX];
	char rules[16];
	char path[SCN_PATH_MAX];
};

struct catalog {
	char dir[SCN_PATH_MAX];
	struct cat_entry e[CAT_MAX];
	int n;
};

/* Finds the data directory ($CRIMEA_DATA, ./data, or data/ beside the executable's folder)
 * and lists its scenarios, sorted by id. */
int cat_load(struct catalog *c, const char *argv0, struct err *e);
/* The path of a file of the data directory (rel: "siege/tables.json") into out, without scanning
 * the scenarios. 0, or -1 with e when there is no data directory. */
int cat_data_file(const char *argv0, const char *rel, char *out, size_t n, struct err *e);
/* Resolves a scenario id, or a path to a scenario file, and loads it. */
int cat_scenario(const struct catalog *c, const char *name, struct scenario *s, struct errlist *errs);
/* The scenario as the JSON API shows it (docs/API.md, GET /api/scenarios/{id}): the rule
 * system's json_scenario (an empty object without one) with "id", "title", "rules" and
 * "sides". A new reference, or NULL when out of memory. */
json_t *cat_scenario_json(const struct scenario *s);

#endif
