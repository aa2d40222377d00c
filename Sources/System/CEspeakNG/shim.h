// espeak-ng's C library (Debian's libespeak-ng-dev). Headers only: the functions are defined by CEspeakNGLoader
// (loaded on first use).
#include <espeak-ng/speak_lib.h>
