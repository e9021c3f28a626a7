import { redactPaths, stderrTail } from './ffmpeg-errors';
import { guardInputs, imageInput, isAcceptedFormat, MEDIA_WHITELIST, trustedInput } from './input-guards';

describe('input whitelists', () => {
  it('puts both whitelists before every user input', () => {
    const args = guardInputs(['-ss', '1', '-i', '/w/in-0.mp4', '-i', '/w/in-1.mov', '-map', '0:v', '/w/out.mp4']);
    expect(args).toEqual([
      '-ss', '1', '-protocol_whitelist', 'file,pipe', '-format_whitelist', MEDIA_WHITELIST, '-i', '/w/in-0.mp4',
      '-protocol_whitelist', 'file,pipe', '-format_whitelist', MEDIA_WHITELIST, '-i', '/w/in-1.mov',
      '-map', '0:v', '/w/out.mp4',
    ]);
  });

  it('lets our own inputs name their format, still holding a concat list\'s files to media', () => {
    const args = guardInputs([...trustedInput('/w/list.txt', 'concat', ['-safe', '1']), ...trustedInput('anullsrc', 'lavfi'), ...imageInput('/w/a.png'), '/w/o.mp4']);
    expect(args.join(' ')).toBe(
      `-f concat -format_whitelist concat,${MEDIA_WHITELIST} -safe 1 -protocol_whitelist file,pipe -i /w/list.txt ` +
        '-f lavfi -format_whitelist lavfi -protocol_whitelist file,pipe -i anullsrc ' +
        '-format_whitelist image2,jpeg_pipe,png_pipe -protocol_whitelist file,pipe -i /w/a.png /w/o.mp4',
    );
    // A bare forced format keeps to that demuxer.
    expect(guardInputs(['-f', 'lavfi', '-i', 'sine', 'o.wav'])).toContain('lavfi');
  });

  it('accepts the real formats of media, not playlists or lists', () => {
    expect(isAcceptedFormat('mov,mp4,m4a,3gp,3g2,mj2')).toBe(true);
    expect(isAcceptedFormat('matroska,webm')).toBe(true);
    for (const name of ['hls', 'dash', 'concat', 'sdp', 'srt', 'ass', 'image2', 'lavfi', 'tty']) expect(isAcceptedFormat(name)).toBe(false);
  });
});

describe('ffmpeg errors for callers', () => {
  it('replaces our paths with the input roles and drops any other path', () => {
    const names = new Map([
      ['/tmp/work/job-1-abc/in-0.mp4', '<file>'],
      ['/tmp/work/job-1-abc/in-1.mp4', '<video>'],
    ]);
    const text = "[mov,mp4 @ 0x1] moov atom not found\n/tmp/work/job-1-abc/in-0.mp4: Invalid data\nError opening '/tmp/work/job-1-abc/out.mp4' and /usr/lib/x.so";
    const clean = redactPaths(text, names, '/tmp/work/job-1-abc');
    expect(clean).toContain('<file>: Invalid data');
    expect(clean).toContain("'<work>/out.mp4'");
    expect(clean).not.toMatch(/\/tmp|\/usr/);
  });

  it('keeps the useful tail of stderr', () => {
    const stderr = ['configuration: --enable-x', 'libavutil      57. 28.100', '', 'line a', 'line b', 'Conversion failed!'].join('\n');
    expect(stderrTail(stderr, 3)).toBe('line a\nline b\nConversion failed!');
  });
});
