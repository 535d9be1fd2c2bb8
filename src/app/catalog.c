/* catalog: the data directory and its scenarios. */
#include "catalog.h"

#include <dirent.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *str_or(const char *s, const char *dflt)
{
	return s ? s : dflt;
}

static bool is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
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
		char p[SCN_PATH_MAX];
		size_t l = strlen(de->d_name);
		if (de->d_name[0] == '.')
			continue;
		if (snprintf(p, sizeof p, "%s/%s", dir, de->d_name) >= (int)sizeof p)
			continue;
		if (is_dir(p)) {
			scan(c, p, depth + 1);
			continue;
		}
		if (l < 6 || strcmp(de->d_name + l - 5, ".json") || c->n >= CAT_MAX)
			continue;
		json_error_t je;
		json_t *root = json_load_file(p, 0, &je);
		const char *kind = json_string_value(json_object_get(root, "kind"));
		if (kind && !strcmp(kind, "scenario")) {
			struct cat_entry *e = &c->e[c->n++];
			snprintf(e->id, sizeof e->id, "%s", str_or(json_string_value(json_object_get(root, "id")), "?"));
			snprintf(e->title, sizeof e->title, "%s", str_or(json_string_value(json_object_get(root, "title")), ""));
			snprintf(e->rules, sizeof e->rules, "%s", str_or(json_string_value(json_object_get(root, "rules")), "?"));
			snprintf(e->path, sizeof e->path, "%s", p);
		}
		json_decref(root);
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
