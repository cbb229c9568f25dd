"""Re-create the real-shop corpus extension from fetched GitHub snapshots.

Usage: ``fetch`` each repo named in bench/realshops_extra.jsonl (it lands in /work/.mirror/owner+name/repo), then
``python -m bench.realshops_extra [--corpus ../shared/corpus/realshops] [--mirrors /work/.mirror]`` from /work/main.
Pages already in truth.jsonl are skipped, missing repos are listed, a page whose sha256 differs is refused.

Each row of realshops_extra.jsonl holds every truth field plus ``source_repo``/``source_commit``/``source_path`` and
``sha256`` of the page bytes; the page is taken with ``git --git-dir=D show COMMIT:PATH``, checked, written to
``pages/<id>.html`` and its row (without ``sha256``) appended to truth.jsonl. Nothing else is changed. Stdlib only.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXTRA = HERE / "realshops_extra.jsonl"
CORPUS = HERE.parent.parent / "shared" / "corpus" / "realshops"
MIRROR_ONLY = ("sha256",)  # fields the corpus truth format does not have


def git_dir(mirrors: Path, repo: str) -> Path | None:
    """The git directory of a fetched snapshot: mirrors/owner+name/repo (or .../repo/.git, or owner+name itself)."""
    base = mirrors / repo.replace("/", "+")
    for cand in (base / "repo", base / "repo" / ".git", base, base / ".git"):
        if (cand / "HEAD").is_file() and (cand / "objects").is_dir():
            return cand
    return None


def git_show(gdir: Path, commit: str, path: str) -> bytes:
    proc = subprocess.run(["git", f"--git-dir={gdir}", "show", f"{commit}:{path}"],
                          capture_output=True, check=False)
    if proc.returncode:
        raise RuntimeError(proc.stderr.decode("utf-8", "replace").strip() or "git show failed")
    return proc.stdout


def known_ids(truth: Path) -> set[str]:
    if not truth.exists():
        return set()
    return {json.loads(line)["id"] for line in truth.read_text(encoding="utf-8").splitlines() if line.strip()}


def run(extra: Path, corpus: Path, mirrors: Path, out=sys.stdout) -> int:
    """Add the missing pages; returns 0, or 1 when a page was refused or could not be read."""
    rows = [json.loads(line) for line in extra.read_text(encoding="utf-8").splitlines() if line.strip()]
    truth = corpus / "truth.jsonl"
    have = known_ids(truth)
    added, missing, failed = [], {}, []
    for row in rows:
        if row["id"] in have:
            continue
        gdir = git_dir(mirrors, row["source_repo"])
        if gdir is None:
            missing.setdefault(row["source_repo"], []).append(row["id"])
            continue
        try:
            data = git_show(gdir, row["source_commit"], row["source_path"])
        except RuntimeError as exc:
            failed.append(f"{row['id']}: cannot read {row['source_repo']}@{row['source_commit'][:10]}:"
                          f"{row['source_path']} ({exc})")
            continue
        digest = hashlib.sha256(data).hexdigest()
        if digest != row["sha256"]:
            failed.append(f"{row['id']}: sha256 mismatch, refused (expected {row['sha256']}, got {digest} from "
                          f"{row['source_repo']}@{row['source_commit'][:10]}:{row['source_path']})")
            continue
        page = corpus / row["file"]
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_bytes(data)
        truth_row = {k: v for k, v in row.items() if k not in MIRROR_ONLY}
        with truth.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(truth_row, ensure_ascii=False) + "\n")
        have.add(row["id"])
        added.append(row["id"])
    for repo, ids in sorted(missing.items()):
        print(f"missing snapshot: {repo} (fetch github:{repo} first) - {len(ids)} page(s): {', '.join(ids)}",
              file=out)
    for msg in failed:
        print(f"ERROR {msg}", file=out)
    print(f"added {len(added)} page(s)" + (f": {', '.join(added)}" if added else "")
          + f"; {len(rows) - len(added) - sum(map(len, missing.values())) - len(failed)} already present",
          file=out)
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS, help="the realshops folder (truth.jsonl, pages/)")
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"), help="folder of owner+name snapshots")
    ap.add_argument("--extra", type=Path, default=EXTRA, help="the rows to add (default: next to this script)")
    args = ap.parse_args(argv)
    return run(args.extra, args.corpus, args.mirrors)


if __name__ == "__main__":
    sys.exit(main())
