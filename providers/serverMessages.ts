import type { TranslateFunction } from 'react-admin';

/** A keyed message as the server sends it (server/http/errors.ts): values that are messages are keys again. */
interface KeyOnWire {
  key: string;
  values?: Record<string, string | number | KeyOnWire>;
}

/** What of an answer the server may have said in words: its message and its field errors, with their keys. */
export interface SaidOnWire {
  message?: string;
  messageKey?: string;
  messageValues?: KeyOnWire['values'];
  errors?: Record<string, string>;
  errorKeys?: Record<string, KeyOnWire>;
}

const isKey = (value: unknown): value is KeyOnWire =>
  typeof value === 'object' && value !== null && typeof (value as KeyOnWire).key === 'string';

function render(translate: TranslateFunction, said: KeyOnWire, english: string | undefined): string {
  const values = Object.fromEntries(
    Object.entries(said.values ?? {}).map(([name, v]) => [name, isKey(v) ? render(translate, v, undefined) : v]),
  );
  // a key this console does not know (a newer server) keeps the server's English
  return translate(said.key, { ...values, _: english ?? said.key });
}

/**
 * The server's words in the user's language: a message or field error that came with its key is
 * translated from the console's catalogues; one without a key stays as the server wrote it.
 */
export function localise<T>(body: T, translate: TranslateFunction): T {
  if (!body || typeof body !== 'object') return body;
  const said = body as SaidOnWire;
  if (!said.messageKey && !said.errorKeys) return body;
  const errors =
    said.errors &&
    Object.fromEntries(
      Object.entries(said.errors).map(([field, text]) => {
        const key = said.errorKeys?.[field];
        return [field, key ? render(translate, key, text) : text];
      }),
    );
  return {
    ...body,
    ...(said.messageKey
      ? { message: render(translate, { key: said.messageKey, values: said.messageValues }, said.message) }
      : {}),
    ...(errors ? { errors } : {}),
  };
}
