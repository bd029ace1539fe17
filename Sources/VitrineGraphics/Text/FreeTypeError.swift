import CFreeType

/// Names for the FreeType error codes a font load can return (fterrdef.h), so a message says
/// "Unknown_File_Format" rather than a bare number; Debian's FreeType is built without
/// `FT_Error_String`'s table.
enum FreeTypeError {
    static func name(_ code: FT_Error) -> String {
        switch code {
        case 0x01: "Cannot_Open_Resource"
        case 0x02: "Unknown_File_Format"
        case 0x03: "Invalid_File_Format"
        case 0x06: "Invalid_Argument"
        case 0x08: "Invalid_Table"
        case 0x10: "Invalid_Glyph_Index"
        case 0x17: "Invalid_Pixel_Size"
        case 0x40: "Out_Of_Memory"
        case 0x55: "Invalid_Stream_Operation"
        default: "error 0x" + String(code, radix: 16)
        }
    }
}
