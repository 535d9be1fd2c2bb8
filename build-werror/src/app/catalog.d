build-werror/src/app/catalog.o: src/app/catalog.c src/app/catalog.h \
 src/app/../games/rules.h src/app/../games/../core/dice.h \
 src/app/../games/../core/rng.h src/app/../games/../core/err.h \
 src/app/../games/../core/event.h src/app/../games/../core/jdoc.h \
 src/app/../games/../core/err.h src/app/../games/../core/rng.h
src/app/catalog.h:
src/app/../games/rules.h:
src/app/../games/../core/dice.h:
src/app/../games/../core/rng.h:
src/app/../games/../core/err.h:
src/app/../games/../core/event.h:
src/app/../games/../core/jdoc.h:
src/app/../games/../core/err.h:
src/app/../games/../core/rng.h:
