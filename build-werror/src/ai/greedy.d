build-werror/src/ai/greedy.o: src/ai/greedy.c src/ai/ai.h \
 src/ai/../games/rules.h src/ai/../games/../core/dice.h \
 src/ai/../games/../core/rng.h src/ai/../games/../core/err.h \
 src/ai/../games/../core/event.h src/ai/../games/../core/jdoc.h \
 src/ai/../games/../core/err.h src/ai/../games/../core/rng.h \
 src/ai/../games/quad/quad.h src/ai/../games/quad/../../core/prov.h \
 src/ai/../games/quad/../../core/err.h \
 src/ai/../games/quad/../../core/jdoc.h \
 src/ai/../games/quad/../../hex/map.h \
 src/ai/../games/quad/../../hex/../core/err.h \
 src/ai/../games/quad/../../hex/../core/jdoc.h \
 src/ai/../games/quad/../../hex/hex.h \
 src/ai/../games/quad/../../hex/path.h \
 src/ai/../games/quad/../../hex/map.h src/ai/../games/quad/../rules.h \
 src/ai/../games/quad/qtables.h src/ai/../games/quad/../../core/err.h \
 src/ai/../games/quad/../../core/jdoc.h
src/ai/ai.h:
src/ai/../games/rules.h:
src/ai/../games/../core/dice.h:
src/ai/../games/../core/rng.h:
src/ai/../games/../core/err.h:
src/ai/../games/../core/event.h:
src/ai/../games/../core/jdoc.h:
src/ai/../games/../core/err.h:
src/ai/../games/../core/rng.h:
src/ai/../games/quad/quad.h:
src/ai/../games/quad/../../core/prov.h:
src/ai/../games/quad/../../core/err.h:
src/ai/../games/quad/../../core/jdoc.h:
src/ai/../games/quad/../../hex/map.h:
src/ai/../games/quad/../../hex/../core/err.h:
src/ai/../games/quad/../../hex/../core/jdoc.h:
src/ai/../games/quad/../../hex/hex.h:
src/ai/../games/quad/../../hex/path.h:
src/ai/../games/quad/../../hex/map.h:
src/ai/../games/quad/../rules.h:
src/ai/../games/quad/qtables.h:
src/ai/../games/quad/../../core/err.h:
src/ai/../games/quad/../../core/jdoc.h:
