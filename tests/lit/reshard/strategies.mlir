// reshard strategies: peer reads instead of gathers/split moves, auto picks
// them on peered axes; partial values are always reduced by a collective;
// redundant pairs disappear.
// RUN: meshc compile %s -p "reshard{strategy=peer}" | filecheck %s --check-prefix=PEER
// RUN: meshc compile %s -p "reshard" | filecheck %s --check-prefix=AUTO
// RUN: meshc compile %s -p "reshard{strategy=collectives}" | filecheck %s --check-prefix=COLL

mesh.mesh @m(shape = 4)
mesh.mesh @p(shape = 4, peered_memory_axes = [0])
mesh.mesh @q(shape = 2x4, peered_memory_axes = [1])

// rows -> cols on a mesh without peered axes
// PEER-LABEL: func.func @rows_to_cols
// PEER:         mesh.shard %x to <@m, [[], [0]]> {peer_read} : tensor<32x48xf32, #mesh.shard<@m, [[0]]>> -> tensor<32x48xf32, #mesh.shard<@m, [[], [0]]>>
// PEER-NOT:     mesh.all_to_all
// AUTO-LABEL: func.func @rows_to_cols
// AUTO:         mesh.all_to_all %x on @m mesh_axes = [0] split_axis = 1 concat_axis = 0
// COLL-LABEL: func.func @rows_to_cols
// COLL:         mesh.all_to_all %x on @m mesh_axes = [0] split_axis = 1 concat_axis = 0
func.func @rows_to_cols(%x: tensor<32x48xf32, #mesh.shard<@m, [[0]]>>) -> tensor<32x48xf32, #mesh.shard<@m, [[], [0]]>> {
  %y = mesh.shard %x to <@m, [[], [0]]> : tensor<32x48xf32, #mesh.shard<@m, [[0]]>> -> tensor<32x48xf32, #mesh.shard<@m, [[], [0]]>>
  return %y : tensor<32x48xf32, #mesh.shard<@m, [[], [0]]>>
}

// on a peered axis auto reads in place (no more bytes than the all_gather)
// AUTO-LABEL: func.func @peered_gather
// AUTO:         mesh.shard %x to <@p, [[]]> {peer_read}
// AUTO-NOT:     mesh.all_gather
// COLL-LABEL: func.func @peered_gather
// COLL:         mesh.all_gather %x on @p mesh_axes = [0] gather_axis = 0
func.func @peered_gather(%x: tensor<8x16xf32, #mesh.shard<@p, [[0]]>>) -> tensor<8x16xf32, #mesh.shard<@p, [[]]>> {
  %y = mesh.shard %x to <@p, [[]]> : tensor<8x16xf32, #mesh.shard<@p, [[0]]>> -> tensor<8x16xf32, #mesh.shard<@p, [[]]>>
  return %y : tensor<8x16xf32, #mesh.shard<@p, [[]]>>
}

// partial over axis 1 then a split move: the partial sums are all-reduced by a
// collective, the move becomes a peer read
// PEER-LABEL: func.func @partial_then_move
// PEER:         %[[R:.*]] = mesh.all_reduce %x on @q mesh_axes = [1] : tensor<64x32xf32, #mesh.shard<@q, [[0]], partial = sum[1]>> -> tensor<64x32xf32, #mesh.shard<@q, [[0]]>>
// PEER-NEXT:    mesh.shard %[[R]] to <@q, [[], [0]]> {peer_read} : tensor<64x32xf32, #mesh.shard<@q, [[0]]>> -> tensor<64x32xf32, #mesh.shard<@q, [[], [0]]>>
// AUTO-LABEL: func.func @partial_then_move
// AUTO:         mesh.all_reduce %x on @q mesh_axes = [1]
// AUTO-NEXT:    mesh.all_to_all
func.func @partial_then_move(%x: tensor<64x32xf32, #mesh.shard<@q, [[0]], partial = sum[1]>>) -> tensor<64x32xf32, #mesh.shard<@q, [[], [0]]>> {
  %y = mesh.shard %x to <@q, [[], [0]]> : tensor<64x32xf32, #mesh.shard<@q, [[0]], partial = sum[1]>> -> tensor<64x32xf32, #mesh.shard<@q, [[], [0]]>>
  return %y : tensor<64x32xf32, #mesh.shard<@q, [[], [0]]>>
}

// A -> B -> A: nothing to move
// COLL-LABEL: func.func @round_trip
// COLL-NEXT:    return %x : tensor<8x16xf32, #mesh.shard<@m, [[0]]>>
func.func @round_trip(%x: tensor<8x16xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x16xf32, #mesh.shard<@m, [[0]]>> {
  %y = mesh.shard %x to <@m, [[]]> : tensor<8x16xf32, #mesh.shard<@m, [[0]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[]]>>
  %z = mesh.shard %y to <@m, [[0]]> : tensor<8x16xf32, #mesh.shard<@m, [[]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[0]]>>
  return %z : tensor<8x16xf32, #mesh.shard<@m, [[0]]>>
}

// A -> B -> C with B unused elsewhere: planned from A to C (one all_to_all, no gather)
// COLL-LABEL: func.func @chain
// COLL-NEXT:    %[[T:.*]] = mesh.all_to_all %x on @m mesh_axes = [0] split_axis = 1 concat_axis = 0
// COLL-NEXT:    return %[[T]]
func.func @chain(%x: tensor<8x16xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>> {
  %y = mesh.shard %x to <@m, [[]]> : tensor<8x16xf32, #mesh.shard<@m, [[0]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[]]>>
  %z = mesh.shard %y to <@m, [[], [0]]> : tensor<8x16xf32, #mesh.shard<@m, [[]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>
  return %z : tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>
}
