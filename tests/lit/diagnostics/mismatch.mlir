// --verify-diagnostics reports unexpected diagnostics at their location,
// unmet expectations and kind mismatches at the directive, malformed directives;
// it exits 1 and leaves the other chunks' output alone.
// RUN: not meshc compile %S/Inputs/mismatch.mlir -p "" --split-input-file --verify-diagnostics 2>&1 >/dev/null | filecheck %s --strict-whitespace

// CHECK:      mismatch.mlir:3:23: error: unexpected error: use of undeclared SSA value name '%b'
// CHECK-NEXT: {{^}}  %c = arith.addi %a, %b : i32
// CHECK-NEXT: {{^}}                      ^
// CHECK-NEXT: mismatch.mlir:9:4: error: expected error "this never happens" was not produced
// CHECK-NEXT: {{^}}// expected-error @+1 {{[{][{]}}this never happens{{[}][}]}}
// CHECK-NEXT: {{^}}   ^
// CHECK-NEXT: mismatch.mlir:17:6: error: 'error' diagnostic emitted when expecting a 'warning'
// CHECK:      mismatch.mlir:24:4: error: malformed 'expected-error' directive: expected '{{[{][{]}}message{{[}][}]}}' at the end of the line
