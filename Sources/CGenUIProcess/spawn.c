// fork + execve on a dedicated thread, with a new process group and a parent-death signal.
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include "CGenUIProcess.h"
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

struct spawn_request {
    const char *path;
    char *const *argv;
    char *const *envp;
    int input_fd;
    int output_fd;
    int error_fd;
    pid_t pid;
    int error_number;
    int done;
};

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_changed = PTHREAD_COND_INITIALIZER;
static pthread_mutex_t caller_lock = PTHREAD_MUTEX_INITIALIZER;
static struct spawn_request *pending_request;
static pthread_once_t spawner_once = PTHREAD_ONCE_INIT;
static int spawner_started;

int genui_pipe_cloexec(int fds[2]) {
#if defined(__linux__)
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

/// Closes every descriptor from 3 up, except `keep`. Async-signal-safe.
static void close_other_descriptors(int keep) {
#if defined(__linux__) && defined(SYS_close_range)
    if (keep > 3) syscall(SYS_close_range, 3U, (unsigned)(keep - 1), 0U);
    if (syscall(SYS_close_range, (unsigned)(keep + 1), ~0U, 0U) == 0) return;
#endif
    struct rlimit limit;
    int maximum = 4096;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < 65536) {
        maximum = (int)limit.rlim_cur;
    }
    for (int fd = 3; fd < maximum; fd++) {
        if (fd != keep) close(fd);
    }
}

#if defined(__APPLE__)
static int lifeline[2] = {-1, -1};

/// Darwin has no parent-death signal: a detached watcher in the child's group blocks on a pipe whose write end only
/// this process holds; when this process dies the read returns 0 and the watcher kills the group.
static void start_watcher(pid_t pgid) {
    if (lifeline[0] < 0 && genui_pipe_cloexec(lifeline) != 0) return;
    pid_t intermediate = fork();
    if (intermediate == 0) {
        if (fork() == 0) {
            setpgid(0, pgid);
            close_other_descriptors(lifeline[0]);
            char byte;
            while (read(lifeline[0], &byte, 1) < 0 && errno == EINTR) {}
            kill(-pgid, SIGKILL);
            _exit(0);
        }
        _exit(0);
    }
    if (intermediate > 0) {
        int status;
        while (waitpid(intermediate, &status, 0) < 0 && errno == EINTR) {}
    }
}
#endif

static void run_request(struct spawn_request *request) {
    int report[2];
    if (genui_pipe_cloexec(report) != 0) {
        request->pid = -1;
        request->error_number = errno;
        return;
    }
    int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
    int input_fd = request->input_fd >= 0 ? request->input_fd : null_fd;
    int output_fd = request->output_fd >= 0 ? request->output_fd : null_fd;
    int error_fd = request->error_fd >= 0 ? request->error_fd : null_fd;
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        // The child: async-signal-safe calls only until execve.
        struct sigaction default_action;
        memset(&default_action, 0, sizeof default_action);
        default_action.sa_handler = SIG_DFL;
        sigemptyset(&default_action.sa_mask);
        for (int signal_number = 1; signal_number < 32; signal_number++) {
            if (signal_number != SIGKILL && signal_number != SIGSTOP) sigaction(signal_number, &default_action, NULL);
        }
        sigset_t empty;
        sigemptyset(&empty);
        sigprocmask(SIG_SETMASK, &empty, NULL);
        setpgid(0, 0);
#if defined(__linux__)
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127);  // the parent died before the signal was armed
#endif
        // A source numbered 0-2 (this process had a standard stream closed) would be overwritten by an earlier
        // dup2, or kept close-on-exec by dup2(fd, fd): move every source above 2 first.
        if (input_fd >= 0 && input_fd < 3) input_fd = fcntl(input_fd, F_DUPFD, 3);
        if (output_fd >= 0 && output_fd < 3) output_fd = fcntl(output_fd, F_DUPFD, 3);
        if (error_fd >= 0 && error_fd < 3) error_fd = fcntl(error_fd, F_DUPFD, 3);
        if (input_fd >= 0) dup2(input_fd, STDIN_FILENO);
        if (output_fd >= 0) dup2(output_fd, STDOUT_FILENO);
        if (error_fd >= 0) dup2(error_fd, STDERR_FILENO);
        close_other_descriptors(report[1]);
        execve(request->path, request->argv, request->envp);
        int failure = errno;
        ssize_t ignored = write(report[1], &failure, sizeof failure);
        (void)ignored;
        _exit(127);
    }
    int fork_error = errno;
    close(report[1]);
    if (null_fd >= 0) close(null_fd);
    if (pid < 0) {
        close(report[0]);
        request->pid = -1;
        request->error_number = fork_error;
        return;
    }
    setpgid(pid, pid);  // also from the parent, so the group exists before anyone signals it
    int exec_error = 0;
    ssize_t count;
    do {
        count = read(report[0], &exec_error, sizeof exec_error);
    } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count > 0) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        request->pid = -1;
        request->error_number = exec_error;
        return;
    }
    genui_register_group(pid);
#if defined(__APPLE__)
    start_watcher(pid);
#endif
    request->pid = pid;
    request->error_number = 0;
}

static void *spawner_main(void *unused) {
    (void)unused;
    // Termination signals are handled on other threads; this one only forks.
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL);
    for (;;) {
        pthread_mutex_lock(&queue_lock);
        while (pending_request == NULL || pending_request->done) pthread_cond_wait(&queue_changed, &queue_lock);
        struct spawn_request *request = pending_request;
        pthread_mutex_unlock(&queue_lock);
        run_request(request);
        pthread_mutex_lock(&queue_lock);
        request->done = 1;
        pthread_cond_broadcast(&queue_changed);
        pthread_mutex_unlock(&queue_lock);
    }
    return NULL;
}

static void start_spawner(void) {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    spawner_started = pthread_create(&thread, &attributes, spawner_main, NULL) == 0;
    pthread_attr_destroy(&attributes);
}

pid_t genui_spawn(const char *path, char *const argv[], char *const envp[], int output_fd, int *error_number) {
    return genui_spawn_stdio(path, argv, envp, -1, output_fd, output_fd, error_number);
}

pid_t genui_spawn_stdio(
    const char *path, char *const argv[], char *const envp[], int input_fd, int output_fd, int error_fd,
    int *error_number) {
    genui_install_cleanup_handlers();
    pthread_once(&spawner_once, start_spawner);
    if (!spawner_started) {
        if (error_number) *error_number = EAGAIN;
        return -1;
    }
    struct spawn_request request = {path, argv, envp, input_fd, output_fd, error_fd, -1, 0, 0};
    pthread_mutex_lock(&caller_lock);
    pthread_mutex_lock(&queue_lock);
    pending_request = &request;
    pthread_cond_broadcast(&queue_changed);
    while (!request.done) pthread_cond_wait(&queue_changed, &queue_lock);
    pending_request = NULL;
    pthread_mutex_unlock(&queue_lock);
    pthread_mutex_unlock(&caller_lock);
    if (error_number) *error_number = request.error_number;
    return request.pid;
}

int genui_kill_group(pid_t pgid, int signal_number) {
    if (pgid <= 1) {
        errno = EINVAL;
        return -1;
    }
    return kill(-pgid, signal_number);
}

int genui_try_wait(pid_t pid, int *status) {
    int result;
    do {
        result = waitpid(pid, status, WNOHANG);
    } while (result < 0 && errno == EINTR);
    if (result == pid) return 1;
    if (result == 0) return 0;
    return -1;
}

int genui_exit_description(int status, int *code) {
    if (WIFEXITED(status)) {
        *code = WEXITSTATUS(status);
        return 1;
    }
    *code = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return 0;
}
