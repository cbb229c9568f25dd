"""The encoding a spider hands the page objects with a response's body.

Scrapy's ``response.encoding`` follows the HTTP header, then ``<meta charset>``. Saved and
migrated pages often declare their old charset (``ISO-8859-15``) while their bytes are UTF-8:
read by the declaration, "€210,87" turns into mojibake and the price is lost. A charset the
server sends is kept; without one the page objects read the body as its bytes say (valid
UTF-8 is UTF-8, else the ``<meta>`` declaration; :func:`productscraper.pages.document.declared_encoding`),
as ``make quality`` reads the saved pages.
"""
from __future__ import annotations

from scrapy.http import Response
from w3lib.encoding import http_content_type_encoding


def body_encoding(response: Response) -> str | None:
    """The Content-Type header's charset, else None (the page objects sniff the body)."""
    ctype = response.headers.get(b"Content-Type")
    if ctype:
        declared = http_content_type_encoding(ctype.decode("latin-1"))
        if declared:
            return declared
    return None
