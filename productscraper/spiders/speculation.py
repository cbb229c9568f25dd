"""Speculative pagination: fetch the next K listing pages of a numeric chain at once.

Walking ``page-1 -> page-2 -> ...`` one page after another costs one round trip per page;
when the next-page link follows a numeric pattern (:mod:`productscraper.pages.pagination`)
the pages after it can be requested before the chain reaches them. What is discovered
stays exactly the serial walk's: a page fetched ahead is only *buffered*, and its products
and links are handed out when the walk confirms it (its predecessor links to it). So a
shop whose page count is not a multiple of K, or that answers page 9999 with page 1,
yields the same URLs as the walk.

Speculation of a chain stops at the first page fetched ahead that fails (404...), has no
products, or has only products already seen; the serial walk goes on regardless (a
speculative page that failed is fetched again when the walk reaches it). Every request,
speculative or not, passes the downloader's rate limiter like any other.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from productscraper.pages.pagination import page_pattern

ChainKey = tuple[str, str]
#: ``request.meta`` key of a listing request that belongs to a chain: (chain key, page number)
SPEC_META = "ps_chain_page"


@dataclass(frozen=True)
class ParsedListing:
    """What one listing page gave: its URL, product links, next-page and category links."""

    url: str
    products: tuple[str, ...]
    next_urls: tuple[str, ...]
    categories: tuple[str, ...]


@dataclass(frozen=True)
class Fetch:
    """A listing request to make: ``speculative`` ones are ahead of the walk."""

    url: str
    page: tuple[ChainKey, int] | None
    speculative: bool = False
    again: bool = False  # fetched before (speculatively, and failed): bypass the dupe filter


@dataclass
class _Chain:
    prefix: str
    suffix: str
    step: int
    requested: set[int] = field(default_factory=set)
    expected: set[int] = field(default_factory=set)  # confirmed by the walk, not arrived yet
    parked: dict[int, ParsedListing] = field(default_factory=dict)  # arrived, not confirmed
    failed: set[int] = field(default_factory=set)
    seen: set[str] = field(default_factory=set)
    stopped: bool = False

    def url(self, number: int) -> str:
        return f"{self.prefix}{number}{self.suffix}"


class Speculator:
    """Chain bookkeeping of one spider; ``ahead`` is called K (0 = off) per page."""

    def __init__(self) -> None:
        self.chains: dict[ChainKey, _Chain] = {}
        self.stops = 0

    def follow(self, current_url: str, next_url: str, ahead: int) -> tuple[list[Fetch], list[ParsedListing]]:
        """A confirmed page links ``next_url``: the requests to make and pages now confirmed."""
        pattern = page_pattern(current_url, next_url) if ahead > 0 else None
        if pattern is None:
            return [Fetch(next_url, None)], []
        key = (pattern.prefix, pattern.suffix)
        chain = self.chains.setdefault(key, _Chain(pattern.prefix, pattern.suffix, pattern.step))
        number = pattern.number(1)
        fetches: list[Fetch] = []
        ready: list[ParsedListing] = []
        if number in chain.parked:
            ready.append(chain.parked.pop(number))
        elif number in chain.failed:
            chain.failed.discard(number)
            chain.expected.add(number)
            fetches.append(Fetch(next_url, (key, number), again=True))
        elif number in chain.requested:
            chain.expected.add(number)
        else:
            chain.requested.add(number)
            chain.expected.add(number)
            fetches.append(Fetch(next_url, (key, number)))
        if not chain.stopped:
            for k in range(1, ahead + 1):
                later = number + k * chain.step
                if later not in chain.requested:
                    chain.requested.add(later)
                    fetches.append(Fetch(chain.url(later), (key, later), speculative=True))
        return fetches, ready

    def arrived(self, page: tuple[ChainKey, int], parsed: ParsedListing) -> bool:
        """A chain page was fetched: True when the walk has reached it (hand it out now)."""
        key, number = page
        chain = self.chains[key]
        new = set(parsed.products) - chain.seen
        chain.seen.update(parsed.products)
        if number in chain.expected:
            chain.expected.discard(number)
            return True
        if not new:  # empty, or only products seen already (a shop answering 9999 with page 1)
            self._stop(chain)
        chain.parked[number] = parsed
        return False

    def failed(self, page: tuple[ChainKey, int]) -> bool:
        """A chain page failed: True when the walk had reached it (a real failure to report)."""
        key, number = page
        chain = self.chains[key]
        if number in chain.expected:
            chain.expected.discard(number)
            return True
        chain.failed.add(number)
        self._stop(chain)
        return False

    def _stop(self, chain: _Chain) -> None:
        if not chain.stopped:
            chain.stopped = True
            self.stops += 1
