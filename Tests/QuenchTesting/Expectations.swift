public import QuenchProtocol
public import Testing

/// Asserts that `call` fails with `code` naming `field`.
public func expectRejected<T>(
    _ code: ErrorCode, field: String?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ call: () async throws -> T
) async {
    do {
        let value = try await call()
        Issue.record("\(what) was accepted: \(value)", sourceLocation: sourceLocation)
    } catch let error as QuenchError {
        #expect(error.code == code, "\(what): \(error)", sourceLocation: sourceLocation)
        #expect(error.field == field, "\(what): \(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(what): unexpected \(error)", sourceLocation: sourceLocation)
    }
}

/// Expects `body` to throw a `QuenchError` with `code` (and `field`, when given); returns it.
@discardableResult
public func expectHealthError(
    _ code: ErrorCode, field: String? = nil, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> QuenchError? {
    do {
        try await body()
        Issue.record("expected \(code), got success", sourceLocation: sourceLocation)
    } catch let error as QuenchError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        if let field {
            #expect(error.field == field, "\(error)", sourceLocation: sourceLocation)
        }
        return error
    } catch {
        Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
