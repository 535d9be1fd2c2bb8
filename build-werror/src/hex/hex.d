build-werror/src/hex/hex.o: src/hex/hex.c src/hex/hex.h
src/hex/hex.h:
