// RUN: %ompx opt %s --split-input-file --ompx-descriptor-copies | FileCheck %s
//
// Each descriptor an omp.target maps (or a record whose mapped members are
// only a descriptor component and its data) is mapped from a copy made
// when the construct is met: regions running at once shared LLVM 22's one
// device descriptor and rewrote it under each other.

module attributes {omp.is_target_device = false, omp.target_triples = ["x86_64-unknown-linux-gnu"]} {
  llvm.mlir.global external @gdesc() {addr_space = 0 : i32, omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (enter)>} : !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>

  // CHECK-LABEL: llvm.func @desc
  // CHECK: %[[SIZE:.*]] = llvm.mlir.constant(48 : i64) : i64
  // CHECK-NEXT: %[[COPY:.*]] = llvm.call @__ompx_descriptor_copy(%arg0, %[[SIZE]])
  // CHECK-NEXT: %[[FIELD:.*]] = llvm.getelementptr %[[COPY]][0, 0]
  // CHECK-NEXT: %[[DATA:.*]] = omp.map.info var_ptr(%[[COPY]] : !llvm.ptr, f64) map_clauses(tofrom) capture(ByRef) var_ptr_ptr(%[[FIELD]] : !llvm.ptr)
  // CHECK-NEXT: %[[DESC:.*]] = omp.map.info var_ptr(%[[COPY]] : {{.*}} map_clauses(always, to) capture(ByRef) members(%[[DATA]] : [0]
  // CHECK-NEXT: omp.target nowait map_entries(%[[DESC]] -> %{{.*}}, %[[DATA]] -> %{{.*}} :
  // The originals are gone.
  // CHECK-NOT: omp.map.info var_ptr(%arg0
  llvm.func @desc(%d: !llvm.ptr, %n: i64) {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %f = llvm.getelementptr %d[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>
    %b = omp.map.bounds lower_bound(%c0 : i64) upper_bound(%n : i64) extent(%n : i64) stride(%c1 : i64) start_idx(%c1 : i64)
    %m = omp.map.info var_ptr(%d : !llvm.ptr, f64) map_clauses(tofrom) capture(ByRef) var_ptr_ptr(%f : !llvm.ptr) bounds(%b) -> !llvm.ptr {name = ""}
    %p = omp.map.info var_ptr(%d : !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>) map_clauses(always, to) capture(ByRef) members(%m : [0] : !llvm.ptr) -> !llvm.ptr {name = "a"}
    omp.target nowait map_entries(%p -> %a0, %m -> %a1 : !llvm.ptr, !llvm.ptr) {
      omp.terminator
    }
    llvm.return
  }

  // A record mapped for its allocatable component's section: the whole
  // record (56 bytes) is copied; its component's address comes from the
  // copy.
  // CHECK-LABEL: llvm.func @record
  // CHECK: %[[SIZE:.*]] = llvm.mlir.constant(56 : i64) : i64
  // CHECK-NEXT: %[[COPY:.*]] = llvm.call @__ompx_descriptor_copy(%arg0, %[[SIZE]])
  // CHECK-NEXT: %[[COMP:.*]] = llvm.getelementptr %[[COPY]][0, 0]
  // CHECK-NEXT: %[[CDESC:.*]] = omp.map.info var_ptr(%[[COMP]] : {{.*}} map_clauses(always, to)
  // CHECK-NEXT: %[[FIELD:.*]] = llvm.getelementptr %[[COMP]][0, 0]
  // CHECK-NEXT: %[[DATA:.*]] = omp.map.info var_ptr(%[[COMP]] : !llvm.ptr, f64) {{.*}} var_ptr_ptr(%[[FIELD]] : !llvm.ptr)
  // CHECK-NEXT: %[[REC:.*]] = omp.map.info var_ptr(%[[COPY]] : {{.*}} members(%[[CDESC]], %[[DATA]] : [0], [0, 0]
  // CHECK-NEXT: omp.target map_entries(%[[REC]] -> %{{.*}}, %[[CDESC]] -> %{{.*}}, %[[DATA]] -> %{{.*}} :
  llvm.func @record(%r: !llvm.ptr, %n: i64) {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %v = llvm.getelementptr %r[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>, f64)>
    %f = llvm.getelementptr %v[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>
    %b = omp.map.bounds lower_bound(%c0 : i64) upper_bound(%n : i64) extent(%n : i64) stride(%c1 : i64) start_idx(%c1 : i64)
    %m = omp.map.info var_ptr(%v : !llvm.ptr, f64) map_clauses(tofrom) capture(ByRef) var_ptr_ptr(%f : !llvm.ptr) bounds(%b) -> !llvm.ptr {name = ""}
    %d = omp.map.info var_ptr(%v : !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>) map_clauses(always, to) capture(ByRef) -> !llvm.ptr {name = "r%v(1:n)"}
    %p = omp.map.info var_ptr(%r : !llvm.ptr, !llvm.struct<(struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>, f64)>) map_clauses(tofrom) capture(ByRef) members(%d, %m : [0], [0, 0] : !llvm.ptr, !llvm.ptr) -> !llvm.ptr {name = "r", partial_map = true}
    omp.target map_entries(%p -> %a0, %d -> %a1, %m -> %a2 : !llvm.ptr, !llvm.ptr, !llvm.ptr) {
      omp.terminator
    }
    llvm.return
  }

  // Left as they are: a record whose scalar member is mapped too (its copy
  // back would land in the copy), and a declare target descriptor (the
  // device's own variable).
  // CHECK-LABEL: llvm.func @kept
  // CHECK-NOT: __ompx_descriptor_copy
  // CHECK: omp.target map_entries
  // CHECK-NOT: __ompx_descriptor_copy
  // CHECK: omp.target map_entries
  // CHECK: llvm.return
  llvm.func @kept(%r: !llvm.ptr, %n: i64) {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %v = llvm.getelementptr %r[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>, f64)>
    %s = llvm.getelementptr %r[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>, f64)>
    %f = llvm.getelementptr %v[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>
    %b = omp.map.bounds lower_bound(%c0 : i64) upper_bound(%n : i64) extent(%n : i64) stride(%c1 : i64) start_idx(%c1 : i64)
    %m = omp.map.info var_ptr(%v : !llvm.ptr, f64) map_clauses(tofrom) capture(ByRef) var_ptr_ptr(%f : !llvm.ptr) bounds(%b) -> !llvm.ptr {name = ""}
    %d = omp.map.info var_ptr(%v : !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>) map_clauses(always, to) capture(ByRef) -> !llvm.ptr {name = "r%v(1:n)"}
    %ms = omp.map.info var_ptr(%s : !llvm.ptr, f64) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "r%s"}
    %p = omp.map.info var_ptr(%r : !llvm.ptr, !llvm.struct<(struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>, f64)>) map_clauses(tofrom) capture(ByRef) members(%d, %m, %ms : [0], [0, 0], [1] : !llvm.ptr, !llvm.ptr, !llvm.ptr) -> !llvm.ptr {name = "r", partial_map = true}
    omp.target map_entries(%p -> %a0, %d -> %a1, %m -> %a2, %ms -> %a3 : !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) {
      omp.terminator
    }
    %g = llvm.mlir.addressof @gdesc : !llvm.ptr
    %gf = llvm.getelementptr %g[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>
    %gm = omp.map.info var_ptr(%g : !llvm.ptr, f64) map_clauses(tofrom) capture(ByRef) var_ptr_ptr(%gf : !llvm.ptr) bounds(%b) -> !llvm.ptr {name = ""}
    %gp = omp.map.info var_ptr(%g : !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>) map_clauses(always, to) capture(ByRef) members(%gm : [0] : !llvm.ptr) -> !llvm.ptr {name = "g"}
    omp.target map_entries(%gp -> %b0, %gm -> %b1 : !llvm.ptr, !llvm.ptr) {
      omp.terminator
    }
    llvm.return
  }
}

// -----

// A descriptor map listed twice is copied once.
// CHECK-LABEL: llvm.func @twice
// CHECK: llvm.call @__ompx_descriptor_copy
// CHECK-NOT: llvm.call @__ompx_descriptor_copy
// CHECK: omp.target map_entries(%[[P:[^ ]*]] -> %{{[^,]*}}, %[[P]] -> %{{[^,]*}}, %{{[^ ]*}} -> %{{[^ ]*}} :
module attributes {omp.is_target_device = false, omp.target_triples = ["x86_64-unknown-linux-gnu"]} {
  llvm.func @twice(%d: !llvm.ptr) {
    %f = llvm.getelementptr %d[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>
    %m = omp.map.info var_ptr(%d : !llvm.ptr, f64) map_clauses(tofrom) capture(ByRef) var_ptr_ptr(%f : !llvm.ptr) -> !llvm.ptr {name = ""}
    %p = omp.map.info var_ptr(%d : !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>) map_clauses(always, to) capture(ByRef) members(%m : [0] : !llvm.ptr) -> !llvm.ptr {name = "a"}
    omp.target map_entries(%p -> %a0, %p -> %a1, %m -> %a2 : !llvm.ptr, !llvm.ptr, !llvm.ptr) {
      omp.terminator
    }
    llvm.return
  }
}

// -----

// A host build (no target triples) runs its regions on the host's own
// variables: nothing changes.
// CHECK-LABEL: llvm.func @host_build
// CHECK-NOT: __ompx_descriptor_copy
module attributes {omp.is_target_device = false} {
  llvm.func @host_build(%d: !llvm.ptr) {
    %f = llvm.getelementptr %d[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>
    %m = omp.map.info var_ptr(%d : !llvm.ptr, f64) map_clauses(tofrom) capture(ByRef) var_ptr_ptr(%f : !llvm.ptr) -> !llvm.ptr {name = ""}
    %p = omp.map.info var_ptr(%d : !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>) map_clauses(always, to) capture(ByRef) members(%m : [0] : !llvm.ptr) -> !llvm.ptr {name = "a"}
    omp.target map_entries(%p -> %a0, %m -> %a1 : !llvm.ptr, !llvm.ptr) {
      omp.terminator
    }
    llvm.return
  }
}
