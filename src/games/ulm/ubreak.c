/* ubreak: breakthrough and further action after a melee (ubreak.h). */
#include "ubreak.h"

#include <string.h>

bool ubrk_rule(const struct ubrk_in *in, struct ubrk_out *out, struct evsink *ev)
{
	memset(out, 0, sizeof *out);
	/* [A]: every winner may close up first, whether or not it then breaks through */
	if (in->won || in->fell_back)
		ev_emit(ev, "[Breakthrough A]", "the winner may close up to the point of contact at half movement cost "
			"(even without the movement left; no enemy contacted, no retained fire), or stay");
	if (in->defender) {
		ev_emit(ev, "[Breakthrough B.1.a]", "only an attacker takes breakthrough: a winning defender stays");
		return false;
	}
	if (!in->won && !in->fell_back) {
		ev_emit(ev, "[Breakthrough B.1.c]", "no breakthrough: the unit neither won a completed melee nor forced a "
			"morale fall back that disrupted it");
		return false;
	}
	if (in->move_used) {
		ev_emit(ev, "[Breakthrough B.1.b]", "no breakthrough: the unit has used its entire move allowance");
		return false;
	}
	out->allowed = true;
	ev_emit(ev, "[Breakthrough B.1]", "an attacker with movement left that %s: it may take breakthrough",
		in->won ? "won a completed melee" : "forced a morale fall back");
	ev_emit(ev, "[Breakthrough B.2-B.3]", "after the melee, or after a later round while other melees go on; "
		"its remaining operation time changes face or formation or moves it");
	if (in->casts > 2) {
		out->order_change = true;
		ev_emit(ev, "[Breakthrough B.1.d]", "%d melee casts, more than 2: it must first shake to secure an order "
			"change, all hazards applying", in->casts);
	}
	if (in->charged) {
		out->bonus = true;
		ev_emit(ev, "[Breakthrough C.1-C.2]", "it charged and %s: a bonus operation, one more operation of "
			"movement (not into or out of skirmish) and one more melee cast with the increment",
			in->won ? "won" : "the enemy fell back");
		ev_emit(ev, "[Breakthrough C.3]", "the bonus operation moves directly forward (within 15 degrees), without "
			"changing face or formation");
	}
	if (in->cavalry)
		ev_emit(ev, "[Breakthrough D]", "cavalry taking breakthrough is disorganized for one operation after the "
			"breakthrough operation");
	ev_emit(ev, "[Further Action E]", "a breakthrough triggers further action: units ordered to charge or attack "
		"may take one more operation of movement to join a continuing melee (within 12\"), and may be fired at");
	return true;
}
