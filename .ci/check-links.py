#!/usr/bin/env python3
"""Every relative link in the project's Markdown resolves: the file exists and, for #anchors, the heading does
(GitHub's slugs). Run from the repository's root; exits 1 naming each broken link."""
import os
import re
import sys
from urllib.parse import unquote

SKIP = {'target', 'node_modules', '.git', '.cifuzz-corpus', 'api-baseline'}
LINK = re.compile(r'!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')


def markdown_files(root):
    for directory, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP]
        for name in files:
            if name.endswith('.md'):
                yield os.path.join(directory, name)


def prose(path):
    """The file's lines outside fenced code blocks."""
    fenced = False
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            if line.lstrip().startswith('```'):
                fenced = not fenced
                continue
            if not fenced:
                yield number, line


def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r'<[^>]+>', '', s)
    s = re.sub(r'[^\w\- ]', '', s)
    return s.replace(' ', '-')


def anchors(path, cache={}):
    if path not in cache:
        seen = {}
        found = set()
        for _, line in prose(path):
            m = re.match(r'^(#{1,6})\s+(.*?)\s*#*\s*$', line)
            if m:
                base = slug(m.group(2).replace('`', ''))
                n = seen.get(base, 0)
                found.add(base if n == 0 else '%s-%d' % (base, n))
                seen[base] = n + 1
        cache[path] = found
    return cache[path]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else '.'
    broken = []
    checked = 0
    for path in sorted(markdown_files(root)):
        for number, line in prose(path):
            for url in LINK.findall(re.sub(r'`[^`]*`', '', line)):
                if re.match(r'^[a-z][a-z0-9+.-]*:', url):
                    continue  # http:, https:, mailto:
                checked += 1
                target, _, anchor = url.partition('#')
                file = path if not target else os.path.normpath(os.path.join(os.path.dirname(path), unquote(target)))
                if not os.path.exists(file):
                    broken.append('%s:%d: %s (no such file)' % (path, number, url))
                elif anchor and file.endswith('.md') and anchor not in anchors(file):
                    broken.append('%s:%d: %s (no such heading in %s)' % (path, number, url, file))
    for b in broken:
        print(b)
    print('%d relative links checked, %d broken' % (checked, len(broken)))
    return 1 if broken else 0


if __name__ == '__main__':
    sys.exit(main())
