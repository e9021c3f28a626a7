import { XFADE_TRANSITIONS as CONTRACT_TRANSITIONS } from '@frameforge/functions/features/jobs/contracts/transitions';
import { CUSTOM_TRANSITION, NAMED_TRANSITION_COUNT, TRANSITION_NAMES, XFADE_TRANSITIONS, sampleCutRequest } from './transitions';

describe('transitions', () => {
  it('lists 58 named transitions, each once', () => {
    expect(NAMED_TRANSITION_COUNT).toBe(58);
    expect(new Set(XFADE_TRANSITIONS).size).toBe(XFADE_TRANSITIONS.length);
  });

  it('uses lower-case xfade names only', () => {
    for (const name of XFADE_TRANSITIONS) expect(name).toMatch(/^[a-z]+$/);
  });

  it('includes the families the spec names', () => {
    for (const name of ['fade', 'wipeleft', 'smoothup', 'circleopen', 'dissolve', 'pixelize', 'hblur', 'zoomin', 'hlwind', 'coverdown', 'revealleft']) {
      expect(XFADE_TRANSITIONS).toContain(name);
    }
  });

  it('shows exactly the shared contract list, with the xfade spellings (diagtl, not diagonaltl)', () => {
    expect(XFADE_TRANSITIONS).toEqual(CONTRACT_TRANSITIONS);
    expect(XFADE_TRANSITIONS).toContain('diagtl');
    expect(XFADE_TRANSITIONS as readonly string[]).not.toContain('diagonaltl');
  });

  it('ends the accepted values with custom, which is not a named transition', () => {
    expect(TRANSITION_NAMES).toHaveLength(59);
    expect(TRANSITION_NAMES.at(-1)).toBe(CUSTOM_TRANSITION);
    expect(XFADE_TRANSITIONS as readonly string[]).not.toContain(CUSTOM_TRANSITION);
  });
});

describe('sampleCutRequest', () => {
  it('posts a cut to the product API with the key header', () => {
    const snippet = sampleCutRequest('https://api.example.com/');
    expect(snippet).toContain('"https://api.example.com/cut"');
    expect(snippet).toContain('-H "X-API-Key: $API_KEY"');
    expect(snippet).toContain('-F file=@input.mp4');
    expect(snippet).toContain('-F start=5');
    expect(snippet).toContain('-F duration=10');
  });
});
