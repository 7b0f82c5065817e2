"""Slow clients cannot hold the server (issue 31, item 4).

1,100 half-sent requests were all still open after 8 s: the process sat at its 1,024
file descriptors and every new request failed; one slow request body kept SIGTERM from
finishing.  Now a request's headers and body each have a deadline, connections are capped
in all and per address with a 503 that says why, and a stop has a deadline.  These run a
real uvicorn with the settings ``pakka serve`` gives it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from pakka import engine
from pakka.server.app import Settings, create_app
from pakka.server.limits import Limits
from pakka.server.transport import uvicorn_config
from tests.server.test_restart import ROOT, _port


@contextlib.contextmanager
def serving(tmp_path: Path, limits: Limits, **options: Any) -> Iterator[int]:
    """``pakka serve``'s uvicorn settings for an app on a temporary database, in a thread."""
    import uvicorn

    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'slow.sqlite3'}", limits=limits))
    port = _port()
    server = uvicorn.Server(uvicorn_config(app, limits, port=port, log_level="warning", **options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert time.monotonic() < deadline and thread.is_alive(), "no server"
            time.sleep(0.02)
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def _half_sent(port: int, text: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=20)
    if text:
        sock.sendall(text)
    return sock


def _answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (the socket's timeout
    fails the test if it never does)."""
    got = b""
    while chunk := sock.recv(4096):
        got += chunk
    return got


def test_headers_and_bodies_have_deadlines(tmp_path: Path, toy: engine.Game) -> None:
    limits = Limits(header_seconds=0.5, body_seconds=0.5)
    with serving(tmp_path, limits) as port:
        silent = _half_sent(port, b"")
        partial = _half_sent(port, b"GET /api HTTP/1.1\r\nHost: x\r\nUser-Ag")
        body = _half_sent(
            port,
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{",
        )
        with silent, partial, body:  # before: none of them was ever answered or closed
            for sock in (silent, partial):
                answer = _answer(sock)
                assert answer.startswith(b"HTTP/1.1 408"), answer
                assert b"headers did not arrive within 0.5 s" in answer
            answer = _answer(body)
            assert answer.startswith(b"HTTP/1.1 408"), answer
            assert b"body did not arrive within 0.5 s" in answer
        # a kept-alive connection is timed again from its next request's first byte
        with _half_sent(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n") as sock:
            assert sock.recv(4096).startswith(b"HTTP/1.1 200")
            sock.sendall(b"GET /healthz HTTP/1.1\r\n")
            assert _answer(sock).startswith(b"HTTP/1.1 408")


def test_connections_are_capped_per_address_and_in_all(tmp_path: Path, toy: engine.Game) -> None:
    limits = Limits(connections=6, connections_per_address=4, header_seconds=60)
    with serving(tmp_path, limits) as port, contextlib.ExitStack() as held:
        mine = [held.enter_context(_half_sent(port, b"GET / HTTP/1.1\r\n")) for _ in range(4)]
        with _half_sent(port, b"") as fifth:  # before: accepted, and held like the others
            answer = _answer(fifth)
        assert answer.startswith(b"HTTP/1.1 503"), answer
        assert b"your address holds 4 connections here" in answer
        assert b"retry-after: 5" in answer.lower()
        mine[0].close()
        assert httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200
    limits = Limits(connections=3, connections_per_address=100, header_seconds=60)
    with serving(tmp_path, limits) as port, contextlib.ExitStack() as held:
        for _ in range(3):
            held.enter_context(_half_sent(port, b"GET / HTTP/1.1\r\n"))
        with _half_sent(port, b"") as fourth:
            answer = _answer(fourth)
        assert answer.startswith(b"HTTP/1.1 503"), answer
        assert b"the server holds 3 connections, as many as it may" in answer


def test_a_slow_request_does_not_keep_the_server_from_stopping(tmp_path: Path) -> None:
    """SIGTERM with a request body on its way that never ends (its own deadline a minute
    away): the server stops after ``shutdown_seconds``, not never."""
    port = _port()
    db = f"sqlite:///{tmp_path / 'stop.sqlite3'}"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen(
        [
            *(sys.executable, "-c", "from pakka.cli import main; main()"),
            *("serve", "--db", db, "--port", str(port), "--audit-log", "-"),
            *("--limit", "shutdown_seconds=1", "--limit", "body_seconds=600"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            assert time.monotonic() < deadline and proc.poll() is None, "no server"
            time.sleep(0.1)
        with _half_sent(
            port,
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{",
        ):
            time.sleep(0.2)  # the request is in the app, waiting for its body
            proc.send_signal(signal.SIGTERM)
            # before: still running 25 s later; now one drain and one second of grace
            assert proc.wait(timeout=30) in (0, -signal.SIGTERM)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
