"""Sends mlir/convertFromBytecode for BC and mlir/convertToBytecode for the
open document TEXT to a language server and prints the answers (the text, and
the bytecode as hex), so that two servers' answers can be diffed.

usage: bytecode_requests.py BC TEXT SERVER [ARGS...]
"""
import base64
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lspq  # noqa: E402


def main():
    bc, text, server = sys.argv[1], sys.argv[2], sys.argv[3:]
    msgs = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 1, "method": "mlir/convertFromBytecode",
         "params": {"uri": "file://" + bc}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": "file://" + text, "languageId": "mlir",
                                     "version": 1, "text": open(text).read()}}},
        {"jsonrpc": "2.0", "id": 2, "method": "mlir/convertToBytecode",
         "params": {"uri": "file://" + text}},
        {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    replies = lspq.batch(server, msgs)
    print("fromBytecode:")
    print(replies[1]["result"]["output"])
    print("toBytecode:")
    print(base64.b64decode(replies[2]["result"]["output"]).hex())


main()
