"""Serve an offline corpus tree (../shared/corpus) on 127.0.0.1, optionally as a JavaScript shop.

    python -m bench.corpus_server books --port 8701 --js-products [--head-script URL]

``--js-products``: every product page (books: ``catalogue/<slug>_<id>/index.html``) is
served with an empty body and a script that builds it 100 ms after the page loads, from a
base64 payload: the raw HTML holds no product data (no title, no price, no table), the
rendered DOM equals the original page. ``--head-script URL`` puts ``<script src=URL>``
first in every HTML page's ``<head>`` (a third-party tag; point it at a host that never
answers to check that nothing outside the page holds a render).

``--latency-ms N`` delays every answer (a sleep per request thread: answers overlap);
``--access-log FILE`` appends ``<epoch> GET <path> <status>`` per answer (the demo shop's
format); ``--also DIR`` serves the files directly in DIR at ``/<name>`` beside the tree
(generated sitemaps, robots.txt: the corpus itself stays untouched).

Files are read from disk per request; paths outside the tree are refused. Used by the
render acceptance test (tests/test_render_corpus.py) and by hand (README "JavaScript pages").
"""
from __future__ import annotations

import argparse
import base64
import json
import re
import sys
import threading
import time
from functools import partial
from html import escape
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
#: books.toscrape.com product pages: catalogue/<slug>_<id>/index.html (not category pages).
BOOKS_PRODUCT = re.compile(r"^/catalogue/(?!category/)[^/]+_\d+/index\.html$")
_BODY = re.compile(r"(<body[^>]*>)(.*)(</body>)", re.S | re.I)
_TITLE = re.compile(r"<title>.*?</title>", re.S | re.I)
_META_DESCRIPTION = re.compile(r"<meta\s+name=\"description\"[^>]*>", re.S | re.I)
JS_DELAY_MS = 100


def script_built(html: str, delay_ms: int = JS_DELAY_MS) -> str:
    """``html`` with its body and title moved into a script that restores them after a delay."""
    body = _BODY.search(html)
    if not body:
        return html
    title = _TITLE.search(html)
    payload = json.dumps({"title": re.sub(r"<[^>]+>", "", title.group(0)).strip() if title else "",
                          "body": body.group(2)}, ensure_ascii=False)
    encoded = base64.b64encode(payload.encode("utf-8")).decode("ascii")
    script = (
        "<script>(function () {\n"
        f'  var payload = "{encoded}";\n'
        "  setTimeout(function () {\n"
        "    var bin = atob(payload), bytes = new Uint8Array(bin.length);\n"
        "    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);\n"
        "    var data = JSON.parse(new TextDecoder('utf-8').decode(bytes));\n"
        "    document.title = data.title;\n"
        "    document.getElementById('app').outerHTML = data.body;\n"
        f"  }}, {delay_ms});\n"
        "})();</script>"
    )
    shell = f'{body.group(1)}<div id="app">Loading…</div>{script}{body.group(3)}'
    head = _META_DESCRIPTION.sub("", _TITLE.sub("<title>Loading…</title>", html[:body.start()]))
    return head + shell + html[body.end():]


def with_head_script(html: str, url: str) -> str:
    """``html`` with ``<script src=url>`` as the first element of its ``<head>``."""
    tag = f'<script src="{escape(url, quote=True)}"></script>'
    return re.sub(r"(<head[^>]*>)", lambda m: m.group(1) + tag, html, count=1, flags=re.I)


class CorpusHandler(SimpleHTTPRequestHandler):
    """Static files of the tree, product pages rewritten as the options say."""

    js_products = False
    head_script: str | None = None
    product_path = BOOKS_PRODUCT
    latency_s = 0.0
    access_log = None  # an open text file, shared by the request threads
    also: Path | None = None
    _log_lock = threading.Lock()

    def log_message(self, *args: object) -> None:  # quiet: tests read their own logs
        pass

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if self.access_log is not None:
            with self._log_lock:
                self.access_log.write(f"{time.time():.6f} {self.command} {self.path} {code}\n")
                self.access_log.flush()

    def translate_path(self, path: str) -> str:
        name = path.split("?", 1)[0].lstrip("/")
        if self.also is not None and name and "/" not in name and (self.also / name).is_file():
            return str(self.also / name)
        return super().translate_path(path)

    def do_GET(self) -> None:
        if self.latency_s:
            time.sleep(self.latency_s)
        path = self.path.split("?", 1)[0]
        target = Path(self.translate_path(path))
        if target.is_dir():
            target = target / "index.html"
        if not target.name.endswith(".html") or not target.is_file() or not (
                self.js_products or self.head_script):
            return super().do_GET()
        html = target.read_text(encoding="utf-8", errors="replace")
        if self.js_products and self.product_path.match(path if path.endswith(".html") else path + "index.html"):
            html = script_built(html)
        if self.head_script:
            html = with_head_script(html, self.head_script)
        body = html.encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve(tree: Path, port: int = 0, js_products: bool = False,
          head_script: str | None = None, latency_ms: float = 0.0, access_log: str | None = None,
          also: Path | None = None) -> ThreadingHTTPServer:
    """Start serving ``tree`` on 127.0.0.1:``port`` in a daemon thread; returns the server."""
    log = open(access_log, "a", encoding="utf-8") if access_log else None  # noqa: SIM115 - process-long
    handler = type("Handler", (CorpusHandler,), {"js_products": js_products, "head_script": head_script,
                                                 "latency_s": latency_ms / 1000, "access_log": log,
                                                 "also": also})
    server = ThreadingHTTPServer(("127.0.0.1", port), partial(handler, directory=str(tree)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    """Command line: serve until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m bench.corpus_server", description=__doc__.split("\n")[0])
    parser.add_argument("tree", help="a tree of ../shared/corpus (books, quotes, realshops) or a path")
    parser.add_argument("--port", type=int, default=8701)
    parser.add_argument("--js-products", action="store_true", help="product pages built by script")
    parser.add_argument("--head-script", metavar="URL", help="a <script src=URL> first in every <head>")
    parser.add_argument("--latency-ms", type=float, default=0.0, help="delay of every answer")
    parser.add_argument("--access-log", metavar="FILE", help="append '<epoch> GET <path> <status>' per answer")
    parser.add_argument("--also", metavar="DIR", type=Path, help="also serve DIR's files at /<name>")
    args = parser.parse_args(argv)
    tree = Path(args.tree) if Path(args.tree).is_dir() else CORPUS / args.tree
    if not tree.is_dir():
        print(f"no such corpus tree: {tree}", file=sys.stderr)
        return 2
    server = serve(tree, args.port, args.js_products, args.head_script, args.latency_ms,
                   args.access_log, args.also)
    print(f"serving {tree} on http://127.0.0.1:{server.server_address[1]}/", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
