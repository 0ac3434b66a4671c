#!/usr/bin/env python3
"""What a listener heard, with times: reads the logs of one screen-reader run (Orca's debug log
and speech-dispatcher's, as the screen-reader tool writes them to OUTDIR) and checks them.

    heard.py OUTDIR [--check] [--round-limit SECONDS]
    heard.py OUTDIR --talk [--check]
    heard.py OUTDIR --moderation [--check]
    heard.py OUTDIR --members [--check]

Prints each utterance Orca sent to speech, between the steps' marks, as FULL (heard to the end),
CUT (stopped part way: the heard part is before '|||') or LOST (dropped before it started), with
when it started and its seconds of speech; then the seconds of speech of each round: every
utterance after R but the key's echo, up to the next step. Seconds of speech are counted from
the audio the synthesizer played (its samples), so that a busy machine, which makes speech
stutter, does not change them. With --check, fails (exit 1) unless:
  - the table's creation is spoken in full (the section marked CREATED);
  - R rolls without switching the screen reader's mode: every section marked ROUND hears
    "You rolled" and "Your turn" in full, the line ending "Your turn" within --turn-limit
    seconds (default 5.5) and the whole round within --round-limit seconds (default 7.5);
  - a key pressed while the player's own roll is being said cuts nothing queued: the section
    marked KEY DURING YOUR ROLL hears "Your turn" in full;
  - C pressed twice is spoken twice in full (the section marked C TWICE);
  - L says what each face would do (LOOK AHEAD), G with 28 and Enter what is on square 28
    (SQUARE), and comma, comma, Shift+comma read the history's last line, the one before and
    the first, with their numbers (HISTORY), each in full;
  - no "Your turn" is ever LOST or CUT.

With --talk, the logs are those of talk.steps (two people talking, Bo in a second browser,
talker.js) and --check fails unless:
  - the table's creation, Bo taking the other seat and Ana's own message ("You say: hello Bo")
    are heard in full;
  - Orca is switched to browse mode (it says "browse mode") and Bo's answer ("Bo says: hi Ana,
    good luck") is heard in full after that, with no switch back to focus mode between;
  - each key of the page's own pressed in browse mode is answered by the page, in full: in the
    lobby ] (no tables yet), J and W (choose a table first), N (the form's name field); at the
    table W who is here, ] and [ a buffer with its last line, apostrophe that line again, 0 the
    sounds (twice), = and - the volume, F (the table is full), N the start of the game, Shift+F
    (no bot sits at the table), J (you play your own seat), slash the message field, Shift+W the
    people (Mute Bo), Shift+J the question before leaving (Stay). The last three move the
    focus: when Orca's log shows its locus of focus moved where the key sends it but nothing
    was said (on a loaded machine Chromium's caret event for a field can reach Orca before its
    focus event, and Orca then takes the field silently), the page answered: a NOTE says so.
It prints how long Bo's message took to be spoken, and from when Bo sent it (talker.log).

With --moderation, the logs are those of moderation.steps (a moderator at a table, Troll in a
second browser, troll.js) and --check fails unless, each in full: signing in is answered ("You
are the moderator Mo now."); Troll's message is heard ("Troll says: buy gold"); X asks which
message it removes ("Remove message 1, Troll says: buy gold?") and Remove is answered
("Message 1 is removed."); the silence, from Shift+W's "Silence Troll for 10 minutes", is
answered ("Troll is silenced everywhere until ... UTC.").

With --members, the logs are those of members.steps (a person makes an account, signs out and
signs in again by keys) and --check fails unless, each in full: the dialog's name field is
heard when it opens ("Name"), and its password field when Tab reaches it ("Password");
creating the account is answered ("Account created. Signed in as Ana: ..."); "Sign out" is
heard and answered ("Signed out. This browser keeps your settings."); signing in again is
answered ("Signed in as Ana. Your settings follow you."), the dialog opening again on its
password ("Password password text"), the name kept; and the password typed is never spoken,
in words or letter by letter, in any utterance of the run.
"""
import html
import re
import sys
from datetime import datetime, timedelta

DAY = "2000-01-01 "
# espeak-ng's samples a second: the C answer "Bot 2 is on square 44, Bot 1 is on square 17, you
# are on square 11." played 120102 samples, 5.45 s, as long as espeak-ng's own recording of it.
SAMPLE_RATE = 22050


# The logs give times of day without a date. A run takes minutes, so a time more than an hour
# before the run began (the first line of its steps log) was read after midnight: it is put on
# the next day, and a run that crosses midnight keeps its order.
RUN_BEGAN = None


def on_the_run_day(t):
    if RUN_BEGAN is not None and t < RUN_BEGAN - timedelta(hours=1):
        return t + timedelta(days=1)
    return t


def orca_time(text):
    return on_the_run_day(datetime.strptime(DAY + text, "%Y-%m-%d %H:%M:%S.%f"))


def run_began(out):
    """The time of the steps log's first line, which every other time is read beside."""
    with open(f"{out}/steps.log", errors="replace") as log:
        for line in log:
            m = re.match(r"^(\d\d:\d\d:\d\d\.\d+) - ", line)
            if m:
                return datetime.strptime(DAY + m.group(1), "%Y-%m-%d %H:%M:%S.%f")
    return None


def utterances(out):
    """Orca's utterances, in order, each with its words' index marks."""
    said = []
    pattern = re.compile(r"^(\d\d:\d\d:\d\d\.\d+) - SPEECH DISPATCHER: Speaking '(.*)' ?$")
    with open(f"{out}/orca-debug.log", errors="replace") as log:
        for line in log:
            m = pattern.match(line.rstrip("\n"))
            if not m:
                continue
            ssml = m.group(2)
            marks = [tuple(map(int, x.split(":"))) for x in re.findall(r'<mark name="(\d+:\d+)"/>', ssml)]
            text = html.unescape(re.sub(r"<[^>]+>", "", ssml))
            said.append({"sent": orca_time(m.group(1)), "text": text, "marks": marks,
                         "state": "QUEUED", "played": [], "start": None, "end": None, "samples": 0})
    return said


def playback(out):
    """speech-dispatcher's playback events: (time, kind, index mark or samples)."""
    events = []
    pattern = re.compile(r"^\[\w+ \w+ +\d+ (\d\d:\d\d:\d\d) \d+ : (\d+)\] speechd: +(.*)$")
    with open(f"{out}/sd/speech-dispatcher.log", errors="replace") as log:
        for line in log:
            m = pattern.match(line.rstrip("\n"))
            if not m:
                continue
            t = on_the_run_day(datetime.strptime(DAY + m.group(1), "%Y-%m-%d %H:%M:%S")
                               .replace(microsecond=int(m.group(2))))
            msg = m.group(3)
            if msg.startswith("Module speak!"):
                events.append((t, "start", None))
            elif msg.startswith("Cancel received"):
                events.append((t, "cancel", None))
            elif msg.startswith("speak_queue reporting index mark |"):
                events.append((t, "mark", msg.split("|")[1]))
            elif msg.startswith("speak_queue playback thread reporting end"):
                events.append((t, "end", None))
            elif msg.startswith("speak_queue Sending "):
                samples = re.match(r"speak_queue Sending (\d+) samples", msg)
                if samples:
                    events.append((t, "audio", int(samples.group(1))))
    return events


def match(said, events):
    """Marks each utterance FULL, CUT or LOST, with when it started and stopped playing."""
    i = 0
    current = None
    for t, kind, mark in events:
        if kind == "start":
            while i < len(said) and said[i]["state"] != "QUEUED":
                i += 1
            if i < len(said):
                current = said[i]
                current["state"], current["start"] = "PLAYING", t
                i += 1
        elif kind == "audio" and current is not None:
            current["samples"] += mark
        elif kind == "mark" and current is not None and re.match(r"^\d+:\d+$", mark or ""):
            current["played"].append(tuple(map(int, mark.split(":"))))
        elif kind == "end" and current is not None:
            current["state"], current["end"] = "FULL", t
            current = None
        elif kind == "cancel":
            if current is not None:
                heard_all = current["marks"] and current["played"] and current["played"][-1] == current["marks"][-1]
                current["state"], current["end"] = ("FULL" if heard_all else "CUT"), t
                current = None
            for s in said[i:]:
                if s["state"] == "QUEUED" and s["sent"] <= t:
                    s["state"] = "LOST"
    for s in said:
        if s["state"] == "PLAYING":
            s["state"] = "FULL" if s["marks"] and s["played"] and s["played"][-1] == s["marks"][-1] else "CUT"


def steps(out):
    """The run's steps and marks, in order: (time, kind, text)."""
    found = []
    pattern = re.compile(r"^(\d\d:\d\d:\d\d\.\d+) - (STEP|MARK) (.*)$")
    with open(f"{out}/steps.log", errors="replace") as log:
        for line in log:
            m = pattern.match(line.rstrip("\n"))
            if m:
                found.append((orca_time(m.group(1)), m.group(2), m.group(3)))
    return found


def sections(said, marks):
    """The utterances after each MARK, up to the next MARK, by the mark's text."""
    marked = [(t, text) for t, kind, text in marks if kind == "MARK"]
    result = {}
    for k, (t, name) in enumerate(marked):
        end = marked[k + 1][0] if k + 1 < len(marked) else datetime.max
        result[name] = [s for s in said if t <= s["sent"] < end]
    return result


def focus_moves(out, marks):
    """Where Orca put its locus of focus after each MARK, up to the next, by the mark's text:
    the page's answer to a key that moves the focus, whether or not Orca then spoke it."""
    marked = [(t, text) for t, kind, text in marks if kind == "MARK"]
    pattern = re.compile(r"^(\d\d:\d\d:\d\d\.\d+) - EVENT MANAGER: locusOfFocus: (\[.*?\]) activeScript")
    moves = []
    with open(f"{out}/orca-debug.log", errors="replace") as log:
        for line in log:
            m = pattern.match(line)
            if m:
                moves.append((orca_time(m.group(1)), m.group(2)))
    result = {}
    for k, (t, name) in enumerate(marked):
        end = marked[k + 1][0] if k + 1 < len(marked) else datetime.max
        result[name] = [what for when, what in moves if t <= when < end]
    return result


def is_echo(s):
    # Orca echoes each key typed ("r", "tab", "left shift").
    return len(s["text"].strip()) <= 1 or s["text"].strip() in ("tab", "return", "space", "left shift")


def seconds(s):
    return s["samples"] / SAMPLE_RATE


def round_seconds(part):
    """Seconds of speech of a round (but the key's echo), or None when nothing was heard."""
    words = [s for s in part if not is_echo(s) and s["start"] is not None]
    if not words:
        return None
    return sum(seconds(s) for s in words)


def describe(s):
    text = s["text"]
    if s["state"] == "CUT":
        end = s["played"][-1][1] if s["played"] else 0
        text = text[:end] + " ||| " + text[end:]
    when = s["start"].strftime("%H:%M:%S.%f")[:-3] if s["start"] else " " * 12
    length = "%5.1fs" % seconds(s) if s["start"] else "      "
    return f"  {when} {length} {s['state']:5s} {text}"


def check_talk(out, said, parts, moves):
    """The checks and figures of a talk.steps run (see the module's documentation)."""
    failures = []
    full = lambda part, pattern: [s for s in part if s["state"] == "FULL" and re.search(pattern, s["text"])]
    before = parts.get("CREATED", []) + parts.get("BO JOINS", [])
    for part, pattern, what in [
        (parts.get("CREATED", []), r"you are the host", "the table's creation"),
        (before, r"^Bo took seat 2\.$", "Bo taking the other seat"),
        (parts.get("TALK", []), r"^You say: hello Bo$", "Ana's own message"),
    ]:
        if not full(part, pattern):
            failures.append(f"{what} was not heard in full")
    after = parts.get("BROWSE MODE", []) + parts.get("HEARD IN BROWSE MODE", [])
    browse = [i for i, s in enumerate(after) if "browse mode" in s["text"].lower()]
    answer = [i for i, s in enumerate(after) if s["state"] == "FULL" and s["text"] == "Bo says: hi Ana, good luck"]
    if not browse:
        failures.append("Orca never said it was in browse mode")
    elif not answer or answer[0] < browse[0]:
        failures.append("Bo's message was not heard in full in browse mode")
    elif any("focus mode" in s["text"].lower() for s in after[browse[0]:answer[0]]):
        failures.append("Orca went back to focus mode before Bo's message")
    for name, pattern in [
        ("LOBBY KEY BRACKETRIGHT", r"^No tables yet"),
        ("LOBBY KEY J", r"^Choose a table first"),
        ("LOBBY KEY W", r"^Choose a table first"),
        ("LOBBY KEY N", r"Your name"),
        ("KEY W", r"^Seat 1: Ana \(host, you\)\. Seat 2: Bo\. Nobody is watching\.$"),
        ("KEY BRACKETRIGHT", r"^Game, \d+ of \d+: "),
        ("KEY BRACKETLEFT", r"^All, \d+ of \d+: "),
        ("KEY APOSTROPHE", r"\w"),
        ("KEY 0", r"^Sounds (on|off)\.$"),
        ("KEY 0 AGAIN", r"^Sounds (on|off)\.$"),
        ("KEY EQUAL", r"^Volume \d+\.$"),
        ("KEY MINUS", r"^Volume \d+\.$"),
        ("KEY F", r"^This table is full\.$"),
        ("KEY N", r"^The game has started with 2 players\."),
        ("KEY SHIFT+F", r"^No bot sits at this table\.$"),
        ("KEY J", r"^You are playing your own seat"),
        ("KEY SLASH", r"Say to everyone here"),
        ("KEY SHIFT+W", r"Mute Bo"),
        ("KEY SHIFT+J", r"^Stay"),
    ]:
        heard = [s for s in full(parts.get(name, []), pattern) if not is_echo(s)]
        if heard:
            continue
        # A key whose answer is to move the focus: on a loaded machine Chromium's caret event
        # for the field can reach Orca before its focus event, and Orca then moves its locus to
        # the field without a word (its log says so). The page answered; Orca stayed silent.
        moved = [m for m in moves.get(name, []) if re.search(pattern.lstrip("^"), m)]
        if moved:
            print(f"NOTE: {name} in browse mode: the page moved the focus to {moved[0]}, which "
                  "Orca did not say (its caret event came before the focus event)")
        else:
            failures.append(f"{name} in browse mode: the page's answer was not heard in full")
    if answer:
        bo = after[answer[0]]
        print(f"Bo's message: {seconds(bo):.1f} s of speech, heard in full", end="")
        try:
            with open(f"{out}/talker.log") as log:
                sent = re.search(r"said at (\d\d:\d\d:\d\d\.\d+)", log.read())
            if sent and bo["start"]:
                delay = bo["start"] - orca_time(sent.group(1))
                print(f", starting {delay.total_seconds():.1f} s after Bo pressed Enter", end="")
        except OSError:
            pass
        print()
    return failures


def check_moderation(parts):
    """The checks of a moderation.steps run (see the module's documentation)."""
    failures = []
    full = lambda part, pattern: [s for s in part if s["state"] == "FULL" and re.search(pattern, s["text"])
                                  and not is_echo(s)]
    for names, pattern, what in [
        (["SIGN IN"], r"^You are the moderator Mo now\.", "signing in"),
        (["TABLE"], r"^Troll says: buy gold$", "Troll's message"),
        (["REMOVE"], r"Remove message 1, Troll says: buy gold\?", "X's question"),
        (["REMOVE"], r"^Message 1 is removed\.$", "the removal"),
        (["SILENCE"], r"^Troll is silenced everywhere until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$", "the silence"),
    ]:
        part = [s for name in names for s in parts.get(name, [])]
        if not full(part, pattern):
            failures.append(f"{what} was not heard in full")
    return failures


def check_members(parts):
    """The checks of a members.steps run (see the module's documentation)."""
    failures = []
    full = lambda part, pattern: [s for s in part if s["state"] == "FULL" and re.search(pattern, s["text"])
                                  and not is_echo(s)]
    for names, pattern, what in [
        (["OPEN", "SIGN UP"], r"\bName\b", "the name field"),
        (["SIGN UP"], r"\bPassword\b", "the password field"),
        (["SIGN UP"], r"^Account created\. Signed in as Ana: the name is yours alone now\.$", "the account's creation"),
        (["SIGN OUT"], r"\bSign out\b", "the Sign out button"),
        (["SIGN OUT"], r"^Signed out\. This browser keeps your settings\.$", "signing out"),
        (["SIGN IN"], r"^Password password text", "the password field, where the dialog opens again"),
        (["SIGN IN", "END"], r"^Signed in as Ana\. Your settings follow you\.$", "signing in"),
    ]:
        part = [s for name in names for s in parts.get(name, [])]
        if not full(part, pattern):
            failures.append(f"{what} was not heard in full")
    spoken = [s["text"] for part in parts.values() for s in part]
    # Neither in words nor letter by letter (the echo of keys typed where Orca is not in a
    # field: each letter said on its own).
    letters = "".join(t.strip() for t in spoken if len(t.strip()) == 1)
    if any(re.search(r"tortoise|\bhare\b", t, re.IGNORECASE) for t in spoken) or "tortoise" in letters:
        failures.append("the password was spoken")
    return failures


def main(argv):
    out = argv[1]
    check = "--check" in argv
    limit = float(argv[argv.index("--round-limit") + 1]) if "--round-limit" in argv else 7.5
    turn_limit = float(argv[argv.index("--turn-limit") + 1]) if "--turn-limit" in argv else 5.5
    global RUN_BEGAN
    RUN_BEGAN = run_began(out)
    said = utterances(out)
    match(said, playback(out))
    marks = steps(out)
    parts = sections(said, marks)
    for name, part in parts.items():
        print(f"== {name}")
        for s in part:
            print(describe(s))
    # A run of talk.steps, moderation.steps or members.steps: its own checks.
    for flag, name, checks in [
        ("--members", "members", lambda: check_members(parts)),
        ("--moderation", "moderation", lambda: check_moderation(parts)),
        ("--talk", "talk", lambda: check_talk(out, said, parts, focus_moves(out, marks))),
    ]:
        if flag not in argv:
            continue
        print()
        failures = checks()
        if not check:
            return 0
        for f in failures:
            print("FAIL:", f)
        if failures:
            return 1
        print(f"screen-reader check ({name}): all heard")
        return 0
    rounds = {name: round_seconds(part) for name, part in parts.items() if name.startswith("ROUND")}
    print()
    for name, total in rounds.items():
        turn = [seconds(s) for s in parts[name] if "your turn" in s["text"].lower()]
        print(f"{name}: " + ("nothing heard" if total is None else
              "%.1f s of speech, of which %.1f s for the others' moves and your turn" % (total, sum(turn))))
    if not check:
        return 0

    failures = []
    full = lambda part, needle: [s for s in part if s["state"] == "FULL" and needle.lower() in s["text"].lower()]
    if not full(parts.get("CREATED", []), "you are the host"):
        failures.append("the table's creation was not heard in full")
    if not rounds:
        failures.append("no section marked ROUND")
    for name, total in rounds.items():
        part = parts[name]
        if not full(part, "You rolled"):
            failures.append(f"{name}: R did not roll (no 'You rolled' heard in full)")
        turn = full(part, "Your turn")
        if not turn:
            failures.append(f"{name}: 'Your turn' was not heard in full")
        elif seconds(turn[-1]) > turn_limit:
            failures.append(f"{name}: '{turn[-1]['text']}' took {seconds(turn[-1]):.1f} s, more than {turn_limit} s")
        if total is None or total > limit:
            failures.append(f"{name}: {total} s of speech, more than {limit} s")
    if not full(parts.get("KEY DURING YOUR ROLL", []), "Your turn"):
        failures.append("a key pressed during your roll cut 'Your turn'")
    answers = [s for s in parts.get("C TWICE", []) if s["state"] == "FULL" and "square" in s["text"]]
    if len(answers) < 2:
        failures.append(f"C pressed twice was heard {len(answers)} times in full")
    look = [s for s in parts.get("LOOK AHEAD", []) if s["state"] == "FULL"
            and re.match(r"^(From \d+|From off the board|.+ is on \d+|.+ is off the board): 1 ", s["text"])]
    if not look:
        failures.append("L was not heard in full")
    if not full(parts.get("SQUARE", []), "Square 28: a ladder up to 84."):
        failures.append("G 28 Enter was not heard in full")
    read = [re.match(r"^(\d+) of (\d+): ", s["text"]) for s in parts.get("HISTORY", []) if s["state"] == "FULL"]
    numbers = [(int(m.group(1)), int(m.group(2))) for m in read if m]
    if len(numbers) != 3 or [n for n, _ in numbers] != [numbers[0][1], numbers[0][1] - 1, 1]:
        failures.append(f"the history keys read {numbers}, not the last line, the one before and the first")
    for s in said:
        if "your turn" in s["text"].lower() and s["state"] in ("LOST", "CUT"):
            failures.append(f"'Your turn' {s['state']} at {s['sent'].time()}: {s['text']}")
    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    print("screen-reader check: all heard")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
