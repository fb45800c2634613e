// cf.br's checks (one successor, operands matching its block's arguments), and a function of
// several blocks rejected by sharding-propagation at the function, as upstream's "only one
// block" rule.
// RUN: meshc-opt %s --split-input-file --sharding-propagation --verify-diagnostics

shard.grid @g(shape = 3)
// expected-error @+1 {{only one block is supported}}
func.func @annotated(%x: tensor<6xf32>) -> tensor<6xf32> {
  %s = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s : tensor<6xf32>
  cf.br ^next
^next:
  return %xs : tensor<6xf32>
}

// -----

func.func @wrong_arity(%x: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{branch has 0 operands for a successor block with 1 arguments}}
  cf.br ^next
^next(%y: tensor<6xf32>):
  return %y : tensor<6xf32>
}

// -----

func.func @wrong_type(%x: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{type mismatch for successor operand #0: 'tensor<6xf32>' passed to a block argument of type 'tensor<3xf32>'}}
  cf.br ^next(%x : tensor<6xf32>)
^next(%y: tensor<3xf32>):
  return %x : tensor<6xf32>
}
