import type { FastifyServerOptions } from 'fastify';

// Why every validator is wrapped: Ajv's type coercion (coerceTypes, which query strings and multipart fields need)
// turns the strings "Infinity", "-Infinity" and "1e999" into the numbers ±Infinity, and its range keywords
// (minimum, maximum) are skipped for numbers that are not finite. So `?page=Infinity`, `"weight": "-Infinity"` or
// `"referral_percent": "Infinity"` passed every schema and reached SQL and the services: 500s, a chart cell over 100%,
// a setting that broke its page. A JSON number that overflows (1e999) is refused by Ajv itself, but only where it is
// not coerced. Checking the validated value once, after coercion, covers every route and every part of a request
// (params, query, headers, body) whatever its schema says, so no schema can forget it.

type OnCreate = NonNullable<NonNullable<FastifyServerOptions['ajv']>['onCreate']>;
type AjvInstance = Parameters<OnCreate>[0];
type Validate = ReturnType<AjvInstance['compile']>;

/** An Ajv error as Fastify passes it to the error handler (plugins/errors.ts). */
interface NonFiniteIssue {
  keyword: 'type';
  instancePath: string;
  schemaPath: string;
  params: { type: 'number' };
  message: string;
}

/**
 * The JSON pointer of a number that is not finite in `value` (objects and arrays walked, without recursion: a value
 * nested thousands deep cannot overflow the stack), else null.
 */
export function nonFinitePath(value: unknown): string | null {
  const stack: Array<{ item: unknown; path: string }> = [{ item: value, path: '' }];
  while (stack.length > 0) {
    const { item, path } = stack.pop() as { item: unknown; path: string };
    if (typeof item === 'number') {
      if (!Number.isFinite(item)) return path || '/';
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const entries = Array.isArray(item) ? [...item.entries()] : Object.entries(item);
    for (const [key, child] of entries.reverse())
      stack.push({ item: child, path: `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}` });
  }
  return null;
}

/** The validator `validate`, failing also when the value it accepted (and coerced) holds a non-finite number. */
function finiteOnly(validate: Validate): Validate {
  const wrapped = function (this: unknown, data: unknown, context?: unknown) {
    const valid: unknown = (validate as (...args: unknown[]) => unknown).call(this, data, context);
    if (valid !== true) {
      wrapped.errors = validate.errors;
      return valid;
    }
    // A coerced root value (a whole part) is written to its parent, not to `data`.
    const where = context as
      { parentData?: Record<string, unknown>; parentDataProperty?: string } | undefined;
    const value =
      where?.parentData && where.parentDataProperty !== undefined
        ? where.parentData[where.parentDataProperty]
        : data;
    const path = nonFinitePath(value);
    if (path === null) {
      wrapped.errors = null;
      return true;
    }
    const issue: NonFiniteIssue = {
      keyword: 'type',
      instancePath: path === '/' ? '' : path,
      schemaPath: '#/type',
      params: { type: 'number' },
      message: 'must be a finite number',
    };
    wrapped.errors = [issue] as Validate['errors'];
    return false;
  } as Validate;
  // Fastify passes the parent (so Ajv can coerce a whole part) only to validators that carry schemaEnv.
  return Object.assign(wrapped, {
    schema: validate.schema,
    schemaEnv: validate.schemaEnv,
    errors: null,
  }) as Validate;
}

/** Fastify's `ajv.onCreate`: every validator compiled on the instance refuses Infinity, -Infinity and NaN. */
export const refuseNonFiniteNumbers: OnCreate = (ajv) => {
  const compile = ajv.compile.bind(ajv);
  ajv.compile = ((schema: Parameters<typeof compile>[0], meta?: boolean) =>
    finiteOnly(compile(schema, meta))) as typeof ajv.compile;
};
