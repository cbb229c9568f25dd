"""normalise_product and its field parsers."""
from __future__ import annotations

import dataclasses

import pytest

from productscraper.processing import normalise_product
from productscraper.processing.availability import parse_availability, parse_stock
from productscraper.processing.money import currency_code, parse_amount
from productscraper.processing.normalise import NORMALISED_FIELDS, parse_count, parse_rating
from productscraper.profiles import get_profile

URL = "https://shop.example/p/1"
GENERIC = get_profile("generic")
BOOKS = get_profile("books")
CAD = dataclasses.replace(GENERIC, name="cad", currency="CAD")


def norm(profile=None, **raw: object) -> dict:
    return normalise_product({"url": URL, "title": "T", **raw}, profile=profile)


PRICES = [
    # raw price, raw currency, profile, expected price, expected currency
    ("£1,299.00", None, None, 1299.0, "GBP"),
    ("1.299,00 €", None, None, 1299.0, "EUR"),
    ("1.234,56 €", None, None, 1234.56, "EUR"),
    ("€ 1 299,00", None, None, 1299.0, "EUR"),
    ("¥1299", None, None, 1299.0, "JPY"),
    ("₹ 2,499", None, None, 2499.0, "INR"),
    ("$12.99", None, None, 12.99, "USD"),
    ("$12.99", None, CAD, 12.99, "CAD"),  # "$" is the profile's dollar
    ("12.99", None, CAD, 12.99, "CAD"),  # no currency on the page: the profile's
    ("12.99", None, None, 12.99, None),
    ("12.99", "gbp", CAD, 12.99, "GBP"),  # the page's ISO code wins
    ("12.99", "£", None, 12.99, "GBP"),  # a symbol in the currency field
    ("$5", "EUR", None, 5.0, "EUR"),
    ("49.99 USD", None, None, 49.99, "USD"),
    ("CHF 12.50", None, None, 12.5, "CHF"),
    ("R$ 1.299,90", None, None, 1299.9, "BRL"),
    ("12,50 zł", None, None, 12.5, "PLN"),
    ("199 kr", None, None, 199.0, None),  # ambiguous and no profile currency
    ("1299.5", None, None, 1299.5, None),
    ("19.999", "EUR", None, 19999.0, "EUR"),  # "1.299"-style thousands as shops print them
    ("10.005", "EUR", None, 10005.0, "EUR"),
    ("0.125", "USD", None, 0.13, "USD"),  # "0.xxx" is never a thousands group
    ("2.675", None, None, 2675.0, None),
    ("19.9999", "EUR", None, 20.0, "EUR"),  # machine numbers: Decimal, rounded half up
    ("-3.00", "EUR", None, -3.0, "EUR"),  # kept negative so validation can reject it
    ("Free", "EUR", None, 0.0, "EUR"),
    ("from £10 to £20", None, None, 10.0, "GBP"),
    ("", None, None, None, None),
    ("call us", None, None, None, None),
    (None, None, BOOKS, None, None),
]


@pytest.mark.parametrize("price,currency,profile,exp_price,exp_currency", PRICES)
def test_prices_and_currencies(price, currency, profile, exp_price, exp_currency) -> None:
    product = norm(profile, price=price, currency=currency)
    assert (product["price"], product["currency"]) == (exp_price, exp_currency)


def test_price_is_rounded_to_two_places() -> None:
    assert norm(price="2.345", currency="EUR")["price"] == 2345.0  # thousands reading, see above
    assert norm(price="2.3451", currency="EUR")["price"] == 2.35
    assert norm(price="0.005", currency="EUR")["price"] == 0.01
    assert parse_amount(1.005)[0] is not None


AVAILABILITY = [
    ("https://schema.org/InStock", "in_stock", None),
    ("http://schema.org/InStock", "in_stock", None),
    ("InStock", "in_stock", None),
    ("schema:OutOfStock", "out_of_stock", None),
    ("in stock", "in_stock", None),
    ("In stock (22 available)", "in_stock", 22),
    ("Only 3 left", "in_stock", 3),
    ("Only 3 left in stock - order soon.", "in_stock", 3),
    ("5 in stock", "in_stock", 5),
    ("Sold out", "out_of_stock", None),
    ("SOLD OUT", "out_of_stock", None),
    ("Currently unavailable.", "out_of_stock", None),
    ("Out of stock", "out_of_stock", None),
    ("Not available", "out_of_stock", None),
    ("https://schema.org/LimitedAvailability", "in_stock", None),
    ("InStoreOnly", "in_stock", None),
    ("https://schema.org/OnlineOnly", "in_stock", None),
    ("https://schema.org/PreOrder", "preorder", None),
    ("PreSale", "preorder", None),
    ("Pre-order now", "preorder", None),
    ("BackOrder", "backorder", None),
    ("Available on backorder", "backorder", None),
    ("https://schema.org/Discontinued", "discontinued", None),
    ("This product is no longer available", "discontinued", None),
    ("SoldOut", "out_of_stock", None),
    ("oos", "out_of_stock", None),
    ("", "unknown", None),
    (None, "unknown", None),
    ("Ask in store", "unknown", None),
]


@pytest.mark.parametrize("text,expected,stock", AVAILABILITY)
def test_availability_and_stock(text, expected, stock) -> None:
    product = norm(availability=text)
    assert (product["availability"], product["stock"]) == (expected, stock)


def test_stock_field_wins_and_implies_availability() -> None:
    assert norm(availability="In stock (22 available)", stock="7")["stock"] == 7
    assert norm(stock="4")["availability"] == "in_stock"
    assert norm(stock="0")["availability"] == "out_of_stock"
    assert parse_stock("Quantity: 1,200") == 1200
    assert parse_stock(3.0) == 3 and parse_stock(True) is None
    assert parse_availability(["", "https://schema.org/InStock"]) == "in_stock"


RATINGS = [
    ("star-rating Three", None, 3.0),
    ("star-rating One", None, 1.0),
    ("Five", None, 5.0),
    ("4.5", None, 4.5),
    ("4,5", None, 4.5),
    ("8", "10", 4.0),
    ("8/10", None, 4.0),
    ("4.2 out of 5 stars", None, 4.2),
    ("90%", None, 4.5),
    ("3", "3", 5.0),
    ("7", None, 5.0),  # clamped
    ("4", "0", None),
    ("no rating", None, None),
    (None, None, None),
]


@pytest.mark.parametrize("rating,scale,expected", RATINGS)
def test_rating_scaled_to_five(rating, scale, expected) -> None:
    assert parse_rating(rating, scale) == expected
    assert norm(rating=rating, rating_scale=scale)["rating"] == expected


@pytest.mark.parametrize("value,expected", [("1,024 reviews", 1024), ("12", 12), (7, 7), ("none", None), ("1 234", 1234)])
def test_review_count(value, expected) -> None:
    assert parse_count(value) == expected


def test_text_cleaning() -> None:
    product = norm(
        title="  Tom &amp; Jerry\n\t  Show&nbsp;Box ",
        brand=["", " Acme "],
        description="<p>Line one.</p><p>Line&nbsp;two &lt;3</p>",
        sku=" AB\u200b-1 ",
    )
    assert product["title"] == "Tom & Jerry Show Box"
    assert product["brand"] == "Acme"
    assert product["description"] == "Line one. Line two <3"
    assert product["sku"] == "AB-1"


def test_truncation_is_reported() -> None:
    product = norm(title="x" * 600, description="y " * 15_000, brand="b" * 1_200, sku="ok")
    assert len(product["title"]) == 500
    assert len(product["description"]) <= 20_000
    assert len(product["brand"]) == 1_000
    assert sorted(product["truncated"]) == ["brand", "description", "title"]
    assert norm()["truncated"] == []


def test_urls_made_absolute() -> None:
    product = normalise_product(
        {"url": "https://shop.example/p/1?b=2&a=1#top", "title": "T", "image_url": "../img/a b.jpg"}
    )
    assert product["url"] == "https://shop.example/p/1?a=1&b=2"
    assert product["image_url"] == "https://shop.example/img/a%20b.jpg"
    assert norm(image_url="data:image/png;base64,AAAA")["image_url"] is None
    assert norm(image_url="//cdn.example/x.jpg")["image_url"] == "https://cdn.example/x.jpg"


def test_an_image_url_without_a_host_is_dropped_and_the_product_stays_valid() -> None:
    from productscraper.processing.validate import validate_product

    image = "https:///Images/915x900/3197618_aa91d23a5c25.jpg"  # a real shop's og:image
    product = normalise_product({"url": "http://shop.example/p/1", "title": "T", "image_url": image})
    assert product["image_url"] is None
    # On its own scheme the empty host is the page's (urljoin): kept.
    assert norm(image_url=image)["image_url"] == "https://shop.example/Images/915x900/3197618_aa91d23a5c25.jpg"
    assert validate_product(product) == []


@pytest.mark.parametrize(
    "category,breadcrumbs,title,expected",
    [
        ("Poetry", ["Home", "Books", "Poetry"], "T", "Poetry"),
        (None, ["Home", "Books", "Poetry"], "T", "Poetry"),
        (None, ["Home", "Books", "Poetry", "A Light in the Attic"], "A Light in the Attic", "Poetry"),
        (None, ["Home"], "T", None),
        ("Tools > Hand tools", [], "T", "Hand tools"),
        ("Home › Garden", [], "T", "Garden"),
        (None, [], "T", None),
    ],
)
def test_category(category, breadcrumbs, title, expected) -> None:
    product = normalise_product({"url": URL, "title": title, "category": category, "breadcrumbs": breadcrumbs})
    assert product["category"] == expected


def test_output_shape_and_purity() -> None:
    raw = {"url": URL, "title": "T", "price": "£3", "breadcrumbs": ["A", " B "]}
    snapshot = dict(raw)
    product = normalise_product(raw, profile=BOOKS)
    assert raw == snapshot  # the raw product is left alone
    assert tuple(product) == NORMALISED_FIELDS
    assert product["breadcrumbs"] == ["A", "B"]
    assert normalise_product({})["availability"] == "unknown"
    assert normalise_product(None)["url"] is None  # type: ignore[arg-type]


@pytest.mark.parametrize("text,default,expected", [("£", None, "GBP"), ("usd", None, "USD"), ("$", "AUD", "AUD"),
                                                    ("$", None, "USD"), ("kr", "SEK", "SEK"), ("XYZ", None, None),
                                                    ("€", None, "EUR"), ("¥", None, "JPY"), ("₹", None, "INR"),
                                                    ("Euro", None, "EUR"), ("RUR", None, "RUB")])
def test_currency_code(text, default, expected) -> None:
    assert currency_code(text, default) == expected
