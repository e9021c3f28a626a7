/// <reference lib="dom" />
import type { Browser, BrowserContext, Dialog, Locator, Page } from 'playwright-core';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import en_layout from '@frameforge/frontend/locales/en/layout.json';
import en from '@frameforge/frontend/locales/en/settings.json';
import ar from '@frameforge/frontend/locales/ar/settings.json';
import { confirmedUser, type TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { lazily } from '../support/lazily';
import { launchBrowser, snap, staysAbsent } from './browser';
import { signIn } from './signed-in';
import { CORNERS, expectedSamples, isGreen, isWhite, readPixels, ringPoints } from './settings-picture';
import { checkerboardPng, type Checkerboard } from './test-png';

const endpoints = testEndpoints();
const FIRST_PASSWORD = 'secret-pass';
const NEW_PASSWORD = 'changed-pass';
const board: Checkerboard = { width: 600, height: 400, cell: 50, colours: [[220, 38, 38], [37, 99, 235]] };
/** The crop the test makes: zoom 1 → 1.5 (three button steps, two slider steps), then a mouse drag and a touch drag. */
const crop = { zoom: 1.5, offsetX: 60 - 100, offsetY: 30 - 50 };

let browser: Browser;
/** The signed-in context of this test's user, and its page. */
let context: BrowserContext;
let page: Page;
let user: TestUser;
let email = '';

/** A user signed in once on a page of a context of its own; its e-mail and password as they are now (a test that changes one says so here). */
interface SignedIn {
  user: TestUser;
  email: string;
  password: string;
  context: BrowserContext;
  page: Page;
}

async function signedInContext(): Promise<SignedIn> {
  const made = await confirmedUser(endpoints, 'e2e-settings');
  const signedIn = await browser.newContext({ viewport: { width: 1280, height: 900 }, hasTouch: true });
  const opened = await signedIn.newPage();
  await signIn(opened, made.email, { password: FIRST_PASSWORD });
  return { user: made, email: made.email, password: FIRST_PASSWORD, context: signedIn, page: opened };
}

/** The user most tests share: they change its picture and preferences, never its password, username, e-mail or language. */
const sharedUser = lazily(signedInContext);
/** The user whose password changes: that test's own, so no other test runs on a session whose password changed under it. */
const passwordUser = lazily(signedInContext);
/** The user whose username and e-mail change, which the shared user's profile menu must not show. */
const renamedUser = lazily(signedInContext);
/** The user whose saved language becomes Arabic, and the one whose account is deleted: one test's each. */
const arabicUser = lazily(signedInContext);
const deletedUser = lazily(signedInContext);

/** Opens a path of the portal (the settings page unless told) as a user, on its signed-in page: this test's page. */
async function openAs(who: () => Promise<SignedIn>, path = '/settings'): Promise<SignedIn> {
  const signedIn = await who();
  ({ context, user, email, page } = signedIn);
  await page.goto(`${endpoints.portal}${path}`);
  if (path === '/settings') await page.getByRole('heading', { name: en.title, level: 1 }).waitFor();
  return signedIn;
}

/** Saves a picture through the crop dialog as it opens, once the page has reloaded with it: the picture's address. */
async function savePicture(): Promise<string> {
  await page.getByTestId('picture-input').setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: checkerboardPng(board, 'Exif marker') });
  const dialog = page.getByRole('dialog', { name: en.crop.title });
  await dialog.waitFor();
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: en.crop.apply }).click();
  await expectBanner(en.messages.pictureUpdated);
  await reloaded;
  const avatar = page.getByRole('img', { name: en.profile.pictureAlt });
  await avatar.waitFor();
  return new URL((await avatar.getAttribute('src')) ?? '', endpoints.portal).toString();
}

const shot = async (name: string, on: Page = page) => {
  // A full-page capture of a scrolled page draws the sticky header mid-page: start from the top.
  await on.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await snap(on, `settings-${name}`);
};
const card = (name: string, on: Page = page): Locator => on.getByRole('region', { name });
const banner = (on: Page = page) => on.getByTestId('settings-banner');
const expectBanner = async (text: string, on: Page = page) => {
  await banner(on).getByText(text, { exact: true }).waitFor();
};
/** Answers the page's next native dialogs in order: true = OK, false = Cancel, a string = typed into a prompt, then OK. */
function answerDialogs(on: Page, answers: (boolean | string)[]): string[] {
  const seen: string[] = [];
  const handler = (dialog: Dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    const answer = answers.shift();
    if (answers.length === 0) on.off('dialog', handler);
    void (answer === false || answer === undefined ? dialog.dismiss() : dialog.accept(typeof answer === 'string' ? answer : undefined));
  };
  on.on('dialog', handler);
  return seen;
}

async function touchDrag(on: Page, target: Locator, dx: number, dy: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the crop canvas is not visible');
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const cdp = await context.newCDPSession(on);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 5; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 5, y: y + (dy * step) / 5 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

beforeAll(async () => {
  browser = await launchBrowser();
  // The users are made side by side from the start; a test that needs one waits for it (and sees why it failed).
  for (const made of [sharedUser, passwordUser, renamedUser, arabicUser, deletedUser]) void made().catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
});

describe('settings in the browser', () => {
  it('opens from the profile dropdown, which shows the e-mail name and address', async () => {
    await openAs(sharedUser, '/');
    await page.getByRole('button', { name: en_layout.accountMenu }).click();
    await expect(page.getByTestId('profile-menu-name').textContent()).resolves.toBe(email.split('@')[0]);
    await page.getByText(email, { exact: true }).first().waitFor();
    await shot('profile-menu');
    await page.getByRole('link', { name: en_layout.settings }).click();
    await page.getByRole('heading', { name: en.title, level: 1 }).waitFor();
    for (const title of [en.profile.title, en.email.title, en.password.title, en.notifications.title, en.regional.title, en.danger.title]) await card(title).waitFor();
    await expect(page.getByTestId('current-email').textContent()).resolves.toBe(email);
    await shot('page');
  });

  it('refuses a file that is not an image, and an image over 5 MB', async () => {
    await openAs(sharedUser);
    const input = page.getByTestId('picture-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expectBanner(en.validation.notAnImage);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expectBanner(en.validation.imageTooLarge);
    await shot('picture-too-large');
    await staysAbsent(page.getByRole('dialog'), 'crop dialog for a refused file');
  });

  it('closes the crop dialog on Cancel without changing anything', async () => {
    await openAs(sharedUser);
    await page.getByTestId('picture-input').setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: checkerboardPng(board, 'Exif marker') });
    const dialog = page.getByRole('dialog', { name: en.crop.title });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: en.crop.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(banner().textContent()).resolves.toBe('');
  });

  it('crops with the buttons, the slider, a mouse drag and a touch drag, and saves a round JPEG without metadata', async () => {
    await openAs(sharedUser);
    const png = checkerboardPng(board, 'Exif test marker');
    expect(png.includes('Exif')).toBe(true);
    await page.getByTestId('picture-input').setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: png });
    const dialog = page.getByRole('dialog', { name: en.crop.title });
    await dialog.waitFor();
    const canvas = dialog.getByTestId('crop-canvas');
    await expect(canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height, c.getBoundingClientRect().width])).resolves.toEqual([300, 300, 300]);
    await shot('crop-dialog');

    const zoomOut = dialog.getByRole('button', { name: en.crop.zoomOut });
    await zoomOut.click();
    await zoomOut.click();
    await zoomOut.click();
    await zoomOut.click();
    await zoomOut.click();
    await expect(dialog.locator('output').textContent()).resolves.toBe('0.5×');
    await expect(zoomOut.isDisabled()).resolves.toBe(true);
    const slider = dialog.getByRole('slider', { name: en.crop.zoom });
    await slider.fill('1');
    for (let i = 0; i < 3; i += 1) await dialog.getByRole('button', { name: en.crop.zoomIn }).click();
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.locator('output').textContent()).resolves.toBe('1.5×');

    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas box');
    await page.mouse.move(box.x + 150, box.y + 150);
    await page.mouse.down();
    await page.mouse.move(box.x + 150 + 60, box.y + 150 + 30, { steps: 6 });
    await page.mouse.up();
    await touchDrag(page, canvas, -100, -50);
    await shot('crop-adjusted');

    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: en.crop.apply }).click();
    await expectBanner(en.messages.pictureUpdated);
    await shot('picture-updated');
    await reloaded;
    const avatar = page.getByRole('img', { name: en.profile.pictureAlt });
    await avatar.waitFor();
    const pictureUrl = new URL((await avatar.getAttribute('src')) ?? '', endpoints.portal).toString();

    const response = await fetch(pictureUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(bytes.includes('Exif')).toBe(false);
    expect(bytes.includes('marker')).toBe(false);

    const samples = expectedSamples(board, crop);
    expect(samples.length).toBeGreaterThan(80);
    const points = [...samples.map((s): [number, number] => [s.x, s.y]), ...CORNERS, ...ringPoints()];
    const { width, height, pixels } = await readPixels(page, pictureUrl, points);
    expect(width).toBe(height);
    const inside = pixels.slice(0, samples.length);
    const wrong = samples.filter((sample, i) => {
      const [r, , b] = inside[i] ?? [0, 0, 0];
      return (r > b ? 0 : 1) !== sample.expected;
    });
    expect(wrong).toEqual([]);
    expect(pixels.slice(samples.length, samples.length + 4).every(isWhite)).toBe(true);
    const ring = pixels.slice(samples.length + 4);
    expect(ring.filter(isGreen).length).toBeGreaterThanOrEqual(ring.length - 2);

    await page.getByRole('button', { name: en_layout.accountMenu }).click();
    const menuPicture = await page.locator('header img').first().getAttribute('src');
    expect(new URL(menuPicture ?? '', endpoints.portal).toString()).toBe(pictureUrl);
    await shot('picture-saved');
    await page.keyboard.press('Escape');
  });

  it('removes the picture and its file', async () => {
    await openAs(sharedUser);
    const pictureUrl = await savePicture();
    expect((await fetch(pictureUrl)).status).toBe(200);
    const reloaded = page.waitForEvent('load');
    await card(en.profile.title).getByRole('button', { name: en.profile.removePicture }).click();
    await expectBanner(en.messages.pictureRemoved);
    await shot('picture-removed');
    await reloaded;
    await card(en.profile.title).getByRole('button', { name: en.profile.uploadPicture }).waitFor();
    await expect(page.getByRole('img', { name: en.profile.pictureAlt }).evaluate((e) => e.tagName)).resolves.toBe('SPAN');
    expect((await fetch(pictureUrl)).status).toBe(404);
  });

  it('saves a username, which the dropdown then shows', async () => {
    await openAs(renamedUser);
    const profile = card(en.profile.title);
    await profile.getByLabel(en.profile.username).fill('   ');
    await profile.getByRole('button', { name: en.profile.save }).click();
    await expectBanner(en.validation.usernameRequired);
    await profile.getByLabel(en.profile.username).fill('Ada Settings');
    await profile.getByRole('button', { name: en.profile.save }).click();
    await expectBanner(en.messages.profileUpdated);
    await page.getByRole('button', { name: en_layout.accountMenu }).click();
    await expect(page.getByTestId('profile-menu-name').textContent()).resolves.toBe('Ada Settings');
    await shot('username-saved');
    await page.keyboard.press('Escape');
  });

  it('changes the e-mail address through the link sent to the new address', async () => {
    const renamed = await openAs(renamedUser);
    const section = card(en.email.title);
    const submit = section.getByRole('button', { name: en.email.submit });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await section.getByText(en.email.notice).waitFor();
    await section.getByLabel(en.email.new).fill('not-an-address');
    await submit.click();
    await expectBanner(en.validation.emailInvalid);
    const newEmail = `renamed-${email}`;
    const since = Date.now() - 1000;
    await section.getByLabel(en.email.new).fill(newEmail);
    await submit.click();
    await expectBanner(en.email.verificationSent.replace('{{email}}', newEmail));
    await shot('email-verification-sent');
    const mail = await user.client.waitForMail(newEmail, /new .*e-mail/i, since);
    const link = LocalPortalClient.linkIn(mail);
    expect(new URL(link).pathname).toBe('/settings');
    await page.goto(link);
    await expectBanner(en.messages.emailUpdated);
    expect(new URL(page.url()).searchParams.has('verify_email')).toBe(false);
    await expect(page.getByTestId('current-email').textContent()).resolves.toBe(newEmail);
    renamed.email = newEmail;
    await shot('email-updated');
  });

  it('changes the password, refusing a wrong current one and the spec rules', async () => {
    const changing = await openAs(passwordUser);
    const current = changing.password;
    const section = card(en.password.title);
    const submit = section.getByRole('button', { name: en.password.submit });
    const fill = async (current: string, next: string, confirm: string) => {
      await section.getByLabel(en.password.current, { exact: true }).fill(current);
      await section.getByLabel(en.password.new, { exact: true }).fill(next);
      await section.getByLabel(en.password.confirm, { exact: true }).fill(confirm);
    };
    await fill(current, NEW_PASSWORD, '');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await fill(current, NEW_PASSWORD, 'different');
    await submit.click();
    await expectBanner(en.validation.passwordsDoNotMatch);
    await fill(current, 'short', 'short');
    await submit.click();
    await expectBanner(en.validation.passwordTooShort);
    await fill('wrong-password', NEW_PASSWORD, NEW_PASSWORD);
    await submit.click();
    await expectBanner(en.messages.currentPasswordIncorrect);
    await shot('password-incorrect');
    await section.getByRole('button', { name: 'Show password' }).first().click();
    await expect(section.getByLabel(en.password.current, { exact: true }).getAttribute('type')).resolves.toBe('text');
    await fill(current, NEW_PASSWORD, NEW_PASSWORD);
    await submit.click();
    await expectBanner(en.messages.passwordUpdated);
    changing.password = NEW_PASSWORD;
    await expect(section.getByLabel(en.password.new, { exact: true }).inputValue()).resolves.toBe('');
    await shot('password-updated');
    await expect(user.client.signIn(email, NEW_PASSWORD)).resolves.toMatch(/^ey/);
  });

  it("sends the signed-in user's own reset e-mail from 'Forgot password'", async () => {
    await openAs(sharedUser);
    const since = Date.now() - 1000;
    await card(en.password.title).getByRole('button', { name: en.password.forgot }).click();
    await expectBanner(en.password.resetSent.replace('{{email}}', email));
    const mail = await user.client.waitForMail(email, /reset/i, since);
    expect(new URL(LocalPortalClient.linkIn(mail)).pathname).toBe('/reset-password');
    await shot('forgot-password');
  });

  it('saves the notification preferences and the timezone', async () => {
    await openAs(sharedUser);
    const notifications = card(en.notifications.title);
    await expect(notifications.getByLabel(en.notifications.emailNotifications).isChecked()).resolves.toBe(true);
    await expect(notifications.getByLabel(en.notifications.apiUsageAlerts).isChecked()).resolves.toBe(true);
    await expect(notifications.getByLabel(en.notifications.marketingEmails).isChecked()).resolves.toBe(false);
    await expect(card(en.regional.title).getByLabel(en.regional.timezone).inputValue()).resolves.toBe('UTC');
    await notifications.getByLabel(en.notifications.emailNotifications).uncheck();
    await notifications.getByLabel(en.notifications.marketingEmails).check();
    await card(en.regional.title).getByLabel(en.regional.timezone).selectOption('Asia/Tokyo');
    await notifications.getByRole('button', { name: en.notifications.submit }).click();
    await expectBanner(en.messages.preferencesSaved);
    await shot('preferences-saved');
    await page.reload();
    await card(en.notifications.title).waitFor();
    await expect(card(en.notifications.title).getByLabel(en.notifications.emailNotifications).isChecked()).resolves.toBe(false);
    await expect(card(en.notifications.title).getByLabel(en.notifications.marketingEmails).isChecked()).resolves.toBe(true);
    await expect(card(en.regional.title).getByLabel(en.regional.timezone).inputValue()).resolves.toBe('Asia/Tokyo');
  });

  it('switches to Arabic at once, right to left, and keeps it for the next sign-in in any browser', async () => {
    await openAs(arabicUser);
    await card(en.regional.title).getByLabel(en.regional.language).selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
    await expect(page.evaluate(() => localStorage.getItem('language'))).resolves.toBe('ar');
    await page.getByRole('heading', { name: ar.title, level: 1 }).waitFor();
    await card(ar.regional.title).getByLabel(ar.regional.timezone).selectOption('Asia/Tokyo');
    await card(ar.regional.title).getByRole('button', { name: ar.regional.submit }).click();
    await expectBanner(ar.messages.preferencesSaved);
    const heading = await page.getByRole('heading', { name: ar.title, level: 1 }).boundingBox();
    expect((heading?.x ?? 0) + (heading?.width ?? 0)).toBeGreaterThan(1280 / 2);
    await shot('arabic');

    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const other = await fresh.newPage();
    await signIn(other, email, { password: FIRST_PASSWORD, landsIn: 'ar' });
    await other.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
    await expect(other.evaluate(() => localStorage.getItem('language'))).resolves.toBe('ar');
    await other.goto(`${endpoints.portal}/settings`);
    await other.getByRole('heading', { name: ar.title, level: 1 }).waitFor();
    await expect(card(ar.regional.title, other).getByLabel(ar.regional.timezone).inputValue()).resolves.toBe('Asia/Tokyo');
    await shot('arabic-fresh-browser', other);
    await fresh.close();
  });

  it('deletes the account only after the confirm and the typed DELETE, then signs out', async () => {
    await openAs(deletedUser);
    const remove = card(en.danger.title).getByRole('button', { name: en.danger.submit });
    const first = answerDialogs(page, [false]);
    await remove.click();
    await expectBanner(en.messages.deletionCancelled);
    expect(first).toEqual([`confirm: ${en.danger.confirm}`]);
    const second = answerDialogs(page, [true, 'delete']);
    await remove.click();
    await expectBanner(en.messages.deletionCancelled);
    expect(second).toEqual([`confirm: ${en.danger.confirm}`, `prompt: ${en.danger.prompt.replace('{{word}}', 'DELETE')}`]);
    await shot('deletion-cancelled');

    answerDialogs(page, [true, 'DELETE']);
    // Timed in the page, where the banner shows and the sign-out leaves: a loaded test runner may see the banner late.
    await page.evaluate((text) => {
      const marks = window as unknown as { bannerAt?: number; leftAt?: number };
      const look = () => {
        if (marks.bannerAt === undefined && document.querySelector('[data-testid="settings-banner"]')?.textContent?.includes(text)) marks.bannerAt = Date.now();
        if (marks.bannerAt !== undefined && marks.leftAt === undefined && window.location.pathname === '/') marks.leftAt = Date.now();
      };
      new MutationObserver(look).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
    }, en.messages.accountDeleted);
    await remove.click();
    await expectBanner(en.messages.accountDeleted);
    await shot('account-deleted');
    await page.waitForURL(`${endpoints.portal}/`);
    const shown = await page.evaluate(() => {
      const marks = window as unknown as { bannerAt?: number; leftAt?: number };
      return (marks.leftAt ?? Number.NaN) - (marks.bannerAt ?? Number.NaN);
    });
    // The message stays readable before the sign-out (SIGN_OUT_AFTER_DELETION_MS, 2 s).
    expect(shown).toBeGreaterThanOrEqual(1500);
    await staysAbsent(page.getByTestId('settings-banner'), 'settings banner once signed out');
    await shot('signed-out-after-deletion');
    await expect(user.client.signIn(email, FIRST_PASSWORD)).rejects.toThrow();
  });
});
