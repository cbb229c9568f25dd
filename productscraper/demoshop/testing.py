"""Run the demo shop as a subprocess from tests (stdlib only, like Scrapy's MockServer).

    with DemoShopProcess(products=50, latency_ms=100, faults={"503": 0.2}) as shop:
        crawl(shop.listing_url)
        assert scraped == shop.truth()
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["DemoShopProcess", "FetchResult", "HangingServer"]

READY_PREFIX = "DEMO SHOP LISTENING "
_REPO_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class FetchResult:
    """A raw HTTP answer: redirects are not followed and error statuses are not raised."""

    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        """Body decoded as UTF-8."""
        return self.body.decode("utf-8", errors="replace")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


class DemoShopProcess:
    """The demo shop in a child process, started on construction and listening on a free port.

    Keyword arguments map to CLI options (`per_page=7` -> `--per-page 7`); `faults` is a mapping
    (or pairs) KIND -> SHARE, applied in order. Without `access_log`, a temporary file is used so
    `access_log_lines()` always works. Use as a context manager or call `close()`.
    """

    def __init__(
        self,
        *,
        products: int = 50,
        per_page: int = 20,
        categories: int = 5,
        seed: int = 1,
        latency_ms: float = 0,
        latency_jitter_ms: float = 0,
        js: bool = False,
        faults: Mapping[str, float] | Iterable[tuple[str, float]] | None = None,
        transient_failures: int = 1,
        hang_s: float = 60,
        huge_bytes: int = 12_000_000,
        private_products: int = 0,
        js_delay_ms: int = 300,
        head_script: str | None = None,
        access_log: str | os.PathLike[str] | None = None,
        host: str = "127.0.0.1",
        etags: bool = False,
        startup_timeout: float = 15.0,
        extra_args: Iterable[str] = (),
    ) -> None:
        self._tmpdir: tempfile.TemporaryDirectory[str] | None = None
        if access_log is None:
            self._tmpdir = tempfile.TemporaryDirectory(prefix="demoshop-")
            access_log = os.path.join(self._tmpdir.name, "access.log")
        self.access_log = Path(access_log)
        pairs = faults.items() if isinstance(faults, Mapping) else (faults or ())
        args = [
            "--host", host, "--port", "0",
            "--products", str(products), "--per-page", str(per_page),
            "--categories", str(categories), "--seed", str(seed),
            "--latency-ms", str(latency_ms), "--latency-jitter-ms", str(latency_jitter_ms),
            "--transient-failures", str(transient_failures), "--hang-s", str(hang_s),
            "--huge-bytes", str(huge_bytes), "--private-products", str(private_products),
            "--js-delay-ms", str(js_delay_ms),
            "--access-log", str(self.access_log),
        ]
        args += ["--js"] if js else []
        args += ["--etags"] if etags else []
        args += ["--head-script", head_script] if head_script else []
        for kind, share in pairs:
            args += ["--fault", f"{kind}={share}"]
        args += list(extra_args)
        self.command = [sys.executable, "-m", "productscraper.demoshop", *args]
        self.url = ""
        self.port = 0
        self._proc: subprocess.Popen[str] | None = None
        self._start(startup_timeout)

    # --- process lifecycle ------------------------------------------------------------------

    def _start(self, timeout: float) -> None:
        env = dict(os.environ)
        # The child must import this checkout even when it is not installed.
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_REPO_ROOT), env.get("PYTHONPATH")]))
        self._proc = subprocess.Popen(
            self.command, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, text=True,
        )
        lines: queue.Queue[str | None] = queue.Queue()
        # A reader thread: gives a timeout on the first line, then keeps the pipe drained.
        threading.Thread(target=self._pump, args=(lines,), daemon=True).start()
        try:
            line = lines.get(timeout=timeout)
        except queue.Empty:
            self.close()
            raise RuntimeError(f"demo shop did not start within {timeout} s: {self.command}") from None
        if line is None:
            code = self._proc.wait()
            self.close()
            raise RuntimeError(f"demo shop exited with code {code} before listening: {self.command}")
        self.url = line[len(READY_PREFIX):].strip().rstrip("/")
        self.port = urllib.parse.urlsplit(self.url).port or 80

    def _pump(self, lines: queue.Queue[str | None]) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        announced = False
        for line in self._proc.stdout:
            if not announced and line.startswith(READY_PREFIX):
                announced = True
                lines.put(line)
        if not announced:
            lines.put(None)

    def close(self) -> None:
        """Stop the shop: SIGTERM, wait, SIGKILL if it does not go. Idempotent."""
        proc, self._proc = self._proc, None
        if proc is not None:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()
        if self._tmpdir is not None:
            self._tmpdir.cleanup()
            self._tmpdir = None

    def __enter__(self) -> DemoShopProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def running(self) -> bool:
        """True while the child process is alive."""
        return self._proc is not None and self._proc.poll() is None

    # --- URLs and HTTP ----------------------------------------------------------------------

    @property
    def listing_url(self) -> str:
        """First page of the full catalogue."""
        return self.url + "/catalogue/page-1.html"

    def url_for(self, path: str) -> str:
        """Absolute URL of a site path ("/product/3/")."""
        return self.url + path

    def fetch(self, path: str, *, method: str = "GET", timeout: float = 30.0) -> FetchResult:
        """Request `path` without following redirects; 4xx/5xx are returned, not raised."""
        request = urllib.request.Request(self.url_for(path), method=method)
        try:
            with _OPENER.open(request, timeout=timeout) as response:
                return FetchResult(response.status, dict(response.headers.items()), response.read())
        except urllib.error.HTTPError as error:  # also raised for 3xx when redirects are refused
            with error:
                return FetchResult(error.code, dict(error.headers.items()), error.read())

    def _admin(self, method: str, name: str, **params: object) -> Any:
        query = urllib.parse.urlencode(params)
        path = f"/_admin/{name}" + (f"?{query}" if query else "")
        request = urllib.request.Request(self.url_for(path), method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    # --- admin API --------------------------------------------------------------------------

    def truth(self, *, include_private: bool = False) -> list[dict[str, Any]]:
        """Ground truth of every public product (see /_admin/truth.json)."""
        if include_private:
            return self._admin("GET", "truth.json", include_private=1)
        return self._admin("GET", "truth.json")

    def stats(self) -> dict[str, Any]:
        """{"requests": total, "by_path": {path: count}} of non-admin requests."""
        return self._admin("GET", "stats.json")

    def reprice(self, share: float, seed: int = 7) -> list[int]:
        """Change the price of round(share*N) products; returns their ids."""
        return self._admin("POST", "reprice", share=share, seed=seed)["changed"]

    def throttle(self, status: int = 429, retry_after: int = 2, duration: float = 10) -> float:
        """Answer every non-admin request with `status` for `duration` s; returns the end epoch."""
        return self._admin("POST", "throttle", status=status, retry_after=retry_after,
                           duration=duration)["until"]

    def set_price_markup(self, shown: bool) -> bool:
        """Serve product pages with or without their price markup (POST /_admin/markup)."""
        return self._admin("POST", "markup", price=int(shown))["price"]

    def reset(self) -> None:
        """Clear attempt counters, stats and any throttle."""
        self._admin("POST", "reset")

    def access_log_lines(self) -> list[str]:
        """Lines of the access log so far: "<epoch> <METHOD> <path?query> <status>"."""
        try:
            return self.access_log.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return []


class HangingServer:
    """A TCP server that accepts every connection and never answers (a dead third party).

        with HangingServer("127.0.0.2") as hang:
            page_with(f'<script src="{hang.url}/tag.js">')
            assert hang.connections == 0  # nobody even asked (the browser blocked it)

    Connections are held open until :meth:`close`. ``connections`` counts them.
    """

    def __init__(self, host: str = "127.0.0.2", port: int = 0) -> None:
        import socket

        self._socket = socket.create_server((host, port), backlog=128)
        self.host, self.port = host, self._socket.getsockname()[1]
        self.url = f"http://{host}:{self.port}"
        self.connections = 0
        self._held: list[Any] = []
        self._closed = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                conn, _ = self._socket.accept()
            except OSError:
                return
            self.connections += 1
            self._held.append(conn)

    def close(self) -> None:
        """Stop accepting and drop every held connection. Idempotent."""
        self._closed.set()
        self._socket.close()
        for conn in self._held:
            conn.close()
        self._held.clear()

    def __enter__(self) -> "HangingServer":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
