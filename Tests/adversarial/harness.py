"""A real Quench deployment for adversarial tests, written from docs/ alone (pyzmq + msgpack).

It does what `quench up` does, on free loopback ports instead of the fixed defaults, so several
suites (and several checkouts) can run side by side:

- `quench keys init --data-dir D` makes the service keys, the operator's admin key and the
  allow-lists;
- one JSON config per service (the keys documented in docs/OPERATIONS.md), then the four
  executables are started and their ready files awaited;
- `D/client.json` points the real `quench` CLI at this deployment.

    dep = Deployment()                       # CURVE (the default deployment); insecure=True for loopback dev mode
    dep.add_user("alice")                    # quench keys add-user
    c = dep.client("intake", as_user="alice")
    reply = c.request("intake.log", {"volume": 250}, user="alice", key="k1")
    dep.rss_kb("intake"); dep.fd_count("intake"); dep.log_text("intake")
    dep.cli("today", "--user", "alice")      # the real CLI, --json, parsed
    dep.stop()

Binaries come from $QUENCH_BIN, else .build/debug of this checkout.
"""
import fcntl
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid

import msgpack
import zmq

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.environ.get("QUENCH_BIN") or os.path.join(ROOT, ".build", "debug")

# Start order (publishers before their subscribers) and who subscribes to whom, from the
# service catalog (deploy/catalog.json, the JSON of the code's ServiceCatalog).
with open(os.path.join(ROOT, "deploy", "catalog.json"), encoding="utf-8") as _catalog:
    _CATALOG = json.load(_catalog)["services"]
SERVICES = [service["name"] for service in _CATALOG]
UPSTREAMS = {service["name"]: service["upstreams"] for service in _CATALOG}


def envelope(msg_type, body=None, user=None, key=None, tz="Europe/Berlin", msg_id=None):
    """A request envelope as docs/PROTOCOL.md describes it."""
    env = {
        "v": 1,
        "id": msg_id or str(uuid.uuid4()),
        "type": msg_type,
        "sentAt": msgpack.Timestamp.from_unix(time.time()),
    }
    if tz is not None:
        env["tz"] = tz
    if user is not None:
        env["user"] = user
    if key is not None:
        env["idempotencyKey"] = key
    if body is not None:
        env["body"] = body
    return env


def pack(value):
    return msgpack.packb(value, use_bin_type=True)


def unpack(frame):
    return msgpack.unpackb(frame, raw=False, timestamp=3, strict_map_key=False)


_taken = set()
_next_port = [20000 + (os.getpid() % 60) * 200]
_locks = {}


def _reserve(port):
    """Takes the port's lock file for this process's life, as Tests/QuenchTestSupport/TestPorts
    does, so another test process (Swift or Python) skips it even while our service is down."""
    folder = os.path.join(os.environ.get("TMPDIR") or "/tmp", "quench-test-ports")
    try:
        os.makedirs(folder, exist_ok=True)
        os.chmod(folder, 0o1777)
    except OSError:
        pass
    try:
        fd = os.open(os.path.join(folder, "%d.lock" % port), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
    except OSError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return False
    _locks[port] = fd
    return True


def free_port():
    """A loopback port below the kernel's ephemeral range, nothing bound to it now, not handed out
    before by this process (each process counts from its own offset, as Tests/QuenchTestSupport does)."""
    for _ in range(12000):
        port = _next_port[0]
        _next_port[0] = 20000 if port + 1 >= 32000 else port + 1
        if port in _taken:
            continue
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        if not _reserve(port):
            continue
        _taken.add(port)
        return port
    raise RuntimeError("no free port")


class Client:
    """A DEALER (by default) to one service, with CURVE when the deployment has it."""

    def __init__(self, ctx, endpoint, curve=None, socket_type=zmq.DEALER):
        self.socket = ctx.socket(socket_type)
        self.socket.setsockopt(zmq.LINGER, 0)
        if curve is not None:
            public, secret, server = curve
            self.socket.curve_publickey = public.encode()
            self.socket.curve_secretkey = secret.encode()
            self.socket.curve_serverkey = server.encode()
        self.socket.connect(endpoint)

    def send_frames(self, frames):
        self.socket.send_multipart(frames)

    def recv_frames(self, timeout_ms=5000):
        """The next message's frames, or None after `timeout_ms`."""
        if self.socket.poll(timeout_ms, zmq.POLLIN):
            return self.socket.recv_multipart()
        return None

    def request(self, msg_type, body=None, user=None, key=None, tz="Europe/Berlin", timeout_ms=5000, **extra):
        """Sends one request and returns the decoded reply envelope (raises TimeoutError)."""
        env = envelope(msg_type, body, user=user, key=key, tz=tz)
        env.update(extra)
        self.send_frames([b"", pack(env)])
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            left = int((deadline - time.monotonic()) * 1000)
            frames = self.recv_frames(max(left, 0))
            if frames is None:
                raise TimeoutError(f"no reply to {msg_type} within {timeout_ms} ms")
            reply = unpack(frames[-1])
            if reply.get("replyTo") == env["id"]:
                return reply

    def ping_ms(self, timeout_ms=5000):
        """The round trip of one `system.ping`, in milliseconds."""
        start = time.perf_counter()
        reply = self.request("system.ping", timeout_ms=timeout_ms)
        assert "error" not in reply, reply
        return (time.perf_counter() - start) * 1000

    def close(self):
        self.socket.close(0)


class Deployment:
    """The four services as real processes with real SQLite files under a temporary folder."""

    def __init__(self, insecure=False, data_dir=None, extra_config=None):
        self.insecure = insecure
        self.own_dir = data_dir is None
        self.root = data_dir or tempfile.mkdtemp(prefix="quench-adv-")
        self.ctx = zmq.Context()
        self.clients = []
        self.processes = {}
        self.services = {}
        self.extra_config = extra_config or {}
        for folder in ["config", "data", "logs", "run"]:
            os.makedirs(os.path.join(self.root, folder), exist_ok=True)
        if not insecure:
            self._quench("keys", "init", "--data-dir", self.root)
        for name in SERVICES:
            rpc, pub, user_pub = free_port(), free_port(), free_port()
            self.services[name] = {
                "rpc": f"tcp://127.0.0.1:{rpc}",
                "pub": f"tcp://127.0.0.1:{pub}",
                "userPub": f"tcp://127.0.0.1:{user_pub}",
                "publicKey": None if insecure else self._read_key(f"keys/services/{name}.public"),
            }
        self._write_client_config()
        for name in SERVICES:
            self.start(name)
        for name in SERVICES:
            self.wait_ready(name)

    # Files and keys

    def path(self, *parts):
        return os.path.join(self.root, *parts)

    def _read_key(self, relative):
        with open(self.path(relative)) as handle:
            return handle.read().strip()

    def _config(self, name):
        config = {
            "rpc": {"endpoint": self.services[name]["rpc"]},
            "pub": {"endpoint": self.services[name]["pub"]},
            "user": {"pub": {"endpoint": self.services[name]["userPub"]}},
            "data": {"dir": self.path("data")},
            "database": {"path": self.path("data", f"{name}.sqlite")},
            "ready": {"file": self.path("run", f"{name}.ready")},
            "log": {"level": "info"},
            "insecure": self.insecure,
            "upstream": {},
        }
        for upstream in UPSTREAMS[name]:
            entry = {"rpc": self.services[upstream]["rpc"], "pub": self.services[upstream]["pub"]}
            if not self.insecure:
                entry["public"] = {"key": self.services[upstream]["publicKey"]}
            config["upstream"][upstream] = entry
        if not self.insecure:
            secret = self.path("keys", "services", f"{name}.secret")
            config["curve"] = {
                "secret": {"key": {"file": secret}},
                "client": {"key": {"file": secret}},
                "allow": {"list": {"file": self.path("keys", "allow", f"{name}.json")}},
            }
        if name == "web":
            # The web edge's HTTP side on a free port too (its default 8080 may be taken).
            config["http"] = {"host": "127.0.0.1", "port": free_port()}
        for key, value in self.extra_config.get(name, {}).items():
            config[key] = value
        for key, value in self.extra_config.get("*", {}).items():
            config.setdefault(key, value)
        return config

    def _write_client_config(self):
        client = {
            "services": {
                name: {key: value for key, value in info.items() if value is not None}
                for name, info in self.services.items()
            },
            "insecure": self.insecure,
            "dataDir": self.root,
        }
        if not self.insecure:
            client["clientKey"] = {
                "publicKey": self._read_key("keys/admin.public"),
                "secretKeyFile": self.path("keys", "admin.secret"),
            }
            client["principal"] = "admin"
        with open(self.path("client.json"), "w") as handle:
            json.dump(client, handle, indent=2)

    def add_user(self, user):
        """Admits a user key on every service (`quench keys add-user`); returns (public, secret)."""
        self._quench("keys", "add-user", user, "--data-dir", self.root)
        # The services re-read their allow-lists within a second.
        time.sleep(1.5)
        return self._read_key(f"keys/users/{user}.public"), self._read_key(f"keys/users/{user}.secret")

    def keys_for(self, as_user):
        if self.insecure:
            return None
        if as_user is None:
            return self._read_key("keys/admin.public"), self._read_key("keys/admin.secret")
        return self._read_key(f"keys/users/{as_user}.public"), self._read_key(f"keys/users/{as_user}.secret")

    # Processes

    def start(self, name):
        ready = self.path("run", f"{name}.ready")
        if os.path.exists(ready):
            os.remove(ready)
        with open(self.path("config", f"{name}.json"), "w") as handle:
            json.dump(self._config(name), handle, indent=2)
        log = open(self.path("logs", f"{name}.log"), "ab")
        env = {k: v for k, v in os.environ.items() if not k.startswith("QUENCH_")}
        self.processes[name] = subprocess.Popen(
            [os.path.join(BIN, f"quench-{name}"), "--config", self.path("config", f"{name}.json")],
            stdout=log, stderr=log, stdin=subprocess.DEVNULL, env=env, start_new_session=True)
        log.close()

    def wait_ready(self, name, timeout=30):
        ready = self.path("run", f"{name}.ready")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if os.path.exists(ready) and os.path.getsize(ready) > 0:
                return
            if self.processes[name].poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"{name} did not start; its log ends:\n{self.log_text(name)[-2000:]}")

    def pid(self, name):
        return self.processes[name].pid

    def alive(self, name):
        return self.processes[name].poll() is None

    def rss_kb(self, name):
        with open(f"/proc/{self.pid(name)}/status") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def fd_count(self, name):
        return len(os.listdir(f"/proc/{self.pid(name)}/fd"))

    def log_text(self, name):
        try:
            with open(self.path("logs", f"{name}.log"), errors="replace") as handle:
                return handle.read()
        except FileNotFoundError:
            return ""

    def stop_service(self, name, timeout=20):
        process = self.processes.get(name)
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def stop(self):
        for client in self.clients:
            client.close()
        self.clients = []
        for name in reversed(SERVICES):
            self.stop_service(name)
        self.ctx.term()
        if self.own_dir and not os.environ.get("QUENCH_KEEP_DATA"):
            shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()

    # Clients

    def client(self, name, as_user=None, socket_type=zmq.DEALER, stream="rpc"):
        """A socket to `name`'s `stream` (`rpc`, `pub` or `userPub`) as admin or as a user."""
        keys = self.keys_for(as_user)
        curve = None if keys is None else (keys[0], keys[1], self.services[name]["publicKey"])
        client = Client(self.ctx, self.services[name][stream], curve=curve, socket_type=socket_type)
        self.clients.append(client)
        return client

    def _quench(self, *args, check=True, timeout=120, env=None):
        full_env = {k: v for k, v in os.environ.items() if not k.startswith("QUENCH_")}
        full_env.update(env or {})
        result = subprocess.run([os.path.join(BIN, "quench"), *args], capture_output=True, text=True,
                                timeout=timeout, env=full_env)
        if check and result.returncode != 0:
            raise RuntimeError(f"quench {' '.join(args)} failed ({result.returncode}): {result.stderr}{result.stdout}")
        return result

    def cli(self, *args, as_user=None, json_output=True, check=False, timeout=120, env=None):
        """Runs the real CLI against this deployment; returns (exit code, parsed JSON or text, stderr)."""
        config = self.path("client.json") if as_user is None else self.path("users", as_user, "client.json")
        argv = list(args) + (["--json"] if json_output else [])
        result = self._run_cli(config, argv, timeout, env)
        if check and result.returncode != 0:
            raise RuntimeError(f"quench {' '.join(argv)} failed ({result.returncode}): {result.stderr}{result.stdout}")
        output = result.stdout
        if json_output:
            try:
                output = json.loads(result.stdout) if result.stdout.strip() else None
            except json.JSONDecodeError:
                pass
        return result.returncode, output, result.stderr

    def _run_cli(self, config, argv, timeout, env):
        full_env = {k: v for k, v in os.environ.items() if not k.startswith("QUENCH_")}
        full_env["QUENCH_CONFIG"] = config
        full_env.update(env or {})
        return subprocess.run([os.path.join(BIN, "quench"), *argv], capture_output=True, text=True,
                              timeout=timeout, env=full_env)
