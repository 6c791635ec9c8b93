// The C shim that starts runtime subprocesses in their own process group with a parent-death signal.
//
// Swift cannot safely fork (the child of a multi-threaded process may only call async-signal-safe functions until
// execve), so the whole fork/exec sequence lives here. Every child:
//   - leads a new process group (its pid is the group id), so stopping it kills everything it started;
//   - on Linux dies with SIGKILL when the genui process dies, however it dies (PR_SET_PDEATHSIG); the fork happens
//     on one dedicated long-lived thread because the parent-death signal fires when the forking *thread* exits;
//   - on Darwin is watched by a tiny watcher process that kills the group when the genui process's lifeline pipe
//     closes;
//   - is recorded in a registry that SIGINT/SIGTERM handlers and an atexit handler use to kill the group before the
//     process goes away.
#pragma once

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Starts `path` with `argv` (NULL-terminated, argv[0] included) and `envp` (NULL-terminated) in a new process group,
/// stdin from /dev/null, stdout and stderr into `output_fd` (or /dev/null when it is -1).
/// Returns the child's pid (also its process group id), or -1 with `*error_number` set to the errno of the failed
/// step (an execve failure is reported here too, not as a child that exits at once).
pid_t genui_spawn(const char *path, char *const argv[], char *const envp[], int output_fd, int *error_number);

/// As `genui_spawn`, with the child's stdin, stdout and stderr each from its own descriptor (-1: /dev/null): for a
/// child that speaks a protocol over its standard streams (an MCP server over stdio).
pid_t genui_spawn_stdio(
    const char *path, char *const argv[], char *const envp[], int input_fd, int output_fd, int error_fd,
    int *error_number);

/// Sends `signal_number` to the whole process group `pgid`. Returns 0, or -1 with errno set.
int genui_kill_group(pid_t pgid, int signal_number);

/// Waits for `pid` without blocking. Returns 1 and sets `*status` when it has exited (reaped), 0 when it still runs,
/// -1 when there is no such child.
int genui_try_wait(pid_t pid, int *status);

/// Whether a wait status means a normal exit; `*code` receives the exit code or the signal number.
int genui_exit_description(int status, int *code);

/// Forgets `pgid` in the registry (after it has been killed and reaped).
void genui_unregister_group(pid_t pgid);

/// The number of process groups currently registered (for tests).
int genui_registered_group_count(void);

/// Writes all `count` bytes to `fd` (retrying on EINTR and short writes). A reader that has gone gives -1 with errno
/// EPIPE instead of a SIGPIPE that would end this process; the process's own SIGPIPE disposition is left alone. On a
/// non-blocking descriptor a full pipe is waited for up to `timeout_milliseconds` each time (-1: no bound), then -1
/// with errno ETIMEDOUT.
ssize_t genui_write_all_no_sigpipe(int fd, const void *buffer, size_t count, int timeout_milliseconds);

/// Opens a pipe whose both ends are close-on-exec; returns 0 or -1 with errno set.
int genui_pipe_cloexec(int fds[2]);

/// Binds a TCP socket to 127.0.0.1 port 0 and returns the port the kernel chose, or -1 with errno set.
int genui_free_loopback_port(void);

#ifdef __cplusplus
}
#endif
