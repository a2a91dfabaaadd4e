"""The editor's launch settings and request types against the launch schema.

usage: launch_settings.py SCHEMA.json EXTENSION_DIR

SCHEMA.json is `ompx-lsp launch --print-schema` (pipeline/LaunchOptions.h).
Checks both ways, so that an option added on one side only fails:
  - each `ompx.launch.*` setting of package.json is a schema row's
    `setting` (or one of the extension's own, below), with the same type and,
    for an enum, the same names in the same order (the default first);
  - each schema row with a `setting` has it in package.json;
  - launch.ts's `SlurmOptions` fields are the schema's `slurm.*` fields, and
    its `LaunchRequest` fields are schema fields (or `uri`).
Prints each mismatch and exits 1; prints a summary and exits 0 otherwise.
"""
import json
import re
import sys

# Settings of the extension alone, which it turns into schema fields itself.
EXTENSION_ONLY = {
    # per-file `drivers`, keyed by path: the extension picks the entry
    "ompx.launch.fileDrivers",
}
# The schema's types as package.json spells them.
JSON_TYPES = {
    "string": "string", "path": "string", "device": "string", "enum": "string",
    "list": "array", "pathList": "array", "seconds": "number",
    "flag": "boolean", "optionalPath": "boolean",
}


def interface_fields(source, name):
    body = re.search(r"export interface %s \{(.*?)\n\}" % name, source, re.S)
    if not body:
        return None
    # Only the interface's own lines (`name?: type;`), not doc comments.
    return re.findall(r"^\s*(\w+)\??:", body.group(1), re.M)


def main():
    schema = json.load(open(sys.argv[1]))["options"]
    ext = sys.argv[2]
    package = json.load(open(ext + "/package.json"))
    props = package["contributes"]["configuration"]["properties"]
    settings = {k: v for k, v in props.items() if k.startswith("ompx.launch.")}
    errors = []
    by_setting = {o["setting"]: o for o in schema if "setting" in o}
    for name, s in sorted(settings.items()):
        if name in EXTENSION_ONLY:
            continue
        o = by_setting.get(name)
        if o is None:
            errors.append("%s: no launch option has this setting" % name)
            continue
        if s.get("type") != JSON_TYPES.get(o["type"]):
            errors.append("%s: type %s, the option's %s (%s)"
                          % (name, s.get("type"), o["type"],
                             JSON_TYPES.get(o["type"])))
        if o["type"] == "enum" and s.get("enum") != o["values"]:
            errors.append("%s: enum %s, the option's %s"
                          % (name, s.get("enum"), o["values"]))
    for name, o in sorted(by_setting.items()):
        if name not in settings:
            errors.append("%s: the option %s has no such setting in "
                          "package.json" % (name, o.get("flag", o["field"])))

    source = open(ext + "/src/launch.ts").read()
    fields = {o["field"] for o in schema if "field" in o}
    slurm = interface_fields(source, "SlurmOptions")
    request = interface_fields(source, "LaunchRequest")
    if slurm is None or request is None:
        errors.append("launch.ts: no SlurmOptions or LaunchRequest interface")
    else:
        want = sorted(f[len("slurm."):] for f in fields
                      if f.startswith("slurm."))
        if sorted(slurm) != want:
            errors.append("launch.ts: SlurmOptions has %s, the schema %s"
                          % (sorted(slurm), want))
        for f in request:
            if f not in fields and f not in ("uri", "slurm"):
                errors.append("launch.ts: LaunchRequest.%s is no launch "
                              "option's field" % f)
    for e in errors:
        print("error: " + e)
    if errors:
        return 1
    print("ok: %d settings, %d options, %d Slurm fields"
          % (len(settings), len(schema), len(slurm)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
