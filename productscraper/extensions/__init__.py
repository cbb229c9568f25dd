"""Scrapy extensions of the project (enabled in ``productscraper.settings.EXTENSIONS``)."""
