/** Text-to-image generator options (`imageGenerators.<name>` in the config) and creation. */
import { z } from 'zod';
import { createCommandImageGenerator, CommandImageGeneratorSchema } from './command.js';
import { createHttpImageGenerator, HttpImageGeneratorSchema } from './http.js';
import { createOpenAIImageGenerator, OpenAIImageGeneratorSchema } from './openai.js';
import type { ImageGenerator } from './types.js';

export const ImageGeneratorOptionsSchema = z.discriminatedUnion('type', [HttpImageGeneratorSchema, OpenAIImageGeneratorSchema, CommandImageGeneratorSchema]);
export type ImageGeneratorOptions = z.infer<typeof ImageGeneratorOptionsSchema>;

/** Validates and creates a generator; throws with every problem of the options in one message. */
export function createImageGenerator(name: string, options: unknown, root: string, env: NodeJS.ProcessEnv = process.env): ImageGenerator {
  const parsed = ImageGeneratorOptionsSchema.safeParse(options);
  if (!parsed.success) {
    throw new Error(`imageGenerators.${name}: ${parsed.error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ')}`);
  }
  const o = parsed.data;
  const key = (n: string | undefined): string | undefined => {
    if (!n) return undefined;
    const v = env[n];
    if (!v) throw new Error(`imageGenerators.${name}: environment variable ${n} (the API key) is not set`);
    return v;
  };
  switch (o.type) {
    case 'http':
      return createHttpImageGenerator(o, key(o.apiKeyEnv));
    case 'openai':
      return createOpenAIImageGenerator(o, key(o.apiKeyEnv));
    case 'command':
      return createCommandImageGenerator(o, root);
  }
}

export { ImageGeneratorError, type ImageGenerator, type ImageRequest, type GeneratedImage } from './types.js';
