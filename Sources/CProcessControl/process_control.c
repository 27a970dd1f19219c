#define _GNU_SOURCE
#include "process_control.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

int authspec_become_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

/// The guard's children now (those it forked and the orphans re-parented to it, a subreaper),
/// read from /proc/PID/task/PID/children into `pids`; how many, or -1 when the kernel does not
/// list them. Async-signal-safe: open, read and close only, no allocation.
static int guard_children(pid_t self, pid_t *pids, int capacity) {
    char path[64] = "/proc/";
    char digits[16];
    int length = 0;
    for (pid_t value = self; value > 0 && length < 15; value /= 10) digits[length++] = (char)('0' + value % 10);
    int at = 6;
    for (int pass = 0; pass < 2; pass++) {
        for (int index = length - 1; index >= 0; index--) path[at++] = digits[index];
        const char *part = pass == 0 ? "/task/" : "/children";
        while (*part) path[at++] = *part++;
    }
    path[at] = 0;
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return -1;
    char buffer[4096];
    ssize_t size = read(descriptor, buffer, sizeof buffer - 1);
    close(descriptor);
    if (size < 0) return -1;
    int count = 0;
    pid_t current = 0;
    int inNumber = 0;
    for (ssize_t index = 0; index <= size && count < capacity; index++) {
        char character = index < size ? buffer[index] : ' ';
        if (character >= '0' && character <= '9') {
            current = current * 10 + (character - '0');
            inNumber = 1;
        } else if (inNumber) {
            pids[count++] = current;
            current = 0;
            inNumber = 0;
        }
    }
    return count;
}

/// Ends every child of the guard and reaps it, until it has none: what the driver left behind
/// is re-parented to the guard as each of its parents dies, so it is asked again each round.
/// As authspec ends a driver: TERM first, 200 ms to go, then KILL.
static void guard_end_all(pid_t self, pid_t driver) {
    int status;
    pid_t pids[256];
    int count = guard_children(self, pids, 256);
    if (count < 0) {
        // No list from the kernel: the driver at least; authspec, a subreaper too, sweeps the
        // rest once the guard is gone.
        kill(driver, SIGKILL);
        while (waitpid(-1, &status, 0) > 0) {}
        return;
    }
    for (int index = 0; index < count; index++) kill(pids[index], SIGTERM);
    struct timespec pause = {0, 2000000};
    for (int wait = 0; wait < 100 && count > 0; wait++) {
        while (waitpid(-1, &status, WNOHANG) > 0) {}
        nanosleep(&pause, 0);
        count = guard_children(self, pids, 256);
    }
    for (int round = 0; round < 1000; round++) {
        count = guard_children(self, pids, 256);
        for (int index = 0; index < count; index++) kill(pids[index], SIGKILL);
        while (waitpid(-1, &status, WNOHANG) > 0) {}
        if (count <= 0 && waitpid(-1, &status, WNOHANG) < 0 && errno == ECHILD) return;
        nanosleep(&pause, 0);
    }
}

pid_t authspec_spawn(const char *path, char *const argv[], char *const envp[], int input, int output, int errors,
                     const int *defaults, int default_count) {
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) return -1;
    if (child == 0) {
        // The guard: the driver's parent and subreaper, in the driver's process group. Between
        // fork and exit it makes only async-signal-safe calls.
        setpgid(0, 0);
        pid_t self = getpid();
        if (dup2(input, 0) < 0 || dup2(output, 1) < 0 || dup2(errors, 2) < 0) _exit(126);
        // The guard never execs, so close-on-exec closes nothing: it closes everything else
        // itself (other drivers' pipes among them, which would never see their end).
        if (close_range(3, ~0U, 0) != 0) {
            for (int descriptor = 3; descriptor < 65536; descriptor++) close(descriptor);
        }
        struct sigaction standard;
        memset(&standard, 0, sizeof standard);
        standard.sa_handler = SIG_DFL;
        sigemptyset(&standard.sa_mask);
        for (int index = 0; index < default_count; index++) sigaction(defaults[index], &standard, 0);
        // Woken by its parent's death (SIGUSR1) and its children's (SIGCHLD), both blocked and
        // taken with sigtimedwait; TERM (authspec ending the driver's group) is the driver's to
        // answer: the guard waits for it.
        sigaction(SIGUSR1, &standard, 0);
        sigaction(SIGCHLD, &standard, 0);
        struct sigaction ignore;
        memset(&ignore, 0, sizeof ignore);
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        sigaction(SIGTERM, &ignore, 0);
        sigaction(SIGINT, &ignore, 0);
        sigaction(SIGHUP, &ignore, 0);
        // Every catchable signal blocked: a signal the driver sends its own group (which the
        // guard leads) is the driver's, never the guard's end; sigtimedwait takes CHLD and USR1.
        sigset_t waited;
        sigemptyset(&waited);
        sigaddset(&waited, SIGCHLD);
        sigaddset(&waited, SIGUSR1);
        sigset_t all;
        sigfillset(&all);
        sigprocmask(SIG_SETMASK, &all, 0);
        if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) _exit(126);
        if (prctl(PR_SET_PDEATHSIG, SIGUSR1, 0, 0, 0) != 0) _exit(126);
        // The parent may have died before the signal was asked for: then nobody would send it.
        if (getppid() != parent) _exit(126);
        pid_t driver = fork();
        if (driver < 0) _exit(126);
        if (driver == 0) {
            // The driver: dies with its guard, with every signal as a program expects it.
            if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) _exit(126);
            if (getppid() != self) _exit(126);
            for (int index = 0; index < default_count; index++) sigaction(defaults[index], &standard, 0);
            sigaction(SIGUSR1, &standard, 0);
            sigaction(SIGTERM, &standard, 0);
            sigaction(SIGINT, &standard, 0);
            sigaction(SIGHUP, &standard, 0);
            sigset_t empty;
            sigemptyset(&empty);
            sigprocmask(SIG_SETMASK, &empty, 0);
            execve(path, argv, envp);
            _exit(127);
        }
        close(0);
        close(1);
        close(2);
        int driverStatus = 0;
        int driverEnded = 0;
        for (;;) {
            int status;
            pid_t ended;
            while ((ended = waitpid(-1, &status, WNOHANG)) > 0) {
                if (ended == driver) {
                    driverStatus = status;
                    driverEnded = 1;
                }
            }
            // authspec gone (its parent-death signal, or no longer the parent: the signal can
            // come early, when the thread that started the guard ends), or the driver ended.
            if (getppid() != parent || driverEnded) break;
            struct timespec second = {1, 0};
            siginfo_t info;
            sigtimedwait(&waited, &info, &second);
        }
        guard_end_all(self, driver);
        if (!driverEnded) _exit(137);
        if (WIFEXITED(driverStatus)) _exit(WEXITSTATUS(driverStatus));
        // Killed by a signal: the guard dies of it too, so authspec sees the driver's end, and
        // leaves no core of its own (it is a copy of authspec's memory, not the driver's).
        prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
        struct rlimit noCore = {0, 0};
        setrlimit(RLIMIT_CORE, &noCore);
        int signal = WTERMSIG(driverStatus);
        sigaction(signal, &standard, 0);
        // That signal alone: others still pending (the driver's to its group) stay blocked.
        sigset_t only;
        sigemptyset(&only);
        sigaddset(&only, signal);
        kill(self, signal);
        sigprocmask(SIG_UNBLOCK, &only, 0);
        _exit(128 + signal);
    }
    // As shells do: set in both, so the group exists whichever runs first (once the child has
    // exec'd this fails with EACCES, and the child has set it itself).
    setpgid(child, child);
    return child;
}
