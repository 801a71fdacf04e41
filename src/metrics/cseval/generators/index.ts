/** Generator options (the cseval metric's `generator`) and creation. */
import { z } from 'zod';
import { MetricUnavailableError } from '../../provider.js';
import { CommandGeneratorSchema, createCommandGenerator, Maira2GeneratorSchema } from './command.js';
import { createHttpGenerator, HttpGeneratorSchema } from './http.js';
import { createOpenAIGenerator, OpenAIGeneratorSchema } from './openai.js';
import { createReplayGenerator } from './replay.js';
import type { ReportGenerator } from './types.js';

export const ReplayGeneratorSchema = z.strictObject({ type: z.literal('replay') });

export const GeneratorOptionsSchema = z.discriminatedUnion('type', [ReplayGeneratorSchema, OpenAIGeneratorSchema, HttpGeneratorSchema, CommandGeneratorSchema, Maira2GeneratorSchema]);
export type GeneratorOptions = z.infer<typeof GeneratorOptionsSchema>;

function apiKey(name: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (!name) return undefined;
  const v = env[name];
  if (!v) throw new MetricUnavailableError(`environment variable ${name} (the report generator's API key) is not set`);
  return v;
}

export function createGenerator(o: GeneratorOptions, env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ReportGenerator {
  switch (o.type) {
    case 'replay':
      return createReplayGenerator();
    case 'openai':
      return createOpenAIGenerator(o, apiKey(o.apiKeyEnv, env));
    case 'http':
      return createHttpGenerator(o, apiKey(o.apiKeyEnv, env));
    case 'command':
    case 'maira2':
      return createCommandGenerator(o, root);
  }
}

export type { ReportGenerator, GenerationInput } from './types.js';
export { GeneratorError } from './types.js';
