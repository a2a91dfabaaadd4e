// RUN: %ompx opt %s --ompx-global-map-addresses | FileCheck %s
//
// A map whose address is a constant offset into a global (a common block's
// second member): the region takes its argument through an identity, so
// that LLVM 22's translation builds the element addresses on it rather than
// folding them into constants its kernel-argument replacement misses. A map
// of a local, and a by-copy capture, are left alone.

llvm.mlir.global common @blk_(dense<0> : vector<72xi8>) : !llvm.array<72 x i8>

// CHECK-LABEL: llvm.func @f
llvm.func @f(%local: !llvm.ptr) {
  %off = llvm.mlir.constant(48 : i64) : i64
  %g = llvm.mlir.addressof @blk_ : !llvm.ptr
  %v = llvm.getelementptr %g[0, %off] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<72 x i8>
  %m0 = omp.map.info var_ptr(%v : !llvm.ptr, !llvm.array<3 x f64>) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "v"}
  %m1 = omp.map.info var_ptr(%local : !llvm.ptr, !llvm.array<3 x f64>) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "w"}
  %m2 = omp.map.info var_ptr(%g : !llvm.ptr, i64) map_clauses(implicit) capture(ByCopy) -> !llvm.ptr {name = "n"}
  // CHECK: omp.target map_entries(%{{.*}} -> %[[V:[a-z0-9]+]], %{{.*}} -> %[[W:[a-z0-9]+]], %{{.*}} -> %[[N:[a-z0-9]+]] :
  omp.target map_entries(%m0 -> %a0, %m1 -> %a1, %m2 -> %a2 : !llvm.ptr, !llvm.ptr, !llvm.ptr) {
    // CHECK-NEXT: %[[ONES:.*]] = llvm.mlir.constant(-1 : i64) : i64
    // CHECK-NEXT: %[[P:.*]] = llvm.intr.ptrmask %[[V]], %[[ONES]]
    // CHECK-NOT: ptrmask
    // CHECK: llvm.getelementptr %[[P]][8]
    // CHECK: llvm.getelementptr %[[W]][8]
    // CHECK: llvm.load %[[N]]
    %c = llvm.mlir.constant(1.200000e+01 : f64) : f64
    %e = llvm.getelementptr %a0[8] : (!llvm.ptr) -> !llvm.ptr, i8
    llvm.store %c, %e : f64, !llvm.ptr
    %e1 = llvm.getelementptr %a1[8] : (!llvm.ptr) -> !llvm.ptr, i8
    llvm.store %c, %e1 : f64, !llvm.ptr
    %n = llvm.load %a2 : !llvm.ptr -> i64
    omp.terminator
  }
  llvm.return
}

// An ASSOCIATE name's section of a TARGET array (a main program's global):
// its offset is computed from constants ((3 - 1) * 1), which the builder
// folds just as well. It was not laundered: the kernel wrote the device
// image's own copy of the array, and `b(2) = b(2) + 1000` was lost.
llvm.mlir.global internal @a(dense<0.0> : vector<8xf32>) : !llvm.array<8 x f32>

// CHECK-LABEL: llvm.func @section
llvm.func @section() {
  %one = llvm.mlir.constant(1 : i64) : i64
  %three = llvm.mlir.constant(3 : i64) : i64
  %g = llvm.mlir.addressof @a : !llvm.ptr
  %lb = llvm.sub %three, %one overflow<nsw> : i64
  %at = llvm.mul %lb, %one overflow<nsw> : i64
  %v = llvm.getelementptr %g[%at] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %m = omp.map.info var_ptr(%v : !llvm.ptr, !llvm.array<3 x f32>) map_clauses(implicit, tofrom) capture(ByRef) -> !llvm.ptr {name = "b"}
  // CHECK: omp.target map_entries(%{{.*}} -> %[[B:[a-z0-9]+]] :
  omp.target map_entries(%m -> %arg0 : !llvm.ptr) {
    // CHECK-NEXT: %[[ONES:.*]] = llvm.mlir.constant(-1 : i64) : i64
    // CHECK-NEXT: llvm.intr.ptrmask %[[B]], %[[ONES]]
    %c = llvm.mlir.constant(1.0e+03 : f32) : f32
    %e = llvm.getelementptr %arg0[4] : (!llvm.ptr) -> !llvm.ptr, i8
    llvm.store %c, %e : f32, !llvm.ptr
    omp.terminator
  }
  llvm.return
}
