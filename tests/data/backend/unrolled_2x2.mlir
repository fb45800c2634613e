// Hand-written unrolled form (PIPELINE.md stage 6) on a 2x2 mesh peered along axis 1:
// rows of %x over axis 0 (one shard per peer group), y = x + x all-gathered to every
// peer group, and d = x[2:4] - x[0:2] computed on device 2 from a copy of device 0's shard.
mesh.mesh @m(shape = 2x2, peered_memory_axes = [1])
func.func @f(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<2x8xf32>) {
  %y = arith.addf %x, %x : tensor<4x8xf32>
  %a = tensor.extract_slice %x[0, 0] [2, 8] [1, 1] : tensor<4x8xf32> to tensor<2x8xf32>
  %b = tensor.extract_slice %x[2, 0] [2, 8] [1, 1] : tensor<4x8xf32> to tensor<2x8xf32>
  %d = arith.subf %b, %a : tensor<2x8xf32>
  return %y, %d : tensor<4x8xf32>, tensor<2x8xf32>
}
func.func private @f_sharded(%x_0: tensor<2x8xf32> {mesh.arg = 0, mesh.devices = [0, 1], mesh.offsets = array<i64: 0, 0>},
                             %x_1: tensor<2x8xf32> {mesh.arg = 0, mesh.devices = [2, 3], mesh.offsets = array<i64: 2, 0>})
    -> (tensor<4x8xf32> {mesh.result = 0, mesh.devices = [0, 1], mesh.offsets = array<i64: 0, 0>},
        tensor<4x8xf32> {mesh.result = 0, mesh.devices = [2, 3], mesh.offsets = array<i64: 0, 0>},
        tensor<2x8xf32> {mesh.result = 1, mesh.devices = [2], mesh.offsets = array<i64: 0, 0>}) {
  %y_0 = mesh.for_one [0, 0] on @m -> tensor<2x8xf32> {
    %s = arith.addf %x_0, %x_0 : tensor<2x8xf32>
    mesh.yield %s : tensor<2x8xf32>
  }
  %y_1 = mesh.for_one [1, 0] on @m -> tensor<2x8xf32> {
    %s = arith.addf %x_1, %x_1 : tensor<2x8xf32>
    mesh.yield %s : tensor<2x8xf32>
  }
  %g:2 = mesh.all_gather %y_0, %y_1 on @m mesh_axes = [0] gather_axis = 0 {global_types = [tensor<4x8xf32, #mesh.shard<@m, [[0]]>>, tensor<4x8xf32, #mesh.shard<@m, [[]]>>]} : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<4x8xf32>, tensor<4x8xf32>
  %d = mesh.for_one [1, 0] on @m -> tensor<2x8xf32> {
    %t = arith.subf %x_1, %x_0 : tensor<2x8xf32>
    mesh.yield %t : tensor<2x8xf32>
  }
  return %g#0, %g#1, %d : tensor<4x8xf32>, tensor<4x8xf32>, tensor<2x8xf32>
}
