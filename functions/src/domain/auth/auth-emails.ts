export interface AuthEmailContext {
  email: string;
  /** Placeholder that Cognito replaces with the code; it must appear once. */
  codePlaceholder: string;
  portalUrl: string;
  portalApiUrl: string;
}

export interface AuthEmail {
  subject: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(title: string, lead: string, href: string, action: string, footnote: string): string {
  return [
    '<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;padding:24px;color:#0f172a">',
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<p><a href="${href}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>`,
    `<p style="font-size:12px;color:#64748b">${escapeHtml(footnote)}</p>`,
    '</div>',
  ].join('');
}

/** The code placeholder goes in raw (not URL-encoded) so that Cognito can find and replace it. */
function linkWithCode(base: string, path: string, params: Record<string, string>, codeParam: string, placeholder: string) {
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.toString()}${url.search ? '&' : '?'}${codeParam}=${placeholder}`;
}

/** E-mails of the sign-up and password flows; undefined leaves Cognito's default text. */
export function renderAuthEmail(triggerSource: string, ctx: AuthEmailContext): AuthEmail | undefined {
  switch (triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const href = linkWithCode(ctx.portalApiUrl, 'auth/confirm', { email: ctx.email }, 'code', ctx.codePlaceholder);
      return {
        subject: 'Verify your FrameForge e-mail address',
        html: layout('Verify your e-mail address', 'Confirm this address to finish creating your FrameForge account.', href, 'Verify e-mail address', 'If you did not sign up, ignore this e-mail.'),
      };
    }
    case 'CustomMessage_ForgotPassword': {
      const href = linkWithCode(ctx.portalUrl, 'reset-password', { email: ctx.email }, 'code', ctx.codePlaceholder);
      return {
        subject: 'Reset your FrameForge password',
        html: layout('Reset your password', 'Choose a new password for your FrameForge account.', href, 'Reset password', 'If you did not ask for this, ignore this e-mail: your password stays the same.'),
      };
    }
    case 'CustomMessage_UpdateUserAttribute':
    case 'CustomMessage_VerifyUserAttribute': {
      const href = linkWithCode(ctx.portalUrl, 'settings', {}, 'verify_email', ctx.codePlaceholder);
      return {
        subject: 'Confirm your new FrameForge e-mail address',
        html: layout('Confirm your new e-mail address', 'Open this link while signed in to confirm the address.', href, 'Confirm address', 'If you did not change your e-mail address, ignore this e-mail.'),
      };
    }
    default:
      return undefined;
  }
}
