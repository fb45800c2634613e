// (c) A 3-point stencil y[i] = x[i] + x[i + 1] + x[i + 2] (x: 10 elements, y: 8) on 3 devices, written in
// the partitioned SPMD form (PIPELINE.md stage 5: partition does not derive halos from slices): x is split
// 3, 3, 4 and gets halos [1, 1]; device d computes its shard of y (2, 3, 3 elements at 0, 2, 5) from three
// slices of its halo'd shard of x at GLOBAL offsets, which unroll turns into local slices.
// Run it with `-p unroll,canonicalize,cse` (the program is already partitioned).
mesh.mesh @m(shape = 3)
func.func @stencil(%x: tensor<10xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8xf32, #mesh.shard<@m, [[0]]>> {
  %h = mesh.update_halo %x on @m split_axes = [[0]] halo_sizes = [1, 1] : tensor<10xf32, #mesh.shard<@m, [[0]]>> -> tensor<10xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>>
  %y = mesh.for_all on @m -> tensor<8xf32, #mesh.shard<@m, [[0]]>> {
    %i = mesh.process_multi_index on @m : index
    %offsets = arith.constant dense<[0, 2, 5]> : tensor<3xindex>
    %sizes = arith.constant dense<[2, 3, 3]> : tensor<3xindex>
    %off = tensor.extract %offsets[%i] : tensor<3xindex>
    %sz = tensor.extract %sizes[%i] : tensor<3xindex>
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %off1 = arith.addi %off, %c1 : index
    %off2 = arith.addi %off, %c2 : index
    %l = tensor.extract_slice %h[%off] [%sz] [1] : tensor<10xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>> to tensor<?xf32>
    %c = tensor.extract_slice %h[%off1] [%sz] [1] : tensor<10xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>> to tensor<?xf32>
    %r = tensor.extract_slice %h[%off2] [%sz] [1] : tensor<10xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>> to tensor<?xf32>
    %e = tensor.empty(%sz) : tensor<?xf32>
    %s = linalg.add ins(%l, %c : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    %t = linalg.add ins(%s, %r : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    mesh.yield %t : tensor<?xf32>
  }
  return %y : tensor<8xf32, #mesh.shard<@m, [[0]]>>
}
