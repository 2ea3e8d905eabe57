"""The installed distribution is a clean wheel (issue 17): the compiled modules, the .pyi stubs
and py.typed, no Cython or C sources; one version everywhere; a user's script type-checks.

These read what is installed (``importlib.metadata``), so they hold in the source job (pip
builds a wheel from the checkout) and in CI's wheel job, where the repaired manylinux wheel is
installed into a fresh environment with no compiler on the PATH (``.ci/run``)."""

from __future__ import annotations

import importlib.metadata
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import lowball

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ("_core", "_deck", "_odds", "_hand", "state", "pots")  # state and pots: lowball/engine/
STUBS = ("_core.pyi", "_deck.pyi", "_odds.pyi", "_hand.pyi")


def _files() -> list[str]:
    files = importlib.metadata.files("lowball-poker") or []
    return [str(f) for f in files if str(f).startswith("lowball/")]


def test_the_installed_package_is_not_the_source_tree() -> None:
    assert not Path(lowball.__file__).resolve().is_relative_to(ROOT / "src")


def test_the_wheel_ships_compiled_modules_stubs_and_py_typed_only() -> None:
    files = _files()
    names = {Path(f).name for f in files}
    for module in COMPILED:
        assert sum(Path(f).name.startswith(f"{module}.") and f.endswith((".so", ".pyd")) for f in files) == 1, module
    assert set(STUBS) | {"py.typed", "state.py", "pots.py", "odds.py"} <= names
    assert not [f for f in files if f.endswith((".pyx", ".pxd", ".c", ".h"))]


def test_the_wheel_ships_the_wire_formats_json_schemas() -> None:
    """lowball/schemas/ holds one schema a form of lowball.wire (issue 29), each the generator's."""
    from lowball import wire

    shipped = sorted(Path(f).name for f in _files() if f.startswith("lowball/schemas/"))
    assert shipped == sorted(f"{name}.schema.json" for name in wire.schema_names())
    assert all(wire.schema(name) == doc for name, doc in wire.schemas().items())


def test_one_version_everywhere() -> None:
    version = importlib.metadata.version("lowball-poker")
    assert lowball.__version__ == version
    exe = shutil.which("lowball", path=str(Path(sys.executable).parent))
    assert exe
    out = subprocess.run([exe, "--version"], capture_output=True, text=True, check=True)
    assert out.stdout == f"lowball, version {version}\n"
    # written once: pyproject.toml takes it from __init__.py (scikit-build-core's regex provider)
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in text and "\nversion =" not in text


@pytest.mark.slow
def test_a_user_script_type_checks_strictly() -> None:
    script = ROOT / "tests" / "data" / "typing" / "user_script.py"
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(script)],
        capture_output=True,
        text=True,
        cwd=script.parent,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=script.parent)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0].startswith("True 7-5-4-3-2: number one (the wheel)")
