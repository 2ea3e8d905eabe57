"""`lowball simulate`: the report, JSON, reproducibility, PHH output, stacks, bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from lowball import Deck, HandState, phh
from lowball.cli import main
from lowball.errors import InvalidTypeError, LowballError, TableError
from lowball.parallel import shard_seeds
from lowball.simulate import simulate
from lowball.table import BuyIn, Table
from lowball.variants import VARIANTS


def run(*args: str, input: str | None = None):  # noqa: A002
    return CliRunner().invoke(main, list(args), input=input)


def test_text_report() -> None:
    r = run("simulate", "--players", "3", "--hands", "200", "--seed", "5", "--bots", "sensible,random,calling")
    assert r.exit_code == 0, r.output
    out = r.stdout
    lines = out.splitlines()
    assert lines[0] == "2-7 triple draw, fixed limit (F2L3D), 3 players, 200 hands, seed 5"
    assert lines[1] == "starting stack 200 chips, carried over; a broke seat rebuys the starting stack"
    seat_rows = [ln.split() for ln in lines if re.match(r"^\s+\d\s+\w", ln)]
    assert [row[:2] for row in seat_rows] == [["1", "sensible"], ["2", "random"], ["3", "calling"]]
    chips = [int(row[2]) for row in seat_rows]
    assert sum(chips) == 0
    # per 100 hands is chips / 2 with 200 hands
    assert [float(row[3]) for row in seat_rows] == [c / 2 for c in chips]
    bot_rows = {ln.split()[0]: ln.split() for ln in lines if ln.split()[:1] in (["sensible"], ["random"], ["calling"])}
    assert set(bot_rows) == {"sensible", "random", "calling"}
    assert re.search(r"^hands to showdown\s+\d+\.\d%$", out, re.M)
    assert re.search(r"^average pot\s+\d+\.\d\d chips$", out, re.M)
    assert re.search(r"^reshuffles per hand\s+\d\.\d{4}$", out, re.M)
    assert re.search(r"^hands per second\s+\d+ \(in process\)$", out, re.M)
    # the progress bar goes to standard error, never into the report
    assert "simulating" in r.stderr and "simulating" not in out


def test_seeded_runs_are_identical_and_seeds_differ() -> None:
    args = ["simulate", "-n", "4", "-k", "150", "--no-timing", "-q", "--bots", "sensible,random"]
    a = run(*args, "--seed", "9")
    b = run(*args, "--seed", "9")
    c = run(*args, "--seed", "10")
    assert a.exit_code == b.exit_code == c.exit_code == 0
    assert a.stdout == b.stdout
    assert a.stdout != c.stdout
    assert "hands per second" not in a.stdout
    assert a.stderr == ""  # --quiet: no progress bar


def test_json_output_matches_the_library() -> None:
    r = run("simulate", "-v", "n2l1d", "-n", "3", "-k", "120", "-s", "4", "--json", "-q", "--bots", "sensible,random")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    expected = simulate(VARIANTS["N2L1D"], ["sensible", "random", "sensible"], 120, seed=4)
    want = expected.to_dict(timing=False)
    assert {k: v for k, v in data.items() if k not in ("seconds", "hands_per_second", "ran_on")} == want
    assert data["ran_on"] == "in process"  # one session (120 hands) plays in process
    assert data["variant"] == "N2L1D" and data["players"] == 3 and data["hands"] == 120
    assert [s["bot"] for s in data["seats"]] == ["sensible", "random", "sensible"]
    assert sum(s["chips"] for s in data["seats"]) == 0
    sensible = next(b for b in data["bots"] if b["bot"] == "sensible")
    assert sensible["seats"] == [1, 3]
    assert sensible["chips"] == data["seats"][0]["chips"] + data["seats"][2]["chips"]
    assert data["hands_per_second"] > 0


def test_shares_and_totals_add_up() -> None:
    result = simulate(VARIANTS["F2L3D"], ["sensible", "random", "calling", "sensible"], 300, seed=2)
    d = result.to_dict(timing=False)
    # Every hand has at least one winner: at showdown or not.
    won_sd = sum(s.won_showdown for s in result.seats)
    won_nsd = sum(s.won_without_showdown for s in result.seats)
    assert won_nsd == 300 - result.showdowns  # one winner when everyone else folds
    assert won_sd >= result.showdowns
    assert d["showdown_share"] == round(result.showdowns / 300, 4)
    assert d["average_pot"] == round(result.total_pot / 300, 2)
    assert d["reshuffles_per_hand"] == round(result.reshuffles / 300, 4)


def test_rebuys_and_reset_stacks() -> None:
    # Small stacks: the random bot goes broke and buys in again; chips stay net.
    carried = simulate(VARIANTS["N2L3D"], ["sensible", "random"], 200, seed=1, stack=20)
    assert carried.seats[1].rebuys > 0
    assert sum(s.chips for s in carried.seats) == 0
    reset = simulate(VARIANTS["N2L3D"], ["sensible", "random"], 200, seed=1, stack=20, reset_stacks=True)
    assert [s.rebuys for s in reset.seats] == [0, 0]
    assert sum(s.chips for s in reset.seats) == 0
    r = run(
        "simulate",
        "-v",
        "N2L3D",
        "-n",
        "2",
        "-k",
        "50",
        "-s",
        "1",
        "--stack",
        "20",
        "--reset-stacks",
        "-q",
        "--no-timing",
    )
    assert r.exit_code == 0, r.output
    assert "starting stack 20 chips, reset every hand" in r.stdout


def test_phh_files_replay_to_the_same_hands(tmp_path: Path) -> None:
    out = tmp_path / "hands"
    r = run(
        "simulate",
        "-n",
        "3",
        "-k",
        "25",
        "-s",
        "8",
        "--bots",
        "sensible,random,calling",
        "--phh",
        str(out),
        "-q",
        "--json",
        "--no-timing",
    )
    assert r.exit_code == 0, r.output
    files = sorted(out.glob("*.phh"))
    assert [f.name for f in files] == [f"hand-{k:06d}.phh" for k in range(1, 26)]
    total = [0, 0, 0]
    for k, f in enumerate(files, start=1):
        hist = phh.load(f)
        assert hist.fields["hand"] == k
        assert sorted(hist.fields["seats"]) == [1, 2, 3]
        # the button (last position) moves one seat each hand: seat 3, 1, 2, 3, ...
        assert hist.fields["seats"][-1] == (k - 1 + 2) % 3 + 1
        state = hist.play()
        assert hist.finishing_stacks is not None
        assert tuple(state.stacks) == hist.finishing_stacks
        for pos, seat in enumerate(hist.fields["seats"]):
            total[seat - 1] += state.stacks[pos] - state.starting_stacks[pos]
        assert hist.fields["players"] == [["sensible", "random", "calling"][s - 1] for s in hist.fields["seats"]]
    data = json.loads(r.stdout)
    assert [s["chips"] for s in data["seats"]] == total
    # and the command replays one of them
    rr = run("replay", "--all", str(files[0]))
    assert rr.exit_code == 0, rr.output
    assert "the file's finishing_stacks match the replay" in rr.stdout


def test_stacks_carry_over_between_hands(tmp_path: Path) -> None:
    simulate(VARIANTS["F2L3D"], ["sensible", "random"], 6, seed=3, phh_dir=tmp_path)
    prev: dict[int, int] | None = None
    for f in sorted(tmp_path.glob("*.phh")):
        hist = phh.load(f)
        start = dict(zip(hist.fields["seats"], hist.starting_stacks))
        if prev is not None:
            assert start == {s: (v if v > 0 else 200) for s, v in prev.items()}
        assert hist.finishing_stacks is not None
        prev = dict(zip(hist.fields["seats"], hist.finishing_stacks))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "7"], "lowball simulate: --players: 7 is not allowed: expected a whole number 2..6 (F2L3D"),
        (["--players", "1"], "--players: 1 is not allowed: expected a whole number 2..8"),
        (["--hands", "0"], "0 is not allowed: expected a whole number >= 1"),
        (
            ["--variant", "NLHE"],
            "lowball simulate: --variant: 'NLHE' is not a variant code: expected one of F2L1D",
        ),
        (["--seed", "-1"], "-1 is not allowed: expected a whole number >= 0"),
        (["--stack", "0"], "0 is not allowed: expected a whole number >= 1"),
        (["--bots", "sensible,shark"], "lowball simulate: --bots: unknown bot 'shark'"),
        (["--bots", "sensible,,random"], "an empty bot name"),
        (["--bots", "nosuchmodule_q:Bot"], "lowball simulate: bot 'nosuchmodule_q:Bot' cannot be imported"),
        (["--hands", "ten"], "'ten' is not a whole number: expected a whole number >= 1"),
        (["--seed", "abc"], "'abc' is not a whole number: expected a whole number >= 0"),
        (["--variant", "n2l1d", "--hands", "ten"], "'ten' is not a whole number"),
    ],
)
def test_bad_input_exits_2(args: list[str], message: str) -> None:
    r = run("simulate", "-q", *args)
    assert r.exit_code == 2
    assert message in r.stderr
    assert r.stdout == ""


def test_phh_never_overwrites_a_hand(tmp_path: Path) -> None:
    """A directory that already holds a hand this run would write: refused before any hand is
    played (exit 2, naming the file), and every file left as it was."""
    first = run("simulate", "-n", "2", "-k", "3", "-s", "1", "--phh", str(tmp_path), "-q")
    assert first.exit_code == 0, first.output
    before = {f.name: f.read_bytes() for f in tmp_path.iterdir()}
    assert sorted(before) == ["hand-000001.phh", "hand-000002.phh", "hand-000003.phh"]
    (tmp_path / "hand-000001.phh").unlink()  # the first clash is then hand 2
    del before["hand-000001.phh"]
    again = run("simulate", "-n", "2", "-k", "5", "-s", "2", "--phh", str(tmp_path), "-q")
    assert again.exit_code == 2
    assert again.stdout == ""
    assert again.stderr == (
        f"lowball simulate: {tmp_path / 'hand-000002.phh'} already exists: hands are never "
        "overwritten; write them to a new or empty directory\n"
    )
    assert {f.name: f.read_bytes() for f in tmp_path.iterdir()} == before  # hand 1 not written
    # Other files, and hands beyond this run's count, are no clash.
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "hand-000009.phh").write_text("not this run's")
    ok = run("simulate", "-n", "2", "-k", "1", "-s", "2", "--phh", str(tmp_path), "-q")
    assert ok.exit_code == 0, ok.output
    assert phh.load(tmp_path / "hand-000001.phh").fields["hand"] == 1
    assert (tmp_path / "hand-000009.phh").read_text() == "not this run's"
    # The library function refuses the same way.
    with pytest.raises(LowballError, match=r"hand-000001\.phh already exists"):
        simulate(VARIANTS["F2L3D"], ["sensible", "random"], 2, seed=3, phh_dir=tmp_path)


def test_phh_dir_that_is_a_file(tmp_path: Path) -> None:
    f = tmp_path / "taken"
    f.write_text("x")
    r = run("simulate", "-q", "-k", "2", "--phh", str(f))
    assert r.exit_code == 2
    assert "taken" in r.stderr


def test_an_empty_phh_dir_is_refused_not_taken_as_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for empty in ("",):  # " " is a legal directory name, and made as such
        r = run("simulate", "-q", "-k", "2", "--phh", empty)
        assert r.exit_code == 2 and r.stdout == ""
        assert (
            r.stderr
            == f"lowball simulate: --phh {empty!r} is empty: give a directory for the PHH files (--phh hands)\n"
        )
        with pytest.raises(LowballError) as e:
            simulate(VARIANTS["F2L3D"], ["sensible", "random"], 2, seed=3, phh_dir=empty)
        assert str(e.value) == f"phh_dir = {empty!r} is empty: expected a directory for the PHH files"
    assert list(tmp_path.iterdir()) == []


def test_help_explains_every_option() -> None:
    r = run("simulate", "--help")
    assert r.exit_code == 0
    for opt in (
        "--variant",
        "--players",
        "--hands",
        "--seed",
        "--bots",
        "--stack",
        "--reset-stacks",
        "--phh",
        "--json",
        "--no-timing",
        "--quiet",
        "--help",
    ):
        assert opt in r.stdout
    assert "rebuy" in r.stdout and "F2L3D" in r.stdout and "calling" in r.stdout
    top = run("--help")
    for cmd in ("play", "simulate", "replay", "rank", "compare"):
        assert re.search(rf"^\s+{cmd}\s", top.stdout, re.M)


def test_table_reset_stacks_books_chips_in_and_out() -> None:
    """Table.reset_stacks, the one method simulations add to the server table: every seated
    stack becomes the amount; chips given count as chips in, chips taken as chips out, so the
    table's accounting (chips in = at the table + rake + out) still holds."""
    table = Table(VARIANTS["F2L3D"], seats=3, seed=1, buy_in=BuyIn(20, 100), clock=lambda: 0.0)
    table.sit(0, "ann", 20)
    table.sit(2, "cid", 90)
    assert (table.chips_in, table.chips_out) == (110, 0)
    table.reset_stacks(50)
    # seat 0 gets 30 more, seat 2 gives 40 back; the empty seat 1 stays empty
    assert [None if i is None else i.chips for i in table.seats] == [50, None, 50]
    assert (table.chips_in, table.chips_out, table.chips_at_table()) == (140, 40, 100)
    assert table.chips_in == table.chips_at_table() + table.rake_total + table.chips_out
    last = table.events_for(None)[-1]
    assert (last.kind, last.amount, last.data) == ("reset_stacks", 50, {"chips_in": 30, "chips_out": 40})
    # refused: above the buy-in's maximum, and during a hand (the table left as it was)
    before = table.snapshot()
    with pytest.raises(TableError, match=r"^reset_stacks: 101 chips is above the table's maximum buy-in of 100$"):
        table.reset_stacks(101)
    assert table.snapshot() == before
    table.deal()
    before = table.snapshot()
    with pytest.raises(TableError, match=r"^reset_stacks: hand 1 is still being played$"):
        table.reset_stacks(50)
    assert table.snapshot() == before


def test_each_hand_is_dealt_from_its_own_seeded_deck(tmp_path: Path) -> None:
    """Hand k of session j of a seeded run is shuffled from SeedSequence(shard_seeds(seed)[j],
    spawn_key=(k,)) (the session table's seed), whatever happened in earlier hands: each file's
    first cards dealt are those of a fresh hand dealt from that deck. Sessions of 3 hands here:
    hands 4 and 5 are the second session's first two."""
    variant = VARIANTS["F2L3D"]
    simulate(variant, ["sensible", "random", "calling"], 5, seed=21, phh_dir=tmp_path, shard_hands=3)
    seeds = shard_seeds(21, 2)
    assert seeds == [int(c.generate_state(1, np.uint64)[0]) >> 1 for c in np.random.SeedSequence(21).spawn(2)]
    for k in range(1, 6):
        hist = phh.load(tmp_path / f"hand-{k:06d}.phh")
        session, local = divmod(k - 1, 3)
        seed = np.random.SeedSequence(seeds[session], spawn_key=(local + 1,))
        deck = Deck(seed=seed, rule=variant.reshuffle, burn=variant.burn)
        fresh = HandState(variant, list(hist.starting_stacks), deck=deck)
        dealt = [a for a in hist.actions if a.startswith("d dh ")][:3]
        assert dealt == [f"d dh p{p + 1} {''.join(str(c) for c in fresh.hand(p))}" for p in range(3)]


@pytest.mark.parametrize("players", [2, 3])
def test_a_broke_seat_rebuys_and_plays_the_next_hand_with_no_blind_owed(tmp_path: Path, players: int) -> None:
    """Stacks of 20 at no limit: seats go broke. The table sits a broke player out; the
    simulation adds the chips and sits the player in before the next deal, so every seat is
    dealt every hand, no blind is missed or owed (no dead blinds, the usual two posts), and the
    button moves one seat every hand as before."""
    bots = ["sensible", "random", "calling"][:players]
    result = simulate(VARIANTS["N2L3D"], bots, 60, seed=1, stack=20, phh_dir=tmp_path)
    assert sum(r.rebuys for r in result.seats) > 0
    prev: dict[int, int] | None = None
    rebuys = [0] * players
    for k in range(1, 61):
        hist = phh.load(tmp_path / f"hand-{k:06d}.phh")
        seats = hist.fields["seats"]
        assert sorted(seats) == list(range(1, players + 1))
        # the button: the last position (heads-up, the second: the small blind)
        assert seats[-1] == (k - 1 + players - 1) % players + 1
        assert "_lowball_dead_blinds" not in hist.fields and hist.posts is None
        start = dict(zip(seats, hist.starting_stacks))
        if prev is not None:
            for s, v in prev.items():
                assert start[s] == (v if v > 0 else 20)
                rebuys[s - 1] += v == 0
        assert hist.finishing_stacks is not None
        prev = dict(zip(seats, hist.finishing_stacks))
    assert [r.rebuys for r in result.seats] == rebuys


def test_seeded_runs_repeat_hand_for_hand(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    ra = simulate(VARIANTS["F2L3D"], ["sensible", "random", "calling"], 30, seed=5, phh_dir=a)
    rb = simulate(VARIANTS["F2L3D"], ["sensible", "random", "calling"], 30, seed=5, phh_dir=b)
    rc = simulate(VARIANTS["F2L3D"], ["sensible", "random", "calling"], 30, seed=6, phh_dir=c)
    assert rc.to_dict(timing=False) != ra.to_dict(timing=False)
    assert ra.to_dict(timing=False) == rb.to_dict(timing=False)
    texts = [[f.read_text() for f in sorted(d.iterdir())] for d in (a, b, c)]
    assert texts[0] == texts[1] and len(texts[0]) == 30
    assert sum(x != y for x, y in zip(texts[0], texts[2])) == 30


def test_phh_files_of_hands_with_reshuffles_replay(tmp_path: Path) -> None:
    """Six seats of players who draw a lot: the stub runs out and the muck is reshuffled, and
    the written hands still replay card for card to their finishing stacks."""
    result = simulate(VARIANTS["F2L3D"], ["random", "calling"] * 3, 40, seed=6, phh_dir=tmp_path)
    assert result.reshuffles > 0
    for f in sorted(tmp_path.glob("*.phh")):
        hist = phh.load(f)
        assert tuple(hist.play().stacks) == hist.finishing_stacks


def test_phh_never_writes_through_a_link_or_over_a_late_file(tmp_path: Path) -> None:
    """A hand's file name that is a symlink (to a file, or dangling) is a clash like a file: the
    link and its target are left as they were; so is one that appears while the run goes on."""
    out = tmp_path / "out"
    out.mkdir()
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n")
    (out / "hand-000002.phh").symlink_to(target)
    (out / "hand-000003.phh").symlink_to(tmp_path / "nowhere")
    with pytest.raises(LowballError, match=re.escape(f"{out / 'hand-000002.phh'} already exists")):
        simulate(VARIANTS["F2L3D"], ["sensible", "random"], 3, seed=3, phh_dir=out)
    (out / "hand-000002.phh").unlink()
    with pytest.raises(LowballError, match=re.escape(f"{out / 'hand-000003.phh'} already exists")):
        simulate(VARIANTS["F2L3D"], ["sensible", "random"], 3, seed=3, phh_dir=out)
    assert sorted(p.name for p in out.iterdir()) == ["hand-000003.phh"]  # no hand written
    assert not (tmp_path / "nowhere").exists()

    def link_the_next_hand(_: int) -> None:  # after hand 1: hand 2's name taken by a link
        if not (out / "hand-000002.phh").is_symlink():
            (out / "hand-000002.phh").symlink_to(target)

    (out / "hand-000003.phh").unlink()
    with pytest.raises(LowballError) as info:
        simulate(VARIANTS["F2L3D"], ["sensible", "random"], 3, seed=3, phh_dir=out, progress=link_the_next_hand)
    assert str(info.value) == (
        f"{out / 'hand-000002.phh'} already exists: hands are never overwritten; write them to a new or empty directory"
    )
    assert sorted(p.name for p in out.iterdir()) == ["hand-000001.phh", "hand-000002.phh"]
    assert target.read_text() == "keep me\n" and (out / "hand-000002.phh").is_symlink()


def test_phh_dir_of_a_wrong_type() -> None:
    for bad in (3, b"dir", ["dir"]):
        with pytest.raises(InvalidTypeError, match=r"phh_dir = .*: expected a file path"):
            simulate(VARIANTS["F2L3D"], ["sensible", "random"], 1, seed=3, phh_dir=bad)  # type: ignore[arg-type]
