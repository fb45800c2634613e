// Stage-5 IR written by hand: an scf.for in a device body all_gathers its carried rows and
// reduce_scatters them back on every iteration (local view, upstream MLIR mesh): each element times 4.
module {
  mesh.mesh @m(shape = 4)
  func.func @main(%x: tensor<8x4xf32, #mesh.shard<@m, [[0]]>>, %nt: tensor<index, #mesh.shard<@m, [[]]>>) -> tensor<8x4xf32, #mesh.shard<@m, [[0]]>> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = tensor.extract %nt[] : tensor<index, #mesh.shard<@m, [[]]>>
    %r = mesh.for_all on @m -> tensor<8x4xf32, #mesh.shard<@m, [[0]]>> {
      %i = mesh.process_multi_index on @m : index
      %c2 = arith.constant 2 : index
      %off = arith.muli %i, %c2 : index
      %xs = tensor.extract_slice %x[%off, 0] [2, 4] [1, 1] : tensor<8x4xf32, #mesh.shard<@m, [[0]]>> to tensor<2x4xf32>
      %o = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %xs) -> (tensor<2x4xf32>) {
        %g = mesh.all_gather %acc on @m mesh_axes = [0] gather_axis = 0 : tensor<2x4xf32> -> tensor<8x4xf32>
        %s = mesh.reduce_scatter %g on @m mesh_axes = [0] scatter_axis = 0 : tensor<8x4xf32> -> tensor<2x4xf32>
        scf.yield %s : tensor<2x4xf32>
      }
      mesh.yield %o : tensor<2x4xf32>
    }
    return %r : tensor<8x4xf32, #mesh.shard<@m, [[0]]>>
  }
}
