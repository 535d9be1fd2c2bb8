/* stopsig: a stop asked by a signal (^C, kill, a closed terminal) while the computer plays, so
 * that `crimea play --save` writes its save before it stops. */
#ifndef CRIMEA_APP_STOPSIG_H
#define CRIMEA_APP_STOPSIG_H

#include <signal.h>
#include <stdbool.h>

/* What a stop signal did before stopsig_arm, to be put back by stopsig_disarm. */
struct stopsig {
	bool armed;
	struct sigaction old[3]; /* SIGINT, SIGTERM, SIGHUP */
};

/* From now on SIGINT, SIGTERM and SIGHUP only ask for a stop (stopsig_asked), writing line (a
 * static string: what the stop will do) on stderr; the same signal again stops the program at once, as it would have. A signal the
 * process was started ignoring (a background job's SIGINT) stays ignored. Nothing when armed. */
void stopsig_arm(struct stopsig *s, const char *line);

/* The signals do again what they did before stopsig_arm (a stop asked stays asked). */
void stopsig_disarm(struct stopsig *s);

/* The signal that asked for a stop, or 0. */
int stopsig_asked(void);

#endif
