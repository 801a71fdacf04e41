/**
 * The chat-completions request body as UTF-8 JSON, built from parts encoded once: everything
 * but the messages (model, sampling settings, response format, extra fields) is one JSON
 * fragment per distinct request shape, and a message whose content repeats (the system
 * prompt of a template) is encoded once. Only the content that changes per call (the user
 * message) is JSON-encoded per call. The JSON is the same object the SDK would send.
 */

/** What the body is built from: the fields of client.ts's ChatRequest that go into it. */
export interface BodyRequest {
  temperature?: number;
  seed?: number;
  maxTokens?: number;
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
  extraBody?: Record<string, unknown>;
}

interface BodyMessage {
  role: string;
  content: string;
  /** `JSON.stringify(content)`, when the caller built it from pre-encoded parts. */
  json?: string;
}

/** Fields the body builder writes itself; extra fields naming one of them take the object path. */
const OWN = new Set(['model', 'messages', 'stream', 'temperature', 'seed', 'max_tokens', 'max_completion_tokens', 'response_format']);

export class RequestBodies {
  /** Fragment after the messages (`,"temperature":0,...,"stream":false}`) per request shape. */
  private readonly tails = new Map<string, string>();
  /** Encoded messages whose content repeats, by role: the last content and its JSON. */
  private readonly lastMessage = new Map<string, { content: string; json: string }>();
  private readonly head: string;

  constructor(model: string) {
    this.head = `{"model":${JSON.stringify(model)},"messages":[`;
  }

  /** The body for `request` with `messages`, or undefined when its extra fields overlap the builder's own (the caller builds an object). */
  encode(request: BodyRequest, messages: readonly BodyMessage[], json: boolean): Buffer | undefined {
    const tail = this.tail(request, json);
    if (tail === undefined) return undefined;
    let out = this.head;
    for (let i = 0; i < messages.length; i++) out += (i ? ',' : '') + this.message(messages[i]!);
    return Buffer.from(out + tail, 'utf8');
  }

  private message(m: BodyMessage): string {
    // Only role and content are sent, in that order, as the SDK would serialise {role, content}.
    if (m.json !== undefined && typeof m.content === 'string' && Object.keys(m).length === 3) return `{"role":${JSON.stringify(m.role)},"content":${m.json}}`;
    if (typeof m.content !== 'string' || Object.keys(m).length !== 2) return JSON.stringify(m);
    const last = this.lastMessage.get(m.role);
    if (last && last.content === m.content) return last.json;
    const encoded = `{"role":${JSON.stringify(m.role)},"content":${JSON.stringify(m.content)}}`;
    // Short contents repeat often too, but the user message changes per call: keep only what is cheap to compare.
    this.lastMessage.set(m.role, { content: m.content, json: encoded });
    return encoded;
  }

  private tail(request: BodyRequest, json: boolean): string | undefined {
    const extra = request.extraBody;
    // extra fields by value (a caller may change its object between calls); usually a few keys
    let extraKey = '';
    if (extra) {
      for (const k in extra) if (OWN.has(k)) return undefined;
      extraKey = JSON.stringify(extra);
    }
    const key = `${request.temperature}|${request.seed}|${request.maxTokens}|${request.maxTokensField}|${json}|${extraKey}`;
    let tail = this.tails.get(key);
    if (tail === undefined) {
      const rest = {
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.seed !== undefined ? { seed: request.seed } : {}),
        ...(request.maxTokens !== undefined ? { [request.maxTokensField ?? 'max_tokens']: request.maxTokens } : {}),
        ...(json ? { response_format: { type: 'json_object' } } : {}),
        ...extra,
        stream: false,
      };
      tail = `],${JSON.stringify(rest).slice(1)}`;
      if (this.tails.size > 64) this.tails.clear();
      this.tails.set(key, tail);
    }
    return tail;
  }
}
