"""The fan-out stage: detail URLs become Celery tasks, each URL once per run.

- :mod:`~productscraper.fanout.publisher`: ledger-first publishing (register in MongoDB,
  then publish), batched, used by the listing spider's pipeline, ``enqueue`` and ``reconcile``.

The task messages themselves are stamped from a template
(:mod:`tasks.speedups.task_messages`, a fenced Celery speed-up).
"""
