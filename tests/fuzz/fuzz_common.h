/* fuzz_common: helpers shared by the libFuzzer targets in tests/fuzz/.
 * libFuzzer calls LLVMFuzzerTestOneInput with no context pointer, so each target keeps what it
 * builds once (temp directory, a loaded scenario, a started game) in file-scope statics set up in
 * LLVMFuzzerInitialize: the one place in crimea where state is not passed explicitly.
 *
 * Data files are found under FUZZ_ROOT (the repository root, set by run.sh at build time), or
 * under $CRIMEA_ROOT when that is set. Temp files live in one mkdtemp directory per process,
 * removed at exit. A broken invariant calls fz_fail(), which aborts so libFuzzer saves the input. */
#ifndef CRIMEA_FUZZ_COMMON_H
#define CRIMEA_FUZZ_COMMON_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/fsio.h"

#ifndef FUZZ_ROOT
#define FUZZ_ROOT "."
#endif

#define FZ_PATH_MAX 1024
#define FZ_FILES_MAX 16

struct fz_tmp {
	char dir[FZ_PATH_MAX];
	char files[FZ_FILES_MAX][FZ_PATH_MAX]; /* removed at exit, last first */
	int nfiles;
};

static struct fz_tmp fz_tmp_state;

__attribute__((noreturn, format(printf, 1, 2)))
static inline void fz_fail(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "fuzz invariant broken: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

static inline const char *fz_root(void)
{
	const char *r = getenv("CRIMEA_ROOT");
	return r && *r ? r : FUZZ_ROOT;
}

static inline void fz_cleanup(void)
{
	struct fz_tmp *t = &fz_tmp_state;
	for (int i = t->nfiles - 1; i >= 0; i--) {
		if (unlink(t->files[i]) != 0)
			rmdir(t->files[i]);
	}
	if (t->dir[0])
		rmdir(t->dir);
}

/* The process's temp directory (created on first use). */
static inline const char *fz_tmpdir(void)
{
	struct fz_tmp *t = &fz_tmp_state;
	if (!t->dir[0]) {
		const char *base = getenv("TMPDIR");
		snprintf(t->dir, sizeof t->dir, "%s/crimea-fuzz-XXXXXX", base && *base ? base : "/tmp");
		if (!mkdtemp(t->dir))
			fz_fail("mkdtemp %s failed", t->dir);
		atexit(fz_cleanup);
	}
	return t->dir;
}

/* Writes out (a path made of dir and name) into `out` and registers it for removal at exit. */
static inline const char *fz_tmppath(char *out, size_t n, const char *name)
{
	struct fz_tmp *t = &fz_tmp_state;
	snprintf(out, n, "%s/%s", fz_tmpdir(), name);
	for (int i = 0; i < t->nfiles; i++)
		if (!strcmp(t->files[i], out))
			return out;
	if (t->nfiles == FZ_FILES_MAX)
		fz_fail("too many temp files");
	snprintf(t->files[t->nfiles++], FZ_PATH_MAX, "%s", out);
	return out;
}

/* Creates the directory name inside the temp directory; its path goes to out. */
static inline const char *fz_mkdir(char *out, size_t n, const char *name)
{
	fz_tmppath(out, n, name);
	if (mkdir(out, 0700) != 0 && errno != EEXIST)
		fz_fail("cannot create %s", out);
	return out;
}

/* Writes len bytes to path (plainly: the fuzzers do not need atomic writes). */
static inline void fz_write(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (!f || (len && fwrite(data, 1, len, f) != len) || fclose(f) != 0)
		fz_fail("cannot write %s", path);
}

/* Copies the repository file rel (e.g. "data/quad/tables.json") to path. */
static inline void fz_copy(const char *rel, const char *path)
{
	char src[FZ_PATH_MAX], *buf;
	size_t len;
	struct err e;
	snprintf(src, sizeof src, "%s/%s", fz_root(), rel);
	if (fs_read_all(src, &buf, &len, &e) != 0)
		fz_fail("cannot read %s: %s (set CRIMEA_ROOT to the repository root)", src, e.msg);
	fz_write(path, buf, len);
	free(buf);
}

/* A NUL-terminated copy of the input (libFuzzer's data is not terminated). */
static inline char *fz_strndup(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* A small deterministic generator for choices a target makes (never the game's dice). */
static inline uint64_t fz_mix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

#endif
