"""Tolerant JSON-LD script parsing, the fallback when extruct rejects a page's scripts.

Real shops ship JSON-LD with trailing commas, raw newlines in strings, HTML comments or
CDATA around the JSON, invalid backslash escapes and several objects glued together.
Each repair is tried in turn; a raw-decode loop finally salvages every object it can.
"""
from __future__ import annotations

import json
import re
from typing import Any

from parsel import Selector

_WRAPPERS = re.compile(r"<!--|-->|<!\[CDATA\[|\]\]>|^\s*//[^\n]*$", re.MULTILINE)
_DECODER = json.JSONDecoder(strict=False)  # strict=False accepts raw control chars in strings
_VALID_ESCAPES = set('"\\/bfnrtu')
_MAX_FAILED_STARTS = 200  # salvage attempts per script; junk must not cost quadratic time


def _repair(text: str) -> str:
    """Remove trailing commas and fix invalid escapes / control chars, outside-string aware."""
    out: list[str] = []
    in_string = False
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if in_string:
            if ch == "\\":
                nxt = text[i + 1] if i + 1 < n else ""
                if nxt in _VALID_ESCAPES and nxt:
                    out.append(ch + nxt)
                    i += 2
                    continue
                out.append("\\\\")  # a lone backslash ("C:\dir", "\'") becomes a literal one
                i += 1
                continue
            if ch == '"':
                in_string = False
            elif ch < " ":
                ch = json.dumps(ch)[1:-1]  # escape raw control characters
            out.append(ch)
        elif ch == '"':
            in_string = True
            out.append(ch)
        elif ch == ",":
            j = i + 1
            while j < n and text[j].isspace():
                j += 1
            if j < n and text[j] in "}]":
                i += 1  # trailing comma: drop it
                continue
            out.append(ch)
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def _raw_decode_all(text: str) -> list[Any]:
    """Every JSON value that can be decoded from ``text``, skipping junk between them."""
    values: list[Any] = []
    i, n, failures = 0, len(text), 0
    while i < n and failures < _MAX_FAILED_STARTS:
        start = min((p for p in (text.find("{", i), text.find("[", i)) if p >= 0), default=-1)
        if start < 0:
            break
        try:
            value, end = _DECODER.raw_decode(text, start)
        except (ValueError, RecursionError):
            failures += 1
            i = start + 1
            continue
        if isinstance(value, (dict, list)):
            values.append(value)
        i = end
    return values


def parse_jsonld_text(text: str) -> list[Any]:
    """Top-level JSON values of one JSON-LD script (lists are flattened into items)."""
    if not text or not text.strip():
        return []
    cleaned = _WRAPPERS.sub("", text).strip().rstrip(";").strip()
    values: list[Any] = []
    for candidate in (cleaned, _repair(cleaned)):
        try:
            values = [_DECODER.decode(candidate)]
            break
        except (ValueError, RecursionError):
            continue
    else:
        values = _raw_decode_all(_repair(cleaned))
    items: list[Any] = []
    for value in values:
        if isinstance(value, list):
            items.extend(v for v in value if isinstance(v, dict))
        elif isinstance(value, dict):
            items.append(value)
    return items


def extract_jsonld(selector: Selector) -> list[dict[str, Any]]:
    """Items of every ``script[type=application/ld+json]``, each script parsed on its own."""
    items: list[dict[str, Any]] = []
    try:
        scripts = selector.xpath(
            '//script[translate(normalize-space(@type), "LDJSON", "ldjson")="application/ld+json"]'
        )
    except Exception:
        return items
    for script in scripts:
        try:
            items.extend(parse_jsonld_text(script.xpath("string()").get("")))
        except Exception:  # RecursionError on absurd nesting, and the like
            continue
    return items
