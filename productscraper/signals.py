"""Custom Scrapy signals."""

#: Sent with ``key`` (task key or None), ``outcome`` (:class:`~productscraper.worker.outcomes.Outcome`)
#: when a product request ends without an item (download error, non-HTML answer, ...).
product_outcome = object()
