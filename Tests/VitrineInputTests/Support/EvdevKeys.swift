/// Evdev key codes (`linux/input-event-codes.h`) by the character a US keyboard's key types, so a
/// test can say "type Cafe 5" and press the keys a person would; and the few other keys tests
/// press. Other layouts put other characters on the same keys (German `z` is US `y`).
enum EvdevKeys {
    static let escape: UInt32 = 1
    static let minus: UInt32 = 12
    static let equal: UInt32 = 13
    static let backspace: UInt32 = 14
    static let tab: UInt32 = 15
    static let enter: UInt32 = 28
    static let leftControl: UInt32 = 29
    static let leftShift: UInt32 = 42
    static let space: UInt32 = 57
    static let f5: UInt32 = 63
    static let keypadEnter: UInt32 = 96
    static let home: UInt32 = 102
    static let up: UInt32 = 103
    static let left: UInt32 = 105
    static let right: UInt32 = 106
    static let end: UInt32 = 107
    static let down: UInt32 = 108
    static let delete: UInt32 = 111

    /// The key a lower-case letter, digit or space is on (US positions).
    static let byCharacter: [Character: UInt32] = {
        var codes: [Character: UInt32] = [" ": space]
        for (offset, digit) in "1234567890".enumerated() { codes[digit] = UInt32(2 + offset) }
        for (row, start) in [("qwertyuiop", 16), ("asdfghjkl", 30), ("zxcvbnm", 44)] as [(String, UInt32)] {
            for (offset, letter) in row.enumerated() { codes[letter] = start + UInt32(offset) }
        }
        return codes
    }()

    /// The key for `character` (upper case: the letter's key), US positions.
    static func code(_ character: Character) -> UInt32 {
        byCharacter[Character(character.lowercased())]!
    }
}
