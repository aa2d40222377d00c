#include "atspi_shim.h"
