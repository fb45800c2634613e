// Errors render like mlir-opt: location, message, the source line, a caret, then notes
// with their own location and source line. Bad input exits 1 without a traceback.
// RUN: not meshc compile %S/Inputs/call-mismatch.mlir 2>&1 | filecheck %s --strict-whitespace

// CHECK:      call-mismatch.mlir:6:8: error: 'func.call' op operand type mismatch: expected operand type 'f32', but provided 'i32' for operand number 0
// CHECK-NEXT: {{^}}  %r = func.call @callee(%x) : (i32) -> f32
// CHECK-NEXT: {{^}}       ^
// CHECK-NEXT: call-mismatch.mlir:3:1: note: callee declared here
// CHECK-NEXT: {{^}}func.func private @callee(f32) -> f32
// CHECK-NEXT: {{^}}^
// CHECK-NOT:  Traceback
