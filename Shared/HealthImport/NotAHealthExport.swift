import QuenchStrings

/// Thrown inside the library when a stream is not an XML document with a `<HealthData>` root;
/// the parser turns it into an ``AppleHealthImportError`` or tries the next zip entry.
struct NotAHealthExport: Error {
    var why: HealthExportText
}
