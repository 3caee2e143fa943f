#ifndef CLibYAML_SHIM_H
#define CLibYAML_SHIM_H
#include <yaml.h>
#endif
