#!/usr/bin/env bash
# Prints the bin folder of the newest Node.js of one major line (22, 24, 26), fetched from the npm registry
# as the node-<os>-<arch> package (its binary and headers) into a cache folder, and reused from there.
# Used by .ci/run to run the suite on each maintained line; usable by hand:
#   PATH="$(bash scripts/node-runtime.sh 26):$PATH" npm ci && npm test
set -euo pipefail
major="${1:?usage: node-runtime.sh MAJOR}"
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "node-runtime.sh: no node package for $(uname -m)" >&2; exit 1 ;;
esac
package="node-$(uname -s | tr '[:upper:]' '[:lower:]')-$arch"
cache="${INBOXD_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/inboxd/node}"
# The newest version of that line the registry has (npm lists every match, oldest first).
version="$(npm view "$package@^$major" version --json 2>/dev/null | node -e '
  let text = ""; process.stdin.on("data", (c) => (text += c)).on("end", () => {
    const found = [].concat(JSON.parse(text));
    const newest = found.sort((a, b) => { const [x, y] = [a, b].map((v) => v.split(".").map(Number)); return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; }).at(-1);
    process.stdout.write(newest ?? "");
  });')"
[ -n "$version" ] || { echo "node-runtime.sh: $package@^$major not found in the registry" >&2; exit 1; }
target="$cache/$version"
if [ ! -x "$target/bin/node" ]; then
  mkdir -p "$cache"
  work="$(mktemp -d "$cache/.fetch-XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  npm pack "$package@$version" --pack-destination "$work" --silent >/dev/null
  tar -xzf "$work"/*.tgz -C "$work"
  rm -rf "$target"
  mv "$work/package" "$target"
fi
echo "$target/bin"
