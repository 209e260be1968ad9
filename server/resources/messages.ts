import coreEnglish from '../../core/i18n/en.ts';
import { withDeclaredTexts } from '../../resources/messages.ts';
import type { ResourceDeclaration } from '../../resources/define.ts';
import type { Said, SaidValue } from '../http/errors.ts';
import { fieldLabel } from '../../resources/define.ts';

/** The console's English catalogue, with the texts entity declarations carry. */
const en = withDeclaredTexts(coreEnglish, 'en');

function render(key: string, values: Record<string, string | number>): string {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const template = typeof node === 'string' ? node : humanise(key.split('.').pop() ?? key);
  return template.replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * The key behind each English text message() gave, so a JSON Schema's errorMessage (English text,
 * all Ajv takes) goes out with its key too (saidForText). Schemas are built at start-up, before any
 * request; the bound only stops texts with request values (an IMEI) from growing it for ever.
 */
const keyOfText = new Map<string, Said>();
const MAX_KEYED_TEXTS = 20_000;

/** The console's English messages, so the server's validation text matches what the console shows. */
export function message(key: string, values: Record<string, string | number> = {}): string {
  const text = render(key, values);
  if (keyOfText.size < MAX_KEYED_TEXTS && !keyOfText.has(text)) {
    // a label given as text is the message of its own key, when message() made it
    const label = typeof values.label === 'string' ? keyOfText.get(values.label) : undefined;
    keyOfText.set(text, { text, key, values: label ? { ...values, label } : values });
  }
  return text;
}

/** The message with its key that message() rendered as this text, if it did. */
export function saidForText(text: string): Said | undefined {
  return keyOfText.get(text);
}

function humanise(name: string): string {
  const words = name
    .replace(/Id$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A message with its key, for answers the console translates (see Said in server/http/errors.ts). */
export function said(key: string, values: Record<string, SaidValue> = {}): Said {
  const texts = Object.fromEntries(
    Object.entries(values).map(([name, v]) => [name, typeof v === 'object' ? v.text : v]),
  );
  return { text: render(key, texts), key, values };
}

/** A field's label as a message of its own, for a message that names the field. */
export const saidLabel = (resource: ResourceDeclaration, field: string): Said => said(fieldLabel(resource, field));

export function labelOf(resource: ResourceDeclaration, field: string): string {
  return message(fieldLabel(resource, field));
}
