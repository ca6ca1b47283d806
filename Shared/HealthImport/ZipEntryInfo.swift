/// Where one zip entry's data lies, from the central directory or a local header.
struct ZipEntryInfo {
    var name: String
    var method: UInt16
    var flags: UInt16
    var compressedSize: Int64?
    var uncompressedSize: Int64?
    var localHeaderOffset: Int64

    var isEncrypted: Bool { flags & 1 != 0 }
    var looksLikeXML: Bool { name.lowercased().hasSuffix(".xml") }
}
