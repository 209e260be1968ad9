import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run', ...(process.env.EXTRA? [process.env.EXTRA]:[])] });
const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
await page.goto(process.argv[2]);
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/t.png', timeout: 5000 }).then(()=>console.log('ok')).catch(e => console.log('shot failed', e.message.slice(0,60)));
await browser.close();
