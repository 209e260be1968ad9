import en from '../../core/i18n/en.ts';
import type { ResourceDeclaration } from '../../resources/define.ts';
import type { Said, SaidValue } from '../http/errors.ts';
import { fieldLabel } from '../../resources/define.ts';

/** The console's English messages, so the server's validation text matches what the console shows. */
export function message(key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const template = typeof node === 'string' ? node : humanise(key.split('.').pop() ?? key);
  return template.replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

function humanise(name: string): string {
  const words = name.replace(/Id$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A message with its key, for answers the console translates (see Said in server/http/errors.ts). */
export function said(key: string, values: Record<string, SaidValue> = {}): Said {
  const texts = Object.fromEntries(Object.entries(values).map(([name, v]) => [name, typeof v === 'object' ? v.text : v]));
  return { text: message(key, texts), key, values };
}

/** A field's label as a message of its own, for a message that names the field. */
export const saidLabel = (resource: ResourceDeclaration, field: string): Said => said(fieldLabel(resource, field));

export function labelOf(resource: ResourceDeclaration, field: string): string {
  return message(fieldLabel(resource, field));
}
