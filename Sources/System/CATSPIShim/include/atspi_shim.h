#ifndef ATSPI_SHIM_H
#define ATSPI_SHIM_H
#include <systemd/sd-bus.h>
#endif
