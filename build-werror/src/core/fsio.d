build-werror/src/core/fsio.o: src/core/fsio.c src/core/fsio.h \
 src/core/err.h
src/core/fsio.h:
src/core/err.h:
