import type { Language } from '../../profiles/contracts/profile';
import { directionOf } from './texts';

/** What a notice says, once: rendered both as plain text and as HTML in the look of the account e-mails. */
export interface NoticeContent {
  title: string;
  paragraphs: string[];
  action?: { label: string; href: string };
  footnote: string;
}

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The e-mail's outer box: mail clients need the language and direction on the markup itself (Arabic reads right to left). */
export const openingTag = (language: Language): string =>
  `<div lang="${language}" dir="${directionOf(language)}" style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;padding:24px;color:#0f172a">`;

/** The e-mail's one button; `href` goes in as given, so the caller escapes it (or keeps a placeholder raw on purpose). */
export const actionButton = (href: string, label: string): string =>
  `<p><a href="${href}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>`;

export function noticeHtml(content: NoticeContent, language: Language = 'en'): string {
  return [
    openingTag(language),
    `<h1 style="font-size:20px">${escapeHtml(content.title)}</h1>`,
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    content.action ? actionButton(escapeHtml(content.action.href), content.action.label) : '',
    `<p style="font-size:12px;color:#64748b">${escapeHtml(content.footnote)}</p>`,
    '</div>',
  ].join('');
}

export function noticeText(content: NoticeContent): string {
  return [
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.href}`, ''] : []),
    content.footnote,
    '',
  ].join('\n');
}
