/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import { testEndpoints } from '../support/endpoints';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { signedUpUserWithKey } from '../support/product-user';
import { launchBrowser } from './browser';

/**
 * A multipart upload from a web page, as a customer's web app sends its
 * users' files: the page's origin is not the API's nor storage's, it PUTs
 * the parts to the URLs the API signed and reads each ETag back (storage's
 * CORS exposes it), and the upload completes with those ETags.
 */

const endpoints = testEndpoints();
const MiB = 1024 ** 2;
let browser: Browser;
let apiKey: string;
let fixtures: FixtureServer;

beforeAll(async () => {
  [browser, apiKey, fixtures] = await Promise.all([launchBrowser(), signedUpUserWithKey(endpoints, 'elite'), startFixtureServer()]);
  fixtures.serve('/app.html', Buffer.from('<!doctype html><title>A customer app</title>'), 'text/html; charset=utf-8');
});

afterAll(async () => {
  await Promise.all([browser?.close(), fixtures?.close()]);
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${endpoints.productApi}${path}`, { ...init, headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) } });

describe('a browser page', () => {
  it('uploads a file in parts straight to storage and reads every ETag', async () => {
    const size = 17 * MiB + 123;
    const created = await api('/uploads', { method: 'POST', body: JSON.stringify({ file_name: 'from-browser.bin', content_type: 'application/octet-stream', size, upload_type: 'multipart' }) });
    expect(created.status).toBe(201);
    const ticket = (await created.json()) as { file_id: string; part_size: number; part_urls: { part_number: number; upload_url: string }[] };
    expect(ticket.part_urls).toHaveLength(2);

    const page = await browser.newPage();
    // A page of its own origin, neither the API's nor storage's: a customer's web app.
    await page.goto(`${fixtures.origin}/app.html`);
    const etags = await page.evaluate(
      async ({ urls, partSize, total }) => {
        const file = new Uint8Array(total).map((_, i) => i % 251);
        const sent: { part_number: number; etag: string | null }[] = [];
        for (const { part_number, upload_url } of urls) {
          const body = file.slice((part_number - 1) * partSize, part_number * partSize);
          const answer = await fetch(upload_url, { method: 'PUT', body });
          if (!answer.ok) throw new Error(`part ${part_number}: ${answer.status}`);
          sent.push({ part_number, etag: answer.headers.get('ETag') });
        }
        return sent;
      },
      { urls: ticket.part_urls, partSize: ticket.part_size, total: size },
    );
    await page.close();
    expect(etags.every((part) => typeof part.etag === 'string' && part.etag.length > 2)).toBe(true);

    const completed = await api(`/uploads/${ticket.file_id}/complete`, { method: 'POST', body: JSON.stringify({ parts: etags }) });
    expect(completed.status).toBe(200);
    expect(await completed.json()).toMatchObject({ status: 'completed', size });
  });
});
