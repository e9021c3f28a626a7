import type { Language } from '../../../profiles/contracts/profile';
import { actionButton, escapeHtml, openingTag } from '../../../notifications/domain/email-layout';
import { emailTextsFor, type AuthEmailTexts } from '../../../notifications/domain/texts';

export interface AuthEmailContext {
  email: string;
  /** The interface language the portal was in when it asked for the e-mail; English when unknown. */
  language?: Language;
  /** Placeholder that Cognito replaces with the code; it must appear once. */
  codePlaceholder: string;
  portalUrl: string;
  portalApiUrl: string;
}

export interface AuthEmail {
  subject: string;
  html: string;
}

function email(texts: AuthEmailTexts, href: string, language: Language): AuthEmail {
  return { subject: texts.subject, html: layout(texts, href, language) };
}

function layout(texts: AuthEmailTexts, href: string, language: Language): string {
  return [
    openingTag(language),
    `<h1 style="font-size:20px">${escapeHtml(texts.title)}</h1>`,
    `<p>${escapeHtml(texts.lead)}</p>`,
    // Raw: Cognito must find its code placeholder in the link as it wrote it.
    actionButton(href, texts.action),
    `<p style="font-size:12px;color:#64748b">${escapeHtml(texts.footnote)}</p>`,
    '</div>',
  ].join('');
}

/** The code placeholder goes in raw (not URL-encoded) so that Cognito can find and replace it. */
function linkWithCode(base: string, path: string, params: Record<string, string>, codeParam: string, placeholder: string) {
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.toString()}${url.search ? '&' : '?'}${codeParam}=${placeholder}`;
}

/** E-mails of the sign-up and password flows, in the given language; undefined leaves Cognito's default text. */
export function renderAuthEmail(triggerSource: string, ctx: AuthEmailContext): AuthEmail | undefined {
  const language = ctx.language ?? 'en';
  const texts = emailTextsFor(language).auth;
  switch (triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const href = linkWithCode(ctx.portalApiUrl, 'auth/confirm', { email: ctx.email }, 'code', ctx.codePlaceholder);
      return email(texts.verify, href, language);
    }
    case 'CustomMessage_ForgotPassword': {
      const href = linkWithCode(ctx.portalUrl, 'reset-password', { email: ctx.email }, 'code', ctx.codePlaceholder);
      return email(texts.reset, href, language);
    }
    case 'CustomMessage_UpdateUserAttribute':
    case 'CustomMessage_VerifyUserAttribute': {
      const href = linkWithCode(ctx.portalUrl, 'settings', {}, 'verify_email', ctx.codePlaceholder);
      return email(texts.confirmNew, href, language);
    }
    default:
      return undefined;
  }
}
