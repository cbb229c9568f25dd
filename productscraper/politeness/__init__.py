"""The politeness stage: how hard the whole cluster may hit one domain.

- :mod:`~productscraper.politeness.limiter`: the cluster-wide per-domain limiter (GCRA in Redis,
  one Lua script per admission; pauses after a 429/503 and ``Retry-After``).

The Scrapy side of it is in :mod:`productscraper.middlewares` (``ratelimit``, ``robots``).
"""
