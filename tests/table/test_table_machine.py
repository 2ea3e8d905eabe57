"""A Hypothesis state machine over the table: players sit, leave, sit out and in (posting or
killing), change seats, add chips; hands are dealt and played with legal actions drawn from
``legal_actions()`` (and refused calls: wrong seats, stale and future seqs, illegal actions); a
fake clock jumps and ``tick`` acts for overdue players.

After every step:

- chips are conserved: ``chips_in == chips_at_table() + rake_total + chips_out``;
- no seat's event stream shows another seat's (or a former occupant's) hidden cards, and a
  spectator sees none;
- a refused call left ``snapshot()`` exactly as it was, and raised a ``LowballError``;
- a table resumed from a copy of the store has the same ``snapshot()`` as the never-stopped
  one; that resumed copy is then driven by the same step, and must answer the same and stay
  equal (so every step is tried from a resumed table too).
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from lowball.engine import Action
from lowball.errors import LowballError
from lowball.table import ActResult, PercentRake, Table
from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT

SEATS = 4
NAMES = ("ann", "bob", "cy", "di", "ed")
TABLE = "t"


def _json(x: Any) -> Any:
    return json.loads(json.dumps(x))


class DictStore:
    """A store in memory: what it keeps goes through JSON, as a database's would; writes made
    in a transaction are kept only if it ends normally."""

    def __init__(self) -> None:
        self.tables: dict[str, dict[str, Any]] = {}
        self._pending: list[Any] | None = None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        self._pending = []
        try:
            yield
        except BaseException:
            self._pending = None
            raise
        pending, self._pending = self._pending, None
        for write in pending:
            write()

    def _do(self, write: Any) -> None:
        if self._pending is None:
            write()
        else:
            self._pending.append(write)

    def create(self, table_id: str, snapshot: dict[str, Any]) -> None:
        assert table_id not in self.tables
        self.tables[table_id] = {"snapshot": _json(snapshot), "records": [], "events": [], "hands": {}}

    def save_action(
        self, table_id: str, record: dict[str, Any], events: list[dict[str, Any]], snapshot: dict[str, Any]
    ) -> None:
        record, events, snapshot = _json(record), _json(events), _json(snapshot)

        def write() -> None:
            t = self.tables[table_id]
            t["records"].append(record)
            t["events"].extend(events)
            t["snapshot"] = snapshot

        self._do(write)

    def save_hand(self, table_id: str, hand: dict[str, Any]) -> None:
        hand = _json(hand)

        def write() -> None:
            hands = self.tables[table_id]["hands"]
            assert hand["number"] not in hands
            hands[hand["number"]] = hand

        self._do(write)

    def load(self, table_id: str) -> dict[str, Any] | None:
        t = self.tables.get(table_id)
        if t is None:
            return None
        snap = t["snapshot"]
        return _json(
            {
                "snapshot": snap,
                "records": [r for r in t["records"] if r["kind"] in ("act", "tick", "deal")][-256:],
                "events": [e for e in t["events"] if e["number"] >= snap["events_from"]],
            }
        )

    def events(self, table_id: str, since: int) -> list[dict[str, Any]]:
        return _json([e for e in self.tables[table_id]["events"] if e["number"] > since])

    def copy(self) -> DictStore:
        other = DictStore()
        other.tables = copy.deepcopy(self.tables)
        return other


def _norm(x: Any) -> Any:
    """A result in a comparable form (events as their dicts)."""
    if isinstance(x, ActResult):
        return (x.seq, x.seat, x.kind, [e.to_dict() for e in x.events], x.repeated)
    if isinstance(x, list):
        return [_norm(y) for y in x]
    return x


def same(a: Table, b: Table) -> bool:
    """The same snapshot and the same events."""
    return a.snapshot() == b.snapshot() and a.events_for(None) == b.events_for(None)


class TableMachine(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 2**32 - 1))
    def start(self, seed: int) -> None:
        self.store = DictStore()
        options: dict[str, Any] = {
            "seats": SEATS,
            "table_id": TABLE,
            "seed": seed,
            "action_seconds": 10,
            "time_bank": 5,
            "timeouts_to_sit_out": 2,
            "next_hand_delay": 3,
            "rake": PercentRake(10, cap=3),
            "keep_hands": 1,
        }
        self.table = Table(TRIPLE_DRAW_FIXED_LIMIT, store=self.store, **options)
        self.twin = self._resumed()
        self.now = 0.0
        self.last_act: tuple[int, Action, int, int] | None = None
        for seat, name in ((0, "ann"), (2, "cy")):
            self.sit(seat, name, 100, False)

    def _check_all(self) -> None:
        self.chips_are_conserved()
        self.no_hidden_card_leaks()
        self.events_are_numbered_without_gaps()

    def _resumed(self) -> Table:
        return Table.resume(self.store.copy(), TABLE)

    def _run(self, call: Any) -> None:
        """Make the same call on the table and on its twin resumed from the store; both answer
        the same, a refused call is a LowballError that changed nothing."""
        answers = []
        for t in (self.table, self.twin):
            before = t.snapshot()
            try:
                answers.append(("ok", _norm(call(t))))
            except LowballError as e:
                answers.append(("refused", type(e).__name__, str(e)))
                assert t.snapshot() == before, f"refused {e!r} but changed the table"
        assert answers[0] == answers[1], answers
        assert same(self.twin, self.table)
        # resume after every step
        self.twin = self._resumed()
        assert same(self.twin, self.table)

    # -- seats ------------------------------------------------------------------------------

    @rule(
        seat=st.integers(0, SEATS - 1),
        name=st.sampled_from(NAMES),
        chips=st.sampled_from([5, 20, 30, 100]),
        post=st.booleans(),
    )
    def sit(self, seat: int, name: str, chips: int, post: bool) -> None:
        self._run(lambda t: t.sit(seat, name, chips, post=post, now=self.now))

    @rule(seat=st.integers(0, SEATS - 1))
    def leave(self, seat: int) -> None:
        self._run(lambda t: t.leave(seat, now=self.now))

    @rule(seat=st.integers(0, SEATS - 1))
    def sit_out(self, seat: int) -> None:
        self._run(lambda t: t.sit_out(seat, now=self.now))

    @rule(seat=st.integers(0, SEATS - 1), post=st.booleans())
    def sit_in(self, seat: int, post: bool) -> None:
        self._run(lambda t: t.sit_in(seat, post=post, now=self.now))

    @rule(seat=st.integers(0, SEATS - 1))
    def sit_in_killing(self, seat: int) -> None:
        self._run(lambda t: t.sit_in(seat, kill=True, now=self.now))

    @rule(seat=st.integers(0, SEATS - 1), to=st.integers(0, SEATS - 1))
    def change_seat(self, seat: int, to: int) -> None:
        self._run(lambda t: t.change_seat(seat, to, now=self.now))

    @rule(seat=st.integers(0, SEATS - 1), amount=st.sampled_from([0, 5, 40]))
    def add_chips(self, seat: int, amount: int) -> None:
        self._run(lambda t: t.add_chips(seat, amount, now=self.now))

    # -- hands ------------------------------------------------------------------------------

    @rule()
    def deal(self) -> None:
        self._run(lambda t: t.deal(now=self.now))

    def _legal_action(self, data: st.DataObject) -> Action:
        """An action the rules allow now, drawn by Hypothesis (playing on before folding)."""
        t = self.table
        legal = t.legal_actions()
        options: list[Action] = []
        if legal.check:
            options.append(Action.check())
        if legal.call:
            options.append(Action.call())
        if legal.bet:
            options += [Action.bet(legal.min_to), Action.bet(legal.max_to)]
        if legal.raise_:
            options += [Action.raise_to(legal.min_to), Action.raise_to(legal.max_to)]
        if legal.draw:
            hand = t.hand_state().hand(legal.position)
            k = data.draw(st.integers(0, legal.max_discards), label="discards")
            options.append(Action.discard(hand[:k]) if k else Action.stand_pat())
        if legal.show:
            options.append(Action.show())
        if legal.muck:
            options.append(Action.muck())
        if legal.fold:
            options.append(Action.fold())
        return data.draw(st.sampled_from(options), label="action")

    @rule(data=st.data(), wait=st.sampled_from([0.0, 2.0, 12.0]), count=st.integers(1, 12))
    def act(self, data: st.DataObject, wait: float, count: int) -> None:
        """Up to ``count`` legal actions, one step each (the first after ``wait`` seconds)."""
        for _ in range(count):
            t = self.table
            if t.actor is None:
                return
            seat = t.actor
            action = self._legal_action(data)
            self.now += wait
            wait = 0.0
            seq = t.seq
            self._run(lambda tb, k=seat, a=action, s=seq: tb.act(k, a, seq=s, now=self.now))
            self.last_act = (seat, action, seq, t.hand_number)
            self._check_all()

    @rule()
    def repeat_last_action(self) -> None:
        """A client sends its last action again (of this hand or an older one)."""
        if self.last_act is None:
            return
        seat, action, seq, _ = self.last_act
        self._run(lambda t: t.act(seat, action, seq=seq, now=self.now))

    @rule(
        seat=st.integers(0, SEATS - 1),
        shift=st.sampled_from([-1, 0, 1]),
        action=st.sampled_from(
            [Action.check(), Action.call(), Action.fold(), Action.bet(3), Action.raise_to(100), Action.show()]
        ),
    )
    def act_anyhow(self, seat: int, shift: int, action: Action) -> None:
        """Any seat, any action, the seq maybe off by one: mostly refused."""
        seq = max(0, self.table.seq + shift)
        self._run(lambda t: t.act(seat, action, seq=seq, now=self.now))

    @rule(jump=st.sampled_from([1.0, 4.0, 11.0, 16.0, 40.0]))
    def tick(self, jump: float) -> None:
        self.now += jump
        self._run(lambda t: t.tick(now=self.now))

    # -- invariants -------------------------------------------------------------------------

    @invariant()
    def chips_are_conserved(self) -> None:
        t = self.table
        assert t.chips_in == t.chips_at_table() + t.rake_total + t.chips_out
        assert all(s is None or (s.chips >= 0 and s.chips_to_add >= 0) for s in t.seats)

    @invariant()
    def no_hidden_card_leaks(self) -> None:
        t = self.table
        for e in t.events_for(None):
            assert not (e.kind in ("deal", "draw") and (e.cards or e.discarded)), e
        for k, info in enumerate(t.seats):
            for e in t.events_for(k):
                if e.kind in ("deal", "draw") and (e.cards or e.discarded):
                    assert info is not None and e.seat == k and e.player == info.player, (k, e)

    @invariant()
    def events_are_numbered_without_gaps(self) -> None:
        numbers = [e.number for e in self.table.events_for(None)]
        assert numbers == list(range(1, len(numbers) + 1))


TestTableMachine = TableMachine.TestCase
TestTableMachine.settings = settings(
    max_examples=80,
    stateful_step_count=50,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def test_resume_after_a_trim_has_the_same_snapshot() -> None:
    store = DictStore()
    t = Table(TRIPLE_DRAW_FIXED_LIMIT, seats=4, table_id=TABLE, store=store, seed=1, keep_hands=1)
    t.sit(1, "bob", 20, now=0)
    t.sit(2, "ann", 20, now=0)
    t.deal(now=0)  # hand 1: events 3.. (1 and 2 are the two sits)
    t.act(2, Action.fold(), seq=t.seq, now=0)  # heads-up, seat 2 (the button) folds
    t.deal(now=0)  # hand 2: the table keeps its events only
    first = t.events_for(None, since=0)
    kept = t.snapshot()["events_from"]
    assert [e.kind for e in first if e.number == kept] == ["hand_start"]
    assert kept > 3
    assert Table.resume(store, TABLE).snapshot() == t.snapshot()


def test_a_repeat_after_resume_gets_the_same_events() -> None:
    store = DictStore()
    t = Table(TRIPLE_DRAW_FIXED_LIMIT, seats=4, table_id=TABLE, store=store, seed=1, keep_hands=1)
    t.sit(1, "bob", 20, now=0)
    t.sit(2, "ann", 20, now=0)
    t.deal(now=0)
    seq = t.seq
    first = t.act(2, Action.fold(), seq=seq, now=0)  # heads-up, seat 2 (the button) folds
    assert [e.kind for e in first.events][:1] == ["fold"]
    t.deal(now=0)
    t.act(1, Action.fold(), seq=t.seq, now=0)
    again = t.act(2, Action.fold(), seq=seq, now=0)
    assert again.repeated and again.events == first.events
    resumed = Table.resume(store, TABLE)
    later = resumed.act(2, Action.fold(), seq=seq, now=0)
    assert later.repeated and later.events == first.events
