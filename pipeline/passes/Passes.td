//===- Passes.td - The ompx IR rewrites as MLIR passes -----*- tablegen -*-===//
//
// The rewrites the launch pipeline applies between parsing and Flang's
// lowering. mlir-tblgen -gen-pass-decls makes each pass's base class,
// options, create function and registration from these records; the .cpp
// files hold only what each pass does. docs/launch.md ("Pipeline passes")
// says why each exists.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_PASSES_PASSES_TD
#define OMPX_PIPELINE_PASSES_PASSES_TD

include "mlir/Pass/PassBase.td"

def MarkHostFunctionsPass
    : Pass<"ompx-mark-host-functions", "::mlir::ModuleOp"> {
  let summary = "Mark llvm.func definitions that are not declare target and "
                "hold a target region declare_target(host), so a device "
                "translation drops them; make the other host-only "
                "definitions declarations";
  let description = [{
    The LLVM-dialect equivalent of flang's omp-function-filtering (device
    copies only).
  }];
}

def MarkDeviceReferencesPass
    : Pass<"ompx-mark-device-references", "::mlir::ModuleOp"> {
  let summary = "Device modules: a function that device code names by symbol "
                "without calling it (a copyprivate copy function, a "
                "procedure's address) becomes declare target, as flang marks "
                "callees (its filter erased the op naming it: a single with "
                "copyprivate vanished from the kernel)";
  let dependentDialects = ["::mlir::omp::OpenMPDialect"];
}

def FunctionFilteringPass
    : Pass<"ompx-function-filtering", "::mlir::ModuleOp"> {
  let summary = "flang's omp-function-filtering for a device module, with one "
                "scan of the symbol uses instead of one per function";
  let description = [{
    Host-only func.func are deleted, those holding target regions kept as
    declare_target(host); flang's filter still marks what is kept.
  }];
  let dependentDialects = ["::fir::FIROpsDialect", "::mlir::func::FuncDialect",
                           "::mlir::omp::OpenMPDialect"];
}

def ExternalizeFlangNamesPass
    : Pass<"ompx-externalize-flang-names", "::mlir::ModuleOp"> {
  let summary = "Rename llvm.func/llvm.mlir.global from flang internal names "
                "(_QPsaxpy) to their linker names (saxpy_), as flang's "
                "external-name-interop does for func.func/fir.global";
}

def MapHostEvalPass : Pass<"ompx-map-host-eval", "::mlir::ModuleOp"> {
  let summary = "Pass host_eval values that the device cannot recompute from "
                "the mapped variables through implicit by-copy map entries";
  let description = [{
    Runs before the host/device split, so both copies agree on the kernel
    arguments.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::omp::OpenMPDialect",
                           "::fir::FIROpsDialect"];
  let options = [
    Option<"llvmOnly", "llvm-only", "bool", /*default=*/"true",
           "Only rewrite targets in llvm.func (flang's FIR already maps what "
           "its host_eval values read); otherwise also func.func, through "
           "fir.alloca/fir.store">,
  ];
}

def MapperPointerComponentsPass
    : Pass<"ompx-mapper-pointer-components", "::mlir::ModuleOp"> {
  let summary = "Drop the maps of POINTER components' targets from flang-22's "
                "predefined default mappers (OpenMP makes such a component "
                "attach-ineligible: the map applies to the pointer only)";
  let description = [{
    Runs before the host/device split, on what flang's map-info
    finalization made. A mapper counts as flang's when every map in it is
    implicit; the component's descriptor loses `always`.
  }];
  let dependentDialects = ["::mlir::omp::OpenMPDialect"];
}

def RecordMapsPass : Pass<"ompx-record-maps", "::mlir::ModuleOp"> {
  let summary = "Map in full a derived type that flang-22 maps implicitly "
                "with the maps of its allocatable components (it marks it "
                "partial_map, and its other components stay behind); refuse "
                "such maps under requires unified_shared_memory";
  let description = [{
    Runs before the host/device split, on what flang's map-info
    finalization made.
  }];
  let dependentDialects = ["::mlir::omp::OpenMPDialect",
                           "::mlir::arith::ArithDialect"];
}

def StridedMapCheckPass : Pass<"ompx-strided-map-check", "::mlir::ModuleOp"> {
  let summary = "Stop the program, naming the variable, before a map of a "
                "non-contiguous assumed-shape array or array section, which "
                "LLVM 22 copies as if contiguous (a wrong answer otherwise)";
  let description = [{
    Runs on the host's HLFIR/FIR before the host/device split: each map
    whose bounds take a descriptor's byte stride is preceded by the Fortran
    runtime's IsContiguous check and, when it fails,
    ReportFatalUserError with the variable and the directive's line. Each
    map of a section of two or more dimensions is preceded by a check that
    its elements are one run (no dimension short of whole before one taken
    more than once; LLVM 22 copies such a section as one run from its first
    element), with the same report when they are not.
  }];
  let dependentDialects = ["::fir::FIROpsDialect",
                           "::mlir::arith::ArithDialect"];
}

def PolymorphicMapsPass : Pass<"ompx-polymorphic-maps", "::mlir::ModuleOp"> {
  let summary = "Map a polymorphic (CLASS) object's data at its dynamic "
                "type's size, which LLVM 22 took from the declared type "
                "(CLASS(*): nothing); stop before a map whose mapper would "
                "copy only the declared part";
  let description = [{
    Runs on the host's HLFIR/FIR after ompx-strided-map-check, and after
    flang's map finalization for OpenACC. The data member of a `fir.class`
    descriptor's map (or a `type(*)` one's) becomes a byte map: the
    descriptor's element length times the elements its bounds take (the
    array's byte strides), without flang's default mapper. Where the
    declared type has allocatable or pointer components (the mapper's deep
    copy is needed), the map is kept and the program stops before it,
    naming the object, when the element length exceeds the declared type's
    size. Where it has none (and for CLASS(*), TYPE(*)), the program stops
    before the byte map, naming the object, when the dynamic type has
    allocatable, pointer or automatic components (flang's runtime type
    information, walked by `_QQompx.descriptor_components`): the bytes
    would be their descriptors, the host's addresses. A polymorphic
    component a record's mapper maps is checked the same way before each
    construct mapping the record (each element of an array of them, nested
    records too); refused at compile time only where it cannot be reached.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::fir::FIROpsDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::omp::OpenMPDialect"];
}

def SectionWatchPass : Pass<"ompx-section-watch", "::mlir::ModuleOp"> {
  let summary = "For a checked launch: let the checker see a kernel's "
                "accesses outside the section its map copies";
  let description = [{
    Runs on the host's HLFIR/FIR before the host/device split, under
    `launch --check-maps` only. For each map entry of a target that copies a
    section of an explicit-shape array of intrinsic type (`map(to:
    a(1:n))`; flang gives a whole array's map bounds too), the construct
    also maps `NAME#span` `tofrom`: four i64 set before the construct (the
    lowest and highest byte offset accessed, the element size, a
    one-dimensional array's lower bound). Before each element access
    (`hlfir.designate` with one index per dimension) the region folds the
    element's byte offset from the array's first element into the lowest
    and highest: an atomic read, then an atomic min/max only for a new
    extreme (so a loop soon only reads the span). In a target whose region is a nest of
    constructs (host_eval), only accesses inside a loop's body are watched
    (code beside the constructs would change how the kernel runs). The
    program's meaning is unchanged; the checker
    (pipeline/runtime/MapCheck.c) compares the range with the section the
    entry copied after the kernel (outside-section).
  }];
  let dependentDialects = ["::fir::FIROpsDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect"];
}

def StaleWatchPass : Pass<"ompx-stale-watch", "::mlir::ModuleOp"> {
  let summary = "For a checked launch: let the checker see whether a kernel "
                "reads the elements the host changed in a stale device copy";
  let description = [{
    Runs on the host's HLFIR/FIR before the host/device split, under
    `launch --check-maps` only. For each map entry of a target of an array
    of intrinsic elements (or such a scalar) by reference, or of an
    allocatable or pointer array of them (the descriptor with its data as
    member), whose every access in the region is a load, store or
    assignment of one element (`hlfir.designate` with one index per
    dimension, in the descriptor loaded from the variable for an
    allocatable) or of the scalar, or an assignment to the whole array,
    the construct also maps
    `NAME#reads` `tofrom`: six i64 set before the construct (the address
    of the checker's byte per element, the byte offsets from the array's
    first element it covers, the lowest offset of a changed element read,
    the element size, a one-dimensional array's lower bound). When the
    device copy is stale at the kernel (the host changed it after the
    transfer) the checker marks the changed elements; before each write
    the region clears the element's mark (an assignment to the whole array
    all of them), before each read of a marked one it folds the offset
    into the lowest read. The checker reports the stale read after the
    kernel and nothing for a kernel that overwrote what the host changed.
    In a nest of constructs (host_eval), only accesses inside a loop's body
    are watched; an entry with any other access (a call, a section, a
    whole-array read, an elemental) is not, and the checker judges its
    copy at the kernel's start as before. The program's meaning is
    unchanged.
  }];
  let dependentDialects = ["::fir::FIROpsDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect"];
}

def FirstprivateWatchPass
    : Pass<"ompx-firstprivate-watch", "::mlir::ModuleOp"> {
  let summary = "For a checked launch: let the checker see the value a "
                "target region leaves in an implicitly firstprivate scalar";
  let description = [{
    Runs on the host's HLFIR/FIR before the host/device split, under
    `launch --check-maps` only. For each scalar a target region gets by copy
    without a map clause (flang's `implicit` ByCopy entries) and may write,
    the construct also maps a shadow `tofrom` (`NAME#fpval`), into which the
    region stores the scalar's final value at its end, and the scalar's host
    address by value (`NAME#fpaddr`). The program's meaning is unchanged;
    the checker (pipeline/runtime/MapCheck.c) compares the two after the
    kernel and watches the host's later reads of the scalar. In a target
    whose region is a nest of constructs (host_eval: an SPMD nest, or
    `target teams`), code beside the nest's constructs would change how it
    runs: there the shadow takes the copy's value after each write, when
    every write lies in a loop's body (or, without a loop, in the teams
    region); otherwise the scalar is left alone. A parallel's or teams'
    private copy (an SPMD loop's index) is not the scalar.
  }];
  let dependentDialects = ["::fir::FIROpsDialect"];
}

def PrivateDoVariablesPass
    : Pass<"ompx-private-do-variables", "::mlir::ModuleOp"> {
  let summary = "The DO variable of a sequential loop in a parallel region, "
                "declared outside it (flang-22's `teams loop`), becomes a "
                "copy of each thread's";
  let description = [{
    OpenMP makes it private in the innermost parallel, teams or task
    construct; flang-22 lowers `teams loop` to teams, parallel, distribute
    and wsloop and leaves the variable shared by the parallel's threads,
    which raced on it.
  }];
  let dependentDialects = ["::fir::FIROpsDialect", "::hlfir::hlfirDialect"];
}

def MergeParentMapsPass
    : Pass<"ompx-merge-parent-maps", "::mlir::ModuleOp"> {
  let summary = "One parent map entry per record on a construct: the parents "
                "flang-22 made per clause for a host-associated record "
                "become one holding every member";
  let description = [{
    In an internal procedure using its host's record, flang-22 gave each map
    clause naming members of the record a parent entry of its own; the
    runtime mapped the record twice (a kernel's writes lost, heap
    corruption at exit data, "explicit extension not allowed").
  }];
  let dependentDialects = ["::mlir::omp::OpenMPDialect"];
}

def DeclaredElsewherePass
    : Pass<"ompx-declared-elsewhere", "::mlir::ModuleOp"> {
  let summary = "Capture by reference the implicit maps of module variables "
                "another unit declares target (ompx-flang marks their globals "
                "ompx.declare_target_elsewhere), as flang captures the "
                "declare target variables it can see";
  let description = [{
    flang-22's .mod files drop `!$omp declare target`: in a unit using the
    module, an implicit map of such a scalar was a copy of the host's value
    (firstprivate), so a target region's writes to the variable were lost
    and its reads saw the host's value instead of the device's.
  }];
  let dependentDialects = ["::fir::FIROpsDialect",
                           "::mlir::omp::OpenMPDialect"];
}

def ImplicitMapRulesPass
    : Pass<"ompx-implicit-map-rules", "::mlir::ModuleOp"> {
  let summary = "An implicit by-copy capture of a scalar with the TARGET "
                "attribute or of a character variable becomes OpenMP's "
                "implicit tofrom map (flang-22 lost the region's writes)";
  let description = [{
    The implicit map of the data of a declare target (`to`/`enter`)
    allocatable or pointer in its own unit, which flang-22 leaves without
    `to` and `from`, becomes tofrom as well (OpenMP's rule for a declare
    target variable, and what another unit gets). The implicit map of a
    variable the region only privatizes (a `private` clause of an op in
    it) loses `to` and `from` (only `from` where a `firstprivate` copy
    reads it): OpenMP maps no private list item.
  }];
  let dependentDialects = ["::mlir::omp::OpenMPDialect"];
}

def OmpApiExternalsPass : Pass<"ompx-omp-api-externals", "::mlir::ModuleOp"> {
  let summary = "Calls of OpenMP routines a program declares EXTERNAL "
                "(`integer, external :: omp_get_thread_num`, flang-22's "
                "omp_get_thread_num_, which no device runtime has) call "
                "their C binding, as omp_lib's interfaces do";
  let dependentDialects = ["::fir::FIROpsDialect",
                           "::mlir::func::FuncDialect"];
}

def WideScalarCapturesPass
    : Pass<"ompx-wide-scalar-captures", "::mlir::ModuleOp"> {
  let summary = "A firstprivate scalar over 64 bits of a target region "
                "(flang-22's implicit `to` map, or a by-copy capture LLVM 22 "
                "cut to 64 bits) passed by copy, in 64-bit words of a copy "
                "made at the construct";
  let dependentDialects = ["::fir::FIROpsDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::omp::OpenMPDialect"];
}

def OptionalCapturesPass
    : Pass<"ompx-optional-captures", "::mlir::ModuleOp"> {
  let summary = "A by-copy capture of a scalar optional dummy argument in a "
                "target region: its value copied only when present, and a "
                "flag that makes it absent in the region (the host loaded "
                "address 0 for an absent one)";
  let dependentDialects = ["::fir::FIROpsDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::omp::OpenMPDialect"];
}

def UnpairedGlobalsPass : Pass<"ompx-unpaired-globals", "::mlir::ModuleOp"> {
  let summary = "Refuse a device procedure's use of a variable that is not "
                "declare target while this unit maps it: the procedure reads "
                "a device copy no map or update reaches";
}

def DeclareTargetLinkagePass
    : Pass<"ompx-declare-target-linkage", "::mlir::ModuleOp"> {
  let summary = "Give declare target globals of internal linkage (a "
                "program's or procedure's saved variables) external linkage, "
                "so that the host's variable pairs with its device copy";
  let description = [{
    Internal, the host's and the device's copies did not pair on
    host-offload: a map of the variable copied to and from a buffer the
    region never used, and the host kept its old values.

    A `link` allocatable's or pointer's map on a target construct (a
    descriptor with its data as member) gets a map of the descriptor
    alone before it: LLVM 22 sets the device's reference pointer only from
    such an entry, and the kernel crashed reading the descriptor.
  }];
  let dependentDialects = ["::fir::FIROpsDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def UseDevicePtrPass : Pass<"ompx-use-device-ptr", "::mlir::ModuleOp"> {
  let summary = "Translate the pointer a type(c_ptr) holds in use_device_ptr, "
                "not the variable's own address (which LLVM 22 gives the "
                "region instead of the device address)";
  let description = [{
    flang-22's map entry of `use_device_ptr(p)`, p a type(c_ptr), names the
    address of p; LLVM 22 hands that address to the runtime as the pointer
    to translate, finds nothing mapped there and gives the region p's own
    stack address as p's value. The entry names p's value instead, read
    where the construct begins: the runtime translates it to the device
    address the region's p then holds.
  }];
  let dependentDialects = ["::fir::FIROpsDialect"];
}

def HostEvalRematPass : Pass<"ompx-host-eval-remat", "::mlir::ModuleOp"> {
  let summary = "Recompute the host_eval values of each omp.target inside its "
                "region from the mapped variables and drop host_eval (device "
                "copies)";
}

def AccHostFallbackPass
    : Pass<"ompx-acc-host-fallback", "::mlir::ModuleOp"> {
  let summary = "Run OpenACC on the host (acc-specialize-for-host with host "
                "fallback) and erase the acc ops left unused";
  // Its dependent dialects are those of the pipeline it nests (in the .cpp).
  let options = [
    Option<"failOnLeftover", "fail-on-leftover", "bool", /*default=*/"true",
           "Fail with an error at the first acc op the program still needs "
           "(default); false: warn at each and succeed">,
  ];
}

def AccToOmpPass : Pass<"ompx-acc-to-omp", "::mlir::ModuleOp"> {
  let summary = "Lower OpenACC compute and data constructs to the OpenMP "
                "dialect (omp.target, map entries, target data ops)";
  let description = [{
    Runs after LLVM 22's own OpenACC preparation, so acc programs offload;
    what it cannot express is an error at the op.
  }];
  // Its dependent dialects add those of the pipelines it nests (in the .cpp).
  let options = [
    Option<"prepare", "prepare", "bool", /*default=*/"true",
           "Run LLVM 22's OpenACC preparation first (implicit data, "
           "legalized data values, if lowering, tiling, live-in "
           "canonicalization)">,
  ];
}

def AccScfToCfPass : Pass<"ompx-acc-scf-to-cf", "::mlir::ModuleOp"> {
  let summary = "Lower the scf ops the acc passes leave to blocks, with the "
                "fir.if/fir.do_loop/fir.iterate_while around them";
  let description = [{
    An scf op inside a FIR structured op (an OpenACC construct in a Fortran
    IF or DO) becomes blocks together with those FIR ops, which keep one
    block otherwise; an scf op inside any other op that keeps one block is
    an error at that op.
  }];
  let dependentDialects = ["::mlir::cf::ControlFlowDialect",
                           "::mlir::arith::ArithDialect"];
}

def AccBindDevicePass : Pass<"ompx-acc-bind-device", "::mlir::ModuleOp"> {
  let summary = "Device copies: calls to an OpenACC `routine bind` procedure "
                "call its bound name";
}

def DeviceTargetAttrsPass
    : Pass<"ompx-device-target-attrs", "::mlir::ModuleOp"> {
  let summary = "Give every llvm.func definition the module's fir.target_cpu "
                "and fir.target_features (the device's, in a device copy)";
}

def AmdgpuPrivateAllocasPass
    : Pass<"ompx-amdgpu-private-allocas", "::mlir::ModuleOp"> {
  let summary = "Move llvm.alloca into amdgcn's private address space (5), "
                "casting the result back to the pointer type its users expect";
}

def GlobalMapAddressesPass
    : Pass<"ompx-global-map-addresses", "::mlir::ModuleOp"> {
  let summary = "Device copies in the LLVM dialect: a target region takes a "
                "map argument whose address is a global's (a common block "
                "member) through an identity, so that LLVM 22's translation "
                "does not fold element addresses into constants its "
                "kernel-argument replacement misses";
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def LoopChunkMarksPass : Pass<"ompx-loop-chunk-marks", "::mlir::ModuleOp"> {
  let summary = "Device copies in the LLVM dialect: mark each worksharing "
                "loop body with its dist_schedule/schedule chunk, which "
                "LLVM 22's device translation drops (DeviceFixes' "
                "loop-chunks puts it back in the runtime call)";
}

def HostCompositeSchedulePass
    : Pass<"ompx-host-composite-schedule", "::mlir::ModuleOp"> {
  let summary = "Host copies: give each composite distribute parallel do a "
                "schedule LLVM 22's host translation distributes (it ran "
                "every iteration once per team for schedule(static, c), "
                "dynamic, guided, auto and runtime, and aborted libomp for "
                "dist_schedule(static) alone)";
}

def HostTeamsReductionPass
    : Pass<"ompx-host-teams-reduction", "::mlir::ModuleOp"> {
  let summary = "Host copies: give each team of a teams reduction its own "
                "private copy, combined into the original under a critical "
                "section (LLVM 22's host translation gave all teams one "
                "copy, and they lost each other's updates)";
}

def HostTargetFirstprivatePass
    : Pass<"ompx-host-target-firstprivate", "::mlir::ModuleOp"> {
  let summary = "Host copies: give each by-copy (firstprivate) capture of "
                "an omp.target its own copy in the region (LLVM 22's host "
                "code wrote through to the host's variable, which a "
                "device leaves alone)";
}

def DeclareTargetSectionsPass
    : Pass<"ompx-declare-target-sections", "::mlir::ModuleOp"> {
  let summary = "Host copies: a section of a declare target global in a "
                "map keeps its offset (LLVM 22's host translation copied "
                "from the global's first element)";
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def DescriptorCopiesPass
    : Pass<"ompx-descriptor-copies", "::mlir::ModuleOp"> {
  let summary = "Host copies of offload builds: each descriptor an "
                "omp.target maps is a copy made when the construct is met "
                "(regions running at once rewrote LLVM 22's one device "
                "descriptor under each other)";
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def WorkshareSinglePass : Pass<"ompx-workshare-single", "::mlir::ModuleOp"> {
  let summary = "Make each omp.workshare block that flang-22's "
                "lower-workshare splits wrongly (FORALL, intrinsics with "
                "temporaries, calls) an omp.single with its nowait";
  let description = [{
    Runs on HLFIR, before flang's lowering. Blocks of element-wise array
    expressions, their assignment and WHERE stay as they are.
  }];
}

#endif // OMPX_PIPELINE_PASSES_PASSES_TD

def SectionCoverPass : Pass<"ompx-section-cover", "::mlir::ModuleOp"> {
  let summary = "Give different parts of one array mapped by one target "
                "construct one device copy (LLVM 22 maps each alone: wrong "
                "results), or stop the program, naming them, where they "
                "are present apart";
  let description = [{
    Runs on the host's HLFIR/FIR before the host/device split. For an
    omp.target with two or more map entries of one array taking different
    sections (`map(to: v(1:4)) map(tofrom: v(5:8))`, `map(to: u(0:n+1))
    map(from: u(1:n))`): before it, libomptarget is asked where each part's
    first element is (omp_get_mapped_ptr). None present: `enter data` of the
    whole array (storage), `update to` of the parts with `to`, then after
    it `update from` of the parts with `from` and `exit data`. All present
    in one copy: as written. Otherwise ReportFatalUserError names the parts
    and the directive's line. A `nowait` construct gets the check alone.
    Items of different variables whose storage may overlap (an ASSOCIATE
    name, a pointer, dummies, EQUIVALENCE) are compared at run time by the
    bytes they map, and each cluster of overlapping ones gets the same
    treatment over an i8 view of the bytes it spans (a `nowait` construct
    runs as written where each item lies inside an earlier one that moves
    what it moves), in one function a module, `_QQompx.alias_cover`. A
    scalar (a pointer to an element) is an item of one element; an
    OpenACC pointer mapped by its descriptor alone, its data. omp.target_data
    gets the same cover for the region's lifetime; an enter data whose
    items cannot run as written stops, as does a larger array mapped over a
    part an enclosing data region or earlier enter data made present.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::fir::FIROpsDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect"];
}

def RecordMemberPresencePass
    : Pass<"ompx-record-member-presence", "::mlir::ModuleOp"> {
  let summary = "Stop, naming them, a construct that maps a record while "
                "a component of it is present without it (LLVM 22 aborts "
                "or, for OpenACC, loses the region's writes)";
  let description = [{
    Runs on the host's HLFIR/FIR before the host/device split, after
    acc-to-omp. For each record an omp.target maps with members: before
    the construct, when it offloads, libomptarget is asked whether the
    record's first byte and each member's are present
    (omp_get_mapped_ptr); a present member of an absent record calls
    ReportFatalUserError naming the record, the member and the line.
  }];
  let dependentDialects = ["::fir::FIROpsDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect"];
}

def AssumedSizePresencePass
    : Pass<"ompx-assumed-size-presence", "::mlir::ModuleOp"> {
  let summary = "Stop, naming it, a construct that maps an assumed-size "
                "array implicitly while it is not on the device (flang-22 "
                "maps one element: the region reads or writes past it)";
  let description = [{
    Runs on the host's HLFIR/FIR before the host/device split, after
    acc-to-omp. For each implicit map of an assumed-size array (`a(*)`) on
    an omp.target: before the construct, when it offloads, libomptarget is
    asked whether the array's first element is present
    (omp_get_mapped_ptr); if not, ReportFatalUserError names the array,
    the line and the clause to write. Present (an enclosing data region,
    the caller's enter data), the implicit map only finds it.
  }];
  let dependentDialects = ["::fir::FIROpsDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect"];
}

def HostEvalDeviceValuesPass
    : Pass<"ompx-host-eval-device-values", "::mlir::ModuleOp"> {
  let summary = "Compute a target's host_eval values (loop bounds, "
                "num_teams) from the device's copy of a mapped scalar the "
                "region would read, where it is present";
  let description = [{
    Runs on the host's HLFIR/FIR before the host/device split, after
    acc-to-omp. A host_eval value computed from a load of a scalar the
    construct maps by reference is computed again just before the
    construct, from the device's copy when libomptarget has one
    (omp_get_mapped_ptr, omp_target_memcpy), else from the host's (the
    construct's map copies that in).
  }];
  let dependentDialects = ["::fir::FIROpsDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect"];
}
