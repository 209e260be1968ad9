import type { Config } from './config.ts';
import type { GeneratedAdmin } from './seed/first-start.ts';

/** Lines in a box of `+`, `-` and `|`, every line as wide, so that it stands out of the log lines around it. */
export function box(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const bar = `+${'-'.repeat(width)}+`;
  return [bar, ...lines.map((l) => `| ${l.padEnd(width - 1)}|`), bar].join('\n');
}

/** The generated password in a box, printed last at start-up so it is the first thing seen. */
export function generatedPasswordBox(admin: GeneratedAdmin, file: string): string {
  return box([
    'SUPER_ADMIN account created',
    `e-mail:   ${admin.email}`,
    `password: ${admin.password}`,
    `(also in ${file}; delete it once noted)`,
  ]);
}

/** The warning while the test payment provider is on: anyone can renew any device they can look up, for free. */
export function testPaymentsBox(): string {
  return box([
    'WARNING: test payments are on (WAYMARK_TEST_PAYMENTS=1)',
    "Anyone who knows a vehicle's registration number and IMEI can renew",
    'its subscription for free (POST /api/public/renewal/orders/{ref}/test-payment).',
    'Use it for tests and private demos only; unset it on a server others can reach.',
  ]);
}

/**
 * The boxes start-up prints after the log, outside it: the warnings first, then a generated
 * password, last so that it is the first thing seen.
 */
export function startUpNotices(
  config: Pick<Config, 'testPayments'>,
  admin?: { generated: GeneratedAdmin; file: string },
): string[] {
  return [
    ...(config.testPayments ? [testPaymentsBox()] : []),
    ...(admin ? [generatedPasswordBox(admin.generated, admin.file)] : []),
  ];
}
