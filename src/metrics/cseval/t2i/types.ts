/**
 * Text-to-image generators: what CSEval evaluates. One interface for a user's JSON service
 * (`http`), an OpenAI-compatible images endpoint (`openai`) and a persistent Python worker
 * (`command`, e.g. a diffusers pipeline). Each image is generated from a prompt and a seed.
 */

export interface ImageRequest {
  prompt: string;
  seed: number;
  width: number;
  height: number;
}

export interface GeneratedImage {
  bytes: Buffer;
  /** `image/png`, `image/jpeg`, ... from the bytes. */
  mediaType: string;
}

export interface ImageGenerator {
  /** `http`, `openai`, `command`. */
  id: string;
  /** The model's version (an option, the model name, or what the worker reported): part of the image cache key. */
  version(): Promise<string>;
  /** One line: `openai dall-e-3 at http://...`. */
  describe: string;
  generate(request: ImageRequest, signal?: AbortSignal): Promise<GeneratedImage>;
  close?(): Promise<void> | void;
}

/** A generation that failed for a reason worth showing for that prompt and seed. */
export class ImageGeneratorError extends Error {
  override readonly name = 'ImageGeneratorError';
}
