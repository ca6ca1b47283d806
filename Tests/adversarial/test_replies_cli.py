"""Issue 25 items 7, 9 and 10 against a real CURVE deployment: bounded (paged) replies, fast
failure when a service is down, and what the CLI does with careless input.

Short cases run by default; the issue's full size (60,000 intakes on one day, default page
size) runs with QUENCH_ADVERSARIAL_FULL=1.
"""
import datetime
import fcntl
import os
import subprocess
import time
import uuid

import msgpack
import pytest

from harness import BIN, Deployment, envelope, pack, unpack

DAY = "2025-06-01"
DAY_START = datetime.datetime(2025, 6, 1, tzinfo=datetime.timezone.utc).timestamp()
SHORT_PAGE = 100
# goals and health-ingest page their lists (goal periods, import jobs) by these in `paged`.
GOAL_PAGE = 10
JOB_PAGE = 5
# An IntakeRecord is about 300 bytes on the wire; a page stays within 512 bytes an item.
BYTES_PER_ITEM = 512


@pytest.fixture(scope="module")
def paged():
    """A CURVE deployment whose intake pages by 100 (`limits.page.items`)."""
    dep = Deployment(extra_config={
        "intake": {"limits": {"page": {"items": SHORT_PAGE}}},
        "goals": {"limits": {"page": {"items": GOAL_PAGE}}},
        "health-ingest": {"limits": {"page": {"items": JOB_PAGE}}},
    })
    yield dep
    dep.stop()


def fill(dep, user, count, window=500):
    """Logs `count` intakes for `user` on DAY (admin key acting for the user), pipelined."""
    client = dep.client("intake")
    sent = 0
    while sent < count:
        batch = range(sent, min(count, sent + window))
        ids = set()
        for index in batch:
            at = msgpack.Timestamp.from_unix(DAY_START + (index % 86000) + 0.25)
            env = envelope("intake.log", {"volume": 100 + index % 400, "unit": "ml", "at": at},
                           user=user, key=f"{user}-fill-{index}", tz="UTC")
            ids.add(env["id"])
            client.send_frames([b"", pack(env)])
        while ids:
            frames = client.recv_frames(30000)
            assert frames is not None, f"no reply to a fill request ({len(ids)} outstanding)"
            reply = unpack(frames[-1])
            assert "error" not in reply, reply
            ids.discard(reply.get("replyTo"))
        sent = batch.stop


def raw_request(client, msg_type, body, user, tz="UTC", timeout_ms=30000):
    """Sends one request; returns (reply envelope, size of the reply frame in bytes)."""
    env = envelope(msg_type, body, user=user, tz=tz)
    client.send_frames([b"", pack(env)])
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        frames = client.recv_frames(max(0, int((deadline - time.monotonic()) * 1000)))
        assert frames is not None, f"no reply to {msg_type}"
        reply = unpack(frames[-1])
        if reply.get("replyTo") == env["id"]:
            return reply, len(frames[-1])


def walk_list(client, user, page_size):
    """Every page of intake.list for DAY: (ids, ats, pages, largest frame)."""
    cursor, ids, ats, pages, largest = None, [], [], 0, 0
    while True:
        body = {"day": DAY}
        if cursor is not None:
            body["cursor"] = cursor
        reply, size = raw_request(client, "intake.list", body, user)
        assert "error" not in reply, reply
        page = reply["body"]["intakes"]
        assert len(page) <= page_size
        largest = max(largest, size)
        ids += [item["id"] for item in page]
        ats += [item["at"] for item in page]
        pages += 1
        cursor = reply["body"].get("nextCursor")
        if cursor is None:
            return ids, ats, pages, largest


def error_of(stderr):
    """The `error` object a --json command printed on stderr."""
    import json
    return json.loads(stderr.strip().splitlines()[-1])["error"]


# Item 7: unbounded replies


def test_intake_list_pages_are_bounded_and_the_cli_gets_every_row(paged):
    user = "pager"
    count = 1050
    fill(paged, user, count)
    client = paged.client("intake")

    # An old client (no cursor, no limit): the first page and a cursor, bounded.
    reply, size = raw_request(client, "intake.list", {"day": DAY}, user)
    assert "error" not in reply, reply
    assert len(reply["body"]["intakes"]) == SHORT_PAGE
    assert reply["body"].get("nextCursor")
    assert size <= SHORT_PAGE * BYTES_PER_ITEM, size

    ids, ats, pages, largest = walk_list(client, user, SHORT_PAGE)
    assert len(ids) == count and len(set(ids)) == count
    assert ats == sorted(ats)
    assert pages == 11
    assert largest <= SHORT_PAGE * BYTES_PER_ITEM

    # A larger limit than the service's page is cut to it, not refused.
    reply, _ = raw_request(client, "intake.list", {"day": DAY, "limit": 1_000_000}, user)
    assert len(reply["body"]["intakes"]) == SHORT_PAGE

    status, listed, stderr = paged.cli("intakes", "--day", DAY, "--user", user, "--tz", "UTC")
    assert status == 0, stderr
    assert [item["id"] for item in listed["intakes"]] == ids
    assert "nextCursor" not in listed


def test_intake_export_pages_and_quench_export_joins_them(paged):
    user = "exporter"
    fill(paged, user, 250)
    client = paged.client("intake")
    cursor, total, first, pages = None, 0, None, 0
    while True:
        body = {} if cursor is None else {"cursor": cursor}
        reply, size = raw_request(client, "intake.export", body, user)
        assert "error" not in reply, reply
        assert size <= SHORT_PAGE * BYTES_PER_ITEM + 64 * 1024
        first = first or reply["body"]
        total += len(reply["body"]["intakes"])
        assert len(reply["body"]["intakes"]) <= SHORT_PAGE
        pages += 1
        cursor = reply["body"].get("nextCursor")
        if cursor is None:
            break
    assert total == 250
    assert pages == 3
    assert "fluids" in first

    status, document, stderr = paged.cli("export", "--user", user)
    assert status == 0, stderr
    assert len(document["intake"]["intakes"]) == 250
    assert "nextCursor" not in document["intake"]


def fill_goals(dep, user, count):
    """Writes `count` one-day goal periods for `user` into goals' SQLite file, from 2016-01-01
    on, the last one current: what years of daily goal changes leave behind."""
    import sqlite3
    first = datetime.date(2016, 1, 1)
    rows = []
    for index in range(count):
        day = (first + datetime.timedelta(days=index)).isoformat()
        rows.append((user, day, None if index == count - 1 else day, 1000 + index))
    with sqlite3.connect(dep.path("data", "goals.sqlite"), timeout=30) as db:
        db.executemany("INSERT INTO goal_period (user, startDay, endDay, goalMl, source, createdAt, updatedAt)"
                       " VALUES (?, ?, ?, ?, 'manual', 0, 0)", rows)
    return [row[1] for row in reversed(rows)]


def walk_cursor(client, msg_type, user, items, largest_allowed, page_size):
    """Every page of a cursor-paged reply: (items of every page, pages, first page body)."""
    cursor, found, pages, first = None, [], 0, None
    while True:
        body = {} if cursor is None else {"cursor": cursor}
        reply, size = raw_request(client, msg_type, body, user)
        assert "error" not in reply, reply
        assert size <= largest_allowed, (msg_type, size)
        assert len(reply["body"][items]) <= page_size
        first = first or reply["body"]
        found += reply["body"][items]
        pages += 1
        cursor = reply["body"].get("nextCursor")
        if cursor is None:
            return found, pages, first


def test_goal_history_and_export_page_and_the_cli_gets_every_period(paged):
    """goal.history and goal.export returned the newest 3660 periods and dropped the rest."""
    user = "goalie"
    count = 3700 if os.environ.get("QUENCH_ADVERSARIAL_FULL") == "1" else 25
    days = fill_goals(paged, user, count)
    client = paged.client("goals")

    # An old client: no cursor → the newest page and a cursor.
    reply, size = raw_request(client, "goal.history", {}, user)
    assert len(reply["body"]["goals"]) == GOAL_PAGE and reply["body"].get("nextCursor"), reply
    assert reply["body"]["goals"][0]["startDay"] == days[0]

    for msg_type in ["goal.history", "goal.export"]:
        found, pages, first = walk_cursor(client, msg_type, user, "goals", GOAL_PAGE * 160 + 1024, GOAL_PAGE)
        assert [period["startDay"] for period in found] == days, msg_type
        assert pages == (count + GOAL_PAGE - 1) // GOAL_PAGE
    assert first["user"] == user

    for body, field in [({"cursor": "1.2016-13-01"}, "cursor"), ({"cursor": "x" * 5000}, "cursor"), ({"limit": 0}, "limit")]:
        reply, _ = raw_request(client, "goal.history", body, user)
        assert reply.get("error", {}).get("code") == "invalid_argument", (body, reply)
        assert reply["error"].get("field") == field, (body, reply)

    status, listed, stderr = paged.cli("goal", "history", "--user", user, "--tz", "UTC")
    assert status == 0, stderr
    assert [period["startDay"] for period in listed["goals"]] == days
    assert "nextCursor" not in listed
    status, document, stderr = paged.cli("export", "--user", user)
    assert status == 0, stderr
    assert [period["startDay"] for period in document["goals"]["goals"]] == days
    assert "nextCursor" not in document["goals"]


def test_health_export_pages_import_jobs_and_quench_export_joins_them(paged):
    """Every page of health.export carried all of the user's import jobs."""
    user = "importer"
    client = paged.client("health-ingest")
    begun = []
    for index in range(12):
        reply = client.request("import.begin", {"kind": "apple-health", "fileName": f"export-{index}.zip"},
                               user=user, key=f"{user}-begin-{index}", tz="UTC")
        assert "error" not in reply, reply
        begun.append(reply["body"]["jobId"])

    # An old client (no importsCursor): the first page of jobs and a cursor to the rest.
    reply, _ = raw_request(client, "health.export", {}, user)
    assert len(reply["body"]["imports"]) == JOB_PAGE and reply["body"].get("importsNextCursor"), reply
    jobs, cursor, pages = [], None, 0
    while True:
        body = {} if cursor is None else {"after": reply["body"]["anchor"], "importsCursor": cursor}
        reply, _ = raw_request(client, "health.export", body, user)
        assert "error" not in reply, reply
        assert len(reply["body"]["imports"]) <= JOB_PAGE
        jobs += [job["jobId"] for job in reply["body"]["imports"]]
        pages += 1
        cursor = reply["body"].get("importsNextCursor")
        if cursor is None:
            break
    assert jobs == begun and pages == 3

    reply, _ = raw_request(client, "health.export", {"importsCursor": "garbage"}, user)
    assert reply["error"]["code"] == "invalid_argument" and reply["error"]["field"] == "importsCursor", reply

    status, document, stderr = paged.cli("export", "--user", user)
    assert status == 0, stderr
    assert [job["jobId"] for job in document["health"]["imports"]] == begun
    assert "importsNextCursor" not in document["health"]


def test_import_job_pages_stay_under_512_kib_whatever_the_jobs_hold(paged):
    """A job's counters can hold 2 × 500 keys of 200 characters (≈ 200 KB): a page of jobs
    stops at about 512 KiB, whatever `limits.page.items` allows (5 here: 1 MB before)."""
    user = "hoarder"
    client = paged.client("health-ingest")
    begun = []
    for index in range(8):
        reply = client.request("import.begin", {"kind": "apple-health"}, user=user, key=f"{user}-b{index}", tz="UTC")
        assert "error" not in reply, reply
        job = reply["body"]["jobId"]
        counts = {f"{index}-{key:03d}-" + "k" * 190: key for key in range(500)}
        reply = client.request("import.finish", {"jobId": job, "skipped": counts, "otherTypes": counts},
                               user=user, key=f"{user}-f{index}", tz="UTC", timeout_ms=30000)
        assert "error" not in reply, reply
        begun.append(job)
    jobs, cursor, pages, largest = [], None, 0, 0
    while True:
        body = {} if cursor is None else {"after": 0, "importsCursor": cursor}
        reply, size = raw_request(client, "health.export", body, user)
        assert "error" not in reply, reply
        largest = max(largest, size)
        jobs += [job["jobId"] for job in reply["body"]["imports"]]
        pages += 1
        cursor = reply["body"].get("importsNextCursor")
        if cursor is None:
            break
    assert jobs == begun
    assert largest <= (512 + 16) * 1024, largest
    assert pages == 4


def test_bad_cursors_and_limits_are_refused_naming_the_field(paged):
    client = paged.client("intake")
    reply, _ = raw_request(client, "intake.list", {"day": DAY}, "pager")
    cursor = reply["body"]["nextCursor"]
    cases = [
        ({"day": DAY, "cursor": "garbage"}, "cursor"),
        ({"day": DAY, "cursor": "1.2025-06-01.zzzzzzzzzzzzzzzz.x"}, "cursor"),
        ({"day": DAY, "cursor": "x" * 5000}, "cursor"),
        ({"day": "2025-06-02", "cursor": cursor}, "cursor"),
        ({"day": DAY, "limit": 0}, "limit"),
        ({"day": DAY, "limit": -5}, "limit"),
    ]
    for body, field in cases:
        reply, _ = raw_request(client, "intake.list", body, "pager")
        assert reply.get("error", {}).get("code") == "invalid_argument", (body, reply)
        assert reply["error"].get("field") == field, (body, reply)
    reply, _ = raw_request(client, "intake.export", {"cursor": "nope"}, "pager")
    assert reply["error"]["code"] == "invalid_argument" and reply["error"]["field"] == "cursor"


def test_the_challenge_catalog_is_bounded(paged):
    """challenges.list is one reply: the catalog holds at most 500; a load past it is refused whole."""
    def items(first, last):
        return [{"id": f"adv-{index:04d}", "title": f"Walk {index}", "description": "x" * 2000, "type": "step",
                 "goal": 10000, "reward": {"trophy": "gold", "points": 5}} for index in range(first, last)]
    client = paged.client("goals")
    reply = client.request("challenges.load", {"items": items(0, 300)}, key=str(uuid.uuid4()), timeout_ms=30000)
    assert "error" not in reply, reply
    reply = client.request("challenges.load", {"items": items(250, 501)}, key=str(uuid.uuid4()), timeout_ms=30000)
    assert reply["error"]["code"] == "failed_precondition" and reply["error"]["field"] == "items", reply
    reply, size = raw_request(client, "challenges.list", {}, None)
    assert len(reply["body"]["challenges"]) == 300
    assert size < 2 * 1024 * 1024


def test_own_fluids_are_bounded(paged):
    """fluids.list is one reply: 200 fluids of one's own at most, the 201st refused with a code."""
    user = "fluidy"
    client = paged.client("intake")
    ids = set()
    for index in range(200):
        env = envelope("fluids.add", {"name": f"brew {index}", "waterPercent": 90}, user=user, key=f"{user}-{index}")
        ids.add(env["id"])
        client.send_frames([b"", pack(env)])
    while ids:
        frames = client.recv_frames(30000)
        assert frames is not None
        reply = unpack(frames[-1])
        assert "error" not in reply, reply
        ids.discard(reply.get("replyTo"))
    reply = client.request("fluids.add", {"name": "one more", "waterPercent": 90}, user=user, key=str(uuid.uuid4()))
    assert reply["error"]["code"] == "failed_precondition" and reply["error"]["field"] == "name", reply
    reply, size = raw_request(client, "fluids.list", {}, user)
    assert len([f for f in reply["body"]["fluids"] if f["custom"]]) == 200
    assert size < 64 * 1024


@pytest.mark.full
def test_sixty_thousand_intakes_on_one_day(deployment):
    """The issue's case: 60,000 intakes on one day gave one 16 MB reply (2.7 s)."""
    user = "heavy"
    count = 60_000
    started = time.monotonic()
    fill(deployment, user, count)
    filled = time.monotonic() - started
    client = deployment.client("intake")
    started = time.monotonic()
    ids, ats, pages, largest = walk_list(client, user, 1000)
    walked = time.monotonic() - started
    assert len(set(ids)) == count
    assert largest <= 1000 * BYTES_PER_ITEM, largest
    started = time.monotonic()
    status, listed, stderr = deployment.cli("intakes", "--day", DAY, "--user", user, "--tz", "UTC", timeout=300)
    listing = time.monotonic() - started
    assert status == 0, stderr
    assert len(listed["intakes"]) == count
    started = time.monotonic()
    status, document, stderr = deployment.cli("export", "--user", user, timeout=300)
    exporting = time.monotonic() - started
    assert status == 0, stderr
    assert len(document["intake"]["intakes"]) == count
    print(f"\n60,000 intakes: filled in {filled:.1f} s; {pages} pages, largest reply {largest} bytes, "
          f"walked in {walked:.2f} s; quench intakes {listing:.2f} s; quench export {exporting:.2f} s")


# Item 9: slow failure


def test_a_command_fails_within_two_seconds_naming_only_the_service_down(paged):
    paged.stop_service("intake")
    try:
        started = time.monotonic()
        status, _, stderr = paged.cli("log", "250", "--user", "pager")
        elapsed = time.monotonic() - started
        assert elapsed < 2.0, f"quench log took {elapsed:.2f} s with intake down"
        assert status == 69, stderr
        error = error_of(stderr)
        assert error["code"] == "unavailable"
        assert "intake" in error["message"] and paged.services["intake"]["rpc"] in error["message"]
        for other in ["goals", "health-ingest", "analytics"]:
            assert other not in error["message"], error

        # status names the service that is down, with its own endpoint, and only it.
        started = time.monotonic()
        status, _, stderr = paged.cli("status", json_output=False)
        assert time.monotonic() - started < 2.0
        assert status == 69
        assert f"intake at {paged.services['intake']['rpc']}" in stderr
        for other in ["goals", "health-ingest", "analytics"]:
            assert f"{other} at" not in stderr, stderr

        # What does not need intake still works (analytics answers from its own file).
        status, today, stderr = paged.cli("today", "--user", "pager")
        assert status == 0, stderr
    finally:
        paged.start("intake")
        paged.wait_ready("intake")


def read_available(pipe):
    flags = fcntl.fcntl(pipe, fcntl.F_GETFL)
    fcntl.fcntl(pipe, fcntl.F_SETFL, flags | os.O_NONBLOCK)
    try:
        return pipe.read() or b""
    except BlockingIOError:
        return b""


def wait_for(pipe, phrase, timeout, seen):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen += read_available(pipe)
        if phrase.encode() in seen:
            return True, seen
        time.sleep(0.02)
    return False, seen


def test_subscribe_says_the_publisher_is_unreachable_and_keeps_retrying(paged):
    paged.stop_service("goals")
    env = {k: v for k, v in os.environ.items() if not k.startswith("QUENCH_")}
    env["QUENCH_CONFIG"] = paged.path("client.json")
    process = subprocess.Popen(
        [os.path.join(BIN, "quench"), "subscribe", "--publisher", "goals", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        started = time.monotonic()
        found, seen = wait_for(process.stderr, "publisher unreachable", 5, b"")
        elapsed = time.monotonic() - started
        assert found, seen
        assert elapsed < 2.0, f"the first status line took {elapsed:.2f} s"
        assert paged.services["goals"]["pub"].encode() in seen
        assert process.poll() is None, "subscribe gave up"

        found, seen = wait_for(process.stderr, "still unreachable", 8, seen)
        assert found, seen

        paged.start("goals")
        paged.wait_ready("goals")
        found, seen = wait_for(process.stderr, "goals: connected", 10, seen)
        assert found, seen
    finally:
        if paged.processes["goals"].poll() is not None:
            paged.start("goals")
            paged.wait_ready("goals")
        process.terminate()
        out, _ = process.communicate(timeout=10)
    # --json stdout stays clean: the status lines went to stderr.
    assert b"unreachable" not in out


def test_timeout_rule_and_message_agree(paged):
    for value in ["0", "-1", "600.5"]:
        status, _, stderr = paged.cli("ping", "intake", "--timeout", value)
        assert status == 64, stderr
        error = error_of(stderr)
        assert error["field"] == "--timeout"
        assert error["message"] == f"--timeout must be at least 0.1 and at most 600 seconds, got {value}", error
    # Both ends are inside the rule (0.1 s may be too short on a loaded machine: 69, never 64).
    status, _, stderr = paged.cli("ping", "intake", "--timeout", "0.1")
    assert status in (0, 69), stderr
    status, _, stderr = paged.cli("ping", "intake", "--timeout", "600")
    assert status == 0, stderr


# Item 10: CLI input


def test_negative_amounts_get_the_amount_rule_and_store_nothing(paged):
    user = "careless"
    status, _, stderr = paged.cli("log", "-5ml", "--user", user)
    assert status != 0
    error = error_of(stderr)
    assert error["code"] == "invalid_argument" and error["field"] == "volume", error
    assert "greater than 0 mL" in error["message"]
    assert "Missing expected argument" not in stderr
    status, listed, stderr = paged.cli("intakes", "--user", user)
    assert status == 0 and listed["intakes"] == [], (listed, stderr)


def test_goal_floor_is_one_rule_in_the_cli_and_the_service(paged):
    user = "careless"
    messages = []
    for amount in ["-1", "2.5", "0"]:
        status, _, stderr = paged.cli("goal", "set", amount, "--user", user)
        assert status == 64, stderr
        error = error_of(stderr)
        assert error["code"] == "invalid_argument" and error["field"] == "AMOUNT", error
        assert "at least 500 mL and at most 6000 mL" in error["message"], error
        messages.append(error["message"])
    client = paged.client("goals")
    reply = client.request("goal.set", {"volume": 2.5}, user=user, key=str(uuid.uuid4()))
    assert reply["error"]["code"] == "invalid_argument" and reply["error"]["field"] == "volume"
    assert "at least 500 mL and at most 6000 mL" in reply["error"]["message"]
    reply = client.request("goal.set", {"volume": 499.9999}, user=user, key=str(uuid.uuid4()))
    assert reply["error"]["code"] == "invalid_argument"
    status, goal, stderr = paged.cli("goal", "--user", user)
    assert goal["source"] == "default", goal
    reply = client.request("goal.set", {"volume": 500}, user=user, key=str(uuid.uuid4()))
    assert "error" not in reply, reply


def test_weight_takes_inline_units(paged):
    user = "careless"
    status, _, stderr = paged.cli("consent", "grant", "body-mass", "--user", user)
    assert status == 0, stderr
    status, weight, stderr = paged.cli("weight", "add", "80kg", "--user", user)
    assert status == 0, stderr
    assert weight["weightKg"] == 80
    status, weight, stderr = paged.cli("weight", "add", "200lb", "--user", user, "--at", "2026-01-02 07:00")
    assert status == 0, stderr
    assert weight["unit"] == "lb"
    status, _, stderr = paged.cli("weight", "add", "80", "--user", user)
    assert status == 64 and error_of(stderr)["field"] == "VALUE"


def test_user_ids_are_checked_by_the_cli(paged):
    for user in ["a/b", "alice/", "x\ny", "\U0001F600", "u" * 5000]:
        status, _, stderr = paged.cli("today", "--user", user)
        assert status == 64, (user, stderr)
        error = error_of(stderr)
        assert error["field"] == "--user"
        assert "1 to 64 characters of letters, digits" in error["message"]


def test_argument_errors_honour_json(paged):
    status, out, stderr = paged.cli("log")
    assert status == 64 and out is None
    error = error_of(stderr)
    assert error == {"code": "invalid_argument", "message": error["message"], "field": "amount"}
    status, _, stderr = paged.cli("today", "--frobnicate")
    assert status == 64 and error_of(stderr)["field"] == "--frobnicate"
    # Without --json, a line for people.
    status, _, stderr = paged.cli("log", json_output=False)
    assert status == 64 and "Missing expected argument" in stderr
