// Remarks from passes are diagnostics too: shown with --remarks, checked by --verify-diagnostics.
// RUN: meshc compile %s -p symbol-dce --remarks --verify-diagnostics | filecheck %s
// Without --remarks nothing is reported:
// RUN: meshc compile %s -p symbol-dce 2>&1 | filecheck %s --check-prefix=QUIET

// CHECK:     func.func @main
// CHECK-NOT: @unused
// QUIET-NOT: remark

// expected-remark @below {{erased unused private symbol '@unused'}}
func.func private @unused() {
  return
}

func.func @main() {
  return
}
