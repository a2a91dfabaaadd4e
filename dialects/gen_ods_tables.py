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


# What each enum case means: ODS gives the cases only "case x" summaries.
# Cases not listed here are shown without an explanation.
ENUM_CASE_DOCS = {
    "ClauseMapFlags": {
        "tofrom": "copied to the device on entry and back on exit",
        "none": "no flag: allocated on the device, nothing copied (alloc)",
        "storage": "only device storage is allocated, nothing copied "
                   "(OpenMP 6 `storage`, formerly `alloc`/`release`)",
        "to": "copied to the device on entry",
        "from": "copied back from the device on exit",
        "always": "copied even if already present on the device",
        "delete": "the device copy is deleted, whatever its reference count",
        "return_param": "the device address is returned to the runtime "
                        "(base of a use_device_ptr/addr)",
        "private": "a private device copy, not shared with the host "
                   "(firstprivate-like)",
        "literal": "passed by value (a scalar), not mapped",
        "implicit": "mapped implicitly (the variable is used in the target "
                    "region without a map clause)",
        "close": "hint: allocate close to the device",
        "present": "must already be present on the device (error if not)",
        "ompx_hold": "held: the reference count cannot drop to zero inside "
                     "the region",
        "attach": "a pointer member: attach the device pointer to its "
                  "device pointee",
        "attach_always": "always (re)attach the pointer",
        "attach_none": "never attach the pointer",
        "attach_auto": "attach when the pointee is mapped (default)",
        "ref_ptr": "map the pointer itself (Fortran descriptor)",
        "ref_ptee": "map the pointee (the data) of the pointer",
        "ref_ptr_ptee": "map the pointer and its pointee",
        "is_device_ptr": "the value is already a device pointer",
    },
    "VariableCaptureKind": {
        "This": "captures the `this` object (C++)",
        "ByRef": "the region gets the variable's address (mapped storage)",
        "ByCopy": "the region gets a copy of the variable's value (a "
                  "scalar passed by value)",
        "VLAType": "captures a variable-length array's size",
    },
    "DataSharingClauseType": {
        "private": "each thread/task gets an uninitialized copy",
        "firstprivate": "each copy is initialized from the original "
                        "(the `copy` region)",
    },
    "OpenACC_DataClauseModifierEnum": {
        "none": "no modifier",
        "zero": "the created memory is zeroed",
        "readonly": "the data is only read on the device",
        "alwaysin": "always copied in, even if present",
        "alwaysout": "always copied out, even if present",
        "always": "always copied in and out, even if present",
        "capture": "the variable is captured (copied) for the construct",
    },
    "OpenACC_CombinedConstructsType": {
        "kernels_loop": "from a `kernels loop` directive",
        "parallel_loop": "from a `parallel loop` directive",
        "serial_loop": "from a `serial loop` directive",
    },
    "ScheduleKind": {
        "static": "iterations split into chunks assigned round-robin up "
                  "front",
        "dynamic": "chunks handed out to threads as they finish",
        "guided": "dynamic with shrinking chunks",
        "auto": "the implementation chooses",
        "runtime": "from OMP_SCHEDULE at run time",
        "distribute": "distribute schedule",
    },
    "ProcBindKind": {
        "primary": "threads on the primary thread's place",
        "master": "threads on the primary thread's place (old name)",
        "close": "threads on places close to the parent's",
        "spread": "threads spread over the places",
    },
    "ReductionModifier": {
        "defaultmod": "an ordinary reduction",
        "inscan": "a scan (prefix) reduction",
        "task": "a reduction that tasks in the region take part in",
    },
    "MemoryOrderKind": {
        "seq_cst": "sequentially consistent", "acq_rel": "acquire and "
        "release", "acquire": "acquire", "release": "release",
        "relaxed": "no ordering beyond atomicity",
    },
}
# acc data clauses: `acc_copyin` is the user's `copyin` clause (the op may be
# one of several a clause is decomposed into).
for _c in ("copyin", "copyin_readonly", "copy", "copyout", "copyout_zero",
           "present", "create", "create_zero", "delete", "attach", "detach",
           "no_create", "private", "firstprivate", "deviceptr",
           "getdeviceptr", "update_host", "update_self", "update_device",
           "use_device", "reduction", "declare_device_resident",
           "declare_link", "cache", "cache_readonly"):
    ENUM_CASE_DOCS.setdefault("OpenACC_DataClauseEnum", {})["acc_" + _c] = (
        "the user wrote a `%s` clause%s" % (
            _c.replace("_", " ").replace("copyin readonly",
                                         "copyin(readonly:)"),
            " (decomposed into copyin + copyout)" if _c == "copy" else ""))


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


TOKEN = re.compile(r"`([^`]*)`|\$([A-Za-z_][A-Za-z0-9_]*)|(\|)|(oilist)|"
                   r"custom<(\w+)>|([()])")

# Keywords that a custom directive's C++ printer writes (so the assembly
# format does not spell them), by directive: each keyword introduces the
# directive's first argument. Pinned by test/features/keyword-hover*.test on
# flang-22 output.
CUSTOM_KEYWORDS = {"Var": [("varPtr", 0), ("var", 0)],
                   "AccVar": [("accVar", 0), ("accPtr", 0)],
                   "VarPtrType": [("varType", 1)],
                   "LoopControl": [("control", 0)]}
# The same for ops whose whole assembly is C++ (hasCustomAssemblyFormat):
# keyword -> the argument it introduces.
CUSTOM_OP_KEYWORDS = {
    "omp.loop_nest": {"to": "loop_upper_bounds", "step": "loop_steps",
                      "inclusive": "loop_inclusive",
                      "collapse": "collapse_num_loops",
                      "tiles": "tile_sizes"},
    "omp.canonical_loop": {"range": "tripCount"},
}


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
    custom = None
    custom_vars = 0
    tokens = list(TOKEN.finditer(fmt or ""))
    for i, m in enumerate(tokens):
        lit, var, bar, oil, directive, paren = m.groups()
        if directive is not None:
            custom = directive
            custom_vars = 0
            custom_depth = depth
            continue
        if var is not None and custom in CUSTOM_KEYWORDS:
            # The directive's own keywords name one of its arguments.
            for k, at in CUSTOM_KEYWORDS[custom]:
                if at == custom_vars:
                    result.setdefault("@" + k, var)
                    if k not in keywords:
                        keywords.append(k)
            custom_vars += 1
        # `combined` `(` `loop` `)`: `loop` is the clause's value.
        value = (0 < i < len(tokens) - 1 and
                 tokens[i - 1].group(1) == "(" and
                 tokens[i + 1].group(1) == ")")
        if lit is not None:
            if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", lit) and not value:
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
            if custom is not None and depth <= custom_depth:
                custom = None
    return result, keywords


BULLET = re.compile(r"^\s*[-*]\s+((?:[`'][\w.]+[`'](?:\s*(?:,|and|&)\s*)?)+)\s*:"
                    r"\s*(.*)$")


def arg_bullets(text):
    """`- `name`: what it is` items of a description (continuation lines
    joined), by argument name."""
    out = {}
    current = None
    for line in (text or "").split("\n"):
        m = BULLET.match(line)
        if m:
            current = [m.group(2).strip()]
            for n in re.findall(r"[`']([\w.]+)[`']", m.group(1)):
                out.setdefault(n, current)
        elif current is not None and line.strip() and \
                not re.match(r"\s*[-*]\s", line):
            current.append(line.strip())
        else:
            current = None
    return {n: " ".join(v).strip() for n, v in out.items()}


def paragraphs(text):
    return [" ".join(l.strip() for l in p.split("\n")).strip()
            for p in re.split(r"\n\s*\n", text or "") if p.strip()]


def mentioning(text, name):
    """The first paragraph of `text` that names `name` in backquotes."""
    for p in paragraphs(text):
        if "`%s`" % name in p and "```" not in p:
            return p
    return ""


# What an argument, region or keyword means where the dialects' ODS does not
# say it (no description, or only one that is about its representation).
# Everything else comes from the .td files; test/features/keyword-coverage
# fails on any (op, keyword) pair left without an explanation.
SUPPLEMENT = {
    # OpenMP clauses with an empty ODS description.
    "private_vars": "Variables each thread or task gets its own copy of "
                    "inside the region (the entry block argument); "
                    "`private_syms` names the `omp.private` that allocates "
                    "and initializes (firstprivate: copies) that copy.",
    "in_reduction_vars": "Variables this task takes part in a reduction of "
                         "with the enclosing `taskgroup`'s task_reduction; "
                         "`in_reduction_syms` names each "
                         "`omp.declare_reduction`.",
    "if_expr": "Condition: when false the construct is not offloaded or "
               "parallelized (runs on the host / by one thread).",
    "loop_lower_bounds": "Loop bounds and steps, one per collapsed loop: "
                         "`(%iv) : type = (lb) to (ub) [inclusive] step (s)`.",
    "collapse_num_loops": "Number of loops the loop nest collapses into one "
                          "iteration space (`collapse` clause).",
    "loop_inclusive": "The upper bounds are included (Fortran DO loops); "
                      "without it they are excluded.",
    "loop_upper_bounds": "Upper bound of each loop of the nest (excluded "
                         "unless `inclusive`).",
    "loop_steps": "Step of each loop of the nest.",
    "tripCount": "Number of iterations: the induction variable runs from 0 "
                 "to this count, excluded.",
    "cancel_directive": "Which construct (`parallel`, `loop`, `sections`, "
                        "`taskgroup`) is cancelled.",
    "tile_sizes": "Tile size of each loop of the nest (`tile sizes`).",
    # Region directives / keywords.
    "region:omp.private:init": "`init` region: allocates/initializes the "
        "private copy (block arguments: the original, the new copy).",
    "region:omp.private:copy": "`copy` region: copies the original into the "
        "private copy (firstprivate).",
    "region:omp.private:dealloc": "`dealloc` region: frees what `init` "
        "allocated, when the private copy dies.",
    "region:omp.declare_reduction:alloc": "`alloc` region: allocates each "
        "thread's reduction value (by-reference reductions).",
    "region:omp.declare_reduction:init": "`init` region: the initial "
        "(neutral) value of each thread's reduction copy.",
    "region:omp.declare_reduction:combiner": "`combiner` region: combines two "
        "partial values into one (the reduction operator).",
    "region:omp.declare_reduction:atomic": "`atomic` region: combines a "
        "partial value into the accumulator atomically.",
    "region:omp.declare_reduction:cleanup": "`cleanup` region: frees what "
        "`init`/`alloc` allocated.",
    "region:omp.declare_reduction:data_ptr_ptr": "`data_ptr_ptr` region: "
        "where a descriptor's base address is (GPU reductions).",
    "region:acc:init": "`init` region: creates and initializes the "
        "private/reduction copy.",
    "region:acc:copy": "`copy` region: copies the original value into the "
        "firstprivate copy.",
    "region:acc:destroy": "`destroy` region: frees the copy at the end of "
        "the construct.",
    "region:acc:combiner": "`combiner` region: combines two partial values "
        "(the reduction operator).",
    # OpenACC: op descriptions rarely describe their clauses.
    "acc:combined": "Part of a combined construct (`parallel loop`, "
                    "`kernels loop`, `serial loop`): the `acc.loop` and its "
                    "compute construct come from one directive.",
    "acc:control": "The loop control: induction variables = (lower bounds) "
                   "to (upper bounds) step (steps), one per associated loop; "
                   "the upper bound is excluded unless `inclusive` is set.",
    "acc:accVar": "The device copy (the entry op's result) this exit op "
                  "copies back and/or deletes.",
    "acc:varPtr": "The host variable (its address) this data clause is for.",
    "acc:varType": "The type of the variable (what `var` points to when it "
                   "is a pointer).",
    "acc:var": "The host variable this data clause is for.",
    "acc:varPtrPtr": "The address of the address of the variable, for a "
                     "member of a derived type (implicit attach).",
    "acc:dataClauseOperands": "The data clauses of the construct: results "
                              "of `acc.copyin`, `acc.create`, `acc.present`"
                              "… ops made for its variables.",
    "acc:privateOperands": "Variables private to each gang/worker/vector "
                           "lane: results of `acc.private` ops.",
    "acc:firstprivateOperands": "Variables private and initialized from the "
                                "original: results of `acc.firstprivate` "
                                "ops.",
    "acc:reductionOperands": "Reduction variables: results of "
                             "`acc.reduction` ops (their recipes combine).",
    "acc:asyncOperands": "`async` clause: the activity queue(s) to run on "
                         "asynchronously, per device_type.",
    "acc:asyncOperand": "`async` clause: the activity queue to run on "
                        "asynchronously.",
    "acc:waitOperands": "`wait` clause: the async queues to wait for before "
                        "starting, per device_type.",
    "acc:numGangs": "`num_gangs` clause: how many gangs to launch, per "
                    "device_type.",
    "acc:numWorkers": "`num_workers` clause: workers per gang, per "
                      "device_type.",
    "acc:vectorLength": "`vector_length` clause: vector lanes per worker, "
                        "per device_type.",
    "acc:ifCond": "`if` clause: when false the construct runs on the host.",
    "acc:selfCond": "`self` clause: when true the construct runs on the "
                    "host (local device).",
    "acc:defaultAttr": "`default` clause: data attribute of variables "
                       "without one (`none`, `present`).",
    "acc:gangOperands": "`gang` clause: loop iterations are shared among "
                        "gangs (with `num:`, `dim:`, `static:` values).",
    "acc:workerNumOperands": "`worker` clause: loop iterations are shared "
                             "among the workers of a gang.",
    "acc:vectorOperands": "`vector` clause: loop iterations run in vector "
                          "lanes.",
    "acc:tileOperands": "`tile` clause: tile sizes of the loop nest.",
    "acc:cacheOperands": "`cache` clause: data to keep in the fastest "
                         "memory for the loop body.",
    "acc:recipe": "The recipe (`acc.private.recipe`, `acc.reduction.recipe`"
                  "…) that makes this variable's copy.",
    "omp.map.bounds:lower_bound": "First element of the section, zero-based "
        "(0 is the first element whatever the language's lower bound).",
    "omp.map.bounds:upper_bound": "Last element of the section, zero-based, "
        "included.",
    "omp.map.bounds:extent": "Number of elements of this dimension of the "
        "section.",
    "omp.map.bounds:stride": "Distance between consecutive elements (in "
        "elements, or bytes with `stride_in_bytes`).",
    "omp.map.bounds:start_idx": "The source language index of the first "
        "element (Fortran: the array's lower bound, usually 1).",
    "acc:lowerbound": "First element of the section, zero-based.",
    "acc:upperbound": "Last element of the section, zero-based, included.",
    "acc:extent": "Number of elements of this dimension of the section.",
    "acc:stride": "Distance between consecutive elements (in elements, or "
                  "bytes with `strideInBytes`).",
    "acc:startIdx": "The source language index of the first element "
                    "(Fortran: the array's lower bound, usually 1).",
    "acc:token": "The token of the matching `acc.declare_enter`.",
    "acc:waitDevnum": "`wait(devnum: ...)`: the device whose queues to wait "
                      "for.",
    "acc:deviceNum": "`device_num` clause: which device.",
    "acc:defaultAsync": "`default_async` clause: the queue `async` without a "
                        "value uses.",
    "acc:reductionOperator": "The reduction operator this recipe implements "
                             "(`add`, `mul`, `max`, ...).",
    "acc:func_name": "The function this `routine` directive is for.",
    "acc:bindIdName": "`bind` clause: the name the device calls instead.",
    "acc.routine:gang": "`gang` clause: the routine has gang-level "
                        "parallelism inside.",
    "acc.routine:worker": "`worker` clause: the routine has worker-level "
                          "parallelism inside.",
    "acc.routine:vector": "`vector` clause: the routine has vector-level "
                          "parallelism inside.",
    "acc.routine:seq": "`seq` clause: the routine runs sequentially.",
    "acc:nohost": "`nohost` clause: no host version is compiled.",
    "acc:implicit": "Made by the compiler (implicitly), not written by the "
                    "user.",
    "acc:bounds": "Bounds of the array section (results of "
                  "`acc.bounds`), one per dimension, rank 0 innermost.",
}


def doc_of(op_name, argname, op_bullets, clause, clause_desc):
    """What argument `argname` of op `op_name` means, from ODS first."""
    dialect = op_name.split(".")[0]
    if op_bullets.get(argname):
        return op_bullets[argname]
    if clause_desc:
        return mentioning(clause_desc, argname) or \
            paragraphs(clause_desc)[0]
    return SUPPLEMENT.get("%s:%s" % (op_name, argname)) or \
        SUPPLEMENT.get("%s:%s" % (dialect, argname)) or \
        SUPPLEMENT.get(argname, "")


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
        clause_full = {}
        for c in r.get("clauseList") or []:
            cname = c["def"]
            short = clause_short(cname, records)
            clause_list.append(short)
            cr = records.get(cname, {})
            clause_full[short] = cr.get("description", "")
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
        for k, a in CUSTOM_OP_KEYWORDS.get(name, {}).items():
            kw["@" + k] = a
            keywords.append(k)
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
        # Every keyword: the argument it introduces (or -1), the region
        # (or -1) and what it means.
        bullets = arg_bullets(r.get("description"))
        argnames = [a[0] for a in args]
        kwinfo = []
        for k in keywords:
            ai = next((i for i, a in enumerate(args) if a[3] == k), -1)
            if ai < 0 and kw.get("@" + k) in argnames:
                ai = argnames.index(kw["@" + k])
            ri = next((i for i, g in enumerate(regions) if kw.get(g) == k
                       and ai < 0), -1)
            doc = ""
            if ai >= 0:
                a = args[ai]
                doc = doc_of(name, a[0], bullets, a[2],
                             clause_full.get(a[2], ""))
            if not doc and ri >= 0:
                doc = SUPPLEMENT.get("region:%s:%s" % (name, k)) or \
                    SUPPLEMENT.get("region:%s:%s" % (dialect, k), "")
            if not doc:
                doc = SUPPLEMENT.get("%s:%s" % (dialect, k), "")
            kwinfo.append((k, ai, ri, doc))
        region_kw = [kw.get(g, "") if kw.get(g) not in
                     [a[3] for a in args] else "" for g in regions]
        ops.append(dict(name=name, summary=(r.get("summary") or "").strip(),
                        desc=first_paragraph(r.get("description")),
                        args=args, clauses=clause_list, flags=flags,
                        regions=regions, results=results, keywords=keywords,
                        kwinfo=kwinfo, region_kw=region_kw,
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
        docs = ENUM_CASE_DOCS.get(en, {})
        lines.append("static const char *const kEnumCaseDocs%d[] = {%s};" % (
            i, ", ".join(cstr(docs.get(c, "")) for c in cases) or "nullptr"))
    lines.append("static const Enum kEnums[] = {")
    for i, en in enumerate(enum_names):
        lines.append("  {%s, kEnumCases%d, kEnumCaseDocs%d, %d}," % (
            cstr(en), i, i, len(enums[en])))
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
        lines.append("static const KeywordInfo kKeywordInfo%d[] = {%s};" % (
            i, ", ".join("{%d, %d, %s}" % (ai, ri, cstr(doc))
                         for _, ai, ri, doc in op["kwinfo"]) or
            "{-1, -1, nullptr}"))
        lines.append("static const char *const kRegionKeywords%d[] = {%s};" %
                     (i, ", ".join(cstr(k) for k in op["region_kw"]) or
                      "nullptr"))
    lines.append("static const Op kOps[] = {")
    for i, op in enumerate(ops):
        flags = " | ".join("Ods" + f for f in op["flags"]) or "0"
        if op["custom"]:
            flags += " | OdsCustomAssembly"
        lines.append(
            "  {%s, %s, %s, kArgs%d, %d, kKeywords%d, kKeywordInfo%d, %d, "
            "kClauses%d, %d, kRegions%d, kRegionKeywords%d, %d, %d, %s}," % (
                cstr(op["name"]), cstr(op["summary"]), cstr(op["desc"]), i,
                len(op["args"]), i, i, len(op["keywords"]), i,
                len(op["clauses"]), i, i, len(op["regions"]),
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
