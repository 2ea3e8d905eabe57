"""The pages of the documentation as the tests read them: README.md (the front page), then every
page of the site (docs/*.md) in the order of its tables of contents (docs/index.md's, then a
page's own, as Sphinx reads them), each page's ``{include}`` directives replaced by the file they
include (RULES.md, DESIGN.md, CONTRIBUTING.md, CHANGELOG.md, the README in docs/index.md)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

FENCE = re.compile(r"^(`{3,})(.*)$")


def fenced_blocks(text: str) -> list[tuple[str, str]]:
    """(info, body) of every fenced block of a Markdown page, in order: ``info`` is what follows
    the opening backticks (``python``, ``console``, ``{include} ../RULES.md``), ``body`` the
    lines up to the closing fence (one of at least as many backticks), each with its newline."""
    blocks = []
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i].rstrip("\n"))
        if not m:
            i += 1
            continue
        fence, info = m.group(1), m.group(2).strip()
        body = []
        i += 1
        while i < len(lines) and not re.fullmatch(re.escape(fence) + r"`*\s*", lines[i].rstrip("\n")):
            body.append(lines[i])
            i += 1
        if i == len(lines):
            raise AssertionError(f"a fence {fence}{info} is never closed")
        blocks.append((info, "".join(body)))
        i += 1
    return blocks


def directive(info: str) -> str | None:
    """The name of a MyST directive block (``include`` for ``{include} ../RULES.md``), else None."""
    m = re.match(r"\{([\w:-]+)\}", info)
    return m.group(1) if m else None


def expanded(path: Path) -> str:
    """The page's text with each ``{include}`` block replaced by the text of the file it names
    (a path relative to the page), as Sphinx renders it."""
    text = path.read_text(encoding="utf-8")

    def include(m: re.Match[str]) -> str:
        target = (path.parent / m.group(1)).resolve()
        return expanded(target)

    return re.sub(r"^```\{include\} (\S+)\n(?::[^\n]*\n)*```\n", include, text, flags=re.M)


def toctree(path: Path) -> list[Path]:
    """The pages a page's ``{toctree}`` blocks list, in order (each a docs/ path)."""
    pages = []
    for info, body in fenced_blocks(path.read_text(encoding="utf-8")):
        if directive(info) == "toctree":
            for line in body.splitlines():
                if line.strip() and not line.startswith(":"):
                    pages.append(path.parent / f"{line.strip()}.md")
    return pages


def site_pages() -> list[Path]:
    """Every page of the site in reading order: docs/index.md, then what its tables of contents
    list, each page followed by the pages of its own tables of contents."""
    order: list[Path] = []

    def visit(page: Path) -> None:
        order.append(page)
        for sub in toctree(page):
            visit(sub)

    visit(DOCS / "index.md")
    return order


def markdown_files() -> list[Path]:
    """Every Markdown file of docs/ (its folders included, the build's output left out)."""
    return sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.relative_to(DOCS).parts)


def name(path: Path) -> str:
    """A page's name as the tests' ids show it: its path from the repository's root."""
    return path.relative_to(ROOT).as_posix()


#: Every page, README.md first, as {name: text with the includes in place}. docs/index.md,
#: which includes README.md, is left out: its examples are the README's.
PAGES: dict[str, str] = {name(ROOT / "README.md"): (ROOT / "README.md").read_text(encoding="utf-8")}
PAGES.update({name(p): expanded(p) for p in site_pages() if p != DOCS / "index.md"})

#: Every page's text, one after the other, in the order of PAGES.
ALL_TEXT = "\n".join(PAGES.values())

README = PAGES["README.md"]
