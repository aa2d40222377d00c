"""The exported page's colour themes in headless Chromium (Debian chromium + chromium-driver, driven by selenium):
each theme chosen with the page's own switch (its radio button clicked, as a reader would), then axe-core 4.12's
contrast rules run on the whole page: `color-contrast` (WCAG AA, 4.5:1) and `color-contrast-enhanced` (AAA, 7:1).
Also the switch left at "Automatic" with the reader's preferences emulated (DevTools `Emulation.setEmulatedMedia`):
the page's background and text colours then, for a dark scheme, for more contrast and for neither.

  theme_check.py PAGE.html AXE.js [--preferences-only]

With --preferences-only (a page without a switch: an EPUB content document), only the emulated preferences, each
with the two contrast rules too: {"preferences": {"dark": {"colours": [background, text], "aa": [...], "aaa":
[...]}, …}}.

Prints one JSON object: {"themes": {"light": {"aa": [...], "aaa": [...], "background": "rgb(…)"}, …},
"preferences": {"dark": [background, text], "more": […], "none": […]}}, each list the ids of the rules' violations
with their first nodes.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium import AXE, start  # noqa: E402

page, axe_path = sys.argv[1], sys.argv[2]
preferences_only = "--preferences-only" in sys.argv[3:]
driver = start()
BACKGROUND = "return getComputedStyle(document.documentElement).backgroundColor;"
COLOURS = "const s = getComputedStyle(document.documentElement); return [s.backgroundColor, s.color];"
try:
    driver.get("file://" + page)
    with open(axe_path, encoding="utf-8") as f:
        axe = f.read()
    driver.execute_script(axe)
    if preferences_only:
        preferences = {}
        for name, features in (("dark", [{"name": "prefers-color-scheme", "value": "dark"}]),
                               ("more", [{"name": "prefers-contrast", "value": "more"}]),
                               ("more-dark", [{"name": "prefers-contrast", "value": "more"},
                                              {"name": "prefers-color-scheme", "value": "dark"}]),
                               ("none", [])):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
            preferences[name] = {"colours": driver.execute_script(COLOURS),
                                 "aa": driver.execute_async_script(AXE, "color-contrast"),
                                 "aaa": driver.execute_async_script(AXE, "color-contrast-enhanced")}
        print(json.dumps({"preferences": preferences}))
        sys.exit(0)
    themes = {}
    for theme in ("light", "dark", "contrast", "contrast-dark"):
        driver.find_element("id", "theme-" + theme).click()
        themes[theme] = {
            "aa": driver.execute_async_script(AXE, "color-contrast"),
            "aaa": driver.execute_async_script(AXE, "color-contrast-enhanced"),
            "background": driver.execute_script(BACKGROUND),
        }
    driver.find_element("id", "theme-auto").click()
    preferences = {}
    for name, features in (("dark", [{"name": "prefers-color-scheme", "value": "dark"}]),
                           ("more", [{"name": "prefers-contrast", "value": "more"}]),
                           ("none", [])):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
        preferences[name] = driver.execute_script(COLOURS)
    print(json.dumps({"themes": themes, "preferences": preferences}))
finally:
    driver.quit()
