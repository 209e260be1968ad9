import { Link as MuiLink, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface CodeValue {
  code?: string;
  recoveryCode?: string;
}

/**
 * The second factor as typed: the app's 6-digit code, or (after "Use a recovery code") one of the
 * recovery codes. `value` holds the one in use, so the form posts it as the server reads it.
 */
export function CodeField({
  value,
  onChange,
  allowRecovery = true,
}: {
  value: CodeValue;
  onChange: (value: CodeValue) => void;
  allowRecovery?: boolean;
}) {
  const translate = useTranslate();
  const recovery = value.recoveryCode !== undefined;
  return (
    <Stack spacing={1}>
      {recovery ? (
        <TextField
          name="recoveryCode"
          label={translate('auth.totp.recoveryCode')}
          autoComplete="off"
          autoFocus
          fullWidth
          value={value.recoveryCode}
          onChange={(e) => onChange({ recoveryCode: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
      ) : (
        <TextField
          name="code"
          label={translate('auth.totp.code')}
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          value={value.code ?? ''}
          onChange={(e) => onChange({ code: e.target.value.replace(/\D/g, '').slice(0, 6) })}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
        />
      )}
      {allowRecovery && (
        <MuiLink
          component="button"
          type="button"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => onChange(recovery ? { code: '' } : { recoveryCode: '' })}
        >
          {translate(recovery ? 'auth.totp.useApp' : 'auth.totp.useRecovery')}
        </MuiLink>
      )}
    </Stack>
  );
}

/** Whether the form holds something worth sending. */
export const hasCode = (value: CodeValue) => Boolean(value.code?.length === 6 || value.recoveryCode?.trim());
