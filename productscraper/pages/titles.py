"""Product titles: the shop's name and page decorations stripped, the main h1 chosen.

Shops decorate ``<title>`` and ``og:title`` with their own name ("Pillow - JCPenney",
"Shop: Pillow", "Sweater from Lands' End"), a trailing price ("Bomber Jacket $24.99"),
trademark signs and sometimes the item number. The visible page often has several h1s
(a logo, a newsletter pop-up, "Technical details" headings): the product's is the one
the document title names, else the one nearest the price / buy button.
"""
from __future__ import annotations

import re
from typing import Any, Iterable
from urllib.parse import urlsplit

from productscraper.pages.currency import public_suffix_list
from productscraper.pages.identifiers import SKU_LABELS

# Separators between the product's name and the shop's: " | ", " - ", " – ", " — ", ": ", " · ".
_SEPARATORS = re.compile(r"\s+[|–—\-·•»]\s+|\s*[|:]\s+|\s+from\s+|\s+at\s+|\s+bei\s+|\s+chez\s+", re.IGNORECASE)
_MARKS = re.compile(r"\s*[®™©℠]")
_TRAILING_PRICE = re.compile(
    r"(?:\s+(?:[$€£¥]|EUR|USD|GBP|CHF)\s?\d[\d.,]*|\s+\d[\d.,]*\s?(?:[$€£¥]|EUR|USD|GBP|CHF))+\s*$")
_TRAILING_ID = re.compile(
    r"\s+(?:item\s*(?:#|no\.|:)|sku\s*[#:]?|art\.?-?nr\.?:?|artikel-?nr\.?:?)\s*[A-Za-z0-9][\w.-]{2,30}\s*$",
    re.IGNORECASE)
# Any shop-number label, then a separator: an h1 that prints its code ("... Apple Código do
# Produto: 111359833 (3819411)"). The separator keeps "Sony Item Number 5" style names whole.
_TRAILING_LABELLED = re.compile(
    r"\s+(?:" + "|".join(SKU_LABELS) + r")\s*[:#：]\s*[A-Za-z0-9][\w.-]{2,30}(?:\s*\(\w{1,20}\))?\s*$",
    re.IGNORECASE)
# The EU energy label printed after the name ("Waschmaschine, Weiß [Energieklasse A]").
_TRAILING_ENERGY = re.compile(
    r"\s*[\[(](?:energieklasse|energy\s+(?:efficiency\s+)?class|classe\s+[ée]nerg[ée]tique|classe\s+energetica|"
    r"clase\s+energ[ée]tica|energielabel|energiklass|klasa\s+energetyczna)\s*:?\s*[A-G]\+{0,3}[\])]\s*$",
    re.IGNORECASE)
# A code in a markup title beside the visible name: "(60005830)", "60005830", "#A-17".
_CODE_WORD = re.compile(r"\(?#?[A-Za-z]*\d[\w./#-]*\)?")
_NON_ALNUM = re.compile(r"[\W_]+", re.UNICODE)
_GENERIC_HOSTS = frozenset({"www", "shop", "store", "m", "en", "de", "fr"})


def _key(text: str) -> str:
    """Letters and digits only, case-folded: "Lands' End" == "landsend"."""
    return _NON_ALNUM.sub("", text).casefold()


key = _key  # public: the form in which titles and headings are compared


def is_site_name(text: str, names: set[str]) -> bool:
    """The text is only the shop's name (a logo h1)."""
    return bool(text) and _key(text) in names


def site_names(url: str, declared: Iterable[str | None] = ()) -> set[str]:
    """The shop's names as keys: declared ones (og:site_name, application-name) and the
    registrable domain's label ("www.jcpenney.com" -> "jcpenney")."""
    names = {_key(n) for n in declared if n}
    try:
        host = (urlsplit(url).hostname or "").lower()
    except ValueError:
        host = ""
    if host and not host.replace(".", "").isdigit():
        private = public_suffix_list().privatesuffix(host) or host
        label = private.split(".", 1)[0]
        if label and label not in _GENERIC_HOSTS:
            names.add(_key(label))
    return {n for n in names if len(n) >= 2}


def _is_site(segment: str, names: set[str]) -> bool:
    """A title segment naming the shop ("JCPenney", "H&M US", "Amazon.de: Elektronik")."""
    key = _key(segment)
    return bool(key) and any(key.startswith(n) or (len(key) >= 4 and n.startswith(key)) for n in names)


def _is_site_exactly(segment: str, names: set[str]) -> bool:
    """A leading segment is the shop only when it is its name alone ("Nike Air Max - Men's
    Shoes" on nike.com keeps its brand)."""
    return _key(segment) in names


def strip_site(title: str, names: set[str]) -> str:
    """``title`` without the shop's name before or after a separator; unchanged when
    nothing would be left."""
    if not names:
        return title
    cuts = list(_SEPARATORS.finditer(title))
    # The first separator followed by the shop's name: the rest is decoration.
    for m in cuts:
        if m.start() > 0 and _is_site(title[m.end():], names):
            title = title[:m.start()]
            break
    m = _SEPARATORS.search(title)
    if m and m.start() > 0 and _is_site_exactly(title[:m.start()], names) and title[m.end():].strip():
        title = title[m.end():]  # "Shop: Product"
    return title.strip()


def clean_title(title: str | None, names: set[str]) -> str | None:
    """A markup or visible title without shop name, trademark signs, a trailing price or
    item number."""
    if not title:
        return title
    text = " ".join(title.split())
    text = _MARKS.sub("", text)
    if _is_site_exactly(text, names):
        return None  # a <title> naming only the shop (a page without a product name)
    text = strip_site(text, names)
    text = _TRAILING_PRICE.sub("", text) or text
    text = _TRAILING_ID.sub("", text) or text
    text = _TRAILING_LABELLED.sub("", text) or text
    text = _TRAILING_ENERGY.sub("", text) or text
    return text.strip(" -|:–—") or None


def prefer_visible(title: str, visible: str | None, names: set[str]) -> str:
    """The visible h1 when the markup title is the same words run together ("HEART
    CLUBHeart ...") or the h1 plus a name of ``names`` (the shop's or the brand's, as
    :func:`key` gives them): "H&M Bomber Jacket" where the page's h1 says "Bomber Jacket"),
    or plus item codes, with or without such a name ("Nec E274F ... (60005830)")."""
    if not visible or visible == title:
        return title
    if _key(visible) == _key(title):
        return visible
    t, v = title.casefold(), visible.casefold()
    if v in t and t != v:
        rest = t.replace(v, " ", 1)
        if _key(rest) in names or _names_and_codes(rest, names):
            return visible
    return title


def _names_and_codes(rest: str, names: set[str]) -> bool:
    """``rest`` holds only the shop's or brand's name and item codes ("nec (60005830)")."""
    words = [w for w in rest.split() if _key(w)]
    return bool(words) and all(_key(w) in names or _CODE_WORD.fullmatch(w) for w in words) \
        and any(_CODE_WORD.fullmatch(w) for w in words)


def main_h1(h1s: list[Any], text_of: Any, blocked: Any, document_title: str | None,
            names: set[str] = frozenset()) -> Any | None:
    """The product's h1: shown, outside chrome and other products, not the shop's name (a
    logo); the one the document title (``<title>``, ``og:title``) contains, else the first."""
    texts = {id(h): text_of(h) for h in h1s}
    with_text = [h for h in h1s if texts[id(h)] and _key(texts[id(h)]) not in names] or [
        h for h in h1s if texts[id(h)]]
    with_text = [h for h in with_text if not _in_trail(h)] or with_text
    shown = [h for h in with_text if not blocked(h)]
    if not with_text:
        return None
    if document_title:
        key = _key(document_title)
        for group in (shown, with_text):  # a hidden h1 the title names beats a pop-up's
            # Two words at least: a one-word logo h1 ("Shop") is in every title of its shop.
            named = [h for h in group if len(texts[id(h)].split()) >= 2 and _key(texts[id(h)]) in key]
            if named:
                return max(named, key=lambda h: len(texts[id(h)]))
    shown = shown or with_text
    return shown[0]


def _in_trail(h1: Any) -> bool:
    """An h1 inside a link or a breadcrumb trail (B&H's category "Digital Cameras" in
    ``breadcrums-cont``) names a category, not the product."""
    el = h1.getparent()
    for _ in range(4):
        if el is None:
            return False
        if el.tag == "a" or "crumb" in (el.get("class") or "").lower():
            return True
        el = el.getparent()
    return False


def fuller_from_document_title(h1_text: str, document_title: str | None) -> str:
    """A brand-only h1 ("Kryptonite") whose document title's first segment starts with it
    ("Kryptonite KryptoLok Series 2 w/ Key - Campus Bike Shop"): that segment."""
    if not document_title or len(h1_text.split()) > 2:
        return h1_text
    first = re.split(r"\s+[|–—\-·]\s+|\s*\|\s*", document_title, maxsplit=1)[0].strip()
    if first.casefold().startswith(h1_text.casefold() + " ") and len(first) <= 150:
        return first
    return h1_text


_TOKEN = re.compile(r"\w+", re.UNICODE)


def fuller_visible(markup: str, visible: str, share: float = 0.8) -> bool:
    """The visible h1 names the same product as the markup title, in full: (nearly) all
    the markup title's words are in the h1 and the h1 has more ("Printer - 35SC060" in
    markup, "Printer - 1200 x 1200 DPI, 35 PPM ... - 35SC060" on the page). A shorter h1
    is not taken: it is as often a part of the name ("Diamond Ring") as the name without
    a variant."""
    a = {t.casefold() for t in _TOKEN.findall(markup)}
    b = {t.casefold() for t in _TOKEN.findall(visible)}
    if len(a) < 2 or len(b) <= len(a):
        return False
    return len(a & b) / len(a) >= share
