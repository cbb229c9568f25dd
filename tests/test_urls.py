import pytest

from productscraper.urls import InvalidURL, canonical_url, host_key, url_fingerprint, validate_url


@pytest.mark.parametrize("url", [
    "", "   ", "not a url", "ftp://example.com/x", "javascript:alert(1)", "file:///etc/passwd",
    "http://", "http:///path", "http://exa mple.com/", "http://127.0.0.1:99999/",
])
def test_invalid_urls_are_refused_with_a_reason(url):
    with pytest.raises(InvalidURL) as info:
        validate_url(url)
    assert str(info.value)


def test_canonical_url_sorts_query_and_drops_fragment():
    assert canonical_url("http://a.test/p?b=2&a=1#frag") == "http://a.test/p?a=1&b=2"


def test_same_product_different_spelling_has_one_fingerprint():
    assert url_fingerprint("http://a.test/p?b=2&a=1") == url_fingerprint("http://a.test/p?a=1&b=2#x")
    assert url_fingerprint("http://a.test/p/1") != url_fingerprint("http://a.test/p/2")


def test_host_key_keeps_the_port():
    assert host_key("http://127.0.0.1:8701/x") == "127.0.0.1:8701"
    assert host_key("https://Books.toscrape.com/x") == "books.toscrape.com"
