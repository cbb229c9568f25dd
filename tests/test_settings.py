"""Project settings that shape every crawl's start-up."""
from __future__ import annotations

from tests.services import ROOT, python_json

_EXTENSIONS = """
import json, sys
from scrapy.utils.conf import build_component_list
from scrapy.utils.misc import load_object
from scrapy.utils.project import get_project_settings

paths = build_component_list(get_project_settings().getwithbase("EXTENSIONS"))
for path in paths:
    load_object(path)
print(json.dumps({"paths": paths, "aiohttp": "aiohttp" in sys.modules}))
"""


def test_loading_every_extension_of_a_crawl_does_not_import_aiohttp():
    # Scrapy's remote-control extension (off here) imports aiohttp, ~0.1 s of start-up
    # for every crawl, the listing chain's included; the project leaves it out.
    out = python_json(_EXTENSIONS, env={"SCRAPY_SETTINGS_MODULE": "productscraper.settings",
                                        "PYTHONPATH": str(ROOT), "PATH": ""})
    assert out["aiohttp"] is False
    names = {path.rsplit(".", 1)[1] for path in out["paths"]}
    assert "RemoteControl" not in names
    assert {"CoreStats", "LogStats", "MemoryUsage", "CloseSpider"} <= names  # the rest stay
