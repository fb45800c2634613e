// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

// The seven `mlir` examples of seed 000 (000_b608ff91d309f741.txt), as they
// appear there. Two are valid (the dynamic mesh line and the distributed
// tensor form); the other five contain mistakes that meshc must reject with a
// located error. A parser stops at the first error, so each example with
// several mistakes is repeated with the earlier mistakes corrected (marked
// "fixed:"), until each mistake has been reported once. The `...` placeholders
// of the last example are left out (and tested alone at the end); the aliases
// and mesh it relies on come from the earlier examples.

// Example 1 (annotated matmul): `[0]` where a list of axis lists is expected.
mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

func.func @main(
%arg0 : tensor<2x3xf32>,
%arg1 : tensor<3x2xf32>,
%out_dps: tensor<2x2xf32>
) -> tensor<2x2xf32> {
%arg0_sharded = mesh.shard %arg0 to <@mesh, [[0]]> : tensor<2x3xf32>
%arg1_sharded = mesh.shard %arg1 to <@mesh, []> : tensor<3x2xf32>
// expected-error @+1 {{expected a list of mesh axes such as '[0]' for each tensor dimension, got a bare integer '0'}}
%out_dps_sharded = mesh.shard %arg1 to <@mesh, [0]> : tensor<2x2xf32>

%res = linalg.matmul ins(%arg0_sharded, %arg1_sharded :
tensor<2x3xf32>, tensor<3x2xf32>)
outs(%out_dps_sharded : tensor<2x2xf32>) -> tensor<2x2xf32>

%res_sharded = mesh.shard %res to <@mesh, [[0]]> : tensor<2x2xf32>

return %res_sharded : tensor<2x2xf32>
}

// -----

// Example 1, fixed: [[0]]. `%arg1` is 3x2, annotated as 2x2.
mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

func.func @main(
%arg0 : tensor<2x3xf32>,
// expected-note @+1 {{prior use here}}
%arg1 : tensor<3x2xf32>,
%out_dps: tensor<2x2xf32>
) -> tensor<2x2xf32> {
%arg0_sharded = mesh.shard %arg0 to <@mesh, [[0]]> : tensor<2x3xf32>
%arg1_sharded = mesh.shard %arg1 to <@mesh, []> : tensor<3x2xf32>
// expected-error @+1 {{use of value '%arg1' expects different type than prior uses: 'tensor<2x2xf32>' vs 'tensor<3x2xf32>'}}
%out_dps_sharded = mesh.shard %arg1 to <@mesh, [[0]]> : tensor<2x2xf32>

%res = linalg.matmul ins(%arg0_sharded, %arg1_sharded :
tensor<2x3xf32>, tensor<3x2xf32>)
outs(%out_dps_sharded : tensor<2x2xf32>) -> tensor<2x2xf32>

%res_sharded = mesh.shard %res to <@mesh, [[0]]> : tensor<2x2xf32>

return %res_sharded : tensor<2x2xf32>
}

// -----

// Example 2 (dynamic mesh): valid.
mesh.mesh @mesh(shape = ?x?x?, peered_memory_axes = [1, 2])

// -----

// Example 3 (distributed tensor form): valid.
// Shard tensor axis 0 on mesh axis 0.
#shard_0_on_0 = #mesh.shard<@mesh, [[0]]>
// The tensor is replicated on all shards.
#fully_replicate = #mesh.shard<@mesh, []>

mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

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

// Example 4 (mesh.for_all): the `outs` operand is typed 2x2 but the slice is 1x2.
#shard_0_on_0 = #mesh.shard<@mesh, [[0]]>
#fully_replicate = #mesh.shard<@mesh, [[]]>

mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

func.func @main(
%arg0 : tensor<2x3xf32, #shard_0_on_0>,
%arg1 : tensor<3x2xf32, #fully_replicate>,
%out_dps: tensor<2x2xf32, #shard_0_on_0>
) -> tensor<2x2xf32, #shard_0_on_0> {

%res = mesh.for_all on @mesh ->
tensor<2x3xf32, #shard_0_on_0> {
%c2 = arith.constant 2 : index
%proc_idx = mesh.process_multi_index on @mesh : index
%slice_offset = arith.muli %proc_idx, %c2 : index
%arg0_slice = tensor.extract_slice %arg0[%slice_offset, 0][1, 3][1, 1] :
tensor<2x3xf32, #shard_0_on_0> to tensor<1x3xf32>
// expected-note @+1 {{prior use here}}
%out_dps_slice = tensor.extract_slice %out_dps[%slice_offset, 0][1, 2][1, 1] :
tensor<2x2xf32, #shard_0_on_0> to tensor<1x2xf32>

%res_slice = linalg.matmul ins(%arg0_slice, %arg1 :
tensor<1x3xf32>,
tensor<3x2xf32, #fully_replicate>)
// expected-error @+1 {{use of value '%out_dps_slice' expects different type than prior uses}}
outs(%out_dps_slice : tensor<2x2xf32, #shard_0_on_0>)
-> tensor<1x2xf32>
// We return the shard for this process.
return %res_slice : tensor<1x2xf32>
}

return %res : tensor<2x2xf32, #shard_0_on_0>
}

// -----

// Example 4, fixed: outs typed 1x2. The result of mesh.for_all is typed 2x3
// while the function returns it as 2x2.
#shard_0_on_0 = #mesh.shard<@mesh, [[0]]>
#fully_replicate = #mesh.shard<@mesh, [[]]>

mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

func.func @main(
%arg0 : tensor<2x3xf32, #shard_0_on_0>,
%arg1 : tensor<3x2xf32, #fully_replicate>,
%out_dps: tensor<2x2xf32, #shard_0_on_0>
) -> tensor<2x2xf32, #shard_0_on_0> {

// expected-note @+1 {{prior use here}}
%res = mesh.for_all on @mesh ->
tensor<2x3xf32, #shard_0_on_0> {
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

// expected-error @+1 {{use of value '%res' expects different type than prior uses: 'tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>' vs 'tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>'}}
return %res : tensor<2x2xf32, #shard_0_on_0>
}

// -----

// Example 5 (scf.forall + mesh.for_one): the `outs` operand is typed 2x2 but
// the slice is 1x2.
#shard_0_on_0 = #mesh.shard<@mesh, [[0]]>
#fully_replicate = #mesh.shard<@mesh, [[]]>

mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

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
%res = mesh.for_one %proc_idx on @mesh {
%c2 = arith.constant 2 : index
%slice_offset = arith.muli %proc_idx, %c2 : index
%arg0_slice = tensor.extract_slice %arg0[%slice_offset, 0][1, 3][1, 1] :
tensor<2x3xf32, #shard_0_on_0> to tensor<1x3xf32>
// expected-note @+1 {{prior use here}}
%out_slice = tensor.extract_slice %out[%slice_offset, 0][1, 2][1, 1] :
tensor<2x2xf32, #shard_0_on_0> to tensor<1x2xf32>

%res_slice = linalg.matmul ins(%arg0_slice, %arg1 :
tensor<1x3xf32>,
tensor<3x2xf32, #fully_replicate>)
// expected-error @+1 {{use of value '%out_slice' expects different type than prior uses}}
outs(%out_slice : tensor<2x2xf32, #shard_0_on_0>)
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

// Example 5, fixed: outs typed 1x2. The result-less mesh.for_one is bound to `%res`.
#shard_0_on_0 = #mesh.shard<@mesh, [[0]]>
#fully_replicate = #mesh.shard<@mesh, [[]]>

mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

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
// expected-error @+1 {{operation defines 0 results but was provided 1 to bind}}
%res = mesh.for_one %proc_idx on @mesh {
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

// Example 6 (unrolled on the static mesh): a trailing comma in the argument list.
mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

func.func @main(
%arg0_shard0 : tensor<1x3xf32>,
%arg0_shard1 : tensor<1x3xf32>,
%arg1_shard0 : tensor<3x2xf32>,
%arg1_shard1 : tensor<3x2xf32>,
%out_dps_shard0: tensor<1x2xf32>,
%out_dps_shard1: tensor<1x2xf32>,
// expected-error @+1 {{unexpected ')'}}
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
outs(%out_dps_shard2 : tensor<1x2xf32>)
-> tensor<1x2xf32>
return %res : tensor<1x2xf32>
}

return %res_shard0, %res_shard0 : tensor<1x2xf32>, tensor<1x2xf32>
}

// -----

// Example 6, fixed: no trailing comma. `%out_dps_shard2` is undefined.
mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

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
// expected-error @+1 {{use of undeclared SSA value name '%out_dps_shard2'}}
outs(%out_dps_shard2 : tensor<1x2xf32>)
-> tensor<1x2xf32>
return %res : tensor<1x2xf32>
}

return %res_shard0, %res_shard0 : tensor<1x2xf32>, tensor<1x2xf32>
}

// -----

// Example 7 (shard/unshard wrappers), without the `...` placeholders:
// `tensor.empty` is written without `()`.
#shard_0_on_0 = #mesh.shard<@mesh, [[0]]>
mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

func.func @main_shard_arg0(%arg0 : tensor<2x3xf32>)
-> tensor<2x3xf32, #shard_0_on_0> {
%c0 = arith.constant 0 : index
%c1 = arith.constant 1 : index
%mesh_size = mesh.mesh_shape @mesh : index
// expected-error @+1 {{unexpected ':'}}
%out_dps = tensor.empty : tensor<2x3xf32, #shard_0_on_0>
%res = scf.forall (%proc_idx) in (%mesh_size)
shared_outs(%out = %out_dps) -> (tensor<2x3xf32, #shard_0_on_0>) {
scf.forall.in_parallel {
%res = mesh.for_one %proc_idx on @mesh {
%c2 = arith.constant 2 : index
%slice_offset = arith.muli %proc_idx, %c2 : index
%slice = tensor.extract_slice %arg0[%slice_offset, 0][1, 3][1, 1] :
tensor<2x3xf32> to tensor<1x3xf32>

tensor.parallel_insert_slice %slice into
%out[%slice_offset, 0][1, 3][1, 1] :
tensor<1x3xf32> into tensor<2x3xf32, #shard_0_on_0>
}
}
}

return %res : tensor<2x3xf32, #shard_0_on_0>
}

func.func @main(%arg0 : tensor<2x3xf32>) -> tensor<2x3xf32, #shard_0_on_0> {
%arg0_sharded = func.call @main_shard_arg0(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32, #shard_0_on_0>
%res = func.call @main_shrded(%arg0_sharded) : (tensor<2x3xf32, #shard_0_on_0>) -> tensor<2x3xf32, #shard_0_on_0>
// unshard %res and return
return %res : tensor<2x3xf32, #shard_0_on_0>
}

// -----

// Example 7, fixed: `tensor.empty()`, and the result-less mesh.for_one is not
// bound to a name. The callee `@main_shrded` is undefined.
#shard_0_on_0 = #mesh.shard<@mesh, [[0]]>
mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

func.func @main_shard_arg0(%arg0 : tensor<2x3xf32>)
-> tensor<2x3xf32, #shard_0_on_0> {
%c0 = arith.constant 0 : index
%c1 = arith.constant 1 : index
%mesh_size = mesh.mesh_shape @mesh : index
%out_dps = tensor.empty() : tensor<2x3xf32, #shard_0_on_0>
%res = scf.forall (%proc_idx) in (%mesh_size)
shared_outs(%out = %out_dps) -> (tensor<2x3xf32, #shard_0_on_0>) {
scf.forall.in_parallel {
mesh.for_one %proc_idx on @mesh {
%c2 = arith.constant 2 : index
%slice_offset = arith.muli %proc_idx, %c2 : index
%slice = tensor.extract_slice %arg0[%slice_offset, 0][1, 3][1, 1] :
tensor<2x3xf32> to tensor<1x3xf32>

tensor.parallel_insert_slice %slice into
%out[%slice_offset, 0][1, 3][1, 1] :
tensor<1x3xf32> into tensor<2x3xf32, #shard_0_on_0>
}
}
}

return %res : tensor<2x3xf32, #shard_0_on_0>
}

func.func @main(%arg0 : tensor<2x3xf32>) -> tensor<2x3xf32, #shard_0_on_0> {
%arg0_sharded = func.call @main_shard_arg0(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32, #shard_0_on_0>
// expected-error @+1 {{'main_shrded' does not reference a valid function}}
%res = func.call @main_shrded(%arg0_sharded) : (tensor<2x3xf32, #shard_0_on_0>) -> tensor<2x3xf32, #shard_0_on_0>
// unshard %res and return
return %res : tensor<2x3xf32, #shard_0_on_0>
}

// -----

// Example 7's `...` placeholders are not MLIR.
// expected-error @+1 {{unexpected '.'}}
func.func @main(%arg0 : tensor<2x3xf32>, ...) ... {
  return
}
