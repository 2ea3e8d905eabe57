"""A fresh pair of eyes on lowball.odds and its commands (issue 12): each test here is a fault
found by feeding odd values to the public API, held as a strict expected failure until the core
is fixed. The expected values come from the documentation (the docstrings, RULES.md section 8),
never from the code under test.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from click.testing import CliRunner

from lowball import odds, parse_cards
from lowball.cli import main
from lowball.errors import InvalidCardError, InvalidSeedError, InvalidTypeError, InvalidValueError

A, B = "7c6d4h3s2c", "9h8h5d4c2d"
KNOWN = {int(c) for c in parse_cards(A + B)}
# every card but ten: the exact counts with both players drawing five stay small
MANY_DEAD = [c for c in range(52) if c not in KNOWN][10:]


# -- a hand given as None ----------------------------------------------------------------------
# odds._cards returns () for None before parse_cards can check count=5, so a None hand becomes a
# hand of no cards: a player holding nothing who draws five. Every public function takes it.


@pytest.mark.parametrize(
    "call",
    [
        # got: DrawOutcomes(kept=(), total=2598960): every five-card hand of the 52 cards
        lambda: odds.draw_outcomes(None),  # type: ignore[arg-type]
        # got: a table over a hand of no cards (the C side reads five uninitialised bytes as cards)
        lambda: odds.discard_table(None),  # type: ignore[arg-type]
        # got: an exact result, player 0 drawing five: 13,473,849 wins of 64,425,438 deals
        lambda: odds.equity([None, B], discards=["", "9h"]),  # type: ignore[list-item]
        # got: rows against an opponent of no cards who draws five
        lambda: odds.discard_table(A, vs=(None, "")),
        # got: a 32x32 matrix for a hand of no cards (on the full deck this takes ~3 minutes)
        lambda: odds.discard_matrix(None, B, MANY_DEAD, threads=1),  # type: ignore[arg-type]
    ],
    ids=["draw_outcomes", "discard_table", "equity-exact", "discard_table-vs", "discard_matrix"],
)
def test_a_none_hand_is_refused(call) -> None:
    with pytest.raises(InvalidCardError, match="None is not a list of cards"):
        call()


@pytest.mark.parametrize("hands", [f"[None, {B!r}]", "[None] * 5"])
def test_a_none_hand_in_a_sampled_run_is_refused_not_a_crash(hands: str) -> None:
    """Simulation.__init__ (_odds.pyx, boundscheck=False) indexes hands[p][i] for i < 5 in the
    empty list a None hand became: it reads past the list and the process dies with SIGSEGV.
    [None] * 5 is one of the NASTY values of tests/test_bad_input.py, whose hypothesis sweep
    can therefore kill the whole test run when it picks it for equity[sampled]'s hands.
    Run in a child process so that the crash cannot take the test run with it."""
    code = textwrap.dedent(
        f"""
        from lowball import odds
        from lowball.errors import InvalidCardError
        try:
            odds.equity({hands}, draws=3, trials=10, seed=1, threads=1)
        except InvalidCardError as e:
            print("refused:", e)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (done.returncode, done.stderr[-500:])
    assert "refused:" in done.stdout and "None is not a list of cards" in done.stdout


# -- a strategy class written with a digit str.isdigit accepts but int() refuses -----------------


def test_strategy_text_with_a_superscript_digit() -> None:
    # odds._setting: '²'.isdigit() is True, so it calls int('²'), which raises ValueError
    # (the rest of lowball checks text digits with isascii() and isdigit())
    with pytest.raises(InvalidValueError, match="²"):
        odds.Strategy.parse("pat=²")


def test_odds_command_with_a_superscript_digit_in_a_strategy() -> None:
    result = CliRunner().invoke(main, ["odds", A, B, "--draws", "2", "--strategy", "pat=²", "-q"])
    # the command's own bad-value exit: status 2 and one line naming the value
    assert result.exit_code == 2, (result.exit_code, repr(result.exception))
    assert "pat=²" in result.output


# -- the seed a run reports must repeat it ------------------------------------------------------


def test_the_reported_seed_of_a_spawned_seed_sequence_repeats_the_run() -> None:
    """Equity.seed is documented as 'the seed of the run ... so that seed= repeats it exactly'.
    It reported seq.entropy only, dropping the spawn key, so a child SeedSequence's run was
    reported under its parent's entropy and that seed gave other shares. Now a run given a
    SeedSequence reports None (the caller holds the sequence, which repeats it), and an int seed
    or fresh entropy is reported and repeats the run."""
    child = np.random.SeedSequence(5).spawn(2)[1]
    run = odds.equity([A, B], draws=3, trials=5000, seed=child, threads=1)
    assert run.seed is None
    again = odds.equity([A, B], draws=3, trials=5000, seed=np.random.SeedSequence(5).spawn(2)[1], threads=1)
    assert [p.share for p in again.players] == [p.share for p in run.players]
    fresh = odds.equity([A, B], draws=3, trials=5000, threads=1)
    assert isinstance(fresh.seed, int)
    repeat = odds.equity([A, B], draws=3, trials=5000, seed=fresh.seed, threads=1)
    assert [p.share for p in repeat.players] == [p.share for p in fresh.players]


# -- five card numbers in a numpy array --------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda cards: odds.threshold(cards),
        lambda cards: odds.discard_table(A, vs=cards).vs,
    ],
    ids=["threshold", "discard_table-vs"],
)
def test_five_cards_in_a_numpy_array(call) -> None:
    """Cards are 'anything parse_cards reads' (the module's conventions), and parse_cards reads a
    numpy array of card numbers (draw_outcomes takes one as a hand). threshold and _vs_of test
    hasattr(type(x), '__index__') first, which numpy arrays have, so the five cards go to
    whole_number. Got: InvalidValueError 'target = array([30, 26, 13,  8,  1]): expected a whole
    number 1..7462'. Expected: the class of 9h8h5d4c2d (the same as for the list of the cards)."""
    cards = [int(c) for c in parse_cards(B)]
    as_list = call(cards)
    assert call(np.array(cards)) == as_list


# -- the order the hand is written in ----------------------------------------------------------


def test_discard_table_order_does_not_depend_on_how_the_hand_is_written() -> None:
    """7c7d4h3s2c: throwing either seven makes a 7-low with the same 8 of 47 cards (a 6 or a 5,
    no flush possible). lb_best_discard breaks such ties by the cards thrown 'whatever the order
    of hand[]' (odds.h), so Strategy(best_last='7') throws the 7d from both orders; discard_table
    breaks them by the position mask, so its best row throws 7c from 7c7d4h3s2c and 7d from
    7d7c4h3s2c: the same hand, two different 'best' discards, one of them not best_last's."""
    first = odds.discard_table("7c7d4h3s2c", target="7")
    second = odds.discard_table("7d7c4h3s2c", target="7")
    assert first.best().outcomes.count("7") == second.best().outcomes.count("7") == 8
    assert [set(r.discard) for r in first] == [set(r.discard) for r in second]
    assert first.best().discard == odds.Strategy(best_last="7").discard("7c7d4h3s2c", 1, 1)


# -- arguments of a sampled run when the count is exact ----------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"trials": -5}, InvalidValueError, "trials = -5"),
        ({"threads": 0}, InvalidValueError, "threads = 0"),
        ({"stderr": 5.0}, InvalidValueError, "stderr 5.0"),
        ({"seed": "abc"}, InvalidSeedError, "'abc'"),
    ],
)
def test_bad_sampling_arguments_are_refused_on_the_exact_path_too(kwargs, error, words) -> None:
    """equity's docstring raises InvalidValueError for 'a bad trials, stderr, budget or threads'
    and InvalidSeedError for a bad seed, but odds.equity returns the exact heads-up count before
    _simulate checks them: equity([A, B], discards=['', '9h'], trials=-5) returns an exact
    result over 42 deals; the same call with exact=False raises. Whether a bad value is refused
    must not depend on which path counts."""
    with pytest.raises(error, match=re.escape(words)):
        odds.equity([A, B], discards=["", "9h"], **kwargs)
    with pytest.raises(error, match=re.escape(words)):
        odds.equity([A, B], discards=["", "9h"], exact=False, **kwargs)


# -- the errors the docstrings name ------------------------------------------------------------

FEW_UNSEEN = [c for c in range(52) if c not in {int(c) for c in parse_cards(A)}][3:]  # three in the stub


@pytest.mark.parametrize(
    ("documented", "call", "error"),
    [
        # 'InvalidCardError ...' only; the discard needs more cards than the stub and muck hold
        (odds.draw_outcomes, lambda: odds.draw_outcomes(A, A, removed=FEW_UNSEEN), InvalidValueError),
        # 'InvalidCardError ...' only; a bad thread count (and too few unseen cards)
        (odds.discard_matrix, lambda: odds.discard_matrix(A, B, threads=0), InvalidValueError),
        # burn / exact / progress of the wrong type
        (odds.equity, lambda: odds.equity([A, B], burn=1), InvalidTypeError),
        # Strategy(snow=1)
        (odds.Strategy, lambda: odds.Strategy(snow=1), InvalidTypeError),
        # Strategy.parse(5): its Raises names InvalidValueError only
        (odds.Strategy.parse, lambda: odds.Strategy.parse(5), InvalidTypeError),
        # count and probability have no Raises at all; a bad target raises
        (odds.DrawOutcomes.count, lambda: odds.draw_outcomes(A).count("5-4"), InvalidValueError),
    ],
    ids=["draw_outcomes", "discard_matrix", "equity", "Strategy", "Strategy.parse", "DrawOutcomes.count"],
)
def test_a_public_docstring_names_the_errors_raised(documented, call, error) -> None:
    """'Public docstrings give types, shapes, units and the errors raised' (the project's rule)."""
    with pytest.raises(error):
        call()
    assert error.__name__ in (documented.__doc__ or "")
