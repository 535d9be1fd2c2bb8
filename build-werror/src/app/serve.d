build-werror/src/app/serve.o: src/app/serve.c src/app/../core/dice.h \
 src/app/../core/rng.h src/app/../games/rules.h \
 src/app/../games/../core/dice.h src/app/../games/../core/err.h \
 src/app/../games/../core/event.h src/app/../games/../core/jdoc.h \
 src/app/../games/../core/err.h src/app/../games/../core/rng.h \
 src/app/store.h src/app/../core/err.h src/app/../ai/ai.h \
 src/app/../ai/../games/rules.h src/app/../core/fsio.h \
 src/app/../core/err.h src/app/../games/record.h src/app/../games/rules.h \
 src/app/catalog.h src/app/cli.h
src/app/../core/dice.h:
src/app/../core/rng.h:
src/app/../games/rules.h:
src/app/../games/../core/dice.h:
src/app/../games/../core/err.h:
src/app/../games/../core/event.h:
src/app/../games/../core/jdoc.h:
src/app/../games/../core/err.h:
src/app/../games/../core/rng.h:
src/app/store.h:
src/app/../core/err.h:
src/app/../ai/ai.h:
src/app/../ai/../games/rules.h:
src/app/../core/fsio.h:
src/app/../core/err.h:
src/app/../games/record.h:
src/app/../games/rules.h:
src/app/catalog.h:
src/app/cli.h:
