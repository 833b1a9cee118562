// The app's libdispatch work on the world's scheduler (CAppWorld.h, docs/determinism.md).
//
// While the world is in force, the executable's definitions of libdispatch's entry points take
// the app's work from libdispatch: a block given to a queue other than the main queue waits in
// this scheduler, and the scheduler runs it on a thread of its own, one block at a time, while
// the main thread waits. Which block runs next, among those the queues' rules allow (a serial
// queue one at a time in order, a concurrent queue any of its first blocks before a barrier, a
// barrier alone), is drawn from the app's seed, so the same seed gives the same order and
// another seed may give another. A block runs until it ends or waits (a semaphore, a group, a
// `sync`): then the scheduler chooses again. Semaphores, groups and `sync` are the scheduler's
// own, so a wait that nothing left to run can end is found: on the main thread it is the app's
// deadlock, reported with the seed. `DispatchTime.now()` is the world's clock, and `asyncAfter`
// waits on it: the clock moves when the simulator advances it, a little as each block starts, and
// to the next deadline when the app waits and nothing else can run.
//
// The main queue stays libdispatch's: UIKit runs it (AppProcessLoop), and a block handed to it
// from the scheduler's threads runs there, in the order it was handed over.

#define _GNU_SOURCE
#include "CAppWorld.h"
#include "app_world_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef uint64_t dispatch_time_t;
typedef void (*work_function)(void *);
typedef void (*apply_function)(void *, size_t);

#define time_forever (~0ULL)
/// `DISPATCH_WALLTIME_NOW` (dispatch/time.h).
#define walltime_now (~1ULL)

/// The start of a block object (the Clang Blocks ABI): its function takes the block first.
struct block_layout {
    void *isa;
    int flags;
    int reserved;
    void *invoke;
};

static void call_block(void *block) { ((void (*)(void *))((struct block_layout *)block)->invoke)(block); }
static void call_apply_block(void *block, size_t index) { ((void (*)(void *, size_t))((struct block_layout *)block)->invoke)(block, index); }

// MARK: - libdispatch's own functions

static struct {
    void (*async)(void *, void *);
    void (*async_f)(void *, void *, work_function);
    void (*barrier_async)(void *, void *);
    void (*barrier_async_f)(void *, void *, work_function);
    void (*sync)(void *, void *);
    void (*sync_f)(void *, void *, work_function);
    void (*barrier_sync)(void *, void *);
    void (*barrier_sync_f)(void *, void *, work_function);
    void (*after)(dispatch_time_t, void *, void *);
    void (*after_f)(dispatch_time_t, void *, void *, work_function);
    void (*group_async)(void *, void *, void *);
    void (*group_async_f)(void *, void *, void *, work_function);
    void (*group_notify)(void *, void *, void *);
    void (*group_notify_f)(void *, void *, void *, work_function);
    void *(*group_create)(void);
    void (*group_enter)(void *);
    void (*group_leave)(void *);
    long (*group_wait)(void *, dispatch_time_t);
    void *(*semaphore_create)(long);
    long (*semaphore_wait)(void *, dispatch_time_t);
    long (*semaphore_signal)(void *);
    void *(*queue_create)(const char *, void *);
    void *(*queue_create_with_target)(const char *, void *, void *);
    void *(*attr_with_qos)(void *, int, int);
    void *(*attr_with_autorelease)(void *, unsigned long);
    void *(*attr_inactive)(void *);
    dispatch_time_t (*time)(dispatch_time_t, int64_t);
    void (*apply)(size_t, void *, void *);
    void (*apply_f)(size_t, void *, void *, apply_function);
    void (*set_context)(void *, void *);
    void *(*get_context)(void *);
    void *(*block_copy)(const void *);
    void (*block_release)(const void *);
    int (*thread_create)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
} real;

static pthread_once_t resolved = PTHREAD_ONCE_INIT;

static void resolve(void) {
#define RESOLVE(field, name) *(void **)&real.field = dlsym(RTLD_NEXT, name)
    RESOLVE(async, "dispatch_async");
    RESOLVE(async_f, "dispatch_async_f");
    RESOLVE(barrier_async, "dispatch_barrier_async");
    RESOLVE(barrier_async_f, "dispatch_barrier_async_f");
    RESOLVE(sync, "dispatch_sync");
    RESOLVE(sync_f, "dispatch_sync_f");
    RESOLVE(barrier_sync, "dispatch_barrier_sync");
    RESOLVE(barrier_sync_f, "dispatch_barrier_sync_f");
    RESOLVE(after, "dispatch_after");
    RESOLVE(after_f, "dispatch_after_f");
    RESOLVE(group_async, "dispatch_group_async");
    RESOLVE(group_async_f, "dispatch_group_async_f");
    RESOLVE(group_notify, "dispatch_group_notify");
    RESOLVE(group_notify_f, "dispatch_group_notify_f");
    RESOLVE(group_create, "dispatch_group_create");
    RESOLVE(group_enter, "dispatch_group_enter");
    RESOLVE(group_leave, "dispatch_group_leave");
    RESOLVE(group_wait, "dispatch_group_wait");
    RESOLVE(semaphore_create, "dispatch_semaphore_create");
    RESOLVE(semaphore_wait, "dispatch_semaphore_wait");
    RESOLVE(semaphore_signal, "dispatch_semaphore_signal");
    RESOLVE(queue_create, "dispatch_queue_create");
    RESOLVE(queue_create_with_target, "dispatch_queue_create_with_target");
    RESOLVE(attr_with_qos, "dispatch_queue_attr_make_with_qos_class");
    RESOLVE(attr_with_autorelease, "dispatch_queue_attr_make_with_autorelease_frequency");
    RESOLVE(attr_inactive, "dispatch_queue_attr_make_initially_inactive");
    RESOLVE(time, "dispatch_time");
    RESOLVE(apply, "dispatch_apply");
    RESOLVE(apply_f, "dispatch_apply_f");
    RESOLVE(thread_create, "pthread_create");
    RESOLVE(set_context, "dispatch_set_context");
    RESOLVE(get_context, "dispatch_get_context");
#undef RESOLVE
    *(void **)&real.block_copy = dlsym(RTLD_DEFAULT, "_Block_copy");
    *(void **)&real.block_release = dlsym(RTLD_DEFAULT, "_Block_release");
}

static inline void need_real(void) { pthread_once(&resolved, resolve); }

// MARK: - State

typedef struct queue queue;
typedef struct context context;

/// One block (or function) handed to a queue, a group's notification or a timer.
typedef struct item {
    struct item *next;
    void *block;
    work_function function;
    void *argument;
    queue *queue;
    /// The queue's handle, for a timer's item that goes to the main queue.
    void *handle;
    /// The group it leaves when it ends (`dispatch_group_async`), and whether that group is
    /// libdispatch's own rather than the scheduler's (see `known_group`).
    void *group;
    int real_group;
    int barrier;
    /// A `dispatch_sync`: its caller runs it once the queue lets it start.
    context *sync_caller;
    int started;
    dispatch_time_t deadline;
} item;

struct queue {
    void *handle;
    char label[128];
    int concurrent;
    /// Created targeting the main queue: its work is the main queue's.
    int main_bound;
    int running;
    int barrier_running;
    item *head, *tail;
    int active;
};

enum wait_kind { wait_none, wait_semaphore, wait_group, wait_sync, wait_main_sync };

/// A thread the scheduler runs: the main thread, or one of its workers.
struct context {
    pthread_cond_t turn;
    /// A worker: the item it runs.
    item *work;
    int idle;
    enum wait_kind waiting;
    void *wait_object;
    dispatch_time_t wait_deadline;
    item *wait_item;
    long wait_result;
    /// Set by the scheduler when the wait is over (its result is in wait_result).
    int wait_over;
};

typedef struct semaphore_state { long value; } semaphore_state;
typedef struct group_state { long count; item *notify_head, *notify_tail; } group_state;

/// A table from an object's address to its state (looked up only, never walked: addresses
/// differ from run to run, so nothing's order may depend on them).
typedef struct table { size_t capacity, count; void **keys; void **values; } table;

static int work_on = 0;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *main_queue;
static void *concurrent_attributes[64];
static int concurrent_attribute_count;
static int64_t boot_realtime_ns;
static uint64_t schedule_state;
static table queues, semaphores, groups;
static queue **active;
static int active_count, active_capacity;
static context main_context;
static context **workers;
static int worker_count;
static context *running_context;
static __thread context *self;
static item *timers;
static dispatch_time_t step_limit;
static char escape_note[256];
static int escape_noted, escape_reported;

/// The scheduler's choices come from a stream of their own, so the app's draws (its UUIDs)
/// do not shift with them.
static uint64_t next_choice(void) { return splitmix64_next(&schedule_state); }

static dispatch_time_t now_uptime(void) { return (dispatch_time_t)(world_realtime_ns - boot_realtime_ns); }

int world_boottime_ns(int64_t *nanoseconds) {
    if (!work_on) return 0;
    *nanoseconds = (int64_t)now_uptime();
    return 1;
}

static void advance_to(dispatch_time_t uptime) {
    if (uptime > now_uptime() && uptime != time_forever) world_realtime_ns = boot_realtime_ns + (int64_t)uptime;
}

static void fail(const char *text) {
    fprintf(stderr, "%s\n", text);
    fflush(stderr);
    abort();
}

static void *allocate(size_t size) {
    void *memory = calloc(1, size);
    if (memory == NULL) fail("PhotoSim: the app's work scheduler ran out of memory");
    return memory;
}

static size_t slot_of(table *t, void *key) {
    uintptr_t hash = (uintptr_t)key;
    hash ^= hash >> 17;
    hash *= 0xed5ad4bbU;
    hash ^= hash >> 11;
    size_t slot = hash & (t->capacity - 1);
    while (t->keys[slot] != NULL && t->keys[slot] != key) slot = (slot + 1) & (t->capacity - 1);
    return slot;
}

static void *table_get(table *t, void *key) {
    if (t->capacity == 0) return NULL;
    size_t slot = slot_of(t, key);
    return t->keys[slot] == key ? t->values[slot] : NULL;
}

static void table_put(table *t, void *key, void *value) {
    if ((t->count + 1) * 2 > t->capacity) {
        table grown = { t->capacity == 0 ? 64 : t->capacity * 2, 0, NULL, NULL };
        grown.keys = allocate(grown.capacity * sizeof(void *));
        grown.values = allocate(grown.capacity * sizeof(void *));
        for (size_t index = 0; index < t->capacity; index++) {
            if (t->keys[index] == NULL) continue;
            size_t slot = slot_of(&grown, t->keys[index]);
            grown.keys[slot] = t->keys[index];
            grown.values[slot] = t->values[index];
            grown.count++;
        }
        free(t->keys);
        free(t->values);
        *t = grown;
    }
    size_t slot = slot_of(t, key);
    if (t->keys[slot] == NULL) t->count++;
    t->keys[slot] = key;
    t->values[slot] = value;
}

/// A call from a thread the scheduler does not run (a `Thread`, a raw `pthread_create`): it is
/// carried out, and the run is no longer the seed's alone.
static void note_escape(const char *what) {
    if (escape_noted) return;
    escape_noted = 1;
    snprintf(escape_note, sizeof escape_note, "%s", what);
}

static int on_scheduler_thread(void) { return self != NULL; }

// MARK: - Queues

static int is_concurrent_attribute(void *attribute) {
    if (attribute == NULL) return 0;
    for (int index = 0; index < concurrent_attribute_count; index++) {
        if (concurrent_attributes[index] == attribute) return 1;
    }
    return 0;
}

static void remember_concurrent_attribute(void *attribute) {
    if (attribute == NULL || is_concurrent_attribute(attribute)) return;
    if (concurrent_attribute_count < (int)(sizeof concurrent_attributes / sizeof *concurrent_attributes)) {
        concurrent_attributes[concurrent_attribute_count++] = attribute;
    }
}

static queue *register_queue(void *handle, const char *label, int concurrent, int main_bound) {
    queue *record = table_get(&queues, handle);
    // An address used again by a new queue: the old queue was released, so it holds no work.
    if (record == NULL || record->active) {
        record = allocate(sizeof *record);
        table_put(&queues, handle, record);
    } else {
        memset(record, 0, sizeof *record);
    }
    record->handle = handle;
    record->concurrent = concurrent;
    record->main_bound = main_bound;
    snprintf(record->label, sizeof record->label, "%s", label != NULL ? label : "");
    return record;
}

/// The record of a queue handed work: one the app made, or a global (concurrent) queue.
static queue *queue_of(void *handle) {
    queue *record = table_get(&queues, handle);
    if (record == NULL) record = register_queue(handle, "a global queue", 1, 0);
    return record;
}

static void activate(queue *record) {
    if (record->active) return;
    if (active_count == active_capacity) {
        active_capacity = active_capacity == 0 ? 32 : active_capacity * 2;
        queue **grown = realloc(active, (size_t)active_capacity * sizeof *active);
        if (grown == NULL) fail("PhotoSim: the app's work scheduler ran out of memory");
        active = grown;
    }
    active[active_count++] = record;
    record->active = 1;
}

static void deactivate_if_idle(queue *record) {
    if (!record->active || record->head != NULL || record->running > 0) return;
    for (int index = 0; index < active_count; index++) {
        if (active[index] != record) continue;
        memmove(&active[index], &active[index + 1], (size_t)(active_count - index - 1) * sizeof *active);
        active_count--;
        break;
    }
    record->active = 0;
}

static void append(queue *record, item *work) {
    work->queue = record;
    work->next = NULL;
    if (record->tail != NULL) record->tail->next = work; else record->head = work;
    record->tail = work;
    activate(record);
}

static void unlink_item(queue *record, item *work) {
    item *previous = NULL;
    for (item *each = record->head; each != NULL; previous = each, each = each->next) {
        if (each != work) continue;
        if (previous != NULL) previous->next = each->next; else record->head = each->next;
        if (record->tail == each) record->tail = previous;
        each->next = NULL;
        return;
    }
}

static int goes_to_main(void *handle) {
    if (handle == main_queue) return 1;
    queue *record = table_get(&queues, handle);
    return record != NULL && record->main_bound;
}

static item *new_item(void *block, work_function function, void *argument) {
    item *work = allocate(sizeof *work);
    work->block = block != NULL ? real.block_copy(block) : NULL;
    work->function = function;
    work->argument = argument;
    return work;
}

static void release_item(item *work) {
    if (work->block != NULL) real.block_release(work->block);
    free(work);
}

static void group_leave_locked(void *group);
static void leave_item_group(item *work);
static void leave_item_group(item *work);
static void invoke(item *work);

/// A block for the main queue, as libdispatch runs it there: it leaves its group after it ran.
static void run_main_item(void *argument) {
    item *work = argument;
    invoke(work);
    pthread_mutex_lock(&lock);
    leave_item_group(work);
    release_item(work);
    pthread_mutex_unlock(&lock);
}

/// Hands `work` to the queue `handle`: the main queue's go to libdispatch at once.
static void submit(void *handle, item *work) {
    if (goes_to_main(handle)) {
        work->next = NULL;
        real.async_f(main_queue, work, run_main_item);
        return;
    }
    append(queue_of(handle), work);
}

// MARK: - Groups and semaphores

/// The scheduler's record of a group made while the world is in force; NULL for a group it
/// did not make: one made before, or one libdispatch makes for itself (a `DispatchWorkItem`'s,
/// entered at its creation and left when it runs), which stays libdispatch's.
/// A group the scheduler made carries its record as its dispatch context, so that a record
/// left by a freed group is not taken for a new group of libdispatch's at the same address.
static group_state *known_group(void *group) {
    group_state *state = table_get(&groups, group);
    return state != NULL && real.get_context(group) == state ? state : NULL;
}

static group_state *group_of(void *group) {
    group_state *state = table_get(&groups, group);
    if (state == NULL) {
        state = allocate(sizeof *state);
        table_put(&groups, group, state);
    }
    return state;
}

/// The item's group is left: the scheduler's, or libdispatch's own.
static void leave_item_group(item *work) {
    if (work->group == NULL) return;
    if (work->real_group) real.group_leave(work->group); else group_leave_locked(work->group);
}

static void group_leave_locked(void *group) {
    group_state *state = group_of(group);
    if (state->count <= 0) fail("BUG IN CLIENT OF LIBDISPATCH: Unbalanced call to dispatch_group_leave()");
    if (--state->count > 0) return;
    item *notify = state->notify_head;
    state->notify_head = state->notify_tail = NULL;
    while (notify != NULL) {
        item *next = notify->next;
        submit(notify->handle, notify);
        notify = next;
    }
}

// MARK: - Running

static void handoff(context *from, context *to) {
    running_context = to;
    pthread_cond_signal(&to->turn);
    while (running_context != from) pthread_cond_wait(&from->turn, &lock);
}

static void invoke(item *work) {
    if (work->block != NULL) call_block(work->block); else work->function(work->argument);
}

static void finish(item *work) {
    queue *record = work->queue;
    record->running--;
    if (work->barrier) record->barrier_running = 0;
    deactivate_if_idle(record);
    leave_item_group(work);
}

static void *worker_main(void *argument) {
    context *worker = argument;
    self = worker;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (running_context != worker) pthread_cond_wait(&worker->turn, &lock);
        item *work = worker->work;
        pthread_mutex_unlock(&lock);
        invoke(work);
        pthread_mutex_lock(&lock);
        finish(work);
        release_item(work);
        worker->work = NULL;
        worker->idle = 1;
        handoff(worker, &main_context);
    }
    return NULL;
}

static context *idle_worker(void) {
    for (int index = 0; index < worker_count; index++) {
        if (workers[index]->idle) return workers[index];
    }
    context **grown = realloc(workers, (size_t)(worker_count + 1) * sizeof *workers);
    if (grown == NULL) fail("PhotoSim: the app's work scheduler ran out of memory");
    workers = grown;
    context *worker = allocate(sizeof *worker);
    pthread_cond_init(&worker->turn, NULL);
    worker->idle = 1;
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    // iOS gives a secondary thread 512 KiB of stack (Apple's Threading Programming Guide, "Thread Costs").
    pthread_attr_setstacksize(&attributes, 512 * 1024);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    if (real.thread_create(&thread, &attributes, worker_main, worker) != 0) fail("PhotoSim: the app's work scheduler could not start a thread");
    pthread_attr_destroy(&attributes);
    workers[worker_count++] = worker;
    return worker;
}

static int wait_satisfied(context *waiter) {
    switch (waiter->waiting) {
    case wait_none: return 0;
    case wait_semaphore: {
        semaphore_state *state = table_get(&semaphores, waiter->wait_object);
        if (state != NULL && state->value > 0) return 1;
        break;
    }
    case wait_group:
        if (group_of(waiter->wait_object)->count == 0) return 1;
        break;
    case wait_sync:
        if (waiter->wait_item->started) return 1;
        break;
    case wait_main_sync:
        return waiter->wait_over;
    }
    return waiter->wait_deadline != time_forever && now_uptime() >= waiter->wait_deadline;
}

/// Ends a satisfied wait: takes the semaphore's unit, or gives the timeout.
static void end_wait(context *waiter) {
    long result = 0;
    switch (waiter->waiting) {
    case wait_semaphore: {
        semaphore_state *state = table_get(&semaphores, waiter->wait_object);
        if (state != NULL && state->value > 0) state->value--; else result = ETIMEDOUT;
        break;
    }
    case wait_group:
        if (group_of(waiter->wait_object)->count != 0) result = ETIMEDOUT;
        break;
    case wait_sync: case wait_main_sync: case wait_none:
        break;
    }
    waiter->wait_result = result;
    waiter->waiting = wait_none;
    waiter->wait_over = 0;
}

enum choice_kind { start_item, resume_worker, run_for_worker };
typedef struct choice { enum choice_kind kind; item *work; context *worker; } choice;
enum { choice_capacity = 256, concurrent_window = 8 };
static choice choices[choice_capacity];

static int collect(int main_free) {
    int count = 0;
#define ADD(k, w, c) do { if (count < choice_capacity) choices[count++] = (choice){ k, w, c }; } while (0)
    for (int index = 0; index < active_count; index++) {
        queue *record = active[index];
        if (record->concurrent) {
            if (record->barrier_running) continue;
            int window = 0;
            for (item *work = record->head; work != NULL && window < concurrent_window; work = work->next, window++) {
                if (work->barrier) {
                    if (work == record->head && record->running == 0) ADD(start_item, work, NULL);
                    break;
                }
                ADD(start_item, work, NULL);
            }
        } else if (record->running == 0 && record->head != NULL) {
            ADD(start_item, record->head, NULL);
        }
    }
    for (int index = 0; index < worker_count; index++) {
        context *worker = workers[index];
        if (worker->idle || worker->waiting == wait_none) continue;
        if (worker->waiting == wait_main_sync && !worker->wait_over) {
            if (main_free) ADD(run_for_worker, worker->wait_item, worker);
            continue;
        }
        if (wait_satisfied(worker)) ADD(resume_worker, NULL, worker);
    }
#undef ADD
    return count;
}

/// Moves the clock to the first deadline (a timer's, a timed wait's) if it is before `limit`,
/// and hands the timers then due to their queues; returns whether it did.
static int fire_timers(dispatch_time_t limit) {
    dispatch_time_t first = timers != NULL ? timers->deadline : time_forever;
    for (int index = 0; index < worker_count; index++) {
        context *worker = workers[index];
        if (!worker->idle && worker->waiting != wait_none && worker->wait_deadline < first) first = worker->wait_deadline;
    }
    if (main_context.waiting != wait_none && main_context.wait_deadline < first) first = main_context.wait_deadline;
    if (first == time_forever || first > limit) return 0;
    advance_to(first);
    dispatch_time_t now = now_uptime();
    while (timers != NULL && timers->deadline <= now) {
        item *due = timers;
        timers = due->next;
        due->next = NULL;
        submit(due->handle, due);
    }
    return 1;
}

static photosim_work_reporter work_reporter;

void photosim_app_work_set_reporter(photosim_work_reporter report) {
    pthread_mutex_lock(&lock);
    work_reporter = report;
    pthread_mutex_unlock(&lock);
}

/// Whether a queue's label is the app's own and the same on every run (see CAppWorld.h).
static int traced_label(const queue *record) {
    const char *label = record->label;
    return !record->main_bound && label[0] != '\0' && strcmp(label, "a global queue") != 0 && strstr(label, "0x") == NULL
        && strncmp(label, "com.apple.", 10) != 0 && strncmp(label, "photosim.", 9) != 0;
}

static void start(item *work) {
    queue *record = work->queue;
    if (work_reporter != NULL && traced_label(record)) work_reporter(work->sync_caller != NULL ? "sync" : "run", record->label, work->barrier);
    unlink_item(record, work);
    record->running++;
    if (work->barrier) record->barrier_running = 1;
    work->started = 1;
    if (work->sync_caller != NULL) return;
    // Getting to a block takes the app's threads a little time: 10 to 100 µs of the world's clock.
    advance_to(now_uptime() + 10000 + next_choice() % 90000);
    context *worker = idle_worker();
    worker->idle = 0;
    worker->work = work;
    handoff(self, worker);
}

/// Runs one choice on the main thread's behalf.
static void carry_out(choice chosen) {
    switch (chosen.kind) {
    case start_item:
        start(chosen.work);
        if (chosen.work->sync_caller != NULL && chosen.work->sync_caller != &main_context) {
            context *caller = chosen.work->sync_caller;
            end_wait(caller);
            handoff(self, caller);
        }
        break;
    case resume_worker:
        end_wait(chosen.worker);
        handoff(self, chosen.worker);
        break;
    case run_for_worker: {
        // `DispatchQueue.main.sync` from a worker: the block runs on the main thread.
        item *work = chosen.work;
        pthread_mutex_unlock(&lock);
        invoke(work);
        pthread_mutex_lock(&lock);
        chosen.worker->wait_over = 1;
        break;
    }
    }
}

/// The main thread runs the app's work until its own wait is over (`waiting`), or, without
/// one, until nothing can run before `limit`; returns 1 when the wait is over, 0 when nothing
/// more can run. Sets *ran when something ran.
static int drive(int waiting, dispatch_time_t limit, int *ran) {
    for (;;) {
        if (waiting && wait_satisfied(&main_context)) return 1;
        int count = collect(!waiting);
        if (count == 0) {
            if (fire_timers(limit)) { *ran = 1; continue; }
            return 0;
        }
        *ran = 1;
        carry_out(choices[next_choice() % (uint64_t)count]);
    }
}

static const char *wait_name(enum wait_kind kind) {
    switch (kind) {
    case wait_semaphore: return "a DispatchSemaphore";
    case wait_group: return "a DispatchGroup";
    case wait_sync: return "a sync on a busy queue";
    case wait_main_sync: return "DispatchQueue.main.sync";
    case wait_none: break;
    }
    return "nothing";
}

static void deadlock(void) {
    char text[1024];
    int length = snprintf(text, sizeof text, "PhotoSim: deadlock: the main thread waits for %s that nothing left to run can %s "
                          "(the app's world seed %llu)", wait_name(main_context.waiting),
                          main_context.waiting == wait_group ? "empty" : main_context.waiting == wait_sync ? "free" : "signal",
                          (unsigned long long)world_seed);
    int blocked = 0;
    for (int index = 0; index < worker_count && length < (int)sizeof text - 80; index++) {
        context *worker = workers[index];
        if (worker->idle || worker->waiting == wait_none) continue;
        length += snprintf(text + length, sizeof text - (size_t)length, "%s a block of “%s” waits for %s",
                           blocked++ == 0 ? "; besides," : ",", worker->work->queue->label, wait_name(worker->waiting));
    }
    fail(text);
}

/// The calling thread waits until `kind` on `object` is over or `deadline` passes; returns
/// libdispatch's result (0, or ETIMEDOUT).
static long wait_for(enum wait_kind kind, void *object, item *work, dispatch_time_t deadline) {
    context *waiter = self;
    waiter->waiting = kind;
    waiter->wait_object = object;
    waiter->wait_item = work;
    waiter->wait_deadline = deadline;
    waiter->wait_over = 0;
    if (waiter == &main_context) {
        int ran = 0;
        if (!drive(1, time_forever, &ran)) {
            if (!escape_noted) deadlock();
            // A thread the scheduler does not run may still end the wait.
            for (int tries = 0; tries < 10000 && !wait_satisfied(waiter); tries++) {
                pthread_mutex_unlock(&lock);
                usleep(1000);
                pthread_mutex_lock(&lock);
                drive(1, time_forever, &ran);
            }
            if (!wait_satisfied(waiter)) deadlock();
        }
        end_wait(waiter);
    } else {
        // The scheduler ends the wait before it hands the thread back.
        handoff(waiter, &main_context);
    }
    return waiter->wait_result;
}

/// A wait on a thread the scheduler does not run: it polls the scheduler's state, ending as a
/// scheduled thread's wait ends.
static long escaped_wait(enum wait_kind kind, void *object, dispatch_time_t deadline) {
    note_escape("a thread the scheduler does not run waited on libdispatch");
    context waiter = { .waiting = kind, .wait_object = object, .wait_deadline = deadline };
    for (int tries = 0; tries < 10000 && !wait_satisfied(&waiter); tries++) {
        pthread_mutex_unlock(&lock);
        usleep(1000);
        pthread_mutex_lock(&lock);
    }
    if (!wait_satisfied(&waiter)) return ETIMEDOUT;
    end_wait(&waiter);
    return waiter.wait_result;
}

/// A dispatch time as a deadline of the world's uptime clock.
static dispatch_time_t deadline_of(dispatch_time_t when) {
    if (when == time_forever) return time_forever;
    if (when == 0) return now_uptime();
    if ((int64_t)when < 0) {
        if (when & (1ULL << 62)) {
            int64_t wall = when == walltime_now ? world_realtime_ns : -(int64_t)when;
            int64_t uptime = wall - boot_realtime_ns;
            return uptime < 0 ? 0 : (dispatch_time_t)uptime;
        }
        // libdispatch's continuous clock, CLOCK_BOOTTIME (shims/time.h), which the Swift
        // runtime reads for `ContinuousClock` and `Task.sleep`: the world's uptime
        // (world_boottime_ns), so the same scale as the uptime clock here.
        return when & ~(1ULL << 63);
    }
    return when;
}

// MARK: - The interface to UIKit

void start_work_scheduler(void) {
    need_real();
    if (getenv("PHOTOSIM_APP_WORK_HOST") != NULL) return;
    main_queue = dlsym(RTLD_DEFAULT, "_dispatch_main_q");
    void *concurrent = dlsym(RTLD_DEFAULT, "_dispatch_queue_attr_concurrent");
    if (main_queue == NULL || concurrent == NULL || real.async == NULL || real.block_copy == NULL) return;
    remember_concurrent_attribute(concurrent);
    // The host's uptime never shows: the world's starts at one second at launch.
    boot_realtime_ns = world_realtime_ns - 1000000000LL;
    schedule_state = world_seed ^ 0x5C4ED01E5C4ED01EULL;
    pthread_cond_init(&main_context.turn, NULL);
    self = &main_context;
    running_context = &main_context;
    step_limit = now_uptime();
    work_on = 1;
}

void photosim_app_work_begin_step(int64_t span_ns) {
    if (!work_on) return;
    pthread_mutex_lock(&lock);
    step_limit = now_uptime() + (dispatch_time_t)(span_ns > 0 ? span_ns : 0);
    pthread_mutex_unlock(&lock);
}

int photosim_app_work_run(int64_t run_loop_timer_ns) {
    if (!work_on || self != &main_context) return 0;
    pthread_mutex_lock(&lock);
    int ran = 0;
    // A run-loop timer due within the step goes in its place among the scheduler's timers:
    // what falls due before it runs first, then the clock moves to it and the run loop fires it.
    dispatch_time_t timer = run_loop_timer_ns > boot_realtime_ns ? (dispatch_time_t)(run_loop_timer_ns - boot_realtime_ns) : 0;
    // One already due is the run loop's to fire (or not: another mode's), not a bound here.
    int timer_due = timer > now_uptime() && timer <= step_limit;
    drive(0, timer_due ? timer : step_limit, &ran);
    if (!ran && timer_due) {
        advance_to(timer);
        ran = 1;
    }
    pthread_mutex_unlock(&lock);
    return ran;
}

void photosim_app_work_end_step(void) {
    if (!work_on) return;
    pthread_mutex_lock(&lock);
    advance_to(step_limit);
    pthread_mutex_unlock(&lock);
}

int photosim_app_work_escape(char *buffer, int capacity) {
    if (capacity <= 0) return 0;
    if (!work_on) {
        // The world is in force but libdispatch's entry points are its own (an app linked
        // with libdispatch's static archive): the app's work runs on the host's threads.
        if (!world_active || escape_reported) return 0;
        escape_reported = 1;
        snprintf(buffer, (size_t)capacity, "%s", "the app's libdispatch is linked statically, so its queues run on the host's threads");
        return 1;
    }
    pthread_mutex_lock(&lock);
    int fresh = escape_noted && !escape_reported;
    if (fresh) {
        escape_reported = 1;
        snprintf(buffer, (size_t)capacity, "%s", escape_note);
    }
    pthread_mutex_unlock(&lock);
    return fresh;
}

// MARK: - libdispatch's entry points
//
// Each is defined weakly under libdispatch's name: a dynamically linked app binds libdispatch's
// callers (the Swift overlay, Foundation) to it; an app linked with libdispatch's static archive
// keeps libdispatch's own, and photosim_app_work_escape() says the work is the host's.

#define ENTRY(returns, name, ...) \
    returns photosim_work_##name(__VA_ARGS__); \
    extern returns name(__VA_ARGS__) __attribute__((weak, alias("photosim_work_" #name))); \
    returns photosim_work_##name(__VA_ARGS__)

static void submit_async(void *handle, void *block, work_function function, void *argument, void *group, int barrier) {
    pthread_mutex_lock(&lock);
    if (!on_scheduler_thread()) note_escape("a thread the scheduler does not run handed work to a queue");
    item *work = new_item(block, function, argument);
    work->barrier = barrier;
    if (group != NULL) {
        group_state *state = known_group(group);
        if (state != NULL) state->count++; else real.group_enter(group);
        work->group = group;
        work->real_group = state == NULL;
    }
    submit(handle, work);
    pthread_mutex_unlock(&lock);
}

ENTRY(void, dispatch_async, void *queue, void *block) {
    need_real();
    if (!work_on || goes_to_main(queue)) { real.async(queue, block); return; }
    submit_async(queue, block, NULL, NULL, NULL, 0);
}

ENTRY(void, dispatch_async_f, void *queue, void *argument, work_function function) {
    need_real();
    if (!work_on || goes_to_main(queue)) { real.async_f(queue, argument, function); return; }
    submit_async(queue, NULL, function, argument, NULL, 0);
}

ENTRY(void, dispatch_barrier_async, void *queue, void *block) {
    need_real();
    if (!work_on || goes_to_main(queue)) { real.barrier_async(queue, block); return; }
    submit_async(queue, block, NULL, NULL, NULL, 1);
}

ENTRY(void, dispatch_barrier_async_f, void *queue, void *argument, work_function function) {
    need_real();
    if (!work_on || goes_to_main(queue)) { real.barrier_async_f(queue, argument, function); return; }
    submit_async(queue, NULL, function, argument, NULL, 1);
}

ENTRY(void, dispatch_group_async, void *group, void *queue, void *block) {
    need_real();
    if (!work_on) { real.group_async(group, queue, block); return; }
    submit_async(queue, block, NULL, NULL, group, 0);
}

ENTRY(void, dispatch_group_async_f, void *group, void *queue, void *argument, work_function function) {
    need_real();
    if (!work_on) { real.group_async_f(group, queue, argument, function); return; }
    submit_async(queue, NULL, function, argument, group, 0);
}

/// `dispatch_sync` and `dispatch_barrier_sync` on a queue of the scheduler: the caller waits
/// its turn on the queue, then runs the block itself (as libdispatch does).
static void run_sync(void *handle, void *block, work_function function, void *argument, int barrier) {
    pthread_mutex_lock(&lock);
    if (!on_scheduler_thread()) {
        pthread_mutex_unlock(&lock);
        note_escape("a thread the scheduler does not run called sync on a queue");
        if (block != NULL) call_block(block); else function(argument);
        return;
    }
    queue *record = queue_of(handle);
    if (self->work != NULL && self->work->queue == record && !record->concurrent) {
        // libdispatch's own words for it (queue.c, __DISPATCH_WAIT_FOR_QUEUE__).
        fail("BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread");
    }
    item *work = allocate(sizeof *work);
    work->barrier = barrier;
    work->sync_caller = self;
    append(record, work);
    wait_for(wait_sync, NULL, work, time_forever);
    pthread_mutex_unlock(&lock);
    if (block != NULL) call_block(block); else function(argument);
    pthread_mutex_lock(&lock);
    finish(work);
    free(work);
    pthread_mutex_unlock(&lock);
}

/// `DispatchQueue.main.sync` from a worker: the main thread runs the block when it is free.
static void run_on_main(void *block, work_function function, void *argument) {
    pthread_mutex_lock(&lock);
    item work = { .block = block, .function = function, .argument = argument };
    wait_for(wait_main_sync, NULL, &work, time_forever);
    pthread_mutex_unlock(&lock);
}

ENTRY(void, dispatch_sync, void *queue, void *block) {
    need_real();
    if (!work_on || (goes_to_main(queue) && self == &main_context)) { real.sync(queue, block); return; }
    if (goes_to_main(queue)) {
        if (self == NULL) { real.sync(queue, block); return; }
        run_on_main(block, NULL, NULL);
        return;
    }
    run_sync(queue, block, NULL, NULL, 0);
}

ENTRY(void, dispatch_sync_f, void *queue, void *argument, work_function function) {
    need_real();
    if (!work_on || (goes_to_main(queue) && self == &main_context)) { real.sync_f(queue, argument, function); return; }
    if (goes_to_main(queue)) {
        if (self == NULL) { real.sync_f(queue, argument, function); return; }
        run_on_main(NULL, function, argument);
        return;
    }
    run_sync(queue, NULL, function, argument, 0);
}

ENTRY(void, dispatch_barrier_sync, void *queue, void *block) {
    need_real();
    if (!work_on || goes_to_main(queue)) { real.barrier_sync(queue, block); return; }
    run_sync(queue, block, NULL, NULL, 1);
}

ENTRY(void, dispatch_barrier_sync_f, void *queue, void *argument, work_function function) {
    need_real();
    if (!work_on || goes_to_main(queue)) { real.barrier_sync_f(queue, argument, function); return; }
    run_sync(queue, NULL, function, argument, 1);
}

static void schedule_after(dispatch_time_t when, void *handle, void *block, work_function function, void *argument) {
    pthread_mutex_lock(&lock);
    item *work = new_item(block, function, argument);
    work->handle = handle;
    work->deadline = deadline_of(when);
    if (work->deadline <= now_uptime()) {
        submit(handle, work);
    } else if (work->deadline != time_forever) {
        item **place = &timers;
        while (*place != NULL && (*place)->deadline <= work->deadline) place = &(*place)->next;
        work->next = *place;
        *place = work;
    } else {
        release_item(work);
    }
    pthread_mutex_unlock(&lock);
}

ENTRY(void, dispatch_after, dispatch_time_t when, void *queue, void *block) {
    need_real();
    if (!work_on) { real.after(when, queue, block); return; }
    schedule_after(when, queue, block, NULL, NULL);
}

ENTRY(void, dispatch_after_f, dispatch_time_t when, void *queue, void *argument, work_function function) {
    need_real();
    if (!work_on) { real.after_f(when, queue, argument, function); return; }
    schedule_after(when, queue, NULL, function, argument);
}

ENTRY(void *, dispatch_group_create, void) {
    need_real();
    void *group = real.group_create();
    if (!work_on || group == NULL) return group;
    pthread_mutex_lock(&lock);
    group_state *state = group_of(group);
    memset(state, 0, sizeof *state);
    real.set_context(group, state);
    pthread_mutex_unlock(&lock);
    return group;
}

/// Whether the scheduler keeps `group` (else libdispatch does: `known_group`).
static int scheduler_group(void *group) {
    if (!work_on) return 0;
    pthread_mutex_lock(&lock);
    int known = known_group(group) != NULL;
    pthread_mutex_unlock(&lock);
    return known;
}

ENTRY(void, dispatch_group_enter, void *group) {
    need_real();
    if (!scheduler_group(group)) { real.group_enter(group); return; }
    pthread_mutex_lock(&lock);
    group_of(group)->count++;
    pthread_mutex_unlock(&lock);
}

ENTRY(void, dispatch_group_leave, void *group) {
    need_real();
    if (!scheduler_group(group)) { real.group_leave(group); return; }
    pthread_mutex_lock(&lock);
    group_leave_locked(group);
    pthread_mutex_unlock(&lock);
}

static void notify(void *group, void *handle, void *block, work_function function, void *argument) {
    pthread_mutex_lock(&lock);
    item *work = new_item(block, function, argument);
    work->handle = handle;
    group_state *state = group_of(group);
    if (state->count == 0) {
        submit(handle, work);
    } else {
        if (state->notify_tail != NULL) state->notify_tail->next = work; else state->notify_head = work;
        state->notify_tail = work;
    }
    pthread_mutex_unlock(&lock);
}

ENTRY(void, dispatch_group_notify, void *group, void *queue, void *block) {
    need_real();
    if (!scheduler_group(group)) { real.group_notify(group, queue, block); return; }
    notify(group, queue, block, NULL, NULL);
}

ENTRY(void, dispatch_group_notify_f, void *group, void *queue, void *argument, work_function function) {
    need_real();
    if (!scheduler_group(group)) { real.group_notify_f(group, queue, argument, function); return; }
    notify(group, queue, NULL, function, argument);
}

ENTRY(long, dispatch_group_wait, void *group, dispatch_time_t timeout) {
    need_real();
    if (!scheduler_group(group)) return real.group_wait(group, timeout);
    pthread_mutex_lock(&lock);
    long result = 0;
    if (group_of(group)->count != 0) {
        dispatch_time_t deadline = deadline_of(timeout);
        if (!on_scheduler_thread()) result = escaped_wait(wait_group, group, deadline);
        else if (timeout == 0) result = ETIMEDOUT;
        else result = wait_for(wait_group, group, NULL, deadline);
    }
    pthread_mutex_unlock(&lock);
    return result;
}

ENTRY(void *, dispatch_semaphore_create, long value) {
    need_real();
    void *semaphore = real.semaphore_create(value);
    if (!work_on || semaphore == NULL) return semaphore;
    pthread_mutex_lock(&lock);
    semaphore_state *state = table_get(&semaphores, semaphore);
    if (state == NULL) {
        state = allocate(sizeof *state);
        table_put(&semaphores, semaphore, state);
    }
    state->value = value;
    pthread_mutex_unlock(&lock);
    return semaphore;
}

ENTRY(long, dispatch_semaphore_wait, void *semaphore, dispatch_time_t timeout) {
    need_real();
    if (!work_on) return real.semaphore_wait(semaphore, timeout);
    pthread_mutex_lock(&lock);
    semaphore_state *state = table_get(&semaphores, semaphore);
    if (state == NULL) {
        pthread_mutex_unlock(&lock);
        return real.semaphore_wait(semaphore, timeout);
    }
    long result = 0;
    if (state->value > 0) {
        state->value--;
    } else if (!on_scheduler_thread()) {
        result = escaped_wait(wait_semaphore, semaphore, deadline_of(timeout));
    } else if (timeout == 0) {
        result = ETIMEDOUT;
    } else {
        result = wait_for(wait_semaphore, semaphore, NULL, deadline_of(timeout));
    }
    pthread_mutex_unlock(&lock);
    return result;
}

ENTRY(long, dispatch_semaphore_signal, void *semaphore) {
    need_real();
    if (!work_on) return real.semaphore_signal(semaphore);
    pthread_mutex_lock(&lock);
    semaphore_state *state = table_get(&semaphores, semaphore);
    if (state == NULL) {
        pthread_mutex_unlock(&lock);
        return real.semaphore_signal(semaphore);
    }
    if (!on_scheduler_thread()) note_escape("a thread the scheduler does not run signalled a semaphore");
    state->value++;
    long woke = 0;
    for (int index = 0; index < worker_count && !woke; index++) {
        if (workers[index]->waiting == wait_semaphore && workers[index]->wait_object == semaphore) woke = 1;
    }
    if (main_context.waiting == wait_semaphore && main_context.wait_object == semaphore) woke = 1;
    pthread_mutex_unlock(&lock);
    return woke;
}

static void *created_queue(void *handle, const char *label, void *attribute, void *target) {
    if (!work_on || handle == NULL) return handle;
    pthread_mutex_lock(&lock);
    register_queue(handle, label, is_concurrent_attribute(attribute), target != NULL && goes_to_main(target));
    pthread_mutex_unlock(&lock);
    return handle;
}

ENTRY(void *, dispatch_queue_create, const char *label, void *attribute) {
    need_real();
    return created_queue(real.queue_create(label, attribute), label, attribute, NULL);
}

ENTRY(void *, dispatch_queue_create_with_target, const char *label, void *attribute, void *target) {
    need_real();
    return created_queue(real.queue_create_with_target(label, attribute, target), label, attribute, target);
}

static void *derived_attribute(void *from, void *made) {
    if (!work_on) return made;
    pthread_mutex_lock(&lock);
    if (is_concurrent_attribute(from)) remember_concurrent_attribute(made);
    pthread_mutex_unlock(&lock);
    return made;
}

ENTRY(void *, dispatch_queue_attr_make_with_qos_class, void *attribute, int qos, int relative) {
    need_real();
    return derived_attribute(attribute, real.attr_with_qos(attribute, qos, relative));
}

ENTRY(void *, dispatch_queue_attr_make_with_autorelease_frequency, void *attribute, unsigned long frequency) {
    need_real();
    return derived_attribute(attribute, real.attr_with_autorelease(attribute, frequency));
}

ENTRY(void *, dispatch_queue_attr_make_initially_inactive, void *attribute) {
    need_real();
    return derived_attribute(attribute, real.attr_inactive(attribute));
}

ENTRY(dispatch_time_t, dispatch_time, dispatch_time_t when, int64_t delta) {
    need_real();
    if (!work_on || when == time_forever || (int64_t)when < 0) return real.time(when, delta);
    pthread_mutex_lock(&lock);
    uint64_t value = when == 0 ? now_uptime() : when;
    pthread_mutex_unlock(&lock);
    if (delta >= 0) {
        value += (uint64_t)delta;
        if ((int64_t)value <= 0 || value >= (1ULL << 62)) return time_forever;
    } else {
        value = value > (uint64_t)-delta ? value - (uint64_t)-delta : 1;
    }
    return value;
}

/// `DispatchQueue.concurrentPerform` (`dispatch_apply`): the iterations run on the caller, in
/// an order drawn from the seed, as one of the orders libdispatch's threads could give.
static void apply_in_order(size_t iterations, void *block, apply_function function, void *argument) {
    size_t *order = malloc(iterations * sizeof *order);
    if (order == NULL && iterations > 0) fail("PhotoSim: the app's work scheduler ran out of memory");
    pthread_mutex_lock(&lock);
    for (size_t index = 0; index < iterations; index++) order[index] = index;
    for (size_t index = iterations; index > 1; index--) {
        size_t other = (size_t)(next_choice() % index);
        size_t kept = order[index - 1];
        order[index - 1] = order[other];
        order[other] = kept;
    }
    pthread_mutex_unlock(&lock);
    for (size_t index = 0; index < iterations; index++) {
        if (block != NULL) call_apply_block(block, order[index]);
        else function(argument, order[index]);
    }
    free(order);
}

ENTRY(void, dispatch_apply, size_t iterations, void *queue, void *block) {
    need_real();
    if (!work_on) { real.apply(iterations, queue, block); return; }
    apply_in_order(iterations, block, NULL, NULL);
}

ENTRY(void, dispatch_apply_f, size_t iterations, void *queue, void *argument, apply_function function) {
    need_real();
    if (!work_on) { real.apply_f(iterations, queue, argument, function); return; }
    apply_in_order(iterations, NULL, function, argument);
}

// A thread the app starts itself (`Thread`, `pthread_create`) runs beside the scheduler: it
// runs, and the step says the run is no longer the seed's alone. libdispatch's own threads (its
// event loop, which runs no work of the app's) are not the app's.
ENTRY(int, pthread_create, pthread_t *thread, const pthread_attr_t *attributes, void *(*start)(void *), void *argument) {
    need_real();
    if (work_on) {
        Dl_info caller;
        void *from = __builtin_return_address(0);
        int internal = dladdr(from, &caller) != 0 && caller.dli_fname != NULL && strstr(caller.dli_fname, "libdispatch") != NULL;
        if (!internal) {
            pthread_mutex_lock(&lock);
            char note[256];
            snprintf(note, sizeof note, "the app started a thread of its own (pthread_create from %s)",
                     dladdr(from, &caller) != 0 && caller.dli_fname != NULL ? caller.dli_fname : "the app");
            note_escape(note);
            pthread_mutex_unlock(&lock);
        }
    }
    return real.thread_create(thread, attributes, start, argument);
}
