"""The wire format's library, chosen by measurement (issue 29): msgspec structs against the
standard library's json with hand-written dicts, on what a server does for every action.

Run: python bench/bench_wire.py [--hands 40] [--repeat 5]

Six sensible bots play ``--hands`` hands of fixed-limit triple draw at a seeded ``Table``; at
every step the same objects are written both ways, and read back both ways:

- ``view``: the actor's :class:`~lowball.table.TableView` (its PlayerView, SeatInfos,
  LegalActions), the largest object a server sends: ``lowball.wire.encode`` (build the structs,
  then msgspec's encoder) against building the same JSON-ready dict by hand (cards as text) and
  ``json.JSONEncoder(separators=(",", ":")).encode``;
- ``event``: each new :class:`~lowball.table.TableEvent` the same two ways (the dict is
  ``TableEvent.to_dict`` with the cards as lists of text, as the wire writes them);
- ``read act``: a client's act message read into a checked action: ``lowball.wire.decode`` (one
  typed decode: every field's type and bound checked, unknown fields refused) against
  ``json.loads`` and the checks the server made by hand before (the field set, seq's type, the
  action's dict, then ``lowball.engine.actions.as_action``).

Each figure is the best of ``--repeat`` passes over every recorded object, in microseconds an
object, with the ratio; both ways must give equal JSON (checked once, before timing).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

from lowball import wire
from lowball.bots import make_bot
from lowball.cards import format_cards
from lowball.engine.actions import as_action
from lowball.table import Table, TableEvent, TableView
from lowball.variants import VARIANTS

_ENC = json.JSONEncoder(separators=(",", ":"))
_TEXT = [format_cards([c]) for c in range(52)]


def _cards(cards: Any) -> list[str]:
    return [_TEXT[c] for c in cards]


def view_dict(v: TableView) -> dict[str, Any]:
    """The wire's JSON of a TableView, built by hand (what a server wrote before lowball.wire)."""

    def legal(lg: Any) -> Any:
        if lg is None:
            return None
        return {
            "position": lg.position, "phase": lg.phase, "fold": lg.fold, "check": lg.check, "call": lg.call,
            "call_amount": lg.call_amount, "bet": lg.bet, "raise": lg.raise_, "min_to": lg.min_to,
            "max_to": lg.max_to, "draw": lg.draw, "max_discards": lg.max_discards, "show": lg.show, "muck": lg.muck,
        }  # fmt: skip

    h = v.hand
    hand = None
    if h is not None:
        hand = {
            "position": h.position, "variant": h.variant, "phase": h.phase, "betting_round": h.betting_round,
            "draw_round": h.draw_round, "actor": h.actor, "button": h.button, "stacks": list(h.stacks),
            "bets": list(h.bets), "pot_total": h.pot_total, "folded": list(h.folded), "all_in": list(h.all_in),
            "hand": _cards(h.hand), "hand_sizes": list(h.hand_sizes), "drawn": [list(d) for d in h.drawn],
            "shown": {str(p): _cards(c) for p, c in h.shown.items()}, "legal": legal(h.legal),
            "winnings": list(h.winnings), "mucked": list(h.mucked),
            "events": [
                {"kind": e.kind, "position": e.position, "amount": e.amount, "cards": _cards(e.cards),
                 "discarded": _cards(e.discarded), "number": e.number, "hand_class": e.hand_class, "pot": e.pot}
                for e in h.events
            ],
        }  # fmt: skip
    seats = [
        None
        if s is None
        else {
            "seat": s.seat,
            "player": s.player,
            "chips": s.chips,
            "status": s.status,
            "in_hand": s.in_hand,
            "missed_small": s.missed_small,
            "missed_big": s.missed_big,
            "post": s.post,
            "leaving": s.leaving,
            "timeouts": s.timeouts,
            "time_bank": s.time_bank,
            "chips_to_add": s.chips_to_add,
            "sitting": s.sitting,
            "kill": s.kill,
        }  # fmt: skip
        for s in v.seats
    ]
    return {
        "seat": v.seat, "seq": v.seq, "hand_number": v.hand_number, "button": v.button,
        "small_blind": v.small_blind, "big_blind": v.big_blind, "seats": seats,
        "seats_by_position": list(v.seats_by_position), "actor": v.actor, "deadline": v.deadline, "hand": hand,
        "legal": legal(v.legal),
    }  # fmt: skip


def event_dict(e: TableEvent) -> dict[str, Any]:
    d = e.to_dict()
    d["cards"], d["discarded"], d["description"] = _cards(e.cards), _cards(e.discarded), None
    return d


def read_by_hand(text: str) -> Any:
    """A client's act message as the server read it before lowball.wire."""
    msg = json.loads(text)
    if not isinstance(msg, dict) or msg.get("type") != "act":
        raise ValueError("not an act")
    if set(msg) - {"type", "id", "seq", "action", "seat"}:
        raise ValueError("unknown fields")
    if "seq" not in msg or "action" not in msg or type(msg["seq"]) is not int:
        raise ValueError("seq")
    if not isinstance(msg["action"], dict):
        raise ValueError("action")
    return msg["seq"], as_action(msg["action"], "seat 1")


def read_by_wire(text: str) -> Any:
    msg = wire.decode(text, wire.ClientMessage)
    return msg.seq, wire.action_of(msg.action, "action")


def record(hands: int) -> tuple[list[TableView], list[TableEvent], list[str]]:
    variant = VARIANTS["F2L3D"]
    table = Table(variant, seats=6, seed=7)
    for k in range(6):
        table.sit(k, f"p{k + 1}", 1000)
    bots = [make_bot("sensible", variant, random.Random(k)) for k in range(6)]
    views: list[TableView] = []
    events: list[TableEvent] = []
    acts: list[str] = []
    seen = 0
    while table.hand_number < hands or table.in_hand:
        if table.in_hand and table.actor is not None:
            seat = table.actor
            views.append(table.view(seat))
            action = bots[seat].act(table.player_view(seat), table.legal_actions())
            acts.append(json.dumps({"type": "act", "id": len(acts), "seq": table.seq, "action": action.to_dict()}))
            table.act(seat, action, seq=table.seq)
        else:
            table.deal()
        events += table.events_for(None, seen)
        seen = table.event_number
    return views, events, acts


def best(fn: Callable[[Any], Any], items: list[Any], repeat: int) -> float:
    """The best pass's microseconds an item."""
    out = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            fn(item)
        out = min(out, time.perf_counter() - start)
    return 1e6 * out / len(items)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=40)
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args(argv)
    views, events, acts = record(args.hands)
    for v in views[:50]:  # the same JSON both ways
        assert json.loads(wire.encode(v)) == view_dict(v)
    for e in events[:200]:
        assert json.loads(wire.encode(e)) == event_dict(e)
    for a in acts[:50]:
        assert read_by_wire(a) == read_by_hand(a)
    rows = [
        ("view", views, lambda v: wire.encode(v), lambda v: _ENC.encode(view_dict(v))),
        ("event", events, lambda e: wire.encode(e), lambda e: _ENC.encode(event_dict(e))),
        ("read act", acts, read_by_wire, read_by_hand),
    ]
    print(f"{len(views)} views, {len(events)} events, {len(acts)} act messages; best of {args.repeat}, us an object")
    print(f"{'':10} {'msgspec':>9} {'json+dicts':>11} {'ratio':>6}")
    for name, items, fast, plain in rows:
        a, b = best(fast, items, args.repeat), best(plain, items, args.repeat)
        print(f"{name:10} {a:9.2f} {b:11.2f} {b / a:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
