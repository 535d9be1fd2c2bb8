/* prov: provenance blocks. */
#include "prov.h"

#include <stdio.h>
#include <string.h>

const char *prov_source_name(int source)
{
	switch (source) {
	case PROV_SEED: return "seed";
	case PROV_DECODED: return "decoded";
	case PROV_RECONSTRUCTED: return "reconstructed";
	default: return "inherited";
	}
}

#define add(errs, d, v, ...) jdoc_add(d, v, errs, __VA_ARGS__)

int prov_read(const struct jdoc *d, const json_t *obj, bool required, struct prov *p,
	      struct errlist *errs)
{
	const json_t *pv = json_object_get(obj, "provenance"), *src, *cite, *basis, *cons;
	const char *s;
	int before = errs->total;

	memset(p, 0, sizeof *p);
	if (!pv) {
		if (required)
			add(errs, d, obj, "%s", "missing \"provenance\" (seed, decoded or reconstructed)");
		return errs->total == before ? 0 : -1;
	}
	if (!json_is_object(pv)) {
		add(errs, d, pv, "%s", "\"provenance\" must be an object");
		return -1;
	}
	src = json_object_get(pv, "source");
	s = json_string_value(src);
	if (!s) {
		add(errs, d, pv, "%s", "provenance needs \"source\": \"seed\", \"decoded\" or \"reconstructed\"");
		return -1;
	}
	if (!strcmp(s, "seed"))
		p->source = PROV_SEED;
	else if (!strcmp(s, "decoded"))
		p->source = PROV_DECODED;
	else if (!strcmp(s, "reconstructed"))
		p->source = PROV_RECONSTRUCTED;
	else
		add(errs, d, src, "unknown provenance source \"%s\" (seed, decoded or reconstructed)", s);
	cite = json_object_get(pv, "case");
	if (cite && !json_is_string(cite))
		add(errs, d, cite, "%s", "provenance \"case\" must be a string such as \"[16.1]\"");
	else if (cite)
		snprintf(p->cite, sizeof p->cite, "%s", json_string_value(cite));
	if (p->source == PROV_SEED && !cite)
		add(errs, d, pv, "%s", "provenance \"seed\" needs the \"case\" it comes from");
	basis = json_object_get(pv, "basis");
	if (basis && !json_is_string(basis))
		add(errs, d, basis, "%s", "provenance \"basis\" must be a string");
	else if (basis)
		snprintf(p->basis, sizeof p->basis, "%s", json_string_value(basis));
	if ((p->source == PROV_DECODED || p->source == PROV_RECONSTRUCTED) &&
	    (!basis || !json_string_length(basis)))
		add(errs, d, pv, "provenance \"%s\" needs a \"basis\" saying how it was derived", s);
	cons = json_object_get(pv, "constraints");
	if (cons && !json_is_array(cons))
		add(errs, d, cons, "%s", "provenance \"constraints\" must be a list of strings");
	return errs->total == before ? 0 : -1;
}

int prov_text(const struct jdoc *d, const json_t *obj, char *out, size_t n, struct errlist *errs)
{
	struct prov p;
	const json_t *basis = json_object_get(json_object_get(obj, "provenance"), "basis");
	int rc = prov_read(d, obj, true, &p, errs);
	snprintf(out, n, "%s: %s", rc == 0 ? prov_source_name(p.source) : "?",
		 json_is_string(basis) ? json_string_value(basis) : "");
	return rc;
}
