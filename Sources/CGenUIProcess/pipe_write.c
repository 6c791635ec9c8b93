// Writing to a child's stdin without being killed by SIGPIPE when the child has gone.
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include "CGenUIProcess.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

ssize_t genui_write_all_no_sigpipe(int fd, const void *buffer, size_t count, int timeout_milliseconds) {
    // SIGPIPE from write() is sent to the writing thread: block it here, and take back the one this write raised,
    // so the process's disposition (which belongs to the app) is never changed.
    sigset_t pipe_only, previous, pending;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);
    sigpending(&pending);
    int was_pending = sigismember(&pending, SIGPIPE);

    const char *bytes = buffer;
    size_t written = 0;
    int failure = 0;
    while (written < count) {
        ssize_t result = write(fd, bytes + written, count - written);
        if (result < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                // A non-blocking descriptor whose reader is slow: wait until it can take more, within the bound.
                struct pollfd wanted = {fd, POLLOUT, 0};
                int ready;
                do {
                    ready = poll(&wanted, 1, timeout_milliseconds);
                } while (ready < 0 && errno == EINTR);
                if (ready > 0) continue;
                failure = ready == 0 ? ETIMEDOUT : errno;
                break;
            }
            failure = errno;
            break;
        }
        written += (size_t)result;
    }
    if (failure == EPIPE && !was_pending) {
#if defined(__linux__)
        struct timespec zero = {0, 0};
        while (sigtimedwait(&pipe_only, NULL, &zero) < 0 && errno == EINTR) {}
#else
        int taken;
        sigpending(&pending);
        if (sigismember(&pending, SIGPIPE)) sigwait(&pipe_only, &taken);
#endif
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (failure != 0) {
        errno = failure;
        return -1;
    }
    return (ssize_t)written;
}
