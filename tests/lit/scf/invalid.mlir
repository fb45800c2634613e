// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

func.func @yield_type(%n: index, %x: f32) -> f32 {
  %r = scf.for %i = %n to %n step %n iter_args(%a = %x) -> (f32) {
    // expected-error @+1 {{'scf.yield' op type of operand #0 ('index') does not match result #0 of the parent 'scf.for' ('f32')}}
    scf.yield %i : index
  }
  return %r : f32
}

// -----

func.func @iter_args_types(%n: index, %x: f32) {
  // expected-error @+1 {{expected as many iter_args types as iter_args: 2 iter_args but 1 types}}
  %r = scf.for %i = %n to %n step %n iter_args(%a = %x, %b = %x) -> (f32) {
    scf.yield %a : f32
  }
  return
}

// -----

func.func @zero_step(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.for' op constant step operand must be positive, got 0}}
  scf.for %i = %n to %n step %c0 {
  }
  return
}

// -----

func.func @if_without_else(%c: i1, %x: f32) -> f32 {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  }
  return %r : f32
}

// -----

func.func @if_yield_count(%c: i1, %x: f32) -> f32 {
  %r = scf.if %c -> (f32) {
    // expected-error @+1 {{'scf.yield' op has 0 operands, but parent 'scf.if' has 1 results}}
    scf.yield
  } else {
    scf.yield %x : f32
  }
  return %r : f32
}

// -----

func.func @forall_bounds() {
  // expected-error @+1 {{'scf.forall' has 2 induction variables but 1 upper bounds}}
  scf.forall (%i, %j) in (4) {
  }
  return
}

// -----

func.func @forall_outs(%t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.forall' has 1 shared_outs but 2 result types}}
  %a, %b = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>, tensor<4xf32>) {
  }
  return
}

// -----

func.func @forall_step() {
  // expected-error @+1 {{'scf.forall' op expects positive steps, got step #0 = 0}}
  scf.forall (%i) = (0) to (8) step (0) {
  }
  return
}

// -----

func.func @forall_mapping() {
  // expected-error @+1 {{'scf.forall' op mapping attribute size must match op rank (2), got 1}}
  scf.forall (%i, %j) in (4, 4) {
  } {mapping = [#gpu.thread<x>]}
  return
}

// -----

func.func @in_parallel_parent(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{'scf.forall.in_parallel' op expects parent op 'scf.forall', got 'scf.if'}}
    scf.forall.in_parallel {
    }
  }
  return
}

// -----

func.func @yield_parent() {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

// The derived checks (meshc/ir/opdef.py) run on the generic form too.
func.func @if_condition_kind(%c: i32) {
  // expected-error @+1 {{'scf.if' op operand #0 must be i1, but got 'i32'}}
  "scf.if"(%c) ({
    scf.yield
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @for_arity(%n: index) {
  // expected-error @+1 {{'scf.for' op expected at least 3 operands, but found 2}}
  "scf.for"(%n, %n) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, index) -> ()
  return
}

// -----

func.func @forall_static_step_missing(%t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.forall' op requires array<i64: ...> attribute 'staticStep'}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : () -> ()
  return
}

// -----

func.func @execute_region_yield_type(%x: f32) -> i32 {
  // expected-error @+1 {{'scf.execute_region' op along control flow edge from Region #0 to parent results: source type #0 'f32' should match input type #0 'i32'}}
  %r = scf.execute_region -> i32 {
    scf.yield %x : f32
  }
  return %r : i32
}

// -----

func.func @execute_region_arguments(%x: f32) -> f32 {
  // expected-error @+1 {{'scf.execute_region' op region cannot have any arguments}}
  %r = "scf.execute_region"() ({
  ^bb0(%a: f32):
    scf.yield %a : f32
  }) : () -> f32
  return %r : f32
}
