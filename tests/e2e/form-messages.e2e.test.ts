import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pagePerTest, signInAt, switchToHindi } from './browser.ts';

const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});

/** What must never reach the screen: react-admin's encoded validator message, or an untranslated key. */
function leftovers(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.includes('@@') || /(^|\s)(ra|resources|fitment|validation|upload)\.[\w.]+/.test(line));
}

/** Submits the form as it is and returns the field messages it shows, once they include `expected`. */
async function submitEmptyForm(expected: string[]): Promise<string[]> {
  await page.locator('form button[type=submit]').click();
  const messages = () => page.locator('form .MuiFormHelperText-root.Mui-error').allInnerTexts();
  await expect.poll(messages).toEqual(expect.arrayContaining(expected));
  return messages();
}

describe('the fitment form submitted empty', () => {
  it('shows every message translated, in English', async () => {
    await signInAt(page, '/fitment/add', 'dealer@demo.waymark.in');
    const messages = await submitEmptyForm([
      'Upload exactly 2 RC images',
      'Upload 2 to 3 device images',
      'Upload 1 to 2 Aadhaar card images',
      'Upload 1 to 2 PAN card images',
      'State is required',
      'IMEI is required',
      'Required',
    ]);
    expect(messages.filter((m) => m.includes('@@'))).toEqual([]);
    expect(leftovers(await page.locator('body').innerText())).toEqual([]);
  });

  it('shows every message translated, in Hindi', async () => {
    await signInAt(page, '/fitment/add', 'dealer@demo.waymark.in');
    await switchToHindi(page);
    await page.getByRole('heading', { name: 'फ़िटमेंट जोड़ें', level: 1 }).waitFor();
    const messages = await submitEmptyForm([
      'ठीक 2 आरसी चित्र अपलोड करें',
      '2 से 3 डिवाइस चित्र अपलोड करें',
      '1 से 2 आधार कार्ड चित्र अपलोड करें',
      '1 से 2 पैन कार्ड चित्र अपलोड करें',
      'राज्य आवश्यक है',
      'IMEI आवश्यक है',
      'आवश्यक',
    ]);
    expect(messages.filter((m) => m.includes('@@'))).toEqual([]);
    const text = await page.locator('body').innerText();
    expect(leftovers(text)).toEqual([]);
    // nothing of the form is left in English
    expect(text).not.toContain('is required');
  });
});
