"""An HTML document as page objects see it: decoded text, a parsel Selector, the base URL.

Everything here tolerates junk (empty or binary bodies, unknown encodings, broken markup):
page objects must return what they can find, never raise.
"""
from __future__ import annotations

import functools
import re
from typing import Any
from urllib.parse import urldefrag, urljoin

from lxml import etree
from lxml import html as lxml_html
from parsel import Selector
from w3lib.encoding import html_body_declared_encoding, read_bom, resolve_encoding
from w3lib.html import get_base_url, strip_html5_whitespace
from w3lib.url import safe_url_string

from productscraper.pages.probes import TextProbes

# lxml refuses XML-incompatible control characters in some code paths; they carry no data.
_CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
# The same characters as UTF-8 bytes: deleting them from the body is ~10x cheaper than the search.
_CONTROL_BYTES = bytes(c for c in range(0x20) if c not in (0x09, 0x0a, 0x0d))
_WEB_SCHEMES = ("http://", "https://")
# libxml2 drops everything after "</html>", where broken pages (and some JSON-LD) live.
_HTML_END = re.compile(r"</html\s*>", re.IGNORECASE)
_TRAILING_CONTENT = re.compile(r"</html\s*>\s*\S", re.IGNORECASE)
# An element after a stray "</body>" lands outside <body>, where the DOM layer does not read.
_BODY_END = re.compile(r"</body\s*>", re.IGNORECASE)
# (Scripts and pixels after </body> are common and harmless: only content elements count.)
_AFTER_BODY = re.compile(r"</body\s*>(?:\s*</html\s*>)?\s*<(?:main|div|section|article|h1|form|table|p|ul)\b",
                         re.IGNORECASE)
# Every element an lxml.html HtmlElement (extruct's microdata cleaner needs its methods), chosen
# in C: lxml.html's own parser asks a Python lookup for each element proxy (~2,000 a page).
_HTML_CLASSES = etree.ElementDefaultClassLookup(
    element=lxml_html.HtmlElement, comment=lxml_html.HtmlComment,
    pi=lxml_html.HtmlProcessingInstruction, entity=lxml_html.HtmlEntity)


def _stripped_bytes(utf8: bytes) -> bytes | None:
    """``text.strip().encode()`` for the text these (control-free) UTF-8 bytes hold, without
    encoding the text again; None when a Unicode space ends it (bytes.strip keeps those)."""
    stripped = utf8.strip()
    head, tail = stripped[:8].decode("utf-8", "ignore"), stripped[-8:].decode("utf-8", "ignore")
    return None if head[:1].isspace() or tail[-1:].isspace() else stripped


def parse_html(text: str, base_url: str | None = None, utf8: bytes | None = None,
               collect_ids: bool = True) -> Any:
    """The lxml tree of ``text``, as parsel's ``Selector(text=...)`` builds it
    (stripped, NULs dropped, UTF-8, recovering, huge trees allowed).

    ``utf8``: the text's own UTF-8 bytes, free of control characters, when the caller has
    them: encoding a 400 kB page again and searching it for NULs costs ~0.8 ms.
    ``collect_ids=False``: no ID table (~0.25 ms of a 3 ms parse); only XPath ``id()`` reads it.
    """
    body = _stripped_bytes(utf8) if utf8 is not None else None
    if body is None:
        body = text.strip().replace("\x00", "").encode("utf-8")
    body = body or b"<html/>"
    parser = lxml_html.HTMLParser(recover=True, encoding="utf-8", huge_tree=True, collect_ids=collect_ids)
    parser.set_element_class_lookup(_HTML_CLASSES)
    root = etree.fromstring(body, parser=parser, base_url=base_url)
    if root is None:
        root = etree.fromstring(b"<html/>", parser=parser, base_url=base_url)
    return root


def decode_body(body: bytes | str | None, encoding: str | None = "utf-8") -> str:
    """Body as text: a BOM wins, then ``encoding`` (utf-8 if unknown); bad bytes are replaced.
    ``encoding=None``: as the body declares it (see :func:`declared_encoding`)."""
    return _decode(body, encoding)[0]


def declared_encoding(body: bytes) -> str | None:
    """The encoding a body's ``<meta charset>`` / ``http-equiv`` declares in its first 4 kB, as
    Scrapy reads it (WHATWG names: latin-1 is cp1252); None when it declares none."""
    declared = html_body_declared_encoding(body)
    return resolve_encoding(declared) if declared else None


def _decode(body: bytes | str | None, encoding: str | None = "utf-8") -> tuple[str, bytes | None]:
    """(text, the UTF-8 bytes of exactly that text when the body was them, else None)."""
    if body is None:
        return "", None
    clean = False  # known to hold no control character
    exact = False  # text.encode("utf-8") would give back the body's bytes
    if isinstance(body, str):
        text = body
    else:
        body = bytes(body)
        bom_encoding, bom = read_bom(body)
        if bom_encoding:
            encoding, body = bom_encoding, body[len(bom):]
        # No encoding given: bytes that are valid UTF-8 are UTF-8 (legacy encodings next to
        # never form valid UTF-8 by chance, and saved pages are often re-encoded while still
        # declaring their old charset); else the body's declaration, else cp1252.
        sniff = encoding is None and not bom_encoding
        try:
            utf8 = (encoding or "utf-8").lower().replace("_", "-") in ("utf-8", "utf8")
            try:  # strict first: as fast, and it tells whether the text is the bytes
                text, exact = body.decode(encoding or "utf-8"), utf8
            except UnicodeDecodeError:
                if sniff:
                    encoding = declared_encoding(body) or "cp1252"
                    utf8 = encoding == "utf-8"
                text = body.decode(encoding or "utf-8", errors="replace")
        except LookupError:
            try:
                text, exact = body.decode("utf-8"), True
            except UnicodeDecodeError:
                text = body.decode("utf-8", errors="replace")
            utf8 = True
        # In UTF-8 (bad bytes become U+FFFD) those characters come only from those bytes.
        # The noncharacters are looked for in the text: str.find returns at once when the
        # text's widest character is narrower (~0.1 ms vs ~0.8 ms for the bytes).
        clean = utf8 and len(body.translate(None, _CONTROL_BYTES)) == len(body) and (
            "\ufffe" not in text and "\uffff" not in text)
    # search() before sub(): most pages have none, and sub() would copy the whole text.
    if not clean and _CONTROL_CHARS.search(text):
        return _CONTROL_CHARS.sub("", text), None
    return text, (body if exact and clean and isinstance(body, bytes) else None)


def absolute_url(base: str, href: str | None) -> str | None:
    """``href`` resolved against ``base``, made safe; None for empty or non-web links."""
    if not href or not isinstance(href, str):
        return None
    href = strip_html5_whitespace(href)
    if not href or href.startswith("#"):
        return None
    try:
        url = safe_url_string(urljoin(base, href))
    except (ValueError, TypeError):
        return None
    return url if url.lower().startswith(_WEB_SCHEMES) else None


def link_url(base: str, href: str | None) -> str | None:
    """Like :func:`absolute_url`, without the fragment (links to crawl)."""
    url = absolute_url(base, href)
    return urldefrag(url)[0] if url else None


def attr(node: Selector, name: str) -> str | None:
    """One attribute of an element result (parsel's ``.attrib`` fails on any odd attribute name)."""
    try:
        value = node.root.get(name)
    except (AttributeError, ValueError, TypeError):
        return None
    return value if isinstance(value, str) else None


def unique(items: list[str | None]) -> list[str]:
    """Non-empty items, first occurrence order kept."""
    return list(dict.fromkeys(i for i in items if i))


class HtmlDocument:
    """Decoded page with a lazily built Selector; shared base of the page objects."""

    def __init__(self, url: str, body: bytes | str, encoding: str | None = None,
                 id_table: bool | None = None) -> None:
        """``encoding``: the response's (Scrapy's ``response.encoding``); None reads the
        body's own declaration, as a crawl does when the server names no charset.
        ``id_table``: build libxml2's ID table, which only XPath ``id()`` reads (extruct's
        microdata ``itemref``, a site profile's own XPath); None: when the page may hold a
        microdata item ("itemscope", asked of the probes anyway) that says "itemref"."""
        self.url = url or ""
        text, utf8 = _decode(body, encoding)
        trailing = _TRAILING_CONTENT.search(text) is not None
        if trailing:
            text = _HTML_END.sub("", text)
        after_body = _AFTER_BODY.search(text) is not None
        if after_body:
            text = _BODY_END.sub("", text)
        if trailing or after_body:
            # Still free of control characters: its own bytes serve the parser and the probes.
            utf8 = text.encode("utf-8") if utf8 is not None else None
        self.text = text
        self._utf8 = utf8  # the text's UTF-8 bytes when the body was clean UTF-8
        self._id_table = id_table

    @functools.cached_property
    def probes(self) -> TextProbes:
        """Substring tests of the whole text (``"itemscope" in doc.probes``), sharing scans."""
        return TextProbes(self.text, self._utf8)

    @functools.cached_property
    def selector(self) -> Selector:
        """The parsel Selector; an empty document when the text cannot be parsed."""
        try:
            if self.text.strip():
                ids = self._id_table
                if ids is None:
                    ids = self.probes.may_contain("itemscope") and self.probes.may_contain("itemref")
                root = parse_html(self.text, self.url or None, self._utf8, ids)
                return Selector(root=root, type="html", base_url=self.url)
        except Exception:  # lxml gives up on some junk; an empty page is the honest answer
            pass
        return Selector(text="<html></html>", base_url=self.url)

    @functools.cached_property
    def base_url(self) -> str:
        """The document's ``<base href>`` resolved against the URL, or the URL."""
        try:
            return get_base_url(self.text[:65536], self.url) or self.url
        except Exception:
            return self.url

    def absolute(self, href: str | None) -> str | None:
        """An href of this page made absolute (fragment kept)."""
        return absolute_url(self.base_url, href)

    def link(self, href: str | None) -> str | None:
        """An href of this page made absolute, without fragment, http(s) only."""
        return link_url(self.base_url, href)
