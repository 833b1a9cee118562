// As Apple's UIKit does (UIKit.h imports Foundation), `import UIKit` brings Foundation and
// Dispatch with it: app code written for iOS needs no other import for `CGRect`, `URL`,
// `FileManager`, `NotificationCenter` or `DispatchQueue`.
@_exported import Dispatch
@_exported import Foundation
