/**
 * The project's own declarations for the few onnxruntime-node calls it makes. onnxruntime-node
 * is an optional peer dependency: neither the build nor an install of metric-suite needs it, so
 * its types cannot be imported. These follow onnxruntime-common 1.x (`InferenceSession`,
 * `Tensor`, `listSupportedBackends`); only what src/onnx and the ONNX extractors use.
 */

/** Element types this project creates tensors of. */
export type OrtTensorType = 'float32' | 'int64';

/** A tensor: data, its element type and shape. */
export interface OrtTensor {
  readonly type: string;
  readonly data: Float32Array | BigInt64Array | Int32Array | Uint8Array | readonly unknown[];
  readonly dims: readonly number[];
}

/** `new ort.Tensor(type, data, dims)`. */
export interface OrtTensorConstructor {
  new (type: 'float32', data: Float32Array, dims: readonly number[]): OrtTensor;
  new (type: 'int64', data: BigInt64Array, dims: readonly number[]): OrtTensor;
}

/** Session options used here (a subset of onnxruntime's). */
export interface OrtSessionOptions {
  executionProviders?: string[];
  graphOptimizationLevel?: 'disabled' | 'basic' | 'extended' | 'all';
  /** 0 verbose .. 4 fatal. */
  logSeverityLevel?: 0 | 1 | 2 | 3 | 4;
  intraOpNumThreads?: number;
}

/** A loaded model. */
export interface OrtSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, OrtTensor>): Promise<Record<string, OrtTensor>>;
  release(): Promise<void>;
}

/** The module object the dynamic import of onnxruntime-node resolves to. */
export interface OrtModule {
  InferenceSession: {
    create(model: string | Uint8Array, options?: OrtSessionOptions): Promise<OrtSession>;
  };
  Tensor: OrtTensorConstructor;
  /** Present in onnxruntime-node >= 1.17. */
  listSupportedBackends?: () => { name: string }[];
}
