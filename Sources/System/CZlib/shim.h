// zlib, for the PNG encoder of the render consumer (deflate, crc32).
#include <zlib.h>
