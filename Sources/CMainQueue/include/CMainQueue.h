#ifndef PHOTOSIM_CMAINQUEUE_H
#define PHOTOSIM_CMAINQUEUE_H

/// Runs the calling thread's run loop once in the default mode without waiting: what is ready
/// now (main-queue blocks, `OperationQueue.main`, due timers and sources) runs, then it returns.
/// Returns 1 when something ran, 0 when nothing was ready.
int photosim_run_main_queue_once(void);

/// When the main run loop's next timer (`Timer`, `perform(_:with:afterDelay:)`) fires in the
/// default mode, as a CFAbsoluteTime (seconds since 2001); 0 when none is scheduled.
double photosim_main_next_timer_date(void);

#endif
