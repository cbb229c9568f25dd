"""The worker stage: what runs inside a Celery worker process around each product task.

- :mod:`~productscraper.worker.crawl_service`: the long-lived crawler (reactor thread + spider) of the process;
- :mod:`~productscraper.worker.green_tasks`: tasks as greenlets on that crawler's thread (the ``reactor`` pool);
- :mod:`~productscraper.worker.outcomes`: what a crawl of one URL ended as (stored, failed, transient…);
- :mod:`~productscraper.worker.task_timing`: where a task's time goes (handover, fetch, extract, store).

The Celery tasks themselves live in the top-level ``tasks`` package (``celery -A tasks``).
"""
