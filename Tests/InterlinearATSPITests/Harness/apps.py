"""The application under test, driven the way a user drives it.

ViewApp: the real `interlinear view` window under Xvfb; keys go to it with xdotool (windowfocus --sync first:
there is no window manager). HostApp: the window-less test host (InterlinearATSPIHost), driven by commands on its
stdin; it stands in for the view only while the view is not built.
"""
import os
import queue
import re
import subprocess
import threading
import time

from session import log, wait_until


class App:
    name = "app"
    pid = None

    def origin(self):
        raise NotImplementedError

    def key(self, keysym):
        raise NotImplementedError

    def alive(self):
        return self.process.poll() is None


class ViewApp(App):
    name = "view"

    def __init__(self, session, binary, reference, width, height, scroll, extra=()):
        self.session = session
        self.width, self.height = width, height
        # The window remembers its settings (view.json: the order, the theme, the tiers) in the XDG config folder;
        # a folder of this run's, so a window another test left in English order does not open this one in it.
        environment = dict(os.environ, XDG_CONFIG_HOME=os.path.join(session.workdir, "config"))
        self.process = session.spawn("view", [binary, "view", reference, "--width", str(width), "--height",
                                              str(height), "--scroll", str(scroll), "--screen-reader", "auto",
                                              *extra], env=environment)
        self.pid = self.process.pid
        self.window = None
        found = wait_until(self._find_window, 30, interval=0.2, what="the view's X window")
        if not found:
            raise RuntimeError("interlinear view opened no window (see view.out)")
        log("view window", self.window)

    def _find_window(self):
        if self.process.poll() is not None:
            raise RuntimeError("interlinear view exited with %s (see view.out)" % self.process.returncode)
        p = subprocess.run(["xdotool", "search", "--pid", str(self.pid)], capture_output=True, text=True, timeout=10)
        ids = [line for line in p.stdout.split() if line.isdigit()]
        # SDL may create helper windows; the one with a WM_NAME is the chapter's.
        for wid in ids:
            name = subprocess.run(["xdotool", "getwindowname", wid], capture_output=True, text=True, timeout=10)
            if name.returncode == 0 and name.stdout.strip():
                self.window = wid
                return True
        return False

    def origin(self):
        p = subprocess.run(["xdotool", "getwindowgeometry", "--shell", self.window], capture_output=True, text=True,
                           timeout=10)
        values = dict(line.split("=", 1) for line in p.stdout.split() if "=" in line)
        return int(values["X"]), int(values["Y"])

    def focus_window(self):
        subprocess.run(["xdotool", "windowfocus", "--sync", self.window], capture_output=True, timeout=10)

    def key(self, keysym):
        self.focus_window()
        subprocess.run(["xdotool", "key", "--window", self.window, keysym], capture_output=True, timeout=10)


class HostApp(App):
    name = "host"

    def __init__(self, session, binary, reference, width, height, scroll, origin=(100, 50), extra=()):
        self.width, self.height = width, height
        self._origin = origin
        self.process = session.spawn("host-" + reference.replace(" ", ""),
                                     [binary, reference, "--width", str(width), "--viewport",
                                      "%dx%d+0+0" % (width, height), "--origin", "%d,%d" % origin,
                                      "--scroll", str(scroll), "--mode", "auto", *extra],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.pid = self.process.pid
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        if not self.expect("ready", 30):
            raise RuntimeError("the test host did not start")
        self.scroll = float(scroll)

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def expect(self, prefix, timeout=10):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line.startswith(prefix):
                return line
        return None

    def send(self, command, reply):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.expect(reply)

    def origin(self):
        return self._origin

    def key(self, keysym):
        if keysym == "Tab":
            self.send("move next", "focus")
        elif keysym == "shift+Tab":
            self.send("move previous", "focus")
        elif keysym in ("Down", "Up", "Home", "End", "Next", "Prior"):
            step = {"Down": 40, "Up": -40, "Next": self.height * 0.9, "Prior": -self.height * 0.9}
            target = {"Home": 0, "End": 1e9}.get(keysym, self.current_scroll() + step.get(keysym, 0))
            line = self.send("scroll %s" % target, "scrolled")
            if line:
                self.scroll = float(line.split()[1])
        else:
            raise ValueError("the test host has no key " + keysym)

    def current_scroll(self):
        line = self.send("stats", "stats")
        match = re.search(r"scroll=([-0-9.]+)", line or "")
        return float(match.group(1)) if match else 0.0

    def stats(self):
        line = self.send("stats", "stats") or ""
        return {k: float(v) for k, v in re.findall(r"(\w+)=([-0-9.]+)", line)}
