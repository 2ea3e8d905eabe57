"""``lowball import`` and ``lowball replay`` of room files (tests/data/rooms, real files; see
tests/data/SOURCES.md), and ``Table.last_pokerstars``."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from lowball import Table, phh, rooms
from lowball.cli.main import main
from lowball.engine import Action
from lowball.variants import VARIANTS

DATA = Path(__file__).parents[1] / "data" / "rooms"
SAMPLE = DATA / "Stars" / "Triple_Draw_2-7_Lowball-FL-USD-0.10-0.20-201106.sample.txt"
CANCELLED = DATA / "Stars" / "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt"


def test_import_writes_a_phh_file_per_hand_and_a_summary(tmp_path: Path) -> None:
    out = tmp_path / "hands"
    result = CliRunner().invoke(main, ["import", str(SAMPLE), str(CANCELLED), "--out", str(out)])
    assert result.exit_code == 1  # a hand was refused
    assert result.stdout == ("1 hand read, 1 PHH file written, 1 hand refused\n  refused, cancelled: 1\n")
    assert "refused: PokerStars hand #20349633663 at its line 7 'Hand cancelled'" in result.stderr
    [written] = sorted(out.iterdir())
    assert written.name == "stars-63845186378.phh"
    history = phh.load(written)
    assert history.fields["players"] == ["Hero", "Player2", "Player3", "Player4", "Player1"]
    assert history.fields["_lowball_rake"] == 6 and history.fields["table"] == "SeinV"
    assert history.play().stacks == (335, 290, 338, 446, 511)


def test_import_positions_only_and_every_hand_read(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["import", str(SAMPLE), "--out", str(tmp_path), "--positions", "-q"])
    assert result.exit_code == 0
    assert result.stdout == "1 hand read, 1 PHH file written, 0 hands refused\n"
    assert "players" not in phh.load(tmp_path / "stars-63845186378.phh").fields


def test_import_bad_arguments(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["import", str(tmp_path / "nope.txt"), "--out", str(tmp_path)])
    assert missing.exit_code == 2 and "no such file or folder" in missing.stderr
    (tmp_path / "f").write_text("x")
    not_dir = runner.invoke(main, ["import", str(SAMPLE), "--out", str(tmp_path / "f")])
    assert not_dir.exit_code == 2 and "not a folder" in not_dir.stderr


def test_replay_reads_a_room_file_directly() -> None:
    result = CliRunner().invoke(main, ["replay", "--all", str(SAMPLE)])
    assert result.exit_code == 0
    assert (
        "starting stacks: p1 Hero 340, p2 Player2 300, p3 Player3 398, p4 Player4 446, p5 Player1 436" in result.stdout
    )
    assert (
        "finishing stacks: p1 Hero 335, p2 Player2 290, p3 Player3 338, p4 Player4 446, p5 Player1 511" in result.stdout
    )
    refused = CliRunner().invoke(main, ["replay", "--all", str(CANCELLED)])
    assert refused.exit_code == 2 and "no hand read: PokerStars hand #20349633663" in refused.stderr
    wrong = CliRunner().invoke(main, ["replay", "--all", "--hand", "1", str(SAMPLE)])
    assert wrong.exit_code == 2 and "no hand #1 in the file" in wrong.stderr


def test_table_keeps_the_pokerstars_form_of_its_last_hand() -> None:
    table = Table(VARIANTS["F2L3D"], seats=3, seed=3)
    assert table.last_pokerstars is None
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        table.sit(seat, name, 200, now=0)
    table.deal(now=0)
    while table.in_hand:
        legal = table.legal_actions()
        action = Action.check() if legal.check else Action.call() if legal.call else Action.stand_pat()
        table.act(table.actor, action, seq=table.seq, now=0)
    text = table.last_pokerstars
    assert text is not None and text.startswith("PokerStars Hand #1:  Triple Draw 2-7 Lowball Limit (2/4) - ")
    assert f"Seat #{table.button + 1} is the button" in text.splitlines()[1]
    [back] = rooms.read_text(text)
    assert isinstance(back, rooms.RoomHand)
    assert phh.actions_of(back.state) == phh.actions_of(table.last_hand)
    assert sorted(back.players) == ["Ann", "Bob", "Cy"]
