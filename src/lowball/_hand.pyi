# Stub of the private binding lowball._hand (src/lowball/_hand.pyx); lowball.rl is the public face.
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

MAX_PLAYERS: int
MAX_FRACTIONS: int
HAND_BYTES: int
DECK_OFFSET: int
DECK_STUB: int
DECK_TOP: int
DECK_HANDS: int
DECK_HAND_LEN: int
EVENT_KINDS: tuple[str, ...]
PHASES: dict[int, str]
ACT_FOLD: int
ACT_CHECK: int
ACT_CALL: int
ACT_CHECK_OR_CALL: int
ACT_BET_OR_RAISE: int
ACT_DISCARD: int
POLICY_RANDOM: int
POLICY_STRATEGY: int
STATUS: dict[int, str]

_Legal = tuple[int, str, bool, bool, bool, int, bool, bool, int, int, bool, int]
_RawEvent = tuple[str, int | None, int, tuple[int, ...], tuple[int, ...], int, int, int]

def stream(key: Sequence[int], slot: int, episode: int) -> tuple[int, int]: ...
def observe_state(
    engine: Engine, row: npt.NDArray[np.uint8], position: int, scale: float
) -> npt.NDArray[np.float32]: ...

class Engine:
    def __init__(self, spec: dict[str, Any], fractions: Sequence[float]) -> None: ...
    @property
    def n_actions(self) -> int: ...
    @property
    def n_sizes(self) -> int: ...
    @property
    def first_discard(self) -> int: ...
    def obs_size(self, n: int) -> int: ...
    def play(
        self,
        n: int,
        stacks: Sequence[int],
        key: Sequence[int],
        slot: int,
        first_episode: int,
        count: int,
        policy: int,
        strategies: Sequence[Any] | None = None,
    ) -> tuple[list[float], int]: ...

class Batch:
    n: int
    count: int
    first_slot: int
    scale: float
    state: npt.NDArray[np.uint8]
    episodes: npt.NDArray[np.uint64]
    actor: npt.NDArray[np.int8]
    mask: npt.NDArray[np.uint8]
    legal_count: npt.NDArray[np.uint8]
    legal_index: npt.NDArray[np.int8]
    obs: npt.NDArray[np.float32]
    rewards: npt.NDArray[np.float32]
    done: npt.NDArray[np.uint8]
    def __init__(
        self,
        engine: Engine,
        n: int,
        count: int,
        stacks: Sequence[int],
        key: Sequence[int],
        scale: float,
        first_slot: int = 0,
        observe: bool = True,
    ) -> None: ...
    def reset(self) -> None: ...
    def check(self, actions: npt.NDArray[np.int64]) -> int: ...
    def pick(self, u: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]: ...
    def step(self, actions: npt.NDArray[np.int64]) -> None: ...
    def legal(self, i: int) -> _Legal | None: ...
    def fields(self, i: int) -> dict[str, Any]: ...
    def observe(self, i: int, position: int) -> npt.NDArray[np.float32]: ...

class Hand:
    def __init__(self, engine: Engine) -> None: ...
    def reset(
        self, stacks: Sequence[int], state: int, inc: int, order: Sequence[int] | None = None
    ) -> list[_RawEvent]: ...
    def legal(self) -> _Legal | None: ...
    def act(self, kind: int, amount: int = 0, mask: int = 0) -> tuple[int, list[_RawEvent]]: ...
    def act_index(self, a: int) -> tuple[int, list[_RawEvent]]: ...
    def mask(self) -> npt.NDArray[np.uint8]: ...
    def observe(self, position: int, scale: float) -> npt.NDArray[np.float32]: ...
    def fields(self) -> dict[str, Any]: ...
    @property
    def actor(self) -> int | None: ...
    @property
    def complete(self) -> bool: ...
    def payoffs(self) -> tuple[int, ...]: ...
    def hand(self, position: int) -> tuple[int, ...]: ...
    def copy_from(self, batch: Batch, i: int) -> None: ...
