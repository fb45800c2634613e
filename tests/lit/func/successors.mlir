// MLIR's generic form with a successor list: "op"(operands)[^succ1, ^succ2] <{props}> ({regions})
// {attrs} : type. The blocks may be referenced before they are defined; a branch's block operands are
// operands of the op (as in MLIR). Custom and generic forms print the successors and parse again
// (cf.br, which meshc knows, prints in its custom form 'cf.br ^exit(%a : i32)').
// RUN: meshc compile %s -p "" --split-input-file | filecheck %s
// RUN: meshc compile %s -p "" --split-input-file | meshc compile - -p "" --split-input-file | filecheck %s
// RUN: meshc compile %s -p "" --split-input-file --generic | meshc compile - -p "" --split-input-file | filecheck %s
// RUN: meshc compile %s -p "" --split-input-file --generic | filecheck %s --check-prefix=GENERIC
// RUN: meshc compile %s -p canonicalize,cse,symbol-dce --split-input-file | filecheck %s

// CHECK-LABEL: func.func @diamond(%c: i1, %x: i32, %y: i32) -> i32 {
// CHECK-NEXT:    "cf.cond_br"(%c, %x, %y)[^then, ^else] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
// CHECK-NEXT:  ^then(%a: i32):
// CHECK-NEXT:    cf.br ^exit(%a : i32)
// CHECK-NEXT:  ^else(%b: i32):
// CHECK-NEXT:    cf.br ^exit(%b : i32)
// CHECK-NEXT:  ^exit(%r: i32):
// CHECK-NEXT:    return %r : i32
// CHECK-NEXT:  }
// GENERIC-LABEL: "func.func"() ({
// GENERIC-NEXT:  ^bb0(%c: i1, %x: i32, %y: i32):
// GENERIC-NEXT:    "cf.cond_br"(%c, %x, %y)[^then, ^else] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
// GENERIC-NEXT:  ^then(%a: i32):
// GENERIC-NEXT:    "cf.br"(%a)[^exit] : (i32) -> ()
// GENERIC:       ^exit(%r: i32):
// GENERIC-NEXT:    "func.return"(%r) : (i32) -> ()
// GENERIC-NEXT:  }) {sym_name = "diamond", function_type = (i1, i32, i32) -> i32} : () -> ()
func.func @diamond(%c: i1, %x: i32, %y: i32) -> i32 {
  "cf.cond_br"(%c, %x, %y)[^then, ^else] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
^then(%a: i32):
  "cf.br"(%a)[^exit] : (i32) -> ()
^else(%b: i32):
  "cf.br"(%b)[^exit] : (i32) -> ()
^exit(%r: i32):
  return %r : i32
}

// -----

// A loop (a block branching to itself), a numeric label, and a label reused in a nested region
// (labels are scoped by region).
// CHECK-LABEL: func.func @loop(%n: index) {
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    "x.region"() ({
// CHECK-NEXT:    ^bb0:
// CHECK-NEXT:      "x.br"()[^bb1] : () -> ()
// CHECK-NEXT:    ^bb1:
// CHECK-NEXT:      "x.end"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "cf.cond_br"(%n)[^bb1, ^2] : (index) -> ()
// CHECK-NEXT:  ^2:
// CHECK-NEXT:    return
func.func @loop(%n: index) {
  "cf.br"()[^bb1] : () -> ()
^bb1:
  "x.region"() ({
    "x.br"()[^bb1] : () -> ()
  ^bb1:
    "x.end"() : () -> ()
  }) : () -> ()
  "cf.cond_br"(%n)[^bb1, ^2] : (index) -> ()
^2:
  return
}

// -----

// An unregistered op at the top level branching between the blocks of its own region.
// CHECK-LABEL: "x.graph"() ({
// CHECK-NEXT:  ^entry:
// CHECK-NEXT:    "x.jump"()[^next] : () -> ()
// CHECK-NEXT:  ^next:
// CHECK-NEXT:    "x.stop"() : () -> ()
// CHECK-NEXT:  }) : () -> ()
"x.graph"() ({
^entry:
  "x.jump"()[^next] : () -> ()
^next:
  "x.stop"() : () -> ()
}) : () -> ()
