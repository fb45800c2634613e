// sharding-propagation through tensor.expand_shape / collapse_shape: a split passes to the major
// non-unit dim of its reassociation group (the carrying dim) when the shard boundaries stay whole
// rows of the group's other dims -- always when those dims are 1, else when the device count
// divides the carrying dim -- in both directions; otherwise the reshape is replicated on that
// group and a resharding point (annotate_for_users) appears before or after it.
// RUN: meshc compile %s -p sharding-propagation --split-input-file | filecheck %s

// Forward: 32 -> 8x4 over 4 devices, 4 divides 8: shard j holds rows [2j, 2j+2) = elements [8j, 8j+8).
// CHECK-LABEL: func.func @expand_rows
// CHECK:      %[[E:.*]] = tensor.expand_shape %xs
// CHECK-NEXT: mesh.shard %[[E]] to <@m, [[0]]> : tensor<8x4xf32>
mesh.mesh @m(shape = 4)
func.func @expand_rows(%x: tensor<32xf32>) -> tensor<8x4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<32xf32>
  %e = tensor.expand_shape %xs [[0, 1]] output_shape [8, 4] : tensor<32xf32> into tensor<8x4xf32>
  return %e : tensor<8x4xf32>
}

// -----

// Forward, misaligned: 32 over 3 is 10, 11, 11 elements, 8 rows over 3 are 2, 3, 3 rows = 8, 12, 12
// elements: the source is gathered before the expand, which is replicated.
// CHECK-LABEL: func.func @expand_misaligned
// CHECK:      %[[XS:.*]] = mesh.shard %x to <@m, [[0]]> : tensor<32xf32>
// CHECK-NEXT: %[[XR:.*]] = mesh.shard %[[XS]] to <@m, [[]]> annotate_for_users : tensor<32xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.expand_shape %[[XR]]
// CHECK-NEXT: mesh.shard %[[E]] to <@m, [[]]> : tensor<8x4xf32>
mesh.mesh @m(shape = 3)
func.func @expand_misaligned(%x: tensor<32xf32>) -> tensor<8x4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<32xf32>
  %e = tensor.expand_shape %xs [[0, 1]] output_shape [8, 4] : tensor<32xf32> into tensor<8x4xf32>
  return %e : tensor<8x4xf32>
}

// -----

// Backward, misaligned: the result wanted with its 8 rows over 3 devices; the source cannot be split
// to match, so it stays replicated and each device expands its own rows of it.
// CHECK-LABEL: func.func @expand_backward_misaligned
// CHECK:      %[[Y:.*]] = mesh.shard %y to <@m, [[]]> : tensor<32xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.expand_shape %[[Y]]
// CHECK-NEXT: mesh.shard %[[E]] to <@m, [[0]]> : tensor<8x4xf32>
mesh.mesh @m(shape = 3)
func.func @expand_backward_misaligned(%y: tensor<32xf32>) -> tensor<8x4xf32> {
  %e = tensor.expand_shape %y [[0, 1]] output_shape [8, 4] : tensor<32xf32> into tensor<8x4xf32>
  %es = mesh.shard %e to <@m, [[0]]> : tensor<8x4xf32>
  return %es : tensor<8x4xf32>
}

// -----

// A split wanted on the minor dim of a group is not a block of the source: the expand is replicated
// and the split happens after it (a local slice).
// CHECK-LABEL: func.func @expand_minor
// CHECK:      %[[Y:.*]] = mesh.shard %y to <@m, [[]]> : tensor<32xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.expand_shape %[[Y]]
// CHECK-NEXT: %[[ER:.*]] = mesh.shard %[[E]] to <@m, [[]]> : tensor<8x4xf32>
// CHECK-NEXT: mesh.shard %[[ER]] to <@m, [[], [0]]> annotate_for_users : tensor<8x4xf32>
mesh.mesh @m(shape = 4)
func.func @expand_minor(%y: tensor<32xf32>) -> tensor<8x4xf32> {
  %e = tensor.expand_shape %y [[0, 1]] output_shape [8, 4] : tensor<32xf32> into tensor<8x4xf32>
  %es = mesh.shard %e to <@m, [[], [0]]> : tensor<8x4xf32>
  return %es : tensor<8x4xf32>
}

// -----

// Forward collapse 8x4 -> 32, rows over 2 devices: rows [4j, 4j+4) are elements [16j, 16j+16).
// CHECK-LABEL: func.func @collapse_rows
// CHECK:      %[[C:.*]] = tensor.collapse_shape %xs
// CHECK-NEXT: mesh.shard %[[C]] to <@m, [[0]]> : tensor<32xf32>
mesh.mesh @m(shape = 2)
func.func @collapse_rows(%x: tensor<8x4xf32>) -> tensor<32xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x4xf32>
  %c = tensor.collapse_shape %xs [[0, 1]] : tensor<8x4xf32> into tensor<32xf32>
  return %c : tensor<32xf32>
}

// -----

// Backward collapse: the result wanted split over 4 makes the argument split on its rows.
// CHECK-LABEL: func.func @collapse_backward
// CHECK:      %[[X:.*]] = mesh.shard %x to <@m, [[0]]> : tensor<8x4xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %[[X]]
// CHECK-NEXT: mesh.shard %[[C]] to <@m, [[0]]> : tensor<32xf32>
mesh.mesh @m(shape = 4)
func.func @collapse_backward(%x: tensor<8x4xf32>) -> tensor<32xf32> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<8x4xf32> into tensor<32xf32>
  %cs = mesh.shard %c to <@m, [[0]]> : tensor<32xf32>
  return %cs : tensor<32xf32>
}

// -----

// Backward collapse over 3 (misaligned): the collapse is replicated, the split comes after it.
// CHECK-LABEL: func.func @collapse_backward_misaligned
// CHECK:      %[[X:.*]] = mesh.shard %x to <@m, [[]]> : tensor<8x4xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %[[X]]
// CHECK-NEXT: %[[CR:.*]] = mesh.shard %[[C]] to <@m, [[]]> : tensor<32xf32>
// CHECK-NEXT: mesh.shard %[[CR]] to <@m, [[0]]> annotate_for_users : tensor<32xf32>
mesh.mesh @m(shape = 3)
func.func @collapse_backward_misaligned(%x: tensor<8x4xf32>) -> tensor<32xf32> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<8x4xf32> into tensor<32xf32>
  %cs = mesh.shard %c to <@m, [[0]]> : tensor<32xf32>
  return %cs : tensor<32xf32>
}

// -----

// Unit dims keep every boundary whole, uneven shards included (64 over 3 = 21, 21, 22; 10 over 3 =
// 3, 3, 4); the carrying dim of 1x12x7 is 12 (after a unit dim), and 3 divides it.
// CHECK-LABEL: func.func @unit_dims
// CHECK:      %[[E:.*]] = tensor.expand_shape %xs
// CHECK-NEXT: mesh.shard %[[E]] to <@m, [[0]]> : tensor<64x1xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %zs
// CHECK-NEXT: mesh.shard %[[C]] to <@m, [[0]]> : tensor<10xf32>
// CHECK-NEXT: %[[D:.*]] = tensor.collapse_shape %ws
// CHECK-NEXT: mesh.shard %[[D]] to <@m, [[0]]> : tensor<84xf32>
mesh.mesh @m(shape = 3)
func.func @unit_dims(%x: tensor<64xf32>, %z: tensor<1x10x1xf32>, %w: tensor<1x12x7xf32>) -> (tensor<64x1xf32>, tensor<10xf32>, tensor<84xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<64xf32>
  %e = tensor.expand_shape %xs [[0, 1]] output_shape [64, 1] : tensor<64xf32> into tensor<64x1xf32>
  %zs = mesh.shard %z to <@m, [[], [0]]> : tensor<1x10x1xf32>
  %c = tensor.collapse_shape %zs [[0, 1, 2]] : tensor<1x10x1xf32> into tensor<10xf32>
  %ws = mesh.shard %w to <@m, [[], [0]]> : tensor<1x12x7xf32>
  %d = tensor.collapse_shape %ws [[0, 1, 2]] : tensor<1x12x7xf32> into tensor<84xf32>
  return %e, %c, %d : tensor<64x1xf32>, tensor<10xf32>, tensor<84xf32>
}

// -----

// 2-D mesh: rows over both axes (4 devices divide the carrying dim 4); two groups of a collapse,
// each carrying its own split (axis 0 over 4 rows, axis 1 over 6).
// CHECK-LABEL: func.func @mesh_2d
// CHECK:      %[[E:.*]] = tensor.expand_shape %xs
// CHECK-NEXT: mesh.shard %[[E]] to <@m, [[0, 1]]> : tensor<4x2x6xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %ys
// CHECK-NEXT: mesh.shard %[[C]] to <@m, [[0], [1]]> : tensor<8x12xf32>
mesh.mesh @m(shape = 2x2)
func.func @mesh_2d(%x: tensor<8x6xf32>, %y: tensor<4x2x6x2xf32>) -> (tensor<4x2x6xf32>, tensor<8x12xf32>) {
  %xs = mesh.shard %x to <@m, [[0, 1]]> : tensor<8x6xf32>
  %e = tensor.expand_shape %xs [[0, 1], [2]] output_shape [4, 2, 6] : tensor<8x6xf32> into tensor<4x2x6xf32>
  %ys = mesh.shard %y to <@m, [[0], [], [1]]> : tensor<4x2x6x2xf32>
  %c = tensor.collapse_shape %ys [[0, 1], [2, 3]] : tensor<4x2x6x2xf32> into tensor<8x12xf32>
  return %e, %c : tensor<4x2x6xf32>, tensor<8x12xf32>
}

// -----

// 2-D mesh, rows over axis 1 of size 3, which does not divide the carrying dim 2: gathered.
// CHECK-LABEL: func.func @mesh_2d_misaligned
// CHECK:      %[[XR:.*]] = mesh.shard %xs to <@m, [[]]> annotate_for_users : tensor<8x6xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.expand_shape %[[XR]]
// CHECK-NEXT: mesh.shard %[[E]] to <@m, [[]]> : tensor<2x4x6xf32>
mesh.mesh @m(shape = 2x3)
func.func @mesh_2d_misaligned(%x: tensor<8x6xf32>) -> tensor<2x4x6xf32> {
  %xs = mesh.shard %x to <@m, [[1]]> : tensor<8x6xf32>
  %e = tensor.expand_shape %xs [[0, 1], [2]] output_shape [2, 4, 6] : tensor<8x6xf32> into tensor<2x4x6xf32>
  return %e : tensor<2x4x6xf32>
}

// -----

// Dynamic mesh: 64 -> 64x1 passes for any device count; 48 -> 8x6 needs the count to divide 8, which
// is unknown: gathered (conservative).
// CHECK-LABEL: func.func @dynamic
// CHECK:      %[[E:.*]] = tensor.expand_shape %xs
// CHECK-NEXT: mesh.shard %[[E]] to <@d, [[0]]> : tensor<64x1xf32>
// CHECK-NEXT: %[[YR:.*]] = mesh.shard %ys to <@d, [[]]> annotate_for_users : tensor<48xf32>
// CHECK-NEXT: %[[F:.*]] = tensor.expand_shape %[[YR]]
// CHECK-NEXT: mesh.shard %[[F]] to <@d, [[]]> : tensor<8x6xf32>
mesh.mesh @d(shape = ?)
func.func @dynamic(%x: tensor<64xf32>, %y: tensor<48xf32>) -> (tensor<64x1xf32>, tensor<8x6xf32>) {
  %xs = mesh.shard %x to <@d, [[0]]> : tensor<64xf32>
  %e = tensor.expand_shape %xs [[0, 1]] output_shape [64, 1] : tensor<64xf32> into tensor<64x1xf32>
  %ys = mesh.shard %y to <@d, [[0]]> : tensor<48xf32>
  %f = tensor.expand_shape %ys [[0, 1]] output_shape [8, 6] : tensor<48xf32> into tensor<8x6xf32>
  return %e, %f : tensor<64x1xf32>, tensor<8x6xf32>
}

// -----

// Explicit boundaries count rows of 4 elements on 8x4 but elements on 32: not carried over a group
// with non-unit minor dims (gathered).
// CHECK-LABEL: func.func @explicit_offsets
// CHECK:      %[[YR:.*]] = mesh.shard %ys to <@m, [[]]> annotate_for_users : tensor<8x4xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %[[YR]]
// CHECK-NEXT: mesh.shard %[[C]] to <@m, [[]]> : tensor<32xf32>
mesh.mesh @m(shape = 2)
func.func @explicit_offsets(%y: tensor<8x4xf32>) -> tensor<32xf32> {
  %ys = mesh.shard %y to <@m, [[0]], sharded_dims_offsets = [0, 2, 8]> : tensor<8x4xf32>
  %c = tensor.collapse_shape %ys [[0, 1]] : tensor<8x4xf32> into tensor<32xf32>
  return %c : tensor<32xf32>
}
