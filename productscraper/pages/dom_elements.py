"""Element-level signals for the DOM layer: is an element hidden, struck through, inside
another product's block; its shown text and price text; tree distance between elements."""
from __future__ import annotations

import re
from typing import Any

from productscraper.processing.money import ascii_digits, parse_amount

_CART_WORDS = re.compile(
    r"add[\s-]?to[\s-]?(?:cart|bag|basket|trolley)|addtocart|add_to_cart|buy[\s-]?now|in den (?:warenkorb|einkaufswagen)"
    r"|warenkorb|ajouter au panier|añadir al carrito|agregar al carrito|aggiungi al carrello|adicionar ao carrinho"
    # buy buttons named by their class / id or pointing at the cart ("btn-buy", "buy-button", "/cart/add")
    r"|\bbuy[\s_-]?(?:button|btn|link)\b|\bbtn[\s_-]?buy\b|/cart/add\b|/add[\s_-]?to[\s_-]?cart\b"
    r"|comprar|in (?:de )?winkelwagen|do koszyka|в корзину|купить|lägg i (?:varukorg|kundvagn)|köp|カートに入れる|カートへ(?!進)|購入"
    # more shop languages: es "a la cesta", nl, no/da, fi, cs, hu, tr, ro, el, zh, ko, pt-BR
    r"|a la cesta|winkelwagen|winkelmand|handlekurv|\bi kurv\b|ostoskori|do košíku|kosárba|sepete ekle|în coș"
    r"|στο καλάθι|购物车|장바구니|à sacola|\b(?:jetzt )?kaufen\b|\bacheter\b|\bacquista\b|\bkup teraz\b|\bkjøp\b"
    r"|\bkøb\b|\bkoupit\b"
    # uk, sk, bg, hr / sr, lt, lv, et, he, ar, hi, id / ms, th, vi, zh-TW, es-CL
    r"|в кошик|купити|do košíka|в количката|u košaricu|u korpu|у корпу|į krepšelį|grozā|ostukorvi|לסל|לעגלה"
    r"|إلى السلة|للسلة|إلى عربة التسوق|कार्ट में|ke keranjang|keranjang|ke troli|ใส่ตะกร้า|ลงตะกร้า|vào giỏ"
    r"|購物車|al carro\b",
)  # matched against lower-cased labels (no IGNORECASE: faster on this many alternatives)
# Containers of other products or of the page chrome.
_SKIP_WORDS = ("related", "recommend", "upsell", "up-sell", "crosssell", "cross-sell", "similar", "carousel",
               "recent", "also-", "minicart", "mini-cart", "site-header", "site-footer", "sponsored", "bundle", "accessor",
               "compare-products", "frequently", "suggest", "wishlist", "fbt", "together", "miniature",
               "featured-products")
_SKIP_TAGS = frozenset({"footer", "nav", "aside", "script", "style", "noscript", "template"})
# Class / id words of prices that are not the current selling price ("oldPrice", "price--was").
_NOT_CURRENT_WORDS = frozenset(
    "strike striked struck strikethrough strikeout crossed old was before rrp msrp mrp uvp srp saving savings save discount "
    "unit base per compare instead statt streich installment installments monthly finance financing "
    "shipping delivery range from tax vat "
    # pay-later instalments, loyalty points, vouchers
    "afterpay klarna affirm sezzle clearpay laybuy points reward rewards loyalty deposit coupon voucher".split()
)
# A container named for what its row also shows ("price-discount", "price-including-tax",
# "price-from-to") holds the current price too: those words strike only the element itself.
_ROW_WORDS = frozenset("discount saving savings save tax vat from range shipping delivery".split())
_NOT_CURRENT_ANCESTOR = _NOT_CURRENT_WORDS - _ROW_WORDS
_TAX_WORDS = frozenset({"tax", "vat"})
_INCLUDING = frozenset("with incl including inkl inc brutto gross".split())  # "withoutTax" is "without"
# Words that make a price less likely the selling one (but it may be, when no other price is shown).
_SOFT_WORDS = frozenset("regular original reference list".split())
_HAS = frozenset({"with", "has"})
# Words that mark the price the customer pays now ("special-price", "price--sale").
_CURRENT_WORDS = frozenset("special sale final current now offer actual promo promotional selling deal".split())
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_STRUCK_TAGS = frozenset({"s", "del", "strike"})
_NOT_CURRENT_TEXT = re.compile(
    r"^\s*(?:was|list|reg(?:ular)?|orig(?:inal)?|rrp|msrp|mrp|uvp|statt|compare|save|you save|avant|prix barré|vorher)\b"
    r"|^\s*de\s*:"  # pt / es "De: R$ 89,99 Por: R$ 62,99"
    r"|(?:/|per |pro |je )\s*(?:\d+\s*)?(?:kg|g|l|ml|cl|m|m²|lb|oz)\b|(?:/|per |pro |je )\s*\d+\s*(?:stk|stück|st\.?)"
    r"|\bmonth\b|/mo\b|%|\bcoupons?\b|\bvouchers?\b", re.IGNORECASE)  # "Apply $5.00 coupon"
# A price the page labels as the one paid ("Ihr Preis 54,00 EUR" in modified eCommerce's
# "uvp_price" span): a class word does not strike it (a line through it still does).
CURRENT_TEXT = re.compile(
    r"^\s*(?:your price|our price|now|sale price|today'?s price|ihr preis|unser preis|jetzt(?: nur)?|sonderpreis|"
    r"angebotspreis|votre prix|notre prix|maintenant|nuestro precio|tu precio|ahora|por\s*:|il nostro prezzo|"
    r"nu voor|teraz|сейчас|今なら)\b", re.IGNORECASE)


def _lined(el: Any) -> bool:
    """A line through the element itself: ``<s>``/``<del>``/``<strike>``, a line-through style or
    Tailwind's ``line-through`` class."""
    tag = el.tag.lower() if isinstance(el.tag, str) else ""
    return tag in _STRUCK_TAGS or "line-through" in (el.get("style") or "").replace(" ", "").lower() \
        or "line-through" in _classes(el)


def shown_struck(node: Any, chain: list[Any]) -> bool:
    """A line through the element or its nearest ancestors (a tag or style, not a class word)."""
    return any(_lined(el) for el in [node, *chain[:4]])


# A price per item ("£1.50/unit", "€0.83/Stück", "$2 each"): the product's own price when it is
# sold by the item (Sainsbury's prints only "£1.50/unit" and "£1.50/ea"), a unit price of a
# multipack otherwise, so it is the price only when no other price element is there.
PER_ITEM = re.compile(r"(?:/|per |pro |je )\s*(?:unit|each|ea|piece|pc|pcs|item|stk|stück|st\.?)(?!\w)|\beach\b",
                      re.IGNORECASE)


# Tailwind-style utilities whose words say nothing of the price's role: "text-base" and
# "text-ui-fg-base" (font size, colour token: no "base price"), "from-gray-50" (a gradient:
# no "from" price); a variant prefix ("before:", "md:") is no word either.
_UTILITY = re.compile(r"(?:text|txt|bg|border|from|via|to|fill|stroke|ring|shadow|decoration|placeholder|leading)-"
                      r"(?:[a-z0-9]+-)*(?:base|[a-z]+-\d{2,3}|\d?x[sl]|sm|md|lg|transparent|current|inherit|white|black)"
                      r"(?:/\d+)?")


def _words(names: str) -> set[str]:
    """"oldPrice price--was" -> {"old", "price", "was"} (utility classes' words left out)."""
    if ":" in names or "base" in names or "from-" in names:  # cheap test: most names have none
        names = " ".join(u for t in names.split() if not _UTILITY.fullmatch(u := t.rpartition(":")[2]))
    return {w.lower() for w in _WORD.findall(names)}


def _classes(node: Any) -> str:
    try:
        return f"{node.get('class') or ''} {node.get('id') or ''}"
    except (AttributeError, ValueError, TypeError):
        return ""


def _ancestors(node: Any) -> list[Any]:
    out = []
    parent = node.getparent()
    while parent is not None:
        out.append(parent)
        parent = parent.getparent()
    return out


def has_any(names: str, words: tuple[str, ...]) -> bool:
    """Any of ``words`` in ``names``: a str search per word is ~4x cheaper than one regex
    alternation on these short strings (sre tries the alternation at every candidate letter),
    and a plain loop cheaper than any() over a generator."""
    for word in words:
        if word in names:
            return True
    return False


def _in_skipped(chain: list[Any], keep: frozenset[int] = frozenset()) -> bool:
    """Inside page chrome or another product's block; ``keep``: ids of the title's
    ancestors, never a skipped block ("product-page recommendations-visible" holds the title)."""
    for depth, el in enumerate(chain):
        if id(el) in keep:
            return False
        tag = el.tag.lower() if isinstance(el.tag, str) else ""
        # A page-level <header> is chrome; one deep inside the page wraps the product's title.
        if tag in _SKIP_TAGS or (tag == "header" and len(chain) - depth <= 3):
            return True
        names = _classes(el).lower()
        if names.strip() and has_any(names, _SKIP_WORDS):
            return True
    return False


# Hiding classes of CSS frameworks and shop platforms (Bootstrap's d-none, Cafe24's displaynone).
_HIDDEN_WORDS = frozenset({"hidden", "hide", "d-none", "invisible", "is-hidden", "visually-hidden", "visuallyhidden",
                           "displaynone", "display-none", "sr-only", "screen-reader-text",
                           "unvisible"})  # PrestaShop 1.6


_CONDITIONAL_HIDE = re.compile(r"no-?js|mobile|tablet|phone|small|(?:^|-)(?:xs|sm|md|lg|xl)(?:-|$)")
# "-hidden" after the name of a part hides that part only: Drupal's "field--label-hidden".
_PART_HIDDEN = re.compile(r"(?:label|title|icon|heading|caption|legend)-(?:hidden|hide)$|overflow-(?:[xy]-)?hidden$")
# Tailwind's breakpoints: "md:hidden" hides on a desktop, "hidden md:block" shows there.
_WIDE = frozenset({"sm", "md", "lg", "xl", "2xl"})
_DISPLAYS = frozenset({"block", "flex", "inline", "inline-block", "inline-flex", "grid", "inline-grid", "table",
                       "contents", "flow-root"})
# Closed boxes that scripts open: Bootstrap's and the platforms' "modal" (an add-to-cart
# confirmation with its "Go to cart" link, a quick view of another product).
_MODAL_WORDS = frozenset({"modal", "ec-modal", "reveal-modal", "modal-window"})


def _hiding_class(cls: str) -> bool:
    """A class attribute naming a hiding class ("d-none", "product--hidden", a "modal"), not
    one that hides only without scripts (Dawn's "no-js-hidden"), on one screen size
    ("product--mobile-hide", "hidden-xs") or only a part ("field--label-hidden"): a browser
    on a desktop shows those."""
    words = cls.lower().split()
    for word in words:
        if ":" in word:
            wide, _, utility = word.rpartition(":")
            if utility == "hidden" and wide in _WIDE:
                return True
            continue
        if word == "hidden" and any(_wide_display(w) for w in words):
            continue
        if word in _HIDDEN_WORDS or word in _MODAL_WORDS or (
                word.endswith(("-hidden", "-hide")) and not _CONDITIONAL_HIDE.search(word)
                and not _PART_HIDDEN.search(word)):
            return True
    return False


def _wide_display(word: str) -> bool:
    """"md:flex": shown from a tablet's width up, whatever "hidden" says for phones."""
    wide, _, utility = word.rpartition(":")
    return wide in _WIDE and utility in _DISPLAYS


def _hidden(node: Any, chain: list[Any]) -> bool:
    """Hidden by its markup (hidden attribute, display:none, a "hidden" class): not shown.

    CSS files are not read, so this catches templates and toggled messages, not everything.
    """
    for el in [node, *chain]:
        if _self_hidden(el):
            return True
    return False


def _struck(node: Any, chain: list[Any]) -> bool:
    """Struck through or named as not the current price, by the element or its nearest
    ancestors. The nearest one that says anything decides: Magento's ``old-price`` box holds
    a plain ``price`` span, PrestaShop's ``current-price`` sits in a ``has-discount`` box."""
    for el in [node, *chain[:4]]:
        if _lined(el):
            return True
        words = _words(_classes(el))
        hits = words & (_NOT_CURRENT_WORDS if el is node else _NOT_CURRENT_ANCESTOR)
        if hits == {"discount"} and "price" in words:
            return False  # "discount-price", VTEX's "spotPrice--pdp-price-discount": the reduced price
        if hits <= _TAX_WORDS and words & _INCLUDING:
            return False  # BigCommerce's "price--withTax", "price-including-tax": the price paid
        if hits:
            return not (el is not node and words & _CURRENT_WORDS)
        if words & _CURRENT_WORDS:
            return False
    return False


SOFT_RANK = 8  # _preference of a "regular" / "list" price: ranked last


def _preference(node: Any, chain: list[Any]) -> int:
    """Rank offset: a "sale"/"special" price first, a "regular"/"original" one last; the
    nearest element that names either decides (Dawn's ``price__regular`` in a
    ``price--on-sale`` box is the regular price)."""
    for el in [node, *chain[:2]]:
        words = _words(_classes(el))
        if words & _CURRENT_WORDS:
            return -2
        if words & _SOFT_WORDS and not words & _HAS:  # "with-list-price": the price that has one
            return SOFT_RANK
    return 0


def _distance(chain: list[Any], node: Any, anchors: list[tuple[Any, list[Any]]]) -> int:
    """Tree distance (edges via the nearest common ancestor) to the nearest anchor."""
    if not anchors:
        return 0
    mine = {id(el): depth for depth, el in enumerate([node, *chain])}
    best = 10_000
    for anchor, anchor_chain in anchors:
        for depth, el in enumerate([anchor, *anchor_chain]):
            if id(el) in mine:
                best = min(best, depth + mine[id(el)])
                break
    return best



def _text(node: Any) -> str:
    try:
        return " ".join("".join(node.itertext()).split())
    except (ValueError, TypeError):
        return ""


_HIDDEN_STYLE = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)", re.IGNORECASE)


_DIALOG_WORDS = re.compile(r"popup|modal|dialog|overlay|lightbox|drawer", re.IGNORECASE)


def _self_hidden(el: Any) -> bool:
    """Hidden by its own markup. aria-hidden alone is not (it hides from screen readers only,
    icons that show say it), but a closed ``<dialog>`` and a popup / modal box that says
    ``aria-hidden="true"`` are: scripts open them ("Artikel nicht mehr verfügbar!")."""
    cls = el.get("class")
    style = el.get("style")
    if el.get("hidden") is not None or bool(style and _HIDDEN_STYLE.search(style)) or bool(
            cls and _hiding_class(cls)):
        return True
    if el.get("aria-hidden") == "true":
        named = " ".join(filter(None, (cls, el.get("role"), el.get("id"))))
        if _DIALOG_WORDS.search(named):
            return True
    return el.tag == "dialog" and el.get("open") is None


def _shown_text(el: Any, out: list[str], depth: int) -> None:
    """Text pieces of ``el`` without its hidden descendants (their tails are shown)."""
    if el.text and depth < 12:
        out.append(" ".join(el.text.split()))
    for child in el:
        if isinstance(child.tag, str) and depth < 12 and not _self_hidden(child):
            _shown_text(child, out, depth + 1)
        if child.tail:
            out.append(" ".join(child.tail.split()))


def shown_text(el: Any) -> str:
    """An element's text without its hidden descendants, pieces joined by spaces
    ("<span>Maison X</span>Fluid" reads "Maison X Fluid")."""
    pieces: list[str] = []
    _shown_text(el, pieces, 0)
    return " ".join(p for p in pieces if p)


# One amount each: "1.299,00", "1 299" (a space before exactly three digits groups thousands),
# "1'234.50" / "1’234.50" (Swiss thousands).
_AMOUNTS = re.compile(r"\d+(?:(?:[.,]|[ \u00a0\u202f'’](?=\d{3}(?!\d)))\d+)*")
# An instalment plan printed with the price ("em 12x de R$ 333,25", "ou 3x R$ 20,00",
# "en 12 cuotas de $ 1.234", "4 interest-free payments of $12.50", "in 3 Raten à 20 €"):
# its amount is a part of the price, never the price.
INSTALMENT = re.compile(
    r"\b\d{1,2}\s*[x×]\s*(?:de\s+|of\s+)?\D{0,4}?\d[\d.,]*"
    r"|\b\d{1,2}\s+(?:[\w-]+\s+){0,2}?(?:cuotas|parcelas|rate|raten|installments|instalments|payments|mensualidades)"
    r"\s+(?:de|of|da|von|à|a|zu)\s+\D{0,4}?\d[\d.,]*", re.IGNORECASE)
# A decimal part in an element of its own: <span>19</span><span>.99</span>, <b>19</b>,<i>99</i>.
_DECIMAL_PIECE = re.compile(r"[.,]\d{1,2}(?!\d)")


_CENTS_PIECE = re.compile(r"\d{2}")


def _joined_decimals(pieces: list[str]) -> list[str]:
    """Glue a separate decimal part (".99", or "," then "99") to the integer before it."""
    out: list[str] = []
    for piece in pieces:
        if out and out[-1][-1:].isdigit() and _DECIMAL_PIECE.match(piece):
            out[-1] += piece
        elif len(out) >= 2 and out[-1] in (".", ",") and out[-2][-1:].isdigit() and piece[:1].isdigit():
            out[-2:] = [out[-2] + out[-1] + piece]
        elif out and out[-1][-1:] in (".", ",") and out[-1][-2:-1].isdigit() and _CENTS_PIECE.fullmatch(piece):
            out[-1] += piece  # "€210,<span>87</span>": the cents in their own (smaller) element
        else:
            out.append(piece)
    return out


# Class / id words of an old price shown beside the new one inside one price element.
_OLD_WORDS = frozenset("strike strikethrough strikeout crossed old was before rrp msrp mrp uvp srp compare instead "
                       "statt streich striked struck regular original list".split())


def _old_price(el: Any) -> bool:
    """Struck through, or named as the old price (not merely a box that has a discount)."""
    return _lined(el) or bool(_words(_classes(el)) & _OLD_WORDS)


_HARD_OLD = _OLD_WORDS - _SOFT_WORDS


def old_named(el: Any) -> bool:
    """Named as an old price ("old-price", "was", "rrp"), not merely as a "regular" / "list" one."""
    return bool(_words(_classes(el)) & _HARD_OLD)


def struck_parts(el: Any) -> tuple[str, list[str]]:
    """An element's shown price text without its struck-through / old-price descendants,
    and those descendants' texts (WooCommerce's ``<del>$50</del> <ins>$40</ins>``)."""
    kept: list[str] = []
    struck: list[str] = []

    def walk(node: Any, depth: int) -> None:
        if node.text and depth < 12:
            kept.append(" ".join(node.text.split()))
        for child in node:
            if isinstance(child.tag, str) and depth < 12 and not _self_hidden(child):
                if _old_price(child):
                    struck.append(price_text(child))
                else:
                    walk(child, depth + 1)
            if child.tail:
                kept.append(" ".join(child.tail.split()))

    walk(el, 0)
    return " ".join(" ".join(_joined_decimals([p for p in kept if p])).split()), [t for t in struck if t]
_SPLIT_CENTS = re.compile(r"^\D{0,4}\d+$")
_PRICE_TOKEN = re.compile(r"\d[\d.,\u00a0\u202f ]*")


def price_text(node: Any) -> str:
    """An element's price text: "$31<sup>57</sup>" reads "$31.57"; a screen-reader copy
    ("546,31 €546,31 €") reads once."""
    pieces: list[str] = []
    _shown_text(node, pieces, 0)
    pieces = _joined_decimals([p for p in pieces if p])
    if len(pieces) >= 2 and re.fullmatch(r"\d{2}", pieces[-1]) and _SPLIT_CENTS.match(pieces[-2]):
        pieces = pieces[:-2] + [pieces[-2] + "." + pieces[-1]]
    text = " ".join(" ".join(pieces).split())
    if not text.isascii():
        text = ascii_digits(text)  # "１，２８０円" is one amount
    found = list(_PRICE_TOKEN.finditer(text))
    if len(found) == 2 and len({re.sub(r"\D", "", m.group()) for m in found}) == 1:
        first = text[: found[1].start()].strip()  # the same price twice: keep the first copy
        return first if parse_amount(first)[0] is not None else text
    return text
