/* ptyrun: runs a command on a pseudo-terminal and talks to it from a script, as a person at a
 * terminal would (the CLI tests of what only a terminal gets: line editing, completion,
 * progress bars). Usage: ptyrun SCRIPT TRANSCRIPT COMMAND [ARG...]
 * SCRIPT has one step a line ("#" lines and empty lines are skipped):
 *   send TEXT     types TEXT (C escapes: \t \n \r \e \\ \xHH)
 *   expect TEXT   waits until the command's output, after what the last expect matched,
 *                 holds TEXT (the same escapes); fails after TIMEOUT_S seconds
 *   edit          waits until the command reads a line with editing (the terminal out of
 *                 canonical mode): keys typed before that would reach the terminal's own
 *                 line discipline instead (a ^D there is lost when the editor takes over)
 *   exit N        waits for the command to end and checks its exit status
 * Everything the command wrote goes to TRANSCRIPT. The command runs with TERM=xterm on an
 * 100 x 40 terminal. Prints "ok" and exits 0, or what failed and exits 1. */
#define _GNU_SOURCE /* forkpty, memmem */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define TIMEOUT_S 60 /* a hang, not a speed limit: a step normally takes milliseconds */

struct run {
	int fd;          /* the terminal's master side */
	pid_t pid;
	char *out;       /* everything read */
	size_t len, cap, mark;
	FILE *transcript;
	int status;      /* the command's wait status, once it ended */
	int ended;
};

/* Decodes the C escapes of s in place; the decoded length. */
static size_t unescape(char *s)
{
	char *w = s;
	for (const char *r = s; *r; r++) {
		if (*r != '\\' || !r[1]) {
			*w++ = *r;
			continue;
		}
		switch (*++r) {
		case 't': *w++ = '\t'; break;
		case 'n': *w++ = '\n'; break;
		case 'r': *w++ = '\r'; break;
		case 'e': *w++ = '\033'; break;
		case 'x': {
			unsigned v = 0;
			int k = 0;
			while (k < 2 && r[1] && strchr("0123456789abcdefABCDEF", r[1])) {
				char c = *++r;
				v = v * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 32) - 'a' + 10);
				k++;
			}
			*w++ = (char)v;
			break;
		}
		default: *w++ = *r; break;
		}
	}
	*w = '\0';
	return (size_t)(w - s);
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Reads what the command wrote, waiting at most ms; 0, or -1 once it has closed the terminal. */
static int pump(struct run *r, int ms)
{
	struct pollfd p = {r->fd, POLLIN, 0};
	char buf[4096];
	if (poll(&p, 1, ms) <= 0)
		return 0;
	ssize_t k = read(r->fd, buf, sizeof buf);
	if (k <= 0)
		return -1; /* (EIO once the command's side is closed) */
	if (r->len + (size_t)k + 1 > r->cap) {
		size_t cap = (r->cap + (size_t)k) * 2;
		char *o = realloc(r->out, cap);
		if (!o) {
			fprintf(stderr, "ptyrun: out of memory\n");
			exit(1);
		}
		r->out = o;
		r->cap = cap;
	}
	memcpy(r->out + r->len, buf, (size_t)k);
	r->len += (size_t)k;
	r->out[r->len] = '\0';
	fwrite(buf, 1, (size_t)k, r->transcript);
	fflush(r->transcript);
	return 0;
}

static int expect(struct run *r, const char *text, size_t n)
{
	double until = now() + TIMEOUT_S;
	for (;;) {
		char *at = memmem(r->out + r->mark, r->len - r->mark, text, n);
		if (at) {
			r->mark = (size_t)(at - r->out) + n;
			return 0;
		}
		if (now() > until || pump(r, 100) != 0) {
			/* one more look: the command may have written it just before it ended */
			at = memmem(r->out + r->mark, r->len - r->mark, text, n);
			if (at) {
				r->mark = (size_t)(at - r->out) + n;
				return 0;
			}
			return -1;
		}
	}
}

static int wait_edit(struct run *r)
{
	double until = now() + TIMEOUT_S;
	for (;;) {
		struct termios t;
		if (tcgetattr(r->fd, &t) == 0 && !(t.c_lflag & ICANON))
			return 0;
		if (now() > until || pump(r, 10) != 0)
			return -1;
	}
}

static int wait_exit(struct run *r)
{
	double until = now() + TIMEOUT_S;
	while (!r->ended) {
		pid_t w = waitpid(r->pid, &r->status, WNOHANG);
		if (w == r->pid) {
			r->ended = 1;
			break;
		}
		if (now() > until)
			return -1;
		pump(r, 50);
	}
	while (poll(&(struct pollfd){r->fd, POLLIN, 0}, 1, 0) > 0 && pump(r, 0) == 0)
		; /* what it wrote last */
	return 0;
}

int main(int argc, char **argv)
{
	struct run r = {0};
	struct winsize ws = {40, 100, 0, 0};
	char line[4096];
	FILE *script;
	int lineno = 0, rc = 0;

	if (argc < 4) {
		fprintf(stderr, "usage: ptyrun SCRIPT TRANSCRIPT COMMAND [ARG...]\n");
		return 2;
	}
	if (!(script = fopen(argv[1], "r")) || !(r.transcript = fopen(argv[2], "w"))) {
		fprintf(stderr, "ptyrun: %s: %s\n", script ? argv[2] : argv[1], strerror(errno));
		return 2;
	}
	r.cap = 1 << 16;
	if (!(r.out = malloc(r.cap))) {
		fprintf(stderr, "ptyrun: out of memory\n");
		return 2;
	}
	r.out[0] = '\0';
	r.pid = forkpty(&r.fd, NULL, NULL, &ws);
	if (r.pid < 0) {
		fprintf(stderr, "ptyrun: forkpty: %s\n", strerror(errno));
		return 2;
	}
	if (r.pid == 0) {
		setenv("TERM", "xterm", 1);
		execvp(argv[3], argv + 3);
		fprintf(stderr, "ptyrun: %s: %s\n", argv[3], strerror(errno));
		_exit(127);
	}
	while (fgets(line, sizeof line, script)) {
		char *arg;
		size_t n;
		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		arg = strchr(line, ' ');
		arg = arg ? arg + 1 : line + strlen(line);
		n = unescape(arg);
		if (!strncmp(line, "send ", 5)) {
			pump(&r, 0);
			if (write(r.fd, arg, n) != (ssize_t)n) {
				fprintf(stderr, "%s:%d: could not type: %s\n", argv[1], lineno, strerror(errno));
				rc = 1;
				break;
			}
		} else if (!strncmp(line, "expect ", 7)) {
			if (expect(&r, arg, n) != 0) {
				fprintf(stderr, "%s:%d: the output never held \"%s\"; it ends:\n%s\n", argv[1], lineno, arg,
					r.len > 600 ? r.out + r.len - 600 : r.out);
				rc = 1;
				break;
			}
		} else if (!strcmp(line, "edit")) {
			if (wait_edit(&r) != 0) {
				fprintf(stderr, "%s:%d: the command never read a line with editing\n", argv[1], lineno);
				rc = 1;
				break;
			}
		} else if (!strncmp(line, "exit ", 5)) {
			int want = atoi(arg);
			if (wait_exit(&r) != 0) {
				fprintf(stderr, "%s:%d: the command did not end\n", argv[1], lineno);
				rc = 1;
				break;
			}
			if (!WIFEXITED(r.status) || WEXITSTATUS(r.status) != want) {
				fprintf(stderr, "%s:%d: the command ended with status %d, wanted %d\n", argv[1], lineno,
					WIFEXITED(r.status) ? WEXITSTATUS(r.status) : 128 + WTERMSIG(r.status), want);
				rc = 1;
				break;
			}
		} else {
			fprintf(stderr, "%s:%d: not a step: %s\n", argv[1], lineno, line);
			rc = 2;
			break;
		}
	}
	if (!r.ended) {
		kill(r.pid, SIGKILL);
		waitpid(r.pid, &r.status, 0);
	}
	fclose(script);
	fclose(r.transcript);
	free(r.out);
	if (rc == 0)
		printf("ok\n");
	return rc;
}
