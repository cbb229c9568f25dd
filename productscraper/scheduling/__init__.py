"""**scheduling**: recurring listing crawls on Celery beat with RedBeat (schedules in Redis).

``entries`` adds, lists and removes schedules (RedBeat entries); ``fire`` is the body of
the task beat sends at each due time (overlap check, then the listing crawl); ``firings``
records each firing in MongoDB (``schedules_log``) for ``schedule list``.
"""
