import type { CaptionsParams } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import type { TimedWord } from '../../providers/speech-to-text';
import type { CaptionGroup } from './ass-groups';
import { anchorPoint, assTagColor, numpadAlignment, STYLE_NAME, type VideoSize } from './ass-style';
import { applyCase, assTime, escapeAssText } from './ass-text';

type Effect = CaptionsParams['style_effects'][number];

/** Milliseconds of the scale animations. */
const GROW_MS = 150;
const BOUNCE_MS = 100;

/** One Dialogue line to be: its time span and what sets it apart from its neighbours. */
interface EventPlan {
  start: number;
  end: number;
  /** Index (over the group's words) of the word spoken now, in highlight mode. */
  current?: number;
  firstOfGroup: boolean;
  lastOfGroup: boolean;
}

/**
 * The Dialogue lines of one caption. With `highlight` there is one event per
 * word (the group stays on screen, the spoken word changes colour);
 * otherwise one event for the whole caption.
 */
export function captionEvents(group: CaptionGroup, params: CaptionsParams, size: VideoSize): string[] {
  const words = group.lines.flat();
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last) return [];
  const has = (effect: Effect) => params.style_effects.includes(effect);
  const plans: EventPlan[] = has('highlight')
    ? words.map((word, i) => ({
        start: word.start,
        end: words[i + 1]?.start ?? last.end,
        current: i,
        firstOfGroup: i === 0,
        lastOfGroup: i === words.length - 1,
      }))
    : [{ start: first.start, end: last.end, firstOfGroup: true, lastOfGroup: true }];
  return plans.map((plan) => {
    const end = Math.max(plan.end, plan.start + 0.01);
    const text = startTags(plan, params, size, end - plan.start) + wordsText(group, plan, params);
    return `Dialogue: 0,${assTime(plan.start)},${assTime(end)},${STYLE_NAME},,0,0,0,,${text}`;
  });
}

/** Tags for the whole event: placement, motion, fades, karaoke colours, and the scale effects when no single word gets them. */
function startTags(plan: EventPlan, params: CaptionsParams, size: VideoSize, seconds: number): string {
  const has = (effect: Effect) => params.style_effects.includes(effect);
  const { x, y } = anchorPoint(params, size);
  let tags = `\\an${numpadAlignment(params.position, params.alignment)}`;
  if (has('slide') && plan.firstOfGroup) {
    const rise = Math.max(20, Math.round(params.font_size * 0.75));
    const ms = Math.min(250, Math.round(seconds * 1000));
    tags += `\\move(${x},${y + rise},${x},${y},0,${ms})`;
  } else {
    tags += `\\pos(${x},${y})`;
  }
  if (has('fade')) {
    const fadeIn = plan.firstOfGroup ? params.fade_in_ms : 0;
    const fadeOut = plan.lastOfGroup ? params.fade_out_ms : 0;
    if (fadeIn || fadeOut) tags += `\\fad(${fadeIn},${fadeOut})`;
  }
  // Karaoke turns each word from the fill colour (secondary) to the highlight colour (primary) as it is spoken.
  if (has('karaoke')) tags += `\\1c${assTagColor(params.highlight_color)}\\2c${assTagColor(params.fill_color)}`;
  if (plan.current === undefined && plan.firstOfGroup) tags += scaleTags(params, false);
  return `{${tags}}`;
}

/** `enlarge` grows the text into place (or the spoken word beyond its neighbours); `bounce` overshoots and settles. */
export function scaleTags(params: CaptionsParams, wordLevel: boolean): string {
  const has = (effect: Effect) => params.style_effects.includes(effect);
  let tags = '';
  let base = 100;
  let at = 0;
  if (has('enlarge')) {
    if (wordLevel) {
      base = 115;
      tags += `\\t(0,${GROW_MS},\\fscx${base}\\fscy${base})`;
    } else {
      tags += `\\fscx85\\fscy85\\t(0,${GROW_MS},\\fscx100\\fscy100)`;
    }
    at = GROW_MS;
  }
  if (has('bounce')) {
    const peak = base + 12;
    tags += `\\t(${at},${at + BOUNCE_MS},\\fscx${peak}\\fscy${peak})\\t(${at + BOUNCE_MS},${at + 2 * BOUNCE_MS},\\fscx${base}\\fscy${base})`;
  }
  return tags;
}

/**
 * The caption's words, lines joined by `\N`. With karaoke each word is a
 * syllable lasting its spoken time and each separator a syllable lasting the
 * silence after it, so every word lights up exactly when it starts.
 */
function wordsText(group: CaptionGroup, plan: EventPlan, params: CaptionsParams): string {
  const karaoke = params.style_effects.includes('karaoke');
  const words = group.lines.flat();
  const marks = karaokeMarks(words, plan.start);
  let text = '';
  let index = 0;
  group.lines.forEach((line, lineIndex) => {
    line.forEach((word, inLine) => {
      if (index > 0) {
        const separator = inLine === 0 && lineIndex > 0 ? '\\N' : ' ';
        text += karaoke ? `{\\k${(marks[2 * index] ?? 0) - (marks[2 * index - 1] ?? 0)}}${separator}` : separator;
      }
      const tags: string[] = [];
      if (karaoke) tags.push(`\\k${(marks[2 * index + 1] ?? 0) - (marks[2 * index] ?? 0)}`);
      const isCurrent = plan.current === index;
      if (isCurrent) tags.push(`\\1c${assTagColor(params.highlight_color)}${scaleTags(params, true)}`);
      text += (tags.length ? `{${tags.join('')}}` : '') + escapeAssText(applyCase(word.text, params.text_case));
      if (isCurrent && index < words.length - 1) text += `{\\1c${assTagColor(karaoke ? params.highlight_color : params.fill_color)}\\fscx100\\fscy100}`;
      index += 1;
    });
  });
  return text;
}

/**
 * Word starts and ends in centiseconds from the event's start, never
 * decreasing: words already spoken when the event starts are at 0 (their
 * karaoke is done), and overlapping timings cannot make a negative `\k`.
 */
export function karaokeMarks(words: TimedWord[], eventStart: number): number[] {
  const marks: number[] = [];
  let floor = 0;
  for (const word of words) {
    for (const t of [word.start, word.end]) {
      floor = Math.max(floor, Math.round((t - eventStart) * 100));
      marks.push(floor);
    }
  }
  return marks;
}
