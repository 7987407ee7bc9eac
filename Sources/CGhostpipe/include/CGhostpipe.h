// The few system calls Swift's Glibc module does not show (they need _GNU_SOURCE or live in
// <pty.h>), wrapped under our own names so no system header is imported twice.
#ifndef CGHOSTPIPE_H
#define CGHOSTPIPE_H

#include <stdint.h>
#include <sys/types.h>

struct pollfd;

/// Sets this thread's timer slack (how late the kernel may wake us) in nanoseconds. 0 on success.
int gp_set_timer_slack(unsigned long nanoseconds);

/// ppoll with a relative timeout in nanoseconds (negative: wait forever). Returns what ppoll returns.
int gp_ppoll(struct pollfd *fds, unsigned long count, int64_t timeout_ns);

/// Opens a pseudo-terminal pair of the given size. Returns 0 and sets *master, *slave; -1 on error.
int gp_openpty(int *master, int *slave, unsigned short rows, unsigned short columns);

/// Starts `path` with `argv`/`envp` in a new session whose controlling terminal and standard
/// streams are the pseudo-terminal `slave`. Returns the pid, or -1 with errno set.
pid_t gp_spawn_on_terminal(const char *path, char *const argv[], char *const envp[], int slave);

#endif
