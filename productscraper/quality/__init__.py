"""Extraction quality: a real-page corpus with ground truth, the metric, and its report.

Pure: page objects and processing only (no Scrapy crawler, no stores). ``python -m
productscraper quality DIR`` (``make quality``) runs it; docs/quality.md keeps the table.
"""
