import { ValidationError } from '../domain/errors';

/** The charset a JSON body may declare: JSON is UTF-8 (RFC 8259), and we read nothing else. */
const UTF8 = /^utf-?8$/i;

const charsetOf = (contentType: string) => /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType)?.[1];

/** A JSON body's declared charset, refused unless UTF-8. */
export function assertJsonCharset(contentType: string): void {
  const charset = charsetOf(contentType);
  if (charset !== undefined && !UTF8.test(charset)) {
    throw new ValidationError(`The charset "${charset.replace(/[^\w.:-]/g, '').slice(0, 40)}" is not supported; send JSON as UTF-8.`, { param: 'Content-Type' });
  }
}

/**
 * The content type of every JSON route: `application/json`, in UTF-8. A
 * request without a body may leave it out (it reads as `{}`).
 */
export function assertJsonContentType(contentType: string | undefined, hasBody: boolean): void {
  if (!contentType && !hasBody) return;
  if (!contentType || !/^application\/json\s*(;|$)/i.test(contentType.trim())) {
    throw new ValidationError('Send the request body as JSON, with Content-Type: application/json.', { param: 'Content-Type' });
  }
  assertJsonCharset(contentType);
}
