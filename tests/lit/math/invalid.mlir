// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

// Arity and kinds derived from the op definitions (meshc/ir/opdef.py).

func.func @exp_two_results(%a: f32) {
  // expected-error @+1 {{'math.exp' op expected 1 results, but found 2}}
  %x:2 = "math.exp"(%a) : (f32) -> (f32, f32)
  return
}

// -----

func.func @powf_one_operand(%a: f32) {
  // expected-error @+1 {{'math.powf' op expected 2 operands, but found 1}}
  %x = "math.powf"(%a) : (f32) -> f32
  return
}

// -----

func.func @fma_two_operands(%a: f32) {
  // expected-error @+1 {{'math.fma' op expected 3 operands, but found 2}}
  %x = "math.fma"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @exp_on_integers(%a: i32) {
  // expected-error @+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %x = math.exp %a : i32
  return
}

// -----

func.func @absi_on_floats(%a: f32) {
  // expected-error @+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %x = math.absi %a : f32
  return
}

// -----

func.func @exp_result_type(%a: f32) {
  // expected-error @+1 {{'math.exp' op requires the same type for all operands and results: operand #0 is 'f32', result is 'f64'}}
  %x = "math.exp"(%a) : (f32) -> f64
  return
}

// -----

func.func @isnan_result(%a: f32) {
  // expected-error @+1 {{'math.isnan' op result type must be 'i1', got 'f32'}}
  %x = "math.isnan"(%a) : (f32) -> f32
  return
}
