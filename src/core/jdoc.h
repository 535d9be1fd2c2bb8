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
/* The same, the error added to errs: what every loader's *_load_file starts with. */
int jdoc_load_errs(struct jdoc *d, const char *path, struct errlist *errs);
void jdoc_free(struct jdoc *d);

/* The source line of v (0 if unknown: true/false/null are shared singletons). */
int jdoc_line(const struct jdoc *d, const json_t *v);
/* Sets e to "file:line(v): message". Returns -1. */
int jdoc_err(const struct jdoc *d, const json_t *v, struct err *e, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* As jdoc_err, appending the error to a list instead. */
void jdoc_add(const struct jdoc *d, const json_t *v, struct errlist *l, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Typed members of obj, each problem added to errs as file:line: message. jdoc_str: the string
 * at k (borrowed), or NULL when it is missing (a problem only when need) or not a string.
 * jdoc_int: a whole number within lo..hi, else lo. jdoc_bool: true or false; missing is false. */
const char *jdoc_str(const struct jdoc *d, const json_t *obj, const char *k, bool need, struct errlist *errs);
int jdoc_int(const struct jdoc *d, const json_t *obj, const char *k, int lo, int hi, struct errlist *errs);
bool jdoc_bool(const struct jdoc *d, const json_t *obj, const char *k, struct errlist *errs);
/* A number (whole or not) within lo..hi, else lo. */
double jdoc_num(const struct jdoc *d, const json_t *obj, const char *k, double lo, double hi, struct errlist *errs);

#endif
