import type { PortalTaskView } from '@frameforge/functions/features/jobs/contracts/portal-tasks';

export type OutputKind = 'video' | 'audio' | 'image' | 'other';

/** How the page shows an output: a player for video and audio, the picture itself, else a download alone. */
export function outputKindOf(mediaType: string): OutputKind {
  const [type] = mediaType.split('/');
  return type === 'video' || type === 'audio' || type === 'image' ? type : 'other';
}

/** The operation a task came from, as its id (`/merge/urls` → `merge_urls`, as the filter names it). */
export const operationOf = (endpoint: string): string => endpoint.replace(/^\//, '').replace(/\//g, '_').replace('eleven_voices', 'voices');

export const isRunning = (task: Pick<PortalTaskView, 'status'>): boolean => task.status === 'queued' || task.status === 'processing';

/**
 * Seconds the task took: from its start (its creation while it never started)
 * to its end, or to now while it runs; null when that cannot be told.
 */
export function durationSeconds(task: Pick<PortalTaskView, 'created_at' | 'started_at' | 'completed_at'>, now: Date = new Date()): number | null {
  const from = Date.parse(task.started_at ?? task.created_at);
  const to = task.completed_at ? Date.parse(task.completed_at) : task.started_at ? now.getTime() : Number.NaN;
  if (Number.isNaN(from) || Number.isNaN(to)) return null;
  return Math.max(0, (to - from) / 1000);
}

/** A duration as the reader's language writes it: `4.2 s`, `2 min 5 s`. */
export function formatDuration(seconds: number, language: string): string {
  if (seconds < 60) return new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'narrow', maximumFractionDigits: 1 }).format(seconds);
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  const unit = (value: number, name: 'minute' | 'second') => new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(value);
  return `${unit(minutes, 'minute')} ${unit(rest, 'second')}`;
}

/** A time in the reader's language and zone; the text as given when it is no time. */
export function formatTime(iso: string, language: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toLocaleString(language, { dateStyle: 'short', timeStyle: 'medium' });
}

/** A parameter's value as text: strings as they are, anything else as JSON. */
export const paramText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
