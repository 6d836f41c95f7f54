#!/usr/bin/env bash
# The MCP Inspector's command-line client (npm @modelcontextprotocol/inspector-cli,
# the last line that runs on Debian 12's Node.js 20; installs in under a
# minute), for internal/windows2text/mcp TestInspectorCLI: a real MCP client
# that no one here wrote drives "windows2text mcp" end to end. It installs
# into .cache/mcp-inspector under the repository (ignored by git).
set -euo pipefail
source "$(dirname "$0")/apt.sh"
apt_need nodejs
# Debian's nodejs comes without npm; other builds of nodejs bring their own.
command -v npm >/dev/null || apt_need npm
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.cache/mcp-inspector"
version=1.0.3
if [ ! -f "$dir/node_modules/@modelcontextprotocol/inspector-cli/build/index.js" ] ||
  ! grep -q "\"version\": \"$version\"" "$dir/node_modules/@modelcontextprotocol/inspector-cli/package.json"; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --loglevel=error "@modelcontextprotocol/inspector-cli@$version" >&2
fi
