import { useState } from 'react';
import { Alert } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

export interface FormCallResult {
  ok: boolean;
  message: string;
}

/** The message of a failed call: the server's own, else the given fallback key. */
export function errorMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: { message?: string } })?.body;
  if (body?.message) return body.message;
  const message = (error as { message?: string })?.message;
  return message && !/^HTTP Error|Failed to fetch/i.test(message) ? message : fallback;
}

/**
 * Submitting a form to the server, the one way: busy while it runs (the form says so on its submit
 * button); the answer's message shown on the form, and a success's as a toast as well (the form
 * may leave the page); a failure's message (the error's, or the fallback) on the form alone, so the
 * user reads it once, unless `failureToast` (a form whose spec asks for both); then onSuccess with the answer.
 */
export function useFormCall<T extends { message?: string } | void>(
  call: (values: Record<string, unknown>) => Promise<T>,
  {
    fallback = 'auth.somethingWrong',
    failureToast = false,
    onSuccess,
  }: { fallback?: string; failureToast?: boolean; onSuccess?: (answer: T) => void } = {},
) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<FormCallResult | null>(null);

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await call(values);
      const message = answer?.message;
      if (message) {
        setResult({ ok: true, message });
        notify(message, { type: 'success' });
      }
      onSuccess?.(answer);
    } catch (failure) {
      const message = errorMessage(failure, fallback);
      setResult({ ok: false, message });
      if (failureToast) notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy, result };
}

/** The outcome on the form itself: the form-level submit error, or the success message. */
export function FormCallMessage({ result }: { result: FormCallResult | null }) {
  const translate = useTranslate();
  if (!result) return null;
  return (
    <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
      {translate(result.message, { _: result.message })}
    </Alert>
  );
}
