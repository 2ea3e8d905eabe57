"""A plain numpy implementation of lowball's table lookup: the in-run peer for the C batch path.

Same tables (copied out of the C core), same arithmetic, written with whole-array numpy
operations instead of one C loop.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from lowball import _core

_T = _core.tables()
_KEY = np.asarray(_T["card_key"], dtype=np.uint64)
_DISP = np.asarray(_T["disp"], dtype=np.int64)
_CLS = np.asarray(_T["cls"], dtype=np.uint16)
_BITS = int(_T["col_bits"])  # type: ignore[arg-type]
_BIAS = np.uint64(_T["suit_bias"])
_FLUSH = np.uint64(_T["flush_bits"])
_RANKS = np.uint64(_T["rank_mask"])


def numpy_evaluate_batch(cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]:
    """Classes of an (N, 5) uint8 array of valid cards, shape (N,) uint16."""
    total = _KEY[cards].sum(axis=1, dtype=np.uint64) + _BIAS
    ranks = (total & _RANKS).astype(np.int64)
    flush = ((total & _FLUSH) != 0).astype(np.int64)
    cell = (ranks & ((1 << _BITS) - 1)) + _DISP[ranks >> _BITS]
    return _CLS[2 * cell + flush]
