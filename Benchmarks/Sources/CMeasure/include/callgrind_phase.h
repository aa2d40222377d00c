// Marks the phases PeerRounds measures under `valgrind --tool=callgrind`: the counters are zeroed when a phase
// begins and dumped, to a file of its own described by the phase's name, when it ends (callgrind's client
// requests; outside valgrind they cost a few instructions and do nothing).
#ifndef CALLGRIND_PHASE_H
#define CALLGRIND_PHASE_H

/// Whether the process runs under valgrind.
int callgrind_running(void);
/// Zeroes every thread's counters.
void callgrind_phase_begin(void);
/// Dumps (and zeroes) every thread's counts since the last begin, described as `name`.
void callgrind_phase_end(const char *name);

#endif
