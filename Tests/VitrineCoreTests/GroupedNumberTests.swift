import Testing
import VitrineCore

@Suite("Grouped numbers in messages")
struct GroupedNumberTests {
    @Test("digits grouped by threes with commas, the sign kept in front")
    func grouping() {
        #expect(GroupedNumber.text(0) == "0")
        #expect(GroupedNumber.text(999) == "999")
        #expect(GroupedNumber.text(1000) == "1,000")
        #expect(GroupedNumber.text(2331) == "2,331")
        #expect(GroupedNumber.text(1_234_567) == "1,234,567")
        #expect(GroupedNumber.text(-1500) == "-1,500")
        #expect(GroupedNumber.text(Int.min) == "-9,223,372,036,854,775,808")
    }
}
