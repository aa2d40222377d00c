// LAME's MP3 encoder (Debian's libmp3lame-dev). Headers only: the functions are defined by CLameLoader (loaded on
// first use).
#include <lame/lame.h>
