"""Tournament events in the public wire format (issue 30): every event of a real bot tournament
(each of the sixteen kinds) is written by ``lowball.wire`` as its ``to_dict()``, valid by the
shipped schema ``TournamentEvent``, and read back equal; bad event JSON is refused naming the
field."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import jsonschema
import pytest
from tournament_case import BLINDS

from lowball import wire
from lowball.errors import WireError
from lowball.tournament import Break, Level, SimClock, Structure, Tournament, TournamentEvent, bot_decider, drive
from lowball.variants import VARIANTS

KINDS = {
    "registered", "seated", "level", "break", "break_end", "chip_race", "moved", "redraw", "table_broken",
    "final_table", "hand_for_hand", "rebuy", "addon", "eliminated", "paid", "finished",
}  # fmt: skip


def every_kind() -> Tournament:
    """20 players and one late (four tables of 2-7 single draw, no limit, random bots: this seed
    reaches every kind of event): rebuys, an add-on, a break with a colour-up, hand-for-hand."""
    s = Structure(
        variant=VARIANTS["N2L1D"],
        starting_stack=100,
        levels=tuple(Level(small_blind=a, big_blind=b, minutes=3) for a, b in BLINDS),
        breaks=(Break(after_level=2, minutes=5, color_up=25),),
        rebuys=1,
        rebuy_levels=2,
        addon_stack=100,
        late_registration=1,
    )
    clock = SimClock()
    t = Tournament(s, seed=1, clock=clock)
    for k in range(20):
        t.register(f"bot{k + 1}")
    t.start()
    t.register("late")
    drive(t, clock, bot_decider(s.variant, 1, "random"), 60.0)
    return t


@pytest.fixture(scope="module")
def tournament() -> Tournament:
    return every_kind()


def test_every_event_of_a_tournament_round_trips_valid_by_the_schema(tournament: Tournament) -> None:
    validator = jsonschema.Draft202012Validator(wire.schema("TournamentEvent"))
    jsonschema.Draft202012Validator.check_schema(wire.schema("TournamentEvent"))
    kinds = Counter(e.kind for e in tournament.events)
    assert set(kinds) == KINDS
    assert kinds["registered"] == 21 and kinds["eliminated"] == 21 and kinds["finished"] == 1
    for e in tournament.events:
        text = wire.encode(e)
        doc = json.loads(text)
        assert doc == e.to_dict()  # the wire's JSON is the event's dict, field for field
        errors = list(validator.iter_errors(doc))
        assert not errors, (errors[0].message, doc)
        back = wire.decode(text, TournamentEvent)
        assert type(back) is TournamentEvent and back == e
        form = wire.decode(text, wire.TournamentEvent)
        assert form.number == e.number and wire.from_wire(form) == e
        assert wire.encode(form) == text


def test_the_forms_name_each_kind(tournament: Tournament) -> None:
    forms = {
        "level": wire.LevelUp, "break": wire.BreakStarted, "break_end": wire.BreakEnded, "moved": wire.Moved,
        "eliminated": wire.Eliminated, "paid": wire.Paid, "final_table": wire.FinalTable, "rebuy": wire.Rebuy,
        "addon": wire.AddOn, "registered": wire.Registered, "seated": wire.Seated, "chip_race": wire.ChipRace,
        "redraw": wire.Redrawn, "table_broken": wire.TableBroken, "hand_for_hand": wire.HandForHand,
        "finished": wire.Finished,
    }  # fmt: skip
    assert set(forms) == KINDS
    for e in tournament.events:
        assert type(wire.to_wire(e)) is forms[e.kind]
    late = next(e for e in tournament.events if e.kind == "registered" and e.data["player"] == "late")
    first = tournament.events[0]
    assert late.data["late"] is True and late.data["table"] >= 1 and late.data["seat"] >= 0
    assert first.to_dict() == {
        "number": 1, "kind": "registered", "player": "bot1", "entry": 1, "late": False, "table": None, "seat": None,
    }  # fmt: skip
    winner = tournament.results()[0]["player"]
    assert tournament.events[-1].to_dict() == {
        "number": len(tournament.events), "kind": "finished", "winner": winner, "entries": 21,
        "prize_pool": tournament.prize_pool,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("text", "path", "value"),
    [
        ('{"number": 3, "kind": "paid", "player": "ann", "place": 0, "amount": 10}', "place", 0),
        ('{"number": 3, "kind": "paid", "player": "ann", "place": 1}', "amount", None),
        ('{"number": 3, "kind": "moved", "player": "ann", "from_table": 1, "from_seat": 2, "table": 2, "seat": 0,'
         ' "reason": "whim"}', "reason", "whim"),
        ('{"number": 3, "kind": "level_up", "level": 2}', "kind", "level_up"),
        ('{"number": 3, "kind": "hand_for_hand", "on": true, "extra": 1}', "extra", None),
    ],
)  # fmt: skip
def test_bad_event_json_is_refused_naming_the_field(text: str, path: str, value: Any) -> None:
    with pytest.raises(WireError) as e:
        wire.decode(text, TournamentEvent)
    assert e.value.path == path
    if value is not None:
        assert e.value.value == value
