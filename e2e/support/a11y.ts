import axe from 'axe-core';
import { expect, type Locator, type Page } from '@playwright/test';

/** axe as the page holds it once its source has run there. */
type AxeCore = typeof axe;

/** WCAG 2.0 and 2.1, levels A and AA: what the issue asks the screens to meet. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const failingImpacts = ['serious', 'critical'];

/** What the page sends back of one serious or critical violation: a few of its places. */
interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; failureSummary: string }[];
  count: number;
}

/** A few places are enough to find the cause; the same badge on fifty cards repeats itself. */
const shownNodes = 3;

/** One violation as a few readable lines: rule, impact, what is wrong and where. */
function describe(violation: Violation): string {
  const nodes = violation.nodes.map((node) => `    at ${node.target}\n      ${node.failureSummary.replace(/\s+/g, ' ').trim()}`);
  const more = violation.count > shownNodes ? `\n    …and ${violation.count - shownNodes} more` : '';
  return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join('\n')}${more}`;
}

/**
 * Runs axe on the page as it is now and fails, listing each one, if there is any serious or
 * critical WCAG 2.1 A/AA violation. Wait for the screen's content before calling it: axe checks
 * what is rendered, and a loading placeholder passes trivially.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const found = await findSeriousA11yViolations(page);
  expect(found.length, `${label}: ${found.length} serious or critical accessibility violation(s)\n${found.join('\n')}`).toBe(0);
}

/**
 * The rules of WCAG 2.1 A/AA whose outcome depends on colours: all that can differ between the
 * light and the dark scheme of one screen (its elements, names and roles are the same in both).
 */
export const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * The serious and critical WCAG 2.1 A/AA violations on the page as it is now, each described in a
 * few lines; `rules` limits the check to those rules (by default, every rule of the tags).
 */
export async function findSeriousA11yViolations(page: Page, rules?: string[]): Promise<string[]> {
  // Let transitions (menus fading in, colour scheme switching) settle so contrast is measured on
  // the final colours (endless ones, such as a loader's spin, are left running).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // axe is put into the document once (the app changes screens without loading a new document)
  // and runs there, sending back only the serious violations: @axe-core/playwright injected its
  // 550 KB at every check and ended each in a new blank page, which took twice the time.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ tags, rules, impacts, shown }) => {
      const { axe } = window as unknown as { axe: AxeCore };
      const results = await axe.run(document, {
        runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations
        .filter((v) => impacts.includes(v.impact ?? ''))
        .map((v) => ({
          id: v.id,
          impact: v.impact ?? '',
          help: v.help,
          count: v.nodes.length,
          nodes: v.nodes.slice(0, shown).map((node) => ({
            target: node.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' > '),
            failureSummary: node.failureSummary ?? '',
          })),
        }));
    },
    { tags: wcagTags, rules, impacts: failingImpacts, shown: shownNodes },
  );
  return violations.map(describe);
}

/**
 * Whether the focused element shows a focus indicator: an outline, or a box-shadow ring, on it
 * (or, for a visually hidden input such as a radio card's, on its nearest visible ancestor); a
 * text field may show it as Mantine's do, by its border turning the accent colour.
 */
export async function focusIsVisible(page: Page): Promise<{ visible: boolean; element: string }> {
  // The focus styles may fade in (a border-colour transition): measure them once they have.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return { visible: false, element: 'body' };
    const name = `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''}[${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40)}]`;
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const accent = getComputedStyle(probe).color;
    probe.remove();
    const shows = (el: Element) => {
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      const field = el.matches('input, textarea') && style.borderTopStyle !== 'none' && style.borderTopColor === accent;
      return outline || shadow || field;
    };
    let el: Element | null = active;
    // A hidden native input (Mantine's radio cards, switches, checkboxes) draws its ring on a
    // sibling or ancestor: look up a few levels.
    for (let depth = 0; el && depth < 4; depth += 1, el = el.parentElement) {
      if (shows(el)) return { visible: true, element: name };
      if (depth === 0 && el.nextElementSibling && shows(el.nextElementSibling)) return { visible: true, element: name };
    }
    const style = getComputedStyle(active);
    return {
      visible: false,
      element: `${name} (outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow}, border ${style.borderTopColor}; accent ${accent})`,
    };
  });
}

/** Asserts the focused element has a visible focus indicator. */
export async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  const { visible, element } = await focusIsVisible(page);
  expect(visible, `${what}: the focused element ${element} has no visible focus indicator`).toBe(true);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, asserting that every focus stop on the
 * way shows a visible focus indicator; fails after `max` presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  what: string,
  { max = 80, backwards = false }: { max?: number; backwards?: boolean } = {},
) {
  await expect(target, `${what}: there is nothing to tab to`).toBeVisible();
  for (let i = 1; i <= max; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null);
    if (focused) await expectVisibleFocus(page, `${what} (tab stop ${i})`);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${what}: not reached with ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}
