"""Stubs for the compiled binding to the C core (private; use :mod:`lowball.evaluation`)."""

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from lowball._rankings import Ranking
from lowball.cards import CardLike

NUM_CLASSES: int
NUM_HANDS: int

def evaluate(hand: str | Iterable[CardLike], ranking: Ranking | str = ...) -> int: ...
def evaluate_batch(
    cards: npt.ArrayLike, *, ranking: Ranking | str = ..., check: bool = True
) -> npt.NDArray[np.uint16]: ...
def evaluate_all(ranking: Ranking | str = ...) -> npt.NDArray[np.uint16]: ...
def category_index(hand_class: int, ranking: Ranking | str = ...) -> int: ...
def tables() -> dict[str, npt.NDArray[np.uint64] | npt.NDArray[np.uint16] | int]: ...
