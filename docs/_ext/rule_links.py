"""Each rule of RULES.md linked to the code that applies it, on the site's rules page (issue 28).

RULES.md stays plain Markdown that reads the same on GitHub; the site's page includes it
(docs/rules.md), and this Sphinx extension adds, as Sphinx reads the included text, a line
*Code:* after each rule listed in :data:`RULE_CODE`, whose names are cross-references into the
API reference. A rule is found by its section (the number of its ``## N.`` heading) and words
that begin it or name it (``**Dead button**``); the line goes at the end of the rule's bullet
or paragraph. ``tests/test_rule_links.py`` checks that every section has its rules here, that
each rule's words are found once in its section and that each name is an object of the API
reference; the build (``sphinx-build -W``) fails on a name it cannot link.

This module imports nothing of Sphinx's at its top, so that the test reads it without Sphinx.
"""

from __future__ import annotations

import re
from typing import Any

#: (section number, words of the rule as RULES.md writes them, the names that apply it). The
#: names are the API reference's: a module, class, function, method or attribute documented
#: under docs/api/.
RULE_CODE: list[tuple[int, str, tuple[str, ...]]] = [
    # 1. Hand ranking
    (1, "Aces are always high", ("lowball.evaluation.evaluate", "lowball.evaluation.evaluate_batch")),
    (1, "A-2-3-4-5 is **not** a straight", ("lowball.evaluation.evaluate", "lowball.evaluation.HandCategory")),
    (1, "Category order, best first", ("lowball.evaluation.HandCategory", "lowball.evaluation.category")),
    (1, "Inside a category, compare like", ("lowball.evaluation.evaluate", "lowball.evaluation.Hand.beats")),
    (1, "Suits never break a tie. Equal hands", ("lowball.evaluation.winners", "lowball.evaluation.Hand.ties")),
    (
        1,
        "There are 2,598,960",
        ("lowball.evaluation.NUM_HANDS", "lowball.evaluation.NUM_CLASSES", "lowball.evaluation.evaluate_all"),
    ),
    (1, "Names players use", ("lowball.evaluation.describe",)),
    # 2. The table
    (
        2,
        "A dealer button;",
        (
            "lowball.variants.ForcedBets",
            "lowball.engine.HandState.small_blind_position",
            "lowball.engine.HandState.big_blind_position",
        ),
    ),
    (2, "Heads-up: the button posts", ("lowball.engine.HandState", "lowball.engine.HandState.draw_order")),
    (2, "Antes are optional", ("lowball.variants.ForcedBets", "lowball.engine.HandState.antes")),
    (2, "Seats: the seeds allow", ("lowball.variants.Variant",)),
    # 3. The order of play
    (3, "**Triple draw**: deal 5 cards", ("lowball.engine.HandState", "lowball.engine.HandState.phase")),
    (3, "Betting round 1 starts", ("lowball.engine.HandState.actor", "lowball.variants.Variant")),
    (
        3,
        "Each draw starts",
        (
            "lowball.engine.HandState.draw_order",
            "lowball.engine.HandState.discard",
            "lowball.engine.HandState.stand_pat",
        ),
    ),
    (3, "A player who is all in keeps drawing", ("lowball.engine.HandState.draw_order",)),
    (
        3,
        "**Other draw games**",
        ("lowball.variants.Variant", "lowball.evaluation.Ranking", "lowball.variants.VARIANTS"),
    ),
    # 4. When the deck runs out
    (4, "If the stub cannot complete", ("lowball.deck.Deck", "lowball.deck.ReshuffleRule.SEEDS")),
    (4, "**Live rule**", ("lowball.deck.ReshuffleRule.LIVE", "lowball.deck.ReadOnlyDeck.available")),
    (4, "Burn cards:", ("lowball.deck.Deck.burn_before_draw", "lowball.variants.Variant")),
    (4, "Some engines reshuffle every discard", ("lowball.phh.HandHistory.reshuffle_rules",)),
    # 5. Betting structures
    (5, "**Fixed limit** (triple draw", ("lowball.variants.FixedLimit", "lowball.variants.FixedLimit.bet_size")),
    (5, "Fixed-limit cap:", ("lowball.variants.FixedLimit", "lowball.engine.HandState.capped")),
    (5, "Fixed-limit all-ins", ("lowball.engine.HandState.legal_actions", "lowball.engine.HandState.full_level")),
    (
        5,
        "**No limit** (single draw",
        ("lowball.variants.NoLimit", "lowball.engine.HandState.legal_actions", "lowball.engine.HandState.last_raise"),
    ),
    (5, "A big blind all in for less", ("lowball.engine.HandState.legal_actions", "lowball.engine.Posts")),
    (5, "**Pot limit**", ("lowball.variants.PotLimit", "lowball.engine.pot_size_to")),
    (5, "Check-raising is allowed", ("lowball.engine.HandState.legal_actions",)),
    (5, "Chips are whole numbers", ("lowball.errors.whole_number",)),
    # 6. Showdown and pots
    (6, "The lowest hand wins; equal hands split", ("lowball.engine.HandState.winnings", "lowball.evaluation.winners")),
    (6, "Showing order:", ("lowball.engine.HandState.show_order",)),
    (6, "A mucked hand cannot win", ("lowball.engine.HandState.muck", "lowball.engine.HandState.mucked")),
    (
        6,
        "*lowball:* the showdown follows that order",
        (
            "lowball.engine.HandState.show",
            "lowball.engine.HandState.finish_showdown",
            "lowball.engine.HandState.manual_showdown",
        ),
    ),
    (6, "Folding when a check is free", ("lowball.variants.Variant", "lowball.engine.HandState.fold")),
    (
        6,
        "Side pots are formed",
        ("lowball.engine.HandState.side_pots", "lowball.engine.HandState.pots", "lowball.engine.Pot"),
    ),
    (6, "Odd chips:", ("lowball.engine.HandState.winnings",)),
    # 7. Hand histories
    (7, "The Poker Hand History (PHH) standard", ("lowball.phh.loads", "lowball.phh.dumps", "lowball.phh.HandHistory")),
    (7, "unknown cards are stood in for", ("lowball.phh.HandHistory.replay", "lowball.phh.invented_cards")),
    (7, "a history's recorded result is checked", ("lowball.phh.HandHistory.replay",)),
    (7, "codes for the games the standard does not name", ("lowball.phh.CODES", "lowball.phh.code_of")),
    (7, "**Forced bets in the standard's fields.**", ("lowball.phh.dumps", "lowball.engine.Posts")),
    (7, "a stack short of its posts pays", ("lowball.engine.Posts", "lowball.phh.dumps")),
    (7, "A player short of a per-player ante", ("lowball.phh.dumps", "lowball.engine.HandState.side_pots")),
    (7, "lowball's own fields", ("lowball.phh.dumps", "lowball.phh.loads")),
    (7, "a first turn of betting round 1", ("lowball.phh.HandHistory.replay",)),
    (7, "Rules the standard cannot carry", ("lowball.phh.dumps",)),
    (7, "**Reading a deal.**", ("lowball.phh.HandHistory.reshuffle_rules", "lowball.phh.HandHistory.replay")),
    (
        7,
        "**Room hand histories**",
        ("lowball.rooms.read_text", "lowball.rooms.read_file", "lowball.rooms.RoomHand", "lowball.rooms.Refused"),
    ),
    (
        7,
        "`dumps_pokerstars` writes PokerStars' lines",
        ("lowball.rooms.dumps_pokerstars", "lowball.table.Table.last_pokerstars"),
    ),
    # 8. Draw odds
    (
        8,
        "**8.1 The stub, the muck and removed cards**",
        ("lowball.odds.draw_outcomes", "lowball.odds.DiscardTable.stub"),
    ),
    (8, "**8.2 Single draw.**", ("lowball.odds.draw_outcomes", "lowball.odds.equity", "lowball.odds.DEFAULT_BUDGET")),
    (8, "**8.3 Several draws**", ("lowball.odds.equity", "lowball.odds.PlayerEquity")),
    (8, "**8.4 Pot shares.**", ("lowball.odds.Equity", "lowball.odds.SHARE")),
    (
        8,
        '**8.5 A low "or better".**',
        ("lowball.odds.threshold", "lowball.odds.lows_of", "lowball.odds.DrawOutcomes.lows"),
    ),
    (8, "**8.6 Strategies**", ("lowball.odds.DrawStrategy", "lowball.odds.DrawStrategy.parse")),
    (8, "**8.7 The default strategy**", ("lowball.odds.DEFAULT_STRATEGY_TEXT", "lowball.odds.DrawStrategy")),
    (8, "**8.8 The default opponent**", ("lowball.odds.discard_table", "lowball.odds.DefaultOpponent")),
    # 9. The table
    (9, "**Seats** are numbered", ("lowball.table.Table.sit", "lowball.table.Table.seats", "lowball.table.SeatInfo")),
    (9, "**The first hand**", ("lowball.table.Table.deal",)),
    (9, "**A game that cannot go on by the rules**", ("lowball.table.Table.can_deal", "lowball.table.Table.deal")),
    (9, "**Dead button**", ("lowball.table.Table.deal", "lowball.table.Table.button", "lowball.table.Table.big_blind")),
    (9, "**Heads-up**", ("lowball.table.Table.deal", "lowball.table.Table.small_blind")),
    (
        9,
        "**How a player comes in is the game's rule**",
        ("lowball.variants.MissedBlinds", "lowball.variants.MissedBlinds.of"),
    ),
    (9, "**New players**", ("lowball.table.Table.sit", "lowball.table.Table.sit_in", "lowball.table.Table.ways_in")),
    (9, "**Missed blinds**", ("lowball.table.Table.sit_in", "lowball.table.Table.sit_out", "lowball.engine.Posts")),
    (9, "**The kill**", ("lowball.table.Table.sit_in", "lowball.variants.Variant.killed")),
    (
        9,
        "**Leaving and coming back**",
        (
            "lowball.table.Table.leave",
            "lowball.table.Table.departure",
            "lowball.table.Table.buy_in_for",
            "lowball.table.Departure",
        ),
    ),
    (9, "**Seat changes**", ("lowball.table.Table.change_seat",)),
    (9, "**A game of antes and no blinds**", ("lowball.table.Table.sit_in", "lowball.variants.ForcedBets")),
    (
        9,
        "**When a seat is dealt in**",
        ("lowball.table.Table.coming_in", "lowball.table.ComingIn", "lowball.table.Table.ways_in"),
    ),
    (
        9,
        "**Sitting out, leaving, chips**",
        (
            "lowball.table.Table.sit_out",
            "lowball.table.Table.sit_in",
            "lowball.table.Table.add_chips",
            "lowball.table.BuyIn",
        ),
    ),
    (
        9,
        "**Acting**",
        ("lowball.table.Table.act", "lowball.table.Table.seq", "lowball.errors.SeqError", "lowball.table.ActResult"),
    ),
    (9, "**Time**", ("lowball.table.Table.tick", "lowball.table.Table.deadline")),
    (9, "**Rake**", ("lowball.table.PercentRake", "lowball.table.NoRake", "lowball.table.RakePolicy")),
    (9, "**Events**", ("lowball.table.Table.events_for", "lowball.table.TableEvent", "lowball.table.SeatInfo")),
    (9, "**Names**", ("lowball.errors.name_text", "lowball.errors.NAME_LENGTH")),
    (9, "**Durability**", ("lowball.store.Store", "lowball.store.SQLiteStore", "lowball.table.Table.resume")),
    (9, "**Checkpoints**", ("lowball.store.SQLStore", "lowball.store.TableStore.load", "lowball.table.Table.resume")),
    (
        9,
        "**One writer a table**",
        ("lowball.postgres.PostgresStore", "lowball.store.SQLStore.claim", "lowball.postgres.PostgresStore.writers"),
    ),
    # 10. The reference server and runs on workers
    (10, "**Coming in**", ("lowball.server.Room.join", "lowball.server.Room.sit_in")),
    (10, "**Bots**", ("lowball.server.Room", "lowball.bots.make_bot")),
    (10, "**Play chips**", ("lowball.server.GameServer.chips_for",)),
    (10, "**Seat tokens**", ("lowball.server.Room.join", "lowball.server.create_app")),
    (10, "**Seats nobody comes to**", ("lowball.server.Room.pump",)),
    (10, "**Seat numbers**", ("lowball.server.Room.public_state",)),
    (10, "**Sessions**", ("lowball.simulate.simulate", "lowball.parallel.run_shards", "lowball.seeds.shard_seeds")),
    # 11. Other rankings
    (11, "A hand's ranking is a `Ranking` value", ("lowball.evaluation.Ranking", "lowball.evaluation.as_ranking")),
    (11, "**Ace-to-five (A-5, California lowball)**", ("lowball.evaluation.Ranking", "lowball.evaluation.evaluate")),
    (11, "The ace is the lowest card, below the deuce", ("lowball.evaluation.evaluate", "lowball.evaluation.Ranking")),
    (
        11,
        "Category order, best first: no pair < one pair",
        ("lowball.evaluation.category", "lowball.evaluation.HandCategory"),
    ),
    (11, "Suits never break a tie. Every multiset", ("lowball.evaluation.Ranking.num_classes",)),
    (11, "Numbering: 1 = 5-4-3-2-A", ("lowball.evaluation.evaluate",)),
    (11, 'Names: "5-4-3-2-A: the wheel', ("lowball.evaluation.describe",)),
    (11, "*lowball:* no joker", ("lowball.cards.DECK", "lowball.cards.parse_cards")),
    (
        11,
        "*lowball:* the ranking decides the showdown only",
        ("lowball.variants.Variant", "lowball.engine.HandState.winnings"),
    ),
    (
        11,
        "**Badugi**: four cards",
        ("lowball.evaluation.Ranking", "lowball.evaluation.BadugiCategory", "lowball.evaluation.evaluate"),
    ),
    (11, "A hand plays its largest set", ("lowball.evaluation.BadugiCategory",)),
    (11, "Between hands of the same size", ("lowball.evaluation.evaluate", "lowball.evaluation.Hand.beats")),
    (11, "Suits never break a tie. A class is a set of ranks", ("lowball.evaluation.Ranking.num_classes",)),
    (11, "Numbering: 1 = 4-3-2-A", ("lowball.evaluation.evaluate",)),
    (11, 'Names: "4-3-2-A: a 4-card badugi', ("lowball.evaluation.describe",)),
    (
        11,
        "*lowball:* cards speak (as WSOP-LAR 285",
        ("lowball.evaluation.evaluate", "lowball.evaluation.BadugiCategory"),
    ),
    (11, "*lowball:* aces are always low", ("lowball.evaluation.evaluate", "lowball.evaluation.Ranking")),
    (9, "**Stakes between hands**", ("lowball.table.Table.change_stakes",)),
    (10, "**Messages a client sends**", ("lowball.wire.decode", "lowball.errors.WireError")),
    # 12. The solid player and the command's limits
    (12, "**12.1 Seats.**", ("lowball.variants.Variant",)),
    (12, "**12.2 Starting hands by position**", ("lowball.bots.SolidBot",)),
    (12, "**12.3 Raising before the draw.**", ("lowball.bots.SolidBot",)),
    (12, "**12.4 Drawing**", ("lowball.bots.SolidBot", "lowball.odds.DrawStrategy")),
    (12, "**12.5 After a draw**", ("lowball.bots.SolidBot",)),
    (12, "**12.6 Snows**", ("lowball.bots.SolidBot",)),
    (12, "**12.7 A seed of the command**", ("lowball.seeds.check_seed",)),
    (12, "**12.8 Single draw before the draw**", ("lowball.bots.SolidBot",)),
    (12, "**12.9 At the end**", ("lowball.bots.SolidBot",)),
    (12, "**12.10 The default bots**", ("lowball.bots.BOTS", "lowball.server.GameServer")),
    # 13. Tournaments
    (13, "**Rounds**", ("lowball.tournament.Tournament.step", "lowball.tournament.Tournament.round")),
    (13, "**Entry**", ("lowball.tournament.Tournament.register", "lowball.tournament.Structure")),
    (
        13,
        "**Declining a rebuy or the add-on**",
        ("lowball.tournament.Tournament.set_rebuy", "lowball.tournament.Tournament.set_addon"),
    ),
    (
        13,
        "**The entry's money through a wallet**",
        ("lowball.tournament.Tournament", "lowball.tournament.Tournament.reconcile"),
    ),
    (13, "**The seat draw**", ("lowball.tournament.Tournament.start",)),
    (13, "**Levels**", ("lowball.tournament.Level", "lowball.table.Table.change_stakes")),
    (13, "**The raise cap**", ("lowball.variants.FixedLimit",)),
    (13, "**Breaking tables**", ("lowball.tournament.Tournament.breaking_order",)),
    (13, "**Balancing**", ("lowball.tournament.Tournament.step", "lowball.table.Table.sit")),
    (13, "**Redraws**", ("lowball.tournament.Tournament.step",)),
    (13, "**The final table**", ("lowball.tournament.Structure.final_table_size",)),
    (13, "**Eliminations and places**", ("lowball.tournament.Tournament.results",)),
    (13, "**Hand-for-hand**", ("lowball.tournament.Tournament.step",)),
    (13, "**Payouts**", ("lowball.tournament.PayoutTable",)),
    (13, "**Colour-up and chip race**", ("lowball.tournament.Tournament.step", "lowball.table.Table.set_stacks")),
    (13, "**Away players**", ("lowball.tournament.Tournament.set_away",)),
    (13, "**The server's sit & go**", ("lowball.server.GameServer", "lowball.tournament.Tournament.set_away")),
    (13, "**Durability**", ("lowball.tournament.Tournament.resume", "lowball.tournament.Tournament.snapshot")),
    # 14. Money
    (
        14,
        "**14.1 The buy-in comes first.**",
        ("lowball.table.Table.sit", "lowball.wallet.Wallet.debit", "lowball.errors.InsufficientFundsError"),
    ),
    (14, "**14.2 Chips added in a hand wait for its end.**", ("lowball.table.Table.add_chips",)),
    (
        14,
        "**14.3 The cash-out.**",
        ("lowball.table.Table.leave", "lowball.table.Payout", "lowball.wallet.Wallet.credit"),
    ),
    (
        14,
        "**14.4 Each movement is made once.**",
        ("lowball.wallet.wallet_key", "lowball.table.Table.resume", "lowball.table.Table.pay_out"),
    ),
    (
        14,
        "**14.5 The ledger.**",
        ("lowball.store.Store.save_ledger", "lowball.store.Store.ledger", "lowball.wallet.reconcile"),
    ),
]

SECTION = re.compile(r"^## (\d+)\. ", flags=re.M)


def sections(text: str) -> dict[int, tuple[int, int]]:
    """Each numbered section of RULES.md as {number: (start, end)} character offsets: from its
    ``## N.`` heading to the next heading of its level (or the end)."""
    heads = [(int(m.group(1)), m.start()) for m in SECTION.finditer(text)]
    ends = [m.start() for m in re.finditer(r"^## ", text, flags=re.M)] + [len(text)]
    spans = {}
    for number, start in heads:
        spans[number] = (start, min(e for e in ends if e > start))
    return spans


def title(name: str) -> str:
    """What a link to ``name`` shows: the name as a user writes it, ``Table.deal`` for a class's
    member (the class is the subject), ``lowball.phh.loads`` for a module's function."""
    parts = name.split(".")
    classes = [i for i, part in enumerate(parts) if part[:1].isupper() and not part.isupper()]
    return ".".join(parts[classes[0] :]) if classes else name


def code_line(names: tuple[str, ...]) -> str:
    """The line added after a rule: its code, each name a cross-reference (MyST's role syntax)."""
    return "*Code:* " + ", ".join(f"{{py:obj}}`{title(n)} <{n}>`" for n in names)


def rule_block_end(text: str, at: int) -> tuple[int, bool]:
    """The end (offset after its last line's newline) of the bullet or paragraph holding the
    character at ``at``, and whether it is a bullet (a line ``- ...`` at the margin)."""
    line_start = text.rfind("\n", 0, at) + 1
    # back to the block's first line: the bullet's, or the paragraph's after a blank line
    start = line_start
    while not text.startswith("- ", start) and start > 0:
        previous = text.rfind("\n", 0, start - 1) + 1
        if text[previous:start].strip() == "" or text.startswith("#", previous):
            break
        start = previous
    bullet = text.startswith("- ", start)
    end = text.find("\n", at) + 1 or len(text)
    while end < len(text):
        line = text[end : text.find("\n", end) + 1 or len(text)]
        if not line.strip() or line.startswith(("- ", "#", "|", "**", "```")):
            break
        end += len(line)
    return end, bullet


def find_rule(text: str, number: int, words: str) -> int:
    """Where the rule's words are in its section (an offset in ``text``). Raises ``LookupError``
    when the section is not there or holds the words other than once."""
    spans = sections(text)
    if number not in spans:
        raise LookupError(f"RULES.md has no section {number}")
    start, end = spans[number]
    found = [m.start() + start for m in re.finditer(re.escape(words), text[start:end])]
    if len(found) != 1:
        raise LookupError(f"RULES.md section {number}: {words!r} is there {len(found)} times, not once")
    return found[0]


def bullets(text: str) -> list[tuple[int, int]]:
    """(section number, offset) of every rule written as a bullet (``- `` at the margin) in a
    numbered section of RULES.md: each must have its line in :data:`RULE_CODE`."""
    found = []
    for number, (start, end) in sections(text).items():
        found += [(number, start + m.start()) for m in re.finditer(r"^- ", text[start:end], flags=re.M)]
    return found


def linked(text: str) -> str:
    """RULES.md's text with the *Code:* line of each rule of :data:`RULE_CODE` added at the end
    of the rule's bullet (indented into it, a paragraph of its own) or paragraph."""
    inserts = []
    for number, words, names in RULE_CODE:
        end, bullet = rule_block_end(text, find_rule(text, number, words))
        inserts.append((end, ("\n  " if bullet else "\n") + code_line(names) + "\n\n"))
    for end, line in sorted(inserts, reverse=True):
        if not text[:end].endswith("\n"):
            line = "\n" + line
        text = text[:end] + line + text[end:]
    return text


def _include_read(app: Any, relative_path: Any, parent_docname: str, content: list[str]) -> None:
    if str(relative_path).replace("\\", "/").endswith("RULES.md"):
        content[0] = linked(content[0])


def _missing_reference(app: Any, env: Any, node: Any, contnode: Any) -> None:
    """A name of RULE_CODE that the API reference does not hold fails the build (-W)."""
    if node.get("refdomain") == "py" and node.get("refdoc") == "rules":
        from sphinx.util import logging

        logging.getLogger(__name__).warning(
            "RULES.md's code link %s is no object of the API reference", node.get("reftarget"), location=node
        )


def setup(app: Any) -> dict[str, Any]:
    app.connect("include-read", _include_read)
    app.connect("missing-reference", _missing_reference)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
