import Core

/// The `AssetLookup` contract as a reusable check, so every implementation (the
/// ``DictionaryAssetLookup``, the simulator's media library, a team's own) is tested against the
/// same rules. It returns what is wrong instead of asserting, so any test framework can use it.
///
/// ```swift
/// import Core
/// import PhotoSimTesting
///
/// let problems = try AssetLookupContract.violations(of: myLibrary, present: [kept], absent: [deleted])
/// #expect(problems.isEmpty, "\(problems)")        // or XCTAssertEqual(problems, [])
/// ```
public enum AssetLookupContract {
    /// The broken rules, one line each (empty when `lookup` keeps the contract).
    /// - Parameters:
    ///   - present: identifiers of assets the lookup holds.
    ///   - absent: identifiers it does not hold (never added, or deleted).
    public static func violations(of lookup: AssetLookup, present: [AssetIdentifier], absent: [AssetIdentifier]) throws -> [String] {
        precondition(Set(present).isDisjoint(with: absent), "an identifier cannot be both present and absent")
        var violations: [String] = []
        let asked = present + absent + present.prefix(1)
        let answer = try lookup.assets(for: asked)
        if Set(answer.keys) != Set(present) {
            violations.append("answered \(answer.keys.sorted()) for the present assets \(present.sorted())")
        }
        for (key, summary) in answer.sorted(by: { $0.key < $1.key }) where summary.identifier != key {
            violations.append("the summary under \(key) names \(summary.identifier)")
        }
        if try lookup.assets(for: asked.reversed()) != answer {
            violations.append("asking in another order gave another answer")
        }
        if try !lookup.assets(for: []).isEmpty {
            violations.append("asking for nothing answered something")
        }
        return violations
    }
}
