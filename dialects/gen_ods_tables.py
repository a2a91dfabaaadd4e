#!/usr/bin/env python3
"""Generates the static clause tables of the omp and acc dialects from ODS.

Input: `llvm-tblgen --dump-json` of OpenMPOps.td and OpenACCOps.td (the
records the dialects' own C++ is generated from). Output: a C++ .inc file
with, for every op, its arguments in ODS order (operand/attribute, variadic
or optional), the OpenMP clause each argument belongs to, the assembly
keyword that introduces it, the op's summary and first description
paragraph, and the enums its attributes take. Deriving all of this from the
.td files means the tables cannot drift from the dialects we link.
"""

import json
import re
import sys

KIND_OPERAND, KIND_OPTIONAL, KIND_VARIADIC, KIND_VAROFVAR, KIND_ATTR = range(5)


def cstr(s):
    s = s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    # Split long literals so compilers and diffs stay happy.
    parts = [s[i:i + 200] for i in range(0, len(s), 200)] or [""]
    return " ".join('"%s"' % p for p in parts)


def first_paragraph(text):
    text = (text or "").strip("\n")
    lines = [l.strip() for l in text.split("\n")]
    para = []
    for l in lines:
        if not l and para:
            break
        if l:
            para.append(l)
    return " ".join(para)


def superclasses(records, name):
    r = records.get(name)
    return r.get("!superclasses", []) if r else []


def arg_kind(records, defname):
    sup = superclasses(records, defname)
    if "VariadicOfVariadic" in sup:
        return KIND_VAROFVAR
    if "Variadic" in sup:
        return KIND_VARIADIC
    if "Optional" in sup:
        return KIND_OPTIONAL
    if "TypeConstraint" in sup or "Type" in sup or "OpVariable" in sup:
        # `Arg<...>` wraps a constraint; look through it.
        r = records.get(defname, {})
        if "OpVariable" in sup and isinstance(r.get("constraint"), dict):
            return arg_kind(records, r["constraint"]["def"])
        return KIND_OPERAND
    return KIND_ATTR


def attr_enum(records, defname):
    """The EnumInfo record name an attribute argument takes, if any."""
    seen = 0
    while defname and seen < 8:
        seen += 1
        r = records.get(defname)
        if not r:
            return None
        if isinstance(r.get("enum"), dict):
            return r["enum"]["def"]
        if "EnumInfo" in r.get("!superclasses", []):
            return defname
        base = r.get("baseAttr")
        defname = base["def"] if isinstance(base, dict) else None
    return None


# Where an op's custom assembly directive spells enum cases differently from
# the enum's `str` (OpenMPDialect.cpp's map-clause parser takes `delete`, and
# silently reads `del` as nothing). test/features/completion-spelling.test
# checks every offered spelling against mlir-opt-22.
CUSTOM_SPELLING = {"ClauseMapFlags": {"del": "delete", "priv": "private"}}
EXTRA_SPELLING = {"ClauseMapFlags": ["tofrom"]}


def enum_cases(records, enumname):
    r = records.get(enumname, {})
    out = []
    rename = CUSTOM_SPELLING.get(enumname, {})
    for c in r.get("enumerants", []):
        cr = records.get(c["def"], {})
        s = rename.get(cr.get("str"), cr.get("str"))
        if s and s not in out:
            out.append(s)
    for s in EXTRA_SPELLING.get(enumname, []):
        if s not in out:
            out.insert(0, s)
    return out


TOKEN = re.compile(r"`([^`]*)`|\$([A-Za-z_][A-Za-z0-9_]*)|(\|)|(oilist)|([()])")


def keyword_of_args(fmt):
    """Maps each `$arg` to the identifier literal that introduces it.

    A keyword covers the arguments after it up to the next `|` of an oilist
    or until the directive it appears in closes, so a region directive after
    the oilist does not inherit the oilist's last keyword.
    """
    result = {}
    keywords = []
    current = None
    current_depth = 0
    depth = 0
    for m in TOKEN.finditer(fmt or ""):
        lit, var, bar, oil, paren = m.groups()
        if lit is not None:
            if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", lit):
                current = lit
                current_depth = depth
                if lit not in keywords:
                    keywords.append(lit)
        elif var is not None:
            if current and var not in result:
                result[var] = current
        elif bar is not None:
            current = None
        elif paren is not None:
            depth += 1 if paren == "(" else -1
            if depth < current_depth:
                current = None
    return result, keywords


def clause_short(name, records=None):
    m = re.fullmatch(r"OpenMP_(\w+?)Clause", name)
    if not m and records:
        # `OpenMP_MapClauseSkip<...>` instantiations are anonymous records.
        for sup in records.get(name, {}).get("!superclasses", []):
            m = re.fullmatch(r"OpenMP_(\w+?)ClauseSkip", sup)
            if m:
                break
    if not m:
        return name
    return re.sub(r"(?<!^)(?=[A-Z])", "_", m.group(1)).lower()


def snake(camel):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", camel).lower()


def camel(name):
    return "".join(p[:1].upper() + p[1:] for p in name.split("_") if p)


def enumerators(names):
    """CamelCase enumerators; where two names meet (`start_idx`, `startIdx`)
    the snake_case one keeps its underscores (`Start_idx`)."""
    count = {}
    for n in names:
        count[camel(n)] = count.get(camel(n), 0) + 1
    return {n: camel(n) if count[camel(n)] == 1 or "_" not in n
            else n[:1].upper() + n[1:] for n in names}


def block_arg_clauses(records):
    """The clauses of BlockArgOpenMPOpInterface, in the interface's order:
    (clause, vars method, block-args start method, block-arg count method)."""
    iface = records.get("BlockArgOpenMPOpInterface", {})
    order = [m["def"] for m in iface.get("methods", [])]
    out = []
    for name in records["!instanceof"].get("BlockArgOpenMPClause", []):
        r = records[name]
        m = re.fullmatch(r"BlockArg(\w+)Clause", name)
        vars_m = r["varsMethod"]["def"]
        out.append((order.index(vars_m) if vars_m in order else len(order),
                    snake(m.group(1)), records[vars_m]["name"],
                    records[r["startMethod"]["def"]]["name"],
                    records[r["numArgsMethod"]["def"]]["name"]))
    return [x[1:] for x in sorted(out)]


def collect(path):
    records = json.load(open(path))
    block_args = block_arg_clauses(records)
    BLOCK_ARG_CLAUSES = {c for c, _, _, _ in block_args}
    ops = []
    clauses = {}
    for recname in records["!instanceof"].get("Op", []):
        r = records[recname]
        dialect = records[r["opDialect"]["def"]]["name"]
        if dialect not in ("omp", "acc"):
            continue
        name = dialect + "." + r["opName"]
        arg_clause = {}
        clause_kw = {}
        clause_list = []
        for c in r.get("clauseList") or []:
            cname = c["def"]
            short = clause_short(cname, records)
            clause_list.append(short)
            cr = records.get(cname, {})
            clauses.setdefault(short, first_paragraph(cr.get("description", "")))
            ckw, ckeywords = keyword_of_args(
                (cr.get("optAssemblyFormat") or "") + " " +
                (cr.get("reqAssemblyFormat") or ""))
            for a in (cr.get("arguments") or {}).get("args", []):
                arg_clause[a[1]] = short
                # The clause's own format names the keyword even where the
                # op prints the clause through a region directive.
                if ckw.get(a[1]) or ckeywords:
                    clause_kw[a[1]] = ckw.get(a[1]) or ckeywords[0]
        kw, keywords = keyword_of_args(r.get("assemblyFormat"))
        for k in clause_kw.values():
            if k not in keywords:
                keywords.append(k)
        args = []
        for a in r["arguments"]["args"]:
            argname = a[1]
            defname = a[0]["def"]
            kind = arg_kind(records, defname)
            enum = attr_enum(records, defname) if kind == KIND_ATTR else None
            # Block-argument clauses are printed by the region directive
            # under the clause's own name.
            fallback = (arg_clause.get(argname, "")
                        if arg_clause.get(argname) in BLOCK_ARG_CLAUSES else "")
            args.append((argname, kind, arg_clause.get(argname, ""),
                         kw.get(argname) or clause_kw.get(argname) or
                         fallback, enum))
            k = args[-1][3]
            if k and kind != KIND_ATTR and k not in keywords:
                keywords.append(k)
        traits = [t["def"] for t in r.get("traits", [])]
        # Traits given through interfaces appear as `DeclareOpInterfaceMethods`
        # anonymous records; their printable names still say which.
        printable = " ".join(t.get("printable", "") for t in r.get("traits", []))
        flags = []
        for f in ("AttrSizedOperandSegments", "BlockArgOpenMPOpInterface",
                  "LoopWrapperInterface", "ComposableOpInterface",
                  "DeclareTargetInterface", "OutlineableOpenMPOpInterface",
                  "MapClauseOwningOpInterface", "Symbol", "RecipeInterface",
                  "ComputeRegionOpInterface"):
            if f in traits or f in printable:
                flags.append(f)
        regions = [x[1] for x in r["regions"]["args"]]
        results = [x[1] for x in r["results"]["args"]]
        ops.append(dict(name=name, summary=(r.get("summary") or "").strip(),
                        desc=first_paragraph(r.get("description")),
                        args=args, clauses=clause_list, flags=flags,
                        regions=regions, results=results, keywords=keywords,
                        custom=bool(r.get("hasCustomAssemblyFormat"))))
    enums = {}
    for op in ops:
        for a in op["args"]:
            if a[4] and a[4] not in enums:
                enums[a[4]] = enum_cases(records, a[4])
    return ops, clauses, enums, block_args


def main():
    out_path, groups_path, block_args_path = sys.argv[1:4]
    ops, clauses, enums, block_args = [], {}, {}, []
    for p in sys.argv[4:]:
        o, c, e, b = collect(p)
        ops += o
        for k, v in c.items():
            clauses.setdefault(k, v)
        enums.update(e)
        block_args += b
    ops.sort(key=lambda o: o["name"])
    # One ClauseGroup per distinct operand group name of any omp/acc op.
    group_names = sorted({a[0] for op in ops for a in op["args"]
                          if a[1] != KIND_ATTR})
    enumerator = enumerators(group_names)
    attr_names = {a[0] for op in ops for a in op["args"] if a[1] == KIND_ATTR}
    glines = ["// Generated by gen_ods_tables.py from the dialects' .td files. "
              "Do not edit.", "// One enumerator per ODS operand group of an "
              "omp/acc op.", "enum class ClauseGroup : uint16_t {", "  None,"]
    glines += ["  %s, ///< %s" % (enumerator[g], g) for g in group_names]
    glines += ["};", "inline constexpr unsigned kNumClauseGroups = %d;" %
               (len(group_names) + 1)]
    with open(groups_path, "w") as f:
        f.write("\n".join(glines) + "\n")
    blines = ["// Generated by gen_ods_tables.py: the clauses of "
              "BlockArgOpenMPOpInterface in", "// its block-argument order. "
              "OMPX_BLOCK_ARG_CLAUSE(group, vars method, start method,",
              "// count method, symbol-list attribute or \"\")."]
    for clause, vars_m, start_m, num_m in block_args:
        syms = clause + "_syms"
        blines.append("OMPX_BLOCK_ARG_CLAUSE(%s, %s, %s, %s, %s)" % (
            enumerator[clause + "_vars"], vars_m, start_m, num_m,
            cstr(syms if syms in attr_names else "")))
    with open(block_args_path, "w") as f:
        f.write("\n".join(blines) + "\n")
    enum_names = sorted(enums)
    lines = ["// Generated by gen_ods_tables.py from the dialects' .td files. "
             "Do not edit.", ""]
    lines.append("static const char *const kClauseGroupNames[] = {\"\", %s};"
                 % ", ".join(cstr(g) for g in group_names))
    for i, en in enumerate(enum_names):
        cases = enums[en]
        lines.append("static const char *const kEnumCases%d[] = {%s};" % (
            i, ", ".join(cstr(c) for c in cases) or "nullptr"))
    lines.append("static const Enum kEnums[] = {")
    for i, en in enumerate(enum_names):
        lines.append("  {%s, kEnumCases%d, %d}," % (cstr(en), i,
                                                   len(enums[en])))
    lines.append("};")
    for i, op in enumerate(ops):
        lines.append("static const Arg kArgs%d[] = {" % i)
        for (an, kind, clause, kw, enum) in op["args"]:
            ei = enum_names.index(enum) if enum else -1
            group = ("ClauseGroup::" + enumerator[an] if kind != KIND_ATTR
                     else "ClauseGroup::None")
            lines.append("  {%s, %d, %s, %s, %d, %s}," % (
                cstr(an), kind, cstr(clause), cstr(kw), ei, group))
        if not op["args"]:
            lines.append("  {nullptr, 0, nullptr, nullptr, -1, "
                         "ClauseGroup::None},")
        lines.append("};")
        lines.append("static const char *const kKeywords%d[] = {%s};" % (
            i, ", ".join(cstr(k) for k in op["keywords"]) or "nullptr"))
        lines.append("static const char *const kClauses%d[] = {%s};" % (
            i, ", ".join(cstr(k) for k in op["clauses"]) or "nullptr"))
        lines.append("static const char *const kRegions%d[] = {%s};" % (
            i, ", ".join(cstr(k) for k in op["regions"]) or "nullptr"))
    lines.append("static const Op kOps[] = {")
    for i, op in enumerate(ops):
        flags = " | ".join("Ods" + f for f in op["flags"]) or "0"
        if op["custom"]:
            flags += " | OdsCustomAssembly"
        lines.append(
            "  {%s, %s, %s, kArgs%d, %d, kKeywords%d, %d, kClauses%d, %d, "
            "kRegions%d, %d, %d, %s}," % (
                cstr(op["name"]), cstr(op["summary"]), cstr(op["desc"]), i,
                len(op["args"]), i, len(op["keywords"]), i,
                len(op["clauses"]), i, len(op["regions"]),
                len(op["results"]), flags))
    lines.append("};")
    lines.append("static const Clause kClauseTable[] = {")
    for k in sorted(clauses):
        lines.append("  {%s, %s}," % (cstr(k), cstr(clauses[k])))
    lines.append("};")
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
