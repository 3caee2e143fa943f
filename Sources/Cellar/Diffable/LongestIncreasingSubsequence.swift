/// The longest strictly increasing subsequence of a sequence of distinct
/// numbers, by patience sorting in O(n log n): the positions of its
/// elements, ascending. A diff keeps these elements where they are and moves
/// the others, so it moves as few as an order change allows.
enum LongestIncreasingSubsequence {
    static func positions(in values: [Int]) -> [Int] {
        // tails[k]: position of the smallest last value of an increasing run of length k + 1.
        var tails: [Int] = []
        // previous[i]: position of the element before values[i] in the best run ending there.
        var previous = [Int](repeating: -1, count: values.count)
        tails.reserveCapacity(values.count)
        for (i, v) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < v { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var run: [Int] = []
        run.reserveCapacity(tails.count)
        var i = tails.last ?? -1
        while i >= 0 {
            run.append(i)
            i = previous[i]
        }
        return run.reversed()
    }
}
