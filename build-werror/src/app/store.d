build-werror/src/app/store.o: src/app/store.c src/app/store.h \
 src/app/../core/err.h src/app/../games/rules.h \
 src/app/../games/../core/dice.h src/app/../games/../core/rng.h \
 src/app/../games/../core/err.h src/app/../games/../core/event.h \
 src/app/../games/../core/jdoc.h src/app/../games/../core/err.h \
 src/app/../games/../core/rng.h
src/app/store.h:
src/app/../core/err.h:
src/app/../games/rules.h:
src/app/../games/../core/dice.h:
src/app/../games/../core/rng.h:
src/app/../games/../core/err.h:
src/app/../games/../core/event.h:
src/app/../games/../core/jdoc.h:
src/app/../games/../core/err.h:
src/app/../games/../core/rng.h:
