#!/usr/bin/env python3
"""Lists the longest C/C++ functions under the given folders.

usage: function_lengths.py [--top N] [--max LINES] FOLDER...

Counts braces after comments, strings and character literals are blanked: a
`{` that follows a closing parenthesis (and qualifiers such as `const`,
`override`, a trailing return type) outside any other function body opens a
function, lambdas at namespace scope included; a function's length runs from
the line of its parameter list's `(` to its closing `}`. Not seen: a
constructor whose initializer list ends in a braced initializer.

Prints the N longest (default 5) as LINES FILE:LINE NAME; with --max, also
exits 1 when one is longer than LINES (the developers' guide asks for
functions under ~120 lines).
"""
import argparse, os, re, sys

RAW = re.compile(r'R"([^(\s]*)\(')
SIGNATURE_END = re.compile(
    r'\)\s*(const|override|final|noexcept|mutable|&|->\s*[\w:<>,\s\*&]+|\s)*$')
NAME = re.compile(r'([\w:~<>=!+\-*/\[\]]+)\s*$')
NOT_FUNCTIONS = ('if', 'for', 'while', 'switch', 'catch', 'return')


def blank(src):
    """`src` with comments, strings and characters emptied, lines kept."""
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith('//', i):
            j = src.find('\n', i)
            i = n if j < 0 else j
            continue
        if src.startswith('/*', i):
            j = src.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append('\n' * src.count('\n', i, j))
            i = j
            continue
        raw = RAW.match(src, i)
        if raw and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == '_')):
            end = ')' + raw.group(1) + '"'
            j = src.find(end, raw.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + '\n' * src.count('\n', i, j))
            i = j
            continue
        c = src[i]
        if c in '"\'':
            j = i + 1
            while j < n and src[j] != c and src[j] != '\n':
                j += 2 if src[j] == '\\' else 1
            out.append(c + c)
            i = j + 1
            continue
        out.append(c)
        i += 1
    return ''.join(out)


def functions(path):
    """(length, first line, name) of each function body in `path`."""
    text = blank(open(path, errors='replace').read())
    found, stack, line = [], [], 1
    for i, c in enumerate(text):
        if c == '\n':
            line += 1
        elif c == '{':
            before = text[max(0, i - 400):i]
            start = None
            if not any(s for s, _ in stack) and SIGNATURE_END.search(before):
                # The `(` that opens the parameter list, and the name before.
                j, depth = before.rfind(')'), 0
                while j >= 0:
                    depth += {')': 1, '(': -1}.get(before[j], 0)
                    if depth == 0:
                        break
                    j -= 1
                name = NAME.search(before[:j]) if j > 0 else None
                name = name.group(1) if name else ''
                if not name or name.endswith(']'):
                    name = '(lambda)'
                if j > 0 and name not in NOT_FUNCTIONS:
                    start = (line - before[j:].count('\n'), name)
            stack.append((start, line))
        elif c == '}' and stack:
            start, _ = stack.pop()
            if start:
                found.append((line - start[0] + 1, start[0], start[1]))
    return found


def main():
    args = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    args.add_argument('--top', type=int, default=5)
    args.add_argument('--max', type=int)
    args.add_argument('folders', nargs='+')
    opts = args.parse_args()
    rows = []
    for top in opts.folders:
        for dirpath, _, files in os.walk(top):
            for f in files:
                if f.endswith(('.cpp', '.h', '.c')):
                    path = os.path.join(dirpath, f)
                    rows += [(n, path, at, name)
                             for n, at, name in functions(path)]
    rows.sort(key=lambda r: (-r[0], r[1], r[2]))
    for n, path, at, name in rows[:opts.top]:
        print('%4d %s:%d %s' % (n, path, at, name))
    over = [r for r in rows if opts.max is not None and r[0] > opts.max]
    for n, path, at, name in over[opts.top:]:
        print('%4d %s:%d %s' % (n, path, at, name))
    return 1 if over else 0


if __name__ == '__main__':
    sys.exit(main())
