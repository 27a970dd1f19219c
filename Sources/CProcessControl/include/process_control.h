#ifndef AUTHSPEC_PROCESS_CONTROL_H
#define AUTHSPEC_PROCESS_CONTROL_H

#include <sys/types.h>

/// Makes the calling process a child subreaper (Linux prctl PR_SET_CHILD_SUBREAPER): orphaned
/// descendants are re-parented to it. prctl is variadic, which Swift cannot call directly.
/// Returns 0 on success, -1 with errno set.
int authspec_become_child_subreaper(void);

/// Starts `path` (argv, envp) under a guard: the guard is the returned pid, leader of a process
/// group of its own, the driver's parent and a child subreaper; the driver runs `path` in that
/// group with `input`, `output` and `errors` as its stdin, stdout and stderr, the default
/// disposition for each of the `default_count` signals in `defaults`, an empty signal mask,
/// and SIGKILL as its parent-death signal. The guard ends as the driver does (its exit code, or
/// killed by the same signal), after killing and reaping everything the driver left behind
/// (re-parented to it, even from another session). When authspec dies, however (even by
/// SIGKILL: the guard's parent-death signal, or its parent no longer being authspec), the guard
/// kills and reaps the driver and all it started. Between fork and exit both make only
/// async-signal-safe calls. Returns the guard's pid, or -1 with errno set.
pid_t authspec_spawn(const char *path, char *const argv[], char *const envp[], int input, int output, int errors,
                     const int *defaults, int default_count);

#endif
