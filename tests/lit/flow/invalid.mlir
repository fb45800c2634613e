// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

util.func @dims(%t: tensor<?x?xf32>, %d: index) {
  // expected-error @+1 {{result type 'tensor<?x?xf32>' has 2 dynamic dims but 1 sizes are given}}
  %r = flow.dispatch.region -> (tensor<?x?xf32>{%d}) {
    flow.return %t : tensor<?x?xf32>
  }
  util.return
}

// -----

util.func @return_type(%t: tensor<4xf32>, %u: tensor<8xf32>) {
  %r = flow.dispatch.region -> (tensor<4xf32>) {
    // expected-error @+1 {{'flow.return' op type of operand #0 ('tensor<8xf32>') does not match 'flow.dispatch.region' results type 'tensor<4xf32>'}}
    flow.return %u : tensor<8xf32>
  }
  util.return
}

// -----

util.func @return_count(%t: tensor<4xf32>) {
  %r = flow.dispatch.region -> (tensor<4xf32>) {
    // expected-error @+1 {{'flow.return' op returns 0 values but 'flow.dispatch.region' results expects 1}}
    flow.return
  }
  util.return
}

// -----

util.func @no_return(%x: f32) {
  // expected-error @+1 {{'flow.dispatch.region' op expects the body to end with 'flow.return'}}
  flow.dispatch.region {
    %y = arith.addf %x, %x : f32
  }
  util.return
}

// -----

// expected-note @+1 {{prior use here}}
util.func @workload_type(%n: i32) {
  // expected-error @+1 {{use of value '%n' expects different type than prior uses: 'index' vs 'i32'}}
  flow.dispatch.region[%n] {
    flow.return
  }
  util.return
}

// -----

util.func @count_args(%n: index) {
  // expected-error @+1 {{'flow.dispatch.region' op count region has 2 arguments but the workload has 1 values}}
  flow.dispatch.region[%n] {
    flow.return
  } count(%a: index, %b: index) -> (index, index, index) {
    flow.return %a, %b, %b : index, index, index
  }
  util.return
}

// -----

util.func @count_results(%n: index) {
  flow.dispatch.region[%n] {
    flow.return
  } count(%a: index) -> (index, index, index) {
    // expected-error @+1 {{'flow.return' op returns 2 values but the workgroup count region (x, y, z) expects 3}}
    flow.return %a, %a : index, index
  }
  util.return
}

// -----

util.func @return_parent() {
  // expected-error @+1 {{'flow.return' op expects parent op to be one of 'flow.dispatch.region, flow.dispatch.workgroups, flow.executable.export'}}
  flow.return
}
