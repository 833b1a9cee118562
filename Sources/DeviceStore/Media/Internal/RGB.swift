/// One RGB colour, eight bits a channel.
struct RGB: Equatable, Sendable {
    let red: UInt8
    let green: UInt8
    let blue: UInt8

    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour `step / steps` of the way from `self` to `other` (integer arithmetic, so the
    /// same on every machine).
    func blended(to other: RGB, _ step: Int, of steps: Int) -> RGB {
        precondition(steps > 0 && (0...steps).contains(step), "blend step \(step) is outside 0...\(steps)")
        func mix(_ from: UInt8, _ to: UInt8) -> UInt8 {
            UInt8(Int(from) + (Int(to) - Int(from)) * step / steps)
        }
        return RGB(mix(red, other.red), mix(green, other.green), mix(blue, other.blue))
    }
}
