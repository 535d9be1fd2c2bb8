build-werror/src/hex/maplines.o: src/hex/maplines.c src/hex/map.h \
 src/hex/../core/err.h src/hex/../core/jdoc.h src/hex/../core/err.h \
 src/hex/hex.h
src/hex/map.h:
src/hex/../core/err.h:
src/hex/../core/jdoc.h:
src/hex/../core/err.h:
src/hex/hex.h:
