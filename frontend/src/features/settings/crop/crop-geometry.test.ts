import { baseScale, clampView, clampZoom, CROP_SIZE, dragBy, imageRect, INITIAL_VIEW, zoomBy, zoomTo } from './crop-geometry';

const landscape = { width: 600, height: 400 };
const square = { width: 1000, height: 1000 };

describe('clampZoom', () => {
  it('keeps zoom between 0.5 and 3', () => {
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('stays on the 0.1 grid after repeated steps', () => {
    let view = INITIAL_VIEW;
    for (let i = 0; i < 7; i += 1) view = zoomBy(square, view, 1);
    expect(view.zoom).toBe(1.7);
    for (let i = 0; i < 30; i += 1) view = zoomBy(square, view, 1);
    expect(view.zoom).toBe(3);
    for (let i = 0; i < 40; i += 1) view = zoomBy(square, view, -1);
    expect(view.zoom).toBe(0.5);
  });
});

describe('imageRect', () => {
  it('fills the 300 px canvas with the shorter side at zoom 1, centred', () => {
    expect(baseScale(landscape)).toBe(0.75);
    expect(imageRect(landscape, INITIAL_VIEW)).toEqual({ x: -75, y: 0, width: 450, height: 300 });
  });

  it('scales about the centre and shifts by the offset', () => {
    expect(imageRect(square, { zoom: 2, offsetX: 10, offsetY: -20 })).toEqual({ x: -140, y: -170, width: 600, height: 600 });
    expect(imageRect(square, { zoom: 0.5, offsetX: 0, offsetY: 0 })).toEqual({ x: 75, y: 75, width: 150, height: 150 });
  });
});

describe('clampView and dragBy', () => {
  it('lets a larger picture move only until its edge meets the canvas edge', () => {
    // 450 px wide at zoom 1: 75 px of slack on each side horizontally, none vertically.
    expect(dragBy(landscape, INITIAL_VIEW, 500, 40)).toEqual({ zoom: 1, offsetX: 75, offsetY: 0 });
    expect(dragBy(landscape, INITIAL_VIEW, -30, -40)).toEqual({ zoom: 1, offsetX: -30, offsetY: 0 });
  });

  it('keeps a smaller picture inside the frame', () => {
    const small = { zoom: 0.5, offsetX: 0, offsetY: 0 };
    expect(dragBy(square, small, 1000, -1000)).toEqual({ zoom: 0.5, offsetX: 75, offsetY: -75 });
  });

  it('converts screen pixels to canvas pixels when the canvas is shown smaller', () => {
    const view = dragBy(square, { zoom: 2, offsetX: 0, offsetY: 0 }, 10, 5, CROP_SIZE / 2);
    expect(view).toEqual({ zoom: 2, offsetX: 20, offsetY: 10 });
  });

  it('pulls the offset back in when zooming out shrinks the slack', () => {
    const moved = { zoom: 3, offsetX: 300, offsetY: -300 };
    expect(clampView(square, moved)).toEqual({ zoom: 3, offsetX: 300, offsetY: -300 });
    expect(zoomTo(square, moved, 1)).toEqual({ zoom: 1, offsetX: 0, offsetY: 0 });
    expect(zoomTo(square, moved, 1.5)).toEqual({ zoom: 1.5, offsetX: 75, offsetY: -75 });
  });
});
