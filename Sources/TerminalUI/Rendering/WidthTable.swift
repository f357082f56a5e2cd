// Generated from glibc's wcwidth in the C.UTF-8 locale by WidthTableTests (WIDTH_TABLE_RECORD=1).
// Do not edit by hand.
enum WidthTable {
    static let starts: [UInt32] = [0]
    static let widths: [Int8] = [1]
}
