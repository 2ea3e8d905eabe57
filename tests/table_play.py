"""Helpers shared by the table store and crash tests: bots driving a :class:`lowball.Table`, a
bot that draws five cards every time (so a full triple-draw table runs its stub out), a small
dict-backed :class:`lowball.store.Store`, and the comparison of two tables."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

from lowball.bots import make_bot
from lowball.engine import Action, LegalActions, PlayerView, Strategy
from lowball.errors import StoreError
from lowball.table import Table
from lowball.variants import Variant


class DrawFive:
    """Calls or checks every bet and throws all five cards at every draw: six of these at a
    triple-draw table ask 30 + 6 * 15 = 120 cards, far beyond the 52 of a deck, so the stub runs
    out and the discards are reshuffled."""

    def __init__(self, variant: Variant | None = None, rng: random.Random | None = None) -> None:
        pass

    def act(self, view: PlayerView, legal: LegalActions) -> Action:
        if legal.draw:
            return Action.discard(list(view.hand)[: legal.max_discards])
        if legal.show:
            return Action.show()
        return Action.check() if legal.check else Action.call()


def make_bots(
    variant: Variant, n: int, seed: int, kinds: Sequence[str] = ("sensible", "random", "calling")
) -> list[Strategy]:
    """``n`` built-in bots, each with its own seeded generator."""
    return [make_bot(kinds[k % len(kinds)], variant, random.Random(seed * 1000 + k)) for k in range(n)]


def step(table: Table, bots: Sequence[Strategy], now: float) -> str:
    """One thing at the table: the bot to act acts, or a hand is dealt. Returns what was done
    ("act", "deal" or "" when nothing could be done)."""
    if table.in_hand and table.actor is not None:
        seat = table.actor
        hand = table.hand_state()
        pos = table.position_of(seat)
        assert pos is not None
        view = hand.view(pos)
        action = bots[seat].act(view, hand.legal_actions())
        table.act(seat, action, seq=table.seq, now=now)
        return "act"
    if table.can_deal():
        table.deal(now=now)
        return "deal"
    return ""


def sit_all(table: Table, chips: int, now: float = 0.0) -> None:
    for k in range(table.n_seats):
        table.sit(k, f"p{k + 1}", chips, now=now)


def all_events(table: Table) -> list[list[dict[str, Any]]]:
    """Every seat's kept events (and a spectator's), as data (TableEvent's equality skips ``data``)."""
    seats: list[int | None] = [None, *range(table.n_seats)]
    starts = table.snapshot()["hand_starts"]
    since = starts[0] - 1 if starts else 0  # from the first hand kept in memory
    return [[e.to_dict() for e in table.events_for(k, since)] for k in seats]


def state_of(table: Table) -> dict[str, Any]:
    """What must be equal in two tables that are the same: the snapshot and every seat's events."""
    snapshot = table.snapshot()
    return {"snapshot": snapshot, "events": all_events(table)}


class DictStore:
    """A store in a dict: the smallest implementation of the :class:`lowball.store.Store`
    interface (a transaction is a deep copy of the data, put back when it fails)."""

    def __init__(self) -> None:
        self.data: dict[str, dict[str, Any]] = {}
        self.depth = 0
        self.after: list[Any] = []

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        if self.depth:
            yield
            return
        saved = copy.deepcopy(self.data)
        self.depth = 1
        try:
            yield
        except BaseException:
            self.data = saved
            self.after = []
            raise
        finally:
            self.depth = 0
        after, self.after = self.after, []
        for callback in after:
            callback()

    def after_commit(self, callback: Any) -> None:
        if self.depth:
            self.after.append(callback)
        else:
            callback()

    def save_ledger(self, table_id: str, entries: list[dict[str, Any]], outbox: list[dict[str, Any]]) -> None:
        t = self.data[table_id]
        t.setdefault("ledger", []).extend(copy.deepcopy(entries))
        t.setdefault("outbox", []).extend(copy.deepcopy(outbox))

    def ledger(self, table_id: str, since: int = 0) -> list[dict[str, Any]]:
        return copy.deepcopy([e for e in self.data[table_id].get("ledger", []) if e["op"] > since])

    def outbox(self, table_id: str) -> list[dict[str, Any]]:
        return copy.deepcopy([m for m in self.data[table_id].get("outbox", []) if not m["sent"]])

    def put_data(self, namespace: str, key: str, value: Any) -> None:
        data = self.data.setdefault(" data", {}).setdefault(namespace, {})  # " data": no table id has a space
        if value is None:
            data.pop(key, None)
        else:
            data[key] = json.loads(json.dumps(value))

    def get_data(self, namespace: str) -> dict[str, Any]:
        return copy.deepcopy(self.data.get(" data", {}).get(namespace, {}))

    def confirm(self, table_id: str, key: str) -> None:
        for m in self.data[table_id].get("outbox", []):
            if m["key"] == key:
                m["sent"] = True

    def create(self, table_id: str, snapshot: dict[str, Any]) -> None:
        if table_id in self.data:
            raise StoreError(f"table {table_id!r} exists")
        self.data[table_id] = {"snapshot": copy.deepcopy(snapshot), "records": [], "events": [], "hands": {}}

    def save_action(
        self, table_id: str, record: dict[str, Any], events: list[dict[str, Any]], snapshot: dict[str, Any]
    ) -> None:
        t = self.data[table_id]
        t["records"].append(copy.deepcopy(record))
        t["events"].extend(copy.deepcopy(events))
        t["snapshot"] = copy.deepcopy(snapshot)

    def save_hand(self, table_id: str, hand: dict[str, Any]) -> None:
        hands = self.data[table_id]["hands"]
        if hand["number"] in hands:
            raise StoreError(f"hand {hand['number']} exists")
        hands[hand["number"]] = copy.deepcopy(hand)

    def load(self, table_id: str) -> dict[str, Any] | None:
        t = self.data.get(table_id)
        if t is None:
            return None
        since = t["snapshot"]["events_from"]
        return copy.deepcopy(
            {
                "snapshot": t["snapshot"],
                "records": t["records"][-256:],
                "events": [e for e in t["events"] if e["number"] >= since],
            }
        )

    def events(self, table_id: str, since: int = 0) -> list[dict[str, Any]]:
        return copy.deepcopy([e for e in self.data[table_id]["events"] if e["number"] > since])
