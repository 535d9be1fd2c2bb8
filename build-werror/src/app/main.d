build-werror/src/app/main.o: src/app/main.c src/app/../core/fsio.h \
 src/app/../core/err.h src/app/../core/prov.h src/app/../core/jdoc.h \
 src/app/../hex/map.h src/app/../hex/../core/err.h \
 src/app/../hex/../core/jdoc.h src/app/../hex/hex.h src/app/catalog.h \
 src/app/../games/rules.h src/app/../games/../core/dice.h \
 src/app/../games/../core/rng.h src/app/../games/../core/err.h \
 src/app/../games/../core/event.h src/app/../games/../core/jdoc.h \
 src/app/../games/../core/rng.h src/app/cli.h src/app/../core/err.h
src/app/../core/fsio.h:
src/app/../core/err.h:
src/app/../core/prov.h:
src/app/../core/jdoc.h:
src/app/../hex/map.h:
src/app/../hex/../core/err.h:
src/app/../hex/../core/jdoc.h:
src/app/../hex/hex.h:
src/app/catalog.h:
src/app/../games/rules.h:
src/app/../games/../core/dice.h:
src/app/../games/../core/rng.h:
src/app/../games/../core/err.h:
src/app/../games/../core/event.h:
src/app/../games/../core/jdoc.h:
src/app/../games/../core/rng.h:
src/app/cli.h:
src/app/../core/err.h:
