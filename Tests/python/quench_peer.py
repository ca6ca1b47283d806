#!/usr/bin/env python3
"""An independent Quench client, written from docs/PROTOCOL.md alone (pyzmq + msgpack).

Used by the end-to-end tests as a second implementation of the protocol:

    python3 quench_peer.py --rpc tcp://127.0.0.1:7101 --pub tcp://127.0.0.1:7102 --user ana

It pings with a REQ socket, logs an intake with a DEALER socket (with an idempotency key,
twice), reads a malformed-request error, waits for the published intake.logged event and
fetches it again with events.since. It prints one JSON object with what it saw and exits 0
only if every check held.
"""
import argparse
import datetime
import json
import sys
import time
import uuid

import msgpack
import zmq


def envelope(msg_type, body=None, user=None, key=None, tz="Europe/Berlin"):
    env = {
        "v": 1,
        "id": str(uuid.uuid4()),
        "type": msg_type,
        "sentAt": msgpack.Timestamp.from_unix(time.time()),
        "tz": tz,
    }
    if user is not None:
        env["user"] = user
    if key is not None:
        env["idempotencyKey"] = key
    if body is not None:
        env["body"] = body
    return env


def pack(env):
    return msgpack.packb(env, use_bin_type=True)


def unpack(frame):
    return msgpack.unpackb(frame, raw=False, timestamp=3)


def check(condition, message, failures):
    if not condition:
        failures.append(message)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rpc", required=True)
    parser.add_argument("--pub", required=True)
    parser.add_argument("--user", default="py-peer")
    parser.add_argument("--timeout-ms", type=int, default=5000)
    args = parser.parse_args()
    failures = []
    seen = {}
    ctx = zmq.Context()

    # Subscribe first so the event of our log is not missed (slow joiner); catch-up covers it anyway.
    sub = ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    sub.connect(args.pub)

    # 1. REQ: the envelope is the only frame; the socket handles the empty delimiter.
    req = ctx.socket(zmq.REQ)
    req.setsockopt(zmq.LINGER, 0)
    req.setsockopt(zmq.RCVTIMEO, args.timeout_ms)
    req.connect(args.rpc)
    ping = envelope("system.ping")
    req.send(pack(ping))
    reply = unpack(req.recv())
    seen["ping"] = reply.get("body")
    check(reply.get("replyTo") == ping["id"], "ping reply answers the request id", failures)
    check(reply.get("body", {}).get("service") == "intake", "ping names the service", failures)
    check(isinstance(reply.get("sentAt"), datetime.datetime), "sentAt is a timestamp", failures)

    # Wait for the heartbeat so the subscription is live before logging.
    sub.setsockopt(zmq.RCVTIMEO, 3000)
    try:
        while True:
            topic, frame = sub.recv_multipart()
            if topic == b"system.heartbeat":
                hb = unpack(frame)
                seen["heartbeatHead"] = hb["body"]["headSeq"]
                break
    except zmq.Again:
        failures.append("no heartbeat within 3 s")

    # 2. DEALER: [empty][envelope] out, [empty][envelope] back.
    dealer = ctx.socket(zmq.DEALER)
    dealer.setsockopt(zmq.LINGER, 0)
    dealer.setsockopt(zmq.RCVTIMEO, args.timeout_ms)
    dealer.connect(args.rpc)
    key = "py-" + str(uuid.uuid4())
    log = envelope("intake.log", {"fluid": "milk", "volume": 12.0, "unit": "floz"}, user=args.user, key=key)
    dealer.send_multipart([b"", pack(log)])
    empty, frame = dealer.recv_multipart()
    logged = unpack(frame)
    record = logged.get("body") or {}
    seen["logged"] = {k: record.get(k) for k in ("id", "fluid", "volumeMl", "waterMl", "waterMicrolitres", "day")}
    check(empty == b"", "reply starts with the empty delimiter", failures)
    check(logged.get("error") is None, "log succeeded: %r" % logged.get("error"), failures)
    check(abs(record.get("volumeMl", 0) - 354.882) < 1e-9, "12 US fl oz = 354.882 mL", failures)
    check(record.get("waterMicrolitres") == 312296, "milk is 88 % water: 312296 uL", failures)

    # The same idempotency key again: the stored reply, the same intake id.
    retry = dict(log)
    retry["id"] = str(uuid.uuid4())
    dealer.send_multipart([b"", pack(retry)])
    _, frame = dealer.recv_multipart()
    again = unpack(frame)
    check((again.get("body") or {}).get("id") == record.get("id"), "a retried key returns the stored reply", failures)
    check(again.get("replyTo") == retry["id"], "the replay answers the new request id", failures)

    # 3. Errors: a bad field, and bytes that are not MessagePack at all.
    bad = envelope("intake.log", {"volume": -5.0}, user=args.user, key=str(uuid.uuid4()))
    dealer.send_multipart([b"", pack(bad)])
    _, frame = dealer.recv_multipart()
    error = unpack(frame).get("error") or {}
    seen["badVolume"] = error
    check(error.get("code") == "invalid_argument" and error.get("field") == "volume", "negative volume is invalid_argument on volume", failures)
    dealer.send_multipart([b"", b"\xc1\xc1"])
    _, frame = dealer.recv_multipart()
    error = unpack(frame).get("error") or {}
    check(error.get("code") == "malformed", "garbage is malformed", failures)

    # 4. The published event.
    event = None
    deadline = time.time() + args.timeout_ms / 1000
    sub.setsockopt(zmq.RCVTIMEO, 500)
    while time.time() < deadline and event is None:
        try:
            topic, frame = sub.recv_multipart()
        except zmq.Again:
            continue
        env = unpack(frame)
        if topic == b"intake.logged" and env["body"]["intake"]["id"] == record.get("id"):
            event = env
    check(event is not None, "intake.logged event received", failures)
    if event is not None:
        seen["event"] = {"publisher": event["publisher"], "seq": event["seq"], "type": event["type"]}
        check(event["publisher"] == "intake", "event names its publisher", failures)
        # 5. events.since returns the same event, byte for byte the same envelope.
        since = envelope("events.since", {"after": event["seq"] - 1, "limit": 1})
        dealer.send_multipart([b"", pack(since)])
        _, frame = dealer.recv_multipart()
        body = unpack(frame).get("body") or {}
        events = body.get("events", [])
        check(len(events) == 1 and events[0]["seq"] == event["seq"], "events.since returns the event", failures)
        check(body.get("headSeq", 0) >= event["seq"], "headSeq covers the event", failures)

    result = {"ok": not failures, "failures": failures, "seen": seen}
    print(json.dumps(result, default=str))
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
