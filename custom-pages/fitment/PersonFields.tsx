import { useState } from 'react';
import { Alert, Box, Button, InputAdornment } from '@mui/material';
import { required, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { apiCall } from '../../providers/httpClient.ts';
import { fitsRule, mobileDigits, PHONE_INPUT_LENGTH, rules, ruleValidator } from '../../core/rules.ts';

interface Account {
  firstName: string;
  lastName: string;
  email: string | null;
}
type Lookup =
  | { state: 'idle' | 'busy' }
  | { state: 'found'; name: string }
  | { state: 'new' }
  | { state: 'error'; message: string };

/**
 * A person of the form (customer or fitter): a mobile number (the phone rule of core/rules.ts,
 * typed with or without +91 or 0) and a lookup button.
 * A found account fills the name and e-mail and locks them until Edit; a customer lookup refuses
 * anyone who is not a customer.
 */
export function PersonFields({
  prefix,
  roleName,
  isRequired,
}: {
  prefix: 'customer' | 'fitter';
  roleName?: string;
  isRequired: boolean;
}) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const phone = useWatch({ name: `${prefix}.phone` }) as string | undefined;
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [locked, setLocked] = useState(false);
  const required_ = isRequired ? [required()] : [];
  const label = (key: string) => translate(`fitment.fields.${key}`);

  const find = async () => {
    setLookup({ state: 'busy' });
    try {
      const query = new URLSearchParams({ phone: phone!, ...(roleName ? { roleName } : {}) });
      const account = await apiCall<Account>(`/users/lookup?${query}`);
      for (const key of ['firstName', 'lastName', 'email'] as const)
        setValue(`${prefix}.${key}`, account[key] ?? '', { shouldDirty: true, shouldValidate: true });
      setLocked(true);
      setLookup({ state: 'found', name: [account.firstName, account.lastName].filter(Boolean).join(' ') });
    } catch (error) {
      const status = (error as { status?: number }).status;
      setLocked(false);
      if (status === 404) setLookup({ state: 'new' });
      else if (status === 409)
        setLookup({
          state: 'error',
          message: (error as { body?: { message?: string } }).body?.message ?? translate('fitment.notCustomer'),
        });
      else setLookup({ state: 'error', message: translate('fitment.lookupFailed') });
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 0, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', gridColumn: { md: '1 / span 2' } }}>
        <TextInput
          source={`${prefix}.phone`}
          label="fitment.fields.phone"
          validate={[...required_, ruleValidator(rules.phone, label('phone'))]}
          parse={mobileDigits}
          onChange={() => {
            setLookup({ state: 'idle' });
            setLocked(false);
          }}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">+91</InputAdornment> },
            htmlInput: { inputMode: 'tel', maxLength: PHONE_INPUT_LENGTH },
          }}
        />
        <Button
          sx={{ mt: 1.5, whiteSpace: 'nowrap', flexShrink: 0 }}
          variant="outlined"
          disabled={!fitsRule(rules.phone, phone ?? '') || lookup.state === 'busy'}
          onClick={() => void find()}
          aria-label={`${translate('fitment.lookup')} ${translate(`fitment.sections.${prefix}`)}`}
        >
          {translate('fitment.lookup')}
        </Button>
        {locked && (
          <Button sx={{ mt: 1.5 }} onClick={() => setLocked(false)}>
            {translate('fitment.edit')}
          </Button>
        )}
      </Box>
      {lookup.state === 'error' && (
        <Alert severity="error" sx={{ gridColumn: { md: '1 / span 2' }, mb: 1 }}>
          {lookup.message}
        </Alert>
      )}
      {lookup.state === 'new' && (
        <Alert severity="info" sx={{ gridColumn: { md: '1 / span 2' }, mb: 1 }}>
          {translate('fitment.lookupNotFound')}
        </Alert>
      )}
      {lookup.state === 'found' && (
        <Alert severity="success" sx={{ gridColumn: { md: '1 / span 2' }, mb: 1 }}>
          {translate('fitment.lookupFound', { name: lookup.name })}
        </Alert>
      )}
      <TextInput
        source={`${prefix}.firstName`}
        label="fitment.fields.firstName"
        validate={[...required_, ruleValidator(rules.personName, label('firstName'))]}
        readOnly={locked}
      />
      <TextInput
        source={`${prefix}.lastName`}
        label="fitment.fields.lastName"
        validate={[...required_, ruleValidator(rules.personName, label('lastName'))]}
        readOnly={locked}
      />
      <TextInput
        source={`${prefix}.email`}
        label="fitment.fields.email"
        type="email"
        validate={[...required_, ruleValidator(rules.email, label('email'))]}
        readOnly={locked}
      />
    </Box>
  );
}
