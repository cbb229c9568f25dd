"""URL canonicalisation and fingerprints: one product URL, one key."""
from __future__ import annotations

import hashlib
from functools import lru_cache
from urllib.parse import urlsplit

from w3lib.url import canonicalize_url

ALLOWED_SCHEMES = ("http", "https")


class InvalidURL(ValueError):
    """A URL that productscraper cannot crawl (bad syntax, scheme or host)."""


def validate_url(url: str) -> str:
    """Return ``url`` stripped, or raise :class:`InvalidURL` saying what is wrong."""
    if not isinstance(url, str) or not url.strip():
        raise InvalidURL(f"empty URL: {url!r}")
    url = url.strip()
    try:
        parts = urlsplit(url)
        port = parts.port  # raises ValueError on a bad port
    except ValueError as exc:
        raise InvalidURL(f"malformed URL {url!r}: {exc}") from None
    if parts.scheme.lower() not in ALLOWED_SCHEMES:
        raise InvalidURL(f"unsupported scheme {parts.scheme!r} in {url!r} (use http or https)")
    if not parts.hostname:
        raise InvalidURL(f"URL without a host: {url!r}")
    if any(c.isspace() for c in parts.netloc) or (port is not None and not 0 < port < 65536):
        raise InvalidURL(f"malformed host in {url!r}")
    return url


# Both are pure and asked several times per URL (ledger key, task id, product _id), at
# ~50 µs per canonicalisation: a small cache per process. Invalid URLs raise every time.
@lru_cache(maxsize=8192)
def canonical_url(url: str) -> str:
    """Canonical form (w3lib): sorted query, no fragment, normalised escapes."""
    return canonicalize_url(validate_url(url))


@lru_cache(maxsize=8192)
def url_fingerprint(url: str) -> str:
    """Stable 40-hex key of a URL's canonical form (used as the product ``_id``)."""
    return hashlib.sha1(canonical_url(url).encode("utf-8")).hexdigest()


def host_key(url: str) -> str:
    """``host:port`` when the URL names a port, else ``host`` (rate limits, profiles)."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    return f"{host}:{parts.port}" if parts.port else host
