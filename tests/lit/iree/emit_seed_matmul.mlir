// RUN: meshc compile %s --emit=iree | filecheck %s
// The seed's 2-device row-split matmul as one IREE module: two device globals with explicit ordinals,
// the per-shard function with affinities, the replicated RHS transferred to device 1 before device 1's
// matmul, and the original signature that shards, calls and gathers.

mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>, %out_dps: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %arg0_sharded = mesh.shard %arg0 to <@mesh, [[0]]> : tensor<2x3xf32>
  %arg1_sharded = mesh.shard %arg1 to <@mesh, []> : tensor<3x2xf32>
  %out_dps_sharded = mesh.shard %out_dps to <@mesh, [[0]]> : tensor<2x2xf32>
  %res = linalg.matmul ins(%arg0_sharded, %arg1_sharded : tensor<2x3xf32>, tensor<3x2xf32>)
                       outs(%out_dps_sharded : tensor<2x2xf32>) -> tensor<2x2xf32>
  %res_sharded = mesh.shard %res to <@mesh, [[0]]> : tensor<2x2xf32>
  return %res_sharded : tensor<2x2xf32>
}

// CHECK: // IREE input module emitted by meshc (checked with IREE {{[0-9.]+}}): mesh @mesh shape 2, 2 logical devices
// CHECK-NEXT: module @main_iree {
// CHECK-NEXT:   util.global private @dev0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {{.*}}>]> : !hal.device
// CHECK-NEXT:   util.global private @dev1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {{.*}}>]> : !hal.device
// CHECK-NEXT:   util.func public @main_sharded(%arg0_0: tensor<1x3xf32> {iree.abi.affinity = #hal.device.affinity<@dev0>}, %arg0_1: tensor<1x3xf32> {iree.abi.affinity = #hal.device.affinity<@dev1>}, %arg1_0: tensor<3x2xf32> {iree.abi.affinity = #hal.device.affinity<@dev0>}, %out_dps_0: tensor<1x2xf32> {iree.abi.affinity = #hal.device.affinity<@dev0>}, %out_dps_1: tensor<1x2xf32> {iree.abi.affinity = #hal.device.affinity<@dev1>}) -> (tensor<1x2xf32> {iree.abi.affinity = #hal.device.affinity<@dev0>}, tensor<1x2xf32> {iree.abi.affinity = #hal.device.affinity<@dev1>}) {
// CHECK-NEXT:     %[[B1:.*]] = flow.tensor.transfer %arg1_0 : tensor<3x2xf32> to #hal.device.affinity<@dev1>
// CHECK-NEXT:     %[[R0:.*]] = linalg.matmul ins(%arg0_0, %arg1_0 : tensor<1x3xf32>, tensor<3x2xf32>) outs(%out_dps_0 : tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT:     %[[R1:.*]] = linalg.matmul ins(%arg0_1, %[[B1]] : tensor<1x3xf32>, tensor<3x2xf32>) outs(%out_dps_1 : tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT:     util.return %[[R0]], %[[R1]] : tensor<1x2xf32>, tensor<1x2xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   util.func public @main(%arg0: tensor<2x3xf32> {iree.abi.affinity = #hal.device.affinity<@dev0>}, %arg1: tensor<3x2xf32> {iree.abi.affinity = #hal.device.affinity<@dev0>}, %arg2: tensor<2x2xf32> {iree.abi.affinity = #hal.device.affinity<@dev0>}) -> (tensor<2x2xf32> {iree.abi.affinity = #hal.device.affinity<@dev0>}) {
// CHECK:          %[[S1:.*]] = tensor.extract_slice %arg0[1, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<1x3xf32>
// CHECK-NEXT:     flow.tensor.transfer %[[S1]] : tensor<1x3xf32> to #hal.device.affinity<@dev1>
// CHECK:          %[[P0:.*]], %[[P1:.*]] = util.call @main_sharded(
// The entry keeps every part behind a barrier of its own before gathering (docs/iree.md, "The module");
// device 1's part moves from there.
// CHECK-NEXT:     %[[H0:.*]] = util.optimization_barrier %[[P0]] : tensor<1x2xf32>
// CHECK-NEXT:     %[[H1:.*]] = util.optimization_barrier %[[P1]] : tensor<1x2xf32>
// CHECK:          flow.tensor.transfer %[[H1]] : tensor<1x2xf32> to #hal.device.affinity<@dev0>
// CHECK:          util.return
// CHECK-NOT:  mesh.
// CHECK:      }
