"""``enqueue``: fan out a known list of detail URLs (a sitemap, an export)."""
from __future__ import annotations

import argparse
import sys

from productscraper.fanout.publisher import broker_reachable, fan_out
from productscraper.profiles import UnknownProfile, get_profile, profile_for_url
from productscraper.browser.waits import needs_browser
from productscraper.storage import runs
from productscraper.storage.connection import get_db
from productscraper.storage.indexes import ensure_indexes
from productscraper.storage.ledger import Entry
from productscraper.urls import InvalidURL, canonical_url

BATCH = 500


def register(sub) -> None:
    p = sub.add_parser("enqueue", help="fan out detail URLs directly (no listing crawl)")
    p.add_argument("--run", default=None, help="run id (default: a new one, printed)")
    p.add_argument("--file", default=None, help="file with one URL per line ('-' = stdin)")
    p.add_argument("--profile", default=None, help="site profile (default: chosen per URL)")
    p.add_argument("urls", nargs="*", help="detail URLs")
    p.set_defaults(func=cmd_enqueue)


def read_urls(args: argparse.Namespace) -> list[str]:
    """URLs from the arguments and --file, blank lines and #comments skipped."""
    urls = list(args.urls)
    if args.file:
        fh = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")
        with fh:
            urls += [line.strip() for line in fh if line.strip() and not line.startswith("#")]
    return urls


def cmd_enqueue(args: argparse.Namespace) -> int:
    urls = read_urls(args)
    if not urls:
        print("enqueue: no URLs given", file=sys.stderr)
        return 2
    try:
        forced = get_profile(args.profile) if args.profile else None
    except UnknownProfile as exc:
        print(f"enqueue: {exc}", file=sys.stderr)
        return 2
    entries, bad = [], []
    run_id = args.run or runs.new_run_id()
    for url in urls:
        try:
            url = canonical_url(url)
        except InvalidURL as exc:
            bad.append(str(exc))
            continue
        profile = forced or profile_for_url(url)
        entries.append(Entry(run_id=run_id, url=url, profile=profile.name,
                             render=needs_browser(profile)))
    if bad:
        for b in bad:
            print(f"enqueue: {b}", file=sys.stderr)
        print(f"enqueue: {len(bad)} invalid URL(s); nothing enqueued", file=sys.stderr)
        return 2
    error = broker_reachable()
    if error:
        print(f"enqueue: Celery broker unreachable ({error}); nothing enqueued", file=sys.stderr)
        return 3
    db = get_db()
    ensure_indexes(db)
    runs.start(db, run_id, source="enqueue", profile=args.profile)
    new = dup = errors = 0
    for i in range(0, len(entries), BATCH):
        result = fan_out(db, entries[i:i + BATCH])
        new, dup, errors = new + result.new, dup + result.duplicates, errors + result.publish_errors
    runs.finish_discovery(db, run_id, new=new, duplicates=dup, publish_errors=errors)
    print(f"run_id: {run_id}")
    print(f"enqueued {new} URL(s), {dup} already in the run" +
          (f", {errors} could not be published (run `reconcile --run {run_id}`)" if errors else ""))
    return 0 if not errors else 1
