"""bench.realshops_extra against a temp git snapshot and a temp corpus (no network, no /work/shared)."""
from __future__ import annotations

import hashlib
import io
import json
import subprocess

from bench.realshops_extra import run

PAGE = b"<html><head><title>Kaffe 500 g</title></head><body><h1>Kaffe</h1> 59,90 kr</body></html>\n"


def _git(*args, cwd=None):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def _setup(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    _git("init", "-q", str(work))
    (work / "fixtures").mkdir()
    (work / "fixtures" / "product.html").write_bytes(PAGE)
    _git("add", ".", cwd=work)
    _git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "fixture", cwd=work)
    commit = _git("rev-parse", "HEAD", cwd=work)
    mirrors = tmp_path / "mirror"
    _git("clone", "-q", "--bare", str(work), str(mirrors / "someone+shop-scraper" / "repo"))
    corpus = tmp_path / "corpus"
    (corpus / "pages").mkdir(parents=True)
    old = {"id": "old-1", "file": "pages/old-1.html", "name": "Old"}
    (corpus / "truth.jsonl").write_text(json.dumps(old) + "\n", encoding="utf-8")

    def row(rid, sha):
        return {"id": rid, "file": f"pages/{rid}.html", "source_repo": "someone/shop-scraper",
                "source_path": "fixtures/product.html", "source_commit": commit, "domain": "shop.se",
                "name": "Kaffe", "price": "59.90", "currency": "SEK", "availability": "unknown", "sku": None,
                "has_schema_org": False, "label_source": "manual", "notes": None, "sha256": sha}

    return corpus, mirrors, row


def _extra(tmp_path, rows):
    path = tmp_path / "extra.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_missing_pages_are_added_once_and_absent_snapshots_are_listed(tmp_path):
    corpus, mirrors, row = _setup(tmp_path)
    good = row("ss-kaffe", hashlib.sha256(PAGE).hexdigest())
    lost = dict(good, id="xx-lost", file="pages/xx-lost.html", source_repo="other/gone")
    extra = _extra(tmp_path, [good, lost])
    out = io.StringIO()
    assert run(extra, corpus, mirrors, out) == 0
    assert (corpus / "pages" / "ss-kaffe.html").read_bytes() == PAGE
    lines = (corpus / "truth.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(x)["id"] for x in lines] == ["old-1", "ss-kaffe"]
    added = json.loads(lines[1])
    assert "sha256" not in added and added["source_commit"] == good["source_commit"]
    assert "missing snapshot: other/gone" in out.getvalue() and "added 1 page(s): ss-kaffe" in out.getvalue()
    out2 = io.StringIO()
    assert run(extra, corpus, mirrors, out2) == 0
    assert (corpus / "truth.jsonl").read_text(encoding="utf-8").splitlines() == lines
    assert "added 0 page(s)" in out2.getvalue()


def test_a_page_whose_sha256_differs_is_refused(tmp_path):
    corpus, mirrors, row = _setup(tmp_path)
    extra = _extra(tmp_path, [row("ss-bad", "0" * 64)])
    out = io.StringIO()
    assert run(extra, corpus, mirrors, out) == 1
    assert "ss-bad: sha256 mismatch, refused (expected " + "0" * 64 in out.getvalue()
    assert not (corpus / "pages" / "ss-bad.html").exists()
    assert len((corpus / "truth.jsonl").read_text(encoding="utf-8").splitlines()) == 1
