/** A finding named as the cause of the one before it (src/clinical/extract/_internals/cause.ts, CONVENTIONS §4). */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../../src/clinical/extract/index.js';

const names = (text: string): string[] => extractFindings(text).filter((f) => f.status !== 'absent').map((f) => f.name);

describe('a cause stated of the finding before it', () => {
  it('is that finding\'s history, not a finding of its own', () => {
    expect(names('Right upper lobe lung abscess, probably aspiration related.')).toEqual(['lung abscess']);
    expect(names('Cavitating lesion in the left lower lobe - abscess, likely aspiration-related.')).toEqual(['lung abscess']);
  });

  it('stays the finding when it is the only reading of the sign before it', () => {
    expect(names('Patchy right basal consolidation, likely aspiration related.')).toEqual(['aspiration']);
  });

  it('stays when the word names the finding after it, or the cause follows ("related to")', () => {
    expect(names('Aspiration related pneumonia in the right lower lobe.')).toContain('pneumonia');
    expect(names('Small effusion, atelectasis related to the recent surgery.')).toEqual(['pleural effusion', 'atelectasis']);
  });
});
