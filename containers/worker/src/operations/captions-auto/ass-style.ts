import type { CaptionsParams } from '@frameforge/functions/features/jobs/contracts/media-jobs';

export interface VideoSize {
  width: number;
  height: number;
}

/** `#RRGGBB` as ASS's `&HAABBGGRR` (alpha 00 is opaque), for style lines. */
export function assStyleColor(hex: string): string {
  return `&H00${bgr(hex)}`;
}

/** `#RRGGBB` as an override tag's `&HBBGGRR&`. */
export function assTagColor(hex: string): string {
  return `&H${bgr(hex)}&`;
}

function bgr(hex: string): string {
  const match = /^#([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$/.exec(hex);
  if (!match) throw new Error(`not a #RRGGBB colour: ${hex}`);
  const [, r = '', g = '', b = ''] = match;
  return `${b}${g}${r}`.toUpperCase();
}

/** The numpad alignment of `\an`: 1-3 bottom, 4-6 middle, 7-9 top; left, centre, right within each row. */
export function numpadAlignment(position: CaptionsParams['position'], alignment: CaptionsParams['alignment']): number {
  const row = { bottom: 1, middle: 4, top: 7 }[position];
  const column = { left: 0, center: 1, right: 2 }[alignment];
  return row + column;
}

/**
 * The point `\pos` anchors the text at: the margin edge (or the centre) the
 * alignment names, moved by the offsets. With `\an` the text hangs off that
 * point the same way the style's margins would place it.
 */
export function anchorPoint(params: CaptionsParams, size: VideoSize): { x: number; y: number } {
  const x = { left: params.pad_l, center: size.width / 2, right: size.width - params.pad_r }[params.alignment];
  const y = { top: params.pad_v, middle: size.height / 2, bottom: size.height - params.pad_v }[params.position];
  return { x: Math.round(x + params.offset_x), y: Math.round(y + params.offset_y) };
}

/** Numbers in ASS files: no exponent, at most two decimals. */
export function assNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export const STYLE_NAME = 'Caption';

/** The `[Script Info]` and `[V4+ Styles]` sections: one style made from the parameters. */
export function assHeader(params: CaptionsParams, size: VideoSize): string {
  const fill = assStyleColor(params.fill_color);
  const style = [
    STYLE_NAME,
    params.font,
    params.font_size,
    fill,
    fill,
    assStyleColor(params.outline_color),
    assStyleColor(params.shadow_color),
    params.font_weight === 'bold' ? -1 : 0,
    0, 0, 0, 100, 100, 0, 0,
    1,
    assNumber(params.outline_width),
    assNumber(params.shadow_size),
    numpadAlignment(params.position, params.alignment),
    params.pad_l,
    params.pad_r,
    params.pad_v,
    1,
  ].join(',');
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${size.width}`,
    `PlayResY: ${size.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: None',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: ${style}`,
    '',
  ].join('\n');
}
