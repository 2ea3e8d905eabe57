"""play, simulate and replay in the ready-made A-5 triple draw (LB-FA5L3D) and badugi (FB)
variants (issue 16): the sensible bot beats the random bot and the calling station in seeded
matches, a badugi hand at the terminal (four cards, discarding all four), a badugi history
replayed with its hands in badugi's words."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lowball.cli import main
from lowball.simulate import simulate
from lowball.variants import VARIANTS


@pytest.mark.parametrize(
    ("code", "opponent", "seed", "chips", "showdowns"),
    [
        ("LB-FA5L3D", "random", 21, 6824, 341),
        ("LB-FA5L3D", "calling", 22, 1600, 1000),  # the calling station sees every showdown
        ("FB", "random", 21, 6325, 466),
        ("FB", "calling", 22, 1760, 1000),
    ],
)
def test_sensible_wins_heads_up_in_a5_and_badugi(
    code: str, opponent: str, seed: int, chips: int, showdowns: int
) -> None:
    """1000 seeded hands heads-up, fixed limit 2/4: the sensible bot's exact winnings (all of
    them positive: +160 to +682 chips per 100 hands)."""
    result = simulate(VARIANTS[code], ["sensible", opponent], 1000, seed=seed)
    assert [s.chips for s in result.seats] == [chips, -chips]
    assert result.showdowns == showdowns


def test_simulate_command_names_the_variant() -> None:
    r = CliRunner().invoke(
        main, ["simulate", "-v", "fb", "-n", "2", "-k", "20", "--seed", "1", "--no-timing", "-q", "--workers", "1"]
    )
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == "badugi, fixed limit (FB), 2 players, 20 hands, seed 1"


def test_help_lists_the_new_codes() -> None:
    r = CliRunner().invoke(main, ["simulate", "--help"])
    assert "[F2L1D|F2L3D|N2L1D|N2L3D|P2L1D|P2L3D|FB|LB-FA5L3D]" in r.stdout
    assert "LB-FA5L3D (A-5 triple draw, fixed limit 2/4" in " ".join(r.stdout.split())
    assert "FB (badugi, fixed limit 2/4: four cards, triple draw)" in " ".join(r.stdout.split())


def test_play_badugi_at_the_terminal() -> None:
    r = CliRunner().invoke(
        main, ["play", "-v", "FB", "-n", "2", "--seed", "3", "--bots", "calling"], input="x\np 1\nd 1 2 3 4\nq\n"
    )
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert "hero is dealt Ks 8h 2c 2h" in lines
    assert "Your hand: 1:Ks  2:8h  3:2c  4:2h   (K-8-2: three-card K)" in lines
    assert "  p takes nothing after it: it keeps all four cards\n" in r.stdout
    assert "hero discards Ks 8h 2c 2h and draws Qd Th Td Js\n" in r.stdout
    assert "Your hand: 1:Qd  2:Js  3:Td  4:Th   (Q-J-T: three-card Q)" in lines


def test_replay_a_badugi_history(tmp_path: Path) -> None:
    simulate(VARIANTS["FB"], ["sensible"] * 3, 1, seed=2, phh_dir=tmp_path)
    r = CliRunner().invoke(main, ["replay", "-a", str(tmp_path / "hand-000001.phh")])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == f"{tmp_path / 'hand-000001.phh'}: badugi, fixed limit 2/4 (FB), hand 1"
    told = [ln.strip() for ln in lines if " is dealt " in ln or " shows " in ln or " discards " in ln]
    assert told == [
        "p1 sensible is dealt 8h 7s 3c 2s",
        "p2 sensible is dealt Jc Tc 9s 7c",
        "p3 sensible is dealt Qc Qs Jd Ad",  # the ace low, last
        "p1 sensible discards 7s",  # keeps 8-3-2 of three suits
        "p2 sensible discards 9s Jc Tc",
        "p3 sensible discards Jd Qs Qc",
        "p1 sensible discards Qd",
        "p2 sensible discards 7c Td",
        "p3 sensible discards 4h",
        "p1 sensible discards 8d",
        "p2 sensible discards 9c Kc",
        "p3 sensible discards Ks",
        "p1 sensible shows 8h 5c 3c 2s: 8-3-2: three-card 8",
        "p3 sensible shows Jh 6s 3h Ad: 6-3-A: three-card 6",
    ]
    assert lines[-1] == "the file's finishing_stacks match the replay"


def test_play_question_mark_counts_the_badugi_discards() -> None:
    r = CliRunner().invoke(main, ["play", "-v", "FB", "-n", "2", "--seed", "3", "--bots", "calling"], input="x\n?\nq\n")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    start = lines.index("badugi: Ks 8h 2c 2h (K-8-2: three-card K)")
    assert lines[start + 1 : start + 7] == [
        "48 unseen cards; every replacement counted exactly",
        "chance of a four-card badugi this high or better after the draw",
        "",
        " #  keep         draw  7-high  8-high  9-high  T-high",
        " 1  8h 2c        2       0.0%    2.7%    3.7%    5.0%",
        " 2  2h           3       0.7%    1.2%    1.9%    2.9%",
    ]
    assert "(best 8 of 16 discards)" in lines
