import CNcursesw
import XCTest
@testable import TerminalUI

final class KeyTests: XCTestCase {
    func testCharactersAndControlCodes() {
        XCTAssertEqual(Key.from(curses: 0x6A, isKeyCode: false), .character("j"))
        XCTAssertEqual(Key.from(curses: 0x65E5, isKeyCode: false), .character("日"))
        XCTAssertEqual(Key.from(curses: 13, isKeyCode: false), .enter)
        XCTAssertEqual(Key.from(curses: 10, isKeyCode: false), .enter)
        XCTAssertEqual(Key.from(curses: 9, isKeyCode: false), .tab)
        XCTAssertEqual(Key.from(curses: 27, isKeyCode: false), .escape)
        XCTAssertEqual(Key.from(curses: 127, isKeyCode: false), .backspace)
        XCTAssertEqual(Key.from(curses: 3, isKeyCode: false), .ctrl("c"))
        XCTAssertNil(Key.from(curses: 0x9B, isKeyCode: false), "a C1 control is not a key")
    }

    func testCursesKeyCodesMatchThisBuildOfNcurses() {
        let codes = CursesKeyCodes.standard
        XCTAssertEqual(codes.up, Int(KEY_UP))
        XCTAssertEqual(codes.down, Int(KEY_DOWN))
        XCTAssertEqual(codes.left, Int(KEY_LEFT))
        XCTAssertEqual(codes.right, Int(KEY_RIGHT))
        XCTAssertEqual(codes.backtab, Int(KEY_BTAB))
        XCTAssertEqual(codes.resize, Int(cn_key_resize()))
        XCTAssertEqual(codes.f0, Int(cn_key_f0()))
        XCTAssertEqual(codes.delete, Int(KEY_DC))
        XCTAssertEqual(codes.end, Int(KEY_END))
        XCTAssertEqual(Key.from(curses: UInt32(KEY_BTAB), isKeyCode: true), .backtab)
        XCTAssertEqual(Key.from(curses: UInt32(cn_key_f0() + 1), isKeyCode: true), .function(1))
        XCTAssertEqual(Key.from(curses: UInt32(cn_key_resize()), isKeyCode: true), .resize)
    }

    func testLegendNames() {
        XCTAssertEqual(Key.up.description, "↑")
        XCTAssertEqual(Key.character(" ").description, "space")
        XCTAssertEqual(Key.ctrl("c").description, "ctrl-c")
        XCTAssertEqual(Key.backtab.description, "shift-tab")
    }
}
