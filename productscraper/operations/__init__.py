"""The operations stage: what operators and data consumers run.

- :mod:`~productscraper.operations.cli`: ``python -m productscraper …`` (stack, wait, report, status, enqueue…);
- :mod:`~productscraper.operations.stack`: the local stack (Redis, MongoDB-wire server, workers, Flower);
- :mod:`~productscraper.operations.queue_health`: stalls (a queue with messages and no consumer);
- :mod:`~productscraper.operations.api`: the read-only HTTP API;
- :mod:`~productscraper.operations.export`: JSONL/CSV export of a run's products;
- :mod:`~productscraper.operations.netutil`: ports and addresses of local services.
"""
