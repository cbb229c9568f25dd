"""MongoDB access: one module per collection, one connection module (scrapy-redis style split)."""
