// sharding-propagation handles functions of one block, as upstream's: a function with more is a
// located error at the function, annotated or not.
// RUN: meshc-opt --verify-diagnostics --split-input-file --allow-unregistered-dialect --sharding-propagation %s

shard.grid @g(shape = 2)
// expected-error @+1 {{only one block is supported}}
func.func @two_blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<4xf32>
  "test.br"()[^next] : () -> ()
^next:
  return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{only one block is supported}}
func.func @unannotated(%x: tensor<4xf32>) -> tensor<4xf32> {
  "test.br"()[^next] : () -> ()
^next:
  return %x : tensor<4xf32>
}
