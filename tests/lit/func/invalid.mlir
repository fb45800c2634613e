// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

// Counts, attribute kinds and the parent of func.return come from the op
// definitions (meshc/ir/opdef.py).

// expected-error @+1 {{'func.func' op requires a string attribute 'sym_name'}}
"func.func"() ({
}) {function_type = () -> (), sym_visibility = "private"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op expected 1 regions, but found 0}}
"func.func"() {sym_name = "f", function_type = () -> ()} : () -> ()

// -----

// expected-error @+1 {{'func.func' op attribute 'function_type' must be a function type, got '1'}}
"func.func"() ({
}) {sym_name = "f", function_type = 1, sym_visibility = "private"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op visibility must be 'public', 'private' or 'nested', got '"hidden"'}}
func.func @f() attributes {sym_visibility = "hidden"} {
  return
}

// -----

func.func @return_with_result() {
  // expected-error @+1 {{'func.return' op expected 0 results, but found 1}}
  %x = "func.return"() : () -> i32
}

// -----

func.func @return_count(%a: f32) -> f32 {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@return_count) returns 1}}
  return
}

// -----

func.func @return_type(%a: f32) -> i32 {
  // expected-error @+1 {{'func.return' op type of return operand 0 ('f32') doesn't match function result type ('i32') in function @return_type}}
  return %a : f32
}

// -----

func.func @return_outside_func() {
  "scf.execute_region"() ({
    // expected-error @+1 {{'func.return' op expects parent op to be one of 'func.func, util.func'}}
    "func.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @call_without_callee(%a: f32) {
  // expected-error @+1 {{'func.call' op requires attribute 'callee'}}
  "func.call"(%a) : (f32) -> ()
  return
}

// -----

// expected-note @+1 {{callee declared here}}
func.func private @g(f32) -> f32

func.func @call_operand_type(%a: i32) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'f32', but provided 'i32' for operand number 0}}
  %r = func.call @g(%a) : (i32) -> f32
  return
}

// -----

func.func @missing_terminator(%a: f32) {
  // expected-error @-1 {{'func.func' op block must end with a terminator such as 'func.return'}}
  %b = arith.addf %a, %a : f32
}
