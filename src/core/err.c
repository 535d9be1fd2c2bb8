/* err: error reports with file and line. */
#include "err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int err_set(struct err *e, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	snprintf(e->file, sizeof e->file, "%s", file ? file : "");
	e->line = line;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
	return -1;
}

void err_format(const struct err *e, char *buf, size_t n)
{
	if (e->file[0] && e->line > 0)
		snprintf(buf, n, "%s:%d: %s", e->file, e->line, e->msg);
	else if (e->file[0])
		snprintf(buf, n, "%s: %s", e->file, e->msg);
	else
		snprintf(buf, n, "%s", e->msg);
}

void errlist_init(struct errlist *l)
{
	l->n = 0;
	l->total = 0;
}

void errlist_add(struct errlist *l, const struct err *e)
{
	if (l->n < ERRLIST_MAX)
		l->e[l->n++] = *e;
	l->total++;
}
