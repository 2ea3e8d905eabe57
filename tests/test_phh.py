"""PHH: every real hand in tests/data/phh replays to its finishing stacks; export and re-import
give the same hand; bad files are rejected with the action and line named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lowball import FileError, InvalidTypeError, phh
from lowball.engine import HandState
from lowball.variants import TRIPLE_DRAW_POT_LIMIT

PHH_DIR = Path(__file__).parent / "data" / "phh"
FILES = sorted(PHH_DIR.rglob("*.phh"))


def expected_stacks(path: Path, hist: phh.HandHistory) -> tuple[int, ...]:
    if hist.finishing_stacks is not None:
        return hist.finishing_stacks
    winnings = hist.fields["winnings"]  # the fpdb fixture stores winnings instead
    return tuple(winnings)


def test_all_data_files_found() -> None:
    assert len(FILES) == 17


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_real_hand_replays_to_finishing_stacks(path: Path) -> None:
    hist = phh.load(path)
    steps = list(hist.replay())
    assert len(steps) == len(hist.actions)
    state = steps[-1].state
    assert state.is_complete
    assert tuple(state.stacks) == expected_stacks(path, hist)
    assert sum(state.stacks) == sum(hist.starting_stacks)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_export_then_import_gives_the_same_hand(path: Path) -> None:
    state = phh.load(path).play()
    text = phh.dumps(state, event="re-exported")
    again = phh.loads(text)
    assert again.variant == state.variant
    assert again.fields["event"] == "re-exported"
    replayed = again.play()
    assert replayed.stacks == state.stacks
    assert [e for e in replayed.events] == [e for e in state.events]
    assert phh.dumps(replayed, event="re-exported") == text


def test_replay_is_step_by_step() -> None:
    hist = phh.load(PHH_DIR / "phh-std-example" / "wsop-2019-event58-bad-beat.phh")
    pots = [s.state.pot_total for s in hist.replay()]
    assert pots[3] == 75_000 + 150_000  # after the deal: the blinds
    assert pots[5] == 75_000 + 150_000 + 300_000  # p4 raised to 300,000
    assert pots[6] == 150_000 + 300_000 + 450_000  # p1 re-raised to 450,000
    lines = [s.line for s in hist.replay()]
    assert lines[:3] == [13, 14, 15] and lines[-1] == 38  # line numbers of the file


def test_running_hand_exports_without_finishing_stacks() -> None:
    state = HandState(TRIPLE_DRAW_POT_LIMIT, [100, 100, 100], seed=3)
    state.call()
    text = phh.dumps(state)
    assert 'variant = "P2L3D"' in text and "min_bet = 2" in text
    assert "finishing_stacks" not in text
    assert text.count("d dh p") == 3 and '"p3 cc"' in text
    resumed = phh.loads(text)
    st = resumed.play()
    assert st.actor == state.actor and st.stacks == state.stacks


def good(actions: str, **fields: str) -> str:
    base = {
        "variant": '"F2L3D"',
        "antes": "[0, 0]",
        "blinds_or_straddles": "[1, 2]",
        "small_bet": "2",
        "big_bet": "4",
        "starting_stacks": "[100, 100]",
    }
    base.update(fields)
    head = "\n".join(f"{k} = {v}" for k, v in base.items())
    return f"{head}\nactions = [\n{actions}\n]\n"


DEAL = '  "d dh p1 7h5c4d3s2c",\n  "d dh p2 9s8h6c3d2h",'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('variant = "F2L3D"\nantes = [0, 0]]\n', r"not a PHH file: .*line 2"),
        (good(DEAL, variant='"NT"'), r"variant 'NT' is not a 2-7 draw game"),
        (good(DEAL, antes="[1, 2]"), r"antes = \[1, 2\]"),
        (good(DEAL, starting_stacks="[100]"), r"expected two or more stacks of 1 or more"),
        (good(DEAL + '\n  "p2 xx"'), r"line 10, action 3 'p2 xx': not a PHH action"),
        (good(DEAL + '\n  "p1 cc"'), r"action 3 'p1 cc': p1 acts out of turn: p2 is to act"),
        (good(DEAL + '\n  "p2 cbr 3"'), r"action 3 'p2 cbr 3': position 1 \(p2\) cannot wager to 3: allowed exactly 4"),
        (good(DEAL + '\n  "p3 f"'), r"p3 is not at this table"),
        (good('  "d dh p1 7h5c4d3s2c",\n  "d dh p2 7h8h6c3d2h",'), r"card 7h is dealt twice"),
        (good(DEAL + '\n  "p2 cc",\n  "p1 cc",\n  "p1 sd 9s"'), r"9s"),
    ],
)
def test_bad_files_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(phh.PHHError, match=message):
        phh.loads(text).play()


def test_load_missing_file(tmp_path: Path) -> None:
    with pytest.raises(phh.PHHError, match=re.escape(f"cannot read {tmp_path / 'nope.phh'}")):
        phh.load(tmp_path / "nope.phh")


def test_round_trip_with_reshuffles() -> None:
    """After a reshuffle discarded cards are dealt again; the replay deals what was recorded."""
    from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT

    for seed in range(5):
        state = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100] * 6, seed=seed)
        while not state.is_complete:
            if state.phase == "drawing":
                state.discard(state.hand(state.actor)[: 5 - seed % 2])
            else:
                state.check_or_call()
        assert state.deck.reshuffles >= 2
        again = phh.loads(phh.dumps(state)).play()
        assert again.events == state.events and again.stacks == state.stacks


def test_a_card_dealt_while_another_player_holds_it_is_an_error() -> None:
    text = good(DEAL + '\n  "p2 cc",\n  "p1 cc",\n  "p1 sd 7h",\n  "p2 sd 9s",\n  "d dh p1 8h",\n  "d dh p2 Kd"')
    with pytest.raises(
        phh.PHHError, match=r"line 12, action 5 'p1 sd 7h': the history deals 8h to p1, but it is in p2's hand"
    ):
        phh.loads(text).play()


def test_finishing_stacks_and_replacement_counts_are_checked() -> None:
    fixture = (PHH_DIR / "fixtures" / "triple_draw_all_in_runout.phh").read_text()
    with pytest.raises(phh.PHHError, match=r"ends with stacks \[8, 0\], but the file's finishing_stacks = \[0, 8\]"):
        phh.loads(fixture + "finishing_stacks = [0, 8]\n").play()
    with pytest.raises(phh.PHHError, match=r"ends with winnings \[8, 0\], but the file's winnings = \[0, 8\]"):
        phh.loads(fixture.replace("winnings = [8, 0]", "winnings = [0, 8]")).play()
    assert tuple(phh.loads(fixture + "finishing_stacks = [8, 0]\n").play().winnings) == (8, 0)
    with pytest.raises(phh.PHHError, match=r"field 'winnings' has 1 entry for 2 players"):
        phh.loads(fixture.replace("winnings = [8, 0]", "winnings = [8]"))
    # a history that stops before the pots are won has no result to check: it replays as far as
    # it goes, whatever its finishing_stacks and winnings say
    partial = phh.loads(good(DEAL + '\n  "p2 cc"', finishing_stacks="[1, 2]", winnings="[3, 4]")).play()
    assert not partial.is_complete and tuple(partial.stacks) == (98, 98)
    short = good(DEAL + '\n  "p2 cc",\n  "p1 cc",\n  "p1 sd",\n  "p2 sd Qd8h",\n  "d dh p2 7d"')
    with pytest.raises(phh.PHHError, match=r"action 6 'p2 sd Qd8h': p2 discards 2 cards but is dealt 1 in return"):
        phh.loads(short).play()


def test_pokerkit_style_syntax_is_read() -> None:
    text = good(
        DEAL + '\n  "p2  cbr 4 # open",\n  "p1 cc",\n  "p1 sd",\n  "p2 sd 9s8h",\n'
        '  "d dh p2 KhQd",\n  "p1 cc",\n  "p2 cc",\n  "p1 sd",\n  "p2 sd",\n  "p1 cc",\n'
        '  "p2 cc",\n  "p1 sd",\n  "p2 sd",\n  "p1 cc",\n  "p2 cc",\n  "p1 sm 7h5c4d3s2c",\n  "p2 sm -"'
    )
    state = phh.loads(text).play()
    assert state.is_complete and state.stacks == (104, 96)


def test_rules_without_a_phh_field_survive_export() -> None:
    from lowball.deck import ReshuffleRule
    from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT, FixedLimit

    v = TRIPLE_DRAW_FIXED_LIMIT.replace(
        betting=FixedLimit(small_bet=2, big_bet=4, max_raises=8, uncapped_heads_up=False),
        reshuffle=ReshuffleRule.LIVE,
        burn=True,
    )
    state = HandState(v, [500, 500, 500], seed=4)
    for to in (4, 6, 8, 10, 12, 14, 16):  # more than four raises: max_raises=8
        state.raise_to(to)
    text = phh.dumps(state)
    assert "_lowball_max_raises = 8" in text and '_lowball_reshuffle = "live"' in text
    again = phh.loads(text)
    assert again.variant.betting == v.betting and again.variant.reshuffle == ReshuffleRule.LIVE
    assert again.variant.burn and again.play().stacks == state.stacks


def test_dumps_and_loads_refuse_what_they_cannot_write_or_read() -> None:
    from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT

    state = HandState(TRIPLE_DRAW_FIXED_LIMIT.replace(draws=2), [100, 100], seed=1)
    with pytest.raises(phh.PHHError, match="with 2 draws has no PHH code"):
        phh.dumps(state)
    state = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100], seed=1)
    for bad in ({"bad key": 1}, {"variant": "x"}, {"event": None}):
        with pytest.raises(phh.PHHError):
            phh.dumps(state, **bad)
    for bad in (None, b"variant = 'F2L3D'"):
        with pytest.raises(phh.PHHError, match="not a PHH file"):
            phh.loads(bad)  # type: ignore[arg-type]


def test_unknown_cards_revealed_at_the_showdown() -> None:
    """A hand dealt as ?? and shown at the showdown is played with the shown cards, even when
    some of the unknown cards were thrown on the way."""
    text = good(
        '  "d dh p1 ??????????",\n  "d dh p2 KsKhKdQcQs",\n  "p2 cc",\n  "p1 cc",\n'
        '  "p1 sd ????",\n  "p2 sd",\n  "d dh p1 3c2s",\n  "p1 cc",\n  "p2 cc",\n  "p1 sd",\n'
        '  "p2 sd",\n  "p1 cc",\n  "p2 cc",\n  "p1 sd",\n  "p2 sd",\n  "p1 cc",\n  "p2 cc",\n'
        '  "p1 sm 7s5h4d3c2s",\n  "p2 sm KsKhKdQcQs"',
        starting_stacks="[100, 100]",
    )
    state = phh.loads(text + "finishing_stacks = [102, 98]\n").play()
    assert set(state.shown[0]) == set(lowball_cards("7s5h4d3c2s"))


def lowball_cards(text: str) -> tuple[object, ...]:
    from lowball import parse_cards

    return parse_cards(text)


def test_a_byte_order_mark_is_ignored(tmp_path: Path) -> None:
    """Files saved with a UTF-8 byte-order mark (as some editors save) read as without it."""
    source = PHH_DIR / "fixtures" / "single_draw.phh"
    text = source.read_text(encoding="utf-8")
    with_bom = tmp_path / "bom.phh"
    with_bom.write_bytes(b"\xef\xbb\xbf" + source.read_bytes())
    for hist in (phh.load(with_bom), phh.loads("\ufeff" + text)):
        assert hist.source == text and hist.actions == phh.load(source).actions
        assert hist.play().stacks == phh.load(source).play().stacks
    with pytest.raises(phh.PHHError, match=r"not a PHH file: .*line 1"):
        phh.loads("\ufeff\ufeff" + text)  # only one mark, at the start, is not text


def test_dump_and_load_paths(tmp_path: Path) -> None:
    """dump writes with lowball._files.write_text: a file is replaced whole, keeping its
    permissions; a symlink is written through; bad input writes nothing."""
    state = phh.load(PHH_DIR / "fixtures" / "single_draw.phh").play()
    out = tmp_path / "hand.phh"
    out.write_text("old\n")
    out.chmod(0o640)
    phh.dump(state, out, event="x")
    assert out.read_text() == phh.dumps(state, event="x") and out.stat().st_mode & 0o777 == 0o640
    link = tmp_path / "link.phh"
    link.symlink_to("hand.phh")
    phh.dump(state, str(link))
    assert link.is_symlink() and out.read_text() == phh.dumps(state)
    with pytest.raises(phh.PHHError, match=r"extra field 'bad key'"):
        phh.dump(state, out, **{"bad key": 1})
    assert out.read_text() == phh.dumps(state)
    with pytest.raises(FileError, match=re.escape(f"cannot write {tmp_path}: Is a directory")):
        phh.dump(state, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hand.phh", "link.phh"]
    for bad in (None, 7, b"hand.phh"):
        with pytest.raises(InvalidTypeError, match=r"path = .*: expected a file path"):
            phh.dump(state, bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidTypeError, match=r"path = .*: expected a file path"):
            phh.load(bad)  # type: ignore[arg-type]


def test_dumps_checks_the_standard_fields_it_is_given() -> None:
    """players, seats and winnings one per player, text fields as text, numbers whole: a file
    that would not read back is never written (from a new-user test: players=['a'] for three)."""
    from lowball import HandState
    from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT

    s = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100, 100], seed=1)
    text = phh.dumps(s, players=["a", "b", "c"], event="home game", seat_count=6, seats=[1, 3, 5])
    back = phh.loads(text)
    assert back.fields["players"] == ["a", "b", "c"] and back.fields["seats"] == [1, 3, 5]
    assert back.fields["event"] == "home game" and back.fields["seat_count"] == 6
    bad = [
        ({"players": ["a"]}, "extra field 'players' = ['a']: expected a list of 3 names, one per player"),
        (
            {"players": ["a", 1, True]},
            "extra field 'players' = ['a', 1, True]: expected a list of 3 names, one per player",
        ),
        (
            {"seats": [1, 2, 2.5]},
            "extra field 'seats' = [1, 2, 2.5]: expected a list of 3 whole numbers, one per player",
        ),
        ({"event": 5}, "extra field 'event' = 5: expected text (a str)"),
        ({"seat_count": True}, "extra field 'seat_count' = True: expected a whole number"),
    ]
    for extra, message in bad:
        with pytest.raises(phh.PHHError) as e:
            phh.dumps(s, **extra)
        assert str(e.value) == message
    # the standard's "String or integer" fields, and tuples, are what they are (from a review)
    text = phh.dumps(s, hand="WSOP-43-5-1", table=3, players=("a", "b", "c"), seats=(1, 2, 3))
    back = phh.loads(text).fields
    assert (back["hand"], back["table"], back["players"], back["seats"]) == (
        "WSOP-43-5-1",
        3,
        ["a", "b", "c"],
        [1, 2, 3],
    )
    while not s.is_complete:
        s.fold() if s.legal_actions().fold else s.check_or_call()
    assert phh.loads(phh.dumps(s, winnings=list(s.winnings))).play().winnings == s.winnings
    with pytest.raises(phh.PHHError) as e:
        phh.dumps(s, winnings=[0, 0, 0])
    assert str(e.value) == (
        f"extra field 'winnings' = [0, 0, 0]: the hand's winnings are {list(s.winnings)} (a file with other "
        "winnings would not replay)"
    )
