import coreEnglish from '../../core/i18n/en.ts';
import coreHindi from '../../core/i18n/hi.ts';
import { withDeclaredTexts } from '../../resources/messages.ts';
import type { ResourceDeclaration } from '../../resources/define.ts';
import type { Said, SaidValue } from '../http/errors.ts';
import { fieldLabel } from '../../resources/define.ts';

/** The languages of the catalogues (core/i18n). */
export type Language = 'en' | 'hi';
/** The console's catalogues, with the texts entity declarations carry. */
const CATALOGUES: Record<Language, unknown> = {
  en: withDeclaredTexts(coreEnglish, 'en'),
  hi: withDeclaredTexts(coreHindi, 'hi'),
};

function render(key: string, values: Record<string, string | number>, language: Language = 'en'): string {
  let node: unknown = CATALOGUES[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string' && language !== 'en') return render(key, values);
  const text = typeof node === 'string' ? node : humanise(key.split('.').pop() ?? key);
  // a plural text (polyglot's 'one |||| many') by its smart_count, as the console picks it
  const forms = text.split('||||').map((form) => form.trim());
  const template =
    forms.length > 1 && values.smart_count !== undefined ? forms[values.smart_count === 1 ? 0 : 1]! : text;
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

/** A catalogue message as text in one language, for words that leave by e-mail or SMS (the outbox). */
export const textIn = (language: Language, key: string, values: Record<string, string | number> = {}): string =>
  render(key, values, language);

/**
 * The language an Accept-Language header prefers among the catalogues' (a browser sends its
 * user's), English when it names neither.
 */
export function preferredLanguage(acceptLanguage: string | undefined): Language {
  let best: { language: Language; q: number } = { language: 'en', q: 0 };
  for (const part of (acceptLanguage ?? '').slice(0, 500).split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const language = tag.split('-')[0];
    if (language !== 'en' && language !== 'hi') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > best.q) best = { language, q };
  }
  return best.language;
}
