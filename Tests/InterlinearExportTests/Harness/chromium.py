"""Headless Chromium for the page checks (Debian chromium + chromium-driver, driven by selenium), and axe-core's
run as a script the page awaits."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# axe.run over the whole document (or only the rule named by the script's first argument): the violations, each
# as "rule-id target, target, target".
AXE = ("const done = arguments[arguments.length - 1];"
       "const only = arguments.length > 1 ? {runOnly: {type: 'rule', values: [arguments[0]]}} : {};"
       "axe.run(document, only)"
       ".then(r => done(r.violations.map(v => v.id + ' ' + v.nodes.slice(0, 3).map(n => n.target.join(' '))"
       ".join(', ')))).catch(e => done(['axe-error ' + String(e)]));")


def start(window="900,1200"):
    """A driver whose client waits as long as the slowest axe run may take."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=" + window):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.command_executor._client_config.timeout = 1800
    driver.set_script_timeout(1800)
    return driver
