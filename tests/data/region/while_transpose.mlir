// An scf.while whose body yields the transpose of its carried value (split on dim 0): the loop keeps
// the split, and the after-block reshards its yield back with one all_to_all on every trip.
module {
  mesh.mesh @m(shape = 4)
  func.func @f(%x: tensor<8x8xf32>, %nt: tensor<index>) -> tensor<8x8xf32> {
    %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x8xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = tensor.extract %nt[] : tensor<index>
    %r:2 = scf.while (%acc = %xs, %i = %c0) : (tensor<8x8xf32>, index) -> (tensor<8x8xf32>, index) {
      %more = arith.cmpi slt, %i, %n : index
      scf.condition(%more) %acc, %i : tensor<8x8xf32>, index
    } do {
    ^bb0(%a: tensor<8x8xf32>, %j: index):
      %e = tensor.empty() : tensor<8x8xf32>
      %t = linalg.transpose ins(%a : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) permutation = [1, 0]
      %u = math.tanh %t : tensor<8x8xf32>
      %j1 = arith.addi %j, %c1 : index
      scf.yield %u, %j1 : tensor<8x8xf32>, index
    }
    return %r#0 : tensor<8x8xf32>
  }
}
