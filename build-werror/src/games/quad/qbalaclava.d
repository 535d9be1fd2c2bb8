build-werror/src/games/quad/qbalaclava.o: src/games/quad/qbalaclava.c \
 src/games/quad/qbattle.h src/games/quad/qcombat.h src/games/quad/quad.h \
 src/games/quad/../../core/prov.h src/games/quad/../../core/err.h \
 src/games/quad/../../core/jdoc.h src/games/quad/../../hex/map.h \
 src/games/quad/../../hex/../core/err.h \
 src/games/quad/../../hex/../core/jdoc.h src/games/quad/../../hex/hex.h \
 src/games/quad/../../hex/path.h src/games/quad/../../hex/map.h \
 src/games/quad/../rules.h src/games/quad/../../core/dice.h \
 src/games/quad/../../core/rng.h src/games/quad/../../core/err.h \
 src/games/quad/../../core/event.h src/games/quad/../../core/jdoc.h \
 src/games/quad/../../core/rng.h src/games/quad/qtables.h \
 src/games/quad/../../core/err.h src/games/quad/../../core/jdoc.h \
 src/games/quad/qmove.h
src/games/quad/qbattle.h:
src/games/quad/qcombat.h:
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
src/games/quad/../../core/dice.h:
src/games/quad/../../core/rng.h:
src/games/quad/../../core/err.h:
src/games/quad/../../core/event.h:
src/games/quad/../../core/jdoc.h:
src/games/quad/../../core/rng.h:
src/games/quad/qtables.h:
src/games/quad/../../core/err.h:
src/games/quad/../../core/jdoc.h:
src/games/quad/qmove.h:
