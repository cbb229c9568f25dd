"""A value one extraction layer proposes for one field, with that layer's confidence.

Layers (in order of trust) each return ``{field: Candidate}``; :mod:`.decision` picks one
value per field. Values stay raw strings (docs/CONTRACTS.md raw product); the normaliser
parses them.
"""
from __future__ import annotations

from dataclasses import dataclass

# Layer names, as stored in a product's ``sources`` (field -> layer).
SCHEMA_ORG = "schema_org"      # JSON-LD, microdata, RDFa Product nodes
META = "meta"                  # OpenGraph / product meta tags
EMBEDDED_JSON = "embedded_json"  # __NEXT_DATA__, __NUXT__, state blobs, JSON islands
PLATFORM = "platform"          # Shopify, WooCommerce, Magento, dataLayer ecommerce
ATTRIBUTES = "attributes"      # itemprop / data-* outside full microdata
DOM = "dom"                    # visible-page heuristics
PROFILE = "profile"            # the site profile's selectors
INFERRED = "inferred"          # e.g. currency from the shop's locale

#: Confidence of each layer's values; a layer may lower it for a weaker signal.
CONFIDENCE = {
    PROFILE: 1.0, SCHEMA_ORG: 0.95, META: 0.85, EMBEDDED_JSON: 0.8, PLATFORM: 0.8,
    ATTRIBUTES: 0.7, DOM: 0.55, INFERRED: 0.4,
}


@dataclass(frozen=True)
class Candidate:
    """One proposed value: ``value`` (raw text), the ``layer`` and its ``confidence``."""

    value: str
    layer: str
    confidence: float

    @classmethod
    def of(cls, value: object, layer: str, factor: float = 1.0) -> "Candidate | None":
        """A candidate for a non-empty value, with the layer's confidence times ``factor``."""
        if value is None or isinstance(value, bool):
            return None
        text = value if isinstance(value, str) else str(value)
        text = " ".join(text.split())
        if not text:
            return None
        return cls(text, layer, CONFIDENCE[layer] * factor)


def collect(layer: str, fields: dict[str, object], factor: float = 1.0) -> dict[str, Candidate]:
    """Candidates of one layer from a ``{field: raw value}`` dict (empty values dropped)."""
    out: dict[str, Candidate] = {}
    for name, value in fields.items():
        cand = Candidate.of(value, layer, factor)
        if cand is not None:
            out[name] = cand
    return out
