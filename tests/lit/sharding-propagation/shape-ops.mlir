// sharding-propagation through ops that move dims: linalg.transpose / linalg.broadcast (their maps),
// and the explicit rules of tensor.expand_shape / collapse_shape / extract_slice / insert_slice /
// concat / pad / cast: a split carries over a dim only where it stays exact, else that dim is
// replicated (and a resharding point appears).
// RUN: meshc compile %s -p sharding-propagation --split-input-file | filecheck %s

// Transpose, permutation [1, 0]: rows of the input are columns of the result, and back.
// CHECK-LABEL: func.func @transpose
// CHECK:      %[[T:.*]] = linalg.transpose
// CHECK-NEXT: mesh.shard %[[T]] to <@m, [[], [0]]> : tensor<16x8xf32>
mesh.mesh @m(shape = 4)
func.func @transpose(%x: tensor<8x16xf32>, %init: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %t = linalg.transpose ins(%xs : tensor<8x16xf32>) outs(%init : tensor<16x8xf32>) permutation = [1, 0]
  return %t : tensor<16x8xf32>
}

// -----

// Transpose backward: the result wanted with its rows split splits the input's columns.
// CHECK-LABEL: func.func @transpose_backward
// CHECK:      mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK-NEXT: mesh.shard %init to <@m, [[0]]> : tensor<16x8xf32>
mesh.mesh @m(shape = 4)
func.func @transpose_backward(%x: tensor<8x16xf32>, %init: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %t = linalg.transpose ins(%x : tensor<8x16xf32>) outs(%init : tensor<16x8xf32>) permutation = [1, 0]
  %ts = mesh.shard %t to <@m, [[0]]> : tensor<16x8xf32>
  return %ts : tensor<16x8xf32>
}

// -----

// Broadcast along a new dim 0: the input's dim 0 is the result's dim 1.
// CHECK-LABEL: func.func @broadcast
// CHECK:      %[[B:.*]] = linalg.broadcast
// CHECK-NEXT: mesh.shard %[[B]] to <@m, [[], [0]]> : tensor<4x16xf32>
mesh.mesh @m(shape = 4)
func.func @broadcast(%x: tensor<16xf32>, %init: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<16xf32>
  %b = linalg.broadcast ins(%xs : tensor<16xf32>) outs(%init : tensor<4x16xf32>) dimensions = [0]
  return %b : tensor<4x16xf32>
}

// -----

// Broadcast backward along the broadcast dim: the input is not indexed by it, so it stays replicated.
// CHECK-LABEL: func.func @broadcast_new_dim
// CHECK:      mesh.shard %x to <@m, [[]]> : tensor<16xf32>
// CHECK-NEXT: mesh.shard %init to <@m, [[0]]> : tensor<4x16xf32>
mesh.mesh @m(shape = 4)
func.func @broadcast_new_dim(%x: tensor<16xf32>, %init: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %b = linalg.broadcast ins(%x : tensor<16xf32>) outs(%init : tensor<4x16xf32>) dimensions = [0]
  %bs = mesh.shard %b to <@m, [[0]]> : tensor<4x16xf32>
  return %bs : tensor<4x16xf32>
}

// -----

// expand_shape 8 -> 4x2: the split of the 8 rows over 4 devices is the split of the major dim 4
// (4 divisible by 4); collapse_shape 4x2 -> 8 takes it back.
// CHECK-LABEL: func.func @expand_collapse
// CHECK:      %[[E:.*]] = tensor.expand_shape
// CHECK-NEXT: %[[ES:.*]] = mesh.shard %[[E]] to <@m, [[0]]> : tensor<4x2x6xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %[[ES]]
// CHECK-NEXT: mesh.shard %[[C]] to <@m, [[0]]> : tensor<8x6xf32>
mesh.mesh @m(shape = 4)
func.func @expand_collapse(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x6xf32>
  %e = tensor.expand_shape %xs [[0, 1], [2]] output_shape [4, 2, 6] : tensor<8x6xf32> into tensor<4x2x6xf32>
  %c = tensor.collapse_shape %e [[0, 1], [2]] : tensor<4x2x6xf32> into tensor<8x6xf32>
  return %c : tensor<8x6xf32>
}

// -----

// expand_shape 8 -> 2x4 over 4 devices: 4 does not divide the major dim 2, so 2 rows each of the
// 8 do not match a split of the expanded tensor, but a split over pairs of devices does (a sub-axis:
// the function moves to @m_a0g2, shape 2x2, where the 4 devices are axes 0, 1): the result is split
// over the pairs, the input gathered within each pair only (with sub-axes=false: over all 4 devices,
// the result replicated).
// CHECK-LABEL: func.func @expand_not_divisible
// CHECK:      %[[XS:.*]] = mesh.shard %x to <@m_a0g2, [[0, 1]]> : tensor<8xf32>
// CHECK-NEXT: %[[XR:.*]] = mesh.shard %[[XS]] to <@m_a0g2, [[0]]> annotate_for_users : tensor<8xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.expand_shape %[[XR]]
// CHECK-NEXT: mesh.shard %[[E]] to <@m_a0g2, [[0]]> : tensor<2x4xf32>
mesh.mesh @m(shape = 4)
func.func @expand_not_divisible(%x: tensor<8xf32>) -> tensor<2x4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8xf32>
  %e = tensor.expand_shape %xs [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
  return %e : tensor<2x4xf32>
}

// -----

// collapse_shape of a tensor split on the minor dim of a group: not a block of the collapsed dim.
// CHECK-LABEL: func.func @collapse_minor
// CHECK:      %[[XR:.*]] = mesh.shard %{{.*}} to <@m, [[]]> annotate_for_users : tensor<4x8xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %[[XR]]
// CHECK-NEXT: mesh.shard %[[C]] to <@m, [[]]> : tensor<32xf32>
mesh.mesh @m(shape = 4)
func.func @collapse_minor(%x: tensor<4x8xf32>) -> tensor<32xf32> {
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<4x8xf32>
  %c = tensor.collapse_shape %xs [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  return %c : tensor<32xf32>
}

// -----

// extract_slice taking whole rows: the row split carries over; insert_slice of whole rows too.
// CHECK-LABEL: func.func @slices
// CHECK:      mesh.shard %y to <@m, [[0]]> : tensor<8x4xf32>
// CHECK:      %[[S:.*]] = tensor.extract_slice
// CHECK-NEXT: mesh.shard %[[S]] to <@m, [[0]]> : tensor<8x4xf32>
// CHECK-NEXT: %[[I:.*]] = tensor.insert_slice
// CHECK-NEXT: mesh.shard %[[I]] to <@m, [[0]]> : tensor<8x16xf32>
mesh.mesh @m(shape = 4)
func.func @slices(%x: tensor<8x16xf32>, %y: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x16xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %s = tensor.extract_slice %xs[0, 4] [8, 4] [1, 1] : tensor<8x16xf32> to tensor<8x4xf32>
  %i = tensor.insert_slice %y into %xs[0, 0] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x16xf32>
  return %s, %i : tensor<8x4xf32>, tensor<8x16xf32>
}

// -----

// extract_slice of part of the split dim: the slice is replicated and the source gathered; a
// rank-reducing slice keeps the split of the other dim.
// CHECK-LABEL: func.func @partial_slices
// CHECK:      %[[XS:.*]] = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[YS:.*]] = mesh.shard %y to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[XR:.*]] = mesh.shard %[[XS]] to <@m, [[]]> annotate_for_users : tensor<8x16xf32>
// CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %[[XR]][2, 0] [4, 16]
// CHECK-NEXT: mesh.shard %[[S]] to <@m, [[]]> : tensor<4x16xf32>
// CHECK-NEXT: %[[R:.*]] = tensor.extract_slice %[[YS]][3, 0] [1, 16]
// CHECK-NEXT: mesh.shard %[[R]] to <@m, [[0]]> : tensor<16xf32>
mesh.mesh @m(shape = 4)
func.func @partial_slices(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>) -> (tensor<4x16xf32>, tensor<16xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %s = tensor.extract_slice %xs[2, 0] [4, 16] [1, 1] : tensor<8x16xf32> to tensor<4x16xf32>
  %ys = mesh.shard %y to <@m, [[], [0]]> : tensor<8x16xf32>
  %r = tensor.extract_slice %ys[3, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<16xf32>
  return %s, %r : tensor<4x16xf32>, tensor<16xf32>
}

// -----

// concat along dim 1 keeps the row split of its inputs; pad of the rows gathers them, pad of the
// columns keeps it; a cast keeps everything.
// CHECK-LABEL: func.func @concat_pad_cast
// CHECK:      mesh.shard %b to <@m, [[0]]> : tensor<8x6xf32>
// CHECK:      %[[C:.*]] = tensor.concat
// CHECK-NEXT: %[[CS:.*]] = mesh.shard %[[C]] to <@m, [[0]]> : tensor<8x10xf32>
// CHECK:      %[[P:.*]] = tensor.pad %[[CS]] low[0, 1] high[0, 1]
// CHECK:      mesh.shard %[[P]] to <@m, [[0]]> : tensor<8x12xf32>
// CHECK:      %[[K:.*]] = tensor.cast
// CHECK-NEXT: %[[KS:.*]] = mesh.shard %[[K]] to <@m, [[0]]> : tensor<?x12xf32>
// CHECK-NEXT: %[[KR:.*]] = mesh.shard %[[KS]] to <@m, [[]]> annotate_for_users : tensor<?x12xf32>
// CHECK-NEXT: %[[Q:.*]] = tensor.pad %[[KR]] low[1, 0] high[1, 0]
mesh.mesh @m(shape = 4)
func.func @concat_pad_cast(%a: tensor<8x4xf32>, %b: tensor<8x6xf32>) -> tensor<?x12xf32> {
  %as = mesh.shard %a to <@m, [[0]]> : tensor<8x4xf32>
  %c = tensor.concat dim(1) %as, %b : (tensor<8x4xf32>, tensor<8x6xf32>) -> tensor<8x10xf32>
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %c low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<8x10xf32> to tensor<8x12xf32>
  %k = tensor.cast %p : tensor<8x12xf32> to tensor<?x12xf32>
  %q = tensor.pad %k low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x12xf32> to tensor<?x12xf32>
  return %q : tensor<?x12xf32>
}
