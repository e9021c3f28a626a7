import { burnArgs, escapeFilterPath, extractSpeechArgs } from './captions-args';

describe('captions ffmpeg arguments', () => {
  it('extracts the first audio stream as 16 kHz mono PCM', () => {
    expect(extractSpeechArgs('/j/in.mp4', '/j/speech.wav')).toEqual(['-i', '/j/in.mp4', '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '/j/speech.wav']);
  });

  // Checked against ffmpeg 5.1: the ass filter opens a file under such a path with this escaping.
  it('escapes paths for both the option and the filtergraph level', () => {
    expect(escapeFilterPath('/tmp/job/captions.ass')).toBe('/tmp/job/captions.ass');
    expect(escapeFilterPath("/a:b'c,d[e];f\\g")).toBe("/a\\\\:b\\\\\\'c\\,d\\[e\\]\\;f\\\\\\\\g");
  });

  it('burns with libass from our fonts folder, re-encodes the video and copies MP4-ready audio', () => {
    const args = burnArgs('/j/in.mp4', '/j/c.ass', '/j/fonts', '/j/out.mp4', { width: 320, height: 240 }, 'aac');
    expect(args).toContain('ass=filename=/j/c.ass:fontsdir=/j/fonts:original_size=320x240');
    expect(args.join(' ')).toContain('-c:v libx264 -preset veryfast -crf 20');
    expect(args.join(' ')).toContain('-c:a copy');
  });

  it('re-encodes audio an MP4 cannot hold and evens odd sizes', () => {
    const args = burnArgs('/j/in.mkv', '/j/c.ass', '/j/fonts', '/j/out.mp4', { width: 321, height: 240 }, 'pcm_s16le');
    expect(args.join(' ')).toContain('-c:a aac');
    expect(args.find((a) => a.startsWith('ass='))).toMatch(/,scale=trunc\(iw\/2\)\*2:trunc\(ih\/2\)\*2$/);
  });
});
