"""HTML (and robots.txt) rendering for the demo shop: pure functions from data to text.

The markup is the contract scrapers are tested against (see profiles/demo.toml), so change it
only together with the profile and tests.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from .catalog import Category, Product

__all__ = [
    "ProductView",
    "error_page",
    "home_page",
    "js_catalogue_page",
    "js_product_page",
    "listing_page",
    "product_fragment",
    "product_jsonld",
    "product_page",
    "robots_txt",
]

SHOP_NAME = "Demo Shop"
CURRENCY = "EUR"
CURRENCY_SYMBOL = "€"
JS_RENDER_DELAY_MS = 300


@dataclass(frozen=True)
class ProductView:
    """What one product page shows. `title` None / a negative price model the "invalid" fault."""

    id: int
    title: str | None
    price_text: str
    stock: int | None
    sku: str
    gtin: str
    brand: str
    rating: float | None
    review_count: int | None
    category: Category
    description: str
    page_url: str  # absolute URL of the page being rendered
    origin: str  # scheme://host:port, to make absolute URLs
    #: False: the page lost its price markup (visible price and the offer's price), as a
    #: template change would do (POST /_admin/markup?price=0; the quality monitors' test).
    show_price: bool = True

    @classmethod
    def of(cls, product: Product, *, page_url: str, origin: str, title: str | None = "",
           price_text: str | None = None, show_price: bool = True) -> ProductView:
        """Build a view of `product`; pass title=None or price_text to override what is shown."""
        return cls(
            id=product.id,
            title=product.title if title == "" else title,
            price_text=product.price_text if price_text is None else price_text,
            stock=product.stock,
            sku=product.sku,
            gtin=product.gtin,
            brand=product.brand,
            rating=product.rating,
            review_count=product.review_count,
            category=product.category,
            description=product.description,
            page_url=page_url,
            origin=origin,
            show_price=show_price,
        )

    @property
    def image_path(self) -> str:
        """Site-relative image URL."""
        return f"/media/{self.id}.jpg"


def category_path(category: Category, page: int = 1) -> str:
    """Site-relative URL of a category listing page."""
    return f"/category/{category.slug}/page-{page}.html"


def _layout(title: str, body: str, head: str = "") -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n"
        f'<meta property="og:site_name" content="{SHOP_NAME}">\n{head}</head>\n<body>\n'
        f'<header class="site-header"><a class="brand" href="/">{SHOP_NAME}</a></header>\n'
        f"{body}\n"
        f'<footer class="site-footer"><p>{SHOP_NAME} — a test site of productscraper.</p></footer>\n'
        "</body>\n</html>\n"
    )


def _json_script(data: object) -> str:
    # "<" escaped so "</script>" inside a string can never close the element early.
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")


def error_page(status: int, message: str = "") -> str:
    """A small HTML error page."""
    text = message or {404: "Not found", 410: "Gone", 429: "Too many requests",
                       500: "Internal server error", 503: "Service unavailable"}.get(status, "Error")
    return _layout(f"{status} {text} | {SHOP_NAME}", f'<main class="error"><h1>{status} {escape(text)}</h1></main>')


def _categories_nav(categories: Sequence[Category]) -> str:
    items = "".join(
        f'<li><a href="{category_path(c)}">{escape(c.name)}</a></li>' for c in categories
    )
    return f'<nav class="categories"><h2>Categories</h2><ul>{items}</ul></nav>'


def home_page(categories: Sequence[Category], *, js: bool = False) -> str:
    """Home: links to the full catalogue and to each category's first page."""
    extra = '<li><a class="js-catalogue" href="/js/catalogue/">Browse (dynamic)</a></li>' if js else ""
    body = (
        f'<main class="home"><h1>Welcome to the {SHOP_NAME}</h1>\n'
        f'<ul class="entry-points"><li><a class="catalogue" href="/catalogue/page-1.html">All products</a></li>{extra}</ul>\n'
        f"{_categories_nav(categories)}</main>"
    )
    return _layout(SHOP_NAME, body)


def product_card(title: str, href: str, price_text: str) -> str:
    """One listing card (the same markup the /js/catalogue/ script builds)."""
    return (
        f'<article class="product"><h3><a class="product-link" href="{escape(href)}">{escape(title)}</a></h3>'
        f'<p class="price">{CURRENCY_SYMBOL}{escape(price_text)}</p></article>'
    )


def listing_page(
    heading: str,
    products: Sequence[Product],
    href: Callable[[Product], str],
    *,
    page: int,
    pages: int,
    first_position: int,
    categories: Sequence[Category],
    origin: str,
) -> str:
    """A paginated listing; `href` gives each product's site-relative link.

    Pager links are relative. A schema.org ItemList (JSON-LD) repeats the product links so
    scrapers without site-specific selectors find them too.
    """
    item_list = {
        "@context": "https://schema.org",
        "@type": "ItemList",
        "itemListElement": [
            {"@type": "ListItem", "position": first_position + i, "url": origin + href(p), "name": p.title}
            for i, p in enumerate(products)
        ],
    }
    head = f'<script type="application/ld+json">{_json_script(item_list)}</script>\n'
    pager = [f'<li class="current">Page {page} of {pages}</li>']
    if page > 1:
        head += f'<link rel="prev" href="page-{page - 1}.html">\n'
        pager.insert(0, f'<li class="previous"><a rel="prev" href="page-{page - 1}.html">previous</a></li>')
    if page < pages:
        head += f'<link rel="next" href="page-{page + 1}.html">\n'
        pager.append(f'<li class="next"><a rel="next" href="page-{page + 1}.html">next</a></li>')
    cards = "\n".join(product_card(p.title, href(p), p.price_text) for p in products)
    body = (
        f"{_categories_nav(categories)}\n"
        f'<main class="listing"><h1>{escape(heading)}</h1>\n'
        f'<section class="products">\n{cards}\n</section>\n'
        f'<ul class="pager">{"".join(pager)}</ul></main>'
    )
    return _layout(f"{heading} – page {page} of {pages} | {SHOP_NAME}", body, head)


def product_fragment(view: ProductView) -> str:
    """The visible product markup (breadcrumb + details), shared by static and JS pages."""
    crumbs = [
        '<li><a href="/">Home</a></li>',
        f'<li><a href="{category_path(view.category)}">{escape(view.category.name)}</a></li>',
    ]
    if view.title is not None:
        crumbs.append(f'<li aria-current="page">{escape(view.title)}</li>')
    parts = [
        f'<nav class="breadcrumb" aria-label="Breadcrumb"><ol>{"".join(crumbs)}</ol></nav>',
        f'<article class="product-detail" data-product-id="{view.id}">',
    ]
    if view.title is not None:
        parts.append(f'<h1 class="title">{escape(view.title)}</h1>')
    parts.append(
        f'<img class="main" src="{view.image_path}" alt="{escape(view.title or "")}" width="300" height="300">'
    )
    if view.show_price:
        parts.append(f'<p class="price">{CURRENCY_SYMBOL}{escape(view.price_text)}</p>')
    stock = f"In stock ({view.stock} available)" if view.stock is not None else "Out of stock"
    parts.append(f'<p class="availability">{stock}</p>')
    if view.rating is not None:
        parts.append(
            f'<div class="rating" data-rating="{view.rating:.1f}" data-review-count="{view.review_count}">'
            f'<span class="stars">{view.rating:.1f} out of 5</span> '
            f'<span class="review-count">({view.review_count} reviews)</span></div>'
        )
    parts.append(f'<div class="description">{escape(view.description)}</div>')
    parts.append(
        '<table class="specs">'
        f"<tr><th>SKU</th><td>{escape(view.sku)}</td></tr>"
        f"<tr><th>GTIN</th><td>{escape(view.gtin)}</td></tr>"
        f"<tr><th>Brand</th><td>{escape(view.brand)}</td></tr>"
        f"<tr><th>Category</th><td>{escape(view.category.name)}</td></tr>"
        "</table>"
    )
    parts.append("</article>")
    return "\n".join(parts)


def product_jsonld(view: ProductView) -> list[str]:
    """The page's JSON-LD documents (schema.org Product, BreadcrumbList) as script bodies."""
    offer: dict[str, object] = {"@type": "Offer"}
    if view.show_price:
        offer.update({"price": view.price_text, "priceCurrency": CURRENCY})
    offer.update({
        "availability": "https://schema.org/" + ("InStock" if view.stock is not None else "OutOfStock"),
        "url": view.page_url,
    })
    if view.stock is not None:
        offer["inventoryLevel"] = {"@type": "QuantitativeValue", "value": view.stock}
    product: dict[str, object] = {"@context": "https://schema.org", "@type": "Product"}
    if view.title is not None:
        product["name"] = view.title
    product.update({
        "sku": view.sku,
        "gtin13": view.gtin,
        "brand": {"@type": "Brand", "name": view.brand},
        "category": view.category.name,
        "description": view.description,
        "image": view.origin + view.image_path,
        "offers": offer,
    })
    if view.rating is not None:
        product["aggregateRating"] = {
            "@type": "AggregateRating", "ratingValue": view.rating, "reviewCount": view.review_count,
            "bestRating": 5, "worstRating": 1,
        }
    items = [("Home", view.origin + "/"), (view.category.name, view.origin + category_path(view.category))]
    if view.title is not None:
        items.append((view.title, view.page_url))
    breadcrumbs = {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": [
            {"@type": "ListItem", "position": i, "name": name, "item": url}
            for i, (name, url) in enumerate(items, start=1)
        ],
    }
    return [_json_script(product), _json_script(breadcrumbs)]


def _page_title(view: ProductView) -> str:
    return f"{view.title} | {SHOP_NAME}" if view.title is not None else SHOP_NAME


def product_page(view: ProductView) -> str:
    """The static product page: JSON-LD in <head> plus the visible markup."""
    head = f'<link rel="canonical" href="{escape(view.page_url)}">\n' + "".join(
        f'<script type="application/ld+json">{doc}</script>\n' for doc in product_jsonld(view)
    )
    body = f'<main class="product-page">\n{product_fragment(view)}\n</main>'
    return _layout(_page_title(view), body, head)


def js_product_page(view: ProductView, delay_ms: int = JS_RENDER_DELAY_MS) -> str:
    """A product page whose raw HTML holds no product data: a script builds it after a delay.

    The payload (markup + JSON-LD) is base64 inside a JS string, so neither the title nor the
    price nor any readable JSON appears in the raw HTML; the rendered DOM matches product_page().
    """
    payload = json.dumps(
        {"title": _page_title(view), "html": product_fragment(view), "jsonld": product_jsonld(view)},
        ensure_ascii=False,
    )
    encoded = base64.b64encode(payload.encode("utf-8")).decode("ascii")
    script = f"""<script>
(function () {{
  var payload = "{encoded}";
  function decode(text) {{
    var binary = atob(text), bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return JSON.parse(new TextDecoder("utf-8").decode(bytes));
  }}
  setTimeout(function () {{
    var data = decode(payload);
    document.title = data.title;
    data.jsonld.forEach(function (text) {{
      var s = document.createElement("script");
      s.type = "application/ld+json";
      s.text = text;
      document.head.appendChild(s);
    }});
    var app = document.getElementById("app");
    app.className = "product-page";
    app.innerHTML = data.html;
  }}, {delay_ms});
}})();
</script>"""
    body = f'<main id="app" class="loading"><p class="loading">Loading…</p></main>\n{script}'
    return _layout(SHOP_NAME, body)


def js_nodata_page() -> str:
    """A page that runs scripts and loads, but never shows any product data (rendered or not)."""
    script = """<script>
document.addEventListener("DOMContentLoaded", function () {
  document.getElementById("app").className = "empty";
});
</script>"""
    body = f'<main id="app" class="loading"><p>This product is no longer listed.</p></main>\n{script}'
    return _layout(SHOP_NAME, body)


def js_catalogue_page(*, overlay: bool = False) -> str:
    """A listing filled by script from /api/products: "load more" button plus infinite scroll.

    ``overlay``: an invisible link covers the whole window (as a consent or promo layer
    can), so a click at the button's coordinates lands on the link instead.
    """
    script = f"""<script>
(function () {{
  var list = document.getElementById("products");
  var button = document.querySelector("button.load-more");
  var sentinel = document.getElementById("sentinel");
  var next = 1, loading = false, observer = null;
  function card(p) {{
    var article = document.createElement("article"), h3 = document.createElement("h3");
    var link = document.createElement("a"), price = document.createElement("p");
    article.className = "product";
    link.className = "product-link";
    link.href = p.url;
    link.textContent = p.title;
    price.className = "price";
    price.textContent = "{CURRENCY_SYMBOL}" + p.price;
    h3.appendChild(link);
    article.appendChild(h3);
    article.appendChild(price);
    return article;
  }}
  function load() {{
    if (loading || next === null) return;
    loading = true;
    fetch("/api/products?page=" + next)
      .then(function (r) {{ if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); }})
      .then(function (data) {{
        data.products.forEach(function (p) {{ list.appendChild(card(p)); }});
        next = data.next;
        if (next === null) {{
          button.remove();
          if (observer) observer.disconnect();
        }} else if (observer) {{
          observer.unobserve(sentinel);  // re-observing re-checks: keep loading while visible
          observer.observe(sentinel);
        }}
      }})
      .catch(function () {{ /* keep the button: a later click retries */ }})
      .finally(function () {{ loading = false; }});
  }}
  button.addEventListener("click", load);
  if ("IntersectionObserver" in window) {{
    observer = new IntersectionObserver(function (entries) {{
      if (entries.some(function (e) {{ return e.isIntersecting; }})) load();
    }});
  }}
  load();
  if (observer) observer.observe(sentinel);
}})();
</script>"""
    cover = ('<a class="promo-layer" href="/" aria-label="promotion" style="position:fixed;'
             'top:0;left:0;width:100%;height:100%;opacity:0;z-index:10"></a>\n') if overlay else ""
    body = (
        '<main class="listing js-listing"><h1>All products</h1>\n'
        '<section class="products" id="products"></section>\n'
        '<button class="load-more" type="button">Load more</button>\n'
        f'<div id="sentinel" class="sentinel"></div></main>\n{cover}{script}'
    )
    return _layout(f"All products | {SHOP_NAME}", body)


def robots_txt(sitemap: str | None = None) -> str:
    """robots.txt: everything allowed except /private/; names ``sitemap`` when given."""
    text = "User-agent: *\nDisallow: /private/\n"
    return text + (f"\nSitemap: {sitemap}\n" if sitemap else "")
