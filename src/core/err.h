/* err: caller-owned error reports of the form "file:line: message".
 * Every fallible function in crimea fills a struct err the caller provides. */
#ifndef CRIMEA_ERR_H
#define CRIMEA_ERR_H

#include <stddef.h>

#define ERR_FILE_MAX 256
#define ERR_MSG_MAX 512
#define ERRLIST_MAX 64

struct err {
	char file[ERR_FILE_MAX]; /* "" when the error is not about a file */
	int line;                /* 0 when unknown */
	char msg[ERR_MSG_MAX];
};

/* A bounded list of errors, for checkers that report every problem. */
struct errlist {
	struct err e[ERRLIST_MAX];
	int n;     /* stored */
	int total; /* reported, including those past ERRLIST_MAX */
};

/* Sets *e (if e is not NULL). file may be NULL. Always returns -1. */
int err_set(struct err *e, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Writes "file:line: msg" (or "file: msg", or "msg") into buf. */
void err_format(const struct err *e, char *buf, size_t n);

void errlist_init(struct errlist *l);
/* Appends a copy of *e. */
void errlist_add(struct errlist *l, const struct err *e);

#endif
