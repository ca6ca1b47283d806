#!/usr/bin/env python3
"""Renders captured terminal text (stdin) as an SVG terminal window (stdout).

    python3 scripts/terminal_svg.py "Title" < capture.txt > out.svg

Lines starting with "$ " are drawn as commands; "warning:"/"error:" lines in their colours.
Monospace, one text element per line, XML-escaped; long lines are kept (the width follows
the longest line). Standard library only.
"""
import sys
from xml.sax.saxutils import escape

title = sys.argv[1] if len(sys.argv) > 1 else "quench"
lines = sys.stdin.read().rstrip("\n").split("\n")
char_w, line_h, pad, bar = 7.8, 18, 16, 30
width = int(max(len(l) for l in lines) * char_w + 2 * pad)
height = int(len(lines) * line_h + 2 * pad + bar)
out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
       f'<rect width="{width}" height="{height}" rx="8" fill="#1e1f24"/>',
       f'<rect width="{width}" height="{bar}" rx="8" fill="#2d2f36"/>',
       f'<rect y="{bar - 8}" width="{width}" height="8" fill="#2d2f36"/>']
for i, c in enumerate(["#ff5f57", "#febc2e", "#28c840"]):
    out.append(f'<circle cx="{18 + i * 18}" cy="{bar / 2}" r="6" fill="{c}"/>')
out.append(f'<text x="{width / 2}" y="{bar / 2 + 4}" fill="#c9ccd3" font-family="sans-serif" font-size="12" text-anchor="middle">{escape(title)}</text>')
for n, line in enumerate(lines):
    y = bar + pad + (n + 1) * line_h - 5
    colour = "#e6e6e6"
    if line.startswith("$ "):
        colour = "#7ee787"
    elif line.startswith("warning:"):
        colour = "#f2cc60"
    elif line.startswith("error:"):
        colour = "#ff7b72"
    out.append(f'<text x="{pad}" y="{y}" fill="{colour}" font-family="DejaVu Sans Mono, monospace" font-size="13" xml:space="preserve">{escape(line)}</text>')
out.append("</svg>")
print("\n".join(out))
