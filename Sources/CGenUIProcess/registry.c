// The registry of live child process groups and the handlers that kill them when the process ends.
#include "CGenUIProcess.h"
#include "internal.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

#define GENUI_MAX_GROUPS 64

static _Atomic pid_t registered_groups[GENUI_MAX_GROUPS];

static const int handled_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define HANDLED_COUNT ((int)(sizeof handled_signals / sizeof handled_signals[0]))
static struct sigaction previous_actions[HANDLED_COUNT];
static pthread_once_t handlers_once = PTHREAD_ONCE_INIT;

void genui_register_group(pid_t pgid) {
    for (int i = 0; i < GENUI_MAX_GROUPS; i++) {
        pid_t expected = 0;
        if (atomic_compare_exchange_strong(&registered_groups[i], &expected, pgid)) return;
    }
    // More than GENUI_MAX_GROUPS live servers: the parent-death signal still covers this one.
}

void genui_unregister_group(pid_t pgid) {
    for (int i = 0; i < GENUI_MAX_GROUPS; i++) {
        pid_t expected = pgid;
        if (atomic_compare_exchange_strong(&registered_groups[i], &expected, 0)) return;
    }
}

int genui_registered_group_count(void) {
    int count = 0;
    for (int i = 0; i < GENUI_MAX_GROUPS; i++) {
        if (atomic_load(&registered_groups[i]) != 0) count++;
    }
    return count;
}

/// Kills every registered group. Async-signal-safe: atomics and kill(2) only.
static void kill_registered_groups(void) {
    for (int i = 0; i < GENUI_MAX_GROUPS; i++) {
        pid_t pgid = atomic_load(&registered_groups[i]);
        if (pgid > 0) kill(-pgid, SIGKILL);
    }
}

static void handle_termination_signal(int signal_number, siginfo_t *info, void *context) {
    int index = -1;
    for (int i = 0; i < HANDLED_COUNT; i++) {
        if (handled_signals[i] == signal_number) index = i;
    }
    if (index < 0) return;
    struct sigaction *previous = &previous_actions[index];
    if (!(previous->sa_flags & SA_SIGINFO) && previous->sa_handler == SIG_IGN) return;
    kill_registered_groups();
    if (previous->sa_flags & SA_SIGINFO) {
        if (previous->sa_sigaction) previous->sa_sigaction(signal_number, info, context);
        return;
    }
    if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_ERR) {
        previous->sa_handler(signal_number);
        return;
    }
    // The default action: restore it and deliver the signal again, so the process ends the way it would have.
    sigaction(signal_number, previous, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(signal_number);
}

static void kill_at_exit(void) { kill_registered_groups(); }

static void install_handlers(void) {
    for (int i = 0; i < HANDLED_COUNT; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = handle_termination_signal;
        action.sa_flags = SA_SIGINFO | SA_RESTART;
        sigemptyset(&action.sa_mask);
        sigaction(handled_signals[i], &action, &previous_actions[i]);
    }
    atexit(kill_at_exit);
}

void genui_install_cleanup_handlers(void) { pthread_once(&handlers_once, install_handlers); }
