/// <reference lib="dom" />
import type { Browser, Locator, Page } from 'playwright-core';
import ar_settings from '@frameforge/frontend/locales/ar/settings.json';
import en_settings from '@frameforge/frontend/locales/en/settings.json';
import { totpCode } from '@frameforge/local-stack/emulators/cognito-totp';
import { confirmedUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { unusedTotpCode } from '../support/totp';
import { launchBrowser, snap } from './browser';
import { textsOf, type Language } from './portal-texts';
import { readQrCode } from './qr-reader';
import { signIn } from './signed-in';

const endpoints = testEndpoints();
const SETTINGS = { en: en_settings, ar: ar_settings } as const;
/** Cognito's own words, which must never reach the page. */
const SERVICE_WORDING = /mismatch|exception|invalid session|software token/i;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A code of this secret that is not valid in the current step nor the ones either side of it. */
function wrongCodeFor(secret: string): string {
  const now = Date.now();
  const valid = new Set([-1, 0, 1].map((offset) => totpCode(secret, now + offset * 30_000)));
  return ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code)) ?? '444444';
}

async function noHorizontalOverflow(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
}

async function expectCodeField(field: Locator): Promise<void> {
  expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
  expect(await field.getAttribute('inputmode')).toBe('numeric');
}

describe.each<Language>(['en', 'ar'])('two-factor sign-in in the browser (%s)', (language) => {
  const t = textsOf(language);
  const s = SETTINGS[language];

  it('turns an authenticator app on in Settings, asks for its code at sign-in, refuses a wrong one, and turns it off', async () => {
    const user = await confirmedUser(endpoints, `e2e-2fa-${language}`);
    // Arabic on a phone: right to left, at a phone's width.
    const viewport = language === 'ar' ? { width: 375, height: 740 } : { width: 1280, height: 900 };
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(endpoints.portal);
    await page.evaluate((code) => localStorage.setItem('language', code), language);
    await signIn(page, user.email, { language });
    if (language === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    // Settings: off, then turned on with the code of the secret shown.
    await page.goto(`${endpoints.portal}/settings`);
    const card = page.getByRole('region', { name: s.twoFactor.title });
    await card.getByText(s.twoFactor.off, { exact: true }).waitFor();
    await card.getByRole('button', { name: s.twoFactor.turnOn }).click();
    const shown = card.getByTestId('two-factor-secret');
    await shown.waitFor();
    const secret = ((await shown.textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{52}$/);
    const link = (await card.getByRole('link').first().getAttribute('href')) ?? '';
    expect(link).toMatch(/^otpauth:\/\/totp\/FrameForge:/);
    expect(new URL(link).searchParams.get('secret')).toBe(secret);
    // The QR code an app scans carries the same address.
    const qr = card.getByRole('img', { name: s.twoFactor.setup.qrLabel });
    await expect(readQrCode(qr)).resolves.toBe(link);
    const setupField = card.getByLabel(s.twoFactor.code);
    await expectCodeField(setupField);
    await noHorizontalOverflow(page);
    await snap(page, `two-factor-setup-${language}`);

    await setupField.fill(wrongCodeFor(secret));
    await card.getByRole('button', { name: s.twoFactor.confirm }).click();
    await card.getByRole('alert').getByText(s.twoFactor.errors.wrongCode).waitFor();

    const setup = await unusedTotpCode(secret, -1);
    await setupField.fill(setup.code);
    await card.getByRole('button', { name: s.twoFactor.confirm }).click();
    await page.getByText(s.messages.twoFactorOn).waitFor();
    await card.getByText(s.twoFactor.on, { exact: true }).waitFor();
    await snap(page, `two-factor-on-${language}`);

    // Signed out, then in: the password, then the code.
    await page.getByRole('button', { name: t.layout.accountMenu }).click();
    await page.getByRole('button', { name: t.layout.signOut }).click();
    await page.getByRole('button', { name: t.auth.signIn.submit }).first().waitFor();
    await page.goto(`${endpoints.portal}/login`);
    await page.getByLabel(t.auth.email).fill(user.email);
    await page.getByLabel(t.auth.password, { exact: true }).fill('secret-pass');
    await page.getByRole('button', { name: t.auth.signIn.submit }).click();
    await page.getByRole('heading', { name: t.auth.code.title }).waitFor();
    const signInField = page.getByLabel(t.auth.code.label);
    await expectCodeField(signInField);
    await noHorizontalOverflow(page);

    await signInField.fill(wrongCodeFor(secret));
    await page.getByRole('button', { name: t.auth.code.submit }).click();
    const refused = page.getByRole('alert');
    await refused.getByText(t.auth.errors.wrongCode).waitFor();
    expect(await refused.textContent()).not.toMatch(SERVICE_WORDING);
    await snap(page, `two-factor-wrong-code-${language}`);

    const signInCode = await unusedTotpCode(secret, setup.step);
    await signInField.fill(signInCode.code);
    await page.getByRole('button', { name: t.auth.code.submit }).click();
    await page.getByRole('heading', { name: t.dashboard.title }).waitFor();

    // Turned off with the password: a wrong one is refused, the right one turns it off.
    await page.goto(`${endpoints.portal}/settings`);
    await card.getByText(s.twoFactor.on, { exact: true }).waitFor();
    await card.getByRole('button', { name: s.twoFactor.turnOff }).click();
    const password = card.getByLabel(s.password.current);
    await password.fill('not-the-password');
    await card.getByRole('button', { name: s.twoFactor.confirmTurnOff }).click();
    await card.getByRole('alert').getByText(s.messages.currentPasswordIncorrect).waitFor();
    await password.fill('secret-pass');
    await card.getByRole('button', { name: s.twoFactor.confirmTurnOff }).click();
    await page.getByText(s.messages.twoFactorOff).waitFor();
    await card.getByText(s.twoFactor.off, { exact: true }).waitFor();

    // Off: the password alone signs in again.
    await page.getByRole('button', { name: t.layout.accountMenu }).click();
    await page.getByRole('button', { name: t.layout.signOut }).click();
    await page.getByRole('button', { name: t.auth.signIn.submit }).first().waitFor();
    await signIn(page, user.email, { language });
    await context.close();
  });
});
