"""Blocks of other products named by their heading, not their class.

Themes name a carousel's box for its layout ("swimlane", "listingbox", "grid") while its heading
says what it holds: "Related Products", "Kunden kauften auch", "Vous aimerez aussi", "関連商品".
The heading's section (its parent, or the siblings after it when the parent also holds the
product's title) is another products' block, read like one named "related".
"""
from __future__ import annotations

import re
from typing import Any

_HEADING = re.compile(
    r"\s*(?:related (?:products|items)|you (?:may|might|will) also (?:like|love)|customers (?:who [\w ]+ )?also"
    r" (?:bought|viewed|liked)|(?:frequently|often) bought together|similar (?:products|items)|recommended"
    r" (?:for you|products|items)|recently viewed|more (?:from|like this|products)|complete the look|shop the look|"
    r"people also (?:bought|viewed)|kunden kauften auch|kunden, die .{0,60}kauften|das könnte (?:dir|ihnen) auch"
    r" gefallen|ähnliche (?:artikel|produkte)|passende (?:artikel|produkte)|empfehlungen|zuletzt angesehen|"
    r"vous aimerez (?:aussi|peut-être aussi)|produits similaires|produits associés|articles similaires|"
    r"(?:también )?te (?:puede|podría) interesar|productos relacionados|productos similares|prodotti correlati|"
    r"potrebbe (?:interessarti|piacerti)|prodotti simili|produtos relacionados|você também pode gostar|"
    r"quem viu,? (?:também )?comprou|gerelateerde (?:producten|artikelen)|misschien ook interessant|"
    r"(?:podobne|polecane) produkty|klienci kupili również|похожие товары|с этим товаром (?:покупают|смотрят)|"
    r"рекомендуем|liknande produkter|relaterade produkter|関連商品|おすすめ商品|この商品を見た人は|相关商品|"
    r"猜你喜欢|推荐商品|相關商品|관련 ?상품|추천 ?상품)\b.{0,40}",
    re.IGNORECASE)
_HEADING_TAGS = ("h2", "h3", "h4")
# The phrases' first letters (folded): most headings ("Description", "Reviews") start otherwise.
_STARTS = frozenset("acdefgklmopqrstvyzäпрсおこ推猜相関관추")


def _only_text(el: Any, text: str) -> bool:
    """The element shows nothing but ``text`` (links and icons around it aside)."""
    return " ".join("".join(el.itertext()).split()) == text


def other_product_blocks(root: Any, keep: frozenset[int]) -> set[Any]:
    """The sections (elements: held, so lxml keeps their proxies) that a heading names as other
    products; ``keep``: ids of the title's ancestors (a section holding the title is never one)."""
    blocks: set[Any] = set()
    body = root.find("body")
    for heading in body.iter(_HEADING_TAGS) if body is not None else ():
        first = next((t for t in heading.itertext() if not t.isspace()), "").lstrip()
        if not first or first[0].casefold() not in _STARTS:
            continue  # "Description", "Reviews", a tile's name: no phrase starts so (spares joining its text)
        text = " ".join("".join(heading.itertext()).split())
        if not text or len(text) >= 80 or text[0].casefold() not in _STARTS or _HEADING.fullmatch(text) is None:
            continue
        node, parent = heading, heading.getparent()
        # A header box holding only the heading ("<div class=ModuleHeader><h2>…</h2></div>"): its section is higher.
        while parent is not None and id(parent) not in keep and _only_text(parent, text):
            node, parent = parent, parent.getparent()
        if parent is None:
            continue
        if id(parent) not in keep:
            blocks.add(parent)
            continue
        for sibling in node.itersiblings():  # the heading sits beside the product: what follows it
            if id(sibling) not in keep:
                blocks.add(sibling)
    return blocks
