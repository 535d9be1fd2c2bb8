/* complete: tab completion for `crimea play`'s prompt, from the game's legal actions. */
#include "complete.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ai/ai.h"

const char *const complete_commands[] = {"actions", "odds", "hint", "map", "hex", "units", "show",
					 "status", "score", "schedule", "log", "undo", "save", "help", "quit", NULL};

#define LIST_CAP 16384     /* actions listed (a Movement Phase lists a few thousand) */
#define WORDS_MAX 16       /* words of the line looked at */
#define ODDS_TEXT 16384    /* room for one odds text, when finding which verbs have odds */

/* The line split at spaces: word[k] (len[k] bytes) for k < n, the last one the word being
 * completed ("" after a trailing space). */
struct words {
	int n;
	const char *word[WORDS_MAX];
	size_t len[WORDS_MAX];
};

static int split(const char *s, struct words *w)
{
	w->n = 0;
	for (;;) {
		while (*s == ' ')
			s++;
		size_t l = strcspn(s, " ");
		if (w->n == WORDS_MAX)
			return -1;
		w->word[w->n] = s;
		w->len[w->n++] = l;
		if (!s[l])
			return 0; /* the last word, maybe empty */
		s += l;
	}
}

/* Adds the len bytes at w as a candidate if they begin with the word being completed (pre,
 * plen bytes) and are not there yet. */
static void add(struct complete_list *out, const char *w, size_t len, const char *pre, size_t plen)
{
	if (len < plen || memcmp(w, pre, plen) != 0)
		return;
	if (len >= COMPLETE_WORD) {
		out->more = 1;
		return;
	}
	for (int i = out->n - 1; i >= 0; i--) /* (the last first: an action list repeats a word in a run) */
		if (!strncmp(out->word[i], w, len) && !out->word[i][len])
			return;
	if (out->n == COMPLETE_MAX) {
		out->more = 1;
		return;
	}
	memcpy(out->word[out->n], w, len);
	out->word[out->n++][len] = '\0';
}

/* Word k of text (k >= 0) into *w, *len; false if text has fewer words. */
static bool word_of(const char *text, int k, const char **w, size_t *len)
{
	const char *p = text;
	for (int i = 0;; i++) {
		while (*p == ' ')
			p++;
		if (!*p)
			return false;
		size_t l = strcspn(p, " ");
		if (i == k) {
			*w = p;
			*len = l;
			return true;
		}
		p += l;
	}
}

/* Adds word w->n - 1 - from of each action text t[nt] whose earlier words (from word from of
 * the line on) are the line's. */
static void next_words(struct complete_list *out, char (*t)[ACTION_TEXT_MAX], int nt,
		       const struct words *w, int from)
{
	int k = w->n - 1 - from; /* the word of the action being completed */
	for (int i = 0; i < nt; i++) {
		const char *x;
		size_t l;
		bool same = true;
		for (int j = 0; j < k && same; j++)
			same = word_of(t[i], j, &x, &l) && l == w->len[from + j] && !memcmp(x, w->word[from + j], l);
		if (same && word_of(t[i], k, &x, &l))
			add(out, x, l, w->word[w->n - 1], w->len[w->n - 1]);
	}
}

/* g's legal actions as text into t[cap]; their count (at most cap). */
static int action_texts(const struct game *g, struct action *a, char (*t)[ACTION_TEXT_MAX], int cap)
{
	int n = g->rules->actions(g, a, cap);
	if (n > cap)
		n = cap;
	for (int i = 0; i < n; i++)
		g->rules->format(g, &a[i], t[i], sizeof t[i]);
	return n;
}

/* Keeps, of t[n] (g's actions a[n]), those of a verb (first word) whose first action has
 * odds in g; their count. */
static int keep_odds(const struct game *g, struct action *a, char (*t)[ACTION_TEXT_MAX], int n, char *buf)
{
	char verb[32][24]; /* (copies: t is compacted as it is read) */
	bool yes[32];
	int nv = 0, m = 0;
	for (int i = 0; i < n; i++) {
		size_t l = strcspn(t[i], " ");
		int v = 0;
		if (l >= sizeof verb[0])
			continue;
		while (v < nv && !(strlen(verb[v]) == l && !memcmp(verb[v], t[i], l)))
			v++;
		if (v == nv) {
			struct err e;
			if (nv == 32)
				continue;
			memcpy(verb[nv], t[i], l);
			verb[nv][l] = '\0';
			yes[nv++] = g->rules->odds(g, &a[i], buf, ODDS_TEXT, &e) == 0;
		}
		if (yes[v]) {
			if (m != i)
				memcpy(t[m], t[i], sizeof t[m]);
			m++;
		}
	}
	return m;
}

/* The actions whose odds the prompt's odds gives (game_odds_plan): those of g's phase and
 * each later phase of this player-turn that have odds, on a copy whose phases are ended at
 * once; when there are none, those of the next player-turn. Their texts into t[cap]; their
 * count. */
static int odds_texts(const struct game *g, struct action *a, char (*t)[ACTION_TEXT_MAX], int cap)
{
	struct game *c = malloc(sizeof *c);
	char *buf = malloc(ODDS_TEXT);
	struct action end;
	struct err e;
	int n = 0, pt;

	if (!c || !buf || !g->rules->odds || g->rules->parse(g, "end", &end, &e) != 0)
		goto out;
	game_copy(c, g);
	pt = c->rules->player_turn(c);
	for (;;) {
		struct result r;
		n += keep_odds(c, a, t + n, action_texts(c, a, t + n, cap - n), buf);
		if (n == cap || c->rules->over(c, &r) || c->rules->apply(c, &end, NULL, &e) != 0)
			break; /* (manual dice: the look ahead stops where ending a phase would roll) */
		if (c->rules->player_turn(c) >= pt + (n > 0 ? 1 : 2))
			break;
	}
out:
	free(buf);
	free(c);
	return n;
}

static int cmp_word(const void *x, const void *y)
{
	return strcmp(x, y);
}

int complete_line(const struct game *g, const char *line, struct complete_list *out)
{
	struct words w;
	struct action *a = NULL;
	char (*t)[ACTION_TEXT_MAX] = NULL;
	const char *cur;
	size_t clen;
	int nt;

	out->n = 0;
	out->more = 0;
	out->start = strlen(line);
	if (split(line, &w) != 0)
		return 0;
	cur = w.word[w.n - 1];
	clen = w.len[w.n - 1];
	out->start = (size_t)(cur - line);
	a = malloc(LIST_CAP * sizeof *a);
	t = malloc(LIST_CAP * sizeof *t);
	if (!a || !t) {
		free(a);
		free(t);
		return -1;
	}
	if (w.n == 1) { /* a command, or an action's first word */
		for (int i = 0; complete_commands[i]; i++)
			add(out, complete_commands[i], strlen(complete_commands[i]), cur, clen);
		next_words(out, t, action_texts(g, a, t, LIST_CAP), &w, 0);
	} else if (w.len[0] == 4 && !memcmp(w.word[0], "odds", 4)) {
		next_words(out, t, odds_texts(g, a, t, LIST_CAP), &w, 1);
	} else if (w.len[0] == 4 && !memcmp(w.word[0], "hint", 4)) {
		if (w.n == 2) { /* a computer player */
			static const char *const kind[] = {"random", "greedy", "search"};
			for (int i = 0; i < 3; i++)
				add(out, kind[i], strlen(kind[i]), cur, clen);
			for (int p = 0; ai_plan_name(g->rules, p); p++) { /* greedy with one of its plans */
				char spec[COMPLETE_WORD];
				int l = snprintf(spec, sizeof spec, "greedy:%s", ai_plan_name(g->rules, p));
				add(out, spec, (size_t)l, cur, clen);
			}
		}
	} else if (w.len[0] == 5 && !memcmp(w.word[0], "units", 5)) {
		for (int k = 0; k < 2 && w.n == 2; k++) /* a side */
			add(out, g->scn->side[k], strlen(g->scn->side[k]), cur, clen);
	} else if (w.len[0] == 7 && !memcmp(w.word[0], "actions", 7)) {
		/* `actions UNIT`: a unit some legal action names (its second word, or one of a
		 * comma list there) */
		if (w.n == 2) {
			nt = action_texts(g, a, t, LIST_CAP);
			for (int i = 0; i < nt; i++) {
				const char *x;
				size_t l;
				if (!word_of(t[i], 1, &x, &l))
					continue;
				for (const char *e = x + l; x < e;) {
					size_t k = strcspn(x, ",");
					if (k > (size_t)(e - x))
						k = (size_t)(e - x);
					add(out, x, k, cur, clen);
					x += k + (x + k < e);
				}
			}
		}
	} else {
		next_words(out, t, action_texts(g, a, t, LIST_CAP), &w, 0);
	}
	free(a);
	free(t);
	qsort(out->word, (size_t)out->n, sizeof out->word[0], cmp_word);
	return out->n;
}

size_t complete_common(const struct complete_list *l, char *buf, size_t n)
{
	size_t len = 0;
	if (n == 0)
		return 0;
	if (l->n > 0) {
		len = strlen(l->word[0]);
		for (int i = 1; i < l->n; i++) {
			size_t k = 0;
			while (k < len && l->word[i][k] == l->word[0][k])
				k++;
			len = k;
		}
	}
	if (len >= n)
		len = n - 1;
	memcpy(buf, l->n > 0 ? l->word[0] : "", len);
	buf[len] = '\0';
	return len;
}
