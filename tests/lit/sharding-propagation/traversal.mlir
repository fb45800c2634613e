// sharding-propagation's traversal option: the order of the visits decides which annotation an op
// hears of first, hence where a conflict's resharding point lands. Here %x is rows and the last
// value is wanted as columns.
// RUN: meshc compile %s -p "sharding-propagation{traversal=forward}" | filecheck %s --check-prefix=FWD
// RUN: meshc compile %s -p "sharding-propagation{traversal=forward-backward}" | filecheck %s --check-prefix=FWD
// RUN: meshc compile %s -p sharding-propagation | filecheck %s --check-prefix=FWD
// RUN: meshc compile %s -p "sharding-propagation{traversal=backward}" | filecheck %s --check-prefix=BWD
// RUN: meshc compile %s -p "sharding-propagation{traversal=backward-forward}" | filecheck %s --check-prefix=BWD

// Forward first: the first exp follows %x (rows); the second exp follows its result's annotation
// (columns), so the resharding point is between the two exps.
// FWD:      %[[XS:.*]] = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
// FWD-NEXT: %[[A:.*]] = math.exp %[[XS]]
// FWD-NEXT: %[[AS:.*]] = mesh.shard %[[A]] to <@m, [[0]]> : tensor<8x16xf32>
// FWD-NEXT: %[[AC:.*]] = mesh.shard %[[AS]] to <@m, [[], [0]]> annotate_for_users : tensor<8x16xf32>
// FWD-NEXT: %[[B:.*]] = math.exp %[[AC]]
// FWD-NEXT: %bs = mesh.shard %[[B]] to <@m, [[], [0]]> : tensor<8x16xf32>

// Backward first: the second exp decides columns and asks its operand for columns; the first exp
// follows that wish (users before operands), so the resharding point moves up to %x.
// BWD:      %[[XS:.*]] = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
// BWD-NEXT: %[[XC:.*]] = mesh.shard %[[XS]] to <@m, [[], [0]]> annotate_for_users : tensor<8x16xf32>
// BWD-NEXT: %[[A:.*]] = math.exp %[[XC]]
// BWD-NEXT: %[[AS:.*]] = mesh.shard %[[A]] to <@m, [[], [0]]> : tensor<8x16xf32>
// BWD-NEXT: %[[B:.*]] = math.exp %[[AS]]
// BWD-NEXT: %bs = mesh.shard %[[B]] to <@m, [[], [0]]> : tensor<8x16xf32>
mesh.mesh @m(shape = 4)
func.func @order(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %a = math.exp %xs : tensor<8x16xf32>
  %b = math.exp %a : tensor<8x16xf32>
  %bs = mesh.shard %b to <@m, [[], [0]]> : tensor<8x16xf32>
  return %bs : tensor<8x16xf32>
}
