// set_encoding / unset_encoding take encoding attributes only, as in iree-opt 3.13.
// RUN: meshc-opt --split-input-file --verify-diagnostics %s -o /dev/null

util.func public @string_encoding(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{result of set_encoding op expected to have a valid tensor encoding, got '"foo"'}}
  %0 = iree_encoding.set_encoding %a : tensor<4x8xf32> -> tensor<4x8xf32, "foo">
  util.return
}

// -----

util.func public @integer_encoding(%a: tensor<4x8xf32, 7 : i64>) {
  // expected-error @+1 {{source of unset_encoding op expected to have a valid tensor encoding, got '7'}}
  %0 = iree_encoding.unset_encoding %a : tensor<4x8xf32, 7 : i64> -> tensor<4x8xf32>
  util.return
}
