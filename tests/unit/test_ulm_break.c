/* Unit tests for src/games/ulm/ubreak.c: From Ulm to Waterloo's breakthrough after a melee
 * (BREAKTHROUGH & FURTHER ACTION B-D), condition by condition. */
#include "testutil.h"

#include <string.h>

#include "games/ulm/ubreak.h"

/* whether the rulings include one citing rule */
static bool cites(const struct evsink *ev, const char *rule)
{
	for (int i = 0; i < ev->n; i++)
		if (!strcmp(ev->ev[i].rule, rule))
			return true;
	return false;
}

static bool rule(struct ubrk_in in, struct ubrk_out *o, struct evsink *ev)
{
	evsink_clear(ev);
	return ubrk_rule(&in, o, ev);
}

/* B.1: an attacker, with movement left, that won or forced a fall back */
static void test_requirements(void **state)
{
	(void)state;
	struct event store[12];
	struct evsink ev;
	struct ubrk_out o;
	evsink_init(&ev, store, 12);
	assert_true(rule((struct ubrk_in){.won = true, .casts = 1}, &o, &ev));
	assert_true(rule((struct ubrk_in){.fell_back = true, .casts = 2}, &o, &ev));
	assert_false(o.order_change);
	assert_false(rule((struct ubrk_in){.won = true, .defender = true, .casts = 1}, &o, &ev));
	assert_true(cites(&ev, "[Breakthrough B.1.a]"));
	assert_false(rule((struct ubrk_in){.casts = 1}, &o, &ev));
	assert_true(cites(&ev, "[Breakthrough B.1.c]"));
	assert_false(rule((struct ubrk_in){.won = true, .move_used = true, .casts = 1}, &o, &ev));
	assert_true(cites(&ev, "[Breakthrough B.1.b]"));
	assert_false(o.allowed || o.bonus);
}

/* B.1.d: more than two casts need an order change; C: a charge that won earns the bonus; D:
 * cavalry is disorganized after; E: further action follows */
static void test_consequences(void **state)
{
	(void)state;
	struct event store[12];
	struct evsink ev;
	struct ubrk_out o;
	evsink_init(&ev, store, 12);
	assert_true(rule((struct ubrk_in){.won = true, .casts = 3}, &o, &ev));
	assert_true(o.order_change);
	assert_false(o.bonus);
	assert_false(cites(&ev, "[Breakthrough D]"));
	assert_true(rule((struct ubrk_in){.fell_back = true, .charged = true, .cavalry = true, .casts = 1}, &o, &ev));
	assert_true(o.bonus);
	assert_true(cites(&ev, "[Breakthrough C.1-C.2]"));
	assert_true(cites(&ev, "[Breakthrough D]"));
	assert_true(cites(&ev, "[Further Action E]"));
	/* a charge that lost earns nothing */
	assert_false(rule((struct ubrk_in){.charged = true, .casts = 1}, &o, &ev));
	assert_false(o.bonus);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_requirements),
		cmocka_unit_test(test_consequences),
	};
	test_filters_from_env();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
