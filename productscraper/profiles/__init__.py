"""Site profiles: one TOML file per site, loaded, validated and looked up by name or URL.

The file format is fixed by docs/CONTRACTS.md. Loading is strict (unknown keys, bad
types and selectors that do not compile are errors naming the file and the key) because a
typo in a profile otherwise fails silently as "no data" much later, in a worker.
"""
from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from productscraper.monitors.base import THRESHOLD_KEYS
from productscraper.pages.selectors import validate_query

PROFILES_DIR = Path(__file__).resolve().parent
GENERIC = "generic"
RENDER_MODES = ("never", "listing", "detail", "both")
#: How the listing spider finds product URLs: sitemaps when robots.txt lists them ("auto"),
#: only the listing pages, or only sitemaps.
DISCOVERY_MODES = ("auto", "listing", "sitemap")

# Raw product fields a profile may override (docs/CONTRACTS.md, "Raw product"); url is the request's.
FIELD_NAMES = frozenset(
    {
        "title", "price", "currency", "availability", "stock", "sku", "gtin", "mpn", "brand",
        "rating", "rating_scale", "review_count", "category", "breadcrumbs", "description",
        "image_url", "canonical_url",
    }
)
_TOP_KEYS = frozenset(
    {"name", "hosts", "currency", "render", "wait_for", "render_on_miss", "render_allow_hosts",
     "rate_limit", "burst", "listing", "fields", "discovery", "sitemap_rules", "speculate_pages",
     "monitors"}
)
_LISTING_KEYS = frozenset({"product_links", "next_page", "category_links", "follow_categories"})
_CURRENCY_RE = re.compile(r"^[A-Z]{3}$")
# "cdn.example.com", "*.example.net" (the domain and its subdomains), "203.0.113.5:8080"
_ALLOW_HOST_RE = re.compile(r"^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$")


class ProfileError(ValueError):
    """A profile file that cannot be loaded; the message names the file and the key."""


class UnknownProfile(KeyError):
    """No profile with that name; the message lists the known names."""

    def __str__(self) -> str:  # KeyError would repr() the message, quotes and all
        return str(self.args[0]) if self.args else "unknown profile"


class FrozenMap(Mapping[str, str]):
    """A small immutable, hashable and picklable mapping (profiles travel to workers)."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, str] | None = None) -> None:
        self._data = dict(data or {})

    def __getitem__(self, key: str) -> str:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._data.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (self._data,))


@dataclass(frozen=True)
class ListingRules:
    """Selectors (CSS, or XPath after an ``xpath:`` prefix) that return hrefs on listing pages."""

    product_links: tuple[str, ...] = ()
    next_page: tuple[str, ...] = ()
    category_links: tuple[str, ...] = ()
    follow_categories: bool = False


@dataclass(frozen=True)
class SiteProfile:
    """One site's crawl and extraction settings (see docs/CONTRACTS.md)."""

    name: str
    hosts: tuple[str, ...] = ()
    listing: ListingRules = field(default_factory=ListingRules)
    fields: Mapping[str, str] = field(default_factory=FrozenMap)
    currency: str | None = None
    render: str = "never"  # never | listing | detail | both
    wait_for: str | None = None
    #: A detail page whose plain HTML has no product data but scripts goes to a browser.
    render_on_miss: bool = True
    #: Hosts (besides the page's own registrable domain) a render may fetch from.
    render_allow_hosts: tuple[str, ...] = ()
    rate_limit: float | None = None  # requests/s for the whole cluster; None = global default
    burst: int = 1
    #: auto | listing | sitemap (DISCOVERY_MODES); the spider's ``-a discovery=`` beats it.
    discovery: str = "auto"
    #: Regexes (searched, SitemapSpider's rule semantics) a sitemap URL must match to be a
    #: product; empty = generic choice (sitemaps named for products, probed URLs).
    sitemap_rules: tuple[str, ...] = ()
    #: Listing pages fetched ahead of the chain when its next-page links are numeric; 0 = off.
    speculate_pages: int = 4
    #: Quality monitor thresholds over the configured ones (``[monitors]``, docs/operations.md).
    monitors: Mapping[str, float] = field(default_factory=FrozenMap)


GENERIC_PROFILE = SiteProfile(name=GENERIC)


# ----------------------------------------------------------------------------- parsing


def _fail(path: Path, key: str, problem: str) -> ProfileError:
    return ProfileError(f"profile {path.name}: key {key!r}: {problem} (file {path})")


def _str_list(path: Path, key: str, value: Any, *, selectors: bool = False) -> tuple[str, ...]:
    if isinstance(value, str):  # a lone selector is accepted for a list of one
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise _fail(path, key, "expected a list of non-empty strings")
    items = tuple(v.strip() for v in value)
    if selectors:
        for query in items:
            try:
                validate_query(query)
            except ValueError as exc:
                raise _fail(path, key, str(exc)) from None
    return items


def _parse_profile(path: Path, data: dict[str, Any]) -> SiteProfile:
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise _fail(path, unknown[0], f"unknown key (allowed: {', '.join(sorted(_TOP_KEYS))})")

    name = data.get("name", path.stem)
    if name != path.stem:
        raise _fail(path, "name", f"{name!r} must equal the file stem {path.stem!r}")

    hosts = tuple(h.lower() for h in _str_list(path, "hosts", data.get("hosts", [])))

    currency = data.get("currency") or None
    if currency is not None:
        if not isinstance(currency, str) or not _CURRENCY_RE.match(currency.strip().upper()):
            raise _fail(path, "currency", f"{currency!r} is not an ISO 4217 code like 'GBP'")
        currency = currency.strip().upper()

    render = data.get("render", "never")
    if render not in RENDER_MODES:
        raise _fail(path, "render", f"{render!r} is not one of {', '.join(RENDER_MODES)}")

    wait_for = data.get("wait_for") or None
    if wait_for is not None:
        if not isinstance(wait_for, str):
            raise _fail(path, "wait_for", "expected a CSS selector string")
        try:
            validate_query(wait_for)
        except ValueError as exc:
            raise _fail(path, "wait_for", str(exc)) from None

    render_on_miss = data.get("render_on_miss", True)
    if not isinstance(render_on_miss, bool):
        raise _fail(path, "render_on_miss", "expected true or false")
    allow_hosts = tuple(h.lower() for h in _str_list(
        path, "render_allow_hosts", data.get("render_allow_hosts", [])))
    for host in allow_hosts:
        if not _ALLOW_HOST_RE.match(host):
            raise _fail(path, "render_allow_hosts",
                        f"{host!r} is not a host name (e.g. 'cdn.example.com', '*.example.net')")

    rate_limit = data.get("rate_limit", 0)
    if isinstance(rate_limit, bool) or not isinstance(rate_limit, (int, float)) or rate_limit < 0:
        raise _fail(path, "rate_limit", f"{rate_limit!r} must be a number >= 0")

    burst = data.get("burst", 1)
    if isinstance(burst, bool) or not isinstance(burst, int) or burst < 1:
        raise _fail(path, "burst", f"{burst!r} must be an integer >= 1")

    discovery = data.get("discovery", "auto")
    if discovery not in DISCOVERY_MODES:
        raise _fail(path, "discovery", f"{discovery!r} is not one of {', '.join(DISCOVERY_MODES)}")
    sitemap_rules = _str_list(path, "sitemap_rules", data.get("sitemap_rules", []))
    for rule in sitemap_rules:
        try:
            re.compile(rule)
        except re.error as exc:
            raise _fail(path, "sitemap_rules", f"{rule!r} is not a regular expression: {exc}") from None
    speculate = data.get("speculate_pages", 4)
    if isinstance(speculate, bool) or not isinstance(speculate, int) or speculate < 0:
        raise _fail(path, "speculate_pages", f"{speculate!r} must be an integer >= 0")

    monitors = _parse_monitors(path, data.get("monitors", {}))

    listing_data = data.get("listing", {})
    if not isinstance(listing_data, dict):
        raise _fail(path, "listing", "expected a [listing] table")
    unknown = sorted(set(listing_data) - _LISTING_KEYS)
    if unknown:
        raise _fail(path, f"listing.{unknown[0]}", "unknown key")
    follow = listing_data.get("follow_categories", False)
    if not isinstance(follow, bool):
        raise _fail(path, "listing.follow_categories", "expected true or false")
    listing = ListingRules(
        product_links=_str_list(
            path, "listing.product_links", listing_data.get("product_links", []), selectors=True
        ),
        next_page=_str_list(
            path, "listing.next_page", listing_data.get("next_page", []), selectors=True
        ),
        category_links=_str_list(
            path, "listing.category_links", listing_data.get("category_links", []), selectors=True
        ),
        follow_categories=follow,
    )

    fields_data = data.get("fields", {})
    if not isinstance(fields_data, dict):
        raise _fail(path, "fields", "expected a [fields] table")
    fields: dict[str, str] = {}
    for key, query in fields_data.items():
        if key not in FIELD_NAMES:
            raise _fail(path, f"fields.{key}", f"unknown field (allowed: {', '.join(sorted(FIELD_NAMES))})")
        if not isinstance(query, str) or not query.strip():
            raise _fail(path, f"fields.{key}", "expected a non-empty selector string")
        try:
            validate_query(query.strip())
        except ValueError as exc:
            raise _fail(path, f"fields.{key}", str(exc)) from None
        fields[key] = query.strip()

    return SiteProfile(
        name=name,
        hosts=hosts,
        listing=listing,
        fields=FrozenMap(fields),
        currency=currency,
        render=render,
        wait_for=wait_for,
        render_on_miss=render_on_miss,
        render_allow_hosts=allow_hosts,
        rate_limit=float(rate_limit) or None,  # 0 means "use DOMAIN_RATE_LIMIT"
        burst=burst,
        discovery=discovery,
        sitemap_rules=sitemap_rules,
        speculate_pages=speculate,
        monitors=monitors,
    )


def _parse_monitors(path: Path, table: Any) -> FrozenMap:
    """``[monitors]``: known threshold names, numbers >= 0 (shares <= 1 but the drop)."""
    if not isinstance(table, dict):
        raise _fail(path, "monitors", "expected a [monitors] table")
    out = {}
    for key, value in table.items():
        if key not in THRESHOLD_KEYS:
            raise _fail(path, f"monitors.{key}", f"unknown key (allowed: {', '.join(sorted(THRESHOLD_KEYS))})")
        limit = 100 if key == "max_drop_points" else 1
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= limit:
            raise _fail(path, f"monitors.{key}", f"{value!r} must be a number in 0..{limit}")
        out[key] = float(value)
    return FrozenMap(out)


def load_profile_file(path: Path) -> SiteProfile:
    """Load and validate one profile TOML file; raises :class:`ProfileError` naming the file."""
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"profile {path.name}: invalid TOML: {exc} (file {path})") from None
    return _parse_profile(path, data)


@functools.lru_cache(maxsize=8)
def _load_cached(directory: Path) -> dict[str, SiteProfile]:
    profiles: dict[str, SiteProfile] = {}
    owners: dict[str, str] = {}
    for path in sorted(directory.glob("*.toml")):
        profile = load_profile_file(path)
        for host in profile.hosts:
            if host in owners:
                raise _fail(path, "hosts", f"host {host!r} is already claimed by profile {owners[host]!r}")
            owners[host] = profile.name
        profiles[profile.name] = profile
    profiles.setdefault(GENERIC, GENERIC_PROFILE)  # always available, even without generic.toml
    return profiles


_DEFAULT_DIR = PROFILES_DIR.resolve()


def load_profiles(directory: Path | None = None) -> dict[str, SiteProfile]:
    """Load every ``*.toml`` profile of ``directory`` (default: this package), keyed by name.

    Results are cached per directory (``clear_cache()`` forgets them); a fresh dict is
    returned each time so callers cannot corrupt the cache. A "generic" profile is always
    present. Raises :class:`ProfileError` naming the bad file and key.
    """
    # The default directory is resolved once: resolve() costs syscalls, and the workers
    # look profiles up on every page.
    return dict(_load_cached(_DEFAULT_DIR if directory is None else Path(directory).resolve()))


def clear_cache() -> None:
    """Forget loaded profiles (tests, or after editing a TOML file at runtime)."""
    _load_cached.cache_clear()


def get_profile(name: str) -> SiteProfile:
    """The profile called ``name``; raises :class:`UnknownProfile` listing the known names."""
    profiles = load_profiles()
    try:
        return profiles[name]
    except (KeyError, TypeError):
        raise UnknownProfile(
            f"unknown profile {name!r}; known profiles: {', '.join(sorted(profiles))}"
        ) from None


def profile_for_url(url: str) -> SiteProfile:
    """The profile whose ``hosts`` match the URL: "host:port" first, then "host".

    A leading "www." is ignored as a last try; anything else gets the generic profile.
    """
    profiles = load_profiles()
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").lower().rstrip(".")
        port = parts.port
    except (ValueError, AttributeError):
        return profiles[GENERIC]
    by_host = {h: p for p in profiles.values() for h in p.hosts}
    candidates = [f"{host}:{port}"] if port else []
    candidates.append(host)
    if host.startswith("www."):
        candidates.append(host[4:])
    else:
        candidates.append(f"www.{host}")
    for key in candidates:
        if key and key in by_host:
            return by_host[key]
    return profiles[GENERIC]


__all__ = [
    "DISCOVERY_MODES",
    "GENERIC",
    "FrozenMap",
    "ListingRules",
    "ProfileError",
    "SiteProfile",
    "UnknownProfile",
    "clear_cache",
    "get_profile",
    "load_profile_file",
    "load_profiles",
    "profile_for_url",
]
