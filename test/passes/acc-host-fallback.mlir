// RUN: %ompx opt %s --split-input-file --verify-diagnostics --ompx-acc-host-fallback | FileCheck %s
//
// OpenACC runs on the host: the compute region's body stays in the
// function, data clauses become plain uses of the variables, and acc ops
// nothing uses any more (here the private recipe) are erased.

// CHECK-NOT: acc.
// CHECK-LABEL: func.func @_QPserial(
// CHECK-SAME: %[[A:.*]]: !fir.ref<f32>
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2.0
// CHECK-NEXT: %[[V:.*]] = fir.load %[[A]] : !fir.ref<f32>
// CHECK-NEXT: %[[R:.*]] = arith.mulf %[[V]], %[[TWO]]
// CHECK-NEXT: fir.store %[[R]] to %[[A]] : !fir.ref<f32>
// CHECK-NEXT: return
acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
^bb0(%arg0: !fir.ref<i32>):
  %0 = fir.alloca i32
  acc.yield %0 : !fir.ref<i32>
}
func.func @_QPserial(%a: !fir.ref<f32>) {
  %0 = acc.copyin varPtr(%a : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_copy>, name = "a"}
  acc.serial dataOperands(%0 : !fir.ref<f32>) {
    %v = fir.load %0 : !fir.ref<f32>
    %two = arith.constant 2.0 : f32
    %r = arith.mulf %v, %two : f32
    fir.store %r to %0 : !fir.ref<f32>
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<f32>) to varPtr(%a : !fir.ref<f32>) {dataClause = #acc<data_clause acc_copy>, name = "a"}
  return
}

// -----

// Outside func.func (LLVM-dialect bodies) acc-specialize-for-host does not
// run: the compute region is still needed. The error names the first acc op
// of a post-order walk (the innermost), as the launch always reported it.
// acc-host-fallback-report.mlir has the same with fail-on-leftover=false.
llvm.func @llvm_body() {
  acc.serial {
    // expected-error @below {{OpenACC host fallback left acc.yield, which LLVM 22 cannot translate}}
    acc.yield
  }
  llvm.return
}

// -----

// A firstprivate gets its copy on the host too (acc-specialize-for-host
// alone would let the region write the original): the recipe's init and
// copy run before the construct, and the region writes the copy.
// CHECK-LABEL: func.func @firstprivate_copy(
// CHECK-SAME: %[[W:.*]]: !fir.ref<!fir.array<4xf32>>
// CHECK: %[[COPY:.*]] = fir.alloca !fir.array<4xf32>
// CHECK-NEXT: hlfir.assign %[[W]] to %[[COPY]] temporary_lhs
// CHECK: hlfir.designate %[[COPY]]
// CHECK-NOT: hlfir.designate %[[W]]
// CHECK: return
acc.firstprivate.recipe @fp_4xf32 : !fir.ref<!fir.array<4xf32>> init {
^bb0(%arg0: !fir.ref<!fir.array<4xf32>>):
  %0 = fir.alloca !fir.array<4xf32>
  acc.yield %0 : !fir.ref<!fir.array<4xf32>>
} copy {
^bb0(%arg0: !fir.ref<!fir.array<4xf32>>, %arg1: !fir.ref<!fir.array<4xf32>>):
  hlfir.assign %arg0 to %arg1 temporary_lhs : !fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>
  acc.terminator
}
func.func @firstprivate_copy(%w: !fir.ref<!fir.array<4xf32>>) {
  %fp = acc.firstprivate varPtr(%w : !fir.ref<!fir.array<4xf32>>) recipe(@fp_4xf32) -> !fir.ref<!fir.array<4xf32>> {name = "w"}
  acc.serial firstprivate(%fp : !fir.ref<!fir.array<4xf32>>) {
    %c1 = arith.constant 1 : index
    %e = hlfir.designate %fp (%c1) : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
    %one = arith.constant 1.0 : f32
    fir.store %one to %e : !fir.ref<f32>
    acc.yield
  }
  return
}

// -----

// A construct with several blocks (a loop with exit in a serial region):
// upstream's specialization inlined the first block only. Its control flow
// stays whole, in an scf.execute_region. (%a, a scalar without a clause,
// is firstprivate by OpenACC's implicit rules: the region writes a copy.)
// CHECK-LABEL: func.func @serial_exit(
// CHECK-SAME: %[[A:.*]]: !fir.ref<i32>, %[[C:.*]]: i1
// CHECK: %[[P:.*]]:2 = hlfir.declare
// CHECK-NEXT: %[[V:.*]] = fir.load %[[A]]
// CHECK-NEXT: fir.store %[[V]] to %[[P]]#0
// CHECK-NEXT: scf.execute_region {
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK: fir.store %{{.*}} to %[[P]]#0
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @serial_exit(%a: !fir.ref<i32>, %c: i1) {
  acc.serial {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %one = arith.constant 1 : i32
    fir.store %one to %a : !fir.ref<i32>
    cf.br ^bb2
  ^bb2:
    acc.yield
  }
  return
}

// -----

// atomic update x = max(x, e): flang's expression is a compare and a
// select; upstream's host lowering kept the compare only (and stored it).
// (x, a scalar without a clause, is firstprivate: its copy is updated.)
// CHECK-LABEL: func.func @atomic_max(
// CHECK-SAME: %[[X:.*]]: !fir.ref<i32>, %[[E:.*]]: i32
// CHECK: %[[P:.*]]:2 = hlfir.declare
// CHECK: fir.store %{{.*}} to %[[P]]#0 : !fir.ref<i32>
// CHECK-NEXT: %[[V:.*]] = fir.load %[[P]]#0 : !fir.ref<i32>
// CHECK-NEXT: %[[GT:.*]] = arith.cmpi sgt, %[[V]], %[[E]] : i32
// CHECK-NEXT: %[[M:.*]] = arith.select %[[GT]], %[[V]], %[[E]] : i32
// CHECK-NEXT: fir.store %[[M]] to %[[P]]#0 : !fir.ref<i32>
// CHECK-NEXT: return
func.func @atomic_max(%x: !fir.ref<i32>, %e: i32) {
  acc.serial {
    acc.atomic.update %x : !fir.ref<i32> {
    ^bb0(%v: i32):
      %gt = arith.cmpi sgt, %v, %e : i32
      %m = arith.select %gt, %v, %e : i32
      acc.yield %m : i32
    }
    acc.yield
  }
  return
}

// -----

// acc-specialize-for-host keeps a loop's step, and scf.for runs no
// iteration with a negative one: the loop first counts k = 0 .. 10 by 1
// (32 to 1 by -3: 11 trips), its variable 32 + k * -3.
// CHECK-LABEL: func.func @negative_step(
// CHECK-SAME: %[[A:.*]]: !fir.ref<!fir.array<32xi32>>
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i32
// CHECK-DAG: %[[CM3:.*]] = arith.constant -3 : i32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C11:.*]] = arith.constant 11 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: scf.for %[[K:.*]] = %[[C0]] to %[[C11]] step %[[C1]] {
// CHECK-NEXT: %[[KI:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK-NEXT: %[[S:.*]] = arith.muli %[[KI]], %[[CM3]] : i32
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[S]], %[[C32]] : i32
// CHECK: fir.store %[[I]] to
func.func @negative_step(%a: !fir.ref<!fir.array<32xi32>>) {
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %cm3 = arith.constant -3 : i32
  acc.serial {
    acc.loop control(%i : i32) = (%c32 : i32) to (%c1 : i32) step (%cm3 : i32) {
      %ii = fir.convert %i : (i32) -> index
      %p = fir.coordinate_of %a, %ii : (!fir.ref<!fir.array<32xi32>>, index) -> !fir.ref<i32>
      fir.store %i to %p : !fir.ref<i32>
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, seq = [#acc.device_type<none>]}
    acc.yield
  }
  return
}

// -----

// firstprivate of a section (flang-22: bounds, a recipe sized for the section
// that indexes past it, and a region that uses the variable itself): the
// whole array is copied and the region writes the copy, never the variable.
// CHECK-LABEL: func.func @_QPsection(
// CHECK-SAME: %[[W:.*]]: !fir.ref<!fir.array<10xi32>>
// CHECK: %[[S:.*]] = fir.alloca !fir.array<10xi32>
// CHECK-NEXT: %[[C:.*]]:2 = hlfir.declare %[[S]]
// CHECK-NEXT: hlfir.assign %[[W]] to %[[C]]#0 temporary_lhs
// CHECK-NEXT: %[[E:.*]] = hlfir.designate %[[C]]#0
// CHECK-NEXT: hlfir.assign %{{.*}} to %[[E]]
// CHECK-NOT: hlfir.assign {{.*}} to %[[W]]
acc.firstprivate.recipe @firstprivatization_section_lb2.ub5_ref_4xi32 : !fir.ref<!fir.array<4xi32>> init {
^bb0(%arg0: !fir.ref<!fir.array<4xi32>>):
  %0 = fir.alloca !fir.array<4xi32>
  acc.yield %0 : !fir.ref<!fir.array<4xi32>>
} copy {
^bb0(%arg0: !fir.ref<!fir.array<4xi32>>, %arg1: !fir.ref<!fir.array<4xi32>>):
  acc.terminator
}
func.func @_QPsection(%w: !fir.ref<!fir.array<10xi32>>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %b = acc.bounds lowerbound(%c2 : index) upperbound(%c5 : index) extent(%c5 : index) stride(%c1 : index) startIdx(%c1 : index)
  %fp = acc.firstprivate varPtr(%w : !fir.ref<!fir.array<10xi32>>) bounds(%b) recipe(@firstprivatization_section_lb2.ub5_ref_4xi32) -> !fir.ref<!fir.array<4xi32>> {name = "w(3:6)"}
  acc.serial firstprivate(%fp : !fir.ref<!fir.array<4xi32>>) {
    %c4 = arith.constant 4 : index
    %e = hlfir.designate %w (%c4) : (!fir.ref<!fir.array<10xi32>>, index) -> !fir.ref<i32>
    %m1 = arith.constant -1 : i32
    hlfir.assign %m1 to %e : i32, !fir.ref<i32>
    acc.yield
  }
  return
}

// -----

// OpenACC's implicit data attributes: a scalar a serial (or parallel)
// construct uses without a clause is firstprivate, so the region writes a
// copy; a module variable its module declares (acc.declare) is present,
// the variable itself on the host.
// CHECK-LABEL: func.func @implicit(
// CHECK-SAME: %[[S:.*]]: !fir.ref<i32>
// CHECK: %[[P:.*]]:2 = hlfir.declare %{{.*}} {uniq_name = ""}
// CHECK: %[[G:.*]] = fir.address_of(@_QMmEcnt)
// CHECK-NEXT: %[[GD:.*]]:2 = hlfir.declare %[[G]]
// CHECK: fir.store %{{.*}} to %[[P]]#0 : !fir.ref<i32>
// CHECK-NEXT: fir.store %{{.*}} to %[[GD]]#0 : !fir.ref<f64>
// CHECK-NOT: fir.store {{.*}} to %[[S]]
func.func @implicit(%s: !fir.ref<i32>) {
  %0 = fir.address_of(@_QMmEcnt) : !fir.ref<f64>
  %1:2 = hlfir.declare %0 {uniq_name = "_QMmEcnt"} : (!fir.ref<f64>) -> (!fir.ref<f64>, !fir.ref<f64>)
  acc.serial {
    %c7 = arith.constant 7 : i32
    %c1 = arith.constant 1.0 : f64
    fir.store %c7 to %s : !fir.ref<i32>
    fir.store %c1 to %1#0 : !fir.ref<f64>
    acc.yield
  }
  return
}
fir.global @_QMmEcnt {acc.declare = #acc.declare<dataClause = acc_create>} : f64
