import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { clampView, CROP_SIZE, dragBy, INITIAL_VIEW, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, zoomBy, zoomTo, type CropView } from '../crop/crop-geometry';
import { renderPreview, type CropSource } from '../crop/render-crop';

/** How far one arrow key press moves the picture, in canvas pixels. */
const KEY_STEP = 10;
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-KEY_STEP, 0], ArrowRight: [KEY_STEP, 0], ArrowUp: [0, -KEY_STEP], ArrowDown: [0, KEY_STEP] };

export interface CropDialogProps {
  source: CropSource;
  busy: boolean;
  onCancel: () => void;
  onApply: (view: CropView) => void;
}

/** Crop Profile Picture: a round preview on a 300 px canvas; drag (mouse, touch or pen) to move, zoom 0.5 to 3. */
export function CropDialog({ source, busy, onCancel, onApply }: CropDialogProps) {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const zoomId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const [view, setView] = useState<CropView>(() => clampView(source, INITIAL_VIEW));

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) renderPreview(ctx, source, view);
  }, [source, view]);

  const startDrag = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const moveDrag = (event: PointerEvent<HTMLCanvasElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    // The canvas may be shown narrower than its 300 px (phones): screen pixels are scaled to canvas pixels.
    const shownWidth = event.currentTarget.getBoundingClientRect().width;
    setView((current) => dragBy(source, current, dx, dy, shownWidth));
  };
  const endDrag = (event: PointerEvent<HTMLCanvasElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };
  const onKey = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = ARROWS[event.key];
    if (step) setView((current) => dragBy(source, current, step[0], step[1]));
    else if (event.key === '+' || event.key === '=') setView((current) => zoomBy(source, current, 1));
    else if (event.key === '-') setView((current) => zoomBy(source, current, -1));
    else return;
    event.preventDefault();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape closes the dialog only through its owner, so the page's state stays in step.
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(100vw-2rem,26rem)] rounded-2xl bg-white p-0 text-start shadow-xl backdrop:bg-zinc-900/60"
    >
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold text-zinc-900">
          {t('crop.title')}
        </h2>
        <p className="mt-1 text-sm text-zinc-600">{t('crop.instructions')}</p>
        <div className="mt-4 flex justify-center">
          <canvas
            ref={canvas}
            width={CROP_SIZE}
            height={CROP_SIZE}
            tabIndex={0}
            role="img"
            aria-label={t('crop.canvasLabel')}
            data-testid="crop-canvas"
            onPointerDown={startDrag}
            onPointerMove={moveDrag}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onKeyDown={onKey}
            className="aspect-square w-full max-w-[300px] cursor-grab touch-none rounded-lg bg-zinc-100 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 active:cursor-grabbing"
          />
        </div>
        <div className="mt-4">
          <div className="mb-1 flex items-center justify-between text-sm">
            <label htmlFor={zoomId} className="font-medium text-zinc-700">
              {t('crop.zoom')}
            </label>
            <output htmlFor={zoomId} className="tabular-nums text-zinc-500" dir="ltr">
              {view.zoom.toFixed(1)}×
            </output>
          </div>
          <div className="flex items-center gap-2">
            <Button variant="secondary" size="sm" aria-label={t('crop.zoomOut')} disabled={view.zoom <= ZOOM_MIN} onClick={() => setView((current) => zoomBy(source, current, -1))}>
              <Minus aria-hidden="true" className="size-4" />
            </Button>
            <input
              id={zoomId}
              type="range"
              min={ZOOM_MIN}
              max={ZOOM_MAX}
              step={ZOOM_STEP}
              value={view.zoom}
              onChange={(event) => setView((current) => zoomTo(source, current, Number(event.target.value)))}
              className="h-2 flex-1 cursor-pointer accent-indigo-600"
            />
            <Button variant="secondary" size="sm" aria-label={t('crop.zoomIn')} disabled={view.zoom >= ZOOM_MAX} onClick={() => setView((current) => zoomBy(source, current, 1))}>
              <Plus aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('crop.cancel')}
          </Button>
          <Button onClick={() => onApply(view)} busy={busy}>
            {t('crop.apply')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
