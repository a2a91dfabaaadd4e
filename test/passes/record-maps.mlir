// RUN: %ompx opt %s --ompx-record-maps --split-input-file --verify-diagnostics | FileCheck %s
//
// flang-22's implicit map of a derived type with an allocatable component
// is partial_map: only its members' span was mapped. It is mapped in full;
// an explicit member map stays partial.

!rec = !fir.type<_QTholder{n:i32,a:!fir.box<!fir.heap<!fir.array<?xf32>>>}>
!box = !fir.box<!fir.heap<!fir.array<?xf32>>>
// CHECK-LABEL: func.func @implicit
func.func @implicit(%h: !fir.ref<!rec>, %d: !fir.ref<!box>) {
  // CHECK: omp.map.info {{.*}}{name = "h.a.implicit_map"}
  %m = omp.map.info var_ptr(%d : !fir.ref<!box>, !box) map_clauses(always, implicit, to) capture(ByRef) -> !fir.ref<!box> {name = "h.a.implicit_map"}
  // CHECK: omp.map.info {{.*}}members({{.*}}) -> !fir.ref<{{.*}}> {name = "h"}
  %p = omp.map.info var_ptr(%h : !fir.ref<!rec>, !rec) map_clauses(implicit, tofrom) capture(ByRef) members(%m : [1] : !fir.ref<!box>) -> !fir.ref<!rec> {name = "h", partial_map = true}
  // CHECK: omp.map.info {{.*}}{name = "e", partial_map = true}
  %e = omp.map.info var_ptr(%h : !fir.ref<!rec>, !rec) map_clauses(tofrom) capture(ByRef) members(%m : [1] : !fir.ref<!box>) -> !fir.ref<!rec> {name = "e", partial_map = true}
  omp.target map_entries(%p -> %a0, %m -> %a1, %e -> %a2 : !fir.ref<!rec>, !fir.ref<!box>, !fir.ref<!rec>) {
    omp.terminator
  }
  return
}

// -----

// Under requires unified_shared_memory, flang-22 maps the descriptor close.
!rec = !fir.type<_QTholder{n:i32,a:!fir.box<!fir.heap<!fir.array<?xf32>>>}>
!box = !fir.box<!fir.heap<!fir.array<?xf32>>>
module attributes {omp.requires = #omp<clause_requires unified_shared_memory>} {
  func.func @usm(%h: !fir.ref<!rec>, %d: !fir.ref<!box>) {
    %m = omp.map.info var_ptr(%d : !fir.ref<!box>, !box) map_clauses(always, implicit, close, to) capture(ByRef) -> !fir.ref<!box> {name = "h.a.implicit_map"}
    %p = omp.map.info var_ptr(%h : !fir.ref<!rec>, !rec) map_clauses(implicit, tofrom) capture(ByRef) members(%m : [1] : !fir.ref<!box>) -> !fir.ref<!rec> {name = "h", partial_map = true}
    // expected-error @below {{requires unified_shared_memory: the map of derived type 'h' with allocatable components is wrong under LLVM 22}}
    omp.target map_entries(%p -> %a0, %m -> %a1 : !fir.ref<!rec>, !fir.ref<!box>) {
      omp.terminator
    }
    return
  }
}

// -----

// A record mapped through a mapper on a construct that counts references
// gets a map of its own before it, without the mapper or transfers: the
// reference libomptarget does not count for a mapper's record (its other
// components were copied at every construct after `enter data`). An
// update keeps its map alone.
!mrec = !fir.type<_QTm{v:!fir.box<!fir.heap<!fir.array<?xf32>>>,n:i32}>
omp.declare_mapper @mrec_mapper : !mrec {
^bb0(%arg0: !fir.ref<!mrec>):
  %0 = omp.map.info var_ptr(%arg0 : !fir.ref<!mrec>, !mrec) map_clauses(implicit, tofrom) capture(ByRef) -> !fir.ref<!mrec> {name = ""}
  omp.declare_mapper.info map_entries(%0 : !fir.ref<!mrec>)
}
// CHECK-LABEL: func.func @held
func.func @held(%o: !fir.ref<!mrec>) {
  // CHECK: %[[HOLD:.*]] = omp.map.info var_ptr(%{{.*}} : !fir.ref<!{{.*}}>, !{{.*}}) map_clauses(storage) capture(ByRef) -> {{.*}} {name = "o"}
  // CHECK-NEXT: %[[MAP:.*]] = omp.map.info {{.*}} map_clauses(to) capture(ByRef) mapper(@mrec_mapper)
  // CHECK-NEXT: omp.target_enter_data map_entries(%[[HOLD]], %[[MAP]] :
  %e = omp.map.info var_ptr(%o : !fir.ref<!mrec>, !mrec) map_clauses(to) capture(ByRef) mapper(@mrec_mapper) -> !fir.ref<!mrec> {name = "o"}
  omp.target_enter_data map_entries(%e : !fir.ref<!mrec>)
  // CHECK: %[[THOLD:.*]] = omp.map.info {{.*}} map_clauses(implicit) capture(ByRef) -> {{.*}} {name = "o"}
  // CHECK-NEXT: %[[TMAP:.*]] = omp.map.info {{.*}} map_clauses(implicit, tofrom) capture(ByRef) mapper(@mrec_mapper)
  // CHECK-NEXT: omp.target map_entries(%[[THOLD]] -> %{{.*}}, %[[TMAP]] -> %[[ARG:.*]] :
  %t = omp.map.info var_ptr(%o : !fir.ref<!mrec>, !mrec) map_clauses(implicit, tofrom) capture(ByRef) mapper(@mrec_mapper) -> !fir.ref<!mrec> {name = "o"}
  omp.target map_entries(%t -> %a : !fir.ref<!mrec>) {
    // CHECK: fir.load %[[ARG]]
    %x = fir.load %a : !fir.ref<!mrec>
    omp.terminator
  }
  // CHECK: %[[U:.*]] = omp.map.info {{.*}} map_clauses(from) capture(ByRef) mapper(@mrec_mapper)
  // CHECK-NEXT: omp.target_update map_entries(%[[U]] :
  %u = omp.map.info var_ptr(%o : !fir.ref<!mrec>, !mrec) map_clauses(from) capture(ByRef) mapper(@mrec_mapper) -> !fir.ref<!mrec> {name = "o"}
  omp.target_update map_entries(%u : !fir.ref<!mrec>)
  return
}
