import { cropCircle, MASK_COLOUR, OUTLINE_COLOUR, OUTLINE_WIDTH, OUTPUT_QUALITY, OUTPUT_TYPE, renderOutput, renderPreview, type CropSurface } from './render-crop';

type Call = [string, ...unknown[]];

/** Records every drawing call, with the styles in force when a fill or stroke happens. */
function recordingSurface(): { surface: CropSurface; calls: Call[] } {
  const calls: Call[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
    };
  const surface = {
    fillStyle: '' as CropSurface['fillStyle'],
    strokeStyle: '' as CropSurface['strokeStyle'],
    lineWidth: 1,
    save: record('save'),
    restore: record('restore'),
    beginPath: record('beginPath'),
    arc: record('arc'),
    rect: record('rect'),
    closePath: record('closePath'),
    clip: record('clip'),
    clearRect: record('clearRect'),
    drawImage: record('drawImage'),
    fillRect(...args: unknown[]) {
      calls.push(['fillRect', surface.fillStyle, ...args]);
    },
    fill(...args: unknown[]) {
      calls.push(['fill', surface.fillStyle, ...args]);
    },
    stroke() {
      calls.push(['stroke', surface.strokeStyle, surface.lineWidth]);
    },
  };
  return { surface: surface as unknown as CropSurface, calls };
}

const image = {} as CanvasImageSource;
const source = { image, width: 600, height: 400 };
const names = (calls: Call[]) => calls.map((c) => c[0]);

describe('the crop output', () => {
  it('is a JPEG at quality 0.85 with a 3 px green ring', () => {
    expect(OUTPUT_TYPE).toBe('image/jpeg');
    expect(OUTPUT_QUALITY).toBe(0.85);
    expect(OUTLINE_WIDTH).toBe(3);
    expect(OUTLINE_COLOUR).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(OUTLINE_COLOUR.slice(i, i + 2), 16));
    expect(g).toBeGreaterThan((r ?? 0) + 60);
    expect(g).toBeGreaterThan((b ?? 0) + 60);
  });

  it('keeps the whole ring inside the canvas', () => {
    const { cx, cy, r } = cropCircle(300);
    expect([cx, cy]).toEqual([150, 150]);
    expect(r + OUTLINE_WIDTH / 2).toBe(150);
  });

  it('paints the mask colour, clips to the circle, draws the image, then strokes the ring', () => {
    const { surface, calls } = recordingSurface();
    renderOutput(surface, source, { zoom: 1, offsetX: 20, offsetY: 0 });
    expect(calls[0]).toEqual(['fillRect', MASK_COLOUR, 0, 0, 300, 300]);
    expect(names(calls)).toEqual(['fillRect', 'save', 'beginPath', 'arc', 'closePath', 'clip', 'drawImage', 'restore', 'beginPath', 'arc', 'closePath', 'stroke']);
    expect(calls.find((c) => c[0] === 'arc')).toEqual(['arc', 150, 150, 148.5, 0, Math.PI * 2]);
    expect(calls.find((c) => c[0] === 'drawImage')).toEqual(['drawImage', image, -55, 0, 450, 300]);
    expect(calls.at(-1)).toEqual(['stroke', OUTLINE_COLOUR, OUTLINE_WIDTH]);
  });

  it('previews the whole image, shades only outside the circle, and shows the same ring', () => {
    const { surface, calls } = recordingSurface();
    renderPreview(surface, source, { zoom: 2, offsetX: 0, offsetY: 0 });
    expect(calls.find((c) => c[0] === 'drawImage')).toEqual(['drawImage', image, -300, -150, 900, 600]);
    const fill = calls.find((c) => c[0] === 'fill');
    expect(fill?.[2]).toBe('evenodd');
    expect(names(calls)).not.toContain('clip');
    expect(calls.at(-1)).toEqual(['stroke', OUTLINE_COLOUR, OUTLINE_WIDTH]);
  });
});
