import { redactPaths, reportsStorageReadFailure, stderrTail } from './ffmpeg-errors';
import { guardInputs, imageInput, isAcceptedFormat, MEDIA_WHITELIST, storageReads, trustedInput } from './input-guards';

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

  it('opens over the network only the storage URLs the worker signed, and only while their job runs', () => {
    const signed = 'https://media.s3.amazonaws.com/inputs/u/j/in.mp4?X-Amz-Signature=abc';
    const other = 'https://example.com/in.mp4';
    storageReads.allow(signed);
    const args = guardInputs(['-i', signed, '-i', other, '/w/out.mp4']);
    expect(args.slice(0, args.indexOf(signed) + 1)).toEqual([
      '-protocol_whitelist', 'http,https,tcp,tls',
      '-reconnect', '1', '-reconnect_on_network_error', '1', '-reconnect_delay_max', '5', '-rw_timeout', '30000000',
      '-format_whitelist', MEDIA_WHITELIST, '-i', signed,
    ]);
    // Any other URL keeps the file-only whitelist, which ffmpeg refuses it with.
    expect(args.slice(args.indexOf(signed) + 1)).toEqual(['-protocol_whitelist', 'file,pipe', '-format_whitelist', MEDIA_WHITELIST, '-i', other, '/w/out.mp4']);
    storageReads.forget([signed]);
    expect(guardInputs(['-i', signed])).toEqual(['-protocol_whitelist', 'file,pipe', '-format_whitelist', MEDIA_WHITELIST, '-i', signed]);
  });

  it('tells storage failing under a read from the input failing, whatever the input says of itself', () => {
    expect(reportsStorageReadFailure('[tcp @ 0x1] Connection to tcp://127.0.0.1:9 failed: Connection refused\n<file>: Connection refused')).toBe(true);
    expect(reportsStorageReadFailure('[http @ 0x1] HTTP error 503 Service Unavailable\n<file>: Server returned 5XX Server Error reply')).toBe(true);
    expect(reportsStorageReadFailure('[mov,mp4 @ 0x1] moov atom not found\n<file>: Invalid data found when processing input')).toBe(false);
    // A title tag is the input's own text: it cannot make its failure ours.
    expect(reportsStorageReadFailure('    title           : Connection refused\n<file>: Invalid data found when processing input')).toBe(false);
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
