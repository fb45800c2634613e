// scf.while / scf.condition verifier and parser errors, worded as mlir-opt words them.
// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

func.func @header_types(%x: f32) {
  %c = arith.constant true
  // expected-error @+1 {{expected as many input types as operands (expected 1 got 2)}}
  scf.while (%a = %x) : (f32, f32) -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}

// -----

func.func @before_terminator() {
  // expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  scf.while : () -> () {
    // expected-note @+1 {{terminator here}}
    scf.yield
  } do {
    scf.yield
  }
  return
}

// -----

func.func @after_terminator(%c: i1) {
  // expected-error @+1 {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
  "scf.while"() ({
    scf.condition(%c)
  }, {
    // expected-note @+1 {{terminator here}}
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @empty_before() {
  // expected-error @+1 {{'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks}}
  "scf.while"() ({
  }, {
    scf.yield
  }) : () -> ()
  return
}

// -----

func.func @forwarded_count(%c: i1) {
  // expected-error @+1 {{'scf.while' op region control flow edge from Region #0 to Region #1: source has 0 operands, but target successor needs 1}}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
  ^bb0(%a: f32):
    scf.yield
  }
  return
}

// -----

func.func @forwarded_type(%c: i1, %x: i32) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Region #0 to Region #1: source type #0 'i32' should match input type #0 'f32'}}
  scf.while : () -> () {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%a: f32):
    scf.yield
  }
  return
}

// -----

func.func @result_count(%c: i1, %x: i32) {
  // expected-error @+1 {{'scf.while' op region control flow edge from Region #0 to parent results: source has 1 operands, but target successor needs 0}}
  scf.while : () -> () {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%a: i32):
    scf.yield
  }
  return
}

// -----

func.func @yield_back(%x: i32, %y: f32) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Region #1 to Region #0: source type #0 'f32' should match input type #0 'i32'}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %y : f32
  }
  return
}

// -----

func.func @block_args(%x: i32) {
  // expected-error @+1 {{'scf.while' op along control flow edge from parent operands to Region #0: source type #0 'i32' should match input type #0 'f32'}}
  %r = "scf.while"(%x) ({
  ^bb0(%a: f32):
    %c = arith.constant true
    scf.condition(%c) %x : i32
  }, {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @condition_parent(%c: i1) {
  "test.region"() ({
    // expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
    scf.condition(%c)
  }) : () -> ()
  return
}

// -----

func.func @condition_type(%x: i32) {
  // expected-error @+3 {{'scf.condition' op operand #0 must be i1}}
  "scf.while"() ({
  ^bb0:
    "scf.condition"(%x) : (i32) -> ()
  }, {
    scf.yield
  }) : () -> ()
  return
}
