"""Fault injection: which products misbehave, and how a misbehaving product page answers.

Assignment is a pure function of (product ids, fault flags, seed) so tests can predict it;
serving keeps per-path attempt counters so transient faults heal after a few tries.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from aiohttp import web

from . import templates

__all__ = [
    "FAULT_KINDS",
    "PERMANENT_KINDS",
    "TRANSIENT_KINDS",
    "FaultPlan",
    "FaultSettings",
    "FaultSpec",
    "assign_faults",
    "inject",
    "parse_fault",
]

TRANSIENT_KINDS = ("503", "500", "429", "timeout", "drop")
PERMANENT_KINDS = ("404", "410", "malformed", "nonhtml", "huge", "redirect_loop", "invalid", "nodata")
FAULT_KINDS = TRANSIENT_KINDS + PERMANENT_KINDS

# The two flavours of the "invalid" fault, alternating over the products that get it.
NO_TITLE = "no_title"
NEGATIVE_PRICE = "negative_price"
NEGATIVE_PRICE_TEXT = "-5.00"

FAKE_PDF = (
    b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
    b"2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n"
    b"trailer << /Root 1 0 R >>\n%%EOF\n"
)
# Truncated mid-tag, and nothing in it a parser could take for a title, price or JSON-LD.
MALFORMED_HTML = (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
    '<body><div class="product-page"><div class="gallery"><img src="/media/missing.jpg"'
    '<div class="specs"><table><tr><th>Ref</th><td>'
)


@dataclass(frozen=True)
class FaultSpec:
    """One --fault flag: a kind and the share of products (0..1) that get it."""

    kind: str
    share: float


def parse_fault(text: str) -> FaultSpec:
    """Parse "KIND=SHARE" (e.g. "503=0.2"); raises ValueError with a readable message."""
    kind, sep, share_text = text.partition("=")
    kind = kind.strip()
    if not sep or kind not in FAULT_KINDS:
        raise ValueError(f"expected KIND=SHARE with KIND in {', '.join(FAULT_KINDS)}; got {text!r}")
    try:
        share = float(share_text)
    except ValueError:
        raise ValueError(f"SHARE must be a number in 0..1; got {share_text!r}") from None
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"SHARE must be in 0..1; got {share}")
    return FaultSpec(kind, share)


@dataclass(frozen=True)
class FaultPlan:
    """Which product has which fault (and, for "invalid", which flavour)."""

    kinds: dict[int, str] = field(default_factory=dict)
    details: dict[int, str] = field(default_factory=dict)

    def kind(self, product_id: int) -> str | None:
        """The fault kind of a product, or None."""
        return self.kinds.get(product_id)

    def detail(self, product_id: int) -> str | None:
        """"no_title" / "negative_price" for invalid products, else None."""
        return self.details.get(product_id)


def assign_faults(product_ids: Sequence[int], specs: Sequence[FaultSpec], seed: int) -> FaultPlan:
    """Shuffle the ids with Random(seed), then hand each spec round(share*N) ids, in flag order."""
    shuffled = list(product_ids)
    random.Random(seed).shuffle(shuffled)
    kinds: dict[int, str] = {}
    details: dict[int, str] = {}
    position = 0
    invalid_seen = 0
    for spec in specs:
        count = round(spec.share * len(shuffled))
        if position + count > len(shuffled):
            raise ValueError("fault shares add up to more than 1")
        for pid in shuffled[position : position + count]:
            kinds[pid] = spec.kind
            if spec.kind == "invalid":
                details[pid] = NO_TITLE if invalid_seen % 2 == 0 else NEGATIVE_PRICE
                invalid_seen += 1
        position += count
    return FaultPlan(kinds, details)


@dataclass(frozen=True)
class FaultSettings:
    """Knobs of the fault behaviours (from the CLI)."""

    transient_failures: int = 1
    hang_s: float = 60.0
    huge_bytes: int = 12_000_000


class AttemptCounter:
    """Requests seen per path (query ignored), in memory; reset by /_admin/reset."""

    def __init__(self) -> None:
        self._counts: Counter[str] = Counter()

    def hit(self, path: str) -> int:
        """Count one more request for `path` and return its 1-based attempt number."""
        self._counts[path] += 1
        return self._counts[path]

    def clear(self) -> None:
        """Forget every attempt."""
        self._counts.clear()


async def inject(
    kind: str,
    attempt: int,
    request: web.Request,
    settings: FaultSettings,
    normal_html: Callable[[], str],
) -> web.StreamResponse | None:
    """Answer a faulty product request, or return None to let the normal page be served.

    `normal_html` renders the healthy page (used by "drop", which sends part of it).
    "invalid" always returns None: the caller renders the page with broken data instead.
    """
    if kind in ("503", "500"):
        if attempt <= settings.transient_failures:
            return _error(int(kind))
        return None
    if kind == "429":
        return _error(429, {"Retry-After": "1"}) if attempt == 1 else None
    if kind == "timeout":
        if attempt == 1:
            await asyncio.sleep(settings.hang_s)
        return None
    if kind == "drop":
        return await _drop(request, normal_html()) if attempt == 1 else None
    if kind in ("404", "410"):
        return _error(int(kind))
    if kind == "malformed":
        return web.Response(text=MALFORMED_HTML, content_type="text/html", charset="utf-8")
    if kind == "nonhtml":
        return web.Response(body=FAKE_PDF, content_type="application/pdf")
    if kind == "huge":
        return await _huge(request, settings.huge_bytes)
    if kind == "nodata":
        # Scripts but never any product data, even in a browser.
        return web.Response(text=templates.js_nodata_page(), content_type="text/html", charset="utf-8")
    if kind == "redirect_loop":
        # A new query each time so that duplicate filters never break the loop.
        return web.Response(status=302, headers={"Location": f"{request.path}?loop={attempt}"})
    return None


def _error(status: int, headers: dict[str, str] | None = None) -> web.Response:
    return web.Response(
        status=status, text=templates.error_page(status), content_type="text/html",
        charset="utf-8", headers=headers,
    )


async def _drop(request: web.Request, html: str) -> web.StreamResponse:
    """Declare the full Content-Length, send a third of the body, then kill the connection."""
    body = html.encode("utf-8")
    response = web.StreamResponse(status=200)
    response.content_type = "text/html"
    response.charset = "utf-8"
    response.content_length = len(body)
    await response.prepare(request)
    await response.write(body[: len(body) // 3])
    transport = request.transport
    if transport is not None:
        # abort() discards asyncio's own buffer: wait until the partial body reached the kernel.
        for _ in range(100):
            if transport.is_closing() or transport.get_write_buffer_size() == 0:
                break
            await asyncio.sleep(0.01)
        transport.abort()
    # Tell aiohttp not to reuse or finish this connection: the response is broken on purpose.
    request.protocol.force_close()
    return response


async def _huge(request: web.Request, size: int) -> web.StreamResponse:
    """Stream `size` bytes of filler HTML (no product data) without holding it in memory."""
    head = b'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"></head><body>\n'
    tail = b"</body></html>\n"
    line = b"<p>" + b"filler " * 20 + b"</p>\n"
    response = web.StreamResponse(status=200)
    response.content_type = "text/html"
    response.charset = "utf-8"
    response.content_length = size
    await response.prepare(request)
    try:
        for chunk in _filler(head, tail, line, size):
            await response.write(chunk)
    except ConnectionError:
        pass  # the client gave up (e.g. Scrapy's DOWNLOAD_MAXSIZE): nothing more to do
    return response


def _filler(head: bytes, tail: bytes, line: bytes, size: int, chunk_size: int = 65536) -> Iterator[bytes]:
    """Yield chunks summing to exactly `size` bytes: head, repeated lines, tail (cut if tiny)."""
    if size <= len(head) + len(tail):
        yield (head + tail)[:size]
        return
    yield head
    body = size - len(head) - len(tail)
    block = line * (chunk_size // len(line))
    while body > 0:
        piece = block[:body]
        body -= len(piece)
        yield piece
    yield tail
