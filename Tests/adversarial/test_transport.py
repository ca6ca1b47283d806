"""Issue #25, items 1, 5 and 6, against a real CURVE deployment (see harness.py):

- a subscription flood on a service's user event stream (1 KB prefixes: libzmq drops the peer at
  the user stream's message-size limit; distinct short prefixes: the principal is dropped after
  `limits.user.stream.max.subscriptions` and its key refused for a while);
- idle connections that never send a ZMTP greeting (the service closes them after
  `limits.handshake.timeout.ms` and its open files fall back, while a legitimate client still gets
  through);
- refused handshakes (counted; at most `log.refusals.per.minute` log lines of each kind).

Each case checks the service's RSS before/after (from /proc), the ping round trips of a legitimate
client during the flood, and the exact outcome. Short sizes by default; the issue's sizes with
QUENCH_ADVERSARIAL_FULL=1. Figures are printed (`-s`) as `FIGURES …` lines for docs/SECURITY.md.
"""
import os
import re
import resource
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid

import pytest
import zmq
import zmq.utils.monitor

from harness import pack, envelope, unpack

SERVICE = "intake"
# Growth of the service's RSS a flood may cause (the issue saw +632 MB for 20,000 subscriptions).
RSS_SLACK_KB = 25_000
# A legitimate client's ping during a flood (the issue saw 1.7 s stalls); generous, the CI
# machine is shared.
PING_MAX_MS = 1500
PING_P50_MS = 250


class Pinger(threading.Thread):
    """Pings `SERVICE` as the admin every 20 ms on its own socket until stopped."""

    def __init__(self, deployment):
        super().__init__(daemon=True)
        self.deployment = deployment
        self.latencies = []
        self.failures = 0
        self.running = True

    def run(self):
        dep = self.deployment
        keys = dep.keys_for(None)
        sock = dep.ctx.socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, 0)
        sock.curve_publickey, sock.curve_secretkey = keys[0].encode(), keys[1].encode()
        sock.curve_serverkey = dep.services[SERVICE]["publicKey"].encode()
        sock.connect(dep.services[SERVICE]["rpc"])
        while self.running:
            env = envelope("system.ping")
            start = time.perf_counter()
            sock.send_multipart([b"", pack(env)])
            if sock.poll(5000, zmq.POLLIN):
                sock.recv_multipart()
                self.latencies.append((time.perf_counter() - start) * 1000)
            else:
                self.failures += 1
            time.sleep(0.02)
        sock.close(0)

    def stop(self):
        self.running = False
        self.join(10)
        assert self.failures == 0, f"{self.failures} pings got no reply within 5 s"
        assert self.latencies, "no ping was answered"
        return statistics.median(self.latencies), max(self.latencies)


def metrics(deployment):
    """`system.metrics` of SERVICE as {sample: value}."""
    client = deployment.client(SERVICE)
    try:
        reply = client.request("system.metrics")
    finally:
        deployment.clients.remove(client)
        client.close()
    assert "error" not in reply, reply
    samples = {}
    for line in reply["body"]["text"].splitlines():
        if line.startswith("#") or " " not in line:
            continue
        name, value = line.rsplit(" ", 1)
        samples[name] = float(value)
    return samples


def refusals(samples, kind):
    return samples.get(f'quench_refusals_total{{service="{SERVICE}",kind="{kind}"}}', 0)


def suppressed(samples, kind):
    return samples.get(f'quench_log_lines_suppressed_total{{service="{SERVICE}",kind="{kind}"}}', 0)


def user_subscriber(deployment, user, prefixes):
    """A SUB on SERVICE's user stream with `user`'s key, and a monitor of its connection."""
    public, secret = deployment.keys_for(user)
    sub = deployment.ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.curve_publickey, sub.curve_secretkey = public.encode(), secret.encode()
    sub.curve_serverkey = deployment.services[SERVICE]["publicKey"].encode()
    monitor = sub.get_monitor_socket(zmq.EVENT_HANDSHAKE_SUCCEEDED | zmq.EVENT_HANDSHAKE_FAILED_AUTH | zmq.EVENT_DISCONNECTED)
    for prefix in prefixes:
        sub.setsockopt(zmq.SUBSCRIBE, prefix)
    sub.connect(deployment.services[SERVICE]["userPub"])
    return sub, monitor


def monitor_events(monitor, seconds, until=None):
    """Monitor events for up to `seconds` (or until `until(events)` holds)."""
    events = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if monitor.poll(100):
            events.append(zmq.utils.monitor.recv_monitor_message(monitor))
            if until and until(events):
                break
    return events


def log_drink(deployment, user, volume=250):
    reply = deployment.client(SERVICE).request(
        "intake.log", {"volume": volume, "unit": "ml", "fluid": "water"}, user=user, key=str(uuid.uuid4()))
    assert "error" not in reply, reply


def hears_own_events(deployment, user, sub, seconds=15):
    """Logs drinks for `user` until its subscriber receives one (it may be reconnecting)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        log_drink(deployment, user)
        if sub.poll(300):
            topic, _ = sub.recv_multipart()
            assert topic.startswith(f"{user}/".encode()), topic
            return True
    return False


def figures(case, **values):
    print(f"FIGURES {case} " + " ".join(f"{key}={value}" for key, value in values.items()))


def settle_rss(deployment, seconds=1.0):
    time.sleep(seconds)
    return deployment.rss_kb(SERVICE)


def rss_given_back(deployment, before, seconds=6.0):
    """The service's RSS once it is back within RSS_SLACK_KB of `before` (the service hands a
    flood's memory back within a few seconds), or the last reading after `seconds`."""
    deadline = time.monotonic() + seconds
    rss = deployment.rss_kb(SERVICE)
    while rss - before >= RSS_SLACK_KB and time.monotonic() < deadline:
        time.sleep(0.5)
        rss = deployment.rss_kb(SERVICE)
    return rss


# Item 1: subscription floods

def subscription_flood_1kb(deployment, count):
    tag = uuid.uuid4().hex[:6]
    flooder, watcher = f"flood1k-{tag}", f"watch1k-{tag}"
    deployment.add_user(flooder)
    deployment.add_user(watcher)
    watch, watch_monitor = user_subscriber(deployment, watcher, [b""])
    assert any(e["event"] == zmq.EVENT_HANDSHAKE_SUCCEEDED for e in monitor_events(watch_monitor, 5, lambda es: es))
    assert hears_own_events(deployment, watcher, watch)
    rss_before = settle_rss(deployment)
    pinger = Pinger(deployment)
    pinger.start()

    sub, monitor = user_subscriber(deployment, flooder, [])
    start = time.monotonic()
    for index in range(count):
        sub.setsockopt(zmq.SUBSCRIBE, f"{index:08d}".encode() + b"x" * 1016)
    # libzmq drops the peer at its first 1 KB message (the user stream's ZMQ_MAXMSGSIZE); its SUB
    # reconnects and is dropped again, the subscriptions are never kept.
    events = monitor_events(monitor, 5, lambda es: sum(e["event"] == zmq.EVENT_DISCONNECTED for e in es) >= 3)
    elapsed = time.monotonic() - start
    p50, worst = pinger.stop()
    sub.close(0)
    rss_after = settle_rss(deployment)
    figures("subscription-flood-1kb", count=count, rss_before_kb=rss_before, rss_after_kb=rss_after,
            ping_p50_ms=f"{p50:.1f}", ping_max_ms=f"{worst:.1f}", seconds=f"{elapsed:.1f}")

    assert sum(e["event"] == zmq.EVENT_DISCONNECTED for e in events) >= 1, events
    assert rss_after - rss_before < RSS_SLACK_KB, (rss_before, rss_after)
    assert p50 < PING_P50_MS and worst < PING_MAX_MS, (p50, worst)
    # Everyone else's stream goes on.
    assert hears_own_events(deployment, watcher, watch)
    assert deployment.alive(SERVICE)
    watch.close(0)


def subscription_flood_distinct(deployment, count):
    tag = uuid.uuid4().hex[:6]
    flooder, watcher = f"floodp-{tag}", f"watchp-{tag}"
    deployment.add_user(flooder)
    deployment.add_user(watcher)
    watch, _ = user_subscriber(deployment, watcher, [b""])
    assert hears_own_events(deployment, watcher, watch)
    before = metrics(deployment)
    rss_before = settle_rss(deployment)
    log_before = len(deployment.log_text(SERVICE))
    pinger = Pinger(deployment)
    pinger.start()

    sub, monitor = user_subscriber(deployment, flooder, [])
    for index in range(count):
        sub.setsockopt(zmq.SUBSCRIBE, f"{flooder}/{index:08d}".encode() + b"y" * 180)
    # Past 64 distinct prefixes (the default limit) the principal is dropped, and its SUB's
    # reconnect is refused by ZAP with status 400: the peer is told.
    events = monitor_events(monitor, 10, lambda es: any(e["event"] == zmq.EVENT_HANDSHAKE_FAILED_AUTH for e in es))
    p50, worst = pinger.stop()
    sub.close(0)
    rss_after = settle_rss(deployment)
    after = metrics(deployment)
    log = deployment.log_text(SERVICE)[log_before:]
    figures("subscription-flood-distinct", count=count, rss_before_kb=rss_before, rss_after_kb=rss_after,
            ping_p50_ms=f"{p50:.1f}", ping_max_ms=f"{worst:.1f}")

    refused = [e for e in events if e["event"] == zmq.EVENT_HANDSHAKE_FAILED_AUTH]
    assert refused and refused[0]["value"] == 400, events
    assert refusals(after, "subscription_flood") == refusals(before, "subscription_flood") + 1
    assert refusals(after, "handshake") > refusals(before, "handshake")
    assert "dropped a principal from the user event stream: too many subscriptions" in log
    assert f"user:{flooder}" in log
    assert rss_after - rss_before < RSS_SLACK_KB, (rss_before, rss_after)
    assert p50 < PING_P50_MS and worst < PING_MAX_MS, (p50, worst)
    # The stream was reopened: the watcher reconnected and resubscribed by itself.
    assert hears_own_events(deployment, watcher, watch)
    watch.close(0)


def test_subscription_flood_1kb(deployment):
    subscription_flood_1kb(deployment, 2_000)


@pytest.mark.full
def test_subscription_flood_1kb_full(deployment):
    subscription_flood_1kb(deployment, 20_000)


def test_subscription_flood_distinct_prefixes(deployment):
    subscription_flood_distinct(deployment, 2_000)


@pytest.mark.full
def test_subscription_flood_distinct_prefixes_full(deployment):
    subscription_flood_distinct(deployment, 20_000)


# Item 5: idle connections

def raise_own_fd_limit(wanted):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft >= wanted:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, max(hard, wanted)))
    except (ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


# A helper process that opens idle connections (this process may not have enough files for
# 20,000): prints "ready", holds them until its stdin says anything, then prints how many the
# service had closed (read EOF) and exits.
HOLDER = r"""
import resource, socket, sys
count, host, port = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
held = []
for _ in range(count):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setblocking(False)
    s.connect_ex((host, port))
    held.append(s)
print("ready", flush=True)
sys.stdin.readline()
eof = 0
for s in held:
    try:
        while True:
            if not s.recv(4096):
                eof += 1
                break
    except BlockingIOError:
        pass
    except OSError:
        eof += 1
print(eof, flush=True)
"""


class IdleConnections:
    """`count` TCP connections to `endpoint` that never send a byte, held by helper processes."""

    def __init__(self, endpoint, count):
        host, port = endpoint.rsplit("//", 1)[1].rsplit(":", 1)
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        per_process = max(256, hard - 200)
        self.holders = []
        left = count
        while left > 0:
            share = min(left, per_process)
            holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(share), host, port],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            self.holders.append(holder)
            left -= share
        for holder in self.holders:
            assert holder.stdout.readline().strip() == "ready"

    def close(self):
        """Closes them all; returns how many the service had closed before."""
        eof = 0
        for holder in self.holders:
            holder.stdin.write("done\n")
            holder.stdin.flush()
            eof += int(holder.stdout.readline().strip() or 0)
            holder.wait(60)
        return eof


def service_fd_limit(deployment):
    with open(f"/proc/{deployment.pid(SERVICE)}/limits") as handle:
        for line in handle:
            if line.startswith("Max open files"):
                return int(line.split()[3])
    return 0


def idle_connections(deployment, count):
    fds_before = deployment.fd_count(SERVICE)
    fd_limit = service_fd_limit(deployment)
    before = metrics(deployment)
    rss_before = settle_rss(deployment, 0.2)
    pinger = Pinger(deployment)
    pinger.start()
    start = time.monotonic()
    idle = IdleConnections(deployment.services[SERVICE]["rpc"], count)
    opened = time.monotonic() - start
    fds_peak = deployment.fd_count(SERVICE)
    # A new, legitimate client connects during the flood and is answered.
    newcomer_start = time.perf_counter()
    newcomer = deployment.client(SERVICE)
    newcomer_ping_ms = newcomer.ping_ms(timeout_ms=20_000)
    newcomer_ms = (time.perf_counter() - newcomer_start) * 1000
    # The service closes every connection that has not handshaken after limits.handshake.timeout.ms
    # (5 s), while the idle sockets are still open on the other side. (Connections the kernel's
    # accept queue could not take never reach the service: they cost it nothing.)
    deadline = time.monotonic() + 5 + 10 + count / 2000
    fds_now = fds_peak
    # How long the service was seen within 16 files of its limit (its own margin).
    near_limit_s, seen_at = 0.0, time.monotonic()
    while time.monotonic() < deadline:
        fds_now = deployment.fd_count(SERVICE)
        fds_peak = max(fds_peak, fds_now)
        now = time.monotonic()
        if fds_now >= fd_limit - 16:
            near_limit_s += now - seen_at
        seen_at = now
        if fds_now <= fds_before + 16:
            break
        time.sleep(0.2)
    released_after = time.monotonic() - start
    eof = idle.close()
    p50, worst = pinger.stop()
    # Connections still in the kernel's accept queue are taken, read EOF and closed.
    settle = time.monotonic() + 15
    fds_after = deployment.fd_count(SERVICE)
    while fds_after > fds_before + 16 and time.monotonic() < settle:
        time.sleep(0.5)
        fds_after = deployment.fd_count(SERVICE)
    rss_after = rss_given_back(deployment, rss_before)
    after = metrics(deployment)
    incomplete = refusals(after, "handshake_incomplete") - refusals(before, "handshake_incomplete")
    file_limit = refusals(after, "file_limit") - refusals(before, "file_limit")
    at_limit = fds_peak >= fd_limit - 64
    figures("idle-connections", count=count, service_fd_limit=fd_limit, opened_s=f"{opened:.1f}",
            newcomer_ms=f"{newcomer_ms:.0f}", newcomer_ping_ms=f"{newcomer_ping_ms:.1f}", fds_before=fds_before,
            fds_peak=fds_peak, at_fd_limit=at_limit, near_limit_s=f"{near_limit_s:.1f}", file_limit=int(file_limit), released_s=f"{released_after:.1f}",
            closed_by_service=eof, counted=int(incomplete), fds_after=fds_after, rss_before_kb=rss_before,
            rss_after_kb=rss_after, ping_p50_ms=f"{p50:.1f}", ping_max_ms=f"{worst:.1f}")

    assert fds_peak > fds_before + min(count, 100) // 2, "the idle connections never reached the service"
    assert fds_now <= fds_before + 16, f"the service still holds {fds_now - fds_before} more files after {released_after:.1f} s"
    assert eof >= min(count, 100) // 2, f"only {eof} idle connections were closed by the service"
    # Each one the service closed is counted (quench_refusals_total{kind="handshake_incomplete"}).
    assert incomplete >= eof, (incomplete, eof)
    # Below its file limit the service takes a newcomer at once; at the limit (a host whose hard
    # limit is below limits.max.open.files) within the handshake timeout plus the kernel's retries.
    assert newcomer_ms < (20_000 if at_limit else 4_000), newcomer_ms
    # The service checks its open files every 2 s: a stay at the limit longer than that is
    # counted (a shorter one, as when the flood is about as large as the limit and the first
    # handshake timeouts free files at once, may fall between two checks).
    if near_limit_s > 2.5:
        assert file_limit > 0, near_limit_s
    assert fds_after <= fds_before + 16, (fds_before, fds_after)
    assert rss_after - rss_before < RSS_SLACK_KB, (rss_before, rss_after)
    # The pinger's connection was made before the flood: it is never held up.
    assert p50 < PING_P50_MS and worst < PING_MAX_MS, (p50, worst)


def test_idle_connections(deployment):
    idle_connections(deployment, 1_000)


@pytest.mark.full
def test_idle_connections_full(deployment):
    idle_connections(deployment, 20_000)


# Item 6: refused handshakes

def refused_handshakes(deployment, count):
    raise_own_fd_limit(count + 1024)
    before = metrics(deployment)
    log_before = os.path.getsize(deployment.path("logs", f"{SERVICE}.log"))
    server_key = deployment.services[SERVICE]["publicKey"].encode()
    after = before
    # In batches of 1,000 strangers, a context each (each socket costs this process files too,
    # and a closed socket's slot is freed only when its context has reaped it).
    done = 0
    while done < count:
        ctx = zmq.Context()
        ctx.setsockopt(zmq.MAX_SOCKETS, 1_100)
        batch = min(1_000, count - done)
        strangers = []
        for _ in range(batch):
            public, secret = zmq.curve_keypair()
            s = ctx.socket(zmq.DEALER)
            s.setsockopt(zmq.LINGER, 0)
            # One attempt each: no reconnect within the test.
            s.setsockopt(zmq.RECONNECT_IVL, 600_000)
            s.curve_publickey, s.curve_secretkey, s.curve_serverkey = public, secret, server_key
            s.connect(deployment.services[SERVICE]["rpc"])
            strangers.append(s)
        done += batch
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            after = metrics(deployment)
            if refusals(after, "handshake") - refusals(before, "handshake") >= done:
                break
            time.sleep(0.3)
        for s in strangers:
            s.close(0)
        ctx.term()
    refused = refusals(after, "handshake") - refusals(before, "handshake")
    left_out = suppressed(after, "handshake") - suppressed(before, "handshake")
    with open(deployment.path("logs", f"{SERVICE}.log"), errors="replace") as handle:
        handle.seek(log_before)
        added = handle.read()
    lines = [line for line in added.splitlines() if "refused an unknown client key" in line]
    figures("refused-handshakes", count=count, refused=int(refused), log_lines=len(lines), suppressed=int(left_out),
            log_bytes_added=len(added.encode()))

    assert refused == count, (refused, count)
    # Every refusal is either one of the (at most 20 a minute) lines or counted as suppressed.
    assert len(lines) + left_out == refused
    assert len(lines) <= 20 * 2  # two one-minute windows at most in this case
    assert len(added.encode()) < 40 * 600
    if left_out > 0 and len(lines) > 20:
        assert any("suppressed=" in line for line in lines)


def test_refused_handshakes_rate_limited(deployment):
    refused_handshakes(deployment, 500)


@pytest.mark.full
def test_refused_handshakes_rate_limited_full(deployment):
    refused_handshakes(deployment, 5_000)


def test_idle_connections_at_the_file_limit(deployment):
    """A host whose limit is below what a flood needs: the service's soft limit is lowered to 300
    files above what it uses (`prlimit`), then 1,000 idle connections arrive. Accepts fail
    (counted as `file_limit`), the service stays up, the connection made before the flood is
    answered throughout, and a new client gets through once handshake timeouts free files."""
    pid = deployment.pid(SERVICE)
    saved = resource.prlimit(pid, resource.RLIMIT_NOFILE)
    fds_before = deployment.fd_count(SERVICE)
    before = metrics(deployment)
    resource.prlimit(pid, resource.RLIMIT_NOFILE, (fds_before + 300, saved[1]))
    try:
        pinger = Pinger(deployment)
        pinger.start()
        time.sleep(0.5)
        idle = IdleConnections(deployment.services[SERVICE]["rpc"], 1_000)
        time.sleep(1)
        fds_peak = deployment.fd_count(SERVICE)
        newcomer_start = time.perf_counter()
        newcomer = deployment.client(SERVICE)
        newcomer.ping_ms(timeout_ms=20_000)
        newcomer_ms = (time.perf_counter() - newcomer_start) * 1000
        eof = idle.close()
        p50, worst = pinger.stop()
    finally:
        resource.prlimit(pid, resource.RLIMIT_NOFILE, saved)
    after = metrics(deployment)
    file_limit = refusals(after, "file_limit") - refusals(before, "file_limit")
    figures("idle-connections-at-file-limit", count=1000, soft_limit=fds_before + 300, fds_peak=fds_peak,
            file_limit=int(file_limit), newcomer_ms=f"{newcomer_ms:.0f}", closed_by_service=eof,
            ping_p50_ms=f"{p50:.1f}", ping_max_ms=f"{worst:.1f}")
    assert fds_peak >= fds_before + 300 - 8, "the flood did not reach the file limit"
    assert file_limit > 0
    assert newcomer_ms < 20_000
    assert deployment.alive(SERVICE)
    assert p50 < PING_P50_MS and worst < PING_MAX_MS, (p50, worst)
