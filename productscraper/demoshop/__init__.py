"""The project's own demo shop: a deterministic aiohttp site for tests and benchmarks.

Modules: catalog (products from a seed), faults (which products misbehave and how),
templates (HTML), server (aiohttp app), cli (command line), testing (subprocess helper for
tests; stdlib only). Nothing is imported here so `testing` stays free of aiohttp.
"""
