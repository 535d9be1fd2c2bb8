/* fsio: file reading and atomic writing. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "fsio.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool fs_same_file(const char *a, const char *b)
{
	char *ra = realpath(a, NULL), *rb = realpath(b, NULL);
	bool same = ra && rb ? !strcmp(ra, rb) : !strcmp(a, b);
	free(ra);
	free(rb);
	return same;
}

int fs_abs_path(const char *path, char *out, size_t n)
{
	char *real = realpath(path, NULL);
	int w = real ? snprintf(out, n, "%s", real) : -1;
	free(real);
	return w >= 0 && (size_t)w < n ? 0 : -1;
}

int fs_read_all(const char *path, char **buf, size_t *len, struct err *e)
{
	FILE *f = fopen(path, "rb");
	char *b = NULL;
	size_t cap = 0, n = 0;

	if (!f)
		return err_set(e, path, 0, "cannot open: %s", strerror(errno));
	for (;;) {
		if (cap - n < 4096) {
			size_t ncap = cap ? cap * 2 : 8192;
			char *nb = realloc(b, ncap + 1);
			if (!nb) {
				free(b);
				fclose(f);
				return err_set(e, path, 0, "out of memory");
			}
			b = nb;
			cap = ncap;
		}
		size_t got = fread(b + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		free(b);
		fclose(f);
		return err_set(e, path, 0, "read error");
	}
	fclose(f);
	b[n] = '\0';
	*buf = b;
	if (len)
		*len = n;
	return 0;
}

int fs_write_atomic(const char *path, const void *data, size_t len, struct err *e)
{
	char tmp[4096], dir[4096];
	const char *p = data;
	int fd, dfd;

	if (snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path) >= (int)sizeof tmp)
		return err_set(e, path, 0, "path too long");
	fd = mkstemp(tmp);
	if (fd < 0)
		return err_set(e, path, 0, "cannot create temporary file: %s", strerror(errno));
	while (len > 0) {
		ssize_t w = write(fd, p, len);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			err_set(e, path, 0, "write failed: %s", strerror(errno));
			goto out_unlink;
		}
		p += w;
		len -= (size_t)w;
	}
	if (fsync(fd) != 0) {
		err_set(e, path, 0, "fsync failed: %s", strerror(errno));
		goto out_unlink;
	}
	if (fchmod(fd, 0644) != 0) {
		err_set(e, path, 0, "chmod failed: %s", strerror(errno));
		goto out_unlink;
	}
	if (close(fd) != 0) {
		fd = -1;
		err_set(e, path, 0, "close failed: %s", strerror(errno));
		goto out_unlink;
	}
	fd = -1;
	if (rename(tmp, path) != 0) {
		err_set(e, path, 0, "rename failed: %s", strerror(errno));
		goto out_unlink;
	}
	snprintf(dir, sizeof dir, "%s", path);
	dfd = open(dirname(dir), O_RDONLY | O_DIRECTORY);
	if (dfd >= 0) {
		(void)fsync(dfd);
		close(dfd);
	}
	return 0;
out_unlink:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	return -1;
}

uint64_t fnv1a64(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

uint64_t fs_hash_file(uint64_t h, const char *path)
{
	char *buf;
	size_t len;
	if (fs_read_all(path, &buf, &len, NULL) != 0)
		return h;
	h = fnv1a64(h, buf, len);
	free(buf);
	return h;
}

void fs_rel_path(char *out, size_t n, const char *base, const char *rel)
{
	char tmp[4096];
	if (rel[0] == '/') {
		snprintf(out, n, "%s", rel);
		return;
	}
	snprintf(tmp, sizeof tmp, "%s", base);
	snprintf(out, n, "%s/%s", dirname(tmp), rel);
}
