"""Tournaments (issue 30): each rule of the WSOP 2023 Tournament Rules ("TR") the package
implements, on small fields built to reach it, with the values worked out from the rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from lowball.engine import Action
from lowball.errors import LowballError
from lowball.table import Table
from lowball.tournament import (
    MULTI_TABLE_PAYOUTS,
    SIT_AND_GO_PAYOUTS,
    Break,
    Level,
    PayoutTable,
    SimClock,
    Structure,
    Tournament,
    TournamentError,
    bot_decider,
    drive,
    multi_table,
    play_bots,
    rules,
    sit_and_go,
)
from lowball.variants import VARIANTS, FixedLimit, NoLimit

BLINDS = [(5, 10), (10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200), (150, 300), (200, 400),
          (300, 600), (500, 1000), (1000, 2000), (2000, 4000), (4000, 8000)]  # fmt: skip


def quick(code: str = "F2L3D", hands: int = 3, stack: int = 300, **kw: object) -> Structure:
    """A fast structure: levels of ``hands`` rounds."""
    levels = tuple(Level(small_blind=a, big_blind=b, hands=hands) for a, b in BLINDS)
    return Structure(variant=VARIANTS[code], starting_stack=stack, levels=levels, **kw)  # type: ignore[arg-type]


def started(structure: Structure, players: int, seed: int = 1, clock: SimClock | None = None) -> Tournament:
    t = Tournament(structure, seed=seed, clock=clock or SimClock())
    for k in range(players):
        t.register(f"p{k + 1}")
    t.start()
    return t


def play_round(t: Tournament, decide: object) -> None:
    """Steps until the changes between two rounds are made."""
    r = t.round
    while t.round == r and not t.finished:
        assert t.step(decide)  # type: ignore[arg-type]


# -- the structure ------------------------------------------------------------------------


def test_level_stakes_in_each_betting_structure() -> None:
    lv = Level(small_blind=10, big_blind=20, ante=5)
    v = lv.variant(VARIANTS["F2L3D"])
    assert (v.forced.small_blind, v.forced.big_blind, v.forced.ante) == (10, 20, 5)
    assert isinstance(v.betting, FixedLimit) and (v.betting.small_bet, v.betting.big_bet) == (20, 40)
    v = lv.variant(VARIANTS["N2L1D"])
    assert isinstance(v.betting, NoLimit) and v.betting.min_bet == 20
    bba = Level(small_blind=10, big_blind=20, ante=20, big_blind_ante=True, small_bet=25, big_bet=50)
    v = bba.variant(VARIANTS["F2L3D"])
    assert v.forced.big_blind_ante and (v.betting.small_bet, v.betting.big_bet) == (25, 50)  # type: ignore[union-attr]
    with pytest.raises(TournamentError, match="give minutes or hands, not both"):
        Level(small_blind=1, big_blind=2, minutes=10, hands=5)
    with pytest.raises(TournamentError, match="Level.big_blind"):
        Level(small_blind=10, big_blind=5)


def test_structure_reads_from_toml(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(
        'variant = "FB"\nstarting_stack = 2000\ntable_size = 7\nbuy_in = 50\nfee = 5\nlate_registration = 2\n'
        'payouts = "sit_and_go"\n'
        "[[levels]]\nsmall_blind = 10\nbig_blind = 20\nminutes = 15\n"
        "[[levels]]\nsmall_blind = 20\nbig_blind = 40\nante = 5\nminutes = 15\n"
        "[[breaks]]\nafter_level = 1\nminutes = 5\ncolor_up = 20\n"
    )
    s = Structure.from_toml(str(path))
    assert s.variant == VARIANTS["FB"] and s.starting_stack == 2000 and s.seats == 7
    assert s.levels == (Level(small_blind=10, big_blind=20, minutes=15), Level(small_blind=20, big_blind=40, ante=5,
                                                                               minutes=15))  # fmt: skip
    assert s.breaks == (Break(after_level=1, minutes=5, color_up=20),)
    assert (s.buy_in, s.fee, s.late_registration, s.payouts) == (50, 5, 2, SIT_AND_GO_PAYOUTS)
    assert Structure.from_dict(s.to_dict()) == s
    path.write_text('variant = "XX"\nstarting_stack = 1\nlevels = []\n')
    with pytest.raises(TournamentError, match="variant = 'XX': not one of"):
        Structure.from_toml(str(path))
    path.write_text("variant = [")
    with pytest.raises(TournamentError, match="not TOML"):
        Structure.from_toml(str(path))


def test_final_table_size_tr_68() -> None:
    # TR 68: 6-handed combines at 7, 7-handed at 8 (where the game seats one more)
    assert quick("FB", table_size=7).final_table_size() == 8
    assert quick("FB", table_size=6).final_table_size() == 7
    assert quick("FB", table_size=8).final_table_size() == 9 - 1  # badugi seats 8 at most: no ninth seat
    # lowball: TR 68 stops at 6-handed events: a 5-handed one combines at 5
    assert quick("F2L3D", table_size=5).final_table_size() == 5
    # 2-7 seats at most 6 (the variant's max_players) and badugi 8: no extra seat
    assert quick("F2L3D").final_table_size() == 6
    assert quick("FB").final_table_size() == 8


# -- payouts ------------------------------------------------------------------------------


def test_payouts_sum_to_the_pool_and_ties_split() -> None:
    assert SIT_AND_GO_PAYOUTS.prizes(6, 1000) == (500, 300, 200)
    assert SIT_AND_GO_PAYOUTS.prizes(6, 1001) == (501, 300, 200)  # the odd unit to first place
    assert SIT_AND_GO_PAYOUTS.prizes(3, 300) == (300,)
    assert SIT_AND_GO_PAYOUTS.prizes(5, 1000) == (650, 350)
    for entries in (2, 9, 20, 57, 200, 1000, 5000):
        prizes = MULTI_TABLE_PAYOUTS.prizes(entries, 123_457)
        assert sum(prizes) == 123_457 and len(prizes) < entries
        assert list(prizes) == sorted(prizes, reverse=True) and min(prizes) > 0
    assert rules.share_prizes([500, 300, 200], 2, 3, ["x", "y"]) == {"x": 250, "y": 250}
    assert rules.share_prizes([500, 300, 200], 3, 4, ["x", "y"]) == {"x": 100, "y": 100}  # place 4 pays nothing
    assert rules.share_prizes([501, 300, 200], 1, 2, ["x", "y"]) == {"x": 401, "y": 400}
    table = PayoutTable.from_toml(
        "parts = 100\n[[row]]\nfield = 4\nshares = [100]\n[[row]]\nfield = 50\nshares = [70, 30]\n"
    )
    assert table.prizes(4, 90) == (90,) and table.prizes(10, 90) == (63, 27)
    with pytest.raises(TournamentError, match="sum to 90, not 100"):
        PayoutTable.from_toml("parts = 100\n[[row]]\nfield = 4\nshares = [60, 30]\n")


# -- places -------------------------------------------------------------------------------


def test_several_out_in_one_hand_placed_by_starting_stacks_tr_126b() -> None:
    # one table: who began the hand with more chips finishes higher
    assert rules.places([("a", 100, 1), ("b", 50, 1)], 10) == [(9, 9, ["a"]), (10, 10, ["b"])]
    # equal starting stacks share the places
    assert rules.places([("a", 80, 1), ("b", 80, 1)], 10) == [(9, 10, ["a", "b"])]
    # hand-for-hand, out at different tables: a tie
    assert rules.places([("a", 100, 1), ("b", 30, 2)], 10) == [(9, 10, ["a", "b"])]
    # lowball: two out at table 1, one at table 2: the best of each tie, then the next
    assert rules.places([("a", 100, 1), ("c", 40, 1), ("b", 30, 2)], 10) == [(8, 9, ["a", "b"]), (10, 10, ["c"])]


# -- balancing ----------------------------------------------------------------------------


def test_balancing_tr_67() -> None:
    order = [3, 2, 1]
    # from 12 tables down: within one player (67c)
    assert rules.balance_move({1: 6, 2: 6, 3: 4}, order) == (2, 3)  # the first full table in the breaking order
    assert rules.balance_move({1: 6, 2: 5, 3: 5}, order) is None
    # more than 12 tables: a table 3 or more short of the fullest
    thirteen = {n: 6 for n in range(1, 14)}
    thirteen[13] = 4
    assert rules.balance_move(thirteen, list(range(13, 0, -1))) is None
    thirteen[13] = 3
    assert rules.balance_move(thirteen, list(range(13, 0, -1))) == (12, 13)
    # more than 20 tables: from the next numerical table at full capacity
    many = {n: 6 for n in range(1, 23)}
    many[5] = 3
    assert rules.balance_move(many, list(range(22, 0, -1))) == (6, 5)
    many[5], many[22] = 6, 3
    assert rules.balance_move(many, list(range(22, 0, -1))) == (1, 22)  # wrapping round


def test_redraws_tr_67c() -> None:
    assert rules.redraw_at(100) == {3, 2, 1}
    assert rules.redraw_at(99) == {2, 1} and rules.redraw_at(51) == {2, 1}
    assert rules.redraw_at(50) == {1}


@pytest.mark.parametrize(("entries", "at"), [(120, [3, 2, 1]), (60, [2, 1]), (30, [1])])
def test_seats_are_redrawn_at_three_two_and_the_final_table_tr_67c(entries: int, at: list[int]) -> None:
    t = play_bots(quick(), entries, seed=2)
    redraws = [e.data for e in t.events if e.kind == "redraw"]
    assert [len(d["tables"]) for d in redraws] == at
    assert [d["final"] for d in redraws] == [False] * (len(at) - 1) + [True]
    finals = [e for e in t.events if e.kind == "final_table"]
    assert len(finals) == 1 and finals[0].data["players"] <= 6
    assert finals[0].data["table"] == redraws[-1]["tables"][0]


# -- moves: who moves and where (TR 66, 67a) ----------------------------------------------


class Checked(Tournament):
    """A tournament whose every move is checked against TR 66-67 before and after it is made."""

    moves: list[tuple[str, str]]

    def _move(self, name: str, to: int, reason: str) -> None:  # noqa: D401 - a test's hook
        src_n, src_seat = self.where(name)  # type: ignore[misc]
        src = self._tables[src_n]
        dst: Table = self._tables[to]
        counts = {n: self._count(n) for n in self._tables}
        if reason == "balance":
            gap = 2 if len(counts) <= 12 else 3
            assert max(counts.values()) - min(counts.values()) >= gap
            assert counts[src_n] == max(counts.values()) and counts[to] == min(counts.values())
            markers = src.next_markers()
            assert markers is not None and markers[2] == src_seat  # the player due for the big blind (67a)
        if reason == "break":
            assert src_n == self.breaking_order()[0]  # TR 66: the posted order
        markers = dst.next_markers()
        free = dst.free_positions()
        hands = {k: dst.big_blind_in(k) for k in free}
        super()._move(name, to, reason)
        seat = self.where(name)[1]  # type: ignore[index]
        if dst.hand_number > 0 and markers is not None and free:
            # never between the small blind and the button (66), never the small blind (67a), the
            # worst position: the big blind comes soonest
            sb = markers[1] if reason == "balance" else None  # from a broken table he may get it (66)
            assert seat in free and seat != sb
            worst = min(h for k, h in hands.items() if k != sb and h is not None)
            assert hands[seat] == worst
        self.moves.append((name, reason))


def checked_run(structure: Structure, players: int, seed: int) -> tuple[Checked, list[int]]:
    clock = SimClock()
    t = Checked(structure, seed=seed, clock=clock)
    t.moves = []
    for k in range(players):
        t.register(f"p{k + 1}")
    t.start()
    conserved: list[int] = []

    def on_hand(t: Tournament) -> None:
        assert t.chips_in_play() == t.chips_issued
        seated = [p for n in t.tables for p in (t.tables[n].player_at(k) for k in range(t.tables[n].n_seats)) if p]
        assert sorted(seated) == sorted(t.players_left())  # every player in at one table, none at two
        conserved.append(t.chips_issued)

    drive(t, clock, bot_decider(structure.variant, seed), 60.0, on_hand=on_hand)
    return t, conserved


def check_places_and_payouts(t: Tournament, players: int) -> None:
    taken: list[int] = []
    for e in t.events:
        if e.kind == "eliminated":
            taken.append(e.data["place"])
    groups: dict[int, int] = {}
    for e in t.events:
        if e.kind == "eliminated":
            groups[e.data["place"]] = e.data["shared_with"]
    covered = sorted(p for first, k in groups.items() for p in range(first, first + k))
    assert covered == list(range(1, players + 1))  # each place given once
    assert sorted(taken) == sorted(r["place"] for r in t.results())
    assert sum(r["prize"] for r in t.results()) == t.prize_pool
    assert sum(e["amount"] for e in t.ledger if e["kind"] == "prize") == t.prize_pool


@pytest.mark.parametrize("code", ["F2L3D", "F2L1D", "LB-FA5L3D", "FB"])
def test_a_200_player_tournament_to_a_winner(code: str) -> None:
    s = quick(code, hands=4, stack=500, breaks=(Break(after_level=4, minutes=5, color_up=25),))
    t, conserved = checked_run(s, 200, seed=7)
    assert t.finished and len(t.players_left()) == 0
    assert t.results()[0]["place"] == 1
    check_places_and_payouts(t, 200)
    reasons = {r for _, r in t.moves}
    assert {"balance", "break"} <= reasons
    assert t.prize_pool == 200 * 100
    assert len(conserved) == t.hands_played
    assert [e.kind for e in t.events].count("final_table") == 1


# -- levels, breaks, the clock (TR 79, 126c) ----------------------------------------------


def test_a_new_level_applies_to_the_next_hand_tr_79() -> None:
    t = started(quick(hands=2), 6)
    decide = bot_decider(VARIANTS["F2L3D"], 1)
    table = t.tables[1]
    play_round(t, decide)
    assert t.level == 1 and table.variant.forced.big_blind == 10
    play_round(t, decide)  # two rounds played: level 2 from the next hand
    assert t.level == 2 and not table.in_hand
    assert (table.variant.forced.small_blind, table.variant.forced.big_blind) == (10, 20)
    assert table.variant.betting.small_bet == 20  # type: ignore[union-attr]
    level = [e for e in t.events if e.kind == "level"][-1].to_dict()
    assert level == {"number": level["number"], "kind": "level", "level": 2, "small_blind": 10, "big_blind": 20,
                     "ante": 0, "big_blind_ante": False, "small_bet": 20, "big_bet": 40}  # fmt: skip


def test_levels_by_clock_and_breaks() -> None:
    levels = (Level(small_blind=5, big_blind=10, minutes=2), Level(small_blind=10, big_blind=20, minutes=2))
    s = Structure(
        variant=VARIANTS["F2L3D"], starting_stack=1000, levels=levels, breaks=(Break(after_level=1, minutes=10),)
    )
    clock = SimClock()
    t = started(s, 6, clock=clock)
    decide = bot_decider(s.variant, 1)
    play_round(t, decide)  # at 0 s: no time has passed
    assert t.level == 1
    clock.now = 119.0
    play_round(t, decide)
    assert t.level == 1
    clock.now = 120.0  # two minutes: level 1 is over, and the break after it begins
    play_round(t, decide)
    assert t.level == 2 and t.on_break and t.break_until == 720.0
    assert not t.step(decide)  # the break: nothing to do until the clock reaches its end
    clock.now = 720.0
    assert t.step(decide) and not t.on_break
    assert [e.kind for e in t.events][-3:] == ["break", "level", "break_end"]


def test_hand_for_hand_near_the_money_runs_two_minutes_off_the_clock_tr_126() -> None:
    levels = (Level(small_blind=5, big_blind=10, minutes=600), Level(small_blind=10, big_blind=20, minutes=600))
    s = Structure(variant=VARIANTS["F2L3D"], starting_stack=300, levels=levels)
    t = started(s, 40)  # 7 tables; 40 entries pay 7 places
    assert len(s.payouts.shares(40)) == 7
    decide = bot_decider(s.variant, 3)
    for _ in range(2000):
        if t.hand_for_hand or t.finished:
            break
        play_round(t, decide)
    assert t.hand_for_hand
    assert [e.data for e in t.events if e.kind == "hand_for_hand"] == [{"on": True}]
    # one more out at each table reaches the money
    assert 7 < len(t.players_left()) <= 7 + len(t.tables) and len(t.tables) >= 2
    level_clock = t.snapshot()["level_clock"]
    placed = len(t.results())
    play_round(t, decide)  # the clock stands at 0 s: a hand-for-hand round runs 2 minutes off it
    assert t.snapshot()["level_clock"] == level_clock + 120.0
    for _ in range(2000):
        if not t.hand_for_hand:
            break
        play_round(t, decide)
    # players out in one hand-for-hand round at different tables share their places (126b)
    out = [e.data for e in t.events if e.kind == "eliminated"][placed:]
    by_round: dict[int, list[dict[str, object]]] = {}
    for d in out:
        by_round.setdefault(d["hand"], []).append(d)  # type: ignore[arg-type]
    shared = 0
    for group in by_round.values():
        tables = [d["table"] for d in group]
        if len(group) > 1 and len(set(tables)) == len(tables):  # one out at each of several tables: a tie
            assert {d["place"] for d in group} == {group[0]["place"]}
            assert all(d["shared_with"] == len(group) for d in group)
            shared += 1
    assert len(t.players_left()) <= 7  # hand-for-hand ends in the money


# -- entry --------------------------------------------------------------------------------


def test_late_registration_until_the_stated_level_tr_12_14() -> None:
    t = started(quick(hands=2, late_registration=1), 7)  # 2 tables of 4 and 3
    decide = bot_decider(VARIANTS["F2L3D"], 1)
    play_round(t, decide)
    t.register("late")
    e = t.events[-1].to_dict()
    assert e["kind"] == "registered" and e["late"] is True
    table, seat = t.where("late")  # type: ignore[misc]
    assert (e["table"], e["seat"]) == (table, seat)
    assert t.tables[table].seats[seat].chips == 300  # a full stack (TR 14)
    assert t.chips_in_play() == t.chips_issued == 8 * 300
    play_round(t, decide)  # level 1 over: registration closed
    with pytest.raises(TournamentError, match=r"late registration closed at the end of level 1 \(TR 12\)"):
        t.register("later")
    assert t.entries == 8 and t.prize_pool == 800
    assert [x["kind"] for x in t.ledger].count("fee") == 8


def test_rebuys_and_an_add_on_go_to_the_prize_pool() -> None:
    s = quick(hands=3, stack=100, rebuys=2, rebuy_levels=2, addon_stack=100)
    t = play_bots(s, 9, seed=4)
    rebuys = sum(1 for x in t.ledger if x["kind"] == "rebuy")
    addons = sum(1 for x in t.ledger if x["kind"] == "addon")
    assert rebuys >= 1 and addons >= 1
    assert t.prize_pool == 100 * (9 + rebuys + addons)
    assert all(r["rebuys"] <= 2 for r in t.results())
    assert sum(r["prize"] for r in t.results()) == t.prize_pool
    assert t.chips_issued == 100 * (9 + rebuys + addons)  # no colour-up in this structure


def test_an_away_player_is_blinded_off_never_removed_tr_82_114() -> None:
    t = started(sit_and_go(hands=50), 6, seed=2)  # one table of six at 5/10 for 50 rounds
    t.set_away("p3")
    calls: list[str] = []
    bots = bot_decider(VARIANTS["F2L3D"], 2)

    def decide(table: Table, seat: int, player: str) -> Action:
        calls.append(player)
        return bots(table, seat, player)

    stacks = []
    for _ in range(6):  # one round of the button: every seat posts each blind once
        play_round(t, decide)
        n, k = t.where("p3")  # type: ignore[misc]  # still seated: never removed
        stacks.append(t.tables[n].seats[k].chips)
    assert "p3" not in calls  # his hand is dead: the tournament folds it (checks where it may not)
    assert stacks[-1] == 1500 - 5 - 10  # his small and big blind posted, nothing else won or lost
    assert len(t.players_left()) == 6
    t.set_away("p3", False)
    play_round(t, decide)
    assert "p3" in calls
    with pytest.raises(TournamentError, match="'nobody' is not in the tournament"):
        t.set_away("nobody")


# -- the chip race (TR 77) ----------------------------------------------------------------


def test_chip_race_tr_77() -> None:
    # odd chips 12, 7, 24 of 25: 43 raced off as 2 chips (rounded), the highest cards win one each
    assert rules.chip_race([112, 7, 24, 50], 25, [10, 40, 30, 5]) == [100, 25, 25, 50]
    # nobody is raced out: a player who would have no chip gets one
    assert rules.chip_race([3, 3, 3], 25, [1, 2, 3]) == [25, 25, 25]
    # at most one chip a player
    assert rules.chip_race([24, 24, 24, 24], 25, [1, 2, 3, 4]) == [25, 25, 25, 25]


def test_a_colour_up_at_a_break_keeps_the_chips_counted() -> None:
    s = quick(hands=2, stack=333, breaks=(Break(after_level=1, minutes=0, color_up=25),))
    t = started(s, 6)
    decide = bot_decider(s.variant, 1)
    play_round(t, decide)
    play_round(t, decide)
    race = [e for e in t.events if e.kind == "chip_race"]
    assert len(race) == 1 and race[0].data["chip"] == 25
    assert all(c % 25 == 0 for c in race[0].data["stacks"].values())
    assert t.chips_in_play() == t.chips_issued == sum(race[0].data["stacks"].values())


# -- the heads-up cap (TR 100b) -----------------------------------------------------------


def test_the_raise_cap_lifts_only_when_the_tournament_is_heads_up_tr_100b() -> None:
    t = started(quick(hands=3), 3)
    assert t.tables[1].variant.betting.uncapped_heads_up is False  # type: ignore[union-attr]
    decide = bot_decider(VARIANTS["F2L3D"], 1)
    while len(t.players_left()) > 2:
        assert t.tables[max(t.tables)].variant.betting.uncapped_heads_up is False  # type: ignore[union-attr]
        play_round(t, decide)
    assert not t.finished  # (this seed's field reaches heads-up)
    assert t.tables[max(t.tables)].variant.betting.uncapped_heads_up is True  # type: ignore[union-attr]


# -- the seat draw and determinism --------------------------------------------------------


def test_the_seat_draw_spreads_the_field_at_random_from_the_seed_tr_34_65() -> None:
    t = started(quick(), 20, seed=5)
    assert sorted(t.tables) == [1, 2, 3, 4]
    assert [t._count(n) for n in sorted(t.tables)] == [5, 5, 5, 5]  # noqa: SLF001
    again = started(quick(), 20, seed=5)
    other = started(quick(), 20, seed=6)
    seats = [t.where(f"p{k + 1}") for k in range(20)]
    assert seats == [again.where(f"p{k + 1}") for k in range(20)]
    assert seats != [other.where(f"p{k + 1}") for k in range(20)]


def test_a_tournament_is_the_same_from_the_same_seed() -> None:
    a = play_bots(quick(), 30, seed=9)
    b = play_bots(quick(), 30, seed=9)
    assert [e.to_dict() for e in a.events] == [e.to_dict() for e in b.events]
    assert a.results() == b.results() and a.hands_played == b.hands_played


def test_bad_entry_and_start() -> None:
    t = Tournament(quick(), seed=1)
    with pytest.raises(TournamentError, match="start: 1 player registered; a tournament needs 2 or more"):
        t.register("a")
        t.start()
    with pytest.raises(TournamentError, match="'a': already in the tournament"):
        t.register("a")
    with pytest.raises(TournamentError, match="has not started"):
        t.step(bot_decider(VARIANTS["F2L3D"], 1))
    with pytest.raises(LowballError):
        Tournament("x", seed=1)  # type: ignore[arg-type]
    assert multi_table().late_registration == 4


def test_registration_stays_open_through_a_break_at_its_end_tr_12() -> None:
    clock = SimClock()
    s = quick(hands=1, late_registration=1, breaks=(Break(after_level=1, minutes=5),))
    t = started(s, 4, clock=clock)
    decide = bot_decider(VARIANTS["F2L3D"], 1)
    play_round(t, decide)  # level 1 over: the break after it begins
    assert t.on_break and t.level == 2
    t.register("during")  # open until play resumes
    clock.now = 300.0
    assert t.step(decide) and not t.on_break
    with pytest.raises(TournamentError, match="late registration closed at the end of level 1"):
        t.register("after")
    assert t.entries == 5 and t.where("during") is not None


def test_players_out_while_registration_is_open_are_placed_from_the_last_place_when_it_closes_tr_12_13() -> None:
    # 8 players, registration open to the end of level 2 (rounds 1-8); p4 and p6 go out in the
    # first hand with equal stacks, then one late entry and p4's re-entry: 10 entries, 10 places
    s = Structure(
        variant=VARIANTS["N2L1D"], starting_stack=100, late_registration=2,
        levels=tuple(Level(small_blind=a, big_blind=b, hands=4) for a, b in BLINDS),
    )  # fmt: skip
    t = started(s, 8, seed=3)
    decide = bot_decider(s.variant, 3, "random")
    while len(t.players_left()) == 8:
        t.step(decide)
    assert sorted(set(f"p{k + 1}" for k in range(8)) - set(t.players_left())) == ["p4", "p6"]
    assert not [e for e in t.events if e.kind == "eliminated"]  # the field is not known yet
    t.register("late")
    t.register("p4")  # a re-entry (TR 13): a new participant, his first entry keeps its place
    t.run(decide)
    places = [(r["place"], r["player"], r["prize"]) for r in t.results()]
    assert places == [
        (1, "p1", 500), (2, "p3", 300), (3, "p2", 200), (4, "p8", 0), (5, "p5", 0), (6, "p4", 0), (7, "late", 0),
        (8, "p7", 0), (9, "p4", 0), (9, "p6", 0),
    ]  # fmt: skip
    assert t.entries == 10 and t.prize_pool == 1000 == sum(p for _, _, p in places)
    closed = next(e.number for e in t.events if e.kind == "level" and e.data["level"] == 3)
    first_out = [e for e in t.events if e.kind == "eliminated"][:2]
    assert [(e.data["player"], e.data["place"], e.data["shared_with"], e.data["hand"]) for e in first_out] == [
        ("p4", 9, 2, 0), ("p6", 9, 2, 0),
    ]  # fmt: skip
    assert all(e.number > closed for e in first_out)  # placed when registration closed


@pytest.mark.parametrize("code", ["F2L3D", "F2L1D", "N2L1D", "LB-FA5L3D", "FB"])
def test_solid_bots_play_a_sit_and_go_to_its_winner_at_every_level(code: str) -> None:
    """The solid bots (the server's default) play every level's stakes: one bot made for the
    first level read the next level's big blind as a raise over its own and called where nobody
    had bet (the engine refused it: the sit & go of ``lowball serve`` stopped at its first level
    up, in every fixed-limit game)."""
    t = play_bots(sit_and_go(VARIANTS[code]), 6, seed=0, bot="solid")
    summary = t.summary()
    assert t.finished and [r["place"] for r in t.results()] == [1, 2, 3, 4, 5, 6]
    assert sum(r["prize"] for r in t.results()) == t.prize_pool == 600
    assert summary["levels_reached"] >= 3  # it played through changes of stakes
