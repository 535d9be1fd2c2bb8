/* fsio: whole-file reads and atomic writes (temp file + fsync + rename + directory fsync),
 * so a crash at any moment leaves either the old file or the new one, never a torn one. */
#ifndef CRIMEA_FSIO_H
#define CRIMEA_FSIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"

/* Reads the whole file; *buf is malloc'd, NUL-terminated, owned by the caller. */
int fs_read_all(const char *path, char **buf, size_t *len, struct err *e);
/* Whether paths a and b name one file: their resolved paths are equal, or, when either cannot be
 * resolved (a file not there), the paths as given. */
bool fs_same_file(const char *a, const char *b);
/* The absolute, resolved path of an existing file into out (n bytes): 0, or -1 when the file is
 * not there or its path does not fit. */
int fs_abs_path(const char *path, char *out, size_t n);
/* Replaces path's contents with data atomically. */
int fs_write_atomic(const char *path, const void *data, size_t len, struct err *e);
/* 64-bit FNV-1a hash, continuing from h (start with FNV_OFFSET). */
#define FNV_OFFSET 0xcbf29ce484222325ULL
uint64_t fnv1a64(uint64_t h, const void *data, size_t len);
/* fnv1a64 continued over a file's bytes (h unchanged when it cannot be read). */
uint64_t fs_hash_file(uint64_t h, const char *path);
/* rel as a path: itself when absolute, else beside the file base (in base's folder). */
void fs_rel_path(char *out, size_t n, const char *base, const char *rel);

#endif
