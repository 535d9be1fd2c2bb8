/* srvparse: the HTTP server's request-body parsers (srvparse.h). */
#include "srvparse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

static int bad(char *why, size_t n, const char *msg)
{
	snprintf(why, n, "%s", msg);
	return -1;
}

/* Copies a JSON string member into out; -1 if present but not a string or too long.
 * *has is set when present. */
static int get_str(const json_t *o, const char *key, char *out, size_t cap, bool *has)
{
	const json_t *v = json_object_get(o, key);
	if (has)
		*has = false;
	if (!v)
		return 0;
	if (!json_is_string(v) || json_string_length(v) >= cap || strlen(json_string_value(v)) != json_string_length(v))
		return -1;
	memcpy(out, json_string_value(v), json_string_length(v) + 1);
	if (has)
		*has = true;
	return 0;
}

static bool printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f || *s == ';')
			return false;
	return true;
}

static bool is_hex(const char *s)
{
	size_t l = strlen(s);
	if (l < 2 || l > 128 || l % 2)
		return false;
	for (; *s; s++)
		if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f') || (*s >= 'A' && *s <= 'F')))
			return false;
	return true;
}

static json_t *load_object(const char *body, size_t len, char *why, size_t n)
{
	json_error_t je;
	json_t *root;
	if (!body || len == 0) {
		bad(why, n, "the body must be a JSON object");
		return NULL;
	}
	root = json_loadb(body, len, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		snprintf(why, n, "malformed JSON: %s (line %d)", je.text, je.line);
		return NULL;
	}
	if (!json_is_object(root)) {
		json_decref(root);
		bad(why, n, "the body must be a JSON object");
		return NULL;
	}
	return root;
}

int srv_parse_action_body(const char *body, size_t len, struct srv_req *out, char *why, size_t n)
{
	json_t *root, *dice;
	int rc = -1;

	memset(out, 0, sizeof *out);
	if (!(root = load_object(body, len, why, n)))
		return -1;
	if (get_str(root, "token", out->token, sizeof out->token, &out->has_token) != 0) {
		bad(why, n, "\"token\" must be a string");
		goto out;
	}
	if (get_str(root, "action", out->action, sizeof out->action, &out->has_action) != 0) {
		bad(why, n, "\"action\" must be a string shorter than 256 bytes");
		goto out;
	}
	if (out->has_action && (!out->action[0] || !printable(out->action))) {
		bad(why, n, "\"action\" must be a non-empty line of text without ';'");
		goto out;
	}
	if (get_str(root, "player", out->player, sizeof out->player, &out->has_player) != 0) {
		bad(why, n, "\"player\" must be a string shorter than 16 bytes");
		goto out;
	}
	if (get_str(root, "entropy", out->entropy, sizeof out->entropy, &out->has_entropy) != 0 ||
	    (out->has_entropy && !is_hex(out->entropy))) {
		bad(why, n, "\"entropy\" must be a hex string of 1 to 64 bytes");
		goto out;
	}
	dice = json_object_get(root, "dice");
	if (dice && !json_is_null(dice)) {
		size_t i;
		json_t *d;
		if (!json_is_array(dice) || json_array_size(dice) > DICE_PER_ACTION) {
			bad(why, n, "\"dice\" must be a list of at most 16 dice");
			goto out;
		}
		json_array_foreach(dice, i, d) {
			if (!json_is_integer(d) || json_integer_value(d) < 1 || json_integer_value(d) > 6) {
				bad(why, n, "a die is an integer 1-6");
				goto out;
			}
			out->dice[out->ndice++] = (int)json_integer_value(d);
		}
		out->has_dice = true;
	}
	rc = 0;
out:
	json_decref(root);
	return rc;
}

int srv_parse_create_body(const char *body, size_t len, struct srv_create *out, char *why, size_t n)
{
	json_t *root, *v;
	bool has;
	int rc = -1;

	memset(out, 0, sizeof *out);
	if (!(root = load_object(body, len, why, n)))
		return -1;
	if (get_str(root, "scenario", out->scenario, sizeof out->scenario, &has) != 0 || !has || !out->scenario[0]) {
		bad(why, n, "\"scenario\" must name a scenario");
		goto out;
	}
	if (get_str(root, "mode", out->mode, sizeof out->mode, NULL) != 0) {
		bad(why, n, "\"mode\" must be hotseat, ai or remote");
		goto out;
	}
	if (get_str(root, "dice", out->dice, sizeof out->dice, NULL) != 0) {
		bad(why, n, "\"dice\" must be rng or manual");
		goto out;
	}
	v = json_object_get(root, "seed");
	if (v && !json_is_null(v)) {
		if (json_is_integer(v) && json_integer_value(v) >= 0) {
			out->seed = (uint64_t)json_integer_value(v);
		} else if (json_is_string(v)) {
			const char *s = json_string_value(v);
			uint64_t x = 0;
			if (!*s || strlen(s) > 20)
				goto bad_seed;
			for (; *s; s++) {
				if (*s < '0' || *s > '9' || x > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
					goto bad_seed;
				x = x * 10 + (uint64_t)(*s - '0');
			}
			out->seed = x;
		} else {
bad_seed:
			bad(why, n, "\"seed\" must be a non-negative integer (or a decimal string for 64 bits)");
			goto out;
		}
		out->has_seed = true;
	}
	v = json_object_get(root, "ai");
	if (v && !json_is_null(v)) {
		const char *k;
		json_t *name;
		if (!json_is_object(v) || json_object_size(v) > 2) {
			bad(why, n, "\"ai\" must be an object {\"SIDE\": \"random\"}");
			goto out;
		}
		json_object_foreach(v, k, name) {
			if (!json_is_string(name) || strlen(k) >= SIDE_NAME_MAX ||
			    json_string_length(name) >= SRV_AI_NAME_MAX) {
				bad(why, n, "\"ai\" must be an object {\"SIDE\": \"random\"}");
				goto out;
			}
			snprintf(out->ai[out->nai].side, sizeof out->ai[0].side, "%s", k);
			snprintf(out->ai[out->nai].name, sizeof out->ai[0].name, "%s", json_string_value(name));
			out->nai++;
		}
	}
	v = json_object_get(root, "options");
	if (v && !json_is_null(v)) {
		size_t i;
		json_t *o;
		if (!json_is_array(v) || json_array_size(v) > SRV_OPTS_MAX) {
			bad(why, n, "\"options\" must be a list of rule cases, e.g. [\"11.27\"]");
			goto out;
		}
		json_array_foreach(v, i, o) {
			if (!json_is_string(o) || json_string_length(o) >= SRV_OPT_MAX) {
				bad(why, n, "\"options\" must be a list of rule cases, e.g. [\"11.27\"]");
				goto out;
			}
			snprintf(out->opt[out->nopt++], SRV_OPT_MAX, "%s", json_string_value(o));
		}
	}
	rc = 0;
out:
	json_decref(root);
	return rc;
}
