/* jdoc: a JSON document loaded with jansson, plus the source line of every value so that
 * loaders can report "file:line: message" about any value they reject. */
#ifndef CRIMEA_JDOC_H
#define CRIMEA_JDOC_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "err.h"

struct jline {
	const json_t *v;
	int line;
};

struct jdoc {
	json_t *root;     /* owned */
	char file[ERR_FILE_MAX];
	struct jline *lines; /* owned; sorted by value address */
	size_t nlines;
};

/* Parses text (len bytes) as a JSON object; duplicate keys are rejected. On failure fills e
 * with the parser's line and returns -1; on success the caller frees with jdoc_free. */
int jdoc_parse(struct jdoc *d, const char *file, const char *text, size_t len, struct err *e);
/* Reads and parses a file. */
int jdoc_load(struct jdoc *d, const char *path, struct err *e);
void jdoc_free(struct jdoc *d);

/* The source line of v (0 if unknown: true/false/null are shared singletons). */
int jdoc_line(const struct jdoc *d, const json_t *v);
/* Sets e to "file:line(v): message". Returns -1. */
int jdoc_err(const struct jdoc *d, const json_t *v, struct err *e, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* As jdoc_err, appending the error to a list instead. */
void jdoc_add(const struct jdoc *d, const json_t *v, struct errlist *l, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
