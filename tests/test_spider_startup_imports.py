"""The listing crawl's start-up path imports no heavy optional stacks (issue 38).

Start-up from ``scrapy crawl listings`` to its first request must stay short; a
browser, plotting, web-API or terminal-UI import on that path costs most of it.
"""
import subprocess
import sys

HEAVY = ("selenium", "matplotlib", "fastapi", "rich")

PROBE = """
import sys
import productscraper.settings
import productscraper.spiders.listings
import productscraper.pipelines
import productscraper.pipelines.enqueue
import productscraper.middlewares
heavy = %r
loaded = sorted({k.split('.')[0] for k in sys.modules if k.split('.')[0] in heavy})
print(','.join(loaded))
""" % (HEAVY,)


def test_listing_spider_path_imports_no_browser_plotting_api_or_rich():
    """A fresh interpreter importing the spider path loads none of the heavy stacks."""
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=120
    )
    loaded = out.stdout.strip()
    assert loaded == "", f"spider start-up path imports {loaded}"
