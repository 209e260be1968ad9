import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSidewaysScroll, pagePerTest, settled, signInAt, switchToHindi } from './browser.ts';
import english from '../../core/i18n/api-tokens-en.ts';
import hindi from '../../core/i18n/api-tokens-hi.ts';

const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});

const shots = process.env.API_TOKENS_SHOTS;
const shot = async (name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/** What a script holding the token gets from the API. */
const devicesWith = async (token: string) =>
  (await fetch(`${inject('baseUrl')}/api/device`, { headers: { authorization: `Bearer ${token}` } })).status;

const cases = [
  { width: 1440, height: 900, language: 'English', texts: english },
  { width: 390, height: 844, language: 'Hindi', texts: hindi },
  { width: 1440, height: 900, language: 'Hindi', texts: hindi },
  { width: 390, height: 844, language: 'English', texts: english },
] as const;

describe('API tokens screen', () => {
  for (const { width, height, language, texts } of cases) {
    it(`creates a token, shows it once and revokes it, at ${width} px in ${language}`, async () => {
      await page.setViewportSize({ width, height });
      await signInAt(page, '/account/api-tokens', 'dealer@demo.waymark.in');
      if (language === 'Hindi') await switchToHindi(page);
      await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor();
      await expectNoSidewaysScroll(page);

      const name = `ERP ${width} ${language}`;
      await page.getByRole('button', { name: texts.create }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(texts.name).fill(name);
      await dialog.getByRole('button', { name: texts.selectAll }).click();
      await dialog.getByRole('button', { name: texts.create }).click();

      // shown once: the secret, and the warning that it will not be shown again
      const shown = page.getByTestId('new-token');
      await shown.waitFor();
      const secret = await shown.inputValue();
      expect(secret).toMatch(/^wmk_/);
      await page.getByText(texts.shownOnce).waitFor();
      await settled(page);
      await expectNoSidewaysScroll(page);
      expect(await devicesWith(secret)).toBe(200);
      await shot(`shown-once-${width}-${language}`);
      await page.getByRole('button', { name: texts.done }).click();
      await expect.poll(() => page.getByTestId('new-token').count()).toBe(0);

      // the list shows the token by its name and prefix, never its secret, even after a reload
      const card = page.getByRole('article').or(page.getByTestId('api-token')).filter({ hasText: name });
      await card.waitFor();
      expect(await card.innerText()).toContain(texts.status.active);
      expect(await card.innerText()).toContain(texts.never);
      await page.reload();
      await card.waitFor();
      expect(await page.locator('body').innerText()).not.toContain(secret);
      expect(await card.innerText()).toContain(secret.slice(0, 8));

      // revoked: marked so, and the API refuses the token at once
      await card.getByRole('button', { name: texts.revoke }).click();
      await page.getByText(texts.revokeConfirm.replace('%{name}', name)).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: texts.revoke }).click();
      await expect.poll(() => card.innerText()).toContain(texts.status.revoked);
      await expect.poll(() => card.getByRole('button', { name: texts.revoke }).count()).toBe(0);
      await shot(`revoked-${width}-${language}`);
      expect(await devicesWith(secret)).toBe(401);
      await expectNoSidewaysScroll(page);
    });
  }
});
