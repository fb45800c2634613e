// --split-input-file prints each chunk's module, joined by '// -----'; a chunk
// that fails is reported with the file's own line numbers and the others still print.
// RUN: not meshc compile %s -p "" --split-input-file 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=ERR < %t.err

// CHECK:      module {
// CHECK-NEXT:   func.func @first() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @third() {
// CHECK-NOT:  // -----

// ERR: split-input-file.mlir:[[# @LINE + 9]]:3: error: 'func.return' op has 1 operands, but enclosing function (@second) returns 0

func.func @first() {
  return
}

// -----

func.func @second(%a: i32) {
  return %a : i32
}

// -----

func.func @third() {
  return
}
