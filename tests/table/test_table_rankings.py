"""A Table of an A-5 or badugi variant (issue 16): it seats as many as the game allows, deals
the variant's hand size, plays hands to the end, and a SQLite store resumes it exactly mid-hand
(before and after a reshuffle) and between hands."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_play import DrawFive, sit_all, state_of, step

from lowball import Ranking
from lowball.bots import RandomBot
from lowball.engine import Strategy
from lowball.errors import TableError
from lowball.store import SQLiteStore
from lowball.table import Table
from lowball.variants import ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT, BADUGI_FIXED_LIMIT, Variant

A5 = ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT
BADUGI = BADUGI_FIXED_LIMIT


def test_a_badugi_table_seats_eight_and_an_a5_table_six() -> None:
    assert Table(BADUGI).n_seats == 8
    assert Table(A5).n_seats == 6
    with pytest.raises(TableError, match=r"^seats = 9: expected a whole number 2\.\.8$"):
        Table(BADUGI, seats=9)


@pytest.mark.parametrize(
    ("variant", "seats", "size"),
    [(BADUGI, 8, 4), (A5, 6, 5)],
    ids=["badugi", "a-5"],
)
def test_a_stored_table_resumes_exactly_mid_hand(tmp_path: Path, variant: Variant, seats: int, size: int) -> None:
    """Players throwing every card at each draw (the stub runs out: reshuffles) and random players
    take turns; after every change a second store on the file resumes the table: the same
    snapshot, events and hand, mid-hand and between hands; and the hand deals ``size`` cards."""
    path = tmp_path / "t.db"
    store = SQLiteStore(path)
    t = Table(variant, seats=seats, store=store, seed=21)
    sit_all(t, 300)
    bots: list[Strategy] = [DrawFive() if k % 2 else RandomBot(variant, random.Random(k)) for k in range(seats)]
    now = 0.0
    seen = {"between": 0, "mid": 0, "reshuffled": 0, "showdowns": 0}
    while t.hand_number < 3 or t.in_hand:
        now += 1.0
        assert step(t, bots, now)
        if t.in_hand:
            hand = t.hand_state()
            assert hand.variant.ranking is variant.ranking
            assert {len(e.cards) for e in hand.events if e.kind == "deal"} == {size}
            seen["mid"] += 1
            seen["reshuffled"] += hand.deck.reshuffles > 0
        else:
            seen["between"] += 1
        other = SQLiteStore(path)
        resumed = Table.resume(other, "table")
        assert state_of(resumed) == state_of(t)
        if resumed.in_hand:
            resumed.hand_state().validate()
            assert resumed.hand_state().to_dict() == t.hand_state().to_dict()
            assert resumed.hand_state().variant == variant
        other.close()
    assert seen["between"] == 3
    assert seen["reshuffled"] > 0 and seen["mid"] > seen["reshuffled"]
    # the last hand's history has the game's code and the variant's hand size; a resumed table
    # rebuilds the hand from it
    text = t.last_phh
    assert text is not None and text.startswith(f'variant = "{variant.code}"\n')
    last = t.last_hand
    assert last is not None
    assert {len(e.cards) for e in last.events if e.kind == "deal"} == {size}
    rebuilt = Table.resume(SQLiteStore(path), "table").last_hand
    assert rebuilt is not None and rebuilt is not last
    assert rebuilt.events == last.events and rebuilt.stacks == last.stacks
    assert rebuilt.variant.ranking is variant.ranking
    store.close()


def test_a_resumed_badugi_table_plays_on_as_one_that_never_stopped(tmp_path: Path) -> None:
    """Two tables with the same seed: one stopped and resumed from its store in the middle of the
    second hand, one never stopped; they end the same."""

    def run(stop_at: int | None, path: Path) -> dict[str, object]:
        t = Table(BADUGI, seats=5, store=SQLiteStore(path), seed=9)
        sit_all(t, 100)
        bots: list[Strategy] = [RandomBot(BADUGI, random.Random(k)) for k in range(5)]
        now, steps = 0.0, 0
        while t.hand_number < 4 or t.in_hand:
            now += 1.0
            assert step(t, bots, now)
            steps += 1
            if steps == stop_at:
                assert t.in_hand and t.hand_state().variant.ranking is Ranking.BADUGI
                t = Table.resume(SQLiteStore(path), "table")
        return state_of(t)

    assert run(25, tmp_path / "a.db") == run(None, tmp_path / "b.db")
