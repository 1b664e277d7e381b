// The OpenAPI document as the suites that walk every route read it: the shapes they use, the operations, `$ref`s.
import type { FastifyInstance } from 'fastify';

export type Schema = Record<string, unknown>;

export interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** The document the server publishes (GET /api/docs/json). */
export async function openApiDocument(app: FastifyInstance): Promise<Schema> {
  return (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}

/** The component schema a `$ref` ("#/components/schemas/Name") points to; undefined when the document has none. */
export function component(ref: string, doc: Schema): Schema | undefined {
  const components = (doc.components as { schemas?: Record<string, Schema> } | undefined)?.schemas ?? {};
  return components[ref.split('/').pop() as string];
}

/** Every operation of the API as [path, method, operation], the documentation's own routes left out. */
export function* operations(doc: Schema): Generator<[string, string, Operation]> {
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(methods)) yield [path, method, operation];
  }
}
