"""The release configuration: the [tool.cibuildwheel] table of pyproject.toml and
.github/workflows/release.yml (issue 17).

Neither can run here (CI builds and checks the Linux x86_64 manylinux wheel only), so these tests
read them and check what they would do: which wheels cibuildwheel selects (its `build`, `skip` and
`archs` applied, as its options page describes, to every identifier it knows for CPython and PyPy
3.9-3.14), how each wheel is tested (the `overrides` resolved the way cibuildwheel resolves them:
every matching override in order, a later one replacing an earlier value), and that the
workflow's runners build exactly those architectures and publish only on a tag.
"""

from __future__ import annotations

import ast
import fnmatch
import functools
import importlib.metadata
import re
import shlex
import sys
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

if sys.version_info >= (3, 11):
    import tomllib
else:  # the wheels are tested on 3.10 too; tomli is a dependency there
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"

with open(ROOT / "pyproject.toml", "rb") as f:
    PYPROJECT = tomllib.load(f)
CIBW = PYPROJECT["tool"]["cibuildwheel"]
TEST_EXTRA = PYPROJECT["project"]["optional-dependencies"]["test"]

with open(ROOT / ".github" / "workflows" / "release.yml", encoding="utf-8") as f:
    WORKFLOW = yaml.safe_load(f)
# YAML 1.1, which PyYAML reads, takes the bare key `on` for the boolean true.
TRIGGERS = WORKFLOW[True]

# What issue 17 asks for: CPython 3.10-3.13 on each of these platforms and architectures.
PYTHONS = ["cp310", "cp311", "cp312", "cp313"]
WANTED_PLATFORMS = {
    "linux": ["manylinux_x86_64", "manylinux_aarch64", "musllinux_x86_64", "musllinux_aarch64"],
    "macos": ["macosx_x86_64", "macosx_arm64"],
    "windows": ["win_amd64"],
}
# cibuildwheel's `archs` values and the platform tags of their build identifiers.
ARCH_TAGS = {
    "linux": {
        "x86_64": ["manylinux_x86_64", "musllinux_x86_64"],
        "i686": ["manylinux_i686", "musllinux_i686"],
        "aarch64": ["manylinux_aarch64", "musllinux_aarch64"],
        "ppc64le": ["manylinux_ppc64le", "musllinux_ppc64le"],
        "s390x": ["manylinux_s390x", "musllinux_s390x"],
        "armv7l": ["manylinux_armv7l", "musllinux_armv7l"],
    },
    "macos": {"x86_64": ["macosx_x86_64"], "arm64": ["macosx_arm64"], "universal2": ["macosx_universal2"]},
    "windows": {"AMD64": ["win_amd64"], "x86": ["win32"], "ARM64": ["win_arm64"]},
}
# The build identifiers cibuildwheel knows (its options page, "build, skip"): CPython 3.9-3.14,
# free-threaded 3.13t-3.14t, PyPy 3.9-3.11.
INTERPRETERS = ["cp39", "cp310", "cp311", "cp312", "cp313", "cp314", "cp313t", "cp314t", "pp39", "pp310", "pp311"]

# Test dependencies that cannot be installed for some wheels, the wheels (a cibuildwheel
# selector) and why; the import name of each.
UNINSTALLABLE = {
    "pokerkit": ("cp310-*", "every pokerkit release requires Python 3.11"),
    "poker-equity": ("*-musllinux_*", "poker-equity 0.1.1 has no musllinux wheel; its sdist needs Rust"),
}
IMPORT_NAMES = {"pokerkit": "pokerkit", "poker-equity": "poker_equity"}

# cibuildwheel's defaults (its resources/defaults.toml) for the options this table may leave out.
CIBW_DEFAULTS = {"test-extras": [], "test-requires": [], "test-command": ""}

BASE_TEST_COMMAND = ["pytest", "{project}/tests", "-m", "not needs_compiler"]


def matches(selector: str | list[str], identifier: str) -> bool:
    """cibuildwheel's selector match: fnmatch against any of the space-separated patterns."""
    patterns = selector.split() if isinstance(selector, str) else selector
    assert not any("{" in p for p in patterns), "brace patterns are not expanded by this test"
    return any(fnmatch.fnmatchcase(identifier, p) for p in patterns)


def selected(platform: str) -> list[str]:
    tags = [tag for arch in CIBW[platform]["archs"] for tag in ARCH_TAGS[platform][arch]]
    return sorted(
        f"{python}-{tag}"
        for python in INTERPRETERS
        for tag in tags
        if matches(CIBW["build"], f"{python}-{tag}") and not matches(CIBW["skip"], f"{python}-{tag}")
    )


def wanted(platform: str) -> list[str]:
    return sorted(f"{python}-{tag}" for python in PYTHONS for tag in WANTED_PLATFORMS[platform])


def resolved(identifier: str, option: str) -> object:
    """The value of a test option for one build: the global value (cibuildwheel's default when
    the table has none), replaced by each matching override in turn (no override of this table
    uses `inherit`)."""
    value = CIBW.get(option, CIBW_DEFAULTS[option])
    for override in CIBW.get("overrides", []):
        assert "inherit" not in override
        if matches(override["select"], identifier) and option in override:
            value = override[option]
    return value


@functools.cache
def modules_importing(module: str) -> list[str]:
    """The test modules that import `module` (anywhere in the file), by path from tests/
    (``engine/test_engine_pokerkit.py``)."""
    found = []
    for path in sorted(TESTS.rglob("*.py"), key=lambda p: p.relative_to(TESTS).as_posix()):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            if any(name == module or name.startswith(module + ".") for name in names):
                found.append(path.relative_to(TESTS).as_posix())
                break
    return found


ALL_WHEELS = wanted("linux") + wanted("macos") + wanted("windows")


@pytest.mark.parametrize("platform", ["linux", "macos", "windows"])
def test_selection_is_cpython_310_to_313_on_the_wanted_platforms(platform):
    assert selected(platform) == wanted(platform)


def test_selection_counts():
    # 4 Pythons x (4 Linux + 2 macOS + 1 Windows) platform tags.
    assert [len(selected(p)) for p in ("linux", "macos", "windows")] == [16, 8, 4]
    assert len(ALL_WHEELS) == 28


def test_no_free_threaded_pypy_or_32_bit_build_even_if_build_widens():
    # `skip` alone keeps them out: with `build = "*"` nothing of theirs is selected.
    for python in INTERPRETERS:
        for tag in ("manylinux_x86_64", "win32", "manylinux_i686", "musllinux_i686", "macosx_arm64"):
            identifier = f"{python}-{tag}"
            unwanted = python.endswith("t") or python.startswith("pp") or tag == "win32" or "i686" in tag
            assert matches(CIBW["skip"], identifier) == unwanted, identifier


def test_archs_per_platform():
    assert CIBW["linux"]["archs"] == ["x86_64", "aarch64"]
    assert CIBW["macos"]["archs"] == ["x86_64", "arm64"]
    assert CIBW["windows"]["archs"] == ["AMD64"]


def test_images_and_macos_deployment_target():
    assert CIBW["manylinux-x86_64-image"] == CIBW["manylinux-aarch64-image"] == "manylinux_2_28"
    assert CIBW["musllinux-x86_64-image"] == CIBW["musllinux-aarch64-image"] == "musllinux_1_2"
    assert CIBW["macos"]["environment"] == {"MACOSX_DEPLOYMENT_TARGET": "10.13"}


def test_global_test_command_runs_the_suite_without_compiler_tests():
    assert CIBW["test-extras"] == ["test"]
    assert shlex.split(CIBW["test-command"]) == BASE_TEST_COMMAND


def test_uninstallable_dependencies_are_real():
    # pokerkit's own metadata refuses Python 3.10; where it is not installed, this is 3.10 (the
    # cp310 wheels are tested without it, and no other).
    try:
        requires = importlib.metadata.metadata("pokerkit")["Requires-Python"]
    except importlib.metadata.PackageNotFoundError:
        assert sys.version_info[:2] == (3, 10)
    else:
        assert not SpecifierSet(requires).contains("3.10.0")
    # Both are in the test extra, so a wheel installed with [test] would fail without the overrides.
    names = [Requirement(r).name for r in TEST_EXTRA]
    assert "pokerkit" in names and "poker-equity" in names


def test_modules_importing_the_uninstallable_dependencies():
    assert modules_importing("pokerkit") == [
        "engine/test_engine_badugi_pokerkit.py",
        "engine/test_engine_pokerkit.py",
        "test_phh_grammar.py",
        "test_phh_pokerkit.py",
        "test_rankings_pokerkit.py",
    ]
    assert modules_importing("poker_equity") == ["test_odds_peer.py"]


@pytest.mark.parametrize("identifier", ALL_WHEELS)
def test_each_wheel_is_tested_with_everything_it_can_install(identifier):
    missing = [name for name, (selector, _why) in UNINSTALLABLE.items() if matches(selector, identifier)]
    extras = resolved(identifier, "test-extras")
    requires = resolved(identifier, "test-requires")
    command = shlex.split(resolved(identifier, "test-command"))
    if not missing:
        assert (extras, requires, command) == (["test"], [], BASE_TEST_COMMAND)
        return
    # The test extra less exactly the missing packages, in its order and with its versions.
    assert extras == []
    assert requires == [r for r in TEST_EXTRA if Requirement(r).name not in missing]
    ignored = sorted(name for package in missing for name in modules_importing(IMPORT_NAMES[package]))
    assert command[:4] == BASE_TEST_COMMAND
    assert sorted(command[4:]) == [f"--ignore={{project}}/tests/{name}" for name in ignored]


def test_overrides_cover_the_documented_cases():
    # cp310 elsewhere than musl (2 manylinux, 2 macOS, 1 Windows), musl on 3.11-3.13 (3 x 2
    # archs), and both at once (2): 13 of the 28 wheels leave something out.
    reduced = [w for w in ALL_WHEELS if resolved(w, "test-extras") == []]
    assert len([w for w in reduced if w.startswith("cp310-") and "musllinux" not in w]) == 5
    assert len([w for w in reduced if "musllinux" in w and not w.startswith("cp310-")]) == 6
    assert len([w for w in reduced if w.startswith("cp310-musllinux")]) == 2
    assert len(reduced) == 13


# The workflow.

RUNNER_PLATFORM = {"ubuntu": "linux", "macos": "macos", "windows": "windows"}


def test_workflow_triggers():
    assert TRIGGERS["push"] == {"tags": ["v*"]}
    assert "workflow_dispatch" in TRIGGERS
    assert set(TRIGGERS) == {"push", "workflow_dispatch"}


def test_workflow_jobs():
    assert set(WORKFLOW["jobs"]) == {"wheels", "sdist", "publish"}
    assert WORKFLOW["permissions"] == {"contents": "read"}


def test_each_runner_builds_its_own_archs_and_together_they_build_every_target():
    include = WORKFLOW["jobs"]["wheels"]["strategy"]["matrix"]["include"]
    assert [(job["runs-on"], job["archs"]) for job in include] == [
        ("ubuntu-latest", "x86_64"),
        ("ubuntu-24.04-arm", "aarch64"),
        ("macos-15-intel", "x86_64"),
        ("macos-15", "arm64"),
        ("windows-latest", "AMD64"),
    ]
    built = {}
    for job in include:
        platform = RUNNER_PLATFORM[job["runs-on"].split("-")[0]]
        built.setdefault(platform, []).append(job["archs"])
    assert built == {p: CIBW[p]["archs"] for p in ("linux", "macos", "windows")}


def test_wheels_job_runs_cibuildwheel_with_the_matrix_archs_and_uploads():
    steps = WORKFLOW["jobs"]["wheels"]["steps"]
    cibw = [s for s in steps if s.get("uses", "").startswith("pypa/cibuildwheel@")]
    assert len(cibw) == 1
    assert re.fullmatch(r"pypa/cibuildwheel@v4\.2\.0", cibw[0]["uses"])
    assert cibw[0]["env"] == {"CIBW_ARCHS": "${{ matrix.archs }}"}
    upload = [s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@")]
    assert [u["with"]["path"] for u in upload] == ["./wheelhouse/*.whl"]
    assert upload[0]["with"]["name"].startswith("cibw-wheels-")


def test_sdist_job():
    steps = WORKFLOW["jobs"]["sdist"]["steps"]
    runs = [s["run"] for s in steps if "run" in s]
    assert "pipx run build --sdist" in runs
    upload = [s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@")]
    assert [(u["with"]["name"], u["with"]["path"]) for u in upload] == [("cibw-sdist", "dist/*.tar.gz")]


def test_publish_job_uses_trusted_publishing_on_tags_only():
    job = WORKFLOW["jobs"]["publish"]
    assert job["needs"] == ["wheels", "sdist"]
    assert job["if"] == "github.event_name == 'push' && startsWith(github.ref, 'refs/tags/v')"
    assert job["permissions"] == {"id-token": "write"}
    assert job["environment"]["name"] == "pypi"
    download, publish = job["steps"]
    assert download["uses"].startswith("actions/download-artifact@")
    assert download["with"] == {"pattern": "cibw-*", "path": "dist", "merge-multiple": True}
    assert publish == {"uses": "pypa/gh-action-pypi-publish@release/v1"}
    # No other job may mint an OIDC token.
    for name in ("wheels", "sdist"):
        assert "permissions" not in WORKFLOW["jobs"][name]


def test_readme_installing_says_what_the_configuration_builds():
    # the README's Installing section is the site's page docs/install.md (its first part: the wheels)
    page = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    headings = re.findall(r"^#+ (.+)$", page, flags=re.M)
    assert headings[:3] == ["Installing", "A wheel: no compiler needed", "Building from source"]
    section = page.split("\n## Building from source\n", 1)[0]
    flat = " ".join(section.split())
    versions = ", ".join(f"3.{p[3:]}" for p in PYTHONS[:-1]) + f" and 3.{PYTHONS[-1][3:]}"
    assert f"wheels for CPython {versions} on:" in flat
    assert f"built on {CIBW['manylinux-x86_64-image']}:" in flat
    assert f"({CIBW['musllinux-x86_64-image']} wheels:" in flat
    assert f"macOS {CIBW['macos']['environment']['MACOSX_DEPLOYMENT_TARGET']} or newer on Intel" in flat
    assert "```bash\npip install lowball-poker\n```" in section
    assert ".github/workflows/release.yml" in flat and "Linux x86_64 manylinux wheel only" in flat


def test_a_source_install_on_python_3_10_leaves_pokerkit_out_and_does_not_collect_its_modules():
    # `pip install '.[test]'` on 3.10 must work (the README says 3.10 or newer): pokerkit's
    # requirement carries a marker that 3.10 does not meet, and the modules that import it are
    # the ones tests/conftest.py leaves out there.
    import conftest

    for extra in ("test", "bench"):
        (line,) = [r for r in PYPROJECT["project"]["optional-dependencies"][extra] if r.startswith("pokerkit")]
        marker = Requirement(line).marker
        assert marker is not None
        assert not marker.evaluate({"python_version": "3.10"})
        assert marker.evaluate({"python_version": "3.11"}) and marker.evaluate({"python_version": "3.13"})
    assert conftest.POKERKIT_MODULES == modules_importing("pokerkit")
    assert conftest.collect_ignore == (conftest.POKERKIT_MODULES if sys.version_info < (3, 11) else [])
