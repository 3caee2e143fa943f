#ifndef CFYAML_SHIM_H
#define CFYAML_SHIM_H
#include <libfyaml.h>
#endif
