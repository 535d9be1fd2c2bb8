build-werror/src/app/cmd_sim.o: src/app/cmd_sim.c src/app/../ai/ai.h \
 src/app/../ai/../games/rules.h src/app/../ai/../games/../core/dice.h \
 src/app/../ai/../games/../core/rng.h \
 src/app/../ai/../games/../core/err.h \
 src/app/../ai/../games/../core/event.h \
 src/app/../ai/../games/../core/jdoc.h \
 src/app/../ai/../games/../core/err.h \
 src/app/../ai/../games/../core/rng.h src/app/../ai/sim.h \
 src/app/../ai/ai.h src/app/../core/fsio.h src/app/../core/err.h \
 src/app/../games/quad/quad.h src/app/../games/quad/../../core/prov.h \
 src/app/../games/quad/../../core/err.h \
 src/app/../games/quad/../../core/jdoc.h \
 src/app/../games/quad/../../hex/map.h \
 src/app/../games/quad/../../hex/../core/err.h \
 src/app/../games/quad/../../hex/../core/jdoc.h \
 src/app/../games/quad/../../hex/hex.h \
 src/app/../games/quad/../../hex/path.h \
 src/app/../games/quad/../../hex/map.h src/app/../games/quad/../rules.h \
 src/app/../games/quad/qtables.h src/app/../games/quad/../../core/err.h \
 src/app/../games/quad/../../core/jdoc.h src/app/../games/quad/qbattle.h \
 src/app/../games/quad/qcombat.h src/app/../games/quad/quad.h \
 src/app/cli.h src/app/../core/err.h src/app/../games/rules.h
src/app/../ai/ai.h:
src/app/../ai/../games/rules.h:
src/app/../ai/../games/../core/dice.h:
src/app/../ai/../games/../core/rng.h:
src/app/../ai/../games/../core/err.h:
src/app/../ai/../games/../core/event.h:
src/app/../ai/../games/../core/jdoc.h:
src/app/../ai/../games/../core/err.h:
src/app/../ai/../games/../core/rng.h:
src/app/../ai/sim.h:
src/app/../ai/ai.h:
src/app/../core/fsio.h:
src/app/../core/err.h:
src/app/../games/quad/quad.h:
src/app/../games/quad/../../core/prov.h:
src/app/../games/quad/../../core/err.h:
src/app/../games/quad/../../core/jdoc.h:
src/app/../games/quad/../../hex/map.h:
src/app/../games/quad/../../hex/../core/err.h:
src/app/../games/quad/../../hex/../core/jdoc.h:
src/app/../games/quad/../../hex/hex.h:
src/app/../games/quad/../../hex/path.h:
src/app/../games/quad/../../hex/map.h:
src/app/../games/quad/../rules.h:
src/app/../games/quad/qtables.h:
src/app/../games/quad/../../core/err.h:
src/app/../games/quad/../../core/jdoc.h:
src/app/../games/quad/qbattle.h:
src/app/../games/quad/qcombat.h:
src/app/../games/quad/quad.h:
src/app/cli.h:
src/app/../core/err.h:
src/app/../games/rules.h:
