"""A bounded load test of ``lowball serve``, with an optional SIGKILL of the server mid-run.

Run: python bench/load_server.py [--tables 2] [--seats 6] [--seconds 10] [--kill-at SECONDS]
                                 [--variant F2L3D] [--seed 0] [--no-retry] [--json]
                                 [--spectators N] [--draw-loops N] [--no-batch] [--no-table-figure]

Starts ``lowball serve`` as a subprocess on 127.0.0.1 (a free port, a database in a temporary
directory, ``--bots none --action-seconds 30 --next-hand-delay 0 --bot-delay 0``), takes every
seat of every table through ``POST /api/tables/{id}/seats`` (httpx) and connects one WebSocket
client per seat (the ``websockets`` library, asyncio, all in this process). Each client plays:
on every ``state`` in which it is the actor it sends a random legal action (a seeded
``random.Random`` per client; legal per ``state.you.legal``), one at a time, with a unique ``id``
and the state's ``seq``, and times the answer (``ack`` or ``error``) from the send.

The run lasts ``--seconds`` from the moment every client has been welcomed, then the clients stop
acting, wait (bounded) for their last answers and close; the server is stopped. With
``--kill-at T`` the server is SIGKILLed T seconds into the run and started again on the same
database and port; the clients notice the closed connection, reconnect (polling with a deadline)
with ``hello`` carrying their token and the last event number they saw, resend the action that
was in flight (same ``id``, ``seq`` and action: the table answers a repeat of a stored action
with ``repeated: true`` and applies it once; ``--no-retry`` leaves it) and go on.

Afterwards it checks, from the database and its own logs:

- every acknowledged action is stored exactly once: each acked (table, seq) is a stored ``act``
  record with the same seat and action; no seq is stored twice; every stored ``act`` record of a
  client is one it had acknowledged or one that was in flight when the server was killed;
- chips are conserved: after :meth:`Table.resume <lowball.table.Table.resume>` of each table,
  ``chips_in == chips_at_table() + rake_total + chips_out``;
- the event numbers each client received are strictly increasing with no gap and no duplicate,
  across the reconnect too, each hello's first event being ``since + 1``; every event received
  is the stored event of that number (kind, seq, hand, seat, amount), and no deal or draw of
  another seat carries cards.

Clients say ``"batch": true`` in their hello (the server may then send several messages in one
frame, a JSON array, as the table page does); ``--no-batch`` measures clients that do not.
``--spectators N`` adds N spectators (a hello without a token) to each table, ``--draw-loops N``
runs N keep-alive loops of ``GET /api/draw`` (a new hand each time) beside the players: what one
client can cost everyone (the server caps spectators and rate-limits draw tables per address).

It prints the figures (actions acknowledged, actions/s, p50/p99 latency from send to answer,
errors by code), the server's CPU per action (its CPU from the moment every client is welcomed
to the end of the run, over the actions acknowledged: its start-up, imports and tables and
seats, is left out; ``cpu_seconds.server_process`` is its whole CPU, start-up included) beside
the table's own stored action measured in the same run, and their difference, the server's own
share (``server_overhead``) (``bench/table_breakdown.py``'s replay of ``bench_table``'s recorded hands at a
``Table`` with a ``SQLiteStore``, in this process, after the load; ``--no-table-figure`` skips
it), and a JSON summary, and exits 1 on any violation. ``run(...)`` does the same
from Python and returns the summary (a dict; ``summary["violations"]`` lists what failed).

Latency is measured in this process over 127.0.0.1, the clients sharing the machine's cores with
the server; actions resent after the kill are not in the latency figures. ``actions_per_s`` is
over the whole run, the restart's outage included.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import inspect
import json
import math
import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidHandshake

try:
    from websockets.asyncio.client import ClientConnection, connect
except ImportError as e:  # websockets 12 has only the legacy asyncio client
    raise ImportError(f"bench/load_server.py needs websockets >= 13 (its asyncio client): {e}") from None

HOST = "127.0.0.1"
READY_SECONDS = 30.0  # how long a starting server may take to answer GET /api/tables
RECONNECT_SECONDS = 30.0  # how long a client keeps trying to reconnect after the kill
DRAIN_SECONDS = 5.0  # how long a client waits for the answer to its last action at the end
POLL = 0.05  # seconds between two tries of a poll (each poll has a deadline)
SECRET_KINDS = ("deal", "draw")  # events whose cards only their own seat may see
# loopback only: never through a proxy named in the environment (websockets >= 15 would use one)
NO_PROXY: dict[str, Any] = {"proxy": None} if "proxy" in inspect.signature(connect.__init__).parameters else {}
# ``lowball serve`` by the interpreter running this script (the package has no ``__main__``)
SERVE = [sys.executable, "-c", "from lowball.cli import main; main(prog_name='lowball')", "serve"]


def free_port() -> int:
    """A TCP port of 127.0.0.1 free a moment ago (bound to port 0, then closed): the server's
    command line takes a port number, not 0."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def action_key(action: dict[str, Any]) -> tuple[str, int, tuple[str, ...]]:
    """An action dict as the table compares two decisions: ``stand_pat`` is a discard of nothing,
    the amount only counts for a bet or raise, the cards of a discard in any order."""
    from lowball.cards import format_cards, parse_cards

    kind = action.get("kind")
    cards_text = action.get("cards") or ""
    if kind == "stand_pat":
        kind = "discard"
    amount = int(action.get("amount") or 0) if kind in ("bet", "raise") else 0
    cards = tuple(sorted(format_cards([c]) for c in parse_cards(cards_text))) if cards_text else ()
    return str(kind), amount, cards


def choose_action(rng: random.Random, you: dict[str, Any]) -> dict[str, Any]:
    """A random legal action for the seat whose ``state.you`` this is (``legal`` not None): a
    discard of 0 .. max_discards of its own cards in a draw, else fold/check/call/bet/raise
    (weighted so that hands go on: folds are rarer) with a wager TO in [min_to, max_to]."""
    legal = you["legal"]
    if legal.get("draw"):
        cards = list(you.get("cards") or [])
        k = rng.randint(0, min(int(legal.get("max_discards") or 0), len(cards)))
        if k == 0:
            return {"kind": "stand_pat"}
        return {"kind": "discard", "cards": " ".join(rng.sample(cards, k))}
    weights = {"fold": 1, "check": 4, "call": 4, "bet": 2, "raise": 2}
    kinds = [k for k in weights if legal.get(k)]
    if not kinds:
        raise ValueError(f"no legal action in {legal!r}")
    kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
    if kind in ("bet", "raise"):
        low, high = int(legal["min_to"]), int(legal["max_to"])
        return {"kind": kind, "amount": rng.randint(low, max(low, high))}
    return {"kind": kind}


def percentile(sorted_values: list[float], q: float) -> float | None:
    """The nearest-rank percentile ``q`` (0..1) of sorted values (None for none)."""
    if not sorted_values:
        return None
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


# -- the server process ---------------------------------------------------------------------


class ServerProcess:
    """``lowball serve`` as a subprocess: started, waited for (GET /api/tables answers), killed
    with SIGKILL and started again on the same port and database, stopped at the end."""

    def __init__(self, port: int, db: Path, log: Path, args: list[str]) -> None:
        self.port = port
        self.db = db
        self.log = log
        self.args = args
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.cpu_before = 0.0  # CPU seconds of the server processes already ended (killed)

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def command(self) -> list[str]:
        return [
            *SERVE, "--host", HOST, "--port", str(self.port), "--db", str(self.db),
            *self.args,
        ]  # fmt: skip

    def start(self) -> None:
        self.starts += 1
        with open(self.log, "ab") as f:
            f.write(f"\n--- start {self.starts}: {' '.join(self.command())}\n".encode())
            f.flush()
            self.proc = subprocess.Popen(
                self.command(), stdout=f, stderr=subprocess.STDOUT, start_new_session=os.name == "posix"
            )

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    async def wait_ready(self, http: httpx.AsyncClient) -> None:
        """Poll GET /api/tables until it answers 200 (deadline READY_SECONDS)."""
        deadline = time.monotonic() + READY_SECONDS
        while True:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with status {self.proc.returncode}:\n{self.log_tail()}")
            with contextlib.suppress(httpx.TransportError):
                r = await http.get(f"{self.base}/api/tables", timeout=2.0)
                if r.status_code == 200:
                    return
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not answer within {READY_SECONDS} s:\n{self.log_tail()}")
            await asyncio.sleep(POLL)

    def cpu_seconds(self) -> float | None:
        """CPU seconds (user + system) the server has used, over its starts (Linux's /proc;
        None elsewhere): with the clients' own, it shows which side the two cores were busy on."""
        times = self.cpu_times()
        return None if times is None else self.cpu_before + times[0] + times[1]

    def cpu_times(self) -> tuple[float, float] | None:
        """The server process's user and system CPU seconds (this start only; None off Linux).
        The system part is the kernel's work for the process: above all its socket writes, whose
        loopback delivery to the clients the kernel does on the writer's time."""
        if self.proc is None:
            return None
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return None
        tick = os.sysconf("SC_CLK_TCK")
        return int(fields[11]) / tick, int(fields[12]) / tick

    def kill(self) -> None:
        """SIGKILL (TerminateProcess on Windows): no chance to flush or close anything."""
        assert self.proc is not None
        self.cpu_before = self.cpu_seconds() or 0.0
        self.proc.kill()
        self.proc.wait(timeout=10)

    def stop(self) -> int | None:
        """SIGTERM, then SIGKILL if it has not exited within 10 s. Returns the exit status."""
        if self.proc is None or self.proc.poll() is not None:
            return None if self.proc is None else self.proc.returncode
        self.proc.terminate()
        try:
            return self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait(timeout=10)


# -- the clients ----------------------------------------------------------------------------


@dataclass
class Sent:
    """An action sent and not yet answered."""

    id: str
    seq: int
    action: dict[str, Any]
    sent: float  # perf_counter at the send
    retried: bool = False  # resent after a reconnect (not in the latency figures)


@dataclass
class Run:
    """What the clients share: the clock marks of the run, the stop signal."""

    url: str
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    batch: bool = True  # hello with "batch": true (several messages may come in one frame)
    killed_at: float | None = None  # perf_counter when the server was killed
    restarted_at: float | None = None  # perf_counter when the new server answered


class Client:
    """One seat's WebSocket client: it plays, times its actions and logs all it receives (a
    spectator, with ``token`` None and ``seat`` None, only logs). With ``record_frames`` it keeps
    every message received, in order (for a test to look for cards it should not see)."""

    def __init__(
        self,
        run: Run,
        table: str,
        seat: int | None,
        player: str | None,
        token: str | None,
        seed: int,
        retry: bool,
        record_frames: bool = False,
    ) -> None:
        self.run = run
        self.table = table
        self.seat = seat
        self.player = player
        self.token = token
        self.rng = random.Random(seed)
        self.retry = retry
        self.last_event = 0
        self.numbers: list[int] = []  # every event number received, over all connections
        self.events: list[dict[str, Any]] = []  # every event received
        self.hellos: list[tuple[int, int | None]] = []  # (since, first event number received after it)
        self.state: dict[str, Any] | None = None
        self.pending: Sent | None = None
        self.unanswered: list[Sent] = []  # sent, connection lost before the answer
        self.acted_seq: int | None = None  # the seq of the last action chosen
        self.tries: Counter[int] = Counter()  # actions sent per seq (a refused one is chosen again)
        self.acks: list[dict[str, Any]] = []  # {"seq", "action", "latency", "at", "repeated", "retried"}
        self.errors: list[dict[str, Any]] = []  # the error messages, with the action they answered
        self.sent_log: list[dict[str, Any]] = []  # every action sent: {"id", "seq", "action"}
        self.in_flight_at_kill: list[Sent] = []
        self.connections = 0
        self.welcomes = 0
        self.n = 0
        self.ws: ClientConnection | None = None
        self.problems: list[str] = []  # messages this client could not make sense of
        self.frames: list[dict[str, Any]] | None = [] if record_frames else None

    async def play(self) -> None:
        """Connect, play until the run stops; reconnect when the connection drops."""
        while not self.run.stop.is_set():
            ws = await self._connect()
            if ws is None:
                return
            try:
                await self._session(ws)
            except ConnectionClosed:
                pass
            finally:
                self.ws = None
            if self.run.killed_at is None and not self.run.stop.is_set():
                self.problems.append("the server closed the connection (no kill)")
            if self.pending is not None:  # the connection ended with an action unanswered
                p, self.pending = self.pending, None
                if self.run.stop.is_set():
                    self.problems.append(f"no answer within {DRAIN_SECONDS} s to {p.id} at seq {p.seq}")
                else:
                    self.unanswered.append(p)
                    self.in_flight_at_kill.append(p)
                    if not self.retry:
                        self.acted_seq = None  # choose afresh if the table is still at that seq

    async def _connect(self) -> ClientConnection | None:
        """A new connection (polling with a deadline while the server is down), or None when the
        run stopped first."""
        deadline = time.monotonic() + RECONNECT_SECONDS
        while not self.run.stop.is_set():
            try:
                ws = await connect(
                    self.run.url + self.table, compression=None, open_timeout=5, max_size=2**20, **NO_PROXY
                )
                self.connections += 1
                return ws
            except (OSError, InvalidHandshake, asyncio.TimeoutError) as e:
                if time.monotonic() > deadline:
                    self.problems.append(f"could not reconnect within {RECONNECT_SECONDS} s: {e!r}")
                    return None
                await asyncio.sleep(POLL)
        return None

    async def _session(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.hellos.append((self.last_event, None))
        async with ws:
            hello = {"type": "hello", "token": self.token, "since": self.last_event, "batch": self.run.batch}
            await ws.send(json.dumps(hello))
            if self.retry and self.unanswered:
                s = self.unanswered.pop()
                self.unanswered.clear()
                self.pending = Sent(s.id, s.seq, s.action, time.perf_counter(), retried=True)
                await self._send_act(self.pending)
            stopper = asyncio.ensure_future(self._stop_when_done(ws))
            try:
                async for raw in ws:
                    data = json.loads(raw)
                    for msg in data if isinstance(data, list) else (data,):  # a batch: messages in order
                        if self.frames is not None:
                            self.frames.append(msg)
                        await self._handle(msg)
            finally:
                stopper.cancel()

    async def _stop_when_done(self, ws: ClientConnection) -> None:
        """At the end of the run: wait (bounded) for the last answer, then close."""
        await self.run.stop.wait()
        deadline = time.monotonic() + DRAIN_SECONDS
        while self.pending is not None and time.monotonic() < deadline:
            await asyncio.sleep(POLL)
        await ws.close()

    async def _send_act(self, s: Sent) -> None:
        assert self.ws is not None
        self.sent_log.append({"id": s.id, "seq": s.seq, "action": s.action, "retried": s.retried})
        await self.ws.send(json.dumps({"type": "act", "id": s.id, "seq": s.seq, "action": s.action}))

    async def _handle(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "events":
            for e in msg.get("events", ()):
                n = e.get("number")
                if self.hellos and self.hellos[-1][1] is None:
                    self.hellos[-1] = (self.hellos[-1][0], n)
                self.numbers.append(n)
                self.events.append(e)
                if isinstance(n, int) and n > self.last_event:
                    self.last_event = n
        elif kind == "state":
            self.state = msg
            await self._maybe_act()
        elif kind == "ack" or kind == "error":
            now = time.perf_counter()
            p = self.pending
            if p is None or msg.get("id") != p.id:
                if kind == "error":
                    self.errors.append({"error": msg, "action": None})
                else:
                    self.problems.append(f"an ack for no action sent: {msg}")
                return
            self.pending = None
            if kind == "ack":
                if msg.get("seq") != p.seq:
                    self.problems.append(f"ack of seq {msg.get('seq')} for an action sent at seq {p.seq}: {msg}")
                self.acks.append(
                    {
                        "seq": p.seq,
                        "action": p.action,
                        "latency": now - p.sent,
                        "at": now,
                        "repeated": bool(msg.get("repeated")),
                        "retried": p.retried,
                    }
                )
            else:
                self.errors.append({"error": msg, "action": p.action, "seq": p.seq, "latency": now - p.sent})
                self.acted_seq = None  # may choose again at this seq (bounded by self.tries)
            await self._maybe_act()
        elif kind == "welcome":
            self.welcomes += 1
            if msg.get("seat") != self.seat or msg.get("table") != self.table:
                self.problems.append(f"welcome for another seat: {msg}")
        elif kind != "pong":
            self.problems.append(f"unexpected message: {str(msg)[:200]}")

    async def _maybe_act(self) -> None:
        """Send an action if the last state says it is this seat's turn and none is pending."""
        st = self.state
        if st is None or self.pending is not None or self.run.stop.is_set() or self.ws is None:
            return
        you = st.get("you")
        seq = st.get("seq")
        if not you or you.get("seat") != self.seat or st.get("actor") != self.seat or not you.get("legal"):
            return
        if seq == self.acted_seq or self.tries[seq] >= 3:
            return
        self.acted_seq = seq
        self.tries[seq] += 1
        self.n += 1
        action = choose_action(self.rng, you)
        self.pending = Sent(f"{self.table}/{self.seat}/{self.n}", seq, action, time.perf_counter())
        await self._send_act(self.pending)


# -- the run --------------------------------------------------------------------------------


@dataclass
class Result:
    """A finished run: its summary, its clients (with all they logged), the database, the marks."""

    summary: dict[str, Any]
    clients: list[Client]
    db: Path
    run: Run


async def run_async(
    tables: int = 2,
    seats: int = 6,
    seconds: float = 10.0,
    kill_at: float | None = None,
    variant: str = "F2L3D",
    seed: int = 0,
    retry: bool = True,
    *,
    workdir: Path,
    spectators: int = 0,
    record_frames: bool = False,
    batch: bool = True,
    draw_loops: int = 0,
    table_figure: bool = False,
    server_args: tuple[str, ...] = (),
) -> Result:
    """The load test (see the module's docstring) with its database and the server's log in
    ``workdir``; the clients' logs are in the result (for :func:`check` to be run again).
    ``spectators`` adds that many spectators (hello with a null token) to each table,
    ``record_frames`` makes every client keep every message it gets (``Client.frames``),
    ``batch`` is what the clients' hellos say, ``draw_loops`` keep-alive loops of
    ``GET /api/draw`` run beside the players, ``table_figure`` measures the table's own stored
    action after the run (:func:`table_figure`), ``server_args`` go to ``lowball serve``."""
    port = free_port()
    db = workdir / "load.sqlite"
    server = ServerProcess(
        port,
        db,
        workdir / "server.log",
        [
            "--tables", str(tables), "--variant", variant, "--seats", str(seats), "--bots", "none",
            "--action-seconds", "30", "--next-hand-delay", "0", "--bot-delay", "0",
            "--max-spectators", str(max(50, spectators)),
            "--max-sockets-per-client", str(max(64, tables * (seats + spectators) + 8)), *server_args,
        ],
    )  # fmt: skip
    run = Run(f"ws://{HOST}:{port}/ws/", batch=batch)
    clients: list[Client] = []
    summary: dict[str, Any] = {
        "tables": tables,
        "seats": seats,
        "clients": tables * seats,
        "seconds": seconds,
        "kill_at": kill_at,
        "variant": variant,
        "seed": seed,
        "retry": retry,
        "batch": batch,
        "spectators": spectators,
        "draw_loops": draw_loops,
        # other work on the machine skews every figure: the 1-minute load average before the run
        "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
    }
    server.start()
    try:
        async with httpx.AsyncClient(trust_env=False) as http:
            await server.wait_ready(http)
            listed = (await http.get(f"{server.base}/api/tables")).json()["tables"]
            ids = [t["id"] for t in listed]
            if len(ids) != tables:
                raise RuntimeError(f"GET /api/tables lists {ids}, expected {tables} tables")
            for ti, tid in enumerate(ids):
                for k in range(seats):
                    player = f"load-{tid}-{k}"
                    r = await http.post(f"{server.base}/api/tables/{tid}/seats", json={"player": player, "seat": k})
                    if r.status_code != 200:
                        raise RuntimeError(f"POST /api/tables/{tid}/seats seat {k}: {r.status_code} {r.text}")
                    d = r.json()
                    if d.get("seat") != k or d.get("table") != tid:
                        raise RuntimeError(f"asked for seat {k} of {tid}, got {d}")
                    clients.append(
                        Client(run, tid, k, player, d["token"], seed * 1000 + ti * 10 + k, retry, record_frames)
                    )
                clients += [Client(run, tid, None, None, None, 0, retry, record_frames) for _ in range(spectators)]
            tasks = [asyncio.ensure_future(c.play()) for c in clients]
            draws = [asyncio.ensure_future(draw_loop(server.base, run, i)) for i in range(draw_loops)]
            deadline = time.monotonic() + READY_SECONDS
            while sum(c.welcomes for c in clients) < len(clients):
                if time.monotonic() > deadline or any(t.done() for t in tasks):
                    raise RuntimeError("not every client was welcomed: " + str([c.problems for c in clients]))
                await asyncio.sleep(POLL)
            started = time.perf_counter()
            cpu_clients = time.process_time()
            cpu_at_start = server.cpu_seconds()  # the server's start-up (imports, tables, seats) is not the run's
            times_at_start = server.cpu_times()
            if kill_at is not None and kill_at < seconds:
                await asyncio.sleep(kill_at)
                run.killed_at = time.perf_counter()
                server.kill()
                server.start()
                await server.wait_ready(http)
                run.restarted_at = time.perf_counter()
            await asyncio.sleep(max(0.0, started + seconds - time.perf_counter()))
            run.stop.set()
            stopped = time.perf_counter()
            cpu_clients = time.process_time() - cpu_clients
            cpu_process = server.cpu_seconds()
            times_at_end = server.cpu_times()
            system_share = None  # the kernel's part of the server's CPU over the run (no restart in it)
            if times_at_start is not None and times_at_end is not None and run.killed_at is None:
                used = [end - start for start, end in zip(times_at_start, times_at_end)]
                system_share = round(used[1] / sum(used), 3) if sum(used) > 0 else None
            cpu_server = None if cpu_process is None or cpu_at_start is None else cpu_process - cpu_at_start
            await asyncio.wait_for(asyncio.gather(*tasks), DRAIN_SECONDS + 10)
            draw_answers = Counter(code for d in await asyncio.gather(*draws) for code in d)
            elapsed = stopped - started
    finally:
        summary["server_exit"] = server.stop()
    summary["elapsed"] = round(elapsed, 3)
    summary["cpu_seconds"] = {
        "server": None if cpu_server is None else round(cpu_server, 2),
        "server_process": None if cpu_process is None else round(cpu_process, 2),
        "clients": round(cpu_clients, 2),
        "server_system_share": system_share,
    }
    if draw_loops:
        summary["draw_answers"] = dict(sorted(draw_answers.items()))
    restarted = run.restarted_at is not None and run.killed_at is not None
    summary["restart_seconds"] = round(run.restarted_at - run.killed_at, 3) if restarted else None  # type: ignore[operator]
    summary.update(figures(clients, elapsed, run))
    violations, facts = check(db, clients)
    summary.update(facts)
    acks = summary["actions_acked"]
    per = {
        "server": round(1000 * cpu_server / acks, 3) if cpu_server is not None and acks else None,
        "table_alone": table_figure_ms() if table_figure else None,
    }
    if per["server"] is not None and per["table_alone"] is not None:
        per["server_overhead"] = round(per["server"] - per["table_alone"], 3)  # the server's own share
    summary["cpu_ms_per_action"] = per
    summary["violations"] = violations
    summary["ok"] = not violations
    if violations:
        summary["server_log_tail"] = server.log_tail(1500)
    return Result(summary, clients, db, run)


async def draw_loop(base: str, run: Run, i: int) -> list[int]:
    """One keep-alive client asking ``GET /api/draw`` for one hand after another (seeded by
    ``i``) until the run stops; the status of each answer."""
    rng = random.Random(i)
    deck = [r + s for r in "23456789TJQKA" for s in "shdc"]
    statuses = []
    async with httpx.AsyncClient(trust_env=False, timeout=10.0) as http:
        while not run.stop.is_set():
            try:
                r = await http.get(f"{base}/api/draw", params={"hand": " ".join(rng.sample(deck, 5))})
                statuses.append(r.status_code)
            except httpx.TransportError:
                statuses.append(0)
                await asyncio.sleep(POLL)
    return statuses


def table_figure_ms(hands: int = 100) -> float:
    """The table's own stored action in CPU milliseconds: ``bench/table_breakdown.py``'s replay
    of ``hands`` of ``bench_table``'s recorded hands at a ``Table`` with a ``SQLiteStore``
    (synchronous=NORMAL, as the server's), the best of three, on the CPU clock of a new process
    (:func:`table_figure_here`): this one, after a run, holds every client's messages, and its
    garbage collector's passes over them cost the table about twice its time."""
    here = Path(__file__).parent
    code = (
        f"import sys; sys.path.insert(0, {str(here)!r}); import load_server; "
        f"print(load_server.table_figure_here({hands}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def table_figure_here(hands: int) -> float:
    """:func:`table_figure_ms` in this process."""
    sys.path.insert(0, str(Path(__file__).parent))
    import bench_table
    import table_breakdown

    record = bench_table.record(hands)
    actions = sum(len(d) for _, _, d in record)
    best = math.inf
    with tempfile.TemporaryDirectory() as name:
        for _ in range(3):
            cpu = time.process_time()
            table_breakdown.one_pass(Path(name), "NORMAL", record, None)
            best = min(best, time.process_time() - cpu)
    return round(1000 * best / actions, 3)


def figures(clients: list[Client], elapsed: float, run: Run) -> dict[str, Any]:
    """Actions acknowledged, actions/s, latency percentiles, errors by code."""
    acks = [a for c in clients for a in c.acks]
    latencies = sorted(a["latency"] * 1000 for c in clients for a in c.acks if not a["retried"])
    errors = Counter(str(e["error"].get("code")) for c in clients for e in c.errors)
    after = [a for a in acks if run.restarted_at is not None and a["at"] > run.restarted_at]

    def ms(v: float | None) -> float | None:
        return None if v is None else round(v, 3)

    return {
        "actions_acked": len(acks),
        "actions_per_s": round(len(acks) / elapsed, 1) if elapsed > 0 else None,
        "latency_ms": {
            "p50": ms(percentile(latencies, 0.50)),
            "p99": ms(percentile(latencies, 0.99)),
            "max": ms(latencies[-1] if latencies else None),
            "mean": ms(sum(latencies) / len(latencies) if latencies else None),
            "n": len(latencies),
        },
        "errors": dict(sorted(errors.items())),
        "acked_after_restart": len(after) if run.restarted_at is not None else None,
        "in_flight_at_kill": sum(len(c.in_flight_at_kill) for c in clients),
        "retried": sum(1 for c in clients for a in c.acks if a["retried"]),
        "repeated_acks": sum(1 for a in acks if a["repeated"]),
        "reconnects": sum(max(0, c.connections - 1) for c in clients),
    }


def check(db: Path, clients: list[Client]) -> tuple[list[str], dict[str, Any]]:
    """The run's violations (empty: none): lost, duplicated or unexplained stored actions, chips
    not conserved, event numbers out of order or differing from the store, foreign cards,
    messages a client could not make sense of; and facts read from the store (hands played,
    actions stored, chips)."""
    from lowball.errors import StoreError
    from lowball.store import SQLiteStore
    from lowball.table import Table

    bad: list[str] = []
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = con.execute(
            "SELECT table_id, seq, kind, record FROM changes "
            "WHERE kind IN ('act', 'tick', 'deal') ORDER BY table_id, op"
        ).fetchall()
    finally:
        con.close()
    by_seq: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for tid, seq, _kind, record in rows:
        by_seq.setdefault((tid, seq), []).append(json.loads(record))
    for (tid, seq), recs in by_seq.items():
        if len(recs) > 1:
            bad.append(f"{tid} seq {seq} stored {len(recs)} times: {[r['kind'] for r in recs]}")
    acked: dict[tuple[str, int], tuple[int, dict[str, Any]]] = {}
    for c in clients:
        for a in c.acks:
            key = (c.table, a["seq"])
            if key in acked:
                bad.append(f"{c.table} seq {a['seq']} acknowledged twice (seats {acked[key][0]} and {c.seat})")
            acked[key] = (c.seat, a["action"])
    for (tid, seq), (seat, action) in acked.items():
        recs = by_seq.get((tid, seq))
        if not recs:
            bad.append(f"lost: {tid} seq {seq} seat {seat} {action} was acknowledged but is not stored")
            continue
        r = recs[0]
        if r["kind"] != "act" or r["seat"] != seat or action_key(r["action"]) != action_key(action):
            bad.append(
                f"{tid} seq {seq}: acknowledged seat {seat} {action}, stored {r['kind']} seat {r['seat']} {r['action']}"
            )
    flight = {(c.table, s.seq) for c in clients for s in c.in_flight_at_kill}
    players = {(c.table, c.seat): c.player for c in clients if c.seat is not None}
    for (tid, seq), recs in by_seq.items():
        r = recs[0]
        if r["kind"] != "act" or (tid, r["seat"]) not in players or (tid, seq) in acked:
            continue
        if (tid, seq) not in flight:
            bad.append(f"{tid} seq {seq}: stored action {r['action']} of seat {r['seat']} was never acknowledged")
    facts: dict[str, Any] = {"stored_actions": sum(1 for r in rows if r[2] == "act"), "hands": {}, "chips": {}}
    with SQLiteStore(db) as store:
        stored_events: dict[str, dict[int, dict[str, Any]]] = {}
        for tid in sorted({c.table for c in clients}):
            stored_events[tid] = {e["number"]: e for e in store.events(tid)}
            try:
                table = Table.resume(store, tid)
            except StoreError as e:  # a record that does not replay as stored: named, the rest checked
                bad.append(f"{tid}: does not resume: {e}")
                continue
            facts["hands"][tid] = len(store.hands(tid))
            facts["chips"][tid] = {
                "in": table.chips_in,
                "at_table": table.chips_at_table(),
                "rake": table.rake_total,
                "out": table.chips_out,
            }
            total = table.chips_at_table() + table.rake_total + table.chips_out
            if table.chips_in != total:
                bad.append(
                    f"{tid}: chips not conserved: in {table.chips_in} != at table {table.chips_at_table()} "
                    f"+ rake {table.rake_total} + out {table.chips_out}"
                )
    for c in clients:
        where = f"{c.table} seat {c.seat}"
        # a new page (hello since 0) is sent the events from the hand in progress on (the server's
        # choice, app.py: "a new page (since 0) starts at the current hand"); from there, no gap
        expected = c.numbers[0] if c.numbers and c.hellos and c.hellos[0][0] == 0 else 1
        for n in c.numbers:
            if n != expected:
                bad.append(f"{where}: event {n} received where {expected} was due (numbers {c.numbers[:3]}...)")
                break
            expected += 1
        for since, first in c.hellos:
            if first is not None and first != since + 1 and since > 0:
                bad.append(f"{where}: hello since {since} was answered from event {first}")
        for e in c.events:
            s = stored_events[c.table].get(e.get("number"))
            fields = ("kind", "seq", "hand", "seat", "amount")
            if s is None or any(s[f] != e.get(f) for f in fields):
                bad.append(f"{where}: event {e} differs from the stored {s}")
                break
            if e.get("kind") in SECRET_KINDS and e.get("seat") != c.seat and (e.get("cards") or e.get("discarded")):
                bad.append(f"{where}: received another seat's cards: {e}")
                break
        bad += [f"{where}: {p}" for p in c.problems]
    return bad, facts


def run(
    tables: int = 2,
    seats: int = 6,
    seconds: float = 10.0,
    kill_at: float | None = None,
    variant: str = "F2L3D",
    seed: int = 0,
    retry: bool = True,
    workdir: str | os.PathLike[str] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """Run the load test (see the module's docstring) and return its JSON-ready summary
    (``options``: :func:`run_async`'s)."""
    args = (tables, seats, seconds, kill_at, variant, seed, retry)
    if workdir is not None:
        return asyncio.run(run_async(*args, workdir=Path(workdir), **options)).summary
    with tempfile.TemporaryDirectory(prefix="lowball-load-") as d:
        return asyncio.run(run_async(*args, workdir=Path(d), **options)).summary


def describe(s: dict[str, Any]) -> str:
    """The figures in one paragraph, as the README may quote them."""
    lat = s["latency_ms"]
    errors = ", ".join(f"{k} {v}" for k, v in s["errors"].items()) or "none"
    text = (
        f"{s['tables']} tables x {s['seats']} seats ({s['clients']} WebSocket clients, {s['variant']}), "
        f"{s['elapsed']:.1f} s: {s['actions_acked']} actions acknowledged, {s['actions_per_s']} actions/s, "
        f"latency p50 {lat['p50']} ms, p99 {lat['p99']} ms (max {lat['max']} ms); errors: {errors}; "
        f"{sum(s['hands'].values())} hands played"
    )
    cpu = s["cpu_seconds"]
    if cpu["server"] is not None:
        text += f"\nCPU seconds: server {cpu['server']}, clients (this process) {cpu['clients']}"
        if cpu.get("server_system_share") is not None:
            text += f" (the server's in the kernel: {100 * cpu['server_system_share']:.0f}%)"
    per = s.get("cpu_ms_per_action") or {}
    if per.get("server") is not None:
        text += f"\nserver CPU per action {per['server']} ms (over the run, the server's start-up left out)"
        if per.get("table_alone") is not None:
            text += f"; the table's own stored action {per['table_alone']} ms (its replay, in this run)"
            text += f"; the server's own share {per['server_overhead']} ms"
    if s.get("spectators"):
        text += f"\n{s['spectators']} spectators at each table"
    if s.get("draw_answers") is not None:
        text += f"\n{s['draw_loops']} GET /api/draw loops, answers by status: {s['draw_answers']}"
    text += "" if s.get("batch", True) else '\nclients without "batch" (one message a frame)'
    if s["load_average"] is not None:
        text += f"; load average before the run {s['load_average']} ({os.cpu_count()} CPUs)"
    if s["kill_at"] is not None:
        text += (
            f"\nkilled (SIGKILL) at {s['kill_at']} s, answering again {s['restart_seconds']} s later; "
            f"{s['in_flight_at_kill']} actions in flight, {s['retried']} resent ({s['repeated_acks']} answered as "
            f"repeats), {s['acked_after_restart']} acknowledged after the restart, {s['reconnects']} reconnects"
        )
    text += "\nchecks: " + ("all passed" if s["ok"] else f"{len(s['violations'])} VIOLATIONS")
    return text


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=2)
    p.add_argument("--seats", type=int, default=6)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--kill-at", type=float, default=None, help="SIGKILL the server this many seconds in")
    p.add_argument("--variant", default="F2L3D")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--no-retry", action="store_true", help="do not resend the action in flight at the kill")
    p.add_argument("--spectators", type=int, default=0, help="spectators at each table (a hello without a token)")
    p.add_argument("--draw-loops", type=int, default=0, help="keep-alive loops of GET /api/draw beside the players")
    p.add_argument("--no-batch", action="store_true", help='clients whose hello does not say "batch": true')
    p.add_argument("--no-table-figure", action="store_true", help="do not measure the table's own stored action")
    p.add_argument("--workdir", help="keep the database and the server's log here (default: a temporary directory)")
    p.add_argument("--json", action="store_true", help="print the JSON summary only")
    a = p.parse_args(argv)
    if a.workdir:
        Path(a.workdir).mkdir(parents=True, exist_ok=True)
    s = run(
        a.tables, a.seats, a.seconds, a.kill_at, a.variant, a.seed, not a.no_retry, a.workdir,
        spectators=a.spectators, draw_loops=a.draw_loops, batch=not a.no_batch, table_figure=not a.no_table_figure,
    )  # fmt: skip
    if not a.json:
        print(describe(s))
        for v in s["violations"][:50]:
            print("  " + v)
    print(json.dumps(s, indent=None if a.json else 2))
    return 0 if s["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
