"""Render and validate deploy/k8s offline: the checks ``tests/test_k8s_manifests.py`` runs.

Rendering: ``kubectl kustomize`` where kubectl is installed, else :func:`render_local`, a
small loader for exactly the kustomize features deploy/k8s uses (resources, namespace,
images, labels, JSON 6902 patches with a target, strategic-merge patch files of scalar
fields). Where both exist the tests compare them, so the loader cannot drift.

Validation: core kinds with kubernetes-validate (its bundled OpenAPI schemas, strict: an
unknown field is an error); KEDA's kinds with the CRD schemas kept in deploy/k8s/schemas
(jsonschema, with unknown fields rejected as ``kubectl apply --validate=strict`` would).
"""
from __future__ import annotations

import copy
import functools
import shutil
import subprocess
from pathlib import Path

import jsonschema
import kubernetes_validate
import yaml

from tests.services import ROOT

K8S = ROOT / "deploy" / "k8s"
SCHEMAS = K8S / "schemas"
#: The Kubernetes version the manifests are validated for (kubernetes-validate's schemas).
K8S_VERSION = "1.32.0"
#: KEDA's kinds and the CRD file holding each one's schema.
KEDA_CRDS = {"ScaledObject": "keda.sh_scaledobjects.yaml",
             "TriggerAuthentication": "keda.sh_triggerauthentications.yaml"}


class ManifestError(ValueError):
    """A manifest that would not apply (schema) or breaks the project's rules (policy)."""


# -- rendering ---------------------------------------------------------------------------
def render(directory: Path) -> list[dict]:
    """The documents ``kubectl apply -k directory`` would send."""
    if shutil.which("kubectl"):
        return render_kubectl(directory)
    return render_local(directory)


def render_kubectl(directory: Path) -> list[dict]:
    """``kubectl kustomize directory`` (kustomize built into kubectl; offline)."""
    out = subprocess.run(["kubectl", "kustomize", str(directory)], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    return [d for d in yaml.safe_load_all(out) if d]


def render_local(directory: Path) -> list[dict]:
    """A minimal kustomize: the features deploy/k8s uses, nothing else (see module doc)."""
    kust = yaml.safe_load((directory / "kustomization.yaml").read_text())
    docs: list[dict] = []
    for res in kust.get("resources", []):
        path = (directory / res).resolve()
        if path.is_dir():
            docs.extend(render_local(path))
        else:
            docs.extend(d for d in yaml.safe_load_all(path.read_text()) if d)
    for label in kust.get("labels", []):
        for doc in docs:
            doc.setdefault("metadata", {}).setdefault("labels", {}).update(label["pairs"])
    for patch in kust.get("patches", []):
        if "path" in patch:
            _merge_patch(docs, yaml.safe_load((directory / patch["path"]).read_text()))
        else:
            _json6902(docs, patch["target"], yaml.safe_load(patch["patch"]))
    if "namespace" in kust:
        for doc in docs:
            doc["metadata"]["namespace"] = kust["namespace"]
    for image in kust.get("images", []):
        for container in _containers(docs):
            if container.get("image", "").split(":")[0] == image["name"]:
                container["image"] = f"{image.get('newName', image['name'])}:{image['newTag']}"
    return docs


def _containers(docs: list[dict]):
    for doc in docs:
        spec = doc.get("spec", {}).get("template", {}).get("spec", {})
        yield from spec.get("containers", [])


def _matches(doc: dict, target: dict) -> bool:
    return (doc.get("kind") == target.get("kind", doc.get("kind"))
            and doc["metadata"]["name"] == target.get("name", doc["metadata"]["name"]))


def _json6902(docs: list[dict], target: dict, ops: list[dict]) -> None:
    for doc in filter(lambda d: _matches(d, target), docs):
        for op in ops:
            *parents, last = op["path"].strip("/").split("/")
            node = doc
            for key in parents:
                node = node[int(key)] if isinstance(node, list) else node[key]
            if op["op"] not in ("replace", "add"):
                raise NotImplementedError(f"render_local: op {op['op']!r}")
            node[last] = op["value"]


def _merge(base: dict, patch: dict) -> None:
    for key, value in patch.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _merge(base[key], value)
        elif isinstance(value, list):
            raise NotImplementedError("render_local: list merges")
        else:
            base[key] = value


def _merge_patch(docs: list[dict], patch: dict) -> None:
    target = {"kind": patch["kind"], "name": patch["metadata"]["name"]}
    found = [d for d in docs if _matches(d, target)]
    if not found:
        raise ManifestError(f"patch for a missing {target}")
    for doc in found:
        _merge(doc, {k: v for k, v in patch.items() if k not in ("apiVersion", "kind", "metadata")})


# -- schema validation ---------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def keda_schema(kind: str) -> tuple[str, dict]:
    """(apiVersion, strict JSON schema) of a KEDA kind, from its CRD in deploy/k8s/schemas."""
    crd = yaml.safe_load((SCHEMAS / KEDA_CRDS[kind]).read_text())
    version = next(v for v in crd["spec"]["versions"] if v.get("storage"))
    schema = _strict(copy.deepcopy(version["schema"]["openAPIV3Schema"]))
    return f"{crd['spec']['group']}/{version['name']}", schema


def _strict(schema: dict) -> dict:
    # A CRD's structural schema prunes unknown fields silently; a typo there (listname:)
    # would be dropped by the API server and the trigger misread. Reject them here.
    props = schema.get("properties")
    if props is not None and "additionalProperties" not in schema \
            and not schema.get("x-kubernetes-preserve-unknown-fields"):
        schema["additionalProperties"] = False
    for child in (props or {}).values():
        _strict(child)
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            _strict(schema[key])
    return schema


def validate_schema(doc: dict) -> None:
    """Raise :class:`ManifestError` unless ``doc`` is valid for its kind's schema."""
    kind = doc.get("kind")
    name = f"{kind}/{doc.get('metadata', {}).get('name')}"
    if kind in KEDA_CRDS:
        api_version, schema = keda_schema(kind)
        if doc.get("apiVersion") != api_version:
            raise ManifestError(f"{name}: apiVersion {doc.get('apiVersion')!r}, not {api_version!r}")
        try:
            jsonschema.validate(doc, schema)
        except jsonschema.ValidationError as exc:
            raise ManifestError(f"{name}: {exc.message} at {list(exc.absolute_path)}") from exc
        return
    try:
        kubernetes_validate.validate(doc, K8S_VERSION, strict=True)
    except (kubernetes_validate.ValidationError, kubernetes_validate.SchemaNotFoundError,
            kubernetes_validate.InvalidSchemaError) as exc:
        raise ManifestError(f"{name}: {getattr(exc, 'message', exc)}") from exc


# -- project policy --------------------------------------------------------------------------
SECRET_WORDS = ("PASSWORD", "SECRET", "TOKEN", "AUTH")


def check_policy(docs: list[dict]) -> None:
    """The project's rules beyond the schemas; :class:`ManifestError` on the first broken one.

    Every container names an image and a memory limit; no Secret is shipped and no env
    variable that holds a credential has an inline value; every worker's grace period is
    above the drain time; the browser worker has a memory-backed /dev/shm; beat runs once.
    """
    if any(d["kind"] == "Secret" for d in docs):
        raise ManifestError("a Secret in the manifests: secrets are created by the operator")
    config = configmap(docs)
    drain = float(config["WORKER_DRAIN_S"])
    for doc in (d for d in docs if d["kind"] == "Deployment"):
        name = doc["metadata"]["name"]
        pod = doc["spec"]["template"]["spec"]
        for c in pod["containers"]:
            if not c.get("image"):
                raise ManifestError(f"{name}/{c['name']}: no image")
            if not c.get("resources", {}).get("limits", {}).get("memory"):
                raise ManifestError(f"{name}/{c['name']}: no memory limit")
            for env in c.get("env", []):
                if any(w in env["name"] for w in SECRET_WORDS) and "value" in env:
                    raise ManifestError(f"{name}: {env['name']} inlined; use a secretKeyRef")
                if "@" in env.get("value", "") and "$(" not in env["value"].split("@")[0]:
                    raise ManifestError(f"{name}: credentials inlined in {env['name']}")
        if is_worker(doc) and not pod.get("terminationGracePeriodSeconds", 30) > drain:
            raise ManifestError(f"{name}: terminationGracePeriodSeconds must exceed "
                                f"WORKER_DRAIN_S={drain:g}")
    browser = deployment(docs, "worker-browser")["spec"]["template"]["spec"]
    shm = [v for v in browser.get("volumes", []) if v.get("emptyDir", {}).get("medium") == "Memory"]
    mounted = {m["name"] for c in browser["containers"] for m in c.get("volumeMounts", [])
               if m["mountPath"] == "/dev/shm"}
    if not any(v["name"] in mounted for v in shm):
        raise ManifestError("worker-browser: /dev/shm must be a Memory emptyDir")
    beat = deployment(docs, "beat")["spec"]
    if beat.get("replicas") != 1 or beat.get("strategy", {}).get("type") != "Recreate":
        raise ManifestError("beat: exactly one replica, Recreate strategy")


def configmap(docs: list[dict]) -> dict:
    """The data of the productscraper-config ConfigMap."""
    return next(d["data"] for d in docs
                if d["kind"] == "ConfigMap" and d["metadata"]["name"] == "productscraper-config")


def deployment(docs: list[dict], name: str) -> dict:
    """The Deployment called ``name`` (KeyError when absent)."""
    for d in docs:
        if d["kind"] == "Deployment" and d["metadata"]["name"] == name:
            return d
    raise KeyError(name)


def is_worker(doc: dict) -> bool:
    """A Deployment whose container runs ``celery ... worker``."""
    cmd = doc["spec"]["template"]["spec"]["containers"][0].get("command", [])
    return "celery" in cmd and "worker" in cmd


def worker_queue(doc: dict) -> str:
    """The first queue of the ``-Q`` argument of a worker Deployment's command (the one its
    ScaledObject follows; the HTTP worker also consumes ``webhooks``)."""
    cmd = doc["spec"]["template"]["spec"]["containers"][0]["command"]
    return cmd[cmd.index("-Q") + 1].split(",")[0]


def container_env(docs: list[dict], name: str, secrets: dict[str, str]) -> dict[str, str]:
    """The environment the kubelet would give ``name``'s container: the ConfigMap, the
    Secret's keys (``secrets``), then ``env`` with ``$(VAR)`` expanded in order."""
    c = deployment(docs, name)["spec"]["template"]["spec"]["containers"][0]
    env = dict(configmap(docs)) if c.get("envFrom") else {}
    for var in c.get("env", []):
        if "value" in var:
            value = var["value"]
            for key, val in env.items():
                value = value.replace(f"$({key})", val)
            env[var["name"]] = value
        elif "secretKeyRef" in var.get("valueFrom", {}):
            env[var["name"]] = secrets[var["valueFrom"]["secretKeyRef"]["key"]]
    return env
