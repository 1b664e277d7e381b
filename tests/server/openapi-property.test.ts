import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { seedDatabase } from '../../server/db/seed.ts';
import { makeAdmin, makePremium, registerUser, type Session } from './helpers/api.ts';
import { component, openApiDocument, operations, type Schema } from './helpers/openapi.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

/** JSON Schema → fast-check arbitrary: mostly valid values, so requests reach the handlers, not only validation. */
function arbitrary(schema: Schema | undefined, doc: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  const ref = schema.$ref as string | undefined;
  if (ref) return arbitrary(component(ref, doc), doc, depth + 1);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((entry) => arbitrary(entry, doc, depth + 1)));
  // A list of types (a number or null) is each of them in turn.
  if (Array.isArray(schema.type))
    return fc.oneof(
      ...(schema.type as string[]).map((type) => arbitrary({ ...schema, type }, doc, depth + 1)),
    );
  const limit = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  switch (schema.type) {
    case 'string': {
      const minLength = limit(schema.minLength, 0);
      const maxLength = Math.min(limit(schema.maxLength, 40), minLength + 40);
      const text = fc.string({ minLength, maxLength, unit: 'grapheme' });
      if (schema.pattern === '^#[0-9A-Fa-f]{6}$') {
        return fc.oneof(fc.stringMatching(/^#[0-9A-Fa-f]{6}$/), text);
      }
      if (typeof schema.pattern === 'string' && schema.pattern.includes('@'))
        return fc.oneof(fc.emailAddress(), text);
      return text;
    }
    case 'integer':
      return fc.integer({ min: limit(schema.minimum, -1000), max: limit(schema.maximum, 100_000) });
    case 'number':
      return fc.double({ min: limit(schema.minimum, -1e6), max: limit(schema.maximum, 1e6), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      // Short arrays, except where the schema asks for more items (169 values of a chart's classes).
      return fc.array(arbitrary(schema.items as Schema, doc, depth + 1), {
        minLength: limit(schema.minItems, 0),
        maxLength: Math.max(limit(schema.minItems, 0), Math.min(limit(schema.maxItems, 5), 5)),
      });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, arbitrary(value, doc, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: (schema.required as string[] | undefined) ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Sometimes valid, sometimes garbage of any JSON shape. */
const valueFor = (schema: Schema | undefined, doc: Schema) =>
  fc.oneof(
    { arbitrary: arbitrary(schema, doc), weight: 4 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  );

describeEachDatabase('every OpenAPI operation survives generated requests (no 5xx)', (kind) => {
  let t: TestApp;
  let doc: Schema;
  let sessions: Array<Session | null>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDatabase(t.app.services.db);
    const free = await registerUser(t.app);
    const premium = await registerUser(t.app);
    await makePremium(t.app, premium);
    const admin = await registerUser(t.app);
    await makeAdmin(t.app, admin);
    sessions = [null, free, premium, admin];
    doc = await openApiDocument(t.app);
    // Give ids something to hit: a few categories owned by the premium user.
    for (const name of ['a', 'b', 'c']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/categories',
        headers: { authorization: `Bearer ${premium.token}` },
        payload: { name, kind: 'folder', root_type: 'preflop_root' },
      });
    }
  });
  afterAll(async () => t.close());

  it('covers the documented API', () => {
    const paths = Object.keys(doc.paths as object);
    expect(paths.length).toBeGreaterThan(40);
  });

  it('answers every generated request below 500', async () => {
    let requests = 0;
    for (const [path, method, operation] of operations(doc)) {
      const parameters = operation.parameters ?? [];
      const pathParams = parameters.filter((parameter) => parameter.in === 'path');
      const queryParams = parameters.filter((parameter) => parameter.in === 'query');
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const request = fc.record({
        session: fc.constantFrom(...sessions),
        path: fc.record(
          Object.fromEntries(
            pathParams.map((parameter) => [
              parameter.name,
              fc.oneof(
                fc.integer({ min: 1, max: 20 }),
                fc.string({ maxLength: 12 }),
                fc.constant('99999999999'),
              ),
            ]),
          ),
        ),
        query: fc.record(
          Object.fromEntries(
            queryParams.map((parameter) => [parameter.name, valueFor(parameter.schema, doc)]),
          ),
          { requiredKeys: [] },
        ),
        body: valueFor(bodySchema, doc),
      });
      await fc.assert(
        fc.asyncProperty(request, async (input) => {
          const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeURIComponent(String((input.path as Record<string, unknown>)[name])),
          );
          const query = Object.fromEntries(
            Object.entries(input.query).map(([key, value]) => [
              key,
              typeof value === 'string' ? value : JSON.stringify(value),
            ]),
          );
          const response = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            query,
            headers: input.session ? { authorization: `Bearer ${input.session.token}` } : {},
            ...(method === 'get' || method === 'delete' ? {} : { payload: input.body as object }),
          });
          requests += 1;
          if (response.statusCode >= 500) {
            throw new Error(`${method.toUpperCase()} ${url} → ${response.statusCode} ${response.body}`);
          }
          const body = response.headers['content-type']?.includes('json') ? response.json() : null;
          if (body && response.statusCode >= 400) expect(typeof body.error).toBe('string');
        }),
        { numRuns: 30, seed: 20261122 },
      );
    }
    expect(requests).toBeGreaterThan(500);
  }, 240_000);
});
