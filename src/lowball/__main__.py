"""``python -m lowball``: the ``lowball`` command (for when the script is not on the PATH)."""

from lowball._command import main

main()
