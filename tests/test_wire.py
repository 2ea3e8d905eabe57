"""lowball.wire, the public JSON form (issue 29, part 1): every object to JSON and back is equal
at every point of thousands of random hands, and its JSON validates against the shipped schema;
bad JSON is refused naming the field and the value; the shipped schemas are the forms' own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from table_play import make_bots, sit_all, step

from lowball import odds, wire
from lowball.engine import Action, LegalActions, PlayerView
from lowball.errors import MISSING, InvalidTypeError, InvalidValueError, WireError
from lowball.table import ActResult, SeatInfo, Table, TableEvent, TableView
from lowball.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def validators() -> dict[str, Any]:
    out = {}
    for name in wire.schema_names():
        doc = wire.schema(name)
        jsonschema.Draft202012Validator.check_schema(doc)
        out[name] = jsonschema.Draft202012Validator(doc)
    return out


def round_trip(obj: Any, name: str, validators: dict[str, Any] | None) -> bytes:
    """``obj`` to JSON, validated against schema ``name`` (unless ``validators`` is None), and
    back: equal (a TableEvent's ``data``, which its equality skips, compared too). Returns the
    JSON."""
    text = wire.encode(obj)
    if validators is not None:
        errors = list(validators[name].iter_errors(json.loads(text)))
        assert not errors, (name, errors[0].message, text[:300])
    back = wire.decode(text, type(obj))
    assert back == obj, (name, obj, back)
    assert type(back) is type(obj)
    if isinstance(obj, TableEvent):
        assert back.to_dict() == obj.to_dict()
    if isinstance(obj, ActResult):
        assert [e.to_dict() for e in back.events] == [e.to_dict() for e in obj.events]
    assert wire.encode(back) == text
    return text


VARIANT_CODES = ("F2L3D", "N2L1D", "FB", "LB-FA5L3D")
HANDS = 500  # a variant: 2,000 hands in all
CHECKED_HANDS = 3  # a variant's first hands, whose every object is validated by jsonschema too (then 1 step in 100)


@pytest.mark.parametrize("code", VARIANT_CODES)
def test_every_object_round_trips_at_every_point_of_random_hands(code: str, validators: dict[str, Any]) -> None:
    """500 hands a variant, 2,000 in all: at every step a spectator's TableView and the actor's
    and one more seat's (in turn), with their PlayerView, SeatInfos and LegalActions, the Action
    and its ActResult, and every new TableEvent as each seat and a spectator see it, go to JSON
    and back unchanged; in the first hands every one of those is validated by its schema
    (jsonschema), then one step in 100."""
    variant = VARIANTS[code]
    table = Table(variant, seats=4, seed=29)
    sit_all(table, 200)
    bots = make_bots(variant, 4, seed=29)
    hands = steps = 0
    kinds: dict[str, int] = dict.fromkeys(("TableView", "PlayerView", "LegalActions", "SeatInfo", "ActResult"), 0)
    seen_events = 0
    now = 0.0
    while hands < HANDS:
        check = validators if hands < CHECKED_HANDS or steps % 100 == 0 else None
        for seat in {None, table.actor, steps % 4}:
            view = table.view(seat)
            round_trip(view, "TableView", check)
            kinds["TableView"] += 1
            if check is not None:  # the parts on their own too (their round trips are the view's)
                if view.hand is not None:
                    round_trip(view.hand, "PlayerView", check)
                    kinds["PlayerView"] += 1
                if view.legal is not None:
                    round_trip(view.legal, "LegalActions", check)
                    kinds["LegalActions"] += 1
                for info in view.seats:
                    if info is not None:
                        round_trip(info, "SeatInfo", check)
                        kinds["SeatInfo"] += 1
        if table.in_hand and table.actor is not None:
            seat = table.actor
            action = bots[seat].act(table.player_view(seat), table.legal_actions())
            round_trip(action, "Action", check)
            result = table.act(seat, action, seq=table.seq, now=now)
            round_trip(result, "ActResult", check)
            kinds["ActResult"] += 1
        else:
            for k, info in enumerate(table.seats):  # a broke player buys back in
                if info is not None and info.chips == 0 and info.chips_to_add == 0:
                    table.add_chips(k, 200, now=now)
                    if table.seats[k].status == "sitting_out":  # type: ignore[union-attr]
                        table.sit_in(k, now=now)
            assert step(table, bots, now) == "deal", "the table cannot go on"
            hands += 1
        for seat in (None, 0, 1, 2, 3):
            for e in table.events_for(seat, seen_events):
                round_trip(e, "TableEvent", check)
        seen_events = table.event_number
        steps += 1
        now += 1.0
    assert min(kinds.values()) >= 50, kinds
    assert kinds["ActResult"] > 5 * HANDS


def test_an_action_as_json() -> None:
    assert wire.encode(Action.raise_to(6)) == b'{"kind":"raise","amount":6,"cards":[]}'
    assert wire.encode(Action.discard("Kd Qs")) == b'{"kind":"discard","amount":0,"cards":["Kd","Qs"]}'
    assert wire.decode('{"kind": "discard", "cards": "Kd Qs"}', Action) == Action.discard("Kd Qs")  # card text too
    assert wire.decode('{"kind": "stand_pat"}', Action) == Action.discard(())
    assert wire.decode('{"kind": "fold"}', Action) == Action.fold()


def test_legal_actions_name_raise_as_the_game_does() -> None:
    legal = LegalActions(2, "betting", fold=True, call=True, call_amount=4, raise_=True, min_to=8, max_to=8)
    d = json.loads(wire.encode(legal))
    assert d["raise"] is True and "raise_" not in d and d["call_amount"] == 4 and d["position"] == 2


@pytest.mark.parametrize(
    ("text", "path", "value", "message"),
    [
        ('{"kind": "raise", "amount": -6}', "amount", -6, "amount = -6: expected a whole number 0 or more"),
        ('{"kind": "raise", "amount": true}', "amount", True, "amount = True: expected a whole number"),
        ('{"kind": "raise", "amount": 6.5}', "amount", 6.5, "amount = 6.5: expected a whole number"),
        (
            '{"kind": "jump"}',
            "kind",
            "jump",
            "kind = 'jump': expected one of fold, check, call, bet, raise, discard, stand_pat, show, muck",
        ),
        ('{"amount": 3}', "kind", MISSING, "kind: missing: expected kind in an Action"),
        (
            '{"kind": "discard", "cards": ["Kd", "Zz"]}',
            "cards[1]",
            "Zz",
            "cards[1] = 'Zz': expected a card such as '7s' (rank 2-9, T, J, Q, K, A, then suit c, d, h, s)",
        ),
        (
            '{"kind": "discard", "cards": ["Kd", 5]}',
            "cards[1]",
            5,
            "cards[1] = 5: expected a card such as '7s' (rank 2-9, T, J, Q, K, A, then suit c, d, h, s)",
        ),
        (
            '{"kind": "discard", "cards": "Kd Zz"}',
            "cards",
            "Kd Zz",
            "cards = 'Kd Zz': expected card text such as 'Kd Qs', or a list of cards ('Zz' is not a card: expected a "
            "rank (2-9, T, J, Q, K, A, or 10) followed by a suit (c, d, h, s, or a suit symbol))",
        ),
        (
            '{"kind": "fold", "amount": 6}',
            "amount",
            6,
            "amount = 6: expected 0 (only a bet or raise has an amount, not a fold)",
        ),
        (
            '{"kind": "call", "cards": ["Kd"]}',
            "cards",
            ["Kd"],
            "cards = ['Kd']: expected no cards (only a discard has cards, not a call)",
        ),
        (
            '{"kind": "fold", "to": 6}',
            "to",
            6,
            "to = 6: expected no field 'to' in an Action (its fields: kind, amount, cards)",
        ),
        ("[1, 2]", "", [1, 2], "the message = [1, 2]: expected an object"),
        (
            "{no",
            "",
            "{no",
            "the message = '{no': expected JSON (JSON is malformed: object keys must be strings (byte 1))",
        ),
    ],
)
def test_bad_json_names_the_field_and_the_value(text: str, path: str, value: Any, message: str) -> None:
    with pytest.raises(WireError) as e:
        wire.decode(text, Action)
    assert (e.value.path, e.value.value, str(e.value)) == (path, value, message)
    assert isinstance(e.value, InvalidValueError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{}", "type: missing: expected a message type: hello, act, sit_out, sit_in, ping"),
        ('{"type": "shout"}', "type = 'shout': expected a message type: hello, act, sit_out, sit_in, ping"),
        ('{"type": 5}', "type = 5: expected a message type: hello, act, sit_out, sit_in, ping"),
        ('{"type": "act", "id": 1}', "seq: missing: expected seq and action in an act message"),
        ('{"type": "act", "seq": 4}', "action: missing: expected action in an act message"),
        (
            '{"type": "act", "seq": true, "action": {"kind": "fold"}}',
            "seq = True: expected the table's action number (a whole number)",
        ),
        ('{"type": "act", "seq": 4, "action": "call"}', "action = 'call': expected an object"),
        (
            '{"type": "act", "seq": 4, "action": {"kind": "bet", "amount": "x"}}',
            "action.amount = 'x': expected a whole number",
        ),
        (
            '{"type": "act", "seq": 4, "action": {"kind": "fold"}, "as": 3}',
            "as = 3: expected no field 'as' in an act message (its fields: seq, action, id, seat)",
        ),
        ('{"type": "hello", "since": -1}', "since = -1: expected a whole number 0 or more"),
        ('{"type": "ping", "id": 1.5}', "id = 1.5: expected a whole number or text or null"),
    ],
)
def test_a_bad_client_message_names_the_field_and_the_value(text: str, message: str) -> None:
    with pytest.raises(WireError) as e:
        wire.decode(text, wire.ClientMessage)
    assert str(e.value) == message


def test_client_messages_are_read_by_their_type() -> None:
    msg = wire.decode('{"type": "act", "id": 9, "seq": 4, "action": {"kind": "bet", "amount": 4}}', wire.ClientMessage)
    assert msg == wire.Act(id=9, seq=4, action=wire.Action(kind="bet", amount=4))
    assert wire.decode('{"type": "hello", "token": null, "since": 3}', wire.ClientMessage) == wire.Hello(since=3)


def test_equity_round_trips(validators: dict[str, Any]) -> None:
    exact = odds.equity(["7s5h4d3c2s", "8s6h4c3d2h"], draws=1, discards=["", "8s"])
    round_trip(exact, "Equity", validators)
    sampled = odds.equity(["7s5h4d3cKs", "8s6h4c3dQd"], draws=2, trials=2000, seed=5, exact=False)
    text = round_trip(sampled, "Equity", validators)
    assert json.loads(text)["seed"] == 5 and json.loads(text)["trials"] == 2000
    round_trip(exact.players[0], "PlayerEquity", validators)


@pytest.mark.parametrize(
    ("hand", "kwargs"),
    [
        ("7s5h4d3cKs", {}),
        ("7s5h4d3cKs", {"trials": 200, "seed": 1}),
        ("As5h4d3c", {"ranking": "badugi"}),
        ("As5h4d3cKs", {"ranking": "a-5", "target": 40}),
    ],
)
def test_the_draw_table_is_its_json_both_ways(hand: str, kwargs: dict[str, Any], validators: dict[str, Any]) -> None:
    target = kwargs.pop("target", None)
    table = odds.discard_table(hand, (), None, target=target, trials=kwargs.pop("trials", 0), **kwargs)
    data = table.to_dict(target=target)
    form = wire.to_wire(data)
    text = wire.encode(form)
    assert json.loads(text) == data  # the same JSON as lowball draw --json writes
    assert list(validators["DrawTable"].iter_errors(data)) == []
    assert wire.decode(text, wire.DrawTable) == form


def test_a_hand_result_from_the_events() -> None:
    variant = VARIANTS["F2L3D"]
    table = Table(variant, seats=3, seed=4)
    sit_all(table, 100)
    bots = make_bots(variant, 3, seed=4, kinds=("calling",))
    step(table, bots, 0.0)
    while table.in_hand:
        step(table, bots, 0.0)
    result = wire.hand_result(table.events_for(None), variant.ranking)
    events = table.events_for(None)
    shows = [e for e in events if e.kind == "show" and e.cards]
    wins = [e for e in events if e.kind == "win"]
    assert result.hand == 1
    assert [(s.seat, s.player) for s in result.shown] == [(e.seat, e.player) for e in shows]
    assert [(w.seat, w.amount) for w in result.winners] == [(e.seat, e.amount) for e in wins]
    said = {s.seat: s.description for s in result.shown}
    assert shows and all(s.description for s in result.shown)  # calling bots: a showdown, every hand described
    assert [w.description for w in result.winners] == [said.get(e.seat) for e in wins]
    assert wire.decode(wire.encode(result), wire.HandResult) == result


def test_an_object_without_a_form_is_refused() -> None:
    with pytest.raises(InvalidTypeError, match="set: no wire form"):
        wire.encode({1, 2})
    with pytest.raises(InvalidValueError, match="schema 'Nope': expected one of Action"):
        wire.schema("Nope")


def test_the_shipped_schemas_are_what_the_generator_writes() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_schemas.py"), "--check"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    for name, doc in wire.schemas().items():
        assert wire.schema(name) == doc  # the installed package's copy too
        assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["fold", "check", "call", "bet", "raise", "discard"]),
    st.integers(0, 10**6),
    st.lists(st.integers(0, 51), max_size=5, unique=True),
)
def test_any_action_round_trips(kind: str, amount: int, cards: list[int]) -> None:
    from lowball.cards import Card

    action = Action(
        kind, amount if kind in ("bet", "raise") else 0, tuple(Card(c) for c in cards) if kind == "discard" else ()
    )
    assert wire.decode(wire.encode(action), Action) == action


def test_seat_info_and_table_view_of_a_fresh_table(validators: dict[str, Any]) -> None:
    table = Table(VARIANTS["F2L3D"], seats=2)
    table.sit(0, "ann", 100)
    view = table.view(0)
    assert isinstance(view, TableView)
    round_trip(view, "TableView", validators)
    info = view.seats[0]
    assert isinstance(info, SeatInfo)
    assert json.loads(wire.encode(info))["player"] == "ann"
    assert isinstance(table.player_view, object) and PlayerView is not None


PAGE = ROOT / "docs" / "protocol.md"


def test_the_protocol_pages_python_examples_run() -> None:
    import doctest

    failures, tried = doctest.testfile(str(PAGE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 10 and failures == 0


def test_every_json_example_of_the_protocol_page_is_valid_by_the_schema_it_names(validators: dict[str, Any]) -> None:
    """Each ```json block of docs/protocol.md is valid by the schema the text before it names
    ("schema `Tables`"), and reads as that form."""
    import re

    text = PAGE.read_text(encoding="utf-8")
    blocks = list(re.finditer(r"```json\n(.*?)\n```", text, re.S))
    checked = []
    start = 0
    for b in blocks:
        names = re.findall(r"schema\s+`(\w+)`", text[start : b.start()])
        start = b.end()
        name = names[-1] if names else checked[-1]  # blocks one after the other: the same schema
        doc = json.loads(b.group(1))
        errors = list(validators[name].iter_errors(doc))
        assert not errors, (name, errors[0].message, b.group(1)[:200])
        wire.decode(b.group(1), wire.SCHEMA_TYPES[name])
        checked.append(name)
    assert len(checked) == 22 and {"ClientMessage", "ServerMessage", "Tables", "DrawTable"} <= set(checked)
