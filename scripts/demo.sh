#!/usr/bin/env bash
# `make demo`: the whole pipeline on the demo shop, with the commands a user would type.
#   stack up -> demo shop -> scrapy crawl listings -> wait -> summary -> stack down
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
PRODUCTS=${DEMO_PRODUCTS:-60}
RUN_ID=${RUN_ID:-demo-$(date +%Y%m%d-%H%M%S)}
mkdir -p .run

cleanup() {
  [ -n "${SHOP_PID:-}" ] && kill "$SHOP_PID" 2>/dev/null || true
  $PY -m productscraper stack down || true
}
trap cleanup EXIT

echo "== stack up"
$PY -m productscraper stack up --workers 2

echo "== demo shop ($PRODUCTS products)"
: > .run/demo-shop.log
$PY -m productscraper demo-shop --port 0 --products "$PRODUCTS" --latency-ms 50 > .run/demo-shop.log 2>&1 &
SHOP_PID=$!
for _ in $(seq 1 100); do grep -q "LISTENING" .run/demo-shop.log && break; sleep 0.1; done
SHOP_URL=$(sed -n 's/.*LISTENING \(http[^ ]*\).*/\1/p' .run/demo-shop.log | head -1)
[ -n "$SHOP_URL" ] || { echo "demo shop did not start:"; cat .run/demo-shop.log; exit 1; }
echo "shop at $SHOP_URL"

echo "== scrapy crawl listings (run $RUN_ID)"
.venv/bin/scrapy crawl listings -a start_url="$SHOP_URL/catalogue/page-1.html" -a profile=demo \
  -a run_id="$RUN_ID" -L WARNING

echo "== wait"
$PY -m productscraper wait --run "$RUN_ID" --timeout 300
STORED=$($PY -m productscraper report --run "$RUN_ID" --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["stored"])')
if [ "$STORED" != "$PRODUCTS" ]; then
  echo "demo: expected $PRODUCTS products stored, got $STORED" >&2
  exit 1
fi
echo "demo: all $PRODUCTS demo products stored (MongoDB: $($PY -c 'from productscraper.config import get_config; print(get_config().mongo_uri)'), collection products)"
