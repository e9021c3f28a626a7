import type { Endpoint } from '../endpoints';
import { exampleRequestOf, type ExampleRequest, type FormField } from '../examples/example-request';
import type { SampleKind, TryItField, TryItForm } from './try-it-form';

/** The portal's own samples, served beside the SPA (public/samples). */
export const SAMPLES: Readonly<Record<SampleKind, { path: string; fileName: string }>> = {
  video: { path: '/samples/sample.mp4', fileName: 'sample.mp4' },
  audio: { path: '/samples/sample.m4a', fileName: 'sample.m4a' },
};

/** An upload field's choice: the portal's sample, the user's own files, or nothing. */
export type FileChoice = { source: 'sample' } | { source: 'own'; files: File[] } | { source: 'none' };

export interface TryItValues {
  text: Record<string, string>;
  files: Record<string, FileChoice>;
}

export const initialValues = (form: TryItForm): TryItValues => ({
  text: Object.fromEntries(form.fields.filter((f) => f.kind !== 'file' && f.kind !== 'files').map((f) => [f.name, f.initial])),
  files: Object.fromEntries(form.fields.filter((f) => f.kind === 'file' || f.kind === 'files').map((f) => [f.name, f.initial === 'sample' ? { source: 'sample' } : { source: 'none' }])),
});

/** One value a field sends: a text, or a file by name (its bytes come from `FileChoice`). */
interface Part {
  name: string;
  value: string;
  file?: { sample: SampleKind } | { own: File };
}

const linesOf = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

function partsOf(field: TryItField, values: TryItValues): Part[] {
  if (field.kind === 'file' || field.kind === 'files') {
    const choice = values.files[field.name] ?? { source: 'none' };
    const sample = SAMPLES[field.sample ?? 'video'];
    // A list of uploads (merge) needs two: the sample goes twice.
    if (choice.source === 'sample') return (field.kind === 'files' ? [0, 1] : [0]).map(() => ({ name: field.name, value: sample.fileName, file: { sample: field.sample ?? 'video' } }));
    if (choice.source === 'own') return choice.files.map((own) => ({ name: field.name, value: own.name, file: { own } }));
    return [];
  }
  const text = (values.text[field.name] ?? '').trim();
  if (text === '') return [];
  return field.kind === 'list' ? linesOf(text).map((value) => ({ name: field.name, value })) : [{ name: field.name, value: text }];
}

const jsonValue = (field: TryItField, value: string): unknown => {
  if (field.kind === 'number') return Number(value);
  if (field.kind === 'flag') return value === 'true';
  return value;
};

/**
 * The request the form describes, in the shape the docs' examples are written
 * from, so the console's curl and SDK code are those of the very request it
 * sends. `apiKey` is what the code shows (masked unless revealed).
 */
export function tryItRequestOf(endpoint: Endpoint, form: TryItForm, values: TryItValues, baseUrl: string, apiKey: string): ExampleRequest {
  const base = exampleRequestOf(endpoint, baseUrl, apiKey);
  const byLocation = (location: TryItField['location']) => form.fields.filter((f) => f.location === location).flatMap((f) => partsOf(f, values).map((part) => ({ field: f, part })));
  let path = endpoint.path;
  const params: [string, string][] = [];
  for (const { part } of byLocation('path')) {
    path = path.replace(`{${part.name}}`, encodeURIComponent(part.value));
    params.push([part.name, part.value]);
  }
  const query = byLocation('query').map(({ part }) => {
    params.push([part.name, part.value]);
    return `${encodeURIComponent(part.name)}=${encodeURIComponent(part.value)}`;
  });
  const headers: [string, string][] = [['X-API-Key', apiKey], ...byLocation('header').map(({ part }): [string, string] => [part.name, part.value])];
  const body = byLocation('body');
  return {
    ...base,
    url: `${baseUrl}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`,
    params,
    headers,
    body:
      form.body === 'multipart'
        ? { kind: 'form', fields: body.map(({ part }): FormField => ({ name: part.name, value: part.value, file: part.file !== undefined })) }
        : form.body === 'json'
          ? { kind: 'json', value: Object.fromEntries(body.map(({ field, part }) => [part.name, jsonValue(field, part.value)])) }
          : { kind: 'none' },
  };
}

/** The body as the browser sends it: the same fields in the same order, the files' bytes fetched from the portal or taken from the user's picks. */
export async function tryItBody(form: TryItForm, values: TryItValues, loadSample: (kind: SampleKind) => Promise<Blob>): Promise<BodyInit | undefined> {
  const body = form.fields.filter((f) => f.location === 'body').flatMap((f) => partsOf(f, values).map((part) => ({ field: f, part })));
  if (form.body === 'json') return JSON.stringify(Object.fromEntries(body.map(({ field, part }) => [part.name, jsonValue(field, part.value)])));
  if (form.body !== 'multipart') return undefined;
  const data = new FormData();
  for (const { part } of body) {
    if (!part.file) data.append(part.name, part.value);
    else if ('own' in part.file) data.append(part.name, part.file.own, part.file.own.name);
    else data.append(part.name, await loadSample(part.file.sample), part.value);
  }
  return data;
}

/** A key as the keys page shows it: its first 8 characters, an ellipsis and its last 4. */
export const maskKey = (key: string): string => (key.length > 12 ? `${key.slice(0, 8)}…${key.slice(-4)}` : key);
