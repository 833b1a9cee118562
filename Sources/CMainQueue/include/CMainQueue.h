#ifndef PHOTOSIM_CMAINQUEUE_H
#define PHOTOSIM_CMAINQUEUE_H

/// Runs the calling thread's run loop once in the default mode without waiting: what is ready
/// now (main-queue blocks, `OperationQueue.main`, due timers and sources) runs, then it returns.
/// Returns 1 when something ran, 0 when nothing was ready.
int photosim_run_main_queue_once(void);

#endif
