import * as z from 'zod';

/**
 * The parts of the product API's OpenAPI 3.1 document that the docs page
 * renders. Everything else in the document is let through untouched, so a
 * new keyword on the server does not break the page.
 */

/** A JSON Schema as far as the parameter list and the examples read it. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  description?: string;
  default?: unknown;
  const?: unknown;
  enum?: unknown[];
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  $ref?: string;
}

export const jsonSchemaSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z
    .object({
      type: z.union([z.string(), z.array(z.string())]).optional(),
      format: z.string().optional(),
      description: z.string().optional(),
      default: z.unknown().optional(),
      const: z.unknown().optional(),
      enum: z.array(z.unknown()).optional(),
      examples: z.array(z.unknown()).optional(),
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      exclusiveMinimum: z.number().optional(),
      exclusiveMaximum: z.number().optional(),
      minLength: z.number().optional(),
      maxLength: z.number().optional(),
      minItems: z.number().optional(),
      maxItems: z.number().optional(),
      pattern: z.string().optional(),
      items: jsonSchemaSchema.optional(),
      anyOf: z.array(jsonSchemaSchema).optional(),
      oneOf: z.array(jsonSchemaSchema).optional(),
      properties: z.record(z.string(), jsonSchemaSchema).optional(),
      required: z.array(z.string()).optional(),
      $ref: z.string().optional(),
    })
    .loose(),
);

const parameterSchema = z
  .object({
    name: z.string(),
    in: z.enum(['path', 'query', 'header', 'cookie']),
    required: z.boolean().optional(),
    description: z.string().optional(),
    schema: jsonSchemaSchema.optional(),
  })
  .loose();

const mediaTypeSchema = z.object({ schema: jsonSchemaSchema.optional(), example: z.unknown().optional() }).loose();

const responseSchema = z
  .object({
    description: z.string().optional(),
    content: z.record(z.string(), mediaTypeSchema).optional(),
    headers: z.record(z.string(), z.object({ description: z.string().optional() }).loose()).optional(),
  })
  .loose();

/** `x-plans` of one operation: whether it is a beta feature, and which parameters need a higher plan. */
const operationPlansSchema = z
  .object({
    beta: z.boolean().default(false),
    rules: z.array(z.object({ param: z.string(), feature: z.string(), min_tier: z.string() }).loose()).default([]),
  })
  .loose();

const operationSchema = z
  .object({
    operationId: z.string().optional(),
    summary: z.string().optional(),
    description: z.string().optional(),
    security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
    parameters: z.array(parameterSchema).optional(),
    requestBody: z.object({ required: z.boolean().optional(), content: z.record(z.string(), mediaTypeSchema) }).loose().optional(),
    responses: z.record(z.string(), responseSchema).default({}),
    'x-plans': operationPlansSchema.optional(),
  })
  .loose();

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

const pathItemSchema = z.object(Object.fromEntries(HTTP_METHODS.map((method) => [method, operationSchema.optional()])) as Record<HttpMethod, z.ZodOptional<typeof operationSchema>>).loose();

/** The top-level `x-plans`: the plans in ascending order, with their per-minute limit (null: none). */
const planSchema = z.object({ tier: z.string(), name: z.string(), requests_per_minute: z.number().nullable() }).loose();

export const openApiDocumentSchema = z
  .object({
    openapi: z.string().startsWith('3.'),
    info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }).loose(),
    servers: z.array(z.object({ url: z.string() }).loose()).default([]),
    'x-plans': z.array(planSchema).default([]),
    paths: z.record(z.string(), pathItemSchema),
    components: z.object({ schemas: z.record(z.string(), jsonSchemaSchema).optional() }).loose().optional(),
  })
  .loose();

export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
export type Operation = z.infer<typeof operationSchema>;
export type OperationParameter = z.infer<typeof parameterSchema>;
export type ApiResponse = z.infer<typeof responseSchema>;
export type MediaType = z.infer<typeof mediaTypeSchema>;
export type PlanLimit = z.infer<typeof planSchema>;
