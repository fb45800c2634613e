// mesh.update_halo through the whole pipeline to per-device schedules: an explicit halo exchange in the
// upstream LLVM 22 spelling (shard.grid, shard.update_halo) on 10 rows over 3 devices (cores 0:3, 3:6,
// 6:10; halos 1 below and 2 above, clipped at the tensor edges) is read as "%x split over axis 0, %h is
// it with halos [1, 2]", unrolled to one N-operand op and scheduled as one halo_exchange per device:
// its own core from its own buffer, each halo slab copied from the core of the device owning it.
// RUN: meshc compile %s --emit=unrolled | filecheck %s --check-prefix=IR
// RUN: meshc compile %s --emit schedule | filecheck %s
// RUN: meshc compile %s --emit=unrolled | meshc compile - -p "" --emit schedule | filecheck %s
// RUN: meshc compile %s --emit schedule-json | filecheck %s --check-prefix=JSON

shard.grid @grid(shape = 3)
func.func @main(%x: tensor<10x4xf32>) -> tensor<10x4xf32> {
  %h = shard.update_halo %x on @grid split_axes = [[0]] halo_sizes = [1, 2] : tensor<10x4xf32>
  return %h : tensor<10x4xf32>
}

// IR-LABEL: func.func private @main_sharded(
// IR-SAME:    %x_0: tensor<3x4xf32> {mesh.arg = 0, mesh.devices = [0], mesh.offsets = array<i64: 0, 0>}
// IR-SAME:    -> (tensor<5x4xf32> {mesh.result = 0, mesh.devices = [0], mesh.offsets = array<i64: 0, 0>}, tensor<6x4xf32> {mesh.result = 0, mesh.devices = [1], mesh.offsets = array<i64: 2, 0>}, tensor<5x4xf32> {mesh.result = 0, mesh.devices = [2], mesh.offsets = array<i64: 5, 0>})
// IR-NEXT:    %[[H:.*]]:3 = mesh.update_halo %x_0, %x_1, %x_2 on @grid split_axes = [[0]] halo_sizes = [1, 2] {global_types = [tensor<10x4xf32, #mesh.shard<@grid, [[0]]>>, tensor<10x4xf32, #mesh.shard<@grid, [[0]], halo_sizes = [1, 2]>>]} : tensor<3x4xf32>, tensor<3x4xf32>, tensor<4x4xf32> -> tensor<5x4xf32>, tensor<6x4xf32>, tensor<5x4xf32>
// IR-NEXT:    return %[[H]]#0, %[[H]]#1, %[[H]]#2

// CHECK:       // meshc schedule of @main_sharded on mesh @grid: shape 3, peered axes [], 3 devices
// CHECK-NOT:   // collective
// CHECK-LABEL: device 0 (coords [0]): 3 steps, 0 kernels, 0 peer reads/copies, 1 halo exchange receiving 32 B (peer read 0 B, copy 32 B)
// CHECK-NEXT:    0  allocate %0{{(#0)?}}: 5x4xf32
// CHECK-NEXT:    1  halo_exchange h0 -> %0{{(#0)?}}: own '%x_0'[0:3, 0:4] -> [0:3, 0:4] local 48 B; device 1 '%x_1'[0:2, 0:4] -> [3:5, 0:4] copy 32 B  [signals %0{{(#0)?}} halo@0]
// CHECK-NEXT:    2  free %x_0  [waits %0{{(#1)?}} halo@1]
// CHECK-LABEL: device 1 (coords [1]): 3 steps, 0 kernels, 0 peer reads/copies, 1 halo exchange receiving 48 B (peer read 0 B, copy 48 B)
// CHECK:         1  halo_exchange h0 -> %0{{(#1)?}}: own '%x_1'[0:3, 0:4] -> [1:4, 0:4] local 48 B; device 0 '%x_0'[2:3, 0:4] -> [0:1, 0:4] copy 16 B; device 2 '%x_2'[0:2, 0:4] -> [4:6, 0:4] copy 32 B
// CHECK-NEXT:    2  free %x_1  [waits %0{{(#0)?}} halo@0, %0{{(#2)?}} halo@2]
// CHECK-LABEL: device 2 (coords [2]): 3 steps, 0 kernels, 0 peer reads/copies, 1 halo exchange receiving 16 B (peer read 0 B, copy 16 B)
// CHECK:         1  halo_exchange h0 -> %0{{(#2)?}}: own '%x_2'[0:4, 0:4] -> [1:5, 0:4] local 64 B; device 1 '%x_1'[2:3, 0:4] -> [0:1, 0:4] copy 16 B

// JSON:      "step": "halo_exchange"
// JSON-NEXT: "instance": "h0"
// JSON-NEXT: "output": "%0{{(#0)?}}"
// JSON-NEXT: "dtype": "f32"
// JSON-NEXT: "parts": [
// JSON:      "src_device": 1,
// JSON-NEXT: "src_buffer": "%x_1",
// JSON-NEXT: "src_offsets": [
// JSON-NEXT:   0,
// JSON-NEXT:   0
// JSON-NEXT: ],
// JSON-NEXT: "sizes": [
// JSON-NEXT:   2,
// JSON-NEXT:   4
// JSON-NEXT: ],
// JSON-NEXT: "dst_offsets": [
// JSON-NEXT:   3,
// JSON-NEXT:   0
// JSON-NEXT: ],
// JSON-NEXT: "mode": "copy"
