/* prov: provenance of a data block ("seed" + case, "decoded", "reconstructed" + basis),
 * validated the same way in every data file (docs/FORMATS.md). */
#ifndef CRIMEA_PROV_H
#define CRIMEA_PROV_H

#include <stdbool.h>

#include "err.h"
#include "jdoc.h"

enum prov_source { PROV_NONE, PROV_SEED, PROV_DECODED, PROV_RECONSTRUCTED };

struct prov {
	int source; /* enum prov_source; PROV_NONE if the block has none (inherits) */
	char cite[64];    /* "case" */
	char basis[256];  /* first part of "basis" */
};

/* Reads obj's "provenance" member into *p (PROV_NONE if absent and !required).
 * Problems go to errs. Returns 0 if valid. */
int prov_read(const struct jdoc *d, const json_t *obj, bool required, struct prov *p,
	      struct errlist *errs);
const char *prov_source_name(int source);
/* Reads and checks obj's required "provenance" as prov_read does, and writes it for players as
 * "SOURCE: BASIS" (the whole basis) into out[n]. Returns 0 if valid. */
int prov_text(const struct jdoc *d, const json_t *obj, char *out, size_t n, struct errlist *errs);

#endif
