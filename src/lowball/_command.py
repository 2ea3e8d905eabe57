"""The ``lowball`` command's entry point (the console script and ``python -m lowball``).

The command's imports (numpy, click, the C core: a tenth of a second or more) are made here,
inside a Ctrl-C handler: Ctrl-C in the first moment after the command starts ends it with one
line on standard error and exit status 130, as it does once a command runs, never with an
import's traceback. ``import lowball`` itself imports nothing heavy (its names are loaded on
first use), so this module is reached at once.
"""

from __future__ import annotations

import sys

STOPPED = "lowball: stopped (Ctrl-C)\n"


def main() -> None:
    """Run the ``lowball`` command (:func:`lowball.cli.main`)."""
    try:
        from lowball.cli import main as command
    except KeyboardInterrupt:
        sys.stderr.write(STOPPED)
        raise SystemExit(130) from None
    try:
        command(prog_name="lowball")  # a command's own Ctrl-C is its one line (lowball.cli.main)
    except KeyboardInterrupt:  # in the moment before click's handler is in place, or after it
        sys.stderr.write(STOPPED)
        raise SystemExit(130) from None
