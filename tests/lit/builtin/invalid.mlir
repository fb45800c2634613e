// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

func.func @module_with_operand(%a: i32) {
  // expected-error @+1 {{'builtin.module' op expected 0 operands, but found 1}}
  "builtin.module"(%a) ({
  }) : (i32) -> ()
  return
}

// -----

// expected-error @+1 {{'builtin.module' op expected 1 regions, but found 0}}
"builtin.module"() : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op expected 0 results, but found 1}}
%m = "builtin.module"() ({
}) : () -> i32

// -----

// expected-error @+1 {{'builtin.module' op attribute 'sym_name' must be a string, got '1'}}
"builtin.module"() ({
}) {sym_name = 1} : () -> ()

// -----

module {
  // expected-note @+1 {{see existing symbol definition here}}
  func.func @f() {
    return
  }
  // expected-error @+1 {{redefinition of symbol named 'f'}}
  func.func @f() {
    return
  }
}
