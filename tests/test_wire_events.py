"""The table's events in lowball.wire (issue 29): each kind of event is its own form with the
``data`` of that kind (a tagged union on ``kind``), so the schema says what each event carries;
every kind a table records round trips and validates, its JSON is the old one with ``kind``
written first, and data that is not its kind's is refused naming the field and the value."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from lowball import wire
from lowball.cards import parse_cards
from lowball.engine import Action
from lowball.engine.records import EVENT_KINDS
from lowball.errors import MISSING, WireError
from lowball.table import PercentRake, Table, TableEvent
from lowball.table.records import TABLE_KINDS
from lowball.variants import VARIANTS, FixedLimit, ForcedBets


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    doc = wire.schema("TableEvent")
    jsonschema.Draft202012Validator.check_schema(doc)
    return jsonschema.Draft202012Validator(doc)


def old_text(e: TableEvent) -> str:
    """The JSON the server wrote for ``e`` before the events had a form a kind (one struct, its
    fields in the order number, seq, hand, kind, ...), with ``kind`` moved first."""
    d = e.to_dict()
    d["cards"] = wire.card_texts(e.cards)
    d["discarded"] = wire.card_texts(e.discarded)
    d["description"] = None
    kind = d.pop("kind")
    return json.dumps({"kind": kind, **d}, separators=(",", ":"), ensure_ascii=False)


def test_every_kind_a_table_records_has_a_form() -> None:
    """The engine's kinds, the table's own, and the stakes and stacks of tournaments' levels."""
    assert set(wire.TABLE_EVENT_FORMS) == EVENT_KINDS | TABLE_KINDS | {"stakes", "stacks"}
    assert len(wire.TABLE_EVENT_FORMS) == 30
    assert wire.TABLE_EVENT_FORMS["sit"].__name__ == "SitEvent"
    assert wire.TABLE_EVENT_FORMS["draw_round"].__name__ == "DrawRoundEvent"


def test_every_kind_the_table_code_emits_has_a_form() -> None:
    """Read from the table's code: every ``_emit("kind", ...)`` (a kind added there without a form
    would be refused when a server sends it)."""
    import inspect
    import re

    import lowball.table.table as code

    emitted = set(re.findall(r'_emit\(\s*"(\w+)"', inspect.getsource(code)))
    assert len(emitted) >= 12 and emitted <= set(wire.TABLE_EVENT_FORMS), emitted - set(wire.TABLE_EVENT_FORMS)


def test_the_tables_own_kinds_are_every_kind_it_emits() -> None:
    """``TABLE_KINDS`` (the kinds a hand's engine events are told apart from) is exactly what the
    table's code emits, and no engine kind: a kind missing there (``stakes`` and ``stacks`` were)
    would be read back as an engine event of the hand before it."""
    import inspect
    import re

    import lowball.table.table as code
    from lowball.engine.records import EVENT_KINDS
    from lowball.table.records import TABLE_KINDS

    emitted = set(re.findall(r'_emit\(\s*"(\w+)"', inspect.getsource(code)))
    assert emitted == set(TABLE_KINDS)
    assert not TABLE_KINDS & EVENT_KINDS


def test_a_change_of_stakes_is_no_engine_event_of_the_hand_before() -> None:
    from lowball.bots import SensibleBot
    from lowball.table.records import engine_events_of

    variant = VARIANTS["F2L3D"]
    table = Table(variant, seats=3, seed=1)
    for k in range(3):
        table.sit(k, f"p{k}", 100)
    table.deal()
    bot = SensibleBot(variant)
    while table.in_hand:
        view = table.player_view(table.actor)
        table.act(table.actor, bot.act(view, view.legal), seq=table.seq)
    table.change_stakes(variant)  # the same stakes again: recorded all the same
    table.set_stacks({0: 110, 1: 90}, reason="chip race")
    events = table.events_for(None, 0)
    assert [e.kind for e in events[-2:]] == ["stakes", "stacks"] and {e.hand for e in events[-2:]} == {1}
    kinds = [e["kind"] for e in engine_events_of(events, 1, [0, 1, 2])]
    assert kinds[-1] in ("win", "muck", "show") and "stakes" not in kinds and "stacks" not in kinds


def play_every_kind() -> Table:
    """A table taken through every kind of event that carries data: sits, a timeout (and a
    sitting out for timeouts), a sitting out asked for, a leave in the hand (at its end), a rake,
    a hand's end, a sitting in, chips added, a seat change, stacks set, new stakes, stacks reset
    and a leave between hands."""
    table = Table(
        VARIANTS["F2L3D"], seats=5, seed=3, rake=PercentRake(50, cap=2, no_draw_no_drop=False), timeouts_to_sit_out=1
    )
    now = 0.0
    for k, name in enumerate(("ann", "bob", "cal", "dan")):
        table.sit(k, name, 100, now=now)
    table.deal(now=now)
    assert table.deadline is not None
    now = table.deadline + 1
    table.tick(now)  # the actor is timed out (a fold or check) and, at the first timeout, sits out
    table.sit_out(table.actor if table.actor is not None else 3, now=now)
    leaver = next(k for k in range(4) if k != table.actor and table.seats[k].in_hand)  # type: ignore[union-attr]
    table.leave(leaver, now=now)  # mid-hand: at the hand's end
    while table.in_hand:
        legal = table.legal_actions()
        action = Action.discard(()) if legal.draw else Action.check() if legal.check else Action.call()
        table.act(table.actor, action, seq=table.seq, now=now)  # type: ignore[arg-type]
    for k, info in enumerate(table.seats):
        if info is not None and info.status == "sitting_out":
            table.sit_in(k, now=now)
    seated = [k for k, info in enumerate(table.seats) if info is not None]
    table.add_chips(seated[0], 10, now=now)
    table.change_seat(seated[0], 4, now=now)
    table.set_stacks({4: 150}, reason="colour-up", now=now)
    bigger = table.variant.replace(
        betting=FixedLimit(small_bet=4, big_bet=8),
        forced=ForcedBets(small_blind=2, big_blind=4),
        name="2-7 triple draw, 4/8",
    )
    table.change_stakes(bigger, now=now)
    table.reset_stacks(120, now=now)
    table.leave(4, now=now)
    return table


def test_each_kind_of_event_round_trips_with_its_data_as_before(validator: Any) -> None:
    """Every event of the table above, as a spectator and each seat see it: valid by the
    schema, read back equal (its data too), and its JSON the old JSON, ``kind`` first: the data
    of each kind is written byte for byte as the library's ``data``."""
    table = play_every_kind()
    kinds: dict[str, int] = {}
    for seat in (None, 0, 1, 2, 3, 4):
        for e in table.events_for(seat, 0):
            text = wire.encode(e)
            assert not list(validator.iter_errors(json.loads(text))), text
            back = wire.decode(text, TableEvent)
            assert back == e and back.to_dict() == e.to_dict()
            assert text.decode() == old_text(e)
            kinds[e.kind] = kinds.get(e.kind, 0) + 1
    carrying = {"sit", "leave", "sit_out", "sit_in", "seat_change", "timeout", "hand_start", "hand_end"}
    assert carrying | {"reset_stacks", "stacks", "stakes", "chips", "rake"} <= set(kinds), sorted(kinds)
    reasons = {e.data["reason"] for e in table.events_for(None, 0) if e.kind == "sit_out"}
    assert reasons == {"timeouts", "asked"}
    assert any(e.data.get("at_hand_end") for e in table.events_for(None, 0) if e.kind == "leave")


def test_the_data_of_some_kinds_exactly() -> None:
    table = play_every_kind()
    events = {e.kind: e for e in table.events_for(None, 0)}  # the last of each kind
    form = wire.to_wire(events["seat_change"])
    assert type(form) is wire.TABLE_EVENT_FORMS["seat_change"]
    # bob moved from seat 1 to seat 4 (the hands he waits are the table's to count: tests/table/)
    assert isinstance(form.data, wire.SeatChangeData) and form.data.from_ == 1
    assert form.data.hands == events["seat_change"].data["hands"] and type(form.data.hands) is int
    assert json.loads(wire.encode(events["seat_change"]))["data"] == {"from": 1, "hands": form.data.hands}
    assert json.loads(wire.encode(events["stacks"]))["data"] == {
        "reason": "colour-up",
        "stacks": {"4": 150},
        "chips_in": 42,
        "chips_out": 0,
    }  # fmt: skip: bob's 100, less his big blind (2), and 10 chips added: 108, set to 150
    stakes = wire.to_wire(events["stakes"]).data.variant
    assert isinstance(stakes.betting, wire.FixedLimitForm) and (stakes.betting.small_bet, stakes.betting.big_bet) == (
        4,
        8,
    )
    assert stakes.forced == wire.ForcedBetsForm(small_blind=2, big_blind=4, ante=0, big_blind_ante=False)
    timeout = wire.to_wire(events["timeout"]).data
    assert timeout.timeouts == 1 and timeout.action.kind in ("check", "fold") and timeout.action.cards == ""


def test_a_stakes_event_of_a_to_5_names_its_ranking() -> None:
    """A variant's ``ranking``, ``hand_size`` and ``missed_blinds`` are written when not 2-7's
    (Variant.to_dict): the form keeps them, and leaves them out of a 2-7 variant."""
    table = Table(VARIANTS["LB-FA5L3D"], seats=2)
    table.sit(0, "ann", 100)
    variant = table.variant.replace(name="A-5 triple draw, bigger", forced=ForcedBets(small_blind=2, big_blind=4))
    table.change_stakes(variant)
    e = table.events_for(None, 0)[-1]
    d = json.loads(wire.encode(e))["data"]["variant"]
    assert d == variant.to_dict() and d["ranking"] == "a-5" and d["hand_size"] == 5
    assert wire.decode(wire.encode(e), TableEvent).to_dict() == e.to_dict()


SIT_FIELDS = "no field 'x' in a SitData (its fields: post, in_position, kill, owes_small, owes_big)"
SEAT_KEYS = "keys that are seat numbers as text ('0', '1', ...)"


@pytest.mark.parametrize(
    ("kind", "data", "path", "value", "expected"),
    [
        ("sit", {"post": "yes"}, "data.post", "yes", "true or false"),
        ("sit", {}, "data.post", MISSING, "post in a SitData"),
        ("sit", {"post": True, "x": 1}, "data.x", 1, SIT_FIELDS),
        ("sit_out", {"reason": "bored"}, "data.reason", "bored", "one of asked, timeouts, no chips"),
        ("deal", {"x": [1]}, "data.x", [1], "no data: a deal event carries none"),
        ("hand_end", {"stacks": {"x": 1}, "winnings": {}, "rake": 0}, "data.stacks", {"x": 1}, SEAT_KEYS),
    ],
    ids=["sit-post", "sit-missing", "sit-extra", "sit-out-reason", "deal-data", "hand-end-key"],
)  # fmt: skip
def test_an_event_whose_data_is_not_its_kinds_is_refused(
    kind: str, data: dict[str, Any], path: str, value: Any, expected: str | None
) -> None:
    """Encoding a library event of such data, and reading its JSON, both refuse it naming the
    field and the value."""
    e = TableEvent(7, 3, 1, kind, 2, "ann", data=data)
    with pytest.raises(WireError) as encoding:
        wire.encode(e)
    text = json.dumps({**e.to_dict(), "cards": [], "discarded": []})
    with pytest.raises(WireError) as decoding:
        wire.decode(text, TableEvent)
    for got in (encoding.value, decoding.value):
        assert (got.path, got.value) == (path, value)
        if expected is not None:
            assert got.expected == expected


def test_an_event_of_an_unknown_kind_is_refused() -> None:
    text = '{"number": 1, "seq": 0, "hand": 0, "kind": "dance"}'
    with pytest.raises(WireError) as e:
        wire.decode(text, TableEvent)
    assert (e.value.path, e.value.value) == ("kind", "dance")
    assert e.value.expected == "one of " + ", ".join(sorted(wire.TABLE_EVENT_FORMS))
    with pytest.raises(WireError, match=r"^kind = 'dance': expected a table event kind: ante, bet, blind"):
        wire.encode(TableEvent(1, 0, 0, "dance"))


def test_the_schema_says_what_each_kind_carries(validator: Any) -> None:
    doc = wire.schema("TableEvent")
    defs = doc["$defs"]
    assert doc["discriminator"]["propertyName"] == "kind"
    assert len(doc["discriminator"]["mapping"]) == 30
    assert defs["SitEvent"]["properties"]["kind"] == {"enum": ["sit"]}
    assert defs["SitEvent"]["properties"]["data"] == {"$ref": "#/$defs/SitData"}
    assert "data" in defs["SitEvent"]["required"]
    assert defs["SitData"]["required"] == ["post"]
    assert defs["RaiseEvent"]["properties"]["data"] == {"$ref": "#/$defs/NoData"}
    assert defs["NoData"]["additionalProperties"] is False and not defs["NoData"].get("properties")
    assert defs["SeatChangeData"]["required"] == ["from", "hands"]
    base = {"number": 1, "seq": 0, "hand": 0, "seat": 0, "player": "ann"}
    assert not list(validator.iter_errors({"kind": "sit", **base, "data": {"post": False}}))
    assert list(validator.iter_errors({"kind": "sit", **base, "data": {}}))  # post is required
    assert list(validator.iter_errors({"kind": "deal", **base, "data": {"post": False}}))  # a deal has none
    assert list(validator.iter_errors({"kind": "dance", **base}))


def test_a_deal_keeps_its_cards_as_text() -> None:
    e = TableEvent(7, 3, 1, "deal", 2, "ann", 0, parse_cards("7s5h4d3c2s"), (), 5, 0, 0, {}, 4)
    assert wire.encode(e) == (
        b'{"kind":"deal","number":7,"seq":3,"hand":1,"seat":2,"player":"ann","amount":0,'
        b'"cards":["7s","5h","4d","3c","2s"],"discarded":[],"count":5,"hand_class":0,"pot":0,"data":{},'
        b'"sitting":4,"description":null}'
    )
    assert wire.decode(wire.encode(e), TableEvent).cards == e.cards
