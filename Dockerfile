# productscraper: one image for every Python service of docker-compose.yml (HTTP and
# render workers, Flower, the API, the one-shot listing crawl). Default: an HTTP worker.
FROM python:3.11-slim-bookworm

# SE_OFFLINE: Selenium must never try to download a browser or driver (NOTES.md);
# Debian's chromium + chromium-driver below are the only ones used.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    SE_OFFLINE=true \
    CHROMIUM_PATH=/usr/bin/chromium \
    CHROMEDRIVER_PATH=/usr/bin/chromedriver \
    PRODUCTSCRAPER_RUN_DIR=/app/.run

# fonts-liberation: pages render with real metrics; ca-certificates: HTTPS targets.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium chromium-driver fonts-liberation ca-certificates \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# Dependencies first: this layer is rebuilt only when requirements.txt changes.
COPY requirements.txt .
RUN pip install -r requirements.txt

# The code stays owned by root (read-only for the service user); only the run
# directory (logs, unflushed-URL files of the listing crawl) is writable.
COPY . .
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin scraper \
 && mkdir -p /app/.run \
 && chown scraper:scraper /app/.run
USER scraper

CMD ["celery", "-A", "tasks", "worker", "-l", "info", "-Q", "products", "--concurrency=16"]
