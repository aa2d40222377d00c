// liblouis. Headers only: the functions are defined by CLouisLoader, which loads liblouis on first use.
#include <liblouis/liblouis.h>
