"""Pure processing steps: normalisation, validation and sanitising of product data."""
from productscraper.processing.normalise import normalise_product
from productscraper.processing.sanitise import mongo_safe
from productscraper.processing.validate import validate_product

__all__ = ["mongo_safe", "normalise_product", "validate_product"]
