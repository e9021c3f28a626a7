import sharp from 'sharp';
import { confirmedUser, type TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';

const endpoints = testEndpoints();

let alice: TestUser;
let bob: TestUser;

const call = async (user: TestUser, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${endpoints.portalApi}${path}`, {
    method,
    headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** Sends a file through a presigned POST as the browser does: every field, then the file last. */
async function postUpload(upload: { url: string; fields: Record<string, string> }, file: Buffer, type: string): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type }), 'picture');
  const response = await fetch(upload.url, { method: 'POST', body: form });
  await response.arrayBuffer();
  return response.status;
}

async function uploadPicture(user: TestUser, file: Buffer, type = 'image/png') {
  const ticket = await call(user, 'POST', '/profile-picture/upload', { content_type: type, size: file.length });
  expect(ticket.status).toBe(200);
  const upload = ticket.body as { url: string; fields: Record<string, string>; key: string };
  return { key: upload.key, posted: await postUpload(upload, file, type) };
}

beforeAll(async () => {
  [alice, bob] = await Promise.all([confirmedUser(endpoints, 'profile'), confirmedUser(endpoints, 'profile')]);
});

describe('profile and preferences', () => {
  it('answers the spec defaults before any save, then saves the username and the settings', async () => {
    const initial = await call(alice, 'GET', '/profile');
    expect(initial.body).toMatchObject({ email: alice.email, username: null, email_notifications: true, api_usage_alerts: true, marketing_emails: false, language: 'en', timezone: 'UTC', updated_at: null });
    const saved = await call(alice, 'PUT', '/profile', { username: '  Alice  ' });
    expect(saved.body).toMatchObject({ username: 'Alice' });
    expect(saved.body.updated_at).not.toBeNull();
    const prefs = await call(alice, 'PUT', '/preferences', { email_notifications: false, api_usage_alerts: true, marketing_emails: true, language: 'ar', timezone: 'Asia/Tokyo' });
    expect(prefs.body).toMatchObject({ username: 'Alice', email_notifications: false, marketing_emails: true, language: 'ar', timezone: 'Asia/Tokyo' });
    expect((await call(alice, 'GET', '/profile')).body).toMatchObject({ language: 'ar', username: 'Alice' });
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const before = (await call(bob, 'GET', '/profile')).body;
    const valid = { email_notifications: true, api_usage_alerts: true, marketing_emails: false, language: 'en', timezone: 'UTC' };
    for (const [path, body, param] of [
      ['/profile', { username: 'x', user_id: 'someone-else' }, 'body'],
      ['/profile', { username: 42 }, 'username'],
      ['/profile', { username: 'x'.repeat(51) }, 'username'],
      ['/preferences', { ...valid, language: 'fr' }, 'language'],
      ['/preferences', { ...valid, timezone: 'Mars/Olympus' }, 'timezone'],
      ['/preferences', { ...valid, marketing_emails: 'yes' }, 'marketing_emails'],
      ['/preferences', { ...valid, userId: alice.email }, 'body'],
      ['/preferences', '{not json', 'body'],
    ] as const) {
      const answer = await call(bob, 'PUT', path, body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.error).toBe('string');
      if (param !== 'body') expect(String(answer.body.error)).toContain(param);
    }
    expect((await call(bob, 'GET', '/profile')).body).toEqual(before);
  });
});

describe('profile pictures', () => {
  it('stores a re-encoded JPEG without metadata, served same-origin, and removes the old one', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 10, g: 200, b: 60, alpha: 1 } } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'private-camera-owner' } } })
      .toBuffer();
    const first = await uploadPicture(alice, png);
    expect(first.posted).toBe(204);
    const confirmed = await call(alice, 'POST', '/profile-picture/confirm', { key: first.key });
    expect(confirmed.status).toBe(200);
    const url = String(confirmed.body.profile_picture_url);
    expect(url.startsWith(`${endpoints.portal}/profile-pictures/`)).toBe(true);
    const served = await fetch(url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    expect(bytes.includes(Buffer.from('private-camera-owner'))).toBe(false);
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);

    const second = await uploadPicture(alice, png);
    const replaced = await call(alice, 'POST', '/profile-picture/confirm', { key: second.key });
    expect(replaced.body.profile_picture_url).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);

    const removed = await call(alice, 'DELETE', '/profile-picture');
    expect(removed.body).toMatchObject({ profile_picture_url: null, profile_picture_path: null });
    expect((await fetch(String(replaced.body.profile_picture_url))).status).toBe(404);
  });

  it('refuses a non-image renamed .jpg, oversize files, and other users’ uploads', async () => {
    const fake = await uploadPicture(bob, Buffer.from('%PDF-1.7 this is not a picture at all'), 'image/jpeg');
    const refused = await call(bob, 'POST', '/profile-picture/confirm', { key: fake.key });
    expect(refused).toEqual({ status: 400, body: { error: 'Please upload an image file' } });
    expect((await call(bob, 'GET', '/profile')).body.profile_picture_url).toBeNull();

    const tooBig = await call(bob, 'POST', '/profile-picture/upload', { content_type: 'image/png', size: 5 * 1024 * 1024 + 1 });
    expect(tooBig).toEqual({ status: 400, body: { error: 'Image size must be less than 5MB' } });
    expect((await call(bob, 'POST', '/profile-picture/upload', { content_type: 'application/pdf', size: 10 })).body).toEqual({ error: 'Please upload an image file' });
    // Storage itself refuses a body over the policy's 5 MB, whatever size the client announced.
    const ticket = (await call(bob, 'POST', '/profile-picture/upload', { content_type: 'image/png', size: 100 })).body as { url: string; fields: Record<string, string> };
    expect(await postUpload(ticket, Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'image/png')).toBe(400);

    const alices = await uploadPicture(alice, await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer());
    expect((await call(bob, 'POST', '/profile-picture/confirm', { key: alices.key })).status).toBe(404);
    expect((await call(bob, 'POST', '/profile-picture/confirm', { key: '../../etc/passwd' })).status).toBe(404);
  });
});
