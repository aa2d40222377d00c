#!/usr/bin/env bash
# Runs orca_web.py (Orca 43 reading pages in Chromium) in a private D-Bus session, as the AT-SPI harness runs its
# checks (Tests/InterlinearATSPITests/Harness/harness.sh): nothing is spoken aloud, nothing outlives the session.
#   orca_web.sh --workdir DIR [--presses N] (--headings URL | --keys URL KEYS)…
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 LC_ALL=C.UTF-8
unset AT_SPI_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY
exec /usr/bin/python3 -c '
import os, signal, sys
signal.pthread_sigmask(signal.SIG_SETMASK, [])
for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGPIPE, signal.SIGCHLD):
    signal.signal(s, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])
' timeout --kill-after=10 "${HARNESS_TIMEOUT:-600}" dbus-run-session -- /usr/bin/python3 "$here/orca_web.py" "$@"
