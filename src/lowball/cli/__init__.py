"""The ``lowball`` command: ``rank``, ``compare``, ``draw``, ``odds``, ``play``, ``simulate``,
``replay`` and ``serve`` (:func:`main`), and all the text it shows (:mod:`lowball.cli.render`; the odds'
tables in :mod:`lowball.cli.odds`). click is imported here and nowhere in the library."""

from lowball.cli.main import main

__all__ = ["main"]
