#include "callgrind_phase.h"

// Debian's valgrind package has the header; without it (valgrind not installed) the phases are not marked and
// PeerRounds refuses --instructions, since valgrind is not there to run it anyway.
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>

int callgrind_running(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }

// Collection stays on (collection is a per-thread state in callgrind, and a phase's worker threads start later):
// zeroing and dumping act on every thread, so a phase's dump holds what all threads executed inside it.
void callgrind_phase_begin(void) { CALLGRIND_ZERO_STATS; }

void callgrind_phase_end(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }
#else
int callgrind_running(void) { return 0; }
void callgrind_phase_begin(void) {}
void callgrind_phase_end(const char *name) { (void)name; }
#endif
