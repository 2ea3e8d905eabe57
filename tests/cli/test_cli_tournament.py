"""``lowball tournament`` (issue 30): a bot tournament at the terminal, its report and --json,
seeded runs reproducible to the byte."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from lowball.cli import main
from lowball.tournament import play_bots, sit_and_go
from lowball.variants import VARIANTS


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args))


def test_a_seeded_run_is_the_same_to_the_byte() -> None:
    a = run("tournament", "-n", "8", "--seed", "5", "-q")
    b = run("tournament", "-n", "8", "--seed", "5", "-q")
    assert a.exit_code == 0, a.output
    assert a.output == b.output
    c = run("tournament", "-n", "8", "--seed", "6", "-q")
    assert c.output != a.output
    j1 = run("tournament", "-n", "8", "--seed", "5", "--json", "-q")
    j2 = run("tournament", "-n", "8", "--seed", "5", "--json", "-q")
    assert j1.output == j2.output


def test_the_report_gives_places_payouts_hands_and_levels() -> None:
    out = run("tournament", "-n", "6", "--seed", "3", "-q", "--variant", "FB", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    # the same tournament played through the library: a field of six fits one badugi table: the sit & go
    t = play_bots(sit_and_go(VARIANTS["FB"]), 6, seed=3)
    assert data == t.summary()
    assert data["entries"] == 6 and data["prize_pool"] == 600 and data["places_paid"] == 3
    assert [r["place"] for r in data["places"]] == [1, 2, 3, 4, 5, 6]
    assert [r["prize"] for r in data["places"]] == [300, 180, 120, 0, 0, 0]
    text = run("tournament", "-n", "6", "--seed", "3", "-q", "--variant", "FB")
    lines = text.output.splitlines()
    assert lines[0] == "badugi, fixed limit (FB), 6 entries, seed 3"
    assert lines[1] == "buy-in 100 + 10, prize pool 600, 3 places paid"
    assert lines[2].startswith(f"hands played {data['hands_played']:,} ({data['rounds']:,} rounds), levels reached "
                               f"{data['levels_reached']}")  # fmt: skip
    assert lines[5].split() == ["1", data["places"][0]["player"], "300"]


def test_a_structure_from_a_toml_file(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(
        'variant = "F2L1D"\nstarting_stack = 200\nbuy_in = 20\nfee = 2\npayouts = "sit_and_go"\n'
        "[[levels]]\nsmall_blind = 5\nbig_blind = 10\nhands = 3\n[[levels]]\nsmall_blind = 50\nbig_blind = 100\n"
    )
    data = json.loads(run("tournament", "-n", "4", "--seed", "1", "-q", "--json", "--structure", str(path)).output)
    assert (data["code"], data["prize_pool"], data["places_paid"]) == ("F2L1D", 80, 2)
    assert [r["prize"] for r in data["places"][:2]] == [52, 28]  # 65% and 35% of 80


def test_bad_options_are_refused() -> None:
    out = run("tournament", "-n", "1001", "-q")
    assert out.exit_code == 2 and "1001" in out.output
    out = run("tournament", "-n", "4", "--structure", "/nonexistent.toml", "-q")
    assert out.exit_code != 0 and "nonexistent.toml" in out.output


def test_serve_runs_a_sit_and_go_of_the_field_given(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``lowball serve --sit-and-go N``: the ready-made sit & go of the first variant, at tables of
    --seats, for N players (issue 30); 1 is refused before anything is made."""
    from lowball.tournament import Structure

    command = sys.modules["lowball.cli.main"]  # the module (lowball.cli.main is also the command's name)
    started: list[dict[str, Any]] = []
    monkeypatch.setattr(command, "_run_server", lambda run_, **options: started.append(options))
    monkeypatch.setattr(command, "_check_listen", lambda ctx, host, port: None)

    def serve(*args: str) -> Any:
        return CliRunner().invoke(main, ["serve", *args], env={"COLUMNS": "80"}, prog_name="lowball")

    r = serve("--sit-and-go", "6", "--seats", "4", "-v", "FB", "--db", str(tmp_path / "a.sqlite"))
    assert r.exit_code == 0, r.output
    s = started[0]["sit_and_go"]
    assert isinstance(s, Structure) and (s.variant.code, s.seats, started[0]["sit_and_go_players"]) == ("FB", 4, 6)
    r = serve("--sit-and-go", "1", "--db", str(tmp_path / "b.sqlite"))
    assert r.exit_code == 2 and len(started) == 1
    assert r.stderr == "lowball serve: --sit-and-go 1: a sit & go needs 2 players or more (0: none)\n"
    r = serve("--db", str(tmp_path / "c.sqlite"))
    assert r.exit_code == 0 and "sit_and_go" not in started[1]
