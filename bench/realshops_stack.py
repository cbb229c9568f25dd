"""Saved real shop pages through the whole stack: terminal in time, stored as extracted.

    .venv/bin/python -m bench.realshops_stack [--corpus DIR] [--workers 2] [--timeout 300]

Serves ``../shared/corpus/realshops`` (or ``--corpus``) on 127.0.0.1, starts the default
local stack (``stack up``: HTTP workers and, where Chromium is installed, one render worker)
on Redis and nx-27017 servers of its own, ``enqueue``s every page, ``wait``s, and then:

* every page must be terminal within ``--timeout`` seconds;
* no page may be rejected for its currency alone;
* each stored product must equal what the page objects give for the same served page
  (``ProductPage(url, html, generic profile)`` + ``normalise_product``, as ``make quality``
  runs them): processing, validation and storage lose nothing. Pages the workers rendered
  in a browser are compared too but listed apart (their DOM may differ from the saved HTML).

Prints a summary and every mismatch; exits 1 when a check fails (issue 36, acceptance 2).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.corpus_server import CORPUS, serve
from bench.lab import Lab
from bench.measure import Sampler
from productscraper.pages.product import ProductPage
from productscraper.processing.normalise import normalise_product
from productscraper.profiles import GENERIC_PROFILE
from productscraper.quality.metric import FIELDS

ROOT = Path(__file__).resolve().parents[1]
#: Compared besides the quality fields: the offer summary issue 36 added.
EXTRA_FIELDS = ("price_min", "price_max", "list_price")


def cli(env: dict, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """``python -m productscraper ARGS`` with the bench's environment."""
    return subprocess.run([sys.executable, "-m", "productscraper", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def expected_product(url: str, html: bytes) -> dict[str, Any]:
    """What the page objects make of ``html`` served at ``url``."""
    return normalise_product(ProductPage(url, html, GENERIC_PROFILE).to_raw(), profile=None)


def same(a: Any, b: Any) -> bool:
    """Equal, with prices compared to the cent."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) < 0.005
    return a == b


def compare(stored: dict, want: dict) -> list[tuple[str, Any, Any]]:
    """(field, stored, page object) for each field that differs."""
    return [(f, stored.get(f), want.get(f)) for f in (*FIELDS, *EXTRA_FIELDS)
            if not same(stored.get(f), want.get(f))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.realshops_stack", description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS / "realshops")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args(argv)
    rows = [json.loads(line) for line in (args.corpus / "truth.jsonl").read_text().splitlines() if line.strip()]
    if not rows:
        print(f"no pages in {args.corpus}", file=sys.stderr)
        return 2
    server = serve(args.corpus)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    urls = {base + r["file"]: args.corpus / r["file"] for r in rows}
    failed_checks: list[str] = []
    with tempfile.TemporaryDirectory(prefix="ps-real-") as tmp, Lab(Path(tmp), Sampler()) as lab:
        env = lab.env("realshops")
        db = lab.db(env)
        out = cli(env, "stack", "up", "--workers", str(args.workers), "--no-flower", "--no-schedules")
        if out.returncode:
            print(out.stdout, out.stderr, file=sys.stderr)
            return 2
        try:
            started = time.monotonic()
            url_file = Path(tmp) / "urls.txt"
            url_file.write_text("\n".join(urls) + "\n")
            out = cli(env, "enqueue", "--run", "real", "--file", str(url_file))
            if out.returncode:
                print(out.stdout, out.stderr, file=sys.stderr)
                return 2
            cli(env, "wait", "--run", "real", "--timeout", str(args.timeout), timeout=args.timeout + 60)
            elapsed = time.monotonic() - started
            rep = json.loads(cli(env, "report", "--run", "real", "--json").stdout)
        finally:
            cli(env, "stack", "down")
            server.shutdown()
        states = {d["url"]: d["state"] for d in db.urls.find({"run_id": "real"})}
        stored = {d["url"]: d for d in db.products.find({"run_id": "real"})}
        rejects = list(db.rejects.find({"run_id": "real"}))
    terminal = sum(1 for s in states.values() if s != "queued")
    print(f"{len(urls)} pages: {terminal} terminal in {elapsed:.0f} s (limit {args.timeout:.0f} s); "
          f"stored {rep.get('stored')}, rejected {rep.get('rejected')}, failed {rep.get('failed')}")
    if terminal < len(urls) or elapsed > args.timeout:
        failed_checks.append("not every page terminal in time")
    for r in rejects:
        fields = {reason.get("field") for reason in r.get("reasons", [])}
        print(f"  rejected {r['url']}: {r.get('reasons')}")
        if fields == {"currency"}:
            failed_checks.append(f"rejected for currency alone: {r['url']}")
    differ = {"http": 0, "rendered": 0}
    for url, doc in sorted(stored.items()):
        diffs = compare(doc, expected_product(url, urls[url].read_bytes()))
        if diffs:
            kind = "rendered" if doc.get("rendered") else "http"
            differ[kind] += 1
            print(f"  {kind} {url.rsplit('/', 1)[1]}: " + "; ".join(f"{f} stored {a!r} page object {b!r}" for f, a, b in diffs))
    print(f"stored products equal to the page-object result: {len(stored) - sum(differ.values())} of {len(stored)} "
          f"(differing: {differ['http']} fetched over HTTP, {differ['rendered']} rendered)")
    if differ["http"]:
        failed_checks.append(f"{differ['http']} HTTP-fetched products differ from the page objects")
    for check in failed_checks:
        print(f"FAILED: {check}")
    return 1 if failed_checks else 0


if __name__ == "__main__":
    sys.exit(main())
