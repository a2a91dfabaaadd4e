// RUN: %ompx opt %s --split-input-file --verify-diagnostics --ompx-unpaired-globals
//
// A device procedure's use of a variable that is not declare target, where
// this unit maps it: refused at the use, with the map in a note.

module {
  fir.global @_QMmEcoef : !fir.array<10xf32> {
    %0 = fir.zero_bits !fir.array<10xf32>
    fir.has_value %0 : !fir.array<10xf32>
  }
  func.func @_QMmPscaled(%i: index) -> f32 attributes {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (to), automap = false>} {
    %0 = fir.address_of(@_QMmEcoef) : !fir.ref<!fir.array<10xf32>>
    // The first statement using it, not the address (flang gives that the
    // variable's declaration).
    // expected-error@+1 {{'scaled' runs on the device and uses 'coef', which is not declare target}}
    %1 = fir.coordinate_of %0, %i : (!fir.ref<!fir.array<10xf32>>, index) -> !fir.ref<f32>
    %2 = fir.load %1 : !fir.ref<f32>
    return %2 : f32
  }
  func.func @_QQmain() {
    %0 = fir.address_of(@_QMmEcoef) : !fir.ref<!fir.array<10xf32>>
    %1 = omp.map.info var_ptr(%0 : !fir.ref<!fir.array<10xf32>>, !fir.array<10xf32>) map_clauses(to) capture(ByRef) -> !fir.ref<!fir.array<10xf32>> {name = "coef"}
    // The construct the map belongs to (the map's own location is the
    // variable's declaration).
    // expected-note@+1 {{'coef' is mapped here}}
    omp.target map_entries(%1 -> %arg0 : !fir.ref<!fir.array<10xf32>>) {
      omp.terminator
    }
    return
  }
}

// -----

// Declare target, not mapped, a constant, a host procedure: no error.
module {
  fir.global @_QMmEdeclared {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (enter), automap = false>} : f32 {
    %0 = fir.zero_bits f32
    fir.has_value %0 : f32
  }
  fir.global @_QMmEscratch : f32 {
    %0 = fir.zero_bits f32
    fir.has_value %0 : f32
  }
  fir.global @_QMmEhostonly : f32 {
    %0 = fir.zero_bits f32
    fir.has_value %0 : f32
  }
  func.func @_QMmPdevice() attributes {omp.declare_target = #omp.declaretarget<device_type = (nohost), capture_clause = (to), automap = false>} {
    %0 = fir.address_of(@_QMmEdeclared) : !fir.ref<f32>
    %1 = fir.load %0 : !fir.ref<f32>
    %2 = fir.address_of(@_QMmEscratch) : !fir.ref<f32>
    fir.store %1 to %2 : !fir.ref<f32>
    return
  }
  func.func @_QMmPhost() attributes {omp.declare_target = #omp.declaretarget<device_type = (host), capture_clause = (to), automap = false>} {
    %0 = fir.address_of(@_QMmEhostonly) : !fir.ref<f32>
    %1 = fir.load %0 : !fir.ref<f32>
    return
  }
  func.func @_QQmain() {
    %0 = fir.address_of(@_QMmEdeclared) : !fir.ref<f32>
    %1 = omp.map.info var_ptr(%0 : !fir.ref<f32>, f32) map_clauses(to) capture(ByRef) -> !fir.ref<f32> {name = "declared"}
    %2 = fir.address_of(@_QMmEhostonly) : !fir.ref<f32>
    %3 = omp.map.info var_ptr(%2 : !fir.ref<f32>, f32) map_clauses(to) capture(ByRef) -> !fir.ref<f32> {name = "hostonly"}
    omp.target map_entries(%1 -> %a0, %3 -> %a1 : !fir.ref<f32>, !fir.ref<f32>) {
      omp.terminator
    }
    return
  }
}

// -----

// A module variable another unit's device procedure uses undeclared (its
// module's record put ompx.device_uses on the declaration): a map of it is
// refused at its construct.
module {
  fir.global @_QMcoefmodEcoef {ompx.device_uses = "_QMcoefmodPscaled"} : !fir.array<10xf32>
  func.func @_QQmain() {
    %0 = fir.address_of(@_QMcoefmodEcoef) : !fir.ref<!fir.array<10xf32>>
    %1 = omp.map.info var_ptr(%0 : !fir.ref<!fir.array<10xf32>>, !fir.array<10xf32>) map_clauses(to) capture(ByRef) -> !fir.ref<!fir.array<10xf32>> {name = "coef"}
    // expected-error@+1 {{'coef' is used on the device by 'scaled' (module 'coefmod', compiled from another file) and is not declare target}}
    omp.target map_entries(%1 -> %arg0 : !fir.ref<!fir.array<10xf32>>) {
      omp.terminator
    }
    return
  }
}
