/// A whole number as error and warning lines write it: English digits grouped by threes with
/// commas, 2331 as "2,331" and -1234567 as "-1,234,567" (check-config's limits and heights).
public enum GroupedNumber {
    public static func text(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = number < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
