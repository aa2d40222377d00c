"""What a reader copies from a page, in headless Chromium (selenium, Debian chromium + chromium-driver): each verse
selected as a sighted reader selects it (from the start of its section to its end), and the text the browser puts on
the clipboard for that selection (`Selection.toString()`, which is what Chromium's copy writes as plain text).

  copy_check.py URL [--verses N]

Prints one JSON object: {"verses": [{"id": "John.1.1", "copied": "…", "spoken": ["…", …]}, …]} for the first N
verse sections (default 3), with each verse's text meant for screen readers only (the `.sr` elements' text), so a
test can tell that none of it was copied. Exits 0, or 2 on a usage error.
"""
import json
import signal
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

SELECT_JS = """
const sections = Array.from(document.querySelectorAll('section.verse')).slice(0, arguments[0]);
return sections.map(section => {
  const range = document.createRange();
  range.selectNodeContents(section);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  const heading = section.querySelector('[id]');
  return {
    id: heading ? heading.id : null,
    copied: selection.toString(),
    spoken: Array.from(section.querySelectorAll('.sr')).map(e => e.textContent),
  };
});"""

signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))


def main(argv):
    if not argv or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    url, verses = argv[0], 3
    if len(argv) == 3 and argv[1] == "--verses" and argv[2].isdigit():
        verses = int(argv[2])
    elif len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(url)
        print(json.dumps({"verses": driver.execute_script(SELECT_JS, verses)}, ensure_ascii=False))
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
