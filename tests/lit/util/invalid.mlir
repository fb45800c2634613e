// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

util.func @undefined() -> i32 {
  // expected-error @+1 {{'util.global.load' op undefined global: @nope}}
  %x = util.global.load @nope : i32
  util.return %x : i32
}

// -----

util.global private @g : tensor<4xf32>
util.func @load_type() -> tensor<8xf32> {
  // expected-error @+1 {{'util.global.load' op global type mismatch; global @g is 'tensor<4xf32>' but load is 'tensor<8xf32>'}}
  %x = util.global.load @g : tensor<8xf32>
  util.return %x : tensor<8xf32>
}

// -----

util.global private mutable @g : i32
util.func @store_type(%v: i64) {
  // expected-error @+1 {{'util.global.store' op global type mismatch; global @g is 'i32' but store is 'i64'}}
  util.global.store %v, @g : i64
  util.return
}

// -----

util.global private @g : i32
util.func @store_immutable(%v: i32) {
  // expected-error @+1 {{'util.global.store' op global @g is not mutable and cannot be stored to outside a 'util.initializer'}}
  util.global.store %v, @g : i32
  util.return
}

// -----

util.global private mutable @g : i32
util.func @immutable_load() -> i32 {
  // expected-error @+1 {{'util.global.load' op global @g is mutable but loaded as immutable}}
  %x = util.global.load immutable @g : i32
  util.return %x : i32
}

// -----

util.func @g() {
  util.return
}
util.func @not_a_global() -> i32 {
  // expected-error @+1 {{'util.global.load' op symbol @g is a 'util.func', not a 'util.global'}}
  %x = util.global.load @g : i32
  util.return %x : i32
}

// -----

// expected-error @+1 {{'util.global' @p needs a type: write '= <value> : <type>' when the initial value is untyped}}
util.global private @p = #stream.parameter.named<"model"::"w">

// -----

util.initializer {
  %c = arith.constant 1 : i32
  // expected-error @+1 {{'util.return' op has 1 operands, but the enclosing 'util.initializer' returns none}}
  util.return %c : i32
}

// -----

// expected-note @+1 {{see existing symbol definition here}}
util.global private @g : i32
// expected-error @+1 {{'util.global' op redefinition of symbol named 'g'}}
util.global private @g : i64
