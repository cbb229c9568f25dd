"""Spiders: ``listings`` (discovery) and ``product`` (one detail page per request)."""
