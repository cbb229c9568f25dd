"""``quality``: precision/recall/F1 of the generic extraction on a truth-annotated corpus."""
from __future__ import annotations

from pathlib import Path

from productscraper.config import ROOT

DEFAULT_DOCS = ROOT / "docs" / "quality.md"


def register(sub) -> None:
    p = sub.add_parser("quality", help="score the page objects on a saved, annotated corpus")
    p.add_argument("directory", help="corpus folder holding truth.jsonl and the pages")
    p.add_argument("--split", choices=("dev", "heldout", "all"), default="all",
                   help="which part (fixed by the hash of each shop's registrable domain); "
                        "'all' reports dev and held-out side by side")
    p.add_argument("--write-docs", nargs="?", const=str(DEFAULT_DOCS), default=None,
                   metavar="FILE", help="update the table in docs/quality.md (or FILE)")
    p.add_argument("--repeat", type=int, default=3, metavar="N",
                   help="extract each page N times and report its least CPU time (default 3; "
                        "other processes on the machine only ever add time)")
    p.add_argument("--quiet", action="store_true", help="do not list the wrong pages")
    p.set_defaults(func=cmd_quality)


def cmd_quality(args) -> int:
    from productscraper.quality.corpus import DEV, HELDOUT, load_corpus
    from productscraper.quality.report import markdown_table, write_docs, wrong_pages_text
    from productscraper.quality.runner import run_quality

    splits = (HELDOUT, DEV) if args.split == "all" else (args.split,)
    runs = [run_quality(load_corpus(args.directory, split), split, args.repeat) for split in splits]
    table = markdown_table(runs)
    if not args.quiet:
        for run in runs:
            print(wrong_pages_text(run))
            print()
    print(table)
    if args.write_docs:
        write_docs(Path(args.write_docs), table)
        print(f"\nwrote {args.write_docs}")
    return 0
