// Hover on an OpenACC op says what acc-to-omp (pipeline/passes/AccToOmp.cpp)
// lowers it to on a device launch, or that the pass refuses it. The first RUN
// runs the pass itself on this file: each refusal the hover claims below is an
// error the pass reports (expected-error), and the lowered sections pass.
// RUN: %ompx opt %s --split-input-file --verify-diagnostics --ompx-acc-to-omp > /dev/null
// (A space before the cursor: the query texts do not match these RUN lines.)
// RUN: %lspq %s 'hover: |acc.serial reduction' 'hover:%r = |acc.reduction varPtr(%%s' \
// RUN:   'hover: |acc.loop combined' 'hover:%r = |acc.reduction varPtr(%c' \
// RUN:   'hover: |acc.loop gang({dim' 'hover: |acc.atomic.update' 'hover: |acc.parallel async' \
// RUN:   'hover: |acc.loop worker' 'hover: |acc.wait' 'hover: |acc.set' \
// RUN:   'hover:%fp = |acc.firstprivate' 'hover: |acc.serial firstprivate' \
// RUN:   'hover:%z = |acc.create' | FileCheck %s
// Flang's output (corpus): data clauses, data constructs, loops, routines.
// RUN: %lspq %S/../corpus/data/flang/acc/acc_data.hlfir.mlir \
// RUN:   'hover:%33 = |acc.copyin' 'hover:%34 = |acc.create' 'hover:%36 = |acc.copyin' \
// RUN:   'hover:|acc.data dataOperands(%33' 'hover:|acc.present' 'hover:|acc.copyout accVar(%36' \
// RUN:   'hover:|acc.delete' | FileCheck %s --check-prefix=DATA
// RUN: %lspq %S/../corpus/data/flang/acc/acc_enter_exit_data.hlfir.mlir \
// RUN:   'hover:|acc.enter_data' 'hover:|acc.exit_data' 'hover:|acc.copyout' \
// RUN:   'hover:2*|acc.exit_data' 'hover:|acc.create' | FileCheck %s --check-prefix=ENTER
// RUN: %lspq %S/../corpus/data/flang/acc/acc_update.hlfir.mlir \
// RUN:   'hover:|acc.update_device' 'hover:|acc.update async' 'hover:|acc.update dataOperands' 'hover:2*|acc.getdeviceptr' \
// RUN:   | FileCheck %s --check-prefix=UPDATE
// RUN: %lspq %S/../corpus/data/flang/acc/acc_host_data_runtime.hlfir.mlir \
// RUN:   'hover:|acc.host_data' 'hover:|acc.use_device' 'hover:|acc.set' | FileCheck %s --check-prefix=HOSTDATA
// RUN: %lspq %S/../corpus/data/flang/acc/acc_routine.hlfir.mlir \
// RUN:   'hover:|acc.routine @acc_routine_2' 'hover:|acc.loop vector' \
// RUN:   'hover:|acc.loop combined(parallel) gang' | FileCheck %s --check-prefix=ROUTINE
// RUN: %lspq %S/../corpus/data/flang/acc/acc_collapse.hlfir.mlir \
// RUN:   'hover:|acc.loop combined(parallel)' 'hover:|acc.kernels' | FileCheck %s --check-prefix=COLLAPSE
// RUN: %lspq %S/../corpus/data/flang/acc/acc_kernels.hlfir.mlir \
// RUN:   'hover:|acc.loop private(%28' 'hover:|acc.loop private(%32' | FileCheck %s --check-prefix=KERNELS
// RUN: %lspq %S/../corpus/data/flang/acc/acc_serial.hlfir.mlir \
// RUN:   'hover:|acc.serial dataOperands' 'hover:|acc.loop' | FileCheck %s --check-prefix=SERIAL
// RUN: %lspq %S/../corpus/data/flang/acc/acc_attach.hlfir.mlir \
// RUN:   'hover:|acc.attach' 'hover:|acc.detach' 'hover:|acc.deviceptr' 'hover:3*|acc.parallel' \
// RUN:   | FileCheck %s --check-prefix=ATTACH
// RUN: %lspq %S/../corpus/data/flang/acc/acc_private.hlfir.mlir \
// RUN:   'hover:%19 = |acc.firstprivate' 'hover:%28 = |acc.private' 'hover:|acc.loop gang private' \
// RUN:   | FileCheck %s --check-prefix=PRIVATE
// RUN: %lspq %S/../corpus/data/flang/acc/acc_declare.hlfir.mlir \
// RUN:   'hover:|acc.declare_enter' 'hover:|acc.copyin' 'hover:%21 = |acc.declare_enter' \
// RUN:   'hover:%19 = |acc.copyin' 'hover:%20 = |acc.create' 'hover:|acc.declare_link' 'hover:acc.|global_ctor @_QMacc_globalsEglink' | FileCheck %s --check-prefix=DECLARE

acc.reduction.recipe @red_i32 : !fir.ref<i32> reduction_operator <add> init {
^bb0(%arg0: !fir.ref<i32>):
  %0 = fir.alloca i32
  acc.yield %0 : !fir.ref<i32>
} combiner {
^bb0(%arg0: !fir.ref<i32>, %arg1: !fir.ref<i32>):
  acc.yield %arg0 : !fir.ref<i32>
}

func.func @compute_reduction(%s: !fir.ref<i32>) {
  %r = acc.reduction varPtr(%s : !fir.ref<i32>) recipe(@red_i32) -> !fir.ref<i32> {name = "s"}
  acc.serial reduction(%r : !fir.ref<i32>) {
    acc.yield
  }
  return
}

// -----

acc.reduction.recipe @red_i32 : !fir.ref<i32> reduction_operator <add> init {
^bb0(%arg0: !fir.ref<i32>):
  %0 = fir.alloca i32
  acc.yield %0 : !fir.ref<i32>
} combiner {
^bb0(%arg0: !fir.ref<i32>, %arg1: !fir.ref<i32>):
  acc.yield %arg0 : !fir.ref<i32>
}

func.func @loop_reduction(%s: !fir.ref<i32>) {
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %c = acc.copyin varPtr(%s : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copy>, name = "s"}
  %r = acc.reduction varPtr(%c : !fir.ref<i32>) recipe(@red_i32) -> !fir.ref<i32> {name = "s"}
  acc.parallel combined(loop) dataOperands(%c : !fir.ref<i32>) {
    acc.loop combined(parallel) gang reduction(%r : !fir.ref<i32>) control(%i : i32) = (%c1 : i32) to (%c10 : i32) step (%c1 : i32) {
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%c : !fir.ref<i32>) to varPtr(%s : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copy>, name = "s"}
  return
}

// -----

func.func @gang_dim() {
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %d = arith.constant 2 : i64
  acc.parallel {
    // expected-error@+1 {{acc-to-omp: gang(dim:) has no OpenMP equivalent}}
    acc.loop gang({dim=%d : i64}) control(%i : i32) = (%c1 : i32) to (%c10 : i32) step (%c1 : i32) {
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  return
}

// -----

func.func @atomic(%x: !fir.ref<i32>) {
  %c = acc.copyin varPtr(%x : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copy>, name = "x"}
  acc.serial dataOperands(%c : !fir.ref<i32>) {
    acc.atomic.update %c : !fir.ref<i32> {
    ^bb0(%v: i32):
      acc.yield %v : i32
    }
    acc.yield
  }
  acc.copyout accPtr(%c : !fir.ref<i32>) to varPtr(%x : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copy>, name = "x"}
  return
}

// -----

func.func @worker_async() {
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %q = arith.constant 1 : i32
  acc.parallel async(%q : i32) {
    acc.loop worker control(%i : i32) = (%c1 : i32) to (%c10 : i32) step (%c1 : i32) {
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.wait
  return
}

// -----

func.func @default_async(%q: i32) {
  // Dropped: async work runs synchronously.
  acc.set default_async(%q : i32)
  return
}

// -----

acc.firstprivate.recipe @fp_arr : !fir.ref<!fir.array<?xf32>> init {
^bb0(%arg0: !fir.ref<!fir.array<?xf32>>):
  %0 = fir.convert %arg0 : (!fir.ref<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
  acc.yield %0 : !fir.ref<!fir.array<?xf32>>
} copy {
^bb0(%arg0: !fir.ref<!fir.array<?xf32>>, %arg1: !fir.ref<!fir.array<?xf32>>):
  acc.terminator
}

func.func @firstprivate_array(%a: !fir.ref<!fir.array<?xf32>>) {
  // expected-error@+1 {{acc-to-omp: firstprivate of 'a' of type '!fir.array<?xf32>' is not lowered yet (intrinsic scalars and whole arrays of constant size are)}}
  %fp = acc.firstprivate varPtr(%a : !fir.ref<!fir.array<?xf32>>) recipe(@fp_arr) -> !fir.ref<!fir.array<?xf32>> {name = "a"}
  acc.serial firstprivate(%fp : !fir.ref<!fir.array<?xf32>>) {
    acc.yield
  }
  return
}

// The checks (at the end, so that the line numbers above stay put).

// -----

func.func @zero(%a: !fir.ref<!fir.array<10x!fir.logical<4>>>) {
  // expected-error@+1 {{acc-to-omp: the zero modifier of 'a' is lowered only for a whole variable of integer or real type, scalar or of constant shape (ompx zeroes its new device copy)}}
  %z = acc.create varPtr(%a : !fir.ref<!fir.array<10x!fir.logical<4>>>) -> !fir.ref<!fir.array<10x!fir.logical<4>>> {dataClause = #acc<data_clause acc_create_zero>, name = "a"}
  acc.data dataOperands(%z : !fir.ref<!fir.array<10x!fir.logical<4>>>) {
    acc.terminator
  }
  acc.delete accPtr(%z : !fir.ref<!fir.array<10x!fir.logical<4>>>) {dataClause = #acc<data_clause acc_create_zero>, name = "a"}
  return
}

// CHECK-LABEL: === hover  |acc.serial reduction
// CHECK-NEXT: range 56:3-56:13 acc.serial
// CHECK-NEXT: **acc.serial**
// CHECK-EMPTY:
// CHECK-NEXT: Offloads as `omp.target` run by one thread (acc-to-omp); its loops run sequentially; its reduction variables map `tofrom`
// CHECK-LABEL: === hover %r = |acc.reduction varPtr(%s
// CHECK-NEXT: range 55:8-55:21 acc.reduction
// CHECK-NEXT: **acc.reduction**
// CHECK-EMPTY:
// CHECK-NEXT: Mapped `tofrom`; the one gang of the serial construct updates it (acc-to-omp)
// CHECK-LABEL: === hover  |acc.loop combined
// CHECK-NEXT: range 79:5-79:13 acc.loop
// CHECK-NEXT: **acc.loop**
// CHECK-EMPTY:
// CHECK-NEXT: `gang` → `distribute` of `target teams distribute` (acc-to-omp): the construct's only code, the SPMD nest (its bounds evaluated on the host); its reductions → `omp.declare_reduction` on `omp.teams`
// CHECK-LABEL: === hover %r = |acc.reduction varPtr(%c
// CHECK-NEXT: range 77:8-77:21 acc.reduction
// CHECK-NEXT: **acc.reduction**
// CHECK-EMPTY:
// CHECK-NEXT: A by-value `omp.declare_reduction` on `omp.teams` and the `omp.wsloop` of its loop (acc-to-omp)
// CHECK-LABEL: === hover  |acc.loop gang({dim
// CHECK-NEXT: range 96:5-96:13 acc.loop
// CHECK-NEXT: **acc.loop**
// CHECK-EMPTY:
// CHECK-NEXT: Not lowered by acc-to-omp yet (`gang(dim:)`: OpenMP teams are one-dimensional): `--device=host` runs it
// CHECK-LABEL: === hover  |acc.atomic.update
// CHECK-NEXT: range 109:5-109:22 acc.atomic.update
// CHECK-NEXT: **acc.atomic.update**
// CHECK-EMPTY:
// CHECK-NEXT: Becomes `omp.atomic.update` (acc-to-omp)
// CHECK-LABEL: === hover  |acc.parallel async
// CHECK-NEXT: range 125:3-125:15 acc.parallel
// CHECK-NEXT: **acc.parallel**
// CHECK-EMPTY:
// CHECK-NEXT: Offloads as the SPMD nest `target teams distribute ...` (acc-to-omp): its one partitioned loop is the construct's only code, its bounds evaluated on the host; `async`/`wait` run synchronously
// CHECK-LABEL: === hover  |acc.loop worker
// CHECK-NEXT: range 126:5-126:13 acc.loop
// CHECK-NEXT: **acc.loop**
// CHECK-EMPTY:
// CHECK-NEXT: `worker`/`vector` → `distribute parallel do` (acc-to-omp): the construct's only code, the SPMD nest (its bounds evaluated on the host)
// CHECK-LABEL: === hover  |acc.wait
// CHECK-NEXT: range 131:3-131:11 acc.wait
// CHECK-NEXT: **acc.wait**
// CHECK-EMPTY:
// CHECK-NEXT: Dropped by acc-to-omp: `async` work runs synchronously, so there is nothing to wait for
// CHECK-LABEL: === hover  |acc.set
// CHECK-NEXT: range 139:3-139:10 acc.set
// CHECK-NEXT: **acc.set**
// CHECK-EMPTY:
// CHECK-NEXT: Dropped by acc-to-omp: the launch picked the device, and `async` work runs synchronously (a default queue changes nothing)
// CHECK-LABEL: === hover %fp = |acc.firstprivate
// CHECK-NEXT: range 156:9-156:25 acc.firstprivate
// CHECK-NEXT: **acc.firstprivate**
// CHECK-EMPTY:
// CHECK-NEXT: Not lowered by acc-to-omp yet (`firstprivate` of `!fir.array<?xf32>` (intrinsic scalars and whole arrays of constant size are lowered)): `--device=host` runs it
// CHECK-LABEL: === hover  |acc.serial firstprivate
// CHECK-NEXT: range 157:3-157:13 acc.serial
// CHECK-NEXT: **acc.serial**
// CHECK-EMPTY:
// CHECK-NEXT: Not lowered by acc-to-omp yet (`firstprivate` of `!fir.array<?xf32>` (intrinsic scalars and whole arrays of constant size are lowered)): `--device=host` runs it
// CHECK-LABEL: === hover %z = |acc.create
// CHECK-NEXT: range 169:8-169:18 acc.create
// CHECK-NEXT: **acc.create**
// CHECK-EMPTY:
// CHECK-NEXT: Not lowered by acc-to-omp yet (the `zero` modifier of a variable that is not a whole integer or real one of constant shape: ompx zeroes only those): `--device=host` runs it
// DATA-LABEL: === hover %33 = |acc.copyin
// DATA-NEXT: range 46:11-46:21 acc.copyin
// DATA-NEXT: **acc.copyin**
// DATA-EMPTY:
// DATA-NEXT: Map entry `to, ompx_hold` of the `omp.target_data` (acc-to-omp)
// DATA-LABEL: === hover %34 = |acc.create
// DATA-NEXT: range 47:11-47:21 acc.create
// DATA-NEXT: **acc.create**
// DATA-EMPTY:
// DATA-NEXT: Map entry `from, ompx_hold` of the `omp.target_data` (acc-to-omp)
// DATA-LABEL: === hover %36 = |acc.copyin
// DATA-NEXT: range 49:11-49:21 acc.copyin
// DATA-NEXT: **acc.copyin**
// DATA-EMPTY:
// DATA-NEXT: Map entry `tofrom, ompx_hold` of the `omp.target_data` (acc-to-omp)
// DATA-LABEL: === hover |acc.data dataOperands(%33
// DATA-NEXT: range 50:5-50:13 acc.data
// DATA-NEXT: **acc.data**
// DATA-EMPTY:
// DATA-NEXT: Becomes `omp.target_data` (acc-to-omp); its clauses map with `ompx_hold`, so the data stays until the region ends
// DATA-LABEL: === hover |acc.present
// DATA-NEXT: range 51:13-51:24 acc.present
// DATA-NEXT: **acc.present**
// DATA-EMPTY:
// DATA-NEXT: Map entry `present, storage, ompx_hold` of the `omp.target` (acc-to-omp)
// DATA-LABEL: === hover |acc.copyout accVar(%36
// DATA-NEXT: range 122:5-122:16 acc.copyout
// DATA-NEXT: **acc.copyout**
// DATA-EMPTY:
// DATA-NEXT: Makes its entry's map entry copy back (`from`) when the region ends (acc-to-omp)
// DATA-LABEL: === hover |acc.delete
// DATA-NEXT: range 80:7-80:17 acc.delete
// DATA-NEXT: **acc.delete**
// DATA-EMPTY:
// DATA-NEXT: Dropped by acc-to-omp: the entry's `ompx_hold` map entry ends with the region
// ENTER-LABEL: === hover |acc.enter_data
// ENTER-NEXT: range 33:5-33:19 acc.enter_data
// ENTER-NEXT: **acc.enter_data**
// ENTER-EMPTY:
// ENTER-NEXT: Becomes `omp.target_enter_data` (acc-to-omp): copyin → `to`, create → `storage`, attach → `present, storage`; `async`/`wait` run synchronously
// ENTER-LABEL: === hover |acc.exit_data
// ENTER-NEXT: range 80:5-80:18 acc.exit_data
// ENTER-NEXT: **acc.exit_data**
// ENTER-EMPTY:
// ENTER-NEXT: Becomes `omp.target_exit_data` (acc-to-omp): copyout → `from`, delete and detach → `storage` (release), `finalize` → `delete`
// ENTER-LABEL: === hover |acc.copyout
// ENTER-NEXT: range 81:5-81:16 acc.copyout
// ENTER-NEXT: **acc.copyout**
// ENTER-EMPTY:
// ENTER-NEXT: The `from, delete` map entry of `omp.target_exit_data` (acc-to-omp)
// ENTER-LABEL: === hover 2*|acc.exit_data
// ENTER-NEXT: range 109:5-109:18 acc.exit_data
// ENTER-NEXT: **acc.exit_data**
// ENTER-EMPTY:
// ENTER-NEXT: Becomes `omp.target_exit_data` (acc-to-omp): copyout → `from`, delete and detach → `storage` (release)
// ENTER-LABEL: === hover |acc.create
// ENTER-NEXT: range 103:10-103:20 acc.create
// ENTER-NEXT: **acc.create**
// ENTER-EMPTY:
// ENTER-NEXT: Map entry `storage` of `omp.target_enter_data` (acc-to-omp)
// UPDATE-LABEL: === hover |acc.update_device
// UPDATE-NEXT: range 25:13-25:30 acc.update_device
// UPDATE-NEXT: **acc.update_device**
// UPDATE-EMPTY:
// UPDATE-NEXT: Motion `to, present` of `omp.target_update` (acc-to-omp)
// UPDATE-LABEL: === hover |acc.update async
// UPDATE-NEXT: range 26:7-26:17 acc.update
// UPDATE-NEXT: **acc.update**
// UPDATE-EMPTY:
// UPDATE-NEXT: Becomes `omp.target_update` (acc-to-omp): device → `to`, host/self → `from`, each with the `present` modifier; `async`/`wait` run synchronously
// UPDATE-LABEL: === hover |acc.update dataOperands
// UPDATE-NEXT: range 51:7-51:17 acc.update
// UPDATE-NEXT: **acc.update**
// UPDATE-EMPTY:
// UPDATE-NEXT: Becomes `omp.target_update` (acc-to-omp): device → `to`, host/self → `from`; `if_present` drops the `present` modifier
// UPDATE-LABEL: === hover 2*|acc.getdeviceptr
// UPDATE-NEXT: range 50:13-50:29 acc.getdeviceptr
// UPDATE-NEXT: **acc.getdeviceptr**
// UPDATE-EMPTY:
// UPDATE-NEXT: Motion `from` of `omp.target_update` (acc-to-omp)
// HOSTDATA-LABEL: === hover |acc.host_data
// HOSTDATA-NEXT: range 159:7-159:20 acc.host_data
// HOSTDATA-NEXT: **acc.host_data**
// HOSTDATA-EMPTY:
// HOSTDATA-NEXT: Becomes `omp.target_data` with `use_device_addr` (acc-to-omp): the body sees device addresses
// HOSTDATA-LABEL: === hover |acc.use_device
// HOSTDATA-NEXT: range 158:14-158:28 acc.use_device
// HOSTDATA-NEXT: **acc.use_device**
// HOSTDATA-EMPTY:
// HOSTDATA-NEXT: `use_device_addr` entry of `omp.target_data` (acc-to-omp): the body sees the device address
// HOSTDATA-LABEL: === hover |acc.set
// HOSTDATA-NEXT: range 155:5-155:12 acc.set
// HOSTDATA-NEXT: **acc.set**
// HOSTDATA-EMPTY:
// HOSTDATA-NEXT: Becomes a call of `omp_set_default_device` (acc-to-omp)
// ROUTINE-LABEL: === hover |acc.routine @acc_routine_2
// ROUTINE-NEXT: range 24:3-24:14 acc.routine
// ROUTINE-NEXT: **acc.routine**
// ROUTINE-EMPTY:
// ROUTINE-NEXT: Its function becomes `declare target` `device_type(nohost)` (acc-to-omp); its loops run sequentially
// ROUTINE-LABEL: === hover |acc.loop vector
// ROUTINE-NEXT: range 60:5-60:13 acc.loop
// ROUTINE-NEXT: **acc.loop**
// ROUTINE-EMPTY:
// ROUTINE-NEXT: Runs as a sequential loop (acc-to-omp): an orphan loop runs sequentially in the caller's thread (in an `acc routine`); its reduction accumulates in the variable itself
// ROUTINE-LABEL: === hover |acc.loop combined(parallel) gang
// ROUTINE-NEXT: range 125:7-125:15 acc.loop
// ROUTINE-NEXT: **acc.loop**
// ROUTINE-EMPTY:
// ROUTINE-NEXT: `gang` → `distribute` of `target teams distribute` (acc-to-omp): the construct's only code, the SPMD nest (its bounds evaluated on the host)
// COLLAPSE-LABEL: === hover |acc.loop combined(parallel)
// COLLAPSE-NEXT: range 60:7-60:15 acc.loop
// COLLAPSE-NEXT: **acc.loop**
// COLLAPSE-EMPTY:
// COLLAPSE-NEXT: No level given → `distribute parallel do` (gang vector, acc-to-omp): the construct's only code, the SPMD nest (its bounds evaluated on the host); `collapse(2)` kept
// COLLAPSE-LABEL: === hover |acc.kernels
// COLLAPSE-NEXT: range 87:5-87:16 acc.kernels
// COLLAPSE-NEXT: **acc.kernels**
// COLLAPSE-EMPTY:
// COLLAPSE-NEXT: Offloads as one SPMD kernel, `target teams distribute ...` (acc-to-omp): the region is one partitioned loop, its bounds evaluated on the host
// KERNELS-LABEL: === hover |acc.loop private(%28
// KERNELS-NEXT: range 43:7-43:15 acc.loop
// KERNELS-NEXT: **acc.loop**
// KERNELS-EMPTY:
// KERNELS-NEXT: Runs as a sequential loop (acc-to-omp): `auto` runs it sequentially
// KERNELS-LABEL: === hover |acc.loop private(%32
// KERNELS-NEXT: range 52:9-52:17 acc.loop
// KERNELS-NEXT: **acc.loop**
// KERNELS-EMPTY:
// KERNELS-NEXT: Runs as a sequential loop (acc-to-omp): a loop nested in another loop runs sequentially in each thread
// SERIAL-LABEL: === hover |acc.serial dataOperands
// SERIAL-NEXT: range 24:5-24:15 acc.serial
// SERIAL-NEXT: **acc.serial**
// SERIAL-EMPTY:
// SERIAL-NEXT: Offloads as `omp.target` run by one thread (acc-to-omp); its loops run sequentially
// SERIAL-LABEL: === hover |acc.loop
// SERIAL-NEXT: range 50:7-50:15 acc.loop
// SERIAL-NEXT: **acc.loop**
// SERIAL-EMPTY:
// SERIAL-NEXT: Runs as a sequential loop (acc-to-omp): in a serial construct every loop runs sequentially
// ATTACH-LABEL: === hover |acc.attach
// ATTACH-NEXT: range 239:10-239:20 acc.attach
// ATTACH-NEXT: **acc.attach**
// ATTACH-EMPTY:
// ATTACH-NEXT: Map entry `present, storage` of `omp.target_enter_data` (acc-to-omp): mapping the present pointer attaches it
// ATTACH-LABEL: === hover |acc.detach
// ATTACH-NEXT: range 275:5-275:15 acc.detach
// ATTACH-NEXT: **acc.detach**
// ATTACH-EMPTY:
// ATTACH-NEXT: The `storage` map entry of `omp.target_exit_data` (acc-to-omp): detaching is releasing the pointer's map entry
// ATTACH-LABEL: === hover |acc.deviceptr
// ATTACH-NEXT: range 331:11-331:24 acc.deviceptr
// ATTACH-NEXT: **acc.deviceptr**
// ATTACH-EMPTY:
// ATTACH-NEXT: `has_device_addr` entry of the `omp.target` (acc-to-omp): the variable already holds a device address
// ATTACH-LABEL: === hover 3*|acc.parallel
// ATTACH-NEXT: range 332:5-332:17 acc.parallel
// ATTACH-NEXT: **acc.parallel**
// ATTACH-EMPTY:
// ATTACH-NEXT: Offloads as the SPMD nest `target teams distribute ...` (acc-to-omp): its one partitioned loop is the construct's only code, its bounds evaluated on the host
// PRIVATE-LABEL: === hover %19 = |acc.firstprivate
// PRIVATE-NEXT: range 55:11-55:27 acc.firstprivate
// PRIVATE-NEXT: **acc.firstprivate**
// PRIVATE-EMPTY:
// PRIVATE-NEXT: Map entry `to` captured `ByCopy` of the `omp.target` (acc-to-omp)
// PRIVATE-LABEL: === hover %28 = |acc.private
// PRIVATE-NEXT: range 63:13-63:24 acc.private
// PRIVATE-NEXT: **acc.private**
// PRIVATE-EMPTY:
// PRIVATE-NEXT: Inlined by acc-to-omp: the recipe's init makes a fresh copy in each iteration
// PRIVATE-LABEL: === hover |acc.loop gang private
// PRIVATE-NEXT: range 68:7-68:15 acc.loop
// PRIVATE-NEXT: **acc.loop**
// PRIVATE-EMPTY:
// PRIVATE-NEXT: `gang` → `distribute` of `target teams distribute` (acc-to-omp): the construct's only code, the SPMD nest (its bounds evaluated on the host)
// DECLARE-LABEL: === hover |acc.declare_enter
// DECLARE-NEXT: range 18:10-18:27 acc.declare_enter
// DECLARE-NEXT: **acc.declare_enter**
// DECLARE-EMPTY:
// DECLARE-NEXT: Dropped by acc-to-omp with its acc.global_ctor: the global is `declare target`, present from the moment the image loads
// DECLARE-LABEL: === hover |acc.copyin
// DECLARE-NEXT: range 17:10-17:20 acc.copyin
// DECLARE-NEXT: **acc.copyin**
// DECLARE-EMPTY:
// DECLARE-NEXT: Dropped by acc-to-omp with its acc.global_ctor: the global is `declare target`, present from the moment the image loads
// DECLARE-LABEL: === hover %21 = |acc.declare_enter
// DECLARE-NEXT: range 192:11-192:28 acc.declare_enter
// DECLARE-NEXT: **acc.declare_enter**
// DECLARE-EMPTY:
// DECLARE-NEXT: Becomes `omp.target_enter_data` (acc-to-omp): the declared variables enter the device's data
// DECLARE-LABEL: === hover %19 = |acc.copyin
// DECLARE-NEXT: range 190:11-190:21 acc.copyin
// DECLARE-NEXT: **acc.copyin**
// DECLARE-EMPTY:
// DECLARE-NEXT: Map entry `to` of `omp.target_enter_data` at the declaration and `from` of `omp.target_exit_data` where it ends (acc-to-omp)
// DECLARE-LABEL: === hover %20 = |acc.create
// DECLARE-NEXT: range 191:11-191:21 acc.create
// DECLARE-NEXT: **acc.create**
// DECLARE-EMPTY:
// DECLARE-NEXT: Map entry `storage` of `omp.target_enter_data` at the declaration and `storage` of `omp.target_exit_data` where it ends (acc-to-omp)
// Firstprivates acc-to-omp copies in the region (RUN here, so that the line
// numbers above stay put).
// RUN: %lspq %S/../launch/Inputs/acc-extra/acc_firstprivate.hlfir.mlir \
// RUN:   'hover:%15 = |acc.firstprivate' 'hover:%17 = |acc.firstprivate' 'hover:|acc.serial' \
// RUN:   | FileCheck %s --check-prefix=FIRSTPRIVATE
// FIRSTPRIVATE-LABEL: === hover %15 = |acc.firstprivate
// FIRSTPRIVATE-NEXT: range {{[0-9]+}}:11-{{[0-9]+}}:27 acc.firstprivate
// FIRSTPRIVATE-NEXT: **acc.firstprivate**
// FIRSTPRIVATE-EMPTY:
// FIRSTPRIVATE-NEXT: Map entry `to` of a copy made on the host when the construct starts (acc-to-omp); the kernel copies it per team, per thread of a lone parallel loop (`omp.private`)
// FIRSTPRIVATE-LABEL: === hover %17 = |acc.firstprivate
// FIRSTPRIVATE: Map entry `to` of a copy made on the host
// FIRSTPRIVATE-LABEL: === hover |acc.serial
// FIRSTPRIVATE-NEXT: range {{[0-9]+}}:5-{{[0-9]+}}:15 acc.serial
// FIRSTPRIVATE-NEXT: **acc.serial**
// FIRSTPRIVATE-EMPTY:
// FIRSTPRIVATE-NEXT: Offloads as `omp.target` run by one thread (acc-to-omp); its loops run sequentially; its array and wide firstprivates map a host copy `to` and are copied once in the kernel
// A `declare link` global is `declare target link`: its device copy lives
// only while mapped (the hover said it was present from the image's load).
// DECLARE-LABEL: === hover |acc.declare_link
// DECLARE-NEXT: range 46:10-46:26 acc.declare_link
// DECLARE-NEXT: **acc.declare_link**
// DECLARE-EMPTY:
// DECLARE-NEXT: Dropped by acc-to-omp with its acc.global_ctor: the global is `declare target link`: its device copy exists only while a data clause maps it
// DECLARE-LABEL: === hover acc.|global_ctor @_QMacc_globalsEglink
// DECLARE-NEXT: range 44:3-44:18 acc.global_ctor
// DECLARE-NEXT: **acc.global_ctor** `@_QMacc_globalsEglink_acc_ctor`
// DECLARE-EMPTY:
// DECLARE-NEXT: Dropped by acc-to-omp: the global is `declare target link`: its device copy exists only while a data clause maps it
