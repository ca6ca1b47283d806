internal import CZeroMQ

/// Library-wide facts about the linked libzmq.
public enum ZMQ {
    /// `zmq_version` of the library actually loaded.
    public static var version: (major: Int, minor: Int, patch: Int) {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        zmq_version(&major, &minor, &patch)
        return (Int(major), Int(minor), Int(patch))
    }

    /// `zmq_has`: whether a capability such as `"curve"`, `"ipc"` or `"draft"` is built in.
    public static func has(_ capability: String) -> Bool {
        zmq_has(capability) == 1
    }
}
