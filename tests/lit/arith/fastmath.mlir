// Fast-math and overflow flags as upstream mlir-opt prints and reads them: `fastmath<...>` /
// `overflow<...>` in the custom form, `#arith.fastmath<...>` / `#arith.overflow<...>` attributes in the
// generic form (fastmath flags joined by ",", overflow flags by ", "; `fast` for all fastmath bits;
// `none`, the default, left out of the custom form). Custom -> generic -> custom prints the same.
// RUN: meshc-opt %s | FileCheck %s
// RUN: meshc-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// RUN: meshc-opt %s --mlir-print-op-generic | meshc-opt | FileCheck %s
// RUN: meshc-opt %s --mlir-print-op-generic | meshc-opt --mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | FileCheck %s

// CHECK-LABEL: func.func @custom
// CHECK-NEXT: arith.addf %{{.*}}, %{{.*}} fastmath<fast> : f32
// CHECK-NEXT: arith.mulf %{{.*}}, %{{.*}} fastmath<nnan,ninf> : f32
// CHECK-NEXT: arith.subf %{{.*}}, %{{.*}} fastmath<reassoc,contract> : f32
// CHECK-NEXT: arith.divf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: arith.negf %{{.*}} fastmath<nsz> : f32
// CHECK-NEXT: arith.cmpf olt, %{{.*}}, %{{.*}} fastmath<nnan> : f32
// CHECK-NEXT: arith.extf %{{.*}} fastmath<afn> : f32 to f64
// CHECK-NEXT: math.exp %{{.*}} fastmath<fast> : f32
// CHECK-NEXT: math.powf %{{.*}}, %{{.*}} fastmath<ninf,arcp> : f32
// CHECK-NEXT: math.fma %{{.*}}, %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK-NEXT: arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK-NEXT: arith.muli %{{.*}}, %{{.*}} overflow<nuw> : i32
// GEN: "func.func"() ({
// GEN: "arith.addf"(%{{.*}}, %{{.*}}) {fastmath = #arith.fastmath<fast>}
// GEN: "arith.mulf"(%{{.*}}, %{{.*}}) {fastmath = #arith.fastmath<nnan,ninf>}
// GEN: "arith.subf"(%{{.*}}, %{{.*}}) {fastmath = #arith.fastmath<reassoc,contract>}
// GEN: "arith.divf"(%{{.*}}, %{{.*}}) {fastmath = #arith.fastmath<none>}
// GEN: "arith.negf"(%{{.*}}) {fastmath = #arith.fastmath<nsz>}
// GEN: "arith.cmpf"(%{{.*}}, %{{.*}}) {{.*}}fastmath = #arith.fastmath<nnan>
// GEN: "arith.extf"(%{{.*}}) {fastmath = #arith.fastmath<afn>}
// GEN: "math.exp"(%{{.*}}) {fastmath = #arith.fastmath<fast>}
// GEN: "math.powf"(%{{.*}}, %{{.*}}) {fastmath = #arith.fastmath<ninf,arcp>}
// GEN: "math.fma"(%{{.*}}, %{{.*}}, %{{.*}}) {fastmath = #arith.fastmath<contract>}
// GEN: "arith.addi"(%{{.*}}, %{{.*}}) {overflowFlags = #arith.overflow<nsw, nuw>}
// GEN: "arith.muli"(%{{.*}}, %{{.*}}) {overflowFlags = #arith.overflow<nuw>}
func.func @custom(%a: f32, %b: f32, %i: i32) -> (f32, f32, f32, f32, f32, i1, f64, f32, f32, f32, i32, i32) {
  %0 = arith.addf %a, %b fastmath<fast> : f32
  // the order of the flags is upstream's (the bits'), whatever the input's
  %1 = arith.mulf %a, %b fastmath<ninf, nnan> : f32
  %2 = arith.subf %a, %b fastmath<contract,reassoc> : f32
  %3 = arith.divf %a, %b fastmath<none> : f32
  %4 = arith.negf %a fastmath<nsz> : f32
  %5 = arith.cmpf olt, %a, %b fastmath<nnan> : f32
  %6 = arith.extf %a fastmath<afn> : f32 to f64
  // every flag is `fast`
  %7 = math.exp %a fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %8 = math.powf %a, %b fastmath<arcp,ninf> : f32
  %9 = math.fma %a, %b, %a fastmath<contract> : f32
  %10 = arith.addi %i, %i overflow<nuw, nsw> : i32
  %11 = arith.muli %i, %i overflow<nuw> : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f32, f32, f32, f32, f32, i1, f64, f32, f32, f32, i32, i32
}

// The generic form as upstream prints it (attribute or property) reads back into the custom form.
// CHECK-LABEL: func.func @generic
// CHECK-NEXT: arith.addf %{{.*}}, %{{.*}} fastmath<nnan,ninf> : f32
// CHECK-NEXT: arith.mulf %{{.*}}, %{{.*}} fastmath<fast> : f32
// CHECK-NEXT: arith.subf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: math.sqrt %{{.*}} fastmath<afn> : f32
// CHECK-NEXT: arith.subi %{{.*}}, %{{.*}} overflow<nsw> : i32
// GEN: sym_name = "custom"
// GEN: "arith.addf"(%{{.*}}, %{{.*}}) {fastmath = #arith.fastmath<nnan,ninf>}
// GEN: "arith.mulf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<fast>}>
// GEN: "arith.subf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>}>
// GEN: "math.sqrt"(%{{.*}}) {fastmath = #arith.fastmath<afn>}
// GEN: "arith.subi"(%{{.*}}, %{{.*}}) <{overflowFlags = #arith.overflow<nsw>}>
func.func @generic(%a: f32, %b: f32, %i: i32) -> (f32, f32, f32, f32, i32) {
  %0 = "arith.addf"(%a, %b) {fastmath = #arith.fastmath<nnan,ninf>} : (f32, f32) -> f32
  %1 = "arith.mulf"(%a, %b) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
  %2 = "arith.subf"(%a, %b) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %3 = "math.sqrt"(%a) {fastmath = #arith.fastmath<afn>} : (f32) -> f32
  %4 = "arith.subi"(%i, %i) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, i32
}
