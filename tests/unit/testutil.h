/* testutil: shared helpers for the cmocka unit tests. */
#ifndef CRIMEA_TESTUTIL_H
#define CRIMEA_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "hex/hex.h"

/* "XXYY" -> hex number, failing the test on a typo. */
static inline int H(const char *s)
{
	int h = -1;
	assert_true(hex_parse(s, &h));
	return h;
}

#endif
