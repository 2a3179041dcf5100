import { describe, expect, it } from 'vitest';
import { muLawToPcm16, pcm16ToMuLaw, upsample8kTo16k } from '../../server/platform/speech/g711.js';
import { keywordSearch, spottingPhrases } from '../../server/platform/speech/phrases.js';

describe('G.711 µ-law', () => {
  it('decodes the code points of the standard table', () => {
    expect([...muLawToPcm16(Uint8Array.from([0xff, 0x7f, 0x00, 0x80, 0xf0]))]).toEqual([0, 0, -32_124, 32_124, 120]);
  });

  it('round-trips speech-level samples within the codec step', () => {
    const samples = Int16Array.from([0, 5, -5, 100, -100, 1_000, -1_000, 12_345, -12_345, 32_000, -32_000]);
    const back = muLawToPcm16(pcm16ToMuLaw(samples));
    samples.forEach((s, i) => expect(Math.abs(back[i]! - s)).toBeLessThanOrEqual(Math.max(8, Math.abs(s) / 16)));
  });

  it('upsamples a stream cut into chunks exactly as it would whole', () => {
    const whole = Int16Array.from([10, 20, 30, 40]);
    const joined = [...upsample8kTo16k(whole.subarray(0, 2)), ...upsample8kTo16k(whole.subarray(2), 20)];
    expect(joined).toEqual([...upsample8kTo16k(whole)]);
    expect([...upsample8kTo16k(whole)]).toEqual([5, 10, 15, 20, 25, 30, 35, 40]);
  });
});

describe('keyword search files', () => {
  const dictionary = [
    'not N AA T',
    'interested IH N T R AH S T IH D',
    'interested(2) IH N T R IH S T IH D',
    'your Y AO R',
  ].join('\n');

  it('makes a keyword per pronunciation and maps each back to its phrase', () => {
    const search = keywordSearch(spottingPhrases(['Not interested!', 'your refund']), dictionary);
    expect(search.kws.trim().split('\n')).toEqual([
      'not__0 interested__0 /1e0/',
      'not__0 interested__1 /1e0/',
      'not__0 interested__2 /1e0/',
      'not__0 interested__3 /1e0/',
    ]);
    expect(search.dict).toContain('interested__1 IH N T R IH S T IH D');
    expect(search.phraseOf('not__0 interested__3')).toBe('not interested');
    // a word the dictionary lacks would stop the recogniser from starting
    expect(search.unknown).toEqual(['your refund']);
  });
});
