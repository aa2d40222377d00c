#!/usr/bin/env bash
# Runs the AT-SPI checks of `interlinear view` in a private D-Bus session (dbus-run-session): Xvfb, the
# accessibility bus launcher, the app, pyatspi and Orca all live and die inside it.
#   harness.sh [checks] --app view|host --interlinear BIN [--host BIN] --workdir DIR [--skip-orca]   (atspi_checks.py)
#   harness.sh bench --host BIN --workdir DIR [--rounds N]                                              (bench_extents.py)
#   harness.sh arguments --interlinear BIN --workdir DIR                                 (argument_checks.py)
#   harness.sh listen --interlinear BIN --workdir DIR [--reference R] [--runs N]         (listen_checks.py)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
script=atspi_checks.py
case "${1:-}" in
  checks) shift ;;
  bench) script=bench_extents.py; shift ;;
  arguments) script=argument_checks.py; shift ;;
  listen) script=listen_checks.py; shift ;;
esac
# IsEnabled starts false (no stored setting), GTK modules do not join, nothing is spoken aloud.
export GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 LC_ALL=C.UTF-8
unset AT_SPI_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY
# A test runner may start us with signals blocked or ignored (both are inherited across exec): the session's
# dbus-daemon would then survive dbus-run-session's SIGTERM and keep our output pipes open. Restore them first.
exec /usr/bin/python3 -c '
import os, signal, sys
signal.pthread_sigmask(signal.SIG_SETMASK, [])
for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGPIPE, signal.SIGCHLD):
    signal.signal(s, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])
' timeout --kill-after=10 "${HARNESS_TIMEOUT:-600}" dbus-run-session -- /usr/bin/python3 "$here/$script" "$@"
