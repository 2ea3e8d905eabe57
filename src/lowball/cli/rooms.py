"""``lowball import``: room hand histories (PokerStars, Full Tilt Poker) converted to PHH files.

The work behind the command, apart from click: the files of the arguments (a folder's files
taken in name order), each hand read (:mod:`lowball.rooms`), a PHH file written for each hand
read, and the summary of hands read and refused by reason.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from lowball import rooms
from lowball._files import write_text
from lowball.errors import counted

__all__ = ["ImportReport", "room_files", "import_files", "import_summary"]


@dataclass
class ImportReport:
    """What an import did: hands read and written, hands refused (each with its message), by
    reason, and the files that could not be read at all."""

    read: int = 0
    refused: list[rooms.Refused] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)
    written: list[str] = field(default_factory=list)

    def by_reason(self) -> Counter[str]:
        return Counter(r.reason for r in self.refused)


def room_files(paths: Iterable[str]) -> Iterator[str]:
    """The files to read: each path that is a file, and every regular file under each path that
    is a folder (in name order, hidden files left out)."""
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(files):
                    if not name.startswith("."):
                        yield os.path.join(root, name)
        else:
            yield path


def _file_name(hand: rooms.RoomHand) -> str:
    room = "stars" if hand.room == "PokerStars" else "ftp"
    return f"{room}-{re.sub(r'[^0-9A-Za-z_-]', '_', hand.number)}.phh"


def import_files(
    paths: Iterable[str],
    out: str,
    *,
    names: bool = True,
    progress: Callable[[int], None] | None = None,
    refused: Callable[[rooms.Refused], None] | None = None,
) -> ImportReport:
    """Read every room file of ``paths`` and write each hand read to ``out`` as PHH
    (``stars-NUMBER.phh``, ``ftp-NUMBER.phh``; ``names=False`` leaves the players' names out).
    ``progress`` is called with 1 for each hand done; ``refused`` with each hand refused.

    A file that cannot be read, or holds no room hand, is named in ``unreadable``; the other
    files are still read. A hand number seen twice is written once (the rooms' files overlap).

    Raises
    ------
    FileError
        When a PHH file cannot be written (the folder is made first if it is missing).
    """
    report = ImportReport()
    os.makedirs(out, exist_ok=True)
    seen: set[str] = set()
    for path in room_files(paths):
        try:
            hands = rooms.iter_file(path)
            for hand in hands:
                if isinstance(hand, rooms.Refused):
                    report.refused.append(hand)
                    if refused is not None:
                        refused(hand)
                else:
                    report.read += 1
                    name = _file_name(hand)
                    if name not in seen:
                        seen.add(name)
                        target = str(Path(out) / name)
                        write_text(target, hand.to_phh(names=names))
                        report.written.append(target)
                if progress is not None:
                    progress(1)
        except rooms.RoomError as e:
            report.unreadable.append(str(e))
    return report


def import_summary(report: ImportReport) -> str:
    """The lines the command prints at the end: hands read (and PHH files written), hands
    refused by reason (most first), files not read."""
    lines = [
        f"{counted(report.read, 'hand')} read, {counted(len(report.written), 'PHH file')} written, "
        f"{counted(len(report.refused), 'hand')} refused"
    ]
    for reason, count in sorted(report.by_reason().items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"  refused, {reason}: {count}")
    for message in report.unreadable:
        lines.append(f"  not read: {message}")
    return "\n".join(lines) + "\n"
