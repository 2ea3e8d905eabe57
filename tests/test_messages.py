"""Seat and position in messages (issue 11, item 5): a message naming an engine or deck player
says ``position 3 (p4)`` (the PHH player name is the position + 1); a message from the
simulation about a chair says ``seat 1 (position 0, p1)`` (seats shown 1-based, as in its
report). Each kind of message, with its exact text."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from lowball import Deck, HandState, phh
from lowball.errors import DrawOrderError, IllegalActionError, LowballError
from lowball.simulate import simulate
from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT


def test_engine_illegal_actions_name_position_and_player() -> None:
    s = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100, 100, 100], seed=1)  # position 2 (p3) acts first
    cases = [
        (lambda: s.check(), "position 2 (p3) cannot check: 2 to call"),
        (lambda: s.call(position=3), "position 3 (p4) acted out of turn: position 2 (p3) is to act"),
        (lambda: s.raise_to(9), "position 2 (p3) cannot wager to 9: allowed exactly 4"),
        (lambda: s.bet(4), "position 2 (p3) cannot bet: there is a bet of 2, raise instead"),
        (
            lambda: s.discard(()),
            "position 2 (p3) cannot discard or stand pat now: this is a betting round, where it may bet, call,"
            " check or fold",
        ),
    ]
    for call, text in cases:
        with pytest.raises(IllegalActionError) as e:
            call()
        assert str(e.value) == text


def test_deck_draw_out_of_turn_names_both_players() -> None:
    d = Deck(seed=1)
    d.deal_round([0, 1, 2, 3], 5)
    d.begin_draw([0, 1, 2, 3])
    with pytest.raises(DrawOrderError) as e:
        d.draw(3, ())
    assert str(e.value) == "position 3 (p4) cannot draw now: it is position 0 (p1)'s turn"


def test_simulate_names_the_bots_seat_position_and_player(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "messagebots.py").write_text(
        textwrap.dedent("""
        from lowball.bots import Action

        class Better:
            def __init__(self, variant, rng):
                pass

            def act(self, view, legal):
                return Action.bet(3)
        """)
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(LowballError) as e:
        simulate(TRIPLE_DRAW_FIXED_LIMIT, ["calling", "calling", "calling", "messagebots:Better"], 1, seed=1)
    assert str(e.value) == (
        "hand 1: bot 'messagebots:Better' at seat 4 (position 3, p4) chose bet 3, which is illegal: "
        "position 3 (p4) cannot bet: there is a bet of 2, raise instead"
    )
    sys.modules.pop("messagebots", None)


def test_phh_replay_error_names_the_player() -> None:
    text = "\n".join(
        [
            'variant = "N2L1D"',
            "antes = [0, 0, 0, 0]",
            "blinds_or_straddles = [1, 2, 0, 0]",
            "min_bet = 2",
            "starting_stacks = [100, 100, 100, 100]",
            "actions = [",
            '  "d dh p1 7h5c4d3s2c",',
            '  "d dh p2 9s8h6c3d2h",',
            '  "d dh p3 KsQsJs9c8c",',
            '  "d dh p4 AhKhQhJhTd",',
            '  "p3 cc",',
            '  "p4 cbr 250000",',
            "]",
        ]
    )
    with pytest.raises(phh.PHHError) as e:
        phh.loads(text).play()
    assert str(e.value) == "line 12, action 6 'p4 cbr 250000': position 3 (p4) cannot wager to 250000: allowed 4..100"


def test_counts_agree_with_their_nouns() -> None:
    """'1 card', '2 cards': every count in a message through errors.counted (from a new-user
    test: '1 players', 'to each of 1 positions', 'p4 discards 1 cards')."""
    from lowball import Deck, HandState
    from lowball.errors import DeckExhaustedError, counted
    from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT, VariantError

    assert [counted(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert counted(1, "entry", "entries") == "1 entry" and counted(3, "entry", "entries") == "3 entries"
    with pytest.raises(VariantError) as e:
        HandState(TRIPLE_DRAW_FIXED_LIMIT, [200])
    assert str(e.value).startswith("1 player: ")
    with pytest.raises(DeckExhaustedError) as d:
        Deck(seed=1).deal_round([0], 60)
    assert str(d.value).startswith("cannot deal 60 cards to each of 1 position (60 cards): ")
