// SSA names and block labels that are not MLIR suffix-ids ([a-zA-Z$._-][a-zA-Z0-9$._-]* or digits,
// ASCII) are renumbered on print, as mlir-opt does; valid ones are kept. Printing is a fixed point.
// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" > %t && meshc compile %t -p "" | diff %t -
// RUN: meshc compile %s -p "" --generic > %t.g && meshc compile %t.g -p "" --generic | diff %t.g -

// CHECK-LABEL: func.func @names(%arg0: f32, %-x: f32, %$y.z: f32) -> f32 {
// CHECK-NEXT:    %0 = "x.op"(%arg0, %-x, %$y.z) : (f32, f32, f32) -> (f32)
// CHECK-NEXT:    %1 = "x.op"(%0) : (f32) -> (f32)
// CHECK-NEXT:    %ok_1 = "x.op"(%1) : (f32) -> (f32)
// CHECK-NEXT:    "x.br"(%ok_1)[^bb1] : (f32) -> ()
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    "x.br"()[^7] : () -> ()
// CHECK-NEXT:  ^7:
// CHECK-NEXT:    return %ok_1 : f32
func.func @names(%aö: f32, %-x: f32, %$y.z: f32) -> f32 {
  %rö = "x.op"(%aö, %-x, %$y.z) : (f32, f32, f32) -> f32
  %ö = "x.op"(%rö) : (f32) -> f32
  %ok_1 = "x.op"(%ö) : (f32) -> f32
  "x.br"(%ok_1)[^bö] : (f32) -> ()
^bö:
  "x.br"()[^7] : () -> ()
^7:
  return %ok_1 : f32
}
