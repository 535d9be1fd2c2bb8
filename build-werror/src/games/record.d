build-werror/src/games/record.o: src/games/record.c src/games/record.h \
 src/games/rules.h src/games/../core/dice.h src/games/../core/rng.h \
 src/games/../core/err.h src/games/../core/event.h \
 src/games/../core/jdoc.h src/games/../core/err.h src/games/../core/rng.h \
 src/games/../core/fsio.h
src/games/record.h:
src/games/rules.h:
src/games/../core/dice.h:
src/games/../core/rng.h:
src/games/../core/err.h:
src/games/../core/event.h:
src/games/../core/jdoc.h:
src/games/../core/err.h:
src/games/../core/rng.h:
src/games/../core/fsio.h:
