// A process that keeps one core busy, for measuring how a parallel layout does when the second core is taken.
// Forked, not spawned: the child only spins (and dies with its parent, by PR_SET_PDEATHSIG), so nothing of the
// parent's runtime runs in it.
#ifndef SPINNER_H
#define SPINNER_H

#include <sys/types.h>

/// Starts a spinning child, stopped (SIGSTOP); its pid, or -1.
pid_t spinner_start(void);
/// Lets it spin (SIGCONT).
void spinner_resume(pid_t pid);
/// Stops it (SIGSTOP): it no longer takes any CPU.
void spinner_pause(pid_t pid);
/// Kills and reaps it.
void spinner_stop(pid_t pid);

#endif
