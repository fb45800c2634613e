// IR dumps on stderr with mlir-opt's headers; the whole module each time.
// RUN: meshc compile %s -p canonicalize,cse --print-ir-after-all 2>&1 >/dev/null | filecheck %s --check-prefix=AFTER
// RUN: meshc compile %s -p canonicalize,cse --print-ir-before=cse 2>&1 >/dev/null | filecheck %s --check-prefix=BEFORE
// RUN: meshc compile %s -p 'builtin.module(func.func(cse))' --print-ir-after-all 2>&1 >/dev/null | filecheck %s --check-prefix=NESTED
// RUN: meshc compile %s -p canonicalize,cse --print-ir-after-change 2>&1 >/dev/null | filecheck %s --check-prefix=CHANGE
// RUN: not meshc compile %s -p 'canonicalize{max-iterations=1 test-convergence=true}' --print-ir-after-failure 2>&1 >/dev/null | filecheck %s --check-prefix=FAILURE
// max-iterations=-1 is MLIR's no limit: the driver sweeps until nothing changes, so the same check converges.
// RUN: meshc compile %s -p 'canonicalize{max-iterations=-1 test-convergence=true}' | filecheck %s --check-prefix=NOLIMIT

// AFTER:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-NEXT: module {
// AFTER-NEXT:   func.func @f(%x: i32) -> i32 {
// AFTER-NEXT:     %[[C:.*]] = arith.constant 6 : i32
// AFTER-NEXT:     %[[A:.*]] = arith.addi %x, %[[C]] : i32
// AFTER-NEXT:     return %[[A]] : i32
// AFTER-NEXT:   }
// AFTER-NEXT:   func.func @g(%y: i32) -> i32 {
// AFTER-NEXT:     return %y : i32
// AFTER-NEXT:   }
// AFTER-NEXT: }
// AFTER-EMPTY:
// AFTER-NEXT: // -----// IR Dump After CSE (cse) //----- //
// AFTER-NEXT: module {

// BEFORE-NOT: IR Dump Before Canonicalizer
// BEFORE:     // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-NEXT: module {
// BEFORE-NOT: IR Dump After

// NESTED:      // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// NESTED-NEXT: module {
// NESTED:      // -----// IR Dump After CSE (cse) ('func.func' operation: @g) //----- //
// NESTED-NEXT: module {

// After canonicalize nothing is left for cse to merge: only the canonicalize dump.
// CHANGE:     IR Dump After Canonicalizer (canonicalize)
// CHANGE-NOT: IR Dump After CSE

// NOLIMIT:      func.func @f(%x: i32) -> i32 {
// NOLIMIT-NEXT:   %[[C:.*]] = arith.constant 6 : i32

// FAILURE:      // -----// IR Dump After Canonicalizer Failed (canonicalize) //----- //
// FAILURE-NEXT: "builtin.module"() ({
// FAILURE:      error: 'builtin.module' op canonicalization did not converge within 1 iterations

func.func @f(%x: i32) -> i32 {
  %a = arith.constant 2 : i32
  %b = arith.constant 3 : i32
  %c = arith.muli %a, %b : i32
  %d = arith.addi %x, %c : i32
  return %d : i32
}

func.func @g(%y: i32) -> i32 {
  return %y : i32
}
