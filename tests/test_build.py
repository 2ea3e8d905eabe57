"""The build's own checks: generated tables are current, the C core passes its tests under
AddressSanitizer and UBSan, the package type-checks with mypy --strict, the wheel is clean."""

from __future__ import annotations

import ast
import os
import re
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
    assert size < 400_000  # source text; the tables themselves are about 113 KB (2-7 38, A-5 15, badugi 57)


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
    """Calls go down (DESIGN.md, the rules of the house): the library modules import neither click nor the
    command's rendering (lowball.cli) nor the reference server built on them (lowball.server)."""
    code = (
        "import sys, lowball, lowball.engine, lowball.phh, lowball.bots, lowball.simulate, "
        "lowball.table, lowball.variants, lowball.deck, lowball.saving\n"
        "bad = sorted(m for m in sys.modules if m == 'click' or m.startswith(\n"
        "    ('click.', 'lowball.cli', 'lowball.server')))\n"
        "print(' '.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT / "tests")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


# ---- the house: one way down, no circle (issue 28) -------------------------------------------------
# The command (lowball/cli/, with its entry points _command.py and __main__.py) is the top floor:
# the library and the server (lowball/server/) never import it, nor click, which lives there only.
# No two of lowball's modules import each other, round any loop. Read from the source with ast,
# every import counted: at the top, inside functions (an import made when a function runs), and
# under TYPE_CHECKING.

PACKAGE = ROOT / "src" / "lowball"
COMMAND = ("lowball.cli", "lowball._command", "lowball.__main__")
_PYX_IMPORT = re.compile(r"^\s*(?:from\s+(lowball[\w.]*)\s+import\s+([\w, ()]+)|import\s+(lowball[\w.]*))", re.M)


def _module_files() -> dict[str, Path]:
    """Every Python module of the package (.py and the Cython .pyx), by its dotted name."""
    files = {}
    for path in sorted(PACKAGE.rglob("*.py")) + sorted(PACKAGE.rglob("*.pyx")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return files


def _imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """The names of lowball's modules that the module at ``path`` imports, anywhere in its code
    (``from lowball.engine import saving`` is the module lowball.engine.saving; ``from
    lowball.engine import HandState`` is the package's face, lowball.engine), and of what else it
    imports, the top-level package (``click``)."""
    found: set[str] = set()

    def add(module: str, names: list[str]) -> None:
        if not module.startswith("lowball"):
            found.add(module.partition(".")[0])
            return
        for name in names:
            if f"{module}.{name}" in modules:
                found.add(f"{module}.{name}")
            elif module in modules:
                found.add(module)

    if path.suffix == ".pyx":  # cimports are C declarations (.pxd), not imports
        for m in _PYX_IMPORT.finditer(path.read_text(encoding="utf-8")):
            if m.group(1):
                add(m.group(1), [n.strip(" ()") for n in m.group(2).split(",")])
            else:
                add(m.group(3), [""])
        return found
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            add(node.module, [a.name for a in node.names])
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("lowball"):
                    longest = max((m for m in modules if a.name == m or a.name.startswith(m + ".")), key=len)
                    found.add(longest)
                else:
                    found.add(a.name.partition(".")[0])
    return found


def _import_graph() -> dict[str, set[str]]:
    modules = _module_files()
    return {name: _imports(path, modules) - {name} for name, path in modules.items()}


def test_the_import_graph_reads_the_imports() -> None:
    """The graph the two checks below walk sees what the code imports: a lazy import inside a
    function, a submodule named in ``from lowball.engine import saving``, a binding's import."""
    graph = _import_graph()
    assert "lowball.cli.main" in graph["lowball._command"]  # inside main()
    assert "lowball.server" in graph["lowball.cli.main"]  # inside serve()
    assert "lowball.engine.saving" in graph["lowball.engine.state"]
    assert "lowball.engine" in graph["lowball.table.table"]  # the face, for HandState
    assert "click" in graph["lowball.cli.main"]
    assert "lowball.errors" in graph["lowball._core"]  # a .pyx


def test_neither_the_library_nor_the_server_imports_the_command() -> None:
    bad = {
        (name, imported)
        for name, imports in _import_graph().items()
        if not name.startswith(COMMAND)
        for imported in imports
        if imported == "click" or imported.startswith(COMMAND)
    }
    assert not bad, sorted(bad)


def test_the_library_and_the_server_load_without_the_command() -> None:
    """What the check above reads in the source, here at run time: every module of the installed
    package but the command's and the server's imported, then neither click nor lowball.cli is
    loaded; the server's modules imported too, then lowball.cli is still not (click is, by
    uvicorn, the server's own dependency)."""
    code = (
        "import importlib, pathlib, sys, lowball\n"
        f"skip = {COMMAND!r}\n"
        "top = pathlib.Path(lowball.__file__).parent\n"
        "files = [f for f in top.rglob('*') if f.suffix in ('.py', '.so', '.pyd') and f.name != '__init__.py']\n"
        "dotted = ('.'.join(('lowball', *f.relative_to(top).parent.parts, f.name.split('.')[0])) for f in files)\n"
        "names = [n for n in sorted(set(dotted)) if not n.startswith(skip)]\n"
        "def loaded(prefixes): return sorted(m for m in sys.modules if m.startswith(prefixes))\n"
        "library = [n for n in names if not n.startswith('lowball.server')]\n"
        "for n in library: importlib.import_module(n)\n"
        "print(len(library), loaded(('click', 'lowball.cli', 'lowball.server')))\n"
        "server = [n for n in names if n.startswith('lowball.server')]\n"
        "for n in server: importlib.import_module(n)\n"
        "print(len(server), loaded(('lowball.cli',)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT / "tests")
    assert out.returncode == 0, out.stderr
    (library, bad_library), (server, bad_server) = (line.split(" ", 1) for line in out.stdout.splitlines())
    assert int(library) >= 25 and bad_library == "[]"  # lowball.engine.state, lowball.table.seats, ...
    assert int(server) >= 6 and bad_server == "[]"  # lowball.server.app, .game, .protocol, .routes, ...


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_circles_are_found() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def test_no_two_modules_import_each_other() -> None:
    assert _circles(_import_graph()) == []


# No private name crosses a module (issue 28): a name with a leading underscore is its module's
# own; what two modules share is public (documented) or lives in one of them. A private module
# (``from lowball import _hand``, a compiled core) is the package's own and may be imported.


def _private_imports_in(name: str, path: Path, text: str, modules: dict[str, Path]) -> list[str]:
    """The private names that the module ``name`` (its file ``path``, source ``text``) imports
    from another of lowball's modules: ``from lowball.x import _y`` or ``from .x import _y``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    if path.suffix == ".pyx":
        imports = [
            (m.group(1), [n.strip(" ()") for n in m.group(2).split(",")])
            for m in _PYX_IMPORT.finditer(text)
            if m.group(1)
        ]
    else:
        imports = []
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + 1]
                    module = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    module = node.module or ""
                imports.append((module, [a.name for a in node.names]))
    for module, names in imports:
        if module != "lowball" and not module.startswith("lowball."):
            continue
        for imported in names:
            private = imported.startswith("_") and not imported.startswith("__")
            if private and f"{module}.{imported}" not in modules and module != name:
                found.append(f"{name}: from {module} import {imported}")
    return found


def _private_imports() -> list[str]:
    modules = _module_files()
    return [
        found
        for name, path in modules.items()
        for found in _private_imports_in(name, path, path.read_text(encoding="utf-8"), modules)
    ]


def test_private_imports_are_found() -> None:
    modules = _module_files()
    table = PACKAGE / "table" / "table.py"
    code = (
        "from lowball.store import _dumps, Store\n"
        "from .records import _frozen\n"
        "from . import seats\n"
        "from lowball import _hand, __version__\n"
        "def f():\n    from lowball.errors import _long_bits\n"
    )
    assert _private_imports_in("lowball.table.table", table, code, modules) == [
        "lowball.table.table: from lowball.store import _dumps",
        "lowball.table.table: from lowball.table.records import _frozen",
        "lowball.table.table: from lowball.errors import _long_bits",
    ]
    pyx = PACKAGE / "_core.pyx"
    assert _private_imports_in("lowball._core", pyx, "from lowball.errors import shown, _x\n", modules) == [
        "lowball._core: from lowball.errors import _x"
    ]


def test_no_private_name_crosses_a_module() -> None:
    assert _private_imports() == []


# ---- the C core is portable C99 (issue 17) --------------------------------------------------------
# Every csrc/ file compiles without a warning as strict C99 with gcc and with clang (zig's, a test
# dependency: `python -m ziglang cc`), for each platform a wheel is built for; the C tests also run
# on a 32-bit target, where long and size_t are 32 bits (long is 32 bits on 64-bit Windows too).
# MSVC itself cannot run here: these are the checks that stand in for it.

CSRC = ROOT / "csrc"
C_SOURCES = sorted(CSRC.glob("*.c")) + sorted((CSRC / "tests").glob("*.c"))
C_CORE = sorted(CSRC.glob("*.c"))
STRICT_C99 = ["-std=c99", "-pedantic", "-Werror", "-Wall", "-Wextra", "-Wvla"]
# The wheel platforms of the cibuildwheel configuration, as zig targets (the Windows ones with
# MinGW headers: long is 32 bits there as with MSVC).
WHEEL_TARGETS = [
    "x86_64-linux-gnu",
    "aarch64-linux-gnu",
    "x86_64-linux-musl",
    "aarch64-linux-musl",
    "x86_64-macos",
    "aarch64-macos",
    "x86_64-windows-gnu",
    "aarch64-windows-gnu",
    "x86-windows-gnu",
]


def _zig_cc() -> list[str]:
    try:
        import ziglang  # noqa: F401
    except ImportError:
        pytest.fail("ziglang (clang) is a test dependency: pip install '.[test]'")
    return [sys.executable, "-m", "ziglang", "cc"]


def _gcc() -> list[str]:
    gcc = shutil.which("gcc")
    assert gcc, "gcc is needed by this needs_compiler test (the source job has it)"
    return [gcc]


def _compile_each(cc: list[str], flags: list[str], sources: list[Path], out: Path) -> dict[str, str]:
    """Compile every source on its own (-c); what each compiler said, by file name, for those that
    failed or printed anything."""
    from concurrent.futures import ThreadPoolExecutor

    def one(src: Path) -> tuple[str, int, str]:
        obj = out / f"{src.parent.name}_{src.stem}.o"
        run = subprocess.run(
            [*cc, *flags, "-I", str(CSRC), "-c", str(src), "-o", str(obj)], capture_output=True, text=True
        )
        return src.name, run.returncode, run.stdout + run.stderr

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(one, sources))
    assert len(results) == len(sources)
    return {name: f"exit {rc}: {text}" for name, rc, text in results if rc != 0 or text.strip()}


def test_c_sources_cover_the_core_and_its_tests() -> None:
    """The strict builds below see every C file: the nine of the core, the self-check, the six
    test programs and the strategy's timing."""
    names = [p.relative_to(CSRC).as_posix() for p in C_SOURCES]
    assert names == [
        "cards.c",
        "deck.c",
        "eval27.c",
        "eval_a5.c",
        "eval_badugi.c",
        "hand.c",
        "odds.c",
        "status.c",
        "tables.c",
        "tests/selfcheck.c",
        "tests/test_deck.c",
        "tests/test_eval27.c",
        "tests/test_evallow.c",
        "tests/test_hand.c",
        "tests/test_odds.c",
        "tests/test_strategy_plan.c",
        "tests/time_strategy.c",
    ]


def test_c_sources_are_plain_ascii() -> None:
    """MSVC reads a source in the system's code page unless told otherwise: plain ASCII with LF
    line ends reads the same everywhere."""
    files = sorted(CSRC.glob("*.[ch]")) + sorted((CSRC / "tests").glob("*.[ch]"))
    assert len(files) == 29
    bad = {}
    for path in files:
        data = path.read_bytes()
        if any(b > 0x7F for b in data) or b"\r" in data:
            bad[path.name] = sorted({i for i, b in enumerate(data) if b > 0x7F or b == 0x0D})[:5]
    assert bad == {}


@pytest.mark.needs_compiler
@pytest.mark.parametrize("compiler", ["gcc", "clang"])
def test_c_core_is_strict_c99(compiler: str, tmp_path: Path) -> None:
    """`-std=c99 -pedantic -Werror -Wall -Wextra -Wvla`: no extension, no variable-length array
    (MSVC has none), no warning, for every file of csrc/ and csrc/tests/."""
    cc = _gcc() if compiler == "gcc" else _zig_cc()
    assert _compile_each(cc, STRICT_C99, C_SOURCES, tmp_path) == {}
    assert len(list(tmp_path.glob("*.o"))) == len(C_SOURCES)


@pytest.mark.needs_compiler
@pytest.mark.parametrize("target", WHEEL_TARGETS)
def test_c_core_compiles_for_every_wheel_platform(target: str, tmp_path: Path) -> None:
    """The same strict flags with each platform's own headers and data model (LP64, LLP64 on
    Windows, ILP32 on 32-bit Windows)."""
    flags = ["-target", target, *STRICT_C99]
    assert _compile_each(_zig_cc(), flags, C_SOURCES, tmp_path) == {}
    assert len(list(tmp_path.glob("*.o"))) == len(C_SOURCES)


@pytest.mark.slow
@pytest.mark.needs_compiler
def test_c_tests_pass_on_a_32_bit_target(tmp_path: Path) -> None:
    """The C test programs, built for 32-bit x86 Linux (static musl: it runs on an x86-64 Linux
    kernel) where long and size_t are 32 bits, with zig's default UBSan traps (a signed overflow
    stops the program). The first run on a machine builds zig's musl once (about a minute)."""
    import platform

    assert sys.platform == "linux" and platform.machine() in ("x86_64", "AMD64"), (
        "this test runs 32-bit x86 programs: it needs an x86-64 Linux host (the source job)"
    )
    for name in ("test_deck", "test_eval27", "test_odds"):
        exe = tmp_path / name
        sources = [*C_CORE, CSRC / "tests" / "selfcheck.c", CSRC / "tests" / f"{name}.c"]
        build = subprocess.run(
            [*_zig_cc(), "-target", "x86-linux-musl", "-std=c99", "-I", str(CSRC), *map(str, sources), "-o", str(exe)],
            capture_output=True,
            text=True,
        )
        assert build.returncode == 0, build.stdout + build.stderr
        assert exe.read_bytes()[:5] == b"\x7fELF\x01"  # ELFCLASS32
        run = subprocess.run([str(exe)], capture_output=True, text=True, cwd=tmp_path)
        assert run.returncode == 0, f"{name}: {run.stdout}{run.stderr}"
        assert run.stdout.splitlines()[-1] == "all checks passed", run.stdout


@pytest.mark.needs_compiler
@pytest.mark.parametrize(("msc_ver", "spelled"), [(None, "inline"), ("1800", "__inline"), ("1900", "inline")])
def test_compat_spells_inline_for_old_msvc(msc_ver: str | None, spelled: str, tmp_path: Path) -> None:
    """csrc/compat.h: MSVC before Visual Studio 2015 (_MSC_VER 1900) has no `inline` in C, so it
    becomes __inline there; every other compiler keeps the keyword."""
    src = tmp_path / "use.c"
    src.write_text('#include "compat.h"\nstatic inline int one(void) { return 1; }\n')
    define = [f"-D_MSC_VER={msc_ver}"] if msc_ver else []
    out = subprocess.run(
        [*_gcc(), "-E", "-P", "-I", str(CSRC), *define, str(src)], capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["static", spelled, "int", "one(void)", "{", "return", "1;", "}"]
