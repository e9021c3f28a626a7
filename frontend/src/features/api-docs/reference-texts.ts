import * as z from 'zod';
import { endpointsOf, requestBodyOf } from './endpoints';
import { errorShapeOf } from './error-shape';
import type { OpenApiDocument, Operation } from './openapi-schema';

/**
 * The reference's words in the reader's language. The OpenAPI document stays
 * English (it is also read by programs); the page takes each operation's
 * summary, its parameters' notes, its answers' notes and the plan features
 * from the locale's `reference` texts, keyed by operation id. A parameter,
 * answer or feature that reads the same on many operations is written once
 * under its name or status, and an operation overrides it where it differs.
 */

const texts = z.record(z.string(), z.string());

const operationTextsSchema = z.object({
  summary: z.string().optional(),
  params: texts.optional(),
  responses: texts.optional(),
  planFeatures: texts.optional(),
});

export const referenceTextsSchema = z.object({
  operations: z.record(z.string(), operationTextsSchema).default({}),
  params: texts.default({}),
  responses: texts.default({}),
  planFeatures: texts.default({}),
  errorFields: texts.default({}),
});

export type ReferenceTexts = z.infer<typeof referenceTextsSchema>;

export const NO_TEXTS: ReferenceTexts = { operations: {}, params: {}, responses: {}, planFeatures: {}, errorFields: {} };

const own = (texts: ReferenceTexts, operation: Operation) => (operation.operationId ? texts.operations[operation.operationId] : undefined);

export function summaryText(texts: ReferenceTexts, operation: Operation): string | undefined {
  return own(texts, operation)?.summary;
}

export function paramText(texts: ReferenceTexts, operation: Operation, name: string): string | undefined {
  return own(texts, operation)?.params?.[name] ?? texts.params[name];
}

export function responseText(texts: ReferenceTexts, operation: Operation, status: string): string | undefined {
  return own(texts, operation)?.responses?.[status] ?? texts.responses[status];
}

export function planFeatureText(texts: ReferenceTexts, operation: Operation, param: string): string | undefined {
  return own(texts, operation)?.planFeatures?.[param] ?? texts.planFeatures[param];
}

export function errorFieldText(texts: ReferenceTexts, field: string): string | undefined {
  return texts.errorFields[field];
}

/** Every text the page needs for `doc` that `texts` lacks, named so that a missing one is easy to add. */
export function missingTexts(doc: OpenApiDocument, texts: ReferenceTexts): string[] {
  const missing: string[] = [];
  for (const { method, path, operation } of endpointsOf(doc)) {
    const id = operation.operationId;
    const where = `${method.toUpperCase()} ${path}`;
    if (!id) {
      missing.push(`${where}: no operationId to key its texts by`);
      continue;
    }
    if (!summaryText(texts, operation)) missing.push(`operations.${id}.summary`);
    const body = requestBodyOf(operation)?.schema.properties ?? {};
    const names = [...(operation.parameters ?? []).map((p) => p.name), ...Object.keys(body)];
    for (const name of names) if (!paramText(texts, operation, name)) missing.push(`params.${name} (or operations.${id}.params.${name})`);
    for (const status of Object.keys(operation.responses)) {
      if (!responseText(texts, operation, status)) missing.push(`responses.${status} (or operations.${id}.responses.${status})`);
    }
    for (const rule of operation['x-plans']?.rules ?? []) {
      if (!planFeatureText(texts, operation, rule.param)) missing.push(`planFeatures.${rule.param} (or operations.${id}.planFeatures.${rule.param})`);
    }
  }
  for (const [field] of errorShapeOf(doc).fields) if (!errorFieldText(texts, field)) missing.push(`errorFields.${field}`);
  return [...new Set(missing)];
}
