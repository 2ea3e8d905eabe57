"""Per-hand forced bets (`engine.Posts`): what a table gives the engine for a dead button, a dead
small blind, a new player's posted big blind and missed blinds made up (RULES.md section 9,
WSOP-LAR 150-156). Each expected value is worked out from the rule: the live blinds are the
players' first-round wagers, dead chips go to the pot and are not part of a wager, betting round 1
begins left of the big blind, and a player whose live post equals the wager to match has the
option to raise (155, 156)."""

from __future__ import annotations

import pickle
import random

import pytest

from helpers import BEST, MIDDLE, WORST, act, check_conserved, random_legal, stacked
from lowball import phh
from lowball.engine import HandState, Posts
from lowball.errors import LowballError
from lowball.phh import PHHError
from lowball.variants import VARIANTS, ForcedBets, VariantError

FL = VARIANTS["F2L3D"]  # blinds 1/2, small bet 2, big bet 4
NL = VARIANTS["N2L1D"]


def test_a_dead_small_blind_and_a_returning_player_posting_big_live_small_dead() -> None:
    # Position 0 sits where no small blind is posted, position 1 is the big blind, position 3
    # comes back posting the big blind (live) and the small blind (dead).
    h = HandState(FL, [100] * 4, seed=1, posts=Posts(live=(0, 2, 0, 2), big_blind=1, dead=(0, 0, 0, 1)))
    assert h.stacks == (100, 98, 100, 97)
    assert h.bets == (0, 2, 0, 2)  # only the big blinds are wagers (WSOP-LAR 156)
    assert h.antes == (0, 0, 0, 1)
    assert h.committed == (0, 2, 0, 3)
    assert h.pot_total == 5
    assert [(e.kind, e.position, e.amount) for e in h.events[:3]] == [
        ("blind", 1, 2),
        ("blind", 3, 2),
        ("dead_blind", 3, 1),
    ]
    assert h.big_blind_position == 1 and h.small_blind_position is None
    la = h.legal_actions()
    assert (la.position, la.call_amount, la.min_to) == (2, 2, 4)  # left of the big blind
    h.call()
    la = h.legal_actions()  # the poster's live big blind: check, or raise (the option)
    assert (la.position, la.check, la.call, la.raise_, la.min_to) == (3, True, False, True, 4)
    h.check()
    la = h.legal_actions()
    assert (la.position, la.call_amount) == (0, 2)
    h.call()
    la = h.legal_actions()  # the big blind's own option
    assert (la.position, la.check, la.raise_) == (1, True, True)
    h.check()
    assert h.phase == "drawing" and h.pot_total == 9  # 4 x 2 + the dead 1
    check_conserved(h, 400)


def test_a_big_blind_at_position_0_acts_last_before_the_draw_and_first_after() -> None:
    # Three players behind a dead button whose small blind seat is empty: position 0 posts the
    # big blind; position 1 (left of it) opens; after the draw position 0 acts first.
    h = HandState(FL, [50, 50, 50], seed=2, posts=Posts(live=(2, 0, 0), big_blind=0))
    assert h.legal_actions().position == 1
    act(h, "c c x")
    assert h.phase == "drawing" and h.actor == 0
    act(h, "p")
    assert h.betting_round == 2 and h.actor == 0
    assert h.pot_total == 6


@pytest.mark.parametrize(
    ("n", "live", "bb"),
    [(2, (2, 1), 0), (3, (1, 2, 0), 1), (6, (1, 2, 0, 0, 0, 0), 1)],
)
def test_the_usual_blinds_as_posts_play_the_same_hand(n: int, live: tuple[int, ...], bb: int) -> None:
    rng_a, rng_b = random.Random(7), random.Random(7)
    a = HandState(FL, [60] * n, seed=11)
    b = HandState(FL, [60] * n, seed=11, posts=Posts(live=live, big_blind=bb))
    while not a.is_complete:
        random_legal(a, rng_a)
        random_legal(b, rng_b)
    assert b.is_complete
    assert a.events == b.events
    assert a.stacks == b.stacks


def test_a_short_big_blind_post_still_prices_the_full_blind() -> None:
    # WSOP-LAR 150: all in for less, later players call the full big blind or raise to twice it.
    h = HandState(FL, [100, 1, 100], seed=3, posts=Posts(live=(1, 2, 0), big_blind=1))
    assert h.bets == (1, 1, 0)
    la = h.legal_actions()
    assert (la.position, la.call_amount, la.min_to) == (2, 2, 4)


def test_a_big_blind_ante_is_posted_by_the_posts_big_blind() -> None:
    v = FL.replace(forced=ForcedBets(small_blind=1, big_blind=2, ante=2, big_blind_ante=True))
    h = HandState(v, [100] * 3, seed=4, posts=Posts(live=(2, 0, 0), big_blind=0))
    assert h.antes == (2, 0, 0)
    assert h.committed == (4, 0, 0)


def test_posts_are_saved_restored_pickled_and_validated() -> None:
    h = HandState(FL, [100] * 4, seed=5, posts=Posts(live=(0, 2, 0, 2), big_blind=1, dead=(0, 0, 0, 1)))
    act(h, "c")
    d = h.to_dict()
    assert d["posts"] == {"live": [0, 2, 0, 2], "dead": [0, 0, 0, 1], "big_blind": 1}
    for again in (HandState.from_dict(d), pickle.loads(pickle.dumps(h))):
        assert again.posts == h.posts
        assert again.events == h.events
        assert again.legal_actions() == h.legal_actions()
        again.validate()
    plain = HandState(FL, [100] * 4, seed=5).to_dict()
    assert "posts" not in plain  # hands saved before posts existed restore unchanged
    bad = dict(d, posts={"live": [0, 2, 0], "dead": [0, 0, 0], "big_blind": 1})
    with pytest.raises(LowballError, match="posts"):
        HandState.from_dict(bad)
    # dead chips above the posts' own are refused on a restore
    worse = dict(d, posts={"live": [0, 2, 0, 2], "dead": [0, 0, 0, 0], "big_blind": 1})
    with pytest.raises(LowballError, match="dead"):
        HandState.from_dict(worse)


def test_a_hand_with_posts_round_trips_through_phh() -> None:
    h = HandState(
        FL,
        [100] * 4,
        deck=stacked([BEST, MIDDLE, WORST, "KsQhJd9s8c"]),
        posts=Posts(live=(0, 2, 0, 2), big_blind=1, dead=(0, 0, 0, 1)),
    )
    act(h, "c x c x p x x x x p x x x x p x x x x")
    assert h.is_complete
    text = phh.dumps(h)
    # the standard fields: position 3's dead small blind is an ante, his big blind a post to come
    # in (negative: pokerkit's post bet, which does not take the first turn from position 2)
    assert "antes = [0, 0, 0, 1]\nblinds_or_straddles = [0, 2, 0, -2]\n" in text
    assert "_lowball_blinds = [1, 2]" in text
    assert "_lowball_big_blind = 1" in text
    assert "_lowball_live_blinds = [0, 2, 0, 2]" in text
    assert "_lowball_dead_blinds = [0, 0, 0, 1]" in text
    assert "_lowball_antes = [0, 0, 0, 0]" in text
    hist = phh.loads(text)
    assert hist.posts == h.posts
    again = hist.play()
    assert again.stacks == h.stacks == (107, 98, 98, 97)  # position 0's 7-5-4-3-2 takes 4 x 2 + 1
    # standard fields that disagree with lowball's are refused, naming them
    with pytest.raises(PHHError, match=r"field 'antes' = \[0, 0, 0, 0\] does not hold the posts"):
        phh.loads(text.replace("antes = [0, 0, 0, 1]", "antes = [0, 0, 0, 0]"))
    with pytest.raises(PHHError, match=r"field 'blinds_or_straddles' = \[0, 2, 0, 2\] does not hold"):
        phh.loads(text.replace("blinds_or_straddles = [0, 2, 0, -2]", "blinds_or_straddles = [0, 2, 0, 2]"))
    with pytest.raises(PHHError, match="big blind"):
        phh.loads(text.replace("_lowball_big_blind = 1", "_lowball_big_blind = 0"))
    # a file written before _lowball_live_blinds (the live blinds in blinds_or_straddles) reads
    # as it did
    old = text.replace("blinds_or_straddles = [0, 2, 0, -2]", "blinds_or_straddles = [0, 2, 0, 2]")
    old = old.replace("_lowball_live_blinds = [0, 2, 0, 2]\n", "").replace("_lowball_antes = [0, 0, 0, 0]\n", "")
    assert phh.loads(old).posts == h.posts
    assert phh.loads(old).play().events == h.events
    with pytest.raises(PHHError, match="antes"):  # dead chips the antes do not hold
        phh.loads(old.replace("antes = [0, 0, 0, 1]", "antes = [0, 0, 0, 0]"))


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"live": (0, 0, 0), "big_blind": 1}, "posts nothing"),
        ({"live": (1, 2, 0), "big_blind": 3}, "big_blind"),
        ({"live": (1, -2, 0), "big_blind": 1}, r"live\[1\]"),
        ({"live": (1, 2.0, 0), "big_blind": 1}, r"live\[1\]"),
        ({"live": "12", "big_blind": 1}, "live"),
        ({"live": (1, 2, 0), "big_blind": 1, "dead": (0, 1)}, "dead"),
        ({"live": (1, 2, 0), "big_blind": True}, "big_blind"),
    ],
)
def test_bad_posts_are_refused_naming_the_field(kwargs: dict, match: str) -> None:
    with pytest.raises(VariantError, match=match):
        Posts(**kwargs)


def test_posts_must_fit_the_hand() -> None:
    with pytest.raises(VariantError, match="3 positions"):
        HandState(FL, [100] * 3, posts=Posts(live=(1, 2), big_blind=1))
    with pytest.raises(VariantError, match="posts"):
        HandState(FL, [100] * 2, posts={"live": (1, 2), "big_blind": 1})  # type: ignore[arg-type]


def test_no_limit_posts_keep_the_big_blind_as_the_minimum_raise() -> None:
    h = HandState(NL, [200] * 3, seed=6, posts=Posts(live=(2, 0, 2), big_blind=0))
    la = h.legal_actions()
    assert (la.position, la.call_amount, la.min_to, la.max_to) == (1, 2, 4, 200)


def test_a_player_short_of_both_blinds_posts_live_first() -> None:
    # WSOP-LAR 150: short of the big blind, a player posts what he has and gets full value for
    # it; 156: only the remainder of what he owes is dead. 3 chips for a big blind (2) live and
    # a small blind (1) dead: 2 live, 1 dead; 1 chip: 1 live, nothing dead.
    h = HandState(FL, [100, 100, 3, 1], seed=8, posts=Posts(live=(1, 2, 2, 2), big_blind=1, dead=(0, 0, 1, 1)))
    assert h.bets == (1, 2, 2, 1)
    assert h.antes == (0, 0, 1, 0)
    assert h.stacks == (99, 98, 0, 0)
    act(h, "c x")  # position 0 completes; the big blind checks (the short posters are all in)
    assert h.phase == "drawing"
    pots = h.side_pots()
    # main pot: 1 from each of four (position 3's one live chip) plus position 2's dead chip;
    # then the three who put in 2: 1 each
    assert [(p.amount, p.eligible) for p in pots] == [(5, (0, 1, 2, 3)), (3, (0, 1, 2))]
