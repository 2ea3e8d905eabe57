"""The build's own checks: generated tables are current, the C core passes its tests under
AddressSanitizer and UBSan, the package type-checks with mypy --strict, the wheel is clean."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_tables_regenerate_identically(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_tables.py"), "--out", str(tmp_path)],
        capture_output=True, text=True, check=True,
    )
    assert "wrote" in out.stdout
    for name in ("tables.c", "tables.h"):
        assert (tmp_path / name).read_text() == (ROOT / "csrc" / name).read_text(), name
    size = (ROOT / "csrc" / "tables.c").stat().st_size
    assert size < 200_000  # source text; the tables themselves are about 38 KB


@pytest.mark.slow
def test_c_core_under_sanitizers(tmp_path: Path) -> None:
    cmake = shutil.which("cmake")
    assert cmake, "cmake is a test dependency (pip install '.[test]')"
    gen = ["-G", "Ninja"] if shutil.which("ninja") else []
    subprocess.run(
        [cmake, "-S", str(ROOT), "-B", str(tmp_path), "-DLOWBALL_C_TESTS=ON",
         "-DLOWBALL_SANITIZE=ON", "-DCMAKE_BUILD_TYPE=Debug", *gen],
        check=True, capture_output=True,
    )
    build = subprocess.run([cmake, "--build", str(tmp_path)], capture_output=True, text=True)
    assert build.returncode == 0, build.stdout + build.stderr
    assert "warning" not in build.stdout.lower(), build.stdout
    test = subprocess.run(
        ["ctest", "--test-dir", str(tmp_path), "--output-on-failure"],
        capture_output=True, text=True,
    )
    assert test.returncode == 0, test.stdout + test.stderr
    assert "100% tests passed" in test.stdout


@pytest.mark.slow
def test_mypy_strict() -> None:
    """mypy (a test dependency) checks the installed package, stubs included, by name."""
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "-p", "lowball"],
        capture_output=True, text=True, cwd=ROOT / "tests",
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_installed_package_ships_stubs_not_sources() -> None:
    import lowball

    pkg = Path(lowball.__file__).parent
    names = {p.name for p in pkg.iterdir()}
    assert "py.typed" in names and "_core.pyi" in names
    assert any(n.startswith("_core.") and n.endswith((".so", ".pyd")) for n in names)
    assert not [n for n in names if n.endswith((".pyx", ".pxd", ".c", ".h"))]
