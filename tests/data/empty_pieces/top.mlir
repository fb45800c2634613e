// Top-level collectives where some devices hold no elements (3 rows or columns over 4 devices: 0, 1,
// 1, 1), one after the other in one schedule, so that a member calling another MPI collective than
// the others (or skipping an empty message) leaves the next one waiting: the all_to_all of a 3x3
// column split to a row split (device 0 sends and receives nothing) before the even one of a 4x4,
// an all_gather, a reduce_scatter of a partial matmul, an all_slice, an update_halo (device 0's core
// is empty) and a reshard from explicit offsets (0, 3, 3, 3, 3: devices 1-3 empty) to the balanced split.
mesh.mesh @m(shape = 4)
func.func @main(%a: tensor<3x3xf32>, %c: tensor<3x5xf32>, %x: tensor<3x4xf32>, %w: tensor<4x2xf32>, %h: tensor<3x4xf32>, %o: tensor<3x2xf32>, %b: tensor<4x4xf32>) -> (tensor<3x3xf32>, tensor<3x5xf32>, tensor<3x2xf32>, tensor<3x5xf32>, tensor<3x4xf32>, tensor<3x2xf32>, tensor<4x4xf32>) {
  %as = mesh.shard %a to <@m, [[], [0]]> : tensor<3x3xf32>
  %r0 = mesh.shard %as to <@m, [[0]]> : tensor<3x3xf32>
  %bs = mesh.shard %b to <@m, [[], [0]]> : tensor<4x4xf32>
  %r6 = mesh.shard %bs to <@m, [[0]]> : tensor<4x4xf32>
  %cs = mesh.shard %c to <@m, [[0]]> : tensor<3x5xf32>
  %r1 = mesh.shard %cs to <@m, [[]]> : tensor<3x5xf32>
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<3x4xf32>
  %ws = mesh.shard %w to <@m, [[0]]> : tensor<4x2xf32>
  %z = tensor.empty() : tensor<3x2xf32>
  %f = arith.constant 0.0 : f32
  %zf = linalg.fill ins(%f : f32) outs(%z : tensor<3x2xf32>) -> tensor<3x2xf32>
  %mm = linalg.matmul ins(%xs, %ws : tensor<3x4xf32>, tensor<4x2xf32>) outs(%zf : tensor<3x2xf32>) -> tensor<3x2xf32>
  %pp = mesh.shard %mm to <@m, [[]], partial = sum[0]> : tensor<3x2xf32>
  %r2 = mesh.shard %pp to <@m, [[0]]> : tensor<3x2xf32>
  %cr = mesh.shard %c to <@m, [[]]> : tensor<3x5xf32>
  %r3 = mesh.shard %cr to <@m, [[0]]> : tensor<3x5xf32>
  %hh = mesh.shard %h to <@m, [[0]]> : tensor<3x4xf32>
  %r4 = mesh.update_halo %hh on @m split_axes = [[0]] halo_sizes = [1, 1] : tensor<3x4xf32>
  %os = mesh.shard %o to <@m, [[0]], sharded_dims_offsets = [0, 3, 3, 3, 3]> : tensor<3x2xf32>
  %r5 = mesh.shard %os to <@m, [[0]]> : tensor<3x2xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : tensor<3x3xf32>, tensor<3x5xf32>, tensor<3x2xf32>, tensor<3x5xf32>, tensor<3x4xf32>, tensor<3x2xf32>, tensor<4x4xf32>
}
