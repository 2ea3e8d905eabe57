"""Room hand histories (lowball.rooms): the real PokerStars and Full Tilt draw-game files of
fpdb's regression set (tests/data/rooms, see tests/data/SOURCES.md) read and replayed to the
rooms' own figures, the hands lowball cannot read refused with the reason, and hands written in
PokerStars' form read back to the same hand and in the form of the real files."""

from __future__ import annotations

import codecs
import re
from pathlib import Path

import pytest

from lowball import phh, rooms
from lowball.engine import HandState, Posts
from lowball.evaluation import Ranking
from lowball.variants import VARIANTS

DATA = Path(__file__).parent / "data" / "rooms"
STARS = DATA / "Stars"
FTP = DATA / "FTP"
ALL_FILES = sorted(DATA.glob("*/*.txt"))


def only(path: Path) -> rooms.RoomHand:
    [hand] = rooms.read_file(path)
    assert isinstance(hand, rooms.RoomHand), hand
    return hand


def hands_of(path: Path) -> list[rooms.RoomHand]:
    return [h for h in rooms.read_file(path) if isinstance(h, rooms.RoomHand)]


# -- hands read to the room's figures, worked out from the files' text ---------------------


def test_stars_triple_draw_cash_hand_replays_to_the_rooms_figures() -> None:
    # SeinV, button seat 1: Hero (seat 2) small blind 5, Player2 big blind 10; Player3 and
    # Player1 put in 10 + 10 + 20 + 20 = 60 each, Player2 folds his 10 after the first draw;
    # pot 5 + 10 + 60 + 60 = 135 ($1.35), rake 6, Player1 collects 129.
    hand = only(STARS / "Triple_Draw_2-7_Lowball-FL-USD-0.10-0.20-201106.sample.txt")
    assert (hand.room, hand.number, hand.table, hand.game) == (
        "PokerStars",
        "63845186378",
        "SeinV",
        "Triple Draw 2-7 Lowball Limit",
    )
    assert hand.time == "2011/06/26 13:34:02 ET"
    assert hand.encoding == "utf-8-sig"
    assert hand.currency == "USD"
    assert hand.players == ("Hero", "Player2", "Player3", "Player4", "Player1")
    assert hand.seats == (2, 3, 4, 5, 1)
    assert (hand.seat_count, hand.button) == (6, 1)
    assert hand.history.variant.code == "F2L3D"
    assert hand.history.starting_stacks == (340, 300, 398, 446, 436)
    assert hand.rake == 6
    assert hand.collected == (0, 0, 0, 0, 129)
    assert hand.finishing_stacks == (335, 290, 338, 446, 505)
    assert hand.state.stacks == (335, 290, 338, 446, 511)  # the engine's, before the rake
    assert hand.history.actions[:2] == ("d dh p1 8sTdKdQsQc", "d dh p2 ??????????")
    assert "p3 sm 7d2s8d5h5c" in hand.history.actions


def test_ftp_single_draw_with_antes_and_a_dead_button() -> None:
    # Broadridge: the button (seat 4) sits out; antes 5, blinds 10/20, Hero raises to 60,
    # Wayren and Sonny090 call; after the draw Sonny090 bets 80, Hero folds, Wayren calls
    # and wins 347 of a pot of 365 (rake 18).
    hand = only(FTP / "1-Draw-NL-USD-0.10-0.20-201103.txt")
    assert hand.room == "Full Tilt Poker"
    assert hand.players == ("Wayren", "Sonny090", "mrsjoanmac", "Thanks4Coming", "Hero")
    assert hand.history.variant.code == "N2L1D"
    f = hand.history.variant.forced
    assert (f.small_blind, f.big_blind, f.ante) == (10, 20, 5)
    assert hand.history.starting_stacks == (2481, 4765, 2028, 2222, 995)
    assert hand.finishing_stacks == (2481 - 145 + 347, 4765 - 145, 2028 - 5, 2222 - 5, 995 - 65)
    assert hand.rake == 18
    assert "p5 sd AhTs" in hand.history.actions and "d dh p5 Qc5s" in hand.history.actions


def test_ftp_dead_small_blind_and_live_post() -> None:
    # Tam: Player2 posts a dead small blind of $2.50 and $5 live, raises to $10, everyone folds:
    # $5 returned, he collects the $15 pot (2.50 + 5 + 2.50 + 5).
    hand = only(FTP / "3-Draw-Limit-USD-5-10-201211.txt")
    assert hand.players == ("Hero", "Player0", "Player1", "Player2", "Player3")
    assert hand.history.posts == Posts(live=(250, 500, 0, 500, 0), big_blind=1, dead=(0, 0, 0, 250, 0))
    assert hand.finishing_stacks == (32050 - 250, 5300 - 500, 21665, 35355 - 750 + 1500, 14000)
    assert hand.collected == (0, 0, 0, 1500, 0)
    text = hand.to_phh()
    assert phh.loads(text).play().stacks == hand.state.stacks


def test_ftp_no_small_blind_antes_only_pot() -> None:
    # Holdsworth: no small blind (its seat is empty), antes of 10, Player1's big blind of $0.40
    # is returned when all fold, and he wins the five antes.
    hand = only(FTP / "1-Draw-NL-USD-0.20-0.40-201211.bad.collect.pot.txt")
    assert hand.players[0] == "Player1"
    assert hand.history.posts == Posts(live=(40, 0, 0, 0, 0), big_blind=0)
    assert hand.collected == (50, 0, 0, 0, 0)
    assert hand.finishing_stacks == (6075 - 10 + 50, 5850 - 10, 3070 - 10, 5205 - 10, 5025 - 10)


def test_stars_tournament_ante_all_in_the_unmatched_chips_come_back() -> None:
    # Hero has 1 chip, all in on the ante; Player0's other 24 ante chips and his big blind (124)
    # are returned uncalled, the pot is 2 and he wins it.
    hand = only(STARS / "2-7_Single_Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt")
    assert hand.currency == "" and hand.event == "Tournament #476454368, $1.40+$0.10 USD"
    assert hand.level == 5
    assert hand.players == ("Player0", "Hero")
    assert hand.history.starting_stacks == (2999, 1)
    assert hand.finishing_stacks == (3000, 0)
    assert hand.collected == (2, 0)


def test_badugi_ace_to_five_and_mixed_games_read() -> None:
    a5 = only(FTP / "A5-3-Draw-Limit-USD-0.05-0.10-201104.Sample.txt")
    assert a5.history.variant.ranking is Ranking.ACE_TO_FIVE and a5.history.variant.code == "LB-FA5L3D"
    assert a5.encoding == "utf-16"
    for hand in hands_of(STARS / "Badugi-USD-0.25-0.50-201009.txt"):
        assert hand.history.variant.code == "FB" and hand.history.variant.hand_size == 4
    mixed = hands_of(STARS / "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt")
    assert {h.game for h in mixed} == {"Triple Draw 2-7 Lowball Limit"}
    # a player throwing all five: PokerStars shows the new cards alone ("Dealt to Hero [6h ...]")
    h = next(h for h in mixed if h.number == "99631903994")
    assert "p1 sd KhAsKd8h2d" in h.history.actions and "d dh p1 6hTd2c5h3s" in h.history.actions  # Hero, the big blind


def test_side_pots_read() -> None:
    [hand] = [h for h in hands_of(STARS / "Badugi-USD-0.25-0.50-201009.txt") if h.number == "49164202872"]
    # Total pot $5.70 Main pot $2.90. Side pot $2.55. | Rake $0.25: buddyboy3399 collects both
    assert sum(hand.collected) == 545 and hand.rake == 25
    assert hand.collected[hand.players.index("buddyboy3399")] == 545


def test_reshuffled_deck_is_read() -> None:
    hands = hands_of(STARS / "3-Draw-Limit-USD-0.10-0.20-200911.txt")
    assert [h.number for h in hands if h.reshuffled] == ["35839176665", "35839412131"]


# -- every real file: the hands of lowball's games are read, or refused for a named reason ----

REFUSED = {
    # (file, hand): the reason, and the room's line the message names
    ("3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt", "20349633663"): ("cancelled", "'Hand cancelled'"),
    ("3-Draw-Limit-USD-10-20-201101.Dead.hand.txt", "26884156000"): ("cancelled", "no hand was dealt"),
    ("3-Draw-Limit-USD-20-40-201101.Partial.txt", "27020940000"): ("partial", "(partial)"),
    ("Triple_Draw_2-7_Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt", "81631597149"): (
        "inconsistent cards",
        "'Dealt to Hero [2s 7s 5h 3c Qh] [2s 7s 5h 3c Qh]': the room's record of Hero's draw does not add up",
    ),
    # PokerStars lets a raise after a short all-in raise of half a bet go to the last full
    # level plus one bet; lowball takes the short raise as a full one (RULES.md section 5)
    ("LBad-USD-MTT8-201011.txt", "52476877655"): ("unplayable", "'Player19: raises 30 to 180'"),
    ("LBad-USD-MTT8-201011.txt", "52478520236"): ("unplayable", "'Player21: raises 30 to 300'"),
    ("LBad-USD-MTT8-201011.txt", "52479754591"): ("unplayable", "'Player0: raises 50 to 600'"),
    ("LBad-USD-SNG8-201011.txt", "52589452703"): ("unplayable", "'Player3: folds': Player3 folds all in"),
}


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_every_real_hand_is_read_or_refused_for_its_reason(path: Path) -> None:
    text, _ = rooms.decode(path.read_bytes())
    headers = [ln for _, ln in rooms.split_hands(text)]
    results = rooms.read_file(path)
    assert len(results) == len(headers)
    for result, lines in zip(results, headers):
        number = re.search(r"#(\d+):", lines[0]).group(1)  # type: ignore[union-attr]
        assert result.number == number
        ours = re.search(r"Draw 2-7|2-7 (?:Triple|Single)|A-5|Badugi", lines[0]) is not None
        if (path.name, number) in REFUSED:
            reason, where = REFUSED[(path.name, number)]
            assert isinstance(result, rooms.Refused)
            assert (result.reason, where in result.message) == (reason, True), result.message
            assert result.message.startswith(f"{result.room} hand #{number}")
        elif not ours:  # 5 card draw, hold'em, stud, ...: refused by name
            assert isinstance(result, rooms.Refused) and result.reason == "not a game lowball plays"
        else:
            assert isinstance(result, rooms.RoomHand), result.message  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "path",
    [
        STARS / "LBad-USD-SNG8-201011.txt",
        STARS / "LBad-USD-MTT8-201011.txt",
        FTP / "3-Draw-Limit-USD-STT-2max-10-201211.txt",
    ],
    ids=lambda p: p.name,
)
def test_tournament_stacks_follow_from_hand_to_hand(path: Path) -> None:
    """An independent check of the accounting: in a tournament a player's stack at the start of
    his next hand at the table is what the room's figures left him at the end of this one."""
    results = rooms.read_file(path)
    followed = gaps = 0
    for a, b in zip(results, results[1:]):
        if not (isinstance(a, rooms.RoomHand) and isinstance(b, rooms.RoomHand)) or a.table != b.table:
            continue
        start = dict(zip(b.players, b.history.starting_stacks))
        ends = {name: end for name, end in zip(a.players, a.finishing_stacks) if name in start}
        if all(start[name] == end for name, end in ends.items()):
            followed += 1
            continue
        # a hand the file leaves out: the button has moved past the next player's seat
        later = sorted(s for s in a.seats if s > a.button) or sorted(a.seats)
        assert b.button != later[0], (a.number, b.number)
        gaps += 1
    assert followed > 40 and gaps <= 3, (followed, gaps)


# -- refusals and errors ------------------------------------------------------------------


def test_a_game_lowball_does_not_play_is_refused_by_name() -> None:
    [result] = rooms.read_file(STARS / "5-Carddraw-FL-USD-0.10-0.20-201106.Walked.txt")
    assert isinstance(result, rooms.Refused)
    assert result.reason == "not a game lowball plays"
    assert "'5 Card Draw Limit' is not a game lowball plays" in result.message


def test_a_hand_whose_figures_differ_is_refused_naming_the_first_action_that_differs() -> None:
    path = STARS / "Triple_Draw_2-7_Lowball-FL-USD-0.10-0.20-201106.sample.txt"
    text = path.read_text(encoding="utf-8-sig").replace("Player3: calls $0.20", "Player3: calls $0.30", 1)
    [result] = rooms.read_text(text)
    assert isinstance(result, rooms.Refused)
    assert result.reason == "does not replay to the room's figures"
    assert result.message == (
        "PokerStars hand #63845186378 at its line 32 'Player3: calls $0.30': Player3 has put in 40 in "
        "lowball's replay, 50 by the room's figures"
    )
    text = path.read_text(encoding="utf-8-sig").replace("collected $1.29", "collected $1.30")
    [result] = rooms.read_text(text)
    assert isinstance(result, rooms.Refused) and result.reason == "does not replay to the room's figures"
    assert "the players collect 130 of the pot of 135 with a rake of 6" in result.message


def test_an_unknown_line_is_refused_and_the_other_hands_are_read() -> None:
    path = STARS / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
    text = path.read_text(encoding="utf-8").replace("TheLabman: folds", "TheLabman: runs it twice", 1)
    results = rooms.read_text(text)
    refused = [r for r in results if isinstance(r, rooms.Refused)]
    assert [r.reason for r in refused] == ["unread line"]
    assert "'TheLabman: runs it twice': a line lowball does not read" in refused[0].message
    assert len(results) - len(refused) == 16


def test_no_hand_in_the_text() -> None:
    with pytest.raises(rooms.RoomError, match="no PokerStars or Full Tilt Poker hand"):
        rooms.read_text("variant = 'F2L3D'\n")
    with pytest.raises(rooms.RoomError, match="expected the text"):
        rooms.read_text(b"PokerStars")  # type: ignore[arg-type]


# -- encodings ----------------------------------------------------------------------------


def test_encodings_of_the_real_files() -> None:
    assert only(FTP / "3-Draw-Limit-USD-0.10-0.20-201011.txt").encoding == "utf-16"  # Full Tilt's UTF-16
    assert only(FTP / "3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt").encoding == "utf-8-sig"
    assert only(FTP / "3-Draw-Limit-USD-5-10-201211.txt").encoding == "utf-8"


def test_decode_byte_order_marks_and_single_byte_files() -> None:
    text = (FTP / "3-Draw-Limit-USD-5-10-201211.txt").read_text(encoding="utf-8")
    assert rooms.decode(codecs.BOM_UTF16_BE + text.encode("utf-16-be")) == (text, "utf-16")
    assert rooms.decode(text.encode("utf-16-le")) == (text, "utf-16-le")  # no mark: the NUL bytes tell
    assert rooms.decode(text.replace("\n", "\r\n").encode("utf-8")) == (text, "utf-8")
    # a name in Windows' single-byte code page (as older files were written)
    renamed = text.replace("Player1", "Jos\u00e9")
    assert rooms.decode(renamed.encode("cp1252")) == (renamed, "cp1252")
    [hand] = rooms.read_text(*rooms.decode(renamed.encode("cp1252"))[:1], encoding="cp1252")
    assert isinstance(hand, rooms.RoomHand) and "Jos\u00e9" in hand.players and hand.encoding == "cp1252"


# -- writing PokerStars' form ---------------------------------------------------------------


def _write_as_room(hand: rooms.RoomHand, hero: str | None = None) -> str:
    return rooms.dumps_pokerstars(
        hand.history,
        number=hand.number,
        table=hand.table,
        players=hand.players,
        seats=hand.seats,
        seat_count=hand.seat_count,
        button=hand.button,
        time=hand.time,
        chip="0.01" if hand.currency else None,
        rake=hand.rake,
        hero=hero,
    )


def all_hands() -> list[rooms.RoomHand]:
    return [h for path in ALL_FILES for h in hands_of(path)]


def test_round_trip_of_every_real_hand() -> None:
    """Written in PokerStars' form and read again, each real hand is the same hand: the same
    actions (its unknown cards unknown still), stacks, pot, rake and what each collected."""
    hands = all_hands()
    assert len(hands) > 250
    for hand in hands:
        [back] = rooms.read_text(_write_as_room(hand))
        assert isinstance(back, rooms.RoomHand), back.message  # type: ignore[union-attr]
        assert phh.actions_of(back.state) == phh.actions_of(hand.state), hand.number
        assert back.finishing_stacks == hand.finishing_stacks
        assert (back.collected, back.rake, back.players, back.seats) == (
            hand.collected,
            hand.rake,
            hand.players,
            hand.seats,
        )


def _forms(lines: list[str], seated_out: set[str]) -> list[str]:
    """A hand's lines as the tests compare them: the cards of a bracket in one order, and none of
    what the writer leaves out (players not dealt in, chat and the like, 'doesn't show hand')."""
    out = []
    after_pot = False
    for line in lines:
        after_pot = after_pot or (" collected " in line and line.endswith(" from pot"))
        if after_pot and ": shows [" in line:
            continue  # a winner's show after an uncontested pot: the replay keeps no trace of it
        if (rooms._STARS_IGNORED.match(line) and not line.startswith("Seat ")) or line.endswith(": doesn't show hand"):
            continue
        if line.startswith("Seat ") and (
            any(f": {n} (" in line for n in seated_out) and "in chips" in line or "out of hand" in line
        ):
            continue
        line = line.replace(" in chips) is sitting out", " in chips)")
        line = re.sub(r"\[([^\]]*)\]", lambda m: "[" + " ".join(sorted(m.group(1).split())) + "]", line)
        line = re.sub(r" mucked \[.*\]$", " mucked", line)
        if re.search(r"(?:from (?:main|side) pot|Main pot)", line):  # how the rake is split between pots
            line = re.sub(r"\$?[0-9][0-9.]*", "N", line)
        out.append(line)
    return out


def test_written_text_matches_pokerstars_files_line_for_line() -> None:
    """A real PokerStars hand written again from its replay, for the same player (the file's
    'Dealt to' hero), gives the room's own lines, apart from its first line's time zones and
    what PokerStars says of what happened around the hand (chat, players not dealt in); a
    showdown's pot lines of several pots may be in another order."""
    compared = 0
    for path in sorted(STARS.glob("*.txt")):
        text, _ = rooms.decode(path.read_bytes())
        blocks = dict(rooms.split_hands(text))
        for hand in hands_of(path):
            lines = blocks[hand.line]
            hero = next((ln[9:].split(" [")[0] for ln in lines if ln.startswith("Dealt to ")), None)
            out = _write_as_room(hand, hero).splitlines()
            seated = {m.group(1) for ln in lines if (m := re.match(r"^Seat \d+: (.+?) \(", ln))}
            room, ours = _forms(lines[1:], seated - set(hand.players)), _forms(out[1:], set())
            if sum(1 for ln in room if " pot" in ln and "collected" in ln) > 1:
                assert sorted(room) == sorted(ours), hand.number
            else:
                assert room == ours, hand.number
            compared += 1
    assert compared > 200  # every Stars hand read (the refused ones are the test above's)


def test_header_line_form() -> None:
    hand = only(STARS / "Triple_Draw_2-7_Lowball-FL-USD-0.10-0.20-201106.sample.txt")
    first = _write_as_room(hand).splitlines()[0]
    assert (
        first
        == "PokerStars Hand #63845186378:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - 2011/06/26 13:34:02 ET"
    )


def test_a_table_hand_written_for_trackers_reads_back() -> None:
    state = HandState(VARIANTS["F2L3D"], [200, 200, 200], seed=7)
    while not state.is_complete:
        state.check_or_call() if state.phase == "betting" else state.discard([])
    text = rooms.dumps_pokerstars(state, players=["Ann", "Bob", "Cy"], seats=[2, 4, 6], button=6, rake=1)
    assert text.splitlines()[1] == "Table 'lowball' 6-max Seat #6 is the button"
    assert "*** FIRST DRAW ***" in text and "*** THIRD DRAW ***" in text
    [back] = rooms.read_text(text)
    assert isinstance(back, rooms.RoomHand)
    assert phh.actions_of(back.state) == phh.actions_of(state)
    assert back.players == ("Ann", "Bob", "Cy") and back.seats == (2, 4, 6) and back.rake == 1


def test_dumps_pokerstars_refuses_what_it_cannot_write() -> None:
    state = HandState(VARIANTS["F2L3D"], [200, 200], seed=1)
    with pytest.raises(rooms.RoomError, match="not finished"):
        rooms.dumps_pokerstars(state)
    state.fold()
    with pytest.raises(rooms.RoomError, match="players = \\['a'\\]: expected 2 different names"):
        rooms.dumps_pokerstars(state, players=["a"])
    with pytest.raises(rooms.RoomError, match="rake = 9: expected 0 .. the pot of 2"):
        rooms.dumps_pokerstars(state, rake=9)
    with pytest.raises(rooms.RoomError, match="expected a HandState"):
        rooms.dumps_pokerstars(42)  # type: ignore[arg-type]
