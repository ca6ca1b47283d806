#!/usr/bin/env python3
"""Writes the message catalog (Shared/QuenchStrings/Catalog/*.swift) as gettext files for
translators: quench.pot (the template), de.po and fr.po (docs/LOCALISATION.md, "Translators").

Each message of the catalog (every `l.pick(en:de:fr:)` and `l.plural(count, en:de:fr:)`) is one
entry: msgctxt = the message's key (`ImportText.parseStoppedNothing`; `#2`, `#3` for a case with
several texts, `[key]` inside a switch on a string), msgid = the English with named placeholders
(`{path}: {error} — nothing was imported`), msgstr = the language's text; a plural message has
msgid_plural and one msgstr per plural form (en/de: one, other; fr: one, many, other).
Placeholders name the message's values; literal data inside a text (`\\("kg")`) is written as is.

Usage: scripts/catalog-po.py [--out DIR] [--list]   (default DIR: .build/po)
"""
import os
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.path.join(ROOT, "Shared", "QuenchStrings", "Catalog")

PLURAL_FORMS = {
    "en": ("nplurals=2; plural=(n != 1);", ["one", "other"]),
    "de": ("nplurals=2; plural=(n != 1);", ["one", "other"]),
    # CLDR's French: one for 0 and 1, many for a non-zero multiple of a million, other else.
    "fr": ("nplurals=3; plural=(n == 0 || n == 1) ? 0 : (n != 0 && n % 1000000 == 0) ? 1 : 2;", ["one", "many", "other"]),
}


class Source:
    def __init__(self, text):
        self.text = text
        self.i = 0

    def skip_space(self):
        while self.i < len(self.text):
            if self.text[self.i].isspace():
                self.i += 1
            elif self.text.startswith("//", self.i):
                self.i = self.text.index("\n", self.i) if "\n" in self.text[self.i:] else len(self.text)
            else:
                break

    def string(self):
        """A string literal at `i` (plain, multi-line, raw): its parts, ('lit', text) or ('arg', expression)."""
        t = self.text
        hashes = 0
        while t[self.i] == "#":
            hashes += 1
            self.i += 1
        multi = t.startswith('"""', self.i)
        self.i += 3 if multi else 1
        close = ('"""' if multi else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        parts, buf = [], []
        if multi:
            self.i = t.index("\n", self.i) + 1
        while not t.startswith(close, self.i):
            if t.startswith(escape, self.i):
                self.i += len(escape)
                c = t[self.i]
                if c == "(":
                    self.i += 1
                    start = self.i
                    self.balanced(")")
                    if buf:
                        parts.append(("lit", "".join(buf)))
                        buf = []
                    parts.append(("arg", t[start:self.i - 1]))
                    continue
                if c == "\n":  # a line continuation in a multi-line literal
                    self.i += 1
                    buf.append("\x00JOIN\n")
                    continue
                if c == "u":
                    end = t.index("}", self.i)
                    buf.append(chr(int(t[self.i + 2:end], 16)))
                    self.i = end + 1
                    continue
                buf.append({"n": "\n", "t": "\t", "0": "\0", "\\": "\\", '"': '"', "'": "'"}.get(c, c))
                self.i += 1
                continue
            buf.append(t[self.i])
            self.i += 1
        self.i += len(close)
        if buf:
            parts.append(("lit", "".join(buf)))
        if multi:
            parts = dedent(parts)
        return parts

    def balanced(self, closer):
        """Moves past the `closer` that balances the text from `i` (strings and nesting respected)."""
        t = self.text
        depth = 0
        while self.i < len(t):
            c = t[self.i]
            if c == '"' or (c == "#" and t[self.i:].lstrip("#").startswith('"')):
                self.string()
                continue
            if c in "([{":
                depth += 1
            elif c in ")]}":
                if depth == 0 and c == closer:
                    self.i += 1
                    return
                depth -= 1
            self.i += 1
        raise ValueError("unbalanced")


def dedent(parts):
    """A multi-line literal: the closing line's indentation off every line, the last newline off."""
    text = "".join(p[1] if p[0] == "lit" else "\x00ARG%d\x00" % n for n, p in enumerate(parts))
    lines = text.split("\n")
    indent = len(lines[-1]) - len(lines[-1].lstrip(" "))
    lines = [line[indent:] for line in lines[:-1]]
    text = "\n".join(lines).replace("\x00JOIN\n", "")
    out = []
    for piece in re.split(r"(\x00ARG\d+\x00)", text):
        m = re.fullmatch(r"\x00ARG(\d+)\x00", piece)
        if m:
            out.append(parts[int(m.group(1))])
        elif piece:
            out.append(("lit", piece))
    return out


def placeholder(expression):
    """`{name}` for a value; a string literal inline as it is."""
    e = expression.strip()
    if e.startswith('"') and e.endswith('"'):
        return Source(e).string_text()
    e = re.split(r",\s*(digits|upTo):", e)[0]
    while True:
        m = re.fullmatch(r"[\w.]+\((.*)\)", e, re.S)
        if not m:
            break
        e = m.group(1).split(",")[0].strip()
    name = e.split(".")[-1].strip() or "value"
    return "{%s}" % name


def _string_text(self):
    return "".join(p[1] if p[0] == "lit" else placeholder(p[1]) for p in self.string())


Source.string_text = _string_text


def render(parts):
    return "".join(p[1] if p[0] == "lit" else placeholder(p[1]) for p in parts)


def arguments(src):
    """The labelled arguments of the call whose `(` was just passed: {label: value source text or parts}."""
    args = {}
    t = src.text
    while True:
        src.skip_space()
        if t[src.i] == ")":
            src.i += 1
            return args
        m = re.match(r"(\w+)\s*:\s*", t[src.i:])
        label = None
        if m and not t[src.i:].startswith("Plural("):
            label = m.group(1)
            src.i += m.end()
        start = src.i
        if t[src.i] == '"' or (t[src.i] == "#" and t[src.i:].lstrip("#").startswith('"')):
            value = ("string", src.string())
        elif t.startswith("Plural(", src.i):
            src.i += len("Plural(")
            value = ("plural", arguments(src))
        else:
            # Another expression: up to the next top-level comma or the closing parenthesis.
            depth = 0
            while True:
                c = t[src.i]
                if c == '"':
                    src.string()
                    continue
                if c in "([{":
                    depth += 1
                elif c in ")]}":
                    if depth == 0:
                        break
                    depth -= 1
                elif c == "," and depth == 0:
                    break
                src.i += 1
            value = ("expr", t[start:src.i].strip())
        if label:
            args[label] = value
        src.skip_space()
        if t[src.i] == ",":
            src.i += 1


def messages():
    """Every message of the catalog: (context, kind, {language: text or {form: text}})."""
    found = []
    for name in sorted(os.listdir(CATALOG)):
        if not name.endswith(".swift"):
            continue
        text = open(os.path.join(CATALOG, name), encoding="utf-8").read()
        code = re.sub(r"//[^\n]*", lambda m: " " * len(m.group(0)), text)  # comments out, offsets kept
        events = []
        for m in re.finditer(r"\b(?:public |indirect )*(?:enum|struct) (\w+)", code):
            events.append((m.start(), "type", m.group(1)))
        for m in re.finditer(r"\bcase \.(\w+)", code):
            events.append((m.start(), "case", m.group(1)))
        for m in re.finditer(r'\bcase ("[^"]*")', code):
            events.append((m.start(), "key", m.group(1).strip('"')))
        for m in re.finditer(r"\bl\.(pick|plural)\(", code):
            events.append((m.start(), m.group(1), m.end()))
        events.sort()
        kind_name, case, key, seen = "?", None, None, {}
        for position, event, value in events:
            if event == "type":
                kind_name, case, key = value, None, None
            elif event == "case":
                case, key = value, None
            elif event == "key":
                key = value
            else:
                context = kind_name + ("." + case if case else "") + ("[%s]" % key if key else "")
                seen[context] = seen.get(context, 0) + 1
                if seen[context] > 1:
                    context += "#%d" % seen[context]
                src = Source(text)
                src.i = value
                args = arguments(src)
                found.append((context, event, args))
    return found


def po_string(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = escaped.split("\n")
    if len(lines) == 1:
        return '"%s"' % lines[0]
    return '""\n' + "\n".join('"%s\\n"' % line for line in lines[:-1]) + ('\n"%s"' % lines[-1] if lines[-1] else "")


def text_of(value):
    kind, content = value
    if kind == "string":
        return render(content)
    if kind == "expr":
        return "{%s}" % content
    raise ValueError("a plural where a text was expected")


def forms_of(value, language):
    """The plural forms of a `Plural(...)` in the language's gettext order (a missing form is `other`)."""
    kind, content = value
    if kind != "plural":
        text = text_of(value)
        return [text] * len(PLURAL_FORMS[language][1])
    return [text_of(content.get(form, content["other"])) for form in PLURAL_FORMS[language][1]]


def write(out):
    os.makedirs(out, exist_ok=True)
    entries = messages()
    for language in ["pot", "de", "fr"]:
        forms_language = "en" if language == "pot" else language
        header = [
            'msgid ""',
            'msgstr ""',
            '"Project-Id-Version: quench\\n"',
            '"PO-Revision-Date: %s\\n"' % time.strftime("%Y-%m-%d %H:%M+0000", time.gmtime()),
            '"Last-Translator: \\n"',
            '"Language-Team: %s\\n"' % ("" if language == "pot" else language),
            '"Language: %s\\n"' % ("en" if language == "pot" else language),
            '"MIME-Version: 1.0\\n"',
            '"Content-Type: text/plain; charset=UTF-8\\n"',
            '"Content-Transfer-Encoding: 8bit\\n"',
            '"Plural-Forms: %s\\n"' % PLURAL_FORMS[forms_language][0],
            "",
        ]
        body = []
        for context, kind, args in entries:
            body.append("msgctxt %s" % po_string(context))
            if kind == "pick":
                body.append("msgid %s" % po_string(text_of(args["en"])))
                body.append("msgstr %s" % po_string("" if language == "pot" else text_of(args[language])))
            else:
                english = forms_of(args["en"], "en")
                body.append("msgid %s" % po_string(english[0]))
                body.append("msgid_plural %s" % po_string(english[-1]))
                translated = forms_of(args[forms_language], forms_language)
                for index, form in enumerate(translated):
                    body.append("msgstr[%d] %s" % (index, po_string("" if language == "pot" else form)))
            body.append("")
        name = "quench.pot" if language == "pot" else language + ".po"
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write("\n".join(header + body))
    return entries


def main():
    out = os.path.join(ROOT, ".build", "po")
    if "--out" in sys.argv:
        out = sys.argv[sys.argv.index("--out") + 1]
    entries = write(out)
    if "--list" in sys.argv:
        for context, _, _ in entries:
            print(context)
    print("%d messages → %s (quench.pot, de.po, fr.po)" % (len(entries), out), file=sys.stderr)


if __name__ == "__main__":
    main()
