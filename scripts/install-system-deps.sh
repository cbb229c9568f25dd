#!/usr/bin/env bash
# Install the Debian packages productscraper needs, where they are missing:
#   redis-server       (the broker/result backend of the embedded local stack and the tests)
#   chromium, chromium-driver  (JavaScript rendering; never downloaded at run time)
#   docker-compose     (only to validate docker-compose.yml in the tests)
#   faketime, iproute2 (the multi-host tests: a worker host's clock off; network namespaces)
# Needs root (or sudo) and Debian's apt; prints what to do otherwise and carries on.
set -u
need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
command -v docker-compose >/dev/null 2>&1 || need+=(docker-compose)
command -v faketime >/dev/null 2>&1 || need+=(faketime)
command -v ip >/dev/null 2>&1 || need+=(iproute2)
[ ${#need[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: please install: ${need[*]} (no apt-get here)" >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else
    echo "install-system-deps: run as root to install: ${need[*]}" >&2; exit 0; fi
fi
echo "install-system-deps: installing ${need[*]}"
$SUDO apt-get update -qq || true
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null \
  || echo "install-system-deps: apt-get install ${need[*]} failed; the features that need them will be skipped" >&2
exit 0
