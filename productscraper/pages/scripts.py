"""The page's inline scripts, read once and shared by the script-reading layers."""
from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from typing import Any

from parsel import Selector

logger = logging.getLogger(__name__)
MAX_SCRIPT = 3_000_000  # characters: bigger blobs are bundles, not data
_DECODER = json.JSONDecoder(strict=False)


@dataclass(frozen=True)
class Script:
    """One ``<script>``: its type (lower case, "" for JavaScript), id and text."""

    type: str
    id: str
    text: str
    attrs: tuple[tuple[str, str], ...] = ()


def page_scripts(selector: Selector) -> list[Script]:
    """Every inline script with content (external ``src`` scripts have none)."""
    out: list[Script] = []
    try:
        nodes = selector.root.iter("script")
    except Exception:
        return out
    for node in nodes:
        text = node.text or ""
        if not text.strip() or len(text) > MAX_SCRIPT:
            continue
        try:
            attrs = tuple((str(k), str(v)) for k, v in node.attrib.items())
        except (ValueError, TypeError):
            attrs = ()
        kind = (node.get("type") or "").strip().lower()
        out.append(Script(kind if kind not in ("text/javascript", "module", "application/javascript") else "",
                          node.get("id") or "", text, attrs))
    return out


def parse_json(text: str) -> Any:
    """JSON text (HTML comment/CDATA wrappers tolerated), or None."""
    text = text.strip()
    if text.startswith("<!--"):
        text = text[4:].rsplit("-->", 1)[0]
    try:
        return _DECODER.decode(text.strip())
    except (ValueError, RecursionError):
        return None


def parse_js_after(text: str, start: int) -> Any:
    """The JS object/array literal starting at or after ``start`` (chompjs), or None."""
    m = re.compile(r"\s*(?:JSON\.parse\(\s*)?").match(text, start)
    pos = m.end() if m else start
    if pos >= len(text):
        return None
    if text[pos] in "\"'":  # JSON.parse("..."): a string holding JSON
        try:
            import chompjs

            inner = chompjs.parse_js_object("[" + text[pos:_string_end(text, pos) + 1] + "]")
            return parse_json(inner[0]) if inner and isinstance(inner[0], str) else None
        except Exception:
            return None
    if text[pos] not in "{[":
        return None
    try:
        import chompjs

        return chompjs.parse_js_object(text[pos:])
    except Exception as exc:  # chompjs raises ValueError on anything it cannot read
        logger.debug("chompjs failed: %r", exc)
        return None


def _string_end(text: str, pos: int) -> int:
    quote, i = text[pos], pos + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == quote:
            return i
        i += 1
    return len(text) - 1
