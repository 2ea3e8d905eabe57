"""Saving, restoring and checking a hand: :mod:`lowball.engine.saving`, under the name it has
always been imported by (``lowball.saving.to_dict``, ``from_dict``, ``validate``)."""

from lowball.engine.saving import from_dict, to_dict, validate

__all__ = ["to_dict", "from_dict", "validate"]
