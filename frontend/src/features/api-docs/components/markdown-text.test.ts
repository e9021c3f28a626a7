import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { MarkdownText } from './markdown-text';

const html = (text: string) => renderToStaticMarkup(createElement(MemoryRouter, null, createElement(MarkdownText, { text })));

describe('MarkdownText', () => {
  it('renders code, bold and links as elements', () => {
    const out = html('Send `file_id` from **[POST /uploads](/api-docs)** or see [FFmpeg](https://ffmpeg.org/).');
    expect(out).toContain('<code dir="ltr"');
    expect(out).toContain('>file_id</code>');
    expect(out).toMatch(/<strong[^>]*><a [^>]*href="\/api-docs"[^>]*>POST \/uploads<\/a><\/strong>/);
    expect(out).toMatch(/<a [^>]*href="https:\/\/ffmpeg.org\/"[^>]*rel="noopener noreferrer"[^>]*>FFmpeg<\/a>/);
    expect(out).not.toContain('`');
  });

  it('escapes markup in the text instead of rendering it', () => {
    const out = html('<img src=x onerror=alert(1)> `<b>` [x](javascript:alert(1))');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('<code dir="ltr" class="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.8125rem] break-words text-zinc-800">&lt;b&gt;</code>');
    expect(out).not.toContain('href="javascript');
  });
});
