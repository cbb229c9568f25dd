"""schema.org structured data of a page (JSON-LD, microdata, RDFa) and OpenGraph metadata.

extruct does the extraction; :mod:`.schema_nodes` flattens its three dialects into one shape:
compact property names ("name", not "http://schema.org/name"), ``@type`` as a list of short
type names, ``{"@value": x}`` unwrapped and ``{"@id": ...}`` references resolved. JSON-LD
scripts that extruct rejects are re-parsed tolerantly (see :mod:`.jsonld`).
"""
from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterator
from typing import Any

from parsel import Selector

from productscraper.pages.jsonld import extract_jsonld
from productscraper.pages.schema_nodes import (
    LIST_TYPES, PRODUCT_TYPES, _MAX_DEPTH, _compact, _expand_graphs, _index, _rdfa_nodes, _resolve, is_product,
    types_of,
)
from productscraper.pages.probes import TextProbes
from productscraper.pages.schema_fields import looks_like_url

logger = logging.getLogger(__name__)
_RDFA_PRODUCT = re.compile(r"typeof=\s*[\"'][^\"']{0,180}?(?:product|offer)", re.IGNORECASE)



def _rdfa_product(text: str) -> bool:
    """An RDFa ``typeof`` naming a Product or Offer: each ``typeof=`` found with str.find
    and the regex run on what follows it (the regex over a whole 400 kB page: ~30 ms)."""
    for probe in ("typeof=", "TYPEOF=", "typeOf="):
        at = text.find(probe)
        while at != -1:
            if _RDFA_PRODUCT.match(text, at, at + 200):
                return True
            at = text.find(probe, at + 7)
    return False


# What XPath's translate(@type, "LDJSON", "ldjson") does, as the tolerant parser reads types.
_LDJSON_LOWER = str.maketrans("LDJSON", "ldjson")


def _jsonld_script_in(root: Any) -> bool:
    """A ``<script>`` whose type says "ld+json" (its LDJSON letters lower-cased): neither
    extruct nor the tolerant parser reads JSON-LD from anything else. ``iter("script")``
    visits scripts only, in C: ~0.03 ms against ~0.2 ms for a text probe that misses."""
    for node in root.iter("script"):
        kind = node.get("type")
        if kind and "ld+json" in kind.translate(_LDJSON_LOWER):
            return True
    return False


def _needed_syntaxes(text: str, probes: TextProbes | None = None, tree: Any = None) -> list[str]:
    """Cheap text probes so pages without structured data skip extruct entirely.

    Case-sensitive probes on the usual spellings (lower-casing a 400 kB page costs ~3 ms);
    ``probes`` (:class:`.TextProbes` of ``text``) answers all spellings of a word with one
    scan, and one "no spelling at all" answer spares the probes that could only matter
    with it: no "itemscope" in any case, no microdata item (HTML attribute names are
    case-blind), whatever "itemtype" says; no "typeof=", no RDFa Product whatever "vocab=" says.
    (An XPath for an ``itemscope`` attribute in the tree costs more than the probes.)
    OpenGraph is not asked of extruct: the product page reads every meta tag itself.
    ``tree``: the page's parsed root, when there is one: no JSON-LD script there, no JSON-LD.
    """
    has = TextProbes(text) if probes is None else probes
    syntaxes = []
    if (tree is None or _jsonld_script_in(tree)) and ("ld+json" in has or "LD+JSON" in has or "ld+JSON" in has):
        syntaxes.append("json-ld")
    if has.may_contain("itemscope") and (
            "itemscope" in has or "itemtype" in has or "itemScope" in has or "ITEMSCOPE" in has):
        syntaxes.append("microdata")
    # pyRdfa costs 0.1-0.5 s on a large page: only when RDFa could hold a Product or Offer
    # (_rdfa_product looks for a spelling of "typeof=").
    if has.may_contain("typeof=") and ("typeof=" in has or "vocab=" in has) and _rdfa_product(text):
        syntaxes.append("rdfa")
    return syntaxes


@functools.lru_cache(maxsize=1)
def _microdata_extractor() -> Any:
    """extruct's microdata extractor with its two XPaths asked through the attribute axis:
    libxml2 walks ``//@itemscope/..`` ~2x faster than ``//*[@itemscope]``, same nodes in
    the same (document) order."""
    from lxml import etree
    from extruct.w3cmicrodata import MicrodataExtractor

    class AttributeAxisMicrodata(MicrodataExtractor):  # type: ignore[misc, valid-type]
        _xp_item = etree.XPath("descendant-or-self::*/@itemscope/..")
        _xp_prop = etree.XPath(
            "set:difference(./descendant::*/@itemprop/.., ./descendant::*[@itemscope]/descendant::*/@itemprop/..)",
            namespaces={"set": "http://exslt.org/sets"})

    return AttributeAxisMicrodata


def _microdata(root: Any, base_url: str | None) -> list[Any]:
    """What ``extruct.extract(root, syntaxes=["microdata"], uniform=True)`` returns, with
    extruct's document-order list of items built once: its extractor asks the same
    whole-page XPath twice (once to number the items, once to walk them), ~0.3 ms a page."""
    from extruct.uniform import _umicrodata_microformat

    extractor = _microdata_extractor()()
    if root.getroottree().getroot() is not root:  # numbering counts from the root
        items = list(extractor.extract_items(root, base_url))
    else:
        nodes = extractor._xp_item(root)
        itemids = {node: idx + 1 for idx, node in enumerate(nodes)}
        seen: set[Any] = set()
        found = (extractor._extract_item(node, items_seen=seen, base_url=base_url, itemids=itemids)
                 for node in nodes)
        items = [item for item in found if item]
    return _umicrodata_microformat(items, "http://schema.org") or []


def _run_extruct(text: str, url: str, syntaxes: list[str], tree: Any = None) -> dict[str, list[Any]]:
    """Each syntax on its own, so one failing extractor does not cost the others."""
    # Imported here: extruct (with mf2py, bs4, rdflib's helpers) takes ~0.15 s to import,
    # a start-up cost for every listing crawl whose pages the cheap probes above skip.
    import extruct
    from extruct.utils import parse_html, parse_xmldom_html

    out: dict[str, list[Any]] = {}
    # The page's own lxml.html tree serves JSON-LD and microdata: parsing twice costs ~5 ms a page.
    trees: dict[str, Any] = {"html": tree} if tree is not None else {}
    for syntax in syntaxes:
        try:
            kind = "xmldom" if syntax == "rdfa" else "html"
            if kind not in trees:
                parser = parse_xmldom_html if kind == "xmldom" else parse_html
                # Encoded only here: the page's own tree serves every syntax but RDFa.
                trees[kind] = parser(text.encode("utf-8", errors="replace"), encoding="UTF-8")
            if syntax == "microdata":
                out[syntax] = _microdata(trees[kind], url or None)
                continue
            result = extruct.extract(
                trees[kind], base_url=url or None, syntaxes=[syntax], uniform=True, errors="strict"
            )
            out[syntax] = result.get(syntax) or []
        except Exception as exc:  # extruct raises on broken JSON-LD, odd RDFa, empty docs...
            logger.debug("extruct %s failed on %s: %r", syntax, url, exc)
    return out


def _named_in(name: Any, headings: list[str]) -> bool:
    """True when a product's name is (part of) one of the page's headings."""
    if not isinstance(name, str) or len(name.strip()) < 3:
        return False
    folded = " ".join(name.split()).casefold()
    return any(folded in heading for heading in headings)


class StructuredData:
    """All schema.org nodes and OpenGraph properties of one page."""

    def __init__(self, text: str, url: str, selector: Selector, probes: TextProbes | None = None) -> None:
        self.url = url
        nodes: list[Any] = []
        og: dict[str, str] = {}
        tree = getattr(selector, "root", None)
        syntaxes = _needed_syntaxes(text, probes, tree if hasattr(tree, "iter") else None)
        if syntaxes:
            found = _run_extruct(text, url, syntaxes, tree)
            if "json-ld" in syntaxes:
                jsonld = found["json-ld"] if "json-ld" in found else extract_jsonld(selector)
                if not jsonld and "json-ld" in found:
                    # extruct "succeeded" with nothing usable: let the tolerant parser try too
                    jsonld = extract_jsonld(selector)
                items = _expand_graphs([_compact(i) for i in jsonld])
                index = _index(items)
                nodes.extend(_resolve(i, index) for i in items)
            nodes.extend(_compact(i) for i in found.get("microdata", []))
            nodes.extend(_rdfa_nodes(found.get("rdfa", [])))
            for group in found.get("opengraph", []):
                for key, value in group.items():
                    if isinstance(key, str) and not key.startswith("@") and isinstance(value, str):
                        if value.strip() and key not in og:
                            og[key] = value.strip()
        self._selector = selector
        self.roots: list[dict[str, Any]] = [n for n in _expand_graphs(nodes) if isinstance(n, dict)]
        self.opengraph = og

    @functools.cached_property
    def nodes(self) -> list[tuple[dict[str, Any], tuple[frozenset[str], ...]]]:
        """Every typed node with its ancestors' types, in document order."""
        out: list[tuple[dict[str, Any], tuple[frozenset[str], ...]]] = []

        def walk(value: Any, ancestors: tuple[frozenset[str], ...]) -> None:
            if len(ancestors) > _MAX_DEPTH:
                return
            if isinstance(value, list):
                for v in value:
                    walk(v, ancestors)
            elif isinstance(value, dict):
                types = frozenset(types_of(value))
                if types:
                    out.append((value, ancestors))
                inner = ancestors + (types,) if types else ancestors
                for key, v in value.items():
                    if key != "@type":
                        walk(v, inner)

        walk(self.roots, ())
        return out

    def products(self) -> list[dict[str, Any]]:
        """Product-like nodes, most likely main product first."""
        scored = []
        for position, (node, ancestors) in enumerate(self.nodes):
            if not is_product(node):
                continue
            nested = any(a & (PRODUCT_TYPES | LIST_TYPES | {"Offer", "AggregateOffer"}) for a in ancestors)
            score = 0 if nested else 8
            if node.get("offers") is not None or node.get("hasVariant") is not None:
                score += 2
            if node.get("name") and not looks_like_url(node.get("name")):
                score += 1  # (microdata takes an <a itemprop="name">'s href: a URL names nothing)
            if self.url and isinstance(node.get("url"), str) and node["url"].split("#")[0] == self.url.split("#")[0]:
                score += 4
            scored.append((-score, position, node))
        if sum(1 for score, _, _ in scored if score <= -8) > 1:
            # Several top-level products (the page's own and related ones): the one the page's
            # heading or title names is the page's own.
            headings = self._headings()
            scored = [(score - 3 if _named_in(node.get("name"), headings) else score, position, node)
                      for score, position, node in scored]
        scored.sort(key=lambda t: (t[0], t[1]))
        return [node for _, _, node in scored]

    def _headings(self) -> list[str]:
        """The page's <title>, og:title and h1 texts, whitespace-collapsed and case-folded."""
        texts = [self.opengraph.get("og:title", "")]
        texts += self._selector.xpath("//title/text() | //h1").xpath("string()").getall()[:4] if self._selector else []
        return [" ".join(t.split()).casefold() for t in texts if t and t.strip()]

    def main_product(self) -> dict[str, Any] | None:
        """The page's own product node, if any."""
        products = self.products()
        return products[0] if products else None

    def of_type(self, *names: str) -> Iterator[dict[str, Any]]:
        """Nodes having any of the given short type names, in document order."""
        wanted = set(names)
        for node, _ in self.nodes:
            if types_of(node) & wanted:
                yield node


def structured_data(text: str, url: str, selector: Selector,
                    probes: TextProbes | None = None) -> StructuredData:
    """Extract a page's structured data; never raises (an empty result on failure).

    ``probes``: the :class:`.TextProbes` of ``text``, when the caller shares one."""
    try:
        return StructuredData(text, url, selector, probes)
    except Exception as exc:  # defensive: odd inputs must not sink a page
        logger.debug("structured data extraction failed on %s: %r", url, exc)
        return StructuredData("", url, selector)
