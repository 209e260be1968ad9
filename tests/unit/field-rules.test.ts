import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import {
  mobileDigits,
  normalise,
  normalisePhone,
  ruleSchema,
  ruleValidator,
  rules,
  type Rule,
  type RuleName,
} from '../../core/rules.ts';
import { normaliseUsername } from '../../core/username.ts';
import { type Field } from '../../resources/define.ts';
import { textRule } from '../../resources/text-rule.ts';
import { resources } from '../../resources/modules.ts';
import { AJV_OPTIONS } from '../../server/app.ts';
import { message } from '../../server/resources/messages.ts';
import { fieldSchema } from '../../server/resources/validation.ts';

/** Ajv as the server builds it for a JSON body: the app's options (no type coercion), with ajv-errors. */
const ajv = new Ajv({ useDefaults: true, ...AJV_OPTIONS.customOptions });
ajvErrors(ajv);

const LABEL = 'Field';
const long = (n: number, c = 'a') => c.repeat(n);

/** Each rule's values: those the form and the server must both take, and those both must refuse. */
const table: Record<RuleName, { good: string[]; bad: string[] }> = {
  phone: {
    good: [
      '9876543210',
      '98765 43210',
      '98765-43210',
      '+91 98765 43210',
      '+919876543210',
      '919876543210',
      '09876543210',
      '0091 98765 43210',
      '(+91) 6000000000',
      '7000000000',
    ],
    bad: [
      '12345',
      '5876543210',
      '0987654321',
      '+91 09876 54321',
      '+92 98765 43210',
      '98765432101',
      '98765abcde',
      '+91',
      long(300, '9'),
    ],
  },
  email: {
    good: ['priya@example.in', ' Priya.Singh@Example.COM ', 'a@b.co', `${long(240)}@example.in`],
    bad: ['priya', 'priya@example', 'pri ya@example.in', '@example.in', 'priya@@example.in', `${long(250)}@example.in`],
  },
  password: {
    good: ['Secret-pass-1', 'abcdefg1', ' spaced 1 ', long(254) + '1'],
    bad: ['short1', 'abcdefgh', '12345678', `${long(255)}1`],
  },
  imei: {
    good: ['868347075550001', '8683 4707 5550 001', '86834-70755-50001'],
    bad: ['86834707555000', '8683470755500012', '86834707555000A', 'IMEI868347075550'],
  },
  iccid: {
    good: ['8991000000000000001', '89910000000000000012', '8991 0000 0000 0000 001'],
    bad: ['899100000000000000', '899100000000000000123', '8991000000000000A01'],
  },
  msisdn: {
    good: ['5754000001', '575400000112345', '57540 00001'],
    bad: ['12', '575400000', '5754000001123456', '+915754000001'],
  },
  registrationNumber: {
    good: ['MH12AB1234', 'mh-12 ab 1234', '22BH1234AA', 'UP78'],
    bad: ['MH1', 'MH12AB1234567', 'MH12@B1234', 'UP 78 ÄB'],
  },
  gst: {
    good: ['27AAPFU0939F1ZV', '27aapfu0939f1zv', '27 AAPFU 0939 F1ZV'],
    bad: ['27AAPFU0939F1AV', '27AAPFU0939F1Z', 'AAAPFU0939F1ZV1', '27AAPFU0939F1ZVX'],
  },
  pin: {
    good: ['208001', '208 001'],
    bad: ['20800', '2080011', 'ABCDEF', '20800I'],
  },
  rtoCode: {
    good: ['UP78', 'dl1c', 'MH 1', 'KA-999'],
    bad: ['U78', 'UP7812', 'UP_78', 'UPP78'],
  },
  personName: {
    good: ['Priya', 'सीमा', "D'Souza", long(100), `  ${long(100)}  `],
    bad: [long(101), `${long(50)} ${long(50)}`],
  },
};

/** The server's verdict on a typed value: normalised as its routes do before validating, then the derived schema. */
function server(rule: Rule, value: string, nullable = false): string | undefined {
  const validate = ajv.compile(ruleSchema(rule, LABEL, message, { nullable }));
  const body = { value: normalise(rule, value) };
  if (validate(body.value)) return undefined;
  return validate.errors?.[0]?.message ?? 'refused';
}

/** The form's verdict on the same typed value, in the words it would show (the English catalogue). */
function form(rule: Rule, value: string): string | undefined {
  const error = ruleValidator(rule, LABEL)(value);
  return error && message(error.message, error.args);
}

describe.each(Object.keys(table) as RuleName[])('the %s rule', (name) => {
  const rule: Rule = rules[name];

  it.each(table[name].good)('form and server both take %j', (value) => {
    expect(form(rule, value)).toBeUndefined();
    expect(server(rule, value)).toBeUndefined();
  });

  it.each(table[name].bad)('form and server both refuse %j, with the same message', (value) => {
    const said = form(rule, value);
    expect(said).toBeDefined();
    expect(server(rule, value)).toBe(said);
    expect(said).not.toMatch(/^[\w.]+$/);
  });

  // the password's own minimum holds for empty text too: a password is never optional
  it.runIf(!('minLength' in rule))(
    'leaves empty text to the field: optional on both sides when nullable, "required" on the server otherwise',
    () => {
      expect(form(rule, '')).toBeUndefined();
      expect(server(rule, '', true)).toBeUndefined();
      expect(server(rule, '')).toBe(message('validation.required', { label: LABEL }));
    },
  );

  it("names message keys both catalogues hold (the i18n test checks the catalogues' coverage)", () => {
    expect(message(rule.message, { label: LABEL })).not.toBe(rule.message.split('.').pop());
  });
});

describe('normalisation', () => {
  it('brings every way of typing an Indian mobile number to +91 and its ten digits', () => {
    for (const typed of [
      '98765 43210',
      '98765-43210',
      '+91 98765 43210',
      '+91-98765-43210',
      '919876543210',
      '09876543210',
      '0091 98765 43210',
      ' 9876543210 ',
      '(+91) 98765.43210',
    ]) {
      expect(normalisePhone(typed)).toBe('+919876543210');
    }
    // what cannot be a mobile number is left for the rule to refuse, not silently changed into one
    expect(normalisePhone('12345')).toBe('12345');
    expect(normalisePhone('+92 98765 43210')).toBe('+929876543210');
  });

  it('upper-cases and closes up registration numbers, GST numbers and RTO codes; lower-cases e-mails', () => {
    expect(normalise(rules.registrationNumber, 'mh-12 ab 1234')).toBe('MH12AB1234');
    expect(normalise(rules.gst, '27 aapfu 0939 f1zv')).toBe('27AAPFU0939F1ZV');
    expect(normalise(rules.rtoCode, 'up-78')).toBe('UP78');
    expect(normalise(rules.email, ' Priya@Example.IN ')).toBe('priya@example.in');
    expect(normalise(rules.imei, '8683 4707 5550 001')).toBe('868347075550001');
    expect(normalise(rules.password, ' as typed 1 ')).toBe(' as typed 1 ');
  });

  it('keeps at most ten digits in an input shown after +91, a pasted prefix dropped (the fitment and SIM order forms)', () => {
    for (const typed of ['9876543210', '+91 98765 43210', '0091 98765 43210', '09876543210', '98765-43210'])
      expect(mobileDigits(typed)).toBe('9876543210');
    expect(mobileDigits('98765000081234')).toBe('9876500008');
    expect(mobileDigits('9198765432')).toBe('9198765432');
    expect(mobileDigits('98a76')).toBe('9876');
  });

  it('signs in with a phone number typed any of those ways', () => {
    for (const typed of ['9876543210', '+91 98765 43210', '09876543210'])
      expect(normaliseUsername(typed)).toBe('+919876543210');
    expect(normaliseUsername('Priya@Example.com')).toBe('priya@example.com');
  });
});

describe('the declarations', () => {
  const textFields = (
    fields: Record<string, Field>,
  ): [string, Field & { type: 'text' | 'email' | 'phone' | 'password' }][] =>
    Object.entries(fields).flatMap(([name, field]) => {
      if (field.type === 'object') return textFields(field.fields);
      if (field.type === 'array' && field.item) return textFields(field.item);
      return field.type === 'text' || field.type === 'email' || field.type === 'phone' || field.type === 'password'
        ? [[name, field] as [string, typeof field]]
        : [];
    });
  const all = resources.flatMap((resource) =>
    textFields(resource.fields).map(([name, field]) => [`${resource.name}.${name}`, field] as const),
  );

  it.each(all)(
    "%s: the server's schema is the one derived from the field's rule, the rule the form checks",
    (_, field) => {
      for (const nullable of [true, false])
        expect(fieldSchema(LABEL, field, nullable)).toEqual(ruleSchema(textRule(field), LABEL, message, { nullable }));
    },
  );

  it('name the shared rules instead of writing their patterns again', () => {
    const shared = new Set<string | undefined>(
      Object.values(rules)
        .map((rule) => ('pattern' in rule ? rule.pattern : undefined))
        .filter(Boolean),
    );
    const copies = all
      .filter(([, field]) => 'pattern' in field && field.pattern && shared.has(field.pattern))
      .map(([name]) => name);
    expect(copies).toEqual([]);
  });
});
