/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { checkerIndex, type Checkerboard, type Rgb } from './test-png';

/** The crop canvas is 300 px square; the ring is 3 px wide, centred 1.5 px inside the edge. */
const CANVAS = 300;
const RING_RADIUS = 148.5;

export interface CropSettings {
  zoom: number;
  offsetX: number;
  offsetY: number;
}

export interface Sample {
  x: number;
  y: number;
  expected: 0 | 1;
}

/**
 * Points well inside the circle and at least `margin` canvas pixels from any cell edge, with the colour
 * the crop must show there: worked out from the spec's geometry (shorter side fills the canvas at zoom 1,
 * zoom about the centre, offset in canvas pixels), independently of the portal's code.
 */
export function expectedSamples(board: Checkerboard, crop: CropSettings, margin = 5): Sample[] {
  const scale = (CANVAS / Math.min(board.width, board.height)) * crop.zoom;
  const left = (CANVAS - board.width * scale) / 2 + crop.offsetX;
  const top = (CANVAS - board.height * scale) / 2 + crop.offsetY;
  const samples: Sample[] = [];
  for (let y = 10; y < CANVAS; y += 10) {
    for (let x = 10; x < CANVAS; x += 10) {
      if (Math.hypot(x - CANVAS / 2, y - CANVAS / 2) > 130) continue;
      const ix = (x + 0.5 - left) / scale;
      const iy = (y + 0.5 - top) / scale;
      const edge = (v: number) => Math.min(v % board.cell, board.cell - (v % board.cell)) * scale;
      if (ix < 0 || iy < 0 || ix >= board.width || iy >= board.height || edge(ix) < margin || edge(iy) < margin) continue;
      samples.push({ x, y, expected: checkerIndex(board, ix, iy) });
    }
  }
  return samples;
}

export function ringPoints(count = 12): [number, number][] {
  return Array.from({ length: count }, (_, i) => {
    const angle = (i / count) * Math.PI * 2;
    return [Math.round(CANVAS / 2 + RING_RADIUS * Math.cos(angle) - 0.5), Math.round(CANVAS / 2 + RING_RADIUS * Math.sin(angle) - 0.5)];
  });
}

export const CORNERS: [number, number][] = [
  [2, 2],
  [CANVAS - 3, 2],
  [2, CANVAS - 3],
  [CANVAS - 3, CANVAS - 3],
];

/** Decodes an image URL in the page (the browser's own JPEG decoder) and reads pixels at canvas coordinates. */
export async function readPixels(page: Page, url: string, points: [number, number][]): Promise<{ width: number; height: number; pixels: Rgb[] }> {
  return page.evaluate(
    async ({ url, points, canvas }) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      const surface = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = surface.getContext('2d');
      if (!ctx) throw new Error('no 2D context');
      ctx.drawImage(bitmap, 0, 0);
      const ratio = bitmap.width / canvas;
      const pixels = points.map(([x, y]) => {
        const [r = 0, g = 0, b = 0] = ctx.getImageData(Math.floor(x * ratio), Math.floor(y * ratio), 1, 1).data;
        return [r, g, b] as [number, number, number];
      });
      return { width: bitmap.width, height: bitmap.height, pixels };
    },
    { url, points, canvas: CANVAS },
  );
}

export const isWhite = ([r, g, b]: Rgb) => r >= 230 && g >= 230 && b >= 230;
export const isGreen = ([r, g, b]: Rgb) => g > r + 40 && g > b + 40;
