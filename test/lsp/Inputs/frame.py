"""Writes LSP frames for framing tests: each line of the input file is a
message body; lines starting with RAW: are written verbatim (\\n unescaped)."""
import sys

out = sys.stdout.buffer
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if not line or line.startswith("#"):
        continue
    if line.startswith("RAW:"):
        out.write(line[4:].encode().decode("unicode_escape").encode("latin-1"))
        continue
    body = line.encode()
    out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
if "--exit" in sys.argv:
    body = b'{"jsonrpc":"2.0","method":"exit"}'
    out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
