#!/usr/bin/env bash
# The README's set-up on a machine that has never seen the project, as close
# as one machine can get to a fresh Debian one with node: a fresh clone of
# the current branch (committed work only, no .cache/, no node_modules/), a
# fresh HOME, an empty DENO_DIR and npm cache, deno installed by npm into a
# prefix of its own, and a PATH without the system's deno. Then the two
# commands the README promises work with no other step:
#
#   npm install -g deno
#   deno task flip7 sim -n 10000 -p ev,bust:0.25,sum:20 --seed 1
#   deno task test
#
# It also checks that the PNG font is the npm package dejavu-fonts-ttf
# fetched into the empty DENO_DIR, not a file of /usr/share/fonts.
#
#   bash tools/fresh_machine.sh                 # the whole deno task test
#   bash tools/fresh_machine.sh tests/a_test.ts # only these test files (the
#                                                 test task's own flags)
#   FRESH_DIR=/tmp/f bash tools/fresh_machine.sh   # where (default: a new temp dir)
#
# Needs: node and npm on PATH, git, the npm registry. Exit 0 when everything
# passed; the log of each step is in $FRESH_DIR/*.log.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
branch="$(git -C "$repo" rev-parse --abbrev-ref HEAD)"
commit="$(git -C "$repo" rev-parse HEAD)"
fresh="${FRESH_DIR:-$(mktemp -d /tmp/flip7-fresh-XXXXXX)}"
mkdir -p "$fresh"
echo "fresh machine in $fresh: branch $branch at ${commit:0:7}"

# a PATH with every system tool but deno
mkdir -p "$fresh/sysbin"
for d in /usr/local/bin /usr/bin; do
  for f in "$d"/*; do
    name="${f##*/}"
    [ "$name" = deno ] && continue
    [ -e "$fresh/sysbin/$name" ] || ln -s "$f" "$fresh/sysbin/$name"
  done
done
export HOME="$fresh/home" DENO_DIR="$fresh/deno-dir"
export npm_config_cache="$fresh/npm-cache" npm_config_prefix="$fresh/npm"
export PATH="$fresh/npm/bin:$fresh/sysbin"
unset FLIP7_CACHE_DIR FLIP7_LONG DENO_INSTALL_ROOT
mkdir -p "$HOME"
if command -v deno >/dev/null; then
  echo "FAIL: a deno is on the fresh PATH: $(command -v deno)"
  exit 1
fi

step() { # NAME CMD...: run, log to $fresh/NAME.log, say how it went
  local name="$1"
  shift
  local t0=$SECONDS
  if "$@" >"$fresh/$name.log" 2>&1; then
    echo "ok   $name ($((SECONDS - t0)) s)"
  else
    echo "FAIL $name ($((SECONDS - t0)) s): tail of $fresh/$name.log:"
    tail -n 20 "$fresh/$name.log"
    exit 1
  fi
}

step clone git clone --quiet --branch "$branch" "$repo" "$fresh/flip7"
cd "$fresh/flip7"
git checkout --quiet "$commit"
step npm-install-deno npm install -g deno
echo "     deno: $(command -v deno), $(deno --version | head -n 1)"
step sim deno task flip7 sim -n 10000 -p ev,bust:0.25,sum:20 --seed 1
grep -E "^([0-9] |# policy|fair share|10000 games)" "$fresh/sim.log" | sed 's/^/     /'

# a PNG chart, drawn with the fonts of the npm package
step chart-png deno task flip7 chart advice --format png --out results/fresh-advice.png
# the files the PNG renderer loads (lib/chart/chart.ts's fontFiles): both
# must be the npm package's, fetched into the empty DENO_DIR
fonts="$(deno eval --quiet 'import { fontFiles } from "./lib/chart/chart.ts"; console.log(fontFiles().join("\n"))')"
echo "$fonts" | sed 's/^/     font: /'
if [ "$(echo "$fonts" | grep -c "^$DENO_DIR/.*dejavu-fonts-ttf.*/DejaVuSans\(-Bold\)\?\.ttf$")" -ne 2 ]; then
  echo "FAIL: the PNG fonts are not the npm package dejavu-fonts-ttf under $DENO_DIR"
  exit 1
fi

if [ "$#" -gt 0 ]; then
  # the test task's own permission flags and temporary cache, on the files given
  step test-part deno task test "$@"
else
  step test deno task test
fi
tail -n 3 "$fresh/test${1:+-part}.log" | sed 's/^/     /'
echo "fresh machine: everything passed ($fresh)"
