// The main queue drained to idle, for an app process's UIKit. Foundation's
// `RunLoop.run(mode:before:)` returns true whether or not anything ran, so UIKit cannot tell an
// idle main queue from a busy one through it; CoreFoundation's `CFRunLoopRunInMode` can
// (`kCFRunLoopRunHandledSource`). On Linux CoreFoundation is built into Foundation's library and
// exports these symbols, but its header is not installed: the declarations below are
// CFRunLoop.h's (swift-corelibs-foundation, Sources/CoreFoundation/include/CFRunLoop.h), with
// CFRunLoopRef, CFStringRef, CFTimeInterval, CFAbsoluteTime, Boolean and SInt32 spelled as their
// C types.
#include "CMainQueue.h"

extern const void *const kCFRunLoopDefaultMode;
extern int CFRunLoopRunInMode(const void *mode, double seconds, unsigned char returnAfterSourceHandled);
extern void *CFRunLoopGetMain(void);
extern double CFRunLoopGetNextTimerFireDate(void *runLoop, const void *mode);

/// `kCFRunLoopRunHandledSource` of CFRunLoop.h's `CFRunLoopRunResult`.
enum { handledSource = 4 };

int photosim_run_main_queue_once(void) {
    return CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0, 1) == handledSource;
}

double photosim_main_next_timer_date(void) {
    return CFRunLoopGetNextTimerFireDate(CFRunLoopGetMain(), kCFRunLoopDefaultMode);
}
