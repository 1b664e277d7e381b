// Where a server's time went, read from a V8 .cpuprofile (node:inspector's Profiler, or `node --cpu-prof`): the
// functions the samples landed in (self time), and the share of the samples that ran under each part of a request
// (a hook, serialisation, SQL), found by walking every sample's stack up from the leaf. Samples are of the main
// thread's wall time: on a loaded machine a socket write that hands the CPU to the load generator counts in full.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Entry {
  name: string;
  ms: number;
  share: number;
}

/** A frame's place for a reader: `pkg/file.js:line` under node_modules, `server/...:line` in our code. */
function where(frame: CallFrame): string {
  if (!frame.url) return '';
  const url = frame.url.replace(/^file:\/\//, '');
  const modules = url.lastIndexOf('/node_modules/');
  const short =
    modules >= 0
      ? url.slice(modules + '/node_modules/'.length)
      : (/\/(server|contract|tests)\/.*/.exec(url)?.[0].slice(1) ?? url);
  return `${short}:${frame.lineNumber + 1}`;
}

/**
 * The parts of a request, innermost first: a sample counts for the first part any frame of its stack (leaf to root)
 * belongs to, so SQL run by the session hook counts as SQL and the hook's own JavaScript as the hook.
 */
const PARTS: Array<[string, RegExp]> = [
  ['SQL: better-sqlite3 / pg', /node_modules\/(better-sqlite3|pg|pg-protocol|pg-pool)\//],
  ['SQL: kysely (query building, driver)', /node_modules\/kysely\//],
  ['compression', /node_modules\/@fastify\/compress\/|node:zlib|zlib/],
  [
    'serialisation (fast-json-stringify)',
    /node_modules\/fast-json-stringify\/|\/serializer|anonymous.*stringify/,
  ],
  ['validation (ajv)', /node_modules\/(ajv|@fastify\/ajv-compiler)\//],
  ['helmet', /node_modules\/(@fastify\/helmet|helmet)\//],
  ['rate limit and counters', /node_modules\/@fastify\/rate-limit\/|server\/(plugins\/limits|lib\/counters)/],
  ['session lookup (auth hook)', /server\/(plugins\/auth|modules\/auth\/sessions)/],
  [
    'request id and metrics hooks',
    /server\/(lib\/request-context|plugins\/observability)|node_modules\/prom-client\//,
  ],
  ['logging (pino)', /node_modules\/(pino|pino-std-serializers|sonic-boom)\//],
  ['store caching and reads', /server\/modules\/shop\/|server\/routes\/api\/shop/],
  ['library reads', /server\/modules\/categories\//],
  ['static files', /node_modules\/(@fastify\/static|@fastify\/send)\//],
  ['fastify core (routing, hooks, reply)', /node_modules\/(fastify|find-my-way|light-my-request|avvio)\//],
  ['node http and sockets', /node:(_http|http|net|stream|internal\/streams)/],
];

/** Self time by function, and the share of samples under each part (PARTS), of one profile. */
export function summarise(
  profile: CpuProfile,
  top = 15,
): { functions: Entry[]; parts: Entry[]; total: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const parts = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const leaf = byId.get(id);
    if (!leaf) return;
    const name = leaf.callFrame.functionName || '(anonymous)';
    // Waiting for work, and the profiler's own call that starts and stops the recording.
    if (name === '(idle)' || leaf.callFrame.url === 'node:inspector') return;
    total += ms;
    const key = `${name} ${where(leaf.callFrame)}`.trim();
    self.set(key, (self.get(key) ?? 0) + ms);
    let part = name.startsWith('(') ? name : 'other';
    for (let node: ProfileNode | undefined = leaf; node; node = byId.get(parent.get(node.id) ?? -1)) {
      const text = `${node.callFrame.url} ${node.callFrame.functionName}`;
      const found = PARTS.find(([, pattern]) => pattern.test(text));
      if (found) {
        part = found[0];
        break;
      }
    }
    parts.set(part, (parts.get(part) ?? 0) + ms);
  });
  const entries = (map: Map<string, number>) =>
    [...map]
      .map(([entry, ms]) => ({ name: entry, ms, share: total > 0 ? ms / total : 0 }))
      .sort((a, b) => b.ms - a.ms);
  return { functions: entries(self).slice(0, top), parts: entries(parts), total };
}

/** The summary as printed lines. */
export function formatSummary(title: string, profile: CpuProfile, top = 15): string {
  const { functions, parts, total } = summarise(profile, top);
  const line = (entry: Entry) =>
    `  ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.ms.toFixed(0).padStart(6)} ms  ${entry.name}`;
  return [
    `${title}: ${total.toFixed(0)} ms sampled on the server's main thread (idle left out)`,
    ' by part of the request (innermost part on the stack):',
    ...parts.map(line),
    ` top ${top} functions by self time:`,
    ...functions.map(line),
  ].join('\n');
}
