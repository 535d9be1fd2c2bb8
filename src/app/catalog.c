/* catalog: the data directory and its scenarios. */
#include "catalog.h"

#include <dirent.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/fsio.h"

static const char *str_or(const char *s, const char *dflt)
{
	return s ? s : dflt;
}

static bool is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A JSON string token at p ('"'): the character after its closing quote, or NULL. */
static const char *skip_string(const char *p, const char *end)
{
	for (p++; p < end; p++)
		if (*p == '\\')
			p++;
		else if (*p == '"')
			return p + 1;
	return NULL;
}

/* A JSON value at p: the character after it, or NULL when it does not end. Objects and arrays
 * are skipped by their brackets (strings inside them skipped whole), scalars up to the next
 * delimiter; whether the value is well formed is scenario_load's to say. */
static const char *skip_value(const char *p, const char *end)
{
	int depth = 0;
	if (p >= end)
		return NULL;
	if (*p == '"')
		return skip_string(p, end);
	if (*p != '{' && *p != '[') {
		while (p < end && *p && !strchr(",}] \t\r\n", *p))
			p++;
		return p;
	}
	while (p < end) {
		if (*p == '"') {
			if (!(p = skip_string(p, end)))
				return NULL;
			continue;
		}
		if (*p == '{' || *p == '[')
			depth++;
		else if ((*p == '}' || *p == ']') && --depth == 0)
			return p + 1;
		p++;
	}
	return NULL;
}

static const char *skip_ws(const char *p, const char *end)
{
	while (p < end && *p && strchr(" \t\r\n", *p))
		p++;
	return p;
}

/* The top-level members of the JSON object text[0..n) named in key[0..nkey) whose values are
 * strings, into val[] (decoded; NULL where absent or not a string; new references), without
 * building the document: the catalog reads four strings of each data file, and a whole parse
 * of every file (600 KB) was two thirds of a `crimea show`'s 160 M instructions, paid by every
 * command. Stops at the first thing that is not an object member. */
static void top_strings(const char *text, size_t n, const char *const *key, int nkey, json_t **val)
{
	const char *p = text, *end = text + n;
	for (int k = 0; k < nkey; k++)
		val[k] = NULL;
	p = skip_ws(p, end);
	if (p >= end || *p != '{')
		return;
	for (p++;;) {
		const char *k0, *k1, *v0, *v1;
		p = skip_ws(p, end);
		if (p >= end || *p != '"')
			return;
		k0 = p + 1;
		if (!(p = skip_string(p, end)))
			return;
		k1 = p - 1;
		p = skip_ws(p, end);
		if (p >= end || *p != ':')
			return;
		v0 = skip_ws(p + 1, end);
		if (!(v1 = skip_value(v0, end)))
			return;
		for (int k = 0; k < nkey; k++)
			if (!val[k] && *v0 == '"' && strlen(key[k]) == (size_t)(k1 - k0) && !memcmp(key[k], k0, (size_t)(k1 - k0))) {
				json_error_t je;
				val[k] = json_loadb(v0, (size_t)(v1 - v0), JSON_DECODE_ANY, &je);
			}
		p = skip_ws(v1, end);
		if (p >= end || *p != ',')
			return;
		p++;
	}
}

static void scan(struct catalog *c, const char *dir, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d || depth > 4) {
		if (d)
			closedir(d);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		static const char *const key[] = {"kind", "id", "title", "rules"};
		char p[SCN_PATH_MAX], *text;
		size_t l = strlen(de->d_name), n;
		json_t *val[4];
		if (de->d_name[0] == '.')
			continue;
		if (snprintf(p, sizeof p, "%s/%s", dir, de->d_name) >= (int)sizeof p)
			continue;
		if (is_dir(p)) {
			scan(c, p, depth + 1);
			continue;
		}
		if (l < 6 || strcmp(de->d_name + l - 5, ".json") || c->n >= CAT_MAX || fs_read_all(p, &text, &n, NULL) != 0)
			continue;
		top_strings(text, n, key, 4, val);
		free(text);
		const char *kind = json_string_value(val[0]);
		if (kind && !strcmp(kind, "scenario")) {
			struct cat_entry *e = &c->e[c->n++];
			snprintf(e->id, sizeof e->id, "%s", str_or(json_string_value(val[1]), "?"));
			snprintf(e->title, sizeof e->title, "%s", str_or(json_string_value(val[2]), ""));
			snprintf(e->rules, sizeof e->rules, "%s", str_or(json_string_value(val[3]), "?"));
			snprintf(e->path, sizeof e->path, "%s", p);
		}
		for (int k = 0; k < 4; k++)
			json_decref(val[k]);
	}
	closedir(d);
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct cat_entry *)a)->id, ((const struct cat_entry *)b)->id);
}

/* The data directory ($CRIMEA_DATA, ./data, or data/ beside the executable's folder) into dir. */
static int find_dir(const char *argv0, char *dir, size_t dn, struct err *e)
{
	const char *env = getenv("CRIMEA_DATA");
	char exe[SCN_PATH_MAX], tmp[SCN_PATH_MAX];
	ssize_t n;

	if (env && *env)
		snprintf(dir, dn, "%s", env);
	else if (is_dir("data/quad"))
		snprintf(dir, dn, "data");
	else {
		n = readlink("/proc/self/exe", exe, sizeof exe - 1);
		if (n > 0) {
			exe[n] = '\0';
			snprintf(tmp, sizeof tmp, "%s", exe);
			snprintf(dir, dn, "%s/../data", dirname(tmp));
		} else {
			snprintf(tmp, sizeof tmp, "%s", argv0);
			snprintf(dir, dn, "%s/../data", dirname(tmp));
		}
	}
	if (!is_dir(dir))
		return err_set(e, dir, 0, "no data directory (set CRIMEA_DATA to the crimea data folder)");
	return 0;
}

int cat_data_file(const char *argv0, const char *rel, char *out, size_t n, struct err *e)
{
	char dir[SCN_PATH_MAX];
	if (find_dir(argv0, dir, sizeof dir, e) != 0)
		return -1;
	if ((size_t)snprintf(out, n, "%s/%s", dir, rel) >= n)
		return err_set(e, dir, 0, "the data directory's path is too long");
	return 0;
}

int cat_load(struct catalog *c, const char *argv0, struct err *e)
{
	memset(c, 0, sizeof *c);
	if (find_dir(argv0, c->dir, sizeof c->dir, e) != 0)
		return -1;
	scan(c, c->dir, 0);
	qsort(c->e, (size_t)c->n, sizeof c->e[0], cmp_entry);
	return 0;
}

int cat_scenario(const struct catalog *c, const char *name, struct scenario *s, struct errlist *errs)
{
	for (int i = 0; i < c->n; i++)
		if (!strcmp(c->e[i].id, name))
			return scenario_load(s, c->e[i].path, errs);
	if (strchr(name, '/') || strstr(name, ".json"))
		return scenario_load(s, name, errs);
	struct err e;
	char list[512] = "";
	for (int i = 0; i < c->n; i++) {
		strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
		strncat(list, c->e[i].id, sizeof list - strlen(list) - 1);
	}
	err_set(&e, NULL, 0, "no scenario \"%s\" (known: %s)", name, list);
	errlist_add(errs, &e);
	return -1;
}

json_t *cat_scenario_json(const struct scenario *s)
{
	json_t *d = s->rules->json_scenario ? s->rules->json_scenario(s) : json_object();
	if (!d)
		return NULL;
	json_object_set_new(d, "id", json_string(s->id));
	json_object_set_new(d, "title", json_string(s->title));
	json_object_set_new(d, "rules", json_string(s->rules->id));
	json_object_set_new(d, "sides", json_pack("[ss]", s->side[0], s->side[1]));
	return d;
}
