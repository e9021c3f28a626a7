import type { CaptionsParams } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import type { TimedWord } from '../../providers/speech-to-text';
import { captionEvents } from './ass-events';
import { groupWords } from './ass-groups';
import { assHeader, type VideoSize } from './ass-style';

/** The whole .ass file for the recognised words, styled by every caption parameter, sized to the video. */
export function buildAss(words: TimedWord[], params: CaptionsParams, size: VideoSize): string {
  const events = groupWords(words, params).flatMap((group) => captionEvents(group, params, size));
  return [
    assHeader(params, size),
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}
