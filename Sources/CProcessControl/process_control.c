#include "process_control.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

int authspec_become_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

pid_t authspec_spawn(const char *path, char *const argv[], char *const envp[], int input, int output, int errors,
                     const int *defaults, int default_count) {
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) return -1;
    if (child == 0) {
        setpgid(0, 0);
        if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) _exit(126);
        // The parent may have died before the signal was asked for: then nobody would send it.
        if (getppid() != parent) _exit(126);
        if (dup2(input, 0) < 0 || dup2(output, 1) < 0 || dup2(errors, 2) < 0) _exit(126);
        struct sigaction standard;
        memset(&standard, 0, sizeof standard);
        standard.sa_handler = SIG_DFL;
        sigemptyset(&standard.sa_mask);
        for (int index = 0; index < default_count; index++) sigaction(defaults[index], &standard, 0);
        sigset_t empty;
        sigemptyset(&empty);
        sigprocmask(SIG_SETMASK, &empty, 0);
        execve(path, argv, envp);
        _exit(127);
    }
    // As shells do: set in both, so the group exists whichever runs first (once the child has
    // exec'd this fails with EACCES, and the child has set it itself).
    setpgid(child, child);
    return child;
}
