import { durationToneOf, statusToneOf } from './log-tones';

describe('statusToneOf', () => {
  it('is green for every 2xx', () => {
    expect([200, 201, 202, 299].map(statusToneOf)).toEqual(['success', 'success', 'success', 'success']);
  });

  it('is red for every 4xx', () => {
    expect([400, 401, 404, 429, 499].map(statusToneOf)).toEqual(['error', 'error', 'error', 'error', 'error']);
  });

  it('is yellow for everything else, 5xx and redirects included', () => {
    expect([500, 503, 302, 303, 199].map(statusToneOf)).toEqual(['warning', 'warning', 'warning', 'warning', 'warning']);
  });
});

describe('durationToneOf', () => {
  it('turns yellow only over 5000 ms and red only over 10000 ms', () => {
    expect([0, 4999, 5000, 5001, 10_000, 10_001, 60_000].map(durationToneOf)).toEqual([
      'normal',
      'normal',
      'normal',
      'slow',
      'slow',
      'verySlow',
      'verySlow',
    ]);
  });
});
