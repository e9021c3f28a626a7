/** The API signs at most 100 part URLs a request, named in a query value of at most 200 characters. */
const MAX_PARTS = 100;
const MAX_CHARS = 200;

/** Ascending numbers as runs: `3,7-9`. */
function runs(numbers: readonly number[]): string {
  const written: string[] = [];
  for (let start = 0; start < numbers.length; ) {
    let end = start;
    while (end + 1 < numbers.length && numbers[end + 1] === (numbers[end] ?? 0) + 1) end += 1;
    written.push(start === end ? String(numbers[start]) : `${numbers[start]}-${numbers[end]}`);
    start = end + 1;
  }
  return written.join(',');
}

/** A batch too long to write is halved until each half fits. */
function fitted(numbers: readonly number[]): string[] {
  const text = runs(numbers);
  if (text.length <= MAX_CHARS || numbers.length === 1) return [text];
  const half = Math.ceil(numbers.length / 2);
  return [...fitted(numbers.slice(0, half)), ...fitted(numbers.slice(half))];
}

/** Part numbers as `part_numbers` values, each within the API's limits. */
export function partNumberBatches(numbers: readonly number[]): string[] {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const batches: string[] = [];
  for (let start = 0; start < sorted.length; start += MAX_PARTS) batches.push(...fitted(sorted.slice(start, start + MAX_PARTS)));
  return batches;
}
