"""The services and quench-web as real processes for the browser tests.

Built on the adversarial harness (`Tests/adversarial/harness.py`: the four services on free
loopback ports, their SQLite files in a temporary folder); adds `quench-web` with its HTTP
port chosen by the kernel (`--http-port 0`, read back from `--http-ready-file`). The
deployment is insecure (loopback development mode): these tests are about the pages, and
CURVE between the web and the services is tested by the web's own Swift tests.
"""
import base64
import json
import os
import secrets
import subprocess
import sys
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "adversarial"))

import harness  # noqa: E402
from harness import BIN, Client, Deployment, free_port  # noqa: E402

# The catalog lists the web edge too; this deployment starts it itself (HTTP on a free port,
# the user streams configured), so the harness starts the four domain services only.
harness.SERVICES[:] = [name for name in harness.SERVICES if name != "web"]
from seed import seed_month  # noqa: E402,F401

__all__ = ["WebDeployment", "seed_month"]


class WebDeployment(Deployment):
    def __init__(self):
        super().__init__(insecure=True)
        self.web_rpc = f"tcp://127.0.0.1:{free_port()}"
        self.web_pub = f"tcp://127.0.0.1:{free_port()}"
        config = {
            "rpc": {"endpoint": self.web_rpc},
            "pub": {"endpoint": self.web_pub},
            "user": {"pub": {"endpoint": f"tcp://127.0.0.1:{free_port()}"}},
            "data": {"dir": self.path("data")},
            "database": {"path": self.path("data", "web.sqlite")},
            "ready": {"file": self.path("run", "web.ready")},
            "log": {"level": "info"},
            "insecure": True,
            "upstream": {
                name: {"rpc": info["rpc"], "pub": info["pub"], "user": {"pub": info["userPub"]}}
                for name, info in self.services.items()
            },
        }
        config_path = self.path("config", "web.json")
        with open(config_path, "w") as handle:
            json.dump(config, handle, indent=2)
        ready = self.path("run", "web.http.json")
        log = open(self.path("logs", "web.log"), "wb")
        self.processes["web"] = subprocess.Popen(
            [os.path.join(BIN, "quench-web"), "--config", config_path, "--http-port", "0", "--http-ready-file", ready],
            stdout=log, stderr=subprocess.STDOUT)
        self.port = self._wait_for_port(ready)
        self.tokens = {}

    def _wait_for_port(self, ready, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with open(ready) as handle:
                    return json.load(handle)["port"]
            except (OSError, ValueError, KeyError):
                pass
            if self.processes["web"].poll() is not None:
                raise RuntimeError("quench-web exited:\n" + self.log_text("web")[-3000:])
            time.sleep(0.05)
        raise RuntimeError("quench-web did not serve HTTP in time:\n" + self.log_text("web")[-3000:])

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def add_web_user(self, user):
        """A sign-in token for `user`, made over the web service's RPC (as `quench tokens create` does)."""
        token = "qt_" + base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()
        client = Client(self.ctx, self.web_rpc)
        self.clients.append(client)
        reply = client.request("tokens.create", {"token": token, "name": "browser-test"}, user=user,
                               key=f"token-{user}-{time.time()}")
        assert "error" not in reply, reply
        self.tokens[user] = token
        return token

    def stop(self):
        self.stop_service("web")
        super().stop()

    def token(self, user):
        return self.tokens[user]

    def get(self, path, cookie=None):
        request = urllib.request.Request(self.url(path), headers={"Cookie": cookie} if cookie else {})
        return urllib.request.urlopen(request, timeout=10)
