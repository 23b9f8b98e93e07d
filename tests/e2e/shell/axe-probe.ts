// axe-core run on what is on screen now, with the WCAG 2.0/2.1 A and AA rules, reduced to what
// the accessibility guard fails on (serious and critical violations) as readable lines: the rule,
// where it was, how many nodes and the first node's selector, so a failure says what to fix.
import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

export interface Finding {
  /** lang, theme and route or dialog */
  where: string;
  rule: string;
  impact: string;
  nodes: number;
  /** the first node's CSS selector */
  target: string;
}

/** The serious and critical violations on the page (or inside `within`, a selector). */
export async function axeFindings(page: Page, where: string, within?: string): Promise<Finding[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (within) builder = builder.include(within);
  const { violations } = await builder.analyze();
  // AXE_NODES=<file>: every failing node as a JSON line (colours and ratio for contrast), for fixing
  const dump = process.env.AXE_NODES;
  if (dump)
    for (const v of violations.filter((x) => FAILING.has(x.impact ?? '')))
      for (const n of v.nodes) {
        const d = (n.any[0]?.data ?? {}) as Record<string, unknown>;
        appendFileSync(
          dump,
          JSON.stringify({
            where,
            rule: v.id,
            target: n.target.join(' '),
            html: n.html.slice(0, 160),
            fg: d.fgColor,
            bg: d.bgColor,
            ratio: d.contrastRatio,
            need: d.expectedContrastRatio,
          }) + '\n',
        );
      }
  return violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => ({ where, rule: v.id, impact: v.impact!, nodes: v.nodes.length, target: String(v.nodes[0]?.target.join(' ') ?? '') }));
}

export const line = (f: Finding): string => `${f.where}: ${f.rule} (${f.impact}, ${f.nodes} nodes) at ${f.target}`;

/** Pages with a finding and nodes per rule: the figures docs/accessibility.md records. */
export function summary(findings: readonly Finding[]): string {
  const pages = new Set(findings.map((f) => f.where));
  const perRule = new Map<string, { pages: number; nodes: number }>();
  for (const f of findings) {
    const r = perRule.get(f.rule) ?? { pages: 0, nodes: 0 };
    perRule.set(f.rule, { pages: r.pages + 1, nodes: r.nodes + f.nodes });
  }
  const rows = [...perRule].sort((a, b) => b[1].pages - a[1].pages).map(([rule, r]) => `  ${rule}: ${r.pages} pages, ${r.nodes} nodes`);
  return [`${pages.size} pages with serious or critical violations`, ...rows].join('\n');
}
