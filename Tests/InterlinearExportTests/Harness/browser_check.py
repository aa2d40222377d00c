"""Loads an exported HTML page in headless Chromium (Debian chromium + chromium-driver, driven by selenium) and
prints one JSON object with what the tests check:

- violations: axe-core 4.12's violations (axe.min.js from the PyPI package axe-playwright-python 0.1.8, which
  scripts/setup takes out of its wheel);
- headings: every heading of Chromium's accessibility tree (DevTools protocol Accessibility.getFullAXTree), in
  tree order: level, accessible name, and the DOM text it is drawn from;
- words: every text node of the tree drawn from a source-word span (class "src"), in tree order: its text, the
  lang that applies to it (nearest lang attribute) and its computed direction;
- spoken: how many word stacks have a visually hidden spoken form exposed in the tree (not ignored);
- exposedHiddenTiers: text nodes of aria-hidden tier spans that the tree does not ignore (should be none);
- overflow320: whether the page scrolls sideways in a 320 CSS px wide viewport;
- screenshot: written to argv[3] when given.

usage: browser_check.py PAGE.html AXE.js [SCREENSHOT.png]
"""
import json
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

page, axe_path = sys.argv[1], sys.argv[2]
screenshot = sys.argv[3] if len(sys.argv) > 3 else None

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--force-device-scale-factor=1", "--window-size=900,1200"):
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
# The client's HTTP wait must outlast the script timeout below (selenium's default is 120 s).
driver.command_executor._client_config.timeout = 1800
try:
    # A chapter has thousands of elements and the machine may be busy: axe may take minutes, never a test timeout.
    driver.set_script_timeout(1800)
    driver.set_page_load_timeout(600)
    driver.get("file://" + page)
    result = {}

    # axe-core, run on the whole document with its default rules (WCAG 2.x A/AA and best practices).
    with open(axe_path, encoding="utf-8") as f:
        driver.execute_script(f.read())
    axe = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then(r => done({violations: r.violations.map(v => ({id: v.id, impact: v.impact,"
        " help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})), passes: r.passes.length}))"
        ".catch(e => done({error: String(e)}));")
    result["violations"] = axe.get("violations", [{"id": "axe-error", "help": axe.get("error")}])
    result["axePasses"] = axe.get("passes", 0)

    driver.execute_cdp_cmd("Accessibility.enable", {})
    driver.execute_cdp_cmd("DOM.getDocument", {"depth": -1})
    nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]

    def dom_facts(backend_id, function):
        """Runs `function` (JS, `this` = the DOM node) on the node the AX node was made from."""
        obj = driver.execute_cdp_cmd("DOM.resolveNode", {"backendNodeId": backend_id})["object"]
        value = driver.execute_cdp_cmd("Runtime.callFunctionOn", {
            "objectId": obj["objectId"], "functionDeclaration": function, "returnByValue": True})
        return value["result"].get("value")

    facts_js = """function() {
        const element = this.nodeType === 1 ? this : this.parentElement;
        const tagged = element.closest('[lang]');
        const span = element.closest('.w > span');
        return {lang: tagged ? tagged.getAttribute('lang') : null,
                dir: getComputedStyle(element).direction,
                tier: span ? span.className : null,
                hidden: element.closest('[aria-hidden="true"]') !== null,
                text: element.textContent};
    }"""

    headings, words, spoken_stacks, exposed_hidden = [], [], set(), 0
    for node in nodes:
        role = node.get("role", {}).get("value")
        ignored = node.get("ignored", False)
        backend = node.get("backendDOMNodeId")
        if role == "heading" and not ignored:
            level = next((p["value"]["value"] for p in node.get("properties", []) if p["name"] == "level"), None)
            headings.append({"level": level, "name": node.get("name", {}).get("value", ""),
                             "text": dom_facts(backend, "function() { return this.textContent; }")})
        elif role in ("StaticText", "InlineTextBox") and not ignored and backend is not None and role == "StaticText":
            facts = dom_facts(backend, facts_js)
            if facts["tier"] == "src":
                words.append({"text": node.get("name", {}).get("value", ""), "lang": facts["lang"], "dir": facts["dir"]})
            elif facts["tier"] == "sr":
                spoken_stacks.add(dom_facts(backend, "function() { const w = this.parentElement.closest('.w');"
                                            " return Array.prototype.indexOf.call(document.querySelectorAll('.w'), w); }"))
            if facts["hidden"]:
                exposed_hidden += 1
    result["headings"] = headings
    result["words"] = words
    result["spoken"] = len(spoken_stacks)
    result["stacks"] = driver.execute_script("return document.querySelectorAll('.w').length")
    result["exposedHiddenTiers"] = exposed_hidden

    # Reflow: 320 CSS px wide (WCAG 1.4.10), nothing wider than the viewport.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": False})
    result["overflow320"] = driver.execute_script(
        "return document.documentElement.scrollWidth > document.documentElement.clientWidth")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    if screenshot:
        driver.set_window_size(900, 1200)
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(screenshot)
    print(json.dumps(result, ensure_ascii=False))
finally:
    driver.quit()
