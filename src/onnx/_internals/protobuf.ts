/**
 * A minimal protobuf writer and an ONNX model builder, enough to write small test and bench
 * models at run time (no onnx package, no downloads): varints, tags, length-delimited
 * fields, float/int64 tensors as raw_data initializers. Field numbers are onnx.proto3's.
 * @internal
 */

/** Appends protobuf fields to a growing byte buffer. */
export class ProtoWriter {
  private chunks: number[] = [];

  varint(v: number | bigint): this {
    let x = BigInt.asUintN(64, BigInt(v));
    while (x >= 0x80n) {
      this.chunks.push(Number((x & 0x7fn) | 0x80n));
      x >>= 7n;
    }
    this.chunks.push(Number(x));
    return this;
  }
  private tag(field: number, wire: number): this {
    return this.varint((field << 3) | wire);
  }
  /** int32/int64/enum/bool field (wire type 0). */
  int(field: number, v: number | bigint): this {
    return this.tag(field, 0).varint(v);
  }
  /** float field (wire type 5). */
  float(field: number, v: number): this {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, v, true);
    this.tag(field, 5);
    for (const x of b) this.chunks.push(x);
    return this;
  }
  /** bytes / embedded message (wire type 2). */
  bytes(field: number, data: Uint8Array): this {
    this.tag(field, 2).varint(data.length);
    for (const x of data) this.chunks.push(x);
    return this;
  }
  string(field: number, s: string): this {
    return this.bytes(field, new TextEncoder().encode(s));
  }
  message(field: number, build: (w: ProtoWriter) => void): this {
    const w = new ProtoWriter();
    build(w);
    return this.bytes(field, w.finish());
  }
  finish(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}

export const TensorType = { FLOAT: 1, INT64: 7 } as const;
export type ElemType = (typeof TensorType)[keyof typeof TensorType];

export interface ValueInfo {
  name: string;
  type: ElemType;
  /** Dimensions: numbers are fixed, strings are symbolic (`batch`). */
  shape: (number | string)[];
}

export type AttributeValue = number | number[] | string | { float: number } | { ints: number[] };

export interface NodeSpec {
  op: string;
  inputs: string[];
  outputs: string[];
  attributes?: Record<string, AttributeValue>;
}

export interface Initializer {
  name: string;
  dims: number[];
  data: Float32Array | BigInt64Array;
}

export interface ModelSpec {
  inputs: ValueInfo[];
  outputs: ValueInfo[];
  nodes: NodeSpec[];
  initializers: Initializer[];
  /** Default 17 (ReduceMean's axes become an input at 18). */
  opset?: number;
  name?: string;
}

function writeValueInfo(w: ProtoWriter, v: ValueInfo): void {
  w.string(1, v.name);
  w.message(2, (type) =>
    type.message(1, (tensor) => {
      tensor.int(1, v.type);
      tensor.message(2, (shape) => {
        for (const d of v.shape) {
          shape.message(1, (dim) => (typeof d === 'number' ? dim.int(1, d) : dim.string(2, d)));
        }
      });
    }),
  );
}

function writeAttribute(w: ProtoWriter, name: string, v: AttributeValue): void {
  w.string(1, name);
  if (typeof v === 'number') {
    w.int(3, v).int(20, 2); // INT
  } else if (typeof v === 'string') {
    w.string(4, v).int(20, 3); // STRING
  } else if (Array.isArray(v) || 'ints' in v) {
    const ints = Array.isArray(v) ? v : v.ints;
    for (const i of ints) w.int(8, i);
    w.int(20, 7); // INTS
  } else {
    w.float(2, v.float).int(20, 1); // FLOAT
  }
}

function writeTensor(w: ProtoWriter, t: Initializer): void {
  for (const d of t.dims) w.int(1, d);
  w.int(2, t.data instanceof Float32Array ? TensorType.FLOAT : TensorType.INT64);
  w.string(8, t.name);
  const raw = new Uint8Array(t.data.byteLength);
  const view = new DataView(raw.buffer);
  if (t.data instanceof Float32Array) t.data.forEach((x, i) => view.setFloat32(i * 4, x, true));
  else t.data.forEach((x, i) => view.setBigInt64(i * 8, x, true));
  w.bytes(9, raw);
}

/** Serialises an ONNX ModelProto (IR version 8, default opset 17). */
export function buildOnnxModel(spec: ModelSpec): Uint8Array {
  const w = new ProtoWriter();
  w.int(1, 8); // ir_version
  w.string(2, 'metric-suite'); // producer_name
  w.message(7, (g) => {
    spec.nodes.forEach((n, k) =>
      g.message(1, (node) => {
        for (const i of n.inputs) node.string(1, i);
        for (const o of n.outputs) node.string(2, o);
        node.string(3, `${n.op}_${k}`);
        node.string(4, n.op);
        for (const [name, v] of Object.entries(n.attributes ?? {})) node.message(5, (a) => writeAttribute(a, name, v));
      }),
    );
    g.string(2, spec.name ?? 'graph');
    for (const t of spec.initializers) g.message(5, (tw) => writeTensor(tw, t));
    for (const v of spec.inputs) g.message(11, (vw) => writeValueInfo(vw, v));
    for (const v of spec.outputs) g.message(12, (vw) => writeValueInfo(vw, v));
  });
  w.message(8, (op) => op.string(1, '').int(2, spec.opset ?? 17));
  return w.finish();
}
