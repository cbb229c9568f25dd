"""Read-only HTTP API over the scraped data (``python -m productscraper api``).

``app``: the FastAPI application factory; ``queries``: the MongoDB queries it runs;
``models``: the response models documented at ``/openapi.json``.
"""
