// The server side builds on the client side (a subscriber is an RPC client of its publisher,
// the allow-list and key files are shared with the CLI), so a service that imports
// QuenchRuntime sees QuenchClient too, as Hummingbird re-exports HummingbirdCore.
@_exported public import QuenchClient
