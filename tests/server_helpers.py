"""Running ``lowball serve``'s application in-process for tests: real uvicorn on a free loopback
port in a thread, a clock the test moves, and a blocking WebSocket client with timeouts (so no
test can hang)."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect
from wire_check import check_message, httpx_hook

from lowball.server.app import create_app
from lowball.server.game import GameServer
from lowball.server.transport import uvicorn_config

TIMEOUT = 10.0


class Clock:
    """A clock the test moves by hand (seconds)."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running(
    db: Path,
    clock: Clock | None = None,
    *,
    app_options: dict[str, Any] | None = None,
    transport: dict[str, Any] | None = None,
    **options: Any,
) -> Iterator[Server]:
    """A server on 127.0.0.1 for the ``with`` block, run as ``lowball serve`` runs it
    (:func:`lowball.server.transport.uvicorn_config`, with ``transport``'s limits): GameServer
    ``options`` (no bot delay and no wait between hands unless given), ``create_app``'s
    ``app_options``."""
    app_options = app_options or {}
    transport = transport or {}
    options.setdefault("bot_delay", 0)
    options.setdefault("next_hand_delay", 0)
    options.setdefault("tables", 1)
    game = GameServer(db, clock=clock or Clock(), **options)
    port = free_port()
    config = uvicorn_config(create_app(game, **app_options), "127.0.0.1", port, **transport)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + TIMEOUT
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    handle = Server(game, port, config)
    try:
        yield handle
    finally:
        handle.close()
        server.should_exit = True
        thread.join(TIMEOUT)
        game.close()


class Server:
    def __init__(self, game: GameServer, port: int, config: Any = None) -> None:
        self.game = game
        self.port = port
        self.config = config  # the uvicorn.Config: config.http is the protocol class, its counts
        self.base = f"http://127.0.0.1:{port}"
        # every answer is checked against its schema (tests/wire_check.py)
        self.http = httpx.Client(base_url=self.base, timeout=TIMEOUT, event_hooks={"response": [httpx_hook]})
        self.clients: list[Client] = []
        self._stack = ExitStack()

    def close(self) -> None:
        self._stack.close()
        self.http.close()

    def seat(self, player: str, table: str = "t1", **body: Any) -> dict[str, Any]:
        r = self.http.post(f"/api/tables/{table}/seats", json={"player": player, **body})
        assert r.status_code == 200, r.text
        return dict(r.json())

    def ws(self, table: str = "t1") -> Client:
        conn = self._stack.enter_context(
            connect(f"ws://127.0.0.1:{self.port}/ws/{table}", open_timeout=TIMEOUT, max_size=2**22)
        )
        client = Client(conn)
        self.clients.append(client)
        return client


class Client:
    """A page's connection: every frame it got is kept in ``frames``."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.frames: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.numbers: list[int] = []

    def send(self, msg: Any) -> None:
        self.conn.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        msg = json.loads(self.conn.recv(timeout=timeout))
        check_message(msg)  # every frame the server sends is valid by the ServerMessage schema
        self.frames.append(msg)
        if msg["type"] == "state":
            self.state = msg
        elif msg["type"] == "events":
            self.numbers += [e["number"] for e in msg["events"]]
        return dict(msg)

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT) -> dict[str, Any]:
        """Frames until one satisfies ``pred`` (that one is returned)."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no such frame within {timeout} s; last: {self.frames[-3:]}")
            msg = self.recv(left)
            if pred(msg):
                return msg

    def hello(self, token: str | None, since: int = 0) -> dict[str, Any]:
        self.send({"type": "hello", "token": token, "since": since})
        return self.until(lambda m: m["type"] in ("welcome", "error"))

    def my_turn(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next state in which this seat is to act."""
        return self.until(lambda m: m["type"] == "state" and m["you"] is not None and m["you"]["legal"], timeout)

    def quiet(self, seconds: float = 0.3) -> list[dict[str, Any]]:
        """Every frame that comes within ``seconds`` (none expected when nothing happens)."""
        got = []
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                got.append(self.recv(left))
            except TimeoutError:
                break
        return got

    def close(self) -> None:
        self.conn.close()


def passive_action(legal: dict[str, Any]) -> dict[str, Any]:
    """Check or call; stand pat at a draw."""
    if legal["draw"]:
        return {"kind": "stand_pat"}
    return {"kind": "check"} if legal["check"] else {"kind": "call"}
