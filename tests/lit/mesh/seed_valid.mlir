// RUN: meshc compile %s -p "" --split-input-file | filecheck %s
// RUN: meshc compile %s -p "" --split-input-file | meshc compile - -p "" --split-input-file | filecheck %s

// The two valid examples of seed 000, then examples 4-6 with their mistakes
// corrected: the seed's `return` inside mesh.for_all / mesh.for_one bodies is
// read as mesh.yield, and the unrolled mesh.for_one without `->` takes its
// result types from what it yields.

// Example 2.
// CHECK: mesh.mesh @mesh(shape = ?x?x?, peered_memory_axes = [1, 2])
mesh.mesh @mesh(shape = ?x?x?, peered_memory_axes = [1, 2])

// -----

// Example 3.
#shard_0_on_0 = #mesh.shard<@mesh, [[0]]>
#fully_replicate = #mesh.shard<@mesh, []>

mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

// CHECK: mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])
// CHECK: func.func @main(%arg0: tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>, %arg1: tensor<3x2xf32, #mesh.shard<@mesh, [[]]>>, %out_dps: tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>> {
// CHECK-NEXT: %res = linalg.matmul ins(%arg0, %arg1 : tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>, tensor<3x2xf32, #mesh.shard<@mesh, [[]]>>) outs(%out_dps : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
// CHECK-NEXT: return %res : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
func.func @main(
%arg0 : tensor<2x3xf32, #shard_0_on_0>,
%arg1 : tensor<3x2xf32, #fully_replicate>,
%out_dps: tensor<2x2xf32, #shard_0_on_0>
) -> tensor<2x2xf32, #shard_0_on_0> {
%res = linalg.matmul ins(%arg0, %arg1 :
tensor<2x3xf32, #shard_0_on_0>,
tensor<3x2xf32, #fully_replicate>)
outs(%out_dps : tensor<2x2xf32, #shard_0_on_0>)
-> tensor<2x2xf32, #shard_0_on_0>

return %res : tensor<2x2xf32, #shard_0_on_0>
}

// -----

// Example 4, corrected (outs 1x2, for_all result 2x2).
#shard_0_on_0 = #mesh.shard<@mesh, [[0]]>
#fully_replicate = #mesh.shard<@mesh, [[]]>

mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

// CHECK: %res = mesh.for_all on @mesh -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>> {
// CHECK: %res_slice = linalg.matmul
// CHECK-NEXT: mesh.yield %res_slice : tensor<1x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %res : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
func.func @main(
%arg0 : tensor<2x3xf32, #shard_0_on_0>,
%arg1 : tensor<3x2xf32, #fully_replicate>,
%out_dps: tensor<2x2xf32, #shard_0_on_0>
) -> tensor<2x2xf32, #shard_0_on_0> {

%res = mesh.for_all on @mesh ->
tensor<2x2xf32, #shard_0_on_0> {
%c2 = arith.constant 2 : index
%proc_idx = mesh.process_multi_index on @mesh : index
%slice_offset = arith.muli %proc_idx, %c2 : index
%arg0_slice = tensor.extract_slice %arg0[%slice_offset, 0][1, 3][1, 1] :
tensor<2x3xf32, #shard_0_on_0> to tensor<1x3xf32>
%out_dps_slice = tensor.extract_slice %out_dps[%slice_offset, 0][1, 2][1, 1] :
tensor<2x2xf32, #shard_0_on_0> to tensor<1x2xf32>

%res_slice = linalg.matmul ins(%arg0_slice, %arg1 :
tensor<1x3xf32>,
tensor<3x2xf32, #fully_replicate>)
outs(%out_dps_slice : tensor<1x2xf32>)
-> tensor<1x2xf32>
// We return the shard for this process.
return %res_slice : tensor<1x2xf32>
}

return %res : tensor<2x2xf32, #shard_0_on_0>
}

// -----

// Example 5, corrected (outs 1x2, mesh.for_one not bound to a name).
#shard_0_on_0 = #mesh.shard<@mesh, [[0]]>
#fully_replicate = #mesh.shard<@mesh, [[]]>

mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

// CHECK: %mesh_size = mesh.mesh_shape @mesh : index
// CHECK: scf.forall.in_parallel {
// CHECK-NEXT: mesh.for_one %proc_idx on @mesh {
// CHECK: tensor.parallel_insert_slice %res_slice into %out
func.func @main(
%arg0 : tensor<2x3xf32, #shard_0_on_0>,
%arg1 : tensor<3x2xf32, #fully_replicate>,
%out_dps: tensor<2x2xf32, #shard_0_on_0>
) -> tensor<2x2xf32, #shard_0_on_0> {
%c0 = arith.constant 0 : index
%c1 = arith.constant 1 : index
%mesh_size = mesh.mesh_shape @mesh : index
%res = scf.forall (%proc_idx) in (%mesh_size)
shared_outs(%out = %out_dps) -> (tensor<2x2xf32, #shard_0_on_0>) {
scf.forall.in_parallel {
mesh.for_one %proc_idx on @mesh {
%c2 = arith.constant 2 : index
%slice_offset = arith.muli %proc_idx, %c2 : index
%arg0_slice = tensor.extract_slice %arg0[%slice_offset, 0][1, 3][1, 1] :
tensor<2x3xf32, #shard_0_on_0> to tensor<1x3xf32>
%out_slice = tensor.extract_slice %out[%slice_offset, 0][1, 2][1, 1] :
tensor<2x2xf32, #shard_0_on_0> to tensor<1x2xf32>

%res_slice = linalg.matmul ins(%arg0_slice, %arg1 :
tensor<1x3xf32>,
tensor<3x2xf32, #fully_replicate>)
outs(%out_slice : tensor<1x2xf32>)
-> tensor<1x2xf32>

tensor.parallel_insert_slice %res_slice into
%out[%slice_offset, 0][1, 2][1, 1] :
tensor<1x2xf32> into tensor<2x2xf32, #shard_0_on_0>
}
}
}

return %res : tensor<2x2xf32, #shard_0_on_0>
}

// -----

// Example 6, corrected (no trailing comma, %out_dps_shard1, both shards returned).
mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

// CHECK: %res_shard0 = mesh.for_one 0 on @mesh -> tensor<1x2xf32> {
// CHECK: mesh.yield %res : tensor<1x2xf32>
// CHECK: %res_shard1 = mesh.for_one 1 on @mesh -> tensor<1x2xf32> {
// CHECK: outs(%out_dps_shard1 : tensor<1x2xf32>)
// CHECK: mesh.yield %res : tensor<1x2xf32>
// CHECK: return %res_shard0, %res_shard1 : tensor<1x2xf32>, tensor<1x2xf32>
func.func @main(
%arg0_shard0 : tensor<1x3xf32>,
%arg0_shard1 : tensor<1x3xf32>,
%arg1_shard0 : tensor<3x2xf32>,
%arg1_shard1 : tensor<3x2xf32>,
%out_dps_shard0: tensor<1x2xf32>,
%out_dps_shard1: tensor<1x2xf32>
) -> (tensor<1x2xf32>, tensor<1x2xf32>) {
// Shard 0.
%res_shard0 = mesh.for_one 0 on @mesh {
%res = linalg.matmul ins(%arg0_shard0, %arg1_shard0 :
tensor<1x3xf32>, tensor<3x2xf32>)
outs(%out_dps_shard0 : tensor<1x2xf32>)
-> tensor<1x2xf32>
return %res : tensor<1x2xf32>
}

// Shard 1.
%res_shard1 = mesh.for_one 1 on @mesh {
%res = linalg.matmul ins(%arg0_shard1, %arg1_shard1 :
tensor<1x3xf32>, tensor<3x2xf32>)
outs(%out_dps_shard1 : tensor<1x2xf32>)
-> tensor<1x2xf32>
return %res : tensor<1x2xf32>
}

return %res_shard0, %res_shard1 : tensor<1x2xf32>, tensor<1x2xf32>
}
