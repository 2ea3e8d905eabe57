"""Issue 33, the bots: the solid player (``--bots solid``) beats ``sensible``, ``random`` and
``calling`` six-handed in every game and structure the bots are shown in (2-7 triple draw, A-5
triple draw and badugi, fixed limit; 2-7 single draw, fixed and no limit), by a margin of at
least three standard errors; the share of hands a table of it takes to the showdown; and it is
the default opponent of ``play``, ``simulate`` and ``serve``.

A match is three solid players and three of the other, seated alternately, in batches: seeded
``simulate`` runs (stacks carried over, broke seats rebuy), batch ``b`` with seed ``100 + b``.
The margin is the mean of the batches' chips per 100 hands a seat; its standard error the
batches' standard deviation over the square root of their number (batch means: hands within a
batch are not independent, the batches are).
"""

from __future__ import annotations

import math
import random
import statistics
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from helpers import stacked
from lowball.bots import SensibleBot, SolidBot, apply_action
from lowball.cli import main
from lowball.engine import Action, HandState
from lowball.server.game import GameServer
from lowball.simulate import simulate
from lowball.variants import VARIANTS

GAMES = ["F2L3D", "LB-FA5L3D", "FB", "F2L1D", "N2L1D"]
OTHERS = ["sensible", "random", "calling"]
BATCHES = 8


def _hands(code: str, other: str) -> int:
    """Hands a batch: 1,000 in single draw against sensible (the narrowest margin), else 200."""
    return 1000 if code in ("F2L1D", "N2L1D") and other == "sensible" else 200


# (mean, standard error) of solid's chips per 100 hands a seat over the batches; the big bet
# is 4 chips in fixed limit, the big blind 2 in no limit
MARGINS = {
    ("F2L3D", "sensible"): (150.6, 26.3),
    ("F2L3D", "random"): (312.1, 6.9),
    ("F2L3D", "calling"): (254.8, 27.6),
    ("LB-FA5L3D", "sensible"): (402.6, 33.3),
    ("LB-FA5L3D", "random"): (294.2, 16.5),
    ("LB-FA5L3D", "calling"): (291.0, 18.8),
    ("FB", "sensible"): (160.4, 32.7),
    ("FB", "random"): (278.1, 13.7),
    ("FB", "calling"): (207.5, 18.9),
    ("F2L1D", "sensible"): (11.4, 1.7),
    ("F2L1D", "random"): (74.1, 8.7),
    ("F2L1D", "calling"): (76.5, 11.2),
    ("N2L1D", "sensible"): (13.0, 2.1),
    ("N2L1D", "random"): (1289.1, 110.3),
    ("N2L1D", "calling"): (272.0, 29.0),
}


def _batch_rates(code: str, other: str) -> list[float]:
    """solid's chips per 100 hands a seat in each batch; what one side wins the other loses."""
    rates = []
    for b in range(BATCHES):
        result = simulate(VARIANTS[code], ["solid", other] * 3, _hands(code, other), seed=100 + b, workers=1)
        assert sum(s.chips for s in result.seats) == 0
        by_bot = {row["bot"]: row["chips_per_100_hands_per_seat"] for row in result.by_bot()}
        assert by_bot[other] == -by_bot["solid"]
        rates.append(by_bot["solid"])
    return rates


@pytest.mark.parametrize("other", OTHERS)
@pytest.mark.parametrize("code", GAMES)
def test_solid_beats_each_bot_six_handed(code: str, other: str) -> None:
    rates = _batch_rates(code, other)
    mean = statistics.fmean(rates)
    error = statistics.stdev(rates) / math.sqrt(len(rates))
    assert (round(mean, 1), round(error, 1)) == MARGINS[code, other]
    assert mean > 3 * error  # not noise


@pytest.mark.parametrize(
    ("code", "solid", "sensible"),
    [
        ("F2L3D", 0.421, 0.944),
        ("LB-FA5L3D", 0.37, 0.986),
        ("FB", 0.443, 0.998),
        ("F2L1D", 0.272, 0.523),
        ("N2L1D", 0.104, 0.52),
    ],
)
def test_the_share_of_hands_to_the_showdown_at_a_table_of_solid_players(
    code: str, solid: float, sensible: float
) -> None:
    """Six solid players, 1,000 hands (seed 34): about half the showdowns of six sensible ones
    in single draw, under half in the triple draws (where sensible sees 94 to 100%)."""
    shares = [
        simulate(VARIANTS[code], [bot] * 6, 1000, seed=34, workers=1).to_dict()["showdown_share"]
        for bot in ("solid", "sensible")
    ]
    assert shares == [solid, sensible]


# -- solid is the default opponent ------------------------------------------------------------------


def _invoke(*args: str, **kwargs: Any) -> Any:
    return CliRunner().invoke(main, list(args), prog_name="lowball", **kwargs)


def test_simulate_seats_solid_players_by_default() -> None:
    import json

    r = _invoke("simulate", "-n", "3", "-k", "5", "--seed", "1", "--json", "-q", "--no-timing")
    assert r.exit_code == 0, r.output
    assert [s["bot"] for s in json.loads(r.stdout)["seats"]] == ["solid"] * 3


def test_play_seats_solid_opponents_by_default() -> None:
    r = _invoke("play", "-n", "3", "--seed", "1", input="q\n")
    assert r.exit_code == 0, r.output
    assert "=== Hand 1: button solid3; stacks hero 200, solid2 200, solid3 200 ===" in r.output


@pytest.mark.parametrize("command", ["play", "simulate", "serve"])
def test_the_help_names_solid_as_the_default(command: str) -> None:
    r = _invoke(command, "--help", env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    start = next(k for k, x in enumerate(lines) if x.strip().startswith("--bots"))
    end = next(k for k in range(start + 1, len(lines)) if lines[k].strip().startswith("-"))
    assert " ".join(x.strip() for x in lines[start:end]).endswith("[default: solid]")


def test_the_servers_bots_are_solid_by_default(tmp_path: Path) -> None:
    """A person sits at a table of a server made without ``bots``: solid players fill the other
    seats; a server given ``bots="sensible"`` seats those."""
    for given, kind, cls in [({}, "solid", SolidBot), ({"bots": "sensible"}, "sensible", SensibleBot)]:
        game = GameServer(
            tmp_path / f"{kind}.db", tables=1, bot_delay=0, next_hand_delay=0, clock=lambda: 1000.0, **given
        )
        room = game.room("t1")
        room.join("ann", 0, 1000.0)
        assert room.bot_kinds == {seat: kind for seat in range(1, 6)}
        assert all(type(bot) is cls for bot in room.bots.values())


# -- the decisions that changed, spot by spot -------------------------------------------------------


def _solid_plays(code: str, hands: list[str], then: str, seat: int, others: list[str]) -> list[str]:
    """Deal ``hands`` by position (and ``then`` as the draw's cards), a solid player at position
    ``seat``; the others act by ``others`` in turn (f fold, c call or check, N raise or bet to
    N, p stand pat, dN throw the N highest cards), solid by itself, until the hand ends or it is
    another's turn with the script done. solid's actions: ``kind``, ``kind amount`` (a wager to
    it) or ``discard N`` (``discard 0``: it stands pat)."""
    variant = VARIANTS[code]
    state = HandState(variant, [200] * len(hands), deck=stacked(hands, then))
    bot = SolidBot(variant, random.Random(1))
    script = list(others)
    done: list[str] = []
    while not state.is_complete:
        legal = state.legal_actions()
        if legal.position == seat:
            action = bot.act(state.view(seat), legal)
            done.append(
                f"discard {len(action.cards)}"
                if action.kind == "discard"
                else f"{action.kind} {action.amount}"
                if action.amount
                else action.kind
            )
            apply_action(state, action)
            continue
        if not script:
            break
        word = script.pop(0)
        if word == "p":
            state.stand_pat()
        elif word.startswith("d"):
            hand = state.view(legal.position).hand
            state.discard(sorted(hand, key=lambda c: -int(c))[: int(word[1:])])
        elif word == "c":
            state.check_or_call()
        elif word == "f":
            state.fold()
        else:
            state.bet_or_raise(int(word))
    return done


FILLERS = ["AcAdAhKcKs", "QcQdQhJdJh", "TcTdThTs9c", "9d8c8d8h7c", "7d7h6s6d5c", "5d5h5s4s3c"]
"""The other players' hands (none of the cards the tests give solid; their play is scripted)."""


@pytest.mark.parametrize(
    ("hand", "seat", "folds", "expected"),
    [
        ("8s6h4c3dKh", 2, 0, "raise 4"),  # a one-card draw to an 8 opens under the gun (13)
        ("9s6h4c3dKh", 2, 0, "fold"),  # to a 9 (16): not under the gun...
        ("9s6h4c3dKh", 5, 3, "raise 4"),  # ...from the button
        ("Js9h6c4d2s", 2, 0, "fold"),  # a pat jack (18) not under the gun...
        ("Js9h6c4d2s", 4, 2, "raise 4"),  # ...from the cutoff
        ("7s4h2cKdQs", 5, 3, "fold"),  # a two-card draw (30): not even from the button
        ("7s4h2cKdQs", 0, 4, "raise 4"),  # ...but from the small blind folded to: heads-up (33)
        ("7s4hKdQsJc", 5, 3, "fold"),  # a three-card draw: never
    ],
)
def test_single_draw_opens_by_the_one_draw(hand: str, seat: int, folds: int, expected: str) -> None:
    """2-7 single draw, six-handed, first in at ``seat`` (2 under the gun, 4 the cutoff, 5 the
    button, 0 the small blind) after ``folds`` folds."""
    hands = list(FILLERS)
    hands[seat] = hand
    assert _solid_plays("F2L1D", hands, "", seat, ["f"] * folds + ["f"] * 5)[:1] == [expected]


def test_single_draw_heads_up_opens_a_two_card_draw() -> None:
    """Heads-up every range is 6 wider: the button opens the two-card draw it folds six-handed."""
    assert _solid_plays("F2L1D", [FILLERS[0], "7s4h2cKdQs"], "", 1, ["f"])[:1] == ["raise 4"]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("7s5h4c2dKh", ["raise 5", "fold"]),  # a one-card draw does not play for the stacks
        ("9s6h4c3d2h", ["raise 5", "call"]),  # a pat 9 calls the re-raise
        ("7s5h4c3d2h", ["raise 5", "raise 75"]),  # a pat 7 raises on
    ],
)
def test_no_limit_single_draw_a_draw_folds_to_a_re_raise(hand: str, expected: list[str]) -> None:
    """No-limit single draw, six-handed: solid opens under the gun to 5 (its 3/4 of the pot: 2 +
    3 * (3 + 2) // 4), the others fold to the big blind, who re-raises to 30: to call 25 of a
    pot of 36, 41% after the call; a pat 7 raises to 30 + 3 * (36 + 25) // 4 = 75."""
    hands = [*FILLERS[:2], hand, *FILLERS[2:5]]
    assert _solid_plays("N2L1D", hands, "", 2, ["f", "f", "f", "f", "30"]) == expected


@pytest.mark.parametrize(
    ("thrown", "expected"),
    [
        ("d1", ["raise 4", "check", "fold"]),  # a one-card draw that bets has made a hand
        ("d2", ["raise 4", "check", "call"]),  # a two-card draw's bet is more often a bluff
    ],
)
def test_single_draw_the_end_calls_what_beats_the_hands_that_bet(thrown: str, expected: list[str]) -> None:
    """Heads-up single draw: solid, in the big blind with a pat 10, raises the limp, stands
    pat; the button draws, and bets into its check."""
    script = ["c", "c", thrown, "4"]
    assert (
        _solid_plays("F2L1D", ["Ts8h6c4d2s", "7s5h4c3dKh"], "QdJdKc", 0, script)
        == [
            *expected[:1],
            "discard 0",  # stands pat
            *expected[1:],
        ]
    )


@pytest.mark.parametrize(
    ("hand", "last"),
    [("8s6h4c3d2h", "call"), ("7h5c4c3d2h", "raise 12")],  # an 8 calls the raise, a 7 raises on
)
def test_the_end_an_8_raises_once_a_7_on(hand: str, last: str) -> None:
    """Heads-up single draw: solid, pat, bets at the end into the one-card draw, which raises."""
    script = ["c", "c", "d1", "8"]
    assert _solid_plays("F2L1D", [hand, "7s5h4d2cKh"], "QdJdKc", 0, script) == ["raise 4", "discard 0", "bet 4", last]


@pytest.mark.parametrize("code", ["F2L3D", "N2L3D", "LB-FA5L3D"])  # single draw never snows: no three-card draws
def test_a_solid_bot_made_again_mid_hand_plays_on_the_snow_it_began(code: str) -> None:
    """A snow (standing pat on a pair or worse at the first draw, heads-up, to bluff) is read
    from the hand, not remembered by the bot: a bot made again mid-hand (a table or tournament
    resumed after a restart builds its bots anew) stands pat and bets on as the one that began
    it. Before, the new bot forgot it: it drew to the hand it had snowed with, or bet it as the
    pair it is."""
    from lowball.bots import _SOLID_PLANS  # the plan a bot that forgot would have drawn by

    v = VARIANTS[code]
    snows = decisions = 0
    for seed in range(300):
        h = HandState(v, [200, 200], seed=seed)
        snower = SolidBot(v, random.Random(seed))
        snower.SNOW_CHANCE = 1.0  # snow wherever it may, to find hands with one quickly
        other = SolidBot(v, random.Random(seed + 1))
        snowed = False
        while h.actor is not None:
            legal = h.legal_actions()
            view = h.view(legal.position)
            if legal.position == 0:  # the big blind draws first: the button may snow
                apply_action(h, other.act(view, legal))
                continue
            action = snower.act(view, legal)
            assert snower.snowing(view, 1) == snowed
            if snowed:
                again = SolidBot(v, random.Random(seed + 2)).act(view, legal)
                assert again == action
                decisions += 1
                if legal.draw:
                    assert action == Action.stand_pat()
                    # forgotten, it would draw:
                    assert _SOLID_PLANS[snower.ranking](view.hand, v.draws - view.draw_round + 1, 1)
            first_draw = legal.draw and h.draw_round == 1
            apply_action(h, action)
            if first_draw and action == Action.stand_pat() and snower.snowing(h.view(1), 1):
                snowed = True
                snows += 1
    assert snows >= 5 and decisions >= 5  # real snows, played on by new bots
