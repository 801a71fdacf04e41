/** Loading: found from src/ and through the package root (dist/ has no YAML), memoised, Lexicon API maps. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getLanguage, getLexicon, lexiconDir, loadLexicon } from '../../../src/clinical/lexicon/load.js';
import { packageRoot } from '../../../src/util/package-root.js';

describe('lexicon loading', () => {
  it('finds the YAML files next to the module when run from src/', () => {
    expect(lexiconDir()).toBe(path.join(packageRoot(), 'src', 'clinical', 'lexicon'));
  });

  it('loads from the package root folder, as the built dist/ code does', () => {
    const loaded = loadLexicon(path.join(packageRoot(), 'src', 'clinical', 'lexicon'));
    expect(loaded.lexicon.findings.length).toBe(getLexicon().findings.length);
  });

  it('fails clearly when the folder has no lexicon', () => {
    expect(() => loadLexicon(path.join(packageRoot(), 'bench'))).toThrow(/cannot find .*findings/);
  });

  it('is memoised', () => {
    expect(getLexicon()).toBe(getLexicon());
    expect(getLanguage()).toBe(getLanguage());
  });

  it('builds the Lexicon maps', () => {
    const l = getLexicon();
    expect(l.byName.get('pleural effusion')?.terms).toContain('effusions');
    expect(l.locations.get('base')).toEqual(expect.arrayContaining(['basilar', 'bibasilar', 'lung base']));
    expect(l.devicePositions.get('svc')).toContain('superior vena cava');
    expect(l.abbreviations.get('rll')).toBe('right lower lobe');
    expect(l.abbreviations.get('ett')).toBe('endotracheal tube');
    expect(l.negation.pre).toEqual(expect.arrayContaining(['no', 'without', 'negative for', 'free of', 'no evidence of']));
    expect(l.negation.post).toEqual(expect.arrayContaining(['not seen', 'not identified', 'is absent', 'has resolved', 'removed']));
  });
});
