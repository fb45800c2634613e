// partition form=for_all (seed 000's first form): per-device bodies with
// GLOBAL offsets from the process index and the sharding.
// RUN: meshc compile %s -p "reshard,partition" | filecheck %s
// The output parses back in:
// RUN: meshc compile %s -p "reshard,partition" | meshc compile - -p "" | filecheck %s

mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])
mesh.mesh @d(shape = ?)
mesh.mesh @m(shape = 4)

// seed 000: rows of the LHS and the result over 2 devices, RHS replicated (even: static sizes)
// CHECK-LABEL: func.func @seed
// CHECK:         %[[R:.*]] = mesh.for_all on @mesh -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>> {
// CHECK-NEXT:      %[[I:.*]] = mesh.process_multi_index on @mesh : index
// CHECK-NEXT:      %[[A:.*]] = tensor.extract_slice %arg0[%[[I]], 0] [1, 3] [1, 1] : tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>> to tensor<1x3xf32>
// CHECK-NEXT:      %[[B:.*]] = tensor.extract_slice %arg1[0, 0] [3, 2] [1, 1] : tensor<3x2xf32, #mesh.shard<@mesh, [[]]>> to tensor<3x2xf32>
// CHECK-NEXT:      %[[O:.*]] = tensor.extract_slice %out_dps[%[[I]], 0] [1, 2] [1, 1] : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>> to tensor<1x2xf32>
// CHECK-NEXT:      %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<1x3xf32>, tensor<3x2xf32>) outs(%[[O]] : tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT:      mesh.yield %[[M]] : tensor<1x2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]
func.func @seed(%arg0: tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>, %arg1: tensor<3x2xf32, #mesh.shard<@mesh, [[]]>>, %out_dps: tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>> {
  %res = linalg.matmul ins(%arg0, %arg1 : tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>, tensor<3x2xf32, #mesh.shard<@mesh, [[]]>>) outs(%out_dps : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
  return %res : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
}

// uneven: 5 rows over 2 devices -> 2 and 3 rows (offset i*2 + max(0, i-1), size 2 or 3: dynamic)
// CHECK-LABEL: func.func @uneven
// CHECK:         mesh.for_all on @mesh -> tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>> {
// CHECK:           %[[I:.*]] = mesh.process_multi_index on @mesh : index
// CHECK-NEXT:      %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[BASE:.*]] = arith.muli %[[I]], %[[C2]] : index
// CHECK-NEXT:      %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[EXTRA:.*]] = arith.subi %[[I]], %[[C1]] : index
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[POS:.*]] = arith.maxsi %[[C0]], %[[EXTRA]] : index
// CHECK-NEXT:      %[[OFF:.*]] = arith.addi %[[BASE]], %[[POS]] : index
// CHECK-NEXT:      %[[BIG:.*]] = arith.cmpi sge, %[[I]], %[[C1]] : index
// CHECK-NEXT:      %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:      %[[SZ:.*]] = arith.select %[[BIG]], %[[C3]], %[[C2]] : index
// CHECK:           tensor.extract_slice %x[%[[OFF]], 0] [%[[SZ]], 4] [1, 1] : tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>> to tensor<?x4xf32>
// CHECK:           linalg.exp ins(%{{.*}} : tensor<?x4xf32>) outs(%{{.*}} : tensor<?x4xf32>) -> tensor<?x4xf32>
func.func @uneven(%x: tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>>, %e: tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>> {
  %r = linalg.exp ins(%x : tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>>) outs(%e : tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>>
  return %r : tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>>
}

// dynamic mesh, 10 rows: sizes from mesh.mesh_shape (q = 10 / n, r = 10 % n)
// CHECK-LABEL: func.func @dynamic
// CHECK:         mesh.for_all on @d -> tensor<10x8xf32, #mesh.shard<@d, [[0]]>> {
// CHECK-NEXT:      %[[N:.*]] = mesh.mesh_shape @d axes = [0] : index
// CHECK-NEXT:      %[[I:.*]] = mesh.process_multi_index on @d : index
// CHECK-NEXT:      %[[C10:.*]] = arith.constant 10 : index
// CHECK-NEXT:      %[[Q:.*]] = arith.divui %[[C10]], %[[N]] : index
// CHECK-NEXT:      %[[R:.*]] = arith.remui %[[C10]], %[[N]] : index
// CHECK:           tensor.extract_slice %x[%{{.*}}, 0] [%{{.*}}, 8] [1, 1] : tensor<10x8xf32, #mesh.shard<@d, [[0]]>> to tensor<?x8xf32>
func.func @dynamic(%x: tensor<10x8xf32, #mesh.shard<@d, [[0]]>>, %e: tensor<10x8xf32, #mesh.shard<@d, [[0]]>>) -> tensor<10x8xf32, #mesh.shard<@d, [[0]]>> {
  %r = linalg.exp ins(%x : tensor<10x8xf32, #mesh.shard<@d, [[0]]>>) outs(%e : tensor<10x8xf32, #mesh.shard<@d, [[0]]>>) -> tensor<10x8xf32, #mesh.shard<@d, [[0]]>>
  return %r : tensor<10x8xf32, #mesh.shard<@d, [[0]]>>
}

// explicit sharded_dims_offsets: a table lookup by the shard index
// CHECK-LABEL: func.func @offsets
// CHECK:         %[[I:.*]] = mesh.process_multi_index on @m : index
// CHECK-NEXT:    %[[T:.*]] = arith.constant dense<[0, 1, 2, 3, 10]> : tensor<5xindex>
// CHECK-NEXT:    %[[LO:.*]] = tensor.extract %[[T]][%[[I]]] : tensor<5xindex>
// CHECK:         %[[HI:.*]] = tensor.extract %[[T]][%{{.*}}] : tensor<5xindex>
// CHECK-NEXT:    %[[SZ:.*]] = arith.subi %[[HI]], %[[LO]] : index
// CHECK-NEXT:    tensor.extract_slice %x[%[[LO]]] [%[[SZ]]] [1]
// CHECK-NOT:     mesh.all_gather
func.func @offsets(%x: tensor<10xf32, #mesh.shard<@m, [[0]], sharded_dims_offsets = [0, 1, 2, 3, 10]>>, %o: tensor<10xf32, #mesh.shard<@m, [[0]], sharded_dims_offsets = [0, 1, 2, 3, 10]>>) -> tensor<10xf32, #mesh.shard<@m, [[0]], sharded_dims_offsets = [0, 1, 2, 3, 10]>> {
  %r = linalg.exp ins(%x : tensor<10xf32, #mesh.shard<@m, [[0]], sharded_dims_offsets = [0, 1, 2, 3, 10]>>) outs(%o : tensor<10xf32, #mesh.shard<@m, [[0]], sharded_dims_offsets = [0, 1, 2, 3, 10]>>) -> tensor<10xf32, #mesh.shard<@m, [[0]], sharded_dims_offsets = [0, 1, 2, 3, 10]>>
  return %r : tensor<10xf32, #mesh.shard<@m, [[0]], sharded_dims_offsets = [0, 1, 2, 3, 10]>>
}

// split reduction: only device 0 keeps the init, the others start from the
// identity of max (-inf = 0xFF800000); the partial maxima are all-reduced
// CHECK-LABEL: func.func @split_max
// CHECK:         %[[P:.*]] = mesh.for_all on @m -> tensor<8xf32, #mesh.shard<@m, [[]], partial = max[0]>> {
// CHECK:           %[[INIT:.*]] = tensor.extract_slice %init[0] [8] [1]
// CHECK:           %[[IS0:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK:           %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK:           %[[ID:.*]] = linalg.fill ins(%[[NEG]] : f32)
// CHECK:           arith.select %[[IS0]], %[[INIT]], %[[ID]] : tensor<8xf32>
// CHECK:         %[[R:.*]] = mesh.for_all on @m -> tensor<8xf32, #mesh.shard<@m, [[]], partial = max[0]>> {
// CHECK:           tensor.extract_slice %x[0, %{{.*}}] [8, 1] [1, 1]
// CHECK:           linalg.reduce
// CHECK:         mesh.all_reduce %[[R]] on @m mesh_axes = [0] reduction = max
func.func @split_max(%x: tensor<8x4xf32, #mesh.shard<@m, [[], [0]]>>, %init: tensor<8xf32, #mesh.shard<@m, [[]]>>) -> tensor<8xf32, #mesh.shard<@m, [[]]>> {
  %p = mesh.shard %init to <@m, [[]], partial = max[0]> : tensor<8xf32, #mesh.shard<@m, [[]]>> -> tensor<8xf32, #mesh.shard<@m, [[]], partial = max[0]>>
  %r = linalg.reduce ins(%x : tensor<8x4xf32, #mesh.shard<@m, [[], [0]]>>) outs(%p : tensor<8xf32, #mesh.shard<@m, [[]], partial = max[0]>>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %mx = arith.maximumf %in, %acc : f32
      linalg.yield %mx : f32
    }
  %s = mesh.shard %r to <@m, [[]]> : tensor<8xf32, #mesh.shard<@m, [[]], partial = max[0]>> -> tensor<8xf32, #mesh.shard<@m, [[]]>>
  return %s : tensor<8xf32, #mesh.shard<@m, [[]]>>
}

// a halo exchange stays between the bodies in global view
// CHECK-LABEL: func.func @halo
// CHECK:         %[[H:.*]] = mesh.update_halo %x on @m split_axes = [[0]] halo_sizes = [1, 1] : tensor<12x4xf32, #mesh.shard<@m, [[0]]>> -> tensor<12x4xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>>
// CHECK-NEXT:    return %[[H]]
func.func @halo(%x: tensor<12x4xf32, #mesh.shard<@m, [[0]]>>) -> tensor<12x4xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>> {
  %y = mesh.shard %x to <@m, [[0]], halo_sizes = [1, 1]> : tensor<12x4xf32, #mesh.shard<@m, [[0]]>> -> tensor<12x4xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>>
  return %y : tensor<12x4xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>>
}

// linalg.index of a split loop gets the shard offset (8 rows over 4: i * 2)
// CHECK-LABEL: func.func @index
// CHECK:         %[[OFF:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK:         linalg.generic
// CHECK:           %[[L:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[G:.*]] = arith.addi %[[L]], %[[OFF]] : index
// CHECK-NEXT:      arith.index_cast %[[G]] : index to i32
#id = affine_map<(d0) -> (d0)>
func.func @index(%o: tensor<8xi32, #mesh.shard<@m, [[0]]>>) -> tensor<8xi32, #mesh.shard<@m, [[0]]>> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%o : tensor<8xi32, #mesh.shard<@m, [[0]]>>) {
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i32
    linalg.yield %c : i32
  } -> tensor<8xi32, #mesh.shard<@m, [[0]]>>
  return %r : tensor<8xi32, #mesh.shard<@m, [[0]]>>
}
