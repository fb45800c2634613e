// partition of tensor.extract_slice / insert_slice / pad / concat and of a convolution-like generic on
// split tensors: each device runs the op on its part with local offsets and sizes -- static when the
// shards are even on a static mesh, `?` when they are uneven or the mesh is dynamic -- in both forms.
// RUN: meshc compile %s -p "reshard,partition" | filecheck %s
// RUN: meshc compile %s -p "reshard,partition" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "reshard,partition{form=for_one}" | filecheck %s --check-prefix=ONE
// RUN: meshc compile %s -p "reshard,partition{form=for_one}" | meshc compile - -p "" | filecheck %s --check-prefix=ONE

mesh.mesh @m(shape = 4)
mesh.mesh @u(shape = 3)
mesh.mesh @d(shape = ?)

// Rows split over 4, the slice takes them whole: device i reads rows [4i, 4i+4) at the slice's
// column offset 2 -- one read, no local slice.
// CHECK-LABEL: func.func @slice_whole_dim
// CHECK:         mesh.for_all on @m -> tensor<16x4xf32, #mesh.shard<@m, [[0]]>> {
// CHECK-NEXT:      %[[I:.*]] = mesh.process_multi_index on @m : index
// CHECK-NEXT:      %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:      %[[OFF:.*]] = arith.muli %[[I]], %[[C4]] : index
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %x[%[[OFF]], 2] [4, 4] [1, 1] : tensor<16x8xf32, #mesh.shard<@m, [[0]]>> to tensor<4x4xf32>
// CHECK-NEXT:      mesh.yield %[[S]] : tensor<4x4xf32>
// ONE-LABEL: func.func @slice_whole_dim
// ONE:         scf.forall (%[[I:.*]]) in (4) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<16x4xf32, #mesh.shard<@m, [[0]]>>) {
// ONE:           mesh.for_one %[[I]] on @m {
// ONE:             %[[S:.*]] = tensor.extract_slice %x[%{{.*}}, 2] [4, 4] [1, 1] : tensor<16x8xf32, #mesh.shard<@m, [[0]]>> to tensor<4x4xf32>
// ONE:             tensor.parallel_insert_slice %[[S]] into %[[OUT]][%{{.*}}, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<16x4xf32, #mesh.shard<@m, [[0]]>>
func.func @slice_whole_dim(%x: tensor<16x8xf32, #mesh.shard<@m, [[0]]>>) -> tensor<16x4xf32, #mesh.shard<@m, [[0]]>> {
  %s = tensor.extract_slice %x[0, 2] [16, 4] [1, 1] : tensor<16x8xf32, #mesh.shard<@m, [[0]]>> to tensor<16x4xf32, #mesh.shard<@m, [[0]]>>
  return %s : tensor<16x4xf32, #mesh.shard<@m, [[0]]>>
}

// 10 rows over 3 (3, 3, 4) and columns 1, 3, 5, 7: device i reads its rows of columns [1, 8) (7 = (4 - 1) * 2 + 1)
// and takes every other column.
// CHECK-LABEL: func.func @slice_uneven_strided
// CHECK:           %[[OFF:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:           %[[SZ:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:      %[[R:.*]] = tensor.extract_slice %x[%[[OFF]], 1] [%[[SZ]], 7] [1, 1] : tensor<10x9xf32, #mesh.shard<@u, [[0]]>> to tensor<?x7xf32>
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %[[R]][0, 0] [%[[SZ]], 4] [1, 2] : tensor<?x7xf32> to tensor<?x4xf32>
// CHECK-NEXT:      mesh.yield %[[S]] : tensor<?x4xf32>
func.func @slice_uneven_strided(%x: tensor<10x9xf32, #mesh.shard<@u, [[0]]>>) -> tensor<10x4xf32, #mesh.shard<@u, [[0]]>> {
  %s = tensor.extract_slice %x[0, 1] [10, 4] [1, 2] : tensor<10x9xf32, #mesh.shard<@u, [[0]]>> to tensor<10x4xf32, #mesh.shard<@u, [[0]]>>
  return %s : tensor<10x4xf32, #mesh.shard<@u, [[0]]>>
}

// Only the result is split (its column i of 4): device i reads column 1 + 2i of the replicated source.
// CHECK-LABEL: func.func @slice_of_replicated
// CHECK:           %[[I:.*]] = mesh.process_multi_index on @m : index
// CHECK-NEXT:      %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[I2:.*]] = arith.muli %[[I]], %[[C2]] : index
// CHECK-NEXT:      %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[COL:.*]] = arith.addi %[[C1]], %[[I2]] : index
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %x[0, %[[COL]]] [16, 1] [1, 1] : tensor<16x9xf32, #mesh.shard<@m, [[]]>> to tensor<16x1xf32>
// CHECK-NEXT:      mesh.yield %[[S]] : tensor<16x1xf32>
func.func @slice_of_replicated(%x: tensor<16x9xf32, #mesh.shard<@m, [[]]>>) -> tensor<16x4xf32, #mesh.shard<@m, [[], [0]]>> {
  %s = tensor.extract_slice %x[0, 1] [16, 4] [1, 2] : tensor<16x9xf32, #mesh.shard<@m, [[]]>> to tensor<16x4xf32, #mesh.shard<@m, [[], [0]]>>
  return %s : tensor<16x4xf32, #mesh.shard<@m, [[], [0]]>>
}

// A rank-reducing slice: the device's rows of the box, then the unit dim dropped locally.
// CHECK-LABEL: func.func @slice_rank_reducing
// CHECK:           %[[R:.*]] = tensor.extract_slice %x[%{{.*}}, 2, 1] [2, 1, 3] [1, 1, 1] : tensor<8x6x5xf32, #mesh.shard<@m, [[0]]>> to tensor<2x1x3xf32>
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %[[R]][0, 0, 0] [2, 1, 3] [1, 1, 1] : tensor<2x1x3xf32> to tensor<2x3xf32>
// CHECK-NEXT:      mesh.yield %[[S]] : tensor<2x3xf32>
func.func @slice_rank_reducing(%x: tensor<8x6x5xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x3xf32, #mesh.shard<@m, [[0]]>> {
  %s = tensor.extract_slice %x[0, 2, 1] [8, 1, 3] [1, 1, 1] : tensor<8x6x5xf32, #mesh.shard<@m, [[0]]>> to tensor<8x3xf32, #mesh.shard<@m, [[0]]>>
  return %s : tensor<8x3xf32, #mesh.shard<@m, [[0]]>>
}

// The source fills the split rows whole: each device inserts its rows at column 2 of its rows of the
// destination (the destination is the shared_out in form=for_one).
// CHECK-LABEL: func.func @insert_whole_dim
// CHECK:           %[[OFF:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK-NEXT:      %[[D:.*]] = tensor.extract_slice %d[%[[OFF]], 0] [2, 8] [1, 1] : tensor<8x8xf32, #mesh.shard<@m, [[0]]>> to tensor<2x8xf32>
// CHECK-NEXT:      %[[X:.*]] = tensor.extract_slice %x[%[[OFF]], 0] [2, 3] [1, 1] : tensor<8x3xf32, #mesh.shard<@m, [[0]]>> to tensor<2x3xf32>
// CHECK-NEXT:      %[[R:.*]] = tensor.insert_slice %[[X]] into %[[D]][0, 2] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<2x8xf32>
// CHECK-NEXT:      mesh.yield %[[R]] : tensor<2x8xf32>
// ONE-LABEL: func.func @insert_whole_dim
// ONE:         scf.forall (%[[I:.*]]) in (4) shared_outs(%[[OUT:.*]] = %d) -> (tensor<8x8xf32, #mesh.shard<@m, [[0]]>>) {
// ONE:             %[[D:.*]] = tensor.extract_slice %[[OUT]][%{{.*}}, 0] [2, 8] [1, 1] : tensor<8x8xf32, #mesh.shard<@m, [[0]]>> to tensor<2x8xf32>
// ONE:             %[[R:.*]] = tensor.insert_slice %{{.*}} into %[[D]][0, 2] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<2x8xf32>
// ONE:             tensor.parallel_insert_slice %[[R]] into %[[OUT]][%{{.*}}, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<8x8xf32, #mesh.shard<@m, [[0]]>>
func.func @insert_whole_dim(%x: tensor<8x3xf32, #mesh.shard<@m, [[0]]>>, %d: tensor<8x8xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x8xf32, #mesh.shard<@m, [[0]]>> {
  %r = tensor.insert_slice %x into %d[0, 2] [8, 3] [1, 1] : tensor<8x3xf32, #mesh.shard<@m, [[0]]>> into tensor<8x8xf32, #mesh.shard<@m, [[0]]>>
  return %r : tensor<8x8xf32, #mesh.shard<@m, [[0]]>>
}

// Unpadded rows split over 3: the device pads its rows; the body's row index becomes global (+ offset).
// CHECK-LABEL: func.func @pad_rows
// CHECK:           %[[OFF:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:           %[[SZ:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:      %[[X:.*]] = tensor.extract_slice %x[%[[OFF]], 0] [%[[SZ]], 6] [1, 1] : tensor<10x6xf32, #mesh.shard<@u, [[0]]>> to tensor<?x6xf32>
// CHECK-NEXT:      %[[P:.*]] = tensor.pad %[[X]] low[0, 1] high[0, 2] {
// CHECK-NEXT:      ^bb0(%[[IL:.*]]: index, %[[J:.*]]: index):
// CHECK-NEXT:        %[[IG:.*]] = arith.addi %[[IL]], %[[OFF]] : index
// CHECK-NEXT:        arith.addi %[[IG]], %[[J]] : index
// CHECK:           } : tensor<?x6xf32> to tensor<?x9xf32>
// CHECK-NEXT:      mesh.yield %[[P]] : tensor<?x9xf32>
// ONE-LABEL: func.func @pad_rows
// ONE:             } : tensor<?x6xf32> to tensor<?x9xf32>
// ONE:             tensor.parallel_insert_slice %{{.*}} into %{{.*}}[%{{.*}}, 0] [%{{.*}}, 9] [1, 1] : tensor<?x9xf32> into tensor<10x9xf32, #mesh.shard<@u, [[0]]>>
func.func @pad_rows(%x: tensor<10x6xf32, #mesh.shard<@u, [[0]]>>) -> tensor<10x9xf32, #mesh.shard<@u, [[0]]>> {
  %p = tensor.pad %x low[0, 1] high[0, 2] {
  ^bb0(%i: index, %j: index):
    %k = arith.addi %i, %j : index
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    tensor.yield %f : f32
  } : tensor<10x6xf32, #mesh.shard<@u, [[0]]>> to tensor<10x9xf32, #mesh.shard<@u, [[0]]>>
  return %p : tensor<10x9xf32, #mesh.shard<@u, [[0]]>>
}

// Rows split, columns concatenated: the concat of the device's rows.
// CHECK-LABEL: func.func @concat_rows
// CHECK:           %[[X:.*]] = tensor.extract_slice %x[%[[OFF:.*]], 0] [2, 6] [1, 1] : tensor<8x6xf32, #mesh.shard<@m, [[0]]>> to tensor<2x6xf32>
// CHECK-NEXT:      %[[Y:.*]] = tensor.extract_slice %y[%[[OFF]], 0] [2, 3] [1, 1] : tensor<8x3xf32, #mesh.shard<@m, [[0]]>> to tensor<2x3xf32>
// CHECK-NEXT:      %[[C:.*]] = tensor.concat dim(1) %[[X]], %[[Y]] : (tensor<2x6xf32>, tensor<2x3xf32>) -> tensor<2x9xf32>
// CHECK-NEXT:      mesh.yield %[[C]] : tensor<2x9xf32>
func.func @concat_rows(%x: tensor<8x6xf32, #mesh.shard<@m, [[0]]>>, %y: tensor<8x3xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x9xf32, #mesh.shard<@m, [[0]]>> {
  %c = tensor.concat dim(1) %x, %y : (tensor<8x6xf32, #mesh.shard<@m, [[0]]>>, tensor<8x3xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x9xf32, #mesh.shard<@m, [[0]]>>
  return %c : tensor<8x9xf32, #mesh.shard<@m, [[0]]>>
}

// out[d0] += x[d0 + d1] * w[d1], d0 split over 4 (2 outputs each): device i runs d0 over 0..2 locally, so it
// reads x from 2i (min'd with 10 for empty shards) to the end.
// CHECK-LABEL: func.func @conv_rows
// CHECK:           %[[I:.*]] = mesh.process_multi_index on @m : index
// CHECK-NEXT:      %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[OFF:.*]] = arith.muli %[[I]], %[[C2]] : index
// CHECK-NEXT:      %[[C10:.*]] = arith.constant 10 : index
// CHECK-NEXT:      %[[START:.*]] = arith.minsi %[[OFF]], %[[C10]] : index
// CHECK-NEXT:      %[[LEN:.*]] = arith.subi %[[C10]], %[[START]] : index
// CHECK-NEXT:      %[[X:.*]] = tensor.extract_slice %x[%[[START]]] [%[[LEN]]] [1] : tensor<10xf32, #mesh.shard<@m, [[]]>> to tensor<?xf32>
// CHECK-NEXT:      %[[W:.*]] = tensor.extract_slice %w[0] [3] [1] : tensor<3xf32, #mesh.shard<@m, [[]]>> to tensor<3xf32>
// CHECK-NEXT:      %[[O:.*]] = tensor.extract_slice %o[%[[OFF]]] [2] [1] : tensor<8xf32, #mesh.shard<@m, [[0]]>> to tensor<2xf32>
// CHECK-NEXT:      linalg.generic {{.*}} ins(%[[X]], %[[W]] : tensor<?xf32>, tensor<3xf32>) outs(%[[O]] : tensor<2xf32>)
func.func @conv_rows(%x: tensor<10xf32, #mesh.shard<@m, [[]]>>, %w: tensor<3xf32, #mesh.shard<@m, [[]]>>, %o: tensor<8xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8xf32, #mesh.shard<@m, [[0]]>> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %w : tensor<10xf32, #mesh.shard<@m, [[]]>>, tensor<3xf32, #mesh.shard<@m, [[]]>>) outs(%o : tensor<8xf32, #mesh.shard<@m, [[0]]>>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<8xf32, #mesh.shard<@m, [[0]]>>
  return %r : tensor<8xf32, #mesh.shard<@m, [[0]]>>
}

// A dynamic mesh: the device's rows come from mesh.mesh_shape (16 // n each, the last 16 % n one more).
// CHECK-LABEL: func.func @slice_dynamic_mesh
// CHECK:           %[[N:.*]] = mesh.mesh_shape @d axes = [0] : index
// CHECK:           %[[SZ:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %x[%{{.*}}, 2] [%[[SZ]], 4] [1, 1] : tensor<16x8xf32, #mesh.shard<@d, [[0]]>> to tensor<?x4xf32>
// CHECK-NEXT:      mesh.yield %[[S]] : tensor<?x4xf32>
// ONE-LABEL: func.func @slice_dynamic_mesh
// ONE:         %[[N:.*]] = mesh.mesh_shape @d axes = [0] : index
// ONE:         scf.forall (%[[I:.*]]) in (%[[N]]) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<16x4xf32, #mesh.shard<@d, [[0]]>>) {
// ONE:             tensor.extract_slice %x[%{{.*}}, 2] [%{{.*}}, 4] [1, 1] : tensor<16x8xf32, #mesh.shard<@d, [[0]]>> to tensor<?x4xf32>
func.func @slice_dynamic_mesh(%x: tensor<16x8xf32, #mesh.shard<@d, [[0]]>>) -> tensor<16x4xf32, #mesh.shard<@d, [[0]]>> {
  %s = tensor.extract_slice %x[0, 2] [16, 4] [1, 1] : tensor<16x8xf32, #mesh.shard<@d, [[0]]>> to tensor<16x4xf32, #mesh.shard<@d, [[0]]>>
  return %s : tensor<16x4xf32, #mesh.shard<@d, [[0]]>>
}
