"""Start-up objects are frozen out of the garbage collector once a crawl's engine starts."""
from __future__ import annotations

import pytest

from tests.services import ROOT, python_json

# A real crawl with the project's settings (but no pipelines): a spider without requests starts its engine
# and closes at once. It reports how many objects were frozen when it closed.
_CRAWL = """
import gc, json, sys
import scrapy
from scrapy import signals
from scrapy.crawler import CrawlerProcess
from scrapy.utils.project import get_project_settings

seen = {}

class Empty(scrapy.Spider):
    name = "empty"
    async def start(self):
        return
        yield

settings = get_project_settings()
settings.set("LOG_LEVEL", "ERROR")
settings.set("ITEM_PIPELINES", {})  # no MongoDB needed
if len(sys.argv) > 1:
    settings.set("GC_FREEZE_ENABLED", sys.argv[1] == "on")
process = CrawlerProcess(settings, install_root_handler=False)
crawler = process.create_crawler(Empty)
crawler.signals.connect(lambda spider: seen.update(before=gc.get_freeze_count()),
                        signal=signals.spider_opened, weak=False)
crawler.signals.connect(lambda spider: seen.update(after=gc.get_freeze_count()),
                        signal=signals.spider_closed, weak=False)
process.crawl(crawler)
process.start()
print(json.dumps(seen))
"""

_ENV = {"SCRAPY_SETTINGS_MODULE": "productscraper.settings", "PYTHONPATH": str(ROOT)}


@pytest.mark.parametrize("arg", [[], ["on"]])
def test_a_crawl_freezes_its_start_up_objects_once_the_engine_has_started(arg):
    out = python_json(_CRAWL, *arg, env=_ENV)
    assert out["before"] == 0  # nothing frozen while the crawl is being set up
    # Scrapy, Twisted, lxml, pymongo... tens of thousands of objects.
    assert out["after"] > 10_000


def test_gc_freeze_enabled_false_leaves_the_collector_alone():
    out = python_json(_CRAWL, "off", env=_ENV)
    assert out == {"before": 0, "after": 0}


_WORKER = """
import gc, json
from productscraper.worker.crawl_service import get_service

get_service()  # what a worker process does as soon as it is ready
print(json.dumps({"frozen": gc.get_freeze_count(), "young": len(gc.get_objects())}))
"""


def test_a_worker_crawl_service_freezes_what_its_warm_up_created_too(cli_env):
    # The extension freezes at engine start; the extraction warm-up that follows imports
    # extruct & co. Left unfrozen, those would be re-walked by every full collection.
    out = python_json(_WORKER, env=cli_env)
    assert out["frozen"] > 10_000
    assert out["young"] < 2_000, out  # all but what was made since the last freeze
