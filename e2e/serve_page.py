"""The page of `snakes serve` in a real browser (the system Chromium, driven by Playwright).

Usage: python3 e2e/serve_page.py PATH/TO/snakes

Creates a table from the lobby (a bad board first: its error shows next to the field), plays a
game against a bot with the keys only, kills the server with SIGKILL in the middle and starts it
again: the page must reconnect by itself, keep its seat and its history, and finish the game.
"""

import os
import signal
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

SNAKES = sys.argv[1]
DB = os.path.join(tempfile.mkdtemp(prefix="snakes-e2e-"), "snakes.db")
TIMEOUT = 20_000


def start_server(port):
    proc = subprocess.Popen(
        [SNAKES, "serve", "--bind", f"127.0.0.1:{port}", "--db", DB, "--bot-delay-ms", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    line = proc.stdout.readline().decode()
    assert "serving http://" in line, line
    return proc, line.split("http://")[1].split("/")[0]


def history(page):
    return [li.text_content() for li in page.locator("#history li").all()]


def roll_until(page, done):
    """Presses R whenever it is our turn until done() holds."""
    for _ in range(2000):
        if done():
            return
        if "Your turn" in page.text_content("#status-line"):
            before = len(history(page))
            page.keyboard.press("r")
            page.wait_for_function(
                f"document.querySelectorAll('#history li').length > {before}", timeout=TIMEOUT
            )
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not move on")


def main():
    server, addr = start_server(0)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"http://{addr}/")
            page.wait_for_selector("text=Connected.", timeout=TIMEOUT)

            page.fill("#c-name", "Ana")
            page.select_option("#c-board-kind", "custom")
            page.fill("#c-board", "[[-1,-1],[-1]]")
            page.click("text=Create the table")
            page.wait_for_function(
                "document.getElementById('c-board-error').textContent.includes('board[1]')",
                timeout=TIMEOUT,
            )
            page.select_option("#c-board-kind", "classic")
            page.select_option("#c-seats", "2")
            page.select_option("#c-bots", "1")
            page.click("text=Create the table")
            page.wait_for_selector("#start", state="visible", timeout=TIMEOUT)
            assert "(you)" in page.text_content("#seats")
            page.click("#start")
            page.wait_for_function(
                "document.getElementById('status-line').textContent.startsWith('Playing')",
                timeout=TIMEOUT,
            )

            # A few rolls by key; each is announced in the live region.
            roll_until(page, lambda: sum("You rolled" in line for line in history(page)) >= 3)
            assert "You rolled" in " ".join(history(page))
            page.keyboard.press("c")
            page.wait_for_function(
                "document.getElementById('live').textContent.includes('square')", timeout=TIMEOUT
            )
            page.keyboard.press("Shift+S")
            page.wait_for_function(
                "document.getElementById('live').textContent.includes('to go')", timeout=TIMEOUT
            )

            # Kill the server mid-game and start it again on the same port and file.
            before = history(page)
            server.send_signal(signal.SIGKILL)
            server.wait()
            page.wait_for_selector("text=Connection lost", timeout=TIMEOUT)
            server, _ = start_server(int(addr.split(":")[1]))
            page.wait_for_selector("text=Connected.", timeout=TIMEOUT)
            page.wait_for_function(
                "document.getElementById('status-line').textContent.startsWith('Playing') || "
                "document.getElementById('status-line').textContent.startsWith('Finished')",
                timeout=TIMEOUT,
            )
            assert history(page)[: len(before)] == before, "the history survived"
            assert "(you)" in page.text_content("#seats"), "the seat is still ours"

            roll_until(page, lambda: page.text_content("#status-line").startswith("Finished"))
            lines = history(page)
            assert lines[-1].startswith("The game is over:"), lines[-1]
            # Nothing announced twice: each roll line appears once in a row.
            for a, b in zip(lines, lines[1:]):
                assert not (a == b and "rolled" in a), (a, b)
            assert not errors, errors
            browser.close()
        print("e2e: the served page played a game through a killed and restarted server")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait()


if __name__ == "__main__":
    main()
