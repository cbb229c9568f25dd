"""deploy/k8s validates offline: schemas (kubernetes-validate, KEDA's CRDs), the project's
rules, and agreement with the Celery configuration; broken manifests are caught."""
from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import time

import pytest

from tests import k8s_render as k8s
from tests.services import python_json

OVERLAY = k8s.K8S / "overlays" / "example"
BASE = k8s.K8S / "base"
#: Stand-ins for the Secret's values (the pods get the real ones from the cluster).
SECRETS = {"REDIS_PASSWORD": "r3dis", "MONGO_USER": "scraper", "MONGO_PASSWORD": "m0ngo",
           "FLOWER_BASIC_AUTH": "admin:pw"}


@pytest.fixture(scope="module")
def docs() -> list[dict]:
    return k8s.render(OVERLAY)


def find(docs, kind, name):
    return next(d for d in docs if d["kind"] == kind and d["metadata"]["name"] == name)


def assert_rejected(docs, reason: str = ""):
    """Exactly the check CI runs, expected to fail on ``docs`` for ``reason`` (a fragment
    of the message: a failure for some other reason would hide a check that does nothing)."""
    with pytest.raises(k8s.ManifestError, match=reason):
        for doc in docs:
            k8s.validate_schema(doc)
        k8s.check_policy(docs)


def test_every_manifest_of_base_and_overlay_is_valid(docs):
    for rendered in (docs, k8s.render(BASE)):
        for doc in rendered:
            k8s.validate_schema(doc)
        k8s.check_policy(rendered)
    kinds = sorted({d["kind"] for d in docs})
    assert kinds == ["ConfigMap", "Deployment", "ScaledObject", "Service", "TriggerAuthentication"]
    assert {d["metadata"]["name"] for d in docs if d["kind"] == "Deployment"} == \
        {"worker-http", "worker-browser", "flower", "api", "beat"}
    assert {d["metadata"]["namespace"] for d in docs} == {"productscraper"}


@pytest.mark.skipif(not shutil.which("kubectl"), reason="kubectl not installed: nothing to compare with")
def test_the_local_loader_renders_what_kubectl_kustomize_renders():
    key = lambda d: (d["kind"], d["metadata"]["name"])  # noqa: E731
    for directory in (BASE, OVERLAY):
        assert sorted(k8s.render_local(directory), key=key) == \
            sorted(k8s.render_kubectl(directory), key=key), directory


def test_overlay_sets_a_pinned_image_and_the_external_store_hosts(docs):
    images = {c["image"] for d in docs if d["kind"] == "Deployment"
              for c in d["spec"]["template"]["spec"]["containers"]}
    assert images == {"registry.example.com/productscraper:0.1.0"}
    assert find(docs, "Service", "redis")["spec"]["type"] == "ExternalName"
    assert find(docs, "Service", "mongo")["spec"]["externalName"].endswith(".svc.cluster.local")
    assert find(docs, "ScaledObject", "worker-http")["spec"]["maxReplicaCount"] == 40


def test_scaled_objects_watch_the_celery_queues_in_the_broker_db(docs):
    """listName/databaseIndex of each ScaledObject = what tasks/app.py does with the env
    the manifests give the pods (imported in a fresh process with that env)."""
    scaled = [d for d in docs if d["kind"] == "ScaledObject"]
    for so in scaled:
        target = k8s.deployment(docs, so["spec"]["scaleTargetRef"]["name"])
        env = k8s.container_env(docs, target["metadata"]["name"], SECRETS)
        celery = python_json(CELERY_FACTS, env={**os.environ, **env, "PYTHONPATH": str(k8s.ROOT)})
        queue = k8s.worker_queue(target)
        assert queue in celery["queues"]
        (trigger,) = so["spec"]["triggers"]
        meta = trigger["metadata"]
        assert trigger["type"] == "redis"
        assert meta["listName"] == celery["prefix"] + queue  # kombu: one list per queue
        assert int(meta["databaseIndex"]) == celery["db"]
        assert celery["host"] == env[meta["hostFromEnv"]] and celery["port"] == int(env[meta["portFromEnv"]])
        assert celery["password"] == SECRETS["REDIS_PASSWORD"]
        auth = find(docs, "TriggerAuthentication", trigger["authenticationRef"]["name"])
        ref = next(r for r in auth["spec"]["secretTargetRef"] if r["parameter"] == "password")
        assert (ref["name"], ref["key"]) == ("productscraper-secrets", "REDIS_PASSWORD")
        assert so["spec"]["cooldownPeriod"] > 0
    # Every queue Celery routes to has a scaled worker, but the schedules queue's, which
    # runs beside beat; the browser worker may reach zero.
    assert {m["listName"] for s in scaled for m in [s["spec"]["triggers"][0]["metadata"]]} == \
        set(celery["routed"]) - {"schedules"}
    beat_pod = find(docs, "Deployment", "beat")["spec"]["template"]["spec"]["containers"]
    consumers = [c["command"][c["command"].index("-Q") + 1] for c in beat_pod if "worker" in c["command"]]
    assert consumers == ["schedules"] and "schedules" in celery["routed"]
    assert find(docs, "ScaledObject", "worker-browser")["spec"]["minReplicaCount"] == 0


CELERY_FACTS = """
import json
from urllib.parse import urlsplit
from tasks.app import app
url = urlsplit(app.conf.broker_url)
opts = app.conf.broker_transport_options or {}
print(json.dumps({"queues": [q.name for q in app.conf.task_queues],
                  "routed": sorted({r["queue"] for r in app.conf.task_routes.values()}),
                  "prefix": opts.get("global_keyprefix", ""), "db": int(url.path.strip("/") or 0),
                  "host": url.hostname, "port": url.port, "password": url.password}))
"""


def test_worker_probes_read_the_heartbeat_file_and_broadcast_nothing(docs, tmp_path):
    beat_file = tmp_path / "heartbeat"
    for name in ("worker-http", "worker-browser"):
        c = k8s.deployment(docs, name)["spec"]["template"]["spec"]["containers"][0]
        env = {**k8s.container_env(docs, name, SECRETS), "WORKER_HEARTBEAT_FILE": str(beat_file)}
        assert os.path.dirname(k8s.configmap(docs)["WORKER_HEARTBEAT_FILE"]) in \
            {m["mountPath"] for m in c["volumeMounts"]}
        for kind in ("startupProbe", "readinessProbe", "livenessProbe"):
            cmd = c[kind]["exec"]["command"]
            assert "celery" not in " ".join(cmd) and "inspect" not in " ".join(cmd)
            run = lambda: subprocess.run(cmd, env=env, timeout=10).returncode  # noqa: E731
            beat_file.unlink(missing_ok=True)
            assert run() != 0, f"{name} {kind}: passes without a heartbeat file"
            beat_file.touch()
            assert run() == 0, f"{name} {kind}: fails on a fresh heartbeat"
            old = time.time() - 3600
            os.utime(beat_file, (old, old))
            assert run() != 0, f"{name} {kind}: passes on an hour-old heartbeat"


# -- the check fails on broken manifests ---------------------------------------------------
def broken(docs, kind, name, change):
    bad = copy.deepcopy(docs)
    change(find(bad, kind, name))
    return bad


def container(doc):
    return doc["spec"]["template"]["spec"]["containers"][0]


@pytest.mark.parametrize("kind,name,change", [
    ("Deployment", "worker-http", lambda d: d["spec"].__setitem__("replicas", "two")),
    ("Deployment", "api", lambda d: container(d).pop("image")),
    ("Deployment", "worker-http", lambda d: container(d).__setitem__("imagePullPolicy", 3)),
    ("Deployment", "flower", lambda d: container(d).__setitem__("livenessprobe", {})),
    ("Service", "redis", lambda d: d["spec"].__setitem__("type", ["ExternalName"])),
    ("ScaledObject", "worker-http",
     lambda d: d["spec"]["triggers"][0]["metadata"].__setitem__("listLength", 500)),
    ("ScaledObject", "worker-browser", lambda d: d["spec"].__setitem__("minReplicaCount", "0")),
    ("ScaledObject", "worker-http", lambda d: d["spec"].__setitem__("cooldownperiod", 300)),
    ("ScaledObject", "worker-http", lambda d: d["spec"].pop("scaleTargetRef")),
    ("ScaledObject", "worker-http", lambda d: d.__setitem__("apiVersion", "keda.sh/v1")),
    ("TriggerAuthentication", "productscraper-redis",
     lambda d: d["spec"]["secretTargetRef"][0].pop("key")),
    ("Deployment", "worker-http", lambda d: d["spec"]["template"]["spec"].__setitem__(
        "terminationGracePeriodSeconds", 20)),
    ("Deployment", "worker-browser", lambda d: d["spec"]["template"]["spec"].__setitem__(
        "volumes", [v for v in d["spec"]["template"]["spec"]["volumes"] if v["name"] != "dshm"])),
    ("Deployment", "worker-http", lambda d: container(d)["env"].append(
        {"name": "REDIS_PASSWORD", "value": "hunter2"})),
    ("Deployment", "api", lambda d: container(d)["resources"].pop("limits")),
    ("Deployment", "beat", lambda d: d["spec"].__setitem__("replicas", 2)),
], ids=["replicas-not-int", "no-image", "pull-policy-type", "unknown-field", "service-type",
        "keda-metadata-not-string", "keda-min-not-int", "keda-unknown-field", "keda-no-target",
        "keda-wrong-version", "triggerauth-no-key", "grace-under-drain", "browser-no-shm",
        "inlined-secret", "no-memory-limit", "two-beats"])
def test_a_broken_manifest_fails_the_check(docs, kind, name, change, request):
    assert_rejected(broken(docs, kind, name, change), REASONS[request.node.callspec.id])


REASONS = {"replicas-not-int": "'two' is not of type 'integer'", "no-image": "no image",
           "pull-policy-type": "3 is not of type 'string'", "unknown-field": "'livenessprobe' was unexpected",
           "service-type": "is not of type 'string'", "keda-metadata-not-string": "500 is not of type 'string'",
           "keda-min-not-int": "'0' is not of type 'integer'", "keda-unknown-field": "'cooldownperiod' was unexpected",
           "keda-no-target": "'scaleTargetRef' is a required property", "keda-wrong-version": "apiVersion",
           "triggerauth-no-key": "'key' is a required property",
           "grace-under-drain": "must exceed WORKER_DRAIN_S", "browser-no-shm": "/dev/shm",
           "inlined-secret": "REDIS_PASSWORD inlined", "no-memory-limit": "no memory limit",
           "two-beats": "exactly one replica"}


def test_a_secret_shipped_with_the_manifests_fails_the_check(docs):
    secret = {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "productscraper-secrets"},
              "stringData": {"REDIS_PASSWORD": "x"}}
    assert_rejected(docs + [secret], "a Secret in the manifests")


def test_a_scaled_object_on_a_queue_celery_does_not_use_is_caught(docs):
    bad = broken(docs, "ScaledObject", "worker-http",
                 lambda d: d["spec"]["triggers"][0]["metadata"].__setitem__("listName", "celery"))
    with pytest.raises(AssertionError):
        test_scaled_objects_watch_the_celery_queues_in_the_broker_db(bad)


def test_the_keda_schemas_name_their_source():
    note = (k8s.SCHEMAS / "README.md").read_text()
    assert "kedacore/keda" in note and len(json.dumps(k8s.keda_schema("ScaledObject")[1])) > 1000
