import { afterAll, beforeAll, expect, it } from 'vitest';

import { seedDatabase } from '../../server/db/seed.ts';
import { makeAdmin, makePremium, registerUser, type Session } from './helpers/api.ts';
import { component, openApiDocument, type Operation, operations, type Schema } from './helpers/openapi.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

/** Example strings for the patterns the contract uses; an unknown pattern fails the suite rather than being skipped. */
const PATTERN_EXAMPLES: Record<string, string> = {
  '^#[0-9A-Fa-f]{6}$': '#1847BE',
  '^[AKQJT98765432][cdhs][AKQJT98765432][cdhs]$': 'AhKh',
  '^(?:10|[AKQJTakqjt98765432])[cdhsCDHS]$': 'Ah',
  '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$': 'someone@example.com',
  '^[A-Za-z0-9_-]{20,100}$': 'a'.repeat(43),
  '^[0-9]{1,19}$': '1',
  '^[0-9]{1,9}(\\.[0-9]{1,2})?$': '1.00',
  '\\S': 'Name',
};

/** Which non-finite value goes where: every spelling a query string or a JSON body can carry. */
const TEXT_VALUES = ['Infinity', '-Infinity', '+Infinity', '1e999', '-1e999', ' Infinity', 'NaN'];
/** Number literals a JSON body can hold that JSON.parse turns into ±Infinity. */
const JSON_LITERALS = ['1e999', '-1e999'];
const MARK = '__non_finite__';

function resolve(schema: Schema, doc: Schema): Schema {
  const ref = schema.$ref as string | undefined;
  return ref ? (component(ref, doc) as Schema) : schema;
}

const isNumeric = (schema: Schema) => schema.type === 'number' || schema.type === 'integer';

/** A valid value of `schema`, with `leaf` put at `path` (a list of property names and array indexes). */
function example(schema: Schema, doc: Schema, path: string[] = [], leaf: unknown = undefined): unknown {
  const resolved = resolve(schema, doc);
  if (path.length === 0 && leaf !== undefined) return leaf;
  const alternatives = (resolved.anyOf ?? resolved.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const chosen = alternatives.find((entry) => resolve(entry, doc).type !== 'null') ?? alternatives[0];
    return example(chosen as Schema, doc, path, leaf);
  }
  if (Array.isArray(resolved.enum)) return resolved.enum[0];
  if ('const' in resolved) return resolved.const;
  switch (resolved.type) {
    case 'string': {
      if (typeof resolved.pattern === 'string') {
        const known = PATTERN_EXAMPLES[resolved.pattern];
        if (known === undefined) throw new Error(`no example for pattern ${resolved.pattern}`);
        return known;
      }
      const longest = Number(resolved.maxLength ?? 4);
      return 'x'.repeat(Math.min(Math.max(Number(resolved.minLength ?? 1), 4), longest));
    }
    case 'integer':
    case 'number':
      return Number(resolved.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array': {
      const count = Math.max(Number(resolved.minItems ?? 0), path.length > 0 ? 1 : 0);
      return Array.from({ length: count }, (_, index) =>
        example(
          resolved.items as Schema,
          doc,
          index === 0 ? path.slice(1) : [],
          index === 0 ? leaf : undefined,
        ),
      );
    }
    case 'object': {
      const properties = (resolved.properties ?? {}) as Record<string, Schema>;
      const required = new Set((resolved.required as string[] | undefined) ?? []);
      const [head] = path;
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) {
        if (key === head) value[key] = example(property, doc, path.slice(1), leaf);
        else if (required.has(key)) value[key] = example(property, doc);
      }
      return value;
    }
    default:
      return null;
  }
}

/** Every path to a number in `schema` (a recursive schema is followed twice). */
function numericPaths(schema: Schema, doc: Schema, seen: string[] = []): string[][] {
  const ref = schema.$ref as string | undefined;
  if (ref && seen.filter((entry) => entry === ref).length >= 2) return [];
  const resolved = resolve(schema, doc);
  const trail = ref ? [...seen, ref] : seen;
  if (isNumeric(resolved)) return [[]];
  const alternatives = (resolved.anyOf ?? resolved.oneOf) as Schema[] | undefined;
  if (alternatives) return alternatives.flatMap((entry) => numericPaths(entry, doc, trail));
  if (resolved.type === 'array')
    return numericPaths(resolved.items as Schema, doc, trail).map((path) => ['0', ...path]);
  if (resolved.type === 'object') {
    const properties = (resolved.properties ?? {}) as Record<string, Schema>;
    return Object.entries(properties).flatMap(([key, property]) =>
      numericPaths(property, doc, trail).map((path) => [key, ...path]),
    );
  }
  return [];
}

interface Case {
  method: string;
  url: string;
  payload?: string;
  what: string;
}

/** One request per numeric parameter or body field and per non-finite spelling, all else valid. */
function casesOf(path: string, method: string, operation: Operation, doc: Schema): Case[] {
  const parameters = operation.parameters ?? [];
  const pathValues = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => [parameter.name, String(example(parameter.schema ?? {}, doc))]),
  );
  const queryValues = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'query' && parameter.required)
      .map((parameter) => [parameter.name, String(example(parameter.schema ?? {}, doc))]),
  );
  const urlOf = (pathOverride: Record<string, string>, queryOverride: Record<string, string>) => {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent({ ...pathValues, ...pathOverride }[name] ?? ''),
    );
    const query = new URLSearchParams({ ...queryValues, ...queryOverride }).toString();
    return query ? `${filled}?${query}` : filled;
  };
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const validBody = bodySchema ? JSON.stringify(example(bodySchema, doc)) : undefined;
  const cases: Case[] = [];
  for (const parameter of parameters) {
    if (!parameter.schema || !isNumeric(resolve(parameter.schema, doc))) continue;
    for (const value of TEXT_VALUES) {
      const url =
        parameter.in === 'path'
          ? urlOf({ [parameter.name]: value }, {})
          : urlOf({}, { [parameter.name]: value });
      cases.push({ method, url, payload: validBody, what: `${parameter.in} ${parameter.name}=${value}` });
    }
  }
  if (bodySchema) {
    for (const fieldPath of numericPaths(bodySchema, doc)) {
      const marked = JSON.stringify(example(bodySchema, doc, fieldPath, MARK));
      const name = fieldPath.join('.');
      for (const value of TEXT_VALUES)
        cases.push({
          method,
          url: urlOf({}, {}),
          payload: marked.replace(`"${MARK}"`, JSON.stringify(value)),
          what: `body ${name}="${value}"`,
        });
      for (const literal of JSON_LITERALS)
        cases.push({
          method,
          url: urlOf({}, {}),
          payload: marked.replace(`"${MARK}"`, literal),
          what: `body ${name}=${literal}`,
        });
    }
  }
  return cases;
}

describeEachDatabase('non-finite numbers are refused at the schema on every route', (kind) => {
  let t: TestApp;
  let doc: Schema;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDatabase(t.app.services.db);
    admin = await registerUser(t.app);
    await makeAdmin(t.app, admin);
    await makePremium(t.app, admin);
    doc = await openApiDocument(t.app);
  });
  afterAll(async () => t.close());

  it('answers 400 naming the number for Infinity, -Infinity, NaN and 1e999 in any parameter or body field', async () => {
    const failures: string[] = [];
    let count = 0;
    const routes = new Set<string>();
    for (const [path, method, operation] of operations(doc)) {
      for (const entry of casesOf(path, method, operation, doc)) {
        const response = await t.app.inject({
          method: entry.method.toUpperCase() as 'GET',
          url: entry.url,
          headers: {
            authorization: `Bearer ${admin.token}`,
            ...(entry.payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(entry.payload === undefined ? {} : { payload: entry.payload }),
        });
        count += 1;
        routes.add(`${method} ${path}`);
        // A validation answer: 400, and a message about the value (the generic one names it "finite").
        const body = response.json() as { error?: string; code?: string };
        const refused =
          response.statusCode === 400 &&
          (body.error?.includes('must be a finite number') ||
            body.error?.includes('must be integer') ||
            body.error?.includes('must be number') ||
            body.code === 'invalidWeight');
        if (!refused)
          failures.push(
            `${method.toUpperCase()} ${path} ${entry.what} → ${response.statusCode} ${response.body}`,
          );
      }
    }
    expect(failures).toEqual([]);
    // The walk reaches the routes the attacks went through, with their every numeric field.
    for (const route of [
      'get /api/shop',
      'get /api/v1/categories/incoming',
      'get /api/v1/users/userprofile/purchases',
      'get /api/v1/admin/manual_payments',
      'post /api/v1/categories/{id}',
      'post /api/v1/admin/settings',
      'post /api/v1/admin/items/{id}',
    ])
      expect(routes).toContain(route);
    expect(count).toBeGreaterThan(400);
  }, 240_000);

  it('keeps a refused value out of the database: the settings page still opens', async () => {
    for (const value of ['"Infinity"', '"-Infinity"', '1e999']) {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/settings',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        payload: `{"referral_percent":${value}}`,
      });
      expect(saved.statusCode, saved.body).toBe(400);
    }
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(settings.statusCode).toBe(200);
    expect(Number.isFinite(settings.json().data.referral_percent)).toBe(true);
  });
});
