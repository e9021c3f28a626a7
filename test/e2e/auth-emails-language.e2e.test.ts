/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { EMAIL_TEXTS } from '@frameforge/functions/features/notifications/domain/texts/index';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import { confirmedUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { openInboxSuite } from './browser';

const endpoints = testEndpoints();
/** The address the German sign-up uses. */
const email = `e2e-lang-${Date.now()}@example.com`;

let page: Page;
let inbox: LocalPortalClient;

openInboxSuite(endpoints, (suite) => ({ page, inbox } = suite));

const exactly = (subject: string) => new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The login page in `language`, as a visitor who chose it in the language menu sees it. */
async function loginPageIn(language: string, mode: 'signUp' | 'reset') {
  await page.goto(endpoints.portal);
  await page.evaluate((code) => localStorage.setItem('language', code), language);
  await page.goto(`${endpoints.portal}/login?mode=${mode}`);
  await page.waitForFunction((code) => document.documentElement.lang === code, language);
}

describe('account e-mails in the language the portal is shown in', () => {
  it('signs up in German and gets the verification e-mail in German', async () => {
    const since = Date.now() - 1000;
    await loginPageIn('de', 'signUp');
    await page.locator('input[type="email"]').fill(email);
    await page.locator('input[type="password"]').first().fill('first-pass');
    await page.locator('button[type="submit"]').click();
    const mail = await inbox.waitForMail(email, exactly(EMAIL_TEXTS.de.auth.verify.subject), since);
    expect(mail.html).toMatch(/^<div lang="de" dir="ltr"/);
    // The German link confirms the account like the English one.
    const confirmed = await fetch(LocalPortalClient.linkIn(mail), { redirect: 'manual' });
    expect(confirmed.headers.get('location')).toBe(`${endpoints.portal}/login?verified=1`);
  });

  it('asks for a password reset in Arabic and gets the e-mail in Arabic, right to left', async () => {
    // An account of its own, whatever the sign-up test did.
    const { email } = await confirmedUser(endpoints, 'e2e-lang-reset');
    const since = Date.now() - 1000;
    await loginPageIn('ar', 'reset');
    await page.locator('input[type="email"]').fill(email);
    await page.locator('button[type="submit"]').click();
    const mail = await inbox.waitForMail(email, exactly(EMAIL_TEXTS.ar.auth.reset.subject), since);
    expect(mail.html).toMatch(/^<div lang="ar" dir="rtl"/);
  });
});
