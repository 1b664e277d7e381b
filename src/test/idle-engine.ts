// Stands in for '@/engine/engine-instance' in component tests that never reach the engine:
// `vi.mock('@/engine/engine-instance', () => import('@/test/idle-engine'))`. It keeps jsdom from starting workers
// (the equity panel's engine status waits for a warm-up that never ends) and the preflop table from downloading.
const idle = { state: 'idle' } as const;

const idleTable = {
  load: () => new Promise<Uint8Array>(() => undefined),
  state: () => idle,
  subscribe: () => () => undefined,
};

export const getEngineClient = () => ({ warm: () => new Promise<string>(() => undefined) });
export const getPreflopTable = () => idleTable;
