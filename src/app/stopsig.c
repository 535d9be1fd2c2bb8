/* stopsig: a stop asked by a signal, noticed by the loop that can stop cleanly (stopsig.h). */
#include "stopsig.h"

#include <string.h>
#include <unistd.h>

static const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};

/* The signal that asked for a stop. A handler reaches nothing but file-scope state, so this is
 * the module's one variable outside a struct (the process has one set of signal handlers). */
static volatile sig_atomic_t asked;

static void on_stop(int sig)
{
	static const char msg[] = "\ncrimea: stopping after the computer's action, once the save has it"
				  " (the same again stops at once)\n";
	if (asked) { /* a second time: what the signal did before (it is blocked until we return) */
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	asked = sig;
	if (write(STDERR_FILENO, msg, sizeof msg - 1) < 0) {
		/* (nothing to do: the stop is asked all the same) */
	}
}

void stopsig_arm(struct stopsig *s)
{
	struct sigaction sa;
	if (s->armed)
		return;
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
