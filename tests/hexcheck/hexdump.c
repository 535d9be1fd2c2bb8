/* hexdump: prints crimea's hex geometry for pairs of hexes, for tests/hexcheck/check.mjs.
 * Reads lines "A B" (hex numbers as XXYY or plain ints) on stdin; for each pair writes one line
 *   D dist T dir_to(a,b) N n0 n1 n2 n3 n4 n5 R r0 .. r5 L count kind:hex:other:from ...
 * where n0..n5 = hex_neighbor(a, HEX_N..HEX_NW) (-1 = HEX_NONE), r_d = hex_dir_to(a, n_d)
 * (-9 when n_d is HEX_NONE), count = hex_line's return (-1 = failure, then no steps) and kind is
 * H (LINE_HEX), S (LINE_SIDE) or V (LINE_VERTEX). Malformed input lines print "E". */
#include <stdio.h>

#include "hex/hex.h"

static const char kind_ch[] = {'H', 'S', 'V'};

int main(void)
{
	char buf[256];
	static struct line_step steps[LINE_MAX_STEPS];

	while (fgets(buf, sizeof buf, stdin)) {
		int a, b, n;

		if (sscanf(buf, "%d %d", &a, &b) != 2) {
			puts("E");
			continue;
		}
		printf("D %d T %d N", hex_distance(a, b), hex_dir_to(a, b));
		for (int d = 0; d < HEX_NDIRS; d++)
			printf(" %d", hex_neighbor(a, d));
		printf(" R");
		for (int d = 0; d < HEX_NDIRS; d++) {
			int nb = hex_neighbor(a, d);
			printf(" %d", nb == HEX_NONE ? -9 : hex_dir_to(a, nb));
		}
		n = hex_line(a, b, steps, LINE_MAX_STEPS);
		printf(" L %d", n);
		for (int i = 0; i < n; i++) {
			const struct line_step *s = &steps[i];
			int k = s->kind >= 0 && s->kind <= 2 ? s->kind : 0;
			printf(" %c:%d:%d:%d", s->kind == k ? kind_ch[k] : '?', s->hex, s->other, s->from);
		}
		putchar('\n');
	}
	return ferror(stdout) ? 1 : 0;
}
