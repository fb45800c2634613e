// A loop whose carried value starts split with halos (1, 2): the loop carries the core (the halos are
// dropped at its entry), and the values are those of the unsharded program.
module {
  mesh.mesh @m(shape = 4)
  func.func @f(%x: tensor<10x4xf32>, %nt: tensor<index>) -> tensor<10x4xf32> {
    %xs = mesh.shard %x to <@m, [[0]], halo_sizes = [1, 2]> : tensor<10x4xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = tensor.extract %nt[] : tensor<index>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %xs) -> (tensor<10x4xf32>) {
      %t = math.tanh %acc : tensor<10x4xf32>
      %u = arith.addf %t, %acc : tensor<10x4xf32>
      scf.yield %u : tensor<10x4xf32>
    }
    return %r : tensor<10x4xf32>
  }
}
