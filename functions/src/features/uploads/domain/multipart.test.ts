import { MAX_PARTS, partSizeFor } from '../contracts/upload-limits';
import { ValidationError } from '../../../kernel/domain/errors';
import { normaliseEtag, parsePartNumbers, partsToComplete, planParts } from './multipart';

const MiB = 1024 ** 2;

describe('planning parts', () => {
  it('cuts a 120 MB file into 16 MiB parts, the last one holding the rest', () => {
    const size = 120_000_000;
    expect(planParts(size, partSizeFor(size))).toEqual({ partSize: 16 * MiB, partCount: 8 });
  });

  it('grows the part size so a very large file stays within 10,000 parts', () => {
    const size = 5 * 1024 ** 4;
    const plan = planParts(size, partSizeFor(size));
    expect(plan.partCount).toBeLessThanOrEqual(MAX_PARTS);
    expect(plan.partSize % MiB).toBe(0);
  });
});

describe('part_numbers', () => {
  it('reads ranges and lists', () => {
    expect(parsePartNumbers('3-5, 9', 10)).toEqual([3, 4, 5, 9]);
  });

  it.each(['0-2', '5-4', '1-11', 'a', '1-2-3'])('refuses %s, naming part_numbers', (text) => {
    expect(() => parsePartNumbers(text, 10)).toThrow(expect.objectContaining({ param: 'part_numbers' }) as Error);
  });

  it('refuses more than 100 at once', () => {
    expect(() => parsePartNumbers('1-101', 500)).toThrow(/more than 100/);
  });
});

describe('parts to complete', () => {
  const plan = { partSize: 5 * MiB, partCount: 3 };
  const received = [
    { partNumber: 2, etag: '"b"', size: 5 * MiB },
    { partNumber: 1, etag: '"a"', size: 5 * MiB },
    { partNumber: 3, etag: '"c"', size: 10 },
  ];

  it('takes every part storage holds, in order, when the caller lists none', () => {
    expect(partsToComplete(plan, received, undefined).map((p) => p.partNumber)).toEqual([1, 2, 3]);
  });

  it('names the parts that have not arrived', () => {
    const call = () => partsToComplete(plan, received.slice(0, 2), undefined);
    expect(call).toThrow(ValidationError);
    expect(call).toThrow('Parts 3 of 3 have not arrived.');
  });

  it('refuses a middle part under 5 MiB before storage is asked', () => {
    const small = [{ ...received[1]!, size: MiB }, received[0]!, received[2]!];
    expect(() => partsToComplete(plan, small, undefined)).toThrow(/Part 1 holds/);
  });

  it('keeps the caller’s ETags, quoted as S3 answers them', () => {
    const given = [1, 2, 3].map((n) => ({ part_number: n, etag: `e${n}` }));
    expect(partsToComplete(plan, received, given).map((p) => p.etag)).toEqual(['"e1"', '"e2"', '"e3"']);
    expect(normaliseEtag('"x"')).toBe('"x"');
  });
});
