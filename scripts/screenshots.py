#!/usr/bin/env python3
"""Screenshots of the real `strata` terminal UI, for Screenshots/ and the README.

Runs `strata demo` in a detached tmux session (120x40, TERM=xterm-256color), drives it with send-keys,
waits for text on the screen (polling with a deadline), captures the pane with its colours
(`tmux capture-pane -e`), replays the capture into a pyte screen and draws that screen with Pillow in
DejaVu Sans Mono.

    swift build                      # or any build; pass the binary with --strata
    pip install pyte pillow          # Debian: fonts-dejavu-core for the font
    python3 scripts/screenshots.py [--strata .build/debug/strata] [--out Screenshots] [--rows 200000] [--only apple]

Writes versions-diff.png, stages-progress.png, browser.png and help.png (the demo), changes.png (Book's rows as
changes since 1.0.0 after a dry run of a 3,000-row demo store), and apple-store.png (a copy of the real SwiftData
store in Tests/Fixtures/AppleStores/swiftdata-resourcesmanager opened read-only).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
import uuid

import shutil

import pyte
from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 120, 40
FONT_DIR = "/usr/share/fonts/truetype/dejavu"
FONT_SIZE = 15
BACKGROUND = (24, 26, 33)
FOREGROUND = (220, 223, 228)
PALETTE = {
    "black": (40, 42, 54), "red": (239, 83, 80), "green": (102, 187, 106), "brown": (255, 202, 40),
    "yellow": (255, 202, 40), "blue": (66, 133, 244), "magenta": (186, 104, 200), "cyan": (77, 208, 225),
    "white": (220, 223, 228), "default": None,
}


def tmux(*arguments):
    return subprocess.run(["tmux", *arguments], check=True, capture_output=True, text=True).stdout


class Session:
    """A tmux session running one command, with polling waits on its screen text."""

    def __init__(self, command):
        self.name = f"strata-shots-{uuid.uuid4().hex[:8]}"
        tmux("new-session", "-d", "-s", self.name, "-x", str(WIDTH), "-y", str(HEIGHT), command)

    def text(self):
        return tmux("capture-pane", "-p", "-t", self.name)

    def wait(self, predicate, what, seconds=120):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            screen = self.text()
            if predicate(screen):
                return screen
            time.sleep(0.05)
        sys.exit(f"timed out waiting for {what}; screen:\n{self.text()}")

    def wait_for(self, text, seconds=120):
        return self.wait(lambda screen: text in screen, repr(text), seconds)

    def keys(self, *keys):
        tmux("send-keys", "-t", self.name, *keys)

    def capture(self):
        return tmux("capture-pane", "-e", "-p", "-t", self.name)

    def close(self):
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def colour(name, fallback):
    if name in PALETTE:
        return PALETTE[name] or fallback
    if isinstance(name, str) and len(name) == 6:
        try:
            return tuple(int(name[i:i + 2], 16) for i in (0, 2, 4))
        except ValueError:
            pass
    return fallback


def render(capture, path):
    """Replays a colour capture into pyte and draws the screen as a PNG."""
    screen = pyte.Screen(WIDTH, HEIGHT)
    stream = pyte.Stream(screen)
    stream.feed(capture.rstrip("\n").replace("\n", "\r\n"))
    regular = ImageFont.truetype(os.path.join(FONT_DIR, "DejaVuSansMono.ttf"), FONT_SIZE)
    bold = ImageFont.truetype(os.path.join(FONT_DIR, "DejaVuSansMono-Bold.ttf"), FONT_SIZE)
    left, top, right, bottom = regular.getbbox("M")
    cell_width = round(regular.getlength("M"))
    cell_height = FONT_SIZE + 4
    margin = 12
    image = Image.new("RGB", (WIDTH * cell_width + 2 * margin, HEIGHT * cell_height + 2 * margin), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for y in range(HEIGHT):
        line = screen.buffer[y]
        for x in range(WIDTH):
            cell = line[x]
            foreground = colour(cell.fg, FOREGROUND)
            background = colour(cell.bg, BACKGROUND)
            if cell.reverse:
                foreground, background = background, foreground
            px, py = margin + x * cell_width, margin + y * cell_height
            wide = x + 1 < WIDTH and line[x + 1].data == ""
            span = cell_width * (2 if wide else 1)
            if background != BACKGROUND:
                draw.rectangle([px, py, px + span - 1, py + cell_height - 1], fill=background)
            if cell.data and cell.data != " ":
                if cell.data in "─│┌┐└┘█░":
                    draw_block(draw, cell.data, px, py, cell_width, cell_height, foreground)
                else:
                    draw.text((px, py + 2), cell.data, font=bold if cell.bold else regular, fill=foreground)
            if cell.underscore:
                draw.line([px, py + cell_height - 2, px + span - 1, py + cell_height - 2], fill=foreground)
    image.save(path)


def draw_block(draw, character, x, y, width, height, fill):
    """Box-drawing and block characters drawn as lines so they join across cells."""
    cx, cy = x + width // 2, y + height // 2
    right, bottom = x + width - 1, y + height - 1
    if character == "█":
        draw.rectangle([x, y + 2, right, bottom - 2], fill=fill)
    elif character == "░":
        for dx in range(0, width, 2):
            for dy in range(2, height - 2, 2):
                draw.point((x + dx + (dy // 2) % 2, y + dy), fill=fill)
    else:
        horizontal = {"─": (x, right), "┌": (cx, right), "┐": (x, cx), "└": (cx, right), "┘": (x, cx)}.get(character)
        vertical = {"│": (y, bottom), "┌": (cy, bottom), "┐": (cy, bottom), "└": (y, cy), "┘": (y, cy)}.get(character)
        if horizontal:
            draw.line([horizontal[0], cy, horizontal[1], cy], fill=fill)
        if vertical:
            draw.line([cx, vertical[0], cx, vertical[1]], fill=fill)


def demo_shots(options):
    """The demo: versions and diff, a stage mid-run, the rows after the dry run, the help overlay."""
    folder = tempfile.mkdtemp(prefix="strata-shots-")
    store = os.path.join(folder, "bookshelf.store")
    command = f"TERM=xterm-256color LANG=C.UTF-8 '{options.strata}' demo --rows {options.rows} --store '{store}'"
    session = Session(command)
    try:
        session.wait_for("Data counts from", seconds=300)
        render(session.capture(), os.path.join(options.out, "versions-diff.png"))

        session.keys("5", "r")
        session.wait(lambda s: "Stage 2/2" in s and "running" in s and "rows/s" in s, "the custom stage mid-run")
        render(session.capture(), os.path.join(options.out, "stages-progress.png"))

        session.wait_for("Done: at 3.0.0", seconds=600)
        session.keys("3", "Enter")
        session.wait(lambda s: "Rows: Book" in s and "firstName" in s and "rows 1–" in s, "the rows of Book")
        render(session.capture(), os.path.join(options.out, "browser.png"))

        session.keys("?")
        session.wait_for("closes this help.")
        render(session.capture(), os.path.join(options.out, "help.png"))
        session.keys("Escape", "q")
    finally:
        session.close()
    return ["versions-diff.png", "stages-progress.png", "browser.png", "help.png"]


def changes_shot(options):
    """A 3,000-row demo store dry-run to 3.0.0, then `c` on Book: its rows as changes since 1.0.0."""
    folder = tempfile.mkdtemp(prefix="strata-shots-")
    store = os.path.join(folder, "bookshelf.store")
    session = Session(f"TERM=xterm-256color LANG=C.UTF-8 '{options.strata}' demo --rows 3000 --store '{store}'")
    try:
        session.wait_for("DRY RUN")
        session.keys("r")
        session.wait_for("Done: at 3.0.0", seconds=300)
        session.keys("3", "c")
        session.wait(lambda s: "Changes: Book since 1.0.0" in s and "3,000 changed" in s, "Book's changes")
        session.keys("j")  # the changed columns come first: the dropped author beside the names filled
        session.wait(lambda s: "firstName" in s and "lastName" in s, "the split columns")
        render(session.capture(), os.path.join(options.out, "changes.png"))
        session.keys("q")
    finally:
        session.close()
    return ["changes.png"]


def apple_shot(options):
    """A copy of a real SwiftData store (most rows in its -wal) opened read-only, on the rows of Item."""
    source = os.path.join(options.apple_fixtures, "swiftdata-resourcesmanager")
    folder = tempfile.mkdtemp(prefix="strata-shots-")
    for name in os.listdir(source):
        shutil.copyfile(os.path.join(source, name), os.path.join(folder, name))
    store = os.path.join(folder, "default.store")
    session = Session(f"TERM=xterm-256color LANG=C.UTF-8 '{options.strata}' open '{store}'")
    try:
        session.wait_for("READ ONLY")
        session.keys("3", "G", "Enter")
        session.wait(lambda s: "Rows: Item" in s and "Stone Axe" in s, "the rows of Item")
        render(session.capture(), os.path.join(options.out, "apple-store.png"))
        session.keys("q")
    finally:
        session.close()
    return ["apple-store.png"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--strata", default=os.path.join(root, ".build", "debug", "strata"), help="the strata binary")
    parser.add_argument("--out", default=os.path.join(root, "Screenshots"), help="where the PNGs go")
    parser.add_argument("--rows", type=int, default=200_000, help="books in the demo store (enough to see progress)")
    parser.add_argument("--apple-fixtures", default=os.path.join(root, "Tests", "Fixtures", "AppleStores"),
                        help="the folder of real Apple stores")
    parser.add_argument("--only", choices=["demo", "changes", "apple"], help="take only these shots")
    options = parser.parse_args()
    os.makedirs(options.out, exist_ok=True)
    written = []
    if options.only in (None, "demo"):
        written += demo_shots(options)
    if options.only in (None, "changes"):
        written += changes_shot(options)
    if options.only in (None, "apple"):
        written += apple_shot(options)
    print(f"wrote {', '.join(written)} to {options.out}")


if __name__ == "__main__":
    main()
