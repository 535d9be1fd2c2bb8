/* fsio: whole-file reads and atomic writes (temp file + fsync + rename + directory fsync),
 * so a crash at any moment leaves either the old file or the new one, never a torn one. */
#ifndef CRIMEA_FSIO_H
#define CRIMEA_FSIO_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

/* Reads the whole file; *buf is malloc'd, NUL-terminated, owned by the caller. */
int fs_read_all(const char *path, char **buf, size_t *len, struct err *e);
/* Replaces path's contents with data atomically. */
int fs_write_atomic(const char *path, const void *data, size_t len, struct err *e);
/* 64-bit FNV-1a hash, continuing from h (start with FNV_OFFSET). */
#define FNV_OFFSET 0xcbf29ce484222325ULL
uint64_t fnv1a64(uint64_t h, const void *data, size_t len);

#endif
