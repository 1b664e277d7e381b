import { PACK_MAX_NODES } from '../../../contract/admin.ts';
import { MAX_TREE_DEPTH } from '../../../contract/limits.ts';
import { badRequest } from '../../lib/http-error.ts';

/**
 * Checks the size and depth of an uploaded pack (`{ nodes: [...] }` with `children` below) before the schema does:
 * the schema's recursive validator calls itself once per level, so a pack nested 2,000 deep overflowed the stack and
 * answered 500. This walk uses no recursion and stops at the first level or node too many. Anything that is not a
 * pack's shape is left to the schema. The pack's own folder takes the buyer's first level, so its nodes get one less.
 */
export function checkPackShape(body: unknown): void {
  const nodes = (body as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes)) return;
  const stack = nodes.map((node: unknown) => ({ node, level: 1 }));
  let count = 0;
  while (stack.length > 0) {
    const { node, level } = stack.pop() as { node: unknown; level: number };
    count += 1;
    if (count > PACK_MAX_NODES) throw badRequest('packTooLarge');
    if (level > MAX_TREE_DEPTH - 1) throw badRequest('packTooDeep');
    const children = (node as { children?: unknown } | null)?.children;
    if (Array.isArray(children)) for (const child of children) stack.push({ node: child, level: level + 1 });
  }
}
