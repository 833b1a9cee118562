/// Texts iOS's UIKit raises with, shared by the simulator's app model and the UIKit for app
/// processes so that both end an app with the same words.
public enum UIKitExceptionText {
    /// The `NSGenericException` an action sheet presented on an iPad without a popover anchor
    /// raises (its text as iOS 13 and later print it: material-components-ios issue 8713,
    /// wordpress-ios issue 13349); `alert` and `presenter` are as UIKit describes objects,
    /// `<Type: 0x…>`.
    public static func actionSheetWithoutPopoverAnchor(alert: String, presenterType: String, presenter: String) -> String {
        """
        Your application has presented a UIAlertController (\(alert)) of style \
        UIAlertControllerStyleActionSheet from \(presenterType) (\(presenter)). The \
        modalPresentationStyle of a UIAlertController with this style is UIModalPresentationPopover. You must provide \
        location information for this popover through the alert controller's popoverPresentationController. You must \
        provide either a sourceView and sourceRect or a barButtonItem.  If this information is not known when you \
        present the alert controller, you may provide it in the UIPopoverPresentationControllerDelegate method \
        -prepareForPopoverPresentation.
        """
    }
}
