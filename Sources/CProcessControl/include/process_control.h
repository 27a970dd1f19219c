#ifndef AUTHSPEC_PROCESS_CONTROL_H
#define AUTHSPEC_PROCESS_CONTROL_H

#include <sys/types.h>

/// Makes the calling process a child subreaper (Linux prctl PR_SET_CHILD_SUBREAPER): orphaned
/// descendants are re-parented to it. prctl is variadic, which Swift cannot call directly.
/// Returns 0 on success, -1 with errno set.
int authspec_become_child_subreaper(void);

/// Starts `path` (argv, envp) in a process group of its own, with `input`, `output` and
/// `errors` as its stdin, stdout and stderr, the default disposition for each of the
/// `default_count` signals in `defaults`, an empty signal mask, and SIGKILL as its parent-death
/// signal (prctl PR_SET_PDEATHSIG, set in the child before exec): when the thread that started it
/// ends, the child is killed, however that happened, even by SIGKILL. Between fork and exec the
/// child makes only async-signal-safe calls. Returns the child's pid, or -1 with errno set.
pid_t authspec_spawn(const char *path, char *const argv[], char *const envp[], int input, int output, int errors,
                     const int *defaults, int default_count);

#endif
