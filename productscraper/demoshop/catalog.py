"""The demo shop's product catalogue, generated deterministically from a seed.

Everything the shop serves (and the ground truth it reports) comes from here, so two shops
started with the same options serve byte-identical pages.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

__all__ = ["Catalog", "Category", "Product", "build_catalog", "page_count", "page_slice"]

# Category name -> nouns that make believable titles in it.
CATEGORY_NOUNS: dict[str, list[str]] = {
    "Garden Tools": ["Rake", "Trowel", "Pruning Shears", "Hose Reel", "Wheelbarrow", "Hedge Trimmer"],
    "Kitchen & Dining": ["Chef's Knife", "Saucepan", "Cutting Board", "Teapot", "Salad Bowl", "Pepper Mill"],
    "Outdoor Lighting": ["Lantern", "Path Light", "String Lights", "Wall Lamp", "Floodlight", "Torch"],
    "Home Office": ["Desk Lamp", "Notebook", "Monitor Stand", "Filing Box", "Desk Organiser", "Footrest"],
    "Camping Gear": ["Tent", "Sleeping Bag", "Camp Stove", "Water Bottle", "Hammock", "Backpack"],
    "Bathroom Fittings": ["Towel Rail", "Soap Dish", "Shower Head", "Mirror", "Laundry Basket", "Bath Mat"],
    "Power Tools": ["Cordless Drill", "Jigsaw", "Angle Grinder", "Sander", "Heat Gun", "Impact Driver"],
    "Pet Supplies": ["Dog Bed", "Cat Tree", "Feeding Bowl", "Leash", "Pet Carrier", "Chew Toy"],
    "Toys & Games": ["Puzzle", "Board Game", "Kite", "Building Set", "Yo-Yo", "Spinning Top"],
    "Bicycle Parts": ["Saddle", "Pedal Set", "Bike Light", "Bell", "Pannier", "Chain Lock"],
    "Audio & Hi-Fi": ["Speaker", "Headphones", "Turntable", "Amplifier", "Radio", "Soundbar"],
    "Baby Care": ["Baby Monitor", "Changing Mat", "Bottle Warmer", "Play Mat", "Bib Set", "Night Light"],
}
ADJECTIVES = [
    "Sturdy", "Compact", "Deluxe", "Classic", "Ergonomic", "Foldable", "Premium", "Rustic",
    "Lightweight", "Heavy-Duty", "Eco", "Smart", "Vintage", "Nordic", "Café-Style",
]
MATERIALS = ["Oak", "Steel", "Bamboo", "Copper", "Graphite", "Walnut", "Aluminium", "Ceramic", "Linen", "Carbon"]
BRANDS = ["Acme", "Smith & Sons", "Nordvik", "Hartwell", "Lumière", "Oakridge", "Trailhead", "Brightline"]
# Description fragments; some carry "&", quotes and non-ASCII so normalisers get exercised.
PRAISE = [
    "Built to last for years of daily use.",
    "Easy to clean & store.",
    "Designed in Europe, tested by “real” customers.",
    "Comes with a two-year warranty.",
    "A favourite with professionals and beginners alike.",
    "Ships in plastic-free packaging.",
    "Pairs well with the rest of the range — mix and match.",
]

OUT_OF_STOCK_SHARE = 0.15
UNRATED_SHARE = 0.2


@dataclass(frozen=True)
class Category:
    """A product category: readable name and the URL slug derived from it."""

    name: str
    slug: str
    theme: str  # key of CATEGORY_NOUNS the titles are drawn from


@dataclass
class Product:
    """One product. Prices are kept in integer cents so formatting never drifts."""

    id: int
    title: str
    price_cents: int
    stock: int | None  # None = out of stock
    sku: str
    gtin: str
    brand: str
    rating: float | None
    review_count: int | None
    category: Category
    description: str
    private: bool = False

    @property
    def in_stock(self) -> bool:
        """True when the product can be bought."""
        return self.stock is not None

    @property
    def price(self) -> float:
        """The price as a float (for truth.json)."""
        return self.price_cents / 100

    @property
    def price_text(self) -> str:
        """The price as the shop prints it, e.g. "12.34"."""
        return format_cents(self.price_cents)


@dataclass
class Catalog:
    """All products of one shop: public ones (ids 1..N) and private ones (ids after them)."""

    products: list[Product]
    private_products: list[Product]
    categories: list[Category]
    _by_id: dict[int, Product] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._by_id = {p.id: p for p in self.products + self.private_products}

    def get(self, product_id: int, *, private: bool = False) -> Product | None:
        """The product with this id, only if it lives in the requested (public/private) space."""
        product = self._by_id.get(product_id)
        if product is None or product.private != private:
            return None
        return product

    def category(self, slug: str) -> Category | None:
        """The category with this slug, or None."""
        return next((c for c in self.categories if c.slug == slug), None)

    def in_category(self, category: Category) -> list[Product]:
        """Public products of one category, in id order."""
        return [p for p in self.products if p.category == category]

    def reprice(self, share: float, seed: int) -> list[int]:
        """Change the price of exactly round(share * N) public products; return their ids.

        Deterministic for (current catalogue, share, seed); every chosen price really changes.
        """
        count = round(share * len(self.products))
        if not 0 <= count <= len(self.products):
            raise ValueError(f"share must be within 0..1, got {share}")
        rng = random.Random(f"reprice:{seed}")
        chosen = sorted(rng.sample([p.id for p in self.products], count))
        for pid in chosen:
            product = self._by_id[pid]
            new = round(product.price_cents * rng.uniform(0.8, 1.2))
            if new == product.price_cents:
                new += 1 if rng.random() < 0.5 or new <= 1 else -1
            product.price_cents = max(new, 1)
        return chosen


def format_cents(cents: int) -> str:
    """Format integer cents as a plain decimal string: 1234 -> "12.34", -500 -> "-5.00"."""
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}"


def slugify(name: str) -> str:
    """"Kitchen & Dining" -> "kitchen-dining"."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def page_count(total: int, per_page: int) -> int:
    """Number of listing pages; an empty listing still has one (empty) page."""
    return max(1, -(-total // per_page))


def page_slice(items: list[Product], page: int, per_page: int) -> list[Product] | None:
    """Items on 1-based `page`, or None when the page does not exist."""
    if page < 1 or page > page_count(len(items), per_page):
        return None
    return items[(page - 1) * per_page : page * per_page]


def _categories(count: int) -> list[Category]:
    names = list(CATEGORY_NOUNS)
    result = []
    for i in range(count):
        # More categories than names: reuse names with a numeric suffix so slugs stay unique.
        theme = names[i % len(names)]
        name = theme if i < len(names) else f"{theme} {i // len(names) + 1}"
        result.append(Category(name=name, slug=slugify(name), theme=theme))
    return result


def _gtin13(rng: random.Random) -> str:
    body = "400" + "".join(str(rng.randrange(10)) for _ in range(9))
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(body))
    return body + str((10 - total % 10) % 10)


def _product(pid: int, seed: int, categories: list[Category], seen_titles: set[str], private: bool) -> Product:
    # One RNG per product: product k is the same whatever N is.
    rng = random.Random(f"demoshop:{seed}:{pid}")
    category = categories[rng.randrange(len(categories))]
    noun = rng.choice(CATEGORY_NOUNS[category.theme])
    adjective, material = rng.choice(ADJECTIVES), rng.choice(MATERIALS)
    title = f"{adjective} {material} {noun}"
    mark = 2
    while title in seen_titles:
        title = f"{adjective} {material} {noun} Mk {mark}"
        mark += 1
    seen_titles.add(title)
    rated = rng.random() >= UNRATED_SHARE
    description = " ".join(
        [f"{'An' if adjective[0] in 'AEIOU' else 'A'} {adjective.lower()} {noun.lower()} made from {material.lower()}."]
        + rng.sample(PRAISE, 2)
    )
    return Product(
        id=pid,
        title=title,
        price_cents=rng.randint(199, 49_999),
        stock=None if rng.random() < OUT_OF_STOCK_SHARE else rng.randint(1, 40),
        sku=f"DS-{pid:05d}",
        gtin=_gtin13(rng),
        brand=rng.choice(BRANDS),
        rating=round(rng.uniform(1.0, 5.0), 1) if rated else None,
        review_count=rng.randint(1, 400) if rated else None,
        category=category,
        description=description,
        private=private,
    )


def build_catalog(products: int, categories: int, seed: int, private_products: int = 0) -> Catalog:
    """Generate the catalogue: public ids 1..products, private ids after them."""
    if products < 1 or categories < 1 or private_products < 0:
        raise ValueError("need products >= 1, categories >= 1, private_products >= 0")
    cats = _categories(categories)
    seen: set[str] = set()
    public = [_product(i, seed, cats, seen, private=False) for i in range(1, products + 1)]
    hidden = [
        _product(i, seed, cats, seen, private=True)
        for i in range(products + 1, products + private_products + 1)
    ]
    return Catalog(products=public, private_products=hidden, categories=cats)
