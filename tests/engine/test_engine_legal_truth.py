"""``legal_actions()`` is the truth (issue 9): at every decision of random hands, every action it
offers succeeds, and every well-formed action it does not offer raises ``IllegalActionError``
(never another exception type) with ``to_json()`` unchanged.

Hypothesis draws the hands: all the ready-made variants (2-7, A-5 and badugi) and a game of
antes only, both reshuffle rules, burn on and off, open folds allowed or not, the first round of
the antes game opened by a bet or fold or checked, every hand shown or beaten hands mucked, the showdown settled by the
engine or by the players, 2-6 players with short stacks (so that all-ins, short all-ins and side
pots are common). At each decision the test tries a whole list of candidate actions: each
betting verb (fold, check, call, bet and raise to the amounts around the allowed range and the
stack), every number of discards from 0 to the whole hand, show and muck for every position, and the
actions of the other phases; then it plays one offered action, chosen by Hypothesis.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lowball import IllegalActionError
from lowball.deck import ReshuffleRule
from lowball.engine import BETTING, DRAWING, SHOWDOWN, HandState, LegalActions
from lowball.variants import VARIANTS, ForcedBets

# the ready-made variants, and a game of antes and no blind (its first round is opened with a bet
# or folded: Variant.must_open, WSOP-LAR, Lowball)
VARIANT_LIST = [*VARIANTS.values(), VARIANTS["F2L3D"].replace(forced=ForcedBets(small_blind=0, big_blind=0, ante=1))]

Candidate = tuple[str, Callable[[HandState], Any], bool]  # (name, call, offered?)


def candidates(s: HandState, legal: LegalActions) -> list[Candidate]:
    """Well-formed actions for the state, each with whether ``legal`` offers it."""
    p = legal.position
    out: list[Candidate] = []
    phase = legal.phase
    betting = phase == BETTING
    out.append(("fold", lambda h: h.fold(), betting and legal.fold))
    out.append(("check", lambda h: h.check(), betting and legal.check))
    out.append(("call", lambda h: h.call(), betting and legal.call))
    lo, hi, level = legal.min_to, legal.max_to, s.level
    amounts = {
        -1,
        0,
        1,
        2,
        lo - 1,
        lo,
        lo + 1,
        hi - 1,
        hi,
        hi + 1,
        level,
        level + 1,
        s.bets[p] + s.stacks[p],
        s.bets[p] + s.stacks[p] + 1,
        (lo + hi) // 2,
    }
    for to in sorted(amounts):
        out.append((f"bet {to}", lambda h, to=to: h.bet(to), betting and legal.bet and lo <= to <= hi))
        out.append((f"raise {to}", lambda h, to=to: h.raise_to(to), betting and legal.raise_ and lo <= to <= hi))
    for to in (legal.max_to + 1, legal.max_to + 1000, 10**30):
        out.append((f"raise {to}", lambda h, to=to: h.bet_or_raise(to), False))
    hand = s.hand(p)
    for k in range(len(hand) + 1):  # 0 to the whole hand (5 cards; 4 in badugi)
        out.append((f"discard {k}", lambda h, k=k: h.discard(hand[:k]), phase == DRAWING and k <= legal.max_discards))
    for q in range(s.n):
        if q != p:
            out.append((f"stand pat as {q}", lambda h, q=q: h.stand_pat(q), False))
            out.append((f"check or call as {q}", lambda h, q=q: h.check_or_call(q), False))
            foreign = s.hand(q)
            if foreign and phase == DRAWING:
                out.append((f"discard {q}'s card", lambda h, c=foreign[0]: h.discard([c]), False))
    out.append(("show", lambda h: h.show(), phase == SHOWDOWN and legal.show))
    out.append(("muck", lambda h: h.muck(), phase == SHOWDOWN and legal.muck))
    out.append(("finish showdown", lambda h: h.finish_showdown(), phase == SHOWDOWN))
    return out


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANT_LIST),
    rule=st.sampled_from(list(ReshuffleRule)),
    burn=st.booleans(),
    open_fold=st.booleans(),
    must_open=st.booleans(),
    show_all=st.booleans(),
    manual=st.booleans(),
    stacks=st.lists(st.integers(1, 40), min_size=2, max_size=6),
    seed=st.integers(0, 2**32 - 1),
    data=st.data(),
)
def test_legal_actions_is_the_truth(
    variant: Any,
    rule: ReshuffleRule,
    burn: bool,
    open_fold: bool,
    must_open: bool,
    show_all: bool,
    manual: bool,
    stacks: list[int],
    seed: int,
    data: st.DataObject,
) -> None:
    v = variant.replace(reshuffle=rule, burn=burn, open_fold=open_fold, must_open=must_open, show_all_hands=show_all)
    s = HandState(v, stacks, seed=seed, manual_showdown=manual)
    steps = 0
    while not s.is_complete:
        steps += 1
        assert steps < 400
        legal = s.legal_actions()
        assert legal.position == s.actor and legal.phase == s.phase
        offered = []
        for name, act, ok in candidates(s, legal):
            if ok:
                twin = HandState.from_dict(s.to_dict())
                act(twin)  # must succeed
                offered.append((name, act))
                continue
            before = s.to_json()
            try:
                act(s)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{name} was not offered by {legal} but succeeded")
            assert s.to_json() == before, name
        assert offered, f"nothing offered: {legal}"
        name, act = data.draw(st.sampled_from(offered), label="action")
        act(s)
    assert sum(s.stacks) == sum(stacks)
