/** The named xfade transitions the merge endpoint accepts (FFmpeg's xfade filter). */
export const XFADE_TRANSITIONS = [
  'fade', 'wipeleft', 'wiperight', 'wipeup', 'wipedown',
  'slideleft', 'slideright', 'slideup', 'slidedown',
  'circlecrop', 'rectcrop', 'distance', 'fadeblack', 'fadewhite', 'radial',
  'smoothleft', 'smoothright', 'smoothup', 'smoothdown',
  'circleopen', 'circleclose', 'vertopen', 'vertclose', 'horzopen', 'horzclose',
  'dissolve', 'pixelize',
  'diagonaltl', 'diagonaltr', 'diagonalbl', 'diagonalbr',
  'hlslice', 'hrslice', 'vuslice', 'vdslice',
  'hblur', 'fadegrays',
  'wipetl', 'wipetr', 'wipebl', 'wipebr',
  'squeezeh', 'squeezev', 'zoomin', 'fadefast', 'fadeslow',
  'hlwind', 'hrwind', 'vuwind', 'vdwind',
  'coverleft', 'coverright', 'coverup', 'coverdown',
  'revealleft', 'revealright', 'revealup', 'revealdown',
] as const;

/** `custom` takes an xfade expression in `transition_expr` instead of a name. */
export const CUSTOM_TRANSITION = 'custom';

/** Every value `transition` accepts: the named ones, then custom. */
export const TRANSITION_NAMES: readonly string[] = [...XFADE_TRANSITIONS, CUSTOM_TRANSITION];

/** The number the landing page states: named transitions, computed, never rounded up. */
export const NAMED_TRANSITION_COUNT = XFADE_TRANSITIONS.length;

/** The landing page's sample request. */
export function sampleCutRequest(productApiUrl: string): string {
  const base = productApiUrl.replace(/\/+$/, '');
  return [`curl -X POST "${base}/cut" \\`, '  -H "X-API-Key: $API_KEY" \\', '  -F file=@input.mp4 \\', '  -F start=5 \\', '  -F duration=10'].join('\n');
}
