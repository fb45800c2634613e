// Halos on two dims of a 2x2 mesh whose axis 1 is peered (6x5: rows 3, 3 over axis 0 with halos [1, 1];
// columns 2, 3 over axis 1 with halos [2, 1]): a reshard to the halo'd sharding becomes one update_halo;
// device 0 reads the column slab of device 1 in place (peer_read), copies the row slab of device 2 and
// the corner cell of device 3.
// RUN: meshc compile %s --emit schedule | filecheck %s
// RUN: meshc compile %s --emit=unrolled | meshc compile - -p "" --emit schedule | filecheck %s

mesh.mesh @m(shape = 2x2, peered_memory_axes = [1])
func.func @main(%x: tensor<6x5xf32>) -> tensor<6x5xf32> {
  %a = mesh.shard %x to <@m, [[0], [1]]> : tensor<6x5xf32>
  %h = mesh.shard %a to <@m, [[0], [1]], halo_sizes = [1, 1, 2, 1]> : tensor<6x5xf32>
  return %h : tensor<6x5xf32>
}

// CHECK-LABEL: device 0 (coords [0, 0]): {{.*}}, 1 halo exchange receiving 24 B (peer read 12 B, copy 12 B)
// CHECK:         halo_exchange h0 -> %0{{(#0)?}}: own '%x_0'[0:3, 0:2] -> [0:3, 0:2] local 24 B; device 1 '%x_1'[0:3, 0:1] -> [0:3, 2:3] peer_read 12 B; device 2 '%x_2'[0:1, 0:2] -> [3:4, 0:2] copy 8 B; device 3 '%x_3'[0:1, 0:1] -> [3:4, 2:3] copy 4 B
// CHECK-LABEL: device 3 (coords [1, 1]): {{.*}}, 1 halo exchange receiving 44 B (peer read 24 B, copy 20 B)
// CHECK:         halo_exchange h0 -> %0{{(#3)?}}: own '%x_3'[0:3, 0:3] -> [1:4, 2:5] local 36 B; device 2 '%x_2'[0:3, 0:2] -> [1:4, 0:2] peer_read 24 B; device 0 '%x_0'[2:3, 0:2] -> [0:1, 0:2] copy 8 B; device 1 '%x_1'[2:3, 0:3] -> [0:1, 2:5] copy 12 B
