// SWORD's C API (libsword-dev: /usr/include/sword/flatapi.h), the engine of diatheke, Xiphos and BibleTime: module
// managers, lexicon and Bible modules, keys and entry attributes. Headers only: CSwordLoader loads libsword.
#include <sword/flatapi.h>
