build-werror/src/hex/map.o: src/hex/map.c src/hex/map.h \
 src/hex/../core/err.h src/hex/../core/jdoc.h src/hex/../core/err.h \
 src/hex/hex.h src/hex/../core/prov.h src/hex/../core/jdoc.h
src/hex/map.h:
src/hex/../core/err.h:
src/hex/../core/jdoc.h:
src/hex/../core/err.h:
src/hex/hex.h:
src/hex/../core/prov.h:
src/hex/../core/jdoc.h:
