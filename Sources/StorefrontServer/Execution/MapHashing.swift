import GraphQL

/// A hash of a `Map` that is the same for every two maps the library finds equal. The library's
/// own is not: a number's hash takes in how it is stored (an integer, a double), its equality
/// does not, so `3` and `3.0` are equal maps with two hashes, and a dictionary keyed by maps that
/// meets both may stop the process ("Duplicate keys"). This hash leaves numbers' values out.
enum MapHashing {
    static func combine(_ map: Map, into hasher: inout Hasher) {
        switch map {
        case .undefined, .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number: hasher.combine(1)
        case .string(let text): hasher.combine(text)
        case .array(let values):
            hasher.combine(values.count)
            for value in values { combine(value, into: &hasher) }
        case .dictionary(let values):
            hasher.combine(values.count)
            for (key, value) in values {
                hasher.combine(key)
                combine(value, into: &hasher)
            }
        }
    }

    /// Variables by name, in no particular order (a dictionary's order is its own).
    static func combine(_ variables: [String: Map], into hasher: inout Hasher) {
        hasher.combine(variables.count)
        var each = 0
        for (name, value) in variables {
            var one = Hasher()
            one.combine(name)
            combine(value, into: &one)
            each ^= one.finalize()
        }
        hasher.combine(each)
    }
}
