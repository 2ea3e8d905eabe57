"""Issue 33, the terminal round two: player counts follow the variant, usage text says what is
taken, output fits the terminal, one error style, a typeable seed, Ctrl-C gives the partial
result and the command that repeats it, a --stderr target not reached is said; and the page
docs/bots.md (the solid bot's matches: tests/test_solid_matches.py)."""

from __future__ import annotations

import re
import sys
from typing import Any

import click
import pytest
from click.testing import CliRunner

from lowball.cli import main
from lowball.cli.play import keys_help
from lowball.cli.render import fit

command = sys.modules["lowball.cli.main"]  # the module (lowball.cli.main is also the command's name)


def run(*args: str, columns: int = 80, **kwargs: Any) -> Any:
    return CliRunner().invoke(main, list(args), env={"COLUMNS": str(columns)}, prog_name="lowball", **kwargs)


# -- 1. a command's player count follows its variant ---------------------------------------------


def test_badugi_seats_eight_in_play_and_simulate() -> None:
    r = run("play", "-v", "FB", "-n", "8", "--seed", "1", input="q\n")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("badugi, fixed limit: 8 players, 200 chips each.")
    r = run("simulate", "-v", "FB", "-n", "8", "-k", "10", "--seed", "1", "-q", "--no-timing")
    assert r.exit_code == 0, r.output
    assert "badugi, fixed limit (FB), 8 players, 10 hands, seed 1" in r.output


@pytest.mark.parametrize("cmd", ["play", "simulate"])
def test_more_players_than_the_variant_seats_are_refused(cmd: str) -> None:
    r = run(cmd, "-n", "8")
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == (
        f"lowball {cmd}: --players: 8 is not allowed: expected a whole number 2..6 (F2L3D seats at most 6)\n"
    )
    r = run(cmd, "-v", "FB", "-n", "9")
    assert r.stderr == f"lowball {cmd}: --players: 9 is not allowed: expected a whole number 2..8\n"


def test_serve_seats_follow_every_variant_of_the_room(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    started: list[dict[str, Any]] = []
    monkeypatch.setattr(command, "_run_server", lambda run_, **options: started.append(options))
    monkeypatch.setattr(command, "_check_listen", lambda ctx, host, port: None)
    r = run("serve", "--seats", "8", "-v", "FB", "--db", str(tmp_path / "a.sqlite"))
    assert r.exit_code == 0, r.output
    assert started[0]["seats"] == 8 and [v.code for v in started[0]["variant"]] == ["FB"]
    r = run("serve", "--seats", "8", "-v", "FB,F2L3D", "--db", str(tmp_path / "b.sqlite"))
    assert r.exit_code == 2 and len(started) == 1
    assert (
        r.stderr == "lowball serve: --seats: 8 is not allowed: expected a whole number 2..6 (F2L3D seats at most 6)\n"
    )


# -- 2. usage text says what is taken ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("cmd", "usage"),
    [
        ("rank", "Usage: lowball rank [OPTIONS] [HAND]..."),
        ("compare", "Usage: lowball compare [OPTIONS] HAND HAND..."),
        ("draw", "Usage: lowball draw [OPTIONS] HAND"),
        ("odds", "Usage: lowball odds [OPTIONS] HAND HAND..."),
        ("import", "Usage: lowball import [OPTIONS] FILE..."),
        ("replay", "Usage: lowball replay [OPTIONS] FILE"),
    ],
)
def test_usage_says_how_many_hands(cmd: str, usage: str) -> None:
    assert run(cmd, "--help").stdout.splitlines()[0] == usage


def test_option_metavars_name_what_they_take() -> None:
    words = {cmd: " ".join(run(cmd, "--help", columns=200).stdout.split()) for cmd in ("play", "simulate", "odds")}
    assert "--bots BOT[,BOT...]" in words["play"] and "--name NAME" in words["play"]
    assert "--bots BOT[,BOT...]" in words["simulate"]
    assert "--strategy STRATEGY" in words["odds"]
    assert "--hand NUMBER" in " ".join(run("replay", "--help", columns=200).stdout.split())
    assert "-o, --out DIRECTORY" in " ".join(run("import", "--help", columns=200).stdout.split())


# -- 3. output fits the terminal, never breaking a word ---------------------------------------------


def _fits(text: str, width: int, original: str) -> None:
    assert all(len(line) <= width for line in text.splitlines()), text
    assert text.split() == original.split()  # the same words, none broken


@pytest.mark.parametrize("width", [60, 80, 120])
def test_the_keys_help_fits_every_width(width: int) -> None:
    text = keys_help(width)
    _fits(text, width, keys_help(1000))
    assert len(text.splitlines()) == (12 if width < 76 else 6) + len(
        fit(keys_help(1000).splitlines()[-1], width).splitlines()
    )


def test_fit_keeps_a_line_that_fits_and_a_long_word_whole() -> None:
    assert fit("a b c", 5) == "a b c"
    assert fit("aaa bbbbbbbbbb c", 6) == "aaa\n  bbbbbbbbbb\n  c"
    assert fit("x\xa0y z", 3) == "x y\n  z"


@pytest.mark.parametrize("columns", [60, 80, 200])
def test_the_play_header_fits_the_terminal(columns: int) -> None:
    r = run("play", "--seed", "7", input="q\n", columns=columns)
    head = r.output[r.output.index("=== Hand 1") : r.output.index("hero posts")]
    _fits(
        head,
        columns,
        "=== Hand 1: button solid6; stacks hero 200, solid2 200, solid3 200, "
        "solid4 200, solid5 200, solid6 200 ===",  # the default opponents: solid
    )
    # 106 characters: one line at 200 columns, two at 80 and at 60
    assert ("solid2 200," in head) and len(head.splitlines()) == (1 if columns == 200 else 2)


@pytest.mark.parametrize("columns", [60, 80])
def test_the_draw_tables_caveat_fits_the_terminal(columns: int) -> None:
    wide = run("draw", "9s7h5d4c2d", "--draws", "3", "--top", "2", columns=400).stdout
    r = run("draw", "9s7h5d4c2d", "--draws", "3", "--top", "2", columns=columns).stdout
    head, table = r.split("\n\n")
    _fits(head, columns, wide.split("\n\n")[0])
    assert table == wide.split("\n\n")[1]  # the rows are kept whole


# -- 4. one error style ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["draw", "--top", "x", "8s7h4d3c2s"],
            "lowball draw: --top: 'x' is not a whole number: expected a whole number 1..32",
        ),
        (["draw", "--nosuch", "8s7h4d3c2s"], "lowball draw: no such option --nosuch (see lowball draw --help)"),
        (["draw"], "lowball draw: missing argument HAND (see lowball draw --help)"),
        (["compare"], "lowball compare: missing argument HAND HAND... (see lowball compare --help)"),
        (["draw", "8s7h4d3c2s", "--top"], "lowball draw: option --top requires an argument (see lowball draw --help)"),
        (["odds", "a", "b", "--reshuffle", "x"], "lowball odds: --reshuffle: 'x' is not one of 'seeds', 'live'"),
        (["rank", "-r", "hi"], "lowball rank: --ranking: 'hi' is not a hand ranking: expected 2-7, a-5 or badugi"),
        (
            ["simulate", "extra"],
            "lowball simulate: got unexpected extra argument (extra) (see lowball simulate --help)",
        ),
        (["nosuch"], "lowball: no such command 'nosuch' (see lowball --help)"),
        (["--bad"], "lowball: no such option --bad (see lowball --help)"),
    ],
)
def test_every_usage_error_is_one_line_in_the_commands_style(args: list[str], message: str) -> None:
    r = run(*args)
    assert (r.exit_code, r.stdout, r.stderr) == (2, "", message + "\n")


# -- 5. a typeable seed; no "reshuffled in 0 trials" -------------------------------------------------

ODDS = ["odds", "7c6d4h3sKc", "9h7h5d4c2s", "--draws", "3", "--trials", "3000", "-q"]


def test_a_run_without_a_seed_prints_one_that_repeats_it() -> None:
    first = run(*ODDS, columns=200).stdout
    seed = re.match(r"sampled: 3,000 trials, seed (\d+) \(3 draws to come; --seed \1 repeats this run\)\n", first)
    assert seed is not None and int(seed.group(1)) < 1_000_000
    assert run(*ODDS, "--seed", seed.group(1), columns=200).stdout == first
    assert "reshuffled" not in first


def test_reshuffles_are_said_when_there_were_some() -> None:
    many = ["odds", "KsQsJs9s8s", "KhQhJh9h8h", "KdQdJd9d8d", "KcQcJc9c8c", "TsTh7s7h6s", "TdTc7d7c6h"]
    out = run(*many, "--draws", "3", "--trials", "2000", "--seed", "1", "-q").stdout
    assert re.search(r"^the stub ran out and was reshuffled in [\d,]+ trials$", out, re.M)


# -- 6. Ctrl-C --------------------------------------------------------------------------------------


class _Bar:
    """A progress bar whose second update is a Ctrl-C: the event is a block of trials finished."""

    updates = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def __enter__(self) -> _Bar:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def update(self, n: int) -> None:
        _Bar.updates += 1
        if _Bar.updates == 2:
            raise KeyboardInterrupt


def test_ctrl_c_in_process_gives_the_partial_result_and_the_command_repeating_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(click, "progressbar", _Bar)
    _Bar.updates = 0
    r = run("odds", "7c6d4h3sKc", "9h7h5d4c2s", "--draws", "3", "--trials", "1000000", "--seed", "5", "--threads", "1")
    assert r.exit_code == 130
    lines = r.stdout.splitlines()
    repeat = "lowball odds 7c6d4h3sKc 9h7h5d4c2s --draws 3 --threads 1 --seed 5 --trials 131072 -q"
    assert lines[:3] == [
        "PARTIAL RESULT: stopped by Ctrl-C after 131,072 trials",
        "sampled: 131,072 trials, seed 5 (3 draws to come); repeated by:",
        f"  {repeat}",
    ]
    assert r.stderr.endswith(
        "lowball odds: stopped by Ctrl-C: the result above is partial (131,072 of 1,000,000 trials)\n"
    )
    monkeypatch.undo()
    again = run(*repeat.split()[1:])
    assert again.exit_code == 0
    table = r.stdout[r.stdout.index("   hand") :]
    assert again.stdout.endswith(table)


def test_ctrl_c_in_a_commands_first_moment_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    def stop(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "_check_listen", stop)
    r = run("serve", "--db", str(tmp_path / "x.sqlite"))
    assert (r.exit_code, r.stderr) == (130, "lowball serve: stopped (Ctrl-C)\n")
    monkeypatch.setattr(command.rank_work, "rank_texts", stop, raising=False)
    monkeypatch.setattr(command, "_unquoted_hand", stop)
    r = run("compare", "7s5h4d3c2s", "8s5h4d3c2s")
    assert (r.exit_code, r.stdout, r.stderr) == (130, "", "lowball compare: stopped (Ctrl-C)\n")


# -- 7. a --stderr target not reached ------------------------------------------------------------------


def test_a_stderr_target_not_reached_is_said() -> None:
    r = run(
        "odds", "7c6d4h3sKc", "9h7h5d4c2s", "--draws", "3", "--trials", "2000", "--stderr", "0.001", "--seed", "3", "-q"
    )
    assert r.exit_code == 0
    assert r.stdout.splitlines()[1:3] == [
        "--stderr 0.001 not reached: 2,000 trials (--trials) ran out at a standard error",
        "  of 0.01078 (hand 1's equity, ± 1.078 points)",
    ]
    r = run("odds", "7c6d4h3sKc", "9h7h5d4c2s", "--draws", "3", "--stderr", "0.01", "--seed", "3", "-q")
    assert "not reached" not in r.stdout
    r = run(
        "odds",
        "7c6d4h3sKc",
        "9h7h5d4c2s",
        "--draws",
        "3",
        "--trials",
        "2000",
        "--stderr",
        "0.001",
        "--seed",
        "3",
        "--json",
        "-q",
    )
    assert r.stderr.startswith("lowball odds: --stderr 0.001 not reached: 2,000 trials (--trials) ran out")


# -- 8. the solid bot: its matches, showdown shares and defaults are in tests/test_solid_matches.py --


# -- 9. the page docs/bots.md: its examples run ------------------------------------------------------

DOCS = __import__("pathlib").Path(__file__).parents[2] / "docs" / "bots.md"


def test_the_bots_page_python_examples_run() -> None:
    import doctest

    failures, tried = doctest.testfile(str(DOCS), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert (failures, tried > 0) == (0, True)


def test_the_bots_page_console_examples_print_what_it_shows() -> None:
    import shlex

    text = DOCS.read_text(encoding="utf-8")
    examples = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        parts = re.split(r"^(\$ lowball .*)$", block, flags=re.M)[1:]
        examples += list(zip(parts[0::2], (p.lstrip("\n") for p in parts[1::2])))
    assert len(examples) == 4
    for cmd, output in examples:
        r = CliRunner().invoke(main, shlex.split(cmd[2:])[1:], prog_name="lowball")
        assert r.output == output, cmd
        assert r.exit_code == (2 if output.startswith("lowball ") else 0)


def test_a_simulation_without_a_seed_prints_one_that_repeats_it() -> None:
    args = ["simulate", "-n", "3", "-k", "40", "-q", "--no-timing", "--workers", "1"]
    first = run(*args).stdout
    seed = re.search(r", 40 hands, seed (\d+)\n", first)
    assert seed is not None and int(seed.group(1)) < 1_000_000
    assert run(*args, "--seed", seed.group(1)).stdout == first


def test_ctrl_c_while_the_options_are_read_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def stop(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(click.core.Option, "process_value", stop)
    r = run("draw", "--top", "3", "8s7h4d3c2s")
    assert (r.exit_code, r.stdout, r.stderr) == (130, "", "lowball draw: stopped (Ctrl-C)\n")


def test_a_real_ctrl_c_on_an_in_process_odds_run() -> None:
    """SIGINT once a block of trials is done (the event: the progress bar's label on standard
    error, written when the first block has finished): the partial result, exit status 130, and
    the command it prints repeats its table exactly."""
    import shlex
    import signal
    import subprocess
    from pathlib import Path

    exe = Path(sys.executable).parent / "lowball"
    args = ["odds", "7c6d4h3sKc", "9h7h5d4c2s", "--draws", "3", "--trials", "100000000", "--seed", "8"]
    proc = subprocess.Popen(
        [str(exe), *args, "--threads", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C not ignored, as at a terminal (a shell's background job, this run's perhaps, ignores it)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stderr is not None
    assert proc.stderr.readline() == "sampling\n"  # blocks until the first block is done
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 130, err
    lines = out.splitlines()
    assert lines[0].startswith("PARTIAL RESULT: stopped by Ctrl-C after ")
    assert lines[1].endswith("(3 draws to come); repeated by:")
    repeat = shlex.split(lines[2])
    done = int(repeat[repeat.index("--trials") + 1])
    assert done > 0 and done % 65536 == 0  # whole blocks
    assert repeat == ["lowball", *args[:-4], "--threads", "1", "--seed", "8", "--trials", str(done), "-q"]
    again = subprocess.run([str(exe), *repeat[1:]], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0
    assert again.stdout.endswith(out[out.index("   hand") :])
    assert err.endswith(
        f"lowball odds: stopped by Ctrl-C: the result above is partial ({done:,} of 100,000,000 trials)\n"
    )
