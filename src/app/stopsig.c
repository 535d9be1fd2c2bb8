/* stopsig: a stop asked by a signal, noticed by the loop that can stop cleanly (stopsig.h). */
#include "stopsig.h"

#include <string.h>
#include <unistd.h>

static const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};

/* The signal that asked for a stop, and the line the handler writes. A handler reaches nothing
 * but file-scope state, so these are the module's variables outside a struct (the process has
 * one set of signal handlers); the note is set before the handlers are installed. */
static volatile sig_atomic_t asked;
static const char *note;
static size_t note_len;

static void on_stop(int sig)
{
	if (asked) { /* a second time: what the signal did before (it is blocked until we return) */
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	asked = sig;
	if (write(STDERR_FILENO, note, note_len) < 0) {
		/* (nothing to do: the stop is asked all the same) */
	}
}

void stopsig_arm(struct stopsig *s, const char *line)
{
	struct sigaction sa;
	if (s->armed)
		return;
	note = line;
	note_len = strlen(line);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < 3; i++) {
		sigaction(sigs[i], NULL, &s->old[i]);
		if (s->old[i].sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
	s->armed = true;
}

void stopsig_disarm(struct stopsig *s)
{
	if (!s->armed)
		return;
	for (int i = 0; i < 3; i++)
		sigaction(sigs[i], &s->old[i], NULL);
	s->armed = false;
}

int stopsig_asked(void)
{
	return asked;
}
