import type { z } from 'zod';

/**
 * What zod found wrong with a field, in words that read after the field's
 * name ("w must be at least 2"). zod's own sentences ("Invalid input:
 * expected string, received undefined") never reach a client.
 */
export function describeIssue(issue: z.core.$ZodIssue | z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'array' ? `needs at least ${String(issue.minimum)} items` : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'array' ? `takes at most ${String(issue.maximum)} items` : `must be at most ${String(issue.maximum)}`;
    case 'invalid_type':
      return issue.expected === 'int' ? 'must be a whole number' : `must be a ${issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    default: {
      const message = typeof issue.message === 'string' ? issue.message : '';
      return !message || /^Invalid\b|\breceived\b/.test(message) ? 'is not valid' : message;
    }
  }
}

/**
 * A client's field name as our messages repeat it: as sent when it is a
 * plain name, else described, so a message never carries the caller's
 * markup, control or direction characters, or a flood of text.
 */
export const fieldLabel = (name: string): string => (/^[A-Za-z0-9_.[\]-]{1,64}$/.test(name) ? name : 'a field with an unexpected name');
