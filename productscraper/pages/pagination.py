"""Numeric pagination: from a page's URL and its next-page link, the URL of any later page.

Recognised patterns (the number may sit anywhere the pattern says):
``page-2.html`` (also ``page_2``, ``page2``), ``?page=2``, ``/page/2/``, ``?p=2``, ``?offset=20``
(also ``start=``). A link that fits none of them, or whose number does not grow, gives None:
the spider then just follows links one by one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# (regex with one number group, value of a URL without the number: page 1 / offset 0)
_PATTERNS = (
    (re.compile(r"(?<![a-z])page[-_]?(\d+)(?=\.[a-z]+(?:$|[?#]))", re.I), 1),
    (re.compile(r"(?<=[?&])page=(\d+)", re.I), 1),
    (re.compile(r"(?<=/)page/(\d+)(?=/|$|[?#])", re.I), 1),
    (re.compile(r"(?<=[?&])p=(\d+)"), 1),
    (re.compile(r"(?<=[?&])(?:offset|start)=(\d+)", re.I), 0),
)


@dataclass(frozen=True)
class PagePattern:
    """A numeric page sequence: ``url(n)`` is the page whose number is ``n``."""

    prefix: str
    suffix: str
    #: number of the page the pattern was learnt on, and the step between pages
    current: int
    step: int

    def number(self, k: int) -> int:
        """The number of the page ``k`` steps after the current one."""
        return self.current + k * self.step

    def url(self, number: int) -> str:
        """The URL of the page numbered ``number``."""
        return f"{self.prefix}{number}{self.suffix}"

    def number_of(self, url: str) -> int | None:
        """The page number of ``url`` when it belongs to this sequence, else None."""
        if not (url.startswith(self.prefix) and url.endswith(self.suffix)):
            return None
        middle = url[len(self.prefix):len(url) - len(self.suffix)]
        return int(middle) if middle.isdigit() else None


def page_pattern(current_url: str, next_url: str) -> PagePattern | None:
    """The numeric sequence ``current_url`` -> ``next_url`` follows, or None.

    Both URLs are absolute. The current page may carry no number at all (``/catalogue/``
    linking ``/catalogue/?page=2``): it counts as the pattern's first page.
    """
    for regex, first in _PATTERNS:
        found = regex.search(next_url)
        if not found:
            continue
        nxt = int(found.group(1))
        prefix, suffix = next_url[:found.start(1)], next_url[found.end(1):]
        own = regex.search(current_url)
        if own and current_url[:own.start(1)] == prefix and current_url[own.end(1):] == suffix:
            current = int(own.group(1))
        elif own:
            continue  # the number sits elsewhere: not one sequence
        else:
            current = first
        if nxt > current:
            return PagePattern(prefix, suffix, current, nxt - current)
    return None
