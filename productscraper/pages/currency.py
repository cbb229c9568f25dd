"""Currency inference: explicit markup, then the symbol next to the price, then the locale.

The shop's locale is read from ``<html lang>``, ``og:locale``, ``hreflang`` of the page's
own URL, ``Shopify.currency`` and the country-code TLD (publicsuffixlist); babel maps a
territory to its currency. Ambiguous symbols ("$", "kr", "¥") are resolved with it; a
price with no currency anywhere is left with None (the normaliser warns, never rejects).
"""
from __future__ import annotations

import functools
import re
from typing import Any
from urllib.parse import urlsplit

from productscraper.pages.probes import TextProbes
from productscraper.processing.money import AMBIGUOUS, ISO_4217, SYMBOLS, currency_code

# Currencies each ambiguous symbol can stand for (the territory decides among them).
_SYMBOL_CHOICES = {
    "$": None,  # any dollar/peso: the territory's currency when it uses "$"
    "kr": ("SEK", "NOK", "DKK", "ISK"), "kr.": ("SEK", "NOK", "DKK", "ISK"),
    "¥": ("JPY", "CNY"), "￥": ("JPY", "CNY"), "r": ("ZAR",), "¢": (),
}
_DOLLAR_CURRENCIES = frozenset(
    "USD CAD AUD NZD SGD HKD MXN TWD ARS CLP COP BSD BBD BZD BMD BND FJD GYD JMD KYD LRD NAD SBD SRD TTD XCD".split()
)
# Generic TLDs that name no country; ".co" is Colombia but mostly used as ".com".
_NOT_COUNTRY = frozenset({"com", "net", "org", "info", "biz", "shop", "store", "io", "co", "app", "eu", "online"})
_LOCALE = re.compile(r"^[a-z]{2,3}(?:[-_]([A-Za-z]{2}|\d{3}))?", re.IGNORECASE)
_SHOPIFY_CURRENCY = re.compile(r"Shopify\.currency\s*=\s*\{[^}]*?[\"']active[\"']\s*:\s*[\"']([A-Z]{3})[\"']")
# A language alone still points at a country when one country dominates its shops.
_LANGUAGE_TERRITORY = {"ja": "JP", "de": "DE", "fr": "FR", "it": "IT", "es": "ES", "nl": "NL", "pl": "PL",
                       "ru": "RU", "sv": "SE", "da": "DK", "nb": "NO", "no": "NO", "fi": "FI", "cs": "CZ",
                       "pt": "PT", "ko": "KR", "zh": "CN", "tr": "TR", "hu": "HU", "uk": "UA", "el": "GR"}


@functools.lru_cache(maxsize=1)
def _psl() -> Any:
    from publicsuffixlist import PublicSuffixList

    return PublicSuffixList()


def public_suffix_list() -> Any:
    """The process's one PublicSuffixList (loading it costs ~0.4 s)."""
    return _psl()


@functools.lru_cache(maxsize=256)
def territory_currency(territory: str | None) -> str | None:
    """The current legal tender of a territory ("DE" -> "EUR"), via babel."""
    if not territory:
        return None
    from babel.numbers import get_territory_currencies

    try:
        found = get_territory_currencies(territory.upper(), tender=True)
    except Exception:  # unknown territory code
        return None
    return found[0] if found else None


def tld_territory(url: str) -> str | None:
    """The country of a URL's country-code TLD ("shop.co.uk" -> "GB"), or None."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return None
    if not host or host.replace(".", "").isdigit():
        return None
    suffix = (_psl().publicsuffix(host) or "").rsplit(".", 1)[-1]
    if len(suffix) != 2 or suffix in _NOT_COUNTRY:
        return None
    return "GB" if suffix == "uk" else suffix.upper()


def locale_territory(locale: str | None) -> str | None:
    """"de-AT" -> "AT", "en_US" -> "US", "ja" -> "JP"; None for "en" alone."""
    if not locale:
        return None
    match = _LOCALE.match(locale.strip())
    if not match:
        return None
    if match.group(1) and match.group(1).isalpha():
        return match.group(1).upper()
    return _LANGUAGE_TERRITORY.get(locale[:2].lower())


def shopify_currency(text: str, probes: TextProbes | None = None) -> str | None:
    """``Shopify.currency = {"active": "EUR", ...}`` in an inline script.

    ``probes``: the page's shared :class:`.TextProbes` of ``text``, if known (most pages are
    not Shopify's: its "Shopify" answer spares the longer word's scan)."""
    has = TextProbes(text) if probes is None else probes
    if "Shopify" not in has or "Shopify.currency" not in has:
        return None
    match = _SHOPIFY_CURRENCY.search(text)
    return match.group(1) if match and match.group(1) in ISO_4217 else None


def resolve(symbol: str | None, territories: list[str]) -> str | None:
    """ISO code for a symbol or code, using the shop's territories for ambiguous ones.

    With no symbol at all, the first territory's currency (the shop's home currency).
    """
    if symbol:
        key = symbol.strip().lower()
        if key in _SYMBOL_CHOICES or key in AMBIGUOUS:
            choices = _SYMBOL_CHOICES.get(key)
            for territory in territories:
                local = territory_currency(territory)
                if local and (local in _DOLLAR_CURRENCIES if choices is None else local in choices):
                    return local
            return currency_code(symbol)  # "$" -> USD, "¥" -> JPY, "kr" -> None
        code = currency_code(symbol)
        if code:
            return code
    for territory in territories:
        local = territory_currency(territory)
        if local:
            return local
    return None


__all__ = ["SYMBOLS", "locale_territory", "resolve", "shopify_currency", "territory_currency", "tld_territory"]
