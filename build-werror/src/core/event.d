build-werror/src/core/event.o: src/core/event.c src/core/event.h
src/core/event.h:
