"""PHH hand histories under the specification's action grammar and the card-room rules (issue 9):
every clause of the grammar (required.rst, "Actions": no-ops, commentaries, ``sm`` with cards,
``sm -``, ``sm`` alone, ``??`` cards) replays; a muck forfeits the pot; unknown cards replay even
when the room reshuffled; and each file here is read to the same stacks by pokerkit's reader.
"""

from __future__ import annotations

import warnings

import pytest
from helpers import BEST, MIDDLE, WORST, act, stacked
from pokerkit import HandHistory as PKHandHistory

from lowball import phh
from lowball.engine import HandState
from lowball.variants import VARIANTS


def document(actions: list[str], stacks: list[int], finishing: list[int] | None = None, variant: str = "F2L3D") -> str:
    n = len(stacks)
    blinds = [1, 2] + [0] * (n - 2)
    head = f'variant = "{variant}"\nantes = {[0] * n}\nblinds_or_straddles = {blinds}\n'
    head += "small_bet = 2\nbig_bet = 4\n" if variant.startswith("F") else "min_bet = 2\n"
    body = "actions = [\n" + "".join(f"  {a!r},\n".replace("'", '"') if '"' not in a else f"  '{a}',\n" for a in actions) + "]\n"
    tail = f"finishing_stacks = {finishing}\n" if finishing is not None else ""
    return head + f"starting_stacks = {stacks}\n" + body + tail


def pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, state = PKHandHistory.loads(text)
    return list(state.stacks)


# Heads-up F2L3D 1/2, checked down: p1 (the big blind) holds the wheel, p2 a king-high hand.
WHEEL, KING = "7s5h4d3c2s", "KsQdJh9c8c"
DEAL = [f"d dh p1 {WHEEL}", f"d dh p2 {KING}"]
CHECK_DOWN = ["p2 cc", "p1 cc"] + ["p1 sd", "p2 sd", "p1 cc", "p2 cc"] * 3

GRAMMAR_ROWS = [
    # (clause, actions, finishing stacks by the rules)
    ("sm with cards", DEAL + CHECK_DOWN + [f"p1 sm {WHEEL}", "p2 sm"], [102, 98]),
    ("sm - shows the dealt cards", DEAL + CHECK_DOWN + ["p1 sm -", "p2 sm -"], [102, 98]),
    ("sm alone mucks and forfeits the pot", DEAL + CHECK_DOWN + ["p1 sm", f"p2 sm {KING}"], [98, 102]),
    ("an empty action is a no-op", DEAL + [""] + CHECK_DOWN + ["p1 sm -", "p2 sm"], [102, 98]),
    ("white space only is a no-op", DEAL + ["   ", "\t"] + CHECK_DOWN + ["p1 sm -", "p2 sm"], [102, 98]),
    ("a standalone commentary is a no-op",
     DEAL + ["# Burn card 6s is exposed"] + CHECK_DOWN + ["p1 sm -", "p2 sm"], [102, 98]),
    ("a commentary after every kind of action",
     [a + " # note" for a in DEAL + CHECK_DOWN] + ["p1 sm 7s5h4d3c2s # the wheel", "p2 sm # gives up"],
     [102, 98]),
    ("words separated by several spaces, leading and trailing white space",
     [f"  d   dh  p1  {WHEEL} ", f"d dh p2 {KING}"] + [f" {a}  " for a in CHECK_DOWN] + ["p1  sm  -", "p2 sm"],
     [102, 98]),
    ("unknown cards dealt, shown at the end", ["d dh p1 ??????????", f"d dh p2 {KING}"] + CHECK_DOWN
     + [f"p1 sm {WHEEL}", "p2 sm"], [102, 98]),
    ("no sm at all: the engine's showdown", DEAL + CHECK_DOWN, [102, 98]),
]


@pytest.mark.parametrize("clause,actions,finishing", GRAMMAR_ROWS, ids=[r[0] for r in GRAMMAR_ROWS])
def test_action_grammar(clause: str, actions: list[str], finishing: list[int]) -> None:
    text = document(actions, [100, 100], finishing)
    hist = phh.loads(text)
    steps = list(hist.replay())
    assert len(steps) == len(actions)  # a step for each action, no-ops included
    state = steps[-1].state
    assert state.is_complete and state.stacks == finishing


# pokerkit's reader awards a pot only through explicit showdown actions: every row with them.
POKERKIT_ROWS = [r for r in GRAMMAR_ROWS if any(" sm" in a for a in r[1])]


@pytest.mark.parametrize("clause,actions,finishing", POKERKIT_ROWS, ids=[r[0] for r in POKERKIT_ROWS])
def test_pokerkit_reads_the_same_files(clause: str, actions: list[str], finishing: list[int]) -> None:
    """Every grammar file that records its showdown: pokerkit reads it to the same stacks."""
    assert pokerkit_stacks(document(actions, [100, 100])) == finishing


def test_a_muck_forfeits_in_the_replay_and_the_export() -> None:
    """Issue 9's example: p1 mucks the wheel, p2 shows king high and wins (WSOP-TR 72); the
    export writes the muck as ``p1 sm`` and imports to the same hand."""
    text = document(DEAL + CHECK_DOWN + ["p1 sm", f"p2 sm {KING}"], [100, 100], [98, 102])
    state = phh.loads(text).play()
    assert state.stacks == [98, 102]
    assert [(e.kind, e.seat) for e in state.events if e.kind in ("show", "muck", "win")] == [
        ("muck", 0), ("win", 1)
    ]
    exported = phh.dumps(state)
    assert '"p1 sm",' in exported
    assert f'"p2 sm {KING} # won unseen: every other hand mucked",' in exported
    again = phh.loads(exported).play()
    assert again.stacks == [98, 102] and again.events == state.events
    assert phh.dumps(again) == exported
    assert pokerkit_stacks(exported) == [98, 102]


def test_engine_showdown_exports_shows_and_mucks() -> None:
    """A hand the engine settled itself: the beaten hand is exported as a muck and replays."""
    s = HandState(VARIANTS["F2L3D"], [100, 100, 100], deck=stacked([MIDDLE, WORST, BEST]))
    act(s, "c c x p x x x p x x x p x x x")
    text = phh.dumps(s)
    assert text.index(f'"p1 sm {MIDDLE[:2]}') < text.index('"p2 sm",') < text.index('"p3 sm ')
    again = phh.loads(text).play()
    assert again.stacks == s.stacks and again.events == s.events


def test_unknown_cards_past_the_deck_after_reshuffles() -> None:
    """Issue 9's example: three players, every card unknown, each draws five on all three draws
    (60 unknown cards): a real deck reshuffles to deal them, so the history replays."""
    actions = ["d dh p1 ??????????", "d dh p2 ??????????", "d dh p3 ??????????", "p3 cc", "p1 cc", "p2 cc"]
    for draw in range(3):
        for p in (1, 2, 3):
            actions.append(f"p{p} sd ??????????")
        for p in (1, 2, 3):
            actions.append(f"d dh p{p} ??????????")
        actions += ["p1 cc", "p2 cc", "p3 cc"] if draw < 2 else []
    actions += ["p1 cbr 4", "p2 f", "p3 f"]
    text = document(actions, [100, 100, 100], [104, 98, 98])
    state = phh.loads(text).play()
    assert state.stacks == [104, 98, 98]
    assert state.deck.reshuffles >= 1 and state.deck.check()
    assert pokerkit_stacks(text) == [104, 98, 98]


def test_unknown_cards_with_known_ones_named_later() -> None:
    """Unknown cards dealt in a draw never take a card the history names later: p2's unknown
    replacements are dealt before p1 is dealt 2c 3c 4c 5c 6c, which must still be there."""
    actions = ["d dh p1 KsKhKdQcQs", "d dh p2 ??????????", "p2 cc", "p1 cc",
               "p1 sd", "p2 sd ??????????", "d dh p2 ??????????", "p1 cc", "p2 cc",
               "p1 sd KsKhKdQcQs", "p2 sd", "d dh p1 2c3c4c5c6c", "p1 cc", "p2 cc",
               "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sm 6c5c4c3c2c", "p2 sm"]
    state = phh.loads(document(actions, [100, 100], [102, 98])).play()
    assert state.stacks == [102, 98]


def test_fold_with_a_free_check_replays() -> None:
    """A recorded fold where a check was free (binding in live play, WSOP-TR 84) replays."""
    actions = DEAL + ["p2 cc", "p1 f"]
    state = phh.loads(document(actions, [100, 100], [98, 102])).play()
    assert state.stacks == [98, 102] and state.folded == [True, False]


@pytest.mark.parametrize("action,message", [
    ("p1 sm 2h", "shows 2h but holds"),
    ("p1 xx", "not a PHH action"),
    ("p9 cc", "p9 is not at this table"),
])
def test_bad_actions_name_the_action(action: str, message: str) -> None:
    with pytest.raises(phh.PHHError, match=message):
        phh.loads(document(DEAL + CHECK_DOWN + [action], [100, 100])).play()


def test_a_show_before_the_showdown_is_refused() -> None:
    with pytest.raises(phh.PHHError, match="before the showdown"):
        phh.loads(document(DEAL + ["p2 cc", f"p1 sm {WHEEL}"], [100, 100])).play()
