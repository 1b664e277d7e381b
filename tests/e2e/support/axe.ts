// axe-core from npm (pinned in package.json), injected into the page under test: nothing is downloaded.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's explanation for the first element (colours and ratio for contrast). */
  summary: string;
}

/** Runs axe on the page (or inside `selector`) and returns the serious and critical violations, readable. */
export async function seriousViolations(page: Page, selector?: string): Promise<AxeFinding[]> {
  // Colours are measured as drawn: a button still fading in from its disabled opacity would read as low contrast.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  // Evaluated through the DevTools protocol rather than added as an inline <script>: the app's CSP (rightly)
  // refuses inline scripts, and the browser suite fails on every CSP violation.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (context) => {
    type Result = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[]; failureSummary?: string }[];
      }[];
    };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<Result> } })
      .axe;
    const result = await axe.run(context ?? document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
        summary: violation.nodes[0]?.failureSummary ?? '',
      }));
  }, selector);
}
