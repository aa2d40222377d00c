#define _GNU_SOURCE
#include "spinner.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

pid_t spinner_start(void) {
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid != 0) {
        if (pid > 0) {
            // Wait until the child has stopped itself, so the caller starts from a quiet core.
            int status;
            waitpid(pid, &status, WUNTRACED);
        }
        return pid;
    }
    // The child: die with the parent, stop until resumed, then spin.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(0);
    raise(SIGSTOP);
    volatile unsigned long counter = 0;
    for (;;) counter++;
}

void spinner_resume(pid_t pid) { if (pid > 0) kill(pid, SIGCONT); }

void spinner_pause(pid_t pid) {
    if (pid <= 0) return;
    kill(pid, SIGSTOP);
    int status;
    waitpid(pid, &status, WUNTRACED);
}

void spinner_stop(pid_t pid) {
    if (pid <= 0) return;
    kill(pid, SIGKILL);
    int status;
    waitpid(pid, &status, 0);
}
