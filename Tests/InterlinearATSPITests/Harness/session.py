"""A private desktop session for the AT-SPI tests: Xvfb, the accessibility bus launcher, the app under test.

Runs inside `dbus-run-session` (harness.sh), so the session bus is private. Every process started here is
recorded and ended by its id (SIGKILL for Orca, which ignores SIGTERM while idle). Every wait has a timeout.
Debian's /usr/bin/python3 runs this; pyatspi is imported only after our launcher owns org.a11y.Bus (importing it
earlier would D-Bus-activate a second launcher).
"""
import os
import signal
import subprocess
import time


def log(*parts):
    print("INFO", *parts, flush=True)


def wait_until(predicate, timeout, interval=0.05, what="condition"):
    """Polls predicate until it returns a truthy value; returns it, or None after timeout seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            log("timed out after %.1fs waiting for %s" % (timeout, what))
            return None
        time.sleep(interval)


def gdbus(*args, timeout=10):
    """Runs gdbus on the session bus; returns (exit status, stdout, stderr)."""
    try:
        p = subprocess.run(["gdbus", "call", "--session", *args], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, "", "gdbus timed out"
    return p.returncode, p.stdout.strip(), p.stderr.strip()


class Session:
    def __init__(self, workdir):
        self.workdir = workdir
        self.processes = []  # (name, Popen), ended in reverse order
        self.display = None

    # -- processes -----------------------------------------------------------------------------------------------
    def spawn(self, name, argv, **kwargs):
        kwargs.setdefault("stdout", open(os.path.join(self.workdir, name + ".out"), "w"))
        kwargs.setdefault("stderr", subprocess.STDOUT)
        p = subprocess.Popen(argv, **kwargs)
        self.processes.append((name, p))
        log("started", name, "pid", p.pid)
        return p

    def end(self, p, sig=signal.SIGTERM, timeout=5):
        """Ends one process we started, by its id; SIGKILL if it does not go within timeout."""
        if p.poll() is not None:
            return
        try:
            p.send_signal(sig)
            p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(timeout=5)

    def children_of(self, pid):
        """Process ids whose parent is pid (the launcher's bus daemon and registry)."""
        result = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open("/proc/%s/stat" % entry) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == pid:
                    result.append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
        return result

    def close(self):
        for name, p in reversed(self.processes):
            # The launcher's own children (its accessibility dbus-daemon, the registry) were started for us too.
            children = self.children_of(p.pid) if name == "launcher" else []
            self.end(p, signal.SIGKILL if name == "orca" else signal.SIGTERM)
            for child in children:
                try:
                    os.kill(child, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        self.processes = []

    # -- the desktop -------------------------------------------------------------------------------------------
    def start_xvfb(self):
        """Xvfb on a free display (it picks one and tells us through -displayfd)."""
        read_end, write_end = os.pipe()
        self.spawn("xvfb", ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                   pass_fds=(write_end,))
        os.close(write_end)
        number = b""
        deadline = time.monotonic() + 15
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = os.read(read_end, 16)
            if not chunk:
                break
            number += chunk
        os.close(read_end)
        if not number.strip():
            raise RuntimeError("Xvfb did not start")
        self.display = ":" + number.decode().strip()
        os.environ["DISPLAY"] = self.display
        log("Xvfb on", self.display)

    def start_launcher(self):
        """at-spi-bus-launcher on the private session bus; waits until it owns org.a11y.Bus."""
        self.spawn("launcher", ["/usr/libexec/at-spi-bus-launcher"])
        owned = wait_until(lambda: "true" in gdbus("--dest", "org.freedesktop.DBus", "--object-path",
                                                   "/org/freedesktop/DBus", "--method",
                                                   "org.freedesktop.DBus.NameHasOwner", "org.a11y.Bus")[1],
                           10, what="org.a11y.Bus")
        if not owned:
            raise RuntimeError("at-spi-bus-launcher did not take org.a11y.Bus")

    def set_enabled(self, value):
        status, out, err = gdbus("--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method",
                                 "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", "IsEnabled",
                                 "<%s>" % ("true" if value else "false"))
        if status != 0:
            raise RuntimeError("cannot set IsEnabled: " + err)

    def is_enabled(self):
        status, out, _ = gdbus("--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method",
                               "org.freedesktop.DBus.Properties.Get", "org.a11y.Status", "IsEnabled")
        return status == 0 and "true" in out

    def a11y_address(self):
        status, out, err = gdbus("--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method",
                                 "org.a11y.Bus.GetAddress")
        if status != 0:
            raise RuntimeError("GetAddress failed: " + err)
        return out.strip("()',\n ").strip("'")
