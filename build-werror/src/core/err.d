build-werror/src/core/err.o: src/core/err.c src/core/err.h
src/core/err.h:
