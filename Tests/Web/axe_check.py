"""Runs axe-core on web pages in headless Chromium (Debian chromium + chromium-driver, driven by selenium) in every
way a reader may meet them: light and dark (`prefers-color-scheme`, emulated through the DevTools protocol's
Emulation.setEmulatedMedia) and with JavaScript on and off (Emulation.setScriptExecutionDisabled, set before the page
loads, and back on once it has loaded, for axe itself). The rules: WCAG 2.0, 2.1 and 2.2 A and AA (tags wcag2a
wcag2aa wcag21a wcag21aa wcag22aa) and, beyond AA, color-contrast-enhanced (7:1, 4.5:1 for large text).

With --open-details, axe runs with the disclosures (`<details>`) open: every one but the define disclosures under
the words, and the first three of those (with the page's script on, after their entries loaded, at most 10 s), so
what they hold is checked as a reader meets it (script off: a define disclosure's summary above its word page's link).

Prints one JSON object:

  {"axe": "4.12.1", "pages": [{"url": …, "scheme": "light"|"dark", "javascript": true|false, "opened": N,
    "violations": [{"id", "impact", "help", "nodes": [target, …], "count"}], "passes": N, "incomplete": [ids]}]}

usage: axe_check.py [--open-details] AXE.js URL…   (http://, https:// or file:// URLs, each checked in four ways)

The script never reads anything but the pages it is given and axe.min.js, and exits 0 when it could check every page
(violations or not: the caller decides); 2 on a usage error, 1 when a page could not be checked.
"""
import json
import signal
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
# axe tags color-contrast-enhanced wcag2aaa only: it is turned on by name beside the tags.
RUN_OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "rules": {"color-contrast-enhanced": {"enabled": True}},
               "resultTypes": ["violations", "incomplete"]}

arguments = sys.argv[1:]
open_details = arguments[:1] == ["--open-details"]
if open_details:
    arguments = arguments[1:]
if len(arguments) < 2:
    print(__doc__.strip().splitlines()[-4], file=sys.stderr)
    sys.exit(2)
axe_path, urls = arguments[0], arguments[1:]
with open(axe_path, encoding="utf-8") as f:
    axe_source = f.read()

# Opens the disclosures (all but the define ones, and the first three of those); with the page's script on, their
# toggle events fetch the entries: waits until none is loading (at most 10 s; the first check after 200 ms, once the
# toggle events have run). Answers how many were opened.
OPEN_DETAILS = """
const done = arguments[arguments.length - 1];
const all = [...document.querySelectorAll('details')];
const opened = all.filter((d) => !d.classList.contains('def'))
  .concat(all.filter((d) => d.classList.contains('def')).slice(0, 3));
for (const d of opened) d.open = true;
const deadline = Date.now() + 10000;
const wait = () => {
  if (Date.now() > deadline || !document.querySelector('details.def[data-loaded="loading"]')) done(opened.length);
  else setTimeout(wait, 100);
};
setTimeout(wait, 200);
"""

# Ended by a test runner's SIGTERM, the browser still goes (the `finally` that quits it runs).
signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--force-device-scale-factor=1", "--window-size=900,1200"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # Each command may take minutes on a busy machine (axe on a chapter of thousands of elements): the client's
    # HTTP wait must outlast the script timeout, not cut it at selenium's default 120 s.
    driver.command_executor._client_config.timeout = 1800
    # A chapter has thousands of elements and the machine may be busy: axe may take minutes.
    driver.set_script_timeout(1800)
    driver.set_page_load_timeout(600)
    return driver


def check(driver, url, scheme, javascript):
    driver.get("about:blank")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": not javascript})
    driver.get(url)
    # The page was parsed and loaded with its own scripts off (none ran, <noscript> shows); scripting comes back on
    # only now, for axe, whose promises and timers need it. Scripts skipped while loading never run afterwards.
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    opened = driver.execute_async_script(OPEN_DETAILS) if open_details else 0
    driver.execute_script(axe_source)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, arguments[0]).then(r => done({version: axe.version,"
        " violations: r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,"
        "   nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' | ' + (n.failureSummary || '')"
        "   .replace(/\\s+/g, ' ').slice(0, 300))})),"
        " passes: r.passes.length, incomplete: r.incomplete.map(v => v.id)}))"
        ".catch(e => done({error: String(e)}));", RUN_OPTIONS)
    if "error" in result:
        raise RuntimeError(f"axe on {url}: {result['error']}")
    return {"url": url, "scheme": scheme, "javascript": javascript, "opened": opened, "axe": result["version"],
            "violations": result["violations"], "passes": result["passes"], "incomplete": result["incomplete"]}


driver = browser()
try:
    pages = []
    for url in urls:
        for scheme in ("light", "dark"):
            for javascript in (True, False):
                pages.append(check(driver, url, scheme, javascript))
                print(f"axe_check.py: {url} {scheme} script {'on' if javascript else 'off'}"
                      f"{' (%d disclosures open)' % pages[-1]['opened'] if open_details else ''}: "
                      f"{len(pages[-1]['violations'])} violations", file=sys.stderr, flush=True)
    print(json.dumps({"axe": pages[0]["axe"] if pages else None, "pages": pages}, ensure_ascii=False))
except Exception as error:  # one line for the caller, not a traceback
    print(f"axe_check.py: {error}".splitlines()[0], file=sys.stderr)
    sys.exit(1)
finally:
    driver.quit()
