#!/usr/bin/env python3
"""A challenges feed for the tests of `quench challenges sync` (standard library only).

    python3 catalog_server.py DIR [CERT KEY]

With CERT and KEY (PEM files) it serves HTTPS.

Listens on 127.0.0.1 on a free port and writes the port to DIR/port once it accepts
connections. Each request is appended to DIR/requests.jsonl ({path, if_none_match,
if_modified_since}) so a test can check what the client sent.

  /catalog.json   DIR/catalog.json as it is now, with an ETag (a hash of the bytes) and a
                  Last-Modified (DIR/last-modified, an HTTP date, else the file's mtime);
                  304 for a matching If-None-Match, else for an If-Modified-Since not
                  older than Last-Modified (RFC 9110 13.2.2: If-None-Match wins)
  /status/CODE    answers CODE with a small body (500, 503, 404, …)
  /slow/SECONDS   waits SECONDS before the response head, then the catalog
  /slow-body/SECONDS  sends the head and a first byte at once, the rest after SECONDS
  /huge/BYTES     200 with a JSON body of BYTES bytes and its Content-Length
  /huge-stream/BYTES  the same without Content-Length (the body ends at close)
  /redirect       302 to /catalog.json
"""
import email.utils
import hashlib
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DIR = sys.argv[1]
LOCK = threading.Lock()


def catalog():
    path = os.path.join(DIR, "catalog.json")
    with open(path, "rb") as handle:
        body = handle.read()
    stamp = os.path.join(DIR, "last-modified")
    if os.path.exists(stamp):
        with open(stamp, encoding="ascii") as handle:
            modified = handle.read().strip()
    else:
        modified = email.utils.formatdate(int(os.path.getmtime(path)), usegmt=True)
    etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
    return body, etag, modified


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # quiet: the test reads requests.jsonl
        pass

    def record(self):
        entry = {
            "path": self.path,
            "if_none_match": self.headers.get("If-None-Match"),
            "if_modified_since": self.headers.get("If-Modified-Since"),
        }
        with LOCK, open(os.path.join(DIR, "requests.jsonl"), "a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry) + "\n")

    def send(self, status, body, headers=(), length=True):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        for name, value in headers:
            self.send_header(name, value)
        if length:
            self.send_header("Content-Length", str(len(body)))
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(body)

    def serve_catalog(self):
        body, etag, modified = catalog()
        validators = [("ETag", etag), ("Last-Modified", modified)]
        match = self.headers.get("If-None-Match")
        since = self.headers.get("If-Modified-Since")
        if match is not None:
            fresh = etag in [tag.strip() for tag in match.split(",")]
        elif since is not None:
            try:
                fresh = email.utils.parsedate_to_datetime(modified) <= email.utils.parsedate_to_datetime(since)
            except (TypeError, ValueError):
                fresh = False
        else:
            fresh = False
        if fresh:
            self.send_response(304)
            for name, value in validators:
                self.send_header(name, value)
            self.end_headers()
        else:
            self.send(200, body, validators)

    def do_GET(self):
        self.record()
        parts = self.path.strip("/").split("/")
        if parts[0] == "catalog.json":
            self.serve_catalog()
        elif parts[0] == "status":
            code = int(parts[1])
            self.send(code, b'{"error":"as asked"}')
        elif parts[0] == "slow":
            time.sleep(float(parts[1]))
            self.serve_catalog()
        elif parts[0] == "slow-body":
            body, _, _ = catalog()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[:1])
            self.wfile.flush()
            time.sleep(float(parts[1]))
            self.wfile.write(body[1:])
        elif parts[0] in ("huge", "huge-stream"):
            size = int(parts[1])
            filler = b'{"items":[],"padding":"' + b"x" * max(0, size - 25) + b'"}'
            self.send(200, filler, length=parts[0] == "huge")
        elif parts[0] == "redirect":
            self.send(302, b"", [("Location", "/catalog.json")])
        else:
            self.send(404, b'{"error":"no such path"}')


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if len(sys.argv) == 4:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[2], sys.argv[3])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    temporary = os.path.join(DIR, "port.tmp")
    with open(temporary, "w", encoding="ascii") as handle:
        handle.write(str(server.server_address[1]))
    os.replace(temporary, os.path.join(DIR, "port"))
    server.serve_forever()


if __name__ == "__main__":
    main()
