import Foundation
import MessagePack
import QuenchProtocol

/// What the fuzzer exercises with each input: the paths a hostile peer's bytes take in a
/// service — the MessagePack decoder (generic values and raw validation), the envelope, and
/// every request body type decoded from it — plus re-encoding whatever decoded, and decoding
/// the input as a raw value's bytes.
enum FuzzTarget {
    static let requestTypes: [any (Decodable & Sendable).Type] = [
        GetGoalRequest.self, SetGoalRequest.self, AutoGoalRequest.self, GoalAtRequest.self, GoalDaysRequest.self,
        GoalHistoryRequest.self, ListChallengesRequest.self, LoadChallengesRequest.self, ReplaceChallengesRequest.self,
        ChallengesCheckedRequest.self,
        LogIntakeRequest.self, EditIntakeRequest.self, DeleteIntakeRequest.self, ListIntakesRequest.self,
        DayTotalRequest.self, TotalsRequest.self, ListFluidsRequest.self, AddFluidRequest.self, EditFluidRequest.self,
        UserDataRequest.self, MonthRequest.self, HistoryRequest.self, DayRequest.self, OneRepMaxRequest.self,
        EventsSinceRequest.self, PingRequest.self, ConsentChangeRequest.self, AddWeightRequest.self,
        StepsPriorityRequest.self, ImportBeginRequest.self, ImportBatchRequest.self, ImportFinishRequest.self,
        AddSamplesRequest.self, DailySamplesRequest.self, LatestSampleRequest.self, SampleChangesRequest.self,
    ]

    static func run(_ bytes: [UInt8]) {
        let decoder = MessagePackDecoder(limits: Envelope.wireLimits)
        if let value = try? decoder.decode(MessagePackValue.self, from: bytes) {
            _ = try? MessagePackEncoder().encode(value)
        }
        _ = try? MessagePackRaw(validating: bytes)
        if let envelope = try? Envelope.decode(bytes) {
            _ = try? envelope.encoded()
            if envelope.body != nil {
                for type in requestTypes { _ = try? envelope.decodeBody(type) }
            }
        }
        // Bodies arrive nested in envelopes, but decode them bare as well.
        for type in requestTypes { _ = try? decoder.decode(type, from: bytes) }
        // A raw value's bytes are decoded without a second UTF-8 check; everything else about
        // them must still be checked, even for bytes that were wrapped unchecked and are not
        // one well-formed value at all.
        if !bytes.isEmpty {
            let raw = MessagePackRaw(wellFormed: bytes)
            _ = try? raw.decode(MessagePackValue.self, decoder: decoder)
            _ = try? raw.decode([String: MessagePackRaw].self, decoder: decoder)
            for type in requestTypes { _ = try? raw.decode(type, decoder: decoder) }
        }
    }
}
