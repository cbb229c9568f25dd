"""Site profile loading, validation and lookup."""
from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from productscraper.profiles import (
    ProfileError,
    SiteProfile,
    UnknownProfile,
    clear_cache,
    get_profile,
    load_profiles,
    profile_for_url,
)

VALID = """
name = "{name}"
hosts = ["shop.example", "127.0.0.1:9000"]
currency = "eur"
render = "detail"
wait_for = "h1.title"
rate_limit = 2.5
burst = 3

[listing]
product_links = ["article a::attr(href)"]
next_page = "li.next a::attr(href)"
category_links = ["xpath://nav//a/@href"]
follow_categories = true

[fields]
title = "h1::text"
sku = "xpath://th[.='SKU']/following-sibling::td[1]/text()"
"""


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_profiles_load() -> None:
    profiles = load_profiles()
    assert {"books", "generic"} <= set(profiles)
    books = profiles["books"]
    assert books.hosts == ("books.toscrape.com", "127.0.0.1:8701")
    assert books.currency == "GBP" and books.render == "never" and books.burst == 1
    assert books.rate_limit is None and books.wait_for is None  # 0 / "" mean "not set"
    assert books.listing.product_links == ("article.product_pod h3 a::attr(href)",)
    assert {"title", "price", "availability", "sku", "rating", "category", "description", "image_url"} <= set(books.fields)
    generic = profiles["generic"]
    assert generic.hosts == () and generic.currency is None and dict(generic.fields) == {}
    for profile in profiles.values():  # demo/demo_js (written elsewhere) must load too
        assert profile.render in ("never", "listing", "detail", "both")


def test_valid_file_is_parsed(tmp_path: Path) -> None:
    write(tmp_path, "shop", VALID.format(name="shop"))
    profile = load_profiles(tmp_path)["shop"]
    assert profile.currency == "EUR"
    assert profile.render == "detail" and profile.wait_for == "h1.title"
    assert profile.rate_limit == 2.5 and profile.burst == 3
    assert profile.listing.next_page == ("li.next a::attr(href)",)  # a lone string is a list of one
    assert profile.listing.follow_categories is True
    assert profile.fields["title"] == "h1::text"
    assert "generic" in load_profiles(tmp_path)  # built in even without generic.toml


def test_profiles_are_immutable_hashable_and_picklable(tmp_path: Path) -> None:
    write(tmp_path, "shop", VALID.format(name="shop"))
    profile = load_profiles(tmp_path)["shop"]
    with pytest.raises(TypeError):
        profile.fields["title"] = "x"  # type: ignore[index]
    assert hash(profile) == hash(pickle.loads(pickle.dumps(profile)))
    assert pickle.loads(pickle.dumps(profile)) == profile


def test_cache_and_fresh_dicts(tmp_path: Path) -> None:
    write(tmp_path, "shop", VALID.format(name="shop"))
    first = load_profiles(tmp_path)
    first.pop("shop")
    assert "shop" in load_profiles(tmp_path)  # callers cannot corrupt the cache
    write(tmp_path, "other", VALID.format(name="other").replace("shop.example", "other.example").replace("9000", "9001"))
    assert "other" not in load_profiles(tmp_path)  # cached
    clear_cache()
    assert "other" in load_profiles(tmp_path)


BAD = [
    ("name-mismatch", 'name = "other"', "name"),
    ("unknown-key", 'name = "bad"\nhostz = []', "hostz"),
    ("bad-render", 'name = "bad"\nrender = "sometimes"', "render"),
    ("bad-currency", 'name = "bad"\ncurrency = "pounds"', "currency"),
    ("bad-hosts", 'name = "bad"\nhosts = "shop.example"\nhosts2 = 1', "hosts2"),
    ("hosts-not-strings", 'name = "bad"\nhosts = [1, 2]', "hosts"),
    ("negative-rate", 'name = "bad"\nrate_limit = -1', "rate_limit"),
    ("zero-burst", 'name = "bad"\nburst = 0', "burst"),
    ("bad-css", 'name = "bad"\n[listing]\nproduct_links = ["a[href"]', "listing.product_links"),
    ("bad-xpath", 'name = "bad"\n[fields]\ntitle = "xpath://h1[["', "fields.title"),
    ("unknown-field", 'name = "bad"\n[fields]\ntitel = "h1::text"', "fields.titel"),
    ("unknown-listing-key", 'name = "bad"\n[listing]\nproducts = []', "listing.products"),
    ("follow-not-bool", 'name = "bad"\n[listing]\nfollow_categories = "yes"', "listing.follow_categories"),
    ("invalid-toml", 'name = "bad\n', "invalid TOML"),
]


@pytest.mark.parametrize("text,key", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_invalid_files_name_the_file_and_key(tmp_path: Path, text: str, key: str) -> None:
    write(tmp_path, "bad", text)
    with pytest.raises(ProfileError) as err:
        load_profiles(tmp_path)
    assert "bad.toml" in str(err.value) and key in str(err.value)


def test_duplicate_host_is_an_error(tmp_path: Path) -> None:
    write(tmp_path, "one", 'name = "one"\nhosts = ["shop.example"]')
    write(tmp_path, "two", 'name = "two"\nhosts = ["Shop.Example"]')
    with pytest.raises(ProfileError, match="already claimed"):
        load_profiles(tmp_path)


def test_get_profile_unknown_lists_names() -> None:
    assert isinstance(get_profile("books"), SiteProfile)
    with pytest.raises(UnknownProfile) as err:
        get_profile("nope")
    assert isinstance(err.value, KeyError)
    assert "nope" in str(err.value) and "books" in str(err.value) and "generic" in str(err.value)


@pytest.mark.parametrize(
    "url,name",
    [
        ("http://127.0.0.1:8701/catalogue/page-1.html", "books"),
        ("http://books.toscrape.com/index.html", "books"),
        ("https://BOOKS.toscrape.com:443/x", "books"),  # host match when host:port is not listed
        ("http://www.books.toscrape.com/", "books"),
        ("http://127.0.0.1:8702/", "generic"),  # same host, other port: not books
        ("https://unknown.example/p/1", "generic"),
        ("not a url", "generic"),
        ("http://[bad", "generic"),
    ],
)
def test_profile_for_url(url: str, name: str) -> None:
    assert profile_for_url(url).name == name
