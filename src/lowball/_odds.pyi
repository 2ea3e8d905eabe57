# Stub of the private binding lowball._odds (src/lowball/_odds.pyx); lowball.odds is the public face.
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

MAX_PLAYERS: int
SHARE: int
NUM_CLASSES: int
BY_STRATEGY: int

_Spec = tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int], bool, bool, int, tuple[int, int, int]]

def draw_hist(kept: Sequence[int], unseen: Sequence[int]) -> tuple[npt.NDArray[np.uint64], int]: ...
def discard_hists(hand: Sequence[int], unseen: Sequence[int]) -> npt.NDArray[np.uint64]: ...
def exact_headsup(kept_a: Sequence[int], kept_b: Sequence[int], unseen: Sequence[int]) -> tuple[int, int, int, int]: ...
def exact_multiway(
    kept: Sequence[Sequence[int]], unseen: Sequence[int], budget: int
) -> tuple[list[int], list[int], list[int], int] | None: ...
def strategy_discard(spec: _Spec, hand: Sequence[int], d: int, is_last: bool) -> int: ...
def best_discard(hand: Sequence[int], target: int) -> tuple[int, int]: ...
def pcg64_words(state: int, inc: int, n: int) -> list[int]: ...

class Simulation:
    def __init__(
        self,
        hands: Sequence[Sequence[int] | None],
        draws: int,
        fixed: Sequence[int] | None,
        strategies: Sequence[_Spec],
        unseen: Sequence[int],
        dead: Sequence[int],
        rule: int,
        burn: bool,
        key: Sequence[int],
        removed: Sequence[int] = (),
    ) -> None: ...
    def run(self, t0: int, t1: int) -> dict[str, Any]: ...
