import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The repository root (vitest runs there); TypeScript's own sys, as the app's tsconfig has no Node types.
const root = `${ts.sys.getCurrentDirectory()}/`;
const probe = `${root}src/lib/typed-keys-probe.ts`;

/** Type-checks one made-up source file with the app's compiler options and the typed-keys declaration. */
function typeErrors(source: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.app.json`, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error('tsconfig.app.json did not parse');
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => name === probe || ts.sys.fileExists(name);
  host.readFile = (name) => (name === probe ? source : readFile(name));
  host.getSourceFile = (name, language, ...rest) =>
    name === probe ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
  const program = ts.createProgram([probe, `${root}src/lib/i18n-resources.d.ts`], config.options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(probe))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('typed translation keys', () => {
  it('accepts the keys of the en-US files, plural keys by their base name', () => {
    const errors = typeErrors(`
      import i18next from 'i18next';
      export const texts = [
        i18next.t('common:nav.store'),
        i18next.t('ranges:grid.label'),
        i18next.t('common:header.bellCount', { count: 3 }),
      ];
    `);
    expect(errors).toEqual([]);
  }, 60_000);

  it('fails tsc on a key that does not exist', () => {
    const errors = typeErrors(`
      import i18next from 'i18next';
      export const text = i18next.t('common:nav.stroe');
    `);
    expect(errors.join('\n')).toContain('\'"common:nav.stroe"\'');
  }, 60_000);
});
