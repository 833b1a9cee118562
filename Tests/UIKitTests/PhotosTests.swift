import AppChannel
import Foundation
@testable import Photos
import Testing
@testable import UIKit

/// Photos as PHPhotoLibrary.h and IOS-FACTS §5 give it: statuses from the device's answers (the
/// legacy one reads limited as authorized; add-only follows full access), the sizes of image
/// results, a synchronous request's one call, and sort descriptors by key.
@Suite(.serialized) struct PhotosTests {
    @Test func statusesFollowTheDevicesAnswers() {
        defer { (DeviceAnswers.photosAccess, DeviceAnswers.photosAddAccess) = (nil, nil) }
        (DeviceAnswers.photosAccess, DeviceAnswers.photosAddAccess) = (nil, nil)
        #expect(PHPhotoLibrary.authorizationStatus(for: .readWrite) == .notDetermined)
        #expect(PHPhotoLibrary.authorizationStatus(for: .addOnly) == .notDetermined)
        DeviceAnswers.photosAccess = "limited"
        #expect(PHPhotoLibrary.authorizationStatus(for: .readWrite) == .limited)
        #expect(PHPhotoLibrary.authorizationStatus() == .authorized, "the legacy status reads limited as authorized")
        #expect(PHPhotoLibrary.authorizationStatus(for: .addOnly) == .authorized, "read-write access includes adding")
        DeviceAnswers.photosAddAccess = "denied"
        #expect(PHPhotoLibrary.authorizationStatus(for: .addOnly) == .denied)
        DeviceAnswers.photosAccess = "restricted"
        #expect(PHPhotoLibrary.authorizationStatus(for: .readWrite) == .restricted)
    }

    @Test func resultsKeepTheAspectRatioNeverScaleUpAndDegradedOnesAreAQuarter() {
        let asset = PHAsset(LibraryAsset(localIdentifier: "a", fileName: "IMG_0001.JPG", uniformTypeIdentifier: "public.jpeg",
                                         pixelWidth: 4032, pixelHeight: 3024, creationDate: 0))
        #expect(PHImageManager.size(of: asset, targetSize: CGSize(width: 200, height: 200), contentMode: .aspectFit, small: false) == (200, 150))
        #expect(PHImageManager.size(of: asset, targetSize: CGSize(width: 200, height: 200), contentMode: .aspectFill, small: false) == (267, 200))
        #expect(PHImageManager.size(of: asset, targetSize: CGSize(width: 200, height: 200), contentMode: .aspectFill, small: true) == (67, 50))
        #expect(PHImageManager.size(of: asset, targetSize: CGSize(width: 9000, height: 9000), contentMode: .aspectFit, small: false) == (4032, 3024))
        #expect(PHImageManager.size(of: asset, targetSize: PHImageManagerMaximumSize, contentMode: .aspectFit, small: false) == (4032, 3024))
    }

    @Test func aSynchronousRequestCallsOnceBeforeItReturnsAndAMissingAssetIsAnError() {
        defer { DeviceAnswers.photosAccess = nil }
        DeviceAnswers.photosAccess = "granted"
        let asset = PHAsset(LibraryAsset(localIdentifier: "gone", fileName: "IMG_0009.JPG", uniformTypeIdentifier: "public.jpeg",
                                         pixelWidth: 10, pixelHeight: 10, creationDate: 0))
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        var calls: [(UIImage?, [AnyHashable: Any]?)] = []
        let id = PHImageManager.default().requestImage(for: asset, targetSize: CGSize(width: 10, height: 10), contentMode: .default,
                                                       options: options) { calls.append(($0, $1)) }
        #expect(id != PHInvalidImageRequestID)
        #expect(calls.count == 1)
        #expect(calls.first?.0 == nil)
        let error = calls.first?.1?[PHImageErrorKey] as? NSError
        #expect(error?.domain == PHPhotosErrorDomain && error?.code == 3201)
        #expect((calls.first?.1?[PHImageResultIsDegradedKey] as? NSNumber)?.boolValue == false)
        #expect(PHImageRequestOptions().deliveryMode == .opportunistic && PHImageRequestOptions().resizeMode == .fast)
    }

    @Test func aSortDescriptorMadeByKeyKeepsItsKey() {
        let descriptor = NSSortDescriptor(key: "creationDate", ascending: false)
        #expect(PHFetchOptions.key(of: descriptor) == "creationDate")
        #expect(!descriptor.ascending)
        #expect(PHFetchOptions().fetchLimit == 0)
    }
}
