"""Loading a truth-annotated page corpus and splitting it into dev / held-out by domain.

The split is fixed by the registrable domain (publicsuffixlist: ``www.shop.co.uk`` ->
``shop.co.uk``): SHA-256 of it, first 8 hex digits as an integer, even -> dev, odd ->
held-out. All pages of one shop land on the same side, so rules tuned on dev pages cannot
have seen the held-out shops' markup.
"""
from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

DEV, HELDOUT, ALL = "dev", "heldout", "all"
SPLITS = (DEV, HELDOUT, ALL)


@dataclass(frozen=True)
class CorpusPage:
    """One annotated page: its truth row and where its HTML is."""

    id: str
    path: Path
    url: str
    domain: str
    truth: dict[str, Any]

    @property
    def has_schema_org(self) -> bool:
        """The annotation's "has schema.org Product" flag."""
        return bool(self.truth.get("has_schema_org"))


@functools.lru_cache(maxsize=1)
def _psl() -> Any:
    from publicsuffixlist import PublicSuffixList

    return PublicSuffixList()


def registrable_domain(host: str) -> str:
    """``www.shop.co.uk`` -> ``shop.co.uk`` (the host itself when it has no public suffix)."""
    host = (host or "").strip().lower().rstrip(".")
    if host.startswith("www."):
        host = host[4:]
    return _psl().privatesuffix(host) or host


def split_of(domain: str) -> str:
    """``dev`` or ``heldout`` for a shop's host, fixed by the hash of its registrable domain."""
    digest = hashlib.sha256(registrable_domain(domain).encode("utf-8")).hexdigest()
    return HELDOUT if int(digest[:8], 16) % 2 else DEV


def load_corpus(directory: str | Path, split: str = ALL) -> list[CorpusPage]:
    """Pages of ``directory/truth.jsonl`` on the given side of the split, in file order."""
    if split not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS}, not {split!r}")
    root = Path(directory)
    pages = []
    with (root / "truth.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            row = json.loads(line)
            domain = row.get("domain") or urlsplit(row.get("url") or "").hostname or ""
            if split != ALL and split_of(domain) != split:
                continue
            url = row.get("url") or f"https://{domain}/"
            pages.append(CorpusPage(row["id"], root / row["file"], url, domain, row))
    return pages
