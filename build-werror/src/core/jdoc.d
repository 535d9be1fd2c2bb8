build-werror/src/core/jdoc.o: src/core/jdoc.c src/core/jdoc.h \
 src/core/err.h src/core/fsio.h
src/core/jdoc.h:
src/core/err.h:
src/core/fsio.h:
