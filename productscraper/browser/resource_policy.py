"""What a render may fetch, as Chromium's own URL block list (CDP ``Network.setBlockedURLs``).

A page rendered in the browser asks for much more than its data: fonts, images, videos,
trackers, ads, widgets of other sites. Any of them can hang (a host that accepts and never
answers holds a ``<script src>`` in ``<head>``, and with it the page's own scripts, until
the page-load timeout). So a render fetches only:

- the page's own site: its registrable domain (``shop.example.co.uk`` and every
  ``*.example.co.uk``; for an IP address, that address), and
- the hosts its site profile lists in ``render_allow_hosts`` (a CDN that serves the
  shop's scripts or its product API, say),

and never, whatever the lists say: known analytics/tracker hosts, fonts and media files.
Images are switched off in the browser's preferences (:mod:`productscraper.browser`).

The rules are CDP ``Network.BlockPattern`` objects (URLPattern syntax; the first match
wins), checked by Chromium itself: no proxy of ours in the path.
"""
from __future__ import annotations

import functools
import ipaddress
from collections.abc import Iterable
from urllib.parse import urlsplit

#: Analytics, tag managers, ad and session-recording hosts: never needed for product data.
TRACKER_HOSTS: tuple[str, ...] = (
    "google-analytics.com", "googletagmanager.com", "googleadservices.com",
    "googlesyndication.com", "doubleclick.net", "adservice.google.com", "analytics.google.com",
    "connect.facebook.net", "facebook.com", "hotjar.com", "hotjar.io", "segment.com",
    "segment.io", "mixpanel.com", "amplitude.com", "fullstory.com", "clarity.ms",
    "bat.bing.com", "criteo.com", "criteo.net", "taboola.com", "outbrain.com",
    "scorecardresearch.com", "quantserve.com", "newrelic.com", "nr-data.net",
    "optimizely.com", "crazyegg.com", "mouseflow.com", "yandex.ru", "mc.yandex.ru",
    "tiktok.com", "analytics.tiktok.com", "snap.licdn.com", "ads-twitter.com",
    "static.ads-twitter.com", "pinimg.com", "trustpilot.com", "cookielaw.org",
    "onetrust.com", "cookiebot.com", "usercentrics.eu",
)
#: File types a product page never needs for its data (fonts, audio, video).
BLOCKED_EXTENSIONS: tuple[str, ...] = (
    "woff", "woff2", "ttf", "otf", "eot", "mp4", "webm", "ogg", "ogv", "mp3", "m4a", "m4v",
    "mov", "avi", "wav", "flac", "m3u8", "mpd",
)


@functools.lru_cache(maxsize=1)
def _suffix_list():
    # Imported and loaded lazily (~50 ms, the bundled list): only browser workers need it.
    from publicsuffixlist import PublicSuffixList

    return PublicSuffixList()


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


@functools.lru_cache(maxsize=4096)
def registrable_domain(host: str) -> str:
    """The part of ``host`` a shop owns: ``www.example.co.uk`` -> ``example.co.uk``.

    An IP address is its own domain; a host that is itself a public suffix (or has no dot,
    like ``localhost``) is returned as it is.
    """
    host = host.lower().rstrip(".")
    if not host or _is_ip(host) or "." not in host:
        return host
    return _suffix_list().privatesuffix(host) or host


def _host_patterns(entry: str) -> list[str]:
    """URLPattern strings for one allowed host entry ("x.com", "*.x.com", "1.2.3.4:81")."""
    host, _, port = entry.partition(":")
    port = port or "*"
    if host.startswith("*."):
        base = host[2:]
        return [f"*://{base}:{port}/*", f"*://*.{base}:{port}/*"]
    return [f"*://{host}:{port}/*"]


def blocked_url_patterns(page_url: str, allow_hosts: Iterable[str] = ()) -> list[dict]:
    """CDP ``Network.setBlockedURLs`` ``urlPatterns`` for a render of ``page_url``.

    Order matters (the first matching pattern decides): trackers and fonts/media are
    blocked first, then the page's own site and ``allow_hosts`` are allowed, then every
    other http(s) URL is blocked. ``data:``/``blob:`` URLs are never matched.
    """
    patterns: list[dict] = []
    for host in TRACKER_HOSTS:
        for pattern in _host_patterns(f"*.{host}"):
            patterns.append({"urlPattern": pattern, "block": True})
    for ext in BLOCKED_EXTENSIONS:
        for scheme in ("http", "https"):
            patterns.append({"urlPattern": f"{scheme}://*:*/*.{ext}", "block": True})
            patterns.append({"urlPattern": f"{scheme}://*:*/*.{ext}\\?*", "block": True})
    host = (urlsplit(page_url).hostname or "").lower()
    if host:
        domain = registrable_domain(host)
        own = [f"*.{domain}"] if domain and not _is_ip(domain) and "." in domain else [domain]
        for entry in (*own, *allow_hosts):
            for pattern in _host_patterns(entry.lower()):
                patterns.append({"urlPattern": pattern, "block": False})
    patterns.append({"urlPattern": "http://*:*/*", "block": True})
    patterns.append({"urlPattern": "https://*:*/*", "block": True})
    return patterns
