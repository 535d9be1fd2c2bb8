/* prompt: line editing, history and completion at `crimea play`'s prompt (libedit). */
#include "prompt.h"

#include <histedit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#define HISTORY_MAX 1000   /* lines kept for the up arrow */
#define LIST_WIDTH 80      /* columns a list of candidates fills when the terminal does not say */

struct prompt {
	EditLine *el;         /* NULL: plain lines */
	History *hist;
	prompt_complete_fn complete;
	void *ctx;
	char text[512];       /* what prompt_read shows now */
	bool command;         /* the line being read is a command (completed, kept) */
	struct complete_list list; /* the candidates of the last tab */
	char histfile[1024];  /* where the history is kept ("": nowhere) */
};

static char *show_text(EditLine *el)
{
	struct prompt *p = NULL;
	el_get(el, EL_CLIENTDATA, &p);
	return p->text; /* (set before el_gets runs) */
}

/* Prints the candidates in columns under the line (the line is shown again after them). */
static void list_words(EditLine *el, const struct complete_list *l)
{
	int cols = 0, w = 0, per;
	if (el_get(el, EL_GETTC, "co", &cols, NULL) != 0 || cols <= 0)
		cols = LIST_WIDTH;
	for (int i = 0; i < l->n; i++)
		if ((int)strlen(l->word[i]) > w)
			w = (int)strlen(l->word[i]);
	w += 2;
	per = cols / w > 0 ? cols / w : 1;
	fputc('\n', stdout);
	for (int i = 0; i < l->n; i++)
		printf("%-*s%s", i % per == per - 1 || i == l->n - 1 ? 0 : w, l->word[i],
		       i % per == per - 1 || i == l->n - 1 ? "\n" : "");
	if (l->more)
		printf("(and more: type a letter or two)\n");
	fflush(stdout);
}

/* The tab key: completes the word before the cursor as far as every candidate agrees, with
 * a space after a word that is whole; lists the candidates when they do not agree further. */
static unsigned char complete_key(EditLine *el, int ch)
{
	struct prompt *p = NULL;
	const LineInfo *li = el_line(el);
	char line[ACTION_TEXT_MAX + 64], common[COMPLETE_WORD];
	size_t len = (size_t)(li->cursor - li->buffer), typed, clen;

	(void)ch;
	el_get(el, EL_CLIENTDATA, &p);
	if (!p || !p->complete || !p->command || len >= sizeof line)
		return CC_REFRESH_BEEP;
	memcpy(line, li->buffer, len);
	line[len] = '\0';
	if (p->complete(p->ctx, line, &p->list) <= 0)
		return CC_REFRESH_BEEP;
	typed = len - p->list.start;
	clen = complete_common(&p->list, common, sizeof common);
	if (clen > typed || p->list.n == 1) {
		if (clen > typed && el_insertstr(el, common + typed) != 0)
			return CC_REFRESH_BEEP;
		if (p->list.n == 1 && !p->list.more)
			el_insertstr(el, " ");
		return CC_REFRESH;
	}
	list_words(el, &p->list);
	return CC_REDISPLAY;
}

struct prompt *prompt_new(const char *prog, prompt_complete_fn complete, void *ctx, const char *histfile)
{
	struct prompt *p = calloc(1, sizeof *p);
	const char *term = getenv("TERM");
	HistEvent ev;

	if (!p)
		return NULL;
	p->complete = complete;
	p->ctx = ctx;
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO) || !term || !term[0] || !strcmp(term, "dumb"))
		return p; /* plain lines */
	p->el = el_init(prog, stdin, stdout, stderr);
	p->hist = history_init();
	if (!p->el || !p->hist) { /* (plain lines rather than none) */
		if (p->el)
			el_end(p->el);
		if (p->hist)
			history_end(p->hist);
		p->el = NULL;
		p->hist = NULL;
		return p;
	}
	history(p->hist, &ev, H_SETSIZE, HISTORY_MAX);
	history(p->hist, &ev, H_SETUNIQUE, 1); /* the same line twice running is kept once */
	if (histfile && histfile[0] && strlen(histfile) + 5 < sizeof p->histfile) {
		snprintf(p->histfile, sizeof p->histfile, "%s", histfile);
		history(p->hist, &ev, H_LOAD, p->histfile); /* (none yet: an empty history) */
	}
	el_set(p->el, EL_CLIENTDATA, p);
	el_set(p->el, EL_EDITOR, "emacs");
	el_set(p->el, EL_SIGNAL, 1); /* the terminal put back on ^C, and the size followed */
	el_set(p->el, EL_PROMPT, show_text);
	el_set(p->el, EL_HIST, history, p->hist);
	/* (the wide form keeps the names as given: the narrow one copies them and never frees
	 * the copies) */
	el_wset(p->el, EL_ADDFN, L"crimea-complete", L"complete an action, a unit or a hex", complete_key);
	el_set(p->el, EL_BIND, "^I", "crimea-complete", NULL);
	el_set(p->el, EL_BIND, "^R", "em-inc-search-prev", NULL);
	el_source(p->el, NULL); /* the player's own ~/.editrc, if any (vi keys, say) */
	return p;
}

void prompt_free(struct prompt *p)
{
	if (!p)
		return;
	if (p->el)
		el_end(p->el);
	if (p->hist)
		history_end(p->hist);
	free(p);
}

bool prompt_editing(const struct prompt *p)
{
	return p->el != NULL;
}

/* Copies s (len bytes) into buf[n] without the spaces and line ends at either end. Returns 1
 * (buf then "") when that does not fit, else 0. */
static int trimmed(const char *s, size_t len, char *buf, size_t n)
{
	while (len > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	while (len > 0 && strchr(" \t\r\n", s[len - 1]))
		len--;
	if (len >= n) {
		buf[0] = '\0';
		return 1;
	}
	memcpy(buf, s, len);
	buf[len] = '\0';
	return 0;
}

int prompt_read(struct prompt *p, const char *text, bool command, char *buf, size_t n)
{
	if (n == 0)
		return -1;
	if (!p->el) {
		char *line = NULL;
		size_t cap = 0;
		ssize_t len;
		int rc;
		fputs(text, stdout);
		fflush(stdout);
		if ((len = getline(&line, &cap, stdin)) < 0) {
			free(line);
			return -1;
		}
		rc = trimmed(line, (size_t)len, buf, n); /* the whole line read, however long */
		free(line);
		return rc;
	}
	int count = 0;
	const char *line;
	snprintf(p->text, sizeof p->text, "%s", text);
	p->command = command;
	fflush(stdout);
	line = el_gets(p->el, &count);
	if (!line || count <= 0)
		return -1;
	if (trimmed(line, (size_t)count, buf, n))
		return 1;
	if (command && buf[0]) {
		HistEvent ev;
		history(p->hist, &ev, H_ENTER, buf);
		if (p->histfile[0]) { /* a whole new file in place of the old: never a torn one */
			char tmp[sizeof p->histfile + 8];
			snprintf(tmp, sizeof tmp, "%s.new", p->histfile);
			if (history(p->hist, &ev, H_SAVE, tmp) < 0 || rename(tmp, p->histfile) != 0)
				remove(tmp);
		}
	}
	return 0;
}
