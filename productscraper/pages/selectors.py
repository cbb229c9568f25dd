"""Profile selector strings: ``xpath:<expr>`` is XPath, anything else is CSS (parsel dialect).

A query may end on text/attribute nodes (``::text``, ``::attr(href)``, ``/text()``, ``/@href``)
or on elements; an element yields its text content, or its href for link queries.
"""
from __future__ import annotations

import lxml.etree
from parsel import Selector, SelectorList
from parsel.csstranslator import css2xpath

XPATH_PREFIX = "xpath:"


def to_xpath(query: str) -> str:
    """The XPath expression behind a profile selector string."""
    query = query.strip()
    if query.startswith(XPATH_PREFIX):
        return query[len(XPATH_PREFIX):].strip()
    return css2xpath(query)


def validate_query(query: str) -> None:
    """Raise ValueError with a readable message when ``query`` does not compile."""
    if not isinstance(query, str) or not query.strip():
        raise ValueError("empty selector")
    try:
        lxml.etree.XPath(to_xpath(query))
    except Exception as exc:  # cssselect and lxml raise assorted error types
        raise ValueError(f"invalid selector {query!r}: {exc}") from None


def select(sel: Selector, query: str) -> SelectorList:
    """Run one profile selector; an invalid query or odd document gives an empty result."""
    try:
        return sel.xpath(to_xpath(query))
    except Exception:  # never let one bad selector sink a whole page
        return SelectorList([])


def _node_text(node: Selector) -> str:
    root = node.root
    if isinstance(root, str):  # text or attribute result
        return root.strip()
    if isinstance(root, (int, float, bool)):  # XPath functions like count()
        return str(root)
    try:
        return " ".join(node.xpath("string()").get("").split())
    except Exception:
        return ""


def select_texts(sel: Selector, query: str) -> list[str]:
    """Each matched node's text (element -> its text content), stripped, empties dropped."""
    return [text for text in (_node_text(n) for n in select(sel, query)) if text]


def select_text(sel: Selector, query: str) -> str | None:
    """All matched nodes' texts joined with single spaces (CONTRACTS.md), or None."""
    texts = select_texts(sel, query)
    return " ".join(texts) if texts else None


def select_links(sel: Selector, query: str) -> list[str]:
    """Hrefs from a selector; element results give their ``href`` (or ``src``) attribute."""
    links: list[str] = []
    for node in select(sel, query):
        root = node.root
        if isinstance(root, str):
            value = root
        else:
            try:
                value = root.get("href") or root.get("content") or root.get("src") or ""
            except (AttributeError, ValueError, TypeError):  # not an element, or odd markup
                continue
        value = value.strip()
        if value:
            links.append(value)
    return links
