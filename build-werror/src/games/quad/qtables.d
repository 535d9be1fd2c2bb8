build-werror/src/games/quad/qtables.o: src/games/quad/qtables.c \
 src/games/quad/../../core/prov.h src/games/quad/../../core/err.h \
 src/games/quad/../../core/jdoc.h src/games/quad/qtables.h \
 src/games/quad/../../core/err.h src/games/quad/../../core/jdoc.h \
 src/games/quad/../../hex/map.h src/games/quad/../../hex/../core/err.h \
 src/games/quad/../../hex/../core/jdoc.h src/games/quad/../../hex/hex.h
src/games/quad/../../core/prov.h:
src/games/quad/../../core/err.h:
src/games/quad/../../core/jdoc.h:
src/games/quad/qtables.h:
src/games/quad/../../core/err.h:
src/games/quad/../../core/jdoc.h:
src/games/quad/../../hex/map.h:
src/games/quad/../../hex/../core/err.h:
src/games/quad/../../hex/../core/jdoc.h:
src/games/quad/../../hex/hex.h:
