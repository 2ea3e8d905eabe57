"""PHH hand histories under the specification's action grammar and the card-room rules (issue 9):
every clause of the grammar (required.rst, "Actions": no-ops, commentaries, ``sm`` with cards,
``sm -``, ``sm`` alone, ``??`` cards) replays; a muck forfeits the pot; unknown cards replay even
when the room reshuffled; and each file here is read to the same stacks by pokerkit's reader.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from pokerkit import HandHistory as PKHandHistory

from helpers import BEST, MIDDLE, WORST, act, stacked
from lowball import phh
from lowball.engine import HandState
from lowball.variants import VARIANTS


def document(actions: list[str], stacks: list[int], finishing: list[int] | None = None, variant: str = "F2L3D") -> str:
    n = len(stacks)
    blinds = [1, 2] + [0] * (n - 2)
    head = f'variant = "{variant}"\nantes = {[0] * n}\nblinds_or_straddles = {blinds}\n'
    head += "small_bet = 2\nbig_bet = 4\n" if variant.startswith("F") else "min_bet = 2\n"
    body = (
        "actions = [\n"
        + "".join(f"  {a!r},\n".replace("'", '"') if '"' not in a else f"  '{a}',\n" for a in actions)
        + "]\n"
    )
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
    (
        "a standalone commentary is a no-op",
        DEAL + ["# Burn card 6s is exposed"] + CHECK_DOWN + ["p1 sm -", "p2 sm"],
        [102, 98],
    ),
    (
        "a commentary after every kind of action",
        [a + " # note" for a in DEAL + CHECK_DOWN] + ["p1 sm 7s5h4d3c2s # the wheel", "p2 sm # gives up"],
        [102, 98],
    ),
    (
        "words separated by several spaces, leading and trailing white space",
        [f"  d   dh  p1  {WHEEL} ", f"d dh p2 {KING}"] + [f" {a}  " for a in CHECK_DOWN] + ["p1  sm  -", "p2 sm"],
        [102, 98],
    ),
    (
        "unknown cards dealt, shown at the end",
        ["d dh p1 ??????????", f"d dh p2 {KING}"] + CHECK_DOWN + [f"p1 sm {WHEEL}", "p2 sm"],
        [102, 98],
    ),
    ("no sm at all: the engine's showdown", DEAL + CHECK_DOWN, [102, 98]),
]


@pytest.mark.parametrize("clause,actions,finishing", GRAMMAR_ROWS, ids=[r[0] for r in GRAMMAR_ROWS])
def test_action_grammar(clause: str, actions: list[str], finishing: list[int]) -> None:
    text = document(actions, [100, 100], finishing)
    hist = phh.loads(text)
    steps = list(hist.replay())
    assert len(steps) == len(actions)  # a step for each action, no-ops included
    state = steps[-1].state
    assert state.is_complete and list(state.stacks) == finishing


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
    assert state.stacks == (98, 102)
    assert [(e.kind, e.position) for e in state.events if e.kind in ("show", "muck", "win")] == [
        ("muck", 0),
        ("win", 1),
    ]
    exported = phh.dumps(state)
    assert '"p1 sm",' in exported
    assert f'"p2 sm {KING} # not shown",' in exported
    again = phh.loads(exported).play()
    assert again.stacks == (98, 102) and again.events == state.events
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
    assert state.stacks == (104, 98, 98)
    assert state.deck.reshuffles >= 1 and state.deck.check()
    assert pokerkit_stacks(text) == [104, 98, 98]


def test_unknown_cards_with_known_ones_named_later() -> None:
    """Unknown cards dealt in a draw never take a card the history names later: p2's unknown
    replacements are dealt before p1 is dealt 2c 3c 4c 5c 6c, which must still be there."""
    actions = [
        "d dh p1 KsKhKdQcQs",
        "d dh p2 ??????????",
        "p2 cc",
        "p1 cc",
        "p1 sd",
        "p2 sd ??????????",
        "d dh p2 ??????????",
        "p1 cc",
        "p2 cc",
        "p1 sd KsKhKdQcQs",
        "p2 sd",
        "d dh p1 2c3c4c5c6c",
        "p1 cc",
        "p2 cc",
        "p1 sd",
        "p2 sd",
        "p1 cc",
        "p2 cc",
        "p1 sm 6c5c4c3c2c",
        "p2 sm",
    ]
    state = phh.loads(document(actions, [100, 100], [102, 98])).play()
    assert state.stacks == (102, 98)


def test_fold_with_a_free_check_replays() -> None:
    """A recorded fold where a check was free (binding in live play, WSOP-TR 84) replays."""
    actions = DEAL + ["p2 cc", "p1 f"]
    state = phh.loads(document(actions, [100, 100], [98, 102])).play()
    assert state.stacks == (98, 102) and state.folded == (True, False)


@pytest.mark.parametrize(
    "action,message",
    [
        ("p1 sm 2h", "shows 2h but holds"),
        ("p1 xx", "not a PHH action"),
        ("p9 cc", "p9 is not at this table"),
    ],
)
def test_bad_actions_name_the_action(action: str, message: str) -> None:
    with pytest.raises(phh.PHHError, match=message):
        phh.loads(document(DEAL + CHECK_DOWN + [action], [100, 100])).play()


def test_a_show_before_the_showdown_is_refused() -> None:
    with pytest.raises(phh.PHHError, match="before the showdown"):
        phh.loads(document(DEAL + ["p2 cc", f"p1 sm {WHEEL}"], [100, 100])).play()


# -- unknown cards -------------------------------------------------------------------------------

STRAIGHT_FLUSH = "9h8h7h6h5h"  # nearly the worst hand: only a royal flush is worse
SHOWDOWN_UNSEEN = [
    # (last actions, finishing stacks): p1 holds ?? cards and keeps his claim without showing
    (["p1 sm ??????????", f"p2 sm {STRAIGHT_FLUSH}"], [98, 102]),  # a shown hand beats it
    (["p1 sm -", f"p2 sm {STRAIGHT_FLUSH}"], [98, 102]),  # "-" for cards the history never named
    (["p1 sm ??????????", "p2 sm"], [102, 98]),  # the other mucks: the claim wins unseen
    ([f"p2 sm {STRAIGHT_FLUSH}"], [98, 102]),  # the history ends: an unknown hand is never valued
]


@pytest.mark.parametrize("last,finishing", SHOWDOWN_UNSEEN, ids=[" / ".join(r[0]) for r in SHOWDOWN_UNSEEN])
def test_an_unknown_hand_is_never_valued(last: list[str], finishing: list[int]) -> None:
    """Stand-in cards are never valued: 2c2d2h2s3c-like stand-ins must not win (a review found
    four invented deuces beating a straight flush)."""
    actions = ["d dh p1 ??????????", f"d dh p2 {STRAIGHT_FLUSH}"] + CHECK_DOWN + last
    text = document(actions, [100, 100], finishing)
    state = phh.loads(text).play()
    assert list(state.stacks) == finishing
    assert 0 not in state.shown  # p1's cards were never shown
    if last[0].endswith("??") and last[1] != "p2 sm":  # pokerkit reads ?? shows, not "-" ones
        assert pokerkit_stacks(text) == finishing


def test_unknown_cards_shown_in_any_order() -> None:
    """A player with every card unknown throws one card a draw and shows at the end: the shown
    cards include one another player threw earlier (a real deck dealt it to him after the
    reshuffle). Found by a review: the replay depended on the order the cards are written in."""
    known = {
        1: ["Kd9d6c3c5d", "Kd9d6c", "4sJs9c", "3c5d4s", "Jh6dTh", "Js9cJh", "3s8s9h"],
        2: ["4c7cTdJc7h", "4c7cTd", "QdAs4h", "Jc7hQd", "2c8dKs", "As4h2c", "Qh6c9d"],
        3: ["QhJd2dAhQc", "QhJd2d", "TcAd5c", "AhQcTc", "Ts6s5s", "Ad5cTs", "AhTd2d"],
        4: ["6h5h8s9h7s", "6h5h8s", "9s3hQs", "9h7s9s", "4dKcAc", "3hQs4d", "6hKd7h"],
    }
    shows = {1: "6dTh3s8s9h", 2: "8dKsQh6c9d", 3: "6s5sAhTd2d", 4: "KcAc6hKd7h"}
    for order in ("3c8h8c2h3d", "2h3d3c8h8c", "8h8c2h3d3c", "3d2h8c8h3c"):
        actions = [f"d dh p{p} {known[p][0]}" for p in (1, 2, 3, 4)] + ["d dh p5 ??????????"]
        actions += ["p3 cc", "p4 cc", "p5 cc", "p1 cc", "p2 cc"]
        for draw in range(3):
            actions += [f"p{p} sd {known[p][1 + 2 * draw]}" for p in (1, 2, 3, 4)] + ["p5 sd ??"]
            actions += [f"d dh p{p} {known[p][2 + 2 * draw]}" for p in (1, 2, 3, 4)] + ["d dh p5 ??"]
            actions += ["p1 cc", "p2 cc", "p3 cc", "p4 cc", "p5 cc"]
        actions += [f"p{p} sm {shows[p]}" for p in (1, 2, 3, 4)] + [f"p5 sm {order}"]
        state = phh.loads(document(actions, [100] * 5, [108, 98, 98, 98, 98])).play()
        assert state.stacks == (108, 98, 98, 98, 98), order
        assert sorted(map(str, state.shown[4])) == sorted(["3c", "8h", "8c", "2h", "3d"])


def _random_hand(seed: int) -> HandState:
    """A random hand of F2L3D or N2L1D, 2-6 players, big draws (reshuffles), short stacks."""
    import random

    from lowball.engine import DRAWING, SHOWDOWN

    rng = random.Random(seed)
    variant = VARIANTS[rng.choice(["F2L3D", "N2L1D"])]
    stacks = [rng.choice([3, 10, 30, 100]) for _ in range(rng.randint(2, 6))]
    s = HandState(variant, stacks, seed=seed, manual_showdown=rng.random() < 0.5)
    while not s.is_complete:
        la = s.legal_actions()
        if la.phase == DRAWING:
            s.discard(rng.sample(s.hand(la.position), rng.choice([0, 2, la.max_discards])))
        elif la.phase == SHOWDOWN:
            s.muck() if la.muck and rng.random() < 0.4 else s.show()
        elif (la.bet or la.raise_) and rng.random() < 0.3:
            s.bet_or_raise(la.min_to)
        else:
            s.check_or_call()
    return s


def _masked(text: str, p: int) -> str:
    """The history with every card of player ``p`` (1-based) written ``??``."""
    import re

    def mask(action: str) -> str:
        m = re.fullmatch(rf"(d dh p{p}|p{p} sd) (\S+)", action)
        return f"{m.group(1)} {'??' * (len(m.group(2)) // 2)}" if m else action

    lines = text.splitlines()
    return "\n".join(f'  "{mask(line.strip()[1:-2])}",' if line.startswith('  "') else line for line in lines) + "\n"


def test_hands_with_a_hidden_player_replay_and_export_hidden() -> None:
    """Random hands exported, then every card of a player who never shows written ??: the
    history replays to the same stacks (a review found 133 of 2,864 failing), and its export
    writes that player's cards ?? again."""
    checked = 0
    for seed in range(300):
        s = _random_hand(seed)
        text = phh.dumps(s)
        hidden = [
            p for p in range(s.n) if p not in s.shown and f"p{p + 1} sm" not in text.replace(f'"p{p + 1} sm",', "")
        ]
        for p in hidden[:1]:
            masked = _masked(text, p + 1)
            assert masked.count("??") > 0
            again = phh.loads(masked).play()
            assert again.stacks == s.stacks, seed
            exported = phh.dumps(again)
            assert [a for a in exported.splitlines() if a.startswith(f'  "d dh p{p + 1} ')] == [
                a for a in masked.splitlines() if a.startswith(f'  "d dh p{p + 1} ')
            ]
            checked += 1
    assert checked > 150


# -- malformed files: PHHError, never another exception ---------------------------------------


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda t: t.replace('variant = "F2L3D"', 'variant = ["F2L3D"]'), "not a 2-7 draw game"),
        (lambda t: t.replace('"p2 cc",', '"p' + "9" * 5000 + ' cc",', 1), "not a PHH action"),
        (
            lambda t: t.replace("small_bet = 2", 'small_bet = 2\n_lowball_reshuffle = "bogus"'),
            'expected "seeds" or "live"',
        ),
        (lambda t: t.replace("small_bet = 2", 'small_bet = 2\n_lowball_burn = "yes"'), "expected true or false"),
        (lambda t: t.replace('"p2 cc",', '"p2 cbr \u0664",', 1), "cbr needs an amount"),
    ],
)
def test_malformed_files_raise_phh_error(change: Any, message: str) -> None:
    text = change(document(DEAL + CHECK_DOWN, [100, 100]))
    with pytest.raises(phh.PHHError, match=message):
        phh.loads(text).play()


def test_a_shown_card_held_by_another_player() -> None:
    actions = ["d dh p1 ??????????", f"d dh p2 {KING}"] + CHECK_DOWN + [f"p1 sm {KING}", "p2 sm"]
    with pytest.raises(
        phh.PHHError, match=r"action 17 'p1 sm KsQdJh9c8c': the history shows Ks for p1, but it is in p2's hand"
    ):
        phh.loads(document(actions, [100, 100])).play()


def test_extra_text_fields_round_trip() -> None:
    """Extra fields with newlines, tabs, quotes and backslashes are written as TOML reads them."""
    s = HandState(VARIANTS["F2L3D"], [100, 100], seed=1)
    s.fold()
    event = 'Day 1\nTable 3\t"final" \\ \x7f'
    assert phh.loads(phh.dumps(s, event=event)).fields["event"] == event


# -- found by a second review: each once more as a test -----------------------------------------


# Heads-up N2L1D 1/2 after the deal: checked (and called) to the showdown, nobody drawing.
SINGLE_DRAW_CHECK_DOWN = ["p2 cc", "p1 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc"]


def _n2l1d(actions: list[str], stacks: list[int], finishing: list[int] | None = None, **fields: str) -> str:
    text = document(actions, stacks, finishing, variant="N2L1D")
    extra = "".join(f"{k} = {v}\n" for k, v in fields.items())
    return text.replace("min_bet = 2\n", "min_bet = 2\n" + extra)


def test_a_show_after_the_hand_is_over_reveals_unknown_cards() -> None:
    """The line the export writes for a pot won unseen, on a hand dealt ??, replays."""
    actions = [
        "d dh p1 ??????????",
        "d dh p2 KsKhKdQcQs",
        *SINGLE_DRAW_CHECK_DOWN,
        "p2 sm",
        "p1 sm 7s5h4d3c2s # not shown",
    ]
    state = phh.loads(_n2l1d(actions, [100, 100], [102, 98])).play()
    assert state.stacks == (102, 98)
    assert sorted(map(str, state.hand(0))) == sorted(["7s", "5h", "4d", "3c", "2s"])


def test_an_unknown_hand_loses_the_main_pot_and_wins_the_side_pot() -> None:
    """p1 (all in for 10) shows the wheel; p2 keeps a ?? hand unseen; p3 mucks. p2 loses the main
    pot to the shown hand and wins, unseen, the side pot nobody else claims (WSOP-TR 72)."""
    actions = [
        "d dh p1 7s5h4d3c2s",
        "d dh p2 ??????????",
        "d dh p3 KsKhKdQcQs",
        "p3 cbr 50",
        "p1 cc",
        "p2 cc",
        "p1 sd",
        "p2 sd",
        "p3 sd",
        "p2 cc",
        "p3 cc",
        "p1 sm 7s5h4d3c2s",
        "p2 sm ??????????",
        "p3 sm",
    ]
    state = phh.loads(_n2l1d(actions, [10, 100, 100], [30, 130, 50])).play()
    assert state.stacks == (30, 130, 50) and 1 not in state.shown


def test_an_unknown_hand_where_every_hand_is_shown() -> None:
    actions = [
        "d dh p1 ??????????",
        "d dh p2 9h8h7h6h5h",
        *SINGLE_DRAW_CHECK_DOWN,
        "p1 sm ??????????",
        "p2 sm 9h8h7h6h5h",
    ]
    text = _n2l1d(actions, [100, 100], [98, 102], _lowball_show_all_hands="true")
    assert phh.loads(text).play().stacks == (98, 102)


def test_two_unknown_hands_nothing_decides() -> None:
    actions = [
        "d dh p1 ??????????",
        "d dh p2 ??????????",
        *SINGLE_DRAW_CHECK_DOWN,
        "p1 sm ??????????",
        "p2 sm ??????????",
    ]
    with pytest.raises(
        phh.PHHError,
        match=r"action 10 .*does not say who wins: pot 0: the hands of position 0 \(p1\), "
        r"position 1 \(p2\) are not shown",
    ):
        phh.loads(_n2l1d(actions, [100, 100])).play()


def test_no_actions() -> None:
    with pytest.raises(phh.PHHError, match="the first actions must deal five cards"):
        phh.loads(document([], [100, 100])).play()


# A hand a seeded engine played (pot limit, live reshuffle rule, burn cards), with p4's hole
# cards and their discards written ??: the history names 48 cards, so a stand-in must be a card
# named later, and p4 throws it unknown and is dealt it back in the same draw.
THROWN_AND_DEALT_BACK = """variant = "P2L3D"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
_lowball_reshuffle = "live"
_lowball_burn = true
starting_stacks = [5, 30, 30, 3]
actions = [
  "d dh p1 8c2sAs5s4d", "d dh p2 6c9hQc8h9c", "d dh p3 7c6s3c7h8d", "d dh p4 ??????????",
  "p3 cc", "p4 cbr 3", "p1 cbr 5", "p2 cbr 20", "p3 cbr 30", "p2 cc",
  "p1 sd 5s2s", "p2 sd 9h6c8h", "p3 sd 3c7c6s7h8d", "p4 sd ??????",
  "d dh p1 AhAc", "d dh p2 ThJdQs", "d dh p3 8sTsJs9dTd", "d dh p4 3s7dKd",
  "p1 sd AsAh8cAc4d", "p2 sd QcThQs", "p3 sd Td9dJsTs8s", "p4 sd ??3s7dKd??",
  "d dh p1 Ad3h7sQhJh", "d dh p2 KcKs5c", "d dh p3 6d5h4cQd2d", "d dh p4 4s2c9sJc8h",
  "p1 sd JhQh7s", "p2 sd 5c9cKc", "p3 sd Qd", "p4 sd",
  "d dh p1 5s2hTc", "d dh p2 8d3d3c", "d dh p3 6s",
  "p3 sm 6d5h4c2d6s", "p2 sm JdKs8d3d3c", "p1 sm Ad3h5s2hTc", "p4 sm 4s2c9sJc8h",
]
finishing_stacks = [6, 50, 0, 12]
"""


def test_an_unknown_card_thrown_and_dealt_back_in_one_draw() -> None:
    state = phh.loads(THROWN_AND_DEALT_BACK).play()
    assert state.stacks == (6, 50, 0, 12)
    exported = phh.dumps(state)
    assert '"d dh p4 ??????????",' in exported and '"p4 sd ??3s7dKd??",' in exported
    assert '"d dh p4 4s2c9sJc8h",' in exported  # dealt known, though a stand-in was thrown
