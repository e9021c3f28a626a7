import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as z from 'zod';
import { generateApiKeyRequestSchema } from '../../features/api-keys/contracts/api-keys';
import { pictureUploadRequestSchema, updatePreferencesRequestSchema, updateProfileRequestSchema } from '../../features/profiles/contracts/profile';
import { ValidationError } from '../domain/errors';
import { parseJsonBody } from './json-body';

function event(body: string | Buffer | null, contentType?: string): APIGatewayProxyEvent {
  return {
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    body: body === null ? null : Buffer.from(body).toString('base64'),
    isBase64Encoded: true,
  } as unknown as APIGatewayProxyEvent;
}

function refusal(run: () => unknown): { message: string; param: string | undefined } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return { message: (error as ValidationError).message, param: (error as ValidationError).param };
  }
  throw new Error('expected a refusal');
}

const lenient = z.object({ name: z.string() });

describe('parseJsonBody: the one rule of the JSON routes', () => {
  it('reads a JSON object sent as application/json, with or without charset=utf-8', () => {
    expect(parseJsonBody(event('{"name":"ci"}', 'application/json'), generateApiKeyRequestSchema)).toEqual({ name: 'ci' });
    expect(parseJsonBody(event('{"name":"ci"}', 'Application/JSON; charset=UTF-8'), generateApiKeyRequestSchema)).toEqual({ name: 'ci' });
  });

  it.each(['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', '*/*'])(
    'refuses a body sent as %s, naming Content-Type',
    (contentType) => {
      expect(refusal(() => parseJsonBody(event('{"name":"ci"}', contentType), generateApiKeyRequestSchema))).toEqual({
        message: 'Send the request body as JSON, with Content-Type: application/json.',
        param: 'Content-Type',
      });
    },
  );

  it('refuses a body without any Content-Type', () => {
    expect(refusal(() => parseJsonBody(event('{"name":"ci"}'), generateApiKeyRequestSchema)).param).toBe('Content-Type');
  });

  it.each(['utf-16', 'iso-8859-1', 'x-unknown'])('refuses charset=%s in our own words', (charset) => {
    const { message, param } = refusal(() => parseJsonBody(event('{"name":"ci"}', `application/json; charset=${charset}`), generateApiKeyRequestSchema));
    expect(param).toBe('Content-Type');
    expect(message).toBe(`The charset "${charset}" is not supported; send JSON as UTF-8.`);
  });

  it('reads an empty request without a Content-Type as an empty object', () => {
    expect(refusal(() => parseJsonBody(event(null), generateApiKeyRequestSchema)).message).toBe('name is required');
  });

  it('refuses unknown fields on every schema, strict or not, naming the field', () => {
    expect(refusal(() => parseJsonBody(event('{"name":"ci","admin":true}', 'application/json'), generateApiKeyRequestSchema))).toEqual({
      message: 'Unknown field "admin": this request takes name, mode, expires_at.',
      param: 'admin',
    });
    expect(refusal(() => parseJsonBody(event('{"name":"ci","extra":1}', 'application/json'), lenient)).param).toBe('extra');
    expect(refusal(() => parseJsonBody(event('{"username":"a","user_id":"x"}', 'application/json'), updateProfileRequestSchema)).message).toBe(
      'Unknown field "user_id": this request takes username.',
    );
  });

  it('never repeats an unknown field name that could carry markup or controls', () => {
    const { message } = refusal(() => parseJsonBody(event(JSON.stringify({ name: 'ci', '<img src=x>\u202E': 1 }), 'application/json'), generateApiKeyRequestSchema));
    expect(message).toBe('Unknown field with an unexpected name: this request takes name, mode, expires_at.');
    expect(refusal(() => parseJsonBody(event('{"name":"ci","__proto__":{"admin":true}}', 'application/json'), generateApiKeyRequestSchema)).param).toBe('__proto__');
  });

  it("keeps the schema's own messages and words zod's defaults as ours, naming the field", () => {
    expect(refusal(() => parseJsonBody(event('{"name":5}', 'application/json'), generateApiKeyRequestSchema)).message).toBe('name must be text');
    expect(refusal(() => parseJsonBody(event('{"size":10}', 'application/json'), pictureUploadRequestSchema))).toEqual({ message: 'content_type is required', param: 'content_type' });
    expect(refusal(() => parseJsonBody(event('{"content_type":"image/png","size":"big"}', 'application/json'), pictureUploadRequestSchema))).toEqual({
      message: 'size must be a number',
      param: 'size',
    });
    const preferences = { email_notifications: true, api_usage_alerts: true, marketing_emails: false, language: 'en', timezone: 'Mars/Olympus' };
    expect(refusal(() => parseJsonBody(event(JSON.stringify(preferences), 'application/json'), updatePreferencesRequestSchema)).param).toBe('timezone');
  });

  it('refuses what is not JSON or not an object', () => {
    expect(refusal(() => parseJsonBody(event('{', 'application/json'), generateApiKeyRequestSchema)).message).toBe('The request body must be JSON.');
    expect(refusal(() => parseJsonBody(event('[1]', 'application/json'), lenient))).toEqual({ message: 'The request body must be a JSON object.', param: 'body' });
  });
});
