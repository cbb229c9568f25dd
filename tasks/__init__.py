"""Celery tasks of productscraper: ``celery -A tasks worker -l info``."""
from tasks.app import app

__all__ = ["app"]
