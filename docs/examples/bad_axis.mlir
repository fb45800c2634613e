// A sharding that names mesh axis 1 of a 1-D mesh.
mesh.mesh @m(shape = 4)

func.func @main(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %xs = mesh.shard %x to <@m, [[1]]> : tensor<8x16xf32>
  return %xs : tensor<8x16xf32>
}
