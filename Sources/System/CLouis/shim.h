#include <liblouis.h>
