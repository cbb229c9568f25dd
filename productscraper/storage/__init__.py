"""MongoDB access: one module per collection, one connection module (scrapy-redis style split)."""

#: MongoDB's error code for a duplicate key (an insert the unique ``_id`` already holds).
DUPLICATE_KEY = 11000
