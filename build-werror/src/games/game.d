build-werror/src/games/game.o: src/games/game.c src/games/rules.h \
 src/games/../core/dice.h src/games/../core/rng.h src/games/../core/err.h \
 src/games/../core/event.h src/games/../core/jdoc.h \
 src/games/../core/err.h src/games/../core/rng.h src/games/../core/fsio.h \
 src/games/quad/quad.h src/games/quad/../../core/prov.h \
 src/games/quad/../../core/err.h src/games/quad/../../core/jdoc.h \
 src/games/quad/../../hex/map.h src/games/quad/../../hex/../core/err.h \
 src/games/quad/../../hex/../core/jdoc.h src/games/quad/../../hex/hex.h \
 src/games/quad/../../hex/path.h src/games/quad/../../hex/map.h \
 src/games/quad/../rules.h src/games/quad/qtables.h \
 src/games/quad/../../core/err.h src/games/quad/../../core/jdoc.h
src/games/rules.h:
src/games/../core/dice.h:
src/games/../core/rng.h:
src/games/../core/err.h:
src/games/../core/event.h:
src/games/../core/jdoc.h:
src/games/../core/err.h:
src/games/../core/rng.h:
src/games/../core/fsio.h:
src/games/quad/quad.h:
src/games/quad/../../core/prov.h:
src/games/quad/../../core/err.h:
src/games/quad/../../core/jdoc.h:
src/games/quad/../../hex/map.h:
src/games/quad/../../hex/../core/err.h:
src/games/quad/../../hex/../core/jdoc.h:
src/games/quad/../../hex/hex.h:
src/games/quad/../../hex/path.h:
src/games/quad/../../hex/map.h:
src/games/quad/../rules.h:
src/games/quad/qtables.h:
src/games/quad/../../core/err.h:
src/games/quad/../../core/jdoc.h:
