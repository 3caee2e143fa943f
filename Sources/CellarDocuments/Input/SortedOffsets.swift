extension Array where Element: Comparable {
    /// The indices of the elements that lie within `range`, this array being sorted ascending: two binary
    /// searches, however long it is.
    func indices(ofSortedWithin range: Range<Element>) -> Range<Int> {
        func firstIndex(notBelow value: Element) -> Int {
            var (low, high) = (0, count)
            while low < high {
                let mid = (low + high) / 2
                if self[mid] < value { low = mid + 1 } else { high = mid }
            }
            return low
        }
        return firstIndex(notBelow: range.lowerBound)..<firstIndex(notBelow: range.upperBound)
    }
}
