// A dynamic mesh keeps the SPMD form (the runtime instantiates it); with
// --mesh-shape the mesh is specialized at compile time and unrolled. 10 rows
// over 3 devices: 3, 3, 4 (the balanced rule); over 4: 2, 2, 3, 3.
// RUN: meshc compile %s --emit=unrolled | filecheck %s --check-prefix=DYN
// RUN: meshc compile %s --emit=unrolled --remarks 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: meshc compile %s --emit=unrolled --mesh-shape m=3 | filecheck %s --check-prefix=M3
// RUN: meshc compile %s --emit=unrolled --mesh-shape m=4 | filecheck %s --check-prefix=M4

mesh.mesh @m(shape = ?)

// DYN:         mesh.mesh @m(shape = ?)
// DYN-LABEL:   func.func @main(%x: tensor<10xf32, #mesh.shard<@m, [[0]]>>) -> tensor<10xf32, #mesh.shard<@m, [[0]]>> {
// DYN:           mesh.for_all on @m -> tensor<10xf32, #mesh.shard<@m, [[0]]>> {
// DYN:             mesh.mesh_shape @m axes = [0] : index
// DYN-NOT:       mesh.for_one
// DYN-NOT:       @main_sharded
// REMARK: remark: mesh @m is dynamic: @main keeps its SPMD form
// M3:          mesh.mesh @m(shape = 3)
// M3-LABEL:    func.func private @main_sharded(
// M3-SAME:       %x_0: tensor<3xf32> {mesh.arg = 0, mesh.devices = [0], mesh.offsets = array<i64: 0>}
// M3-SAME:       %x_1: tensor<3xf32> {mesh.arg = 0, mesh.devices = [1], mesh.offsets = array<i64: 3>}
// M3-SAME:       %x_2: tensor<4xf32> {mesh.arg = 0, mesh.devices = [2], mesh.offsets = array<i64: 6>}
// M3:            mesh.for_one 2 on @m -> tensor<4xf32> {
// M3-NEXT:         math.exp %x_2 : tensor<4xf32>
// M4-LABEL:    func.func private @main_sharded(
// M4-SAME:       tensor<2xf32> {mesh.arg = 0, mesh.devices = [0], mesh.offsets = array<i64: 0>}
// M4-SAME:       tensor<2xf32> {mesh.arg = 0, mesh.devices = [1], mesh.offsets = array<i64: 2>}
// M4-SAME:       tensor<3xf32> {mesh.arg = 0, mesh.devices = [2], mesh.offsets = array<i64: 4>}
// M4-SAME:       tensor<3xf32> {mesh.arg = 0, mesh.devices = [3], mesh.offsets = array<i64: 7>}
func.func @main(%x: tensor<10xf32>) -> tensor<10xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<10xf32>
  %y = math.exp %xs : tensor<10xf32>
  %ys = mesh.shard %y to <@m, [[0]]> : tensor<10xf32>
  return %ys : tensor<10xf32>
}
