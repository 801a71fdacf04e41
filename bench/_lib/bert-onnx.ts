/**
 * A BERT-shaped encoder graph (word + position embeddings, N post-LN transformer layers with
 * masked multi-head attention and a GELU feed-forward) with seeded random weights, for the GPU
 * check. The large weights go to an external-data file (ONNX `data_location: EXTERNAL`), so a
 * BERT-base-sized model (110 M parameters) is written in seconds.
 */
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ProtoWriter, TensorType, type NodeSpec, type ValueInfo } from '../../src/onnx/_internals/protobuf.js';
import { mulberry32 } from '../../src/util/prng.js';

export interface BertShape {
  layers: number;
  hidden: number;
  heads: number;
  ffn: number;
  vocab: number;
  maxPositions: number;
}

export const BERT_BASE: BertShape = { layers: 12, hidden: 768, heads: 12, ffn: 3072, vocab: 30522, maxPositions: 512 };

type Inline = { name: string; dims: number[]; data: Float32Array | BigInt64Array };
type External = { name: string; dims: number[]; offset: number; length: number };

function valueInfo(w: ProtoWriter, v: ValueInfo): void {
  w.string(1, v.name);
  w.message(2, (t) => t.message(1, (tt) => tt.int(1, v.type).message(2, (s) => v.shape.forEach((d) => s.message(1, (dim) => (typeof d === 'number' ? dim.int(1, d) : dim.string(2, d)))))));
}

/** Writes `<dir>/encoder.onnx` (+ `encoder.weights`); returns the number of parameters. */
export function writeBertEncoder(dir: string, shape: BertShape, seed = 1): number {
  const H = shape.hidden;
  const dh = H / shape.heads;
  const rand = mulberry32(seed);
  const fd = openSync(path.join(dir, 'encoder.weights'), 'w');
  const external: External[] = [];
  const inline: Inline[] = [];
  let offset = 0;
  let params = 0;
  const weight = (name: string, dims: number[], init: 'normal' | 'ones' | 'zeros', scale = 0.02): string => {
    const n = dims.reduce((a, b) => a * b, 1);
    const data = new Float32Array(n);
    if (init === 'ones') data.fill(1);
    else if (init === 'normal') for (let i = 0; i < n; i++) data[i] = (rand() * 2 - 1) * scale * 1.7;
    writeSync(fd, new Uint8Array(data.buffer));
    external.push({ name, dims, offset, length: data.byteLength });
    offset += data.byteLength;
    params += n;
    return name;
  };
  const ints = (name: string, values: number[], dims = [values.length]): string => (inline.push({ name, dims, data: BigInt64Array.from(values.map(BigInt)) }), name);
  const float = (name: string, v: number): string => (inline.push({ name, dims: [], data: Float32Array.from([v]) }), name);
  const nodes: NodeSpec[] = [];
  let k = 0;
  const op = (type: string, inputs: string[], attributes?: NodeSpec['attributes']): string => {
    const out = `t${k++}`;
    nodes.push({ op: type, inputs, outputs: [out], ...(attributes ? { attributes } : {}) });
    return out;
  };
  const ln = (x: string, p: string) => op('LayerNormalization', [x, weight(`${p}.g`, [H], 'ones'), weight(`${p}.b`, [H], 'zeros')], { axis: -1, epsilon: { float: 1e-12 } });
  const dense = (x: string, p: string, i: number, o: number) => op('Add', [op('MatMul', [x, weight(`${p}.w`, [i, o], 'normal', 1 / Math.sqrt(i))]), weight(`${p}.bias`, [o], 'zeros')]);

  const len = op('Squeeze', [op('Gather', [op('Shape', ['input_ids']), ints('idx1', [1])], { axis: 0 })]);
  const positions = op('Range', [ints('zero', [0], []), len, ints('step', [1], [])]);
  const words = op('Gather', [weight('word_embeddings', [shape.vocab, H], 'normal', 1), 'input_ids'], { axis: 0 });
  const pos = op('Gather', [weight('position_embeddings', [shape.maxPositions, H], 'normal', 1), positions], { axis: 0 });
  let x = ln(op('Add', [words, pos]), 'emb.ln');
  const mask = op('Cast', ['attention_mask'], { to: TensorType.FLOAT });
  const bias = op('Unsqueeze', [op('Mul', [op('Sub', [float('one', 1), mask]), float('neg', -10000)]), ints('axes12', [1, 2])]);
  const toHeads = ints('heads_shape', [0, 0, shape.heads, dh]);
  const back = ints('back_shape', [0, 0, H]);
  const scale = float('scale', 1 / Math.sqrt(dh));
  const half = float('half', 0.5);
  const isqrt2 = float('isqrt2', Math.SQRT1_2);
  const one = 'one';
  for (let l = 0; l < shape.layers; l++) {
    const p = `l${l}`;
    const split = (t: string, perm: number[]) => op('Transpose', [op('Reshape', [t, toHeads])], { perm });
    const q = split(dense(x, `${p}.q`, H, H), [0, 2, 1, 3]);
    const kT = split(dense(x, `${p}.k`, H, H), [0, 2, 3, 1]);
    const v = split(dense(x, `${p}.v`, H, H), [0, 2, 1, 3]);
    const probs = op('Softmax', [op('Add', [op('Mul', [op('MatMul', [q, kT]), scale]), bias])], { axis: -1 });
    const ctx = op('Reshape', [op('Transpose', [op('MatMul', [probs, v])], { perm: [0, 2, 1, 3] }), back]);
    x = ln(op('Add', [x, dense(ctx, `${p}.o`, H, H)]), `${p}.ln1`);
    const u = dense(x, `${p}.ffn1`, H, shape.ffn);
    const gelu = op('Mul', [op('Mul', [u, half]), op('Add', [op('Erf', [op('Mul', [u, isqrt2])]), one])]);
    x = ln(op('Add', [x, dense(gelu, `${p}.ffn2`, shape.ffn, H)]), `${p}.ln2`);
  }
  nodes.push({ op: 'Identity', inputs: [x], outputs: ['last_hidden_state'] });
  closeSync(fd);

  const w = new ProtoWriter();
  w.int(1, 8).string(2, 'metric-suite gpu-check');
  w.message(7, (g) => {
    nodes.forEach((n, i) =>
      g.message(1, (node) => {
        n.inputs.forEach((s) => node.string(1, s));
        n.outputs.forEach((s) => node.string(2, s));
        node.string(3, `${n.op}_${i}`).string(4, n.op);
        for (const [name, v] of Object.entries(n.attributes ?? {})) {
          node.message(5, (a) => {
            a.string(1, name);
            if (typeof v === 'number') a.int(3, v).int(20, 2);
            else if (Array.isArray(v)) {
              v.forEach((x2) => a.int(8, x2));
              a.int(20, 7);
            }
            else if (typeof v === 'object' && 'float' in v) a.float(2, v.float).int(20, 1);
          });
        }
      }),
    );
    g.string(2, 'bert');
    for (const e of external) {
      g.message(5, (t) => {
        e.dims.forEach((d) => t.int(1, d));
        t.int(2, TensorType.FLOAT).string(8, e.name);
        for (const [key, value] of [['location', 'encoder.weights'], ['offset', String(e.offset)], ['length', String(e.length)]]) t.message(13, (kv) => kv.string(1, key!).string(2, value!));
        t.int(14, 1);
      });
    }
    for (const c of inline) {
      g.message(5, (t) => {
        c.dims.forEach((d) => t.int(1, d));
        t.int(2, c.data instanceof Float32Array ? TensorType.FLOAT : TensorType.INT64).string(8, c.name).bytes(9, new Uint8Array(c.data.buffer.slice(0)));
      });
    }
    g.message(11, (v) => valueInfo(v, { name: 'input_ids', type: TensorType.INT64, shape: ['segments', 'length'] }));
    g.message(11, (v) => valueInfo(v, { name: 'attention_mask', type: TensorType.INT64, shape: ['segments', 'length'] }));
    g.message(12, (v) => valueInfo(v, { name: 'last_hidden_state', type: TensorType.FLOAT, shape: ['segments', 'length', H] }));
  });
  w.message(8, (o) => o.string(1, '').int(2, 17));
  writeFileSync(path.join(dir, 'encoder.onnx'), w.finish());
  return params;
}
