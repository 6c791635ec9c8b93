extension FixedWidthInteger {
    /// `self + other`, or the bound the sum would pass (`max` or `min`) instead of trapping.
    ///
    /// Every sum of numbers that came from outside genui (a server's token counts, a record's byte counts) uses this:
    /// a value no integer holds ends at the bound, never in a trap (docs/security.md, "Numbers from outside").
    package func addingSaturated(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// `self * other`, or the bound the product would pass instead of trapping.
    package func multipliedSaturated(by other: Self) -> Self {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }
}
