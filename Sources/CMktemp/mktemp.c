// mktemp(3) for PhotoSim's executables, made from mkstemp(3).
//
// Foundation's static archive calls mktemp from createTemporaryFile (the temporary file of every
// atomic Data.write), then opens the name with O_CREAT | O_EXCL and tries again on a clash. glibc
// marks its own mktemp with a link-time warning section, so every statically linked executable
// printed "the use of `mktemp' is dangerous" although the use is the safe one. Defining mktemp
// here makes the linker bind Foundation's call to this definition instead of glibc's. It keeps
// mktemp's contract (the template's XXXXXX replaced by a name that did not exist, or an empty
// string on failure, errno set) and draws the name as mkstemp does: it creates the file
// exclusively, then removes it, so the name is new at the moment it is returned; the caller's
// O_EXCL open settles any race after that, as it must with glibc's mktemp too.
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include "CMktemp.h"

char *mktemp(char *pathTemplate) {
    int descriptor = mkstemp(pathTemplate);
    if (descriptor < 0) {
        pathTemplate[0] = '\0';
        return pathTemplate;
    }
    int saved = errno;
    close(descriptor);
    unlink(pathTemplate);
    errno = saved;
    return pathTemplate;
}
