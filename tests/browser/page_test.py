#!/usr/bin/python3
"""The player's page in a real browser (Debian's chromium, headless, driven by chromedriver
through python3-selenium): starts `verflixt serve --port 0`, fills the form for a table
situation as a player would (preset, eyes, a held joker, the other players' rows, the
objective), reads the ranking the page shows and compares it with the API's answer to the
same situation, does the same for the "when do I stop?" view, and saves screenshots.

usage: page_test.py VERFLIXT_BINARY OUTPUT_DIR
Exit 0: pass; 1: fail; 77: no browser here (ctest reports a skip; scripts/test installs it).
"""
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    print("skip: python3-selenium is not installed (scripts/setup --developer installs it)")
    sys.exit(77)

CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"


def api(port, command, request):
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/{command}", data=json.dumps(request).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as res:
        return json.load(res)


def fill(driver, element_id, value):
    box = driver.find_element(By.ID, element_id)
    box.clear()
    box.send_keys(str(value))


def tap(driver, element):
    """Clicks an element as a player would after scrolling to it: mid-screen, clear of the
    sticky ask button at the bottom."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def main():
    binary, out_dir = sys.argv[1], sys.argv[2]
    if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
        print("skip: chromium and chromium-driver are not installed (scripts/setup --developer installs them)")
        return 77
    os.makedirs(out_dir, exist_ok=True)
    server = subprocess.Popen([binary, "serve", "--port", "0", "--threads", "2"], stdout=subprocess.PIPE, text=True)
    failures = []
    driver = None
    try:
        line = server.stdout.readline()
        port = int(line.split("/")[2].split(":")[1])
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--window-size=1000,1900", "--force-device-scale-factor=1"):
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service(DRIVER), options=options)
        wait = WebDriverWait(driver, 20)
        driver.get(f"http://127.0.0.1:{port}/")
        wait.until(EC.presence_of_element_located((By.ID, "held-pony")))

        # The situation: I hold 11 eyes and Push your Pony; seat 2 stopped at 16, seat 3 is out,
        # seat 4 stopped at 9, seat 5 is a Jungfrau still to play (so Monte Carlo).
        Select(driver.find_element(By.ID, "objective")).select_by_value("not-loser")
        fill(driver, "eyes", 11)
        fill(driver, "passes-left", 2)
        driver.find_element(By.ID, "held-pony").click()
        for button in driver.find_elements(By.CSS_SELECTOR, "#others button"):
            button.click()
        others = [(16, "p"), (0, "z"), (9, "p"), (0, "j")]
        for eyes, status in others:
            driver.find_element(By.ID, "add-player").click()
            row = driver.find_elements(By.CSS_SELECTOR, "#others tr")[-1]
            box = row.find_element(By.CSS_SELECTOR, ".o-eyes")
            box.clear()
            box.send_keys(str(eyes))
            Select(row.find_element(By.CSS_SELECTOR, ".o-status")).select_by_value(status)
        driver.find_element(By.CSS_SELECTOR, "#mc-details summary").click()
        fill(driver, "samples", 6000)
        fill(driver, "seed", 7)
        t0 = time.monotonic()
        driver.find_element(By.ID, "rank").click()
        wait.until(EC.presence_of_element_located((By.ID, "advise-time")))
        seconds = time.monotonic() - t0
        shown = [(li.get_attribute("data-action"), float(li.get_attribute("data-value")),
                  float(li.get_attribute("data-stderr")))
                 for li in driver.find_elements(By.CSS_SELECTOR, "#ranking li")]
        request = {"preset": "tournament-2019", "objective": "not-loser", "turn-total": 11, "robbing-ones": 0, "score": 0,
                   "jokers": "pony", "frost-used": 0, "samples": 6000, "seed": 7, "passes-left": 2,
                   "other": [f"{e}:{s}:0" for e, s in others]}
        expected = [(a["action"], a["value"], a["stderr"]) for a in api(port, "advise", request)["actions"]]
        if shown != expected:
            failures.append(f"the page ranks {shown}, the API {expected}")
        if [a for a, _, _ in shown] != [a for a, _, _ in expected] or len(shown) != 3:
            failures.append(f"expected stop, roll and joker pony ranked, got {shown}")
        # The same figures, and the same ± convention (1 SE), in the page and in the JSON.
        answer = api(port, "advise", request)
        shown_text = [li.find_element(By.CSS_SELECTOR, ".val").get_attribute("textContent")
                      for li in driver.find_elements(By.CSS_SELECTOR, "#ranking li")]
        want_text = [f"{100 * a['value']:.2f}% ± {100 * a['stderr']:.2f}%" + ("exact" if a["exact"] else "MC")
                     for a in answer["actions"]]
        if shown_text != want_text:
            failures.append(f"the page shows {shown_text}, the JSON's value ± 1 SE is {want_text}")
        if "± 1 SE" not in driver.find_element(By.TAG_NAME, "footer").text:
            failures.append("the page does not say its ± is one standard error")
        verdict = driver.find_element(By.ID, "advise-verdict").text
        if verdict != answer["verdict"] or driver.find_element(By.ID, "advise-status").get_attribute("textContent") != verdict:
            failures.append(f"the verdict is not shown and announced as the JSON says: {verdict!r} vs {answer['verdict']!r}")
        if answer["measure"] not in driver.find_element(By.ID, "advise-measure").text:
            failures.append("the ranking does not name its measure")
        situation = [li.get_attribute("textContent") for li in driver.find_elements(By.CSS_SELECTOR, "#situation li")]
        if "1 more pass after this one (played out before scoring)" not in situation:
            failures.append(f"the page's situation does not say one more pass is left: {situation}")
        print(f"advise (Monte Carlo, 6000 samples x {len(shown)} actions): {seconds:.2f} s in the browser; ranking {shown}")
        driver.save_screenshot(os.path.join(out_dir, "page-advise.png"))

        # The answer comes into view after ranking, on a desktop and on a phone.
        for width, height in ((1280, 800), (390, 844)):
            driver.set_window_size(width, height)
            driver.execute_script("window.scrollTo(0, 0)")
            driver.find_element(By.ID, "rank").click()
            wait.until(EC.presence_of_element_located((By.ID, "advise-time")))
            time.sleep(0.3)
            top, bottom = driver.execute_script(
                "const r = document.getElementById('advise-result').getBoundingClientRect(); return [r.top, window.innerHeight];")
            if not -1 <= top < bottom:  # a fraction of a pixel above the top is in view
                failures.append(f"at {width} px wide the answer is not in view after ranking (top {top}, viewport {bottom})")
        driver.set_window_size(1000, 1900)

        # Errors at the field, in the page's words: four jokers, 12.5 eyes, an empty field.
        for joker in ("hirtenschutz", "monokel", "ventil"):
            driver.find_element(By.ID, "held-" + joker).click()
        driver.find_element(By.ID, "rank").click()
        errors = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "fieldset .field-error")]
        if not any("4 jokers are ticked" in e for e in errors) or any("--" in e for e in errors):
            failures.append(f"four jokers ticked: expected a field error without '--', got {errors}")
        for joker in ("hirtenschutz", "monokel", "ventil"):
            driver.find_element(By.ID, "held-" + joker).click()
        for value, words in (("12.5", "whole number, not 12.5"), ("", "empty is not 0")):
            fill(driver, "eyes", value) if value else driver.find_element(By.ID, "eyes").clear()
            driver.find_element(By.ID, "rank").click()
            eyes_error = driver.find_elements(By.CSS_SELECTOR, "#eyes ~ .field-error")
            text = eyes_error[0].text if eyes_error else None
            if text is None or words not in text or "--" in text or driver.find_element(By.ID, "eyes").get_attribute("aria-invalid") != "true":
                failures.append(f"eyes {value!r}: expected a field error saying {words!r}, got {text!r}")
        fill(driver, "eyes", 11)

        # "When do I stop?": the solver's thresholds and the curve for one loadout.
        driver.find_element(By.ID, "tab-stop").click()
        wait.until(EC.presence_of_element_located((By.ID, "loadout-hirtenschutz")))
        driver.find_element(By.ID, "loadout-hirtenschutz").click()
        driver.find_element(By.ID, "solve").click()
        wait.until(EC.presence_of_element_located((By.ID, "curve")))
        solve = api(port, "solve", {"preset": "tournament-2019", "jokers": "hirtenschutz", "curve": True})
        cells = None
        for row in driver.find_elements(By.CSS_SELECTOR, "#thresholds tr"):
            if row.find_elements(By.CSS_SELECTOR, "th[scope=row]") and row.find_element(By.TAG_NAME, "th").text == "none":
                cells = [td.text for td in row.find_elements(By.TAG_NAME, "td")]
        want = ["—" if t is None else str(t) for t in solve["loadouts"][0]["thresholds"]["none"]]
        if cells != want:
            failures.append(f"thresholds (no joker held): page {cells}, API {want}")
        driver.save_screenshot(os.path.join(out_dir, "page-stop.png"))

        # Monokel and Runkelrüb: text, table, legend and curve say the same thresholds.
        driver.find_element(By.ID, "loadout-hirtenschutz").click()
        driver.find_element(By.ID, "loadout-monokel").click()
        driver.find_element(By.ID, "loadout-runkelrueb").click()
        driver.find_element(By.ID, "solve").click()
        wait.until(EC.text_to_be_present_in_element((By.ID, "stop-summary"), "monokel,runkelrueb"))
        solved = api(port, "solve", {"preset": "tournament-2019", "jokers": "monokel,runkelrueb", "curve": True})
        firsts = {held: ts[0] for held, ts in solved["loadouts"][0]["thresholds"].items()}
        summary = driver.find_element(By.ID, "stop-summary").text
        legend = {li.get_attribute("data-held"): (li.text, li.get_attribute("data-curve-stop"))
                  for li in driver.find_elements(By.CSS_SELECTOR, "ul.legend li")}
        max_eyes = float(driver.find_element(By.ID, "curve").get_attribute("data-max-eyes"))
        for held, first in firsts.items():
            said = "keep going" if first is None else f"stop from {first} eyes"
            text, curve_stop = legend.get(held, ("", ""))
            key = "with no joker left," if held == "none" else f"holding {held},"
            if said not in text or key not in summary or said not in summary.split(key)[1].split(";")[0]:
                failures.append(f"{held}: table says {said!r}; legend {text!r}; summary {summary!r}")
            if first is not None and (max_eyes < first or curve_stop != str(first)):
                failures.append(f"{held}: the curve (to {max_eyes} eyes) does not reach 0 at the table's {first} (it does at {curve_stop!r})")
        driver.save_screenshot(os.path.join(out_dir, "page-stop-runkelrueb.png"))
        if "147" in summary and "once the jokers are spent" in summary:
            failures.append(f"the summary still reads the loadout's threshold as the spent one: {summary}")

        # A phone's width: nothing may stick out sideways (no horizontal scrolling).
        driver.set_window_size(390, 1400)
        driver.find_element(By.ID, "tab-advise").click()
        driver.find_element(By.ID, "rank").click()
        wait.until(EC.presence_of_element_located((By.ID, "advise-time")))
        overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            failures.append(f"at 390 px wide the page is {overflow} px too wide")
        # The preset list shows its whole name (the text against the box, less its arrow).
        cut = driver.execute_script("""
            const sel = document.getElementById('preset'), probe = document.createElement('span');
            probe.style.font = getComputedStyle(sel).font; probe.style.visibility = 'hidden'; probe.style.whiteSpace = 'pre';
            probe.textContent = sel.options[sel.selectedIndex].text; document.body.append(probe);
            const need = probe.getBoundingClientRect().width; probe.remove();
            return need + 28 - sel.clientWidth;""")
        if cut > 0:
            failures.append(f"at 390 px wide the preset list cuts its name by {cut:.0f} px")
        driver.save_screenshot(os.path.join(out_dir, "page-phone.png"))
        driver.find_element(By.ID, "tab-stop").click()
        overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            failures.append(f"at 390 px wide the stop view is {overflow} px too wide")

        # Die verflixte 6 on a phone: with three jokers held and four other players the situation
        # fits one screen (the joker list folds to the jokers held).
        driver.set_window_size(390, 844)
        driver.get(f"http://127.0.0.1:{port}/")
        wait.until(EC.presence_of_element_located((By.ID, "held-pony")))
        summary = driver.find_element(By.CSS_SELECTOR, "#held-details summary")
        if driver.find_element(By.ID, "held-details").get_attribute("open") is not None:
            failures.append("at 390 px wide the joker list is not folded")
        tap(driver, summary)
        for joker in ("pony", "fumo", "ventil"):
            tap(driver, driver.find_element(By.ID, "held-" + joker))
        tap(driver, summary)
        held = driver.find_element(By.ID, "held-summary").text
        if sorted(held.split(", ")) != ["fumo", "pony", "ventil"]:
            failures.append(f"the folded joker list says {held!r}")
        form_height = driver.execute_script("return document.getElementById('advise-form').getBoundingClientRect().height")
        print(f"Die verflixte 6's situation at 390 px with 3 jokers held and 4 others: {form_height:.0f} px")
        if form_height > 844:
            failures.append(f"at 390 px the situation with 3 jokers held takes {form_height:.0f} px, more than one 844 px screen")
        driver.save_screenshot(os.path.join(out_dir, "page-phone-form.png"))

        # Every other game: a link fills its form and asks; the page shows the API's verdict and
        # first choice, on a phone, without sideways scrolling; a bad value is marked at its field.
        driver.set_window_size(390, 844)
        links = {
            "pig": ("score=40&other=60&turn-total=15", {"game": "pig", "score": 40, "other": 60, "turn-total": 15}),
            "schocken": ("dice=661&other=421", {"game": "schocken", "dice": "661", "other": "421"}),
            "en-gingg": ("dice=665321", {"game": "en-gingg", "dice": "665321"}),
            "zehntausend": ("dice=155243&score=4200&other=6100", {"game": "zehntausend", "dice": "155243", "score": 4200, "other": ["6100"]}),
            "kniffel": ("dice=66321&throw=2", {"game": "kniffel", "dice": "66321", "throw": 2}),
        }
        for game, (query, request) in links.items():
            driver.get(f"http://127.0.0.1:{port}/?game={game}&{query}")
            wait.until(EC.presence_of_element_located((By.ID, "game-verdict")))
            want = api(port, "advise", request)["verdict"]
            got = driver.find_element(By.ID, "game-verdict").text
            if got != want:
                failures.append(f"{game}: the page says {got!r}, the API {want!r}")
            if driver.find_element(By.ID, "verflixte6-tabs").is_displayed():
                failures.append(f"{game}: Die verflixte 6's tabs show over another game's form")
            form_height = driver.execute_script("return document.getElementById('game-form').getBoundingClientRect().height")
            if form_height > 844:
                failures.append(f"{game}: the situation takes {form_height:.0f} px, more than one phone screen")
            if game == "zehntausend":
                driver.save_screenshot(os.path.join(out_dir, "page-zehntausend.png"))
        # What the command line warns of (an input that changes nothing) is listed under the verdict.
        driver.get(f"http://127.0.0.1:{port}/?game=schocken&dice=611&limit=2")
        wait.until(EC.presence_of_element_located((By.ID, "game-verdict")))
        said = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#game-warnings li")]
        if not any("--limit changes nothing" in w for w in said):
            failures.append(f"schocken: the page does not list the warning about --limit: {said!r}")
        driver.get(f"http://127.0.0.1:{port}/?game=pig&score=400")
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#game-form .field-error")))
        if driver.find_element(By.ID, "g-score").get_attribute("aria-invalid") != "true":
            failures.append("pig: a score past the goal is not marked at its field")
        # The form in the words the API gives: the situation under its shared labels, the
        # rules folded away, and the error in the field's words rather than the option's.
        label = driver.find_element(By.CSS_SELECTOR, "label[for='g-score']").text
        if label != "My score":
            failures.append(f"pig: the score's field is labelled {label!r}, not 'My score'")
        if not driver.find_elements(By.CSS_SELECTOR, "#game-fields #g-score") or \
                not driver.find_elements(By.CSS_SELECTOR, "#game-more #g-goal"):
            failures.append("pig: the score is not in the situation, or the goal not among the rules")
        alert = driver.find_element(By.CSS_SELECTOR, "#game-result .error").text
        if "“My score”" not in alert or "--score" in alert:
            failures.append(f"pig: the error does not name the field in its words: {alert!r}")
        driver.set_window_size(1000, 1900)
    finally:
        if driver is not None:
            driver.quit()
        server.send_signal(signal.SIGINT)
        code = server.wait(timeout=20)
        if code != 130:
            failures.append(f"verflixt serve exited {code} after Ctrl-C, expected 130")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
