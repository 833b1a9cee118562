#ifndef PHOTOSIM_CMKTEMP_H
#define PHOTOSIM_CMKTEMP_H

/// PhotoSim's own `mktemp(3)`, linked into its executables (see mktemp.c).
char *mktemp(char *pathTemplate);

#endif
