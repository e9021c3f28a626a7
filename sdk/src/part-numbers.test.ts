import { partNumberBatches } from './part-numbers';

describe('partNumberBatches', () => {
  it('writes runs as ranges, at most 100 parts a batch', () => {
    expect(partNumberBatches([3, 7, 8, 9])).toEqual(['3,7-9']);
    expect(partNumberBatches(Array.from({ length: 250 }, (_, i) => i + 1))).toEqual(['1-100', '101-200', '201-250']);
  });

  it('keeps each batch within 200 characters when the parts are scattered', () => {
    const scattered = Array.from({ length: 100 }, (_, i) => 1000 + i * 2);
    const batches = partNumberBatches(scattered);
    expect(batches.every((batch) => batch.length <= 200)).toBe(true);
    expect(batches.join(',').split(',').map(Number)).toEqual(scattered);
  });
});
