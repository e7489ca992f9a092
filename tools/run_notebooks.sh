#!/usr/bin/env bash
# Execute Jupyter notebooks headlessly with the Deno kernel.
#
# Usage: tools/run_notebooks.sh [--inplace] [NOTEBOOK.ipynb ...]
#   (no notebook given: every notebooks/*.ipynb, in name order)
#   --inplace   write the executed notebooks (with outputs) back over the
#               originals, so committed notebooks can be refreshed; without
#               it the executed copies go to a temporary directory.
#
# Prints one line per notebook, then `notebooks: N passed, M failed`; exits
# non-zero if any cell raised an error or timed out.
#
# Environment: NB_TIMEOUT (seconds per cell, default 600), NB_LINGER (seconds
# to keep listening for a cell's output after the kernel reports idle,
# default 0.3; see below), NB_KERNEL (kernel name, default deno).
#
# Needs Debian's python3-nbclient, python3-nbformat and jupyter-client, and
# the Deno kernel spec (`deno jupyter --install`).
#
# Why not plain `jupyter nbconvert --execute`: the Deno kernel sometimes
# publishes the cell's `status: idle` on IOPub a few milliseconds BEFORE the
# cell's `stream` / `execute_result` / `display_data` messages. nbclient (and
# so nbconvert) stops collecting a cell's output at `idle`, so those outputs
# are silently dropped: often for the first cells (kernel warm-up), sometimes
# in the middle of a notebook. Errors are still detected (they come from the
# shell reply), but the saved notebook misses outputs. This runner is
# nbclient with one change: after `idle` it keeps reading the cell's
# messages until NB_LINGER seconds pass with none.
set -euo pipefail

cd "$(dirname "$0")/.."

inplace=0
files=()
for arg in "$@"; do
  case "$arg" in
    --inplace) inplace=1 ;;
    -h | --help)
      sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    -*)
      echo "run_notebooks: unknown option $arg" >&2
      exit 2
      ;;
    *) files+=("$arg") ;;
  esac
done
if [ ${#files[@]} -eq 0 ]; then
  shopt -s nullglob
  files=(notebooks/*.ipynb)
  shopt -u nullglob
fi
if [ ${#files[@]} -eq 0 ]; then
  echo "run_notebooks: no notebooks found"
  echo "notebooks: 0 passed, 0 failed"
  exit 0
fi

# Debian's Jupyter packages live in the system Python, which may not be the
# first python3 on PATH (pyenv, venvs).
py=""
for candidate in /usr/bin/python3 python3; do
  if command -v "$candidate" >/dev/null 2>&1 &&
    "$candidate" -c "import nbclient, nbformat, jupyter_client" >/dev/null 2>&1; then
    py="$candidate"
    break
  fi
done
if [ -z "$py" ]; then
  echo "run_notebooks: nbclient not found; install it with:" >&2
  echo "  apt-get install -y jupyter-client jupyter-nbconvert python3-nbclient python3-nbformat" >&2
  exit 2
fi

outdir="$(mktemp -d "${TMPDIR:-/tmp}/flip7-notebooks.XXXXXX")"
export NB_INPLACE="$inplace" NB_OUTDIR="$outdir"

# The Deno kernel prints an "unstable" warning on stderr at every start.
"$py" - "${files[@]}" 2> >(grep -v '"deno jupyter" is unstable' >&2) <<'PY'
import asyncio, os, sys, time
from queue import Empty

import nbformat
from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionComplete, CellExecutionError, CellTimeoutError, DeadKernelError
from nbclient.util import ensure_async

KERNEL = os.environ.get("NB_KERNEL", "deno")
TIMEOUT = int(os.environ.get("NB_TIMEOUT", "600"))
LINGER = float(os.environ.get("NB_LINGER", "0.3"))
INPLACE = os.environ["NB_INPLACE"] == "1"
OUTDIR = os.environ["NB_OUTDIR"]

try:
    KernelSpecManager().get_kernel_spec(KERNEL)
except NoSuchKernel:
    print(f"run_notebooks: no '{KERNEL}' kernel spec; run: deno jupyter --install", file=sys.stderr)
    sys.exit(2)


class LingeringClient(NotebookClient):
    """nbclient that also keeps output published just after `idle`."""

    async def _async_poll_output_msg(self, parent_msg_id, cell, cell_index):
        done = False
        while True:
            try:
                msg = await ensure_async(self.kc.iopub_channel.get_msg(timeout=LINGER if done else None))
            except Empty:
                return
            if msg["parent_header"].get("msg_id") != parent_msg_id:
                continue
            if done and msg["msg_type"] == "status":
                continue
            try:
                self.process_message(msg, cell, cell_index)
            except CellExecutionComplete:
                done = True


def write_atomic(nb, path):
    tmp = f"{path}.tmp-{os.getpid()}"
    nbformat.write(nb, tmp)
    os.replace(tmp, path)


passed = failed = 0
for path in sys.argv[1:]:
    name = os.path.basename(path)
    out = os.path.join(OUTDIR, name)
    nb = nbformat.read(path, as_version=4)
    client = LingeringClient(
        nb,
        kernel_name=KERNEL,
        timeout=TIMEOUT,
        record_timing=False,
        resources={"metadata": {"path": os.path.dirname(os.path.abspath(path))}},
    )
    cells = sum(1 for c in nb.cells if c.cell_type == "code")
    t0 = time.monotonic()
    try:
        client.execute()
    except (CellExecutionError, CellTimeoutError, DeadKernelError) as e:
        failed += 1
        write_atomic(nb, out)
        first = str(e).strip().splitlines()
        reason = next((l for l in reversed(first) if l.strip() and not l.startswith("-")), type(e).__name__)
        print(f"FAIL {path} ({time.monotonic() - t0:.1f}s): {reason[:300]}")
        print(f"     executed copy: {out}")
        print("\n".join("     | " + l for l in str(e).strip().splitlines()[-25:]))
        continue
    except Exception as e:  # kernel failed to start, unreadable notebook, ...
        failed += 1
        print(f"FAIL {path}: {type(e).__name__}: {e}")
        continue
    outputs = sum(len(c.get("outputs", [])) for c in nb.cells if c.cell_type == "code")
    if INPLACE:
        write_atomic(nb, path)
        where = "updated in place"
    else:
        write_atomic(nb, out)
        where = out
    passed += 1
    print(f"ok   {path} ({cells} code cells, {outputs} outputs, {time.monotonic() - t0:.1f}s) -> {where}")

print(f"notebooks: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
