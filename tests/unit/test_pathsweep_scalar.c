/* The tests of test_pathsearch.c against the portable version of path_sweep and of
 * path_search_prep: pathsweep.c and path.c compiled here with their byte loops instead of SSE2
 * (PATH_SWEEP_SCALAR). Their definitions take the place of the library's (the linker then
 * leaves pathsweep.o and path.o out of the archive). */
#define PATH_SWEEP_SCALAR 1
#include "hex/pathsweep.c"
#include "hex/path.c"

#include "test_pathsearch.c"
