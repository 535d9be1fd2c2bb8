build-werror/src/core/prov.o: src/core/prov.c src/core/prov.h \
 src/core/err.h src/core/jdoc.h
src/core/prov.h:
src/core/err.h:
src/core/jdoc.h:
