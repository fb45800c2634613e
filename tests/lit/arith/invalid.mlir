// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

// Arity, result and region counts come from the op definitions
// (meshc/ir/opdef.py): the generic form cannot build an op its custom form
// could not print.

func.func @addf_one_operand(%a: f32) {
  // expected-error @+1 {{'arith.addf' op expected 2 operands, but found 1}}
  %x = "arith.addf"(%a) : (f32) -> f32
  return
}

// -----

func.func @negf_two_operands(%a: f32) {
  // expected-error @+1 {{'arith.negf' op expected 1 operands, but found 2}}
  %x = "arith.negf"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @cmpi_no_result(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' op expected 1 results, but found 0}}
  "arith.cmpi"(%a, %a) {predicate = "eq"} : (i32, i32) -> ()
  return
}

// -----

func.func @select_with_region(%c: i1, %a: f32) {
  // expected-error @+1 {{'arith.select' op expected 0 regions, but found 1}}
  %x = "arith.select"(%c, %a, %a) ({
  }) : (i1, f32, f32) -> f32
  return
}

// -----

func.func @constant_without_value() {
  // expected-error @+1 {{'arith.constant' op requires attribute 'value'}}
  %c = "arith.constant"() : () -> i32
  return
}

// -----

func.func @constant_property_type() {
  // expected-error @+1 {{'arith.constant' op value type 'i64' does not match result type 'i32'}}
  %c = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return
}

// -----

func.func @addf_on_integers(%a: i32) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %x = arith.addf %a, %a : i32
  return
}

// -----

func.func @addi_on_floats(%a: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %x = arith.addi %a, %a : f32
  return
}

// -----

func.func @mixed_types(%a: f32, %b: f64) {
  // expected-error @+1 {{'arith.addf' op requires the same type for all operands and results: operand #1 is 'f64', result is 'f32'}}
  %x = "arith.addf"(%a, %b) : (f32, f64) -> f32
  return
}

// -----

func.func @fastmath_kind(%a: f32) {
  // expected-error @+1 {{'arith.addf' op attribute 'fastmath' must be fast-math flags such as '#arith.fastmath<fast>', got '1'}}
  %x = "arith.addf"(%a, %a) <{fastmath = 1}> : (f32, f32) -> f32
  return
}

// -----

func.func @cmpi_predicate(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' has an unknown comparison predicate 'foo'}}
  %x = arith.cmpi foo, %a, %a : i32
  return
}

// -----

func.func @cmpi_result(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' op result type must be 'i1', got 'i32'}}
  %x = "arith.cmpi"(%a, %a) {predicate = "eq"} : (i32, i32) -> i32
  return
}

// -----

func.func @cmpf_operands(%a: f32, %b: f64) {
  // expected-error @+1 {{'arith.cmpf' op requires all operands to have the same type, got 'f32' and 'f64'}}
  %x = "arith.cmpf"(%a, %b) {predicate = "oeq"} : (f32, f64) -> i1
  return
}

// -----

func.func @extf_narrows(%a: f32) {
  // expected-error @+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %x = arith.extf %a : f32 to f16
  return
}

// -----

func.func @select_condition(%c: i32, %a: f32) {
  // expected-error @+1 {{'arith.select' op condition must be i1 or a shaped type of i1, got 'i32'}}
  %x = "arith.select"(%c, %a, %a) : (i32, f32, f32) -> f32
  return
}

// -----

func.func @fastmath_unknown_flag(%a: f32) {
  // expected-error @+1 {{unknown fastmath flag 'fsat': expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  %x = arith.addf %a, %a fastmath<nnan,fsat> : f32
  return
}

// -----

func.func @fastmath_unknown_flag_generic(%a: f32) {
  // expected-error @+1 {{invalid '#arith.fastmath' attribute: unknown fastmath flag 'quick'}}
  %x = "arith.addf"(%a, %a) {fastmath = #arith.fastmath<quick>} : (f32, f32) -> f32
  return
}

// -----

func.func @overflow_unknown_flag(%a: i32) {
  // expected-error @+1 {{unknown overflow flag 'nsz': expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
  %x = arith.addi %a, %a overflow<nsz> : i32
  return
}

// -----

func.func @fastmath_string(%a: f32) {
  // expected-error @+1 {{'arith.mulf' op attribute 'fastmath' must be fast-math flags such as '#arith.fastmath<fast>', got '"fast"'}}
  %x = "arith.mulf"(%a, %a) {fastmath = "fast"} : (f32, f32) -> f32
  return
}

// -----

func.func @overflow_on_fastmath_kind(%a: i32) {
  // expected-error @+1 {{'arith.addi' op attribute 'overflowFlags' must be overflow flags such as '#arith.overflow<nsw>', got '#arith.fastmath<fast>'}}
  %x = "arith.addi"(%a, %a) {overflowFlags = #arith.fastmath<fast>} : (i32, i32) -> i32
  return
}
