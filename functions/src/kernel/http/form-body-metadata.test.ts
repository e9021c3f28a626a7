import type { APIGatewayProxyEvent } from 'aws-lambda';
import { cutRequestSchema, frameLastRequestSchema } from '../../features/jobs/contracts/requests/media-requests';
import { parseFormBody } from './form-body';
import { parseRequest } from './product/request-validation';

const event = (contentType: string, body: string): APIGatewayProxyEvent =>
  ({ headers: { 'Content-Type': contentType }, body: Buffer.from(body).toString('base64'), isBase64Encoded: true }) as unknown as APIGatewayProxyEvent;
const form = (fields: string) => parseFormBody(event('application/x-www-form-urlencoded', fields), { maxFileBytes: 1024 });
const json = (body: unknown) => parseFormBody(event('application/json', JSON.stringify(body)), { maxFileBytes: 1024 });
const fileId = 'upl_abcdefghijklmnopqrstuvwx';

async function refusal(values: Promise<Record<string, unknown>>): Promise<{ code: string; param: string; message: string }> {
  try {
    parseRequest(cutRequestSchema, await values);
  } catch (error) {
    return error as { code: string; param: string; message: string };
  }
  throw new Error('accepted');
}

describe('metadata in request bodies', () => {
  it('gathers metadata[key]=value form fields into the one object a JSON body sends', async () => {
    const fromForm = parseRequest(cutRequestSchema, await form(`file_id=${fileId}&metadata%5Border_id%5D=A1&metadata[user]=u%207`));
    const fromJson = parseRequest(cutRequestSchema, await json({ file_id: fileId, metadata: { order_id: 'A1', user: 'u 7' } }));
    expect(fromForm.metadata).toEqual({ order_id: 'A1', user: 'u 7' });
    expect(fromJson.metadata).toEqual(fromForm.metadata);
    expect(parseRequest(frameLastRequestSchema, await form(`file_id=${fileId}&metadata[order_id]=A1`)).metadata).toEqual({ order_id: 'A1' });
  });

  it('is optional, and absent when not sent', async () => {
    expect(parseRequest(cutRequestSchema, await form(`file_id=${fileId}`)).metadata).toBeUndefined();
  });

  it('keeps form keys named like prototypes as plain pairs', async () => {
    const parsed = parseRequest(cutRequestSchema, await form(`file_id=${fileId}&metadata[constructor]=c&metadata[hasOwnProperty]=h`));
    expect(parsed.metadata).toEqual({ constructor: 'c', hasOwnProperty: 'h' });
    expect(Object.getPrototypeOf(parsed.metadata)).toBe(Object.prototype);
  });

  it.each([
    ['a value over 500 characters', `metadata[order_id]=${'x'.repeat(501)}`, 'metadata[order_id]'],
    ['a key over 40 characters', `metadata[${'k'.repeat(41)}]=1`, 'metadata'],
    ['an empty key', 'metadata[]=1', 'metadata'],
    ['a key sent twice', 'metadata[a]=1&metadata[a]=2', 'metadata[a]'],
    ['metadata both ways', 'metadata=x&metadata[a]=1', 'metadata'],
    ['a plain text metadata', 'metadata=order_id', 'metadata'],
    ['51 keys', Array.from({ length: 51 }, (_, i) => `metadata[k${i}]=v`).join('&'), 'metadata'],
  ])('refuses %s in a form with a 400 naming %s', async (_what, fields, param) => {
    expect(await refusal(form(`file_id=${fileId}&${fields}`))).toMatchObject({ code: 'invalid_request', param });
  });

  it.each([
    ['a list', ['A1'], 'metadata'],
    ['a number value', { order_id: 7 }, 'metadata[order_id]'],
    ['a nested object', { order: { id: 'A1' } }, 'metadata[order]'],
  ])('refuses %s in JSON with a 400 naming %s', async (_what, metadata, param) => {
    expect(await refusal(json({ file_id: fileId, metadata }))).toMatchObject({ code: 'invalid_request', param });
  });
});
