// RUN: %ompx opt %s --split-input-file --ompx-amdgpu-private-allocas | FileCheck %s
// LLVM-dialect input was lowered for the host: its allocas are in address
// space 0, which amdgcn's verifier rejects. Each moves to address space 5
// and is cast back for its users; one already private stays as it is.

// CHECK-LABEL: llvm.func @f
// CHECK:      %[[N:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[P:.*]] = llvm.alloca %[[N]] x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr<5>
// CHECK-NEXT: %[[G:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr<5> to !llvm.ptr
// CHECK-NEXT: %[[Q:.*]] = llvm.alloca %[[N]] x f64 : (i64) -> !llvm.ptr<5>
// CHECK-NEXT: llvm.store %{{.*}}, %[[G]] : i32, !llvm.ptr
// CHECK-NEXT: llvm.store %{{.*}}, %[[Q]] : f64, !llvm.ptr<5>
// CHECK-NOT:  -> !llvm.ptr{{$}}
llvm.func @f(%v: i32, %d: f64) {
  %n = llvm.mlir.constant(1 : i64) : i64
  %p = llvm.alloca %n x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
  %q = llvm.alloca %n x f64 : (i64) -> !llvm.ptr<5>
  llvm.store %v, %p : i32, !llvm.ptr
  llvm.store %d, %q : f64, !llvm.ptr<5>
  llvm.return
}

// -----
// Host code around an omp.target is left alone (the device translation does
// not emit it, and it reads what map clauses name through the original
// ops); allocas inside the target region move.

// CHECK-LABEL: llvm.func @host
// CHECK:      %[[H:.*]] = llvm.alloca %{{.*}} x i32 : (i64) -> !llvm.ptr{{$}}
// CHECK:      omp.target
// CHECK:      %[[D:.*]] = llvm.alloca %{{.*}} x i32 : (i64) -> !llvm.ptr<5>
// CHECK-NEXT: llvm.addrspacecast %[[D]] : !llvm.ptr<5> to !llvm.ptr
llvm.func @host() {
  %n = llvm.mlir.constant(1 : i64) : i64
  %h = llvm.alloca %n x i32 : (i64) -> !llvm.ptr
  %m = omp.map.info var_ptr(%h : !llvm.ptr, i32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "h"}
  omp.target map_entries(%m -> %a : !llvm.ptr) {
    %one = llvm.mlir.constant(1 : i64) : i64
    %t = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    %v = llvm.load %a : !llvm.ptr -> i32
    llvm.store %v, %t : i32, !llvm.ptr
    omp.terminator
  }
  llvm.return
}
