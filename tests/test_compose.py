"""docker-compose.yml: valid for Debian's docker-compose v1, and safe by construction.

The file is resolved by ``docker-compose config`` (interpolation, anchors, merge keys) with
an env file made from .env.example, and the resolved YAML is checked: only Flower and the
API publish ports (on 127.0.0.1), secrets are required, stores persist, workers scale.
"""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.services import ROOT

COMPOSE_FILE = ROOT / "docker-compose.yml"
ENV_EXAMPLE = ROOT / ".env.example"
SECRETS = {"REDIS_PASSWORD": "s3cretredis", "MONGO_ROOT_USER": "root", "MONGO_ROOT_PASSWORD": "s3cretmongo",
           "FLOWER_BASIC_AUTH": "admin:s3cretflower", "API_TOKENS": "t0ken-a,t0ken-b", "START_URL": "https://shop.example/catalogue/"}
STORES = {"redis", "mongo"}

DOCKER_COMPOSE = shutil.which("docker-compose")
pytestmark = pytest.mark.skipif(DOCKER_COMPOSE is None,
                                reason="docker-compose (v1, Debian package `docker-compose`) is not installed")
yaml = pytest.importorskip("yaml", reason="PyYAML is needed to read `docker-compose config` output")


def env_example() -> dict[str, str]:
    """VAR=value lines of .env.example."""
    pairs = {}
    for line in ENV_EXAMPLE.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^([A-Z][A-Z0-9_]*)=(.*)$", line.strip())
        if m:
            pairs[m.group(1)] = m.group(2)
    return pairs


def compose(*args: str, env_file, check: bool = True) -> subprocess.CompletedProcess:
    """``docker-compose`` with a clean environment: only ``env_file`` feeds interpolation
    (a developer's shell variables or a local .env would otherwise take part)."""
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(env_file.parent)}
    proc = subprocess.run([DOCKER_COMPOSE, "--env-file", str(env_file), "-f", str(COMPOSE_FILE), *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


@pytest.fixture(scope="module")
def env_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("compose") / "test.env"
    values = {**env_example(), **SECRETS}
    path.write_text("".join(f"{k}={v}\n" for k, v in values.items()), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def services(env_file) -> dict:
    compose("config", "-q", env_file=env_file)
    return yaml.safe_load(compose("config", env_file=env_file).stdout)["services"]


def test_config_is_valid(services):
    assert {"redis", "mongo", "worker", "render-worker", "flower", "api", "scraper", "beat",
            "schedules-worker"} <= set(services)


def test_every_variable_of_the_compose_file_is_in_env_example():
    used = set(re.findall(r"\$\{([A-Z][A-Z0-9_]*)", COMPOSE_FILE.read_text(encoding="utf-8")))
    assert used - set(env_example()) == set()


@pytest.mark.parametrize("secret", ["REDIS_PASSWORD", "MONGO_ROOT_USER", "MONGO_ROOT_PASSWORD", "FLOWER_BASIC_AUTH",
                                    "API_TOKENS"])
def test_the_stack_refuses_to_start_without_a_secret(tmp_path, secret):
    path = tmp_path / "partial.env"
    values = {**env_example(), **SECRETS, secret: ""}
    path.write_text("".join(f"{k}={v}\n" for k, v in values.items()), encoding="utf-8")
    proc = compose("config", "-q", env_file=path, check=False)
    assert proc.returncode != 0 and secret in proc.stderr


def _published(service: dict) -> list[str]:
    return [p if isinstance(p, str) else f"{p.get('host_ip', '')}:{p.get('published')}:{p.get('target')}"
            for p in service.get("ports", [])]


def test_only_flower_and_the_api_publish_ports_on_loopback(services):
    publishing = {name for name, svc in services.items() if svc.get("ports")}
    assert publishing == {"flower", "api"}
    assert _published(services["flower"]) == ["127.0.0.1:5555:5555/tcp"]
    assert _published(services["api"]) == ["127.0.0.1:8000:8000/tcp"]


def test_flower_requires_basic_auth(services):
    flower = services["flower"]
    assert f"--basic-auth={SECRETS['FLOWER_BASIC_AUTH']}" in flower["command"]
    assert "FLOWER_UNAUTHENTICATED_API" not in (flower.get("environment") or {})
    assert "FLOWER_UNAUTHENTICATED_API" not in COMPOSE_FILE.read_text(encoding="utf-8").replace(
        "FLOWER_UNAUTHENTICATED_API is deliberately never set", "")


def test_redis_has_a_password_and_appendonly_persistence(services):
    cmd = services["redis"]["command"]
    assert cmd[cmd.index("--requirepass") + 1] == SECRETS["REDIS_PASSWORD"]
    assert cmd[cmd.index("--appendonly") + 1] == "yes"
    assert any(v.split(":")[1] == "/data" for v in services["redis"]["volumes"])
    assert "redis-cli" in " ".join(services["redis"]["healthcheck"]["test"])


def test_mongo_has_auth_and_a_volume(services):
    mongo = services["mongo"]
    assert mongo["image"].startswith("mongo:7")
    assert mongo["environment"]["MONGO_INITDB_ROOT_USERNAME"] == SECRETS["MONGO_ROOT_USER"]
    assert mongo["environment"]["MONGO_INITDB_ROOT_PASSWORD"] == SECRETS["MONGO_ROOT_PASSWORD"]
    assert any(v.split(":")[1] == "/data/db" for v in mongo["volumes"])


def test_services_reach_the_stores_with_credentials(services):
    for name in ("worker", "render-worker", "flower", "api", "scraper", "beat", "schedules-worker"):
        env = services[name]["environment"]
        assert env["REDIS_URL"] == f"redis://:{SECRETS['REDIS_PASSWORD']}@redis:6379/0"
        assert env["MONGO_URI"] == (f"mongodb://{SECRETS['MONGO_ROOT_USER']}:{SECRETS['MONGO_ROOT_PASSWORD']}"
                                    "@mongo:27017/productscraper?authSource=admin")


def test_workers_scale_and_consume_their_queues(services):
    worker, render = services["worker"], services["render-worker"]
    assert "container_name" not in worker and "container_name" not in render
    assert worker["command"][:7] == ["celery", "-A", "tasks", "worker", "-l", "info", "-Q"]
    assert worker["command"][7] == "products,webhooks" and "--concurrency=16" in worker["command"]
    assert render["command"][7] == "render" and "--concurrency=2" in render["command"]
    assert render["init"] is True
    assert render["shm_size"]
    # Part of the default stack (no profile): the render queue always has a consumer.
    assert "profiles" not in render and "profiles" not in worker


def test_every_service_depending_on_a_store_waits_until_it_is_healthy(services):
    for name, svc in services.items():
        for dep, cond in (svc.get("depends_on") or {}).items():
            if dep in STORES:
                assert cond == {"condition": "service_healthy"}, (name, dep)
    for name in ("worker", "render-worker", "scraper", "schedules-worker"):
        assert set(services[name]["depends_on"]) == STORES
    assert set(services["beat"]["depends_on"]) == {"redis"}
    assert set(services["flower"]["depends_on"]) == {"redis"}
    assert set(services["api"]["depends_on"]) == {"mongo"}


def test_every_long_running_service_has_a_healthcheck(services):
    for name, svc in services.items():
        if name != "scraper":
            assert svc.get("healthcheck", {}).get("test"), name


def test_the_one_shot_scraper_is_not_started_by_up(services):
    scraper = services["scraper"]
    assert scraper["profiles"] == ["scrape"] and scraper["restart"] == "no"
    assert scraper["command"] == ["scrapy", "crawl", "listings", "-a", f"start_url={SECRETS['START_URL']}"]


def test_dockerfile_basics():
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert text.startswith("#") and "FROM python:3.11-slim-bookworm" in text
    assert re.search(r"apt-get install[^\n]*chromium chromium-driver", text)
    assert "SE_OFFLINE=true" in text and "requirements.txt" in text
    assert re.search(r"^USER (?!root)\w+", text, re.M)
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert ".env" in ignored and ".venv" in ignored and ".git" in ignored


def test_the_api_gets_its_bearer_tokens_and_no_other_service_does(services):
    assert services["api"]["environment"]["API_TOKENS"] == SECRETS["API_TOKENS"]
    assert all("API_TOKENS" not in svc.get("environment", {}) for name, svc in services.items() if name != "api")


def test_one_beat_with_redbeat_and_a_worker_for_the_schedules_queue(services):
    beat, sched = services["beat"], services["schedules-worker"]
    assert beat["command"] == ["celery", "-A", "tasks", "beat", "-l", "info", "-S", "redbeat.RedBeatScheduler"]
    assert "profiles" not in beat and "deploy" not in beat
    # Its healthcheck reads RedBeat's lock key (tasks/app.py: redbeat_key_prefix "redbeat:").
    assert "redbeat::lock" in " ".join(beat["healthcheck"]["test"])
    cmd = sched["command"]
    assert cmd[cmd.index("-Q") + 1] == "schedules" and cmd[cmd.index("--pool") + 1] == "threads"
    assert any(v.split(":")[1] == "/app/.run" for v in sched["volumes"])
