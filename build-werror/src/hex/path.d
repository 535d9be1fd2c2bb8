build-werror/src/hex/path.o: src/hex/path.c src/hex/path.h src/hex/map.h \
 src/hex/../core/err.h src/hex/../core/jdoc.h src/hex/../core/err.h \
 src/hex/hex.h
src/hex/path.h:
src/hex/map.h:
src/hex/../core/err.h:
src/hex/../core/jdoc.h:
src/hex/../core/err.h:
src/hex/hex.h:
