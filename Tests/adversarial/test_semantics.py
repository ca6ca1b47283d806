"""Issue 25, items 2, 3, 4 and 8: what a careless or hostile client sends gets the exact error
code, and nothing it sends is stored under someone else's key or name.

Each case runs against a real deployment (harness.py); the idempotency cases run on both a
CURVE and an insecure one, which must behave alike.
"""
import struct
import time
import uuid

import msgpack
import pytest
import zmq

from harness import Client, envelope, pack, unpack


@pytest.fixture(params=["curve", "insecure"])
def dep(request):
    return request.getfixturevalue("deployment" if request.param == "curve" else "insecure_deployment")


def fresh(prefix):
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


def error_of(reply):
    return reply.get("error") or {}


def service_client(dep, name, as_service):
    """A DEALER to `name` holding the key of service `as_service` (principal service:<as_service>)."""
    curve = None
    if not dep.insecure:
        curve = (dep._read_key(f"keys/services/{as_service}.public"), dep._read_key(f"keys/services/{as_service}.secret"),
                 dep.services[name]["publicKey"])
    client = Client(dep.ctx, dep.services[name]["rpc"], curve=curve)
    dep.clients.append(client)
    return client


def raw_request(client, frames, timeout_ms=5000):
    """Sends raw frames; returns the reply envelope (any replyTo)."""
    client.send_frames(frames)
    reply = client.recv_frames(timeout_ms)
    assert reply is not None, "no reply"
    return unpack(reply[-1])


def volumes(client, user, day):
    reply = client.request("intake.list", {"day": day}, user=user)
    assert "error" not in reply, reply
    return sorted(intake["volumeMl"] for intake in reply["body"]["intakes"])


# Item 2: a key is scoped by (principal, acting user, type)

def test_one_key_for_two_users_stores_both_drinks(dep):
    admin = dep.client("intake")
    key = fresh("K")
    carol, dave = fresh("carol"), fresh("dave")
    first = admin.request("intake.log", {"volume": 250, "unit": "ml", "fluid": "water"}, user=carol, key=key)
    second = admin.request("intake.log", {"volume": 100, "unit": "ml", "fluid": "water"}, user=dave, key=key)
    assert "error" not in first and "error" not in second, (first, second)
    assert second["body"]["user"] == dave and second["body"]["volumeMl"] == 100, second
    assert second["body"]["id"] != first["body"]["id"]
    day = first["body"]["day"]
    assert volumes(admin, carol, day) == [250]
    assert volumes(admin, dave, day) == [100]
    # Each user's retry gets that user's own record back, and nothing more is stored.
    again = admin.request("intake.log", {"volume": 100, "unit": "ml", "fluid": "water"}, user=dave, key=key)
    assert again["body"]["id"] == second["body"]["id"]
    assert volumes(admin, dave, day) == [100]


def test_two_principals_with_one_key_for_one_user_are_two_requests(deployment):
    user = fresh("erin")
    key = fresh("K")
    by_admin = deployment.client("intake").request("intake.log", {"volume": 300}, user=user, key=key)
    by_service = service_client(deployment, "intake", "analytics").request("intake.log", {"volume": 300}, user=user, key=key)
    assert "error" not in by_admin and "error" not in by_service, (by_admin, by_service)
    assert by_admin["body"]["id"] != by_service["body"]["id"]


# Item 3: a key is bound to its request

def test_a_key_reused_with_another_body_is_a_conflict_naming_the_key(dep):
    admin = dep.client("intake")
    user, key = fresh("carol"), fresh("K")
    water = admin.request("intake.log", {"volume": 250, "unit": "ml", "fluid": "water"}, user=user, key=key)
    assert "error" not in water, water
    coffee = admin.request("intake.log", {"volume": 999, "unit": "ml", "fluid": "coffee"}, user=user, key=key)
    assert error_of(coffee).get("code") == "conflict", coffee
    assert error_of(coffee).get("field") == "idempotencyKey"
    assert key in error_of(coffee).get("message", "")
    assert "body" not in coffee
    assert volumes(admin, user, water["body"]["day"]) == [250]


def test_a_key_reused_for_another_type_is_a_conflict(dep):
    admin = dep.client("intake")
    user, key = fresh("carol"), fresh("K")
    water = admin.request("intake.log", {"volume": 250}, user=user, key=key)
    assert "error" not in water, water
    delete = admin.request("intake.delete", {"id": water["body"]["id"]}, user=user, key=key)
    assert error_of(delete).get("code") == "conflict", delete
    assert error_of(delete).get("field") == "idempotencyKey"
    assert volumes(admin, user, water["body"]["day"]) == [250]


def test_a_user_reusing_a_key_with_another_body_gets_a_conflict(deployment):
    user = fresh("frank")
    deployment.add_user(user)
    client = deployment.client("intake", as_user=user)
    key = fresh("K")
    assert "error" not in client.request("intake.log", {"volume": 250}, key=key)
    reply = client.request("intake.log", {"volume": 999}, key=key)
    assert error_of(reply).get("code") == "conflict", reply


# Item 4: envelope user ids follow the add-user rule, for every caller

BAD_USERS = ["bob/evil", "alice/", "x\ny", "\U0001F600", "u" * 5000, "", "a b", "ana\x00", "ana:x"]


@pytest.mark.parametrize("user", BAD_USERS, ids=lambda u: repr(u[:12]))
def test_a_bad_user_id_is_invalid_argument_for_admin_service_and_insecure(deployment, insecure_deployment, user):
    callers = [
        ("admin", deployment.client("intake")),
        ("service", service_client(deployment, "intake", "analytics")),
        ("insecure", insecure_deployment.client("intake")),
    ]
    for name, client in callers:
        for msg_type, body, key in [("intake.log", {"volume": 250}, fresh("k")), ("intake.list", {}, None),
                                    ("intake.teleport", {}, None)]:
            reply = client.request(msg_type, body, user=user, key=key)
            assert error_of(reply).get("code") == "invalid_argument", (name, msg_type, reply)
            assert error_of(reply).get("field") == "user", (name, msg_type, reply)
            assert "user" not in reply, "the bad id is not echoed"


def test_events_for_a_bad_id_never_reach_a_users_stream(deployment):
    user = fresh("bob")
    deployment.add_user(user)
    sub = deployment.client("intake", as_user=user, socket_type=zmq.SUB, stream="userPub")
    sub.socket.setsockopt(zmq.SUBSCRIBE, f"{user}/".encode())
    time.sleep(0.5)
    admin = deployment.client("intake")
    reply = admin.request("intake.log", {"volume": 250}, user=f"{user}/evil", key=fresh("k"))
    assert error_of(reply).get("field") == "user", reply
    assert sub.recv_frames(700) is None


# Item 8: loose values

@pytest.mark.parametrize("tz", ["Europe/Berlin\x00", "UTC+5", "GMT+0500", "europe/berlin", "Mars/Olympus", "+02:00"])
def test_only_iana_zone_names(deployment, tz):
    reply = deployment.client("intake").request("intake.log", {"volume": 250}, user=fresh("tz"), key=fresh("k"), tz=tz)
    assert error_of(reply).get("code") == "invalid_argument", reply
    assert error_of(reply).get("field") == "tz"


@pytest.mark.parametrize("tz", ["Europe/Berlin", "UTC", "America/Argentina/Buenos_Aires", "US/Eastern"])
def test_a_zone_is_stored_exactly_as_sent(deployment, tz):
    admin = deployment.client("intake")
    user = fresh("tz")
    reply = admin.request("intake.log", {"volume": 250}, user=user, key=fresh("k"), tz=tz)
    assert "error" not in reply, reply
    assert reply["body"]["timeZone"] == tz
    listed = admin.request("intake.list", {"day": reply["body"]["day"]}, user=user, tz=tz)
    assert [intake["timeZone"] for intake in listed["body"]["intakes"]] == [tz]


@pytest.mark.parametrize("volume,unit", [(6000.0000001, "ml"), (6.0000000001, "l"), (6000.0004, "mL")])
def test_amounts_are_checked_as_sent(deployment, volume, unit):
    reply = deployment.client("intake").request("intake.log", {"volume": volume, "unit": unit}, user=fresh("v"), key=fresh("k"))
    assert error_of(reply).get("code") == "invalid_argument", reply
    assert error_of(reply).get("field") == "volume"


def test_6000_ml_itself_is_accepted(deployment):
    reply = deployment.client("intake").request("intake.log", {"volume": 6000.0}, user=fresh("v"), key=fresh("k"))
    assert "error" not in reply and reply["body"]["volumeMl"] == 6000.0, reply


@pytest.mark.parametrize("count", [16, 17, 64])
def test_a_message_of_16_or_more_frames_is_malformed(deployment, count):
    client = deployment.client("intake")
    env = pack(envelope("system.ping"))
    reply = raw_request(client, [b"", env] + [b"x"] * (count - 2))
    assert error_of(reply).get("code") == "malformed", reply
    assert client.ping_ms() < 5000


def map_bytes(entries):
    """A MessagePack map written entry by entry (so a key may repeat, or not be a str)."""
    count = len(entries)
    head = bytes([0x80 | count]) if count < 16 else b"\xde" + struct.pack(">H", count)
    return head + b"".join(pack(key) + (value if isinstance(value, bytes) else pack(value)) for key, value in entries)


def request_bytes(extra=(), body=None, msg_type="intake.log", user="dup", key=None):
    entries = [("v", 1), ("id", str(uuid.uuid4())), ("type", msg_type), ("user", user),
               ("sentAt", msgpack.Timestamp.from_unix(time.time())), ("idempotencyKey", key or fresh("k"))]
    if body is not None:
        entries.append(("body", body))
    return map_bytes(entries + list(extra))


@pytest.mark.parametrize("name,extra,body", [
    ("body volume twice", [], [("volume", 999), ("volume", 250)]),
    ("envelope user twice", [("user", "mallory")], [("volume", 250)]),
    ("envelope unknown key twice", [("x", 1), ("x", 2)], [("volume", 250)]),
    ("int key in body", [], [("volume", 250), (7, 1)]),
    ("int key in envelope", [(1, 1)], [("volume", 250)]),
    ("nested key twice", [], [("volume", 250), ("n", map_bytes([("a", 1), ("a", 1)]))]),
])
def test_repeated_and_non_string_keys_are_malformed_and_store_nothing(deployment, name, extra, body):
    admin = deployment.client("intake")
    user = fresh("dup")
    reply = raw_request(admin, [b"", request_bytes(extra=extra, body=map_bytes(body), user=user)])
    assert error_of(reply).get("code") == "malformed", (name, reply)
    total = admin.request("intake.day-total", {}, user=user, tz="UTC")
    assert total["body"]["count"] == 0, total


def test_an_out_of_range_instant_is_refused_clearly(deployment):
    far = msgpack.Timestamp(10**15, 0)
    reply = deployment.client("intake").request("intake.log", {"volume": 250, "at": far}, user=fresh("t"), key=fresh("k"))
    error = error_of(reply)
    assert error.get("code") == "invalid_argument" and error.get("field") == "at", reply
    assert "unavailable" not in error.get("message", "") and "9999" in error.get("message", ""), reply


@pytest.mark.parametrize("msg_id", ["", "a b", "x" * 65, "\x00"])
def test_a_bad_envelope_id_is_invalid_argument(deployment, msg_id):
    client = deployment.client("intake")
    env = envelope("system.ping", msg_id=None)
    env["id"] = msg_id
    reply = raw_request(client, [b"", pack(env)])
    assert error_of(reply).get("code") == "invalid_argument", reply
    assert error_of(reply).get("field") == "id"
    assert "replyTo" not in reply


def test_a_body_that_is_not_a_map_names_the_body(deployment):
    reply = deployment.client("intake").request("intake.list", [1, 2], user=fresh("b"))
    assert error_of(reply).get("code") == "invalid_argument", reply
    assert error_of(reply).get("field") == "body"


def test_a_non_integer_version_is_malformed_and_another_integer_unsupported(deployment):
    client = deployment.client("intake")
    env = envelope("system.ping")
    env["v"] = "1"
    assert error_of(raw_request(client, [b"", pack(env)])).get("code") == "malformed"
    env = envelope("system.ping")
    env["v"] = 2
    reply = raw_request(client, [b"", pack(env)])
    assert error_of(reply).get("code") == "unsupported_version" and error_of(reply).get("field") == "v"


# Item 11: the docs' CURVE recipe (docs/PROTOCOL.md §1), copied as written, reaches every socket

def curve(sock, secret_file, server_public_z85):
    secret = open(secret_file).read().strip().encode()      # drop the trailing newline
    sock.curve_secretkey = secret
    sock.curve_publickey = zmq.curve_public(secret)
    sock.curve_serverkey = server_public_z85.encode()       # services.<name>.publicKey
    return sock


def test_the_documented_curve_recipe_reaches_rpc_events_and_the_user_stream(deployment):
    ctx = zmq.Context.instance()
    intake = deployment.services["intake"]
    with open(deployment.path("keys", "admin.secret")) as handle:
        assert handle.read().endswith("\n"), "key files end with a newline, as documented"
    rpc = curve(ctx.socket(zmq.DEALER), deployment.path("keys", "admin.secret"), intake["publicKey"])
    rpc.setsockopt(zmq.LINGER, 0)
    rpc.connect(intake["rpc"])
    rpc.send_multipart([b"", pack(envelope("system.ping"))])
    assert rpc.poll(5000, zmq.POLLIN), "no reply over CURVE"
    assert unpack(rpc.recv_multipart()[-1])["body"]["service"] == "intake"

    events = curve(ctx.socket(zmq.SUB), deployment.path("keys", "admin.secret"), intake["publicKey"])
    events.setsockopt(zmq.LINGER, 0)
    events.setsockopt(zmq.SUBSCRIBE, b"")
    events.connect(intake["pub"])
    assert events.poll(3000, zmq.POLLIN), "no heartbeat on the events socket"
    assert events.recv_multipart()[0].startswith((b"system.heartbeat", b"intake."))

    user = fresh("docs")
    deployment.add_user(user)
    stream = curve(ctx.socket(zmq.SUB), deployment.path("keys", "users", f"{user}.secret"), intake["publicKey"])
    stream.setsockopt(zmq.LINGER, 0)
    stream.setsockopt(zmq.SUBSCRIBE, f"{user}/".encode())
    stream.connect(intake["userPub"])
    time.sleep(0.5)
    logged = deployment.client("intake", as_user=user).request("intake.log", {"volume": 250}, key=fresh("k"))
    assert "error" not in logged, logged
    assert stream.poll(3000, zmq.POLLIN), "no event on the user stream"
    topic, frame = stream.recv_multipart()
    assert topic == f"{user}/intake.logged".encode()
    event = unpack(frame)
    # The user stream carries no seq (it counts every user's events; PROTOCOL §8).
    assert event["type"] == "intake.logged" and event["user"] == user and "seq" not in event, event
    for sock in (rpc, events, stream):
        sock.close(0)
