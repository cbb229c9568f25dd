"""Scrapy downloader middlewares of productscraper."""
