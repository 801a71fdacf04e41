/**
 * The `openai` entity extractor: an LLM over an OpenAI-compatible chat endpoint (vLLM, Ollama,
 * OpenAI, ...) asked for RadGraph-XL entities as JSON, validated with zod. The entities'
 * tokens must be words of the report; ids and word positions are assigned here, so a reply
 * cannot invent positions. Uses the shared client in src/llm (timeouts, retries, JSON repair).
 */
import { z } from 'zod';
import { ChatClient, apiKeyFromEnv } from '../../../llm/client.js';
import { parseJsonReply } from '../../../llm/json.js';
import { MetricUnavailableError } from '../../provider.js';
import { splitWords } from '../words.js';
import type { EntityExtractor, RadGraphAnnotation, RadGraphEntity } from './types.js';

export const OpenAIExtractorOptionsSchema = z.strictObject({
  baseURL: z.url(),
  model: z.string().min(1),
  /** Name of the environment variable holding the API key (local servers need none). */
  apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name').optional(),
  temperature: z.number().min(0).max(2).default(0),
  seed: z.number().int().optional(),
  maxTokens: z.number().int().positive().default(2048),
  timeoutMs: z.number().int().positive().default(120_000),
  retries: z.number().int().min(0).default(3),
  /** Ask for `response_format: json_object` (servers that reject it are asked again without). */
  jsonMode: z.boolean().default(true),
});
export type OpenAIExtractorOptions = z.input<typeof OpenAIExtractorOptionsSchema>;

export const LABELS = [
  'Observation::definitely present',
  'Observation::uncertain',
  'Observation::definitely absent',
  'Anatomy::definitely present',
] as const;

/** What the model must return. */
export const LlmEntitiesSchema = z.object({
  entities: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      tokens: z.string().min(1),
      label: z.enum(LABELS),
      relations: z
        .array(z.object({ type: z.enum(['modify', 'located_at', 'suggestive_of']), target: z.union([z.string(), z.number()]).transform(String) }))
        .default([]),
    }),
  ),
});
export type LlmEntities = z.infer<typeof LlmEntitiesSchema>;

export const SYSTEM_PROMPT = `You annotate chest X-ray reports in the RadGraph-XL schema.
Entities are short spans of the report's words (usually one word):
- Observation (findings, diseases, devices, severity words like "moderate"), with certainty: "definitely present", "uncertain" (hedged: possible, likely, cannot exclude) or "definitely absent" (negated);
- Anatomy (body parts, sides, lobes: "left", "pleural", "lower lobe"), always "definitely present".
Labels: ${LABELS.map((l) => `"${l}"`).join(', ')}.
Relations (from an entity to another): "modify" (a modifier of an entity: "moderate" modify "effusion", "left" modify "pleural"), "located_at" (an observation at an anatomy: "effusion" located_at "pleural"), "suggestive_of" (an observation suggesting another: "opacity" suggestive_of "pneumonia").
Copy tokens exactly as they appear in the report, words separated by single spaces, in order of appearance.
Reply with JSON only: {"entities": [{"id": "1", "tokens": "...", "label": "...", "relations": [{"type": "...", "target": "2"}]}]}`;

/**
 * Turns a validated reply into an annotation: each entity is located in the report's words
 * (the first unused occurrence, in order), unknown tokens are dropped with their relations.
 */
export function annotationFromReply(text: string, reply: LlmEntities): { annotation: RadGraphAnnotation; dropped: string[] } {
  const words = splitWords(text).map((w) => w.text);
  const lower = words.map((w) => w.toLowerCase());
  const used = new Set<string>();
  const dropped: string[] = [];
  const idMap = new Map<string, string>();
  const placed: { src: LlmEntities['entities'][number]; start: number; end: number }[] = [];
  for (const e of reply.entities) {
    const want = splitWords(e.tokens).map((w) => w.text.toLowerCase());
    let found = -1;
    for (let i = 0; i + want.length <= words.length && found < 0; i++) {
      if (used.has(`${i}:${i + want.length - 1}`)) continue;
      if (want.every((w, k) => lower[i + k] === w)) found = i;
    }
    if (found < 0 || want.length === 0) {
      dropped.push(e.tokens);
      continue;
    }
    used.add(`${found}:${found + want.length - 1}`);
    placed.push({ src: e, start: found, end: found + want.length - 1 });
  }
  placed.sort((a, b) => a.start - b.start || a.end - b.end);
  placed.forEach((p, k) => idMap.set(p.src.id, String(k + 1)));
  const entities: Record<string, RadGraphEntity> = {};
  placed.forEach((p, k) => {
    entities[String(k + 1)] = {
      tokens: words.slice(p.start, p.end + 1).join(' '),
      label: p.src.label,
      start_ix: p.start,
      end_ix: p.end,
      relations: p.src.relations.filter((r) => idMap.has(r.target)).map((r) => [r.type, idMap.get(r.target)!]),
    };
  });
  return { annotation: { text, entities }, dropped };
}

/** Creates the extractor; throws MetricUnavailableError without an endpoint or key. */
export function createOpenAIExtractor(options: OpenAIExtractorOptions): EntityExtractor {
  const parsed = OpenAIExtractorOptionsSchema.safeParse(options);
  if (!parsed.success) throw new MetricUnavailableError(`openai entity extractor: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const o = parsed.data;
  let apiKey: string | undefined;
  try {
    apiKey = apiKeyFromEnv(o.apiKeyEnv);
  } catch (e) {
    throw new MetricUnavailableError((e as Error).message);
  }
  const client = new ChatClient({ baseURL: o.baseURL, model: o.model, ...(apiKey ? { apiKey } : {}), timeoutMs: o.timeoutMs, retries: o.retries });
  const one = async (text: string, signal?: AbortSignal): Promise<RadGraphAnnotation> => {
    if (splitWords(text).length === 0) return { text, entities: {} };
    const reply = await client.complete({
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: `Report:\n${text}` },
      ],
      temperature: o.temperature,
      ...(o.seed !== undefined ? { seed: o.seed } : {}),
      maxTokens: o.maxTokens,
      responseFormat: o.jsonMode ? 'json_object' : 'text',
      ...(signal ? { signal } : {}),
    });
    const json = parseJsonReply(reply.content, { expect: 'object' });
    if (!json.ok) throw new Error(`unusable extractor reply: ${json.reason} (${json.excerpt})`);
    if (json.truncated) throw new Error('the extractor reply was cut off (raise maxTokens)');
    const checked = LlmEntitiesSchema.safeParse(json.value);
    if (!checked.success) {
      throw new Error(`extractor reply does not match the schema: ${checked.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    return annotationFromReply(text, checked.data).annotation;
  };
  return {
    id: 'openai',
    async extract(texts: string[], signal?: AbortSignal): Promise<RadGraphAnnotation[]> {
      return Promise.all(texts.map((t) => one(t, signal)));
    },
  };
}
