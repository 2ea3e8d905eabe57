"""``python -m lowball``: the ``lowball`` command (for when the script is not on the PATH)."""

from lowball.cli import main

main(prog_name="lowball")
