import type { JsonSchema, OperationSpec } from '../src/operation-spec';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface Operation {
  operationId: string;
  summary?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

interface Document {
  security?: unknown[];
  paths: Record<string, Record<string, Operation>>;
}

/**
 * Every operation of the document as data: its method and path, where each
 * parameter goes, and one JSON Schema for all of its inputs (path, query and
 * JSON body together), which is what an MCP tool announces as its input.
 */
export function operationTable(document: Document): OperationSpec[] {
  const table: OperationSpec[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters ?? [];
      const named = (where: Parameter['in']) => parameters.filter((p) => p.in === where).map((p) => p.name);
      const content = operation.requestBody?.content ?? {};
      const jsonBody = content['application/json']?.schema;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const parameter of parameters.filter((p) => p.in !== 'header')) {
        properties[parameter.name] = { ...parameter.schema, ...(parameter.description ? { description: parameter.description } : {}) };
        if (parameter.required) required.push(parameter.name);
      }
      Object.assign(properties, (jsonBody?.properties as Record<string, JsonSchema> | undefined) ?? {});
      required.push(...((jsonBody?.required as string[] | undefined) ?? []));
      table.push({
        id: operation.operationId,
        method: method.toUpperCase() as OperationSpec['method'],
        path,
        summary: operation.summary ?? '',
        keyed: (operation.security ?? document.security ?? []).length > 0,
        pathParams: named('path'),
        queryParams: named('query'),
        headerParams: named('header'),
        body: 'multipart/form-data' in content ? 'form' : jsonBody ? 'json' : 'none',
        input: { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false },
      });
    }
  }
  return table;
}
