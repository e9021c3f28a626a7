import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { karaokeWordTimings, parseDialogues } from '@frameforge/worker/operations/captions-auto/ass-test-support';
import { probeDuration } from '../../support/media';
import { runJob } from '../../support/worker-jobs';

const exec = promisify(execFile);
const ffmpeg = (args: string[]) => exec('ffmpeg', ['-hide_banner', '-nostdin', '-y', ...args], { maxBuffer: 16 * 1024 * 1024 });

/** Words pocketsphinx's US model recognises reliably in flite's voice, each with crisp edges. */
const WORDS = ['hello', 'world', 'morning', 'thank', 'you'];
const GAP_SECONDS = 0.4;
const TOLERANCE_SECONDS = 0.15;

let dir = '';
let speech = '';
let video = '';
let silentVideo = '';
let quietVideo = '';

/**
 * Reference timings, measured independently of the recogniser: each word is
 * synthesised on its own and the words are joined with silence between
 * them, so every word is exactly one stretch of sound. silencedetect then
 * finds where each stretch really starts and ends, without relying on how
 * much silence flite leaves around a word.
 */
async function makeSpeech(path: string): Promise<void> {
  const inputs: string[] = [];
  WORDS.forEach((word, i) => {
    const textFile = join(dir, `word-${i}.txt`);
    writeFileSync(textFile, word);
    inputs.push('-f', 'lavfi', '-i', `flite=textfile=${textFile}:voice=slt`);
  });
  inputs.push('-f', 'lavfi', '-t', String(GAP_SECONDS), '-i', 'anullsrc=r=8000:cl=mono');
  const n = WORDS.length;
  const gaps = Array.from({ length: n - 1 }, (_, i) => `[g${i}]`).join('');
  const chain = WORDS.map((_, i) => (i < n - 1 ? `[${i}:a][g${i}]` : `[${i}:a]`)).join('');
  const graph = `[${n}:a]asplit=${n - 1}${gaps};${chain}concat=n=${2 * n - 1}:v=0:a=1,aresample=16000`;
  await ffmpeg(['-v', 'error', ...inputs, '-filter_complex', graph, '-ac', '1', '-ar', '16000', path]);
}

async function speechSpans(path: string): Promise<{ start: number; end: number }[]> {
  const { stderr } = await ffmpeg(['-i', path, '-af', 'silencedetect=n=-45dB:d=0.15', '-f', 'null', '-']);
  const starts = [...stderr.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  const total = await probeDuration(path);
  // Sound runs from each silence's end to the next silence's start.
  return ends.map((end, i) => ({ start: end, end: starts[i + 1] ?? total })).filter((s) => s.end - s.start > 0.05);
}

/** PSNR of one horizontal band (fractions of the height) of two frames; Infinity when identical. */
async function bandPsnr(a: string, b: string, from: number, to: number): Promise<number> {
  const crop = `crop=iw:trunc(ih*${to - from}/2)*2:0:trunc(ih*${from}/2)*2`;
  const { stderr } = await ffmpeg(['-i', a, '-i', b, '-filter_complex', `[0:v]${crop}[a];[1:v]${crop}[b];[a][b]psnr`, '-f', 'null', '-']);
  const value = /average:(\S+)/.exec(stderr)?.[1] ?? '';
  return value === 'inf' ? Number.POSITIVE_INFINITY : Number(value);
}

async function frameAt(path: string, seconds: number, out: string): Promise<string> {
  await ffmpeg(['-v', 'error', '-ss', seconds.toFixed(3), '-i', path, '-frames:v', '1', out]);
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'op-captions-'));
  speech = join(dir, 'speech.wav');
  await makeSpeech(speech);
  const seconds = (await probeDuration(speech)).toFixed(3);
  video = join(dir, 'source.mp4');
  await ffmpeg(['-v', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x240:rate=25`, '-i', speech, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video]);
  silentVideo = join(dir, 'silent.mp4');
  await ffmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=25', '-c:v', 'libx264', '-preset', 'ultrafast', silentVideo]);
  quietVideo = join(dir, 'quiet.mp4');
  await ffmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=25', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', quietVideo]);
});

describe('captions_auto through the queue', () => {
  it('recognises the words at their spoken times and burns them into the bottom of the picture only', async () => {
    const params = { return_ass: true, style_effects: 'karaoke', split: 'word', position: 'bottom', font_size: 28, max_words_per_line: 3, max_lines: 1 };
    const { job, output, attachments } = await runJob('captions_auto', params, [{ role: 'video', path: video }]);
    expect(job.status).toBe('completed');
    expect(job.output?.attachments?.[0]?.mediaType).toBe('text/x-ssa');
    const ass = readFileSync(attachments[0] ?? '', 'utf8');
    expect(ass).toContain('PlayResX: 320\nPlayResY: 240');

    const reference = await speechSpans(speech);
    expect(reference).toHaveLength(WORDS.length);
    const recognised = karaokeWordTimings(ass);
    expect(recognised).toHaveLength(WORDS.length);
    const matchingText = recognised.filter((w, i) => w.text.toLowerCase() === WORDS[i]).length;
    expect(matchingText).toBeGreaterThanOrEqual(WORDS.length - 1);
    recognised.forEach((word, i) => {
      expect(Math.abs(word.start - (reference[i]?.start ?? Number.NaN))).toBeLessThanOrEqual(TOLERANCE_SECONDS);
      expect(Math.abs(word.end - (reference[i]?.end ?? Number.NaN))).toBeLessThanOrEqual(TOLERANCE_SECONDS);
    });

    expect(Math.abs((await probeDuration(output ?? '')) - (await probeDuration(video)))).toBeLessThan(0.1);
    const during = ((reference[1]?.start ?? 0) + (reference[1]?.end ?? 0)) / 2;
    const before = await frameAt(video, during, join(dir, 'before.png'));
    const after = await frameAt(output ?? '', during, join(dir, 'after.png'));
    expect(await bandPsnr(before, after, 0, 0.5)).toBeGreaterThan(30);
    expect(await bandPsnr(before, after, 0.75, 1)).toBeLessThan(22);
  });

  it('styles the captions from the parameters: the spoken word highlighted, upper case, fades (each word is its own caption: the pauses close them)', async () => {
    const params = { return_ass: 'true', style_effects: 'highlight,fade', text_case: 'upper', highlight_color: '#00ff00' };
    const { job, attachments } = await runJob('captions_auto', params, [{ role: 'video', path: video }]);
    expect(job.status).toBe('completed');
    const events = parseDialogues(readFileSync(attachments[0] ?? '', 'utf8'));
    expect(events.length).toBeGreaterThanOrEqual(WORDS.length - 1);
    expect(events.some((e) => e.text.includes('{\\1c&H00FF00&}HELLO'))).toBe(true);
    expect(events[0]?.text).toMatch(/\\fad\(120,120\)/);
  });

  it('refuses a video without audio', async () => {
    const { job } = await runJob('captions_auto', {}, [{ role: 'video', path: silentVideo }]);
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ code: 'no_audio_stream', param: 'video' });
  });

  it('refuses a video whose audio holds no speech', async () => {
    const { job } = await runJob('captions_auto', {}, [{ role: 'video', path: quietVideo }]);
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ code: 'no_speech', param: 'video' });
  });

  it('refuses a language the local recogniser does not know', async () => {
    const { job } = await runJob('captions_auto', { language: 'fr' }, [{ role: 'video', path: video }]);
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ code: 'language_unsupported', param: 'language' });
  });
});
