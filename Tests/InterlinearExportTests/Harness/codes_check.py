"""The key to the codes of an exported page, as a sighted reader meets it in headless Chromium (Debian chromium +
chromium-driver, driven by selenium), and axe-core 4.12 over the same page.

  codes_check.py PAGE.html AXE.js

Prints one JSON object:
- "violations": axe-core's violations of the whole page (every rule it runs by default), "id target" each;
- "codes": each code printed in a word's stack, in page order: {"tier", "text", "tag", "title", "hidden"} (the
  element's class, text, tag name, title attribute and whether a screen reader is kept from it);
- "key": the key's entries, code → words, as the page shows them in its disclosure;
- "links": for each legend link, whether its target exists and is in the key, and whether the key opens when the link
  is followed (a click, as a reader does).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium import AXE, start  # noqa: E402

page, axe_path = sys.argv[1], sys.argv[2]
driver = start()
CODES = """return Array.from(document.querySelectorAll('.w > .st, .w > .mo')).map(e => ({
    tier: e.className, text: e.textContent, tag: e.tagName.toLowerCase(), title: e.getAttribute('title'),
    hidden: e.closest('[aria-hidden="true"]') !== null}));"""
KEY = """const key = {};
for (const item of document.querySelectorAll('details.codes li')) {
    const code = item.querySelector('.code');
    key[code.textContent] = item.textContent.slice(code.textContent.length).trim();
}
return key;"""
try:
    driver.get("file://" + page)
    with open(axe_path, encoding="utf-8") as f:
        driver.execute_script(f.read())
    violations = driver.execute_async_script(AXE)
    codes = driver.execute_script(CODES)
    key = driver.execute_script(KEY)
    links = []
    for index in range(len(driver.find_elements("css selector", ".legend a"))):
        link = driver.find_elements("css selector", ".legend a")[index]
        href = link.get_attribute("href")
        target_id = href.split("#", 1)[1]
        link.click()
        links.append(driver.execute_script(
            "const t = document.getElementById(arguments[0]);"
            "return {target: arguments[0], exists: t !== null, isKey: t !== null && t.closest('details.codes') !== null,"
            " open: t !== null && t.closest('details.codes') !== null && t.closest('details.codes').open};", target_id))
        driver.execute_script("for (const d of document.querySelectorAll('details.codes')) d.open = false;")
    print(json.dumps({"violations": violations, "codes": codes, "key": key, "links": links}, ensure_ascii=False))
finally:
    driver.quit()
