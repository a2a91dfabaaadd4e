// RUN: %ompx opt %s --ompx-host-target-firstprivate | FileCheck %s
//
// Host copies: a by-copy (firstprivate) capture of an omp.target gets its
// own copy at the start of the region, loaded from the argument (LLVM 22's
// host code passes the host variable's address there); by-reference maps
// and unused arguments are left alone.

// CHECK-LABEL: llvm.func @target(
// CHECK: omp.target map_entries(%{{.*}} -> %[[X:.*]], %{{.*}} -> %[[A:.*]], %{{.*}} -> %[[U:.*]] : !llvm.ptr, !llvm.ptr, !llvm.ptr) {
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[COPY:.*]] = llvm.alloca %[[ONE]] x i32 : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[X]] : !llvm.ptr -> i32
// CHECK-NEXT: llvm.store %[[V]], %[[COPY]] : i32, !llvm.ptr
// CHECK-NEXT: %[[OLD:.*]] = llvm.load %[[COPY]] : !llvm.ptr -> i32
// CHECK-NEXT: llvm.store %[[OLD]], %[[A]] : i32, !llvm.ptr
// CHECK-NEXT: llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.store %{{.*}}, %[[COPY]] : i32, !llvm.ptr
// CHECK-NEXT: omp.terminator
llvm.func @target(%x: !llvm.ptr, %a: !llvm.ptr, %u: !llvm.ptr) {
  %mx = omp.map.info var_ptr(%x : !llvm.ptr, i32) map_clauses(implicit) capture(ByCopy) -> !llvm.ptr {name = "x"}
  %ma = omp.map.info var_ptr(%a : !llvm.ptr, i32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "a"}
  %mu = omp.map.info var_ptr(%u : !llvm.ptr, i32) map_clauses(implicit) capture(ByCopy) -> !llvm.ptr {name = "u"}
  omp.target map_entries(%mx -> %ax, %ma -> %aa, %mu -> %au : !llvm.ptr, !llvm.ptr, !llvm.ptr) {
    %v = llvm.load %ax : !llvm.ptr -> i32
    llvm.store %v, %aa : i32, !llvm.ptr
    %two = llvm.mlir.constant(2 : i32) : i32
    llvm.store %two, %ax : i32, !llvm.ptr
    omp.terminator
  }
  llvm.return
}

// A declare target global is the host's own variable on the host: the
// region uses it (a unit whose module declared it elsewhere is captured by
// copy until ompx-declared-elsewhere, which a host build runs too).
// CHECK-LABEL: llvm.func @declared(
// CHECK: omp.target map_entries(%{{.*}} -> %[[G:.*]] : !llvm.ptr) {
// CHECK-NOT: llvm.alloca
// CHECK-NEXT: llvm.mlir.constant(3 : i32)
// CHECK-NEXT: llvm.store %{{.*}}, %[[G]]
llvm.mlir.global external @g() {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (to)>} : i32
llvm.func @declared() {
  %g = llvm.mlir.addressof @g : !llvm.ptr
  %mg = omp.map.info var_ptr(%g : !llvm.ptr, i32) map_clauses(implicit) capture(ByCopy) -> !llvm.ptr {name = "g"}
  omp.target map_entries(%mg -> %ag : !llvm.ptr) {
    %three = llvm.mlir.constant(3 : i32) : i32
    llvm.store %three, %ag : i32, !llvm.ptr
    omp.terminator
  }
  llvm.return
}
