// RUN: %ompx opt %s --ompx-merge-parent-maps | FileCheck %s
//
// Two clauses naming members of one record (a host-associated one in an
// internal procedure) gave the construct two parent maps of the record;
// they become one holding every member, its block argument the one the
// region uses.

// CHECK-LABEL: func.func @two_parents
func.func @two_parents(%rec: !fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = fir.coordinate_of %rec, n : (!fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>>) -> !fir.ref<i32>
  %mn = omp.map.info var_ptr(%n : !fir.ref<i32>, i32) map_clauses(to) capture(ByRef) -> !fir.ref<i32> {name = "s%n"}
  %x = fir.coordinate_of %rec, x : (!fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>>) -> !fir.ref<!fir.array<4xf64>>
  %b = omp.map.bounds lower_bound(%c0 : index) upper_bound(%c3 : index) extent(%c3 : index) stride(%c1 : index) start_idx(%c1 : index)
  %mx = omp.map.info var_ptr(%x : !fir.ref<!fir.array<4xf64>>, !fir.array<4xf64>) map_clauses(tofrom) capture(ByRef) bounds(%b) -> !fir.ref<!fir.array<4xf64>> {name = "s%x"}
  %p1 = omp.map.info var_ptr(%rec : !fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>>, !fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>) map_clauses(to) capture(ByRef) members(%mn : [0] : !fir.ref<i32>) -> !fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>> {name = "s", partial_map = true}
  %p2 = omp.map.info var_ptr(%rec : !fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>>, !fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>) map_clauses(tofrom) capture(ByRef) members(%mx : [1] : !fir.ref<!fir.array<4xf64>>) -> !fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>> {name = "s", partial_map = true}
  // CHECK: %[[P:.*]] = omp.map.info {{.*}} map_clauses(to) capture(ByRef) members(%{{.*}}, %{{.*}} : [0], [1] : {{.*}}) {{.*}}name = "s", partial_map = true}
  // CHECK-NOT: name = "s", partial_map
  // CHECK: omp.target_data map_entries(%[[P]], %{{[^,]*}}, %{{[^ ]*}} :
  omp.target_data map_entries(%p1, %p2, %mn, %mx : !fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>>, !fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>>, !fir.ref<i32>, !fir.ref<!fir.array<4xf64>>) {
    omp.terminator
  }
  // A target: the second parent's block argument's uses go to the first's.
  // CHECK: omp.target map_entries(%[[Q:[^ ]*]] -> %[[A:[^,]*]], %{{[^ ]*}} -> %{{[^,]*}}, %{{[^ ]*}} -> %{{[^ ]*}} :
  // CHECK-NEXT: fir.coordinate_of %[[A]], m
  %p3 = omp.map.info var_ptr(%rec : !fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>>, !fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>) map_clauses(to) capture(ByRef) members(%mn : [0] : !fir.ref<i32>) -> !fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>> {name = "s", partial_map = true}
  %p4 = omp.map.info var_ptr(%rec : !fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>>, !fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>) map_clauses(tofrom) capture(ByRef) members(%mx : [1] : !fir.ref<!fir.array<4xf64>>) -> !fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>> {name = "s", partial_map = true}
  omp.target map_entries(%p3 -> %a3, %p4 -> %a4, %mn -> %an, %mx -> %ax : !fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>>, !fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>>, !fir.ref<i32>, !fir.ref<!fir.array<4xf64>>) {
    %m = fir.coordinate_of %a4, m : (!fir.ref<!fir.type<t{n:i32,x:!fir.array<4xf64>,m:i32}>>) -> !fir.ref<i32>
    omp.terminator
  }
  return
}

// Parents of different records stay apart.
// CHECK-LABEL: func.func @two_records
// CHECK-COUNT-2: partial_map = true
func.func @two_records(%r1: !fir.ref<!fir.type<u{n:i32}>>, %r2: !fir.ref<!fir.type<u{n:i32}>>) {
  %n1 = fir.coordinate_of %r1, n : (!fir.ref<!fir.type<u{n:i32}>>) -> !fir.ref<i32>
  %m1 = omp.map.info var_ptr(%n1 : !fir.ref<i32>, i32) map_clauses(to) capture(ByRef) -> !fir.ref<i32> {name = "a%n"}
  %n2 = fir.coordinate_of %r2, n : (!fir.ref<!fir.type<u{n:i32}>>) -> !fir.ref<i32>
  %m2 = omp.map.info var_ptr(%n2 : !fir.ref<i32>, i32) map_clauses(to) capture(ByRef) -> !fir.ref<i32> {name = "b%n"}
  %p1 = omp.map.info var_ptr(%r1 : !fir.ref<!fir.type<u{n:i32}>>, !fir.type<u{n:i32}>) map_clauses(to) capture(ByRef) members(%m1 : [0] : !fir.ref<i32>) -> !fir.ref<!fir.type<u{n:i32}>> {name = "a", partial_map = true}
  %p2 = omp.map.info var_ptr(%r2 : !fir.ref<!fir.type<u{n:i32}>>, !fir.type<u{n:i32}>) map_clauses(to) capture(ByRef) members(%m2 : [0] : !fir.ref<i32>) -> !fir.ref<!fir.type<u{n:i32}>> {name = "b", partial_map = true}
  omp.target_enter_data map_entries(%p1, %p2, %m1, %m2 : !fir.ref<!fir.type<u{n:i32}>>, !fir.ref<!fir.type<u{n:i32}>>, !fir.ref<i32>, !fir.ref<i32>)
  return
}
