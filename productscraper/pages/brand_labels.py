"""The brand printed after a label: "Manufactured by: Lumio", a spec table's "Hersteller | Lumio".

Templates without brand markup still print it (Zen Cart's ``<li>Manufactured by: …</li>``,
Magento 1's "Additional Information" table, PrestaShop's "Marque"). The label must be a label:
followed by a colon in its own text, or alone in a table / definition-list cell whose next cell
holds the value, so a menu's "Brands" link is never read as one. Read in the raw HTML like the
labelled identifiers (:mod:`.identifiers`): a regex over the text is far cheaper than XPath.
"""
from __future__ import annotations

import re
from typing import Callable

_LABELS = (
    r"brand", r"manufacturer", r"manufactured by", r"made by", r"maker", r"hersteller", r"marke", r"marque",
    r"fabricant", r"marca", r"fabricante", r"merk", r"fabrikant", r"producent", r"marka", r"производитель",
    r"бренд", r"виробник", r"tillverkare", r"märke", r"valmistaja", r"merkki", r"výrobce", r"značka", r"gyártó",
    r"márka", r"producător", r"üretici", r"κατασκευαστής", r"μάρκα", r"メーカー", r"ブランド", r"品牌", r"制造商",
    r"브랜드", r"제조사",
)
_LABEL = r"(?:" + "|".join(_LABELS) + r")(?![^\W\d_])"
_TAGS = r"(?:\s|&nbsp;|&#160;|<(?!/?(?:td|dd|th|dt|tr|li|p|div)\b)[^<>]{0,300}>)*"  # inline tags only
# 1-40 characters of text, no markup or code punctuation; words, not a sentence.
_VALUE = r"([^\s<>{}=:;|][^<>{}=:;|]{0,38}[^\s<>{}=:;|.,]|[^\s<>{}=:;|.,])"
_AFTER_COLON = re.compile(r">\s*" + _LABEL + r"\s*[:：]" + _TAGS + _VALUE + r"\s*<", re.IGNORECASE)
_IN_CELLS = re.compile(r"<(th|dt|td)\b[^>]*>" + _TAGS + _LABEL + r"\s*[:：]?" + _TAGS + r"</\1>\s*"
                       r"<(?:td|dd)\b[^>]*>" + _TAGS + _VALUE + r"\s*<", re.IGNORECASE)
# Cheap first pass, as in :mod:`.identifiers`: a text that starts with a label's first letter.
_PREFILTER = re.compile(r">\s*+(?=[BbMmHhFfPpТтВвБбTtVvGgZzÜüΚκΜμメブ品制브제])" + _LABEL + r"(?=\s*+[:：<&])",
                        re.IGNORECASE)
_MAX_WORDS = 5
_MARKS = dict.fromkeys(map(ord, "\u200b\u200e\u200f\u2066\u2067\u2068\u2069\ufeff"))  # direction marks: no text
_NOT_NAMES = frozenset({"yes", "no", "n/a", "none", "-", "other", "ja", "nein", "oui", "non", "sí", "si"})


def labelled_brand(html: str, accept: Callable[[str], bool] | None = None, limit: int = 3_000_000) -> str | None:
    """The first labelled brand of the page's text that ``accept`` (the product's own block) takes."""
    for pre in _PREFILTER.finditer(html, 0, min(len(html), limit)):
        match = _AFTER_COLON.match(html, pre.start())
        if match is None:  # "<th>Brand</th><td>…", "<td><span>Brand</span></td>": the cell opens just before
            cell = max(html.rfind("<t", max(0, pre.start() - 300), pre.start() + 1),
                       html.rfind("<d", max(0, pre.start() - 300), pre.start() + 1))
            match = _IN_CELLS.match(html, cell) if cell != -1 else None
        if match is None:
            continue
        value = " ".join(match.group(match.lastindex or 1).translate(_MARKS).split())
        if _plausible(value) and (accept is None or accept(value)):
            return value
    return None


def _plausible(value: str) -> bool:
    """A name: a few words with a letter, not a number, a price or a yes/no answer."""
    words = value.split()
    return 0 < len(words) <= _MAX_WORDS and any(c.isalpha() for c in value) and value.casefold() not in _NOT_NAMES
