#!/usr/bin/env bash
# Proves the container image on a machine that can build images but neither pull them nor run
# containers (no registry, no cgroups): builds a stand-in for node:24-bookworm-slim from Debian
# packages (debootstrap) and the Node build of scripts/node.sh, builds the Containerfile on it,
# mounts the image and starts its entry point under chroot, in a PID namespace of its own, as the
# image's user, on loopback:
#   - every production dependency loads from the pruned tree (deploy/dependencies.ts);
#   - the entry point refuses an example secret;
#   - the API on SQLite (a fresh /data volume), then on the local PostgreSQL after the image's
#     one-shot `migrate`: /health, /ready, one order (deploy/smoke.ts), the image's HEALTHCHECK,
#     the process's uid, a graceful stop on SIGTERM;
#   - on PostgreSQL also the payment server, the portal (sessions on PostgreSQL) and the shop:
#     /health, and the built SPAs served; then one `jobs` pass.
# Prints the image's size, and fails above IMAGE_CHECK_MAX_MB (250), and the time taken.
# Run as root from anywhere:  scripts/image-check.sh
# IMAGE_CHECK_DIR (default /var/tmp/storefront-image-check) keeps the Debian tree between runs;
# the base image is reused while it exists (IMAGE_CHECK_REBUILD_BASE=1 rebuilds it).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

[ "$(id -u)" = 0 ] || { echo "image-check: run as root (debootstrap, podman, chroot, mount)" >&2; exit 1; }
if ! command -v podman >/dev/null || ! command -v debootstrap >/dev/null; then
  echo "== installing podman and debootstrap (Debian packages)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman debootstrap >/dev/null
fi

. scripts/node.sh 24
node_dir=$npm_config_nodedir
node_version=$(node --version)
npm_version=11.19.1
work=${IMAGE_CHECK_DIR:-/var/tmp/storefront-image-check}
base=localhost/storefront-base:node-${node_version#v}-bookworm-slim
image=localhost/storefront:image-check
pg=${IMAGE_CHECK_PG:-postgres://postgres@127.0.0.1:5432}
max_mb=${IMAGE_CHECK_MAX_MB:-250}
mkdir -p "$work"

# --- the base: Debian bookworm minbase, slimmed as the official -slim images are, plus Node
if [ "${IMAGE_CHECK_REBUILD_BASE:-0}" = 1 ] || ! podman image exists "$base"; then
  echo "== building $base (debootstrap --variant=minbase bookworm)"
  t0=$(date +%s)
  root="$work/rootfs"
  rm -rf "$root"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log"; exit 1; }
  # What debian:bookworm-slim leaves out, also for packages installed later on top of it.
  cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
EOF
  find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
  rm -rf "$root"/usr/share/{man,groff,info,lintian,linda,locale}/* "$root"/var/cache/apt/archives/*.deb \
    "$root"/var/lib/apt/lists/* "$root"/var/log/*.log
  # Node where the official image keeps it: /usr/local/bin/node, /usr/local/include/node, npm.
  install -m 0755 "$node_dir/bin/node" "$root/usr/local/bin/node"
  mkdir -p "$root/usr/local/include" "$root/usr/local/lib/node_modules"
  cp -r "$node_dir/include/node" "$root/usr/local/include/node"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "npm@$npm_version" >/dev/null && tar -xzf npm-*.tgz)
  mv "$tmp/package" "$root/usr/local/lib/node_modules/npm"
  rm -rf "$tmp"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  tar -C "$root" -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=${node_version#v}" \
    --change 'CMD ["node"]' --quiet - "$base" >/dev/null
  rm -rf "$root"
  echo "   base built in $(( $(date +%s) - t0 )) s"
fi

# --- the image
echo "== podman build --build-arg BASE=$base"
t0=$(date +%s)
# This machine reaches the npm registry through a TLS-inspecting proxy whose CA is in the system
# store; the build gets that store as a secret (docs/operations.md, "Building the image").
podman build --isolation chroot --format docker --build-arg "BASE=$base" \
  --secret id=npm_ca,src=/etc/ssl/certs/ca-certificates.crt -t "$image" -f Containerfile . >"$work/build.log" 2>&1 \
  || { tail -40 "$work/build.log"; exit 1; }
build_seconds=$(( $(date +%s) - t0 ))

inspect() { podman image inspect "$1" --format "$2"; }
user=$(inspect "$image" '{{.Config.User}}')
entrypoint=$(inspect "$image" '{{join .Config.Entrypoint " "}}')
healthcheck=$(inspect "$image" '{{json .Config.Healthcheck}}')
mapfile -t image_env < <(inspect "$image" '{{range .Config.Env}}{{println .}}{{end}}' | sed '/^$/d')
uid=${user%%:*}
gid=${user#*:}
[ -n "$uid" ] && [ "$uid" != 0 ] && [ "$uid" != root ] || { echo "image-check: the image's user is '$user', not a non-root uid" >&2; exit 1; }
case "$healthcheck" in *healthcheck.ts*) ;; *) echo "image-check: no HEALTHCHECK in the image: $healthcheck" >&2; exit 1 ;; esac

# --- run its entry point under chroot
mnt=$(podman image mount "$image")
mounts=()
pids=()
inner=()
cleanup() {
  # unshare's parent ignores SIGTERM while it waits: stop what runs inside, then reap unshare.
  for p in "${inner[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount "${mounts[i]}" 2>/dev/null || true; done
  podman image unmount "$image" >/dev/null 2>&1 || true
  [ -n "${pg_db:-}" ] && for d in "$pg_db" "${pg_db}_pay" "${pg_db}_admin"; do psql -q "$pg/postgres" -c "drop database if exists $d" >/dev/null 2>&1 || true; done
  return 0
}
trap cleanup EXIT
# Sizes in MB of 10^6 bytes, as podman reports them: the image is the sum of its layers, unpacked.
size=$(inspect "$image" '{{.Size}}')
base_size=$(inspect "$base" '{{.Size}}')
app_size=$(du -s --apparent-size -B1 "$mnt/app" | cut -f1)
node_size=$(stat -c %s "$mnt/usr/local/bin/node")
echo "== image $image: $((size / 1000000)) MB (limit $max_mb MB): /app $((app_size / 1000000)) MB," \
  "the rest (Debian, the node binary of $((node_size / 1000000)) MB) $(((size - app_size) / 1000000)) MB; the base built on is $((base_size / 1000000)) MB"
[ "$size" -le $((max_mb * 1000000)) ] || { echo "image-check: the image is over $max_mb MB" >&2; exit 1; }
data="$work/data"
rm -rf "$data" && mkdir -p "$data" && chown "$uid:$gid" "$data"
mount --bind "$data" "$mnt/data" && mounts+=("$mnt/data")
mount --bind /dev "$mnt/dev" && mounts+=("$mnt/dev")

jwt=$(head -c 32 /dev/urandom | base64)
webhook=$(head -c 24 /dev/urandom | base64)
session=$(head -c 32 /dev/urandom | base64)
admin_phone=+919000000001
admin_password=$(head -c 12 /dev/urandom | base64)
common=(JWT_SECRET="$jwt" STORE_WEBHOOK_SECRET="$webhook" LOG_LEVEL=warn)

# Starts the image's entry point with the image's environment plus the given settings, as the
# image's user, PID 1 of a new PID namespace with its own /proc; prints nothing, sets $started_pid
# to the host pid of that PID 1.
start() {
  local log=$1; shift
  unshare --pid --fork --kill-child --mount --mount-proc="$mnt/proc" \
    env -i "${image_env[@]}" "$@" chroot --userspec="$uid:$gid" --groups="$gid" "$mnt" $entrypoint "${args[@]}" >"$log" 2>&1 &
  local outer=$!
  pids+=("$outer")
  for _ in $(seq 1 50); do
    started_pid=$(pgrep -P "$outer" || true)
    [ -n "$started_pid" ] && inner+=("$started_pid") && return 0
    sleep 0.1
  done
  echo "image-check: $log: no process" >&2; return 1
}
# The image's HEALTHCHECK command, run inside that container's PID namespace as its user.
healthcheck() {
  nsenter --target "$1" --pid --mount env -i "${image_env[@]}" "${@:2}" \
    chroot --userspec="$uid:$gid" --groups="$gid" "$mnt" node /app/deploy/healthcheck.ts
}
wait_for() {
  local url=$1 log=$2
  for _ in $(seq 1 120); do
    curl -sf -o /dev/null "$url" && return 0
    sleep 0.5
  done
  echo "image-check: $url did not answer; its log:" >&2; tail -30 "$log" >&2; return 1
}
# A port nothing listens on now (the machine is shared: fixed numbers collide).
free_port() { node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }
get() { curl -sS -w ' (%{http_code})' "$1"; echo; }
stop() {
  local pid=$1 outer=$2 code=0
  kill -TERM "$pid"
  wait "$outer" || code=$?
  [ "$code" = 0 ] || { echo "image-check: exit $code after SIGTERM (expected 0)" >&2; return 1; }
  echo "   stopped on SIGTERM, exit 0"
}
check_api() {
  local name=$1 port=$2; shift 2
  echo "== API on $name, from the image (port $port)"
  args=(api)
  # The smoke's admin signs in with a password alone (production asks staff for a second factor).
  start "$work/api-$name.log" PORT="$port" "${common[@]}" SEED_ADMIN_PHONE="$admin_phone" SEED_ADMIN_PASSWORD="$admin_password" \
    ADMIN_REQUIRE_MFA=false TOPUP_PAGE_BASE_URL=http://127.0.0.1:1/topup JOBS_INTERVAL_SECONDS=0 "$@"
  local pid=$started_pid outer=${pids[-1]}
  wait_for "http://127.0.0.1:$port/health" "$work/api-$name.log"
  echo "   /health $(get "http://127.0.0.1:$port/health")"
  echo "   /ready  $(get "http://127.0.0.1:$port/ready")"
  curl -sf -o /dev/null "http://127.0.0.1:$port/ready" || { echo "image-check: /ready is not 200" >&2; return 1; }
  local running_uid
  running_uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")
  echo "   process $pid ($(tr '\0' ' ' <"/proc/$pid/cmdline")) runs as uid $running_uid"
  [ "$running_uid" = "$uid" ] && [ "$running_uid" != 0 ] || { echo "image-check: uid $running_uid, expected $uid" >&2; return 1; }
  healthcheck "$pid" PORT="$port" && echo "   HEALTHCHECK: healthy" || { echo "image-check: HEALTHCHECK failed" >&2; return 1; }
  SMOKE_ADMIN_PHONE=$admin_phone SMOKE_ADMIN_PASSWORD=$admin_password SMOKE_WEBHOOK_SECRET=$webhook \
    node deploy/smoke.ts "http://127.0.0.1:$port"
  api_pid=$pid api_outer=$outer
}

echo "== production dependencies, from the image"
args=(node deploy/dependencies.ts)
start "$work/dependencies.log"
wait "${pids[-1]}" || { cat "$work/dependencies.log"; exit 1; }
cat "$work/dependencies.log"
echo "== a setting holding an example value (...replace-me) refused, from the image"
refused=0
env -i "${image_env[@]}" "${common[@]}" JWT_SECRET=example-jwt-secret-of-at-least-32-bytes-replace-me \
  chroot --userspec="$uid:$gid" --groups="$gid" "$mnt" $entrypoint api >"$work/refused.log" 2>&1 || refused=$?
sed 's/^/   /' "$work/refused.log"
[ "$refused" = 2 ] && grep -q 'JWT_SECRET' "$work/refused.log" || { echo "image-check: the API started on an example secret (exit $refused)" >&2; exit 1; }

check_api sqlite "$(free_port)" DATABASE_URL=sqlite:/data/storefront.db
stat -c '   /data: %n, owner uid %u' "$data"/*
stop "$api_pid" "$api_outer"

pg_db=sf_image_check_$$
for d in "$pg_db" "${pg_db}_pay" "${pg_db}_admin"; do psql -q "$pg/postgres" -c "create database $d" >/dev/null; done
echo "== migrate on PostgreSQL, from the image"
args=(migrate)
start "$work/migrate.log" "${common[@]}" DATABASE_URL="$pg/$pg_db" PAY_DATABASE_URL="$pg/${pg_db}_pay" \
  ADMIN_SESSION_STORE_URL="$pg/${pg_db}_admin" ADMIN_SESSION_SECRET="$session"
wait "${pids[-1]}" || { cat "$work/migrate.log"; exit 1; }
sed 's/^/   /' "$work/migrate.log" | tail -3

api_port=$(free_port)
check_api postgres "$api_port" DATABASE_URL="$pg/$pg_db"
api="http://127.0.0.1:$api_port"
echo "== payment server, portal and shop on PostgreSQL, from the image"
pay_port=$(free_port) admin_port=$(free_port) shop_port=$(free_port)
args=(pay)
start "$work/pay.log" PAY_PORT=$pay_port "${common[@]}" STOREFRONT_API_URL="$api" PAY_DATABASE_URL="$pg/${pg_db}_pay"
pay_pid=$started_pid
args=(admin)
start "$work/admin.log" ADMIN_PORT=$admin_port "${common[@]}" STOREFRONT_API_URL="$api" ADMIN_SESSION_SECRET="$session" \
  ADMIN_SESSION_STORE_URL="$pg/${pg_db}_admin"
admin_pid=$started_pid
args=(shop)
start "$work/shop.log" SHOP_PORT=$shop_port "${common[@]}" STOREFRONT_API_URL="$api"
shop_pid=$started_pid
for part in pay:$pay_port admin:$admin_port shop:$shop_port; do
  wait_for "http://127.0.0.1:${part#*:}/health" "$work/${part%%:*}.log"
  echo "   ${part%%:*} /health $(get "http://127.0.0.1:${part#*:}/health")"
done
for part in admin:$admin_port shop:$shop_port; do
  page=$(curl -sf "http://127.0.0.1:${part#*:}/")
  case "$page" in *'<div id="root">'*) echo "   ${part%%:*} / serves the built app" ;; *) echo "image-check: ${part%%:*} / is not the built app" >&2; exit 1 ;; esac
done
healthcheck "$pay_pid" PAY_PORT=$pay_port && echo "   pay HEALTHCHECK: healthy"
healthcheck "$admin_pid" ADMIN_PORT=$admin_port && echo "   admin HEALTHCHECK: healthy"
healthcheck "$shop_pid" SHOP_PORT=$shop_port && echo "   shop HEALTHCHECK: healthy"
for p in "$pay_pid" "$admin_pid" "$shop_pid"; do
  [ "$(awk '/^Uid:/ { print $2 }' "/proc/$p/status")" = "$uid" ] || { echo "image-check: $p is not uid $uid" >&2; exit 1; }
done
echo "   pay, admin and shop run as uid $uid"

echo "== one jobs pass on PostgreSQL, from the image"
args=(jobs)
start "$work/jobs.log" "${common[@]}" DATABASE_URL="$pg/$pg_db"
wait "${pids[-1]}" || { cat "$work/jobs.log"; exit 1; }
sed 's/^/   /' "$work/jobs.log" | tail -1

stop "$api_pid" "$api_outer"

echo "== image $image: $((size / 1000000)) MB"
echo "== image check passed in $(( $(date +%s) - started )) s (image build ${build_seconds} s)"
