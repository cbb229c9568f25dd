"""schema.org nodes in one shape, whatever dialect extruct read them from.

Compact property names ("name", not "http://schema.org/name"), ``@type`` as a list of short
type names, ``{"@value": x}`` unwrapped, ``@graph`` expanded and ``{"@id": ...}`` references
resolved; RDFa's flat triples become nested nodes.
"""
from __future__ import annotations

import re
from typing import Any

PRODUCT_TYPES = frozenset(
    {"Product", "ProductGroup", "IndividualProduct", "ProductModel", "SomeProducts", "Vehicle", "Car"}
)
LIST_TYPES = frozenset({"ItemList", "OfferCatalog", "ListItem", "SearchResultsPage", "CollectionPage"})
_MAX_DEPTH = 40
_SCHEMA_PREFIX = re.compile(r"^(?:https?://(?:www\.)?schema\.org/|schema:)", re.IGNORECASE)


def short_type(value: Any) -> str:
    """"https://schema.org/Product", "schema:Product", "Product" -> "Product"."""
    text = str(value).strip().rstrip("/")
    return re.split(r"[/#:]", text)[-1]


def types_of(node: Any) -> set[str]:
    """Short type names of a node (``@type`` may be a string or a list)."""
    if not isinstance(node, dict):
        return set()
    raw = node.get("@type")
    if raw is None:
        return set()
    items = raw if isinstance(raw, list) else [raw]
    return {short_type(t) for t in items if isinstance(t, str) and t.strip()}


def is_product(node: Any) -> bool:
    """True for schema.org Product-like nodes."""
    return bool(types_of(node) & PRODUCT_TYPES)


def _compact(value: Any, depth: int = 0) -> Any:
    """Short property names, unwrapped ``@value``s, list types; a new structure."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(value, list):
        items = [_compact(v, depth + 1) for v in value]
        items = [v for v in items if v is not None]
        return items[0] if len(items) == 1 else items
    if not isinstance(value, dict):
        return value
    if "@value" in value:
        return _compact(value["@value"], depth + 1)
    out: dict[str, Any] = {}
    for key, item in value.items():
        if not isinstance(key, str) or key == "@context":
            continue
        if key == "@type":
            out["@type"] = sorted({short_type(t) for t in (item if isinstance(item, list) else [item]) if isinstance(t, str)})
            continue
        out[_SCHEMA_PREFIX.sub("", key)] = _compact(item, depth + 1)
    return out


def _index(items: list[Any]) -> dict[str, dict[str, Any]]:
    """``@id`` -> node, for nodes that carry more than a bare reference."""
    index: dict[str, dict[str, Any]] = {}

    def visit(value: Any, depth: int) -> None:
        if depth > _MAX_DEPTH:
            return
        if isinstance(value, list):
            for v in value:
                visit(v, depth + 1)
        elif isinstance(value, dict):
            node_id = value.get("@id")
            if isinstance(node_id, str) and len(set(value) - {"@id", "@type"}) > 0:
                index.setdefault(node_id, value)
            for v in value.values():
                visit(v, depth + 1)

    visit(items, 0)
    return index


def _resolve(value: Any, index: dict[str, dict[str, Any]], stack: tuple[str, ...] = ()) -> Any:
    """Replace bare ``{"@id": ...}`` references by the nodes they name (cycle safe)."""
    if len(stack) > _MAX_DEPTH:
        return value
    if isinstance(value, list):
        return [_resolve(v, index, stack) for v in value]
    if not isinstance(value, dict):
        return value
    node_id = value.get("@id")
    if isinstance(node_id, str) and set(value) <= {"@id", "@type"}:
        if node_id in index and node_id not in stack:
            return _resolve(index[node_id], index, stack + (node_id,))
        return value
    if isinstance(node_id, str):
        stack = stack + (node_id,)
    return {k: _resolve(v, index, stack) for k, v in value.items()}


def _expand_graphs(items: list[Any]) -> list[Any]:
    """Top-level ``@graph`` containers replaced by their members."""
    out: list[Any] = []
    for item in items:
        if isinstance(item, dict) and "@graph" in item:
            graph = item["@graph"]
            out.extend(graph if isinstance(graph, list) else [graph])
            rest = {k: v for k, v in item.items() if k not in ("@graph", "@context")}
            if types_of(rest):
                out.append(rest)
        elif isinstance(item, list):
            out.extend(_expand_graphs(item))
        else:
            out.append(item)
    return out


def _rdfa_nodes(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """extruct's expanded RDFa output -> compact nodes (each node once, references resolved)."""
    compacted = [_compact(n) for n in items if isinstance(n, dict)]
    compacted = [n for n in compacted if isinstance(n, dict)]
    index = {n["@id"]: n for n in compacted if isinstance(n.get("@id"), str)}
    referenced: set[str] = set()

    def refs(value: Any, depth: int = 0) -> None:
        if depth > _MAX_DEPTH:
            return
        if isinstance(value, dict):
            if isinstance(value.get("@id"), str) and set(value) <= {"@id", "@type"}:
                referenced.add(value["@id"])
            for v in value.values():
                refs(v, depth + 1)
        elif isinstance(value, list):
            for v in value:
                refs(v, depth + 1)

    for node in compacted:
        refs({k: v for k, v in node.items() if k != "@id"})
    # Unreferenced nodes are the roots; products are kept even when referenced, because an
    # Offer.itemOffered <-> Product.offers cycle would otherwise leave no root at all.
    roots = [n for n in compacted if types_of(n) and (n.get("@id") not in referenced or is_product(n))]
    # Unresolved references to plain URLs (an image, an availability) become strings.
    resolved = [_resolve(n, index) for n in roots]
    return [_flatten_refs(n) for n in resolved]


def _flatten_refs(value: Any, depth: int = 0) -> Any:
    if depth > _MAX_DEPTH:
        return None
    if isinstance(value, list):
        return [_flatten_refs(v, depth + 1) for v in value]
    if isinstance(value, dict):
        if set(value) == {"@id"}:
            return value["@id"]
        return {k: _flatten_refs(v, depth + 1) for k, v in value.items()}
    return value
