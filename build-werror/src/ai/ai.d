build-werror/src/ai/ai.o: src/ai/ai.c src/ai/ai.h src/ai/../games/rules.h \
 src/ai/../games/../core/dice.h src/ai/../games/../core/rng.h \
 src/ai/../games/../core/err.h src/ai/../games/../core/event.h \
 src/ai/../games/../core/jdoc.h src/ai/../games/../core/err.h \
 src/ai/../games/../core/rng.h
src/ai/ai.h:
src/ai/../games/rules.h:
src/ai/../games/../core/dice.h:
src/ai/../games/../core/rng.h:
src/ai/../games/../core/err.h:
src/ai/../games/../core/event.h:
src/ai/../games/../core/jdoc.h:
src/ai/../games/../core/err.h:
src/ai/../games/../core/rng.h:
