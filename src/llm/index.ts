/**
 * Generic LLM plumbing shared by the judges (CRIMSON now; GREEN and an LLM entity extractor
 * later): an OpenAI-compatible chat client with timeouts, retries and backoff, robust JSON
 * parsing of replies, and handlebars prompt templates.
 */
export { ChatClient, ChatError, apiKeyFromEnv, retryAfterMs } from './client.js';
export type { ChatClientOptions, ChatMessage, ChatReply, ChatRequest, ChatStats } from './client.js';
export { parseJsonReply, removeOrphanKeys } from './json.js';
export type { JsonReplyResult, ParseJsonReplyOptions } from './json.js';
export { parseJsonFirstWins, JsonSyntaxError } from './strict-json.js';
export { createTemplateSet, renderTemplate } from './prompt.js';
export type { PromptTemplate, TemplateSet } from './prompt.js';
export { excerptOf } from './excerpt.js';
export { createNodeFetch } from './node-fetch.js';
export type { FetchLike, NodeFetchOptions } from './node-fetch.js';
