// Pass flags in mlir-opt's spelling run in command-line order; the IR dumps name each pass.
// RUN: meshc-opt --canonicalize --cse %s | FileCheck %s
// RUN: meshc-opt -test-constant-fold -cse -symbol-dce %s | FileCheck %s --check-prefix=DCE
// RUN: meshc-opt --pass-pipeline="builtin.module(func.func(canonicalize{max-iterations=3},cse),symbol-dce)" %s | FileCheck %s --check-prefix=DCE
// RUN: meshc-opt --canonicalize="max-iterations=3 test-convergence" -cse %s | FileCheck %s
// RUN: meshc-opt --cse --canonicalize --mlir-print-ir-after-all %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: meshc-opt --cse --canonicalize --mlir-print-ir-before=canonicalize %s 2>&1 >/dev/null | FileCheck %s --check-prefix=BEFORE
// RUN: meshc-opt --cse --mlir-timing %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TIME
// RUN: meshc-opt --canonicalize --cse --cse --mlir-print-ir-after-change %s 2>&1 >/dev/null | FileCheck %s --check-prefix=CHANGE
// RUN: not meshc-opt --canonicalize="max-iterations=1 test-convergence" --mlir-print-ir-after-failure %s 2>&1 | FileCheck %s --check-prefix=FAIL

// CHECK-LABEL: func.func @fold(
// CHECK-NEXT:    %[[C:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %x, %[[C]] : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    return %[[M]] : i32
func.func @fold(%x: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.addi %c2, %c3 : i32
  %a = arith.addi %x, %c5 : i32
  %b = arith.addi %c5, %x : i32
  %m = arith.muli %a, %b : i32
  return %m : i32
}

// DCE-NOT: @unused
// CHECK: func.func private @unused
func.func private @unused() {
  return
}

// DUMP:      // -----// IR Dump After CSE (cse) //----- //
// DUMP:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// DUMP-NOT:  IR Dump
// BEFORE-NOT: IR Dump After
// BEFORE:     // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// BEFORE-NOT: IR Dump
// TIME:      Execution time report
// TIME:      cse
// TIME:      Total
// CHANGE:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHANGE:      // -----// IR Dump After CSE (cse) //----- //
// CHANGE-NOT:  IR Dump
// FAIL:        // -----// IR Dump After Canonicalizer Failed (canonicalize) //----- //
// FAIL-NEXT:   "builtin.module"() ({
// FAIL:        passes.mlir:1:1: error: 'builtin.module' op canonicalization did not converge within 1 iterations
