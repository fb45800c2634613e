// Successor lists: located errors for blocks that do not exist, are defined twice, or are not
// blocks of the op's own region; only a terminator that ends its block has successors (an unknown
// op here: cf.br, a known terminator, must end its block anyway).
// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

func.func @undefined() {
  // expected-error @+1 {{reference to an undefined block '^nowhere'}}
  "cf.br"()[^nowhere] : () -> ()
^bb1:
  return
}

// -----

func.func @twice() {
  "cf.br"()[^bb1] : () -> ()
^bb1:
  "cf.br"()[^bb1] : () -> ()
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}

// -----

// Labels are scoped by region: the nested op cannot name a block of the function body.
func.func @other_region() {
  "x.region"() ({
    // expected-error @+1 {{reference to an undefined block '^outer'}}
    "x.br"()[^outer] : () -> ()
  }) : () -> ()
  "cf.br"()[^outer] : () -> ()
^outer:
  return
}

// -----

func.func @not_last() {
  // expected-error @+1 {{'test.br' op operation with block successors must terminate its parent block}}
  "test.br"()[^bb1] : () -> ()
  "x.op"() : () -> ()
^bb1:
  return
}

// -----

func.func @entry() {
^bb0:
  // expected-error @+1 {{'cf.br' op successor #0 is the entry block of the region, which may not have predecessors}}
  "cf.br"()[^bb0] : () -> ()
}

// -----

func.func @registered_non_terminator(%a: i32) {
  // expected-error @+1 {{'arith.addi' op has successors but is not a terminator (successors in non-terminator)}}
  %s = "arith.addi"(%a, %a)[^bb1] : (i32, i32) -> i32
^bb1:
  return
}

// -----

func.func @registered_terminator() {
  // expected-error @+1 {{'func.return' op requires 0 successors but found 1}}
  "func.return"()[^bb1] : () -> ()
^bb1:
  return
}

// -----

// MLIR's custom branch syntax (^bb1(%x : i32)) is not the generic form's.
func.func @operands_in_the_list(%x: i32) {
  // expected-error @+1 {{a successor takes no operands in the generic form: pass them as operands of the op, e.g. '"cf.br"(%x)[^bb1] : (i32) -> ()'}}
  "cf.br"()[^bb1(%x : i32)] : () -> ()
^bb1(%y: i32):
  return
}
