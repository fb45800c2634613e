// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// builtin.module: a named module with attributes, nested modules.

// CHECK-LABEL: module @outer attributes {mesh.tag = 3}
module @outer attributes {mesh.tag = 3} {
  // CHECK: module @inner {
  builtin.module @inner {
    // CHECK: func.func @f()
    func.func @f() {
      return
    }
  }
  // CHECK: module {
  module {
  }
}
