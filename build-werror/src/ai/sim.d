build-werror/src/ai/sim.o: src/ai/sim.c src/ai/sim.h \
 src/ai/../games/rules.h src/ai/../games/../core/dice.h \
 src/ai/../games/../core/rng.h src/ai/../games/../core/err.h \
 src/ai/../games/../core/event.h src/ai/../games/../core/jdoc.h \
 src/ai/../games/../core/err.h src/ai/../games/../core/rng.h src/ai/ai.h \
 src/ai/../games/record.h src/ai/../games/rules.h
src/ai/sim.h:
src/ai/../games/rules.h:
src/ai/../games/../core/dice.h:
src/ai/../games/../core/rng.h:
src/ai/../games/../core/err.h:
src/ai/../games/../core/event.h:
src/ai/../games/../core/jdoc.h:
src/ai/../games/../core/err.h:
src/ai/../games/../core/rng.h:
src/ai/ai.h:
src/ai/../games/record.h:
src/ai/../games/rules.h:
