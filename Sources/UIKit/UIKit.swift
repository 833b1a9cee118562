// As Apple's UIKit does (UIKit.h imports Foundation, which imports CoreFoundation), `import UIKit`
// brings Foundation, CoreFoundation and Dispatch with it: app code written for iOS needs no
// other import for `CGRect`, `URL`, `FileManager`, `NotificationCenter`, `DispatchQueue` or
// `CFAbsoluteTimeGetCurrent()`.
@_exported import CoreFoundation
@_exported import Dispatch
@_exported import Foundation
