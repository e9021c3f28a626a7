import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ValidationError } from '../../../kernel/domain/errors';
import { header } from '../../../kernel/http/request';

/**
 * The caller's own ElevenLabs key, from a field when the body had one, else
 * from the `X-ElevenLabs-Key` header; undefined when neither was sent.
 */
export function elevenLabsKeyOf(event: APIGatewayProxyEvent, field?: string): string | undefined {
  const key = field ?? header(event, 'x-elevenlabs-key')?.trim();
  if (key !== undefined && (key === '' || key.length > 200)) {
    throw new ValidationError('X-ElevenLabs-Key must be your ElevenLabs API key.', { param: 'X-ElevenLabs-Key' });
  }
  return key;
}
