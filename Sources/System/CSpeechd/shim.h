// speech-dispatcher's C library. Headers only: the functions are defined by CSpeechdLoader (loaded on first use).
#include <speech-dispatcher/libspeechd.h>
