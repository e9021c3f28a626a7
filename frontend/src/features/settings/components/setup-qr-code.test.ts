import { encode } from 'uqr';
import { qrPath } from './setup-qr-code';

const URI = 'otpauth://totp/FrameForge:dev%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=FrameForge';

/** The modules the path paints, read back from its `M x y h w v1 h-w z` runs. */
function painted(path: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i++) grid[Number(y)]![Number(x) + i] = true;
  }
  return grid;
}

describe('the setup QR code', () => {
  it('paints exactly the dark modules of the encoded address, with a four-module quiet zone', () => {
    const { size, path } = qrPath(URI);
    const expected = encode(URI, { ecc: 'M', border: 4 });
    expect(size).toBe(expected.size);
    expect(painted(path, size)).toEqual(expected.data);
    // Light all round: nothing painted in the outer four rows and columns.
    const grid = painted(path, size);
    const edge = [0, 1, 2, 3, size - 4, size - 3, size - 2, size - 1];
    for (const i of edge) for (let j = 0; j < size; j++) expect(grid[i]![j] || grid[j]![i]).toBe(false);
  });

  it('has the three finder squares a scanner looks for first', () => {
    const { size, path } = qrPath(URI);
    const grid = painted(path, size);
    const ring = (top: number, left: number) =>
      Array.from({ length: 7 }, (_, i) => [grid[top]![left + i], grid[top + 6]![left + i], grid[top + i]![left], grid[top + i]![left + 6]]).flat().every(Boolean);
    expect(ring(4, 4)).toBe(true);
    expect(ring(4, size - 11)).toBe(true);
    expect(ring(size - 11, 4)).toBe(true);
  });

  it('grows with what it carries', () => {
    expect(qrPath(`${URI}&x=${'a'.repeat(200)}`).size).toBeGreaterThan(qrPath(URI).size);
  });
});
