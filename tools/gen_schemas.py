"""Write the JSON Schemas of lowball's wire format into ``src/lowball/schemas/`` (issue 29).

Run: python tools/gen_schemas.py [--check]

Every schema comes from the one definition of its form in :mod:`lowball.wire` (msgspec's
JSON Schema of the struct, draft 2020-12, with its ``$defs``), one file a form:
``<name>.schema.json``, indented, keys in the order the forms give them, a newline at the end.
``--check`` writes nothing and exits 1 when a file differs from what would be written (or one
is missing or left over): ``tests/test_wire.py`` runs it, so the shipped files are always the
forms' own. Run it against the installed package (``pip install .`` first): it imports
``lowball.wire``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "lowball" / "schemas"


def texts() -> dict[str, str]:
    """Each file's name and the text it must hold."""
    from lowball import wire

    return {
        f"{name}.schema.json": json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
        for name, doc in wire.schemas().items()
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file differs")
    p.add_argument("--out", type=Path, default=OUT, help="the folder of the schemas")
    args = p.parse_args(argv)
    want = texts()
    have = {f.name: f.read_text(encoding="utf-8") for f in args.out.glob("*.schema.json")} if args.out.is_dir() else {}
    differ = sorted(n for n in want.keys() | have.keys() if want.get(n) != have.get(n))
    if args.check:
        for name in differ:
            print(f"{args.out / name}: differs from lowball.wire's form (run tools/gen_schemas.py)", file=sys.stderr)
        return 1 if differ else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name in differ:
        if name in want:
            (args.out / name).write_text(want[name], encoding="utf-8", newline="\n")
        else:
            (args.out / name).unlink()
        print(f"wrote {args.out / name}" if name in want else f"removed {args.out / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
