#!/usr/bin/env python3
"""The HTML report of a recorded launch, rendered by headless Chromium.

Records a host-offload launch of the STREAM-style bench (four kernels
launched ten times each in one data region) from a folder whose name holds
markup, then loads STEM.profile.html in Chromium (issue 40's "renders in
headless Chromium"):
  - the DOM after its script ran has one kernel bar per launch, the four
    kernel rows, and no element made of the folder's markup (escaped);
  - the screenshot shows the kernel, `to` and `from` lanes in their colours
    (a page that failed to lay out, or lost its style, shows none).
With --screenshot PATH the same launch is recorded in a plain folder and its
picture kept there (docs/images/launch-profile.png).

    profile_html_render.py --ompx build/server/ompx-lsp [--screenshot PATH]

Exit 0 when all holds, 1 with what failed. Needs `chromium` (scripts/setup.sh
--test-packages installs it).
"""
import argparse, os, re, shutil, struct, subprocess, sys, tempfile, urllib.parse, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STREAM = os.path.join(ROOT, "bench", "stream", "stream.f90")
# ProfileHtml.cpp's lane colours.
COLOURS = {"kernel": (0x3B, 0x6F, 0xD4), "to": (0x2A, 0x9D, 0x5C),
           "from": (0xD0, 0x8A, 0x1E)}


def png_pixels(path):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB/RGBA PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError("unsupported PNG (depth %d, colour %d)" % (depth, colour))
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        base = y * (stride + 1)
        ftype, line = raw[base], bytearray(raw[base + 1:base + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 2:
                line[i] = (line[i] + b) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        prev = line
    return width, height, rows


def chromium(browser, profile_dir, extra, url, timeout=120):
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--user-data-dir=" + profile_dir] + extra + [url]
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=timeout)


def record(ompx, work):
    """The HTML report of a recorded host-offload launch of stream.f90 in
    `work` (None when the launch failed, after printing its output)."""
    os.makedirs(work)
    shutil.copy(STREAM, work)
    p = subprocess.run([os.path.abspath(ompx), "launch", "stream.f90",
                        "--device=host-offload", "--profile", "--", "20000"],
                       cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=600)
    html = os.path.join(work, "stream.profile.html")
    if p.returncode != 0 or not os.path.exists(html):
        print(p.stdout[-3000:])
        print("FAIL: the recorded launch failed (exit %d)" % p.returncode)
        return None
    return "file://" + urllib.parse.quote(html)


def check_dom(dom):
    failures = []
    kernel_bars = len(re.findall(r'class="bar kernel', dom))
    if kernel_bars != 40:
        failures.append("%d kernel bars in the rendered page, 40 launches recorded" % kernel_bars)
    rows = re.findall(r"__omp_offloading_\w+__QQmain_l(\d+)</td>", dom)
    if sorted(set(rows)) != ["28", "34", "40", "46"]:
        failures.append("kernel rows for lines %s, expected 28 34 40 46" % sorted(set(rows)))
    # The DOM's serializer escapes <, > and & in text (not quotes): an
    # element made of the name would appear as `<img`.
    if re.search(r"<img\b", dom):
        failures.append("the folder's markup became an element of the page")
    if 'run&lt;img src=x id="pwn"&gt;&amp;amp;/stream.f90:28:11' not in dom:
        failures.append("the folder's name is not shown as text")
    return failures


def check_picture(shot):
    if not os.path.exists(shot):
        return ["chromium wrote no screenshot"]
    failures = []
    _, _, pixels = png_pixels(shot)
    seen = {name: 0 for name in COLOURS}
    for row in pixels:
        for px in row:
            for name, colour in COLOURS.items():
                if px == colour:
                    seen[name] += 1
    for name, count in seen.items():
        print("%-6s lane pixels: %d" % (name, count))
        if count < 20:
            failures.append("the %s lane is not drawn (%d pixels of its colour)" % (name, count))
    return failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ompx", required=True)
    ap.add_argument("--screenshot", help="also record in a plain folder and keep its picture here")
    opts = ap.parse_args()
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        print("FAIL: chromium is not installed (bash scripts/setup.sh --test-packages installs it)")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        profile_dir = os.path.join(tmp, "chromium")
        size = "--window-size=1280,900"
        # Markup in the folder's name: the report names the file by its path.
        url = record(opts.ompx, os.path.join(tmp, 'run<img src=x id="pwn">&amp;'))
        if not url:
            return 1
        failures = check_dom(chromium(browser, profile_dir, ["--dump-dom"], url).stdout)
        shot = os.path.join(tmp, "shot.png")
        chromium(browser, profile_dir, [size, "--screenshot=" + shot], url)
        failures += check_picture(shot)
        if opts.screenshot:
            url = record(opts.ompx, os.path.join(tmp, "stream"))
            if url:
                chromium(browser, profile_dir, [size, "--screenshot=" + opts.screenshot], url)
    for f in failures:
        print("FAIL:", f)
    if not failures:
        print("the report renders: 40 kernel bars, 4 kernel rows, names escaped, lanes drawn")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
