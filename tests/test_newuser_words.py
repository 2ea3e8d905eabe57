"""What a new user reads from the commands added since issue 11's first fixes (issue 11, items 5
and 6): the forms `lowball play`'s help lists are the forms it accepts, a sampled run's options
given to an exact `lowball odds` run are reported as not used rather than silently ignored, and
every `lowball` command the documentation (the README and the pages of docs/) shows in a bash
block (the server, the Dask cluster) parses as written. Each with its exact text."""

from __future__ import annotations

import os
import re
import shlex
import socket
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from doc_pages import ALL_TEXT, README

from lowball.cli import main
from lowball.cli.play import HELP, parse_command
from lowball.engine import LegalActions

ROOT = Path(__file__).resolve().parent.parent
OPEN = LegalActions(0, "betting", check=True, bet=True, min_to=2, max_to=50)


@pytest.mark.parametrize(
    ("typed", "kind"),
    [("?", "help"), ("h", "help"), ("help", "help"), ("HELP", "help")]
    + [("q", "quit"), ("quit", "quit"), ("exit", "quit"), ("Exit", "quit")],
)
def test_play_accepts_every_form_its_help_lists(typed: str, kind: str) -> None:
    assert parse_command(typed, OPEN, (), stack=100).kind == kind


def test_play_help_lists_the_forms_it_accepts() -> None:
    # the prompt's ? help (before: only "?" and "q", though h, help, quit and exit work too)
    assert HELP.splitlines()[-2:] == [
        "  q         quit                      ?         this help, and the odds",
        "  Words work too: fold, check, call, bet 20, raise 40, pat, draw 9h Kd; help or h for ?, quit or exit for q. "
        "? shows the odds: the draw table at a draw, the pot odds facing a bet.",
    ]
    r = CliRunner().invoke(main, ["play", "--help"])
    assert r.exit_code == 0
    assert "    q          quit (or exit)            ?        help, and the odds (or h, help)\n" in r.output


def test_play_help_typed_as_a_word_shows_the_help_then_exit_quits() -> None:
    r = CliRunner().invoke(main, ["play", "-n", "2", "--seed", "1"], input="help\nh\nexit\n")
    assert r.exit_code == 0, r.output
    assert r.output.count(HELP + "\n") == 2
    assert "\nhero> exit\nYou leave after 0 hands (leaving the hand in play) with 198 chips (-2).\n" in r.output


EXACT = ["odds", "7c6d4h3s2c", "9h8h5d4c2s", "--discards", "-,9h8h"]
EXACT_OUT = """\
exact: every one of 861 deals counted (1 draw to come)

   hand            first draw        win     tie   equity
 1 7c 6d 4h 3s 2c  pat           98.955%  0.000%  98.955%
 2 9h 8h 5d 4c 2s  throws 9h 8h   1.045%  0.000%   1.045%
"""


@pytest.mark.parametrize(
    ("extra", "unused"),
    [
        ([], None),
        (["--seed", "3"], "--seed 3"),
        (["--trials", "100", "--seed", "3"], "--trials 100, --seed 3"),
        (["--stderr", "0.01", "--threads", "2"], "--stderr 0.01, --threads 2"),
        (["--workers", "2"], "--workers 2"),
    ],
)
def test_odds_exact_run_says_which_sampling_options_it_did_not_use(extra: list[str], unused: str | None) -> None:
    # before: an exact count took --seed, --trials, --stderr, --threads and --workers without a word
    r = CliRunner().invoke(main, EXACT + extra)
    assert r.exit_code == 0, r.output
    assert r.stdout == EXACT_OUT
    note = f"lowball odds: {unused} not used: every deal was counted exactly (those options set a sampled run)\n"
    assert r.stderr == ("" if unused is None else note)


def test_odds_sampled_run_uses_its_options_without_a_note() -> None:
    r = CliRunner().invoke(
        main, ["odds", "7c6d4h3s2c", "9h8h5d4c2s", "--draws", "2", "--trials", "1000", "-q", "--seed", "3"]
    )
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("sampled: 1,000 trials, seed 3 (2 draws to come; --seed 3 repeats this run)\n")
    assert r.stderr == ""


def _bash_lowball_commands() -> list[str]:
    """Every `lowball ...` line of the documentation's bash blocks and inline code spans (but those
    with a placeholder such as N), but the README's set-up lines test_readme.py runs."""
    blocks = re.findall(r"^```bash\n(.*?)^```$", ALL_TEXT, flags=re.M | re.S)
    lines = [line.split("  #")[0].strip() for body in blocks for line in body.splitlines()]
    commands = [c.strip() for line in lines for c in line.split("&&") if c.strip().startswith("lowball ")]
    spans = re.findall(r"`(lowball \w+ -[^`]*)`", ALL_TEXT)
    commands += [c for c in spans if not any(re.fullmatch(r"[A-Z]+", w) for w in c.split())]  # no N, HAND
    setup = re.findall(r"<!-- ci:\w+ -->\n```bash\n(.+)\n```", README)
    return [c for c in commands if not any(c in s for s in setup)]


BASH = _bash_lowball_commands()


def test_the_readme_bash_commands_are_found() -> None:
    first = BASH.index("lowball serve --tables 2 --variant F2L3D --db lowball.sqlite")
    assert BASH[first : first + 3] == [
        "lowball serve --tables 2 --variant F2L3D --db lowball.sqlite",
        "lowball simulate --hands 10000000 --seed 7 --scheduler tcp://10.0.0.5:8786",
        "lowball odds 8s7h4d3c2s 9h8d6c4s2d --draws 3 --trials 100000000 --scheduler tcp://10.0.0.5:8786",
    ]
    assert "lowball serve --db postgresql://lowball@db.example:5432/rooms" in BASH  # the PostgreSQL page's
    assert "lowball serve --tables 3 --variant F2L3D,FB,LB-FA5L3D" in BASH


@pytest.mark.parametrize("command", BASH)
def test_a_readme_bash_command_parses_as_written(command: str) -> None:
    """Its options and values are the command's (every option's check runs; nothing is served or
    sent to a cluster: these need a server's lifetime or a cluster)."""
    args = shlex.split(command)
    sub = main.commands[args[1]]
    # the group's own settings (-h beside --help): a subcommand keeps the help option of the first
    # context it is made in, so a bare Context here took -h away from later tests' invocations
    with click.Context(main, info_name="lowball", **main.context_settings) as parent:
        ctx = sub.make_context(args[1], args[2:], parent=parent)
    assert ctx.params


SERVE_REFUSED = [
    (["--port", "0"], "--port", "0 is not allowed: expected a whole number 1..65535"),
    (["--port", "http"], "--port", "'http' is not a whole number: expected a whole number 1..65535"),
    (["--tables", "0"], "--tables", "0 is not allowed: expected a whole number 1..100"),
    (["--tables", "t3,t3"], "--tables", "'t3' is named twice: expected each table once"),
    (
        ["--tables", "t3,"],
        "--tables",
        "a table id = '': expected a name of 1 to 64 printable characters (or a number of tables, 1..100)",
    ),
    (["--seats", "9"], "--seats", "9 is not allowed: expected a whole number 2..8"),
    (["--seats", "7"], "--seats", "7 is not allowed: expected a whole number 2..6 (F2L3D seats at most 6)"),
    (["--seats", ""], "--seats", "'' is not a whole number: expected a whole number 2..8"),
    (["--bot-delay", "-1"], "--bot-delay", "-1 is not allowed: expected seconds 0..3600"),
    (["--action-seconds", "nan"], "--action-seconds", "nan is not allowed: expected seconds 0..3600"),
    (["--time-bank", "1m"], "--time-bank", "'1m' is not a number: expected seconds 0..3600"),
    (["--next-hand-delay", "3601"], "--next-hand-delay", "3601 is not allowed: expected seconds 0..3600"),
    (["--token-hours", "0"], "--token-hours", "0 is not allowed: expected hours above 0, at most 8760"),
]


@pytest.mark.parametrize(("args", "option", "message"), SERVE_REFUSED, ids=[" ".join(a) for a, _, _ in SERVE_REFUSED])
def test_serve_numbers_are_refused_in_the_words_of_the_other_commands(
    args: list[str], option: str, message: str
) -> None:
    # before: click's ranges answered "0 is not in the range 1<=x<=65535." (draw, odds and
    # simulate say "0 is not allowed: expected a whole number 1..32")
    r = CliRunner().invoke(main, ["serve", *args])
    assert r.exit_code == 2
    assert r.stderr == f"lowball serve: {option}: {message}\n"  # the commands' one style (issue 33)


def test_serve_help_gives_each_number_its_range_and_default() -> None:
    r = CliRunner().invoke(main, ["serve", "--help"], terminal_width=240)
    assert r.exit_code == 0
    lines = [" ".join(line.split()) for line in r.stdout.splitlines()]
    for line in [
        "--host HOST The address to listen on (loopback unless told). [default: 127.0.0.1]",
        "--port PORT The TCP port (1..65535). [default: 8000]",
        "--db FILE|URL The SQLite database of the tables, or a PostgreSQL URL (postgresql://user@host/dbname); "
        "its tables are resumed where they were (mid-hand too). [default: lowball.sqlite]",
        "--tables N|ID,... Tables to run: a number (the database's tables and t1, t2, ...; 1..100), or the ids "
        "of this server's own tables (t3,t4: the others of a shared PostgreSQL database are other processes'). "
        "[default: 2]",
        "--seats N Seats at each new table (2..6; badugi (FB) 2..8: each game's max_players). [default: 6]",
        "--bot-delay SECONDS Seconds a bot waits before it acts (0..3600). [default: 0.6]",
        "--next-hand-delay SECONDS Seconds between hands (0..3600). [default: 3.0]",
    ]:
        assert line in lines


@pytest.mark.parametrize("command", [["simulate", "-k", "5"], ["odds", "7c6d4h3s2c", "9h8h5d4c2s", "--draws", "2"]])
@pytest.mark.parametrize("address", ["", "  "])
def test_an_empty_scheduler_address_is_refused_as_such(command: list[str], address: str) -> None:
    # before: "--scheduler : cannot reach the Dask scheduler: missing port number in address ''"
    r = CliRunner().invoke(main, [*command, "--scheduler", address])
    assert r.exit_code == 2
    assert r.stderr == (
        f"lowball {command[0]}: --scheduler {address!r}: expected the Dask scheduler's address (tcp://HOST:8786)\n"
    )


def test_table_counts_agree_with_their_nouns() -> None:
    from lowball import VARIANTS, BuyIn, Table
    from lowball.errors import TableError

    t = Table(VARIANTS["F2L3D"], seats=2, seed=1, buy_in=BuyIn(2, 101))
    assert repr(t) == "<Table 'table' 2-7 triple draw, fixed limit, 0/2 seats, 0 hands played, seq 0>"
    with pytest.raises(TableError) as e:
        t.sit(0, "ann", 1, now=0.0)
    assert str(e.value) == "seat 0: 1 chip is below the buy-in of 2 (WSOP-LAR 100, 101)"  # was "1 chips"
    t.sit(0, "ann", 100, now=0.0)
    t.sit(1, "bob", 101, now=0.0)
    with pytest.raises(TableError) as e:
        t.add_chips(1, 1)
    assert str(e.value) == "seat 1: 1 more chip would make 102, above the table's maximum of 101"
    with pytest.raises(TableError) as e:
        t.add_chips(0, 2)
    assert str(e.value) == "seat 0: 2 more chips would make 102, above the table's maximum of 101"
    t.deal(now=0.0)
    t.act(t.actor, {"kind": "fold"}, seq=t.seq, now=0.0)
    assert repr(t) == "<Table 'table' 2-7 triple draw, fixed limit, 2/2 seats, 1 hand played, seq 2>"  # was "1 hands"


def test_odds_counts_agree_with_their_nouns() -> None:
    from lowball import odds
    from lowball.cards import parse_cards
    from lowball.errors import InvalidValueError

    hand = parse_cards("8s7h4d3c2s")
    others = [c for c in parse_cards(" ".join(r + s for r in "23456789TJQKA" for s in "cdhs")) if c not in hand]
    with pytest.raises(InvalidValueError) as e:
        odds.draw_outcomes(hand, discard="8s7h", removed=others[:46])
    assert str(e.value) == (  # was "1 cards are"
        "the discard needs 2 replacement cards, but only 1 can come: 1 card in the stub and 0 dead cards that a "
        "reshuffle brings back from the muck (removed cards never come back)"
    )
    with pytest.raises(InvalidValueError) as e:
        odds.draw_outcomes(hand, discard="8s7h", dead=others[:1], removed=others[1:])
    assert str(e.value) == (
        "the discard needs 2 replacement cards, but only 1 can come: 0 cards in the stub and 1 dead card that a "
        "reshuffle brings back from the muck (removed cards never come back)"
    )


def test_draw_help_says_a_badugi_hand_is_four_cards() -> None:
    r = CliRunner().invoke(main, ["draw", "--help"], terminal_width=400)
    assert r.exit_code == 0
    lines = [" ".join(line.split()) for line in r.stdout.splitlines()]
    assert (
        "--vs-pat LOW An opponent pat on a hand you do not see: a low by its top ranks (9-8 is the roughest 9-8, "
        "9-8-7-6-4; 9 any 9-low), or five cards (four in badugi) taken by their class only (they stay in the deck)."
    ) in lines
    assert (
        "--target LOW Add the chance of this hand or better (8-6, 9, or five cards; four in badugi) and order the "
        "rows by it (unless an opponent orders them by equity)."
    ) in lines


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--host", ""], "--host '': expected the address to listen on (127.0.0.1, or a name such as localhost)"),
        (["--host", " "], "--host ' ': expected the address to listen on (127.0.0.1, or a name such as localhost)"),
        (["--db", ""], "--db '': expected the path of the database file (lowball.sqlite)"),
    ],
)
def test_serve_refuses_an_empty_host_or_database(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # before: --host '' listened on every interface, --db '' said ": is a directory"
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["serve", *args])
    assert os.listdir(tmp_path) == []  # no database was made
    assert r.exit_code == 2
    assert r.stderr == f"lowball serve: {message}\n"


def test_serve_refuses_a_port_in_use_before_opening_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # before: uvicorn's own "ERROR: [Errno ...]" line, after the database was opened, and not status 2
    monkeypatch.chdir(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = CliRunner().invoke(main, ["serve", "--port", str(port)])
    assert os.listdir(tmp_path) == []  # the database was not opened
    assert r.exit_code == 2
    assert r.stderr == f"lowball serve: --host 127.0.0.1 --port {port}: cannot listen there: Address already in use\n"


SAMPLED = ["odds", "7c6d4h3s2c", "9h8h5d4c2s", "--draws", "2", "-q", "--trials", "1000", "--seed", "1"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--workers", "2", "--threads", "2"], "--threads 2: not with --workers 2"),
        (["--threads", "3", "--scheduler", "tcp://127.0.0.1:1"], "--threads 3: not with --scheduler"),
    ],
)
def test_odds_refuses_threads_for_worker_processes(extra: list[str], message: str) -> None:
    # before: --threads was taken and not used (a worker runs its blocks on one thread)
    r = CliRunner().invoke(main, SAMPLED + extra)
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == f"lowball odds: {message}, whose processes run one thread each (give one of them)\n"


def test_odds_threads_with_one_worker_run_here() -> None:
    r = CliRunner().invoke(main, [*SAMPLED, "--workers", "1", "--threads", "2"])
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("sampled: 1,000 trials, seed 1 (2 draws to come; --seed 1 repeats this run)\n")


def test_server_messages_and_bot_names_number_seats_as_the_table_does(tmp_path: Path) -> None:
    """The room's refusals name seats 0 .. N-1, and the bot at seat k is botk (the page shows
    both as they come: a bot bot3 at seat 2 read as one seat off)."""
    from lowball.server.game import GameServer, ServerError

    server = GameServer(tmp_path / "s.db", tables=1, seats=3, clock=lambda: 0.0)
    try:
        room = server.room("t1")
        refused = [
            (lambda: room.join("bot0", None, 0.0), "player = 'bot0': names bot1, bot2, ... are the bots'"),
            (
                lambda: room.join("ann", 3, 0.0),
                "seat = 3: expected a seat number 0..2 of table t1 (the JSON counts seats from 0: seat 1 is 0)",
            ),
        ]
        for call, message in refused:
            with pytest.raises(ServerError) as e:
                call()
            assert str(e.value) == message
        _, sitting = room.join("ann", 1, 0.0)
        assert sitting.seat == 1
        room.pump(0.0)
        # bots named by their seat as people count seats (issue 27): bot1 at the JSON's seat 0
        assert [None if s is None else s.player for s in room.table.seats] == ["bot1", "ann", "bot3"]
        with pytest.raises(ServerError) as e:
            room.join("bob", 1, 0.0)
        assert str(e.value) == "seat 2 of table t1 is a person's"
    finally:
        server.close()


def test_a_table_action_names_the_key_that_is_not_one() -> None:
    """{"kind": "raise", "to": 9} was refused as 'expected kind, and amount or cards' without
    saying that "to" was the fault; the table is unchanged after each refusal."""
    from lowball import VARIANTS, IllegalActionError, Table

    t = Table(VARIANTS["N2L1D"], seats=2, seed=1)
    t.sit(0, "ann", 100, now=0.0)
    t.sit(1, "bob", 100, now=0.0)
    t.deal(now=0.0)
    before = t.snapshot()
    cases = {
        (("kind", "raise"), ("to", 9)): "unknown key 'to': expected kind, and amount or cards",
        (("kind", "raise"), ("to", 9), ("size", 2)): "unknown keys 'size', 'to': expected kind, and amount or cards",
        (("amount", 9),): "no kind: expected kind, and amount or cards",
    }
    for items, tail in cases.items():
        action = dict(items)
        with pytest.raises(IllegalActionError) as e:
            t.act(t.actor, action, seq=t.seq, now=0.0)
        assert str(e.value) == f"seat {t.actor}: action {action!r}: {tail}"
        assert t.snapshot() == before


def test_a_room_saved_with_the_old_bot_names_still_seats_its_bots(tmp_path: Path) -> None:
    """Bots were named by the table's seat numbers (bot0 at seat 0) before they took their
    seat's number as people count seats (issue 27: bot1 at seat 0): in a room resumed from such
    a database, bot1 may sit at the table's seat 1 while seat 0 is empty; the new bot there
    takes the lowest free name instead of failing every pump ('bot1' already sits)."""
    from lowball.server.game import GameServer

    db = tmp_path / "s.db"
    server = GameServer(db, tables=1, seats=3, clock=lambda: 0.0)
    try:
        room = server.room("t1")
        room._add_bot_strategy(1, server.bot_kind)  # as the old code seated its bot at seat 1
        room.table.sit(1, "bot1", 200, post=True, now=0.0)
        room._save()
    finally:
        server.close()
    server = GameServer(db, tables=1, seats=3, clock=lambda: 0.0)
    try:
        room = server.room("t1")
        room.join("ann", 2, 0.0)
        room.pump(0.0)
        assert [None if s is None else s.player for s in room.table.seats] == ["bot0", "bot1", "ann"]
    finally:
        server.close()
