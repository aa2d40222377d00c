#include <pango/pangoft2.h>
