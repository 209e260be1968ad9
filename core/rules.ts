/**
 * Field rules, each written once as data: what a value must look like (pattern, lengths), how a
 * typed value is brought to its stored form first (the normaliser), and the i18n key of the
 * message when it does not fit. The server's JSON Schemas (ruleSchema) and the console's form
 * validators (ruleValidator) are both derived from these, so the form accepts exactly what the
 * server does. docs/decisions.md ("Field rules") records the choices.
 */

/** How a typed value becomes its stored form before it is checked. */
export type Normaliser =
  /** trimmed; an Indian mobile number as +91 and ten digits, however it was typed */
  | 'phone'
  /** trimmed and lower-cased (e-mail addresses) */
  | 'lower'
  /** upper-cased, spaces and dashes dropped (registration numbers, GST, RTO codes) */
  | 'upper'
  /** spaces and dashes dropped (IMEI, ICCID, SIM numbers, PIN codes typed in groups) */
  | 'compact'
  /** trimmed */
  | 'trim'
  /** kept exactly as typed (passwords) */
  | 'none';

export interface Rule {
  /** A regular expression source the normalised value must match. */
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  normalise: Normaliser;
  /** i18n key of the message when the value does not match; its values: label. */
  message: string;
  /**
   * i18n key of the message when the value is too short or too long; by default the rule's
   * message when it has a pattern (an IMEI of 16 digits is "IMEI must be 15 digits"), else
   * validation.minLength / validation.maxLength (values: label, min, max).
   */
  lengthMessage?: string;
}

/** The rules the declarations, the routes and the forms name. */
export const rules = {
  /** An Indian mobile number: ten digits starting 6 to 9, kept with +91 (spec: "phone numbers stored with +91 prefix"). */
  phone: { pattern: '^\\+91[6-9]\\d{9}$', normalise: 'phone', message: 'validation.mobile' },
  email: {
    pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    maxLength: 255,
    normalise: 'lower',
    message: 'validation.email',
    lengthMessage: 'validation.maxLength',
  },
  /** At least 8 characters with a letter and a digit; at most 255 (argon2 hashes any length, a form need not). */
  password: {
    pattern: '^(?=[\\s\\S]*[A-Za-z])(?=[\\s\\S]*\\d)',
    minLength: 8,
    maxLength: 255,
    normalise: 'none',
    message: 'auth.passwordRuleFailed',
  },
  imei: { pattern: '^\\d{15}$', normalise: 'compact', message: 'resources.device.imeiPattern' },
  iccid: { pattern: '^\\d{19,20}$', normalise: 'compact', message: 'resources.device.iccidPattern' },
  /** A SIM's number (MSISDN): M2M numbers run to 13 digits, some operators' to 15. */
  msisdn: { pattern: '^\\d{10,15}$', normalise: 'compact', message: 'resources.device.simPattern' },
  /** A vehicle registration number as the RTO writes it without spaces: MH12AB1234, 22BH1234AA. */
  registrationNumber: {
    pattern: '^[A-Z0-9]{4,12}$',
    normalise: 'upper',
    message: 'resources.vehicle.registrationPattern',
  },
  gst: {
    pattern: '^\\d{2}[A-Z]{5}\\d{4}[A-Z][A-Z\\d]Z[A-Z\\d]$',
    normalise: 'upper',
    message: 'resources.organisation.gstPattern',
  },
  pin: { pattern: '^\\d{6}$', normalise: 'compact', message: 'resources.organisation.pinPattern' },
  /** An RTO's code within its state: UP78, DL1C. */
  rtoCode: { pattern: '^[A-Z]{2}\\d{1,3}[A-Z]?$', normalise: 'upper', message: 'resources.rto.codePattern' },
  /** A person's first or last name. */
  personName: { maxLength: 100, normalise: 'trim', message: 'validation.invalid' },
} as const satisfies Record<string, Rule>;

export type RuleName = keyof typeof rules;

/** Room in a phone input for the number as people paste it: `0091 98765 43210`. */
export const PHONE_INPUT_LENGTH = 16;

/**
 * What an input shown after a +91 prefix keeps of typed or pasted text: at most ten digits (the
 * spec's fitment and SIM order forms), a pasted +91, 0091 or 0 in front of them dropped.
 */
export function mobileDigits(text: string): string {
  const phone = normalisePhone(text);
  return /^\+91\d{10}$/.test(phone) ? phone.slice(3) : text.replace(/\D/g, '').slice(0, 10);
}

/** The stored form of a typed value; a value that cannot be brought to it comes back (compacted) for the pattern to refuse. */
export function normaliseWith(normaliser: Normaliser, value: string): string {
  switch (normaliser) {
    case 'none':
      return value;
    case 'trim':
      return value.trim();
    case 'lower':
      return value.trim().toLowerCase();
    case 'upper':
      return value.toUpperCase().replace(/[\s-]/g, '');
    case 'compact':
      return value.replace(/[\s-]/g, '');
    case 'phone':
      return normalisePhone(value);
  }
}

/**
 * An Indian mobile number as +91 and its ten digits. Typed as `98765 43210`, `98765-43210`,
 * `+91 98765 43210`, `91 9876543210`, `0091 98765 43210` or `09876543210` (the trunk prefix), it
 * becomes `+919876543210`; anything else comes back without its spaces, dashes, dots and
 * brackets, for the phone rule to refuse.
 */
export function normalisePhone(value: string): string {
  const compact = value.trim().replace(/[\s\-.()]/g, '');
  const match = /^(?:\+91|0091|91|0)?(\d{10})$/.exec(compact);
  return match ? `+91${match[1]}` : compact;
}

export const normalise = (rule: Rule, value: string) => normaliseWith(rule.normalise, value);

/** The key of a too-short or too-long value's message: the rule's own, its pattern's, or the general one. */
const lengthMessage = (rule: Rule, general: 'validation.minLength' | 'validation.maxLength') =>
  rule.lengthMessage ?? (rule.pattern ? rule.message : general);

/** A message key and its values, as react-admin validators return them and the catalogues hold them. */
export interface RuleMessage {
  message: string;
  args: Record<string, string | number>;
}

/**
 * Why a value breaks the rule (after normalisation), or undefined when it fits. Empty text is not
 * judged here: whether a value is required is the field's business, not the rule's.
 */
export function ruleError(rule: Rule, value: string, label: string): RuleMessage | undefined {
  const text = normalise(rule, value);
  if (text === '') return undefined;
  const min = rule.minLength ?? 0;
  const max = rule.maxLength ?? 255;
  const length = (key: 'validation.minLength' | 'validation.maxLength') => ({
    message: lengthMessage(rule, key),
    args: { label, min, max },
  });
  // the order of Ajv's keywords, so the form names the same fault the server does
  if (text.length > max) return length('validation.maxLength');
  if (text.length < min) return length('validation.minLength');
  if (rule.pattern && !new RegExp(rule.pattern, 'u').test(text)) return { message: rule.message, args: { label } };
  return undefined;
}

/** Whether a typed value, once normalised, is a non-empty value that follows the rule. */
export const fitsRule = (rule: Rule, value: string) => normalise(rule, value) !== '' && !ruleError(rule, value, '');

/** Turns a message key and its values into text: the server's English catalogue, or a test's stand-in. */
export type Say = (key: string, values: Record<string, string | number>) => string;

/**
 * The JSON Schema (Ajv, with ajv-errors) of a text field following the rule, as the server checks
 * it after normalising the body: `nullable` lets null and empty text through (an optional field).
 */
export function ruleSchema(
  rule: Rule,
  label: string,
  say: Say,
  options: { nullable?: boolean } = {},
): Record<string, unknown> {
  const min = rule.minLength ?? (options.nullable ? 0 : 1);
  const max = rule.maxLength ?? 255;
  const values = { label, min, max };
  return {
    type: options.nullable ? ['string', 'null'] : 'string',
    minLength: min,
    maxLength: max,
    ...(rule.pattern ? { pattern: options.nullable ? `^$|${wrap(rule.pattern)}` : rule.pattern } : {}),
    errorMessage: {
      type: say('validation.invalid', values),
      minLength: say(rule.minLength ? lengthMessage(rule, 'validation.minLength') : 'validation.required', values),
      maxLength: say(lengthMessage(rule, 'validation.maxLength'), values),
      ...(rule.pattern ? { pattern: say(rule.message, values) } : {}),
    },
  };
}

/** A pattern as one alternative of a larger one. */
const wrap = (pattern: string) => `(?:${pattern})`;

/**
 * The react-admin validator of the rule: a message key with its values, which the form
 * translates, or undefined. `label` is the field's label as the form shows it.
 */
export function ruleValidator(rule: Rule, label: string) {
  return (value: unknown): RuleMessage | undefined =>
    typeof value === 'string' ? ruleError(rule, value, label) : undefined;
}

/**
 * Brings the named properties of a request's body or query to their rules' stored form, in place,
 * before its schema judges them (a route's preValidation); empty text becomes null where `nullable`.
 */
export function normaliseProperties(
  target: unknown,
  fields: Record<string, Rule>,
  options: { nullable?: boolean } = {},
): void {
  if (!target || typeof target !== 'object' || Array.isArray(target)) return;
  const values = target as Record<string, unknown>;
  for (const [name, rule] of Object.entries(fields)) {
    if (typeof values[name] !== 'string') continue;
    const text = normalise(rule, values[name] as string);
    values[name] = text === '' && options.nullable ? null : text;
  }
}
