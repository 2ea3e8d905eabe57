"""The deck's self-check for the Python tests: csrc/tests/selfcheck.c, test-only C.

It plays many triple-draw hands on the C deck and checks every invariant after every step (see
csrc/tests/selfcheck.h). It is not in the wheel: :func:`build` compiles it with CMake (option
``LOWBALL_TEST_HELPERS``; cmake and ninja are test dependencies, as for tests/test_build.py) into
a shared library loaded with ctypes, and :class:`SelfCheck` drives it with a numpy BitGenerator
through the generator's own ctypes interface (``bit_generator.ctypes``), so the random words are
exactly those the binding would have used.
"""

from __future__ import annotations

import ctypes
import shutil
import subprocess
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
_NEXT_UINT64 = ctypes.CFUNCTYPE(ctypes.c_uint64, ctypes.c_void_p)


class SelfCheck:
    """``selfcheck(hands, players, rule, all_five, bit_generator)`` -> dict of totals."""

    def __init__(self, library: Path) -> None:
        self._lib = ctypes.CDLL(str(library))
        fn = self._lib.lb_selfcheck_bitgen
        fn.restype = None
        fn.argtypes = [
            ctypes.c_int64,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_int,
            _NEXT_UINT64,
            ctypes.c_void_p,
            ctypes.POINTER(ctypes.c_int64),
        ]
        self._fn = fn

    def __call__(
        self, hands: int, players: int, rule: int, all_five: bool, bit_generator: np.random.BitGenerator
    ) -> dict[str, int]:
        """Play ``hands`` hands of ``players`` players (2..10) under reshuffle ``rule`` (0 seeds,
        1 live); every player discards five cards on every draw (``all_five``) or a random 0..5.

        Returns ``hands``, ``reshuffles``, ``exhausted`` (draws refused, then retried with what
        the rule can give) and ``violations`` (must be 0). The call runs without the GIL.
        """
        out = (ctypes.c_int64 * 4)()
        c = bit_generator.ctypes
        with bit_generator.lock:
            self._fn(
                hands,
                players,
                rule,
                int(bool(all_five)),
                ctypes.cast(c.next_uint64, _NEXT_UINT64),
                c.state_address,
                out,
            )
        return dict(zip(("hands", "reshuffles", "exhausted", "violations"), (int(v) for v in out)))


def build(build_dir: Path) -> SelfCheck:
    """Configure and build selfcheck_lib in ``build_dir`` (a few seconds) and load it."""
    cmake = shutil.which("cmake")
    assert cmake, "cmake is a test dependency (pip install '.[test]')"
    gen = ["-G", "Ninja"] if shutil.which("ninja") else []
    for cmd in (
        [cmake, "-S", str(ROOT), "-B", str(build_dir), "-DLOWBALL_TEST_HELPERS=ON", "-DCMAKE_BUILD_TYPE=Release", *gen],
        [cmake, "--build", str(build_dir), "--target", "selfcheck_lib", "--config", "Release"],
    ):
        run = subprocess.run(cmd, capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr
    (library,) = [
        p for p in build_dir.rglob("*selfcheck_lib*") if p.is_file() and p.suffix in (".so", ".dylib", ".dll")
    ]
    return SelfCheck(library)
