/**
 * scripts/convert-radgraph-xl.py. The name mapping is checked with plain python3 everywhere.
 * The full conversion and its self-check (PyTorch modules vs the exported graphs run by this
 * project's onnx extractor) need torch: they run where a python with torch exists
 * ($METRIC_SUITE_TORCH_PYTHON, python3, or Debian's /usr/bin/python3 with python3-torch) and
 * say so when skipped.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';

const SCRIPT = path.resolve('scripts/convert-radgraph-xl.py');
const FIXTURE = path.resolve('test/fixtures/python/radgraph-xl-checkpoint');

function torchPython(): string | undefined {
  for (const py of [process.env.METRIC_SUITE_TORCH_PYTHON, 'python3', '/usr/bin/python3']) {
    if (!py) continue;
    if (spawnSync(py, ['-c', 'import torch'], { stdio: 'ignore' }).status === 0) return py;
  }
  return undefined;
}
const TORCH = torchPython();

function names(code: string): string {
  return execFileSync('python3', ['-c', `import sys; sys.path.insert(0, ${JSON.stringify(path.resolve('scripts'))})\nfrom radgraph_xl import names\n${code}`], { encoding: 'utf8' });
}

describe('convert-radgraph-xl: DyGIE++ state-dict names (stdlib python)', () => {
  const sd = [
    '_embedder._token_embedders.bert._matched_embedder.transformer_model.embeddings.word_embeddings.weight',
    '_embedder._token_embedders.bert._matched_embedder.transformer_model.embeddings.position_ids',
    '_endpoint_span_extractor._span_width_embedding.weight',
    '_ner._ner_scorers.None__ner_labels.0._module._linear_layers.0.weight',
    '_ner._ner_scorers.None__ner_labels.0._module._linear_layers.0.bias',
    '_ner._ner_scorers.None__ner_labels.0._module._linear_layers.1.weight',
    '_ner._ner_scorers.None__ner_labels.0._module._linear_layers.1.bias',
    '_ner._ner_scorers.None__ner_labels.1._module.weight',
    '_ner._ner_scorers.None__ner_labels.1._module.bias',
    '_relation._mention_pruners.None__relation_labels._scorer.0._module._linear_layers.0.weight',
    '_relation._mention_pruners.None__relation_labels._scorer.0._module._linear_layers.0.bias',
    '_relation._mention_pruners.None__relation_labels._scorer.1._module.weight',
    '_relation._mention_pruners.None__relation_labels._scorer.1._module.bias',
    '_relation._relation_feedforwards.None__relation_labels._linear_layers.0.weight',
    '_relation._relation_feedforwards.None__relation_labels._linear_layers.0.bias',
    '_relation._relation_scorers.None__relation_labels.weight',
    '_relation._relation_scorers.None__relation_labels.bias',
  ];
  const SD = `sd = dict.fromkeys(${JSON.stringify(sd)})`;

  it('finds every head under its real name (TimeDistributed ._module, separate relation feed-forward ModuleDict)', () => {
    const out = JSON.parse(names(`import json\n${SD}\nprint(json.dumps(names.head_keys(sd, "None__ner_labels", "None__relation_labels")))`)) as Record<string, [string[][], string[]]>;
    expect(out.ner![0].map((p) => p[0])).toEqual(['_ner._ner_scorers.None__ner_labels.0._module._linear_layers.0.weight', '_ner._ner_scorers.None__ner_labels.0._module._linear_layers.1.weight']);
    expect(out.ner![1]).toEqual(['_ner._ner_scorers.None__ner_labels.1._module.weight', '_ner._ner_scorers.None__ner_labels.1._module.bias']);
    expect(out.mention![1][0]).toBe('_relation._mention_pruners.None__relation_labels._scorer.1._module.weight');
    expect(out.relation![0][0]![0]).toBe('_relation._relation_feedforwards.None__relation_labels._linear_layers.0.weight');
    expect(out.relation![1][0]).toBe('_relation._relation_scorers.None__relation_labels.weight');
  });

  it('the encoder sits under _matched_embedder; version-dependent buffers are dropped', () => {
    expect(names(`${SD}\nprint(sorted(names.encoder_state(sd)))`).trim()).toBe("['embeddings.word_embeddings.weight']");
  });

  it('the namespace is the vocabulary file stem, trailing __ once; the null label is dropped', () => {
    const dir = tmpTree({ 'vocabulary/None__ner_labels.txt': '\nAnatomy::definitely present\nObservation::uncertain\n', 'vocabulary/None__relation_labels.txt': '\nlocated_at\n' });
    expect(names(`ns = names.namespace(${JSON.stringify(dir)}, "ner_labels"); print(ns, names.labels(${JSON.stringify(dir)}, ns))`).trim()).toBe(
      "None__ner_labels ['Anatomy::definitely present', 'Observation::uncertain']",
    );
  });

  it('a name the checkpoint lacks is an error naming what is there', () => {
    const r = spawnSync('python3', ['-c', `import sys; sys.path.insert(0, ${JSON.stringify(path.resolve('scripts'))})\nfrom radgraph_xl import names\n${SD}\nnames.head_keys(sd, "None____ner_labels", "None__relation_labels")`], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/no FeedForward at _ner\._ner_scorers\.None____ner_labels\.0\._module\._linear_layers\.0\.weight \(keys under _ner: _ner\._ner_scorers\.None__ner_labels/);
  });

  it('the activation comes from the config, ReLU when it names none (DyGIE++)', () => {
    expect(names(`print(names.activation({"model": {"feedforward_params": {"activations": "tanh"}}}), names.activation({"model": {"feedforward_params": {}}}), names.activation({}))`).trim()).toBe('tanh relu relu');
  });
});

describe.runIf(TORCH)(`convert-radgraph-xl: conversion and self-check on a tiny generated DyGIE++ checkpoint (torch: ${TORCH ?? 'none'})`, () => {
  const py = TORCH!;
  const convert = (args: string[]) => spawnSync(py, [SCRIPT, ...args], { encoding: 'utf8' });
  const make = (dir: string, ...flags: string[]) => execFileSync(py, [path.join(FIXTURE, 'make_checkpoint.py'), dir, ...flags]);
  const common = (ckpt: string) => ['--encoder-factory', `${path.join(FIXTURE, 'tiny_encoder.py')}:make`, '--vocab', path.join(ckpt, 'vocab.txt')];

  it('converts with strict loading and passes its own PyTorch-vs-ONNX check', () => {
    const d = tmpTree();
    make(path.join(d, 'ckpt'), '--activation', 'tanh');
    const r = convert([path.join(d, 'ckpt'), path.join(d, 'out'), ...common(path.join(d, 'ckpt'))]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/activation tanh/);
    expect(r.stdout).toMatch(/self-check passed: PyTorch and ONNX agree on 6 reports \((\d+) entities, (\d+) relations\)/);
    const [, ents, rels] = /\((\d+) entities, (\d+) relations\)/.exec(r.stdout)!;
    expect(Number(ents)).toBeGreaterThan(0);
    expect(Number(rels)).toBeGreaterThan(0);
  }, 120_000);

  it('the self-check fails when the export does not match the checkpoint (wrong activation)', () => {
    const d = tmpTree();
    make(path.join(d, 'relu'));
    make(path.join(d, 'tanh'), '--activation', 'tanh');
    expect(convert([path.join(d, 'relu'), path.join(d, 'out'), ...common(path.join(d, 'relu'))]).status).toBe(0);
    const r = convert([path.join(d, 'tanh'), path.join(d, 'out'), '--verify-only', ...common(path.join(d, 'tanh'))]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/self-check FAILED on \d+ of 6 reports/);
  }, 120_000);

  it('refuses a checkpoint with other names instead of exporting random weights', () => {
    const d = tmpTree();
    make(path.join(d, 'ckpt'), '--legacy-names');
    const r = convert([path.join(d, 'ckpt'), path.join(d, 'out'), ...common(path.join(d, 'ckpt'))]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/convert-radgraph-xl: no FeedForward at _ner\._ner_scorers\.None__ner_labels\.0\._module\._linear_layers\.0\.weight/);
  }, 60_000);
});
