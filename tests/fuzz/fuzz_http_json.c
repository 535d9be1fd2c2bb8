/* fuzz_http_json: the HTTP server's request-body parsers (src/app/srvparse.c,
 * srv_parse_action_body and srv_parse_create_body) on fuzzed bytes. They are pure functions;
 * this target compiles them by including srvparse.c (no MHD, no store).
 *
 * Input: any bytes. The first byte picks the parser (even: action body, odd: creation body); the
 * rest is the body, not NUL-terminated. Checked: a refusal says why; an accepted action body
 * holds a printable action without ';' (so it cannot break a game record line), dice 1-6 and
 * well-formed hex entropy; an accepted creation body names a scenario and keeps its counts in
 * bounds. */
#include "app/srvparse.c"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fz_check(bool ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "fuzz invariant broken: %s\n", what);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char why[256];
	char *body;
	size_t n;

	if (size == 0)
		return 0;
	n = size - 1;
	/* an exact-size copy, so that reading past the body is caught */
	body = malloc(n ? n : 1);
	if (!body)
		return 0;
	memcpy(body, data + 1, n);
	why[0] = '\0';
	if (data[0] % 2 == 0) {
		struct srv_req q;
		if (srv_parse_action_body(body, n, &q, why, sizeof why) != 0) {
			fz_check(why[0] != '\0', "a refused action body says why");
		} else {
			fz_check(q.ndice >= 0 && q.ndice <= DICE_PER_ACTION, "dice count in bounds");
			for (int i = 0; i < q.ndice; i++)
				fz_check(q.dice[i] >= 1 && q.dice[i] <= 6, "dice are 1-6");
			fz_check(strlen(q.token) < sizeof q.token, "token terminated");
			if (q.has_action) {
				fz_check(q.action[0] != '\0' && strlen(q.action) < sizeof q.action, "action non-empty");
				for (const char *p = q.action; *p; p++)
					fz_check((unsigned char)*p >= 0x20 && *p != 0x7f && *p != ';', "action printable, no ';'");
			}
			if (q.has_entropy) {
				size_t l = strlen(q.entropy);
				fz_check(l >= 2 && l <= 128 && l % 2 == 0 && strspn(q.entropy, "0123456789abcdefABCDEF") == l,
					 "entropy is hex");
			}
		}
	} else {
		struct srv_create c;
		if (srv_parse_create_body(body, n, &c, why, sizeof why) != 0) {
			fz_check(why[0] != '\0', "a refused creation body says why");
		} else {
			fz_check(c.scenario[0] != '\0' && strlen(c.scenario) < sizeof c.scenario, "scenario named");
			fz_check(c.nai >= 0 && c.nai <= 2, "ai count in bounds");
			fz_check(c.nopt >= 0 && c.nopt <= SRV_OPTS_MAX, "option count in bounds");
			fz_check(strlen(c.mode) < sizeof c.mode && strlen(c.dice) < sizeof c.dice, "strings terminated");
		}
	}
	free(body);
	return 0;
}
