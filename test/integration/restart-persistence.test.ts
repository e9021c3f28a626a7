import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import { makeTestVideo } from '../support/media';
import { waitForTask } from '../support/product-user';
import { startStackProcess } from '../support/stack-process';

/** Stopping and starting again (on other free ports) keeps every account, key, job and file, and invoice links follow the new ports. */
describe('local stack restart', () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'frameforge-restart-'));
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

  it('keeps the user, the key and the finished task with its file', async () => {
    const email = 'restart@example.com';
    const password = 'secret-pass';
    const videoPath = join(stateDir, 'input.mp4');
    await makeTestVideo(videoPath, 3);

    const first = await startStackProcess(stateDir);
    let key: string;
    let taskId: string;
    try {
      const client = await LocalPortalClient.connect(first.endpoints);
      const since = Date.now() - 1000;
      await client.signUp(email, password);
      await client.confirmFromInbox(email, since);
      const token = await client.signIn(email, password);
      await client.subscribe(token, 'elite');
      key = (await client.createApiKey(token, 'restart')).key;
      const form = new FormData();
      form.append('duration', '1');
      form.append('file', new Blob([new Uint8Array(readFileSync(videoPath))]), 'input.mp4');
      const accepted = await fetch(`${first.endpoints.productApi}/cut`, { method: 'POST', headers: { 'X-API-Key': key }, body: form });
      taskId = ((await accepted.json()) as { task_id: string }).task_id;
      const task = await waitForTask(first.endpoints.productApi, key, `/task/${taskId}`, 30_000);
      expect(task.status).toBe('completed');
    } finally {
      await first.stop();
    }

    const second = await startStackProcess(stateDir);
    try {
      const client = await LocalPortalClient.connect(second.endpoints);
      const token = await client.signIn(email, password);
      const keys = await fetch(`${second.endpoints.portalApi}/api-keys`, { headers: { Authorization: `Bearer ${token}` } });
      expect(((await keys.json()) as { active_count: number }).active_count).toBe(1);
      // The subscription lives on in both the tables and the billing sandbox.
      const { subscription } = await client.getSubscription(token);
      expect(subscription).toMatchObject({ tier: 'elite', active: true });
      // Invoice links are on the sandbox's new address, and open there.
      const listed = await fetch(`${second.endpoints.portalApi}/invoices`, { headers: { Authorization: `Bearer ${token}` } });
      const [invoice] = ((await listed.json()) as { invoices: { hosted_invoice_url: string | null; invoice_pdf: string | null }[] }).invoices;
      expect(invoice?.hosted_invoice_url?.startsWith(`${second.endpoints.billing}/invoice/`)).toBe(true);
      expect((await fetch(invoice?.hosted_invoice_url ?? '')).status).toBe(200);
      expect((await fetch(invoice?.invoice_pdf ?? '')).headers.get('content-type')).toBe('application/pdf');
      const task = await fetch(`${second.endpoints.productApi}/task/${taskId}`, { headers: { 'X-API-Key': key } });
      expect(task.status).toBe(200);
      expect(((await task.json()) as { status: string }).status).toBe('completed');
      const download = await fetch(`${second.endpoints.productApi}/task/${taskId}/download`, { headers: { 'X-API-Key': key } });
      expect(download.status).toBe(200);
      expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    } finally {
      await second.stop();
    }
  });
});
