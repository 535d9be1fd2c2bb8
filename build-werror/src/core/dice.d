build-werror/src/core/dice.o: src/core/dice.c src/core/dice.h \
 src/core/rng.h
src/core/dice.h:
src/core/rng.h:
