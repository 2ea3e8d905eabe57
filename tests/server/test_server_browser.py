"""A real browser plays at `lowball serve` (issue 14): headless Chromium from the system's packages,
driven by Selenium, against the server started as a subprocess on 127.0.0.1.

The test takes a seat from the lobby by clicking, then plays complete hands of 2-7 triple draw
against the server's bots by clicking only (cards to throw, Draw, Stand pat, Bet/Raise, Call/Check,
Fold), reloads the page in the middle of a hand and checks that the seat resumes (the same cards,
the log's event numbers one after another, none twice, none missing), kills the server (SIGKILL)
in the middle of a later hand and starts it again on the same database (the page reconnects by
itself, with the same cards and an unbroken log), opens "What to throw?" and sees its rows.
Every WebSocket frame the page receives is recorded by a wrapper put into the page before its own
script runs; the test checks that no other seat's cards (dealt, drawn or thrown) ever reached the
page, and that the cards of the showdown are those its show events showed. The browser's console
must show no error (a script error, a resource the Content-Security-Policy refused). Screenshots
of the deal, the draw and the showdown go to ``$LOWBALL_ARTIFACTS/screenshots`` (default
``artifacts/screenshots`` in the repository): CI keeps them as artifacts.

Chromium and chromedriver come from Debian's packages (``apt-get install chromium
chromium-driver``); Selenium is pointed at both explicitly, so Selenium Manager never downloads a
browser or a driver. Without them the test is skipped, unless ``LOWBALL_REQUIRE_BROWSER=1`` (set
by CI): then it fails, so that a check that did not run never passes silently.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from wire_check import check_message

ROOT = Path(__file__).parents[2]
# Debian's paths; LOWBALL_CHROMIUM / LOWBALL_CHROMEDRIVER name others (still explicit: no download)
CHROMIUM = os.environ.get("LOWBALL_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("LOWBALL_CHROMEDRIVER", "/usr/bin/chromedriver")
REQUIRE = os.environ.get("LOWBALL_REQUIRE_BROWSER") == "1"

HANDS_TO_PLAY = 3  # complete hands the browser's player is dealt into and sees to the end
TEST_SECONDS = 75  # the whole game must be over by then (a bound, never a speed claim)

T = TypeVar("T")

# Put into every page before its own scripts: a WebSocket that records each frame it receives
# (text, as sent) in window.__frames, which the test takes out with splice(0).
RECORD_FRAMES = """
(() => {
  if (window.__framesInstalled) return;
  window.__framesInstalled = true;
  window.__frames = [];
  const Native = window.WebSocket;
  class Recorded extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => window.__frames.push(String(e.data)));
    }
  }
  window.WebSocket = Recorded;
})();
"""

# One look at the page as a player sees it: what the test decides from (it acts by clicking only).
PAGE = """
const visible = (id) => { const e = document.getElementById(id); return !!e && !e.hidden && e.offsetParent !== null; };
const turn = document.getElementById("turn");
const status = document.getElementById("status");
return {
  status: status.dataset.state,
  mine: turn.classList.contains("mine"),
  hand: Number(document.body.dataset.hand || 0),
  phase: document.body.dataset.phase || "",
  inHand: document.body.dataset.inHand === "true",
  cards: Array.from(document.querySelectorAll("#hand .card[data-card]")).map((c) => c.dataset.card),
  selected: Array.from(document.querySelectorAll("#hand .card.selected")).map((c) => c.dataset.card),
  buttons: ["btn-fold", "btn-check", "btn-call", "btn-bet", "btn-raise", "btn-draw", "btn-pat", "btn-odds"]
    .filter((id) => visible(id) && !document.getElementById(id).disabled),
  drawVisible: visible("btn-draw"),
  log: Array.from(document.querySelectorAll("#log li[data-number]")).map((li) => [
    Number(li.dataset.number), Number(li.dataset.hand || 0), li.className, li.querySelector(".text").textContent]),
  turn: turn.textContent,
  othersFaces: document.querySelectorAll(".seat:not(.you) .card.face").length,
  shown: document.querySelectorAll("#showdown .shown").length,
  winners: Array.from(document.querySelectorAll("#showdown .winner-line")).map((p) => p.textContent),
  showdown: visible("showdown"),
  error: document.getElementById("error").hidden ? "" : document.getElementById("error").textContent,
};
"""


def _messages(frames: list[str]) -> list[dict[str, Any]]:
    """The messages of WebSocket frames as received: the page's hello asks for "batch", so a
    frame holds one message or a JSON array of several, in order."""
    out: list[dict[str, Any]] = []
    for text in frames:
        data = json.loads(text)
        check_message(data)  # what the page was sent is valid by the ServerMessage schema
        out.extend(data if isinstance(data, list) else [data])
    return out


def _missing() -> str | None:
    """Why the browser test cannot run here, or None."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return f"{path} is missing (apt-get install chromium chromium-driver)"
    for module in ("selenium", "starlette", "uvicorn"):
        if importlib.util.find_spec(module) is None:
            return f"the Python package {module} is missing (pip install '.[test]')"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def _poll(check: Callable[[], bool], seconds: float, interval: float = 0.05) -> bool:
    """Whether ``check`` comes true within ``seconds`` (polled)."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(interval)
    return True


def _wait(what: str, check: Callable[[], T | None], seconds: float, interval: float = 0.05) -> T:
    """Poll ``check`` until it returns something true (a non-empty list, ...), within ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {seconds} s waiting for {what}")
        time.sleep(interval)


@pytest.fixture(autouse=True)
def _browser_installed() -> None:
    """Skip without Chromium, chromedriver or Selenium; fail instead when CI requires the browser."""
    reason = _missing()
    if reason is not None:
        if REQUIRE:
            pytest.fail(f"LOWBALL_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)


class Server:
    """`lowball serve` as a subprocess on 127.0.0.1 with a database in ``tmp``; ``kill_and_restart``
    kills it (SIGKILL) and starts it again on the same database and port."""

    def __init__(self, tmp: Path, tables: int = 1, variant: str = "F2L3D", extra: tuple[str, ...] = ()) -> None:
        self.tmp = tmp
        self.tables = tables
        self.variant = variant
        self.extra = extra
        # a free port: bind 127.0.0.1:0 and close the socket (the command takes no port 0)
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = (tmp / "server.log").open("ab")
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        # the installed package's command, run by this interpreter
        command = [
            sys.executable, "-m", "lowball", "serve",
            "--host", "127.0.0.1", "--port", str(self.port), "--db", str(self.tmp / "lowball.sqlite"),
            "--tables", str(self.tables), "--variant", self.variant, "--seats", "6", "--bots", "sensible",
            "--bot-delay", "0.05", "--next-hand-delay", "0.6", "--action-seconds", "30", *self.extra,
        ]  # fmt: skip
        proc = self.proc = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT, cwd=self.tmp)

        def answers() -> bool | None:
            if proc.poll() is not None:
                raise AssertionError(f"lowball serve exited with {proc.returncode}: {_tail(self.tmp / 'server.log')}")
            try:
                with urllib.request.urlopen(self.base + "/api/tables", timeout=1) as r:
                    return r.status == 200
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                return None

        _wait("the server to answer", answers, 20, 0.1)

    def kill_and_restart(self) -> None:
        assert self.proc is not None
        self.proc.kill()  # SIGKILL: no shutdown of any kind
        self.proc.wait(10)
        self.start()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.log.close()


@pytest.fixture
def server(_browser_installed: None, tmp_path: Path) -> Iterator[Server]:
    """The server, started; stopped after the test."""
    srv = Server(tmp_path)
    try:
        srv.start()
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def mixed_server(_browser_installed: None, tmp_path: Path) -> Iterator[Server]:
    """A mixed room (issue 16): t1 plays 2-7, t2 badugi; started, stopped after the test."""
    srv = Server(tmp_path, tables=2, variant="F2L3D,FB")
    try:
        srv.start()
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def sitgo_server(_browser_installed: None, tmp_path: Path) -> Iterator[Server]:
    """A server with a sit & go of six (issue 30); started, stopped after the test."""
    srv = Server(tmp_path, extra=("--sit-and-go", "6"))
    try:
        srv.start()
        yield srv
    finally:
        srv.stop()


def _tail(path: Path, n: int = 3000) -> str:
    return path.read_text(errors="replace")[-n:] if path.exists() else ""


@pytest.fixture
def browser() -> Iterator[Any]:
    """Headless Chromium (the system's) through the system's chromedriver, recording WebSocket frames."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
        "--window-size=1400,1000", "--no-first-run", "--disable-extensions", "--disable-background-networking",
    ):  # fmt: skip
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        driver.set_page_load_timeout(20)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_FRAMES})
        yield driver
    finally:
        driver.quit()


class Player:
    """The browser's player: reads the page, clicks, keeps what the checks need."""

    def __init__(self, driver: Any, shots: Path) -> None:
        self.driver = driver
        self.shots = shots
        self.frames: list[dict[str, Any]] = []
        self.done: set[str] = set()  # what the player has clicked: draw, pat, bet/raise, call/check, fold
        self.dealt: set[int] = set()  # hands the player was dealt into
        self.saved: dict[str, Path] = {}

    def page(self) -> dict[str, Any]:
        result: dict[str, Any] = self.driver.execute_script(PAGE)
        return result

    def take_frames(self) -> None:
        """Move the frames recorded so far out of the page (before a reload loses them)."""
        raw = self.driver.execute_script("return (window.__frames || []).splice(0);")
        self.frames.extend(_messages(raw))

    def click(self, selector: str) -> bool:
        """Click one element the way a user does; False when it went away meanwhile (the page moved on)."""
        from selenium.common.exceptions import (
            ElementClickInterceptedException,
            ElementNotInteractableException,
            NoSuchElementException,
            StaleElementReferenceException,
        )

        try:
            self.driver.find_element("css selector", selector).click()
            return True
        except (
            ElementClickInterceptedException,
            ElementNotInteractableException,
            NoSuchElementException,
            StaleElementReferenceException,
        ):
            return False

    def shot(self, name: str) -> None:
        path = self.shots / f"{name}.png"
        assert self.driver.save_screenshot(str(path)), f"no screenshot {path}"
        self.saved[name] = path


def _decide(player: Player, page: dict[str, Any]) -> None:
    """One decision at the player's turn, chosen so that every kind of click happens in a few hands."""
    buttons = page["buttons"]
    hands_done = len(player.dealt) - 1
    if page["drawVisible"]:
        cards = page["cards"]
        if "draw" not in player.done or ("pat" in player.done and cards and cards[0][0] in "AKQJT9"):
            # throw the two highest cards (the server sorts them highest first): click, then Draw 2
            throw = cards[:2]
            for card in throw:
                if card not in page["selected"]:
                    player.click(f'#hand .card[data-card="{card}"]')
            raised = _poll(lambda: sorted(player.page()["selected"]) == sorted(throw), 5)
            if not raised:
                return  # the page moved on meanwhile (a timeout, a new state): look again
            if "draw" not in player.saved:
                player.shot("draw")
            if player.click("#btn-draw"):
                player.done.add("draw")
        elif "btn-pat" in buttons and player.click("#btn-pat"):
            player.done.add("pat")
        return
    if "fold" not in player.done and hands_done >= 2 and "btn-fold" in buttons:
        if player.click("#btn-fold"):
            player.done.add("fold")
        return
    for button, kind in (("btn-raise", "bet"), ("btn-bet", "bet")):
        if "bet" not in player.done and button in buttons:
            if player.click(f"#{button}"):
                player.done.add(kind)
            return
    for button in ("btn-check", "btn-call"):
        if button in buttons:
            if player.click(f"#{button}"):
                player.done.add("call/check")
            return


def _reload_and_check(player: Player, page: dict[str, Any]) -> bool:
    """Reload the page mid-hand: the seat resumes with the same cards, the log goes on one event
    after another (the server sent only the events above the page's last one). False when the
    hand ended meanwhile (try again in a later hand)."""
    browser = player.driver
    before_log = [row[0] for row in page["log"]]
    player.take_frames()
    browser.refresh()
    _wait("the reconnection", lambda: player.page()["status"] == "online", 10)
    after = _wait("our cards again", lambda: (p := player.page())["cards"] and p, 10)
    raw = browser.execute_script("return (window.__frames || []).slice();")
    resent = [
        ev["number"]
        for frame in _messages(raw)
        if frame.get("type") == "events"
        for ev in frame["events"]
        if ev["number"] <= before_log[-1]
    ]
    assert not resent, f"after the reload the server sent again events {resent} (the page had seen {before_log[-1]})"
    after_log = [row[0] for row in after["log"]]
    assert after_log[: len(before_log)] == before_log, "the log changed across the reload"
    _check_log(after["log"])
    if after["hand"] != page["hand"] or not after["inHand"]:
        return False
    # our cards could change only by our own draw, which needs our click
    assert after["cards"] == page["cards"], f"cards before the reload {page['cards']}, after {after['cards']}"
    return True


def _restart_and_check(player: Player, server: Server, page: dict[str, Any]) -> bool:
    """Kill the server (SIGKILL) mid-hand and start it again on the same database: the page
    reconnects by itself, the seat resumes with the same cards, the log goes on without a gap or
    a repeat. False when the hand ended meanwhile (try again in a later hand)."""
    before_log = [row[0] for row in page["log"]]
    player.take_frames()
    server.kill_and_restart()
    _wait(
        "the page to reconnect",
        lambda: player.driver.execute_script(
            "return (window.__frames || []).some((f) => [].concat(JSON.parse(f)).some((m) => m.type === 'welcome'));"
        ),
        15,
    )
    after = _wait("the seat again", lambda: (p := player.page())["status"] == "online" and p["cards"] and p, 10)
    after_log = [row[0] for row in after["log"]]
    assert after_log[: len(before_log)] == before_log, "the log changed across the restart"
    _check_log(after["log"])
    if after["hand"] != page["hand"] or not after["inHand"]:
        return False
    assert after["cards"] == page["cards"], f"cards before the restart {page['cards']}, after {after['cards']}"
    return True


def _check_odds(player: Player, page: dict[str, Any]) -> int:
    """The "What to throw?" panel: a row for each of the 32 ways to split our five cards."""
    rows: list[list[str]] = _wait(
        "the draw table's rows",
        lambda: player.driver.execute_script(
            "return Array.from(document.querySelectorAll('#odds-panel tbody tr[data-keep]'),"
            " (tr) => [tr.dataset.keep, tr.dataset.discard,"
            " Array.from(tr.cells, (td) => td.textContent).join(' ')]);"
        ),
        15,
    )

    def split(text: str) -> set[str]:
        return {text[i : i + 2] for i in range(0, len(text), 2)}

    hand = split(rows[0][0]) | split(rows[0][1])
    if player.page()["hand"] == page["hand"]:
        assert hand == set(page["cards"]), f"the draw table of {hand}, our cards {page['cards']}"
    # (the cells' texts joined with spaces: run together, a pat row's "...2s0.0100.0" has no word
    # boundary before the first number)
    for keep, discard, _ in rows:  # each row splits the same five cards into kept and thrown
        assert split(keep) | split(discard) == hand and not split(keep) & split(discard), (keep, discard)
    assert len({(keep, discard) for keep, discard, _ in rows}) == len(rows) == 32, rows
    assert re.search(r"\b\d{1,3}\.\d\b", rows[0][2]), f"no chance in the row: {rows[0]}"
    return len(rows)


def _check_log(log: list[list[Any]]) -> None:
    numbers = [row[0] for row in log]
    assert numbers, "the page's log is empty"
    assert len(numbers) == len(set(numbers)), f"an event shown twice: {numbers}"
    gaps = [(a, b) for a, b in zip(numbers, numbers[1:]) if b != a + 1]
    assert not gaps, f"the log's event numbers are not one after another: {gaps}"


def _check_privacy(frames: list[dict[str, Any]], seat: int, player_name: str) -> None:
    """No other seat's cards before the showdown: deal and draw events carry cards only for our
    seat and player; a state's own cards are cards we were dealt or drew in that hand; seats carry
    card counts only; the cards of a showdown are those its show events showed (a mucked hand
    shows nowhere). Hands whose start the page did not see (before it first connected) are left
    out of the last check."""
    shown: dict[tuple[int, int], set[str]] = {}  # (hand, seat) -> the cards shown at its showdown
    ours: dict[int, set[str]] = {}  # hand -> the cards dealt or drawn to us
    started: set[int] = set()  # hands whose hand_start the page received

    def split(cards: list[str]) -> set[str]:  # the wire's cards: a list of card texts
        return set(cards)

    for frame in frames:
        if frame.get("type") != "events":
            continue
        for ev in frame["events"]:
            cards, thrown = ev.get("cards") or "", ev.get("discarded") or ""
            if ev["kind"] == "hand_start":
                started.add(ev["hand"])
            if ev["kind"] == "show":
                shown[(ev["hand"], ev["seat"])] = split(cards)
            elif cards or thrown:
                assert ev["kind"] in ("deal", "draw"), f"cards in a {ev['kind']} event: {ev}"
                assert ev["seat"] == seat and ev["player"] == player_name, (
                    f"another seat's cards reached the page: {ev}"
                )
                ours.setdefault(ev["hand"], set()).update(split(cards))
    states = [f for f in frames if f.get("type") == "state"]
    assert states and started and ours, f"too little recorded: {len(states)} states, hands {started}"
    for st in states:
        you = st.get("you")
        assert you is not None and you["seat"] == seat, f"the state is not our seat's: {you}"
        if you["cards"] and st["hand"] in started:
            assert set(you["cards"]) <= ours.get(st["hand"], set()), f"cards not dealt to us: {you}, {ours}"
        for s in st["seats"]:
            if s is not None:
                assert isinstance(s.get("cards", 0), int), f"a seat's cards in the state: {s}"
        sd = st.get("showdown")
        if sd and sd["hand"] in started:
            for hand_shown in sd["shown"]:
                key = (sd["hand"], hand_shown["seat"])
                assert key in shown, f"cards in the showdown with no show event: {sd}"
                assert set(hand_shown["cards"]) == shown[key], f"showdown cards differ from the show: {sd}"


def test_browser_plays_hands_resumes_and_sees_only_its_cards(server: Server, browser: Any) -> None:
    started = time.monotonic()
    shots = Path(os.environ.get("LOWBALL_ARTIFACTS", ROOT / "artifacts")) / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    player = Player(browser, shots)

    # the lobby lists the table; take a seat by typing a name and clicking
    browser.get(server.base + "/")
    _wait("the lobby's table t1", lambda: browser.find_elements("css selector", "#table-t1 .take-seat"), 10)
    lobby_text = browser.find_element("id", "table-t1").text
    assert "2-7 triple draw" in lobby_text and "2/4" in lobby_text, lobby_text
    browser.find_element("id", "player-name").send_keys("ann")
    browser.find_element("css selector", "#table-t1 .take-seat").click()
    _wait("the table page", lambda: browser.current_url.endswith("/table/t1"), 10)
    token = browser.execute_script("return localStorage.getItem('lowball-token-t1');")
    assert token, "the lobby kept no seat token"
    _wait("the connection", lambda: player.page()["status"] == "online", 10)
    seat = int(
        _wait(
            "our seat", lambda: browser.execute_script("return document.querySelector('.seat.you')?.dataset.seat"), 10
        )
    )

    reloaded = restarted = False
    odds_rows = 0
    showdown_hand = 0
    turn_seen = ""
    deadline = started + TEST_SECONDS
    complete: set[int] = set()
    needed = {"draw", "pat", "bet", "call/check", "fold"}
    while not (
        len(complete) >= HANDS_TO_PLAY
        and needed <= player.done
        and reloaded
        and restarted
        and showdown_hand
        and odds_rows
    ):
        assert time.monotonic() < deadline, (
            f"the game did not finish in {TEST_SECONDS} s: clicked {sorted(player.done)}, hands dealt "
            f"{sorted(player.dealt)}, complete {sorted(complete)}, reloaded {reloaded}, restarted {restarted}, "
            f"showdown {showdown_hand}"
        )
        page = player.page()
        assert page["status"] in ("online", "connecting"), f"the page lost its connection: {page['status']}"
        if page["inHand"]:  # other seats show card backs only while a hand is played
            assert page["othersFaces"] == 0, f"another seat's card faces on the page in hand {page['hand']}"
        if page["inHand"] and len(page["cards"]) == 5 and page["hand"] not in player.dealt:
            player.dealt.add(page["hand"])
            if "deal" not in player.saved:
                player.shot("deal")
        ended = {row[1] for row in page["log"] if "hand-end" in row[2].split()}
        complete = player.dealt & ended

        # the showdown of a hand we played to the end: cards shown, the winner named
        if not showdown_hand and complete and page["showdown"] and page["winners"] and not page["inHand"]:
            if page["shown"] or len(complete) >= HANDS_TO_PLAY + 2:  # (rarely, every hand ends in a fold)
                showdown_hand = max(complete)
                player.shot("showdown")

        # reload in the middle of our second hand, once we have drawn: the seat must resume
        if (
            not reloaded
            and len(player.dealt) >= 2
            and "draw" in player.done
            and page["inHand"]
            and page["phase"] == "betting"
            and len(page["cards"]) == 5
        ):
            reloaded = _reload_and_check(player, page)
            continue

        # kill the server in the middle of a later hand and start it again: the page comes back
        if (
            reloaded
            and not restarted
            and len(player.dealt) >= 3
            and page["inHand"]
            and page["phase"] == "betting"
            and len(page["cards"]) == 5
        ):
            restarted = _restart_and_check(player, server, page)
            continue

        # "What to throw?": one click, a row for each of the 32 discards of our hand
        if not odds_rows and "btn-odds" in page["buttons"] and page["inHand"] and player.click("#btn-odds"):
            odds_rows = _check_odds(player, page)

        if page["mine"] and page["buttons"]:
            if not turn_seen:
                turn_seen = page["turn"]
            _decide(player, page)
        time.sleep(0.05)

    player.take_frames()
    final = player.page()
    # no script error, no refused resource (CSP), nothing failed to load; only the socket refused
    # while the server was down
    problems = [
        entry["message"]
        for entry in browser.get_log("browser")
        if entry["level"] == "SEVERE" and "WebSocket connection to" not in entry["message"]
    ]
    assert not problems, problems
    _check_log(final["log"])
    assert re.fullmatch(r"Your turn · \d+ s", turn_seen), f"whose turn, with the time left: {turn_seen!r}"
    words = [row[3] for row in final["log"]]
    for said in ("ann draws 2", "ann stands pat", "ann folds", " wins "):
        assert any(said in w for w in words), f"no {said!r} in the log: {words[-40:]}"
    assert any(w.startswith(("ann raises to ", "ann bets ")) for w in words), words[-40:]
    assert any(w.startswith(("ann calls ", "ann checks")) for w in words), words[-40:]
    _check_privacy(player.frames, seat, "ann")
    for name in ("deal", "draw", "showdown"):
        path = player.saved[name]
        assert path.stat().st_size > 10_000 and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", path


def test_browser_plays_a_badugi_hand_by_clicking(mixed_server: Server, browser: Any) -> None:
    """One badugi hand (issue 16) at the mixed room's t2: four cards shown, the ace low and last,
    the server's describe() text under them, two of them thrown by clicking, the hand seen to
    its end; no other seat's cards reach the page; a screenshot of the draw."""
    from lowball import Ranking, describe
    from lowball.cards import parse_cards

    started = time.monotonic()
    shots = Path(os.environ.get("LOWBALL_ARTIFACTS", ROOT / "artifacts")) / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    player = Player(browser, shots)
    browser.get(mixed_server.base + "/")
    _wait("the lobby's table t2", lambda: browser.find_elements("css selector", "#table-t2 .take-seat"), 10)
    assert "badugi, fixed limit (FB)" in browser.find_element("id", "table-t2").text
    assert "2-7 triple draw" in browser.find_element("id", "table-t1").text
    assert browser.find_element("id", "table-t2").get_attribute("data-ranking") == "badugi"
    browser.find_element("id", "player-name").send_keys("ann")
    browser.find_element("css selector", "#table-t2 .take-seat").click()
    _wait("the table page", lambda: browser.current_url.endswith("/table/t2"), 10)
    _wait("the connection", lambda: player.page()["status"] == "online", 10)
    seat = int(
        _wait(
            "our seat", lambda: browser.execute_script("return document.querySelector('.seat.you')?.dataset.seat"), 10
        )
    )
    assert browser.execute_script("return document.body.dataset.ranking") == "badugi"
    # the page shows seats as people count them (issue 27): the bot at the JSON's seat k (the
    # page's data-seat) is bot<k+1>, and the log's first hand names its button's seat k + 1
    names = _wait(
        "the bots' seats",
        lambda: browser.execute_script(
            "return Array.from(document.querySelectorAll('.seat:not(.you)')).map("
            "(b) => [b.dataset.seat, b.querySelector('.name')?.textContent])"
        ),
        10,
    )
    assert names == [[str(k), f"bot{k + 1}"] for k in range(6) if k != seat], names
    line, button = _wait(
        "a hand's first line and its button",
        lambda: browser.execute_script(
            "const t = Array.from(document.querySelectorAll('#log li[data-number] .text'))"
            ".map((x) => x.textContent).filter((x) => x.startsWith('Hand #'));"
            "const b = document.querySelector('.seat .marker.button')?.closest('.seat')?.dataset.seat;"
            "return t.length && b !== undefined ? [t[t.length - 1], b] : null;"
        ),
        10,
    )
    assert line.endswith(f" begins (button: seat {int(button) + 1})"), (line, button)
    dealt = 0
    over: set[int] = set()
    thrown: list[str] = []
    while True:
        assert time.monotonic() < started + TEST_SECONDS, f"the badugi hand did not end: {player.page()}"
        page = player.page()
        if page["inHand"] and page["cards"] and not dealt and page["hand"] not in over:
            dealt = page["hand"]
            cards = page["cards"]
            assert len(cards) == 4, cards
            ranks = ["23456789TJQKA".index(c[0]) if c[0] != "A" else -1 for c in cards]
            assert ranks == sorted(ranks, reverse=True), f"not highest first with the ace low: {cards}"
            note = browser.find_element("id", "hand-note").text
            text = describe(parse_cards(" ".join(cards)), Ranking.BADUGI).partition(": ")[2]
            assert f"You hold {text}." in note, (note, text)
        if dealt and dealt in {row[1] for row in page["log"] if "hand-end" in row[2].split()}:
            if thrown:
                break
            over.add(dealt)  # (the hand ended before our draw: everyone folded) the next one then
            dealt = 0
            continue
        if dealt and page["mine"] and page["buttons"] and page["hand"] == dealt:
            if page["drawVisible"] and not thrown:
                throw = page["cards"][:2]
                for card in throw:
                    if card not in page["selected"]:
                        player.click(f'#hand .card[data-card="{card}"]')
                if not _poll(lambda throw=throw: sorted(player.page()["selected"]) == sorted(throw), 5):
                    continue
                player.shot("badugi-draw")
                if player.click("#btn-draw"):
                    thrown = throw
            elif page["drawVisible"]:
                player.click("#btn-pat")
            else:
                for button in ("btn-check", "btn-call"):
                    if button in page["buttons"] and player.click(f"#{button}"):
                        break
        time.sleep(0.05)
    player.take_frames()
    words = [row[3] for row in player.page()["log"] if row[1] == dealt]
    assert thrown and any(w.startswith("ann draws 2 (throws ") for w in words), words
    _check_privacy(player.frames, seat, "ann")
    problems = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not problems, problems
    path = player.saved["badugi-draw"]
    assert path.stat().st_size > 10_000 and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", path


# Where your cards and the action buttons are, against the window (issue 27): every rectangle
# of a card of yours and of a visible action button, the window's size, how far the page is
# scrolled and how wide it is laid out.
LAYOUT = """
const rect = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
const shown = (e) => !e.hidden && e.offsetParent !== null;
return {
  width: window.innerWidth,
  height: window.innerHeight,
  scrolled: [window.scrollX, window.scrollY],
  pageWidth: document.documentElement.scrollWidth,
  header: rect(document.querySelector(".topbar")),
  cards: Array.from(document.querySelectorAll("#hand .card[data-card]")).map(rect),
  buttons: Array.from(document.querySelectorAll("#actions .btn")).filter(shown).map((b) => [b.id, rect(b)]),
  seats: Array.from(document.querySelectorAll(".seat")).map(rect),
};
"""


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1280, 720), (390, 844)])
def test_your_cards_and_buttons_fit_the_window(server: Server, browser: Any, width: int, height: int) -> None:
    """At 1366x768, 1280x720 and a 390 px phone (issue 27), a seated player's five cards and
    every action button shown lie inside the window, unscrolled, at a betting decision and at a
    draw; the page is no wider than the window, the header one or two lines, every seat box
    inside the window; a screenshot of each (CI's artifacts)."""
    started = time.monotonic()
    shots = Path(os.environ.get("LOWBALL_ARTIFACTS", ROOT / "artifacts")) / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    mobile = width < 600
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
    )
    player = Player(browser, shots)
    browser.get(server.base + "/")
    _wait("the lobby", lambda: browser.find_elements("css selector", "#table-t1 .take-seat"), 10)
    browser.find_element("id", "player-name").send_keys("ann")
    browser.find_element("css selector", "#table-t1 .take-seat").click()
    _wait("the table page", lambda: browser.current_url.endswith("/table/t1"), 10)
    seen: set[str] = set()
    while seen != {"betting", "draw"}:
        assert time.monotonic() < started + TEST_SECONDS, f"no betting and draw decisions: {player.page()}"
        page = player.page()
        if not (page["mine"] and page["buttons"] and len(page["cards"]) == 5):
            time.sleep(0.05)
            continue
        kind = "draw" if page["drawVisible"] else "betting"
        if kind not in seen:
            layout = browser.execute_script(LAYOUT)
            assert (layout["width"], layout["height"]) == (width, height)
            assert layout["scrolled"] == [0, 0]
            assert layout["pageWidth"] <= width, f"the page is {layout['pageWidth']} px wide in a {width} px window"
            header = layout["header"]
            assert header[3] - header[1] <= (90 if mobile else 60), f"the header is {header[3] - header[1]} px tall"
            assert len(layout["cards"]) == 5
            boxes = [("card", r) for r in layout["cards"]] + [(name, r) for name, r in layout["buttons"]]
            boxes += [("seat", r) for r in layout["seats"]]
            assert {name for name, _ in layout["buttons"]} >= ({"btn-draw", "btn-pat"} if kind == "draw" else set())
            outside = [
                (name, [round(v) for v in r])
                for name, r in boxes
                if r[0] < 0 or r[1] < 0 or r[2] > width + 0.5 or r[3] > height + 0.5
            ]
            assert not outside, f"{kind} at {width}x{height}: outside the window: {outside}"
            player.shot(f"fit-{width}x{height}-{kind}")
            seen.add(kind)
        if kind == "draw":
            player.click("#btn-pat")
        else:
            for button in ("btn-check", "btn-call"):
                if button in page["buttons"] and player.click(f"#{button}"):
                    break
        time.sleep(0.05)
    problems = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not problems, problems
    for kind in ("betting", "draw"):
        path = player.saved[f"fit-{width}x{height}-{kind}"]
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", path


def test_the_lobby_takes_you_back_to_your_seat_and_old_panels_go(server: Server, browser: Any) -> None:
    """Issue 27: "Take a seat" at a table where this browser sits reads "Back to seat N" (seats
    from 1) and takes you back to that seat, no error; "What to throw?" and the last hand's
    result go when the next hand starts, and both are gone after leaving."""
    started = time.monotonic()
    player = Player(browser, Path(os.environ.get("LOWBALL_ARTIFACTS", ROOT / "artifacts")) / "screenshots")
    browser.get(server.base + "/")
    _wait("the lobby", lambda: browser.find_elements("css selector", "#table-t1 .take-seat"), 10)
    browser.find_element("id", "player-name").send_keys("ann")
    browser.find_element("css selector", "#table-t1 .take-seat").click()
    _wait("the table page", lambda: browser.current_url.endswith("/table/t1"), 10)
    seat = int(
        _wait(
            "our seat", lambda: browser.execute_script("return document.querySelector('.seat.you')?.dataset.seat"), 10
        )
    )
    assert f"you are ann, seat {seat + 1}" in browser.find_element("id", "table-title").text
    browser.get(server.base + "/")
    button = _wait("the lobby's button", lambda: browser.find_elements("css selector", "#table-t1 .take-seat"), 10)[0]
    assert button.text == f"Back to seat {seat + 1}"
    button.click()
    _wait("the table page again", lambda: browser.current_url.endswith("/table/t1"), 10)
    again = _wait(
        "our seat again", lambda: browser.execute_script("return document.querySelector('.seat.you')?.dataset.seat"), 10
    )
    assert int(again) == seat
    assert player.page()["error"] == ""
    # "What to throw?" at our first decision of a hand; then that hand's end and the next deal
    opened_in = 0
    while not opened_in:
        assert time.monotonic() < started + TEST_SECONDS, player.page()
        page = player.page()
        if page["inHand"] and "btn-odds" in page["buttons"] and player.click("#btn-odds"):
            if _poll(
                lambda: browser.execute_script("return document.querySelectorAll('#odds-panel tbody tr').length") > 0,
                10,
            ):
                opened_in = page["hand"]
        time.sleep(0.05)
    result_seen = False
    while True:
        assert time.monotonic() < started + TEST_SECONDS, player.page()
        page = player.page()
        if not page["inHand"] and page["hand"] == opened_in and page["showdown"]:
            result_seen = True  # the result of the hand, between hands
        if page["inHand"] and page["hand"] > opened_in:
            break
        if page["mine"] and page["buttons"]:
            for b in ("btn-pat", "btn-check", "btn-call"):
                if b in page["buttons"] and player.click(f"#{b}"):
                    break
        time.sleep(0.05)
    assert result_seen
    gone = _wait(
        "the old panels to go",
        lambda: browser.execute_script(
            "return document.getElementById('odds-panel').hidden && document.getElementById('showdown').hidden"
        ),
        10,
    )
    assert gone
    # leave: no old result or draw table after it
    assert player.click("#btn-leave")
    _wait("the page watching", lambda: "watching" in browser.find_element("id", "table-title").text, 10)
    assert browser.execute_script(
        "return document.getElementById('odds-panel').hidden && document.getElementById('showdown').hidden"
    )
    browser.get(server.base + "/")
    button = _wait("the lobby's button", lambda: browser.find_elements("css selector", "#table-t1 .take-seat"), 10)[0]
    assert button.text == "Take a seat"


def test_the_lobby_enters_the_sit_and_go_and_its_table_shows_it(sitgo_server: Server, browser: Any) -> None:
    """Issue 30: a person registers for the sit & go from the lobby's box and starts it (bots take
    the other five places), follows its link to his table, sees the level, the blinds, the
    players left and the tables in the page's panel, and plays his turn by clicking."""
    started = time.monotonic()
    player = Player(browser, Path(os.environ.get("LOWBALL_ARTIFACTS", ROOT / "artifacts")) / "screenshots")
    browser.get(sitgo_server.base + "/")
    _wait("the sit & go box", lambda: browser.find_elements("css selector", "#sitgo:not([hidden]) #sitgo-register"), 10)
    assert browser.find_element("id", "sitgo-status").text.endswith("0 of 6 registered")
    browser.find_element("id", "player-name").send_keys("ann")
    browser.find_element("id", "sitgo-register").click()
    _wait(
        "ann registered",
        lambda: browser.find_element("id", "sitgo-status").text.endswith("1 of 6 registered (ann)"),
        10,
    )
    _wait("the start button", lambda: browser.find_element("id", "sitgo-start").is_displayed() or None, 10)
    browser.find_element("id", "sitgo-start").click()
    link = _wait(
        "the link to his table", lambda: [e for e in browser.find_elements("id", "sitgo-table") if e.is_displayed()], 10
    )[0]
    assert re.fullmatch(r"Your table: sng-1, seat [1-6]", link.text), link.text
    link.click()
    _wait("the table page", lambda: browser.current_url.endswith("/table/sng-1"), 10)
    level = _wait("the sit & go panel", lambda: browser.find_element("id", "tournament-level").text or None, 10)
    assert level.startswith("Level 1: blinds 5/10 · 6 of 6 players left · prize pool 600"), level
    assert browser.find_element("id", "tournament-tables").text == "Tables: sng-1 (6)"
    assert "you are ann" in browser.find_element("id", "table-title").text
    acted = 0
    while acted < 3:  # his turns: the tournament waits for his click each time
        assert time.monotonic() < started + TEST_SECONDS, player.page()
        page = player.page()
        if page["mine"] and page["buttons"]:
            for b in ("btn-pat", "btn-check", "btn-call"):
                if b in page["buttons"] and player.click(f"#{b}"):
                    acted += 1
                    _poll(lambda: not player.page()["mine"], 5)
                    break
        time.sleep(0.05)
    assert player.page()["error"] == ""
    problems = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not problems, problems
