// symbol-dce: private symbols that no live op references are erased.
// RUN: meshc compile %s -p symbol-dce | filecheck %s
// RUN: meshc compile %s -p symbol-dce --remarks 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK

// CHECK-NOT:   @dead
// CHECK-NOT:   @dead_cycle_a
// CHECK-LABEL: func.func private @used(f32) -> f32
// CHECK-LABEL: func.func private @used_by_used(
// CHECK-LABEL: func.func @public_but_unused(
// CHECK-LABEL: func.func @main(
// CHECK-NOT:   @dead

// REMARK-DAG: symbol-dce.mlir:[[# @LINE + 5]]:1: remark: erased unused private symbol '@dead'
// REMARK-DAG: remark: erased unused private symbol '@dead_cycle_a'
// REMARK-DAG: remark: erased unused private symbol '@dead_cycle_b'
// REMARK-NOT: '@used

func.func private @dead(%x: f32) -> f32 {
  return %x : f32
}

// Two private functions that only call each other are both dead.
func.func private @dead_cycle_a(%x: f32) -> f32 {
  %y = func.call @dead_cycle_b(%x) : (f32) -> f32
  return %y : f32
}
func.func private @dead_cycle_b(%x: f32) -> f32 {
  %y = func.call @dead_cycle_a(%x) : (f32) -> f32
  return %y : f32
}

func.func private @used(f32) -> f32

func.func private @used_by_used(%x: f32) -> f32 {
  %y = func.call @used(%x) : (f32) -> f32
  return %y : f32
}

func.func @public_but_unused() {
  return
}

func.func @main(%x: f32) -> f32 {
  %y = func.call @used_by_used(%x) : (f32) -> f32
  return %y : f32
}
