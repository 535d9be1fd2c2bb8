/* The tests of test_pathsearch.c against the portable version of path_sweep: pathsweep.c
 * compiled here with its byte loops instead of SSE2 (PATH_SWEEP_SCALAR). Its definitions take
 * the place of the library's (the linker then leaves pathsweep.o out of the archive). */
#define PATH_SWEEP_SCALAR 1
#include "hex/pathsweep.c"

#include "test_pathsearch.c"
