/* prompt: how `crimea play` reads a person's lines. On a terminal (input and output both a
 * tty, TERM not "dumb") with line editing, a history of the lines typed, kept from one
 * session to the next (up and down arrows, ^R to search it) and tab completion (libedit); from a pipe or a file plain lines, so
 * that scripts, tests and a referee's piped dice read exactly as before. */
#ifndef CRIMEA_PROMPT_H
#define CRIMEA_PROMPT_H

#include <stdbool.h>
#include <stddef.h>

#include "complete.h"

struct prompt;

/* Fills out with the candidates for the last word of line (complete_line's contract); ctx
 * is prompt_new's. */
typedef int (*prompt_complete_fn)(void *ctx, const char *line, struct complete_list *out);

/* A prompt for program prog (the name libedit reads ~/.editrc settings under). complete may
 * be NULL (no completion). histfile: a file that keeps the command lines from one session to
 * the next (read at the start, rewritten by rename after each line; NULL or "": none); on a
 * terminal only. Returns NULL when out of memory; the caller frees it with prompt_free, which
 * puts the terminal back as it was. */
struct prompt *prompt_new(const char *prog, prompt_complete_fn complete, void *ctx, const char *histfile);
void prompt_free(struct prompt *p);

/* Whether the prompt edits lines (a terminal) or reads them plainly. */
bool prompt_editing(const struct prompt *p);

/* Shows text and reads one line into buf[n]: without its newline, and without spaces at
 * either end. command: a command line (kept in the history and completed with the tab key),
 * not an answer such as a die. Returns 0; 1 when the line does not fit in buf (buf is then "",
 * and the whole line is consumed); -1 at the end of the input (^D on a terminal). */
int prompt_read(struct prompt *p, const char *text, bool command, char *buf, size_t n);

#endif
