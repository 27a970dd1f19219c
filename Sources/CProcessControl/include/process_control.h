#ifndef AUTHSPEC_PROCESS_CONTROL_H
#define AUTHSPEC_PROCESS_CONTROL_H

/// Makes the calling process a child subreaper (Linux prctl PR_SET_CHILD_SUBREAPER): orphaned
/// descendants are re-parented to it. prctl is variadic, which Swift cannot call directly.
/// Returns 0 on success, -1 with errno set.
int authspec_become_child_subreaper(void);

#endif
