"""The build's own checks: generated tables are current, the C core passes its tests under
AddressSanitizer and UBSan, the package type-checks with mypy --strict, the wheel is clean."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_tables_regenerate_identically(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_tables.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "wrote" in out.stdout
    for name in ("tables.c", "tables.h"):
        assert (tmp_path / name).read_text() == (ROOT / "csrc" / name).read_text(), name
    size = (ROOT / "csrc" / "tables.c").stat().st_size
    assert size < 200_000  # source text; the tables themselves are about 38 KB


@pytest.mark.slow
@pytest.mark.needs_compiler
def test_c_core_under_sanitizers(tmp_path: Path) -> None:
    cmake = shutil.which("cmake")
    assert cmake, "cmake is a test dependency (pip install '.[test]')"
    gen = ["-G", "Ninja"] if shutil.which("ninja") else []
    subprocess.run(
        [
            cmake,
            "-S",
            str(ROOT),
            "-B",
            str(tmp_path),
            "-DLOWBALL_C_TESTS=ON",
            "-DLOWBALL_SANITIZE=ON",
            "-DCMAKE_BUILD_TYPE=Debug",
            *gen,
        ],
        check=True,
        capture_output=True,
    )
    build = subprocess.run([cmake, "--build", str(tmp_path)], capture_output=True, text=True)
    assert build.returncode == 0, build.stdout + build.stderr
    assert "warning" not in build.stdout.lower(), build.stdout
    test = subprocess.run(
        ["ctest", "--test-dir", str(tmp_path), "--output-on-failure"],
        capture_output=True,
        text=True,
    )
    assert test.returncode == 0, test.stdout + test.stderr
    assert "100% tests passed" in test.stdout


@pytest.mark.slow
def test_mypy_strict() -> None:
    """mypy (a test dependency) checks the installed package, stubs included, by name."""
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "-p", "lowball"],
        capture_output=True,
        text=True,
        cwd=ROOT / "tests",
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_installed_package_ships_stubs_not_sources() -> None:
    import lowball

    pkg = Path(lowball.__file__).parent
    names = {p.name for p in pkg.iterdir()}
    assert "py.typed" in names and "_core.pyi" in names
    assert any(n.startswith("_core.") and n.endswith((".so", ".pyd")) for n in names)
    assert not [n for n in names if n.endswith((".pyx", ".pxd", ".c", ".h"))]
    from lowball import _deck

    assert not hasattr(_deck, "_selfcheck_hands")  # test-only code lives in tests/selfcheck.py


@pytest.mark.slow
@pytest.mark.needs_compiler
def test_wheel_builds_and_installs_elsewhere(tmp_path: Path) -> None:
    """`pip wheel .` gives a wheel with the compiled modules, stubs and py.typed but no
    Cython or C sources, and it works when installed into another directory."""
    import zipfile

    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheels.glob("lowball_poker-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {"lowball/py.typed", "lowball/_core.pyi", "lowball/_deck.pyi"} <= set(names)
    assert sum(n.startswith("lowball/_core.") and n.endswith((".so", ".pyd")) for n in names) == 1
    assert sum(n.startswith("lowball/_deck.") and n.endswith((".so", ".pyd")) for n in names) == 1
    assert not [n for n in names if n.endswith((".pyx", ".pxd", ".c", ".h"))]
    target = tmp_path / "elsewhere"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    code = "import lowball; print(lowball.__file__, lowball.evaluate('7s5h4d3c2s'), lowball.Deck(seed=1).remaining)"
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(target)},
        cwd=tmp_path,
    )
    path, cls, remaining = out.stdout.split()
    assert path.startswith(str(target)) and cls == "1" and remaining == "52"


def test_the_library_never_imports_the_command() -> None:
    """Data flows one way (DESIGN.md): the library modules import neither click nor the
    command's rendering (lowball.cli)."""
    code = (
        "import sys, lowball, lowball.engine, lowball.phh, lowball.bots, lowball.simulate, "
        "lowball.table, lowball.variants, lowball.deck, lowball.saving\n"
        "bad = sorted(m for m in sys.modules if m == 'click' or m.startswith(('click.', 'lowball.cli')))\n"
        "print(' '.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT / "tests")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""
