extension String {
    /// The string without the trailing characters that match `predicate`.
    func trimmingCharacters(while predicate: (Character) -> Bool) -> String {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return String(self[..<end])
    }
}
