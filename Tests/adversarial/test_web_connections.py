"""Issue #39 item 3, against a real deployment's `quench-web` (see harness.py): a flood of idle
connections and a set of trickling ones from hostile addresses, while a newcomer from another
address asks for /health.

The web admits `limits.http.connections.per.client` (64) connections from one address and answers
the rest `503` at once; it closes the admitted idle ones after `http.timeout.idle.ms` and answers
a head that trickles in a byte at a time `408` after `http.timeout.head.ms`. Its open files fall
back, its memory stays within a bound and the newcomer is answered throughout. The whole of
127.0.0.0/8 is this host, so each hostile client has an address of its own. Short size (1,000)
by default; the issue's 20,000 with QUENCH_ADVERSARIAL_FULL=1. Figures are printed (`-s`) as
`FIGURES …` lines for docs/SECURITY.md.
"""
import json
import resource
import socket
import subprocess
import statistics
import sys
import threading
import time

import pytest

from harness import Deployment, free_port

PER_CLIENT = 64
HEAD_MS = 2000
IDLE_MS = 3000
# Growth of the web's RSS the floods may cause (64 admitted connections each, the rest refused).
RSS_SLACK_KB = 25_000

# A helper process (this one may not have files for 20,000): opens `count` connections from
# `source`, prints "ready", trickles a header byte to each every 0.5 s when `trickle` is 1, and
# when its stdin says anything prints how each ended as JSON: {"503": n, "408": n, "closed": n,
# "open": n} (closed: the web closed it without a reply).
HOLDER = r"""
import json, resource, select, socket, sys, threading
count, source, port, trickle = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1"
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
held = []
for _ in range(count):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    s.setblocking(False)
    if trickle:
        s.send(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    held.append(s)
replies = {id(s): b"" for s in held}
ended = {}
def read_all():
    for s in held:
        if id(s) in ended:
            continue
        try:
            while True:
                data = s.recv(4096)
                if not data:
                    ended[id(s)] = replies[id(s)][:12].decode(errors="replace")
                    break
                replies[id(s)] += data
        except BlockingIOError:
            pass
        except OSError:
            ended[id(s)] = replies[id(s)][:12].decode(errors="replace")
stop = threading.Event()
def drip():
    while not stop.wait(0.5):
        for s in held:
            if id(s) not in ended:
                try:
                    s.send(b"a")
                except OSError:
                    pass
if trickle:
    threading.Thread(target=drip, daemon=True).start()
print("ready", flush=True)
sys.stdin.readline()
stop.set()
read_all()
outcome = {"503": 0, "408": 0, "closed": 0, "open": 0}
for s in held:
    status = ended.get(id(s))
    if status is None:
        outcome["open"] += 1
    elif status.startswith("HTTP/1.1 503"):
        outcome["503"] += 1
    elif status.startswith("HTTP/1.1 408"):
        outcome["408"] += 1
    else:
        outcome["closed"] += 1
print(json.dumps(outcome), flush=True)
"""


class Holders:
    """`count` connections from `source`, held by helper processes."""

    def __init__(self, port, source, count, trickle=False):
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        per_process = max(256, hard - 200)
        self.processes = []
        left = count
        while left > 0:
            share = min(left, per_process)
            self.processes.append(subprocess.Popen(
                [sys.executable, "-c", HOLDER, str(share), source, str(port), "1" if trickle else "0"],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True))
            left -= share
        for process in self.processes:
            assert process.stdout.readline().strip() == "ready"

    def close(self):
        """Ends them; how the connections ended, summed."""
        total = {"503": 0, "408": 0, "closed": 0, "open": 0}
        for process in self.processes:
            process.stdin.write("done\n")
            process.stdin.flush()
            for key, value in json.loads(process.stdout.readline()).items():
                total[key] += value
            process.wait(60)
        return total


@pytest.fixture(scope="module")
def web():
    """A CURVE deployment whose web edge has short timeouts (so the case ends in seconds)."""
    port = free_port()
    http = {"host": "127.0.0.1", "port": port, "timeout": {"head": {"ms": HEAD_MS}, "idle": {"ms": IDLE_MS}}}
    dep = Deployment(extra_config={"web": {"http": http}})
    dep.web_port = port
    yield dep
    dep.stop()


def get_health(port, source="127.0.0.1", timeout=20):
    """GET /health on a new connection from `source`: (status line, milliseconds)."""
    start = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0)) as s:
        s.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        reply = b""
        while b"\r\n" not in reply:
            data = s.recv(4096)
            if not data:
                break
            reply += data
    return reply.split(b"\r\n", 1)[0].decode(), (time.perf_counter() - start) * 1000


class Newcomers(threading.Thread):
    """A new connection from 127.0.0.1 asking for /health every 0.2 s until stopped."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port = port
        self.latencies = []
        self.failures = []
        self.running = True

    def run(self):
        while self.running:
            try:
                status, ms = get_health(self.port)
                if status == "HTTP/1.1 200 OK":
                    self.latencies.append(ms)
                else:
                    self.failures.append(status)
            except OSError as error:
                self.failures.append(repr(error))
            time.sleep(0.2)

    def stop(self):
        self.running = False
        self.join(30)
        return statistics.median(self.latencies), max(self.latencies)


def floods(dep, count):
    port = dep.web_port
    assert get_health(port)[0] == "HTTP/1.1 200 OK"
    fds_before = dep.fd_count("web")
    time.sleep(0.5)
    rss_before = dep.rss_kb("web")
    newcomers = Newcomers(port)
    newcomers.start()
    start = time.monotonic()
    idle = Holders(port, "127.0.0.2", count)
    trickling = Holders(port, "127.0.0.3", PER_CLIENT, trickle=True)
    opened = time.monotonic() - start
    fds_peak = dep.fd_count("web")
    rss_peak = dep.rss_kb("web")
    # A newcomer from an address of its own, during the floods.
    newcomer, newcomer_ms = get_health(port)
    # Every admitted connection ends at its timeout: the web's files fall back.
    deadline = time.monotonic() + (IDLE_MS + HEAD_MS) / 1000 + 20 + count / 1000
    fds_now = fds_peak
    while time.monotonic() < deadline:
        fds_now = dep.fd_count("web")
        fds_peak = max(fds_peak, fds_now)
        if fds_now <= fds_before + 8:
            break
        time.sleep(0.2)
    released = time.monotonic() - start
    after, after_ms = get_health(port)
    newcomer_p50, newcomer_max = newcomers.stop()
    idle_outcome = idle.close()
    trickle_outcome = trickling.close()
    rss_after = dep.rss_kb("web")
    print(f"FIGURES web-connections count={count} opened_s={opened:.1f} newcomer_ms={newcomer_ms:.0f} "
          f"newcomers={len(newcomers.latencies)} newcomer_p50_ms={newcomer_p50:.0f} newcomer_max_ms={newcomer_max:.0f} "
          f"after_ms={after_ms:.0f} fds_before={fds_before} fds_peak={fds_peak} fds_after={fds_now} "
          f"released_s={released:.1f} rss_before_kb={rss_before} rss_peak_kb={rss_peak} rss_after_kb={rss_after} "
          f"idle={idle_outcome} trickling={trickle_outcome}")

    assert newcomer == "HTTP/1.1 200 OK" and after == "HTTP/1.1 200 OK", (newcomer, after)
    # Newcomers from another address were answered all along, each within a bound generous
    # on a shared 2-core machine (the figures above are what they took).
    assert not newcomers.failures, newcomers.failures[:5]
    assert newcomer_ms < 4000 and newcomer_max < 4000, (newcomer_ms, newcomer_max)
    # One address holds PER_CLIENT connections at a time; every other one was refused at once
    # with 503, and the admitted ones were closed at the idle timeout without a reply. (The
    # kernel's accept queue holds some of a burst back: those reach the web later, and once the
    # first PER_CLIENT have timed out they are admitted in their turn.)
    assert idle_outcome["open"] == 0 and idle_outcome["503"] + idle_outcome["closed"] == count, idle_outcome
    waves = released / (IDLE_MS / 1000) + 2
    assert PER_CLIENT <= idle_outcome["closed"] <= PER_CLIENT * waves, (idle_outcome, released)
    # The web's files: the two addresses' admitted connections and those being refused.
    assert fds_peak - fds_before <= 4 * PER_CLIENT, (fds_before, fds_peak)
    # A head trickled a byte every 0.5 s is 408 at the head timeout.
    assert trickle_outcome["408"] == PER_CLIENT, trickle_outcome
    assert fds_now <= fds_before + 8, (fds_before, fds_now)
    assert rss_peak - rss_before < RSS_SLACK_KB and rss_after - rss_before < RSS_SLACK_KB, (rss_before, rss_peak, rss_after)
    assert dep.alive("web")


def test_idle_and_trickling_connections(web):
    floods(web, 1_000)


@pytest.mark.full
def test_idle_and_trickling_connections_full(web):
    floods(web, 20_000)
