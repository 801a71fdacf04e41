/**
 * WordPiece tokenization of the report's words with @huggingface/tokenizers, and folding of
 * long inputs into encoder segments ([CLS] pieces [SEP], AllenNLP's mismatched embedder).
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { RadGraphOnnxConfig } from './options.js';

export interface WordPieceTokenizer {
  /** Piece ids of one word (no special tokens); never empty (falls back to [UNK]). */
  pieces(word: string): number[];
  cls: number;
  sep: number;
  pad: number;
  unk: number;
}

/** A tokenizer.json for a BERT WordPiece vocabulary (vocab.txt lines, in order). */
export function bertTokenizerJson(vocab: string[], cfg: Pick<RadGraphOnnxConfig, 'doLowerCase' | 'unkToken'>): Record<string, unknown> {
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [],
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: cfg.doLowerCase },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: null,
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: cfg.unkToken,
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((t, i) => [t, i])),
    },
  };
}

/** Loads tokenizer.json (+ tokenizer_config.json) or vocab.txt from a model directory. */
export async function loadTokenizer(dir: string, cfg: RadGraphOnnxConfig): Promise<WordPieceTokenizer> {
  const { Tokenizer } = await import('@huggingface/tokenizers');
  let json: Record<string, unknown>;
  let tcfg: Record<string, unknown> = {};
  const tj = path.join(dir, 'tokenizer.json');
  const vt = path.join(dir, 'vocab.txt');
  if (existsSync(tj)) {
    json = JSON.parse(readFileSync(tj, 'utf8')) as Record<string, unknown>;
    const tc = path.join(dir, 'tokenizer_config.json');
    if (existsSync(tc)) tcfg = JSON.parse(readFileSync(tc, 'utf8')) as Record<string, unknown>;
  } else if (existsSync(vt)) {
    const vocab = readFileSync(vt, 'utf8').split(/\r?\n/);
    while (vocab.length && vocab[vocab.length - 1] === '') vocab.pop();
    json = bertTokenizerJson(vocab, cfg);
  } else {
    throw new Error(`${dir} has neither tokenizer.json nor vocab.txt`);
  }
  const tok = new Tokenizer(json, tcfg);
  const id = (t: string): number => {
    const v = tok.token_to_id(t);
    if (v === undefined) throw new Error(`the tokenizer has no ${t} token`);
    return v;
  };
  const unk = id(cfg.unkToken);
  return {
    cls: id(cfg.clsToken),
    sep: id(cfg.sepToken),
    pad: id(cfg.padToken),
    unk,
    pieces(word: string): number[] {
      const ids = tok.encode(word, { add_special_tokens: false }).ids;
      return ids.length ? ids : [unk];
    },
  };
}

export interface Segments {
  /** [segments, length] row-major, padded with the pad id. */
  inputIds: number[];
  attentionMask: number[];
  segments: number;
  length: number;
  /** For each word: flat positions (segment * length + offset) of its pieces. */
  wordPositions: number[][];
}

/** Folds the words' pieces into segments of at most maxLength (CLS + up to maxLength-2 pieces + SEP). */
export function foldSegments(wordPieces: number[][], tok: Pick<WordPieceTokenizer, 'cls' | 'sep' | 'pad'>, maxLength: number): Segments {
  const per = maxLength - 2;
  const flat: number[] = [];
  const owner: number[][] = wordPieces.map(() => []);
  wordPieces.forEach((ps, w) => {
    for (const p of ps) {
      owner[w]!.push(flat.length);
      flat.push(p);
    }
  });
  const segments = Math.max(1, Math.ceil(flat.length / per));
  const longest = Math.min(per, flat.length);
  const length = longest + 2;
  const inputIds = new Array<number>(segments * length).fill(tok.pad);
  const attentionMask = new Array<number>(segments * length).fill(0);
  for (let s = 0; s < segments; s++) {
    const chunk = flat.slice(s * per, (s + 1) * per);
    const row = s * length;
    inputIds[row] = tok.cls;
    attentionMask[row] = 1;
    chunk.forEach((p, k) => {
      inputIds[row + 1 + k] = p;
      attentionMask[row + 1 + k] = 1;
    });
    inputIds[row + 1 + chunk.length] = tok.sep;
    attentionMask[row + 1 + chunk.length] = 1;
  }
  const pos = (k: number): number => Math.floor(k / per) * length + 1 + (k % per);
  return { inputIds, attentionMask, segments, length, wordPositions: owner.map((ks) => ks.map(pos)) };
}
