import * as z from 'zod';

/**
 * Every named transition of FFmpeg's xfade filter, in the filter's own order
 * (58 as of FFmpeg 6.1 and 7). The API accepts these plus `custom`; the
 * landing page shows the same list.
 */
export const XFADE_TRANSITIONS = [
  'fade', 'wipeleft', 'wiperight', 'wipeup', 'wipedown',
  'slideleft', 'slideright', 'slideup', 'slidedown',
  'circlecrop', 'rectcrop', 'distance', 'fadeblack', 'fadewhite', 'radial',
  'smoothleft', 'smoothright', 'smoothup', 'smoothdown',
  'circleopen', 'circleclose', 'vertopen', 'vertclose', 'horzopen', 'horzclose',
  'dissolve', 'pixelize', 'diagtl', 'diagtr', 'diagbl', 'diagbr',
  'hlslice', 'hrslice', 'vuslice', 'vdslice', 'hblur', 'fadegrays',
  'wipetl', 'wipetr', 'wipebl', 'wipebr',
  'squeezeh', 'squeezev', 'zoomin', 'fadefast', 'fadeslow',
  'hlwind', 'hrwind', 'vuwind', 'vdwind',
  'coverleft', 'coverright', 'coverup', 'coverdown',
  'revealleft', 'revealright', 'revealup', 'revealdown',
] as const;
export type XfadeTransition = (typeof XFADE_TRANSITIONS)[number];

/** Added in FFmpeg 6.1: an older FFmpeg (Debian's 5.1) lacks them, so the worker emulates them with custom expressions. */
export const TRANSITIONS_SINCE_FFMPEG_6_1 = [
  'hlwind', 'hrwind', 'vuwind', 'vdwind',
  'coverleft', 'coverright', 'coverup', 'coverdown',
  'revealleft', 'revealright', 'revealup', 'revealdown',
] as const satisfies readonly XfadeTransition[];

/** `custom` takes an xfade expression in `transition_expr` instead of a name. */
export const CUSTOM_TRANSITION = 'custom';

/** Every value `transition` accepts: the named ones, then custom. */
export const TRANSITION_NAMES = [...XFADE_TRANSITIONS, CUSTOM_TRANSITION] as const;

/** For request validation: `transition: transitionNameSchema.optional()`. */
export const transitionNameSchema = z.enum(TRANSITION_NAMES, {
  message: `must be one of the ${TRANSITION_NAMES.length} transition names listed in the docs (or custom)`,
});
